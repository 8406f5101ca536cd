//! The map screen: a pan-and-zoom canvas of the campaign's places and the
//! paths between them (labelled with difficulty, danger and rounds), where
//! the GM adds and drags places, draws paths from place to place and sees
//! each party's position; and beside it the editor of the place or path
//! selected. Labels that would overlap are left out (`labels`).

mod labels;

use super::choices::{Unpicked, choice_combo, region_combo, table_combo};
use super::input::Typing;
use super::lists::{self, Memo};
use crate::app::Command;
use egui::{Color32, FontId, Galley, Pos2, Rect, RichText, Sense, Stroke, Ui, Vec2, pos2, vec2};
use std::sync::Arc;
use waybook_core::edits::{self, records};
use waybook_core::model::{
    CampaignData, Edit, EncounterTables, MapPath, MapPathId, Party, Place, PlaceId, PlaceKind,
    SeenFilter, TableId, limits,
};
use waybook_rules::rounds::encounter::Kind;

/// What is selected on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selected {
    Place(PlaceId),
    Path(MapPathId),
}

#[derive(Debug)]
pub struct MapState {
    pub selected: Option<Selected>,
    pub fields: Typing,
    /// The map point at the canvas's top-left corner.
    pan: Vec2,
    zoom: f32,
    /// The view has been fitted to the places once.
    fitted: bool,
    /// Drawing a path: the place it starts from, once clicked.
    drawing: Option<Option<PlaceId>>,
    /// A place being dragged, and where it is now in map units.
    dragging: Option<(PlaceId, Vec2)>,
    /// The list's rows (places by name, then paths, each under its heading),
    /// worked out again only when the campaign changes.
    rows: Memo<(u64, SeenFilter), [ListRow]>,
    /// Who sees the places and paths listed.
    seen: SeenFilter,
}

impl Default for MapState {
    fn default() -> Self {
        Self {
            selected: None,
            fields: Typing::default(),
            pan: Vec2::ZERO,
            zoom: 1.0,
            fitted: false,
            drawing: None,
            dragging: None,
            rows: Memo::default(),
            seen: SeenFilter::Everything,
        }
    }
}

const PLACE_RADIUS: f32 = 8.0;

fn kind_colour(kind: PlaceKind) -> Color32 {
    match kind {
        PlaceKind::Settlement => Color32::from_rgb(0x1d, 0x3f, 0x66),
        PlaceKind::Landmark => Color32::from_rgb(0x8a, 0x5a, 0x00),
        PlaceKind::CampSite => Color32::from_rgb(0x2e, 0x6b, 0x34),
        PlaceKind::WildPlace => Color32::from_rgb(0x7a, 0x2e, 0x2e),
    }
}

/// "D4 ⚠2 · 2 rounds": what a path's label says.
pub fn path_summary(path: &MapPath) -> String {
    format!(
        "D{} ⚠{} · {}{}{}",
        path.difficulty,
        path.danger,
        waybook_core::model::plural(path.rounds, "round"),
        if path.partial { " (last partial)" } else { "" },
        if path.wild { " · wild" } else { "" }
    )
}

pub fn map_ui(ui: &mut Ui, state: &mut MapState, data: &CampaignData, out: &mut Vec<Command>) {
    if let Some(Selected::Place(id)) = state.selected
        && !data.places.contains_key(&id)
    {
        state.selected = None;
    }
    if let Some(Selected::Path(id)) = state.selected
        && !data.paths.contains_key(&id)
    {
        state.selected = None;
    }
    delete_key(ui, state, data, out);
    let rows = list_rows_memo(state, data);
    let entries = rows.iter().filter_map(|row| match row {
        ListRow::Entry(_, label) => Some(label.as_str()),
        _ => None,
    });
    lists::list_panel(ui, "map-list", entries, (230.0, 340.0))
        .show(ui, |ui| list_ui(ui, state, data, out));
    // The side panel keeps its width, whatever it holds: the map keeps
    // the rest of the window (a wide form would push places off it).
    egui::Panel::right("map-side")
        .resizable(true)
        .default_size(SIDE_WIDTH)
        .max_size(SIDE_WIDTH_MAX)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink(false)
                .show(ui, |ui| side_ui(ui, state, data, out));
        });
    egui::CentralPanel::default().show(ui, |ui| canvas_ui(ui, state, data, out));
}

/// The width of the panel beside the map where a place or path is edited,
/// and the most the GM may widen it to.
const SIDE_WIDTH: f32 = 330.0;
const SIDE_WIDTH_MAX: f32 = 420.0;

/// A row of the list of places and paths.
#[derive(Debug, Clone, PartialEq)]
enum ListRow {
    Heading(&'static str),
    /// A line of grey words in place of an empty list.
    Hint(&'static str),
    Entry(Selected, String),
}

/// The places and the paths, one list in one scroll, only the rows in view
/// drawn, with who sees them chosen above.
fn list_ui(ui: &mut Ui, state: &mut MapState, data: &CampaignData, out: &mut Vec<Command>) {
    super::shown::filter_ui(ui, "map-seen", &mut state.seen);
    // Read after the filter, so a new choice lists its rows in this frame.
    let rows = list_rows_memo(state, data);
    lists::rows_in_view(
        ui,
        "map-rows",
        rows.len(),
        f32::INFINITY,
        |ui, i| match &rows[i] {
            ListRow::Heading(text) => {
                ui.label(RichText::new(*text).strong());
            }
            ListRow::Hint(text) => {
                ui.label(RichText::new(*text).weak());
            }
            ListRow::Entry(row, label) => {
                if ui
                    .selectable_label(state.selected == Some(*row), label)
                    .clicked()
                {
                    match *row {
                        Selected::Place(p) => pick_place(state, data, p, out),
                        Selected::Path(_) => state.selected = Some(*row),
                    }
                }
            }
        },
    );
}

fn side_ui(ui: &mut Ui, state: &mut MapState, data: &CampaignData, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        if ui
            .button("Add place")
            .on_hover_text("A new place in the middle of the view (or double-click the map)")
            .clicked()
        {
            let centre = state.pan + vec2(300.0, 200.0) / state.zoom;
            add_place(state, data, centre, out);
        }
        let drawing = state.drawing.is_some();
        if ui
            .selectable_label(drawing, "Draw a path")
            .on_hover_text("Click the place it starts from, then the place it ends at")
            .clicked()
        {
            state.drawing = if drawing { None } else { Some(None) };
        }
    });
    if let Some(from) = state.drawing {
        let said = match from.and_then(|id| data.places.get(&id)) {
            Some(p) => format!("From {}: now click the place the path ends at.", p.name),
            None => "Click the place the path starts from.".to_owned(),
        };
        ui.label(RichText::new(said).italics());
    }
    ui.separator();
    match state.selected {
        Some(Selected::Place(id)) => {
            if let Some(place) = data.places.get(&id) {
                place_editor(ui, state, data, place, out);
            }
        }
        Some(Selected::Path(id)) => {
            if let Some(path) = data.paths.get(&id) {
                path_editor(ui, &mut state.fields, data, path, out);
            }
        }
        None => {
            ui.label(RichText::new("Select a place or a path to edit it.").weak());
            trips_list_ui(ui, data);
        }
    }
}

/// The list's rows that `seen` keeps: places by name with their kind, then
/// the paths with their figures, each marked when shared.
/// The list's rows for the filter chosen, worked out again only when the
/// campaign or the filter changes.
fn list_rows_memo(state: &mut MapState, data: &CampaignData) -> std::rc::Rc<[ListRow]> {
    let seen = state.seen;
    state
        .rows
        .get((data.revision, seen), || list_rows(data, seen).into())
}

fn list_rows(data: &CampaignData, seen: SeenFilter) -> Vec<ListRow> {
    let places = data
        .places_by_name()
        .into_iter()
        .filter(|p| seen.keeps(&p.shown))
        .map(|p| {
            let label = format!(
                "{} ({}){}",
                p.name,
                choice_label(p.kind),
                super::shown::suffix(data, &p.shown)
            );
            ListRow::Entry(Selected::Place(p.id), label)
        });
    let paths = data
        .paths
        .values()
        .filter(|p| seen.keeps(&p.shown))
        .map(|p| {
            let label = format!(
                "{}: {}{}",
                p.name,
                path_summary(p),
                super::shown::suffix(data, &p.shown)
            );
            ListRow::Entry(Selected::Path(p.id), label)
        });
    let mut rows = vec![ListRow::Heading("Places")];
    if data.places.is_empty() {
        rows.push(ListRow::Hint(
            "No places yet: add one, or double-click the map.",
        ));
    }
    rows.extend(places);
    rows.push(ListRow::Heading("Paths"));
    if data.paths.is_empty() {
        rows.push(ListRow::Hint(
            "No paths yet: Draw a path between two places.",
        ));
    }
    rows.extend(paths);
    rows
}

fn choice_label(kind: PlaceKind) -> &'static str {
    waybook_core::model::Choice::label(kind)
}

fn add_place(state: &mut MapState, data: &CampaignData, at: Vec2, out: &mut Vec<Command>) {
    let place = records::add_place(data, f64::from(at.x), f64::from(at.y));
    state.selected = Some(Selected::Place(place.id));
    out.push(Command::Apply(place.edit));
}

/// A place clicked on the map or in the list: selected, or the end of the
/// path being drawn.
fn pick_place(state: &mut MapState, data: &CampaignData, id: PlaceId, out: &mut Vec<Command>) {
    match state.drawing {
        Some(None) => state.drawing = Some(Some(id)),
        Some(Some(from)) if from != id => {
            let path = records::add_path(data, from, id);
            state.drawing = None;
            state.selected = Some(Selected::Path(path.id));
            out.push(Command::Apply(path.edit));
        }
        _ => state.selected = Some(Selected::Place(id)),
    }
}

fn place_editor(
    ui: &mut Ui,
    state: &mut MapState,
    data: &CampaignData,
    p: &Place,
    out: &mut Vec<Command>,
) {
    let fields = &mut state.fields;
    let key = |f: &str| format!("place{}:{f}", p.id.0);
    ui.heading(&p.name);
    if let Some(name) = fields.text(ui, &key("name"), "Name", &p.name, 180.0) {
        fields.commit(out, p, "name", |p| p.name = name);
    }
    ui.horizontal(|ui| {
        if let Some(kind) = choice_combo(ui, &key("kind"), "Kind", p.kind) {
            fields.commit(out, p, "kind", |p| p.kind = kind);
        }
    });
    ui.horizontal(|ui| {
        if let Some(region) = region_combo(
            ui,
            &key("region"),
            p.region,
            data,
            Unpicked::Offered("none"),
        ) {
            fields.commit(out, p, "region", |p| p.region = region);
        }
    });
    ui.horizontal(|ui| {
        let none = Unpicked::Offered("none (the GM says)");
        let current = p.merchant_table;
        if let Some(table) =
            table_combo(ui, &key("merchant"), "Merchant table", current, data, none)
        {
            fields.commit(out, p, "merchant table", |p| p.merchant_table = table);
        }
    })
    .response
    .on_hover_text("Rolled when a Merchant is met on the way here");
    if let Some(notes) = fields.multiline(ui, &key("notes"), "Notes", &p.notes) {
        fields.commit(out, p, "notes", |p| p.notes = notes);
    }
    if let Some(shown) = super::shown::partyless_ui(ui, &key("shown"), data, &p.shown) {
        fields.commit(out, p, "who sees it", |p| p.shown = shown);
    }
    parties_here_ui(ui, data, p, out);
    delete_button_ui(ui, "Delete place", edits::delete_place(data, p.id), out);
}

/// "Put the Lantern Company here": a party not partway along a path is
/// placed at this place from the map (as from the Travel screen); one on a
/// path says why not.
fn parties_here_ui(ui: &mut Ui, data: &CampaignData, p: &Place, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        for party in data.parties.values() {
            if party.travel.place == Some(p.id) && party.travel.on_path.is_none() {
                ui.label(RichText::new(format!("{} is here.", party.name)).weak());
                continue;
            }
            let on_path = party.travel.on_path.is_some();
            let put = ui
                .add_enabled(
                    !on_path,
                    egui::Button::new(format!("Put {} here", party.name)),
                )
                .on_disabled_hover_text(format!(
                    "{} is partway along a path: it arrives by travel rounds",
                    party.name
                ));
            if put.clicked() {
                out.push(Command::Apply(records::put_party_at(party, p)));
            }
        }
    });
}

/// The hazard, warriors and benign tables of a path or a region, each
/// with `unpicked` naming what none means; the one changed and its new
/// table.
pub fn encounter_tables_ui(
    ui: &mut Ui,
    id: &str,
    tables: &EncounterTables,
    data: &CampaignData,
    unpicked: impl Fn(Kind) -> String,
) -> Option<(Kind, Option<TableId>)> {
    let mut changed = None;
    ui.label(RichText::new("Encounter tables (rolled in the Encounter Phase)").italics());
    egui::Grid::new(id).num_columns(1).show(ui, |ui| {
        for kind in [Kind::Hazard, Kind::Warriors, Kind::Benign] {
            let none = unpicked(kind);
            let label = format!("{} table", waybook_rules::capitalised(kind.as_str()));
            let combo_id = format!("{id}:{}", kind.as_str());
            if let Some(table) = table_combo(
                ui,
                &combo_id,
                &label,
                tables.of(kind),
                data,
                Unpicked::Offered(&none),
            ) {
                changed = Some((kind, table));
            }
            ui.end_row();
        }
    });
    changed
}

/// A Delete button for what is selected: greyed with the reason while it
/// cannot be deleted.
fn delete_button_ui(
    ui: &mut Ui,
    label: &str,
    edit: Result<Edit, edits::Refusal>,
    out: &mut Vec<Command>,
) {
    let why_not = edit.as_ref().err().map(ToString::to_string);
    let delete = ui
        .add_enabled(edit.is_ok(), egui::Button::new(label))
        .on_disabled_hover_text(why_not.unwrap_or_default());
    if delete.clicked()
        && let Ok(edit) = edit
    {
        out.push(Command::Apply(edit));
    }
}

/// The Delete key deletes what is selected on the map, or says why not.
fn delete_key(ui: &Ui, state: &MapState, data: &CampaignData, out: &mut Vec<Command>) {
    if ui.ctx().text_edit_focused() || !ui.input(|i| i.key_pressed(egui::Key::Delete)) {
        return;
    }
    let edit = match state.selected {
        Some(Selected::Place(id)) => edits::delete_place(data, id),
        Some(Selected::Path(id)) => edits::delete_path(data, id),
        None => {
            out.push(Command::Notify(
                "Select a place or a path to delete it with the Delete key".to_owned(),
            ));
            return;
        }
    };
    out.push(match edit {
        Ok(edit) => Command::Apply(edit),
        Err(why) => Command::Refuse(why.to_string()),
    });
}

/// A path's name and numbers, labels in one column and fields in the
/// next, so the fields line up; its rounds changed keep the rounds the
/// parties on it have made (refused with why).
fn path_numbers_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    p: &MapPath,
    out: &mut Vec<Command>,
) {
    let key = |f: &str| format!("path{}:{f}", p.id.0);
    let numbers: [(&str, &str, i64, &std::ops::RangeInclusive<i64>); 4] = [
        (
            "difficulty",
            "Navigation difficulty",
            p.difficulty,
            &limits::DIFFICULTY,
        ),
        ("danger", "Danger rating", p.danger, &limits::DANGER),
        ("rounds", "Travel rounds", p.rounds, &limits::PATH_ROUNDS),
        (
            "travelled",
            "Times travelled",
            p.travelled,
            &limits::TIMES_TRAVELLED,
        ),
    ];
    egui::Grid::new(("path-numbers", p.id.0))
        .num_columns(2)
        .show(ui, |ui| {
            // The name as wide as the panel: "Rookery Hill – Greyspine Foot"
            // whole (never wider: the grid would widen the panel).
            ui.label("Name");
            let width = ui.available_width().clamp(120.0, 200.0);
            let name = super::input::FieldLabel::Unseen("Name");
            if let Some(name) = fields.text(ui, &key("name"), name, &p.name, width) {
                fields.commit(out, p, "name", |p| p.name = name);
            }
            ui.end_row();
            for (field, label, value, range) in numbers {
                ui.label(label);
                let unseen = super::input::FieldLabel::Unseen(label);
                let Some(v) = fields.whole(ui, &key(field), unseen, value, range) else {
                    ui.end_row();
                    continue;
                };
                if field == "rounds" {
                    // The parties on it keep the rounds they made.
                    match waybook_core::travel::set_path_rounds(data, p, v) {
                        Ok(edit) => out.extend(fields.command(Some(edit))),
                        Err(why) => fields.refuse(out, format!("{label}: {why}")),
                    }
                } else {
                    fields.commit(out, p, &label.to_lowercase(), |p| match field {
                        "difficulty" => p.difficulty = v,
                        "danger" => p.danger = v,
                        _ => p.travelled = v,
                    });
                }
                ui.end_row();
            }
        });
}

fn path_editor(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    p: &MapPath,
    out: &mut Vec<Command>,
) {
    let key = |f: &str| format!("path{}:{f}", p.id.0);
    ui.heading(&p.name);
    let name = |id: PlaceId| data.places.get(&id).map_or("?", |p| p.name.as_str());
    ui.label(format!("Between {} and {}", name(p.from), name(p.to)));

    path_numbers_ui(ui, fields, data, p, out);
    ground_ui(ui, fields, p, out);
    ui.horizontal(|ui| {
        let start = data
            .places
            .get(&p.from)
            .and_then(|f| data.region_of_place(f));
        let none = match start {
            Some(r) => format!("its start's ({})", r.name),
            None => "its start's (none)".to_owned(),
        };
        if let Some(region) =
            region_combo(ui, &key("region"), p.region, data, Unpicked::Offered(&none))
        {
            fields.commit(out, p, "region", |p| p.region = region);
        }
    });
    stretches_ui(ui, fields, data, p, out);
    let region = data.region_of_path(p);
    let unpicked = |kind: Kind| match region.and_then(|r| r.encounters.of(kind)) {
        _ if !p.stretches.is_empty() => "the region's of each stretch".to_owned(),
        Some(t) => format!(
            "{}'s ({})",
            region.map_or("", |r| r.name.as_str()),
            data.tables.get(&t).map_or("?", |t| t.name.as_str())
        ),
        None => "none (the GM says)".to_owned(),
    };
    if let Some((kind, table)) =
        encounter_tables_ui(ui, &key("encounters"), &p.encounters, data, unpicked)
    {
        fields.commit(out, p, &format!("{} table", kind.as_str()), |p| {
            *p.encounters.of_mut(kind) = table;
        });
    }
    let mut partial = p.partial;
    if ui
        .checkbox(&mut partial, "Last round is partial (no camp)")
        .changed()
    {
        fields.commit(out, p, "partial round", |p| p.partial = partial);
    }
    let mut wild = p.wild;
    if ui
        .checkbox(&mut wild, "Wild area (benign turns to Peace but Landmarks)")
        .changed()
    {
        fields.commit(out, p, "wild area", |p| p.wild = wild);
    }
    let mut grazing = p.grazing;
    if ui
        .checkbox(&mut grazing, "Animals graze along it (house rule)")
        .changed()
    {
        fields.commit(out, p, "grazing", |p| p.grazing = grazing);
    }
    if let Some(notes) = fields.multiline(ui, &key("notes"), "Notes", &p.notes) {
        fields.commit(out, p, "notes", |p| p.notes = notes);
    }
    if let Some(shown) = super::shown::partyless_ui(ui, &key("shown"), data, &p.shown) {
        fields.commit(out, p, "who sees it", |p| p.shown = shown);
    }
    delete_button_ui(ui, "Delete path", edits::delete_path(data, p.id), out);
}

/// What the hour-by-hour rules read of a path: a trip's leg along it
/// takes its distance at the trip's way of travelling, on its terrain and
/// at its altitude (and depth, for a way that swims).
fn ground_ui(ui: &mut Ui, fields: &mut Typing, p: &MapPath, out: &mut Vec<Command>) {
    let key = |f: &str| format!("path{}:ground:{f}", p.id.0);
    let g = p.ground;
    ui.label(RichText::new("For trips, hour by hour:").strong())
        .on_hover_text(
            "A distance of 0 is not given: each travel round is a day of the trip's travel hours",
        );
    // Two to a row: each field whole at the panel's width.
    ui.horizontal(|ui| {
        if let Some(km) = fields.decimal(ui, &key("km"), "km", g.distance_km, &limits::DISTANCE_KM)
        {
            fields.commit(out, p, "distance", |p| p.ground.distance_km = km);
        }
        if let Some(t) = choice_combo(ui, &key("terrain"), "terrain", g.terrain) {
            fields.commit(out, p, "terrain", |p| p.ground.terrain = t);
        }
    });
    ui.horizontal(|ui| {
        if let Some(m) = fields.whole(
            ui,
            &key("alt"),
            "altitude m",
            g.altitude_m,
            &limits::ALTITUDE_M,
        ) {
            fields.commit(out, p, "altitude", |p| p.ground.altitude_m = m);
        }
        if let Some(d) = fields.whole(ui, &key("depth"), "depth m", g.depth_m, &limits::DEPTH_M) {
            fields.commit(out, p, "depth", |p| p.ground.depth_m = d);
        }
    });
}

/// The stretches of a path in other regions: from which round each lies
/// in which region, a way to add one, and why it cannot be added.
fn stretches_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    p: &MapPath,
    out: &mut Vec<Command>,
) {
    let key = |i: usize, f: &str| format!("path{}:stretch{i}:{f}", p.id.0);
    if !p.stretches.is_empty() {
        let regions: Vec<&str> = (data.regions_of_path(p).iter())
            .map(|r| r.name.as_str())
            .collect();
        ui.label(RichText::new(format!("It lies in {}.", regions.join(" and "))).weak());
    }
    let rounds = *limits::STRETCH_FROM_ROUND.start()..=p.rounds.max(2);
    for (i, stretch) in p.stretches.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label("From round");
            let label = super::input::FieldLabel::Unseen("Stretch from round");
            if let Some(from) =
                fields.whole(ui, &key(i, "from"), label, stretch.from_round, &rounds)
            {
                fields.commit(out, p, "stretch", |p| {
                    p.stretches[i].from_round = from;
                    p.tidy_stretches();
                });
            }
            let prompt = Unpicked::Prompt("a region");
            if let Some(Some(region)) =
                region_combo(ui, &key(i, "region"), Some(stretch.region), data, prompt)
            {
                fields.commit(out, p, "stretch", |p| p.stretches[i].region = region);
            }
            if ui
                .small_button("Remove")
                .on_hover_text("The path's region again from here")
                .clicked()
            {
                fields.commit(out, p, "stretches", |p| {
                    p.stretches.remove(i);
                });
            }
        });
    }
    let regions: Vec<_> = data.regions_by_name().into_iter().map(|r| r.id).collect();
    let offer = p.stretch_offer(&regions);
    let add = ui
        .add_enabled(
            offer.is_ok(),
            egui::Button::new("Add a stretch in another region"),
        )
        .on_hover_text(
            "From that round on, the path lies in that region: its weather and encounters",
        )
        .on_disabled_hover_text(offer.as_ref().err().copied().unwrap_or_default());
    if add.clicked()
        && let Ok(stretch) = offer
    {
        fields.commit(out, p, "stretches", |p| {
            p.stretches.push(stretch);
            p.tidy_stretches();
        });
    }
}

/// Map units to the screen and back.
#[derive(Clone, Copy)]
struct View {
    origin: Pos2,
    pan: Vec2,
    zoom: f32,
}

impl View {
    fn to_screen(self, x: f64, y: f64) -> Pos2 {
        self.origin + (vec2(x as f32, y as f32) - self.pan) * self.zoom
    }
    fn to_map(self, at: Pos2) -> Vec2 {
        (at - self.origin) / self.zoom + self.pan
    }
}

/// Fits the view to the places, with a margin.
fn fit(state: &mut MapState, data: &CampaignData, rect: Rect) {
    state.fitted = true;
    let mut points = data.places.values().map(|p| pos2(p.x as f32, p.y as f32));
    let Some(first) = points.next() else {
        return;
    };
    let bounds = points.fold(Rect::from_min_max(first, first), |r, p| {
        r.union(Rect::from_min_max(p, p))
    });
    let size = bounds.size().max(vec2(100.0, 100.0));
    let zoom = ((rect.width() - 120.0) / size.x)
        .min((rect.height() - 80.0) / size.y)
        .clamp(0.1, 4.0);
    state.zoom = zoom;
    state.pan = bounds.center().to_vec2() - rect.size() / 2.0 / zoom;
}

fn canvas_ui(ui: &mut Ui, state: &mut MapState, data: &CampaignData, out: &mut Vec<Command>) {
    let (background, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let rect = background.rect;
    painter.rect_filled(rect, 4.0, Color32::from_rgb(0xf4, 0xef, 0xe2));
    if !state.fitted && rect.width() > 200.0 {
        fit(state, data, rect);
    }
    let view = pan_and_zoom(ui, state, &background, rect);
    if background.double_clicked()
        && let Some(at) = background.interact_pointer_pos()
    {
        add_place(state, data, view.to_map(at), out);
    }
    let painter = painter.with_clip_rect(rect);
    let dragging = state.dragging;
    let at = |id: PlaceId| -> Option<Pos2> {
        match dragging {
            Some((dragged, pos)) if dragged == id => {
                Some(view.to_screen(f64::from(pos.x), f64::from(pos.y)))
            }
            _ => data.places.get(&id).map(|p| view.to_screen(p.x, p.y)),
        }
    };
    // What lies outside the canvas is not drawn: a map may hold thousands.
    let near = rect.expand(80.0);
    let mut centres: Vec<(&Place, Pos2)> = data
        .places
        .values()
        .filter_map(|p| at(p.id).map(|c| (p, c)))
        .filter(|(p, c)| near.contains(*c) || dragging.is_some_and(|(d, _)| d == p.id))
        .collect();
    // The places take their spots first, then the parties' flags and the
    // places' names (the selected one's first); then the paths' labels fit
    // where they can.
    let picked = |id: PlaceId| {
        state.selected == Some(Selected::Place(id)) || dragging.is_some_and(|(d, _)| d == id)
    };
    centres.sort_by_key(|(p, _)| !picked(p.id));
    let mut taken = labels::Taken::default();
    for (_, centre) in &centres {
        taken.take(Rect::from_center_size(
            *centre,
            Vec2::splat(PLACE_RADIUS * 2.0),
        ));
    }
    // The parties' flags, then the selected path's label, clear of them,
    // then the parties' names, clear of it.
    let positions: Vec<(&Party, Pos2)> = (data.parties.values())
        .filter_map(|party| Some((party, party_position(data, party, &at)?)))
        .collect();
    for (_, position) in &positions {
        taken.take(Rect::from_center_size(*position, Vec2::splat(12.0)));
    }
    let selected_label = match state.selected {
        Some(Selected::Path(id)) => data.paths.get(&id).and_then(|p| {
            let (a, b) = (at(p.from)?, at(p.to)?);
            let size = path_label(&painter, p, SELECTED_PATH).size() + LABEL_PADDING;
            Some(labels::selected_label_spot(&mut taken, a, b, size))
        }),
        _ => None,
    };
    // The parties' flags and names are always drawn, over the paths.
    let flags: Vec<(Pos2, Label)> = (positions.into_iter())
        .map(|(party, position)| {
            let name = painter.layout_no_wrap(party.name.clone(), FontId::proportional(12.0), FLAG);
            let spot = flag_label_spot(position, name.size(), rect, &taken);
            taken.take(spot);
            (position, (spot.min, name))
        })
        .collect();
    let places = labelled(&painter, centres, &picked, &mut taken);
    trips_ui(&painter, data, &at, near);
    for path in data.paths.values() {
        let (Some(a), Some(b)) = (at(path.from), at(path.to)) else {
            continue;
        };
        if near.intersects(Rect::from_two_pos(a, b)) {
            path_ui(
                ui,
                &painter,
                (state, &mut taken, selected_label),
                path,
                (a, b),
            );
        }
    }
    for drawn in places {
        place_ui(ui, &painter, state, data, drawn, view, out);
    }
    // The parties last: a flag and its name over a place's selection ring.
    for (position, name) in flags {
        party_marker(&painter, position, name);
    }
    if data.places.is_empty() {
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "Double-click to add a place",
            FontId::proportional(16.0),
            Color32::GRAY,
        );
    }
}

/// Each trip still on the road, under the paths: a band in the flag's
/// colour along the paths it follows, fainter where it has walked.
fn trips_ui(
    painter: &egui::Painter,
    data: &CampaignData,
    at: &dyn Fn(PlaceId) -> Option<Pos2>,
    near: Rect,
) {
    for journey in data.journeys.values() {
        for leg in waybook_core::plan::position::route_on_the_map(journey) {
            let Some(path) = data.paths.get(&leg.path) else {
                continue;
            };
            let (Some(a), Some(b)) = (at(path.from), at(path.to)) else {
                continue;
            };
            if near.intersects(Rect::from_two_pos(a, b)) {
                let alpha = if leg.walked { 0.18 } else { 0.4 };
                painter.line_segment([a, b], Stroke::new(10.0, FLAG.gamma_multiply(alpha)));
            }
        }
    }
}

/// The trips the map draws, in words: "By the river, on the map: Ferry
/// lane, Down the Silverrun … ahead".
fn trips_list_ui(ui: &mut Ui, data: &CampaignData) {
    for journey in data.journeys.values() {
        let route = waybook_core::plan::position::route_on_the_map(journey);
        let ahead: Vec<&str> = (route.iter())
            .filter(|r| !r.walked)
            .filter_map(|r| data.paths.get(&r.path).map(|p| p.name.as_str()))
            .collect();
        if !ahead.is_empty() {
            ui.label(
                RichText::new(format!("Trip {}: {} ahead", journey.name, ahead.join(", ")))
                    .color(FLAG),
            )
            .on_hover_text("Drawn on the map as a band along its paths, fainter where walked");
        }
    }
}

/// The wheel and a pinch zoom about the pointer; a drag of the background
/// pans. The view that results.
fn pan_and_zoom(ui: &Ui, state: &mut MapState, background: &egui::Response, rect: Rect) -> View {
    if ui.rect_contains_pointer(rect) {
        let (scroll, zoom, pointer) = ui.input(|i| {
            (
                i.smooth_scroll_delta.y,
                i.zoom_delta(),
                i.pointer.hover_pos(),
            )
        });
        let factor = zoom * (scroll / 400.0).exp();
        if (factor - 1.0).abs() > 1e-4
            && let Some(at) = pointer
        {
            let view = View {
                origin: rect.min,
                pan: state.pan,
                zoom: state.zoom,
            };
            let fixed = view.to_map(at);
            state.zoom = (state.zoom * factor).clamp(0.1, 8.0);
            state.pan = fixed - (at - rect.min) / state.zoom;
        }
    }
    if background.dragged() && state.dragging.is_none() {
        state.pan -= background.drag_delta() / state.zoom;
    }
    View {
        origin: rect.min,
        pan: state.pan,
        zoom: state.zoom,
    }
}

/// The places drawn with their names where the names have room; the
/// picked ones' names always.
fn labelled<'a>(
    painter: &egui::Painter,
    centres: Vec<(&'a Place, Pos2)>,
    picked: &dyn Fn(PlaceId) -> bool,
    taken: &mut labels::Taken,
) -> Vec<Drawn<'a>> {
    centres
        .into_iter()
        .map(|(place, centre)| {
            let galley =
                painter.layout_no_wrap(place.name.clone(), FontId::proportional(13.0), INK);
            let spot = Rect::from_min_size(
                centre + vec2(-galley.size().x / 2.0, PLACE_RADIUS + 3.0),
                galley.size(),
            );
            let shown = if picked(place.id) {
                taken.take(spot);
                true
            } else {
                taken.take_if_free(spot, LABEL_MARGIN)
            };
            Drawn {
                place,
                centre,
                label: shown.then_some((spot.min, galley)),
            }
        })
        .collect()
}

/// The colour of place names.
const INK: Color32 = Color32::from_rgb(0x22, 0x22, 0x22);
/// The space kept clear around a label.
const LABEL_MARGIN: Vec2 = vec2(4.0, 2.0);
/// A path shorter than this on screen is drawn without its label.
const SHORTEST_LABELLED: f32 = 40.0;

/// A label laid out, and where its top-left corner goes.
type Label = (Pos2, Arc<Galley>);

/// A place on the canvas: where, and its name if it has room.
struct Drawn<'a> {
    place: &'a Place,
    centre: Pos2,
    label: Option<Label>,
}

/// A path's line, and its label (the click target) if the path is long
/// enough on screen to carry it and the spot is free, or it is selected.
fn path_ui(
    ui: &mut Ui,
    painter: &egui::Painter,
    (state, taken, selected_label): (&mut MapState, &mut labels::Taken, Option<Rect>),
    path: &MapPath,
    (a, b): (Pos2, Pos2),
) {
    let selected = state.selected == Some(Selected::Path(path.id));
    let colour = if selected {
        SELECTED_PATH
    } else {
        Color32::from_rgb(0x6b, 0x5b, 0x45)
    };
    let stroke = Stroke::new(if selected { 3.5 } else { 2.0 }, colour);
    if path.wild {
        painter.extend(egui::Shape::dashed_line(&[a, b], stroke, 8.0, 5.0));
    } else {
        painter.line_segment([a, b], stroke);
    }
    let length = (b - a).length();
    if !selected && length < SHORTEST_LABELLED {
        return;
    }
    let galley = path_label(painter, path, colour);
    let label = match selected_label.filter(|_| selected) {
        // Placed before the parties' names, clear of them.
        Some(label) => label,
        None => {
            let label = Rect::from_center_size(a + (b - a) / 2.0, galley.size() + LABEL_PADDING);
            let fits = length >= label.width() + 2.0 * PLACE_RADIUS;
            if !selected && (!fits || !taken.take_if_free(label, LABEL_MARGIN)) {
                return;
            }
            label
        }
    };
    painter.rect_filled(
        label,
        3.0,
        Color32::from_rgba_unmultiplied(0xff, 0xfd, 0xf6, 0xe6),
    );
    painter.galley(label.min + vec2(4.0, 2.0), galley, colour);
    let response = ui.interact(
        label,
        ui.scope_id().with(("path", path.id.0)),
        Sense::click(),
    );
    let response = crate::ui::measure::hover_ui(response, |ui| {
        ui.label("Click to edit this path");
    });
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Path {}", path.name))
    });
    if response.clicked() {
        state.selected = Some(Selected::Path(path.id));
    }
}

/// The colour of the selected path and its label.
const SELECTED_PATH: Color32 = Color32::from_rgb(0x1d, 0x3f, 0x66);
/// Around a path label's text, inside its box.
const LABEL_PADDING: Vec2 = vec2(8.0, 4.0);

/// A path's label: its name over its figures.
fn path_label(
    painter: &egui::Painter,
    path: &MapPath,
    colour: Color32,
) -> std::sync::Arc<egui::Galley> {
    painter.layout_no_wrap(
        format!("{}\n{}", path.name, path_summary(path)),
        FontId::proportional(11.0),
        colour,
    )
}

fn place_ui(
    ui: &mut Ui,
    painter: &egui::Painter,
    state: &mut MapState,
    data: &CampaignData,
    Drawn {
        place,
        centre,
        label,
    }: Drawn,
    view: View,
    out: &mut Vec<Command>,
) {
    let selected = state.selected == Some(Selected::Place(place.id));
    let hit = Rect::from_center_size(centre, Vec2::splat(PLACE_RADIUS * 3.0));
    let response = ui.interact(
        hit,
        ui.scope_id().with(("place", place.id.0)),
        Sense::click_and_drag(),
    );
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Place {}", place.name))
    });
    // A name left out for want of room shows on hover.
    let response = if label.is_none() {
        crate::ui::measure::hover_ui(response, |ui| {
            ui.label(&place.name);
        })
    } else {
        response
    };
    if response.drag_started() {
        state.dragging = Some((place.id, vec2(place.x as f32, place.y as f32)));
    }
    if response.dragged()
        && let Some((_, pos)) = &mut state.dragging
    {
        *pos += response.drag_delta() / view.zoom;
    }
    if response.drag_stopped()
        && let Some((id, pos)) = state.dragging.take()
        && id == place.id
    {
        out.push(Command::Apply(records::move_place(
            place,
            f64::from(pos.x),
            f64::from(pos.y),
        )));
    }
    if response.clicked() {
        pick_place(state, data, place.id, out);
    }
    let fill = kind_colour(place.kind);
    painter.circle_filled(centre, PLACE_RADIUS, fill);
    if selected || state.drawing == Some(Some(place.id)) {
        painter.circle_stroke(
            centre,
            PLACE_RADIUS + 4.0,
            Stroke::new(2.5, Color32::from_rgb(0xd0, 0x8c, 0x00)),
        );
    }
    if let Some((top_left, galley)) = label {
        painter.galley(top_left, galley, INK);
    }
}

/// The colour of a party's flag and name.
const FLAG: Color32 = Color32::from_rgb(0xc0, 0x39, 0x2b);
/// Between a party's flag and its name.
const FLAG_GAP: f32 = 9.0;

/// Where a party's name goes beside its flag at `position`: to the right,
/// or to the left where the canvas would cut it off or the right side is
/// taken (the selected path's label) and the left is not.
fn flag_label_spot(position: Pos2, size: Vec2, canvas: Rect, taken: &labels::Taken) -> Rect {
    let right = Rect::from_min_size(position + vec2(FLAG_GAP, -size.y / 2.0), size);
    let left = right.translate(vec2(-(size.x + 2.0 * FLAG_GAP), 0.0));
    let fits = |r: &Rect| canvas.contains_rect(*r);
    let free = |r: &Rect| fits(r) && taken.is_free(*r, Vec2::ZERO);
    if right.max.x > canvas.max.x || (!free(&right) && free(&left)) {
        left
    } else {
        right
    }
}

/// Where a party is on the canvas: above its place, or along its path by
/// the rounds done.
fn party_position(
    data: &CampaignData,
    party: &Party,
    at: &impl Fn(PlaceId) -> Option<Pos2>,
) -> Option<Pos2> {
    match (party.travel.on_path, party.travel.place) {
        (Some(on), _) => {
            let path = data.paths.get(&on.path)?;
            let (a, b) = (at(on.from)?, at(on.toward)?);
            let total = (path.rounds + i64::from(on.extra)).max(1) as f32;
            Some(a + (b - a) * (on.rounds_done(path) as f32 / total))
        }
        (None, Some(place)) => Some(at(place)? + vec2(0.0, -PLACE_RADIUS - 12.0)),
        (None, None) => {
            // Off the map past its last place: drawn a little beyond it,
            // toward the place it is on the way to (else to the east).
            let beyond = party.travel.beyond?;
            let from = at(beyond.from)?;
            let toward = (beyond.toward.and_then(at))
                .map(|to| (to - from).normalized())
                .filter(|d| d.is_finite() && *d != Vec2::ZERO)
                .unwrap_or(Vec2::X);
            Some(from + toward * (PLACE_RADIUS + 28.0))
        }
    }
}

/// A party's flag, with its name to the right.
fn party_marker(painter: &egui::Painter, position: Pos2, (top_left, name): Label) {
    painter.circle_filled(position, 6.0, FLAG);
    painter.circle_stroke(position, 6.0, Stroke::new(1.5, Color32::WHITE));
    painter.galley(top_left, name, FLAG);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 34, 34: a party at the canvas's right edge had its name cut off.
    #[test]
    fn a_flag_at_the_right_edge_has_its_name_on_the_left() {
        let canvas = Rect::from_min_max(Pos2::ZERO, Pos2::new(400.0, 300.0));
        let size = vec2(120.0, 14.0);
        let taken = labels::Taken::default();
        let inside = flag_label_spot(Pos2::new(100.0, 50.0), size, canvas, &taken);
        assert_eq!(
            inside.min.x,
            100.0 + FLAG_GAP,
            "to the right where there is room"
        );
        let edge = flag_label_spot(Pos2::new(350.0, 50.0), size, canvas, &taken);
        assert!(canvas.contains_rect(edge), "{edge:?} stays on the canvas");
        assert_eq!(edge.max.x, 350.0 - FLAG_GAP, "to the left of the flag");
    }
}
