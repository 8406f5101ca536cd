#!/usr/bin/env python3
"""The sheets bench's 200-character roster drawn again with ReportLab, for
issue 55's comparison of size and time on the same pages.

The bench (with WAYBOOK_BENCH_OUT=DIR) keeps every page's drawing
operations as DIR/pages.json; this draws exactly those texts, boxes, lines
and circles with ReportLab's canvas in the same fonts (DejaVu Sans and Noto
Sans Symbols, embedded as subsets, streams compressed), writes
DIR/reportlab.pdf, and prints its size and the median time of five runs.

    python3 reportlab_replay.py DIR FONTS_DIR
"""

import json
import os
import statistics
import sys
import time

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

A4 = (595.2756, 841.8898)
FACES = {"F0": "DejaVuSans.ttf", "F1": "NotoSansSymbols-Regular.ttf"}


def grey(op):
    """The grey level of a colour operation (printpdf's Greyscale)."""
    return op["data"]["col"]["data"]["percent"]


def draw(pages, out):
    c = canvas.Canvas(out, pagesize=A4, pageCompression=1)
    for ops in pages:
        font, size, at = "F0", 10.0, (0.0, 0.0)
        for op in ops:
            kind, data = op["type"], op.get("data")
            if kind == "set-fill-color":
                c.setFillGray(grey(op))
            elif kind == "set-outline-color":
                c.setStrokeGray(grey(op))
            elif kind == "set-outline-thickness":
                c.setLineWidth(data["pt"])
            elif kind == "set-font":
                font, size = data["font"]["data"], data["size"]
            elif kind == "set-text-matrix":
                at = tuple(data["matrix"]["translate"])
            elif kind == "show-text":
                c.setFont(font, size)
                text = "".join(i for i in data["items"] if isinstance(i, str))
                c.drawString(at[0], at[1], text)
            elif kind == "draw-rectangle":
                r = data["rectangle"]
                mode = r.get("mode") or "stroke"
                c.rect(
                    r["x"], r["y"], r["width"], r["height"],
                    stroke=int(mode in ("stroke", "fill-stroke")),
                    fill=int(mode in ("fill", "fill-stroke")),
                )
            elif kind == "draw-line":
                (a, b) = data["line"]["points"]
                c.line(a["p"]["x"], a["p"]["y"], b["p"]["x"], b["p"]["y"])
            elif kind == "draw-polygon":
                points = data["polygon"]["rings"][0]["points"]
                path = c.beginPath()
                path.moveTo(points[0]["p"]["x"], points[0]["p"]["y"])
                i = 1
                while i < len(points):
                    if points[i]["bezier"] and i + 2 < len(points):
                        xs = [points[i + k]["p"] for k in range(3)]
                        path.curveTo(*(v for p in xs for v in (p["x"], p["y"])))
                        i += 3
                    else:
                        path.lineTo(points[i]["p"]["x"], points[i]["p"]["y"])
                        i += 1
                path.close()
                c.drawPath(path, stroke=1, fill=1)
        c.showPage()
    c.save()


def main():
    out_dir, fonts = sys.argv[1], sys.argv[2]
    for name, file in FACES.items():
        pdfmetrics.registerFont(TTFont(name, os.path.join(fonts, file)))
    with open(os.path.join(out_dir, "pages.json")) as f:
        pages = json.load(f)
    out = os.path.join(out_dir, "reportlab.pdf")
    times = []
    for _ in range(5):
        start = time.perf_counter()
        draw(pages, out)
        times.append((time.perf_counter() - start) * 1000)
    size = os.path.getsize(out)
    print(f"ReportLab: {len(pages)} pages, {size} bytes, median {statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
