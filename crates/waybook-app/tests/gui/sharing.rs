//! Issue 56 from the window: File > Share through a folder… shares the
//! open campaign, a second machine joins and edits apart, the status bar
//! says what waits, and File > Sharing… shows the conflict with both
//! values and who made the other; the GM's choice settles it on both.

use crate::common::gui::Fixture;
use egui_kittest::kittest::Queryable;
use std::path::Path;
use std::time::{Duration, Instant};
use waybook_app::app::DialogOutcome;
use waybook_core::model::{Change, Edit};
use waybook_core::sharing::Machine;
use waybook_core::store::Campaign;

/// Steps the app until it shows `text` (a merge runs on a worker).
fn wait_until_shown(f: &mut Fixture, text: &str) {
    let began = Instant::now();
    while !f.shows(text) && began.elapsed() < Duration::from_secs(20) {
        f.harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    f.harness.run();
    assert!(f.shows(text), "shows {text:?}");
}

/// Steps the app until its sharing chore (sharing, joining, writing a
/// choice: on a worker) is done.
fn chore_done(f: &mut Fixture) {
    let began = Instant::now();
    while f.harness.state().app.sharing_chore.is_some() && began.elapsed() < Duration::from_secs(20)
    {
        f.harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    f.harness.run();
    assert!(
        f.harness.state().app.sharing_chore.is_none(),
        "the chore is done"
    );
}

/// The GM's `edit` made in the window and written, then a merge asked for
/// at once, until the window shows `shown`.
fn made_here_then_merged(f: &mut Fixture, edit: Edit, shown: &str) {
    use waybook_app::app::{Command, sharing::SharingStep};
    f.harness.state_mut().app.push(Command::Apply(edit));
    f.harness.run();
    f.harness.state_mut().app.settle_writes(true);
    (f.harness.state_mut().app).push(Command::Sharing(SharingStep::SyncNow));
    wait_until_shown(f, shown);
}

/// The demo shared from the window (File > Share through a folder…)
/// through a new folder, once the status bar says so: the folder and the
/// window.
fn shared_from_the_window() -> (tempfile::TempDir, Fixture) {
    let shared = tempfile::tempdir().expect("the shared folder");
    let mut f = Fixture::keeping_snapshots(vec![DialogOutcome::Picked(shared.path().to_owned())]);
    f.menu("File", "Share through a folder…");
    chore_done(&mut f);
    assert!(f.shows("Shared through"), "the status says so");
    wait_until_shown(&mut f, "⇄ Shared · no other machine has joined yet");
    (shared, f)
}

/// The laptop: a data folder of its own, joined through `folder`.
fn laptop(f: &Fixture, folder: &Path) -> (Machine, Campaign) {
    let machine = Machine::of_data_dir(&f.path("laptop data"), Some("Laptop")).expect("the laptop");
    let (campaign, _) =
        Campaign::join(folder, &f.path("laptop.waybook"), &machine).expect("joined");
    (machine, campaign)
}

/// A character renamed, as one edit.
fn rename(campaign: &Campaign, from: &str, to: &str) -> Edit {
    let data = campaign.load().expect("loads");
    let hero = data
        .characters
        .values()
        .find(|c| c.name == from)
        .expect("the hero");
    let mut renamed = hero.clone();
    renamed.name = to.to_owned();
    Edit::new(
        format!("Rename {from}"),
        vec![Change::of(Some(hero), Some(&renamed))],
    )
}

/// Two heroes renamed on both machines apart: two conflicts, each with
/// both values and who; the GM takes the laptop's name for the first,
/// which stays in its place, ticked, so the second's buttons do not move
/// under the mouse.
#[test]
fn a_shared_campaign_merges_the_laptops_edits_and_the_gm_settles_a_conflict() {
    let (shared, mut f) = shared_from_the_window();

    let (machine, mut laptop) = laptop(&f, shared.path());
    for (from, to) in [
        ("Ash Varnell", "Ash the Grey"),
        ("Sefa Qorrin", "Sefa the Red"),
    ] {
        laptop.apply(&rename(&laptop, from, to)).expect("renamed");
    }
    laptop.publish_edits(&machine).expect("published");
    let edit = {
        let campaign = Campaign::open(&f.path("demo.waybook")).expect("opens");
        let mut edit = rename(&campaign, "Ash Varnell", "Ash the Bold");
        edit.changes
            .extend(rename(&campaign, "Sefa Qorrin", "Sefa the Wise").changes);
        edit
    };
    made_here_then_merged(&mut f, edit, "⇄ 2 conflicts to choose");

    f.click("⇄ 2 conflicts to choose");
    assert!(
        f.shows("character “Ash the Bold”: name"),
        "the record and field"
    );
    assert!(f.shows("Here: Ash the Bold"));
    assert!(f.shows("Laptop: Ash the Grey (“Rename Ash Varnell”, just now)"));
    assert!(
        f.character("Ash the Bold").is_some(),
        "this machine's value until the GM chooses"
    );
    let take = |f: &Fixture| -> Vec<egui::Rect> {
        (f.harness.get_all_by_label("Take Laptop's"))
            .map(|b| b.rect())
            .collect()
    };
    let before = take(&f);
    assert_eq!(before.len(), 2, "a choice for each conflict");
    f.harness
        .get_all_by_label("Take Laptop's")
        .next()
        .expect("the first")
        .click();
    f.harness.run();
    chore_done(&mut f);
    assert!(
        f.shows("✔ Took Laptop's value"),
        "ticked where the choice was, saying whose"
    );
    assert!(
        f.shows("Chosen: the other machines settle on it as they sync"),
        "and the status bar"
    );
    assert!(f.shows("⇄ 1 conflict to choose"), "one left");
    let after = take(&f);
    assert_eq!(after.len(), 1, "one choice left");
    assert!(
        (after[0].min - before[1].min).length() < 1.0,
        "the second conflict's button where it was: {:?}, not {:?}",
        before[1],
        after[0]
    );
    assert!(
        f.character("Ash the Grey").is_some(),
        "the laptop's name taken"
    );
    f.click("Keep this machine's");
    chore_done(&mut f);
    assert!(f.shows("Conflicts, each chosen"), "settled");
    assert!(
        f.character("Sefa the Wise").is_some(),
        "this machine's kept"
    );

    // The laptop settles on the same name: the choice went with the edits.
    let report = laptop.sync(&machine).expect("synced");
    assert!(report.conflicts.is_empty(), "{report:#?}");
    let names: Vec<String> = laptop
        .load()
        .expect("loads")
        .characters
        .values()
        .map(|c| c.name.clone())
        .collect();
    assert!(names.contains(&"Ash the Grey".to_owned()));
    assert!(names.contains(&"Sefa the Wise".to_owned()));
    wait_until_shown(&mut f, "⇄ In step with Laptop, seen");
}

/// Sharing through a folder that is not there is refused with why, and
/// joining a folder with nothing shared in it opens nothing.
#[test]
fn sharing_refuses_a_missing_folder_and_joining_an_empty_one() {
    let nowhere = std::env::temp_dir().join("waybook no such folder");
    let empty = tempfile::tempdir().expect("an empty folder");
    let mut f = Fixture::keeping_snapshots(vec![
        DialogOutcome::Picked(nowhere.clone()),
        DialogOutcome::Picked(empty.path().to_owned()),
        DialogOutcome::Picked(empty.path().join("mine.waybook")),
    ]);
    f.menu("File", "Share through a folder…");
    chore_done(&mut f);
    assert!(f.shows("The campaign was not shared"), "refused");
    assert!(f.shows("is not a folder"));
    assert!(f.harness.state().app.sharing.is_none());
    f.menu("File", "Join a shared campaign…");
    chore_done(&mut f);
    assert!(f.shows("The shared campaign was not joined"));
    assert!(f.shows("no campaign is shared through"));
    assert!(
        !empty.path().join("mine.waybook").exists(),
        "nothing written"
    );
    assert!(f.shows("demo.waybook"), "the campaign open stays open");
}

/// File > Join a shared campaign… makes this machine's copy and opens it,
/// in step with the machine that shared it.
#[test]
fn joining_from_the_window_opens_this_machines_copy() {
    let shared = tempfile::tempdir().expect("the shared folder");
    let study_data = tempfile::tempdir().expect("the study's data folder");
    let study = shared.path().join("..").join(format!(
        "study {}.waybook",
        shared.path().file_name().expect("a name").to_string_lossy()
    ));
    let machine = Machine::of_data_dir(study_data.path(), Some("Study PC")).expect("the study");
    let mut campaign = waybook_core::demo::create_demo(&study).expect("the demo");
    campaign.share(shared.path(), &machine).expect("shared");
    drop(campaign);
    let copy = shared.path().join("..").join(format!(
        "laptop {}.waybook",
        shared.path().file_name().expect("a name").to_string_lossy()
    ));
    let mut f = Fixture::keeping_snapshots(vec![
        DialogOutcome::Picked(shared.path().to_owned()),
        DialogOutcome::Picked(copy.clone()),
    ]);
    f.menu("File", "Join a shared campaign…");
    chore_done(&mut f);
    assert!(f.shows("Joined the campaign shared through"));
    assert_eq!(
        f.harness
            .state()
            .app
            .session
            .as_ref()
            .and_then(|s| s.path_buf()),
        Some(waybook_core::files::absolute(&copy))
    );
    wait_until_shown(&mut f, "⇄ In step with Study PC");
    let _ = std::fs::remove_file(&study);
    let _ = std::fs::remove_file(&copy);
}

/// The first run's demo is shared with a demo laptop: a new GM meets the
/// status bar's word, the merged note and the conflict waiting.
#[test]
fn the_first_runs_demo_is_shared_with_a_demo_laptop() {
    let data = tempfile::tempdir().expect("a data folder");
    let mut f = first_run(data.path());
    wait_until_shown(&mut f, "days were played apart: choose whose to keep");
    assert!(f.shows("Merged 2 edits from Laptop (demo)"));
    f.click_containing("days were played apart: choose whose to keep");
    assert!(f.shows("character “Brother Ilo”: notes"));
    f.click("Keep this machine's");
    chore_done(&mut f);
    assert!(f.shows("Conflicts, each chosen"));
    assert!(f.shows("✔ Kept this machine's value"));
    // Opened again, it is not shared a second time.
    drop(f);
    let again = waybook_app::app::open_default(data.path()).expect("opens again");
    assert_eq!(
        again.shared_folder().expect("read"),
        Some(waybook_core::files::absolute(
            &data.path().join("Demo shared folder")
        ))
    );
}

/// A roll made on the laptop before one made here is listed below it in
/// the Log, though its id (the laptop's block) is the larger: both
/// machines' rolls, newest first, by when they were rolled.
#[test]
fn the_log_lists_both_machines_rolls_by_when_they_were_rolled() {
    use waybook_core::model::{LogEntry, LogKind};
    let (shared, mut f) = shared_from_the_window();
    let (machine, mut laptop) = laptop(&f, shared.path());
    let roll = |campaign: &Campaign, why: &str, real: &str| {
        let data = campaign.load().expect("loads");
        let entry = LogEntry::new(
            &data,
            LogKind::Dice,
            why,
            "d20: 7".to_owned(),
            Vec::new(),
            real.to_owned(),
        );
        Edit::new(why, vec![Change::of(None, Some(&entry))])
    };
    laptop
        .apply(&roll(&laptop, "Laptop's early roll", "2030-01-01 10:00"))
        .expect("rolled");
    laptop.publish_edits(&machine).expect("published");
    let here = {
        let campaign = Campaign::open(&f.path("demo.waybook")).expect("opens");
        roll(&campaign, "This machine's later roll", "2030-01-01 11:00")
    };
    made_here_then_merged(&mut f, here, "Merged 1 edit from Laptop");
    f.click("Log");
    let top = |f: &Fixture, text: &str| {
        use egui_kittest::kittest::Queryable as _;
        f.harness.get_by_label_contains(text).rect().top()
    };
    assert!(
        top(&f, "This machine's later roll") < top(&f, "Laptop's early roll"),
        "the later roll is listed first"
    );
}

/// The shared folder gone (a drive unplugged, a folder renamed): the
/// status bar says sharing is paused and why, edits go on here, and
/// sharing takes up again when the folder is back.
#[test]
fn a_shared_folder_gone_pauses_sharing_and_says_why() {
    use waybook_app::app::{Command, sharing::SharingStep};
    let (shared, mut f) = shared_from_the_window();
    let away = shared.path().with_extension("away");
    std::fs::rename(shared.path(), &away).expect("unplugged");
    let edit = {
        let campaign = Campaign::open(&f.path("demo.waybook")).expect("opens");
        rename(&campaign, "Ash Varnell", "Ash the Bold")
    };
    made_here_then_merged(&mut f, edit, "⇄ Sharing paused:");
    assert!(
        f.character("Ash the Bold").is_some(),
        "the edit is made here all the same"
    );
    std::fs::rename(&away, shared.path()).expect("plugged in again");
    (f.harness.state_mut().app).push(Command::Sharing(SharingStep::SyncNow));
    wait_until_shown(&mut f, "⇄ Shared · no other machine has joined yet");
    let journal = std::fs::read_dir(shared.path())
        .expect("the folder")
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "journal"))
        .expect("this machine's journal");
    let read = waybook_core::sharing::journal::read_from(&journal.path(), 0).expect("read");
    assert_eq!(
        read.records.len(),
        1,
        "the edit made while it was away, sent once it is back"
    );
}

/// The first run's demo, opened in the window, as a new GM meets it.
fn first_run(data: &Path) -> Fixture {
    let campaign = waybook_app::app::open_default(data).expect("the demo");
    let mut app = waybook_app::ui::WaybookApp::new(Box::new(
        waybook_app::app::ScriptedDialogs::new(Vec::new()),
    ));
    app.app.data_dir = Ok(data.to_owned());
    app.app.open_campaign(campaign);
    Fixture::around(app)
}

/// The first run's demo once its merge says the second party's days were
/// played apart, File > Sharing… opened from the status bar; the party as
/// this machine has it.
fn days_apart_shown(data: &Path) -> (Fixture, waybook_core::model::Party) {
    let mut f = first_run(data);
    wait_until_shown(&mut f, "days were played apart: choose whose to keep");
    let party = f
        .data()
        .parties
        .values()
        .nth(1)
        .expect("a second party")
        .clone();
    f.click_containing("days were played apart: choose whose to keep");
    (f, party)
}

/// The demo's second party lived days on each machine apart (two on the
/// laptop, one here): File > Sharing… says so with what each played, and
/// taking the laptop's days undoes this machine's (a snapshot kept) and
/// merges the laptop's: the party has lived its days once, as the laptop
/// played them.
#[test]
fn a_partys_days_played_apart_are_kept_from_the_laptop() {
    let data = tempfile::tempdir().expect("a data folder");
    let (mut f, party) = days_apart_shown(data.path());
    assert!(f.shows(&format!("{}'s days were played apart", party.name)));
    let (from, here) = (party.now.day - 1, party.now.day);
    assert!(f.shows(&format!("Here: 1 edit, day {from} → day {here}")));
    assert!(f.shows(&format!(
        "Laptop (demo): 1 edit, day {from} → day {}",
        here + 1
    )));
    let merge_now = |f: &Fixture| f.harness.get_by_label("Merge now").rect().min;
    let before = merge_now(&f);
    f.click("Take Laptop (demo)'s days");
    chore_done(&mut f);
    assert!(
        (merge_now(&f) - before).length() < 1.0,
        "what follows the days stays put: {before:?}, then {:?}",
        merge_now(&f)
    );
    let said = format!(
        "Took Laptop (demo)'s days of {}: this machine's are undone",
        party.name
    );
    assert!(f.shows(&said), "the status bar says so");
    assert!(
        f.shows("✔ Took Laptop (demo)'s days"),
        "and the window, in the choices' place"
    );
    let log = |f: &Fixture, why: &str| {
        f.data()
            .log
            .values()
            .filter(|e| e.why.contains(why))
            .count()
    };
    assert_eq!(
        log(&f, "the laptop's session"),
        1,
        "the laptop's day merged"
    );
    assert_eq!(
        log(&f, "this machine's session"),
        0,
        "this machine's day undone"
    );
    let lived = f.data().parties[&party.id].now;
    assert_eq!(
        lived.day,
        party.now.day + 1,
        "the laptop's two days, lived once"
    );
    assert!(
        !f.shows("Take Laptop (demo)'s days") && !f.shows("choose whose to keep"),
        "settled"
    );
}

/// Days already kept elsewhere (`waybook sync --keep-days` beside the
/// window) are refused in the window with why, and nothing changes.
#[test]
fn days_kept_elsewhere_first_are_refused_with_why() {
    let data = tempfile::tempdir().expect("a data folder");
    let (mut f, party) = days_apart_shown(data.path());
    let party = party.id.0;
    let path = (f.harness.state().app.session.as_ref())
        .and_then(|s| s.path_buf())
        .expect("a file");
    let machine = f
        .harness
        .state()
        .app
        .sharing
        .as_ref()
        .expect("shared")
        .machine
        .clone();
    Campaign::open_beside(&path)
        .and_then(|mut c| c.keep_days(&machine, party, waybook_core::store::sharing::Side::Mine))
        .expect("kept beside the window");
    f.click("Take Laptop (demo)'s days");
    chore_done(&mut f);
    assert!(f.shows("The days were not kept: "));
    assert!(f.shows("played on another machine are waiting"));
    let kept = (f.data().log.values())
        .filter(|e| e.why.contains("this machine's session"))
        .count();
    assert_eq!(kept, 1, "this machine's day stands");
}
