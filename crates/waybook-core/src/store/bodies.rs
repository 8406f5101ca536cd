//! The repository of the record kinds kept as one JSON body per row (those
//! `stored(body ...)` in the table of kinds: the map's places and paths,
//! the travel log, the merchant table, gathering sites and sessions,
//! missions, the campaign log, scenes, cults): nothing queries them by
//! column, so one `put`, `delete` and `load` serve them all.

use super::sql_types::{from_json, to_json};
use crate::model::Record;
use rusqlite::{Connection, params};
use serde::{Serialize, de::DeserializeOwned};
use std::collections::BTreeMap;

/// A record kind kept as JSON bodies in one table (`stored(body "table")`
/// in the table of kinds).
pub trait Body: Record + Serialize + DeserializeOwned {
    const TABLE: &'static str;
}

pub fn put<R: Body>(conn: &Connection, record: &R) -> rusqlite::Result<()> {
    let sql = format!(
        "INSERT INTO {} (id, body) VALUES (?1, ?2)
         ON CONFLICT (id) DO UPDATE SET body = excluded.body",
        R::TABLE
    );
    conn.prepare_cached(&sql)?
        .execute(params![R::key(record.id()), to_json(record)?])?;
    Ok(())
}

pub fn delete<R: Body>(conn: &Connection, id: R::Id) -> rusqlite::Result<()> {
    let sql = format!("DELETE FROM {} WHERE id = ?1", R::TABLE);
    conn.prepare_cached(&sql)?.execute([R::key(id)])?;
    Ok(())
}

/// Every record of the kind, by id.
pub fn load<R: Body>(conn: &Connection) -> rusqlite::Result<BTreeMap<R::Id, R>> {
    Ok(load_range::<R>(conn, i64::MIN..=i64::MAX)?
        .into_iter()
        .collect())
}

/// The records whose keys are in `keys`, in key order, each beside its id
/// (what a map is built from without moving them again).
pub fn load_range<R: Body>(
    conn: &Connection,
    keys: std::ops::RangeInclusive<i64>,
) -> rusqlite::Result<Vec<(R::Id, R)>> {
    let sql = format!(
        "SELECT body FROM {} WHERE id BETWEEN ?1 AND ?2 ORDER BY id",
        R::TABLE
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map([keys.start(), keys.end()], |row| {
        from_json::<R>(0, body(row)?)
    })?;
    rows.map(|r| r.map(|r| (r.id(), r))).collect()
}

/// The row's body as SQLite holds it, read in place (a ten-year log is
/// 150 MB of bodies: no copy of each).
fn body<'r>(row: &'r rusqlite::Row<'_>) -> rusqlite::Result<&'r str> {
    row.get_ref(0)?.as_str().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
    })
}
