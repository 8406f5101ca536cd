//! The road of a journey: each leg in whole hours at its way of travelling
//! (as it was played, once the party has set out on it), and the route as
//! the hours on the road in order.

use crate::model::{HourWindow, Method, RegionId, Route, Temperature, Terrain};
use serde::Serialize;

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
}

/// Whole hours a leg takes with its method on its terrain.
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

/// All the route's hours on the road, however many: counted, not laid out.
pub fn route_hours(route: &Route, methods: &[Method]) -> i64 {
    route
        .legs
        .iter()
        .filter_map(|leg| {
            Some(leg_hours(
                leg.distance_km,
                leg.method(methods)?,
                leg.terrain,
            ))
        })
        .fold(0, i64::saturating_add)
}

/// The route's first `most` hours on the road, in order: a plan lays out no
/// more than it can walk, whatever the distance.
pub fn road_hours(route: &Route, methods: &[Method], most: usize) -> Vec<RoadHour> {
    route
        .legs
        .iter()
        .enumerate()
        .flat_map(|(i, leg)| {
            let method = leg.method(methods);
            let hours = method.map_or(0, |m| leg_hours(leg.distance_km, m, leg.terrain));
            let hour = RoadHour {
                leg: i,
                swimming: method.is_some_and(|m| m.swimming),
                altitude_m: leg.altitude_m,
                temperature: leg.temperature,
                weather_hours: leg.weather_hours,
                depth_m: leg.depth_m,
                region: leg.region,
            };
            std::iter::repeat_n(hour, usize::try_from(hours).unwrap_or(0))
        })
        .take(most)
        .collect()
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
        let road = road_hours(&route, &methods, usize::MAX);
        assert_eq!(route_hours(&route, &methods), 7);
        assert_eq!(
            road_hours(&route, &methods, 5).len(),
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
