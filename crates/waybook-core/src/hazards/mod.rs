//! The exploration text's hazards as edits of a character: falling (gliding,
//! landing in water, the flyer knocked prone), running out of breath,
//! extremely cold water minute by minute, rough water, climbing, quicksand
//! (sinking, escaping, being pulled out), lava, ice, hiding from observers,
//! and the depths below 500 m (Doom, and the degrees held until the
//! character rises above them). Each rolls on the app's one dice source
//! through the rules engine (`rules::travel`) with the character's own
//! traits and skills, and books its result where the text says: HP,
//! exhaustion, conditions.
//!
//! A trait test named with a skill ("Physique (Athletics)") adds the skill;
//! a bare trait test ("a TG 10 Physique Test") is the trait alone; a skill
//! roll adds its usual trait (Stealth: Agility; Perception and
//! Investigation: Intuition).

use crate::model::hazard::FallCause;
use crate::model::step::{StepError, shared_causes};
use crate::model::{CampaignData, Change, Character, CharacterId, Edit};
use waybook_rules::dice::Dice;
use waybook_rules::travel::ground::{
    self, Fall, Ice, IceOutcome, LavaExposure, Quicksand, QuicksandEvent,
};
use waybook_rules::travel::march::ABYSS_M;
use waybook_rules::travel::senses::{self, Hide, Observer};
use waybook_rules::travel::water;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HazardError {
    #[error("{0} is not in quicksand")]
    NotSinking(String),
    #[error("{0} is in the quicksand already: play the start of their turn")]
    Sinking(String),
    #[error("choose who pulls {0} out (someone else)")]
    NoHelper(String),
    #[error("{0} cannot watch themself hide")]
    OwnObserver(String),
    #[error("{0} is adapted to the depths: no Doom below 500 m")]
    Adapted(String),
    #[error("{0} has no Doom to shed")]
    NotDeep(String),
    #[error("{0} is not {1}")]
    NoCondition(String, String),
    #[error("the Doom stays until {0} rises above 500 m (play “Rise above 500 m”)")]
    DoomStays(String),
    #[error("name the observers {0} hides from")]
    NoObservers(String),
    #[error(transparent)]
    Step(#[from] StepError),
}

shared_causes!(HazardError);

type Result<T> = std::result::Result<T, HazardError>;

/// What quicksand leaves on a character.
const QUICKSAND_CONDITIONS: [&str; 2] = ["Restrained (quicksand)", "Submerged: cannot breathe"];

/// An enemy of the scene who might notice a hider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnemyWatch {
    pub name: String,
    /// Perception (or Investigation when searching), as the GM sets it.
    pub bonus: i32,
    pub searching: bool,
}

/// What the character meets.
#[derive(Debug, Clone, PartialEq)]
pub enum Hazard {
    Fall {
        height_m: u32,
        glide: bool,
        into_water: bool,
        cause: FallCause,
    },
    ColdWater {
        minutes: u32,
        depth_m: u32,
    },
    /// "When a Character runs out of breath or is choking".
    OutOfBreath,
    /// "the GG may require a Physique Test", at the GM's TG.
    RoughWater {
        tg: i32,
    },
    Climb {
        metres: u32,
        difficult: bool,
        /// A slippery surface: the GM's TG for the Physique test.
        slippery_tg: Option<i32>,
    },
    Quicksand {
        event: QuicksandEvent,
        /// The character's body height.
        height_m: f64,
        /// Who pulls them out.
        helper: Option<CharacterId>,
    },
    Lava {
        exposure: LavaExposure,
    },
    Ice {
        thin: bool,
    },
    /// Observers, each searching (Investigation) or not (Perception): the
    /// campaign's characters, and the open scene's enemies with the bonus
    /// the GM gives them (the text gives enemies no Perception).
    Hide {
        observers: Vec<(CharacterId, bool)>,
        enemies: Vec<EnemyWatch>,
    },
    /// A turn spent at 500 m or below.
    Deep,
    /// Risen above 500 m: the Doom and the held degrees go.
    Surface,
    /// A condition the GM clears (stands up, is found, breathes again).
    Clear {
        condition: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct HazardStep {
    pub character: CharacterId,
    pub hazard: Hazard,
}

impl HazardStep {
    pub fn failure(&self) -> &'static str {
        "The hazard was not booked"
    }
}

fn whole(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(0)
}

/// How long the character holds their breath and survives choking: "1 +
/// their Endurance" minutes (at least 30 seconds), "Rounds equal to their
/// Endurance (minimum of 1 Round)".
pub fn breath_line(c: &Character) -> String {
    let b = water::breath(whole(c.exploration.trait_value("Endurance")));
    let hold = if b.hold_seconds >= 60 {
        crate::model::plural(b.hold_seconds / 60, "minute")
    } else {
        format!("{} seconds", b.hold_seconds)
    };
    format!(
        "{} holds their breath {hold}; out of breath or choking, they survive {}, then drop to 0 HP and are Dying",
        c.name,
        crate::model::plural(b.choke_rounds, "round")
    )
}

/// A trait plus a skill of the character.
fn bonus(c: &Character, trait_name: &str, skill: Option<&str>) -> i32 {
    let e = &c.exploration;
    whole(e.trait_value(trait_name) + skill.map_or(0, |s| e.skill_value(s)))
}

/// HP lost, never below 0.
fn hurt(c: &mut Character, damage: u32) -> String {
    let hp = &mut c.rounds.hp;
    hp.current = (hp.current - i64::from(damage)).max(0);
    format!("{damage} damage, HP {} of {}", hp.current, hp.max)
}

/// Whether `step` may be played now, and why not: a hazard's conditions
/// (sunk in quicksand or not, Doom to shed, the observers named) are
/// decided where it is played, so the check plays it on the campaign as it
/// is with dice of its own that nobody sees, and keeps only the verdict.
pub fn check(data: &CampaignData, step: &HazardStep) -> Result<()> {
    play(data, step, &mut Dice::seeded(0)).map(|_| ())
}

/// Plays a hazard on a character, rolling with `dice`.
pub fn play(data: &CampaignData, step: &HazardStep, dice: &mut Dice) -> Result<Edit> {
    let before = data
        .characters
        .get(&step.character)
        .ok_or(StepError::NoCharacter)?;
    let mut c = before.clone();
    let (label, line) = match &step.hazard {
        Hazard::Fall {
            height_m,
            glide,
            into_water,
            cause,
        } => fall(&mut c, *height_m, *glide, *into_water, *cause, dice)?,
        Hazard::ColdWater { minutes, depth_m } => cold_water(&mut c, *minutes, *depth_m, dice)?,
        Hazard::OutOfBreath => out_of_breath(&mut c),
        Hazard::RoughWater { tg } => rough_water(&c, *tg, dice)?,
        Hazard::Climb {
            metres,
            difficult,
            slippery_tg,
        } => climb(&mut c, *metres, *difficult, *slippery_tg, dice)?,
        Hazard::Quicksand {
            event,
            height_m,
            helper,
        } => {
            let helper = match (event, helper) {
                (QuicksandEvent::PullOut, Some(id)) if *id != step.character => {
                    Some(data.characters.get(id).ok_or(StepError::NoCharacter)?)
                }
                (QuicksandEvent::PullOut, _) => return Err(HazardError::NoHelper(c.name)),
                _ => None,
            };
            quicksand(&mut c, *event, *height_m, helper, dice)?
        }
        Hazard::Lava { exposure } => lava(&mut c, *exposure, dice)?,
        Hazard::Ice { thin } => ice(&mut c, *thin, dice)?,
        Hazard::Hide { observers, enemies } => hide(data, &mut c, observers, enemies, dice)?,
        Hazard::Deep => deep(&mut c)?,
        Hazard::Surface => surface(&mut c)?,
        Hazard::Clear { condition } => clear(&mut c, condition)?,
    };
    c.exploration.hazards.lines.push(line);
    Ok(Edit::new(
        label,
        vec![Change::character(Some(before), Some(&c))],
    ))
}

/// Out of breath: the rounds they can still hold it, then Dying.
fn out_of_breath(c: &mut Character) -> (String, String) {
    let name = c.name.clone();
    let breath = water::breath(whole(c.exploration.trait_value("Endurance")));
    let condition = format!(
        "Choking: {} left, then 0 HP and Dying",
        crate::model::plural(breath.choke_rounds, "round")
    );
    c.exploration.hazards.gain(&condition);
    (
        format!("{name} runs out of breath"),
        format!("{}; they are out of breath.", breath_line(c)),
    )
}

/// A swim through rough water: a Physique test against the water's TG.
fn rough_water(c: &Character, tg: i32, dice: &mut Dice) -> Result<(String, String)> {
    let name = &c.name;
    let (test, record) = ground::test_roll(dice, "Physique", bonus(c, "Physique", None), tg)
        .map_err(StepError::rules)?;
    Ok((
        format!("{name} swims rough water"),
        format!(
            "{name} swims rough water: {record}: {}.",
            if test.passed {
                "they make headway"
            } else {
                "the water has its way with them (the GM says how)"
            }
        ),
    ))
}

/// Lava's fire damage for the time spent in it.
fn lava(c: &mut Character, exposure: LavaExposure, dice: &mut Dice) -> Result<(String, String)> {
    let name = c.name.clone();
    let roll = ground::lava(exposure, dice).map_err(StepError::rules)?;
    let hurt = hurt(c, u32::try_from(roll.total).unwrap_or(0));
    Ok((
        format!("{name} is burnt by lava"),
        format!(
            "{name}, {} the lava: {}: {hurt}.",
            exposure.label().to_lowercase(),
            roll.record("fire")
        ),
    ))
}

/// Crossing ice: an Agility test, thin ice may give way.
fn ice(c: &mut Character, thin: bool, dice: &mut Dice) -> Result<(String, String)> {
    let name = c.name.clone();
    let result = ground::ice(
        &Ice {
            bonus: bonus(c, "Agility", None),
            thin,
        },
        dice,
    )
    .map_err(StepError::rules)?;
    let outcome = match result.outcome {
        IceOutcome::Stands => "keeps their feet".to_owned(),
        IceOutcome::Prone => {
            c.exploration.hazards.gain("Prone");
            "falls Prone".to_owned()
        }
        IceOutcome::FallsThrough => {
            c.exploration.hazards.gain("In extremely cold water");
            "breaks the thin ice and falls through into extremely cold water".to_owned()
        }
    };
    Ok((
        format!("{name} crosses ice"),
        format!("{name} crosses ice: {}: {outcome}.", result.record),
    ))
}

/// Hiding from the heroes and enemies watching, each contested in turn.
fn hide(
    data: &CampaignData,
    c: &mut Character,
    observers: &[(CharacterId, bool)],
    enemies: &[EnemyWatch],
    dice: &mut Dice,
) -> Result<(String, String)> {
    let name = c.name.clone();
    if observers.is_empty() && enemies.is_empty() {
        return Err(HazardError::NoObservers(name));
    }
    let mut watchers = Vec::new();
    let mut names = Vec::new();
    for (id, searching) in observers {
        if *id == c.id {
            return Err(HazardError::OwnObserver(name));
        }
        let o = data.characters.get(id).ok_or(StepError::NoCharacter)?;
        let skill = if *searching {
            "Investigation"
        } else {
            "Perception"
        };
        watchers.push(Observer {
            bonus: bonus(o, "Intuition", Some(skill)),
            searching: *searching,
        });
        names.push(o.name.clone());
    }
    for e in enemies {
        watchers.push(Observer {
            bonus: e.bonus,
            searching: e.searching,
        });
        names.push(e.name.clone());
    }
    let request = Hide {
        bonus: bonus(c, "Agility", Some("Stealth")),
        observers: watchers,
    };
    let result = senses::hide(&request, dice).map_err(StepError::rules)?;
    let against: Vec<String> = names
        .iter()
        .zip(&result.contests)
        .map(|(n, k)| {
            format!(
                "{n}'s {} {}: {}",
                crate::model::capitalised(k.skill),
                k.total,
                if k.hidden { "hidden" } else { "found" }
            )
        })
        .collect();
    let hidden = result.contests.iter().all(|k| k.hidden);
    if hidden {
        c.exploration.hazards.gain("Hidden");
    } else {
        c.exploration.hazards.lose("Hidden");
    }
    Ok((
        format!("{name} hides"),
        format!(
            "{name} hides: Stealth {} against {}{}.",
            result.total,
            against.join(", "),
            if hidden {
                "; Hidden, and those they hide from are Unaware"
            } else {
                ""
            }
        ),
    ))
}

/// A turn below 500 m without adaptation: one more Doom.
fn deep(c: &mut Character) -> Result<(String, String)> {
    let name = c.name.clone();
    let h = &mut c.exploration.hazards;
    if c.exploration.depth_adapted {
        return Err(HazardError::Adapted(name));
    }
    h.doom += 1;
    h.gain("Doom");
    Ok((
        format!("{name} spends a turn below 500 m"),
        format!(
            "{name} spends a turn at {ABYSS_M} m or below without adaptation: Doom {}; the Doom and the exhaustion gained here stay until they rise above {ABYSS_M} m.",
            h.doom
        ),
    ))
}

/// Rising above 500 m: the Doom ends, held exhaustion may be removed.
fn surface(c: &mut Character) -> Result<(String, String)> {
    let name = c.name.clone();
    let h = &mut c.exploration.hazards;
    if h.doom == 0 && h.held_exhaustion == 0 {
        return Err(HazardError::NotDeep(name));
    }
    let (doom, held) = (h.doom, h.held_exhaustion);
    h.doom = 0;
    h.held_exhaustion = 0;
    h.lose("Doom");
    let mut ended = Vec::new();
    if doom > 0 {
        ended.push(format!("Doom {doom} ends"));
    }
    if held > 0 {
        ended.push(format!(
            "the {} of exhaustion gained below can be removed again",
            crate::model::plural(held, "degree")
        ));
    }
    Ok((
        format!("{name} rises above 500 m"),
        format!("{name} rises above {ABYSS_M} m: {}.", ended.join(", and ")),
    ))
}

/// A condition the GM clears; Doom stays until they rise.
fn clear(c: &mut Character, condition: &str) -> Result<(String, String)> {
    let name = c.name.clone();
    let h = &mut c.exploration.hazards;
    if !h.conditions.iter().any(|k| k == condition) {
        return Err(HazardError::NoCondition(name, condition.to_lowercase()));
    }
    // "the Doom ... stay[s] until the character is above 500 m".
    if condition == "Doom" {
        return Err(HazardError::DoomStays(name));
    }
    // Out of the quicksand is out of both its conditions.
    if QUICKSAND_CONDITIONS.contains(&condition) {
        QUICKSAND_CONDITIONS.iter().for_each(|q| h.lose(q));
        h.sunk_m = 0.0;
    } else {
        h.lose(condition);
    }
    Ok((
        format!("{name} is no longer {}", condition.to_lowercase()),
        format!("{name} is no longer {condition}."),
    ))
}

fn fall(
    c: &mut Character,
    height_m: u32,
    glide: bool,
    into_water: bool,
    cause: FallCause,
    dice: &mut Dice,
) -> Result<(String, String)> {
    let name = c.name.clone();
    if cause == FallCause::FlyerHovering {
        return Ok((
            format!("{name} hovers"),
            format!("{name} cannot move but hovers: they keep their height."),
        ));
    }
    // Knocked prone, a flyer falls only for the turn the condition applies.
    let height_m = if cause == FallCause::FlyerProne {
        height_m.min(ground::FALL_PER_TURN_M)
    } else {
        height_m
    };
    let water_bonus =
        bonus(c, "Physique", Some("Athletics")).max(bonus(c, "Agility", Some("Acrobatics")));
    let result = ground::fall(
        &Fall {
            height_m,
            glide,
            into_water,
            bonus: water_bonus,
        },
        dice,
    )
    .map_err(StepError::rules)?;
    let working: Vec<String> = result.records.iter().map(ToString::to_string).collect();
    let hurt = hurt(c, result.damage);
    if result.prone {
        c.exploration.hazards.gain("Prone");
    }
    Ok((
        format!("{name} falls"),
        format!(
            "{name} falls {height_m} m ({}) over {}{}: {}{}; {hurt}{}.",
            cause.words(),
            crate::model::plural(result.turns, "turn"),
            if glide {
                format!(", gliding {} m across", result.horizontal_m)
            } else {
                String::new()
            },
            if working.is_empty() {
                "no dice".to_owned()
            } else {
                working.join("; ")
            },
            if into_water { " (into water)" } else { "" },
            if result.prone {
                ", and lands Prone"
            } else {
                ", and lands on their feet"
            }
        ),
    ))
}

fn cold_water(
    c: &mut Character,
    minutes: u32,
    depth_m: u32,
    dice: &mut Dice,
) -> Result<(String, String)> {
    let name = c.name.clone();
    let request = c.exploration.cold_water(minutes, depth_m);
    let result = water::cold_water(&request, dice).map_err(StepError::rules)?;
    let gained = i64::from(result.exhaustion);
    let e = &mut c.exploration;
    e.exhaustion += gained;
    if result.doom {
        e.hazards.held_exhaustion += gained;
    }
    let failed = result.tests.iter().filter(|t| !t.rolled.passed).count();
    // "failing by 5 or more gives 2": the totals decide the degrees.
    let by_five = result
        .tests
        .iter()
        .filter(|t| !t.rolled.passed && t.tg - t.rolled.total >= 5)
        .count();
    let mut totals: Vec<String> = result
        .tests
        .iter()
        .take(12)
        .map(|t| t.rolled.total.to_string())
        .collect();
    if result.tests.len() > totals.len() {
        totals.push("…".to_owned());
    }
    // The totals are the working (the die is a total less the bonus): the
    // players' view leaves "(totals …)" out where the dice are kept back.
    let tally = match (failed, by_five) {
        (0, _) => "none failed".to_owned(),
        (failed, 0) => format!("{failed} failed, none by 5 or more"),
        (failed, by_five) => format!("{failed} failed, {by_five} of them by 5 or more"),
    };
    let tally = if result.tests.is_empty() {
        tally
    } else {
        format!("{tally} (totals {})", totals.join(", "))
    };
    let line = if request.immune() {
        format!(
            "{name} swims {minutes} min in extremely cold water at {depth_m} m: immune to the cold."
        )
    } else {
        format!(
            "{name} swims {minutes} min in extremely cold water at {depth_m} m: {} min free, {} at TG 10, {tally}{}: +{gained} exhaustion, now {}{}.",
            result.free_minutes,
            crate::model::plural(result.tests.len(), "test"),
            if result.extra_degrees > 0 {
                format!(
                    ", +{} per failed test for the depth",
                    crate::model::plural(result.extra_degrees, "degree")
                )
            } else {
                String::new()
            },
            e.exhaustion,
            if result.doom {
                format!("; below {ABYSS_M} m these degrees stay until they rise above it")
            } else {
                String::new()
            }
        )
    };
    Ok((format!("{name} swims in extremely cold water"), line))
}

fn climb(
    c: &mut Character,
    metres: u32,
    difficult: bool,
    slippery_tg: Option<i32>,
    dice: &mut Dice,
) -> Result<(String, String)> {
    let name = c.name.clone();
    let speed = c.exploration.climb_speed;
    // "for every 1m of the surface they climb, it will cost them an
    // additional 1m of their Movement speed (meaning 3m if it is judged
    // Difficult Terrain)."
    let cost = if speed > 0 {
        format!("{metres} m at their Climbing speed of {speed} m")
    } else {
        let per = if difficult { 3 } else { 2 };
        format!(
            "{metres} m without a Climbing speed: {} m of Movement",
            metres * per
        )
    };
    let slip = match slippery_tg {
        Some(tg) => {
            let (test, record) =
                ground::test_roll(dice, "Physique", bonus(c, "Physique", None), tg)
                    .map_err(StepError::rules)?;
            format!(
                "; slippery: {record}: {}",
                if test.passed {
                    "they keep their grip"
                } else {
                    "they slip (a fall, if the GM says so)"
                }
            )
        }
        None => String::new(),
    };
    Ok((
        format!("{name} climbs"),
        format!("{name} climbs {cost}{slip}."),
    ))
}

fn quicksand(
    c: &mut Character,
    event: QuicksandEvent,
    height_m: f64,
    helper: Option<&Character>,
    dice: &mut Dice,
) -> Result<(String, String)> {
    let name = c.name.clone();
    let h = &c.exploration.hazards;
    if event != QuicksandEvent::Enter && h.sunk_m <= 0.0 {
        return Err(HazardError::NotSinking(name));
    }
    if event == QuicksandEvent::Enter && h.sunk_m > 0.0 {
        return Err(HazardError::Sinking(name));
    }
    let bonus = match (event, helper) {
        (QuicksandEvent::PullOut, Some(helper)) => bonus(helper, "Physique", None),
        _ => bonus(c, "Physique", None),
    };
    let result = ground::quicksand(
        &Quicksand {
            height_m,
            sunk_m: h.sunk_m,
            event,
            bonus,
        },
        dice,
    )
    .map_err(StepError::rules)?;
    let h = &mut c.exploration.hazards;
    h.sunk_m = if result.free { 0.0 } else { result.sunk_m };
    for (on, condition) in [
        (result.restrained && !result.free, QUICKSAND_CONDITIONS[0]),
        (result.submerged && !result.free, QUICKSAND_CONDITIONS[1]),
    ] {
        if on {
            h.gain(condition);
        } else {
            h.lose(condition);
        }
    }
    let test = result
        .record
        .as_ref()
        .map(|r| format!(": {r}"))
        .unwrap_or_default();
    let who = match (event, helper) {
        (QuicksandEvent::PullOut, Some(helper)) => format!("{} pulls at {name}", helper.name),
        _ => format!("{name}: {}", event.label().to_lowercase()),
    };
    let state = if result.free {
        "free of the quicksand".to_owned()
    } else {
        format!(
            "sunk {:.1} m{}{}",
            result.sunk_m,
            if result.restrained {
                ", Restrained"
            } else {
                ""
            },
            if result.submerged {
                ", fully submerged and cannot breathe"
            } else {
                ""
            }
        )
    };
    Ok((
        format!("{name} in quicksand"),
        format!("{who}{test}: {state}."),
    ))
}

// The domain's steps, played as any step is (`model::step`).
crate::model::step::domain_step!(HazardStep, HazardError, crate::model::LogKind::Hazard, check: check, play: play);
