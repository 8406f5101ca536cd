//! Who may see a GM's text, on every screen that has one: the "Players
//! see" choice (GM only, the party the text belongs to, named players) with
//! a box per player when named, the small mark a list shows beside a shared
//! text, and the "Shown to" filter of a screen's list.
//!
//! The choice is a row of radio buttons, never a drop-down list: it is
//! shown inside a row's pop-up too, where a list's own pop-up would close
//! the row's at the first click.

use egui::{RichText, Ui};
use waybook_core::exchange::players_view::{named_outside_of, players_of};
use waybook_core::model::{
    CampaignData, LogEntry, PartyId, Player, PlayerId, SeenFilter, Shown, Visibility,
};

/// Who a text can be shown to: the campaign's players, and the parties the
/// text belongs to (none: "the party" cannot be chosen).
#[derive(Clone, Copy)]
pub struct Readers<'a> {
    pub data: &'a CampaignData,
    /// Every player with a character in a party, by name (worked out once
    /// a frame by the screen).
    pub players: &'a [&'a Player],
    pub owners: &'a [PartyId],
    /// Whether only the owners' players see the record at all (a member's
    /// notes, a journey's plan): a player of another party named to see
    /// it never would, so naming one is refused, saying why.
    pub within: bool,
}

impl Readers<'_> {
    /// The owners' names: "The Lantern Company".
    fn party_names(&self) -> String {
        let names: Vec<&str> = (self.owners.iter())
            .filter_map(|p| self.data.parties.get(p))
            .map(|p| p.name.as_str())
            .collect();
        names.join(", ")
    }
}

/// The "Players see" choice for `shown`, and a box per player when they
/// are named; the new visibility when the GM changed it.
pub fn shown_ui(
    ui: &mut Ui,
    id: &str,
    shown: &Visibility,
    readers: Readers<'_>,
) -> Option<Visibility> {
    let mut changed = None;
    ui.push_id(id, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label("Players see:");
            for &choice in Shown::ALL {
                let no_party = choice == Shown::Party && readers.owners.is_empty();
                let radio = egui::RadioButton::new(shown.shown() == choice, choice.label());
                let response = ui.add_enabled(!no_party, radio);
                let response = if no_party {
                    response.on_disabled_hover_text(
                        "This belongs to no party: name the players who see it",
                    )
                } else if choice == Shown::Party {
                    response.on_hover_text(format!("The players of {}", readers.party_names()))
                } else {
                    response
                };
                if response.clicked() && shown.shown() != choice {
                    let party = players_of(readers.data, readers.owners);
                    changed = Some(shown.with_shown(choice, &party));
                }
            }
        });
        let shown = changed.clone().unwrap_or_else(|| shown.clone());
        if shown.shown() != Shown::Players {
            return;
        }
        // The owners' players, worked out once for every player's box.
        let theirs = players_of(readers.data, readers.owners);
        ui.horizontal_wrapped(|ui| {
            if readers.players.is_empty() {
                ui.weak("No character in a party has a player yet: choose one on a sheet.");
            }
            for player in readers.players {
                if let Some(v) = player_box(ui, &shown, readers, &theirs, player) {
                    changed = Some(v);
                }
            }
        });
        // A name already given (before, or by another program) that can
        // never see it: said, to take off.
        for player in readers.players.iter().filter(|p| shown.names(p.id)) {
            if let Some(why) = outside(readers, &theirs, player) {
                ui.label(RichText::new(why).color(ui.visuals().warn_fg_color));
            }
        }
    });
    changed
}

/// Why `player` would never see the text, when only the owners' players
/// (`theirs`) see it at all and they play in none of those parties.
fn outside(readers: Readers<'_>, theirs: &[PlayerId], player: &Player) -> Option<String> {
    (readers.within)
        .then(|| named_outside_of(readers.data, player.id, readers.owners, theirs))
        .flatten()
}

/// The box naming `player`: greyed, with why, for a player who would
/// never see the text (unless named already: then it takes the name off);
/// the new visibility when the GM ticked it.
fn player_box(
    ui: &mut Ui,
    shown: &Visibility,
    readers: Readers<'_>,
    theirs: &[PlayerId],
    player: &Player,
) -> Option<Visibility> {
    let mut on = shown.names(player.id);
    let outside = outside(readers, theirs, player);
    let refused = outside.is_some() && !on;
    let response = ui.add_enabled(!refused, egui::Checkbox::new(&mut on, &player.name));
    let response = match outside {
        Some(why) if refused => response.on_disabled_hover_text(why),
        Some(why) => response.on_hover_text(why),
        None => response,
    };
    response
        .changed()
        .then(|| shown.toggle_player(player.id, on, theirs))
}

/// The "Players see" choice of a text that belongs to no party (a place,
/// a path, a site, an event): the campaign's players to name.
pub fn partyless_ui(
    ui: &mut Ui,
    id: &str,
    data: &CampaignData,
    shown: &Visibility,
) -> Option<Visibility> {
    let players = waybook_core::exchange::players_view::players(data);
    let readers = Readers {
        data,
        players: &players,
        owners: &[],
        within: false,
    };
    shown_ui(ui, id, shown, readers)
}

/// The mark beside a text players can see ("Shared: Maya"); nothing for
/// the GM's own.
pub fn mark_ui(ui: &mut Ui, data: &CampaignData, shown: &Visibility) {
    if !shown.is_gm_only() {
        ui.label(
            RichText::new(format!("Shared: {}", shown.mark(&data.players)))
                .small()
                .strong(),
        )
        .on_hover_text("Players see this in their handouts");
    }
}

/// The mark as the end of a list's line: " · shared: Maya"; nothing for
/// the GM's own.
pub fn suffix(data: &CampaignData, shown: &Visibility) -> String {
    if shown.is_gm_only() {
        String::new()
    } else {
        format!(" · shared: {}", shown.mark(&data.players))
    }
}

/// The "Shown to" filter of a list; whether it changed.
pub fn filter_ui(ui: &mut Ui, id: &str, filter: &mut SeenFilter) -> bool {
    let choices: Vec<(SeenFilter, &str)> =
        SeenFilter::ALL.iter().map(|f| (*f, f.label())).collect();
    super::choices::list_combo(ui, id, "Shown to", filter, &choices)
}

/// A button with the mark of `shown` ("GM only", "Maya") that opens the
/// "Players see" choice: for a row of a list. The new visibility when changed.
pub fn share_menu_ui(
    ui: &mut Ui,
    id: &str,
    shown: &Visibility,
    readers: Readers<'_>,
) -> Option<Visibility> {
    let mut changed = None;
    share_popup(ui, shown.mark(&readers.data.players), |ui| {
        changed = shown_ui(ui, id, shown, readers);
    })
    .on_hover_text("Who sees this in the players' handouts");
    changed
}

/// A button that opens `content` in a pop-up which stays open while the
/// GM clicks inside it (a choice, then a player's box) and closes on a
/// click outside or Escape.
fn share_popup(ui: &mut Ui, mark: String, content: impl FnOnce(&mut Ui)) -> egui::Response {
    let stays = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    egui::containers::menu::MenuButton::new(mark)
        .config(stays)
        .ui(ui, content)
        .0
}

/// Who an edit shows a text to, in its label: "the GM only", "Maya".
fn to_whom(data: &CampaignData, shown: &Visibility) -> String {
    if shown.is_gm_only() {
        "the GM only".to_owned()
    } else {
        shown.mark(&data.players)
    }
}

/// The edit that gives `record` the visibility `shown`, as a command.
pub fn share<R: waybook_core::model::Record>(
    data: &CampaignData,
    record: &R,
    shown: Visibility,
    set: impl FnOnce(&mut R, Visibility),
) -> Option<crate::app::Command> {
    let label = format!(
        "Show {} to {}",
        record.title().unwrap_or_default(),
        to_whom(data, &shown)
    );
    super::input::record_edit(record, label, |r| set(r, shown)).map(crate::app::Command::Apply)
}

/// The share button of a log entry: who sees it, and whether they see its
/// dice too. The edit, when the GM changed either. `players` are the
/// screen's, worked out once a frame; the entry's parties are its own.
pub fn entry_share_ui(
    ui: &mut Ui,
    data: &CampaignData,
    e: &LogEntry,
    players: &[&Player],
) -> Option<crate::app::Command> {
    let mut command = None;
    let mark = if e.working_shown && !e.shown.is_gm_only() {
        format!("{} + dice", e.shown.mark(&data.players))
    } else {
        e.shown.mark(&data.players)
    };
    share_popup(ui, mark, |ui| {
        let owners = waybook_core::exchange::players_view::entry_owners(data, e);
        // Any player named sees an entry, of whichever party.
        let readers = Readers {
            data,
            players,
            owners: &owners,
            within: false,
        };
        let id = format!("entry{}", e.id.0);
        if let Some(v) = shown_ui(ui, &id, &e.shown, readers) {
            command = share(data, e, v, |e, v| e.shown = v);
        }
        let mut dice = e.working_shown;
        if ui.checkbox(&mut dice, "Players see the dice too").changed() {
            let label = format!("Show the dice of {} to players", e.why);
            command = super::input::record_edit(e, label, |e| e.working_shown = dice)
                .map(crate::app::Command::Apply);
        }
    })
    .on_hover_text("Who sees this entry in the players' handouts");
    command
}

/// One edit that gives every entry of `entries` the visibility `shown`;
/// "the party" only to entries that belong to a party.
pub fn share_entries<'a>(
    data: &CampaignData,
    entries: impl Iterator<Item = &'a LogEntry>,
    shown: &Visibility,
) -> Option<crate::app::Command> {
    let changes: Vec<waybook_core::model::Change> = entries
        .filter(|e| e.shown != *shown)
        .filter(|e| {
            *shown != Visibility::Party
                || !waybook_core::exchange::players_view::entry_owners(data, e).is_empty()
        })
        .map(|e| {
            let after = LogEntry {
                shown: shown.clone(),
                ..e.clone()
            };
            waybook_core::model::Change::of(Some(e), Some(&after))
        })
        .collect();
    let label = format!(
        "Show {} to {}",
        waybook_core::model::plural(changes.len(), "log entry"),
        to_whom(data, shown)
    );
    (!changes.is_empty())
        .then(|| crate::app::Command::Apply(waybook_core::model::Edit::new(label, changes)))
}
