//! The route forecast on a large map: 1,000 places on a 40 × 25 grid with
//! about 2,000 paths, from one corner to the other, every path's odds and
//! the route by fewest expected rounds. The travel screen recomputes it
//! each frame while a destination is chosen.
//! Run: `cargo bench --bench route`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use waybook_core::model::{CampaignData, Change, Party, PartyId, PlaceId, Settings};

use waybook_testkit as common;

const WIDE: i64 = 40;
const HIGH: i64 = 25;

fn grid() -> CampaignData {
    let mut data = CampaignData::new(Settings::new("Grid"));
    for change in common::grid(WIDE, HIGH, 1) {
        data.apply(&change);
    }
    let mut party = Party::new(PartyId(1), "Walkers", waybook_core::model::ClockTime::START);
    party.travel.place = Some(PlaceId(1));
    data.apply(&Change::of(None, Some(&party)));
    data
}

fn forecast(c: &mut Criterion) {
    let data = grid();
    let far = PlaceId(WIDE * HIGH);
    c.bench_function("route across 1000 places", |b| {
        b.iter(|| waybook_core::travel::forecast::route(black_box(&data), PartyId(1), far))
    });
}

criterion_group!(benches, forecast);
criterion_main!(benches);
