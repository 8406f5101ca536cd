//! The days a trip's setbacks are expected to add on its map paths, with
//! travel rounds on: the plan counts each path's rounds as days, and the
//! route forecast's expected rounds (`travel::forecast`) say how many more
//! setbacks and getting lost will take, on average; the range's top is
//! the number of extra days nine trips in ten stay within, worked out
//! exactly from the same pathfinding chances. Their food is the party's
//! daily need for those days.

use super::TheMap;
use crate::model::{CampaignData, Journey};
use crate::travel::forecast;
use serde::Serialize;
use waybook_rules::rounds::pathfind::PathState;

/// The days setbacks are expected to add to the trip's paths still ahead.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetbackDays {
    /// Expected days more than the paths' rounds.
    pub expected: f64,
    /// Nine trips in ten take at most this many days more.
    pub nine_in_ten: i64,
    /// The party's food for the expected days.
    pub food_units: f64,
}

/// At most this many rounds are counted on one path: past it the chance
/// left is too small to change the range.
const ROUNDS_COUNTED: usize = 400;

/// The setback days of the trip's path legs from the one it is on, or
/// `None` when travel rounds are off or no path lies ahead. A path where
/// pathfinding cannot succeed is left out (the forecast says so).
pub fn setback_days(
    data: &CampaignData,
    journey: &Journey,
    road_played: usize,
) -> Option<SetbackDays> {
    let map = TheMap::of(data, &journey.plan);
    let route = journey.route()?;
    if !map.rounds_on() {
        return None;
    }
    let mut start = 0usize;
    let mut expected = 0.0;
    let mut extra = vec![1.0]; // the chance of each number of extra rounds
    let mut any = false;
    let methods = super::gear::methods(data, journey);
    for leg in &route.legs {
        let hours = usize::try_from(map.leg_hours(leg, &methods)).unwrap_or(0);
        let ahead = start + hours > road_played;
        start += hours;
        let (Some(along), Some(path)) = (leg.path, map.path_of(leg)) else {
            continue;
        };
        if !ahead {
            continue;
        }
        let from = path.other_end(along.toward)?;
        let odds = forecast::path_odds(data, journey.party, path, from);
        let Some(rounds) = odds.rounds_expected else {
            continue;
        };
        any = true;
        expected += (rounds - f64::from(odds.rounds_left)).max(0.0);
        let lost = (data.parties.get(&journey.party))
            .and_then(|p| p.travel.on_path)
            .filter(|on| on.path == path.id)
            .map_or(PathState::default(), |on| on.state)
            .lost;
        let leg_extra = extra_rounds(1.0 - odds.p_setback, odds.rounds_left, lost);
        extra = convolve(&extra, &leg_extra);
    }
    if !any {
        return None;
    }
    let members = super::members(data, journey);
    let daily: f64 = members.iter().map(|c| super::food::required(c, 1.0)).sum();
    Some(SetbackDays {
        expected,
        nine_in_ten: quantile(&extra, 0.9),
        food_units: expected * daily,
    })
}

/// The chance of each number of rounds more than `needed` that a path
/// takes when each pathfind succeeds with chance `p`: a failure's d6 gives
/// no progress on 1-2, a step back on 3 (a round more), progress on 4-5,
/// and 6 leaves the party lost until a success, which progresses.
#[allow(
    clippy::indexing_slicing,
    reason = "the progress still needed starts at needed <= most and a step back is capped \
              at most + 1, in tables of most + 2; round - needed is checked to be at most \
              ROUNDS_COUNTED, done's last place"
)]
fn extra_rounds(p: f64, needed: u32, lost: bool) -> Vec<f64> {
    let needed = needed as usize;
    if needed == 0 {
        return vec![1.0];
    }
    let q = 1.0 - p;
    let most = needed + ROUNDS_COUNTED;
    // [progress still needed][lost] after each round.
    let mut now = vec![[0.0f64; 2]; most + 2];
    now[needed][usize::from(lost)] = 1.0;
    let mut done = vec![0.0; ROUNDS_COUNTED + 1];
    for round in 1..=most {
        let mut next = vec![[0.0f64; 2]; most + 2];
        for (n, state) in now.iter().enumerate().skip(1) {
            let [free, lost] = *state;
            // Lost: a success ends it and progresses; a failure stays lost.
            next[n - 1][0] += lost * p;
            next[n][1] += lost * q;
            next[n - 1][0] += free * (p + q * 2.0 / 6.0);
            next[n][0] += free * q * 2.0 / 6.0;
            next[(n + 1).min(most + 1)][0] += free * q / 6.0;
            next[n][1] += free * q / 6.0;
        }
        let arrived = next[0][0] + next[0][1];
        next[0] = [0.0, 0.0];
        if round >= needed && round - needed <= ROUNDS_COUNTED {
            done[round - needed] += arrived;
        }
        now = next;
    }
    done
}

fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![
        0.0;
        (a.len() + b.len())
            .saturating_sub(1)
            .min(ROUNDS_COUNTED + 1)
    ];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            if let Some(slot) = out.get_mut(i + j) {
                *slot += x * y;
            }
        }
    }
    out
}

/// The least number of extra rounds whose chance, with all fewer, reaches
/// `share`.
fn quantile(chances: &[f64], share: f64) -> i64 {
    let mut sum = 0.0;
    for (k, p) in chances.iter().enumerate() {
        sum += p;
        if sum >= share - 1e-12 {
            return k as i64;
        }
    }
    chances.len() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path that never fails adds nothing; one that always succeeds
    /// after a failure half the time spreads its extra rounds, and the
    /// chances sum to one.
    #[test]
    fn certain_pathfinding_adds_no_days_and_chances_sum_to_one() {
        assert_eq!(extra_rounds(1.0, 3, false), {
            let mut v = vec![0.0; ROUNDS_COUNTED + 1];
            v[0] = 1.0;
            v
        });
        let half = extra_rounds(0.5, 2, false);
        let sum: f64 = half.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
        // Two rounds, each a success (1/2) or a failure that still
        // progresses on 4-5 (1/2 × 2/6): no extra round with 2/3 × 2/3.
        assert!((half[0] - (2.0f64 / 3.0).powi(2)).abs() < 1e-12);
        assert!(quantile(&half, 0.9) >= 1);
        // The same chances as the route forecast's expectation (Wald's
        // identity there): 3.5 rounds for 2 at a half, so 1.5 more.
        let mean: f64 = half.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        assert!((mean - 1.5).abs() < 1e-6, "{mean}");
    }
}
