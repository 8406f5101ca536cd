//! The map and travel-round screens, driven through the real app with
//! egui_kittest: a GM lays out places and a path, plays the demo party's
//! next round with scripted dice, spends a 🜉, camps short of Supplies and
//! undoes a whole round.

use crate::common::gui::Fixture;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use waybook_core::model::{PlaceId, RoundStep};

fn travel_screen(f: &mut Fixture) {
    f.click("Travel");
}

/// Picks a path of the party's place in the "Path" list.
fn pick_path(f: &mut Fixture, entry: &str) {
    f.pick("Path", entry);
}

fn party(f: &Fixture) -> &waybook_core::model::Party {
    f.data().parties.values().next().expect("the demo party")
}

/// A round's faces, then 20s for the trip's hours its camp plays: with
/// both travel texts on, the round along the Mill track begins the
/// party's trip, and each region keeps its weather (d100 20) and every
/// test of the day's hours is passed (d20 20).
fn with_the_days_hours(faces: &[u32]) -> Vec<u32> {
    let mut all = faces.to_vec();
    all.extend([20; 40]);
    all
}

const MILL_TRACK: &str = "Mill track to Greyspine Foot · D4 ⚠2 · 2 rounds";

#[test]
fn the_gm_lays_out_two_places_and_a_path_and_a_bad_difficulty_is_refused() {
    let mut f = Fixture::demo();
    f.click("Map");
    let places = f.data().places.len();
    f.click("Add place");
    f.type_into("Name", "Stonebridge");
    f.click("Add place");
    f.type_into("Name", "Lantern Hill");
    assert_eq!(f.data().places.len(), places + 2);
    assert!(f.shows("Place Stonebridge"), "drawn on the map");
    f.click("Draw a path");
    assert!(f.shows("Click the place the path starts from."));
    f.click("Stonebridge (Settlement)");
    assert!(f.shows("From Stonebridge: now click the place the path ends at."));
    f.click("Lantern Hill (Settlement)");
    let path = f.data().paths.values().last().expect("a path").clone();
    let name = |id: PlaceId| f.data().places[&id].name.clone();
    assert_eq!(
        (name(path.from), name(path.to)),
        ("Stonebridge".to_owned(), "Lantern Hill".to_owned())
    );
    assert!(
        f.shows("Path Stonebridge – Lantern Hill"),
        "labelled on the map"
    );
    f.type_into("Navigation difficulty", "-3");
    assert!(f.shows("Navigation difficulty: must be between 0 and 20"));
    assert_eq!(f.data().paths[&path.id].difficulty, path.difficulty);
    f.type_into("Travel rounds", "3");
    assert_eq!(
        f.reloaded().paths[&path.id].rounds,
        3,
        "written to the file"
    );
}

#[test]
fn a_whole_round_shows_the_setback_the_encounter_and_books_the_camp() {
    let mut f = Fixture::demo();
    travel_screen(&mut f);
    assert!(f.shows("At Old Mill Crossing"));
    pick_path(&mut f, MILL_TRACK);
    assert!(f.shows(
        "Setting out begins the party's trip Travels from Old Mill Crossing: when the round ends, the day's hours are played (both travel texts on)"
    ));
    // d10 1 (+2 Explore = 3, not above 3); the setback d6 4: Noisy.
    f.dice(&[1, 4]);
    f.click("Roll the Navigation Phase");
    assert!(f.shows("Pathfinding failed. Spend a 🜉 to succeed instead, or take the setback?"));
    f.click("Roll the setback");
    assert!(
        !f.shows("Spend a 🜉 or roll the setback?"),
        "the answered question is not left in the log"
    );
    assert!(f.shows("Setback: Noisy"));
    // Threshold 10 - 4/2 = 8, danger 2 + 1 Noisy: 5 is benign; d6 2: Peace.
    f.dice(&[5, 2]);
    f.click("Cast the encounter die");
    assert!(f.shows("encounter: d10 = 5 vs threshold 8: benign"));
    assert!(f.shows("Peace: nothing eventful happens."));
    assert!(
        f.shows("Supplies: 7 needed (5 heroes + 2 allies), 9 in hand: 7 spent, everyone is fed.")
    );
    let ash_hp = f.character("Ash Varnell").expect("Ash").rounds.hp.current;
    // Ash cooks (the first hero's default), nobody has a role action: the ambush d10 only.
    f.dice(&with_the_days_hours(&[10]));
    f.click("Make camp");
    assert_eq!(party(&f).supplies, 2);
    let on = party(&f).travel.on_path.expect("on the Mill track");
    assert_eq!((on.state.noisy, on.state.rounds_left), (1, 1));
    assert!(f.character("Ash Varnell").expect("Ash").rounds.hp.current >= ash_hp);
    let round = f.data().rounds.values().last().expect("the round").clone();
    assert_eq!(round.next, RoundStep::Done);
    assert!(
        round
            .lines
            .iter()
            .any(|l| l == "Camp: 7 Supplies spent (2 left before hunting).")
    );
    assert_eq!(
        f.reloaded().rounds.values().last(),
        Some(&round),
        "booked in the file"
    );
    assert!(f.shows("On Mill track toward Greyspine Foot: 1 of 2 rounds done, Noisy ×1"));
    // Issue 35: the demo's trip goes by the Ferry lane, so the round along
    // the Mill track began a trip of its own, whose first day it played.
    let trip = (f.data().journeys.values())
        .find(|j| j.name == "Travels from Old Mill Crossing")
        .expect("the round's trip");
    assert!(trip.played_hours > 0 && trip.log.iter().any(|l| l.contains("eats")));
}

/// Issue 50, item 4: "Editing a path's rounds while a party is on it
/// moves the party ... Rounds done stay done (1 of 3, 2 to go), or the
/// edit is refused while a round is in play, with the reason." Mid-round
/// the Map refuses 3 under the field and keeps the rounds; after camp, 2
/// rounds become 4 with the one made still made.
#[test]
fn a_paths_rounds_edited_on_the_map_keep_the_rounds_made() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "9");
    f.click("Map");
    f.click("Mill track: D4 ⚠2 · 2 rounds");
    f.type_into("Travel rounds", "3");
    assert!(f.shows(
        "Travel rounds: The Lantern Company's travel round along Mill track is in play: finish it before changing the path's rounds"
    ));
    let mill = |f: &Fixture| {
        let path = f.data().paths.values().find(|p| p.name == "Mill track");
        path.expect("the Mill track").rounds
    };
    assert_eq!(mill(&f), 2, "nothing changed");
    travel_screen(&mut f);
    f.dice(&with_the_days_hours(&[10]));
    f.click("Make camp");
    assert!(f.shows("On Mill track toward Greyspine Foot: 1 of 2 rounds done"));
    f.click("Map");
    f.type_into("Travel rounds", "4");
    assert_eq!(mill(&f), 4);
    travel_screen(&mut f);
    assert!(f.shows("On Mill track toward Greyspine Foot: 1 of 4 rounds done"));
    assert_eq!(
        f.reloaded()
            .paths
            .values()
            .find(|p| p.name == "Mill track")
            .map(|p| p.rounds),
        Some(4)
    );
}

/// Issue 50, item 5: "*Add leg* on a map trip copies the last path ...
/// *Take the map's route* is greyed mid-trip. A trip can go on off the
/// map." On the river trip, its first leg walked: the map's route to
/// Watchers' Tor is taken from Old Mill Crossing, and Add leg adds an
/// uncharted leg after the map's.
#[test]
fn a_trip_on_its_way_takes_the_maps_route_and_goes_on_off_the_map() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.click("By the river, on the map");
    assert!(f.shows("From Old Mill Crossing"));
    f.pick("To", "Watchers' Tor");
    f.click("Take the map's route");
    let legs = |f: &Fixture| {
        let j = f
            .data()
            .journeys
            .values()
            .find(|j| j.name == "By the river, on the map");
        j.expect("the trip").route().expect("route").legs.clone()
    };
    let names: Vec<String> = legs(&f).iter().map(|l| l.name.clone()).collect();
    assert_eq!(
        names,
        [
            "Kettleford road",
            "Mill track",
            "The Greyspine climb",
            "Tor scramble"
        ]
    );
    f.click("Add leg");
    let added = legs(&f).last().cloned().expect("a leg");
    assert_eq!((added.name.as_str(), added.path), ("New leg", None));
    assert_eq!(f.reloaded().journeys, f.data().journeys, "kept in the file");
}

/// Issue 50, item 10: "At 1280 × 800: the Map's path panel cuts the
/// *depth m* field ('3' for 30) and pushes High Col off the canvas; a
/// played leg's row on Journeys > Route runs past the right edge with no
/// way to see it." The demo's river trip, its walked leg travelled as a
/// way of long name along a path of long name.
#[test]
fn the_map_panel_and_a_played_legs_row_fit_at_1280() {
    let mut f = Fixture::opening("demo.waybook", long_names, Vec::new(), false);
    f.harness.set_size(egui::vec2(1280.0, 800.0));
    f.harness.run();
    f.click("Map");
    f.click("Mill track: D4 ⚠2 · 2 rounds");
    f.type_into("depth m", "30");
    let depth = f.field("depth m").rect();
    let font = egui::TextStyle::Body.resolve(&f.harness.ctx.global_style());
    let thirty = f.harness.ctx.fonts_mut(|fonts| {
        fonts
            .layout_no_wrap("30".into(), font, egui::Color32::BLACK)
            .size()
            .x
    });
    assert!(depth.width() > thirty, "the depth field shows 30 whole");
    let panel = f.field("Name").rect().min.x;
    for place in ["Emberfall", "Watchers' Tor", "Kettleford"] {
        let at = f.harness.get_by_label(&format!("Place {place}")).rect();
        assert!(
            at.max.x < panel,
            "{place} is on the canvas, left of the panel"
        );
    }
    f.click("Journeys");
    f.click("By the river, on the map");
    let travelled = "Travelled as On foot with the long train of pack mules at 4 km/h";
    assert!(f.reachable(travelled), "the played leg's row is whole");
    let x = f
        .harness
        .get_all_by_label("✕")
        .map(|b| b.rect().max.x)
        .fold(0.0, f32::max);
    assert!(x <= 1280.0, "every leg's ✕ is in the window: {x}");
}

/// The demo with the river trip's walked leg along a path of a long name,
/// travelled as a way of a long name.
fn long_names(path: &std::path::Path) {
    use waybook_core::model::{Change, Edit};
    let mut campaign = waybook_core::store::Campaign::open(path).expect("opens");
    let data = campaign.load().expect("loads");
    let mut road = data
        .paths
        .values()
        .find(|p| p.name == "Kettleford road")
        .expect("the road")
        .clone();
    road.name = "The long and winding Kettleford cart road over the downs".into();
    let river = data
        .journeys
        .values()
        .find(|j| j.name == "By the river, on the map");
    let mut trip = river.expect("the trip").clone();
    let route = trip.plan.chosen;
    let walked = trip.plan.routes[route].legs[0]
        .played_as
        .as_mut()
        .expect("walked");
    walked.name = "On foot with the long train of pack mules".into();
    let changes = vec![
        Change::of(data.paths.get(&road.id), Some(&road)),
        Change::journey(data.journeys.get(&trip.id), Some(&trip)),
    ];
    campaign
        .apply(&Edit::new("Long names", changes))
        .expect("written");
}

#[test]
fn a_token_turns_a_failed_pathfind_into_progress() {
    let mut f = Fixture::demo();
    travel_screen(&mut f);
    pick_path(&mut f, MILL_TRACK);
    f.dice(&[1]);
    f.click("Roll the Navigation Phase");
    f.click("Spend a 🜉 (the party holds 2)");
    assert_eq!(party(&f).travel.pathfinding_tokens, 1);
    assert!(f.shows("A 🜉 is spent: the party finds its way."));
    assert!(f.shows("1 of 2 rounds done"));
}

/// Sets the party's Supplies on the Parties screen, then goes to tonight's
/// camp along the Mill track: on course, a quiet benign day.
fn to_camp_with(f: &mut Fixture, supplies: &str) {
    f.click("Parties");
    f.type_into("Supplies", supplies);
    travel_screen(f);
    pick_path(f, MILL_TRACK);
    f.dice(&[10, 9, 1]);
    f.click("Roll the Navigation Phase");
    f.click("Cast the encounter die");
}

fn make_camp_enabled(f: &Fixture) -> bool {
    !f.harness
        .get_by_label("Make camp")
        .accesskit_node()
        .is_disabled()
}

const HEROES: [&str; 5] = [
    "Ash Varnell",
    "Brother Ilo",
    "Sefa Qorrin",
    "The Traveller",
    "Ødric Hale",
];

/// Issue 22, fault 1: "they may choose which characters to distribute
/// Supplies to": a camp short of Supplies starts with everyone fed who can
/// be, and the players choose who, allies included.
#[test]
fn a_camp_short_of_supplies_feeds_whom_it_can_and_the_players_choose() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "3");
    assert!(f.shows("3 can be fed of 7: tick and untick to choose who."));
    // Issue 50, item 9: "'Supplies: 2 needed (2 heroes + 0 allies fed), 2
    // in hand' for four heroes: say 4 needed, 2 in hand, 2 unfed."
    assert!(f.shows(
        "Supplies: 7 needed (5 heroes + 2 allies), 3 in hand: 3 spent, 4 unfed (Ødric Hale, The Traveller and 2 allies)."
    ));
    assert!(make_camp_enabled(&f), "the camp can be made as it stands");
    // Feed a guide instead of Ash: still 3.
    f.click("Fed Ash Varnell");
    f.click("Fed Marta the Guide");
    assert!(f.shows(
        "Supplies: 7 needed (5 heroes + 2 allies), 3 in hand: 3 spent, 4 unfed (Ash Varnell, Ødric Hale, The Traveller and 1 ally)."
    ));
    f.click("Fed Pell (porter)");
    assert!(
        f.shows("Feeding them all needs 4 Supplies but the party has 3: choose who goes unfed")
    );
    assert!(!make_camp_enabled(&f), "four to feed, three Supplies");
    f.click("Fed Pell (porter)");
    f.dice(&with_the_days_hours(&[10]));
    f.click("Make camp");
    assert_eq!(party(&f).supplies, 0);
    let injuries = |f: &Fixture, who: &str| f.character(who).expect(who).rounds.injuries.len();
    assert_eq!(injuries(&f, "Ash Varnell"), 1, "unfed");
    assert_eq!(
        injuries(&f, "Pell (porter)"),
        1,
        "an unfed ally takes an injury too"
    );
    assert_eq!(injuries(&f, "Marta the Guide"), 0, "fed");
}

/// Issue 22, fault 1: 1 Supply, five heroes and two allies; with every
/// hero unticked the camp is made, and with none left it is made too.
#[test]
fn a_camp_with_one_supply_or_none_is_still_made() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "1");
    // Only Ash, the first hero, is fed by default: untick him.
    for hero in HEROES {
        let label = format!("Fed {hero}");
        let ticked = f.harness.get_by_label(&label).accesskit_node().toggled()
            == Some(egui::accesskit::Toggled::True);
        assert_eq!(ticked, hero == "Ash Varnell", "{hero}");
    }
    f.click("Fed Ash Varnell");
    assert!(f.shows("Supplies: 7 needed (5 heroes + 2 allies), 1 in hand: 0 spent, 7 unfed ("));
    assert!(make_camp_enabled(&f));
    f.dice(&with_the_days_hours(&[10]));
    f.click("Make camp");
    assert_eq!(party(&f).supplies, 1, "nobody fed, nothing spent");
    // The next day, out of Supplies.
    f.click("Parties");
    f.type_into("Supplies", "0");
    travel_screen(&mut f);
    f.dice(&[1, 10, 9, 1]);
    f.click("Roll the Navigation Phase");
    f.click("Cast the encounter die");
    assert!(f.shows("The party is out of Supplies: nobody can be fed tonight"));
    assert!(
        f.harness
            .get_by_label("Fed Ash Varnell")
            .accesskit_node()
            .is_disabled(),
        "there is nobody to feed"
    );
    f.harness
        .get_by_role_and_label(Role::ComboBox, "Action of Ash Varnell")
        .click();
    f.harness.run();
    assert!(f.shows("Cook (the party is out of Supplies)"));
    f.harness.key_press(Key::Escape);
    f.harness.run();
    assert!(make_camp_enabled(&f), "a camp with 0 Supplies is played");
    // Tonight a Defender is on the trip's watch rota: the Watch's d10 10
    // fails; then the ambush die.
    f.dice(&with_the_days_hours(&[10, 10]));
    f.click("Make camp");
    let round = f.data().rounds.values().last().expect("the round");
    assert_eq!(round.next, RoundStep::Done);
}

/// Issue 22, fault 2: last night's unfed choice does not carry into the
/// next camp: each camp starts with everyone fed who can be.
#[test]
fn each_camp_starts_with_everyone_fed() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "20");
    f.click("Fed The Traveller");
    f.dice(&with_the_days_hours(&[10]));
    f.click("Make camp");
    assert_eq!(
        f.character("The Traveller")
            .expect("him")
            .rounds
            .injuries
            .len(),
        1
    );
    // The weather's die first: no Divine foretold it last night.
    f.dice(&[1, 10, 9, 1]);
    f.click("Roll the Navigation Phase");
    f.click("Cast the encounter die");
    assert_eq!(
        f.harness
            .get_by_label("Fed The Traveller")
            .accesskit_node()
            .toggled(),
        Some(egui::accesskit::Toggled::True),
        "fed again at tonight's camp"
    );
}

#[test]
fn undoing_a_round_phase_by_phase_brings_everything_back() {
    let mut f = Fixture::demo();
    let before = f.data().clone();
    travel_screen(&mut f);
    pick_path(&mut f, MILL_TRACK);
    f.dice(&with_the_days_hours(&[1, 5, 5, 2, 10]));
    f.click("Roll the Navigation Phase");
    f.click("Roll the setback");
    f.click("Cast the encounter die");
    f.click("Make camp");
    assert_ne!(f.data().settings.clock, before.settings.clock);
    for _ in 0..4 {
        f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        f.harness.run();
    }
    let after = f.data();
    assert_eq!(after.parties, before.parties);
    assert_eq!(after.characters, before.characters);
    assert_eq!(after.rounds, before.rounds);
    assert_eq!(after.paths, before.paths);
    assert_eq!(after.settings, before.settings);
    assert_eq!(after.journeys, before.journeys, "the trip it began is gone");
    assert!(f.shows("At Old Mill Crossing"));
    assert_eq!(f.reloaded().rounds, before.rounds, "and in the file");
}

#[test]
fn the_travel_screen_prints_the_worksheet_for_the_table() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("round");
    let mut f = Fixture::with_dialogs(vec![waybook_app::app::DialogOutcome::Picked(out)]);
    travel_screen(&mut f);
    f.harness.get_by_label("Print worksheet…").click();
    f.wait_for_export();
    f.harness.run();
    assert!(
        f.shows("Exported The Lantern Company's travel round worksheet to"),
        "the status says where it went"
    );
    let doc = lopdf::Document::load(dir.path().join("round.pdf")).expect("a readable PDF");
    let text = crate::common::pdf_text(&doc);
    assert!(text.contains("Travel round") && text.contains("at Old Mill Crossing"));
}

#[test]
fn the_merchant_table_and_the_purse_refuse_bad_numbers() {
    let mut f = Fixture::demo();
    f.click("Campaign");
    let wares = f.data().wares.len();
    f.click("Add ware");
    assert_eq!(f.data().wares.len(), wares + 1);
    let ware = f
        .data()
        .wares
        .values()
        .last()
        .expect("the new ware")
        .clone();
    f.harness
        .get_all_by_role_and_label(Role::TextInput, "Price")
        .last()
        .expect("the new ware's price")
        .focus();
    f.harness.run();
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    f.harness
        .get_all_by_role_and_label(Role::TextInput, "Price")
        .last()
        .expect("the new ware's price")
        .type_text("-5");
    f.harness.run();
    f.harness.key_press(Key::Enter);
    f.harness.run();
    assert!(f.shows("Price: must be between 0 and 1000000"));
    assert_eq!(f.data().wares[&ware.id].price, ware.price);
    f.click("Parties");
    f.type_into("Purse", "lots");
    assert!(f.shows("Purse: “lots” is not a whole number"));
    f.type_into("Purse", "55");
    assert_eq!(
        f.reloaded().parties.values().next().expect("party").purse,
        55
    );
}

#[test]
fn a_travel_cost_is_paid_from_the_purse_and_more_than_it_holds_is_refused() {
    let mut f = Fixture::demo();
    travel_screen(&mut f);
    f.field("Pay").focus();
    f.harness.run();
    f.field("Pay").type_text("500");
    f.harness.run();
    f.greyed_with(
        "Book the cost",
        "500 silver is more than the purse holds (40 silver)",
    );
    f.field("Pay").focus();
    f.harness.run();
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    f.field("Pay").type_text("12");
    f.field("for").focus();
    f.harness.run();
    f.field("for").type_text("the ferry");
    f.harness.run();
    f.click("Book the cost");
    assert_eq!(party(&f).purse, 28);
    let session = f.harness.state().app.session.as_ref().expect("open");
    assert_eq!(session.undo_label(), Some("Pay 12 silver for the ferry"));
}

/// Issue 22, fault 8: what a purchase adds to the round's log goes below
/// the wares, so the next click in the same place buys the same ware.
#[test]
fn buying_from_the_merchant_keeps_the_wares_in_place() {
    let mut f = Fixture::demo();
    travel_screen(&mut f);
    pick_path(&mut f, MILL_TRACK);
    // On course; encounter d10 5 (threshold 8, danger 2: benign), d6 6: a Merchant.
    f.dice(&[10, 5, 6]);
    f.click("Roll the Navigation Phase");
    f.click("Cast the encounter die");
    assert!(f.shows("The Merchant's wares"));
    let place = |f: &Fixture| f.harness.get_by_label("Buy Supplies for a day").rect();
    let before = place(&f);
    let supplies = party(&f).supplies;
    f.click("Buy Supplies for a day");
    f.click("Buy Supplies for a day");
    assert_eq!(place(&f), before, "the button did not move");
    assert_eq!(party(&f).supplies, supplies + 2);
    assert!(f.shows("Supplies for a day: 1 Supply, for 4 silver"));
    // Fault 13: "Buy A day's Supplies" read wrong wherever the ware was named.
    let session = f.harness.state().app.session.as_ref().expect("open");
    assert_eq!(session.undo_label(), Some("Buy Supplies for a day"));
    assert!(f.shows("Bought 1 × Supplies for a day from the Merchant for 4 silver"));
    assert!(f.shows("Trail rations: one into the stash, for 2 silver"));
}

/// Issue 22, fault 14: the camp table's lists are as wide as the names
/// they show, as every list is (one `choices::combo` draws them all).
#[test]
fn the_camp_tables_lists_show_whole_names() {
    let mut f = Fixture::demo_at_default_size();
    to_camp_with(&mut f, "20");
    f.pick("Action of The Traveller", "Recover");
    f.pick("Action of Brother Ilo", "Mend");
    f.pick("Whom Brother Ilo mends", "The Traveller");
    assert_eq!(
        f.harness
            .get_by_role_and_label(Role::ComboBox, "Whom Brother Ilo mends")
            .value()
            .as_deref(),
        Some("The Traveller")
    );
    assert!(f.shows_whole_in("Whom Brother Ilo mends", "The Traveller"));
    assert!(f.shows_whole_in("Action of The Traveller", "Recover"));
}

/// Issue 22, fault 13: the Watch's "slip away" box shows only when someone
/// keeps watch.
#[test]
fn the_slip_away_box_shows_only_when_someone_keeps_watch() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "20");
    assert!(!f.shows("If the Watch sees an ambush coming"));
    f.pick("Action of Ødric Hale", "Watch");
    assert!(f.shows("If the Watch sees an ambush coming, slip away from it"));
}

/// Issue 22, fault 13: "1 path starts or ends here", not "1 path start".
#[test]
fn a_place_with_one_path_says_it_starts_or_ends_there() {
    let mut f = Fixture::demo();
    f.click("Map");
    f.click("Add place");
    f.type_into("Name", "Lantern Hill");
    f.click("Draw a path");
    f.click("Lantern Hill (Settlement)");
    f.click("Kettleford (Settlement) · shared: Jo, Maya, Priya, Tomás");
    f.click("Lantern Hill (Settlement)");
    f.harness.get_by_label("Delete place").hover();
    f.harness.run();
    assert!(f.shows("1 path starts or ends at Lantern Hill: delete it first"));
}

/// Issue 22, fault 15: the path picker offers the next path of the
/// forecast route when the forecast is chosen and again after arriving, not
/// the first path in the list.
#[test]
fn the_path_picker_takes_the_forecast_route_after_arriving() {
    let mut f = Fixture::demo();
    travel_screen(&mut f);
    f.pick("To", "Emberfall");
    let offered = |f: &Fixture| {
        f.harness
            .get_by_role_and_label(Role::ComboBox, "Path")
            .value()
            .unwrap_or_default()
    };
    let next_of_route = |f: &Fixture| {
        let party = party(f).id;
        let to = f
            .data()
            .places
            .values()
            .find(|p| p.name == "Emberfall")
            .expect("Emberfall")
            .id;
        waybook_core::travel::forecast::route(f.data(), party, to)
            .expect("a route")
            .paths[0]
            .name
            .clone()
    };
    assert!(
        offered(&f).starts_with(&next_of_route(&f)),
        "{}",
        offered(&f)
    );
    pick_path(&mut f, MILL_TRACK);
    // On course, a quiet benign day, a quiet night; the second day rolls
    // its weather first (the demo's last Divine foretold the first's), and
    // its night a Defender on the trip's watch rota keeps the watch (d10 10).
    for faces in [&[10, 5, 1, 10][..], &[1, 10, 5, 1, 10, 10]] {
        f.dice(&with_the_days_hours(faces));
        f.click("Roll the Navigation Phase");
        f.click("Cast the encounter die");
        f.click("Make camp");
    }
    assert!(f.shows("At Greyspine Foot"));
    assert_eq!(next_of_route(&f), "The Greyspine climb");
    assert!(
        offered(&f).starts_with("The Greyspine climb"),
        "{}",
        offered(&f)
    );
}

/// Issue 22, faults 15 and 16: the map's Delete key deletes what is
/// selected or says why not, in the status bar: no dialog takes the GM's
/// next click, which counts at once.
#[test]
fn the_maps_delete_key_deletes_or_says_why_and_the_next_click_counts() {
    let mut f = Fixture::demo();
    f.click("Map");
    f.click("Kettleford (Settlement) · shared: Jo, Maya, Priya, Tomás");
    f.harness.key_press(Key::Delete);
    f.harness.run();
    assert!(f.shows("2 paths start or end at Kettleford: delete them first"));
    assert!(
        f.harness.state().app.alert.is_none(),
        "no dialog to dismiss"
    );
    let places = f.data().places.len();
    f.click("Add place");
    assert_eq!(f.data().places.len(), places + 1, "the first click counts");
    // The new place is selected: Delete takes it away again.
    f.harness.key_press(Key::Delete);
    f.harness.run();
    assert_eq!(f.data().places.len(), places);
}

/// Issue 22, faults 3, 4, 5 and 13 on the screen: after a camp where Ash
/// explored and Ødric scouted, partway along the Mill track, the party's
/// line says what last night left for today, the path's odds count
/// Explore's +2, and the forecast starts partway along and says when the
/// Supplies run out.
#[test]
fn partway_along_the_screen_counts_explore_scout_and_short_supplies() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "20");
    f.pick("Action of Ash Varnell", "Explore");
    f.pick("Action of Ødric Hale", "Scout");
    // Ødric's Scout d10 1 succeeds (below 5/2 + 1/2 = 2); then the encounter
    // die he casts for tomorrow, and a quiet night.
    f.dice(&with_the_days_hours(&[1, 5, 10]));
    f.click("Make camp");
    assert!(
        f.shows("Explore: +2 on the next pathfind · last night's Scout cast today's encounter die")
    );
    // Mill track: the d10 plus 2 must beat the effective difficulty.
    let path = f
        .data()
        .paths
        .values()
        .find(|p| p.name == "Mill track")
        .expect("the Mill track")
        .clone();
    let effective = path.difficulty - 2 * path.travelled - party(&f).travel.modifiers;
    let fails = (effective - 2).clamp(0, 10);
    assert!(
        f.shows(&format!("+2 Explore on the roll): setback {}%", fails * 10)),
        "d10 + 2 fails on {fails} faces of 10"
    );
    f.pick("To", "Emberfall");
    assert!(f.shows("From partway along Mill track (1 of 2 rounds done, toward Greyspine Foot)"));
    f.click("Parties");
    f.type_into("Supplies", "1");
    travel_screen(&mut f);
    assert!(
        f.shows("running out at camp 1"),
        "seven to feed, one Supply"
    );
}

/// Issue 22, fault 13: a Mend with nobody chosen is refused saying so,
/// not "A Mend needs a hero taking Recover" while four take Recover.
#[test]
fn a_mend_with_nobody_chosen_says_to_choose() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "20");
    f.pick("Action of The Traveller", "Recover");
    f.pick("Action of Brother Ilo", "Mend");
    f.greyed_with(
        "Make camp",
        "Brother Ilo has no one to mend: choose a hero taking Recover",
    );
    f.pick("Whom Brother Ilo mends", "The Traveller");
    assert!(make_camp_enabled(&f));
}

/// Issue 25: the GM ties a warriors table to the Mill track on the Map;
/// when the encounter die says warriors there, the round rolls it and says
/// whose table it was.
#[test]
fn a_path_s_own_warriors_table_is_rolled_when_warriors_come() {
    let mut f = Fixture::demo();
    f.click("Map");
    f.harness
        .query_all_by_label_contains("Mill track:")
        .next()
        .expect("the Mill track in the list of paths")
        .click();
    f.harness.run();
    f.pick("Warriors table", "battle-items");
    let track = f
        .data()
        .paths
        .values()
        .find(|p| p.name == "Mill track")
        .expect("the Mill track");
    let items = f
        .data()
        .table_named("battle-items")
        .expect("the items")
        .clone();
    assert_eq!(track.encounters.warriors, Some(items.id));
    travel_screen(&mut f);
    pick_path(&mut f, MILL_TRACK);
    f.dice(&[10]);
    f.click("Roll the Navigation Phase");
    // Threshold 8, danger 2: the encounter die 1 is warriors; the table's d4 = 2.
    f.dice(&[1, 2]);
    f.click("Cast the encounter die");
    assert!(f.shows("Warriors: a group of warriors attacks"));
    let said = format!(": {}", items.rows[1].result);
    let line = f
        .data()
        .rounds
        .values()
        .last()
        .expect("the round")
        .lines
        .iter()
        .find(|l| l.contains("the path's warriors table"))
        .cloned()
        .expect("the table was rolled");
    assert!(line.ends_with(&said), "{line}");
    assert!(f.shows("the path's warriors table"), "and shown");
}

/// Issue 34, 18: the camp form follows the party's Supplies as they are:
/// cut from 9 to 1 mid-round, one is fed and the camp can be made, the
/// actions the GM chose kept.
#[test]
fn the_camp_form_follows_the_supplies_as_they_are() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "9");
    assert!(f.shows("7 can be fed of 7") || f.shows("Supplies: 7 needed"));
    f.click("Parties");
    f.type_into("Supplies", "1");
    travel_screen(&mut f);
    let fed: Vec<&str> = HEROES
        .iter()
        .copied()
        .filter(|hero| {
            f.harness
                .get_by_label(&format!("Fed {hero}"))
                .accesskit_node()
                .toggled()
                == Some(egui::accesskit::Toggled::True)
        })
        .collect();
    assert_eq!(fed, ["Ash Varnell"], "one Supply feeds one");
    assert!(f.shows("Supplies: 7 needed (5 heroes + 2 allies), 1 in hand: 1 spent, 6 unfed ("));
    assert!(make_camp_enabled(&f), "no box to untick before the camp");
}

/// Issue 34, 15: a hazard met on the road is run as a scene from the
/// Travel screen, which opens the Scene screen on it; and a party is put at
/// a place from the map too.
#[test]
fn a_hazard_met_runs_as_a_scene_and_the_map_puts_a_party_at_a_place() {
    let mut f = Fixture::demo();
    to_camp_with(&mut f, "9");
    assert!(f.shows("A natural hazard met on Mill track:"));
    f.click("Run it as a scene");
    let scene = f.data().scenes.values().last().expect("a scene").clone();
    assert_eq!(
        scene.name,
        format!(
            "A natural hazard on Mill track, day {}",
            f.data().settings.clock.day
        )
    );
    assert_eq!(scene.mode, waybook_core::model::SceneMode::Exploration);
    assert!(f.shows(&scene.name), "the Scene screen is open on it");
    // A party partway along a path cannot be put somewhere by hand.
    f.click("Map");
    f.click("Hollow Wood (Wild place)");
    f.greyed_with(
        "Put The Lantern Company here",
        "The Lantern Company is partway along a path: it arrives by travel rounds",
    );
    // At a place, it can.
    let mut f = Fixture::demo();
    f.click("Map");
    f.click("Hollow Wood (Wild place)");
    f.click("Put The Lantern Company here");
    let hollow = f
        .data()
        .places
        .values()
        .find(|p| p.name == "Hollow Wood")
        .map(|p| p.id);
    assert_eq!(party(&f).travel.place, hollow);
    assert!(f.shows("The Lantern Company is here."));
}

/// Issue 34, item 25: on the Map a path may lie in two regions: the demo's
/// long descent comes off the pass onto the plain; the GM adds a stretch
/// to the Mill track, a round it cannot start from is refused, and a path
/// of one round says why it cannot have one.
#[test]
fn a_path_is_given_a_stretch_in_another_region_on_the_map() {
    let mut f = Fixture::demo();
    f.click("Map");
    let open = |f: &mut Fixture, name: &str| {
        let label = (f.harness.query_all_by_label_contains(&format!("{name}:")))
            .next()
            .and_then(|row| row.accesskit_node().label())
            .expect("the path in the list of paths");
        f.click(&label);
    };
    open(&mut f, "The long descent");
    assert!(f.shows("It lies in Greyspine pass and Ashen plain."));
    open(&mut f, "Mill track");
    assert!(f.shows("Between Old Mill Crossing and Greyspine Foot"));
    let add = f.harness.get_by_label("Add a stretch in another region");
    assert!(!add.accesskit_node().is_disabled());
    f.click("Add a stretch in another region");
    let track = |f: &Fixture| {
        (f.data().paths.values())
            .find(|p| p.name == "Mill track")
            .expect("the track")
            .stretches
            .clone()
    };
    let plain = (f.data().regions.values())
        .find(|r| r.name == "Ashen plain")
        .expect("the plain")
        .id;
    assert_eq!(
        track(&f),
        [waybook_core::model::Stretch {
            from_round: 2,
            region: plain
        }]
    );
    assert!(
        f.shows("It lies in Ashen plain."),
        "the track's own region is its start's: none"
    );
    f.type_into("Stretch from round", "3");
    assert!(
        f.shows("must be between 2 and 2"),
        "the track has two rounds"
    );
    assert_eq!(track(&f)[0].from_round, 2, "nothing changed");
    f.click("Remove");
    assert!(track(&f).is_empty());
    open(&mut f, "Kettleford road");
    let add = f.harness.get_by_label("Add a stretch in another region");
    assert!(add.accesskit_node().is_disabled(), "a path of one round");
}

/// Issue 35: "Play next hour moved the clock back three days". With the
/// Watch's clock moved on past its plan's start, the Play tab says why it
/// cannot play and offers *Set off now*; set off, the plan plays from the
/// Watch's present, and undo brings the plan's days back.
#[test]
fn a_plan_whose_start_has_passed_is_set_off_now() {
    let mut f = Fixture::demo();
    f.run_party("The Kettleford Watch");
    let watch = f.journey().party;
    let present = |f: &Fixture| f.data().parties[&watch].now;
    let before = present(&f);
    f.click("Calendar");
    f.type_into("Days", "4");
    f.type_into("Why", "waiting out the storm");
    f.dice(&[1; 16]);
    f.click("Move the clock on");
    assert_eq!((present(&f).day, present(&f).hour), (9, 18));
    f.click("Journeys");
    f.click("Play");
    assert!(f.shows(
        "The plan sets off at Moonday 19 Harvestmoon 1203 of the Crossing, 08:00, before the party's present (Windday 22 Harvestmoon 1203 of the Crossing, 18:00); the days before it are history: set it off now."
    ));
    f.greyed_with("Play next hour", "before the party's present");
    f.click("Set off now");
    let journey = f.journey().clone();
    assert_eq!((journey.start.day, journey.start.hour), (9, 18));
    f.click("Play next hour");
    assert_eq!(
        present(&f),
        waybook_core::model::ClockTime { day: 9, hour: 19 },
        "the hour played is the Watch's present, and it goes on"
    );
    f.menu("Edit", "Undo");
    f.menu("Edit", "Undo");
    assert_eq!(f.journey().start.day, 6, "undo moves the plan's days back");
    f.menu("Edit", "Undo");
    assert_eq!(present(&f), before);
}

/// Issue 35, both travel texts on the same day: the Travel screen says
/// the party's next round is its trip's day, and the round along the
/// Ferry lane (one partial round: no camp) plays the trip's hours with its
/// encounter; the trip's own Play says where such a day is played.
#[test]
fn a_round_along_the_trips_path_plays_the_trips_day() {
    let mut f = Fixture::demo();
    travel_screen(&mut f);
    assert!(f.shows(
        "Day 2 of By the river, on the map: the round along Ferry lane toward Silverrun Ferry"
    ));
    let trip = |f: &Fixture| {
        f.data()
            .journeys
            .values()
            .find(|j| j.name == "By the river, on the map")
            .expect("the demo's trip")
            .played_hours
    };
    let before = trip(&f);
    the_ferry_lane_round(&mut f);
    assert!(
        trip(&f) > before,
        "the trip's day was played with the round"
    );
    assert_eq!(
        party(&f).travel.place,
        f.data()
            .places
            .values()
            .find(|p| p.name == "Silverrun Ferry")
            .map(|p| p.id)
    );
    f.click("Journeys");
    f.click("By the river, on the map");
    f.click("Play");
    assert!(f.shows(
        "is the travel round along Down the Silverrun: play the round on the Travel screen"
    ));
}

/// The demo trip's next day: the partial round along the Ferry lane.
/// Pathfinding d10 9; the encounter d10 5 (benign), d6 1: Peace; then the
/// trip's night: each region keeps its weather (d100 20), 20s for any
/// test.
fn the_ferry_lane_round(f: &mut Fixture) {
    pick_path(
        f,
        "Ferry lane to Silverrun Ferry · D3 ⚠1 · 1 round (last partial)",
    );
    let mut faces = vec![9, 5, 1];
    faces.extend([20; 12]);
    f.dice(&faces);
    f.click("Roll the Navigation Phase");
    f.click("Cast the encounter die");
}

/// Issue 50, item 6: "The weather a party travels in on a path with no
/// region ... appears in the log but on no Weather, Calendar or Chronicle
/// screen". After the round along the Ferry lane (no region), the
/// Chronicle's day and the Calendar's day say what the party met.
#[test]
fn the_weather_met_on_a_path_in_no_region_is_on_the_chronicle_and_calendar() {
    let mut f = Fixture::demo();
    travel_screen(&mut f);
    the_ferry_lane_round(&mut f);
    let round = f.data().rounds.values().last().expect("the round").clone();
    let met = round
        .weather
        .clone()
        .expect("rolled on the campaign's table");
    let words = format!("The Lantern Company, on Ferry lane (no region): {met}");
    f.click("Chronicle");
    assert!(f.shows(&words), "{words}");
    f.click("Calendar");
    // "Wellday 21 Harvestmoon …": the cell is titled by its day of the month.
    let date = f.data().settings.calendar.describe(round.day);
    let of_month = date
        .split_whitespace()
        .nth(1)
        .expect("the day of the month");
    f.click(&format!("Day {of_month}"));
    assert!(f.shows_exactly(&words), "{words}");
}

/// Issue 35: "When anything a plan reads changes (... a path edited ...),
/// the plan says what changed since it was last printed or looked at". The
/// GM looks at the trip, makes the Silverrun longer on the Map, and the
/// plan says what it adds; once seen, it says nothing more. A distance
/// that is not a number is refused and changes nothing.
#[test]
fn a_path_made_longer_says_what_it_changed_in_the_trip() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.click("By the river, on the map");
    let changed = "Changed since you last looked at this plan or printed it:";
    assert!(!f.shows(changed), "a plan first looked at is seen");
    f.click("Map");
    f.click("Down the Silverrun: D5 ⚠4 · 3 rounds · wild");
    f.type_into("km", "many");
    assert!(f.shows("km: “many” is not a number"));
    f.type_into("km", "120");
    let silverrun = |f: &Fixture| {
        f.data()
            .paths
            .values()
            .find(|p| p.name == "Down the Silverrun")
            .expect("the path")
            .ground
            .distance_km
    };
    assert_eq!(silverrun(&f), 120.0);
    f.click("Journeys");
    assert!(f.shows(changed));
    assert!(f.shows("expected exhaustion"), "what it adds is said");
    f.click("Seen");
    assert!(!f.shows(changed));
}

/// Issue 35: "the plan says what changed since it was last printed". The
/// GM prints the trip's packet, lengthens the Silverrun, and closes the
/// campaign; opened again, the plan still says what changed since the
/// packet was printed, and when that was. A note kept by the print that
/// no longer reads is only a comparison lost: the plan opens as seen.
#[test]
fn a_printed_plan_says_what_changed_after_the_file_is_opened_again() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("packet.pdf");
    let mut f = Fixture::with_dialogs(vec![waybook_app::app::DialogOutcome::Picked(out)]);
    f.click("Journeys");
    f.click("By the river, on the map");
    f.harness.get_by_label("Export packet PDF…").click();
    f.wait_for_export();
    f.harness.run();
    let key = "printed journey 2";
    let session = f.harness.state().app.session.as_ref().expect("open");
    assert!(session.kept.contains_key(key), "the print is kept");
    f.click("Map");
    f.click("Down the Silverrun: D5 ⚠4 · 3 rounds · wild");
    f.type_into("km", "120");
    let file = f.path("demo.waybook");
    let reopen = |f: &mut Fixture| {
        f.harness.state_mut().app.open_path(&file);
        f.harness.state_mut().app.watch_log(true);
        f.harness.run();
        f.click("Journeys");
        f.click("By the river, on the map");
    };
    reopen(&mut f);
    // Printed at the clock, which editing a path does not move.
    let settings = &f.data().settings;
    let printed = format!(
        "Changed since its packet was printed ({}):",
        settings.when(settings.clock)
    );
    assert!(printed.contains("Harvestmoon 1203"), "{printed}");
    assert!(f.shows(&printed), "{printed}");
    assert!(f.shows("expected exhaustion"), "what it adds is said");
    // The note spoilt in the file: the plan opens as seen, nothing else lost.
    let mut campaign = waybook_core::store::Campaign::open(&file).expect("opens");
    campaign.keep(key, "not a summary").expect("written");
    drop(campaign);
    reopen(&mut f);
    assert!(!f.shows("Changed since"));
    assert_eq!(f.reloaded().paths, f.data().paths);
}

/// Issue 35: "A trip ... Its route is the map's". The Map draws the demo's
/// trip along its paths and says which lie ahead: the Kettleford road is
/// walked, the rest to come. Played on by a round along the Ferry lane,
/// that path is no longer ahead.
#[test]
fn the_map_shows_the_trips_paths_ahead() {
    let mut f = Fixture::demo();
    f.click("Map");
    assert!(f.shows(
        "Trip By the river, on the map: Ferry lane, Down the Silverrun, Hollow Wood track, Emberfall road ahead"
    ));
    travel_screen(&mut f);
    the_ferry_lane_round(&mut f);
    f.click("Map");
    assert!(f.shows(
        "Trip By the river, on the map: Down the Silverrun, Hollow Wood track, Emberfall road ahead"
    ));
}

/// Issue 53: "Off the map: after an uncharted leg the party is 'beyond
/// High Col, 32 km east along the way to X' ..., never still at the place
/// it left." The Travel screen says where the company is and how through:
/// put it where the uncharted way comes out, which brings it back.
#[test]
fn a_party_off_the_map_is_said_beyond_its_place_and_put_back() {
    let mut f = Fixture::demo();
    let place = |f: &Fixture, name: &str| {
        (f.data().places.values().find(|p| p.name == name))
            .expect("a demo place")
            .id
    };
    let company = f
        .data()
        .parties
        .values()
        .next()
        .expect("the company")
        .clone();
    let mut off = company.clone();
    off.travel.place = None;
    off.travel.beyond = Some(waybook_core::model::Beyond {
        from: place(&f, "Old Mill Crossing"),
        km: 16.0,
        toward: Some(place(&f, "Greyspine Foot")),
    });
    let edit = waybook_core::model::Edit::new(
        "walk off the map",
        vec![waybook_core::model::Change::of(Some(&company), Some(&off))],
    );
    f.harness
        .state_mut()
        .app
        .push(waybook_app::app::Command::Apply(edit));
    f.harness.run();
    travel_screen(&mut f);
    assert!(f.shows(
        "Beyond Old Mill Crossing, 16 km north-east along the way to Greyspine Foot: off the map; put the party where it comes out below."
    ));
    f.click("Greyspine Foot");
    let t = &f.data().parties[&company.id].travel;
    assert_eq!(
        (t.place, t.beyond),
        (Some(place(&f, "Greyspine Foot")), None)
    );
}
