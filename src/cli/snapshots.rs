//! `waybook backup`, `waybook snapshots`, `waybook restore`, `waybook
//! upgrade` and `waybook import-roster`: a snapshot taken now, the list of
//! a campaign's snapshots, one restored as a new campaign file (never over
//! one), an older campaign upgraded after a copy of it is kept, and
//! characters added from a CSV file after a snapshot.

use std::io::Write;
use std::path::Path;
use waybook_core::store::snapshots::{self, Reason, Snapshots};
use waybook_core::store::{Campaign, HistoryStep, StoreError};

pub(super) fn snapshots_of(file: &Path) -> anyhow::Result<Snapshots> {
    Ok(Snapshots::of(&waybook_core::files::data_dir()?, file))
}

/// Takes a snapshot of the campaign now and prints where it is.
pub fn backup(file: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    let campaign = Campaign::open_read_only(file)?;
    let path = snapshots_of(file)?.take(&campaign, Reason::Backup)?;
    writeln!(out, "{}", path.display())?;
    Ok(())
}

/// Upgrades a campaign written by an older Waybook, keeping a copy of it
/// as it is first: a snapshot, or, when the data folder cannot take one,
/// a copy beside it ("Name (before the upgrade).waybook"), as the window
/// offers. Prints where the copy is; a campaign of this Waybook's schema
/// is left as it is.
pub fn upgrade(file: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    match Campaign::open_read_only(file) {
        Ok(_) => {
            writeln!(
                out,
                "{} is of this Waybook's schema (version {}): nothing to upgrade",
                file.display(),
                waybook_core::store::LATEST_VERSION
            )?;
            return Ok(());
        }
        Err(StoreError::Older {
            read_only: false, ..
        }) => {}
        Err(e) => return Err(e.into()),
    }
    // A snapshot, or why none could be kept.
    let snapshot = match snapshots_of(file) {
        Ok(snapshots) => match Campaign::open_keeping_where(file, &snapshots) {
            Ok((_, kept)) => kept.ok_or_else(|| "none was needed".to_owned()),
            Err(StoreError::NotKept { cause, .. }) => Err(cause.to_string()),
            Err(e) => return Err(e.into()),
        },
        Err(e) => Err(super::error_line(&e)),
    };
    let (copy, kept_in) = match snapshot {
        Ok(snapshot) => (snapshot, "its snapshot".to_owned()),
        Err(why) => {
            let (_, copy) = Campaign::open_keeping_copy_beside(file)?;
            let copy =
                copy.ok_or_else(|| anyhow::anyhow!("{} was upgraded meanwhile", file.display()))?;
            (
                copy,
                format!("a copy beside it, as no snapshot could be kept ({why})"),
            )
        }
    };
    writeln!(
        out,
        "upgraded {} to schema version {}; as it was, it is kept in {kept_in}: {}",
        file.display(),
        waybook_core::store::LATEST_VERSION,
        copy.display()
    )?;
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

/// Adds the characters of a CSV file to a campaign, after a snapshot of it;
/// every row's error is listed and nothing is added if there is one.
pub fn import_roster(file: &Path, csv: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    let text = waybook_core::files::read_spreadsheet(csv)?;
    let import =
        waybook_core::exchange::roster_csv::RosterImport::read(&csv.display().to_string(), &text)?;
    let campaign = Campaign::open_keeping(file, &snapshots_of(file)?)?;
    snapshots_of(file)?.take(&campaign, Reason::Import)?;
    let data = campaign.load()?;
    let edit = match import.edit(&data) {
        Ok(edit) => edit,
        Err(errors) => {
            let why = format!(
                "{} of {} has errors (listed above); nothing was imported",
                waybook_core::model::plural(errors.len(), "row"),
                csv.display()
            );
            return Err(refused(out, &errors, &why));
        }
    };
    let mut campaign = campaign;
    // Kept in the undo history: the window can take the import back.
    campaign.apply_recorded(&edit, HistoryStep::Made)?;
    writeln!(out, "{}: done", edit.label)?;
    Ok(())
}

/// An import refused: each of its `errors` on a line of `out`, and `why`
/// as the command's error.
pub(super) fn refused(out: &mut impl Write, errors: &[String], why: &str) -> anyhow::Error {
    for e in errors {
        if let Err(failed) = writeln!(out, "{e}") {
            return failed.into();
        }
    }
    anyhow::anyhow!("{why}")
}

/// Restores a snapshot as a new campaign file.
pub fn restore(snapshot: &Path, new: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    snapshots::restore(snapshot, new)?;
    writeln!(out, "restored {} as {}", snapshot.display(), new.display())?;
    Ok(())
}
