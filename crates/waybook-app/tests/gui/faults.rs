//! GUI tests for the faults a new GM found (issue 8): each one does what the
//! GM did, through the real app, and checks what the screen and the file say.

use crate::common::gui::Fixture;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use waybook_app::app::DialogOutcome;
use waybook_core::model::{Activity, CampaignData, Category, Holder, PartyId};

fn party(data: &CampaignData) -> PartyId {
    *data.parties.keys().next().expect("the demo has a party")
}

fn party_food(data: &CampaignData) -> i64 {
    data.party_totals(party(data)).food_units
}

fn undo(f: &mut Fixture) {
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
}

#[test]
fn save_a_copy_from_the_path_field_never_writes_over_a_file() {
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Unavailable]);
    let existing = f.path("notes.waybook");
    std::fs::write(&existing, b"the GM's other file").expect("written");
    f.menu("File", "Save a Copy As…");
    f.type_path(&existing.display().to_string());
    f.harness.key_press(Key::Enter);
    f.harness.run();
    assert!(f.shows("already exists. Waybook does not write over a file unasked"));
    assert!(
        f.shows("File path"),
        "the path field stays open to choose another name"
    );
    assert_eq!(
        std::fs::read(&existing).expect("read"),
        b"the GM's other file",
        "the file is untouched"
    );
}

#[test]
fn a_native_dialog_that_asked_may_replace_a_file() {
    let dir = tempfile::tempdir().expect("dir");
    let existing = dir.path().join("old-copy.waybook");
    std::fs::write(&existing, b"stale").expect("written");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(existing.clone())]);
    f.menu("File", "Save a Copy As…");
    assert!(f.shows("Saved a copy to"));
    let copy = waybook_core::store::Campaign::open(&existing)
        .expect("the copy opens")
        .load()
        .expect("loads");
    assert_eq!(copy.characters.len(), 13);
}

#[test]
fn an_export_from_the_path_field_refuses_an_existing_pdf() {
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Unavailable]);
    let existing = f.path("sheets.pdf");
    std::fs::write(&existing, b"%PDF old").expect("written");
    f.click("Ash Varnell");
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    f.harness.run();
    f.click("Export…");
    assert!(
        f.shows("Export as PDF"),
        "the prompt is titled for any export"
    );
    assert!(
        f.harness.get_by_label("File path").is_focused(),
        "the path field takes the keyboard as it opens"
    );
    f.harness
        .get_by_label("File path")
        .type_text(&existing.display().to_string());
    f.harness.run();
    f.click("Export");
    assert!(f.shows("already exists"));
    assert!(
        f.harness.state().app.export_job.is_none(),
        "nothing is rendered"
    );
    assert_eq!(std::fs::read(&existing).expect("read"), b"%PDF old");
}

#[test]
fn a_relative_path_is_remembered_as_an_absolute_one() {
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Unavailable]);
    let cwd = std::env::current_dir().expect("cwd");
    // The temporary folder, written relative to the folder the tests run in.
    let up = "../".repeat(cwd.components().count() - 1);
    let relative = format!(
        "{up}{}",
        f.path("gt_relnew")
            .display()
            .to_string()
            .trim_start_matches('/')
    );
    f.menu("File", "New…");
    f.harness.get_by_label("File path").type_text(&relative);
    f.harness.run();
    let landing = f.path("gt_relnew.waybook");
    assert!(
        f.shows(&format!("The file: {}", landing.display())),
        "the field says where a relative path lands"
    );
    f.click("Create");
    let recent = &f.harness.state().app.recent;
    assert_eq!(recent.first(), Some(&landing), "absolute in Open Recent");
    assert!(landing.exists());
}

#[test]
fn deleting_a_character_asks_and_moves_their_kit_to_the_stash() {
    let mut f = Fixture::demo();
    let food_before = party_food(f.data());
    let stash = Holder::Stash(party(f.data()));
    let stash_before = f.data().totals_of(stash).food_units;
    let pell = f.character("Pell (porter)").expect("Pell").id;
    let carried = f.data().totals_of(Holder::Character(pell)).food_units;
    assert!(carried > 0, "Pell carries food");
    f.click("Pell (porter)");
    f.click("Delete…");
    assert!(f.shows("Delete Pell (porter)?"));
    assert!(f.shows("They carry"));
    assert!(f.character("Pell (porter)").is_some(), "nothing yet");
    f.click("Delete");
    assert!(f.character("Pell (porter)").is_none());
    assert_eq!(party_food(f.data()), food_before, "no food is lost");
    assert_eq!(
        f.data().totals_of(stash).food_units,
        stash_before + carried,
        "his food is in the stash now"
    );
    undo(&mut f);
    assert_eq!(
        f.data().totals_of(Holder::Character(pell)).food_units,
        carried,
        "undo gives him back his pack"
    );
    f.click("Pell (porter)");
    f.click("Delete…");
    f.click("Drop it with them");
    f.click("Delete");
    assert_eq!(party_food(f.data()), food_before - carried, "dropped");
}

#[test]
fn changing_an_item_away_from_food_clears_its_food_units_visibly() {
    let mut f = Fixture::demo();
    f.click("Item catalogue");
    f.click("Add item");
    f.click_last("Category");
    f.click_last("Food");
    f.type_into("Food units", "25");
    let item = |f: &Fixture| {
        f.data()
            .items
            .values()
            .find(|i| i.name == "New item")
            .expect("the new item")
            .clone()
    };
    assert_eq!(
        (item(&f).category, item(&f).food_units),
        (Category::Food, 25)
    );
    f.click_last("Category");
    f.click_last("Tool");
    assert_eq!(
        (item(&f).category, item(&f).food_units),
        (Category::Tool, 0)
    );
    assert!(f.shows("food units cleared"), "the status line says so");
    undo(&mut f);
    assert_eq!(
        (item(&f).category, item(&f).food_units),
        (Category::Food, 25)
    );
}

#[test]
fn a_stack_never_passes_a_million() {
    let mut f = Fixture::demo();
    f.click("Inventory");
    f.click("Ash Varnell");
    f.pick("From the catalogue:", "Hard bread");
    f.type_into("Amount", "999999");
    f.click("Give");
    let ash = f.character("Ash Varnell").expect("Ash").id;
    let bread = |f: &Fixture| {
        f.data()
            .holdings_of(Holder::Character(ash))
            .find(|h| f.data().items[&h.item].name == "Hard bread")
            .map(|h| h.quantity)
    };
    assert_eq!(bread(&f), Some(999_999));
    f.type_into("Amount", "2");
    f.greyed_with(
        "Give",
        "Ash Varnell would hold 1000001 × Hard bread; a stack holds at most 1000000",
    );
    assert_eq!(bread(&f), Some(999_999), "nothing given");
}

#[test]
fn shortcuts_work_while_a_button_has_the_keyboard() {
    let mut f = Fixture::demo();
    f.click("Ash Varnell");
    f.harness.get_by_label("Duplicate").focus();
    f.harness.run();
    f.harness.key_press(Key::Enter);
    f.harness.run();
    assert!(
        f.character("Ash Varnell (copy)").is_some(),
        "Enter pressed it"
    );
    undo(&mut f);
    assert!(
        f.character("Ash Varnell (copy)").is_none(),
        "Ctrl+Z works with the button still focused"
    );
}

#[test]
fn undo_shows_the_stored_value_not_a_stale_error() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.type_into_nth("km", 0, "40");
    f.type_into_nth("km", 0, "9999999");
    assert!(f.shows("km: must be between 0 and 100000"));
    undo(&mut f);
    let distance = f
        .data()
        .journeys
        .values()
        .next()
        .expect("journey")
        .plan
        .routes[0]
        .legs[0]
        .distance_km;
    assert_eq!(distance, 32.0);
    let shown = f
        .harness
        .get_all_by_role_and_label(Role::TextInput, "km")
        .next()
        .expect("the field")
        .value();
    assert_eq!(
        shown.as_deref(),
        Some("32"),
        "the field shows the stored 32"
    );
    assert!(!f.shows("km: must be between"), "and no stale error");
}

#[test]
fn the_roster_answers_the_keyboard() {
    let mut f = Fixture::demo();
    f.click("Ash Varnell");
    f.harness.key_press(Key::ArrowDown);
    f.harness.run();
    let selected = |f: &Fixture| {
        let id = f.harness.state().ui.roster.selected.expect("a selection");
        f.data().characters[&id].name.clone()
    };
    assert_eq!(selected(&f), "Bess", "Down moves to the next row (a mule)");
    f.harness.key_press(Key::ArrowUp);
    f.harness.run();
    assert_eq!(selected(&f), "Ash Varnell");
    f.harness.key_press(Key::Delete);
    f.harness.run();
    assert!(f.shows("Delete Ash Varnell?"), "Delete asks first");
    f.click("Cancel");
    assert!(f.character("Ash Varnell").is_some());
    f.click("Add character");
    assert!(
        f.field("Name").is_focused(),
        "the new character's name takes the keyboard"
    );
    // The placeholder name is selected: what is typed replaces it.
    f.field("Name").type_text("Vessa the Bold");
    f.harness.run();
    f.harness.key_press(Key::Enter);
    f.harness.run();
    assert!(f.character("Vessa the Bold").is_some());
}

#[test]
fn the_hour_grid_tells_work_from_watch_and_offers_a_menu() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.click("Day by day");
    assert!(f.shows_exactly("Wa"), "the legend marks watch hours Wa");
    // Issue 14: each cell reads as its character, hour and activity.
    assert!(f.shows(", watch"), "a watch hour in the grid");
    assert!(
        f.shows_exactly("Watch") && f.shows_exactly("Work"),
        "a legend"
    );
    assert!(f.shows("has at least a 50% chance of a degree of exhaustion"));
    f.harness
        .get_all_by_label_contains(", 09:00, travel")
        .next()
        .expect("a travel hour in the grid")
        .click_secondary();
    f.harness.run();
    f.click_last("Wk Work");
    let journey = f.data().journeys.values().next().expect("journey");
    let works = journey.plan.days[&0]
        .hours
        .values()
        .filter(|a| **a == Activity::Work)
        .count();
    assert_eq!(works, 1, "the menu set one hour to Work");
    assert!(f.shows(", 09:00, work"));
}

/// Issue 55: the grids' cells are painted in place, their words asked for
/// only under the pointer; hovered, an hour cell and a risk cell still say
/// who, when and what.
#[test]
fn the_grids_cells_say_their_words_when_hovered() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.click("Day by day");
    f.harness
        .get_all_by_label_contains(", 09:00, travel")
        .next()
        .expect("a travel hour in the grid")
        .hover();
    f.harness.run();
    assert!(f.shows(" at 09:00: Travel"), "the hour's hover text");
    f.click("Charts");
    let named = |f: &Fixture| {
        f.harness
            .query_all_by_label_contains("Hobb the Carter on day 3: ")
            .count()
    };
    assert_eq!(named(&f), 1, "the cell, named to a screen reader");
    f.harness
        .get_by_label_contains("Hobb the Carter on day 3: ")
        .hover();
    f.harness.run();
    assert_eq!(named(&f), 2, "the cell and its hover text");
    assert!(f.shows("% chance of exhaustion"));
}

#[test]
fn choosing_a_route_is_an_explicit_step() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    let chosen = |f: &Fixture| f.data().journeys.values().next().expect("j").plan.chosen;
    f.click("Round by the river");
    assert_eq!(chosen(&f), 0, "clicking the name changes nothing");
    f.click("Take Round by the river");
    assert_eq!(chosen(&f), 1);
    assert!(
        f.shows("Take Round by the river for"),
        "the status line says so"
    );
    undo(&mut f);
    assert_eq!(chosen(&f), 0);
}

#[test]
fn eats_on_the_day_by_day_tab_is_what_the_food_tab_says_is_eaten() {
    let mut f = Fixture::demo();
    let journey = f.data().journeys.values().next().expect("journey").clone();
    let view = waybook_core::plan::plan(f.data(), &journey);
    let ledger = waybook_core::plan::food_ledger(f.data(), &journey, &view);
    // The first day someone eats less than planned.
    let short = ledger
        .days
        .iter()
        .find(|d| d.entries.iter().any(|e| e.eaten + 0.5 < e.planned))
        .expect("the demo's food runs short on some day");
    let entry = short
        .entries
        .iter()
        .find(|e| e.eaten + 0.5 < e.planned)
        .expect("someone");
    f.click("Journeys");
    f.click("Day by day");
    for _ in 0..short.index {
        f.click("Next day ▶");
    }
    assert!(f.shows(&format!("Day {} of", short.index + 1)));
    assert!(
        f.shows_exactly(&format!("{:.0} of {:.0}", entry.eaten, entry.required)),
        "{} eats {} of {} that day",
        entry.name,
        entry.eaten,
        entry.required
    );
}

#[test]
fn the_dice_error_is_shown_by_the_roller_and_the_export_dialog_keeps_still() {
    let mut f = Fixture::demo();
    f.click("Dice and rules");
    f.type_into("Dice expression", "2d6+");
    let error = f
        .harness
        .get_by_label_contains("expected a modifier, found nothing")
        .rect();
    let tables = f.harness.get_by_label("Tables").rect();
    assert!(error.top() < tables.top(), "under the roller, above Tables");

    f.click("Roster");
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    f.harness.run();
    f.click("Selected characters (0)");
    let before = f.harness.get_by_label("Export…").rect();
    assert!(f.shows("Nothing to print"));
    f.click("Whole roster (13)");
    assert!(f.shows("13 sheets to print."));
    let after = f.harness.get_by_label("Export…").rect();
    assert_eq!(before.top(), after.top(), "the buttons do not move");
}

#[test]
fn an_error_beside_a_field_does_not_push_its_neighbours() {
    let mut f = Fixture::demo();
    f.click("Ash Varnell");
    let defence = |f: &Fixture| f.field("Defence").rect();
    let before = defence(&f);
    f.type_into("Quality", "abc");
    assert!(f.shows("Quality: “abc” is not a whole number"));
    assert_eq!(defence(&f), before, "the next field stays where it was");
}

#[test]
fn the_keyboard_focus_wears_a_ring_until_the_next_click() {
    let mut f = Fixture::demo();
    f.click("Ash Varnell");
    assert!(
        waybook_app::ui::focus_ring_rect(&f.harness.ctx).is_none(),
        "no ring after a click"
    );
    f.harness.key_press(Key::Tab);
    f.harness.run();
    f.harness.key_press(Key::Tab);
    f.harness.run();
    let ring = waybook_app::ui::focus_ring_rect(&f.harness.ctx);
    assert!(
        ring.is_some(),
        "Tab moves the focus, and the ring shows where"
    );
    f.click("Brother Ilo");
    assert!(waybook_app::ui::focus_ring_rect(&f.harness.ctx).is_none());
}

#[test]
fn escape_cancels_the_path_field() {
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Unavailable]);
    f.menu("File", "Save a Copy As…");
    assert!(f.shows("File path"));
    f.harness.key_press(Key::Escape);
    f.harness.run();
    assert!(!f.shows("File path"), "Escape closes it, as Cancel does");
    assert!(f.harness.state().app.path_prompt.is_none());
}
