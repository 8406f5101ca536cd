//! What `waybook` does once started, shared by its programs: it parses
//! the command line; with no subcommand it opens the window on a campaign.
//! Errors print one plain line and exit non-zero. The programs differ only
//! in how Windows starts them: `waybook` (src/main.rs) is windowed there,
//! and takes back the terminal it was started from when it has something
//! to print (`attach_parent`); `waybook-cli` (src/bin/waybook-cli.rs) is a
//! console program, which cmd and PowerShell wait for, its output in order.

use crate::cli::{self, Cli, CliCommand};
use clap::Parser as _;
use std::process::ExitCode;

/// How one of Waybook's programs meets the GM outside the window.
#[derive(Debug, Clone, Copy)]
pub struct Face {
    /// Gives the program a terminal to print in; called before anything
    /// is printed.
    pub attach_parent: fn(),
    /// Whether a window that could not open is also said in a message
    /// box: the windowed program started from Explorer has no terminal.
    pub tells_in_a_box: bool,
}

/// Runs Waybook with the process's arguments.
pub fn main(face: Face) -> ExitCode {
    let cli = match parsed(face) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        None => {
            let opened = waybook_app::gui::run(cli.campaign);
            if let Err(e) = &opened
                && face.tells_in_a_box
            {
                waybook_app::gui::tell_in_a_box(&cli::error_line(e));
            }
            opened
        }
        Some(command) => {
            (face.attach_parent)();
            if let Ok(dir) = waybook_core::files::data_dir() {
                waybook_app::app::crash::install(dir, waybook_app::app::crash::Face::CommandLine);
            }
            run(command, &mut std::io::stdout().lock())
        }
    };
    match &result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`waybook roster x | head`) is not an error.
        Err(e) if reader_went_away(e) => ExitCode::SUCCESS,
        Err(e) if let Some(Said(code)) = e.downcast_ref::<Said>() => ExitCode::from(*code),
        Err(e) => {
            (face.attach_parent)(); // also when the window could not open
            eprintln!("waybook: {}", cli::error_line(e));
            ExitCode::FAILURE
        }
    }
}

/// The command line parsed, or the exit code of a mistake said on stderr
/// (and of --help and --version, said on stdout).
fn parsed(face: Face) -> Result<Cli, ExitCode> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if let Some(message) = cli::mistyped_command(&args) {
        (face.attach_parent)();
        eprintln!("waybook: {message}");
        return Err(ExitCode::from(2));
    }
    Cli::try_parse().map_err(|e| {
        (face.attach_parent)();
        if !e.use_stderr() {
            e.exit() // --help, --version
        }
        // One line, like every other error: clap's first line without its prefix.
        let text = e.to_string();
        let first = text.lines().next().unwrap_or_default();
        eprintln!(
            "waybook: {} (try --help)",
            first.trim_start_matches("error: ")
        );
        ExitCode::from(2)
    })
}

/// A failure the command has said on stderr itself, with its exit code.
#[derive(Debug, thiserror::Error)]
#[error("exit code {0}")]
struct Said(u8);

/// Runs one subcommand, printing to `out`.
fn run(command: CliCommand, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    match command {
        CliCommand::New { file, demo } => cli::new(&file, demo, out),
        CliCommand::Check { file } => cli::check(&file, out),
        CliCommand::Roster { file, json } => cli::roster(&file, json, out),
        CliCommand::Export(args) => cli::export::export(&args, out),
        CliCommand::Import { json, out: to } => cli::import(&json, &to, out),
        CliCommand::Backup { file } => cli::snapshots::backup(&file, out),
        CliCommand::Upgrade { file } => cli::snapshots::upgrade(&file, out),
        CliCommand::ImportRoster { file, csv } => cli::snapshots::import_roster(&file, &csv, out),
        CliCommand::Snapshots { file, json } => cli::snapshots::list(&file, json, out),
        CliCommand::Restore { snapshot, out: to } => cli::snapshots::restore(&snapshot, &to, out),
        CliCommand::Journey(args) => cli::journey::journey(&args, out),
        CliCommand::Map { file, json } => cli::map::map(&file, json, out),
        CliCommand::Route(args) => cli::map::route(&args, out),
        CliCommand::Gathering { file, json } => cli::gathering::gathering(&file, json, out),
        CliCommand::Heroes { file, json } => cli::heroes::heroes(&file, json, out),
        CliCommand::Log { file, json } => cli::log::log(&file, json, out),
        CliCommand::Weather(args) => cli::weather::weather(&args, out),
        CliCommand::Tables(args) => cli::tables::tables(&args, out),
        CliCommand::Handouts(args) => cli::handouts::handouts(&args, out),
        CliCommand::ExportPack(args) => cli::packs::export_pack(&args, out),
        CliCommand::Serve(args) => cli::serve::serve(&args, out),
        CliCommand::ImportPack(args) => cli::packs::import_pack(&args, out),
        CliCommand::ImportTable(args) => cli::tables::import_table(&args, out),
        CliCommand::ImportCalendar(args) => cli::calendar::import_calendar(&args, out),
        CliCommand::ExportCalendar(args) => cli::calendar::export_calendar(&args, out),
        CliCommand::Chronicle(args) => cli::chronicle::chronicle(&args, out),
        CliCommand::Clock(args) => cli::edits::clock(&args, out),
        CliCommand::Move(args) => cli::edits::move_items(&args, out),
        CliCommand::DeleteParty(args) => cli::edits::delete_party(&args, out),
        CliCommand::Share(args) => cli::share::share(&args, out),
        CliCommand::Join(args) => cli::share::join(&args, out),
        CliCommand::Sync(args) => cli::share::sync(&args, out),
        CliCommand::Calendar { file, json, year } => {
            cli::calendar::calendar(&file, json, year, out)
        }
        // The rules face has its own exit codes (2 for a bad request) and error lines.
        CliCommand::Rules(args) => {
            let stdin = std::io::stdin().lock();
            match cli::rules::run(&args, stdin, out, std::io::stderr().lock()) {
                0 => Ok(()),
                code => Err(Said(u8::try_from(code).unwrap_or(1)).into()),
            }
        }
    }
}

/// Whether writing failed because the reader of standard output stopped.
fn reader_went_away(e: &anyhow::Error) -> bool {
    use std::io::ErrorKind::BrokenPipe;
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == BrokenPipe)
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == Some(BrokenPipe)
    })
}
