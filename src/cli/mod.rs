//! The command-line faces: argument parsing (clap) and the subcommands that
//! work on a campaign file without opening a window.

mod campaign;
pub mod export;
pub mod journey;
pub mod rules;

pub use campaign::{check, new, roster};

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "waybook",
    version,
    about = "Offline campaign manager for game masters",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A campaign file to open in the window (default: the last one, or the demo).
    pub campaign: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Create a new campaign file.
    New {
        file: PathBuf,
        /// Fill it with the demo campaign.
        #[arg(long)]
        demo: bool,
    },
    /// Check a campaign file (read-only): schema version, integrity, counts.
    Check { file: PathBuf },
    /// List the characters of a campaign.
    Roster {
        file: PathBuf,
        /// Print a JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// A journey's plan: days, tests, food, forecasts (`--json` for scripts).
    Journey(journey::JourneyArgs),
    /// Print character, party or blank sheets to a PDF.
    Export(export::ExportArgs),
    /// Apply one rule of the rules engine to a JSON request (see `waybook rules --help`).
    Rules(rules::RulesArgs),
}
