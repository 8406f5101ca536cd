//! Seasons & Stars' calendar JSON (the Foundry VTT module that carries
//! Simple Calendar's users on Foundry v13), read for import, as its
//! format's specification (`CALENDAR-FORMAT.md`) and its engine count:
//! months (from 1), weekdays, intercalary days after or before a month
//! (or after another intercalary day) as festivals, in the week unless
//! `countsForWeekdays` is false, some only in leap years; the leap rule
//! (none, Gregorian, every N years) and the month it lengthens; the
//! weekday of the epoch year's first day (`year.startDay`); the year's
//! suffix as the era; seasons from their first month and day with their
//! sunrise and sunset; moons new on their reference date; yearly events
//! on a fixed date. A missing section takes the Gregorian defaults the
//! module itself fills in (its months, weekdays and leap rule; its year
//! fields one by one). The file keeps no date of today, only the
//! campaign's current year (`year.currentYear`): today is put on that
//! year's first day. What Waybook cannot hold is named in the import's
//! `left_out` with why.

use super::calendar_import::{
    CalendarFileError, CalendarImport, ImportedEvent, ImportedWhen, add_season, check_size,
    cycle_fits, keep_dated, number, parse_part, text, today_from,
};
use crate::model::calendar::{
    Calendar, Date, Day, Festival, LeapRule, Month, Moon, MoonReset, Season,
};
use crate::model::limits::{CALENDAR_YEAR, LEAP_YEARS, MONTH_DAYS};
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const TOOL: &str = "Seasons & Stars";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SsCalendar {
    #[serde(default, deserialize_with = "text::name")]
    id: String,
    #[serde(default)]
    translations: BTreeMap<String, SsTranslation>,
    #[serde(default)]
    year: SsYear,
    #[serde(default)]
    leap_year: Option<SsLeap>,
    #[serde(default)]
    months: Option<Vec<SsMonth>>,
    #[serde(default)]
    weekdays: Option<Vec<SsNamed>>,
    #[serde(default)]
    intercalary: Vec<SsIntercalary>,
    #[serde(default)]
    seasons: Vec<SsSeason>,
    #[serde(default)]
    moons: Vec<SsMoon>,
    #[serde(default)]
    events: Vec<SsEvent>,
    #[serde(default)]
    time: Option<SsTime>,
    #[serde(default)]
    canonical_hours: Vec<Value>,
    #[serde(default)]
    solar_anchors: Vec<Value>,
    #[serde(default)]
    variants: BTreeMap<String, Value>,
}

#[derive(Deserialize)]
struct SsTranslation {
    #[serde(default, deserialize_with = "text::name")]
    label: String,
}

/// The year's fields, each defaulting to the module's Gregorian ones.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SsYear {
    #[serde(default, deserialize_with = "number::int")]
    epoch: i64,
    #[serde(default = "gregorian_year", deserialize_with = "number::int")]
    current_year: i64,
    #[serde(default)]
    prefix: String,
    #[serde(default = "gregorian_suffix")]
    suffix: String,
    #[serde(default = "gregorian_start_day", deserialize_with = "number::int")]
    start_day: i64,
}

impl Default for SsYear {
    fn default() -> Self {
        SsYear {
            epoch: 0,
            current_year: gregorian_year(),
            prefix: String::new(),
            suffix: gregorian_suffix(),
            start_day: gregorian_start_day(),
        }
    }
}

fn gregorian_year() -> i64 {
    2024
}

fn gregorian_suffix() -> String {
    " CE".to_owned()
}

/// 1 January of year 0 (proleptic Gregorian) was a Saturday, the seventh
/// of the module's weekdays, which start on Sunday.
fn gregorian_start_day() -> i64 {
    6
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SsLeap {
    rule: String,
    #[serde(default, deserialize_with = "number::some_int")]
    interval: Option<i64>,
    #[serde(default, deserialize_with = "number::int")]
    offset: i64,
    #[serde(default)]
    month: Option<String>,
    #[serde(default, deserialize_with = "number::some_int")]
    extra_days: Option<i64>,
}

#[derive(Deserialize)]
struct SsMonth {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(deserialize_with = "number::int")]
    days: i64,
}

#[derive(Deserialize)]
struct SsNamed {
    #[serde(deserialize_with = "text::name")]
    name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SsIntercalary {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(default, deserialize_with = "number::some_int")]
    days: Option<i64>,
    #[serde(default)]
    after: Option<String>,
    #[serde(default)]
    before: Option<String>,
    #[serde(default)]
    leap_year_only: bool,
    #[serde(default)]
    counts_for_weekdays: Option<bool>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SsSeason {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(deserialize_with = "number::int")]
    start_month: i64,
    #[serde(default, deserialize_with = "number::some_int")]
    start_day: Option<i64>,
    #[serde(default)]
    sunrise: Option<String>,
    #[serde(default)]
    sunset: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SsMoon {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(deserialize_with = "number::real")]
    cycle_length: f64,
    first_new_moon: SsDate,
}

#[derive(Deserialize)]
struct SsDate {
    #[serde(deserialize_with = "number::int")]
    year: i64,
    #[serde(deserialize_with = "number::int")]
    month: i64,
    #[serde(deserialize_with = "number::int")]
    day: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SsEvent {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(default)]
    description: String,
    recurrence: SsRecurrence,
    #[serde(default, deserialize_with = "number::some_int")]
    start_year: Option<i64>,
    #[serde(default, deserialize_with = "number::some_int")]
    end_year: Option<i64>,
}

#[derive(Deserialize)]
struct SsRecurrence {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, deserialize_with = "number::some_int")]
    month: Option<i64>,
    #[serde(default, deserialize_with = "number::some_int")]
    day: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SsTime {
    #[serde(default, deserialize_with = "number::some_int")]
    hours_in_day: Option<i64>,
}

/// Whether `root` is a Seasons & Stars calendar: its localized labels, or
/// months of `days` (Simple Calendar's have `numberOfDays`).
pub fn is_one(root: &Value) -> bool {
    let month_days = (root.pointer("/months/0"))
        .is_some_and(|m| m.get("days").is_some() && m.get("numberOfDays").is_none());
    root.get("translations").is_some() || month_days
}

/// Reads a Seasons & Stars calendar; refused, naming the field, when it is
/// not one Waybook can hold.
pub fn read(file: &str, root: Value) -> Result<CalendarImport, CalendarFileError> {
    let refuse = |reason: String| CalendarFileError::new(file, TOOL, reason);
    let ss: SsCalendar = parse_part(file, TOOL, "", root)?;
    let mut left_out = Vec::new();
    let mut c = calendar_of(&ss, &mut left_out).map_err(refuse)?;
    check_size(&c, "months").map_err(refuse)?;
    let n = c.weekdays.len() as i64;
    let epoch = c.date_in_year(ss.year.epoch.clamp(-100_000, 100_000), 0);
    let start = usize::try_from(ss.year.start_day.rem_euclid(n)).unwrap_or(0);
    c.year_one_weekday = c.epoch_weekday_naming(epoch, start);
    c.seasons = seasons_of(&ss, &c, &mut left_out);
    c.moons = (ss.moons.iter())
        .filter_map(|m| moon_of(m, &c, &mut left_out))
        .collect();
    let mut events = (ss.events.iter())
        .filter_map(|e| event_of(e, &c, &mut left_out))
        .collect();
    keep_dated(&mut events, &c, &mut left_out);
    // The file keeps no date: today is the first day of its current year.
    let year = ss.year.current_year;
    let today = today_from(
        &c,
        ("year.currentYear", "year.currentYear", year),
        || Some(c.date_in_year(year, 0)),
        &mut left_out,
    );
    if let Some(today) = today {
        c.day_one = today;
    }
    other_parts(&ss, &mut left_out);
    Ok(CalendarImport {
        tool: TOOL,
        name: name_of(&ss, file),
        calendar: c,
        today,
        events,
        left_out,
    })
}

/// The calendar's label in English, else in its first language, else its
/// id, else the file's name.
fn name_of(ss: &SsCalendar, file: &str) -> String {
    let label = (ss.translations.get("en"))
        .or_else(|| ss.translations.values().next())
        .map(|t| t.label.clone())
        .filter(|l| !l.is_empty());
    label.unwrap_or_else(|| {
        if ss.id.is_empty() {
            super::calendar_import::name_of_file(file)
        } else {
            ss.id.clone()
        }
    })
}

/// The months, weekdays, leap rule and festivals (the module's Gregorian
/// ones for a missing section); refused naming the field.
fn calendar_of(ss: &SsCalendar, left_out: &mut Vec<String>) -> Result<Calendar, String> {
    let gregorian = Calendar::gregorian();
    let months = match &ss.months {
        None => gregorian.months.clone(),
        Some(months) => {
            for (i, m) in months.iter().enumerate() {
                if !MONTH_DAYS.contains(&m.days) {
                    return Err(format!(
                        "months[{i}].days: the month {} has {} days; Waybook holds 1 to 1,000",
                        m.name, m.days
                    ));
                }
            }
            (months.iter())
                .map(|m| Month {
                    name: m.name.clone(),
                    days: m.days,
                })
                .collect()
        }
    };
    if months.is_empty() {
        return Err("months: no month".into());
    }
    let weekdays: Vec<String> = match &ss.weekdays {
        None => [
            "Sunday",
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
        ]
        .map(str::to_owned)
        .to_vec(),
        Some(days) => days.iter().map(|d| d.name.clone()).collect(),
    };
    if weekdays.is_empty() {
        return Err("weekdays: no weekdays".into());
    }
    let mut c = Calendar {
        months,
        weekdays,
        festivals: Vec::new(),
        leap: leap_rule_of(ss.leap_year.as_ref(), left_out),
        era: ss.year.suffix.trim().to_owned(),
        year_one_weekday: 0,
        week_restarts_monthly: false,
        eras: Vec::new(),
        seasons: Vec::new(),
        moons: Vec::new(),
        day_one: gregorian.day_one,
    };
    leap_month(&mut c, ss.leap_year.as_ref(), left_out);
    c.festivals = festivals_of(ss, &c, left_out)?;
    c.day_one = c.epoch();
    Ok(c)
}

/// The leap rule: none, the Gregorian one (also for a missing section, as
/// the module fills it in), or every N years.
fn leap_rule_of(leap: Option<&SsLeap>, left_out: &mut Vec<String>) -> Option<LeapRule> {
    let (rule, interval, offset) = leap.map_or(("gregorian", None, 0), |l| {
        (l.rule.as_str(), l.interval, l.offset)
    });
    match (rule, interval) {
        ("gregorian", _) => Some(LeapRule {
            except_every: Some(100),
            but_every: Some(400),
            ..LeapRule::every(4, None)
        }),
        ("custom", Some(n)) if LEAP_YEARS.contains(&n) => {
            if offset.rem_euclid(n) != 0 {
                left_out.push(format!(
                    "the leap years' offset of {offset}: Waybook counts every {n} years from year 0"
                ));
            }
            Some(LeapRule::every(n, None))
        }
        ("none", _) | ("custom", None) => None,
        (rule, n) => {
            left_out.push(format!(
                "the leap rule {rule} ({}): not one Waybook can hold; no leap years",
                n.map_or_else(|| "no interval".to_owned(), |n| n.to_string())
            ));
            None
        }
    }
}

/// The month a leap year lengthens (February when the section names none,
/// as the module fills it in), when it has one day more.
fn leap_month(c: &mut Calendar, leap: Option<&SsLeap>, left_out: &mut Vec<String>) {
    let Some(rule) = c.leap.as_mut() else { return };
    let name = leap.map_or(Some("February"), |l| {
        l.month.as_deref().or(Some("February"))
    });
    let more = leap.and_then(|l| l.extra_days).unwrap_or(1);
    let Some((m, month)) =
        name.and_then(|n| c.months.iter().enumerate().find(|(_, m)| m.name == n))
    else {
        return;
    };
    if more == 1 {
        rule.month = Some(m);
    } else if more != 0 {
        left_out.push(format!(
            "{}: {more} days in leap years is not kept (Waybook adds one day, to one month or festival)",
            month.name
        ));
    }
}

/// The intercalary days as festivals in the order of the year: for each
/// month, those before it, then those after it (each followed by those
/// after it in turn), as the module counts them.
fn festivals_of(
    ss: &SsCalendar,
    c: &Calendar,
    left_out: &mut Vec<String>,
) -> Result<Vec<Festival>, String> {
    let mut festivals: Vec<Festival> = Vec::new();
    // The intercalary days placed so far, by their index.
    let mut placed = BTreeSet::new();
    // The intercalary days after `name` (a month or one of them), each
    // followed by those after it.
    fn after<'a>(
        ss: &'a SsCalendar,
        name: &str,
        place: Option<usize>,
        placed: &mut BTreeSet<usize>,
        out: &mut Vec<(usize, &'a SsIntercalary, Option<usize>)>,
    ) {
        for (i, d) in ss.intercalary.iter().enumerate() {
            if d.after.as_deref() == Some(name) && placed.insert(i) {
                out.push((i, d, place));
                after(ss, &d.name, place, placed, out);
            }
        }
    }
    let mut order: Vec<(usize, &SsIntercalary, Option<usize>)> = Vec::new();
    for (m, month) in c.months.iter().enumerate() {
        for (i, d) in ss.intercalary.iter().enumerate() {
            if d.before.as_deref() == Some(month.name.as_str()) && placed.insert(i) {
                order.push((i, d, m.checked_sub(1)));
                after(ss, &d.name, m.checked_sub(1), &mut placed, &mut order);
            }
        }
        after(ss, &month.name, Some(m), &mut placed, &mut order);
    }
    for (_, d) in (ss.intercalary.iter().enumerate()).filter(|(i, _)| !placed.contains(i)) {
        let (side, name) = match (&d.after, &d.before) {
            (Some(a), _) => ("after", a.as_str()),
            (None, Some(b)) => ("before", b.as_str()),
            (None, None) => ("after", "nothing"),
        };
        left_out.push(format!(
            "the intercalary day {}: it comes {side} {name}, which the calendar does not have; not kept",
            d.name
        ));
    }
    for (i, d, place) in order {
        let days = d.days.unwrap_or(1);
        if !MONTH_DAYS.contains(&days) {
            return Err(format!(
                "intercalary[{i}].days: {} has {days} days; Waybook holds 1 to 1,000",
                d.name
            ));
        }
        if d.leap_year_only && c.leap.is_none() {
            left_out.push(format!(
                "{}: comes only in leap years, but the calendar has none; not kept",
                d.name
            ));
            continue;
        }
        festivals.push(Festival {
            days,
            leap_only: d.leap_year_only,
            in_week: d.counts_for_weekdays.unwrap_or(true),
            ..Festival::new(&d.name, place)
        });
    }
    Ok(festivals)
}

/// "06:30", "125:45": hours and minutes as an hour of the day.
fn hour_of(text: &str) -> Option<f64> {
    let (h, m) = text.trim().split_once(':')?;
    let (h, m) = (h.trim().parse::<f64>().ok()?, m.trim().parse::<f64>().ok()?);
    (h >= 0.0 && (0.0..60.0).contains(&m)).then(|| h + m / 60.0)
}

/// The module's sunrise and sunset for a season that gives none: the
/// Gregorian season of its name, else a quarter and three quarters of
/// the day.
fn default_daylight(name: &str) -> (f64, f64) {
    match name.trim().to_ascii_lowercase().as_str() {
        "winter" => (7.0, 16.75),
        "spring" => (6.5, 17.75),
        "summer" => (5.75, 20.25),
        "autumn" | "fall" => (6.5, 19.5),
        _ => (6.0, 18.0),
    }
}

fn seasons_of(ss: &SsCalendar, c: &Calendar, left_out: &mut Vec<String>) -> Vec<Season> {
    let mut seasons = Vec::new();
    for (i, s) in ss.seasons.iter().enumerate() {
        let day = s.start_day.unwrap_or(1);
        let month = usize::try_from(s.start_month - 1)
            .ok()
            .filter(|&m| (c.months.get(m)).is_some_and(|month| (1..=month.days).contains(&day)));
        let Some(month) = month else {
            left_out.push(format!(
                "the season {} (seasons[{i}]): its first day is not a month's day of the calendar",
                s.name
            ));
            continue;
        };
        let (rise, set) = default_daylight(&s.name);
        let season = Season {
            name: s.name.clone(),
            month,
            day,
            sunrise: s.sunrise.as_deref().and_then(hour_of).unwrap_or(rise),
            sunset: s.sunset.as_deref().and_then(hour_of).unwrap_or(set),
        };
        add_season(&mut seasons, season, left_out);
    }
    seasons
}

/// A moon new at the start of its reference date (months and days from 1).
fn moon_of(m: &SsMoon, c: &Calendar, left_out: &mut Vec<String>) -> Option<Moon> {
    if !cycle_fits(&m.name, m.cycle_length, left_out) {
        return None;
    }
    let d = &m.first_new_moon;
    let anchor = usize::try_from(d.month - 1)
        .ok()
        .filter(|_| CALENDAR_YEAR.contains(&d.year))
        .map(|month| Date {
            year: d.year,
            day: Day::Of { month, day: d.day },
        })
        .filter(|date| c.day_number(*date).is_some());
    let Some(anchor) = anchor else {
        left_out.push(format!(
            "the moon {}: its first new moon ({} {} {}) is not a day of the calendar",
            m.name, d.day, d.month, d.year
        ));
        return None;
    };
    Some(Moon {
        name: m.name.clone(),
        cycle_days: m.cycle_length,
        anchor,
        phase_at_anchor: 0.0,
        reset: MoonReset::Never,
    })
}

/// An event every year on a fixed date; the other kinds named.
fn event_of(e: &SsEvent, c: &Calendar, left_out: &mut Vec<String>) -> Option<ImportedEvent> {
    let r = &e.recurrence;
    let day = match (r.kind.as_str(), r.month, r.day) {
        ("fixed", Some(month), Some(day)) => {
            let leap_month = c.leap.as_ref().and_then(|l| l.month);
            usize::try_from(month - 1)
                .ok()
                .filter(|&m| {
                    let more = i64::from(leap_month == Some(m));
                    (c.months.get(m)).is_some_and(|month| (1..=month.days + more).contains(&day))
                })
                .map(|month| Day::Of { month, day })
        }
        _ => None,
    };
    let Some(day) = day else {
        let why = match r.kind.as_str() {
            "ordinal" => "it falls on the nth weekday of a month; Waybook repeats yearly on a date, monthly or by a moon".to_owned(),
            "interval" => "it comes every few years; Waybook repeats yearly, monthly or by a moon".to_owned(),
            _ => "its date is not a day of the calendar".to_owned(),
        };
        left_out.push(format!("the event {}: {why}", e.name));
        return None;
    };
    if e.start_year.is_some() || e.end_year.is_some() {
        left_out.push(format!(
            "the event {}: its first and last years are not kept; it comes every year",
            e.name
        ));
    }
    Some(ImportedEvent {
        name: e.name.clone(),
        notes: super::foundry::read_markup(&e.description)
            .trim()
            .to_owned(),
        when: ImportedWhen::Year(day),
    })
}

/// What the file holds that Waybook keeps its own way.
fn other_parts(ss: &SsCalendar, left_out: &mut Vec<String>) {
    if !ss.year.prefix.trim().is_empty() {
        left_out.push("the year's prefix: Waybook writes the era after the year".into());
    }
    if let Some(hours) = (ss.time.as_ref())
        .and_then(|t| t.hours_in_day)
        .filter(|h| *h != 24)
    {
        left_out.push(format!(
            "the clock: days of {hours} hours; the campaign keeps its own hours (Campaign screen)"
        ));
    }
    for (what, count) in [
        ("canonical hours", ss.canonical_hours.len()),
        (
            "solar anchors (sunrise and sunset on set days)",
            ss.solar_anchors.len(),
        ),
        ("variants", ss.variants.len()),
    ] {
        if count > 0 {
            left_out.push(format!("the {what}: not kept"));
        }
    }
}
