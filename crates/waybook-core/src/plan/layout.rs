//! Laying a journey out day by day: each day's hours from the pattern (or
//! the pattern the day kept) and the GM's changes, the party walking the
//! road hour by hour, and what each character does in each hour (travel,
//! camp, their turn of the watch, rest, or the GM's own choice).

use super::adapter::{Forecasts, character_day};
use super::skies::Skies;
use super::{CharacterDay, JourneyPlanView, PlanDay, RoadHour, Slot, TheMap, members};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use waybook_rules::forecast::{self, Forecast};

use crate::model::{
    Activity, CampaignData, Character, CharacterId, DayChange, DayPattern, Journey, NoProgress,
    RegionId, Temperature, Weather, weather_at,
};

/// What a plan lays each day out with: the party, the day's length, the
/// forecasts made so far and the weather of the regions.
struct Layer<'a> {
    members: &'a [&'a Character],
    day_hours: i64,
    forecasts: Forecasts,
    skies: Skies<'a>,
}

impl Layer<'_> {
    /// A day in each weather it may have: its hours and tests in the
    /// likeliest, each character's forecast and the food weighed over all
    /// by their chances. The day's way does not hang on its weather: it is
    /// walked once to see the regions it crosses, then again in each
    /// weather it may have (unless it knows none).
    fn day(
        &mut self,
        walk: &mut Walk,
        rules: &mut DayRules<'_>,
        last_night: Option<&DayLayout>,
        (index, date, hours): (i64, i64, std::ops::Range<i64>),
    ) -> Option<(PlanDay, DayLayout)> {
        let set_out = (walk.next, walk.place);
        // Walked with no region's weather: the day itself when it knows none.
        let mut unweathered = Some(day_slots(walk, rules, hours.clone()));
        let crossed: BTreeSet<RegionId> = (unweathered.iter())
            .flat_map(|(slots, _)| slots)
            .filter_map(|s| s.place.region)
            .collect();
        let (weather, outcomes) = self.skies.day(date, &crossed);
        let likeliest = self.skies.likeliest(&outcomes);
        let mut planned = Vec::with_capacity(outcomes.len());
        for (chance, regions) in outcomes {
            let walked = unweathered.take().filter(|_| regions.is_empty());
            let (slots, layout) = walked.unwrap_or_else(|| {
                (walk.next, walk.place) = set_out;
                rules.regions = regions;
                day_slots(walk, rules, hours.clone())
            });
            let characters: Vec<CharacterDay> = (self.members.iter())
                .map(|c| {
                    let activities = activities(rules, &slots, &layout, last_night, c.id);
                    character_day(c, &slots, activities, self.day_hours, &mut self.forecasts)
                })
                .collect();
            planned.push((chance, slots, layout, characters));
        }
        let food_factor = (planned.iter())
            .map(|(chance, slots, ..)| chance * f64::from(food_multiplier(slots)))
            .sum();
        let mixed: Vec<Option<Arc<Forecast>>> = (0..self.members.len())
            .map(|i| {
                let parts: Vec<(f64, &Forecast)> = (planned.iter())
                    .filter_map(|(chance, .., characters)| {
                        Some((*chance, characters.get(i)?.forecast.as_ref()))
                    })
                    .collect();
                (parts.len() > 1).then(|| Arc::new(forecast::mixed(&parts)))
            })
            .collect();
        // The likeliest weather's hours and tests are the day's to show.
        let (_, slots, layout, mut characters) = planned.into_iter().next()?;
        for (c, forecast) in characters.iter_mut().zip(mixed) {
            if let Some(forecast) = forecast {
                c.forecast = forecast;
            }
        }
        let day = PlanDay {
            index,
            date,
            travel_hours: slots.iter().filter(|s| s.road.is_some()).count() as i64,
            multiplier: food_multiplier(&slots),
            food_factor,
            weather,
            walked_again: false,
            likeliest,
            slots,
            characters,
        };
        Some((day, layout))
    }
}

/// A plan that never reaches its destination (no travel hours, say) is laid
/// out for a year and no more.
pub const MAX_DAYS: i64 = 366;

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

/// The party's progress along the road.
struct Walk {
    road: Vec<RoadHour>,
    next: usize,
    /// Where the party is: the last road hour reached.
    place: RoadHour,
}

impl Walk {
    fn arrived(&self) -> bool {
        self.next >= self.road.len()
    }

    /// The road hour the party walks next, none on arrival.
    fn ahead(&self) -> Option<RoadHour> {
        self.road.get(self.next).copied()
    }
}

/// One day as the pattern and the GM's changes make it.
struct DayRules<'a> {
    change: DayChange,
    pattern: DayPattern,
    watchers: &'a [CharacterId],
    day_hours: i64,
    /// The weather of this day in the regions the road crosses, where rolled.
    regions: BTreeMap<RegionId, Temperature>,
}

/// Lays the journey out day by day until the route is travelled (or, if it
/// never gets there, for [`MAX_DAYS`]).
pub fn plan(data: &CampaignData, journey: &Journey) -> JourneyPlanView {
    plan_with_weather(data, journey, &[], data.settings.clock.day)
}

/// [`plan`], with `rolled` weather read before the campaign's and the
/// weather of every day through `known_through` as it fell: the days a
/// step is about to play, rolled in the same step.
pub fn plan_with_weather(
    data: &CampaignData,
    journey: &Journey,
    rolled: &[Weather],
    known_through: i64,
) -> JourneyPlanView {
    let day_hours = data.settings.day_hours.max(1);
    // A year's days walk at most a year's hours: one more than that says
    // the road goes on, and the work stays a year's however long the road.
    let most = usize::try_from(MAX_DAYS * day_hours + 1).unwrap_or(usize::MAX);
    let map = TheMap::of(data, &journey.plan);
    let (road, total) = journey.route().map_or((Vec::new(), 0), |r| {
        // The speeds the party goes at, with what it has (its mounts,
        // its vehicles, its load).
        let methods = &super::gear::methods(data, journey);
        (
            map.road_hours(r, methods, most),
            map.route_hours(r, methods),
        )
    });
    let members = members(data, journey);
    let watchers = super::on_watch(data, journey);
    let mut lay = Layer {
        members: &members,
        day_hours,
        forecasts: Forecasts::default(),
        skies: Skies::new(data, rolled, known_through),
    };
    let mut walk = Walk {
        place: road.first().copied().unwrap_or_else(RoadHour::nowhere),
        road,
        next: 0,
    };
    let mut days = Vec::new();
    // Rounds Backtracked added to the path being walked, still to walk.
    let mut owed = 0i64;
    let mut last_night: Option<DayLayout> = None;
    let mut index = 0i64;
    let (mut date, mut first_hour) = (
        journey.start.day,
        journey.start.hour.clamp(0, day_hours - 1),
    );
    // Where the journey was left and went on later, in order.
    let mut resumed = journey.plan.resumed.clone();
    resumed.sort_by_key(|r| r.after_hours);
    let mut resumed = resumed.into_iter().peekable();
    let mut laid = 0i64;
    while !walk.arrived() && index < MAX_DAYS {
        let change = journey.plan.days.get(&index).cloned().unwrap_or_default();
        while let Some(r) = resumed.next_if(|r| r.after_hours <= laid) {
            (date, first_hour) = (r.at.day, r.at.hour.clamp(0, day_hours - 1));
        }
        // A day the journey was left in ends there.
        let end_hour = resumed
            .peek()
            .map(|r| first_hour + r.after_hours - laid)
            .filter(|end| *end < day_hours);
        let mut rules = DayRules {
            pattern: change
                .pattern
                .clone()
                .unwrap_or_else(|| journey.plan.pattern.clone()),
            change,
            watchers: &watchers,
            day_hours,
            regions: BTreeMap::new(),
        };
        let set_out = (walk.next, walk.place);
        let on_a_round = walk.road.get(walk.next).is_some_and(|h| h.round.is_some());
        let no_progress = rules.change.no_progress;
        let Some((mut day, layout)) = lay.day(
            &mut walk,
            &mut rules,
            last_night.as_ref(),
            (index, date, first_hour..end_hour.unwrap_or(day_hours)),
        ) else {
            break;
        };
        laid += day.slots.len() as i64;
        // A round that made no progress is walked again the next day; one
        // Backtracked adds a round more, walked again on the next round's day.
        if on_a_round && (no_progress.is_some() || owed > 0) {
            (walk.next, walk.place) = set_out;
            day.walked_again = true;
            match no_progress {
                None => owed -= 1,
                Some(NoProgress::Held) => {}
                Some(NoProgress::Backtracked) => owed += 1,
            }
        }
        days.push(day);
        last_night = Some(layout);
        index += 1;
        if end_hour.is_none() {
            (date, first_hour) = (date + 1, 0);
        }
    }
    JourneyPlanView {
        road_hours: usize::try_from(total).unwrap_or(usize::MAX),
        arrives: walk.arrived(),
        days,
        abyss: abyss_warnings(journey, &members),
    }
}

/// "Characters cannot descend below 500m without suitable equipment or
/// adaptations": each leg that swims there, with who is not adapted.
fn abyss_warnings(journey: &Journey, members: &[&crate::model::Character]) -> Vec<String> {
    use waybook_rules::travel::march::ABYSS_M;
    let exposed: Vec<&str> = members
        .iter()
        .filter(|c| !c.exploration.depth_adapted)
        .map(|c| c.name.as_str())
        .collect();
    let Some(route) = journey.route() else {
        return Vec::new();
    };
    if exposed.is_empty() {
        return Vec::new();
    }
    route
        .legs
        .iter()
        .filter(|leg| {
            leg.depth_m >= i64::from(ABYSS_M)
                && journey.plan.methods.get(leg.method).is_some_and(|m| m.swimming)
        })
        .map(|leg| {
            format!(
                "{} goes to {} m, below {ABYSS_M} m: Doom 1 and +1 each turn for {} (not adapted), and the Doom and exhaustion gained there stay until they rise above {ABYSS_M} m",
                leg.name,
                leg.depth_m,
                exposed.join(", ")
            )
        })
        .collect()
}

/// The day's hours from `first_hour`: travel from the start hour while the
/// road lasts, then camp; on arrival the day ends with the evening's camp.
fn day_slots(
    walk: &mut Walk,
    rules: &DayRules<'_>,
    hours: std::ops::Range<i64>,
) -> (Vec<Slot>, DayLayout) {
    let first_hour = hours.start;
    let day_hours = rules.day_hours;
    let start = rules
        .pattern
        .start_hour
        .clamp(0, day_hours - 1)
        .max(first_hour);
    let travel_hours = rules
        .change
        .travel_hours
        .unwrap_or(rules.pattern.travel_hours)
        .max(0);
    let mut layout = DayLayout {
        travel: start..(start + travel_hours).min(day_hours),
        camp_end: 0,
    };
    let mut slots = Vec::new();
    // A travel round is a day: it sets off at the day's setting-off hour,
    // goes on until the round is done, and the day's travel ends with it.
    let mut round_done = false;
    for hour in hours {
        let travelled = walk.ahead().filter(|ahead| {
            !round_done
                && match ahead.round {
                    Some(r) if r.first => hour == start && !layout.travel.is_empty(),
                    Some(_) => hour >= start,
                    None => layout.travel.contains(&hour),
                }
        });
        if let Some(ahead) = travelled {
            round_done = ahead.round.is_some_and(|r| r.last);
            walk.place = ahead;
        }
        let on_road = travelled.is_some();
        let mut here = walk.place;
        // The region's weather of the day, else the leg's, within the leg's
        // hours; the day's change within its own.
        if let Some(t) = here.region.and_then(|r| rules.regions.get(&r)) {
            here.temperature = *t;
        }
        here.temperature = weather_at(here.temperature, here.weather_hours, hour);
        if let Some(t) = rules.change.temperature
            && rules.change.weather_hours.is_none_or(|w| w.contains(hour))
        {
            here.temperature = t;
        }
        slots.push(Slot {
            hour,
            road: on_road.then_some(walk.next),
            place: here,
        });
        if on_road {
            walk.next += 1;
        }
    }
    let camp_hours = rules.pattern.camp_hours.max(0);
    let in_a_round = |s: &&Slot| {
        (s.road.and_then(|i| walk.road.get(i))).is_some_and(|hour| hour.round.is_some())
    };
    if let Some(last) = slots.iter().rev().find(in_a_round) {
        // The day's travel was its round's: it ends when the round does.
        layout.travel.end = last.hour + 1;
    }
    if walk.arrived() {
        // Arrived: the travel ends with the road, then the evening's camp.
        let arrival = slots
            .iter()
            .rev()
            .find(|s| s.road.is_some())
            .map_or(start, |s| s.hour + 1);
        layout.travel.end = layout.travel.end.min(arrival);
        slots.retain(|s| s.hour < arrival + camp_hours);
    }
    layout.camp_end = layout.travel.end + camp_hours;
    (slots, layout)
}

/// 2 when any hour is extremely cold or hot, else 1.
fn food_multiplier(slots: &[Slot]) -> u32 {
    let hottest = (slots.iter())
        .map(|s| s.place.temperature)
        .find(|t| *t != Temperature::Normal)
        .unwrap_or_default();
    waybook_rules::travel::rations::day_multiplier(hottest)
}

/// What one character does in each slot: the GM's choice for that hour, else
/// travel on the road, else what the pattern gives.
fn activities(
    rules: &DayRules<'_>,
    slots: &[Slot],
    today: &DayLayout,
    last_night: Option<&DayLayout>,
    who: CharacterId,
) -> Vec<Activity> {
    // The GM's hours for this character, read once for the day.
    let chosen: BTreeMap<i64, Activity> = rules
        .change
        .hours
        .iter()
        .filter_map(|(key, activity)| Some((DayChange::hour_of(key, who)?, *activity)))
        .collect();
    slots
        .iter()
        .map(|s| match (chosen.get(&s.hour), s.road) {
            (Some(activity), _) => *activity,
            (None, Some(_)) => Activity::Travel,
            (None, None) => pattern_activity(rules, today, last_night, who, s.hour),
        })
        .collect()
}

/// What a character does in an hour the road does not take: camp after the
/// travel, their turn of the watch (tonight's, or last night's in the small
/// hours), else rest.
fn pattern_activity(
    rules: &DayRules<'_>,
    today: &DayLayout,
    last_night: Option<&DayLayout>,
    who: CharacterId,
    hour: i64,
) -> Activity {
    if today.travel.contains(&hour) {
        return Activity::Travel;
    }
    if (today.travel.end..today.camp_end).contains(&hour) {
        return Activity::Camp;
    }
    let into_watch = match last_night {
        Some(night) if hour < today.travel.start => hour + rules.day_hours - night.watch_start(),
        _ => hour - today.watch_start(),
    };
    let (watchers, watch_hours) = (rules.watchers, rules.pattern.watch_hours);
    if !watchers.is_empty() && (0..watch_hours).contains(&into_watch) {
        let turn = (into_watch * watchers.len() as i64 / watch_hours.max(1)) as usize;
        if watchers.get(turn) == Some(&who) {
            return Activity::Watch;
        }
    }
    Activity::Rest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(watchers: &[CharacterId]) -> DayRules<'_> {
        DayRules {
            change: DayChange::default(),
            pattern: DayPattern {
                start_hour: 7,
                travel_hours: 8,
                camp_hours: 2,
                watch_hours: 6,
                watchers: watchers.to_vec(),
            },
            watchers,
            day_hours: 24,
            regions: BTreeMap::new(),
        }
    }

    const TODAY: DayLayout = DayLayout {
        travel: 7..15,
        camp_end: 17,
    };

    /// Travel from the start hour, then camp, then the watch in turn from
    /// two hours after camp; last night's watch runs into the small hours.
    #[test]
    fn the_pattern_gives_travel_camp_then_the_watch_in_turn() {
        let (a, b) = (CharacterId(1), CharacterId(2));
        let watchers = [a, b];
        let r = rules(&watchers);
        let at = |who, hour| pattern_activity(&r, &TODAY, Some(&TODAY), who, hour);
        assert_eq!(at(a, 8), Activity::Travel);
        assert_eq!(at(a, 15), Activity::Camp);
        assert_eq!(at(a, 18), Activity::Rest, "the watch starts at 19");
        assert_eq!((at(a, 19), at(b, 19)), (Activity::Watch, Activity::Rest));
        assert_eq!((at(a, 22), at(b, 22)), (Activity::Rest, Activity::Watch));
        assert_eq!(at(b, 0), Activity::Watch, "19:00 + 6 h runs past midnight");
        assert_eq!(at(b, 1), Activity::Rest);
    }

    #[test]
    fn the_road_ends_the_day_early_on_arrival_with_the_evenings_camp() {
        let road = vec![RoadHour::nowhere(); 3];
        let mut walk = Walk {
            place: road[0],
            road,
            next: 0,
        };
        let (slots, layout) = day_slots(&mut walk, &rules(&[]), 0..24);
        assert!(walk.arrived());
        assert_eq!(layout.travel, 7..10, "three hours of road from 07:00");
        assert_eq!(slots.last().map(|s| s.hour), Some(11), "then two of camp");
        assert_eq!(slots.iter().filter(|s| s.road.is_some()).count(), 3);
    }
}
