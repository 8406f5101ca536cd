//! What a journey's party has for the ways it travels (issue 54): riding
//! needs a mount for each member who travels, a way by vehicle needs a
//! vehicle of its type drawn by the animals it needs, and a vehicle the
//! party brings must cross every leg's ground (a cart no difficult terrain
//! and no water, a boat only its own way on the water), unless the GM
//! leaves it behind. The speeds the plan walks with follow what the party
//! has: the slowest mount or team, and an overloaded party at the house
//! rule's share of its speed. Every figure here is a house rule (NOTES.md,
//! "Animals and vehicles"), said so wherever it shows.

use crate::model::load::PartyLoad;
use crate::model::{By, CampaignData, Character, Journey, Method, Terrain, Vehicle, VehicleType};

/// What the party has for a journey's ways, and what it lacks.
#[derive(Debug, Clone, PartialEq)]
pub struct Gear {
    /// The journey's ways of travelling at the speeds the party goes them.
    pub methods: Vec<Method>,
    /// Why the chosen route cannot be travelled as planned: each a
    /// sentence; play is refused while there is one.
    pub refusals: Vec<String>,
    /// What changed the speeds, in words ("Riding: 5 km/h, the pace of
    /// Bess (Pony), house rule").
    pub notes: Vec<String>,
    /// The party's load, its vehicles left behind not counted.
    pub load: PartyLoad,
    /// Each of the party's vehicles, and what it holds against its
    /// capacity in words.
    pub vehicles: Vec<(crate::model::VehicleId, String)>,
    /// How many of the party are animals.
    pub animals: usize,
}

/// What `journey`'s party has for its ways of travelling.
pub fn gear(data: &CampaignData, journey: &Journey) -> Gear {
    let vehicles = (data.vehicles.values())
        .filter(|v| v.party == Some(journey.party))
        .map(|v| {
            let held =
                crate::model::load::Carried::of_holder(data, crate::model::Holder::Vehicle(v.id));
            let words = held.map_or_else(String::new, |c| format!(": {}", c.words()));
            (v.id, format!("{} ({}){words}", v.name, v.breed))
        })
        .collect();
    let load = PartyLoad::travelling(data, journey.party, &journey.plan.left_behind);
    let mut gear = Gear {
        methods: Vec::new(),
        refusals: Vec::new(),
        notes: Vec::new(),
        load,
        vehicles,
        animals: data
            .members(journey.party)
            .filter(|c| c.is_animal())
            .count(),
    };
    gear.methods = ways(
        data,
        journey,
        &gear.load,
        (&mut gear.refusals, &mut gear.notes),
    );
    if gear.load.over() {
        gear.notes
            .push(format!("Overloaded: {}", gear.load.words()));
    }
    gear.refusals.extend(ground(data, journey));
    gear
}

/// The ways of travelling `journey` is walked with: its own, at the
/// speeds its party goes them (the plan's hours, play and the setbacks
/// read only these).
pub fn methods(data: &CampaignData, journey: &Journey) -> Vec<Method> {
    let load = PartyLoad::travelling(data, journey.party, &journey.plan.left_behind);
    ways(data, journey, &load, (&mut Vec::new(), &mut Vec::new()))
}

/// Each of the journey's ways at the speed the party goes it with `load`;
/// what a way the route takes lacks goes to `refusals`, and a pace slower
/// than the way's own to `notes`.
fn ways(
    data: &CampaignData,
    journey: &Journey,
    load: &PartyLoad,
    (refusals, notes): (&mut Vec<String>, &mut Vec<String>),
) -> Vec<Method> {
    let used: Vec<usize> = (journey.route().into_iter())
        .flat_map(|r| &r.legs)
        .filter(|l| l.played_as.is_none())
        .map(|l| l.method)
        .collect();
    let mut methods = Vec::with_capacity(journey.plan.methods.len());
    for (i, method) in journey.plan.methods.iter().enumerate() {
        let (speed, lack) = match &method.by {
            None => (method.km_per_hour, None),
            Some(By::Riding) => riding(data, journey, method),
            Some(By::Vehicle(kind)) => by_vehicle(data, journey, method, kind),
        };
        if used.contains(&i) {
            refusals.extend(lack);
            if speed < method.km_per_hour {
                notes.push(format!(
                    "{}: {} km/h, the pace of what the party has (house rule)",
                    method.name,
                    crate::model::decimal(speed)
                ));
            }
        }
        let factor = if method.swimming {
            1.0
        } else {
            load.speed_factor()
        };
        methods.push(Method {
            km_per_hour: speed * factor,
            ..method.clone()
        });
    }
    methods
}

/// Riding: the slowest mount's pace, and who has none.
fn riding(data: &CampaignData, journey: &Journey, method: &Method) -> (f64, Option<String>) {
    let rules = &data.settings.house_rules;
    let riders: Vec<&Character> = (data.members(journey.party))
        .filter(|c| !c.is_animal())
        .collect();
    // Who rides what, found in one pass: a party may be thousands.
    let mounts: std::collections::BTreeMap<crate::model::CharacterId, &str> =
        (data.characters.values())
            .filter_map(|c| c.animal.as_ref())
            .filter_map(|a| Some((a.rider?, a.breed.as_str())))
            .collect();
    let mut unmounted = Vec::new();
    let mut speed = method.km_per_hour;
    for rider in &riders {
        let pace = (mounts.get(&rider.id))
            .and_then(|breed| rules.animal_type(breed))
            .map(|t| t.km_per_hour);
        match pace {
            Some(pace) => speed = speed.min(pace),
            None => unmounted.push(rider.name.as_str()),
        }
    }
    let lack = (!unmounted.is_empty()).then(|| {
        format!(
            "{} needs a mount for each member: {} {} none (give them one on the roster)",
            method.name,
            crate::model::and_list(&unmounted),
            if unmounted.len() == 1 { "has" } else { "have" }
        )
    });
    (speed, lack)
}

/// By a vehicle of `kind`: the first the party brings that moves, at the
/// pace of it and its team; or what is missing.
fn by_vehicle(
    data: &CampaignData,
    journey: &Journey,
    method: &Method,
    kind: &str,
) -> (f64, Option<String>) {
    let rules = &data.settings.house_rules;
    let Some(t) = rules.vehicle_type(kind) else {
        let why = format!(
            "{} needs a {kind}, a type the house rules no longer have",
            method.name
        );
        return (method.km_per_hour, Some(why));
    };
    let of_kind: Vec<&Vehicle> = data
        .vehicles_brought(journey.party, &journey.plan.left_behind)
        .filter(|v| v.breed == kind)
        .collect();
    let moving = of_kind.iter().find(|v| t.teams(v.team.len()) > 0);
    let Some(vehicle) = moving else {
        let needs = match t.animals {
            0 => String::new(),
            n => format!(" drawn by {}", crate::model::plural(n, "animal")),
        };
        let has = match of_kind.first() {
            Some(v) => format!("{} has {} of them", v.name, v.team.len()),
            None => format!("the party brings no {kind}"),
        };
        let why = format!("{} needs a {kind}{needs}: {has}", method.name);
        return (method.km_per_hour, Some(why));
    };
    let team = (vehicle.team.iter())
        .filter_map(|a| data.characters.get(a)?.animal.as_ref())
        .filter_map(|a| rules.animal_type(&a.breed))
        .map(|a| a.km_per_hour);
    let speed = team.fold(method.km_per_hour.min(t.km_per_hour), f64::min);
    (speed, None)
}

/// The legs of the chosen route a vehicle the party brings cannot cross.
fn ground(data: &CampaignData, journey: &Journey) -> Vec<String> {
    let rules = &data.settings.house_rules;
    let Some(route) = journey.route() else {
        return Vec::new();
    };
    let mut refusals = Vec::new();
    for vehicle in data.vehicles_brought(journey.party, &journey.plan.left_behind) {
        let Some(t) = rules.vehicle_type(&vehicle.breed) else {
            continue;
        };
        let blocked = (route.legs.iter().enumerate())
            .filter(|(_, l)| l.played_as.is_none())
            .find_map(|(n, leg)| {
                let method = leg.method(&journey.plan.methods)?;
                let why = cannot_cross(t, &vehicle.breed, method, leg.terrain)?;
                Some(format!(
                    "{} cannot cross leg {} ({}: {why}): leave it behind, or take another way",
                    vehicle.name,
                    n + 1,
                    leg.name
                ))
            });
        refusals.extend(blocked);
    }
    refusals
}

/// Why a vehicle of type `t` cannot go a leg by `method` on `terrain`.
fn cannot_cross(
    t: &VehicleType,
    kind: &str,
    method: &Method,
    terrain: Terrain,
) -> Option<&'static str> {
    let by_it = method.by == Some(By::Vehicle(kind.to_owned()));
    let on_water =
        method.swimming || matches!(&method.by, Some(By::Vehicle(other)) if other != kind);
    if t.water {
        return (!by_it).then_some("a boat goes only on the water");
    }
    if on_water {
        return Some("water");
    }
    (terrain == Terrain::Difficult && !t.difficult).then_some("difficult terrain")
}

#[cfg(test)]
mod tests {
    use super::cannot_cross;
    use crate::model::{Method, Terrain, VehicleType};

    /// Issue 54: "a cart no difficult terrain and no swimming; a boat
    /// only on water".
    #[test]
    fn a_cart_keeps_to_easy_ground_and_a_boat_to_the_water() {
        let types = VehicleType::standard();
        let (cart, boat) = (&types[0], &types[3]);
        let methods = Method::standard();
        let (foot, by_cart, by_boat, swim) = (&methods[0], &methods[1], &methods[2], &methods[3]);
        assert_eq!(cannot_cross(cart, "Cart", by_cart, Terrain::Normal), None);
        assert_eq!(
            cannot_cross(cart, "Cart", foot, Terrain::Difficult),
            Some("difficult terrain")
        );
        assert_eq!(
            cannot_cross(cart, "Cart", swim, Terrain::Normal),
            Some("water")
        );
        assert_eq!(
            cannot_cross(cart, "Cart", by_boat, Terrain::Normal),
            Some("water")
        );
        assert_eq!(cannot_cross(boat, "Boat", by_boat, Terrain::Normal), None);
        assert_eq!(
            cannot_cross(boat, "Boat", foot, Terrain::Normal),
            Some("a boat goes only on the water")
        );
    }
}
