//! Recording this machine's edits for the other machines: inside each
//! edit's transaction, SQLite's session extension records what the edit
//! changed in the campaign's tables, and the changeset goes into
//! `share_out` with the edit's sequence number and clock. The same
//! transaction writes both, so an edit is never in the file without its
//! record (or the other way); publishing copies them to the journal.

use super::super::changesets::Recorder;
use crate::sharing::clock::{self, Clock};
use rusqlite::{OptionalExtension, Transaction, params};

/// The tables that stay on this machine: its undo history, its notes,
/// its count of edits and its sharing's own.
pub(crate) const LOCAL_TABLES: &[&str] = &[
    "undo_history",
    "kept",
    "edit_count",
    "share",
    "share_out",
    "share_seen",
    "share_conflict",
    "share_chosen",
];

/// A shared working copy's recording, for one transaction of edits.
pub(crate) struct Outbox {
    seq: i64,
    clock: Clock,
    tables: Vec<String>,
}

impl Outbox {
    /// The recording of the working copy on `tx`, when it is shared.
    pub(crate) fn of(tx: &Transaction<'_>) -> rusqlite::Result<Option<Self>> {
        let Some((seq, clock)) = tx
            .query_row("SELECT seq, clock FROM share WHERE id = 1", [], |row| {
                Ok((row.get(0)?, Clock(row.get(1)?)))
            })
            .optional()?
        else {
            return Ok(None);
        };
        Ok(Some(Self {
            seq,
            clock,
            tables: travelling_tables(tx)?,
        }))
    }

    /// Starts recording an edit's changes.
    pub(crate) fn recorder<'c>(&self, tx: &'c Transaction<'_>) -> rusqlite::Result<Recorder<'c>> {
        Recorder::of(tx, &self.tables)
    }

    /// Keeps an edit's `changeset` (none when it changed nothing that
    /// travels) for the journal, and the sharing's count and clock.
    pub(crate) fn keep(
        &mut self,
        tx: &Transaction<'_>,
        label: &str,
        changeset: &[u8],
    ) -> rusqlite::Result<()> {
        if changeset.is_empty() {
            return Ok(());
        }
        self.push(tx, label, changeset, "[]")
    }

    /// Keeps one record of this machine's, of any kind, in `share_out`.
    pub(crate) fn push(
        &mut self,
        tx: &Transaction<'_>,
        label: &str,
        changeset: &[u8],
        choices: &str,
    ) -> rusqlite::Result<()> {
        self.seq += 1;
        self.clock = self.clock.tick(clock::now_ms());
        tx.execute(
            "INSERT INTO share_out (seq, clock, label, changeset, choices) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![self.seq, self.clock.0, label, changeset, choices],
        )?;
        tx.execute(
            "UPDATE share SET seq = ?1, clock = ?2, published = -2 WHERE id = 1",
            params![self.seq, self.clock.0],
        )?;
        // The journal lacks it (-2: no length of a file), and this
        // machine's own edits are in the file: never merged again.
        tx.execute(
            "INSERT INTO share_seen (machine, seq, byte_offset) SELECT machine, ?1, 0 FROM share WHERE id = 1
             ON CONFLICT (machine) DO UPDATE SET seq = excluded.seq",
            [self.seq],
        )?;
        Ok(())
    }

    /// The clock of the last record kept.
    pub(crate) fn clock(&self) -> Clock {
        self.clock
    }
}

/// Every table of the campaign's records: those the other machines keep too.
fn travelling_tables(tx: &Transaction<'_>) -> rusqlite::Result<Vec<String>> {
    let mut statement = tx.prepare_cached(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )?;
    let names = statement.query_map([], |row| row.get::<_, String>(0))?;
    names
        .filter(|name| {
            !name
                .as_ref()
                .is_ok_and(|n| LOCAL_TABLES.contains(&n.as_str()))
        })
        .collect()
}
