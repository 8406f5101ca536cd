//! The edits a GM scripts between sessions: `waybook clock`, `waybook move`
//! and `waybook delete-party`. Each reaches the core function the window's
//! button does, with the same refusals in the same words, through the
//! session, so it is kept in the file's undo history and Edit › Undo in the
//! window takes it back. `--json` prints what was done for scripts.

use super::export::named;
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use waybook_core::edits;
use waybook_core::model::{CampaignData, Edit, Holder, Holding, limits};
use waybook_core::plan::rest::Meals;
use waybook_core::session::Session;
use waybook_core::store::Campaign;
use waybook_rules::dice::Dice;

#[derive(Debug, clap::Args)]
pub struct ClockArgs {
    pub file: PathBuf,
    /// Move the party's present on this many days (the weather of each
    /// day it enters that no party lived yet is rolled, as in the window).
    #[arg(long, value_name = "DAYS")]
    pub on: i64,
    /// The party whose days pass, by name (any case): each party lives
    /// its own days. Needed when the campaign has several.
    #[arg(long, value_name = "NAME")]
    pub party: Option<String>,
    /// Book the days passed unfed: nobody eats (each member eats the
    /// day's units from what the party carries otherwise).
    #[arg(long)]
    pub unfed: bool,
    /// Why, for the campaign log ("the party rests in Harrowgate").
    #[arg(long, default_value = "")]
    pub why: String,
    /// Print JSON instead of a line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct MoveArgs {
    pub file: PathBuf,
    /// The item, by name (any case).
    #[arg(long)]
    pub item: String,
    /// How many to move.
    #[arg(long)]
    pub count: i64,
    /// Who holds it: a character, or a party ("NAME" or "NAME stash").
    #[arg(long, value_name = "HOLDER")]
    pub from: String,
    /// Who takes it: a character, or a party's stash.
    #[arg(long, value_name = "HOLDER")]
    pub to: String,
    /// Which stack, when the holder has several of the item from different
    /// places: the origin as `waybook export --format json` shows it.
    #[arg(long)]
    pub origin: Option<String>,
    /// Print JSON instead of a line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct DeletePartyArgs {
    pub file: PathBuf,
    /// The party to delete; its members stay in the roster without a party.
    pub name: String,
    /// Hand its stash to this party's stash instead of removing it.
    #[arg(long, value_name = "PARTY")]
    pub stash_to: Option<String>,
    /// Print JSON instead of a line.
    #[arg(long)]
    pub json: bool,
}

/// Opens the campaign as the window does, makes the edit `edit_of` builds
/// from it (with what `more` needs to know of it), and says what was done:
/// its label, and what `more` reads of the campaign after it.
fn edit_file<T>(
    file: &Path,
    json: bool,
    out: &mut impl Write,
    edit_of: impl FnOnce(&CampaignData) -> anyhow::Result<(Edit, T)>,
    more: impl FnOnce(&CampaignData, T) -> (String, serde_json::Value),
) -> anyhow::Result<()> {
    let mut session = Session::new(Campaign::open(file)?)?;
    session.settle_log(true);
    let (edit, known) = edit_of(&session.data)?;
    let label = edit.label.clone();
    session.apply(edit)?;
    let (line, extra) = more(&session.data, known);
    drop(session);
    if let Err(e) = super::share::publish_edits(file) {
        // The edit is in the file; `waybook sync` sends it once it can.
        eprintln!(
            "not sent to the other machines yet: {}",
            super::error_line(&e)
        );
    }
    if json {
        let mut said = json!({ "done": label, "undo": "Edit › Undo in the window takes it back" });
        if let (Some(said), serde_json::Value::Object(extra)) = (said.as_object_mut(), extra) {
            said.extend(extra);
        }
        writeln!(out, "{said:#}")?;
    } else {
        writeln!(out, "{label}: done. {line}")?;
    }
    Ok(())
}

pub fn clock(args: &ClockArgs, out: &mut impl Write) -> anyhow::Result<()> {
    edit_file(
        &args.file,
        args.json,
        out,
        |data| {
            // The window's field's range, in its words.
            let days = limits::parse_whole(&args.on.to_string(), &limits::CLOCK_MOVE_DAYS)
                .map_err(|e| anyhow::anyhow!("--on: {e}"))?;
            let hours = days.saturating_mul(data.settings.day_hours.max(1));
            let party = (args.party.as_deref())
                .map(|name| named(data.parties.values(), name, "party", |p| &p.name))
                .transpose()?
                .map(|p| p.id);
            let meals = if args.unfed { Meals::Unfed } else { Meals::Fed };
            let edit =
                edits::clock::move_on(data, party, (hours, meals), &args.why, &mut Dice::random())
                    .map_err(anyhow::Error::msg)?;
            let moved = waybook_core::world::clock::whose(data, party)
                .ok()
                .flatten()
                .map(|p| p.id);
            Ok((edit, moved))
        },
        |data, moved| {
            let clock = waybook_core::world::present::now_of(data, moved);
            let when = data.settings.when(clock);
            let whose = moved.and_then(|p| data.parties.get(&p));
            let line = match whose {
                Some(p) if data.parties.len() > 1 => format!("For {}, it is now {when}.", p.name),
                _ => format!("It is now {when}."),
            };
            let mut said = json!({ "day": clock.day, "hour": clock.hour, "when": when });
            if let (Some(p), Some(said)) = (whose, said.as_object_mut()) {
                said.insert("party".to_owned(), json!(p.name));
            }
            (line, said)
        },
    )
}

/// The holder a name means: a character, or a party's stash ("NAME" or
/// "NAME stash"); refused when it could be either.
fn holder(data: &CampaignData, name: &str) -> anyhow::Result<Holder> {
    let character = named(data.characters.values(), name, "character", |c| &c.name).ok();
    let party = named(data.parties.values(), name, "party", |p| &p.name)
        .ok()
        .or_else(|| {
            let stash = name.strip_suffix(" stash")?;
            named(data.parties.values(), stash, "party", |p| &p.name).ok()
        });
    match (character, party) {
        (Some(c), None) => Ok(Holder::Character(c.id)),
        (None, Some(p)) => Ok(Holder::Stash(p.id)),
        (Some(_), Some(p)) => anyhow::bail!(
            "“{name}” is both a character and a party: write “{} stash” for the party's",
            p.name
        ),
        (None, None) => anyhow::bail!("no character or party is named “{name}”"),
    }
}

/// The one stack of `item` that `from` holds (of `origin`, when given).
fn stack<'a>(
    data: &'a CampaignData,
    from: Holder,
    item: &str,
    origin: Option<&str>,
) -> anyhow::Result<&'a Holding> {
    let item = named(data.items.values(), item, "item", |i| &i.name)?;
    let stacks: Vec<&Holding> = data
        .holdings_of(from)
        .filter(|h| h.item == item.id)
        .filter(|h| origin.is_none_or(|o| h.origin.as_deref() == Some(o)))
        .collect();
    match stacks[..] {
        [one] => Ok(one),
        [] => anyhow::bail!(
            "{} holds no {}{}",
            data.holder_name(from),
            item.name,
            origin.map(|o| format!(" from “{o}”")).unwrap_or_default()
        ),
        _ => {
            let origins: Vec<String> = stacks
                .iter()
                .map(|h| h.origin.clone().unwrap_or_else(|| "no origin".into()))
                .collect();
            anyhow::bail!(
                "{} holds {} stacks of {} ({}): say which with --origin",
                data.holder_name(from),
                stacks.len(),
                item.name,
                origins.join("; ")
            )
        }
    }
}

pub fn move_items(args: &MoveArgs, out: &mut impl Write) -> anyhow::Result<()> {
    edit_file(
        &args.file,
        args.json,
        out,
        |data| {
            let from = holder(data, &args.from)?;
            let to = holder(data, &args.to)?;
            let source = stack(data, from, &args.item, args.origin.as_deref())?;
            let edit = edits::move_stack(data, source.id, args.count, to)?;
            Ok((edit, (from, to, source.item)))
        },
        |data, (from, to, item)| {
            let held = |holder| -> i64 {
                data.holdings_of(holder)
                    .filter(|h| h.item == item)
                    .map(|h| h.quantity)
                    .sum()
            };
            let (from_name, to_name) = (data.holder_name(from), data.holder_name(to));
            (
                format!(
                    "{from_name} holds {} of it, {to_name} {}.",
                    held(from),
                    held(to)
                ),
                json!({ "from": { "holder": from_name, "holds": held(from) },
                        "to": { "holder": to_name, "holds": held(to) } }),
            )
        },
    )
}

pub fn delete_party(args: &DeletePartyArgs, out: &mut impl Write) -> anyhow::Result<()> {
    edit_file(
        &args.file,
        args.json,
        out,
        |data| {
            let party = named(data.parties.values(), &args.name, "party", |p| &p.name)?;
            let to = match &args.stash_to {
                Some(name) => Some(named(data.parties.values(), name, "party", |p| &p.name)?),
                None => None,
            };
            Ok((edits::delete_party(data, party, to)?, ()))
        },
        |data, ()| {
            let parties: Vec<&str> = data.parties.values().map(|p| p.name.as_str()).collect();
            (
                format!("Parties left: {}.", parties.len()),
                json!({ "parties": parties }),
            )
        },
    )
}
