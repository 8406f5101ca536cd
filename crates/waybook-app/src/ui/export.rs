//! The export dialog: which sheets (this character, the selected ones, a
//! party, the whole roster, a blank sheet, a party's travel-round worksheet
//! or travel log, a blank worksheet) on which paper. The paper is
//! remembered; the file is chosen next and rendered in the background.

use super::choices::{self, Unpicked};
use super::roster::RosterState;
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::model::{CampaignData, PartyId};
use waybook_print::pdf::{self, Paper, Sheet};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scope {
    #[default]
    Selected,
    Party,
    Roster,
    Blank,
    /// The worksheet for the party's next travel round.
    TravelRound,
    BlankTravelRound,
    TravelLog,
}

#[derive(Debug, Default)]
pub struct ExportState {
    pub open: bool,
    pub scope: Scope,
    pub party: Option<PartyId>,
}

/// The sheets a scope stands for, in print order.
pub fn sheets(
    scope: Scope,
    roster: &RosterState,
    party: Option<PartyId>,
    data: &CampaignData,
) -> Vec<Sheet> {
    match scope {
        Scope::Selected => {
            let mut chosen: Vec<_> = roster
                .chosen()
                .filter_map(|id| data.characters.get(&id))
                .collect();
            waybook_core::model::sort_by_name(&mut chosen, |c| &c.name);
            chosen.into_iter().map(|c| Sheet::Character(c.id)).collect()
        }
        Scope::Party => party
            .filter(|p| data.parties.contains_key(p))
            .map(Sheet::Party)
            .into_iter()
            .collect(),
        Scope::Roster => pdf::whole_roster(data),
        Scope::Blank => vec![Sheet::Blank],
        Scope::TravelRound | Scope::TravelLog => party
            .filter(|p| data.parties.contains_key(p))
            .map(|p| match scope {
                Scope::TravelLog => Sheet::TravelLog(p),
                _ => Sheet::TravelRound(p),
            })
            .into_iter()
            .collect(),
        Scope::BlankTravelRound => vec![Sheet::BlankTravelRound],
    }
}

pub fn export_dialog_ui(
    ui: &mut Ui,
    state: &mut ExportState,
    roster: &RosterState,
    data: &CampaignData,
    paper: &mut Paper,
    out: &mut Vec<Command>,
) {
    if !state.open {
        return;
    }
    if state.party.is_none_or(|p| !data.parties.contains_key(&p)) {
        state.party = data.parties.keys().next().copied();
    }
    let modal = egui::Modal::new(egui::Id::unique("export")).show(ui.ctx(), |ui| {
        ui.set_width(380.0);
        ui.heading("Export sheets to PDF");
        ui.add_space(4.0);
        let selected = roster.chosen().count();
        ui.radio_value(
            &mut state.scope,
            Scope::Selected,
            format!("Selected characters ({selected})"),
        );
        ui.horizontal(|ui| {
            ui.radio_value(&mut state.scope, Scope::Party, "Party sheet");
            choices::party_combo(
                ui,
                "export-party",
                "for",
                data,
                &mut state.party,
                Unpicked::Prompt("no party"),
            );
        });
        ui.radio_value(
            &mut state.scope,
            Scope::Roster,
            format!("Whole roster ({})", data.characters.len()),
        );
        ui.radio_value(&mut state.scope, Scope::Blank, "Blank character sheet");
        ui.radio_value(
            &mut state.scope,
            Scope::TravelRound,
            "Travel-round worksheet for the party",
        );
        ui.radio_value(
            &mut state.scope,
            Scope::BlankTravelRound,
            "Blank travel-round worksheet",
        );
        ui.radio_value(
            &mut state.scope,
            Scope::TravelLog,
            "Travel log of the party",
        );
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.label("Paper:");
            for p in [Paper::A4, Paper::Letter] {
                ui.radio_value(paper, p, p.label());
            }
        });
        let sheets = sheets(state.scope, roster, state.party, data);
        // Always one line here, so the buttons below never move under the pointer.
        let note = if sheets.is_empty() {
            "Nothing to print: select characters in the roster first.".to_owned()
        } else {
            format!(
                "{} to print.",
                waybook_core::model::plural(sheets.len(), "sheet")
            )
        };
        ui.add(egui::Label::new(RichText::new(note).weak()).truncate())
            .on_hover_text("Ctrl+click in the roster adds characters to the selection.");
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!sheets.is_empty(), egui::Button::new("Export…"))
                .clicked()
            {
                out.push(Command::Export(sheets.clone()));
                state.open = false;
            }
            if ui.button("Cancel").clicked() {
                state.open = false;
            }
        });
    });
    if modal.should_close() {
        state.open = false;
    }
}
