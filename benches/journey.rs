//! Recomputing a journey plan after a change: 60 days for 8 characters, with
//! every hour's tests, the exact forecasts and the food ledger.
//! Run: `cargo bench --bench journey`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use waybook::model::{Change, Character, CharacterId, Leg, Temperature, Terrain};

fn sixty_days() -> (waybook::model::CampaignData, waybook::model::Journey) {
    let dir = tempfile::tempdir().expect("dir");
    let mut data = waybook::demo::create_demo(&dir.path().join("d.waybook"))
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
    journey.plan.routes[0].legs = (0..60)
        .map(|i| Leg {
            name: format!("Stage {i}"),
            method: 0,
            distance_km: 32.0,
            terrain: Terrain::Normal,
            altitude_m: if i % 3 == 0 { 2_800 } else { 400 },
            temperature: [
                Temperature::Normal,
                Temperature::ExtremeCold,
                Temperature::ExtremeHeat,
            ][i % 3],
            weather_hours: None,
            depth_m: 0,
            played_as: None,
        })
        .collect();
    journey.plan.chosen = 0;
    (data, journey)
}

fn recompute(c: &mut Criterion) {
    let (data, journey) = sixty_days();
    let view = waybook::plan::plan(&data, &journey);
    assert_eq!(view.days.len(), 60);
    assert_eq!(view.days[0].characters.len(), 8);
    c.bench_function("recompute a 60-day plan for 8 characters", |b| {
        b.iter(|| {
            // What the journeys screen recomputes after a change: the plan,
            // its food ledger and the comparison of every route.
            let view = waybook::plan::plan(&data, &journey);
            let food = waybook::plan::food_ledger(&data, &journey, &view);
            black_box((view, food, waybook::plan::compare_routes(&data, &journey)))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = recompute
}
criterion_main!(benches);
