//! The campaign log: every roll Waybook makes, anywhere, with the time on
//! the campaign clock and the real time, what was rolled and why, the
//! working, and the edit it caused; and the events the GM adds to a day.

use super::{CampaignData, Change, CharacterId, ClockTime, Edit, LogId};
use serde::{Deserialize, Serialize};

waybook_rules::named_enum! {
    /// Where a log entry came from.
    pub enum LogKind("log kind") {
        Journey => "journey" as "Journey",
        Travel => "travel" as "Travel round",
        Gathering => "gathering" as "Gathering",
        Heroes => "heroes" as "Advancement",
        Scene => "scene" as "Scene",
        /// A hazard of the exploration text met by a character.
        Hazard => "hazard" as "Hazard",
        /// A region's weather rolled for today or the days ahead.
        Weather => "weather" as "Weather",
        Dice => "dice" as "Dice roller",
        Table => "table" as "Table",
        /// An obstacle, a distraction or an encounter the GM throws in.
        Event => "event" as "GM's event",
    }
}

/// Whether the campaign log is in memory. A large campaign is shown before
/// its log is read (`crate::store::LogReading`); meanwhile `log` is empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum LogRead {
    /// Every entry is in `log`.
    #[default]
    Whole,
    /// Being read from the file.
    Reading,
    /// It could not be read, for this reason.
    Unreadable(String),
}

impl LogRead {
    /// What a screen that shows the log says instead while it is not whole.
    pub fn note(&self) -> Option<String> {
        match self {
            Self::Whole => None,
            Self::Reading => Some("Reading the campaign log…".to_owned()),
            Self::Unreadable(reason) => {
                Some(format!("The campaign log could not be read: {reason}"))
            }
        }
    }
}

/// One entry of the campaign log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub id: LogId,
    /// On the campaign clock, when it was rolled.
    pub at: ClockTime,
    /// The real time, "2026-12-01 14:05" in the GM's own time zone: the game
    /// night it belongs to is its date.
    pub real: String,
    pub kind: LogKind,
    /// Why: the edit the roll made ("Gather at Mill meadow"), or the GM's words.
    pub why: String,
    /// The dice as rolled ("d20: 14 · d6: 3"), or the roller's working.
    pub rolled: String,
    /// The characters the edit changed.
    #[serde(default)]
    pub characters: Vec<CharacterId>,
    /// The edit it caused was undone.
    #[serde(default)]
    pub undone: bool,
    /// What happened, as the step wrote it in its own account (the scene's
    /// lines, the mission's awards): a recap's words, with the dice beneath.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub said: Vec<String>,
    /// Who may see it in a handout's chronicle (GM only by default).
    #[serde(default, skip_serializing_if = "super::Visibility::is_gm_only")]
    pub shown: super::Visibility,
    /// Whether those who see it see its dice too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub working_shown: bool,
    /// The parties whose step it records (the party that travelled,
    /// gathered, fought or closed the mission): those "the party" shares it
    /// with. None: a roll of the GM's own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parties: Vec<super::PartyId>,
}

impl LogEntry {
    /// A new entry at the campaign clock's now; `real` is the real time.
    pub fn new(
        data: &CampaignData,
        kind: LogKind,
        why: &str,
        rolled: String,
        characters: Vec<CharacterId>,
        real: String,
    ) -> Self {
        Self {
            id: data.next_id::<crate::model::LogEntry>(),
            at: data.settings.clock,
            real,
            kind,
            why: why.to_owned(),
            rolled,
            characters,
            undone: false,
            said: Vec::new(),
            shown: super::Visibility::Gm,
            working_shown: false,
            parties: Vec::new(),
        }
    }

    /// The game night: the real date the entry was made.
    pub fn night(&self) -> &str {
        night_of(&self.real)
    }
}

/// The game night of a real time: its date ("2026-12-01").
pub fn night_of(real: &str) -> &str {
    real.split(' ').next().unwrap_or_default()
}

/// "d20: 14 · d6: 3 · d6: 5".
pub fn faces_line(tape: &[(u32, u32)]) -> String {
    tape.iter()
        .map(|(sides, face)| format!("d{sides}: {face}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The characters an edit changes, or whose holdings it changes, in id order.
pub fn characters_of(edit: &Edit) -> Vec<CharacterId> {
    let mut ids: Vec<CharacterId> = edit
        .changes
        .iter()
        .filter_map(|c| match c {
            Change::Character { before, after } => after.as_ref().or(before.as_ref()).map(|c| c.id),
            Change::Holding { before, after } => match after.as_ref().or(before.as_ref())?.holder {
                super::Holder::Character(c) => Some(c),
                super::Holder::Stash(_) | super::Holder::Vehicle(_) => None,
            },
            _ => None,
        })
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// The parties an edit is a step of: the party it changes, whose round,
/// journey, gathering, scene or mission it is, whose members or stash it
/// changes; in id order.
pub fn parties_of(data: &CampaignData, edit: &Edit) -> Vec<super::PartyId> {
    let mut ids: Vec<super::PartyId> = edit
        .changes
        .iter()
        .filter_map(|c| match c {
            Change::Party { before, after } => after.as_ref().or(before.as_ref()).map(|p| p.id),
            Change::Round { before, after } => after.as_ref().or(before.as_ref()).map(|r| r.party),
            Change::Journey { before, after } => {
                after.as_ref().or(before.as_ref()).map(|j| j.party)
            }
            Change::Session { before, after } => after.as_ref().or(before.as_ref())?.party,
            Change::Scene { before, after } => after.as_ref().or(before.as_ref())?.party,
            Change::Mission { before, after } => after.as_ref().or(before.as_ref())?.party,
            Change::Character { before, after } => after.as_ref().or(before.as_ref())?.party,
            Change::Holding { before, after } => {
                data.party_of_holder(after.as_ref().or(before.as_ref())?.holder)
            }
            _ => None,
        })
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// What an edit said in its records' accounts, each thing once: a day's
/// weather a step wrote in its own lines (a Navigation Phase's) is not
/// said again for the weather record it rolled.
fn said_of(edit: &Edit) -> Vec<String> {
    let (weather, steps): (Vec<&Change>, Vec<&Change>) =
        (edit.changes.iter()).partition(|c| matches!(c, Change::Weather { .. }));
    let mut said: Vec<String> = steps.into_iter().flat_map(Change::added_lines).collect();
    for change in weather {
        if let Change::Weather { after: Some(w), .. } = change
            && said.iter().any(|line| line.contains(&w.rolled))
        {
            continue;
        }
        said.extend(change.added_lines());
    }
    said
}

/// A played step's edit with its log entry: what it did (the lines it
/// added to its records' accounts) and the faces rolled for it, at the
/// campaign clock as it was before the edit. A step that rolled nothing
/// and said nothing (a field typed) adds no entry.
pub fn with_rolls(
    data: &CampaignData,
    kind: LogKind,
    edit: Edit,
    tape: &[(u32, u32)],
    real: String,
) -> Edit {
    logged(data, kind, edit, tape, real, false)
}

/// The real time a log entry keeps, "2026-12-06 14:05", local.
pub fn real_time() -> String {
    jiff::Zoned::now().strftime("%Y-%m-%d %H:%M").to_string()
}

/// [`with_rolls`], with an entry even when nothing was rolled or said: a
/// step the log keeps for itself (the GM moving the clock on).
pub fn with_entry(
    data: &CampaignData,
    kind: LogKind,
    edit: Edit,
    tape: &[(u32, u32)],
    real: String,
) -> Edit {
    logged(data, kind, edit, tape, real, true)
}

fn logged(
    data: &CampaignData,
    kind: LogKind,
    mut edit: Edit,
    tape: &[(u32, u32)],
    real: String,
    always: bool,
) -> Edit {
    let said = said_of(&edit);
    if always || !tape.is_empty() || !said.is_empty() {
        let characters = characters_of(&edit);
        let mut entry = LogEntry::new(data, kind, &edit.label, faces_line(tape), characters, real);
        entry.said = said;
        entry.parties = parties_of(data, &edit);
        // A step of one party happens at that party's present (issue 53).
        if let [party] = entry.parties[..] {
            entry.at = data.parties.get(&party).map_or(entry.at, |p| p.now);
        }
        edit.changes.push(Change::of(None, Some(&entry)));
    }
    edit
}
