//! The one way a screen offers a choice: a labelled list of a small enum's
//! values, of the campaign's records (parties, regions, tables), or of a
//! table cell's offers with the reason beside each that cannot be taken.
//! Every list is drawn by one combo box, as wide as its longest name, and
//! draws only the entries in view.

use super::measure::{in_view, text_width};
use egui::Ui;
use waybook_core::model::Choice;

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
    let order = parties_by_name(data);
    party_combo_in(ui, (id, label), data, &order, chosen, unpicked)
}

/// The campaign's parties in natural order of their names.
pub fn parties_by_name(
    data: &waybook_core::model::CampaignData,
) -> Vec<waybook_core::model::PartyId> {
    let mut parties: Vec<_> = (data.parties.values())
        .map(|p| (p.id, p.name.as_str()))
        .collect();
    waybook_core::model::sort_by_name(&mut parties, |(_, name)| name);
    parties.into_iter().map(|(id, _)| id).collect()
}

/// [`party_combo`] listing the parties in `order` (a screen keeps
/// [`parties_by_name`] until the campaign changes, so a frame sorts none).
pub fn party_combo_in(
    ui: &mut Ui,
    (id, label): (impl egui::AsIdSalt, &str),
    data: &waybook_core::model::CampaignData,
    order: &[waybook_core::model::PartyId],
    chosen: &mut Option<waybook_core::model::PartyId>,
    unpicked: Unpicked<'_>,
) -> bool {
    let before = *chosen;
    let parties: Vec<_> = (order.iter())
        .filter_map(|id| data.parties.get(id))
        .map(|p| (p.id, p.name.as_str()))
        .collect();
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
