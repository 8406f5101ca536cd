//! A hero's harm and resources: Wounds and going down, Toughness and its
//! spends, wild dice, reviving, and the roll for heroes still down.

use serde::{Deserialize, Serialize};

use super::check_modifiers;
use crate::RuleError;
use crate::check::{PlainRoll, plain_test};
use crate::dice::{Dice, DiceError};

/// "5 for a standard hero, 9 for The Traveller."
pub const STANDARD_WOUNDS: u32 = 5;
/// The Traveller's Wounds.
pub const TRAVELLER_WOUNDS: u32 = 9;
/// "Toughness (4 for a standard hero)".
pub const STANDARD_TOUGHNESS: u32 = 4;
/// "Hold up to 3."
pub const MAX_WILD_DICE: u32 = 3;

/// Why a hero cannot do something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeroError {
    /// "Hold up to 3."
    #[error("a hero holds at most {MAX_WILD_DICE} wild dice")]
    WildDiceFull,
    /// No wild die to spend or give.
    #[error("no wild die to spend")]
    NoWildDice,
    /// Not enough Toughness for the spend.
    #[error("{spend} needs {cost} Toughness, only {have} left")]
    NotEnoughToughness {
        /// The spend.
        spend: ToughnessSpend,
        /// Its cost.
        cost: u32,
        /// Toughness left.
        have: u32,
    },
    /// "a third action once per round".
    #[error("a third action can be bought once per round")]
    ThirdActionTaken,
}

named_enum! {
    /// "Spend 1 to cancel 1 wound as you take it. Spend 2 for a third action
    /// once per round. Spend 2 to reroll a failed narrative test."
    pub enum ToughnessSpend("toughness spend") {
        /// 1: cancel a wound.
        CancelWound => "cancel-wound",
        /// 2: a third action, once per round.
        ThirdAction => "third-action",
        /// 2: reroll a failed narrative test.
        Reroll => "reroll",
    }
}

impl ToughnessSpend {
    /// The Toughness it costs.
    pub fn cost(self) -> u32 {
        match self {
            Self::CancelWound => 1,
            Self::ThirdAction | Self::Reroll => 2,
        }
    }
}

/// A hero's Wounds, Toughness and wild dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hero {
    /// Wounds left; at 0 the hero is down.
    pub wounds: u32,
    /// Wounds when unharmed.
    pub max_wounds: u32,
    /// Toughness left this scenario.
    pub toughness: u32,
    /// Toughness at the start of a scenario.
    pub max_toughness: u32,
    /// Wild dice held.
    pub wild_dice: u32,
    /// A third action was bought this round.
    pub third_action_taken: bool,
}

impl Hero {
    /// A standard hero, or The Traveller.
    pub fn new(traveller: bool) -> Self {
        let wounds = if traveller {
            TRAVELLER_WOUNDS
        } else {
            STANDARD_WOUNDS
        };
        Self {
            wounds,
            max_wounds: wounds,
            toughness: STANDARD_TOUGHNESS,
            max_toughness: STANDARD_TOUGHNESS,
            wild_dice: 0,
            third_action_taken: false,
        }
    }

    /// "At 0 Wounds a hero is down."
    pub fn is_down(&self) -> bool {
        self.wounds == 0
    }

    /// Takes `wounds`, cancelling up to `cancel` of them with Toughness one
    /// for one; returns the wounds actually taken.
    pub fn take_wounds(&mut self, wounds: u32, cancel: u32) -> u32 {
        let cancelled = cancel.min(wounds).min(self.toughness);
        self.toughness -= cancelled;
        let taken = wounds - cancelled;
        self.wounds = self.wounds.saturating_sub(taken);
        taken
    }

    /// Spends Toughness.
    pub fn spend(&mut self, spend: ToughnessSpend) -> Result<(), HeroError> {
        let cost = spend.cost();
        if spend == ToughnessSpend::ThirdAction && self.third_action_taken {
            return Err(HeroError::ThirdActionTaken);
        }
        if self.toughness < cost {
            return Err(HeroError::NotEnoughToughness {
                spend,
                cost,
                have: self.toughness,
            });
        }
        self.toughness -= cost;
        self.third_action_taken |= spend == ToughnessSpend::ThirdAction;
        Ok(())
    }

    /// "The Rest action restores D3" Toughness, never above the maximum.
    pub fn rest(&mut self, dice: &mut Dice) -> Result<u32, DiceError> {
        let roll = dice.roll(3)?;
        self.toughness = (self.toughness + roll).min(self.max_toughness);
        Ok(roll)
    }

    /// A new round: a third action may be bought again.
    pub fn new_round(&mut self) {
        self.third_action_taken = false;
    }

    /// "Toughness ... refills each scenario."
    pub fn new_scenario(&mut self) {
        self.toughness = self.max_toughness;
        self.new_round();
    }

    /// "Wounds ... return between scenes".
    pub fn new_scene(&mut self) {
        self.wounds = self.max_wounds;
    }

    /// Awards a wild die; refused when it would exceed 3.
    pub fn award_wild_die(&mut self) -> Result<(), HeroError> {
        if self.wild_dice >= MAX_WILD_DICE {
            return Err(HeroError::WildDiceFull);
        }
        self.wild_dice += 1;
        Ok(())
    }

    /// Spends a wild die on a test or as an extra attack die.
    pub fn spend_wild_die(&mut self) -> Result<(), HeroError> {
        self.wild_dice = self.wild_dice.checked_sub(1).ok_or(HeroError::NoWildDice)?;
        Ok(())
    }

    /// "You can give one to another hero": refused when the other already
    /// holds 3, and then nothing changes.
    pub fn give_wild_die(&mut self, to: &mut Hero) -> Result<(), HeroError> {
        if self.wild_dice == 0 {
            return Err(HeroError::NoWildDice);
        }
        to.award_wild_die()?;
        self.wild_dice -= 1;
        Ok(())
    }

    /// Revives the hero if the ally's test succeeds: "success stands them
    /// with 1 Wound".
    pub fn revive(&mut self, request: &Revive, dice: &mut Dice) -> Result<ReviveResult, RuleError> {
        let result = revive(request, dice)?;
        if self.is_down() {
            self.wounds = result.wounds;
        }
        Ok(result)
    }
}

/// An ally's revive attempt.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Revive {
    /// The ally's Will or Dexterity as a target number.
    pub stat: u32,
    /// +1 / -1 modifiers.
    #[serde(default)]
    pub modifiers: Vec<i32>,
    /// A wild die spent on the test.
    #[serde(default)]
    pub wild_die: bool,
}

/// The outcome of a revive attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReviveResult {
    /// The test.
    #[serde(flatten)]
    pub roll: PlainRoll,
    /// Wounds the downed hero stands with (0: still down).
    pub wounds: u32,
}

/// "An ally in contact can revive them with a Narrative action (Will or
/// Dexterity): success stands them with 1 Wound." Dice: one D10, two with a
/// wild die.
pub fn revive(request: &Revive, dice: &mut Dice) -> Result<ReviveResult, RuleError> {
    check_modifiers(&request.modifiers, "modifiers")?;
    let roll = plain_test(
        dice,
        "revive",
        10,
        u32::from(request.wild_die),
        request.stat as i32,
        &request.modifiers,
    )?;
    let wounds = u32::from(roll.success);
    Ok(ReviveResult { roll, wounds })
}

/// "Still down at the end of the following round? Roll a D6 after the
/// scenario." The D6 is read on the GM's injury table.
pub fn still_down_roll(dice: &mut Dice) -> Result<u32, DiceError> {
    dice.roll(6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wounds_five_or_nine_and_toughness_four() {
        assert_eq!(Hero::new(false).max_wounds, 5);
        assert_eq!(Hero::new(true).max_wounds, 9);
        assert_eq!(Hero::new(true).toughness, 4);
    }

    /// "Spend 1 to cancel 1 wound as you take it"; "At 0 Wounds a hero is down."
    #[test]
    fn toughness_cancels_wounds_until_down() {
        let mut hero = Hero::new(false);
        assert_eq!(hero.take_wounds(3, 2), 1);
        assert_eq!((hero.wounds, hero.toughness), (4, 2));
        assert_eq!(hero.take_wounds(9, 0), 9);
        assert!(hero.is_down());
        assert_eq!(hero.wounds, 0);
    }

    /// "Spend 2 for a third action once per round. Spend 2 to reroll."
    #[test]
    fn toughness_spends() {
        let mut hero = Hero::new(false);
        hero.spend(ToughnessSpend::ThirdAction).unwrap();
        assert_eq!(
            hero.spend(ToughnessSpend::ThirdAction),
            Err(HeroError::ThirdActionTaken)
        );
        hero.new_round();
        hero.spend(ToughnessSpend::Reroll).unwrap();
        assert_eq!(hero.toughness, 0);
        let error = hero.spend(ToughnessSpend::CancelWound).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cancel-wound needs 1 Toughness, only 0 left"
        );
        hero.new_scenario();
        assert_eq!(hero.toughness, 4);
    }

    /// "The Rest action restores D3", capped at the maximum.
    #[test]
    fn rest_restores_d3_toughness() {
        let mut hero = Hero::new(false);
        hero.toughness = 0;
        assert_eq!(hero.rest(&mut Dice::scripted(vec![2])), Ok(2));
        assert_eq!(hero.toughness, 2);
        hero.rest(&mut Dice::scripted(vec![3])).unwrap();
        assert_eq!(hero.toughness, 4);
    }

    /// "Hold up to 3"; "You can give one to another hero".
    #[test]
    fn wild_dice_hold_three() {
        let mut a = Hero::new(false);
        for _ in 0..3 {
            a.award_wild_die().unwrap();
        }
        assert_eq!(a.award_wild_die(), Err(HeroError::WildDiceFull));
        let mut b = Hero::new(false);
        a.give_wild_die(&mut b).unwrap();
        assert_eq!((a.wild_dice, b.wild_dice), (2, 1));
        b.spend_wild_die().unwrap();
        assert_eq!(b.spend_wild_die(), Err(HeroError::NoWildDice));
        let mut full = Hero {
            wild_dice: 3,
            ..Hero::new(false)
        };
        assert_eq!(a.give_wild_die(&mut full), Err(HeroError::WildDiceFull));
        assert_eq!(a.wild_dice, 2);
    }

    /// "success stands them with 1 Wound".
    #[test]
    fn revive_stands_with_one_wound() {
        let mut hero = Hero {
            wounds: 0,
            ..Hero::new(false)
        };
        let plain = Revive {
            stat: 5,
            modifiers: vec![],
            wild_die: false,
        };
        assert!(
            !hero
                .revive(&plain, &mut Dice::scripted(vec![4]))
                .unwrap()
                .roll
                .success
        );
        assert!(hero.is_down());
        let helped = Revive {
            modifiers: vec![1],
            ..plain.clone()
        };
        assert_eq!(
            hero.revive(&helped, &mut Dice::scripted(vec![4]))
                .unwrap()
                .wounds,
            1
        );
        assert_eq!(hero.wounds, 1);
        let wild = Revive {
            wild_die: true,
            ..plain
        };
        let r = revive(&wild, &mut Dice::scripted(vec![2, 5])).unwrap();
        assert_eq!((r.roll.kept, r.wounds), (5, 1));
        assert_eq!(still_down_roll(&mut Dice::scripted(vec![6])), Ok(6));
    }

    #[test]
    fn wounds_return_between_scenes() {
        let mut hero = Hero {
            wounds: 1,
            ..Hero::new(true)
        };
        hero.new_scene();
        assert_eq!(hero.wounds, 9);
    }
}
