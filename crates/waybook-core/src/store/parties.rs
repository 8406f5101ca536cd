//! The party repository and the campaign settings row.

use super::sql_types::{from_json, to_json};
use crate::model::calendar::Calendar;
use crate::model::{Party, PartyId, Settings, TableId};
use rusqlite::{Connection, params};
use std::collections::BTreeMap;

pub fn put(conn: &Connection, p: &Party) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO party (id, name, supplies, notes, purse, currency, travel, now_day, now_hour)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, supplies = excluded.supplies,
         notes = excluded.notes, purse = excluded.purse, currency = excluded.currency,
         travel = excluded.travel, now_day = excluded.now_day, now_hour = excluded.now_hour",
    )?
    .execute(params![
        p.id,
        p.name,
        p.supplies,
        p.notes,
        p.purse,
        p.currency,
        to_json(&p.travel)?,
        p.now.day,
        p.now.hour
    ])?;
    Ok(())
}

pub fn delete(conn: &Connection, id: PartyId) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM party WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

pub fn load(conn: &Connection) -> rusqlite::Result<BTreeMap<PartyId, Party>> {
    let mut stmt = conn.prepare(
        "SELECT id, name, supplies, notes, purse, currency, travel, now_day, now_hour FROM party",
    )?;
    let parties = stmt.query_map([], |row| {
        Ok(Party {
            id: row.get(0)?,
            name: row.get(1)?,
            supplies: row.get(2)?,
            notes: row.get(3)?,
            purse: row.get(4)?,
            currency: row.get(5)?,
            travel: from_json(6, &row.get::<_, String>(6)?)?,
            now: crate::model::ClockTime {
                day: row.get(7)?,
                hour: row.get(8)?,
            },
        })
    })?;
    parties.map(|p| p.map(|p| (p.id, p))).collect()
}

pub fn load_settings(conn: &Connection) -> rusqlite::Result<Settings> {
    conn.query_row(
        "SELECT name, rules_companion, rules_rounds, rules_exploration, day_hours, long_rest_degrees, clock_day, clock_hour,
         weather_table, gather_table, track_food, food_drink_apart, calendar, house_rules
         FROM campaign WHERE id = 1",
        [],
        |row| {
            Ok(Settings {
                name: row.get(0)?,
                companion: row.get(1)?,
                rounds: row.get(2)?,
                exploration: row.get(3)?,
                day_hours: row.get(4)?,
                long_rest_degrees: row.get(5)?,
                clock: crate::model::ClockTime { day: row.get(6)?, hour: row.get(7)? },
                weather_table: row.get::<_, Option<TableId>>(8)?,
                gather_table: row.get::<_, Option<TableId>>(9)?,
                track_food: row.get(10)?,
                food_and_drink_apart: row.get(11)?,
                calendar: match row.get::<_, Option<String>>(12)? {
                    Some(json) => checked_calendar(&json)?,
                    None => Box::new(Calendar::gregorian()),
                },
                house_rules: match row.get::<_, Option<String>>(13)? {
                    Some(json) => from_json(13, &json)?,
                    None => Box::default(),
                },
            })
        },
    )
}

/// The stored calendar, refused as damage when it cannot name its days
/// (it is checked before every edit, so only a damaged file holds one).
fn checked_calendar(json: &str) -> rusqlite::Result<Box<Calendar>> {
    let calendar: Box<Calendar> = from_json(12, json)?;
    calendar.check().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(12, rusqlite::types::Type::Text, Box::new(e))
    })?;
    Ok(calendar)
}

pub fn save_settings(conn: &Connection, s: &Settings) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE campaign SET name = ?1, rules_companion = ?2, rules_rounds = ?3, rules_exploration = ?4,
         day_hours = ?5, long_rest_degrees = ?6, clock_day = ?7, clock_hour = ?8,
         weather_table = ?9, gather_table = ?10, track_food = ?11,
         food_drink_apart = ?12, calendar = ?13, house_rules = ?14 WHERE id = 1",
        params![
            s.name,
            s.companion,
            s.rounds,
            s.exploration,
            s.day_hours,
            s.long_rest_degrees,
            s.clock.day,
            s.clock.hour,
            s.weather_table,
            s.gather_table,
            s.track_food,
            s.food_and_drink_apart,
            to_json(&s.calendar)?,
            to_json(&s.house_rules)?
        ],
    )?;
    Ok(())
}
