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

use super::super::changesets::{self, Op};
use super::fields::Columns;
use super::{merge, written};
use crate::sharing::journal::{DaysChoice, EditOf, Record};
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
    let made_on = Lived {
        edit: EditOf {
            machine: String::new(),
            seq: record.seq,
        },
        seen: record.seen.clone(),
        held: record.held.clone(),
    };
    Ok(aside_by(tx, party)?
        .iter()
        .any(|(edit, by)| made_on.lived_on(edit, by)))
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
            let values = if change.op == Op::Insert {
                &change.new
            } else {
                &change.old
            };
            found.insert((change.table.clone(), columns.key_of(values)));
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

/// The edits of this copy's days of `party` that were played apart from
/// `other`'s days held here: each day not seen by one of them, and this
/// machine's own edits since that change what those days made.
pub(crate) fn apart_here(
    tx: &Connection,
    own: &str,
    party: i64,
    other: &str,
) -> rusqlite::Result<Vec<EditOf>> {
    // What each of `other`'s days held here had seen, and held out.
    let theirs: Vec<(BTreeMap<String, i64>, Vec<EditOf>)> = {
        let mut statement = tx.prepare(
            "SELECT DISTINCT seen, held FROM share_days WHERE party = ?1 AND machine = ?2 AND state = 'held'",
        )?;
        let rows = statement.query_map(params![party, other], |row| {
            let (seen, held): (String, String) = (row.get(0)?, row.get(1)?);
            Ok((
                serde_json::from_str(&seen).unwrap_or_default(),
                serde_json::from_str(&held).unwrap_or_default(),
            ))
        })?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let lived: Vec<(String, i64, Option<Vec<u8>>)> = {
        let mut statement = tx.prepare(
            "SELECT DISTINCT machine, seq, changeset FROM share_days
             WHERE party = ?1 AND state = 'applied' ORDER BY clock",
        )?;
        let rows =
            statement.query_map([party], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let mut line = Vec::new();
    let mut keys = Keys::default();
    let mut made = BTreeSet::new();
    for (machine, seq, changeset) in lived {
        let unseen = theirs.iter().any(|(seen, held)| {
            seq > seen.get(&machine).copied().unwrap_or(0)
                || held.iter().any(|h| h.machine == machine && h.seq == seq)
        });
        if !unseen {
            continue;
        }
        if let Some(changeset) = changeset.filter(|_| machine == own) {
            made.extend(keys.touched(tx, &changeset, Some(Op::Insert))?);
        }
        line.push(EditOf { machine, seq });
    }
    let first_own = line
        .iter()
        .filter(|e| e.machine == own)
        .map(|e| e.seq)
        .min();
    if let Some(first) = first_own {
        let mut statement =
            tx.prepare("SELECT seq, changeset FROM share_out WHERE seq > ?1 ORDER BY seq")?;
        let since = statement.query_map([first], |row| Ok((row.get::<_, i64>(0)?, row.get(1)?)))?;
        for edit in since {
            let (seq, changeset): (i64, Vec<u8>) = edit?;
            let in_line = line.iter().any(|e| e.machine == own && e.seq == seq);
            if !in_line && !keys.touched(tx, &changeset, None)?.is_disjoint(&made) {
                line.push(EditOf {
                    machine: own.to_owned(),
                    seq,
                });
            }
        }
    }
    Ok(line)
}

/// The machine whose days of `party` held here are the oldest: the GM
/// keeps its days or this copy's first (another's wait their turn).
pub(crate) fn first_apart(tx: &Connection, party: i64) -> rusqlite::Result<Option<String>> {
    tx.query_row(
        "SELECT machine FROM share_days WHERE party = ?1 AND state = 'held'
         ORDER BY clock, machine, seq LIMIT 1",
        [party],
        |row| row.get(0),
    )
    .optional()
}

/// `machine`'s edits held here for `party`, oldest first.
pub(crate) fn held(tx: &Connection, party: i64, machine: &str) -> rusqlite::Result<Vec<EditOf>> {
    let mut statement = tx.prepare(
        "SELECT DISTINCT machine, seq FROM share_days
         WHERE party = ?1 AND machine = ?2 AND state = 'held' ORDER BY seq",
    )?;
    let rows = statement.query_map(params![party, machine], |row| {
        Ok(EditOf {
            machine: row.get(0)?,
            seq: row.get(1)?,
        })
    })?;
    rows.collect()
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

/// The edits `choice` (the edit `by`) sets aside, with every day of its
/// party known here that lived on from one of them before its machine
/// saw it set aside: a day set aside takes the days built on it, so
/// crossing choices on several machines, one keeping a day whose base
/// another set aside, end with the same days everywhere.
pub(crate) fn set_aside_with_built_on(
    tx: &Connection,
    choice: &DaysChoice,
    by: &EditOf,
) -> rusqlite::Result<Vec<EditOf>> {
    let days: Vec<Lived> = {
        let mut statement = tx.prepare_cached(
            "SELECT DISTINCT machine, seq, seen, held FROM share_days
             WHERE party = ?1 AND state IN ('applied', 'held') ORDER BY clock",
        )?;
        let rows = statement.query_map([choice.party], Lived::of)?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let mut aside_by = aside_by(tx, choice.party)?;
    let mut set_aside = choice.set_aside.clone();
    for edit in &set_aside {
        aside_by.entry(edit.clone()).or_default().push(by.clone());
    }
    loop {
        let built_on = days.iter().find(|day| {
            !set_aside.contains(&day.edit)
                && (set_aside.iter())
                    .any(|e| day.lived_on(e, aside_by.get(e).map_or(&[], Vec::as_slice)))
        });
        let Some(day) = built_on else {
            return Ok(set_aside);
        };
        set_aside.push(day.edit.clone());
        aside_by.insert(day.edit.clone(), vec![by.clone()]);
    }
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

    /// Whether it was made on from `edit` (merged where it was made, not
    /// held out), before its machine saw any of the choices (`aside_by`)
    /// that set `edit` aside.
    fn lived_on(&self, edit: &EditOf, aside_by: &[EditOf]) -> bool {
        covers(&self.seen, edit)
            && !self.held.contains(edit)
            && !aside_by.iter().any(|choice| covers(&self.seen, choice))
    }
}

/// Whether what a machine had seen takes in `edit`.
fn covers(seen: &BTreeMap<String, i64>, edit: &EditOf) -> bool {
    seen.get(&edit.machine).is_some_and(|&seq| seq >= edit.seq)
}

/// Whether settling `choice` here undoes edits merged or made here (a
/// snapshot is taken before).
pub(crate) fn undoes_here(
    tx: &Connection,
    choice: &DaysChoice,
    by: &EditOf,
) -> rusqlite::Result<bool> {
    for edit in &set_aside_with_built_on(tx, choice, by)? {
        let state: Option<String> = tx
            .query_row(
                "SELECT state FROM share_days WHERE machine = ?1 AND seq = ?2 LIMIT 1",
                params![edit.machine, edit.seq],
                |row| row.get(0),
            )
            .optional()?;
        if state.as_deref() == Some("applied") {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Keeps the days the GM chose for `choice.party`: the edits set aside
/// are undone where merged or made here (the latest first) and never
/// merged where not yet here; then the edits kept that are held here are
/// merged, in clock order, unless they are apart from days of a third
/// machine's here too (they wait for that choice). `by` is the choice's
/// edit, made at `clock` (a field chosen later keeps its choice).
/// Whether this machine's own edits were undone (its undo history,
/// which would make them again, is cleared).
pub(crate) fn settle(
    tx: &Transaction<'_>,
    own: &str,
    choice: &DaysChoice,
    by: &EditOf,
    clock: crate::sharing::clock::Clock,
) -> Result<bool, merge::Refused> {
    let at = (clock, by.machine.clone());
    let set_aside = set_aside_with_built_on(tx, choice, by)?;
    let mut undo: Vec<(i64, Vec<u8>, &EditOf)> = Vec::new();
    for edit in &set_aside {
        let found: Option<(String, Option<Vec<u8>>, i64)> = tx
            .query_row(
                "SELECT state, changeset, clock FROM share_days WHERE machine = ?1 AND seq = ?2 LIMIT 1",
                params![edit.machine, edit.seq],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .optional()?;
        let own_edit = edit.machine == own;
        match found {
            Some((state, changeset, clock)) => {
                if let ("applied", Some(changeset)) = (state.as_str(), changeset) {
                    undo.push((clock, changeset, edit));
                }
                tx.execute(
                    "UPDATE share_days SET state = 'set_aside', aside_by = json_insert(aside_by, '$[#]', json(?3))
                     WHERE machine = ?1 AND seq = ?2",
                    params![edit.machine, edit.seq, json(by)],
                )?;
            }
            None if own_edit => {
                let made: Option<(Vec<u8>, i64)> = tx
                    .query_row(
                        "SELECT changeset, clock FROM share_out WHERE seq = ?1",
                        [edit.seq],
                        |row| Ok((row.get(0)?, row.get(1)?)),
                    )
                    .optional()?;
                if let Some((changeset, clock)) = made {
                    undo.push((clock, changeset, edit));
                }
            }
            None => {
                // One merged as any edit stays (its changeset is in its
                // journal); one still on its way is never merged.
                if edit.seq > super::outbox::seen_of(tx, &edit.machine)? {
                    tx.execute(
                        "INSERT OR IGNORE INTO share_days (machine, seq, party, clock, label, state, aside_by)
                         VALUES (?1, ?2, ?3, 0, '', 'set_aside', json_array(json(?4)))",
                        params![edit.machine, edit.seq, choice.party, json(by)],
                    )?;
                }
            }
        }
    }
    undo.sort_by_key(|(clock, _, _)| std::cmp::Reverse(*clock));
    let own_undone = undo.iter().any(|(_, _, edit)| edit.machine == own);
    for (_, changeset, edit) in &undo {
        merge::undo(tx, changeset, &at)?;
        // What it wrote is undone: no later edit was made apart from it.
        written::forget(tx, edit)?;
    }
    if own_undone {
        tx.execute("DELETE FROM undo_history", [])?;
    }
    merge_kept(tx, choice)?;
    follow_present(tx, choice.party)?;
    follow_clock(tx)?;
    Ok(own_undone)
}

/// Merges the edits `choice` kept that are held here, in clock order,
/// each unless it is still apart from this copy's days.
fn merge_kept(tx: &Transaction<'_>, choice: &DaysChoice) -> Result<(), merge::Refused> {
    let mut held: Vec<(String, i64, Record)> = Vec::new();
    for edit in &choice.kept {
        let found = tx
            .query_row(
                "SELECT party, clock, label, seen, changeset, held FROM share_days
                 WHERE machine = ?1 AND seq = ?2 AND state = 'held' LIMIT 1",
                params![edit.machine, edit.seq],
                |row| {
                    let seen: String = row.get(3)?;
                    let held: String = row.get(5)?;
                    Ok((
                        row.get::<_, i64>(0)?,
                        Record {
                            seq: edit.seq,
                            clock: row.get(1)?,
                            schema: 0,
                            label: row.get(2)?,
                            choices: Vec::new(),
                            seen: serde_json::from_str(&seen).unwrap_or_default(),
                            held: serde_json::from_str(&held).unwrap_or_default(),
                            days: None,
                            changeset: row.get::<_, Option<Vec<u8>>>(4)?.unwrap_or_default(),
                        },
                    ))
                },
            )
            .optional()?;
        if let Some((party, record)) = found {
            held.push((edit.machine.clone(), party, record));
        }
    }
    held.sort_by(|a, b| (a.2.clock, &a.0, a.2.seq).cmp(&(b.2.clock, &b.0, b.2.seq)));
    for (machine, party, record) in held {
        let mut parties: Vec<i64> = steps_in(tx, &record.changeset)?
            .iter()
            .map(|step| step.party)
            .collect();
        parties.push(party);
        let mut apart = false;
        for party in &parties {
            apart |= played_apart(tx, &machine, &record, *party)?;
        }
        if apart {
            continue;
        }
        merge::merge(
            tx,
            &merge::From {
                machine: &machine,
                record: &record,
            },
        )?;
        tx.execute(
            "UPDATE share_days SET state = 'applied' WHERE machine = ?1 AND seq = ?2",
            params![machine, record.seq],
        )?;
        for party in parties {
            follow_present(tx, party)?;
        }
    }
    Ok(())
}

/// Sets `party`'s present to where its days kept here leave it: the end
/// of the latest day applied, or where its first day recorded began when
/// none is. Undoing days of two machines one under the other can leave a
/// present where neither's days would; the days kept decide it, the same
/// on every machine.
fn follow_present(tx: &Connection, party: i64) -> rusqlite::Result<()> {
    let latest: Option<(Option<i64>, Option<i64>)> = tx
        .query_row(
            "SELECT to_day, to_hour FROM share_days
             WHERE party = ?1 AND state = 'applied' AND (to_day IS NOT NULL OR to_hour IS NOT NULL)
             ORDER BY clock DESC, machine DESC, seq DESC LIMIT 1",
            [party],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()?;
    let present = match latest {
        Some(at) => Some(at),
        None => tx
            .query_row(
                "SELECT from_day, from_hour FROM share_days
                 WHERE party = ?1 AND (from_day IS NOT NULL OR from_hour IS NOT NULL)
                 ORDER BY clock, machine, seq LIMIT 1",
                [party],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?,
    };
    if let Some((day, hour)) = present {
        tx.execute(
            "UPDATE party SET now_day = COALESCE(?2, now_day), now_hour = COALESCE(?3, now_hour) WHERE id = ?1",
            params![party, day, hour],
        )?;
    }
    Ok(())
}

/// Sets the campaign's clock to the latest present of any party, as every
/// edit of a party's present leaves it (`world::present`), once other
/// machines' days are merged or undone here: each machine reaches the
/// same clock from the same presents, whatever order its days came in.
pub(crate) fn follow_clock(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE campaign SET (clock_day, clock_hour) =
             (SELECT now_day, now_hour FROM party ORDER BY now_day DESC, now_hour DESC LIMIT 1)
         WHERE EXISTS (SELECT 1 FROM party)
           AND (clock_day, clock_hour) IS NOT
               (SELECT now_day, now_hour FROM party ORDER BY now_day DESC, now_hour DESC LIMIT 1)",
        [],
    )?;
    Ok(())
}

/// A party's days played apart, as the GM is shown them: this copy's
/// and one other machine's (the one whose held days are oldest; a third
/// machine's wait their turn).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DaysApart {
    pub party: i64,
    pub party_name: String,
    /// The other machine, by id.
    pub machine: String,
    /// This copy's days since they went apart: edits, and the present.
    pub mine: Line,
    /// The other machine's days held here.
    pub theirs: Line,
}

/// One side's days of a party played apart.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Line {
    /// The machines whose days they are, by id.
    pub machines: Vec<String>,
    /// How many edits.
    pub edits: usize,
    /// The day they began from and the day they reach, when known.
    pub from_day: Option<i64>,
    pub to_day: Option<i64>,
    /// The last edit's label ("Booked day 11 of the trip").
    pub last: String,
    pub last_ms: i64,
}

/// Every party with days held here, with both sides.
pub(crate) fn apart(tx: &Connection, own: &str) -> rusqlite::Result<Vec<DaysApart>> {
    let parties: Vec<(i64, String)> = {
        let mut statement = tx.prepare(
            "SELECT DISTINCT d.party, COALESCE(p.name, '') FROM share_days d
             LEFT JOIN party p ON p.id = d.party WHERE d.state = 'held' ORDER BY d.party",
        )?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let mut found = Vec::with_capacity(parties.len());
    for (party, party_name) in parties {
        let Some(machine) = first_apart(tx, party)? else {
            continue;
        };
        let theirs = held(tx, party, &machine)?;
        let mut mine = line(tx, party, &apart_here(tx, own, party, &machine)?)?;
        mine.to_day = tx
            .query_row("SELECT now_day FROM party WHERE id = ?1", [party], |row| {
                row.get(0)
            })
            .optional()?;
        found.push(DaysApart {
            party,
            party_name,
            machine,
            mine,
            theirs: line(tx, party, &theirs)?,
        });
    }
    Ok(found)
}

/// What `edits` of `party`'s days come to.
fn line(tx: &Connection, party: i64, edits: &[EditOf]) -> rusqlite::Result<Line> {
    let mut found = Line {
        machines: Vec::new(),
        edits: edits.len(),
        from_day: None,
        to_day: None,
        last: String::new(),
        last_ms: 0,
    };
    for edit in edits {
        if !found.machines.contains(&edit.machine) {
            found.machines.push(edit.machine.clone());
        }
        let step: Option<(Option<i64>, Option<i64>, String, i64)> = tx
            .query_row(
                "SELECT from_day, to_day, label, clock FROM share_days
                 WHERE machine = ?1 AND seq = ?2 AND party = ?3",
                params![edit.machine, edit.seq, party],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
            )
            .optional()?;
        let Some((from_day, to_day, label, clock)) = step else {
            continue;
        };
        found.last = label;
        found.from_day = found.from_day.or(from_day);
        found.to_day = to_day.or(from_day).or(found.to_day);
        found.last_ms = found
            .last_ms
            .max(crate::sharing::clock::Clock(clock).millis());
    }
    Ok(found)
}
