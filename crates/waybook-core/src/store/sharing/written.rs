//! Who wrote the value each field of this copy holds (`share_written`):
//! the machine and edit, this machine's own or merged, and each other
//! machine's edit that wrote the same value apart. SQLite's conflict handler sees
//! a change only where the row is not as the change found it; a field
//! this copy changed and changed back, or set as the other machine's edit
//! found it, while that machine changed it apart, would take the other's
//! value silently on one machine and keep its own on the other. An edit
//! whose machine had not seen one of the writes of a field's value it
//! changes was made apart from it: that field is a conflict, whatever its
//! value ([`apart`]).

use super::super::changesets::{self, Op};
use super::fields::{Columns, json_of, object_of};
use crate::sharing::journal::{EditOf, Record};
use rusqlite::{Connection, params};
use serde_json::Value as Json;
use std::collections::BTreeMap;

/// A field of a record: its table, its key (JSON) and its name (`notes`,
/// `body.name`), with the value an edit gave it.
pub(crate) struct Field {
    pub table: String,
    pub key: String,
    pub field: String,
    pub value: Json,
}

/// The fields the updates of `changeset` change: each column given a new
/// value, and inside a column holding a JSON object each key whose value
/// changed. Counting columns and the campaign's clock are left out: they
/// merge by what they count, or follow the parties.
pub(crate) fn changed(conn: &Connection, changeset: &[u8]) -> rusqlite::Result<Vec<Field>> {
    let mut columns: BTreeMap<String, Columns> = BTreeMap::new();
    let mut found = Vec::new();
    for change in changesets::changes(changeset)? {
        if change.op != Op::Update {
            continue;
        }
        if !columns.contains_key(&change.table) {
            columns.insert(change.table.clone(), Columns::of(conn, &change.table)?);
        }
        let Some(table) = columns.get(&change.table) else {
            continue;
        };
        let key = table.key_of(&change.old);
        for (at, new) in change.new.iter().enumerate() {
            let Some(new) = new else { continue };
            let name = table.names.get(at).map_or("", String::as_str);
            if table.key.contains(&at) || !merged_as_written(&change.table, name) {
                continue;
            }
            let old = change.old.get(at).and_then(Option::as_ref);
            let field = |field: String, value: Json| Field {
                table: change.table.clone(),
                key: key.clone(),
                field,
                value,
            };
            match (object_of(old), object_of(Some(new))) {
                (Some(before), Some(after)) => {
                    let mut keys: Vec<&String> = before.keys().chain(after.keys()).collect();
                    keys.sort();
                    keys.dedup();
                    for inner in keys {
                        if before.get(inner) != after.get(inner) {
                            let value = after.get(inner).cloned().unwrap_or(Json::Null);
                            found.push(field(format!("{name}.{inner}"), value));
                        }
                    }
                }
                _ => found.push(field(name.to_owned(), json_of(Some(new)))),
            }
        }
    }
    Ok(found)
}

/// Whether a column merges as the last write: not a count, not a
/// party's present or the clock (they follow the days kept).
fn merged_as_written(table: &str, column: &str) -> bool {
    !super::merge::counts(column) && !super::merge::follows_days(table, column)
}

/// Notes `machine`'s edit `seq` as the one writer of `field`'s value.
pub(crate) fn wrote(
    conn: &Connection,
    field: &Field,
    machine: &str,
    seq: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "DELETE FROM share_written WHERE tbl = ?1 AND row_key = ?2 AND field = ?3",
    )?
    .execute(params![field.table, field.key, field.field])?;
    also_wrote(conn, field, machine, seq)
}

/// Notes `machine`'s edit `seq` as a writer of the value `field` already
/// held here (written apart on two machines alike): an edit that had not
/// seen either write changed it apart.
pub(crate) fn also_wrote(
    conn: &Connection,
    field: &Field,
    machine: &str,
    seq: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO share_written (tbl, row_key, field, machine, seq) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (tbl, row_key, field, machine) DO UPDATE SET seq = MAX(seq, excluded.seq)",
    )?
    .execute(params![field.table, field.key, field.field, machine, seq])?;
    Ok(())
}

/// Forgets what `edit` wrote, undone here (days the GM set aside).
pub(crate) fn forget(conn: &Connection, edit: &EditOf) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM share_written WHERE machine = ?1 AND seq = ?2",
        params![edit.machine, edit.seq],
    )?;
    Ok(())
}

/// Of the `fields` `record` of `machine` changes ([`changed`]), those
/// whose value here one edit that machine had not seen wrote: changed
/// apart, each a conflict.
pub(crate) fn apart<'f>(
    conn: &Connection,
    machine: &str,
    record: &Record,
    fields: &'f [Field],
) -> rusqlite::Result<Vec<&'f Field>> {
    let mut found = Vec::new();
    let mut writers = conn.prepare_cached(
        "SELECT machine, seq FROM share_written WHERE tbl = ?1 AND row_key = ?2 AND field = ?3",
    )?;
    for field in fields {
        let rows = writers.query_map(params![field.table, field.key, field.field], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
        })?;
        let mut unseen = false;
        for writer in rows {
            let (by, seq) = writer?;
            unseen |= by != machine && record.seen.get(&by).copied().unwrap_or(0) < seq;
        }
        if unseen {
            found.push(field);
        }
    }
    Ok(found)
}
