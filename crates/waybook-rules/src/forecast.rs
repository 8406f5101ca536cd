//! Exact forecasts of exhaustion: for a list of d20 tests and a bonus, the
//! probability of ending with each number of degrees, by convolution of the
//! twenty faces of each test (no Monte Carlo).

use serde::{Deserialize, Serialize};

use super::check::{Advantage, D20Roll, exhaustion_degrees};
use super::dice::{Dice, DiceError};

/// One d20 test that gives exhaustion on a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ExhaustionTest {
    /// The test's TG.
    pub tg: i32,
    /// Whether failing by 5 or more gives one more degree (cold and heat).
    #[serde(default)]
    pub by_five: bool,
    /// Degrees added to every failure (deep cold water).
    #[serde(default)]
    pub extra: u32,
}

/// An exhaustion test as rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExhaustionRoll {
    /// The d20 as rolled.
    pub roll: u32,
    /// d20 + bonus (0 on a natural 1).
    pub total: i32,
    /// Whether the test passed.
    pub passed: bool,
    /// Degrees of exhaustion gained.
    pub exhaustion: u32,
}

impl ExhaustionTest {
    /// Degrees of exhaustion for a d20 face.
    pub fn degrees(&self, roll: u32, bonus: i32) -> u32 {
        exhaustion_degrees(roll, bonus, self.tg, self.by_five, self.extra)
    }

    /// Rolls the test (one d20).
    pub fn roll(
        &self,
        dice: &mut Dice,
        bonus: i32,
    ) -> Result<(ExhaustionRoll, D20Roll), DiceError> {
        let d20 = D20Roll::roll(dice, bonus, Advantage::Normal)?;
        let rolled = ExhaustionRoll {
            roll: d20.roll,
            total: d20.total(),
            passed: d20.passes(self.tg),
            exhaustion: self.degrees(d20.roll, bonus),
        };
        Ok((rolled, d20))
    }
}

/// The exact distribution of degrees of exhaustion.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Forecast {
    /// `distribution[k]`: the probability of exactly k degrees.
    #[serde(skip)]
    pub distribution: Vec<f64>,
    /// The expected number of degrees.
    pub expected_exhaustion: f64,
    /// `p_at_least[k-1]`: the probability of at least k degrees, listed while
    /// it is above 0.
    pub p_at_least: Vec<f64>,
}

/// Integer counts stay exact in an f64 up to 2^53; past that the counts are
/// turned into probabilities and the convolution goes on in those.
const EXACT_LIMIT: f64 = 9_007_199_254_740_992.0;

/// Forecasts the degrees of exhaustion from `tests`, all made with `bonus`.
pub fn forecast(tests: &[ExhaustionTest], bonus: i32) -> Forecast {
    // Counts of outcomes out of `denominator`, kept as whole numbers while
    // they are exact so that small forecasts print as their exact decimals.
    let mut counts = vec![1.0_f64];
    let mut denominator = 1.0_f64;
    // Two buffers kept across the tests: a long day's forecast allocates
    // nothing per test.
    let mut faces = Vec::new();
    let mut next = Vec::new();
    for test in tests {
        faces.clear();
        for roll in 1..=20 {
            let degrees = test.degrees(roll, bonus) as usize;
            match faces.get_mut(degrees) {
                Some(ways) => *ways += 1.0,
                // A degree not seen yet: the list grows to it.
                None => {
                    faces.resize(degrees, 0.0);
                    faces.push(1.0);
                }
            }
        }
        next.clear();
        next.resize(counts.len() + faces.len() - 1, 0.0);
        for (have, count) in counts.iter().enumerate() {
            for (reached, ways) in next.iter_mut().skip(have).zip(&faces) {
                *reached += count * ways;
            }
        }
        std::mem::swap(&mut counts, &mut next);
        denominator *= 20.0;
        if denominator > EXACT_LIMIT {
            counts.iter_mut().for_each(|count| *count /= denominator);
            denominator = 1.0;
        }
    }
    while counts.len() > 1 && counts.last() == Some(&0.0) {
        counts.pop();
    }
    let distribution: Vec<f64> = counts.iter().map(|count| count / denominator).collect();
    let mut p_at_least = Vec::new();
    let mut tail = 0.0;
    for count in counts.iter().skip(1).rev() {
        tail += count;
        p_at_least.push(tail / denominator);
    }
    p_at_least.reverse();
    let expected_exhaustion = counts
        .iter()
        .enumerate()
        .map(|(k, count)| k as f64 * count)
        .sum::<f64>()
        / denominator;
    Forecast {
        distribution,
        expected_exhaustion,
        p_at_least,
    }
}

/// The forecast of a day that is one of several, each with its chance
/// (summing to 1): the degrees' distribution weighted by the chances.
pub fn mixed(parts: &[(f64, &Forecast)]) -> Forecast {
    let len = parts
        .iter()
        .map(|(_, f)| f.distribution.len())
        .max()
        .unwrap_or(1);
    let mut distribution = vec![0.0; len.max(1)];
    for (chance, f) in parts {
        for (total, p) in distribution.iter_mut().zip(&f.distribution) {
            *total += chance * p;
        }
    }
    let expected_exhaustion = (parts.iter())
        .map(|(chance, f)| chance * f.expected_exhaustion)
        .sum();
    let mut p_at_least: Vec<f64> = (1..distribution.len())
        .map(|k| distribution.iter().skip(k).sum())
        .collect();
    while p_at_least.last().is_some_and(|p| *p <= 0.0) {
        p_at_least.pop();
    }
    Forecast {
        distribution,
        expected_exhaustion,
        p_at_least,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A day that is extreme with chance 0.4 expects 0.4 of its extreme
    /// degrees and 0.6 of its mild ones.
    #[test]
    fn a_mixed_day_weights_each_weathers_forecast_by_its_chance() {
        let mild = Forecast {
            distribution: vec![1.0],
            expected_exhaustion: 0.0,
            p_at_least: vec![],
        };
        let hard = Forecast {
            distribution: vec![0.5, 0.25, 0.25],
            expected_exhaustion: 0.75,
            p_at_least: vec![0.5, 0.25],
        };
        let day = mixed(&[(0.6, &mild), (0.4, &hard)]);
        assert!((day.expected_exhaustion - 0.3).abs() < 1e-12);
        assert_eq!(day.distribution, vec![0.8, 0.1, 0.1]);
        assert!((day.p_at_least[0] - 0.2).abs() < 1e-12 && (day.p_at_least[1] - 0.1).abs() < 1e-12);
    }

    fn plain(tg: i32) -> ExhaustionTest {
        ExhaustionTest {
            tg,
            by_five: false,
            extra: 0,
        }
    }

    /// TG 11 with +3 fails on 1..=7 of the d20: 7 in 20.
    #[test]
    fn one_march_test() {
        let f = forecast(&[plain(11)], 3);
        assert_eq!(f.distribution, vec![0.65, 0.35]);
        assert_eq!(f.expected_exhaustion, 0.35);
        assert_eq!(f.p_at_least, vec![0.35]);
    }

    /// Two tests failing 7 in 20 each: 49/400 for both.
    #[test]
    fn two_tests_convolve() {
        let f = forecast(&[plain(11), plain(11)], 3);
        assert_eq!(
            f.distribution,
            vec![169.0 / 400.0, 182.0 / 400.0, 49.0 / 400.0]
        );
        assert_eq!(f.p_at_least, vec![231.0 / 400.0, 49.0 / 400.0]);
        assert!((f.expected_exhaustion - 0.7).abs() < 1e-12);
    }

    /// "failing by 5 or more" at TG 10 with +0: faces 1..=5 give 2 degrees,
    /// 6..=9 give 1.
    #[test]
    fn cold_test_with_the_second_degree() {
        let f = forecast(
            &[ExhaustionTest {
                tg: 10,
                by_five: true,
                extra: 0,
            }],
            0,
        );
        assert_eq!(f.distribution, vec![0.55, 0.2, 0.25]);
        assert_eq!(f.p_at_least, vec![0.45, 0.25]);
        assert_eq!(f.expected_exhaustion, 0.7);
        let deep = forecast(
            &[ExhaustionTest {
                tg: 10,
                by_five: true,
                extra: 2,
            }],
            0,
        );
        assert_eq!(deep.distribution, vec![0.55, 0.0, 0.0, 0.2, 0.25]);
        assert_eq!(deep.p_at_least, vec![0.45, 0.45, 0.45, 0.25]);
    }

    /// A natural 1 always fails and a natural 20 always passes.
    #[test]
    fn naturals_bound_every_test() {
        let easy = forecast(&[plain(-50)], 0);
        assert_eq!(easy.p_at_least, vec![0.05]);
        let hopeless = forecast(&[plain(90)], 0);
        assert_eq!(hopeless.p_at_least, vec![0.95]);
        assert_eq!(forecast(&[], 0).p_at_least, Vec::<f64>::new());
        assert_eq!(forecast(&[], 0).expected_exhaustion, 0.0);
    }

    #[test]
    fn long_days_stay_a_distribution() {
        let tests: Vec<ExhaustionTest> = (0..60)
            .map(|i| ExhaustionTest {
                tg: 10 + i % 7,
                by_five: i % 2 == 0,
                extra: 0,
            })
            .collect();
        let f = forecast(&tests, 2);
        let sum: f64 = f.distribution.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9);
        assert!(f.p_at_least.windows(2).all(|w| w[0] >= w[1]));
    }
}
