//! Each party lives its own days, whatever the order (issue 53): two
//! parties of one world, two days apart, take random steps (a party's
//! clock moved on, fed or unfed; the company's trip played on an hour or
//! to the end of its day; a new trip planned), with undo and redo among
//! them. After every step: no party's present went back but by undo, which
//! restores it exactly; a region's weather on a day, once rolled, stays as
//! it fell; each party's log entries are in its own time order; and
//! undoing everything gives back the starting JSON.

use crate::common;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::OnceLock;
use waybook_core::model::document::Document;
use waybook_core::model::*;
use waybook_core::plan::play::{self, Until};
use waybook_core::plan::rest::Meals;
use waybook_rules::dice::Dice;

const WATCH: PartyId = PartyId(900);

/// The demo with a second party two days behind the company: the
/// Kettleford Watch, one member carrying nothing.
fn world() -> CampaignData {
    static WORLD: OnceLock<CampaignData> = OnceLock::new();
    WORLD
        .get_or_init(|| {
            let (_dir, mut data) = common::demo();
            let day_hours = data.settings.day_hours;
            let behind = data.settings.clock.plus(-2 * day_hours, day_hours);
            let watch = Party::new(WATCH, "The Kettleford Watch", behind);
            let mut wren = Character::new(CharacterId(901), "Wren", CharacterKind::Hero);
            wren.party = Some(WATCH);
            data.apply(&Change::of(None, Some(&watch)));
            data.apply(&Change::character(None, Some(&wren)));
            data
        })
        .clone()
}

fn apply(data: &mut CampaignData, edit: &Edit) {
    for change in &edit.changes {
        data.apply(change);
    }
}

/// A step a GM might take now, if it plays.
fn step(data: &CampaignData, rng: &mut StdRng, dice: &mut Dice) -> Option<Edit> {
    let company = *data.parties.keys().next()?;
    let party = if rng.random_bool(0.5) { company } else { WATCH };
    match rng.random_range(0..4) {
        0 | 1 => {
            let hours = rng.random_range(1..40);
            let meals = if rng.random_bool(0.8) {
                Meals::Fed
            } else {
                Meals::Unfed
            };
            waybook_core::edits::clock::move_on(data, Some(party), (hours, meals), "", dice).ok()
        }
        2 => {
            let trip = data.journeys.values().find(|j| j.party == company)?;
            let until = if rng.random_bool(0.5) {
                Until::NextHour
            } else {
                Until::EndOfDay
            };
            play::advance(data, trip, until, dice).ok()
        }
        _ => waybook_core::edits::records::add_journey(data, party)
            .ok()
            .map(|a| a.edit),
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
        }
        while let Some((edit, _)) = done.pop() {
            apply(&mut data, &edit.inverse());
        }
        prop_assert_eq!(Document::of(&data).to_json(), start_json, "undone to the start");
    }
}
