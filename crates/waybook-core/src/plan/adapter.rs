//! The plan handed to the rules: a character's day as the rules engine's
//! `DayPlan` (their bonus, protections and each hour's activity, place and
//! weather), the tests it calls for, and the minute-by-minute tests of
//! extremely cold deep water.

use super::{CharacterDay, JourneyTest, Slot, TestCause};
use crate::model::{Activity, Character};
use std::collections::BTreeMap;
use std::sync::Arc;
use waybook_rules::forecast::{ExhaustionTest, Forecast, forecast};
use waybook_rules::travel::DamageType;
use waybook_rules::travel::march::{self, DEEP_M, DayPlan, Reduction};
use waybook_rules::travel::water::ColdWater;

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

/// The forecasts of one plan by their tests and bonus: the days of a long
/// journey repeat (the same stage, the same party), and each distinct day is
/// forecast once. Looked up by the day's tests as a slice of a buffer kept
/// for the purpose, so a day already forecast allocates nothing to find.
#[derive(Default)]
pub(super) struct Forecasts {
    by_bonus: BTreeMap<i32, BTreeMap<Vec<ExhaustionTest>, Arc<Forecast>>>,
    tests: Vec<ExhaustionTest>,
}

impl Forecasts {
    fn of(&mut self, tests: impl Iterator<Item = ExhaustionTest>, bonus: i32) -> Arc<Forecast> {
        self.tests.clear();
        self.tests.extend(tests);
        let known = self.by_bonus.entry(bonus).or_default();
        if let Some(found) = known.get(self.tests.as_slice()) {
            return Arc::clone(found);
        }
        let made = Arc::new(forecast(&self.tests, bonus));
        known.insert(self.tests.clone(), Arc::clone(&made));
        made
    }
}

pub(super) fn character_day(
    c: &Character,
    slots: &[Slot],
    activities: Vec<Activity>,
    day_hours: i64,
    forecasts: &mut Forecasts,
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
    let forecast = forecasts.of(tests.iter().map(|t| t.exhaustion), rules_day.bonus);
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
        // Adapted characters were skipped above.
        let swim = ColdWater {
            bonus,
            ..e.cold_water(minutes, depth)
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
#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CharacterId, CharacterKind, Temperature};
    use crate::plan::RoadHour;

    fn slots(n: usize, depth_m: i64, swimming: bool) -> Vec<Slot> {
        (0..n)
            .map(|i| Slot {
                hour: i as i64,
                road: Some(i),
                place: RoadHour {
                    swimming,
                    depth_m,
                    temperature: Temperature::ExtremeCold,
                    ..RoadHour::nowhere()
                },
            })
            .collect()
    }

    /// Watch is work and camp is rest to the rules; a swimming leg's
    /// travel is swimming.
    #[test]
    fn the_plans_activities_are_the_rules_activities() {
        let mut c = Character::new(CharacterId(1), "Ana", CharacterKind::Hero);
        c.exploration.cold.resistant = true;
        let acts = [
            Activity::Travel,
            Activity::Watch,
            Activity::Camp,
            Activity::Swim,
        ];
        let day = day_plan(&c, &slots(4, 0, true), &acts, 24);
        let rules: Vec<march::Activity> = day.hours.iter().map(|h| h.activity).collect();
        assert_eq!(
            rules,
            vec![
                march::Activity::Swim,
                march::Activity::Work,
                march::Activity::Rest,
                march::Activity::Swim
            ]
        );
        assert_eq!(day.immune, vec![DamageType::Cold], "resistance protects");
    }

    /// "Travelling at depths of 60m or lower ... the penalties for Swimming
    /// in Extremely Cold Water": none above 60 m, a test a minute below once
    /// the free minutes are spent.
    #[test]
    fn deep_swimming_brings_cold_water_tests_and_shallow_does_not() {
        let c = Character::new(CharacterId(1), "Ana", CharacterKind::Hero);
        let acts = [Activity::Travel; 2];
        assert!(cold_water_tests(&c, &slots(2, 20, true), &acts, 0).is_empty());
        let deep = cold_water_tests(&c, &slots(2, 80, true), &acts, 0);
        assert!(!deep.is_empty());
        assert!(deep.iter().all(|t| t.cause == TestCause::ColdWater));
        assert!(
            deep.iter().any(|t| t.hour == 2),
            "the second hour tests too"
        );
    }
}
