//! The demo's advancement: one finished mission in the XP ledger (the
//! Lantern Company cleared the Salt Road of bandits, 4 XP each), which
//! takes every hero to level 3: Ødric Hale has taken his advance (+1
//! Wounds), the others owe theirs; and two memories of the Traveller, one
//! of them from that mission.

use crate::heroes::{HeroStep, award_for, play};
use crate::model::{
    AdvanceKind, CampaignData, Change, CharacterKind, ClockTime, Cult, CultSide, Edit, LogKind,
    Memory, Mission, MissionId,
};
use crate::starter::content::XP_AWARDS;
use waybook_rules::dice::Dice;

pub const DEMO_MISSION: &str = "Clear the Salt Road of bandits";

/// The mission's awards, Ødric's advance, then the Traveller's two
/// memories, each edit played on the campaign as the ones before left it
/// (its injury and XP-award tables are the starter's).
pub fn first_mission(data: &CampaignData) -> Vec<Edit> {
    let mut after = data.clone();
    let mut edits = Vec::new();
    let mut dice = Dice::seeded(2026);
    let event = crate::model::LogEntry::new(
        &after,
        LogKind::Event,
        "Encounter: bandits hold the toll bridge on the Salt Road",
        String::new(),
        Vec::new(),
        super::NIGHT.to_owned(),
    );
    let event = Edit::new("Add an event", vec![Change::of(None, Some(&event))]);
    super::book(&mut after, &mut edits, LogKind::Event, event, &mut dice);
    let Some(party) = after.parties.keys().next().copied() else {
        return edits;
    };
    let reasons = [XP_AWARDS[0].to_owned(), XP_AWARDS[1].to_owned()];
    let awards = after
        .characters
        .values()
        .filter(|c| c.party == Some(party) && c.kind == CharacterKind::Hero)
        .map(|c| award_for(c.id, 4, &reasons, false))
        .collect();
    let at = ClockTime { day: 0, hour: 0 };
    let mission = Mission::new(MissionId(0), DEMO_MISSION, Some(party), at, awards);
    let mission_id = after.next_id::<crate::model::Mission>();
    let mut steps = vec![HeroStep::Award(mission)];
    if let Some(odric) = after.characters.values().find(|c| c.name == "Ødric Hale") {
        steps.push(HeroStep::Advance {
            character: odric.id,
            kind: AdvanceKind::Wounds,
            what: String::new(),
        });
    }
    if let Some(traveller) = after
        .characters
        .values()
        .find(|c| c.kind == CharacterKind::Traveller)
    {
        for (text, mission) in [
            (
                "A lantern burning on a tower that is no longer there.",
                None,
            ),
            (
                "The bandit captain's coin: he has held one like it before, long ago.",
                Some(mission_id),
            ),
        ] {
            steps.push(HeroStep::Remember {
                character: traveller.id,
                memory: Memory {
                    text: text.to_owned(),
                    mission,
                },
            });
        }
    }
    for step in steps {
        if let Ok(edit) = play(&after, &step, &mut dice) {
            super::book(&mut after, &mut edits, LogKind::Heroes, edit, &mut dice);
        }
    }
    toll_bridge(&mut after, &mut edits, party);
    edits
}

/// The lesser god of crossings and her two cults: the demo's fight is with
/// the dark one.
fn cults(data: &CampaignData) -> Cult {
    Cult {
        id: data.next_id::<crate::model::Cult>(),
        god: "Morrow, lady of crossings".to_owned(),
        bright: CultSide {
            name: "Lantern Wardens".to_owned(),
            rule: "Allies at a crossing reroll one failed test a scene".to_owned(),
            trait_: "Warden's lamp: no Darkness within 6\"".to_owned(),
        },
        dark: CultSide {
            name: "The Drowned Toll".to_owned(),
            rule: "+1 to hit on bridges and fords".to_owned(),
            trait_: "Hook-chain: a hit drags its target 3\" closer".to_owned(),
        },
    }
}

/// The fight at the toll bridge, the mission's finale: three of the
/// Drowned Toll's bandits and their captain; one round (Threat 3, the GM's
/// D10 a 2: an event), a wild die for Ash's great description, Ash cuts
/// down a bandit, the captain's blow on Ash cancelled with Toughness, the
/// end phase, the end of the scene; its rolls in the log.
fn toll_bridge(after: &mut CampaignData, edits: &mut Vec<Edit>, party: crate::model::PartyId) {
    use crate::model::scene::{Combatant, Tier};
    use crate::scene::{AttackOrder, FightStep, SceneStep};
    let id = after.next_id::<crate::model::Scene>();
    let cult = cults(after);
    let cult_id = cult.id;
    let add = Edit::new("Add a lesser god", vec![Change::of(None, Some(&cult))]);
    add.changes.iter().for_each(|c| after.apply(c));
    edits.push(add);
    let heroes = after.members(party).filter(|c| !c.is_animal()).count();
    // Threat, one priority D10 a hero, Ash's two hits and the bandit's two
    // failed blocks, the captain's two hits of three and Ash's one block.
    let mut faces = vec![2];
    faces.extend([8, 3, 9, 5, 6, 4, 7, 10].iter().cycle().take(heroes));
    faces.extend([5, 6, 2, 3, 4, 5, 1, 2, 6]);
    let mut dice = Dice::scripted(faces);
    let ash = after
        .characters
        .values()
        .find(|c| c.name == "Ash Varnell")
        .map(|c| c.id);
    let fight = |step| SceneStep::Fight { scene: id, step };
    let enemies = |name: &str, tier, count| {
        fight(FightStep::AddEnemies {
            name: name.to_owned(),
            tier,
            count,
            cult: Some(cult_id),
            bright: false,
            boss_rule: false,
        })
    };
    let mut steps = vec![
        SceneStep::Start {
            name: "Bandits at the toll bridge".to_owned(),
            party: Some(party),
            mode: crate::model::SceneMode::Combat,
            threat: 3,
            new_scenario: true,
        },
        enemies("Toll bandit", Tier::Minion, 3),
        enemies("Captain Wrack", Tier::Elite, 1),
        SceneStep::Begin { scene: id },
    ];
    if let Some(ash) = ash {
        let blow = |attacker, defender, attacks, toughness| AttackOrder {
            attacker,
            defender,
            attacks,
            ap: 0,
            shooting: false,
            cover: false,
            long_range: false,
            extra_enemies: 0,
            toughness,
            wild_die: false,
        };
        let (ash_model, captain) = (Combatant::Hero(ash), Combatant::Enemy(3));
        steps.extend([
            SceneStep::Award {
                scene: id,
                character: ash,
                reason: crate::scene::WILD_REASONS[1].to_owned(),
                night: super::NIGHT[..10].to_owned(),
            },
            fight(FightStep::Activate { who: ash_model }),
            fight(FightStep::Attack(blow(
                ash_model,
                Combatant::Enemy(0),
                2,
                0,
            ))),
            fight(FightStep::Activate { who: captain }),
            fight(FightStep::Attack(blow(captain, ash_model, 3, 1))),
        ]);
    }
    steps.extend([
        SceneStep::End { scene: id },
        SceneStep::Finish { scene: id },
    ]);
    for step in steps {
        let Ok(edit) = crate::scene::play(after, &step, &mut dice) else {
            break;
        };
        super::book(after, edits, LogKind::Scene, edit, &mut dice);
    }
}
