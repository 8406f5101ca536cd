//! A calendar read from another tool's file, before it is the campaign's:
//! the calendar as Waybook will hold it, the date the export calls today,
//! the events that come across, and every part that does not, each with
//! why. Importing puts the campaign's today on that date (day numbers
//! never move, so nothing lived moves in time) and adds the events, as
//! one edit. The readers are `fantasy_calendar` and `simple_calendar`.

use crate::model::calendar::{Calendar, Date, Day, Phase, Season};
use crate::model::limits::MOON_CYCLE;
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
    /// The tool that wrote it ("Fantasy-Calendar", "Simple Calendar").
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
/// mark before it, raw tabs inside its strings); refused, naming where.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(
    file: &str,
    tool: &'static str,
    text: &str,
) -> Result<T, CalendarFileError> {
    let text = super::foundry::escape_raw_controls(text.trim_start_matches('\u{feff}'));
    serde_json::from_str(&text).map_err(|e| CalendarFileError::new(file, tool, e.to_string()))
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
                if names.len() == 1 {
                    format!("{} falls", names[0])
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

/// Reads a calendar file of either tool, told apart by its fields.
pub fn read(file: &str, text: &str) -> Result<CalendarImport, CalendarFileError> {
    if text.contains("\"static_data\"") {
        super::fantasy_calendar::read(file, text)
    } else {
        super::simple_calendar::read(file, text)
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
                        c.months[s.month].name,
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
            None => format!("Today will be {today_words} (the file names no today)"),
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
        (Some(m), _) => format!("a day more in {}", c.months[m].name),
        (None, Some(f)) => format!("a day more of {}", c.festivals[f].name),
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
