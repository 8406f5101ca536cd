//! A calendar read from another tool's file, before it is the campaign's:
//! the calendar as Waybook will hold it, the date the export calls today,
//! the events that come across, and every part that does not, each with
//! why. Importing puts the campaign's today on that date (day numbers
//! never move, so nothing lived moves in time) and adds the events, as
//! one edit. The readers are `fantasy_calendar`, `simple_calendar` and
//! `seasons_and_stars`.

use crate::model::calendar::{Calendar, Date, Day, Phase, Season};
use crate::model::limits::{CALENDAR_YEAR, MOON_CYCLE};
use crate::model::{CalendarEvent, CampaignData, Change, Edit, EventId, Recurrence, Visibility};

/// When an imported event comes round, in the calendar's own dates (the
/// clock's day numbers are known only once today is placed).
#[derive(Debug, Clone, PartialEq)]
pub enum ImportedWhen {
    Once(Date),
    Year(Day),
    Month(i64),
    Moon { moon: String, phase: Phase },
}

/// An event of the file that comes across.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedEvent {
    pub name: String,
    pub notes: String,
    pub when: ImportedWhen,
}

/// A calendar read from a file, with what comes across and what does not.
#[derive(Debug, Clone, PartialEq)]
pub struct CalendarImport {
    /// The tool that wrote it ("Fantasy-Calendar", "Simple Calendar",
    /// "Seasons & Stars").
    pub tool: &'static str,
    /// The calendar's name in the file.
    pub name: String,
    /// The calendar, its day 1 still the file's first year's first day.
    pub calendar: Calendar,
    /// The date the file calls today, if it says.
    pub today: Option<Date>,
    pub events: Vec<ImportedEvent>,
    /// What does not come across, each with why.
    pub left_out: Vec<String>,
}

/// Why a file is not a calendar Waybook can read, naming the field.
#[derive(Debug, thiserror::Error)]
#[error("{file} is not a {tool} calendar: {reason}")]
pub struct CalendarFileError {
    pub file: String,
    pub tool: &'static str,
    pub reason: String,
}

impl CalendarFileError {
    pub(crate) fn new(file: &str, tool: &'static str, reason: String) -> Self {
        CalendarFileError {
            file: file.to_owned(),
            tool,
            reason,
        }
    }
}

/// The JSON of a calendar file, read as the tools write it (a byte-order
/// mark before it, raw tabs inside its strings); refused, naming the
/// field's path (`static_data.moons[0].cycle`) and where in the file.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(
    file: &str,
    tool: &'static str,
    text: &str,
) -> Result<T, CalendarFileError> {
    let text = super::foundry::escape_raw_controls(text.trim_start_matches('\u{feff}'));
    let mut reading = serde_json::Deserializer::from_str(&text);
    serde_path_to_error::deserialize(&mut reading)
        .map_err(|e| CalendarFileError::new(file, tool, with_path("", &e)))
}

/// A part of a file already read (`value`, at `at`: "calendar",
/// "calendars[0]") as `T`; refused naming the field's path in the file.
pub(crate) fn parse_part<T: serde::de::DeserializeOwned>(
    file: &str,
    tool: &'static str,
    at: &str,
    value: serde_json::Value,
) -> Result<T, CalendarFileError> {
    serde_path_to_error::deserialize(value)
        .map_err(|e| CalendarFileError::new(file, tool, with_path(at, &e)))
}

/// The reason of a refusal with the path of its field, `at` before it.
fn with_path(at: &str, e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let path = e.path().to_string();
    let path = match (at, path.as_str()) {
        (at, ".") => at.to_owned(),
        ("", path) => path.to_owned(),
        (at, path) => format!("{at}.{path}"),
    };
    if path.is_empty() {
        e.inner().to_string()
    } else {
        format!("{path}: {}", e.inner())
    }
}

/// Names as the tools' pages show them: HTML entities decoded
/// ("Quen&#39;pillar" is "Quen'pillar"), trimmed.
pub(crate) mod text {
    use serde::{Deserialize, Deserializer};

    pub fn name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        let raw = String::deserialize(d)?;
        Ok(super::super::foundry::decode_entities(&raw)
            .trim()
            .to_owned())
    }

    pub fn names<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        let raw = Vec::<String>::deserialize(d)?;
        Ok((raw.iter())
            .map(|n| super::super::foundry::decode_entities(n).trim().to_owned())
            .collect())
    }
}

/// Refuses a calendar bigger than Waybook holds (see
/// [`crate::model::limits::CALENDAR_MONTHS`]), naming the file's field.
pub(crate) fn check_size(c: &Calendar, field: &str) -> Result<(), String> {
    use crate::model::limits::{CALENDAR_FESTIVALS, CALENDAR_MONTHS, YEAR_DAYS};
    use crate::model::plural;
    let what = if !CALENDAR_MONTHS.contains(&c.months.len()) {
        plural(c.months.len(), "month")
    } else if !CALENDAR_FESTIVALS.contains(&c.festivals.len()) {
        plural(c.festivals.len(), "festival")
    } else {
        // A leap year is the longest (the rule's own years are one).
        let longest = c.year_days(c.leap.as_ref().map_or(1, |l| l.every));
        if YEAR_DAYS.contains(&longest) {
            return Ok(());
        }
        format!("a year of {longest} days")
    };
    Err(format!(
        "{field}: {what}; Waybook holds a year of 1 to 100 months, 100 festivals and 10,000 days"
    ))
}

/// Leaves out, each named, the events once on a date Waybook cannot
/// count: a year past its years, or a day the calendar does not have.
pub(crate) fn keep_dated(
    events: &mut Vec<ImportedEvent>,
    c: &Calendar,
    left_out: &mut Vec<String>,
) {
    events.retain(|e| {
        let ImportedWhen::Once(date) = e.when else {
            return true;
        };
        let why = if !CALENDAR_YEAR.contains(&date.year) {
            format!("in year {}, outside the years Waybook counts", date.year)
        } else if c.day_number(date).is_none() {
            "its date is not a day of the calendar".to_owned()
        } else {
            return true;
        };
        left_out.push(format!("the event {}: {why}", e.name));
        false
    });
}

/// Today as a file gives it, checked as Waybook counts: its `year` (the
/// file's field `year_field`), refused outside the years Waybook counts
/// before anything is worked out of it, then its `date` as the file's
/// tool counts it (the field `date_field`), refused when it is no day of
/// the calendar; what is not taken is said in `left_out`, naming the field.
pub(crate) fn today_from(
    c: &Calendar,
    (date_field, year_field, year): (&str, &str, i64),
    date: impl FnOnce() -> Option<Date>,
    left_out: &mut Vec<String>,
) -> Option<Date> {
    if !CALENDAR_YEAR.contains(&year) {
        left_out.push(format!(
            "{year_field}: {year} is outside the years Waybook counts (-100,000 to 100,000); today is not taken from the file"
        ));
        return None;
    }
    let today = date().filter(|date| c.day_number(*date).is_some());
    if today.is_none() {
        left_out.push(format!(
            "{date_field}: its current date is not a day of the calendar; today is not taken from the file"
        ));
    }
    today
}

/// Names the file's time of day (`hours` into the day) as not brought:
/// the campaign's clock keeps its own hour, as moving it back would move
/// what was lived.
pub(crate) fn time_not_kept(hours: f64, left_out: &mut Vec<String>) {
    if hours.is_finite() && hours > 0.0 {
        left_out.push(format!(
            "the time of day ({}): the campaign's clock keeps its own hour (move the clock on to reach it)",
            crate::model::calendar::clock_time(hours)
        ));
    }
}

/// Numbers as the tools' scripts read them: a JSON number, or text that
/// is one (Fantasy-Calendar's presets write `"cycle": "29.53"`, and its
/// JavaScript does arithmetic on either alike). A refusal says what was
/// found; [`parse`] adds the field's path.
pub(crate) mod number {
    use serde::de::{self, Deserializer, Visitor};
    use std::fmt;

    #[derive(Clone, Copy)]
    enum Read {
        Whole(i64),
        Real(f64),
        Null,
    }

    struct Any;

    impl Visitor<'_> for Any {
        type Value = Read;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a number")
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Read, E> {
            Ok(Read::Whole(v))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Read, E> {
            Ok(i64::try_from(v).map_or(Read::Real(v as f64), Read::Whole))
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Read, E> {
            Ok(Read::Real(v))
        }

        fn visit_unit<E: de::Error>(self) -> Result<Read, E> {
            Ok(Read::Null)
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Read, E> {
            let t = v.trim();
            (t.parse::<i64>().map(Read::Whole))
                .or_else(|_| t.parse::<f64>().map(Read::Real))
                .ok()
                .filter(|r| !matches!(r, Read::Real(f) if !f.is_finite()))
                .ok_or_else(|| E::custom(format!("expected a number, found the text \"{v}\"")))
        }
    }

    fn whole<E: de::Error>(read: Read) -> Result<i64, E> {
        match read {
            Read::Whole(n) => Ok(n),
            // Within ±2^53 every whole f64 is exact.
            Read::Real(f) if f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0 => Ok(f as i64),
            Read::Real(f) => Err(E::custom(format!("expected a whole number, found {f}"))),
            Read::Null => Err(E::custom("expected a number, found null")),
        }
    }

    fn to_real<E: de::Error>(read: Read) -> Result<f64, E> {
        match read {
            Read::Whole(n) => Ok(n as f64),
            Read::Real(f) => Ok(f),
            Read::Null => Err(E::custom("expected a number, found null")),
        }
    }

    fn to_index<E: de::Error>(read: Read) -> Result<usize, E> {
        let n = whole(read)?;
        usize::try_from(n).map_err(|_| E::custom(format!("expected an index from 0, found {n}")))
    }

    /// Null (or no field, with `#[serde(default)]`) is none.
    fn some<T, E>(read: Read, to: fn(Read) -> Result<T, E>) -> Result<Option<T>, E> {
        match read {
            Read::Null => Ok(None),
            read => to(read).map(Some),
        }
    }

    pub fn real<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        to_real(d.deserialize_any(Any)?)
    }

    pub fn int<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        whole(d.deserialize_any(Any)?)
    }

    pub fn index<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
        to_index(d.deserialize_any(Any)?)
    }

    pub fn some_real<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        some(d.deserialize_any(Any)?, to_real)
    }

    pub fn some_int<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
        some(d.deserialize_any(Any)?, whole)
    }

    pub fn some_index<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
        some(d.deserialize_any(Any)?, to_index)
    }
}

/// Adds `season` in the order of the year, or says why it is not kept: a
/// sunset before its sunrise, or a first day another season has.
pub(crate) fn add_season(seasons: &mut Vec<Season>, season: Season, left_out: &mut Vec<String>) {
    let day = (season.month, season.day);
    if season.sunset < season.sunrise || seasons.iter().any(|s| (s.month, s.day) == day) {
        left_out.push(format!(
            "the season {}: its day or daylight clashes; not kept",
            season.name
        ));
        return;
    }
    let at = seasons.partition_point(|s| (s.month, s.day) < day);
    seasons.insert(at, season);
}

/// Whether a moon's cycle is one Waybook holds; if not, says so.
pub(crate) fn cycle_fits(moon: &str, cycle: f64, left_out: &mut Vec<String>) -> bool {
    let fits = MOON_CYCLE.contains(&cycle);
    if !fits {
        left_out.push(format!(
            "the moon {moon}: a cycle of {cycle} days; Waybook holds 1 to 10,000"
        ));
    }
    fits
}

impl CalendarImport {
    /// The calendar with the campaign's clock day `today` on the file's
    /// today (or on day 1's date when it names none): what the campaign
    /// will hold.
    pub fn placed(&self, today: i64) -> Calendar {
        self.today
            .and_then(|date| self.calendar.with_today(today, date))
            .unwrap_or_else(|| self.calendar.clone())
    }

    /// Each event's "when" as the campaign keeps it, on `calendar` (the
    /// placed one).
    fn recurrence(when: &ImportedWhen, calendar: &Calendar) -> Option<Recurrence> {
        Some(match when {
            ImportedWhen::Once(date) => Recurrence::Once {
                day: calendar.day_number(*date)?,
            },
            ImportedWhen::Year(on) => Recurrence::Year { on: *on },
            ImportedWhen::Month(day_of_month) => Recurrence::Month {
                day_of_month: *day_of_month,
            },
            ImportedWhen::Moon { moon, phase } => Recurrence::Moon {
                moon: moon.clone(),
                phase: *phase,
            },
        })
    }

    /// The campaign's events that would fall on no day of this calendar.
    pub fn stranded<'a>(&self, data: &'a CampaignData) -> Vec<&'a CalendarEvent> {
        let calendar = self.placed(data.settings.clock.day);
        CalendarEvent::stranded_events(data.events.values(), &calendar)
    }

    /// The one edit that makes this the campaign's calendar, today on the
    /// file's today, with its events when `with_events`, and without the
    /// campaign's events it has no day for when `remove_stranded`;
    /// refused, in words, when the calendar cannot name its days or such
    /// events would stay.
    pub fn edit(
        &self,
        data: &CampaignData,
        with_events: bool,
        remove_stranded: bool,
    ) -> Result<Edit, String> {
        let calendar = self.placed(data.settings.clock.day);
        calendar
            .check()
            .map_err(|e| format!("the calendar cannot be used: {e}"))?;
        let stranded = CalendarEvent::stranded_events(data.events.values(), &calendar);
        if !stranded.is_empty() && !remove_stranded {
            let names: Vec<String> = stranded.iter().map(|e| format!("“{}”", e.name)).collect();
            return Err(format!(
                "the campaign's {} {} on days this calendar does not have; remove {} first (Calendar screen, on {} days)",
                if names.len() == 1 { "event" } else { "events" },
                if let [one] = names.as_slice() {
                    format!("{one} falls")
                } else {
                    format!("{} fall", names.join(", "))
                },
                if names.len() == 1 { "it" } else { "them" },
                if names.len() == 1 { "its" } else { "their" },
            ));
        }
        let mut settings = data.settings.clone();
        *settings.calendar = calendar;
        let mut changes = vec![Change::of(Some(&data.settings), Some(&settings))];
        changes.extend(stranded.iter().map(|e| Change::of(Some(*e), None)));
        if with_events {
            let first = data.next_id::<CalendarEvent>().0;
            let events = (self.events.iter())
                .filter_map(|e| Some((e, Self::recurrence(&e.when, &settings.calendar)?)));
            for (i, (e, when)) in events.enumerate() {
                let event = CalendarEvent {
                    id: EventId(first + i as i64),
                    name: e.name.clone(),
                    notes: e.notes.clone(),
                    when,
                    shown: Visibility::default(),
                };
                changes.push(Change::of(None, Some(&event)));
            }
        }
        let events = if with_events {
            let added = changes.len() - 1 - stranded.len();
            format!(" with {}", crate::model::plural(added, "event"))
        } else {
            String::new()
        };
        Ok(Edit::new(
            format!(
                "Import the calendar {} from {}{events}",
                self.name, self.tool
            ),
            changes,
        ))
    }
}

/// The name a file gives a calendar that names none: the file's, without
/// its folder or extension.
pub(crate) fn name_of_file(file: &str) -> String {
    let path = std::path::Path::new(file);
    (path.file_stem()).map_or_else(|| file.to_owned(), |s| s.to_string_lossy().into_owned())
}

/// Reads a calendar file of any of the three tools, told apart by its
/// fields: Fantasy-Calendar's `static_data`, Seasons & Stars' labels or
/// months of `days`, else Simple Calendar's.
pub fn read(file: &str, text: &str) -> Result<CalendarImport, CalendarFileError> {
    if text.contains("\"static_data\"") {
        return super::fantasy_calendar::read(file, text);
    }
    let root: serde_json::Value = parse(file, "Simple Calendar", text)?;
    if super::seasons_and_stars::is_one(&root) {
        super::seasons_and_stars::read(file, root)
    } else {
        super::simple_calendar::read(file, root)
    }
}

impl CalendarImport {
    /// What comes across, line by line, as the preview and the CLI say it:
    /// the year, the week, the festivals, the leap rule, eras, seasons,
    /// moons, the date today will be (the campaign's clock day `today`)
    /// and the events by kind.
    pub fn summary(&self, today: i64) -> Vec<String> {
        use crate::model::plural;
        let c = self.placed(today);
        let common = c.common_year();
        let mut lines = vec![format!(
            "{} of {} days a year, a week of {} ({})",
            plural(c.months.len(), "month"),
            c.year_days(common),
            plural(c.weekdays.len(), "day"),
            if c.week_restarts_monthly {
                "starting again each month"
            } else {
                "running on across months"
            }
        )];
        lines.extend(festivals_line(&c));
        lines.extend(leap_line(&c));
        if !c.era.is_empty() || !c.eras.is_empty() {
            let mut eras = vec![
                if c.era.is_empty() {
                    "none"
                } else {
                    c.era.as_str()
                }
                .to_owned(),
            ];
            eras.extend((c.eras.iter()).map(|e| format!("{} from {}", e.name, e.from_year)));
            lines.push(format!("Eras: {}", eras.join(", then ")));
        }
        if !c.seasons.is_empty() {
            let seasons: Vec<String> = (c.seasons.iter())
                .map(|s| {
                    format!(
                        "{} from {} {} ({} to {})",
                        s.name,
                        s.day,
                        c.month_name(s.month),
                        crate::model::calendar::clock_time(s.sunrise),
                        crate::model::calendar::clock_time(s.sunset)
                    )
                })
                .collect();
            lines.push(format!("Seasons: {}", seasons.join("; ")));
        }
        if !c.moons.is_empty() {
            let moons: Vec<String> = (c.moons.iter())
                .map(|m| {
                    let phase = Phase::at(c.moon_fraction(m, today));
                    format!(
                        "{} ({} days; {} today)",
                        m.name,
                        m.cycle_days,
                        phase.label()
                    )
                })
                .collect();
            lines.push(format!("Moons: {}", moons.join("; ")));
        }
        let today_words = c.describe(today);
        lines.push(match self.today {
            Some(_) => format!("Today will be {today_words}, as the file says"),
            None => {
                format!("Today will be {today_words} (the file names no today Waybook can take)")
            }
        });
        if !self.events.is_empty() {
            let count =
                |f: fn(&ImportedWhen) -> bool| self.events.iter().filter(|e| f(&e.when)).count();
            lines.push(format!(
                "{}: {} once, {} every year, {} every month, {} by a moon",
                plural(self.events.len(), "event"),
                count(|w| matches!(w, ImportedWhen::Once(_))),
                count(|w| matches!(w, ImportedWhen::Year(_))),
                count(|w| matches!(w, ImportedWhen::Month(_))),
                count(|w| matches!(w, ImportedWhen::Moon { .. })),
            ));
        }
        lines
    }
}

/// The festivals, where each comes, its days, whether only in leap years.
fn festivals_line(c: &Calendar) -> Option<String> {
    use crate::model::plural;
    if c.festivals.is_empty() {
        return None;
    }
    let festivals: Vec<String> = (c.festivals.iter())
        .map(|f| {
            let mut words = format!("{} ({})", f.name, c.festival_place(f));
            if f.days > 1 {
                words.push_str(&format!(", {}", plural(f.days, "day")));
            }
            if f.leap_only {
                words.push_str(", leap years only");
            }
            words
        })
        .collect();
    Some(format!("Festivals: {}", festivals.join("; ")))
}

/// The leap rule and where its day more goes.
fn leap_line(c: &Calendar) -> Option<String> {
    let rule = c.leap.as_ref()?;
    let target = match (rule.month, rule.festival) {
        (Some(m), _) => format!("a day more in {}", c.month_name(m)),
        (None, Some(f)) => format!("a day more of {}", c.festival_name(f)),
        (None, None) => "their own festivals".to_owned(),
    };
    let mut rule_words = format!("every {} years", rule.every);
    if let Some(except) = rule.except_every {
        rule_words.push_str(&format!(", except every {except}"));
    }
    if let Some(but) = rule.but_every {
        rule_words.push_str(&format!(", but every {but}"));
    }
    Some(format!("Leap years: {rule_words}; {target}"))
}
