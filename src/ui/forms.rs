//! The play screens' forms: a typed draft per number field ([`Whole`]: its
//! text, its range from `limits.rs`, its error shown just below it as the
//! sheet's fields show theirs, and its value once it reads), and the
//! button of a step ([`step_button`]), greyed with the reason until every
//! field reads and the domain module admits the step.

use super::fields::{ERROR_COLOUR, error_below, in_view};
use crate::model::{capitalised, limits};
use egui::{TextEdit, Ui};
use std::ops::RangeInclusive;

/// A whole number being typed into a play screen's form.
#[derive(Debug, Clone, PartialEq)]
pub struct Whole {
    text: String,
    range: RangeInclusive<i64>,
}

impl Whole {
    /// A field starting at `value`, read against `range`.
    pub fn new(value: i64, range: RangeInclusive<i64>) -> Self {
        Self {
            text: value.to_string(),
            range,
        }
    }

    /// A field starting empty: a value the GM must type.
    pub fn empty(range: RangeInclusive<i64>) -> Self {
        Self {
            text: String::new(),
            range,
        }
    }

    /// What the text reads as, or why it does not.
    pub fn value(&self) -> Result<i64, limits::FieldError> {
        limits::parse_whole(&self.text, &self.range)
    }

    /// The text as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Shows `value` in the field.
    pub fn set(&mut self, value: i64) {
        self.text = value.to_string();
    }

    /// The labelled field, `width` wide, with its error below it while the
    /// text does not read; the value, or the error named by the label
    /// ("Attack dice: “x” is not a whole number").
    pub fn ui(&mut self, ui: &mut Ui, label: &str, width: f32) -> Result<i64, String> {
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
