//! Travel rounds played through `waybook_core::travel::round` with scripted dice,
//! each test quoting the sentence of `travel-rounds.txt` it checks; the map,
//! the positions and the log kept in the file; the route forecast; and the
//! exploration text's hazards booked on a character (`waybook_core::hazards`).

use waybook_testkit as common;

use waybook_core::model::{
    CampaignData, Change, Character, CharacterId, CharacterKind, Edit, EncounterTables, MapPath,
    MapPathId, Party, PartyId, Place, PlaceId, RoundStep, Settings, Ware, WareId,
};
use waybook_core::travel::forecast::{self, RouteError};
use waybook_core::travel::round::{
    CampOrders, EncounterChoice, HeroOrder, TravelError, TravelStep, play,
};
use waybook_rules::dice::Dice;
use waybook_rules::rounds::camp::Action;
use waybook_rules::rounds::encounter::Kind;

const PARTY: PartyId = PartyId(1);
const ANA: CharacterId = CharacterId(1);
const BRAN: CharacterId = CharacterId(2);
const HOME: PlaceId = PlaceId(1);
const FORD: PlaceId = PlaceId(2);
const HILL: PlaceId = PlaceId(3);
const LANE: MapPathId = MapPathId(1);
const MOOR: MapPathId = MapPathId(2);

fn path(id: MapPathId, from: PlaceId, to: PlaceId, difficulty: i64, rounds: i64) -> MapPath {
    MapPath {
        difficulty,
        danger: 2,
        rounds,
        ..MapPath::new(id, format!("path {}", id.0), from, to)
    }
}

/// Two heroes (Ana a Healer, Bran a Saboteur) and an ally at Home, with
/// 10 Supplies, 30 coin and one 🜉; Home – Ford (difficulty 6, 2 rounds) –
/// Hill (difficulty 4, 1 round); Hill stands alone.
fn campaign() -> CampaignData {
    let mut data = CampaignData::new(Settings::new("Travel"));
    let mut changes = Vec::new();
    for (id, name) in [
        (HOME, "Home"),
        (FORD, "Ford"),
        (HILL, "Hill"),
        (PlaceId(4), "Isle"),
    ] {
        changes.push(Change::of(None, Some(&Place::new(id, name, (0.0, 0.0)))));
    }
    changes.push(Change::of(None, Some(&path(LANE, HOME, FORD, 6, 2))));
    changes.push(Change::of(None, Some(&path(MOOR, FORD, HILL, 4, 1))));
    let mut party = Party {
        supplies: 10,
        purse: 30,
        ..Party::new(PARTY, "Walkers", waybook_core::model::ClockTime::START)
    };
    party.travel.place = Some(HOME);
    party.travel.pathfinding_tokens = 1;
    changes.push(Change::of(None, Some(&party)));
    for (id, name, kind) in [
        (ANA, "Ana", CharacterKind::Hero),
        (BRAN, "Bran", CharacterKind::Hero),
        (CharacterId(3), "Cole", CharacterKind::Ally),
    ] {
        let mut c = Character::new(id, name, kind);
        c.party = Some(PARTY);
        c.rounds.hp.current = 4;
        c.rounds.mp.current = 1;
        c.rounds.ranks.healer = i64::from(id == ANA) * 2;
        c.rounds.ranks.saboteur = i64::from(id == BRAN) * 2;
        changes.push(Change::of(None, Some(&c)));
    }
    for change in &changes {
        data.apply(change);
    }
    data
}

/// Plays a step with these dice, applies its edit and returns it.
fn step(data: &mut CampaignData, step: TravelStep, faces: &[u32]) -> Edit {
    let mut dice = Dice::scripted(faces.to_vec());
    let edit = play(data, PARTY, &step, &mut dice).expect("the step plays");
    for change in &edit.changes {
        data.apply(change);
    }
    edit
}

fn without_tokens(mut data: CampaignData) -> CampaignData {
    let mut p = data.parties[&PARTY].clone();
    p.travel.pathfinding_tokens = 0;
    data.apply(&Change::of(data.parties.get(&PARTY), Some(&p)));
    data
}

fn party(data: &CampaignData) -> &Party {
    &data.parties[&PARTY]
}

fn round(data: &CampaignData) -> &waybook_core::model::TravelRound {
    data.rounds.values().last().expect("a round in the log")
}

fn camp_orders(a: Action, b: Action) -> TravelStep {
    TravelStep::Camp(CampOrders {
        heroes: vec![
            HeroOrder {
                hero: ANA,
                action: a,
                fed: true,
                target: None,
            },
            HeroOrder {
                hero: BRAN,
                action: b,
                fed: true,
                target: None,
            },
        ],
        unfed_allies: Vec::new(),
        avoid_warned_ambush: false,
    })
}

#[test]
fn a_failed_pathfind_waits_for_the_token_and_the_token_succeeds() {
    // "If players fail at pathfinding and do not wish to receive a penalty,
    // one of them may instead spend an 🜉 to succeed."
    let mut data = campaign();
    step(&mut data, TravelStep::Navigate(LANE), &[3]);
    assert_eq!(round(&data).next, RoundStep::Setback);
    assert_eq!(party(&data).travel.pathfinding_tokens, 1, "not spent yet");
    step(&mut data, TravelStep::Setback { spend_token: true }, &[]);
    let on = party(&data).travel.on_path.expect("on the lane");
    assert_eq!(party(&data).travel.pathfinding_tokens, 0);
    assert_eq!(on.state.rounds_left, 1, "the round made progress");
    assert_eq!(round(&data).next, RoundStep::Encounter);
    assert!(round(&data).lines.iter().any(|l| l.contains("🜉 is spent")));
}

#[test]
fn backtracked_costs_a_round_and_noisy_raises_the_danger() {
    // "Backtracked | ... they must also spend 1 additional travel round to
    // reach the next node."
    let mut data = without_tokens(campaign());
    step(&mut data, TravelStep::Navigate(LANE), &[2, 3]);
    let on = party(&data).travel.on_path.expect("on the lane");
    assert_eq!((on.state.rounds_left, on.extra), (3, 1));
    assert!(
        round(&data)
            .lines
            .iter()
            .any(|l| l.starts_with("Setback: Backtracked"))
    );
    // "Noisy | ... the danger rating of the path counts as 1 more until they
    // reach their destination." Danger 2 + 1: warriors at 3 or less.
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    step(&mut data, TravelStep::Navigate(LANE), &[1, 4]);
    assert_eq!(party(&data).travel.on_path.expect("on").state.noisy, 1);
    step(&mut data, TravelStep::Encounter(EncounterChoice::Die), &[3]);
    assert!(
        round(&data).lines.iter().any(|l| l.starts_with("Warriors")),
        "{:?}",
        round(&data).lines
    );
}

#[test]
fn totally_lost_repeats_with_no_setback_die_until_a_success() {
    // "Until they are able to successfully pathfind to get back on track,
    // each additional failure will count as though they are Totally Lost for
    // another travel round."
    let mut data = without_tokens(campaign());
    step(&mut data, TravelStep::Navigate(LANE), &[2, 6]);
    assert!(party(&data).travel.on_path.expect("on").state.lost);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Planned("a fog bank".into())),
        &[],
    );
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    // One die only: the d10 fails again and no d6 is rolled.
    step(&mut data, TravelStep::Navigate(LANE), &[5]);
    let on = party(&data).travel.on_path.expect("on");
    assert!(on.state.lost);
    assert_eq!(on.state.rounds_left, 2, "no progress while lost");
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    step(&mut data, TravelStep::Navigate(LANE), &[9]);
    let on = party(&data).travel.on_path.expect("on");
    assert!(!on.state.lost);
    assert_eq!(on.state.rounds_left, 1, "the first success makes progress");
}

#[test]
fn arrival_raises_familiarity_which_takes_two_off_the_difficulty() {
    // "For every previous time the characters have successfully traveled a
    // path, the navigation difficulty is reduced by 2."
    let mut data = campaign();
    let day = data.settings.clock.day;
    // Not at Ford: the moor does not start here.
    let mut dice = Dice::scripted(vec![]);
    assert_eq!(
        play(&data, PARTY, &TravelStep::Navigate(MOOR), &mut dice)
            .expect_err("not from Home")
            .to_string(),
        "Walkers is not at either end of path 2"
    );
    for _ in 0..2 {
        step(&mut data, TravelStep::Navigate(LANE), &[10]);
        step(
            &mut data,
            TravelStep::Encounter(EncounterChoice::Die),
            &[9, 1],
        );
        step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    }
    assert_eq!(party(&data).travel.place, Some(FORD));
    assert_eq!(party(&data).travel.on_path, None);
    assert_eq!(data.paths[&LANE].travelled, 1);
    assert_eq!(data.settings.clock.day, day + 2, "a day a round");
    let odds = forecast::path_odds(&data, PARTY, &data.paths[&LANE], FORD);
    assert_eq!(odds.effective, 6 - 2);
}

#[test]
fn fellow_travelers_share_their_supplies_and_a_partial_round_has_no_camp() {
    // "During the Camping Phase, they will not have to expend any Supplies
    // in order to fully rest."
    let mut data = campaign();
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[5, 5],
    );
    assert!(round(&data).fellow_travelers);
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    assert_eq!(party(&data).supplies, 10);
    // "A partial travel round is constituted by a Navigation Phase and then
    // an Encounter Phase, but not a Camping Phase".
    let mut moor = data.paths[&MOOR].clone();
    moor.partial = true;
    data.apply(&Change::of(data.paths.get(&MOOR), Some(&moor)));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    step(&mut data, TravelStep::Navigate(MOOR), &[10]);
    assert!(round(&data).partial);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    assert_eq!(round(&data).next, RoundStep::Done, "no camping phase");
    assert_eq!(party(&data).travel.place, Some(HILL));
}

#[test]
fn an_unfed_hero_takes_an_injury_and_gets_no_healing() {
    // "Characters that have not had Supplies distributed to them will not be
    // able to heal as a result of the Shelter and Cook actions, and will also
    // take an injury as though they had been downed in battle."
    let mut data = campaign();
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    let orders = TravelStep::Camp(CampOrders {
        heroes: vec![
            HeroOrder {
                hero: ANA,
                action: Action::Shelter,
                fed: false,
                target: None,
            },
            HeroOrder {
                hero: BRAN,
                action: Action::Cook,
                fed: true,
                target: None,
            },
        ],
        unfed_allies: Vec::new(),
        avoid_warned_ambush: false,
    });
    step(&mut data, orders, &[10]);
    let ana = &data.characters[&ANA].rounds;
    let bran = &data.characters[&BRAN].rounds;
    assert_eq!(
        (ana.hp.current, ana.mp.current, ana.injuries.len()),
        (4, 1, 1)
    );
    // Cook: "half their current maximum HP during the night, rounded down".
    assert_eq!((bran.hp.current, bran.mp.current), (4 + 5, 1 + 3));
    // One hero and one ally fed: 2 Supplies.
    assert_eq!(party(&data).supplies, 8);
}

#[test]
fn a_camp_short_of_supplies_is_refused_in_words() {
    let mut data = campaign();
    let mut poor = party(&data).clone();
    poor.supplies = 2;
    data.apply(&Change::of(data.parties.get(&PARTY), Some(&poor)));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    let mut dice = Dice::scripted(vec![10]);
    let said = play(
        &data,
        PARTY,
        &camp_orders(Action::Shelter, Action::Cook),
        &mut dice,
    )
    .expect_err("three to feed, two Supplies")
    .to_string();
    assert_eq!(
        said,
        "feeding them all needs 3 Supplies but the party has 2: choose who goes unfed"
    );
}

#[test]
fn scout_casts_tomorrows_encounter_and_the_party_may_take_a_benign_one() {
    // "the GM should cast the encounter die early for the following day. If
    // the players wish, they may proceed with this encounter, or they may
    // choose to have a benign encounter instead."
    let mut data = campaign();
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    // Bran scouts: Body 4 / 2 + Saboteur 2 / 2 = 3; the d10 1 is below it.
    // Then the ambush d10, then tomorrow's encounter die: 1, warriors.
    step(
        &mut data,
        camp_orders(Action::Shelter, Action::Scout),
        &[1, 10, 1],
    );
    assert_eq!(party(&data).travel.scouted, Some(1));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Scouted { instead: true }),
        &[4],
    );
    let lines = &round(&data).lines;
    assert!(
        lines.iter().any(|l| l.contains("chooses benign instead")),
        "{lines:?}"
    );
    assert_eq!(party(&data).travel.exploration_tokens, 1, "a Landmark's 🜹");
    assert_eq!(party(&data).travel.scouted, None);
}

#[test]
fn a_wild_area_turns_friendly_encounters_into_peace_but_not_landmarks() {
    // "all benign encounters that are not Landmark are changed to Peace."
    let mut data = campaign();
    let mut lane = data.paths[&LANE].clone();
    lane.wild = true;
    data.apply(&Change::of(data.paths.get(&LANE), Some(&lane)));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[5, 6],
    );
    assert!(!round(&data).merchant);
    let lines = &round(&data).lines;
    assert!(lines.iter().any(|l| l.starts_with("Peace")));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("d6 = 6") && l.contains("merchant, peace in a wild area")),
        "the log says the wild area made the Merchant Peace: {lines:?}"
    );
}

#[test]
fn a_merchant_sells_from_the_merchant_table_for_the_purse() {
    // "The players encounter a traveling merchant who is willing to sell
    // them a few supplies."
    let mut data = campaign();
    let ware = Ware {
        id: WareId(1),
        name: "Bundle".into(),
        price: 12,
        supplies: 3,
        item: None,
        suggested: false,
    };
    data.apply(&Change::of(None, Some(&ware)));
    let mut dice = Dice::scripted(vec![]);
    assert_eq!(
        play(&data, PARTY, &TravelStep::Buy(ware.id, 1), &mut dice),
        Err(TravelError::NoMerchant)
    );
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[5, 6],
    );
    step(&mut data, TravelStep::Buy(ware.id, 2), &[]);
    assert_eq!((party(&data).purse, party(&data).supplies), (6, 16));
    let said = play(&data, PARTY, &TravelStep::Buy(ware.id, 1), &mut dice)
        .expect_err("6 coin left")
        .to_string();
    assert_eq!(said, "1 × Bundle costs 12 coin; the purse holds 6");
}

#[test]
fn the_map_positions_and_log_are_kept_in_the_file() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("t.waybook");
    let mut campaign_file =
        waybook_core::store::Campaign::create(&file, "Travel").expect("created");
    let empty = campaign_file.load().expect("loads");
    let built = campaign();
    let mut changes: Vec<Change> = Vec::new();
    changes.extend(built.places.values().map(|p| Change::of(None, Some(p))));
    changes.extend(built.paths.values().map(|p| Change::of(None, Some(p))));
    changes.extend(built.parties.values().map(|p| Change::of(None, Some(p))));
    changes.extend(built.characters.values().map(|c| Change::of(None, Some(c))));
    drop(empty);
    campaign_file
        .apply(&Edit::new("map", changes))
        .expect("written");
    let mut data = campaign_file.load().expect("loads");
    for faces in [&[10][..], &[5, 4]] {
        let next = if data.round_in_play(PARTY).is_none() {
            TravelStep::Navigate(LANE)
        } else {
            TravelStep::Encounter(EncounterChoice::Die)
        };
        let edit = step(&mut data, next, faces);
        campaign_file.apply(&edit).expect("written");
    }
    drop(campaign_file);
    let back = waybook_core::store::Campaign::open(&file)
        .expect("reopens")
        .load()
        .expect("loads");
    assert_eq!(back.places, data.places);
    assert_eq!(back.paths, data.paths);
    assert_eq!(back.rounds, data.rounds);
    assert_eq!(back.parties, data.parties);
    assert_eq!(back.parties[&PARTY].travel.exploration_tokens, 1);
    assert_eq!(
        back.rounds.values().next().expect("a round").next,
        RoundStep::Camping
    );
}

#[test]
fn the_route_goes_by_fewest_expected_rounds_and_an_island_has_none() {
    let data = campaign();
    let route = forecast::route(&data, PARTY, HILL).expect("a route");
    assert_eq!(
        route.paths.iter().map(|p| p.path).collect::<Vec<_>>(),
        vec![LANE, MOOR]
    );
    // Difficulty 6: a setback on 6 of the d10's 10 faces.
    assert!((route.paths[0].p_setback - 0.6).abs() < 1e-12);
    // Threshold 10 - 6/2 = 7: hazard on 8-10; warriors at most danger 2.
    assert!((route.paths[0].p_hazard - 0.3).abs() < 1e-12);
    assert!((route.paths[0].p_warriors - 0.2).abs() < 1e-12);
    assert!(route.rounds_expected > 3.0);
    assert_eq!(
        forecast::route(&data, PARTY, PlaceId(4)),
        Err(RouteError::NoRoute {
            from: "Home".into(),
            to: "Isle".into()
        })
    );
}

#[test]
fn the_demo_has_a_map_a_placed_party_and_one_round_in_the_log() {
    let (_dir, data) = common::demo();
    assert!(data.places.len() >= 8 && data.paths.len() >= 10);
    assert!(data.paths.values().any(|p| p.wild));
    assert!(data.paths.values().any(|p| p.partial));
    assert!(data.paths.values().any(|p| p.travelled > 1));
    let party = data.parties.values().next().expect("the party");
    assert!(party.travel.place.is_some());
    assert!(party.travel.pathfinding_tokens > 0 && party.supplies > 0);
    assert_eq!(data.rounds.len(), 1);
    assert_eq!(
        data.rounds.values().next().expect("one").next,
        RoundStep::Done
    );
}

mod hazards {
    use waybook_core::hazards::{Hazard, HazardStep, play};
    use waybook_core::model::hazard::{Sense, SenseKind, range_of};
    use waybook_core::model::{CampaignData, CharacterId};
    use waybook_rules::dice::Dice;
    use waybook_rules::travel::ground::QuicksandEvent;

    fn meet(
        data: &mut CampaignData,
        who: CharacterId,
        hazard: Hazard,
        faces: &[u32],
    ) -> Result<(), String> {
        let mut dice = Dice::scripted(faces.to_vec());
        let edit = play(
            data,
            &HazardStep {
                character: who,
                hazard,
            },
            &mut dice,
        )
        .map_err(|e| e.to_string())?;
        edit.changes.iter().for_each(|c| data.apply(c));
        Ok(())
    }

    fn first(data: &CampaignData) -> CharacterId {
        *data.characters.keys().next().expect("a character")
    }

    /// "Characters cannot descend below 500m ... the Doom 1 condition,
    /// increasing it by 1 for each Turn spent at 500m or below ... Degrees
    /// of the Exhaustion condition and the Doom condition bestowed by
    /// Swimming at this depth, cannot be removed until you have risen to a
    /// depth above 500m."
    #[test]
    fn doom_grows_each_turn_below_500_m_and_goes_above_it() {
        let (_dir, mut data) = super::common::demo();
        let who = first(&data);
        for _ in 0..3 {
            meet(&mut data, who, Hazard::Deep, &[]).unwrap();
        }
        let h = &data.characters[&who].exploration.hazards;
        assert_eq!(h.doom, 3);
        // Cold water at 520 m: after the free minutes each failure holds.
        let endurance = data.characters[&who].exploration.trait_value("Endurance");
        // "Reduction X" does not count below 500 m: the free minutes are Endurance.
        let minutes = u32::try_from(endurance).unwrap() + 1;
        meet(
            &mut data,
            who,
            Hazard::ColdWater {
                minutes,
                depth_m: 520,
            },
            &[1],
        )
        .unwrap();
        let e = &data.characters[&who].exploration;
        assert_eq!(
            e.hazards.held_exhaustion, 4,
            "a natural 1: 2 degrees, +2 below 500 m"
        );
        // The Doom "cannot be removed until you have risen": it is not
        // cleared by hand.
        let name = data.characters[&who].name.clone();
        assert_eq!(
            meet(
                &mut data,
                who,
                Hazard::Clear {
                    condition: "Doom".to_owned()
                },
                &[]
            ),
            Err(format!(
                "the Doom stays until {name} rises above 500 m (play “Rise above 500 m”)"
            ))
        );
        meet(&mut data, who, Hazard::Surface, &[]).unwrap();
        let h = &data.characters[&who].exploration.hazards;
        assert_eq!((h.doom, h.held_exhaustion), (0, 0));
        assert!(!h.conditions.iter().any(|c| c == "Doom"));
    }

    /// "they immediately sink half a metre ... once they have submerged at
    /// least a third of their body height, they become Restrained"; "TG 10
    /// Physique Test, with the TG increasing by the number of metres they
    /// have currently sunk".
    #[test]
    fn quicksand_sinks_restrains_and_is_escaped() {
        let (_dir, mut data) = super::common::demo();
        let who = first(&data);
        let sand = |event| Hazard::Quicksand {
            event,
            height_m: 1.5,
            helper: None,
        };
        meet(&mut data, who, sand(QuicksandEvent::Enter), &[]).unwrap();
        let h = &data.characters[&who].exploration.hazards;
        assert_eq!(h.sunk_m, 0.5);
        assert!(
            h.conditions.iter().any(|c| c == "Restrained (quicksand)"),
            "0.5 m of 1.5 m"
        );
        meet(&mut data, who, sand(QuicksandEvent::Escape), &[20]).unwrap();
        let h = &data.characters[&who].exploration.hazards;
        assert_eq!(h.sunk_m, 0.0);
        assert!(
            !h.conditions.iter().any(|c| c.contains("quicksand")),
            "{:?}",
            h.conditions
        );
        assert_eq!(
            meet(&mut data, who, sand(QuicksandEvent::Escape), &[20]),
            Err(format!(
                "{} is not in quicksand",
                data.characters[&who].name
            ))
        );
        meet(&mut data, who, sand(QuicksandEvent::Enter), &[]).unwrap();
        let name = data.characters[&who].name.clone();
        assert_eq!(
            meet(&mut data, who, sand(QuicksandEvent::Enter), &[]),
            Err(format!(
                "{name} is in the quicksand already: play the start of their turn"
            ))
        );
        // "Someone can attempt to pull the trapped Character out": someone else.
        assert_eq!(
            meet(&mut data, who, sand(QuicksandEvent::PullOut), &[20]),
            Err(format!("choose who pulls {name} out (someone else)"))
        );
        let helper = *data.characters.keys().nth(1).expect("a second character");
        let pull = Hazard::Quicksand {
            event: QuicksandEvent::PullOut,
            height_m: 1.5,
            helper: Some(helper),
        };
        meet(&mut data, who, pull, &[20]).unwrap();
        assert_eq!(
            data.characters[&who].exploration.hazards.sunk_m, 0.0,
            "0.5 m, pulled out by a metre"
        );
    }

    /// "Compare the Ranges of the multiple sources, whichever is the greater
    /// Range is the one used. For each additional source that provides that
    /// Sense increase the Range of that Sense by 3m."
    #[test]
    fn senses_from_several_sources_add_three_metres_each() {
        let senses = [
            Sense {
                kind: SenseKind::Nightvision,
                range_m: 18,
            },
            Sense {
                kind: SenseKind::Nightvision,
                range_m: 9,
            },
            Sense {
                kind: SenseKind::Tremorsense,
                range_m: 6,
            },
        ];
        assert_eq!(range_of(&senses, SenseKind::Nightvision), Some(21));
        assert_eq!(range_of(&senses, SenseKind::Tremorsense), Some(6));
        assert_eq!(range_of(&senses, SenseKind::Truesight), None);
        assert_eq!(
            waybook_core::model::hazard::senses_line(&senses),
            "Nightvision 21 m (2 sources), Tremorsense 6 m"
        );
    }

    /// "Their Stealth Skill Rolls are Contested by the Perception Skill Roll
    /// of any entity who might notice them or the Investigation Skill Roll of
    /// an entity that is actively searching".
    #[test]
    fn hiding_from_everyone_makes_them_hidden() {
        let (_dir, mut data) = super::common::demo();
        let ids: Vec<CharacterId> = data.characters.keys().copied().take(3).collect();
        let observers = vec![(ids[1], false), (ids[2], true)];
        meet(
            &mut data,
            ids[0],
            Hazard::Hide {
                observers: observers.clone(),
                enemies: Vec::new(),
            },
            &[20, 2, 3],
        )
        .unwrap();
        assert!(
            data.characters[&ids[0]]
                .exploration
                .hazards
                .conditions
                .contains(&"Hidden".to_owned())
        );
        meet(
            &mut data,
            ids[0],
            Hazard::Hide {
                observers,
                enemies: Vec::new(),
            },
            &[1, 20, 2],
        )
        .unwrap();
        assert!(
            !data.characters[&ids[0]]
                .exploration
                .hazards
                .conditions
                .contains(&"Hidden".to_owned())
        );
        let own = Hazard::Hide {
            observers: vec![(ids[0], false)],
            enemies: Vec::new(),
        };
        assert_eq!(
            meet(&mut data, ids[0], own, &[20, 2]),
            Err(format!(
                "{} cannot watch themself hide",
                data.characters[&ids[0]].name
            ))
        );
        assert_eq!(
            meet(
                &mut data,
                ids[0],
                Hazard::Hide {
                    observers: Vec::new(),
                    enemies: Vec::new(),
                },
                &[]
            ),
            Err(format!(
                "name the observers {} hides from",
                data.characters[&ids[0]].name
            ))
        );
    }

    /// Issue 22, fault 25: the scene's enemies can watch, and search, with
    /// the Perception the GM gives them.
    #[test]
    fn a_scenes_enemy_can_search_for_a_hider() {
        let (_dir, mut data) = super::common::demo();
        let hider = data.characters.keys().copied().next().expect("a hero");
        let guard = waybook_core::hazards::EnemyWatch {
            name: "Toll bandit 2".to_owned(),
            bonus: 3,
            searching: true,
        };
        // Stealth d20 2 against the bandit's Investigation d20 15 + 3.
        meet(
            &mut data,
            hider,
            Hazard::Hide {
                observers: Vec::new(),
                enemies: vec![guard],
            },
            &[2, 15],
        )
        .unwrap();
        let line = data.characters[&hider]
            .exploration
            .hazards
            .lines
            .last()
            .expect("a line")
            .clone();
        assert!(
            line.contains("Toll bandit 2's Investigation 18: found"),
            "{line}"
        );
    }
}

fn with_supplies(data: &mut CampaignData, supplies: i64) {
    let mut p = party(data).clone();
    p.supplies = supplies;
    data.apply(&Change::of(data.parties.get(&PARTY), Some(&p)));
}

/// To tonight's camp along the lane: no setback, a quiet benign day.
fn to_camp(data: &mut CampaignData) {
    step(data, TravelStep::Navigate(LANE), &[10]);
    step(data, TravelStep::Encounter(EncounterChoice::Die), &[9, 1]);
}

/// Issue 22, fault 1: "If they do not have enough or want to conserve
/// resources, they may choose which characters to distribute Supplies to":
/// allies too. With fewer Supplies than allies the camp is still made, and
/// with none at all it is made feeding nobody.
#[test]
fn a_camp_is_made_with_fewer_supplies_than_allies_and_with_none() {
    use waybook_core::travel::round::{check, default_orders};
    let mut data = campaign();
    with_supplies(&mut data, 1);
    to_camp(&mut data);
    let orders = default_orders(&data, PARTY, &[]);
    // Everyone fed who can be: Ana, the first hero; Bran and Cole unfed.
    assert_eq!(
        orders.heroes.iter().map(|o| o.fed).collect::<Vec<_>>(),
        [true, false]
    );
    assert_eq!(orders.unfed_allies, [CharacterId(3)]);
    let all_unfed = CampOrders {
        heroes: orders
            .heroes
            .iter()
            .map(|o| HeroOrder {
                fed: false,
                ..o.clone()
            })
            .collect(),
        unfed_allies: vec![CharacterId(3)],
        avoid_warned_ambush: true,
    };
    assert_eq!(check(&data, PARTY, &TravelStep::Camp(all_unfed)), Ok(()));
    step(&mut data, TravelStep::Camp(orders), &[10]);
    assert_eq!(party(&data).supplies, 0);
    let injuries =
        |id: CharacterId, data: &CampaignData| data.characters[&id].rounds.injuries.len();
    assert_eq!(
        (
            injuries(ANA, &data),
            injuries(BRAN, &data),
            injuries(CharacterId(3), &data)
        ),
        (0, 1, 1),
        "the unfed hero and the unfed ally each take an injury"
    );
    // "If the party is completely out of Supplies, they may not take the
    // Shelter or Cook actions until they have acquired more."
    to_camp(&mut data);
    let orders = default_orders(&data, PARTY, &[]);
    assert!(orders.heroes.iter().all(|o| o.action == Action::Recover));
    let cooking = camp_orders(Action::Cook, Action::Recover);
    assert_eq!(
        check(&data, PARTY, &cooking)
            .expect_err("no Supplies")
            .to_string(),
        "Ana cannot take Cook: the party is out of Supplies"
    );
    step(&mut data, TravelStep::Camp(orders), &[10]);
    assert_eq!(round(&data).next, RoundStep::Done, "the camp was made");
    assert_eq!(injuries(CharacterId(3), &data), 2);
    assert!(
        round(&data)
            .lines
            .iter()
            .any(|l| l.starts_with("The party is out of Supplies: nobody is fed")),
        "{:?}",
        round(&data).lines
    );
}

/// A Mend without a target is refused for what it is, not as if nobody
/// were taking Recover (issue 22, fault 13).
#[test]
fn a_mend_with_no_one_chosen_says_so() {
    let mut data = campaign();
    to_camp(&mut data);
    let said = waybook_core::travel::round::check(
        &data,
        PARTY,
        &camp_orders(Action::Mend, Action::Recover),
    )
    .expect_err("no target")
    .to_string();
    assert_eq!(said, "Ana has no one to mend: choose a hero taking Recover");
}

/// Issue 22, fault 3: from partway along a path the forecast starts where
/// the party is, with the rounds left on it in the direction it travels;
/// the way back is its own leg, read fresh.
#[test]
fn the_forecast_from_partway_along_a_path_starts_where_the_party_is() {
    let mut data = without_tokens(campaign());
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    let onward = forecast::route(&data, PARTY, HILL).expect("a route");
    assert_eq!(
        onward.from,
        "partway along path 1 (1 of 2 rounds done, toward Ford)"
    );
    assert_eq!(
        onward
            .paths
            .iter()
            .map(|p| (p.path, p.rounds_left))
            .collect::<Vec<_>>(),
        vec![(LANE, 1), (MOOR, 1)]
    );
    assert_eq!(
        (onward.paths[0].from.as_str(), onward.paths[0].to.as_str()),
        ("partway along path 1", "Ford")
    );
    // Issue 34, 12: "the players choose what direction along the path to
    // follow": back home is the one round made, turned back, not on to
    // Ford and the whole lane again.
    let back = forecast::route(&data, PARTY, HOME).expect("the way back");
    let legs: Vec<_> = back
        .paths
        .iter()
        .map(|p| (p.from.as_str(), p.to.as_str(), p.rounds_left))
        .collect();
    assert_eq!(legs, [("partway along path 1", "Home", 1)]);
    assert!(back.rounds_expected < onward.rounds_expected);
}

/// Issue 34, 12 and 13: between rounds the party turns back along its
/// path, the rounds it made now the rounds to go, and arrives where it set
/// out from; the route to where the party stands has no legs and no
/// rounds (never -0.0).
#[test]
fn a_party_turns_back_along_its_path_and_is_where_it_stands() {
    let mut data = without_tokens(campaign());
    assert!(
        waybook_core::travel::round::check(&data, PARTY, &TravelStep::TurnBack).is_err(),
        "at a place there is no way back to turn to"
    );
    to_camp(&mut data);
    let refused = waybook_core::travel::round::check(&data, PARTY, &TravelStep::TurnBack)
        .expect_err("mid-round");
    assert_eq!(
        refused.to_string(),
        "Walkers has a travel round to finish first"
    );
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    let edit = step(&mut data, TravelStep::TurnBack, &[]);
    assert_eq!(edit.label, "Walkers turns back along path 1 toward Home");
    let on = party(&data).travel.on_path.expect("on the lane");
    assert_eq!((on.toward, on.from, on.state.rounds_left), (HOME, FORD, 1));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    assert_eq!(party(&data).travel.place, Some(HOME), "home again");
    let here = forecast::route(&data, PARTY, HOME).expect("a forecast");
    assert!(here.paths.is_empty());
    assert!(here.rounds_expected == 0.0 && here.rounds_expected.is_sign_positive());
}

/// Issue 22, fault 4: Explore "gives the players a +2 to the result the
/// next time they pathfind", and the odds say so.
#[test]
fn the_odds_count_explores_plus_two_on_the_next_pathfind() {
    let mut data = campaign();
    let plain = forecast::path_odds(&data, PARTY, &data.paths[&LANE], HOME);
    // Difficulty 6: the d10 must show 7 or more; with +2, 5 or more.
    assert!((plain.p_setback - 0.6).abs() < 1e-12);
    let mut p = party(&data).clone();
    p.travel.explored = true;
    data.apply(&Change::of(data.parties.get(&PARTY), Some(&p)));
    let explored = forecast::path_odds(&data, PARTY, &data.paths[&LANE], HOME);
    assert!((explored.p_setback - 0.4).abs() < 1e-12);
    assert!(explored.explore);
    let route = forecast::route(&data, PARTY, HILL).expect("a route");
    assert!((route.paths[0].p_setback - 0.4).abs() < 1e-12);
    assert!(
        (route.paths[1].p_setback - 0.4).abs() < 1e-12,
        "Moor: difficulty 4, no Explore"
    );
    assert!(!route.paths[1].explore);
    assert!(
        route.rounds_expected
            < forecast::route(&campaign(), PARTY, HILL)
                .expect("plain")
                .rounds_expected
    );
}

/// Issue 22, fault 5: the forecast says how many Supplies are missing and at
/// which camp they run out; partway through a day it counts tonight's camp.
#[test]
fn the_forecast_says_when_the_supplies_run_out() {
    let mut data = without_tokens(campaign());
    with_supplies(&mut data, 4);
    let at_home = forecast::route(&data, PARTY, HILL).expect("a route");
    // Three to feed a camp: 4 Supplies feed the first camp, not the second.
    assert!(!at_home.tonight);
    assert_eq!(at_home.supplies_held, 4);
    assert_eq!(at_home.supplies_short, at_home.supplies_needed - 4);
    assert_eq!(at_home.runs_out_at_camp, Some(2));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    let tonight = forecast::route(&data, PARTY, HILL).expect("a route");
    assert!(tonight.tonight);
    let later: f64 = tonight.paths.iter().filter_map(|p| p.camps_expected).sum();
    assert_eq!(
        tonight.supplies_needed,
        (3.0 * later + 3.0).ceil() as i64,
        "tonight's camp counts"
    );
    assert_eq!(tonight.runs_out_at_camp, Some(2));
    assert!(
        tonight
            .supplies_said()
            .contains(&format!("{} short", tonight.supplies_short)),
        "{}",
        tonight.supplies_said()
    );
    with_supplies(&mut data, 1);
    let broke = forecast::route(&data, PARTY, HILL).expect("a route");
    assert_eq!(broke.runs_out_at_camp, Some(1));
    assert!(
        broke
            .supplies_said()
            .ends_with("running out at camp 1 (tonight)")
    );
}

/// The lane runs through a region whose d2 table gives "Snow" or "Clear"
/// and whose days keep yesterday's weather half the time.
fn with_region(data: &mut CampaignData) -> waybook_core::model::RegionId {
    use waybook_core::model::{Region, RegionId, TableDef, TableId};
    let table = TableDef::one_per_face(TableId(50), "Moor weather", &["Snow", "Clear"]);
    let mut settings = data.settings.clone();
    settings.calendar.seasons.clear();
    settings.weather_table = Some(table.id);
    let region = Region {
        keep_percent: 50,
        ..Region::new(RegionId(1), "Moor")
    };
    let mut home = data.places[&HOME].clone();
    home.region = Some(region.id);
    for change in [
        Change::of(Some(&data.settings), Some(&settings)),
        Change::of(None, Some(&table)),
        Change::of(None, Some(&region)),
        Change::of(data.places.get(&HOME), Some(&home)),
    ] {
        data.apply(&change);
    }
    region.id
}

#[test]
fn the_navigation_phase_reads_the_region_s_weather_and_divine_foretells_it() {
    // "To begin, the GM consults the appropriate weather table to determine
    // the day's weather." The lane starts at Home, in the Moor: its table.
    let mut data = campaign();
    let moor = with_region(&mut data);
    let navigation = play(
        &data,
        PARTY,
        &TravelStep::Navigate(LANE),
        &mut Dice::scripted(vec![1, 10]),
    )
    .expect("the step plays");
    // Issue 34, 33: the day's weather is said once in the log (and the
    // recap), not once for the round and again for the weather rolled.
    let logged = waybook_core::model::log::with_rolls(
        &data,
        waybook_core::model::LogKind::Travel,
        navigation.clone(),
        &[(2, 1), (10, 10)],
        "2026-12-04 20:00".into(),
    );
    let entry = logged
        .changes
        .iter()
        .find_map(|c| match c {
            Change::Log { after, .. } => after.clone(),
            _ => None,
        })
        .expect("an entry");
    let weather: Vec<&String> = entry.said.iter().filter(|l| l.contains("Snow")).collect();
    assert_eq!(weather.len(), 1, "{:?}", entry.said);
    for change in &navigation.changes {
        data.apply(change);
    }
    let today = data.settings.clock.day;
    assert_eq!(data.weather_on(moor, today).expect("kept").weather, "Snow");
    assert!(
        round(&data)
            .lines
            .iter()
            .any(|l| l == "Moor weather: d2 = 1: Snow"),
        "{:?}",
        round(&data).lines
    );
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    // "If the resulting number is below half their character's Mind
    // rounded down plus half their Caster rank rounded down, the GM should
    // consult the Weather Table to determine the following day's weather."
    // Ana's d10 1 divines; then the ambush d10; then tomorrow's weather in
    // the Moor: the d100 of 80 breaks the spell, the d2 gives Clear.
    let mut ana = data.characters[&ANA].clone();
    ana.rounds.ranks.caster = 2;
    data.apply(&Change::of(data.characters.get(&ANA), Some(&ana)));
    step(
        &mut data,
        camp_orders(Action::Divine, Action::Shelter),
        &[1, 10, 80, 2],
    );
    let tomorrow = data.weather_on(moor, today + 1).expect("foretold");
    assert_eq!(
        (tomorrow.weather.as_str(), tomorrow.foretold),
        ("Clear", true)
    );
    assert_eq!(data.settings.clock.day, today + 1);
    // Next day the lane goes on: no die for the weather, as it was told.
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    assert!(
        round(&data)
            .lines
            .iter()
            .any(|l| l == "Weather in Moor (foretold by last night's Divine): Clear"),
        "{:?}",
        round(&data).lines
    );
    assert_eq!(
        data.weather_on(moor, today).expect("kept").weather,
        "Snow",
        "yesterday stays as it fell"
    );
}

/// A campaign with three tables of two faces: "Ambushers", "Moor beasts"
/// and "Ford market".
fn with_encounter_tables() -> (CampaignData, [waybook_core::model::TableId; 3]) {
    let mut data = campaign();
    let ids = [
        waybook_core::model::TableId(101),
        waybook_core::model::TableId(102),
        waybook_core::model::TableId(103),
    ];
    for (id, (name, rows)) in ids.iter().zip([
        ("Ambushers", ["Two bandits", "Wolves, {1d4} of them"]),
        ("Moor beasts", ["A boar", "A bear"]),
        ("Ford market", ["Salt and rope", "A mule"]),
    ]) {
        let table = waybook_core::model::TableDef::one_per_face(*id, name, &rows);
        data.apply(&Change::of(None, Some(&table)));
    }
    (data, ids)
}

/// Issue 25: "if the result is less than or equal to the danger rating,
/// the players will be forced to engage in combat with a group of
/// warriors": which warriors, the path's own table says (its dice
/// included), else its region's.
#[test]
fn warriors_are_rolled_on_the_path_s_table_else_its_region_s() {
    let (mut data, [ambushers, beasts, _]) = with_encounter_tables();
    let mut lane = data.paths[&LANE].clone();
    lane.encounters.warriors = Some(ambushers);
    data.apply(&Change::of(data.paths.get(&LANE), Some(&lane)));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    // The encounter die 1 (danger 2: warriors), the table's d2 = 2, its d4 = 3.
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[1, 2, 3],
    );
    let lines = &round(&data).lines;
    assert!(
        lines
            .iter()
            .any(|l| l.contains("the path's warriors table") && l.ends_with(": Wolves, 3 of them")),
        "{lines:?}"
    );

    let (mut data, _) = with_encounter_tables();
    let region = waybook_core::model::Region {
        encounters: EncounterTables {
            warriors: Some(beasts),
            ..EncounterTables::default()
        },
        ..waybook_core::model::Region::new(waybook_core::model::RegionId(7), "The moor")
    };
    data.apply(&Change::of(None, Some(&region)));
    let mut lane = data.paths[&LANE].clone();
    lane.region = Some(region.id);
    data.apply(&Change::of(data.paths.get(&LANE), Some(&lane)));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[1, 2],
    );
    let lines = &round(&data).lines;
    assert!(
        lines
            .iter()
            .any(|l| l.contains("The moor's warriors table") && l.ends_with(": A bear")),
        "{lines:?}"
    );
}

/// "The players encounter a traveling merchant who is willing to sell them
/// a few supplies": what, the place they are bound for says.
#[test]
fn a_merchant_on_the_way_rolls_the_destination_s_merchant_table() {
    let (mut data, [_, _, market]) = with_encounter_tables();
    let mut ford = data.places[&FORD].clone();
    ford.merchant_table = Some(market);
    data.apply(&Change::of(data.places.get(&FORD), Some(&ford)));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    // The encounter die 5 (benign), the d6 6 (a Merchant), the market's d2 = 2.
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[5, 6, 2],
    );
    assert!(round(&data).merchant);
    let lines = &round(&data).lines;
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Ford's merchant table") && l.ends_with(": A mule")),
        "{lines:?}"
    );
}

/// A tied table that cannot be rolled (it rolls itself round) never holds
/// up the round: the line says why, and the GM says what is met.
#[test]
fn an_encounter_table_that_cannot_be_rolled_is_said_and_the_round_goes_on() {
    let (mut data, [ambushers, _, _]) = with_encounter_tables();
    let mut table = data.tables[&ambushers].clone();
    table.rows[0].result = "{roll: Ambushers}".to_owned();
    data.apply(&Change::of(data.tables.get(&ambushers), Some(&table)));
    let mut lane = data.paths[&LANE].clone();
    lane.encounters.warriors = Some(ambushers);
    data.apply(&Change::of(data.paths.get(&LANE), Some(&lane)));
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    step(&mut data, TravelStep::Encounter(EncounterChoice::Die), &[1]);
    assert_eq!(round(&data).next, RoundStep::Camping, "on to the camp");
    let lines = &round(&data).lines;
    assert!(
        lines.iter().any(
            |l| l.starts_with("The path's warriors table was not rolled") && l.contains("loop")
        ),
        "{lines:?}"
    );
}

/// Issue 34, item 25: the lane leaves the Moor for the Fen from its second
/// round; each round has the weather and the encounter tables of the
/// region it is travelled in.
#[test]
fn a_path_crossing_two_regions_has_each_stretch_s_weather_and_encounters() {
    use waybook_core::model::{Region, RegionId, Stretch, TableDef, TableId};
    // "To begin, the GM consults the appropriate weather table to determine
    // the day's weather."
    let mut data = campaign();
    let moor = with_region(&mut data);
    let warriors = TableDef::one_per_face(TableId(51), "Fen warriors", &["Bog raiders"]);
    let fen = Region {
        encounters: EncounterTables {
            warriors: Some(warriors.id),
            ..EncounterTables::default()
        },
        ..Region::new(RegionId(2), "Fen")
    };
    let mut lane = data.paths[&LANE].clone();
    lane.stretches = vec![Stretch {
        from_round: 2,
        region: fen.id,
    }];
    for change in [
        Change::of(None, Some(&warriors)),
        Change::of(None, Some(&fen)),
        Change::of(data.paths.get(&LANE), Some(&lane)),
    ] {
        data.apply(&change);
    }
    // Each region's weather for the day (Moor 1, Fen 2), then the d10.
    step(&mut data, TravelStep::Navigate(LANE), &[1, 2, 10]);
    assert_eq!(
        round(&data).region,
        Some(moor),
        "the first round is the Moor's"
    );
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    // The day's weather: the Moor's d100 80 breaks its spell and its d2 is
    // 1; the Fen keeps nothing and its d2 is 2; then the d10.
    step(&mut data, TravelStep::Navigate(LANE), &[80, 1, 2, 10]);
    assert_eq!(round(&data).region, Some(fen.id), "the second, the Fen's");
    assert!(
        (round(&data).lines.iter()).any(|l| l == "Fen weather: d2 = 2: Clear"),
        "its weather is the Fen's: {:?}",
        round(&data).lines
    );
    // Danger 2, threshold 8: the encounter die 1 is warriors; the Fen's d1.
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[1, 1],
    );
    assert!(
        (round(&data).lines.iter())
            .any(|l| l.contains("Fen's warriors table") && l.ends_with("Bog raiders")),
        "{:?}",
        round(&data).lines
    );
}

/// Issue 50, item 4: "Editing a path's rounds while a party is on it moves
/// the party: Col road from 1 to 3 rounds turned '1 of 1 rounds done'
/// into '3 of 3'. Rounds done stay done (1 of 3, 2 to go), or the edit is
/// refused while a round is in play, with the reason."
#[test]
fn a_paths_rounds_changed_keep_the_rounds_a_party_made() {
    use waybook_core::travel::{set_path_rounds, whereabouts};
    let mut data = without_tokens(campaign());
    step(&mut data, TravelStep::Navigate(LANE), &[9]);
    let lane = data.paths[&LANE].clone();
    assert_eq!(
        set_path_rounds(&data, &lane, 4).map(|_| ()),
        Err(TravelError::PathInPlay {
            party: "Walkers".into(),
            path: "path 1".into()
        }),
        "refused mid-round"
    );
    assert_eq!(
        TravelError::PathInPlay {
            party: "Walkers".into(),
            path: "path 1".into()
        }
        .to_string(),
        "Walkers's travel round along path 1 is in play: finish it before changing the path's rounds"
    );
    step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[9, 1],
    );
    step(&mut data, camp_orders(Action::Shelter, Action::Cook), &[10]);
    assert_eq!(
        whereabouts(&data, party(&data)),
        "On path 1 toward Ford: 1 of 2 rounds done"
    );
    let edit = set_path_rounds(&data, &data.paths[&LANE], 4).expect("between rounds");
    for change in &edit.changes {
        data.apply(change);
    }
    assert_eq!(data.paths[&LANE].rounds, 4);
    assert_eq!(
        whereabouts(&data, party(&data)),
        "On path 1 toward Ford: 1 of 4 rounds done",
        "the round made stays made"
    );
    assert_eq!(
        set_path_rounds(&data, &data.paths[&LANE], 0)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Err("Walkers has made 1 round along path 1: it keeps at least that many".into())
    );
}

/// Adds an animal of `breed` to the walkers, and returns it.
fn with_animal(data: &mut CampaignData, breed: &str) -> CharacterId {
    let added = waybook_core::edits::animals::add_animal(data, Some(PARTY), breed).expect("a type");
    data.apply_all(&added.edit.changes);
    added.id
}

/// The lane's `kind` encounter table, of these two rows.
fn with_lane_table(kind: Kind, rows: [&str; 2]) -> CampaignData {
    let (mut data, [table, ..]) = with_encounter_tables();
    let def = waybook_core::model::TableDef::one_per_face(table, "Lane encounters", &rows);
    data.apply(&Change::of(data.tables.get(&table), Some(&def)));
    let mut lane = data.paths[&LANE].clone();
    match kind {
        Kind::Hazard => lane.encounters.hazard = Some(table),
        _ => lane.encounters.warriors = Some(table),
    }
    data.apply(&Change::of(data.paths.get(&LANE), Some(&lane)));
    data
}

/// NOTES.md: "an animal is named only by entries of the GM's own tables".
/// The lane's hazard table says "Scree: {lame: Mule}": of the two mules a
/// d2 picks the second, who takes a Wound; undo gives it back.
#[test]
fn a_hazard_from_the_gms_table_lames_one_of_the_partys_mules() {
    let mut data = with_lane_table(Kind::Hazard, ["Scree: {lame: Mule}", "Mud"]);
    let mules = [
        with_animal(&mut data, "Mule"),
        with_animal(&mut data, "Mule"),
    ];
    let wounds = |data: &CampaignData, id: CharacterId| data.characters[&id].companion.wounds;
    let whole = wounds(&data, mules[1]);
    step(&mut data, TravelStep::Navigate(LANE), &[10]);
    // The encounter die 10 (a hazard), the table's d2 = 1, which mule d2 = 2.
    let edit = step(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &[10, 1, 2],
    );
    let lines = &round(&data).lines;
    assert!(
        lines.iter().any(|l| l.contains("the path's hazard table")
            && l.ends_with(": Scree: Mule 2 the Mule goes lame")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Which Mule: 1 Mule, 2 Mule 2: d2 = 2"),
        "{lines:?}"
    );
    assert_eq!(wounds(&data, mules[1]).current, whole.current - 1);
    assert_eq!(wounds(&data, mules[0]), whole, "the other mule is sound");
    assert!(
        lines.iter().any(|l| l.starts_with("Mule 2 takes a Wound")
            && l.contains("an animal's Wounds are a house rule")),
        "{lines:?}"
    );
    data.apply_all(&edit.inverse().changes);
    assert_eq!(wounds(&data, mules[1]), whole, "undone");
}

/// "they will be ambushed by warriors, and will have to fight an extra
/// warrior encounter": the lane's warriors table is rolled for it, and its
/// "{lost: Mule}" loses the mule that drew the cart: it leaves the party,
/// its team and the cart's load with it, and one undo brings all back.
#[test]
fn the_camps_ambush_rolls_the_warriors_table_and_loses_an_animal() {
    use waybook_core::edits::vehicles;
    let mut data = with_lane_table(
        Kind::Warriors,
        ["Wolves scatter the beasts: {lost: Mule}", "Two bandits"],
    );
    let mule = with_animal(&mut data, "Mule");
    let cart = vehicles::add_vehicle(&data, Some(PARTY), "Cart").expect("a cart");
    data.apply_all(&cart.edit.changes);
    let team = vehicles::set_team(&data, &data.vehicles[&cart.id], mule, true).expect("drawn");
    data.apply_all(&team.changes);
    let before = data.clone();
    to_camp(&mut data);
    // The ambush d10 = 1 (danger 2: at most 1), then the table's d2 = 1.
    let edit = step(
        &mut data,
        camp_orders(Action::Shelter, Action::Shelter),
        &[1, 1],
    );
    let lines = &round(&data).lines;
    assert!(lines.iter().any(|l| l.starts_with("Ambush!")), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("Wolves scatter the beasts: Mule the Mule is lost")),
        "{lines:?}"
    );
    assert_eq!(data.characters[&mule].party, None, "lost to the party");
    assert!(
        data.vehicles[&cart.id].team.is_empty(),
        "and to the cart's team"
    );
    data.apply_all(&edit.inverse().changes);
    assert_eq!(data.characters[&mule], before.characters[&mule]);
    assert_eq!(
        data.vehicles[&cart.id].team,
        vec![mule],
        "undone, it draws again"
    );
}
