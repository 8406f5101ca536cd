//! The Play tab: play the journey on by the hour, the day or to the end,
//! and read its log.

use super::*;

pub(super) fn play_ui(ui: &mut Ui, j: &Journey, view: &JourneyPlanView, out: &mut Vec<Command>) {
    let total = view.total_hours();
    let done = j.played_hours >= total;
    match view.clock_at(j.played_hours) {
        Some(next) if !done => ui.label(format!("Next hour to play: {next}")),
        _ => ui.label(RichText::new("The journey has reached its destination.").strong()),
    };
    ui.horizontal(|ui| {
        for (until, label) in [
            (Until::NextHour, "Play next hour"),
            (Until::EndOfDay, "Play to end of day"),
            (Until::Destination, "Play to destination"),
        ] {
            if ui.add_enabled(!done, egui::Button::new(label)).clicked() {
                out.push(Command::PlayJourney(j.id, until));
            }
        }
    });
    ui.label(
        RichText::new("Every roll is logged with its working; Ctrl+Z takes a step back.").weak(),
    );
    ui.separator();
    ui.heading("Journey log");
    if j.log.is_empty() {
        ui.label(RichText::new("Nothing played yet.").weak());
    }
    for line in j.log.iter().rev().take(300) {
        ui.label(RichText::new(line).monospace().size(12.0));
    }
}
