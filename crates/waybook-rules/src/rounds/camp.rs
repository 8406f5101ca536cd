//! The Camping Phase: Supplies, unfed characters, the ten actions, the
//! ambush die and First Strike, and the healing applied after the ambush.

use serde::{Deserialize, Serialize};

use super::OUTCOME_DIE;
use crate::RuleError;
use crate::dice::{Dice, RollRecord};

named_enum! {
    /// The four basic actions and the six role actions.
    pub enum Action("action") {
        /// All heroes regain half their maximum MP.
        Shelter => "shelter",
        /// All heroes regain half their maximum HP.
        Cook => "cook",
        /// +2 to the next pathfind; reveals nearby places.
        Explore => "explore",
        /// Full HP (or MP) when others Shelter and Cook; Mend's subject.
        Recover => "recover",
        /// Striker: the party regains 1d4 Supplies.
        Hunt => "hunt",
        /// Caster: the next day's weather is known.
        Divine => "divine",
        /// Healer: a Recovering hero removes 1 injury.
        Mend => "mend",
        /// Defender: the ambush is known early and has no First Strike.
        Watch => "watch",
        /// Support: an extra battle item.
        Gather => "gather",
        /// Saboteur: the next encounter die is cast early.
        Scout => "scout",
    }
}

named_enum! {
    /// The six combat roles.
    pub enum Role("role") {
        /// Hunt.
        Striker => "striker",
        /// Divine.
        Caster => "caster",
        /// Mend.
        Healer => "healer",
        /// Watch.
        Defender => "defender",
        /// Gather.
        Support => "support",
        /// Scout.
        Saboteur => "saboteur",
    }
}

named_enum! {
    /// The three stats the role actions use.
    pub enum Stat("stat") {
        /// Hunt and Scout.
        Body => "body",
        /// Divine and Gather.
        Mind => "mind",
        /// Mend and Watch.
        Spirit => "spirit",
    }
}

impl Action {
    /// The role and stat of a role action; none for the basic actions.
    pub fn role(self) -> Option<(Role, Stat)> {
        match self {
            Self::Shelter | Self::Cook | Self::Explore | Self::Recover => None,
            Self::Hunt => Some((Role::Striker, Stat::Body)),
            Self::Divine => Some((Role::Caster, Stat::Mind)),
            Self::Mend => Some((Role::Healer, Stat::Spirit)),
            Self::Watch => Some((Role::Defender, Stat::Spirit)),
            Self::Gather => Some((Role::Support, Stat::Mind)),
            Self::Scout => Some((Role::Saboteur, Stat::Body)),
        }
    }
}

/// A hero's rank in each role (0: role not unlocked).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Ranks {
    /// Striker rank.
    #[serde(default)]
    pub striker: u32,
    /// Caster rank.
    #[serde(default)]
    pub caster: u32,
    /// Healer rank.
    #[serde(default)]
    pub healer: u32,
    /// Defender rank.
    #[serde(default)]
    pub defender: u32,
    /// Support rank.
    #[serde(default)]
    pub support: u32,
    /// Saboteur rank.
    #[serde(default)]
    pub saboteur: u32,
}

impl Ranks {
    /// The rank in `role`.
    pub fn rank(&self, role: Role) -> u32 {
        match role {
            Role::Striker => self.striker,
            Role::Caster => self.caster,
            Role::Healer => self.healer,
            Role::Defender => self.defender,
            Role::Support => self.support,
            Role::Saboteur => self.saboteur,
        }
    }
}

fn yes() -> bool {
    true
}

/// One hero at camp.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampHero {
    /// The hero's name (Mend targets it).
    pub name: String,
    /// Current HP.
    pub hp: u32,
    /// Maximum HP.
    pub max_hp: u32,
    /// Current MP.
    pub mp: u32,
    /// Maximum MP.
    pub max_mp: u32,
    /// Injuries.
    pub injuries: u32,
    /// Whether Supplies were distributed to the hero.
    #[serde(default = "yes")]
    pub fed: bool,
    /// The hero's camping action.
    pub action: Action,
    /// Body.
    pub body: u32,
    /// Mind.
    pub mind: u32,
    /// Spirit.
    pub spirit: u32,
    /// Role ranks.
    #[serde(default)]
    pub ranks: Ranks,
    /// The hero a Mend is for.
    #[serde(default)]
    pub target: Option<String>,
}

impl CampHero {
    fn stat(&self, stat: Stat) -> u32 {
        match stat {
            Stat::Body => self.body,
            Stat::Mind => self.mind,
            Stat::Spirit => self.spirit,
        }
    }
}

/// A Camping Phase request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Camp {
    /// The party's Supplies before camping.
    pub supplies: u32,
    /// Allies travelling with the party.
    pub allies: u32,
    /// How many of the allies are given Supplies; all of them unless said.
    /// "They may choose which characters to distribute Supplies to",
    /// allies included.
    #[serde(default)]
    pub allies_fed: Option<u32>,
    /// The path's current danger rating.
    pub danger: u32,
    /// Fellow Travelers were met today: no Supplies needed.
    #[serde(default)]
    pub fellow_travelers: bool,
    /// The heroes, in the order they act.
    pub heroes: Vec<CampHero>,
}

/// A hero after camping.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CampedHero {
    /// The hero's name.
    pub name: String,
    /// Whether a role action succeeded; none for the basic actions.
    pub success: Option<bool>,
    /// HP after healing.
    pub hp: u32,
    /// MP after healing.
    pub mp: u32,
    /// Injuries after camping.
    pub injuries: u32,
}

/// The outcome of the Camping Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CampResult {
    /// Supplies spent on fed heroes and allies.
    pub supplies_spent: u32,
    /// Allies who went unfed: each takes an injury and no healing. Not in
    /// the answer, which keeps to `CLI.md`'s fields: it is `allies` less
    /// `allies_fed`.
    #[serde(skip)]
    pub allies_unfed: u32,
    /// Supplies after spending and hunting.
    pub supplies: u32,
    /// Whether warriors ambush the camp.
    pub ambush: bool,
    /// Whether the ambushers get First Strike.
    pub first_strike: bool,
    /// Whether someone took Explore (+2 to the next pathfind).
    pub explored: bool,
    /// The heroes after camping.
    pub heroes: Vec<CampedHero>,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

impl Camp {
    /// A camp with no Supplies left (and no Fellow Travelers to share):
    /// "if the party has no Supplies" nobody is fed.
    pub fn out_of_supplies(&self) -> bool {
        self.supplies == 0 && !self.fellow_travelers
    }

    /// Whether a hero counts as fed: given Supplies (while there are any),
    /// or fed by Fellow Travelers.
    pub fn fed(&self, hero: &CampHero) -> bool {
        self.fellow_travelers || (hero.fed && !self.out_of_supplies())
    }

    /// The allies given Supplies: all of them unless the players chose
    /// fewer; none when the party is out of Supplies.
    pub fn allies_given_supplies(&self) -> u32 {
        if self.fellow_travelers {
            self.allies
        } else if self.out_of_supplies() {
            0
        } else {
            self.allies_fed.unwrap_or(self.allies)
        }
    }

    /// "an amount of Supplies equal to the number of characters in the party
    /// plus the number of allies", counting only those given Supplies; none
    /// with Fellow Travelers.
    pub fn supplies_needed(&self) -> u32 {
        if self.fellow_travelers {
            0
        } else {
            self.heroes.iter().filter(|h| self.fed(h)).count() as u32 + self.allies_given_supplies()
        }
    }

    fn taken(&self, action: Action) -> bool {
        self.heroes.iter().any(|h| h.action == action)
    }

    /// Checks the request against the camping rules.
    pub fn validate(&self) -> Result<(), RuleError> {
        if let Some(fed) = self.allies_fed
            && fed > self.allies
        {
            return Err(RuleError::new(
                "allies_fed",
                format!(
                    "{fed} allies cannot be fed: only {} travel with the party",
                    self.allies
                ),
            ));
        }
        let needed = self.supplies_needed();
        if needed > self.supplies {
            return Err(RuleError::new(
                "supplies",
                format!(
                    "feeding {} needs {needed} Supplies but the party has {}: choose who goes unfed",
                    if needed == 1 { "one" } else { "them all" },
                    self.supplies
                ),
            ));
        }
        for (i, hero) in self.heroes.iter().enumerate() {
            let at = |field: &str| format!("heroes[{i}].{field}");
            if self.heroes.iter().take(i).any(|h| h.name == hero.name) {
                return Err(RuleError::new(
                    at("name"),
                    format!("two heroes are named \"{}\"", hero.name),
                ));
            }
            if hero.hp > hero.max_hp {
                return Err(RuleError::new(
                    at("hp"),
                    format!("hp {} is above max_hp {}", hero.hp, hero.max_hp),
                ));
            }
            if hero.mp > hero.max_mp {
                return Err(RuleError::new(
                    at("mp"),
                    format!("mp {} is above max_mp {}", hero.mp, hero.max_mp),
                ));
            }
            if let Some(why) = refusal(hero.action, &hero.ranks, self.out_of_supplies()) {
                return Err(RuleError::new(
                    at("action"),
                    format!("{} cannot take {}: {why}", hero.name, title(hero.action)),
                ));
            }
            if hero.action == Action::Mend {
                let recovering = |name: &String| {
                    self.heroes
                        .iter()
                        .any(|h| &h.name == name && h.action == Action::Recover)
                };
                match &hero.target {
                    None => {
                        return Err(RuleError::new(
                            at("target"),
                            format!(
                                "{} has no one to mend: choose a hero taking Recover",
                                hero.name
                            ),
                        ));
                    }
                    Some(name) if !recovering(name) => {
                        return Err(RuleError::new(
                            at("target"),
                            format!(
                                "{} cannot mend \"{name}\": a Mend is for a hero taking Recover",
                                hero.name
                            ),
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(())
    }
}

/// Why a hero with these ranks cannot take `action` tonight, if they cannot:
/// a role action needs its role ("only heroes that have unlocked the
/// relevant role"), and Shelter and Cook need Supplies.
pub fn refusal(action: Action, ranks: &Ranks, out_of_supplies: bool) -> Option<String> {
    if let Some((role, _)) = action.role()
        && ranks.rank(role) == 0
    {
        return Some(format!("it needs a {} rank above 0", title(role)));
    }
    if matches!(action, Action::Shelter | Action::Cook) && out_of_supplies {
        return Some("the party is out of Supplies".to_owned());
    }
    None
}

/// A camp value as the GM reads it in a sentence: "Hunt", "Striker".
fn title(value: impl std::fmt::Display) -> String {
    crate::capitalised(&value.to_string())
}

/// "If the resulting number is below half their character's [stat] rounded
/// down plus half their [role] rank rounded down".
pub fn role_target(stat: u32, rank: u32) -> u32 {
    stat / 2 + rank / 2
}

/// Runs the Camping Phase. Dice: each role action's d10 in hero order (a
/// successful Hunt's d4 right after its d10), then the ambush d10.
pub fn camp(request: &Camp, dice: &mut Dice) -> Result<CampResult, RuleError> {
    request.validate()?;
    let supplies_spent = request.supplies_needed();
    let mut supplies = request.supplies - supplies_spent;
    let mut records = Vec::new();
    let mut successes = Vec::with_capacity(request.heroes.len());
    for hero in &request.heroes {
        let success = match hero.action.role() {
            None => None,
            Some((role, stat)) => {
                let target = role_target(hero.stat(stat), hero.ranks.rank(role));
                let roll = dice.roll(OUTCOME_DIE)?;
                let success = roll < target;
                records.push(
                    RollRecord::single(format!("{} {}", hero.name, hero.action), OUTCOME_DIE, roll)
                        .target("below", target as i32)
                        .outcome(if success { "success" } else { "failure" }),
                );
                if success && hero.action == Action::Hunt {
                    let gained = dice.roll(4)?;
                    supplies += gained;
                    records.push(RollRecord::single(
                        format!("{} hunt Supplies", hero.name),
                        4,
                        gained,
                    ));
                }
                Some(success)
            }
        };
        successes.push(success);
    }
    let ambush_roll = dice.roll(OUTCOME_DIE)?;
    let ambush = ambush_roll <= request.danger / 2;
    records.push(
        RollRecord::single("ambush", OUTCOME_DIE, ambush_roll)
            .target("at most", (request.danger / 2) as i32)
            .outcome(if ambush { "ambush" } else { "quiet night" }),
    );
    let mended: Vec<&str> = request
        .heroes
        .iter()
        .zip(&successes)
        .filter(|(h, success)| h.action == Action::Mend && **success == Some(true))
        .filter_map(|(h, _)| h.target.as_deref())
        .collect();
    let heroes = request
        .heroes
        .iter()
        .zip(successes)
        .map(|(hero, success)| heal(request, hero, success, &mended))
        .collect();
    Ok(CampResult {
        supplies_spent,
        allies_unfed: request.allies - request.allies_given_supplies(),
        supplies,
        ambush,
        first_strike: ambush && !request.taken(Action::Watch),
        explored: request.taken(Action::Explore),
        heroes,
        records,
    })
}

/// Healing after the ambush: Shelter, Cook and Recover for fed heroes, an
/// injury for unfed ones, and a successful Mend's injury removed.
fn heal(request: &Camp, hero: &CampHero, success: Option<bool>, mended: &[&str]) -> CampedHero {
    let fed = request.fed(hero);
    let (mut hp, mut mp) = (hero.hp, hero.mp);
    let mut injuries = hero.injuries + u32::from(!fed);
    if fed {
        if request.taken(Action::Shelter) {
            mp = (mp + hero.max_mp / 2).min(hero.max_mp);
        }
        if request.taken(Action::Cook) {
            hp = (hp + hero.max_hp / 2).min(hero.max_hp);
        }
        // Recover's hero takes neither Shelter nor Cook, so any hero taking
        // them is another hero.
        if hero.action == Action::Recover
            && request.taken(Action::Shelter)
            && request.taken(Action::Cook)
        {
            if hero.hp < hero.max_hp {
                hp = hero.max_hp;
            } else {
                mp = hero.max_mp;
            }
        }
    }
    let mends = mended.iter().filter(|name| **name == hero.name).count() as u32;
    injuries = injuries.saturating_sub(mends);
    CampedHero {
        name: hero.name.clone(),
        success,
        hp,
        mp,
        injuries,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hero(name: &str, action: Action) -> CampHero {
        CampHero {
            name: name.to_string(),
            hp: 3,
            max_hp: 10,
            mp: 1,
            max_mp: 6,
            injuries: 1,
            fed: true,
            action,
            body: 4,
            mind: 3,
            spirit: 5,
            ranks: Ranks::default(),
            target: None,
        }
    }

    fn with_rank(mut hero: CampHero, rank: u32) -> CampHero {
        if let Some((role, _)) = hero.action.role() {
            match role {
                Role::Striker => hero.ranks.striker = rank,
                Role::Caster => hero.ranks.caster = rank,
                Role::Healer => hero.ranks.healer = rank,
                Role::Defender => hero.ranks.defender = rank,
                Role::Support => hero.ranks.support = rank,
                Role::Saboteur => hero.ranks.saboteur = rank,
            }
        }
        hero
    }

    fn party(heroes: Vec<CampHero>) -> Camp {
        Camp {
            supplies: 6,
            allies: 1,
            allies_fed: None,
            danger: 2,
            fellow_travelers: false,
            heroes,
        }
    }

    fn run(camp_request: &Camp, faces: Vec<u32>) -> CampResult {
        camp(camp_request, &mut Dice::scripted(faces)).unwrap()
    }

    /// "Cook: all of the Heroes will regain half their current maximum HP."
    #[test]
    fn cook_heals_half_max_hp() {
        let r = run(&party(vec![hero("Ash", Action::Cook)]), vec![5]);
        assert_eq!((r.supplies_spent, r.supplies, r.ambush), (2, 4, false));
        assert_eq!(
            (r.heroes[0].hp, r.heroes[0].mp, r.heroes[0].success),
            (8, 1, None)
        );
    }

    /// "Shelter: all of the Heroes will regain half their current maximum MP,
    /// rounded down", capped at the maximum.
    #[test]
    fn shelter_restores_half_max_mp() {
        let mut full = hero("Bo", Action::Explore);
        full.mp = 5;
        let r = run(&party(vec![hero("Ash", Action::Shelter), full]), vec![9]);
        assert_eq!((r.heroes[0].mp, r.heroes[1].mp, r.heroes[0].hp), (4, 6, 3));
        assert!(r.explored);
    }

    /// "Characters that have not had Supplies distributed to them will not be
    /// able to heal ... and will also take an injury."
    #[test]
    fn unfed_heroes_take_an_injury_and_do_not_heal() {
        let mut hungry = hero("Bo", Action::Recover);
        hungry.fed = false;
        let r = run(
            &party(vec![
                hero("Ash", Action::Cook),
                hero("Cy", Action::Shelter),
                hungry,
            ]),
            vec![9],
        );
        assert_eq!(r.supplies_spent, 3);
        assert_eq!(
            (r.heroes[2].hp, r.heroes[2].mp, r.heroes[2].injuries),
            (3, 1, 2)
        );
    }

    /// Fellow Travelers: "they will not have to expend any Supplies".
    #[test]
    fn fellow_travelers_feed_everyone_for_free() {
        let mut hungry = hero("Bo", Action::Explore);
        hungry.fed = false;
        let request = Camp {
            supplies: 0,
            fellow_travelers: true,
            ..party(vec![hero("Ash", Action::Cook), hungry])
        };
        let r = run(&request, vec![9]);
        assert_eq!((r.supplies_spent, r.supplies), (0, 0));
        assert_eq!((r.heroes[1].hp, r.heroes[1].injuries), (8, 1));
    }

    /// Recover: full HP when others Shelter and Cook; full MP instead when
    /// already at full HP; nothing without both.
    #[test]
    fn recover_needs_shelter_and_cook() {
        let mut whole = hero("Di", Action::Recover);
        whole.hp = 10;
        let request = party(vec![
            hero("Ash", Action::Cook),
            hero("Bo", Action::Shelter),
            hero("Cy", Action::Recover),
            whole,
        ]);
        let r = run(
            &Camp {
                supplies: 9,
                ..request
            },
            vec![9],
        );
        assert_eq!((r.heroes[2].hp, r.heroes[2].mp), (10, 4));
        assert_eq!((r.heroes[3].hp, r.heroes[3].mp), (10, 6));
        let no_shelter = run(
            &party(vec![hero("Ash", Action::Cook), hero("Cy", Action::Recover)]),
            vec![9],
        );
        assert_eq!((no_shelter.heroes[1].hp, no_shelter.heroes[1].mp), (8, 1));
    }

    /// Every role action rolls "below half [stat] rounded down plus half
    /// [rank] rounded down".
    #[test]
    fn every_role_action_rolls_below_its_target() {
        // body 4, mind 3, spirit 5 with rank 3: targets 3, 2 and 3.
        for (action, target) in [
            (Action::Hunt, 3),
            (Action::Divine, 2),
            (Action::Mend, 3),
            (Action::Watch, 3),
            (Action::Gather, 2),
            (Action::Scout, 3),
        ] {
            let mut actor = with_rank(hero("Ash", action), 3);
            actor.target = Some("Bo".to_string());
            let request = party(vec![actor, hero("Bo", Action::Recover)]);
            let below = run(&request, vec![target - 1, 1, 9]);
            assert_eq!(below.heroes[0].success, Some(true), "{action}");
            let at = run(&request, vec![target, 9]);
            assert_eq!(at.heroes[0].success, Some(false), "{action}");
        }
    }

    /// Hunt: "the party regains 1d4 Supplies", rolled right after its d10.
    #[test]
    fn a_successful_hunt_adds_d4_supplies() {
        let request = party(vec![
            with_rank(hero("Ash", Action::Hunt), 2),
            with_rank(hero("Bo", Action::Hunt), 2),
        ]);
        let r = run(&request, vec![1, 4, 3, 9]);
        assert_eq!((r.supplies_spent, r.supplies), (3, 7));
        assert_eq!(r.heroes[1].success, Some(false));
        assert_eq!(r.records.len(), 4);
        let both = run(&request, vec![1, 4, 2, 1, 9]);
        assert_eq!(both.supplies, 8);
    }

    /// Mend: "the Recovering Hero can remove 1 injury"; it does nothing
    /// without injuries.
    #[test]
    fn mend_removes_an_injury_from_its_target() {
        let mut healer = with_rank(hero("Ash", Action::Mend), 2);
        healer.target = Some("Bo".to_string());
        let mut sound = hero("Bo", Action::Recover);
        sound.injuries = 0;
        let r = run(
            &party(vec![healer.clone(), hero("Bo", Action::Recover)]),
            vec![1, 9],
        );
        assert_eq!(r.heroes[1].injuries, 0);
        let r = run(&party(vec![healer, sound]), vec![1, 9]);
        assert_eq!(r.heroes[1].injuries, 0);
    }

    /// "equal to or below half their path's current danger rating rounded
    /// down"; "If no players have taken the Watch action ... First Strike."
    #[test]
    fn ambush_and_first_strike() {
        let request = Camp {
            danger: 5,
            ..party(vec![hero("Ash", Action::Explore)])
        };
        let r = run(&request, vec![2]);
        assert_eq!((r.ambush, r.first_strike), (true, true));
        assert!(!run(&request, vec![3]).ambush);
        let watched = Camp {
            danger: 5,
            ..party(vec![with_rank(hero("Ash", Action::Watch), 1)])
        };
        let r = run(&watched, vec![9, 1]);
        assert_eq!(
            (r.ambush, r.first_strike, r.heroes[0].success),
            (true, false, Some(false))
        );
    }

    /// "If they do not have enough or want to conserve resources, they may
    /// choose which characters to distribute Supplies to": allies too.
    #[test]
    fn unfed_allies_save_supplies_and_are_counted() {
        let request = Camp {
            supplies: 1,
            allies: 2,
            allies_fed: Some(0),
            ..party(vec![hero("Ash", Action::Explore)])
        };
        let r = run(&request, vec![9]);
        assert_eq!((r.supplies_spent, r.supplies, r.allies_unfed), (1, 0, 2));
        let one_ally = Camp {
            allies_fed: Some(1),
            ..request.clone()
        };
        assert_eq!(one_ally.validate().unwrap_err().path, "supplies");
        let too_many = Camp {
            allies_fed: Some(3),
            ..request
        };
        assert_eq!(too_many.validate().unwrap_err().path, "allies_fed");
    }

    /// "If the party is completely out of Supplies, they may not take the
    /// Shelter or Cook actions": the camp is still played, nobody fed.
    #[test]
    fn a_camp_with_no_supplies_feeds_nobody_and_is_played() {
        let request = Camp {
            supplies: 0,
            allies: 2,
            ..party(vec![
                hero("Ash", Action::Explore),
                hero("Bo", Action::Recover),
            ])
        };
        let r = run(&request, vec![9]);
        assert_eq!((r.supplies_spent, r.supplies, r.allies_unfed), (0, 0, 2));
        assert_eq!(
            (r.heroes[0].injuries, r.heroes[1].injuries, r.heroes[1].hp),
            (2, 2, 3),
            "each unfed hero takes an injury and does not heal"
        );
        assert!(r.explored);
    }

    #[test]
    fn bad_camps_name_the_field() {
        let short = Camp {
            supplies: 1,
            ..party(vec![hero("Ash", Action::Cook)])
        };
        assert_eq!(short.validate().unwrap_err().path, "supplies");
        assert_eq!(
            party(vec![hero("Ash", Action::Hunt)])
                .validate()
                .unwrap_err()
                .path,
            "heroes[0].action"
        );
        let mut hungry = hero("Ash", Action::Shelter);
        hungry.fed = false;
        let empty = Camp {
            supplies: 0,
            allies: 0,
            ..party(vec![hungry])
        };
        assert_eq!(empty.validate().unwrap_err().path, "heroes[0].action");
        let mut healer = with_rank(hero("Ash", Action::Mend), 1);
        healer.target = Some("Bo".to_string());
        let error = party(vec![healer, hero("Bo", Action::Cook)])
            .validate()
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "heroes[0].target: Ash cannot mend \"Bo\": a Mend is for a hero taking Recover"
        );
        let twins = party(vec![hero("Ash", Action::Cook), hero("Ash", Action::Cook)]);
        assert_eq!(twins.validate().unwrap_err().path, "heroes[1].name");
    }
}
