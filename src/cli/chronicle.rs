//! `waybook chronicle`: the days from `--from` to `--to` (the whole
//! chronicle by default) with their date, season, moons, each region's
//! weather, the GM's events and what happened (kind, words, ids).

use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use waybook_core::store::Campaign;
use waybook_core::world::chronicle::{self, Filter, Index};
use waybook_rules::Named as _;

#[derive(Debug, clap::Args)]
pub struct ChronicleArgs {
    pub file: PathBuf,
    /// The first clock day (the chronicle's first by default).
    #[arg(long)]
    pub from: Option<i64>,
    /// The last clock day (today or the last day with weather by default).
    #[arg(long)]
    pub to: Option<i64>,
    /// Print JSON instead of lines.
    #[arg(long)]
    pub json: bool,
}

fn day_json(d: &chronicle::Day<'_>) -> Value {
    let weather: serde_json::Map<String, Value> = d
        .weather
        .iter()
        .map(|(r, w)| {
            (
                r.name.clone(),
                w.map_or(Value::Null, |w| Value::String(w.weather.clone())),
            )
        })
        .collect();
    json!({
        "day": d.day,
        "ahead": d.ahead,
        "date": d.date,
        "season": d.season,
        "moons": d.moons.iter().map(|(name, phase)| json!({"name": name, "phase": phase.label()})).collect::<Vec<_>>(),
        "weather": weather,
        // The weather parties met outside every region (a path or place
        // in no region): the campaign's table's, or a Divine's word.
        "weather_outside_regions": d.outside.iter().map(|w| json!({
            "party": w.party,
            "at": w.at,
            "weather": w.weather,
        })).collect::<Vec<_>>(),
        "events": d.events.iter().map(|e| json!({"id": e.id.0, "name": e.name})).collect::<Vec<_>>(),
        "entries": d.entries.iter().map(|e| json!({
            "id": e.id.0,
            "hour": e.at.hour,
            "kind": e.kind.key(),
            "what": e.why,
            "characters": e.characters.iter().map(|c| c.0).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

pub fn chronicle(args: &ChronicleArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(&args.file)?.load()?;
    let index = Index::of(&data);
    let span = index.span(&data);
    let from = args.from.unwrap_or(*span.start());
    let to = args.to.unwrap_or(*span.end());
    if from > to {
        anyhow::bail!("--from {from} comes after --to {to}");
    }
    if to.saturating_sub(from) > 100_000 {
        anyhow::bail!("ask for at most 100,000 days at a time");
    }
    let days = (from..=to).map(|d| chronicle::day(&data, &index, d, &Filter::default()));
    if args.json {
        let days: Vec<Value> = days.map(|d| day_json(&d)).collect();
        serde_json::to_writer_pretty(&mut *out, &days)?;
        writeln!(out)?;
        return Ok(());
    }
    for d in days {
        let ahead = if d.ahead { " (ahead of the clock)" } else { "" };
        writeln!(out, "{}{ahead}", d.date)?;
        for (r, w) in &d.weather {
            if let Some(w) = w {
                writeln!(out, "  {}: {}", r.name, w.weather)?;
            }
        }
        for w in &d.outside {
            writeln!(out, "  {}", w.words())?;
        }
        for e in &d.events {
            writeln!(out, "  Event: {}", e.name)?;
        }
        for e in &d.entries {
            writeln!(out, "  {:02}:00 {}: {}", e.at.hour, e.kind.label(), e.why)?;
        }
    }
    Ok(())
}
