//! Each party lives its own days (issue 53, NOTES.md "A party's days"):
//! "Each party has its own present (a date and an hour); what it does
//! moves its present on, and only undo moves it back." "The world is one:
//! a region's weather on a day is rolled once, when the first party lives
//! that day there (or the GM rolls it), and stays as it fell for every
//! party that lives that day later."

use crate::common;
use waybook_core::model::*;
use waybook_core::world::clock::{self, ClockError};
use waybook_core::world::present;
use waybook_rules::dice::Dice;

/// The demo with its second party, the Kettleford Watch, brought up to
/// the company's present: the company's id and the watch's.
fn two_parties() -> (CampaignData, PartyId, PartyId) {
    let (_dir, mut data) = common::demo();
    let company = *data.parties.keys().next().expect("the company");
    let behind = (data.parties.values())
        .find(|p| p.name == "The Kettleford Watch")
        .expect("the demo's Watch");
    let watch = Party {
        now: data.settings.clock,
        ..behind.clone()
    };
    data.apply(&Change::of(Some(behind), Some(&watch)));
    (data, company, watch.id)
}

fn apply(data: &mut CampaignData, edit: &Edit) {
    for change in &edit.changes {
        data.apply(change);
    }
}

#[test]
fn moving_one_partys_clock_leaves_the_other_where_it_is() {
    let (mut data, company, watch) = two_parties();
    let start = data.settings.clock;
    let day = data.settings.day_hours;
    let refused = clock::move_on(&data, None, day, "", &mut Dice::seeded(1)).expect_err("whose?");
    assert_eq!(
        refused,
        ClockError::WhichParty(vec![
            "The Lantern Company".to_owned(),
            "The Kettleford Watch".to_owned()
        ])
    );
    assert!(
        refused
            .to_string()
            .contains("The Lantern Company, The Kettleford Watch")
    );
    let ahead = clock::move_on(&data, Some(company), 2 * day, "", &mut Dice::seeded(1))
        .expect("the company rests two days");
    apply(&mut data, &ahead);
    let two_days_on = start.plus(2 * day, day);
    assert_eq!(data.parties[&company].now, two_days_on);
    assert_eq!(
        data.parties[&watch].now, start,
        "the watch did not live them"
    );
    assert_eq!(data.settings.clock, two_days_on, "the latest present");
    assert!(
        ahead.label.ends_with("for The Lantern Company"),
        "{}",
        ahead.label
    );
}

#[test]
fn a_party_behind_finds_the_weather_as_it_fell_and_undo_restores_its_present() {
    let (mut data, company, watch) = two_parties();
    let day = data.settings.day_hours;
    let ahead = clock::move_on(&data, Some(company), 2 * day, "", &mut Dice::seeded(7))
        .expect("the company goes on");
    apply(&mut data, &ahead);
    let weather = data.weather.clone();
    let before = data.clone();
    let behind = waybook_core::edits::clock::move_on(
        &data,
        Some(watch),
        (day, waybook_core::plan::rest::Meals::Fed),
        "the watch keeps its post",
        &mut Dice::seeded(8),
    )
    .expect("the watch lives a day the company lived");
    apply(&mut data, &behind);
    assert_eq!(data.weather, weather, "no day's weather is rolled twice");
    assert_eq!(
        data.settings.clock, before.settings.clock,
        "the clock stays the latest"
    );
    let watch_now = data.parties[&watch].now;
    assert_eq!(watch_now, before.parties[&watch].now.plus(day, day));
    let entry = data.log.values().last().expect("logged");
    assert_eq!(entry.parties, [watch]);
    assert_eq!(
        entry.at, before.parties[&watch].now,
        "the watch's step is stamped at the watch's own present"
    );
    apply(&mut data, &behind.inverse());
    assert_eq!(
        data.parties[&watch].now, before.parties[&watch].now,
        "undo moves it back exactly"
    );
    assert_eq!(
        present::now_of(&data, Some(company)),
        before.parties[&company].now
    );
}

/// "A party is on at most one trip at a time; a new trip for a party
/// mid-trip is refused, naming the trip." Another party plans from its own
/// present.
#[test]
fn a_new_trip_is_refused_mid_trip_and_starts_at_its_partys_present() {
    let (mut data, company, watch) = two_parties();
    let day = data.settings.day_hours;
    let behind = clock::move_on(&data, Some(company), day, "", &mut Dice::seeded(3))
        .expect("the company goes a day on");
    apply(&mut data, &behind);
    let refused = waybook_core::edits::records::add_journey(&data, company).expect_err("mid-trip");
    assert!(
        refused.starts_with(
            "The Lantern Company is on the journey “By the river, on the map”, begun and not ended"
        ),
        "{refused}"
    );
    let added = waybook_core::edits::records::add_journey(&data, watch).expect("the watch is free");
    apply(&mut data, &added.edit);
    assert_eq!(data.journeys[&added.id].start, data.parties[&watch].now);
    assert!(
        data.parties[&watch].now < data.settings.clock,
        "a day behind"
    );
}

/// NOTES.md: "A day that passes without travel (the GM moves a party's
/// clock on) is a day at rest: each member eats and drinks the day's units
/// from what the party carries and the days-without-food count follows
/// the exploration text, unless the GM books the day unfed, which the log
/// says."
#[test]
fn days_passed_are_eaten_at_rest_or_booked_unfed() {
    use waybook_core::edits::clock::move_on;
    use waybook_core::plan::rest::Meals;
    let (_dir, data) = common::demo();
    let company = *data.parties.keys().next().expect("the company");
    let day = data.settings.day_hours;
    let members: Vec<CharacterId> = data.members(company).map(|c| c.id).collect();
    let food = |d: &CampaignData| -> i64 {
        (d.holdings.values())
            .filter(|h| d.items.get(&h.item).is_some_and(|i| i.food_units > 0))
            .map(|h| h.quantity * d.items[&h.item].food_units)
            .sum()
    };
    let fed = move_on(
        &data,
        Some(company),
        (2 * day, Meals::Fed),
        "",
        &mut Dice::seeded(5),
    )
    .expect("fed");
    let mut after = data.clone();
    apply(&mut after, &fed);
    assert!(
        food(&after) < food(&data),
        "two days' food eaten from what they carry"
    );
    for c in &members {
        assert_eq!(
            after.characters[c].exploration.days_without_food, 0.0,
            "full days"
        );
    }
    let unfed = move_on(
        &data,
        Some(company),
        (2 * day, Meals::Unfed),
        "",
        &mut Dice::seeded(5),
    )
    .expect("unfed");
    let mut starved = data.clone();
    apply(&mut starved, &unfed);
    assert_eq!(food(&starved), food(&data), "nothing eaten");
    for c in &members {
        let before = data.characters[c].exploration.days_without_food;
        assert_eq!(
            starved.characters[c].exploration.days_without_food,
            before + 2.0
        );
    }
    assert!(unfed.label.ends_with("(unfed)"), "{}", unfed.label);
    let entry = starved.log.values().last().expect("logged");
    assert!(
        entry.said.iter().any(|l| l.contains("booked unfed")),
        "{:?}",
        entry.said
    );
    let within = move_on(
        &data,
        Some(company),
        (3, Meals::Fed),
        "",
        &mut Dice::seeded(5),
    )
    .expect("hours");
    let mut later = data.clone();
    apply(&mut later, &within);
    assert_eq!(food(&later), food(&data), "no day ended: nothing eaten");
}

/// Issue 53: "Two parties meet only on the same day at the same place: the
/// GM moves the earlier one on to the later one's date (the rest days
/// booked as above) and may then merge them or move members between
/// them." The demo's Watch, three days behind the company and at
/// Kettleford, is refused until it is moved on and walked up; then it
/// joins the company whole, and undo gives both back.
#[test]
fn two_parties_meet_on_one_day_at_one_place_and_then_join() {
    use waybook_core::edits::meeting::{apart, hours_behind, join, move_refused};
    use waybook_core::plan::rest::Meals;
    let (_dir, mut data) = common::demo();
    let party = |d: &CampaignData, name: &str| {
        (d.parties.values().find(|p| p.name == name).cloned()).expect("the demo's party")
    };
    let (company, watch) = (
        party(&data, "The Lantern Company"),
        party(&data, "The Kettleford Watch"),
    );
    let why = apart(&data, &company, &watch).expect("three days apart");
    assert_eq!(
        why,
        format!(
            "The Kettleford Watch lives {}, 2 days and 17 hours behind The Lantern Company: move it on to meet them",
            data.settings.when(watch.now)
        )
    );
    let wren = (data.characters.values().find(|c| c.name == "Wren Tallis")).expect("Wren");
    let refused = move_refused(&data, wren, Some(company.id)).expect("refused");
    assert!(
        refused.starts_with(
            "Wren Tallis cannot move from The Kettleford Watch to The Lantern Company: "
        ),
        "{refused}"
    );
    assert!(
        join(&data, &watch, &company).is_err(),
        "not met: no joining"
    );

    let hours = hours_behind(&data, &watch, &company).expect("behind");
    assert_eq!(hours, 65);
    let moved = waybook_core::edits::clock::move_on(
        &data,
        Some(watch.id),
        (hours, Meals::Fed),
        "to meet the company",
        &mut Dice::scripted(Vec::new()),
    )
    .expect("days the company lived: no roll");
    apply(&mut data, &moved);
    let watch = party(&data, "The Kettleford Watch");
    assert_eq!(watch.now, company.now);
    assert_eq!(
        apart(&data, &company, &watch).expect("apart in place"),
        "The Lantern Company is at Old Mill Crossing; The Kettleford Watch is at Kettleford: parties meet at one place"
    );
    // Walked up the Kettleford road (the GM puts it where the company is).
    let walked = Party {
        travel: company.travel.clone(),
        ..watch.clone()
    };
    data.apply(&Change::of(Some(&watch), Some(&walked)));
    assert_eq!(apart(&data, &company, &walked), None, "met");

    let before = data.clone();
    let joined = join(&data, &walked, &company).expect("joins");
    assert_eq!(
        joined.label,
        "The Kettleford Watch joins The Lantern Company"
    );
    apply(&mut data, &joined);
    assert!(!data.parties.contains_key(&watch.id));
    assert_eq!(data.members(company.id).count(), 13, "ten and three");
    let after = &data.parties[&company.id];
    assert_eq!(after.supplies, company.supplies + watch.supplies);
    assert_eq!(after.purse, company.purse + watch.purse);
    assert_eq!(
        after.travel, company.travel,
        "the company goes on from where it is"
    );
    let food = |d: &CampaignData, p: PartyId| d.totals_of(Holder::Stash(p)).food_units;
    assert_eq!(
        food(&data, company.id),
        food(&before, company.id) + food(&before, watch.id),
        "the stashes merged"
    );
    assert!(
        (data.journeys.values()).all(|j| j.party == company.id),
        "the Watch's plan is the company's"
    );
    assert!(
        (data.log.values()).all(|e| !e.parties.contains(&watch.id)),
        "its history is the company's"
    );
    apply(&mut data, &joined.inverse());
    let json = |d: &CampaignData| waybook_core::model::document::Document::of(d).to_json();
    assert_eq!(json(&data), json(&before), "undo gives both parties back");
}

/// Issue 53: "A trip whose days were passed this way says so ('2 days
/// spent resting at Ridge Camp'), in its plan and in its packet's
/// changed-since box."
#[test]
fn days_at_rest_mid_trip_are_said_in_the_plan_and_what_changed_since() {
    use waybook_core::plan::{self, summary::Summary};
    let (_dir, mut data) = common::demo();
    let company = *data.parties.keys().next().expect("the company");
    let trip = (data.journeys.values())
        .find(|j| j.party == company)
        .expect("the company's trip under way")
        .id;
    let summary = |d: &CampaignData| {
        let j = &d.journeys[&trip];
        let view = plan::plan(d, j);
        let food = plan::food_ledger(d, j, &view);
        Summary::of(d, j, &view, &food)
    };
    let printed = summary(&data);
    let day = data.settings.day_hours;
    let rest = waybook_core::edits::clock::move_on(
        &data,
        Some(company),
        (2 * day, waybook_core::plan::rest::Meals::Fed),
        "",
        &mut Dice::seeded(3),
    )
    .expect("rested");
    apply(&mut data, &rest);
    let said = "2 days spent resting at Old Mill Crossing";
    assert!(
        data.journeys[&trip]
            .log
            .last()
            .is_some_and(|l| l.ends_with(said)),
        "in its plan's log"
    );
    let changed = summary(&data).changes_since(&printed);
    assert!(
        changed.iter().any(|l| l.ends_with(said)),
        "what changed since: {changed:?}"
    );
}
