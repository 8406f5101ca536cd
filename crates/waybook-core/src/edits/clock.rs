//! Moving the campaign clock on, and setting it by hand (the Campaign
//! screen): on freely;
//! back only while nothing played lies after the new time, since the days
//! before the clock are history. Undo is the other way back: it restores
//! the exact time an edit moved the clock from.

use crate::model::log::{LogKind, real_time, with_entry};
use crate::model::{CampaignData, Change, ClockTime, Edit, PartyId, Settings, plural};
use waybook_rules::dice::Dice;

/// Moving `party`'s present on by `hours` for `why` (the window's "Move
/// the clock on" and `waybook clock --on`; `world::clock::whose` says
/// which party when none is named): the weather of the days it enters
/// rolled, and the move kept in the campaign log with the dice it rolled.
pub fn move_on(
    data: &CampaignData,
    party: Option<PartyId>,
    hours: i64,
    why: &str,
    dice: &mut Dice,
) -> Result<Edit, String> {
    dice.take_tape();
    let moved = crate::world::clock::move_on(data, party, hours, why, dice);
    let tape = dice.take_tape();
    match moved {
        Ok(edit) => Ok(with_entry(data, LogKind::Event, edit, &tape, real_time())),
        Err(e) => Err(format!("The clock was not moved: {e}")),
    }
}

/// The edit that sets the clock to `to`, or why it may not go back there:
/// what was played after it, named.
pub fn set_clock(data: &CampaignData, to: ClockTime) -> Result<Edit, String> {
    let after = played_after(data, to);
    if to < data.settings.clock && !after.is_empty() {
        return Err(format!(
            "The clock was not set back to {}; played after it: {}. Undo back to then (Edit › Undo), or keep the clock where it is",
            data.settings.when(to),
            after.join("; ")
        ));
    }
    let settings = Settings {
        clock: to,
        ..data.settings.clone()
    };
    Ok(Edit::new(
        "Change campaign clock",
        vec![Change::of(Some(&data.settings), Some(&settings))],
    ))
}

/// What was played at or after `time`, in words: the log's entries, the
/// journeys played on past it, and the travel rounds of its day or later.
pub fn played_after(data: &CampaignData, time: ClockTime) -> Vec<String> {
    let mut found = Vec::new();
    let entries: Vec<_> = data
        .log
        .values()
        .filter(|e| !e.undone && e.at >= time)
        .collect();
    if let Some(last) = entries.iter().max_by_key(|e| (e.at, e.id)) {
        found.push(format!(
            "{} (the last \u{201c}{}\u{201d}, {})",
            plural(entries.len(), "log entry"),
            last.why,
            data.settings.when(last.at)
        ));
    }
    for j in data.journeys.values().filter(|j| j.played_hours > 0) {
        let view = crate::plan::plan(data, j);
        if let Some(last) = view.clock_at(j.played_hours - 1).filter(|t| *t >= time) {
            found.push(format!(
                "the journey {}, played to {}",
                j.name,
                data.settings.when(last.plus(1, data.settings.day_hours))
            ));
        }
    }
    let rounds = data.rounds.values().filter(|r| r.day >= time.day).count();
    if rounds > 0 {
        found.push(format!(
            "{} from day {} on",
            plural(rounds, "travel round"),
            time.day
        ));
    }
    found
}
