//! Frame work that does not grow with the campaign (issue 36). A frame
//! draws what is in view: its work must not grow with the number of log
//! entries, journeys, travel rounds, weather records or days. Every screen
//! and tab is drawn on the demo and on the demo grown by a thousand days (a
//! log of 30,000 entries, 50 journeys, 500 travel rounds, five regions'
//! weather of every day), and one settled frame's heap allocations and
//! bytes allocated are counted (stats_alloc's counting allocator, in a test
//! binary of its own so no other test counts; the log's reader and the
//! integrity check have finished before anything is counted). The grown
//! campaign's frame may do at most a small fixed factor of the demo's.
//!
//! Not counted: the first frame after a change (the screens' caches are
//! filled then, once per change, and a change's work is the domain's: the
//! frames bench times it), and the time itself (benches/frames.rs).
//!
//! Shown to fail where it should: with the Log's old frame put back (the
//! two share edits of every listed entry built each frame, to grey the
//! buttons), the Log row fails: 2,434 allocations a frame on the demo,
//! 512,446 on the grown campaign. It found two faults when first run: the
//! chronicle's Days zoom laid every line in view out again each frame (its
//! scroll bar came and went, changing the lines' width: 37 allocations and
//! 80 KB a line), and the Weeks, Months and Years zooms formatted every
//! line in view each frame; both are made once per change now.

use waybook_testkit::screens;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use waybook_app::ui::chronicle::Zoom;
use waybook_app::ui::journeys::Tab;
use waybook_app::ui::{Screen, WaybookApp};
use waybook_core::demo::grown::{self, Growth};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The demo grown by a thousand days: tens of thousands of records, enough
/// to see a frame's work grow, small enough to make in seconds.
const GROWN: Growth = Growth {
    days: 1_000,
    log: 30_000,
    journeys: 50,
    rounds: 500,
    regions: 5,
};

/// How much more a grown campaign's frame may allocate than the demo's:
/// twice, and a margin for a demo frame that allocates next to nothing.
const FACTOR: f64 = 2.0;
const MARGIN_ALLOCATIONS: usize = 200;
const MARGIN_BYTES: usize = 64 * 1024;

/// A screen or tab to draw, by name.
struct View {
    name: String,
    set: Box<dyn Fn(&mut WaybookApp)>,
}

fn views() -> Vec<View> {
    let mut views = Vec::new();
    for &screen in Screen::ALL {
        match screen {
            Screen::Journeys => {
                for (tab, name) in [
                    (Tab::Route, "Route"),
                    (Tab::Days, "Days"),
                    (Tab::Food, "Food"),
                    (Tab::Charts, "Charts"),
                    (Tab::Play, "Play"),
                ] {
                    views.push(View {
                        name: format!("Journeys, {name}"),
                        set: Box::new(move |app| {
                            app.ui.screen = Screen::Journeys;
                            app.ui.journeys.tab = tab;
                        }),
                    });
                }
            }
            Screen::Chronicle => {
                for &zoom in Zoom::ALL {
                    views.push(View {
                        name: format!("Chronicle, {}", zoom.label()),
                        set: Box::new(move |app| {
                            app.ui.screen = Screen::Chronicle;
                            app.ui.chronicle.zoom = zoom;
                        }),
                    });
                }
            }
            _ => views.push(View {
                name: screen.label().to_owned(),
                set: Box::new(move |app| app.ui.screen = screen),
            }),
        }
    }
    views
}

/// One frame of the app's ui, as egui runs it: not its tessellation into
/// triangles, whose work is the glyphs and shapes in view (egui's own,
/// timed by the frames bench).
fn ui_pass(ctx: &egui::Context, frame: usize, app: &mut WaybookApp) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        time: Some(frame as f64 / 60.0),
        ..egui::RawInput::default()
    };
    let mut output = ctx.run_ui(input, |ui| app.frame_ui(ui));
    output.textures_delta.clear();
}

/// The allocations and bytes allocated by one settled frame of each view.
fn work(app: &mut WaybookApp, views: &[View]) -> Vec<(usize, usize)> {
    let ctx = egui::Context::default();
    let mut frame = 0;
    let mut draw = |app: &mut WaybookApp| {
        ui_pass(&ctx, frame, app);
        frame += 1;
    };
    views
        .iter()
        .map(|view| {
            (view.set)(app);
            // Settled: the caches filled, the columns measured.
            for _ in 0..5 {
                draw(app);
            }
            let counted = Region::new(GLOBAL);
            draw(app);
            let change = counted.change();
            (
                change.allocations + change.reallocations,
                change.bytes_allocated,
            )
        })
        .collect()
}

#[test]
fn a_frame_does_no_more_work_on_a_grown_campaign() {
    let dir = tempfile::tempdir().expect("dir");
    let demo = dir.path().join("demo.waybook");
    drop(waybook_core::demo::create_demo(&demo).expect("the demo"));
    let old = dir.path().join("grown.waybook");
    let mut campaign = waybook_core::demo::create_demo(&old).expect("the demo");
    grown::grow(&mut campaign, GROWN).expect("grown");
    drop(campaign);
    let views = views();
    let small = work(&mut screens::open(&demo), &views);
    let large = work(&mut screens::open(&old), &views);
    let mut table = vec!["view: allocations (demo → grown), bytes (demo → grown)".to_owned()];
    let mut grew = Vec::new();
    for ((view, (a, b)), (c, d)) in views.iter().zip(&small).zip(&large) {
        let line = format!("{}: {a} → {c}, {b} → {d}", view.name);
        let allowed = |demo: usize, margin: usize| (demo as f64 * FACTOR) as usize + margin;
        if *c > allowed(*a, MARGIN_ALLOCATIONS) || *d > allowed(*b, MARGIN_BYTES) {
            grew.push(line.clone());
        }
        table.push(line);
    }
    println!("{}", table.join("\n"));
    assert!(
        grew.is_empty(),
        "a frame's work grows with the campaign:\n{}\n\nall views:\n{}",
        grew.join("\n"),
        table.join("\n")
    );
}
