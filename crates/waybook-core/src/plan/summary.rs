//! What a plan comes to, kept when the GM looks at it or prints it, so
//! that when anything it reads changes (weather rolled, the forecast
//! rolled again, a path edited, a member added) it can say what changed
//! since: "Day 2's weather is now Extreme cold (as it fell): +15.8
//! expected exhaustion, +280 food units".

use super::{FoodLedger, JourneyPlanView, Known};
use crate::model::{CampaignData, ClockTime, Journey, JourneyId, decimal, plural};
use serde::{Deserialize, Serialize};

/// One calendar day of a plan, as the GM saw it (a day the trip was left
/// in and went on is one day).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DaySummary {
    /// 1 is the trip's first calendar day.
    pub day: i64,
    pub date: i64,
    /// The weather it was planned with, in words.
    pub weather: String,
    pub expected_exhaustion: f64,
    pub food_units: f64,
}

/// A plan as the GM saw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub tests: usize,
    pub expected_exhaustion: f64,
    pub food_units: f64,
    pub days: Vec<DaySummary>,
}

impl Summary {
    pub fn of(view: &JourneyPlanView, food: &FoodLedger) -> Self {
        let first = view.days.first().map_or(0, |d| d.date);
        let mut days: Vec<DaySummary> = Vec::new();
        for d in &view.days {
            let exhaustion: f64 = (d.characters.iter())
                .map(|c| c.forecast.expected_exhaustion)
                .sum();
            let food = food.day(d.index).map_or(0.0, |f| f.planned);
            match days.last_mut() {
                Some(same) if same.date == d.date => {
                    same.expected_exhaustion += exhaustion;
                    same.food_units += food;
                }
                _ => days.push(DaySummary {
                    day: d.date - first + 1,
                    date: d.date,
                    weather: weather_words(d),
                    expected_exhaustion: exhaustion,
                    food_units: food,
                }),
            }
        }
        Self {
            tests: view.test_count(),
            expected_exhaustion: days.iter().map(|d| d.expected_exhaustion).sum(),
            food_units: days.iter().map(|d| d.food_units).sum(),
            days,
        }
    }

    /// What changed from `before` to this, one line each, the days first;
    /// nothing when nothing a GM would see changed.
    pub fn changes_since(&self, before: &Summary) -> Vec<String> {
        let mut lines = Vec::new();
        for now in &self.days {
            let Some(was) = before.days.iter().find(|d| d.date == now.date) else {
                continue;
            };
            let exhaustion = now.expected_exhaustion - was.expected_exhaustion;
            let food = now.food_units - was.food_units;
            let figures = format!(
                "{} expected exhaustion, {} food units",
                more_or_less(exhaustion),
                more_or_less(food)
            );
            if now.weather != was.weather {
                lines.push(format!(
                    "Day {}'s weather is now {}: {figures}",
                    now.day, now.weather
                ));
            } else if exhaustion.abs() >= 0.05 || food.abs() >= 0.5 {
                lines.push(format!("Day {}: {figures}", now.day));
            }
        }
        if self.days.len() != before.days.len() {
            lines.push(format!(
                "The plan is now {} (was {})",
                plural(self.days.len(), "day"),
                before.days.len()
            ));
        }
        if !lines.is_empty() {
            lines.push(format!(
                "In all: tests {} → {} · expected exhaustion {} → {} · food {} → {}",
                before.tests,
                self.tests,
                decimal(round1(before.expected_exhaustion)),
                decimal(round1(self.expected_exhaustion)),
                decimal(before.food_units.round()),
                decimal(self.food_units.round())
            ));
        }
        lines
    }
}

/// A plan as its packet printed it, and the campaign's time it was
/// printed at: kept in the campaign's file, so that after it is opened
/// again the plan still says what changed since.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Printed {
    pub at: ClockTime,
    pub summary: Summary,
}

impl Printed {
    /// What `journey`'s packet prints now.
    pub fn now(data: &CampaignData, journey: &Journey) -> Self {
        let view = super::plan(data, journey);
        let food = super::food_ledger(data, journey, &view);
        Self {
            at: data.settings.clock,
            summary: Summary::of(&view, &food),
        }
    }

    /// The key it is kept under in the campaign's file.
    pub fn key(journey: JourneyId) -> String {
        format!("printed journey {}", journey.0)
    }

    /// The journey a key names, if it names one.
    pub fn journey_of(key: &str) -> Option<JourneyId> {
        key.strip_prefix("printed journey ")?
            .parse()
            .ok()
            .map(JourneyId)
    }
}

/// A day's weather in words, region by region ("the leg's own" when no
/// region's weather is known).
fn weather_words(day: &super::PlanDay) -> String {
    if day.weather.is_empty() {
        return "the legs' own".to_owned();
    }
    let words: Vec<String> = (day.weather.iter())
        .map(|w| match &w.known {
            Known::Chance { odds } => {
                let odds: Vec<String> = (super::skies::by_temperature(odds).iter())
                    .map(|(t, p)| format!("{} {:.0}%", t.label(), p * 100.0))
                    .collect();
                format!("{} in {} (chance)", odds.join(", "), w.region)
            }
            Known::Fact { weather } | Known::Foretold { weather } => {
                format!("{} in {}", weather, w.region)
            }
        })
        .collect();
    words.join(", ")
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// "+15.8", "−2", "+0" (a true minus sign).
fn more_or_less(x: f64) -> String {
    let x = round1(x);
    if x < 0.0 {
        format!("\u{2212}{}", decimal(-x))
    } else {
        format!("+{}", decimal(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(weather: &str, exhaustion: f64, food: f64) -> DaySummary {
        DaySummary {
            day: 2,
            date: 9,
            weather: weather.into(),
            expected_exhaustion: exhaustion,
            food_units: food,
        }
    }

    fn summary(days: Vec<DaySummary>) -> Summary {
        Summary {
            tests: 3,
            expected_exhaustion: days.iter().map(|d| d.expected_exhaustion).sum(),
            food_units: days.iter().map(|d| d.food_units).sum(),
            days,
        }
    }

    /// The issue's own words: a day whose weather came out cold says so,
    /// with what it adds.
    #[test]
    fn a_day_whose_weather_changed_says_so_with_what_it_adds() {
        let before = summary(vec![day(
            "Plain: Mild 58%, Extreme cold 42% (chance)",
            2.0,
            80.0,
        )]);
        let now = summary(vec![day("Extreme cold in Plain", 17.8, 160.0)]);
        let lines = now.changes_since(&before);
        assert_eq!(
            lines[0],
            "Day 2's weather is now Extreme cold in Plain: +15.8 expected exhaustion, +80 food units"
        );
        assert!(lines[1].starts_with("In all: tests 3 → 3 · expected exhaustion 2 → 17.8"));
        assert!(now.changes_since(&now).is_empty(), "nothing changed");
    }
}
