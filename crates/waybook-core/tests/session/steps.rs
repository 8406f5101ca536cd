//! Issue 52: every domain's step is played through the one `Step` trait,
//! as the window's one `Command::Play` plays it: its log kind, its
//! refusal in the domain's own words, and its play.

use crate::common;
use waybook_core::gathering::GatherStep;
use waybook_core::hazards::{Hazard, HazardStep};
use waybook_core::heroes::HeroStep;
use waybook_core::model::step::PlayStep;
use waybook_core::model::{Change, CharacterId, LogKind, SceneId, SiteId};
use waybook_core::scene::SceneStep;
use waybook_core::travel::round::{PartyStep, TravelStep};
use waybook_core::world::weather::WeatherStep;
use waybook_rules::dice::Dice;

#[test]
fn each_domains_step_says_its_kind_and_refuses_in_its_own_words() {
    let (_dir, data) = common::demo();
    let party = *data.parties.keys().next().expect("the demo's party");
    let nobody = CharacterId(9_999);
    let steps: Vec<(Box<dyn PlayStep>, LogKind, &str)> = vec![
        (
            Box::new(WeatherStep::RollToday),
            LogKind::Weather,
            "every region has today's weather already: it stays as it fell",
        ),
        (
            Box::new(PartyStep {
                party,
                step: TravelStep::TurnBack,
            }),
            LogKind::Travel,
            "The Lantern Company is not partway along a path: there is no way back to turn to",
        ),
        (
            Box::new(GatherStep::Leave {
                site: SiteId(9_999),
                character: nobody,
            }),
            LogKind::Gathering,
            "no session is open at this site: survey or add a gatherer first",
        ),
        (
            Box::new(HeroStep::TakeBack {
                character: nobody,
                index: 0,
            }),
            LogKind::Heroes,
            "there is no such character",
        ),
        (
            Box::new(SceneStep::Begin {
                scene: SceneId(9_999),
            }),
            LogKind::Scene,
            "there is no such scene",
        ),
        (
            Box::new(HazardStep {
                character: nobody,
                hazard: Hazard::Deep,
            }),
            LogKind::Hazard,
            "there is no such character",
        ),
    ];
    for (step, kind, refusal) in steps {
        assert_eq!(step.kind(), kind, "{step:?}");
        assert_eq!(step.refusal(&data).as_deref(), Some(refusal), "{step:?}");
        assert_eq!(
            step.play(&data, &mut Dice::seeded(1)),
            Err(refusal.to_owned()),
            "play checks first: {step:?}"
        );
    }
}

/// Issue 52: the causes every domain shares are one type, `StepError`,
/// held by each domain's error: a hero and a hazard refused for a missing
/// character say so with the same variant and the same words.
#[test]
fn a_missing_character_is_the_one_shared_cause_in_every_domain() {
    use waybook_core::hazards::HazardError;
    use waybook_core::heroes::HeroError;
    use waybook_core::model::step::{Step, StepError};
    let (_dir, data) = common::demo();
    let nobody = CharacterId(9_999);
    let hero = HeroStep::TakeBack {
        character: nobody,
        index: 0,
    };
    let hazard = HazardStep {
        character: nobody,
        hazard: Hazard::Deep,
    };
    assert_eq!(
        Step::check(&hero, &data),
        Err(HeroError::Step(StepError::NoCharacter))
    );
    assert_eq!(
        Step::check(&hazard, &data),
        Err(HazardError::Step(StepError::NoCharacter))
    );
    // A die that cannot be rolled reaches either domain's error the same way.
    let no_die = Dice::scripted(Vec::new())
        .roll(6)
        .expect_err("no die scripted");
    assert_eq!(
        HeroError::from(no_die.clone()),
        HeroError::Step(StepError::Dice(no_die))
    );
}

#[test]
fn a_step_the_domain_admits_plays_through_the_trait() {
    let (_dir, data) = common::demo();
    let region = *data.regions.keys().next().expect("a region");
    let step: Box<dyn PlayStep> = Box::new(WeatherStep::RollForecast { region, days: 3 });
    assert_eq!(step.refusal(&data), None);
    assert_eq!(step.failure(), "The forecast was not rolled again");
    let edit = step.play(&data, &mut Dice::seeded(7)).expect("rolled");
    let days = edit
        .changes
        .iter()
        .filter(|c| matches!(c, Change::Weather { after: Some(_), .. }))
        .count();
    assert!(days >= 3, "three days ahead rolled: {days}");
}

/// Issue 52: the AP range was the Fight screen's alone; it is declared once
/// (`limits::AP`) and the attack refuses past it, whoever asks.
#[test]
fn an_attack_past_the_ap_range_is_refused_by_the_domain() {
    use waybook_core::model::scene::{Combatant, Tier};
    use waybook_core::scene::fight::{AttackOrder, FightStep};
    let (_dir, mut data) = common::demo();
    let party = *data.parties.keys().next().expect("the demo's party");
    let scene = data.next_id::<waybook_core::model::Scene>();
    let fight = |step| SceneStep::Fight { scene, step };
    let mut dice = Dice::seeded(3);
    for step in [
        SceneStep::Start {
            name: "Wolves".to_owned(),
            party: Some(party),
            mode: waybook_core::model::SceneMode::Combat,
            threat: 2,
            new_scenario: false,
        },
        fight(FightStep::AddEnemies {
            name: "Wolf".to_owned(),
            tier: Tier::Minion,
            count: 1,
            cult: None,
            bright: false,
            boss_rule: false,
        }),
        SceneStep::Begin { scene },
    ] {
        let edit = PlayStep::play(&step, &data, &mut dice).expect("played");
        for change in &edit.changes {
            data.apply(change);
        }
    }
    let hero = data.members(party).next().expect("a member").id;
    let attack = |ap| {
        fight(FightStep::Attack(AttackOrder {
            attacker: Combatant::Hero(hero),
            defender: Combatant::Enemy(0),
            attacks: 1,
            ap,
            shooting: false,
            cover: false,
            long_range: false,
            extra_enemies: 0,
            toughness: 0,
            wild_die: false,
        }))
    };
    let max = u32::try_from(*waybook_core::model::limits::AP.end()).expect("small");
    assert_eq!(
        attack(max + 1).refusal(&data).as_deref(),
        Some("a weapon's AP is 0 to 4, not 5")
    );
    let at_most = attack(max).refusal(&data);
    assert!(
        !at_most.as_deref().unwrap_or_default().contains("AP"),
        "{at_most:?}"
    );
}
