//! Hazards underfoot: falling (and gliding, and landing in water),
//! quicksand, lava and ice.

use serde::{Deserialize, Serialize};

use crate::RuleError;
use crate::check::{Advantage, D20Roll};
use crate::dice::{Dice, RollRecord};
use crate::expr::{DiceExpr, ExprRoll, Keep};

/// "At the end of each of a falling Character's Turn, they will fall 210m."
pub const FALL_PER_TURN_M: u32 = 210;
/// "move up to 2m horizontally for every 1m they descend".
pub const GLIDE_RATIO: u32 = 2;
/// "a TG15 Physique (Athltics) or Agiliy (Acrobatics) Test" to land in water.
pub const WATER_LANDING_TG: i32 = 15;

/// A fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Fall {
    /// Metres to the ground or water.
    pub height_m: u32,
    /// Gliding: half the rate and 2 m across per metre down.
    #[serde(default)]
    pub glide: bool,
    /// Landing in a liquid: a TG 15 test for half damage.
    #[serde(default)]
    pub into_water: bool,
    /// The modifier to that test.
    #[serde(default)]
    pub bonus: i32,
}

/// A d20 test as rolled against a TG.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TestRoll {
    /// The TG.
    pub tg: i32,
    /// The kept d20.
    pub roll: u32,
    /// d20 + bonus (0 on a natural 1).
    pub total: i32,
    /// Whether it passed.
    pub passed: bool,
}

/// Rolls a d20 test against `tg`, with its record.
pub fn test_roll(
    dice: &mut Dice,
    what: &str,
    bonus: i32,
    tg: i32,
) -> Result<(TestRoll, RollRecord), RuleError> {
    let d20 = D20Roll::roll(dice, bonus, Advantage::Normal)?;
    let test = TestRoll {
        tg,
        roll: d20.roll,
        total: d20.total(),
        passed: d20.passes(tg),
    };
    Ok((test, d20.record(what, Some(tg))))
}

/// The outcome of a fall.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FallResult {
    /// Turns spent falling.
    pub turns: u32,
    /// Metres fallen in the last turn.
    pub last_turn_m: u32,
    /// Metres moved across while gliding.
    pub horizontal_m: u32,
    /// X: the d10s of damage.
    pub damage_dice: u32,
    /// The water-landing test, if any.
    pub water_test: Option<TestRoll>,
    /// The d10s.
    pub damage_rolls: Vec<u32>,
    /// Bludgeoning damage taken.
    pub damage: u32,
    /// Lands prone (not when gliding or unharmed).
    pub prone: bool,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

/// Resolves a fall. "they will immediately take Xd10 Bludgeoning damage ...
/// where X is equal to the number of metres, they fell that Turn divided by
/// 3 (rounding down)." Dice: the water test's d20, then the d10s.
pub fn fall(request: &Fall, dice: &mut Dice) -> Result<FallResult, RuleError> {
    let rate = if request.glide {
        FALL_PER_TURN_M / 2
    } else {
        FALL_PER_TURN_M
    };
    let turns = request.height_m.div_ceil(rate);
    let last_turn_m = request.height_m - rate * turns.saturating_sub(1);
    let damage_dice = last_turn_m / 3;
    let mut records = Vec::new();
    let water_test = if request.into_water {
        let (test, record) = test_roll(dice, "land in water", request.bonus, WATER_LANDING_TG)?;
        records.push(record);
        Some(test)
    } else {
        None
    };
    let damage_rolls = dice.roll_many(damage_dice, 10)?;
    let rolled: u32 = damage_rolls.iter().sum();
    let halved = water_test.as_ref().is_some_and(|t| t.passed);
    let damage = if halved { rolled / 2 } else { rolled };
    if damage_dice > 0 {
        records.push(RollRecord::new(
            "falling damage",
            format!("{damage_dice}d10"),
            damage_rolls.clone(),
            rolled,
        ));
    }
    Ok(FallResult {
        turns,
        last_turn_m,
        horizontal_m: if request.glide {
            GLIDE_RATIO * request.height_m
        } else {
            0
        },
        damage_dice,
        water_test,
        damage_rolls,
        damage,
        prone: !request.glide && damage > 0,
        records,
    })
}

/// "they immediately sink half a metre" and half a metre more each turn.
pub const SINK_M: f64 = 0.5;
/// "succeeding on a TG 10 Physique Test, with the TG increasing by the
/// number of metres they have currently sunk".
pub const ESCAPE_BASE_TG: i32 = 10;
/// "a TG 13 Physique Test, on a success they pull the Character out by a metre."
pub const PULL_OUT_TG: i32 = 13;

named_enum! {
    /// What happens in the quicksand.
    pub enum QuicksandEvent("quicksand event") {
        /// Entering: sink half a metre.
        Enter => "enter" as "Steps into it",
        /// The start of a turn inside: sink half a metre more.
        TurnStart => "turn-start" as "Starts a turn in it",
        /// The character's own Physique test.
        Escape => "escape" as "Tries to climb out",
        /// Someone else's TG 13 Physique test.
        PullOut => "pull-out" as "Is pulled out",
    }
}

/// A character in quicksand.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
pub struct Quicksand {
    /// The character's height in metres.
    pub height_m: f64,
    /// Metres sunk so far.
    #[serde(default)]
    pub sunk_m: f64,
    /// What happens.
    pub event: QuicksandEvent,
    /// The Physique test modifier for escape or pull-out.
    #[serde(default)]
    pub bonus: i32,
}

/// The state after a quicksand event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuicksandResult {
    /// Metres sunk after the event.
    pub sunk_m: f64,
    /// Restrained at a third of the body height.
    pub restrained: bool,
    /// Completely submerged: cannot breathe.
    pub submerged: bool,
    /// Out of the quicksand.
    pub free: bool,
    /// The test, for escape and pull-out.
    pub test: Option<TestRoll>,
    /// The working.
    #[serde(skip)]
    pub record: Option<RollRecord>,
}

/// The escape TG: 10 + whole metres sunk.
pub fn escape_tg(sunk_m: f64) -> i32 {
    ESCAPE_BASE_TG + sunk_m.floor() as i32
}

/// Resolves one quicksand event. Dice: a d20 for escape and pull-out.
pub fn quicksand(request: &Quicksand, dice: &mut Dice) -> Result<QuicksandResult, RuleError> {
    let height = request.height_m;
    if !(height.is_finite() && height > 0.0) {
        return Err(RuleError::new("height_m", "must be above 0"));
    }
    if !(request.sunk_m.is_finite() && request.sunk_m >= 0.0) {
        return Err(RuleError::new("sunk_m", "must be 0 or more"));
    }
    let submerged_before = request.sunk_m >= height;
    let (sunk, test, record) = match request.event {
        QuicksandEvent::Enter => (SINK_M, None, None),
        QuicksandEvent::TurnStart => (request.sunk_m + SINK_M, None, None),
        QuicksandEvent::Escape if submerged_before => {
            return Err(RuleError::new(
                "event",
                "a completely submerged character cannot attempt to escape",
            ));
        }
        QuicksandEvent::Escape => {
            let (test, record) = test_roll(
                dice,
                "escape quicksand",
                request.bonus,
                escape_tg(request.sunk_m),
            )?;
            (
                if test.passed { 0.0 } else { request.sunk_m },
                Some(test),
                Some(record),
            )
        }
        QuicksandEvent::PullOut => {
            let (test, record) =
                test_roll(dice, "pull out of quicksand", request.bonus, PULL_OUT_TG)?;
            let sunk = if test.passed {
                (request.sunk_m - 1.0).max(0.0)
            } else {
                request.sunk_m
            };
            (sunk, Some(test), Some(record))
        }
    };
    let sunk = sunk.min(height);
    Ok(QuicksandResult {
        sunk_m: sunk,
        restrained: sunk >= height / 3.0,
        submerged: sunk >= height,
        free: sunk == 0.0,
        test,
        record,
    })
}

named_enum! {
    /// How close a character is to lava.
    pub enum LavaExposure("lava exposure") {
        /// Within 2 m: 2d10 fire.
        Near => "near",
        /// Entering or touching: 9d10 fire.
        Touching => "touching",
        /// Fully submerged: 18d10 fire.
        Submerged => "submerged",
    }
}

impl LavaExposure {
    /// The fire damage dice.
    pub fn damage(self) -> DiceExpr {
        let count = match self {
            Self::Near => 2,
            Self::Touching => 9,
            Self::Submerged => 18,
        };
        DiceExpr {
            count,
            sides: 10,
            keep: Keep::All,
            modifier: 0,
        }
    }
}

/// Rolls lava's fire damage for the first time on a turn (or at its start).
pub fn lava(exposure: LavaExposure, dice: &mut Dice) -> Result<ExprRoll, RuleError> {
    Ok(exposure.damage().roll(dice)?)
}

/// "they must succeed on a TG 10 Agility Test or fall Prone."
pub const ICE_TG: i32 = 10;

named_enum! {
    /// What happens on the ice.
    pub enum IceOutcome("ice outcome") {
        /// The test passed.
        Stands => "stands",
        /// Failed on ordinary ice.
        Prone => "prone",
        /// Failed on incredibly thin ice.
        FallsThrough => "falls-through",
    }
}

/// Crossing ice for the first time on a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Ice {
    /// The Agility test modifier.
    pub bonus: i32,
    /// Incredibly thin ice: a failure breaks it.
    #[serde(default)]
    pub thin: bool,
}

/// The ice test's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IceResult {
    /// The test.
    pub test: TestRoll,
    /// What happens.
    pub outcome: IceOutcome,
    /// The working.
    #[serde(skip)]
    pub record: RollRecord,
}

/// Rolls the ice test. Dice: one d20.
pub fn ice(request: &Ice, dice: &mut Dice) -> Result<IceResult, RuleError> {
    let (test, record) = test_roll(dice, "ice", request.bonus, ICE_TG)?;
    let outcome = match (test.passed, request.thin) {
        (true, _) => IceOutcome::Stands,
        (false, false) => IceOutcome::Prone,
        (false, true) => IceOutcome::FallsThrough,
    };
    Ok(IceResult {
        test,
        outcome,
        record,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fall_of(height_m: u32, glide: bool, into_water: bool, faces: Vec<u32>) -> FallResult {
        fall(
            &Fall {
                height_m,
                glide,
                into_water,
                bonus: 0,
            },
            &mut Dice::scripted(faces),
        )
        .unwrap()
    }

    /// "fall 210m" a turn; "Xd10 ... X is equal to the number of metres, they
    /// fell that Turn divided by 3 (rounding down)".
    #[test]
    fn damage_from_the_last_turn() {
        let r = fall_of(10, false, false, vec![4, 6, 1]);
        assert_eq!(
            (r.turns, r.last_turn_m, r.damage_dice, r.damage, r.prone),
            (1, 10, 3, 11, true)
        );
        let long = fall_of(500, false, false, vec![1; 26]);
        assert_eq!(
            (long.turns, long.last_turn_m, long.damage_dice),
            (3, 80, 26)
        );
        let two = fall_of(2, false, false, vec![]);
        assert_eq!((two.damage_dice, two.damage, two.prone), (0, 0, false));
    }

    /// "Falling at half the normal rate. While Gliding, they can move up to
    /// 2m horizontally for every 1m they descend"; gliders land on their feet.
    #[test]
    fn gliding() {
        let r = fall_of(300, true, false, vec![1; 65]);
        assert_eq!(
            (
                r.turns,
                r.last_turn_m,
                r.horizontal_m,
                r.damage_dice,
                r.prone
            ),
            (3, 90, 600, 30, false)
        );
    }

    /// "On a successful Test, they take half as much damage."
    #[test]
    fn landing_in_water() {
        let r = fall_of(6, false, true, vec![15, 7, 4]);
        assert_eq!(
            (r.water_test.as_ref().map(|t| t.passed), r.damage),
            (Some(true), 5)
        );
        let r = fall_of(6, false, true, vec![14, 7, 4]);
        assert_eq!(r.damage, 11);
    }

    fn sand(
        sunk_m: f64,
        event: QuicksandEvent,
        faces: Vec<u32>,
    ) -> Result<QuicksandResult, RuleError> {
        quicksand(
            &Quicksand {
                height_m: 1.8,
                sunk_m,
                event,
                bonus: 0,
            },
            &mut Dice::scripted(faces),
        )
    }

    /// "immediately sink half a metre ... At the start of each of their
    /// following Turns ... a further half metre, once they have submerged at
    /// least a third of their body height, they become Restrained."
    #[test]
    fn sinking_and_restrained() {
        let entered = sand(0.0, QuicksandEvent::Enter, vec![]).unwrap();
        assert_eq!((entered.sunk_m, entered.restrained), (0.5, false));
        let next = sand(0.5, QuicksandEvent::TurnStart, vec![]).unwrap();
        assert_eq!(
            (next.sunk_m, next.restrained, next.submerged),
            (1.0, true, false)
        );
        let under = sand(1.5, QuicksandEvent::TurnStart, vec![]).unwrap();
        assert_eq!((under.sunk_m, under.submerged), (1.8, true));
    }

    /// "a TG 10 Physique Test, with the TG increasing by the number of metres
    /// they have currently sunk"; "pull the Character out by a metre".
    #[test]
    fn escaping_and_pulling_out() {
        let r = sand(1.5, QuicksandEvent::Escape, vec![11]).unwrap();
        assert_eq!((r.test.as_ref().map(|t| t.tg), r.free), (Some(11), true));
        let r = sand(1.5, QuicksandEvent::Escape, vec![10]).unwrap();
        assert_eq!((r.sunk_m, r.free), (1.5, false));
        let r = sand(1.5, QuicksandEvent::PullOut, vec![13]).unwrap();
        assert_eq!(
            (r.test.as_ref().map(|t| t.tg), r.sunk_m, r.restrained),
            (Some(13), 0.5, false)
        );
        assert_eq!(
            sand(1.8, QuicksandEvent::Escape, vec![20])
                .unwrap_err()
                .path,
            "event"
        );
    }

    /// "2d10 Fire damage" within 2 m; "9d10 ... or 18d10 if they are fully submerged".
    #[test]
    fn lava_damage() {
        let dice: Vec<u32> = LavaExposure::ALL.iter().map(|e| e.damage().count).collect();
        assert_eq!(dice, [2, 9, 18]);
        assert_eq!(
            lava(LavaExposure::Near, &mut Dice::scripted(vec![3, 9]))
                .unwrap()
                .total,
            12
        );
    }

    /// "a TG 10 Agility Test or fall Prone"; thin ice "breaks and they fall through".
    #[test]
    fn ice_outcomes() {
        let run = |thin, face| {
            ice(&Ice { bonus: 1, thin }, &mut Dice::scripted(vec![face]))
                .unwrap()
                .outcome
        };
        assert_eq!(run(false, 9), IceOutcome::Stands);
        assert_eq!(run(false, 8), IceOutcome::Prone);
        assert_eq!(run(true, 8), IceOutcome::FallsThrough);
    }
}
