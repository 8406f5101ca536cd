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
