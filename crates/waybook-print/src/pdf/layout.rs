//! A small page layout engine over printpdf's drawing operations: a cursor
//! that moves down the page, text measured with the embedded font's real
//! advances, word wrapping, boxes and rules, and page breaks that repeat the
//! sheet's heading. Every mark it draws is also recorded as a rectangle, so
//! tests can prove nothing is drawn outside the printable area.

use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfFontHandle, Point,
    Polygon, PolygonRing, Pt, Rect, TextItem, WindingOrder,
};
use std::collections::BTreeSet;

/// Paper sizes, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "US Letter",
        }
    }
}

impl std::str::FromStr for Paper {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            other => Err(format!("unknown paper size “{other}” (a4 or letter)")),
        }
    }
}

/// 15 mm: inside what every home printer can reach.
pub const MARGIN_MM: f32 = 15.0;

pub fn mm(value: f32) -> f32 {
    Mm(value).into_pt().0
}

/// One embedded font and its size in font units.
struct Face {
    font: ParsedFont,
    units_per_em: f32,
}

impl Face {
    fn new(font: ParsedFont) -> Self {
        let units_per_em = f32::from(font.units_per_em.max(1));
        Self { font, units_per_em }
    }

    fn glyph(&self, c: char) -> Option<u16> {
        self.font.lookup_glyph_index(c as u32).filter(|g| *g != 0)
    }
}

/// The embedded fonts (the text font, and a symbol font for the rule texts'
/// 🜉 and 🜹 that no text font has) and how wide text set in them is.
pub struct Metrics {
    faces: [Face; 2],
}

/// Which face sets a character: 0 the text font, 1 the symbol font.
pub type FaceIndex = usize;

impl Metrics {
    pub fn new(text: ParsedFont, symbols: ParsedFont) -> Self {
        Self {
            faces: [Face::new(text), Face::new(symbols)],
        }
    }

    pub fn fonts(&self) -> [&ParsedFont; 2] {
        [&self.faces[0].font, &self.faces[1].font]
    }

    fn face_for(&self, c: char) -> FaceIndex {
        usize::from(self.faces[0].glyph(c).is_none() && self.faces[1].glyph(c).is_some())
    }

    /// `text` cut into runs that one face sets.
    pub fn runs(&self, text: &str) -> Vec<(FaceIndex, String)> {
        let mut runs: Vec<(FaceIndex, String)> = Vec::new();
        for c in text.chars() {
            let face = self.face_for(c);
            match runs.last_mut() {
                Some((f, run)) if *f == face => run.push(c),
                _ => runs.push((face, c.to_string())),
            }
        }
        runs
    }

    /// Width of `text` at `size` points, from the fonts' own advances.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| {
                let face = &self.faces[self.face_for(c)];
                let glyph = face.glyph(c).unwrap_or(0);
                f32::from(face.font.get_glyph_width(glyph).unwrap_or(0)) * size / face.units_per_em
            })
            .sum()
    }

    /// Splits `text` into lines no wider than `width`, breaking at spaces
    /// (never at a no-break space) and, for a word longer than a line,
    /// inside the word. Keeps the text's own line breaks.
    pub fn wrap(&self, text: &str, size: f32, width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for paragraph in text.lines() {
            let mut line = String::new();
            for word in paragraph.split([' ', '\t']).filter(|w| !w.is_empty()) {
                let candidate = if line.is_empty() {
                    word.to_owned()
                } else {
                    format!("{line} {word}")
                };
                if self.width(&candidate, size) <= width {
                    line = candidate;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                for c in word.chars() {
                    line.push(c);
                    if self.width(&line, size) > width {
                        line.pop();
                        lines.push(std::mem::replace(&mut line, c.to_string()));
                    }
                }
            }
            lines.push(line);
        }
        if lines.is_empty() {
            lines.push(String::new());
        }
        lines
    }

    /// `text` set to fit `width`, never cut: at `size` when it fits, else
    /// shrunk to stay on one line, and wrapped at `least` points when even
    /// that size is too wide. Returns the size and the lines.
    pub fn set(&self, text: &str, size: f32, least: f32, width: f32) -> (f32, Vec<String>) {
        let wide = self.width(text, size);
        if wide <= width {
            return (size, self.wrap(text, size, width));
        }
        // Width grows with the size in proportion; a hair under, so the
        // shrunk text is never a rounding error too wide.
        let shrunk = size * width / wide * 0.999;
        if shrunk >= least {
            (shrunk, self.wrap(text, shrunk, width))
        } else {
            (least, self.wrap(text, least, width))
        }
    }
}

/// One page's drawing operations and the rectangles of what it draws.
#[derive(Debug, Default)]
pub struct Page {
    pub ops: Vec<Op>,
    /// (x, y, width, height) in points from the bottom-left corner.
    pub marks: Vec<[f32; 4]>,
    /// What the page's graphics state holds after its last operation.
    pen: Pen,
}

/// The greys, line width and font a page's graphics state holds, so an
/// operation that would set one to what it already is is left out: a page
/// of a hundred boxes sets its outline once, not a hundred times.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Pen {
    fill: Option<f32>,
    outline: Option<f32>,
    thickness: Option<f32>,
    /// The face (by index) and size.
    font: Option<(usize, f32)>,
}

impl Page {
    fn fill(&mut self, grey: f32) {
        if self.pen.fill != Some(grey) {
            self.pen.fill = Some(grey);
            self.ops.push(Op::SetFillColor {
                col: grey_colour(grey),
            });
        }
    }

    fn outline(&mut self, grey: f32, thickness: f32) {
        if self.pen.outline != Some(grey) {
            self.pen.outline = Some(grey);
            self.ops.push(Op::SetOutlineColor {
                col: grey_colour(grey),
            });
        }
        if self.pen.thickness != Some(thickness) {
            self.pen.thickness = Some(thickness);
            self.ops.push(Op::SetOutlineThickness { pt: Pt(thickness) });
        }
    }

    fn font(&mut self, (face, id): (usize, &FontId), size: f32) {
        if self.pen.font != Some((face, size)) {
            self.pen.font = Some((face, size));
            self.ops.push(Op::SetFont {
                font: PdfFontHandle::External(id.clone()),
                size: Pt(size),
            });
        }
    }
}

/// The names the faces go by on every page ("F0", "F1").
pub fn font_ids() -> [FontId; 2] {
    [0, 1].map(|face| FontId(format!("F{face}")))
}

/// A coordinate to the hundredth of a point (a 280th of a millimetre):
/// finer than any printer, and two digits a number in the page's stream.
fn at(v: f32) -> Pt {
    Pt((v * 100.0).round() / 100.0)
}

pub const INK: f32 = 0.0;
pub const SOFT: f32 = 0.35;
pub const FAINT: f32 = 0.6;
pub const FILL: f32 = 0.82;
pub const BAND: f32 = 0.92;

/// The cursor over a document's pages.
pub struct Layout<'m> {
    pub metrics: &'m Metrics,
    fonts: [FontId; 2],
    /// The characters each face has set, for the fonts' subsets.
    pub set: [BTreeSet<char>; 2],
    pub width: f32,
    pub height: f32,
    pub margin: f32,
    pub pages: Vec<Page>,
    /// Top of the free space on the current page, in points from the bottom.
    pub y: f32,
    heading: String,
    /// The page being drawn on.
    current: usize,
}

impl<'m> Layout<'m> {
    pub fn new(metrics: &'m Metrics, paper: Paper) -> Self {
        let (w, h) = paper.size_mm();
        Self {
            metrics,
            fonts: font_ids(),
            set: Default::default(),
            width: mm(w),
            height: mm(h),
            margin: mm(MARGIN_MM),
            pages: Vec::new(),
            y: 0.0,
            heading: String::new(),
            current: 0,
        }
    }

    pub fn left(&self) -> f32 {
        self.margin
    }

    pub fn content_width(&self) -> f32 {
        self.width - 2.0 * self.margin
    }

    fn bottom(&self) -> f32 {
        // Room for the footer line.
        self.margin + 14.0
    }

    /// Points left below the cursor on this page.
    pub fn room(&self) -> f32 {
        self.y - self.bottom()
    }

    /// The most a block can take on an empty continuation page.
    pub fn page_room(&self) -> f32 {
        self.height - 2.0 * self.margin - self.continued().0 - 14.0
    }

    /// A continuation page's heading: its height, its size and its lines
    /// (a long sheet name set smaller, or wrapped, never cut).
    fn continued(&self) -> (f32, f32, Vec<String>) {
        let heading = format!("{} (continued)", self.heading);
        let (size, lines) = self.metrics.set(&heading, 11.0, 8.0, self.content_width());
        let height = (lines.len() as f32 - 1.0) * (size + 2.0) + 26.0;
        (height, size, lines)
    }

    /// Starts a sheet on a fresh page; continuation pages repeat `heading`.
    pub fn start_sheet(&mut self, heading: &str) {
        self.heading = heading.to_owned();
        self.new_page();
    }

    fn new_page(&mut self) {
        self.pages.push(Page::default());
        self.current = self.pages.len() - 1;
        self.y = self.height - self.margin;
    }

    /// Makes sure `height` points fit below the cursor, breaking the page if not.
    pub fn need(&mut self, height: f32) {
        if self.y - height < self.bottom() {
            self.new_page();
            let (height, size, lines) = self.continued();
            let top = self.y;
            for (i, line) in lines.iter().enumerate() {
                let y = top - 11.0 - i as f32 * (size + 2.0);
                self.text(self.left(), y, size, line, SOFT);
            }
            self.rule(top - height + 10.0, 0.5, FAINT);
            self.y -= height;
        }
    }

    fn page(&mut self) -> &mut Page {
        if self.pages.is_empty() {
            self.new_page();
        }
        &mut self.pages[self.current]
    }

    /// Text with its baseline at `y`, each run in the face that has its glyphs.
    pub fn text(&mut self, x: f32, y: f32, size: f32, text: &str, grey: f32) {
        if text.is_empty() {
            return;
        }
        let width = self.metrics.width(text, size);
        let metrics = self.metrics;
        self.page();
        let (fonts, page) = (&self.fonts, &mut self.pages[self.current]);
        page.ops.push(Op::StartTextSection);
        page.fill(grey);
        let mut run_x = x;
        for (face, run) in metrics.runs(text) {
            self.set[face].extend(run.chars());
            page.font((face, &fonts[face]), size);
            let advance = metrics.width(&run, size);
            page.ops.extend([
                Op::SetTextMatrix {
                    matrix: printpdf::TextMatrix::Translate(at(run_x), at(y)),
                },
                Op::ShowText {
                    items: vec![TextItem::Text(run)],
                },
            ]);
            run_x += advance;
        }
        page.ops.push(Op::EndTextSection);
        page.marks.push([x, y - size * 0.25, width, size]);
    }

    /// Text centred on `x`.
    pub fn text_centred(&mut self, x: f32, y: f32, size: f32, text: &str, grey: f32) {
        let width = self.metrics.width(text, size);
        self.text(x - width / 2.0, y, size, text, grey);
    }

    /// A rectangle, outlined and/or filled with a grey.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Option<f32>, stroke: bool) {
        let mode = match (fill, stroke) {
            (Some(_), true) => PaintMode::FillStroke,
            (Some(_), false) => PaintMode::Fill,
            _ => PaintMode::Stroke,
        };
        let page = self.page();
        page.marks.push([x, y, w, h]);
        if let Some(grey) = fill {
            page.fill(grey);
        }
        if stroke {
            page.outline(INK, 0.7);
        }
        page.ops.push(Op::DrawRectangle {
            rectangle: Rect {
                x: at(x),
                y: at(y),
                width: at(w),
                height: at(h),
                mode: Some(mode),
                winding_order: Some(WindingOrder::NonZero),
            },
        });
    }

    /// A circle (four Bézier arcs), outlined, filled grey when `filled`.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, filled: bool) {
        // The control points' distance for a quarter circle.
        let k = r * 0.552_284_8;
        let point = |x: f32, y: f32, bezier: bool| LinePoint {
            p: Point {
                x: at(cx + x),
                y: at(cy + y),
            },
            bezier,
        };
        let mut points = vec![point(r, 0.0, false)];
        for [(c1x, c1y), (c2x, c2y), (ex, ey)] in [
            [(r, k), (k, r), (0.0, r)],
            [(-k, r), (-r, k), (-r, 0.0)],
            [(-r, -k), (-k, -r), (0.0, -r)],
            [(k, -r), (r, -k), (r, 0.0)],
        ] {
            points.extend([
                point(c1x, c1y, true),
                point(c2x, c2y, true),
                point(ex, ey, false),
            ]);
        }
        let page = self.page();
        page.marks.push([cx - r, cy - r, 2.0 * r, 2.0 * r]);
        page.fill(if filled { SOFT } else { 1.0 });
        page.outline(INK, 0.7);
        page.ops.push(Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing { points }],
                mode: PaintMode::FillStroke,
                winding_order: WindingOrder::NonZero,
            },
        });
    }

    /// A horizontal rule across the content width at `y`.
    pub fn rule(&mut self, y: f32, thickness: f32, grey: f32) {
        let (x1, x2) = (self.left(), self.width - self.margin);
        self.line(x1, y, x2, y, thickness, grey);
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, thickness: f32, grey: f32) {
        let page = self.page();
        page.marks
            .push([x1.min(x2), y1.min(y2), (x2 - x1).abs(), (y2 - y1).abs()]);
        let point = |x: f32, y: f32| LinePoint {
            p: Point { x: at(x), y: at(y) },
            bezier: false,
        };
        page.outline(grey, thickness);
        page.ops.push(Op::DrawLine {
            line: Line {
                points: vec![point(x1, y1), point(x2, y2)],
                is_closed: false,
            },
        });
    }

    /// Numbers every page "page k of n" with `footer` beside it.
    pub fn footers(&mut self, footer: &str) {
        let count = self.pages.len();
        let y = self.margin;
        for index in 0..count {
            let number = format!("page {} of {count}", index + 1);
            let right = self.width - self.margin - self.metrics.width(&number, 8.0);
            // A long campaign name is set smaller, then on lines above the
            // last, inside the room the page keeps for its footer.
            let (size, lines) = self
                .metrics
                .set(footer, 8.0, 5.0, right - self.left() - 12.0);
            self.current = index;
            for (i, line) in lines.iter().rev().enumerate() {
                let line_y = y + i as f32 * (size + 1.0);
                self.text(self.left(), line_y, size, line, FAINT);
            }
            self.text(right, y, 8.0, &number, FAINT);
        }
    }
}

fn grey_colour(level: f32) -> Color {
    Color::Greyscale(Greyscale {
        percent: level,
        icc_profile: None,
    })
}
