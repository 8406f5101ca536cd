//! Powers and drills: a Will (or Dexterity) test on the stat for level 1,
//! stat +1 for level 2 and stat +2 for level 3; a natural 1 fails, raises
//! Threat and brings the peril. Pilgrim priests may take one Cleric power.

use serde::{Deserialize, Serialize};

use super::check_modifiers;
use super::threat::power_natural_one;
use crate::RuleError;
use crate::check::{Natural, plain_test};
use crate::dice::{Dice, RollRecord};

/// The highest power level.
pub const MAX_POWER_LEVEL: u32 = 3;

/// A power (or drill) cast.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Cast {
    /// The caster's Will (Dexterity for drills) as a target number.
    pub stat: u32,
    /// The power's level, 1 to 3.
    pub level: u32,
    /// +1 / -1 modifiers.
    #[serde(default)]
    pub modifiers: Vec<i32>,
    /// A wild die spent on the test.
    #[serde(default)]
    pub wild_die: bool,
    /// Threat before the cast.
    #[serde(default)]
    pub threat: u32,
}

/// A resolved cast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CastResult {
    /// The target: stat + level - 1.
    pub target: u32,
    /// The D10s rolled.
    pub rolls: Vec<u32>,
    /// Kept die plus clamped modifiers.
    pub total: i32,
    /// Whether the power works.
    pub success: bool,
    /// A natural 1: the peril applies.
    pub peril: bool,
    /// Threat after the cast.
    pub threat: u32,
    /// The working.
    #[serde(skip)]
    pub record: RollRecord,
}

/// "Level 1 casts on your stat, level 2 on stat +1, level 3 on stat +2."
pub fn cast_target(stat: u32, level: u32) -> u32 {
    stat + level.saturating_sub(1)
}

/// Casts a power. Dice: one D10, two with a wild die.
pub fn cast(request: &Cast, dice: &mut Dice) -> Result<CastResult, RuleError> {
    check_modifiers(&request.modifiers, "modifiers")?;
    if !(1..=MAX_POWER_LEVEL).contains(&request.level) {
        return Err(RuleError::new(
            "level",
            format!(
                "a power's level is 1 to {MAX_POWER_LEVEL}, not {}",
                request.level
            ),
        ));
    }
    let target = cast_target(request.stat, request.level);
    let roll = plain_test(
        dice,
        "power",
        10,
        u32::from(request.wild_die),
        target as i32,
        &request.modifiers,
    )?;
    let peril = roll.natural == Some(Natural::One);
    Ok(CastResult {
        target,
        total: roll.total,
        success: roll.success,
        peril,
        threat: if peril {
            power_natural_one(request.threat)
        } else {
            request.threat
        },
        rolls: roll.rolls,
        record: roll.record,
    })
}

/// "A Pilgrim may take one Cleric power, cast on their own Will."
pub fn may_take_cleric_power(pilgrim: bool, cleric_powers_known: u32) -> bool {
    pilgrim && cleric_powers_known == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(stat: u32, level: u32, faces: Vec<u32>) -> CastResult {
        let request = Cast {
            stat,
            level,
            modifiers: vec![],
            wild_die: false,
            threat: 2,
        };
        cast(&request, &mut Dice::scripted(faces)).unwrap()
    }

    /// "Level 1 casts on your stat, level 2 on stat +1, level 3 on stat +2."
    #[test]
    fn each_level_casts_one_harder() {
        assert_eq!(
            (run(5, 1, vec![5]).target, run(5, 1, vec![5]).success),
            (5, true)
        );
        assert_eq!(
            (run(5, 2, vec![5]).target, run(5, 2, vec![5]).success),
            (6, false)
        );
        assert_eq!(
            (run(5, 3, vec![7]).target, run(5, 3, vec![7]).success),
            (7, true)
        );
    }

    /// "On a natural 1 it fails, Threat +1, and the peril applies."
    #[test]
    fn a_natural_one_brings_the_peril() {
        let r = run(2, 1, vec![1]);
        assert_eq!((r.success, r.peril, r.threat), (false, true, 3));
        let fine = run(2, 1, vec![2]);
        assert_eq!((fine.peril, fine.threat), (false, 2));
    }

    #[test]
    fn levels_are_one_to_three() {
        let request = Cast {
            stat: 5,
            level: 4,
            modifiers: vec![],
            wild_die: false,
            threat: 0,
        };
        assert_eq!(
            cast(&request, &mut Dice::scripted(vec![5]))
                .unwrap_err()
                .path,
            "level"
        );
    }

    /// "A Pilgrim may take one Cleric power".
    #[test]
    fn pilgrims_take_one_cleric_power() {
        assert!(may_take_cleric_power(true, 0));
        assert!(!may_take_cleric_power(true, 1));
        assert!(!may_take_cleric_power(false, 0));
    }
}
