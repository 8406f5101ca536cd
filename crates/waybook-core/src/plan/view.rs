//! What a plan is made of, as the screen, the packet PDF and `waybook
//! journey --json` read it: days of hourly slots, each character's
//! activities and tests with their TGs, and the exact forecast per day.

use super::RoadHour;
use crate::model::{Activity, CharacterId, ClockTime};
use serde::Serialize;
use waybook_rules::forecast::{ExhaustionTest, Forecast};
use waybook_rules::travel::march::Cause;

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
    /// Every cause, as declared: the players' words are tested against
    /// each.
    #[cfg(test)]
    const ALL: [TestCause; 5] = [
        TestCause::March,
        TestCause::Swim,
        TestCause::Cold,
        TestCause::Heat,
        TestCause::ColdWater,
    ];

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
    /// Shared by every character-day with the same tests and bonus.
    pub forecast: std::sync::Arc<Forecast>,
}

impl CharacterDay {
    /// "16:00 march TG 11 · 17:00 march TG 12 · heat TG 10 ×14": march and
    /// swim tests one by one (their TG climbs), the weather's TG 10 counted.
    pub fn tests_summary(&self, day: &PlanDay) -> String {
        let mut parts: Vec<String> = self
            .tests
            .iter()
            .filter(|t| matches!(t.cause, TestCause::March | TestCause::Swim))
            .filter_map(|t| {
                // A test's hour counts the day's slots from 1.
                let slot = day.slots.get(t.hour.checked_sub(1)?)?;
                Some(format!(
                    "{:02}:00 {} TG {}",
                    slot.hour,
                    t.cause.as_str(),
                    t.tg
                ))
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
    /// 2 when any hour is extremely cold or hot, else 1: in the day's
    /// likeliest weather, whose hours and tests the day shows.
    pub multiplier: u32,
    /// The food multiplier to expect: each weather's, weighted by its
    /// chance (the multiplier itself where the weather is known).
    pub food_factor: f64,
    /// The weather the day is planned with in each region it crosses.
    pub weather: Vec<DayWeather>,
    /// Its travel round made no progress (or made up a round a setback
    /// added): the party walks the same stretch again the next day.
    pub walked_again: bool,
    /// When its weather is left to chance: the weather its hours and tests
    /// are shown in, and how likely (its expected exhaustion and food
    /// weigh every weather).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub likeliest: Option<Likeliest>,
    /// Each character's tests in the likeliest weather, and their
    /// forecast weighted over every weather the day may have.
    pub characters: Vec<CharacterDay>,
}

impl PlanDay {
    /// Whether the day is a forced march: someone's counted hours pass the
    /// base, so they make march tests ("a travel hour at 2,500 m or higher
    /// counts 2 unless adapted": six hours high up is a forced march for
    /// all but the adapted, though six is the base).
    pub fn forced_march(&self) -> bool {
        self.characters
            .iter()
            .any(|c| c.tests.iter().any(|t| t.cause == TestCause::March))
    }

    /// "7 hours on the road (forced march)", as the day is shown.
    pub fn road_hours_words(&self) -> String {
        let forced = if self.forced_march() {
            " (forced march)"
        } else {
            ""
        };
        format!("{} hours on the road{forced}", self.travel_hours)
    }

    /// The food multiplier to expect, as every screen and sheet prints it:
    /// "2", "1.68".
    pub fn food_factor_words(&self) -> String {
        crate::model::decimal((self.food_factor * 100.0).round() / 100.0)
    }
}

/// The weather a day left to chance shows its hours and tests in: the
/// likeliest of those it may have (the first of equals, normal weather
/// first), with its chance and how many others are as likely.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Likeliest {
    /// Region by region: "Greyspine pass: Normal".
    pub weather: String,
    pub chance: f64,
    /// Other weathers exactly as likely.
    pub tied_with: usize,
}

impl Likeliest {
    /// "Hours and tests in the likeliest weather, Greyspine pass: Normal
    /// (17%, as likely as 5 others)".
    pub fn words(&self) -> String {
        let tie = match self.tied_with {
            0 => String::new(),
            n => format!(
                ", as likely as {}: the first taken",
                crate::model::plural(n, "other")
            ),
        };
        format!(
            "Hours and tests in the likeliest weather, {} ({:.0}%{tie}); expected exhaustion and food weigh every weather by its chance",
            self.weather,
            self.chance * 100.0
        )
    }
}

/// The weather a plan day is planned with in one region it crosses.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DayWeather {
    pub region: String,
    #[serde(flatten)]
    pub known: Known,
}

/// How a day's weather is known to the plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "as", rename_all = "kebab-case")]
pub enum Known {
    /// As it fell: rolled for a day played, or today.
    Fact { weather: String },
    /// Told ahead by a Divine.
    Foretold { weather: String },
    /// The forecast's chance of each weather.
    Chance { odds: Vec<(String, f64)> },
}

impl PlanDay {
    /// The weather the day is planned with, region by region ("Greyspine
    /// Pass: Extreme cold (foretold) · Lowlands: Rain 42%, Sun 58%
    /// (chance)"), as the Days tab and the packet say it; None when no
    /// region's weather is read.
    pub fn weather_words(&self) -> Option<String> {
        let words: Vec<String> = self.weather.iter().map(DayWeather::words).collect();
        (!words.is_empty()).then(|| words.join(" · "))
    }

    /// Whether any region's weather of the day is left to chance.
    pub fn weather_by_chance(&self) -> bool {
        (self.weather.iter()).any(|w| matches!(w.known, Known::Chance { .. }))
    }
}

impl DayWeather {
    /// "Greyspine Pass: Extreme cold (foretold)", "Lowlands: Rain 42%,
    /// Sun 58% (chance)".
    pub fn words(&self) -> String {
        let known = match &self.known {
            Known::Fact { weather } => format!("{weather} (as it fell)"),
            Known::Foretold { weather } => format!("{weather} (foretold)"),
            Known::Chance { odds } => {
                let odds: Vec<String> = (odds.iter())
                    .map(|(w, p)| format!("{w} {:.0}%", p * 100.0))
                    .collect();
                format!("{} (chance)", odds.join(", "))
            }
        };
        format!("{}: {known}", self.region)
    }
}

/// The whole plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JourneyPlanView {
    pub road_hours: usize,
    /// Whether the plan reaches the destination (it may not, with no travel).
    pub arrives: bool,
    pub days: Vec<PlanDay>,
    /// The legs that swim below 500 m with someone not adapted.
    pub abyss: Vec<String>,
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

    /// Hours of the road travelled after `played_hours`: as far as the
    /// party got (a stretch walked again is not travelled twice).
    pub fn road_hours_played(&self, played_hours: i64) -> usize {
        let mut left = usize::try_from(played_hours).unwrap_or(0);
        let mut reached = 0;
        for day in &self.days {
            // The whole day when more hours are left than it has.
            let played = day.slots.get(..left).unwrap_or(&day.slots);
            if let Some(last) = played.iter().rev().find_map(|s| s.road) {
                let first = played.iter().find_map(|s| s.road).unwrap_or(last);
                reached = if day.walked_again { first } else { last + 1 };
            }
            left -= played.len();
            if left == 0 {
                break;
            }
        }
        reached
    }

    /// The day being played (or about to be), for keeping it as it is when
    /// the pattern changes; `None` before the first hour is played.
    pub fn day_in_play(&self, played_hours: i64) -> Option<i64> {
        (played_hours > 0).then(|| {
            self.locate(played_hours)
                .map_or(self.days.len() as i64 - 1, |(d, _)| d as i64)
        })
    }

    /// What the GM must know of the plan as a whole: legs below 500 m for
    /// someone not adapted, and a destination it never reaches within
    /// [`MAX_DAYS`] (one line, with when the plan stops).
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = self.abyss.clone();
        let Some(last) = self.days.last() else {
            return warnings;
        };
        if self.arrives {
            return warnings;
        }
        let travelled = self.road_hours_played(self.total_hours());
        warnings.push(format!(
            "The destination is not reached: the plan stops after {}, at the end of campaign day {}, with {} of {} on the road travelled",
            crate::model::plural(self.days.len(), "day"),
            last.date,
            travelled,
            crate::model::plural(self.road_hours, "hour")
        ));
        warnings
    }

    /// How many tests the plan calls for, every character and day.
    pub fn test_count(&self) -> usize {
        self.days
            .iter()
            .flat_map(|d| &d.characters)
            .map(|c| c.tests.len())
            .sum()
    }

    pub fn total_hours(&self) -> i64 {
        self.days.iter().map(|d| d.slots.len() as i64).sum()
    }

    /// Day `d` and its slot `s`, as [`Self::locate`] finds them.
    pub fn day_and_slot(&self, d: usize, s: usize) -> Option<(&PlanDay, &Slot)> {
        let day = self.days.get(d)?;
        Some((day, day.slots.get(s)?))
    }

    /// The clock time of the `n`th hour of the journey.
    pub fn clock_at(&self, n: i64) -> Option<ClockTime> {
        let (d, s) = self.locate(n)?;
        let (day, slot) = self.day_and_slot(d, s)?;
        Some(ClockTime {
            day: day.date,
            hour: slot.hour,
        })
    }
}

#[cfg(test)]
mod tests {
    /// Issue 50, 30: every cause of a journey's test is told to players in
    /// words ("a test against the heat"), not as the log names it.
    #[test]
    fn every_test_cause_is_told_in_words() {
        for cause in super::TestCause::ALL {
            let told = crate::model::plain_words::test_told(cause.as_str());
            assert!(told.is_some_and(|t| t.starts_with("a test ")), "{cause:?}");
        }
    }
}
