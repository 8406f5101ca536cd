//! Dice expressions such as `d6`, `2d10kh1`, `2d20kl1`, `1d4+2` or `3d6-1`,
//! parsed from the text a GM types into a table or a form.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::dice::{Dice, DiceError, RollRecord};

/// The most dice one expression may roll.
pub const MAX_DICE: u32 = 100;
/// The most faces one die may have: a d10000, as the largest roll tables
/// GMs share roll.
pub const MAX_SIDES: u32 = 10_000;

/// Which dice of an expression count toward its total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Every die (`3d6`).
    All,
    /// The highest N (`2d10kh1`).
    Highest(u32),
    /// The lowest N (`2d20kl1`).
    Lowest(u32),
}

/// A parsed dice expression: `count`d`sides`, optionally keeping the highest
/// or lowest few, plus a flat modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceExpr {
    /// How many dice are rolled.
    pub count: u32,
    /// Faces on each die.
    pub sides: u32,
    /// Which dice count.
    pub keep: Keep,
    /// Added to the kept dice.
    pub modifier: i32,
}

/// Text that is not a dice expression.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a dice expression: {reason}")]
pub struct ExprError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: Reason,
}

/// What is wrong with a dice expression.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Reason {
    #[error("expected a `d`, as in `2d6`")]
    NoD,
    #[error("expected {what}, found nothing")]
    Missing { what: &'static str },
    #[error("expected {what}, found `{found}`")]
    Expected { what: &'static str, found: String },
    #[error("{what} `{text}` is too large")]
    TooLarge { what: &'static str, text: String },
    #[error("keep is written `kh1` (highest) or `kl1` (lowest)")]
    Keep,
    #[error("roll between 1 and {MAX_DICE} dice")]
    DiceCount,
    #[error("a die has between 1 and {MAX_SIDES} faces")]
    Faces,
    #[error("keep between 1 and {count} dice")]
    KeepCount { count: u32 },
}

/// One roll of an expression: each die, the kept ones and the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExprRoll {
    /// The expression as text.
    pub expr: String,
    /// Every die as rolled, in order.
    pub rolls: Vec<u32>,
    /// The dice that count, in the order rolled.
    pub kept: Vec<u32>,
    /// The kept dice plus the modifier.
    pub total: i32,
}

impl DiceExpr {
    /// One die with `sides` faces.
    pub fn die(sides: u32) -> Self {
        Self {
            count: 1,
            sides,
            keep: Keep::All,
            modifier: 0,
        }
    }

    fn kept_count(&self) -> u32 {
        match self.keep {
            Keep::All => self.count,
            Keep::Highest(n) | Keep::Lowest(n) => n,
        }
    }

    /// The lowest total the expression can give.
    pub fn min(&self) -> i32 {
        self.kept_count() as i32 + self.modifier
    }

    /// The highest total the expression can give.
    pub fn max(&self) -> i32 {
        (self.kept_count() * self.sides) as i32 + self.modifier
    }

    /// Rolls the expression.
    pub fn roll(&self, dice: &mut Dice) -> Result<ExprRoll, DiceError> {
        let rolls = dice.roll_many(self.count, self.sides)?;
        // Each die's place in the roll and its face, the kept end first.
        let mut order: Vec<(usize, u32)> = rolls.iter().copied().enumerate().collect();
        match self.keep {
            Keep::All => {}
            Keep::Highest(_) => order.sort_by_key(|&(_, face)| std::cmp::Reverse(face)),
            Keep::Lowest(_) => order.sort_by_key(|&(_, face)| face),
        }
        order.truncate(self.kept_count() as usize);
        order.sort_unstable_by_key(|&(place, _)| place);
        let kept: Vec<u32> = order.into_iter().map(|(_, face)| face).collect();
        let total = kept.iter().sum::<u32>() as i32 + self.modifier;
        Ok(ExprRoll {
            expr: self.to_string(),
            rolls,
            kept,
            total,
        })
    }
}

/// The most steps [`DiceExpr::odds`] works through before it declines.
const ODDS_WORK: u64 = 50_000_000;

impl DiceExpr {
    /// The exact chance of each total, from [`Self::min`] to [`Self::max`]
    /// (summing to 1), or `None` for dice too many to work out (over fifty
    /// million steps: a hundred d1000, say).
    pub fn odds(&self) -> Option<Vec<f64>> {
        let (n, s) = (u64::from(self.count), u64::from(self.sides));
        match self.keep {
            Keep::All => (n * n * s * s <= ODDS_WORK).then(|| self.odds_of_all()),
            Keep::Highest(k) | Keep::Lowest(k) => {
                (n * n * s * s * u64::from(k) <= ODDS_WORK).then(|| self.odds_of_kept(k))
            }
        }
    }

    /// Every die counts: the sum's chances, one die added at a time.
    fn odds_of_all(&self) -> Vec<f64> {
        let sides = self.sides as usize;
        let face = 1.0 / sides as f64;
        // Sums of the dice so far, from the number of dice upward.
        let mut sums = vec![1.0];
        for _ in 0..self.count {
            let mut next = vec![0.0; sums.len() + sides - 1];
            for (sum, chance) in sums.iter().enumerate() {
                for reached in next.iter_mut().skip(sum).take(sides) {
                    *reached += chance * face;
                }
            }
            sums = next;
        }
        sums
    }

    /// The highest (or lowest) `keep` dice: how many dice show each face,
    /// the faces taken from the kept end, so the kept sum is known as the
    /// dice are placed.
    #[allow(
        clippy::indexing_slicing,
        reason = "placed + showing never passes count, the table's height, and a kept sum \
                  never passes keep * sides, its width, with keep at most count"
    )]
    fn odds_of_kept(&self, keep: u32) -> Vec<f64> {
        let (count, sides) = (self.count as usize, self.sides as usize);
        let keep = (keep as usize).min(count);
        let face = 1.0 / sides as f64;
        // chances[placed][kept sum]
        let mut chances = vec![vec![0.0; keep * sides + 1]; count + 1];
        chances[0][0] = 1.0;
        for rank in 0..sides {
            // The face value as it adds to the kept sum: highest first for
            // kh; lowest first for kl.
            let value = match self.keep {
                Keep::Lowest(_) => rank + 1,
                _ => sides - rank,
            };
            let mut next = vec![vec![0.0; keep * sides + 1]; count + 1];
            for placed in 0..=count {
                for sum in 0..chances[placed].len() {
                    let chance = chances[placed][sum];
                    if chance == 0.0 {
                        continue;
                    }
                    let mut ways = chance;
                    for showing in 0..=(count - placed) {
                        if showing > 0 {
                            ways *= (count - placed - showing + 1) as f64 / showing as f64 * face;
                        }
                        let kept = showing.min(keep.saturating_sub(placed));
                        next[placed + showing][sum + kept * value] += ways;
                    }
                }
            }
            chances = next;
        }
        // Totals below `keep` (one per kept die) cannot happen.
        chances[count][keep..].to_vec()
    }
}

impl ExprRoll {
    /// The roll as a record of working.
    pub fn record(&self, what: &str) -> RollRecord {
        let kept = self.kept.iter().sum::<u32>();
        RollRecord::new(what, self.expr.clone(), self.rolls.clone(), kept)
            .modifier(self.total - kept as i32, "")
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "d{}", self.sides)?;
        match self.keep {
            Keep::All => {}
            Keep::Highest(n) => write!(f, "kh{n}")?,
            Keep::Lowest(n) => write!(f, "kl{n}")?,
        }
        if self.modifier != 0 {
            write!(f, "{:+}", self.modifier)?;
        }
        Ok(())
    }
}

fn number(text: &str, what: &'static str) -> Result<u32, Reason> {
    if text.is_empty() {
        return Err(Reason::Missing { what });
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Reason::Expected {
            what,
            found: text.to_owned(),
        });
    }
    text.parse().map_err(|_| Reason::TooLarge {
        what,
        text: text.to_owned(),
    })
}

fn parse(text: &str) -> Result<DiceExpr, Reason> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let (count_text, rest) = compact.split_once('d').ok_or(Reason::NoD)?;
    let count = if count_text.is_empty() {
        1
    } else {
        number(count_text, "a number of dice")?
    };
    let sign_at = rest.find(['+', '-']).unwrap_or(rest.len());
    let (dice_part, modifier_text) = rest.split_at(sign_at);
    let modifier = match modifier_text.split_at_checked(1) {
        None | Some(("", _)) => 0,
        Some((sign, digits)) => {
            let value = number(digits, "a modifier")? as i32;
            if sign == "-" { -value } else { value }
        }
    };
    let (sides_text, keep) = match dice_part.split_once('k') {
        None => (dice_part, Keep::All),
        Some((sides, keep)) => {
            let keep = if let Some(n) = keep.strip_prefix('h') {
                Keep::Highest(number(n, "how many dice to keep")?)
            } else if let Some(n) = keep.strip_prefix('l') {
                Keep::Lowest(number(n, "how many dice to keep")?)
            } else {
                return Err(Reason::Keep);
            };
            (sides, keep)
        }
    };
    let sides = number(sides_text, "a number of faces")?;
    let expr = DiceExpr {
        count,
        sides,
        keep,
        modifier,
    };
    if count == 0 || count > MAX_DICE {
        return Err(Reason::DiceCount);
    }
    if sides == 0 || sides > MAX_SIDES {
        return Err(Reason::Faces);
    }
    if expr.kept_count() == 0 || expr.kept_count() > count {
        return Err(Reason::KeepCount { count });
    }
    Ok(expr)
}

impl FromStr for DiceExpr {
    type Err = ExprError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse(text).map_err(|reason| ExprError {
            text: text.to_string(),
            reason,
        })
    }
}

impl Serialize for DiceExpr {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DiceExpr {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(text: &str) -> DiceExpr {
        text.parse().unwrap()
    }

    #[test]
    fn parses_the_forms_the_texts_use() {
        assert_eq!(expr("d6"), DiceExpr::die(6));
        assert_eq!(expr("D10"), DiceExpr::die(10));
        assert_eq!(expr("2d10kh1").keep, Keep::Highest(1));
        assert_eq!(expr("2d20kl1").keep, Keep::Lowest(1));
        assert_eq!(expr("1d4+2").modifier, 2);
        assert_eq!(
            expr("3d6-1"),
            DiceExpr {
                count: 3,
                sides: 6,
                keep: Keep::All,
                modifier: -1
            }
        );
        assert_eq!(expr(" 2d6 + 3 ").modifier, 3);
    }

    #[test]
    fn prints_back_the_canonical_text() {
        for text in ["d6", "2d10kh1", "2d20kl1", "d4+2", "3d6-1", "18d10"] {
            assert_eq!(expr(text).to_string(), text);
        }
        assert_eq!(expr("1d4+2").to_string(), "d4+2");
    }

    #[test]
    fn bad_text_says_what_is_wrong() {
        let error = "2x6".parse::<DiceExpr>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "`2x6` is not a dice expression: expected a `d`, as in `2d6`"
        );
        for (text, reason) in [
            ("0d6", "roll between 1 and 100 dice"),
            ("2d0", "a die has between 1 and 10000 faces"),
            ("2d6kh3", "keep between 1 and 2 dice"),
            (
                "2d6kx1",
                "keep is written `kh1` (highest) or `kl1` (lowest)",
            ),
            ("2d6+", "expected a modifier, found nothing"),
            ("d", "expected a number of faces, found nothing"),
            ("ad6", "expected a number of dice, found `a`"),
        ] {
            assert_eq!(
                text.parse::<DiceExpr>().unwrap_err().reason.to_string(),
                reason,
                "{text}"
            );
        }
    }

    #[test]
    fn range_of_totals() {
        assert_eq!((expr("2d6").min(), expr("2d6").max()), (2, 12));
        assert_eq!((expr("2d10kh1").min(), expr("2d10kh1").max()), (1, 10));
        assert_eq!((expr("d4+2").min(), expr("d4+2").max()), (3, 6));
    }

    #[test]
    fn keep_highest_and_lowest_keep_the_right_dice() {
        let mut dice = Dice::scripted(vec![3, 8, 12, 5, 2, 3, 4]);
        let high = expr("2d10kh1").roll(&mut dice).unwrap();
        assert_eq!((high.kept.clone(), high.total), (vec![8], 8));
        let low = expr("2d20kl1").roll(&mut dice).unwrap();
        assert_eq!((low.kept.clone(), low.total), (vec![5], 5));
        let sum = expr("3d6-1").roll(&mut dice).unwrap();
        assert_eq!((sum.rolls.clone(), sum.total), (vec![2, 3, 4], 8));
        assert_eq!(
            sum.record("damage").to_string(),
            "damage: 3d6-1 = [2, 3, 4] sum 9, -1 = 8"
        );
    }

    /// The chance of `total` in `odds`, which start at the dice's lowest.
    fn chance(dice: &str, total: i32) -> f64 {
        let e = expr(dice);
        e.odds().unwrap()[(total - e.min()) as usize]
    }

    #[test]
    fn odds_are_exact_and_whole() {
        assert!((chance("2d6", 7) - 6.0 / 36.0).abs() < 1e-12);
        assert!((chance("d6+2", 3) - 1.0 / 6.0).abs() < 1e-12);
        // Two d20, the higher kept: a 20 unless both miss it.
        assert!((chance("2d20kh1", 20) - 39.0 / 400.0).abs() < 1e-12);
        assert!((chance("2d20kl1", 1) - 39.0 / 400.0).abs() < 1e-12);
        assert!((chance("2d20kl1", 20) - 1.0 / 400.0).abs() < 1e-12);
        // 4d6, the best three: 18 from four 6s or three and any other.
        assert!((chance("4d6kh3", 18) - 21.0 / 1296.0).abs() < 1e-12);
        for dice in ["3d6-1", "4d6kh3", "3d10kl2", "d100"] {
            let e = expr(dice);
            let odds = e.odds().unwrap();
            assert_eq!(odds.len() as i32, e.max() - e.min() + 1, "{dice}");
            assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{dice}");
        }
        assert_eq!(expr("100d1000").odds(), None);
    }
}
