//! `waybook log`: the campaign log, oldest first: every roll and every step
//! played, with its time on the campaign clock and the real time, why, what
//! it did in words, the dice, the characters and whether its edit was
//! undone. Read-only.

use serde_json::{Value, json};
use std::io::Write;
use std::path::Path;
use waybook_core::model::{CampaignData, Choice, LogEntry};
use waybook_core::store::Campaign;

fn entry_json(data: &CampaignData, e: &LogEntry) -> Value {
    json!({
        "day": e.at.day,
        "hour": e.at.hour,
        "date": data.settings.calendar.describe(e.at.day),
        "real": e.real,
        "kind": e.kind.key(),
        "why": e.why,
        "rolled": e.rolled,
        "characters": e.characters.iter().filter_map(|c| data.characters.get(c)).map(|c| c.name.clone()).collect::<Vec<_>>(),
        "undone": e.undone,
        "said": e.said,
    })
}

pub fn log(file: &Path, as_json: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(file)?.load()?;
    if as_json {
        let entries: Vec<Value> = data.log.values().map(|e| entry_json(&data, e)).collect();
        serde_json::to_writer_pretty(&mut *out, &entries)?;
        writeln!(out)?;
        return Ok(());
    }
    for e in data.log.values() {
        let undone = if e.undone { " (undone)" } else { "" };
        let dice = if e.rolled.is_empty() {
            String::new()
        } else {
            format!(" · {}", e.rolled)
        };
        writeln!(
            out,
            "{} ({}) · {} · {}{dice}{undone}",
            data.settings.when(e.at),
            e.real,
            e.kind.label(),
            e.why
        )?;
        for line in &e.said {
            writeln!(out, "    {line}")?;
        }
    }
    Ok(())
}
