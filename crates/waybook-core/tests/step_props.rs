//! The step checks hold at the table's edges (issue 22): from many random
//! awkward states of the demo (few or no Supplies, a party partway along a
//! path, gatherers without their tools, heroes down, nothing owed), every
//! step a domain module's check admits plays without error, and every
//! state leaves the GM at least one way through the current phase. Each
//! case walks a travel round, a gathering session, a fight and a level-up
//! forward, step by step, always through a step the check admitted, with
//! purchases, forages, notes, session lengths and hazards offered as the GM
//! might press them.

use waybook_testkit as common;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::OnceLock;
use strum::IntoEnumIterator;
use waybook_core::model::gathering::SessionLimit;
use waybook_core::model::*;
use waybook_rules::dice::Dice;
use waybook_rules::rounds::camp::Action;

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

fn travel_walk(
    seed: u64,
    supplies: i64,
    tokens: i64,
    explored: bool,
    purse: i64,
) -> Result<(), TestCaseError> {
    use waybook_core::travel::round::{self, EncounterChoice, HeroOrder, TravelStep};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = demo();
    let party = *data.parties.keys().next().expect("the demo party");
    let mut p = data.parties[&party].clone();
    p.supplies = supplies;
    p.travel.pathfinding_tokens = tokens;
    p.travel.explored = explored;
    p.purse = purse;
    data.apply(&Change::of(data.parties.get(&party), Some(&p)));
    let wares: Vec<WareId> = data.wares.keys().copied().collect();
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
                let mut orders = vec![round::default_orders(&data, party, &[])];
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
        // Buying from a Merchant, whenever the GM might press it: one of
        // each ware, or more than the purse holds.
        let mut offered = offered;
        for &ware in &wares {
            offered.push(TravelStep::Buy(ware, 1));
            offered.push(TravelStep::Buy(ware, rng.random_range(2..40)));
        }
        offered.push(TravelStep::Pay {
            amount: rng.random_range(-2..80),
            what: "the ferry".into(),
        });
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
            let orders = round::default_orders(&data, party, &[]);
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

fn gathering_walk(
    seed: u64,
    drop_tools: bool,
    away: bool,
    tools_lost_at: usize,
) -> Result<(), TestCaseError> {
    use waybook_core::gathering::{self, GatherStep};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = demo();
    if drop_tools {
        drop_every_tool(&mut data);
    }
    if away {
        let party = *data.parties.keys().next().expect("a party");
        let mut p = data.parties[&party].clone();
        p.travel.place = data.places.keys().last().copied();
        data.apply(&Change::of(data.parties.get(&party), Some(&p)));
    }
    let site = *data.sites.keys().next().expect("a site");
    let people: Vec<CharacterId> = data.characters.keys().copied().collect();
    let items: Vec<ItemId> = data.items.keys().copied().collect();
    let tables: Vec<TableId> = data.tables.keys().copied().collect();
    for n in 0..12 {
        // Tools lost partway through the session, after some have joined.
        if n as usize == tools_lost_at {
            drop_every_tool(&mut data);
        }
        let mut offered = vec![
            GatherStep::Gather { site, all: false },
            GatherStep::Finish { site },
            GatherStep::Limit {
                site,
                limit: if rng.random_bool(0.5) {
                    SessionLimit::Hours(rng.random_range(0..300))
                } else {
                    SessionLimit::Units(rng.random_range(0..300))
                },
            },
            GatherStep::Note {
                site,
                table: tables.get(rng.random_range(0..tables.len() + 1)).copied(),
                text: if rng.random_bool(0.5) {
                    "a fox".into()
                } else {
                    String::new()
                },
            },
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
            offered.push(GatherStep::Forage {
                character: who,
                tg: rng.random_range(-5..50),
                found: items
                    .get(rng.random_range(0..items.len() + 1))
                    .map(|&item| (item, rng.random_range(-2..1_100))),
                note: String::new(),
            });
        }
        let ways = admitted(&data, offered, gathering::check, gathering::play, seed + n)?;
        // A survey or a gatherer admitted with the GM's word is always a way on.
        prop_assert!(!ways.is_empty(), "no way through the gathering at step {n}");
        take(&mut rng, &mut data, &ways);
    }
    Ok(())
}

/// Every tool of the campaign gone from every pack and stash.
fn drop_every_tool(data: &mut CampaignData) {
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

/// The exploration text's hazards, met by anyone with any numbers the GM
/// might type: every one the check admits plays, and a character can
/// always run out of breath (some hazard is always a way on).
fn hazards_walk(seed: u64) -> Result<(), TestCaseError> {
    use waybook_core::hazards::{self, Hazard, HazardStep};
    use waybook_core::model::hazard::FallCause;
    use waybook_rules::travel::ground::{LavaExposure, QuicksandEvent};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = demo();
    let people: Vec<CharacterId> = data.characters.keys().copied().collect();
    for n in 0..12 {
        let mut offered = Vec::new();
        for &who in &people {
            let c = &data.characters[&who];
            let mut kinds = vec![
                Hazard::Fall {
                    height_m: rng.random_range(0..200),
                    glide: rng.random_bool(0.3),
                    into_water: rng.random_bool(0.3),
                    cause: FallCause::iter()
                        .nth(rng.random_range(0..FallCause::iter().count()))
                        .expect("a cause"),
                },
                Hazard::ColdWater {
                    minutes: rng.random_range(0..40),
                    depth_m: rng.random_range(0..700),
                },
                Hazard::OutOfBreath,
                Hazard::RoughWater {
                    tg: rng.random_range(-5..40),
                },
                Hazard::Climb {
                    metres: rng.random_range(0..30),
                    difficult: rng.random_bool(0.5),
                    slippery_tg: rng.random_bool(0.5).then(|| rng.random_range(0..30)),
                },
                Hazard::Quicksand {
                    event: QuicksandEvent::iter()
                        .nth(rng.random_range(0..4))
                        .expect("an event"),
                    height_m: rng.random_range(0.2..3.0),
                    helper: people.get(rng.random_range(0..people.len() + 1)).copied(),
                },
                Hazard::Lava {
                    exposure: LavaExposure::iter()
                        .nth(rng.random_range(0..3))
                        .expect("an exposure"),
                },
                Hazard::Ice {
                    thin: rng.random_bool(0.5),
                },
                Hazard::Deep,
                Hazard::Surface,
            ];
            kinds.extend(
                c.exploration
                    .hazards
                    .conditions
                    .iter()
                    .map(|condition| Hazard::Clear {
                        condition: condition.clone(),
                    }),
            );
            offered.extend(kinds.into_iter().map(|hazard| HazardStep {
                character: who,
                hazard,
            }));
        }
        let ways = admitted(&data, offered, hazards::check, hazards::play, seed + n)?;
        prop_assert!(!ways.is_empty(), "no hazard can be met at step {n}");
        take(&mut rng, &mut data, &ways);
    }
    Ok(())
}

fn fight_walk(seed: u64, downed: usize) -> Result<(), TestCaseError> {
    use waybook_core::model::scene::Tier;
    use waybook_core::scene::{self, AttackOrder, FightStep, SceneStep};
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
                let stat =
                    waybook_core::scene::fight::revive_stat(&data.characters[&ally]).unwrap_or(0);
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
    use waybook_core::heroes::{self, HeroStep};
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
        let awards = vec![heroes::award_for(hero, 1, &[], false)];
        let mission = Mission::new(MissionId(0), "Onward", None, data.settings.clock, awards);
        let award = admitted(
            &data,
            vec![HeroStep::Award(mission)],
            heroes::check,
            heroes::play,
            seed + n,
        )?;
        prop_assert_eq!(award.len(), 1, "a mission is always a way on");
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
        purse in prop_oneof![Just(0i64), 0..60i64],
    ) {
        travel_walk(seed, supplies, tokens, explored, purse)?;
    }

    #[test]
    fn every_gathering_state_has_a_way_through(
        seed in any::<u64>(),
        drop_tools in any::<bool>(),
        away in any::<bool>(),
        tools_lost_at in 0..16usize,
    ) {
        gathering_walk(seed, drop_tools, away, tools_lost_at)?;
    }

    #[test]
    fn every_hazard_admitted_plays(seed in any::<u64>()) {
        hazards_walk(seed)?;
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
