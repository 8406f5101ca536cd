//! A fight of the Travellers' Companion as edits of its scene: enemies from
//! the tiers and the campaign's cults, their behaviour without a GM, the
//! activations (two actions, a third for 2 Toughness once a round, Shoot,
//! Fight and Cast once each, players and GM alternating), attacks with
//! Toughness cancelling wounds, free attacks for leaving base contact,
//! powers and their perils, harm from elsewhere, Rest, reviving the
//! downed, rerolls and wild dice given.
//!
//! Heroes' Wounds and Toughness change through the rules engine's `Hero`,
//! enemies' through the same type, so one set of rules judges both.

use super::{Booking, Result, SceneError};
use crate::model::scene::{Action, Activation, Combatant, Downed, Enemy, Tier};
use crate::model::step::{StepError, refused};
use crate::model::{Character, CharacterId, CultId, SceneId, Track};
use waybook_rules::companion::combat::{self, Attack, Behaviour};
use waybook_rules::companion::hero::{Hero, HeroError, Revive, ToughnessSpend};
use waybook_rules::companion::powers::{self, Cast};
use waybook_rules::dice::Dice;

/// What the GM asks for in a fight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FightStep {
    /// Enemies of a tier, `count` of them, from a cult or none.
    AddEnemies {
        name: String,
        tier: Tier,
        count: u32,
        cult: Option<CultId>,
        bright: bool,
        boss_rule: bool,
    },
    /// "Without a GM, roll a D6 per enemy".
    Behaviour,
    Activate {
        who: Combatant,
    },
    /// An action with no dice of its own: a move, a narrative action.
    Act {
        action: Action,
    },
    /// "Spend 2 for a third action once per round."
    ThirdAction,
    EndActivation,
    /// The activating hero leaves base contact with these enemies,
    /// spending at most `toughness` on the wounds of their free attacks.
    LeaveContact {
        enemies: Vec<usize>,
        toughness: u32,
    },
    Attack(AttackOrder),
    Cast {
        character: CharacterId,
        power: String,
        level: u32,
        /// A drill: cast on Dexterity, not Will.
        drill: bool,
        modifier: i32,
        wild_die: bool,
    },
    /// Wounds from elsewhere (a fall, fire), Toughness cancelling up to
    /// `cancel` of them.
    Harm {
        who: Combatant,
        wounds: u32,
        cancel: u32,
    },
    Rest {
        who: Combatant,
    },
    Revive {
        ally: CharacterId,
        downed: CharacterId,
        /// The ally's Will or Dexterity, by its place on the sheet.
        stat: usize,
        wild_die: bool,
    },
    /// "Spend 2 to reroll a failed narrative test."
    Reroll {
        character: CharacterId,
    },
    /// "You can give one to another hero".
    Give {
        from: CharacterId,
        to: CharacterId,
    },
}

/// One attack as the GM sets it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackOrder {
    pub attacker: Combatant,
    pub defender: Combatant,
    pub attacks: u32,
    pub ap: u32,
    pub shooting: bool,
    pub cover: bool,
    pub long_range: bool,
    pub extra_enemies: u32,
    /// Toughness the defender spends at most, cancelling wounds.
    pub toughness: u32,
    /// The attacking hero spends a wild die as an extra attack die.
    pub wild_die: bool,
}

impl FightStep {
    pub fn failure(&self) -> &'static str {
        match self {
            FightStep::AddEnemies { .. } => "No enemy was added",
            FightStep::Behaviour => "Enemy behaviour was not rolled",
            FightStep::Activate { .. } | FightStep::EndActivation => {
                "The activation did not change"
            }
            FightStep::Act { .. } | FightStep::ThirdAction | FightStep::LeaveContact { .. } => {
                "The action was not taken"
            }
            FightStep::Attack(_) => "The attack was not rolled",
            FightStep::Cast { .. } => "The power was not cast",
            FightStep::Harm { .. } => "No wounds were taken",
            FightStep::Rest { .. } => "The Rest action was not taken",
            FightStep::Revive { .. } => "The revive was not rolled",
            FightStep::Reroll { .. } => "No Toughness was spent",
            FightStep::Give { .. } => "No wild die was given",
        }
    }
}

/// Wounds, Toughness and wild dice as the engine's hero.
fn hero_from(wounds: Track, toughness: Track, wild_dice: i64) -> Hero {
    let count = |v: i64| u32::try_from(v).unwrap_or(0);
    Hero {
        wounds: count(wounds.current),
        max_wounds: count(wounds.max),
        toughness: count(toughness.current),
        max_toughness: count(toughness.max),
        wild_dice: count(wild_dice),
        third_action_taken: false,
    }
}

/// A character's Wounds, Toughness and wild dice as the engine's hero.
pub(super) fn hero_of(c: &Character) -> Hero {
    hero_from(
        c.companion.wounds,
        c.companion.toughness,
        c.companion.wild_dice,
    )
}

pub(super) fn store_hero(c: &mut Character, h: &Hero) {
    c.companion.wounds.current = i64::from(h.wounds);
    c.companion.toughness.current = i64::from(h.toughness);
    c.companion.wild_dice = i64::from(h.wild_dice);
}

impl Booking<'_> {
    fn enemy(&mut self, index: usize) -> Result<&mut Enemy> {
        self.scene
            .enemies
            .get_mut(index)
            .ok_or(SceneError::NoEnemy(index + 1))
    }

    /// The model's name.
    /// The model's name; a hero must be of the scene's party.
    fn name_of(&mut self, who: Combatant) -> Result<String> {
        Ok(match who {
            Combatant::Hero(id) => {
                let name = self.character(id)?.name.clone();
                if !super::cast(self.data, &self.scene).contains(&id) {
                    return Err(SceneError::NotInScene(name));
                }
                name
            }
            Combatant::Enemy(i) => self.enemy(i)?.name.clone(),
        })
    }

    /// The model whose activation is under way.
    fn activating(&self) -> Result<Combatant> {
        self.scene
            .activation
            .as_ref()
            .map(|a| a.who)
            .ok_or(SceneError::NoActivation)
    }

    /// Refuses a model that is down.
    fn standing(&mut self, who: Combatant) -> Result<String> {
        let name = self.name_of(who)?;
        if self.is_down(who)? {
            return Err(SceneError::Down(name));
        }
        Ok(name)
    }

    /// The model's Wounds and Toughness as the engine's hero.
    fn hero(&mut self, who: Combatant) -> Result<Hero> {
        Ok(match who {
            Combatant::Hero(id) => hero_of(self.character(id)?),
            Combatant::Enemy(i) => {
                let e = self.enemy(i)?;
                hero_from(e.wounds, e.toughness, 0)
            }
        })
    }

    /// Writes the model's Wounds and Toughness back; a hero at 0 Wounds
    /// goes down this round.
    fn set_hero(&mut self, who: Combatant, h: &Hero) -> Result<()> {
        match who {
            Combatant::Hero(id) => {
                store_hero(self.character(id)?, h);
                if h.is_down() && !self.scene.down.iter().any(|d| d.character == id) {
                    let name = self.name_of(who)?;
                    self.scene.down.push(Downed {
                        character: id,
                        round: self.scene.round,
                        still_down: false,
                    });
                    self.line(format!("{name} is down."));
                }
                if !h.is_down() {
                    self.scene.down.retain(|d| d.character != id);
                }
            }
            Combatant::Enemy(i) => {
                let e = self.enemy(i)?;
                let was_down = e.is_down();
                e.wounds.current = i64::from(h.wounds);
                e.toughness.current = i64::from(h.toughness);
                if h.is_down() && !was_down {
                    let name = e.name.clone();
                    self.line(format!("{name} is out of the fight."));
                }
            }
        }
        Ok(())
    }

    fn is_down(&mut self, who: Combatant) -> Result<bool> {
        Ok(self.hero(who)?.is_down())
    }

    /// "He uses Toughness only as armour": never a third action or Rest.
    fn armour_only(&mut self, who: Combatant) -> Result<()> {
        if let Combatant::Enemy(i) = who
            && self.enemy(i)?.boss_rule
        {
            let name = self.name_of(who)?;
            return Err(SceneError::ArmourOnly(name));
        }
        Ok(())
    }

    /// Counts an action against the activation under way. In a fight's
    /// round only the activating model acts; out of a round (exploration,
    /// between rounds) nothing is counted.
    fn act(&mut self, who: Combatant, action: Action) -> Result<()> {
        if !self.counts_actions() {
            return Ok(());
        }
        let name = self.name_of(who)?;
        let allowed = 2 + usize::from(self.scene.third_actions.contains(&who));
        let Some(activation) = self.scene.activation.as_mut().filter(|a| a.who == who) else {
            return Err(SceneError::NotActivating(name));
        };
        if action.once_per_activation() && activation.actions.contains(&action) {
            return Err(SceneError::Twice(name, action.label()));
        }
        if activation.actions.len() >= allowed {
            return Err(if allowed == 2 {
                SceneError::NoActionsLeft(name)
            } else {
                SceneError::NoThirdLeft(name)
            });
        }
        activation.actions.push(action);
        Ok(())
    }

    fn counts_actions(&self) -> bool {
        self.scene.mode == crate::model::SceneMode::Combat && self.scene.in_round
    }

    /// Who may activate: not yet this round, not down.
    fn may_activate(&mut self, who: Combatant) -> Result<bool> {
        Ok(!self.scene.activated.contains(&who) && !self.is_down(who)?)
    }

    pub(super) fn end_activation(&mut self) -> Result<()> {
        if let Some(a) = self.scene.activation.take() {
            let name = self.name_of(a.who)?;
            let actions: Vec<&str> = a.actions.iter().map(|a| a.label()).collect();
            self.line(format!(
                "{name}'s activation ends ({}).",
                if actions.is_empty() {
                    "no actions".to_owned()
                } else {
                    actions.join(", ")
                }
            ));
        }
        Ok(())
    }
}

/// The models of the scene: the party's heroes, then its enemies.
pub fn combatants(
    data: &crate::model::CampaignData,
    scene: &crate::model::Scene,
) -> Vec<Combatant> {
    super::cast(data, scene)
        .into_iter()
        .map(Combatant::Hero)
        .chain((0..scene.enemies.len()).map(Combatant::Enemy))
        .collect()
}

/// Plays one fight step on a scene.
pub(super) fn play(
    data: &crate::model::CampaignData,
    scene: SceneId,
    step: &FightStep,
    dice: &mut Dice,
) -> Result<crate::model::Edit> {
    let mut book = Booking::open(data, scene)?;
    let label = match step {
        FightStep::AddEnemies {
            name,
            tier,
            count,
            cult,
            bright,
            boss_rule,
        } => add_enemies(&mut book, name, *tier, *count, *cult, *bright, *boss_rule)?,
        FightStep::Behaviour => roll_behaviour(&mut book, dice)?,
        FightStep::Activate { who } => activate(&mut book, *who)?,
        FightStep::Act { action } => {
            let who = book.activating()?;
            book.act(who, *action)?;
            let name = book.name_of(who)?;
            book.line(format!("{name}: {}.", action.label()));
            format!("{name}: {}", action.label())
        }
        FightStep::ThirdAction => third_action(&mut book)?,
        FightStep::EndActivation => {
            if book.scene.activation.is_none() {
                return Err(SceneError::NoActivation);
            }
            book.end_activation()?;
            "End the activation".to_owned()
        }
        FightStep::LeaveContact { enemies, toughness } => {
            leave_contact(&mut book, enemies, *toughness, dice)?
        }
        FightStep::Attack(order) => attack(&mut book, order, dice)?,
        FightStep::Cast {
            character,
            power,
            level,
            drill,
            modifier,
            wild_die,
        } => cast(
            &mut book, *character, power, *level, *drill, *modifier, *wild_die, dice,
        )?,
        FightStep::Harm {
            who,
            wounds,
            cancel,
        } => harm(&mut book, *who, *wounds, *cancel)?,
        FightStep::Rest { who } => rest(&mut book, *who, dice)?,
        FightStep::Revive {
            ally,
            downed,
            stat,
            wild_die,
        } => revive(&mut book, *ally, *downed, *stat, *wild_die, dice)?,
        FightStep::Reroll { character } => reroll(&mut book, *character)?,
        FightStep::Give { from, to } => give(&mut book, *from, *to)?,
    };
    Ok(book.edit(label))
}

/// How each standing enemy behaves this round, on a D6 each.
fn roll_behaviour(book: &mut Booking, dice: &mut Dice) -> Result<String> {
    let standing: Vec<String> = (book.scene.enemies.iter())
        .filter(|e| !e.is_down())
        .map(|e| e.name.clone())
        .collect();
    if standing.is_empty() {
        return Err(SceneError::NoEnemies);
    }
    let rolled = combat::behaviour(standing.len() as u32, dice).map_err(StepError::rules)?;
    let read: Vec<String> = standing
        .iter()
        .zip(&rolled)
        .map(|(name, (face, b))| format!("{name} d6 = {face}: {}", behaviour(*b)))
        .collect();
    book.line(format!("Enemy behaviour: {}.", read.join("; ")));
    Ok("Roll enemy behaviour".to_owned())
}

/// A third action for 2 Toughness, for the hero activating.
fn third_action(book: &mut Booking) -> Result<String> {
    let who = book.activating()?;
    book.armour_only(who)?;
    let name = book.name_of(who)?;
    let mut hero = book.hero(who)?;
    hero.third_action_taken = book.scene.third_actions.contains(&who);
    hero.spend(ToughnessSpend::ThirdAction)
        .map_err(|e| SceneError::Hero(name.clone(), e))?;
    book.set_hero(who, &hero)?;
    book.scene.third_actions.push(who);
    book.line(format!(
        "{name} spends 2 Toughness for a third action: {} left.",
        hero.toughness
    ));
    Ok(format!("{name} buys a third action"))
}

/// Wounds taken by a hero, some cancelled with Toughness.
fn harm(book: &mut Booking, who: Combatant, wounds: u32, cancel: u32) -> Result<String> {
    let name = book.standing(who)?;
    let mut hero = book.hero(who)?;
    let before = hero.toughness;
    let taken = hero.take_wounds(wounds, cancel);
    book.set_hero(who, &hero)?;
    book.line(format!(
        "{name} takes {wounds} wound{}: {} cancelled with Toughness, {taken} taken, {} Wounds left.",
        plural(wounds),
        before - hero.toughness,
        hero.wounds
    ));
    Ok(format!("{name} takes wounds"))
}

/// The Rest action: a d3 of Toughness back.
fn rest(book: &mut Booking, who: Combatant, dice: &mut Dice) -> Result<String> {
    let name = book.standing(who)?;
    book.armour_only(who)?;
    book.act(who, Action::Rest)?;
    let mut hero = book.hero(who)?;
    let roll = hero.rest(dice)?;
    book.set_hero(who, &hero)?;
    book.line(format!(
        "{name} rests: d3 = {roll}, Toughness {} of {}.",
        hero.toughness, hero.max_toughness
    ));
    Ok(format!("{name} rests"))
}

/// 2 Toughness spent to reroll a failed narrative test.
fn reroll(book: &mut Booking, character: CharacterId) -> Result<String> {
    let who = Combatant::Hero(character);
    let name = book.name_of(who)?;
    let mut hero = book.hero(who)?;
    hero.spend(ToughnessSpend::Reroll)
        .map_err(|e| SceneError::Hero(name.clone(), e))?;
    book.set_hero(who, &hero)?;
    book.line(format!(
        "{name} spends 2 Toughness to reroll a failed narrative test: {} left.",
        hero.toughness
    ));
    Ok(format!("{name} spends Toughness on a reroll"))
}

/// "You can give one to another hero": a wild die passed on.
fn give(book: &mut Booking, from: CharacterId, to: CharacterId) -> Result<String> {
    if from == to {
        return Err(refused("a hero gives a wild die to another hero"));
    }
    let (giver, taker) = (Combatant::Hero(from), Combatant::Hero(to));
    let (from_name, to_name) = (book.name_of(giver)?, book.name_of(taker)?);
    let (mut a, mut b) = (book.hero(giver)?, book.hero(taker)?);
    a.give_wild_die(&mut b).map_err(|e| match e {
        HeroError::WildDiceFull => SceneError::WildDiceFull(to_name.clone()),
        HeroError::NoWildDice => SceneError::NoWildDie(from_name.clone()),
        e => SceneError::Hero(from_name.clone(), e),
    })?;
    book.set_hero(giver, &a)?;
    book.set_hero(taker, &b)?;
    book.line(format!(
        "{from_name} gives a wild die to {to_name} ({} held).",
        b.wild_dice
    ));
    Ok(format!("{from_name} gives {to_name} a wild die"))
}
fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn behaviour(b: Behaviour) -> &'static str {
    match b {
        Behaviour::CoverOrHold => "takes cover or holds",
        Behaviour::AdvanceAndShoot => "advances and shoots (or charges if in range)",
        Behaviour::ChargeNearest => "charges the nearest hero",
    }
}

#[allow(clippy::too_many_arguments)]
fn add_enemies(
    book: &mut Booking,
    name: &str,
    tier: Tier,
    count: u32,
    cult: Option<CultId>,
    bright: bool,
    boss_rule: bool,
) -> Result<String> {
    let range = crate::model::limits::ENEMIES_ADDED;
    if !range.contains(&i64::from(count)) {
        return Err(refused(format!(
            "add {} to {} enemies at a time, not {count}",
            range.start(),
            range.end()
        )));
    }
    let cult_record = match cult {
        Some(id) => Some(book.data.cults.get(&id).ok_or(SceneError::NoCult)?),
        None => None,
    };
    let base = if name.trim().is_empty() {
        cult_record.map_or_else(
            || tier.label().to_owned(),
            |c| format!("{} {}", c.side_name(bright), tier.label().to_lowercase()),
        )
    } else {
        name.trim().to_owned()
    };
    let stats = book.data.settings.house_rules.tiers.of(tier);
    for n in 1..=count {
        let name = if count == 1 {
            base.clone()
        } else {
            format!("{base} {n}")
        };
        book.scene.enemies.push(Enemy {
            name,
            tier,
            quality: stats.quality,
            defence: stats.defence,
            wounds: Track::full(stats.wounds),
            toughness: Track::full(stats.toughness),
            cult,
            bright,
            boss_rule,
        });
    }
    let joining = if count == 1 {
        format!("{base} joins")
    } else {
        format!("{count} × {base} join")
    };
    let mut line = format!(
        "{joining} the fight ({}: Quality {}+, Defence {}+, {} Wounds, {} Toughness)",
        tier.label().to_lowercase(),
        stats.quality,
        stats.defence,
        stats.wounds,
        stats.toughness
    );
    if let Some(c) = cult_record {
        let side = c.side(bright);
        if !side.rule.is_empty() {
            line.push_str(&format!("; cult rule: {}", side.rule));
        }
        if tier.carries_trait() && !side.trait_.is_empty() {
            line.push_str(&format!("; trait: {}", side.trait_));
        }
    }
    if boss_rule {
        line.push_str("; a D10 at the start of each round, Toughness only as armour");
    }
    book.line(format!("{line}."));
    Ok(format!("Add {base}"))
}

/// "Players and GM alternate activating one model at a time."
fn activate(book: &mut Booking, who: Combatant) -> Result<String> {
    if book.scene.mode != crate::model::SceneMode::Combat {
        return Err(refused(
            "models activate in combat mode; exploration has no strict turn order",
        ));
    }
    if !book.scene.in_round {
        return Err(SceneError::NoRound("round"));
    }
    let name = book.name_of(who)?;
    if book.scene.activated.contains(&who) {
        return Err(SceneError::Activated(name));
    }
    if book.is_down(who)? {
        return Err(SceneError::Down(name));
    }
    if let Some(last) = book.scene.activated.last().copied()
        && last.side() == who.side()
    {
        let others: Vec<Combatant> = combatants(book.data, &book.scene)
            .into_iter()
            .filter(|c| c.side() == who.side().other())
            .collect();
        let mut waiting = false;
        for c in others {
            waiting |= book.may_activate(c)?;
        }
        if waiting {
            return Err(SceneError::OtherSide(who.side().other()));
        }
    }
    book.end_activation()?;
    book.scene.activated.push(who);
    book.scene.activation = Some(Activation {
        who,
        actions: Vec::new(),
    });
    book.line(format!("{name} activates."));
    Ok(format!("{name} activates"))
}

/// "Leaving base contact lets each enemy touching you make one free attack
/// with 1 die."
fn leave_contact(
    book: &mut Booking,
    enemies: &[usize],
    toughness: u32,
    dice: &mut Dice,
) -> Result<String> {
    let who = book.activating()?;
    let Combatant::Hero(hero) = who else {
        return Err(refused(
            "free attacks for leaving contact are made on a hero",
        ));
    };
    if enemies.is_empty() {
        return Err(refused("tick the enemies touching the hero"));
    }
    book.act(who, Action::Move)?;
    let name = book.name_of(who)?;
    book.line(format!("{name} leaves base contact."));
    let defence = u32::try_from(book.character(hero)?.companion.defence).unwrap_or(6);
    let mut budget = toughness;
    for &i in enemies {
        let quality = u32::try_from(book.enemy(i)?.quality).unwrap_or(6);
        if book.enemy(i)?.is_down() || book.is_down(who)? {
            continue;
        }
        let request = Attack {
            toughness: budget.min(book.hero(who)?.toughness),
            ..combat::leaving_contact(1, quality, defence)
        };
        let result = combat::attack(&request, dice).map_err(StepError::rules)?;
        budget -= result.toughness_spent;
        let attacker = book.name_of(Combatant::Enemy(i))?;
        wound(book, &attacker, who, &result, "free attack")?;
    }
    Ok(format!("{name} leaves base contact"))
}

/// Books an attack's wounds on the defender, with the working.
fn wound(
    book: &mut Booking,
    attacker: &str,
    defender: Combatant,
    result: &combat::AttackResult,
    what: &str,
) -> Result<()> {
    let name = book.name_of(defender)?;
    let mut hero = book.hero(defender)?;
    let cancelled = result.toughness_spent;
    hero.take_wounds(result.wounds, cancelled);
    let working: Vec<String> = result.records.iter().map(ToString::to_string).collect();
    book.line(format!(
        "{attacker}'s {what} on {name}: {}. {} hit{}, {} blocked, {} wound{}{}; {name} has {} Wounds, {} Toughness.",
        working.join("; "),
        result.hits,
        plural(result.hits),
        result.blocked,
        result.wounds,
        plural(result.wounds),
        if cancelled > 0 {
            format!(", {cancelled} cancelled with Toughness")
        } else {
            String::new()
        },
        hero.wounds,
        hero.toughness
    ));
    book.set_hero(defender, &hero)
}

fn stats_of(book: &mut Booking, who: Combatant) -> Result<(u32, u32)> {
    let target = |v: i64| u32::try_from(v).unwrap_or(6);
    Ok(match who {
        Combatant::Hero(id) => {
            let c = book.character(id)?;
            (target(c.companion.quality), target(c.companion.defence))
        }
        Combatant::Enemy(i) => {
            let e = book.enemy(i)?;
            (target(e.quality), target(e.defence))
        }
    })
}

fn attack(book: &mut Booking, order: &AttackOrder, dice: &mut Dice) -> Result<String> {
    if order.attacker.side() == order.defender.side() {
        return Err(refused("an attack is made on a model of the other side"));
    }
    let attacker = book.name_of(order.attacker)?;
    if book.is_down(order.attacker)? {
        return Err(SceneError::Down(attacker));
    }
    let defender = book.name_of(order.defender)?;
    if book.is_down(order.defender)? {
        return Err(SceneError::Down(defender));
    }
    let range = crate::model::limits::ATTACK_DICE;
    if !range.contains(&i64::from(order.attacks)) {
        return Err(refused(format!(
            "an attack rolls {} to {} dice, not {}",
            range.start(),
            range.end(),
            order.attacks
        )));
    }
    let range = crate::model::limits::AP;
    if !range.contains(&i64::from(order.ap)) {
        return Err(refused(format!(
            "a weapon's AP is {} to {}, not {}",
            range.start(),
            range.end(),
            order.ap
        )));
    }
    let action = if order.shooting {
        Action::Shoot
    } else {
        Action::Fight
    };
    book.act(order.attacker, action)?;
    let mut attacks = order.attacks;
    if order.wild_die {
        let Combatant::Hero(id) = order.attacker else {
            return Err(refused("only heroes hold wild dice"));
        };
        let c = book.character(id)?;
        super::spend_wild_die(c)?;
        attacks += 1;
    }
    let (quality, _) = stats_of(book, order.attacker)?;
    let (_, defence) = stats_of(book, order.defender)?;
    let toughness = order.toughness.min(book.hero(order.defender)?.toughness);
    let request = Attack {
        attacks,
        quality,
        defence,
        ap: order.ap,
        shooting: order.shooting,
        cover: order.cover,
        long_range: order.long_range,
        extra_enemies: order.extra_enemies,
        toughness,
    };
    let result = combat::attack(&request, dice).map_err(StepError::rules)?;
    let what = if order.shooting { "shot" } else { "attack" };
    wound(book, &attacker, order.defender, &result, what)?;
    Ok(format!("{attacker} attacks {defender}"))
}

/// The character's stat named `name` ("Will", "Dexterity"), as a target.
fn named_stat(c: &Character, name: &str) -> Option<u32> {
    c.companion
        .stats
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .map(|s| u32::try_from(s.value).unwrap_or(10))
}

#[allow(clippy::too_many_arguments)]
fn cast(
    book: &mut Booking,
    character: CharacterId,
    power: &str,
    level: u32,
    drill: bool,
    modifier: i32,
    wild_die: bool,
    dice: &mut Dice,
) -> Result<String> {
    let who = Combatant::Hero(character);
    let name = book.name_of(who)?;
    if book.is_down(who)? {
        return Err(SceneError::Down(name));
    }
    let stat_name = if drill { "Dexterity" } else { "Will" };
    let c = book.character(character)?;
    let stat = named_stat(c, stat_name)
        .ok_or_else(|| StepError::rules(format!("{name} has no {stat_name} stat")))?;
    if wild_die {
        super::spend_wild_die(c)?;
    }
    book.act(who, Action::Cast)?;
    let threat = u32::try_from(book.scene.threat).unwrap_or(0);
    let request = Cast {
        stat,
        level,
        modifiers: waybook_rules::companion::as_modifiers(modifier),
        wild_die,
        threat,
    };
    let result = powers::cast(&request, dice).map_err(StepError::rules)?;
    book.scene.threat = i64::from(result.threat);
    let outcome = if result.peril {
        format!(
            "a natural 1: it fails, Threat +1 ({threat} → {}), and the peril applies",
            result.threat
        )
    } else if result.success {
        "it works".to_owned()
    } else {
        "it fails".to_owned()
    };
    book.line(format!(
        "{name} casts {power} (level {level}, {stat_name} {stat}+ → {}+): {}; {outcome}.",
        result.target, result.record
    ));
    Ok(format!("{name} casts {power}"))
}

/// The stats a revive is tested on.
pub const REVIVE_STATS: [&str; 2] = ["Will", "Dexterity"];

/// The stat a hero revives on: the better (lower target) of Will and
/// Dexterity, by its place on the sheet.
pub fn revive_stat(c: &Character) -> Option<usize> {
    c.companion
        .stats
        .iter()
        .enumerate()
        .filter(|(_, s)| REVIVE_STATS.iter().any(|r| s.name.eq_ignore_ascii_case(r)))
        .min_by_key(|(_, s)| s.value)
        .map(|(i, _)| i)
}

/// The heroes a fight is sized by ("for 3-4 heroes"): the scene's heroes
/// and the Traveller, who fights beside them; allies and NPCs do not count.
pub fn heroes_counted(data: &crate::model::CampaignData, scene: &crate::model::Scene) -> u32 {
    let counted = super::cast(data, scene)
        .iter()
        .filter_map(|id| data.characters.get(id))
        .filter(|c| {
            matches!(
                c.kind,
                crate::model::CharacterKind::Hero | crate::model::CharacterKind::Traveller
            )
        })
        .count();
    u32::try_from(counted).unwrap_or(u32::MAX)
}

/// How many enemies of `tier` a good fight adds next, by "about 6
/// minions, or 3 minions and an elite, plus a boss for the finale" scaled
/// to the heroes: the elites it wants, the minions beside them once an
/// elite is in (all of them with none), one boss; less those already in
/// the fight; at least one.
pub fn suggested_count(
    data: &crate::model::CampaignData,
    scene: &crate::model::Scene,
    tier: crate::model::scene::Tier,
) -> u32 {
    use crate::model::scene::Tier;
    let size = waybook_rules::companion::combat::fight_size(heroes_counted(data, scene), false);
    let already = |t: Tier| scene.enemies.iter().filter(|e| e.tier == t).count() as u32;
    let wanted = match tier {
        Tier::Minion if already(Tier::Elite) > 0 => size.minions_with_elites,
        Tier::Minion => size.minions,
        Tier::Elite => size.elites.max(1),
        Tier::Boss => 1,
    };
    wanted.saturating_sub(already(tier)).max(1)
}

/// "An ally in contact can revive them with a Narrative action (Will or
/// Dexterity): success stands them with 1 Wound."
fn revive(
    book: &mut Booking,
    ally: CharacterId,
    downed: CharacterId,
    stat: usize,
    wild_die: bool,
    dice: &mut Dice,
) -> Result<String> {
    let helper = Combatant::Hero(ally);
    let name = book.name_of(helper)?;
    let down_name = book.name_of(Combatant::Hero(downed))?;
    if !book.is_down(Combatant::Hero(downed))? {
        return Err(refused(format!("{down_name} is not down")));
    }
    if book.is_down(helper)? {
        return Err(SceneError::Down(name));
    }
    let c = book.character(ally)?;
    let s = c
        .companion
        .stats
        .get(stat)
        .cloned()
        .ok_or_else(|| SceneError::NoStat(name.clone(), stat + 1))?;
    if !REVIVE_STATS.iter().any(|r| s.name.eq_ignore_ascii_case(r)) {
        return Err(SceneError::ReviveStat(s.name));
    }
    if wild_die {
        super::spend_wild_die(c)?;
    }
    book.act(helper, Action::Narrative)?;
    let mut hero = book.hero(Combatant::Hero(downed))?;
    let result = hero
        .revive(
            &Revive {
                stat: u32::try_from(s.value).unwrap_or(10),
                modifiers: Vec::new(),
                wild_die,
            },
            dice,
        )
        .map_err(StepError::rules)?;
    book.set_hero(Combatant::Hero(downed), &hero)?;
    book.line(format!(
        "{name} tries to revive {down_name} on {} {}+: {}; {}.",
        s.name,
        s.value,
        result.roll.record,
        if result.wounds > 0 {
            format!("{down_name} stands with 1 Wound")
        } else {
            format!("{down_name} stays down")
        }
    ));
    Ok(format!("{name} tries to revive {down_name}"))
}
