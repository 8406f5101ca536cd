//! Recording this machine's edits for the other machines: inside each
//! edit's transaction, SQLite's session extension records what the edit
//! changed in the campaign's tables, and the changeset goes into
//! `share_out` with the edit's sequence number and clock. The same
//! transaction writes both, so an edit is never in the file without its
//! record (or the other way); publishing copies them to the journal.

use super::super::changesets::Recorder;
use super::{days, written};
use crate::sharing::clock::{self, Clock};
use crate::sharing::journal::{Choice, DaysChoice, Record};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use std::collections::BTreeMap;

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
    "share_days",
    "share_written",
    "share_owed",
    "share_covered",
];

/// A shared working copy's recording, for one transaction of edits.
pub(crate) struct Outbox {
    machine: String,
    seq: i64,
    clock: Clock,
    tables: Vec<String>,
}

impl Outbox {
    /// The recording of the working copy on `tx`, when it is shared.
    pub(crate) fn of(tx: &Transaction<'_>) -> rusqlite::Result<Option<Self>> {
        let Some((machine, seq, clock)) = tx
            .query_row(
                "SELECT machine, seq, clock FROM share WHERE id = 1",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, Clock(row.get(2)?))),
            )
            .optional()?
        else {
            return Ok(None);
        };
        Ok(Some(Self {
            machine,
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
        self.push(tx, label, changeset, &[], None)
    }

    /// Keeps one record of this machine's, of any kind, in `share_out`,
    /// with what this copy had merged of each machine when it was made
    /// and the other machines' days it held out;
    /// one that moves a party's present is kept among its days.
    pub(crate) fn push(
        &mut self,
        tx: &Transaction<'_>,
        label: &str,
        changeset: &[u8],
        choices: &[Choice],
        days: Option<&DaysChoice>,
    ) -> rusqlite::Result<()> {
        self.seq += 1;
        self.clock = self.clock.tick(clock::now_ms());
        let seen = seen_here(tx)?;
        let held = days::held_here(tx)?;
        tx.execute(
            "INSERT INTO share_out (seq, clock, label, changeset, choices, seen, held, days)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                self.seq,
                self.clock.0,
                label,
                changeset,
                json(&choices),
                json(&seen),
                json(&held),
                days.map(|days| json(&days))
            ],
        )?;
        for field in written::changed(tx, changeset)? {
            written::wrote(tx, &field, &self.machine, self.seq)?;
        }
        let steps = days::steps_in(tx, changeset)?;
        if !steps.is_empty() {
            let record = Record {
                seq: self.seq,
                clock: self.clock.0,
                schema: 0,
                label: label.to_owned(),
                choices: Vec::new(),
                seen,
                held,
                days: None,
                changeset: changeset.to_vec(),
            };
            days::keep(tx, &self.machine, &record, &steps, "applied")?;
        }
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

    /// The sequence number of the last record kept.
    pub(crate) fn seq(&self) -> i64 {
        self.seq
    }

    /// The clock of the last record kept.
    pub(crate) fn clock(&self) -> Clock {
        self.clock
    }
}

/// The last edit of each machine merged here (this machine's: its last).
pub(crate) fn seen_here(conn: &Connection) -> rusqlite::Result<BTreeMap<String, i64>> {
    let mut statement = conn.prepare_cached("SELECT machine, seq FROM share_seen")?;
    let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
    rows.collect()
}

/// The last edit of `machine` merged here (0: none).
pub(crate) fn seen_of(conn: &Connection, machine: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COALESCE(MAX(seq), 0) FROM share_seen WHERE machine = ?1")?
        .query_row([machine], |row| row.get(0))
}

/// A value as the JSON `share_out` keeps.
fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
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
