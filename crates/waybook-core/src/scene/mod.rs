//! Scenes of the Travellers' Companion as edits of the campaign: starting
//! one with a party, the Threat roll at the start of each round or beat
//! (with everyone's priority D10 in a fight), Threat +1 at its end, wild
//! dice awarded (never above 3) and spent, the challenge roll, the fight
//! (`fight`), and the end with the D6 for heroes still down.
//!
//! Every die comes from the app's one dice source; the rules engine
//! (`waybook_rules::companion`) judges it.

use crate::model::scene::{Priority, WildAward};
use crate::model::step::{StepError, shared_causes};
use crate::model::{
    CampaignData, Change, Character, CharacterId, Edit, PartyId, Scene, SceneId, SceneMode,
};
use waybook_rules::companion::challenge::{self, Difficulty, Outcome};
use waybook_rules::companion::hero::MAX_WILD_DICE;
use waybook_rules::companion::threat::{Threat, end_of_round, start_of_round};
use waybook_rules::dice::Dice;

pub mod fight;
pub use fight::{AttackOrder, FightStep};

/// The reasons the text gives for a wild die.
pub const WILD_REASONS: [&str; 5] = [
    "Playing to their drive",
    "A great description",
    "Giving a villain their moment",
    "Accepting a complication",
    "A strong success",
];

/// "Aim for one or two per player per session."
pub const WILD_GUIDE: &str = "the text's guide: one or two per player per session";

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SceneError {
    #[error("there is no such scene")]
    NoScene,
    #[error("the scene has ended")]
    Finished,
    #[error("“{0}” is still being played: end it first")]
    StillOpen(String),
    #[error("the {0} has begun already: end it first")]
    InRound(&'static str),
    #[error("no {0} has begun yet")]
    NoRound(&'static str),
    #[error("{0} holds {MAX_WILD_DICE} wild dice already: a hero holds at most {MAX_WILD_DICE}")]
    WildDiceFull(String),
    #[error("{0} holds no wild die to spend")]
    NoWildDie(String),
    #[error("{0} has no stat {1}")]
    NoStat(String, usize),
    #[error("{0} is not of the scene's party")]
    NotInScene(String),
    #[error("a revive is a test of Will or Dexterity, not {0}")]
    ReviveStat(String),
    #[error("there is no enemy {0} in the scene")]
    NoEnemy(usize),
    #[error("the scene has no enemies standing")]
    NoEnemies,
    #[error("there is no such cult")]
    NoCult,
    #[error("nobody is activating: activate a model first")]
    NoActivation,
    #[error("{0} is not activating: in a round only the activating model acts")]
    NotActivating(String),
    #[error("{0} has activated this round already")]
    Activated(String),
    #[error("{0} is down")]
    Down(String),
    #[error("it is {} turn: players and GM alternate activating one model at a time", .0.possessive())]
    OtherSide(crate::model::scene::Side),
    #[error(
        "{0} has taken {1} this activation: Shoot, Fight and Cast can't be taken twice in one activation"
    )]
    Twice(String, &'static str),
    #[error("{0} has taken both actions (a third costs 2 Toughness, once per round)")]
    NoActionsLeft(String),
    #[error("{0} has taken all three actions")]
    NoThirdLeft(String),
    #[error("{0} uses Toughness only as armour: no third action, no reroll, no Rest")]
    ArmourOnly(String),
    #[error("{0}: {1}")]
    Hero(String, waybook_rules::companion::hero::HeroError),
    #[error(
        "{0} has made a test this beat (“one test per GM beat”): tick “The GM allows another” to roll again"
    )]
    TestedThisBeat(String),
    #[error(transparent)]
    Step(#[from] StepError),
}

shared_causes!(SceneError);

type Result<T> = std::result::Result<T, SceneError>;

/// What the GM asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SceneStep {
    Start {
        name: String,
        party: Option<PartyId>,
        mode: SceneMode,
        threat: i64,
        /// A new scenario: everyone's Toughness refills.
        new_scenario: bool,
    },
    /// The start of a round or beat: the Threat D10 (and priority D10s).
    Begin {
        scene: SceneId,
    },
    /// The end phase: Threat +1.
    End {
        scene: SceneId,
    },
    Award {
        scene: SceneId,
        character: CharacterId,
        reason: String,
        night: String,
    },
    Spend {
        scene: SceneId,
        character: CharacterId,
    },
    /// A challenge roll: the stat (by its place on the sheet), the die.
    Challenge {
        scene: SceneId,
        character: CharacterId,
        stat: usize,
        difficulty: Difficulty,
        modifier: i32,
        wild_die: bool,
        /// The GM allows a hero a second test in one beat.
        again: bool,
    },
    Finish {
        scene: SceneId,
    },
    Fight {
        scene: SceneId,
        step: FightStep,
    },
}

impl SceneStep {
    /// What failed, in the GM's words, when the step cannot be played.
    pub fn failure(&self) -> &'static str {
        match self {
            SceneStep::Start { .. } => "The scene was not started",
            SceneStep::Begin { .. } | SceneStep::End { .. } => "Threat was not rolled",
            SceneStep::Award { .. } => "No wild die was awarded",
            SceneStep::Spend { .. } => "No wild die was spent",
            SceneStep::Challenge { .. } => "The challenge roll was not made",
            SceneStep::Finish { .. } => "The scene was not ended",
            SceneStep::Fight { step, .. } => step.failure(),
        }
    }
}

/// The scene and characters a step changes, turned into one edit.
struct Booking<'a> {
    data: &'a CampaignData,
    scene: Scene,
    characters: Vec<Character>,
}

impl<'a> Booking<'a> {
    fn open(data: &'a CampaignData, id: SceneId) -> Result<Self> {
        let scene = data.scenes.get(&id).cloned().ok_or(SceneError::NoScene)?;
        if scene.finished {
            return Err(SceneError::Finished);
        }
        Ok(Self {
            data,
            scene,
            characters: Vec::new(),
        })
    }

    fn character(&mut self, id: CharacterId) -> Result<&mut Character> {
        if !self.characters.iter().any(|c| c.id == id) {
            let c = self
                .data
                .characters
                .get(&id)
                .ok_or(StepError::NoCharacter)?;
            self.characters.push(c.clone());
        }
        self.characters
            .iter_mut()
            .find(|c| c.id == id)
            .ok_or(StepError::NoCharacter.into())
    }

    fn line(&mut self, line: String) {
        self.scene.lines.push(line);
    }

    fn edit(self, label: impl Into<String>) -> Edit {
        let mut changes = vec![Change::of(
            self.data.scenes.get(&self.scene.id),
            Some(&self.scene),
        )];
        changes.extend(
            self.characters
                .iter()
                .map(|c| Change::character(self.data.characters.get(&c.id), Some(c))),
        );
        Edit::new(label, changes)
    }
}

/// Spends one of the character's wild dice, or says they hold none.
fn spend_wild_die(c: &mut Character) -> Result<()> {
    if c.companion.wild_dice <= 0 {
        return Err(SceneError::NoWildDie(c.name.clone()));
    }
    c.companion.wild_dice -= 1;
    Ok(())
}

/// The characters of the scene's party, in id order: its people, not its
/// animals (neither heroes nor allies).
pub fn cast(data: &CampaignData, scene: &Scene) -> Vec<CharacterId> {
    scene
        .party
        .map(|p| {
            (data.members(p).filter(|c| !c.is_animal()))
                .map(|c| c.id)
                .collect()
        })
        .unwrap_or_default()
}

/// Wild dice awarded to a character on a game night, in every scene.
pub fn awarded_on(data: &CampaignData, character: CharacterId, night: &str) -> usize {
    data.scenes
        .values()
        .flat_map(|s| &s.awards)
        .filter(|a| a.character == character && a.night == night)
        .count()
}

/// Plays one step, rolling with `dice`.
/// Whether `step` may be played now, and why not. A scene step's
/// conditions (who is activating, the actions left, Toughness, wild dice,
/// the beat's one test) are decided where the step is played, so the check
/// plays it on the campaign as it is, with dice of its own that nobody
/// sees, and keeps only the verdict: a refusal is never said in two places.
/// The screens grey their buttons with it; [`play`] is the step itself.
pub fn check(data: &CampaignData, step: &SceneStep) -> Result<()> {
    play(data, step, &mut Dice::seeded(0)).map(|_| ())
}

/// The challenge roll `c` makes on their `stat`th stat (the request both
/// the roll and its odds read): the challenge die, the screen's one
/// modifier as the rules' ±1s, a wild die spent or not.
pub fn challenge_request(
    c: &crate::model::Character,
    stat: usize,
    difficulty: challenge::Difficulty,
    modifier: i32,
    wild_die: bool,
) -> Result<challenge::Challenge> {
    let s = (c.companion.stats.get(stat))
        .ok_or_else(|| SceneError::NoStat(c.name.clone(), stat + 1))?;
    Ok(challenge::Challenge {
        stat: u32::try_from(s.value).unwrap_or(10),
        difficulty,
        modifiers: waybook_rules::companion::as_modifiers(modifier),
        wild_die,
    })
}

/// Plays one step, rolling with `dice`.
pub fn play(data: &CampaignData, step: &SceneStep, dice: &mut Dice) -> Result<Edit> {
    match step {
        SceneStep::Start {
            name,
            party,
            mode,
            threat,
            new_scenario,
        } => start(data, name, *party, *mode, *threat, *new_scenario),
        SceneStep::Begin { scene } => begin(data, *scene, dice),
        SceneStep::End { scene } => end(data, *scene),
        SceneStep::Award {
            scene,
            character,
            reason,
            night,
        } => award(data, *scene, *character, reason, night),
        SceneStep::Spend { scene, character } => spend(data, *scene, *character),
        SceneStep::Challenge {
            scene,
            character,
            stat,
            difficulty,
            modifier,
            wild_die,
            again,
        } => {
            let mut book = Booking::open(data, *scene)?;
            // "Each hero ... tries one test per GM beat": a second one is
            // the GM's to allow.
            let beat = book.scene.mode == SceneMode::Exploration && book.scene.in_round;
            if beat && book.scene.tested.contains(character) {
                let name = book.character(*character)?.name.clone();
                if !again {
                    return Err(SceneError::TestedThisBeat(name));
                }
                book.line(format!("The GM allows {name} a second test this beat."));
            } else if beat {
                book.scene.tested.push(*character);
            }
            let c = book.character(*character)?;
            let request = challenge_request(c, *stat, *difficulty, *modifier, *wild_die)?;
            let s = (c.companion.stats.get(*stat).cloned())
                .ok_or_else(|| SceneError::NoStat(c.name.clone(), stat + 1))?;
            if *wild_die {
                spend_wild_die(c)?;
            }
            let result = challenge::challenge(&request, dice).map_err(StepError::rules)?;
            let name = c.name.clone();
            let outcome = match result.outcome {
                Outcome::Success => "success".to_owned(),
                Outcome::Failure => "failure".to_owned(),
                Outcome::Tie => {
                    "a tie: the player chooses, succeed at a cost or fail cleanly".to_owned()
                }
            };
            let working: Vec<String> = result.records.iter().map(ToString::to_string).collect();
            book.line(format!(
                "{name}'s challenge roll on {} {}+ against the {} die: {}. {outcome}.",
                s.name,
                s.value,
                difficulty.label().to_lowercase(),
                working.join("; ")
            ));
            Ok(book.edit(format!("{name}'s challenge roll")))
        }
        SceneStep::Finish { scene } => finish(data, *scene, dice),
        SceneStep::Fight { scene, step } => fight::play(data, *scene, step, dice),
    }
}

/// A scene opened for the party, with Threat and the cast's wounds as the
/// texts say a scene or a scenario starts.
fn start(
    data: &CampaignData,
    name: &str,
    party: Option<PartyId>,
    mode: SceneMode,
    threat: i64,
    new_scenario: bool,
) -> Result<Edit> {
    if let Some(open) = data.scenes.values().find(|s| !s.finished) {
        return Err(SceneError::StillOpen(open.name.clone()));
    }
    let name = if name.trim().is_empty() {
        format!("Scene of {}", data.settings.clock)
    } else {
        name.trim().to_owned()
    };
    let scene = Scene {
        id: data.next_id::<crate::model::Scene>(),
        name: name.clone(),
        party,
        mode,
        threat: threat.max(0),
        round: 0,
        in_round: false,
        started: data.settings.clock,
        finished: false,
        awards: Vec::new(),
        enemies: Vec::new(),
        activated: Vec::new(),
        activation: None,
        third_actions: Vec::new(),
        down: Vec::new(),
        priority: Vec::new(),
        tested: Vec::new(),
        lines: vec![format!(
            "{}: {name} begins, {}, Threat {}.",
            data.settings.clock.stamp(),
            mode.label().to_lowercase(),
            threat.max(0)
        )],
    };
    let mut book = Booking {
        data,
        scene,
        characters: Vec::new(),
    };
    for id in cast(data, &book.scene) {
        let c = book.character(id)?;
        let mut hero = fight::hero_of(c);
        hero.new_scene();
        if new_scenario {
            hero.new_scenario();
        }
        fight::store_hero(c, &hero);
    }
    book.line(if new_scenario {
        "A new scenario: Wounds return and Toughness refills.".to_owned()
    } else {
        "Wounds return between scenes.".to_owned()
    });
    Ok(book.edit(format!("Start {name}")))
}

/// "At the end of each round ... Threat increases by 1"; the downed still
/// down are named.
fn end(data: &CampaignData, scene: SceneId) -> Result<Edit> {
    let mut book = Booking::open(data, scene)?;
    let step = book.scene.mode.step();
    if !book.scene.in_round {
        return Err(SceneError::NoRound(step));
    }
    let before = book.scene.threat;
    book.scene.threat = i64::from(end_of_round(before.max(0) as u32));
    book.scene.in_round = false;
    let round = book.scene.round;
    book.end_activation()?;
    let mut still: Vec<CharacterId> = Vec::new();
    for d in &mut book.scene.down {
        if d.round < round && !d.still_down {
            d.still_down = true;
            still.push(d.character);
        }
    }
    for id in still {
        let name = book.character(id)?.name.clone();
        book.line(format!(
            "{name} is still down at the end of the following round: a D6 after the scenario."
        ));
    }
    book.line(format!(
        "End of {step} {round}: Threat +1, {before} → {}.",
        book.scene.threat
    ));
    Ok(book.edit(format!("End {step} {round}")))
}

/// A wild die awarded to a hero for `reason`.
fn award(
    data: &CampaignData,
    scene: SceneId,
    character: CharacterId,
    reason: &str,
    night: &str,
) -> Result<Edit> {
    let mut book = Booking::open(data, scene)?;
    let c = book.character(character)?;
    if c.companion.wild_dice >= i64::from(MAX_WILD_DICE) {
        return Err(SceneError::WildDiceFull(c.name.clone()));
    }
    c.companion.wild_dice += 1;
    let line = format!(
        "{} gains a wild die ({}): {} held.",
        c.name,
        reason.to_lowercase(),
        c.companion.wild_dice
    );
    let name = c.name.clone();
    book.scene.awards.push(WildAward {
        character,
        reason: reason.to_owned(),
        night: night.to_owned(),
    });
    book.line(line);
    Ok(book.edit(format!("Award {name} a wild die")))
}

/// A wild die spent by a hero.
fn spend(data: &CampaignData, scene: SceneId, character: CharacterId) -> Result<Edit> {
    let mut book = Booking::open(data, scene)?;
    let c = book.character(character)?;
    spend_wild_die(c)?;
    let line = format!(
        "{} spends a wild die: {} held.",
        c.name, c.companion.wild_dice
    );
    let name = c.name.clone();
    book.line(line);
    Ok(book.edit(format!("{name} spends a wild die")))
}

/// "At the start of each round or beat the GM rolls a D10" and, in a
/// fight, "Everyone rolls a D10 for priority".
fn begin(data: &CampaignData, id: SceneId, dice: &mut Dice) -> Result<Edit> {
    let mut book = Booking::open(data, id)?;
    let step = book.scene.mode.step();
    if book.scene.in_round {
        return Err(SceneError::InRound(step));
    }
    book.scene.round += 1;
    book.scene.in_round = true;
    book.scene.activated.clear();
    book.scene.activation = None;
    book.scene.third_actions.clear();
    book.scene.tested.clear();
    book.scene.priority.clear();
    let round = book.scene.round;
    let threat = u32::try_from(book.scene.threat).unwrap_or(0);
    let rolled = start_of_round(&Threat { threat }, dice).map_err(StepError::rules)?;
    let event = if rolled.event {
        format!(
            "an event triggers! Threat drops by 2, {threat} → {}.",
            rolled.threat
        )
    } else {
        "no event.".to_owned()
    };
    book.scene.threat = i64::from(rolled.threat);
    book.line(format!(
        "{} {round}: Threat d10 = {} against Threat {threat}: {event}",
        crate::model::capitalised(step),
        rolled.roll
    ));
    if book.scene.mode == SceneMode::Combat {
        let mut order = Vec::new();
        for character in cast(data, &book.scene) {
            order.push(Priority {
                character,
                roll: dice.roll(10)?,
            });
        }
        // Highest first; a tie keeps the party's order.
        order.sort_by_key(|p| std::cmp::Reverse(p.roll));
        let said: Vec<String> = order
            .iter()
            .map(|p| {
                let name = data
                    .characters
                    .get(&p.character)
                    .map_or("?", |c| c.name.as_str());
                format!("{name} {}", p.roll)
            })
            .collect();
        book.line(format!("Priority D10s: {}.", said.join(", ")));
        book.scene.priority = order;
        let bosses: Vec<String> = (book.scene.enemies.iter())
            .filter(|e| e.boss_rule && !e.is_down())
            .map(|e| e.name.clone())
            .collect();
        for name in bosses {
            let roll = dice.roll(10)?;
            book.line(format!("{name}'s D10 at the start of the round: {roll}."));
        }
    }
    Ok(book.edit(format!("Begin {step} {round}")))
}

/// The end of the scene: "Still down at the end of the following round?
/// Roll a D6 after the scenario", read on the campaign's injury table when
/// it has one (its row written to the hero's injuries).
fn finish(data: &CampaignData, id: SceneId, dice: &mut Dice) -> Result<Edit> {
    let mut book = Booking::open(data, id)?;
    book.end_activation()?;
    book.scene.finished = true;
    book.scene.in_round = false;
    // The table the d6 is read on, or why it cannot be: none, still
    // Waybook's placeholder (its row would be no injury), or malformed.
    let injuries = data.table_named(crate::model::advancement::INJURY_TABLE);
    let on = injuries.map_or_else(
        || "injury table".to_owned(),
        |t| t.marked_as("injury table"),
    );
    let table = match injuries {
        None => Err("the campaign has no injury table to read it on".to_owned()),
        Some(t) if t.is_placeholder() => {
            Err("the injury table still holds Waybook's placeholder".to_owned())
        }
        Some(t) => t
            .rollable()
            .map_err(|e| format!("the injury table cannot be read: {e}")),
    };
    let still: Vec<CharacterId> = book
        .scene
        .down
        .iter()
        .filter(|d| d.still_down)
        .map(|d| d.character)
        .collect();
    for c in still {
        let face = waybook_rules::companion::hero::still_down_roll(dice)?;
        // The row read, with the tables and dice it names rolled in.
        let row = table.as_ref().map_err(Clone::clone).and_then(|t| {
            let Some(read) = t.lookup(face as i32) else {
                return Ok(None);
            };
            match injuries.map(|def| def.expand_in(data, &read.result, dice)) {
                Some(Ok(expanded)) => Ok(Some(expanded)),
                Some(Err(e)) => Err(format!("the injury table cannot be read: {e}")),
                None => Ok(Some((read.result.clone(), Vec::new()))),
            }
        });
        let hero = book.character(c)?;
        let name = hero.name.clone();
        let line = match row {
            Ok(Some((injury, working))) => {
                hero.companion.injuries.push(injury.clone());
                let beneath = working
                    .iter()
                    .map(|w| format!(" · {w}"))
                    .collect::<String>();
                format!("{name} was still down: d6 = {face} on the {on}{beneath}: {injury}.")
            }
            Ok(None) => format!(
                "{name} was still down: d6 = {face}, which the injury table has no row for: the GM reads it."
            ),
            Err(why) => format!("{name} was still down: d6 = {face} ({why}: the GM reads it)."),
        };
        book.line(line);
    }
    let name = book.scene.name.clone();
    book.line(format!("{name} ends."));
    Ok(book.edit(format!("End the scene {name}")))
}

// The domain's steps, played as any step is (`model::step`).
crate::model::step::domain_step!(SceneStep, SceneError, crate::model::LogKind::Scene, check: check, play: play);
