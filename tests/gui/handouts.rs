//! Who sees what, and handouts, driven through the real app: a place
//! shared with the party or a named player and marked in the Map's list,
//! the "Shown to" filter, the log's entries shared at once, and File > Make
//! handouts… with its preview, its refusals and the files it writes.

use crate::common::gui::Fixture;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use waybook::model::Visibility;

fn place<'a>(f: &'a Fixture, name: &str) -> &'a waybook::model::Place {
    f.data()
        .places
        .values()
        .find(|p| p.name == name)
        .expect("a place")
}

#[test]
fn a_place_is_shared_marked_filtered_and_kept_to_the_gm_again() {
    let mut f = Fixture::demo();
    f.click("Map");
    f.click("Hollow Wood (Wild place)");
    assert_eq!(
        place(&f, "Hollow Wood").shown,
        Visibility::Gm,
        "GM only by default"
    );
    f.pick("Players see", "The party");
    assert_eq!(place(&f, "Hollow Wood").shown, Visibility::Party);
    assert!(f.shows("Hollow Wood (Wild place) · shared: The party"));
    f.pick("Players see", "Named players");
    f.harness
        .get_by_role_and_label(Role::CheckBox, "Jo")
        .click();
    f.harness.run();
    assert_eq!(
        place(&f, "Hollow Wood").shown,
        Visibility::Players(vec!["Jo".into()])
    );
    assert!(f.shows("Hollow Wood (Wild place) · shared: Jo"));
    assert_eq!(
        f.reloaded()
            .places
            .values()
            .find(|p| p.name == "Hollow Wood")
            .map(|p| p.shown.clone()),
        Some(Visibility::Players(vec!["Jo".into()])),
        "kept in the file"
    );
    f.pick("Shown to", "The GM's own");
    assert!(
        !f.shows("Hollow Wood (Wild place)"),
        "a shared place is not GM only"
    );
    assert!(f.shows("Greyspine Pass (Wild place)"));
    f.pick("Shown to", "Players can see");
    assert!(f.shows("Kettleford (Settlement) · shared: The party"));
    assert!(!f.shows("Greyspine Pass (Wild place)"));
}

#[test]
fn the_log_shares_the_entries_listed_at_once_and_then_greys_the_button() {
    let mut f = Fixture::demo();
    f.click("Log");
    f.pick("Shown to", "The GM's own");
    let kept: usize = f
        .data()
        .log
        .values()
        .filter(|e| e.shown.is_gm_only())
        .count();
    assert!(kept > 0, "the demo keeps some entries to the GM");
    let label = format!("Share these {kept} entries with the party");
    f.click(&label);
    assert!(f.data().log.values().all(|e| !e.shown.is_gm_only()));
    assert!(f.shows("0 of"), "no entry is the GM's only now");
    f.pick("Shown to", "Everything");
    let all = f.data().log.len();
    f.greyed_with(
        &format!("Share these {all} entries with the party"),
        "Every entry listed is already so",
    );
}

#[test]
fn make_handouts_previews_refuses_and_writes_each_players_pages() {
    let mut f = Fixture::demo();
    f.menu("File", "Make handouts…");
    assert!(
        f.shows("Sheets: Sefa Qorrin"),
        "the first player, Jo, previewed"
    );
    assert!(f.shows("The map: "));
    f.pick("Preview", "Maya");
    assert!(f.shows("Sheets: Ash Varnell"));
    for player in ["Jo", "Maya", "Priya", "Tomás"] {
        f.harness
            .get_by_role_and_label(Role::CheckBox, player)
            .click();
        f.harness.run();
    }
    f.greyed_with("Make handouts", "Choose at least one player");
    f.harness
        .get_by_role_and_label(Role::CheckBox, "Maya")
        .click();
    f.harness.run();
    let folder = f.dir.path().join("for the table");
    f.type_into("Folder", &folder.display().to_string());
    f.pick("As", "HTML folder");
    f.click("Make handouts");
    let page = folder.join("Maya").join("index.html");
    let html = std::fs::read_to_string(&page).expect("Maya's page is written");
    assert!(html.contains("Maya's handout") && html.contains("Ash Varnell"));
    assert!(!folder.join("Jo").exists(), "only the players chosen");
    assert!(f.shows("Made 1 handout in"));
    // Again, into the same folder: refused, named, nothing written over.
    f.menu("File", "Make handouts…");
    for player in ["Jo", "Priya", "Tomás"] {
        f.harness
            .get_by_role_and_label(Role::CheckBox, player)
            .click();
        f.harness.run();
    }
    f.type_into("Folder", &folder.display().to_string());
    f.pick("As", "HTML folder");
    f.click("Make handouts");
    assert!(f.shows("index.html is already there"));
    assert_eq!(std::fs::read_to_string(&page).expect("kept"), html);
    assert!(
        f.harness
            .query_by_label("Write over handouts already there")
            .is_some(),
        "the window stays open with the way through"
    );
    f.harness
        .get_by_label("Write over handouts already there")
        .click();
    f.harness.run();
    f.click("Make handouts");
    assert!(f.shows("Made 1 handout in"));
    let disabled = f
        .harness
        .query_by_label("Make handouts")
        .is_some_and(|n| n.accesskit_node().is_disabled());
    assert!(!disabled, "the window closed");
}
