//! A scene of the Travellers' Companion run at the table: an exploration
//! (beats) or a fight (rounds) with a party, its Threat, the round or beat
//! it is in, the wild dice awarded in it, and its log.

use super::choice::{choice, named_choice};
use super::{CharacterId, ClockTime, PartyId, SceneId};
use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumMessage, IntoStaticStr};

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    EnumIter,
    IntoStaticStr,
    EnumMessage,
    Serialize,
    Deserialize,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum SceneMode {
    /// "No strict turn order. Each hero moves about 6" and tries one test per GM beat."
    #[strum(message = "Exploration (beats)")]
    Exploration,
    /// "1) Everyone rolls a D10 for priority; the GM rolls for Threat."
    #[strum(message = "Combat (rounds)")]
    Combat,
}

choice!(SceneMode);
named_choice!(crate::rules::companion::challenge::Difficulty);

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
    pub lines: Vec<String>,
}
