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
    #[error("{journey} is on its way: plan the rest from where the party is as a new journey")]
    Begun { journey: String },
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

/// The edit that gives a trip not yet begun the map's route to `to` (a
/// new route of its own, chosen; the others stay to compare), setting off
/// from where the party is at the campaign clock.
pub fn take_route(
    data: &CampaignData,
    journey: &Journey,
    to: PlaceId,
) -> Result<Edit, FromMapError> {
    if journey.played_hours > 0 {
        return Err(FromMapError::Begun {
            journey: journey.name.clone(),
        });
    }
    let legs = legs_to(data, journey, to)?;
    let place = data.places.get(&to).map_or("?", |p| p.name.as_str());
    let mut after = journey.clone();
    after.plan.routes.push(Route {
        name: format!("By the map to {place}"),
        legs,
    });
    after.plan.chosen = after.plan.routes.len() - 1;
    after.start = after.start.max(data.settings.clock);
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
