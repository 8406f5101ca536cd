//! The character repository: one row per character, its columns those of
//! the sheet's field tables (`model::sheet`), plus its named stats and
//! lists in child tables.

use super::sql_types::choice_from_sql;
use crate::model::{Character, CharacterId, NamedStat, Skill, Track, sheet};
use rusqlite::types::Value;
use rusqlite::{Connection, Row, params};
use std::collections::BTreeMap;

/// The columns of the `character` table that are not simple sheet fields,
/// first in every row.
const OWN_COLUMNS: [&str; 11] = [
    "id",
    "kind",
    "party_id",
    "player_id",
    "c_advances",
    "x_tools",
    "c_memories",
    "x_senses",
    "x_hazards",
    "notes_shown",
    "animal",
];

/// The advances column: records, or the free text files before schema 6 hold.
#[derive(serde::Deserialize)]
#[serde(transparent)]
struct StoredAdvances(
    #[serde(deserialize_with = "crate::model::advancement::advances_from_records_or_text")]
    Vec<crate::model::Advance>,
);

/// Every column of the `character` table: its own, then each sheet field's.
fn columns() -> Vec<&'static str> {
    let mut columns = OWN_COLUMNS.to_vec();
    for section in sheet::SECTIONS {
        columns.extend(section.numbers.iter().map(|f| f.column));
        columns.extend(section.tracks.iter().flat_map(|f| [f.column, f.max_column]));
        columns.extend(section.flags.iter().map(|f| f.column));
        columns.extend(section.texts.iter().map(|f| f.column));
        columns.extend(section.halves.iter().map(|f| f.column));
    }
    columns
}

/// A character's row: each column with its value, in [`columns`] order.
fn row_values(c: &Character) -> rusqlite::Result<Vec<Value>> {
    let mut values = vec![
        Value::Integer(c.id.0),
        Value::Text(crate::model::Choice::key(c.kind).to_owned()),
        c.party.map_or(Value::Null, |p| Value::Integer(p.0)),
        c.player.map_or(Value::Null, |p| Value::Integer(p.0)),
        Value::Text(super::sql_types::to_json(&c.companion.advances)?),
        Value::Text(super::sql_types::to_json(&c.exploration.tools)?),
        Value::Text(super::sql_types::to_json(&c.companion.memories)?),
        Value::Text(super::sql_types::to_json(&c.exploration.senses)?),
        Value::Text(super::sql_types::to_json(&c.exploration.hazards)?),
        Value::Text(super::sql_types::to_json(&c.notes_shown)?),
        match &c.animal {
            Some(animal) => Value::Text(super::sql_types::to_json(animal)?),
            None => Value::Null,
        },
    ];
    for section in sheet::SECTIONS {
        values.extend(section.numbers.iter().map(|f| Value::Integer((f.get)(c))));
        for f in section.tracks {
            let t = (f.get)(c);
            values.extend([Value::Integer(t.current), Value::Integer(t.max)]);
        }
        values.extend(
            section
                .flags
                .iter()
                .map(|f| Value::Integer((f.get)(c).into())),
        );
        values.extend(
            section
                .texts
                .iter()
                .map(|f| Value::Text((f.get)(c).to_owned())),
        );
        values.extend(section.halves.iter().map(|f| Value::Real((f.get)(c))));
    }
    Ok(values)
}

/// The statement that writes a character's row, built once from the tables.
fn upsert_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(|| {
        let columns = columns();
        let placeholders: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
        let updates: Vec<String> = columns
            .iter()
            .filter(|c| **c != "id")
            .map(|c| format!("{c} = excluded.{c}"))
            .collect();
        format!(
            "INSERT INTO character ({}) VALUES ({}) ON CONFLICT (id) DO UPDATE SET {}",
            columns.join(", "),
            placeholders.join(", "),
            updates.join(", ")
        )
    })
}

/// The lists kept in `character_entry`, by their stored name.
const LISTS: [&str; 5] = [
    "power",
    "talent",
    "companion-injury",
    "rounds-injury",
    "status",
];

fn list_mut<'a>(c: &'a mut Character, list: &str) -> Option<&'a mut Vec<String>> {
    match list {
        "power" => Some(&mut c.companion.powers),
        "talent" => Some(&mut c.companion.talents),
        "companion-injury" => Some(&mut c.companion.injuries),
        "rounds-injury" => Some(&mut c.rounds.injuries),
        "status" => Some(&mut c.rounds.statuses),
        _ => None,
    }
}

fn list_ref<'a>(c: &'a Character, list: &str) -> &'a [String] {
    match list {
        "power" => &c.companion.powers,
        "talent" => &c.companion.talents,
        "companion-injury" => &c.companion.injuries,
        "rounds-injury" => &c.rounds.injuries,
        _ => &c.rounds.statuses,
    }
}

/// Inserts or updates a character and replaces its stats and lists.
pub fn put(conn: &Connection, c: &Character) -> rusqlite::Result<()> {
    let (co, ex) = (&c.companion, &c.exploration);
    conn.prepare_cached(upsert_sql())?
        .execute(rusqlite::params_from_iter(row_values(c)?))?;
    conn.prepare_cached("DELETE FROM character_stat WHERE character_id = ?1")?
        .execute([c.id])?;
    conn.prepare_cached("DELETE FROM character_entry WHERE character_id = ?1")?
        .execute([c.id])?;
    let mut stat = conn.prepare_cached(
        "INSERT INTO character_stat (character_id, section, position, name, value, trained) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    let [companion, traits, skills] = STAT_SECTIONS;
    for (i, s) in (0_i64..).zip(&co.stats) {
        stat.execute(params![c.id, companion, i, s.name, s.value, false])?;
    }
    for (i, s) in (0_i64..).zip(&ex.traits) {
        stat.execute(params![c.id, traits, i, s.name, s.value, false])?;
    }
    for (i, s) in (0_i64..).zip(&ex.skills) {
        stat.execute(params![c.id, skills, i, s.name, s.value, false])?;
    }
    let mut entry = conn.prepare_cached(
        "INSERT INTO character_entry (character_id, list, position, text) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for list in LISTS {
        for (i, text) in (0_i64..).zip(list_ref(c, list)) {
            entry.execute(params![c.id, list, i, text])?;
        }
    }
    Ok(())
}

pub fn delete(conn: &Connection, id: CharacterId) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM character WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// A character from a row of [`columns`], read in that order (the sheet's
/// tables walked as [`columns`] walks them); its named stats and lists come
/// from their own tables.
fn from_row(row: &Row<'_>) -> rusqlite::Result<Character> {
    let kind = choice_from_sql(row.get_ref(1)?).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Text, Box::new(e))
    })?;
    let mut c = Character::without_named_stats(row.get(0)?, kind);
    c.party = row.get(2)?;
    c.player = row.get(3)?;
    // Each JSON column parsed where SQLite holds its text, never copied.
    let json = |at: usize| row.get_ref(at)?.as_str().map_err(rusqlite::Error::from);
    let advances: StoredAdvances = super::sql_types::from_json(4, json(4)?)?;
    c.companion.advances = advances.0;
    c.exploration.tools = super::sql_types::from_json(5, json(5)?)?;
    c.companion.memories = super::sql_types::from_json(6, json(6)?)?;
    c.exploration.senses = super::sql_types::from_json(7, json(7)?)?;
    c.exploration.hazards = super::sql_types::from_json(8, json(8)?)?;
    c.notes_shown = super::sql_types::from_json(9, json(9)?)?;
    c.animal = match row.get_ref(10)?.as_str_or_null()? {
        Some(text) => Some(super::sql_types::from_json(10, text)?),
        None => None,
    };
    let mut at = OWN_COLUMNS.len()..;
    let mut next = || at.next().unwrap_or_default();
    for section in sheet::SECTIONS {
        for f in section.numbers {
            (f.set)(&mut c, row.get(next())?);
        }
        for f in section.tracks {
            let (current, max) = (next(), next());
            let track = Track {
                current: row.get(current)?,
                max: row.get(max)?,
            };
            (f.set)(&mut c, track);
        }
        for f in section.flags {
            (f.set)(&mut c, row.get(next())?);
        }
        for f in section.texts {
            (f.set)(&mut c, row.get(next())?);
        }
        for f in section.halves {
            (f.set)(&mut c, row.get(next())?);
        }
    }
    Ok(c)
}

/// The sections of `character_stat`, in the order [`put`] writes them.
const STAT_SECTIONS: [&str; 3] = ["companion", "trait", "skill"];

/// Where a stat or list entry goes: its character, its section or list (by
/// its place in [`STAT_SECTIONS`] or [`LISTS`]), and its position in it.
type Place = (CharacterId, usize, i64);

/// The rows of `sql` (a character, a section or list named in `names`, a
/// position, then what `rest` reads) in the order of their place; rows of a
/// section or list this build does not know are left out. Read in the
/// table's own order and sorted here: ordered by SQLite, each of hundreds of
/// thousands of rows is a lookup of its own. They are usually in order
/// already, as [`put`] writes them, and then the sort only looks.
fn in_place_order<T>(
    conn: &Connection,
    sql: &str,
    names: &[&str],
    rest: impl Fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> rusqlite::Result<Vec<(Place, T)>> {
    let mut stmt = conn.prepare(sql)?;
    let mut rows = Vec::new();
    let mut query = stmt.query([])?;
    while let Some(row) = query.next()? {
        let name = row.get_ref(1)?.as_str()?;
        let Some(index) = names.iter().position(|n| *n == name) else {
            continue;
        };
        rows.push(((row.get(0)?, index, row.get(2)?), rest(row)?));
    }
    if !rows.is_sorted_by(|a, b| a.0 <= b.0) {
        rows.sort_by_key(|row| row.0);
    }
    Ok(rows)
}

/// Hands each row to its character, walking both in order of id (rows of a
/// character that is not there are left out).
fn attach<T>(
    characters: &mut BTreeMap<CharacterId, Character>,
    rows: Vec<(Place, T)>,
    mut put: impl FnMut(&mut Character, usize, T),
) {
    let mut cursor = characters.iter_mut().peekable();
    for ((id, index, _), value) in rows {
        while cursor.next_if(|(k, _)| **k < id).is_some() {}
        if let Some((k, c)) = cursor.peek_mut()
            && **k == id
        {
            put(c, index, value);
        }
    }
}

/// Every character with its stats and lists, in three queries.
pub fn load(conn: &Connection) -> rusqlite::Result<BTreeMap<CharacterId, Character>> {
    let mut characters = load_rows(conn)?;
    load_lists(conn)?.hand_to(&mut characters);
    Ok(characters)
}

/// Every character's row, its named stats and lists still empty: read
/// beside [`load_lists`] on a connection of its own when opening.
pub fn load_rows(conn: &Connection) -> rusqlite::Result<BTreeMap<CharacterId, Character>> {
    let mut stmt = conn.prepare(&format!("SELECT {} FROM character", columns().join(", ")))?;
    let rows = stmt.query_map([], from_row)?;
    // In order of id already (the table's own order), so built in one pass.
    rows.map(|c| c.map(|c| (c.id, c))).collect()
}

/// Every character's named stats and lists, read apart from their rows.
pub struct Lists {
    stats: Vec<(Place, NamedStat)>,
    entries: Vec<(Place, String)>,
}

/// The stats and lists of every character, in two queries.
pub fn load_lists(conn: &Connection) -> rusqlite::Result<Lists> {
    Ok(Lists {
        stats: in_place_order(
            conn,
            "SELECT character_id, section, position, name, value FROM character_stat",
            &STAT_SECTIONS,
            |row| {
                Ok(NamedStat {
                    name: row.get(3)?,
                    value: row.get(4)?,
                })
            },
        )?,
        entries: in_place_order(
            conn,
            "SELECT character_id, list, position, text FROM character_entry",
            &LISTS,
            |row| row.get::<_, String>(3),
        )?,
    })
}

impl Lists {
    /// Hands each stat and entry to its character, as [`load_rows`] read
    /// it (with no named stats yet).
    pub fn hand_to(self, characters: &mut BTreeMap<CharacterId, Character>) {
        attach(
            characters,
            self.stats,
            |c, section, stat| match STAT_SECTIONS.get(section).copied() {
                Some("companion") => c.companion.stats.push(stat),
                Some("trait") => c.exploration.traits.push(stat),
                _ => c.exploration.skills.push(Skill {
                    name: stat.name,
                    value: stat.value,
                }),
            },
        );
        attach(characters, self.entries, |c, list, text| {
            if let Some(target) = LISTS.get(list).and_then(|&list| list_mut(c, list)) {
                target.push(text);
            }
        });
    }
}
