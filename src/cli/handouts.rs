//! `waybook handouts`: each player's handout (their sheets, their party,
//! the map as they know it, the journey ahead, the chronicle of the days
//! they lived, and with `--since` what changed) as a PDF or a folder of
//! plain HTML, never over an existing file unless `--overwrite`.

use super::snapshots::snapshots_of;
use std::io::Write;
use std::path::PathBuf;
use waybook_core::store::Campaign;
use waybook_print::handouts::{self, Format, HandoutError, Request};
use waybook_print::pdf::Paper;

#[derive(Debug, clap::Args)]
pub struct HandoutsArgs {
    pub file: PathBuf,
    /// The folder to write into (made if missing).
    #[arg(long)]
    pub out: PathBuf,
    /// One player's handout, by the name on their characters (repeatable).
    /// Without it: every player's.
    #[arg(long = "player", value_name = "NAME")]
    pub players: Vec<String>,
    /// pdf (NAME.pdf) or html (NAME/index.html).
    #[arg(long, default_value = "pdf")]
    pub format: Format,
    /// Paper size for PDFs: a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: Paper,
    /// Add what changed since a session: a date (YYYY-MM-DD, the campaign's
    /// first snapshot of that day or the newest before it) or a campaign file.
    #[arg(long, value_name = "DATE|FILE")]
    pub since: Option<String>,
    /// Write over handouts already in the folder.
    #[arg(long)]
    pub overwrite: bool,
}

/// The campaign as it was `since`, and what that was in words.
fn before(
    args: &HandoutsArgs,
) -> anyhow::Result<Option<(waybook_core::model::CampaignData, String)>> {
    let Some(since) = &args.since else {
        return Ok(None);
    };
    let is_date = jiff::civil::Date::strptime("%Y-%m-%d", since).is_ok();
    let (path, what) = if is_date {
        // A session by its real date.
        let snapshot = snapshots_of(&args.file)?.at_start_of(since)?.ok_or_else(|| {
            anyhow::anyhow!(
                "there is no snapshot of {} from {since} or before (Waybook takes one each day the campaign is opened; `waybook snapshots` lists them)",
                args.file.display()
            )
        })?;
        (snapshot.path, Some(format!("the session of {since}")))
    } else {
        // A copy of the campaign by the day its clock had reached.
        (PathBuf::from(since), None)
    };
    let data = Campaign::open_read_only(&path)?.load()?;
    let what = what.unwrap_or_else(|| data.settings.when(data.settings.clock));
    Ok(Some((data, what)))
}

pub fn handouts(args: &HandoutsArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(&args.file)?.load()?;
    let before = before(args)?;
    let request = Request {
        players: args.players.clone(),
        format: args.format,
        paper: args.paper,
        overwrite: args.overwrite,
    };
    let before = before.as_ref().map(|(d, what)| (d, what.as_str()));
    let made = handouts::make(&data, before, &request, &args.out).map_err(|e| match e {
        HandoutError::Exists(path) => anyhow::anyhow!(
            "{} is already there: choose another --out folder, or pass --overwrite",
            path.display()
        ),
        other => other.into(),
    })?;
    for path in made {
        writeln!(out, "{}", path.display())?;
    }
    Ok(())
}
