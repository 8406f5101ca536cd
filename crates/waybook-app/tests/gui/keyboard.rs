//! Issue 14: the main flows with the keyboard alone (add a character, move
//! items, play an hour), and Tab going through a form in reading order.

use crate::common::gui::Fixture;
use egui::{Key, Modifiers, Rect};
use egui_kittest::kittest::{NodeT, Queryable};
use waybook_core::model::{Change, Edit, Holder, Leg};
use waybook_core::store::Campaign;

/// What has the keyboard's focus: its label and where it is.
fn focused(f: &Fixture) -> Option<(String, Rect)> {
    let node = f.harness.query_by(|n| n.is_focused())?;
    Some((
        node.accesskit_node().label().unwrap_or_default(),
        node.rect(),
    ))
}

/// Presses Tab until the widget labelled `label` has the focus.
fn tab_to(f: &mut Fixture, label: &str) {
    for _ in 0..600 {
        f.harness.key_press(Key::Tab);
        f.harness.run();
        if focused(f).is_some_and(|(l, _)| l == label) {
            return;
        }
    }
    let mut seen = Vec::new();
    for _ in 0..60 {
        f.harness.key_press(Key::Tab);
        f.harness.run();
        seen.extend(focused(f).map(|(l, _)| l));
    }
    panic!("Tab never reaches {label:?}; it goes through {seen:?}");
}

fn press(f: &mut Fixture, key: Key) {
    f.harness.key_press(key);
    f.harness.run();
}

/// Ctrl+K, the command typed, Enter.
fn palette(f: &mut Fixture, command: &str) {
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::K);
    f.harness.run();
    f.field("Command").type_text(command);
    f.harness.run();
    press(f, Key::Enter);
}

/// Types into whatever has the focus, replacing its text.
fn type_here(f: &mut Fixture, text: &str) {
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    f.harness.run();
    f.harness.event(egui::Event::Text(text.to_owned()));
    f.harness.run();
}

/// Add character (the palette's, Ctrl+K) gives the new sheet's Name field
/// the keyboard: type the name, Enter.
#[test]
fn a_character_is_added_and_named_with_the_keyboard_alone() {
    let mut f = Fixture::demo();
    palette(&mut f, "add character");
    assert_eq!(
        focused(&f).map(|(label, _)| label).as_deref(),
        Some("Name"),
        "the new character's name has the keyboard"
    );
    type_here(&mut f, "Mira Vell");
    press(&mut f, Key::Enter);
    assert!(
        f.character("Mira Vell").is_some(),
        "named from the keyboard"
    );
    assert!(f.character("New character").is_none());
}

#[test]
fn a_stack_is_moved_with_the_keyboard_alone() {
    let mut f = Fixture::demo();
    palette(&mut f, "go to inventory");
    let holder = f
        .harness
        .state()
        .ui
        .inventory
        .holder
        .expect("a holder is shown");
    let (stack, name) = {
        let data = f.data();
        let h = data
            .holdings_of(holder)
            .next()
            .expect("the first holder carries something");
        (h.id, data.items[&h.item].name.clone())
    };
    let target = f
        .data()
        .characters
        .keys()
        .map(|c| Holder::Character(*c))
        .find(|h| *h != holder)
        .expect("someone to move to");
    let target_name = f.data().holder_name(target);
    tab_to(&mut f, &name);
    press(&mut f, Key::Enter);
    assert_eq!(f.harness.state().ui.inventory.selected, Some(stack));
    tab_to(&mut f, "Quantity");
    type_here(&mut f, "1");
    tab_to(&mut f, "to");
    press(&mut f, Key::Space);
    tab_to(&mut f, &target_name);
    press(&mut f, Key::Enter);
    tab_to(&mut f, "Move");
    let before = f
        .data()
        .holdings_of(target)
        .map(|h| h.quantity)
        .sum::<i64>();
    press(&mut f, Key::Enter);
    let after = f
        .data()
        .holdings_of(target)
        .map(|h| h.quantity)
        .sum::<i64>();
    assert_eq!(after, before + 1, "one moved into {target_name}");
}

#[test]
fn an_hour_is_played_with_the_keyboard_alone() {
    let mut f = Fixture::demo();
    let played = f.journey().played_hours;
    palette(&mut f, "go to journeys");
    tab_to(&mut f, "Play");
    press(&mut f, Key::Enter);
    tab_to(&mut f, "Play next hour");
    press(&mut f, Key::Enter);
    assert_eq!(f.journey().played_hours, played + 1);
}

/// Tab goes through the Campaign screen's form from top to bottom, and
/// along each row from left to right, as it reads.
#[test]
fn tab_follows_reading_order_on_the_campaign_form() {
    let mut f = Fixture::demo();
    palette(&mut f, "go to campaign");
    tab_to(&mut f, "Campaign name");
    let mut seen = vec![focused(&f).expect("the name field")];
    for _ in 0..12 {
        press(&mut f, Key::Tab);
        seen.extend(focused(&f));
    }
    for pair in seen.windows(2) {
        let ((a, ra), (b, rb)) = (&pair[0], &pair[1]);
        let below = rb.top() >= ra.bottom() - 1.0;
        let right_on_the_row = (rb.center().y - ra.center().y).abs() < 4.0 && rb.left() > ra.left();
        assert!(
            below || right_on_the_row,
            "{b:?} after {a:?}: {rb:?} after {ra:?}"
        );
    }
}

/// Tab walks the roster one character at a time, by name and in the list's
/// order: a row's other cells (level, wounds, exhaustion...) are read with
/// it, not stopped at one by one.
#[test]
fn tab_walks_the_roster_by_name() {
    let mut f = Fixture::demo();
    // The demo's first four by name, sorted by hand (two of them mules).
    let names = ["Ash Varnell", "Bess", "Brother Ilo", "Clover"];
    tab_to(&mut f, names[0]);
    let mut seen = vec![focused(&f).expect("the first name").0];
    for _ in 1..4 {
        press(&mut f, Key::Tab);
        seen.extend(focused(&f).map(|(l, _)| l));
    }
    assert_eq!(seen, names[..4], "one stop per row, in order");
}

/// A long route's legs are drawn only near the view (`lists::Heights`,
/// tested headless: with a screen reader, as here, every leg is drawn),
/// and Tab still walks to each one in turn, scrolling it into view.
#[test]
fn tab_walks_a_long_route_scrolling_each_leg_in() {
    let lengthen = |path: &std::path::Path| {
        let mut campaign = Campaign::open(path).expect("opens");
        let data = campaign.load().expect("loads");
        let journey = data.journeys.values().next().cloned().expect("a journey");
        let mut long = journey.clone();
        let legs = &mut long.plan.routes[long.plan.chosen].legs;
        let first = legs[0].clone();
        legs.extend((0..40).map(|n| Leg {
            name: format!("Stage {n}"),
            ..first.clone()
        }));
        let edit = Edit::new(
            "a long route",
            vec![Change::of(Some(&journey), Some(&long))],
        );
        campaign.apply(&edit).expect("saved");
    };
    let mut f = Fixture::opening("long.waybook", lengthen, Vec::new(), false);
    f.click("Journeys");
    let far = "Leg 32";
    let window = f.harness.ctx.content_rect();
    let below = (f.harness.get_by_label(far).rect()).min.y;
    assert!(below > window.max.y, "far below the view at first");
    tab_to(&mut f, far);
    let (_, at) = focused(&f).expect("the leg has the keyboard");
    assert!(window.contains_rect(at), "scrolled into view: {at:?}");
}

/// Issue 22, fault 24: the Add character button selects the placeholder
/// name, so what the GM types replaces it.
#[test]
fn add_character_selects_the_placeholder_name() {
    let mut f = Fixture::demo();
    f.click("Add character");
    let ctx = f.harness.ctx.clone();
    let field = ctx
        .memory(|m| m.focused())
        .expect("the Name field has the keyboard");
    let selected = egui::TextEdit::load_state(&ctx, field)
        .and_then(|s| s.cursor.char_range())
        .map(|r| r.as_sorted_char_range())
        .map(|r| r.start.0..r.end.0);
    assert_eq!(
        selected,
        Some(0.."New character".chars().count()),
        "the placeholder is selected"
    );
    type_here(&mut f, "Vessa Crow");
    press(&mut f, Key::Enter);
    assert!(
        f.character("Vessa Crow").is_some(),
        "named, not appended to"
    );
    assert!(f.character("New characterVessa Crow").is_none());
}
