//! The edits of animals and their types: adding an animal of a type,
//! changing its type and its rider, and changing the table of types (a
//! house rule), where every animal of a type edited takes its new figures
//! in the same edit, so one undo takes back both. A rider is a member of
//! the animal's party who is not an animal and rides one animal at most;
//! the edits that part them (a move to another party, a deletion) set the
//! animal riderless, and take it from its vehicle's team, in the same edit
//! (`model::ties::keep`). The checks a table of types keeps (names, a renamed
//! type's records, the house rules' change) serve the vehicles' too.

use super::records::Added;
use crate::model::{
    Animal, AnimalType, CampaignData, Change, Character, CharacterId, CharacterKind, Edit, PartyId,
};

/// A new animal of `breed` in `party`, named after its type ("Mule",
/// "Mule 2"), with the type's figures.
pub fn add_animal(
    data: &CampaignData,
    party: Option<PartyId>,
    breed: &str,
) -> Result<Added<Character>, String> {
    let kind = (data.settings.house_rules.animal_type(breed))
        .ok_or_else(|| format!("There is no animal type {breed} in the house rules"))?;
    let taken = |name: &str| data.characters.values().any(|c| c.name == name);
    let name = (1..)
        .map(|n| match n {
            1 => breed.to_owned(),
            n => format!("{breed} {n}"),
        })
        .find(|name| !taken(name))
        .unwrap_or_else(|| breed.to_owned());
    let mut c = Character::new(data.next_id::<Character>(), name, CharacterKind::Animal);
    c.party = party;
    c.animal = Some(Animal {
        breed: breed.to_owned(),
        rider: None,
    });
    kind.put_on(&mut c);
    Ok(Added {
        id: c.id,
        edit: Edit::new(
            format!("Add {} ({breed})", c.name),
            vec![Change::character(None, Some(&c))],
        ),
    })
}

/// `c`, an animal, made a `breed`, with the type's figures.
pub fn set_type(data: &CampaignData, c: &Character, breed: &str) -> Result<Edit, String> {
    let kind = (data.settings.house_rules.animal_type(breed))
        .ok_or_else(|| format!("There is no animal type {breed} in the house rules"))?;
    let mut after = c.clone();
    let animal = (after.animal.as_mut()).ok_or_else(|| format!("{} is not an animal", c.name))?;
    animal.breed = breed.to_owned();
    kind.put_on(&mut after);
    Ok(Edit::new(
        format!("Make {} a {breed}", c.name),
        vec![Change::character(Some(c), Some(&after))],
    ))
}

/// Who may ride `animal`: the members of its party who are not animals.
pub fn riders<'a>(data: &'a CampaignData, animal: &Character) -> Vec<&'a Character> {
    let Some(party) = animal.party else {
        return Vec::new();
    };
    let mut riders: Vec<&Character> = (data.members(party)).filter(|c| !c.is_animal()).collect();
    crate::model::sort_by_name(&mut riders, |c| &c.name);
    riders
}

/// The animal `rider` rides, if any.
pub fn mount_of(data: &CampaignData, rider: CharacterId) -> Option<&Character> {
    (data.characters.values()).find(|c| c.animal.as_ref().and_then(|a| a.rider) == Some(rider))
}

/// `rider` set on `animal` (or none): one who rode another animal leaves
/// it riderless in the same edit. Refused for one who may not ride it.
pub fn set_rider(
    data: &CampaignData,
    animal: &Character,
    rider: Option<CharacterId>,
) -> Result<Edit, String> {
    let mut after = animal.clone();
    let facts =
        (after.animal.as_mut()).ok_or_else(|| format!("{} is not an animal", animal.name))?;
    facts.rider = rider;
    let Some(rider) = rider else {
        return Ok(Edit::new(
            format!("Let nobody ride {}", animal.name),
            vec![Change::character(Some(animal), Some(&after))],
        ));
    };
    let who = data
        .characters
        .get(&rider)
        .ok_or_else(|| "That character no longer exists".to_owned())?;
    if !riders(data, animal).iter().any(|c| c.id == rider) {
        return Err(format!(
            "{} cannot ride {}: a rider is a member of its party and not an animal",
            who.name, animal.name
        ));
    }
    if let Some(cart) = data.drawn_by(animal.id) {
        return Err(format!(
            "{} draws {}: take it from the team first",
            animal.name, cart.name
        ));
    }
    let mut changes = vec![Change::character(Some(animal), Some(&after))];
    if let Some(before) = data.mount_of(rider).filter(|m| m.id != animal.id) {
        let mut unridden = before.clone();
        if let Some(a) = unridden.animal.as_mut() {
            a.rider = None;
        }
        changes.push(Change::character(Some(before), Some(&unridden)));
    }
    Ok(Edit::new(
        format!("{} rides {}", who.name, animal.name),
        changes,
    ))
}

/// The house rules' animal types changed by `change`, named `label`, with
/// every animal taking its type's new figures (and a renamed type's new
/// name) in the same edit. Refused when an animal would be left of a type
/// that is gone, or two types would share a name.
pub fn change_types(
    data: &CampaignData,
    label: &str,
    change: impl FnOnce(&mut Vec<AnimalType>),
) -> Result<Edit, String> {
    let before = &data.settings.house_rules.animal_types;
    let mut types = before.clone();
    change(&mut types);
    names_unique(types.iter().map(|t| t.name.as_str()), "an animal type")?;
    let named = |t: &AnimalType| t.name.clone();
    let mut changes = Vec::new();
    for c in data.characters.values() {
        let Some(animal) = &c.animal else { continue };
        let kind = type_now((before, &types), &animal.breed, named).ok_or_else(|| {
            format!(
                "{} is a {}: give it another type before removing its own",
                c.name, animal.breed
            )
        })?;
        let mut after = c.clone();
        if let Some(a) = after.animal.as_mut() {
            a.breed = kind.name.clone();
        }
        kind.put_on(&mut after);
        if after != *c {
            changes.push(Change::character(Some(c), Some(&after)));
        }
    }
    changes.insert(0, house_rules_change(data, |r| r.animal_types = types));
    Ok(Edit::new(label, changes))
}

/// The type named `name` once `before` is changed to `now`: of that name,
/// or, when the types were only edited in place, the one at its place (a
/// type renamed keeps what is of it).
pub(super) fn type_now<'a, T>(
    (before, now): (&[T], &'a [T]),
    name: &str,
    named: impl Fn(&T) -> String,
) -> Option<&'a T> {
    let kept = now.iter().find(|t| named(t) == name);
    kept.or_else(|| {
        let at = before.iter().position(|t| named(t) == name)?;
        (now.len() == before.len()).then(|| now.get(at)).flatten()
    })
}

/// The change `change` makes of the campaign's house rules.
pub(super) fn house_rules_change(
    data: &CampaignData,
    change: impl FnOnce(&mut crate::model::HouseRules),
) -> Change {
    let mut after = data.settings.clone();
    change(&mut after.house_rules);
    Change::Settings {
        before: data.settings.clone(),
        after,
    }
}

/// Refused when a name of `names` is blank or given twice: "There is
/// already an animal type Pony".
pub(super) fn names_unique<'a>(
    names: impl Iterator<Item = &'a str>,
    what: &str,
) -> Result<(), String> {
    let mut names: Vec<&str> = names.map(str::trim).collect();
    if names.iter().any(|n| n.is_empty()) {
        return Err(format!("{} needs a name", crate::model::capitalised(what)));
    }
    names.sort_unstable();
    let twice = names.windows(2).find_map(|w| match w {
        [a, b] if a == b => Some(*a),
        _ => None,
    });
    match twice {
        Some(name) => Err(format!("There is already {what} {name}")),
        None => Ok(()),
    }
}

/// The types of Waybook's defaults the campaign does not have, for the GM
/// to add in one click.
pub fn missing_standard_types(data: &CampaignData) -> Vec<AnimalType> {
    let rules = &data.settings.house_rules;
    (AnimalType::standard().into_iter())
        .filter(|t| rules.animal_type(&t.name).is_none())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Party;
    use crate::model::Settings;

    fn campaign() -> (CampaignData, PartyId) {
        let mut data = CampaignData::new(Settings::new("Animals"));
        let party = Party::new(PartyId(1), "Company", data.settings.clock);
        data.apply(&Change::of(None, Some(&party)));
        let mut ana = Character::new(CharacterId(1), "Ana", CharacterKind::Hero);
        ana.party = Some(party.id);
        data.apply(&Change::character(None, Some(&ana)));
        (data, party.id)
    }

    /// NOTES.md: "Every figure for animals ... is a house rule. Waybook
    /// ships defaults marked as its own, the GM edits them": one edit of a
    /// type gives every animal of it the new figures, and undoes as one.
    #[test]
    fn editing_a_type_changes_its_animals_in_one_edit() {
        let (mut data, party) = campaign();
        for _ in 0..2 {
            let mule = add_animal(&data, Some(party), "Mule").expect("a type");
            data.apply_all(&mule.edit.changes);
        }
        let names: Vec<&str> = data.characters.values().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Ana", "Mule", "Mule 2"]);
        let edit = change_types(&data, "Change Mule", |types| {
            let mule = types.iter_mut().find(|t| t.name == "Mule").expect("mule");
            mule.food_percent = 300;
            mule.name = "Pack mule".into();
        })
        .expect("allowed");
        assert_eq!(edit.changes.len(), 3, "the settings and both mules");
        data.apply_all(&edit.changes);
        let mules: Vec<&Character> = data.characters.values().filter(|c| c.is_animal()).collect();
        assert!(mules.iter().all(|m| m.exploration.food_percent == 300
            && m.animal.as_ref().is_some_and(|a| a.breed == "Pack mule")));
        let gone = change_types(&data, "Remove", |types| {
            types.retain(|t| t.name != "Pack mule")
        });
        assert_eq!(
            gone.expect_err("refused"),
            "Mule is a Pack mule: give it another type before removing its own"
        );
        let twice = change_types(&data, "Rename", |types| types[0].name = "Pony".into());
        assert_eq!(
            twice.expect_err("refused"),
            "There is already an animal type Pony"
        );
    }

    #[test]
    fn a_rider_rides_one_animal_of_their_party() {
        let (mut data, party) = campaign();
        let horse = add_animal(&data, Some(party), "Riding horse").expect("a type");
        data.apply_all(&horse.edit.changes);
        let pony = add_animal(&data, Some(party), "Pony").expect("a type");
        data.apply_all(&pony.edit.changes);
        let ana = CharacterId(1);
        let edit = set_rider(&data, &data.characters[&horse.id], Some(ana)).expect("allowed");
        data.apply_all(&edit.changes);
        let edit = set_rider(&data, &data.characters[&pony.id], Some(ana)).expect("allowed");
        assert_eq!(edit.label, "Ana rides Pony");
        data.apply_all(&edit.changes);
        assert_eq!(data.mount_of(ana).map(|m| m.id), Some(pony.id));
        let rider = |id| data.characters[&id].animal.as_ref().and_then(|a| a.rider);
        assert_eq!(rider(horse.id), None, "she left the horse");
        let on_a_horse = set_rider(&data, &data.characters[&horse.id], Some(pony.id));
        assert!(on_a_horse.expect_err("refused").contains("not an animal"));
        let mut gone = data.characters[&ana].clone();
        gone.party = None;
        let mut changes = vec![Change::character(data.characters.get(&ana), Some(&gone))];
        crate::model::ties::keep(&data, &mut changes);
        assert_eq!(changes.len(), 2, "the pony loses its rider");
    }
}
