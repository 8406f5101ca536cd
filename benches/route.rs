//! The route forecast on a large map: 1,000 places on a 40 × 25 grid with
//! about 2,000 paths, from one corner to the other, every path's odds and
//! the route by fewest expected rounds. The travel screen recomputes it
//! each frame while a destination is chosen.
//! Run: `cargo bench --bench route`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use waybook::model::{
    CampaignData, Change, MapPath, MapPathId, Party, PartyId, Place, PlaceId, PlaceKind, Settings,
};

const WIDE: i64 = 40;
const HIGH: i64 = 25;

fn grid() -> CampaignData {
    let mut data = CampaignData::new(Settings::new("Grid"));
    let id = |x: i64, y: i64| PlaceId(y * WIDE + x + 1);
    let mut paths = 0;
    for y in 0..HIGH {
        for x in 0..WIDE {
            let place = Place {
                id: id(x, y),
                name: format!("P{x}-{y}"),
                kind: PlaceKind::WildPlace,
                x: x as f64 * 50.0,
                y: y as f64 * 50.0,
                notes: String::new(),
            };
            data.apply(&Change::of(None, Some(&place)));
            for (to, on) in [(id(x + 1, y), x + 1 < WIDE), (id(x, y + 1), y + 1 < HIGH)] {
                if on {
                    paths += 1;
                    let path = MapPath {
                        id: MapPathId(paths),
                        name: format!("path {paths}"),
                        from: place.id,
                        to,
                        difficulty: (x * 7 + y * 3) % 9,
                        danger: (x + y) % 5,
                        rounds: 1 + (x + 2 * y) % 3,
                        partial: (x + y) % 4 == 0,
                        wild: false,
                        travelled: 0,
                        notes: String::new(),
                    };
                    data.apply(&Change::of(None, Some(&path)));
                }
            }
        }
    }
    let mut party = Party::new(PartyId(1), "Walkers");
    party.travel.place = Some(id(0, 0));
    data.apply(&Change::of(None, Some(&party)));
    data
}

fn forecast(c: &mut Criterion) {
    let data = grid();
    let far = PlaceId(WIDE * HIGH);
    c.bench_function("route across 1000 places", |b| {
        b.iter(|| waybook::travel::forecast::route(black_box(&data), PartyId(1), far))
    });
}

criterion_group!(benches, forecast);
criterion_main!(benches);
