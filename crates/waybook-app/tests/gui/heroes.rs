//! Advancement driven through the real app with egui_kittest: a GM closes a
//! mission and sees heroes owe advances, levels a hero up on the sheet (the
//! stat changes, a disallowed advance is greyed with its reason), undoes
//! it, rolls an injury, and writes a memory for the Traveller.

use crate::common::gui::Fixture;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use waybook_rules::dice::Dice;

/// Clicks a widget of the sheet, scrolled into view first as a user would.
fn click_seen(f: &mut Fixture, label: &str) {
    f.harness.get_by_label(label).scroll_to_me();
    f.harness.run();
    f.click(label);
}

fn close_mission(f: &mut Fixture, name: &str, xp: &str) {
    f.click("Heroes");
    f.type_into("Mission", name);
    f.pick("Party", "The Lantern Company");
    f.type_into("XP each", xp);
    f.click("Award XP and close the mission");
}

fn stat(f: &Fixture, who: &str, name: &str) -> i64 {
    f.character(who)
        .expect("in the demo")
        .companion
        .stats
        .iter()
        .find(|s| s.name == name)
        .map(|s| s.value)
        .expect("the stat")
}

#[test]
fn xp_after_a_mission_makes_heroes_owe_advances() {
    let mut f = Fixture::demo();
    close_mission(&mut f, "Bridge at Karn", "6");
    // Ash: 9 XP + 6 = 15, "level 4 at 15": two advances, one taken.
    assert_eq!(f.character("Ash Varnell").expect("Ash").companion.xp, 15);
    assert!(f.shows("Ash Varnell: 2 advances owed"));
    assert!(f.shows("Bridge at Karn"), "the mission is listed");
    f.click("Roster");
    assert!(
        f.shows("4 · 2 advances owed"),
        "the roster says so, beside the level"
    );
}

#[test]
fn a_bad_mission_is_refused_in_words_and_awards_nothing() {
    let mut f = Fixture::demo();
    let missions = f.data().missions.len();
    f.click("Heroes");
    f.click("Award XP and close the mission");
    assert!(f.shows("Name the mission first."));
    f.type_into("Mission", "Bridge at Karn");
    f.pick("Party", "The Lantern Company");
    f.type_into("XP each", "lots");
    f.click("Award XP and close the mission");
    assert!(
        f.shows("XP each: “lots” is not a whole number"),
        "the field is named"
    );
    assert_eq!(f.data().missions.len(), missions, "nothing was awarded");
    assert_eq!(f.character("Ash Varnell").expect("Ash").companion.xp, 9);
}

#[test]
fn a_level_up_changes_the_stat_greys_what_is_not_allowed_and_undoes() {
    let mut f = Fixture::demo();
    close_mission(&mut f, "Bridge at Karn", "6");
    f.click("Roster");
    f.click("Ash Varnell");
    assert!(f.shows("Level up: 2 advances owed"));
    assert_eq!(stat(&f, "Ash Varnell", "Dexterity"), 4);
    click_seen(&mut f, "Take Dexterity improved by 1");
    assert_eq!(stat(&f, "Ash Varnell", "Dexterity"), 3, "4+ became 3+");
    assert!(f.shows("Level 3: Dexterity improved by 1"));
    let greyed = f.harness.get_by_label("Take Dexterity improved by 1");
    assert!(greyed.accesskit_node().is_disabled());
    assert!(f.shows("Dexterity is improved already; each at most once"));
    assert!(
        !f.harness
            .get_by_label("Take Will improved by 1")
            .accesskit_node()
            .is_disabled()
    );
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    assert_eq!(stat(&f, "Ash Varnell", "Dexterity"), 4, "undone");
    assert_eq!(
        f.reloaded()
            .characters
            .values()
            .find(|c| c.name == "Ash Varnell")
            .map(|c| c.companion.advances.len()),
        Some(1)
    );
    let toughness = f
        .character("Ash Varnell")
        .expect("Ash")
        .companion
        .toughness
        .max;
    click_seen(&mut f, "Take back the level 2 advance");
    assert_eq!(
        f.character("Ash Varnell")
            .expect("Ash")
            .companion
            .toughness
            .max,
        toughness - 1,
        "the +1 Toughness taken back"
    );
}

#[test]
fn a_talent_needs_its_name_before_it_can_be_taken() {
    let mut f = Fixture::demo();
    f.click("Ash Varnell");
    assert!(f.shows("Name the talent first"));
    f.type_into("Talent to learn", "Iron Grip");
    click_seen(&mut f, "Take the talent: Iron Grip");
    let ash = f.character("Ash Varnell").expect("Ash");
    assert!(ash.companion.talents.contains(&"Iron Grip".to_owned()));
    assert!(f.shows("Level 3: Talent: Iron Grip"));
}

#[test]
fn a_hero_down_at_the_end_rolls_an_injury() {
    let mut f = Fixture::demo();
    f.click("Heroes");
    f.type_into("Mission", "The burning mill");
    f.pick("Party", "The Lantern Company");
    f.type_into("XP each", "2");
    f.harness
        .get_by_label("Ash Varnell was down at the end")
        .click();
    f.harness.run();
    f.click("Award XP and close the mission");
    let before = f
        .character("Ash Varnell")
        .expect("Ash")
        .companion
        .injuries
        .len();
    f.harness.state_mut().app.dice = Dice::scripted(vec![3]);
    f.click("Roll Ash Varnell's injury");
    let ash = f.character("Ash Varnell").expect("Ash");
    assert_eq!(ash.companion.injuries.len(), before + 1);
    assert!(f.shows("Ash Varnell, down at the end: "));
}

#[test]
fn the_traveller_remembers() {
    let mut f = Fixture::demo();
    // The name, not the kind column's "The Traveller".
    f.harness
        .get_all_by_label("The Traveller")
        .next()
        .expect("the roster row")
        .click();
    f.harness.run();
    assert!(f.shows("A lantern burning on a tower"));
    f.field("He remembers").focus();
    f.harness.run();
    f.field("He remembers").type_text("A bell under the lake");
    f.harness.run();
    click_seen(&mut f, "Add the memory");
    let traveller = f.character("The Traveller").expect("the Traveller");
    assert_eq!(
        traveller.companion.memories.last().map(|m| m.text.as_str()),
        Some("A bell under the lake")
    );
    assert!(f.shows("• A bell under the lake"));
    let add = f.harness.get_by_label("Add the memory");
    assert!(add.accesskit_node().is_disabled(), "nothing written yet");
    add.hover();
    f.harness.run();
    assert!(f.shows("Write what the Traveller remembers first"));
}

fn open_sheet(f: &mut Fixture, name: &str) {
    f.click("Roster");
    f.harness
        .get_all_by_label(name)
        .next()
        .expect("the roster row")
        .click();
    f.harness.run();
}

/// Issue 22, fault 20: "The Traveller never levels up", and allies are not
/// heroes: neither is offered XP when a mission closes, and their sheets
/// have no XP, no level and no Pilgrim box.
#[test]
fn the_traveller_and_allies_earn_no_xp_and_have_no_level() {
    let mut f = Fixture::demo();
    f.click("Heroes");
    f.type_into("Mission", "Bridge at Karn");
    f.pick("Party", "The Lantern Company");
    f.click("XP per hero");
    assert!(f.shows("The Traveller earns no XP: he remembers instead"));
    for who in ["The Traveller", "Marta the Guide", "Pell (porter)"] {
        assert!(!f.shows(&format!("XP for {who}")), "{who} is offered no XP");
    }
    assert!(f.shows("XP for Ash Varnell"));
    for who in ["The Traveller", "Marta the Guide"] {
        open_sheet(&mut f, who);
        assert!(
            f.harness.query_by_label("XP").is_none(),
            "{who} has no XP field"
        );
        assert!(
            f.harness.query_by_label("Pilgrim").is_none(),
            "{who} has no Pilgrim box"
        );
        assert!(!f.shows("Level 1"), "{who} has no level");
    }
    assert!(f.shows("Marta the Guide is not a hero (ally): only heroes earn XP and level up"));
    let traveller = (f.data().characters.values())
        .find(|c| c.name == "The Traveller")
        .expect("listed");
    assert_eq!(waybook_core::heroes::level(traveller), None);
}

/// Issue 34, item 31: with XP per hero and none typed, the refusal names
/// the first hero of the list, not the one who joined first (Ash Varnell).
#[test]
fn a_missing_xp_names_the_first_hero_listed() {
    let mut f = Fixture::demo();
    f.click("Add character");
    f.type_into("Name", "Aldo Brenn");
    assert_eq!(
        f.character("Aldo Brenn").and_then(|c| c.party),
        f.character("Ash Varnell").and_then(|c| c.party),
        "the new hero joins the party run"
    );
    f.click("Heroes");
    f.type_into("Mission", "Bridge at Karn");
    f.click("XP per hero");
    f.greyed_with("Award XP and close the mission", "XP for Aldo Brenn: ");
}

/// Issue 22, faults 18 and 19: a refusal counts what was taken ("taken
/// twice already"), and a power the hero knows is not offered again.
#[test]
fn refusals_count_what_was_taken_and_a_known_power_is_not_taken_again() {
    let mut f = Fixture::demo();
    close_mission(&mut f, "Bridge at Karn", "6");
    open_sheet(&mut f, "Ash Varnell");
    click_seen(&mut f, "Take +1 Toughness");
    assert!(f.shows("+1 Toughness is taken twice already; at most twice"));
    f.type_into("Power or drill to learn", "sure step");
    assert!(f.shows("Ash Varnell knows Sure Step already; each power once"));
    assert!(
        f.harness
            .get_by_label("Take the power or drill: sure step")
            .accesskit_node()
            .is_disabled()
    );
}

/// Issue 22, fault 28: a name typed for a level-up stays with its sheet,
/// and the Drive is a field that wraps, nothing cut off.
#[test]
fn typed_names_stay_with_their_sheet_and_the_drive_wraps() {
    let mut f = Fixture::demo();
    open_sheet(&mut f, "Ash Varnell");
    f.type_into("Talent to learn", "Iron Grip");
    assert!(f.shows("Take the talent: Iron Grip"));
    open_sheet(&mut f, "Brother Ilo");
    assert!(!f.shows("Take the talent: Iron Grip"), "not on Ilo's sheet");
    assert_eq!(f.field("Talent to learn").value().as_deref(), Some(""));
    let drive = f
        .harness
        .get_all_by_label("Drive")
        .any(|n| n.accesskit_node().role() == egui::accesskit::Role::MultilineTextInput);
    assert!(drive, "the Drive wraps");
}

/// Issue 22, faults 18 and 28: a long reason goes on to the next line
/// inside the window, never past its edge; issue 52: each is shown under
/// its button; a power taken leaves its field empty for the next advance.
#[test]
fn long_reasons_wrap_and_a_name_taken_is_cleared() {
    let mut f = Fixture::demo_at_default_size();
    close_mission(&mut f, "Bridge at Karn", "6");
    open_sheet(&mut f, "Ash Varnell");
    f.type_into("Power or drill to learn", "sure step");
    let right = f.harness.ctx.content_rect().right();
    let button = f
        .harness
        .get_by_label("Take the power or drill: sure step")
        .rect();
    let reason = f
        .harness
        .get_by_label_contains("knows Sure Step already")
        .rect();
    assert!(
        reason.right() <= right + 0.5,
        "{reason:?} runs past {right}"
    );
    assert!(
        reason.top() >= button.bottom() && (reason.left() - button.left()).abs() < 1.0,
        "{reason:?} is under its button {button:?}"
    );
    f.type_into("Power or drill to learn", "Stone Skin");
    click_seen(&mut f, "Take the power or drill: Stone Skin");
    let ash = f.character("Ash Varnell").expect("Ash");
    assert!(ash.companion.powers.iter().any(|p| p == "Stone Skin"));
    assert_eq!(
        f.field("Power or drill to learn").value().as_deref(),
        Some(""),
        "the name taken is not left for the next advance"
    );
}

/// Issue 34, 7: "5 for a standard hero, 9 for The Traveller". A kind sets
/// its Wounds when chosen; Wounds the GM typed by hand are kept, and the
/// kind's offered, until the GM chooses.
#[test]
fn a_kind_sets_its_wounds_and_asks_before_overwriting_typed_ones() {
    let mut f = Fixture::demo();
    f.click("Add character");
    let id = f
        .data()
        .characters
        .keys()
        .next_back()
        .copied()
        .expect("added");
    let wounds = |f: &Fixture| {
        let w = f.data().characters[&id].companion.wounds;
        (w.current, w.max)
    };
    assert_eq!(wounds(&f), (5, 5));
    f.pick("Kind", "The Traveller");
    assert_eq!(wounds(&f), (9, 9), "the Traveller's Wounds come with him");
    f.type_into("Wounds max", "7");
    assert_eq!(wounds(&f), (7, 7));
    f.pick("Kind", "Hero");
    assert_eq!(wounds(&f), (7, 7), "typed by hand: kept");
    assert!(f.shows("Wounds 7 were typed by hand; Hero has 5 by the rules."));
    f.click("Set Wounds to 5");
    assert_eq!(wounds(&f), (5, 5));
    assert!(!f.shows("were typed by hand"));
    f.menu("Edit", "Undo");
    assert_eq!(wounds(&f), (7, 7), "each step undoes");
}

/// Issue 50, item 31: "the Traveller question's buttons are half hidden".
/// The question is a row of the sheet's grid that the grid measured the
/// frame before, when it was not there: the frame the kind is picked in
/// (the last one drawn until the GM moves) showed the buttons under the
/// next row. In that very frame they are whole and clear of it.
#[test]
fn the_kinds_wounds_question_shows_its_buttons_whole() {
    use egui::accesskit::Role;
    let mut f = Fixture::demo_at_default_size();
    f.click("Add character");
    f.type_into("Wounds max", "7");
    f.harness
        .get_by_role_and_label(Role::ComboBox, "Kind")
        .click();
    f.harness.run();
    f.harness
        .get_all_by_role_and_label(Role::Button, "The Traveller")
        .last()
        .expect("the entry")
        .click();
    // The pick is applied at the frame's end; the next frame asks.
    f.harness.step();
    f.harness.step();
    assert!(f.shows("Wounds 7 were typed by hand; The Traveller has 9 by the rules."));
    let party = f
        .harness
        .get_by_role_and_label(Role::ComboBox, "Party")
        .rect();
    let window = f.harness.ctx.content_rect();
    for button in ["Set Wounds to 9", "Keep 7"] {
        let rect = f.harness.get_by_label(button).rect();
        assert!(window.contains_rect(rect), "{button} at {rect:?}");
        assert!(
            !rect.intersects(party),
            "{button} at {rect:?} under Party at {party:?}"
        );
    }
}
