//! The `waybook` binary: parses the command line; with no subcommand it opens
//! the window on a campaign. Errors print one plain line and exit non-zero.
//! On Windows it is a windowed program (no console window behind it) that
//! takes back the terminal it was started from whenever it has something to
//! print there; the window alone stays free of it (a Ctrl+C in that terminal
//! does not close the window).
#![cfg_attr(windows, windows_subsystem = "windows")]

mod console;

use clap::Parser as _;
use std::process::ExitCode;
use waybook::cli::{self, Cli, CliCommand};

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if let Some(message) = cli::mistyped_command(&args) {
        console::attach_parent();
        eprintln!("waybook: {message}");
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            console::attach_parent();
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
            return ExitCode::from(2);
        }
    };
    if cli.command.is_some() {
        console::attach_parent();
        if let Ok(dir) = waybook_core::files::data_dir() {
            waybook_app::app::crash::install(dir, waybook_app::app::crash::Face::CommandLine);
        }
    }
    let mut stdout = std::io::stdout().lock();
    let result = match cli.command {
        Some(CliCommand::New { file, demo }) => cli::new(&file, demo, &mut stdout),
        Some(CliCommand::Check { file }) => cli::check(&file, &mut stdout),
        Some(CliCommand::Roster { file, json }) => cli::roster(&file, json, &mut stdout),
        Some(CliCommand::Export(args)) => cli::export::export(&args, &mut stdout),
        Some(CliCommand::Import { json, out }) => cli::import(&json, &out, &mut stdout),
        Some(CliCommand::Backup { file }) => cli::snapshots::backup(&file, &mut stdout),
        Some(CliCommand::ImportRoster { file, csv }) => {
            cli::snapshots::import_roster(&file, &csv, &mut stdout)
        }
        Some(CliCommand::Snapshots { file, json }) => {
            cli::snapshots::list(&file, json, &mut stdout)
        }
        Some(CliCommand::Restore { snapshot, out }) => {
            cli::snapshots::restore(&snapshot, &out, &mut stdout)
        }
        Some(CliCommand::Journey(args)) => cli::journey::journey(&args, &mut stdout),
        Some(CliCommand::Map { file, json }) => cli::map::map(&file, json, &mut stdout),
        Some(CliCommand::Route(args)) => cli::map::route(&args, &mut stdout),
        Some(CliCommand::Gathering { file, json }) => {
            cli::gathering::gathering(&file, json, &mut stdout)
        }
        Some(CliCommand::Heroes { file, json }) => cli::heroes::heroes(&file, json, &mut stdout),
        Some(CliCommand::Log { file, json }) => cli::log::log(&file, json, &mut stdout),
        Some(CliCommand::Weather(args)) => cli::weather::weather(&args, &mut stdout),
        Some(CliCommand::Tables(args)) => cli::tables::tables(&args, &mut stdout),
        Some(CliCommand::Handouts(args)) => cli::handouts::handouts(&args, &mut stdout),
        Some(CliCommand::ExportPack(args)) => cli::packs::export_pack(&args, &mut stdout),
        Some(CliCommand::Serve(args)) => cli::serve::serve(&args, &mut stdout),
        Some(CliCommand::ImportPack(args)) => cli::packs::import_pack(&args, &mut stdout),
        Some(CliCommand::ImportTable(args)) => cli::tables::import_table(&args, &mut stdout),
        Some(CliCommand::ImportCalendar(args)) => {
            cli::calendar::import_calendar(&args, &mut stdout)
        }
        Some(CliCommand::ExportCalendar(args)) => {
            cli::calendar::export_calendar(&args, &mut stdout)
        }
        Some(CliCommand::Chronicle(args)) => cli::chronicle::chronicle(&args, &mut stdout),
        Some(CliCommand::Calendar { file, json, year }) => {
            cli::calendar::calendar(&file, json, year, &mut stdout)
        }
        // The rules face has its own exit codes (2 for a bad request) and error lines.
        Some(CliCommand::Rules(args)) => {
            let code = cli::rules::run(
                &args,
                std::io::stdin().lock(),
                stdout,
                std::io::stderr().lock(),
            );
            return ExitCode::from(u8::try_from(code).unwrap_or(1));
        }
        None => {
            drop(stdout);
            waybook_app::gui::run(cli.campaign)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`waybook roster x | head`) is not an error.
        Err(e) if reader_went_away(&e) => ExitCode::SUCCESS,
        Err(e) => {
            console::attach_parent(); // also when the window could not open
            eprintln!("waybook: {}", cli::error_line(&e));
            ExitCode::FAILURE
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
