//! The item catalogue and holdings: what exists, and who carries how many.

use super::{CharacterId, HoldingId, ItemId, PartyId};
use serde::{Deserialize, Serialize};

waybook_rules::named_enum! {
    pub enum Category("category") {
        Food => "food" as "Food",
        Water => "water" as "Water",
        Material => "material" as "Material",
        Tool => "tool" as "Tool",
        Weapon => "weapon" as "Weapon",
        Armour => "armour" as "Armour",
        Kit => "kit" as "Kit",
        BattleItem => "battle-item" as "Battle item",
        Other => "other" as "Other",
    }
}

impl Category {
    /// Food and water carry food units; nothing else does.
    pub fn has_food_units(self) -> bool {
        matches!(self, Category::Food | Category::Water)
    }
}

/// The quality ladder of `NOTES.md`, low to high: the rules' own enum
/// (`rules::travel::gather`).
pub use waybook_rules::travel::gather::Quality;

waybook_rules::named_enum! {
    pub enum MaterialType("material type") {
        Plant => "plant" as "Plant",
        Fish => "fish" as "Fish",
        Ore => "ore" as "Ore",
    }
}

waybook_rules::named_enum! {
    /// The gatherer's tool each material type needs.
    pub enum ToolKind("tool") {
        Botanist => "botanist" as "Botanist's Tool",
        Fisher => "fisher" as "Fisher's Gear",
        Miner => "miner" as "Miner's Tool",
    }
}

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
    /// Waybook's suggestion (a starter item whose units, weight or bonus
    /// the texts do not give) until the GM changes it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub suggested: bool,
    /// Food for animals (oats, hay): only animals eat it, and they eat no
    /// other food (a house rule: NOTES.md, "Animals and vehicles").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fodder: bool,
}

impl Item {
    /// What `quantity` of the item weighs, in kg.
    pub fn weight_of(&self, quantity: i64) -> f64 {
        self.weight * quantity as f64
    }

    /// The food units `quantity` of the item holds: none but food and water.
    pub fn food_units_of(&self, quantity: i64) -> i64 {
        if self.category.has_food_units() {
            self.food_units * quantity
        } else {
            0
        }
    }

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
            suggested: false,
            fodder: false,
        }
    }
}

/// Who holds a stack: a character (an animal among them), a party's stash,
/// or a vehicle (its cargo).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Holder {
    Character(CharacterId),
    Stash(PartyId),
    Vehicle(super::VehicleId),
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
