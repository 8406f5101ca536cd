//! The repository of the record kinds kept as one JSON body per row (the
//! map's places and paths, the travel log, the merchant table, gathering
//! sites and sessions, missions, the campaign log, scenes): nothing
//! queries them by column, so one `put`, `delete` and `load` serve them all.

use super::sql_types::{from_json, to_json};
use crate::model::Record;
use rusqlite::{Connection, params};
use serde::{Serialize, de::DeserializeOwned};
use std::collections::BTreeMap;

/// A record kind kept as JSON bodies in one table.
pub trait Body: Record + Serialize + DeserializeOwned {
    const TABLE: &'static str;
    fn key(id: Self::Id) -> i64;
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

pub fn load<R: Body>(conn: &Connection) -> rusqlite::Result<BTreeMap<R::Id, R>> {
    let mut stmt = conn.prepare(&format!("SELECT body FROM {} ORDER BY id", R::TABLE))?;
    let rows = stmt.query_map([], |row| from_json::<R>(0, &row.get::<_, String>(0)?))?;
    rows.map(|r| r.map(|r| (r.id(), r))).collect()
}

macro_rules! body {
    ($($ty:ty => $table:literal),* $(,)?) => {$(
        impl Body for $ty {
            const TABLE: &'static str = $table;
            fn key(id: Self::Id) -> i64 {
                id.0
            }
        }
    )*};
}

body!(
    crate::model::Place => "place",
    crate::model::MapPath => "map_path",
    crate::model::TravelRound => "travel_round",
    crate::model::Ware => "ware",
    crate::model::Site => "gathering_site",
    crate::model::GatheringSession => "gathering_session",
    crate::model::Mission => "mission",
    crate::model::LogEntry => "log_entry",
    crate::model::Scene => "scene",
    crate::model::Cult => "cult",
);
