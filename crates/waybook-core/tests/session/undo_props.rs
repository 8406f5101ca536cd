//! Undo is correct by construction: random edits of every kind of record,
//! several of them built from the same stale copy of the campaign (as two
//! edits of one frame are), through the real session on a real file. Undoing
//! them all gives back the start, record for record, in memory and on disk;
//! redoing them all gives the end again.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use waybook_core::model::*;
use waybook_core::session::Session;
use waybook_core::store::Campaign;

/// The campaign without its revision counter, which every change bumps,
/// and without the log's entries marked undone: the log keeps what was
/// rolled when its edit is undone, and redo writes the entry again.
fn records(data: &CampaignData) -> CampaignData {
    let mut log = data.log.clone();
    log.retain(|_, e| !e.undone);
    CampaignData {
        revision: 0,
        log,
        ..data.clone()
    }
}

fn pick<'a, K, V>(rng: &mut StdRng, map: &'a std::collections::BTreeMap<K, V>) -> Option<&'a V> {
    if map.is_empty() {
        return None;
    }
    map.values().nth(rng.random_range(0..map.len()))
}

/// A step of a scene, as the Scene screen asks for it, logged as the app
/// logs every step played.
fn scene_edit(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Option<Edit> {
    use waybook_core::scene::SceneStep;
    let open = seen.scenes.values().rev().find(|s| !s.finished);
    let step = match open {
        None => SceneStep::Start {
            name: format!("Scene {n}"),
            party: pick(rng, &seen.parties).map(|p| p.id),
            mode: SceneMode::Exploration,
            threat: rng.random_range(0..6),
            new_scenario: rng.random_bool(0.5),
        },
        Some(s) => match rng.random_range(0..3) {
            0 if !s.in_round => SceneStep::Begin { scene: s.id },
            0 | 1 => SceneStep::End { scene: s.id },
            _ => SceneStep::Finish { scene: s.id },
        },
    };
    let mut dice = waybook_rules::dice::Dice::seeded(n as u64);
    dice.take_tape();
    let edit = waybook_core::scene::play(seen, &step, &mut dice).ok()?;
    Some(waybook_core::model::log::with_rolls(
        seen,
        LogKind::Scene,
        edit,
        &dice.take_tape(),
        "2026-12-02 20:00".to_owned(),
    ))
}

/// A phase of a travel round, as the travel screen asks for it.
fn travel_edit(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Option<Edit> {
    use waybook_core::travel::round::{CampOrders, EncounterChoice, HeroOrder, TravelStep};
    let party = seen
        .parties
        .values()
        .find(|p| p.travel.place.is_some() || p.travel.on_path.is_some())?;
    let step = match seen.round_in_play(party.id).map(|r| r.next) {
        None => match seen
            .paths_at(party.travel.place.unwrap_or(PlaceId(0)))
            .next()
        {
            Some(path) => TravelStep::Navigate(path.id),
            None => match party.travel.on_path {
                Some(on) => TravelStep::Navigate(on.path),
                None => return None,
            },
        },
        Some(RoundStep::Setback) => TravelStep::Setback {
            spend_token: rng.random_bool(0.5),
        },
        Some(RoundStep::Encounter) => TravelStep::Encounter(EncounterChoice::Die),
        Some(_) => TravelStep::Camp(CampOrders {
            heroes: waybook_core::travel::heroes(seen, party.id)
                .iter()
                .map(|c| HeroOrder {
                    hero: c.id,
                    action: waybook_rules::rounds::camp::Action::Recover,
                    fed: rng.random_bool(0.5),
                    target: None,
                })
                .collect(),
            unfed_allies: Vec::new(),
            avoid_warned_ambush: true,
        }),
    };
    let mut dice = waybook_rules::dice::Dice::seeded(n as u64);
    waybook_core::travel::round::play(seen, party.id, &step, &mut dice).ok()
}

/// A gathering step, as the gathering screen asks for it.
fn gathering_edit(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Option<Edit> {
    use waybook_core::gathering::GatherStep;
    let (Some(site), Some(who)) = (pick(rng, &seen.sites), pick(rng, &seen.characters)) else {
        return None;
    };
    if rng.random_bool(0.2) {
        let renamed = waybook_core::model::Site {
            name: format!("{} ({n})", site.name),
            ..site.clone()
        };
        return Some(Edit::new(
            format!("edit {n}"),
            vec![Change::of(Some(site), Some(&renamed))],
        ));
    }
    let step = match rng.random_range(0..3) {
        0 => GatherStep::Survey {
            site: site.id,
            material: 0,
            character: who.id,
            advantage: rng.random_bool(0.5),
            elsewhere: false,
        },
        1 => GatherStep::Join {
            site: site.id,
            character: who.id,
            source: 0,
            into_stash: rng.random_bool(0.5),
            without_tool: false,
            elsewhere: false,
        },
        _ => GatherStep::Gather {
            site: site.id,
            all: rng.random_bool(0.2),
        },
    };
    let mut dice = waybook_rules::dice::Dice::seeded(n as u64);
    waybook_core::gathering::play(seen, &step, &mut dice).ok()
}

/// An advancement step, as the Heroes screen and the sheet ask.
fn heroes_edit(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Option<Edit> {
    use waybook_core::heroes::HeroStep;
    use waybook_core::model::{AdvanceKind, Mission, MissionId};
    let who = pick(rng, &seen.characters)?;
    let step = match rng.random_range(0..3) {
        0 => {
            let xp = rng.random_range(0..8);
            let awards = vec![waybook_core::heroes::award_for(who.id, xp, &[], false)];
            let at = seen.settings.clock;
            HeroStep::Award(Mission::new(
                MissionId(0),
                format!("Mission {n}"),
                who.party,
                at,
                awards,
            ))
        }
        1 => HeroStep::Advance {
            character: who.id,
            kind: [
                AdvanceKind::Wounds,
                AdvanceKind::Quality,
                AdvanceKind::Talent,
            ][rng.random_range(0..3)],
            what: format!("Talent {n}"),
        },
        _ => HeroStep::TakeBack {
            character: who.id,
            index: 0,
        },
    };
    let mut dice = waybook_rules::dice::Dice::seeded(n as u64);
    waybook_core::heroes::play(seen, &step, &mut dice).ok()
}

/// A cult added, or a hazard met, as the Campaign and Hazards screens ask.
fn hazard_or_cult_edit(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Edit {
    use waybook_core::hazards::{Hazard, HazardStep};
    use waybook_core::model::{Cult, CultSide};
    match pick(rng, &seen.characters) {
        Some(who) if rng.random_bool(0.6) => {
            let hazard = [
                Hazard::Deep,
                Hazard::OutOfBreath,
                Hazard::ColdWater {
                    minutes: rng.random_range(1..30),
                    depth_m: rng.random_range(0..700),
                },
            ][rng.random_range(0..3)]
            .clone();
            let step = HazardStep {
                character: who.id,
                hazard,
            };
            let mut dice = waybook_rules::dice::Dice::seeded(n as u64);
            waybook_core::hazards::play(seen, &step, &mut dice)
                .unwrap_or_else(|_| Edit::new(format!("edit {n}"), vec![]))
        }
        _ => {
            let cult = Cult {
                id: seen.next_id::<waybook_core::model::Cult>(),
                god: format!("God {n}"),
                bright: CultSide::default(),
                dark: CultSide {
                    name: format!("Dark {n}"),
                    rule: "rule".to_owned(),
                    trait_: "trait".to_owned(),
                },
            };
            Edit::new(format!("edit {n}"), vec![Change::of(None, Some(&cult))])
        }
    }
}

/// One random edit, built from `seen`: the campaign as a screen last saw it.
fn random_edit(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Edit {
    match rng.random_range(0..24) {
        k @ 0..8 => roster_edit(rng, seen, n, k),
        k @ 8..13 => kit_and_journey_edit(rng, seen, n, k),
        22 => region_edit(rng, seen, n),
        23 => stable_edit(rng, seen, n),
        k => world_edit(rng, seen, n, k),
    }
}

/// An animal or a vehicle added to a party, an animal put to draw a
/// vehicle, or a vehicle deleted (its cargo to the stash), through the
/// edits the screens send.
fn stable_edit(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Edit {
    use waybook_core::edits::{animals, vehicles};
    let party = pick(rng, &seen.parties).map(|p| p.id);
    let made = match rng.random_range(0..4) {
        0 => animals::add_animal(seen, party, "Mule").map(|a| a.edit),
        1 => vehicles::add_vehicle(seen, party, "Cart").map(|v| v.edit),
        2 => match (pick(rng, &seen.vehicles), pick(rng, &seen.characters)) {
            (Some(v), Some(a)) => vehicles::set_team(seen, v, a.id, true),
            _ => Err("nothing to draw".to_owned()),
        },
        _ => match pick(rng, &seen.vehicles) {
            Some(v) => vehicles::delete(seen, v),
            None => Err("no vehicle".to_owned()),
        },
    };
    made.unwrap_or_else(|_| Edit::new(format!("edit {n}"), vec![]))
}

/// A new character, played by a new player half the time; or a player
/// leaving, with their characters and what they were shown.
fn new_character_or_player(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Edit {
    if rng.random_bool(0.3)
        && let Some(p) = pick(rng, &seen.players)
    {
        return waybook_core::edits::players::remove(seen, p);
    }
    let mut c = Character::new(
        seen.next_id::<waybook_core::model::Character>(),
        format!("Hero {n}"),
        CharacterKind::Hero,
    );
    c.party = pick(rng, &seen.parties).map(|p| p.id);
    let mut changes = Vec::new();
    if rng.random_bool(0.5) {
        let player = waybook_core::model::Player::new(
            seen.next_id::<waybook_core::model::Player>(),
            format!("Player {n}"),
        );
        c.player = Some(player.id);
        changes.push(Change::of(None, Some(&player)));
    }
    changes.push(Change::character(None, Some(&c)));
    Edit::new(format!("edit {n}"), changes)
}

/// The settings, a character, a party or an item.
fn roster_edit(rng: &mut StdRng, seen: &CampaignData, n: usize, k: u32) -> Edit {
    let label = format!("edit {n}");
    let one = |change: Change| Edit::new(label.clone(), vec![change]);
    match k {
        0 => one(Change::Settings {
            before: seen.settings.clone(),
            after: Settings {
                name: format!("Campaign {n}"),
                clock: ClockTime {
                    day: rng.random_range(1..50),
                    hour: rng.random_range(0..24),
                },
                track_food: rng.random_bool(0.5),
                food_and_drink_apart: rng.random_bool(0.5),
                ..seen.settings.clone()
            },
        }),
        1 => new_character_or_player(rng, seen, n),
        2 | 3 => match pick(rng, &seen.characters) {
            Some(c) => {
                let mut after = c.clone();
                after.companion.xp = rng.random_range(0..30);
                after.exploration.exhaustion = rng.random_range(0..5);
                after.notes = format!("note {n}");
                one(Change::character(Some(c), Some(&after)))
            }
            None => one(Change::Settings {
                before: seen.settings.clone(),
                after: seen.settings.clone(),
            }),
        },
        4 => match pick(rng, &seen.characters) {
            // May be refused: a character who carries something stays.
            Some(c) => one(Change::character(Some(c), None)),
            None => Edit::new(label, vec![]),
        },
        5 => {
            let party = Party {
                supplies: rng.random_range(0..20),
                purse: rng.random_range(0..500),
                ..Party::new(
                    seen.next_id::<waybook_core::model::Party>(),
                    format!("Party {n}"),
                    seen.settings.clock,
                )
            };
            match rng.random_bool(0.5) {
                true => one(Change::of(None, Some(&party))),
                false => match pick(rng, &seen.parties) {
                    Some(p) => one(Change::of(
                        Some(p),
                        Some(&Party {
                            supplies: rng.random_range(0..99),
                            ..p.clone()
                        }),
                    )),
                    None => Edit::new(label, vec![]),
                },
            }
        }
        6 => {
            let item = Item {
                weight: f64::from(rng.random_range(0..40)) / 4.0,
                food_units: rng.random_range(0..30),
                ..Item::new(
                    seen.next_id::<waybook_core::model::Item>(),
                    format!("Thing {n}"),
                    Category::Food,
                )
            };
            one(Change::Item {
                before: None,
                after: Some(item),
            })
        }
        _ => match pick(rng, &seen.items) {
            Some(i) => one(Change::Item {
                before: Some(i.clone()),
                after: Some(Item {
                    name: format!("{} ({n})", i.name),
                    ..i.clone()
                }),
            }),
            None => Edit::new(label, vec![]),
        },
    }
}

/// A stack of kit or a journey.
fn kit_and_journey_edit(rng: &mut StdRng, seen: &CampaignData, n: usize, k: u32) -> Edit {
    let label = format!("edit {n}");
    let one = |change: Change| Edit::new(label.clone(), vec![change]);
    match k {
        8 => {
            let (Some(item), Some(holder)) = (pick(rng, &seen.items), pick(rng, &seen.characters))
            else {
                return Edit::new(label, vec![]);
            };
            one(Change::Holding {
                before: None,
                after: Some(Holding {
                    origin: rng.random_bool(0.3).then(|| format!("site {n}")),
                    ..Holding::new(
                        seen.next_id::<waybook_core::model::Holding>(),
                        item.id,
                        Holder::Character(holder.id),
                        rng.random_range(1..50),
                    )
                }),
            })
        }
        9 => match pick(rng, &seen.holdings) {
            // Two changes of one stack in one edit, both from the same copy.
            Some(h) => Edit::new(
                label,
                vec![
                    Change::Holding {
                        before: Some(h.clone()),
                        after: Some(Holding {
                            quantity: h.quantity + 1,
                            ..h.clone()
                        }),
                    },
                    Change::Holding {
                        before: Some(h.clone()),
                        after: Some(Holding {
                            quantity: h.quantity + 2,
                            ..h.clone()
                        }),
                    },
                ],
            ),
            None => Edit::new(label, vec![]),
        },
        10 => match pick(rng, &seen.holdings) {
            Some(h) => one(Change::Holding {
                before: Some(h.clone()),
                after: None,
            }),
            None => Edit::new(label, vec![]),
        },
        11 => match pick(rng, &seen.journeys) {
            Some(j) => {
                let mut after = j.clone();
                if rng.random_bool(0.3) {
                    after.id = seen.next_id::<waybook_core::model::Journey>();
                    after.name = format!("Journey {n}");
                    one(Change::journey(None, Some(&after)))
                } else {
                    after.plan.pattern.travel_hours = rng.random_range(0..12);
                    after.name = format!("{} ({n})", j.name);
                    one(Change::journey(Some(j), Some(&after)))
                }
            }
            None => Edit::new(label, vec![]),
        },
        _ => match pick(rng, &seen.journeys) {
            Some(j) => one(Change::journey(Some(j), None)),
            None => Edit::new(label, vec![]),
        },
    }
}

/// A region added, its weather of a day written, or a region removed with
/// its weather (the places in it left in none).
fn region_edit(rng: &mut StdRng, seen: &CampaignData, n: usize) -> Edit {
    use waybook_core::edits::records;
    use waybook_core::model::{Weather, WeatherId};
    match pick(rng, &seen.regions) {
        Some(r) if rng.random_bool(0.2) => records::remove_region(seen, r),
        Some(_) if rng.random_bool(0.2) => {
            use waybook_core::model::{CalendarEvent, Recurrence};
            let event = CalendarEvent {
                shown: Default::default(),
                id: match pick(rng, &seen.events) {
                    Some(e) if rng.random_bool(0.5) => e.id,
                    _ => seen.next_id::<CalendarEvent>(),
                },
                name: format!("Event {n}"),
                notes: String::new(),
                when: Recurrence::Once {
                    day: rng.random_range(0..40),
                },
            };
            Edit::new(
                format!("edit {n}"),
                vec![Change::of(seen.events.get(&event.id), Some(&event))],
            )
        }
        Some(r) => {
            let day = rng.random_range(0..40);
            let weather = Weather {
                id: WeatherId::of(r.id, day),
                region: r.id,
                day,
                weather: format!("Weather {n}"),
                rolled: "d6 = 3".into(),
                foretold: rng.random_bool(0.3),
            };
            Edit::new(
                format!("edit {n}"),
                vec![Change::of(seen.weather.get(&weather.id), Some(&weather))],
            )
        }
        None => records::add_region(seen).edit,
    }
}

/// A scene, the map, a ware, a round, a site, an advance, a cult or hazard,
/// a table.
fn world_edit(rng: &mut StdRng, seen: &CampaignData, n: usize, k: u32) -> Edit {
    let label = format!("edit {n}");
    let one = |change: Change| Edit::new(label.clone(), vec![change]);
    match k {
        13 => scene_edit(rng, seen, n).unwrap_or_else(|| Edit::new(label, vec![])),
        14 => match pick(rng, &seen.places) {
            Some(p) if rng.random_bool(0.6) => one(Change::of(
                Some(p),
                Some(&Place {
                    x: f64::from(rng.random_range(0..900)),
                    name: format!("{} ({n})", p.name),
                    ..p.clone()
                }),
            )),
            _ => one(Change::of(
                None,
                Some(&Place {
                    shown: Default::default(),
                    id: seen.next_id::<waybook_core::model::Place>(),
                    name: format!("Place {n}"),
                    kind: PlaceKind::CampSite,
                    x: 1.0,
                    y: 2.0,
                    notes: String::new(),
                    region: pick(rng, &seen.regions).map(|r| r.id),
                    merchant_table: pick(rng, &seen.tables).map(|t| t.id),
                }),
            )),
        },
        15 => match pick(rng, &seen.paths) {
            Some(p) => one(Change::of(
                Some(p),
                Some(&MapPath {
                    difficulty: rng.random_range(0..10),
                    travelled: rng.random_range(0..3),
                    encounters: waybook_core::model::EncounterTables {
                        warriors: pick(rng, &seen.tables).map(|t| t.id),
                        ..p.encounters.clone()
                    },
                    ..p.clone()
                }),
            )),
            None => Edit::new(label, vec![]),
        },
        16 => one(Change::of(
            None,
            Some(&Ware {
                id: seen.next_id::<waybook_core::model::Ware>(),
                name: format!("Ware {n}"),
                price: rng.random_range(0..40),
                supplies: 1,
                item: None,
                suggested: rng.random_bool(0.5),
            }),
        )),
        17 => travel_edit(rng, seen, n).unwrap_or_else(|| Edit::new(label, vec![])),
        18 => gathering_edit(rng, seen, n).unwrap_or_else(|| Edit::new(label, vec![])),
        19 => heroes_edit(rng, seen, n).unwrap_or_else(|| Edit::new(label, vec![])),
        20 => hazard_or_cult_edit(rng, seen, n),
        _ => match pick(rng, &seen.tables) {
            Some(t) if rng.random_bool(0.2) => one(Change::Table {
                before: Some(t.clone()),
                after: None,
            }),
            Some(t) => one(Change::Table {
                before: Some(t.clone()),
                after: Some(TableDef {
                    id: if rng.random_bool(0.3) {
                        seen.next_id::<waybook_core::model::TableDef>()
                    } else {
                        t.id
                    },
                    name: format!("Table {n}"),
                    ..t.clone()
                }),
            }),
            None => Edit::new(label, vec![]),
        },
    }
}

fn reloaded(path: &std::path::Path) -> CampaignData {
    records(
        &Campaign::open(path)
            .expect("reopens")
            .load()
            .expect("loads"),
    )
}

#[test]
fn a_thousand_random_edits_undo_to_the_start_and_redo_to_the_end_after_reopening() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("undo.waybook");
    let mut session =
        Session::new(waybook_core::demo::create_demo(&path).expect("demo")).expect("session");
    // The log, read behind the first frame, in before the start is taken.
    session.settle_log(true);
    let start = records(&session.data);
    let mut rng = StdRng::seed_from_u64(2026);
    let mut seen = session.data.clone();
    let (mut made, mut refused) = (0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    for n in 0..1000 {
        // A few edits share one copy, as edits of one frame do.
        if rng.random_bool(0.4) {
            seen = session.data.clone();
        }
        let edit = random_edit(&mut rng, &seen, n);
        if edit.changes.is_empty() {
            continue;
        }
        let touched: Vec<&str> = edit.changes.iter().map(Change::kind).collect();
        match session.apply(edit) {
            Ok(()) => {
                made += 1;
                kinds.extend(touched);
            }
            Err(_) => refused += 1,
        }
        assert_eq!(
            records(&session.data),
            reloaded(&path),
            "memory and file agree after edit {n}"
        );
    }
    assert!(made > 600 && refused > 0, "made {made}, refused {refused}");
    // Every kind of the table of kinds is edited and undone here: a kind
    // added to the table needs its random edit.
    for kind in KINDS {
        assert!(
            kinds.contains(kind),
            "no random edit of a {kind}: {kinds:?}"
        );
    }
    let end = records(&session.data);
    // The history is in the file: the campaign closed and opened again
    // undoes every edit made before (issue 52).
    drop(session);
    let mut session = Session::new(Campaign::open(&path).expect("reopens")).expect("session");
    session.settle_log(true);
    let mut undone = 0;
    while session.undo().expect("undone").is_some() {
        undone += 1;
    }
    assert_eq!(undone, made, "every edit made is one step back");
    assert_eq!(records(&session.data), start, "memory is the start again");
    assert_eq!(reloaded(&path), start, "so is the file");
    while session.redo().expect("redone").is_some() {}
    assert_eq!(records(&session.data), end, "redo gives the end in memory");
    assert_eq!(reloaded(&path), end, "and on disk");
}
