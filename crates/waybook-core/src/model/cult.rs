//! The campaign's cults: "Each lesser god has a bright cult (allies,
//! rivals, Pilgrim patrons) and a dark cult (enemies)", each with its cult
//! rule and the trait its elites and above carry.

use super::CultId;
use serde::{Deserialize, Serialize};

/// One side of a lesser god's worship.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CultSide {
    pub name: String,
    /// "apply its cult rule": to every model of the cult.
    #[serde(default)]
    pub rule: String,
    /// "Elites and above carry the cult's trait."
    #[serde(default)]
    pub trait_: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cult {
    pub id: CultId,
    /// The lesser god.
    pub god: String,
    /// Allies, rivals, Pilgrim patrons.
    pub bright: CultSide,
    /// Enemies.
    pub dark: CultSide,
}

impl Cult {
    /// The bright or the dark cult.
    pub fn side(&self, bright: bool) -> &CultSide {
        if bright { &self.bright } else { &self.dark }
    }

    pub fn side_mut(&mut self, bright: bool) -> &mut CultSide {
        if bright {
            &mut self.bright
        } else {
            &mut self.dark
        }
    }

    /// The side's name, or "bright cult of X" while it has none.
    pub fn side_name(&self, bright: bool) -> String {
        let side = self.side(bright);
        if side.name.trim().is_empty() {
            let which = if bright { "bright" } else { "dark" };
            format!("the {which} cult of {}", self.god)
        } else {
            side.name.clone()
        }
    }
}
