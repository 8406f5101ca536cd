//! The undo history kept in the campaign file (`undo_history`), so an edit
//! made by the command line, or before the window was closed, can be undone
//! in the window. Each row is one edit as made; the rows marked undone are
//! always the newest (a new edit deletes them), so undo takes the newest row
//! not undone and redo the oldest undone. Every step of the history is
//! written in the transaction of the edit it goes with: the file never
//! holds an edit its history does not, or the other way round.

use super::sql_types::to_json;
use super::{Campaign, Result};
use crate::model::{Change, Edit};
use rusqlite::{OptionalExtension, Transaction, params};

/// How many edits the history keeps, the newest: as many in the file as
/// in memory.
pub const HISTORY_BOUND: usize = 1_000;

/// One edit of the history and its row in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    pub row: i64,
    pub label: String,
    changes: Changes,
}

/// An edit's changes: as made since the file was opened, or kept in the
/// file, read only when the edit is undone or redone ([`Campaign::edit_of`]).
/// (A full history of large records is tens of megabytes: read whole, it
/// held the first frame of the 10k campaign back, 202 ms instead of 75.)
#[derive(Debug, Clone, PartialEq)]
enum Changes {
    Made(Vec<Change>),
    InFile,
}

impl Recorded {
    /// An edit just made, kept in `row`.
    pub fn made(edit: Edit, row: i64) -> Self {
        Self {
            row,
            label: edit.label,
            changes: Changes::Made(edit.changes),
        }
    }
}

/// The history as the file keeps it: the edits done, oldest first, and the
/// edits undone, the next to redo last.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Kept {
    pub done: Vec<Recorded>,
    pub undone: Vec<Recorded>,
}

/// What an edit does to the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryStep {
    /// A new edit: the undone ones are forgotten, the oldest past the bound too.
    Made,
    /// The edit of this row was undone.
    Undone(i64),
    /// The edit of this row was made again.
    Redone(i64),
}

impl Campaign {
    /// Writes `edit` and its step of the history in one transaction;
    /// returns the row a new edit was kept in.
    pub fn apply_recorded(&mut self, edit: &Edit, step: HistoryStep) -> Result<i64> {
        Ok(self.write_now(edit, Some(step))?.row)
    }

    /// The edit `recorded` keeps, its changes read from the file if they
    /// are kept there; `None` when they are not there or this build cannot
    /// read them (records in a shape since changed).
    pub fn edit_of(&self, recorded: &Recorded) -> Result<Option<Edit>> {
        let changes = match &recorded.changes {
            Changes::Made(changes) => Some(changes.clone()),
            Changes::InFile => {
                let json: Option<String> = self
                    .conn
                    .query_row(
                        "SELECT changes FROM undo_history WHERE id = ?1",
                        [recorded.row],
                        |row| row.get(0),
                    )
                    .optional()?;
                json.and_then(|json| serde_json::from_str(&json).ok())
            }
        };
        Ok(changes.map(|changes| Edit::new(recorded.label.clone(), changes)))
    }

    /// The history kept in the file, each edit's changes left there until
    /// it is undone or redone ([`Self::edit_of`]).
    pub fn load_history(&self) -> Result<Kept> {
        let mut statement = self
            .conn
            .prepare("SELECT id, label, undone FROM undo_history ORDER BY id")?;
        let rows = statement.query_map([], |row| {
            let recorded = Recorded {
                row: row.get(0)?,
                label: row.get(1)?,
                changes: Changes::InFile,
            };
            Ok((recorded, row.get::<_, bool>(2)?))
        })?;
        let mut kept = Kept::default();
        for row in rows {
            let (recorded, undone) = row?;
            if undone {
                kept.undone.insert(0, recorded);
            } else {
                kept.done.push(recorded);
            }
        }
        Ok(kept)
    }
}

/// Forgets the edits undone, found by their index (migration 0027), not
/// by reading every edit kept.
const FORGET_UNDONE: &str = "DELETE FROM undo_history WHERE undone = 1";

/// Writes `step` of the undo history, for `edit`; the row it keeps.
pub(super) fn record(tx: &Transaction<'_>, edit: &Edit, step: HistoryStep) -> Result<i64> {
    match step {
        HistoryStep::Made => {
            tx.execute(FORGET_UNDONE, [])?;
            tx.execute(
                "INSERT INTO undo_history (label, changes) VALUES (?1, ?2)",
                params![edit.label, to_json(&edit.changes)?],
            )?;
            let row = tx.last_insert_rowid();
            let bound = i64::try_from(HISTORY_BOUND).unwrap_or(i64::MAX);
            tx.execute(
                "DELETE FROM undo_history WHERE id <= ?1",
                [row.saturating_sub(bound)],
            )?;
            Ok(row)
        }
        HistoryStep::Undone(row) | HistoryStep::Redone(row) => {
            let undone = matches!(step, HistoryStep::Undone(_));
            tx.execute(
                "UPDATE undo_history SET undone = ?1 WHERE id = ?2",
                params![undone, row],
            )?;
            Ok(row)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new edit forgets the undone ones without reading the whole
    /// history: with a full history, the scan was a millisecond an edit.
    #[test]
    fn forgetting_the_undone_edits_reads_only_them() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let campaign = Campaign::create(&dir.path().join("c.waybook"), "Plan").expect("created");
        let plan: Vec<String> = (campaign.conn)
            .prepare(&format!("EXPLAIN QUERY PLAN {FORGET_UNDONE}"))
            .and_then(|mut s| s.query_map([], |r| r.get(3))?.collect())
            .expect("a plan");
        assert!(
            plan.iter().any(|step| step.contains("undo_history_undone")),
            "{plan:?}"
        );
    }
}
