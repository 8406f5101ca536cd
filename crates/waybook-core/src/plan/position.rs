//! Where a trip puts its party on the map after so many hours on the road:
//! partway along the path of the leg it is on, with that leg's rounds done,
//! or at the place where a path leg ends. An uncharted leg ("apply
//! Exploration rules for that part of the journey") is off the map: the
//! party is beyond the last place the map saw it at, so many km on the way
//! to the next place its route reaches (issue 53), never still at the
//! place it left.

use super::TheMap;
use crate::model::{Beyond, CampaignData, Journey, OnPath, PlaceId, Travel};
use waybook_rules::rounds::pathfind::PathState;

/// The party's travel state once `road_played` hours of the trip's road
/// are travelled; `None` when the road played so far leaves it where it
/// was (nothing travelled yet).
pub fn after_road(data: &CampaignData, journey: &Journey, road_played: usize) -> Option<Travel> {
    let party = data.parties.get(&journey.party)?;
    let mut travel = party.travel.clone();
    match off_the_map(data, journey, road_played) {
        Some(OffMap::Beyond(beyond)) => {
            travel.place = None;
            travel.on_path = None;
            travel.beyond = Some(beyond);
        }
        Some(OffMap::At(place)) => {
            travel.place = Some(place);
            travel.on_path = None;
            travel.beyond = None;
        }
        None => {
            let (on, arrived) = on_the_map(data, journey, road_played)?;
            travel.beyond = None;
            if arrived {
                travel.place = Some(on.toward);
                travel.on_path = None;
            } else {
                travel.place = None;
                travel.on_path = Some(on);
            }
        }
    }
    (travel != party.travel).then_some(travel)
}

/// Where the last of a trip's road played, when it was uncharted, left its
/// party.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OffMap {
    /// Partway off the map: so far past the last place the map saw it at.
    Beyond(Beyond),
    /// At the end of an uncharted stretch: the place the route's next path
    /// sets out from.
    At(PlaceId),
}

/// Where `road_played` hours of the trip's road leave its party when the
/// last of them were uncharted: the km walked off the map since the last
/// place the map saw it at (where the party stood, or where a path leg
/// ended), toward the next place the route reaches, or that place once the
/// stretch is walked. `None` when the party is on a path of the map (or
/// never was on the map).
pub fn off_the_map(data: &CampaignData, journey: &Journey, road_played: usize) -> Option<OffMap> {
    let party = data.parties.get(&journey.party)?;
    let route = journey.route()?;
    let map = TheMap::of(data, &journey.plan);
    let methods = &super::gear::methods(data, journey);
    let walked = map.road_hours(route, methods, road_played).len();
    let (mut start, mut km, mut whole) = (0usize, 0.0, false);
    let mut seen: Option<PlaceId> = (party.travel.place).or(party.travel.beyond.map(|b| b.from));
    for leg in &route.legs {
        let hours = usize::try_from(map.leg_hours(leg, methods)).unwrap_or(0);
        let path = leg.path.zip(map.path_of(leg));
        if start >= walked {
            // The first place on the map the route reaches from here.
            let toward = path.and_then(|(along, p)| p.other_end(along.toward));
            return match (km > 0.0, whole, toward) {
                (false, _, _) => None,
                (true, true, Some(at)) => Some(OffMap::At(at)),
                (true, _, toward) => Some(OffMap::Beyond(Beyond {
                    from: seen?,
                    km,
                    toward,
                })),
            };
        }
        let done = (walked - start).min(hours);
        start += hours;
        match path {
            Some((along, _)) => {
                km = 0.0;
                seen = (done >= hours).then_some(along.toward);
            }
            None => {
                km += leg.distance_km * done as f64 / hours.max(1) as f64;
                whole = done >= hours;
            }
        }
    }
    if km > 0.0 {
        Some(OffMap::Beyond(Beyond {
            from: seen?,
            km,
            toward: None,
        }))
    } else {
        None
    }
}

/// Where on the map `road_played` hours of the trip's road bring its
/// party: along the path of the last path leg begun (with the party's
/// stacks when it is on it), and whether that leg is done (the party is
/// at its `toward` place). `None`: only uncharted stretches, or nothing.
pub fn on_the_map(
    data: &CampaignData,
    journey: &Journey,
    road_played: usize,
) -> Option<(OnPath, bool)> {
    let party = data.parties.get(&journey.party)?;
    let route = journey.route()?;
    let map = TheMap::of(data, &journey.plan);
    let methods = &super::gear::methods(data, journey);
    let road = map.road_hours(route, methods, road_played);
    let mut start = 0usize;
    let mut seen: Option<(OnPath, bool)> = None;
    for (i, leg) in route.legs.iter().enumerate() {
        let hours = usize::try_from(map.leg_hours(leg, methods)).unwrap_or(0);
        if start >= road.len() {
            break;
        }
        let done = (road.len() - start).min(hours);
        start += hours;
        let (Some(along), Some(path)) = (leg.path, map.path_of(leg)) else {
            continue;
        };
        let Some(from) = path.other_end(along.toward) else {
            continue;
        };
        let rounds = map.rounds_of(leg, path);
        let rounds_done = if road.iter().any(|h| h.leg == i && h.round.is_some()) {
            road.iter()
                .filter(|h| h.leg == i && h.round.is_some_and(|r| r.last))
                .count() as i64
        } else {
            (done as i64 * rounds)
                .checked_div(hours as i64)
                .unwrap_or(rounds)
        };
        // A party already on this path keeps the stacks it carries.
        let carried = (party.travel.on_path)
            .filter(|on| on.path == along.path && on.toward == along.toward)
            .map_or_else(PathState::default, |on| on.state);
        let on = OnPath {
            path: along.path,
            from,
            toward: along.toward,
            state: PathState {
                rounds_left: u32::try_from(rounds - rounds_done).unwrap_or(0),
                ..carried
            },
            extra: 0,
        };
        seen = Some((on, done >= hours));
    }
    seen
}

/// A path of a trip's route, as the map draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoutePath {
    pub path: crate::model::MapPathId,
    /// The trip has begun walking it (a leg begun keeps how it was played).
    pub walked: bool,
}

/// The map paths of a trip still on the road (some leg not begun), in
/// order, each marked walked or ahead; empty once every leg is begun, and
/// for a route of uncharted legs only.
pub fn route_on_the_map(journey: &Journey) -> Vec<RoutePath> {
    let Some(route) = journey.route() else {
        return Vec::new();
    };
    if route.legs.iter().all(|l| l.played_as.is_some()) {
        return Vec::new();
    }
    (route.legs.iter())
        .filter_map(|l| {
            Some(RoutePath {
                path: l.path?.path,
                walked: l.played_as.is_some(),
            })
        })
        .collect()
}
