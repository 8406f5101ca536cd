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
    /// The weather it was planned with (or played in), in words.
    pub weather: String,
    pub expected_exhaustion: f64,
    /// The food units planned for it (what it took, once played).
    pub food_units: f64,
    /// What the day came to, once played to its end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<PlayedDay>,
}

/// What a day of the trip came to when it was played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayedDay {
    /// Food units it took from packs and stash (whole items opened: what
    /// was eaten and what was left over).
    pub taken: f64,
    /// Supplies its travel round's camp spent, when it was a round's day.
    pub supplies: Option<i64>,
    /// Degrees of exhaustion its tests gave.
    pub exhaustion: i64,
}

/// A plan as the GM saw it: the days to come by their figures, the days
/// played by what they came to, and where the party stood.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Of the days still to play.
    pub tests: usize,
    pub expected_exhaustion: f64,
    /// Food units planned for the days still to play.
    pub food_units: f64,
    pub days: Vec<DaySummary>,
    /// Where the party stood ("At Ridge Camp").
    #[serde(default)]
    pub party_at: String,
    /// The trip's lines of days its party spent at rest ("2 days spent
    /// resting at Ridge Camp").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rested: Vec<String>,
}

impl Summary {
    pub fn of(
        data: &CampaignData,
        journey: &Journey,
        view: &JourneyPlanView,
        food: &FoodLedger,
    ) -> Self {
        let first = view.days.first().map_or(0, |d| d.date);
        let mut days: Vec<DaySummary> = Vec::new();
        let mut tests = 0;
        for d in &view.days {
            let played = (d.index < food.from_day).then(|| played_day(data, journey, d));
            if played.is_none() {
                tests += d.characters.iter().map(|c| c.tests.len()).sum::<usize>();
            }
            let exhaustion: f64 = (d.characters.iter())
                .map(|c| c.forecast.expected_exhaustion)
                .sum();
            let food_units = match &played {
                Some(p) => p.taken,
                None => food.day(d.index).map_or(0.0, |f| f.planned),
            };
            match days.last_mut() {
                Some(same) if same.date == d.date => {
                    same.expected_exhaustion += exhaustion;
                    same.food_units += food_units;
                    same.played = match (same.played.take(), played) {
                        (Some(a), Some(b)) => Some(a.and(&b)),
                        _ => None,
                    };
                }
                _ => days.push(DaySummary {
                    day: d.date - first + 1,
                    date: d.date,
                    weather: weather_words(d),
                    expected_exhaustion: exhaustion,
                    food_units,
                    played,
                }),
            }
        }
        let to_come = || days.iter().filter(|d| d.played.is_none());
        Self {
            tests,
            expected_exhaustion: to_come().map(|d| d.expected_exhaustion).sum::<f64>() + 0.0,
            food_units: to_come().map(|d| d.food_units).sum::<f64>() + 0.0,
            party_at: (data.parties.get(&journey.party))
                .map_or_else(String::new, |p| crate::travel::whereabouts(data, p)),
            rested: (journey.log.iter())
                .filter(|l| super::rest::is_rested_line(l))
                .cloned()
                .collect(),
            days,
        }
    }

    /// Food units taken from packs and stash on the days played.
    fn taken(&self) -> f64 {
        (self.days.iter())
            .filter_map(|d| d.played.as_ref())
            .map(|p| p.taken)
            .sum::<f64>()
            + 0.0
    }

    /// What changed from `before` to this, one line each, the days first;
    /// nothing when nothing a GM would see changed.
    pub fn changes_since(&self, before: &Summary) -> Vec<String> {
        let mut lines = Vec::new();
        for now in &self.days {
            let Some(was) = before.days.iter().find(|d| d.date == now.date) else {
                continue;
            };
            lines.extend(day_change(was, now));
        }
        if self.days.len() != before.days.len() {
            lines.push(format!(
                "The plan is now {} (was {})",
                plural(self.days.len(), "day"),
                before.days.len()
            ));
        }
        // Issue 53: days passed at rest mid-trip are said.
        lines.extend(
            (self.rested.iter())
                .filter(|r| !before.rested.contains(r))
                .cloned(),
        );
        if self.party_at != before.party_at && !before.party_at.is_empty() {
            lines.push(format!(
                "The party now: {} (was: {})",
                self.party_at, before.party_at
            ));
        }
        if !lines.is_empty() {
            let mut all = format!(
                "Days to come: tests {} → {} · expected exhaustion {} → {} · food units planned {} → {}",
                before.tests,
                self.tests,
                decimal(round1(before.expected_exhaustion)),
                decimal(round1(self.expected_exhaustion)),
                decimal(before.food_units.round()),
                decimal(self.food_units.round())
            );
            if self.taken() > 0.0 || before.taken() > 0.0 {
                all += &format!(
                    " · food units taken on the days played {} → {}",
                    decimal(before.taken().round()),
                    decimal(self.taken().round())
                );
            }
            lines.push(all);
        }
        lines
    }
}

impl PlayedDay {
    /// Two parts of one calendar day, played, as one.
    fn and(&self, other: &PlayedDay) -> PlayedDay {
        PlayedDay {
            taken: self.taken + other.taken,
            supplies: match (self.supplies, other.supplies) {
                (None, None) => None,
                (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
            },
            exhaustion: self.exhaustion + other.exhaustion,
        }
    }

    /// "160 food units taken from packs and stash, 4 Supplies spent at
    /// camp, 1 degree of exhaustion from its tests".
    fn words(&self) -> String {
        let mut words = format!(
            "{} food units taken from packs and stash",
            decimal(self.taken.round())
        );
        if let Some(supplies) = self.supplies {
            words += &format!(", {} spent at camp", plural(supplies, "Supply"));
        }
        words += &match self.exhaustion {
            0 => ", no exhaustion from its tests".to_owned(),
            n => format!(
                ", {} from its tests",
                plural(n, "degree") + " of exhaustion"
            ),
        };
        words
    }
}

/// What the plan's day `index` came to when played: the food it took, the
/// Supplies its round's camp spent and the exhaustion its tests gave.
fn played_day(data: &CampaignData, journey: &Journey, day: &super::PlanDay) -> PlayedDay {
    let k = usize::try_from(day.index).unwrap_or(usize::MAX);
    // A file from before the food opened was kept: what the packs lost.
    let taken = journey.food_opened.get(k).copied().unwrap_or_else(|| {
        let left = |i: usize| journey.food_left.get(i).copied();
        left(k)
            .zip(left(k + 1))
            .map_or(0.0, |(a, b)| (a - b).max(0.0))
    });
    let camps = (data.rounds.values())
        .filter(|r| r.party == journey.party && r.day == day.date)
        .filter_map(|r| r.supplies_spent);
    let supplies = camps.reduce(|a, b| a + b);
    PlayedDay {
        taken,
        supplies,
        exhaustion: (journey.exhaustion_gained.iter())
            .filter(|g| g.day == day.index)
            .map(|g| g.degrees)
            .sum(),
    }
}

/// One day's line: played since, to play again, or its plan changed.
fn day_change(was: &DaySummary, now: &DaySummary) -> Option<String> {
    match (&was.played, &now.played) {
        (None, Some(played)) => Some(format!(
            "Day {} was played, in {}: {} ({} planned, {} expected exhaustion)",
            now.day,
            now.weather,
            played.words(),
            decimal(round1(was.food_units)),
            decimal(round1(was.expected_exhaustion))
        )),
        (Some(_), None) => Some(format!(
            "Day {} is to be played again (undone): {} food units planned",
            now.day,
            decimal(round1(now.food_units))
        )),
        (Some(a), Some(b)) => (a != b).then(|| {
            format!(
                "Day {} was played again, in {}: {}",
                now.day,
                now.weather,
                b.words()
            )
        }),
        (None, None) => {
            let exhaustion = now.expected_exhaustion - was.expected_exhaustion;
            let food = now.food_units - was.food_units;
            let figures = format!(
                "{} expected exhaustion, {} food units planned",
                more_or_less(exhaustion),
                more_or_less(food)
            );
            if now.weather != was.weather {
                Some(format!(
                    "Day {}'s weather is now {}: {figures}",
                    now.day, now.weather
                ))
            } else if exhaustion.abs() >= 0.05 || food.abs() >= 0.5 {
                Some(format!("Day {}: {figures}", now.day))
            } else {
                None
            }
        }
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
            summary: Summary::of(data, journey, &view, &food),
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

/// A day's weather in words, region by region ("the legs' own weather"
/// when no region's weather is read).
fn weather_words(day: &super::PlanDay) -> String {
    if day.weather.is_empty() {
        return "the legs' own weather".to_owned();
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
            played: None,
        }
    }

    fn summary(days: Vec<DaySummary>) -> Summary {
        Summary {
            tests: 3,
            expected_exhaustion: days.iter().map(|d| d.expected_exhaustion).sum(),
            food_units: days.iter().map(|d| d.food_units).sum(),
            days,
            party_at: "At Kettleford".into(),
            rested: Vec::new(),
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
            "Day 2's weather is now Extreme cold in Plain: +15.8 expected exhaustion, +80 food units planned"
        );
        assert!(lines[1].starts_with("Days to come: tests 3 → 3 · expected exhaustion 2 → 17.8"));
        assert!(now.changes_since(&now).is_empty(), "nothing changed");
    }

    /// Issue 50: the box "reads a played day as a smaller need: 'Day 2:
    /// −160 food units' after day 2 ate 160 ... It never says a day was
    /// played, nor what was eaten, the Supplies spent or where the party
    /// now is. A played day is reported as played, with what happened."
    #[test]
    fn a_day_played_is_said_played_with_what_it_ate_and_spent() {
        let before = summary(vec![day("Rain in Vale (as it fell)", 1.25, 160.0)]);
        let mut played = day("Rain in Vale (as it fell)", 1.25, 160.0);
        played.played = Some(PlayedDay {
            taken: 160.0,
            supplies: Some(4),
            exhaustion: 1,
        });
        let mut now = summary(vec![played]);
        now.tests = 0;
        now.food_units = 0.0;
        now.expected_exhaustion = 0.0;
        now.party_at = "On Col road toward High Col: 1 of 3 rounds done".into();
        let lines = now.changes_since(&before);
        assert_eq!(
            lines,
            [
                "Day 2 was played, in Rain in Vale (as it fell): 160 food units taken from packs and stash, 4 Supplies spent at camp, 1 degree of exhaustion from its tests (160 planned, 1.3 expected exhaustion)",
                "The party now: On Col road toward High Col: 1 of 3 rounds done (was: At Kettleford)",
                "Days to come: tests 3 → 0 · expected exhaustion 1.3 → 0 · food units planned 160 → 0 · food units taken on the days played 0 → 160",
            ]
        );
        assert!(
            !lines.iter().any(|l| l.contains('−')),
            "no day reads as a smaller need"
        );
        // Undone: the day is to play again.
        assert_eq!(
            before.changes_since(&now)[0],
            "Day 2 is to be played again (undone): 160 food units planned"
        );
    }
}
