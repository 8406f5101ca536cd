//! Measuring the app's frames headless (egui's own context, no GPU): a
//! campaign opened as the app opens it, one frame's CPU time (the ui, then
//! its tessellation) as the median and p95 of many, and the cold start.

use egui::{Context, RawInput, Rect, pos2, vec2};
use std::path::Path;
use std::time::{Duration, Instant};
use waybook_app::app::ScriptedDialogs;
use waybook_app::ui::WaybookApp;

const WARM_UP: usize = 10;
const FRAMES: usize = 200;
const SIZE: egui::Vec2 = vec2(1280.0, 800.0);

/// Opens the campaign as the app does: its snapshots kept in a data folder
/// beside it, its integrity checked on a worker once it is read.
pub fn opening(path: &Path) -> WaybookApp {
    let mut app = WaybookApp::new(Box::new(ScriptedDialogs::new(Vec::new())));
    app.app.data_dir = path
        .parent()
        .map(|dir| dir.join("data"))
        .ok_or_else(|| "no folder".to_owned());
    app.app.open_path(path);
    assert!(app.app.session.is_some(), "the large campaign opens");
    app
}

/// The campaign opened, checked and its log read.
pub fn open(path: &Path) -> WaybookApp {
    let mut app = opening(path);
    app.app.watch_log(true);
    wait_for_the_check(&app);
    app
}

/// The integrity check runs on a worker after opening: frames are measured
/// once it is done, as they would be a moment after a GM opened the file.
pub fn wait_for_the_check(app: &WaybookApp) {
    while session(app).is_being_checked() {
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Median and p95 of one frame, after a few frames to settle (caches
/// filled, columns measured).
#[derive(Clone, Copy)]
pub struct Figures {
    pub median: Duration,
    pub p95: Duration,
}

pub fn measure(ctx: &Context, ui: &mut dyn FnMut(&mut egui::Ui)) -> Figures {
    let mut times = Vec::with_capacity(FRAMES);
    for frame in 0..WARM_UP + FRAMES {
        let started = Instant::now();
        frame_of(ctx, frame, ui);
        if frame >= WARM_UP {
            times.push(started.elapsed());
        }
    }
    times.sort();
    Figures {
        median: times[times.len() / 2],
        p95: times[times.len() * 95 / 100],
    }
}

/// One frame: the ui, then its shapes tessellated into triangles.
pub fn frame_of(ctx: &Context, frame: usize, ui: &mut dyn FnMut(&mut egui::Ui)) {
    let input = RawInput {
        screen_rect: Some(Rect::from_min_size(pos2(0.0, 0.0), SIZE)),
        time: Some(frame as f64 / 60.0),
        ..RawInput::default()
    };
    let mut output = ctx.run_ui(input, |root| ui(root));
    // No renderer takes the textures: dropped on purpose (a debug build
    // insists on being told).
    output.textures_delta.clear();
    std::hint::black_box(ctx.tessellate(output.shapes, output.pixels_per_point));
}

pub fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

/// The medians of ten cold starts: opening the file to the end of the
/// first frame, and to its log read into memory (behind that frame).
pub struct ColdStart {
    pub first_frame: Duration,
    pub log_in: Duration,
}

/// Opens the file ten times. (The integrity check that runs meanwhile is
/// not waited for.)
pub fn cold_start(path: &Path) -> ColdStart {
    let (mut frames, mut logs): (Vec<Duration>, Vec<Duration>) = (0..10)
        .map(|_| {
            let started = Instant::now();
            let mut app = opening(path);
            let ctx = Context::default();
            frame_of(&ctx, 0, &mut |ui| app.frame_ui(ui));
            let first_frame = started.elapsed();
            app.app.watch_log(true);
            let log_in = started.elapsed();
            // The integrity check goes on after the first frame: let it
            // finish before the next start.
            wait_for_the_check(&app);
            (first_frame, log_in)
        })
        .unzip();
    frames.sort();
    logs.sort();
    ColdStart {
        first_frame: frames[frames.len() / 2],
        log_in: logs[logs.len() / 2],
    }
}

fn session(app: &WaybookApp) -> &waybook_core::session::Session {
    app.app.session.as_ref().expect("a campaign is open")
}

/// The campaign the app has open.
pub fn app_data(app: &WaybookApp) -> &waybook_core::model::CampaignData {
    &session(app).data
}

/// The reference every frame is compared with: a table of `rows` rows of
/// five columns, only the visible ones drawn.
pub fn bare_table(ui: &mut egui::Ui, rows: usize) {
    egui::CentralPanel::default().show(ui, |ui| {
        egui_extras::TableBuilder::new(ui)
            .columns(egui_extras::Column::auto(), 5)
            .header(20.0, |mut header| {
                for title in ["Name", "Player", "Level", "Wounds", "Party"] {
                    header.col(|ui| {
                        ui.strong(title);
                    });
                }
            })
            .body(|body| {
                body.rows(18.0, rows, |mut row| {
                    let i = row.index();
                    row.col(|ui| {
                        ui.label(format!("Traveller {i}"));
                    });
                    row.col(|ui| {
                        ui.label(format!("Player {}", i % 97));
                    });
                    row.col(|ui| {
                        ui.label((i % 10).to_string());
                    });
                    row.col(|ui| {
                        ui.label((i % 4).to_string());
                    });
                    row.col(|ui| {
                        ui.label(format!("Party {}", i % 1000));
                    });
                });
            });
    });
}

/// One row of a bench's Markdown table: the frame's median and p95, and
/// its median over the bare table's of the same run.
pub fn row(label: &str, figures: Figures, bare: Figures) {
    println!(
        "| {label} | {} | {} | {:.2} |",
        ms(figures.median),
        ms(figures.p95),
        figures.median.as_secs_f64() / bare.median.as_secs_f64()
    );
}
