//! The range each number on a sheet keeps to, and the parsing of what the GM
//! types into a number field: a typed value, or a message to show beside it.

use std::ops::RangeInclusive;

/// A Companion D10 stat is a target number: 2+ at best, 10+ at worst.
pub const COMPANION_STAT: RangeInclusive<i64> = 2..=10;
/// Quality and Defence are D6 target numbers.
pub const QUALITY_DEFENCE: RangeInclusive<i64> = 2..=6;
pub const WOUNDS_MAX: RangeInclusive<i64> = 1..=99;
pub const TOUGHNESS_MAX: RangeInclusive<i64> = 0..=99;
/// "Hold up to 3."
pub const WILD_DICE: RangeInclusive<i64> = 0..=3;
pub const XP: RangeInclusive<i64> = 0..=9_999;
pub const ROUNDS_STAT: RangeInclusive<i64> = 0..=30;
pub const HP_MP_MAX: RangeInclusive<i64> = 0..=999;
pub const ROLE_RANK: RangeInclusive<i64> = 0..=10;
pub const TRAIT_OR_SKILL: RangeInclusive<i64> = -10..=30;
/// The texts set no most degrees of exhaustion; play can pile them up.
pub const EXHAUSTION: RangeInclusive<i64> = 0..=999;
pub const REDUCTION: RangeInclusive<i64> = 0..=999;
pub const SPEED: RangeInclusive<i64> = 0..=999;
pub const SUPPLIES: RangeInclusive<i64> = 0..=99_999;
pub const QUANTITY: RangeInclusive<i64> = 1..=1_000_000;
pub const FOOD_UNITS: RangeInclusive<i64> = 0..=100_000;
pub const DAY_HOURS: RangeInclusive<i64> = 3..=240;
pub const LONG_REST_DEGREES: RangeInclusive<i64> = 0..=20;
pub const DAYS_WITHOUT_FOOD: RangeInclusive<f64> = 0.0..=999.0;
/// A character's food and drink need, in percent of the usual 40 units.
pub const FOOD_PERCENT: RangeInclusive<i64> = 0..=1000;
pub const WEIGHT: RangeInclusive<f64> = 0.0..=100_000.0;
/// A day of the campaign clock (a journey sets off on one).
pub const CLOCK_DAY: RangeInclusive<i64> = 0..=1_000_000;
/// The days the clock may be moved on at once, by hand.
pub const CLOCK_MOVE_DAYS: RangeInclusive<i64> = 0..=3_650;
/// The days ahead a region's forecast looks.
pub const FORECAST_DAYS: RangeInclusive<i64> = 1..=60;
/// The chance, in percent, that a day keeps yesterday's weather.
pub const KEEP_PERCENT: RangeInclusive<i64> = 0..=100;
/// The calendar: a month's days, a year, a leap rule's years, a moon's
/// cycle in days and its phase (0 new, 0.5 full).
pub const MONTH_DAYS: RangeInclusive<i64> = 1..=1_000;
pub const CALENDAR_YEAR: RangeInclusive<i64> = -100_000..=100_000;
pub const LEAP_YEARS: RangeInclusive<i64> = 1..=10_000;
pub const MOON_CYCLE: RangeInclusive<f64> = 1.0..=10_000.0;
pub const MOON_PHASE: RangeInclusive<f64> = 0.0..=1.0;
/// A year's months, its festivals and its days (a leap year's counted):
/// far past any world's calendar (Exalted's 425 days, Roshar's 500), and
/// small enough that every date of a year is named at once, so each
/// view of a calendar (a year's days, a month's page) answers promptly.
pub const CALENDAR_MONTHS: RangeInclusive<usize> = 1..=100;
pub const CALENDAR_FESTIVALS: RangeInclusive<usize> = 0..=100;
pub const YEAR_DAYS: RangeInclusive<i64> = 1..=10_000;
/// A leg of a journey.
pub const DISTANCE_KM: RangeInclusive<f64> = 0.0..=100_000.0;
pub const SPEED_KMH: RangeInclusive<f64> = 0.1..=1_000.0;
/// What one character carries before being slowed (a house rule), in kg.
pub const CARRY_KG: RangeInclusive<f64> = 1.0..=1_000.0;
/// What an animal carries (a house rule), in kg: a dog's pack to an
/// elephant's.
pub const ANIMAL_CARRY_KG: RangeInclusive<f64> = 0.0..=2_000.0;
/// What a vehicle type holds (a house rule), in kg: a sled to a barge.
pub const VEHICLE_CAPACITY_KG: RangeInclusive<f64> = 0.0..=100_000.0;
/// The animals a vehicle type needs to move.
pub const VEHICLE_ANIMALS: RangeInclusive<i64> = 0..=20;
/// An overloaded party's speed, in percent of its own (a house rule).
pub const OVERLOADED_PERCENT: RangeInclusive<i64> = 1..=100;
/// From the shore of the Dead Sea to above the highest peaks.
pub const ALTITUDE_M: RangeInclusive<i64> = -500..=9_000;
/// Below the surface, to the deepest trench.
pub const DEPTH_M: RangeInclusive<i64> = 0..=11_000;
/// A tool's Item Bonus.
pub const ITEM_BONUS: RangeInclusive<i64> = 0..=10;
/// Coin in a purse, and a ware's price.
pub const COIN: RangeInclusive<i64> = 0..=1_000_000;
/// Pathfinding and exploration tokens a party holds.
pub const TOKENS: RangeInclusive<i64> = 0..=999;
/// A path's navigation difficulty, and a party's navigation modifiers.
pub const DIFFICULTY: RangeInclusive<i64> = 0..=20;
pub const NAVIGATION_MODIFIERS: RangeInclusive<i64> = -20..=20;
/// A path's danger rating: the encounter die is a d10.
pub const DANGER: RangeInclusive<i64> = 0..=10;
/// Enemies added to a fight at once, and an attack's dice.
pub const ENEMIES_ADDED: RangeInclusive<i64> = 1..=20;
pub const ATTACK_DICE: RangeInclusive<i64> = 1..=20;
/// A weapon's AP, "adding the weapon's AP to their target": the text names
/// no limit; the block roll is a D6 against Defence (2 at least) + AP, so
/// past 4 every hit wounds whatever the Defence, and more AP says nothing.
pub const AP: RangeInclusive<i64> = 0..=4;
/// A test's modifier, "clamped to -2..+2".
pub const CHECK_MODIFIER: RangeInclusive<i64> =
    -(waybook_rules::check::MODIFIER_LIMIT as i64)..=waybook_rules::check::MODIFIER_LIMIT as i64;
/// Enemies beyond the first fighting one hero.
pub const EXTRA_ENEMIES: RangeInclusive<i64> =
    0..=waybook_rules::companion::combat::EXTRA_ENEMY_LIMIT as i64;
/// The level a power is cast at.
pub const POWER_LEVEL: RangeInclusive<i64> =
    1..=waybook_rules::companion::powers::MAX_POWER_LEVEL as i64;
/// Minutes swum in extremely cold water at once; a hazard's TG; a body's height.
pub const SWIM_MINUTES: RangeInclusive<i64> = 1..=600;
pub const TEST_TG: RangeInclusive<i64> = 1..=40;
/// Doom from turns below 500 m.
pub const DOOM: RangeInclusive<i64> = 0..=999;
/// A sense's range in metres.
pub const SENSE_RANGE_M: RangeInclusive<i64> = 1..=10_000;
pub const BODY_HEIGHT_M: RangeInclusive<f64> = 0.1..=20.0;
/// Wounds taken at once from a hazard or a blow.
pub const WOUNDS_TAKEN: RangeInclusive<i64> = 1..=99;
/// Travel rounds a path takes.
pub const PATH_ROUNDS: RangeInclusive<i64> = 1..=99;
/// The round a stretch of a path in another region starts from (its first
/// round lies in the path's own region).
pub const STRETCH_FROM_ROUND: RangeInclusive<i64> = 2..=99;
/// Earlier successful trips along a path.
pub const TIMES_TRAVELLED: RangeInclusive<i64> = 0..=99;
/// Where a place is drawn, in map units.
pub const MAP_COORDINATE: RangeInclusive<f64> = -100_000.0..=100_000.0;
/// Supplies one purchase of a ware adds.
pub const WARE_SUPPLIES: RangeInclusive<i64> = 0..=1_000;
/// A foraging test's TG, and how much of an item foraging finds at once.
pub const FORAGE_TG: RangeInclusive<i64> = 0..=40;
pub const FORAGE_FOUND: RangeInclusive<i64> = 1..=1_000;
/// A gathering session's length typed in hours or units.
pub const SESSION_LENGTH: RangeInclusive<i64> = 1..=240;
/// The totals a roll table's row may name: a d10000 reaches them (tables
/// of ten thousand results are shared for Foundry, as wild-magic surges).
pub const TABLE_TOTAL: RangeInclusive<i64> = -10_000..=10_000;

/// An hour of a day of `day_hours` hours: 0 to the last.
pub fn hour_of_day(day_hours: i64) -> RangeInclusive<i64> {
    0..=day_hours - 1
}

/// The day a journey sets off on: any day of the clock up to ten years
/// (the most the clock is moved on at once) after the campaign's today.
pub fn journey_start_day(today: i64) -> RangeInclusive<i64> {
    let latest = today.saturating_add(*CLOCK_MOVE_DAYS.end());
    *CLOCK_DAY.start()..=latest.min(*CLOCK_DAY.end())
}

/// The hours of a journey played so far: at most as many as the clock
/// has days.
pub fn played_hours(day_hours: i64) -> RangeInclusive<i64> {
    0..=CLOCK_DAY.end() * day_hours
}

/// A track's current value (Wounds, Toughness, HP): none up to its most.
pub fn track_current(max: i64) -> RangeInclusive<i64> {
    0..=max
}

/// A leap rule's "except every" and "but every" years, as typed: 0 for
/// none, else a count of years as [`LEAP_YEARS`].
pub const LEAP_EXCEPTION_YEARS: RangeInclusive<i64> = 0..=*LEAP_YEARS.end();

/// A season's sunrise or sunset: an hour of a day of `day_hours` hours.
pub fn daylight_hour(day_hours: i64) -> RangeInclusive<f64> {
    0.0..=day_hours as f64
}

/// A number of hours within one day of `day_hours` hours.
pub fn hours_in_day(day_hours: i64) -> RangeInclusive<i64> {
    0..=day_hours
}

/// Why what the GM typed into a number field is not stored.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FieldError {
    #[error("type a number")]
    Empty,
    #[error("“{0}” is not a whole number")]
    NotWhole(String),
    #[error("“{0}” is not a number")]
    NotNumber(String),
    #[error("must be between {min} and {max}")]
    OutOfRange { min: String, max: String },
    #[error("must be a whole or half number, such as 1.5")]
    NotHalf,
}

/// Parses a whole number typed by the GM and checks it against `range`.
pub fn parse_whole(text: &str, range: &RangeInclusive<i64>) -> Result<i64, FieldError> {
    if text.trim().is_empty() {
        return Err(FieldError::Empty);
    }
    let value = text
        .trim()
        .replace('\u{2212}', "-")
        .parse()
        .map_err(|_| FieldError::NotWhole(text.trim().to_owned()))?;
    within(value, range)
}

/// Parses a decimal number (a weight, a count of days) and checks its range.
pub fn parse_decimal(text: &str, range: &RangeInclusive<f64>) -> Result<f64, FieldError> {
    if text.trim().is_empty() {
        return Err(FieldError::Empty);
    }
    let value = text
        .trim()
        .replace('\u{2212}', "-")
        .replace(',', ".")
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| FieldError::NotNumber(text.trim().to_owned()))?;
    within(value, range)
}

fn within<T: PartialOrd + std::fmt::Display>(
    value: T,
    range: &RangeInclusive<T>,
) -> Result<T, FieldError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(FieldError::OutOfRange {
            min: range.start().to_string(),
            max: range.end().to_string(),
        })
    }
}

/// Like [`parse_decimal`], for counts kept in halves (days without food).
pub fn parse_halves(text: &str, range: &RangeInclusive<f64>) -> Result<f64, FieldError> {
    let value = parse_decimal(text, range)?;
    if (value * 2.0).fract() == 0.0 {
        Ok(value)
    } else {
        Err(FieldError::NotHalf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_parsed_and_bounded() {
        assert_eq!(parse_whole(" 7 ", &COMPANION_STAT), Ok(7));
        assert_eq!(parse_whole("−2", &TRAIT_OR_SKILL), Ok(-2));
        let said = |r: Result<i64, FieldError>| r.map_err(|e| e.to_string());
        assert_eq!(
            said(parse_whole("abc", &COMPANION_STAT)),
            Err("“abc” is not a whole number".to_owned())
        );
        assert_eq!(
            said(parse_whole("11", &COMPANION_STAT)),
            Err("must be between 2 and 10".to_owned())
        );
        assert!(parse_whole("-1", &QUANTITY).is_err());
    }

    #[test]
    fn halves_reject_quarters() {
        assert_eq!(parse_halves("1.5", &DAYS_WITHOUT_FOOD), Ok(1.5));
        assert!(parse_halves("1.25", &DAYS_WITHOUT_FOOD).is_err());
        assert!(parse_decimal("NaN", &WEIGHT).is_err());
        assert_eq!(parse_decimal("2,5", &WEIGHT), Ok(2.5));
    }
}
