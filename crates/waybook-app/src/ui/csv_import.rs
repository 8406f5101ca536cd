//! Roster > Import CSV…: the file's columns, each mapped to a field of the
//! sheet (by its header at first), a preview of the first rows, every row's
//! error before anything is written, and Import as one undoable step.

use crate::app::{App, Command};
use egui::{RichText, Ui};
use waybook_core::exchange::roster_csv::{RosterImport, Target};

const PREVIEW_ROWS: usize = 8;

pub fn csv_import_ui(ui: &mut Ui, app: &mut App, out: &mut Vec<Command>) {
    let (Some(import), Some(session)) = (&mut app.csv_import, &app.session) else {
        return;
    };
    let data = &session.data;
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("csv-import")).show(ui.ctx(), |ui| {
        ui.set_width(720.0);
        ui.heading(format!("Import characters from {}", import.file));
        ui.label(
            RichText::new(format!(
                "Cells separated by {}; each column fills the field chosen under its header.",
                import.separator.words()
            ))
            .weak(),
        );
        preview_ui(ui, import);
        let edit = import.edit(data);
        ui.add_space(6.0);
        match &edit {
            Ok(edit) => {
                ui.label(ready(edit));
            }
            Err(errors) => {
                ui.label(
                    RichText::new(format!(
                        "{} to fix before anything is imported:",
                        waybook_core::model::plural(errors.len(), "row")
                    ))
                    .color(super::input::ERROR_COLOUR),
                );
                for e in errors.iter().take(12) {
                    ui.label(RichText::new(e).color(super::input::ERROR_COLOUR));
                }
            }
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(edit.is_ok(), egui::Button::new("Import"))
                .clicked()
                && let Ok(edit) = &edit
            {
                out.push(Command::ImportRoster(edit.clone()));
                close = true;
            }
            if let Err(errors) = &edit
                && let Some(good) = import.good_rows_edit(data)
            {
                let count = characters_in(&good).0;
                if ui
                    .button(format!(
                        "Import the {} without the {}",
                        waybook_core::model::plural(count, "good row"),
                        waybook_core::model::plural(errors.len(), "bad one")
                    ))
                    .clicked()
                {
                    out.push(Command::ImportRoster(good));
                    close = true;
                }
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
    });
    if close || modal.should_close() {
        app.csv_import = None;
    }
}

/// How many characters an import adds, and the names of the new players
/// it makes for them.
fn characters_in(edit: &waybook_core::model::Edit) -> (usize, Vec<&str>) {
    let mut characters = 0;
    let mut players = Vec::new();
    for change in &edit.changes {
        match change {
            waybook_core::model::Change::Character { after: Some(_), .. } => characters += 1,
            waybook_core::model::Change::Player { after: Some(p), .. } => {
                players.push(p.name.as_str())
            }
            _ => {}
        }
    }
    (characters, players)
}

/// "2 characters are ready to add, with 2 new players: Lin, Sam."
fn ready(edit: &waybook_core::model::Edit) -> String {
    let (characters, players) = characters_in(edit);
    let mut said = format!("{characters} characters are ready to add");
    if !players.is_empty() {
        said += &format!(
            ", with {}: {}",
            waybook_core::model::plural(players.len(), "new player"),
            players.join(", ")
        );
    }
    said + "."
}

/// "… and 12 more rows", under a preview of `shown` of `total` rows.
pub fn more_rows_ui(ui: &mut Ui, total: usize, shown: usize) {
    if total > shown {
        ui.label(RichText::new(format!("… and {} more rows", total - shown)).weak());
    }
}

/// The file's first rows under their headers, each header with the field
/// its column fills.
fn preview_ui(ui: &mut Ui, import: &mut RosterImport) {
    egui::ScrollArea::both().max_height(260.0).show(ui, |ui| {
        egui::Grid::new("csv-preview").striped(true).show(ui, |ui| {
            for header in &import.headers {
                ui.strong(header);
            }
            ui.end_row();
            let targets: Vec<_> = Target::all()
                .into_iter()
                .map(|t| super::choices::Offer {
                    value: t,
                    name: t.label().to_owned(),
                    refused: None,
                })
                .collect();
            for (n, (header, chosen)) in import.headers.iter().zip(&mut import.mapping).enumerate()
            {
                let name = format!("What the column “{header}” fills");
                super::choices::cell_combo(ui, ("csv-column", n), &name, chosen, &targets, "");
            }
            ui.end_row();
            for row in import.rows.iter().take(PREVIEW_ROWS) {
                for value in row {
                    ui.label(value);
                }
                ui.end_row();
            }
        });
    });
    more_rows_ui(ui, import.rows.len(), PREVIEW_ROWS);
}
