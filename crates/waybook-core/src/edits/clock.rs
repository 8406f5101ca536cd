//! Moving a party's present on, and setting it by hand (the Campaign
//! screen): on freely; back only while nothing the party played lies
//! after the new time (a slip of the GM's corrected), since the days
//! before its present are history. Undo is the other way back: it
//! restores the exact time an edit moved the present from.

use crate::model::log::{LogKind, real_time, with_entry};
use crate::model::{CampaignData, Change, ClockTime, Edit, Party, PartyId, Weather, plural};
use crate::plan::rest::{self, Meals};
use waybook_rules::dice::Dice;

/// Moving `party`'s present on by `hours` for `why` (the window's "Move
/// the clock on" and `waybook clock --on`; `world::clock::whose` says
/// which party when none is named): the weather of the days it enters
/// rolled, the days it passes lived at rest as `meals` says
/// (`plan::rest`), and the move kept in the campaign log with the dice it
/// rolled and each member's day.
pub fn move_on(
    data: &CampaignData,
    party: Option<PartyId>,
    (hours, meals): (i64, Meals),
    why: &str,
    dice: &mut Dice,
) -> Result<Edit, String> {
    moved_on(data, party, (hours, meals), why, (dice, real_time()))
}

/// [`move_on`], its log entry made at the real time `real`.
pub fn moved_on(
    data: &CampaignData,
    party: Option<PartyId>,
    (hours, meals): (i64, Meals),
    why: &str,
    (dice, real): (&mut Dice, String),
) -> Result<Edit, String> {
    dice.take_tape();
    let moved = crate::world::clock::move_on(data, party, hours, why, dice);
    let tape = dice.take_tape();
    let mut edit = moved.map_err(|e| format!("The clock was not moved: {e}"))?;
    let mut said = Vec::new();
    let whose = crate::world::clock::whose(data, party).ok().flatten();
    if let Some(party) = whose {
        let to = crate::world::clock::moved_to(data, Some(party.id), hours)
            .map_err(|e| format!("The clock was not moved: {e}"))?;
        let rolled: Vec<Weather> = (edit.changes.iter())
            .filter_map(|c| match c {
                Change::Weather { after: Some(w), .. } => Some(w.clone()),
                _ => None,
            })
            .collect();
        let rested = rest::rest(data, party, (party.now, to), meals, &rolled)
            .map_err(|(who, e)| format!("The clock was not moved: {who}'s day at rest: {e}"))?;
        let days = to.day - party.now.day;
        if days > 0 {
            edit.changes.extend(rested.changes);
            edit.changes.extend(trip_rested(data, party, days));
            if meals == Meals::Unfed {
                edit.label.push_str(" (unfed)");
            }
        }
        said = rested.lines;
    }
    let mut edit = with_entry(data, LogKind::Event, edit, &tape, real);
    if let Some(Change::Log {
        after: Some(entry), ..
    }) = edit.changes.last_mut()
    {
        entry.said.extend(said);
    }
    Ok(edit)
}

/// The line the trip `party` is on (if any) keeps of `days` spent at rest
/// where the party is: "2 days spent resting at Ridge Camp".
fn trip_rested(data: &CampaignData, party: &Party, days: i64) -> Option<Change> {
    let trip = crate::plan::trip_under_way(data, party.id)?;
    let at = match (party.travel.place, party.travel.on_path) {
        (Some(place), _) => data.places.get(&place).map(|p| format!("at {}", p.name)),
        (None, Some(on)) => data
            .paths
            .get(&on.path)
            .map(|p| format!("along {}", p.name)),
        (None, None) => None,
    };
    let mut after = trip.clone();
    after.log.push(crate::plan::rest::rested_line(
        party.now,
        days,
        at.as_deref(),
    ));
    Some(Change::journey(Some(trip), Some(&after)))
}

/// The edit that sets `party`'s present (`world::clock::whose` says which
/// when none is named; the campaign's clock in a campaign of none) to
/// `to`, or why it may not go back there: what the party played after it,
/// named. The campaign's clock follows as the latest present of any party.
pub fn set_clock(
    data: &CampaignData,
    party: Option<PartyId>,
    to: ClockTime,
) -> Result<Edit, String> {
    let whose = crate::world::clock::whose(data, party)
        .map_err(|e| format!("The clock was not set: {e}"))?;
    let now = whose.map_or(data.settings.clock, |p| p.now);
    let after = played_after(data, whose.map(|p| p.id), to);
    if to < now && !after.is_empty() {
        return Err(format!(
            "The clock was not set back to {}; played after it: {}. Undo back to then (Edit › Undo), or keep the clock where it is",
            data.settings.when(to),
            after.join("; ")
        ));
    }
    let mut settings = data.settings.clone();
    let mut changes = Vec::new();
    let mut label = "Change campaign clock".to_owned();
    match whose {
        Some(before) => {
            let moved = Party {
                now: to,
                ..before.clone()
            };
            changes.push(Change::of(Some(before), Some(&moved)));
            let others = (data.parties.values()).filter(|p| p.id != before.id);
            settings.clock = others.map(|p| p.now).fold(to, ClockTime::max);
            if data.parties.len() > 1 {
                label = format!("Change the clock of {}", before.name);
            }
        }
        None => settings.clock = to,
    }
    if settings != data.settings {
        changes.push(Change::of(Some(&data.settings), Some(&settings)));
    }
    Ok(Edit::new(label, changes))
}

/// What `party` (every party, when none) played at or after `time`, in
/// words: the log's entries, the journeys played on past it, and the
/// travel rounds of its day or later.
pub fn played_after(data: &CampaignData, party: Option<PartyId>, time: ClockTime) -> Vec<String> {
    let mut found = Vec::new();
    let its = |p: PartyId| party.is_none_or(|party| party == p);
    let entries: Vec<_> = (data.log.values())
        .filter(|e| !e.undone && e.at >= time)
        .filter(|e| party.is_none_or(|p| e.parties.contains(&p)))
        .collect();
    if let Some(last) = entries.iter().max_by_key(|e| (e.at, e.id)) {
        found.push(format!(
            "{} (the last \u{201c}{}\u{201d}, {})",
            plural(entries.len(), "log entry"),
            last.why,
            data.settings.when(last.at)
        ));
    }
    for j in (data.journeys.values()).filter(|j| j.played_hours > 0 && its(j.party)) {
        let view = crate::plan::plan(data, j);
        if let Some(last) = view.clock_at(j.played_hours - 1).filter(|t| *t >= time) {
            found.push(format!(
                "the journey {}, played to {}",
                j.name,
                data.settings.when(last.plus(1, data.settings.day_hours))
            ));
        }
    }
    let rounds = (data.rounds.values())
        .filter(|r| r.day >= time.day && its(r.party))
        .count();
    if rounds > 0 {
        found.push(format!(
            "{} from day {} on",
            plural(rounds, "travel round"),
            time.day
        ));
    }
    found
}
