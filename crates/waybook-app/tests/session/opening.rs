//! What the app does when it opens a campaign, beyond the session: the
//! daily snapshot.

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
