//! The Log screen: the campaign log, newest first, filtered by character,
//! kind and game night; and the GM's own events (an obstacle, a
//! distraction, an encounter) added to the day.

use super::choices::{self, Unpicked};
use super::forms::play_button;
use super::input::Entry;
use super::lists::{self, Memo};
use crate::app::Command;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};
use waybook_core::model::{
    CampaignData, CharacterId, LogEntry, LogId, LogKind, Player, SeenFilter, Visibility, limits,
};

/// What the GM throws in: "the GG may choose to throw some obstacles".
const EVENTS: [&str; 3] = ["Obstacle", "Distraction", "Encounter"];

#[derive(Debug)]
pub struct LogState {
    pub character: Option<CharacterId>,
    pub kind: Option<LogKind>,
    /// A game night: the real date ("2026-12-01").
    pub night: Option<usize>,
    pub event: usize,
    pub event_text: Entry<String>,
    /// The campaign day and hour the event is on (the clock's when empty).
    pub event_day: Entry<i64>,
    pub event_hour: Entry<i64>,
    /// Open a scene for the event, with this party.
    pub open_scene: bool,
    pub party: Option<waybook_core::model::PartyId>,
    /// The game nights and the characters to filter by, worked out again
    /// only when the campaign changes; the rows shown, when it or the
    /// filter does.
    nights: Memo<u64, [Night]>,
    characters: lists::Everyone,
    rows: Memo<(u64, Filter), Listed>,
    /// The players an entry may be shared with.
    playing: lists::Playing,
    /// Who sees the entries listed.
    pub seen: SeenFilter,
}

impl Default for LogState {
    fn default() -> Self {
        Self {
            character: None,
            kind: None,
            night: None,
            event: 0,
            event_text: Entry::default(),
            event_day: Entry::empty(limits::CLOCK_DAY),
            event_hour: Entry::empty(limits::hour_of_day(24)),
            open_scene: false,
            party: None,
            nights: Memo::default(),
            characters: lists::Everyone::default(),
            rows: Memo::default(),
            playing: lists::Playing::default(),
            seen: SeenFilter::Everything,
        }
    }
}

/// The log's filter: character, kind, game night, who sees it.
type Filter = (
    Option<CharacterId>,
    Option<LogKind>,
    Option<usize>,
    SeenFilter,
);

/// Whether the filter shows the entry.
fn shows((character, kind, night, seen): Filter, e: &LogEntry, nights: &[Night]) -> bool {
    seen.keeps(&e.shown)
        && character.is_none_or(|c| e.characters.contains(&c))
        && kind.is_none_or(|k| e.kind == k)
        && night
            .and_then(|n| nights.get(n))
            .is_none_or(|night| e.night() == night.date)
}

/// A game night the log has entries of: its real date, and its first entry
/// (the one its recap starts from).
#[derive(Debug, Clone, PartialEq)]
pub struct Night {
    pub date: String,
    pub first: LogId,
}

/// The game nights the log has entries of, oldest first, read once per
/// change of the campaign.
pub fn nights(data: &CampaignData) -> Vec<Night> {
    let mut nights: std::collections::BTreeMap<&str, LogId> = Default::default();
    for e in data.log.values() {
        nights.entry(e.night()).or_insert(e.id);
    }
    nights
        .into_iter()
        .map(|(date, first)| Night {
            date: date.to_owned(),
            first,
        })
        .collect()
}

/// The entries a filter lists, newest first, and how many of them each
/// bulk share would change: counted once per change of the campaign or
/// the filter, never each frame (a ten-year log holds a million entries).
#[derive(Debug, Default)]
pub struct Listed {
    pub ids: Vec<LogId>,
    /// Listed entries of a party not yet shared with it.
    pub unshared: usize,
    /// Listed entries of no party (a roll of the GM's own), not shared
    /// with anyone: "the party" cannot be theirs.
    pub partyless: usize,
    /// Listed entries some player sees.
    pub shared: usize,
}

impl Listed {
    fn of(data: &CampaignData, filter: Filter, nights: &[Night]) -> Self {
        let mut listed = Self::default();
        for e in data.log.values().rev().filter(|e| shows(filter, e, nights)) {
            listed.ids.push(e.id);
            // "The party" is the party the entry belongs to: one of none
            // cannot be shared so.
            let owned = !waybook_core::exchange::players_view::entry_owners(data, e).is_empty();
            listed.unshared += usize::from(owned && e.shown != Visibility::Party);
            listed.partyless += usize::from(!owned && e.shown.is_gm_only());
            listed.shared += usize::from(!e.shown.is_gm_only());
        }
        // A campaign shared with other machines holds their entries under
        // ids of their own blocks: listed by when they were rolled, as
        // they were (newest first), not by id.
        let shared = (data.log.keys().next_back())
            .is_some_and(|id| id.0 >= waybook_core::model::ID_BLOCK_SIZE);
        if shared {
            listed.ids.sort_by(|a, b| {
                let real = |id: &LogId| data.log.get(id).map_or("", |e| e.real.as_str());
                real(b).cmp(real(a))
            });
        }
        listed
    }
}

/// While the campaign log is not whole, says so where it would be shown
/// (with a spinner while it is read) and returns true.
pub fn unread_log_ui(ui: &mut Ui, data: &CampaignData) -> bool {
    let Some(note) = data.log_read.note() else {
        return false;
    };
    ui.horizontal(|ui| {
        if data.log_read == waybook_core::model::LogRead::Reading {
            ui.spinner();
        }
        ui.label(RichText::new(note).weak());
    });
    true
}

pub fn log_ui(ui: &mut Ui, state: &mut LogState, data: &CampaignData, out: &mut Vec<Command>) {
    ui.heading("Campaign log");
    ui.label(
        RichText::new(
            "Every step played and every roll, with the campaign's time, the real time, why and the dice; hover a step for what it did.",
        )
        .weak(),
    );
    event_ui(ui, state, data, out);
    ui.separator();
    if unread_log_ui(ui, data) {
        return;
    }
    let nights = state.nights.get(data.revision, || nights(data).into());
    filters_ui(ui, state, data, &nights);
    let filter = (state.character, state.kind, state.night, state.seen);
    let listed = state.rows.get((data.revision, filter), || {
        std::rc::Rc::new(Listed::of(data, filter, &nights))
    });
    ui.horizontal(|ui| {
        let count = format!("{} of {} entries", listed.ids.len(), data.log.len());
        ui.label(RichText::new(count).weak());
        // The night picked, or the latest one.
        let night = state.night.and_then(|n| nights.get(n)).or(nights.last());
        let button = egui::Button::new(match night {
            Some(night) => format!("Print session recap of {}…", night.date),
            None => "Print session recap…".to_owned(),
        });
        if ui
            .add_enabled(night.is_some(), button)
            .on_disabled_hover_text("Nothing is in the log yet")
            .clicked()
            && let Some(night) = night
        {
            out.push(Command::Export(vec![waybook_print::pdf::Sheet::Recap(
                night.first,
            )]));
        }
        share_listed_ui(ui, data, &listed, out);
    });
    let players = state.playing.get(data);
    entries_ui(ui, data, (&listed.ids, &players), out);
}

/// Shares the entries listed with the party at once, or keeps them to the
/// GM. Whether either would change anything was counted with the list; the
/// edit is made only when the GM presses.
fn share_listed_ui(ui: &mut Ui, data: &CampaignData, listed: &Listed, out: &mut Vec<Command>) {
    let n = waybook_core::model::plural(listed.ids.len(), "entry");
    let party_refusal = if listed.partyless > 0 {
        "The entries listed not yet shared belong to no party (the GM's own rolls): name the players of each"
    } else {
        "Every entry listed is already so"
    };
    for (label, shown, changes, refusal) in [
        (
            format!("Share these {n} with the party"),
            Visibility::Party,
            listed.unshared,
            party_refusal,
        ),
        (
            format!("Keep these {n} to the GM"),
            Visibility::Gm,
            listed.shared,
            "Every entry listed is already so",
        ),
    ] {
        if ui
            .add_enabled(changes > 0, egui::Button::new(label))
            .on_disabled_hover_text(refusal)
            .clicked()
        {
            let entries = listed.ids.iter().filter_map(|id| data.log.get(id));
            out.extend(super::shown::share_entries(data, entries, &shown));
        }
    }
}

/// The log's filters: by character, kind and game night.
fn filters_ui(ui: &mut Ui, state: &mut LogState, data: &CampaignData, nights: &[Night]) {
    let characters = state.characters.get(data);
    ui.horizontal(|ui| {
        choices::record_combo(
            ui,
            "log-character",
            "Character",
            &mut state.character,
            Unpicked::Offered("everyone"),
            &characters,
        );
        let kinds: Vec<_> = <LogKind as strum::IntoEnumIterator>::iter()
            .map(|k| (k, k.label()))
            .collect();
        choices::record_combo(
            ui,
            "log-kind",
            "Kind",
            &mut state.kind,
            Unpicked::Offered("every kind"),
            &kinds,
        );
        let night_list: Vec<_> = nights.iter().map(|n| n.date.as_str()).enumerate().collect();
        choices::record_combo(
            ui,
            "log-night",
            "Game night",
            &mut state.night,
            Unpicked::Offered("every night"),
            &night_list,
        );
        super::shown::filter_ui(ui, "log-seen", &mut state.seen);
    });
}

/// The entries shown, newest first; only the rows in view are drawn.
fn entries_ui(
    ui: &mut Ui,
    data: &CampaignData,
    (rows, players): (&[LogId], &[&Player]),
    out: &mut Vec<Command>,
) {
    // One line a row: the time stays whole, long texts are clipped.
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
    TableBuilder::new(ui)
        .striped(true)
        .column(Column::auto().at_least(100.0))
        .column(Column::auto().at_least(110.0))
        .column(Column::auto().at_least(90.0))
        .column(Column::remainder().at_least(200.0).clip(true))
        .column(
            Column::initial(150.0)
                .at_least(80.0)
                .clip(true)
                .resizable(true),
        )
        .column(
            Column::initial(220.0)
                .at_least(80.0)
                .clip(true)
                .resizable(true),
        )
        .column(Column::auto().at_least(90.0))
        .header(22.0, |mut header| {
            for title in [
                "Campaign time",
                "Real time",
                "Kind",
                "Why",
                "Who",
                "Dice",
                "Players see",
            ] {
                header.col(|ui| {
                    ui.label(RichText::new(title).strong());
                });
            }
        })
        .body(|body| {
            body.rows(22.0, rows.len(), |mut row| {
                let Some(e) = data.log.get(&rows[row.index()]) else {
                    return;
                };
                let text = |t: String| {
                    if e.undone {
                        RichText::new(t).strikethrough().weak()
                    } else {
                        RichText::new(t)
                    }
                };
                row.col(|ui| {
                    ui.label(text(data.settings.when(e.at)));
                });
                row.col(|ui| {
                    ui.label(text(e.real.clone()));
                });
                row.col(|ui| {
                    ui.label(text(e.kind.label().to_owned()));
                });
                row.col(|ui| {
                    let undone = if e.undone { " (undone)" } else { "" };
                    let why = ui.label(text(format!("{}{undone}", e.why)));
                    if !e.said.is_empty() {
                        why.on_hover_text(e.said.join("\n"));
                    }
                });
                row.col(|ui| {
                    let who = data.names_of(&e.characters);
                    ui.label(text(who.join(", ")));
                });
                row.col(|ui| {
                    ui.label(text(e.rolled.clone()).monospace());
                });
                row.col(|ui| {
                    out.extend(super::shown::entry_share_ui(ui, data, e, players));
                });
            });
        });
}

/// "the GG may choose to throw some obstacles": an obstacle, a distraction
/// or an encounter on any day of a journey or a travel round (the clock's
/// hour unless another is typed), into the log, and a scene opened for it.
fn event_ui(ui: &mut Ui, state: &mut LogState, data: &CampaignData, out: &mut Vec<Command>) {
    let clock = data.settings.clock;
    state
        .event_hour
        .set_rule(limits::hour_of_day(data.settings.day_hours));
    ui.horizontal_wrapped(|ui| {
        ui.label("Add an event on");
        // Empty: the clock's day and hour.
        let day = state.event_day.ui_optional(ui, "Day", 40.0);
        let hour = state.event_hour.ui_optional(ui, "Hour", 30.0);
        let events: Vec<(usize, &str)> = EVENTS.iter().copied().enumerate().collect();
        choices::list_combo(ui, "event-kind", "Event", &mut state.event, &events);
        state.event_text.field(ui, "What happens", 300.0);
        // One scene at a time: none is opened while another is played.
        let playing = data.scenes.values().any(|s| !s.finished);
        state.open_scene &= !playing;
        ui.add_enabled(
            !playing,
            egui::Checkbox::new(&mut state.open_scene, "Open a scene for it"),
        )
        .on_disabled_hover_text("A scene is being played: end it on the Scene screen first");
        if state.open_scene {
            if state.party.is_none() {
                state.party = data.parties.keys().next().copied();
            }
            choices::party_combo(
                ui,
                "event-party",
                "With",
                data,
                &mut state.party,
                choices::Unpicked::Prompt("choose a party"),
            );
        }
        let what = state.event_text.text().trim().to_owned();
        let event = day.and_then(|day| {
            let at = waybook_core::model::ClockTime {
                day: day.unwrap_or(clock.day),
                hour: hour?.unwrap_or(clock.hour),
            };
            if what.is_empty() {
                return Err("Write what happens first".to_owned());
            }
            Ok(at)
        });
        if let (_, Some(at)) = play_button(ui, "Add the event", event, |_| None) {
            out.push(Command::Record {
                kind: LogKind::Event,
                why: format!("{}: {what}", EVENTS[state.event]),
                rolled: String::new(),
                at: Some(at),
            });
            if state.open_scene {
                // An encounter is a fight; an obstacle or a distraction a beat.
                let mode = if EVENTS[state.event] == "Encounter" {
                    waybook_core::model::SceneMode::Combat
                } else {
                    waybook_core::model::SceneMode::Exploration
                };
                out.push(Command::play(waybook_core::scene::SceneStep::Start {
                    name: what,
                    party: state.party,
                    mode,
                    threat: 2,
                    new_scenario: false,
                }));
            }
            state.event_text.clear();
        }
    });
}
