//! What the demo's GM has shared with the players, so its handouts have
//! something in them and something kept back: Ash's notes with Maya alone,
//! Sefa's with the party (Brother Ilo's and Ødric's stay the GM's);
//! Kettleford and Emberfall told of, to every player by name, as they
//! belong to no party (Hollow Wood's old things are not);
//! last night's travel, weather, gathering, hazards, the mission and the
//! journey shared (the travel rounds with their dice), the GM's own table
//! rolls (the warriors waiting on the Emberfall road) kept back; the first
//! festival, the meadow and the journey's plan shared.

use crate::model::{CampaignData, Change, Edit, LogKind, Visibility};

const SHARED_KINDS: [LogKind; 6] = [
    LogKind::Travel,
    LogKind::Weather,
    LogKind::Gathering,
    LogKind::Heroes,
    LogKind::Journey,
    LogKind::Hazard,
];

const TOLD_OF: [&str; 2] = ["Kettleford", "Emberfall"];

/// The one edit that shares them. A text of no party is shared with the
/// players by name; one of the company's, with the party.
pub fn sharing(data: &CampaignData) -> Edit {
    let everyone = Visibility::Players(data.players.keys().copied().collect());
    let of_party = |owned: bool| {
        if owned {
            Visibility::Party
        } else {
            everyone.clone()
        }
    };
    let maya = data.player_named("Maya").map(|p| p.id);
    let mut changes = Vec::new();
    for c in data.characters.values() {
        let shown = match c.name.as_str() {
            "Ash Varnell" => Visibility::Players(maya.into_iter().collect()),
            "Sefa Qorrin" => Visibility::Party,
            _ => continue,
        };
        let after = crate::model::Character {
            notes_shown: shown,
            ..c.clone()
        };
        changes.push(Change::character(Some(c), Some(&after)));
    }
    for p in data
        .places
        .values()
        .filter(|p| TOLD_OF.contains(&p.name.as_str()))
    {
        let after = crate::model::Place {
            shown: everyone.clone(),
            ..p.clone()
        };
        changes.push(Change::of(Some(p), Some(&after)));
    }
    for e in data.log.values().filter(|e| SHARED_KINDS.contains(&e.kind)) {
        let mut after = e.clone();
        after.shown = of_party(!crate::exchange::players_view::entry_owners(data, e).is_empty());
        after.working_shown = e.kind == LogKind::Travel;
        changes.push(Change::of(Some(e), Some(&after)));
    }
    for m in data.missions.values() {
        let mut after = m.clone();
        after.shown = Visibility::Party;
        changes.push(Change::of(Some(m), Some(&after)));
    }
    if let Some(ev) = data.events.values().next() {
        let after = crate::model::CalendarEvent {
            shown: everyone.clone(),
            ..ev.clone()
        };
        changes.push(Change::of(Some(ev), Some(&after)));
    }
    if let Some(site) = data.sites.values().next() {
        let mut after = site.clone();
        after.shown = everyone.clone();
        changes.push(Change::of(Some(site), Some(&after)));
    }
    for j in data.journeys.values() {
        let mut after = j.clone();
        after.plan.shown = Visibility::Party;
        changes.push(Change::journey(Some(j), Some(&after)));
    }
    Edit::new("Share with the players", changes)
}
