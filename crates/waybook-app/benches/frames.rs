//! Frame CPU time of every screen and tab on a large campaign, headless
//! (egui's own context, no GPU): the app's frame, then its tessellation,
//! which is all the CPU does for a frame before the GPU takes over. The
//! reference is a bare `egui_extras` table of 10,000 rows, measured the
//! same way. Also the cold start: opening the campaign's file to the end of
//! the first frame.
//!
//! The campaign: the demo, then 10,000 characters in 1,000 parties with
//! 100,000 holdings, the demo journey stretched to 60 days with the
//! company's 100 more mules and a loaded cart, a 500-place map, and a log
//! of 20,000 rolls; and, for the crowd figures, the same with all 10,000
//! on the 60-day journey.
//!
//! Run: `cargo bench --bench frames` (prints a Markdown table);
//! `cargo bench --bench frames -- map route` measures only the screens
//! whose names contain one of the words. With `WAYBOOK_BENCH_DIR` set, the
//! two campaigns are made there and kept, to open in the app and look at;
//! with `WAYBOOK_BENCH_REUSE` set too, those kept are used again instead of
//! made anew (for profiling a screen without the filling).

#[global_allocator]
static ALLOCATOR: waybook_app::allocator::Allocator = waybook_app::allocator::Allocator;

use egui::Context;
use waybook_app::ui::journeys::Tab;
use waybook_app::ui::{Screen, WaybookApp};
use waybook_core::model::{Change, CharacterId, Edit, Holder, JourneyId};

use waybook_testkit as common;

use common::screens::{
    Figures, app_data, bare_table, cold_start, frame_of, measure, ms, open, row,
};

use common::large::{CHARACTERS, FIRST, fill};

fn main() {
    let temporary = tempfile::tempdir().expect("a temporary directory");
    let dir = std::env::var_os("WAYBOOK_BENCH_DIR")
        .map_or_else(|| temporary.path().to_owned(), std::path::PathBuf::from);
    let path = dir.join("large.waybook");
    let crowd_path = dir.join("crowd.waybook");
    let reuse =
        std::env::var_os("WAYBOOK_BENCH_REUSE").is_some() && path.exists() && crowd_path.exists();
    if !reuse {
        for made in [&path, &crowd_path] {
            // Made again each run: the demo refuses to overwrite a file.
            let _ = std::fs::remove_file(made);
        }
        fill(&path, false);
        fill(&crowd_path, true);
    }
    let cold = cold_start(&path);

    let mut app = open(&path);
    let mut crowd = open(&crowd_path);
    let journey = common::large::the_journey(app_data(&app))
        .cloned()
        .expect("the company's journey");
    let first = CharacterId(FIRST);
    let mut cases: Vec<(String, SetUp)> = vec![
        case("Roster", |a| a.ui.screen = Screen::Roster),
        case("Roster with a sheet open", move |a| {
            a.ui.screen = Screen::Roster;
            a.ui.roster.selected = Some(first);
        }),
        case("Inventory", move |a| {
            a.ui.screen = Screen::Inventory;
            a.ui.inventory.holder = Some(Holder::Character(first));
        }),
        case("Inventory, a loaded cart", move |a| {
            a.ui.screen = Screen::Inventory;
            a.ui.inventory.holder = Some(Holder::Vehicle(waybook_core::model::VehicleId(FIRST)));
        }),
        case("Item catalogue", |a| a.ui.screen = Screen::Items),
        case("Parties (103 animals and a cart)", move |a| {
            a.ui.screen = Screen::Parties;
            a.ui.parties.selected = Some(journey.party);
        }),
    ];
    for (label, tab) in JOURNEY_TABS {
        cases.push(case(
            &format!("Journey, {label} (60 days, 8 travellers, 103 animals)"),
            move |a| journey_tab(a, journey.id, tab),
        ));
    }
    cases.extend([
        case("Map (500 places)", |a| a.ui.screen = Screen::Map),
        case("Travel round", move |a| {
            a.ui.screen = Screen::Travel;
            a.ui.travel.party = Some(journey.party);
        }),
        case("Gathering", |a| a.ui.screen = Screen::Gathering),
        case("Heroes", |a| a.ui.screen = Screen::Heroes),
        case("Scene", |a| a.ui.screen = Screen::Scene),
        case("Hazards", |a| a.ui.screen = Screen::Hazards),
        case("Log (20,000 rolls)", |a| a.ui.screen = Screen::Log),
        case("Campaign", |a| a.ui.screen = Screen::Campaign),
        case("Dice and rules", |a| a.ui.screen = Screen::Rules),
    ]);

    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(|a| a.to_lowercase())
        .collect();
    let measured = |label: &str| {
        let label = label.to_lowercase();
        wanted.is_empty() || wanted.iter().any(|w| label.contains(w.as_str()))
    };
    // One context, so the bare table is drawn in the app's own fonts and style.
    let ctx = Context::default();
    // Each app's first frame heeds the campaign opened (its screens start
    // afresh): drawn before any screen is set up, or the first screen
    // measured would be the Roster.
    frame_of(&ctx, 0, &mut |ui| app.frame_ui(ui));
    frame_of(&ctx, 0, &mut |ui| crowd.frame_ui(ui));
    let bare = measure(&ctx, &mut |ui| bare_table(ui, CHARACTERS as usize));
    println!("| Screen | Median | p95 | Median ÷ bare table's |");
    println!("|---|---|---|---|");
    row("Bare `egui_extras` table, 10,000 rows", bare, bare);
    for (label, set_up) in cases.iter().filter(|(label, _)| measured(label)) {
        set_up(&mut app);
        let figures = measure(&ctx, &mut |ui| app.frame_ui(ui));
        row(label, figures, bare);
    }
    for (label, tab) in JOURNEY_TABS {
        let label = format!("Journey, {label} (60 days, a party of 10,007)");
        if !measured(&label) {
            continue;
        }
        journey_tab(&mut crowd, journey.id, tab);
        let figures = measure(&ctx, &mut |ui| crowd.frame_ui(ui));
        row(&label, figures, bare);
    }
    table_rows(&ctx, &mut app, bare, &measured);
    println!();
    println!(
        "Cold start, opening the file to the end of the first frame: median {} of 10 (log in memory after {})",
        ms(cold.first_frame),
        ms(cold.log_in)
    );
}

/// The GM's frames with the table open (its window hidden) and eight
/// phones following, once the first pages are built; and a frame that
/// makes an edit (a note on a character, through the one commit path),
/// with the table closed and open: open, its worker reads the file again
/// and builds the pages beside the GM's frames.
fn table_rows(ctx: &Context, app: &mut WaybookApp, bare: Figures, measured: &dyn Fn(&str) -> bool) {
    const FOLLOWING: &str = "the table open, 8 phones following";
    let labels = [
        "An edit each frame (Campaign), the table closed".to_owned(),
        format!("Map (500 places), {FOLLOWING}"),
        format!("Campaign, {FOLLOWING}"),
        format!("An edit each frame (Campaign), {FOLLOWING}"),
    ];
    if !labels.iter().any(|l| measured(l)) {
        return;
    }
    app.ui.screen = Screen::Campaign;
    if measured(&labels[0]) {
        row(
            &labels[0],
            measure(ctx, &mut |ui| edit_frame(app, ui)),
            bare,
        );
    }
    app.app
        .open_table(Some(std::net::SocketAddr::from(([127, 0, 0, 1], 0))));
    let state = app.app.table.as_mut().expect("the table opens");
    state.window = false;
    while state.table.revision() == 0 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let links = state.links.len();
    let pages: Vec<String> = (state.links.iter())
        .filter_map(waybook_table::links::Link::path)
        .collect();
    let built = std::time::Instant::now();
    let phones = common::phones::Following::start(state.table.address(), &pages, FOLLOWED);
    assert!(
        phones.ready(std::time::Duration::from_secs(120)),
        "the followed pages built"
    );
    let built = built.elapsed();
    for (label, screen) in labels[1..3].iter().zip([Screen::Map, Screen::Campaign]) {
        if measured(label) {
            app.ui.screen = screen;
            row(label, measure(ctx, &mut |ui| app.frame_ui(ui)), bare);
        }
    }
    if measured(&labels[3]) {
        app.ui.screen = Screen::Campaign;
        row(
            &labels[3],
            measure(ctx, &mut |ui| edit_frame(app, ui)),
            bare,
        );
    }
    let every = to_every_page(ctx, app, &phones);
    // Closing the table ends the pages' streams; then they stop.
    app.app.table = None;
    phones.stop();
    println!();
    println!(
        "The table's first pages, the {FOLLOWED} followed of {links} links, built on its worker and held by the phones in {}",
        ms(built)
    );
    println!(
        "The table: a change to every followed page ({FOLLOWED} followed of {links} links): median {}, p95 {}",
        ms(every[every.len() / 2]),
        ms(every[(every.len() - 1) * 95 / 100])
    );
}

/// How many phones follow the table.
const FOLLOWED: usize = 8;

/// The GM moves the clock (a change every page shows) 20 times, a little
/// apart: how long each took to reach every followed page, sorted.
fn to_every_page(
    ctx: &Context,
    app: &mut WaybookApp,
    phones: &common::phones::Following,
) -> Vec<std::time::Duration> {
    let mut every = Vec::new();
    for n in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(300 + 37 * n));
        let before = phones.holding();
        let at = std::time::Instant::now();
        if let Some(session) = &mut app.app.session {
            let day_hours = session.data.settings.day_hours;
            let edit = waybook_testkit::everyone_moved(&session.data, |t| t.plus(1, day_hours));
            session.apply(edit).expect("the clock moves");
        }
        // The app's frames go on while the edit is written behind them,
        // and tell the table's worker once it is.
        frame_of(ctx, n as usize, &mut |ui| app.frame_ui(ui));
        while app.app.is_writing() {
            std::thread::sleep(std::time::Duration::from_millis(2));
            frame_of(ctx, n as usize, &mut |ui| app.frame_ui(ui));
        }
        let took = phones.after(&before, at, std::time::Duration::from_secs(30));
        every.push(took.into_iter().max().unwrap_or_default());
    }
    every.sort();
    every
}

/// A frame that first makes an edit: the first character's notes, again.
fn edit_frame(app: &mut WaybookApp, ui: &mut egui::Ui) {
    if let Some(session) = &mut app.app.session {
        let before = session.data.characters[&CharacterId(FIRST)].clone();
        let mut after = before.clone();
        after.notes = format!("Edited at revision {}", session.data.revision);
        let edit = Edit::new(
            "a note",
            vec![Change::character(Some(&before), Some(&after))],
        );
        session.apply(edit).expect("the edit is made");
    }
    app.frame_ui(ui);
}

const JOURNEY_TABS: [(&str, Tab); 5] = [
    ("Route", Tab::Route),
    ("Days", Tab::Days),
    ("Food", Tab::Food),
    ("Charts", Tab::Charts),
    ("Play", Tab::Play),
];

type SetUp = Box<dyn Fn(&mut WaybookApp)>;

fn case(label: &str, set_up: impl Fn(&mut WaybookApp) + 'static) -> (String, SetUp) {
    (label.to_owned(), Box::new(set_up))
}

fn journey_tab(app: &mut WaybookApp, journey: JourneyId, tab: Tab) {
    app.ui.screen = Screen::Journeys;
    app.ui.journeys.selected = Some(journey);
    app.ui.journeys.tab = tab;
}
