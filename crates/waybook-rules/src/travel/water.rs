//! Water and breath: the minute-by-minute tests of extremely cold water
//! (with the extra degrees of deep water), holding breath and choking.

use serde::{Deserialize, Serialize};

use super::march::{ABYSS_M, BASE_TG, DEEPER_M};
use crate::RuleError;
use crate::dice::{Dice, RollRecord};
use crate::forecast::{ExhaustionRoll, ExhaustionTest, Forecast, forecast};

/// "In perfectly clear water, vision is limited to 80m".
pub const CLEAR_WATER_VISION_M: u32 = 80;
/// "Natural light does not pass 1000m in depth".
pub const NATURAL_LIGHT_DEPTH_M: u32 = 1000;

named_enum! {
    /// Protection against cold damage.
    #[derive(Default)]
    pub enum Protection("protection") {
        /// None.
        #[default]
        None => "none",
        /// Resistance to cold damage.
        Resistance => "resistance",
        /// Immunity to cold damage.
        Immunity => "immunity",
    }
}

/// A swim in extremely cold water.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct ColdWater {
    /// The swimmer's Endurance: that many minutes are free.
    pub endurance: i32,
    /// The Endurance (Stamina) test modifier.
    pub bonus: i32,
    /// Minutes in the water.
    pub minutes: u32,
    /// Reduction X to cold damage: X more free minutes.
    #[serde(default)]
    pub reduction: u32,
    /// Metres deep.
    #[serde(default)]
    pub depth_m: u32,
    /// Resistance or immunity to cold damage.
    #[serde(default)]
    pub protection: Protection,
    /// Equipment or adaptation for deep water.
    #[serde(default)]
    pub adapted: bool,
}

/// One minute's test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MinuteTest {
    /// 1-based minute.
    pub minute: u32,
    /// The TG.
    pub tg: i32,
    /// The roll and its outcome.
    #[serde(flatten)]
    pub rolled: ExhaustionRoll,
}

/// The swim's tests and exhaustion.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ColdWaterResult {
    /// Minutes without tests.
    pub free_minutes: u32,
    /// Degrees added to each failure by depth.
    pub extra_degrees: u32,
    /// Whether the swimmer is below 500 m without adaptation (Doom).
    pub doom: bool,
    /// The tests.
    pub tests: Vec<MinuteTest>,
    /// Total degrees gained.
    pub exhaustion: u32,
    /// The exact forecast.
    pub forecast: Forecast,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

impl ColdWater {
    fn abyss(&self) -> bool {
        self.depth_m >= ABYSS_M && !self.adapted
    }

    /// Whether the swimmer is immune: resistance or immunity, but at 500 m or
    /// below without adaptation only immunity.
    pub fn immune(&self) -> bool {
        match self.protection {
            Protection::Immunity => true,
            Protection::Resistance => !self.abyss(),
            Protection::None => false,
        }
    }

    /// "a number of Minutes equal to your Endurance Trait", plus Reduction X
    /// minutes (which does not help below 500 m without adaptation).
    pub fn free_minutes(&self) -> u32 {
        let reduction = if self.abyss() { 0 } else { self.reduction };
        self.endurance.max(0) as u32 + reduction
    }

    /// One more degree per failure at 250 m, two more at 500 m.
    pub fn extra_degrees(&self) -> u32 {
        match self.depth_m {
            _ if self.adapted => 0,
            d if d >= ABYSS_M => 2,
            d if d >= DEEPER_M => 1,
            _ => 0,
        }
    }

    /// The test of each minute after the free ones.
    pub fn tests(&self) -> Vec<(u32, ExhaustionTest)> {
        if self.immune() {
            return Vec::new();
        }
        let test = ExhaustionTest {
            tg: BASE_TG,
            by_five: true,
            extra: self.extra_degrees(),
        };
        (self.free_minutes() + 1..=self.minutes)
            .map(|minute| (minute, test))
            .collect()
    }
}

/// Rolls the swim's tests. Dice: one d20 per minute after the free ones.
pub fn cold_water(request: &ColdWater, dice: &mut Dice) -> Result<ColdWaterResult, RuleError> {
    let planned = request.tests();
    let mut tests = Vec::with_capacity(planned.len());
    let mut records = Vec::with_capacity(planned.len());
    for (minute, test) in &planned {
        let (rolled, d20) = test.roll(dice, request.bonus)?;
        records.push(d20.record(&format!("minute {minute} cold water"), Some(test.tg)));
        tests.push(MinuteTest {
            minute: *minute,
            tg: test.tg,
            rolled,
        });
    }
    let only_tests: Vec<ExhaustionTest> = planned.iter().map(|(_, test)| *test).collect();
    Ok(ColdWaterResult {
        free_minutes: request.free_minutes(),
        extra_degrees: request.extra_degrees(),
        doom: request.abyss(),
        exhaustion: tests.iter().map(|t| t.rolled.exhaustion).sum(),
        tests,
        forecast: forecast(&only_tests, request.bonus),
        records,
    })
}

/// How long a character can hold their breath, and then survive choking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Breath {
    /// "1 + their Endurance (minimum of 30 Seconds)", in seconds.
    pub hold_seconds: u32,
    /// "a number of Rounds equal to their Endurance (minimum of 1 Round)".
    pub choke_rounds: u32,
}

/// Breath for a character with `endurance`.
pub fn breath(endurance: i32) -> Breath {
    let minutes = (1 + endurance).max(0) as u32;
    Breath {
        hold_seconds: (minutes * 60).max(30),
        choke_rounds: endurance.max(1) as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swim(minutes: u32) -> ColdWater {
        ColdWater {
            endurance: 2,
            bonus: 0,
            minutes,
            reduction: 0,
            depth_m: 0,
            protection: Protection::None,
            adapted: false,
        }
    }

    fn minutes(request: &ColdWater) -> Vec<u32> {
        request.tests().iter().map(|(m, _)| *m).collect()
    }

    /// "you can swim in Extremeley Cold Water without issue for a number of
    /// Minutes equal to your Endurance Trait"; "Reduction X ... for X Minutes".
    #[test]
    fn free_minutes_then_a_test_each_minute() {
        assert_eq!(minutes(&swim(4)), [3, 4]);
        assert_eq!(
            minutes(&ColdWater {
                reduction: 1,
                ..swim(4)
            }),
            [4]
        );
        assert_eq!(
            minutes(&ColdWater {
                endurance: -3,
                ..swim(1)
            }),
            [1]
        );
    }

    /// "An entity with Resistance or Immunity to Cold damage is Immune";
    /// below 500 m only immunity counts.
    #[test]
    fn protection() {
        assert!(
            minutes(&ColdWater {
                protection: Protection::Resistance,
                ..swim(9)
            })
            .is_empty()
        );
        let abyss = ColdWater {
            protection: Protection::Resistance,
            depth_m: 500,
            reduction: 3,
            ..swim(4)
        };
        assert_eq!(minutes(&abyss), [3, 4]);
        assert!(
            minutes(&ColdWater {
                protection: Protection::Immunity,
                ..abyss
            })
            .is_empty()
        );
    }

    /// "bestow an additional Degree of Exhaustion for each failed Trait Test"
    /// below 250 m; "two Degrees" at 500 m.
    #[test]
    fn deep_water_adds_degrees() {
        let deep = ColdWater {
            depth_m: 250,
            ..swim(3)
        };
        let r = cold_water(&deep, &mut Dice::scripted(vec![9])).unwrap();
        assert_eq!((r.extra_degrees, r.exhaustion, r.doom), (1, 2, false));
        let abyss = ColdWater {
            depth_m: 600,
            ..swim(3)
        };
        let r = cold_water(&abyss, &mut Dice::scripted(vec![3])).unwrap();
        assert_eq!((r.extra_degrees, r.exhaustion, r.doom), (2, 4, true));
        assert_eq!(
            ColdWater {
                adapted: true,
                ..abyss
            }
            .extra_degrees(),
            0
        );
        assert_eq!(r.forecast.p_at_least.len(), 4);
    }

    /// "hold their breath for a number of Minutes equal to 1 + their
    /// Endurance (minimum of 30 Seconds)"; choking "Endurance (minimum of 1 Round)".
    #[test]
    fn holding_breath_and_choking() {
        assert_eq!(
            breath(2),
            Breath {
                hold_seconds: 180,
                choke_rounds: 2
            }
        );
        assert_eq!(
            breath(0),
            Breath {
                hold_seconds: 60,
                choke_rounds: 1
            }
        );
        assert_eq!(
            breath(-1),
            Breath {
                hold_seconds: 30,
                choke_rounds: 1
            }
        );
        assert_eq!(breath(-4).hold_seconds, 30);
    }
}
