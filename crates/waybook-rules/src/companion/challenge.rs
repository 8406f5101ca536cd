//! The challenge roll: the player's D10 (two keeping the highest for a 4+
//! stat, one more with a wild die) against the GM's challenge die.

use serde::{Deserialize, Serialize};

use super::check_modifiers;
use crate::RuleError;
use crate::check::{Natural, clamp_modifiers, natural};
use crate::dice::{Dice, RollRecord};

named_enum! {
    /// "D6 for easy, D10 for standard, 2D10 keep highest for very hard."
    pub enum Difficulty("difficulty") {
        /// D6.
        Easy => "easy",
        /// D10.
        Standard => "standard",
        /// 2D10 keep highest.
        VeryHard => "very-hard",
    }
}

impl Difficulty {
    /// (number of dice, faces) of the challenge die.
    pub fn dice(self) -> (u32, u32) {
        match self {
            Self::Easy => (1, 6),
            Self::Standard => (1, 10),
            Self::VeryHard => (2, 10),
        }
    }
}

named_enum! {
    /// The outcome of a challenge roll.
    pub enum Outcome("outcome") {
        /// The player wins.
        Success => "success",
        /// The challenge wins.
        Failure => "failure",
        /// "On a tie, the player chooses: succeed at a cost, or fail cleanly."
        Tie => "tie",
    }
}

/// A challenge-roll request.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Challenge {
    /// The stat named, as a target number (4 for "4+").
    pub stat: u32,
    /// The challenge die the GM picks.
    pub difficulty: Difficulty,
    /// +1 / -1 modifiers.
    #[serde(default)]
    pub modifiers: Vec<i32>,
    /// A wild die spent on the roll.
    #[serde(default)]
    pub wild_die: bool,
}

/// A resolved challenge roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChallengeResult {
    /// The player's D10s.
    pub player_rolls: Vec<u32>,
    /// The player's kept die plus clamped modifiers.
    pub player: i32,
    /// The challenge dice.
    pub challenge_rolls: Vec<u32>,
    /// The challenge's kept die.
    pub challenge: u32,
    /// Who wins.
    pub outcome: Outcome,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

/// "The player rolls a D10, or two D10 keeping the highest if that stat is 4+."
pub fn player_dice(stat: u32, wild_die: bool) -> u32 {
    let base = if stat <= 4 { 2 } else { 1 };
    base + u32::from(wild_die)
}

/// The exact chance of each outcome of a challenge roll, before anyone rolls.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ChallengeOdds {
    pub success: f64,
    pub tie: f64,
    pub failure: f64,
}

/// The chance that the highest of `count` dice of `sides` faces is `face`.
fn p_highest(count: u32, sides: u32, face: u32) -> f64 {
    let at_most = |f: u32| (f64::from(f) / f64::from(sides)).powi(count as i32);
    at_most(face) - at_most(face - 1)
}

/// The odds of `request`: the player's kept D10 (a natural 1 always fails,
/// a 10 always succeeds) plus the clamped modifiers, against the challenge
/// dice's highest.
pub fn odds(request: &Challenge) -> Result<ChallengeOdds, RuleError> {
    check_modifiers(&request.modifiers, "modifiers")?;
    let n = player_dice(request.stat, request.wild_die);
    let (count, sides) = request.difficulty.dice();
    let modifier = clamp_modifiers(&request.modifiers);
    let mut odds = ChallengeOdds {
        success: p_highest(n, 10, 10),
        tie: 0.0,
        failure: p_highest(n, 10, 1),
    };
    for kept in 2..=9 {
        let p = p_highest(n, 10, kept);
        let player = kept as i32 + modifier;
        for challenge in 1..=sides {
            let q = p * p_highest(count, sides, challenge);
            match player.cmp(&(challenge as i32)) {
                std::cmp::Ordering::Greater => odds.success += q,
                std::cmp::Ordering::Less => odds.failure += q,
                std::cmp::Ordering::Equal => odds.tie += q,
            }
        }
    }
    Ok(odds)
}

/// Resolves a challenge roll. Dice: the player's D10s, then the challenge dice.
pub fn challenge(request: &Challenge, dice: &mut Dice) -> Result<ChallengeResult, RuleError> {
    check_modifiers(&request.modifiers, "modifiers")?;
    let player_rolls = dice.roll_many(player_dice(request.stat, request.wild_die), 10)?;
    let (count, sides) = request.difficulty.dice();
    let challenge_rolls = dice.roll_many(count, sides)?;
    let kept = player_rolls.iter().copied().max().unwrap_or(1);
    let modifier = clamp_modifiers(&request.modifiers);
    let player = kept as i32 + modifier;
    let challenge = challenge_rolls.iter().copied().max().unwrap_or(1);
    let outcome = match natural(kept, 10) {
        Some(Natural::One) => Outcome::Failure,
        Some(Natural::Max) => Outcome::Success,
        None => match player.cmp(&(challenge as i32)) {
            std::cmp::Ordering::Greater => Outcome::Success,
            std::cmp::Ordering::Less => Outcome::Failure,
            std::cmp::Ordering::Equal => Outcome::Tie,
        },
    };
    let records = vec![
        RollRecord::new(
            "player",
            format!("{}d10", player_rolls.len()),
            player_rolls.clone(),
            kept,
        )
        .modifier(modifier, "modifiers")
        .target("challenge", challenge as i32)
        .outcome(outcome.as_str()),
        RollRecord::new(
            "challenge",
            format!("{count}d{sides}"),
            challenge_rolls.clone(),
            challenge,
        ),
    ];
    Ok(ChallengeResult {
        player_rolls,
        player,
        challenge_rolls,
        challenge,
        outcome,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 34, 17: the odds before the roll are exact: every face of
    /// every die played through the roll itself gives the same shares.
    #[test]
    fn the_odds_are_every_roll_played_out() {
        for (stat, difficulty, modifiers, wild_die) in [
            (5, Difficulty::Standard, vec![], false),
            (4, Difficulty::Easy, vec![1, 1], false),
            (3, Difficulty::VeryHard, vec![-1], true),
            (7, Difficulty::VeryHard, vec![-1, -1], false),
        ] {
            let request = Challenge {
                stat,
                difficulty,
                modifiers,
                wild_die,
            };
            let n = player_dice(stat, wild_die) as usize;
            let (count, sides) = difficulty.dice();
            let dice_count = n + count as usize;
            let faces: Vec<u32> = (0..dice_count)
                .map(|i| if i < n { 10 } else { sides })
                .collect();
            let total: u32 = faces.iter().product();
            let mut played = [0u32; 3];
            for k in 0..total {
                let mut rest = k;
                let rolls: Vec<u32> = faces
                    .iter()
                    .map(|f| {
                        let face = rest % f + 1;
                        rest /= f;
                        face
                    })
                    .collect();
                let result = challenge(&request, &mut Dice::scripted(rolls)).expect("rolls");
                played[match result.outcome {
                    Outcome::Success => 0,
                    Outcome::Tie => 1,
                    Outcome::Failure => 2,
                }] += 1;
            }
            let odds = odds(&request).expect("odds");
            let share = |i: usize| f64::from(played[i]) / f64::from(total);
            for (p, i) in [(odds.success, 0), (odds.tie, 1), (odds.failure, 2)] {
                assert!(
                    (p - share(i)).abs() < 1e-12,
                    "{request:?}: {p} against {}",
                    share(i)
                );
            }
        }
        // Stat 5+, a standard D10, no modifier: 46% / 8% / 46%.
        let plain = odds(&Challenge {
            stat: 5,
            difficulty: Difficulty::Standard,
            modifiers: vec![],
            wild_die: false,
        })
        .expect("odds");
        assert!((plain.success - 0.46).abs() < 1e-12 && (plain.tie - 0.08).abs() < 1e-12);
    }

    fn run(
        stat: u32,
        difficulty: Difficulty,
        modifiers: Vec<i32>,
        wild_die: bool,
        faces: Vec<u32>,
    ) -> ChallengeResult {
        let request = Challenge {
            stat,
            difficulty,
            modifiers,
            wild_die,
        };
        challenge(&request, &mut Dice::scripted(faces)).unwrap()
    }

    /// "two D10 keeping the highest if that stat is 4+. Higher wins."
    #[test]
    fn a_four_plus_stat_rolls_two_dice() {
        let r = run(4, Difficulty::Standard, vec![1], false, vec![3, 8, 6]);
        assert_eq!(
            (r.player_rolls, r.player, r.challenge, r.outcome),
            (vec![3, 8], 9, 6, Outcome::Success)
        );
        let one = run(5, Difficulty::Standard, vec![], false, vec![3, 6]);
        assert_eq!((one.player_rolls.len(), one.outcome), (1, Outcome::Failure));
    }

    /// A wild die: "add one die of the test's type and keep the best".
    #[test]
    fn a_wild_die_adds_one_more() {
        let r = run(6, Difficulty::Easy, vec![], true, vec![2, 7, 5]);
        assert_eq!(
            (r.player_rolls, r.challenge_rolls, r.outcome),
            (vec![2, 7], vec![5], Outcome::Success)
        );
        assert_eq!(player_dice(3, true), 3);
    }

    /// "D6 for easy, D10 for standard, 2D10 keep highest for very hard."
    #[test]
    fn every_challenge_die() {
        assert_eq!(Difficulty::Easy.dice(), (1, 6));
        let hard = run(6, Difficulty::VeryHard, vec![], false, vec![7, 4, 9]);
        assert_eq!(
            (hard.challenge_rolls, hard.challenge, hard.outcome),
            (vec![4, 9], 9, Outcome::Failure)
        );
    }

    /// "On a tie, the player chooses: succeed at a cost, or fail cleanly."
    #[test]
    fn a_tie_is_the_players_choice() {
        assert_eq!(
            run(6, Difficulty::Standard, vec![-1], false, vec![7, 6]).outcome,
            Outcome::Tie
        );
    }

    /// Naturals are read on the player's kept die only, whatever the modifiers.
    #[test]
    fn naturals_on_the_kept_die() {
        let ten = run(
            6,
            Difficulty::VeryHard,
            vec![-1, -1],
            false,
            vec![10, 10, 10],
        );
        assert_eq!(ten.outcome, Outcome::Success);
        let one = run(6, Difficulty::Easy, vec![1, 1], false, vec![1, 1]);
        assert_eq!((one.player, one.outcome), (3, Outcome::Failure));
        let modified = run(6, Difficulty::Standard, vec![1, 1, 1], false, vec![9, 10]);
        assert_eq!((modified.player, modified.outcome), (11, Outcome::Success));
    }

    #[test]
    fn modifiers_must_be_one() {
        let request = Challenge {
            stat: 4,
            difficulty: Difficulty::Easy,
            modifiers: vec![3],
            wild_die: false,
        };
        assert_eq!(
            challenge(&request, &mut Dice::scripted(vec![]))
                .unwrap_err()
                .path,
            "modifiers[0]"
        );
    }
}
