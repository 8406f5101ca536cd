//! The Scene screen driven through the real app with egui_kittest: a fight
//! with the Threat roll and everyone's priority, the end phase, wild dice up
//! to the cap and the refusal of a fourth, a challenge roll, bad input.

mod common;

use common::gui::Fixture;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use waybook::model::LogKind;
use waybook::rules::dice::Dice;

fn pick(f: &mut Fixture, label: &str, entry: &str) {
    f.harness
        .get_by_role_and_label(Role::ComboBox, label)
        .click();
    f.harness.run();
    f.click_last(entry);
}

fn start_fight(f: &mut Fixture, threat: &str) {
    f.click("Scene");
    f.field("Scene").focus();
    f.harness.run();
    f.field("Scene").type_text("Bandits at the ford");
    f.harness.run();
    pick(f, "Mode", "Combat (rounds)");
    f.type_into("Threat", threat);
    f.click("Start the scene");
}

/// "At the start of each round or beat the GM rolls a D10. If it's equal
/// to or under Threat, an event triggers, then Threat drops by 2." and
/// "3) End phase: ... Threat +1."
#[test]
fn a_round_rolls_threat_and_priority_and_the_end_phase_raises_threat() {
    let mut f = Fixture::demo();
    start_fight(&mut f, "4");
    assert!(f.shows("Combat (rounds) · Threat 4 · round 0"));
    // Threat 3 (an event), then the seven of the party's priority D10s.
    f.harness.state_mut().app.dice = Dice::scripted(vec![3, 9, 8, 7, 6, 5, 4, 2]);
    f.click("Start round 1");
    assert!(f.shows(
        "Round 1: Threat d10 = 3 against Threat 4: an event triggers! Threat drops by 2, 4 → 2."
    ));
    assert!(f.shows("Priority D10s: "));
    let entry = f.data().log.values().last().expect("logged").clone();
    assert_eq!(entry.kind, LogKind::Scene);
    assert!(
        entry.rolled.starts_with("d10: 3 · d10: 9"),
        "{}",
        entry.rolled
    );
    f.click("End round 1");
    assert!(f.shows("End of round 1: Threat +1, 2 → 3."));
    let scene = f.data().scenes.values().last().expect("the scene").clone();
    assert_eq!((scene.threat, scene.round, scene.in_round), (3, 1, false));
}

/// "Hold up to 3." NOTES.md: "an award that would exceed 3 is refused."
#[test]
fn a_fourth_wild_die_is_refused_with_a_message() {
    let mut f = Fixture::demo();
    start_fight(&mut f, "2");
    pick(&mut f, "Reason", "A great description");
    // One from the demo's fight at the toll bridge, last game night.
    assert_eq!(
        f.character("Ash Varnell").expect("Ash").companion.wild_dice,
        1
    );
    for _ in 0..2 {
        f.click("Award Ash Varnell a wild die");
    }
    assert_eq!(
        f.character("Ash Varnell").expect("Ash").companion.wild_dice,
        3
    );
    assert!(f.shows("Ash Varnell: 3 of 3 held · 2 tonight"));
    f.click("Award Ash Varnell a wild die");
    assert!(f.shows(
        "No wild die was awarded: Ash Varnell holds 3 wild dice already: a hero holds at most 3"
    ));
    assert_eq!(
        f.character("Ash Varnell").expect("Ash").companion.wild_dice,
        3
    );
    assert!(f.shows("Ash Varnell gains a wild die (a great description): 3 held."));
}

/// "The player rolls a D10, or two D10 keeping the highest if that stat is
/// 4+. Higher wins."
#[test]
fn a_challenge_roll_on_a_heros_stat() {
    let mut f = Fixture::demo();
    start_fight(&mut f, "2");
    // Ash's Will is 5+: one D10 (7) against the standard D10 (4).
    f.harness.state_mut().app.dice = Dice::scripted(vec![7, 4]);
    f.click("Roll the challenge");
    assert!(f.shows("Ash Varnell's challenge roll on Will 5+ against the standard die"));
    assert!(f.shows(". success."));
}

#[test]
fn a_threat_that_is_not_a_number_is_refused_and_starts_nothing() {
    let mut f = Fixture::demo();
    f.click("Scene");
    f.type_into("Threat", "lots");
    f.click("Start the scene");
    assert!(f.shows("Threat: "));
    assert_eq!(f.data().scenes.len(), 1, "only the demo's");
}
