//! The edits of vehicles and their types: adding a vehicle of a type to a
//! party, changing its type and the animals that draw it, deleting it (its
//! cargo to its party's stash), and changing the table of types (a house
//! rule), where a renamed type keeps its vehicles in the same edit.

use super::records::Added;
use crate::model::{
    CampaignData, Change, CharacterId, Edit, Holder, PartyId, Vehicle, VehicleType,
};

/// A new vehicle of `breed` in `party`, named after its type ("Cart",
/// "Cart 2").
pub fn add_vehicle(
    data: &CampaignData,
    party: Option<PartyId>,
    breed: &str,
) -> Result<Added<Vehicle>, String> {
    if data.settings.house_rules.vehicle_type(breed).is_none() {
        return Err(format!(
            "There is no vehicle type {breed} in the house rules"
        ));
    }
    let taken = |name: &str| data.vehicles.values().any(|v| v.name == name);
    let name = (1..)
        .map(|n| match n {
            1 => breed.to_owned(),
            n => format!("{breed} {n}"),
        })
        .find(|name| !taken(name))
        .unwrap_or_else(|| breed.to_owned());
    let mut v = Vehicle::new(data.next_id::<Vehicle>(), name, breed);
    v.party = party;
    Ok(Added {
        id: v.id,
        edit: Edit::new(format!("Add {}", v.name), vec![Change::of(None, Some(&v))]),
    })
}

/// `v` made a `breed`.
pub fn set_type(data: &CampaignData, v: &Vehicle, breed: &str) -> Result<Edit, String> {
    if data.settings.house_rules.vehicle_type(breed).is_none() {
        return Err(format!(
            "There is no vehicle type {breed} in the house rules"
        ));
    }
    let mut after = v.clone();
    after.breed = breed.to_owned();
    Ok(Edit::new(
        format!("Make {} a {breed}", v.name),
        vec![Change::of(Some(v), Some(&after))],
    ))
}

/// `v` given to `party` (or none): its team stays behind.
pub fn set_party(data: &CampaignData, v: &Vehicle, party: Option<PartyId>) -> Edit {
    let name = |p: PartyId| data.parties.get(&p).map_or("?", |p| p.name.as_str());
    let label = match party {
        Some(p) => format!("Give {} to {}", v.name, name(p)),
        None => format!("Take {} from its party", v.name),
    };
    let mut after = v.clone();
    after.party = party;
    after.team.clear();
    Edit::new(label, vec![Change::of(Some(v), Some(&after))])
}

/// `animal` put to draw `v` (`draws`) or taken from its team: one of the
/// vehicle's party's animals, ridden by nobody, drawing no other vehicle
/// (taken from that one in the same edit).
pub fn set_team(
    data: &CampaignData,
    v: &Vehicle,
    animal: CharacterId,
    draws: bool,
) -> Result<Edit, String> {
    let a = data
        .characters
        .get(&animal)
        .ok_or_else(|| "That animal no longer exists".to_owned())?;
    let mut after = v.clone();
    if !draws {
        after.team.retain(|t| *t != animal);
        return Ok(Edit::new(
            format!("Take {} from {}", a.name, v.name),
            vec![Change::of(Some(v), Some(&after))],
        ));
    }
    if !a.is_animal() || a.party.is_none() || a.party != v.party {
        return Err(format!(
            "{} cannot draw {}: only an animal of its party draws it",
            a.name, v.name
        ));
    }
    if let Some(rider) = a.animal.as_ref().and_then(|x| x.rider) {
        let rider = data
            .characters
            .get(&rider)
            .map_or("someone", |r| r.name.as_str());
        return Err(format!(
            "{} is ridden by {rider}: let nobody ride it first",
            a.name
        ));
    }
    after.team.push(animal);
    let mut changes = vec![Change::of(Some(v), Some(&after))];
    for other in (data.vehicles.values()).filter(|o| o.id != v.id && o.team.contains(&animal)) {
        let mut freed = other.clone();
        freed.team.retain(|t| *t != animal);
        changes.push(Change::of(Some(other), Some(&freed)));
    }
    Ok(Edit::new(format!("{} draws {}", a.name, v.name), changes))
}

/// Deletes `v`; its cargo goes to its party's stash (merged into stacks of
/// the same item). Refused for a loaded vehicle of no party: its cargo
/// would have nowhere to go.
pub fn delete(data: &CampaignData, v: &Vehicle) -> Result<Edit, String> {
    let loaded = data.holdings_of(Holder::Vehicle(v.id)).next().is_some();
    let mut changes = match (v.party, loaded) {
        (_, false) => Vec::new(),
        (Some(p), true) => super::hand_over(data, Holder::Vehicle(v.id), Holder::Stash(p))
            .map_err(|e| e.to_string())?,
        (None, true) => {
            return Err(format!(
                "{} holds cargo and is of no party: move its cargo first",
                v.name
            ));
        }
    };
    changes.push(Change::of(Some(v), None));
    let label = if loaded {
        format!("Delete {}, its cargo to the stash", v.name)
    } else {
        format!("Delete {}", v.name)
    };
    Ok(Edit::new(label, changes))
}

/// The house rules' vehicle types changed by `change`, named `label`; a
/// type renamed in place keeps its vehicles under its new name. Refused
/// when a vehicle would be left of a type that is gone, or two types would
/// share a name.
pub fn change_types(
    data: &CampaignData,
    label: &str,
    change: impl FnOnce(&mut Vec<VehicleType>),
) -> Result<Edit, String> {
    let before = &data.settings.house_rules.vehicle_types;
    let mut types = before.clone();
    change(&mut types);
    super::animals::names_unique(types.iter().map(|t| t.name.as_str()), "a vehicle type")?;
    let named = |t: &VehicleType| t.name.clone();
    let mut changes = Vec::new();
    for v in data.vehicles.values() {
        let kind =
            super::animals::type_now((before, &types), &v.breed, named).ok_or_else(|| {
                format!(
                    "{} is a {}: give it another type before removing its own",
                    v.name, v.breed
                )
            })?;
        if kind.name != v.breed {
            let mut after = v.clone();
            after.breed = kind.name.clone();
            changes.push(Change::of(Some(v), Some(&after)));
        }
    }
    let rules = super::animals::house_rules_change(data, |r| r.vehicle_types = types);
    changes.insert(0, rules);
    Ok(Edit::new(label, changes))
}

/// The types of Waybook's defaults the campaign does not have.
pub fn missing_standard_types(data: &CampaignData) -> Vec<VehicleType> {
    let rules = &data.settings.house_rules;
    (VehicleType::standard().into_iter())
        .filter(|t| rules.vehicle_type(&t.name).is_none())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Settings;
    use crate::model::{Character, CharacterKind, Item, ItemId, Party};

    /// A cart drawn by a mule, with a sack of grain aboard; the mule
    /// leaving the party leaves the team; the cart deleted, its sack goes
    /// to the stash, and one undo brings both back.
    #[test]
    fn a_cart_is_drawn_by_its_partys_animals_and_unloaded_when_deleted() {
        let mut data = CampaignData::new(Settings::new("Carts"));
        let party = Party::new(PartyId(1), "Company", data.settings.clock);
        data.apply(&Change::of(None, Some(&party)));
        let mule = crate::edits::animals::add_animal(&data, Some(party.id), "Mule");
        let mule = mule.expect("a type");
        data.apply_all(&mule.edit.changes);
        let cart = add_vehicle(&data, Some(party.id), "Cart").expect("a type");
        data.apply_all(&cart.edit.changes);
        let ana = Character::new(CharacterId(9), "Ana", CharacterKind::Hero);
        data.apply(&Change::character(None, Some(&ana)));
        let refused = set_team(&data, &data.vehicles[&cart.id], ana.id, true);
        assert!(
            refused
                .expect_err("not an animal")
                .contains("only an animal")
        );
        let edit = set_team(&data, &data.vehicles[&cart.id], mule.id, true).expect("drawn");
        assert_eq!(edit.label, "Mule draws Cart");
        data.apply_all(&edit.changes);
        let sack = Item::new(ItemId(1), "Sack", crate::model::Category::Kit);
        data.apply(&Change::of(None, Some(&sack)));
        let aboard = crate::model::Holding::new(
            crate::model::HoldingId(1),
            sack.id,
            Holder::Vehicle(cart.id),
            2,
        );
        data.apply(&Change::of(None, Some(&aboard)));
        let moved = super::super::records::set_party(&data, &data.characters[&mule.id], None);
        let moved = moved.expect("allowed");
        assert!(
            (moved.changes.iter())
                .any(|c| matches!(c, Change::Vehicle { after: Some(v), .. } if v.team.is_empty())),
            "the mule leaves the team with the party"
        );
        let before = data.clone();
        let gone = delete(&data, &data.vehicles[&cart.id]).expect("deleted");
        assert_eq!(gone.label, "Delete Cart, its cargo to the stash");
        data.apply_all(&gone.changes);
        let stash: Vec<_> = data.holdings_of(Holder::Stash(party.id)).collect();
        assert_eq!(stash.len(), 1);
        assert_eq!(stash[0].quantity, 2);
        for change in gone.changes.iter().rev() {
            data.apply(&change.inverse());
        }
        assert_eq!(data.vehicles, before.vehicles);
        assert_eq!(data.holdings, before.holdings);
    }
}
