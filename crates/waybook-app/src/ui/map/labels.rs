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
        let free = self.is_free(rect, margin);
        if free {
            self.take(rect);
        }
        free
    }

    /// Whether `rect` (with `margin` around it) overlaps nothing taken.
    pub(super) fn is_free(&self, rect: Rect, margin: Vec2) -> bool {
        let padded = rect.expand2(margin);
        cells(padded).all(|cell| {
            self.cells
                .get(&cell)
                .is_none_or(|there| there.iter().all(|r| !r.intersects(padded)))
        })
    }
}

/// Where the selected path's label goes: the first spot along its line
/// from `a` to `b` (the middle, then nearer either end), then beside it,
/// that overlaps nothing taken (a party's flag, a place), else the
/// middle; taken.
pub(super) fn selected_label_spot(
    taken: &mut Taken,
    a: egui::Pos2,
    b: egui::Pos2,
    size: Vec2,
) -> Rect {
    // Beside the line when no spot on it is free: a short path's.
    let normal = (b - a).normalized().rot90() * (size.y / 2.0 + 4.0);
    let spot =
        |(t, side): (f32, f32)| Rect::from_center_size(a + (b - a) * t + normal * side, size);
    let along = [0.5, 0.35, 0.65, 0.25, 0.75].map(|t| (t, 0.0));
    let beside = [
        (0.5, 1.0),
        (0.5, -1.0),
        (0.35, 1.0),
        (0.35, -1.0),
        (0.65, 1.0),
        (0.65, -1.0),
    ];
    let free = (along.into_iter().chain(beside))
        .map(spot)
        .find(|r| taken.take_if_free(*r, Vec2::ZERO));
    free.unwrap_or_else(|| {
        let middle = spot((0.5, 0.0));
        taken.take(middle);
        middle
    })
}

fn cells(rect: Rect) -> impl Iterator<Item = (i32, i32)> {
    let square = |v: f32| (v / CELL).floor() as i32;
    let (x0, x1) = (square(rect.min.x), square(rect.max.x));
    let (y0, y1) = (square(rect.min.y), square(rect.max.y));
    (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
}

#[cfg(test)]
mod tests {
    /// Issue 50, item 31: "the map's party label covers the selected
    /// path's". A party's name at the path's middle sends the selected
    /// path's label along the line, clear of it.
    #[test]
    fn the_selected_paths_label_moves_clear_of_a_partys_name() {
        use super::*;
        use egui::{pos2, vec2};
        let (a, b) = (pos2(0.0, 0.0), pos2(400.0, 0.0));
        let size = vec2(80.0, 24.0);
        let mut taken = Taken::default();
        let party = Rect::from_center_size(pos2(200.0, 4.0), vec2(110.0, 14.0));
        taken.take(party);
        let label = selected_label_spot(&mut taken, a, b, size);
        assert!(!label.intersects(party), "{label:?} covers {party:?}");
        assert!((label.center().y).abs() < 1e-3, "on the path's line");
        let mut empty = Taken::default();
        let middle = selected_label_spot(&mut empty, a, b, size);
        assert_eq!(middle.center(), pos2(200.0, 0.0), "the middle when free");
    }

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
