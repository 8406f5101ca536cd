//! Travel rounds (`travel-rounds.txt`): each day along a path is a
//! Navigation Phase ([`pathfind`]), an Encounter Phase ([`encounter`]) and a
//! Camping Phase ([`camp`]); a partial round has no camping. The outcome and
//! encounter dice are d10s.

pub mod camp;
pub mod encounter;
pub mod pathfind;

/// The outcome die of travel rounds.
pub const OUTCOME_DIE: u32 = 10;

/// The phases of a travel round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Weather and pathfinding.
    Navigation,
    /// The encounter die or a planned encounter.
    Encounter,
    /// Supplies, actions and the ambush die.
    Camping,
}

/// "A partial travel round is constituted by a Navigation Phase and then an
/// Encounter Phase, but not a Camping Phase."
pub fn phases(partial: bool) -> &'static [Phase] {
    if partial {
        &[Phase::Navigation, Phase::Encounter]
    } else {
        &[Phase::Navigation, Phase::Encounter, Phase::Camping]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_partial_round_has_no_camping() {
        assert_eq!(phases(true), &[Phase::Navigation, Phase::Encounter]);
        assert_eq!(phases(false).last(), Some(&Phase::Camping));
    }
}
