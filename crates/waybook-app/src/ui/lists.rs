//! Long lists on screen: what a screen works out from the campaign (sorted
//! names, filtered rows) kept until the campaign or the screen's filter
//! changes ([`Memo`]), and lists drawn only where they are in view
//! ([`rows_in_view`] for rows of one line, [`Heights`] for forms that
//! wrap). A campaign may hold 10,000 characters; a frame draws the few
//! dozen a GM can see.

use egui::Ui;
use std::rc::Rc;
use waybook_core::model::{CampaignData, Character, CharacterId, PlaceId, Player, PlayerId};

/// A value worked out for a key (the campaign's revision, with the
/// screen's filter), kept until the key changes.
pub struct Memo<K, T: ?Sized> {
    kept: Option<(K, Rc<T>)>,
}

impl<K, T: ?Sized> Default for Memo<K, T> {
    fn default() -> Self {
        Self { kept: None }
    }
}

impl<K, T: ?Sized> std::fmt::Debug for Memo<K, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.kept.is_some() {
            "Memo(kept)"
        } else {
            "Memo(empty)"
        })
    }
}

impl<K: PartialEq, T: ?Sized> Memo<K, T> {
    /// The value kept for `key`, else `make`'s, kept from now on.
    pub fn get(&mut self, key: K, make: impl FnOnce() -> Rc<T>) -> Rc<T> {
        match &self.kept {
            Some((kept, value)) if *kept == key => Rc::clone(value),
            _ => {
                let value = make();
                self.kept = Some((key, Rc::clone(&value)));
                value
            }
        }
    }
}

/// How wide a side list is at least: its longest name (by letters) in full, with
/// a row's padding, within `narrowest..=widest`. Only the one name is laid
/// out, so a list of thousands costs a count of letters.
pub fn side_width<'a>(
    ui: &Ui,
    names: impl Iterator<Item = &'a str>,
    narrowest: f32,
    widest: f32,
) -> f32 {
    let Some(longest) = names.max_by_key(|n| n.chars().count()) else {
        return narrowest;
    };
    let text = super::measure::text_width(ui, longest, egui::TextStyle::Button);
    // The button's padding on both sides, and the panel's margins.
    let padding = 2.0 * ui.spacing().button_padding.x + 2.0 * ui.spacing().item_spacing.x + 16.0;
    (text + padding).clamp(narrowest, widest)
}

/// A resizable list on the left of a screen, never narrower than its
/// longest name: a width remembered from another campaign's list (in
/// `app.ron`) never cuts a name ("By the riv…").
pub fn list_panel<'a>(
    ui: &Ui,
    id: &'static str,
    names: impl Iterator<Item = &'a str>,
    (narrowest, widest): (f32, f32),
) -> egui::Panel {
    let width = side_width(ui, names, narrowest, widest);
    egui::Panel::left(id)
        .resizable(true)
        .default_size(width)
        .min_size(width)
}

/// Rows `0..count` in a scroll area of their own, at most `max_height`
/// high, each one line of a widget's height; only the rows in view are drawn.
pub fn rows_in_view(
    ui: &mut Ui,
    id_salt: &str,
    count: usize,
    max_height: f32,
    mut row: impl FnMut(&mut Ui, usize),
) {
    let height = ui.spacing().interact_size.y;
    egui::ScrollArea::vertical()
        .id_salt(id_salt)
        .max_height(max_height)
        .show_rows(ui, height, count, |ui, rows| {
            // One line a row, as the rows' fixed height expects: a longer
            // text is cut short with "…", not wrapped.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for i in rows {
                row(ui, i);
            }
        });
}

/// Rows of differing heights (forms that wrap onto more lines) in the
/// scroll area around them, drawn only near the view: a row far out of view
/// takes the room it took when it was last drawn.
#[derive(Debug, Default)]
pub struct Heights {
    /// Which list the heights are of.
    list: Option<u64>,
    heights: Vec<f32>,
}

/// How far beyond the view rows are still drawn, so Tab reaches the next
/// row (and scrolls it in) before the view does.
const DRAWN_BEYOND_VIEW: f32 = 200.0;

impl Heights {
    /// Starts drawing `list` (a journey's route, say): another list's
    /// heights are forgotten, as are those of rows past `count`.
    pub fn list(&mut self, list: impl std::hash::Hash, count: usize) {
        use std::hash::{DefaultHasher, Hasher};
        let mut hasher = DefaultHasher::new();
        list.hash(&mut hasher);
        let list = hasher.finish();
        if self.list != Some(list) {
            self.list = Some(list);
            self.heights.clear();
        }
        self.heights.truncate(count);
    }

    /// Row `i`, drawn by `draw` if it is near the view, or if every row
    /// is to be drawn this frame (`every_row`).
    pub fn row(&mut self, ui: &mut Ui, i: usize, draw: impl FnOnce(&mut Ui)) {
        if self.heights.len() <= i {
            self.heights.resize(i + 1, 0.0);
        }
        let known = self.heights[i];
        let top = ui.cursor().top();
        let near = ui.clip_rect().expand2(egui::vec2(0.0, DRAWN_BEYOND_VIEW));
        let far = top > near.bottom() || top + known < near.top();
        if known > 0.0 && far && !every_row(ui) {
            ui.allocate_space(egui::vec2(ui.available_width(), known));
            return;
        }
        self.heights[i] = ui.scope(draw).response.rect.height();
    }
}

/// Whether rows far out of view are drawn this frame all the same: while
/// a field has the keyboard (one scrolled far off keeps it, and what is
/// typed in it is still taken when it is left), and while a screen reader
/// (or a test driving the app by its labels) reads the widgets, as it
/// reads the whole form, not the part in view.
fn every_row(ui: &Ui) -> bool {
    let reader = ui
        .ctx()
        .accesskit_node_builder(ui.unique_id(), |_| ())
        .is_some();
    reader || ui.memory(|m| m.focused().is_some())
}

/// Characters by name, in the order a list shows them.
pub type Names = [(CharacterId, String)];

/// The characters `keep` picks, by name in natural order, for a picker or
/// a list of checkboxes.
pub fn characters_by_name(data: &CampaignData, keep: impl Fn(&Character) -> bool) -> Rc<Names> {
    let mut picked: Vec<(CharacterId, String)> = data
        .characters
        .values()
        .filter(|c| keep(c))
        .map(|c| (c.id, c.name.clone()))
        .collect();
    waybook_core::model::sort_by_name(&mut picked, |(_, name)| name);
    picked.into()
}

/// Every character by name, for a screen's pickers: sorted again only when
/// the campaign changes.
#[derive(Debug, Default)]
pub struct Everyone(Memo<u64, Names>);

impl Everyone {
    pub fn get(&mut self, data: &CampaignData) -> Rc<Names> {
        self.0
            .get(data.revision, || characters_by_name(data, |_| true))
    }
}

/// The players with a character in a party, by name, for a screen's
/// "Players see" boxes: looked for among the characters again only when
/// the campaign changes.
#[derive(Debug, Default)]
pub struct Playing(Memo<u64, [PlayerId]>);

impl Playing {
    pub fn get<'d>(&mut self, data: &'d CampaignData) -> Vec<&'d Player> {
        let ids = self.0.get(data.revision, || {
            let players = waybook_core::exchange::players_view::players(data);
            players.iter().map(|p| p.id).collect::<Vec<_>>().into()
        });
        ids.iter().filter_map(|id| data.players.get(id)).collect()
    }
}

/// The map's places by name, for a screen's place pickers: sorted again
/// only when the campaign changes (a map may have hundreds).
#[derive(Debug, Default)]
pub struct Places(Memo<u64, [PlaceId]>);

impl Places {
    /// The places as a picker lists them: id and name.
    pub fn named<'d>(&mut self, data: &'d CampaignData) -> Vec<(PlaceId, &'d str)> {
        let ids = self.0.get(data.revision, || {
            (data.places_by_name().iter())
                .map(|p| p.id)
                .collect::<Vec<_>>()
                .into()
        });
        (ids.iter())
            .filter_map(|id| data.places.get(id))
            .map(|p| (p.id, p.name.as_str()))
            .collect()
    }
}

/// A grid of fixed widths whose rows are drawn only in view (the hour grid,
/// the risk grid): a name column, then cells of one size.
#[derive(Clone, Copy)]
pub struct FixedGrid {
    pub name_width: f32,
    pub cell: egui::Vec2,
}

impl FixedGrid {
    /// The header: an empty corner, then a small heading over each of
    /// `count` cells, worked out and painted only for those in view.
    pub fn header(self, ui: &mut Ui, count: usize, heading: impl Fn(usize) -> String) {
        ui.horizontal(|ui| {
            self.name(ui, "");
            self.shown_cells(ui, count, |ui, n| {
                let (rect, response) = ui.allocate_exact_size(self.cell, egui::Sense::hover());
                let text = heading(n);
                small_centred(ui, rect, &text, ui.visuals().text_color());
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
            });
        });
    }

    /// Cells `0..count` of a row, each drawn by `cell`, that are only
    /// looked at (a heading, a cell with hover text: nothing Tab stops
    /// at): those out of view sideways keep their room with no widget
    /// each, as a grid of 60 days has a dozen in view. Cells Tab moves
    /// through are all drawn, so that Tab reaches one out of view.
    pub fn shown_cells(self, ui: &mut Ui, count: usize, mut cell: impl FnMut(&mut Ui, usize)) {
        let gap = ui.spacing().item_spacing.x;
        let stride = self.cell.x + gap;
        let left = ui.cursor().left();
        let clip = ui.clip_rect();
        let column = |x: f32| ((x - left) / stride).max(0.0) as usize;
        let first = column(clip.left()).min(count);
        let end = (column(clip.right()) + 1).clamp(first, count);
        if first > 0 {
            ui.add_space(first as f32 * stride);
        }
        for n in first..end {
            cell(ui, n);
        }
        if end < count {
            ui.add_space((count - end) as f32 * stride - gap);
        }
    }

    /// A row's name: left-aligned, cut short with "…" when too long.
    pub fn name(self, ui: &mut Ui, name: &str) {
        let size = egui::vec2(self.name_width, self.cell.y);
        let layout = egui::Layout::left_to_right(egui::Align::Center);
        ui.allocate_ui_with_layout(size, layout, |ui| {
            ui.set_width(self.name_width);
            ui.add(egui::Label::new(name).truncate());
        });
    }

    /// A cell, exactly the grid's size so the columns line up: its text
    /// painted small and centred on its fill, framed as a button is when
    /// hovered or focused. A grid draws hundreds of cells a frame, so a cell
    /// is one widget painted in place, not a button laid out in a child
    /// `Ui`; one out of view (a wide grid scrolled sideways, a row scrolled
    /// past) keeps its place with its look not even worked out. One Tab
    /// moves to is scrolled into view. The caller names it to a screen
    /// reader (`Response::widget_info`) and gives it its hover text
    /// (`measure::hover_ui`).
    pub fn cell(
        self,
        ui: &mut Ui,
        sense: egui::Sense,
        look: impl FnOnce() -> Cell,
    ) -> egui::Response {
        let (rect, response) = ui.allocate_exact_size(self.cell, sense);
        if ui.is_rect_visible(rect) {
            let Cell { text, colour, fill } = look();
            let visuals = ui.style().interact(&response);
            let painter = ui.painter();
            painter.rect(
                rect.expand(visuals.expansion),
                visuals.corner_radius,
                fill,
                visuals.bg_stroke,
                egui::StrokeKind::Inside,
            );
            small_centred(ui, rect, &text, colour);
        }
        super::measure::in_view(response)
    }
}

/// `text` in the small style, centred in `rect`: a grid's heading or cell.
fn small_centred(ui: &Ui, rect: egui::Rect, text: &str, colour: egui::Color32) {
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::TextStyle::Small.resolve(ui.style()),
        colour,
    );
}

/// How a grid's cell looks: a short text in `colour` on its fill.
pub struct Cell {
    pub text: String,
    pub colour: egui::Color32,
    pub fill: egui::Color32,
}

#[cfg(test)]
mod tests {
    use super::{FixedGrid, Heights};
    use egui::{Context, RawInput, Rect, Sense, Ui, pos2, vec2};

    /// Three frames of a 400 × 300 window drawing `draw` (egui settles a
    /// layout over two).
    fn frames(ctx: &Context, mut draw: impl FnMut(&mut Ui)) {
        for _ in 0..3 {
            let input = RawInput {
                screen_rect: Some(Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 300.0))),
                ..RawInput::default()
            };
            // No renderer takes the textures: dropped on purpose.
            ctx.run_ui(input, |ui| draw(ui)).textures_delta.clear();
        }
    }

    const GRID: FixedGrid = FixedGrid {
        name_width: 100.0,
        cell: vec2(44.0, 18.0),
    };

    /// A row of 60 cells scrolled `offset` sideways: the cells drawn in
    /// the last frame, those in view (worked out from where the row
    /// starts and the view), and the row's width.
    fn sixty_cells(offset: f32) -> (Vec<usize>, Vec<usize>, f32) {
        let ctx = Context::default();
        let (mut drawn, mut in_view, mut width) = (Vec::new(), Vec::new(), 0.0);
        frames(&ctx, |ui| {
            drawn.clear();
            egui::ScrollArea::horizontal()
                .horizontal_scroll_offset(offset)
                .show(ui, |ui| {
                    width = (ui.horizontal(|ui| {
                        let (left, clip) = (ui.cursor().left(), ui.clip_rect());
                        let stride = GRID.cell.x + ui.spacing().item_spacing.x;
                        in_view = (0..60)
                            .filter(|&n| {
                                let x = left + n as f32 * stride;
                                x < clip.right() && x + GRID.cell.x > clip.left()
                            })
                            .collect();
                        GRID.shown_cells(ui, 60, |ui, n| {
                            drawn.push(n);
                            ui.allocate_exact_size(GRID.cell, Sense::hover());
                        });
                    }))
                    .response
                    .rect
                    .width();
                });
        });
        (drawn, in_view, width)
    }

    #[test]
    fn cells_out_of_view_sideways_keep_their_room_undrawn() {
        let gap = egui::Style::default().spacing.item_spacing.x;
        let every = 60.0 * GRID.cell.x + 59.0 * gap;
        for offset in [0.0, 1000.0, 2000.0] {
            let (drawn, in_view, width) = sixty_cells(offset);
            assert_eq!(drawn, in_view, "scrolled {offset}");
            assert!((8..=10).contains(&drawn.len()), "{drawn:?}");
            assert_eq!(width, every);
        }
    }

    /// Twenty rows 100 points high in a scroll area, under a text field
    /// that has the keyboard if `typing`: the rows drawn in the last
    /// frame, those within 200 points of the view, and the height of them
    /// all.
    fn twenty_rows(ctx: &Context, typing: bool) -> (Vec<usize>, Vec<usize>, f32) {
        let mut heights = Heights::default();
        let (mut drawn, mut near, mut height) = (Vec::new(), Vec::new(), 0.0);
        let mut text = String::new();
        frames(ctx, |ui| {
            drawn.clear();
            let field = ui.text_edit_singleline(&mut text);
            if typing {
                field.request_focus();
            }
            let shown = egui::ScrollArea::vertical().show(ui, |ui| {
                let (top, clip) = (ui.cursor().top(), ui.clip_rect());
                let stride = 100.0 + ui.spacing().item_spacing.y;
                near = (0..20)
                    .filter(|&n| top + n as f32 * stride <= clip.bottom() + 200.0)
                    .collect();
                heights.list("rows", 20);
                for n in 0..20 {
                    heights.row(ui, n, |ui| {
                        drawn.push(n);
                        ui.allocate_exact_size(vec2(100.0, 100.0), Sense::hover());
                    });
                }
            });
            height = shown.content_size.y;
        });
        (drawn, near, height)
    }

    #[test]
    fn rows_far_out_of_view_keep_their_room_undrawn() {
        let (drawn, near, height) = twenty_rows(&Context::default(), false);
        assert_eq!(drawn, near);
        assert!((3..=6).contains(&drawn.len()), "{drawn:?}");
        let gap = egui::Style::default().spacing.item_spacing.y;
        assert_eq!(height, 20.0 * 100.0 + 19.0 * gap);
    }

    #[test]
    fn every_row_is_drawn_while_a_field_has_the_keyboard() {
        let (drawn, _, _) = twenty_rows(&Context::default(), true);
        assert_eq!(drawn, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn every_row_is_drawn_for_a_screen_reader() {
        let ctx = Context::default();
        ctx.enable_accesskit();
        let (drawn, _, _) = twenty_rows(&ctx, false);
        assert_eq!(drawn, (0..20).collect::<Vec<_>>());
    }
}
