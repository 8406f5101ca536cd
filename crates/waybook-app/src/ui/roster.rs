//! The roster screen: a sortable, filterable, virtualised table of every
//! character, add / duplicate / delete, and the selected character's sheet.

use super::input::{Entry, Typing};
use super::sheet::{field_key, sheet_ui};
use crate::app::Command;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};
use waybook_core::edits::{self, KitFate, records};
use waybook_core::model::{
    CampaignData, Character, CharacterId, CharacterKind, NaturalKey, PartyId,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortColumn {
    #[default]
    Name,
    Kind,
    Level,
    Wounds,
    Exhaustion,
    Player,
    Party,
}

#[derive(Debug, Default)]
pub struct RosterState {
    pub filter: Entry<String>,
    pub kind: Option<CharacterKind>,
    pub sort: SortColumn,
    pub descending: bool,
    pub selected: Option<CharacterId>,
    /// Characters added to the selection with Ctrl+click (for printing).
    pub also_selected: std::collections::BTreeSet<CharacterId>,
    pub fields: Typing,
    /// The names typed for a level-up, and a memory being written.
    pub level_up: super::heroes::LevelUpDrafts,
    sheet_lists: super::sheet::SheetLists,
    /// Characters the GM asked to delete, waiting for the answer.
    pub confirm_delete: Option<DeleteQuestion>,
    /// The visible rows for (revision, filter, kind, sort): rebuilt only when one changes.
    cache: Option<(RowsKey, Vec<CharacterId>)>,
}

/// "Delete these characters? What of what they carry?"
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeleteQuestion {
    pub ids: Vec<CharacterId>,
    pub fate: KitFate,
}

type RowsKey = (u64, String, Option<CharacterKind>, SortColumn, bool);

impl RosterState {
    /// The selected character and those added with Ctrl+click.
    pub fn chosen(&self) -> impl Iterator<Item = CharacterId> + '_ {
        self.selected.into_iter().chain(
            self.also_selected
                .iter()
                .copied()
                .filter(|id| Some(*id) != self.selected),
        )
    }

    fn is_chosen(&self, id: CharacterId) -> bool {
        self.selected == Some(id) || self.also_selected.contains(&id)
    }

    /// A click selects one character; Ctrl+click adds or removes one.
    fn click(&mut self, id: CharacterId, add: bool) {
        if !add {
            self.also_selected.clear();
            self.selected = Some(id);
        } else if self.is_chosen(id) {
            self.also_selected.remove(&id);
            if self.selected == Some(id) {
                self.selected = self.also_selected.pop_first();
            }
        } else {
            self.also_selected.extend(self.selected);
            self.selected = Some(id);
        }
    }

    /// Selects one character alone.
    fn select(&mut self, id: CharacterId) {
        self.also_selected.clear();
        self.selected = Some(id);
    }

    fn ask_delete(&mut self) {
        let ids: Vec<CharacterId> = self.chosen().collect();
        if !ids.is_empty() {
            self.confirm_delete = Some(DeleteQuestion {
                ids,
                fate: KitFate::default(),
            });
        }
    }

    fn rows(&mut self, data: &CampaignData) -> &[CharacterId] {
        let key: RowsKey = (
            data.revision,
            self.filter.text().to_owned(),
            self.kind,
            self.sort,
            self.descending,
        );
        if self.cache.as_ref().is_none_or(|(k, _)| *k != key) {
            let rows = visible_rows(
                data,
                self.filter.text(),
                self.kind,
                self.sort,
                self.descending,
            );
            self.cache = Some((key, rows));
        }
        self.cache.as_ref().map_or(&[], |(_, rows)| rows)
    }
}

/// The characters matching the filter, sorted; ties keep id order.
pub fn visible_rows(
    data: &CampaignData,
    filter: &str,
    kind: Option<CharacterKind>,
    sort: SortColumn,
    descending: bool,
) -> Vec<CharacterId> {
    let needle = filter.trim().to_lowercase();
    let party = |c: &Character| {
        c.party
            .and_then(|p| data.parties.get(&p))
            .map_or("", |p| p.name.as_str())
    };
    let mut rows: Vec<&Character> = data
        .characters
        .values()
        .filter(|c| kind.is_none_or(|k| c.kind == k))
        .filter(|c| {
            needle.is_empty()
                || c.name.to_lowercase().contains(&needle)
                || data.player_name(c.player).to_lowercase().contains(&needle)
                || party(c).to_lowercase().contains(&needle)
        })
        .collect();
    // Numbers as text in natural order ("9" before "10"); ties by name.
    let key = |c: &Character| -> Option<String> {
        match sort {
            SortColumn::Name => None,
            SortColumn::Kind => Some(c.kind.label().to_owned()),
            // Those who do not level sort after every level.
            SortColumn::Level => {
                Some(waybook_core::heroes::level(c).map_or("~".to_owned(), |l| l.to_string()))
            }
            SortColumn::Wounds => Some(c.companion.wounds.current.to_string()),
            SortColumn::Exhaustion => Some(c.exploration.exhaustion.to_string()),
            SortColumn::Player => Some(data.player_name(c.player).to_owned()),
            SortColumn::Party => Some(party(c).to_owned()),
        }
    };
    rows.sort_by_cached_key(|c| {
        (
            key(c).map(|k| NaturalKey::new(&k)),
            NaturalKey::new(&c.name),
        )
    });
    if descending {
        rows.reverse();
    }
    rows.into_iter().map(|c| c.id).collect()
}

pub fn roster_ui(
    ui: &mut Ui,
    state: &mut RosterState,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    if state
        .selected
        .is_some_and(|id| !data.characters.contains_key(&id))
    {
        state.selected = None;
    }
    keys(ui, state, data);
    delete_question_ui(ui, state, data, out);
    egui::Panel::left("roster-table")
        .resizable(true)
        .default_size(470.0)
        .min_size(320.0)
        .show(ui, |ui| {
            toolbar_ui(ui, state, (data, running), out);
            ui.separator();
            table_ui(ui, state, data);
        });
    egui::CentralPanel::default().show(ui, |ui| {
        match state.selected.and_then(|id| data.characters.get(&id)) {
            Some(c) => {
                egui::ScrollArea::vertical()
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        sheet_ui(
                            ui,
                            &mut state.fields,
                            &mut state.level_up,
                            &mut state.sheet_lists,
                            data,
                            c,
                            out,
                        );
                    });
            }
            None => {
                ui.centered_and_justified(|ui| {
                    ui.label(
                        RichText::new("Select a character to see their sheet, or add one.").weak(),
                    );
                });
            }
        }
    });
}

fn toolbar_ui(
    ui: &mut Ui,
    state: &mut RosterState,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        state
            .filter
            .field_hinted(ui, "Filter", 150.0, "name, player or party");
        super::choices::optional_choice_combo(
            ui,
            "kind-filter",
            "Show",
            &mut state.kind,
            "All kinds",
        );
    });
    ui.horizontal(|ui| {
        if ui.button("Add character").clicked() {
            out.push(add_character(state, data, running));
        }
        ui.menu_button("Add animal", |ui| {
            ui.label(RichText::new("Of the house rules' types").weak());
            for kind in &data.settings.house_rules.animal_types {
                if ui.button(&kind.name).clicked() {
                    out.push(add_animal(state, data, running, &kind.name));
                    ui.close();
                }
            }
        })
        .response
        .on_hover_text("A mount or pack animal: it marches, eats and tires with its party");
        let selected = state.selected.and_then(|id| data.characters.get(&id));
        if ui
            .add_enabled(selected.is_some(), egui::Button::new("Duplicate"))
            .clicked()
            && let Some(c) = selected
        {
            let copy = records::duplicate_character(data, c);
            state.select(copy.id);
            out.push(Command::Apply(copy.edit));
        }
        if ui
            .button("Import CSV…")
            .on_hover_text("Add characters from a CSV file, one per row")
            .clicked()
        {
            out.push(Command::Run(crate::app::actions::Action::ImportCsv));
        }
        if ui
            .button("Export PDF…")
            .on_hover_text("Print sheets of these characters, a party or a blank sheet")
            .clicked()
        {
            out.push(Command::Run(crate::app::actions::Action::ExportPdf));
        }
        if ui
            .add_enabled(selected.is_some(), egui::Button::new("Delete…"))
            .on_hover_text("Delete the selected characters (Delete key)")
            .clicked()
        {
            state.ask_delete();
        }
    });
}

fn table_ui(ui: &mut Ui, state: &mut RosterState, data: &CampaignData) {
    let rows = state.rows(data).to_vec();
    ui.label(
        RichText::new(format!(
            "{} of {} characters",
            rows.len(),
            data.characters.len()
        ))
        .weak(),
    );
    if data.characters.is_empty() {
        ui.label(
            RichText::new(
                "No characters yet: Add character above, or Import CSV… to bring a roster from a spreadsheet.",
            )
            .weak(),
        );
    } else if rows.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("No character matches the filter.").weak());
            if ui.button("Show everyone").clicked() {
                state.filter.clear();
                state.kind = None;
            }
        });
    }
    let mut clicked = None;
    let mut sort_by = None;
    TableBuilder::new(ui)
        .striped(true)
        .sense(egui::Sense::CLICK)
        .column(Column::remainder().at_least(140.0).clip(true))
        .column(Column::auto().at_least(80.0))
        .columns(Column::auto(), 3)
        .column(Column::auto().at_least(70.0))
        .column(Column::remainder().at_least(90.0).clip(true))
        .header(24.0, |mut header| {
            sort_by = sort_headers(&mut header, state)
        })
        .body(|body| {
            body.rows(24.0, rows.len(), |mut row| {
                let id = rows[row.index()];
                let Some(c) = data.characters.get(&id) else {
                    return;
                };
                row.set_selected(state.is_chosen(id));
                row.col(|ui| {
                    let response = ui.selectable_label(state.is_chosen(id), &c.name);
                    if response.clicked() {
                        clicked = Some((id, ui.input(|i| i.modifiers.command)));
                    }
                });
                figure_cells(&mut row, data, c);
                if row.response().clicked() {
                    clicked = Some((id, row.response().ctx.input(|i| i.modifiers.command)));
                }
            });
        });
    if let Some(column) = sort_by {
        state.descending = state.sort == column && !state.descending;
        state.sort = column;
    }
    if let Some((id, add)) = clicked {
        state.click(id, add);
    }
}

/// The column titles, each a button that sorts by it; the one pressed.
fn sort_headers(
    header: &mut egui_extras::TableRow<'_, '_>,
    state: &RosterState,
) -> Option<SortColumn> {
    let mut sort_by = None;
    for (column, title) in [
        (SortColumn::Name, "Name"),
        (SortColumn::Kind, "Kind"),
        (SortColumn::Level, "Level"),
        (SortColumn::Wounds, "Wounds"),
        (SortColumn::Exhaustion, "Exhaustion"),
        (SortColumn::Player, "Player"),
        (SortColumn::Party, "Party"),
    ] {
        header.col(|ui| {
            // A title keeps one line; its column is as wide as it.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            let arrow = match (state.sort == column, state.descending) {
                (true, false) => " ▲",
                (true, true) => " ▼",
                _ => "",
            };
            if ui
                .button(RichText::new(format!("{title}{arrow}")).strong())
                .on_hover_text(format!("Sort by {title}"))
                .clicked()
            {
                sort_by = Some(column);
            }
        });
    }
    sort_by
}

/// A character's cells after their name: kind, level, wounds, exhaustion,
/// player and party.
fn figure_cells(row: &mut egui_extras::TableRow<'_, '_>, data: &CampaignData, c: &Character) {
    row.col(|ui| {
        // An animal's kind is its type: "Mule".
        ui.label(
            c.animal
                .as_ref()
                .map_or(c.kind.label(), |a| a.breed.as_str()),
        );
    });
    row.col(|ui| {
        let level = waybook_core::heroes::level(c).map_or("—".to_owned(), |l| l.to_string());
        match waybook_core::heroes::owed_line(c) {
            Some(owed) => {
                ui.add(egui::Label::new(format!("{level} · {owed}")).extend())
                    .on_hover_text("Level up on the sheet's Companion section");
            }
            None => {
                ui.label(level);
            }
        }
    });
    row.col(|ui| {
        let w = c.companion.wounds;
        ui.label(format!("{}/{}", w.current, w.max));
    });
    row.col(|ui| {
        ui.label(c.exploration.exhaustion.to_string());
    });
    row.col(|ui| {
        ui.label(data.player_name(c.player));
    });
    row.col(|ui| {
        ui.label(
            c.party
                .and_then(|p| data.parties.get(&p))
                .map_or("", |p| p.name.as_str()),
        );
    });
}

/// The roster's keys while no text field has the keyboard: Up and Down move
/// the selection through the visible rows, Delete asks to delete.
fn keys(ui: &mut Ui, state: &mut RosterState, data: &CampaignData) {
    if ui.ctx().text_edit_focused() || state.confirm_delete.is_some() {
        return;
    }
    let (up, down, delete) = ui.input_mut(|i| {
        (
            i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
            i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
            i.consume_key(egui::Modifiers::NONE, egui::Key::Delete),
        )
    });
    if up || down {
        let selected = state.selected;
        let rows = state.rows(data);
        let at = selected.and_then(|id| rows.iter().position(|r| *r == id));
        let next = match (at, down) {
            (None, _) => rows.first(),
            (Some(i), true) => rows.get(i + 1).or(rows.get(i)),
            (Some(i), false) => rows.get(i.saturating_sub(1)),
        }
        .copied();
        if let Some(id) = next {
            state.select(id);
        }
    }
    if delete {
        state.ask_delete();
    }
}

/// Asks before deleting: what the characters carry goes to their party's
/// stash unless the GM chooses to drop it.
fn delete_question_ui(
    ui: &mut Ui,
    state: &mut RosterState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    let Some(question) = &mut state.confirm_delete else {
        return;
    };
    let chosen: Vec<&Character> = question
        .ids
        .iter()
        .filter_map(|id| data.characters.get(id))
        .collect();
    let mut close = chosen.is_empty();
    let modal = egui::Modal::new(egui::Id::unique("delete-characters")).show(ui.ctx(), |ui| {
        ui.set_width(440.0);
        let names: Vec<&str> = chosen.iter().map(|c| c.name.as_str()).collect();
        ui.heading(format!("Delete {}?", names.join(", ")));
        let carried: Vec<String> = chosen
            .iter()
            .flat_map(|c| data.holdings_of(waybook_core::model::Holder::Character(c.id)))
            .filter_map(|h| {
                data.items
                    .get(&h.item)
                    .map(|i| format!("{} × {}", h.quantity, i.name))
            })
            .collect();
        if carried.is_empty() {
            ui.label("They carry nothing.");
        } else {
            ui.label(format!("They carry {}.", carried.join(", ")));
            let stash_names: Vec<String> = chosen
                .iter()
                .filter_map(|c| c.party.and_then(|p| data.parties.get(&p)))
                .map(|p| format!("{} stash", p.name))
                .collect();
            let to_stash = if stash_names.is_empty() {
                "Move it to their party's stash (they have no party)".to_owned()
            } else {
                format!("Move it to {}", dedup(stash_names).join(" and "))
            };
            ui.radio_value(&mut question.fate, KitFate::ToStash, to_stash);
            ui.radio_value(&mut question.fate, KitFate::Drop, "Drop it with them");
        }
        ui.label(RichText::new("Edit > Undo brings them back.").weak());
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button("Delete").clicked() {
                match edits::delete_characters(data, &question.ids, question.fate) {
                    Ok(edit) => out.push(Command::Apply(edit)),
                    Err(refusal) => out.push(Command::Refuse(refusal.to_string())),
                }
                close = true;
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
    });
    if close || modal.should_close() {
        state.confirm_delete = None;
    }
}

fn dedup(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names.dedup();
    names
}

/// The party a new character or animal joins: that of the character
/// chosen, if any; else the party run.
fn party_for_new(
    state: &RosterState,
    data: &CampaignData,
    running: Option<PartyId>,
) -> Option<PartyId> {
    state
        .selected
        .and_then(|c| data.characters.get(&c))
        .and_then(|c| c.party)
        .or(running)
}

/// A new hero added to the roster, chosen, with the keyboard in their name.
pub(super) fn add_character(
    state: &mut RosterState,
    data: &CampaignData,
    running: Option<PartyId>,
) -> Command {
    let c = records::add_character(data, party_for_new(state, data, running));
    state.select(c.id);
    state.fields.focus(field_key(c.id, "Name"));
    Command::Apply(c.edit)
}

/// A new animal of `breed`, chosen, with the keyboard in its name.
fn add_animal(
    state: &mut RosterState,
    data: &CampaignData,
    running: Option<PartyId>,
    breed: &str,
) -> Command {
    let party = party_for_new(state, data, running);
    match edits::animals::add_animal(data, party, breed) {
        Ok(c) => {
            state.select(c.id);
            state.fields.focus(field_key(c.id, "Name"));
            Command::Apply(c.edit)
        }
        Err(why) => Command::Refuse(why),
    }
}
