//! Who may see a GM's text, on every screen that has one: the "Players
//! see" list (GM only, the party, named players) with a box per player
//! when named, the small mark a list shows beside a shared text, and the
//! "Shown to" filter of a screen's list.

use crate::model::{SeenFilter, Shown, Visibility};
use egui::{RichText, Ui};

/// The "Players see" list for `shown`, and a box per player when they are
/// named; the new visibility when the GM changed it.
pub fn shown_ui(
    ui: &mut Ui,
    id: &str,
    shown: &Visibility,
    players: &[String],
) -> Option<Visibility> {
    let mut changed = None;
    ui.horizontal_wrapped(|ui| {
        let mut choice = shown.shown();
        let choices: Vec<(Shown, &str)> = Shown::ALL.iter().map(|s| (*s, s.label())).collect();
        if super::fields::list_combo(
            ui,
            format!("{id}:shown"),
            "Players see",
            &mut choice,
            &choices,
        ) {
            changed = Some(shown.with_shown(choice));
        }
        if choice != Shown::Players {
            return;
        }
        if players.is_empty() {
            ui.weak("No character in a party has a player yet: write one on a sheet.");
        }
        for player in players {
            let mut on = shown.shows(player);
            if ui.checkbox(&mut on, player).changed() {
                changed = Some(shown.toggle_player(player, on, players));
            }
        }
    });
    changed
}

/// The mark beside a text players can see ("Shared: Maya"); nothing for
/// the GM's own.
pub fn mark_ui(ui: &mut Ui, shown: &Visibility) {
    if !shown.is_gm_only() {
        ui.label(
            RichText::new(format!("Shared: {}", shown.mark()))
                .small()
                .strong(),
        )
        .on_hover_text("Players see this in their handouts");
    }
}

/// The mark as the end of a list's line: " · shared: Maya"; nothing for
/// the GM's own.
pub fn suffix(shown: &Visibility) -> String {
    if shown.is_gm_only() {
        String::new()
    } else {
        format!(" · shared: {}", shown.mark())
    }
}

/// The "Shown to" filter of a list; whether it changed.
pub fn filter_ui(ui: &mut Ui, id: &str, filter: &mut SeenFilter) -> bool {
    let choices: Vec<(SeenFilter, &str)> =
        SeenFilter::ALL.iter().map(|f| (*f, f.label())).collect();
    super::fields::list_combo(ui, id, "Shown to", filter, &choices)
}

/// A button with the mark of `shown` ("GM only", "Maya") that opens the
/// "Players see" list: for a row of a list. The new visibility when changed.
pub fn share_menu_ui(
    ui: &mut Ui,
    id: &str,
    shown: &Visibility,
    players: &[String],
) -> Option<Visibility> {
    let mut changed = None;
    ui.menu_button(shown.mark(), |ui| {
        changed = shown_ui(ui, id, shown, players);
    })
    .response
    .on_hover_text("Who sees this in the players' handouts");
    changed
}

/// Who an edit shows a text to, in its label: "the GM only", "Maya".
fn to_whom(shown: &Visibility) -> String {
    if shown.is_gm_only() {
        "the GM only".to_owned()
    } else {
        shown.mark()
    }
}

/// The edit that gives `record` the visibility `shown`, as a command.
pub fn share<R: crate::model::Record>(
    record: &R,
    shown: Visibility,
    set: impl FnOnce(&mut R, Visibility),
) -> Option<crate::app::Command> {
    let label = format!(
        "Show {} to {}",
        record.title().unwrap_or_default(),
        to_whom(&shown)
    );
    super::fields::record_edit(record, label, |r| set(r, shown)).map(crate::app::Command::Apply)
}

/// The share button of a log entry: who sees it, and whether they see its
/// dice too. The edit, when the GM changed either.
pub fn entry_share_ui(
    ui: &mut Ui,
    e: &crate::model::LogEntry,
    players: &[String],
) -> Option<crate::app::Command> {
    let mut command = None;
    let mark = if e.working_shown && !e.shown.is_gm_only() {
        format!("{} + dice", e.shown.mark())
    } else {
        e.shown.mark()
    };
    ui.menu_button(mark, |ui| {
        let id = format!("entry{}", e.id.0);
        if let Some(v) = shown_ui(ui, &id, &e.shown, players) {
            command = share(e, v, |e, v| e.shown = v);
        }
        let mut dice = e.working_shown;
        if ui.checkbox(&mut dice, "Players see the dice too").changed() {
            let label = format!("Show the dice of {} to players", e.why);
            command = super::fields::record_edit(e, label, |e| e.working_shown = dice)
                .map(crate::app::Command::Apply);
        }
    })
    .response
    .on_hover_text("Who sees this entry in the players' handouts");
    command
}

/// One edit that gives every entry of `entries` the visibility `shown`.
pub fn share_entries<'a>(
    entries: impl Iterator<Item = &'a crate::model::LogEntry>,
    shown: &Visibility,
) -> Option<crate::app::Command> {
    let changes: Vec<crate::model::Change> = entries
        .filter(|e| e.shown != *shown)
        .map(|e| {
            let after = crate::model::LogEntry {
                shown: shown.clone(),
                ..e.clone()
            };
            crate::model::Change::of(Some(e), Some(&after))
        })
        .collect();
    let label = format!(
        "Show {} to {}",
        crate::model::plural(changes.len(), "log entry"),
        to_whom(shown)
    );
    (!changes.is_empty())
        .then(|| crate::app::Command::Apply(crate::model::Edit::new(label, changes)))
}
