//! A random GM (issue 36): Waybook played as a careless GM would, through
//! egui_kittest and the accessibility tree, never through the code's own
//! functions. From the demo and from awkward states (a new empty campaign;
//! the party partway along a path with 0 Supplies; a scene with a hero
//! down; a calendar of one month with a leap day; two parties two days
//! apart, switched between in the menu bar; animals astray: a mule down,
//! a horse and the cart's ox lost), seeded random steps: click any enabled button
//! (a screen, a tab, a list's entry, a menu's), tick any box, open any
//! list, type random text (numbers, negatives, huge values, empty,
//! unicode) into any field, press Escape, Enter, Tab, Ctrl+Z or
//! Ctrl+Shift+Z, resize the window between 800 × 600 and 1920 × 1080.
//!
//! After every step: no panic, and no dialog saying something went wrong.
//! At the end the campaign passes `waybook check`, and undoing every step
//! gives back the document it started from (its JSON export, but for the
//! log entries rolled during the run, each there marked undone). File
//! dialogs are answered with a scratch folder. Out of its reach: New,
//! Open, Quit, restoring a snapshot and importing files, which replace the
//! campaign rather than edit it.
//!
//! Bounded here (`STEPS` a state, seeds fixed and printed);
//! `WAYBOOK_MONKEY_STEPS=n` asks for more and `WAYBOOK_MONKEY_SEED=s` for
//! another seed. A failure prints its seed and every step by its label,
//! and is kept below as a replay of its steps by their labels, which
//! still reaches the fault after the screens change, where a seed would
//! not.
//!
//! What it found: on its first run (seed 36, step 84), *Remove Maya* on the
//! Parties screen failed in the file with "FOREIGN KEY constraint failed"
//! (the player was removed before her character was given to the GM).
//! Shown to find what it is for: with the Weeks fix of 9bce443 undone (the
//! chronicle's span running into forecast days, a week after today summed
//! over a backwards range), the demo walk of seed 2 panics at step 248
//! (*Roll the forecast again* on the Weather screen, then the Chronicle's
//! Weeks); seeds 1, 3 and 4 did not within 3,000 steps. The demo walk keeps
//! seed 2, and both finds are kept as replays.

use crate::common::gui::Fixture;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{By, NodeT, Queryable};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use waybook_app::app::Command;
use waybook_app::app::DialogOutcome;
use waybook_app::app::actions::Action;
use waybook_app::app::dialogs::{DialogPurpose, FileDialogs};
use waybook_core::model::document::Document;

/// Steps a state takes in the test command: six states, 3,600 steps,
/// about 24 seconds on 2 cores.
const STEPS: usize = 600;

/// Labels the monkey leaves alone: what replaces the campaign, closes it,
/// or quits.
const OUT_OF_REACH: [&str; 7] = [
    "New",
    "Open",
    "Quit",
    "Restore",
    "Import",
    "Recent",
    "Close Ctrl+W",
];

/// Texts a careless GM types.
const TEXTS: [&str; 12] = [
    "",
    "0",
    "-1",
    "-999999",
    "3",
    "12",
    "99999999999999999999",
    "1.5",
    "abc",
    "Ærø 🜉 ✓",
    "   ",
    "2d6+1",
];

/// What the monkey did, by label, for a failure to print.
struct Walk {
    seed: u64,
    state: &'static str,
    steps: Vec<String>,
}

impl Drop for Walk {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "monkey: the {} walk of seed {} failed after these steps:\n{}",
                self.state,
                self.seed,
                self.steps.join("\n")
            );
        }
    }
}

fn steps() -> usize {
    std::env::var("WAYBOOK_MONKEY_STEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(STEPS)
}

fn seed(fixed: u64) -> u64 {
    std::env::var("WAYBOOK_MONKEY_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(fixed)
}

/// File dialogs answered with a scratch folder; those that would replace
/// the campaign or bring a file in are cancelled (out of reach).
struct Scratch {
    dir: tempfile::TempDir,
    picked: usize,
}

impl FileDialogs for Scratch {
    fn pick(&mut self, purpose: DialogPurpose, name: &str) -> DialogOutcome {
        use DialogPurpose::*;
        match purpose {
            NewCampaign | OpenCampaign | ImportJson | ImportCsv | ImportTable | ImportFoundry
            | ImportCalendar | ImportPack | NewFromCopy | ShareFolder | JoinFolder | JoinCopy => {
                DialogOutcome::Cancelled
            }
            SaveCopy | ExportPdf | ExportJson | ExportTable | ExportPack | ExportCalendar => {
                self.picked += 1;
                let name = if name.is_empty() { "export" } else { name };
                DialogOutcome::Picked(self.dir.path().join(format!("{}-{name}", self.picked)))
            }
        }
    }
}

fn scratch() -> Box<Scratch> {
    Box::new(Scratch {
        dir: tempfile::tempdir().expect("a scratch folder"),
        picked: 0,
    })
}

/// The demo, opened with the scratch dialogs.
fn the_demo() -> Fixture {
    opened("demo.waybook", |path| {
        drop(waybook_core::demo::create_demo(path).expect("the demo"));
    })
}

/// A campaign `make` writes, opened with the scratch dialogs.
fn opened(name: &str, make: impl FnOnce(&std::path::Path)) -> Fixture {
    Fixture::made_with(name, make, scratch(), false)
}

/// The document as its JSON export has it.
fn document(f: &Fixture) -> Value {
    serde_json::from_str(&Document::of(f.data()).to_json()).expect("the export is JSON")
}

/// One step of a careless GM; returns what it did, in words.
fn step(f: &mut Fixture, rng: &mut StdRng) -> String {
    let pick = rng.random_range(0..100);
    match pick {
        0..=14 => {
            let screens = waybook_app::ui::Screen::ALL;
            let screen = screens[rng.random_range(0..screens.len())].label();
            match f.harness.query_all_by_label(screen).next() {
                Some(tab) => {
                    tab.click();
                    format!("switch to {screen}")
                }
                None => format!("no tab {screen} in reach"),
            }
        }
        15..=49 => click_any(f, rng, Role::Button),
        50..=57 => click_any(f, rng, Role::CheckBox),
        58..=65 => click_any(f, rng, Role::ComboBox),
        66..=79 => type_any(f, rng),
        80..=93 => {
            let (name, modifiers, key) = [
                ("Escape", Modifiers::NONE, Key::Escape),
                ("Enter", Modifiers::NONE, Key::Enter),
                ("Tab", Modifiers::NONE, Key::Tab),
                ("Ctrl+Z", Modifiers::COMMAND, Key::Z),
                (
                    "Ctrl+Shift+Z",
                    Modifiers::COMMAND | Modifiers::SHIFT,
                    Key::Z,
                ),
            ][rng.random_range(0..5)];
            f.harness.key_press_modifiers(modifiers, key);
            format!("press {name}")
        }
        _ => {
            let size = egui::vec2(
                rng.random_range(800.0..=1920.0_f32).round(),
                rng.random_range(600.0..=1080.0_f32).round(),
            );
            f.harness.set_size(size);
            format!("resize to {} × {}", size.x, size.y)
        }
    }
}

/// Clicks one of the enabled widgets of `role` within reach.
fn click_any(f: &mut Fixture, rng: &mut StdRng, role: Role) -> String {
    let nodes: Vec<_> = f
        .harness
        .query_all(By::new().role(role))
        .filter(|n| {
            let node = n.accesskit_node();
            let label = node.label().unwrap_or_default();
            !node.is_disabled() && !OUT_OF_REACH.iter().any(|w| label.contains(w))
        })
        .collect();
    if nodes.is_empty() {
        return format!("no {role:?} to click");
    }
    let node = &nodes[rng.random_range(0..nodes.len())];
    let label = node.accesskit_node().label().unwrap_or_default();
    node.click();
    format!("click {role:?} {label:?}")
}

/// Types one of the careless texts into a field within reach.
fn type_any(f: &mut Fixture, rng: &mut StdRng) -> String {
    let nodes: Vec<_> = f
        .harness
        .query_all(By::new().predicate(|n| {
            matches!(n.role(), Role::TextInput | Role::MultilineTextInput) && !n.is_disabled()
        }))
        .collect();
    if nodes.is_empty() {
        return "no field to type into".to_owned();
    }
    let node = &nodes[rng.random_range(0..nodes.len())];
    let label = node.accesskit_node().label().unwrap_or_default();
    let text = TEXTS[rng.random_range(0..TEXTS.len())];
    node.focus();
    node.type_text(text);
    format!("type {text:?} into {label:?}")
}

/// Walks `f` for the steps asked from `seed`, then checks the file and
/// undoes everything.
fn walk(mut f: Fixture, state: &'static str, fixed_seed: u64) {
    let seed = seed(fixed_seed);
    println!("monkey: {state}, seed {seed}");
    let start = document(&f);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut walk = Walk {
        seed,
        state,
        steps: Vec::new(),
    };
    f.dice_seeded(seed);
    for n in 0..steps() {
        let said = step(&mut f, &mut rng);
        walk.steps.push(format!("{n}: {said}"));
        // A spinner (an export, a check) keeps asking for frames: step on.
        let _ = f.harness.try_run();
        if let Some(alert) = f.harness.state().app.alert.clone() {
            assert_ne!(
                alert.heading, "Something went wrong",
                "step {n} ({said}) ended in: {}",
                alert.text
            );
            f.harness.state_mut().app.alert = None;
        }
    }
    f.harness.key_press(Key::Escape);
    let _ = f.harness.try_run();
    f.wait_for_export_if_any();
    let checked = waybook_core::store::check(&f.path(&f.file_name())).expect("the file checks");
    assert!(checked.is_ok(), "waybook check: {checked:?}");
    undo_everything(&mut f);
    assert_same_but_undone_rolls(&start, &document(&f));
    drop(walk);
}

/// Undoes every step in the history, as Ctrl+Z would.
fn undo_everything(f: &mut Fixture) {
    for _ in 0..100_000 {
        let app = &mut f.harness.state_mut().app;
        let Some(label) = app
            .session
            .as_ref()
            .and_then(|s| s.undo_label())
            .map(str::to_owned)
        else {
            return;
        };
        app.push(Command::Run(Action::Undo));
        app.run_commands();
        let now = app
            .session
            .as_ref()
            .and_then(|s| s.undo_label())
            .map(str::to_owned);
        assert!(
            now.as_deref() != Some(label.as_str()) || app.alert.is_none(),
            "undo of {label:?} failed: {:?}",
            app.alert
        );
    }
    panic!("the history never emptied");
}

/// The document as it started, but for the log entries rolled during the
/// walk, which must each be there marked undone.
fn assert_same_but_undone_rolls(start: &Value, end: &Value) {
    let ids = |v: &Value| -> Vec<Value> {
        (v["log"].as_array().into_iter().flatten())
            .map(|e| e["id"].clone())
            .collect()
    };
    let before = ids(start);
    let mut end = end.clone();
    if let Some(log) = end["log"].as_array_mut() {
        for e in log.iter().filter(|e| !before.contains(&e["id"])) {
            assert_eq!(
                e["undone"],
                Value::Bool(true),
                "a roll of the walk not undone: {e}"
            );
        }
        log.retain(|e| before.contains(&e["id"]));
    }
    let (a, b) = (start.to_string(), end.to_string());
    if a != b {
        let first = a
            .bytes()
            .zip(b.bytes())
            .position(|(x, y)| x != y)
            .unwrap_or(0);
        let around = |s: &str| s[first.saturating_sub(200)..(first + 200).min(s.len())].to_owned();
        panic!(
            "undoing every step did not give the document back; first difference:\nwas: {}\nnow: {}",
            around(&a),
            around(&b)
        );
    }
}

#[test]
fn a_random_gm_on_the_demo_breaks_nothing_and_undoes_to_the_start() {
    walk(the_demo(), "demo", 2);
}

#[test]
fn a_random_gm_on_a_new_campaign_breaks_nothing() {
    let new = |path: &std::path::Path| {
        drop(waybook_core::starter::create_campaign(path, "New campaign").expect("made"));
    };
    walk(opened("new.waybook", new), "new campaign", 3601);
}

/// The demo's party partway along the Mill track with 0 Supplies.
fn partway_with_nothing(path: &std::path::Path) {
    use waybook_core::model::{Change, Edit, OnPath};
    let mut campaign = waybook_core::store::Campaign::open(path).expect("opens");
    let data = campaign.load().expect("loads");
    let party = data.parties.values().next().expect("the party");
    let track = (data.paths.values())
        .find(|p| p.name == "Mill track")
        .expect("the Mill track");
    let mut after = party.clone();
    after.supplies = 0;
    after.travel.place = None;
    after.travel.on_path = Some(OnPath {
        path: track.id,
        from: track.from,
        toward: track.to,
        state: waybook_rules::rounds::pathfind::PathState::new(1),
        extra: 0,
    });
    let edit = Edit::new("partway", vec![Change::of(Some(party), Some(&after))]);
    campaign.apply(&edit).expect("written");
}

/// A new campaign whose calendar is one month of 30 days with a leap day
/// every fourth year, no seasons.
fn one_month_and_a_leap_day(path: &std::path::Path) {
    use waybook_core::model::Change;
    use waybook_core::model::calendar::{Date, Day, LeapRule, Month};
    let mut campaign = waybook_core::starter::create_campaign(path, "One month").expect("made");
    let data = campaign.load().expect("loads");
    let mut settings = data.settings.clone();
    let calendar = &mut settings.calendar;
    calendar.months = vec![Month {
        name: "Onlymonth".into(),
        days: 30,
    }];
    calendar.festivals.clear();
    calendar.seasons.clear();
    calendar.day_one = Date {
        year: 1,
        day: Day::Of { month: 0, day: 1 },
    };
    calendar.leap = Some(LeapRule::every(4, Some(0)));
    let edit = waybook_core::model::Edit::new(
        "one month",
        vec![Change::Settings {
            before: data.settings.clone(),
            after: settings,
        }],
    );
    campaign.apply(&edit).expect("written");
}

#[test]
fn a_random_gm_partway_with_no_supplies_breaks_nothing() {
    let f = opened("demo.waybook", |path| {
        drop(waybook_core::demo::create_demo(path).expect("the demo"));
        partway_with_nothing(path);
    });
    walk(f, "partway with 0 Supplies", 3602);
}

#[test]
fn a_random_gm_on_a_one_month_calendar_breaks_nothing() {
    let f = opened("one-month.waybook", one_month_and_a_leap_day);
    walk(f, "one month and a leap day", 3603);
}

/// The demo with a second party two days behind the company, the
/// Kettleford Watch of one hero (issue 53): the menu bar's switcher and
/// New journey (greyed for the company on its trip, free for the watch)
/// are within the monkey's reach.
fn two_parties(path: &std::path::Path) {
    use waybook_core::model::{
        Change, Character, CharacterId, CharacterKind, Edit, Party, PartyId,
    };
    drop(waybook_core::demo::create_demo(path).expect("the demo"));
    let mut campaign = waybook_core::store::Campaign::open(path).expect("opens");
    let clock = campaign.settings().expect("settings").clock;
    let watch = Party::new(PartyId(900), "The Kettleford Watch", clock.plus(-48, 24));
    let mut wren = Character::new(CharacterId(901), "Wren", CharacterKind::Hero);
    wren.party = Some(watch.id);
    let edit = Edit::new(
        "a second party",
        vec![
            Change::of(None, Some(&watch)),
            Change::character(None, Some(&wren)),
        ],
    );
    campaign.apply(&edit).expect("written");
}

#[test]
fn a_random_gm_running_two_parties_breaks_nothing() {
    let f = opened("two parties.waybook", two_parties);
    walk(f, "two parties two days apart", 3605);
}

/// The demo's animals astray (issue 54): Bess down (no Wounds left),
/// Sorrel lost and its rider afoot, Old Tam lost and the Watch's cart
/// with no team: each animal's row, sheet, the Parties' stable and the
/// trips that needed them are within the monkey's reach.
fn animals_astray(path: &std::path::Path) {
    use waybook_core::model::{Change, Edit};
    drop(waybook_core::demo::create_demo(path).expect("the demo"));
    let mut campaign = waybook_core::store::Campaign::open(path).expect("opens");
    let data = campaign.load().expect("loads");
    let named = |name: &str| {
        (data.characters.values())
            .find(|c| c.name == name)
            .expect("a demo animal")
    };
    let mut changes = Vec::new();
    let mut bess = named("Bess").clone();
    bess.companion.wounds.current = 0;
    changes.push(Change::character(Some(named("Bess")), Some(&bess)));
    for lost in ["Sorrel", "Old Tam"] {
        let mut after = named(lost).clone();
        after.party = None;
        changes.push(Change::character(Some(named(lost)), Some(&after)));
    }
    waybook_core::model::ties::keep(&data, &mut changes);
    campaign
        .apply(&Edit::new("animals astray", changes))
        .expect("written");
}

#[test]
fn a_random_gm_with_animals_astray_breaks_nothing() {
    let f = opened("astray.waybook", animals_astray);
    let data = f.data();
    assert!(
        data.vehicles.values().all(|v| v.team.is_empty()),
        "the cart has lost its ox"
    );
    walk(f, "animals astray", 3606);
}

/// Replay of the monkey's first find (seed 36, step 84): removing a player
/// who plays a character failed in the file. Removed, undone, redone: no
/// dialog, and the demo's Maya plays nobody.
#[test]
fn replay_removing_a_player_who_plays_a_character() {
    let mut f = the_demo();
    f.click("Parties");
    f.click("Remove Maya");
    assert_eq!(f.harness.state().app.alert, None);
    let maya = |f: &Fixture| f.data().players.values().any(|p| p.name == "Maya");
    assert!(!maya(&f));
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    assert!(maya(&f), "undone");
    assert!(f.reloaded().players.values().any(|p| p.name == "Maya"));
}

/// Replay of the Weeks panic the demo walk of seed 2 reaches with the fix
/// undone: the forecast rolled again, then the Chronicle's Weeks zoom.
#[test]
fn replay_the_weeks_zoom_after_the_forecast_is_rolled_again() {
    let mut f = the_demo();
    f.click("Weather");
    f.click("Roll the forecast again");
    f.click("Chronicle");
    f.click("Weeks");
    assert!(f.shows("Week of"), "the weeks are listed");
    assert_eq!(f.harness.state().app.alert, None);
}

/// Replay of the monkey's find of seed 6 (partway with 0 Supplies, step
/// 2475): two heroes of one name made the camp's two "Action of …" lists
/// one widget to egui (an id clash, drawn as a red warning in a debug
/// build). Brother Ilo renamed Ash Varnell, the camp still shows each
/// hero's own list.
#[test]
fn replay_a_camp_of_two_heroes_with_one_name() {
    let mut f = the_demo();
    f.click("Brother Ilo");
    f.type_into("Name", "Ash Varnell");
    f.click("Travel");
    f.pick("Path", "Mill track to Greyspine Foot · D4 ⚠2 · 2 rounds");
    f.dice(&[10, 9, 1]);
    f.click("Roll the Navigation Phase");
    f.click("Cast the encounter die");
    let lists = f
        .harness
        .query_all_by_label("Action of Ash Varnell")
        .count();
    assert_eq!(lists, 2, "each hero's own list");
}

/// The demo with a combat scene open for the company and Ash Varnell down
/// in it (no Wounds left).
fn a_scene_with_a_hero_down(path: &std::path::Path) {
    use waybook_core::model::scene::{Downed, SceneMode};
    use waybook_core::model::{Change, Edit};
    use waybook_core::scene::SceneStep;
    let mut campaign = waybook_core::demo::create_demo(path).expect("the demo");
    let data = campaign.load().expect("loads");
    let party = *data.parties.keys().next().expect("the party");
    if data.scenes.values().all(|s| s.finished) {
        let start = SceneStep::Start {
            name: "Ambush at the ford".into(),
            party: Some(party),
            mode: SceneMode::Combat,
            threat: 3,
            new_scenario: false,
        };
        let edit =
            waybook_core::scene::play(&data, &start, &mut waybook_rules::dice::Dice::seeded(1))
                .expect("the scene opens");
        campaign.apply(&edit).expect("written");
    }
    let data = campaign.load().expect("loads");
    let scene = data.scenes.values().find(|s| !s.finished).expect("open");
    let ash = (data.characters.values())
        .find(|c| c.name == "Ash Varnell")
        .expect("Ash");
    let mut down = ash.clone();
    down.companion.wounds.current = 0;
    let mut after = scene.clone();
    after.down.push(Downed {
        character: ash.id,
        round: scene.round,
        still_down: false,
    });
    let changes = vec![
        Change::character(Some(ash), Some(&down)),
        Change::of(Some(scene), Some(&after)),
    ];
    campaign
        .apply(&Edit::new("down", changes))
        .expect("written");
}

#[test]
fn a_random_gm_in_a_scene_with_a_hero_down_breaks_nothing() {
    walk(
        opened("demo.waybook", a_scene_with_a_hero_down),
        "a hero down",
        3604,
    );
}
