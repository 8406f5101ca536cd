//! The rules screen: a dice roller for any dice expression, rolls on the
//! tables (the texts' own and the GM's placeholders), and the rules notes:
//! how Waybook reads each ambiguous sentence of the rule texts.

use super::fields::ERROR_COLOUR;
use crate::rules::dice::Dice;
use crate::rules::expr::DiceExpr;
use crate::rules::notes::{COMPANION, DICE, NOTES, ROUNDS, TRAVEL};
use crate::rules::tables::{PLACEHOLDER, RollTable, builtin_tables};
use egui::{RichText, Ui};

const HISTORY: usize = 12;

#[derive(Debug)]
pub struct RulesState {
    pub expression: String,
    pub table: usize,
    /// Rolls made here, newest first, with their working.
    pub rolls: Vec<String>,
    pub error: Option<String>,
    tables: Vec<RollTable>,
}

impl Default for RulesState {
    fn default() -> Self {
        Self {
            expression: "2d10kh1".to_owned(),
            table: 0,
            rolls: Vec::new(),
            error: None,
            tables: builtin_tables(),
        }
    }
}

impl RulesState {
    fn record(&mut self, result: Result<String, String>) {
        match result {
            Ok(line) => {
                self.error = None;
                self.rolls.insert(0, line);
                self.rolls.truncate(HISTORY);
            }
            Err(message) => self.error = Some(message),
        }
    }
}

pub fn rules_ui(ui: &mut Ui, state: &mut RulesState, dice: &mut Dice) {
    egui::Panel::left("roller").resizable(true).default_size(480.0).show(ui, |ui| {
        ui.heading("Dice roller");
        ui.horizontal(|ui| {
            let label = ui.label("Dice expression").id;
            let response = ui
                .add(egui::TextEdit::singleline(&mut state.expression).desired_width(120.0).hint_text("2d10kh1"))
                .labelled_by(label)
                .on_hover_text("NdS, keep highest khN or lowest klN, then + or - a number: d20, 2d10kh1, 1d4+2");
            let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Roll").clicked() || entered {
                let result = state
                    .expression
                    .parse::<DiceExpr>()
                    .map_err(|e| e.to_string())
                    .and_then(|expr| expr.roll(dice).map_err(|e| e.to_string()))
                    .map(|roll| roll.record("Roll").to_string());
                state.record(result);
            }
        });
        ui.add_space(8.0);
        ui.heading("Tables");
        ui.horizontal(|ui| {
            let label = ui.label("Table").id;
            let names: Vec<String> = state.tables.iter().map(|t| t.name.clone()).collect();
            egui::ComboBox::from_id_salt("table")
                .selected_text(names.get(state.table).map_or("", String::as_str))
                .show_ui(ui, |ui| {
                    for (i, name) in names.iter().enumerate() {
                        ui.selectable_value(&mut state.table, i, name);
                    }
                })
                .response
                .labelled_by(label);
            if ui.button("Roll on table").clicked()
                && let Some(table) = state.tables.get(state.table).cloned()
            {
                let result = table
                    .roll(dice)
                    .map(|r| format!("{}: {} = {} → {}", r.table, r.roll.expr, r.roll.total, r.result))
                    .map_err(|e| e.to_string());
                state.record(result);
            }
        });
        if let Some(table) = state.tables.get(state.table) {
            table_rows_ui(ui, table);
        }
        if let Some(error) = &state.error {
            ui.label(RichText::new(error).color(ERROR_COLOUR));
        }
        ui.add_space(8.0);
        ui.label(RichText::new("Rolls").strong());
        for line in &state.rolls {
            ui.label(RichText::new(line).monospace());
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

fn table_rows_ui(ui: &mut Ui, table: &RollTable) {
    ui.label(RichText::new(format!("Rolled with {}", table.dice)).weak());
    egui::Grid::new("table-rows")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for row in &table.rows {
                let range = if row.from == row.to {
                    row.from.to_string()
                } else {
                    format!("{}–{}", row.from, row.to)
                };
                ui.label(range);
                let text = RichText::new(&row.result);
                ui.label(if row.result.contains(PLACEHOLDER) {
                    text.italics().weak()
                } else {
                    text
                });
                ui.end_row();
            }
        });
}
