//! `waybook calendar`: the campaign's calendar and today as it names it:
//! the date, each moon's phase, the season, sunrise and sunset; or with
//! `--year`, every day of a year (CLI contract of issue 38). And
//! `import-calendar` / `export-calendar`: Fantasy-Calendar.com, Simple
//! Calendar and Seasons & Stars files in, Fantasy-Calendar.com out.

use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use waybook_core::model::calendar::{Calendar, Day, clock_time};
use waybook_core::model::plural;
use waybook_core::store::Campaign;

/// Today on the campaign's clock, in the calendar's words, as JSON.
fn today_json(data: &waybook_core::model::CampaignData) -> Value {
    let s = &data.settings;
    let c = &s.calendar;
    let day = s.clock.day;
    let season = c.season_on(day);
    json!({
        "day": day,
        "hour": s.clock.hour,
        "date": c.describe(day),
        "weekday": c.weekday(day),
        "season": season.map(|(season, _, _)| season.name.clone()),
        "sunrise": season.map(|(_, rise, _)| rise),
        "sunset": season.map(|(_, _, set)| set),
        "moons": c.moons_on(day).iter().map(|(name, phase)| json!({
            "name": name,
            "phase": phase.label(),
        })).collect::<Vec<_>>(),
    })
}

/// The calendar itself: months, weekdays, festivals, leap rule, era, day 1.
fn calendar_json(c: &Calendar) -> Value {
    let day_one = c.day_words(c.day_one.day);
    json!({
        "months": c.months.iter().map(|m| json!({"name": m.name, "days": m.days})).collect::<Vec<_>>(),
        "weekdays": c.weekdays,
        "festivals": c.festivals.iter().map(|f| json!({
            "name": f.name,
            "after": f.after_month.map(|m| c.months[m].name.clone()),
            "days": f.days,
            "in_week": f.in_week,
            "leap_only": f.leap_only,
        })).collect::<Vec<_>>(),
        "leap": c.leap.as_ref().map(|l| json!({
            "month": l.month.map(|m| c.months[m].name.clone()),
            "festival": l.festival.map(|f| c.festivals[f].name.clone()),
            "every": l.every,
            "except_every": l.except_every,
            "but_every": l.but_every,
        })),
        "era": c.era,
        "day_one": format!("{day_one} {}", c.day_one.year),
        "seasons": c.seasons.iter().map(|s| json!({
            "name": s.name,
            "from": format!("{} {}", s.day, c.months[s.month].name),
            "sunrise": s.sunrise,
            "sunset": s.sunset,
        })).collect::<Vec<_>>(),
        "moons": c.moons.iter().map(|m| json!({
            "name": m.name,
            "cycle_days": m.cycle_days,
        })).collect::<Vec<_>>(),
    })
}

/// Every day of `year`: its day number, its date as the menu bar names it
/// (day before month), its weekday and festival, or none, and each moon's
/// phase.
fn year_json(c: &Calendar, year: i64) -> Value {
    let days: Vec<Value> = c
        .days_of(year)
        .map(|day| {
            let date = c.date(day);
            json!({
                "day": day,
                "date": c.date_words(day),
                "weekday": c.weekday(day),
                "festival": match date.day {
                    Day::Festival { festival, .. } => Some(c.festivals[festival].name.clone()),
                    Day::Of { .. } => None,
                },
                "moons": c.moons_on(day).iter().map(|(name, phase)| json!({
                    "name": name,
                    "phase": phase.label(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "days": days })
}

pub fn calendar(
    file: &Path,
    as_json: bool,
    year: Option<i64>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(file)?.load()?;
    if let Some(year) = year {
        let c = &data.settings.calendar;
        anyhow::ensure!(
            waybook_core::model::limits::CALENDAR_YEAR.contains(&year),
            "--year {year} is outside the years a calendar counts (-100,000 to 100,000)"
        );
        let days = year_json(c, year);
        if as_json {
            serde_json::to_writer_pretty(&mut *out, &days)?;
            writeln!(out)?;
        } else {
            for day in c.days_of(year) {
                writeln!(out, "{day}: {}", c.describe(day))?;
            }
        }
        return Ok(());
    }
    let today = today_json(&data);
    if as_json {
        // Each party's present, its date as the menu bar writes it;
        // `today` is the latest of them (the campaign's clock).
        let parties: Vec<serde_json::Value> = (data.parties.values())
            .map(|p| {
                json!({
                    "name": p.name,
                    "day": p.now.day,
                    "hour": p.now.hour,
                    "date": data.settings.when(p.now),
                })
            })
            .collect();
        let all = json!({
            "today": today,
            "parties": parties,
            "calendar": calendar_json(&data.settings.calendar),
        });
        serde_json::to_writer_pretty(&mut *out, &all)?;
        writeln!(out)?;
        return Ok(());
    }
    let s = &data.settings;
    let c = &s.calendar;
    writeln!(out, "Today: {}", s.today())?;
    if data.parties.len() > 1 {
        for p in data.parties.values() {
            writeln!(out, "  {}: {}", p.name, s.when(p.now))?;
        }
    }
    if let Some((season, rise, set)) = c.season_on(s.clock.day) {
        let (rise, set) = (clock_time(rise), clock_time(set));
        writeln!(out, "{}: sunrise {rise}, sunset {set}", season.name)?;
    }
    let year = c.date(s.clock.day).year;
    writeln!(
        out,
        "{}, {} this year, a {}-day week",
        plural(c.months.len(), "month"),
        plural(c.year_days(year), "day"),
        c.weekdays.len()
    )?;
    for m in &c.months {
        writeln!(out, "  {}: {}", m.name, plural(m.days, "day"))?;
    }
    for f in &c.festivals {
        writeln!(out, "  {} ({})", f.name, c.festival_place(f))?;
    }
    Ok(())
}

#[derive(Debug, clap::Args)]
pub struct ImportCalendarArgs {
    pub file: PathBuf,
    /// The Fantasy-Calendar.com export, Simple Calendar preset/export or
    /// Seasons & Stars calendar.
    pub calendar: PathBuf,
    /// Bring its events (notes) too, on their days.
    #[arg(long)]
    pub events: bool,
    /// Remove the campaign's events that fall on no day of the new
    /// calendar, in the same edit (otherwise the import is refused).
    #[arg(long)]
    pub remove_stranded: bool,
}

#[derive(Debug, clap::Args)]
pub struct ExportCalendarArgs {
    pub file: PathBuf,
    /// Where to write the Fantasy-Calendar.com JSON.
    #[arg(long)]
    pub out: PathBuf,
    /// Write over the --out file if it exists.
    #[arg(long)]
    pub overwrite: bool,
}

/// Reads the calendar file, says what comes across and what does not,
/// then makes it the campaign's after a snapshot (or says why not).
pub fn import_calendar(args: &ImportCalendarArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let name = args.calendar.display().to_string();
    let text = waybook_core::files::read_text(&args.calendar)?;
    let import = waybook_core::exchange::calendar_import::read(&name, &text)?;
    super::tables::import_with(&args.file, &name, out, |data| {
        let mut notes = import.summary(data.settings.clock.day);
        if !args.events && !import.events.is_empty() {
            notes.push(format!(
                "The events are not brought ({} in the file): add --events",
                import.events.len()
            ));
        }
        notes.extend(import.left_out.iter().map(|l| format!("Not brought: {l}")));
        for e in import
            .stranded(data)
            .iter()
            .filter(|_| args.remove_stranded)
        {
            notes.push(format!(
                "Removed: the event “{}”, on no day of the new calendar",
                e.name
            ));
        }
        let edit = (import.edit(data, args.events, args.remove_stranded)).map_err(|e| vec![e]);
        (notes, edit)
    })
}

/// The campaign's calendar, today and events as Fantasy-Calendar.com's JSON.
pub fn export_calendar(args: &ExportCalendarArgs, out: &mut impl Write) -> anyhow::Result<()> {
    super::may_write(&args.out, args.overwrite)?;
    let data = Campaign::open_read_only(&args.file)?.load()?;
    let (text, left_out) = waybook_core::exchange::fantasy_calendar::export(&data);
    for l in &left_out {
        writeln!(out, "Not written: {l}")?;
    }
    waybook_core::files::write_atomically(&args.out, text.as_bytes())?;
    writeln!(
        out,
        "wrote the calendar of {} to {}",
        data.settings.name,
        args.out.display()
    )?;
    Ok(())
}
