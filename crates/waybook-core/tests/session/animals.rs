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
