//! The building blocks of a sheet, drawn at the layout's cursor: titles,
//! section bands, stat boxes, tick-box tracks, pips, wrapped text, lists with
//! room to write, and tables that continue across pages with their header.

use super::layout::{BAND, FAINT, FILL, INK, Layout, SOFT};

const LABEL: f32 = 7.5;
/// The smallest size a label too wide for its place is set at before it
/// wraps instead: still read at arm's length.
const LEAST: f32 = 6.0;
/// The body text size, in points.
pub const BODY: f32 = 9.5;

pub fn title(l: &mut Layout<'_>, name: &str, subtitle: &str) {
    let width = l.content_width();
    let lines = l.metrics.wrap(name, 20.0, width);
    l.need(24.0 * lines.len() as f32 + 20.0);
    for line in &lines {
        l.text(l.left(), l.y - 20.0, 20.0, line, INK);
        l.y -= 24.0;
    }
    // Wrapped, not cut: a long subtitle (a chronicle's span) is read whole.
    let lines = l.metrics.wrap(subtitle, BODY, width);
    l.need(12.0 * lines.len() as f32 + 6.0);
    for line in &lines {
        l.text(l.left(), l.y - 8.0, BODY, line, SOFT);
        l.y -= 12.0;
    }
    l.y -= 6.0;
}

/// A grey band with the section's title; keeps `min_body` points with it.
pub fn section(l: &mut Layout<'_>, title: &str, min_body: f32) {
    l.need(22.0 + min_body);
    l.y -= 6.0;
    let (x, w) = (l.left(), l.content_width());
    l.rect(x, l.y - 16.0, w, 16.0, Some(BAND), false);
    l.text(x + 5.0, l.y - 11.5, 10.5, title, INK);
    l.y -= 22.0;
}

/// A row of labelled boxes (stats, target numbers), wrapping onto new rows.
/// A value or label too wide for its box is set smaller, then wrapped.
pub fn boxes(l: &mut Layout<'_>, items: &[(String, String)]) {
    const W: f32 = 52.0;
    const H: f32 = 26.0;
    const GAP: f32 = 4.5;
    let per_row = ((l.content_width() + GAP) / (W + GAP)).floor().max(1.0) as usize;
    for row in items.chunks(per_row) {
        let set: Vec<_> = (row.iter())
            .map(|(label, value)| {
                (
                    l.metrics.set(label, LABEL, LEAST, W),
                    l.metrics.set(value, 14.0, 8.0, W - 4.0),
                )
            })
            .collect();
        let label_lines = (set.iter().map(|((_, lines), _)| lines.len()))
            .max()
            .unwrap_or(1) as f32;
        let height = H + label_lines * (LABEL + 1.0) + 7.0;
        l.need(height);
        for (i, ((label_size, label), (size, value))) in set.iter().enumerate() {
            let x = l.left() + i as f32 * (W + GAP);
            l.rect(x, l.y - H, W, H, None, true);
            // The value's lines centred in the box.
            let first =
                l.y - H / 2.0 + (value.len() as f32 - 1.0) * (size + 1.0) / 2.0 - size * 0.35;
            for (k, part) in value.iter().enumerate() {
                let y = first - k as f32 * (size + 1.0);
                l.text_centred(x + W / 2.0, y, *size, part, INK);
            }
            for (k, part) in label.iter().enumerate() {
                let y = l.y - H - LABEL - 1.0 - k as f32 * (LABEL + 1.0);
                l.text_centred(x + W / 2.0, y, *label_size, part, SOFT);
            }
        }
        l.y -= height;
    }
}

/// A label and a track of tick boxes: the first `current` filled, the rest
/// empty to tick in pencil. A very long track prints "__ / max" instead.
pub fn track(l: &mut Layout<'_>, label: &str, current: Option<i64>, max: i64) {
    const SIZE: f32 = 10.0;
    const GAP: f32 = 3.0;
    let max = max.max(0);
    let text = match current {
        Some(c) => format!("{label}  {c}/{max}"),
        None => format!("{label}  __/{max}"),
    };
    // The boxes start after the label, however long it is (92 pt at least,
    // so the short tracks line up).
    let label_w = (l.metrics.width(&text, BODY) + 8.0)
        .max(92.0)
        .min(l.content_width() / 2.0);
    let room = l.content_width() - label_w;
    let per_row = ((room + GAP) / (SIZE + GAP)).floor().max(1.0) as i64;
    if max > per_row * 3 {
        l.need(SIZE + 6.0);
        l.text(l.left(), l.y - SIZE + 1.0, BODY, &text, INK);
        l.y -= SIZE + 6.0;
        return;
    }
    let rows = ((max + per_row - 1) / per_row).max(1);
    // A label wider than half the page wraps beside its boxes.
    let label = l.metrics.wrap(&text, BODY, label_w - 4.0);
    let height = (rows as f32 * (SIZE + GAP)).max(label.len() as f32 * (BODY + 3.0));
    l.need(height + 4.0);
    for (i, part) in label.iter().enumerate() {
        let y = l.y - SIZE + 1.0 - i as f32 * (BODY + 3.0);
        l.text(l.left(), y, BODY, part, INK);
    }
    for i in 0..max {
        let (row, col) = (i / per_row, i % per_row);
        let x = l.left() + label_w + col as f32 * (SIZE + GAP);
        let y = l.y - SIZE - row as f32 * (SIZE + GAP);
        let filled = current.is_some_and(|c| i < c);
        l.rect(x, y, SIZE, SIZE, filled.then_some(FILL), true);
    }
    l.y -= height + 4.0;
}

/// Pips: `of` circles, the first `held` filled.
pub fn pips(l: &mut Layout<'_>, label: &str, held: Option<i64>, of: i64) {
    const LABEL_W: f32 = 92.0;
    l.need(16.0);
    l.text(l.left(), l.y - 9.0, BODY, label, INK);
    for i in 0..of {
        let cx = l.left() + LABEL_W + 5.0 + i as f32 * 15.0;
        l.circle(cx, l.y - 5.5, 5.0, held.is_some_and(|h| i < h));
    }
    l.y -= 16.0;
}

/// Boxes to tick, each with its label, flowing onto new rows; the ones
/// already true are ticked.
pub fn tick_boxes(l: &mut Layout<'_>, items: &[(bool, String)]) {
    const SIZE: f32 = 8.0;
    const GAP: f32 = 14.0;
    let right = l.left() + l.content_width();
    let mut x = l.left();
    l.need(SIZE + 8.0);
    for (ticked, label) in items {
        let width = SIZE + 4.0 + l.metrics.width(label, BODY);
        if x > l.left() && x + width > right {
            l.y -= SIZE + 8.0;
            l.need(SIZE + 8.0);
            x = l.left();
        }
        l.rect(
            x,
            l.y - SIZE - 1.0,
            SIZE,
            SIZE,
            ticked.then_some(FILL),
            true,
        );
        l.text(x + SIZE + 4.0, l.y - SIZE, BODY, label, INK);
        x += width + GAP;
    }
    l.y -= SIZE + 8.0;
}

/// "Label: value" lines, wrapped.
/// One entry of an account: its heading, the lines beneath it, and a
/// small grey note (the dice) under them; the heading never alone at the
/// foot of a page.
pub fn entry(l: &mut Layout<'_>, heading: &str, lines: &[String], note: Option<&str>) {
    let width = l.content_width();
    let head = l.metrics.wrap(heading, BODY + 0.5, width);
    l.need((head.len() as f32 + 1.0) * (BODY + 4.5) + 4.0);
    l.y -= 4.0;
    for part in &head {
        l.text(l.left(), l.y - BODY, BODY + 0.5, part, INK);
        l.y -= BODY + 4.5;
    }
    for line in lines {
        for part in l.metrics.wrap(line, BODY, width - 12.0) {
            l.need(BODY + 4.0);
            l.text(l.left() + 12.0, l.y - BODY, BODY, &part, INK);
            l.y -= BODY + 4.0;
        }
    }
    if let Some(note) = note {
        // Break between dice, never inside one ("d6: 4" stays whole).
        for part in l.metrics.wrap(note, LABEL, width - 12.0) {
            l.need(LABEL + 3.5);
            l.text(l.left() + 12.0, l.y - LABEL, LABEL, &part, SOFT);
            l.y -= LABEL + 3.5;
        }
    }
}

pub fn line(l: &mut Layout<'_>, label: &str, value: &str) {
    let text = if label.is_empty() {
        value.to_owned()
    } else {
        format!("{label}: {value}")
    };
    for part in l.metrics.wrap(&text, BODY, l.content_width()) {
        l.need(BODY + 4.0);
        l.text(l.left(), l.y - BODY, BODY, &part, INK);
        l.y -= BODY + 4.0;
    }
}

/// "Label: value" pairs in two columns, each wrapped in its column.
pub fn facts(l: &mut Layout<'_>, pairs: &[(&str, String)]) {
    let half = l.content_width() / 2.0;
    for row in pairs.chunks(2) {
        let wrapped: Vec<Vec<String>> = (row.iter())
            .map(|(label, value)| (l.metrics).wrap(&format!("{label}: {value}"), BODY, half - 8.0))
            .collect();
        let lines = wrapped.iter().map(Vec::len).max().unwrap_or(1);
        l.need(lines as f32 * (BODY + 5.0));
        for (i, ((_, value), parts)) in row.iter().zip(&wrapped).enumerate() {
            let x = l.left() + i as f32 * half;
            for (k, part) in parts.iter().enumerate() {
                l.text(x, l.y - BODY - k as f32 * (BODY + 5.0), BODY, part, INK);
            }
            if value.is_empty() {
                // A blank to write on after the label (its last line).
                let last = parts.last().map_or("", String::as_str);
                let from = x + l.metrics.width(last, BODY) + 3.0;
                let y = l.y - BODY - (parts.len() as f32 - 1.0) * (BODY + 5.0) - 1.5;
                let to = x + half - 8.0;
                if from < to {
                    l.line(from, y, to, y, 0.4, FAINT);
                }
            }
        }
        l.y -= lines as f32 * (BODY + 5.0);
    }
}

/// Empty ruled lines to write on in pencil.
pub fn writing_lines(l: &mut Layout<'_>, count: usize) {
    for _ in 0..count {
        l.need(16.0);
        l.y -= 16.0;
        l.rule(l.y, 0.4, FAINT);
    }
    l.y -= 4.0;
}

/// Ruled lines to write on down to the foot of the page, and no further:
/// they never start a page of their own.
pub fn fill_with_lines(l: &mut Layout<'_>) {
    while l.room() >= 16.0 {
        l.y -= 16.0;
        l.rule(l.y, 0.4, FAINT);
    }
}

/// Titled lists side by side, each with its entries and `spare` empty lines
/// to write on; kept together on one page.
pub fn lists_side_by_side(l: &mut Layout<'_>, lists: &[(&str, &[String])], spare: usize) {
    const GAP: f32 = 12.0;
    let count = lists.len().max(1) as f32;
    let width = (l.content_width() - GAP * (count - 1.0)) / count;
    let wrapped: Vec<Vec<Vec<String>>> = lists
        .iter()
        .map(|(_, entries)| {
            entries
                .iter()
                .map(|e| l.metrics.wrap(e, BODY, width - 12.0))
                .collect()
        })
        .collect();
    let lines = wrapped
        .iter()
        .map(|w| w.iter().map(Vec::len).sum::<usize>())
        .max()
        .unwrap_or(0);
    let height = BODY + 5.0 + lines as f32 * (BODY + 4.0) + spare as f32 * 16.0 + 4.0;
    if height > l.page_room() {
        // Too long to stand side by side on one page: one after another.
        for (title, entries) in lists {
            list(l, title, entries, spare);
        }
        return;
    }
    l.need(height);
    let top = l.y;
    for (i, ((title, _), entries)) in lists.iter().zip(&wrapped).enumerate() {
        let x = l.left() + i as f32 * (width + GAP);
        l.text(x, top - BODY, BODY, title, SOFT);
        let mut y = top - BODY - 5.0;
        for entry in entries {
            for (j, part) in entry.iter().enumerate() {
                if j == 0 {
                    l.text(x + 2.0, y - BODY, BODY, "•", INK);
                }
                l.text(x + 12.0, y - BODY, BODY, part, INK);
                y -= BODY + 4.0;
            }
        }
        let bottom = top - height + 4.0;
        for k in 0..spare {
            let rule_y = bottom + k as f32 * 16.0;
            l.line(x, rule_y, x + width, rule_y, 0.4, FAINT);
        }
    }
    l.y = top - height;
}

/// A titled list of entries, one bullet each, then `spare` empty lines.
pub fn list(l: &mut Layout<'_>, title: &str, entries: &[String], spare: usize) {
    l.need(BODY + 6.0 + 16.0);
    l.text(l.left(), l.y - BODY, BODY, title, SOFT);
    l.y -= BODY + 5.0;
    let width = l.content_width() - 12.0;
    for entry in entries {
        for (i, part) in l.metrics.wrap(entry, BODY, width).iter().enumerate() {
            l.need(BODY + 4.0);
            if i == 0 {
                l.text(l.left() + 2.0, l.y - BODY, BODY, "•", INK);
            }
            l.text(l.left() + 12.0, l.y - BODY, BODY, part, INK);
            l.y -= BODY + 4.0;
        }
    }
    writing_lines(l, spare);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column: header, share of the width, alignment. A cell too long for
/// its column wraps onto more lines, in every column.
pub struct Column<'a> {
    pub header: &'a str,
    pub share: f32,
    pub align: Align,
}

impl<'a> Column<'a> {
    /// A column of words, aligned left, `share` parts of the width.
    pub const fn left(header: &'a str, share: f32) -> Self {
        Column {
            header,
            share,
            align: Align::Left,
        }
    }

    /// A column of figures, aligned right, `share` parts of the width.
    pub const fn right(header: &'a str, share: f32) -> Self {
        Column {
            header,
            share,
            align: Align::Right,
        }
    }
}

/// A table with a header band, repeated when the table breaks across pages.
/// Each row is as tall as its longest cell, wrapped in its column.
pub fn table(l: &mut Layout<'_>, columns: &[Column<'_>], rows: &[Vec<String>]) {
    let total: f32 = columns.iter().map(|c| c.share).sum();
    let widths: Vec<f32> = columns
        .iter()
        .map(|c| c.share / total * l.content_width())
        .collect();
    let headers: Vec<String> = columns.iter().map(|c| c.header.to_owned()).collect();
    let header_look = (LABEL + 0.5, SOFT);
    let header = |l: &mut Layout<'_>| {
        let cells = wrapped(l, &widths, &headers, header_look.0);
        let band = 14.0 + (height_of(&cells, header_look.0) - header_look.0 - 6.0);
        l.rect(
            l.left(),
            l.y - band,
            l.content_width(),
            band,
            Some(BAND),
            false,
        );
        row_of(l, (columns, &widths), &cells, l.y - 10.0, header_look);
        l.y -= band + 2.0;
    };
    l.need(16.0 + BODY + 6.0);
    header(l);
    for row in rows {
        let cells = wrapped(l, &widths, row, BODY);
        let height = height_of(&cells, BODY);
        let page_before = l.pages.len();
        l.need(height);
        if l.pages.len() != page_before {
            header(l);
        }
        row_of(l, (columns, &widths), &cells, l.y - BODY, (BODY, INK));
        l.y -= height;
        l.rule(l.y + 1.0, 0.3, FAINT);
    }
    l.y -= 4.0;
}

/// Each cell of a row wrapped in its column at `size`.
fn wrapped(l: &Layout<'_>, widths: &[f32], row: &[String], size: f32) -> Vec<Vec<String>> {
    (row.iter().zip(widths))
        .map(|(text, w)| l.metrics.wrap(text, size, w - 6.0))
        .collect()
}

/// How tall a row of wrapped cells set at `size` stands.
fn height_of(cells: &[Vec<String>], size: f32) -> f32 {
    let lines = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
    lines as f32 * (size + 3.0) + 3.0
}

/// A row's wrapped cells, their first baseline at `y`, `look` being the
/// text's (size, grey).
fn row_of(
    l: &mut Layout<'_>,
    (columns, widths): (&[Column<'_>], &[f32]),
    cells: &[Vec<String>],
    y: f32,
    look: (f32, f32),
) {
    let (size, grey) = look;
    let mut x = l.left();
    for ((c, w), lines) in columns.iter().zip(widths).zip(cells) {
        for (i, text) in lines.iter().enumerate() {
            let tx = match c.align {
                Align::Left => x + 3.0,
                Align::Right => x + w - 3.0 - l.metrics.width(text, size),
            };
            l.text(tx, y - i as f32 * (size + 3.0), size, text, grey);
        }
        x += w;
    }
}
