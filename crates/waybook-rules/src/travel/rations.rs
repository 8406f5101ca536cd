//! Food and drink units over days: 40 units a day times the day's
//! multiplier, half rations, days without food and the exhaustion they
//! bring; and foraging, an Intuition test against the GM's TG.

use serde::{Deserialize, Serialize};

use crate::check::{Advantage, D20Roll};
use crate::dice::{Dice, RollRecord};
use crate::{RuleError, whole_or_decimal};

/// "A Character generally needs to consume 40 Units of Food and Drink per Day."
pub const DAILY_UNITS: f64 = 40.0;
/// "when travelling in High Temperature environments the daily number of
/// Units ... is doubled".
pub const EXTREME_MULTIPLIER: f64 = 2.0;

/// The multiplier on a day's units in weather of `temperature`: doubled
/// in extreme heat (the text) and extreme cold (NOTES.md's reading).
pub fn day_multiplier(temperature: super::march::Temperature) -> u32 {
    match temperature {
        super::march::Temperature::Normal => 1,
        _ => EXTREME_MULTIPLIER as u32,
    }
}

named_enum! {
    /// How well a character ate on a day.
    pub enum Status("ration status") {
        /// At least the requirement: the count resets.
        Full => "full",
        /// At least half: half a day without food.
        Half => "half",
        /// Less than half: a day without food.
        None => "none",
    }
}

fn one() -> f64 {
    1.0
}

/// One day's eating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Day {
    /// Units eaten.
    pub eaten: u32,
    /// The day's multiplier on the requirement (2 in extreme cold or heat).
    #[serde(default = "one")]
    pub multiplier: f64,
}

/// A character's eating over days.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rations {
    /// The character's Endurance.
    pub endurance: i32,
    /// Days without food before the first day.
    #[serde(default)]
    pub start_days_without: f64,
    /// The days, in order.
    pub days: Vec<Day>,
}

/// One day's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct DayResult {
    /// Units required.
    #[serde(serialize_with = "whole_or_decimal")]
    pub required: f64,
    /// How well the character ate.
    pub status: Status,
    /// Days without food after the day.
    #[serde(serialize_with = "whole_or_decimal")]
    pub days_without: f64,
    /// Degrees gained that day (a long rest cannot remove them until a full day).
    pub exhaustion: u32,
}

/// The days' outcomes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RationsResult {
    /// Each day.
    pub days: Vec<DayResult>,
    /// Total degrees gained.
    pub exhaustion: u32,
}

/// "A Character can go a number of Days without any Food and Drink equal to
/// 0 + their Endurance (minimum of 1)."
pub fn days_without_limit(endurance: i32) -> f64 {
    f64::from(endurance.max(1))
}

fn non_negative(value: f64) -> bool {
    value.is_finite() && value >= 0.0
}

/// Works out each day. No dice.
pub fn rations(request: &Rations) -> Result<RationsResult, RuleError> {
    if !non_negative(request.start_days_without) {
        return Err(RuleError::new("start_days_without", "must be 0 or more"));
    }
    let limit = days_without_limit(request.endurance);
    let mut without = request.start_days_without;
    let mut days = Vec::with_capacity(request.days.len());
    for (i, day) in request.days.iter().enumerate() {
        if !non_negative(day.multiplier) {
            return Err(RuleError::new(
                format!("days[{i}].multiplier"),
                "must be 0 or more",
            ));
        }
        let required = DAILY_UNITS * day.multiplier;
        let eaten = f64::from(day.eaten);
        let status = if eaten >= required {
            Status::Full
        } else if eaten >= required / 2.0 {
            Status::Half
        } else {
            Status::None
        };
        without = match status {
            Status::Full => 0.0,
            Status::Half => without + 0.5,
            Status::None => without + 1.0,
        };
        let exhaustion = u32::from(status != Status::Full && without > limit);
        days.push(DayResult {
            required,
            status,
            days_without: without,
            exhaustion,
        });
    }
    Ok(RationsResult {
        exhaustion: days.iter().map(|d| d.exhaustion).sum(),
        days,
    })
}

/// A foraging test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Forage {
    /// The forager's Intuition test modifier.
    pub bonus: i32,
    /// The TG the GM sets from how abundant food and drink are.
    pub tg: i32,
    /// Advantage or disadvantage.
    #[serde(default)]
    pub advantage: Advantage,
}

/// A foraging result; what is found is the GM's to describe.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ForageResult {
    /// The d20 kept.
    pub roll: u32,
    /// The total (0 on a natural 1).
    pub total: i32,
    /// Whether the forager finds what was sought.
    pub passed: bool,
    /// A natural 1.
    pub critical_failure: bool,
    /// A natural 20.
    pub inspired: bool,
    /// The working.
    #[serde(skip)]
    pub record: RollRecord,
}

/// "This takes an Intuition Test, the TG should be determined by how
/// abundant food and drink is". Dice: one d20, two with (dis)advantage.
pub fn forage(request: &Forage, dice: &mut Dice) -> Result<ForageResult, RuleError> {
    let roll = D20Roll::roll(dice, request.bonus, request.advantage)?;
    Ok(ForageResult {
        roll: roll.roll,
        total: roll.total(),
        passed: roll.passes(request.tg),
        critical_failure: roll.critical_failure(),
        inspired: roll.inspired(),
        record: roll.record("forage", Some(request.tg)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(endurance: i32, eaten: &[(u32, f64)]) -> RationsResult {
        let days = eaten
            .iter()
            .map(|&(eaten, multiplier)| Day { eaten, multiplier })
            .collect();
        rations(&Rations {
            endurance,
            start_days_without: 0.0,
            days,
        })
        .unwrap()
    }

    fn summary(r: &RationsResult) -> Vec<(Status, f64, u32)> {
        r.days
            .iter()
            .map(|d| (d.status, d.days_without, d.exhaustion))
            .collect()
    }

    /// "40 Units ... per Day"; "subsisting on 20 Units ... counts as a half
    /// day without a sufficient meal."
    #[test]
    fn full_half_and_none() {
        let r = days(2, &[(40, 1.0), (20, 1.0), (19, 1.0)]);
        assert_eq!(
            summary(&r),
            [
                (Status::Full, 0.0, 0),
                (Status::Half, 0.5, 0),
                (Status::None, 1.5, 0)
            ]
        );
    }

    /// "At the end of each Day beyond that limit, a Character automatically
    /// suffers one Degree of Exhaustion"; a full day resets the count.
    #[test]
    fn beyond_the_limit_each_day_costs_a_degree() {
        let r = days(2, &[(0, 1.0), (0, 1.0), (10, 1.0), (0, 1.0), (40, 1.0)]);
        assert_eq!(
            summary(&r),
            [
                (Status::None, 1.0, 0),
                (Status::None, 2.0, 0),
                (Status::None, 3.0, 1),
                (Status::None, 4.0, 1),
                (Status::Full, 0.0, 0)
            ]
        );
        assert_eq!(r.exhaustion, 2);
    }

    /// "equal to 0 + their Endurance (minimum of 1)".
    #[test]
    fn the_limit_is_at_least_one_day() {
        assert_eq!(
            summary(&days(-1, &[(0, 1.0), (20, 1.0)])),
            [(Status::None, 1.0, 0), (Status::Half, 1.5, 1)]
        );
        assert_eq!(days_without_limit(0), 1.0);
    }

    /// "in High Temperature environments the daily number ... is doubled".
    #[test]
    fn multipliers_scale_the_requirement() {
        let r = days(2, &[(40, EXTREME_MULTIPLIER), (30, 0.75)]);
        assert_eq!((r.days[0].required, r.days[0].status), (80.0, Status::Half));
        assert_eq!((r.days[1].required, r.days[1].status), (30.0, Status::Full));
        let json = serde_json::to_string(&r.days[0]).unwrap();
        assert_eq!(
            json,
            r#"{"required":80,"status":"half","days_without":0.5,"exhaustion":0}"#
        );
    }

    #[test]
    fn negative_counts_are_refused() {
        let bad = Rations {
            endurance: 1,
            start_days_without: -1.0,
            days: vec![],
        };
        assert_eq!(rations(&bad).unwrap_err().path, "start_days_without");
        let bad = Rations {
            endurance: 1,
            start_days_without: 0.0,
            days: vec![Day {
                eaten: 1,
                multiplier: -2.0,
            }],
        };
        assert_eq!(rations(&bad).unwrap_err().path, "days[0].multiplier");
    }

    #[test]
    fn forage_is_an_intuition_test() {
        let request = Forage {
            bonus: 2,
            tg: 12,
            advantage: Advantage::Normal,
        };
        let r = forage(&request, &mut Dice::scripted(vec![10])).unwrap();
        assert_eq!((r.total, r.passed), (12, true));
        let r = forage(&request, &mut Dice::scripted(vec![1])).unwrap();
        assert_eq!((r.total, r.passed, r.critical_failure), (0, false, true));
    }
}
