//! `waybook heroes`: each character's level, XP, advances owed and taken,
//! and the Traveller's memories. Read-only.

use serde_json::{Value, json};
use std::io::Write;
use std::path::Path;
use waybook_core::model::{CampaignData, Character, CharacterKind, Choice};
use waybook_core::store::Campaign;
use waybook_rules::companion::advance::{level_for_xp, next_level_xp};

fn hero_json(data: &CampaignData, c: &Character) -> Value {
    let traveller = c.kind == CharacterKind::Traveller;
    let xp = u32::try_from(c.companion.xp).unwrap_or(0);
    // "The Traveller never levels up", and allies are not heroes: no level.
    let level = waybook_core::heroes::level(c);
    let next = level.and_then(|_| next_level_xp(level_for_xp(xp)));
    let mut hero = json!({
        "name": c.name,
        "kind": c.kind.key(),
        "level": level,
        "xp": c.companion.xp,
        "next_level_xp": next,
        "advances_owed": waybook_core::heroes::owed(c),
        // By level, as the sheet lists them.
        "advances": c.companion.advances_by_level().iter().map(|(_, a)| json!({
            "level": a.level,
            "kind": a.kind.key(),
            "what": a.what,
        })).collect::<Vec<_>>(),
        "injuries": c.companion.injuries,
        "ledger": waybook_core::heroes::ledger(data, c.id).iter().map(|(m, a)| json!({
            "mission": m.name,
            "day": m.at.day,
            "hour": m.at.hour,
            "xp": a.xp,
            "reasons": a.reasons,
            "down": a.down,
            "injury": a.injury,
        })).collect::<Vec<_>>(),
    });
    if traveller {
        hero["memories"] = c
            .companion
            .memories
            .iter()
            .map(|m| {
                json!({
                    "text": m.text,
                    "mission": m.mission.and_then(|id| data.missions.get(&id)).map(|m| m.name.clone()),
                })
            })
            .collect();
    }
    hero
}

/// The heroes, the Traveller and the allies: not the GM's NPCs, nor animals.
fn listed(c: &Character) -> bool {
    !matches!(c.kind, CharacterKind::Npc | CharacterKind::Animal)
}

pub fn heroes_json(data: &CampaignData) -> Value {
    data.characters
        .values()
        .filter(|c| listed(c))
        .map(|c| hero_json(data, c))
        .collect()
}

pub fn heroes(file: &Path, as_json: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(file)?.load()?;
    if as_json {
        serde_json::to_writer_pretty(&mut *out, &heroes_json(&data))?;
        writeln!(out)?;
        return Ok(());
    }
    for c in data.characters.values().filter(|c| listed(c)) {
        let xp = u32::try_from(c.companion.xp).unwrap_or(0);
        let said = match waybook_core::heroes::takes_no_xp(c) {
            Some(why) => why,
            None => format!(
                "{xp} XP, {}{}",
                waybook_rules::companion::advance::level_line(xp, false),
                waybook_core::heroes::owed_line(c).map_or(String::new(), |o| format!(" · {o}"))
            ),
        };
        writeln!(out, "{} ({}): {said}", c.name, c.kind.label())?;
        for (_, a) in c.companion.advances_by_level() {
            writeln!(out, "  level {}: {}", a.level, a.describe())?;
        }
        for injury in &c.companion.injuries {
            writeln!(out, "  injury: {injury}")?;
        }
        for m in &c.companion.memories {
            writeln!(out, "  remembers: {}", m.text)?;
        }
    }
    Ok(())
}
