//! What undoing a day the GM set aside could not put back at once,
//! because a later edit stood on it: the counts of a row that edit
//! removed (a stack eaten to nothing, `share_owed`), and a field that
//! edit changed since (a trip's log written on by the next day,
//! `share_covered`). Each is put back when undoing that later edit too
//! uncovers it, so days undone in any order, as crossing choices on
//! several machines undo them, leave every copy the same.

use super::super::changesets::{self, Change, Op};
use super::fields::{self, Columns};
use super::merge;
use rusqlite::types::Value;
use rusqlite::{Transaction, params};
use serde_json::Value as Json;

/// Keeps what an undo would have given back to (or taken from) the
/// counts of a row a later edit removed, owed to the row until an undo
/// puts it back.
pub(crate) fn owe_counts(tx: &Transaction<'_>, change: &Change) -> rusqlite::Result<()> {
    let columns = Columns::of(tx, &change.table)?;
    let key = columns.key_of(&change.old);
    for (at, (old, new)) in change.old.iter().zip(&change.new).enumerate() {
        let name = columns.names.get(at).map_or("", String::as_str);
        let (Some(Value::Integer(old)), Some(Value::Integer(new))) = (old, new) else {
            continue;
        };
        if merge::counts(name) && new != old {
            tx.execute(
                "INSERT INTO share_owed (tbl, row_key, col, delta) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (tbl, row_key, col) DO UPDATE SET delta = delta + excluded.delta",
                params![change.table, key, name, new - old],
            )?;
        }
    }
    Ok(())
}

/// Keeps a field an undo could not put back to `value` (it no longer
/// held `expect`, the undone edit's value): put back once it does.
pub(crate) fn cover(
    tx: &Transaction<'_>,
    table: &str,
    key: &str,
    field: &str,
    expect: &Json,
    value: &Json,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR REPLACE INTO share_covered (tbl, row_key, field, expect, value)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![table, key, field, expect.to_string(), value.to_string()],
    )?;
    Ok(())
}

/// Gives each row `inverse` (an undo, just applied) put back what undos
/// owed its counts, and each field it uncovered its value: in turn, as
/// long as one more is uncovered.
pub(crate) fn repay(tx: &Transaction<'_>, inverse: &[u8]) -> rusqlite::Result<()> {
    for change in changesets::changes(inverse)? {
        let columns = Columns::of(tx, &change.table)?;
        if change.op == Op::Delete {
            continue;
        }
        let key = columns.key_of_change(&change);
        if change.op == Op::Insert {
            repay_counts(tx, &change.table, &key)?;
        }
        uncover(tx, &change.table, &key)?;
    }
    Ok(())
}

fn repay_counts(tx: &Transaction<'_>, table: &str, key: &str) -> rusqlite::Result<()> {
    let owed: Vec<(String, i64)> = {
        let mut statement =
            tx.prepare_cached("SELECT col, delta FROM share_owed WHERE tbl = ?1 AND row_key = ?2")?;
        let rows =
            statement.query_map(params![table, key], |row| Ok((row.get(0)?, row.get(1)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    for (column, delta) in owed {
        let now = fields::field_value(tx, table, key, &column)?;
        if let Some(now) = now.as_i64() {
            fields::set_field(tx, table, key, &column, &Json::from(now + delta))?;
        }
    }
    tx.execute(
        "DELETE FROM share_owed WHERE tbl = ?1 AND row_key = ?2",
        params![table, key],
    )?;
    Ok(())
}

/// Puts back each covered field of the row that holds what its undo
/// expected, until none does.
fn uncover(tx: &Transaction<'_>, table: &str, key: &str) -> rusqlite::Result<()> {
    loop {
        let covered: Vec<(String, String, String)> = {
            let mut statement = tx.prepare_cached(
                "SELECT field, expect, value FROM share_covered WHERE tbl = ?1 AND row_key = ?2",
            )?;
            let rows = statement.query_map(params![table, key], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?))
            })?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        let json = |text: &str| serde_json::from_str::<Json>(text).unwrap_or(Json::Null);
        let mut uncovered = None;
        for (field, expect, value) in covered {
            if fields::field_value(tx, table, key, &field)? == json(&expect) {
                uncovered = Some((field, expect, value));
                break;
            }
        }
        let Some((field, expect, value)) = uncovered else {
            return Ok(());
        };
        fields::set_field(tx, table, key, &field, &json(&value))?;
        tx.execute(
            "DELETE FROM share_covered WHERE tbl = ?1 AND row_key = ?2 AND field = ?3 AND expect = ?4",
            params![table, key, field, expect],
        )?;
    }
}
