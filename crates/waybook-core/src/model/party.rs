//! A party: a named group of heroes and allies with a stash, Supplies, a
//! purse, a place on the map and a present of its own.

use super::{ClockTime, PartyId, Travel};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Party {
    pub id: PartyId,
    pub name: String,
    /// The travel rounds' Supplies: spent one per fed character at each camp.
    pub supplies: i64,
    pub notes: String,
    /// Coin in the party's purse: what Merchants and booked travel costs take.
    #[serde(default)]
    pub purse: i64,
    /// What the GM calls the coin ("silver").
    #[serde(default = "default_currency")]
    pub currency: String,
    /// Where the party is on the map, its tokens and what last camp left.
    #[serde(default)]
    pub travel: Travel,
    /// The party's present: the date and hour it has lived to. What it
    /// does moves it on; only undo moves it back (`world::present`). A
    /// document without it gives the campaign's clock (`old_documents`).
    pub now: ClockTime,
}

fn default_currency() -> String {
    "coin".to_owned()
}

impl Party {
    /// An empty party with no Supplies, an empty purse and no place on the
    /// map, living from `now`.
    pub fn new(id: PartyId, name: impl Into<String>, now: ClockTime) -> Self {
        Self {
            id,
            name: name.into(),
            supplies: 0,
            notes: String::new(),
            purse: 0,
            currency: default_currency(),
            travel: Travel::default(),
            now,
        }
    }
}
