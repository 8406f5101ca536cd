//! Simple Calendar's JSON (Foundry VTT), read for import: a preset
//! (`{"calendar": …, "notes": […]}`), an export (`{"calendars": […]}`) or a
//! bare calendar. Its months (intercalary ones as festivals, in or out of
//! the week; a month of no days but in leap years as a leap-year
//! festival), weekdays, leap rule (none, Gregorian, every N), the year's
//! postfix as the era, the weekday of year zero, moons from their first
//! new moon, seasons with their sunrise and sunset, the current date and
//! notes (once, monthly, yearly). What Waybook cannot hold is named in the
//! import's `left_out` with why. Months and days are counted from 0 in
//! the file, as Simple Calendar keeps them.

use super::calendar_import::{
    CalendarFileError, CalendarImport, ImportedEvent, ImportedWhen, add_season, check_size,
    cycle_fits, keep_dated, parse_part, text, time_not_kept, today_from,
};
use crate::model::calendar::{
    Calendar, Date, Day, Festival, LeapRule, Month, Moon, MoonReset, Season,
};
use crate::model::limits::{CALENDAR_YEAR, LEAP_YEARS, MONTH_DAYS};
use serde::Deserialize;
use serde_json::Value;

const TOOL: &str = "Simple Calendar";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScCalendar {
    #[serde(default, deserialize_with = "text::name")]
    name: String,
    months: Vec<ScMonth>,
    weekdays: Vec<ScWeekday>,
    #[serde(default)]
    leap_year: Option<ScLeap>,
    #[serde(default)]
    year: Option<ScYear>,
    #[serde(default)]
    current_date: Option<ScDate>,
    #[serde(default)]
    moons: Vec<ScMoon>,
    #[serde(default)]
    seasons: Vec<ScSeason>,
    #[serde(default)]
    time: Option<ScTime>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScMonth {
    #[serde(deserialize_with = "text::name")]
    name: String,
    number_of_days: i64,
    #[serde(default)]
    number_of_leap_year_days: Option<i64>,
    #[serde(default)]
    intercalary: bool,
    #[serde(default)]
    intercalary_include: bool,
    #[serde(default)]
    starting_weekday: Option<Value>,
}

#[derive(Deserialize)]
struct ScWeekday {
    #[serde(deserialize_with = "text::name")]
    name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScLeap {
    rule: String,
    #[serde(default)]
    custom_mod: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScYear {
    #[serde(default)]
    prefix: String,
    #[serde(default)]
    postfix: String,
    #[serde(default)]
    first_weekday: usize,
    #[serde(default)]
    year_zero: i64,
    #[serde(default)]
    year_names: Vec<Value>,
}

#[derive(Deserialize, Clone, Copy)]
struct ScDate {
    year: i64,
    month: i64,
    day: i64,
    #[serde(default)]
    seconds: f64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScMoon {
    #[serde(deserialize_with = "text::name")]
    name: String,
    cycle_length: f64,
    first_new_moon: ScFirstNewMoon,
    #[serde(default)]
    cycle_day_adjust: f64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScFirstNewMoon {
    #[serde(default)]
    year_reset: String,
    #[serde(default)]
    year_x: i64,
    year: i64,
    month: i64,
    day: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScSeason {
    #[serde(deserialize_with = "text::name")]
    name: String,
    starting_month: i64,
    starting_day: i64,
    #[serde(default)]
    sunrise_time: Option<f64>,
    #[serde(default)]
    sunset_time: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScTime {
    #[serde(default)]
    hours_in_day: Option<i64>,
}

/// Where each of the file's months went.
#[derive(Clone, Copy)]
enum Span {
    Month(usize),
    Festival(usize),
}

/// Reads a Simple Calendar preset or export; refused, naming the field,
/// when it is not one.
pub fn read(file: &str, root: Value) -> Result<CalendarImport, CalendarFileError> {
    let refuse = |reason: String| CalendarFileError::new(file, TOOL, reason);
    let mut left_out = Vec::new();
    let (at, calendar, notes) = if let Some(c) = root.get("calendar") {
        ("calendar", c.clone(), root.get("notes").cloned())
    } else if let Some(all) = root.get("calendars").and_then(Value::as_array) {
        let first = all
            .first()
            .ok_or_else(|| refuse("calendars is empty".into()))?;
        if all.len() > 1 {
            left_out.push(format!(
                "{} in the file: the first is imported",
                crate::model::plural(all.len() - 1, "more calendar")
            ));
        }
        let id = first.get("id").and_then(Value::as_str).unwrap_or_default();
        (
            "calendars[0]",
            first.clone(),
            root.get("notes").and_then(|n| n.get(id)).cloned(),
        )
    } else if root.get("months").is_some() {
        ("", root.clone(), None)
    } else {
        return Err(refuse("it has no calendar, calendars or months".into()));
    };
    let sc: ScCalendar = parse_part(file, TOOL, at, calendar)?;
    let field = |name: &str| {
        if at.is_empty() {
            name.to_owned()
        } else {
            format!("{at}.{name}")
        }
    };
    if sc.weekdays.is_empty() {
        return Err(refuse(format!("{}: no weekdays", field("weekdays"))));
    }
    let (mut c, spans) = calendar_of(&sc, field, &mut left_out).map_err(refuse)?;
    check_size(&c, &field("months")).map_err(refuse)?;
    let today = sc
        .current_date
        .and_then(|d| today_of(&c, &spans, d, &mut left_out));
    if let Some(year) = &sc.year {
        let zero = c.date_in_year(
            year.year_zero
                .clamp(*CALENDAR_YEAR.start(), *CALENDAR_YEAR.end()),
            0,
        );
        if year.first_weekday < c.weekdays.len() {
            c.year_one_weekday = c.epoch_weekday_naming(zero, year.first_weekday);
        }
    }
    c.seasons = seasons_of(&sc, &c, &spans, &mut left_out);
    let this_year = today.map_or(c.day_one.year, |t| t.year);
    c.moons = (sc.moons.iter())
        .filter_map(|m| moon_of(m, &sc, &c, this_year, &mut left_out))
        .collect();
    if let Some(today) = today {
        c.day_one = c.date_in_year(today.year, 0);
    }
    let mut events = notes_of(notes.as_ref(), &c, &spans, &mut left_out);
    keep_dated(&mut events, &c, &mut left_out);
    let name = if sc.name.trim().is_empty() {
        super::calendar_import::name_of_file(file)
    } else {
        sc.name.trim().to_owned()
    };
    Ok(CalendarImport {
        tool: TOOL,
        name,
        calendar: c,
        today,
        events,
        left_out,
    })
}

/// The date the file calls today (`currentDate`, months and days from 0),
/// when it is one Waybook counts; its time of day is named as not kept.
fn today_of(c: &Calendar, spans: &[Span], d: ScDate, left_out: &mut Vec<String>) -> Option<Date> {
    time_not_kept(d.seconds / 3600.0, left_out);
    let date = || span_day(c, spans, d.month, d.day + 1).map(|day| Date { year: d.year, day });
    today_from(
        c,
        ("currentDate", "currentDate.year", d.year),
        date,
        left_out,
    )
}

/// The leap rule: none, the Gregorian one, or every N years.
fn leap_rule_of(sc: &ScCalendar, left_out: &mut Vec<String>) -> Option<LeapRule> {
    match sc
        .leap_year
        .as_ref()
        .map(|l| (l.rule.as_str(), l.custom_mod))
    {
        Some(("gregorian", _)) => Some(LeapRule {
            except_every: Some(100),
            but_every: Some(400),
            ..LeapRule::every(4, None)
        }),
        Some(("custom", n)) if LEAP_YEARS.contains(&n) => Some(LeapRule::every(n, None)),
        Some(("none", _)) | None => None,
        Some((rule, n)) => {
            left_out.push(format!(
                "the leap rule {rule} ({n}): not one Waybook can hold; no leap years"
            ));
            None
        }
    }
}

/// The era (the year's postfix); what of the year and clock is not kept.
fn era_of(sc: &ScCalendar, left_out: &mut Vec<String>) -> String {
    let year = sc.year.as_ref();
    if year.is_some_and(|y| !y.prefix.trim().is_empty()) {
        left_out.push("the year's prefix: Waybook writes the era after the year".into());
    }
    if year.is_some_and(|y| !y.year_names.is_empty()) {
        left_out.push("the years' names: not kept".into());
    }
    if let Some(hours) = sc
        .time
        .as_ref()
        .and_then(|t| t.hours_in_day)
        .filter(|h| *h != 24)
    {
        left_out.push(format!(
            "the clock: days of {hours} hours; the campaign keeps its own hours (Campaign screen)"
        ));
    }
    year.map_or("", |y| y.postfix.trim()).to_owned()
}

/// The months, festivals and leap rule, and where each file month went.
fn calendar_of(
    sc: &ScCalendar,
    field: impl Fn(&str) -> String,
    left_out: &mut Vec<String>,
) -> Result<(Calendar, Vec<Span>), String> {
    let mut leap = leap_rule_of(sc, left_out);
    let (mut months, mut festivals, mut spans) = (Vec::new(), Vec::<Festival>::new(), Vec::new());
    for (i, m) in sc.months.iter().enumerate() {
        let leap_days = m.number_of_leap_year_days.unwrap_or(m.number_of_days);
        let more = leap_days - m.number_of_days;
        if m.starting_weekday.as_ref().is_some_and(|w| !w.is_null()) {
            left_out.push(format!(
                "{}: its own first weekday is not kept; the week runs on",
                m.name
            ));
        }
        let after = months.len().checked_sub(1);
        if m.intercalary {
            let leap_only = m.number_of_days == 0 && leap_days > 0;
            let days = if leap_only {
                leap_days
            } else {
                m.number_of_days
            };
            if !MONTH_DAYS.contains(&days) {
                return Err(format!(
                    "{}: the month {} has {days} days; Waybook holds 1 to 1,000",
                    field(&format!("months[{i}]")),
                    m.name
                ));
            }
            spans.push(Span::Festival(festivals.len()));
            if leap_only && leap.is_none() {
                left_out.push(format!(
                    "{}: comes only in leap years, but the file has none; not kept",
                    m.name
                ));
                spans.pop();
                spans.push(Span::Festival(usize::MAX));
                continue;
            }
            festivals.push(Festival {
                days,
                leap_only,
                in_week: m.intercalary_include,
                ..Festival::new(&m.name, after)
            });
            if !leap_only && more != 0 {
                leap_day_to(&mut leap, &m.name, more, left_out, |r| {
                    r.festival = Some(festivals.len() - 1)
                });
            }
        } else {
            if !MONTH_DAYS.contains(&m.number_of_days) {
                return Err(format!(
                    "{}: the month {} has {} days; Waybook holds 1 to 1,000",
                    field(&format!("months[{i}].numberOfDays")),
                    m.name,
                    m.number_of_days
                ));
            }
            months.push(Month {
                name: m.name.clone(),
                days: m.number_of_days,
            });
            spans.push(Span::Month(months.len() - 1));
            if more != 0 {
                leap_day_to(&mut leap, &m.name, more, left_out, |r| {
                    r.month = Some(months.len() - 1)
                });
            }
        }
    }
    if months.is_empty() {
        return Err(format!(
            "{}: no month that is not intercalary",
            field("months")
        ));
    }
    let era = era_of(sc, left_out);
    let mut c = Calendar::gregorian();
    (c.months, c.festivals, c.leap, c.era) = (months, festivals, leap, era);
    c.weekdays = sc.weekdays.iter().map(|w| w.name.clone()).collect();
    c.year_one_weekday = 0;
    (c.seasons, c.moons) = (Vec::new(), Vec::new());
    c.day_one = c.epoch();
    Ok((c, spans))
}

/// Gives the leap year's day more to what `set` names, when there is a
/// rule, it is one day and no other month or festival has it.
fn leap_day_to(
    leap: &mut Option<LeapRule>,
    name: &str,
    more: i64,
    left_out: &mut Vec<String>,
    set: impl FnOnce(&mut LeapRule),
) {
    match leap.as_mut() {
        Some(rule) if more == 1 && rule.month.is_none() && rule.festival.is_none() => set(rule),
        _ => left_out.push(format!("{name}: {more} days more in leap years is not kept (Waybook adds one day, to one month or festival)")),
    }
}

/// File month `month`'s day `day` (from 1) as Waybook's day.
fn span_day(c: &Calendar, spans: &[Span], month: i64, day: i64) -> Option<Day> {
    match *spans.get(usize::try_from(month).ok()?)? {
        Span::Month(m) => (1..=c.months.get(m)?.days + 1)
            .contains(&day)
            .then_some(Day::Of { month: m, day }),
        Span::Festival(f) => (f < c.festivals.len()
            && (1..=c.festival_days(f, true)).contains(&day))
        .then_some(Day::Festival { festival: f, day }),
    }
}

fn seasons_of(
    sc: &ScCalendar,
    c: &Calendar,
    spans: &[Span],
    left_out: &mut Vec<String>,
) -> Vec<Season> {
    let mut seasons: Vec<Season> = Vec::new();
    for s in &sc.seasons {
        let (month, day) = match span_day(c, spans, s.starting_month, s.starting_day + 1) {
            Some(Day::Of { month, day }) if c.months.get(month).is_some_and(|m| day <= m.days) => {
                (month, day)
            }
            _ => {
                left_out.push(format!(
                    "the season {}: its first day is not a month's day of the calendar",
                    s.name
                ));
                continue;
            }
        };
        let hour = |seconds: Option<f64>, or: f64| seconds.map_or(or, |s| s / 3600.0);
        let (sunrise, sunset) = (hour(s.sunrise_time, 6.0), hour(s.sunset_time, 18.0));
        let season = Season {
            name: s.name.clone(),
            month,
            day,
            sunrise,
            sunset,
        };
        add_season(&mut seasons, season, left_out);
    }
    seasons
}

/// A moon from its first new moon, its cycle starting again as Simple
/// Calendar's does ([`MoonReset`]): each leap year, on the first new
/// moon's month and day (its year is then not used; the anchor is put on
/// the last leap year by `this_year`, where the calendar screen shows
/// it), or every X years.
fn moon_of(
    m: &ScMoon,
    sc: &ScCalendar,
    c: &Calendar,
    this_year: i64,
    left_out: &mut Vec<String>,
) -> Option<Moon> {
    if !cycle_fits(&m.name, m.cycle_length, left_out) {
        return None;
    }
    let first = &m.first_new_moon;
    let (year, reset) = match (first.year_reset.as_str(), c.leap.as_ref()) {
        ("leap-year", Some(_)) => (c.leap_year_at_or_before(this_year), MoonReset::LeapYear),
        ("x-years", _) if LEAP_YEARS.contains(&first.year_x) => {
            (first.year, MoonReset::EveryYears(first.year_x))
        }
        ("x-years", _) => {
            left_out.push(format!(
                "the moon {}: its cycle starts again every {} years in Simple Calendar; Waybook restarts it every 1 to 10,000, so it runs on from {}",
                m.name, first.year_x, first.year
            ));
            (first.year, MoonReset::Never)
        }
        _ => (first.year, MoonReset::Never),
    };
    if !CALENDAR_YEAR.contains(&year) {
        left_out.push(format!(
            "the moon {}: its first new moon is in year {year}, outside the years Waybook counts",
            m.name
        ));
        return None;
    }
    // Simple Calendar counts every month before it (intercalary ones too),
    // as long as they are that year, then its day (from 0).
    let leap = c.is_leap(year);
    let before: i64 = (sc
        .months
        .iter()
        .take(usize::try_from(first.month).unwrap_or(0)))
    .map(|m| {
        if leap {
            m.number_of_leap_year_days.unwrap_or(m.number_of_days)
        } else {
            m.number_of_days
        }
    })
    .sum();
    Some(Moon {
        name: m.name.clone(),
        cycle_days: m.cycle_length,
        anchor: c.date_in_year(year, before + first.day.max(0)),
        phase_at_anchor: (m.cycle_day_adjust / m.cycle_length).rem_euclid(1.0),
        reset,
    })
}

/// The notes as events: never repeating, monthly and yearly ones.
fn notes_of(
    notes: Option<&Value>,
    c: &Calendar,
    spans: &[Span],
    left_out: &mut Vec<String>,
) -> Vec<ImportedEvent> {
    let mut events = Vec::new();
    for note in notes.and_then(Value::as_array).into_iter().flatten() {
        let name = (note.get("name").or_else(|| note.get("title")))
            .and_then(Value::as_str)
            .map_or_else(|| "A note".to_owned(), super::foundry::decode_entities)
            .trim()
            .to_owned();
        let data = note
            .pointer("/flags/foundryvtt-simple-calendar/noteData")
            .unwrap_or(note);
        let start = data.get("startDate").unwrap_or(data);
        let field = |k: &str| start.get(k).and_then(Value::as_i64);
        let day =
            (field("month").zip(field("day"))).and_then(|(m, d)| span_day(c, spans, m, d + 1));
        let repeats = data.get("repeats").and_then(Value::as_i64).unwrap_or(0);
        let when = match (day, repeats) {
            (Some(day), 0) => field("year").map(|year| ImportedWhen::Once(Date { year, day })),
            (Some(Day::Of { day, .. }), 2) => Some(ImportedWhen::Month(day)),
            (Some(day), 3) => Some(ImportedWhen::Year(day)),
            _ => None,
        };
        let Some(when) = when else {
            let why = if repeats == 1 {
                "it repeats weekly; Waybook repeats yearly, monthly or by a moon"
            } else {
                "its date is not a day of the calendar"
            };
            left_out.push(format!("the note {name}: {why}"));
            continue;
        };
        let content = note
            .get("content")
            .or_else(|| note.get("text"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        events.push(ImportedEvent {
            name,
            notes: super::foundry::read_markup(content).trim().to_owned(),
            when,
        });
    }
    events
}
