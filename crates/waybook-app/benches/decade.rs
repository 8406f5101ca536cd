//! A campaign that has run for ten years: 3,650 days played, a log of a
//! million entries, 500 journeys, 5,000 travel rounds and ten regions with
//! their weather of every day. Measured: the size of the file, the cold
//! start (opening the file to the end of the first frame) and the frame
//! CPU time of every screen, the chronicle at every zoom.
//!
//! Run: `cargo bench --bench decade` (prints a Markdown table). With
//! `WAYBOOK_BENCH_DIR` set, the campaign is made there and kept; with
//! `WAYBOOK_BENCH_REUSE` set too, one kept is used again.

#[global_allocator]
static ALLOCATOR: waybook_app::allocator::Allocator = waybook_app::allocator::Allocator;

use std::path::Path;
use waybook_app::ui::chronicle::Zoom;
use waybook_app::ui::{Screen, WaybookApp};
use waybook_core::demo::grown::{self, Growth};

use waybook_testkit as common;

use common::screens::{app_data, cold_start, frame_of, measure, ms, open};

fn main() {
    let temporary = tempfile::tempdir().expect("a temporary directory");
    let dir = std::env::var_os("WAYBOOK_BENCH_DIR")
        .map_or_else(|| temporary.path().to_owned(), std::path::PathBuf::from);
    let path = dir.join("decade.waybook");
    if std::env::var_os("WAYBOOK_BENCH_REUSE").is_none() || !path.exists() {
        let _ = std::fs::remove_file(&path);
        fill(&path);
    }
    let bytes = std::fs::metadata(&path).expect("the file").len();
    let cold = cold_start(&path);
    let mut app = open(&path);
    let ctx = egui::Context::default();
    frame_of(&ctx, 0, &mut |ui| app.frame_ui(ui));
    println!("| Screen | Median | p95 |");
    println!("|---|---|---|");
    for &screen in Screen::ALL {
        if screen == Screen::Chronicle {
            for &zoom in Zoom::ALL {
                chronicle_at(&mut app, zoom);
                let f = measure(&ctx, &mut |ui| app.frame_ui(ui));
                println!(
                    "| Chronicle, {} | {} | {} |",
                    zoom.label(),
                    ms(f.median),
                    ms(f.p95)
                );
            }
            continue;
        }
        app.ui.screen = screen;
        let f = measure(&ctx, &mut |ui| app.frame_ui(ui));
        println!("| {} | {} | {} |", screen.label(), ms(f.median), ms(f.p95));
    }
    println!();
    println!(
        "{} log entries, {} weather records; file {:.1} MB; cold start (open to the end of the first frame) median {} of 10; the log in memory after {}",
        app_data(&app).log.len(),
        app_data(&app).weather.len(),
        bytes as f64 / 1e6,
        ms(cold.first_frame),
        ms(cold.log_in)
    );
}

fn chronicle_at(app: &mut WaybookApp, zoom: Zoom) {
    app.ui.screen = Screen::Chronicle;
    app.ui.chronicle.zoom = zoom;
}

/// Makes the demo at `path` and grows it by ten years.
fn fill(path: &Path) {
    let mut campaign = waybook_core::demo::create_demo(path).expect("the demo");
    grown::grow(&mut campaign, Growth::DECADE).expect("grown");
}
