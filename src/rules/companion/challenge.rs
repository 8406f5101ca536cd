//! The challenge roll: the player's D10 (two keeping the highest for a 4+
//! stat, one more with a wild die) against the GM's challenge die.

use serde::{Deserialize, Serialize};

use super::check_modifiers;
use crate::rules::RuleError;
use crate::rules::check::{Natural, clamp_modifiers, natural};
use crate::rules::dice::{Dice, RollRecord};

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
