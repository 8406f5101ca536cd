//! Days at rest (issue 53; NOTES.md, "A party's days"): "A day that passes
//! without travel (the GM moves a party's clock on) is a day at rest: each
//! member eats and drinks the day's units from what the party carries and
//! the days-without-food count follows the exploration text, unless the GM
//! books the day unfed, which the log says." A day is eaten at its end, as
//! a trip's day is: moving a party from day 8, 11:00 to day 10, 11:00
//! passes the ends of days 8 and 9. Each day's units are doubled in
//! extreme heat or cold where the party is (the region's weather that day,
//! as it fell or as the move rolls it). Food is taken in whole items as a
//! trip takes it (`food::Pools`), but from the stash before the packs:
//! the texts are silent on the order, and a party at rest eats from its
//! common stores first and keeps what each member carries for the road.

use super::food::{self, Meal, Pools};
use crate::model::{
    CampaignData, Change, Character, CharacterId, ClockTime, FoodOrder, Party, Weather,
    temperature_of,
};
use std::collections::BTreeMap;
use waybook_rules::travel::rations::day_multiplier;

/// The line a trip under way keeps of `days` its party spent at rest
/// `at` where it was ("at Ridge Camp"), stamped at `when`: "Day 8, 11:00
/// · 2 days spent resting at Ridge Camp".
pub fn rested_line(when: ClockTime, days: i64, at: Option<&str>) -> String {
    let mut line = format!(
        "{} · {} {RESTED}",
        when.stamp(),
        crate::model::plural(days, "day")
    );
    if let Some(at) = at {
        line = format!("{line} {at}");
    }
    line
}

/// Whether a trip's log line is one [`rested_line`] wrote.
pub fn is_rested_line(line: &str) -> bool {
    line.contains(RESTED)
}

const RESTED: &str = "spent resting";

/// How a move of the clock books the days it passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Meals {
    /// Each member eats and drinks the day's units from what the party
    /// carries.
    #[default]
    Fed,
    /// Nobody eats: the days without food go on.
    Unfed,
}

/// What days at rest did: the changes to the members and to what they
/// carry, and a line for each member's day.
#[derive(Debug, Clone, Default)]
pub struct Rested {
    pub changes: Vec<Change>,
    pub lines: Vec<String>,
}

/// The days `party` lives at rest from `from` to `to`, `rolled` the
/// weather the move rolls beside the campaign's; an error names the
/// member whose day the rules could not read.
pub fn rest(
    data: &CampaignData,
    party: &Party,
    (from, to): (ClockTime, ClockTime),
    meals: Meals,
    rolled: &[Weather],
) -> Result<Rested, (String, waybook_rules::RuleError)> {
    if !data.settings.track_food {
        return Ok(Rested::default());
    }
    let mut members: BTreeMap<CharacterId, Character> = (data.members(party.id))
        .map(|c| (c.id, c.clone()))
        .collect();
    let mut pools = Pools::of_party(
        data,
        &data.holdings,
        (party.id, FoodOrder::StashFirst),
        members.keys().copied(),
        &[],
    );
    let region = data.region_of_party(party).map(|r| r.id);
    pools.graze(food::grazing_at_rest(data, party));
    let mut lines = Vec::new();
    for day in from.day..to.day {
        let weather = region.and_then(|r| {
            (rolled.iter().find(|w| w.region == r && w.day == day))
                .or_else(|| data.weather_on(r, day))
        });
        let multiplier = f64::from(day_multiplier(temperature_of(
            weather.map_or("", |w| w.weather.as_str()),
        )));
        let when = format!("Day {day} (at rest)");
        for c in members.values_mut() {
            let required = food::required(c, multiplier);
            let meal = match meals {
                Meals::Fed => pools.take(c.id, required),
                Meals::Unfed => Meal::NONE,
            };
            let line = super::play::eat_the_day(c, meal, required, multiplier, &when)
                .map_err(|e| (c.name.clone(), e))?;
            lines.push(match meals {
                Meals::Fed => line,
                Meals::Unfed => format!("{line}, booked unfed"),
            });
        }
    }
    Ok(Rested {
        changes: pools.changes(data, &members),
        lines,
    })
}
