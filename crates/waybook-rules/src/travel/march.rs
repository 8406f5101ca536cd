//! One character's day hour by hour: marching pace past the base hours,
//! altitude, consecutive swimming and depth, and extreme cold or heat, with
//! the d20 tests they call for and an exact forecast of the exhaustion.

use serde::{Deserialize, Serialize};

use super::DamageType;
use crate::RuleError;
use crate::dice::{Dice, RollRecord};
use crate::forecast::{ExhaustionRoll, ExhaustionTest, Forecast, forecast};

/// The TG of every marching, swimming and temperature test before additions.
pub const BASE_TG: i32 = 10;
/// "travelling at altitudes of 2,500m or higher".
pub const HIGH_ALTITUDE_M: i32 = 2500;
/// "depths of 60m or lower".
pub const DEEP_M: u32 = 60;
/// "if they descend below 250m depth".
pub const DEEPER_M: u32 = 250;
/// "Characters cannot descend below 500m without suitable equipment".
pub const ABYSS_M: u32 = 500;

named_enum! {
    /// What the character does in an hour.
    pub enum Activity("activity") {
        /// Travelling on foot: counts toward the march.
        Travel => "travel",
        /// Swimming: counts toward the swim.
        Swim => "swim",
        /// Resting.
        Rest => "rest",
        /// Any other work.
        Work => "work",
    }
}

named_enum! {
    /// The temperature of an hour.
    #[derive(Default)]
    pub enum Temperature("temperature") {
        /// No test.
        #[default]
        Normal => "normal" as "Normal",
        /// A TG 10 test each hour.
        ExtremeCold => "extreme-cold" as "Extreme cold",
        /// A TG 10 test each hour.
        ExtremeHeat => "extreme-heat" as "Extreme heat",
    }
}

named_enum! {
    /// Why a test is made.
    pub enum Cause("cause") {
        /// Marching pace.
        March => "march",
        /// Swimming past the first hour.
        Swim => "swim",
        /// Extreme cold.
        Cold => "cold",
        /// Extreme heat.
        Heat => "heat",
    }
}

/// One hour of the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hour {
    /// What the character does.
    pub activity: Activity,
    /// Metres above sea level.
    #[serde(default)]
    pub altitude_m: i32,
    /// The temperature.
    #[serde(default)]
    pub temperature: Temperature,
    /// Metres below the water's surface.
    #[serde(default)]
    pub depth_m: u32,
    /// Difficult terrain: half the distance in the hour.
    #[serde(default)]
    pub difficult: bool,
}

/// Damage reduction against the weather, in hours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Reduction {
    /// Reduction X to Cold damage: the first X hours of cold are free.
    #[serde(default)]
    pub cold: u32,
    /// Reduction X to Fire damage: the first X hours of heat are free.
    #[serde(default)]
    pub heat: u32,
}

fn day_of_24() -> u32 {
    24
}

/// A day to plan: the character, the day's length and each hour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayPlan {
    /// Total modifier to Endurance (Stamina) tests.
    pub bonus: i32,
    /// Hours in the world's day.
    #[serde(default = "day_of_24")]
    pub day_hours: u32,
    /// Immunity or resistance to cold or fire damage.
    #[serde(default)]
    pub immune: Vec<DamageType>,
    /// Reduction X to cold or fire damage.
    #[serde(default)]
    pub reduction: Reduction,
    /// The hours of the day, in order.
    pub hours: Vec<Hour>,
    /// Equipment or adaptation for high altitude.
    #[serde(default)]
    pub altitude_adapted: bool,
    /// Equipment or adaptation for deep water.
    #[serde(default)]
    pub depth_adapted: bool,
    /// A Swimming speed: no swimming tests.
    #[serde(default)]
    pub swim_speed: bool,
}

/// A test the day calls for, before any die is rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlannedTest {
    /// 1-based hour.
    pub hour: usize,
    /// Why.
    pub cause: Cause,
    /// The TG.
    pub tg: i32,
}

impl PlannedTest {
    /// "If they failed the Test by 5 or more, they gain an additional
    /// Degree" applies to cold and heat only.
    pub fn by_five(&self) -> bool {
        matches!(self.cause, Cause::Cold | Cause::Heat)
    }

    /// The test as a forecast input.
    pub fn exhaustion_test(&self) -> ExhaustionTest {
        ExhaustionTest {
            tg: self.tg,
            by_five: self.by_five(),
            extra: 0,
        }
    }
}

/// A test as rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MarchTest {
    /// 1-based hour.
    pub hour: usize,
    /// Why.
    pub cause: Cause,
    /// The TG.
    pub tg: i32,
    /// The roll and its outcome.
    #[serde(flatten)]
    pub rolled: ExhaustionRoll,
}

/// The day's tests and exhaustion.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MarchResult {
    /// The tests, by hour.
    pub tests: Vec<MarchTest>,
    /// Total degrees gained.
    pub exhaustion: u32,
    /// The exact forecast from the TGs and bonus.
    pub forecast: Forecast,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

/// "most people are only able to travel for 8 Hours a Day (or a third of the
/// Hours of the Day ...)", rounded down.
pub fn base_hours(day_hours: u32) -> u32 {
    day_hours / 3
}

/// "counts as travelling half the distance in the same amount of time".
pub fn hour_distance(distance: f64, difficult: bool) -> f64 {
    if difficult { distance / 2.0 } else { distance }
}

impl DayPlan {
    /// How many hours a travel hour counts for the march.
    fn march_weight(&self, hour: &Hour) -> u32 {
        if hour.altitude_m >= HIGH_ALTITUDE_M && !self.altitude_adapted {
            2
        } else {
            1
        }
    }

    /// How many hours a swim hour counts for the swim.
    fn swim_weight(&self, hour: &Hour) -> u32 {
        match hour.depth_m {
            _ if self.depth_adapted => 1,
            d if d >= DEEPER_M => 4,
            d if d >= DEEP_M => 2,
            _ => 1,
        }
    }

    /// The tests the day calls for, in order: by hour, the march or swim test
    /// before the temperature test.
    pub fn tests(&self) -> Result<Vec<PlannedTest>, RuleError> {
        if self.hours.len() > self.day_hours as usize {
            return Err(RuleError::new(
                "hours",
                format!(
                    "{} hours planned in a day of {}",
                    self.hours.len(),
                    self.day_hours
                ),
            ));
        }
        let base = base_hours(self.day_hours);
        let (mut marched, mut swum) = (0, 0);
        let (mut cold_hours, mut heat_hours) = (0, 0);
        let mut tests = Vec::new();
        for (i, hour) in self.hours.iter().enumerate() {
            let at = i + 1;
            swum = if hour.activity == Activity::Swim {
                swum + self.swim_weight(hour)
            } else {
                0
            };
            match hour.activity {
                Activity::Travel => {
                    marched += self.march_weight(hour);
                    if marched > base {
                        tests.push(PlannedTest {
                            hour: at,
                            cause: Cause::March,
                            tg: BASE_TG + (marched - base) as i32,
                        });
                    }
                }
                Activity::Swim if swum > 1 && !self.swim_speed => {
                    tests.push(PlannedTest {
                        hour: at,
                        cause: Cause::Swim,
                        tg: BASE_TG + (swum - 1) as i32,
                    });
                }
                _ => {}
            }
            let (kind, seen, reduction, cause) = match hour.temperature {
                Temperature::Normal => continue,
                Temperature::ExtremeCold => (
                    DamageType::Cold,
                    &mut cold_hours,
                    self.reduction.cold,
                    Cause::Cold,
                ),
                Temperature::ExtremeHeat => (
                    DamageType::Heat,
                    &mut heat_hours,
                    self.reduction.heat,
                    Cause::Heat,
                ),
            };
            if self.immune.contains(&kind) {
                continue;
            }
            *seen += 1;
            if *seen > reduction {
                tests.push(PlannedTest {
                    hour: at,
                    cause,
                    tg: BASE_TG,
                });
            }
        }
        Ok(tests)
    }

    /// The exact forecast of the day's exhaustion (no dice).
    pub fn forecast(&self) -> Result<Forecast, RuleError> {
        let tests: Vec<ExhaustionTest> = self
            .tests()?
            .iter()
            .map(PlannedTest::exhaustion_test)
            .collect();
        Ok(forecast(&tests, self.bonus))
    }
}

/// Rolls the day's tests. Dice: one d20 per test, in order.
pub fn march(plan: &DayPlan, dice: &mut Dice) -> Result<MarchResult, RuleError> {
    let planned = plan.tests()?;
    let mut tests = Vec::with_capacity(planned.len());
    let mut records = Vec::with_capacity(planned.len());
    for test in &planned {
        let (rolled, d20) = test.exhaustion_test().roll(dice, plan.bonus)?;
        records.push(d20.record(&format!("hour {} {}", test.hour, test.cause), Some(test.tg)));
        tests.push(MarchTest {
            hour: test.hour,
            cause: test.cause,
            tg: test.tg,
            rolled,
        });
    }
    let forecast = forecast(
        &planned
            .iter()
            .map(PlannedTest::exhaustion_test)
            .collect::<Vec<_>>(),
        plan.bonus,
    );
    Ok(MarchResult {
        exhaustion: tests.iter().map(|t| t.rolled.exhaustion).sum(),
        tests,
        forecast,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hour(activity: Activity) -> Hour {
        Hour {
            activity,
            altitude_m: 0,
            temperature: Temperature::Normal,
            depth_m: 0,
            difficult: false,
        }
    }

    fn plan(hours: Vec<Hour>) -> DayPlan {
        DayPlan {
            bonus: 3,
            day_hours: 24,
            immune: vec![],
            reduction: Reduction::default(),
            hours,
            altitude_adapted: false,
            depth_adapted: false,
            swim_speed: false,
        }
    }

    fn tgs(plan: &DayPlan) -> Vec<(usize, Cause, i32)> {
        plan.tests()
            .unwrap()
            .iter()
            .map(|t| (t.hour, t.cause, t.tg))
            .collect()
    }

    /// "For each additional Hour above the above amount the Party travels,
    /// you must make an Endurance Test at the end of the Hour. The TG is 10 +
    /// the number of Hours past 8 Hours."
    #[test]
    fn marching_past_eight_hours() {
        let day = plan(vec![hour(Activity::Travel); 10]);
        assert_eq!(tgs(&day), [(9, Cause::March, 11), (10, Cause::March, 12)]);
        assert_eq!(base_hours(24), 8);
        assert_eq!(base_hours(30), 10);
        assert_eq!(base_hours(20), 6);
    }

    /// Rests neither add to nor reset the march count.
    #[test]
    fn rests_do_not_reset_the_march() {
        let mut hours = vec![hour(Activity::Travel); 8];
        hours.extend([
            hour(Activity::Rest),
            hour(Activity::Work),
            hour(Activity::Travel),
        ]);
        assert_eq!(tgs(&plan(hours)), [(11, Cause::March, 11)]);
    }

    /// "for each Hour they spend travelling at this height it will count as
    /// 2 Hours"; one test per real hour.
    #[test]
    fn altitude_counts_double() {
        let mut hours = vec![hour(Activity::Travel); 7];
        hours.push(Hour {
            altitude_m: 2500,
            ..hour(Activity::Travel)
        });
        hours.push(Hour {
            altitude_m: 3000,
            ..hour(Activity::Travel)
        });
        assert_eq!(
            tgs(&plan(hours.clone())),
            [(8, Cause::March, 11), (9, Cause::March, 13)]
        );
        let adapted = DayPlan {
            altitude_adapted: true,
            ..plan(hours)
        };
        assert_eq!(tgs(&adapted), [(9, Cause::March, 11)]);
        let below = plan(vec![
            Hour {
                altitude_m: 2499,
                ..hour(Activity::Travel)
            };
            9
        ]);
        assert_eq!(tgs(&below), [(9, Cause::March, 11)]);
    }

    /// "for each additional Hour of Swimming beyond the first ... TG equals
    /// 10 + the number of Hours past the first"; any other hour resets it.
    #[test]
    fn swimming_consecutive_hours() {
        let swim = hour(Activity::Swim);
        let day = plan(vec![swim, swim, swim, hour(Activity::Rest), swim, swim]);
        assert_eq!(
            tgs(&day),
            [
                (2, Cause::Swim, 11),
                (3, Cause::Swim, 12),
                (6, Cause::Swim, 11)
            ]
        );
        let fish = DayPlan {
            swim_speed: true,
            ..day
        };
        assert!(tgs(&fish).is_empty());
    }

    /// "at depths of 60m ... count as two Hours of Swimming"; "4 Hours ... below 250m".
    #[test]
    fn depth_multiplies_swimming() {
        let deep = Hour {
            depth_m: 60,
            ..hour(Activity::Swim)
        };
        let deeper = Hour {
            depth_m: 250,
            ..hour(Activity::Swim)
        };
        assert_eq!(
            tgs(&plan(vec![deep, deep])),
            [(1, Cause::Swim, 11), (2, Cause::Swim, 13)]
        );
        assert_eq!(
            tgs(&plan(vec![hour(Activity::Swim), deeper])),
            [(2, Cause::Swim, 14)]
        );
        let adapted = DayPlan {
            depth_adapted: true,
            ..plan(vec![deep, deep])
        };
        assert_eq!(tgs(&adapted), [(2, Cause::Swim, 11)]);
    }

    /// "For each Hour a Character spends in these conditions, they must make
    /// a TG10 Endurance (Stamina) Test"; immunity skips, Reduction X skips X hours.
    #[test]
    fn cold_and_heat_every_hour() {
        let cold = Hour {
            temperature: Temperature::ExtremeCold,
            ..hour(Activity::Rest)
        };
        let heat = Hour {
            temperature: Temperature::ExtremeHeat,
            ..hour(Activity::Work)
        };
        assert_eq!(
            tgs(&plan(vec![cold, heat])),
            [(1, Cause::Cold, 10), (2, Cause::Heat, 10)]
        );
        let immune = DayPlan {
            immune: vec![DamageType::Cold],
            ..plan(vec![cold, heat])
        };
        assert_eq!(tgs(&immune), [(2, Cause::Heat, 10)]);
        let reduced = DayPlan {
            reduction: Reduction { cold: 2, heat: 0 },
            ..plan(vec![cold, heat, cold, cold])
        };
        assert_eq!(tgs(&reduced), [(2, Cause::Heat, 10), (4, Cause::Cold, 10)]);
    }

    /// Within an hour the march test comes before the temperature test.
    #[test]
    fn march_before_temperature() {
        let mut hours = vec![hour(Activity::Travel); 8];
        hours.push(Hour {
            temperature: Temperature::ExtremeHeat,
            ..hour(Activity::Travel)
        });
        let day = plan(hours);
        let result = march(&day, &mut Dice::scripted(vec![7, 4])).unwrap();
        let got: Vec<(Cause, u32, i32, bool, u32)> = result
            .tests
            .iter()
            .map(|t| {
                (
                    t.cause,
                    t.rolled.roll,
                    t.rolled.total,
                    t.rolled.passed,
                    t.rolled.exhaustion,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (Cause::March, 7, 10, false, 1),
                (Cause::Heat, 4, 7, false, 1)
            ]
        );
        assert_eq!(result.exhaustion, 2);
        assert_eq!(
            result.records[0].to_string(),
            "hour 9 march: d20 = 7, +3 bonus = 10 vs TG 11: fail"
        );
    }

    /// Failing a cold test by 5 or more gives 2 degrees; a march test never does.
    #[test]
    fn failing_by_five() {
        let cold = Hour {
            temperature: Temperature::ExtremeCold,
            ..hour(Activity::Rest)
        };
        let r = march(&plan(vec![cold]), &mut Dice::scripted(vec![2])).unwrap();
        assert_eq!((r.tests[0].rolled.total, r.exhaustion), (5, 2));
        let r = march(
            &plan(vec![hour(Activity::Travel); 9]),
            &mut Dice::scripted(vec![1]),
        )
        .unwrap();
        assert_eq!((r.tests[0].rolled.total, r.exhaustion), (0, 1));
    }

    #[test]
    fn more_hours_than_the_day_is_an_error() {
        let day = DayPlan {
            day_hours: 2,
            ..plan(vec![hour(Activity::Rest); 3])
        };
        assert_eq!(
            day.tests().unwrap_err().to_string(),
            "hours: 3 hours planned in a day of 2"
        );
    }

    #[test]
    fn forecast_from_the_plan() {
        let day = plan(vec![hour(Activity::Travel); 9]);
        assert_eq!(day.forecast().unwrap().p_at_least, vec![0.35]);
        assert_eq!(hour_distance(30.0, true), 15.0);
        assert_eq!(hour_distance(30.0, false), 30.0);
    }
}
