//! Playing a journey out: hour by hour, every test the plan calls for is
//! rolled through the dice source and its working logged; exhaustion goes
//! onto the characters; at each day's end they eat from their packs and the
//! stash (whole items), the days without food move, hunger and long rests
//! apply; the campaign clock follows. Each step is one undoable edit.
//!
//! Readings: a day with at least [`LONG_REST_HOURS`] hours of rest or camp
//! ends with a long rest, which removes the campaign's long-rest degrees but
//! never hunger's degrees until a day of full rations. Food is eaten in whole
//! items (a ration is not split), so a day may use a little more than needed.

use super::food::{eat, endurance};
use super::{JourneyPlanView, members, plan};
use crate::model::{
    CampaignData, Change, Character, CharacterId, Edit, FoodOrder, Holder, Holding, HoldingId,
    Journey, Settings,
};
use crate::plan;
use crate::rules::dice::Dice;
use crate::rules::travel::rations::{DAILY_UNITS, Status};
use std::collections::BTreeMap;

/// Eight hours of rest or camp, in the day's length of hours ending with the
/// day, make a long rest.
pub const LONG_REST_HOURS: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    NextHour,
    EndOfDay,
    Destination,
}

/// The state a step changes, copied from the campaign.
struct Play<'a> {
    data: &'a CampaignData,
    characters: BTreeMap<CharacterId, Character>,
    holdings: BTreeMap<HoldingId, Holding>,
    log: Vec<String>,
    /// Food units left in packs and stash at the end of each day played.
    food_left: Vec<f64>,
}

/// Plays the journey on to `until`. Returns the edit that applies it, or a
/// message when there is nothing left to play.
pub fn advance(
    data: &CampaignData,
    journey: &Journey,
    until: Until,
    dice: &mut Dice,
) -> Result<Edit, String> {
    let view = plan(data, journey);
    let total = view.total_hours();
    let from = journey.played_hours;
    if from >= total {
        return Err(format!("{} has reached its destination", journey.name));
    }
    let to = match until {
        Until::NextHour => from + 1,
        Until::Destination => total,
        Until::EndOfDay => {
            let (day, _) = view.locate(from).ok_or("the plan has no such hour")?;
            view.days[..=day].iter().map(|d| d.slots.len() as i64).sum()
        }
    };
    let mut play = Play {
        data,
        characters: members(data, journey)
            .into_iter()
            .map(|c| (c.id, c.clone()))
            .collect(),
        holdings: data.holdings.clone(),
        log: Vec::new(),
        food_left: Vec::new(),
    };
    for n in from..to {
        play.hour(&view, journey, n, dice)?;
    }
    let mut changes: Vec<Change> = play
        .characters
        .values()
        .filter_map(|after| {
            let before = data.characters.get(&after.id)?;
            (before != after).then(|| Change::character(Some(before), Some(after)))
        })
        .collect();
    changes.extend(holding_changes(&data.holdings, &play.holdings));
    let clock = match view.clock_at(to) {
        Some(t) => t,
        None => view
            .clock_at(to - 1)
            .map_or(data.settings.clock, |t| t.plus(1, data.settings.day_hours)),
    };
    changes.push(Change::Settings {
        before: data.settings.clone(),
        after: Settings {
            clock,
            ..data.settings.clone()
        },
    });
    let mut after = journey.clone();
    if after.food_left.is_empty() {
        // Day 0 of the played line: what the party set off with.
        after
            .food_left
            .push(plan::food_ledger(data, journey, &view).units_at_start);
    }
    after.played_hours = to;
    after.log.extend(play.log);
    after.food_left.extend(play.food_left);
    if to == total && view.arrives {
        after.log.push(format!(
            "{clock}: {} reaches the destination.",
            journey.name
        ));
    }
    changes.push(Change::journey(Some(journey), Some(&after)));
    let label = match until {
        Until::NextHour => "Play one hour",
        Until::EndOfDay => "Play to the end of the day",
        Until::Destination => "Play to the destination",
    };
    Ok(Edit::new(format!("{label} of {}", journey.name), changes))
}

impl Play<'_> {
    fn hour(
        &mut self,
        view: &JourneyPlanView,
        journey: &Journey,
        n: i64,
        dice: &mut Dice,
    ) -> Result<(), String> {
        let (d, s) = view.locate(n).ok_or("the plan has no such hour")?;
        let day = &view.days[d];
        let when = format!("Day {} {:02}:00", day.date, day.slots[s].hour);
        let tested = day
            .characters
            .iter()
            .any(|cd| cd.tests.iter().any(|t| t.hour == s + 1));
        if !tested {
            let doing = if day.slots[s].road.is_some() {
                "on the road"
            } else {
                "off the road"
            };
            self.log.push(format!("{when} · {doing}, no tests"));
        }
        for cd in &day.characters {
            let Some(c) = self.characters.get_mut(&cd.character) else {
                continue;
            };
            let bonus = i32::try_from(c.exploration.endurance_bonus()).unwrap_or(0);
            for test in cd.tests.iter().filter(|t| t.hour == s + 1) {
                let (rolled, d20) = test
                    .exhaustion
                    .roll(dice, bonus)
                    .map_err(|e| e.to_string())?;
                c.exploration.exhaustion += i64::from(rolled.exhaustion);
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
            self.end_of_day(journey, d, view, &when);
        }
        Ok(())
    }

    fn end_of_day(&mut self, journey: &Journey, d: usize, view: &JourneyPlanView, when: &str) {
        let day = &view.days[d];
        let ration = journey
            .plan
            .days
            .get(&day.index)
            .and_then(|c| c.ration)
            .unwrap_or_default();
        let long_rest = self.data.settings.long_rest_degrees;
        for cd in &day.characters {
            let required = DAILY_UNITS * f64::from(day.multiplier);
            let want = super::food::planned_units(required, ration);
            // Whole items are opened; what is beyond the ration is not kept.
            let opened = self.eat_from_holdings(journey, cd.character, want);
            let eaten = opened.min(want);
            let Some(c) = self.characters.get_mut(&cd.character) else {
                continue;
            };
            let result = eat(c, c.exploration.days_without_food, eaten, day.multiplier);
            let limit = crate::rules::travel::rations::days_without_limit(endurance(c));
            let e = &mut c.exploration;
            e.days_without_food = result.days_without;
            e.exhaustion += i64::from(result.exhaustion);
            e.starvation += i64::from(result.exhaustion);
            if result.status == Status::Full {
                e.starvation = 0;
            }
            let mut line = format!(
                "{when} · {} eats {eaten} of {required} units ({})",
                c.name, result.status
            );
            if opened > eaten {
                line.push_str(&format!(", opening {opened} units"));
            }
            if result.exhaustion > 0 {
                line.push_str(&format!(
                    ", past the limit of {limit} days without food: +1 exhaustion"
                ));
            }
            if rest_in_last_day(view, d, cd.character, self.data.settings.day_hours)
                >= LONG_REST_HOURS
            {
                let removable = (e.exhaustion - e.starvation).max(0);
                let removed = removable.min(long_rest);
                e.exhaustion -= removed;
                if removed > 0 {
                    line.push_str(&format!("; a long rest removes {removed} exhaustion"));
                }
            }
            self.log.push(line);
        }
        let party = journey.party;
        let left: i64 = self
            .holdings
            .values()
            .filter(|h| match h.holder {
                Holder::Stash(p) => p == party,
                Holder::Character(c) => self.characters.contains_key(&c),
            })
            .filter_map(|h| {
                self.data.items.get(&h.item).map(|i| {
                    if i.category.has_food_units() {
                        i.food_units * h.quantity
                    } else {
                        0
                    }
                })
            })
            .sum();
        self.food_left.push(left as f64);
    }

    /// Eats whole items of food and drink until `want` units are covered.
    fn eat_from_holdings(&mut self, journey: &Journey, who: CharacterId, want: f64) -> f64 {
        let pack = Holder::Character(who);
        let stash = Holder::Stash(journey.party);
        let sources = match journey.plan.food_order {
            FoodOrder::PackFirst => [pack, stash],
            FoodOrder::StashFirst => [stash, pack],
        };
        let mut eaten = 0.0;
        for holder in sources {
            let stacks: Vec<HoldingId> = self
                .holdings
                .values()
                .filter(|h| h.holder == holder)
                .filter(|h| {
                    self.data
                        .items
                        .get(&h.item)
                        .is_some_and(|i| i.category.has_food_units() && i.food_units > 0)
                })
                .map(|h| h.id)
                .collect();
            for id in stacks {
                while eaten < want {
                    let Some(h) = self.holdings.get_mut(&id).filter(|h| h.quantity > 0) else {
                        break;
                    };
                    let units = self.data.items.get(&h.item).map_or(0, |i| i.food_units);
                    eaten += units as f64;
                    h.quantity -= 1;
                    if h.quantity <= 0 {
                        self.holdings.remove(&id);
                        break;
                    }
                }
            }
        }
        eaten
    }
}

fn holding_changes(
    before: &BTreeMap<HoldingId, Holding>,
    after: &BTreeMap<HoldingId, Holding>,
) -> Vec<Change> {
    before
        .iter()
        .filter(|(id, h)| after.get(id) != Some(h))
        .map(|(id, h)| Change::Holding {
            before: Some(h.clone()),
            after: after.get(id).cloned(),
        })
        .collect()
}

/// Hours of rest or camp a character had in the day's length of hours ending
/// with day `d`: a night's rest runs over midnight.
fn rest_in_last_day(view: &JourneyPlanView, d: usize, who: CharacterId, day_hours: i64) -> usize {
    let activities: Vec<crate::model::Activity> = view.days[..=d]
        .iter()
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
