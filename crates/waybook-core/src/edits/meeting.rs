//! Two parties meeting (issue 53; NOTES.md, "A party's days"): "Two
//! parties meet only on the same day at the same place: the GM moves the
//! earlier one on to the later one's date (the rest days booked as above)
//! and may then merge them or move members between them." The domain says
//! once why two parties have not met; the Parties screen greys its buttons
//! with the same words.
//!
//! Joining keeps everything the joining party lived: its members, its
//! stash (merged), its Supplies and coin, its plans, travel rounds,
//! gathering sessions, missions and scenes, and its log entries, all
//! become the other party's. The party joined keeps its own place on the
//! map and its tokens: it is the one that goes on.

use super::hand_over;
use crate::model::{CampaignData, Change, Character, Edit, Holder, Party, PartyId, limits};
use crate::world::clock::span;

/// Whether `a` and `b` stand in one place on the map: at one place, on one
/// path toward one place with as many rounds left, or both nowhere.
fn same_place(a: &Party, b: &Party) -> bool {
    let (a, b) = (&a.travel, &b.travel);
    let along = |t: &crate::model::Travel| {
        t.on_path
            .map(|on| (on.path, on.toward, on.state.rounds_left))
    };
    a.place == b.place && along(a) == along(b)
}

/// How many hours `behind` must live to reach `ahead`'s present; `None`
/// when it is not behind.
pub fn hours_behind(data: &CampaignData, behind: &Party, ahead: &Party) -> Option<i64> {
    let day_hours = data.settings.day_hours.max(1);
    let hours = (ahead.now.day - behind.now.day) * day_hours + (ahead.now.hour - behind.now.hour);
    (hours > 0).then_some(hours)
}

/// Why `a` and `b` have not met, in words; `None` when they stand at one
/// present and in one place.
pub fn apart(data: &CampaignData, a: &Party, b: &Party) -> Option<String> {
    let (behind, ahead) = if a.now <= b.now { (a, b) } else { (b, a) };
    if let Some(hours) = hours_behind(data, behind, ahead) {
        return Some(format!(
            "{} lives {}, {} behind {}: move it on to meet them",
            behind.name,
            data.settings.when(behind.now),
            span(hours, data.settings.day_hours.max(1)),
            ahead.name
        ));
    }
    if !same_place(a, b) {
        let said = |p: &Party| {
            format!(
                "{} is {}",
                p.name,
                crate::travel::whereabouts_within(data, p)
            )
        };
        return Some(format!(
            "{}; {}: parties meet at one place",
            said(a),
            said(b)
        ));
    }
    None
}

/// Why `who` may not move from their party to `to` (or leave it, with
/// `None`): the two parties have not met.
pub fn move_refused(data: &CampaignData, who: &Character, to: Option<PartyId>) -> Option<String> {
    let from = who.party.and_then(|p| data.parties.get(&p))?;
    let to = to
        .and_then(|p| data.parties.get(&p))
        .filter(|to| to.id != from.id)?;
    let why = apart(data, from, to)?;
    Some(format!(
        "{} cannot move from {} to {}: {why}",
        who.name, from.name, to.name
    ))
}

/// `from` joins `into`: one edit, undone as one; or why not (they have not
/// met, `from` is on a trip, or their purses hold different coin).
pub fn join(data: &CampaignData, from: &Party, into: &Party) -> Result<Edit, String> {
    let refused = |why: String| format!("{} cannot join {}: {why}", from.name, into.name);
    if from.id == into.id {
        return Err(refused("a party cannot join itself".to_owned()));
    }
    if let Some(why) = apart(data, from, into) {
        return Err(refused(why));
    }
    if let Some(busy) = crate::plan::on_another_trip(data, from.id, None) {
        return Err(refused(format!("{busy}; play it to its end first")));
    }
    if from.purse > 0 && from.currency != into.currency {
        return Err(refused(format!(
            "its purse is in {}, the other's in {}: name one coin for both first",
            from.currency, into.currency
        )));
    }
    let mut changes = hand_over(data, Holder::Stash(from.id), Holder::Stash(into.id))
        .map_err(|e| refused(e.to_string()))?;
    let joined = Party {
        supplies: (into.supplies + from.supplies).min(*limits::SUPPLIES.end()),
        purse: (into.purse + from.purse).min(*limits::COIN.end()),
        ..into.clone()
    };
    changes.push(Change::of(Some(into), Some(&joined)));
    for member in data.members(from.id) {
        let after = Character {
            party: Some(into.id),
            ..member.clone()
        };
        changes.push(Change::character(Some(member), Some(&after)));
    }
    // Its vehicles come with it, drawn by the same animals.
    for vehicle in data.vehicles.values().filter(|v| v.party == Some(from.id)) {
        let after = crate::model::Vehicle {
            party: Some(into.id),
            ..vehicle.clone()
        };
        changes.push(Change::of(Some(vehicle), Some(&after)));
    }
    changes.extend(lived_by(data, from.id, into.id));
    changes.push(Change::of(Some(from), None));
    Ok(Edit::new(
        format!("{} joins {}", from.name, into.name),
        changes,
    ))
}

/// What `from` lived, made `into`'s: its plans, travel rounds, gathering
/// sessions, missions, scenes and log entries.
fn lived_by(data: &CampaignData, from: PartyId, into: PartyId) -> Vec<Change> {
    let mut changes = Vec::new();
    let of = |p: Option<PartyId>| p == Some(from);
    for j in data.journeys.values().filter(|j| j.party == from) {
        let mut after = j.clone();
        after.party = into;
        changes.push(Change::journey(Some(j), Some(&after)));
    }
    for r in data.rounds.values().filter(|r| r.party == from) {
        let mut after = r.clone();
        after.party = into;
        changes.push(Change::of(Some(r), Some(&after)));
    }
    for s in data.sessions.values().filter(|s| of(s.party)) {
        let mut after = s.clone();
        after.party = Some(into);
        changes.push(Change::of(Some(s), Some(&after)));
    }
    for m in data.missions.values().filter(|m| of(m.party)) {
        let mut after = m.clone();
        after.party = Some(into);
        changes.push(Change::of(Some(m), Some(&after)));
    }
    for s in data.scenes.values().filter(|s| of(s.party)) {
        let mut after = s.clone();
        after.party = Some(into);
        changes.push(Change::of(Some(s), Some(&after)));
    }
    for e in data.log.values().filter(|e| e.parties.contains(&from)) {
        let mut after = e.clone();
        after.parties.retain(|p| *p != from && *p != into);
        after.parties.push(into);
        after.parties.sort_unstable();
        changes.push(Change::of(Some(e), Some(&after)));
    }
    changes
}
