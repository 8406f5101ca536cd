//! The step checks hold at the table's edges (issue 22): from many random
//! awkward states of the demo (few or no Supplies, a party partway along a
//! path, gatherers without their tools, heroes down, nothing owed), every
//! step a domain module's check admits plays without error, and every
//! state leaves the GM at least one way through the current phase. Each
//! case walks a travel round, a gathering session, a fight and a level-up
//! forward, step by step, always through a step the check admitted.

mod common;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::OnceLock;
use strum::IntoEnumIterator;
use waybook::model::*;
use waybook::rules::dice::Dice;
use waybook::rules::rounds::camp::Action;

/// The demo, loaded once: each case starts from a copy.
fn demo() -> CampaignData {
    static DEMO: OnceLock<CampaignData> = OnceLock::new();
    DEMO.get_or_init(|| {
        let (dir, data) = common::demo();
        drop(dir);
        data
    })
    .clone()
}

fn apply(data: &mut CampaignData, edit: &Edit) {
    for change in &edit.changes {
        data.apply(change);
    }
}

/// Of the steps offered, those the check admits; each is played to show it
/// plays. Returns the admitted ones.
fn admitted<S: Clone + std::fmt::Debug, E: std::fmt::Display>(
    data: &CampaignData,
    offered: Vec<S>,
    check: impl Fn(&CampaignData, &S) -> Result<(), E>,
    play: impl Fn(&CampaignData, &S, &mut Dice) -> Result<Edit, E>,
    seed: u64,
) -> Result<Vec<(S, Edit)>, TestCaseError> {
    let mut ways = Vec::new();
    for step in offered {
        if check(data, &step).is_ok() {
            let played = play(data, &step, &mut Dice::seeded(seed));
            match played {
                Ok(edit) => ways.push((step, edit)),
                Err(e) => {
                    return Err(TestCaseError::fail(format!(
                        "{step:?} was admitted but refused in play: {e}"
                    )));
                }
            }
        }
    }
    Ok(ways)
}

/// Takes one of the ways through, at random.
fn take<S>(rng: &mut StdRng, data: &mut CampaignData, ways: &[(S, Edit)]) {
    let (_, edit) = &ways[rng.random_range(0..ways.len())];
    apply(data, edit);
}

fn travel_walk(seed: u64, supplies: i64, tokens: i64, explored: bool) -> Result<(), TestCaseError> {
    use waybook::travel::round::{self, EncounterChoice, HeroOrder, TravelStep};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = demo();
    let party = *data.parties.keys().next().expect("the demo party");
    let mut p = data.parties[&party].clone();
    p.supplies = supplies;
    p.travel.pathfinding_tokens = tokens;
    p.travel.explored = explored;
    data.apply(&Change::of(data.parties.get(&party), Some(&p)));
    for n in 0..16 {
        let p = data.parties[&party].clone();
        let step = data.round_in_play(party).map(|r| r.next);
        let offered: Vec<TravelStep> = match step {
            None | Some(RoundStep::Done) => {
                let at = p.travel.on_path.map(|on| on.path);
                let here = p
                    .travel
                    .place
                    .map(|place| data.paths_at(place).map(|x| x.id).collect::<Vec<_>>())
                    .unwrap_or_default();
                at.into_iter()
                    .chain(here)
                    .map(TravelStep::Navigate)
                    .collect()
            }
            Some(RoundStep::Setback) => vec![
                TravelStep::Setback { spend_token: true },
                TravelStep::Setback { spend_token: false },
            ],
            Some(RoundStep::Encounter) => vec![
                TravelStep::Encounter(EncounterChoice::Die),
                TravelStep::Encounter(EncounterChoice::Planned("wolves".into())),
                TravelStep::Encounter(EncounterChoice::Scouted { instead: false }),
                TravelStep::Encounter(EncounterChoice::Scouted { instead: true }),
            ],
            Some(RoundStep::Camping) => {
                let mut orders = vec![round::default_orders(&data, party)];
                // Orders the GM might set: anyone unfed, any action.
                for _ in 0..4 {
                    let mut o = orders[0].clone();
                    for h in &mut o.heroes {
                        h.fed = rng.random_bool(0.5);
                        h.action = Action::ALL[rng.random_range(0..Action::ALL.len())];
                        h.target = o_target(&orders[0].heroes, &mut rng);
                    }
                    o.unfed_allies.retain(|_| rng.random_bool(0.5));
                    orders.push(o);
                }
                orders.into_iter().map(TravelStep::Camp).collect()
            }
        };
        let ways = admitted(
            &data,
            offered,
            |d, s| round::check(d, party, s),
            |d, s, dice| round::play(d, party, s, dice),
            seed + n,
        )?;
        prop_assert!(
            !ways.is_empty(),
            "no way through the {step:?} phase with {} Supplies",
            p.supplies
        );
        take(&mut rng, &mut data, &ways);
        // The party cannot get stuck: default orders are always a way through a camp.
        if data.round_in_play(party).map(|r| r.next) == Some(RoundStep::Camping) {
            let orders = round::default_orders(&data, party);
            prop_assert_eq!(
                round::check(&data, party, &TravelStep::Camp(orders)),
                Ok(())
            );
        }
    }
    fn o_target(heroes: &[HeroOrder], rng: &mut StdRng) -> Option<CharacterId> {
        heroes
            .get(rng.random_range(0..heroes.len().max(1)))
            .map(|h| h.hero)
    }
    Ok(())
}

fn gathering_walk(seed: u64, drop_tools: bool, away: bool) -> Result<(), TestCaseError> {
    use waybook::gathering::{self, GatherStep};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = demo();
    if drop_tools {
        let tools: Vec<Holding> = data
            .holdings
            .values()
            .filter(|h| data.items[&h.item].tool_kind.is_some())
            .cloned()
            .collect();
        for t in tools {
            data.apply(&Change::of(Some(&t), None));
        }
    }
    if away {
        let party = *data.parties.keys().next().expect("a party");
        let mut p = data.parties[&party].clone();
        p.travel.place = data.places.keys().last().copied();
        data.apply(&Change::of(data.parties.get(&party), Some(&p)));
    }
    let site = *data.sites.keys().next().expect("a site");
    let people: Vec<CharacterId> = data.characters.keys().copied().collect();
    for n in 0..12 {
        let mut offered = vec![
            GatherStep::Gather { site, all: false },
            GatherStep::Finish { site },
        ];
        // Each step as the GM may send it: where the party is or said to
        // be there, with the tool or without.
        for &who in &people {
            for elsewhere in [false, true] {
                offered.push(GatherStep::Survey {
                    site,
                    material: 0,
                    character: who,
                    advantage: false,
                    elsewhere,
                });
                offered.push(GatherStep::Join {
                    site,
                    character: who,
                    source: 0,
                    into_stash: rng.random_bool(0.3),
                    without_tool: rng.random_bool(0.5),
                    elsewhere,
                });
            }
            offered.push(GatherStep::Leave {
                site,
                character: who,
            });
        }
        let ways = admitted(&data, offered, gathering::check, gathering::play, seed + n)?;
        // A survey or a gatherer admitted with the GM's word is always a way on.
        prop_assert!(!ways.is_empty(), "no way through the gathering at step {n}");
        take(&mut rng, &mut data, &ways);
    }
    Ok(())
}

fn fight_walk(seed: u64, downed: usize) -> Result<(), TestCaseError> {
    use waybook::model::scene::Tier;
    use waybook::scene::{self, AttackOrder, FightStep, SceneStep};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = demo();
    let party = data.parties.keys().next().copied();
    let start = SceneStep::Start {
        name: "Edge".into(),
        party,
        mode: SceneMode::Combat,
        threat: 3,
        new_scenario: true,
    };
    let edit = scene::play(&data, &start, &mut Dice::seeded(seed))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    apply(&mut data, &edit);
    let id = *data.scenes.keys().last().expect("the scene");
    let add = SceneStep::Fight {
        scene: id,
        step: FightStep::AddEnemies {
            name: "Raider".into(),
            tier: Tier::Elite,
            count: 2,
            cult: None,
            bright: false,
            boss_rule: rng.random_bool(0.5),
        },
    };
    let edit = scene::play(&data, &add, &mut Dice::seeded(seed))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    apply(&mut data, &edit);
    // Some heroes down before the fight goes on.
    let heroes = scene::cast(&data, &data.scenes[&id]);
    for hero in heroes.iter().take(downed) {
        let mut c = data.characters[hero].clone();
        c.companion.wounds.current = 0;
        data.apply(&Change::character(data.characters.get(hero), Some(&c)));
    }
    for n in 0..20 {
        let s = data.scenes[&id].clone();
        let who = scene::fight::combatants(&data, &s);
        let mut offered: Vec<SceneStep> =
            vec![SceneStep::Begin { scene: id }, SceneStep::End { scene: id }];
        let fight = |step| SceneStep::Fight { scene: id, step };
        for &c in &who {
            offered.push(fight(FightStep::Activate { who: c }));
            offered.push(fight(FightStep::Rest { who: c }));
        }
        offered.push(fight(FightStep::EndActivation));
        offered.push(fight(FightStep::ThirdAction));
        if let Some(a) = &s.activation {
            for &d in &who {
                offered.push(fight(FightStep::Attack(AttackOrder {
                    attacker: a.who,
                    defender: d,
                    attacks: rng.random_range(1..4),
                    ap: 0,
                    shooting: rng.random_bool(0.5),
                    cover: false,
                    long_range: false,
                    extra_enemies: 0,
                    toughness: rng.random_range(0..3),
                    wild_die: rng.random_bool(0.2),
                })));
            }
        }
        for &ally in &heroes {
            for &down in &heroes {
                let stat = waybook::scene::fight::revive_stat(&data.characters[&ally]).unwrap_or(0);
                offered.push(fight(FightStep::Revive {
                    ally,
                    downed: down,
                    stat,
                    wild_die: false,
                }));
            }
        }
        let ways = admitted(&data, offered, scene::check, scene::play, seed + n)?;
        prop_assert!(
            !ways.is_empty(),
            "no way through the fight at step {n}: {:?}",
            s.activation
        );
        take(&mut rng, &mut data, &ways);
    }
    // However it went, the scene can always be ended.
    prop_assert_eq!(
        scene::check(&data, &SceneStep::Finish { scene: id }),
        Ok(())
    );
    Ok(())
}

fn level_up_walk(seed: u64, xp: i64) -> Result<(), TestCaseError> {
    use waybook::heroes::{self, HeroStep};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = demo();
    let everyone: Vec<CharacterId> = data.characters.keys().copied().collect();
    for id in &everyone {
        let mut c = data.characters[id].clone();
        c.companion.xp = xp;
        data.apply(&Change::character(data.characters.get(id), Some(&c)));
    }
    for n in 0..8 {
        let mut offered = Vec::new();
        for &character in &everyone {
            for kind in AdvanceKind::iter() {
                for what in ["", "Will", "Dexterity", "Sure Step", "Iron Grip"] {
                    offered.push(HeroStep::Advance {
                        character,
                        kind,
                        what: what.to_owned(),
                    });
                }
            }
            offered.push(HeroStep::TakeBack {
                character,
                index: 0,
            });
        }
        let ways = admitted(&data, offered, heroes::check, heroes::play, seed + n)?;
        if !ways.is_empty() {
            take(&mut rng, &mut data, &ways);
        }
        // Nothing owed, nothing to take back: a mission is still a way on.
        let hero = *everyone
            .iter()
            .find(|id| data.characters[id].kind == CharacterKind::Hero)
            .expect("a hero");
        let mission = Mission {
            id: MissionId(0),
            name: "Onward".into(),
            party: None,
            at: data.settings.clock,
            awards: vec![heroes::award_for(hero, 1, &[], false)],
            lines: Vec::new(),
        };
        prop_assert_eq!(heroes::check(&data, &HeroStep::Award(mission)), Ok(()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::fuzz_config(24))]

    #[test]
    fn every_travel_phase_has_a_way_through(
        seed in any::<u64>(),
        supplies in prop_oneof![Just(0i64), 0..12i64],
        tokens in 0..3i64,
        explored in any::<bool>(),
    ) {
        travel_walk(seed, supplies, tokens, explored)?;
    }

    #[test]
    fn every_gathering_state_has_a_way_through(
        seed in any::<u64>(),
        drop_tools in any::<bool>(),
        away in any::<bool>(),
    ) {
        gathering_walk(seed, drop_tools, away)?;
    }

    #[test]
    fn every_fight_state_has_a_way_through(seed in any::<u64>(), downed in 0..6usize) {
        fight_walk(seed, downed)?;
    }

    #[test]
    fn every_level_up_state_has_a_way_through(seed in any::<u64>(), xp in prop_oneof![Just(0i64), 0..30i64]) {
        level_up_walk(seed, xp)?;
    }
}
