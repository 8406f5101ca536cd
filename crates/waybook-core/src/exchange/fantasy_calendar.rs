//! Fantasy-Calendar.com's JSON export, in and out. In: its `static_data`
//! (months and intercalary months as months and festivals, the week, leap
//! days with rules such as "400,!100,4", moons with their cycle and shift,
//! seasons, eras), `dynamic_data` (the date it calls today) and `events`
//! (once, yearly, monthly, on a moon's phase), each part that Waybook
//! cannot hold named in the import's `left_out` with why. Out: the same
//! shape, so Waybook's calendar goes to the web and comes back the same.

use super::calendar_import::{
    CalendarFileError, CalendarImport, ImportedEvent, ImportedWhen, add_season, check_size,
    cycle_fits, keep_dated, number, parse, text, time_not_kept, today_from,
};
use crate::model::calendar::{
    Calendar, Date, Day, Era, Festival, LeapRule, Month, Moon, MoonReset, Phase, Season,
};
use crate::model::limits::{CALENDAR_YEAR, LEAP_YEARS, MONTH_DAYS};
use crate::model::{CalendarEvent, CampaignData, Recurrence};
use serde::Deserialize;
use serde_json::{Value, json};

const TOOL: &str = "Fantasy-Calendar";

#[derive(Deserialize)]
struct FcFile {
    #[serde(default, deserialize_with = "text::name")]
    name: String,
    static_data: StaticData,
    #[serde(default)]
    dynamic_data: Option<DynamicData>,
    #[serde(default)]
    events: Vec<FcEvent>,
}

#[derive(Deserialize)]
struct StaticData {
    year_data: YearData,
    #[serde(default)]
    moons: Vec<FcMoon>,
    #[serde(default)]
    clock: Option<FcClock>,
    #[serde(default)]
    seasons: Option<FcSeasons>,
    #[serde(default)]
    eras: Vec<FcEra>,
    #[serde(default)]
    cycles: Option<Value>,
    #[serde(default)]
    settings: Option<Value>,
}

#[derive(Deserialize)]
struct YearData {
    #[serde(default = "one", deserialize_with = "number::int")]
    first_day: i64,
    #[serde(default = "yes")]
    overflow: bool,
    #[serde(deserialize_with = "text::names")]
    global_week: Vec<String>,
    timespans: Vec<Timespan>,
    #[serde(default)]
    leap_days: Vec<FcLeapDay>,
}

fn one() -> i64 {
    1
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
struct Timespan {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(deserialize_with = "number::int")]
    length: i64,
    #[serde(default = "one", deserialize_with = "number::int")]
    interval: i64,
    #[serde(default)]
    week: Option<Vec<String>>,
}

#[derive(Deserialize)]
struct FcLeapDay {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(default)]
    intercalary: bool,
    #[serde(deserialize_with = "number::index")]
    timespan: usize,
    #[serde(default, deserialize_with = "number::int")]
    day: i64,
    interval: String,
    #[serde(default, deserialize_with = "number::int")]
    offset: i64,
    #[serde(default)]
    adds_week_day: bool,
}

#[derive(Deserialize)]
struct FcMoon {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(deserialize_with = "number::real")]
    cycle: f64,
    #[serde(default, deserialize_with = "number::real")]
    shift: f64,
    #[serde(default)]
    custom_cycle: String,
}

#[derive(Deserialize)]
struct FcClock {
    #[serde(default = "day_hours", deserialize_with = "number::int")]
    hours: i64,
}

fn day_hours() -> i64 {
    24
}

#[derive(Deserialize)]
struct FcSeasons {
    #[serde(default)]
    data: Vec<FcSeason>,
    #[serde(default)]
    locations: Vec<Value>,
    #[serde(default)]
    global_settings: FcSeasonSettings,
}

/// Whether the seasons run on a cycle of their own lengths (`periodic`)
/// rather than from dates, and the days that cycle is shifted by.
#[derive(Deserialize, Default)]
struct FcSeasonSettings {
    #[serde(default)]
    periodic_seasons: bool,
    #[serde(default, deserialize_with = "number::real")]
    season_offset: f64,
}

#[derive(Deserialize)]
struct FcSeason {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(default)]
    time: Option<FcSeasonTime>,
    #[serde(default, deserialize_with = "number::some_index")]
    timespan: Option<usize>,
    #[serde(default, deserialize_with = "number::some_int")]
    day: Option<i64>,
    /// A periodic season's days of change and of its own: see
    /// [`periodic_starts`].
    #[serde(default, deserialize_with = "number::some_real")]
    transition_length: Option<f64>,
    #[serde(default, deserialize_with = "number::some_real")]
    duration: Option<f64>,
}

#[derive(Deserialize)]
struct FcSeasonTime {
    sunrise: FcTime,
    sunset: FcTime,
}

#[derive(Deserialize)]
struct FcTime {
    #[serde(deserialize_with = "number::real")]
    hour: f64,
    #[serde(default, deserialize_with = "number::real")]
    minute: f64,
}

#[derive(Deserialize)]
struct FcEra {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(default)]
    settings: FcEraSettings,
    date: FcEraDate,
}

#[derive(Deserialize, Default)]
struct FcEraSettings {
    #[serde(default)]
    starting_era: bool,
    #[serde(default)]
    use_custom_format: bool,
    #[serde(default)]
    restart: bool,
}

#[derive(Deserialize)]
struct FcEraDate {
    #[serde(deserialize_with = "number::int")]
    year: i64,
}

#[derive(Deserialize)]
struct DynamicData {
    #[serde(deserialize_with = "number::int")]
    year: i64,
    #[serde(deserialize_with = "number::index")]
    timespan: usize,
    #[serde(deserialize_with = "number::int")]
    day: i64,
    #[serde(default, deserialize_with = "number::some_real")]
    hour: Option<f64>,
    #[serde(default, deserialize_with = "number::some_real")]
    minute: Option<f64>,
}

#[derive(Deserialize)]
struct FcEvent {
    #[serde(deserialize_with = "text::name")]
    name: String,
    #[serde(default)]
    description: Option<String>,
    data: FcEventData,
}

#[derive(Deserialize)]
struct FcEventData {
    #[serde(default)]
    conditions: Value,
    #[serde(default)]
    has_duration: bool,
    #[serde(default, deserialize_with = "number::int")]
    duration: i64,
}

/// Where each of the file's timespans went: a month, with the leap-year
/// festivals its intercalary leap days became (each after its day
/// `after`, 0 before the first; a leap year numbers them among the
/// month's days, as Fantasy-Calendar does), or a festival, and the
/// leap-year festival its leap day became, if one follows it.
#[derive(Clone)]
enum Span {
    Month {
        month: usize,
        leap_days: Vec<(i64, usize)>,
    },
    Festival {
        index: usize,
        leap_after: Option<usize>,
    },
}

/// A leap rule as Fantasy-Calendar writes it: "4", "!100,4", "400,!100,4"
/// (the largest first, "!" for the years that are not).
pub fn parse_interval(text: &str) -> Option<(i64, Option<i64>, Option<i64>)> {
    let parts: Vec<(bool, i64)> = (text.split(','))
        .map(|p| {
            let p = p.trim().trim_start_matches('+');
            let (not, n) = p.strip_prefix('!').map_or((false, p), |n| (true, n));
            Some((not, n.trim().trim_start_matches('+').parse::<i64>().ok()?))
        })
        .collect::<Option<_>>()?;
    let fits = |n: i64| LEAP_YEARS.contains(&n);
    match parts.as_slice() {
        [(false, every)] if fits(*every) => Some((*every, None, None)),
        [(true, except), (false, every)] if fits(*every) && fits(*except) => {
            (except % every == 0).then_some((*every, Some(*except), None))
        }
        [(false, but), (true, except), (false, every)]
            if fits(*every) && fits(*except) && fits(*but) =>
        {
            (except % every == 0 && but % except == 0).then_some((
                *every,
                Some(*except),
                Some(*but),
            ))
        }
        _ => None,
    }
}

/// The leap rule as Fantasy-Calendar writes it.
pub fn interval_of(rule: &LeapRule) -> String {
    match (rule.except_every, rule.but_every) {
        (Some(except), Some(but)) => format!("{but},!{except},{}", rule.every),
        (Some(except), None) => format!("!{except},{}", rule.every),
        _ => rule.every.to_string(),
    }
}

fn number(v: &Value) -> Option<i64> {
    v.as_i64()
        .or_else(|| v.as_f64().map(|f| f as i64))
        .or_else(|| v.as_str()?.trim().parse().ok())
}

/// Reads a Fantasy-Calendar export; refused, naming the field, when it is
/// not one.
pub fn read(file: &str, text: &str) -> Result<CalendarImport, CalendarFileError> {
    let refuse = |reason: String| CalendarFileError::new(file, TOOL, reason);
    let fc: FcFile = parse(file, TOOL, text)?;
    let mut left_out = Vec::new();
    let y = &fc.static_data.year_data;
    if y.global_week.is_empty() {
        return Err(refuse(
            "static_data.year_data.global_week: no weekdays".into(),
        ));
    }
    if !y.timespans.iter().any(|t| t.kind == "month") {
        return Err(refuse("static_data.year_data.timespans: no month".into()));
    }
    let Year {
        months,
        festivals,
        spans,
        leap,
    } = year_of(y, &mut left_out).map_err(refuse)?;
    let first_day = usize::try_from(y.first_day - 1).unwrap_or(0);
    let mut c = Calendar {
        months,
        weekdays: y.global_week.clone(),
        festivals,
        leap,
        era: String::new(),
        day_one: Date {
            year: 1,
            day: Day::Of { month: 0, day: 1 },
        },
        year_one_weekday: if first_day < y.global_week.len() {
            first_day
        } else {
            0
        },
        week_restarts_monthly: !y.overflow,
        eras: Vec::new(),
        seasons: Vec::new(),
        moons: Vec::new(),
    };
    check_size(&c, "static_data.year_data.timespans").map_err(refuse)?;
    c.day_one = c.epoch();
    let today = today_of(fc.dynamic_data.as_ref(), &c, &spans, &mut left_out);
    let season_year = today.map_or_else(|| c.common_year(), |t| t.year);
    let (seasons, moons, eras) = (
        seasons_of(&fc.static_data, &c, &spans, season_year, &mut left_out),
        moons_of(&fc.static_data, &c, &mut left_out),
        eras_of(&fc.static_data, &mut left_out),
    );
    (c.seasons, c.moons, (c.era, c.eras)) = (seasons, moons, eras);
    let mut events = (fc.events.iter())
        .filter_map(|e| event_of(e, &c, &spans, &mut left_out))
        .collect();
    keep_dated(&mut events, &c, &mut left_out);
    if let Some(today) = today {
        c.day_one = c.date_in_year(today.year, 0);
    }
    every_year(&mut c);
    other_parts(&fc.static_data, &mut left_out);
    Ok(CalendarImport {
        tool: TOOL,
        name: if fc.name.is_empty() {
            super::calendar_import::name_of_file(file)
        } else {
            fc.name.clone()
        },
        calendar: c,
        today,
        events,
        left_out,
    })
}

/// The date the file calls today, when it is one Waybook counts; its time
/// of day is named as not kept.
fn today_of(
    d: Option<&DynamicData>,
    c: &Calendar,
    spans: &[Span],
    left_out: &mut Vec<String>,
) -> Option<Date> {
    let d = d?;
    time_not_kept(
        d.hour.unwrap_or(0.0) + d.minute.unwrap_or(0.0) / 60.0,
        left_out,
    );
    let date =
        || day_of(c, spans, d.timespan, d.day, Some(d.year)).map(|day| Date { year: d.year, day });
    today_from(
        c,
        ("dynamic_data", "dynamic_data.year", d.year),
        date,
        left_out,
    )
}

/// A leap rule of every year (Fantasy-Calendar's interval "1", the
/// Imperial calendar's Holiday) is no leap rule: its days come every year.
fn every_year(c: &mut Calendar) {
    let Some(rule) = c.leap.clone() else { return };
    if rule.every != 1 || rule.except_every.is_some() {
        return;
    }
    let fits = |days: Option<i64>| days.is_some_and(|days| MONTH_DAYS.contains(&(days + 1)));
    let month_fits = (rule.month).is_none_or(|m| fits(c.months.get(m).map(|m| m.days)));
    let festival_fits = (rule.festival).is_none_or(|f| fits(c.festivals.get(f).map(|f| f.days)));
    if !(month_fits && festival_fits) {
        return;
    }
    if let Some(month) = rule.month.and_then(|m| c.months.get_mut(m)) {
        month.days += 1;
    }
    if let Some(festival) = rule.festival.and_then(|f| c.festivals.get_mut(f)) {
        festival.days += 1;
    }
    c.festivals.iter_mut().for_each(|f| f.leap_only = false);
    c.leap = None;
}

/// The months, festivals, where each timespan went, and the leap rule.
/// The year as Waybook holds it, and where each timespan went.
struct Year {
    months: Vec<Month>,
    festivals: Vec<Festival>,
    spans: Vec<Span>,
    leap: Option<LeapRule>,
}

/// The one leap rule the leap days share, and the leap days that keep it.
fn leap_rule_of<'a>(
    y: &'a YearData,
    left_out: &mut Vec<String>,
) -> Result<(Option<LeapRule>, Vec<&'a FcLeapDay>), String> {
    let mut rule: Option<LeapRule> = None;
    let mut leap_days: Vec<&FcLeapDay> = Vec::new();
    for l in &y.leap_days {
        let Some((every, except_every, but_every)) = parse_interval(&l.interval) else {
            left_out.push(format!("the leap day {}: its rule \"{}\" is not one Waybook can hold (every N years, except every M, but every K)", l.name, l.interval));
            continue;
        };
        let this = LeapRule {
            except_every,
            but_every,
            ..LeapRule::every(every, None)
        };
        match (&rule, leap_days.first()) {
            (Some(r), Some(first))
                if (r.every, r.except_every, r.but_every) != (every, except_every, but_every) =>
            {
                left_out.push(format!(
                    "the leap day {}: Waybook keeps one leap rule, {}'s",
                    l.name, first.name
                ));
                continue;
            }
            _ => rule = Some(this),
        }
        if l.offset != 0 {
            left_out.push(format!(
                "the leap day {}: its offset of {} years is not kept",
                l.name, l.offset
            ));
        }
        if l.adds_week_day {
            left_out.push(format!(
                "the leap day {}: the weekday it adds is not kept",
                l.name
            ));
        }
        if l.timespan >= y.timespans.len() {
            return Err(format!(
                "the leap day {} goes to timespan {}, which the year does not have",
                l.name, l.timespan
            ));
        }
        leap_days.push(l);
    }
    Ok((rule, leap_days))
}

/// The rule, when no month or festival has its day more yet.
fn free(rule: &mut Option<LeapRule>) -> Option<&mut LeapRule> {
    rule.as_mut()
        .filter(|r| r.month.is_none() && r.festival.is_none())
}

fn year_of(y: &YearData, left_out: &mut Vec<String>) -> Result<Year, String> {
    let (rule, leap_days) = leap_rule_of(y, left_out)?;
    let mut year = Year {
        months: Vec::new(),
        festivals: Vec::new(),
        spans: Vec::new(),
        leap: rule,
    };
    for (t, span) in y.timespans.iter().enumerate() {
        if !(1..=1000).contains(&span.length) {
            return Err(format!(
                "static_data.year_data.timespans[{t}].length: the timespan {} has {} days; Waybook holds 1 to 1,000",
                span.name, span.length
            ));
        }
        if span.interval != 1 {
            left_out.push(format!(
                "{}: comes every {} years in Fantasy-Calendar; Waybook has it every year",
                span.name, span.interval
            ));
        }
        if span.week.as_ref().is_some_and(|w| !w.is_empty()) {
            left_out.push(format!(
                "{}: its own week is not kept; it takes the calendar's",
                span.name
            ));
        }
        let here: Vec<&FcLeapDay> = (leap_days.iter().copied())
            .filter(|l| l.timespan == t)
            .collect();
        if span.kind == "month" {
            add_month(&mut year, span, &here, left_out);
        } else {
            add_festival(&mut year, span, &here);
        }
    }
    Ok(year)
}

/// A month timespan and its leap days: a day more at its end, or an
/// intercalary leap day as a leap-year festival, before the month when
/// Fantasy-Calendar puts it before day 1 (`day: 0`), else after it.
fn add_month(year: &mut Year, span: &Timespan, here: &[&FcLeapDay], left_out: &mut Vec<String>) {
    let before = year.months.len().checked_sub(1);
    let month = year.months.len();
    year.months.push(Month {
        name: span.name.clone(),
        days: span.length,
    });
    let mut intercalary: Vec<&FcLeapDay> = here.iter().copied().filter(|l| l.intercalary).collect();
    // Fantasy-Calendar inserts them in the order of their days.
    intercalary.sort_by_key(|l| l.day);
    let mut leap_days = Vec::new();
    for l in intercalary {
        let after = l.day.clamp(0, span.length);
        if after != 0 && after != span.length {
            left_out.push(format!(
                "the leap day {}: placed after {}'s last day, not after its day {}",
                l.name, span.name, l.day
            ));
        }
        leap_days.push((after, year.festivals.len()));
        let place = if after == 0 { before } else { Some(month) };
        year.festivals.push(Festival {
            leap_only: true,
            ..Festival::new(&l.name, place)
        });
    }
    for l in here.iter().filter(|l| !l.intercalary) {
        if let Some(r) = free(&mut year.leap) {
            r.month = Some(month);
        } else {
            left_out.push(format!(
                "the leap day {}: Waybook adds one leap day to one month or festival",
                l.name
            ));
        }
    }
    year.spans.push(Span::Month { month, leap_days });
}

/// An intercalary timespan as a festival, and its leap days: a day more
/// of it (a leap day named as it), else leap-year festivals after it.
fn add_festival(year: &mut Year, span: &Timespan, here: &[&FcLeapDay]) {
    let after = year.months.len().checked_sub(1);
    let index = year.festivals.len();
    year.festivals.push(Festival {
        days: span.length,
        ..Festival::new(&span.name, after)
    });
    let mut leap_after = None;
    for l in here {
        // A leap day named as its festival is a day more of it.
        if !l.intercalary
            && l.name.trim().eq_ignore_ascii_case(span.name.trim())
            && let Some(r) = free(&mut year.leap)
        {
            r.festival = Some(index);
            continue;
        }
        leap_after.get_or_insert(year.festivals.len());
        year.festivals.push(Festival {
            leap_only: true,
            ..Festival::new(&l.name, after)
        });
    }
    year.spans.push(Span::Festival { index, leap_after });
}

/// Timespan `t`'s day `d` (from 1) in `year` as Waybook's day: in a
/// leap year a month's intercalary leap days are numbered among its days
/// (Fantasy-Calendar's Holiday before day 1 is day 1); a festival's days
/// past its own run into the leap-year festival after it. Without a year
/// (a yearly event) the days are those of most years.
fn day_of(c: &Calendar, spans: &[Span], t: usize, d: i64, year: Option<i64>) -> Option<Day> {
    match spans.get(t)? {
        Span::Month { month, leap_days } => {
            let month = *month;
            let leap = c.is_leap(year.unwrap_or_else(|| c.common_year()));
            let mut d = d;
            if leap {
                for (k, &(after, festival)) in leap_days.iter().enumerate() {
                    if d == after + k as i64 + 1 {
                        return Some(Day::festival(festival));
                    }
                }
                let before = (leap_days.iter().enumerate())
                    .filter(|(k, (after, _))| after + (*k as i64) + 1 < d)
                    .count();
                d -= before as i64;
            }
            let more = c.leap.as_ref().is_some_and(|r| r.month == Some(month));
            (1..=c.months.get(month)?.days + i64::from(more))
                .contains(&d)
                .then_some(Day::Of { month, day: d })
        }
        Span::Festival { index, leap_after } => {
            let own = c.festival_days(*index, true);
            if (1..=own).contains(&d) {
                Some(Day::Festival {
                    festival: *index,
                    day: d,
                })
            } else {
                let after = (*leap_after)?;
                let d = d - own;
                (1..=c.festivals.get(after)?.days)
                    .contains(&d)
                    .then_some(Day::Festival {
                        festival: after,
                        day: d,
                    })
            }
        }
    }
}

/// The conditions of an event, without the "&&" between them.
fn conditions(v: &Value) -> Vec<(String, String, Vec<Value>)> {
    (v.as_array().into_iter().flatten())
        .filter_map(|c| {
            let c = c.as_array()?;
            let kind = c.first()?.as_str()?.to_owned();
            let op = c
                .get(1)
                .and_then(|o| {
                    o.as_str()
                        .map(str::to_owned)
                        .or_else(|| Some(o.to_string()))
                })
                .unwrap_or_default();
            let values = c
                .get(2)
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            (kind != "&&" && c.len() > 1).then_some((kind, op, values))
        })
        .collect()
}

fn event_of(
    e: &FcEvent,
    c: &Calendar,
    spans: &[Span],
    left_out: &mut Vec<String>,
) -> Option<ImportedEvent> {
    let conds = conditions(&e.data.conditions);
    let shapes: Vec<(&str, &str)> = conds
        .iter()
        .map(|(k, o, _)| (k.as_str(), o.as_str()))
        .collect();
    let value = |i: usize, j: usize| conds.get(i).and_then(|(_, _, v)| v.get(j)).and_then(number);
    let day_at = |t: Option<i64>, d: Option<i64>, year: Option<i64>| {
        day_of(c, spans, usize::try_from(t?).ok()?, d?, year)
    };
    let when = match shapes.as_slice() {
        [("Date", "0")] => day_at(value(0, 1), value(0, 2), value(0, 0)).map(|day| {
            ImportedWhen::Once(Date {
                year: value(0, 0).unwrap_or(1),
                day,
            })
        }),
        [("Year", "0"), ("Month", "0"), ("Day", "0")] => {
            day_at(value(1, 0), value(2, 0), value(0, 0)).map(|day| {
                ImportedWhen::Once(Date {
                    year: value(0, 0).unwrap_or(1),
                    day,
                })
            })
        }
        [("Month", "0"), ("Day", "0")] => {
            day_at(value(0, 0), value(1, 0), None).map(ImportedWhen::Year)
        }
        [("Day", "0")] => value(0, 0)
            .filter(|d| (1..=1000).contains(d))
            .map(ImportedWhen::Month),
        // "Day in year is exactly" (New Year's Day is day 1): the day of
        // most years it is.
        [("Day", "7")] => value(0, 0).and_then(|n| {
            let year = c.common_year();
            (1..=c.year_days(year))
                .contains(&n)
                .then(|| ImportedWhen::Year(c.date_in_year(year, n - 1).day))
        }),
        [("Moons", "0")] => moon_phase(c, value(0, 0), value(0, 1)),
        _ => None,
    };
    let Some(when) = when else {
        let kinds: Vec<&str> = shapes
            .iter()
            .map(|(k, _)| *k)
            .filter(|k| !k.is_empty())
            .collect();
        let what = if kinds.is_empty() {
            "nested conditions".to_owned()
        } else {
            kinds.join(" and ")
        };
        left_out.push(format!("the event {}: its condition ({what}) is not one Waybook can hold (once, every year, every month, a moon's phase)", e.name));
        return None;
    };
    if e.data.has_duration && e.data.duration > 1 {
        left_out.push(format!(
            "the event {}: lasts {} days in Fantasy-Calendar; Waybook keeps its first",
            e.name, e.data.duration
        ));
    }
    Some(ImportedEvent {
        name: e.name.trim().to_owned(),
        notes: e
            .description
            .as_deref()
            .map(|d| super::foundry::read_markup(d).trim().to_owned())
            .unwrap_or_default(),
        when,
    })
}

/// Moon `moon`'s phase `index` of Fantasy-Calendar's 24, when it is one of
/// the eight Waybook names.
fn moon_phase(c: &Calendar, moon: Option<i64>, index: Option<i64>) -> Option<ImportedWhen> {
    let moon = c
        .moons
        .get(usize::try_from(moon?).ok()?)
        .map(|m| m.name.clone());
    // Every third of the 24 is one of the eight.
    let &phase = (usize::try_from(index?).ok())
        .filter(|index| index % 3 == 0)
        .and_then(|index| Phase::ALL.get(index / 3))?;
    Some(ImportedWhen::Moon { moon: moon?, phase })
}

fn hours(t: &FcTime) -> f64 {
    t.hour + t.minute / 60.0
}

/// The seasons: from their dates, or, when they run on a cycle of their
/// own lengths (`periodic_seasons`), from the days that cycle starts each
/// in `year` (today's year), as Fantasy-Calendar counts them.
fn seasons_of(
    s: &StaticData,
    c: &Calendar,
    spans: &[Span],
    year: i64,
    left_out: &mut Vec<String>,
) -> Vec<Season> {
    let Some(all) = s.seasons.as_ref() else {
        return Vec::new();
    };
    let periodic = all.global_settings.periodic_seasons;
    let starts = if periodic {
        periodic_starts(all, c, year, left_out)
    } else {
        (all.data.iter())
            .map(|season| match (season.timespan, season.day) {
                (Some(t), Some(d)) => day_of(c, spans, t, d.max(1), None),
                _ => None,
            })
            .collect()
    };
    let mut seasons: Vec<Season> = Vec::new();
    for (season, day) in all.data.iter().zip(starts) {
        let (month, day) = match day {
            Some(Day::Of { month, day }) => (month, day),
            Some(Day::Festival { festival, .. }) => {
                let month = (c.festivals.get(festival))
                    .and_then(|f| f.after_month)
                    .map_or(0, |m| (m + 1) % c.months.len());
                left_out.push(format!(
                    "the season {}: starts on a festival; Waybook starts it on 1 {}",
                    season.name,
                    c.month_name(month)
                ));
                (month, 1)
            }
            None => {
                let why = if periodic {
                    format!("its cycle does not start it in year {year}")
                } else {
                    "its first day (timespan and day) is not a day of the calendar".to_owned()
                };
                left_out.push(format!("the season {}: {why}", season.name));
                continue;
            }
        };
        let (sunrise, sunset) = season
            .time
            .as_ref()
            .map_or((6.0, 18.0), |t| (hours(&t.sunrise), hours(&t.sunset)));
        let season = Season {
            name: season.name.clone(),
            month,
            day,
            sunrise,
            sunset,
        };
        add_season(&mut seasons, season, left_out);
    }
    seasons
}

/// Fantasy-Calendar's periodic seasons: a cycle of the seasons' lengths
/// (each its `transition_length`, 90 days unless given, and its
/// `duration`), shifted by `season_offset` days from its epoch (the
/// first day of year 1); day `e` of the epoch is in the season whose
/// span holds round(fract((e − offset) / cycle) × cycle). Waybook keeps a
/// season on a date: the first day of `year` each one starts on (none
/// when it starts on none), and says so when the cycle is not a year long.
fn periodic_starts(
    all: &FcSeasons,
    c: &Calendar,
    year: i64,
    left_out: &mut Vec<String>,
) -> Vec<Option<Day>> {
    let lengths: Vec<f64> = (all.data.iter())
        .map(|s| s.transition_length.unwrap_or(90.0).max(0.0) + s.duration.unwrap_or(0.0).max(0.0))
        .collect();
    let cycle: f64 = lengths.iter().sum();
    let offset = all.global_settings.season_offset;
    let first = |y: i64| c.day_number(c.date_in_year(y, 0)).unwrap_or(1);
    let epoch = first(1);
    let year_first = first(year) - epoch;
    let days = c.year_days(year);
    if !(cycle.is_finite() && cycle >= 1.0 && offset.is_finite()) {
        return vec![None; lengths.len()];
    }
    let season_at = |e: i64| -> usize {
        let day = (((e as f64 - offset) / cycle).rem_euclid(1.0) * cycle).round();
        let mut end = 0.0;
        for (i, length) in lengths.iter().enumerate() {
            end += length;
            if day < end {
                return i;
            }
        }
        lengths.len() - 1
    };
    let mut starts = vec![None; lengths.len()];
    if let [whole_year] = starts.as_mut_slice() {
        // One season is the whole year.
        *whole_year = Some(c.date_in_year(year, 0).day);
    }
    for o in (0..days).filter(|_| lengths.len() > 1) {
        let e = year_first + o;
        let here = season_at(e);
        if season_at(e - 1) != here
            && let Some(start) = starts.get_mut(here)
            && start.is_none()
        {
            *start = Some(c.date_in_year(year, o).day);
        }
    }
    // The mean year over a cycle of four hundred years.
    let mean = (0..400).map(|y| c.year_days(year + y)).sum::<i64>() as f64 / 400.0;
    if (cycle - mean).abs() >= 0.5 {
        left_out.push(format!(
            "the seasons: Fantasy-Calendar runs them on a cycle of {cycle} days, which moves against the {mean}-day year; Waybook starts them each year on their days of {year}"
        ));
    }
    starts
}

fn moons_of(s: &StaticData, c: &Calendar, left_out: &mut Vec<String>) -> Vec<Moon> {
    let mut moons = Vec::new();
    for m in &s.moons {
        if !cycle_fits(&m.name, m.cycle, left_out) {
            continue;
        }
        if !m.custom_cycle.trim().is_empty() {
            left_out.push(format!(
                "the moon {}: its custom phases are not kept; it waxes and wanes over its cycle",
                m.name
            ));
        }
        // Fantasy-Calendar's phase on day `epoch` is (epoch - shift) / cycle.
        moons.push(Moon {
            name: m.name.clone(),
            cycle_days: m.cycle,
            anchor: c.epoch(),
            phase_at_anchor: (-m.shift / m.cycle).rem_euclid(1.0),
            reset: MoonReset::Never,
        });
    }
    moons
}

fn eras_of(s: &StaticData, left_out: &mut Vec<String>) -> (String, Vec<Era>) {
    let mut first = String::new();
    let mut eras: Vec<Era> = Vec::new();
    for e in &s.eras {
        if e.settings.use_custom_format {
            left_out.push(format!("the era {}: its own date format is not kept; Waybook writes the era after the year", e.name));
        }
        if e.settings.restart {
            left_out.push(format!(
                "the era {}: years counted again from 1 are not kept; they run on",
                e.name
            ));
        }
        if e.settings.starting_era {
            first = e.name.clone();
        } else if !CALENDAR_YEAR.contains(&e.date.year) {
            left_out.push(format!(
                "the era {}: begins in year {}, outside the years Waybook counts",
                e.name, e.date.year
            ));
        } else if eras.iter().any(|o| o.from_year == e.date.year) {
            left_out.push(format!(
                "the era {}: begins the same year as another",
                e.name
            ));
        } else {
            eras.push(Era {
                name: e.name.clone(),
                from_year: e.date.year,
            });
        }
    }
    eras.sort_by_key(|e| e.from_year);
    (first, eras)
}

/// What the file holds that Waybook keeps its own way.
fn other_parts(s: &StaticData, left_out: &mut Vec<String>) {
    let no_year_zero = (s.settings.as_ref())
        .and_then(|v| v.get("year_zero_exists"))
        .and_then(Value::as_bool)
        == Some(false);
    if no_year_zero {
        left_out.push(
            "the years before 1: Fantasy-Calendar counts no year 0, Waybook does (its year 0 is their -1)"
                .into(),
        );
    }
    if let Some(clock) = s.clock.as_ref().filter(|c| c.hours != 24) {
        left_out.push(format!(
            "the clock: days of {} hours; the campaign keeps its own hours (Campaign screen)",
            clock.hours
        ));
    }
    if let Some(weather) = s.seasons.as_ref().filter(|s| !s.locations.is_empty()) {
        left_out.push(format!(
            "the weather: {}; Waybook rolls weather by region with its own tables",
            crate::model::plural(weather.locations.len(), "location")
        ));
    }
    let cycles = s
        .cycles
        .as_ref()
        .and_then(|c| c.get("data"))
        .and_then(Value::as_array);
    if cycles.is_some_and(|c| !c.is_empty()) {
        left_out.push("the cycles of years: not kept".into());
    }
}

/// Where each month and festival of `c` is among the export's timespans:
/// a leap-year festival is a leap day, written on the festival before it
/// (`leap_after`: that festival's timespan and days) or at its month's end.
struct Timespans {
    month: Vec<usize>,
    festival: Vec<Option<usize>>,
    leap_after: Vec<Option<(usize, i64)>>,
}

impl Timespans {
    /// Month `m`'s timespan.
    fn month(&self, m: usize) -> Option<usize> {
        self.month.get(m).copied()
    }

    /// Festival `f`'s timespan, if it has one of its own.
    fn festival(&self, f: usize) -> Option<usize> {
        self.festival.get(f).copied().flatten()
    }

    /// The timespan and days of the festival that leap-year festival `f`
    /// is written on.
    fn leap_after(&self, f: usize) -> Option<(usize, i64)> {
        self.leap_after.get(f).copied().flatten()
    }
}

fn timespans_of(c: &Calendar) -> (Timespans, Vec<Value>) {
    let mut at = Timespans {
        month: Vec::with_capacity(c.months.len()),
        festival: vec![None; c.festivals.len()],
        leap_after: Vec::new(),
    };
    let mut out = Vec::new();
    let festivals_at = |place: Option<usize>,
                        festival: &mut [Option<usize>],
                        out: &mut Vec<Value>| {
        for (f, timespan) in (c.festivals.iter().zip(festival))
            .filter(|(f, _)| f.after_month == place && !f.leap_only)
        {
            *timespan = Some(out.len());
            out.push(json!({"name": f.name, "type": "intercalary", "length": f.days, "interval": 1, "offset": 0}));
        }
    };
    festivals_at(None, &mut at.festival, &mut out);
    for (m, month) in c.months.iter().enumerate() {
        at.month.push(out.len());
        out.push(json!({"name": month.name, "type": "month", "length": month.days, "interval": 1, "offset": 0}));
        festivals_at(Some(m), &mut at.festival, &mut out);
    }
    at.leap_after = (c.festivals.iter().enumerate())
        .map(|(i, f)| {
            if !f.leap_only {
                return None;
            }
            let (before, _) = (c.festivals.iter().enumerate().take(i).rev())
                .find(|(_, b)| b.after_month == f.after_month && !b.leap_only)?;
            Some((at.festival(before)?, c.festival_days(before, true)))
        })
        .collect();
    (at, out)
}

/// The leap days of `c`: its month's or festival's day more, and each
/// leap-year festival after the festival or month before it.
fn leap_days_of(c: &Calendar, at: &Timespans, left_out: &mut Vec<String>) -> Vec<Value> {
    let Some(rule) = &c.leap else {
        return Vec::new();
    };
    let interval = interval_of(rule);
    let leap_day = |name: &str, timespan: usize, intercalary: bool, day: i64| json!({"name": name, "intercalary": intercalary, "timespan": timespan, "adds_week_day": false, "day": day, "week_day": "", "interval": interval, "offset": 0});
    let mut days = Vec::new();
    if let Some(t) = rule.month.and_then(|m| at.month(m)) {
        days.push(leap_day("Leap day", t, false, 0));
    }
    if let Some(f) = rule.festival
        && let (Some(festival), Some(t)) = (c.festivals.get(f), at.festival(f))
    {
        days.push(leap_day(&festival.name, t, false, 0));
    }
    for (i, f) in c.festivals.iter().enumerate().filter(|(_, f)| f.leap_only) {
        if f.days > 1 {
            left_out.push(format!(
                "{}: a leap-year festival of {} days goes out as one leap day",
                f.name, f.days
            ));
        }
        // The month it follows: its timespan and days.
        let month = (f.after_month).and_then(|m| Some((at.month(m)?, c.months.get(m)?.days)));
        match (at.leap_after(i), month) {
            (Some((t, _)), _) => days.push(leap_day(&f.name, t, false, 0)),
            (None, Some((t, month_days))) => days.push(leap_day(&f.name, t, true, month_days)),
            (None, None) => left_out.push(format!("{}: a leap-year festival opening the year has no timespan before it in Fantasy-Calendar", f.name)),
        }
    }
    days
}

/// Timespan and day of `day` in the export, if it has them.
fn timespan_day(at: &Timespans, day: Day) -> Option<(usize, i64)> {
    match day {
        Day::Of { month, day } => Some((at.month(month)?, day)),
        Day::Festival { festival, day } => (at.festival(festival))
            .map(|t| (t, day))
            .or_else(|| at.leap_after(festival).map(|(t, days)| (t, days + day))),
    }
}

fn event_json(c: &Calendar, at: &Timespans, e: &CalendarEvent) -> Option<Value> {
    let conditions = match &e.when {
        Recurrence::Once { day } => {
            let date = c.date(*day);
            let (t, d) = timespan_day(at, date.day)?;
            json!([["Date", "0", [date.year, t, d]]])
        }
        Recurrence::Year { on } => {
            let (t, d) = timespan_day(at, *on)?;
            json!([["Month", "0", [t]], ["&&"], ["Day", "0", [d]]])
        }
        Recurrence::Month { day_of_month } => json!([["Day", "0", [day_of_month]]]),
        Recurrence::Moon { moon, phase } => {
            let i = c.moons.iter().position(|m| m.name == *moon)?;
            let index = Phase::ALL.iter().position(|p| p == phase).unwrap_or(0) * 3;
            json!([["Moons", "0", [i, index]]])
        }
    };
    Some(json!({
        "name": e.name,
        "description": html_text(&e.notes),
        "data": {"has_duration": false, "duration": 0, "show_first_last": false, "limited_repeat": false, "limited_repeat_num": 0, "conditions": conditions, "connected_events": [], "date": []},
        "event_category_id": null,
        "settings": {"color": "Dark-Solid", "text": "text", "hide": false, "hide_full": false, "print": false},
    }))
}

fn html_text(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!("<p>{}</p>", escaped.replace('\n', "<br>"))
}

/// The campaign's calendar, today and events as a Fantasy-Calendar export
/// named after it; and what it could not carry.
pub fn export(data: &CampaignData) -> (String, Vec<String>) {
    let s = &data.settings;
    let events: Vec<&CalendarEvent> = data.events.values().collect();
    write(&s.name, &s.calendar, s.clock.day, &events)
}

/// `c`, its today `today` (a clock day) and `events` as a Fantasy-Calendar
/// export named `name`; and what it could not carry, each with why.
pub fn write(
    name: &str,
    c: &Calendar,
    today: i64,
    events: &[&CalendarEvent],
) -> (String, Vec<String>) {
    let mut left_out = Vec::new();
    let (at, timespans) = timespans_of(c);
    let leap_days = leap_days_of(c, &at, &mut left_out);
    for f in c.festivals.iter().filter(|f| f.in_week) {
        left_out.push(format!(
            "{}: Fantasy-Calendar's intercalary days stand outside the week",
            f.name
        ));
    }
    let epoch = c.day_number(c.epoch()).unwrap_or(1);
    for m in c.moons.iter().filter(|m| !m.reset.is_never()) {
        left_out.push(format!(
            "the moon {}: it {} in Waybook; Fantasy-Calendar's moons run on",
            m.name,
            m.reset.words()
        ));
    }
    let moons: Vec<Value> = (c.moons.iter())
        .map(|m| {
            let phase = c.moon_fraction(m, epoch);
            json!({"name": m.name, "cycle": m.cycle_days, "shift": -phase * m.cycle_days, "granularity": 24, "color": "#ffffff", "hidden": false, "custom_phase": false, "custom_cycle": ""})
        })
        .collect();
    let time = |h: f64| json!({"hour": h.floor(), "minute": ((h - h.floor()) * 60.0).round()});
    // A checked calendar's seasons start on its months.
    let seasons: Vec<Value> = (c.seasons.iter())
        .filter_map(|s| Some(json!({"name": s.name, "time": {"sunrise": time(s.sunrise), "sunset": time(s.sunset)}, "timespan": at.month(s.month)?, "day": s.day, "color": ["#ffffff", "#ffffff"]})))
        .collect();
    let mut eras = Vec::new();
    if !c.era.is_empty() {
        let before = c.eras.first().map_or(1, |e| e.from_year - 1);
        eras.push(json!({"name": c.era, "formatting": "", "description": "", "settings": {"starting_era": true, "use_custom_format": false, "show_as_event": false, "restart": false, "ends_year": false}, "date": {"year": before, "timespan": 0, "day": 1}}));
    }
    eras.extend(c.eras.iter().map(|e| json!({"name": e.name, "formatting": "", "description": "", "settings": {"starting_era": false, "use_custom_format": false, "show_as_event": false, "restart": false, "ends_year": false}, "date": {"year": e.from_year, "timespan": 0, "day": 1}})));
    let date = c.date(today);
    let (timespan, day) = timespan_day(&at, date.day).unwrap_or((0, 1));
    let mut written = Vec::new();
    for e in events {
        match event_json(c, &at, e) {
            Some(json) => written.push(json),
            None => left_out.push(format!(
                "the event {}: its day has no place in Fantasy-Calendar",
                e.name
            )),
        }
    }
    let file = json!({
        "name": name,
        "static_data": {
            "year_data": {"first_day": c.year_one_weekday + 1, "overflow": !c.week_restarts_monthly, "global_week": c.weekdays, "timespans": timespans, "leap_days": leap_days},
            "moons": moons,
            "clock": {"enabled": true, "render": true, "hours": 24, "minutes": 60, "offset": 0, "crowding": 0},
            "seasons": {"data": seasons, "locations": [], "global_settings": {"season_offset": 0, "weather_offset": 0, "seed": 0, "temp_sys": "metric", "wind_sys": "metric", "cinematic": false, "enable_weather": false, "periodic_seasons": false}},
            "eras": eras,
            "settings": {"layout": "grid", "show_current_month": false, "allow_view": true, "only_backwards": true},
            "cycles": {"format": "", "data": []},
        },
        "dynamic_data": {"year": date.year, "timespan": timespan, "day": day, "epoch": today - epoch, "custom_location": false, "location": "", "hour": 0, "minute": 0},
        "events": written,
        "categories": [],
    });
    let text = serde_json::to_string_pretty(&file).unwrap_or_default();
    (text, left_out)
}
