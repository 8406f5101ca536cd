//! `waybook gathering`: the gathering sites (materials, abundance, sources
//! found) and the gathering log (every test and the yields). Read-only.

use serde_json::{Value, json};
use std::io::Write;
use std::path::Path;
use waybook_core::model::gathering::SessionLimit;
use waybook_core::model::{CampaignData, CharacterId, Choice, GatheringSession};
use waybook_core::store::Campaign;

fn who(data: &CampaignData, id: CharacterId) -> String {
    data.characters
        .get(&id)
        .map_or_else(|| format!("character {}", id.0), |c| c.name.clone())
}

fn limit(limit: SessionLimit) -> Value {
    match limit {
        SessionLimit::Hours(h) => json!({"hours": h}),
        SessionLimit::Units(u) => json!({"units": u}),
        SessionLimit::DayEnd => json!("day-end"),
    }
}

fn session_json(data: &CampaignData, s: &GatheringSession) -> Value {
    let site = s.site.and_then(|id| data.sites.get(&id));
    let tests: Vec<Value> = s
        .tests
        .iter()
        .map(|t| {
            json!({
                "character": who(data, t.character),
                "kind": s.kind_of(t).as_str(),
                "material": s.material_of(t, site),
                "roll": t.roll,
                "ttv": t.ttv,
                "result": t.result.map(|r| r.as_str()).or(t.found.map(|f| f.as_str())),
                "units": t.units,
                "quality": t.quality.map(|q| q.as_str()),
                "improved_units": t.improved_units,
                "minutes": t.minutes,
                "working": t.working,
            })
        })
        .collect();
    let yields: Vec<Value> = s
        .yields(site)
        .into_iter()
        .map(|y| {
            json!({"character": who(data, y.character), "material": y.material,
                   "quality": y.quality.as_str(), "units": y.units})
        })
        .collect();
    json!({
        "site": site.map(|s| s.name.clone()),
        "start": {"day": s.start.day, "hour": s.start.hour},
        "limit": limit(s.limit),
        "finished": s.finished,
        "gatherers": s.gatherers.iter().map(|g| json!({
            "character": who(data, g.character),
            "source": g.source + 1,
            "trait": g.trait_name,
            "skill": g.skill_name,
            "into_stash": g.into_stash,
            "minutes": g.minutes,
            "units": g.units,
        })).collect::<Vec<_>>(),
        "tests": tests,
        "yields": yields,
        "log": s.lines,
    })
}

pub fn gathering_json(data: &CampaignData) -> Value {
    let sites: Vec<Value> = data
        .sites
        .values()
        .map(|s| {
            json!({
                "name": s.name,
                "place": s.place.and_then(|p| data.places.get(&p)).map(|p| p.name.clone()),
                "notes": s.notes,
                "materials": s.materials.iter().map(|m| json!({
                    "name": m.name,
                    "material": m.material.key(),
                    "tool": m.tool().label(),
                    "abundance": m.abundance.as_str(),
                    "trait": m.trait_name,
                    "skill": m.skill_name,
                })).collect::<Vec<_>>(),
                "sources": s.sources.iter().enumerate().map(|(i, f)| json!({
                    "number": i + 1,
                    "material": f.material,
                    "source": f.source.as_str(),
                    "quality": f.quality.as_str(),
                    "yield": f.source.row().yields.as_str(),
                    "found": {"day": f.found.day, "hour": f.found.hour},
                    "by": f.by,
                    "worked_out": f.worked_out,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let sessions: Vec<Value> = data
        .sessions
        .values()
        .map(|s| session_json(data, s))
        .collect();
    json!({"sites": sites, "sessions": sessions})
}

pub fn gathering(file: &Path, as_json: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(file)?.load()?;
    if as_json {
        serde_json::to_writer_pretty(&mut *out, &gathering_json(&data))?;
        writeln!(out)?;
        return Ok(());
    }
    for s in data.sites.values() {
        writeln!(out, "{}", s.name)?;
        for m in &s.materials {
            writeln!(
                out,
                "  {} ({}, {}): {} {}, {}",
                m.name,
                m.material.label(),
                m.abundance.label(),
                m.trait_name,
                m.skill_name,
                m.tool().label()
            )?;
        }
        for (i, f) in s.sources.iter().enumerate() {
            writeln!(
                out,
                "  source {}: {} of {} {}{}",
                i + 1,
                f.source.label(),
                f.quality.label(),
                f.material,
                if f.worked_out { " (worked out)" } else { "" }
            )?;
        }
    }
    for s in data.sessions.values() {
        writeln!(out)?;
        for line in &s.lines {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}
