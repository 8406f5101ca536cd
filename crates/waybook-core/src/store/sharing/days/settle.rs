//! The GM's choice of whose days a party keeps, settled here: the days
//! set aside (with those built on them) undone where they stand or never
//! merged, the days kept that were held merged, and each party's present
//! and the campaign's clock set where the days kept leave them.

use super::super::{merge, outbox, written};
use super::{Lived, aside_by, json, played_apart, steps_in};
use crate::sharing::journal::{DaysChoice, EditOf, Record};
use rusqlite::{Connection, OptionalExtension, Transaction, params};

/// The edits `choice` (the edit `by`) sets aside, with every day of its
/// party known here that lived on from one of them before its machine
/// saw it set aside: a day set aside takes the days built on it, so
/// crossing choices on several machines, one keeping a day whose base
/// another set aside, end with the same days everywhere.
fn set_aside_with_built_on(
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
                if edit.seq > outbox::seen_of(tx, &edit.machine)? {
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
pub(super) fn follow_present(tx: &Connection, party: i64) -> rusqlite::Result<()> {
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
