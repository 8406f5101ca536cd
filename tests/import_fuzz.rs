//! Fuzzed imports: real exports of the demo with numbers, strings and keys
//! changed at random, and bytes cut or flipped. No input panics; a refused
//! import creates nothing; an accepted one passes `waybook check`, and
//! every view runs on it (issue 36): each journey's plan and food ledger,
//! the chronicle's days, the map and roster reports, each player's
//! handout, and a frame of every screen, without a panic and allocating
//! no more than a small factor of the same views of the demo (counted by
//! stats_alloc's allocator, this test binary's own).

use waybook_testkit as common;

use common::mutate::{mutated, mutation};
use proptest::prelude::*;
use serde_json::Value;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use std::path::Path;
use std::sync::OnceLock;
use waybook_core::model::document::Document;
use waybook_core::store::{Campaign, check};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// How much more the views of an accepted import may allocate than the
/// demo's: values set to their extremes (a leg at its longest, the clock
/// a thousand years on) legitimately plan more.
const VIEWS_FACTOR: usize = 20;

/// Runs every view on the campaign at `path`; the bytes they allocated.
fn views(path: &Path) -> usize {
    use waybook_core::world::chronicle::{self, Filter, Index};
    let counted = Region::new(GLOBAL);
    let data = Campaign::open(path).expect("opens").load().expect("loads");
    for j in data.journeys.values() {
        let view = waybook_core::plan::plan(&data, j);
        let _ = waybook_core::plan::food_ledger(&data, j, &view);
    }
    let index = Index::of(&data);
    let span = index.span(&data);
    for day in (*span.start()..=*span.end()).rev().take(400) {
        let _ = chronicle::day(&data, &index, day, &Filter::default());
    }
    let mut sink = Vec::new();
    let _ = waybook::cli::roster(path, true, &mut sink);
    let _ = waybook::cli::map::map(path, true, &mut sink);
    let request = waybook_print::handouts::Request {
        players: Vec::new(),
        format: waybook_print::handouts::Format::Html,
        paper: waybook_print::pdf::Paper::A4,
        overwrite: false,
    };
    let out = path.with_extension("handouts");
    if let Ok(planned) = waybook_print::handouts::plan(&data, None, &request, &out) {
        for (handout, _) in planned {
            let _ = waybook_print::handouts::render(&handout, request.format, request.paper);
        }
    }
    common::frame_every_screen(path);
    counted.change().bytes_allocated
}

/// What the views of the demo itself allocate.
fn demo_views() -> usize {
    static BYTES: OnceLock<usize> = OnceLock::new();
    *BYTES.get_or_init(|| {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("demo.waybook");
        drop(waybook_core::demo::create_demo(&path).expect("the demo"));
        views(&path)
    })
}

fn export() -> &'static Value {
    static EXPORT: OnceLock<Value> = OnceLock::new();
    EXPORT.get_or_init(|| {
        let (_dir, data) = common::demo();
        serde_json::from_str(&Document::of(&data).to_json()).expect("JSON")
    })
}

/// Imports `text` into a new file: accepted ones must pass the check,
/// refused ones must leave nothing.
fn try_import(text: &str) -> bool {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("imported.waybook");
    match Document::parse(text) {
        Ok(document) => {
            let made = Campaign::create_from(&out, &document);
            match made {
                Ok(_) => {
                    let report = check(&out).expect("the import opens");
                    assert!(
                        report.is_ok(),
                        "an accepted import passes check: {report:?}"
                    );
                    let bytes = views(&out);
                    assert!(
                        bytes <= VIEWS_FACTOR * demo_views(),
                        "its views allocated {bytes} bytes, the demo's {}",
                        demo_views()
                    );
                    true
                }
                // The store may still refuse (a key SQLite rejects); then nothing is left.
                Err(_) => {
                    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
                    false
                }
            }
        }
        Err(refusal) => {
            assert!(!refusal.to_string().is_empty() && !refusal.to_string().contains('\n'));
            assert!(!out.exists());
            false
        }
    }
}

proptest! {
    #![proptest_config(common::fuzz_config(96))]

    #[test]
    fn mutated_exports_never_panic_and_never_leave_half_a_file(
        picks in prop::collection::vec((any::<prop::sample::Index>(), mutation()), 1..4)
    ) {
        try_import(&mutated(export(), &picks).to_string());
    }

    #[test]
    fn cut_and_flipped_bytes_are_refused_in_words(cut in 0usize..30_000, flip in any::<u8>()) {
        let mut bytes = export().to_string().into_bytes();
        let at = cut % bytes.len();
        bytes[at] ^= flip | 1;
        bytes.truncate(at + (cut % 7) * 1000);
        try_import(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn the_unchanged_export_is_accepted() {
    assert!(try_import(&export().to_string()));
}

/// Issue 34, 39 and 40: an import is held to the ranges its forms allow, the
/// one declaration read by both; a leg of 999,999,999 km (the form allows
/// up to 100,000) or a log entry at the first day an i64 holds is refused,
/// naming the field.
#[test]
fn an_import_is_held_to_the_ranges_of_its_forms() {
    let cases: [(&str, Value, &str); 6] = [
        (
            "/journeys/0/plan/routes/0/legs/0/distance_km",
            Value::from(999_999_999.0),
            "journeys[0].plan.routes[0].legs[0].distance_km: must be between 0 and 100000",
        ),
        (
            "/journeys/0/plan/routes/0/legs/0/altitude_m",
            Value::from(20_000),
            "journeys[0].plan.routes[0].legs[0].altitude_m: must be between -500 and 9000",
        ),
        (
            "/journeys/0/plan/methods/0/km_per_hour",
            Value::from(0.0),
            "journeys[0].plan.methods[0].km_per_hour: must be between 0.1 and 1000",
        ),
        (
            "/log/0/at/day",
            Value::from(i64::MIN),
            "log[0].at.day: must be between 0 and 1000000",
        ),
        (
            "/settings/clock/hour",
            Value::from(30),
            "settings.clock.hour: must be between 0 and 23",
        ),
        (
            "/journeys/0/played_hours",
            Value::from(-1),
            "journeys[0].played_hours: must be between 0 and",
        ),
    ];
    for (pointer, value, said) in cases {
        let mut doc = export().clone();
        *doc.pointer_mut(pointer).expect(pointer) = value;
        let refusal = Document::parse(&doc.to_string()).expect_err(pointer);
        assert!(refusal.to_string().contains(said), "{pointer}: {refusal}");
    }
    assert!(
        Document::parse(&export().to_string()).is_ok(),
        "the export itself reads"
    );
}
