//! `waybook new`, `waybook check` and `waybook roster`.

use std::io::Write;
use std::path::Path;
use waybook_core::model::Choice;
use waybook_core::store::{self, Campaign};

pub fn new(file: &Path, demo: bool, out: &mut impl Write) -> anyhow::Result<()> {
    if demo {
        waybook_core::demo::create_demo_keeping(file, &super::snapshots::snapshots_of(file)?)?;
    } else {
        let name = file
            .file_stem()
            .map_or_else(|| "New campaign".into(), |s| s.to_string_lossy());
        waybook_core::starter::create_campaign(file, &name)?;
    }
    writeln!(out, "created {}", file.display())?;
    Ok(())
}

/// Prints the report; fails (exit 1) if the file is not a sound campaign.
pub fn check(file: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    let report = store::check(file)?;
    writeln!(out, "file: {}", file.display())?;
    writeln!(
        out,
        "schema version: {} (this Waybook writes {})",
        report.schema_version, report.latest_version
    )?;
    writeln!(out, "integrity: {}", report.integrity)?;
    writeln!(
        out,
        "characters: {}, parties: {}, items: {}, holdings: {}, journeys: {}, places: {}, paths: {}, travel rounds: {}",
        report.characters,
        report.parties,
        report.items,
        report.holdings,
        report.journeys,
        report.places,
        report.paths,
        report.travel_rounds
    )?;
    for problem in &report.problems {
        writeln!(out, "out of limits: {problem}")?;
    }
    for text in &report.partyless {
        writeln!(
            out,
            "shown to “the party”, but of no party, so no player sees it: {text}"
        )?;
    }
    if !report.partyless.is_empty() {
        writeln!(
            out,
            "an older Waybook showed these to every player; open the campaign in Waybook's window, which asks once whether to share them with every player or keep them GM only"
        )?;
    }
    if report.integrity != "ok" {
        anyhow::bail!(
            "{} failed its integrity check: {}",
            file.display(),
            report.integrity
        );
    }
    if !report.problems.is_empty() {
        anyhow::bail!(
            "{} holds {} outside its limits (listed above)",
            file.display(),
            waybook_core::model::plural(report.problems.len(), "value")
        );
    }
    Ok(())
}

/// A new campaign file from a JSON export; refused with the place of the
/// first fault, creating nothing.
pub fn import(json: &Path, out: &Path, stdout: &mut impl Write) -> anyhow::Result<()> {
    let text = waybook_core::files::read_text(json)?;
    let document = waybook_core::model::document::Document::parse(&text)
        .map_err(|e| anyhow::anyhow!("{} was not imported: {e}", json.display()))?;
    Campaign::create_from(out, &document)?;
    writeln!(
        stdout,
        "imported {} characters, {} parties, {} items, {} holdings, {} journeys and {} tables into {}",
        document.characters.len(),
        document.parties.len(),
        document.items.len(),
        document.holdings.len(),
        document.journeys.len(),
        document.tables.len(),
        out.display()
    )?;
    Ok(())
}

#[derive(serde::Serialize)]
struct RosterRow<'a> {
    id: i64,
    name: &'a str,
    kind: &'static str,
    player: &'a str,
    party: Option<&'a str>,
    /// An animal's type, and its rider's name (null when none).
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    breed: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rider: Option<Option<&'a str>>,
}

pub fn roster(file: &Path, json: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(file)?.load()?;
    let mut rows: Vec<RosterRow<'_>> = data
        .characters
        .values()
        .map(|c| RosterRow {
            id: c.id.0,
            name: &c.name,
            kind: c.kind.key(),
            player: data.player_name(c.player),
            party: c
                .party
                .and_then(|p| data.parties.get(&p))
                .map(|p| p.name.as_str()),
            breed: c.animal.as_ref().map(|a| a.breed.as_str()),
            rider: c.animal.as_ref().map(|a| {
                (a.rider)
                    .and_then(|r| data.characters.get(&r))
                    .map(|r| r.name.as_str())
            }),
        })
        .collect();
    // The order the roster screen shows: natural, "Hero 2" before "Hero 10".
    waybook_core::model::sort_by_name(&mut rows, |r| r.name);
    if json {
        serde_json::to_writer_pretty(&mut *out, &rows)?;
        writeln!(out)?;
    } else {
        for r in rows {
            write!(
                out,
                "{:<28} {:<10} {:<12} {}",
                r.name,
                r.kind,
                r.player,
                r.party.unwrap_or("-")
            )?;
            match (r.breed, r.rider) {
                (Some(breed), Some(Some(rider))) => writeln!(out, " ({breed}, ridden by {rider})")?,
                (Some(breed), _) => writeln!(out, " ({breed})")?,
                _ => writeln!(out)?,
            }
        }
    }
    Ok(())
}
