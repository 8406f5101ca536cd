//! Form fields that edit campaign data: what the GM types is kept in a
//! buffer while the field has focus and becomes one change when the edit is
//! finished (focus leaves the field or Enter is pressed). A number field
//! parses and range-checks the text; a bad value is shown as an error next to
//! the field and is not stored.
//!
//! While a field has focus, its valid value is also offered as a *draft*
//! ([`Command::Draft`]), which the app writes only if the window closes
//! mid-edit: closing never loses what was typed, and typing still makes one
//! undo step per finished edit.

use super::measure::{in_view, text_width};
use crate::app::Command;
use egui::{Color32, RichText, TextEdit, Ui};
use std::collections::HashMap;
use std::ops::RangeInclusive;
use waybook_core::model::{Change, Choice, Edit, Record, limits};

pub const ERROR_COLOUR: Color32 = Color32::from_rgb(0xd0, 0x3a, 0x2f);

/// How wide a number field is drawn.
const NUMBER_WIDTH: f32 = 52.0;

/// Text being typed and errors being shown, per field key.
#[derive(Debug, Default)]
pub struct FieldBuffers {
    texts: HashMap<String, String>,
    errors: HashMap<String, String>,
    /// Whether the value a field returned last is a draft (still being typed).
    draft: bool,
    /// The field to take the keyboard the next time it is drawn.
    focus: Option<String>,
    /// The field that returned a value this frame, and its text: the one a
    /// [`Self::refuse`] pins its reason to.
    offered: Option<(String, String)>,
    /// Fields whose value the campaign refused: the text refused and why,
    /// shown beside the field until the GM changes that text (or undoes).
    refused: HashMap<String, (String, String)>,
}

impl FieldBuffers {
    /// The one way a screen changes a record: the edit `change` makes of it,
    /// named "Change {what} of {title}", sent as a draft while a field is
    /// still being typed.
    pub fn commit<R: Record>(
        &mut self,
        out: &mut Vec<Command>,
        record: &R,
        what: &str,
        change: impl FnOnce(&mut R),
    ) {
        let label = match record.title() {
            Some(title) => format!("Change {what} of {title}"),
            None => format!("Change {what}"),
        };
        self.commit_labelled(out, record, label, change);
    }

    /// Like [`Self::commit`], with the whole label the Edit menu shows.
    pub fn commit_labelled<R: Record>(
        &mut self,
        out: &mut Vec<Command>,
        record: &R,
        label: String,
        change: impl FnOnce(&mut R),
    ) {
        let edit = record_edit(record, label, change);
        out.extend(self.command(edit));
    }

    /// Whether the value a field just returned is finished (focus left it,
    /// or Enter): for a field whose value makes a record, which a draft
    /// must not. The draft it was is forgotten either way.
    pub fn finished(&mut self) -> bool {
        !std::mem::take(&mut self.draft)
    }

    /// Puts the cursor in the field with this key when it is next drawn.
    pub fn focus(&mut self, key: String) {
        self.focus = Some(key);
    }

    /// Forgets what was typed and the errors shown, so every field shows the
    /// stored value again (after undo and redo, which change it underneath).
    pub fn discard_typing(&mut self) {
        self.texts.clear();
        self.errors.clear();
        self.refused.clear();
        self.draft = false;
    }

    /// Refuses the value the field just returned, for `why`: the field keeps
    /// the text, in red with the reason beneath it, and offers it no more
    /// until the GM changes it (other fields' "saved" never hides it). The
    /// status bar says it too.
    pub fn refuse(&mut self, out: &mut Vec<Command>, why: String) {
        self.draft = false;
        if let Some((key, text)) = self.offered.take() {
            self.texts.insert(key.clone(), text.clone());
            self.refused.insert(key, (text, why.clone()));
        }
        out.push(Command::Refuse(why));
    }

    /// After the field `key` is drawn with `text`: a refusal of another
    /// text is forgotten (the GM acted on the field); whether the text is
    /// still the one refused.
    fn still_refused(&mut self, key: &str, text: &str) -> bool {
        match self.refused.get(key) {
            Some((refused, _)) if refused == text => true,
            Some(_) => {
                self.refused.remove(key);
                false
            }
            None => false,
        }
    }

    /// Notes that the field `key` returned `value` typed as `text`.
    fn offer<T>(&mut self, key: &str, text: &str, value: Option<T>) -> Option<T> {
        if value.is_some() {
            self.offered = Some((key.to_owned(), text.to_owned()));
        }
        value
    }

    /// Gives the field the keyboard when asked for, its text selected, so
    /// typing replaces a placeholder ("New character") instead of adding
    /// to it.
    fn take_focus(&mut self, key: &str, response: &egui::Response, text: &str) {
        if self.focus.as_deref() == Some(key) {
            response.request_focus();
            let mut state =
                egui::TextEdit::load_state(&response.ctx, response.id).unwrap_or_default();
            state
                .cursor
                .set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
            state.store(&response.ctx, response.id);
            self.focus = None;
        }
    }

    /// The command for an edit made from the value a field just returned
    /// (a draft while the field has focus), or from a button or checkbox.
    pub fn command(&mut self, edit: Option<Edit>) -> Option<Command> {
        let draft = std::mem::take(&mut self.draft);
        self.offered = None;
        edit.map(|edit| {
            if draft {
                Command::Draft(edit)
            } else {
                Command::Apply(edit)
            }
        })
    }

    /// A text field; returns the new text while typed (a draft) and once finished.
    pub fn text<'l>(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: impl Into<FieldLabel<'l>>,
        current: &str,
        width: f32,
    ) -> Option<String> {
        let label = label.into();
        let label_id = label.draw(ui);
        self.text_unlabelled(ui, key, current, width, (label, label_id), false)
    }

    /// A multi-line text field, finished when it loses focus.
    pub fn multiline(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: &str,
    ) -> Option<String> {
        let label = FieldLabel::Beside(label);
        let label_id = label.draw(ui);
        self.text_unlabelled(
            ui,
            key,
            current,
            ui.available_width(),
            (label, label_id),
            true,
        )
    }

    fn text_unlabelled(
        &mut self,
        ui: &mut Ui,
        key: &str,
        current: &str,
        width: f32,
        (label, label_id): (FieldLabel<'_>, Option<egui::Id>),
        multiline: bool,
    ) -> Option<String> {
        let mut text = self
            .texts
            .get(key)
            .cloned()
            .unwrap_or_else(|| current.to_owned());
        let mut edit = if multiline {
            TextEdit::multiline(&mut text).desired_rows(3)
        } else {
            TextEdit::singleline(&mut text)
        };
        if self.refused.contains_key(key) {
            edit = edit.text_color(ERROR_COLOUR);
        }
        let response = label.name(ui.add(edit.id_salt(key).desired_width(width)), label_id);
        self.take_focus(key, &response, &text);
        if self.still_refused(key, &text) {
            if let Some((_, why)) = self.refused.get(key) {
                error_below(ui, key, &response, why);
            }
            return None;
        }
        if response.has_focus() {
            self.texts.insert(key.to_owned(), text.clone());
        } else if response.lost_focus() {
            self.texts.remove(key);
        } else {
            return None;
        }
        self.draft = response.has_focus();
        let value = (text != current).then(|| text.clone());
        self.offer(key, &text, value)
    }

    /// A whole-number field checked against `range`.
    pub fn whole<'l>(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: impl Into<FieldLabel<'l>>,
        current: i64,
        range: &RangeInclusive<i64>,
    ) -> Option<i64> {
        let shown = current.to_string();
        self.parsed(ui, key, label, current, &shown, NUMBER_WIDTH, |t| {
            limits::parse_whole(t, range)
        })
    }

    /// A decimal field (weights, days); `parse` checks it.
    pub fn decimal(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: f64,
        parse: impl Fn(&str) -> Result<f64, limits::FieldError>,
    ) -> Option<f64> {
        // Exactly as stored (a moon's 30.4375 days), never rounded: a field
        // left as it was shown must not change the value.
        let shown = current.to_string();
        let typed = self.texts.get(key).map_or(shown.as_str(), String::as_str);
        let width = NUMBER_WIDTH.max(text_width(ui, typed, egui::TextStyle::Body) + 12.0);
        self.parsed(ui, key, label, current, &shown, width, parse)
    }

    /// A field whose text is parsed into a value (a number, a dice
    /// expression) as it is typed: only a value that parses is offered, and
    /// why the text does not parse is shown below the field.
    #[allow(clippy::too_many_arguments)]
    pub fn parsed<'l, T: PartialEq, E: std::fmt::Display>(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: impl Into<FieldLabel<'l>>,
        current: T,
        shown: &str,
        width: f32,
        parse: impl Fn(&str) -> Result<T, E>,
    ) -> Option<T> {
        let mut result = None;
        let label = label.into();
        ui.horizontal(|ui| {
            let label_id = label.draw(ui);
            let mut text = self
                .texts
                .get(key)
                .cloned()
                .unwrap_or_else(|| shown.to_owned());
            let invalid = self.errors.contains_key(key) || self.refused.contains_key(key);
            // Grows with what is typed, in the frame it is typed: a width
            // worked out from the frame before cut the last digit.
            let mut edit = TextEdit::singleline(&mut text)
                .id_salt(key)
                .desired_width(width)
                .clip_text(false);
            if invalid {
                edit = edit.text_color(ERROR_COLOUR);
            }
            let response = label.name(ui.add(edit), label_id);
            self.take_focus(key, &response, &text);
            if response.has_focus() || invalid {
                self.texts.insert(key.to_owned(), text.clone());
            }
            if response.changed() {
                // What was said of the text before is not said of this one.
                self.errors.remove(key);
            }
            if self.still_refused(key, &text) {
                // Offered no more until the GM changes it.
            } else if response.has_focus() {
                result = parse(&text).ok().filter(|v| *v != current);
                self.draft = result.is_some();
            } else if response.lost_focus() {
                match parse(&text) {
                    Ok(value) => {
                        self.texts.remove(key);
                        self.errors.remove(key);
                        self.draft = false;
                        result = Some(value).filter(|v| *v != current);
                    }
                    Err(message) => {
                        self.errors
                            .insert(key.to_owned(), format!("{}: {message}", label.text()));
                        // The field and its error come into view.
                        response.scroll_to_me(None);
                    }
                }
            }
            let refusal = self.refused.get(key).map(|(_, why)| why);
            if let Some(message) = self.errors.get(key).or(refusal) {
                error_below(ui, key, &response, message);
            }
            result = self.offer(key, &text, result.take());
        });
        result
    }
}

/// What a field is called: shown beside it, or, in a grid whose column
/// heading says what the field is, told only to a screen reader (and tests).
#[derive(Debug, Clone, Copy)]
pub enum FieldLabel<'a> {
    Beside(&'a str),
    Unseen(&'a str),
}

impl<'a> From<&'a str> for FieldLabel<'a> {
    fn from(text: &'a str) -> Self {
        FieldLabel::Beside(text)
    }
}

impl<'a> From<&'a String> for FieldLabel<'a> {
    fn from(text: &'a String) -> Self {
        FieldLabel::Beside(text)
    }
}

impl<'a> FieldLabel<'a> {
    pub fn text(self) -> &'a str {
        match self {
            FieldLabel::Beside(text) | FieldLabel::Unseen(text) => text,
        }
    }

    /// The label beside the field, if it is shown.
    fn draw(self, ui: &mut Ui) -> Option<egui::Id> {
        match self {
            FieldLabel::Beside(text) => Some(ui.label(text).id),
            FieldLabel::Unseen(_) => None,
        }
    }

    /// The field's accessible name: its label, or the unseen name.
    fn name(self, response: egui::Response, label_id: Option<egui::Id>) -> egui::Response {
        let response = in_view(response);
        match label_id {
            Some(id) => response.labelled_by(id),
            None => {
                let enabled = response.enabled();
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, enabled, self.text())
                });
                response
            }
        }
    }
}

/// The edit that changes one record, if `change` changes anything.
pub(super) fn record_edit<R: Record>(
    record: &R,
    label: String,
    change: impl FnOnce(&mut R),
) -> Option<Edit> {
    let mut after = record.clone();
    change(&mut after);
    (after != *record).then(|| Edit::new(label, vec![Change::of(Some(record), Some(&after))]))
}

/// A field's error, shown just below it over what follows, so that neither
/// the field nor its neighbours move when the error comes and goes.
pub(super) fn error_below(ui: &Ui, key: &str, field: &egui::Response, message: &str) {
    if !ui.is_rect_visible(field.rect) {
        return;
    }
    egui::Area::new(egui::Id::unique(("field-error", key)))
        .order(egui::Order::Foreground)
        .fixed_pos(field.rect.left_bottom() + egui::vec2(0.0, 2.0))
        .interactable(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(message).color(ERROR_COLOUR));
            });
        });
}

/// A labelled list of a small enum's values; the value picked, if it changed.
pub fn choice_combo<C: Choice>(ui: &mut Ui, id: &str, label: &str, value: C) -> Option<C> {
    let mut chosen = value;
    list_combo(ui, id, label, &mut chosen, &named_choices::<C>()).then_some(chosen)
}

/// A labelled list of choices, each a value and how it is said, as wide as
/// its longest name; sets `chosen` to the one picked, and says whether it
/// changed. Only the entries in view are drawn: a list may be long.
pub fn list_combo<T: Copy + PartialEq, N: AsRef<str>>(
    ui: &mut Ui,
    id: impl egui::AsIdSalt,
    label: &str,
    chosen: &mut T,
    choices: &[(T, N)],
) -> bool {
    let before = *chosen;
    let shown = choices
        .iter()
        .find(|(value, _)| value == chosen)
        .map_or("", |(_, name)| name.as_ref());
    let width = combo_width(ui, choices.iter().map(|(_, name)| name.as_ref()));
    beside(ui, label, width, |ui, label_id| {
        let response = combo(ui, id, shown, width, |ui| {
            super::lists::rows_in_view(ui, "entries", choices.len(), 380.0, |ui, i| {
                let (value, name) = &choices[i];
                ui.selectable_value(chosen, *value, name.as_ref());
            });
        });
        in_view(response).labelled_by(label_id);
    });
    *chosen != before
}

/// Every value of a named enum with the name the GM reads.
fn named_choices<T: Choice>() -> Vec<(T, &'static str)> {
    T::iter().map(|t| (t, t.label())).collect()
}

/// Like [`choice_combo`], with "no value" offered first under the name `none`;
/// says whether it changed.
pub fn optional_choice_combo<T: Choice>(
    ui: &mut Ui,
    id: impl egui::AsIdSalt,
    label: &str,
    chosen: &mut Option<T>,
    none: &'static str,
) -> bool {
    let before = *chosen;
    record_combo(
        ui,
        id,
        label,
        chosen,
        Unpicked::Offered(none),
        &named_choices::<T>(),
    );
    *chosen != before
}

/// The one combo box every list is drawn with, `width` wide (see
/// [`combo_width`]), tall enough to show a dozen entries without scrolling.
fn combo(
    ui: &mut Ui,
    id: impl egui::AsIdSalt,
    shown: &str,
    width: f32,
    entries: impl FnOnce(&mut Ui),
) -> egui::Response {
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .width(width)
        .height(480.0)
        .show_ui(ui, entries)
        .response
}

/// A list's width: enough for its longest name ("Marta the Guide" whole),
/// within reason. Only the name with the most letters is laid out: a list
/// may hold thousands.
fn combo_width<'a>(ui: &Ui, names: impl Iterator<Item = &'a str>) -> f32 {
    let longest = names.max_by_key(|n| n.chars().count()).unwrap_or("");
    let text = text_width(ui, longest, egui::TextStyle::Button);
    let chrome = ui.spacing().icon_width + 2.0 * ui.spacing().button_padding.x + 8.0;
    (text + chrome).clamp(ui.spacing().combo_width, 320.0)
}

/// What a [`record_combo`] shows when no record is picked.
#[derive(Clone, Copy)]
pub enum Unpicked<'a> {
    /// "None" is itself a choice, listed first under this name.
    Offered(&'a str),
    /// A prompt shown until a record is picked; it cannot be picked back.
    Prompt(&'a str),
}

/// A labelled list of named records (in the order given); sets `chosen` to
/// the one picked.
pub fn record_combo<K: Copy + PartialEq, N: AsRef<str>>(
    ui: &mut Ui,
    id: impl egui::AsIdSalt,
    label: &str,
    chosen: &mut Option<K>,
    unpicked: Unpicked<'_>,
    records: &[(K, N)],
) {
    let (Unpicked::Offered(none) | Unpicked::Prompt(none)) = unpicked;
    let shown = chosen
        .and_then(|c| records.iter().find(|(k, _)| *k == c))
        .map_or(none, |(_, name)| name.as_ref());
    let width = combo_width(ui, records.iter().map(|(_, n)| n.as_ref()).chain([none]));
    beside(ui, label, width, |ui, label_id| {
        let response = combo(ui, id, shown, width, |ui| {
            if let Unpicked::Offered(none) = unpicked {
                ui.selectable_value(chosen, None, none);
            }
            // Only the entries in view are drawn: a list may be thousands long.
            super::lists::rows_in_view(ui, "entries", records.len(), 380.0, |ui, i| {
                let (key, name) = &records[i];
                ui.selectable_value(chosen, Some(*key), name.as_ref());
            });
        });
        in_view(response).labelled_by(label_id);
    });
}

/// A label and the widget it names (`width` wide), kept on one line where
/// the row wraps: a pair that does not fit what is left of the line starts
/// the next, so "Tool" never ends one line with its list starting the next.
fn beside(ui: &mut Ui, label: &str, width: f32, widget: impl FnOnce(&mut Ui, egui::Id)) {
    let left = ui.available_size_before_wrap().x;
    let at_line_start = left >= ui.max_rect().width() - 1.0;
    if ui.layout().main_wrap && !at_line_start {
        let needed = text_width(ui, label, egui::TextStyle::Body)
            + 2.0 * ui.spacing().item_spacing.x
            + width;
        if needed > left {
            ui.end_row();
        }
    }
    let label_id = ui.label(label).id;
    widget(ui, label_id);
}

/// A labelled list of the campaign's parties, by name; sets `chosen` to the
/// one picked, and says whether it changed.
pub fn party_combo(
    ui: &mut Ui,
    id: impl egui::AsIdSalt,
    label: &str,
    data: &waybook_core::model::CampaignData,
    chosen: &mut Option<waybook_core::model::PartyId>,
    unpicked: Unpicked<'_>,
) -> bool {
    let before = *chosen;
    let mut parties: Vec<_> = data
        .parties
        .values()
        .map(|p| (p.id, p.name.as_str()))
        .collect();
    waybook_core::model::sort_by_name(&mut parties, |(_, name)| name);
    record_combo(ui, id, label, chosen, unpicked, &parties);
    *chosen != before
}

/// A "Region" list of the campaign's regions, by name, `unpicked` offered
/// for none; the new choice when it changes.
pub fn region_combo(
    ui: &mut Ui,
    id: &str,
    current: Option<waybook_core::model::RegionId>,
    data: &waybook_core::model::CampaignData,
    unpicked: Unpicked<'_>,
) -> Option<Option<waybook_core::model::RegionId>> {
    let regions: Vec<_> = data
        .regions_by_name()
        .into_iter()
        .map(|r| (r.id, r.name.as_str()))
        .collect();
    changed_combo(ui, id, "Region", current, unpicked, &regions)
}

/// A list labelled `label` of the campaign's roll tables, by name,
/// `unpicked` offered for none; the new choice when it changes.
pub fn table_combo(
    ui: &mut Ui,
    id: &str,
    label: &str,
    current: Option<waybook_core::model::TableId>,
    data: &waybook_core::model::CampaignData,
    unpicked: Unpicked<'_>,
) -> Option<Option<waybook_core::model::TableId>> {
    let mut tables: Vec<_> = data
        .tables
        .values()
        .map(|t| (t.id, t.name.as_str()))
        .collect();
    waybook_core::model::sort_by_name(&mut tables, |(_, name)| name);
    changed_combo(ui, id, label, current, unpicked, &tables)
}

/// A [`record_combo`] that returns the new choice when it changes.
fn changed_combo<K: Copy + PartialEq>(
    ui: &mut Ui,
    id: &str,
    label: &str,
    current: Option<K>,
    unpicked: Unpicked<'_>,
    offered: &[(K, &str)],
) -> Option<Option<K>> {
    let mut chosen = current;
    record_combo(ui, id, label, &mut chosen, unpicked, offered);
    (chosen != current).then_some(chosen)
}

/// One choice of a [`cell_combo`]: its value, its name, and why it cannot
/// be chosen now, if it cannot (shown beside it, greyed).
pub struct Offer<T> {
    pub value: T,
    pub name: String,
    pub refused: Option<String>,
}

/// A list of choices in a table cell whose column heading names it: no
/// label beside it, but a name for the screen reader ("Action of Ash").
/// Choices that cannot be taken are greyed with the reason. `id` tells it
/// from the rest of the table, names being free to repeat (two heroes
/// may share one, two columns a heading).
pub fn cell_combo<T: Copy + PartialEq>(
    ui: &mut Ui,
    id: impl egui::AsIdSalt,
    name: &str,
    chosen: &mut T,
    offers: &[Offer<T>],
    prompt: &str,
) {
    let shown = offers
        .iter()
        .find(|o| o.value == *chosen)
        .map_or(prompt, |o| o.name.as_str());
    let width = combo_width(ui, offers.iter().map(|o| o.name.as_str()).chain([shown]));
    let response = combo(ui, id, shown, width, |ui| {
        for offer in offers {
            let text = match &offer.refused {
                Some(why) => format!("{} ({why})", offer.name),
                None => offer.name.clone(),
            };
            ui.add_enabled_ui(offer.refused.is_none(), |ui| {
                ui.selectable_value(chosen, offer.value, text)
            });
        }
    });
    in_view(response).accessible_name(name);
}

/// Keeps the record chosen while it is still offered, else the first one.
pub fn keep_or_first<K: Copy + PartialEq, N>(chosen: &mut Option<K>, offered: &[(K, N)]) {
    if chosen.is_none_or(|c| !offered.iter().any(|(k, _)| *k == c)) {
        *chosen = offered.first().map(|(k, _)| *k);
    }
}

/// A labelled one-line field for text a screen keeps until it is used (a
/// name to be given, a number to be parsed when the button is pressed).
pub fn draft(ui: &mut Ui, label: &str, text: &mut String, width: f32) -> egui::Response {
    let label_id = ui.label(label).id;
    in_view(ui.add(TextEdit::singleline(text).desired_width(width))).labelled_by(label_id)
}
