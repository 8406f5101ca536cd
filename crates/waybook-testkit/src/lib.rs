//! What the workspace's tests and benches share: the demo campaign in a
//! temporary folder, campaigns as old schemas wrote them, reading a PDF
//! back (its text, its page size), the tools CI installs (`tool`) and a
//! real browser and validator on the pages (`browser`),
//! fuzzing's mutations of a JSON document (`mutate`), phones at the table
//! (`phones`) and hostile clients (`hostile`), long roads and grids of
//! places (`roads`), the bench campaign of 10,000 characters (`large`),
//! and, with the `screens` feature, the app's screens framed headless
//! (`screens`).

pub mod browser;
pub mod calendars;
pub mod foundry;
#[cfg(target_os = "linux")]
pub mod hostile;
pub mod large;
pub mod mutate;
pub mod phones;
pub mod roads;
#[cfg(feature = "screens")]
pub mod screens;
pub mod secrets;

pub use roads::{grid, long_road};

/// A frame of every screen of the app opened on the campaign at `path`,
/// headless, as the frames bench draws them.
#[cfg(feature = "screens")]
pub fn frame_every_screen(path: &std::path::Path) {
    let mut app = screens::open(path);
    let ctx = egui::Context::default();
    for (frame, &screen) in waybook_app::ui::Screen::ALL.iter().enumerate() {
        app.ui.screen = screen;
        screens::frame_of(&ctx, frame, &mut |ui| app.frame_ui(ui));
    }
}

/// A tool CI installs (`.ci/run`): required there, skipped with a word
/// elsewhere.
pub fn tool(name: &str) -> Option<&str> {
    let found = std::process::Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have {name} (.ci/run installs it)"
        );
        eprintln!("{name} is not installed: skipping its check");
    }
    found.then_some(name)
}

use waybook_core::model::CampaignData;

/// The demo campaign, loaded; the folder lives as long as the guard.
pub fn demo() -> (tempfile::TempDir, CampaignData) {
    let dir = tempfile::tempdir().expect("dir");
    let data = waybook_core::demo::create_demo(&dir.path().join("d.waybook"))
        .expect("demo")
        .load()
        .expect("loads");
    (dir, data)
}

/// A new, empty campaign file at `path` of schema `version`, as a build of
/// that version made it: the first `version` files of `migrations/`, in
/// order. The connection is left open for the test to fill it.
pub fn schema_of_version(path: &std::path::Path, version: usize) -> rusqlite::Connection {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&folder)
        .expect("the migrations")
        .map(|entry| entry.expect("a migration").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort();
    assert!(files.len() >= version, "no schema {version} yet");
    let conn = rusqlite::Connection::open(path).expect("created");
    conn.pragma_update(None, "application_id", waybook_core::store::APPLICATION_ID)
        .expect("marked");
    for file in files.iter().take(version) {
        let sql = std::fs::read_to_string(file).expect("a migration");
        conn.execute_batch(&sql).expect("migrated");
    }
    conn.pragma_update(None, "user_version", version as i64)
        .expect("versioned");
    conn
}

/// A campaign as Waybook's first version wrote it (schema 1): a campaign
/// "Old" with one party, "Band", of 3 Supplies.
pub fn first_version_campaign(path: &std::path::Path) {
    let conn = schema_of_version(path, 1);
    conn.execute_batch(
        "INSERT INTO campaign (id, name) VALUES (1, 'Old');
         INSERT INTO party (id, name, supplies) VALUES (1, 'Band', 3);",
    )
    .expect("filled");
}

/// The schema version the file at `path` is of.
pub fn schema_version(path: &std::path::Path) -> i64 {
    rusqlite::Connection::open(path)
        .expect("opens")
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .expect("version")
}

/// Breaks a CHECK constraint of the campaign at `path` behind SQLite's
/// back (a party's Supplies below zero): the file reads, but SQLite's
/// integrity check finds it damaged.
pub fn break_a_check_constraint(path: &std::path::Path) {
    let conn = rusqlite::Connection::open(path).expect("opened by hand");
    conn.execute_batch("PRAGMA ignore_check_constraints = ON; UPDATE party SET supplies = -5;")
        .expect("damaged");
}

/// Marks every calendar event of the campaign at `path` "the party" behind
/// the app's back, as a file written before issue 50, item 27 may hold
/// them: an event belongs to no party, so no player sees them. The number
/// of events marked.
pub fn events_shown_to_the_party(path: &std::path::Path) -> usize {
    let conn = rusqlite::Connection::open(path).expect("opened by hand");
    conn.execute(
        "UPDATE calendar_event SET body = json_set(body, '$.shown', 'party')",
        [],
    )
    .expect("marked")
}

/// The text of every page.
pub fn pdf_text(doc: &lopdf::Document) -> String {
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("text extracts")
}

/// The first page's width and height, in points.
pub fn page_size(doc: &lopdf::Document) -> (f32, f32) {
    let (_, page) = doc.get_pages().into_iter().next().expect("a page");
    let dict = doc.get_dictionary(page).expect("page dictionary");
    let mb = dict
        .get(b"MediaBox")
        .and_then(|o| o.as_array())
        .expect("MediaBox");
    let n = |o: &lopdf::Object| o.as_float().expect("a number");
    (n(&mb[2]) - n(&mb[0]), n(&mb[3]) - n(&mb[1]))
}

/// The fuzz tests' settings: a fixed seed, so CI is repeatable, and `cases`
/// inputs unless `WAYBOOK_FUZZ_CASES` asks for more (a longer hunt by hand).
pub fn fuzz_config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: std::env::var("WAYBOOK_FUZZ_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(cases),
        rng_seed: proptest::test_runner::RngSeed::Fixed(2026),
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}

/// The edit that puts the campaign's clock and every party's present at
/// `to(their time)`, as another program, or a GM moving them all by hand,
/// writes it.
pub fn everyone_moved(
    data: &CampaignData,
    to: impl Fn(waybook_core::model::ClockTime) -> waybook_core::model::ClockTime,
) -> waybook_core::model::Edit {
    use waybook_core::model::Change;
    let mut settings = data.settings.clone();
    settings.clock = to(settings.clock);
    let mut changes = vec![Change::of(Some(&data.settings), Some(&settings))];
    for party in data.parties.values() {
        let mut moved = party.clone();
        moved.now = to(party.now);
        changes.push(Change::of(Some(party), Some(&moved)));
    }
    waybook_core::model::Edit::new("the clock", changes)
}

/// The campaign's clock and every party's present at `clock`, as a GM
/// who moved them all there by hand.
pub fn everyone_at(data: &mut CampaignData, clock: waybook_core::model::ClockTime) {
    for change in everyone_moved(data, |_| clock).changes {
        data.apply(&change);
    }
}
