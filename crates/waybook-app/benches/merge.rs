//! Merging another machine's edits (issue 56): the laptop makes 10,000
//! edits apart (a place renamed, stacks taken from, items made, notes on
//! heroes), appended to its journal; the study machine merges them all.
//! Prints how long the merge took, the process's peak resident memory
//! before and after it, and the GM's frame on the study machine while the
//! window's own merge of them runs on its worker, as a row beside the
//! bare table's.
//!
//! Run: `cargo bench --bench merge` (Linux, for the resident memory).

#[global_allocator]
static ALLOCATOR: waybook_app::allocator::Allocator = waybook_app::allocator::Allocator;

use std::time::{Duration, Instant};
use waybook_app::ui::WaybookApp;
use waybook_core::model::{Category, Change, Edit, Item};
use waybook_core::sharing::Machine;
use waybook_core::store::Campaign;
use waybook_testkit::screens::{
    Figures, bare_table, frame_of, measure, ms, row, wait_for_the_check,
};

const EDITS: usize = 10_000;

fn main() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a folder");
    let folder = dir.path().join("shared");
    std::fs::create_dir(&folder).expect("the shared folder");
    let study_data = dir.path().join("data");
    let study_file = dir.path().join("study.waybook");
    let study = Machine::of_data_dir(&study_data, Some("Study PC")).expect("the study");
    let laptop =
        Machine::of_data_dir(&dir.path().join("laptop data"), Some("Laptop")).expect("the laptop");
    let mut campaign = waybook_core::demo::create_demo(&study_file).expect("the demo");
    campaign.share(&folder, &study).expect("shared");
    drop(campaign);
    let (mut apart, _) =
        Campaign::join(&folder, &dir.path().join("laptop.waybook"), &laptop).expect("joined");
    laptop_edits(&mut apart, EDITS);
    apart.publish_edits(&laptop).expect("published");
    let journal =
        std::fs::metadata(folder.join(format!("{}.journal", laptop.id))).map_or(0, |m| m.len());
    let kept = dir.path().join("study before.waybook");
    std::fs::copy(&study_file, &kept).expect("kept");

    let before = resident("VmRSS:");
    // The peak so far forgotten (Linux 4.0 on): the next is the merge's.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let began = Instant::now();
    let report = Campaign::open_beside(&study_file)
        .and_then(|mut c| c.sync(&study))
        .expect("merged");
    let took = began.elapsed();
    assert_eq!(report.merged.len(), EDITS);
    println!(
        "Merging 10,000 edits from another machine (a journal of {} KB): {:.2} s, {:.0} µs an edit; resident memory {} MB before, at most {} MB during the merge",
        journal / 1024,
        took.as_secs_f64(),
        took.as_secs_f64() * 1e6 / EDITS as f64,
        before / 1024,
        resident("VmHWM:") / 1024
    );

    std::fs::copy(&kept, &study_file).expect("as before the merge");
    let mut app = WaybookApp::new(Box::new(waybook_app::app::ScriptedDialogs::new(Vec::new())));
    app.app.data_dir = Ok(study_data);
    app.app.open_path(&study_file);
    app.app.watch_log(true);
    wait_for_the_check(&app);
    let ctx = egui::Context::default();
    frame_of(&ctx, 0, &mut |ui| app.frame_ui(ui));
    let bare = measure(&ctx, &mut |ui| bare_table(ui, 10_000));
    let during = frames_while_merging(&ctx, &mut app);
    println!();
    println!("| Frame | Median | p95 | Median ÷ bare table's |");
    println!("|---|---|---|---|");
    row("Bare `egui_extras` table, 10,000 rows", bare, bare);
    row(
        &format!(
            "Campaign screen while the window merges 10,000 edits ({} frames)",
            during.1
        ),
        during.0,
        bare,
    );
    println!();
    println!(
        "The frame that takes the merge in (the campaign read again on the worker): {}",
        ms(during.2)
    );
}

/// The laptop's edits, each its own, written as the window writes them.
fn laptop_edits(campaign: &mut Campaign, count: usize) {
    let mut data = campaign.load().expect("loads");
    let stack = (data.holdings.values().find(|h| h.quantity > 2))
        .expect("a stack")
        .id;
    for n in 0..count {
        let change = match n % 4 {
            0 => {
                let place = data.places.values().nth(n % 5).expect("a place");
                let mut renamed = place.clone();
                renamed.name = format!("Waystone {n}");
                Change::of(Some(place), Some(&renamed))
            }
            1 => {
                // One taken from a stack, then put back.
                let stack = &data.holdings[&stack];
                let mut taken = stack.clone();
                taken.quantity += if (n / 4) % 2 == 0 { -1 } else { 1 };
                Change::of(Some(stack), Some(&taken))
            }
            2 => {
                let item = Item::new(
                    data.next_id::<Item>(),
                    format!("Trinket {n}"),
                    Category::Tool,
                );
                Change::of(None, Some(&item))
            }
            _ => {
                let hero = data.characters.values().nth(n % 7).expect("a hero");
                let mut noted = hero.clone();
                noted.notes = format!("Note {n}");
                Change::of(Some(hero), Some(&noted))
            }
        };
        data.apply(&change);
        campaign
            .send(Edit::new(format!("Edit {n}"), vec![change]), None)
            .expect("sent");
    }
    let answers = campaign.answers(true);
    assert_eq!(answers.len(), count);
}

/// The GM's frames on the Campaign screen from the moment the window's
/// merge starts until its worker is done: their median and p95, how many
/// there were, and the frame that took the merge in (reading the campaign
/// again), which is not among them.
fn frames_while_merging(ctx: &egui::Context, app: &mut WaybookApp) -> (Figures, usize, Duration) {
    app.ui.screen = waybook_app::ui::Screen::Campaign;
    let mut times = Vec::new();
    let began = Instant::now();
    for frame in 1.. {
        if app.app.sharing.as_ref().is_some_and(|s| s.report.is_some()) {
            break;
        }
        let started = Instant::now();
        frame_of(ctx, frame, &mut |ui| app.frame_ui(ui));
        times.push(started.elapsed());
        assert!(began.elapsed() < Duration::from_secs(600), "the merge ends");
    }
    let taken_in = times.pop().unwrap_or_default();
    times.sort();
    let figures = Figures {
        median: times[times.len() / 2],
        p95: times[times.len() * 95 / 100],
    };
    (figures, times.len(), taken_in)
}

/// The process's resident memory in KB as Linux says it on the line
/// `name` of /proc/self/status (VmRSS now, VmHWM its peak); 0 elsewhere.
fn resident(name: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with(name))?;
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}
