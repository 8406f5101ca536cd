//! Campaign > Import a calendar…: a Fantasy-Calendar.com or Simple
//! Calendar file shown as Waybook will hold it before anything is written:
//! the year, week, festivals, leap rule, eras, seasons, moons, the date
//! today will be, the events that come across, and every part that does
//! not, each with why. Import is one undoable step after a snapshot,
//! greyed with its reason while the campaign's own events would fall on no
//! day of the new calendar, unless the GM ticks their removal with it.

use super::input::ERROR_COLOUR;
use crate::app::{App, Command};
use egui::RichText;
use waybook_core::model::{capitalised, plural};

/// The window, while a calendar waits.
pub fn calendar_import_ui(ui: &mut egui::Ui, app: &mut App, out: &mut Vec<Command>) {
    let (Some(form), Some(session)) = (&mut app.calendar_import, &app.session) else {
        return;
    };
    let data = &session.data;
    let import = &form.import;
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("calendar-import")).show(ui.ctx(), |ui| {
        ui.set_width(680.0);
        ui.heading(format!("Import the calendar {} from {}", import.name, import.tool));
        ui.label(
            RichText::new(
                "No day moves in time: today takes the file's date, and what was lived keeps its day.",
            )
            .weak(),
        );
        egui::ScrollArea::vertical()
            .max_height(420.0)
            .show(ui, |ui| {
                for line in import.summary(data.settings.clock.day) {
                    ui.label(line);
                }
                if !import.left_out.is_empty() {
                    ui.add_space(6.0);
                    ui.strong(format!(
                        "Not brought across ({})",
                        import.left_out.len()
                    ));
                    let note = ui.visuals().warn_fg_color;
                    for line in &import.left_out {
                        ui.label(RichText::new(capitalised(line)).color(note));
                    }
                }
            });
        ui.add_space(6.0);
        if !import.events.is_empty() {
            let label = format!("Bring its {} too", plural(import.events.len(), "event"));
            ui.checkbox(&mut form.with_events, label);
        }
        let stranded = import.stranded(data);
        if !stranded.is_empty() {
            let names: Vec<String> = stranded.iter().map(|e| format!("“{}”", e.name)).collect();
            let label = match names.as_slice() {
                [one] => format!("Remove the campaign's event with no day in it: {one}"),
                _ => format!(
                    "Remove the campaign's {} events with no day in it: {}",
                    names.len(),
                    names.join(", ")
                ),
            };
            ui.checkbox(&mut form.remove_stranded, label);
        }
        let edit = import.edit(data, form.with_events, form.remove_stranded);
        if let Err(why) = &edit {
            let said = format!("Cannot import: {why}.");
            ui.label(RichText::new(said).color(ERROR_COLOUR));
        }
        ui.horizontal(|ui| {
            let why_not = edit.as_ref().err().cloned().unwrap_or_default();
            let button = ui
                .add_enabled(edit.is_ok(), egui::Button::new("Import"))
                .on_disabled_hover_text(why_not);
            if button.clicked()
                && let Ok(edit) = edit
            {
                out.push(Command::BringCalendar(Box::new(edit)));
                close = true;
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
    });
    if close || modal.should_close() {
        app.calendar_import = None;
    }
}
