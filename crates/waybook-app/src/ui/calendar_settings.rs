//! The calendar part of the Campaign screen: import one from another tool
//! or export it, start from a preset, then the eras and the date of day 1, the months, the weekdays, the festivals, the
//! leap rule, the seasons with their daylight and the moons. Each change is
//! one undoable edit of the settings, made only if the calendar can still
//! name every day (`Calendar::check`); otherwise the status bar says why.
//! Removing a month, a festival or a moon and renaming a moon carry the
//! GM's events with them (`records::reshape_calendar`).

use super::choices;
use super::input::{FieldLabel, Typing};
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::model::calendar::{
    Calendar, Date, Day, Era, Festival, LeapRule, Month, Moon, MoonReset, Phase, Season,
};
use waybook_core::model::{CalendarEvent, CampaignData, Reshape, Settings, limits};

/// Applies `change` to a copy of the calendar and commits it, or refuses
/// with the reason the calendar could not name its days.
fn change_calendar(
    fields: &mut Typing,
    out: &mut Vec<Command>,
    s: &Settings,
    what: &str,
    change: impl FnOnce(&mut Calendar),
) {
    let mut calendar = (*s.calendar).clone();
    change(&mut calendar);
    match calendar.check() {
        Ok(()) => fields.commit(out, s, what, |s| *s.calendar = calendar),
        Err(e) => fields.refuse(out, format!("The calendar was not changed: {e}")),
    }
}

/// The whole calendar section.
pub fn calendar_settings_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    let s = &data.settings;
    ui.label(RichText::new("Calendar").strong());
    ui.label(
        RichText::new("Names the clock's days; changing it never moves anything in time. Today: ")
            .weak(),
    );
    ui.label(s.today());
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Import a calendar…")
            .on_hover_text(
                "From a Fantasy-Calendar.com export, a Simple Calendar preset or export, or a Seasons & Stars calendar",
            )
            .clicked()
        {
            out.push(Command::ImportCalendar);
        }
        if ui
            .button("Export for Fantasy-Calendar…")
            .on_hover_text("The calendar, today and the events as Fantasy-Calendar.com JSON")
            .clicked()
        {
            out.push(Command::ExportCalendar);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Start from:");
        for (name, make) in Calendar::PRESETS {
            if ui.button(name).clicked() {
                let calendar = make();
                let stranded = CalendarEvent::stranded(data.events.values(), &calendar);
                if stranded.is_empty() {
                    change_calendar(fields, out, s, &format!("calendar ({name})"), |c| {
                        *c = calendar;
                    });
                } else {
                    out.push(Command::Refuse(format!(
                        "The calendar was not changed: the events {} fall on days the {name} calendar does not have; remove them first (Calendar screen, on their days)",
                        stranded.join(", ")
                    )));
                }
            }
        }
    });
    day_one_ui(ui, fields, s, out);
    months_ui(ui, fields, data, out);
    weekdays_ui(ui, fields, s, out);
    festivals_ui(ui, fields, data, out);
    leap_ui(ui, fields, s, out);
    seasons_ui(ui, fields, data, out);
    moons_ui(ui, fields, data, out);
}

/// Sends the calendar reshaped with its events, or says why it was not.
fn reshape(fields: &mut Typing, out: &mut Vec<Command>, data: &CampaignData, how: Reshape) {
    match waybook_core::edits::records::reshape_calendar(data, &how) {
        Ok(edit) => out.extend(fields.command(Some(edit))),
        Err(why) => fields.refuse(out, why),
    }
}

/// A small × that removes what it follows, named for what it removes.
fn remove_button(ui: &mut Ui, name: &str) -> egui::Response {
    ui.small_button("✕")
        .on_hover_text(name)
        .accessible_name(name)
}

/// The calendar's months, by name, for a list.
fn month_names(c: &Calendar) -> Vec<(usize, &str)> {
    c.months
        .iter()
        .map(|m| m.name.as_str())
        .enumerate()
        .collect()
}

/// Where in the year a date's day is: a month or a festival.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Month(usize),
    Festival(usize),
}

/// A date's three fields (day, month or festival, year), labelled
/// `labels`; the date when one of them was changed.
fn date_fields(
    ui: &mut Ui,
    fields: &mut Typing,
    (key, labels): (&str, [&str; 3]),
    c: &Calendar,
    date: Date,
) -> Option<Date> {
    let (mut place, day) = match date.day {
        Day::Of { month, day } => (Place::Month(month), day),
        Day::Festival { festival, day } => (Place::Festival(festival), day),
    };
    let at = |place: Place, day: i64| match place {
        Place::Month(month) => Day::Of { month, day },
        Place::Festival(festival) => Day::Festival { festival, day },
    };
    let mut changed = None;
    let day_key = format!("{key}-day");
    if let Some(d) = fields.whole(ui, &day_key, labels[0], day, &limits::MONTH_DAYS) {
        changed = Some(Date {
            day: at(place, d),
            ..date
        });
    }
    let places: Vec<(Place, &str)> = (month_names(c).into_iter())
        .map(|(i, name)| (Place::Month(i), name))
        .chain((c.festivals.iter().enumerate()).map(|(i, f)| (Place::Festival(i), f.name.as_str())))
        .collect();
    if choices::list_combo(ui, format!("{key}-month"), labels[1], &mut place, &places) {
        let longest = match place {
            Place::Month(m) => c.months[m].days,
            Place::Festival(f) => c.festival_days(f, true),
        };
        changed = Some(Date {
            day: at(place, day.min(longest)),
            ..date
        });
    }
    let year_key = format!("{key}-year");
    if let Some(y) = fields.whole(ui, &year_key, labels[2], date.year, &limits::CALENDAR_YEAR) {
        changed = Some(Date { year: y, ..date });
    }
    changed
}

/// The eras' names, the date of day 1 with the weekday it falls on, and
/// how the weeks run: on from year 1's first day, or anew each month.
fn day_one_ui(ui: &mut Ui, fields: &mut Typing, s: &Settings, out: &mut Vec<Command>) {
    let c = &s.calendar;
    eras_ui(ui, fields, s, out);
    ui.horizontal_wrapped(|ui| {
        ui.label("Day 1 is");
        let labels = ["day", "of", "year"];
        if let Some(date) = date_fields(ui, fields, ("calendar:day1", labels), c, c.day_one) {
            change_calendar(fields, out, s, "day 1", |c| c.day_one = date);
        }
        if let Some(weekday) = c.weekday(1) {
            ui.label(format!("(a {weekday})"));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let mut restarts = c.week_restarts_monthly;
        if ui
            .checkbox(&mut restarts, "The week starts again with each month")
            .changed()
        {
            change_calendar(fields, out, s, "weeks", |c| {
                c.week_restarts_monthly = restarts;
            });
        }
        if c.week_restarts_monthly {
            return;
        }
        let mut weekday = c.year_one_weekday;
        let weekdays: Vec<(usize, &str)> =
            c.weekdays.iter().map(String::as_str).enumerate().collect();
        if choices::list_combo(
            ui,
            "calendar:epoch-weekday",
            "The weeks count from year 1, whose first day was a",
            &mut weekday,
            &weekdays,
        ) {
            change_calendar(fields, out, s, "the weekday of year 1", |c| {
                c.year_one_weekday = weekday;
            });
        }
        ui.label(
            RichText::new("Every date's weekday follows from it (Gregorian: a Monday).").weak(),
        );
    });
}

/// The first era's name, and the eras after it with the year each begins.
fn eras_ui(ui: &mut Ui, fields: &mut Typing, s: &Settings, out: &mut Vec<Command>) {
    let c = &s.calendar;
    ui.horizontal_wrapped(|ui| {
        if let Some(era) = fields.text(ui, "calendar:era", "Era", &c.era, 140.0) {
            change_calendar(fields, out, s, "era", |c| c.era = era.trim().to_owned());
        }
        for (i, era) in c.eras.iter().enumerate() {
            let key = |k: &str| format!("calendar:era{i}:{k}");
            if let Some(name) = fields.text(ui, &key("name"), "then", &era.name, 120.0) {
                change_calendar(fields, out, s, "era", |c| c.eras[i].name = name);
            }
            let years = &limits::CALENDAR_YEAR;
            if let Some(y) = fields.whole(ui, &key("from"), "from year", era.from_year, years) {
                change_calendar(fields, out, s, "era", |c| c.eras[i].from_year = y);
            }
            if remove_button(ui, &format!("Remove the era {}", era.name)).clicked() {
                change_calendar(fields, out, s, "eras", |c| {
                    c.eras.remove(i);
                });
            }
        }
        if ui.button("Add era").clicked() {
            let year = c.date(s.clock.day).year;
            change_calendar(fields, out, s, "eras", |c| {
                let from_year = c
                    .eras
                    .last()
                    .map_or(year, |e| e.from_year.max(year - 1) + 1);
                c.eras.push(Era {
                    name: format!("Era {}", c.eras.len() + 2),
                    from_year,
                });
            });
        }
    });
}

fn months_ui(ui: &mut Ui, fields: &mut Typing, data: &CampaignData, out: &mut Vec<Command>) {
    let s = &data.settings;
    let c = &s.calendar;
    ui.label(RichText::new("Months (name and days)").italics());
    // Four months a row, each whole: a name never ends a line without its
    // days (a grid would squeeze the names to its first frame's width).
    for (row, months) in c.months.chunks(4).enumerate() {
        ui.horizontal(|ui| {
            for (n, m) in months.iter().enumerate() {
                month_ui(ui, fields, data, row * 4 + n, m, out);
                ui.add_space(12.0);
            }
        });
    }
    if ui.button("Add month").clicked() {
        change_calendar(fields, out, s, "months", |c| {
            c.months.push(Month {
                name: format!("Month {}", c.months.len() + 1),
                days: 30,
            });
        });
    }
}

/// A month's name, its days, and the × that removes it.
fn month_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    i: usize,
    m: &Month,
    out: &mut Vec<Command>,
) {
    let s = &data.settings;
    let key = |f: &str| format!("calendar:month{i}:{f}");
    let name_label = format!("Month {}", i + 1);
    let unseen = FieldLabel::Unseen(&name_label);
    if let Some(name) = fields.text(ui, &key("name"), unseen, &m.name, 100.0) {
        change_calendar(fields, out, s, "month", |c| c.months[i].name = name);
    }
    let label = format!("Days of {}", m.name);
    let unseen = FieldLabel::Unseen(&label);
    if let Some(days) = fields.whole(ui, &key("days"), unseen, m.days, &limits::MONTH_DAYS) {
        change_calendar(fields, out, s, "month's days", |c| c.months[i].days = days);
    }
    if remove_button(ui, &format!("Remove {}", m.name)).clicked() {
        reshape(fields, out, data, Reshape::RemoveMonth(i));
    }
}

fn weekdays_ui(ui: &mut Ui, fields: &mut Typing, s: &Settings, out: &mut Vec<Command>) {
    ui.label(RichText::new("Weekdays").italics());
    ui.horizontal_wrapped(|ui| {
        for (i, w) in s.calendar.weekdays.iter().enumerate() {
            let label = format!("Weekday {}", i + 1);
            let unseen = FieldLabel::Unseen(&label);
            if let Some(name) = fields.text(ui, &format!("calendar:weekday{i}"), unseen, w, 90.0) {
                change_calendar(fields, out, s, "weekday", |c| c.weekdays[i] = name);
            }
            if remove_button(ui, &format!("Remove {w}")).clicked() {
                change_calendar(fields, out, s, "weekdays", |c| c.remove_weekday(i));
            }
        }
        if ui.button("Add weekday").clicked() {
            change_calendar(fields, out, s, "weekdays", |c| {
                c.weekdays.push(format!("Day {}", c.weekdays.len() + 1));
            });
        }
    });
}

/// Days of no month, each after a month or opening the year, of one day
/// or several, outside the week or in it, some only in leap years.
fn festivals_ui(ui: &mut Ui, fields: &mut Typing, data: &CampaignData, out: &mut Vec<Command>) {
    let s = &data.settings;
    let c = &s.calendar;
    ui.label(RichText::new("Festivals (days of no month)").italics());
    let places: Vec<(Option<usize>, String)> = std::iter::once((None, "the year opens".to_owned()))
        .chain(
            month_names(c)
                .into_iter()
                .map(|(i, name)| (Some(i), name.to_owned())),
        )
        .collect();
    for (i, f) in c.festivals.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let key = |k: &str| format!("calendar:festival{i}:{k}");
            if let Some(name) = fields.text(ui, &key("name"), "Festival", &f.name, 160.0) {
                change_calendar(fields, out, s, "festival", |c| c.festivals[i].name = name);
            }
            let label = format!("Days of {}", f.name);
            let unseen = FieldLabel::Unseen(&label);
            if let Some(days) = fields.whole(ui, &key("days"), unseen, f.days, &limits::MONTH_DAYS)
            {
                change_calendar(fields, out, s, "festival's days", |c| {
                    c.festivals[i].days = days;
                });
            }
            let mut after = f.after_month;
            let label = if f.days == 1 {
                "day, after"
            } else {
                "days, after"
            };
            if choices::list_combo(ui, key("after"), label, &mut after, &places) {
                change_calendar(fields, out, s, "festival", |c| {
                    c.festivals[i].after_month = after;
                });
            }
            let mut in_week = f.in_week;
            let week = format!("{} in the week", f.name);
            if ui.checkbox(&mut in_week, week).changed() {
                change_calendar(fields, out, s, "festival", |c| {
                    c.festivals[i].in_week = in_week;
                });
            }
            let mut leap_only = f.leap_only;
            let only = ui
                .add_enabled(
                    c.leap.is_some() || leap_only,
                    egui::Checkbox::new(&mut leap_only, format!("{} only in leap years", f.name)),
                )
                .on_disabled_hover_text("Set leap years first (below)");
            if only.changed() {
                change_calendar(fields, out, s, "festival", |c| {
                    c.festivals[i].leap_only = leap_only;
                });
            }
            if ui.button(format!("Remove {}", f.name)).clicked() {
                reshape(fields, out, data, Reshape::RemoveFestival(i));
            }
        });
    }
    if ui.button("Add festival").clicked() {
        change_calendar(fields, out, s, "festivals", |c| {
            c.festivals
                .push(Festival::new("Festival", Some(c.months.len() - 1)));
        });
    }
}

/// Where a leap year's day more goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LeapDay {
    /// To no month: the leap years' own festivals are the days more.
    Festivals,
    Month(usize),
    Festival(usize),
}

/// Leap years: every so many years, with exceptions; where the day more goes.
fn leap_ui(ui: &mut Ui, fields: &mut Typing, s: &Settings, out: &mut Vec<Command>) {
    let c = &s.calendar;
    ui.horizontal_wrapped(|ui| {
        let mut on = c.leap.is_some();
        if ui.checkbox(&mut on, "Leap years").changed() {
            change_calendar(fields, out, s, "leap years", |c| {
                c.leap = on.then_some(LeapRule::every(4, Some(0)));
            });
        }
        let Some(leap) = &c.leap else { return };
        let years = &limits::LEAP_YEARS;
        if let Some(n) = fields.whole(ui, "calendar:leap-every", "every", leap.every, years) {
            change_calendar(fields, out, s, "leap years", |c| {
                c.leap.get_or_insert(leap.clone()).every = n;
            });
        }
        let never = limits::LEAP_EXCEPTION_YEARS;
        for (key, label, value, set) in [
            (
                "except",
                "except every (0: never)",
                leap.except_every,
                set_except as SetLeap,
            ),
            ("but", "but every (0: never)", leap.but_every, set_but),
        ] {
            let shown = value.unwrap_or(0);
            if let Some(n) = fields.whole(ui, &format!("calendar:leap-{key}"), label, shown, &never)
            {
                change_calendar(fields, out, s, "leap years", |c| {
                    set(c.leap.get_or_insert(leap.clone()), (n > 0).then_some(n));
                });
            }
        }
        let mut target = match (leap.month, leap.festival) {
            (Some(m), _) => LeapDay::Month(m),
            (None, Some(f)) => LeapDay::Festival(f),
            (None, None) => LeapDay::Festivals,
        };
        let choices: Vec<(LeapDay, &str)> =
            std::iter::once((LeapDay::Festivals, "no month (a festival)"))
                .chain(
                    month_names(c)
                        .into_iter()
                        .map(|(i, n)| (LeapDay::Month(i), n)),
                )
                .chain(
                    (c.festivals.iter().enumerate())
                        .map(|(i, f)| (LeapDay::Festival(i), f.name.as_str())),
                )
                .collect();
        if choices::list_combo(
            ui,
            "calendar:leap-month",
            "years; a day more in",
            &mut target,
            &choices,
        ) {
            change_calendar(fields, out, s, "leap day", |c| {
                let rule = c.leap.get_or_insert(leap.clone());
                (rule.month, rule.festival) = match target {
                    LeapDay::Festivals => (None, None),
                    LeapDay::Month(m) => (Some(m), None),
                    LeapDay::Festival(f) => (None, Some(f)),
                };
            });
        }
    });
}

/// Sets one of the leap rule's exceptions.
type SetLeap = fn(&mut LeapRule, Option<i64>);

fn set_except(l: &mut LeapRule, n: Option<i64>) {
    l.except_every = n;
}

fn set_but(l: &mut LeapRule, n: Option<i64>) {
    l.but_every = n;
}

/// The seasons' first days and their sunrise and sunset.
fn seasons_ui(ui: &mut Ui, fields: &mut Typing, data: &CampaignData, out: &mut Vec<Command>) {
    let s = &data.settings;
    let c = &s.calendar;
    ui.label(
        RichText::new("Seasons, from their first day (sunrise and sunset in the day's hours)")
            .italics(),
    );
    let hours = limits::daylight_hour(s.day_hours);
    for (i, season) in c.seasons.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let key = |k: &str| format!("calendar:season{i}:{k}");
            // Renamed with the regions' tables for it, which go by its name.
            if let Some(name) = fields.text(ui, &key("name"), "Season", &season.name, 100.0) {
                match waybook_core::edits::records::rename_season(data, i, &name) {
                    Some(edit) => out.extend(fields.command(Some(edit))),
                    None => fields.refuse(
                        out,
                        format!("Another season is called {name}: each needs its own name"),
                    ),
                }
            }
            if let Some(d) = fields.whole(ui, &key("day"), "from", season.day, &limits::MONTH_DAYS)
            {
                change_calendar(fields, out, s, "season", |c| c.seasons[i].day = d);
            }
            let mut month = season.month;
            if choices::list_combo(ui, key("month"), "of", &mut month, &month_names(c)) {
                change_calendar(fields, out, s, "season", |c| c.seasons[i].month = month);
            }
            if let Some(h) = fields.decimal(ui, &key("sunrise"), "sunrise", season.sunrise, &hours)
            {
                change_calendar(fields, out, s, "sunrise", |c| c.seasons[i].sunrise = h);
            }
            if let Some(h) = fields.decimal(ui, &key("sunset"), "sunset", season.sunset, &hours) {
                change_calendar(fields, out, s, "sunset", |c| c.seasons[i].sunset = h);
            }
            if ui.button(format!("Remove {}", season.name)).clicked() {
                change_calendar(fields, out, s, "seasons", |c| {
                    c.seasons.remove(i);
                });
            }
        });
    }
    if ui.button("Add season").clicked() {
        change_calendar(fields, out, s, "seasons", |c| {
            let month = c
                .seasons
                .last()
                .map_or(0, |l| (l.month + 1).min(c.months.len() - 1));
            c.seasons.push(Season {
                name: "Season".to_owned(),
                month,
                day: 1,
                sunrise: 6.0,
                sunset: 18.0,
            });
        });
    }
}

/// Whether moon `i` starts its cycle again on its date's day of each leap
/// year (or every N years), as a moon brought from Simple Calendar may:
/// shown where the calendar has leap years or the moon already does.
fn moon_reset_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    out: &mut Vec<Command>,
    data: &CampaignData,
    i: usize,
) {
    let s = &data.settings;
    let reset = s.calendar.moons[i].reset;
    let mut on = !reset.is_never();
    if s.calendar.leap.is_none() && !on {
        return;
    }
    let label = match reset {
        MoonReset::EveryYears(_) => reset.words(),
        _ => MoonReset::LeapYear.words(),
    };
    let hint = "New again on this date's day of each such year, as Simple Calendar counts it";
    if ui.checkbox(&mut on, label).on_hover_text(hint).changed() {
        let to = match (on, reset) {
            (false, _) => MoonReset::Never,
            (true, MoonReset::Never) => MoonReset::LeapYear,
            (true, kept) => kept,
        };
        change_calendar(fields, out, s, "moon's reset", |c| c.moons[i].reset = to);
    }
}

/// The moons: each one's cycle, its phase on a date, and today's phase.
fn moons_ui(ui: &mut Ui, fields: &mut Typing, data: &CampaignData, out: &mut Vec<Command>) {
    let s = &data.settings;
    let c = &s.calendar;
    ui.label(RichText::new("Moons").italics());
    for (i, moon) in c.moons.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let key = |k: &str| format!("calendar:moon{i}:{k}");
            if let Some(name) = fields.text(ui, &key("name"), "Moon", &moon.name, 120.0) {
                reshape(fields, out, data, Reshape::RenameMoon(i, name));
            }
            if let Some(d) = fields.decimal(
                ui,
                &key("cycle"),
                "cycle (days)",
                moon.cycle_days,
                &limits::MOON_CYCLE,
            ) {
                change_calendar(fields, out, s, "moon's cycle", |c| {
                    c.moons[i].cycle_days = d
                });
            }
            let label = "phase (0 new, 0.5 full)";
            if let Some(p) = fields.decimal(
                ui,
                &key("phase"),
                label,
                moon.phase_at_anchor,
                &limits::MOON_PHASE,
            ) {
                change_calendar(fields, out, s, "moon's phase", |c| {
                    c.moons[i].phase_at_anchor = p;
                });
            }
            let labels = ["on day", "in", "of year"];
            let anchor = (key("anchor"), labels);
            if let Some(date) = date_fields(ui, fields, (&anchor.0, anchor.1), c, moon.anchor) {
                change_calendar(fields, out, s, "moon's phase", |c| c.moons[i].anchor = date);
            }
            moon_reset_ui(ui, fields, out, data, i);
            let today = Phase::at(c.moon_fraction(moon, s.clock.day));
            ui.label(RichText::new(format!("today: {}", today.label())).weak());
            if ui.button(format!("Remove {}", moon.name)).clicked() {
                reshape(fields, out, data, Reshape::RemoveMoon(i));
            }
        });
    }
    if ui.button("Add moon").clicked() {
        let today = c.date(s.clock.day);
        change_calendar(fields, out, s, "moons", |c| {
            c.moons.push(Moon {
                name: format!("Moon {}", c.moons.len() + 1),
                cycle_days: 28.0,
                anchor: today,
                phase_at_anchor: 0.0,
                reset: MoonReset::Never,
            });
        });
    }
}
