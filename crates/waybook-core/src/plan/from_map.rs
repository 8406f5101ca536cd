//! A trip's route taken from the map: from where the party stands (a
//! place, or partway along a path) to a place, by the route forecast's
//! way of fewest expected rounds, one leg per path. The trip then sets off
//! from there and then: at the campaign clock.

use crate::model::{
    Along, CampaignData, Change, Edit, Journey, Leg, MapPath, PlaceId, Route, plural,
};
use crate::travel::forecast::{self, RouteError};

/// Why a route cannot be taken from the map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FromMapError {
    #[error("{0}")]
    Route(#[from] RouteError),
    #[error(
        "the party is on {leg}, off the map: add the legs ahead by hand, or take the map's route once the trip is back at a place of the map"
    )]
    OffTheMap { leg: String },
    #[error(
        "the map's way turns back along {path}, which the trip is partway along: add the legs ahead by hand"
    )]
    TurnsBack { path: String },
    #[error("the party is at {place} already")]
    There { place: String },
}

/// The legs of the route forecast from where the party is to `to`: each
/// path toward its next place, with the rounds left of a path the party is
/// partway along. A leg's own distance, read only where its path gives
/// none and travel rounds are off, is a day's march per round.
pub fn legs_to(
    data: &CampaignData,
    journey: &Journey,
    to: PlaceId,
) -> Result<Vec<Leg>, FromMapError> {
    let way = forecast::route(data, journey.party, to)?;
    if way.paths.is_empty() {
        return Err(FromMapError::There { place: way.to });
    }
    Ok(way
        .paths
        .iter()
        .filter_map(|odds| {
            let path = data.paths.get(&odds.path)?;
            let rounds = i64::from(odds.rounds_left).clamp(1, path.rounds.max(1));
            Some(leg_along(journey, path, odds.toward, rounds))
        })
        .collect())
}

/// A leg of `journey` along `path` toward `toward` (one of its ends), for
/// `rounds` of its rounds, on the trip's first way of travelling. Its own
/// distance, read only where the path gives none and travel rounds are
/// off, is a day's march per round.
pub fn leg_along(journey: &Journey, path: &MapPath, toward: PlaceId, rounds: i64) -> Leg {
    let method = (journey.route().and_then(|r| r.legs.first())).map_or(0, |l| l.method);
    let speed = (journey.plan.methods.get(method)).map_or(0.0, |m| m.km_per_hour);
    let day_km = speed * journey.plan.pattern.travel_hours.max(0) as f64;
    Leg {
        method,
        path: Some(Along {
            path: path.id,
            toward,
            rounds: (rounds < path.rounds).then_some(rounds),
        }),
        ..Leg::new(path.name.clone(), day_km * rounds as f64)
    }
}

/// The edit that gives a trip the map's route to `to` from where the party
/// is: a trip not yet begun gets a new route of its own, chosen (the
/// others stay to compare), setting off at the campaign clock; a trip on
/// its way keeps the legs it has set out on and goes on by the map's
/// paths after them.
pub fn take_route(
    data: &CampaignData,
    journey: &Journey,
    to: PlaceId,
) -> Result<Edit, FromMapError> {
    let place = data.places.get(&to).map_or("?", |p| p.name.as_str());
    let mut after = journey.clone();
    if journey.played_hours > 0 {
        let legs = on_by_the_map(data, journey, to)?;
        if let Some(route) = after.plan.routes.get_mut(after.plan.chosen) {
            route.legs = legs;
        }
    } else {
        let legs = legs_to(data, journey, to)?;
        after.plan.routes.push(Route {
            name: format!("By the map to {place}"),
            legs,
        });
        after.plan.chosen = after.plan.routes.len() - 1;
        after.start = after.start.max(data.settings.clock);
    }
    let legs = after.route().map_or(0, |r| r.legs.len());
    Ok(Edit::new(
        format!(
            "Take the map's route to {place} ({}) for {}",
            plural(legs, "path"),
            journey.name
        ),
        vec![Change::journey(Some(journey), Some(&after))],
    ))
}

/// The legs of a trip on its way that goes on by the map to `to`: those it
/// has set out on, kept as played, then the map's paths from where the
/// party is (the path it is partway along is the leg it is on). Refused
/// after an uncharted leg (the party is off the map), or when the map's way
/// turns back along the path it is partway along.
fn on_by_the_map(
    data: &CampaignData,
    journey: &Journey,
    to: PlaceId,
) -> Result<Vec<Leg>, FromMapError> {
    let begun: Vec<Leg> = (journey.route().into_iter())
        .flat_map(|r| &r.legs)
        .take_while(|l| l.played_as.is_some())
        .cloned()
        .collect();
    let party = data.parties.get(&journey.party);
    let partway = party.and_then(|p| p.travel.on_path);
    // After an uncharted stretch the map knows the party where it last
    // saw it: its paths cannot say the way on.
    if let Some(last) = begun.last().filter(|l| l.path.is_none()) {
        return Err(FromMapError::OffTheMap {
            leg: last.name.clone(),
        });
    }
    let mut ahead = legs_to(data, journey, to)?;
    if let Some(on) = partway.filter(|on| on.state.rounds_left > 0)
        && let Some(first) = ahead.first().and_then(|l| l.path)
        && first.path == on.path
    {
        if first.toward != on.toward {
            let path = data.paths.get(&on.path).map_or("?", |p| p.name.as_str());
            return Err(FromMapError::TurnsBack {
                path: path.to_owned(),
            });
        }
        // The rest of the path the party is on is the leg it is on.
        ahead.remove(0);
    }
    let mut legs = begun;
    legs.extend(ahead);
    Ok(legs)
}
