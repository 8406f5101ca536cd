//! One clock for everything that takes time (issue 35): from the demo,
//! random plays of journeys (an hour, a day), travel rounds, gathering
//! surveys and *Move the clock on*, interleaved with undo and redo through
//! the app, as the GM would press them. After every step:
//!
//! - the clock goes back only by an undo, which restores its exact earlier
//!   time (and a redo its exact later one);
//! - no hour is played twice: a journey's next hour to play is never before
//!   the clock, and the hours a journey has played are each its own, in
//!   order;
//! - the log's entries that are not undone are in time order, each
//!   party's in its own.
//!
//! Ten walks of sixty steps from a fixed seed (`WAYBOOK_FUZZ_CASES` asks
//! for more); with the refusal of a journey's hours before the clock taken
//! out, the walks find a clock moved back (at step 15 of one).

use crate::common;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use waybook_app::app::actions::Action;
use waybook_app::app::{App, Command, ScriptedDialogs};
use waybook_core::model::*;
use waybook_core::plan::{self, play::Until};
use waybook_core::travel::round::{self, EncounterChoice, TravelStep};
use waybook_rules::dice::Dice;

/// The demo's file, made once: each case plays a copy of it.
fn demo_file() -> &'static Path {
    static DEMO: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = DEMO.get_or_init(|| {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("demo.waybook");
        drop(waybook_core::demo::create_demo(&path).expect("demo"));
        (dir, path)
    });
    path
}

fn data(app: &App) -> &CampaignData {
    &app.session.as_ref().expect("a campaign is open").data
}

/// A step the GM might press, among those the campaign has; every
/// twelfth an undo, so that each walk takes something back.
fn random_step(n: usize, rng: &mut StdRng, data: &CampaignData) -> Command {
    let party = *data.parties.keys().next().expect("the demo party");
    let pick = if n % 12 == 11 {
        0
    } else {
        rng.random_range(0..10)
    };
    match pick {
        0 => Command::Run(Action::Undo),
        1 => Command::Run(Action::Redo),
        2 => Command::MoveClock {
            // The company or the Kettleford Watch: the demo's two.
            party: {
                let parties: Vec<PartyId> = data.parties.keys().copied().collect();
                parties.get(rng.random_range(0..parties.len())).copied()
            },
            meals: waybook_core::plan::rest::Meals::Fed,
            hours: rng.random_range(1..40),
            why: "waiting for the ferry".into(),
        },
        3 | 4 => {
            // The journeys the GM could play or set off now, if any.
            let open = |j: &Journey| {
                let view = plan::plan(data, j);
                plan::play::why_not(data, j, &view).is_none()
                    || plan::play::set_off_now(data, j, &view).is_some()
            };
            let mut journeys: Vec<JourneyId> = (data.journeys.values().filter(|j| open(j)))
                .map(|j| j.id)
                .collect();
            if journeys.is_empty() {
                journeys = data.journeys.keys().copied().collect();
            }
            let j = journeys[rng.random_range(0..journeys.len())];
            let journey = &data.journeys[&j];
            match plan::play::set_off_now(data, journey, &plan::plan(data, journey)) {
                Some(edit) if rng.random_bool(0.5) => Command::Apply(edit),
                _ => Command::PlayJourney(
                    j,
                    if rng.random_bool(0.5) {
                        Until::NextHour
                    } else {
                        Until::EndOfDay
                    },
                ),
            }
        }
        5..=7 => Command::play(round::PartyStep {
            party,
            step: travel_step(rng, data, party),
        }),
        _ => {
            let site = data.sites.values().next().expect("a demo site");
            let members: Vec<CharacterId> = data.members(party).map(|c| c.id).collect();
            Command::play(waybook_core::gathering::GatherStep::Survey {
                site: site.id,
                material: rng.random_range(0..site.materials.len().max(1)),
                character: members[rng.random_range(0..members.len())],
                advantage: false,
                elsewhere: true,
            })
        }
    }
}

/// The next step of the party's travel round, as the Travel screen offers it.
fn travel_step(rng: &mut StdRng, data: &CampaignData, party: PartyId) -> TravelStep {
    let p = &data.parties[&party];
    match data.round_in_play(party).map(|r| r.next) {
        None | Some(RoundStep::Done) => {
            let here: Vec<MapPathId> = match (p.travel.on_path, p.travel.place) {
                (Some(on), _) => vec![on.path],
                (None, Some(place)) => data.paths_at(place).map(|x| x.id).collect(),
                (None, None) => Vec::new(),
            };
            match here.as_slice() {
                [] => TravelStep::TurnBack,
                paths => TravelStep::Navigate(paths[rng.random_range(0..paths.len())]),
            }
        }
        Some(RoundStep::Setback) => TravelStep::Setback {
            spend_token: rng.random_bool(0.5),
        },
        Some(RoundStep::Encounter) => TravelStep::Encounter(EncounterChoice::Die),
        Some(RoundStep::Camping) => TravelStep::Camp(round::default_orders(
            data,
            party,
            &waybook_core::plan::same_day::on_watch_tonight(data, party),
        )),
    }
}

/// Every journey's played hours on the clock, from its plan: each after
/// the one before (no hour played twice).
fn played_in_order(data: &CampaignData) -> Result<(), TestCaseError> {
    for j in data.journeys.values() {
        let view = plan::plan(data, j);
        let times: Vec<ClockTime> = (0..j.played_hours)
            .filter_map(|n| view.clock_at(n))
            .collect();
        prop_assert!(
            times.windows(2).all(|w| w[0] < w[1]),
            "{}'s hours played are not one after another: {times:?}",
            j.name
        );
        if let Some(next) = plan::play::next_to_play(data, j, &view) {
            prop_assert!(
                next >= waybook_core::world::present::now_of(data, Some(j.party)),
                "{} would play before its party's present",
                j.name
            );
        }
    }
    Ok(())
}

/// The log's entries not undone, in the order written, are in time order:
/// each party's at its own present (issue 53), the rest at the clock.
fn log_in_time_order(data: &CampaignData) -> Result<(), TestCaseError> {
    let mut by_parties: BTreeMap<&[PartyId], Vec<(LogId, ClockTime)>> = BTreeMap::new();
    for e in data.log.values().filter(|e| !e.undone) {
        by_parties.entry(&e.parties).or_default().push((e.id, e.at));
    }
    for times in by_parties.values() {
        for w in times.windows(2) {
            prop_assert!(w[0].1 <= w[1].1, "the log goes back in time: {w:?}");
        }
    }
    Ok(())
}

/// What a walk played: the steps of each kind that changed the campaign.
#[derive(Debug, Default)]
struct Played {
    journeys: usize,
    rounds: usize,
    gathering: usize,
    clock_moves: usize,
    undos: usize,
    redos: usize,
}

fn walk(seed: u64, steps: usize) -> Result<Played, TestCaseError> {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("walk.waybook");
    std::fs::copy(demo_file(), &path).expect("copied");
    let mut app = App::new(Box::new(ScriptedDialogs::default()));
    app.data_dir = Ok(dir.path().join("data"));
    app.open_path(&path);
    app.dice = Dice::seeded(seed);
    let mut rng = StdRng::seed_from_u64(seed);
    // The clock after each step kept by the history, for undo to restore.
    let mut done: Vec<(ClockTime, ClockTime)> = Vec::new();
    let mut undone: Vec<(ClockTime, ClockTime)> = Vec::new();
    let mut played = Played::default();
    for n in 0..steps {
        let before = data(&app).settings.clock;
        let revision = data(&app).revision;
        let step = random_step(n, &mut rng, data(&app));
        let said = format!("step {n} ({step:?})");
        app.push(step.clone());
        app.run_commands();
        let after = data(&app).settings.clock;
        let changed = data(&app).revision != revision;
        if changed {
            *match &step {
                Command::Run(Action::Undo) => &mut played.undos,
                Command::Run(Action::Redo) => &mut played.redos,
                Command::MoveClock { .. } => &mut played.clock_moves,
                Command::Play(step) if step.0.kind() == LogKind::Travel => &mut played.rounds,
                Command::Play(step) if step.0.kind() == LogKind::Gathering => &mut played.gathering,
                _ => &mut played.journeys,
            } += 1;
        }
        match step {
            Command::Run(Action::Undo) => {
                if changed && let Some((was, _)) = done.pop() {
                    prop_assert_eq!(after, was, "undo restores the clock: {}", said);
                    undone.push((was, before));
                }
            }
            Command::Run(Action::Redo) => {
                if changed && let Some((was, then)) = undone.pop() {
                    prop_assert_eq!((before, after), (was, then), "redo: {}", said);
                    done.push((was, then));
                }
            }
            _ => {
                prop_assert!(after >= before, "the clock went back: {}", said);
                if changed {
                    done.push((before, after));
                    undone.clear();
                }
            }
        }
        played_in_order(data(&app))?;
        log_in_time_order(data(&app))?;
    }
    Ok(played)
}

proptest! {
    #![proptest_config(common::fuzz_config(10))]

    #[test]
    fn the_clock_goes_back_only_by_undo(seed in any::<u64>()) {
        let played = walk(seed, 60)?;
        // The walk plays what it is for, not only refusals.
        prop_assert!(
            played.journeys > 0 && played.rounds > 0 && played.clock_moves > 0 && played.undos > 0,
            "{played:?}"
        );
    }
}
