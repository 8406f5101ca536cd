//! A party's travel-rounds state (where it is, its tokens, what last camp
//! left for tomorrow) and the travel log: one record per travel round, with
//! the phase it has reached and each roll's working.

use super::{MapPathId, OnPath, PartyId, PlaceId, TravelRoundId};
use serde::{Deserialize, Serialize};

/// What a party carries from one travel round to the next.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Travel {
    /// The place the party is at, when not on a path.
    pub place: Option<PlaceId>,
    /// The path it is on, when travelling.
    pub on_path: Option<OnPath>,
    /// Pathfinding 🜉: one turns a failed pathfind into a success.
    pub pathfinding_tokens: i64,
    /// Exploration 🜹, earned from Landmarks.
    pub exploration_tokens: i64,
    /// Navigation modifiers the party has (maps, a Guide), taken off the difficulty.
    pub modifiers: i64,
    /// Someone took Explore at the last camp: +2 on the next pathfind.
    pub explored: bool,
    /// A successful Scout cast tomorrow's encounter die tonight: its face,
    /// read against the path the party takes tomorrow.
    pub scouted: Option<u32>,
    /// A successful Divine told tomorrow's weather tonight.
    pub forecast_weather: Option<String>,
    /// Off the map, after an uncharted stretch of a trip (issue 53): how
    /// far past the last place the map saw it at, toward what. Neither at
    /// a place nor on a path then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beyond: Option<Beyond>,
}

/// Where an uncharted stretch of a trip took its party: `km` past the
/// place `from` where the map last saw it, on the way to `toward` (the
/// next place its route reaches on the map, when it reaches one).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Beyond {
    pub from: PlaceId,
    pub km: f64,
    pub toward: Option<PlaceId>,
}

/// The phase a travel round has reached: the next one to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundStep {
    /// Pathfinding failed and the party holds a 🜉: spend it, or roll the setback.
    Setback,
    Encounter,
    Camping,
    Done,
}

/// One travel round of a party, as the log keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TravelRound {
    pub id: TravelRoundId,
    pub party: PartyId,
    pub path: MapPathId,
    pub toward: PlaceId,
    /// The campaign day it was travelled.
    pub day: i64,
    /// A partial round has no Camping Phase.
    pub partial: bool,
    pub next: RoundStep,
    /// The failed pathfinding d10 waiting on the 🜉-or-setback choice.
    #[serde(default)]
    pub pending_roll: Option<u32>,
    /// The Encounter Phase met Fellow Travelers: no Supplies spent tonight.
    pub fellow_travelers: bool,
    /// The Encounter Phase met a Merchant: the party may buy from the merchant table.
    pub merchant: bool,
    /// What the Encounter Phase met: a hazard or warriors is run as a scene.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub met: Option<waybook_rules::rounds::encounter::Kind>,
    /// The Navigation Phase brought the party no closer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_progress: Option<super::NoProgress>,
    /// The region it was travelled in (its stretch of the path's), whose
    /// weather and encounter tables it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<super::RegionId>,
    /// The weather it was travelled in (its region's as it fell, the
    /// campaign's weather table's roll, or a Divine's word), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weather: Option<String>,
    /// The Supplies its Camping Phase spent, once camp is made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplies_spent: Option<i64>,
    /// The round as it happened: weather, each roll with its working, what was booked.
    pub lines: Vec<String>,
}

/// A ware of the campaign's merchant table: what one purchase gives and costs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ware {
    pub id: super::WareId,
    pub name: String,
    /// Price in the party's coin.
    pub price: i64,
    /// Supplies one purchase adds (0 for an item).
    pub supplies: i64,
    /// The item one purchase puts in the stash, if it is an item.
    pub item: Option<super::ItemId>,
    /// Waybook's suggestion (a starter ware: the texts name no prices)
    /// until the GM changes it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub suggested: bool,
}
