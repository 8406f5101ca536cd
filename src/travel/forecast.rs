//! The route forecast: for each path the chance of a setback, of getting
//! lost and of each kind of encounter, the rounds it is expected to take
//! with its setbacks, and from the party's place the route by fewest
//! expected rounds (petgraph's A* with no heuristic) with the Supplies it
//! will need.
//!
//! Read a path as the party starts it (its Sidetracked and Noisy stacks, if
//! it is on it): stacks gained on the way are not forecast. Counted, every
//! expectation would be infinite, since at an effective difficulty of 10
//! the d10 can no longer succeed and a Totally Lost party stays lost.

use crate::model::{CampaignData, MapPath, MapPathId, OnPath, PartyId, PlaceId};
use crate::rules::rounds::OUTCOME_DIE;
use crate::rules::rounds::encounter::{Encounter, Kind};
use crate::rules::rounds::pathfind::{PathState, Pathfind};
use petgraph::graph::{NodeIndex, UnGraph};
use serde::Serialize;
use std::collections::BTreeMap;

/// The odds of one path for one party.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathOdds {
    pub path: MapPathId,
    pub name: String,
    pub from: String,
    pub to: String,
    /// Effective difficulty: difficulty + Sidetracked - 2 per earlier trip - modifiers.
    pub effective: i64,
    /// A round's pathfind fails (a setback, or a 🜉 to spend).
    pub p_setback: f64,
    /// A round ends Totally Lost (a failure whose d6 is a 6).
    pub p_lost: f64,
    pub p_hazard: f64,
    pub p_warriors: f64,
    pub p_benign: f64,
    /// Rounds expected with the setbacks; `None` when pathfinding cannot succeed.
    pub rounds_expected: Option<f64>,
    /// Camps expected on it: every round but an arriving partial one.
    pub camps_expected: Option<f64>,
}

/// A route and its forecast.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RouteForecast {
    pub party: String,
    pub from: String,
    pub to: String,
    pub paths: Vec<PathOdds>,
    pub rounds_expected: f64,
    /// Supplies for every expected camp, heroes and allies fed, in whole Supplies.
    pub supplies_needed: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RouteError {
    #[error("there is no party named “{0}”")]
    NoParty(String),
    #[error("there is no place named “{0}”")]
    NoPlace(String),
    #[error("{0} is not on the map yet: put the party at a place first")]
    Nowhere(String),
    #[error("no path leads from {from} to {to}")]
    NoRoute { from: String, to: String },
}

/// The chance a round's pathfind succeeds: the d10 greater than the
/// effective difficulty, or no roll at all at 0 or below.
fn p_success(effective: i64) -> f64 {
    if effective <= 0 {
        1.0
    } else {
        (f64::from(OUTCOME_DIE) - effective as f64).clamp(0.0, 10.0) / f64::from(OUTCOME_DIE)
    }
}

/// Expected rounds to make `needed` rounds of progress, starting lost or not.
///
/// From a round not lost: a success progresses (chance p); a failure's d6
/// gives no progress on 1-2, a step back on 3 (Backtracked adds a round),
/// progress on 4-5, and 6 leaves the party lost until a success, which
/// progresses: 1/p more rounds on average. Progress never jumps by more than
/// one, so by Wald's identity the rounds are `needed` times the rounds per
/// step over the progress per step.
fn expected_rounds(p: f64, needed: u32, lost: bool) -> Option<f64> {
    if needed == 0 {
        return Some(0.0);
    }
    if p <= 0.0 {
        return None;
    }
    let q = 1.0 - p;
    let rounds_per_step = 1.0 + q / 6.0 / p;
    let progress_per_step = p + q / 3.0;
    let (start, left) = if lost {
        (1.0 / p, needed - 1)
    } else {
        (0.0, needed)
    };
    Some(start + f64::from(left) * rounds_per_step / progress_per_step)
}

/// The odds of a path for a party, from its state on it if it is on it.
pub fn path_odds(data: &CampaignData, party: PartyId, path: &MapPath, from: PlaceId) -> PathOdds {
    let travel = data.parties.get(&party).map(|p| &p.travel);
    let on = travel
        .and_then(|t| t.on_path)
        .filter(|on| on.path == path.id);
    let state = on.map_or_else(|| PathState::new(path.rounds as u32), |on| on.state);
    let pathfind = Pathfind {
        difficulty: path.difficulty as i32,
        sidetracked: state.sidetracked,
        times_travelled: path.travelled as u32,
        modifiers: travel.map_or(0, |t| t.modifiers) as i32,
        explored: false,
        lost: state.lost,
        spend_token: false,
    };
    let effective = i64::from(pathfind.effective());
    let p = p_success(effective);
    let encounter = Encounter {
        difficulty: path.difficulty as i32,
        sidetracked: state.sidetracked,
        danger: path.danger as u32,
        noisy: state.noisy,
        wild: path.wild,
    };
    let share = |kind: Kind| {
        (1..=OUTCOME_DIE)
            .filter(|&face| encounter.kind(face) == kind)
            .count() as f64
            / f64::from(OUTCOME_DIE)
    };
    let rounds = expected_rounds(p, state.rounds_left, state.lost);
    let place = |id: PlaceId| {
        data.places
            .get(&id)
            .map_or_else(String::new, |p| p.name.clone())
    };
    let to = on.map_or_else(|| path.other_end(from).unwrap_or(path.to), |on| on.toward);
    PathOdds {
        path: path.id,
        name: path.name.clone(),
        from: place(on.map_or(from, |on: OnPath| on.from)),
        to: place(to),
        effective,
        p_setback: 1.0 - p,
        p_lost: if state.lost { 1.0 - p } else { (1.0 - p) / 6.0 },
        p_hazard: share(Kind::Hazard),
        p_warriors: share(Kind::Warriors),
        p_benign: share(Kind::Benign),
        rounds_expected: rounds,
        camps_expected: rounds.map(|r| if path.partial { (r - 1.0).max(0.0) } else { r }),
    }
}

/// The route from the party's place (or from the end of the path it is on)
/// to `to`, by fewest expected rounds, and its forecast.
pub fn route(
    data: &CampaignData,
    party: PartyId,
    to: PlaceId,
) -> Result<RouteForecast, RouteError> {
    let p = data
        .parties
        .get(&party)
        .ok_or_else(|| RouteError::NoParty(format!("{party:?}")))?;
    let name = |id: PlaceId| {
        data.places
            .get(&id)
            .map_or_else(String::new, |p| p.name.clone())
    };
    let mut legs = Vec::new();
    let start = match (p.travel.on_path, p.travel.place) {
        (Some(on), _) => {
            if let Some(path) = data.paths.get(&on.path) {
                legs.push(path_odds(data, party, path, on.from));
            }
            on.toward
        }
        (None, Some(place)) => place,
        (None, None) => return Err(RouteError::Nowhere(p.name.clone())),
    };
    let mut graph = UnGraph::<PlaceId, (MapPathId, f64)>::new_undirected();
    let nodes: BTreeMap<PlaceId, NodeIndex> = data
        .places
        .keys()
        .map(|&id| (id, graph.add_node(id)))
        .collect();
    for path in data.paths.values() {
        let odds = path_odds(data, party, path, path.from);
        if let (Some(&a), Some(&b), Some(rounds)) = (
            nodes.get(&path.from),
            nodes.get(&path.to),
            odds.rounds_expected,
        ) {
            graph.add_edge(a, b, (path.id, rounds));
        }
    }
    let no_route = || RouteError::NoRoute {
        from: name(start),
        to: name(to),
    };
    let (Some(&source), Some(&goal)) = (nodes.get(&start), nodes.get(&to)) else {
        return Err(no_route());
    };
    let (_, steps) =
        petgraph::algo::astar(&graph, source, |n| n == goal, |e| e.weight().1, |_| 0.0)
            .ok_or_else(no_route)?;
    for pair in steps.windows(2) {
        let edge = graph
            .find_edge(pair[0], pair[1])
            .and_then(|e| graph.edge_weight(e));
        if let Some(path) = edge.and_then(|(id, _)| data.paths.get(id)) {
            legs.push(path_odds(data, party, path, graph[pair[0]]));
        }
    }
    let rounds_expected = legs.iter().filter_map(|l| l.rounds_expected).sum();
    let camps: f64 = legs.iter().filter_map(|l| l.camps_expected).sum();
    let fed = (super::heroes(data, party).len() + super::allies(data, party)) as f64;
    Ok(RouteForecast {
        party: p.name.clone(),
        from: legs.first().map_or_else(|| name(start), |l| l.from.clone()),
        to: name(to),
        paths: legs,
        rounds_expected,
        supplies_needed: (camps * fed - 1e-9).ceil().max(0.0) as i64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::Dice;
    use crate::rules::rounds::pathfind::pathfind;

    /// Plays a path many times with the rules engine and seeded dice.
    fn simulated_rounds(difficulty: i32, rounds: u32, trials: u32) -> f64 {
        let mut dice = Dice::seeded(7);
        let mut total = 0u64;
        for _ in 0..trials {
            let mut state = PathState::new(rounds);
            let mut n = 0u64;
            while !state.arrived() {
                let request = Pathfind {
                    difficulty,
                    sidetracked: 0,
                    times_travelled: 0,
                    modifiers: 0,
                    explored: false,
                    lost: state.lost,
                    spend_token: false,
                };
                let result = pathfind(&request, &mut dice).expect("rolls");
                state.apply(&result);
                state.sidetracked = 0; // the forecast reads the path as it starts
                n += 1;
            }
            total += n;
        }
        total as f64 / f64::from(trials)
    }

    #[test]
    fn the_expected_rounds_match_the_rules_played_out() {
        // "If the result is greater than the number they derived from the
        // navigation difficulty, the players proceed ... without further incident."
        for (difficulty, rounds) in [(3, 2), (6, 3), (8, 1)] {
            let expected =
                expected_rounds(p_success(difficulty.into()), rounds, false).expect("finite");
            let played = simulated_rounds(difficulty, rounds, 20_000);
            assert!(
                (expected - played).abs() / expected < 0.03,
                "difficulty {difficulty}, {rounds} rounds: forecast {expected}, played {played}"
            );
        }
    }

    #[test]
    fn an_easy_path_takes_its_rounds_and_an_impossible_one_has_no_end() {
        // "If the resulting number is zero or below, the Navigation Phase ends"
        assert_eq!(expected_rounds(p_success(0), 4, false), Some(4.0));
        assert_eq!(expected_rounds(p_success(10), 4, false), None);
        assert!((p_success(6) - 0.4).abs() < 1e-12);
    }
}
