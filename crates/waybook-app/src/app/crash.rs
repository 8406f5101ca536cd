//! Crash reports. A panic that escapes writes a report to the data folder:
//! Waybook's version, the screen, the panic's message, where it happened
//! and its backtrace, and the kinds and ids of the last commands, never a
//! name or a text of the campaign. The campaign that was open is noted
//! beside the report, not in it; the next start says that Waybook closed
//! unexpectedly, where the report is, and what the integrity check of that
//! campaign found (every edit is durable, so it should be whole: it is
//! checked, not assumed). On the command line the report's path is printed
//! and the process exits non-zero, as any panic does. A window that cannot
//! open at all gets a report too, named in the words that say so then
//! (`gui::window_failed`).

use super::Command;
use std::collections::VecDeque;
use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The commands a report keeps, the last ones.
const KEPT: usize = 20;

/// The folder of the data folder that holds the reports.
const FOLDER: &str = "crashes";

/// The note beside the reports of the last crash not yet told.
const UNTOLD: &str = "untold.json";

/// What the app was doing, for a report: kept as it goes, cheaply.
struct Trail {
    screen: &'static str,
    commands: VecDeque<String>,
    campaign: Option<PathBuf>,
}

static TRAIL: Mutex<Trail> = Mutex::new(Trail {
    screen: "",
    commands: VecDeque::new(),
    campaign: None,
});

fn trail() -> MutexGuard<'static, Trail> {
    // A panic elsewhere never leaves the trail half-written: take it as is.
    TRAIL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The screen the GM is on.
pub fn on_screen(screen: &'static str) {
    trail().screen = screen;
}

/// A command the app is about to run, by kind and ids.
pub fn command(command: &Command) {
    let mut trail = trail();
    if trail.commands.len() == KEPT {
        trail.commands.pop_front();
    }
    trail.commands.push_back(trace(command));
}

/// The campaign open now, to check after a crash.
pub fn campaign(path: Option<&Path>) {
    trail().campaign = path.map(Path::to_owned);
}

/// Which face of Waybook a panic escapes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// The window: the next start tells the GM.
    Window,
    /// The command line: the report's path is printed now.
    CommandLine,
}

/// Installs the panic hook that writes a report into `data_dir`'s crash
/// folder, then lets the panic go on as before (its message on stderr).
pub fn install(data_dir: PathBuf, face: Face) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let written = write_report(&data_dir, info);
        match (&written, face) {
            (Ok(report), Face::CommandLine) => {
                eprintln!("waybook: a crash report is at {}", report.display());
            }
            (Err(e), _) => eprintln!("waybook: no crash report could be written: {e}"),
            (Ok(_), Face::Window) => {}
        }
        previous(info);
    }));
}

/// A new report's path in the crash folder of `data_dir`, the folder made.
fn new_report(data_dir: &Path, now: jiff::Timestamp) -> std::io::Result<PathBuf> {
    let folder = data_dir.join(FOLDER);
    std::fs::create_dir_all(&folder)?;
    let name = format!(
        "crash-{}-{}.txt",
        now.strftime("%Y-%m-%dT%H-%M-%SZ"),
        std::process::id()
    );
    Ok(folder.join(name))
}

/// Writes the report of a window that could not open: Waybook's version,
/// the system, and what the window's libraries said (`said`). Nothing is
/// noted for the next start to tell: Waybook did not close unexpectedly,
/// it never opened, and said so then.
pub fn write_window_report(data_dir: &Path, said: &str) -> std::io::Result<PathBuf> {
    let now = jiff::Timestamp::now();
    let report = new_report(data_dir, now)?;
    let text = format!(
        "Waybook {} could not open its window\nWhen: {now}\nSystem: {} {}\nWhat the window's libraries said: {said}\n",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS,
        std::env::consts::ARCH,
    );
    std::fs::write(&report, text)?;
    Ok(report)
}

/// Writes the report of `info` and the note of what to tell next time.
fn write_report(data_dir: &Path, info: &std::panic::PanicHookInfo<'_>) -> std::io::Result<PathBuf> {
    let folder = data_dir.join(FOLDER);
    let now = jiff::Timestamp::now();
    let report = new_report(data_dir, now)?;
    let (text, campaign) = {
        let trail = trail();
        (report_text(info, &trail, now), trail.campaign.clone())
    };
    std::fs::write(&report, text)?;
    let untold = Untold {
        report: report.clone(),
        campaign,
    };
    let note = serde_json::to_string(&untold).map_err(std::io::Error::other)?;
    std::fs::write(folder.join(UNTOLD), note)?;
    Ok(report)
}

fn report_text(
    info: &std::panic::PanicHookInfo<'_>,
    trail: &Trail,
    now: jiff::Timestamp,
) -> String {
    let message = (info
        .payload()
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned()))
    .or_else(|| info.payload().downcast_ref::<String>().cloned())
    .unwrap_or_else(|| "(no message)".to_owned());
    let at = info
        .location()
        .map_or_else(String::new, ToString::to_string);
    let thread = std::thread::current()
        .name()
        .unwrap_or("unnamed")
        .to_owned();
    let commands: Vec<String> = trail.commands.iter().map(|c| format!("  {c}")).collect();
    format!(
        "Waybook {} closed unexpectedly\nWhen: {now}\nScreen: {}\nPanic: {message}\nAt: {at}\nThread: {thread}\n\nLast commands, oldest first (kinds and ids only):\n{}\n\nBacktrace:\n{}\n",
        env!("CARGO_PKG_VERSION"),
        if trail.screen.is_empty() {
            "none"
        } else {
            trail.screen
        },
        if commands.is_empty() {
            "  none".to_owned()
        } else {
            commands.join("\n")
        },
        std::backtrace::Backtrace::force_capture()
    )
}

/// The note of a crash not yet told: its report and the campaign open.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Untold {
    report: PathBuf,
    campaign: Option<PathBuf>,
}

/// What the start after a crash tells the GM, once: that Waybook closed
/// unexpectedly, where the report is, and what the integrity check of the
/// campaign that was open found. None when there was no crash since.
pub fn told_after_crash(data_dir: &Path) -> Option<String> {
    let note = data_dir.join(FOLDER).join(UNTOLD);
    let text = std::fs::read_to_string(&note).ok()?;
    // Told once, whatever the note says.
    let _ = std::fs::remove_file(&note);
    let untold: Untold = serde_json::from_str(&text).ok()?;
    let checked = match &untold.campaign {
        None => "No campaign was open.".to_owned(),
        Some(path) => match waybook_core::store::check(path) {
            Ok(report) if report.is_ok() => format!(
                "The campaign {} was checked and is whole: every edit made before the crash is in it.",
                path.display()
            ),
            Ok(report) => format!(
                "The campaign {} was checked and has problems: integrity {}; {}. Restore a snapshot from File > Snapshots, or run waybook check on it.",
                path.display(),
                report.integrity,
                report.problems.join("; ")
            ),
            Err(e) => format!("The campaign {} could not be checked: {e}.", path.display()),
        },
    };
    Some(format!(
        "Waybook closed unexpectedly last time. A report of what it was doing (no names or texts of the campaign) is at {}. {checked}",
        untold.report.display()
    ))
}

/// A command by the kinds and ids it names, never a name or a text of the
/// campaign: "Apply: character 3 changed, holding 12 added".
pub fn trace(command: &Command) -> String {
    let changes = |what: &str, edit: &waybook_core::model::Edit| {
        let mut said: Vec<String> = edit.changes.iter().take(8).map(|c| c.trace()).collect();
        if edit.changes.len() > 8 {
            said.push(format!("{} more", edit.changes.len() - 8));
        }
        format!("{what}: {}", said.join(", "))
    };
    match command {
        Command::Apply(edit) => changes("Apply", edit),
        Command::Draft(edit) => changes("Draft", edit),
        Command::ImportRoster(edit) => changes("Import roster", edit),
        Command::ImportPack(edit) => changes("Import pack", edit),
        Command::Run(action) => format!("Run {action:?}"),
        Command::OpenPath(_) => "Open a campaign".to_owned(),
        Command::PathChosen(purpose, _) => format!("Path chosen for {purpose:?}"),
        Command::Export(sheets) => format!("Export {sheets:?}"),
        Command::CancelExport => "Cancel the export".to_owned(),
        Command::RestoreSnapshot(_) => "Restore a snapshot".to_owned(),
        Command::MakeHandouts => "Make handouts".to_owned(),
        Command::ImportTable => "Import a table".to_owned(),
        Command::ImportFoundry => "Import Foundry tables".to_owned(),
        Command::ImportCalendar => "Import a calendar".to_owned(),
        Command::Table(step) => format!("Table: {}", variant(step)),
        Command::Sharing(step) => format!("Sharing: {}", variant(step)),
        Command::BringCalendar(edit) => changes("Import calendar", edit),
        Command::ExportCalendar => "Export the calendar".to_owned(),
        Command::ExportTable(table) => format!("Export table {}", table.0),
        Command::PlayJourney(journey, until) => format!("Play journey {} {until:?}", journey.0),
        Command::Play(step) => format!("{:?}: {}", step.0.kind(), step.0.name()),
        Command::MoveClock { hours, .. } => format!("Move the clock on {hours} h"),
        Command::RunParty(party) => format!("Run party {}", party.0),
        Command::Record { kind, .. } => format!("Record a roll ({kind:?})"),
        Command::Notify(_) => "Notify".to_owned(),
        Command::Refuse(_) => "Refuse".to_owned(),
        Command::Fail(_) => "Fail".to_owned(),
    }
}

/// The name of a step's variant ("Camp"), without what it carries.
fn variant(step: &impl Debug) -> String {
    let said = format!("{step:?}");
    said.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_owned()
}
