//! The journey repository: the GM's plan as JSON, progress and log.

use super::sql_types::{from_json, to_json};
use crate::model::{ClockTime, Journey, JourneyId};
use rusqlite::{Connection, params};
use std::collections::BTreeMap;

pub fn put(conn: &Connection, j: &Journey) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO journey (id, name, party_id, start_day, start_hour, plan, played_hours, log, food_left, exhaustion_gained, food_opened)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, party_id = excluded.party_id,
           start_day = excluded.start_day, start_hour = excluded.start_hour, plan = excluded.plan,
           played_hours = excluded.played_hours, log = excluded.log, food_left = excluded.food_left,
           exhaustion_gained = excluded.exhaustion_gained, food_opened = excluded.food_opened",
    )?
    .execute(params![
        j.id,
        j.name,
        j.party,
        j.start.day,
        j.start.hour,
        to_json(&j.plan)?,
        j.played_hours,
        to_json(&j.log)?,
        to_json(&j.food_left)?,
        to_json(&j.exhaustion_gained)?,
        to_json(&j.food_opened)?
    ])?;
    Ok(())
}

pub fn delete(conn: &Connection, id: JourneyId) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM journey WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

pub fn load(conn: &Connection) -> rusqlite::Result<BTreeMap<JourneyId, Journey>> {
    let mut stmt = conn.prepare(
        "SELECT id, name, party_id, start_day, start_hour, plan, played_hours, log, food_left, exhaustion_gained, food_opened FROM journey",
    )?;
    let journeys = stmt.query_map([], |row| {
        Ok(Journey {
            id: row.get(0)?,
            name: row.get(1)?,
            party: row.get(2)?,
            start: ClockTime {
                day: row.get(3)?,
                hour: row.get(4)?,
            },
            plan: from_json(5, &row.get::<_, String>(5)?)?,
            played_hours: row.get(6)?,
            log: from_json(7, &row.get::<_, String>(7)?)?,
            food_left: from_json(8, &row.get::<_, String>(8)?)?,
            exhaustion_gained: from_json(9, &row.get::<_, String>(9)?)?,
            food_opened: from_json(10, &row.get::<_, String>(10)?)?,
        })
    })?;
    journeys.map(|j| j.map(|j| (j.id, j))).collect()
}
