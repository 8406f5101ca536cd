//! File > Import pack…: a house-rule pack, what it adds, each clash by name
//! with the GM's choice (keep mine, replace it, add as a copy; the calendar
//! and the switches are kept or replaced), why it cannot come in if it
//! cannot, and Import as one undoable step after a snapshot.

use super::fields::ERROR_COLOUR;
use crate::app::{App, Command};
use crate::model::pack::Clash;
use egui::{RichText, Ui};

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
        ui.label(format!("New to this campaign: {}.", import.pack.adds(data)));
        let clashes = import.pack.clashes(data);
        if clashes.is_empty() {
            ui.label("Nothing in it clashes with what the campaign has.");
        } else {
            ui.label("Already in the campaign by name, and not the same:");
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    egui::Grid::new("pack-clashes")
                        .striped(true)
                        .show(ui, |ui| {
                            for clash in &clashes {
                                ui.label(clash.words());
                                let offered: &[Clash] = match clash.kind {
                                    "calendar" | "switches" | "house rules" => &Clash::ALL[..2],
                                    _ => &Clash::ALL,
                                };
                                let mut chosen = import.choice(clash);
                                ui.horizontal(|ui| {
                                    for &c in offered {
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
