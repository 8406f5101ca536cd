//! A campaign that has run for ten years: 3,650 days played, a log of a
//! million entries, 500 journeys, 5,000 travel rounds and ten regions with
//! their weather of every day. Measured: the size of the file, the cold
//! start (opening the file to the end of the first frame) and the frame
//! CPU time of every screen, the chronicle at every zoom.
//!
//! Run: `cargo bench --bench decade` (prints a Markdown table). With
//! `WAYBOOK_BENCH_DIR` set, the campaign is made there and kept; with
//! `WAYBOOK_BENCH_REUSE` set too, one kept is used again.

use std::path::Path;
use waybook::model::{
    Change, CharacterId, ClockTime, Edit, JourneyId, LogEntry, LogId, LogKind, Region, RegionId,
    TravelRoundId, Weather, WeatherId,
};
use waybook::ui::chronicle::Zoom;
use waybook::ui::{Screen, WaybookApp};

mod common;

use common::screens::{app_data, cold_start, frame_of, measure, ms, open};

const DAYS: i64 = 3_650;
const LOG: i64 = 1_000_000;
const JOURNEYS: i64 = 500;
const ROUNDS: i64 = 5_000;
const REGIONS: i64 = 10;
/// Ids of what the bench adds start here, above the demo's own.
const FIRST: i64 = 10_000;
/// Changes written in one edit, so the filling never holds them all.
const BATCH: usize = 100_000;

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

/// Makes the demo at `path` and fills it with ten years.
fn fill(path: &Path) {
    let mut campaign = waybook::demo::create_demo(path).expect("the demo");
    let data = campaign.load().expect("loads");
    let journey = data.journeys.values().next().cloned().expect("a journey");
    let round = data.rounds.values().next().cloned().expect("a round");
    let people: Vec<CharacterId> = data.characters.keys().copied().collect();
    let mut changes: Vec<Change> = Vec::new();
    let weathers = [
        "Clear",
        "Rain",
        "Fog",
        "Snow",
        "Extreme heat: still air",
        "Wind",
    ];
    for r in 0..REGIONS {
        let region = Region {
            keep_percent: 40,
            ..Region::new(RegionId(FIRST + r), format!("Region {r}"))
        };
        changes.push(Change::of(None, Some(&region)));
        for day in 1..=DAYS {
            let w = Weather {
                id: WeatherId::of(region.id, day),
                region: region.id,
                day,
                weather: weathers[((day / 3 + r) % 6) as usize].to_owned(),
                rolled: format!("d6 = {}", 1 + (day + r) % 6),
                foretold: false,
            };
            changes.push(Change::of(None, Some(&w)));
        }
    }
    for j in 0..JOURNEYS {
        let mut copy = journey.clone();
        copy.id = JourneyId(FIRST + j);
        copy.name = format!("Journey {j}");
        copy.start.day = 1 + j * 7;
        changes.push(Change::journey(None, Some(&copy)));
    }
    for n in 0..ROUNDS {
        let mut copy = round.clone();
        copy.id = TravelRoundId(FIRST + n);
        copy.day = 1 + n * DAYS / ROUNDS;
        changes.push(Change::of(None, Some(&copy)));
    }
    write(&mut campaign, &mut changes, true);
    let kinds: Vec<LogKind> = LogKind::ALL.to_vec();
    for n in 0..LOG {
        let entry = LogEntry {
            working_shown: Default::default(),
            shown: Default::default(),
            id: LogId(FIRST + n),
            at: ClockTime {
                day: 1 + n * DAYS / LOG,
                hour: n % 24,
            },
            real: "2026-11-27 20:00".to_owned(),
            kind: kinds[n as usize % kinds.len()],
            why: format!("Step {n}"),
            rolled: format!("d20: {}", 1 + n % 20),
            characters: vec![people[n as usize % people.len()]],
            undone: false,
            said: Vec::new(),
            parties: Vec::new(),
        };
        changes.push(Change::of(None, Some(&entry)));
        write(&mut campaign, &mut changes, false);
    }
    let mut settings = campaign.settings().expect("settings");
    let before = settings.clone();
    settings.clock = ClockTime { day: DAYS, hour: 9 };
    changes.push(Change::Settings {
        before,
        after: settings,
    });
    write(&mut campaign, &mut changes, true);
}

/// Writes the changes gathered as one edit once there are a batch of them
/// (or, with `now`, whatever there is).
fn write(campaign: &mut waybook::store::Campaign, changes: &mut Vec<Change>, now: bool) {
    if changes.len() >= BATCH || (now && !changes.is_empty()) {
        let edit = Edit::new("fill ten years", std::mem::take(changes));
        campaign.apply(&edit).expect("filled");
    }
}
