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

    /// Row `i`, drawn by `draw` if it is near the view.
    pub fn row(&mut self, ui: &mut Ui, i: usize, draw: impl FnOnce(&mut Ui)) {
        if self.heights.len() <= i {
            self.heights.resize(i + 1, 0.0);
        }
        let known = self.heights[i];
        let top = ui.cursor().top();
        let near = ui.clip_rect().expand2(egui::vec2(0.0, DRAWN_BEYOND_VIEW));
        if known > 0.0 && (top > near.bottom() || top + known < near.top()) {
            ui.allocate_space(egui::vec2(ui.available_width(), known));
            return;
        }
        self.heights[i] = ui.scope(draw).response.rect.height();
    }
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
            for n in 0..count {
                let (rect, response) = ui.allocate_exact_size(self.cell, egui::Sense::hover());
                if ui.is_rect_visible(rect) {
                    let text = heading(n);
                    small_centred(ui, rect, &text, ui.visuals().text_color());
                    response
                        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
                }
            }
        });
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
