//! Another machine's edit merged here: its changeset applied with
//! SQLite's conflict handler, which keeps this copy's row wherever the
//! change does not apply as recorded; each such row is then merged field
//! by field ([`super::fields`]): a field only the other machine changed
//! takes its value, a field only this one changed keeps its own, and a
//! field both changed apart keeps this machine's value and becomes a
//! conflict for the GM to choose ([`settle`]). A record both machines
//! made apart under one key (a region's weather on a day), and a record
//! one deleted and the other changed, are kept or taken whole. A choice
//! the GM made on another machine settles the same field here
//! ([`apply_choice`]).

use super::super::changesets::{self, Conflict, ConflictKind, Op, Resolution};
use super::fields::{self, Columns, json_of, object_of, same};
use super::{owed, written};
use crate::sharing::clock::Clock;
use crate::sharing::journal::{Choice, Record};
use rusqlite::types::Value;
use rusqlite::{OptionalExtension, Transaction, params};
use serde_json::Value as Json;
use std::collections::BTreeMap;

/// Whose edit is being merged.
pub(crate) struct From<'a> {
    pub machine: &'a str,
    pub record: &'a Record,
}

/// Why a record could not be merged: the file refused it as a whole.
pub(crate) enum Refused {
    /// It names a record this copy no longer has (a foreign key).
    Missing,
    Sqlite(rusqlite::Error),
}

impl std::convert::From<rusqlite::Error> for Refused {
    fn from(e: rusqlite::Error) -> Self {
        Self::Sqlite(e)
    }
}

/// Merges one record of another machine into `tx`. A field this copy
/// wrote in an edit the other machine had not seen is kept as this
/// copy's and becomes a conflict, though the record found it as it
/// expected ([`written::apart`]).
pub(crate) fn merge(tx: &Transaction<'_>, from: &From<'_>) -> Result<(), Refused> {
    let changed = written::changed(tx, &from.record.changeset)?;
    let apart = written::apart(tx, from.machine, from.record, &changed)?;
    let mine = (apart.iter())
        .map(|f| fields::field_value(tx, &f.table, &f.key, &f.field))
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut met = Vec::new();
    if !from.record.changeset.is_empty() {
        let applied = changesets::apply(tx, &from.record.changeset, |conflict| {
            met.push(conflict.clone());
            Resolution::Keep
        });
        if let Err(e) = applied {
            return Err(match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::OperationAborted) => Refused::Missing,
                _ => Refused::Sqlite(e),
            });
        }
    }
    let agreed = agreed(tx, &met, &changed)?;
    for conflict in &met {
        settle(tx, conflict, from)?;
    }
    for (field, mine) in apart.iter().zip(&mine) {
        let now = fields::field_value(tx, &field.table, &field.key, &field.field)?;
        if now != *mine {
            fields::set_field(tx, &field.table, &field.key, &field.field, mine)?;
            keep_conflict(tx, &field.table, &field.key, &field.field, mine, &now, from)?;
        }
    }
    // Each field it changed that holds its value (not one kept as this
    // copy's in a conflict) was written by it: with this copy's writers
    // where it held that value already.
    for (at, field) in changed.iter().enumerate() {
        if fields::field_value(tx, &field.table, &field.key, &field.field)? != field.value {
            continue;
        }
        if agreed.contains(&at) {
            written::also_wrote(tx, field, from.machine, from.record.seq)?;
        } else {
            written::wrote(tx, field, from.machine, from.record.seq)?;
        }
    }
    let by = (Clock(from.record.clock), from.machine, from.record.seq);
    for choice in &from.record.choices {
        apply_choice(tx, choice, by)?;
    }
    Ok(())
}

/// Which of the `changed` fields (by place) this copy held already as
/// the merged edit wrote them, before it was merged: the handler met
/// each such row, as it was here.
fn agreed(
    tx: &Transaction<'_>,
    met: &[Conflict],
    changed: &[written::Field],
) -> rusqlite::Result<Vec<usize>> {
    let mut found = Vec::new();
    for conflict in met {
        let change = &conflict.change;
        if (conflict.kind, change.op) != (ConflictKind::Data, Op::Update) {
            continue;
        }
        let columns = Columns::of(tx, &change.table)?;
        let key = columns.key_of(&change.old);
        for (at, field) in changed.iter().enumerate() {
            if field.table == change.table
                && field.key == key
                && fields::value_in(&columns, &conflict.current, &field.field) == field.value
            {
                found.push(at);
            }
        }
    }
    Ok(found)
}

/// Merges a change the handler kept out, field by field.
fn settle(tx: &Transaction<'_>, conflict: &Conflict, from: &From<'_>) -> rusqlite::Result<()> {
    let change = &conflict.change;
    let columns = Columns::of(tx, &change.table)?;
    let table = change.table.as_str();
    let whole = |tx: &Transaction<'_>, mine: Json, theirs: Json, key: &str| {
        keep_conflict(tx, table, key, "", &mine, &theirs, from)
    };
    match (conflict.kind, change.op) {
        (ConflictKind::Data, Op::Update) => {
            let key = columns.key_of(&change.old);
            merge_fields(
                tx,
                &columns,
                table,
                &key,
                &change.old,
                &change.new,
                &conflict.current,
                Some(from),
            )
        }
        (ConflictKind::Conflict, _) => {
            // Made on both apart under one key (a region's weather on a
            // day): one record, a roll or a whole, so kept or taken whole.
            let key = columns.key_of(&change.new);
            let alike = (change.new.iter().zip(&conflict.current))
                .all(|(theirs, mine)| same(theirs.as_ref(), mine.as_ref()));
            if alike {
                return Ok(());
            }
            let mine = fields::row_json(&columns, Some(&conflict.current));
            whole(
                tx,
                mine,
                fields::row_json(&columns, Some(&change.new)),
                &key,
            )
        }
        (ConflictKind::Data, Op::Delete) => {
            // Deleted there, changed here: kept until the GM chooses.
            let key = columns.key_of(&change.old);
            let mine = fields::row_json(&columns, Some(&conflict.current));
            whole(tx, mine, Json::Null, &key)
        }
        (ConflictKind::NotFound, Op::Update) => {
            // Changed there, deleted here: what they changed is kept.
            let key = columns.key_of(&change.old);
            let mut theirs = serde_json::Map::new();
            for (name, value) in columns.names.iter().zip(&change.new) {
                if let Some(value) = value {
                    theirs.insert(name.clone(), json_of(Some(value)));
                }
            }
            whole(tx, Json::Null, Json::Object(theirs), &key)
        }
        (ConflictKind::Constraint, _) => {
            let values = if change.op == Op::Delete {
                &change.old
            } else {
                &change.new
            };
            let key = columns.key_of(values);
            let mine = fields::field_value(tx, table, &key, "")?;
            whole(tx, mine, fields::row_json(&columns, Some(values)), &key)
        }
        // Deleted on both: nothing to keep.
        _ => Ok(()),
    }
}

/// Undoes `changeset` (one of the days the GM set aside, `at` when)
/// where what it did still stands: a record it made goes, changed since
/// or not; a field it changed goes back unless changed since; a count
/// gives back what it took or takes back what it gave; a field the GM
/// chose later keeps the value chosen (every machine ends with the later
/// of the two, whichever came first). Nothing of it becomes a conflict.
pub(crate) fn undo(tx: &Transaction<'_>, changeset: &[u8], at: &ChosenAt) -> Result<(), Refused> {
    let chosen_later = chosen_after(tx, changeset, at)?;
    let inverse = changesets::invert(changeset)?;
    let mut met = Vec::new();
    let mut gone = Vec::new();
    let applied = changesets::apply(tx, &inverse, |conflict| {
        match (conflict.kind, conflict.change.op) {
            (ConflictKind::Data, Op::Delete) => Resolution::Take,
            (ConflictKind::Data, Op::Update) => {
                met.push(conflict.clone());
                Resolution::Keep
            }
            (ConflictKind::NotFound, Op::Update) => {
                gone.push(conflict.change.clone());
                Resolution::Keep
            }
            _ => Resolution::Keep,
        }
    });
    if let Err(e) = applied {
        return Err(match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::OperationAborted) => Refused::Missing,
            _ => Refused::Sqlite(e),
        });
    }
    for conflict in met {
        let change = &conflict.change;
        let columns = Columns::of(tx, &change.table)?;
        let key = columns.key_of(&change.old);
        merge_fields(
            tx,
            &columns,
            &change.table,
            &key,
            &change.old,
            &change.new,
            &conflict.current,
            None,
        )?;
    }
    for change in &gone {
        owed::owe_counts(tx, change)?;
    }
    owed::repay(tx, &inverse)?;
    for (table, key, field, value) in chosen_later {
        fields::set_field(tx, &table, &key, &field, &value)?;
    }
    Ok(())
}

/// The fields of the records `changeset` changes that the GM chose after
/// `at`, with their values here.
fn chosen_after(
    tx: &Transaction<'_>,
    changeset: &[u8],
    (clock, machine): &ChosenAt,
) -> rusqlite::Result<Vec<(String, String, String, Json)>> {
    let mut found = Vec::new();
    for change in changesets::changes(changeset)? {
        let columns = Columns::of(tx, &change.table)?;
        let key = columns.key_of_change(&change);
        let fields: Vec<String> = {
            let mut statement = tx.prepare_cached(
                "SELECT field FROM share_chosen WHERE tbl = ?1 AND row_key = ?2
                 AND (clock > ?3 OR (clock = ?3 AND machine > ?4))",
            )?;
            let rows = statement
                .query_map(params![change.table, key, clock.0, machine], |row| {
                    row.get(0)
                })?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        for field in fields {
            let value = fields::field_value(tx, &change.table, &key, &field)?;
            found.push((change.table.clone(), key.clone(), field, value));
        }
    }
    Ok(found)
}

/// Merges the changed columns of a row field by field; a field both
/// changed is a conflict of `from`'s, or when none (an undo) left as it
/// is here, covered until undoing what changed it uncovers it
/// ([`owed::cover`]).
#[allow(clippy::too_many_arguments)]
fn merge_fields(
    tx: &Transaction<'_>,
    columns: &Columns,
    table: &str,
    key: &str,
    old: &[Option<Value>],
    new: &[Option<Value>],
    current: &[Option<Value>],
    from: Option<&From<'_>>,
) -> rusqlite::Result<()> {
    let conflict = |field: &str, before: &Json, mine: &Json, theirs: &Json| match from {
        Some(from) => keep_conflict(tx, table, key, field, mine, theirs, from),
        None => owed::cover(tx, table, key, field, before, theirs),
    };
    let mut merged = current.to_vec();
    let sides = new.iter().zip(old).zip(merged.iter_mut()).enumerate();
    for (at, ((theirs, before), slot)) in sides {
        let Some(theirs) = theirs else { continue };
        let name = columns.names.get(at).map_or("", String::as_str);
        if columns.key.contains(&at) || follows_days(table, name) {
            continue;
        }
        let before = before.as_ref();
        let mine = current.get(at).and_then(Option::as_ref);
        let column_conflict = |mine: Option<&Value>, theirs: &Value| {
            conflict(
                name,
                &json_of(before),
                &json_of(mine),
                &json_of(Some(theirs)),
            )
        };
        match counted(name, before, mine, theirs) {
            Some(Some(sum)) => {
                *slot = Some(Value::Integer(sum));
                continue;
            }
            Some(None) => {
                column_conflict(mine, theirs)?;
                continue;
            }
            None => {}
        }
        if same(mine, Some(theirs)) {
            continue;
        }
        if same(mine, before) {
            *slot = Some(theirs.clone());
            continue;
        }
        if let (Some(mut object), Some(their_object)) = (object_of(mine), object_of(Some(theirs))) {
            let before = object_of(before).unwrap_or_default();
            let mut keys: Vec<&String> = before.keys().chain(their_object.keys()).collect();
            keys.sort();
            keys.dedup();
            let mut took = false;
            for inner in keys {
                let (b, t, m) = (
                    before.get(inner),
                    their_object.get(inner),
                    object.get(inner),
                );
                if t == b || t == m {
                    continue;
                }
                if m == b {
                    match t {
                        Some(t) => object.insert(inner.clone(), t.clone()),
                        None => object.remove(inner),
                    };
                    took = true;
                    continue;
                }
                let field = format!("{name}.{inner}");
                let [b, m, t] = [b, m, t].map(|v| v.cloned().unwrap_or(Json::Null));
                conflict(&field, &b, &m, &t)?;
            }
            if took {
                *slot = Some(Value::Text(Json::Object(object).to_string()));
            }
        } else {
            column_conflict(mine, theirs)?;
        }
    }
    fields::write_merged(tx, columns, table, key, current, &merged)
}

/// Whether a column follows the days kept rather than any one edit: a
/// party's present, where the latest of its days kept here leaves it
/// ([`super::days::follow_present`]), and the campaign's clock, the
/// latest present of any party ([`super::days::follow_clock`]). Set again
/// once an edit is merged, never a conflict: every machine that keeps
/// the same days reaches the same presents, whatever order they came in.
pub(crate) fn follows_days(table: &str, column: &str) -> bool {
    matches!(
        (table, column),
        ("campaign", "clock_day" | "clock_hour") | ("party", "now_day" | "now_hour")
    )
}

/// Whether a column counts (two machines' changes to it add up).
pub(crate) fn counts(column: &str) -> bool {
    COUNTERS.iter().any(|(counter, _)| *counter == column)
}

/// The columns that count (a stack's quantity, a party's coin and
/// Supplies), with the least each may hold: two machines' changes to one
/// add up (two took one each from a stack of five: three are left), as
/// long as what is left is allowed; otherwise they conflict.
const COUNTERS: &[(&str, i64)] = &[("quantity", 1), ("purse", 0), ("supplies", 0)];

/// The sum of both machines' changes to a counting column both changed
/// (none inside: less than it may hold); none when it is not that.
fn counted(
    name: &str,
    before: Option<&Value>,
    mine: Option<&Value>,
    theirs: &Value,
) -> Option<Option<i64>> {
    let (_, least) = COUNTERS.iter().find(|(counter, _)| *counter == name)?;
    let (Some(Value::Integer(before)), Some(Value::Integer(mine)), Value::Integer(theirs)) =
        (before, mine, theirs)
    else {
        return None;
    };
    if mine == before || theirs == before {
        return None;
    }
    let sum = theirs
        .checked_sub(*before)
        .and_then(|change| mine.checked_add(change));
    Some(sum.filter(|sum| sum >= least))
}

/// Keeps a field both machines changed as a conflict, this machine's
/// value in place; a later edit of the other machine's to the same field
/// is the one shown. Not when a choice made for the field had seen the
/// edit (it settled it).
fn keep_conflict(
    tx: &Transaction<'_>,
    table: &str,
    key: &str,
    field: &str,
    mine: &Json,
    theirs: &Json,
    from: &From<'_>,
) -> rusqlite::Result<()> {
    if chosen(tx, table, key, field)?.is_some_and(|(_, seen)| {
        seen.get(from.machine)
            .is_some_and(|&seq| seq >= from.record.seq)
    }) {
        return Ok(());
    }
    tx.execute(
        "DELETE FROM share_conflict WHERE tbl = ?1 AND row_key = ?2 AND field = ?3",
        params![table, key, field],
    )?;
    tx.execute(
        "INSERT INTO share_conflict (tbl, row_key, field, mine, theirs, machine, seq, clock, label)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            table,
            key,
            field,
            mine.to_string(),
            theirs.to_string(),
            from.machine,
            from.record.seq,
            from.record.clock,
            from.record.label
        ],
    )?;
    Ok(())
}

/// When a choice was made: its clock, and its machine (breaking a tie).
pub(crate) type ChosenAt = (Clock, String);

/// The latest choice made for the field: when, and the edits its chooser
/// had seen.
fn chosen(
    tx: &Transaction<'_>,
    table: &str,
    key: &str,
    field: &str,
) -> rusqlite::Result<Option<(ChosenAt, BTreeMap<String, i64>)>> {
    tx.query_row(
        "SELECT clock, machine, seen FROM share_chosen WHERE tbl = ?1 AND row_key = ?2 AND field = ?3",
        params![table, key, field],
        |row| {
            let seen: String = row.get(2)?;
            Ok((
                (Clock(row.get(0)?), row.get(1)?),
                serde_json::from_str(&seen).unwrap_or_default(),
            ))
        },
    )
    .optional()
}

/// Settles a field as a choice stamped `when` (its clock, and its
/// machine breaking a tie of clocks) says, unless a later choice settled
/// it here: the value set, the conflict gone, the choice kept.
pub(crate) fn apply_choice(
    tx: &Transaction<'_>,
    choice: &Choice,
    (clock, machine, seq): (Clock, &str, i64),
) -> rusqlite::Result<()> {
    let later = |(at, by): &ChosenAt| (*at, by.as_str()) >= (clock, machine);
    if chosen(tx, &choice.table, &choice.key, &choice.field)?.is_some_and(|(when, _)| later(&when))
    {
        return Ok(());
    }
    fields::set_field(tx, &choice.table, &choice.key, &choice.field, &choice.value)?;
    let field = written::Field {
        table: choice.table.clone(),
        key: choice.key.clone(),
        field: choice.field.clone(),
        value: choice.value.clone(),
    };
    written::wrote(tx, &field, machine, seq)?;
    tx.execute(
        "DELETE FROM share_conflict WHERE tbl = ?1 AND row_key = ?2 AND field = ?3",
        params![choice.table, choice.key, choice.field],
    )?;
    tx.execute(
        "INSERT INTO share_chosen (tbl, row_key, field, clock, machine, seen) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (tbl, row_key, field) DO UPDATE
         SET clock = excluded.clock, machine = excluded.machine, seen = excluded.seen",
        params![
            choice.table,
            choice.key,
            choice.field,
            clock.0,
            machine,
            serde_json::to_string(&choice.seen).unwrap_or_default()
        ],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::changesets::Recorder;
    use rusqlite::Connection;

    /// A stack of 14 and a trip's log, the tables of what undos owe, and
    /// the changeset of each of `edits` made on them in turn.
    fn campaign(edits: &[&str]) -> (Connection, Vec<Vec<u8>>) {
        let conn = Connection::open_in_memory().expect("in memory");
        conn.execute_batch(
            "CREATE TABLE holding (id INTEGER PRIMARY KEY, quantity INTEGER NOT NULL);
             CREATE TABLE journey (id INTEGER PRIMARY KEY, log TEXT NOT NULL);
             CREATE TABLE share_owed (tbl TEXT NOT NULL, row_key TEXT NOT NULL, col TEXT NOT NULL,
                                      delta INTEGER NOT NULL, PRIMARY KEY (tbl, row_key, col));
             CREATE TABLE share_covered (tbl TEXT NOT NULL, row_key TEXT NOT NULL, field TEXT NOT NULL,
                                         expect TEXT NOT NULL, value TEXT NOT NULL,
                                         PRIMARY KEY (tbl, row_key, field, expect));
             CREATE TABLE share_chosen (tbl TEXT NOT NULL, row_key TEXT NOT NULL, field TEXT NOT NULL,
                                        clock INTEGER NOT NULL, machine TEXT NOT NULL, seen TEXT);
             INSERT INTO holding VALUES (27, 14);
             INSERT INTO journey VALUES (2, 'Day 7');",
        )
        .expect("made");
        let recorded = edits
            .iter()
            .map(|sql| {
                let recorder = Recorder::on(&conn).expect("recording");
                conn.execute_batch(sql).expect("edited");
                recorder.changeset().expect("recorded")
            })
            .collect();
        (conn, recorded)
    }

    /// `days` undone in `order` in one transaction.
    fn undone(conn: &mut Connection, days: &[Vec<u8>], order: [usize; 2]) {
        let tx = conn.transaction().expect("a transaction");
        for at in order {
            let when = (Clock(1), "a".to_owned());
            assert!(undo(&tx, &days[at], &when).is_ok(), "undone");
        }
        tx.commit().expect("committed");
    }

    fn read<T: rusqlite::types::FromSql>(conn: &Connection, sql: &str) -> Option<T> {
        conn.query_row(sql, [], |row| row.get(0))
            .optional()
            .expect("read")
    }

    /// Two days that ate from a stack, the second to nothing, undone in
    /// either order: the stack is whole again either way, the first undo
    /// keeping what it owed the stack the second had removed.
    #[test]
    fn days_undone_in_any_order_give_a_stack_back_whole() {
        for order in [[0, 1], [1, 0]] {
            let (mut conn, days) = campaign(&[
                "UPDATE holding SET quantity = 10 WHERE id = 27",
                "DELETE FROM holding WHERE id = 27",
            ]);
            let quantity = |conn: &Connection| -> Option<i64> {
                read(conn, "SELECT quantity FROM holding WHERE id = 27")
            };
            assert_eq!(quantity(&conn), None, "eaten");
            undone(&mut conn, &days, order);
            assert_eq!(quantity(&conn), Some(14), "undone in the order {order:?}");
        }
    }

    /// Two days that each wrote on a trip's log, undone in either order
    /// (as crossing choices on two machines undo them): the log is as it
    /// was before both, the first undo covered by the second until that
    /// one is undone too.
    #[test]
    fn days_undone_in_any_order_give_a_log_back_as_it_was() {
        for order in [[0, 1], [1, 0]] {
            let (mut conn, days) = campaign(&[
                "UPDATE journey SET log = 'Day 7; Day 8' WHERE id = 2",
                "UPDATE journey SET log = 'Day 7; Day 8; Day 9' WHERE id = 2",
            ]);
            undone(&mut conn, &days, order);
            assert_eq!(
                read::<String>(&conn, "SELECT log FROM journey WHERE id = 2").as_deref(),
                Some("Day 7"),
                "undone in the order {order:?}"
            );
            assert_eq!(
                read::<i64>(&conn, "SELECT COUNT(*) FROM share_covered"),
                Some(0),
                "nothing left covered"
            );
        }
    }
}
