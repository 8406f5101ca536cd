//! A trip across the map: its route taken from the map's paths, each of a
//! path's travel rounds a day of the trip with both travel texts on, the
//! party moved along the paths as the trip is played, and the paths' ground
//! read by the hours. Each test quotes the reading of NOTES.md ("Both
//! travel texts on the same day") or the issue's sentence it checks.

use waybook_core::edits::{self, records};
use waybook_core::model::*;
use waybook_core::plan::{self, from_map, play};
use waybook_rules::dice::Dice;
use waybook_rules::rounds::pathfind::PathState;

const PARTY: PartyId = PartyId(1);
const HOME: PlaceId = PlaceId(1);
const FORD: PlaceId = PlaceId(2);
const HILL: PlaceId = PlaceId(3);
const LANE: MapPathId = MapPathId(1);
const MOOR: MapPathId = MapPathId(2);

fn place(id: PlaceId, name: &str) -> Place {
    Place::new(id, name, (0.0, 0.0))
}

fn path(
    id: MapPathId,
    name: &str,
    (from, to): (PlaceId, PlaceId),
    rounds: i64,
    km: f64,
) -> MapPath {
    MapPath {
        rounds,
        ground: Ground {
            distance_km: km,
            ..Ground::default()
        },
        ..MapPath::new(id, name, from, to)
    }
}

/// Two heroes at Home with food for the road; the Lane runs from Home to
/// Ford (2 rounds, 48 km), the Moor from Ford to Hill (1 round, no
/// distance given). The clock is day 1, 00:00; both travel texts are on.
/// A trip of the party's, planned to set off at 08:00 for 8 hours a day.
fn campaign() -> (CampaignData, JourneyId) {
    let mut settings = Settings::new("Trips");
    settings.clock = ClockTime { day: 1, hour: 0 };
    let mut data = CampaignData::new(settings);
    let mut changes = vec![
        Change::of(None, Some(&place(HOME, "Home"))),
        Change::of(None, Some(&place(FORD, "Ford"))),
        Change::of(None, Some(&place(HILL, "Hill"))),
        Change::of(None, Some(&path(LANE, "the Lane", (HOME, FORD), 2, 48.0))),
        Change::of(None, Some(&path(MOOR, "the Moor", (FORD, HILL), 1, 0.0))),
    ];
    let mut party = Party {
        supplies: 10,
        ..Party::new(PARTY, "Two", data.settings.clock)
    };
    party.travel.place = Some(HOME);
    changes.push(Change::of(None, Some(&party)));
    for (id, name) in [(1, "Ana"), (2, "Bo")] {
        let mut c = Character::new(CharacterId(id), name, CharacterKind::Hero);
        c.party = Some(PARTY);
        changes.push(Change::character(None, Some(&c)));
    }
    for change in &changes {
        data.apply(change);
    }
    let added = records::add_journey(&data, PARTY).expect("no trip under way");
    apply(&mut data, &added.edit);
    let mut j = data.journeys[&added.id].clone();
    j.plan.pattern = DayPattern {
        start_hour: 8,
        travel_hours: 8,
        camp_hours: 2,
        watch_hours: 0,
        watchers: vec![],
    };
    j.plan.methods = Method::standard();
    data.apply(&Change::journey(data.journeys.get(&added.id), Some(&j)));
    (data, added.id)
}

fn apply(data: &mut CampaignData, edit: &Edit) {
    for change in &edit.changes {
        data.apply(change);
    }
}

fn switch_rounds(data: &mut CampaignData, on: bool) {
    let mut after = data.settings.clone();
    after.set_enabled(RuleText::Rounds, on);
    data.apply(&Change::Settings {
        before: data.settings.clone(),
        after,
    });
}

/// The trip given the map's route to Hill.
fn to_hill(data: &mut CampaignData, trip: JourneyId) {
    let edit = from_map::take_route(data, &data.journeys[&trip], HILL).expect("a route");
    apply(data, &edit);
}

fn play_day(data: &mut CampaignData, trip: JourneyId) {
    let j = data.journeys[&trip].clone();
    let edit =
        play::advance(data, &j, play::Until::EndOfDay, &mut Dice::seeded(5)).expect("played");
    apply(data, &edit);
}

fn travel_hours(data: &CampaignData, trip: JourneyId) -> Vec<i64> {
    let view = plan::plan(data, &data.journeys[&trip]);
    view.days.iter().map(|d| d.travel_hours).collect()
}

/// "Its route is the map's: paths chosen by the GM or taken from the route
/// forecast, in order": one leg per path, each toward the next place, and
/// the trip sets off when the clock is.
#[test]
fn the_maps_route_is_a_leg_per_path_in_order() {
    let (mut data, trip) = campaign();
    crate::common::everyone_at(&mut data, ClockTime { day: 3, hour: 5 });
    to_hill(&mut data, trip);
    let j = &data.journeys[&trip];
    let legs: Vec<(Option<MapPathId>, Option<PlaceId>, &str)> =
        (j.route().expect("route").legs.iter())
            .map(|l| {
                (
                    l.path.map(|a| a.path),
                    l.path.map(|a| a.toward),
                    l.name.as_str(),
                )
            })
            .collect();
    assert_eq!(
        legs,
        vec![
            (Some(LANE), Some(FORD), "the Lane"),
            (Some(MOOR), Some(HILL), "the Moor")
        ]
    );
    assert_eq!(j.plan.routes.len(), 2, "the route it had stays to compare");
    assert_eq!(j.start, ClockTime { day: 3, hour: 5 }, "it sets off now");
}

/// "The path's rounds are its days ... each round covers the distance
/// divided by the rounds, at the trip's way of travelling": the Lane's 48
/// km in 2 rounds on foot (4 km/h) is 6 hours a day for two days; the
/// Moor gives no distance, so its round is a day of the trip's 8 hours.
#[test]
fn with_both_texts_each_round_of_a_path_is_a_day() {
    let (mut data, trip) = campaign();
    to_hill(&mut data, trip);
    assert_eq!(travel_hours(&data, trip), vec![6, 6, 8]);
}

/// With the travel rounds off, only the exploration text's hours: the
/// Lane's 48 km is 12 hours walked 8 a day, and the Moor, with no distance
/// of its own, is the leg's (a day's march for its one round, 32 km).
#[test]
fn with_travel_rounds_off_the_paths_are_walked_straight_through() {
    let (mut data, trip) = campaign();
    switch_rounds(&mut data, false);
    to_hill(&mut data, trip);
    assert_eq!(travel_hours(&data, trip), vec![8, 8, 4]);
}

/// "Playing a trip moves the party along those paths on the map, and
/// arriving puts it at the place": with the exploration text alone, the
/// Lane's 12 hours and the Moor's 8 walked 8 a day; after each day the
/// party is as far along as the hours took it, and the clock a day on.
#[test]
fn playing_the_trip_moves_the_party_along_the_paths() {
    let (mut data, trip) = campaign();
    switch_rounds(&mut data, false);
    to_hill(&mut data, trip);
    let at = |data: &CampaignData| {
        let t = &data.parties[&PARTY].travel;
        (
            t.place,
            t.on_path
                .map(|on| (on.path, on.toward, on.state.rounds_left)),
        )
    };
    play_day(&mut data, trip);
    assert_eq!(at(&data), (None, Some((LANE, FORD, 1))), "8 of 12 hours");
    assert_eq!(data.settings.clock, ClockTime { day: 2, hour: 0 });
    play_day(&mut data, trip);
    assert_eq!(at(&data), (None, Some((MOOR, HILL, 1))), "past Ford");
    play_day(&mut data, trip);
    assert_eq!(at(&data), (Some(HILL), None), "arrived");
}

/// A party partway along a path carries its Sidetracked stacks on with
/// the trip: "Sidetracked: progress, difficulty +1 for the rest of the
/// path (stacks)".
#[test]
fn a_trip_from_partway_along_a_path_keeps_the_partys_stacks() {
    let (mut data, trip) = campaign();
    switch_rounds(&mut data, false);
    let mut p = data.parties[&PARTY].clone();
    p.travel.place = None;
    p.travel.on_path = Some(OnPath {
        path: LANE,
        from: HOME,
        toward: FORD,
        state: PathState {
            sidetracked: 1,
            rounds_left: 1,
            ..PathState::default()
        },
        extra: 0,
    });
    data.apply(&Change::of(data.parties.get(&PARTY), Some(&p)));
    to_hill(&mut data, trip);
    let first = data.journeys[&trip].route().expect("route").legs[0].path;
    assert_eq!(first.and_then(|a| a.rounds), Some(1), "the round left");
    assert_eq!(travel_hours(&data, trip), vec![8, 6], "24 km, then 32");
    // From 00:00 to 10:00: two of the round's six hours on the road.
    for _ in 0..10 {
        let j = data.journeys[&trip].clone();
        let edit =
            play::advance(&data, &j, play::Until::NextHour, &mut Dice::seeded(1)).expect("played");
        apply(&mut data, &edit);
    }
    let on = data.parties[&PARTY]
        .travel
        .on_path
        .expect("still on the Lane");
    assert_eq!((on.state.sidetracked, on.state.rounds_left), (1, 1));
}

/// A path edited before the trip sets out changes the plan; once the party
/// is on it, the leg keeps the ground it was travelled on.
#[test]
fn a_path_edited_changes_the_plan_but_not_the_days_played() {
    let (mut data, trip) = campaign();
    switch_rounds(&mut data, false);
    to_hill(&mut data, trip);
    let mut lane = data.paths[&LANE].clone();
    lane.ground.distance_km = 64.0;
    data.apply(&Change::of(data.paths.get(&LANE), Some(&lane)));
    assert_eq!(travel_hours(&data, trip), vec![8, 8, 8], "64 km, then 32");
    play_day(&mut data, trip);
    lane.ground.distance_km = 16.0;
    data.apply(&Change::of(data.paths.get(&LANE), Some(&lane)));
    assert_eq!(
        travel_hours(&data, trip),
        vec![8, 8, 8],
        "the Lane was set out on at 64 km"
    );
}

/// An uncharted stretch ("apply Exploration rules for that part of the
/// journey") is off the map. Issue 53: "Off the map: after an uncharted
/// leg the party is 'beyond High Col, 32 km east along the way to X' ...,
/// never still at the place it left."
#[test]
fn an_uncharted_leg_takes_the_party_beyond_the_place_it_left() {
    let (mut data, trip) = campaign();
    play_day(&mut data, trip);
    let party = &data.parties[&PARTY];
    let t = &party.travel;
    assert_eq!((t.place, t.on_path), (None, None), "not at Home");
    assert_eq!(
        t.beyond,
        Some(Beyond {
            from: HOME,
            km: 32.0,
            toward: None
        })
    );
    assert_eq!(
        waybook_core::travel::whereabouts(&data, party),
        "Beyond Home, 32 km off the map"
    );
    let back = records::put_party_at(party, &data.places[&FORD].clone());
    apply(&mut data, &back);
    assert_eq!(
        waybook_core::travel::whereabouts(&data, &data.parties[&PARTY]),
        "At Ford",
        "the GM puts it where it came out"
    );
}

/// The same, with a place of the map ahead: four hours of an uncharted
/// 32 km leg from Home, Ford drawn to the east, then the Moor from Ford;
/// the next day's road ends the leg where the Moor sets out.
#[test]
fn an_uncharted_leg_says_how_far_along_the_way_to_the_next_place() {
    let (mut data, trip) = campaign();
    switch_rounds(&mut data, false);
    let mut ford = data.places[&FORD].clone();
    ford.x = 100.0;
    data.apply(&Change::of(data.places.get(&FORD), Some(&ford)));
    let mut j = data.journeys[&trip].clone();
    let moor = from_map::leg_along(&j, &data.paths[&MOOR], HILL, 1);
    j.plan.routes[0].legs.push(moor);
    data.apply(&Change::journey(data.journeys.get(&trip), Some(&j)));
    // Half a day's road: 16 of the leg's 32 km.
    let mut half = data.journeys[&trip].clone();
    half.plan.pattern.travel_hours = 4;
    data.apply(&Change::journey(data.journeys.get(&trip), Some(&half)));
    play_day(&mut data, trip);
    assert_eq!(
        waybook_core::travel::whereabouts(&data, &data.parties[&PARTY]),
        "Beyond Home, 16 km east along the way to Ford"
    );
    play_day(&mut data, trip);
    assert_eq!(
        waybook_core::travel::whereabouts(&data, &data.parties[&PARTY]),
        "At Ford",
        "the leg walked: where the Moor sets out from"
    );
}

/// "When anything a plan reads changes (... a path edited ...)": the path
/// a trip follows cannot be deleted from under it, and the refusal names
/// the trip.
#[test]
fn a_path_a_trip_follows_cannot_be_deleted() {
    let (mut data, trip) = campaign();
    to_hill(&mut data, trip);
    let why = edits::delete_path(&data, MOOR).expect_err("refused");
    assert!(
        why.to_string().contains(&data.journeys[&trip].name),
        "{why}"
    );
}

/// Plays the party's travel round along `path` through the step that
/// ties it to the trip: the Navigation Phase with `pathfind` (a d10, and
/// the setback's d6 on a failure), a peaceful encounter, and the camp on
/// the default orders.
fn play_round(data: &mut CampaignData, path: MapPathId, pathfind: &[u32]) {
    use waybook_core::plan::same_day::travel_step;
    use waybook_core::travel::round::{EncounterChoice, TravelStep, default_orders};
    let steps = [
        (
            TravelStep::Navigate(path),
            Dice::scripted(pathfind.to_vec()),
        ),
        // The encounter die 5 (benign), then 1 on the d6: Peace.
        (
            TravelStep::Encounter(EncounterChoice::Die),
            Dice::scripted(vec![5, 1]),
        ),
    ];
    for (step, mut dice) in steps {
        let edit = travel_step(data, PARTY, &step, &mut dice).expect("the step plays");
        apply(data, &edit);
    }
    let watch = waybook_core::plan::same_day::on_watch_tonight(data, PARTY);
    let camp = TravelStep::Camp(default_orders(data, PARTY, &watch));
    let edit = travel_step(data, PARTY, &camp, &mut Dice::seeded(3)).expect("the camp");
    apply(data, &edit);
}

/// NOTES.md, "Both travel texts on the same day": "each day is that
/// path's travel round ... and that day's hours (march, heat and cold,
/// swimming; food and drink units)". The round along the Lane, camped,
/// plays the trip's first day: its hours are played through the night to
/// the next setting off at 08:00, where the clock ends once (not a day
/// more), and the party is where the round put it. The trip's own Play refuses such a day and says where it is played.
#[test]
fn a_travel_round_on_the_trips_path_is_the_trips_day() {
    let (mut data, trip) = campaign();
    to_hill(&mut data, trip);
    let j = data.journeys[&trip].clone();
    let view = plan::plan(&data, &j);
    let refusal = play::why_not(&data, &j, &view)
        .expect("refused")
        .to_string();
    assert!(refusal.contains("travel round along the Lane"), "{refusal}");
    let first_day = view.days[0].slots.len() as i64;
    play_round(&mut data, LANE, &[9]);
    let j = &data.journeys[&trip];
    assert_eq!(
        j.played_hours,
        first_day + 8,
        "the trip's first day is played, and the night to setting off"
    );
    assert_eq!(data.settings.clock, ClockTime { day: 2, hour: 8 });
    let on = data.parties[&PARTY].travel.on_path.expect("on the Lane");
    assert_eq!((on.path, on.state.rounds_left), (LANE, 1));
    assert!(
        j.log.iter().any(|l| l.contains("eats")),
        "the day's food is eaten: {:?}",
        j.log
    );
}

/// "A setback that adds a round adds a day on the same stretch": a
/// Frustrated round (d10 1, then 1 on the d6) makes no progress, so the
/// trip walks the Lane's first round again: a day more than planned.
#[test]
fn a_round_without_progress_walks_the_stretch_again() {
    let (mut data, trip) = campaign();
    to_hill(&mut data, trip);
    assert_eq!(travel_hours(&data, trip), vec![6, 6, 8]);
    play_round(&mut data, LANE, &[1, 1]);
    let on = data.parties[&PARTY].travel.on_path.expect("on the Lane");
    assert_eq!(on.state.rounds_left, 2, "no progress");
    assert_eq!(travel_hours(&data, trip), vec![6, 6, 6, 8]);
    let view = plan::plan(&data, &data.journeys[&trip]);
    assert!(view.days[0].walked_again && !view.days[1].walked_again);
    play_round(&mut data, LANE, &[9]);
    play_round(&mut data, LANE, &[9]);
    assert_eq!(data.parties[&PARTY].travel.place, Some(FORD));
    let j = &data.journeys[&trip];
    let view = plan::plan(&data, j);
    assert_eq!(
        view.days_played(j.played_hours),
        3,
        "three days of the trip, three rounds"
    );
}

/// "A plan made earlier whose start has passed says so and moves its
/// unplayed days to now as one undoable edit": a trip left for a morning
/// (the clock moved on three hours) goes on from 11:00, the hours between
/// the party's own; and a round along its path goes on with it by itself.
#[test]
fn a_trip_left_for_a_morning_goes_on_from_the_clock() {
    let (mut data, trip) = campaign();
    to_hill(&mut data, trip);
    play_round(&mut data, LANE, &[9]);
    let edit = waybook_core::world::clock::move_on(
        &data,
        None,
        3,
        "a morning's gathering",
        &mut Dice::seeded(1),
    )
    .expect("moved");
    apply(&mut data, &edit);
    assert_eq!(data.settings.clock, ClockTime { day: 2, hour: 11 });
    let j = data.journeys[&trip].clone();
    let view = plan::plan(&data, &j);
    assert!(matches!(
        play::why_not(&data, &j, &view),
        Some(play::PlayError::BehindTheClock { begun: true, .. })
    ));
    let go_on = play::set_off_now(&data, &j, &view).expect("it can go on");
    assert!(go_on.label.starts_with("Go on with"), "{}", go_on.label);
    let mut gone_on = data.clone();
    apply(&mut gone_on, &go_on);
    let j = &gone_on.journeys[&trip];
    let view = plan::plan(&gone_on, j);
    assert_eq!(
        view.clock_at(j.played_hours),
        Some(ClockTime { day: 2, hour: 11 })
    );
    assert_eq!(
        view.clock_at(j.played_hours - 1),
        Some(ClockTime { day: 2, hour: 7 }),
        "the hours played stay where they were"
    );
    // The round along the Lane goes on with the trip without being asked.
    let played = data.journeys[&trip].played_hours;
    play_round(&mut data, LANE, &[9]);
    assert!(data.journeys[&trip].played_hours > played);
    assert_eq!(data.parties[&PARTY].travel.place, Some(FORD));
}

/// "shows the days that setbacks and getting lost are expected to add (and
/// their food) as an expectation and a range, from the route forecast's own
/// figures": the expectation is the forecast's expected rounds less the
/// paths' rounds; nine trips in ten stay within the range's top; the food
/// is the party's 80 units a day for those days. With travel rounds off
/// there are no rounds to lose.
#[test]
fn setbacks_add_the_forecasts_expected_days_and_their_food() {
    let (mut data, trip) = campaign();
    to_hill(&mut data, trip);
    let route = waybook_core::travel::forecast::route(&data, PARTY, HILL).expect("a route");
    let days = plan::setbacks::setback_days(&data, &data.journeys[&trip], 0).expect("ahead");
    assert!((days.expected - (route.rounds_expected - 3.0)).abs() < 1e-9);
    assert!(days.expected > 0.0, "difficulty 3 fails on 1-3 of the d10");
    assert!(days.nine_in_ten as f64 >= days.expected.floor());
    assert!((days.food_units - days.expected * 80.0).abs() < 1e-9);
    switch_rounds(&mut data, false);
    assert_eq!(
        plan::setbacks::setback_days(&data, &data.journeys[&trip], 0),
        None
    );
}

/// The party's trip removed, both texts on, the Lane and the Moor in a
/// Tundra whose weather has been "Extreme cold" these three days (rolled
/// on its table, which gives nothing else), the clock at 08:00: the
/// issue's GM who plays travel rounds with no trip planned.
fn rounds_without_a_trip() -> CampaignData {
    let (mut data, trip) = campaign();
    data.apply(&Change::journey(data.journeys.get(&trip), None));
    let table = TableDef::one_per_face(TableId(7), "Tundra weather", &["Extreme cold"]);
    data.apply(&Change::of(None, Some(&table)));
    let region = Region::new(RegionId(1), "Tundra");
    data.apply(&Change::of(None, Some(&region)));
    let mut settings = data.settings.clone();
    settings.weather_table = Some(table.id);
    data.apply(&Change::Settings {
        before: data.settings.clone(),
        after: settings,
    });
    crate::common::everyone_at(&mut data, ClockTime { day: 1, hour: 8 });
    for day in 1..=3 {
        let w = Weather {
            id: WeatherId::of(region.id, day),
            region: region.id,
            day,
            weather: "Extreme cold".into(),
            rolled: "d1 = 1".into(),
            foretold: false,
        };
        data.apply(&Change::of(None, Some(&w)));
    }
    for id in [LANE, MOOR] {
        let mut p = data.paths[&id].clone();
        p.region = Some(region.id);
        data.apply(&Change::of(data.paths.get(&id), Some(&p)));
    }
    data
}

/// Issue 35: "Three days of travel rounds in 'Extreme cold' with both
/// travel texts on booked no cold test and ate no food unit." NOTES.md:
/// "each day is that path's travel round ... and that day's hours (march,
/// heat and cold, swimming; food and drink units)". A round set out on
/// with no trip begins the party's trip along the path from the hour it
/// sets out; the next round goes on with it; arrived at Ford, the round
/// along the Moor carries the same trip on. Each day's cold tests are
/// rolled and its food eaten, and the clock ends at the next setting off.
#[test]
fn rounds_with_no_trip_begin_one_and_book_the_days_hours() {
    let mut data = rounds_without_a_trip();
    play_round(&mut data, LANE, &[9]);
    let trips: Vec<&Journey> = data.journeys.values().collect();
    assert_eq!(trips.len(), 1, "the round began a trip");
    let trip = trips[0].clone();
    assert_eq!(trip.name, "Travels from Home");
    assert_eq!(trip.start, ClockTime { day: 1, hour: 8 });
    assert_eq!(data.settings.clock, ClockTime { day: 2, hour: 8 });
    let cold = |j: &Journey| j.log.iter().filter(|l| l.contains("cold")).count();
    let eaten = |j: &Journey| j.log.iter().filter(|l| l.contains("eats")).count();
    assert!(cold(&trip) > 0, "cold tests rolled: {:?}", trip.log);
    assert!(eaten(&trip) > 0, "food eaten: {:?}", trip.log);
    play_round(&mut data, LANE, &[9]);
    assert_eq!(data.parties[&PARTY].travel.place, Some(FORD));
    play_round(&mut data, MOOR, &[9]);
    assert_eq!(data.parties[&PARTY].travel.place, Some(HILL));
    assert_eq!(data.journeys.len(), 1, "one trip carried on");
    let j = &data.journeys[&trip.id];
    let legs: Vec<_> = j
        .route()
        .expect("a route")
        .legs
        .iter()
        .map(|l| l.path.map(|a| a.path))
        .collect();
    assert_eq!(legs, vec![Some(LANE), Some(MOOR)]);
    let view = plan::plan(&data, j);
    assert_eq!(
        view.days_played(j.played_hours),
        3,
        "three rounds, three days"
    );
    assert!(eaten(j) >= 3 * eaten(&trip), "each day eats: {:?}", j.log);
    assert_eq!(data.settings.clock, ClockTime { day: 4, hour: 8 });
}

/// Undo gives back the campaign before the round: the trip the round
/// began goes with the round's first step.
#[test]
fn undoing_the_rounds_first_step_removes_the_trip_it_began() {
    use waybook_core::plan::same_day::travel_step;
    use waybook_core::travel::round::TravelStep;
    let data = rounds_without_a_trip();
    let step = TravelStep::Navigate(LANE);
    let edit = travel_step(&data, PARTY, &step, &mut Dice::scripted(vec![9])).expect("set out");
    assert!(
        edit.label.ends_with("on Travels from Home"),
        "{}",
        edit.label
    );
    let mut played = data.clone();
    apply(&mut played, &edit);
    assert_eq!(played.journeys.len(), 1);
    apply(&mut played, &edit.inverse());
    assert_eq!(
        (
            &played.journeys,
            &played.parties,
            &played.rounds,
            played.settings.clock
        ),
        (
            &data.journeys,
            &data.parties,
            &data.rounds,
            data.settings.clock
        )
    );
}

/// The trip to Hill with Ana and Bo on its watch rota, its first round
/// along the Lane played to tonight's camp (found, and a Peace).
fn at_camp_with_ana_and_bo_on_watch() -> CampaignData {
    use waybook_core::plan::same_day::travel_step;
    use waybook_core::travel::round::{EncounterChoice, TravelStep};
    let (mut data, trip) = campaign();
    to_hill(&mut data, trip);
    let mut j = data.journeys[&trip].clone();
    j.plan.pattern.watch_hours = 4;
    j.plan.pattern.watchers = vec![CharacterId(1), CharacterId(2)];
    data.apply(&Change::journey(data.journeys.get(&trip), Some(&j)));
    for (step, faces) in [
        (TravelStep::Navigate(LANE), vec![9]),
        (TravelStep::Encounter(EncounterChoice::Die), vec![5, 1]),
    ] {
        let edit = travel_step(&data, PARTY, &step, &mut Dice::scripted(faces)).expect("played");
        apply(&mut data, &edit);
    }
    data
}

/// NOTES.md, "Both travel texts on the same day": "the Watch action is
/// taken by those on watch in the rota unless the players choose
/// otherwise". Ana (a Defender) keeps the trip's watch: tonight's camp
/// starts with her watching and Bo cooking; the last camp's orders do
/// not take her off the watch, tonight's choice does. Bo, on the rota too
/// but with no Defender rank, cannot watch and cooks.
#[test]
fn those_on_the_trips_watch_rota_take_the_watch_at_camp() {
    use waybook_core::plan::same_day::on_watch_tonight;
    use waybook_core::travel::round::{Kept, default_orders, orders_for_now};
    use waybook_rules::rounds::camp::Action;
    let mut data = at_camp_with_ana_and_bo_on_watch();
    let mut ana = data.characters[&CharacterId(1)].clone();
    ana.rounds.ranks.defender = 1;
    data.apply(&Change::character(data.characters.get(&ana.id), Some(&ana)));
    let watch = on_watch_tonight(&data, PARTY);
    assert_eq!(watch, vec![CharacterId(1), CharacterId(2)]);
    let action = |orders: &waybook_core::travel::round::CampOrders, who: i64| {
        (orders.heroes.iter())
            .find(|o| o.hero == CharacterId(who))
            .map(|o| o.action)
    };
    let orders = default_orders(&data, PARTY, &watch);
    assert_eq!(action(&orders, 1), Some(Action::Watch));
    assert_eq!(action(&orders, 2), Some(Action::Cook), "no Defender rank");
    let mut cooking = orders.clone();
    cooking.heroes[0].action = Action::Shelter;
    let last = orders_for_now(&data, PARTY, Some(Kept::LastCamp(&cooking)), &watch);
    assert_eq!(action(&last, 1), Some(Action::Watch), "the rota's watch");
    let tonight = orders_for_now(&data, PARTY, Some(Kept::Tonight(&cooking)), &watch);
    assert_eq!(
        action(&tonight, 1),
        Some(Action::Shelter),
        "the players chose"
    );
    assert!(
        default_orders(&data, PARTY, &[])
            .heroes
            .iter()
            .all(|o| o.action != Action::Watch)
    );
}

/// Issue 50, item 7: "The watch rota is not used at camp: the plan puts
/// Aria, Bran, Cole and Dara on watch; the Camping Phase defaults to Cook /
/// Shelter / Recover / Recover and nobody takes Watch". Watch is "locked
/// behind" the Defender role (travel-rounds text), so the camp says who
/// the rota sets on watch, who of them cannot take it and why, and what
/// it means when nobody does.
#[test]
fn the_camp_says_what_the_trips_watch_rota_comes_to() {
    use waybook_core::plan::same_day::on_watch_tonight;
    use waybook_core::travel::round::{default_orders, rota_words};
    let mut data = at_camp_with_ana_and_bo_on_watch();
    let watch = on_watch_tonight(&data, PARTY);
    let orders = default_orders(&data, PARTY, &watch);
    assert_eq!(
        rota_words(&data, PARTY, &watch, &orders).as_deref(),
        Some(
            "On the trip's watch tonight, by its rota: Ana and Bo. Ana and Bo cannot take the Watch: it needs a Defender rank above 0 (the Defender's action). Nobody takes the Watch: an ambush tonight would have First Strike."
        )
    );
    let mut ana = data.characters[&CharacterId(1)].clone();
    ana.rounds.ranks.defender = 1;
    data.apply(&Change::character(data.characters.get(&ana.id), Some(&ana)));
    let orders = default_orders(&data, PARTY, &watch);
    assert_eq!(
        rota_words(&data, PARTY, &watch, &orders).as_deref(),
        Some(
            "On the trip's watch tonight, by its rota: Ana and Bo. Bo cannot take the Watch: it needs a Defender rank above 0 (the Defender's action)."
        ),
        "Ana, a Defender, keeps it"
    );
    assert_eq!(rota_words(&data, PARTY, &[], &orders), None, "no rota");
}
