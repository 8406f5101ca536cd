//! `waybook map` (places, paths and where each party is) and `waybook
//! route` (the route to a place by fewest expected rounds, and its
//! forecast). Both only read the file.

use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use waybook_core::model::{CampaignData, Choice, Party, PlaceId};
use waybook_core::store::Campaign;
use waybook_core::travel::forecast::{self, RouteError};

#[derive(Debug, clap::Args)]
pub struct RouteArgs {
    /// The campaign file.
    pub campaign: PathBuf,
    /// The party that travels, by name.
    #[arg(long, value_name = "NAME")]
    pub party: String,
    /// The place to reach, by name.
    #[arg(long, value_name = "PLACE")]
    pub to: String,
    /// Print the forecast as JSON.
    #[arg(long)]
    pub json: bool,
}

fn place_name(data: &CampaignData, id: PlaceId) -> String {
    data.places
        .get(&id)
        .map_or_else(|| format!("place {}", id.0), |p| p.name.clone())
}

/// Where a party is: at a place, along a path with the rounds done, or
/// beyond a place off the map (issue 53).
fn position(data: &CampaignData, party: &Party) -> Value {
    match (party.travel.on_path, party.travel.place) {
        (Some(on), _) => {
            let path = data.paths.get(&on.path);
            json!({
                "path": path.map(|p| p.name.clone()),
                "from": place_name(data, on.from),
                "toward": place_name(data, on.toward),
                "rounds_done": path.map(|p| on.rounds_done(p)),
                "rounds_left": on.state.rounds_left,
                "sidetracked": on.state.sidetracked,
                "noisy": on.state.noisy,
                "lost": on.state.lost,
            })
        }
        (None, Some(place)) => json!({"place": place_name(data, place)}),
        (None, None) => party.travel.beyond.map_or(Value::Null, |b| {
            json!({"beyond": {
                "from": place_name(data, b.from),
                "km": b.km,
                "toward": b.toward.map(|t| place_name(data, t)),
                "words": waybook_core::travel::whereabouts(data, party),
            }})
        }),
    }
}

pub fn map_json(data: &CampaignData) -> Value {
    let places: Vec<Value> = data
        .places
        .values()
        .map(
            |p| json!({"name": p.name, "kind": p.kind.key(), "x": p.x, "y": p.y, "notes": p.notes}),
        )
        .collect();
    let paths: Vec<Value> = data
        .paths
        .values()
        .map(|p| {
            json!({
                "name": p.name,
                "from": place_name(data, p.from),
                "to": place_name(data, p.to),
                "difficulty": p.difficulty,
                "danger": p.danger,
                "rounds": p.rounds,
                "partial": p.partial,
                "wild": p.wild,
                "travelled": p.travelled,
                "notes": p.notes,
                "ground": p.ground,
            })
        })
        .collect();
    let parties: Vec<Value> = data
        .parties
        .values()
        .map(|p| {
            let load = waybook_core::model::load::PartyLoad::of(data, p.id);
            let mut animals: Vec<&str> = (data.members(p.id))
                .filter(|c| c.is_animal())
                .map(|c| c.name.as_str())
                .collect();
            waybook_core::model::sort_by_name(&mut animals, |n| n);
            let mut vehicles: Vec<&str> = (data.vehicles.values())
                .filter(|v| v.party == Some(p.id))
                .map(|v| v.name.as_str())
                .collect();
            waybook_core::model::sort_by_name(&mut vehicles, |n| n);
            json!({
                "name": p.name,
                "position": position(data, p),
                // What it carries against what its people, animals and
                // vehicles carry (house rules: issue 54).
                "load": {"carried_kg": load.carried_kg, "capacity_kg": load.capacity_kg},
                "animals": animals,
                "vehicles": vehicles,
                "now": {"day": p.now.day, "hour": p.now.hour, "date": data.settings.when(p.now)},
                "supplies": p.supplies,
                "purse": p.purse,
                "currency": p.currency,
                "pathfinding_tokens": p.travel.pathfinding_tokens,
                "exploration_tokens": p.travel.exploration_tokens,
            })
        })
        .collect();
    json!({"places": places, "paths": paths, "parties": parties})
}

pub fn map(file: &Path, as_json: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(file)?.load()?;
    if as_json {
        serde_json::to_writer_pretty(&mut *out, &map_json(&data))?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} places, {} paths",
        data.places.len(),
        data.paths.len()
    )?;
    for p in data.places.values() {
        writeln!(out, "  {} ({})", p.name, p.kind.label())?;
    }
    for p in data.paths.values() {
        writeln!(
            out,
            "  {}: {} – {}, difficulty {}, danger {}, {} round{}{}{}, travelled {}",
            p.name,
            place_name(&data, p.from),
            place_name(&data, p.to),
            p.difficulty,
            p.danger,
            p.rounds,
            if p.rounds == 1 { "" } else { "s" },
            if p.partial { " (last partial)" } else { "" },
            if p.wild { ", wild" } else { "" },
            p.travelled
        )?;
    }
    for p in data.parties.values() {
        let at = match (p.travel.on_path, p.travel.place) {
            (Some(on), _) => format!(
                "on {} toward {}",
                data.paths.get(&on.path).map_or("a path", |p| &p.name),
                place_name(&data, on.toward)
            ),
            (None, Some(place)) => format!("at {}", place_name(&data, place)),
            (None, None) => waybook_core::travel::whereabouts_within(&data, p),
        };
        writeln!(
            out,
            "{}: {at}; {} Supplies, {} 🜉, {} 🜹, {} {}",
            p.name,
            p.supplies,
            p.travel.pathfinding_tokens,
            p.travel.exploration_tokens,
            p.purse,
            p.currency
        )?;
    }
    Ok(())
}

pub fn route(args: &RouteArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(&args.campaign)?.load()?;
    let party = data
        .parties
        .values()
        .find(|p| p.name.eq_ignore_ascii_case(&args.party))
        .ok_or_else(|| RouteError::NoParty(args.party.clone()))?;
    let to = data
        .places
        .values()
        .find(|p| p.name.eq_ignore_ascii_case(&args.to))
        .ok_or_else(|| RouteError::NoPlace(args.to.clone()))?;
    let route = forecast::route(&data, party.id, to.id)?;
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &route)?;
        writeln!(out)?;
        return Ok(());
    }
    if route.paths.is_empty() {
        writeln!(out, "{} is at {} already.", route.party, route.to)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} from {} to {}: {:.1} rounds expected; {}",
        route.party,
        route.from,
        route.to,
        route.rounds_expected,
        route.supplies_said()
    )?;
    for p in &route.paths {
        writeln!(
            out,
            "  {} ({} – {}): {} rounds expected; setback {:.0}%, lost {:.0}%, hazard {:.0}%, warriors {:.0}%, benign {:.0}%",
            p.name,
            p.from,
            p.to,
            p.rounds_expected
                .map_or("no end".to_owned(), |r| format!("{r:.1}")),
            p.p_setback * 100.0,
            p.p_lost * 100.0,
            p.p_hazard * 100.0,
            p.p_warriors * 100.0,
            p.p_benign * 100.0
        )?;
    }
    Ok(())
}
