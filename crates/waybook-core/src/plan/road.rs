//! The road of a journey: each leg in whole hours at its way of travelling
//! (as it was played, once the party has set out on it), and the route as
//! the hours on the road in order. A leg along a map path reads the path's
//! ground and regions; with travel rounds on, each of the path's rounds is
//! a day of the trip ("Both travel texts on the same day").

use crate::model::{
    CampaignData, HourWindow, JourneyPlan, Leg, MapPath, MapPathId, Method, RegionId, Route,
    Temperature, Terrain,
};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// One hour on the road: where it is and how it is travelled.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RoadHour {
    pub leg: usize,
    pub swimming: bool,
    pub altitude_m: i64,
    /// The leg's weather, holding within `weather_hours` of the day.
    pub temperature: Temperature,
    pub weather_hours: Option<HourWindow>,
    pub depth_m: i64,
    /// The region the leg crosses, whose weather of the day overrides the
    /// leg's own.
    pub region: Option<RegionId>,
    /// Where this hour lies in a travel round, when it is one: a round sets
    /// off at the day's setting-off hour and the day's travel ends with it.
    pub round: Option<RoundHour>,
}

/// An hour's place in its travel round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundHour {
    pub first: bool,
    pub last: bool,
}

/// What the road reads of the campaign besides the route: the map's
/// paths, whether travel rounds are on, and the hours a round takes on a
/// path whose distance is not given (the plan's travel hours).
pub struct TheMap<'a> {
    paths: &'a BTreeMap<MapPathId, MapPath>,
    rounds_on: bool,
    round_hours: i64,
}

impl<'a> TheMap<'a> {
    pub fn of(data: &'a CampaignData, plan: &JourneyPlan) -> Self {
        Self {
            paths: &data.paths,
            rounds_on: data.settings.enabled(crate::model::RuleText::Rounds),
            round_hours: plan.pattern.travel_hours.max(1),
        }
    }

    /// Whether a path's rounds are days of the trip.
    pub fn rounds_on(&self) -> bool {
        self.rounds_on
    }

    /// The path a leg follows, if it follows one still on the map.
    pub fn path_of(&self, leg: &Leg) -> Option<&'a MapPath> {
        leg.path.and_then(|along| self.paths.get(&along.path))
    }

    /// The leg as it is travelled: once the party has set out on it, as it
    /// was kept then; before, along its path with the path's ground (its
    /// share of the path's distance, when it travels only some rounds;
    /// the leg's own distance when the path gives none).
    pub fn leg<'l>(&self, leg: &'l Leg) -> Cow<'l, Leg> {
        let Some(path) = self.path_of(leg).filter(|_| leg.played_as.is_none()) else {
            return Cow::Borrowed(leg);
        };
        let ground = path.ground;
        let rounds = self.rounds_of(leg, path);
        let distance_km = if ground.distance_km > 0.0 {
            ground.distance_km * rounds as f64 / path.rounds.max(1) as f64
        } else {
            leg.distance_km
        };
        Cow::Owned(Leg {
            distance_km,
            terrain: ground.terrain,
            altitude_m: ground.altitude_m,
            depth_m: ground.depth_m,
            region: self.region_at(leg, path, 0, 1).or(leg.region),
            ..leg.clone()
        })
    }

    /// The rounds of its path a leg travels: those it says, else all.
    pub fn rounds_of(&self, leg: &Leg, path: &MapPath) -> i64 {
        leg.path
            .and_then(|a| a.rounds)
            .unwrap_or(path.rounds)
            .clamp(1, path.rounds.max(1))
    }

    /// The region of the `i`th of `n` parts of a leg along `path`, in
    /// the direction travelled: the region of the path's round it lies in.
    fn region_at(&self, leg: &Leg, path: &MapPath, i: i64, n: i64) -> Option<RegionId> {
        let along = leg.path?;
        let rounds = self.rounds_of(leg, path);
        // The leg's rounds are the last of the path's in its direction.
        let done_before = path.rounds.max(1) - rounds;
        let travelled = done_before + (i * rounds / n.max(1)) + 1;
        let round = if along.toward == path.to {
            travelled
        } else {
            path.rounds.max(1) + 1 - travelled
        };
        path.region_at(round.clamp(1, path.rounds.max(1)))
    }

    /// The hours of each travel round of a leg, when it is travelled round
    /// by round (a path, with travel rounds on); `None`: straight through.
    fn round_hours(&self, leg: &Leg, method: &Method) -> Option<Vec<i64>> {
        let path = self.path_of(leg).filter(|_| self.rounds_on)?;
        let rounds = self.rounds_of(leg, path);
        let travelled = self.leg(leg);
        // A leg set out on keeps its distance (0 where its path gave none).
        let measured = path.ground.distance_km > 0.0 || leg.played_as.is_some();
        let each = if measured && travelled.distance_km > 0.0 {
            leg_hours(
                travelled.distance_km / rounds as f64,
                method,
                travelled.terrain,
            )
            .max(1)
        } else {
            self.round_hours
        };
        Some(vec![each; usize::try_from(rounds).unwrap_or(1)])
    }

    /// Whole hours a leg takes on the road.
    pub fn leg_hours(&self, leg: &Leg, methods: &[Method]) -> i64 {
        let Some(method) = leg.method(methods) else {
            return 0;
        };
        match self.round_hours(leg, method) {
            Some(rounds) => rounds.iter().sum(),
            None => {
                let travelled = self.leg(leg);
                leg_hours(travelled.distance_km, method, travelled.terrain)
            }
        }
    }

    /// All the route's hours on the road, however many: counted, not laid
    /// out.
    pub fn route_hours(&self, route: &Route, methods: &[Method]) -> i64 {
        (route.legs.iter())
            .map(|leg| self.leg_hours(leg, methods))
            .fold(0, i64::saturating_add)
    }

    /// The route's first `most` hours on the road, in order: a plan lays
    /// out no more than it can walk, whatever the distance.
    pub fn road_hours(&self, route: &Route, methods: &[Method], most: usize) -> Vec<RoadHour> {
        let mut road = Vec::new();
        for (i, leg) in route.legs.iter().enumerate() {
            if road.len() >= most {
                break;
            }
            let Some(method) = leg.method(methods) else {
                continue;
            };
            let travelled = self.leg(leg);
            let hour = RoadHour {
                leg: i,
                swimming: method.swimming,
                altitude_m: travelled.altitude_m,
                temperature: travelled.temperature,
                weather_hours: travelled.weather_hours,
                depth_m: travelled.depth_m,
                region: travelled.region,
                round: None,
            };
            let path = self.path_of(leg);
            let parts = self.round_hours(leg, method).unwrap_or_else(|| {
                vec![leg_hours(travelled.distance_km, method, travelled.terrain)]
            });
            let rounds = path.is_some() && self.rounds_on;
            let total: i64 = parts.iter().sum();
            let mut done = 0i64;
            for part in parts {
                for h in 0..part {
                    if road.len() >= most {
                        break;
                    }
                    let region = path
                        .and_then(|p| self.region_at(leg, p, done + h, total))
                        .or(hour.region);
                    road.push(RoadHour {
                        region,
                        round: rounds.then_some(RoundHour {
                            first: h == 0,
                            last: h + 1 == part,
                        }),
                        ..hour
                    });
                }
                done += part;
            }
        }
        road
    }
}

/// Whole hours a distance takes with a method on its terrain.
pub fn leg_hours(distance_km: f64, method: &Method, terrain: Terrain) -> i64 {
    let speed = if terrain == Terrain::Difficult {
        method.km_per_hour / 2.0
    } else {
        method.km_per_hour
    };
    if speed <= 0.0 || distance_km <= 0.0 {
        return 0;
    }
    (distance_km / speed).ceil() as i64
}

impl RoadHour {
    /// Where a party stands before it has set out on any road.
    pub fn nowhere() -> Self {
        Self {
            leg: 0,
            swimming: false,
            altitude_m: 0,
            temperature: Temperature::Normal,
            weather_hours: None,
            depth_m: 0,
            region: None,
            round: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Leg;

    fn leg(km: f64, method: usize, played_as: Option<Method>) -> Leg {
        Leg {
            method,
            altitude_m: 1200,
            temperature: Temperature::ExtremeCold,
            played_as,
            ..Leg::new("leg", km)
        }
    }

    /// "counts as travelling half the distance in the same amount of time".
    #[test]
    fn an_hour_begun_is_an_hour_on_the_road() {
        let foot = &Method::standard()[0];
        assert_eq!(leg_hours(9.0, foot, Terrain::Normal), 3);
        assert_eq!(leg_hours(9.0, foot, Terrain::Difficult), 5);
        assert_eq!(leg_hours(0.0, foot, Terrain::Normal), 0);
    }

    #[test]
    fn the_road_is_every_leg_hour_by_hour_at_its_speed_as_played() {
        let mut methods = Method::standard();
        let slow = Method {
            km_per_hour: 2.0,
            ..methods[0].clone()
        };
        let route = Route {
            name: "r".into(),
            legs: vec![
                leg(8.0, 0, Some(slow)),
                leg(8.0, 0, None),
                leg(4.0, 3, None),
            ],
        };
        methods[0].km_per_hour = 8.0;
        let paths = BTreeMap::new();
        let map = TheMap {
            paths: &paths,
            rounds_on: false,
            round_hours: 8,
        };
        let road = map.road_hours(&route, &methods, usize::MAX);
        assert_eq!(map.route_hours(&route, &methods), 7);
        assert_eq!(
            map.road_hours(&route, &methods, 5).len(),
            5,
            "only as many as asked"
        );
        let per_leg: Vec<usize> = (0..3)
            .map(|i| road.iter().filter(|h| h.leg == i).count())
            .collect();
        assert_eq!(
            per_leg,
            vec![4, 1, 2],
            "played at 2 km/h, now 8, swimming 2"
        );
        assert!(road[0].temperature == Temperature::ExtremeCold && road[0].altitude_m == 1200);
        assert!(road.last().is_some_and(|h| h.swimming));
    }
}
