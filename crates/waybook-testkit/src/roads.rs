//! What the benchmarks share: the stages of a long journey and a grid of
//! places joined by paths.

use waybook_core::model::{
    Change, Leg, MapPath, MapPathId, Place, PlaceId, PlaceKind, Temperature, Terrain,
};

/// `days` stages of 32 km (8 road hours each), alternating cold heights at
/// 2,800 m, normal ground and hot plains.
pub fn long_road(days: usize) -> Vec<Leg> {
    (0..days)
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
            region: None,
            path: None,
        })
        .collect()
}

/// A `wide` × `high` grid of places 50 map units apart, each joined to its
/// right and lower neighbours: ids from `first` on, for places and paths.
pub fn grid(wide: i64, high: i64, first: i64) -> Vec<Change> {
    let id = |x: i64, y: i64| PlaceId(first + y * wide + x);
    let mut changes = Vec::new();
    let mut paths = first;
    for y in 0..high {
        for x in 0..wide {
            let place = Place {
                shown: Default::default(),
                id: id(x, y),
                name: format!("P{x}-{y}"),
                kind: PlaceKind::WildPlace,
                x: x as f64 * 50.0,
                y: y as f64 * 50.0,
                notes: String::new(),
                region: None,
                merchant_table: None,
            };
            changes.push(Change::of(None, Some(&place)));
            for (to, on) in [(id(x + 1, y), x + 1 < wide), (id(x, y + 1), y + 1 < high)] {
                if on {
                    let path = MapPath {
                        difficulty: (x * 7 + y * 3) % 9,
                        danger: (x + y) % 5,
                        rounds: 1 + (x + 2 * y) % 3,
                        partial: (x + y) % 4 == 0,
                        ..MapPath::new(MapPathId(paths), format!("path {paths}"), place.id, to)
                    };
                    paths += 1;
                    changes.push(Change::of(None, Some(&path)));
                }
            }
        }
    }
    changes
}
