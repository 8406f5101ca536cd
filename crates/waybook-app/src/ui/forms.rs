//! The play screens' forms: a typed draft per number field ([`Whole`]: its
//! text, its range from `limits.rs`, its error shown just below it as the
//! sheet's fields show theirs, and its value once it reads), and the one
//! button of a step of play ([`play_step`]), greyed with the reason until
//! every field reads and the domain admits the step.

use super::fields::{ERROR_COLOUR, error_below};
use super::measure::in_view;
use crate::app::Command;
use egui::{TextEdit, Ui};
use std::collections::HashMap;
use std::hash::Hash;
use std::ops::RangeInclusive;
use waybook_core::model::step::PlayStep;
use waybook_core::model::{CampaignData, capitalised, limits};

/// A kind of number a form's field reads: whole or decimal, against a
/// range from `limits.rs`.
pub trait Reads: Copy + PartialOrd {
    fn read(text: &str, range: &RangeInclusive<Self>) -> Result<Self, limits::FieldError>;
    /// The value as a person writes it.
    fn written(self) -> String;
}

impl Reads for i64 {
    fn read(text: &str, range: &RangeInclusive<Self>) -> Result<Self, limits::FieldError> {
        limits::parse_whole(text, range)
    }
    fn written(self) -> String {
        self.to_string()
    }
}

impl Reads for f64 {
    fn read(text: &str, range: &RangeInclusive<Self>) -> Result<Self, limits::FieldError> {
        limits::parse_decimal(text, range)
    }
    fn written(self) -> String {
        waybook_core::model::decimal_to(self, 3)
    }
}

/// A number being typed into a play screen's form: its text, the range it
/// must fall in, and the value once it reads.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft<T: Reads> {
    text: String,
    range: RangeInclusive<T>,
}

/// A whole number being typed.
pub type Whole = Draft<i64>;

impl<T: Reads> Draft<T> {
    /// A field starting at `value`, read against `range`.
    pub fn new(value: T, range: RangeInclusive<T>) -> Self {
        Self {
            text: value.written(),
            range,
        }
    }

    /// A field starting empty: a value the GM must type.
    pub fn empty(range: RangeInclusive<T>) -> Self {
        Self {
            text: String::new(),
            range,
        }
    }

    /// What the text reads as, or why it does not.
    pub fn value(&self) -> Result<T, limits::FieldError> {
        T::read(&self.text, &self.range)
    }

    /// The text as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Shows `value` in the field.
    pub fn set(&mut self, value: T) {
        self.text = value.written();
    }

    /// Empties the field.
    pub fn clear(&mut self) {
        self.text.clear();
    }

    /// Reads the text against `range` from now on (a range that depends on
    /// the campaign: the hours of its day).
    pub fn set_range(&mut self, range: RangeInclusive<T>) {
        self.range = range;
    }

    /// As [`Self::ui`], for a field that may be left empty: then `None`.
    pub fn ui_optional(
        &mut self,
        ui: &mut Ui,
        label: &str,
        width: f32,
    ) -> Result<Option<T>, String> {
        let value = self.ui(ui, label, width);
        if self.text.trim().is_empty() {
            return Ok(None);
        }
        value.map(Some)
    }

    /// The labelled field, `width` wide, with its error below it while the
    /// text does not read; the value, or the error named by the label
    /// ("Attack dice: “x” is not a whole number").
    pub fn ui(&mut self, ui: &mut Ui, label: &str, width: f32) -> Result<T, String> {
        let label_id = ui.label(label).id;
        let wrong = self.value().is_err() && !self.text.trim().is_empty();
        let mut edit = TextEdit::singleline(&mut self.text).desired_width(width);
        if wrong {
            edit = edit.text_color(ERROR_COLOUR);
        }
        let response = in_view(ui.add(edit)).labelled_by(label_id);
        let value = self.value().map_err(|e| format!("{label}: {e}"));
        if let Err(message) = &value
            && !self.text.trim().is_empty()
        {
            error_below(ui, label, &response, message);
        }
        value
    }
}

/// A button for a step, greyed while `refusal` says why it cannot be
/// played, with the reason on hover.
pub fn step_button(
    ui: &mut Ui,
    label: impl Into<egui::WidgetText>,
    refusal: Option<String>,
) -> egui::Response {
    ui.add_enabled(refusal.is_none(), egui::Button::new(label))
        .on_disabled_hover_text(refusal.map(|why| capitalised(&why)).unwrap_or_default())
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
