//! The gathering screen, driven through the real app with egui_kittest: a
//! GM makes a site, surveys it, gathers for three hours, tries without the
//! tool, forages, and undoes a session.

use crate::common::gui::Fixture;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use waybook_core::model::{Holder, Quality};

#[test]
fn a_new_site_is_surveyed_and_gathered_for_three_hours_into_the_pack() {
    let mut f = Fixture::demo();
    f.click("Gathering");
    f.click("Add site");
    f.type_into("Site name", "Reed bank");
    let site = f
        .data()
        .sites
        .values()
        .last()
        .expect("the new site")
        .clone();
    assert_eq!(site.name, "Reed bank");
    assert_eq!(site.materials[0].name, "Wild herbs");
    f.pick("Who", "Brother Ilo");
    // Common (+0), Intuition 3: d20 12 makes 15, a Moderate Source.
    f.dice(&[12]);
    f.click("Survey");
    assert!(f.shows("Found: a Moderate Source of Standard material."));
    let found = &f.data().sites[&site.id].sources[0];
    assert_eq!(found.quality, Quality::Standard);
    f.pick("Lasts", "3 hours");
    f.pick("Gatherer", "Brother Ilo");
    assert!(
        f.shows("Brother Ilo's test: d20 +5"),
        "the odds before anyone rolls"
    );
    f.click("Join the session");
    let start = f.data().settings.clock;
    // Three Standard Bounties (d20 9: 14): SB 2 units an hour each.
    f.dice(&[9, 9, 9]);
    f.click("Gather until the end");
    assert!(f.shows("The session's time is up. 6 units gathered in 3 h"));
    let ilo = f.character("Brother Ilo").expect("Ilo").id;
    let data = f.data();
    let herbs: i64 = data
        .holdings_of(Holder::Character(ilo))
        .filter(|h| {
            let item = &data.items[&h.item];
            item.name == "Wild herbs" && item.quality == Some(Quality::Standard)
        })
        .map(|h| h.quantity)
        .sum();
    assert_eq!(herbs, 6);
    assert_eq!(data.settings.clock, start.plus(3, data.settings.day_hours));
    let reloaded = f.reloaded();
    assert!(
        reloaded
            .holdings
            .values()
            .any(|h| h.origin.as_deref() == Some(&format!("Reed bank, {start}"))),
        "where and when they were gathered, kept in the file"
    );
}

fn disabled(f: &Fixture, label: &str) -> bool {
    f.harness.get_by_label(label).accesskit_node().is_disabled()
}

/// Issue 22, fault 6: a gatherer without the tool is refused at Join, with
/// the reason, unless the GM lets them work without it; the session goes on
/// for everyone, and a gatherer can leave it.
#[test]
fn a_gatherer_without_the_tool_is_refused_at_join_and_the_session_goes_on() {
    let mut f = Fixture::demo();
    f.click("Gathering");
    f.pick("Gatherer", "Ash Varnell");
    assert!(f.shows(
        "Ash Varnell has no Botanist's Tool, and neither has the party stash: the text requires it to gather Plant material"
    ));
    assert!(disabled(&f, "Join the session"), "refused at Join");
    f.pick("Gatherer", "Brother Ilo");
    f.click("Join the session");
    f.pick("Gatherer", "Ash Varnell");
    f.click("Without the tool");
    assert!(!disabled(&f, "Join the session"), "the GM allows it");
    f.click("Join the session");
    f.dice(&[12, 4, 12, 4]);
    f.click("Next test");
    let session = f
        .data()
        .sessions
        .values()
        .last()
        .expect("the session")
        .clone();
    assert_eq!(
        session.tests.iter().filter(|t| t.result.is_some()).count(),
        2
    );
    assert!(f.shows("Ash Varnell works without a Botanist's Tool, as the GM allows."));
    f.click("Ash Varnell leaves");
    let session = f.data().sessions.values().last().expect("the session");
    assert_eq!(session.gatherers.len(), 1, "Ilo gathers on alone");
    assert!(!disabled(&f, "Next test"));
}

/// Issue 22, fault 9: a site far from the party says where the party is and
/// asks before anyone surveys or joins.
#[test]
fn a_site_far_from_the_party_says_where_it_is_and_asks() {
    let mut f = Fixture::demo();
    f.click("Travel");
    f.pick("Path", "Mill track to Greyspine Foot · D4 ⚠2 · 2 rounds");
    f.dice(&[10]);
    f.click("Roll the Navigation Phase");
    f.click("Gathering");
    f.pick("Gatherer", "Brother Ilo");
    assert!(f.shows("The Lantern Company is on Mill track, not at Old Mill Crossing."));
    assert!(disabled(&f, "Join the session"));
    f.click_last("They are there");
    assert!(!disabled(&f, "Join the session"));
    f.click("Join the session");
    let session = f.data().sessions.values().last().expect("a session");
    assert!(!session.finished && session.gatherers.len() == 1);
}

#[test]
fn undoing_a_session_takes_the_units_and_the_clock_back() {
    let mut f = Fixture::demo();
    let before = f.data().clone();
    f.click("Gathering");
    f.pick("Gatherer", "Brother Ilo");
    f.click("Join the session");
    f.dice(&[9, 9, 9, 9]);
    f.click("Gather until the end");
    assert_ne!(f.data().holdings, before.holdings);
    for _ in 0..2 {
        f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        f.harness.run();
    }
    let after = f.data();
    assert_eq!(after.holdings, before.holdings);
    assert_eq!(after.sessions, before.sessions);
    assert_eq!(after.settings.clock, before.settings.clock);
}

#[test]
fn a_forage_with_a_bad_tg_is_refused_and_a_good_one_is_logged() {
    let mut f = Fixture::demo();
    f.click("Gathering");
    assert!(
        disabled(&f, "Forage"),
        "no TG typed yet: the button waits for one"
    );
    f.field("TG").focus();
    f.harness.run();
    f.field("TG").type_text("hard");
    f.harness.run();
    assert!(f.shows("TG: “hard” is not a whole number"));
    assert!(
        f.harness
            .get_by_label("Forage")
            .accesskit_node()
            .is_disabled()
    );
    f.field("TG").focus();
    f.harness.run();
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    f.field("TG").type_text("12");
    f.harness.run();
    f.dice(&[15]);
    f.click("Forage");
    let last = f
        .data()
        .sessions
        .values()
        .last()
        .expect("the forage")
        .clone();
    assert!(last.site.is_none());
    // A 15 passes TG 12 whatever the forager's Intuition; "not found"
    // would be a failed test.
    assert!(
        (last.lines.iter())
            .any(|l| l.starts_with("forage: d20 = 15") && l.ends_with("vs TG 12: pass: found")),
        "{:?}",
        last.lines
    );
}

#[test]
fn a_session_length_is_typed_in_hours_or_units_and_a_bad_one_is_refused() {
    let mut f = Fixture::demo();
    f.click("Gathering");
    f.pick("Gatherer", "Brother Ilo");
    f.click("Join the session");
    f.field("Length").focus();
    f.harness.run();
    f.field("Length").type_text("500");
    f.harness.run();
    assert!(f.shows("Length: must be between 1 and 240"));
    assert!(
        f.harness
            .get_by_label("hours")
            .accesskit_node()
            .is_disabled()
    );
    f.field("Length").focus();
    f.harness.run();
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    f.field("Length").type_text("12");
    f.harness.run();
    f.click("units each");
    let site = f.data().sites.values().next().expect("the meadow").id;
    let session = waybook_core::gathering::open_session(f.data(), site).expect("open");
    assert_eq!(
        session.limit,
        waybook_core::model::gathering::SessionLimit::Units(12)
    );
    assert!(
        f.shows("until 12 units each expected: 12.0 units in"),
        "the odds follow the length"
    );
}

/// Issue 22, fault 7: a click that closes a popup does nothing else. The
/// Gatherer list is open; a click on the Map tab only closes it.
#[test]
fn a_click_that_closes_a_list_presses_nothing_under_it() {
    let mut f = Fixture::demo();
    f.click("Gathering");
    f.harness
        .get_by_role_and_label(Role::ComboBox, "Gatherer")
        .click();
    f.harness.run();
    assert!(egui::Popup::is_any_open(&f.harness.ctx), "the list is open");
    f.click("Map");
    assert!(
        !egui::Popup::is_any_open(&f.harness.ctx),
        "the click closed the list"
    );
    assert!(f.shows("Join the session"), "and did not change the screen");
    f.click("Map");
    assert!(f.shows("Draw a path"), "the next click does");
}

/// Issue 22, fault 14: at the default window size a site's material rows
/// wrap inside the window, and a picker is wide enough for the name it
/// shows ("Marta the Guide", not "Marta th…").
#[test]
fn gathering_rows_fit_the_window_and_pickers_show_whole_names() {
    let mut f = Fixture::demo_at_default_size();
    f.click("Gathering");
    let window = f.harness.ctx.content_rect();
    for tool in f.harness.get_all_by_role_and_label(Role::ComboBox, "Tool") {
        assert!(
            window.contains_rect(tool.rect()),
            "a material's Tool list is in the window"
        );
    }
    f.pick("Gatherer", "Marta the Guide");
    assert!(f.shows_whole_in("Gatherer", "Marta the Guide"));
    f.pick("Gatherer", "Brother Ilo");
    f.click("Join the session");
    f.pick("Lasts", "until the day's end");
    assert!(f.shows_whole_in("Lasts", "until the day's end"));
    assert!(f.shows_whole_in("at", "source 1 (Wild herbs)"));
}

/// With no session open, its length cannot be chosen (the list is greyed
/// with the reason), and a note for the log needs a table or words first.
#[test]
fn a_length_waits_for_a_session_and_a_note_for_its_words() {
    let mut f = Fixture::demo();
    f.click("Gathering");
    assert!(disabled(&f, "Lasts"), "no session is open at the meadow");
    assert!(disabled(&f, "hours"));
    f.pick("Gatherer", "Brother Ilo");
    f.click("Join the session");
    assert!(!disabled(&f, "Lasts"));
    assert!(disabled(&f, "Add to the log"), "nothing to write yet");
    f.type_into("or write", "A fox watched them all afternoon");
    assert!(!disabled(&f, "Add to the log"));
    f.click("Add to the log");
    let site = f.data().sites.values().next().expect("the meadow").id;
    let session = waybook_core::gathering::open_session(f.data(), site).expect("open");
    assert!(
        session
            .lines
            .iter()
            .any(|l| l.contains("A fox watched them all afternoon")),
        "{:?}",
        session.lines
    );
}

/// Issue 34, 8: "if you are Trained in the use of a Gatherer's Tool, you
/// gain its Item Bonus": training is one box, beside the skill the tool
/// serves, and the test line says whether the bonus counts and why.
#[test]
fn a_tool_s_bonus_counts_by_one_box_beside_its_skill_and_the_line_says_why() {
    let mut f = Fixture::demo();
    f.click("Gathering");
    f.pick("Gatherer", "Brother Ilo");
    assert!(f.shows("Brother Ilo's test: d20 +5"));
    assert!(f.shows("+ Botanist's Tool 2 (trained)"));
    f.click("Roster");
    f.click("Brother Ilo");
    f.click("trained with Botanist's Tool");
    let ilo = f.character("Brother Ilo").expect("Ilo");
    assert!(ilo.exploration.tools.is_empty(), "no longer trained");
    f.click("Gathering");
    f.pick("Gatherer", "Brother Ilo");
    assert!(f.shows("Brother Ilo's test: d20 +3"));
    assert!(f.shows(
        "Botanist's Tool +2 not counted: Brother Ilo is not trained with it (tick it beside the skill on the sheet)"
    ));
}
