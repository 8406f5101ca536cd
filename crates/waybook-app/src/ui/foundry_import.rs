//! Dice and rules > Import from Foundry…: Foundry VTT roll tables, one file
//! after another, shown as Waybook will hold them before anything is
//! written: each table's name, dice and first rows, a formula that disagrees
//! with its rows with the rows' dice offered in its place, the results
//! drawn together and the gaps that draw nothing, and
//! the tables a result draws that are not among them. Import is one undoable step,
//! greyed with its reasons while any table cannot be made.

use super::input::ERROR_COLOUR;
use crate::app::{App, Command};
use egui::{RichText, Ui};
use waybook_core::exchange::foundry::{self, FoundryTable};
use waybook_core::model::{CampaignData, TableId, capitalised};

const PREVIEW_ROWS: usize = 6;

/// The window, while Foundry tables wait; the id of the first table
/// imported, the frame they are.
pub fn foundry_import_ui(ui: &mut Ui, app: &mut App, out: &mut Vec<Command>) -> Option<TableId> {
    let (Some(tables), Some(session)) = (&mut app.foundry_import, &app.session) else {
        return None;
    };
    let data = &session.data;
    let (mut imported, mut close) = (None, false);
    let modal = egui::Modal::new(egui::Id::unique("foundry-import")).show(ui.ctx(), |ui| {
        ui.set_width(640.0);
        ui.heading("Import roll tables from Foundry VTT");
        egui::ScrollArea::vertical()
            .max_height(440.0)
            .show(ui, |ui| {
                for i in 0..tables.len() {
                    table_ui(ui, tables, i, data);
                }
            });
        let edit = foundry::import_edit(tables, data);
        (imported, close) = super::table_import::import_row_ui(ui, &edit, out, |ui, out| {
            if ui
                .button("Add another file…")
                .on_hover_text("A table these draw, or another to bring in with them")
                .clicked()
            {
                out.push(Command::ImportFoundry);
            }
        });
    });
    if close || modal.should_close() {
        app.foundry_import = None;
    }
    imported
}

/// One table as it will be: its name, its dice (or the disagreement and
/// the fix), its first rows, and what it notes (results drawn together,
/// gaps that draw nothing, draws of tables not imported).
fn table_ui(ui: &mut Ui, tables: &mut [FoundryTable], i: usize, data: &CampaignData) {
    let notes = tables[i].notes(tables, data);
    let table = &mut tables[i];
    ui.group(|ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.strong(&table.name);
            let file = std::path::Path::new(&table.file)
                .file_name()
                .map_or_else(|| table.file.clone(), |f| f.to_string_lossy().into_owned());
            ui.add(egui::Label::new(RichText::new(format!("from {file}")).weak()).truncate())
                .on_hover_text(&table.file);
        });
        match (table.formula_problem(), table.rows_dice()) {
            (None, _) => {
                ui.label(format!("Dice: {}", table.formula));
            }
            (Some(problem), Some(dice)) => {
                ui.label(RichText::new(format!("{}.", capitalised(&problem))).color(ERROR_COLOUR));
                ui.checkbox(
                    &mut table.use_rows_dice,
                    format!("Roll {dice}, the dice its results cover"),
                )
                .on_hover_text("Unticked, its formula is kept where it reaches every result, and a total no result covers draws nothing");
            }
            (Some(problem), None) if table.dice().is_ok() => {
                let said = format!(
                    "{}: it is kept, and a total no result covers draws nothing.",
                    capitalised(&problem)
                );
                ui.label(RichText::new(said).color(ui.visuals().warn_fg_color));
            }
            (Some(problem), None) => {
                let said = format!("{}, and no dice cover its results.", capitalised(&problem));
                ui.label(RichText::new(said).color(ERROR_COLOUR));
            }
        }
        for row in table.rows.iter().take(PREVIEW_ROWS) {
            ui.horizontal(|ui| {
                let range = if row.from == row.to {
                    row.from.to_string()
                } else {
                    format!("{}–{}", row.from, row.to)
                };
                ui.add_sized([48.0, 18.0], egui::Label::new(range));
                let said = match &row.draws {
                    Some(name) => format!("Draws on {name}"),
                    None => row.text.clone(),
                };
                // One line a row: the whole text on hover (egui shows a
                // cut label's text, once).
                ui.add(egui::Label::new(&said).truncate());
            });
        }
        super::csv_import::more_rows_ui(ui, table.rows.len(), PREVIEW_ROWS);
        let colour = ui.visuals().warn_fg_color;
        for note in notes {
            ui.label(RichText::new(format!("{}.", capitalised(&note))).color(colour));
        }
    });
}
