//! PDF sheets: one character sheet, and a 200-character roster in one file.
//! Prints the size per sheet beside criterion's times. With
//! `WAYBOOK_BENCH_OUT=dir`, keeps the roster's PDF and its pages' drawing
//! operations there, for `benches/reportlab_replay.py` to draw the same pages
//! with ReportLab (`benches/compare-reportlab` runs both).
//! Run: `cargo bench --bench sheets`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use waybook_core::model::{
    CampaignData, Change, Character, CharacterId, Holder, Holding, HoldingId,
};
use waybook_print::pdf::{self, Paper};

/// The demo campaign plus copies of its heroes (with their kit) up to `count`.
fn campaign(count: i64) -> CampaignData {
    let dir = tempfile::tempdir().expect("dir");
    let mut data = waybook_core::demo::create_demo(&dir.path().join("d.waybook"))
        .expect("demo")
        .load()
        .expect("loads");
    let originals: Vec<Character> = data.characters.values().cloned().collect();
    let mut next_holding = data.next_id::<waybook_core::model::Holding>().0;
    for i in data.characters.len() as i64..count {
        let template = &originals[i as usize % originals.len()];
        let copy = Character {
            id: CharacterId(i + 1),
            name: format!("{} {i}", template.name),
            ..template.clone()
        };
        let kit: Vec<Holding> = data
            .holdings_of(Holder::Character(template.id))
            .cloned()
            .collect();
        data.apply(&Change::character(None, Some(&copy)));
        for h in kit {
            next_holding += 1;
            let h = Holding {
                id: HoldingId(next_holding),
                holder: Holder::Character(copy.id),
                ..h
            };
            data.apply(&Change::Holding {
                before: None,
                after: Some(h),
            });
        }
    }
    data
}

fn sheets(c: &mut Criterion) {
    let data = campaign(200);
    let one = [pdf::whole_roster(&data)[0]];
    let all = pdf::whole_roster(&data);
    for (what, sheets) in [("one sheet", &one[..]), ("200-character roster", &all[..])] {
        let bytes = pdf::render(&data, sheets, Paper::A4, &mut |_| true).expect("rendered");
        eprintln!(
            "{what}: {} bytes, {} bytes per sheet",
            bytes.len(),
            bytes.len() / sheets.len()
        );
        if sheets.len() > 1 {
            keep_for_reportlab(&data, sheets, &bytes);
        }
    }
    c.bench_function("render one character sheet", |b| {
        b.iter(|| black_box(pdf::render(&data, &one, Paper::A4, &mut |_| true).expect("rendered")))
    });
    c.bench_function("render a 200-character roster", |b| {
        b.iter(|| black_box(pdf::render(&data, &all, Paper::A4, &mut |_| true).expect("rendered")))
    });
}

/// With `WAYBOOK_BENCH_OUT=dir`: the roster's PDF as `waybook.pdf`, and
/// every page's drawing operations as `pages.json` (a list of pages, each a
/// list of printpdf's operations), the same pages for ReportLab to draw.
fn keep_for_reportlab(data: &CampaignData, sheets: &[pdf::Sheet], bytes: &[u8]) {
    let Some(dir) = std::env::var_os("WAYBOOK_BENCH_OUT").map(std::path::PathBuf::from) else {
        return;
    };
    let pages = pdf::pages(data, sheets, Paper::A4).expect("laid out");
    let ops: Vec<_> = pages.iter().map(|p| &p.ops).collect();
    let json = serde_json::to_vec(&ops).expect("the operations as JSON");
    std::fs::write(dir.join("pages.json"), json).expect("pages.json written");
    std::fs::write(dir.join("waybook.pdf"), bytes).expect("waybook.pdf written");
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = sheets
}
criterion_main!(benches);
