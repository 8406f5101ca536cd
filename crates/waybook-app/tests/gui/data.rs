//! GUI tests of the campaign's safety (issue 10): restoring a snapshot, and
//! exporting and importing the campaign as JSON, through the File menu.

use crate::common::gui::Fixture;
use egui_kittest::kittest::{NodeT, Queryable};
use waybook_app::app::DialogOutcome;
use waybook_core::store::Campaign;

fn open_path(f: &Fixture) -> std::path::PathBuf {
    f.harness
        .state()
        .app
        .session
        .as_ref()
        .and_then(|s| s.path_buf())
        .expect("a campaign file is open")
}

/// The snapshots the app keeps of the campaign at `path`.
fn snapshots(f: &Fixture, path: &std::path::Path) -> Vec<waybook_core::store::snapshots::Snapshot> {
    f.harness
        .state()
        .app
        .snapshots_of(path)
        .expect("the fixture keeps snapshots")
        .list()
        .expect("listed")
}

#[test]
fn a_snapshot_is_restored_as_a_new_campaign() {
    let dir = tempfile::tempdir().expect("dir");
    let restored = dir.path().join("restored.waybook");
    let mut f = Fixture::keeping_snapshots(vec![DialogOutcome::Picked(restored.clone())]);
    let original = open_path(&f);
    assert!(f.harness.state().title.contains("· demo.waybook — Waybook"));
    f.menu("File", "Snapshots…");
    f.wait_for_snapshots();
    assert!(
        f.shows("Snapshots") && f.shows_exactly("opened"),
        "today's snapshot on opening"
    );
    assert!(f.shows("13 characters"));
    f.click("Restore…");
    assert!(f.shows("Restored as a new campaign"));
    assert_eq!(open_path(&f), restored, "the new file is open");
    // Issue 22, fault 15: the window's title names the campaign now open.
    assert!(
        f.harness
            .state()
            .title
            .contains("· restored.waybook — Waybook"),
        "{}",
        f.harness.state().title
    );
    assert!(original.exists(), "the open campaign was not touched");
    let kept = snapshots(&f, &original);
    assert!(
        kept.iter().any(|s| s.reason == "restore"),
        "the campaign open before is kept too: {kept:?}"
    );
    let back = Campaign::open(&restored)
        .expect("opens")
        .load()
        .expect("loads");
    assert_eq!(back.characters.len(), 13);
}

#[test]
fn the_campaign_goes_out_as_json_and_comes_back_as_a_new_file() {
    let dir = tempfile::tempdir().expect("dir");
    let json = dir.path().join("campaign.json");
    let copy = dir.path().join("from-json.waybook");
    let mut f = Fixture::with_dialogs(vec![
        DialogOutcome::Picked(json.clone()),
        DialogOutcome::Picked(json.clone()),
        DialogOutcome::Picked(copy.clone()),
    ]);
    f.menu("File", "Export JSON…");
    assert!(f.shows("Wrote the whole campaign to"));
    f.menu("File", "Import JSON…");
    assert!(
        f.shows("Imported as a new campaign"),
        "then asked where the new file goes"
    );
    assert_eq!(open_path(&f), copy);
    assert_eq!(f.data().characters.len(), 13);
}

#[test]
fn a_bad_json_file_is_refused_with_the_field_it_names() {
    let dir = tempfile::tempdir().expect("dir");
    let json = dir.path().join("bad.json");
    let mut f = Fixture::with_dialogs(vec![
        DialogOutcome::Picked(json.clone()),
        DialogOutcome::Picked(json.clone()),
    ]);
    f.menu("File", "Export JSON…");
    let text = std::fs::read_to_string(&json).expect("read");
    std::fs::write(
        &json,
        text.replacen("\"quantity\": 25", "\"quantity\": -3", 1),
    )
    .expect("written");
    f.menu("File", "Import JSON…");
    assert!(f.shows("holdings[0].quantity: must be between 1 and 1000000"));
    assert_eq!(
        open_path(&f),
        f.path("demo.waybook"),
        "the open campaign stays open"
    );
}

fn ash_quality(f: &Fixture) -> i64 {
    f.character("Ash Varnell").expect("Ash").companion.quality
}

/// Typing into Ash's sheet is refused in `words`; nothing changes in
/// memory or in `file`.
fn an_edit_is_refused(f: &mut Fixture, file: &str, words: &str) {
    let before = std::fs::read(f.path(file)).expect("read");
    f.click("Ash Varnell");
    f.type_into("Quality", "3");
    assert!(f.shows(words), "the GM is told: {words}");
    assert_eq!(ash_quality(f), 5, "nothing changed in memory");
    assert_eq!(std::fs::read(f.path(file)).expect("read"), before);
}

#[test]
fn a_read_only_file_opens_read_only_and_refuses_edits_in_words() {
    let mut f = Fixture::opening(
        "locked.waybook",
        |path| {
            let mut permissions = std::fs::metadata(path).expect("there").permissions();
            permissions.set_readonly(true);
            std::fs::set_permissions(path, permissions).expect("made read-only");
        },
        vec![],
        false,
    );
    assert!(
        f.shows("Read-only: changes are refused"),
        "a banner says so"
    );
    an_edit_is_refused(
        &mut f,
        "locked.waybook",
        "is read-only, so nothing in it can change",
    );
}

/// The demo in `file`, `sql` run on it as another program would, opened.
fn opened_after_sql(file: &str, sql: &'static str) -> Fixture {
    Fixture::opening(
        file,
        move |path| {
            rusqlite::Connection::open(path)
                .expect("opens")
                .execute_batch(sql)
                .expect("the SQL runs");
        },
        vec![],
        false,
    )
}

#[test]
fn a_log_that_cannot_be_read_leaves_the_campaign_shown_and_refusing_edits() {
    let mut f = opened_after_sql(
        "torn.waybook",
        "UPDATE log_entry SET body = '{\"torn\":' WHERE id = (SELECT MIN(id) FROM log_entry)",
    );
    assert!(
        f.shows("its campaign log could not be read"),
        "the GM is told at once"
    );
    f.click("OK");
    assert!(f.shows("Damaged: changes are refused"), "a banner says so");
    assert!(
        f.character("Ash Varnell").is_some(),
        "the rest of the campaign is shown"
    );
    f.click("Log");
    assert!(f.shows("The campaign log could not be read"));
    f.click("Roster");
    an_edit_is_refused(&mut f, "torn.waybook", "its campaign log could not be read");
}

#[test]
fn the_screens_that_show_the_log_say_it_is_being_read() {
    let mut f = Fixture::demo();
    let session = f.harness.state_mut().app.session.as_mut().expect("open");
    // As a large campaign is shown before its log is in.
    session.data.log.clear();
    session.data.log_read = waybook_core::model::LogRead::Reading;
    session.data.revision += 1;
    // A spinner turns while the log is read: a few frames, not until still.
    for screen in ["Log", "Chronicle", "Calendar", "Dice and rules", "Log"] {
        f.harness.get_by_label(screen).click();
        f.harness.run_steps(4);
        assert!(f.shows("Reading the campaign log…"), "{screen} says so");
    }
    assert!(
        !f.shows("entries"),
        "no count of entries while they are not all in"
    );
}

#[test]
fn a_campaign_file_deleted_while_open_stops_the_edits_and_says_why() {
    let mut f = Fixture::demo();
    std::fs::remove_file(f.path("demo.waybook")).expect("deleted behind Waybook's back");
    f.harness.step();
    f.harness.run();
    assert!(
        f.shows("was moved or deleted while it was open. What is on screen is still here"),
        "told at once, before any edit"
    );
    f.click("OK");
    f.click("Ash Varnell");
    f.type_into("Quality", "3");
    assert!(f.shows("was moved or deleted while it was open"));
    assert_eq!(ash_quality(&f), 5, "the edit was not made");
}

#[test]
fn a_campaign_in_a_sync_folder_is_warned_of_once() {
    let mut f = Fixture::opening("Dropbox/rpg/demo.waybook", |_| {}, vec![], false);
    assert!(f.shows("is in a Dropbox folder"));
    f.click("OK");
    let path = f.path("Dropbox/rpg/demo.waybook");
    f.harness.state_mut().app.open_path(&path);
    f.harness.run();
    assert!(!f.shows("is in a Dropbox folder"), "once is enough");
}

#[test]
fn a_csv_roster_shows_its_bad_row_before_anything_is_written_and_imports_as_one_step() {
    let dir = tempfile::tempdir().expect("dir");
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "Name,Player,XP\nKell,Sam,3\nDory,Lin,lots\n").expect("written");
    let good = dir.path().join("good.csv");
    std::fs::write(
        &good,
        "Name,Player,XP,Kind\nKell,Sam,3,ally\nDory,Lin,7,hero\n",
    )
    .expect("written");
    let mut f = Fixture::keeping_snapshots(vec![
        DialogOutcome::Picked(bad.clone()),
        DialogOutcome::Picked(good.clone()),
    ]);
    f.click("Import CSV…");
    assert!(f.shows("row 3: XP: “lots” is not a whole number"));
    assert!(
        f.harness
            .get_by_label("Import")
            .accesskit_node()
            .is_disabled()
    );
    assert_eq!(f.data().characters.len(), 13, "nothing written");
    f.click("Cancel");
    f.click("Import CSV…");
    assert!(f.shows("2 characters are ready to add, with 2 new players: Lin, Sam."));
    f.click("Import");
    assert_eq!(f.data().characters.len(), 15);
    let kell = f.character("Kell").expect("Kell");
    let player = f.data().player_name(kell.player);
    assert_eq!((player, kell.companion.xp), ("Sam", 3));
    let path = open_path(&f);
    let before_import = snapshots(&f, &path);
    assert!(
        before_import.iter().any(|s| s.reason == "import"),
        "a snapshot came first"
    );
    f.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    f.harness.run();
    assert_eq!(
        f.data().characters.len(),
        13,
        "one undo takes the whole import back"
    );
}

/// Issue 14: the file's integrity check runs while the campaign is shown;
/// a file it finds damaged is said at once, marked in the status bar, and
/// refuses edits in words, its bytes untouched.
#[test]
fn a_file_found_damaged_after_it_opened_says_so_and_refuses_edits() {
    let mut f = Fixture::opening(
        "damaged.waybook",
        crate::common::break_a_check_constraint,
        vec![],
        true,
    );
    for _ in 0..500 {
        let session = f.harness.state().app.session.as_ref().expect("open");
        if !session.is_being_checked() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        f.harness.step();
    }
    f.harness.run();
    assert!(f.shows("Ash Varnell"), "what could be read is shown");
    assert!(
        f.shows("Damaged: changes are refused"),
        "the status bar says so"
    );
    assert!(
        f.shows("failed its integrity check"),
        "and the GM is told why"
    );
    f.click("OK");
    an_edit_is_refused(
        &mut f,
        "damaged.waybook",
        "Waybook writes nothing more to it",
    );
}

/// Issue 22, fault 13: the path field for a JSON import's new campaign
/// suggests the imported campaign's name in the GM's own home folder, not
/// a made-up "/home/me".
#[test]
fn an_import_suggests_a_real_folder_and_the_campaigns_name() {
    let dir = tempfile::tempdir().expect("dir");
    let json = dir.path().join("campaign.json");
    let mut f = Fixture::with_dialogs(vec![
        DialogOutcome::Picked(json.clone()),
        DialogOutcome::Picked(json.clone()),
        DialogOutcome::Unavailable,
    ]);
    f.menu("File", "Export JSON…");
    f.menu("File", "Import JSON…");
    let hint = f
        .harness
        .state()
        .app
        .suggested_path(waybook_app::app::DialogPurpose::NewFromCopy);
    let name = f.data().settings.name.clone();
    assert_eq!(
        hint.file_name().and_then(|n| n.to_str()),
        Some(format!("{name}.waybook").as_str())
    );
    assert!(!hint.starts_with("/home/me"), "{}", hint.display());
    assert!(f.shows("No file dialog is available here"));
}

/// Issue 22, fault 15: a CSV with a bad row can import its good rows
/// without fixing the bad one first, as one undo step.
#[test]
fn a_csv_with_a_bad_row_can_import_its_good_rows() {
    let dir = tempfile::tempdir().expect("dir");
    let bad = dir.path().join("bad.csv");
    std::fs::write(
        &bad,
        "Name,Player,XP\nKell,Sam,3\nDory,Lin,lots\nWren,Ode,1\n",
    )
    .expect("written");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(bad.clone())]);
    f.click("Import CSV…");
    assert!(f.shows("row 3: XP: “lots” is not a whole number"));
    f.click("Import the 2 good rows without the 1 bad one");
    assert_eq!(f.data().characters.len(), 15);
    assert!(f.character("Kell").is_some() && f.character("Wren").is_some());
    assert!(f.character("Dory").is_none(), "the bad row is left out");
    let session = f.harness.state().app.session.as_ref().expect("open");
    assert_eq!(
        session.undo_label(),
        Some(
            format!(
                "Import 2 characters from {} (1 row left out)",
                bad.display()
            )
            .as_str()
        )
    );
}

/// Issue 22, fault 15: File has Quit (Ctrl+Q), which writes what is being
/// typed and closes the window.
#[test]
fn file_quit_closes_the_window() {
    let mut f = Fixture::demo();
    f.menu("File", "Quit");
    assert!(f.harness.state().closing);
}

/// Issue 23: without a data folder the snapshots window says snapshots are
/// off, not that there are none.
#[test]
fn without_a_data_folder_snapshots_are_off_and_say_so() {
    let mut f = Fixture::demo();
    f.menu("File", "Snapshots…");
    assert!(f.shows("Snapshots are off: Waybook has no data folder to keep them in"));
    assert!(!f.shows("No snapshots of this campaign yet."));
}

/// Issue 25: File > Export pack… writes the house rules; File > Import
/// pack… shows what clashes by name, the GM replaces one, and the import
/// is one undo step.
#[test]
fn a_pack_is_exported_and_imported_with_a_clash_replaced() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("rules.json");
    let theirs = dir.path().join("theirs.json");
    let mut f = Fixture::with_dialogs(vec![
        waybook_app::app::DialogOutcome::Picked(out.clone()),
        waybook_app::app::DialogOutcome::Picked(theirs.clone()),
        waybook_app::app::DialogOutcome::Picked(out.clone()),
    ]);
    f.menu("File", "Export pack…");
    let mut pack =
        waybook_core::exchange::pack::Pack::parse(&std::fs::read_to_string(&out).expect("written"))
            .expect("a pack");
    assert_eq!(pack.tables.len(), f.data().tables.len());
    pack.tables
        .iter_mut()
        .find(|t| t.name == "Toll bandits")
        .expect("the bandits")
        .rows[0]
        .result = "Three toll-keepers".to_owned();
    std::fs::write(&theirs, pack.to_json()).expect("written");
    f.menu("File", "Import pack…");
    assert!(f.shows("Import the pack"));
    assert!(f.shows("table Toll bandits"), "the clash is named");
    assert!(
        f.shows("row 1 result: “Two toll-keepers with cudgels” → “Three toll-keepers”"),
        "and how it differs"
    );
    assert!(f.shows("New to this campaign: 0 tables, 0 items, 0 wares, 0 cults, 0 regions."));
    f.harness
        .get_all_by_label("Replace it")
        .next()
        .expect("a choice")
        .click();
    f.harness.run();
    f.click("Import");
    let bandits = |f: &Fixture| {
        f.data().table_named("Toll bandits").expect("bandits").rows[0]
            .result
            .clone()
    };
    assert_eq!(bandits(&f), "Three toll-keepers");
    f.menu("Edit", "Undo");
    assert_eq!(
        bandits(&f),
        "Two toll-keepers with cudgels",
        "one undo step"
    );
    std::fs::write(&out, "{\"format\": \"waybook-pack\", \"version\": 9}").expect("written");
    f.menu("File", "Import pack…");
    assert!(
        f.shows("the pack was written by a newer Waybook"),
        "refused in words"
    );
    assert!(!f.shows("Import the pack"), "no import window");
}

/// Issue 50, item 25: the demo's switches are as a new campaign has them
/// and still its GM's: the import window lists a pack's day of 20 hours as
/// a clash, in the words `waybook import-pack` prints, and keeps the
/// demo's 24 unless the GM chooses otherwise.
#[test]
fn the_pack_window_lists_a_switch_that_differs_and_keeps_it() {
    let dir = tempfile::tempdir().expect("dir");
    let theirs = dir.path().join("theirs.json");
    let picked = waybook_app::app::DialogOutcome::Picked(theirs.clone());
    let mut f = Fixture::with_dialogs(vec![picked.clone(), picked]);
    let mut pack = waybook_core::exchange::pack::Pack::of(f.data(), "Short days");
    pack.switches.as_mut().expect("switches").day_hours = 20;
    std::fs::write(&theirs, pack.to_json()).expect("written");
    f.menu("File", "Import pack…");
    assert!(f.shows("the rule switches"), "the clash is named");
    assert!(f.shows("day hours: 24 → 20"), "and how it differs");
    // Item 31: on one line, not broken mid-word ("the rule switch|es").
    let font = egui::TextStyle::Body.resolve(&f.harness.ctx.global_style());
    let row = f.harness.ctx.fonts_mut(|fonts| fonts.row_height(&font));
    let name = f.harness.get_by_label("the rule switches").rect();
    assert!(name.height() < 1.5 * row, "{name:?} for rows of {row}");
    assert!(!f.shows("in place of"), "nothing said to come in unasked");
    f.click("Import");
    assert_eq!(f.data().settings.day_hours, 24, "kept");
    f.menu("File", "Import pack…");
    f.click("Replace it");
    f.click("Import");
    assert_eq!(f.data().settings.day_hours, 20, "replaced when the GM says");
}

/// Issue 34, item 21: a pack naming a table neither it nor the campaign
/// has is refused before any choice, however its clash would be settled.
#[test]
fn a_pack_whose_kept_clash_is_broken_is_refused_before_any_choice() {
    let dir = tempfile::tempdir().expect("dir");
    let theirs = dir.path().join("theirs.json");
    let mut f = Fixture::with_dialogs(vec![waybook_app::app::DialogOutcome::Picked(
        theirs.clone(),
    )]);
    let mut pack = waybook_core::exchange::pack::Pack::of(f.data(), "Dragons");
    let pass = (pack.regions.iter_mut())
        .find(|r| r.name == "Greyspine pass")
        .expect("the pass");
    pass.warriors = Some("Dragons".to_owned());
    pass.keep_percent = 75;
    std::fs::write(&theirs, pack.to_json()).expect("written");
    let before = f.data().clone();
    f.menu("File", "Import pack…");
    assert!(f.shows(
        "It cannot come in: regions[0].warriors: no table is named “Dragons” in the pack or the campaign"
    ));
    assert!(!f.shows("Keep mine"), "nothing to choose");
    assert!(
        f.harness.query_by_label("Import").is_none(),
        "no Import button"
    );
    f.click("Close");
    assert!(!f.shows("It cannot come in"), "the window closed");
    assert_eq!(*f.data(), before, "nothing changed");
}

/// Issue 34, 35: with no data folder, no snapshot can be kept before an
/// older campaign is upgraded. The app says so and asks; "Don't open"
/// leaves the file as it was; "Upgrade, keeping a copy" (issue 50, item
/// 28) keeps a copy of it as it was beside it, upgrades it, and the status
/// bar says where the copy is. With a data folder, nothing is asked.
#[test]
fn an_older_file_is_upgraded_without_a_snapshot_only_when_the_gm_says() {
    let older = |path: &std::path::Path| {
        std::fs::remove_file(path).expect("the demo made way");
        crate::common::first_version_campaign(path);
    };
    let mut f = Fixture::opening("old.waybook", older, Vec::new(), false);
    let path = f.path("old.waybook");
    assert!(f.shows("Upgrade an older campaign?"));
    assert!(f.shows(
        "Waybook keeps a snapshot of a file before it upgrades it, and cannot here: no data folder was given."
    ));
    assert!(
        f.harness.state().app.session.is_none(),
        "nothing opened yet"
    );
    f.click("Don't open");
    assert_eq!(
        crate::common::schema_version(&path),
        1,
        "not a byte upgraded"
    );
    assert!(f.shows("was not opened, and is as it was"));
    f.harness
        .state_mut()
        .app
        .push(waybook_app::app::Command::OpenPath(path.clone()));
    f.harness.run();
    f.click("Upgrade, keeping a copy");
    assert_eq!(
        crate::common::schema_version(&path),
        waybook_core::store::LATEST_VERSION
    );
    assert_eq!(f.data().settings.name, "Old");
    let copy = f.path("old (before the upgrade).waybook");
    assert_eq!(
        crate::common::schema_version(&copy),
        1,
        "the copy as it was"
    );
    assert!(f.shows(&format!(
        "a copy of it as it was, which an older Waybook opens, is at {}",
        copy.display()
    )));

    let kept = Fixture::opening("old.waybook", older, Vec::new(), true);
    assert!(
        !kept.shows("Upgrade without a snapshot?"),
        "a snapshot is kept instead"
    );
    assert_eq!(kept.data().settings.name, "Old");
    let snapshots = kept
        .harness
        .state()
        .app
        .snapshots_of(&kept.path("old.waybook"))
        .expect("a data folder")
        .list()
        .expect("listed");
    assert!(
        snapshots.iter().any(|s| s.reason == "migration"),
        "{snapshots:?}"
    );
}

/// Issue 50, item 28: File > Open of an older campaign whose snapshot the
/// data folder cannot take (a file stands where it should be) said only
/// "Could not open". It says why, and offers the upgrade with a copy of
/// the file as it was beside it; the campaign open before stays open
/// until the GM says.
#[test]
fn file_open_of_an_older_campaign_without_a_snapshot_offers_the_upgrade() {
    let dir = tempfile::tempdir().expect("dir");
    let old = dir.path().join("Old road.waybook");
    crate::common::first_version_campaign(&old);
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(old.clone())]);
    let unusable = f.path("data");
    std::fs::write(&unusable, "a file, not a folder").expect("written");
    f.harness.state_mut().app.data_dir = Ok(unusable.clone());
    f.menu("File", "Open…");
    assert!(!f.shows("Could not open"), "not a bare refusal");
    assert!(f.shows("Upgrade an older campaign?"));
    assert!(f.shows(&format!(
        "{} was written by an older Waybook. To open it, Waybook upgrades it, and an older Waybook cannot open it after.",
        old.display()
    )));
    assert!(f.shows(&format!(
        "Waybook keeps a snapshot of a file before it upgrades it, and cannot here: could not read or write {}",
        unusable.join("snapshots").display()
    )));
    assert!(f.shows(
        "Upgrading keeps a copy of the file as it is beside it instead: Old road (before the upgrade).waybook."
    ));
    assert_eq!(f.data().characters.len(), 13, "the demo is still open");
    assert_eq!(
        crate::common::schema_version(&old),
        1,
        "nothing written yet"
    );

    f.click("Upgrade, keeping a copy");
    assert_eq!(f.data().settings.name, "Old");
    assert_eq!(
        crate::common::schema_version(&old),
        waybook_core::store::LATEST_VERSION
    );
    let copy = dir.path().join("Old road (before the upgrade).waybook");
    assert_eq!(
        crate::common::schema_version(&copy),
        1,
        "the copy as it was"
    );
    let name: String = rusqlite::Connection::open(&copy)
        .expect("the copy opens")
        .query_row("SELECT name FROM campaign", [], |row| row.get(0))
        .expect("its name");
    assert_eq!(name, "Old", "the copy holds the campaign");
}

/// The window writes behind its frames: when the file refuses an edit at
/// its commit (here a trigger standing in for a full disk), the GM is told
/// a moment later, the edit is taken back and the screen shows what the
/// file holds.
#[test]
fn an_edit_the_file_refuses_behind_the_frames_is_taken_back_and_said() {
    let mut f = opened_after_sql(
        "refusing.waybook",
        "CREATE TRIGGER refuse BEFORE UPDATE ON character \
         BEGIN SELECT RAISE(ABORT, 'the disk is full'); END;",
    );
    let before = std::fs::read(f.path("refusing.waybook")).expect("read");
    f.click("Ash Varnell");
    f.type_into("Quality", "3");
    for _ in 0..200 {
        if f.shows("The file refused an edit") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        f.harness.step();
    }
    f.harness.run();
    assert!(
        f.shows("the disk is full. The last edit was not written, so taken back"),
        "the GM is told what became of the edit"
    );
    assert_eq!(ash_quality(&f), 5, "taken back from memory");
    assert_eq!(
        std::fs::read(f.path("refusing.waybook")).expect("read"),
        before
    );
}
