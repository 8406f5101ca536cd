//! The Travellers' Companion (`travellers-companion.txt`): challenge rolls,
//! heroes (wounds, toughness, wild dice, going down), threat, combat and
//! enemies, powers, and levels and advances. Stats, Quality and Defence are
//! target numbers ("4+"): lower is better.

pub mod advance;
pub mod challenge;
pub mod combat;
pub mod hero;
pub mod powers;
pub mod threat;

use crate::RuleError;

/// Checks that each modifier is +1 or -1 ("Modifiers are +1 or −1").
pub fn check_modifiers(modifiers: &[i32], field: &str) -> Result<(), RuleError> {
    match modifiers.iter().enumerate().find(|(_, m)| m.abs() != 1) {
        Some((i, modifier)) => Err(RuleError::new(
            format!("{field}[{i}]"),
            format!("a modifier is +1 or -1, not {modifier}"),
        )),
        None => Ok(()),
    }
}

/// A modifier of the screens' one number (−2 to +2) as the rules take
/// modifiers: each +1 or −1 ("+2" is two +1s).
pub fn as_modifiers(total: i32) -> Vec<i32> {
    vec![total.signum(); total.unsigned_abs() as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_total_is_so_many_ones() {
        assert_eq!(as_modifiers(2), [1, 1]);
        assert_eq!(as_modifiers(-1), [-1]);
        assert!(as_modifiers(0).is_empty());
        assert!(check_modifiers(&as_modifiers(-2), "modifiers").is_ok());
    }

    #[test]
    fn modifiers_are_plus_or_minus_one() {
        assert!(check_modifiers(&[1, -1, 1], "modifiers").is_ok());
        let error = check_modifiers(&[1, 2], "modifiers").unwrap_err();
        assert_eq!(
            error.to_string(),
            "modifiers[1]: a modifier is +1 or -1, not 2"
        );
    }
}
