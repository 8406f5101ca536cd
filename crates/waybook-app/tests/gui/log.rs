//! The campaign log driven through the real app with egui_kittest: every
//! roll (the dice roller, a table, a gathering test) lands in the one log
//! with its dice and its characters, undoing the edit marks the entry
//! undone, the Log screen filters it, and the GM adds an event.

use crate::common::gui::Fixture;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use waybook_core::model::LogKind;
use waybook_rules::dice::Dice;

/// Picks `entry` in the list labelled `label`: the list's entry, not a
/// cell of the log that reads the same.
fn pick(f: &mut Fixture, label: &str, entry: &str) {
    f.harness
        .get_by_role_and_label(Role::ComboBox, label)
        .click();
    f.harness.run();
    f.harness
        .get_all_by_label(entry)
        .rfind(|n| n.accesskit_node().role() != Role::Label)
        .expect("the list's entry")
        .click();
    f.harness.run();
}

#[test]
fn a_roll_of_the_dice_roller_is_logged_and_undo_marks_it_undone() {
    let mut f = Fixture::demo();
    let before = f.data().log.len();
    f.click("Dice and rules");
    f.harness.state_mut().app.dice = Dice::scripted(vec![3, 8]);
    f.type_into("Dice expression", "2d10kh1");
    let entry = f.data().log.values().last().expect("logged").clone();
    assert_eq!(f.data().log.len(), before + 1);
    assert_eq!(entry.kind, LogKind::Dice);
    assert_eq!(entry.rolled, "Roll: 2d10kh1 = [3, 8] keep 8");
    assert!(!entry.undone);
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    let kept = f.reloaded();
    let entry = kept.log.get(&entry.id).expect("kept in the file");
    assert!(
        entry.undone,
        "undoing marks the roll undone, it stays in the log"
    );
    f.click("Log");
    assert!(f.shows("Roll on the dice roller (undone)"));
}

#[test]
fn a_gathering_test_is_logged_with_its_dice_and_its_character() {
    let mut f = Fixture::demo();
    f.click("Gathering");
    pick(&mut f, "Who", "Brother Ilo");
    f.harness.state_mut().app.dice = Dice::scripted(vec![12]);
    f.click("Survey");
    let entry = f.data().log.values().last().expect("logged").clone();
    assert_eq!(entry.kind, LogKind::Gathering);
    assert_eq!(entry.rolled, "d20: 12");
    let ilo = f.character("Brother Ilo").expect("Ilo").id;
    assert_eq!(entry.at, f.data().settings.clock, "a survey takes no time");
    f.click("Log");
    assert!(f.shows("d20: 12"));
    let all = f.data().log.len();
    pick(&mut f, "Kind", "Dice roller");
    assert!(!f.shows("d20: 12"), "filtered out by kind");
    assert!(f.shows(&format!("0 of {all} entries")));
    pick(&mut f, "Kind", "every kind");
    pick(&mut f, "Character", "Brother Ilo");
    let ilos = f
        .data()
        .log
        .values()
        .filter(|e| e.characters.contains(&ilo))
        .count();
    assert!(ilos >= 1, "the demo's session was Ilo's");
    assert!(f.shows(&format!("{ilos} of {all} entries")));
}

/// Issue 34, item 31: the recap is offered under its own name, and the
/// message says what was made and its pages, not "1 sheet".
#[test]
fn the_recap_is_offered_and_said_by_its_name() {
    let mut f = Fixture::with_dialogs(vec![waybook_app::app::DialogOutcome::Unavailable]);
    f.click("Log");
    f.click("Print session recap of 2026-11-27…");
    let offered =
        (f.harness.state().app).suggested_path(waybook_app::app::DialogPurpose::ExportPdf);
    assert_eq!(
        offered.file_name().and_then(|n| n.to_str()),
        Some("recap of 2026-11-27.pdf"),
        "the path field's suggestion, not sheets.pdf"
    );
    let out = f.dir.path().join("night.pdf");
    f.type_path(&out.display().to_string());
    f.click("Export");
    f.wait_for_export();
    f.harness.run();
    let pages = lopdf::Document::load(&out)
        .expect("a PDF")
        .get_pages()
        .len();
    let said = if pages == 1 {
        "Exported the recap of 2026-11-27 to".to_owned()
    } else {
        format!("Exported the recap of 2026-11-27 ({pages} pages) to")
    };
    assert!(f.shows(&said), "{said}");
}

#[test]
fn the_gm_adds_an_event_to_the_day() {
    let mut f = Fixture::demo();
    f.click("Log");
    assert!(
        f.shows("Print session recap of 2026-11-27"),
        "the recap of the demo's game night, the latest"
    );
    f.greyed_with("Add the event", "Write what happens first");
    let before = f.data().log.len();
    pick(&mut f, "Event", "Obstacle");
    f.field("What happens").focus();
    f.harness.run();
    f.field("What happens")
        .type_text("A rockslide blocks the pass");
    f.harness.run();
    f.click("Add the event");
    assert_eq!(f.data().log.len(), before + 1);
    assert!(f.shows("Obstacle: A rockslide blocks the pass"));
    let entry = f.reloaded().log.values().last().cloned().expect("stored");
    assert_eq!(entry.kind, LogKind::Event);
}

/// "the GG may choose to throw some obstacles": an encounter put on an
/// earlier day of the journey opens a fight with the party; a day that is
/// not a number is refused and nothing is added.
#[test]
fn an_encounter_on_another_day_opens_a_scene() {
    let mut f = Fixture::demo();
    f.click("Log");
    pick(&mut f, "Event", "Encounter");
    f.type_into("What happens", "Wolves circle the camp");
    f.type_into("Day", "soon");
    let before = f.data().log.len();
    assert!(
        f.shows("Day: “soon” is not a whole number"),
        "said below the field"
    );
    f.greyed_with("Add the event", "Day: “soon” is not a whole number");
    f.click("Add the event");
    assert_eq!(f.data().log.len(), before);
    f.type_into("Day", "1");
    f.type_into("Hour", "22");
    f.harness.get_by_label("Open a scene for it").click();
    f.harness.run();
    f.click("Add the event");
    let entry = f
        .data()
        .log
        .values()
        .rfind(|e| e.kind == LogKind::Event)
        .cloned()
        .expect("logged");
    assert_eq!(entry.why, "Encounter: Wolves circle the camp");
    assert_eq!((entry.at.day, entry.at.hour), (1, 22));
    let scene = f.data().scenes.values().last().cloned().expect("a scene");
    assert_eq!(scene.name, "Wolves circle the camp");
    assert_eq!(scene.mode, waybook_core::model::SceneMode::Combat);
    assert!(!scene.finished && scene.party.is_some());
}
