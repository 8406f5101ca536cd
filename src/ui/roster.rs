//! The roster screen: a sortable, filterable, virtualised table of every
//! character, add / duplicate / delete, and the selected character's sheet.

use super::fields::FieldBuffers;
use super::sheet::sheet_ui;
use crate::app::Command;
use crate::model::{CampaignData, Change, Character, CharacterId, CharacterKind, Choice, Edit};
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortColumn {
    #[default]
    Name,
    Kind,
    Player,
    Party,
}

#[derive(Debug, Default)]
pub struct RosterState {
    pub filter: String,
    pub kind: Option<CharacterKind>,
    pub sort: SortColumn,
    pub descending: bool,
    pub selected: Option<CharacterId>,
    /// Characters added to the selection with Ctrl+click (for printing).
    pub also_selected: std::collections::BTreeSet<CharacterId>,
    pub fields: FieldBuffers,
    /// The visible rows for (revision, filter, kind, sort): rebuilt only when one changes.
    cache: Option<(RowsKey, Vec<CharacterId>)>,
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

    fn rows(&mut self, data: &CampaignData) -> &[CharacterId] {
        let key: RowsKey = (
            data.revision,
            self.filter.clone(),
            self.kind,
            self.sort,
            self.descending,
        );
        if self.cache.as_ref().is_none_or(|(k, _)| *k != key) {
            let rows = visible_rows(data, &self.filter, self.kind, self.sort, self.descending);
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
                || c.player.to_lowercase().contains(&needle)
                || party(c).to_lowercase().contains(&needle)
        })
        .collect();
    rows.sort_by_cached_key(|c| match sort {
        SortColumn::Name => c.name.to_lowercase(),
        SortColumn::Kind => c.kind.label().to_owned(),
        SortColumn::Player => c.player.to_lowercase(),
        SortColumn::Party => party(c).to_lowercase(),
    });
    if descending {
        rows.reverse();
    }
    rows.into_iter().map(|c| c.id).collect()
}

pub fn roster_ui(
    ui: &mut Ui,
    state: &mut RosterState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    if state
        .selected
        .is_some_and(|id| !data.characters.contains_key(&id))
    {
        state.selected = None;
    }
    egui::Panel::left("roster-table")
        .resizable(true)
        .default_size(470.0)
        .min_size(320.0)
        .show(ui, |ui| {
            toolbar_ui(ui, state, data, out);
            ui.separator();
            table_ui(ui, state, data);
        });
    egui::CentralPanel::default().show(ui, |ui| {
        match state.selected.and_then(|id| data.characters.get(&id)) {
            Some(c) => {
                egui::ScrollArea::vertical()
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        sheet_ui(ui, &mut state.fields, data, c, out);
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

fn toolbar_ui(ui: &mut Ui, state: &mut RosterState, data: &CampaignData, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        let label = ui.label("Filter").id;
        ui.add(
            egui::TextEdit::singleline(&mut state.filter)
                .hint_text("name, player or party")
                .desired_width(150.0),
        )
        .labelled_by(label);
        let label_id = ui.label("Show").id;
        egui::ComboBox::from_id_salt("kind-filter")
            .selected_text(state.kind.map_or("All kinds", CharacterKind::label))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut state.kind, None, "All kinds");
                for k in <CharacterKind as strum::IntoEnumIterator>::iter() {
                    ui.selectable_value(&mut state.kind, Some(k), k.label());
                }
            })
            .response
            .labelled_by(label_id);
    });
    ui.horizontal(|ui| {
        if ui.button("Add character").clicked() {
            let c = Character::new(
                data.next_character_id(),
                "New character",
                CharacterKind::Hero,
            );
            state.selected = Some(c.id);
            out.push(Command::Apply(Edit::new(
                "Add character",
                vec![Change::character(None, Some(&c))],
            )));
        }
        let selected = state.selected.and_then(|id| data.characters.get(&id));
        if ui
            .add_enabled(selected.is_some(), egui::Button::new("Duplicate"))
            .clicked()
            && let Some(c) = selected
        {
            let mut copy = c.clone();
            copy.id = data.next_character_id();
            copy.name = format!("{} (copy)", c.name);
            state.selected = Some(copy.id);
            out.push(Command::Apply(Edit::new(
                format!("Duplicate {}", c.name),
                vec![Change::character(None, Some(&copy))],
            )));
        }
        if ui
            .button("Export PDF…")
            .on_hover_text("Print sheets of these characters, a party or a blank sheet")
            .clicked()
        {
            out.push(Command::Run(crate::app::actions::Action::ExportPdf));
        }
        if ui
            .add_enabled(selected.is_some(), egui::Button::new("Delete"))
            .clicked()
            && let Some(c) = selected
        {
            out.push(Command::Apply(crate::app::edits::delete_character(data, c)));
            state.selected = None;
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
    let mut clicked = None;
    let mut sort_by = None;
    TableBuilder::new(ui)
        .striped(true)
        .sense(egui::Sense::click())
        .column(Column::remainder().at_least(140.0).clip(true))
        .column(Column::auto().at_least(80.0))
        .column(Column::auto().at_least(70.0))
        .column(Column::remainder().at_least(90.0).clip(true))
        .header(24.0, |mut header| {
            for (column, title) in [
                (SortColumn::Name, "Name"),
                (SortColumn::Kind, "Kind"),
                (SortColumn::Player, "Player"),
                (SortColumn::Party, "Party"),
            ] {
                header.col(|ui| {
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
                row.col(|ui| {
                    ui.label(c.kind.label());
                });
                row.col(|ui| {
                    ui.label(&c.player);
                });
                row.col(|ui| {
                    ui.label(
                        c.party
                            .and_then(|p| data.parties.get(&p))
                            .map_or("", |p| p.name.as_str()),
                    );
                });
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
