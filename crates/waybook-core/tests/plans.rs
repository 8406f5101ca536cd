//! A journey's plan against what was played: the change box's days played,
//! the food ledger's rows, the one food multiplier. Each test quotes the
//! sentence of the issue or of NOTES.md it checks, on the demo campaign.

use waybook_core::model::{CampaignData, Edit, Journey};
use waybook_core::plan::{self, same_day, summary::Summary};
use waybook_core::travel::round::{EncounterChoice, TravelStep};
use waybook_rules::dice::Dice;

fn apply(data: &mut CampaignData, edit: &Edit) {
    for change in &edit.changes {
        data.apply(change);
    }
}

fn trip<'a>(data: &'a CampaignData, name: &str) -> &'a Journey {
    (data.journeys.values())
        .find(|j| j.name == name)
        .expect("the demo's trip")
}

fn summary_of(data: &CampaignData, name: &str) -> Summary {
    let j = trip(data, name);
    let plan::Figures { view, food, .. } = plan::figures(data, j);
    Summary::of(data, j, &view, &food)
}

/// The demo's round along the Ferry lane (1 round, its last partial):
/// found at once (d10 9), a Peace (d10 5, d6 1), then the trip's hours of
/// the day with every region's weather kept and every test passed.
fn the_ferry_lane_round(data: &mut CampaignData) {
    let party = *data.parties.keys().next().expect("the party");
    let lane = (data.paths.values())
        .find(|p| p.name == "Ferry lane")
        .expect("the Ferry lane")
        .id;
    let mut faces = vec![9, 5, 1];
    faces.extend([20; 200]);
    let mut dice = Dice::scripted(faces);
    for step in [
        TravelStep::Navigate(lane),
        TravelStep::Encounter(EncounterChoice::Die),
    ] {
        let edit = same_day::travel_step(data, party, &step, &mut dice).expect("the step plays");
        apply(data, &edit);
    }
}

const RIVER: &str = "By the river, on the map";

/// Issue 50, item 1: the box "reads a played day as a smaller need: 'Day
/// 2: −160 food units' after day 2 ate 160 ... It never says a day was
/// played, nor what was eaten, the Supplies spent or where the party now
/// is. A played day is reported as played, with what happened".
#[test]
fn a_day_played_since_the_plan_was_seen_is_said_played() {
    let (_dir, mut data) = waybook_testkit::demo();
    let seen = summary_of(&data, RIVER);
    let before = trip(&data, RIVER).food_opened.len();
    the_ferry_lane_round(&mut data);
    let j = trip(&data, RIVER);
    assert_eq!(j.food_opened.len(), before + 1, "the day's food is kept");
    let eaten = *j.food_opened.last().expect("the day played");
    assert!(eaten > 0.0, "the party ate");
    let now = summary_of(&data, RIVER);
    let lines = now.changes_since(&seen);
    let played = (lines.iter())
        .find(|l| l.contains(" was played, in "))
        .unwrap_or_else(|| panic!("a day said played: {lines:#?}"));
    assert!(
        played.contains(&format!(
            "{} food units taken from packs and stash",
            waybook_core::model::decimal(eaten.round())
        )),
        "{played}"
    );
    assert!(!played.contains('−'), "never a smaller need: {played}");
    let party = data.parties.values().next().expect("the party");
    assert!(
        lines.contains(&format!(
            "The party now: {} (was: {})",
            waybook_core::travel::whereabouts(&data, party),
            seen.party_at
        )),
        "{lines:#?}"
    );
    let eaten_before: f64 = trip(&data, RIVER).food_opened[..before].iter().sum();
    assert!(
        (lines.last().expect("the sum")).ends_with(&format!(
            "food units taken on the days played {} → {}",
            eaten_before.round(),
            (eaten_before + eaten).round()
        )),
        "{lines:#?}"
    );
}

/// Issue 50, item 3: "The food ledger's rows do not add up: 995 − 300
/// shown as 690 ... If it is the waste of whole items opened, the ledger
/// shows it as its own column". Each day's units left are the day
/// before's less what was eaten and what was left over.
#[test]
fn the_food_ledgers_rows_add_up() {
    let (_dir, data) = waybook_testkit::demo();
    let mut wasted = 0.0;
    for j in data.journeys.values() {
        let plan::Figures { food, .. } = plan::figures(&data, j);
        let mut before = food.units_at_start;
        assert!(!food.days.is_empty(), "{} has days to eat", j.name);
        for day in &food.days {
            let sum: f64 = day.entries.iter().map(|e| e.opened).sum();
            assert!((sum - day.opened).abs() < 1e-9);
            assert!(day.opened + 1e-9 >= day.eaten, "opened covers eaten");
            assert!(
                (before - day.eaten - day.left_over() - day.units_left).abs() < 1e-6,
                "{} day {}: {before} − {} − {} ≠ {}",
                j.name,
                day.index + 1,
                day.eaten,
                day.left_over(),
                day.units_left
            );
            wasted += day.left_over();
            before = day.units_left;
        }
    }
    assert!(wasted > 0.0, "the demo opens whole items past a day's need");
}

fn place_id(data: &CampaignData, name: &str) -> waybook_core::model::PlaceId {
    (data.places.values())
        .find(|p| p.name == name)
        .expect("a place of the demo")
        .id
}

/// Issue 50, item 5: "*Add leg* on a map trip copies the last path ('Along
/// Col road toward High Col' again: the plan walks it twice), and an
/// uncharted leg cannot be added after map legs, though a trip may leave
/// the map". The leg added is uncharted, on the last leg's way, in the
/// region where the last path ends.
#[test]
fn a_leg_added_after_map_legs_is_uncharted() {
    let (_dir, data) = waybook_testkit::demo();
    let j = trip(&data, RIVER);
    let route = j.route().expect("the river route");
    let last = route.legs.last().expect("the last leg");
    assert!(last.path.is_some(), "the river trip ends on the map");
    let added = plan::leg_after(&data, j, j.plan.chosen);
    assert_eq!(added.path, None, "uncharted: no path walked twice");
    assert_eq!(added.method, last.method);
    let end = &data.places[&last.path.expect("a path").toward];
    assert_eq!(added.region, end.region);
    let mut after = j.clone();
    after.plan.routes[j.plan.chosen].legs.push(added);
    let before = plan::plan(&data, j).road_hours;
    assert!(
        plan::plan(&data, &after).road_hours > before,
        "the trip goes on off the map"
    );
}

/// Issue 50, item 5: "*Take the map's route* is greyed mid-trip. A trip can
/// go on off the map." The river trip, its first leg walked, goes on by
/// the map to Watchers' Tor: the leg walked is kept as played, the map's
/// paths follow from Old Mill Crossing where the party stands.
#[test]
fn a_trip_on_its_way_takes_the_maps_route_from_where_the_party_is() {
    let (_dir, mut data) = waybook_testkit::demo();
    let j = trip(&data, RIVER).clone();
    assert!(j.played_hours > 0, "the demo's river trip is on its way");
    let walked = j.route().expect("route").legs[0].clone();
    assert!(walked.played_as.is_some());
    let tor = place_id(&data, "Watchers' Tor");
    let edit = plan::from_map::take_route(&data, &j, tor).expect("taken mid-trip");
    apply(&mut data, &edit);
    let j = trip(&data, RIVER);
    let legs = &j.route().expect("route").legs;
    assert_eq!(legs[0], walked, "the leg walked stays as played");
    let names: Vec<&str> = legs.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Kettleford road",
            "Mill track",
            "The Greyspine climb",
            "Tor scramble"
        ]
    );
    assert_eq!(
        legs.last().and_then(|l| l.path).map(|a| a.toward),
        Some(tor)
    );
    assert_eq!(j.played_hours, trip(&data, RIVER).played_hours);
}

/// Issue 50, item 6: "The weather a party travels in on a path with no
/// region ('Fair, a light wind'; Divine's 'Fog') appears in the log but
/// on no Weather, Calendar or Chronicle screen ... The day's weather
/// where the party is appears wherever 'today' does." The Ferry lane is
/// in no region: its round rolls the campaign's table, and the chronicle
/// of the day and the players' Today say what it met.
#[test]
fn the_weather_met_outside_every_region_is_the_days_where_the_party_is() {
    use waybook_core::world::{chronicle, weather};
    let (_dir, mut data) = waybook_testkit::demo();
    the_ferry_lane_round(&mut data);
    let round = data.rounds.values().last().expect("the round").clone();
    assert_eq!(round.region, None, "the Ferry lane is in no region");
    let met = round
        .weather
        .clone()
        .expect("the campaign's table was rolled");
    assert!(
        round.lines.iter().any(|l| l.ends_with(&format!(": {met}"))),
        "the log says it: {:?}",
        round.lines
    );
    let outside = weather::outside_regions(&data, round.day);
    assert_eq!(
        outside,
        [weather::PartyWeather {
            party: "The Lantern Company".into(),
            at: "on Ferry lane".into(),
            weather: met.clone(),
        }]
    );
    let index = chronicle::Index::of(&data);
    let day = chronicle::day(&data, &index, round.day, &chronicle::Filter::default());
    assert_eq!(day.outside, outside, "the chronicle tells it");
    assert_eq!(
        outside[0].words(),
        format!("The Lantern Company, on Ferry lane (no region): {met}")
    );
}
