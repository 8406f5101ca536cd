//! The chronicle: what happened on each day, read from the one campaign
//! log (every step played is an entry there, with its clock time, kind,
//! words and characters), with each day's date, season, moons, each
//! region's weather and the GM's events. An entry whose edit was undone
//! did not happen and is left out. Days group into weeks, months and years
//! for a long campaign.

use crate::model::calendar::Phase;
use crate::model::{
    CalendarEvent, CampaignData, CharacterId, LogEntry, LogId, LogKind, PartyId, Region, RegionId,
    Weather,
};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;

/// The log's entries that happened, by clock day: built once per change of
/// the campaign, read for any day or period after.
#[derive(Debug, Default)]
pub struct Index {
    by_day: BTreeMap<i64, Vec<LogId>>,
    /// The first day any region has weather of: read once, not each frame.
    first_weather: Option<i64>,
}

impl Index {
    pub fn of(data: &CampaignData) -> Self {
        let mut by_day: BTreeMap<i64, Vec<LogId>> = BTreeMap::new();
        for e in data.log.values().filter(|e| !e.undone) {
            by_day.entry(e.at.day).or_default().push(e.id);
        }
        let first_weather = data.weather.values().map(|w| w.day).min();
        Self {
            by_day,
            first_weather,
        }
    }

    /// The days the chronicle covers: from the first day anything happened
    /// or had weather (day 1 at the latest) to today, or to the last day
    /// something was logged on if that is later. Weather forecast for days
    /// ahead does not make them part of it: they have not happened. It
    /// never leaves the clock's days, whatever a file holds.
    pub fn span(&self, data: &CampaignData) -> RangeInclusive<i64> {
        let today = data.settings.clock.day;
        let logged = self.by_day.keys().copied();
        let first = logged
            .clone()
            .chain(self.first_weather)
            .min()
            .unwrap_or(1)
            .min(1)
            .min(today);
        let last = logged.max().unwrap_or(today).max(today);
        let days = &crate::model::limits::CLOCK_DAY;
        first.clamp(*days.start(), *days.end())..=last.clamp(*days.start(), *days.end())
    }

    /// The entries of clock day `day` that `filter` keeps, in the order made.
    pub fn entries<'a>(
        &self,
        data: &'a CampaignData,
        day: i64,
        filter: &Filter,
    ) -> Vec<&'a LogEntry> {
        self.by_day
            .get(&day)
            .into_iter()
            .flatten()
            .filter_map(|id| data.log.get(id))
            .filter(|e| filter.keeps(data, e))
            .collect()
    }
}

/// Which entries and regions the chronicle shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    /// Entries of this party's members only.
    pub party: Option<PartyId>,
    /// Entries naming this character only.
    pub character: Option<CharacterId>,
    /// This region's weather only.
    pub region: Option<RegionId>,
    /// Entries of this kind only.
    pub kind: Option<LogKind>,
    /// Entries players see, or the GM's own, or both.
    pub seen: crate::model::SeenFilter,
}

impl Filter {
    fn keeps(&self, data: &CampaignData, e: &LogEntry) -> bool {
        self.seen.keeps(&e.shown)
            && self.kind.is_none_or(|k| e.kind == k)
            && self.character.is_none_or(|c| e.characters.contains(&c))
            && self.party.is_none_or(|p| {
                e.characters
                    .iter()
                    .any(|c| data.characters.get(c).is_some_and(|c| c.party == Some(p)))
            })
    }

    fn shows_region(&self, region: RegionId) -> bool {
        self.region.is_none_or(|r| r == region)
    }
}

/// One day of the chronicle.
#[derive(Debug)]
pub struct Day<'a> {
    pub day: i64,
    /// Whether the day is after the clock's: nothing on it has happened,
    /// and its weather is a forecast, left out here (the Weather screen
    /// gives its chances).
    pub ahead: bool,
    pub date: String,
    pub season: Option<String>,
    pub moons: Vec<(&'a str, Phase)>,
    /// Each region's weather of the day (regions in name order), where it
    /// fell: none for a day ahead.
    pub weather: Vec<(&'a Region, Option<&'a Weather>)>,
    /// The weather parties met outside every region that day (a path or
    /// place in no region), when no region is picked.
    pub outside: Vec<super::weather::PartyWeather>,
    pub events: Vec<&'a CalendarEvent>,
    pub entries: Vec<&'a LogEntry>,
}

/// Clock day `day` as the chronicle tells it. With a party picked, a day
/// after that party's present is ahead: it has not lived it.
pub fn day<'a>(data: &'a CampaignData, index: &Index, day: i64, filter: &Filter) -> Day<'a> {
    let c = &data.settings.calendar;
    let now = crate::world::present::now_of(data, filter.party);
    let ahead = day > now.day;
    Day {
        day,
        ahead,
        date: c.describe(day),
        season: c.season_on(day).map(|(s, ..)| s.name.clone()),
        moons: c.moons_on(day),
        weather: data
            .regions_by_name()
            .into_iter()
            .filter(|r| filter.shows_region(r.id))
            .map(|r| (r, data.weather_on(r.id, day).filter(|_| !ahead)))
            .collect(),
        outside: if ahead || filter.region.is_some() {
            Vec::new()
        } else {
            super::weather::outside_regions(data, day)
        },
        events: CalendarEvent::on_day(data.events.values(), c, day),
        entries: index.entries(data, day, filter),
    }
}

/// A party's lane of a day or of a run of days (issue 53): "the world's
/// chronicle shows every party's days side by side". What the party lived
/// in them (its log entries, by kind), or that it has not lived them yet.
#[derive(Debug, Clone, PartialEq)]
pub struct Lane {
    pub party: PartyId,
    /// Whether the party's present has reached the first of the days.
    pub lived: bool,
    pub entries: BTreeMap<LogKind, usize>,
}

impl Lane {
    /// "Travel 3, Scene 1"; "quiet" for a day lived with nothing logged;
    /// "not yet lived".
    pub fn words(&self) -> String {
        if !self.lived {
            return "not yet lived".to_owned();
        }
        if self.entries.is_empty() {
            return "quiet".to_owned();
        }
        (self.entries.iter())
            .map(|(k, n)| format!("{} {n}", k.label()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Each party's lane of `days`, the parties in id order; the entries
/// `filter` keeps that the log stamped with the party.
pub fn lanes(
    data: &CampaignData,
    index: &Index,
    days: RangeInclusive<i64>,
    filter: &Filter,
) -> Vec<Lane> {
    let mut lanes: Vec<Lane> = (data.parties.values())
        .map(|p| Lane {
            party: p.id,
            lived: *days.start() <= p.now.day,
            entries: BTreeMap::new(),
        })
        .collect();
    let logged = (!days.is_empty())
        .then(|| index.by_day.range(days.clone()))
        .into_iter()
        .flatten();
    for e in logged.flat_map(|(_, ids)| ids.iter().filter_map(|id| data.log.get(id))) {
        if !filter.keeps(data, e) {
            continue;
        }
        for lane in lanes.iter_mut().filter(|l| e.parties.contains(&l.party)) {
            *lane.entries.entry(e.kind).or_default() += 1;
        }
    }
    lanes
}

/// A run of days summed up: how many entries of each kind, the GM's events,
/// and each region's commonest weather (of the days that fell, not the
/// forecast) with its count of days.
#[derive(Debug, Clone, PartialEq)]
pub struct Period {
    pub days: RangeInclusive<i64>,
    pub entries: BTreeMap<LogKind, usize>,
    pub events: usize,
    pub weather: Vec<(String, String, usize)>,
}

/// The days `days` summed up as a [`Period`] (nothing for an empty range).
pub fn period(
    data: &CampaignData,
    index: &Index,
    days: RangeInclusive<i64>,
    filter: &Filter,
) -> Period {
    let mut entries: BTreeMap<LogKind, usize> = BTreeMap::new();
    let logged = (!days.is_empty())
        .then(|| index.by_day.range(days.clone()))
        .into_iter()
        .flatten();
    for (_, ids) in logged {
        for e in ids.iter().filter_map(|id| data.log.get(id)) {
            if filter.keeps(data, e) {
                *entries.entry(e.kind).or_default() += 1;
            }
        }
    }
    let c = &data.settings.calendar;
    let events = days
        .clone()
        .map(|d| CalendarEvent::on_day(data.events.values(), c, d).len())
        .sum();
    let weather = data
        .regions_by_name()
        .into_iter()
        .filter(|r| filter.shows_region(r.id))
        .filter_map(|r| {
            let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
            let fell = *days.start()..=(*days.end()).min(data.settings.clock.day);
            for w in data.weather_of(r.id, fell) {
                *counts.entry(w.weather.as_str()).or_default() += 1;
            }
            let (weather, n) = counts.into_iter().max_by_key(|(_, n)| *n)?;
            Some((r.name.clone(), weather.to_owned(), n))
        })
        .collect();
    Period {
        days,
        entries,
        events,
        weather,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Change, Character, CharacterKind, ClockTime, Party, Settings};

    fn entry(id: i64, day: i64, kind: LogKind, who: &[CharacterId]) -> LogEntry {
        LogEntry {
            shown: Default::default(),
            working_shown: false,
            id: LogId(id),
            at: ClockTime { day, hour: 9 },
            real: "2026-12-01 20:00".into(),
            kind,
            why: format!("entry {id}"),
            rolled: String::new(),
            characters: who.to_vec(),
            undone: false,
            said: Vec::new(),
            parties: Vec::new(),
        }
    }

    #[test]
    fn undone_entries_did_not_happen_and_filters_keep_what_they_name() {
        let mut data = CampaignData::new(Settings::new("Chronicle"));
        let party = Party::new(PartyId(1), "Walkers", ClockTime::START);
        let mut ana = Character::new(CharacterId(1), "Ana", CharacterKind::Hero);
        ana.party = Some(party.id);
        let bo = Character::new(CharacterId(2), "Bo", CharacterKind::Hero);
        data.apply(&Change::of(None, Some(&party)));
        data.apply(&Change::of(None, Some(&ana)));
        data.apply(&Change::of(None, Some(&bo)));
        let mut undone = entry(3, 2, LogKind::Travel, &[ana.id]);
        undone.undone = true;
        for e in [
            entry(1, 2, LogKind::Travel, &[ana.id]),
            entry(2, 2, LogKind::Scene, &[bo.id]),
            undone,
            entry(4, 5, LogKind::Travel, &[]),
        ] {
            data.apply(&Change::of(None, Some(&e)));
        }
        let index = Index::of(&data);
        assert_eq!(index.span(&data), 1..=5);
        let ids = |f: &Filter| -> Vec<i64> {
            index.entries(&data, 2, f).iter().map(|e| e.id.0).collect()
        };
        assert_eq!(
            ids(&Filter::default()),
            [1, 2],
            "the undone entry is left out"
        );
        let walkers = Filter {
            party: Some(party.id),
            ..Filter::default()
        };
        assert_eq!(ids(&walkers), [1]);
        let scenes = Filter {
            kind: Some(LogKind::Scene),
            ..Filter::default()
        };
        assert_eq!(ids(&scenes), [2]);
        let whole = period(&data, &index, 1..=5, &Filter::default());
        assert_eq!(whole.entries.get(&LogKind::Travel), Some(&2));
        assert_eq!(whole.entries.get(&LogKind::Scene), Some(&1));
    }

    /// The Weeks zoom after *Roll the forecast again*: a week that starts
    /// after today summed up without a panic, and forecast days are not
    /// days that happened.
    #[test]
    fn a_week_ahead_of_the_clock_sums_to_nothing_and_forecasts_are_not_history() {
        let mut settings = Settings::new("Chronicle");
        settings.clock.day = 3;
        let mut data = CampaignData::new(settings);
        let region = Region::new(RegionId(1), "Plain");
        data.apply(&Change::of(None, Some(&region)));
        for day in 1..=12 {
            let w = Weather {
                id: crate::model::WeatherId::of(region.id, day),
                region: region.id,
                day,
                weather: format!("weather {day}"),
                rolled: String::new(),
                foretold: false,
            };
            data.apply(&Change::of(None, Some(&w)));
        }
        let index = Index::of(&data);
        assert_eq!(index.span(&data), 1..=3, "days ahead are not part of it");
        let week = period(&data, &index, 6..=12, &Filter::default());
        assert!(week.weather.is_empty(), "{:?}", week.weather);
        assert!(
            period(&data, &index, RangeInclusive::new(9, 6), &Filter::default())
                .entries
                .is_empty()
        );
        let past = period(&data, &index, 1..=5, &Filter::default());
        assert_eq!(
            past.weather[0].2, 1,
            "one day of each weather fell: days 1 to 3"
        );
        let ahead = day(&data, &index, 5, &Filter::default());
        assert!(ahead.ahead);
        assert_eq!(ahead.weather[0].1, None, "a forecast is not what fell");
        let today = day(&data, &index, 3, &Filter::default());
        assert!(!today.ahead);
        assert_eq!(
            today.weather[0].1.map(|w| w.weather.as_str()),
            Some("weather 3")
        );
    }
}
