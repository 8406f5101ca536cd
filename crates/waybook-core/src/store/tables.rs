//! The repository of the GM's roll tables; rows are kept as JSON.

use super::sql_types::{from_json, to_json};
use crate::model::{TableDef, TableId};
use rusqlite::{Connection, params};
use std::collections::BTreeMap;

pub fn put(conn: &Connection, t: &TableDef) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO roll_table (id, name, dice, rows, suggested) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, dice = excluded.dice,
             rows = excluded.rows, suggested = excluded.suggested",
    )?
    .execute(params![
        t.id,
        t.name,
        t.dice,
        to_json(&t.rows)?,
        t.suggested
    ])?;
    Ok(())
}

pub fn delete(conn: &Connection, id: TableId) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM roll_table WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

pub fn load(conn: &Connection) -> rusqlite::Result<BTreeMap<TableId, TableDef>> {
    let mut stmt = conn.prepare("SELECT id, name, dice, rows, suggested FROM roll_table")?;
    let tables = stmt.query_map([], |row| {
        Ok(TableDef {
            id: row.get(0)?,
            name: row.get(1)?,
            dice: row.get(2)?,
            rows: from_json(3, &row.get::<_, String>(3)?)?,
            suggested: row.get(4)?,
        })
    })?;
    tables.map(|t| t.map(|t| (t.id, t))).collect()
}
