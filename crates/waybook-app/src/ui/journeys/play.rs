//! The Play tab: play the journey on by the hour, the day or to the end,
//! and read its log.

use super::*;
use waybook_core::plan::play::{self, PlayError};

/// A refusal as a sentence: its first letter a capital, a full stop after.
fn sentence_of(refusal: &PlayError, settings: &waybook_core::model::Settings) -> String {
    format!(
        "{}.",
        waybook_core::model::capitalised(&refusal.in_words(settings))
    )
}

pub(super) fn play_ui(
    ui: &mut Ui,
    data: &CampaignData,
    (j, view, why_not): (&Journey, &JourneyPlanView, Option<&PlayError>),
    out: &mut Vec<Command>,
) {
    match play::next_to_play(data, j, view) {
        Some(next) => ui.label(format!("Next hour to play: {}", data.settings.when(next))),
        None => ui.label(RichText::new("The journey has reached its destination.").strong()),
    };
    if let Some(refusal @ PlayError::BehindTheClock { begun, .. }) = why_not {
        ui.label(RichText::new(sentence_of(refusal, &data.settings)).color(ERROR_COLOUR));
        if let Some(edit) = play::set_off_now(data, j, view) {
            let now = data
                .settings
                .when(waybook_core::world::present::now_of(data, Some(j.party)));
            let (button, hover) = if *begun {
                (
                    "Go on from now",
                    format!("The hours still to play go on from {now}; Ctrl+Z takes it back"),
                )
            } else {
                (
                    "Set off now",
                    format!("The plan's days move to start at {now}; Ctrl+Z moves them back"),
                )
            };
            if ui.button(button).on_hover_text(hover).clicked() {
                out.push(Command::Apply(edit));
            }
        }
    }
    if let Some(refusal @ (PlayError::TheRound { .. } | PlayError::OnAnotherTrip(_))) = why_not {
        ui.label(RichText::new(sentence_of(refusal, &data.settings)).strong());
    }
    if let Some(refusal @ PlayError::Gear(_)) = why_not {
        ui.label(RichText::new(sentence_of(refusal, &data.settings)).color(ERROR_COLOUR));
        ui.label(RichText::new("See the Route tab: what the party brings.").weak());
    }
    ui.horizontal(|ui| {
        for (until, label) in [
            (Until::NextHour, "Play next hour"),
            (Until::EndOfDay, "Play to end of day"),
            (Until::Destination, "Play to destination"),
        ] {
            let button = ui
                .add_enabled(why_not.is_none(), egui::Button::new(label))
                .on_disabled_hover_text(
                    why_not
                        .map(|r| sentence_of(r, &data.settings))
                        .unwrap_or_default(),
                );
            if button.clicked() {
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
