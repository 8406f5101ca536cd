//! The travel-round worksheet for the table (the path, its difficulty and
//! danger, the three phases with boxes to tick, a camp-action grid per hero,
//! the Supplies ledger), its blank twin, and a party's travel log.

use super::blocks::{self, Align, Column};
use super::layout::Layout;
use waybook_core::model::{CampaignData, MapPath, Party, capitalised};
use waybook_rules::rounds::camp::Action;
use waybook_rules::rounds::encounter::{Benign, Encounter};
use waybook_rules::rounds::pathfind::Setback;

/// A worksheet for the party's next round, or a blank one (`None`).
pub fn worksheet(l: &mut Layout<'_>, data: &CampaignData, party: Option<&Party>) {
    let name = party.map_or("Travel round", |p| p.name.as_str());
    l.start_sheet(&format!("Travel round · {name}"));
    let on = party.and_then(|p| p.travel.on_path);
    let path = on.and_then(|on| data.paths.get(&on.path));
    let place_name = |id| data.places.get(&id).map_or("?", |p| p.name.as_str());
    let subtitle = match (party, on, path) {
        (Some(p), Some(on), Some(path)) => format!(
            "{} · {} · {} toward {}",
            p.name,
            data.settings.calendar.describe(p.now.day),
            path.name,
            place_name(on.toward)
        ),
        (Some(p), _, _) => format!(
            "{} · {} · {}",
            p.name,
            data.settings.calendar.describe(p.now.day),
            waybook_core::travel::whereabouts_within(data, p)
        ),
        _ => "Party ________ · day ____ · path ________________".to_owned(),
    };
    blocks::title(l, "Travel round", &subtitle);
    let value = |v: Option<i64>| v.map_or_else(String::new, |v| v.to_string());
    let rounds = match (on, path) {
        (Some(on), Some(path)) => format!(
            "{}/{}",
            on.rounds_done(path),
            path.rounds + i64::from(on.extra)
        ),
        _ => String::new(),
    };
    blocks::boxes(
        l,
        &[
            ("Supplies".into(), value(party.map(|p| p.supplies))),
            ("Purse".into(), value(party.map(|p| p.purse))),
            (
                "🜉".into(),
                value(party.map(|p| p.travel.pathfinding_tokens)),
            ),
            (
                "🜹".into(),
                value(party.map(|p| p.travel.exploration_tokens)),
            ),
            ("Rounds done".into(), rounds),
            ("Difficulty".into(), value(path.map(|p| p.difficulty))),
            ("Danger".into(), value(path.map(|p| p.danger))),
        ],
    );
    if let (Some(p), None) = (party, on) {
        paths_from_here(l, data, p);
    }
    let request = on.zip(path).map(|(on, path)| Encounter {
        difficulty: path.difficulty as i32,
        sidetracked: on.state.sidetracked,
        danger: path.danger as u32,
        noisy: on.state.noisy,
        wild: path.wild,
    });
    navigation(l, path, party);
    encounter(l, request.as_ref());
    camping(l, data, party, path);
}

/// The paths the party can set out on, to choose one at the table.
fn paths_from_here(l: &mut Layout<'_>, data: &CampaignData, party: &Party) {
    let Some(place) = party.travel.place else {
        return;
    };
    blocks::section(l, "Paths from here", 30.0);
    let columns = [
        Column::left("Path", 3.0),
        Column::left("To", 2.4),
        Column::right("Difficulty", 1.0),
        Column::right("Danger", 1.0),
        Column::right("Rounds", 1.0),
        Column::right("Travelled", 1.0),
        Column::left("", 1.6),
    ];
    let rows: Vec<Vec<String>> = data
        .paths_at(place)
        .map(|p| {
            let to = p
                .other_end(place)
                .and_then(|t| data.places.get(&t))
                .map_or("?", |t| t.name.as_str());
            let mut marks = Vec::new();
            if p.partial {
                marks.push("last partial");
            }
            if p.wild {
                marks.push("wild");
            }
            vec![
                p.name.clone(),
                to.to_owned(),
                p.difficulty.to_string(),
                p.danger.to_string(),
                p.rounds.to_string(),
                p.travelled.to_string(),
                marks.join(", "),
            ]
        })
        .collect();
    blocks::table(l, &columns, &rows);
}

fn navigation(l: &mut Layout<'_>, path: Option<&MapPath>, party: Option<&Party>) {
    blocks::section(l, "Navigation Phase", 90.0);
    let modifiers = party.map_or_else(String::new, |p| p.travel.modifiers.to_string());
    blocks::facts(
        l,
        &[
            (
                "Weather",
                party
                    .and_then(|p| p.travel.forecast_weather.clone())
                    .unwrap_or_default(),
            ),
            ("Maps, Guide (−)", modifiers),
            (
                "Familiarity (−2 each)",
                path.map_or_else(String::new, |p| format!("{} × 2", p.travelled)),
            ),
            (
                "Effective difficulty",
                match (path, party.and_then(|p| p.travel.on_path)) {
                    (Some(path), Some(on)) => (path.difficulty + i64::from(on.state.sidetracked)
                        - 2 * path.travelled
                        - party.map_or(0, |p| p.travel.modifiers))
                    .to_string(),
                    _ => String::new(),
                },
            ),
        ],
    );
    let explored = party.is_some_and(|p| p.travel.explored);
    blocks::tick_boxes(
        l,
        &[
            (explored, "Explored last camp: +2 on the d10".to_owned()),
            (false, "0 or below: on course, no roll".to_owned()),
            (false, "d10 ____ above it: on course".to_owned()),
            (false, "Failed: spend a 🜉 to succeed".to_owned()),
        ],
    );
    let setbacks: Vec<(bool, String)> = Setback::ALL
        .iter()
        .map(|s| {
            let (from, to) = s.faces();
            let faces = if from == to {
                from.to_string()
            } else {
                format!("{from}-{to}")
            };
            (false, format!("{faces} {}", row_name(s.description())))
        })
        .collect();
    blocks::line(l, "", "Setback d6 ____");
    blocks::tick_boxes(l, &setbacks);
}

/// The encounter die's thresholds, for the path as the party is on it.
fn encounter(l: &mut Layout<'_>, request: Option<&Encounter>) {
    blocks::section(l, "Encounter Phase", 70.0);
    let rule = match request {
        Some(r) => format!(
            "d10 above {} a hazard; at most {} warriors; otherwise benign (d6){}",
            r.threshold(),
            r.danger(),
            if r.wild { ". Wild: all but Landmark are Peace" } else { "" }
        ),
        None => "d10 above 10 − ⌊difficulty ÷ 2⌋ a hazard; at most the danger warriors; otherwise benign (d6)".to_owned(),
    };
    blocks::line(l, "Encounter die", &rule);
    blocks::tick_boxes(
        l,
        &[
            (false, "Scouted last night".to_owned()),
            (false, "Planned encounter".to_owned()),
            (false, "Hazard".to_owned()),
            (false, "Warriors".to_owned()),
        ],
    );
    let benign: Vec<(bool, String)> = [
        Benign::Peace,
        Benign::Landmark,
        Benign::FellowTravelers,
        Benign::Merchant,
    ]
    .iter()
    .map(|b| {
        let (from, to) = b.faces();
        let faces = if from == to {
            from.to_string()
        } else {
            format!("{from}-{to}")
        };
        (false, format!("{faces} {}", row_name(b.description())))
    })
    .collect();
    blocks::tick_boxes(l, &benign);
}

fn camping(l: &mut Layout<'_>, data: &CampaignData, party: Option<&Party>, path: Option<&MapPath>) {
    blocks::section(l, "Camping Phase (not on a partial round)", 120.0);
    let heroes = party.map_or_else(Vec::new, |p| waybook_core::travel::heroes(data, p.id));
    let allies = party.map_or(0, |p| waybook_core::travel::allies(data, p.id));
    blocks::facts(
        l,
        &[
            (
                "Supplies in hand",
                party.map_or_else(String::new, |p| p.supplies.to_string()),
            ),
            (
                "Spent (fed heroes + allies)",
                if party.is_some() {
                    format!("up to {} + {allies}", heroes.len())
                } else {
                    String::new()
                },
            ),
            ("Hunted (d4)", String::new()),
            ("Bought", String::new()),
            ("Left", String::new()),
            (
                "Ambush d10 at most",
                path.map_or_else(String::new, |p| (p.danger / 2).to_string()),
            ),
        ],
    );
    let mut columns = vec![Column::left("Hero", 2.6), Column::left("Fed", 0.7)];
    let short = |a: Action| match a {
        Action::Shelter => "Shel.",
        Action::Recover => "Recov.",
        Action::Explore => "Expl.",
        Action::Divine => "Div.",
        Action::Gather => "Gath.",
        other => other.label(),
    };
    let headers: Vec<String> = Action::ALL.iter().map(|a| capitalised(short(*a))).collect();
    for header in &headers {
        columns.push(Column {
            header,
            share: 0.75,
            align: Align::Left,
        });
    }
    let mut rows: Vec<Vec<String>> = heroes
        .iter()
        .map(|h| {
            let mut row = vec![h.name.clone(), "☐".to_owned()];
            for action in Action::ALL {
                let open = action
                    .role()
                    .is_none_or(|(role, _)| waybook_core::travel::rank(h, role) > 0);
                row.push(if open { "☐" } else { "–" }.to_owned());
            }
            row
        })
        .collect();
    let blank_rows = if party.is_some() { 1 } else { 6 };
    for _ in 0..blank_rows {
        let mut row = vec![String::new(), "☐".to_owned()];
        row.extend(Action::ALL.iter().map(|_| "☐".to_owned()));
        rows.push(row);
    }
    blocks::table(l, &columns, &rows);
    blocks::line(
        l,
        "",
        "– : the hero has no rank in the role. Role actions succeed when the d10 is below ⌊stat ÷ 2⌋ + ⌊rank ÷ 2⌋.",
    );
    blocks::tick_boxes(
        l,
        &[
            (false, "Ambush".to_owned()),
            (false, "Watch warned: slipped away".to_owned()),
            (false, "First Strike (no Watch)".to_owned()),
        ],
    );
    blocks::section(l, "Notes", 30.0);
    blocks::fill_with_lines(l);
}

/// A party's travel log: each round with each roll's working.
pub fn travel_log(l: &mut Layout<'_>, data: &CampaignData, party: &Party) {
    l.start_sheet(&format!("Travel log · {}", party.name));
    let rounds: Vec<_> = data
        .rounds
        .values()
        .filter(|r| r.party == party.id)
        .collect();
    blocks::title(
        l,
        &format!("Travel log · {}", party.name),
        &format!(
            "{} · {} · now {}",
            data.settings.name,
            waybook_core::model::plural(rounds.len(), "travel round"),
            data.settings.calendar.describe(party.now.day)
        ),
    );
    if rounds.is_empty() {
        blocks::line(l, "", "No travel rounds yet.");
    }
    for round in rounds {
        let path = data.paths.get(&round.path).map_or("?", |p| p.name.as_str());
        let toward = data
            .places
            .get(&round.toward)
            .map_or("?", |p| p.name.as_str());
        // The heading stays with the day's first lines: never alone at
        // the foot of a page.
        blocks::section(
            l,
            &format!(
                "{}: {path} toward {toward}",
                data.settings.calendar.describe(round.day)
            ),
            DAY_START,
        );
        for line in round.lines.iter().skip(1) {
            blocks::line(l, "", line);
        }
    }
}

/// Room kept under a day's heading in the travel log: its first four lines.
const DAY_START: f32 = 4.0 * (blocks::BODY + 4.0);

/// A table row's name: its description up to the colon ("Totally Lost").
fn row_name(description: &str) -> &str {
    description.split(':').next().unwrap_or(description)
}
