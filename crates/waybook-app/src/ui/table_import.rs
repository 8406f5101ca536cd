//! Dice and rules > Import CSV…: a roll table from a spreadsheet, its name
//! (the file's at first), the dice and rows as read, every row's error
//! before anything is written, and Import as one undoable step; a table of
//! the same name is replaced only when the GM ticks it.

use super::input::ERROR_COLOUR;
use crate::app::{App, Command};
use egui::{RichText, Ui};
use waybook_core::exchange::table_csv::TableImport;
use waybook_core::model::{Change, Edit, TableId};

const PREVIEW_ROWS: usize = 12;

/// The window, while a CSV table waits; the id the table is imported as,
/// the frame it is.
pub fn table_import_ui(ui: &mut Ui, app: &mut App, out: &mut Vec<Command>) -> Option<TableId> {
    let (Some(import), Some(session)) = (&mut app.table_import, &app.session) else {
        return None;
    };
    let mut imported = None;
    let data = &session.data;
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("table-import")).show(ui.ctx(), |ui| {
        ui.set_width(560.0);
        ui.heading(format!("Import a table from {}", import.file));
        columns_ui(ui, import);
        let one = import.chosen.iter().filter(|c| **c).count() == 1;
        if one {
            ui.horizontal(|ui| {
                let label = ui.label("Table name");
                ui.text_edit_singleline(&mut import.name)
                    .labelled_by(label.id);
            });
        }
        let taken = (0..import.columns.len())
            .filter(|&c| import.chosen[c])
            .any(|c| data.table_called(&import.name_of(c)).is_some());
        if taken {
            let label = if one {
                "Replace the table of that name"
            } else {
                "Replace the tables of those names"
            };
            ui.checkbox(&mut import.replace, label);
        }
        preview_ui(ui, import);
        let edit = import.edit(data);
        (imported, close) = import_row_ui(ui, &edit, out, |_, _| {});
    });
    if close || modal.should_close() {
        app.table_import = None;
    }
    imported
}

/// Every reason `edit` cannot be made, then Import (greyed with them),
/// what `more` adds, and Cancel: the first table the import makes once
/// Import is clicked, and whether the window is done.
pub(super) fn import_row_ui(
    ui: &mut Ui,
    edit: &Result<Edit, Vec<String>>,
    out: &mut Vec<Command>,
    more: impl FnOnce(&mut Ui, &mut Vec<Command>),
) -> (Option<TableId>, bool) {
    let (mut imported, mut close) = (None, false);
    ui.add_space(6.0);
    if let Err(errors) = edit {
        ui.label(RichText::new("To fix before anything is imported:").color(ERROR_COLOUR));
        for e in errors.iter().take(12) {
            ui.label(RichText::new(e).color(ERROR_COLOUR));
        }
    }
    ui.horizontal(|ui| {
        let why_not = edit.as_ref().err().map(|errors| errors.join("; "));
        let button = ui
            .add_enabled(edit.is_ok(), egui::Button::new("Import"))
            .on_disabled_hover_text(why_not.unwrap_or_default());
        if button.clicked()
            && let Ok(edit) = edit
        {
            imported = edit.changes.iter().find_map(|c| match c {
                Change::Table { after: Some(t), .. } => Some(t.id),
                _ => None,
            });
            out.push(Command::Apply(edit.clone()));
            close = true;
        }
        more(ui, out);
        if ui.button("Cancel").clicked() {
            close = true;
        }
    });
    (imported, close)
}

/// A file of several columns: a box a column, each chosen a table.
fn columns_ui(ui: &mut Ui, import: &mut TableImport) {
    if import.columns.len() < 2 {
        return;
    }
    ui.label(if import.headed {
        "A table of each column ticked, named after it:"
    } else {
        "A table of each column ticked (the file has no headings to name them):"
    });
    ui.horizontal_wrapped(|ui| {
        for c in 0..import.columns.len() {
            let only = import.chosen[c] && import.chosen.iter().filter(|c| **c).count() == 1;
            let label = import.column_label(c);
            // The last column ticked stays: an import makes a table at least.
            ui.add_enabled(!only, egui::Checkbox::new(&mut import.chosen[c], label))
                .on_disabled_hover_text("At least one column becomes a table");
        }
    });
}

/// The dice and the first rows of the columns chosen, as the file gives them.
fn preview_ui(ui: &mut Ui, import: &TableImport) {
    ui.label(RichText::new(format!("Cells separated by {}.", import.separator.words())).weak());
    for note in import.notes() {
        ui.label(RichText::new(note).weak());
    }
    let chosen: Vec<usize> = (0..import.columns.len())
        .filter(|&c| import.chosen[c])
        .collect();
    egui::ScrollArea::horizontal().show(ui, |ui| {
        egui::Grid::new("table-import-preview")
            .striped(true)
            .num_columns(chosen.len() + 1)
            .show(ui, |ui| {
                ui.strong(import.dice.trim());
                for &c in &chosen {
                    ui.strong(format!(
                        "{} · {}",
                        import.name_of(c),
                        import.dice_heading(c)
                    ));
                }
                ui.end_row();
                for (_, range, cells) in import.rows.iter().take(PREVIEW_ROWS) {
                    ui.label(range);
                    for &c in &chosen {
                        ui.label(&cells[c]);
                    }
                    ui.end_row();
                }
            });
    });
    super::csv_import::more_rows_ui(ui, import.rows.len(), PREVIEW_ROWS);
}
