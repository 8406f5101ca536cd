//! The odds of gathering before anyone rolls: the exact chance of each row
//! of the gathering table for a gatherer at a source, and the expected units
//! and time of a session of several tests (for so many hours, or until so
//! many units).

use super::gather::{GATHER_TABLE, Gather, Units, gather_row_for, row_index};
use crate::check::d20_total;
use serde::Serialize;

/// One way a gathering test can end: its chance, its units and its minutes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Outcome {
    pub p: f64,
    pub units: u32,
    pub minutes: u32,
}

/// The chance of one row of the gathering table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RowChance {
    pub result: super::gather::Bounty,
    pub p: f64,
}

/// The outcomes of one test, every d20 face and bonus die face weighed,
/// with the source's yield applied ("the minimum of 1 applies only when the
/// row gives at least one unit").
pub fn outcomes(request: &Gather) -> Vec<Outcome> {
    let yields = request.source.row().yields;
    let mut found = Vec::new();
    for face in 1..=20u32 {
        let ttv = d20_total(face, request.bonus);
        let row = gather_row_for(ttv);
        let mut add = |p: f64, raw: u32| {
            found.push(Outcome {
                p,
                units: yields.apply(raw),
                minutes: row.minutes,
            });
        };
        match row.units {
            Units::Fixed(units) => add(1.0 / 20.0, units),
            Units::Sb => add(1.0 / 20.0, request.sb),
            Units::DieSb(sides) => {
                for die in 1..=sides {
                    add(1.0 / 20.0 / f64::from(sides), die + request.sb);
                }
            }
        }
    }
    found
}

/// The chance of each row of the gathering table, in the table's order;
/// they sum to 1.
pub fn row_chances(request: &Gather) -> Vec<RowChance> {
    GATHER_TABLE
        .iter()
        .enumerate()
        .map(|(i, row)| RowChance {
            result: row.bounty,
            p: (1..=20u32)
                .filter(|&face| {
                    row_index(&GATHER_TABLE, d20_total(face, request.bonus), |r| r.ttv) == i
                })
                .count() as f64
                / 20.0,
        })
        .collect()
}

/// Expected units and minutes of tests made while time is left: a test is
/// started whenever fewer than `minutes` have been worked, and the last one
/// may run over (a Stalled Bounty takes its two hours).
#[allow(
    clippy::indexing_slicing,
    reason = "left runs 1..=steps and after is at most left, in tables of steps + 1"
)]
pub fn for_minutes(outcomes: &[Outcome], minutes: u32) -> (f64, f64) {
    // Every row's time is a multiple of 30 minutes.
    let steps = minutes.div_ceil(30) as usize;
    let mut units = vec![0.0; steps + 1];
    let mut spent = vec![0.0; steps + 1];
    for left in 1..=steps {
        for o in outcomes {
            let after = left.saturating_sub((o.minutes / 30) as usize);
            units[left] += o.p * (f64::from(o.units) + units[after]);
            spent[left] += o.p * (f64::from(o.minutes) + spent[after]);
        }
    }
    (units[steps], spent[steps])
}

/// Expected minutes and tests to gather at least `wanted` units; `None` when
/// no test can give a unit.
#[allow(
    clippy::indexing_slicing,
    reason = "left runs 1..=wanted and after is below left, in tables of wanted + 1"
)]
pub fn until_units(outcomes: &[Outcome], wanted: u32) -> Option<(f64, f64)> {
    let idle: f64 = outcomes.iter().filter(|o| o.units == 0).map(|o| o.p).sum();
    if idle >= 1.0 - 1e-12 {
        return None;
    }
    let wanted = wanted as usize;
    let mut minutes = vec![0.0; wanted + 1];
    let mut tests = vec![0.0; wanted + 1];
    for left in 1..=wanted {
        // A test that gives nothing leaves `left` as it is: solve for it.
        let (mut m, mut t) = (0.0, 0.0);
        for o in outcomes {
            m += o.p * f64::from(o.minutes);
            t += o.p;
            if o.units > 0 {
                let after = left.saturating_sub(o.units as usize);
                m += o.p * minutes[after];
                t += o.p * tests[after];
            }
        }
        minutes[left] = m / (1.0 - idle);
        tests[left] = t / (1.0 - idle);
    }
    Some((minutes[wanted], tests[wanted]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;
    use crate::travel::gather::{Bounty, Source, gather};

    fn moderate(bonus: i32, sb: u32) -> Gather {
        Gather {
            bonus,
            sb,
            source: Source::Moderate,
            quality: None,
        }
    }

    #[test]
    fn the_rows_of_a_hand_worked_case() {
        // Bonus +5: a natural 1 is a TTV of 0 (Damaged); faces 2-4 give 7-9
        // (Stalled: "The time taken to gather the material is doubled"),
        // 5-7 give 10-12 (Minor), 8-9 give 13-14 (Standard), 10-12 give
        // 15-17 (Significant), 13-14 give 18-19 (Quickened), 15-19 give
        // 20-24 (Masterful), 20 gives 25 (Perceptive).
        let chances = row_chances(&moderate(5, 2));
        let p = |b: Bounty| chances.iter().find(|c| c.result == b).map_or(0.0, |c| c.p);
        assert_eq!(p(Bounty::DamagedMaterial), 1.0 / 20.0);
        assert_eq!(p(Bounty::CorruptedBounty), 0.0);
        assert_eq!(p(Bounty::StalledBounty), 3.0 / 20.0);
        assert_eq!(p(Bounty::MinorBounty), 3.0 / 20.0);
        assert_eq!(p(Bounty::StandardBounty), 2.0 / 20.0);
        assert_eq!(p(Bounty::SignificantBounty), 3.0 / 20.0);
        assert_eq!(p(Bounty::QuickenedBounty), 2.0 / 20.0);
        assert_eq!(p(Bounty::MasterfulBounty), 5.0 / 20.0);
        assert_eq!(p(Bounty::PerceptiveBounty), 1.0 / 20.0);
        assert!((chances.iter().map(|c| c.p).sum::<f64>() - 1.0).abs() < 1e-12);
        let total: f64 = outcomes(&moderate(5, 2)).iter().map(|o| o.p).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn one_test_expects_what_the_rules_give_played_out() {
        // "You gather a number of Units of the material equal to 1d4 + your SB."
        let request = moderate(5, 2);
        let mut dice = Dice::seeded(11);
        let trials = 40_000;
        let mean: f64 = (0..trials)
            .map(|_| f64::from(gather(&request, &mut dice).expect("rolls").units))
            .sum::<f64>()
            / f64::from(trials);
        let (units, _) = for_minutes(&outcomes(&request), 30);
        assert!(
            (units - mean).abs() < 0.05,
            "forecast {units}, played {mean}"
        );
        // Until 1 unit: only the natural 1 gives nothing.
        let (_, tests) = until_units(&outcomes(&request), 1).expect("possible");
        assert!((tests - 20.0 / 19.0).abs() < 1e-9);
    }

    #[test]
    fn a_quarter_source_still_gives_one_unit_when_the_row_gives_any() {
        let request = Gather {
            source: Source::ImpureExploited,
            ..moderate(0, 1)
        };
        assert!(
            outcomes(&request)
                .iter()
                .all(|o| o.units <= 2 && (o.units > 0 || o.minutes == 60))
        );
    }
}
