//! Each party lives its own days, whatever the order (issue 53): the
//! demo's two parties, the company and the Kettleford Watch three days
//! behind it, take random steps (a party's clock moved on, fed or unfed;
//! a trip of its played on an hour or to the end of its day, or set off
//! now; a new trip planned; a travel round's next step; a gathering
//! survey; a scene begun), with undo and redo among them. After every
//! step: no party's present went back but by undo, which restores it
//! exactly; no party booked an hour of its trips twice; a region's weather
//! on a day, once rolled, stays as it fell; each party's log entries are
//! in its own time order; and undoing everything gives back the starting
//! JSON.

use crate::common;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeSet;
use std::sync::OnceLock;
use waybook_core::model::document::Document;
use waybook_core::model::step::Step;
use waybook_core::model::*;
use waybook_core::plan::play::{self, Until};
use waybook_core::plan::rest::Meals;
use waybook_core::travel::round::{self, EncounterChoice, PartyStep, TravelStep};
use waybook_rules::dice::Dice;

/// The demo: the company on its trip by the river, the Watch behind it at
/// Kettleford with its plan over the pass.
fn world() -> CampaignData {
    static WORLD: OnceLock<CampaignData> = OnceLock::new();
    WORLD.get_or_init(|| common::demo().1).clone()
}

fn apply(data: &mut CampaignData, edit: &Edit) {
    for change in &edit.changes {
        data.apply(change);
    }
}

/// A step a GM might take now for one of the parties, if it plays.
fn step(data: &CampaignData, rng: &mut StdRng, dice: &mut Dice) -> Option<Edit> {
    let parties: Vec<PartyId> = data.parties.keys().copied().collect();
    let party = *parties.get(rng.random_range(0..parties.len()))?;
    match rng.random_range(0..8) {
        0 | 1 => {
            let hours = rng.random_range(1..40);
            let meals = if rng.random_bool(0.8) {
                Meals::Fed
            } else {
                Meals::Unfed
            };
            waybook_core::edits::clock::move_on(data, Some(party), (hours, meals), "", dice).ok()
        }
        2 | 3 => {
            let trips: Vec<&Journey> = (data.journeys.values())
                .filter(|j| j.party == party)
                .collect();
            let trip = *trips.get(rng.random_range(0..trips.len().max(1)))?;
            let view = waybook_core::plan::plan(data, trip);
            if let Some(edit) =
                play::set_off_now(data, trip, &view).filter(|_| rng.random_bool(0.5))
            {
                return Some(edit);
            }
            let until = if rng.random_bool(0.5) {
                Until::NextHour
            } else {
                Until::EndOfDay
            };
            play::advance(data, trip, until, dice).ok()
        }
        4 => waybook_core::edits::records::add_journey(data, party)
            .ok()
            .map(|a| a.edit),
        5 => {
            let step = PartyStep {
                party,
                step: travel_step(data, party),
            };
            Step::play(&step, data, dice).ok()
        }
        6 => {
            let site = data.sites.values().next()?;
            let members: Vec<CharacterId> = data.members(party).map(|c| c.id).collect();
            let survey = waybook_core::gathering::GatherStep::Survey {
                site: site.id,
                material: 0,
                character: *members.get(rng.random_range(0..members.len().max(1)))?,
                advantage: false,
                elsewhere: true,
            };
            Step::play(&survey, data, dice).ok()
        }
        _ => {
            let scene = waybook_core::scene::SceneStep::Start {
                name: "A brawl".to_owned(),
                party: Some(party),
                mode: SceneMode::Combat,
                threat: 2,
                new_scenario: false,
            };
            Step::play(&scene, data, dice).ok()
        }
    }
}

/// The next step of `party`'s travel round, as the Travel screen offers it.
fn travel_step(data: &CampaignData, party: PartyId) -> TravelStep {
    let p = &data.parties[&party];
    match data.round_in_play(party).map(|r| r.next) {
        None | Some(RoundStep::Done) => {
            let here = match (p.travel.on_path, p.travel.place) {
                (Some(on), _) => Some(on.path),
                (None, Some(place)) => data.paths_at(place).map(|x| x.id).next(),
                (None, None) => None,
            };
            here.map_or(TravelStep::TurnBack, TravelStep::Navigate)
        }
        Some(RoundStep::Setback) => TravelStep::Setback { spend_token: false },
        Some(RoundStep::Encounter) => TravelStep::Encounter(EncounterChoice::Die),
        Some(RoundStep::Camping) => TravelStep::Camp(round::default_orders(
            data,
            party,
            &waybook_core::plan::same_day::on_watch_tonight(data, party),
        )),
    }
}

/// The log's entries of each party, not undone, are in its time order.
fn in_time_order(data: &CampaignData) -> Result<(), TestCaseError> {
    for party in data.parties.keys() {
        let times: Vec<ClockTime> = (data.log.values())
            .filter(|e| !e.undone && e.parties == [*party])
            .map(|e| e.at)
            .collect();
        prop_assert!(times.is_sorted(), "{party:?}'s entries: {times:?}");
    }
    Ok(())
}

/// No party booked an hour twice: the hours its trips played, on the
/// clock, are each one trip's once.
fn each_hour_once(data: &CampaignData) -> Result<(), TestCaseError> {
    for party in data.parties.keys() {
        let mut booked = BTreeSet::new();
        for j in data.journeys.values().filter(|j| j.party == *party) {
            let view = waybook_core::plan::plan(data, j);
            for hour in (0..j.played_hours).filter_map(|n| view.clock_at(n)) {
                prop_assert!(booked.insert(hour), "{}: {hour:?} booked twice", j.name);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn each_party_lives_its_own_days_in_one_world(seed in any::<u64>()) {
        let start = world();
        let start_json = Document::of(&start).to_json();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut dice = Dice::seeded(seed);
        let mut data = start.clone();
        let (mut done, mut undone): (Vec<(Edit, CampaignData)>, Vec<Edit>) = (Vec::new(), Vec::new());
        for _ in 0..40 {
            let roll = rng.random_range(0..10);
            if roll == 0 && !done.is_empty() {
                let (edit, before) = done.pop().expect("a step");
                apply(&mut data, &edit.inverse());
                for (id, p) in &before.parties {
                    prop_assert_eq!(data.parties[id].now, p.now, "undo restores the present");
                }
                undone.push(edit);
            } else if roll == 1 && !undone.is_empty() {
                let edit = undone.pop().expect("undone");
                let before = data.clone();
                apply(&mut data, &edit);
                done.push((edit, before));
            } else if let Some(edit) = step(&data, &mut rng, &mut dice) {
                let before = data.clone();
                apply(&mut data, &edit);
                for (id, p) in &before.parties {
                    prop_assert!(data.parties[id].now >= p.now, "{}: {} went back", edit.label, p.name);
                }
                for (id, w) in &before.weather {
                    prop_assert_eq!(&data.weather[id], w, "the weather stays as it fell");
                }
                let latest = data.parties.values().map(|p| p.now).max();
                prop_assert_eq!(Some(data.settings.clock), latest, "the clock is the latest present");
                done.push((edit, before));
                undone.clear();
            }
            in_time_order(&data)?;
            each_hour_once(&data)?;
        }
        while let Some((edit, _)) = done.pop() {
            apply(&mut data, &edit.inverse());
        }
        prop_assert_eq!(Document::of(&data).to_json(), start_json, "undone to the start");
    }
}
