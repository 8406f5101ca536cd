//! The campaign's calendar: months, weekdays, festival days that belong to
//! no month or week, a leap rule, the year's era and the date of day 1;
//! seasons with their sunrise and sunset, and moons with their phases. The
//! clock counts days (`ClockTime::day`); the calendar only names them, so
//! changing it never moves anything in time. Pure: day numbers to dates and
//! back, a moon's phase, the season and daylight of a day.

use super::limits::{
    CALENDAR_FESTIVALS, CALENDAR_MONTHS, CALENDAR_YEAR, LEAP_YEARS, MONTH_DAYS, MOON_CYCLE,
    MOON_PHASE, YEAR_DAYS,
};
use serde::{Deserialize, Serialize};

/// A month: its name and its days in a common year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Month {
    pub name: String,
    pub days: i64,
}

/// Days of no month ("Midwinter", Greyhawk's seven days of Needfest),
/// after a month's last day or opening the year; outside the week's count
/// unless `in_week`; some only in leap years (Harptos's Shieldmeet, after
/// Midsummer every fourth year).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Festival {
    pub name: String,
    /// The month (0 = the first) whose last day it follows; none: it comes
    /// before the year's first month.
    pub after_month: Option<usize>,
    /// Its days in a year it comes (1 or more).
    #[serde(default = "one_day", skip_serializing_if = "is_one_day")]
    pub days: i64,
    /// Whether it comes only in leap years: the leap year's days more.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leap_only: bool,
    /// Whether its days are days of the week (each has a weekday and the
    /// week counts them); by default they stand outside it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_week: bool,
}

fn one_day() -> i64 {
    1
}

fn is_one_day(days: &i64) -> bool {
    *days == 1
}

impl Festival {
    /// A festival of one day, every year, outside the week.
    pub fn new(name: &str, after_month: Option<usize>) -> Self {
        Festival {
            name: name.to_owned(),
            after_month,
            days: 1,
            leap_only: false,
            in_week: false,
        }
    }
}

/// Which years are leap years, and where the leap day goes: a day more in
/// a month, or in a festival, or neither (the leap years' own festivals
/// are the days more). Every `every` years, except every `except_every`,
/// but again every `but_every` (the Gregorian rule is 4, 100 and 400;
/// Fantasy-Calendar writes it "400,!100,4").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeapRule {
    pub month: Option<usize>,
    /// The festival that has a day more (when no month has).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub festival: Option<usize>,
    pub every: i64,
    pub except_every: Option<i64>,
    pub but_every: Option<i64>,
}

impl LeapRule {
    /// Every `every` years, the day more in `month`.
    pub fn every(every: i64, month: Option<usize>) -> Self {
        LeapRule {
            month,
            festival: None,
            every,
            except_every: None,
            but_every: None,
        }
    }
}

/// An era that names the years from `from_year` on (until the next era):
/// "1 January 2022 Anno Domini".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Era {
    pub name: String,
    pub from_year: i64,
}

/// A season from its first day, with the hour of sunrise and of sunset on
/// that day (in the campaign's hours); days between seasons' first days
/// take the hours in between.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Season {
    pub name: String,
    pub month: usize,
    pub day: i64,
    pub sunrise: f64,
    pub sunset: f64,
}

/// A moon: a full cycle takes `cycle_days`; at the start of the date
/// `anchor` it is `phase_at_anchor` through it (0 new, 0.5 full). The
/// anchor is a date, so moving day 1 or the clock never moves the moons.
/// A moon may start its cycle again on the anchor's day of some years
/// (`reset`), as Simple Calendar's moons do.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Moon {
    pub name: String,
    pub cycle_days: f64,
    pub anchor: Date,
    pub phase_at_anchor: f64,
    #[serde(default, skip_serializing_if = "MoonReset::is_never")]
    pub reset: MoonReset,
}

/// When a moon's cycle starts again, as Simple Calendar counts it (its
/// `firstNewMoon.yearReset`): on the anchor's day (its month and day) of
/// the last such year, `phase_at_anchor` through it, plus Simple
/// Calendar's part of a day for each year since (the years gone by over
/// the rule's years: a quarter day a year for a rule of four).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoonReset {
    /// The cycle runs on from the anchor, whatever the year.
    #[default]
    Never,
    /// Each leap year (the year itself when it is one), before or after
    /// the anchor's year; without leap years it runs on.
    LeapYear,
    /// Each year that is a multiple of `n` back from the year (Simple
    /// Calendar's "every X years"); in such a year itself, the cycle runs
    /// on from the anchor, as Simple Calendar counts it.
    EveryYears(i64),
}

impl MoonReset {
    pub fn is_never(&self) -> bool {
        *self == MoonReset::Never
    }

    /// In words, as the calendar screen and an import say it.
    pub fn words(self) -> String {
        match self {
            MoonReset::Never => "runs on".to_owned(),
            MoonReset::LeapYear => "starts again each leap year".to_owned(),
            MoonReset::EveryYears(n) => format!("starts again every {n} years"),
        }
    }
}

/// A moon as files keep it: before document version 16 its phase was
/// given on day 1 of the clock (`phase_on_day_one`), read as anchored on
/// the date of day 1.
#[derive(Deserialize)]
struct StoredMoon {
    name: String,
    cycle_days: f64,
    #[serde(default)]
    anchor: Option<Date>,
    #[serde(alias = "phase_on_day_one")]
    phase_at_anchor: f64,
    #[serde(default)]
    reset: MoonReset,
}

/// An hour of the day with its minutes, as a clock shows it: 6.335 as
/// "06:20" (to the nearest minute).
pub fn clock_time(hour: f64) -> String {
    let minutes = (hour * 60.0).round() as i64;
    format!(
        "{:02}:{:02}",
        minutes.div_euclid(60),
        minutes.rem_euclid(60)
    )
}

/// A calendar to start from.
pub type Preset = fn() -> Calendar;

/// A month as the calendar screen draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct MonthPage {
    /// The clock day of the month's first day.
    pub first: i64,
    pub days: i64,
    /// The festival days that open the year, before the first month:
    /// clock day and name.
    pub before: Vec<(i64, String)>,
    /// The festival days after the month: clock day and name.
    pub festivals: Vec<(i64, String)>,
}

/// A day of the calendar: a month's day, or a festival's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", from = "StoredDay")]
pub enum Day {
    /// The `day`th (from 1) of month `month` (from 0).
    Of { month: usize, day: i64 },
    /// The `day`th (from 1) of the festival of index `festival` in
    /// [`Calendar::festivals`].
    Festival { festival: usize, day: i64 },
}

impl Day {
    /// The first (or only) day of festival `festival`.
    pub fn festival(festival: usize) -> Self {
        Day::Festival { festival, day: 1 }
    }
}

/// A day as files keep it: before document version 16 a festival was one
/// day, named by its index alone.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
enum StoredDay {
    Of { month: usize, day: i64 },
    Festival(StoredFestivalDay),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum StoredFestivalDay {
    Index(usize),
    Day { festival: usize, day: i64 },
}

impl From<StoredDay> for Day {
    fn from(d: StoredDay) -> Self {
        match d {
            StoredDay::Of { month, day } => Day::Of { month, day },
            StoredDay::Festival(StoredFestivalDay::Index(i)) => Day::festival(i),
            StoredDay::Festival(StoredFestivalDay::Day { festival, day }) => {
                Day::Festival { festival, day }
            }
        }
    }
}

/// A date: a year and a day of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Date {
    pub year: i64,
    pub day: Day,
}

/// The calendar of a campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "StoredCalendar")]
pub struct Calendar {
    pub months: Vec<Month>,
    pub weekdays: Vec<String>,
    pub festivals: Vec<Festival>,
    pub leap: Option<LeapRule>,
    /// The name written after the year ("AD"), or none.
    pub era: String,
    /// The date of day 1 of the campaign clock.
    pub day_one: Date,
    /// The weekday (from 0) of the first day of year 1: the calendar's
    /// epoch, from which every date's weekday is counted, so a weekday
    /// always follows from its date (festivals outside the week have none).
    pub year_one_weekday: usize,
    /// Whether the week starts again on each month's first day (a
    /// Fantasy-Calendar week that does not "overflow"); by default it runs
    /// on across months and years.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub week_restarts_monthly: bool,
    /// The eras after the first (`era`), each naming the years from its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eras: Vec<Era>,
    pub seasons: Vec<Season>,
    pub moons: Vec<Moon>,
}

/// A calendar as files keep it. Files before document version 14 named the
/// weekday of day 1, a free choice that could disagree with the dates: it
/// is read as the epoch's weekday that gives every date the name it had,
/// but for a calendar shaped as the Gregorian one, whose weekdays are the
/// world's. Files before version 16 gave a moon's phase on day 1: it is
/// anchored on day 1's date.
#[derive(Deserialize)]
struct StoredCalendar {
    months: Vec<Month>,
    weekdays: Vec<String>,
    festivals: Vec<Festival>,
    leap: Option<LeapRule>,
    era: String,
    day_one: Date,
    #[serde(default)]
    year_one_weekday: Option<usize>,
    #[serde(default)]
    day_one_weekday: Option<usize>,
    #[serde(default)]
    week_restarts_monthly: bool,
    #[serde(default)]
    eras: Vec<Era>,
    seasons: Vec<Season>,
    moons: Vec<StoredMoon>,
}

impl From<StoredCalendar> for Calendar {
    fn from(s: StoredCalendar) -> Self {
        let moons = (s.moons.into_iter())
            .map(|m| Moon {
                name: m.name,
                cycle_days: m.cycle_days,
                anchor: m.anchor.unwrap_or(s.day_one),
                phase_at_anchor: m.phase_at_anchor,
                reset: m.reset,
            })
            .collect();
        let mut c = Calendar {
            months: s.months,
            weekdays: s.weekdays,
            festivals: s.festivals,
            leap: s.leap,
            era: s.era,
            day_one: s.day_one,
            year_one_weekday: s.year_one_weekday.unwrap_or(0),
            week_restarts_monthly: s.week_restarts_monthly,
            eras: s.eras,
            seasons: s.seasons,
            moons,
        };
        if let (None, Some(old)) = (s.year_one_weekday, s.day_one_weekday) {
            c.year_one_weekday = c.epoch_weekday_naming_day_one(old);
        }
        c
    }
}

/// Why a calendar cannot be used, in the GM's words.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CalendarError {
    #[error("a calendar needs at least one month")]
    NoMonths,
    #[error("{0} has {1} days; a month has between 1 and 1,000")]
    MonthDays(String, i64),
    #[error("a calendar needs at least one weekday")]
    NoWeekdays,
    #[error("the festival {0} follows a month the calendar does not have")]
    FestivalMonth(String),
    #[error("the festival {0} has {1} days; a festival has between 1 and 1,000")]
    FestivalDays(String, i64),
    #[error("the leap day goes to a month the calendar does not have")]
    LeapMonth,
    #[error("the leap day goes to a festival the calendar does not have")]
    LeapFestival,
    #[error("the leap day goes to one month or one festival, not both")]
    LeapTwice,
    #[error("the festival {0} comes only in leap years, but the calendar has none")]
    FestivalLeap(String),
    #[error(
        "leap years come every 1 to 10,000 years, and each exception every multiple of the rule before it"
    )]
    LeapCycle,
    #[error("day 1 is on a day the calendar does not have")]
    DayOne,
    #[error("the weekday of year 1's first day is not one of the calendar's")]
    EpochWeekday,
    #[error("the season {0} starts on a day the calendar does not have")]
    SeasonDay(String),
    #[error("the seasons' first days must be in the order of the year")]
    SeasonOrder,
    #[error("{0}: sunrise and sunset are hours of the day, sunrise first")]
    Daylight(String),
    #[error("the moon {0} needs a cycle of 1 to 10,000 days and a phase from 0 to 1")]
    MoonCycle(String),
    #[error("the moon {0}'s phase is given on a day the calendar does not have")]
    MoonAnchor(String),
    #[error("the era {0} needs a name and a year after the era before it")]
    EraOrder(String),
    #[error("the moon {0} starts again every 1 to 10,000 years")]
    MoonReset(String),
    #[error("{0} months; a calendar has at most 100")]
    Months(usize),
    #[error("{0} festivals; a calendar has at most 100")]
    Festivals(usize),
    #[error("a year of {0} days; a calendar's year has at most 10,000")]
    YearDays(i64),
}

waybook_rules::named_enum! {
    /// A moon's phase by name, from new to new: `ALL` is the cycle's order.
    pub enum Phase("moon phase") {
        New => "new",
        WaxingCrescent => "waxing-crescent" as "waxing crescent",
        FirstQuarter => "first-quarter" as "first quarter",
        WaxingGibbous => "waxing-gibbous" as "waxing gibbous",
        Full => "full",
        WaningGibbous => "waning-gibbous" as "waning gibbous",
        LastQuarter => "last-quarter" as "last quarter",
        WaningCrescent => "waning-crescent" as "waning crescent",
    }
}

impl Phase {
    /// The phase a moon is in, `fraction` of the way through its cycle:
    /// each named phase is the eighth of the cycle around its point.
    #[allow(
        clippy::indexing_slicing,
        reason = "the eighth is taken % 8, and ALL holds the eight phases"
    )]
    pub fn at(fraction: f64) -> Self {
        let eighth = (fraction.rem_euclid(1.0) * 8.0 + 0.5).floor() as usize % 8;
        Self::ALL[eighth]
    }

    /// How far through the cycle the phase's exact moment is (full: 0.5).
    pub fn fraction(self) -> f64 {
        let i = Self::ALL.iter().position(|p| *p == self).unwrap_or(0);
        i as f64 / 8.0
    }
}

impl Calendar {
    /// The Gregorian calendar with one moon; day 1 is 1 January of year 1
    /// (a Monday).
    pub fn gregorian() -> Self {
        let months = [
            ("January", 31),
            ("February", 28),
            ("March", 31),
            ("April", 30),
            ("May", 31),
            ("June", 30),
            ("July", 31),
            ("August", 31),
            ("September", 30),
            ("October", 31),
            ("November", 30),
            ("December", 31),
        ];
        let weekdays = [
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
        ];
        let seasons = [
            ("Winter", 11, 21, 8.0, 16.0),
            ("Spring", 2, 20, 6.0, 18.0),
            ("Summer", 5, 21, 4.0, 20.0),
            ("Autumn", 8, 22, 6.0, 18.0),
        ];
        let mut seasons: Vec<Season> = seasons
            .iter()
            .map(|&(name, month, day, sunrise, sunset)| Season {
                name: name.to_owned(),
                month,
                day,
                sunrise,
                sunset,
            })
            .collect();
        seasons.rotate_left(1);
        Calendar {
            months: months
                .iter()
                .map(|&(name, days)| Month {
                    name: name.to_owned(),
                    days,
                })
                .collect(),
            weekdays: weekdays.iter().map(|&d| d.to_owned()).collect(),
            festivals: Vec::new(),
            leap: Some(LeapRule {
                except_every: Some(100),
                but_every: Some(400),
                ..LeapRule::every(4, Some(1))
            }),
            era: String::new(),
            day_one: Date {
                year: 1,
                day: Day::Of { month: 0, day: 1 },
            },
            // 1 January of year 1 (proleptic Gregorian) was a Monday.
            year_one_weekday: 0,
            week_restarts_monthly: false,
            eras: Vec::new(),
            seasons,
            // The mean synodic month, and the new moon of 6 January 2000 at
            // 18:14 UTC: at that day's start, 0.7597 of a day before it.
            moons: vec![Moon {
                name: "The Moon".to_owned(),
                cycle_days: 29.530_588_853,
                anchor: Date {
                    year: 2000,
                    day: Day::Of { month: 0, day: 6 },
                },
                phase_at_anchor: 0.974_273_4,
                reset: MoonReset::Never,
            }],
        }
    }

    /// The demo's world: twelve named months of thirty days, a six-day
    /// week, two festivals, two moons (Sable and the slow Lantern), and
    /// day 1 on Fireday 14 Harvestmoon 1203 of the Crossing.
    pub fn greyspine() -> Self {
        let months = [
            "Thawmoon",
            "Seedmoon",
            "Rainmoon",
            "Bloommoon",
            "Sunmoon",
            "Highsummer",
            "Harvestmoon",
            "Leafmoon",
            "Frostmoon",
            "Darkmoon",
            "Deepwinter",
            "Snowmoon",
        ];
        let weekdays = [
            "Moonday", "Fireday", "Wellday", "Windday", "Earthday", "Starday",
        ];
        let day_one = Date {
            year: 1203,
            day: Day::Of { month: 6, day: 14 },
        };
        let seasons = [
            ("Spring", 1, 6.0, 18.5),
            ("Summer", 4, 5.0, 20.5),
            ("Autumn", 7, 6.5, 18.0),
            ("Winter", 10, 8.5, 16.0),
        ];
        Calendar {
            months: months
                .iter()
                .map(|&name| Month {
                    name: name.to_owned(),
                    days: 30,
                })
                .collect(),
            weekdays: weekdays.iter().map(|&d| d.to_owned()).collect(),
            festivals: vec![
                Festival::new("Midsummer Night", Some(5)),
                Festival::new("Year's Turning", Some(11)),
            ],
            leap: Some(LeapRule::every(4, Some(11))),
            era: "of the Crossing".to_owned(),
            day_one,
            // Which makes day 1, 14 Harvestmoon 1203, a Fireday.
            year_one_weekday: 0,
            week_restarts_monthly: false,
            eras: Vec::new(),
            seasons: seasons
                .iter()
                .map(|&(name, month, sunrise, sunset)| Season {
                    name: name.to_owned(),
                    month,
                    day: 1,
                    sunrise,
                    sunset,
                })
                .collect(),
            moons: vec![
                Moon {
                    name: "Sable".to_owned(),
                    cycle_days: 28.0,
                    anchor: day_one,
                    phase_at_anchor: 0.42,
                    reset: MoonReset::Never,
                },
                Moon {
                    name: "Lantern".to_owned(),
                    cycle_days: 41.0,
                    anchor: day_one,
                    phase_at_anchor: 0.9,
                    reset: MoonReset::Never,
                },
            ],
        }
    }

    /// The calendars a GM can start from, by name.
    pub const PRESETS: [(&'static str, Preset); 2] = [
        ("Gregorian", Calendar::gregorian),
        ("The Greyspine reckoning (the demo's)", Calendar::greyspine),
    ];

    /// Removes a weekday; the epoch keeps its weekday where it can, else
    /// takes the one before.
    pub fn remove_weekday(&mut self, i: usize) {
        if i >= self.weekdays.len() {
            return;
        }
        self.weekdays.remove(i);
        if self.year_one_weekday > i || self.year_one_weekday >= self.weekdays.len() {
            self.year_one_weekday = self.year_one_weekday.saturating_sub(1);
        }
    }

    /// The epoch's weekday that makes day 1 the weekday `day_one` (from 0),
    /// every other date following: how a file that named day 1's weekday is
    /// read. A calendar shaped as the Gregorian one keeps the world's
    /// weekdays instead. Out of the week, it is kept for the check to refuse.
    fn epoch_weekday_naming_day_one(&self, day_one: usize) -> usize {
        let gregorian = Self::gregorian();
        if self.months == gregorian.months
            && self.weekdays == gregorian.weekdays
            && self.festivals.is_empty()
            && self.leap == gregorian.leap
        {
            return 0;
        }
        if day_one >= self.weekdays.len() {
            return day_one;
        }
        self.epoch_weekday_naming(self.day_one, day_one)
    }

    /// The epoch's weekday that makes `date` the weekday `weekday` (from
    /// 0), every other date following: how a file that names one date's
    /// weekday is read.
    pub fn epoch_weekday_naming(&self, date: Date, weekday: usize) -> usize {
        let n = self.weekdays.len().max(1) as i64;
        match (self.ordinary(date), self.ordinary(self.epoch())) {
            (Some(day), Some(epoch)) => {
                usize::try_from((weekday as i64 - (day - epoch)).rem_euclid(n)).unwrap_or(0)
            }
            _ => 0,
        }
    }

    /// The first day of year 1, from which weekdays are counted.
    pub fn epoch(&self) -> Date {
        self.date_in_year(1, 0)
    }

    /// Removes a month; what was tied to it (festivals after it, the leap
    /// day, seasons, day 1 and the moons' dates in it) moves to the month
    /// before (or the new first), its day kept within the month.
    pub fn remove_month(&mut self, i: usize) {
        if i >= self.months.len() {
            return;
        }
        self.months.remove(i);
        let last = self.months.len().saturating_sub(1);
        let moved = |m: usize| {
            if m >= i {
                m.saturating_sub(1).min(last)
            } else {
                m
            }
        };
        let fit =
            |months: &[Month], m: usize, day: i64| day.min(months.get(m).map_or(1, |m| m.days));
        for f in &mut self.festivals {
            f.after_month = f.after_month.map(moved);
        }
        if let Some(leap) = &mut self.leap {
            leap.month = leap.month.map(moved);
        }
        for season in &mut self.seasons {
            season.month = moved(season.month);
            season.day = fit(&self.months, season.month, season.day);
        }
        let months = &self.months;
        let move_date = |date: &mut Date| {
            if let Day::Of { month, day } = date.day {
                let month = moved(month);
                date.day = Day::Of {
                    month,
                    day: fit(months, month, day),
                };
            }
        };
        move_date(&mut self.day_one);
        self.moons.iter_mut().for_each(|m| move_date(&mut m.anchor));
    }

    /// Removes a festival; a date on it (day 1, a moon's) moves to the
    /// first day of the month after it, the leap day to no festival.
    pub fn remove_festival(&mut self, i: usize) {
        if i >= self.festivals.len() {
            return;
        }
        let removed = self.festivals.remove(i);
        let after = removed.after_month.map_or(0, |m| m + 1);
        let next = Day::Of {
            month: if after < self.months.len() { after } else { 0 },
            day: 1,
        };
        if let Some(leap) = &mut self.leap {
            leap.festival = match leap.festival {
                Some(f) if f == i => None,
                Some(f) if f > i => Some(f - 1),
                kept => kept,
            };
        }
        let move_date = |date: &mut Date| {
            if let Day::Festival { festival, day } = date.day {
                date.day = match festival.cmp(&i) {
                    std::cmp::Ordering::Less => date.day,
                    std::cmp::Ordering::Equal => next,
                    std::cmp::Ordering::Greater => Day::Festival {
                        festival: festival - 1,
                        day,
                    },
                };
            }
        };
        move_date(&mut self.day_one);
        self.moons.iter_mut().for_each(|m| move_date(&mut m.anchor));
    }

    /// Whether the calendar can name every day, and what is wrong if not.
    pub fn check(&self) -> Result<(), CalendarError> {
        if self.months.is_empty() {
            return Err(CalendarError::NoMonths);
        }
        if let Some(m) = self.months.iter().find(|m| !MONTH_DAYS.contains(&m.days)) {
            return Err(CalendarError::MonthDays(m.name.clone(), m.days));
        }
        if !CALENDAR_MONTHS.contains(&self.months.len()) {
            return Err(CalendarError::Months(self.months.len()));
        }
        if self.weekdays.is_empty() {
            return Err(CalendarError::NoWeekdays);
        }
        self.check_festivals()?;
        if let Some(leap) = &self.leap {
            self.check_leap(leap)?;
        }
        // Every part is in range by now: the sum cannot overflow.
        let longest = self.common_year_days() + self.leap_days();
        if !YEAR_DAYS.contains(&longest) {
            return Err(CalendarError::YearDays(longest));
        }
        if !CALENDAR_YEAR.contains(&self.day_one.year) || self.absolute(self.day_one).is_none() {
            return Err(CalendarError::DayOne);
        }
        if self.year_one_weekday >= self.weekdays.len() {
            return Err(CalendarError::EpochWeekday);
        }
        self.check_seasons()?;
        for m in &self.moons {
            if !MOON_CYCLE.contains(&m.cycle_days) || !MOON_PHASE.contains(&m.phase_at_anchor) {
                return Err(CalendarError::MoonCycle(m.name.clone()));
            }
            if !CALENDAR_YEAR.contains(&m.anchor.year) || self.absolute(m.anchor).is_none() {
                return Err(CalendarError::MoonAnchor(m.name.clone()));
            }
            if matches!(m.reset, MoonReset::EveryYears(n) if !LEAP_YEARS.contains(&n)) {
                return Err(CalendarError::MoonReset(m.name.clone()));
            }
        }
        let mut from = CALENDAR_YEAR.start() - 1;
        for era in &self.eras {
            if era.name.trim().is_empty()
                || era.from_year <= from
                || !CALENDAR_YEAR.contains(&era.from_year)
            {
                return Err(CalendarError::EraOrder(era.name.clone()));
            }
            from = era.from_year;
        }
        Ok(())
    }

    fn check_festivals(&self) -> Result<(), CalendarError> {
        if !CALENDAR_FESTIVALS.contains(&self.festivals.len()) {
            return Err(CalendarError::Festivals(self.festivals.len()));
        }
        for f in &self.festivals {
            if f.after_month.is_some_and(|m| m >= self.months.len()) {
                return Err(CalendarError::FestivalMonth(f.name.clone()));
            }
            if !MONTH_DAYS.contains(&f.days) {
                return Err(CalendarError::FestivalDays(f.name.clone(), f.days));
            }
            if f.leap_only && self.leap.is_none() {
                return Err(CalendarError::FestivalLeap(f.name.clone()));
            }
        }
        Ok(())
    }

    fn check_leap(&self, leap: &LeapRule) -> Result<(), CalendarError> {
        if leap.month.is_some_and(|m| m >= self.months.len()) {
            return Err(CalendarError::LeapMonth);
        }
        if leap.festival.is_some_and(|f| f >= self.festivals.len()) {
            return Err(CalendarError::LeapFestival);
        }
        if leap.month.is_some() && leap.festival.is_some() {
            return Err(CalendarError::LeapTwice);
        }
        let steps = [Some(leap.every), leap.except_every, leap.but_every];
        let in_range = || steps.iter().flatten().all(|n| LEAP_YEARS.contains(n));
        // Only once each step is at least 1: no remainder by zero.
        let multiples = || {
            steps.windows(2).all(|w| match w {
                [Some(a), Some(b)] => b % a == 0,
                [None, Some(_)] => false,
                _ => true,
            })
        };
        if !(in_range() && multiples()) {
            return Err(CalendarError::LeapCycle);
        }
        Ok(())
    }

    fn check_seasons(&self) -> Result<(), CalendarError> {
        for s in &self.seasons {
            if !self.has_month_day(s.month, s.day) {
                return Err(CalendarError::SeasonDay(s.name.clone()));
            }
            if !(0.0..=1000.0).contains(&s.sunrise) || s.sunset < s.sunrise {
                return Err(CalendarError::Daylight(s.name.clone()));
            }
        }
        let order: Vec<(usize, i64)> = self.seasons.iter().map(|s| (s.month, s.day)).collect();
        if order.windows(2).any(|w| matches!(w, [a, b] if a >= b)) {
            return Err(CalendarError::SeasonOrder);
        }
        Ok(())
    }

    /// Whether month `month` has a day `day` in a common year.
    fn has_month_day(&self, month: usize, day: i64) -> bool {
        self.months
            .get(month)
            .is_some_and(|m| (1..=m.days).contains(&day))
    }

    /// Whether `year` is a leap year.
    pub fn is_leap(&self, year: i64) -> bool {
        self.leap.as_ref().is_some_and(|l| {
            let every = |n: Option<i64>| n.is_some_and(|n| year.rem_euclid(n) == 0);
            every(Some(l.every)) && (!every(l.except_every) || every(l.but_every))
        })
    }

    fn month_days(&self, month: usize, leap: bool) -> i64 {
        let extra = leap && self.leap.as_ref().is_some_and(|l| l.month == Some(month));
        self.months.get(month).map_or(0, |m| m.days) + i64::from(extra)
    }

    /// Whether festival `i` has a day more in leap years.
    fn festival_gets_leap_day(&self, i: usize) -> bool {
        self.leap.as_ref().is_some_and(|l| l.festival == Some(i))
    }

    /// The days festival `i` has in a leap or common year (none in a
    /// common year when it comes only in leap years).
    pub fn festival_days(&self, i: usize, leap: bool) -> i64 {
        let Some(f) = self.festivals.get(i) else {
            return 0;
        };
        if f.leap_only && !leap {
            return 0;
        }
        f.days + i64::from(leap && self.festival_gets_leap_day(i))
    }

    /// Days of every year, and the leap year's days more, of the festivals
    /// that `counted` picks.
    fn festival_totals(&self, counted: impl Fn(&Festival) -> bool) -> (i64, i64) {
        let mut totals = (0, 0);
        for (i, f) in self
            .festivals
            .iter()
            .enumerate()
            .filter(|(_, f)| counted(f))
        {
            let leap_day = i64::from(self.festival_gets_leap_day(i));
            if f.leap_only {
                totals.1 += f.days + leap_day;
            } else {
                totals.0 += f.days;
                totals.1 += leap_day;
            }
        }
        totals
    }

    /// A year that is not a leap year (the first from year 1), whose days
    /// stand for every common year's.
    pub fn common_year(&self) -> i64 {
        (1..=400).find(|y| !self.is_leap(*y)).unwrap_or(1)
    }

    /// Days in a common year, festivals counted.
    fn common_year_days(&self) -> i64 {
        self.months.iter().map(|m| m.days).sum::<i64>() + self.festival_totals(|_| true).0
    }

    /// The days a leap year has more: its month's day, its festivals'.
    fn leap_days(&self) -> i64 {
        let month = self.leap.as_ref().is_some_and(|l| l.month.is_some());
        i64::from(month) + self.festival_totals(|_| true).1
    }

    /// Days in `year`, festivals counted.
    pub fn year_days(&self, year: i64) -> i64 {
        self.common_year_days()
            + if self.is_leap(year) {
                self.leap_days()
            } else {
                0
            }
    }

    /// The leap years in `from..to` (negative, those in `to..from`, when
    /// `to` comes first), counted without walking them: the
    /// multiples of `every`, less those of `except_every`, plus those of
    /// `but_every` (each rule's years are multiples of the one before, as
    /// [`Calendar::check`] requires).
    fn leap_years_between(&self, from: i64, to: i64) -> i64 {
        let Some(l) = &self.leap else { return 0 };
        let multiples = |n: i64| (to - 1).div_euclid(n) - (from - 1).div_euclid(n);
        let except = l.except_every.map_or(0, multiples);
        let but = l.except_every.and(l.but_every).map_or(0, multiples);
        multiples(l.every) - except + but
    }

    /// The year days are counted from: day 1's.
    fn base_year(&self) -> i64 {
        self.day_one.year
    }

    /// Days from the start of the base year to the start of `year`
    /// (negative for a year before it).
    fn days_before(&self, year: i64) -> i64 {
        let base = self.base_year();
        (year - base) * self.common_year_days()
            + self.leap_years_between(base, year) * self.leap_days()
    }

    /// The days of `year` in order: the festivals that open it, then each
    /// month's days and the festivals after it.
    fn days_of_year(&self, year: i64) -> impl Iterator<Item = Day> + '_ {
        let leap = self.is_leap(year);
        let festivals_at = move |at: Option<usize>| {
            (self.festivals.iter().enumerate())
                .filter(move |(_, f)| f.after_month == at)
                .flat_map(move |(i, _)| {
                    (1..=self.festival_days(i, leap))
                        .map(move |day| Day::Festival { festival: i, day })
                })
        };
        festivals_at(None).chain((0..self.months.len()).flat_map(move |m| {
            let days = (1..=self.month_days(m, leap)).map(move |d| Day::Of { month: m, day: d });
            days.chain(festivals_at(Some(m)))
        }))
    }

    /// How many days of `year` come before `day`, counted by months and
    /// festivals rather than day by day (the moons ask it of every day
    /// drawn).
    fn ordinal(&self, year: i64, day: Day) -> Option<i64> {
        self.count_before(year, day, |_| true)
    }

    /// How many days of `year` before `day` are months' days or the days
    /// of festivals `counted` picks; none when the year has no such day.
    /// One pass over the months and one over the festivals, so a day is
    /// placed as fast however long the year: a festival's place is 0
    /// opening the year, `m + 1` after month `m`; a month's day follows
    /// the festivals up to its own month's place, a festival's day those
    /// of lower places and those of its place listed before it.
    fn count_before(
        &self,
        year: i64,
        day: Day,
        counted: impl Fn(&Festival) -> bool,
    ) -> Option<i64> {
        let leap = self.is_leap(year);
        let place = |f: &Festival| f.after_month.map_or(0, |m| m + 1);
        // The place `day` is at (the months before it), its own counted
        // days before it, and, for a festival's day, its index: the
        // festivals of its place listed before it come first (all of them,
        // for a month's day).
        let (at, own, festival) = match day {
            Day::Of { month, day } => {
                let days = (month < self.months.len()).then(|| self.month_days(month, leap))?;
                if !(1..=days).contains(&day) {
                    return None;
                }
                (month, day - 1, None)
            }
            Day::Festival { festival, day } => {
                let f = self.festivals.get(festival)?;
                let at = place(f);
                if !(1..=self.festival_days(festival, leap)).contains(&day)
                    || at > self.months.len()
                {
                    return None;
                }
                (at, if counted(f) { day - 1 } else { 0 }, Some(festival))
            }
        };
        let months = at;
        let before = |j: usize, p: usize| p < at || (p == at && festival.is_none_or(|i| j < i));
        let month_days: i64 = (0..months).map(|m| self.month_days(m, leap)).sum();
        let festival_days: i64 = (self.festivals.iter().enumerate())
            .filter(|(j, f)| counted(f) && before(*j, place(f)))
            .map(|(j, _)| self.festival_days(j, leap))
            .sum();
        Some(month_days + festival_days + own)
    }

    /// Days from the start of the base year to `date`.
    fn absolute(&self, date: Date) -> Option<i64> {
        Some(self.days_before(date.year) + self.ordinal(date.year, date.day)?)
    }

    /// The date `absolute` days from the start of the base year.
    fn date_at(&self, absolute: i64) -> Date {
        // A guess from the common year's length, then a step or two: leap
        // days only make years longer, so the guess is never far.
        let mut year = self.base_year() + absolute.div_euclid(self.common_year_days().max(1));
        while self.days_before(year) > absolute {
            year -= 1;
        }
        while self.days_before(year + 1) <= absolute {
            year += 1;
        }
        let left = absolute - self.days_before(year);
        Date {
            year,
            day: self.day_in_year(year, left),
        }
    }

    /// The day `left` days after the first of `year`, found a month or a
    /// festival at a time (not day by day: a view names every day of a
    /// year this way).
    fn day_in_year(&self, year: i64, mut left: i64) -> Day {
        let leap = self.is_leap(year);
        let mut by_place: Vec<Vec<usize>> = vec![Vec::new(); self.months.len() + 1];
        for (i, f) in self.festivals.iter().enumerate() {
            if let Some(place) = by_place.get_mut(f.after_month.map_or(0, |m| m + 1)) {
                place.push(i);
            }
        }
        for (place, festivals) in by_place.iter().enumerate() {
            for &festival in festivals {
                let days = self.festival_days(festival, leap);
                if left < days {
                    return Day::Festival {
                        festival,
                        day: left + 1,
                    };
                }
                left -= days;
            }
            if place < self.months.len() {
                let days = self.month_days(place, leap);
                if left < days {
                    return Day::Of {
                        month: place,
                        day: left + 1,
                    };
                }
                left -= days;
            }
        }
        Day::Of { month: 0, day: 1 }
    }

    /// The date of clock day `day` (day 1 is [`Calendar::day_one`]).
    pub fn date(&self, day: i64) -> Date {
        let first = self.absolute(self.day_one).unwrap_or(0);
        self.date_at(first + day - 1)
    }

    /// The clock day of `date`, if the calendar has that day.
    pub fn day_number(&self, date: Date) -> Option<i64> {
        let first = self.absolute(self.day_one)?;
        Some(self.absolute(date)? - first + 1)
    }

    /// Puts day 1 where clock day `today` is `date`: how a calendar brought
    /// in keeps the campaign's days where they are in time. `None` when
    /// the calendar has no such date.
    pub fn with_today(&self, today: i64, date: Date) -> Option<Calendar> {
        let absolute = self.absolute(date)?;
        let mut c = self.clone();
        c.day_one = self.date_at(absolute - (today - 1));
        Some(c)
    }

    /// Days from the start of the base year to `date` that are in a week:
    /// festivals outside the week not counted.
    fn ordinary(&self, date: Date) -> Option<i64> {
        let outside = |f: &Festival| !f.in_week;
        // The days outside the week of the years before: every year's, and
        // the leap years' own.
        let base = self.base_year();
        let (every_year, leap_year) = self.festival_totals(outside);
        let outside_before_year =
            every_year * (date.year - base) + leap_year * self.leap_years_between(base, date.year);
        let in_week_this_year = self.count_before(date.year, date.day, |f| f.in_week)?;
        Some(self.days_before(date.year) - outside_before_year + in_week_this_year)
    }

    /// The weekday of clock day `day`; a festival outside the week has none.
    pub fn weekday(&self, day: i64) -> Option<&str> {
        self.weekday_of(self.date(day))
    }

    /// The weekday of `date`; a festival outside the week has none.
    fn weekday_of(&self, date: Date) -> Option<&str> {
        self.weekdays
            .get(self.weekday_index_of(date)?)
            .map(String::as_str)
    }

    /// Which of the weekdays clock day `day` is (0 the first); a festival
    /// outside the week is none.
    pub fn weekday_index(&self, day: i64) -> Option<usize> {
        self.weekday_index_of(self.date(day))
    }

    fn weekday_index_of(&self, date: Date) -> Option<usize> {
        let n = self.weekdays.len() as i64;
        let day_of_period = match date.day {
            Day::Festival { festival, day } => {
                if !self.festivals.get(festival)?.in_week {
                    return None;
                }
                day
            }
            Day::Of { day, .. } => day,
        };
        if self.week_restarts_monthly {
            return usize::try_from((day_of_period - 1).rem_euclid(n)).ok();
        }
        let offset = self.ordinary(date)? - self.ordinary(self.epoch())?;
        usize::try_from((self.year_one_weekday as i64 + offset).rem_euclid(n)).ok()
    }

    /// The clock days and names of the festival days at `at` (after a
    /// month, or opening the year) in `year`.
    fn festival_days_at(&self, year: i64, at: Option<usize>) -> Vec<(i64, String)> {
        let leap = self.is_leap(year);
        (self.festivals.iter().enumerate())
            .filter(|(_, f)| f.after_month == at)
            .flat_map(|(i, _)| {
                (1..=self.festival_days(i, leap)).map(move |day| Day::Festival { festival: i, day })
            })
            .filter_map(|d| {
                let number = self.day_number(Date { year, day: d })?;
                Some((number, self.day_words(d)))
            })
            .collect()
    }

    /// Month `month` of `year` as a page of the calendar: the clock day of
    /// its first day, its days, the festivals before it (the first month's,
    /// that open the year) and after it (clock day, name).
    pub fn month_page(&self, year: i64, month: usize) -> Option<MonthPage> {
        let first = self.day_number(Date {
            year,
            day: Day::Of { month, day: 1 },
        })?;
        Some(MonthPage {
            first,
            days: self.month_days(month, self.is_leap(year)),
            before: if month == 0 {
                self.festival_days_at(year, None)
            } else {
                Vec::new()
            },
            festivals: self.festival_days_at(year, Some(month)),
        })
    }

    /// Whether festival `i`'s days are numbered: it has more than one in
    /// some year.
    fn festival_numbered(&self, i: usize) -> bool {
        self.festivals.get(i).is_some_and(|f| f.days > 1) || self.festival_gets_leap_day(i)
    }

    /// The date's day as written: "14 Harvestmoon", a festival's name, or
    /// its day and name when it has several ("3 Needfest").
    pub fn day_words(&self, day: Day) -> String {
        match day {
            Day::Of { month, day } => format!("{day} {}", self.month_name(month)),
            Day::Festival { festival, day } if self.festival_numbered(festival) => {
                format!("{day} {}", self.festival_name(festival))
            }
            Day::Festival { festival, .. } => self.festival_name(festival).to_owned(),
        }
    }

    /// Month `m`'s name, "?" for a month the calendar does not have.
    pub fn month_name(&self, m: usize) -> &str {
        self.months.get(m).map_or("?", |m| m.name.as_str())
    }

    /// Festival `f`'s name, "?" for a festival the calendar does not have.
    pub fn festival_name(&self, f: usize) -> &str {
        self.festivals.get(f).map_or("?", |f| f.name.as_str())
    }

    /// Where festival `f` comes, in words: "after Flamerule", "before
    /// Fireseek" (opening the year).
    pub fn festival_place(&self, f: &Festival) -> String {
        match f.after_month {
            Some(m) => format!("after {}", self.month_name(m)),
            None => format!("before {}", self.month_name(0)),
        }
    }

    /// The era that names `year`: the last one begun by then, else the first.
    pub fn era_of(&self, year: i64) -> &str {
        (self.eras.iter())
            .rfind(|e| e.from_year <= year)
            .map_or(self.era.as_str(), |e| e.name.as_str())
    }

    /// Clock day `day` as the GM reads it: "Fireday 14 Harvestmoon 1203".
    pub fn describe(&self, day: i64) -> String {
        let date = self.date(day);
        match self.weekday_of(date) {
            Some(weekday) => format!("{weekday} {}", self.words_of(date)),
            None => self.words_of(date),
        }
    }

    /// Clock day `day` as a date, day before month, without its weekday:
    /// "1 Hammer 1372 DR", "Midwinter 1372 DR".
    pub fn date_words(&self, day: i64) -> String {
        self.words_of(self.date(day))
    }

    fn words_of(&self, date: Date) -> String {
        let era = match self.era_of(date.year) {
            "" => String::new(),
            name => format!(" {name}"),
        };
        format!("{} {}{era}", self.day_words(date.day), date.year)
    }

    /// The clock days of `year`, first to last, festivals among them (and
    /// those that open it first).
    pub fn days_of(&self, year: i64) -> std::ops::RangeInclusive<i64> {
        let first = (self.days_of_year(year).next())
            .and_then(|day| self.day_number(Date { year, day }))
            .unwrap_or(1);
        first..=first + self.year_days(year) - 1
    }

    /// The date `ordinal` days after the first of `year` (0: that first
    /// day), running on into the years after.
    pub fn date_in_year(&self, year: i64, ordinal: i64) -> Date {
        self.date_at(self.days_before(year) + ordinal)
    }

    /// How far through its cycle `moon` is at the start of clock day
    /// `day`, from 0 to 1, counted from its anchor's date (or from the
    /// anchor's day of the year it last started again).
    pub fn moon_fraction(&self, moon: &Moon, day: i64) -> f64 {
        let (from, more) = self.moon_count_from(moon, day);
        (moon.phase_at_anchor + ((day - from) as f64 + more) / moon.cycle_days).rem_euclid(1.0)
    }

    /// The clock day `moon`'s cycle is counted from on clock day `day`,
    /// and the part of a day Simple Calendar adds in the years after a
    /// reset (see [`MoonReset`]).
    fn moon_count_from(&self, moon: &Moon, day: i64) -> (i64, f64) {
        let anchored = || (self.day_number(moon.anchor).unwrap_or(1), 0.0);
        let year = match moon.reset {
            MoonReset::Never => return anchored(),
            _ => self.date(day).year,
        };
        let (from_year, more) = match (moon.reset, &self.leap) {
            (MoonReset::LeapYear, Some(rule)) => {
                let from = self.leap_year_at_or_before(year);
                // Simple Calendar's `fraction`: the year's remainder by the
                // leap year (as JavaScript's `%`, truncated, and Rust's),
                // over the rule's years; none in the leap year or year 0.
                let more = if from == year || from == 0 {
                    0.0
                } else {
                    (year % from) as f64 / rule.every as f64
                };
                (from, more)
            }
            (MoonReset::EveryYears(n), _) if n >= 1 && year % n != 0 => {
                let gone = year % n;
                (year - gone, gone as f64 / n as f64)
            }
            _ => return anchored(),
        };
        // The anchor's day in that year; its place in its own year if that
        // year lacks the day (a leap-year festival).
        let absolute = (self.absolute(Date {
            year: from_year,
            day: moon.anchor.day,
        }))
        .or_else(|| {
            let ordinal = self.ordinal(moon.anchor.year, moon.anchor.day)?;
            Some(self.days_before(from_year) + ordinal)
        });
        let first = self.absolute(self.day_one).unwrap_or(0);
        match absolute {
            Some(absolute) => (absolute - first + 1, more),
            None => anchored(),
        }
    }

    /// The last leap year up to `year` (itself when it is one), counted
    /// without walking back: the last multiple of the rule's years that is
    /// not an excepted one, or the last of the years excepted again.
    pub fn leap_year_at_or_before(&self, year: i64) -> i64 {
        let Some(l) = &self.leap else { return year };
        let last = |n: i64| year - year.rem_euclid(n);
        let every = last(l.every);
        let plain = match l.except_every {
            // The rule's years are multiples of the one before, so the
            // multiple before an excepted year is not excepted, unless
            // the exception is the rule's own years.
            Some(except) if every.rem_euclid(except) == 0 => {
                (except != l.every).then(|| every - l.every)
            }
            _ => Some(every),
        };
        let again = l.except_every.and(l.but_every).map(last);
        plain.into_iter().chain(again).max().unwrap_or(year)
    }

    /// Whether `phase` of `moon` falls in clock day `day`: its exact moment
    /// comes between the start of the day and the next. A moment at a
    /// day's very start falls on that day alone, whatever the rounding of
    /// the cycle's arithmetic.
    pub fn phase_falls_on(&self, moon: &Moon, phase: Phase, day: i64) -> bool {
        const EDGE: f64 = 1e-9;
        let today = self.moon_fraction(moon, day);
        let days_until = (phase.fraction() - today).rem_euclid(1.0) * moon.cycle_days;
        days_until < 1.0 - EDGE || days_until > moon.cycle_days - EDGE
    }

    /// The new, first quarter, full and last quarter moons that fall in
    /// clock day `day`.
    pub fn quarters_on(&self, day: i64) -> Vec<(&str, Phase)> {
        let quarters = [
            Phase::New,
            Phase::FirstQuarter,
            Phase::Full,
            Phase::LastQuarter,
        ];
        self.moons
            .iter()
            .flat_map(|m| {
                quarters
                    .into_iter()
                    .filter(move |p| self.phase_falls_on(m, *p, day))
                    .map(move |p| (m.name.as_str(), p))
            })
            .collect()
    }

    /// Each moon's phase on clock day `day`.
    pub fn moons_on(&self, day: i64) -> Vec<(&str, Phase)> {
        self.moons
            .iter()
            .map(|m| (m.name.as_str(), Phase::at(self.moon_fraction(m, day))))
            .collect()
    }

    /// Whether hour `hour` of clock day `day` is dark: its middle before
    /// sunrise or after sunset. Without seasons no hour is.
    pub fn is_dark(&self, day: i64, hour: i64) -> bool {
        self.season_on(day).is_some_and(|(_, sunrise, sunset)| {
            let middle = hour as f64 + 0.5;
            middle < sunrise || middle > sunset
        })
    }

    /// The seasons' first days as days of `year` (from 0).
    fn season_starts(&self, year: i64) -> Vec<i64> {
        self.seasons
            .iter()
            .filter_map(|s| {
                let day = Day::Of {
                    month: s.month,
                    day: s.day,
                };
                self.ordinal(year, day)
            })
            .collect()
    }

    /// The season of clock day `day`, and its sunrise and sunset (the hours
    /// between its first day's and the next season's); none without seasons.
    pub fn season_on(&self, day: i64) -> Option<(&Season, f64, f64)> {
        if self.seasons.is_empty() {
            return None;
        }
        let date = self.date(day);
        let at = self.ordinal(date.year, date.day)?;
        let this_year = self.season_starts(date.year);
        let n = self.seasons.len();
        // The last season begun by today, else last year's last one.
        let (index, start) = match this_year.iter().enumerate().rfind(|&(_, &s)| s <= at) {
            Some((i, &s)) => (i, s),
            None => {
                let last = *self.season_starts(date.year - 1).last()?;
                (n - 1, last - self.year_days(date.year - 1))
            }
        };
        let next_index = (index + 1) % n;
        let next_start = if next_index == 0 {
            self.season_starts(date.year + 1).first()? + self.year_days(date.year)
        } else {
            *this_year.get(next_index)?
        };
        let span = (next_start - start).max(1) as f64;
        let t = (at - start) as f64 / span;
        let (s, next) = (self.seasons.get(index)?, self.seasons.get(next_index)?);
        let between = |a: f64, b: f64| a + (b - a) * t;
        Some((
            s,
            between(s.sunrise, next.sunrise),
            between(s.sunset, next.sunset),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Gregorian preset's moon keeps the world's: new on 11 January
    /// 2024 (11:57 UTC), full on 25 January (17:54), last quarter on 4
    /// January (03:30), new again on 1 December 2024 (06:21).
    #[test]
    fn the_gregorian_moon_keeps_the_worlds_phases() {
        let c = Calendar::gregorian();
        let phase_on = |month: usize, day: i64| {
            let date = Date {
                year: 2024,
                day: Day::Of { month, day },
            };
            let number = c.day_number(date).expect("a day of 2024");
            c.moons_on(number)[0].1
        };
        assert_eq!(phase_on(0, 11), Phase::New);
        assert_eq!(phase_on(0, 25), Phase::Full);
        assert_eq!(phase_on(0, 4), Phase::LastQuarter);
        assert_eq!(phase_on(11, 1), Phase::New);
    }

    fn of(year: i64, month: usize, day: i64) -> Date {
        Date {
            year,
            day: Day::Of { month, day },
        }
    }

    #[test]
    fn the_gregorian_calendar_counts_as_the_world_does() {
        let g = Calendar::gregorian();
        g.check().expect("a good calendar");
        // 1 January of year 1 was a Monday; 1 January 2000 a Saturday,
        // 730,120 days later (the proleptic Gregorian count).
        let y2000 = g.day_number(of(2000, 0, 1)).expect("a date");
        assert_eq!(y2000, 730_120);
        assert_eq!(g.describe(y2000), "Saturday 1 January 2000");
        // 2000 is a leap year (every 400), 1900 is not (every 100).
        assert_eq!(
            g.date(g.day_number(of(2000, 1, 29)).expect("29 Feb") + 1),
            of(2000, 2, 1)
        );
        assert_eq!(
            g.day_number(of(1900, 1, 29)),
            None,
            "1900 has no 29 February"
        );
        assert_eq!(g.date(y2000 - 1), of(1999, 11, 31));
    }

    /// Issue 34, 5: with day 1 put on 1 January 2026, the eighth day is a
    /// Thursday, as it was; and every 1 January and 1 March from 1600 to
    /// 2399 (two whole 400-year cycles of the leap rule) has the weekday
    /// Python's `datetime` gives it (`date(y, 1, 1).weekday()`, Monday 0).
    #[test]
    fn a_weekday_follows_its_date_wherever_day_one_is() {
        let mut g = Calendar::gregorian();
        g.day_one = of(2026, 0, 1);
        assert_eq!(g.describe(1), "Thursday 1 January 2026");
        assert_eq!(g.describe(8), "Thursday 8 January 2026");
        const JANUARY: &str = concat!(
            "50123560134561234601245602345012356013456123460124560234501235601345612346012456",
            "02345012356013456123456013456123460124560234501235601345612346012456023450123560",
            "13456123460124560234501235601345612346012345612346012456023450123560134561234601",
            "24560234501235601345612346012456023450123560134561234601245601234601245602345012",
            "35601345612346012456023450123560134561234601245602345012356013456123460124560234",
            "50123560134561234601245602345012356013456123460124560234501235601345612346012456",
            "02345012356013456123456013456123460124560234501235601345612346012456023450123560",
            "13456123460124560234501235601345612346012345612346012456023450123560134561234601",
            "24560234501235601345612346012456023450123560134561234601245601234601245602345012",
            "35601345612346012456023450123560134561234601245602345012356013456123460124560234",
        );
        const MARCH: &str = concat!(
            "23450123560134561234601245602345012356013456123460124560234501235601345612346012",
            "45602345012356013456012356013456123460124560234501235601345612346012456023450123",
            "56013456123460124560234501235601345612345601345612346012456023450123560134561234",
            "60124560234501235601345612346012456023450123560134561234601234561234601245602345",
            "01235601345612346012456023450123560134561234601245602345012356013456123460124560",
            "23450123560134561234601245602345012356013456123460124560234501235601345612346012",
            "45602345012356013456012356013456123460124560234501235601345612346012456023450123",
            "56013456123460124560234501235601345612345601345612346012456023450123560134561234",
            "60124560234501235601345612346012456023450123560134561234601234561234601245602345",
            "01235601345612346012456023450123560134561234601245602345012356013456123460124560",
        );
        for (month, python) in [(0, JANUARY), (2, MARCH)] {
            for (year, expected) in (1600..2400).zip(python.bytes()) {
                let day = g.day_number(of(year, month, 1)).expect("a date");
                let weekday = g.weekday_index(day).expect("in the week");
                assert_eq!(
                    weekday,
                    usize::from(expected - b'0'),
                    "1 {} {year}",
                    g.months[month].name
                );
            }
        }
    }

    /// A file that named day 1's weekday keeps every date's name, but a
    /// calendar shaped as the Gregorian one takes the world's weekdays.
    #[test]
    fn a_file_naming_day_one_s_weekday_keeps_its_names() {
        let read = |c: &Calendar, day_one_weekday: usize| -> Calendar {
            let mut json = serde_json::to_value(c).expect("json");
            let fields = json.as_object_mut().expect("an object");
            fields.remove("year_one_weekday");
            fields.insert("day_one_weekday".into(), day_one_weekday.into());
            serde_json::from_value(json).expect("read")
        };
        let demo = read(&Calendar::greyspine(), 3);
        assert_eq!(demo.weekday(1), Some("Windday"), "as the file named it");
        assert_eq!(demo.weekday(2), Some("Earthday"));
        let mut g = Calendar::gregorian();
        g.day_one = of(2026, 0, 1);
        let repaired = read(&g, 0);
        assert_eq!(repaired.weekday(1), Some("Thursday"));
        assert!(read(&Calendar::greyspine(), 9).check().is_err());
    }

    #[test]
    fn an_hour_reads_as_a_clock() {
        assert_eq!(clock_time(6.335), "06:20");
        assert_eq!(clock_time(18.0), "18:00");
        assert_eq!(clock_time(20.5), "20:30");
    }

    #[test]
    fn the_demo_calendar_names_its_days() {
        let c = Calendar::greyspine();
        c.check().expect("a good calendar");
        assert_eq!(c.describe(1), "Fireday 14 Harvestmoon 1203 of the Crossing");
        // Harvestmoon's last day is day 17; Leafmoon follows (no festival
        // after Harvestmoon), 17 days on: two six-day weeks and five days
        // past Fireday is Moonday.
        assert_eq!(c.describe(18), "Moonday 1 Leafmoon 1203 of the Crossing");
        assert_eq!(c.season_on(18).expect("a season").0.name, "Autumn");
    }

    #[test]
    fn removing_a_month_or_a_weekday_keeps_the_calendar_whole() {
        let mut c = Calendar::greyspine();
        // Day 1 is in Harvestmoon (the 7th); year 1 began on a Moonday.
        c.remove_month(6);
        assert_eq!(c.day_one.day, Day::Of { month: 5, day: 14 });
        assert_eq!(c.weekdays[c.year_one_weekday], "Moonday");
        c.remove_weekday(1);
        assert_eq!(c.weekdays[c.year_one_weekday], "Moonday", "kept");
        c.remove_weekday(c.year_one_weekday);
        assert_eq!(c.weekdays[c.year_one_weekday], "Wellday");
        for _ in 0..11 {
            c.remove_month(0);
        }
        assert_eq!(c.months.len(), 0);
        assert_eq!(c.check(), Err(CalendarError::NoMonths));
    }

    /// The Calendar of Harptos, as the Forgotten Realms keep it: twelve
    /// months of 30 days in three tendays each, five festivals outside the
    /// tenday (Midwinter after Hammer, Greengrass after Tarsakh, Midsummer
    /// after Flamerule, Highharvestide after Eleint, the Feast of the Moon
    /// after Uktar), and Shieldmeet after Midsummer every fourth year: 365
    /// days, 366 in a leap year, and every month begins a tenday, leap
    /// year or not.
    fn harptos() -> Calendar {
        let names = [
            "Hammer",
            "Alturiak",
            "Ches",
            "Tarsakh",
            "Mirtul",
            "Kythorn",
            "Flamerule",
            "Eleasis",
            "Eleint",
            "Marpenoth",
            "Uktar",
            "Nightal",
        ];
        let festival = |name: &str, after_month: usize, leap_only: bool| Festival {
            leap_only,
            ..Festival::new(name, Some(after_month))
        };
        Calendar {
            months: (names.iter())
                .map(|n| Month {
                    name: (*n).to_owned(),
                    days: 30,
                })
                .collect(),
            weekdays: (1..=10).map(|d| format!("Day {d}")).collect(),
            festivals: vec![
                festival("Midwinter", 0, false),
                festival("Greengrass", 3, false),
                festival("Midsummer", 6, false),
                festival("Shieldmeet", 6, true),
                festival("Highharvestide", 8, false),
                festival("Feast of the Moon", 10, false),
            ],
            leap: Some(LeapRule::every(4, None)),
            era: "DR".to_owned(),
            day_one: Date {
                year: 1372,
                day: Day::Of { month: 0, day: 1 },
            },
            year_one_weekday: 0,
            week_restarts_monthly: false,
            eras: Vec::new(),
            seasons: Vec::new(),
            moons: Vec::new(),
        }
    }

    #[test]
    fn shieldmeet_comes_after_midsummer_every_fourth_year_outside_the_tenday() {
        let c = harptos();
        assert_eq!(c.check(), Ok(()));
        assert_eq!(c.year_days(1371), 365);
        assert_eq!(c.year_days(1372), 366, "1372 DR is a leap year");
        let shieldmeet = |year: i64| {
            c.day_number(Date {
                year,
                day: Day::festival(3),
            })
        };
        assert_eq!(shieldmeet(1373), None, "no Shieldmeet in a common year");
        let day = shieldmeet(1372).expect("Shieldmeet 1372");
        assert_eq!(c.date_words(day), "Shieldmeet 1372 DR");
        assert_eq!(c.date_words(day - 1), "Midsummer 1372 DR");
        assert_eq!(c.date_words(day + 1), "1 Eleasis 1372 DR");
        assert_eq!(c.weekday(day), None);
        // Every month's first day is a tenday's first day, before and after
        // the leap year's festival, in common and leap years alike.
        for year in [1371, 1372, 1373, 1376] {
            for month in 0..12 {
                let first = c.month_page(year, month).expect("a month").first;
                assert_eq!(
                    c.weekday_index(first),
                    Some(0),
                    "{} {year}",
                    names_of(&c, month)
                );
            }
        }
        let page = c.month_page(1372, 6).expect("Flamerule 1372");
        let after: Vec<&str> = page.festivals.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(after, vec!["Midsummer", "Shieldmeet"]);
        let common = c.month_page(1373, 6).expect("Flamerule 1373");
        assert_eq!(common.festivals.len(), 1);
    }

    fn names_of(c: &Calendar, month: usize) -> &str {
        &c.months[month].name
    }

    #[test]
    fn a_leap_year_festival_needs_leap_years() {
        let mut c = harptos();
        c.leap = None;
        assert_eq!(
            c.check(),
            Err(CalendarError::FestivalLeap("Shieldmeet".to_owned()))
        );
    }

    #[test]
    fn festivals_have_no_weekday_and_the_week_runs_on_past_them() {
        let mut c = Calendar::gregorian();
        c.leap = None;
        c.festivals.push(Festival::new("Midwinter Night", Some(11)));
        // Day 365 is 31 December, day 366 the festival, day 367 1 January.
        assert_eq!(c.date(366).day, Day::festival(0));
        assert_eq!(c.describe(366), "Midwinter Night 1");
        assert_eq!(c.weekday(366), None);
        // 365 ordinary days: 52 weeks and a day, so 1 January of year 2 is
        // a Tuesday, one past the first Monday.
        assert_eq!(c.weekday(365), Some("Monday"));
        assert_eq!(c.weekday(367), Some("Tuesday"));
    }

    #[test]
    fn a_moon_is_full_half_a_cycle_after_new() {
        let c = Calendar::greyspine();
        let moon = Moon {
            name: "Sable".to_owned(),
            cycle_days: 28.0,
            anchor: c.day_one,
            phase_at_anchor: 0.0,
            reset: MoonReset::Never,
        };
        let phase = |day: i64| Phase::at(c.moon_fraction(&moon, day));
        assert_eq!(phase(1), Phase::New);
        assert_eq!(phase(15), Phase::Full);
        assert_eq!(phase(8), Phase::FirstQuarter);
        assert_eq!(phase(22), Phase::LastQuarter);
        assert_eq!(phase(29), Phase::New);
    }

    /// A moon's phase hangs on its date: moving day 1 a year on moves the
    /// clock's days, not the moon's dates.
    #[test]
    fn moving_day_one_keeps_the_moons_on_their_dates() {
        let mut c = Calendar::gregorian();
        let date = of(2024, 0, 25);
        let full = |c: &Calendar| {
            let day = c.day_number(date).expect("a date");
            c.moons_on(day)[0].1
        };
        assert_eq!(full(&c), Phase::Full);
        c.day_one = of(2023, 4, 9);
        assert_eq!(full(&c), Phase::Full, "still full on 25 January 2024");
    }

    /// Greyhawk's reckoning: Needfest opens the year, seven days outside
    /// the week; each month of 28 days is four whole weeks.
    fn greyhawk() -> Calendar {
        let mut c = Calendar::gregorian();
        c.months = ["Fireseek", "Readying", "Coldeven"]
            .iter()
            .map(|n| Month {
                name: (*n).to_owned(),
                days: 28,
            })
            .collect();
        c.festivals = vec![
            Festival {
                days: 7,
                ..Festival::new("Needfest", None)
            },
            Festival {
                days: 7,
                ..Festival::new("Growfest", Some(2))
            },
        ];
        c.leap = None;
        c.seasons.clear();
        c.day_one = Date {
            year: 591,
            day: Day::festival(0),
        };
        c
    }

    #[test]
    fn a_festival_of_seven_days_opens_the_year_outside_the_week() {
        let c = greyhawk();
        assert_eq!(c.check(), Ok(()));
        assert_eq!(c.date_words(1), "1 Needfest 591");
        assert_eq!(c.date_words(7), "7 Needfest 591");
        assert_eq!(c.date_words(8), "1 Fireseek 591");
        assert_eq!(c.weekday(3), None, "Needfest is outside the week");
        let page = c.month_page(591, 0).expect("Fireseek");
        assert_eq!(page.before.len(), 7);
        assert_eq!(page.before[6], (7, "7 Needfest".to_owned()));
        assert!(page.festivals.is_empty());
        // 84 days of months and 14 of festivals; the week starts where it
        // stopped, so every month begins on the same weekday.
        assert_eq!(c.year_days(591), 98);
        let first = |year: i64, month: usize| {
            let page = c.month_page(year, month).expect("a month");
            c.weekday_index(page.first)
        };
        assert_eq!(first(591, 0), first(592, 2));
    }

    #[test]
    fn a_festival_in_the_week_has_weekdays_and_the_week_counts_it() {
        let mut c = greyhawk();
        c.festivals[0].in_week = true;
        // Year 1 opens with Needfest's first day, the epoch's Monday.
        c.day_one = Date {
            year: 1,
            day: Day::festival(0),
        };
        assert_eq!(c.weekday(1), Some("Monday"));
        assert_eq!(c.weekday(7), Some("Sunday"));
        assert_eq!(c.describe(8), "Monday 1 Fireseek 1", "seven days on");
    }

    #[test]
    fn a_week_that_starts_again_each_month() {
        let mut c = Calendar::gregorian();
        c.week_restarts_monthly = true;
        for (month, day) in [(0, 1), (1, 1), (2, 1), (11, 1)] {
            let n = c.day_number(of(2026, month, day)).expect("a date");
            assert_eq!(c.weekday(n), Some("Monday"), "the 1st of every month");
        }
        let n = c.day_number(of(2026, 0, 31)).expect("31 January");
        assert_eq!(c.weekday(n), Some("Wednesday"), "30 days after a Monday");
    }

    /// Fantasy-Calendar's Harptos: Shieldmeet is Midsummer's second day.
    #[test]
    fn a_leap_day_can_lengthen_a_festival() {
        let mut c = harptos();
        c.festivals.remove(3);
        c.leap = Some(LeapRule {
            festival: Some(2),
            ..LeapRule::every(4, None)
        });
        assert_eq!(c.check(), Ok(()));
        assert_eq!((c.year_days(1372), c.year_days(1373)), (366, 365));
        let midsummer = |year: i64, day: i64| {
            c.day_number(Date {
                year,
                day: Day::Festival { festival: 2, day },
            })
        };
        let second = midsummer(1372, 2).expect("a leap year's second day");
        assert_eq!(c.date_words(second), "2 Midsummer 1372 DR");
        assert_eq!(c.date_words(second + 1), "1 Eleasis 1372 DR");
        assert_eq!(midsummer(1373, 2), None);
        c.leap = Some(LeapRule {
            month: Some(0),
            ..c.leap.clone().expect("a rule")
        });
        assert_eq!(c.check(), Err(CalendarError::LeapTwice));
    }

    #[test]
    fn an_era_names_the_years_from_its_own() {
        let mut c = Calendar::gregorian();
        c.era = "Before".to_owned();
        c.eras = vec![Era {
            name: "Anno Domini".to_owned(),
            from_year: 1,
        }];
        assert_eq!(c.date_words(1), "1 January 1 Anno Domini");
        assert_eq!(c.date_words(0), "31 December 0 Before");
        c.eras.push(Era {
            name: "Later".to_owned(),
            from_year: 1,
        });
        assert_eq!(c.check(), Err(CalendarError::EraOrder("Later".to_owned())));
    }

    /// A moon new at the very start of a day is new on that day alone, each
    /// cycle, however the cycle's days round.
    #[test]
    fn a_phase_at_a_day_s_start_falls_on_one_day() {
        let c = Calendar::greyspine();
        for cycle in [91.0, 28.0, 29.530_588_853, 7.0] {
            let moon = Moon {
                name: "Celene".to_owned(),
                cycle_days: cycle,
                anchor: c.day_one,
                phase_at_anchor: 0.0,
                reset: MoonReset::Never,
            };
            let new_days = (1..=2000)
                .filter(|d| c.phase_falls_on(&moon, Phase::New, *d))
                .count() as f64;
            assert!(
                (new_days - 2000.0 / cycle).abs() <= 1.0,
                "{cycle}: {new_days}"
            );
        }
    }

    /// Files before version 16: a festival's day by index alone, a moon's
    /// phase on day 1.
    #[test]
    fn an_older_file_reads_the_same_days() {
        let mut json = serde_json::to_value(Calendar::greyspine()).expect("json");
        let moon = &mut json["moons"][0];
        let fields = moon.as_object_mut().expect("a moon");
        fields.remove("anchor");
        let phase = fields.remove("phase_at_anchor").expect("a phase");
        fields.insert("phase_on_day_one".into(), phase);
        json["day_one"]["day"] = serde_json::json!({"festival": 1});
        let c: Calendar = serde_json::from_value(json).expect("read");
        assert_eq!(c.day_one.day, Day::festival(1));
        assert_eq!(c.moons[0].anchor, c.day_one);
        assert_eq!(c.moons[0].phase_at_anchor, 0.42);
    }

    #[test]
    fn daylight_runs_between_the_seasons_first_days() {
        let g = Calendar::gregorian();
        // 20 March: spring's first day, sunrise 6:00; 21 June: summer's, 4:00.
        let spring = g.day_number(of(2001, 2, 20)).expect("a date");
        let summer = g.day_number(of(2001, 5, 21)).expect("a date");
        let (season, sunrise, _) = g.season_on(spring).expect("a season");
        assert_eq!((season.name.as_str(), sunrise), ("Spring", 6.0));
        let half = spring + (summer - spring) / 2;
        let (_, sunrise, sunset) = g.season_on(half).expect("a season");
        assert!((sunrise - 5.0).abs() < 0.02 && (sunset - 19.0).abs() < 0.02);
        // 1 January: winter, begun last December.
        let new_year = g.day_number(of(2001, 0, 1)).expect("a date");
        assert_eq!(g.season_on(new_year).expect("a season").0.name, "Winter");
    }

    #[test]
    fn an_hour_is_dark_when_its_middle_is_outside_daylight() {
        let g = Calendar::gregorian();
        // 21 June: summer's first day, sunrise 4:00, sunset 20:00.
        let midsummer = g.day_number(of(2001, 5, 21)).expect("a date");
        assert!(g.is_dark(midsummer, 3), "03:30 is before sunrise");
        assert!(!g.is_dark(midsummer, 4), "04:30 is after it");
        assert!(!g.is_dark(midsummer, 19));
        assert!(g.is_dark(midsummer, 20), "20:30 is after sunset");
    }

    #[test]
    fn a_calendar_that_cannot_name_its_days_says_why() {
        let mut c = Calendar::gregorian();
        c.months[1].days = 0;
        assert_eq!(
            c.check().map_err(|e| e.to_string()),
            Err("February has 0 days; a month has between 1 and 1,000".to_owned())
        );
        let mut c = Calendar::gregorian();
        c.leap.as_mut().expect("a rule").except_every = Some(90);
        assert_eq!(c.check(), Err(CalendarError::LeapCycle));
    }
}
