//! File > Import pack…: a house-rule pack, checked whole first (a table it
//! names that neither it nor the campaign has is refused before anything
//! is chosen), what it adds, each clash by name with how it differs and
//! the GM's choice (keep mine, replace it, add as a copy; the calendar, the
//! rule switches and the house rules are kept or replaced, and clash
//! whenever the pack's differ), why it cannot come in if it cannot, and
//! Import as one undoable step after a snapshot. Its words are core's, as
//! `waybook import-pack` prints them.

use super::input::ERROR_COLOUR;
use crate::app::{App, Command};
use egui::{RichText, Ui};
use waybook_core::exchange::pack::Clashing;

pub fn pack_import_ui(ui: &mut Ui, app: &mut App, out: &mut Vec<Command>) {
    let (Some(import), Some(session)) = (&mut app.pack_import, &app.session) else {
        return;
    };
    let data = &session.data;
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("pack-import")).show(ui.ctx(), |ui| {
        ui.set_width(620.0);
        ui.heading(format!("Import the pack {}", import.pack.name));
        ui.label(RichText::new(&import.file).weak());
        if let Err(e) = import.pack.refers(data) {
            ui.label(RichText::new(format!("It cannot come in: {e}")).color(ERROR_COLOUR));
            ui.label(
                "Mend the pack where it was made, or add that table first, then import it again.",
            );
            close = ui.button("Close").clicked();
            return;
        }
        ui.label(format!("New to this campaign: {}.", import.pack.adds(data)));
        let clashes = import.pack.clashes(data);
        if clashes.is_empty() {
            ui.label("Nothing in it clashes with what the campaign has.");
        } else {
            ui.label("Already in the campaign and not the same (yours is kept unless you choose):");
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    egui::Grid::new("pack-clashes")
                        .striped(true)
                        .show(ui, |ui| {
                            for clash in &clashes {
                                differences_ui(ui, clash, &import.pack.differences(data, clash));
                                let mut chosen = import.choice(clash);
                                ui.horizontal(|ui| {
                                    for &c in clash.choices() {
                                        ui.radio_value(&mut chosen, c, c.label()).on_hover_text(
                                            format!("{}: {}", clash.words(), c.label()),
                                        );
                                    }
                                });
                                import.choices.insert(clash.clone(), chosen);
                                ui.end_row();
                            }
                        });
                });
        }
        let edit = import.edit(data);
        if let Err(e) = &edit {
            ui.label(RichText::new(format!("It cannot come in: {e}")).color(ERROR_COLOUR));
        }
        ui.horizontal(|ui| {
            let import_button = ui
                .add_enabled(edit.is_ok(), egui::Button::new("Import"))
                .on_hover_text("One step: Edit > Undo takes it back; a snapshot is taken first");
            if import_button.clicked()
                && let Ok(edit) = edit
            {
                out.push(Command::ImportPack(edit));
                close = true;
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
    });
    if close || modal.should_close() {
        app.pack_import = None;
    }
}

/// A clash's name with the first lines of how the pack's differs; every
/// line on hover.
fn differences_ui(ui: &mut Ui, clash: &Clashing, lines: &[String]) {
    const SHOWN: usize = 2;
    ui.vertical(|ui| {
        // A column of its own width: left to the grid, the names and lines
        // wrapped a few letters wide ("the rule switch|es").
        ui.set_width(290.0);
        ui.label(clash.words());
        for line in lines.iter().take(SHOWN) {
            ui.label(RichText::new(line).weak().small());
        }
        if lines.len() > SHOWN {
            ui.label(
                RichText::new(format!("and {} more", lines.len() - SHOWN))
                    .weak()
                    .small(),
            )
            .on_hover_text(lines.join("\n"));
        }
    })
    .response
    .on_hover_text(lines.join("\n"));
}
