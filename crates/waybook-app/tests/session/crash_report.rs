//! Crash reports (issue 36): a panic that escapes writes a report to the
//! data folder (version, screen, message, backtrace, the kinds and ids of
//! the last commands, no name or text of the campaign), and the next start
//! says so once, with where the report is and what the check of the
//! campaign found. A child process, the app driven through its commands,
//! is made to panic; the parent reads what it left.

use std::path::{Path, PathBuf};
use std::process::Command as Process;
use waybook_app::app::crash::{self, Face};
use waybook_app::app::{App, Command, ScriptedDialogs};

/// Set in the child: the folder it works in, and the face it panics from.
const CHILD_DIR: &str = "WAYBOOK_CRASH_REPORT_DIR";
const CHILD_FACE: &str = "WAYBOOK_CRASH_REPORT_FACE";

/// The child's side: the demo opened in the app, the clock moved on for a
/// reason that names a hero, the Travel screen noted, then a panic.
#[test]
#[ignore = "the child process of the crash report tests"]
fn child_panics_after_a_few_commands() {
    let Some(dir) = std::env::var_os(CHILD_DIR).map(PathBuf::from) else {
        panic!("run only as the crash report tests' child, with {CHILD_DIR} set");
    };
    let face = match std::env::var(CHILD_FACE).as_deref() {
        Ok("cli") => Face::CommandLine,
        _ => Face::Window,
    };
    crash::install(dir.join("data"), face);
    let mut app = App::new(Box::new(ScriptedDialogs::default()));
    app.data_dir = Ok(dir.join("data"));
    app.open_path(&dir.join("demo.waybook"));
    app.push(Command::MoveClock {
        party: None,
        meals: waybook_core::plan::rest::Meals::Fed,
        hours: 3,
        why: "Ash Varnell waits for the ferry".into(),
    });
    app.push(Command::Run(waybook_app::app::actions::Action::Undo));
    app.run_commands();
    crash::on_screen("Travel");
    panic!("forced for the test");
}

/// Runs the child in `dir` with the demo made there; its exit and stderr.
fn crash_in(dir: &Path, face: &str) -> (std::process::ExitStatus, String) {
    drop(waybook_core::demo::create_demo(&dir.join("demo.waybook")).expect("the demo"));
    let out = Process::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--exact",
            "crash_report::child_panics_after_a_few_commands",
            "--ignored",
            "--nocapture",
        ])
        .env(CHILD_DIR, dir)
        .env(CHILD_FACE, face)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("the child runs");
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The one report written in `dir`'s data folder.
fn report_in(dir: &Path) -> (PathBuf, String) {
    let folder = dir.join("data").join("crashes");
    let reports: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the crash folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    assert_eq!(reports.len(), 1, "{reports:?}");
    let text = std::fs::read_to_string(&reports[0]).expect("the report reads");
    (reports[0].clone(), text)
}

/// The report says what Waybook was doing by kinds and ids, never by the
/// campaign's names and texts; the next start says Waybook closed, where
/// the report is, and that the campaign was checked whole, once.
#[test]
fn a_panic_leaves_a_report_and_the_next_start_tells_of_it() {
    let dir = tempfile::tempdir().expect("dir");
    let (status, _) = crash_in(dir.path(), "window");
    assert!(!status.success(), "the child panicked");
    let (report, text) = report_in(dir.path());
    for said in [
        concat!(
            "Waybook ",
            env!("CARGO_PKG_VERSION"),
            " closed unexpectedly"
        ),
        "Screen: Travel",
        "Panic: forced for the test",
        "crash_report.rs",
        "Move the clock on 3 h",
        "Run Undo",
        "Backtrace:",
    ] {
        assert!(text.contains(said), "{said:?} in {text}");
    }
    for secret in [
        "Ash Varnell",
        "ferry",
        "Lantern",
        "Emberfall",
        "demo.waybook",
    ] {
        assert!(!text.contains(secret), "{secret:?} leaked into {text}");
    }
    let mut next = App::new(Box::new(ScriptedDialogs::default()));
    next.data_dir = Ok(dir.path().join("data"));
    next.tell_of_last_crash();
    let alert = next.alert.clone().expect("the next start tells of it");
    assert_eq!(alert.heading, "Waybook closed unexpectedly");
    let told = alert.text;
    assert!(
        told.starts_with("Waybook closed unexpectedly last time."),
        "{told}"
    );
    assert!(told.contains(&report.display().to_string()), "{told}");
    assert!(told.contains("was checked and is whole"), "{told}");
    let mut again = App::new(Box::new(ScriptedDialogs::default()));
    again.data_dir = Ok(dir.path().join("data"));
    again.tell_of_last_crash();
    assert_eq!(again.alert, None, "told once");
}

/// Checked, not assumed: a campaign gone since the crash is said to be so.
#[test]
fn the_next_start_says_when_the_campaign_cannot_be_checked() {
    let dir = tempfile::tempdir().expect("dir");
    crash_in(dir.path(), "window");
    std::fs::remove_file(dir.path().join("demo.waybook")).expect("removed");
    let mut next = App::new(Box::new(ScriptedDialogs::default()));
    next.data_dir = Ok(dir.path().join("data"));
    next.tell_of_last_crash();
    let told = next.alert.expect("told").text;
    assert!(told.contains("could not be checked"), "{told}");
}

/// On the command line the report's path is printed and the exit is not 0.
#[test]
fn the_command_line_prints_the_reports_path_and_fails() {
    let dir = tempfile::tempdir().expect("dir");
    let (status, stderr) = crash_in(dir.path(), "cli");
    assert!(!status.success());
    let (report, _) = report_in(dir.path());
    let said = format!("waybook: a crash report is at {}", report.display());
    assert!(stderr.contains(&said), "{said:?} in {stderr}");
}
