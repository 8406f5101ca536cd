//! The rules screen: a dice roller for any dice expression, the roll tables
//! (the GM's own, which start as marked placeholders, and the texts' fixed
//! ones), and the rules notes: how Waybook reads each ambiguous sentence of
//! the rule texts.

use super::input::{ERROR_COLOUR, Entry, Typing};
use super::tables::{Picked, RollProblem, tables_ui};
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::model::{CampaignData, DiceText, LogKind};
use waybook_rules::dice::Dice;
use waybook_rules::notes::{COMPANION, DICE, NOTES, ROUNDS, TRAVEL};

const HISTORY: usize = 12;

#[derive(Debug)]
pub struct RulesState {
    pub expression: Entry<DiceText>,
    pub table: Picked,
    pub fields: Typing,
    /// Why the last roll of the dice roller could not be made.
    pub roll_error: Option<String>,
    /// Why the last roll on a table could not be made.
    pub table_error: Option<String>,
}

impl Default for RulesState {
    fn default() -> Self {
        Self {
            expression: Entry::typed("2d10kh1", ()),
            table: Picked::None,
            fields: Typing::default(),
            roll_error: None,
            table_error: None,
        }
    }
}

impl RulesState {
    /// Sends a roll's working into the campaign log, or keeps the error
    /// where it was made.
    fn record(
        &mut self,
        result: Result<String, RollProblem>,
        kind: LogKind,
        out: &mut Vec<Command>,
    ) {
        let error = if kind == LogKind::Table {
            &mut self.table_error
        } else {
            &mut self.roll_error
        };
        match result {
            Ok(line) => {
                *error = None;
                let why = match kind {
                    LogKind::Table => "Roll on a table",
                    _ => "Roll on the dice roller",
                };
                out.push(Command::Record {
                    kind,
                    why: why.to_owned(),
                    rolled: line,
                    at: None,
                });
            }
            Err(problem) => *error = Some(problem.to_string()),
        }
    }
}

impl super::navigation::View for RulesState {
    fn view(
        &mut self,
        ui: &mut Ui,
        desk: &mut super::navigation::Desk<'_>,
    ) -> Option<super::Screen> {
        rules_ui(ui, self, desk.data, desk.dice, desk.out);
        None
    }
}

fn rules_ui(
    ui: &mut Ui,
    state: &mut RulesState,
    data: &CampaignData,
    dice: &mut Dice,
    out: &mut Vec<Command>,
) {
    egui::Panel::left("roller")
        .resizable(true)
        .default_size(480.0)
        .show(ui, |ui| {
            ui.heading("Dice roller");
            ui.horizontal(|ui| {
                let (response, expression) =
                    state
                        .expression
                        .show(ui, "Dice expression", 120.0, Some("2d10kh1"));
                let response = response.on_hover_text(
                "NdS, keep highest khN or lowest klN, then + or - a number: d20, 2d10kh1, 1d4+2",
            );
                let entered =
                    response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                // Greyed while the expression does not read: its field says why.
                let roll = ui
                    .add_enabled(expression.is_ok(), egui::Button::new("Roll"))
                    .on_disabled_hover_text("The dice expression does not read: see below it");
                if let Ok(expression) = expression
                    && (roll.clicked() || entered)
                {
                    let result = expression
                        .expr()
                        .roll(dice)
                        .map_err(RollProblem::from)
                        .map(|roll| roll.record("Roll").to_string());
                    state.record(result, LogKind::Dice, out);
                }
            });
            if let Some(error) = &state.roll_error {
                ui.label(RichText::new(error).color(ERROR_COLOUR));
            }
            ui.add_space(8.0);
            ui.heading("Tables");
            if let Some(result) =
                tables_ui(ui, &mut state.table, &mut state.fields, data, dice, out)
            {
                state.record(result, LogKind::Table, out);
            }
            if let Some(error) = &state.table_error {
                ui.label(RichText::new(error).color(ERROR_COLOUR));
            }
            ui.add_space(8.0);
            ui.label(RichText::new("Rolls (kept in the campaign log)").strong());
            super::log::unread_log_ui(ui, data);
            let rolls = data
                .log
                .values()
                .rev()
                .filter(|e| matches!(e.kind, LogKind::Dice | LogKind::Table))
                .take(HISTORY);
            for e in rolls {
                let undone = if e.undone { " (undone)" } else { "" };
                ui.label(RichText::new(format!("{}{undone}", e.rolled)).monospace());
            }
        });
    egui::CentralPanel::default().show(ui, |ui| {
        ui.heading("Rules notes");
        ui.label(
            RichText::new("How Waybook reads the rule texts where they are ambiguous or silent.")
                .weak(),
        );
        egui::ScrollArea::vertical()
            .auto_shrink(false)
            .show(ui, |ui| {
                for (text, title) in [
                    (DICE, "Dice"),
                    (COMPANION, "Travellers' Companion"),
                    (ROUNDS, "Travel rounds"),
                    (TRAVEL, "Exploration and travel"),
                ] {
                    egui::CollapsingHeader::new(title)
                        .default_open(true)
                        .show(ui, |ui| {
                            for note in NOTES.iter().filter(|n| n.text == text) {
                                ui.horizontal_wrapped(|ui| {
                                    ui.label(RichText::new(note.topic).strong());
                                    ui.label(note.reading);
                                });
                            }
                        });
                }
            });
    });
}
