//! The Scene screen driven through the real app with egui_kittest: a fight
//! with the Threat roll and everyone's priority, the end phase, wild dice up
//! to the cap and the refusal of a fourth, a challenge roll, bad input.

mod common;

use common::gui::Fixture;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
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

/// Clicks a widget by its label once it is scrolled into view.
fn press(f: &mut Fixture, label: &str) {
    let node = f.harness.get_by_label(label);
    node.scroll_to_me();
    f.harness.run();
    f.harness.get_by_label(label).click();
    f.harness.run();
}

/// Picks a popup entry in a combo box, never a label with the same name.
fn choose(f: &mut Fixture, combo: &str, entry: &str) {
    let node = f.harness.get_by_role_and_label(Role::ComboBox, combo);
    node.scroll_to_me();
    f.harness.run();
    f.harness
        .get_by_role_and_label(Role::ComboBox, combo)
        .click();
    f.harness.run();
    f.harness
        .get_all_by_label(entry)
        .filter(|n| n.accesskit_node().role() != Role::Label)
        .last()
        .expect("the entry")
        .click();
    f.harness.run();
}

fn write(f: &mut Fixture, label: &str, text: &str) {
    f.field(label).scroll_to_me();
    f.harness.run();
    f.type_into(label, text);
}

/// The party's seven priority D10s.
const PRIORITY: [u32; 7] = [9, 8, 7, 6, 5, 4, 2];

fn round_dice(threat: u32, then: &[u32]) -> Dice {
    let mut faces = vec![threat];
    faces.extend(PRIORITY);
    faces.extend(then);
    Dice::scripted(faces)
}

/// Three rounds of a fight: "If it's equal to or under Threat, an event
/// triggers"; "Roll one D6 per attack against Quality. The defender rolls
/// one D6 per hit against Defence ... Toughness cancels wounds one for
/// one."; "At 0 Wounds a hero is down. An ally in contact can revive them
/// with a Narrative action (Will or Dexterity): success stands them with 1
/// Wound."
#[test]
fn three_rounds_with_an_attack_toughness_a_hero_down_and_revived() {
    let mut f = Fixture::demo();
    start_fight(&mut f, "4");
    write(&mut f, "Enemy", "Reaver");
    choose(&mut f, "Tier", "Elite");
    press(&mut f, "Add the enemies");
    assert!(f.shows("Reaver joins the fight (elite: Quality 4+, Defence 5+, 3 Wounds, 1 Toughness)"));

    // Round 1: the GM's D10 is 3, under Threat 4: an event.
    f.harness.state_mut().app.dice = round_dice(3, &[]);
    press(&mut f, "Start round 1");
    assert!(f.shows("an event triggers! Threat drops by 2, 4 → 2."));
    press(&mut f, "Activate Sefa Qorrin");
    assert!(f.shows("Sefa Qorrin is activating: 0 of 2 actions taken"));
    // Players and GM alternate: another hero may not go next.
    press(&mut f, "Activate Brother Ilo");
    assert!(f.shows("it is the GM's turn: players and GM alternate activating one model at a time"));
    f.click("OK");
    press(&mut f, "Activate Reaver");
    choose(&mut f, "Attacker", "Reaver");
    choose(&mut f, "Defender", "Sefa Qorrin");
    write(&mut f, "Attack dice", "3");
    write(&mut f, "Toughness to spend", "1");
    // Three hits on Quality 4+, three failed blocks on Defence 5+.
    f.harness.state_mut().app.dice = Dice::scripted(vec![6, 5, 4, 1, 2, 3]);
    press(&mut f, "Roll the attack");
    assert!(f.shows("3 hits, 0 blocked, 3 wounds, 1 cancelled with Toughness; Sefa Qorrin has 3 Wounds, 4 Toughness."));
    let sefa = f.character("Sefa Qorrin").expect("Sefa").companion.clone();
    assert_eq!((sefa.wounds.current, sefa.toughness.current), (3, 4));
    // "Shoot, Fight and Cast can't be taken twice in one activation."
    press(&mut f, "Roll the attack");
    assert!(f.shows("Reaver has taken Fight this activation"));
    f.click("OK");
    press(&mut f, "End round 1");

    // Round 2: no event (8 over Threat 3); the Reaver puts Sefa down.
    f.harness.state_mut().app.dice = round_dice(8, &[6, 6, 6, 1, 1, 1]);
    press(&mut f, "Start round 2");
    assert!(f.shows("Round 2: Threat d10 = 8 against Threat 3: no event."));
    press(&mut f, "Activate Reaver");
    write(&mut f, "Toughness to spend", "0");
    press(&mut f, "Roll the attack");
    assert!(f.shows("Sefa Qorrin is down."));
    assert_eq!(f.character("Sefa Qorrin").expect("Sefa").companion.wounds.current, 0);
    // Brother Ilo revives her on his Will 5+ with a 7.
    press(&mut f, "Activate Brother Ilo");
    choose(&mut f, "Hero", "Brother Ilo");
    choose(&mut f, "Other hero", "Sefa Qorrin");
    f.harness.state_mut().app.dice = Dice::scripted(vec![7]);
    press(&mut f, "Brother Ilo revives Sefa Qorrin");
    assert!(f.shows("Sefa Qorrin stands with 1 Wound"));
    assert_eq!(f.character("Sefa Qorrin").expect("Sefa").companion.wounds.current, 1);
    press(&mut f, "End round 2");

    // Round 3, then the end of the scene: nobody is still down.
    f.harness.state_mut().app.dice = round_dice(10, &[]);
    press(&mut f, "Start round 3");
    press(&mut f, "End round 3");
    let scene = f.data().scenes.values().last().expect("the scene").clone();
    assert_eq!((scene.round, scene.threat, scene.down.len()), (3, 5, 0));
    let attacks = f
        .data()
        .log
        .values()
        .filter(|e| e.why == "Reaver attacks Sefa Qorrin")
        .count();
    assert_eq!(attacks, 2, "both attacks are in the campaign log");
}

#[test]
fn an_attack_with_text_for_its_dice_is_refused_and_rolls_nothing() {
    let mut f = Fixture::demo();
    start_fight(&mut f, "2");
    choose(&mut f, "Attacker", "Ash Varnell");
    write(&mut f, "Attack dice", "many");
    let before = f.data().log.len();
    press(&mut f, "Roll the attack");
    assert!(f.shows("Attack dice: "));
    assert_eq!(f.data().log.len(), before);
}
