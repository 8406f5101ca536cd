//! The item catalogue and holdings: what exists, and who carries how many.

use super::choice::{choice, named_choice};
use super::{CharacterId, HoldingId, ItemId, PartyId};
use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    EnumIter,
    EnumString,
    IntoStaticStr,
    EnumMessage,
    Serialize,
    Deserialize,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    #[strum(message = "Food")]
    Food,
    #[strum(message = "Water")]
    Water,
    #[strum(message = "Material")]
    Material,
    #[strum(message = "Tool")]
    Tool,
    #[strum(message = "Weapon")]
    Weapon,
    #[strum(message = "Armour")]
    Armour,
    #[strum(message = "Kit")]
    Kit,
    #[strum(message = "Battle item")]
    BattleItem,
    #[strum(message = "Other")]
    Other,
}

impl Category {
    /// Food and water carry food units; nothing else does.
    pub fn has_food_units(self) -> bool {
        matches!(self, Category::Food | Category::Water)
    }
}

/// The quality ladder of `NOTES.md`, low to high: the rules' own enum
/// (`rules::travel::gather`).
pub use crate::rules::travel::gather::Quality;

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    EnumIter,
    EnumString,
    IntoStaticStr,
    EnumMessage,
    Serialize,
    Deserialize,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum MaterialType {
    #[strum(message = "Plant")]
    Plant,
    #[strum(message = "Fish")]
    Fish,
    #[strum(message = "Ore")]
    Ore,
}

/// The gatherer's tool each material type needs.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    EnumIter,
    EnumString,
    IntoStaticStr,
    EnumMessage,
    Serialize,
    Deserialize,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum ToolKind {
    #[strum(message = "Botanist's Tool")]
    Botanist,
    #[strum(message = "Fisher's Gear")]
    Fisher,
    #[strum(message = "Miner's Tool")]
    Miner,
}

choice!(Category, MaterialType, ToolKind);
named_choice!(Quality);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Item {
    pub id: ItemId,
    pub name: String,
    pub category: Category,
    /// Units of food and drink one of these provides (food and water only).
    pub food_units: i64,
    /// Weight of one, in kilograms.
    pub weight: f64,
    pub quality: Option<Quality>,
    pub material: Option<MaterialType>,
    pub tool_kind: Option<ToolKind>,
    /// A tool's Item Bonus, added to its tests by a character trained in it.
    #[serde(default)]
    pub bonus: i64,
    pub notes: String,
}

impl Item {
    /// An item of `category` that weighs nothing, with no food units, quality,
    /// material, tool or notes yet.
    pub fn new(id: ItemId, name: impl Into<String>, category: Category) -> Self {
        Self {
            id,
            name: name.into(),
            category,
            food_units: 0,
            weight: 0.0,
            quality: None,
            material: None,
            tool_kind: None,
            bonus: 0,
            notes: String::new(),
        }
    }
}

/// Who holds a stack: a character or a party's stash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Holder {
    Character(CharacterId),
    Stash(PartyId),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Holding {
    pub id: HoldingId,
    pub item: ItemId,
    pub holder: Holder,
    /// Always at least 1: an emptied stack is deleted.
    pub quantity: i64,
    /// Where and when it was gathered ("Sagebed at Greyspine Foot, day 3,
    /// 14:00"); stacks of one item from different places stay apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
}

impl Holding {
    /// A stack of `quantity` of an item, of no particular origin.
    pub fn new(id: HoldingId, item: ItemId, holder: Holder, quantity: i64) -> Self {
        Self {
            id,
            item,
            holder,
            quantity,
            origin: None,
        }
    }
}
