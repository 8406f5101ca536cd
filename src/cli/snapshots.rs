//! `waybook backup`, `waybook snapshots` and `waybook restore`: a snapshot
//! taken now, the list of a campaign's snapshots, and one restored as a new
//! campaign file (never over one).

use crate::store::Campaign;
use crate::store::snapshots::{self, Reason, Snapshots};
use std::io::Write;
use std::path::Path;

fn snapshots_of(file: &Path) -> anyhow::Result<Snapshots> {
    Ok(Snapshots::of(&crate::files::data_dir()?, file))
}

/// Takes a snapshot of the campaign now and prints where it is.
pub fn backup(file: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    let campaign = Campaign::open_read_only(file)?;
    let path = snapshots_of(file)?.take(&campaign, Reason::Backup)?;
    writeln!(out, "{}", path.display())?;
    Ok(())
}

/// The campaign's snapshots, newest first.
pub fn list(file: &Path, json: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let all = snapshots_of(file)?.list()?;
    if json {
        serde_json::to_writer_pretty(&mut *out, &all)?;
        writeln!(out)?;
        return Ok(());
    }
    if all.is_empty() {
        writeln!(out, "no snapshots of {} yet", file.display())?;
    }
    for s in &all {
        writeln!(
            out,
            "{}  {:<9} {:>6} KB  {}",
            snapshots::local_time(&s.time),
            s.reason,
            s.bytes / 1024,
            s.path.display()
        )?;
    }
    Ok(())
}

/// Restores a snapshot as a new campaign file.
pub fn restore(snapshot: &Path, new: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    snapshots::restore(snapshot, new)?;
    writeln!(out, "restored {} as {}", snapshot.display(), new.display())?;
    Ok(())
}
