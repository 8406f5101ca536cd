//! The character sheet: everything on the character, a section per rule text
//! switched on, laid out for reading at the table and writing on in pencil.
//! With no character it is the blank sheet for a new player.

use super::blocks;
use super::layout::Layout;
use crate::model::capitalised;
use crate::model::{
    CampaignData, Character, CharacterId, CharacterKind, Holder, NamedStat, Settings, sheet,
};
use crate::rules::companion::advance::level_line;

/// The character a sheet shows; on a blank sheet, a fresh one whose layout
/// (stats, track lengths) is printed with the values left to write in.
struct Fill<'a> {
    c: &'a Character,
    filled: bool,
}

impl Fill<'_> {
    fn num(&self, get: impl Fn(&Character) -> i64) -> String {
        self.current(get).map(|v| v.to_string()).unwrap_or_default()
    }

    fn target(&self, get: impl Fn(&Character) -> i64) -> String {
        self.current(get)
            .map(|v| format!("{v}+"))
            .unwrap_or_default()
    }

    fn current(&self, get: impl Fn(&Character) -> i64) -> Option<i64> {
        self.filled.then(|| get(self.c))
    }
}

pub fn character_sheet(
    l: &mut Layout<'_>,
    data: &CampaignData,
    settings: &Settings,
    c: Option<&Character>,
) {
    let blank = Character::new(CharacterId(0), "", CharacterKind::Hero);
    let fill = Fill {
        c: c.unwrap_or(&blank),
        filled: c.is_some(),
    };
    let name = c.map_or("Name: ____________________________", |c| c.name.as_str());
    l.start_sheet(c.map_or("Character sheet", |c| c.name.as_str()));
    let subtitle = match c {
        Some(c) => {
            let party = c
                .party
                .and_then(|p| data.parties.get(&p))
                .map_or("no party", |p| p.name.as_str());
            let player = match data.player_name(c.player) {
                "" => String::new(),
                name => format!(" · played by {name}"),
            };
            format!("{}{player} · {party} · {}", c.kind.label(), settings.name)
        }
        None => "Kind: __________   Player: __________   Party: __________".to_owned(),
    };
    blocks::title(l, name, &subtitle);
    if settings.companion {
        companion(l, data, &fill);
    }
    if settings.rounds {
        rounds(l, &fill);
    }
    if settings.exploration {
        exploration(l, &fill);
    }
    inventory(l, data, c);
    notes(l, c);
}

/// The notes, then ruled lines to the foot of the page. Without notes to
/// print, the section comes only if a few lines fit: it never takes a page
/// for lines alone.
fn notes(l: &mut Layout<'_>, c: Option<&Character>) {
    const BAND_AND_TWO_LINES: f32 = 28.0 + 2.0 * 16.0;
    let notes = c.map(|c| c.notes.trim()).filter(|n| !n.is_empty());
    if notes.is_none() && l.room() < BAND_AND_TWO_LINES {
        return;
    }
    blocks::section(l, "Notes", 32.0);
    if let Some(notes) = notes {
        blocks::line(l, "", notes);
    }
    blocks::fill_with_lines(l);
}

fn stat_boxes(
    stats: &[NamedStat],
    fill: &Fill<'_>,
    target: bool,
    blank_count: usize,
) -> Vec<(String, String)> {
    if !fill.filled {
        return stats
            .iter()
            .map(|s| (s.name.clone(), String::new()))
            .chain((0..blank_count).map(|_| (String::new(), String::new())))
            .collect();
    }
    stats
        .iter()
        .map(|s| {
            (
                s.name.clone(),
                if target {
                    format!("{}+", s.value)
                } else {
                    crate::model::signed(s.value)
                },
            )
        })
        .collect()
}

fn companion(l: &mut Layout<'_>, data: &CampaignData, fill: &Fill<'_>) {
    blocks::section(l, "Travellers' Companion", 60.0);
    let c = fill.c;
    let mut boxes = stat_boxes(&c.companion.stats, fill, true, 1);
    for f in [&sheet::QUALITY, &sheet::DEFENCE] {
        boxes.push((f.label.into(), fill.target(f.get)));
    }
    blocks::boxes(l, &boxes);
    for f in [&sheet::WOUNDS, &sheet::TOUGHNESS] {
        track(l, fill, f);
    }
    let wild = &sheet::WILD_DICE;
    let most = *wild.range.end();
    blocks::pips(
        l,
        &format!("{} (up to {most})", wild.label),
        fill.current(wild.get),
        most,
    );
    // The Traveller never levels, and allies are not heroes: no XP line.
    if fill.filled && crate::heroes::level(c).is_some() {
        let xp = u32::try_from(c.companion.xp).unwrap_or(0);
        let mut line = format!("{xp} · {}", level_line(xp, false));
        let ledger = crate::heroes::ledger(data, c.id);
        if !ledger.is_empty() {
            line.push_str(&format!(
                " · {} XP from {} in the ledger",
                crate::heroes::ledger_total(&ledger),
                crate::model::plural(ledger.len(), "mission")
            ));
        }
        if let Some(owed) = crate::heroes::owed_line(c) {
            line.push_str(&format!(" · {owed}"));
        }
        blocks::line(l, "XP", &line);
    } else if !fill.filled {
        blocks::line(
            l,
            "XP",
            "_____ · level ___ · next level at ___ XP (levels at 4, 9, 15, 22)",
        );
    } else if c.kind == CharacterKind::Traveller {
        blocks::line(l, "", &capitalised(&level_line(0, true)));
    }
    let spare = if fill.filled { 1 } else { 3 };
    let advances: Vec<String> = c
        .companion
        .advances_by_level()
        .iter()
        .map(|(_, a)| format!("Lv {}: {}", a.level, a.describe()))
        .collect();
    let traveller = c.kind == CharacterKind::Traveller && fill.filled;
    let mut lists: Vec<(&str, &[String])> = vec![
        ("Powers and drills", &c.companion.powers),
        ("Talents", &c.companion.talents),
        ("Injuries", &c.companion.injuries),
    ];
    if !fill.filled || crate::heroes::level(c).is_some() {
        lists.insert(0, ("Advances by level", &advances));
    }
    blocks::lists_side_by_side(l, &lists, spare);
    if traveller {
        // "The Traveller never levels up. Instead, as the campaign goes on,
        // he remembers": his memories, the width of the page.
        let memories: Vec<String> = c
            .companion
            .memories
            .iter()
            .map(|m| m.text.clone())
            .collect();
        blocks::lists_side_by_side(l, &[("Memories", &memories)], spare);
    }
    blocks::line(
        l,
        "Drive",
        if fill.filled { &c.companion.drive } else { "" },
    );
}

fn rounds(l: &mut Layout<'_>, fill: &Fill<'_>) {
    blocks::section(l, "Travel rounds", 60.0);
    let r = &fill.c.rounds;
    let stats: Vec<(String, String)> = [&sheet::BODY, &sheet::MIND, &sheet::SPIRIT]
        .into_iter()
        .chain(&sheet::RANKS)
        .map(|f| (f.label.to_owned(), fill.num(f.get)))
        .collect();
    blocks::boxes(l, &stats);
    for f in [&sheet::HP, &sheet::MP] {
        track(l, fill, f);
    }
    let spare = if fill.filled { 1 } else { 2 };
    blocks::lists_side_by_side(
        l,
        &[("Injuries", &r.injuries), ("Statuses", &r.statuses)],
        spare,
    );
}

/// A track of the sheet's tables: the current value shaded, up to the maximum.
fn track(l: &mut Layout<'_>, fill: &Fill<'_>, f: &sheet::TrackField) {
    blocks::track(
        l,
        f.label,
        fill.current(|c| (f.get)(c).current),
        (f.get)(fill.c).max,
    );
}

/// Immunity, resistance and reduction against one kind of damage, in words.
fn protection(
    c: &Character,
    [immune, resistant]: [&sheet::Flag; 2],
    reduction: &sheet::Number,
) -> String {
    let mut parts = Vec::new();
    if (immune.get)(c) {
        parts.push("immune".to_owned());
    }
    if (resistant.get)(c) {
        parts.push("resistant".to_owned());
    }
    let reduction = (reduction.get)(c);
    if reduction > 0 {
        parts.push(format!("Reduction {reduction}"));
    }
    if parts.is_empty() {
        "none".to_owned()
    } else {
        parts.join(", ")
    }
}

fn exploration(l: &mut Layout<'_>, fill: &Fill<'_>) {
    blocks::section(l, "Exploration and travel", 60.0);
    let c = fill.c;
    let e = &c.exploration;
    blocks::boxes(l, &stat_boxes(&e.traits, fill, false, 2));
    let skills: Vec<(String, String)> = e
        .skills
        .iter()
        .map(|s| {
            let trained = if s.trained || !fill.filled {
                " ✓"
            } else {
                ""
            };
            let label = if fill.filled {
                format!("{}{trained}", s.name)
            } else {
                format!("{} ☐", s.name)
            };
            (
                label,
                fill.current(|_| s.value)
                    .map(crate::model::signed)
                    .unwrap_or_default(),
            )
        })
        .collect();
    blocks::boxes(l, &skills);
    if fill.filled {
        blocks::line(l, "", "✓ trained: the skill's tool gives its item bonus.");
    }
    let exhaustion = &sheet::EXHAUSTION;
    blocks::track(
        l,
        exhaustion.label,
        fill.current(exhaustion.get),
        (exhaustion.get)(c).max(10),
    );
    exploration_facts(l, fill);
}

/// The exploration facts: days without food, adaptations, protection
/// from cold and heat, speeds, senses and conditions.
fn exploration_facts(l: &mut Layout<'_>, fill: &Fill<'_>) {
    let c = fill.c;
    let e = &c.exploration;
    let speed = |f: &sheet::Number| {
        let v = (f.get)(c);
        if v > 0 {
            v.to_string()
        } else {
            "none".to_owned()
        }
    };
    let adapted: Vec<&str> = [
        (&sheet::ALTITUDE_ADAPTED, "altitude"),
        (&sheet::DEPTH_ADAPTED, "depth"),
    ]
    .into_iter()
    .filter_map(|(f, what)| (f.get)(c).then_some(what))
    .collect();
    let days = &sheet::DAYS_WITHOUT_FOOD;
    // A food need other than the usual 40 units rides on the same line.
    let need = match c.exploration.food_percent {
        100 => String::new(),
        percent => format!(" · eats {percent}% of 40 units"),
    };
    let facts = [
        (
            days.label,
            format!("{}{need}", super::format_number((days.get)(c))),
        ),
        (
            "Adapted to",
            if adapted.is_empty() {
                "nothing yet".to_owned()
            } else {
                adapted.join(", ")
            },
        ),
        (
            "Cold",
            protection(
                c,
                [&sheet::COLD_IMMUNE, &sheet::COLD_RESISTANT],
                &sheet::COLD_REDUCTION,
            ),
        ),
        (
            "Heat (fire)",
            protection(
                c,
                [&sheet::HEAT_IMMUNE, &sheet::HEAT_RESISTANT],
                &sheet::HEAT_REDUCTION,
            ),
        ),
        (
            "Swim / climb speed (m)",
            format!(
                "{} / {}",
                speed(&sheet::SWIM_SPEED),
                speed(&sheet::CLIMB_SPEED)
            ),
        ),
        ("Senses", crate::model::hazard::senses_line(&e.senses)),
        ("Conditions", conditions(&e.hazards)),
    ];
    // A filled sheet names conditions only when there are some.
    let facts: Vec<(&str, String)> = facts
        .into_iter()
        .filter(|(label, _)| {
            *label != "Conditions" || !fill.filled || !e.hazards.conditions.is_empty()
        })
        .map(|(label, value)| (label, if fill.filled { value } else { String::new() }))
        .collect();
    blocks::facts(l, &facts);
}

/// The hazards' conditions, with Doom's count.
fn conditions(h: &crate::model::hazard::HazardState) -> String {
    let shown: Vec<String> = h
        .conditions
        .iter()
        .map(|c| match c.as_str() {
            "Doom" => format!("Doom {}", h.doom),
            other => other.to_owned(),
        })
        .collect();
    shown.join(", ")
}

fn inventory(l: &mut Layout<'_>, data: &CampaignData, c: Option<&Character>) {
    blocks::section(l, "Inventory", 40.0);
    match c {
        Some(c) => super::holdings_table(l, data, Holder::Character(c.id), "Carries nothing."),
        None => {
            let empty: Vec<Vec<String>> = (0..8).map(|_| vec![String::new(); 5]).collect();
            blocks::table(l, &super::HOLDINGS_COLUMNS, &empty);
        }
    }
}
