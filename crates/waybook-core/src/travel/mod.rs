//! Travel rounds on the campaign's map: the route forecast before anyone
//! rolls ([`forecast`]) and the guided travel round, phase by phase, as
//! edits of the campaign ([`round`]). The rules themselves are
//! `waybook_rules::rounds`; this layer reads the map and the party and books
//! the results, with what the GM's tables do to the party's animals
//! ([`befall`]).

pub mod befall;
pub mod forecast;
pub mod round;

use crate::model::{CampaignData, Character, CharacterKind, PartyId};
use waybook_rules::rounds::camp::Role;

/// The party's heroes (Heroes and the Traveller), who camp and take actions.
pub fn heroes(data: &CampaignData, party: PartyId) -> Vec<&Character> {
    data.members(party)
        .filter(|c| matches!(c.kind, CharacterKind::Hero | CharacterKind::Traveller))
        .collect()
}

/// The allies travelling with it: fed unless the players choose otherwise,
/// no camp action. Animals are neither heroes nor allies and use no
/// Supplies, unless the GM's house rule has them eat Supplies as allies do.
pub fn ally_members(data: &CampaignData, party: PartyId) -> Vec<&Character> {
    let animals_eat = data.settings.house_rules.animals_eat_supplies;
    data.members(party)
        .filter(|c| c.kind == CharacterKind::Ally || (animals_eat && c.is_animal()))
        .collect()
}

/// How many allies travel with it.
pub fn allies(data: &CampaignData, party: PartyId) -> usize {
    ally_members(data, party).len()
}

/// A character's rank in a travel-rounds role.
pub fn rank(c: &Character, role: Role) -> i64 {
    let r = &c.rounds.ranks;
    match role {
        Role::Striker => r.striker,
        Role::Caster => r.caster,
        Role::Healer => r.healer,
        Role::Defender => r.defender,
        Role::Support => r.support,
        Role::Saboteur => r.saboteur,
    }
}

/// [`whereabouts`] within a sentence: "at Kettleford", "beyond High Col,
/// 32 km east along the way to Ford".
pub fn whereabouts_within(data: &CampaignData, party: &crate::model::Party) -> String {
    let mut at = whereabouts(data, party);
    if let Some(first) = at.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    at
}

/// Off the map after an uncharted stretch (issue 53): "Beyond High Col,
/// 32 km east along the way to Ford", or, with no place of the map ahead,
/// "Beyond High Col, 32 km off the map".
fn beyond_words(data: &CampaignData, beyond: &crate::model::Beyond) -> String {
    let from = data.places.get(&beyond.from);
    let name = from.map_or("?", |p| p.name.as_str());
    let km = format!("{:.0} km", beyond.km.max(1.0));
    match beyond.toward.and_then(|t| data.places.get(&t)) {
        Some(toward) => {
            let heading = from
                .and_then(|f| compass(f, toward))
                .map_or_else(String::new, |c| format!(" {c}"));
            format!(
                "Beyond {name}, {km}{heading} along the way to {}",
                toward.name
            )
        }
        None => format!("Beyond {name}, {km} off the map"),
    }
}

/// The compass point from `from` to `to` on the map (whose y grows
/// southward, as it is drawn); none when they are drawn at one spot.
pub fn compass(from: &crate::model::Place, to: &crate::model::Place) -> Option<&'static str> {
    const POINTS: [&str; 8] = [
        "east",
        "north-east",
        "north",
        "north-west",
        "west",
        "south-west",
        "south",
        "south-east",
    ];
    let (dx, dy) = (to.x - from.x, from.y - to.y);
    if dx.abs() < f64::EPSILON && dy.abs() < f64::EPSILON {
        return None;
    }
    let eighths = (dy.atan2(dx) / std::f64::consts::FRAC_PI_4).round() as i64;
    POINTS
        .get(usize::try_from(eighths.rem_euclid(8)).ok()?)
        .copied()
}

/// Where a party stands, as the Travel screen and a plan's change box say
/// it: "At Kettleford", "On Col road toward High Col: 1 of 3 rounds done,
/// Noisy ×1"; a path with no round left is its end ("At High Col, the end
/// of Col road (1 of 1 rounds done)"), where the map draws it.
pub fn whereabouts(data: &CampaignData, party: &crate::model::Party) -> String {
    let place = |id| {
        data.places
            .get(&id)
            .map_or_else(|| "?".to_owned(), |p| p.name.clone())
    };
    let t = &party.travel;
    let Some(on) = t.on_path else {
        return match (t.place, t.beyond) {
            (Some(p), _) => format!("At {}", place(p)),
            (None, Some(beyond)) => beyond_words(data, &beyond),
            (None, None) => "Not on the map".to_owned(),
        };
    };
    let Some(path) = data.paths.get(&on.path) else {
        return format!("On a path toward {}", place(on.toward));
    };
    let (done, rounds) = (on.rounds_done(path), path.rounds + i64::from(on.extra));
    let mut said = if on.state.rounds_left == 0 {
        // Its last round made: where the map draws it, though the round's
        // camp is still to come.
        format!(
            "At {}, the end of {} ({done} of {rounds} rounds done)",
            place(on.toward),
            path.name
        )
    } else {
        format!(
            "On {} toward {}: {done} of {rounds} rounds done",
            path.name,
            place(on.toward)
        )
    };
    if on.state.sidetracked > 0 {
        said += &format!(", Sidetracked ×{}", on.state.sidetracked);
    }
    if on.state.noisy > 0 {
        said += &format!(", Noisy ×{}", on.state.noisy);
    }
    if on.state.lost {
        said += ", Totally Lost";
    }
    said
}

/// The edit that gives `path` `rounds` travel rounds, the rounds each
/// party on it has made kept as made (1 of 1 done becomes 1 of 3, 2 to
/// go). Refused while a party's round along it is in play, and below the
/// rounds a party on it has made, each with the reason.
pub fn set_path_rounds(
    data: &CampaignData,
    path: &crate::model::MapPath,
    rounds: i64,
) -> Result<crate::model::Edit, round::TravelError> {
    let mut changes = Vec::new();
    for party in data.parties.values() {
        let Some(on) = party.travel.on_path.filter(|on| on.path == path.id) else {
            continue;
        };
        if data
            .round_in_play(party.id)
            .is_some_and(|r| r.path == path.id)
        {
            return Err(round::TravelError::PathInPlay {
                party: party.name.clone(),
                path: path.name.clone(),
            });
        }
        let done = on.rounds_done(path);
        if rounds < done {
            return Err(round::TravelError::RoundsMade {
                party: party.name.clone(),
                path: path.name.clone(),
                done: crate::model::plural(done, "round"),
            });
        }
        let mut moved = party.clone();
        if let Some(on) = moved.travel.on_path.as_mut() {
            let left = rounds + i64::from(on.extra) - done;
            on.state.rounds_left = u32::try_from(left).unwrap_or(0);
        }
        changes.push(crate::model::Change::of(Some(party), Some(&moved)));
    }
    let after = crate::model::MapPath {
        rounds,
        ..path.clone()
    };
    changes.insert(0, crate::model::Change::of(Some(path), Some(&after)));
    Ok(crate::model::Edit::new(
        format!("Change travel rounds of path {}", path.name),
        changes,
    ))
}
