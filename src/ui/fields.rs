//! Form fields that edit campaign data: what the GM types is kept in a
//! buffer while the field has focus and becomes one change when the edit is
//! finished (focus leaves the field or Enter is pressed). A number field
//! parses and range-checks the text; a bad value is shown as an error next to
//! the field and is not stored.

use crate::model::limits;
use egui::{Color32, RichText, TextEdit, Ui};
use std::collections::HashMap;
use std::ops::RangeInclusive;

pub const ERROR_COLOUR: Color32 = Color32::from_rgb(0xd0, 0x3a, 0x2f);

/// Text being typed and errors being shown, per field key.
#[derive(Debug, Default)]
pub struct FieldBuffers {
    texts: HashMap<String, String>,
    errors: HashMap<String, String>,
}

impl FieldBuffers {
    pub fn error(&self, key: &str) -> Option<&str> {
        self.errors.get(key).map(String::as_str)
    }

    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// A text field; returns the new text once an edit is finished.
    pub fn text(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: &str,
        width: f32,
    ) -> Option<String> {
        let label_id = ui.label(label).id;
        self.text_unlabelled(ui, key, current, width, label_id, false)
    }

    /// A multi-line text field, committed when it loses focus.
    pub fn multiline(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: &str,
    ) -> Option<String> {
        let label_id = ui.label(label).id;
        self.text_unlabelled(ui, key, current, ui.available_width(), label_id, true)
    }

    fn text_unlabelled(
        &mut self,
        ui: &mut Ui,
        key: &str,
        current: &str,
        width: f32,
        label_id: egui::Id,
        multiline: bool,
    ) -> Option<String> {
        let mut text = self
            .texts
            .get(key)
            .cloned()
            .unwrap_or_else(|| current.to_owned());
        let edit = if multiline {
            TextEdit::multiline(&mut text).desired_rows(3)
        } else {
            TextEdit::singleline(&mut text)
        };
        let response = ui
            .add(edit.id_salt(key).desired_width(width))
            .labelled_by(label_id);
        if response.has_focus() {
            self.texts.insert(key.to_owned(), text.clone());
        }
        if response.lost_focus() {
            self.texts.remove(key);
            if text != current {
                return Some(text);
            }
        }
        None
    }

    /// A whole-number field checked against `range`.
    pub fn whole(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: i64,
        range: &RangeInclusive<i64>,
    ) -> Option<i64> {
        self.number(ui, key, label, &current.to_string(), |t| {
            limits::parse_whole(t, range)
        })
        .filter(|v| *v != current)
    }

    /// A decimal field (weights, days); `parse` checks it.
    pub fn decimal(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: f64,
        parse: impl Fn(&str) -> Result<f64, String>,
    ) -> Option<f64> {
        self.number(ui, key, label, &format_decimal(current), parse)
            .filter(|v| *v != current)
    }

    fn number<T>(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        let mut result = None;
        ui.horizontal(|ui| {
            let label_id = ui.label(label).id;
            let mut text = self
                .texts
                .get(key)
                .cloned()
                .unwrap_or_else(|| current.to_owned());
            let response = ui
                .add(
                    TextEdit::singleline(&mut text)
                        .id_salt(key)
                        .desired_width(52.0),
                )
                .labelled_by(label_id);
            if response.has_focus() || self.errors.contains_key(key) {
                self.texts.insert(key.to_owned(), text.clone());
            }
            if response.lost_focus() {
                match parse(&text) {
                    Ok(value) => {
                        self.texts.remove(key);
                        self.errors.remove(key);
                        result = Some(value);
                    }
                    Err(message) => {
                        self.errors
                            .insert(key.to_owned(), format!("{label}: {message}"));
                    }
                }
            }
            if let Some(message) = self.errors.get(key) {
                ui.label(RichText::new(message).color(ERROR_COLOUR));
            }
        });
        result
    }
}

/// 2.0 as "2", 1.5 as "1.5": numbers as a person writes them.
pub fn format_decimal(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}
