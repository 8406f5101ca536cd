//! Decluttering the map's labels: a label is drawn only where it overlaps
//! no label or place already there, so a zoomed-out map of hundreds of
//! places reads (and draws) as names spaced apart, not a smudge of text,
//! and zooming in brings the rest back.

use egui::{Rect, Vec2};
use std::collections::HashMap;

/// The side of the squares the canvas is cut into to find what a rectangle
/// might overlap without looking at everything drawn.
const CELL: f32 = 64.0;

/// What is already on the canvas, by the squares it touches.
#[derive(Debug, Default)]
pub(super) struct Taken {
    cells: HashMap<(i32, i32), Vec<Rect>>,
}

impl Taken {
    /// Marks `rect` as taken, whatever it overlaps.
    pub(super) fn take(&mut self, rect: Rect) {
        for cell in cells(rect) {
            self.cells.entry(cell).or_default().push(rect);
        }
    }

    /// Takes `rect` if it overlaps nothing taken (with `margin` around it);
    /// says whether it did.
    pub(super) fn take_if_free(&mut self, rect: Rect, margin: Vec2) -> bool {
        let padded = rect.expand2(margin);
        let free = cells(padded).all(|cell| {
            self.cells
                .get(&cell)
                .is_none_or(|there| there.iter().all(|r| !r.intersects(padded)))
        });
        if free {
            self.take(rect);
        }
        free
    }
}

fn cells(rect: Rect) -> impl Iterator<Item = (i32, i32)> {
    let square = |v: f32| (v / CELL).floor() as i32;
    let (x0, x1) = (square(rect.min.x), square(rect.max.x));
    let (y0, y1) = (square(rect.min.y), square(rect.max.y));
    (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
}

#[cfg(test)]
mod tests {
    use super::Taken;
    use egui::{Rect, Vec2, pos2, vec2};

    #[test]
    fn a_label_over_another_is_left_out_and_one_beside_it_is_not() {
        let mut taken = Taken::default();
        let first = Rect::from_min_size(pos2(60.0, 60.0), vec2(80.0, 14.0));
        assert!(taken.take_if_free(first, Vec2::ZERO));
        let over = first.translate(vec2(40.0, 6.0));
        assert!(!taken.take_if_free(over, Vec2::ZERO), "half over the first");
        let beside = first.translate(vec2(0.0, 20.0));
        assert!(taken.take_if_free(beside, Vec2::ZERO));
        let close = first.translate(vec2(0.0, -16.0));
        assert!(
            !taken.take_if_free(close, vec2(0.0, 3.0)),
            "two points apart is within the margin"
        );
    }
}
