//! `waybook share`, `waybook join` and `waybook sync`: one campaign kept
//! in step on several machines through a folder the GM's sync service
//! keeps (Syncthing, Dropbox, OneDrive, a network share). This machine is
//! its data folder's (`machine.json`); `--as` names it for the others.

use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use waybook_core::sharing::Machine;
use waybook_core::sharing::clock::{self, ago};
use waybook_core::store::Campaign;
use waybook_core::store::sharing::{Report, Side, value_words};

#[derive(Debug, clap::Args)]
pub struct ShareArgs {
    pub file: PathBuf,
    /// The folder the sync service keeps; each machine writes only its own files there.
    #[arg(long, value_name = "DIR")]
    pub folder: PathBuf,
    /// What the other machines call this one ("Study PC"; default: the computer's name).
    #[arg(long = "as", value_name = "NAME")]
    pub name: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct JoinArgs {
    /// The shared folder, as the sync service keeps it on this machine.
    pub folder: PathBuf,
    /// This machine's working copy to make (never over a file).
    #[arg(long)]
    pub out: PathBuf,
    /// What the other machines call this one.
    #[arg(long = "as", value_name = "NAME")]
    pub name: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct SyncArgs {
    pub file: PathBuf,
    /// Settle a conflict first: its number and whose value to keep,
    /// `3=mine` or `3=theirs` (may be given again).
    #[arg(long, value_name = "N=mine|theirs")]
    pub choose: Vec<String>,
    /// Keep one machine's days of a party played on two machines apart:
    /// the party's number and whose days, `2=mine` or `2=theirs`.
    #[arg(long, value_name = "PARTY=mine|theirs")]
    pub keep_days: Vec<String>,
    /// Print `{"merged", "conflicts", "machines", "waiting", "days_apart"}` as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn share(args: &ShareArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let machine = Machine::here(args.name.as_deref())?;
    let mut campaign = Campaign::open(&args.file)?;
    campaign.share(&args.folder, &machine)?;
    writeln!(
        out,
        "{} is shared through {} as {}. On another machine: waybook join {} --out FILE",
        args.file.display(),
        args.folder.display(),
        machine.name,
        args.folder.display()
    )?;
    Ok(())
}

pub fn join(args: &JoinArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let machine = Machine::here(args.name.as_deref())?;
    let (_, report) = Campaign::join(&args.folder, &args.out, &machine)?;
    writeln!(
        out,
        "{} is this machine's ({}) working copy of the campaign shared through {}.",
        args.out.display(),
        machine.name,
        args.folder.display()
    )?;
    print_report(&report, out)
}

pub fn sync(args: &SyncArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let machine = Machine::here(None)?;
    let mut campaign = Campaign::open(&args.file)?;
    for choice in &args.choose {
        let (id, side) = parse_choice("--choose", choice)?;
        campaign.choose(&machine, id, side)?;
    }
    for choice in &args.keep_days {
        let (party, side) = parse_choice("--keep-days", choice)?;
        if let Some(snapshot) = campaign.keep_days(&machine, party, side)? {
            writeln!(
                out,
                "this machine's days of party {party} are undone; they are kept to look at in {}",
                snapshot.display()
            )?;
        }
    }
    let report = campaign.sync(&machine)?;
    if args.json {
        let said = json!({
            "merged": report.merged,
            "conflicts": report.conflicts,
            "machines": report.machines.iter().map(|m| json!({"id": m.id, "name": m.name, "last_seq": m.last_seq})).collect::<Vec<_>>(),
            "waiting": report.waiting,
            "days_apart": report.days_apart,
        });
        writeln!(out, "{said:#}")?;
        return Ok(());
    }
    print_report(&report, out)
}

/// Appends the edits just made to a shared campaign to this machine's
/// journal, so the other machines have them at once (`waybook sync`
/// merges theirs).
pub fn publish_edits(file: &std::path::Path) -> anyhow::Result<()> {
    // The file was just opened, checked and written: opened beside, as
    // the window's merge opens it, without its checks again.
    let mut campaign = Campaign::open_beside(file)?;
    if campaign.shared_folder()?.is_some() {
        campaign.publish_edits(&Machine::here(None)?)?;
    }
    Ok(())
}

/// `3=theirs` as the number (of a conflict, or a party) and the side kept.
fn parse_choice(flag: &str, text: &str) -> anyhow::Result<(i64, Side)> {
    let refused =
        || anyhow::anyhow!("{flag} {text}: write the number and mine or theirs, as 3=mine");
    let (id, side) = text.split_once('=').ok_or_else(refused)?;
    let id = id.trim().parse().map_err(|_| refused())?;
    let side = match side.trim().to_lowercase().as_str() {
        "mine" => Side::Mine,
        "theirs" => Side::Theirs,
        _ => return Err(refused()),
    };
    Ok((id, side))
}

/// What a sync did, one line each, as a GM reads it.
fn print_report(report: &Report, out: &mut impl Write) -> anyhow::Result<()> {
    let now = clock::now_ms();
    for merged in &report.merged {
        writeln!(
            out,
            "merged: {} from {} (#{})",
            merged.label, merged.name, merged.seq
        )?;
    }
    for conflict in &report.conflicts {
        let field = conflict.field_words();
        writeln!(
            out,
            "conflict {}: {}, {}: here {}, {} made it {} ({}, {}); choose with --choose {}=mine or {}=theirs",
            conflict.id,
            conflict.record,
            field,
            value_words(&conflict.mine),
            conflict.name,
            value_words(&conflict.theirs),
            conflict.label,
            ago(conflict.at_ms, now),
            conflict.id,
            conflict.id
        )?;
    }
    for apart in &report.days_apart {
        let line = |line: &waybook_core::store::sharing::Line| {
            let at = |day: Option<i64>| day.map_or("?".to_owned(), |day| day.to_string());
            format!(
                "{} edit(s), day {} to {}",
                line.edits,
                at(line.from_day),
                at(line.to_day)
            )
        };
        writeln!(
            out,
            "days apart: {} (party {}): here {}; the other machine {}; keep one with --keep-days {}=mine or {}=theirs",
            apart.party_name,
            apart.party,
            line(&apart.mine),
            line(&apart.theirs),
            apart.party,
            apart.party
        )?;
    }
    for waiting in &report.waiting {
        writeln!(out, "waiting: {waiting}")?;
    }
    for machine in &report.machines {
        let heard = match (machine.this, machine.heard_ms) {
            (true, _) => "this machine".to_owned(),
            (false, Some(ms)) => format!("seen {}", ago(ms, now)),
            (false, None) => "not heard from yet".to_owned(),
        };
        writeln!(out, "{}: edit {} ({heard})", machine.name, machine.last_seq)?;
    }
    if report.merged.is_empty()
        && report.conflicts.is_empty()
        && report.waiting.is_empty()
        && report.days_apart.is_empty()
    {
        writeln!(out, "In step: nothing new to merge.")?;
    }
    Ok(())
}
