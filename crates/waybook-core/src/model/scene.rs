//! A scene of the Travellers' Companion run at the table: an exploration
//! (beats) or a fight (rounds) with a party, its Threat, the round or beat
//! it is in, the wild dice awarded in it, its enemies, who has activated
//! this round and with which actions, who is down, and its log.

use super::{CharacterId, ClockTime, CultId, PartyId, SceneId, Track};
use serde::{Deserialize, Serialize};

waybook_rules::named_enum! {
    pub enum SceneMode("scene mode") {
        /// "No strict turn order. Each hero moves about 6" and tries one test per GM beat."
        Exploration => "exploration" as "Exploration (beats)",
        /// "1) Everyone rolls a D10 for priority; the GM rolls for Threat."
        Combat => "combat" as "Combat (rounds)",
    }
}

impl SceneMode {
    /// "round" or "beat".
    pub fn step(self) -> &'static str {
        match self {
            SceneMode::Exploration => "beat",
            SceneMode::Combat => "round",
        }
    }
}

/// A wild die the GM awarded, why, and on which game night.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WildAward {
    pub character: CharacterId,
    pub reason: String,
    /// The real date ("2026-12-01"): the game night it counts towards.
    pub night: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scene {
    pub id: SceneId,
    pub name: String,
    #[serde(default)]
    pub party: Option<PartyId>,
    pub mode: SceneMode,
    pub threat: i64,
    /// Rounds or beats begun.
    pub round: i64,
    /// Whether the current round or beat has begun and not ended.
    #[serde(default)]
    pub in_round: bool,
    pub started: ClockTime,
    #[serde(default)]
    pub finished: bool,
    #[serde(default)]
    pub awards: Vec<WildAward>,
    #[serde(default)]
    pub enemies: Vec<Enemy>,
    /// The models that have activated this round, in order.
    #[serde(default)]
    pub activated: Vec<Combatant>,
    /// The activation under way.
    #[serde(default)]
    pub activation: Option<Activation>,
    /// The models that bought a third action this round.
    #[serde(default)]
    pub third_actions: Vec<Combatant>,
    /// Heroes down, and the round they went down in.
    #[serde(default)]
    pub down: Vec<Downed>,
    /// This round's priority D10s, highest first: the order heroes act in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub priority: Vec<Priority>,
    /// The heroes who have made their test this beat: "each hero ... tries
    /// one test per GM beat".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tested: Vec<CharacterId>,
    #[serde(default)]
    pub lines: Vec<String>,
}

/// A hero's priority D10 for the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Priority {
    pub character: CharacterId,
    pub roll: u32,
}

/// A model in a fight: a hero of the party or an enemy of the scene (its
/// place in `enemies`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Combatant {
    Hero(CharacterId),
    Enemy(usize),
}

impl Combatant {
    /// "Players and GM alternate activating one model at a time."
    pub fn side(self) -> Side {
        match self {
            Combatant::Hero(_) => Side::Players,
            Combatant::Enemy(_) => Side::Gm,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Players,
    Gm,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Players => Side::Gm,
            Side::Gm => Side::Players,
        }
    }

    /// "the players'" or "the GM's".
    pub fn possessive(self) -> &'static str {
        match self {
            Side::Players => "the players'",
            Side::Gm => "the GM's",
        }
    }
}

waybook_rules::named_enum! {
    /// An action of an activation: "each takes 2 actions".
    pub enum Action("action") {
        Move => "move" as "Move",
        Shoot => "shoot" as "Shoot",
        Fight => "fight" as "Fight",
        Cast => "cast" as "Cast",
        /// A narrative test: a revive, a challenge.
        Narrative => "narrative" as "Narrative action",
        /// "The Rest action restores D3."
        Rest => "rest" as "Rest",
    }
}

impl Action {
    /// "Shoot, Fight and Cast can't be taken twice in one activation."
    pub fn once_per_activation(self) -> bool {
        matches!(self, Action::Shoot | Action::Fight | Action::Cast)
    }
}

/// The activation under way: whose, and the actions taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    pub who: Combatant,
    pub actions: Vec<Action>,
}

/// A hero down, and the round they went down in: "Still down at the end of
/// the following round? Roll a D6 after the scenario."
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Downed {
    pub character: CharacterId,
    pub round: i64,
    /// Still down at the end of the following round.
    #[serde(default)]
    pub still_down: bool,
}

waybook_rules::named_enum! {
    /// An enemy's tier: "Use the tier stats under Enemies".
    pub enum Tier("tier") {
        Minion => "minion" as "Minion",
        Elite => "elite" as "Elite",
        Boss => "boss" as "Boss",
    }
}

/// A tier's stats: Quality and Defence as target numbers, Wounds, Toughness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TierStats {
    pub quality: i64,
    pub defence: i64,
    pub wounds: i64,
    pub toughness: i64,
}

impl Tier {
    /// Waybook's tier stats: the text points to "the tier stats under
    /// Enemies" and gives none, so these are ours, on the scale of a
    /// standard hero (Quality and Defence 5+, 5 Wounds, 4 Toughness): a
    /// campaign's house rules start from them, and the GM edits them there
    /// and on each enemy.
    pub fn stats(self) -> TierStats {
        match self {
            Tier::Minion => TierStats {
                quality: 5,
                defence: 5,
                wounds: 1,
                toughness: 0,
            },
            Tier::Elite => TierStats {
                quality: 4,
                defence: 5,
                wounds: 3,
                toughness: 1,
            },
            Tier::Boss => TierStats {
                quality: 4,
                defence: 4,
                wounds: 6,
                toughness: 3,
            },
        }
    }

    /// "Elites and above carry the cult's trait."
    pub fn carries_trait(self) -> bool {
        self != Tier::Minion
    }
}

/// An enemy (or a group of them, named as one model) in a fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Enemy {
    pub name: String,
    pub tier: Tier,
    pub quality: i64,
    pub defence: i64,
    pub wounds: Track,
    pub toughness: Track,
    /// The cult its models are swapped in from, and which side of it.
    #[serde(default)]
    pub cult: Option<CultId>,
    #[serde(default)]
    pub bright: bool,
    /// "Roll a D10 at the start of each round. He uses Toughness only as
    /// armour." (NOTES.md: a rule the GM may attach to a boss.)
    #[serde(default)]
    pub boss_rule: bool,
}

impl Enemy {
    pub fn is_down(&self) -> bool {
        self.wounds.current <= 0
    }
}
