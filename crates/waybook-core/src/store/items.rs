//! The item catalogue and holdings repository.

use super::sql_types::choice_from_sql;
use crate::model::{Choice, Holder, Holding, HoldingId, Item, ItemId};
use rusqlite::types::Type;
use rusqlite::{Connection, Row, params};
use std::collections::BTreeMap;

pub fn put_item(conn: &Connection, i: &Item) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO item (id, name, category, food_units, weight, quality, material, tool_kind, notes, bonus, suggested, fodder)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, category = excluded.category,
           food_units = excluded.food_units, weight = excluded.weight, quality = excluded.quality,
           material = excluded.material, tool_kind = excluded.tool_kind, notes = excluded.notes,
           bonus = excluded.bonus, suggested = excluded.suggested, fodder = excluded.fodder",
    )?
    .execute(params![
        i.id,
        i.name,
        i.category.key(),
        i.food_units,
        i.weight,
        i.quality.map(Choice::key),
        i.material.map(Choice::key),
        i.tool_kind.map(Choice::key),
        i.notes,
        i.bonus,
        i.suggested,
        i.fodder,
    ])?;
    Ok(())
}

pub fn delete_item(conn: &Connection, id: ItemId) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM item WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

fn choice_at<C: Choice>(row: &Row<'_>, at: usize) -> rusqlite::Result<C> {
    choice_from_sql(row.get_ref(at)?)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(at, Type::Text, Box::new(e)))
}

fn optional_choice_at<C: Choice>(row: &Row<'_>, at: usize) -> rusqlite::Result<Option<C>> {
    match row.get_ref(at)? {
        rusqlite::types::ValueRef::Null => Ok(None),
        _ => choice_at(row, at).map(Some),
    }
}

pub fn load_items(conn: &Connection) -> rusqlite::Result<BTreeMap<ItemId, Item>> {
    let mut stmt = conn.prepare(
        "SELECT id, name, category, food_units, weight, quality, material, tool_kind, notes, bonus, suggested, fodder FROM item",
    )?;
    let items = stmt.query_map([], |row| {
        Ok(Item {
            id: row.get(0)?,
            name: row.get(1)?,
            category: choice_at(row, 2)?,
            food_units: row.get(3)?,
            weight: row.get(4)?,
            quality: optional_choice_at(row, 5)?,
            material: optional_choice_at(row, 6)?,
            tool_kind: optional_choice_at(row, 7)?,
            notes: row.get(8)?,
            bonus: row.get(9)?,
            suggested: row.get(10)?,
            fodder: row.get(11)?,
        })
    })?;
    items.map(|i| i.map(|i| (i.id, i))).collect()
}

pub fn put_holding(conn: &Connection, h: &Holding) -> rusqlite::Result<()> {
    let (character, party, vehicle) = match h.holder {
        Holder::Character(c) => (Some(c), None, None),
        Holder::Stash(p) => (None, Some(p), None),
        Holder::Vehicle(v) => (None, None, Some(v)),
    };
    conn.prepare_cached(
        "INSERT INTO holding (id, item_id, character_id, party_id, vehicle_id, quantity, origin)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (id) DO UPDATE SET item_id = excluded.item_id, character_id = excluded.character_id,
           party_id = excluded.party_id, vehicle_id = excluded.vehicle_id,
           quantity = excluded.quantity, origin = excluded.origin",
    )?
    .execute(params![h.id, h.item, character, party, vehicle, h.quantity, h.origin])?;
    Ok(())
}

pub fn delete_holding(conn: &Connection, id: HoldingId) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM holding WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

pub fn load_holdings(conn: &Connection) -> rusqlite::Result<BTreeMap<HoldingId, Holding>> {
    let mut stmt = conn.prepare(
        "SELECT id, item_id, character_id, party_id, quantity, origin, vehicle_id FROM holding",
    )?;
    let holdings = stmt.query_map([], |row| {
        let holder = match (row.get(2)?, row.get(3)?, row.get(6)?) {
            (Some(c), _, _) => Holder::Character(c),
            (None, Some(p), _) => Holder::Stash(p),
            (None, None, Some(v)) => Holder::Vehicle(v),
            (None, None, None) => {
                return Err(rusqlite::Error::InvalidColumnType(
                    2,
                    "holder".into(),
                    Type::Null,
                ));
            }
        };
        Ok(Holding {
            id: row.get(0)?,
            item: row.get(1)?,
            holder,
            quantity: row.get(4)?,
            origin: row.get(5)?,
        })
    })?;
    holdings.map(|h| h.map(|h| (h.id, h))).collect()
}
