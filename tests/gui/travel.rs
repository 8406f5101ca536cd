//! The map and travel-round screens, driven through the real app with
//! egui_kittest: a GM lays out places and a path, plays the demo party's
//! next round with scripted dice, spends a 🜉, camps short of Supplies and
//! undoes a whole round.

use crate::common::gui::Fixture;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use waybook::model::{PlaceId, RoundStep};

fn travel_screen(f: &mut Fixture) {
    f.click("Travel");
}

/// Picks a path of the party's place in the "Path" list.
fn pick_path(f: &mut Fixture, entry: &str) {
    f.harness
        .get_by_role_and_label(Role::ComboBox, "Path")
        .click();
    f.harness.run();
    f.click_last(entry);
}

fn party(f: &Fixture) -> &waybook::model::Party {
    f.data().parties.values().next().expect("the demo party")
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
    // d10 1 (+2 Explore = 3, not above 3); the setback d6 4: Noisy.
    f.dice(&[1, 4]);
    f.click("Roll the Navigation Phase");
    assert!(f.shows("Spend a 🜉 or roll the setback?"));
    f.click("Roll the setback");
    assert!(f.shows("Setback: Noisy"));
    // Threshold 10 - 4/2 = 8, danger 2 + 1 Noisy: 5 is benign; d6 2: Peace.
    f.dice(&[5, 2]);
    f.click("Cast the encounter die");
    assert!(f.shows("encounter: d10 = 5 vs threshold 8: benign"));
    assert!(f.shows("Peace: nothing eventful happens."));
    assert!(f.shows("Supplies: 7 needed (5 fed heroes + 2 allies), 9 in hand."));
    let ash_hp = f.character("Ash Varnell").expect("Ash").rounds.hp.current;
    // Ash cooks (the first hero's default), nobody has a role action: the ambush d10 only.
    f.dice(&[10]);
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
}

#[test]
fn a_token_turns_a_failed_pathfind_into_progress() {
    let mut f = Fixture::demo();
    travel_screen(&mut f);
    pick_path(&mut f, MILL_TRACK);
    f.dice(&[1]);
    f.click("Roll the Navigation Phase");
    f.click("Spend a 🜉 (2 left)");
    assert_eq!(party(&f).travel.pathfinding_tokens, 1);
    assert!(f.shows("A 🜉 is spent: the party finds its way."));
    assert!(f.shows("1 of 2 rounds done"));
}

#[test]
fn too_few_supplies_stop_the_camp_until_the_players_choose_who_goes_unfed() {
    let mut f = Fixture::demo();
    f.click("Parties");
    f.type_into("Supplies", "3");
    travel_screen(&mut f);
    pick_path(&mut f, MILL_TRACK);
    f.dice(&[10, 9]);
    f.click("Roll the Navigation Phase");
    f.click("Cast the encounter die");
    assert!(f.shows("Feeding everyone needs 7 Supplies but there are 3: untick who goes unfed"));
    assert!(
        f.harness
            .get_by_label("Make camp")
            .accesskit_node()
            .is_disabled()
    );
    for hero in ["Brother Ilo", "Sefa Qorrin", "Ødric Hale", "The Traveller"] {
        f.click(&format!("Fed {hero}"));
    }
    assert!(f.shows("Supplies: 3 needed (1 fed hero + 2 allies), 3 in hand."));
    f.dice(&[10]);
    f.click("Make camp");
    assert_eq!(party(&f).supplies, 0);
    for hero in ["Brother Ilo", "Sefa Qorrin", "Ødric Hale", "The Traveller"] {
        let injuries = &f.character(hero).expect("hero").rounds.injuries;
        assert_eq!(injuries.len(), 1, "{hero} goes unfed and takes an injury");
    }
    assert!(
        f.character("Ash Varnell")
            .expect("Ash")
            .rounds
            .injuries
            .is_empty()
    );
}

#[test]
fn undoing_a_round_phase_by_phase_brings_everything_back() {
    let mut f = Fixture::demo();
    let before = f.data().clone();
    travel_screen(&mut f);
    pick_path(&mut f, MILL_TRACK);
    f.dice(&[1, 5, 5, 2, 10]);
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
    assert!(f.shows("At Old Mill Crossing"));
    assert_eq!(f.reloaded().rounds, before.rounds, "and in the file");
}

#[test]
fn the_travel_screen_prints_the_worksheet_for_the_table() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("round");
    let mut f = Fixture::with_dialogs(vec![waybook::app::DialogOutcome::Picked(out)]);
    travel_screen(&mut f);
    f.harness.get_by_label("Print worksheet…").click();
    f.wait_for_export();
    f.harness.run();
    assert!(
        f.shows("Exported 1 sheet to"),
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
    assert!(f.shows("Pay: must be between 1 and 40"));
    assert!(
        f.harness
            .get_by_label("Book the cost")
            .accesskit_node()
            .is_disabled()
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
