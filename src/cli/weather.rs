//! `waybook weather`: each region's weather as it fell (day, date, weather)
//! and its forecast for the days ahead (the chance of each weather, summing
//! to 1, and the weather rolled ahead, if any); on each day, whether a
//! party lived it and which.

use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use waybook_core::model::{CampaignData, Region, limits};
use waybook_core::store::Campaign;
use waybook_core::world::present;
use waybook_core::world::weather::{self, DayOdds};

#[derive(Debug, clap::Args)]
pub struct WeatherArgs {
    pub file: PathBuf,
    /// Only the region of this name.
    #[arg(long)]
    pub region: Option<String>,
    /// Days ahead the forecast looks (1 to 60).
    #[arg(long, default_value_t = 7)]
    pub days: i64,
    /// Print JSON instead of lines.
    #[arg(long)]
    pub json: bool,
}

/// One region's history and forecast, or why it has no forecast.
fn region_json(data: &CampaignData, r: &Region, days: i64) -> Value {
    let c = &data.settings.calendar;
    let today = data.settings.clock.day;
    let history: Vec<Value> = data
        .weather_of(r.id, *limits::CLOCK_DAY.start()..=today)
        .map(|w| {
            let mut day = json!({"day": w.day, "date": c.describe(w.day), "weather": w.weather, "rolled": w.rolled});
            lived_json(data, w.day, &mut day);
            day
        })
        .collect();
    let (forecast, why) = match weather::forecast(data, r, days) {
        Ok(ahead) => (
            Value::Array(ahead.iter().map(|d| day_json(data, r, d)).collect()),
            Value::Null,
        ),
        Err(e) => (Value::Null, Value::String(e.to_string())),
    };
    json!({
        "name": r.name,
        "climate": r.climate,
        "keep_percent": r.keep_percent,
        "history": history,
        "forecast": forecast,
        "no_forecast": why,
    })
}

/// Adds to a day's JSON whether it was lived (issue 53), and by which
/// parties (`world::present::lived_by`).
fn lived_json(data: &CampaignData, day: i64, json: &mut Value) {
    let parties: Vec<&str> = (present::lived_by(data, day).into_iter())
        .map(|p| p.name.as_str())
        .collect();
    if let Some(json) = json.as_object_mut() {
        json.insert("lived".to_owned(), present::is_lived(data, day).into());
        json.insert("parties".to_owned(), parties.into());
    }
}

fn day_json(data: &CampaignData, r: &Region, day: &DayOdds) -> Value {
    let rolled = data.weather_on(r.id, day.day);
    let mut json = json!({
        "day": day.day,
        "date": data.settings.calendar.describe(day.day),
        "rolled": rolled.map(|w| w.weather.clone()),
        "foretold": rolled.is_some_and(|w| w.foretold),
        "chances": day.odds.iter().map(|(w, p)| json!({"weather": w, "chance": p})).collect::<Vec<_>>(),
    });
    lived_json(data, day.day, &mut json);
    json
}

/// The regions asked for: all of them in name order, or the one named.
fn chosen<'a>(data: &'a CampaignData, name: Option<&str>) -> anyhow::Result<Vec<&'a Region>> {
    let regions = data.regions_by_name();
    let Some(name) = name else {
        return Ok(regions);
    };
    match regions.iter().find(|r| r.name.eq_ignore_ascii_case(name)) {
        Some(r) => Ok(vec![r]),
        None => {
            let names: Vec<&str> = regions.iter().map(|r| r.name.as_str()).collect();
            anyhow::bail!(
                "there is no region called {name:?}; the regions are: {}",
                if names.is_empty() {
                    "none".to_owned()
                } else {
                    names.join(", ")
                }
            )
        }
    }
}

pub fn weather(args: &WeatherArgs, out: &mut impl Write) -> anyhow::Result<()> {
    if !limits::FORECAST_DAYS.contains(&args.days) {
        anyhow::bail!("{}", weather::WeatherError::Days);
    }
    let data = Campaign::open_read_only(&args.file)?.load()?;
    let regions = chosen(&data, args.region.as_deref())?;
    let today = data.settings.clock.day;
    let c = &data.settings.calendar;
    if args.json {
        let all = json!({
            "today": {"day": today, "date": c.describe(today)},
            "regions": regions.iter().map(|r| region_json(&data, r, args.days)).collect::<Vec<_>>(),
        });
        serde_json::to_writer_pretty(&mut *out, &all)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "Today: {}", c.describe(today))?;
    if regions.is_empty() {
        writeln!(out, "No regions yet.")?;
    }
    for r in regions {
        writeln!(
            out,
            "\n{} ({}), keeps yesterday's weather {}%",
            r.name, r.climate, r.keep_percent
        )?;
        for w in data.weather_of(r.id, *limits::CLOCK_DAY.start()..=today) {
            let when = if w.day == today { " (today)" } else { "" };
            writeln!(out, "  {}{when}: {}", c.describe(w.day), w.weather)?;
        }
        if data.weather_on(r.id, today).is_none() {
            writeln!(out, "  {} (today): not rolled yet", c.describe(today))?;
        }
        match weather::forecast(&data, r, args.days) {
            Ok(ahead) => {
                for d in ahead {
                    let rolled = data
                        .weather_on(r.id, d.day)
                        .map_or_else(String::new, |w| format!(" [rolled: {}]", w.weather));
                    let chances: Vec<String> = d
                        .odds
                        .iter()
                        .map(|(w, p)| format!("{w} {:.0}%", p * 100.0))
                        .collect();
                    writeln!(
                        out,
                        "  {} (forecast){rolled}: {}",
                        c.describe(d.day),
                        chances.join(" · ")
                    )?;
                }
            }
            Err(e) => writeln!(out, "  No forecast: {e}.")?,
        }
    }
    Ok(())
}
