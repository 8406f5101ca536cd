//! The two kinds of test the texts use.
//!
//! - The Travellers' Companion's plain test: roll a D6 or D10 (more with a
//!   wild die, keeping the best), add modifiers clamped to ±2, and succeed at
//!   or above the target; a natural 1 always fails and a natural 6 on a D6 or
//!   10 on a D10 always succeeds.
//! - The exploration chapter's d20 trait test: d20 + bonus against a TG; a
//!   natural 1 is a Critical Failure whose total counts as 0, a natural 20 an
//!   Inspired Event that passes.

use std::cmp::Ordering;

use serde::Serialize;

use super::dice::{Dice, DiceError, RollRecord};

/// "Modifiers are +1 or −1 and never stack beyond ±2."
pub const MODIFIER_LIMIT: i32 = 2;

/// Sums modifiers and clamps the sum to ±2.
pub fn clamp_modifiers(modifiers: &[i32]) -> i32 {
    modifiers
        .iter()
        .sum::<i32>()
        .clamp(-MODIFIER_LIMIT, MODIFIER_LIMIT)
}

/// A natural 1 or a natural top face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Natural {
    /// A natural 1: always fails.
    One,
    /// The die's highest face: always succeeds.
    Max,
}

/// Reads a natural on a die with `sides` faces.
pub fn natural(face: u32, sides: u32) -> Option<Natural> {
    match face {
        1 => Some(Natural::One),
        face if face == sides => Some(Natural::Max),
        _ => None,
    }
}

/// A plain Companion test, already rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlainRoll {
    /// Every die as rolled.
    pub rolls: Vec<u32>,
    /// The best die, which counts.
    pub kept: u32,
    /// Kept die plus clamped modifiers.
    pub total: i32,
    /// The target number ("4+").
    pub target: i32,
    /// Whether the test succeeded.
    pub success: bool,
    /// A natural read on the kept die.
    pub natural: Option<Natural>,
    /// The working.
    #[serde(skip)]
    pub record: RollRecord,
}

/// Rolls a plain test: `1 + extra_dice` dice of `sides` faces keeping the
/// best, plus the clamped `modifiers`, against `target`.
pub fn plain_test(
    dice: &mut Dice,
    what: &str,
    sides: u32,
    extra_dice: u32,
    target: i32,
    modifiers: &[i32],
) -> Result<PlainRoll, DiceError> {
    let rolls = dice.roll_many(1 + extra_dice, sides)?;
    let kept = rolls.iter().copied().max().unwrap_or(1);
    let modifier = clamp_modifiers(modifiers);
    let total = kept as i32 + modifier;
    let natural = natural(kept, sides);
    let success = match natural {
        Some(Natural::One) => false,
        Some(Natural::Max) => true,
        None => total >= target,
    };
    let label = format!("{}d{sides}", rolls.len());
    let record = RollRecord::new(what, label, rolls.clone(), kept)
        .modifier(modifier, "modifiers")
        .target("target", target)
        .outcome(if success { "success" } else { "failure" });
    Ok(PlainRoll {
        rolls,
        kept,
        total,
        target,
        success,
        natural,
        record,
    })
}

named_enum! {
    /// Advantage keeps the higher of two d20s, Disadvantage the lower.
    #[derive(Default)]
    pub enum Advantage("advantage") {
        /// One d20.
        #[default]
        Normal => "normal",
        /// Two d20, keep the higher.
        Advantage => "advantage",
        /// Two d20, keep the lower.
        Disadvantage => "disadvantage",
    }
}

impl Advantage {
    /// Advantage when `advantage` is true.
    pub fn from_flag(advantage: bool) -> Self {
        if advantage {
            Self::Advantage
        } else {
            Self::Normal
        }
    }
}

/// The d20 of a trait test with its bonus, before any TG is applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct D20Roll {
    /// Every d20 rolled (two with advantage or disadvantage).
    pub rolls: Vec<u32>,
    /// The d20 that counts; naturals are read on it.
    pub roll: u32,
    /// The total modifier added.
    pub bonus: i32,
}

impl D20Roll {
    /// Rolls the d20 (two with advantage or disadvantage).
    pub fn roll(dice: &mut Dice, bonus: i32, advantage: Advantage) -> Result<Self, DiceError> {
        let rolls = match advantage {
            Advantage::Normal => vec![dice.roll(20)?],
            _ => dice.roll_many(2, 20)?,
        };
        let kept = match advantage {
            Advantage::Disadvantage => rolls.iter().copied().min(),
            _ => rolls.iter().copied().max(),
        };
        Ok(Self {
            roll: kept.unwrap_or(1),
            rolls,
            bonus,
        })
    }

    /// A natural 1: Critical Failure.
    pub fn critical_failure(&self) -> bool {
        self.roll == 1
    }

    /// A natural 20: Inspired Event.
    pub fn inspired(&self) -> bool {
        self.roll == 20
    }

    /// The TTV: the d20 plus bonus, or 0 on a Critical Failure.
    pub fn total(&self) -> i32 {
        d20_total(self.roll, self.bonus)
    }

    /// Whether the test passes against `tg`.
    pub fn passes(&self, tg: i32) -> bool {
        d20_passes(self.roll, self.bonus, tg)
    }

    /// The working of the test against an optional TG.
    pub fn record(&self, what: &str, tg: Option<i32>) -> RollRecord {
        let dice = if self.rolls.len() > 1 { "2d20" } else { "d20" };
        let record = RollRecord::new(what, dice, self.rolls.clone(), self.roll);
        // "A natural 1 is a Critical Failure", its total 0 whatever the
        // bonus: said beside the die ("d20 = 1 (natural 1: Critical
        // Failure, counts 0)"), never "= 1 = 0".
        let record = if self.critical_failure() {
            record.natural("natural 1: Critical Failure, counts 0")
        } else if self.inspired() {
            record
                .natural("natural 20: Inspired Event")
                .modifier(self.bonus, "bonus")
        } else {
            record.modifier(self.bonus, "bonus")
        }
        .total(self.total());
        match tg {
            Some(tg) => {
                record
                    .target("TG", tg)
                    .outcome(if self.passes(tg) { "pass" } else { "fail" })
            }
            None => record,
        }
    }
}

/// A d20 total: the die plus bonus, or 0 on a natural 1.
pub fn d20_total(roll: u32, bonus: i32) -> i32 {
    if roll == 1 { 0 } else { roll as i32 + bonus }
}

/// "Natural 20: Inspired Event, the test passes. Otherwise it passes when the
/// total is at least the TG."
pub fn d20_passes(roll: u32, bonus: i32, tg: i32) -> bool {
    roll == 20 || (roll != 1 && d20_total(roll, bonus) >= tg)
}

/// Degrees of exhaustion from one failed-or-passed exhaustion test: none on a
/// pass, `1 + extra` on a failure, one more when `by_five` and the test
/// failed by 5 or more (`TG - total >= 5`).
pub fn exhaustion_degrees(roll: u32, bonus: i32, tg: i32, by_five: bool, extra: u32) -> u32 {
    if d20_passes(roll, bonus, tg) {
        0
    } else if by_five && tg - d20_total(roll, bonus) >= 5 {
        2 + extra
    } else {
        1 + extra
    }
}

/// Compares two sides of a contested d20 roll: a natural 20 beats any
/// other roll, otherwise the higher total wins (a natural 1 counts 0).
pub fn contest(a: &D20Roll, b: &D20Roll) -> Ordering {
    (a.inspired(), a.total()).cmp(&(b.inspired(), b.total()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d20(roll: u32, bonus: i32) -> D20Roll {
        D20Roll {
            rolls: vec![roll],
            roll,
            bonus,
        }
    }

    /// "Natural 1: Critical Failure, the total counts as 0. Natural 20:
    /// Inspired Event, the test passes" (CLI.md). Issue 50, item 11: the log
    /// wrote a natural 1 as "cold: d20 = 1 = 0 vs TG 10".
    #[test]
    fn a_natural_one_or_twenty_is_said_beside_the_die() {
        let line = |roll, bonus, tg| d20(roll, bonus).record("cold", Some(tg)).to_string();
        assert_eq!(
            line(1, 0, 10),
            "cold: d20 = 1 (natural 1: Critical Failure, counts 0) vs TG 10: fail"
        );
        assert_eq!(
            line(1, 4, 3),
            "cold: d20 = 1 (natural 1: Critical Failure, counts 0) vs TG 3: fail",
            "whatever the bonus"
        );
        assert_eq!(
            line(20, 2, 25),
            "cold: d20 = 20 (natural 20: Inspired Event), +2 bonus = 22 vs TG 25: pass"
        );
        assert_eq!(line(7, 2, 10), "cold: d20 = 7, +2 bonus = 9 vs TG 10: fail");
        assert_eq!(d20(1, 4).record("cold", Some(3)).total, 0, "the total is 0");
    }

    /// "Modifiers are +1 or −1 and never stack beyond ±2."
    #[test]
    fn modifiers_never_stack_beyond_two() {
        assert_eq!(clamp_modifiers(&[1, 1, 1]), 2);
        assert_eq!(clamp_modifiers(&[-1, -1, -1, 1]), -2);
        assert_eq!(clamp_modifiers(&[1, -1]), 0);
        assert_eq!(clamp_modifiers(&[]), 0);
    }

    /// "A natural 1 always fails; a natural 6 on a D6 or 10 on a D10 always
    /// succeeds."
    #[test]
    fn naturals_beat_modifiers() {
        let one = plain_test(&mut Dice::scripted(vec![1]), "", 10, 0, 2, &[1, 1]).unwrap();
        assert!(!one.success);
        assert_eq!(one.natural, Some(Natural::One));
        let ten = plain_test(&mut Dice::scripted(vec![10]), "", 10, 0, 13, &[-1, -1]).unwrap();
        assert!(ten.success);
        let six = plain_test(&mut Dice::scripted(vec![6]), "", 6, 0, 9, &[]).unwrap();
        assert!(six.success);
        assert_eq!(natural(6, 10), None);
    }

    /// A plain test succeeds when the kept die after modifiers is at least the
    /// target; a wild die adds one die and keeps the best.
    #[test]
    fn plain_test_meets_the_target() {
        let hit = plain_test(&mut Dice::scripted(vec![4]), "", 10, 0, 5, &[1]).unwrap();
        assert_eq!((hit.total, hit.success), (5, true));
        let miss = plain_test(&mut Dice::scripted(vec![4]), "", 10, 0, 5, &[]).unwrap();
        assert!(!miss.success);
        let wild = plain_test(&mut Dice::scripted(vec![2, 7]), "", 10, 1, 5, &[]).unwrap();
        assert_eq!((wild.kept, wild.success), (7, true));
        assert_eq!(
            wild.record.to_string(),
            "2d10 = [2, 7] keep 7 vs target 5: success"
        );
    }

    /// "Natural 1: Critical Failure, the total counts as 0. Natural 20:
    /// Inspired Event, the test passes."
    #[test]
    fn d20_naturals() {
        assert_eq!(d20_total(1, 30), 0);
        assert!(!d20_passes(1, 30, 5));
        assert!(d20_passes(20, -10, 40));
        assert!(d20_passes(7, 3, 10));
        assert!(!d20_passes(6, 3, 10));
    }

    /// "If they failed the Test by 5 or more, they gain an additional Degree."
    #[test]
    fn failing_by_five_gives_a_second_degree() {
        assert_eq!(exhaustion_degrees(10, 0, 10, true, 0), 0);
        assert_eq!(exhaustion_degrees(6, 0, 10, true, 0), 1);
        assert_eq!(exhaustion_degrees(5, 0, 10, true, 0), 2);
        assert_eq!(exhaustion_degrees(5, 0, 10, false, 0), 1);
        assert_eq!(exhaustion_degrees(1, 20, 10, true, 1), 3);
    }

    #[test]
    fn advantage_keeps_the_higher_and_disadvantage_the_lower() {
        let mut dice = Dice::scripted(vec![4, 15, 4, 15]);
        let high = D20Roll::roll(&mut dice, 2, Advantage::Advantage).unwrap();
        assert_eq!((high.roll, high.total()), (15, 17));
        let low = D20Roll::roll(&mut dice, 2, Advantage::Disadvantage).unwrap();
        assert_eq!(low.roll, 4);
        assert_eq!(
            low.record("forage", Some(12)).to_string(),
            "forage: 2d20 = [4, 15] keep 4, +2 bonus = 6 vs TG 12: fail"
        );
    }

    #[test]
    fn contests_compare_totals_and_a_natural_20_wins() {
        let roll = |roll, bonus| D20Roll {
            rolls: vec![roll],
            roll,
            bonus,
        };
        assert_eq!(contest(&roll(12, 3), &roll(10, 4)), Ordering::Greater);
        assert_eq!(contest(&roll(11, 3), &roll(10, 4)), Ordering::Equal);
        assert_eq!(contest(&roll(20, 0), &roll(19, 9)), Ordering::Greater);
        assert_eq!(contest(&roll(1, 9), &roll(2, 0)), Ordering::Less);
    }
}
