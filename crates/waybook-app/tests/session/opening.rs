//! What the app does when it opens a campaign, beyond the session: the
//! daily snapshot, and the party last run in it.

use waybook_app::app::{App, ScriptedDialogs};

/// Issue 10: the app takes a snapshot when it opens a campaign, at most one a day.
#[test]
fn opening_takes_one_snapshot_a_day() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("daily.waybook");
    drop(waybook_core::demo::create_demo(&path).expect("demo"));
    let mut app = App::new(Box::new(ScriptedDialogs::default()));
    app.data_dir = Ok(dir.path().join("data"));
    app.open_path(&path);
    app.open_path(&path);
    let snapshots = app
        .snapshots_of(&path)
        .expect("kept")
        .list()
        .expect("listed");
    assert_eq!(snapshots.len(), 1, "{snapshots:?}");
    assert_eq!(snapshots[0].reason, "opened");
}

/// Issue 53: the party the GM runs is remembered for each campaign: opened
/// again (after another), the campaign comes back with the same party run.
#[test]
fn the_party_run_is_remembered_for_each_campaign() {
    use waybook_app::app::Command;
    use waybook_core::model::{Change, Edit, Party, PartyId};
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (two, other) = (
        dir.path().join("two.waybook"),
        dir.path().join("other.waybook"),
    );
    let mut campaign = waybook_core::demo::create_demo(&two).expect("demo");
    let clock = campaign.settings().expect("settings").clock;
    let watch = Party::new(PartyId(900), "The Kettleford Watch", clock);
    let edit = Edit::new("a second party", vec![Change::of(None, Some(&watch))]);
    campaign.apply(&edit).expect("added");
    drop(campaign);
    drop(waybook_core::demo::create_demo(&other).expect("demo"));
    let mut app = App::new(Box::new(ScriptedDialogs::default()));
    app.data_dir = Ok(dir.path().join("data"));
    app.open_path(&two);
    let name = |app: &App| app.running().map(|p| p.name.clone());
    assert_eq!(
        name(&app).as_deref(),
        Some("The Lantern Company"),
        "the first at first"
    );
    app.push(Command::RunParty(watch.id));
    app.run_commands();
    assert_eq!(name(&app).as_deref(), Some("The Kettleford Watch"));
    app.open_path(&other);
    assert_eq!(
        name(&app).as_deref(),
        Some("The Lantern Company"),
        "its own party"
    );
    app.open_path(&two);
    assert_eq!(
        name(&app).as_deref(),
        Some("The Kettleford Watch"),
        "remembered"
    );
}
