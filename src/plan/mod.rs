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

mod food;
pub mod play;

pub use food::{FoodDay, FoodEntry, FoodLedger, food_ledger};

use crate::model::{
    Activity, CampaignData, Character, CharacterId, ClockTime, DayPattern, Journey, Method, Route,
    Temperature, Terrain,
};
use crate::rules::forecast::{ExhaustionTest, Forecast, forecast};
use crate::rules::travel::DamageType;
use crate::rules::travel::march::{self, Cause, DEEP_M, DayPlan, Reduction};
use crate::rules::travel::water::{self, ColdWater};

/// One hour on the road: where it is and how it is travelled.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RoadHour {
    pub leg: usize,
    pub swimming: bool,
    pub altitude_m: i64,
    pub temperature: Temperature,
    pub depth_m: i64,
}

use serde::Serialize;

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

/// The route's hours on the road, in order.
pub fn road_hours(route: &Route, methods: &[Method]) -> Vec<RoadHour> {
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
                depth_m: leg.depth_m,
            };
            std::iter::repeat_n(hour, hours.max(0) as usize)
        })
        .collect()
}

/// One hour of a journey day.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Slot {
    /// Hour of the day on the campaign clock.
    pub hour: i64,
    /// The road hour travelled, if the party travels.
    pub road: Option<usize>,
    /// Where the party is (or goes) this hour.
    pub place: RoadHour,
}

/// Why a journey calls for a test: the day's march, swim, cold and heat
/// tests, and the minute-by-minute tests of extremely cold deep water.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TestCause {
    March,
    Swim,
    Cold,
    Heat,
    ColdWater,
}

impl TestCause {
    pub fn as_str(self) -> &'static str {
        match self {
            TestCause::March => "march",
            TestCause::Swim => "swim",
            TestCause::Cold => "cold",
            TestCause::Heat => "heat",
            TestCause::ColdWater => "cold-water",
        }
    }
}

impl From<Cause> for TestCause {
    fn from(cause: Cause) -> Self {
        match cause {
            Cause::March => TestCause::March,
            Cause::Swim => TestCause::Swim,
            Cause::Cold => TestCause::Cold,
            Cause::Heat => TestCause::Heat,
        }
    }
}

/// A test the plan calls for: in which slot, why, at what TG.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct JourneyTest {
    /// 1-based slot of the day.
    pub hour: usize,
    pub cause: TestCause,
    pub tg: i32,
    /// How failing it gives exhaustion.
    #[serde(skip)]
    pub exhaustion: ExhaustionTest,
}

/// One character's day.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CharacterDay {
    pub character: CharacterId,
    pub name: String,
    /// One activity per slot of the day.
    pub activities: Vec<Activity>,
    pub tests: Vec<JourneyTest>,
    pub forecast: Forecast,
}

impl CharacterDay {
    /// "16:00 march TG 11 · 17:00 march TG 12 · heat TG 10 ×14": march and
    /// swim tests one by one (their TG climbs), the weather's TG 10 counted.
    pub fn tests_summary(&self, day: &PlanDay) -> String {
        let mut parts: Vec<String> = self
            .tests
            .iter()
            .filter(|t| matches!(t.cause, TestCause::March | TestCause::Swim))
            .map(|t| {
                format!(
                    "{:02}:00 {} TG {}",
                    day.slots[t.hour - 1].hour,
                    t.cause.as_str(),
                    t.tg
                )
            })
            .collect();
        for cause in [TestCause::Cold, TestCause::Heat, TestCause::ColdWater] {
            let count = self.tests.iter().filter(|t| t.cause == cause).count();
            if count > 0 {
                parts.push(format!("{} TG 10 ×{count}", cause.as_str()));
            }
        }
        if parts.is_empty() {
            "none".to_owned()
        } else {
            parts.join(" · ")
        }
    }

    /// The hours this character keeps watch, as "00:00, 22:00–23:00", or "–".
    pub fn watch_hours(&self, day: &PlanDay) -> String {
        let hours: Vec<i64> = day
            .slots
            .iter()
            .zip(&self.activities)
            .filter(|(_, a)| **a == Activity::Watch)
            .map(|(s, _)| s.hour)
            .collect();
        let mut runs: Vec<(i64, i64)> = Vec::new();
        for h in hours {
            match runs.last_mut() {
                Some((_, end)) if *end + 1 == h => *end = h,
                _ => runs.push((h, h)),
            }
        }
        let runs: Vec<String> = runs
            .into_iter()
            .map(|(a, b)| {
                if a == b {
                    format!("{a:02}:00")
                } else {
                    format!("{a:02}:00–{b:02}:00")
                }
            })
            .collect();
        if runs.is_empty() {
            "–".to_owned()
        } else {
            runs.join(", ")
        }
    }
}

/// One day of the plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanDay {
    /// 0 is the first day of the journey.
    pub index: i64,
    pub date: i64,
    pub slots: Vec<Slot>,
    pub travel_hours: i64,
    /// 2 when any hour is extremely cold or hot, else 1.
    pub multiplier: u32,
    pub characters: Vec<CharacterDay>,
}

/// The whole plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JourneyPlanView {
    pub road_hours: usize,
    /// Whether the plan reaches the destination (it may not, with no travel).
    pub arrives: bool,
    pub days: Vec<PlanDay>,
}

impl JourneyPlanView {
    /// The day and slot of the `n`th hour of the journey.
    pub fn locate(&self, n: i64) -> Option<(usize, usize)> {
        let mut left = n;
        for (d, day) in self.days.iter().enumerate() {
            let len = day.slots.len() as i64;
            if left < len {
                return Some((d, left as usize));
            }
            left -= len;
        }
        None
    }

    /// Days of the plan played to their end after `played_hours`.
    pub fn days_played(&self, played_hours: i64) -> i64 {
        let mut hours = 0;
        self.days
            .iter()
            .take_while(|d| {
                hours += d.slots.len() as i64;
                hours <= played_hours
            })
            .count() as i64
    }

    /// Hours on the road already travelled after `played_hours`.
    pub fn road_hours_played(&self, played_hours: i64) -> usize {
        let played = usize::try_from(played_hours).unwrap_or(0);
        self.days
            .iter()
            .flat_map(|d| &d.slots)
            .take(played)
            .filter(|s| s.road.is_some())
            .count()
    }

    /// The day being played (or about to be), for keeping it as it is when
    /// the pattern changes; `None` before the first hour is played.
    pub fn day_in_play(&self, played_hours: i64) -> Option<i64> {
        (played_hours > 0).then(|| {
            self.locate(played_hours)
                .map_or(self.days.len() as i64 - 1, |(d, _)| d as i64)
        })
    }

    /// What the GM must know of the plan as a whole: a destination it never
    /// reaches within [`MAX_DAYS`] (one line, with when the plan stops).
    pub fn warnings(&self) -> Vec<String> {
        let Some(last) = self.days.last() else {
            return Vec::new();
        };
        if self.arrives {
            return Vec::new();
        }
        let travelled = self.road_hours_played(self.total_hours());
        vec![format!(
            "The destination is not reached: the plan stops after {}, at the end of campaign day {}, with {} of {} on the road travelled",
            crate::model::plural(self.days.len(), "day"),
            last.date,
            travelled,
            crate::model::plural(self.road_hours, "hour")
        )]
    }

    pub fn total_hours(&self) -> i64 {
        self.days.iter().map(|d| d.slots.len() as i64).sum()
    }

    /// The clock time of the `n`th hour of the journey.
    pub fn clock_at(&self, n: i64) -> Option<ClockTime> {
        let (d, s) = self.locate(n)?;
        Some(ClockTime {
            day: self.days[d].date,
            hour: self.days[d].slots[s].hour,
        })
    }
}

/// The members of a journey's party, by name.
pub fn members<'a>(data: &'a CampaignData, journey: &Journey) -> Vec<&'a Character> {
    let mut members: Vec<&Character> = data.members(journey.party).collect();
    members.sort_by_key(|c| c.name.to_lowercase());
    members
}

/// How the pattern lays out one day: travel, then camp, then the night's
/// watch (which may run past midnight into the next day's small hours).
#[derive(Debug, Clone)]
struct DayLayout {
    travel: std::ops::Range<i64>,
    camp_end: i64,
}

impl DayLayout {
    fn watch_start(&self) -> i64 {
        self.camp_end + 2
    }
}

/// What a character does in an hour the road does not take: camp after the
/// travel, their turn of the watch (tonight's, or last night's in the small
/// hours), else rest.
fn pattern_activity(
    pattern: &DayPattern,
    watchers: &[CharacterId],
    today: &DayLayout,
    last_night: Option<&DayLayout>,
    who: CharacterId,
    hour: i64,
    day_hours: i64,
) -> Activity {
    if today.travel.contains(&hour) {
        return Activity::Travel;
    }
    if (today.travel.end..today.camp_end).contains(&hour) {
        return Activity::Camp;
    }
    let into_watch = match last_night {
        Some(night) if hour < today.travel.start => hour + day_hours - night.watch_start(),
        _ => hour - today.watch_start(),
    };
    if !watchers.is_empty() && (0..pattern.watch_hours).contains(&into_watch) {
        let turn = (into_watch * watchers.len() as i64 / pattern.watch_hours.max(1)) as usize;
        if watchers.get(turn) == Some(&who) {
            return Activity::Watch;
        }
    }
    Activity::Rest
}

/// Lays the journey out day by day until the route is travelled (or, if it
/// never gets there, for a year).
pub fn plan(data: &CampaignData, journey: &Journey) -> JourneyPlanView {
    let day_hours = data.settings.day_hours.max(1);
    let road = journey
        .route()
        .map(|r| road_hours(r, &journey.plan.methods))
        .unwrap_or_default();
    let members = members(data, journey);
    let watchers: Vec<CharacterId> = journey
        .plan
        .pattern
        .watchers
        .iter()
        .copied()
        .filter(|w| members.iter().any(|c| c.id == *w))
        .collect();
    let mut days = Vec::new();
    let mut next_road = 0usize;
    let mut place = road.first().copied().unwrap_or(RoadHour {
        leg: 0,
        swimming: false,
        altitude_m: 0,
        temperature: Temperature::Normal,
        depth_m: 0,
    });
    let mut last_night: Option<DayLayout> = None;
    let mut index = 0i64;
    while next_road < road.len() && index < MAX_DAYS {
        let change = journey.plan.days.get(&index).cloned().unwrap_or_default();
        let pattern = change
            .pattern
            .clone()
            .unwrap_or_else(|| journey.plan.pattern.clone());
        let first_hour = if index == 0 {
            journey.start.hour.clamp(0, day_hours - 1)
        } else {
            0
        };
        let start = pattern.start_hour.clamp(0, day_hours - 1).max(first_hour);
        let travel_hours = change.travel_hours.unwrap_or(pattern.travel_hours).max(0);
        let mut layout = DayLayout {
            travel: start..(start + travel_hours).min(day_hours),
            camp_end: 0,
        };
        let mut slots = Vec::new();
        for hour in first_hour..day_hours {
            let on_road = layout.travel.contains(&hour) && next_road < road.len();
            if on_road {
                place = road[next_road];
            }
            let mut here = place;
            if let Some(t) = change.temperature {
                here.temperature = t;
            }
            slots.push(Slot {
                hour,
                road: on_road.then_some(next_road),
                place: here,
            });
            if on_road {
                next_road += 1;
            }
        }
        if next_road >= road.len() {
            // Arrived: the travel ends with the road, then the evening's camp.
            let arrival = slots
                .iter()
                .rev()
                .find(|s| s.road.is_some())
                .map_or(start, |s| s.hour + 1);
            layout.travel.end = layout.travel.end.min(arrival);
            let camp_end = arrival + pattern.camp_hours.max(0);
            slots.retain(|s| s.hour < camp_end);
        }
        layout.camp_end = layout.travel.end + pattern.camp_hours.max(0);
        let multiplier = if slots
            .iter()
            .any(|s| s.place.temperature != Temperature::Normal)
        {
            2
        } else {
            1
        };
        let characters = members
            .iter()
            .map(|c| {
                let activities: Vec<Activity> = slots
                    .iter()
                    .map(|s| {
                        let key = crate::model::DayChange::hour_key(c.id, s.hour);
                        change.hours.get(&key).copied().unwrap_or_else(|| {
                            if s.road.is_some() {
                                Activity::Travel
                            } else {
                                pattern_activity(
                                    &pattern,
                                    &watchers,
                                    &layout,
                                    last_night.as_ref(),
                                    c.id,
                                    s.hour,
                                    day_hours,
                                )
                            }
                        })
                    })
                    .collect();
                character_day(c, &slots, activities, day_hours)
            })
            .collect();
        days.push(PlanDay {
            index,
            date: journey.start.day + index,
            travel_hours: slots.iter().filter(|s| s.road.is_some()).count() as i64,
            slots,
            multiplier,
            characters,
        });
        last_night = Some(layout);
        index += 1;
    }
    JourneyPlanView {
        road_hours: road.len(),
        arrives: next_road >= road.len(),
        days,
    }
}

/// A plan that never reaches its destination (no travel hours, say) is laid
/// out for a year and no more.
pub const MAX_DAYS: i64 = 366;

/// The rules' day for a character: bonus, protections, and each hour.
pub fn day_plan(c: &Character, slots: &[Slot], activities: &[Activity], day_hours: i64) -> DayPlan {
    let e = &c.exploration;
    let mut immune = Vec::new();
    if e.cold.immune || e.cold.resistant {
        immune.push(DamageType::Cold);
    }
    if e.heat.immune || e.heat.resistant {
        immune.push(DamageType::Heat);
    }
    DayPlan {
        bonus: i32::try_from(e.endurance_bonus()).unwrap_or(0),
        day_hours: u32::try_from(day_hours).unwrap_or(24),
        immune,
        reduction: Reduction {
            cold: u32::try_from(e.cold.reduction).unwrap_or(0),
            heat: u32::try_from(e.heat.reduction).unwrap_or(0),
        },
        hours: slots
            .iter()
            .zip(activities)
            .map(|(s, a)| march::Hour {
                activity: match a {
                    Activity::Travel if s.place.swimming => march::Activity::Swim,
                    Activity::Travel => march::Activity::Travel,
                    Activity::Swim => march::Activity::Swim,
                    Activity::Work | Activity::Watch => march::Activity::Work,
                    Activity::Rest | Activity::Camp => march::Activity::Rest,
                },
                altitude_m: i32::try_from(s.place.altitude_m).unwrap_or(0),
                temperature: s.place.temperature,
                depth_m: u32::try_from(s.place.depth_m).unwrap_or(0),
                difficult: false,
            })
            .collect(),
        altitude_adapted: e.altitude_adapted,
        depth_adapted: e.depth_adapted,
        swim_speed: e.swim_speed > 0,
    }
}

fn character_day(
    c: &Character,
    slots: &[Slot],
    activities: Vec<Activity>,
    day_hours: i64,
) -> CharacterDay {
    let rules_day = day_plan(c, slots, &activities, day_hours);
    // The plan never holds more hours than the day, so `tests` cannot fail.
    let mut tests: Vec<JourneyTest> = rules_day
        .tests()
        .unwrap_or_default()
        .into_iter()
        .map(|t| JourneyTest {
            hour: t.hour,
            cause: t.cause.into(),
            tg: t.tg,
            exhaustion: t.exhaustion_test(),
        })
        .collect();
    tests.extend(cold_water_tests(c, slots, &activities, rules_day.bonus));
    // By slot; within a slot the day's tests come before the cold water's.
    tests.sort_by_key(|t| t.hour);
    let forecast = forecast(
        &tests.iter().map(|t| t.exhaustion).collect::<Vec<_>>(),
        rules_day.bonus,
    );
    CharacterDay {
        character: c.id,
        name: c.name.clone(),
        activities,
        tests,
        forecast,
    }
}

/// "Travelling at depths of 60m or lower ... They also suffer the penalties
/// for Swimming in Extremely Cold Water": the first Endurance (+ Reduction)
/// minutes of a stretch of deep swimming are free, then a test every minute.
fn cold_water_tests(
    c: &Character,
    slots: &[Slot],
    activities: &[Activity],
    bonus: i32,
) -> Vec<JourneyTest> {
    let e = &c.exploration;
    let protection = match (e.cold.immune, e.cold.resistant) {
        (true, _) => water::Protection::Immunity,
        (false, true) => water::Protection::Resistance,
        _ => water::Protection::None,
    };
    let mut tests = Vec::new();
    let mut minutes = 0u32;
    for (i, (slot, activity)) in slots.iter().zip(activities).enumerate() {
        let swimming =
            *activity == Activity::Swim || (*activity == Activity::Travel && slot.place.swimming);
        let depth = u32::try_from(slot.place.depth_m).unwrap_or(0);
        if !swimming || depth < DEEP_M || e.depth_adapted {
            minutes = 0;
            continue;
        }
        let before = minutes;
        minutes += 60;
        let swim = ColdWater {
            endurance: i32::try_from(e.trait_value("Endurance")).unwrap_or(0),
            bonus,
            minutes,
            reduction: u32::try_from(e.cold.reduction).unwrap_or(0),
            depth_m: depth,
            protection,
            adapted: false,
        };
        tests.extend(
            swim.tests()
                .into_iter()
                .filter(|(minute, _)| *minute > before)
                .map(|(_, test)| JourneyTest {
                    hour: i + 1,
                    cause: TestCause::ColdWater,
                    tg: test.tg,
                    exhaustion: test,
                }),
        );
    }
    tests
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

/// Every route of the journey planned as if it were chosen.
pub fn compare_routes(data: &CampaignData, journey: &Journey) -> Vec<RouteFigures> {
    (0..journey.plan.routes.len())
        .map(|i| {
            let mut alt = journey.clone();
            alt.plan.chosen = i;
            alt.played_hours = 0;
            let view = plan(data, &alt);
            let food = food_ledger(data, &alt, &view);
            let characters = || view.days.iter().flat_map(|d| &d.characters);
            RouteFigures {
                name: journey.plan.routes[i].name.clone(),
                road_hours: view.road_hours,
                days: view.days.len(),
                tests: characters().map(|c| c.tests.len()).sum(),
                expected_exhaustion: characters().map(|c| c.forecast.expected_exhaustion).sum(),
                food_units: food
                    .days
                    .iter()
                    .flat_map(|d| &d.entries)
                    .map(|e| e.planned)
                    .sum(),
            }
        })
        .collect()
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
