//! The one dice source of the whole app, and the record of each roll.
//!
//! Every rule takes a `&mut Dice`, so a roll can be random (play), seeded
//! (repeatable) or scripted (tests and `--dice`). Every roll a rule makes is
//! kept as a [`RollRecord`] the app can show and store as the working.

use std::fmt;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::Serialize;

/// Why a die could not be rolled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// A scripted number that the die does not have.
    #[error("scripted die {face} is not a face of a d{sides}")]
    NotAFace {
        /// The scripted number.
        face: u32,
        /// The die's number of faces.
        sides: u32,
    },
    /// More dice were rolled than were scripted.
    #[error("the scripted dice ran out")]
    RanOut,
    /// A die with no faces was asked for.
    #[error("a die needs at least one face")]
    NoFaces,
}

#[derive(Debug)]
enum Source {
    Random(Box<StdRng>),
    Scripted(std::vec::IntoIter<u32>),
}

/// Where dice come from: random, seeded or scripted. Every face rolled is
/// also kept on a tape (sides, face) until taken, so whoever asked for the
/// rolls can log them.
#[derive(Debug)]
pub struct Dice {
    source: Source,
    tape: Vec<(u32, u32)>,
}

impl Dice {
    /// Fresh random dice for play.
    pub fn random() -> Self {
        Self {
            source: Source::Random(Box::new(rand::make_rng())),
            tape: Vec::new(),
        }
    }

    /// Dice that repeat the same rolls for the same seed.
    pub fn seeded(seed: u64) -> Self {
        Self {
            source: Source::Random(Box::new(StdRng::seed_from_u64(seed))),
            tape: Vec::new(),
        }
    }

    /// Dice that give these numbers in order, whatever the die.
    pub fn scripted(faces: Vec<u32>) -> Self {
        Self {
            source: Source::Scripted(faces.into_iter()),
            tape: Vec::new(),
        }
    }

    /// Rolls one die with `sides` faces, numbered from 1.
    pub fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        if sides == 0 {
            return Err(DiceError::NoFaces);
        }
        let face = match &mut self.source {
            Source::Random(rng) => Ok(rng.random_range(1..=sides)),
            Source::Scripted(faces) => match faces.next() {
                None => Err(DiceError::RanOut),
                Some(face) if (1..=sides).contains(&face) => Ok(face),
                Some(face) => Err(DiceError::NotAFace { face, sides }),
            },
        }?;
        self.tape.push((sides, face));
        Ok(face)
    }

    /// The faces rolled since the tape was last taken, as (sides, face).
    pub fn take_tape(&mut self) -> Vec<(u32, u32)> {
        std::mem::take(&mut self.tape)
    }

    /// Rolls `count` dice with `sides` faces.
    pub fn roll_many(&mut self, count: u32, sides: u32) -> Result<Vec<u32>, DiceError> {
        (0..count).map(|_| self.roll(sides)).collect()
    }
}

/// A modifier added to a roll and the reason for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// The amount added (negative to subtract).
    pub value: i32,
    /// Why, e.g. `Explore` or `bonus`.
    pub why: String,
}

/// What a roll was compared against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Target {
    /// The name of the number, e.g. `TG`, `difficulty`, `threshold`.
    pub name: String,
    /// The number.
    pub value: i32,
}

/// The working of one roll: what was rolled, what was kept, the modifiers and
/// why, the target and the outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RollRecord {
    /// What the roll was for, e.g. `pathfind`.
    pub what: String,
    /// The dice, e.g. `d10` or `2d10kh1`.
    pub dice: String,
    /// Every die as rolled.
    pub rolls: Vec<u32>,
    /// The die (or sum) that counts.
    pub kept: u32,
    /// Modifiers added to the kept die.
    pub modifiers: Vec<Modifier>,
    /// The result after modifiers (0 on a d20 natural 1).
    pub total: i32,
    /// What the total was compared against, if anything.
    pub target: Option<Target>,
    /// The outcome in words, e.g. `pass`, `fail`, `hazard`.
    pub outcome: Option<String>,
    /// What the die itself means, said beside it: a d20's natural 1 or 20.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub natural: Option<String>,
}

impl RollRecord {
    /// A record of `rolls` of `dice` keeping `kept`, with no modifiers yet.
    pub fn new(
        what: impl Into<String>,
        dice: impl Into<String>,
        rolls: Vec<u32>,
        kept: u32,
    ) -> Self {
        Self {
            what: what.into(),
            dice: dice.into(),
            rolls,
            kept,
            modifiers: Vec::new(),
            total: kept as i32,
            target: None,
            outcome: None,
            natural: None,
        }
    }

    /// A record of one die of `sides` faces.
    pub fn single(what: impl Into<String>, sides: u32, roll: u32) -> Self {
        Self::new(what, format!("d{sides}"), vec![roll], roll)
    }

    /// Adds a modifier (zero modifiers are left out) and updates the total.
    pub fn modifier(mut self, value: i32, why: impl Into<String>) -> Self {
        if value != 0 {
            self.total += value;
            self.modifiers.push(Modifier {
                value,
                why: why.into(),
            });
        }
        self
    }

    /// Overrides the total, e.g. a natural 1 counting as 0.
    pub fn total(mut self, total: i32) -> Self {
        self.total = total;
        self
    }

    /// Names the target the total was compared against.
    pub fn target(mut self, name: impl Into<String>, value: i32) -> Self {
        self.target = Some(Target {
            name: name.into(),
            value,
        });
        self
    }

    /// Sets the outcome in words.
    pub fn outcome(mut self, outcome: impl Into<String>) -> Self {
        self.outcome = Some(outcome.into());
        self
    }

    /// Says what the die itself means beside it ("natural 20: Inspired
    /// Event").
    pub fn natural(mut self, words: impl Into<String>) -> Self {
        self.natural = Some(words.into());
        self
    }
}

impl fmt::Display for RollRecord {
    /// `pathfind: d10 = 4, +2 Explore = 6 vs difficulty 6: fail`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.what.is_empty() {
            write!(f, "{}: ", self.what)?;
        }
        write!(f, "{} = ", self.dice)?;
        if self.rolls.len() > 1 {
            let rolls: Vec<String> = self.rolls.iter().map(u32::to_string).collect();
            // Every die counts (3d6) or only some of them do (2d10kh1).
            let how = if self.rolls.iter().sum::<u32>() == self.kept {
                "sum"
            } else {
                "keep"
            };
            write!(f, "[{}] {how} {}", rolls.join(", "), self.kept)?;
        } else {
            write!(f, "{}", self.kept)?;
        }
        if let Some(natural) = &self.natural {
            write!(f, " ({natural})")?;
        }
        // A total the die alone decides (a natural 1 counts 0, whatever is
        // added) is said beside the die, not worked out.
        let decided = self.natural.is_some() && self.modifiers.is_empty();
        for modifier in &self.modifiers {
            write!(f, ", {:+}", modifier.value)?;
            if !modifier.why.is_empty() {
                write!(f, " {}", modifier.why)?;
            }
        }
        if !decided && (!self.modifiers.is_empty() || self.total != self.kept as i32) {
            write!(f, " = {}", self.total)?;
        }
        if let Some(target) = &self.target {
            write!(f, " vs {} {}", target.name, target.value)?;
        }
        if let Some(outcome) = &self.outcome {
            write!(f, ": {outcome}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_dice_come_in_order() {
        let mut dice = Dice::scripted(vec![7, 3, 12]);
        assert_eq!(dice.roll(10), Ok(7));
        assert_eq!(dice.roll(6), Ok(3));
        assert_eq!(dice.roll(20), Ok(12));
        assert_eq!(dice.roll(20), Err(DiceError::RanOut));
    }

    #[test]
    fn a_scripted_number_outside_the_die_is_an_error() {
        let mut dice = Dice::scripted(vec![7, 0]);
        let error = dice.roll(6).unwrap_err();
        assert_eq!(error.to_string(), "scripted die 7 is not a face of a d6");
        assert_eq!(dice.roll(6), Err(DiceError::NotAFace { face: 0, sides: 6 }));
    }

    #[test]
    fn a_die_without_faces_is_an_error() {
        assert_eq!(Dice::seeded(1).roll(0), Err(DiceError::NoFaces));
    }

    #[test]
    fn seeded_dice_repeat_and_stay_on_the_faces() {
        let first = Dice::seeded(42).roll_many(200, 6).unwrap();
        let second = Dice::seeded(42).roll_many(200, 6).unwrap();
        assert_eq!(first, second);
        assert!(first.iter().all(|face| (1..=6).contains(face)));
        assert!((1..=6).all(|face| first.contains(&face)));
        let random = Dice::random().roll_many(50, 10).unwrap();
        assert!(random.iter().all(|face| (1..=10).contains(face)));
    }

    #[test]
    fn a_record_reads_like_the_working() {
        let record = RollRecord::single("pathfind", 10, 4)
            .modifier(2, "Explore")
            .target("difficulty", 6)
            .outcome("fail");
        assert_eq!(record.total, 6);
        assert_eq!(
            record.to_string(),
            "pathfind: d10 = 4, +2 Explore = 6 vs difficulty 6: fail"
        );
        let kept = RollRecord::new("", "2d10kh1", vec![3, 8], 8).modifier(0, "none");
        assert_eq!(kept.to_string(), "2d10kh1 = [3, 8] keep 8");
        let natural_one = RollRecord::single("", 20, 1).modifier(3, "bonus").total(0);
        assert_eq!(natural_one.to_string(), "d20 = 1, +3 bonus = 0");
    }
}
