//! The command-line faces: argument parsing (clap) and the subcommands that
//! work on a campaign file without opening a window.

pub mod calendar;
mod campaign;
pub mod chronicle;
pub mod edits;
pub mod export;
pub mod gathering;
pub mod handouts;
pub mod heroes;
pub mod journey;
pub mod log;
pub mod map;
pub mod packs;
pub mod rules;
pub mod serve;
pub mod share;
pub mod snapshots;
pub mod tables;
pub mod weather;

pub use campaign::{check, import, new, roster};

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
    /// The map: places, paths, each party's position, tokens and Supplies.
    Map {
        file: PathBuf,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Gathering sites (materials, abundance, sources found) and the gathering log.
    Gathering {
        file: PathBuf,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Each hero's level, XP, advances owed and taken; the Traveller's memories.
    Heroes {
        file: PathBuf,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// The campaign's calendar and today: the date, the moons' phases, the
    /// season, sunrise and sunset.
    Calendar {
        file: PathBuf,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
        /// Every day of this year in the calendar's reckoning instead: its
        /// day number, date, weekday, festival and the moons' phases.
        #[arg(long, allow_hyphen_values = true)]
        year: Option<i64>,
    },
    /// What happened each day: the date, season, moons, each region's
    /// weather, the GM's events and the log's entries.
    Chronicle(chronicle::ChronicleArgs),
    /// Each region's weather as it fell and its forecast: the chance of
    /// each weather on each day ahead.
    Weather(weather::WeatherArgs),
    /// The campaign log: every roll, when, why, the dice, and whether it was undone.
    Log {
        file: PathBuf,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// A party's route to a place by fewest expected rounds, and its forecast.
    Route(map::RouteArgs),
    /// Print character, party or blank sheets to a PDF, or the whole campaign as JSON.
    Export(export::ExportArgs),
    /// Take a snapshot of a campaign now; prints where it is kept.
    Backup { file: PathBuf },
    /// Upgrade a campaign written by an older Waybook, keeping a copy of it as it is first (a snapshot, or beside it when no snapshot can be kept); prints where the copy is
    Upgrade { file: PathBuf },
    /// List a campaign's snapshots, newest first.
    Snapshots {
        file: PathBuf,
        /// Print a JSON array (`path`, `time`, `reason`, `bytes`).
        #[arg(long)]
        json: bool,
    },
    /// Restore a snapshot as a new campaign file (never overwrites).
    Restore {
        snapshot: PathBuf,
        /// The new campaign file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Add characters from a CSV file (a column headed Name, and any of the
    /// sheet's fields by their labels), after a snapshot; nothing is added if
    /// a row has an error.
    ImportRoster {
        file: PathBuf,
        #[arg(long)]
        csv: PathBuf,
    },
    /// The campaign's roll tables: name, dice, rows and whether each can be
    /// rolled; or one as CSV (`--csv NAME`).
    Tables(tables::TablesArgs),
    /// Add a roll table from a CSV file (a heading row with the dice, then a
    /// total or range and a result per row), after a snapshot; never over a
    /// table of the same name unless `--replace`.
    ImportTable(tables::ImportTableArgs),
    /// Bring in a calendar from Fantasy-Calendar.com, Simple Calendar or
    /// Seasons & Stars, after a snapshot, as one edit: today takes the
    /// file's date, no day moves in time; says first what comes across and
    /// what does not.
    ImportCalendar(calendar::ImportCalendarArgs),
    /// Write the campaign's calendar, today and events as a
    /// Fantasy-Calendar.com JSON file.
    ExportCalendar(calendar::ExportCalendarArgs),
    /// Write the campaign's house rules (tables, merchant table, cults,
    /// regions, calendar, switches) as one JSON pack.
    ExportPack(packs::ExportPackArgs),
    /// Open the table without the window: serve each player's view on the
    /// local network, print their links, follow changes to the file; Ctrl+C
    /// stops it.
    Serve(serve::ServeArgs),
    /// Bring a house-rule pack into a campaign, after a snapshot, as one
    /// edit; a record the campaign has by name is kept unless --clash says.
    ImportPack(packs::ImportPackArgs),
    /// Make each player's handout (sheets, party, map as known, journey
    /// ahead, chronicle) as PDFs or plain HTML; GM-only texts stay out.
    Handouts(handouts::HandoutsArgs),
    /// Make a new campaign file from a JSON export (never overwrites).
    Import {
        /// The JSON file (from `waybook export FILE --format json`).
        json: PathBuf,
        /// The new campaign file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Move the campaign's clock on by whole days, as the window's Move the
    /// clock on does; undoable in the window.
    Clock(edits::ClockArgs),
    /// Move items from one holder (a character or a party's stash) to
    /// another, as the Inventory screen does; undoable in the window.
    Move(edits::MoveArgs),
    /// Delete a party, its journeys and travel rounds; its members stay in
    /// the roster; its stash is removed or handed to another party.
    /// Undoable in the window.
    DeleteParty(edits::DeletePartyArgs),
    /// Apply one rule of the rules engine to a JSON request (see `waybook rules --help`).
    Rules(rules::RulesArgs),
    /// Start sharing a campaign with other machines through a folder your
    /// sync service keeps (Syncthing, Dropbox, OneDrive, a network share).
    Share(share::ShareArgs),
    /// Make this machine's working copy of a campaign shared through a folder.
    Join(share::JoinArgs),
    /// Merge what the other machines sharing the campaign did, and send
    /// them this machine's edits; prints what merged, what conflicts and
    /// how far each machine is had (`--json` for scripts).
    Sync(share::SyncArgs),
}

/// Whether a command may write `out`: refused, with why, when something
/// not a file stands there (whatever `--overwrite` says), or a file does
/// and `--overwrite` was not given.
pub(crate) fn may_write(out: &std::path::Path, overwrite: bool) -> anyhow::Result<()> {
    if let Some(why) = waybook_core::files::not_a_file_at(out) {
        anyhow::bail!("{} cannot be written: {why}", out.display());
    }
    if out.exists() && !overwrite {
        anyhow::bail!(
            "{} already exists; Waybook does not write over a file unasked (add --overwrite to replace it)",
            out.display()
        );
    }
    Ok(())
}

/// A first argument that is neither a subcommand nor a campaign file, named
/// as such with the nearest subcommand (`waybook jouney FILE`), instead of
/// clap's reading of it as a campaign path.
pub fn mistyped_command(args: &[std::ffi::OsString]) -> Option<String> {
    use clap::CommandFactory as _;
    let first = args.first()?.to_str()?;
    let path = std::path::Path::new(first);
    if first.starts_with('-') || path.exists() || path.extension().is_some() || first.contains('/')
    {
        return None;
    }
    let command = Cli::command();
    let names: Vec<&str> = command
        .get_subcommands()
        .map(clap::Command::get_name)
        .chain(["help"])
        .collect();
    if names.contains(&first) {
        return None;
    }
    let nearest = names
        .iter()
        .map(|n| (strsim::damerau_levenshtein(first, n), *n))
        .min()
        .filter(|(distance, _)| *distance <= 2);
    Some(match nearest {
        Some((_, name)) => format!(
            "“{first}” is not a waybook command; did you mean “{name}”? (waybook --help lists them)"
        ),
        None => format!(
            "“{first}” is not a waybook command or a campaign file (waybook --help lists the commands)"
        ),
    })
}

/// A command's error as the one line it prints: each cause said once,
/// without the OS's codes, and no deeper than the OS's or SQLite's own
/// words (their sources are their internals).
pub fn error_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let words = waybook_core::files::without_os_code(&cause.to_string());
        if !line.contains(&words) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&words);
        }
        if waybook_core::store::is_the_systems(cause) {
            break;
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::mistyped_command;

    #[test]
    fn an_error_line_says_each_cause_once_without_os_codes() {
        let io = std::io::Error::other("No such file or directory (os error 2)");
        let repeated = anyhow::Error::new(io)
            .context("could not write p.json: No such file or directory (os error 2)");
        assert_eq!(
            super::error_line(&repeated),
            "could not write p.json: No such file or directory"
        );
        let context = anyhow::anyhow!("the disk is full").context("the pack was not written");
        assert_eq!(
            super::error_line(&context),
            "the pack was not written: the disk is full"
        );
    }

    fn args(list: &[&str]) -> Vec<std::ffi::OsString> {
        list.iter().map(Into::into).collect()
    }

    #[test]
    fn a_mistyped_command_is_named_with_the_nearest_one() {
        let said = mistyped_command(&args(&["jouney", "FILE"])).expect("refused");
        assert!(said.contains("“jouney” is not a waybook command"), "{said}");
        assert!(said.contains("did you mean “journey”?"), "{said}");
        assert_eq!(mistyped_command(&args(&["journey", "FILE"])), None);
        assert_eq!(mistyped_command(&args(&["my.waybook"])), None);
        assert_eq!(mistyped_command(&args(&["--version"])), None);
        assert!(
            mistyped_command(&args(&["zzzzzzzz"]))
                .expect("refused")
                .contains("not a waybook command or a campaign file")
        );
    }
}
