//! Journey planning: a journey's route, day pattern and the GM's changes
//! turned into hours, the tests each character faces with their TGs, the
//! exact exhaustion forecast per day, and the food ledger. Pure: campaign
//! data in, figures out; the same figures feed the screen, the packet PDF
//! and `waybook journey --json`.
//!
//! Readings (also in `src/rules/DECISIONS.md`):
//! - A leg takes `distance / speed` hours, halved speed on difficult terrain,
//!   rounded up to whole hours: an hour begun is an hour travelled.
//! - Journey day k is campaign day `start.day + k`; on the first day the
//!   plan starts at the departure hour. Each day: travel from the pattern's
//!   start hour, then camp, then the watch rota; other hours are rest.
//! - Off the road (rest, camp, watch) a character is where the party stopped,
//!   so that place's altitude and temperature still apply to them.

mod adapter;
pub mod food;
pub mod from_map;
pub mod gear;
mod layout;
pub mod play;
pub mod position;
pub mod rest;
mod road;
pub mod same_day;
pub mod setbacks;
mod skies;
pub mod summary;
mod view;

pub use adapter::day_plan;
pub use food::{FoodDay, FoodEntry, FoodLedger, food_ledger};
pub use layout::{MAX_DAYS, plan, plan_with_weather};
pub use road::{RoadHour, RoundHour, TheMap, leg_hours};
pub use view::{
    CharacterDay, DayWeather, JourneyPlanView, JourneyTest, Known, Likeliest, PlanDay, Slot,
    TestCause,
};

use crate::model::{
    CampaignData, Character, CharacterId, DayPattern, FoodOrder, Journey, JourneyPlan, Leg,
    PartyId, Route,
};

/// The hours of a plan day the party marches in the dark, by the
/// calendar's sunrise and sunset on that day.
pub fn dark_marches(calendar: &crate::model::calendar::Calendar, day: &PlanDay) -> Vec<i64> {
    day.slots
        .iter()
        .filter(|s| s.road.is_some() && calendar.is_dark(day.date, s.hour))
        .map(|s| s.hour)
        .collect()
}
use serde::Serialize;

/// The trip `party` is on: one of its journeys begun and not ended. A
/// party is on one trip at a time (issue 53): a second plan over the same
/// days is a route to compare within it, never a second booking.
pub fn trip_under_way(data: &CampaignData, party: PartyId) -> Option<&Journey> {
    trip_under_way_but(data, party, None)
}

/// [`trip_under_way`], leaving out the journey `but` (the one about to
/// be played). Only begun journeys are planned, so a party of many plans
/// not yet begun costs nothing.
fn trip_under_way_but(
    data: &CampaignData,
    party: PartyId,
    but: Option<crate::model::JourneyId>,
) -> Option<&Journey> {
    (data.journeys.values())
        .filter(|j| j.party == party && j.played_hours > 0 && Some(j.id) != but)
        .find(|j| j.played_hours < plan(data, j).total_hours())
}

/// Why `party` may not begin a trip other than `but`, in words: the trip
/// it is on, named. The one sentence both New journey and Play give.
pub fn on_another_trip(
    data: &CampaignData,
    party: PartyId,
    but: Option<crate::model::JourneyId>,
) -> Option<String> {
    let trip = trip_under_way_but(data, party, but)?;
    let name = (data.parties.get(&party)).map_or("The party", |p| p.name.as_str());
    Some(format!(
        "{name} is on the journey “{}”, begun and not ended: a party lives each day once",
        trip.name
    ))
}

/// A new trip of `party` named `name` from the party's present, along
/// `leg`, under the next free id: each day setting off at sunrise (07:00
/// at the earliest), the base travel hours, and the party's people (not
/// its animals) on watch in turn.
pub fn new_trip(data: &CampaignData, party: PartyId, name: &str, leg: Leg) -> Journey {
    let now = crate::world::present::now_of(data, Some(party));
    let sunrise = (data.settings.calendar)
        .season_on(now.day)
        .map_or(0.0, |(_, sunrise, _)| sunrise);
    let watchers = can_watch(data, party);
    let defaults = DayPattern::default();
    let pattern = DayPattern {
        start_hour: defaults.start_hour.max(sunrise.ceil() as i64),
        travel_hours: data.settings.base_travel_hours(),
        watchers: watchers.iter().map(|c| c.id).collect(),
        ..defaults
    };
    Journey {
        id: data.next_id::<Journey>(),
        name: name.to_owned(),
        party,
        start: now,
        plan: JourneyPlan {
            left_behind: Vec::new(),
            resumed: Vec::new(),
            shown: Default::default(),
            methods: data.settings.house_rules.methods.clone(),
            routes: vec![Route {
                name: "Main route".to_owned(),
                legs: vec![leg],
            }],
            chosen: 0,
            pattern,
            food_order: FoodOrder::default(),
            days: Default::default(),
        },
        played_hours: 0,
        log: Vec::new(),
        food_left: Vec::new(),
        food_opened: Vec::new(),
        exhaustion_gained: Vec::new(),
    }
}

/// The leg *Add leg* puts after route `route`'s last: an uncharted stretch
/// (a trip may leave the map; a path's leg comes from the map's route, and
/// a copy of the last would walk its path twice), on the last leg's way
/// of travelling, over the ground and in the region where it ends.
pub fn leg_after(data: &CampaignData, journey: &Journey, route: usize) -> Leg {
    let mut leg = Leg::new("New leg", 10.0);
    let Some(last) = (journey.plan.routes.get(route)).and_then(|r| r.legs.last()) else {
        return leg;
    };
    let ground = TheMap::of(data, &journey.plan).leg(last).into_owned();
    leg.method = last.method;
    leg.terrain = ground.terrain;
    leg.altitude_m = ground.altitude_m;
    leg.region = match last.path {
        Some(along) => (data.places.get(&along.toward))
            .and_then(|p| data.region_of_place(p))
            .map(|r| r.id),
        None => last.region,
    };
    leg
}

/// Who of `party` may keep watch, by name: its people, not its animals.
pub fn can_watch(data: &CampaignData, party: PartyId) -> Vec<&Character> {
    let mut people = by_name(data, party);
    people.retain(|c| !c.is_animal());
    people
}

/// Who keeps watch on `journey`, in the rota's turn: its watchers who are
/// still of its party and may keep watch (one who left, or an animal, is
/// neither counted nor given a turn).
pub fn on_watch(data: &CampaignData, journey: &Journey) -> Vec<CharacterId> {
    let may = |id: &CharacterId| {
        data.characters
            .get(id)
            .is_some_and(|c| c.party == Some(journey.party) && !c.is_animal())
    };
    let watchers = &journey.plan.pattern.watchers;
    watchers.iter().copied().filter(may).collect()
}

/// The members of a journey's party, by name.
pub fn members<'a>(data: &'a CampaignData, journey: &Journey) -> Vec<&'a Character> {
    by_name(data, journey.party)
}

/// The members of `party`, by name.
fn by_name(data: &CampaignData, party: PartyId) -> Vec<&Character> {
    let mut members: Vec<&Character> = data.members(party).collect();
    members.sort_by_key(|c| c.name.to_lowercase());
    members
}

/// One route's figures, for comparing the ways to the same place.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RouteFigures {
    pub name: String,
    pub road_hours: usize,
    pub days: usize,
    pub tests: usize,
    pub expected_exhaustion: f64,
    pub food_units: f64,
}

/// What the journeys screen and `waybook journey` show of a journey after
/// each change: its plan, its food ledger and every route's figures.
pub struct Figures {
    pub view: JourneyPlanView,
    pub food: FoodLedger,
    pub routes: Vec<RouteFigures>,
}

/// The plan, ledger and route comparison of a journey. The routes not
/// chosen are planned on a worker thread while this one plans the chosen
/// route; the chosen route's figures come from its own plan and, when
/// nothing has been played yet, its own ledger.
pub fn figures(data: &CampaignData, journey: &Journey) -> Figures {
    let chosen = journey.plan.chosen;
    std::thread::scope(|scope| {
        let others = scope.spawn(|| {
            (journey.plan.routes.iter().enumerate())
                .filter(|(i, _)| *i != chosen)
                .map(|(i, route)| {
                    let alt = from_the_start(journey, i);
                    let view = plan(data, &alt);
                    let food = food_ledger(data, &alt, &view);
                    (i, route_figures(&route.name, &view, &food))
                })
                .collect::<Vec<_>>()
        });
        let view = plan(data, journey);
        let food = food_ledger(data, journey, &view);
        let mine = journey.plan.routes.get(chosen).map(|route| {
            if food.from_day == 0 {
                route_figures(&route.name, &view, &food)
            } else {
                let alt = from_the_start(journey, chosen);
                route_figures(&route.name, &view, &food_ledger(data, &alt, &view))
            }
        });
        let mut routes = others
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        routes.extend(mine.map(|figures| (chosen, figures)));
        routes.sort_by_key(|(i, _)| *i);
        Figures {
            view,
            food,
            routes: routes.into_iter().map(|(_, figures)| figures).collect(),
        }
    })
}

/// The journey as if route `i` were chosen and nothing played: what a
/// route comparison plans (what is played does not change a plan's layout,
/// only where the ledger starts).
fn from_the_start(journey: &Journey, i: usize) -> Journey {
    let mut alt = journey.clone();
    alt.plan.chosen = i;
    alt.played_hours = 0;
    alt
}

/// The figures of the route called `name` from its plan and its ledger
/// from the first day.
fn route_figures(name: &str, view: &JourneyPlanView, food: &FoodLedger) -> RouteFigures {
    let characters = || view.days.iter().flat_map(|d| &d.characters);
    RouteFigures {
        name: name.to_owned(),
        road_hours: view.road_hours,
        days: view.days.len(),
        tests: view.test_count(),
        expected_exhaustion: characters().map(|c| c.forecast.expected_exhaustion).sum(),
        food_units: food
            .days
            .iter()
            .flat_map(|d| &d.entries)
            .map(|e| e.planned)
            .sum(),
    }
}

/// Keeps the days up to `upto` on the pattern they were played with, before
/// the GM changes the pattern for the days ahead.
pub fn keep_played_days(journey: &mut Journey, upto: Option<i64>) {
    let Some(upto) = upto else { return };
    let pattern = journey.plan.pattern.clone();
    for day in 0..=upto {
        journey
            .plan
            .days
            .entry(day)
            .or_default()
            .pattern
            .get_or_insert_with(|| pattern.clone());
    }
}
