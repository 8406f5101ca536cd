//! A party: a named group of heroes and allies with a stash, Supplies, a
//! purse and a place on the map.

use super::{PartyId, Travel};
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
}

fn default_currency() -> String {
    "coin".to_owned()
}

impl Party {
    /// An empty party with no Supplies, an empty purse and no place on the map.
    pub fn new(id: PartyId, name: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
            supplies: 0,
            notes: String::new(),
            purse: 0,
            currency: default_currency(),
            travel: Travel::default(),
        }
    }
}

/// The columns of a party's members table: each one's heading, whether it
/// holds a number (set right), and its share of the width.
pub fn member_columns(s: &super::Settings) -> Vec<(&'static str, bool, f32)> {
    let mut columns = vec![
        ("Name", false, 2.6),
        ("Kind", false, 2.0),
        ("Player", false, 1.4),
    ];
    if s.companion {
        columns.extend([("Wounds", true, 1.0), ("Wild", true, 0.7)]);
    }
    if s.rounds {
        columns.extend([("HP", true, 1.0), ("MP", true, 1.0)]);
    }
    if s.exploration {
        columns.extend([("Exhaustion", true, 1.3), ("Unfed days", true, 1.3)]);
    }
    columns
}

/// One member's row under [`member_columns`]: name, kind, player and the
/// figures of each rule text the campaign plays.
pub fn member_row(data: &super::CampaignData, c: &super::Character) -> Vec<String> {
    let s = &data.settings;
    let track = |t: &super::Track| format!("{}/{}", t.current, t.max);
    let player = data.player_name(c.player).to_owned();
    let mut row = vec![c.name.clone(), c.kind.label().to_owned(), player];
    if s.companion {
        row.extend([
            track(&c.companion.wounds),
            c.companion.wild_dice.to_string(),
        ]);
    }
    if s.rounds {
        row.extend([track(&c.rounds.hp), track(&c.rounds.mp)]);
    }
    if s.exploration {
        let unfed = super::decimal(c.exploration.days_without_food);
        row.extend([c.exploration.exhaustion.to_string(), unfed]);
    }
    row
}
