//! A party: a named group of heroes and allies with a stash and Supplies.

use super::PartyId;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Party {
    pub id: PartyId,
    pub name: String,
    /// The travel rounds' Supplies: spent one per fed character at each camp.
    pub supplies: i64,
    pub notes: String,
}
