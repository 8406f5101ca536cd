//! `waybook export`: character, party and blank sheets to one PDF file.

use std::io::Write;
use std::path::PathBuf;
use waybook_core::model::CampaignData;
use waybook_core::store::Campaign;
use waybook_print::pdf::{self, Paper, Sheet};

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The campaign file.
    pub campaign: PathBuf,
    /// Where to write the PDF.
    #[arg(long)]
    pub out: PathBuf,
    /// A character's sheet, by name (repeatable). Without any choice: the whole roster.
    #[arg(long = "character", value_name = "NAME")]
    pub characters: Vec<String>,
    /// A party's sheet, by name.
    #[arg(long, value_name = "NAME")]
    pub party: Option<String>,
    /// A journey's packet (plan, tests, food ledger, log), by name.
    #[arg(long, value_name = "NAME")]
    pub journey: Option<String>,
    /// A blank character sheet for a new player.
    #[arg(long)]
    pub blank: bool,
    /// The worksheet for a party's next travel round, by party name.
    #[arg(long, value_name = "PARTY")]
    pub travel_round: Option<String>,
    /// A blank travel-round worksheet.
    #[arg(long)]
    pub blank_travel_round: bool,
    /// A party's travel log, by party name.
    #[arg(long, value_name = "PARTY")]
    pub travel_log: Option<String>,
    /// A gathering site's card, by site name.
    #[arg(long, value_name = "SITE")]
    pub site_card: Option<String>,
    /// A gathering site's log, by site name.
    #[arg(long, value_name = "SITE")]
    pub gathering_log: Option<String>,
    /// A game night's session recap (the campaign log of that real date, YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub recap: Option<String>,
    /// The chronicle of campaign days FROM to TO, as `waybook chronicle` numbers them ("1-8"; one day: "5").
    #[arg(long, value_name = "FROM-TO", value_parser = day_range)]
    pub chronicle: Option<(i64, i64)>,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: Paper,
    /// Write over the --out file if it exists (without it, an existing file is refused).
    #[arg(long)]
    pub overwrite: bool,
    /// What to write: sheets as a PDF, or the whole campaign as JSON (for `waybook import`).
    #[arg(long, value_enum, default_value = "pdf")]
    pub format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Pdf,
    Json,
}

/// "1-8" (days 1 to 8) or "5" (day 5 alone).
fn day_range(text: &str) -> Result<(i64, i64), String> {
    let day = |t: &str| {
        t.trim()
            .parse::<i64>()
            .map_err(|_| format!("“{t}” is not a day number (write FROM-TO, as 1-8)"))
    };
    let (from, to) = match text.split_once('-') {
        Some((from, to)) => (day(from)?, day(to)?),
        None => (day(text)?, day(text)?),
    };
    if from > to {
        return Err(format!("day {from} comes after day {to}"));
    }
    Ok((from, to))
}

/// The record of `what` named `name` (any case), or an error naming it.
pub(crate) fn named<'a, T: 'a>(
    mut records: impl Iterator<Item = &'a T>,
    name: &str,
    what: &str,
    name_of: fn(&T) -> &str,
) -> anyhow::Result<&'a T> {
    records
        .find(|r| name_of(r).eq_ignore_ascii_case(name))
        .ok_or_else(|| anyhow::anyhow!("no {what} is named “{name}”"))
}

/// The sheets the arguments ask for, in the order given.
pub fn sheets(data: &CampaignData, args: &ExportArgs) -> anyhow::Result<Vec<Sheet>> {
    let mut sheets = Vec::new();
    for name in &args.characters {
        let c = named(data.characters.values(), name, "character", |c| &c.name)?;
        sheets.push(Sheet::Character(c.id));
    }
    if let Some(name) = &args.party {
        let p = named(data.parties.values(), name, "party", |p| &p.name)?;
        sheets.push(Sheet::Party(p.id));
    }
    if let Some(name) = &args.journey {
        let j = named(data.journeys.values(), name, "journey", |j| &j.name)?;
        sheets.push(Sheet::Journey(j.id));
    }
    if let Some(name) = &args.travel_round {
        let p = named(data.parties.values(), name, "party", |p| &p.name)?;
        sheets.push(Sheet::TravelRound(p.id));
    }
    if args.blank_travel_round {
        sheets.push(Sheet::BlankTravelRound);
    }
    if let Some(name) = &args.travel_log {
        let p = named(data.parties.values(), name, "party", |p| &p.name)?;
        sheets.push(Sheet::TravelLog(p.id));
    }
    if let Some(name) = &args.site_card {
        let s = named(data.sites.values(), name, "gathering site", |s| &s.name)?;
        sheets.push(Sheet::SiteCard(s.id));
    }
    if let Some(name) = &args.gathering_log {
        let s = named(data.sites.values(), name, "gathering site", |s| &s.name)?;
        sheets.push(Sheet::GatheringLog(s.id));
    }
    if let Some(night) = &args.recap {
        let e = data
            .log
            .values()
            .find(|e| e.night() == night.trim())
            .ok_or_else(|| {
                anyhow::anyhow!("the campaign log has nothing from the night of {night}")
            })?;
        sheets.push(Sheet::Recap(e.id));
    }
    if let Some((from, to)) = args.chronicle {
        sheets.push(Sheet::Chronicle { from, to });
    }
    if args.blank {
        sheets.push(Sheet::Blank);
    }
    if sheets.is_empty() {
        sheets = pdf::whole_roster(data);
    }
    if sheets.is_empty() {
        anyhow::bail!("the campaign has no characters to print (try --blank)");
    }
    Ok(sheets)
}

pub fn export(args: &ExportArgs, out: &mut impl Write) -> anyhow::Result<()> {
    super::may_write(&args.out, args.overwrite)?;
    let data = Campaign::open_read_only(&args.campaign)?.load()?;
    if args.format == Format::Json {
        let text = waybook_core::model::document::Document::of(&data).to_json();
        waybook_core::files::write_atomically(&args.out, text.as_bytes())?;
        writeln!(
            out,
            "wrote the whole campaign to {} ({} KB)",
            args.out.display(),
            text.len() / 1024
        )?;
        return Ok(());
    }
    let sheets = sheets(&data, args)?;
    let (bytes, pages) = pdf::render_counted(&data, &sheets, args.paper, &mut |_| true)?;
    waybook_core::files::write_atomically(&args.out, &bytes)?;
    writeln!(
        out,
        "wrote {} to {} ({} KB)",
        pdf::made(&data, &sheets, pages),
        args.out.display(),
        bytes.len() / 1024
    )?;
    for note in sheets.iter().filter_map(Sheet::left_out) {
        writeln!(out, "{note}")?;
    }
    Ok(())
}
