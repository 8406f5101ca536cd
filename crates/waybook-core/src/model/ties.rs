//! The ties of animals, kept as an edit's changes leave them: a rider is a
//! member of the animal's party who is not an animal, and a vehicle's team
//! holds only animals of the vehicle's party. An edit that parts them (a
//! move to another party, a deletion, an animal lost to a table's entry)
//! sets the animal riderless and takes it from its team in the same edit,
//! so one undo takes back both.

use super::{CampaignData, Change, Character, CharacterId, Vehicle, VehicleId};
use std::collections::BTreeMap;

/// Keeps the ties of animals as `changes` leave them: an animal whose
/// rider left its party, was deleted or is an animal is left riderless,
/// and a vehicle's team keeps only animals of its party, in the same edit
/// (the change already there amended, or one added).
pub fn keep(data: &CampaignData, changes: &mut Vec<Change>) {
    let mut characters: BTreeMap<CharacterId, Option<Character>> = BTreeMap::new();
    let mut vehicles: BTreeMap<VehicleId, Option<Vehicle>> = BTreeMap::new();
    for change in changes.iter() {
        match change {
            Change::Character { before, after } => {
                if let Some(id) = after.as_ref().or(before.as_ref()).map(|c| c.id) {
                    characters.insert(id, after.as_deref().cloned());
                }
            }
            Change::Vehicle { before, after } => {
                if let Some(id) = after.as_ref().or(before.as_ref()).map(|v| v.id) {
                    vehicles.insert(id, after.clone());
                }
            }
            _ => {}
        }
    }
    let now = |id: CharacterId| match characters.get(&id) {
        Some(c) => c.as_ref(),
        None => data.characters.get(&id),
    };
    let party_animal = |id: CharacterId, party: Option<super::PartyId>| {
        now(id).is_some_and(|c| c.is_animal() && party.is_some() && c.party == party)
    };
    let mut fixed = Vec::new();
    let animals = (data
        .characters
        .values()
        .filter(|c| c.is_animal())
        .map(|c| c.id))
    .chain(characters.keys().copied());
    for id in animals.collect::<std::collections::BTreeSet<_>>() {
        let Some(animal) = now(id) else { continue };
        let Some(rider) = animal.animal.as_ref().and_then(|a| a.rider) else {
            continue;
        };
        let keeps = now(rider)
            .is_some_and(|r| !r.is_animal() && r.party.is_some() && r.party == animal.party);
        if !keeps {
            let mut after = animal.clone();
            if let Some(a) = after.animal.as_mut() {
                a.rider = None;
            }
            fixed.push(Change::character(data.characters.get(&id), Some(&after)));
        }
    }
    let all_vehicles = (data.vehicles.keys().copied()).chain(vehicles.keys().copied());
    for id in all_vehicles.collect::<std::collections::BTreeSet<_>>() {
        let Some(vehicle) = vehicles
            .get(&id)
            .map_or(data.vehicles.get(&id), Option::as_ref)
        else {
            continue;
        };
        let mut after = vehicle.clone();
        after.team.retain(|a| party_animal(*a, vehicle.party));
        if after != *vehicle {
            fixed.push(Change::of(data.vehicles.get(&id), Some(&after)));
        }
    }
    for fix in fixed {
        let same = changes.iter_mut().find(|c| same_record(c, &fix));
        match same {
            Some(change) => amend(change, fix),
            None => changes.push(fix),
        }
    }
}

/// Whether two changes are of the same character or vehicle.
fn same_record(a: &Change, b: &Change) -> bool {
    match (a, b) {
        (
            Change::Character { before, after },
            Change::Character {
                after: Some(fixed), ..
            },
        ) => after
            .as_ref()
            .or(before.as_ref())
            .is_some_and(|c| c.id == fixed.id),
        (
            Change::Vehicle { before, after },
            Change::Vehicle {
                after: Some(fixed), ..
            },
        ) => after
            .as_ref()
            .or(before.as_ref())
            .is_some_and(|v| v.id == fixed.id),
        _ => false,
    }
}

/// `change`'s after made `fix`'s.
fn amend(change: &mut Change, fix: Change) {
    match (change, fix) {
        (Change::Character { after, .. }, Change::Character { after: fixed, .. }) => {
            *after = fixed;
        }
        (Change::Vehicle { after, .. }, Change::Vehicle { after: fixed, .. }) => *after = fixed,
        _ => {}
    }
}
