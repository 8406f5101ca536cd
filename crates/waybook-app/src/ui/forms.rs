//! The button of a step of play ([`play_step`]), of any domain, greyed
//! with the reason, shown under it, until every field of its form reads
//! (the fields are `input::Entry`s) and the domain admits the step.

use crate::app::Command;
use egui::{RichText, Ui};
use std::collections::HashMap;
use std::hash::Hash;
use waybook_core::model::step::PlayStep;
use waybook_core::model::{CampaignData, capitalised};

/// The widest a refusal under its button is laid out before it wraps.
const REFUSAL_WIDTH: f32 = 260.0;

/// A button for a step, greyed while `refusal` says why it cannot be
/// played, with the reason under it (and on hover): a GM never has to
/// hunt for why a button does nothing.
pub fn step_button(
    ui: &mut Ui,
    label: impl Into<egui::WidgetText>,
    refusal: Option<String>,
) -> egui::Response {
    let Some(why) = refusal.map(|why| capitalised(&why)) else {
        return ui.add(egui::Button::new(label));
    };
    ui.vertical(|ui| {
        let response = ui
            .add_enabled(false, egui::Button::new(label))
            .on_disabled_hover_text(&why);
        ui.set_max_width(response.rect.width().max(REFUSAL_WIDTH));
        ui.label(RichText::new(why).weak());
        response
    })
    .inner
}

/// The button of a step read from a form: greyed with the reason while a
/// field does not read (`step` is then that reason) or `check` refuses the
/// step; the step, when the button is pressed.
pub fn play_button<S>(
    ui: &mut Ui,
    label: impl Into<egui::WidgetText>,
    step: Result<S, String>,
    check: impl FnOnce(&S) -> Option<String>,
) -> (egui::Response, Option<S>) {
    let refusal = match &step {
        Err(why) => Some(why.clone()),
        Ok(step) => check(step),
    };
    let response = step_button(ui, label, refusal);
    let pressed = response.clicked();
    (response, step.ok().filter(|_| pressed))
}

/// The one button of a step of play, of any domain: greyed with the reason
/// while a field does not read (`step` is then that reason) or the
/// domain's check refuses it; played through `Command::Play` when pressed.
pub fn play_step<S: PlayStep + 'static>(
    ui: &mut Ui,
    data: &CampaignData,
    label: impl Into<egui::WidgetText>,
    step: Result<S, String>,
    out: &mut Vec<Command>,
) -> egui::Response {
    play_step_checked(ui, label, step, |step| step.refusal(data), out)
}

/// [`play_step`] for a screen whose checks look through much of the
/// campaign: each verdict kept in `verdicts` until the campaign changes.
pub fn play_step_kept<S: PlayStep + Eq + Hash + Clone + 'static>(
    ui: &mut Ui,
    verdicts: &mut Verdicts<S>,
    data: &CampaignData,
    label: impl Into<egui::WidgetText>,
    step: Result<S, String>,
    out: &mut Vec<Command>,
) -> egui::Response {
    play_step_checked(
        ui,
        label,
        step,
        |step| verdicts.of(data.revision, step, |step| step.refusal(data)),
        out,
    )
}

fn play_step_checked<S: PlayStep + 'static>(
    ui: &mut Ui,
    label: impl Into<egui::WidgetText>,
    step: Result<S, String>,
    check: impl FnOnce(&S) -> Option<String>,
    out: &mut Vec<Command>,
) -> egui::Response {
    let (response, pressed) = play_button(ui, label, step, check);
    if let Some(step) = pressed {
        out.push(Command::play(step));
    }
    response
}

/// The verdicts of a screen's step checks, kept until the campaign
/// changes: a check that looks through every holding (a gatherer's tool)
/// is made once per change, not once a frame.
#[derive(Debug)]
pub struct Verdicts<S> {
    revision: u64,
    said: HashMap<S, Option<String>>,
}

impl<S> Default for Verdicts<S> {
    fn default() -> Self {
        Self {
            revision: u64::MAX,
            said: HashMap::new(),
        }
    }
}

impl<S: Eq + Hash + Clone> Verdicts<S> {
    /// Why `step` is refused on the campaign at `revision` (none: it may
    /// be played), from `check` the first time it is asked.
    pub fn of(
        &mut self,
        revision: u64,
        step: &S,
        check: impl FnOnce(&S) -> Option<String>,
    ) -> Option<String> {
        if self.revision != revision {
            self.said.clear();
            self.revision = revision;
        }
        if let Some(said) = self.said.get(step) {
            return said.clone();
        }
        let said = check(step);
        self.said.insert(step.clone(), said.clone());
        said
    }
}
