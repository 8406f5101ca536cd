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

use crate::model::plural;
use crate::model::{CampaignData, MapPath, MapPathId, OnPath, PartyId, PlaceId};
use petgraph::graph::{NodeIndex, UnGraph};
use serde::Serialize;
use std::collections::BTreeMap;
use waybook_rules::rounds::OUTCOME_DIE;
use waybook_rules::rounds::encounter::{Encounter, Kind};
use waybook_rules::rounds::pathfind::{EXPLORE_BONUS, PathState, Pathfind};

/// The odds of one path for one party.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathOdds {
    pub path: MapPathId,
    pub name: String,
    /// Where this leg starts: a place, or "partway along" the path when the
    /// party is on it.
    pub from: String,
    pub to: String,
    /// The place it leads to, for a trip that takes this route.
    #[serde(skip)]
    pub toward: PlaceId,
    /// Effective difficulty: difficulty + Sidetracked - 2 per earlier trip - modifiers.
    pub effective: i64,
    /// Whether the leg's first pathfind has Explore's +2 on the roll (someone
    /// took Explore at the last camp).
    pub explore: bool,
    /// The leg's next pathfind fails (a setback, or a 🜉 to spend), with
    /// Explore's +2 when `explore`.
    pub p_setback: f64,
    /// The next round ends Totally Lost (a failure whose d6 is a 6).
    pub p_lost: f64,
    pub p_hazard: f64,
    pub p_warriors: f64,
    pub p_benign: f64,
    /// Rounds still to travel on it: all of them, or those left for a party
    /// partway along.
    pub rounds_left: u32,
    /// Rounds expected with the setbacks; `None` when pathfinding cannot succeed.
    pub rounds_expected: Option<f64>,
    /// Camps expected on it: every round but an arriving partial one.
    pub camps_expected: Option<f64>,
}

/// A route and its forecast.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RouteForecast {
    pub party: String,
    /// Where the party is: a place, or partway along a path.
    pub from: String,
    pub to: String,
    pub paths: Vec<PathOdds>,
    pub rounds_expected: f64,
    /// Whether tonight's camp is still to come (a round is in play).
    pub tonight: bool,
    /// Supplies for every expected camp (tonight's included), heroes and
    /// allies fed, in whole Supplies.
    pub supplies_needed: i64,
    /// Supplies the party holds.
    pub supplies_held: i64,
    /// How many more the route needs than the party holds (0 if none).
    pub supplies_short: i64,
    /// The first camp (1 is the next one: tonight's while a round is in
    /// play) at which the party cannot feed everyone; `None` while the
    /// Supplies last the route.
    pub runs_out_at_camp: Option<u32>,
}

impl RouteForecast {
    /// What the Supplies come to, in words: "67 Supplies needed (every
    /// camp, everyone fed), 1 held: 66 short, running out at camp 1 (tonight)".
    pub fn supplies_said(&self) -> String {
        let mut said = format!(
            "{} needed (every camp{}, everyone fed), {} held",
            plural(self.supplies_needed, "Supply"),
            if self.tonight { ", tonight's too" } else { "" },
            self.supplies_held
        );
        if self.supplies_short > 0 {
            said += &format!(": {} short", self.supplies_short);
            if let Some(camp) = self.runs_out_at_camp {
                said += &format!(
                    ", running out at camp {camp}{}",
                    if camp == 1 && self.tonight {
                        " (tonight)"
                    } else {
                        ""
                    }
                );
            }
        }
        said
    }
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

/// The chance a round's pathfind succeeds: the d10 (plus `bonus`, Explore's
/// +2) greater than the effective difficulty, or no roll at all at 0 or
/// below.
fn p_success(effective: i64, bonus: i64) -> f64 {
    if effective <= 0 {
        1.0
    } else {
        (f64::from(OUTCOME_DIE) + bonus as f64 - effective as f64).clamp(0.0, 10.0)
            / f64::from(OUTCOME_DIE)
    }
}

/// Expected rounds to make `needed` rounds of progress, starting lost or
/// not, when the first pathfind succeeds with chance `first` (Explore's +2)
/// and every later one with chance `p`.
///
/// From a round not lost: a success progresses (chance p); a failure's d6
/// gives no progress on 1-2, a step back on 3 (Backtracked adds a round),
/// progress on 4-5, and 6 leaves the party lost until a success, which
/// progresses: 1/p more rounds on average. Progress never jumps by more than
/// one, so by Wald's identity the rounds from any point are the progress
/// still needed times the rounds per step over the progress per step; the
/// first step, with its own chance, is counted on its own.
fn expected_rounds(first: f64, p: f64, needed: u32, lost: bool) -> Option<f64> {
    if needed == 0 {
        return Some(0.0);
    }
    if first >= 1.0 && needed == 1 {
        return Some(1.0);
    }
    if p <= 0.0 {
        return None;
    }
    let q = 1.0 - p;
    let per_step = (1.0 + q / 6.0 / p) / (p + q / 3.0);
    let q1 = 1.0 - first;
    let (rounds, progress) = if lost {
        // Lost: the first success ends it and progresses; a failure stays lost.
        (1.0 + q1 / p, 1.0)
    } else {
        (1.0 + q1 / 6.0 / p, first + q1 / 3.0)
    };
    Some(rounds + (f64::from(needed) - progress) * per_step)
}

/// Where a leg starts: fresh from a place, or where the party is on it.
#[derive(Debug, Clone, Copy)]
enum Start {
    At(PlaceId),
    On(OnPath),
}

/// The odds of a path from `start`, with the party's navigation modifiers
/// and, when `explore`, Explore's +2 on its first pathfind.
fn odds(
    data: &CampaignData,
    modifiers: i64,
    path: &MapPath,
    start: Start,
    explore: bool,
) -> PathOdds {
    let state = match start {
        Start::On(on) => on.state,
        Start::At(_) => PathState::new(path.rounds as u32),
    };
    let pathfind = Pathfind {
        difficulty: path.difficulty as i32,
        sidetracked: state.sidetracked,
        times_travelled: path.travelled as u32,
        modifiers: modifiers as i32,
        explored: explore,
        lost: state.lost,
        spend_token: false,
    };
    let effective = i64::from(pathfind.effective());
    let p = p_success(effective, 0);
    let first = p_success(effective, if explore { EXPLORE_BONUS.into() } else { 0 });
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
    let rounds = expected_rounds(first, p, state.rounds_left, state.lost);
    let place = |id: PlaceId| {
        data.places
            .get(&id)
            .map_or_else(String::new, |p| p.name.clone())
    };
    let (from, toward) = match start {
        Start::On(on) => (format!("partway along {}", path.name), on.toward),
        Start::At(at) => (place(at), path.other_end(at).unwrap_or(path.to)),
    };
    PathOdds {
        path: path.id,
        name: path.name.clone(),
        from,
        to: place(toward),
        toward,
        effective,
        explore: explore && effective > 0,
        p_setback: 1.0 - first,
        p_lost: if state.lost {
            1.0 - first
        } else {
            (1.0 - first) / 6.0
        },
        p_hazard: share(Kind::Hazard),
        p_warriors: share(Kind::Warriors),
        p_benign: share(Kind::Benign),
        rounds_left: state.rounds_left,
        rounds_expected: rounds,
        camps_expected: rounds.map(|r| if path.partial { (r - 1.0).max(0.0) } else { r }),
    }
}

/// The odds of a path for a party's next round on it: from where it is on
/// it, or from `from` when it sets out, with last camp's Explore.
pub fn path_odds(data: &CampaignData, party: PartyId, path: &MapPath, from: PlaceId) -> PathOdds {
    let travel = data.parties.get(&party).map(|p| &p.travel);
    let start = travel
        .and_then(|t| t.on_path)
        .filter(|on| on.path == path.id)
        .map_or(Start::At(from), Start::On);
    let (modifiers, explored) = travel.map_or((0, false), |t| (t.modifiers, t.explored));
    odds(data, modifiers, path, start, explored)
}

/// The route from where the party is to `to`, by fewest expected rounds,
/// and its forecast. From partway along a path the party may go on or turn
/// back ("choose what direction along the path to follow"): the route
/// starts with the rounds left on that path in the direction expected to
/// be quicker, and goes on from the end it reaches. The route is found
/// with every path read fresh; the first leg then has last camp's Explore
/// on its first pathfind. To the place the party is at: no legs, no rounds.
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
    let modifiers = p.travel.modifiers;
    let explore = p.travel.explored;
    // Partway along a path with rounds left; a path done is its end.
    let partway = (p.travel.on_path)
        .and_then(|on| Some((on, data.paths.get(&on.path)?)))
        .filter(|(on, _)| on.state.rounds_left > 0);
    let at = match (partway, p.travel.on_path, p.travel.place) {
        (Some(_), ..) => None,
        (None, Some(on), _) => Some(on.toward),
        (None, None, Some(place)) => Some(place),
        (None, None, None) => return Err(RouteError::Nowhere(p.name.clone())),
    };
    let fresh = |way: Vec<(&MapPath, PlaceId)>, explore: bool| {
        way.into_iter()
            .enumerate()
            .map(|(i, (path, from))| {
                odds(data, modifiers, path, Start::At(from), explore && i == 0)
            })
            .collect::<Vec<_>>()
    };
    let (from, legs) = match (partway, at) {
        (Some((on, path)), _) => {
            let said = format!(
                "partway along {} ({} of {} rounds done, toward {})",
                path.name,
                on.rounds_done(path),
                path.rounds + i64::from(on.extra),
                name(on.toward)
            );
            let ways = [on, on.turned_back(path)]
                .into_iter()
                .filter(|way| way.state.rounds_left > 0)
                .filter_map(|way| {
                    let rest = shortest_way(data, modifiers, way.toward, to)?;
                    let mut legs = vec![odds(data, modifiers, path, Start::On(way), explore)];
                    legs.extend(fresh(rest, false));
                    Some(legs)
                });
            let legs = ways
                .min_by(|a, b| expected(a).total_cmp(&expected(b)))
                .ok_or_else(|| RouteError::NoRoute {
                    from: said.clone(),
                    to: name(to),
                })?;
            (said, legs)
        }
        (None, Some(place)) => {
            let way =
                shortest_way(data, modifiers, place, to).ok_or_else(|| RouteError::NoRoute {
                    from: name(place),
                    to: name(to),
                })?;
            (name(place), fresh(way, explore))
        }
        (None, None) => return Err(RouteError::Nowhere(p.name.clone())),
    };
    let rounds_expected = legs
        .iter()
        .filter_map(|l| l.rounds_expected)
        .fold(0.0, |a, b| a + b);
    let supplies = Supplies::of(data, party, p.supplies, &legs);
    Ok(RouteForecast {
        party: p.name.clone(),
        from,
        to: name(to),
        paths: legs,
        rounds_expected,
        tonight: supplies.tonight,
        supplies_needed: supplies.needed,
        supplies_held: supplies.held,
        supplies_short: supplies.short,
        runs_out_at_camp: supplies.runs_out_at_camp,
    })
}

/// What a route's camps need of the Supplies: see [`RouteForecast`].
struct Supplies {
    tonight: bool,
    needed: i64,
    held: i64,
    short: i64,
    runs_out_at_camp: Option<u32>,
}

impl Supplies {
    fn of(data: &CampaignData, party: PartyId, held: i64, legs: &[PathOdds]) -> Self {
        let future_camps = legs
            .iter()
            .filter_map(|l| l.camps_expected)
            .fold(0.0, |a, b| a + b);
        let fed = (super::heroes(data, party).len() + super::allies(data, party)) as f64;
        // A round in play camps tonight, unless it was a partial round's
        // arrival; Fellow Travelers met today feed everyone for nothing.
        let in_play = data.round_in_play(party);
        let tonight = in_play.is_some_and(|r| !r.partial);
        let tonight_cost = if in_play.is_some_and(|r| !r.partial && !r.fellow_travelers) {
            fed
        } else {
            0.0
        };
        let needed = (future_camps * fed + tonight_cost - 1e-9).ceil().max(0.0) as i64;
        let held = held.max(0);
        let short = (needed - held).max(0);
        let runs_out_at_camp = (short > 0).then(|| {
            let earlier = u32::from(tonight);
            if (held as f64) < tonight_cost {
                1
            } else if fed <= 0.0 {
                earlier + 1
            } else {
                let fed_camps = ((held as f64 - tonight_cost) / fed).floor() as u32;
                earlier + fed_camps + 1
            }
        });
        Self {
            tonight,
            needed,
            held,
            short,
            runs_out_at_camp,
        }
    }
}

/// The rounds a way's legs are expected to take; without end if one has none.
fn expected(legs: &[PathOdds]) -> f64 {
    legs.iter()
        .map(|l| l.rounds_expected.unwrap_or(f64::INFINITY))
        .fold(0.0, |a, b| a + b)
}

/// The paths of the way from `start` to `to` with the fewest rounds
/// expected, each with the place it is taken from; `None` where no way
/// joins them.
fn shortest_way(
    data: &CampaignData,
    modifiers: i64,
    start: PlaceId,
    to: PlaceId,
) -> Option<Vec<(&MapPath, PlaceId)>> {
    let mut graph = UnGraph::<PlaceId, (MapPathId, f64)>::new_undirected();
    let nodes: BTreeMap<PlaceId, NodeIndex> = data
        .places
        .keys()
        .map(|&id| (id, graph.add_node(id)))
        .collect();
    for path in data.paths.values() {
        let fresh = odds(data, modifiers, path, Start::At(path.from), false);
        if let (Some(&a), Some(&b), Some(rounds)) = (
            nodes.get(&path.from),
            nodes.get(&path.to),
            fresh.rounds_expected,
        ) {
            graph.add_edge(a, b, (path.id, rounds));
        }
    }
    let (&source, &goal) = (nodes.get(&start)?, nodes.get(&to)?);
    let (_, steps) =
        petgraph::algo::astar(&graph, source, |n| n == goal, |e| e.weight().1, |_| 0.0)?;
    let way = steps
        .windows(2)
        .filter_map(|pair| {
            let &[from, to] = pair else { return None };
            let (id, _) = graph.edge_weight(graph.find_edge(from, to)?)?;
            Some((data.paths.get(id)?, *graph.node_weight(from)?))
        })
        .collect();
    Some(way)
}

#[cfg(test)]
mod tests {
    use super::*;
    use waybook_rules::dice::Dice;
    use waybook_rules::rounds::pathfind::pathfind;

    /// Plays a path many times with the rules engine and seeded dice, the
    /// first pathfind with Explore's +2 when `explored`.
    fn simulated_rounds(difficulty: i32, rounds: u32, explored: bool, trials: u32) -> f64 {
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
                    explored: explored && n == 0,
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
        // Explore: "this action gives the players a +2 to the result the next time they pathfind."
        for explored in [false, true] {
            for (difficulty, rounds) in [(3, 2), (6, 3), (8, 1)] {
                let bonus = if explored { 2 } else { 0 };
                let first = p_success(difficulty.into(), bonus);
                let p = p_success(difficulty.into(), 0);
                let expected = expected_rounds(first, p, rounds, false).expect("finite");
                let played = simulated_rounds(difficulty, rounds, explored, 20_000);
                assert!(
                    (expected - played).abs() / expected < 0.03,
                    "difficulty {difficulty}, {rounds} rounds, explored {explored}: forecast {expected}, played {played}"
                );
            }
        }
    }

    #[test]
    fn an_easy_path_takes_its_rounds_and_an_impossible_one_has_no_end() {
        // "If the resulting number is zero or below, the Navigation Phase ends"
        assert_eq!(expected_rounds(1.0, p_success(0, 0), 4, false), Some(4.0));
        assert_eq!(expected_rounds(0.2, p_success(10, 0), 4, false), None);
        assert!((p_success(6, 0) - 0.4).abs() < 1e-12);
        // "a +2 to the result": against 3, faces 2 and 3 now succeed too.
        assert!((p_success(3, 2) - 0.9).abs() < 1e-12);
    }
}
