//! Playing a journey out: hour by hour, every test the plan calls for is
//! rolled through the dice source and its working logged; exhaustion goes
//! onto the characters; at each day's end they eat from their packs and the
//! stash (whole items), the days without food move, hunger and long rests
//! apply; the campaign clock follows. Each step is one undoable edit.
//! Hours without tests are logged a run at a time
//! ([`crate::model::quiet_runs`]), not an hour a line.
//!
//! Readings: a day with at least [`LONG_REST_HOURS`] hours of rest or camp
//! ends with a long rest, which removes the campaign's long-rest degrees but
//! never hunger's degrees until a day of full rations. Food is eaten in whole
//! items (a ration is not split), so a day may use a little more than needed.

use super::food::{Meal, Pools, eat, endurance};
use super::{JourneyPlanView, PlanDay, members, plan, plan_with_weather};
use crate::model::{
    CampaignData, Change, Character, CharacterId, ClockTime, Edit, Gained, Journey, Settings,
};
use crate::plan;
use crate::world::{present, weather};
use std::collections::BTreeMap;
use waybook_rules::dice::Dice;
use waybook_rules::travel::rations::Status;

/// Eight hours of rest or camp, in the day's length of hours ending with the
/// day, make a long rest.
pub const LONG_REST_HOURS: usize = 8;

/// Why a journey could not be played on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// Not a failure: there is nothing left to play.
    #[error("{journey} has reached its destination")]
    Arrived { journey: String },
    #[error("the plan has no hour {0}")]
    NoSuchHour(i64),
    #[error("a roll could not be made: {0}")]
    Dice(#[from] waybook_rules::dice::DiceError),
    #[error("{0}'s food cannot be worked out: {1}")]
    Food(String, waybook_rules::RuleError),
    #[error("the weather cannot be rolled: {0}")]
    Weather(#[from] crate::world::weather::WeatherError),
    /// The plan's next hour lies before its party's present: the days
    /// before it are history, and playing never moves a present back.
    #[error("{}", behind_words(&next.to_string(), &clock.to_string(), *.begun))]
    BehindTheClock {
        next: ClockTime,
        clock: ClockTime,
        /// Whether any of the journey has been played.
        begun: bool,
    },
    /// With both travel texts on, a day on a map path is that path's
    /// travel round: its hours are played when the round's camp is made.
    #[error(
        "this day is the travel round along {path}: play the round on the Travel screen, and its hours are played with the night's camp"
    )]
    TheRound { path: String },
    /// The party is on another trip, begun and not ended: a party lives
    /// each day once, so this one waits until that one ends.
    #[error("{0}. Play it to its end first: this journey sets off after it")]
    OnAnotherTrip(String),
    /// The party lacks what its way of travelling needs (a mount, a
    /// vehicle and its team), or brings a vehicle a leg's ground refuses.
    #[error("{0}")]
    Gear(String),
}

impl PlayError {
    /// The refusal in words, its times named as the campaign's calendar
    /// names them.
    pub fn in_words(&self, settings: &Settings) -> String {
        match self {
            PlayError::BehindTheClock { next, clock, begun } => {
                behind_words(&settings.when(*next), &settings.when(*clock), *begun)
            }
            other => other.to_string(),
        }
    }
}

fn behind_words(next: &str, clock: &str, begun: bool) -> String {
    if begun {
        format!(
            "the journey was left at {next} and the party has moved on to {clock} since; the hours between are history: go on from now"
        )
    } else {
        format!(
            "the plan sets off at {next}, before the party's present ({clock}); the days before it are history: set it off now"
        )
    }
}

/// When the journey's next hour is played, if anything is left: the plan's
/// next hour, or its party's present where the plan's lies before it.
pub fn next_to_play(
    data: &CampaignData,
    journey: &Journey,
    view: &JourneyPlanView,
) -> Option<ClockTime> {
    (journey.played_hours < view.total_hours())
        .then(|| view.clock_at(journey.played_hours))
        .flatten()
        .map(|next| next.max(present::now_of(data, Some(journey.party))))
}

/// Why the journey cannot be played on now, if it cannot: it has arrived,
/// its party is on another trip or lacks what its way needs, or its next
/// hour lies before its party's present.
pub fn why_not(
    data: &CampaignData,
    journey: &Journey,
    view: &JourneyPlanView,
) -> Option<PlayError> {
    if journey.played_hours >= view.total_hours() {
        return Some(PlayError::Arrived {
            journey: journey.name.clone(),
        });
    }
    if let Some(busy) = plan::on_another_trip(data, journey.party, Some(journey.id)) {
        return Some(PlayError::OnAnotherTrip(busy));
    }
    if let Some(lack) = plan::gear::gear(data, journey).refusals.into_iter().next() {
        return Some(PlayError::Gear(lack));
    }
    let next = view.clock_at(journey.played_hours)?;
    let clock = present::now_of(data, Some(journey.party));
    if next < clock {
        return Some(PlayError::BehindTheClock {
            next,
            clock,
            begun: journey.played_hours > 0,
        });
    }
    round_of_the_day(data, journey, view).map(|(path, _)| PlayError::TheRound {
        path: path.name.clone(),
    })
}

/// The map path whose travel round the day of the journey's next hour is,
/// and the leg's way along it, when both travel texts are on and the day
/// walks a round of it.
pub fn round_of_the_day<'a>(
    data: &'a CampaignData,
    journey: &Journey,
    view: &JourneyPlanView,
) -> Option<(&'a crate::model::MapPath, crate::model::Along)> {
    let both = data.settings.both_travel_texts();
    let (d, _) = view.locate(journey.played_hours).filter(|_| both)?;
    let hour =
        (view.days.get(d)?.slots.iter()).find(|s| s.road.is_some() && s.place.round.is_some())?;
    let along = journey.route()?.legs.get(hour.place.leg)?.path?;
    Some((data.paths.get(&along.path)?, along))
}

/// The edit that moves a journey's unplayed hours to the campaign clock
/// when its next hour has passed: one not yet begun sets off now (its days
/// move together); one left partway goes on from now, the hours between
/// kept as the party's to spend otherwise. None when its next hour is not
/// before the clock, or nothing is left to play. `view` is the journey's
/// plan.
pub fn set_off_now(data: &CampaignData, journey: &Journey, view: &JourneyPlanView) -> Option<Edit> {
    let after = moved_to_now(data, journey, view)?;
    let label = if journey.played_hours == 0 {
        format!("Set {} off now", journey.name)
    } else {
        format!("Go on with {} from now", journey.name)
    };
    Some(Edit::new(
        label,
        vec![Change::journey(Some(journey), Some(&after))],
    ))
}

/// The journey as [`set_off_now`] leaves it; `view` is its plan.
pub fn moved_to_now(
    data: &CampaignData,
    journey: &Journey,
    view: &JourneyPlanView,
) -> Option<Journey> {
    let clock = present::now_of(data, Some(journey.party));
    let mut after = journey.clone();
    if journey.played_hours == 0 {
        if journey.start >= clock {
            return None;
        }
        after.start = clock;
    } else {
        let next = view.clock_at(journey.played_hours)?;
        if next >= clock {
            return None;
        }
        after.plan.resumed.push(crate::model::Resumed {
            after_hours: journey.played_hours,
            at: clock,
        });
    }
    Some(after)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    NextHour,
    EndOfDay,
    Destination,
    /// Through the day and the night after it, to the hour the party
    /// next sets off on the road (the destination, if it never does).
    NextSetOff,
}

/// The state a step changes, copied from the campaign.
struct Play<'a> {
    data: &'a CampaignData,
    characters: BTreeMap<CharacterId, Character>,
    /// The party's food, eaten as the plan's ledger eats it.
    pools: Pools,
    log: Vec<String>,
    /// Food units left in packs and stash at the end of each day played.
    food_left: Vec<f64>,
    /// Food units each day played took from packs and stash.
    food_opened: Vec<f64>,
    gained: Vec<Gained>,
}

/// Plays the journey on to `until`. Returns the edit that applies it, or
/// why it cannot (nothing left to play is [`PlayError::Arrived`]).
pub fn advance(
    data: &CampaignData,
    journey: &Journey,
    until: Until,
    dice: &mut Dice,
) -> Result<Edit, PlayError> {
    let view = plan(data, journey);
    if let Some(refusal) = why_not(data, journey, &view) {
        return Err(refusal);
    }
    play_on(data, journey, view, until, dice, true)
}

/// Plays the journey on from its next hour to `until`, with its plan
/// `view`; `moves_party`: the trip moves its party along the map (a travel
/// round that is the day moves it itself).
pub(super) fn play_on(
    data: &CampaignData,
    journey: &Journey,
    view: JourneyPlanView,
    until: Until,
    dice: &mut Dice,
    moves_party: bool,
) -> Result<Edit, PlayError> {
    let total = view.total_hours();
    let from = journey.played_hours;
    let to = played_to(&view, from, until)?;
    // The weather of every region up to the last day played, rolled now
    // where it is not yet, so the hours are played in it and it is kept.
    let now = present::now_of(data, Some(journey.party));
    let last_day = view.clock_at(to - 1).map_or(now.day, |t| t.day);
    let rolled = weather::roll_through(data, last_day, dice)?;
    // The days played are played in their weather as it fell, never in
    // the forecast's chances.
    let view = if rolled.is_empty() && last_day <= data.settings.clock.day {
        view
    } else {
        plan_with_weather(data, journey, &rolled, last_day)
    };
    let characters: BTreeMap<CharacterId, Character> = members(data, journey)
        .into_iter()
        .map(|c| (c.id, c.clone()))
        .collect();
    let mut play = Play {
        data,
        pools: Pools::new(data, &data.holdings, journey, characters.keys().copied()),
        characters,
        log: Vec::new(),
        food_left: Vec::new(),
        food_opened: Vec::new(),
        gained: Vec::new(),
    };
    for n in from..to {
        play.hour(&view, journey, n, dice)?;
    }
    let mut changes: Vec<Change> = weather::edit_of(data, "", &rolled).changes;
    changes.extend(play.pools.changes(data, &play.characters));
    let clock = match view.clock_at(to) {
        Some(t) => t,
        None => view
            .clock_at(to - 1)
            .map_or(now, |t| t.plus(1, data.settings.day_hours)),
    };
    let mut after = journey.clone();
    if after.food_left.is_empty() {
        // Day 0 of the played line: what the party set off with.
        after
            .food_left
            .push(plan::food_ledger(data, journey, &view).units_at_start);
    }
    after.played_hours = to;
    let road_played = view.road_hours_played(to);
    keep_legs_as_played(data, &mut after, road_played);
    // The party lives the hours played: its present moves on to the
    // next hour, and the campaign's clock with it when it passes it.
    let mut settings = data.settings.clone();
    if let Some(party) = data.parties.get(&journey.party) {
        let mut moved = party.clone();
        present::move_to(Some(&mut moved), &mut settings, clock);
        if let Some(travel) =
            plan::position::after_road(data, &after, road_played).filter(|_| moves_party)
        {
            moved.travel = travel;
        }
        changes.push(Change::of(Some(party), Some(&moved)));
    }
    if settings != data.settings {
        changes.push(Change::of(Some(&data.settings), Some(&settings)));
    }
    after.log.extend(crate::model::quiet_runs(&play.log));
    after.food_left.extend(play.food_left);
    after.food_opened.extend(play.food_opened);
    after.exhaustion_gained.extend(play.gained);
    if to == total && view.arrives {
        after.log.push(format!(
            "{} · {} reaches the destination.",
            clock.stamp(),
            journey.name
        ));
    }
    changes.push(Change::journey(Some(journey), Some(&after)));
    let label = match until {
        Until::NextHour => "Play one hour",
        Until::EndOfDay => "Play to the end of the day",
        Until::Destination => "Play to the destination",
        Until::NextSetOff => "Play to the next setting off",
    };
    Ok(Edit::new(format!("{label} of {}", journey.name), changes))
}

/// The hour of the plan playing from `from` to `until` stops before.
fn played_to(view: &JourneyPlanView, from: i64, until: Until) -> Result<i64, PlayError> {
    let total = view.total_hours();
    Ok(match until {
        Until::NextHour => from + 1,
        Until::Destination => total,
        Until::EndOfDay => {
            let (day, _) = view.locate(from).ok_or(PlayError::NoSuchHour(from))?;
            (view.days.iter().take(day + 1))
                .map(|d| d.slots.len() as i64)
                .sum()
        }
        Until::NextSetOff => {
            let (day, _) = view.locate(from).ok_or(PlayError::NoSuchHour(from))?;
            let (to_day, after_day) =
                (view.days.split_at_checked(day + 1)).ok_or(PlayError::NoSuchHour(from))?;
            let end: i64 = to_day.iter().map(|d| d.slots.len() as i64).sum();
            let after = after_day.iter().flat_map(|d| &d.slots);
            after
                .take_while(|s| s.road.is_none())
                .count()
                .try_into()
                .map_or(total, |waiting: i64| (end + waiting).min(total))
        }
    })
}

impl Play<'_> {
    fn hour(
        &mut self,
        view: &JourneyPlanView,
        journey: &Journey,
        n: i64,
        dice: &mut Dice,
    ) -> Result<(), PlayError> {
        let (d, s) = view.locate(n).ok_or(PlayError::NoSuchHour(n))?;
        let (day, slot) = view.day_and_slot(d, s).ok_or(PlayError::NoSuchHour(n))?;
        let when = ClockTime {
            day: day.date,
            hour: slot.hour,
        }
        .stamp();
        let tested = day
            .characters
            .iter()
            .any(|cd| cd.tests.iter().any(|t| t.hour == s + 1));
        if !tested {
            let doing = if slot.road.is_some() {
                "on the road"
            } else {
                "off the road"
            };
            self.log.push(crate::model::quiet_hour(&when, doing));
        }
        for cd in &day.characters {
            let Some(c) = self.characters.get_mut(&cd.character) else {
                continue;
            };
            let bonus = i32::try_from(c.exploration.endurance_bonus()).unwrap_or(0);
            for test in cd.tests.iter().filter(|t| t.hour == s + 1) {
                let (rolled, d20) = test.exhaustion.roll(dice, bonus)?;
                c.exploration.exhaustion += i64::from(rolled.exhaustion);
                if rolled.exhaustion > 0 {
                    self.gained.push(Gained {
                        day: day.index,
                        character: cd.character,
                        degrees: i64::from(rolled.exhaustion),
                    });
                }
                let gained = match rolled.exhaustion {
                    0 => String::new(),
                    n => format!(", +{n} exhaustion"),
                };
                self.log.push(format!(
                    "{when} · {} · {}{gained}",
                    c.name,
                    d20.record(test.cause.as_str(), Some(test.tg))
                ));
            }
        }
        if s + 1 == day.slots.len() {
            self.end_of_day(journey, (d, day), view, &when)?;
        }
        Ok(())
    }

    fn end_of_day(
        &mut self,
        journey: &Journey,
        (d, day): (usize, &PlanDay),
        view: &JourneyPlanView,
        when: &str,
    ) -> Result<(), PlayError> {
        let ration = journey
            .plan
            .days
            .get(&day.index)
            .and_then(|c| c.ration)
            .unwrap_or_default();
        let long_rest = self.data.settings.long_rest_degrees;
        let track_food = self.data.settings.track_food;
        let mut opened = 0.0;
        (self.pools).graze(super::food::grazing_on(self.data, journey, day));
        for cd in &day.characters {
            let Some(c) = self.characters.get(&cd.character) else {
                continue;
            };
            let required = super::food::required(c, f64::from(day.multiplier));
            let want = super::food::planned_units(required, ration);
            // Whole items are opened; what is beyond the ration is not kept.
            let meal = track_food.then(|| self.pools.take(cd.character, want));
            opened += meal.map_or(0.0, |m| m.opened);
            let Some(c) = self.characters.get_mut(&cd.character) else {
                continue;
            };
            let mut line = if let Some(meal) = meal {
                eat_the_day(c, meal, required, f64::from(day.multiplier), when)
                    .map_err(|e| PlayError::Food(c.name.clone(), e))?
            } else {
                format!("{when} · {} is looked after (food is not counted)", c.name)
            };
            let e = &mut c.exploration;
            if rest_in_last_day(view, d, cd.character, self.data.settings.day_hours)
                >= LONG_REST_HOURS
            {
                let removable = (e.exhaustion - e.starvation - e.hazards.held_exhaustion).max(0);
                let removed = removable.min(long_rest);
                e.exhaustion -= removed;
                if removed > 0 {
                    line.push_str(&format!("; a long rest removes {removed} exhaustion"));
                }
            }
            self.log.push(line);
        }
        let left = self.pools.total();
        self.food_left.push(left);
        self.food_opened.push(opened);
        Ok(())
    }
}

/// A character eats a day's food through the rules: days without food,
/// hunger's degree; the log line says what was eaten and what it did.
pub(super) fn eat_the_day(
    c: &mut Character,
    Meal {
        opened,
        eaten,
        short_of,
        grazed,
    }: Meal,
    required: f64,
    day_multiplier: f64,
    when: &str,
) -> Result<String, waybook_rules::RuleError> {
    let result = eat(c, c.exploration.days_without_food, eaten, day_multiplier)?;
    let limit = waybook_rules::travel::rations::days_without_limit(endurance(c));
    let e = &mut c.exploration;
    e.days_without_food = result.days_without;
    e.exhaustion += i64::from(result.exhaustion);
    e.starvation += i64::from(result.exhaustion);
    if result.status == Status::Full {
        e.starvation = 0;
    }
    let units = crate::model::decimal;
    let mut line = if grazed {
        format!(
            "{when} · {} grazes: {} units from the land (house rule)",
            c.name,
            units(required)
        )
    } else {
        format!(
            "{when} · {} eats {} of {} units ({})",
            c.name,
            units(eaten),
            units(required),
            result.status
        )
    };
    if let Some(short) = short_of {
        line.push_str(&format!(", short of {short}"));
    }
    if opened > eaten + 0.005 {
        // Whole items are opened: the rest of the last one is not kept,
        // and the ledger's waste column counts it.
        line.push_str(&format!(
            ", opening {} units: {} left over, not kept",
            units(opened),
            units(opened - eaten)
        ));
    }
    if result.exhaustion > 0 {
        line.push_str(&format!(
            ", past the limit of {} without food: +1 exhaustion",
            crate::model::plural(limit, "day")
        ));
    }
    Ok(line)
}

/// Keeps every leg the party has set out on as it was travelled (its way
/// of travelling, and the ground and rounds of the path it follows), so a
/// speed or a path changed later does not rewrite the hours already played.
fn keep_legs_as_played(data: &CampaignData, journey: &mut Journey, road_hours_played: usize) {
    let map = plan::TheMap::of(data, &journey.plan);
    let methods = plan::gear::methods(data, journey);
    let Some(route) = journey.plan.routes.get_mut(journey.plan.chosen) else {
        return;
    };
    let mut leg_start = 0usize;
    for leg in &mut route.legs {
        if leg_start >= road_hours_played {
            break;
        }
        let hours = map.leg_hours(leg, &methods);
        if leg.played_as.is_none() {
            let rounds = map.path_of(leg).map(|p| map.rounds_of(leg, p));
            let mut kept = map.leg(leg).into_owned();
            kept.played_as = methods.get(leg.method).cloned();
            if let (Some(along), Some(rounds)) = (kept.path.as_mut(), rounds) {
                along.rounds = Some(rounds);
            }
            if map
                .path_of(leg)
                .is_some_and(|p| p.ground.distance_km <= 0.0)
                && map.rounds_on()
            {
                // Its rounds are days of the plan's travel hours, as played.
                kept.distance_km = 0.0;
            }
            *leg = kept;
        }
        leg_start = leg_start.saturating_add(usize::try_from(hours).unwrap_or(0));
    }
}

/// Hours of rest or camp a character had in the day's length of hours ending
/// with day `d`: a night's rest runs over midnight.
fn rest_in_last_day(view: &JourneyPlanView, d: usize, who: CharacterId, day_hours: i64) -> usize {
    let activities: Vec<crate::model::Activity> = (view.days.iter().take(d + 1))
        .flat_map(|day| day.characters.iter().filter(|c| c.character == who))
        .flat_map(|c| c.activities.iter().copied())
        .collect();
    let window = usize::try_from(day_hours).unwrap_or(24);
    activities
        .iter()
        .rev()
        .take(window)
        .filter(|a| {
            matches!(
                a,
                crate::model::Activity::Rest | crate::model::Activity::Camp
            )
        })
        .count()
}
