//! Recomputing a journey plan after a change: 60 days for 8 characters, with
//! every hour's tests, the exact forecasts and the food ledger.
//! Run: `cargo bench --bench journey`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use waybook_core::model::{Change, Character, CharacterId};

use waybook_testkit as common;

fn sixty_days() -> (
    waybook_core::model::CampaignData,
    waybook_core::model::Journey,
) {
    let dir = tempfile::tempdir().expect("dir");
    let mut data = waybook_core::demo::create_demo(&dir.path().join("d.waybook"))
        .expect("demo")
        .load()
        .expect("loads");
    let template = data.characters.values().next().cloned().expect("a hero");
    let eighth = Character {
        id: CharacterId(100),
        name: "Eighth".into(),
        ..template
    };
    data.apply(&Change::character(None, Some(&eighth)));
    let mut journey = data
        .journeys
        .values()
        .next()
        .cloned()
        .expect("the demo journey");
    // 60 days of 8 road hours: 480 hours, alternating cold heights and hot plains.
    journey.plan.routes[0].legs = common::long_road(60);
    journey.plan.chosen = 0;
    (data, journey)
}

fn recompute(c: &mut Criterion) {
    let (data, journey) = sixty_days();
    let view = waybook_core::plan::plan(&data, &journey);
    assert_eq!(view.days.len(), 60);
    assert_eq!(view.days[0].characters.len(), 8);
    c.bench_function("recompute a 60-day plan for 8 characters", |b| {
        // What the journeys screen recomputes after a change: the plan, its
        // food ledger and the comparison of every route.
        b.iter(|| black_box(waybook_core::plan::figures(&data, &journey)))
    });
}

/// The same 60 days with every leg in one of the demo's two regions, whose
/// days ahead are planned by the forecast's chances: each day laid out in
/// each weather it may have and its figures weighted.
fn recompute_in_the_forecast(c: &mut Criterion) {
    let (data, mut journey) = sixty_days();
    let regions: Vec<_> = data.regions.keys().copied().collect();
    for (i, leg) in journey.plan.routes[0].legs.iter_mut().enumerate() {
        leg.region = Some(regions[i % regions.len()]);
    }
    let view = waybook_core::plan::plan(&data, &journey);
    assert!(
        (view.days.iter()).any(|d| d
            .weather
            .iter()
            .any(|w| matches!(w.known, waybook_core::plan::Known::Chance { .. }))),
        "days planned by chance"
    );
    c.bench_function(
        "recompute a 60-day plan for 8 characters in the forecast",
        |b| b.iter(|| black_box(waybook_core::plan::figures(&data, &journey))),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = recompute, recompute_in_the_forecast
}
criterion_main!(benches);
