//! The house rules a table decides where the texts leave it open, kept per
//! campaign and carried by packs: the travel methods a new journey starts
//! with (and their speeds), each enemy tier's stats ("Use the tier stats
//! under Enemies", which the texts do not give), and what one character
//! carries before being slowed, the types of animal and vehicle and an
//! overloaded party's speed (NOTES.md, "Animals and vehicles": house rules,
//! Waybook's defaults).

use super::Method;
use super::scene::{Tier, TierStats};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HouseRules {
    /// The methods of travel a new journey is planned with.
    #[serde(default = "Method::standard")]
    pub methods: Vec<Method>,
    /// The stats a new enemy of each tier starts with.
    #[serde(default)]
    pub tiers: Tiers,
    /// What one character carries before being slowed, in kg.
    #[serde(default = "default_carry_kg")]
    pub carry_kg: f64,
    /// The types of animal and their figures.
    #[serde(default = "super::AnimalType::standard")]
    pub animal_types: Vec<super::AnimalType>,
    /// Whether animals eat Supplies at camp, as allies do (the texts have
    /// animals use none; no camp action either way).
    #[serde(default)]
    pub animals_eat_supplies: bool,
    /// The types of vehicle and their figures.
    #[serde(default = "super::VehicleType::standard")]
    pub vehicle_types: Vec<super::VehicleType>,
    /// An overloaded party's speed, in percent of its own.
    #[serde(default = "default_overloaded_percent")]
    pub overloaded_percent: i64,
}

/// Waybook's default speed of an overloaded party: half its own.
pub const OVERLOADED_PERCENT: i64 = 50;

fn default_overloaded_percent() -> i64 {
    OVERLOADED_PERCENT
}

/// Waybook's default of what one character carries before being slowed:
/// a pack walked with all day (the texts give no figure).
pub const CARRY_KG: f64 = 25.0;

fn default_carry_kg() -> f64 {
    CARRY_KG
}

/// Each tier's stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tiers {
    pub minion: TierStats,
    pub elite: TierStats,
    pub boss: TierStats,
}

impl Default for Tiers {
    fn default() -> Self {
        Self {
            minion: Tier::Minion.stats(),
            elite: Tier::Elite.stats(),
            boss: Tier::Boss.stats(),
        }
    }
}

impl Tiers {
    pub fn of(&self, tier: Tier) -> TierStats {
        match tier {
            Tier::Minion => self.minion,
            Tier::Elite => self.elite,
            Tier::Boss => self.boss,
        }
    }

    pub fn of_mut(&mut self, tier: Tier) -> &mut TierStats {
        match tier {
            Tier::Minion => &mut self.minion,
            Tier::Elite => &mut self.elite,
            Tier::Boss => &mut self.boss,
        }
    }
}

impl Default for HouseRules {
    fn default() -> Self {
        Self {
            methods: Method::standard(),
            tiers: Tiers::default(),
            carry_kg: CARRY_KG,
            animal_types: super::AnimalType::standard(),
            animals_eat_supplies: false,
            vehicle_types: super::VehicleType::standard(),
            overloaded_percent: OVERLOADED_PERCENT,
        }
    }
}

impl HouseRules {
    /// The animal type named `name`.
    pub fn animal_type(&self, name: &str) -> Option<&super::AnimalType> {
        self.animal_types.iter().find(|t| t.name == name)
    }

    /// The vehicle type named `name`.
    pub fn vehicle_type(&self, name: &str) -> Option<&super::VehicleType> {
        self.vehicle_types.iter().find(|t| t.name == name)
    }
}
