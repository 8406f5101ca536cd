//! The character repository: one row per character plus its named stats and
//! lists in child tables.

use super::sql_types::choice_from_sql;
use crate::model::{
    Character, CharacterId, CompanionSheet, ExplorationSheet, NamedStat, Protection, RoleRanks,
    RoundsSheet, Skill, Track,
};
use rusqlite::{Connection, Row, params};
use std::collections::BTreeMap;

const COLUMNS: &str = "id, name, player, kind, party_id, notes,
    c_quality, c_defence, c_wounds, c_wounds_max, c_toughness, c_toughness_max, c_wild_dice, c_xp, c_drive,
    r_body, r_mind, r_spirit, r_hp, r_hp_max, r_mp, r_mp_max,
    r_striker, r_caster, r_healer, r_defender, r_support, r_saboteur,
    e_exhaustion, e_days_without_food, e_cold_immune, e_cold_resistant, e_cold_reduction,
    e_heat_immune, e_heat_resistant, e_heat_reduction, e_swim_speed, e_climb_speed,
    e_altitude_adapted, e_depth_adapted, e_starvation, c_advances";

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
    let (co, ro, ex) = (&c.companion, &c.rounds, &c.exploration);
    let placeholders = (1..=42)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let updates = COLUMNS
        .split(',')
        .map(str::trim)
        .filter(|col| *col != "id")
        .map(|col| format!("{col} = excluded.{col}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "INSERT INTO character ({COLUMNS}) VALUES ({placeholders}) ON CONFLICT (id) DO UPDATE SET {updates}"
    );
    conn.prepare_cached(&sql)?.execute(params![
        c.id,
        c.name,
        c.player,
        crate::model::Choice::key(c.kind),
        c.party,
        c.notes,
        co.quality,
        co.defence,
        co.wounds.current,
        co.wounds.max,
        co.toughness.current,
        co.toughness.max,
        co.wild_dice,
        co.xp,
        co.drive,
        ro.body,
        ro.mind,
        ro.spirit,
        ro.hp.current,
        ro.hp.max,
        ro.mp.current,
        ro.mp.max,
        ro.ranks.striker,
        ro.ranks.caster,
        ro.ranks.healer,
        ro.ranks.defender,
        ro.ranks.support,
        ro.ranks.saboteur,
        ex.exhaustion,
        ex.days_without_food,
        ex.cold.immune,
        ex.cold.resistant,
        ex.cold.reduction,
        ex.heat.immune,
        ex.heat.resistant,
        ex.heat.reduction,
        ex.swim_speed,
        ex.climb_speed,
        ex.altitude_adapted,
        ex.depth_adapted,
        ex.starvation,
        super::sql_types::to_json(&co.advances)?,
    ])?;
    conn.prepare_cached("DELETE FROM character_stat WHERE character_id = ?1")?
        .execute([c.id])?;
    conn.prepare_cached("DELETE FROM character_entry WHERE character_id = ?1")?
        .execute([c.id])?;
    let mut stat = conn.prepare_cached(
        "INSERT INTO character_stat (character_id, section, position, name, value, trained) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (i, s) in (0_i64..).zip(&co.stats) {
        stat.execute(params![c.id, "companion", i, s.name, s.value, false])?;
    }
    for (i, s) in (0_i64..).zip(&ex.traits) {
        stat.execute(params![c.id, "trait", i, s.name, s.value, false])?;
    }
    for (i, s) in (0_i64..).zip(&ex.skills) {
        stat.execute(params![c.id, "skill", i, s.name, s.value, s.trained])?;
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

fn from_row(row: &Row<'_>) -> rusqlite::Result<Character> {
    let track = |current: usize| -> rusqlite::Result<Track> {
        Ok(Track {
            current: row.get(current)?,
            max: row.get(current + 1)?,
        })
    };
    let protection = |at: usize| -> rusqlite::Result<Protection> {
        Ok(Protection {
            immune: row.get(at)?,
            resistant: row.get(at + 1)?,
            reduction: row.get(at + 2)?,
        })
    };
    Ok(Character {
        id: row.get(0)?,
        name: row.get(1)?,
        player: row.get(2)?,
        kind: choice_from_sql(row.get_ref(3)?).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(3, rusqlite::types::Type::Text, Box::new(e))
        })?,
        party: row.get(4)?,
        notes: row.get(5)?,
        companion: CompanionSheet {
            stats: Vec::new(),
            quality: row.get(6)?,
            defence: row.get(7)?,
            wounds: track(8)?,
            toughness: track(10)?,
            wild_dice: row.get(12)?,
            xp: row.get(13)?,
            powers: Vec::new(),
            talents: Vec::new(),
            injuries: Vec::new(),
            drive: row.get(14)?,
            advances: super::sql_types::from_json(41, &row.get::<_, String>(41)?)?,
        },
        rounds: RoundsSheet {
            body: row.get(15)?,
            mind: row.get(16)?,
            spirit: row.get(17)?,
            hp: track(18)?,
            mp: track(20)?,
            ranks: RoleRanks {
                striker: row.get(22)?,
                caster: row.get(23)?,
                healer: row.get(24)?,
                defender: row.get(25)?,
                support: row.get(26)?,
                saboteur: row.get(27)?,
            },
            injuries: Vec::new(),
            statuses: Vec::new(),
        },
        exploration: ExplorationSheet {
            traits: Vec::new(),
            skills: Vec::new(),
            exhaustion: row.get(28)?,
            days_without_food: row.get(29)?,
            cold: protection(30)?,
            heat: protection(33)?,
            swim_speed: row.get(36)?,
            climb_speed: row.get(37)?,
            altitude_adapted: row.get(38)?,
            depth_adapted: row.get(39)?,
            starvation: row.get(40)?,
        },
    })
}

/// Every character with its stats and lists, in three queries.
pub fn load(conn: &Connection) -> rusqlite::Result<BTreeMap<CharacterId, Character>> {
    let mut characters = BTreeMap::new();
    let mut stmt = conn.prepare(&format!("SELECT {COLUMNS} FROM character"))?;
    for c in stmt.query_map([], from_row)? {
        let c = c?;
        characters.insert(c.id, c);
    }
    let mut stmt = conn.prepare(
        "SELECT character_id, section, name, value, trained FROM character_stat ORDER BY character_id, section, position",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let Some(c) = characters.get_mut(&row.get::<_, CharacterId>(0)?) else {
            continue;
        };
        let section: String = row.get(1)?;
        let (name, value): (String, i64) = (row.get(2)?, row.get(3)?);
        match section.as_str() {
            "companion" => c.companion.stats.push(NamedStat { name, value }),
            "trait" => c.exploration.traits.push(NamedStat { name, value }),
            _ => c.exploration.skills.push(Skill {
                name,
                value,
                trained: row.get(4)?,
            }),
        }
    }
    let mut stmt = conn.prepare(
        "SELECT character_id, list, text FROM character_entry ORDER BY character_id, list, position",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let Some(c) = characters.get_mut(&row.get::<_, CharacterId>(0)?) else {
            continue;
        };
        let list: String = row.get(1)?;
        if let Some(target) = list_mut(c, &list) {
            target.push(row.get(2)?);
        }
    }
    Ok(characters)
}
