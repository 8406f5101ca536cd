//! The undo history kept in the campaign file (`undo_history`), so an edit
//! made by the command line, or before the window was closed, can be undone
//! in the window. Each row is one edit as made; the rows marked undone are
//! always the newest (a new edit deletes them), so undo takes the newest row
//! not undone and redo the oldest undone. Every step of the history is
//! written in the transaction of the edit it goes with: the file never
//! holds an edit its history does not, or the other way round.

use super::sql_types::{from_json, to_json};
use super::{Campaign, Result};
use crate::model::{Change, Edit};
use rusqlite::{Transaction, params};

/// How many edits the history keeps, the newest: as many in the file as
/// in memory.
pub const HISTORY_BOUND: usize = 1_000;

/// One edit of the history and its row in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    pub row: i64,
    pub edit: Edit,
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

    /// The history kept in the file. A row this build cannot read (its
    /// records in a shape since changed) ends it there: the edits before
    /// it can no longer be undone, as undo cannot pass it.
    pub fn load_history(&self) -> Result<Kept> {
        let mut statement = self
            .conn
            .prepare("SELECT id, label, changes, undone FROM undo_history ORDER BY id")?;
        let rows = statement.query_map([], |row| {
            let changes: String = row.get(2)?;
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, String>(1)?,
                from_json::<Vec<Change>>(2, &changes),
                row.get::<_, bool>(3)?,
            ))
        })?;
        let mut kept = Kept::default();
        for row in rows {
            let (row, label, changes, undone) = row?;
            let Ok(changes) = changes else {
                kept = Kept::default();
                continue;
            };
            let recorded = Recorded {
                row,
                edit: Edit::new(label, changes),
            };
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
