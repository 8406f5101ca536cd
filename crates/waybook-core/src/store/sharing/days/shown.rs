//! What the GM is shown of a party's days played apart: this copy's line
//! and the other machine's held here, each as edits, from day to day and
//! the last one.

use super::{Keys, Op};
use crate::sharing::journal::EditOf;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::{BTreeMap, BTreeSet};

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
