//! The one way a screen takes what the GM types: a number, a text, a dice
//! expression. Every field holds the text as typed, reads it at the edge
//! into its typed value ([`Reads`], against the range `limits.rs` declares
//! for it, the same one imports and `waybook check` are held to), shows why
//! it does not read just below the field, and gives a value only when it
//! reads. A field is kept in one of two places:
//!
//! - an [`Entry`], in a play screen's form, until a button uses it (the
//!   enemies to add, the XP each hero gets);
//! - [`Typing`], for a field of a record (a character's Wounds, an item's
//!   weight): what is typed is kept only while the field has focus, and the
//!   value becomes one change of the record when the edit is finished
//!   (focus leaves the field, or Enter). While it is typed, its good value
//!   is also offered as a draft ([`Command::Draft`]), which the app writes
//!   only if the window closes mid-edit: closing never loses what was
//!   typed, and typing still makes one undo step per finished edit.
//!
//! Both are drawn by [`draw`], the only text field of the screens.

use super::measure::{in_view, text_width};
use crate::app::Command;
use egui::{Color32, RichText, TextEdit, Ui};
use std::collections::HashMap;
use std::ops::RangeInclusive;
use waybook_core::model::{Change, DiceText, Edit, Record, limits};

pub const ERROR_COLOUR: Color32 = Color32::from_rgb(0xd0, 0x3a, 0x2f);

/// How wide a number field is drawn at least; it grows with what is typed.
pub const NUMBER_WIDTH: f32 = 52.0;

/// A kind of value a field reads from its text.
pub trait Reads: Sized + PartialEq {
    /// What the text is read against: a number's range, from `limits.rs`.
    type Rule;
    /// Whether the field grows with what is typed (a number must show
    /// every digit; a name keeps its column's width).
    const GROWS: bool;
    /// The value the text reads as, or why it does not.
    fn read(text: &str, rule: &Self::Rule) -> Result<Self, String>;
    /// The value as it is shown in the field: exactly as stored (a moon's
    /// 30.4375 days), so a field left as it was shown changes nothing.
    fn written(&self) -> String;
}

impl Reads for i64 {
    type Rule = RangeInclusive<i64>;
    const GROWS: bool = true;
    fn read(text: &str, range: &Self::Rule) -> Result<Self, String> {
        limits::parse_whole(text, range).map_err(|e| e.to_string())
    }
    fn written(&self) -> String {
        self.to_string()
    }
}

impl Reads for f64 {
    type Rule = RangeInclusive<f64>;
    const GROWS: bool = true;
    fn read(text: &str, range: &Self::Rule) -> Result<Self, String> {
        limits::parse_decimal(text, range).map_err(|e| e.to_string())
    }
    fn written(&self) -> String {
        self.to_string()
    }
}

/// A count kept in halves (days without food): 1.5, never 1.25.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Halves(pub f64);

impl Reads for Halves {
    type Rule = RangeInclusive<f64>;
    const GROWS: bool = true;
    fn read(text: &str, range: &Self::Rule) -> Result<Self, String> {
        limits::parse_halves(text, range)
            .map(Halves)
            .map_err(|e| e.to_string())
    }
    fn written(&self) -> String {
        self.0.to_string()
    }
}

impl Reads for String {
    type Rule = ();
    const GROWS: bool = false;
    fn read(text: &str, (): &()) -> Result<Self, String> {
        Ok(text.to_owned())
    }
    fn written(&self) -> String {
        self.clone()
    }
}

impl Reads for DiceText {
    type Rule = ();
    const GROWS: bool = false;
    fn read(text: &str, (): &()) -> Result<Self, String> {
        text.parse()
            .map_err(|e: <Self as std::str::FromStr>::Err| e.to_string())
    }
    fn written(&self) -> String {
        self.as_str().to_owned()
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

/// How a field is drawn.
#[derive(Debug, Clone, Copy)]
struct Look<'a> {
    width: f32,
    /// Shown greyed while the field is empty.
    hint: Option<&'a str>,
    /// The text does not read (or was refused): drawn in red.
    wrong: bool,
    multiline: bool,
    grows: bool,
}

/// The one text field: its label, then the field holding `text`.
fn draw(
    ui: &mut Ui,
    text: &mut String,
    salt: Option<&str>,
    label: FieldLabel<'_>,
    look: Look<'_>,
) -> egui::Response {
    let label_id = label.draw(ui);
    let width = if look.grows {
        look.width
            .max(text_width(ui, text, egui::TextStyle::Body) + 12.0)
    } else {
        look.width
    };
    let mut edit = if look.multiline {
        TextEdit::multiline(text).desired_rows(3)
    } else {
        // Grows with what is typed, in the frame it is typed: a width
        // worked out from the frame before cut the last digit.
        TextEdit::singleline(text).clip_text(!look.grows)
    };
    edit = edit.desired_width(width);
    if let Some(salt) = salt {
        edit = edit.id_salt(salt);
    }
    if let Some(hint) = look.hint {
        edit = edit.hint_text(hint);
    }
    if look.wrong {
        edit = edit.text_color(ERROR_COLOUR);
    }
    label.name(ui.add(edit), label_id)
}

/// A field of a play screen's form: the text as typed and the rule it is
/// read against, kept until a button uses its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry<T: Reads> {
    text: String,
    rule: T::Rule,
}

impl<T: Reads> Entry<T> {
    /// A field starting at `value`, read against `rule`.
    pub fn new(value: T, rule: T::Rule) -> Self {
        Self {
            text: value.written(),
            rule,
        }
    }

    /// A field with `text` typed in it already: an example the GM may
    /// roll as it is, or change.
    pub fn typed(text: &str, rule: T::Rule) -> Self {
        Self {
            text: text.to_owned(),
            rule,
        }
    }

    /// A field starting empty: a value the GM must type.
    pub fn empty(rule: T::Rule) -> Self {
        Self {
            text: String::new(),
            rule,
        }
    }

    /// What the text reads as, or why it does not.
    pub fn value(&self) -> Result<T, String> {
        T::read(&self.text, &self.rule)
    }

    /// The text as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text as typed, the field given up.
    pub fn into_text(self) -> String {
        self.text
    }

    /// Whether nothing (or only spaces) is typed.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Shows `value` in the field.
    pub fn set(&mut self, value: &T) {
        self.text = value.written();
    }

    /// Empties the field.
    pub fn clear(&mut self) {
        self.text.clear();
    }

    /// Reads the text against `rule` from now on (a range that depends on
    /// the campaign: the hours of its day).
    pub fn set_rule(&mut self, rule: T::Rule) {
        self.rule = rule;
    }

    /// The labelled field, `width` wide, with its error below it while the
    /// text does not read; the value, or the error named by the label
    /// ("Attack dice: “x” is not a whole number").
    pub fn ui(&mut self, ui: &mut Ui, label: &str, width: f32) -> Result<T, String> {
        self.show(ui, label, width, None).1
    }

    /// The labelled field, `width` wide, for a value a button reads later
    /// (with [`Self::value`] or [`Self::text`]).
    pub fn field(&mut self, ui: &mut Ui, label: &str, width: f32) -> egui::Response {
        self.show(ui, label, width, None).0
    }

    /// As [`Self::field`], with `hint` shown while the field is empty.
    pub fn field_hinted(
        &mut self,
        ui: &mut Ui,
        label: &str,
        width: f32,
        hint: &str,
    ) -> egui::Response {
        self.show(ui, label, width, Some(hint)).0
    }

    /// As [`Self::ui`], for a field that may be left empty: then `None`.
    pub fn ui_optional(
        &mut self,
        ui: &mut Ui,
        label: &str,
        width: f32,
    ) -> Result<Option<T>, String> {
        let value = self.ui(ui, label, width);
        if self.is_blank() {
            return Ok(None);
        }
        value.map(Some)
    }

    /// As [`Self::ui`], with `hint` shown while the field is empty, and the
    /// field's response (to give it the keyboard, to see Enter pressed).
    pub fn show(
        &mut self,
        ui: &mut Ui,
        label: &str,
        width: f32,
        hint: Option<&str>,
    ) -> (egui::Response, Result<T, String>) {
        let wrong = self.value().is_err() && !self.is_blank();
        let look = Look {
            width,
            hint,
            wrong,
            multiline: false,
            grows: T::GROWS,
        };
        let response = draw(ui, &mut self.text, None, FieldLabel::Beside(label), look);
        let value = self.value().map_err(|e| format!("{label}: {e}"));
        if let Err(message) = &value
            && !self.is_blank()
        {
            error_below(ui, label, &response, message);
        }
        (response, value)
    }
}

impl Entry<String> {
    /// The labelled field for a text the window's own state keeps (the
    /// handouts' folder, the path prompt's path): drawn from `text`, what
    /// is typed written back to it.
    pub fn in_place(
        ui: &mut Ui,
        text: &mut String,
        label: &str,
        width: f32,
        hint: Option<&str>,
    ) -> egui::Response {
        let mut entry = Self::new(std::mem::take(text), ());
        let (response, _) = entry.show(ui, label, width, hint);
        *text = entry.text;
        response
    }
}

impl<T: Reads<Rule = ()>> Default for Entry<T> {
    fn default() -> Self {
        Self::empty(())
    }
}

/// What is being typed into records' fields and the errors shown, per
/// field key.
#[derive(Debug, Default)]
pub struct Typing {
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

impl Typing {
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

    /// A whole number field of a record, checked against `range`.
    pub fn whole<'l>(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: impl Into<FieldLabel<'l>>,
        current: i64,
        range: &RangeInclusive<i64>,
    ) -> Option<i64> {
        self.field(ui, key, label, &current, range, NUMBER_WIDTH)
    }

    /// A decimal field of a record (a weight, a speed), checked against `range`.
    pub fn decimal(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: f64,
        range: &RangeInclusive<f64>,
    ) -> Option<f64> {
        self.field(ui, key, label, &current, range, NUMBER_WIDTH)
    }

    /// A whole number field of a record whose label and field are laid out
    /// by what holds them (a grid's two cells), checked against `range`.
    pub fn whole_in_cells(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: i64,
        range: &RangeInclusive<i64>,
    ) -> Option<i64> {
        self.typed(
            ui,
            key,
            label.into(),
            (&current, range),
            NUMBER_WIDTH,
            false,
        )
    }

    /// A one-line text field of a record, `width` wide; its label and the
    /// field are laid out by what holds them (a grid's two cells).
    pub fn text<'l>(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: impl Into<FieldLabel<'l>>,
        current: &str,
        width: f32,
    ) -> Option<String> {
        let current = current.to_owned();
        self.typed(ui, key, label.into(), (&current, &()), width, false)
    }

    /// A field of a record, its label kept beside it: the new value, while it
    /// is typed (a draft) and once the edit is finished, when it reads
    /// against `rule` and differs from `current`.
    pub fn field<'l, T: Reads>(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: impl Into<FieldLabel<'l>>,
        current: &T,
        rule: &T::Rule,
        width: f32,
    ) -> Option<T> {
        let label = label.into();
        ui.horizontal(|ui| self.typed(ui, key, label, (current, rule), width, false))
            .inner
    }

    /// A text of a record that may run to several lines (a character's
    /// notes), the width of what holds it; finished when it loses focus.
    pub fn multiline(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: &str,
        current: &str,
    ) -> Option<String> {
        let width = ui.available_width();
        let current = current.to_owned();
        self.typed(ui, key, label.into(), (&current, &()), width, true)
    }

    fn typed<T: Reads>(
        &mut self,
        ui: &mut Ui,
        key: &str,
        label: FieldLabel<'_>,
        (current, rule): (&T, &T::Rule),
        width: f32,
        multiline: bool,
    ) -> Option<T> {
        let mut text = self
            .texts
            .get(key)
            .cloned()
            .unwrap_or_else(|| current.written());
        let invalid = self.errors.contains_key(key) || self.refused.contains_key(key);
        let look = Look {
            width,
            hint: None,
            wrong: invalid,
            multiline,
            grows: T::GROWS && !multiline,
        };
        let response = draw(ui, &mut text, Some(key), label, look);
        self.take_focus(key, &response, &text);
        if response.has_focus() || invalid {
            self.texts.insert(key.to_owned(), text.clone());
        }
        if response.changed() {
            // What was said of the text before is not said of this one.
            self.errors.remove(key);
        }
        let mut result = None;
        if self.still_refused(key, &text) {
            // Offered no more until the GM changes it.
        } else if response.has_focus() {
            result = T::read(&text, rule).ok().filter(|v| v != current);
            self.draft = result.is_some();
        } else if response.lost_focus() {
            match T::read(&text, rule) {
                Ok(value) => {
                    self.texts.remove(key);
                    self.errors.remove(key);
                    self.draft = false;
                    result = Some(value).filter(|v| v != current);
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
        if result.is_some() {
            self.offered = Some((key.to_owned(), text));
        }
        result
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
}

/// The fields of one record on a screen (a character's sheet), each
/// finished edit one change of the record, named for its field.
pub struct RecordForm<'a, R: Record> {
    pub record: &'a R,
    pub typing: &'a mut Typing,
    pub out: &'a mut Vec<Command>,
    /// What every field's key starts with: which record it is.
    keys: String,
}

impl<'a, R: Record> RecordForm<'a, R> {
    pub fn new(
        record: &'a R,
        keys: String,
        typing: &'a mut Typing,
        out: &'a mut Vec<Command>,
    ) -> Self {
        Self {
            record,
            typing,
            out,
            keys,
        }
    }

    /// The key of the record's field `field`.
    pub fn key(&self, field: &str) -> String {
        format!("{}:{field}", self.keys)
    }

    /// Changes the record: "Change {what} of {title}".
    pub fn commit(&mut self, what: &str, change: impl FnOnce(&mut R)) {
        self.typing.commit(self.out, self.record, what, change);
    }

    /// A whole number of the record, its label beside it.
    pub fn whole(
        &mut self,
        ui: &mut Ui,
        label: &str,
        range: RangeInclusive<i64>,
        get: impl Fn(&R) -> i64,
        set: impl FnOnce(&mut R, i64),
    ) {
        self.whole_keyed(ui, label, label, range, get, set);
    }

    /// A whole number of the record, keyed by `field` (a name that may
    /// change, as a stat's, does not key its field).
    pub fn whole_keyed<'l>(
        &mut self,
        ui: &mut Ui,
        field: &str,
        label: impl Into<FieldLabel<'l>>,
        range: RangeInclusive<i64>,
        get: impl Fn(&R) -> i64,
        set: impl FnOnce(&mut R, i64),
    ) {
        let key = self.key(field);
        let label = label.into();
        if let Some(v) = self.typing.whole(ui, &key, label, get(self.record), &range) {
            self.commit(label.text(), |r| set(r, v));
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
