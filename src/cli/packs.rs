//! `waybook export-pack`: the campaign's house rules as one JSON pack;
//! `waybook import-pack`: a pack into a campaign, after a snapshot, as one
//! edit, saying what it adds, what clashes by name and how it differs, and
//! how each clash was settled (`--clash keep|replace|copy`). A bad pack is refused with
//! its field named, and the campaign is left as it was.

use super::snapshots::snapshots_of;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use waybook_core::exchange::pack::{Clash, Pack};
use waybook_core::store::snapshots::Reason;
use waybook_core::store::{Campaign, HistoryStep};

#[derive(Debug, clap::Args)]
pub struct ExportPackArgs {
    pub file: PathBuf,
    /// Where to write the pack (JSON).
    #[arg(long)]
    pub out: PathBuf,
    /// The pack's name (default: the campaign's).
    #[arg(long)]
    pub name: Option<String>,
    /// Write over the --out file if it exists.
    #[arg(long)]
    pub overwrite: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ClashArg {
    Keep,
    Replace,
    Copy,
}

#[derive(Debug, clap::Args)]
pub struct ImportPackArgs {
    pub file: PathBuf,
    /// The pack (JSON, from `export-pack` or File > Export pack…).
    #[arg(long)]
    pub pack: PathBuf,
    /// What becomes of a record the campaign has by that name, and of its
    /// calendar, rule switches and house rules where the pack's differ
    /// (even if yours are as a new campaign has them): keep yours, replace
    /// it, or add the pack's as a copy (the calendar, switches and house
    /// rules, one each, are replaced).
    #[arg(long, value_enum, default_value = "keep")]
    pub clash: ClashArg,
    /// Print what was done as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn export_pack(args: &ExportPackArgs, out: &mut impl Write) -> anyhow::Result<()> {
    super::may_write(&args.out, args.overwrite)?;
    let data = Campaign::open_read_only(&args.file)?.load()?;
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| data.settings.name.clone());
    let text = Pack::of(&data, &name).to_json();
    waybook_core::files::write_atomically(&args.out, text.as_bytes())?;
    writeln!(out, "wrote the pack {name} to {}", args.out.display())?;
    Ok(())
}

pub fn import_pack(args: &ImportPackArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let file_name = args.pack.display().to_string();
    let text = waybook_core::files::read_text(&args.pack)?;
    let pack =
        Pack::parse(&text).map_err(|e| anyhow::anyhow!("{file_name} was not imported: {e}"))?;
    let snapshots = snapshots_of(&args.file)?;
    let mut campaign = Campaign::open_keeping(&args.file, &snapshots)?;
    let data = campaign.load()?;
    let clash = match args.clash {
        ClashArg::Keep => Clash::Keep,
        ClashArg::Replace => Clash::Replace,
        ClashArg::Copy => Clash::Copy,
    };
    let clashes = pack.clashes(&data);
    let adds = pack.adds(&data);
    let edit = pack
        .edit(&data, &|_| clash)
        .map_err(|e| anyhow::anyhow!("{file_name} was not imported: {e}"))?;
    snapshots.take(&campaign, Reason::Import)?;
    // Kept in the undo history: the window can take the import back.
    campaign.apply_recorded(&edit, HistoryStep::Made)?;
    if args.json {
        let clashes: Vec<_> = clashes
            .iter()
            .map(|c| json!({"kind": c.kind, "name": c.name, "differs": pack.differences(&data, c)}))
            .collect();
        let done = json!({"pack": pack.name, "adds": adds, "clashes": clashes, "clash": clash.label(), "changes": edit.changes.len()});
        writeln!(out, "{}", serde_json::to_string_pretty(&done)?)?;
        return Ok(());
    }
    writeln!(out, "{}: adds {adds}", edit.label)?;
    for c in &clashes {
        writeln!(out, "{}: {}", c.words(), clash.label().to_lowercase())?;
        for line in pack.differences(&data, c) {
            writeln!(out, "    {line}")?;
        }
    }
    Ok(())
}
