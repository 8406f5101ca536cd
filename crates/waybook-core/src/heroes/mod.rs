//! Advancement as edits of the campaign: closing a mission with its XP
//! awards (and the injury roll of heroes who were down), the advances a
//! hero may take now with the reason each other one is refused, taking an
//! advance (and the stat it changes) or taking it back, and the Traveller's
//! memories.
//!
//! The rules engine (`waybook_rules::companion::advance`) judges every
//! advance; the injury roll comes from the app's one dice source.

use crate::model::step::{StepError, shared_causes};
use crate::model::{
    Advance, AdvanceKind, Award, CampaignData, Change, Character, CharacterId, CharacterKind, Edit,
    Memory, Mission, MissionId,
};
use std::collections::BTreeMap;
use waybook_rules::companion::advance::{self, AdvanceEntry, Advancement, BEST_QUALITY, BEST_STAT};
use waybook_rules::companion::powers::may_take_cleric_power;
use waybook_rules::dice::Dice;

pub mod sheet;

/// The campaign table heroes who were down at the end of a mission roll on.
pub use crate::model::advancement::INJURY_TABLE;
pub use crate::model::advancement::XP_AWARDS_TABLE;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HeroError {
    #[error("there is no such mission")]
    NoMission,
    #[error("name the mission first")]
    Unnamed,
    #[error("tick at least one hero who took part")]
    NobodyTookPart,
    #[error("{0} was not down at the end of the mission")]
    NotDown(String),
    #[error("{0}'s injury is rolled already")]
    InjuryRolled(String),
    #[error(
        "the campaign has no \"{INJURY_TABLE}\" table to roll on (add it on the Tables screen)"
    )]
    NoInjuryTable,
    #[error(
        "the \"{INJURY_TABLE}\" table still holds Waybook's placeholder: write its rows on the Dice and rules screen first"
    )]
    PlaceholderInjuries,
    #[error("{0}")]
    Refused(String),
    #[error("{0} has no advance {1} to take back")]
    NoAdvance(String, usize),
    #[error("write what the Traveller remembers first")]
    EmptyMemory,
    #[error(transparent)]
    Step(#[from] StepError),
}

shared_causes!(HeroError);

type Result<T> = std::result::Result<T, HeroError>;

/// What the GM asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeroStep {
    /// Close a mission: its awards go into the ledger and onto the heroes' XP.
    Award(Mission),
    /// Roll on the injury table for a hero who was down at the end.
    Injury {
        mission: MissionId,
        character: CharacterId,
    },
    /// Take an advance at the hero's next level.
    Advance {
        character: CharacterId,
        kind: AdvanceKind,
        what: String,
    },
    /// Take back an advance (by its place in the list), the stat restored.
    TakeBack {
        character: CharacterId,
        index: usize,
    },
    /// Something the Traveller remembers.
    Remember {
        character: CharacterId,
        memory: Memory,
    },
}

impl HeroStep {
    /// What failed, in the GM's words, when the step cannot be played.
    pub fn failure(&self) -> &'static str {
        match self {
            HeroStep::Award(_) => "No XP was awarded",
            HeroStep::Injury { .. } => "No injury was rolled",
            HeroStep::Advance { .. } => "The advance was not taken",
            HeroStep::TakeBack { .. } => "The advance was not taken back",
            HeroStep::Remember { .. } => "Nothing was remembered",
        }
    }
}

/// Whether `step` may be played now, and why not: the one check the
/// screens grey their buttons with and [`play`] makes first.
pub fn check(data: &CampaignData, step: &HeroStep) -> Result<()> {
    match step {
        HeroStep::Award(mission) => {
            if mission.name.trim().is_empty() {
                return Err(HeroError::Unnamed);
            }
            if mission.awards.is_empty() {
                return Err(HeroError::NobodyTookPart);
            }
            for a in &mission.awards {
                let c = character_of(data, a.character)?;
                if let Some(why) = takes_no_xp(c) {
                    return Err(HeroError::Refused(why));
                }
                if !crate::model::limits::XP.contains(&(c.companion.xp + a.xp)) || a.xp < 0 {
                    return Err(HeroError::Refused(format!(
                        "{} would have {} XP; XP is between {} and {}",
                        c.name,
                        c.companion.xp + a.xp,
                        crate::model::limits::XP.start(),
                        crate::model::limits::XP.end()
                    )));
                }
            }
            Ok(())
        }
        HeroStep::Injury { mission, character } => {
            let m = data.missions.get(mission).ok_or(HeroError::NoMission)?;
            let c = character_of(data, *character)?;
            let award = m.award_of(*character).ok_or(StepError::NoCharacter)?;
            if !award.down {
                return Err(HeroError::NotDown(c.name.clone()));
            }
            if award.injury.is_some() {
                return Err(HeroError::InjuryRolled(c.name.clone()));
            }
            let table = data
                .table_named(INJURY_TABLE)
                .ok_or(HeroError::NoInjuryTable)?;
            if table.is_placeholder() {
                return Err(HeroError::PlaceholderInjuries);
            }
            Ok(table.check_in(data)?)
        }
        HeroStep::Advance {
            character,
            kind,
            what,
        } => match offer(character_of(data, *character)?, *kind, what).refused {
            Some(reason) => Err(HeroError::Refused(reason)),
            None => Ok(()),
        },
        HeroStep::TakeBack { character, index } => {
            let c = character_of(data, *character)?;
            if *index >= c.companion.advances.len() {
                return Err(HeroError::NoAdvance(c.name.clone(), *index + 1));
            }
            Ok(())
        }
        HeroStep::Remember { character, memory } => {
            let c = character_of(data, *character)?;
            if !traveller(c) {
                return Err(HeroError::Refused(format!(
                    "only the Traveller remembers; {} levels up instead",
                    c.name
                )));
            }
            if memory.text.trim().is_empty() {
                return Err(HeroError::EmptyMemory);
            }
            Ok(())
        }
    }
}

/// Plays one step, rolling with `dice`, once [`check`] admits it.
pub fn play(data: &CampaignData, step: &HeroStep, dice: &mut Dice) -> Result<Edit> {
    check(data, step)?;
    match step {
        HeroStep::Award(mission) => award(data, mission),
        HeroStep::Injury { mission, character } => injury(data, *mission, *character, dice),
        HeroStep::Advance {
            character,
            kind,
            what,
        } => {
            let c = character_of(data, *character)?;
            let mut after = c.clone();
            let taken = Advance::new(open_level(c), *kind, what.trim());
            let label = format!("Level up {}: {}", c.name, taken.describe());
            take(&mut after, taken);
            Ok(Edit::new(
                label,
                vec![Change::character(Some(c), Some(&after))],
            ))
        }
        HeroStep::TakeBack { character, index } => {
            let c = character_of(data, *character)?;
            let mut after = c.clone();
            let taken = take_back(&mut after, *index)
                .ok_or_else(|| HeroError::NoAdvance(c.name.clone(), *index + 1))?;
            let label = format!("Take back {}'s {}", c.name, taken.describe());
            Ok(Edit::new(
                label,
                vec![Change::character(Some(c), Some(&after))],
            ))
        }
        HeroStep::Remember { character, memory } => {
            let c = character_of(data, *character)?;
            let mut after = c.clone();
            after.companion.memories.push(Memory {
                text: memory.text.trim().to_owned(),
                mission: memory.mission,
            });
            let label = format!("{} remembers", c.name);
            Ok(Edit::new(
                label,
                vec![Change::character(Some(c), Some(&after))],
            ))
        }
    }
}

fn character_of(data: &CampaignData, id: CharacterId) -> Result<&Character> {
    data.characters
        .get(&id)
        .ok_or(StepError::NoCharacter.into())
}

fn xp(c: &Character) -> u32 {
    u32::try_from(c.companion.xp).unwrap_or(0)
}

fn traveller(c: &Character) -> bool {
    c.kind == CharacterKind::Traveller
}

/// The level a hero's XP reaches; `None` for the Traveller, who never
/// levels, and for allies and others, who are not heroes.
pub fn level(c: &Character) -> Option<i64> {
    (c.kind == CharacterKind::Hero).then(|| i64::from(advance::level_for_xp(xp(c))))
}

/// The level the next advance is taken at: the lowest one gained with no
/// advance (one taken back leaves its level open).
fn open_level(c: &Character) -> i64 {
    let level = level(c).unwrap_or(1);
    (2..=level)
        .find(|l| !c.companion.advances.iter().any(|a| a.level == *l))
        .unwrap_or(level)
}

/// Advances the hero's level gives that are not taken yet; none for those
/// who do not level.
pub fn owed(c: &Character) -> i64 {
    let Some(level) = level(c) else { return 0 };
    (level - 1 - c.companion.advances.len() as i64).max(0)
}

/// "1 advance owed", "2 advances owed", or nothing.
pub fn owed_line(c: &Character) -> Option<String> {
    let owed = owed(c);
    let noun = if owed == 1 { "advance" } else { "advances" };
    (owed > 0).then(|| format!("{owed} {noun} owed"))
}

/// An advance the GM may pick now, or why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub kind: AdvanceKind,
    /// The stat, or the power's or talent's name.
    pub what: String,
    pub refused: Option<String>,
}

/// Every advance the level-up offers: each kind, each D10 stat, with the
/// names the GM typed for a power, a talent and a Cleric power.
pub fn offers(c: &Character, power: &str, talent: &str, cleric: &str) -> Vec<Offer> {
    let mut offers = vec![
        offer(c, AdvanceKind::Wounds, ""),
        offer(c, AdvanceKind::Toughness, ""),
    ];
    offers.extend(
        c.companion
            .stats
            .iter()
            .map(|s| offer(c, AdvanceKind::Stat, &s.name)),
    );
    offers.extend([
        offer(c, AdvanceKind::Quality, ""),
        offer(c, AdvanceKind::Defence, ""),
        offer(c, AdvanceKind::Power, power),
        offer(c, AdvanceKind::Talent, talent),
    ]);
    // Only a Pilgrim is offered a Cleric power at all.
    if c.companion.pilgrim {
        offers.push(offer(c, AdvanceKind::Cleric, cleric));
    }
    offers
}

/// Said when a hero holds more advances than their level gives (XP
/// corrected down by hand, say): which to take back.
pub fn over_advanced(c: &Character) -> Option<String> {
    let allowed = level(c)? - 1;
    (c.companion.advances.len() as i64 > allowed).then(|| {
        format!(
            "{} holds {} and level {} gives {allowed}: take one back, or correct the XP",
            c.name,
            crate::model::plural(c.companion.advances.len() as i64, "advance"),
            allowed + 1
        )
    })
}

/// Whether a character earns XP from a mission: heroes do; the Traveller
/// and allies do not ([`takes_no_xp`] says why).
pub fn earns_xp(c: &Character) -> bool {
    takes_no_xp(c).is_none()
}

/// One advance, judged for the hero as they are now.
pub fn offer(c: &Character, kind: AdvanceKind, what: &str) -> Offer {
    let what = what.trim().to_owned();
    let refused = refusal(c, kind, &what);
    Offer {
        kind,
        what,
        refused,
    }
}

fn refusal(c: &Character, kind: AdvanceKind, what: &str) -> Option<String> {
    if let Some(why) = takes_no_xp(c) {
        return Some(why);
    }
    if owed(c) == 0 {
        let taken = c.companion.advances.len();
        let level = level(c).unwrap_or(1);
        return Some(format!(
            "no advance is owed: level {level} gives {}, and {taken} {} taken",
            level - 1,
            if taken == 1 { "is" } else { "are" }
        ));
    }
    match kind {
        AdvanceKind::Note => return Some("a note is not an advance the text offers".to_owned()),
        AdvanceKind::Power | AdvanceKind::Talent | AdvanceKind::Cleric if what.is_empty() => {
            return Some(format!("name the {} first", noun(kind)));
        }
        AdvanceKind::Cleric => {
            let known = c
                .companion
                .advances
                .iter()
                .filter(|a| a.kind == AdvanceKind::Cleric)
                .count();
            if !may_take_cleric_power(c.companion.pilgrim, known as u32) {
                return Some(if c.companion.pilgrim {
                    "a Pilgrim may take one Cleric power, and this one has".to_owned()
                } else {
                    "only a Pilgrim may take a Cleric power".to_owned()
                });
            }
        }
        _ => {}
    }
    // "each once": a power or talent the sheet lists already, whether an
    // advance gave it or the hero began with it.
    let known = match kind {
        AdvanceKind::Power | AdvanceKind::Cleric => &c.companion.powers,
        AdvanceKind::Talent => &c.companion.talents,
        _ => &Vec::new(),
    };
    if let Some(known) = known.iter().find(|k| k.trim().eq_ignore_ascii_case(what)) {
        return Some(format!(
            "{} knows {} already; each {} once",
            c.name,
            known.trim(),
            if kind == AdvanceKind::Talent {
                "talent"
            } else {
                "power"
            }
        ));
    }
    let taken = request(c, &c.companion.advances);
    advance::refusal(
        &taken,
        &entry(taken.advances.len(), &Advance::new(1, kind, what)),
    )
}

/// The powers and drills a character knows, each once, in the sheet's
/// order: a Pilgrim's Cleric power is among them (taking it lists it).
pub fn known_powers(c: &Character) -> Vec<String> {
    let mut known: Vec<String> = Vec::new();
    for power in &c.companion.powers {
        if !known
            .iter()
            .any(|k| k.trim().eq_ignore_ascii_case(power.trim()))
        {
            known.push(power.clone());
        }
    }
    known
}

/// Why a character earns no XP and takes no advances, if they do not: "The
/// Traveller never levels up. Instead ... he remembers"; allies and others
/// are not heroes ("every hero who took part earns experience").
pub fn takes_no_xp(c: &Character) -> Option<String> {
    match c.kind {
        CharacterKind::Hero => None,
        CharacterKind::Traveller => {
            Some("the Traveller never levels up; he remembers instead".to_owned())
        }
        kind => Some(format!(
            "{} is not a hero ({}): only heroes earn XP and level up",
            c.name,
            kind.label().to_lowercase()
        )),
    }
}

fn noun(kind: AdvanceKind) -> &'static str {
    match kind {
        AdvanceKind::Power => "power or drill",
        AdvanceKind::Cleric => "Cleric power",
        _ => "talent",
    }
}

/// The engine's request for a hero with these advances: the stats as they
/// were before any advance was taken.
fn request(c: &Character, advances: &[Advance]) -> Advancement {
    let improved = |kind: AdvanceKind, what: &str| {
        c.companion
            .advances
            .iter()
            .filter(|a| a.kind == kind && (kind != AdvanceKind::Stat || a.what == what))
            .count() as i64
    };
    let stats: BTreeMap<String, u32> = c
        .companion
        .stats
        .iter()
        .map(|s| {
            let base = s.value + improved(AdvanceKind::Stat, &s.name);
            (s.name.clone(), u32::try_from(base).unwrap_or(0))
        })
        .collect();
    let base = |value: i64, kind| u32::try_from(value + improved(kind, "")).unwrap_or(0);
    Advancement {
        xp: xp(c),
        traveller: traveller(c),
        stats,
        quality: base(c.companion.quality, AdvanceKind::Quality),
        defence: base(c.companion.defence, AdvanceKind::Defence),
        advances: advances
            .iter()
            .enumerate()
            .map(|(i, a)| entry(i, a))
            .collect(),
    }
}

/// An advance as the engine names it: a Cleric power is a power; a note is
/// an advance spent on something the text does not list, counted by name.
fn entry(i: usize, a: &Advance) -> AdvanceEntry {
    use advance::AdvanceKind as K;
    let (kind, stat, name) = match a.kind {
        AdvanceKind::Wounds => (K::Wounds, None, None),
        AdvanceKind::Toughness => (K::Toughness, None, None),
        AdvanceKind::Stat => (K::Stat, Some(a.what.clone()), None),
        AdvanceKind::Quality => (K::Quality, None, None),
        AdvanceKind::Defence => (K::Defence, None, None),
        AdvanceKind::Power | AdvanceKind::Cleric => (K::Power, None, Some(a.what.clone())),
        AdvanceKind::Talent => (K::Talent, None, Some(a.what.clone())),
        AdvanceKind::Note => (K::Talent, None, Some(format!("note {i}: {}", a.what))),
    };
    AdvanceEntry { kind, stat, name }
}

/// Takes an advance: the stat it names changes as the text says.
fn take(c: &mut Character, advance: Advance) {
    let co = &mut c.companion;
    match advance.kind {
        AdvanceKind::Wounds => {
            co.wounds.max += 1;
            co.wounds.current += 1;
        }
        AdvanceKind::Toughness => {
            co.toughness.max += 1;
            co.toughness.current += 1;
        }
        AdvanceKind::Stat => {
            if let Some(s) = co.stats.iter_mut().find(|s| s.name == advance.what) {
                s.value = (s.value - 1).max(i64::from(BEST_STAT));
            }
        }
        AdvanceKind::Quality => co.quality = (co.quality - 1).max(i64::from(BEST_QUALITY)),
        AdvanceKind::Defence => co.defence = (co.defence - 1).max(i64::from(BEST_QUALITY)),
        AdvanceKind::Power | AdvanceKind::Cleric => co.powers.push(advance.what.clone()),
        AdvanceKind::Talent => co.talents.push(advance.what.clone()),
        AdvanceKind::Note => {}
    }
    co.advances.push(advance);
}

/// Takes back the advance at `index`, restoring what it changed; the later
/// advances keep their levels.
fn take_back(c: &mut Character, index: usize) -> Option<Advance> {
    if index >= c.companion.advances.len() {
        return None;
    }
    let advance = c.companion.advances.remove(index);
    let co = &mut c.companion;
    let forget = |list: &mut Vec<String>, name: &str| {
        if let Some(at) = list.iter().rposition(|p| p == name) {
            list.remove(at);
        }
    };
    match advance.kind {
        AdvanceKind::Wounds => {
            co.wounds.max -= 1;
            co.wounds.current = co.wounds.current.min(co.wounds.max);
        }
        AdvanceKind::Toughness => {
            co.toughness.max -= 1;
            co.toughness.current = co.toughness.current.min(co.toughness.max);
        }
        AdvanceKind::Stat => {
            if let Some(s) = co.stats.iter_mut().find(|s| s.name == advance.what) {
                s.value += 1;
            }
        }
        AdvanceKind::Quality => co.quality += 1,
        AdvanceKind::Defence => co.defence += 1,
        AdvanceKind::Power | AdvanceKind::Cleric => forget(&mut co.powers, &advance.what),
        AdvanceKind::Talent => forget(&mut co.talents, &advance.what),
        AdvanceKind::Note => {}
    }
    Some(advance)
}

/// Closes a mission: the mission into the ledger, each award onto its hero.
fn award(data: &CampaignData, mission: &Mission) -> Result<Edit> {
    let mut mission = mission.clone();
    mission.id = data.next_id::<crate::model::Mission>();
    mission.name = mission.name.trim().to_owned();
    mission.at = data.settings.clock;
    let mut changes = vec![];
    mission.lines.push(format!(
        "{}: the mission {} is closed.",
        mission.at.stamp(),
        mission.name
    ));
    for a in &mission.awards {
        let c = character_of(data, a.character)?;
        let mut after = c.clone();
        after.companion.xp += a.xp;
        let reasons = if a.reasons.is_empty() {
            String::new()
        } else {
            format!(" ({})", a.reasons.join(", "))
        };
        mission.lines.push(format!(
            "{} earns {} XP{reasons}: {} XP, {}{}.",
            c.name,
            a.xp,
            after.companion.xp,
            advance::level_line(xp(&after), false),
            owed_line(&after).map_or(String::new(), |o| format!(", {o}"))
        ));
        if a.down {
            mission.lines.push(format!(
                "{} was down at the end: an injury to roll.",
                c.name
            ));
        }
        changes.push(Change::character(Some(c), Some(&after)));
    }
    let label = format!("Close the mission {}", mission.name);
    changes.insert(0, Change::of(None, Some(&mission)));
    Ok(Edit::new(label, changes))
}

/// "Heroes who are down at the end of a mission roll on the injury table."
fn injury(
    data: &CampaignData,
    mission: MissionId,
    character: CharacterId,
    dice: &mut Dice,
) -> Result<Edit> {
    let m = data.missions.get(&mission).ok_or(HeroError::NoMission)?;
    let c = character_of(data, character)?;
    let table = data
        .table_named(INJURY_TABLE)
        .ok_or(HeroError::NoInjuryTable)?;
    let roll = table.roll_in(data, dice)?;
    let mut after_mission = m.clone();
    after_mission.lines.push(format!(
        "{}, down at the end: {}: {}",
        c.name,
        roll.working(&table.marked()),
        roll.result
    ));
    if let Some(a) = after_mission
        .awards
        .iter_mut()
        .find(|a| a.character == character)
    {
        a.injury = Some(roll.result.clone());
    }
    let mut after = c.clone();
    after.companion.injuries.push(roll.result.clone());
    Ok(Edit::new(
        format!("Roll {}'s injury", c.name),
        vec![
            Change::of(Some(m), Some(&after_mission)),
            Change::character(Some(c), Some(&after)),
        ],
    ))
}

/// A hero's XP ledger: each mission they earned XP on, oldest first.
pub fn ledger(data: &CampaignData, character: CharacterId) -> Vec<(&Mission, &Award)> {
    data.missions
        .values()
        .filter_map(|m| m.award_of(character).map(|a| (m, a)))
        .collect()
}

/// The XP a hero's ledger ([`ledger`]) gives in all.
pub fn ledger_total(ledger: &[(&Mission, &Award)]) -> i64 {
    ledger.iter().map(|(_, a)| a.xp).sum()
}

/// A new award for a hero, before the mission is closed.
pub fn award_for(character: CharacterId, xp: i64, reasons: &[String], down: bool) -> Award {
    Award {
        character,
        xp,
        reasons: reasons.to_vec(),
        down,
        injury: None,
    }
}

// The domain's steps, played as any step is (`model::step`).
crate::model::step::domain_step!(HeroStep, HeroError, crate::model::LogKind::Heroes, check: check, play: play);
