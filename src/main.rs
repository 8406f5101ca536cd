//! The `waybook` binary: parses the command line; with no subcommand it opens
//! the window on a campaign. Errors print one plain line and exit non-zero.

use clap::Parser;
use std::process::ExitCode;
use waybook::cli::{self, Cli, CliCommand};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut stdout = std::io::stdout().lock();
    let result = match cli.command {
        Some(CliCommand::New { file, demo }) => cli::new(&file, demo, &mut stdout),
        Some(CliCommand::Check { file }) => cli::check(&file, &mut stdout),
        Some(CliCommand::Roster { file, json }) => cli::roster(&file, json, &mut stdout),
        None => {
            drop(stdout);
            waybook::gui::run(cli.campaign)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("waybook: {e:#}");
            ExitCode::FAILURE
        }
    }
}
