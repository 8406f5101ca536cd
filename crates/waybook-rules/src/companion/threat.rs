//! Threat: the GM's D10 at the start of each round or beat, the event and
//! the drop by 2, and the rises at the end of each round and on a power's
//! natural 1.

use serde::{Deserialize, Serialize};

use crate::RuleError;
use crate::dice::{Dice, RollRecord};

/// "then Threat drops by 2."
pub const THREAT_DROP: u32 = 2;

/// A start-of-round threat request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Threat {
    /// Threat before the roll.
    pub threat: u32,
}

/// The start-of-round threat roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ThreatResult {
    /// The D10.
    pub roll: u32,
    /// Whether an event triggers.
    pub event: bool,
    /// Threat after the roll.
    pub threat: u32,
    /// The working.
    #[serde(skip)]
    pub record: RollRecord,
}

/// "At the start of each round or beat the GM rolls a D10. If it's equal to
/// or under Threat, an event triggers, then Threat drops by 2."
pub fn start_of_round(request: &Threat, dice: &mut Dice) -> Result<ThreatResult, RuleError> {
    let roll = dice.roll(10)?;
    let event = roll <= request.threat;
    let threat = if event {
        request.threat.saturating_sub(THREAT_DROP)
    } else {
        request.threat
    };
    let record = RollRecord::single("threat", 10, roll)
        .target("Threat", request.threat as i32)
        .outcome(if event { "event" } else { "quiet" });
    Ok(ThreatResult {
        roll,
        event,
        threat,
        record,
    })
}

/// "Threat +1 at the end of each beat" and in the end phase of a round.
pub fn end_of_round(threat: u32) -> u32 {
    threat + 1
}

/// "On a natural 1 it fails, Threat +1".
pub fn power_natural_one(threat: u32) -> u32 {
    threat + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(threat: u32, roll: u32) -> ThreatResult {
        start_of_round(&Threat { threat }, &mut Dice::scripted(vec![roll])).unwrap()
    }

    /// "equal to or under Threat, an event triggers, then Threat drops by 2."
    #[test]
    fn an_event_drops_threat_by_two() {
        assert_eq!((run(4, 3).event, run(4, 3).threat), (true, 2));
        assert_eq!((run(4, 4).event, run(4, 4).threat), (true, 2));
        assert_eq!((run(4, 5).event, run(4, 5).threat), (false, 4));
        assert_eq!(run(1, 1).threat, 0);
    }

    #[test]
    fn threat_rises_by_one() {
        assert_eq!(end_of_round(3), 4);
        assert_eq!(power_natural_one(0), 1);
    }
}
