//! A character and its three sheets, one per rule text.

use super::{CharacterId, PartyId};
use serde::{Deserialize, Serialize};

waybook_rules::named_enum! {
    pub enum CharacterKind("character kind") {
        Hero => "hero" as "Hero",
        Ally => "ally" as "Ally",
        Npc => "npc" as "NPC",
        Traveller => "traveller" as "The Traveller",
        Animal => "animal" as "Animal",
    }
}

/// A current value out of a maximum: Wounds, Toughness, HP, MP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Track {
    pub current: i64,
    pub max: i64,
}

impl Track {
    pub fn full(max: i64) -> Self {
        Self { current: max, max }
    }
}

/// A named number: a Companion stat (a target number) or an exploration trait.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedStat {
    pub name: String,
    pub value: i64,
}

impl NamedStat {
    pub fn new(name: &str, value: i64) -> Self {
        Self {
            name: name.to_owned(),
            value,
        }
    }
}

/// An exploration skill and its bonus. Training is in a gatherer's tool
/// (the text's only training), kept in [`ExplorationSheet::tools`] and
/// shown beside the skill the text pairs the tool with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skill {
    pub name: String,
    pub value: i64,
}

/// The Travellers' Companion section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompanionSheet {
    /// D10 stats as target numbers ("4+"): Will, Dexterity and any the GM adds.
    pub stats: Vec<NamedStat>,
    pub quality: i64,
    pub defence: i64,
    pub wounds: Track,
    pub toughness: Track,
    pub wild_dice: i64,
    pub xp: i64,
    pub powers: Vec<String>,
    pub talents: Vec<String>,
    pub injuries: Vec<String>,
    pub drive: String,
    /// Advances taken, one per level gained.
    #[serde(deserialize_with = "super::advancement::advances_from_records_or_text")]
    pub advances: Vec<super::Advance>,
    /// "A Pilgrim may take one Cleric power, cast on their own Will."
    #[serde(default)]
    pub pilgrim: bool,
    /// The Traveller's memories: "as the campaign goes on, he remembers."
    #[serde(default)]
    pub memories: Vec<super::Memory>,
}

impl CompanionSheet {
    /// The advances in level order, each with its place in `advances`.
    pub fn advances_by_level(&self) -> Vec<(usize, &super::Advance)> {
        let mut by_level: Vec<_> = self.advances.iter().enumerate().collect();
        by_level.sort_by_key(|(_, a)| a.level);
        by_level
    }

    /// The Wounds `kind` starts with: "5 for a standard hero, 9 for The
    /// Traveller".
    pub fn kind_wounds(kind: CharacterKind) -> i64 {
        use waybook_rules::companion::hero::{STANDARD_WOUNDS, TRAVELLER_WOUNDS};
        i64::from(if kind == CharacterKind::Traveller {
            TRAVELLER_WOUNDS
        } else {
            STANDARD_WOUNDS
        })
    }

    /// The most Wounds a character of `kind` has by the rules: the kind's,
    /// and one for each +1 Wounds advance taken.
    pub fn wounds_by_the_rules(&self, kind: CharacterKind) -> i64 {
        let advances = (self.advances.iter())
            .filter(|a| a.kind == super::AdvanceKind::Wounds)
            .count();
        Self::kind_wounds(kind) + advances as i64
    }

    /// A standard hero: 5 Wounds, 4 Toughness; the Traveller has 9 Wounds.
    pub fn for_kind(kind: CharacterKind) -> Self {
        Self {
            stats: vec![NamedStat::new("Will", 5), NamedStat::new("Dexterity", 5)],
            ..Self::without_stats(kind)
        }
    }

    /// [`Self::for_kind`] with no stats yet (nothing allocated).
    fn without_stats(kind: CharacterKind) -> Self {
        let wounds = Self::kind_wounds(kind);
        let toughness = i64::from(waybook_rules::companion::hero::STANDARD_TOUGHNESS);
        Self {
            stats: Vec::new(),
            quality: 5,
            defence: 5,
            wounds: Track::full(wounds),
            toughness: Track::full(toughness),
            wild_dice: 0,
            xp: 0,
            powers: Vec::new(),
            talents: Vec::new(),
            injuries: Vec::new(),
            drive: String::new(),
            advances: Vec::new(),
            pilgrim: false,
            memories: Vec::new(),
        }
    }
}

/// The six combat roles' ranks (travel rounds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RoleRanks {
    pub striker: i64,
    pub caster: i64,
    pub healer: i64,
    pub defender: i64,
    pub support: i64,
    pub saboteur: i64,
}

/// The travel rounds section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundsSheet {
    pub body: i64,
    pub mind: i64,
    pub spirit: i64,
    pub hp: Track,
    pub mp: Track,
    pub ranks: RoleRanks,
    pub injuries: Vec<String>,
    pub statuses: Vec<String>,
}

impl Default for RoundsSheet {
    fn default() -> Self {
        Self {
            body: 4,
            mind: 4,
            spirit: 4,
            hp: Track::full(10),
            mp: Track::full(6),
            ranks: RoleRanks::default(),
            injuries: Vec::new(),
            statuses: Vec::new(),
        }
    }
}

/// Immunity, resistance or Reduction X to cold or to heat (fire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Protection {
    pub immune: bool,
    pub resistant: bool,
    /// Reduction X: the first X hours (or minutes in cold water) are free.
    pub reduction: i64,
}

/// The exploration and travel section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExplorationSheet {
    pub traits: Vec<NamedStat>,
    pub skills: Vec<Skill>,
    pub exhaustion: i64,
    /// Of those degrees, the ones hunger gave: a long rest cannot remove them
    /// until the character has had a full day of food.
    pub starvation: i64,
    /// Counted in halves: a day on half rations adds 0.5.
    pub days_without_food: f64,
    /// The character's daily food and drink as a percentage of the usual
    /// 40 units: "Features or effects may require the amount of Units needed
    /// to be consumed per Day is increased or decreased by a multiplicative
    /// amount" (150 for a big eater, 50 for a small one).
    #[serde(default = "usual_food_need")]
    pub food_percent: i64,
    pub cold: Protection,
    pub heat: Protection,
    /// Metres per turn; 0 means no swimming speed.
    pub swim_speed: i64,
    pub climb_speed: i64,
    pub altitude_adapted: bool,
    pub depth_adapted: bool,
    /// The gatherer's tools the character is trained in: their Item Bonus
    /// counts for tests made with them.
    #[serde(default)]
    pub tools: Vec<super::ToolKind>,
    /// Senses with their ranges, one entry per source.
    #[serde(default)]
    pub senses: Vec<super::hazard::Sense>,
    /// What the hazards left: conditions, Doom, the degrees held below 500 m,
    /// how deep in quicksand.
    #[serde(default)]
    pub hazards: super::hazard::HazardState,
}

pub const STANDARD_TRAITS: [&str; 4] = ["Physique", "Agility", "Endurance", "Intuition"];
pub const STANDARD_SKILLS: [&str; 9] = [
    "Stamina",
    "Nature",
    "Animal Handling",
    "Focus",
    "Stealth",
    "Perception",
    "Investigation",
    "Athletics",
    "Acrobatics",
];

fn usual_food_need() -> i64 {
    100
}

impl ExplorationSheet {
    /// How many times the usual 40 units the character needs on a day whose
    /// weather multiplies the need by `day_multiplier` (2 in extreme heat).
    pub fn food_multiplier(&self, day_multiplier: f64) -> f64 {
        day_multiplier * self.food_percent as f64 / 100.0
    }
}

impl Default for ExplorationSheet {
    fn default() -> Self {
        Self {
            traits: STANDARD_TRAITS
                .iter()
                .map(|t| NamedStat::new(t, 0))
                .collect(),
            skills: STANDARD_SKILLS
                .iter()
                .map(|s| Skill {
                    name: (*s).to_owned(),
                    value: 0,
                })
                .collect(),
            ..Self::without_stats()
        }
    }
}

impl ExplorationSheet {
    /// The standard sheet with no traits or skills yet (nothing allocated).
    fn without_stats() -> Self {
        Self {
            traits: Vec::new(),
            skills: Vec::new(),
            exhaustion: 0,
            starvation: 0,
            days_without_food: 0.0,
            food_percent: usual_food_need(),
            cold: Protection::default(),
            heat: Protection::default(),
            swim_speed: 0,
            climb_speed: 0,
            altitude_adapted: false,
            depth_adapted: false,
            tools: Vec::new(),
            senses: Vec::new(),
            hazards: super::hazard::HazardState::default(),
        }
    }

    pub fn trait_value(&self, name: &str) -> i64 {
        self.traits
            .iter()
            .find(|t| t.name == name)
            .map_or(0, |t| t.value)
    }

    pub fn skill_value(&self, name: &str) -> i64 {
        self.skills
            .iter()
            .find(|s| s.name == name)
            .map_or(0, |s| s.value)
    }

    /// The total modifier to an Endurance (Stamina) test.
    pub fn endurance_bonus(&self) -> i64 {
        self.trait_value("Endurance") + self.skill_value("Stamina")
    }

    /// Swimming `minutes` in extremely cold water at `depth_m`, as the rules
    /// engine reads this character: their Endurance, its test bonus, their
    /// cold Reduction, Immunity or Resistance, and adaptation to the depths.
    pub fn cold_water(
        &self,
        minutes: u32,
        depth_m: u32,
    ) -> waybook_rules::travel::water::ColdWater {
        use waybook_rules::travel::water::Protection;
        let whole = |v: i64| i32::try_from(v).unwrap_or(0);
        waybook_rules::travel::water::ColdWater {
            endurance: whole(self.trait_value("Endurance")),
            bonus: whole(self.endurance_bonus()),
            minutes,
            reduction: u32::try_from(self.cold.reduction).unwrap_or(0),
            depth_m,
            protection: match (self.cold.immune, self.cold.resistant) {
                (true, _) => Protection::Immunity,
                (false, true) => Protection::Resistance,
                _ => Protection::None,
            },
            adapted: self.depth_adapted,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Character {
    pub id: CharacterId,
    pub name: String,
    /// Who plays it: none for the GM's own (an NPC, an ally the GM runs).
    #[serde(default)]
    pub player: Option<super::PlayerId>,
    pub kind: CharacterKind,
    pub party: Option<PartyId>,
    pub notes: String,
    /// Who may see the notes besides the GM (GM only by default).
    #[serde(default, skip_serializing_if = "super::Visibility::is_gm_only")]
    pub notes_shown: super::Visibility,
    pub companion: CompanionSheet,
    pub rounds: RoundsSheet,
    pub exploration: ExplorationSheet,
    /// An animal's type and rider: set exactly when `kind` is an animal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub animal: Option<super::Animal>,
}

impl Character {
    /// Whether it is an animal: a member who marches, eats and tires, but
    /// neither hero nor ally.
    pub fn is_animal(&self) -> bool {
        self.kind == CharacterKind::Animal
    }

    /// A fresh character with the rule texts' standard values.
    pub fn new(id: CharacterId, name: impl Into<String>, kind: CharacterKind) -> Self {
        Self {
            name: name.into(),
            companion: CompanionSheet::for_kind(kind),
            exploration: ExplorationSheet::default(),
            ..Self::without_named_stats(id, kind)
        }
    }

    /// A fresh character with no name and no named stats (Companion stats,
    /// traits, skills) at all, nothing allocated: for a reader that fills
    /// them from the file.
    pub fn without_named_stats(id: CharacterId, kind: CharacterKind) -> Self {
        Self {
            id,
            name: String::new(),
            player: None,
            kind,
            party: None,
            notes: String::new(),
            notes_shown: super::Visibility::Gm,
            companion: CompanionSheet::without_stats(kind),
            rounds: RoundsSheet::default(),
            exploration: ExplorationSheet::without_stats(),
            animal: None,
        }
    }
}
