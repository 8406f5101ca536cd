//! The weather a plan reads, region by region and day by day: as it fell
//! for the days known (those played, today's once rolled, those a step is
//! about to play), as a Divine foretold it, and for any other day from
//! today the forecast's chance of each weather, from the same odds the Weather
//! screen shows (`world::weather::odds_through`). A day that may have
//! several weathers is planned in each, and its figures weighted by their
//! chances.

use super::{DayWeather, Known};
use crate::model::{CampaignData, RegionId, Temperature, Weather, WeatherId, temperature_of};
use crate::world::weather;
use std::collections::{BTreeMap, BTreeSet};

/// At most this many regions of a day are planned by chance; any more
/// are planned in their likeliest weather (a day crossing four regions
/// whose weather is unknown is rare, and each one triples the work).
const CHANCE_REGIONS: usize = 3;

/// One weather a day may have: its chance, and each region's weather.
pub(super) type Outcome = (f64, BTreeMap<RegionId, Temperature>);

/// A region's odds of each day looked at: the first and last days, and
/// each day's odds.
type Looked = (i64, i64, BTreeMap<i64, Vec<(String, f64)>>);

pub(super) struct Skies<'a> {
    data: &'a CampaignData,
    rolled: &'a [Weather],
    /// Days up to this one are known: their weather is as it fell.
    known_through: i64,
    /// Each region's odds of each day ahead, as far as looked.
    odds: BTreeMap<RegionId, Looked>,
}

impl<'a> Skies<'a> {
    pub fn new(data: &'a CampaignData, rolled: &'a [Weather], known_through: i64) -> Self {
        Self {
            data,
            rolled,
            known_through: known_through.max(data.settings.clock.day),
            odds: BTreeMap::new(),
        }
    }

    /// The weather of `region` on `day` as it fell or was foretold.
    fn known(&self, region: RegionId, day: i64) -> Option<Known> {
        let id = WeatherId::of(region, day);
        if let Some(w) = self.rolled.iter().find(|w| w.id == id) {
            return Some(Known::Fact {
                weather: w.weather.clone(),
            });
        }
        let w = self.data.weather.get(&id)?;
        if day <= self.known_through {
            Some(Known::Fact {
                weather: w.weather.clone(),
            })
        } else {
            w.foretold.then(|| Known::Foretold {
                weather: w.weather.clone(),
            })
        }
    }

    /// The forecast's odds of `region`'s weather on `day` ahead, looking
    /// a window of days ahead at a time (twice as many each time, up to a
    /// year), from the day asked: a plan far ahead keeps no odds of the
    /// days between.
    fn chance(&mut self, region: RegionId, day: i64) -> Option<Vec<(String, f64)>> {
        let today = self.data.settings.clock.day;
        if day < today {
            return None;
        }
        let looked = self
            .odds
            .get(&region)
            .map(|(from, through, _)| (*from, *through));
        if looked.is_none_or(|(from, through)| day < from || day > through) {
            let span = looked.map_or(7, |(from, through)| (2 * (through - from)).clamp(7, 366));
            let r = self.data.regions.get(&region)?;
            let odds = weather::odds_between(self.data, r, day, day + span)
                .map(|days| days.into_iter().map(|d| (d.day, d.odds)).collect())
                .unwrap_or_default();
            self.odds.insert(region, (day, day + span, odds));
        }
        self.odds.get(&region)?.2.get(&day).cloned()
    }

    /// What is known of `day`'s weather in each region `crossed`, and the
    /// weathers the day may have with their chances (one, for certain,
    /// when nothing is left to chance), likeliest first.
    pub fn day(
        &mut self,
        day: i64,
        crossed: &BTreeSet<RegionId>,
    ) -> (Vec<DayWeather>, Vec<Outcome>) {
        let mut shown = Vec::new();
        let mut fixed = BTreeMap::new();
        let mut open: Vec<(RegionId, Vec<(Temperature, f64)>)> = Vec::new();
        for &region in crossed {
            let name = self
                .data
                .regions
                .get(&region)
                .map_or("?", |r| r.name.as_str());
            let known = match self.known(region, day) {
                Some(known) => known,
                None => match self.chance(region, day) {
                    Some(odds) => Known::Chance { odds },
                    None => continue,
                },
            };
            match &known {
                Known::Fact { weather } | Known::Foretold { weather } => {
                    fixed.insert(region, temperature_of(weather));
                }
                Known::Chance { odds } => open.push((region, by_temperature(odds))),
            }
            shown.push(DayWeather {
                region: name.to_owned(),
                known,
            });
        }
        let mut outcomes: Vec<Outcome> = vec![(1.0, fixed)];
        for (i, (region, odds)) in open.into_iter().enumerate() {
            if i >= CHANCE_REGIONS {
                let likeliest = odds.first().map_or(Temperature::Normal, |(t, _)| *t);
                outcomes.iter_mut().for_each(|(_, o)| {
                    o.insert(region, likeliest);
                });
                continue;
            }
            outcomes = (outcomes.iter())
                .flat_map(|(p, o)| {
                    odds.iter().map(move |(t, q)| {
                        let mut o = o.clone();
                        o.insert(region, *t);
                        (p * q, o)
                    })
                })
                .collect();
        }
        outcomes.sort_by(|a, b| b.0.total_cmp(&a.0));
        (shown, outcomes)
    }
}

impl Skies<'_> {
    /// The weather a day of `outcomes` (likeliest first) shows its hours
    /// and tests in, when more than one is possible.
    pub fn likeliest(&self, outcomes: &[Outcome]) -> Option<super::Likeliest> {
        let [(chance, regions), others @ ..] = outcomes else {
            return None;
        };
        if others.is_empty() {
            return None;
        }
        let words: Vec<String> = (regions.iter())
            .map(|(r, t)| {
                let name = self.data.regions.get(r).map_or("?", |r| r.name.as_str());
                format!("{name}: {}", t.label())
            })
            .collect();
        Some(super::Likeliest {
            weather: words.join(", "),
            chance: *chance,
            tied_with: (others.iter())
                .filter(|(p, _)| (p - chance).abs() < 1e-9)
                .count(),
        })
    }
}

/// A day's odds as the rules read them: the chance of each temperature,
/// likeliest first (normal first of equals).
pub(super) fn by_temperature(odds: &[(String, f64)]) -> Vec<(Temperature, f64)> {
    let mut chances: Vec<(Temperature, f64)> = Vec::new();
    for (name, p) in odds {
        let t = temperature_of(name);
        match chances.iter_mut().find(|(known, _)| *known == t) {
            Some((_, q)) => *q += p,
            None => chances.push((t, *p)),
        }
    }
    chances.sort_by(|a, b| b.1.total_cmp(&a.1));
    chances
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Region, Settings};

    /// Issue 50, item 8: "'Tests 0 · Expected exhaustion 4.7' and 'Tests:
    /// none' beside 3.73 expected: the likeliest of six weathers tied at
    /// 17% was chosen without a word. Say the tie and the weather chosen".
    #[test]
    fn a_tie_for_the_likeliest_weather_is_said_with_the_weather_taken() {
        let mut data = CampaignData::new(Settings::new("Skies"));
        let (pass, plain) = (RegionId(1), RegionId(2));
        for (id, name) in [(pass, "Pass"), (plain, "Plain")] {
            let region = Region::new(id, name);
            data.apply(&crate::model::Change::of(None, Some(&region)));
        }
        let skies = Skies::new(&data, &[], 0);
        let both = |a, b| BTreeMap::from([(pass, a), (plain, b)]);
        let t = [
            Temperature::Normal,
            Temperature::ExtremeCold,
            Temperature::ExtremeHeat,
        ];
        let six: Vec<Outcome> = (0..6)
            .map(|i| (1.0 / 6.0, both(t[i % 3], t[i / 3])))
            .collect();
        let likeliest = skies.likeliest(&six).expect("left to chance");
        assert_eq!(likeliest.tied_with, 5);
        assert_eq!(
            likeliest.words(),
            "Hours and tests in the likeliest weather, Pass: Normal, Plain: Normal (17%, as likely as 5 others: the first taken); expected exhaustion and food weigh every weather by its chance"
        );
        let known = [(1.0, both(t[0], t[1]))];
        assert_eq!(skies.likeliest(&known), None, "one weather: nothing to say");
        let clear = [(0.7, both(t[0], t[0])), (0.3, both(t[1], t[0]))];
        let words = skies.likeliest(&clear).expect("by chance").words();
        assert!(words.contains("(70%)"), "no tie: {words}");
    }
}
