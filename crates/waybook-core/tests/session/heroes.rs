//! Heroes against the Travellers' Companion: missions and the XP ledger,
//! the advances offered with every limit, taking and taking back, the
//! Traveller's memories, the injury roll, advances written as free text in
//! older files read as records; and the fight's rules as the Scene screen
//! books them (activations, Toughness, the boss rule, cults, still down).

use crate::common;

use waybook_core::heroes::{self, HeroStep, Offer};
use waybook_core::model::{
    AdvanceKind, CampaignData, Character, CharacterId, CharacterKind, Memory, Mission, MissionId,
};
use waybook_core::store::Campaign;
use waybook_rules::dice::Dice;

fn named<'a>(data: &'a CampaignData, name: &str) -> &'a Character {
    data.characters
        .values()
        .find(|c| c.name == name)
        .expect("in the demo")
}

fn play(data: &mut CampaignData, step: HeroStep, faces: &[u32]) -> Result<(), String> {
    let mut dice = Dice::scripted(faces.to_vec());
    let edit = heroes::play(data, &step, &mut dice).map_err(|e| e.to_string())?;
    for change in &edit.changes {
        data.apply(change);
    }
    Ok(())
}

fn offer<'a>(offers: &'a [Offer], kind: AdvanceKind, what: &str) -> &'a Offer {
    offers
        .iter()
        .find(|o| o.kind == kind && o.what == what)
        .expect("offered")
}

fn advance(
    data: &mut CampaignData,
    who: &str,
    kind: AdvanceKind,
    what: &str,
) -> Result<(), String> {
    let character = named(data, who).id;
    play(
        data,
        HeroStep::Advance {
            character,
            kind,
            what: what.to_owned(),
        },
        &[],
    )
}

fn give_xp(data: &mut CampaignData, who: &str, xp: i64) {
    let id = named(data, who).id;
    let mission = Mission::new(
        MissionId(0),
        "Test mission",
        None,
        data.settings.clock,
        vec![heroes::award_for(id, xp, &[], false)],
    );
    play(data, HeroStep::Award(mission), &[]).expect("awarded");
}

/// "At the end of each mission, every hero who took part earns experience
/// (XP)": the ledger keeps the mission, its date and reasons, and the XP is
/// the hero's; the file keeps it all.
#[test]
fn a_mission_goes_into_the_ledger_and_onto_the_heroes_xp() {
    let (dir, data) = common::demo();
    let ash = named(&data, "Ash Varnell");
    let ledger = heroes::ledger(&data, ash.id);
    assert_eq!(ledger.len(), 1);
    let (mission, award) = ledger[0];
    assert_eq!(mission.name, "Clear the Salt Road of bandits");
    assert_eq!(award.xp, 4);
    assert_eq!(
        award.reasons,
        ["Took part in the mission", "Reached the mission's goal"]
    );
    assert_eq!(
        ash.companion.xp, 9,
        "5 before the demo's mission, 4 from it"
    );
    let reopened = Campaign::open(&dir.path().join("d.waybook"))
        .expect("opens")
        .load()
        .expect("loads");
    assert_eq!(reopened.missions, data.missions);
    assert_eq!(heroes::ledger_total(&heroes::ledger(&reopened, ash.id)), 4);
}

#[test]
fn a_mission_needs_a_name_and_someone_who_took_part() {
    let (_dir, mut data) = common::demo();
    let mission = Mission::new(MissionId(0), "  ", None, data.settings.clock, Vec::new());
    assert_eq!(
        play(&mut data, HeroStep::Award(mission.clone()), &[]),
        Err("name the mission first".to_owned())
    );
    let unnamed = Mission {
        name: "Watch the ford".to_owned(),
        ..mission
    };
    assert_eq!(
        play(&mut data, HeroStep::Award(unnamed), &[]),
        Err("tick at least one hero who took part".to_owned())
    );
}

/// "every hero who took part earns experience": the Traveller never
/// levels ("The Traveller never levels up. Instead ... he remembers") and
/// allies are not heroes, so a mission awarding either is refused, naming
/// them, and nothing is awarded.
#[test]
fn a_mission_awarding_the_traveller_or_an_ally_is_refused() {
    let (_dir, mut data) = common::demo();
    for (who, why) in [
        (
            "The Traveller",
            "the Traveller never levels up; he remembers instead",
        ),
        (
            "Marta the Guide",
            "Marta the Guide is not a hero (ally): only heroes earn XP and level up",
        ),
    ] {
        let c = named(&data, who).clone();
        assert!(!heroes::earns_xp(&c));
        let mission = Mission::new(
            MissionId(0),
            "Watch the ford",
            None,
            data.settings.clock,
            vec![heroes::award_for(c.id, 2, &[], false)],
        );
        assert_eq!(
            play(&mut data, HeroStep::Award(mission), &[]),
            Err(why.to_owned())
        );
        assert_eq!(named(&data, who).companion.xp, c.companion.xp);
    }
    assert!(heroes::earns_xp(named(&data, "Ash Varnell")));
}

/// "Heroes reach level 2 at 4 XP, level 3 at 9, level 4 at 15 and level 5 at
/// 22. Each level gives one advance".
#[test]
fn advances_are_owed_one_per_level_gained() {
    let (_dir, mut data) = common::demo();
    let ash = named(&data, "Ash Varnell");
    assert_eq!((heroes::level(ash), heroes::owed(ash)), (Some(3), 1));
    give_xp(&mut data, "Ash Varnell", 6);
    let ash = named(&data, "Ash Varnell");
    assert_eq!((heroes::level(ash), heroes::owed(ash)), (Some(4), 2));
    assert_eq!(heroes::owed_line(ash).as_deref(), Some("2 advances owed"));
    advance(&mut data, "Ash Varnell", AdvanceKind::Wounds, "").expect("taken");
    advance(&mut data, "Ash Varnell", AdvanceKind::Talent, "Iron Grip").expect("taken");
    let ash = named(&data, "Ash Varnell");
    assert_eq!(heroes::owed(ash), 0);
    let levels: Vec<i64> = ash.companion.advances.iter().map(|a| a.level).collect();
    assert_eq!(levels, [2, 3, 4]);
    let offers = heroes::offers(ash, "", "Lucky", "");
    assert_eq!(
        offer(&offers, AdvanceKind::Wounds, "").refused.as_deref(),
        Some("no advance is owed: level 4 gives 3, and 3 are taken")
    );
}

/// "+1 Wounds or +1 Toughness (twice each at most)", and "Taking an advance
/// changes the stat it names".
#[test]
fn toughness_twice_at_most_and_each_advance_raises_its_track() {
    let (_dir, mut data) = common::demo();
    give_xp(&mut data, "Ash Varnell", 13); // 22 XP: level 5, 3 owed
    let before = named(&data, "Ash Varnell").companion.toughness;
    advance(&mut data, "Ash Varnell", AdvanceKind::Toughness, "").expect("the second");
    let ash = named(&data, "Ash Varnell");
    assert_eq!(ash.companion.toughness.max, before.max + 1);
    let offers = heroes::offers(ash, "", "", "");
    assert_eq!(
        offer(&offers, AdvanceKind::Toughness, "")
            .refused
            .as_deref(),
        Some("+1 Toughness is taken twice already; at most twice")
    );
    assert_eq!(offer(&offers, AdvanceKind::Wounds, "").refused, None);
}

/// "a D10 stat improved by 1 (once each, never better than 3+)" and
/// "Quality or Defence improved by 1 (once each, never better than 4+)".
#[test]
fn stats_once_each_and_never_better_than_their_limit() {
    let (_dir, mut data) = common::demo();
    give_xp(&mut data, "Ash Varnell", 13);
    // Ash: Will 5+, Dexterity 4+.
    advance(&mut data, "Ash Varnell", AdvanceKind::Stat, "Dexterity").expect("4+ to 3+");
    let ash = named(&data, "Ash Varnell");
    let dexterity = |c: &Character| {
        c.companion
            .stats
            .iter()
            .find(|s| s.name == "Dexterity")
            .map(|s| s.value)
    };
    assert_eq!(dexterity(ash), Some(3));
    let offers = heroes::offers(ash, "", "", "");
    assert_eq!(
        offer(&offers, AdvanceKind::Stat, "Dexterity")
            .refused
            .as_deref(),
        Some("Dexterity is improved already; each at most once")
    );
    assert_eq!(offer(&offers, AdvanceKind::Stat, "Will").refused, None);
    let quality = ash.companion.quality;
    advance(&mut data, "Ash Varnell", AdvanceKind::Quality, "").expect("once");
    assert_eq!(named(&data, "Ash Varnell").companion.quality, quality - 1);
    let offers = heroes::offers(named(&data, "Ash Varnell"), "", "", "");
    assert_eq!(
        offer(&offers, AdvanceKind::Quality, "").refused.as_deref(),
        Some("Quality is improved already; each at most once")
    );
    let mut at_best = named(&data, "Brother Ilo").clone();
    at_best.companion.defence = 4;
    let offers = heroes::offers(&at_best, "", "", "");
    assert_eq!(
        offer(&offers, AdvanceKind::Defence, "").refused.as_deref(),
        Some("Defence is 4+ already; it can never be better than 4+")
    );
}

/// "A Pilgrim may take one Cleric power"; "The Traveller never levels up."
#[test]
fn a_cleric_power_only_for_a_pilgrim_once_and_the_traveller_never() {
    let (_dir, mut data) = common::demo();
    give_xp(&mut data, "Brother Ilo", 12); // 22 XP
    let ilo = named(&data, "Brother Ilo");
    let offers = heroes::offers(ilo, "", "", "Bless");
    assert!(
        offers.iter().all(|o| o.kind != AdvanceKind::Cleric),
        "no Cleric power is offered to a hero who is not a Pilgrim"
    );
    assert_eq!(
        heroes::offer(ilo, AdvanceKind::Cleric, "Bless")
            .refused
            .as_deref(),
        Some("only a Pilgrim may take a Cleric power")
    );
    let mut pilgrim = ilo.clone();
    pilgrim.companion.pilgrim = true;
    data.characters.insert(pilgrim.id, pilgrim);
    advance(&mut data, "Brother Ilo", AdvanceKind::Cleric, "Bless").expect("a Pilgrim's one");
    let ilo = named(&data, "Brother Ilo");
    assert!(ilo.companion.powers.contains(&"Bless".to_owned()));
    // Issue 22, fault 19: the Cleric power is cast from the list once.
    assert_eq!(heroes::known_powers(ilo), ["Sure Step", "Bless"]);
    let offers = heroes::offers(ilo, "", "", "Smite");
    assert_eq!(
        offer(&offers, AdvanceKind::Cleric, "Smite")
            .refused
            .as_deref(),
        Some("a Pilgrim may take one Cleric power, and this one has")
    );
    let traveller = named(&data, "The Traveller");
    assert!(heroes::offers(traveller, "", "", "").iter().all(
        |o| o.refused.as_deref() == Some("the Traveller never levels up; he remembers instead")
    ));
}

/// A level-up taken back restores the stat it changed.
#[test]
fn an_advance_taken_back_restores_the_stat() {
    let (_dir, mut data) = common::demo();
    let before = named(&data, "Ash Varnell").clone();
    advance(&mut data, "Ash Varnell", AdvanceKind::Stat, "Will").expect("5+ to 4+");
    assert_ne!(
        named(&data, "Ash Varnell").companion.stats,
        before.companion.stats
    );
    play(
        &mut data,
        HeroStep::TakeBack {
            character: before.id,
            index: 1,
        },
        &[],
    )
    .expect("taken back");
    assert_eq!(named(&data, "Ash Varnell"), &before);
    assert_eq!(
        play(
            &mut data,
            HeroStep::TakeBack {
                character: before.id,
                index: 5,
            },
            &[],
        ),
        Err("Ash Varnell has no advance 6 to take back".to_owned())
    );
}

/// The mission "The burning mill" awarded, Ash Varnell down at its end:
/// Ash's id and the mission's.
fn ash_down_at_the_burning_mill(data: &mut CampaignData) -> (CharacterId, MissionId) {
    let ash = named(data, "Ash Varnell").id;
    let mission = Mission::new(
        MissionId(0),
        "The burning mill",
        None,
        data.settings.clock,
        vec![heroes::award_for(ash, 2, &[], true)],
    );
    play(data, HeroStep::Award(mission), &[]).expect("awarded");
    (ash, *data.missions.keys().last().expect("the mission"))
}

/// "Heroes who are down at the end of a mission roll on the injury table."
#[test]
fn a_hero_down_at_the_end_rolls_on_the_injury_table() {
    let (_dir, mut data) = common::demo();
    let (ash, id) = ash_down_at_the_burning_mill(&mut data);
    let table = data
        .tables
        .values()
        .find(|t| t.name == "injury")
        .expect("the starter injury table")
        .clone();
    play(
        &mut data,
        HeroStep::Injury {
            mission: id,
            character: ash,
        },
        &[4],
    )
    .expect("rolled");
    let row = table
        .rows
        .iter()
        .find(|r| r.from <= 4 && 4 <= r.to)
        .expect("a row for 4");
    assert_eq!(
        named(&data, "Ash Varnell").companion.injuries.last(),
        Some(&row.result)
    );
    assert_eq!(
        data.missions[&id].awards[0].injury.as_ref(),
        Some(&row.result)
    );
    // Issue 22, fault 28: the demo's injury table is Waybook's suggestion
    // (the texts name the table but give none), and its roll says so.
    assert!(table.suggested);
    assert_eq!(
        data.missions[&id].lines.last(),
        Some(&format!(
            "Ash Varnell, down at the end: injury (Waybook's suggestion, not the rule texts'): d6 = 4: {}",
            row.result
        ))
    );
    assert_eq!(
        play(
            &mut data,
            HeroStep::Injury {
                mission: id,
                character: ash
            },
            &[4]
        ),
        Err("Ash Varnell's injury is rolled already".to_owned())
    );
}

/// Issue 22, fault 28: an injury table that still holds Waybook's
/// placeholder is not rolled on: its row would write no injury.
#[test]
fn a_placeholder_injury_table_is_not_rolled_on() {
    let (_dir, mut data) = common::demo();
    let mut table = data
        .tables
        .values()
        .find(|t| t.name == "injury")
        .expect("the injury table")
        .clone();
    // As a campaign made before the starter tables has it.
    table.rows = waybook_rules::tables::builtin_table("injury")
        .expect("the rule texts' placeholder")
        .rows
        .into_iter()
        .map(|r| waybook_core::model::TableRowDef {
            from: r.from,
            to: r.to,
            result: r.result,
        })
        .collect();
    data.apply(&waybook_core::model::Change::Table {
        before: data.tables.get(&table.id).cloned(),
        after: Some(table),
    });
    let (ash, id) = ash_down_at_the_burning_mill(&mut data);
    assert_eq!(
        play(
            &mut data,
            HeroStep::Injury {
                mission: id,
                character: ash
            },
            &[4]
        ),
        Err("the \"injury\" table still holds Waybook's placeholder: write its rows on the Dice and rules screen first".to_owned())
    );
}

/// "as the campaign goes on, he remembers": memories with their mission.
#[test]
fn the_traveller_remembers_and_the_file_keeps_it() {
    let (dir, data) = common::demo();
    let traveller = named(&data, "The Traveller");
    assert_eq!(traveller.kind, CharacterKind::Traveller);
    assert_eq!(traveller.companion.memories.len(), 2);
    let mut data = data.clone();
    assert_eq!(
        play(
            &mut data,
            HeroStep::Remember {
                character: traveller.id,
                memory: Memory {
                    text: " ".to_owned(),
                    mission: None
                },
            },
            &[]
        ),
        Err("write what the Traveller remembers first".to_owned())
    );
    let reopened = Campaign::open(&dir.path().join("d.waybook"))
        .expect("opens")
        .load()
        .expect("loads");
    assert_eq!(
        named(&reopened, "The Traveller").companion.memories,
        traveller.companion.memories
    );
}

/// Files written before advances were records keep their free text: read
/// as the record it names where it can be, a note where not.
#[test]
fn free_text_advances_in_an_older_file_are_read_as_records() {
    let (dir, data) = common::demo();
    let path = dir.path().join("d.waybook");
    let ash = named(&data, "Ash Varnell").id;
    let conn = rusqlite::Connection::open(&path).expect("opens");
    conn.execute(
        "UPDATE character SET c_advances = ?1 WHERE id = ?2",
        rusqlite::params![
            r#"["+1 Toughness", "Will 5+ → 4+", "saved the ferryman"]"#,
            ash.0
        ],
    )
    .expect("written as an older Waybook did");
    drop(conn);
    let reopened = Campaign::open(&path).expect("opens").load().expect("loads");
    let kinds: Vec<(i64, AdvanceKind, &str)> = named(&reopened, "Ash Varnell")
        .companion
        .advances
        .iter()
        .map(|a| (a.level, a.kind, a.what.as_str()))
        .collect();
    assert_eq!(
        kinds,
        [
            (2, AdvanceKind::Toughness, ""),
            (3, AdvanceKind::Stat, "Will"),
            (4, AdvanceKind::Note, "saved the ferryman"),
        ]
    );
}

/// A deleted hero takes their ledger with them, so the file still exports
/// and imports whole.
#[test]
fn a_deleted_hero_leaves_the_missions_and_the_export_still_reads() {
    let (_dir, mut data) = common::demo();
    let ash = named(&data, "Ash Varnell").id;
    let edit =
        waybook_core::edits::delete_characters(&data, &[ash], waybook_core::edits::KitFate::Drop)
            .expect("deleted");
    for change in &edit.changes {
        data.apply(change);
    }
    assert!(heroes::ledger(&data, ash).is_empty());
    assert_eq!(
        data.missions.values().next().map(|m| m.awards.len()),
        Some(3)
    );
    let json = waybook_core::model::document::Document::of(&data).to_json();
    assert!(waybook_core::model::document::Document::parse(&json).is_ok());
}

/// An export written before advances were records (format version 3) is
/// read with its advances' text as records.
#[test]
fn an_older_export_with_free_text_advances_imports_as_records() {
    let (_dir, data) = common::demo();
    let json = waybook_core::model::document::Document::of(&data).to_json();
    let mut doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    doc["version"] = 3.into();
    doc.as_object_mut().expect("an object").remove("missions");
    for c in doc["characters"].as_array_mut().expect("characters") {
        c["companion"]["advances"] = serde_json::json!(["+1 Wounds", "Talent: Lucky"]);
        let companion = c["companion"].as_object_mut().expect("companion");
        companion.remove("memories");
        companion.remove("pilgrim");
    }
    let read = waybook_core::model::document::Document::parse(&doc.to_string()).expect("reads");
    let advances = &read.characters[0].companion.advances;
    assert_eq!(
        advances
            .iter()
            .map(|a| (a.level, a.kind, a.what.as_str()))
            .collect::<Vec<_>>(),
        [
            (2, AdvanceKind::Wounds, ""),
            (3, AdvanceKind::Talent, "Lucky")
        ]
    );
}

/// An advance taken back leaves its level open; the next one fills it.
#[test]
fn the_next_advance_fills_the_level_taken_back() {
    let (_dir, mut data) = common::demo();
    give_xp(&mut data, "Ash Varnell", 6); // 15 XP: level 4
    advance(&mut data, "Ash Varnell", AdvanceKind::Wounds, "").expect("level 3");
    let id = named(&data, "Ash Varnell").id;
    play(
        &mut data,
        HeroStep::TakeBack {
            character: id,
            index: 0,
        },
        &[],
    )
    .expect("level 2 back");
    advance(&mut data, "Ash Varnell", AdvanceKind::Talent, "Lucky").expect("fills level 2");
    let levels: Vec<(i64, AdvanceKind)> = named(&data, "Ash Varnell")
        .companion
        .advances
        .iter()
        .map(|a| (a.level, a.kind))
        .collect();
    assert_eq!(levels, [(3, AdvanceKind::Wounds), (2, AdvanceKind::Talent)]);
}

mod fight {
    use super::{CampaignData, Dice, named};
    use waybook_core::model::scene::{Action, Combatant, Tier};
    use waybook_core::model::{Change, Cult, CultSide, Edit, SceneId, SceneMode};
    use waybook_core::scene::{self, FightStep, SceneStep};

    fn step(data: &mut CampaignData, step: SceneStep, faces: &[u32]) -> Result<(), String> {
        let mut dice = Dice::scripted(faces.to_vec());
        let edit = scene::play(data, &step, &mut dice).map_err(|e| e.to_string())?;
        edit.changes.iter().for_each(|c| data.apply(c));
        Ok(())
    }

    fn fight(
        data: &mut CampaignData,
        id: SceneId,
        s: FightStep,
        faces: &[u32],
    ) -> Result<(), String> {
        step(data, SceneStep::Fight { scene: id, step: s }, faces)
    }

    fn activate(data: &mut CampaignData, id: SceneId, who: Combatant) {
        fight(data, id, FightStep::Activate { who }, &[]).expect("activated");
    }

    /// A fight of the demo party against one enemy of `tier`, round 1 begun.
    fn begun(tier: Tier, boss_rule: bool, cult: Option<Cult>) -> (CampaignData, SceneId) {
        let (_dir, mut data) = super::common::demo();
        let party = named(&data, "Ash Varnell").party;
        let cult_id = cult.as_ref().map(|c| c.id);
        if let Some(c) = cult {
            let edit = Edit::new("Add a lesser god", vec![Change::of(None, Some(&c))]);
            edit.changes.iter().for_each(|ch| data.apply(ch));
        }
        let id = data.next_id::<waybook_core::model::Scene>();
        step(
            &mut data,
            SceneStep::Start {
                name: "Test fight".into(),
                party,
                mode: SceneMode::Combat,
                threat: 0,
                new_scenario: true,
            },
            &[],
        )
        .expect("started");
        fight(
            &mut data,
            id,
            FightStep::AddEnemies {
                name: "Foe".into(),
                tier,
                count: 1,
                cult: cult_id,
                bright: false,
                boss_rule,
            },
            &[],
        )
        .expect("added");
        let heroes = data.members(party.expect("a party")).count();
        // Threat 10 (no event at Threat 0), then everyone's priority, then the boss D10.
        step(
            &mut data,
            SceneStep::Begin { scene: id },
            &vec![10; heroes + 2],
        )
        .expect("begun");
        (data, id)
    }

    fn lines(data: &CampaignData, id: SceneId) -> Vec<String> {
        data.scenes[&id].lines.clone()
    }

    /// "each takes 2 actions"; "Spend 2 for a third action once per round."
    #[test]
    fn two_actions_a_third_for_two_toughness_once_a_round() {
        let (mut data, id) = begun(Tier::Minion, false, None);
        let ash = named(&data, "Ash Varnell").id;
        activate(&mut data, id, Combatant::Hero(ash));
        for _ in 0..2 {
            fight(
                &mut data,
                id,
                FightStep::Act {
                    action: Action::Move,
                },
                &[],
            )
            .unwrap();
        }
        assert_eq!(
            fight(
                &mut data,
                id,
                FightStep::Act {
                    action: Action::Move
                },
                &[]
            ),
            Err(
                "Ash Varnell has taken both actions (a third costs 2 Toughness, once per round)"
                    .into()
            )
        );
        let toughness = named(&data, "Ash Varnell").companion.toughness.current;
        fight(&mut data, id, FightStep::ThirdAction, &[]).unwrap();
        assert_eq!(
            named(&data, "Ash Varnell").companion.toughness.current,
            toughness - 2
        );
        fight(
            &mut data,
            id,
            FightStep::Act {
                action: Action::Move,
            },
            &[],
        )
        .unwrap();
        assert!(
            fight(&mut data, id, FightStep::ThirdAction, &[])
                .unwrap_err()
                .contains("a third action can be bought once per round")
        );
    }

    /// "Roll a D10 at the start of each round. He uses Toughness only as
    /// armour." NOTES.md: "Toughness that only cancels wounds (never a third
    /// action, a reroll or Rest)".
    #[test]
    fn the_boss_rule_rolls_a_d10_each_round_and_keeps_toughness_for_armour() {
        let (mut data, id) = begun(Tier::Boss, true, None);
        assert!(
            lines(&data, id)
                .iter()
                .any(|l| l == "Foe's D10 at the start of the round: 10.")
        );
        activate(&mut data, id, Combatant::Enemy(0));
        assert_eq!(
            fight(&mut data, id, FightStep::ThirdAction, &[]),
            Err("Foe uses Toughness only as armour: no third action, no reroll, no Rest".into())
        );
        // But it cancels wounds: 2 wounds, 2 cancelled out of the boss's 3.
        fight(
            &mut data,
            id,
            FightStep::Harm {
                who: Combatant::Enemy(0),
                wounds: 2,
                cancel: 2,
            },
            &[],
        )
        .unwrap();
        let boss = &data.scenes[&id].enemies[0];
        assert_eq!((boss.wounds.current, boss.toughness.current), (6, 1));
    }

    /// "apply its cult rule. Elites and above carry the cult's trait."
    #[test]
    fn a_cults_rule_on_every_model_its_trait_on_elites_and_above() {
        let cult = Cult {
            id: waybook_core::model::CultId(1),
            god: "Morrow".into(),
            bright: CultSide::default(),
            dark: CultSide {
                name: "The Drowned Toll".into(),
                rule: "Wet rule".into(),
                trait_: "Hook-chain".into(),
            },
        };
        for (tier, carries) in [
            (Tier::Minion, false),
            (Tier::Elite, true),
            (Tier::Boss, true),
        ] {
            let (data, id) = begun(tier, false, Some(cult.clone()));
            let added = lines(&data, id)
                .into_iter()
                .find(|l| l.starts_with("Foe joins"))
                .expect("added");
            assert!(added.contains("cult rule: Wet rule"), "{added}");
            assert_eq!(added.contains("trait: Hook-chain"), carries, "{added}");
        }
    }

    /// "Still down at the end of the following round? Roll a D6 after the
    /// scenario." (read on the campaign's injury table).
    #[test]
    fn a_hero_still_down_a_round_later_rolls_a_d6_after_the_scenario() {
        let (mut data, id) = begun(Tier::Minion, false, None);
        let ilo = named(&data, "Brother Ilo").id;
        fight(
            &mut data,
            id,
            FightStep::Harm {
                who: Combatant::Hero(ilo),
                wounds: 9,
                cancel: 0,
            },
            &[],
        )
        .unwrap();
        assert_eq!(data.scenes[&id].down.len(), 1);
        let heroes = data
            .members(named(&data, "Ash Varnell").party.unwrap())
            .count();
        step(&mut data, SceneStep::End { scene: id }, &[]).unwrap();
        assert!(!data.scenes[&id].down[0].still_down, "down this round");
        step(
            &mut data,
            SceneStep::Begin { scene: id },
            &vec![10; heroes + 1],
        )
        .unwrap();
        step(&mut data, SceneStep::End { scene: id }, &[]).unwrap();
        assert!(data.scenes[&id].down[0].still_down);
        let injuries = named(&data, "Brother Ilo").companion.injuries.len();
        // The row the d6 reads rolls its own dice, as any table's row may.
        let mut table = data
            .tables
            .values()
            .find(|t| t.name == "injury")
            .unwrap()
            .clone();
        let row = table
            .rows
            .iter_mut()
            .find(|r| r.from <= 2 && 2 <= r.to)
            .unwrap();
        row.result = "Twisted ankle for {1d3} days".to_owned();
        data.apply(&waybook_core::model::Change::of(
            data.tables.get(&table.id),
            Some(&table),
        ));
        step(&mut data, SceneStep::Finish { scene: id }, &[2, 3]).unwrap();
        let ilo_now = &named(&data, "Brother Ilo").companion;
        assert_eq!(ilo_now.injuries.len(), injuries + 1);
        assert_eq!(
            ilo_now.injuries.last().map(String::as_str),
            Some("Twisted ankle for 3 days")
        );
    }

    /// "Leaving base contact lets each enemy touching you make one free
    /// attack with 1 die."
    #[test]
    fn leaving_contact_gives_each_touching_enemy_one_die() {
        let (mut data, id) = begun(Tier::Minion, false, None);
        let ash = named(&data, "Ash Varnell").id;
        activate(&mut data, id, Combatant::Hero(ash));
        let wounds = named(&data, "Ash Varnell").companion.wounds.current;
        // One die: a 6 hits, a 1 fails the block.
        fight(
            &mut data,
            id,
            FightStep::LeaveContact {
                enemies: vec![0],
                toughness: 0,
            },
            &[6, 1],
        )
        .unwrap();
        assert_eq!(
            named(&data, "Ash Varnell").companion.wounds.current,
            wounds - 1
        );
        let scene = &data.scenes[&id];
        assert_eq!(
            scene.activation.as_ref().unwrap().actions,
            vec![Action::Move]
        );
    }

    /// "Spend one per test ... or add it as an extra attack die"; "You can
    /// give one to another hero"; "Hold up to 3."
    #[test]
    fn a_wild_die_given_never_above_three() {
        let (mut data, id) = begun(Tier::Minion, false, None);
        let (ash, ilo) = (
            named(&data, "Ash Varnell").id,
            named(&data, "Brother Ilo").id,
        );
        // Ash and Brother Ilo hold the demo's one each; the GM gives Ilo a second.
        let held = |data: &CampaignData, who| named(data, who).companion.wild_dice;
        let award = SceneStep::Award {
            scene: id,
            character: ilo,
            reason: "A strong success".into(),
            night: "2026-12-01".into(),
        };
        step(&mut data, award, &[]).unwrap();
        let before = held(&data, "Brother Ilo");
        assert_eq!((held(&data, "Ash Varnell"), before), (1, 2));
        fight(&mut data, id, FightStep::Give { from: ash, to: ilo }, &[]).unwrap();
        assert_eq!(
            (held(&data, "Ash Varnell"), held(&data, "Brother Ilo")),
            (0, 3)
        );
        let sefa = named(&data, "Sefa Qorrin").id;
        let award = SceneStep::Award {
            scene: id,
            character: sefa,
            reason: "A strong success".into(),
            night: "2026-12-01".into(),
        };
        step(&mut data, award, &[]).unwrap();
        assert_eq!(
            fight(
                &mut data,
                id,
                FightStep::Give {
                    from: sefa,
                    to: ilo
                },
                &[]
            ),
            Err("Brother Ilo holds 3 wild dice already: a hero holds at most 3".into())
        );
        assert_eq!(
            fight(&mut data, id, FightStep::Give { from: ash, to: ilo }, &[]),
            Err("Ash Varnell holds no wild die to spend".into())
        );
    }

    /// One scene at a time: a second one is refused while the first runs.
    #[test]
    fn a_scene_is_not_started_while_another_is_played() {
        let (mut data, _id) = begun(Tier::Minion, false, None);
        let party = named(&data, "Ash Varnell").party;
        let again = SceneStep::Start {
            name: "Another".into(),
            party,
            mode: SceneMode::Exploration,
            threat: 0,
            new_scenario: false,
        };
        assert_eq!(
            step(&mut data, again, &[]),
            Err("“Test fight” is still being played: end it first".into())
        );
    }

    /// "At 0 Wounds a hero is down": a downed hero neither rests nor takes
    /// more wounds; "revive them with a Narrative action (Will or
    /// Dexterity)": no other stat.
    #[test]
    fn the_downed_do_not_rest_and_a_revive_is_will_or_dexterity() {
        let (mut data, id) = begun(Tier::Minion, false, None);
        let (ash, ilo) = (
            named(&data, "Ash Varnell").id,
            named(&data, "Brother Ilo").id,
        );
        let hero = Combatant::Hero(ilo);
        fight(
            &mut data,
            id,
            FightStep::Harm {
                who: hero,
                wounds: 9,
                cancel: 0,
            },
            &[],
        )
        .unwrap();
        assert_eq!(
            fight(&mut data, id, FightStep::Rest { who: hero }, &[2]),
            Err("Brother Ilo is down".into())
        );
        assert_eq!(
            fight(
                &mut data,
                id,
                FightStep::Harm {
                    who: hero,
                    wounds: 1,
                    cancel: 1
                },
                &[]
            ),
            Err("Brother Ilo is down".into())
        );
        // Ash's third stat is not Will or Dexterity.
        let mut ash_sheet = named(&data, "Ash Varnell").clone();
        ash_sheet
            .companion
            .stats
            .push(waybook_core::model::NamedStat::new("Lore", 4));
        let before = named(&data, "Ash Varnell").clone();
        data.apply(&waybook_core::model::Change::character(
            Some(&before),
            Some(&ash_sheet),
        ));
        let revive = |stat| FightStep::Revive {
            ally: ash,
            downed: ilo,
            stat,
            wild_die: false,
        };
        assert_eq!(
            fight(&mut data, id, revive(2), &[10]),
            Err("a revive is a test of Will or Dexterity, not Lore".into())
        );
        activate(&mut data, id, Combatant::Hero(ash));
        fight(&mut data, id, revive(0), &[10]).unwrap();
        assert_eq!(named(&data, "Brother Ilo").companion.wounds.current, 1);
        assert!(data.scenes[&id].down.is_empty());
    }
}
