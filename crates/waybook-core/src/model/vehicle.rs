//! Vehicles: the table of vehicle types a campaign keeps among its house
//! rules (the texts name "horse and cart" and "boat" and give no figures:
//! NOTES.md, "Animals and vehicles"), with Waybook's defaults, and a
//! vehicle of the party's: its type, the animals that draw it, and the
//! cargo it holds (holdings held by it).

use super::{CharacterId, PartyId, VehicleId};
use serde::{Deserialize, Serialize};

/// One type of vehicle and the figures every vehicle of it has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VehicleType {
    pub name: String,
    /// What it holds, in kg, drawn by the animals it needs; twice the
    /// animals, twice the load.
    pub capacity_kg: f64,
    /// Its speed on normal terrain, in km per hour.
    pub km_per_hour: f64,
    /// The animals it needs to move; 0 for one rowed, poled or paddled.
    pub animals: i64,
    /// Whether it crosses difficult terrain.
    pub difficult: bool,
    /// A boat: it goes only where the way of travelling is by it, on water.
    pub water: bool,
}

impl VehicleType {
    /// Waybook's types, the figures a GM starts from (house rules, not the
    /// texts').
    pub fn standard() -> Vec<VehicleType> {
        [
            ("Cart", 250.0, 5.0, 1, false, false),
            ("Wagon", 600.0, 4.0, 2, false, false),
            ("Sled", 150.0, 5.0, 1, true, false),
            ("Boat", 500.0, 8.0, 0, false, true),
            ("Raft", 200.0, 3.0, 0, false, true),
        ]
        .into_iter()
        .map(
            |(name, capacity_kg, km_per_hour, animals, difficult, water)| VehicleType {
                name: name.to_owned(),
                capacity_kg,
                km_per_hour,
                animals,
                difficult,
                water,
            },
        )
        .collect()
    }

    /// A new type for the GM to name and fill in: a cart's figures.
    pub fn blank(name: impl Into<String>) -> Self {
        let mut new = Self::standard().swap_remove(0);
        new.name = name.into();
        new
    }

    /// Whole teams among `drawing` animals: what the capacity is times.
    /// One for a vehicle that needs none.
    pub fn teams(&self, drawing: usize) -> i64 {
        match self.animals {
            0 => 1,
            per => i64::try_from(drawing).unwrap_or(i64::MAX) / per,
        }
    }

    /// What it holds drawn by `drawing` animals: none when they cannot
    /// move it.
    pub fn capacity_with(&self, drawing: usize) -> f64 {
        self.capacity_kg * self.teams(drawing) as f64
    }
}

/// A vehicle of a party's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Vehicle {
    pub id: VehicleId,
    pub name: String,
    #[serde(rename = "type")]
    pub breed: String,
    pub party: Option<PartyId>,
    /// The party's animals that draw it.
    #[serde(default)]
    pub team: Vec<CharacterId>,
    #[serde(default)]
    pub notes: String,
}

impl Vehicle {
    pub fn new(id: VehicleId, name: impl Into<String>, breed: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
            breed: breed.into(),
            party: None,
            team: Vec::new(),
            notes: String::new(),
        }
    }
}

impl super::CampaignData {
    /// The vehicles `party` takes along: its own, but those `left_behind`
    /// (by a journey's plan; none for the party as it stands).
    pub fn vehicles_brought<'a>(
        &'a self,
        party: PartyId,
        left_behind: &'a [VehicleId],
    ) -> impl Iterator<Item = &'a Vehicle> {
        (self.vehicles.values())
            .filter(move |v| v.party == Some(party) && !left_behind.contains(&v.id))
    }
}

#[cfg(test)]
mod tests {
    use super::VehicleType;

    /// Issue 54: "a cart with one draught animal, a wagon with two; twice
    /// the animals, twice the load".
    #[test]
    fn twice_the_animals_twice_the_load() {
        let [cart, wagon, ..] = &VehicleType::standard()[..] else {
            panic!("Waybook's types");
        };
        assert_eq!(cart.capacity_with(0), 0.0, "a cart goes nowhere undrawn");
        assert_eq!(cart.capacity_with(1), 250.0);
        assert_eq!(cart.capacity_with(2), 500.0);
        assert_eq!(wagon.capacity_with(1), 0.0, "a wagon needs two");
        assert_eq!(wagon.capacity_with(3), 600.0, "one whole team of two");
        let boat = VehicleType::standard().swap_remove(3);
        assert_eq!(boat.capacity_with(0), 500.0, "rowed, not drawn");
    }
}
