//! File > Make handouts…: the players whose handouts are made, PDF or
//! HTML, the session the changes page starts from, a preview of one
//! player's handout (what it holds, and only that), the folder, and Make
//! handouts, greyed with the reason while it cannot.

use super::choices::list_combo;
use super::input::{ERROR_COLOUR, Entry};
use crate::app::handouts::HandoutsForm;
use crate::app::{App, Command};
use egui::{RichText, Ui};
use waybook_core::exchange::handout::Handout;
use waybook_print::handouts::Format;

pub fn handouts_ui(ui: &mut Ui, app: &mut App, out: &mut Vec<Command>) {
    let (Some(form), Some(session)) = (&mut app.handouts, &app.session) else {
        return;
    };
    let data = &session.data;
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("make-handouts")).show(ui.ctx(), |ui| {
        ui.set_width(720.0);
        ui.heading("Handouts for the players");
        ui.label(
            RichText::new("Each player's pages: only what the GM shares, what they know of the map, and the days they lived.")
                .weak(),
        );
        choices_ui(ui, form);
        ui.separator();
        preview_ui(ui, form, data);
        ui.separator();
        ui.horizontal(|ui| {
            // The form is the window's: it makes the handouts.
            Entry::in_place(ui, &mut form.folder, "Folder", 420.0, None);
            ui.checkbox(&mut form.overwrite, "Write over handouts already there");
        });
        if let Some(e) = &form.error {
            ui.label(RichText::new(e).color(ERROR_COLOUR));
        }
        ui.horizontal(|ui| {
            let why_not = form.why_not();
            if ui
                .add_enabled(why_not.is_none(), egui::Button::new("Make handouts"))
                .on_disabled_hover_text(why_not.unwrap_or_default())
                .clicked()
            {
                out.push(Command::MakeHandouts);
            }
            if let Some(why) = why_not {
                ui.label(RichText::new(why).weak());
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
    });
    if close || modal.should_close() {
        app.handouts = None;
    }
}

/// The players, the format and the session the changes start from.
fn choices_ui(ui: &mut Ui, form: &mut HandoutsForm) {
    ui.horizontal_wrapped(|ui| {
        ui.label("For:");
        if form.players.is_empty() {
            ui.label(
                RichText::new("no player yet: write a player's name on a character's sheet").weak(),
            );
        }
        for (player, on) in &mut form.players {
            ui.checkbox(on, player.as_str());
        }
    });
    ui.horizontal(|ui| {
        let formats: Vec<(Format, &str)> = Format::ALL.iter().map(|f| (*f, f.label())).collect();
        list_combo(ui, "handout-format", "As", &mut form.format, &formats);
        let mut sessions: Vec<(Option<usize>, String)> =
            vec![(None, "no page of changes".to_owned())];
        sessions.extend(
            (form.snapshots.iter().enumerate())
                .map(|(i, s)| (Some(i), HandoutsForm::session_label(s))),
        );
        list_combo(
            ui,
            "handout-since",
            "What changed since",
            &mut form.since,
            &sessions,
        );
    });
    if let Some(e) = form.before_error() {
        ui.label(RichText::new(e).color(ERROR_COLOUR));
    }
}

/// One player's handout as it will be: who, where, what they know.
fn preview_ui(ui: &mut Ui, form: &mut HandoutsForm, data: &waybook_core::model::CampaignData) {
    let players: Vec<(usize, String)> = form
        .players
        .iter()
        .map(|(p, _)| p.clone())
        .enumerate()
        .collect();
    if players.is_empty() {
        return;
    }
    list_combo(
        ui,
        "handout-preview",
        "Preview",
        &mut form.preview,
        &players,
    );
    let Some(h) = form.preview(data) else {
        return;
    };
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .show(ui, |ui| {
            for line in preview_lines(h) {
                ui.label(line);
            }
        });
}

/// What the preview says of a handout, a line a part.
fn preview_lines(h: &Handout) -> Vec<String> {
    let names = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.join(", ")
        }
    };
    let mut lines = vec![format!(
        "Sheets: {}",
        names(h.characters().iter().map(|c| c.name.clone()).collect())
    )];
    for p in h.parties() {
        lines.push(format!("Party sheet: {}, {}", p.name, h.whereabouts(p)));
    }
    lines.push(format!(
        "The map: {}",
        names(h.view.places.values().map(|p| p.name.clone()).collect())
    ));
    lines.push(format!(
        "The journey ahead: {}",
        names(h.view.journeys.values().map(|j| j.name.clone()).collect())
    ));
    let entries = h.view.log.len();
    lines.push(format!(
        "Chronicle: {} with {}",
        waybook_core::model::plural(h.days.len(), "day"),
        waybook_core::model::plural(entries, "shared entry")
    ));
    if let Some(changes) = &h.changes {
        lines.push(format!("Since {}:", changes.since));
        for c in &changes.changed {
            lines.push(format!("    {}: {}", c.who, c.lines.join("; ")));
        }
        if !changes.places_found.is_empty() {
            lines.push(format!(
                "    Places found: {}",
                changes.places_found.join(", ")
            ));
        }
        if changes.is_empty() {
            lines.push("    Nothing has changed.".to_owned());
        }
    }
    lines
}
