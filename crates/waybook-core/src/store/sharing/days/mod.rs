//! A party's days on several machines. A party lives each day once
//! (NOTES.md, "A party's days"): an edit that moves a party's present is
//! one of its days, and two machines that moved one party's present
//! without having seen each other's moves played its days apart. This
//! copy keeps its own days and holds the other machine's out, unmerged
//! (with what that machine did on from them), until the GM keeps one
//! machine's days ([`settle`]): the other's are then undone here or never
//! merged, and the choice travels, so every machine keeps the same days.
//! Nothing is dropped: the days set aside keep their changesets here and
//! in their journal, and a copy whose own days are undone takes a
//! snapshot first.
//!
//! Here: what becomes of another machine's edit arriving ([`arriving`]),
//! and the days kept here; the GM's choice settled in [`settle`], and
//! what the GM is shown of days apart in `shown`.

mod settle;
mod shown;

use settle::follow_present;
pub(crate) use settle::{follow_clock, settle, undoes_here};
pub use shown::{DaysApart, Line};
pub(crate) use shown::{apart, apart_here, first_apart, held};

use super::super::changesets::{self, Op};
use super::fields::Columns;
use crate::sharing::journal::{EditOf, Record};
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use std::collections::{BTreeMap, BTreeSet};

/// A party's present moved by an edit, from where to where (day, hour;
/// none where the edit left it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    pub party: i64,
    pub from: (Option<i64>, Option<i64>),
    pub to: (Option<i64>, Option<i64>),
}

/// The parties whose present `changeset` moves.
pub(crate) fn steps_in(tx: &Connection, changeset: &[u8]) -> rusqlite::Result<Vec<Step>> {
    // A changeset names each table it changes, NUL-ended: an edit of no
    // party is not read.
    if !changeset.windows(6).any(|w| w == b"party\0") {
        return Ok(Vec::new());
    }
    let columns = Columns::of(tx, "party")?;
    let at = |name: &str| columns.names.iter().position(|n| n == name);
    let (Some(id), Some(day), Some(hour)) = (at("id"), at("now_day"), at("now_hour")) else {
        return Ok(Vec::new());
    };
    let int = |values: &[Option<Value>], at: usize| match values.get(at) {
        Some(Some(Value::Integer(n))) => Some(*n),
        _ => None,
    };
    let mut steps = Vec::new();
    for change in changesets::changes(changeset)? {
        let moved = |at: usize| change.new.get(at).is_some_and(Option::is_some);
        if change.table != "party" || change.op != Op::Update || !(moved(day) || moved(hour)) {
            continue;
        }
        let Some(party) = int(&change.old, id) else {
            continue;
        };
        steps.push(Step {
            party,
            from: (int(&change.old, day), int(&change.old, hour)),
            to: (int(&change.new, day), int(&change.new, hour)),
        });
    }
    Ok(steps)
}

/// What becomes of another machine's edit arriving here.
pub(crate) enum Arrival {
    /// Merged as any edit; these are the days it moves.
    Merge(Vec<Step>),
    /// Its party's days were played apart from this copy's: held out.
    Held,
    /// The GM set it aside before it arrived: kept, never merged.
    SetAside,
}

/// What becomes of `record`, of `machine`, arriving here.
pub(crate) fn arriving(
    tx: &Transaction<'_>,
    machine: &str,
    record: &Record,
) -> rusqlite::Result<Arrival> {
    let set_aside = tx.execute(
        "UPDATE share_days SET clock = ?3, label = ?4, seen = ?5, held = ?6, changeset = ?7
         WHERE machine = ?1 AND seq = ?2 AND state = 'set_aside' AND changeset IS NULL",
        params![
            machine,
            record.seq,
            record.clock,
            record.label,
            json(&record.seen),
            json(&record.held),
            record.changeset
        ],
    )?;
    if set_aside > 0 {
        return Ok(Arrival::SetAside);
    }
    let steps = steps_in(tx, &record.changeset)?;
    for step in &steps {
        if lived_on_set_aside(tx, record, step.party)? {
            keep(tx, machine, record, &steps, "set_aside")?;
            return Ok(Arrival::SetAside);
        }
    }
    let mut apart = false;
    for step in &steps {
        apart |= played_apart(tx, machine, record, step.party)?;
    }
    if apart {
        keep(tx, machine, record, &steps, "held")?;
        return Ok(Arrival::Held);
    }
    if let Some(party) = builds_on_held(tx, machine, &record.changeset)? {
        let step = Step {
            party,
            from: (None, None),
            to: (None, None),
        };
        keep(tx, machine, record, &[step], "held")?;
        return Ok(Arrival::Held);
    }
    Ok(Arrival::Merge(steps))
}

/// Whether `record` was made on from a day of `party` set aside here,
/// before its machine saw it set aside: it goes with that day.
fn lived_on_set_aside(tx: &Connection, record: &Record, party: i64) -> rusqlite::Result<bool> {
    Ok(aside_by(tx, party)?
        .iter()
        .any(|(edit, by)| lived_on(&record.seen, &record.held, edit, by)))
}

/// Whether `record` moves `party`'s present apart from this copy's days:
/// its machine's earlier days of the party are held here, or this copy
/// has a day of the party from a machine that `record`'s had not seen
/// or held out.
fn played_apart(
    tx: &Connection,
    machine: &str,
    record: &Record,
    party: i64,
) -> rusqlite::Result<bool> {
    let going_on: Option<i64> = tx
        .query_row(
            "SELECT 1 FROM share_days
             WHERE party = ?1 AND machine = ?2 AND state = 'held' AND seq < ?3 LIMIT 1",
            params![party, machine, record.seq],
            |row| row.get(0),
        )
        .optional()?;
    if going_on.is_some() {
        return Ok(true);
    }
    let mut statement = tx.prepare_cached(
        "SELECT machine, MAX(seq) FROM share_days
         WHERE party = ?1 AND state = 'applied' AND machine <> ?2 GROUP BY machine",
    )?;
    let lived = statement.query_map(params![party, machine], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
    })?;
    for lived in lived {
        let (other, last) = lived?;
        if last > record.seen.get(&other).copied().unwrap_or(0) {
            return Ok(true);
        }
    }
    // Its machine held out a day of the party that this copy lives on.
    for held in &record.held {
        let lived_here: Option<i64> = tx
            .query_row(
                "SELECT 1 FROM share_days
                 WHERE party = ?1 AND machine = ?2 AND seq = ?3 AND state = 'applied'",
                params![party, held.machine, held.seq],
                |row| row.get(0),
            )
            .optional()?;
        if lived_here.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The party whose held days `changeset` builds on: it changes a record
/// that one of `machine`'s held edits made (and this copy has not).
fn builds_on_held(
    tx: &Connection,
    machine: &str,
    changeset: &[u8],
) -> rusqlite::Result<Option<i64>> {
    let held: Vec<(i64, Vec<u8>)> = {
        let mut statement = tx.prepare_cached(
            "SELECT party, changeset FROM share_days
             WHERE machine = ?1 AND state = 'held' AND changeset IS NOT NULL ORDER BY seq",
        )?;
        let rows = statement.query_map([machine], |row| Ok((row.get(0)?, row.get(1)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    if held.is_empty() {
        return Ok(None);
    }
    let mut keys = Keys::default();
    let touched = keys.touched(tx, changeset, None)?;
    for (party, made) in held {
        if !keys
            .touched(tx, &made, Some(Op::Insert))?
            .is_disjoint(&touched)
        {
            return Ok(Some(party));
        }
    }
    Ok(None)
}

/// The records changes name, as (table, key), each table's columns read once.
#[derive(Default)]
struct Keys {
    columns: BTreeMap<String, Columns>,
}

impl Keys {
    /// The records `changeset` changes (those it makes, with `only`).
    fn touched(
        &mut self,
        tx: &Connection,
        changeset: &[u8],
        only: Option<Op>,
    ) -> rusqlite::Result<BTreeSet<(String, String)>> {
        let mut found = BTreeSet::new();
        for change in changesets::changes(changeset)? {
            if only.is_some_and(|op| op != change.op) {
                continue;
            }
            if !self.columns.contains_key(&change.table) {
                let columns = Columns::of(tx, &change.table)?;
                self.columns.insert(change.table.clone(), columns);
            }
            let Some(columns) = self.columns.get(&change.table) else {
                continue;
            };
            found.insert((change.table.clone(), columns.key_of_change(&change)));
        }
        Ok(found)
    }
}

/// Keeps `record` among the days of each party it moves, as `state`.
pub(crate) fn keep(
    tx: &Transaction<'_>,
    machine: &str,
    record: &Record,
    steps: &[Step],
    state: &str,
) -> rusqlite::Result<()> {
    for step in steps {
        tx.execute(
            "INSERT INTO share_days (machine, seq, party, clock, label, state, seen, held, changeset,
                                     from_day, from_hour, to_day, to_hour)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
             ON CONFLICT (machine, seq, party) DO UPDATE SET state = excluded.state",
            params![
                machine,
                record.seq,
                step.party,
                record.clock,
                record.label,
                state,
                json(&record.seen),
                json(&record.held),
                record.changeset,
                step.from.0,
                step.from.1,
                step.to.0,
                step.to.1
            ],
        )?;
    }
    Ok(())
}

/// Keeps `record`, just merged, among the days of each party it moves,
/// and sets each party's present where its days kept here leave it.
pub(crate) fn merged(
    tx: &Transaction<'_>,
    machine: &str,
    record: &Record,
    steps: &[Step],
) -> rusqlite::Result<()> {
    keep(tx, machine, record, steps, "applied")?;
    for step in steps {
        follow_present(tx, step.party)?;
    }
    Ok(())
}

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The days of other machines held here, unmerged, oldest first by
/// machine: an edit made now has not lived on from them.
pub(crate) fn held_here(tx: &Connection) -> rusqlite::Result<Vec<EditOf>> {
    let mut statement = tx.prepare_cached(
        "SELECT DISTINCT machine, seq FROM share_days WHERE state = 'held' ORDER BY machine, seq",
    )?;
    let rows = statement.query_map([], |row| {
        Ok(EditOf {
            machine: row.get(0)?,
            seq: row.get(1)?,
        })
    })?;
    rows.collect()
}

/// The days of `party` set aside here, each with the choices that set
/// it aside.
fn aside_by(tx: &Connection, party: i64) -> rusqlite::Result<BTreeMap<EditOf, Vec<EditOf>>> {
    let mut statement = tx.prepare_cached(
        "SELECT DISTINCT machine, seq, aside_by FROM share_days WHERE party = ?1 AND state = 'set_aside'",
    )?;
    let rows = statement.query_map([party], |row| {
        let by: String = row.get(2)?;
        Ok((
            EditOf {
                machine: row.get(0)?,
                seq: row.get(1)?,
            },
            serde_json::from_str(&by).unwrap_or_default(),
        ))
    })?;
    rows.collect()
}

/// One day known here, with what its machine had seen and held out.
struct Lived {
    edit: EditOf,
    seen: BTreeMap<String, i64>,
    held: Vec<EditOf>,
}

impl Lived {
    fn of(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        let (seen, held): (String, String) = (row.get(2)?, row.get(3)?);
        Ok(Self {
            edit: EditOf {
                machine: row.get(0)?,
                seq: row.get(1)?,
            },
            seen: serde_json::from_str(&seen).unwrap_or_default(),
            held: serde_json::from_str(&held).unwrap_or_default(),
        })
    }

    /// Whether it was made on from `edit`, set aside by `aside_by`.
    fn lived_on(&self, edit: &EditOf, aside_by: &[EditOf]) -> bool {
        lived_on(&self.seen, &self.held, edit, aside_by)
    }
}

/// Whether an edit whose machine had merged `seen` and held out `held`
/// was made on from `edit` (merged where it was made, not held out),
/// before its machine saw any of the choices (`aside_by`) that set
/// `edit` aside.
fn lived_on(
    seen: &BTreeMap<String, i64>,
    held: &[EditOf],
    edit: &EditOf,
    aside_by: &[EditOf],
) -> bool {
    covers(seen, edit)
        && !held.contains(edit)
        && !aside_by.iter().any(|choice| covers(seen, choice))
}

/// Whether what a machine had seen takes in `edit`.
fn covers(seen: &BTreeMap<String, i64>, edit: &EditOf) -> bool {
    seen.get(&edit.machine).is_some_and(|&seq| seq >= edit.seq)
}
