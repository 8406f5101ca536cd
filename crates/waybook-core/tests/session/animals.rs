//! Animals as the party's members (NOTES.md, "Animals and vehicles"): what
//! they eat, from what, where they graze, and what play books of it.

use super::plan::small_party;
use waybook_core::edits::animals;
use waybook_core::model::*;
use waybook_core::plan::{self, play};
use waybook_rules::dice::Dice;

/// Two mules in the small party, and `fodder` units of oats (20 a sack) in
/// the stash beside its rations.
fn with_mules(stash_units: i64, fodder: i64) -> (CampaignData, Journey, [CharacterId; 2]) {
    let (mut data, journey) = small_party(stash_units);
    let mut mules = [CharacterId(0); 2];
    for mule in &mut mules {
        let added = animals::add_animal(&data, Some(journey.party), "Mule").expect("a type");
        *mule = added.id;
        data.apply_all(&added.edit.changes);
    }
    let oats = Item {
        food_units: 20,
        weight: 1.0,
        fodder: true,
        ..Item::new(ItemId(2), "Oats", Category::Food)
    };
    data.apply(&Change::Item {
        before: None,
        after: Some(oats),
    });
    // The oats ride on the first mule: what an animal carries is the party's.
    let sacks = Holding::new(
        HoldingId(2),
        ItemId(2),
        Holder::Character(mules[0]),
        fodder / 20,
    );
    data.apply(&Change::Holding {
        before: None,
        after: Some(sacks),
    });
    (data, journey, mules)
}

/// NOTES.md: "A day's food need of an animal is 40 units times its
/// multiplier times the day's multiplier ... met from carried fodder": two
/// mules at Waybook's 200 % need 160 units a day, eat only the oats, and
/// the people eat only their rations; 320 units of oats last two days,
/// while 400 units of rations feed two people for five, so the food runs
/// out on the third day, for the mules.
#[test]
fn mules_eat_fodder_and_run_out_before_the_people() {
    let (data, journey, mules) = with_mules(400, 320);
    let view = plan::plan(&data, &journey);
    let ledger = plan::food_ledger(&data, &journey, &view);
    let first = &ledger.days[0];
    let need = |id: CharacterId| {
        first
            .entries
            .iter()
            .find(|e| e.character == id)
            .map(|e| e.required)
    };
    assert_eq!(need(mules[0]), Some(80.0));
    assert_eq!(need(CharacterId(1)), Some(40.0));
    assert_eq!(ledger.units_at_start, 720.0, "rations and oats");
    assert_eq!(ledger.runs_out_full, Some(2), "the oats last two days");
    let third = &ledger.days[2];
    let eaten = |id: CharacterId| {
        third
            .entries
            .iter()
            .find(|e| e.character == id)
            .map(|e| e.eaten)
    };
    assert_eq!(eaten(CharacterId(1)), Some(40.0), "Ana still eats");
    assert_eq!(
        eaten(mules[1]),
        Some(0.0),
        "no oats left, and mules eat no rations"
    );
    assert_eq!(third.units_left, 400.0 - 3.0 * 80.0);
}

/// NOTES.md: "met from carried fodder, or by grazing where the path or
/// region allows it (house rule)": on a region that grazes, the mules eat
/// no oats and are fed in full; a dog, which does not graze, still eats.
#[test]
fn grazing_land_feeds_the_animals_that_graze() {
    let (mut data, journey, mules) = with_mules(400, 320);
    let mut region = Region::new(RegionId(1), "Meadows");
    region.grazing = true;
    data.apply(&Change::of(None, Some(&region)));
    let mut grazing = journey.clone();
    if let Some(route) = grazing.plan.routes.first_mut() {
        for leg in &mut route.legs {
            leg.region = Some(region.id);
        }
    }
    data.apply(&Change::journey(Some(&journey), Some(&grazing)));
    let view = plan::plan(&data, &grazing);
    let ledger = plan::food_ledger(&data, &grazing, &view);
    let day = &ledger.days[0];
    let mule = day
        .entries
        .iter()
        .find(|e| e.character == mules[0])
        .expect("a mule");
    assert!(mule.grazed && mule.eaten == 80.0 && mule.opened == 0.0);
    assert_eq!(
        day.units_left,
        720.0 - 80.0,
        "only the people's rations are opened"
    );
    let edit = play::advance(
        &data,
        &grazing,
        play::Until::EndOfDay,
        &mut Dice::scripted(vec![]),
    )
    .expect("played");
    data.apply_all(&edit.changes);
    let log = &data.journeys[&grazing.id].log;
    assert!(
        log.iter()
            .any(|l| l.contains("Mule grazes: 80 units from the land (house rule)")),
        "{log:?}"
    );
}

/// NOTES.md: "the days-without-food rule applies to it as to a
/// character": with no fodder at all, a mule (Endurance 2 by Waybook's
/// type) goes hungry and past its limit gains exhaustion, which play books
/// on its sheet.
#[test]
fn an_unfed_animal_tires_by_the_days_without_food_rule() {
    let (mut data, journey, mules) = with_mules(400, 0);
    for _ in 0..4 {
        let j = data.journeys[&journey.id].clone();
        let edit = play::advance(
            &data,
            &j,
            play::Until::EndOfDay,
            &mut Dice::scripted(vec![]),
        )
        .expect("played");
        data.apply_all(&edit.changes);
    }
    let mule = &data.characters[&mules[0]];
    assert_eq!(mule.exploration.days_without_food, 4.0);
    assert!(
        mule.exploration.exhaustion >= 1,
        "past the limit of its Endurance"
    );
    assert_eq!(
        data.characters[&CharacterId(1)].exploration.exhaustion,
        0,
        "Ana ate"
    );
}

/// The party's food on the Parties screen counts its animals: two mules'
/// 160 units beside the people's 80.
#[test]
fn the_partys_food_today_counts_its_animals() {
    let (data, journey, _) = with_mules(400, 320);
    let food = plan::food::party_food(&data, journey.party);
    assert_eq!(food.need_today, 240.0);
    assert_eq!(food.days_full, Some(2), "the oats run out first");
}

/// A new animal of `kind` in `party`, ridden by `rider`.
fn mount(data: &mut CampaignData, (party, kind): (PartyId, &str), rider: CharacterId) {
    let beast = animals::add_animal(data, Some(party), kind).expect("a type");
    data.apply_all(&beast.edit.changes);
    let edit = animals::set_rider(data, &data.characters[&beast.id], Some(rider));
    data.apply_all(&edit.expect("rides").changes);
}

/// Issue 54: "riding needs a mount for each member who travels", at the
/// pace of the slowest (house rules: Waybook's riding horse 7 km/h, pony
/// 5): Bo without a mount refuses the ride with his name; on a pony, the
/// 320 km go at 5 km/h.
#[test]
fn riding_needs_a_mount_each_and_goes_at_the_slowest_pace() {
    let (mut data, journey) = small_party(400);
    let mut riding = journey.clone();
    let way = (riding.plan.methods.iter()).position(|m| m.by == Some(By::Riding));
    let way = way.expect("Waybook's riding way");
    for leg in riding.plan.routes.iter_mut().flat_map(|r| &mut r.legs) {
        leg.method = way;
    }
    data.apply(&Change::journey(Some(&journey), Some(&riding)));
    mount(&mut data, (riding.party, "Riding horse"), CharacterId(1));
    let view = plan::plan(&data, &riding);
    let refused = play::why_not(&data, &riding, &view).map(|r| r.to_string());
    assert_eq!(
        refused.as_deref(),
        Some("Riding needs a mount for each member: Bo has none (give them one on the roster)")
    );
    mount(&mut data, (riding.party, "Pony"), CharacterId(2));
    let view = plan::plan(&data, &riding);
    assert!(play::why_not(&data, &riding, &view).is_none());
    assert_eq!(view.road_hours, 64, "320 km at the pony's 5 km/h");
}

/// Issue 54: "Over capacity, the plan says ... how much slower the party
/// goes (a house rule: the speed of an overloaded party, by default on
/// foot at half speed)": 60 kg of stones on two people who carry 25 kg
/// each doubles the road's hours.
#[test]
fn an_overloaded_party_goes_at_half_speed() {
    let (mut data, journey) = small_party(0);
    let before = plan::plan(&data, &journey).road_hours;
    let stone = Item {
        weight: 1.0,
        ..Item::new(ItemId(7), "Stone", Category::Material)
    };
    data.apply(&Change::of(None, Some(&stone)));
    let pile = Holding::new(HoldingId(7), stone.id, Holder::Stash(journey.party), 60);
    data.apply(&Change::of(None, Some(&pile)));
    let gear = plan::gear::gear(&data, &journey);
    assert_eq!(
        gear.notes,
        [
            "Overloaded: 60 kg carried, 10 kg over the 50 kg the party carries: leave 10 kg or go at 50 % of its speed (house rule)"
        ]
    );
    assert_eq!(plan::plan(&data, &journey).road_hours, 2 * before);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// The load and food counts for any mix: the party carries what its
    /// people (25 kg each) and mules (90 kg) carry; the mules eat only
    /// oats and the people never do, so each side's units eaten never pass
    /// what it had; on grazing land no oats are opened; and every day's
    /// units left are the day before's less what was opened.
    #[test]
    fn loads_and_food_add_up_for_any_mix(
        mules in 0usize..4,
        rations in 0i64..40,
        sacks in 0i64..12,
        grazing in proptest::bool::ANY,
    ) {
        let (mut data, journey, _) = with_mules(rations * 20, sacks * 20);
        for _ in 2..mules {
            let more = animals::add_animal(&data, Some(journey.party), "Mule").expect("a type");
            data.apply_all(&more.edit.changes);
        }
        if mules < 2 {
            let gone: Vec<CharacterId> = (data.characters.values())
                .filter(|c| c.is_animal())
                .skip(mules)
                .filter(|c| data.holdings_of(Holder::Character(c.id)).next().is_none())
                .map(|c| c.id)
                .collect();
            let edit = waybook_core::edits::delete_characters(&data, &gone, waybook_core::edits::KitFate::ToStash);
            data.apply_all(&edit.expect("deleted").changes);
        }
        let mut region = Region::new(RegionId(1), "Meadows");
        region.grazing = grazing;
        data.apply(&Change::of(None, Some(&region)));
        let mut placed = journey.clone();
        for leg in placed.plan.routes.iter_mut().flat_map(|r| &mut r.legs) {
            leg.region = Some(region.id);
        }
        data.apply(&Change::journey(Some(&journey), Some(&placed)));
        let members: Vec<&Character> = data.members(journey.party).collect();
        let beasts = members.iter().filter(|c| c.is_animal()).count();
        let load = waybook_core::model::load::PartyLoad::of(&data, journey.party);
        proptest::prop_assert_eq!(
            load.capacity_kg,
            25.0 * (members.len() - beasts) as f64 + 90.0 * beasts as f64
        );
        let view = plan::plan(&data, &placed);
        let ledger = plan::food_ledger(&data, &placed, &view);
        let (mut oats, mut food) = (0.0, 0.0);
        let mut before = ledger.units_at_start;
        for day in &ledger.days {
            for e in &day.entries {
                if e.animal {
                    proptest::prop_assert!(!grazing || e.opened == 0.0, "grazing opens nothing");
                    oats += e.opened;
                } else {
                    food += e.opened;
                }
            }
            proptest::prop_assert!((before - day.opened - day.units_left).abs() < 1e-6);
            before = day.units_left;
        }
        proptest::prop_assert!(oats <= (sacks * 20) as f64 + 1e-9, "{oats} of oats");
        proptest::prop_assert!(food <= (rations * 20) as f64 + 1e-9, "{food} of rations");
    }
}
