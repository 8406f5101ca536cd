//! The players at the table, each a record with an id of its own. A
//! character names its player by id, and a text the GM shares with named
//! players names them by id: correcting a player's name keeps what they
//! were shown, and a new player given a name someone once had starts with
//! nothing shared. "GM" on a character marks the GM's own, never a player.

use super::PlayerId;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
}

impl Player {
    pub fn new(id: PlayerId, name: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
        }
    }

    /// Whether `name` is the GM's mark rather than a player's name.
    pub fn is_gm(name: &str) -> bool {
        name.trim().eq_ignore_ascii_case("gm")
    }
}
