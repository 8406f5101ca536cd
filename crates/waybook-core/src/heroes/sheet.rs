//! What a character's sheet says, section by section: the one description
//! the printed sheet (`waybook_print::pdf`) and a handout's page
//! (`waybook_print::handouts`) both draw, so neither shows what the other leaves
//! out. With no character, the blank sheet: the same parts, the values
//! left to write in.

use crate::model::{
    CampaignData, Character, CharacterId, CharacterKind, NamedStat, Settings, sheet,
};
use waybook_rules::companion::advance::level_line;

/// One part of a section, as both faces draw it.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// Labelled boxes: stats, targets, bonuses.
    Boxes(Vec<(String, String)>),
    /// A track of `max` with `current` filled (none on a blank sheet).
    Track {
        label: String,
        current: Option<i64>,
        max: i64,
    },
    /// Pips: `current` held of `most`.
    Pips {
        label: String,
        current: Option<i64>,
        most: i64,
    },
    /// A labelled line of text ("XP", "Drive"), or a note with no label.
    Line { label: String, text: String },
    /// Lists side by side under their titles, with `spare` lines to write on.
    Lists {
        lists: Vec<(String, Vec<String>)>,
        spare: usize,
    },
    /// Facts, a label and its value each.
    Facts(Vec<(String, String)>),
}

/// A section of the sheet: a rule text's, under its title.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    pub title: &'static str,
    pub parts: Vec<Part>,
}

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

    fn track(&self, f: &sheet::TrackField) -> Part {
        Part::Track {
            label: f.label.to_owned(),
            current: self.current(|c| (f.get)(c).current),
            max: (f.get)(self.c).max,
        }
    }
}

/// The sections of `c`'s sheet (a blank one for none), one per rule text
/// the campaign plays.
pub fn sections(data: &CampaignData, settings: &Settings, c: Option<&Character>) -> Vec<Section> {
    let blank = Character::new(CharacterId(0), "", CharacterKind::Hero);
    let fill = Fill {
        c: c.unwrap_or(&blank),
        filled: c.is_some(),
    };
    let mut sections = Vec::new();
    // An animal is neither hero nor ally: its type's figures and what the
    // hour-by-hour rules read of it.
    if let Some(c) = c.filter(|c| c.is_animal()) {
        sections.push(animal(data, c));
        if settings.exploration {
            sections.push(exploration(&fill));
        }
        return sections;
    }
    if settings.companion {
        sections.push(companion(data, &fill));
    }
    if settings.rounds {
        sections.push(rounds(&fill));
    }
    if settings.exploration {
        sections.push(exploration(&fill));
    }
    sections
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
            let value = if target {
                format!("{}+", s.value)
            } else {
                crate::model::signed(s.value)
            };
            (s.name.clone(), value)
        })
        .collect()
}

fn companion(data: &CampaignData, fill: &Fill<'_>) -> Section {
    let c = fill.c;
    let mut boxes = stat_boxes(&c.companion.stats, fill, true, 1);
    for f in [&sheet::QUALITY, &sheet::DEFENCE] {
        boxes.push((f.label.into(), fill.target(f.get)));
    }
    let wild = &sheet::WILD_DICE;
    let most = *wild.range.end();
    let mut parts = vec![
        Part::Boxes(boxes),
        fill.track(&sheet::WOUNDS),
        fill.track(&sheet::TOUGHNESS),
        Part::Pips {
            label: format!("{} (up to {most})", wild.label),
            current: fill.current(wild.get),
            most,
        },
    ];
    parts.extend(xp_line(data, fill));
    let spare = if fill.filled { 1 } else { 3 };
    let advances: Vec<String> = c
        .companion
        .advances_by_level()
        .iter()
        .map(|(_, a)| format!("Lv {}: {}", a.level, a.describe()))
        .collect();
    let mut lists = vec![
        ("Powers and drills".to_owned(), c.companion.powers.clone()),
        ("Talents".to_owned(), c.companion.talents.clone()),
        ("Injuries".to_owned(), c.companion.injuries.clone()),
    ];
    if !fill.filled || super::level(c).is_some() {
        lists.insert(0, ("Advances by level".to_owned(), advances));
    }
    parts.push(Part::Lists { lists, spare });
    if c.kind == CharacterKind::Traveller && fill.filled {
        // "The Traveller never levels up. Instead, as the campaign goes on,
        // he remembers": his memories, the width of the page.
        let memories = c
            .companion
            .memories
            .iter()
            .map(|m| m.text.clone())
            .collect();
        parts.push(Part::Lists {
            lists: vec![("Memories".to_owned(), memories)],
            spare,
        });
    }
    parts.push(Part::Line {
        label: "Drive".to_owned(),
        text: if fill.filled {
            c.companion.drive.clone()
        } else {
            String::new()
        },
    });
    Section {
        title: "Travellers' Companion",
        parts,
    }
}

/// The XP line: total, level and the next, the ledger and the advances
/// owed; the Traveller's "never levels"; a blank to fill in.
fn xp_line(data: &CampaignData, fill: &Fill<'_>) -> Option<Part> {
    let c = fill.c;
    let line = |label: &str, text: String| Part::Line {
        label: label.to_owned(),
        text,
    };
    // The Traveller never levels, and allies are not heroes: no XP line.
    if fill.filled && super::level(c).is_some() {
        let xp = u32::try_from(c.companion.xp).unwrap_or(0);
        let mut text = format!("{xp} · {}", level_line(xp, false));
        let ledger = super::ledger(data, c.id);
        if !ledger.is_empty() {
            text.push_str(&format!(
                " · {} XP from {} in the ledger",
                super::ledger_total(&ledger),
                crate::model::plural(ledger.len(), "mission")
            ));
        }
        if let Some(owed) = super::owed_line(c) {
            text.push_str(&format!(" · {owed}"));
        }
        Some(line("XP", text))
    } else if !fill.filled {
        Some(line(
            "XP",
            "_____ · level ___ · next level at ___ XP (levels at 4, 9, 15, 22)".to_owned(),
        ))
    } else if c.kind == CharacterKind::Traveller {
        Some(line("", crate::model::capitalised(&level_line(0, true))))
    } else {
        None
    }
}

fn rounds(fill: &Fill<'_>) -> Section {
    let r = &fill.c.rounds;
    let stats: Vec<(String, String)> = [&sheet::BODY, &sheet::MIND, &sheet::SPIRIT]
        .into_iter()
        .chain(&sheet::RANKS)
        .map(|f| (f.label.to_owned(), fill.num(f.get)))
        .collect();
    let spare = if fill.filled { 1 } else { 2 };
    Section {
        title: "Travel rounds",
        parts: vec![
            Part::Boxes(stats),
            fill.track(&sheet::HP),
            fill.track(&sheet::MP),
            Part::Lists {
                lists: vec![
                    ("Injuries".to_owned(), r.injuries.clone()),
                    ("Statuses".to_owned(), r.statuses.clone()),
                ],
                spare,
            },
        ],
    }
}

fn exploration(fill: &Fill<'_>) -> Section {
    let c = fill.c;
    let e = &c.exploration;
    // A skill paired with a gatherer's tool says whether the character is
    // trained with it: "if you are Trained in the use of a Gatherer's Tool,
    // you gain its Item Bonus".
    let skills: Vec<(String, String)> = e
        .skills
        .iter()
        .map(|s| {
            let tool = crate::model::gathering::tool_of_skill(&s.name);
            let label = match (tool, fill.filled) {
                (Some(_), false) => format!("{} ☐", s.name),
                (Some(t), true) if e.tools.contains(&t) => format!("{} ✓", s.name),
                _ => s.name.clone(),
            };
            let value = fill.current(|_| s.value).map(crate::model::signed);
            (label, value.unwrap_or_default())
        })
        .collect();
    let trained: Vec<&str> = e
        .tools
        .iter()
        .map(|t| crate::model::Choice::label(*t))
        .collect();
    // Said when there is something to say: a blank sheet's box to tick,
    // or the tools a character is trained with.
    let legend = if !fill.filled {
        "☐ tick if trained with the skill's gatherer's tool: its Item Bonus counts".to_owned()
    } else if trained.is_empty() {
        String::new()
    } else {
        format!(
            "✓ trained with {}: its Item Bonus counts in gathering tests",
            trained.join(", ")
        )
    };
    let exhaustion = &sheet::EXHAUSTION;
    let mut parts = vec![
        Part::Boxes(stat_boxes(&e.traits, fill, false, 2)),
        Part::Boxes(skills),
    ];
    if !legend.is_empty() {
        parts.push(Part::Line {
            label: String::new(),
            text: legend,
        });
    }
    Section {
        title: "Exploration and travel",
        parts: parts
            .into_iter()
            .chain([
                Part::Track {
                    label: exhaustion.label.to_owned(),
                    current: fill.current(exhaustion.get),
                    max: (exhaustion.get)(c).max(10),
                },
                Part::Facts(exploration_facts(fill)),
            ])
            .collect(),
    }
}

/// An animal's section: its type, who rides it or what it draws, its
/// Wounds, its load and its food, each figure a house rule.
fn animal(data: &CampaignData, c: &Character) -> Section {
    let Some(facts) = &c.animal else {
        return Section {
            title: "Animal",
            parts: Vec::new(),
        };
    };
    let rules = &data.settings.house_rules;
    let kind = rules.animal_type(&facts.breed);
    let role = data.animal_goes(c);
    let carried = crate::model::load::Carried::of(data, c.id);
    let mut facts = vec![
        ("Type".to_owned(), format!("{} (house rule)", facts.breed)),
        ("Goes".to_owned(), role),
        ("Load".to_owned(), carried.words()),
        (
            "Food".to_owned(),
            format!(
                "{}% of 40 units a day (house rule)",
                c.exploration.food_percent
            ),
        ),
    ];
    if let Some(t) = kind {
        facts.push((
            "Speed".to_owned(),
            format!("{} km/h (house rule)", crate::model::decimal(t.km_per_hour)),
        ));
        let eats = if t.grazes {
            "fodder and water, or grazes"
        } else {
            "fodder and water; does not graze"
        };
        facts.push(("Eats".to_owned(), eats.to_owned()));
    }
    Section {
        title: "Animal",
        parts: vec![
            Part::Track {
                label: "Wounds".to_owned(),
                current: Some(c.companion.wounds.current),
                max: c.companion.wounds.max,
            },
            Part::Facts(facts),
        ],
    }
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

/// The exploration facts: days without food, adaptations, protection
/// from cold and heat, speeds, senses and conditions.
fn exploration_facts(fill: &Fill<'_>) -> Vec<(String, String)> {
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
    // An animal's need is on its own section, as its type's.
    let need = match c.exploration.food_percent {
        _ if c.is_animal() => String::new(),
        100 => String::new(),
        percent => format!(" · eats {percent}% of 40 units"),
    };
    let facts = [
        (
            days.label,
            format!("{}{need}", crate::model::decimal((days.get)(c))),
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
    facts
        .into_iter()
        .filter(|(label, _)| {
            *label != "Conditions" || !fill.filled || !e.hazards.conditions.is_empty()
        })
        .map(|(label, value)| {
            let value = if fill.filled { value } else { String::new() };
            (label.to_owned(), value)
        })
        .collect()
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

/// The figures a player looks at first, at the table: the tracks of each
/// rule text the campaign plays, XP and level, conditions and the food
/// carried, each a label and its value. Read from the same character the
/// sheet is, so the two never disagree.
pub fn glance(data: &CampaignData, c: &Character) -> Vec<(String, String)> {
    let s = &data.settings;
    let track = |t: &crate::model::Track| format!("{}/{}", t.current, t.max);
    let mut figures: Vec<(String, String)> = Vec::new();
    let mut add = |label: &str, value: String| figures.push((label.to_owned(), value));
    if s.companion {
        add(sheet::WOUNDS.label, track(&c.companion.wounds));
        add(sheet::TOUGHNESS.label, track(&c.companion.toughness));
        add(sheet::WILD_DICE.label, c.companion.wild_dice.to_string());
        if let Some(level) = super::level(c) {
            add("XP", format!("{} · level {level}", c.companion.xp));
        }
    }
    if s.rounds {
        add("HP", track(&c.rounds.hp));
        add("MP", track(&c.rounds.mp));
    }
    if s.exploration {
        let e = &c.exploration;
        add("Exhaustion", e.exhaustion.to_string());
        add(
            "Days without food",
            crate::model::decimal(e.days_without_food),
        );
        let shown = conditions(&e.hazards);
        add(
            "Conditions",
            if shown.is_empty() {
                "none".into()
            } else {
                shown
            },
        );
    }
    let food = data
        .totals_of(crate::model::Holder::Character(c.id))
        .food_units;
    add("Food carried", format!("{food} units"));
    figures
}
