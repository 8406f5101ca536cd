//! GUI tests: drive the real app with egui_kittest, by role and label, as a
//! GM would: click, type, read what the screen shows.

use crate::common::gui::Fixture;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::Path;
use waybook_app::app::DialogOutcome;
use waybook_core::model::{CampaignData, ClockTime, Holder, HourWindow, RuleText};
use waybook_core::store::Campaign;

fn foreign_file(path: &Path) {
    std::fs::write(path, "name,hp\nGoblin,7\n".repeat(20)).expect("written");
}

#[test]
fn adding_a_character_shows_it_in_the_roster_and_stores_it() {
    let mut f = Fixture::demo();
    assert!(f.shows("13 of 13 characters"));
    f.click("Add character");
    assert!(f.shows("14 of 14 characters"));
    f.type_into("Name", "Kestrel Dunmore");
    assert!(
        f.shows_exactly("Kestrel Dunmore"),
        "the roster lists the new name"
    );
    let stored = f.reloaded();
    assert!(
        stored
            .characters
            .values()
            .any(|c| c.name == "Kestrel Dunmore")
    );
}

#[test]
fn editing_a_stat_stores_it() {
    let mut f = Fixture::demo();
    f.click("Ash Varnell");
    f.type_into("Will", "3");
    let will = |data: &CampaignData| {
        let ash = data
            .characters
            .values()
            .find(|c| c.name == "Ash Varnell")
            .expect("Ash");
        ash.companion
            .stats
            .iter()
            .find(|s| s.name == "Will")
            .expect("Will")
            .value
    };
    assert_eq!(will(f.data()), 3);
    assert_eq!(will(&f.reloaded()), 3);
    assert!(f.shows("Level 3 · next level at 15 XP"));
    assert!(f.shows("1 of 2 advances taken"));
    f.type_into("XP", "3");
    assert!(
        f.shows(
            "Ash Varnell holds 1 advance and level 1 gives 0: take one back, or correct the XP."
        ),
        "level 1 allows no advance"
    );
    f.type_into("XP", "15");
    assert!(
        f.shows("Level 4 · next level at 22 XP · 1 of 3 advances taken"),
        "the level follows the XP"
    );
    f.type_into("Degrees of exhaustion", "2");
    assert_eq!(
        f.character("Ash Varnell")
            .expect("Ash")
            .exploration
            .exhaustion,
        2
    );
}

#[test]
fn a_bad_value_is_shown_next_to_the_field_and_not_stored() {
    let mut f = Fixture::demo();
    f.click("Ash Varnell");
    f.type_into("Quality", "abc");
    assert!(f.shows("Quality: “abc” is not a whole number"));
    assert_eq!(
        f.character("Ash Varnell").expect("Ash").companion.quality,
        5
    );
    f.type_into("Quality", "9");
    assert!(f.shows("Quality: must be between 2 and 6"));
    f.type_into("Wild dice", "-1");
    assert!(f.shows("Wild dice: must be between 0 and 3"));
    f.type_into("Days without food", "1.25");
    assert!(f.shows("must be a whole or half number"));
    let ash = f.character("Ash Varnell").expect("Ash");
    // Ash's one wild die is the demo's, from the toll bridge.
    assert_eq!((ash.companion.quality, ash.companion.wild_dice), (5, 1));
    assert_eq!(ash.exploration.days_without_food, 0.0);
    f.type_into("Quality", "4");
    assert!(
        !f.shows("Quality: must be"),
        "the error goes once the value is good"
    );
    assert_eq!(
        f.character("Ash Varnell").expect("Ash").companion.quality,
        4
    );
}

#[test]
fn typing_makes_one_undo_step_per_finished_edit() {
    let mut f = Fixture::demo();
    f.click("Pell (porter)");
    let pell = f.character("Pell (porter)").expect("Pell").id;
    f.field("Name").focus();
    f.harness.run();
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    for piece in ["Pell ", "the ", "porter"] {
        f.field("Name").type_text(piece);
        f.harness.run();
    }
    f.harness.key_press(Key::Enter);
    f.harness.run();
    let name = |f: &Fixture| f.data().characters[&pell].name.clone();
    assert_eq!(name(&f), "Pell the porter");
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    assert_eq!(
        name(&f),
        "Pell (porter)",
        "one undo takes the whole edit back"
    );
}

#[test]
fn moving_items_between_holders_and_refusing_bad_quantities() {
    let mut f = Fixture::demo();
    f.click("Inventory");
    assert!(f.shows("The Lantern Company stash"));
    f.click("Trail rations");
    let stash_rations = |data: &CampaignData, holder: Holder| {
        data.holdings_of(holder)
            .find(|h| data.items[&h.item].name == "Trail rations")
            .map_or(0, |h| h.quantity)
    };
    let stash = Holder::Stash(*f.data().parties.keys().next().expect("a party"));
    let ash = Holder::Character(f.character("Ash Varnell").expect("Ash").id);
    // The trip's first day has eaten from the stash.
    assert_eq!(
        (stash_rations(f.data(), stash), stash_rations(f.data(), ash)),
        (25, 4)
    );

    f.type_into("Quantity", "5");
    f.click("to");
    f.click_last("Ash Varnell");
    f.click("Move");
    assert_eq!(
        (stash_rations(f.data(), stash), stash_rations(f.data(), ash)),
        (20, 9)
    );
    assert_eq!(stash_rations(&f.reloaded(), ash), 9);

    f.type_into("Quantity", "-3");
    assert!(f.shows("Quantity: must be between 1 and 1000000"));
    f.greyed_with("Move", "Quantity: must be between 1 and 1000000");
    f.type_into("Quantity", "999");
    f.greyed_with(
        "Move",
        "Cannot move 999 × Trail rations: The Lantern Company stash holds only 20",
    );
    f.type_into("Quantity", "lots");
    f.greyed_with("Split stack", "is not a whole number");
    assert_eq!(
        (stash_rations(f.data(), stash), stash_rations(f.data(), ash)),
        (20, 9),
        "nothing moved"
    );
}

#[test]
fn splitting_a_stack_and_giving_from_the_catalogue() {
    let mut f = Fixture::demo();
    f.click("Inventory");
    f.click("Iron ore");
    f.type_into("Quantity", "1");
    f.click("Split stack");
    let ore: Vec<i64> = f
        .data()
        .holdings
        .values()
        .filter(|h| f.data().items[&h.item].name == "Iron ore")
        .map(|h| h.quantity)
        .collect();
    assert_eq!(ore, vec![3, 1]);
    f.click("From the catalogue:");
    f.click_last("Longsword");
    f.type_into("Amount", "2");
    f.click("Give");
    assert!(f.shows("Give 2 × Longsword to The Lantern Company stash: saved"));
    let stash = Holder::Stash(*f.data().parties.keys().next().expect("a party"));
    let swords = f
        .data()
        .holdings_of(stash)
        .find(|h| f.data().items[&h.item].name == "Longsword");
    assert_eq!(swords.map(|h| h.quantity), Some(2));
}

#[test]
fn deleting_a_character_can_be_undone_and_redone() {
    let mut f = Fixture::demo();
    f.click("Brother Ilo");
    f.click("Delete…");
    f.click("Delete");
    assert!(!f.shows_exactly("Brother Ilo"));
    // The demo's seven characters less Brother Ilo, all of them listed.
    assert!(f.shows("12 of 12 characters"));
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    assert!(
        f.harness.query_by_label("Brother Ilo").is_some(),
        "Ctrl+Z brings him back"
    );
    let ilo = f.character("Brother Ilo").expect("Ilo").id;
    assert!(
        f.data().holdings_of(Holder::Character(ilo)).count() > 0,
        "with his kit"
    );
    f.menu("Edit", "Redo");
    assert!(
        f.harness.query_by_label("Brother Ilo").is_none(),
        "Edit > Redo deletes him again"
    );
    assert!(
        f.reloaded()
            .characters
            .values()
            .all(|c| c.name != "Brother Ilo")
    );
}

#[test]
fn switching_a_rule_text_off_hides_its_section() {
    let mut f = Fixture::demo();
    f.click("Ash Varnell");
    assert!(f.shows(RuleText::Rounds.label()));
    assert!(f.shows("Role ranks"));
    f.click("Campaign");
    f.click(RuleText::Rounds.label());
    assert!(!f.data().settings.rounds);
    f.click("Roster");
    assert!(!f.shows("Role ranks"), "the travel rounds section is gone");
    assert!(f.shows(RuleText::Companion.label()), "the others stay");
    assert!(f.shows(RuleText::Exploration.label()));
}

/// Issue 14: the roster sorts names as a person does, numbers by value:
/// "Ash Varnell 113" before "Ash Varnell 1128".
#[test]
fn the_roster_sorts_names_in_natural_order() {
    let mut f = Fixture::demo();
    for name in ["Ash Varnell 1128", "Ash Varnell 113", "Ash Varnell 9"] {
        f.click("Add character");
        f.type_into("Name", name);
    }
    // The roster's rows, in the order drawn (the sheet's heading comes after).
    let order: Vec<String> = f
        .harness
        .query_all_by_label_contains("Ash Varnell ")
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(
        order.starts_with(&[
            "Ash Varnell 9".to_owned(),
            "Ash Varnell 113".to_owned(),
            "Ash Varnell 1128".to_owned()
        ]),
        "{order:?}"
    );
}

/// Issue 14: the inventory's holder list draws only the holders in view (a
/// campaign may hold thousands), and they are still every holder, in order.
#[test]
fn the_inventory_draws_only_the_holders_in_view() {
    let mut f = Fixture::demo();
    let mut changes = Vec::new();
    let first = f.data().next_id::<waybook_core::model::Character>().0;
    for n in 0..300 {
        let c = waybook_core::model::Character::new(
            waybook_core::model::CharacterId(first + n),
            format!("Porter {n:03}"),
            waybook_core::model::CharacterKind::Ally,
        );
        changes.push(waybook_core::model::Change::character(None, Some(&c)));
    }
    f.harness
        .state_mut()
        .app
        .push(waybook_app::app::Command::Apply(
            waybook_core::model::Edit::new("Hire porters", changes),
        ));
    f.harness.run();
    f.click("Inventory");
    let drawn: Vec<String> = f
        .harness
        .query_all_by_label_contains("Porter ")
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(
        !drawn.is_empty() && drawn.len() < 100,
        "{} of 300 porters drawn",
        drawn.len()
    );
    let mut sorted = drawn.clone();
    sorted.sort();
    assert_eq!(drawn, sorted, "in name order");
}

/// Issue 14: a large party's exhaustion chart draws the 12 most at risk and
/// says so; the lines are worked out again when the party changes.
#[test]
fn a_large_partys_chart_draws_the_twelve_most_at_risk() {
    let mut f = Fixture::demo();
    let party = f.journey().party;
    let travellers = |f: &Fixture| {
        f.data()
            .characters
            .values()
            .filter(|c| c.party == Some(party))
            .count()
    };
    // The Watch's two and eleven porters: more than the chart draws.
    hire_porters(&mut f, 11);
    f.click("Journeys");
    f.click("Charts");
    let drawn = |n: usize| format!("The 12 most at risk of {n} travellers are drawn.");
    let before = travellers(&f);
    assert!(before > 12);
    assert!(f.shows(&drawn(before)));
    hire_porters(&mut f, 1);
    assert!(f.shows(&drawn(before + 1)), "worked out again");
}

/// Hires `count` porters into the journey's party in one edit.
fn hire_porters(f: &mut Fixture, count: i64) {
    use waybook_core::model::{Change, Character, CharacterId, CharacterKind, Edit};
    let party = f.journey().party;
    let first = f.data().next_id::<Character>().0;
    let changes = (0..count)
        .map(|n| {
            let mut c = Character::new(
                CharacterId(first + n),
                format!("Porter {}", first + n),
                CharacterKind::Ally,
            );
            c.party = Some(party);
            Change::character(None, Some(&c))
        })
        .collect();
    let edit = Edit::new("Hire porters", changes);
    f.harness
        .state_mut()
        .app
        .push(waybook_app::app::Command::Apply(edit));
    f.harness.run();
}

/// Issue 55: the watch rota of a party of hundreds is a list drawn only
/// in view (each member's box laid out every frame took 36 ms at 10,007),
/// saying how many keep watch.
#[test]
fn a_large_partys_watch_rota_is_a_list_drawn_in_view() {
    let mut f = Fixture::demo();
    let watching = f.journey().plan.pattern.watchers.len();
    hire_porters(&mut f, 300);
    // The Route tab is the first shown.
    f.click("Journeys");
    let can_watch = 2 + 300;
    assert!(f.shows(&format!(
        "Watch rota: {watching} of {can_watch} keep watch, in turn"
    )));
    let drawn = f.harness.query_all_by_label_contains(" watches").count();
    assert!(
        (1..40).contains(&drawn),
        "only the rows in view are drawn: {drawn} of {can_watch}"
    );
    assert!(f.shows("Hobb the Carter watches"), "the first by name");
    assert!(!f.shows("Wren Tallis watches"), "last by name: not drawn");
}

/// The watch rota counts those of the party who keep watch: a watcher who
/// left the party is not counted (nor given a turn), and a party with
/// nobody who may keep watch says so instead of "0 of 0".
#[test]
fn the_watch_rota_counts_only_who_is_still_in_the_party() {
    use waybook_core::model::{Change, Edit};
    let mut f = Fixture::demo();
    let journey = f.journey();
    let people: Vec<_> = waybook_core::plan::can_watch(f.data(), journey.party)
        .into_iter()
        .cloned()
        .collect();
    let watching = waybook_core::plan::on_watch(f.data(), journey);
    assert!(watching.len() >= 2, "the demo's rota: {watching:?}");
    let leave = |f: &mut Fixture, who: &waybook_core::model::Character| {
        let mut gone = who.clone();
        gone.party = None;
        let edit = Edit::new(
            "Leave the party",
            vec![Change::character(Some(who), Some(&gone))],
        );
        f.harness
            .state_mut()
            .app
            .push(waybook_app::app::Command::Apply(edit));
        f.harness.run();
    };
    let leaver = people
        .iter()
        .find(|c| c.id == watching[0])
        .expect("a watcher of the party");
    leave(&mut f, leaver);
    f.click("Journeys");
    assert_eq!(
        f.journey().plan.pattern.watchers.len(),
        watching.len(),
        "the rota is kept"
    );
    assert!(f.shows(&format!(
        "Watch rota: {} of {} keep watch, in turn",
        watching.len() - 1,
        people.len() - 1
    )));
    for who in people.iter().filter(|c| c.id != leaver.id) {
        leave(&mut f, who);
    }
    assert!(f.shows(
        "Watch rota: nobody keeps watch, as nobody in the party can (animals keep no watch)"
    ));
    assert!(!f.shows("0 of 0"));
}

/// Issue 34, 34: the charts name their lines in a row above the plot, where
/// the names cover no line (the plot's own legend sat over them).
#[test]
fn the_charts_name_their_lines_above_the_plot() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.click("Charts");
    let named = |f: &Fixture, name: &str| f.harness.query_all_by_label(name).count();
    assert_eq!(
        named(&f, "Hobb the Carter"),
        2,
        "the risk grid's row and the legend's name"
    );
    let chart = f.harness.get_by_label("Expected exhaustion chart").rect();
    let legend = f
        .harness
        .query_all_by_label("Hobb the Carter")
        .last()
        .expect("named")
        .rect();
    assert!(
        legend.max.y <= chart.min.y,
        "{legend:?} above the chart {chart:?}"
    );
    assert!(f.shows_exactly("planned"), "the food chart's line is named");
    assert!(
        !f.shows_exactly("played"),
        "nothing played yet, so no played line"
    );
}

/// Issue 14: the roster's columns sort by level, wounds and exhaustion too,
/// numbers by value, ties by name; a second click turns the order round.
#[test]
fn the_roster_sorts_by_level_wounds_and_exhaustion() {
    let mut f = Fixture::demo();
    let drawn = |f: &Fixture| -> Vec<String> {
        let names: Vec<String> = f
            .data()
            .characters
            .values()
            .map(|c| c.name.clone())
            .collect();
        let mut order: Vec<String> = Vec::new();
        for label in f
            .harness
            .query_all(egui_kittest::kittest::by())
            .filter_map(|n| n.accesskit_node().label())
        {
            if names.contains(&label) && !order.contains(&label) {
                order.push(label);
            }
        }
        order
    };
    // One hero exhausted, so the Exhaustion order means something.
    let ash = f.character("Ash Varnell").expect("Ash").clone();
    let mut tired = ash.clone();
    tired.exploration.exhaustion = 2;
    f.harness
        .state_mut()
        .app
        .push(waybook_app::app::Command::Apply(
            waybook_core::model::Edit::new(
                "Ash is tired",
                vec![waybook_core::model::Change::character(
                    Some(&ash),
                    Some(&tired),
                )],
            ),
        ));
    f.harness.run();
    type Key = fn(&waybook_core::model::Character) -> i64;
    let columns: [(&str, Key); 3] = [
        // "Heroes reach level 2 at 4 XP, level 3 at 9, level 4 at 15 and
        // level 5 at 22"; the Traveller and allies do not level, and sort last.
        ("Level", |c| {
            if c.kind == waybook_core::model::CharacterKind::Hero {
                1 + [4, 9, 15, 22]
                    .iter()
                    .filter(|&&at| c.companion.xp >= at)
                    .count() as i64
            } else {
                i64::MAX
            }
        }),
        ("Wounds", |c| c.companion.wounds.current),
        ("Exhaustion", |c| c.exploration.exhaustion),
    ];
    for (column, key) in columns {
        f.harness
            .get_all_by_label(column)
            .find(|n| n.accesskit_node().role() == Role::Button)
            .expect("a column header")
            .click();
        f.harness.run();
        let mut expected: Vec<(i64, String)> = f
            .data()
            .characters
            .values()
            .map(|c| (key(c), c.name.clone()))
            .collect();
        expected.sort();
        let expected: Vec<String> = expected.into_iter().map(|(_, n)| n).collect();
        assert_eq!(drawn(&f), expected, "by {column}");
    }
    let ascending = drawn(&f);
    f.harness
        .get_all_by_label("Exhaustion ▲")
        .next()
        .expect("the sorted column shows its arrow")
        .click();
    f.harness.run();
    let mut descending = drawn(&f);
    descending.reverse();
    assert_eq!(
        descending, ascending,
        "a second click turns the order round"
    );
    assert_eq!(
        ascending.last().map(String::as_str),
        Some("Ash Varnell"),
        "the most tired last"
    );
}

#[test]
fn filtering_the_roster() {
    let mut f = Fixture::demo();
    f.field("Filter").focus();
    f.harness.run();
    f.field("Filter").type_text("sefa");
    f.harness.run();
    assert!(f.shows("1 of 13 characters"));
    assert!(!f.shows_exactly("Ash Varnell"));
}

#[test]
fn opening_a_foreign_file_explains_and_keeps_the_campaign_open() {
    let dir = tempfile::tempdir().expect("dir");
    let foreign = dir.path().join("goblins.csv");
    foreign_file(&foreign);
    let before = std::fs::read(&foreign).expect("read");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(foreign.clone())]);
    f.menu("File", "Open…");
    assert!(f.shows("Something went wrong"));
    assert!(f.shows("is not a Waybook campaign"));
    f.click("OK");
    assert!(!f.shows("Something went wrong"));
    assert_eq!(
        std::fs::read(&foreign).expect("read"),
        before,
        "the foreign file is untouched"
    );
    assert_eq!(
        f.data().characters.len(),
        13,
        "the open campaign is still there"
    );
}

#[test]
fn without_a_file_dialog_a_path_field_creates_the_campaign() {
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Unavailable]);
    let target = f.path("fresh");
    f.menu("File", "New…");
    assert!(f.shows("No file dialog is available"));
    f.type_path(&target.display().to_string());
    f.click("Create");
    assert!(
        f.shows("0 of 0 characters"),
        "the new campaign is open and empty"
    );
    assert!(
        f.path("fresh.waybook").exists(),
        "the .waybook extension is added"
    );
}

#[test]
fn save_a_copy_writes_a_campaign_that_opens() {
    let dir = tempfile::tempdir().expect("dir");
    let copy = dir.path().join("backup.waybook");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(copy.clone())]);
    f.menu("File", "Save a Copy As…");
    assert!(f.shows("Saved a copy to"));
    let copied = Campaign::open(&copy)
        .expect("the copy opens")
        .load()
        .expect("loads");
    assert_eq!(copied.characters.len(), 13);
}

#[test]
fn closing_shows_the_welcome_screen() {
    let mut f = Fixture::demo();
    f.menu("File", "Close");
    assert!(f.harness.state().app.session.is_none());
    assert!(f.shows("Campaign books for long journeys"));
}

#[test]
fn a_party_refuses_negative_supplies() {
    let mut f = Fixture::demo();
    f.click("Parties");
    f.type_into("Supplies", "-4");
    assert!(f.shows("Supplies: must be between 0 and 99999"));
    assert_eq!(f.data().parties.values().next().expect("party").supplies, 9);
    f.type_into("Supplies", "12");
    assert_eq!(
        f.data().parties.values().next().expect("party").supplies,
        12
    );
    assert!(f.shows("days at full rations"));
}

#[test]
fn the_item_catalogue_edits_an_item_and_rejects_a_bad_weight() {
    let mut f = Fixture::demo();
    f.click("Item catalogue");
    f.click("Emberleaf");
    f.type_into("Weight (kg)", "heavy");
    assert!(f.shows("Weight (kg): “heavy” is not a number"));
    f.type_into("Weight (kg)", "0.4");
    let leaf = f
        .data()
        .items
        .values()
        .find(|i| i.name == "Emberleaf")
        .expect("leaf");
    assert_eq!(leaf.weight, 0.4);
}

#[test]
fn the_dice_roller_shows_its_working_and_explains_bad_expressions() {
    let mut f = Fixture::demo();
    f.click("Dice and rules");
    f.harness.state_mut().app.dice = waybook_rules::dice::Dice::scripted(vec![3, 8, 4]);
    f.type_into("Dice expression", "2d10kh1");
    assert!(
        f.shows("Roll: 2d10kh1 = [3, 8] keep 8"),
        "Enter rolls and shows each die and the kept one"
    );
    f.type_into("Dice expression", "2x6");
    assert!(f.shows("`2x6` is not a dice expression"));
    f.click("Roll on table");
    assert!(
        f.shows("weather (Waybook's suggestion, not the rule texts'): d6 = 4 → Rain"),
        "the demo's weather table, filled in for its travel rounds"
    );
    assert!(f.shows("Rules notes"));
    assert!(
        f.shows("Totally Lost"),
        "the readings of the rule texts are listed"
    );
}

#[test]
fn closing_the_window_mid_edit_keeps_what_was_typed() {
    let mut f = Fixture::demo();
    f.click("Sefa Qorrin");
    let sefa = f.character("Sefa Qorrin").expect("Sefa").id;
    f.field("Name").focus();
    f.harness.run();
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    f.field("Name").type_text("Sefa the Bold");
    f.harness.run();
    assert_eq!(
        f.character("Sefa Qorrin").expect("Sefa").name,
        "Sefa Qorrin",
        "still being typed"
    );
    // What eframe does when the window is closed with the field still focused:
    f.harness.state_mut().app.flush_draft();
    assert_eq!(
        f.reloaded()
            .characters
            .values()
            .find(|c| c.id == sefa)
            .expect("Sefa")
            .name,
        "Sefa the Bold"
    );
}

#[test]
fn exporting_the_selected_characters_writes_one_pdf_with_both() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("sheets");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(out.clone())]);
    f.click("Ash Varnell");
    f.harness
        .get_by_label("Sefa Qorrin")
        .click_modifiers(Modifiers::COMMAND);
    f.harness.run();
    f.click("Export PDF…");
    assert!(f.shows("Selected characters (2)"));
    f.click("US Letter");
    f.export_and_wait();
    f.harness.run();
    let written = dir.path().join("sheets.pdf");
    assert!(
        f.shows("Exported 2 sheets"),
        "the status says where the file went"
    );
    let doc = lopdf::Document::load(&written).expect("a readable PDF");
    let text = crate::common::pdf_text(&doc);
    assert!(text.contains("Ash Varnell") && text.contains("Sefa Qorrin"));
    assert!(
        !text.contains("Brother Ilo"),
        "only the selected characters"
    );
    assert_eq!(
        f.harness.state().app.paper,
        waybook_print::pdf::Paper::Letter,
        "the paper choice is kept"
    );
}

#[test]
fn an_export_that_cannot_be_written_says_why_and_leaves_no_file() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("no-such-folder").join("sheets.pdf");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(out.clone())]);
    f.click("Export PDF…");
    f.click("Blank character sheet");
    f.export_and_wait();
    f.harness.run();
    assert!(f.shows("The PDF was not saved"));
    assert!(!out.exists());
    assert!(!dir.path().join("no-such-folder").exists());
}

fn open_day_one(f: &mut Fixture) {
    f.click("Journeys");
    f.click("Day by day");
    assert!(f.shows("Day 1 of"));
}

#[test]
fn a_ten_hour_day_calls_for_march_tests_at_tg_11_and_12_for_each_traveller() {
    let mut f = Fixture::demo();
    open_day_one(&mut f);
    assert!(!f.shows("march TG 11"), "eight hours are within the base");
    f.type_into("Travel hours this day", "10");
    let members = journey_members(&f).len();
    let both = f
        .harness
        .query_all_by_label_contains("16:00 march TG 11 · 17:00 march TG 12")
        .count();
    assert_eq!(
        both, members,
        "every traveller tests at the 9th and 10th hour"
    );
    // Issue 34, 37: the party's units from the food ledger, each member's
    // own need counted (the porter eats 150%), not 40 worked out again.
    let need = party_need(&f);
    assert!(f.shows(&format!("Food ×1: {need} units for the party")));
}

/// The members of the party of the demo's journey (the Kettleford
/// Watch's).
fn journey_members(f: &Fixture) -> Vec<waybook_core::model::CharacterId> {
    let party = f.journey().party;
    f.data().members(party).map(|c| c.id).collect()
}

/// A normal day's units for the party of the demo's journey: 40 each,
/// times each one's own need.
fn party_need(f: &Fixture) -> f64 {
    (journey_members(f).iter())
        .map(|c| 40.0 * f.data().characters[c].exploration.food_percent as f64 / 100.0)
        .sum()
}

#[test]
fn extreme_heat_doubles_the_food_and_adds_heat_tests() {
    let mut f = Fixture::demo();
    open_day_one(&mut f);
    assert!(!f.shows("heat TG 10"));
    f.click("Weather this day");
    f.click_last("Extreme heat");
    let need = party_need(&f) * 2.0;
    assert!(f.shows(&format!("Food ×2: {need} units for the party")));
    let heat_rows = f
        .harness
        .query_all_by_label_contains("heat TG 10 ×")
        .count();
    assert_eq!(
        heat_rows,
        journey_members(&f).len(),
        "every member: none resists heat as the company's Sefa does"
    );
    assert!(f.shows("80 of 80"));
}

#[test]
fn playing_a_day_applies_exhaustion_and_eats_food_and_undo_takes_it_back() {
    let mut f = Fixture::demo();
    open_day_one(&mut f);
    f.type_into("Travel hours this day", "10");
    let before = f.data().clone();
    f.click("Play");
    f.harness.state_mut().app.dice = waybook_rules::dice::Dice::scripted(vec![1; 200]);
    f.click("Play to end of day");
    let after = f.data().clone();
    let members = journey_members(&f);
    for c in &members {
        let c = &after.characters[c];
        assert_eq!(
            c.exploration.exhaustion, 2,
            "{} failed both march tests (natural 1s)",
            c.name
        );
    }
    let food = |data: &CampaignData| -> i64 {
        data.holdings
            .values()
            .filter(|h| data.items[&h.item].category.has_food_units())
            .map(|h| data.items[&h.item].food_units * h.quantity)
            .sum()
    };
    assert!(
        food(&after) <= food(&before) - 40 * members.len() as i64,
        "a day of food for each member is eaten"
    );
    let journey = before.journeys.values().next().expect("the journey");
    assert_eq!(
        after.parties[&journey.party].now.day,
        journey.start.day + 1,
        "the party's present moves to the journey's next day"
    );
    f.click("Day by day");
    assert!(
        f.shows("This day has been played"),
        "a played day can no longer change"
    );
    f.click("Play");
    assert!(
        f.shows(
            "Hobb the Carter · march: d20 = 1 (natural 1: Critical Failure, counts 0) vs TG 11: fail, +1 exhaustion"
        ),
        "the log shows each roll's working"
    );
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    let undone = f.data();
    assert_eq!(
        undone.characters, before.characters,
        "exhaustion is taken back"
    );
    assert_eq!(undone.holdings, before.holdings, "the food is back");
    assert_eq!(undone.settings, before.settings);
    assert_eq!(undone.journeys, before.journeys);
}

#[test]
fn the_food_tab_says_when_the_food_runs_out_and_the_packet_prints() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("packet.pdf");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(out.clone())]);
    f.click("Journeys");
    f.click("Food");
    assert!(f.shows("At full rations the food runs out on day"));
    assert!(
        f.shows("passes the days-without-food limit"),
        "the demo's hot plain is a warning"
    );
    f.click("Charts");
    assert!(f.shows("Expected exhaustion by the end of each day"));
    f.harness.get_by_label("Export packet PDF…").click();
    f.wait_for_export();
    f.harness.run();
    let doc = lopdf::Document::load(&out).expect("the packet is a PDF");
    let text = crate::common::pdf_text(&doc);
    assert!(text.contains("Journey packet") && text.contains("Food ledger"));
    assert!(
        text.contains("The animals' food\nDay\nAnimals")
            && text.contains("Old Tam\n120\n120\nfodder"),
        "issue 54: the packet adds the animals' food, apart: the Watch's ox"
    );
    assert!(
        text.contains("sets off Moonday 19 Harvestmoon"),
        "the start as the calendar names it, like the time it was made at"
    );
    assert!(
        text.contains("15:00 march TG 11 · 16:00 march TG 12"),
        "day 2's forced march with its TGs"
    );
    assert!(
        text.contains("watch of 6 hours: Wren Tallis, then Hobb"),
        "the watch rota"
    );
}

/// Issue 50, items 2 and 3: "The Food tab's × column shows the likeliest
/// weather's whole multiplier (×1, ×2) while the packet and the Days tab
/// show the expected factor ... Show one figure everywhere"; "If it is the
/// waste of whole items opened, the ledger shows it as its own column".
/// The river trip's first day was played: its row says what it took.
#[test]
fn the_food_tab_shows_the_expected_factor_and_what_is_left_over() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.click("Food");
    let view = waybook_core::plan::plan(f.data(), f.journey());
    let weighed = (view.days.iter())
        .find(|d| d.food_factor.fract() != 0.0)
        .expect("a day weighed by chance");
    assert!(
        f.shows_exactly(&weighed.food_factor_words()),
        "{}",
        weighed.food_factor_words()
    );
    assert!(f.shows_exactly("Left over"));
    f.click("By the river, on the map");
    f.click("Food");
    let river = f
        .data()
        .journeys
        .values()
        .find(|j| j.name == "By the river, on the map");
    let taken = river.expect("the trip").food_opened[0];
    assert!(f.shows_exactly(&format!("{taken:.0} taken")), "day 1's row");
}

/// Issue 50, item 8: "the likeliest of six weathers tied at 17% was
/// chosen without a word. Say the tie and the weather chosen". Day 4 of
/// the demo's trip (the Watch's) reaches the plain on a day no party has
/// lived, its weather left to chance: the Day by day tab says the weather
/// its tests are shown in, and how likely.
#[test]
fn a_day_left_to_chance_says_the_weather_its_tests_are_in() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.click("Day by day");
    assert!(
        !f.shows("Hours and tests in the likeliest weather"),
        "day 1 is known"
    );
    f.click("Next day ▶");
    assert!(
        !f.shows("Hours and tests in the likeliest weather"),
        "day 3 (campaign day 8) the company lived: its weather fell"
    );
    f.click("Next day ▶");
    f.click("Next day ▶");
    let view = waybook_core::plan::plan(f.data(), f.journey());
    let words = view.days[3].likeliest.as_ref().expect("by chance").words();
    assert!(words.contains("Ashen plain: "), "{words}");
    assert!(f.shows_exactly(&words), "{words}");
}

/// Issue 50, item 26: "typing 100000 in 'Sets off on day' takes the window
/// from 129 MB to 444 MB. Bound it as the clock is bounded, in the form".
/// Ten years after today is the latest; past it is refused, and kept.
#[test]
fn a_journey_sets_off_at_most_ten_years_ahead() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    let latest = f.data().settings.clock.day + 3_650;
    let start = f.journey().start.day;
    f.type_into("Sets off on day", "100000");
    assert!(f.shows(&format!("Sets off on day: must be between 0 and {latest}")));
    assert_eq!(f.journey().start.day, start, "nothing stored");
    f.type_into("Sets off on day", &latest.to_string());
    assert_eq!(f.journey().start.day, latest);
}

/// Issue 50, item 31: "a field keeps an older refusal ('abc' is not a
/// whole number' under '3')". What is said of a text goes once the GM
/// types another, before it is even finished.
#[test]
fn a_fields_error_goes_as_soon_as_the_gm_types_again() {
    let mut f = Fixture::demo();
    f.click("Parties");
    f.type_into("Supplies", "abc");
    let said = "Supplies: “abc” is not a whole number";
    assert!(f.shows(said));
    f.field("Supplies").focus();
    f.harness.run();
    f.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    f.field("Supplies").type_text("3");
    f.harness.run();
    assert!(!f.shows(said), "the error went with the text it was about");
    f.harness.key_press(egui::Key::Enter);
    f.harness.run();
    assert_eq!(
        f.data().parties.values().next().map(|p| p.supplies),
        Some(3)
    );
}

/// Issue 50, item 31: "list widths remembered in `app.ron` cut names in
/// another campaign ('By the riv…')". The GM drags the journeys' list
/// narrow (as another campaign's short names allowed, and `app.ron`
/// keeps): it stays wide enough for the names it lists.
#[test]
fn a_list_is_never_narrower_than_its_longest_name() {
    let mut f = Fixture::demo_at_default_size();
    f.click("Journeys");
    let row = f.harness.get_by_label("By the river, on the map").rect();
    let edge = egui::pos2(
        f.harness.get_by_label("New journey").rect().max.x + 40.0,
        500.0,
    );
    let edge = egui::pos2(edge.x.max(row.max.x + 10.0), edge.y);
    // The panel's edge is the first place right of the list the pointer
    // can drag; try a few until the list narrows or stays as it is.
    let button = |pos, pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    for x in (edge.x as i32..edge.x as i32 + 60).step_by(4) {
        let (from, to) = (egui::pos2(x as f32, 500.0), egui::pos2(60.0, 500.0));
        f.harness.event(egui::Event::PointerMoved(from));
        f.harness.event(button(from, true));
        f.harness.step();
        f.harness.event(egui::Event::PointerMoved(to));
        f.harness.step();
        f.harness.event(button(to, false));
        f.harness.run();
    }
    assert!(
        f.shows_whole("By the river, on the map"),
        "the name is whole"
    );
}

/// Issue 14: the food rules the text leaves to the GM. A character's own
/// need ("modify the 40 Unit requirement appropriately") refuses a negative
/// percentage in words and keeps the stored one; food and drink counted
/// apart ("more granular limits") show each on the Food tab; the campaign's
/// switch ("assume this is always being looked after") empties it.
#[test]
fn the_food_need_and_the_looked_after_switch() {
    let mut f = Fixture::demo();
    f.click("Pell (porter)");
    let need = |f: &Fixture| {
        f.character("Pell (porter)")
            .expect("Pell")
            .exploration
            .food_percent
    };
    assert_eq!(need(&f), 150, "the demo's porter eats half as much again");
    f.type_into("Food need (%)", "-5");
    assert!(f.shows("Food need (%): "), "the refusal names the field");
    assert_eq!(need(&f), 150, "nothing stored");
    f.type_into("Food need (%)", "200");
    assert_eq!(need(&f), 200);

    f.click("Journeys");
    f.click("Food");
    assert!(f.shows("At full rations the food runs out on day"));
    assert!(!f.shows("Food and drink are counted apart"));
    f.click("Campaign");
    f.click("Count food and drink apart");
    assert!(f.data().settings.food_and_drink_apart);
    f.click("Journeys");
    f.click("Food");
    assert!(f.shows("Food and drink are counted apart"));
    assert!(f.shows(" of drink in packs and the stash"));
    assert!(
        f.shows("At full rations the food or drink runs out on day 1"),
        "the Watch carries 80 units of water, and Old Tam drinks 60 a day of the 100 it needs"
    );
    f.click("Campaign");
    f.click("Count food and drink on journeys");
    assert!(!f.data().settings.track_food);
    f.click("Journeys");
    f.click("Food");
    assert!(f.shows("Food and drink are always looked after in this campaign"));
    assert!(!f.shows("At full rations the food runs out on day"));
    let kept = f.reloaded().settings;
    assert!(
        !kept.track_food && kept.food_and_drink_apart,
        "kept in the file"
    );
}

/// Issue 14: a leg's weather holds for hours of the day: the demo's plain is
/// extremely hot from 10:00 to 18:00; an hour past the day's end is refused
/// in words and nothing is stored; 9 widens the heat by an hour.
#[test]
fn a_legs_weather_holds_for_its_hours() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    let plain = |f: &Fixture| f.journey().plan.routes[0].legs[4].weather_hours;
    assert_eq!(plain(&f), Some(HourWindow { from: 10, to: 18 }));
    // The pass's cold (all day) comes first, then the plain's heat.
    f.type_into_nth("from hour", 1, "25");
    assert!(f.shows("from hour: must be between 0 and 24"));
    assert_eq!(
        plain(&f),
        Some(HourWindow { from: 10, to: 18 }),
        "nothing stored"
    );
    f.type_into_nth("from hour", 1, "9");
    assert_eq!(plain(&f), Some(HourWindow { from: 9, to: 18 }));
}

#[test]
fn journey_fields_refuse_bad_values_and_routes_compare() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    assert!(
        f.shows("Over the Greyspine pass") && f.shows("Round by the river"),
        "both routes are compared"
    );
    f.harness
        .get_all_by_role_and_label(Role::TextInput, "km")
        .next()
        .expect("a leg's distance")
        .focus();
    f.harness.run();
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    f.harness
        .get_all_by_role_and_label(Role::TextInput, "km")
        .next()
        .expect("a leg's distance")
        .type_text("far");
    f.harness.run();
    f.harness.key_press(Key::Enter);
    f.harness.run();
    assert!(f.shows("km: “far” is not a number"));
    let journey = f.data().journeys.values().next().expect("journey");
    assert_eq!(
        journey.plan.routes[0].legs[0].distance_km, 32.0,
        "nothing stored"
    );
    f.type_into("Travel hours", "-1");
    assert!(f.shows("Travel hours: must be between 0 and 24"));
    f.click("Add a way of travelling");
    assert_eq!(
        f.data()
            .journeys
            .values()
            .next()
            .expect("journey")
            .plan
            .methods
            .len(),
        6,
        "Waybook's five ways (riding among them) and the one added"
    );
    f.click("Take Round by the river");
    assert_eq!(
        f.data()
            .journeys
            .values()
            .next()
            .expect("journey")
            .plan
            .chosen,
        1
    );
}

#[test]
fn the_campaign_clock_is_set_on_the_campaign_screen() {
    let mut f = Fixture::demo();
    f.click("Campaign");
    assert!(
        f.shows("The Lantern Company's present: day 8, 11:00"),
        "after the demo's week of waiting, travel round and gathering session"
    );
    f.type_into("Hour", "30");
    assert!(f.shows("Hour: must be between 0 and 23"));
    // Issue 35: the days before the clock are history; the demo played
    // its gathering at 08:00 today, so the clock cannot go back to 06:00.
    f.type_into("Hour", "6");
    assert!(
        f.shows("The clock was not set back to Wellday 21 Harvestmoon 1203 of the Crossing, 06:00")
    );
    assert!(f.shows("Undo back to then (Edit › Undo)"));
    assert_eq!(f.reloaded().settings.clock, ClockTime { day: 8, hour: 11 });
    f.type_into("Hour", "14");
    assert!(f.shows("The Lantern Company's present: day 8, 14:00"));
    assert_eq!(
        f.data().parties.values().next().expect("the company").now,
        ClockTime { day: 8, hour: 14 },
        "the party's own present is set, and the campaign's clock with it"
    );
    assert_eq!(f.data().settings.clock, ClockTime { day: 8, hour: 14 });
    f.menu("Edit", "Undo");
    assert_eq!(
        f.data().settings.clock,
        ClockTime { day: 8, hour: 11 },
        "undo restores the exact earlier time"
    );
}

#[test]
fn the_gm_edits_a_roll_table_and_a_broken_one_cannot_be_rolled() {
    let mut f = Fixture::demo();
    f.click("Dice and rules");
    let stock = f
        .data()
        .table_named("merchant-stock")
        .expect("a starter table");
    assert!(
        stock.suggested && stock.rows.len() == 6,
        "the starter tables come with the campaign, marked as Waybook's"
    );
    f.click("New table");
    f.type_into("Name", "Pass loot");
    f.type_into("Dice", "2d6");
    assert!(
        f.shows("This table cannot be rolled yet"),
        "a d6 row does not cover 2d6"
    );
    assert!(
        f.harness
            .get_by_label("Roll on table")
            .accesskit_node()
            .is_disabled()
    );
    f.type_into("Row 1 from", "2");
    f.type_into("to", "12");
    f.type_into("gives", "Clear skies");
    assert!(!f.shows("This table cannot be rolled yet"));
    f.harness.state_mut().app.dice = waybook_rules::dice::Dice::scripted(vec![3, 4]);
    f.click("Roll on table");
    assert!(f.shows("Pass loot: 2d6 = 7 → Clear skies"));
    let stored = f.reloaded();
    let weather = stored
        .tables
        .values()
        .find(|t| t.name == "Pass loot")
        .expect("Pass loot");
    assert_eq!(
        (
            weather.dice.as_str(),
            weather.rows[0].from,
            weather.rows[0].to
        ),
        ("2d6", 2, 12)
    );
}

/// Issue 14: as a screen reader sees it, every button, field, box and
/// slider on every screen has a name.
#[test]
fn every_widget_on_every_screen_has_a_name() {
    let mut f = Fixture::demo();
    let screens = [
        "Roster",
        "Inventory",
        "Item catalogue",
        "Parties",
        "Journeys",
        "Map",
        "Travel",
        "Gathering",
        "Heroes",
        "Scene",
        "Hazards",
        "Log",
        "Campaign",
        "Dice and rules",
    ];
    let named = [
        Role::Button,
        Role::TextInput,
        Role::MultilineTextInput,
        Role::CheckBox,
        Role::ComboBox,
        Role::Slider,
        Role::SpinButton,
        Role::RadioButton,
    ];
    let mut unnamed = Vec::new();
    for screen in screens {
        f.click(screen);
        if screen == "Roster" {
            f.click("Ash Varnell");
        }
        let mut seen = 0;
        for node in f.harness.query_all_by(|n| named.contains(&n.role())) {
            seen += 1;
            let n = node.accesskit_node();
            if !n.has_label() {
                unnamed.push(format!("{screen}: a {:?} ({:?})", n.role(), n.value()));
            }
        }
        assert!(seen > 5, "{screen} has its widgets");
    }
    assert!(unnamed.is_empty(), "widgets without a name: {unnamed:?}");
}

/// Issue 14: Ctrl+K opens the command palette; typing filters the action
/// table and the screens fuzzily, Enter runs the best match; Ctrl+Shift+P
/// opens it too and Escape closes it; nonsense matches nothing.
#[test]
fn the_command_palette_finds_screens_and_actions() {
    let mut f = Fixture::demo();
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::K);
    f.harness.run();
    assert!(
        f.shows_exactly("Go to Hazards · On the road"),
        "every screen is listed, with its group"
    );
    assert!(f.shows("Export PDF"), "every action is listed");
    f.field("Command").type_text("hzrd");
    f.harness.run();
    assert!(!f.shows_exactly("Go to Roster · The company"), "filtered");
    f.harness.key_press(Key::Enter);
    f.harness.run();
    assert!(f.shows("Light and sight"), "the Hazards screen is open");
    assert!(!f.shows("Go to Roster"), "the palette closed");
    f.harness
        .key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    f.harness.run();
    assert!(
        f.shows("Go to Roster"),
        "Ctrl+Shift+P opens it, not the PDF export"
    );
    assert!(!f.shows("Export sheets"), "no export dialog");
    f.field("Command").type_text("zzqx");
    f.harness.run();
    assert!(f.shows("Nothing matches."));
    f.harness.key_press(Key::Escape);
    f.harness.run();
    assert!(!f.shows("Nothing matches."));
    // The Help pages are there too: "about" finds About Waybook.
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::K);
    f.harness.run();
    f.field("Command").type_text("about");
    f.harness.run();
    assert!(f.shows_exactly("Help: About Waybook"));
    f.harness.key_press(Key::Enter);
    f.harness.run();
    assert!(f.shows("Open campaign: "), "the About window is open");
}

/// Issue 14: the palette runs the screens' own actions on what they have
/// chosen: play the journey's next hour, a new journey, a new character, the
/// next travel round; without a journey, playing one is refused in words.
#[test]
fn the_palette_runs_the_screens_actions() {
    let mut f = Fixture::demo();
    let palette = |f: &mut Fixture, what: &str| {
        f.harness.key_press_modifiers(Modifiers::COMMAND, Key::K);
        f.harness.run();
        f.field("Command").type_text(what);
        f.harness.run();
        f.harness.key_press(Key::Enter);
        f.harness.run();
    };
    let journey = *f.data().journeys.keys().next().expect("the demo journey");
    let played = f.data().journeys[&journey].played_hours;
    palette(&mut f, "next hour");
    assert_eq!(f.data().journeys[&journey].played_hours, played + 1);
    assert!(f.shows("Journey log"), "the journey's Play tab is shown");

    // Issue 53: the company (the party run) is on its trip by the river,
    // begun and not ended: a party lives each day once, so no second trip
    // is made, and the refusal names the trip.
    let journeys = f.data().journeys.len();
    palette(&mut f, "new journey");
    assert_eq!(f.data().journeys.len(), journeys, "refused mid-trip");
    assert!(f.shows(
        "The Lantern Company is on the journey “By the river, on the map”, begun and not ended"
    ));

    palette(&mut f, "add character");
    assert!(f.character("New character").is_some(), "on the roster");

    let rounds = f.data().rounds.len();
    palette(&mut f, "go to travel");
    palette(&mut f, "next travel round");
    assert_eq!(
        f.data().rounds.len(),
        rounds + 1,
        "the Navigation Phase along the path the Travel screen chose"
    );

    palette(&mut f, "go to journeys");
    while !f.data().journeys.is_empty() {
        f.click("Delete journey");
    }
    assert!(f.data().journeys.is_empty());
    palette(&mut f, "new journey");
    assert_eq!(f.data().journeys.len(), 1, "no trip under way: a new one");
    f.click("Delete journey");
    palette(&mut f, "next hour");
    assert!(f.shows("No journey yet: plan one on the Journeys screen"));
    // Issue 22, fault 16: a refusal is said in the status bar, with no dialog
    // whose dismissal would eat the next click.
    assert!(
        f.harness.query_by_label("OK").is_none(),
        "no dialog to dismiss"
    );
    palette(&mut f, "go to travel");
    palette(&mut f, "next travel round");
    assert!(
        f.shows("is in play: play its Encounter Phase on the Travel screen first"),
        "a round partway through is said, not passed over in silence"
    );
    assert!(
        f.harness.query_by_label("OK").is_none(),
        "no dialog to dismiss"
    );
    let entries = f.data().log.len();
    f.click("Cast the encounter die");
    assert_eq!(f.data().log.len(), entries + 1, "the next click counts");
}

/// Issue 14: the Help menu's shortcuts come from the action table, the rule
/// texts read in the app, About names the version and every crate; View
/// switches the theme.
#[test]
fn help_and_view_menus() {
    let mut f = Fixture::demo();
    f.click("Help");
    f.click("Keyboard shortcuts");
    assert!(f.shows_exactly("Command palette"), "from the action table");
    assert!(f.shows_exactly("Export PDF"));
    f.harness.run();
    f.menu("Help", "Rule texts and notes");
    f.click("The Travellers' Companion");
    assert!(f.shows("A natural 1 always fails"), "the text itself");
    f.harness.run();
    f.menu("Help", "About Waybook");
    assert!(f.shows(&format!("Waybook {}", env!("CARGO_PKG_VERSION"))));
    assert!(f.shows("Open campaign: "));
    assert!(f.shows("Built on "), "the crates' licences");
    assert!(f.shows("accesskit "), "the notice's first crate is in view");
    // Issue 22, fault 28: one Help window at a time, and Escape closes it.
    assert!(
        !f.shows("A natural 1 always fails"),
        "About took the rules' place"
    );
    f.harness.key_press(egui::Key::Escape);
    f.harness.run();
    assert!(!f.shows("Open campaign: "), "Escape closed it");
    let (crates, texts) = waybook_app::texts::licence_notice();
    assert!(
        crates.len() > 100,
        "every crate linked, not only the direct ones"
    );
    assert!(crates.contains(&"nucleo-matcher 0.3.1: MPL-2.0"));
    assert!(
        texts
            .iter()
            .any(|l| l.starts_with("Mozilla Public License Version 2.0"))
    );
    // Every crate a crate of the binary names as a dependency.
    let manifests = [
        include_str!("../../../../Cargo.toml"),
        include_str!("../../../waybook-rules/Cargo.toml"),
        include_str!("../../../waybook-core/Cargo.toml"),
        include_str!("../../../waybook-print/Cargo.toml"),
        include_str!("../../Cargo.toml"),
    ];
    let names: Vec<&str> = manifests
        .iter()
        .filter_map(|m| m.split("\n[dependencies]\n").nth(1))
        .flat_map(|rest| rest.split("\n[").next().unwrap_or_default().lines())
        .filter_map(|l| l.split(['.', ' ']).next())
        .filter(|n| !n.trim().is_empty() && !n.starts_with('#') && !n.starts_with("waybook-"))
        .collect();
    assert!(names.contains(&"printpdf") && names.contains(&"rand"));
    for name in names {
        assert!(
            crates
                .iter()
                .any(|line| line.starts_with(&format!("{name} "))),
            "About lists {name} and its licence"
        );
    }
    f.click("View");
    f.click("Dark");
    assert_eq!(
        f.harness.state().app.view.theme,
        egui::ThemePreference::Dark
    );
    assert_eq!(f.harness.ctx.theme(), egui::Theme::Dark);
}

/// Issue 22, fault 28: a table Waybook wrote (the texts name the injury
/// table but give none) says so on the Dice and rules screen and in every
/// roll on it, until the GM makes it theirs; the export keeps the mark.
#[test]
fn a_suggested_table_says_so_until_the_gm_makes_it_theirs() {
    let mut f = Fixture::demo();
    f.click("Dice and rules");
    f.pick("Table", "injury");
    assert!(f.shows("Waybook's suggestion, not the rule texts': the texts name this table"));
    f.dice(&[2]);
    f.click("Roll on table");
    assert!(f.shows("injury (Waybook's suggestion, not the rule texts'): d6 = 2 →"));
    let injury = |f: &Fixture| f.data().table_named("injury").expect("injury").clone();
    let json = waybook_core::model::document::Document::of(f.data()).to_json();
    assert!(json.contains("\"suggested\": true"), "the export keeps it");
    f.click("Make it mine");
    assert!(!injury(&f).suggested);
    assert!(!f.shows("the texts name this table"));
    assert!(!f.reloaded().table_named("injury").expect("kept").suggested);
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    assert!(injury(&f).suggested, "undone");
    f.type_into_nth("gives", 5, "Winded: no lasting harm");
    assert!(!injury(&f).suggested, "an edit makes it the GM's");
}

/// A row may roll another table and dice; a name no table has, or a table
/// that rolls itself, greys the roll with the reason; a good one is rolled
/// through, every roll in its working.
#[test]
fn a_table_that_rolls_another_is_rolled_through_and_a_loop_is_refused() {
    let mut f = Fixture::demo();
    f.click("Dice and rules");
    f.click("New table");
    f.type_into("Name", "Pedlar");
    f.type_into("gives", "{roll: Nowhere}");
    assert!(f.shows("Pedlar rolls “Nowhere”, but no table has that name"));
    f.greyed_with(
        "Roll on table",
        "Pedlar rolls “Nowhere”, but no table has that name",
    );
    f.type_into("gives", "Salt, and {roll: PEDLAR}");
    assert!(f.shows("the tables roll each other round in a loop: Pedlar → Pedlar"));
    f.type_into("gives", "{1d4} salt cakes, and a tale: {roll: injury}");
    assert!(!f.shows("This table cannot be rolled yet"));
    // In order: the Pedlar's d6 = 1, the d4 = 3, injury's d6 = 6.
    f.harness.state_mut().app.dice = waybook_rules::dice::Dice::scripted(vec![1, 3, 6]);
    f.click("Roll on table");
    let injury = f
        .data()
        .table_named("injury")
        .expect("the demo's injuries")
        .rows[5]
        .result
        .clone();
    assert!(f.shows(&format!("→ 3 salt cakes, and a tale: {injury}")));
    let logged = f.data().log.values().last().expect("logged").rolled.clone();
    assert!(
        logged.contains("injury: d6") && logged.contains("d4"),
        "every roll in the log: {logged}"
    );
}

/// A table comes in from a spreadsheet's CSV: the window names it after the
/// file, lists every bad row and greys Import until the name is free; the
/// import is one undo step; the table goes out again as the same CSV.
/// Issue 34, item 23: a European spreadsheet's CSV (a byte-order mark,
/// semicolons, Windows-1252, a "Roll" heading) comes in with its separator
/// said and its dice worked out from the rows.
#[test]
fn a_semicolon_csv_with_a_roll_heading_comes_in_as_dice_from_its_rows() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("Rencontres.csv");
    let mut bytes = b"\xEF\xBB\xBFRoll;R\xC3\xA9sultat\n".to_vec();
    bytes.extend_from_slice(b"2-6;Loups; deux\n7;\"Ours; un\"\n8-12;Corbeaux\n");
    std::fs::write(&file, &bytes).expect("written");
    let latin = dir.path().join("Caf.csv");
    std::fs::write(&latin, b"d2;Result\n1;Caf\xE9\n2;Th\xE9\n").expect("written");
    let mut f = Fixture::with_dialogs(vec![
        DialogOutcome::Picked(file.clone()),
        DialogOutcome::Picked(latin.clone()),
    ]);
    f.click("Dice and rules");
    f.click("Import CSV…");
    assert!(f.shows("Cells separated by semicolons."));
    assert!(f.shows("Roll (2d6 from the rows)"));
    f.click("Import");
    let table = f
        .data()
        .table_named("Rencontres")
        .expect("imported")
        .clone();
    assert_eq!(table.dice.as_str(), "2d6");
    assert_eq!(
        table.rows[0].result, "Loups",
        "a cell past the second is left out"
    );
    assert_eq!(table.rows[1].result, "Ours; un");
    f.click("Import CSV…");
    f.click("Import");
    let cafe = f.data().table_named("Caf").expect("imported").clone();
    assert_eq!(cafe.rows[0].result, "Café", "read as Windows-1252");
}

/// Issue 38: Foundry tables come in one file after another. A file that
/// is no table is refused in words and leaves the others waiting; a draw of
/// a table not yet added is said until its file is; a formula that
/// disagrees with the rows offers the rows' dice; Import is one undo step.
#[test]
fn foundry_tables_are_added_file_by_file_and_imported_as_one_step() {
    let dir = tempfile::tempdir().expect("dir");
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        path
    };
    let omens = write("omens.json", crate::common::foundry::OMENS);
    let broken = write("broken.json", crate::common::foundry::BROKEN);
    let portents = write("portents.json", crate::common::foundry::PORTENTS);
    let mut f = Fixture::with_dialogs(vec![
        DialogOutcome::Picked(omens.clone()),
        DialogOutcome::Picked(broken.clone()),
        DialogOutcome::Picked(portents.clone()),
    ]);
    let tables = f.data().tables.len();
    f.click("Dice and rules");
    f.click("Import from Foundry…");
    assert!(f.shows("Its formula 1d5 rolls 1 to 5, but its results cover 1 to 4."));
    assert!(
        f.harness
            .query_by_label("Roll d4, the dice its results cover")
            .is_some()
    );
    assert!(f.shows(
        "Draws the table “Portents”, which did not come in: kept as text (add its file to draw it)."
    ));
    f.click("Add another file…");
    assert!(
        f.shows("broken.json is not a Foundry roll table: results[0]"),
        "the refusal names the field"
    );
    f.click("OK");
    assert!(f.shows("Omens"), "the table read before still waits");
    f.click("Add another file…");
    assert!(f.shows("You cast Bane."));
    assert!(f.shows("Rain for {1d4} days."));
    assert!(!f.shows("which did not come in"));
    f.click("Import");
    let omens = f.data().table_named("Omens").expect("imported").clone();
    assert_eq!(omens.dice.as_str(), "d4");
    assert_eq!(omens.rows[1].result, "{roll: Portents}");
    assert_eq!(f.data().tables.len(), tables + 2);
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    assert_eq!(f.data().tables.len(), tables, "one undo takes both back");
}

/// Issue 50, 20: a table of 10,000 results (1d10000) comes in whole, and
/// its editor shows a hundred rows at a time, the others a page away.
#[test]
fn a_table_of_ten_thousand_rows_is_edited_a_page_at_a_time() {
    let dir = tempfile::tempdir().expect("dir");
    let results: Vec<String> = (1..=10_000)
        .map(|n| format!(r#"{{"type": 0, "text": "Surge {n}", "range": [{n}, {n}]}}"#))
        .collect();
    let surges = dir.path().join("surges.json");
    let text = format!(
        r#"{{"name": "Surges", "formula": "1d10000", "results": [{}]}}"#,
        results.join(",")
    );
    std::fs::write(&surges, text).expect("written");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(surges)]);
    f.click("Dice and rules");
    f.click("Import from Foundry…");
    f.click("Import");
    assert_eq!(
        f.data().table_named("Surges").map(|t| t.rows.len()),
        Some(10_000)
    );
    assert!(f.shows("Rows 1–100 of 10000"));
    assert!(f.harness.query_by_label("Row 100 from").is_some());
    assert!(f.harness.query_by_label("Row 101 from").is_none());
    f.click("Next rows");
    assert!(f.shows("Rows 101–200 of 10000"));
    assert!(f.harness.query_by_label("Row 101 from").is_some());
    assert!(f.harness.query_by_label("Row 100 from").is_none());
}

/// Issue 38: a spreadsheet of several columns ("Die, Clear, City") makes a
/// table of each column ticked, named after it, its dice from its own rows
/// ("-" is no entry); the last column ticked cannot be unticked.
#[test]
fn a_csv_of_several_columns_makes_a_table_of_each_ticked() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("terrain.csv");
    std::fs::write(
        &file,
        "Die,Clear,City\n1,Men,Men\n2,Flyer,Undead\n3,Giant,-\n4,Dragon,-\n",
    )
    .expect("written");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(file.clone())]);
    f.click("Dice and rules");
    f.click("Import CSV…");
    assert!(f.shows("A table of each column ticked, named after it:"));
    assert!(f.shows("Clear · Die (d4 from the rows)"));
    f.greyed_with("Clear", "At least one column becomes a table");
    f.click("City");
    assert!(f.shows("City · Die (d2 from the rows)"));
    assert!(
        f.harness.query_by_label("Table name").is_none(),
        "each table takes its column's name"
    );
    f.click("Import");
    let city = f.data().table_named("City").expect("imported").clone();
    assert_eq!(city.dice.as_str(), "d2");
    assert_eq!(f.data().table_named("Clear").map(|t| t.rows.len()), Some(4));
}

#[test]
fn a_csv_table_is_previewed_imported_as_one_step_and_exported() {
    let dir = tempfile::tempdir().expect("dir");
    let bad = dir.path().join("weather.csv");
    std::fs::write(&bad, "d6,Result\n1-3,Calm\nfour,Fog\n").expect("written");
    let good = dir.path().join("injury.csv");
    std::fs::write(
        &good,
        "d4,Result\n1,Bruised\n2-3,\"Cut, deep\"\n4,{roll: xp-awards}\n",
    )
    .expect("written");
    let out = dir.path().join("out.csv");
    let mut f = Fixture::with_dialogs(vec![
        DialogOutcome::Picked(bad.clone()),
        DialogOutcome::Picked(good.clone()),
        DialogOutcome::Picked(out.clone()),
    ]);
    let tables = f.data().tables.len();
    f.click("Dice and rules");
    f.click("Import CSV…");
    assert!(f.shows("line 3: “four” is not a total or a range (as 3 or 2-5)"));
    assert!(
        f.shows("a table is already called weather"),
        "the name is taken"
    );
    assert!(
        f.harness
            .get_by_label("Import")
            .accesskit_node()
            .is_disabled()
    );
    f.click("Cancel");
    assert_eq!(f.data().tables.len(), tables, "nothing was written");
    f.click("Import CSV…");
    assert!(f.shows("Cut, deep"), "the rows are previewed");
    assert!(
        f.harness
            .get_by_label("Import")
            .accesskit_node()
            .is_disabled()
    );
    // A name the campaign has in another case clashes too, and offers to
    // replace it.
    f.type_into("Table name", "WEATHER");
    assert!(f.shows("Replace the table of that name"));
    f.type_into("Table name", "Scrapes");
    f.click("Import");
    let scrapes = f.data().table_named("Scrapes").expect("imported").clone();
    assert_eq!(scrapes.rows[1].result, "Cut, deep");
    assert_eq!(f.reloaded().tables.len(), tables + 1);
    assert_eq!(
        f.field("Name").value().as_deref(),
        Some("Scrapes"),
        "the table imported is the one shown"
    );
    f.click("Export CSV…");
    assert_eq!(
        std::fs::read_to_string(&out).expect("written"),
        std::fs::read_to_string(&good)
            .expect("read")
            .replace('\n', "\r\n"),
        "out as it came in, each line ended by CRLF (RFC 4180)"
    );
    f.menu("Edit", "Undo");
    assert!(f.data().table_named("Scrapes").is_none(), "one undo step");
}

/// Issue 34, 34: a party renamed to a long name is listed whole ("The
/// Ri…" was cut short).
#[test]
fn a_long_party_name_is_listed_whole() {
    let long = "The Riders of the Long Grey Road";
    let mut f = Fixture::demo();
    f.click("Parties");
    f.type_into("Party name", long);
    assert_eq!(
        f.reloaded()
            .parties
            .values()
            .next()
            .map(|p| p.name.as_str()),
        Some(long)
    );
    assert!(f.shows_whole(long), "the list is as wide as the name");
}

/// Issue 34, 15: a new campaign's empty screens say what to do: the roster,
/// a party's members; and a filter that hides everyone offers everyone back.
#[test]
fn empty_screens_say_what_to_do() {
    let mut f = Fixture::new_campaign();
    assert!(f.shows("No characters yet: Add character above, or Import CSV…"));
    f.click("Parties");
    f.click("Add party");
    assert!(f.shows("No hero, ally or Traveller in the roster yet"));
    let mut f = Fixture::demo();
    f.harness.get_by_label("Filter").focus();
    f.harness.run();
    f.harness.get_by_label("Filter").type_text("nobody at all");
    f.harness.run();
    assert!(f.shows("No character matches the filter."));
    f.click("Show everyone");
    assert!(f.shows("13 of 13 characters"));
    let mut f = Fixture::new_campaign_then(|path| {
        rusqlite::Connection::open(path)
            .expect("opens")
            .execute_batch("DELETE FROM ware; DELETE FROM item;")
            .expect("an empty catalogue");
    });
    f.click("Item catalogue");
    assert!(f.shows("The catalogue is empty: Add item, or File › Import pack…"));
}

/// Issue 34, 14: a new campaign starts with the items the texts name and
/// a merchant's stock, each Waybook's suggestion until the GM changes it;
/// and an item is given to every member of a party at once.
#[test]
fn a_new_campaign_has_the_texts_items_and_gives_one_to_everyone() {
    let mut f = Fixture::new_campaign();
    let names: Vec<String> = f.data().items.values().map(|i| i.name.clone()).collect();
    for name in [
        "Trail rations",
        "Waterskin (full)",
        "Botanist's Tool",
        "Fisher's Gear",
        "Miner's Tool",
        "Torch",
        "Tent",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    assert!(f.data().items.values().all(|i| i.suggested));
    assert!(!f.data().wares.is_empty() && f.data().wares.values().all(|w| w.suggested));
    f.click("Item catalogue");
    f.click("Torch");
    assert!(f.shows("Waybook's suggestion, not the rule texts': its units, weight and bonus are not given by the texts."));
    f.type_into("Weight (kg)", "0.75");
    let torch = f
        .data()
        .items
        .values()
        .find(|i| i.name == "Torch")
        .expect("a torch");
    assert!(!torch.suggested, "the GM's now");
    // A party of two, given two days of rations each in one step.
    f.click("Parties");
    f.click("Add party");
    f.click("Roster");
    for _ in 0..2 {
        f.click("Add character");
    }
    f.click("Inventory");
    f.pick("From the catalogue:", "Trail rations");
    f.type_into("Amount", "2");
    f.click("Give each of New party");
    let rations = f
        .data()
        .holdings
        .values()
        .filter(|h| f.data().items[&h.item].name == "Trail rations")
        .count();
    assert_eq!(rations, 2, "a stack each");
    assert!(f.shows("Give 2 × Trail rations to New character and New character: saved"));
}

/// Issue 34, 19: a table in use is not deleted without a word: the GM is
/// told what rolls it and asked; kept, it stays; deleted, undo brings it
/// back with what rolled it.
#[test]
fn deleting_a_table_in_use_says_what_uses_it_and_asks() {
    let mut f = Fixture::demo();
    f.click("Dice and rules");
    f.pick("Table", "injury");
    let injury = f.data().table_named("injury").expect("the injury table").id;
    f.click("Delete table");
    assert!(f.shows("Delete the injury table?"));
    assert!(f.shows("• the injury roll of heroes down after a mission or a scene"));
    f.click("Keep it");
    assert!(f.data().tables.contains_key(&injury));
    assert!(!f.shows("Delete the injury table?"));
    f.click("Delete table");
    f.click("Delete it");
    assert!(!f.data().tables.contains_key(&injury));
    f.menu("Edit", "Undo");
    assert!(f.data().tables.contains_key(&injury));
    // What rolls the weather table, as the question lists it.
    let data = f.data();
    let uses =
        waybook_core::model::uses_of_table(data, data.table_named("weather").expect("weather"));
    assert!(
        uses.iter()
            .any(|u| u.what == "the campaign's weather (Campaign screen)"),
        "{uses:?}"
    );
}

/// Issue 50, 31: the question says what each use does without the table:
/// a region's season falls back to the campaign's weather table, it does
/// not "roll nothing".
#[test]
fn deleting_a_season_table_says_the_season_falls_back_to_the_campaigns() {
    let mut f = Fixture::demo();
    f.click("Dice and rules");
    f.pick("Table", "Greyspine pass, warm months");
    f.click("Delete table");
    assert!(f.shows("Delete the Greyspine pass, warm months table?"));
    assert!(f.shows(
        "• Greyspine pass's weather in Spring, Summer (Weather screen): falls back to the campaign's weather table, “weather”"
    ));
    assert!(!f.shows("roll nothing"), "the seasons still roll");
    f.click("Keep it");
}

/// How many Trail rations `holder` holds, in all its stacks.
fn rations_of(data: &CampaignData, holder: Holder) -> i64 {
    data.holdings_of(holder)
        .filter(|h| data.items[&h.item].name == "Trail rations")
        .map(|h| h.quantity)
        .sum()
}

/// Issue 52: the undo history is in the file, so an edit made before the
/// window opened it (as `waybook move` makes one, through the session) is
/// taken back by Edit › Undo.
#[test]
fn an_edit_made_before_the_window_opened_is_undone_in_it() {
    let mut f = Fixture::opening(
        "moved.waybook",
        |path| {
            let mut session =
                waybook_core::session::Session::new(Campaign::open(path).expect("opens"))
                    .expect("loads");
            let data = &session.data;
            let stash = Holder::Stash(*data.parties.keys().next().expect("a party"));
            let rations = data
                .holdings_of(stash)
                .find(|h| data.items[&h.item].name == "Trail rations")
                .expect("the stash's rations");
            let ash = data.characters.values().find(|c| c.name == "Ash Varnell");
            let to = Holder::Character(ash.expect("Ash").id);
            let edit = waybook_core::edits::move_stack(data, rations.id, 3, to).expect("moved");
            session.apply(edit).expect("made");
        },
        Vec::new(),
        false,
    );
    let ash = Holder::Character(f.character("Ash Varnell").expect("Ash").id);
    assert_eq!(
        rations_of(f.data(), ash),
        7,
        "moved before the window opened"
    );
    f.menu("Edit", "Undo Move 3 × Trail rations to Ash Varnell");
    assert_eq!(rations_of(f.data(), ash), 4);
    assert_eq!(rations_of(&f.reloaded(), ash), 4, "and in the file");
}

/// Issue 52: Delete party hands its stash to another party when the GM
/// says so (as `waybook delete-party --stash-to` does), and Ctrl+Z brings
/// the party back with its stash.
#[test]
fn a_deleted_partys_stash_goes_where_the_gm_says() {
    let mut f = Fixture::demo();
    f.click("Parties");
    assert!(
        !f.shows("Its stash is removed with it."),
        "two parties: a choice"
    );
    f.click("Add party");
    f.click("The Lantern Company");
    let lantern = Holder::Stash(*f.data().parties.keys().next().expect("a party"));
    let stash = rations_of(f.data(), lantern);
    f.pick("Its stash", "to New party");
    f.click("Delete party");
    let new = f.data().parties.values().find(|p| p.name == "New party");
    let new = Holder::Stash(new.expect("the new party").id);
    assert_eq!(f.data().parties.len(), 2, "the Watch and New party");
    assert_eq!(
        rations_of(f.data(), new),
        stash,
        "the stash went to New party"
    );
    assert_eq!(rations_of(&f.reloaded(), new), stash);
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    assert_eq!(f.data().parties.len(), 3, "Ctrl+Z brings it back");
    assert_eq!(rations_of(f.data(), lantern), stash, "with its stash");
}

/// Issue 52: "Seventeen screens sit in one tab row that wraps onto a second
/// line at 1280 px ... group them so a GM sees where they are at a glance.
/// Nothing wraps or is cut at 1280 × 800." Each group is named above its
/// tabs, every tab on one line inside the window, and a tab still goes to
/// its screen.
#[test]
fn the_tabs_stand_in_their_groups_on_one_line_at_1280() {
    let mut f = Fixture::demo_at_default_size();
    for group in [
        "The company",
        "On the road",
        "The world",
        "At the table",
        "The campaign",
    ] {
        assert!(f.shows(group), "{group} named");
    }
    let tabs = [
        "Roster",
        "Inventory",
        "Item catalogue",
        "Parties",
        "Heroes",
        "Journeys",
        "Map",
        "Travel",
        "Gathering",
        "Hazards",
        "Weather",
        "Calendar",
        "Chronicle",
        "Scene",
        "Log",
        "Campaign",
        "Dice and rules",
    ];
    let window = f.harness.ctx.content_rect();
    let tops: Vec<f32> = tabs
        .iter()
        .map(|tab| {
            // The tab, not a heading of the same name below the tab row.
            let rect = f
                .harness
                .get_all_by_label(tab)
                .map(|node| node.rect())
                .min_by(|a, b| a.top().total_cmp(&b.top()))
                .unwrap_or_else(|| panic!("a tab {tab}"));
            assert!(
                window.contains_rect(rect),
                "{tab} whole in the window: {rect:?}"
            );
            rect.top()
        })
        .collect();
    assert!(
        tops.iter().all(|top| (top - tops[0]).abs() < 1.0),
        "one line: {tops:?}"
    );
    f.click("Dice and rules");
    assert!(
        f.shows("Dice roller") || f.shows("Roll"),
        "the last tab opens its screen"
    );
}

/// Issue 52: "when the last campaign cannot be opened at start, the window
/// says which file and why before it opens the default (today it opens the
/// default silently)".
#[test]
fn a_last_campaign_that_does_not_open_is_said_before_the_default_opens() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let last = dir.path().join("last night.waybook");
    foreign_file(&last);
    let before = std::fs::read(&last).expect("read");
    let mut app =
        waybook_app::ui::WaybookApp::new(Box::new(waybook_app::app::ScriptedDialogs::default()));
    app.app.data_dir = Ok(dir.path().join("data"));
    app.app.recent = vec![last.clone()];
    app.app.open_first(None);
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut waybook_app::ui::WaybookApp| app.frame_ui(ui),
            app,
        );
    harness.run();
    let shows = |text: &str| harness.query_all_by_label_contains(text).next().is_some();
    assert!(shows("The last campaign did not open"));
    assert!(shows(&format!("{} could not be opened", last.display())));
    assert!(shows("is not a Waybook campaign"), "and why");
    let opened = harness.state().app.session.as_ref().expect("the default");
    assert_eq!(
        opened.path(),
        Some(dir.path().join("data/demo.waybook").as_path())
    );
    assert_eq!(std::fs::read(&last).expect("read"), before, "untouched");
}
