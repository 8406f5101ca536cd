//! Combat mode and enemies: attacks against Quality and Defence, free
//! attacks for leaving base contact, priority D10s, enemy behaviour without
//! a GM, and the size of a good fight.

use serde::{Deserialize, Serialize};

use crate::RuleError;
use crate::check::{MODIFIER_LIMIT, Natural, natural};
use crate::dice::{Dice, RollRecord};

/// "Each extra enemy in a fight gives the attackers +1 to hit, to +2."
pub const EXTRA_ENEMY_LIMIT: u32 = 2;

/// An attack to resolve.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Attack {
    /// Attack dice.
    pub attacks: u32,
    /// The attacker's Quality (target number).
    pub quality: u32,
    /// The defender's Defence (target number).
    pub defence: u32,
    /// The weapon's AP, added to the defender's target.
    #[serde(default)]
    pub ap: u32,
    /// A shooting attack (cover counts against shooting only); required.
    pub shooting: bool,
    /// The defender is in cover.
    #[serde(default)]
    pub cover: bool,
    /// Over half range: -1 to hit.
    #[serde(default)]
    pub long_range: bool,
    /// Extra enemies in the fight: +1 to hit each, to +2.
    #[serde(default)]
    pub extra_enemies: u32,
    /// Toughness the defender will spend at most.
    #[serde(default)]
    pub toughness: u32,
}

/// A resolved attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackResult {
    /// One D6 per attack.
    pub hit_rolls: Vec<u32>,
    /// Hits scored.
    pub hits: u32,
    /// One D6 per hit.
    pub block_rolls: Vec<u32>,
    /// Hits blocked.
    pub blocked: u32,
    /// Unblocked hits.
    pub wounds: u32,
    /// Toughness spent cancelling wounds.
    pub toughness_spent: u32,
    /// Wounds left after Toughness.
    pub wounds_taken: u32,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

/// A D6 against a target with a modifier: a natural 1 fails and a natural 6
/// succeeds ("Naturals apply to hit and block rolls alike").
fn d6_succeeds(face: u32, modifier: i32, target: i32) -> bool {
    match natural(face, 6) {
        Some(Natural::One) => false,
        Some(Natural::Max) => true,
        None => face as i32 + modifier >= target,
    }
}

impl Attack {
    /// +1 per extra enemy (at most +2), -1 at long range, clamped to ±2.
    pub fn hit_modifier(&self) -> i32 {
        let crowd = self.extra_enemies.min(EXTRA_ENEMY_LIMIT) as i32;
        (crowd - i32::from(self.long_range)).clamp(-MODIFIER_LIMIT, MODIFIER_LIMIT)
    }

    /// "Cover gives +1 Defence against shooting."
    pub fn block_modifier(&self) -> i32 {
        i32::from(self.cover && self.shooting)
    }

    /// The block roll's target: Defence plus AP.
    pub fn block_target(&self) -> i32 {
        (self.defence + self.ap) as i32
    }

    /// Where the hit modifier comes from, as the working says it: "(+2
    /// more enemies, -1 long range)".
    fn hit_why(&self) -> String {
        let crowd = self.extra_enemies.min(EXTRA_ENEMY_LIMIT);
        let mut parts = Vec::new();
        if crowd > 0 {
            parts.push(format!(
                "+{crowd} more {}",
                if crowd == 1 { "enemy" } else { "enemies" }
            ));
        }
        if self.long_range {
            parts.push("-1 long range".to_owned());
        }
        format!("({})", parts.join(", "))
    }

    /// The block target as the working says it: "Defence 5 + AP 1 =" before
    /// its value, or plain "Defence" without AP.
    fn block_target_name(&self) -> String {
        if self.ap == 0 {
            "Defence".to_owned()
        } else {
            format!("Defence {} + AP {} =", self.defence, self.ap)
        }
    }
}

/// A batch of D6s against one target.
struct D6Check<'a> {
    what: &'a str,
    modifier: i32,
    why: String,
    target_name: String,
    target: i32,
    outcomes: [&'a str; 2],
}

impl D6Check<'_> {
    /// Rolls `count` D6s: the faces, how many succeed, and the records.
    fn roll(
        &self,
        count: u32,
        dice: &mut Dice,
    ) -> Result<(Vec<u32>, u32, Vec<RollRecord>), RuleError> {
        let faces = dice.roll_many(count, 6)?;
        let mut successes = 0;
        let [on_success, on_failure] = self.outcomes;
        let records = faces
            .iter()
            .map(|&face| {
                let success = d6_succeeds(face, self.modifier, self.target);
                successes += u32::from(success);
                RollRecord::single(self.what, 6, face)
                    .modifier(self.modifier, self.why.as_str())
                    .target(self.target_name.as_str(), self.target)
                    .outcome(if success { on_success } else { on_failure })
            })
            .collect();
        Ok((faces, successes, records))
    }
}

/// Resolves an attack. Dice: one D6 per attack, then one D6 per hit.
pub fn attack(request: &Attack, dice: &mut Dice) -> Result<AttackResult, RuleError> {
    let to_hit = D6Check {
        what: "to hit",
        modifier: request.hit_modifier(),
        why: request.hit_why(),
        target_name: "Quality".to_owned(),
        target: request.quality as i32,
        outcomes: ["hit", "miss"],
    };
    let (hit_rolls, hits, mut records) = to_hit.roll(request.attacks, dice)?;
    let block = D6Check {
        what: "block",
        modifier: request.block_modifier(),
        why: "cover".to_owned(),
        target_name: request.block_target_name(),
        target: request.block_target(),
        outcomes: ["blocked", "wound"],
    };
    let (block_rolls, blocked, block_records) = block.roll(hits, dice)?;
    records.extend(block_records);
    let wounds = hits - blocked;
    let toughness_spent = request.toughness.min(wounds);
    Ok(AttackResult {
        hit_rolls,
        hits,
        block_rolls,
        blocked,
        wounds,
        toughness_spent,
        wounds_taken: wounds - toughness_spent,
        records,
    })
}

/// "Leaving base contact lets each enemy touching you make one free attack
/// with 1 die": the attack the leaving model suffers.
pub fn leaving_contact(enemies_touching: u32, quality: u32, defence: u32) -> Attack {
    Attack {
        attacks: enemies_touching,
        quality,
        defence,
        ap: 0,
        shooting: false,
        cover: false,
        long_range: false,
        extra_enemies: 0,
        toughness: 0,
    }
}

/// "Everyone rolls a D10 for priority": each name with its D10, highest
/// first; ties keep the order given.
pub fn priority(names: &[String], dice: &mut Dice) -> Result<Vec<(String, u32)>, RuleError> {
    let mut order = names
        .iter()
        .map(|name| Ok((name.clone(), dice.roll(10)?)))
        .collect::<Result<Vec<_>, RuleError>>()?;
    order.sort_by_key(|(_, roll)| std::cmp::Reverse(*roll));
    Ok(order)
}

named_enum! {
    /// "Without a GM, roll a D6 per enemy".
    pub enum Behaviour("behaviour") {
        /// 1-2: take cover or hold.
        CoverOrHold => "cover-or-hold",
        /// 3-5: advance and shoot, or charge if in range.
        AdvanceAndShoot => "advance-and-shoot",
        /// 6: charge the nearest hero.
        ChargeNearest => "charge-nearest",
    }
}

impl Behaviour {
    /// The behaviour for a D6 face.
    pub fn from_d6(face: u32) -> Self {
        match face {
            0..=2 => Self::CoverOrHold,
            3..=5 => Self::AdvanceAndShoot,
            _ => Self::ChargeNearest,
        }
    }
}

/// Rolls a D6 per enemy for its behaviour.
pub fn behaviour(enemies: u32, dice: &mut Dice) -> Result<Vec<(u32, Behaviour)>, RuleError> {
    Ok(dice
        .roll_many(enemies, 6)?
        .into_iter()
        .map(|face| (face, Behaviour::from_d6(face)))
        .collect())
}

/// An elite is worth this many minions ("3 minions and an elite" is as
/// good a fight as "6 minions").
pub const ELITE_WORTH: u32 = 3;

/// The size of a good fight for a party.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FightSize {
    /// Minion-equivalents: 6 for 3-4 heroes, scaled linearly.
    pub minions: u32,
    /// The same fight with elites: this many elites...
    pub elites: u32,
    /// ...and this many minions.
    pub minions_with_elites: u32,
    /// A boss joins for the finale.
    pub boss: bool,
}

/// "A good fight for 3–4 heroes is about 6 minions, or 3 minions and an
/// elite, plus a boss for the finale", scaled linearly: below 3 heroes by
/// 6/3 a hero, above 4 by 6/4 a hero, rounding halves up.
pub fn fight_size(heroes: u32, finale: bool) -> FightSize {
    let minions = match heroes {
        0..=2 => 2 * heroes,
        3 | 4 => 6,
        _ => (6 * heroes).div_ceil(4),
    };
    let elites = minions / (2 * ELITE_WORTH);
    FightSize {
        minions,
        elites,
        minions_with_elites: minions - ELITE_WORTH * elites,
        boss: finale,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attack_request(attacks: u32, quality: u32, defence: u32) -> Attack {
        Attack {
            shooting: true,
            ..leaving_contact(attacks, quality, defence)
        }
    }

    fn run(request: &Attack, faces: Vec<u32>) -> AttackResult {
        attack(request, &mut Dice::scripted(faces)).unwrap()
    }

    /// The working names where each number comes from: the crowd and long
    /// range on the hit, Defence and AP on the block.
    #[test]
    fn the_working_says_where_the_numbers_come_from() {
        let request = Attack {
            ap: 1,
            extra_enemies: 2,
            long_range: true,
            ..attack_request(1, 4, 5)
        };
        let r = run(&request, vec![3, 4]);
        let said: Vec<String> = r.records.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "to hit: d6 = 3, +1 (+2 more enemies, -1 long range) = 4 vs Quality 4: hit",
                "block: d6 = 4 vs Defence 5 + AP 1 = 6: wound",
            ]
        );
    }

    /// "Roll one D6 per attack against Quality. The defender rolls one D6 per
    /// hit against Defence ... Each unblocked hit is 1 wound."
    #[test]
    fn hits_blocks_and_wounds() {
        let r = run(&attack_request(3, 4, 5), vec![4, 2, 6, 5, 1]);
        assert_eq!(
            (
                r.hits,
                r.block_rolls.clone(),
                r.blocked,
                r.wounds,
                r.wounds_taken
            ),
            (2, vec![5, 1], 1, 1, 1)
        );
    }

    /// "adding the weapon's AP to their target"; "Toughness cancels wounds
    /// one for one."
    #[test]
    fn ap_and_toughness() {
        let request = Attack {
            ap: 1,
            toughness: 1,
            ..attack_request(2, 4, 4)
        };
        let r = run(&request, vec![5, 5, 4, 5]);
        assert_eq!(
            (r.blocked, r.wounds, r.toughness_spent, r.wounds_taken),
            (1, 1, 1, 0)
        );
    }

    /// "Cover gives +1 Defence against shooting", not in a fight.
    #[test]
    fn cover_counts_against_shooting_only() {
        let shot = Attack {
            cover: true,
            ..attack_request(1, 4, 5)
        };
        assert_eq!(run(&shot, vec![4, 4]).blocked, 1);
        let fight = Attack {
            shooting: false,
            ..shot
        };
        assert_eq!(run(&fight, vec![4, 4]).blocked, 0);
    }

    /// "Long range (over half) is −1 to hit. Each extra enemy in a fight gives
    /// the attackers +1 to hit, to +2."
    #[test]
    fn hit_modifiers() {
        assert_eq!(
            Attack {
                long_range: true,
                ..attack_request(1, 4, 4)
            }
            .hit_modifier(),
            -1
        );
        assert_eq!(
            Attack {
                extra_enemies: 5,
                ..attack_request(1, 4, 4)
            }
            .hit_modifier(),
            2
        );
        assert_eq!(
            Attack {
                extra_enemies: 3,
                long_range: true,
                ..attack_request(1, 4, 4)
            }
            .hit_modifier(),
            1
        );
        let crowd = Attack {
            extra_enemies: 2,
            ..attack_request(1, 5, 4)
        };
        assert_eq!(run(&crowd, vec![3, 1]).hits, 1);
    }

    /// Naturals: a 1 always misses or fails to block; a 6 always hits or blocks.
    #[test]
    fn naturals_on_hit_and_block() {
        let crowd = Attack {
            extra_enemies: 2,
            ..attack_request(2, 2, 9)
        };
        let r = run(&crowd, vec![1, 6, 6]);
        assert_eq!((r.hits, r.blocked), (1, 1));
    }

    #[test]
    fn leaving_contact_is_one_die_per_enemy() {
        let free = leaving_contact(3, 4, 5);
        assert_eq!(
            (free.attacks, free.extra_enemies, free.long_range),
            (3, 0, false)
        );
    }

    #[test]
    fn priority_is_highest_first() {
        let names = vec!["Ash".to_string(), "Bo".to_string(), "GM".to_string()];
        let order = priority(&names, &mut Dice::scripted(vec![4, 9, 4])).unwrap();
        let names: Vec<&str> = order.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["Bo", "Ash", "GM"]);
    }

    /// "1–2 take cover or hold, 3–5 advance and shoot (or charge if in
    /// range), 6 charge the nearest hero."
    #[test]
    fn every_behaviour_row() {
        let rolled = behaviour(6, &mut Dice::scripted(vec![1, 2, 3, 4, 5, 6])).unwrap();
        let kinds: Vec<Behaviour> = rolled.iter().map(|(_, b)| *b).collect();
        use Behaviour::*;
        assert_eq!(
            kinds,
            [
                CoverOrHold,
                CoverOrHold,
                AdvanceAndShoot,
                AdvanceAndShoot,
                AdvanceAndShoot,
                ChargeNearest
            ]
        );
    }

    /// "A good fight for 3–4 heroes is about 6 minions, or 3 minions and an
    /// elite, plus a boss for the finale."
    #[test]
    fn fight_size_scales_linearly() {
        assert_eq!(
            fight_size(3, false),
            FightSize {
                minions: 6,
                elites: 1,
                minions_with_elites: 3,
                boss: false
            }
        );
        assert!(fight_size(4, true).boss);
        assert_eq!(fight_size(2, false).minions, 4);
        assert_eq!(
            fight_size(1, false),
            FightSize {
                minions: 2,
                elites: 0,
                minions_with_elites: 2,
                boss: false
            }
        );
        assert_eq!(fight_size(5, false).minions, 8);
        assert_eq!(
            fight_size(8, false),
            FightSize {
                minions: 12,
                elites: 2,
                minions_with_elites: 6,
                boss: false
            }
        );
    }
}
