//! The odds of a gathering session before anyone rolls, as the gathering
//! screen recomputes them each frame a gatherer is chosen: every row's
//! chance and the expected units and time of a whole day's session, and
//! the expected time to gather 100 units.
//! Run: `cargo bench --bench gathering`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use waybook_rules::travel::gather::{Gather, Source};
use waybook_rules::travel::gather_odds::{for_minutes, outcomes, row_chances, until_units};

fn odds(c: &mut Criterion) {
    let request = Gather {
        bonus: 5,
        sb: 2,
        source: Source::Rich,
        quality: None,
    };
    c.bench_function("gathering odds for a 24-hour session", |b| {
        b.iter(|| {
            let o = outcomes(black_box(&request));
            (row_chances(&request), for_minutes(&o, 24 * 60))
        })
    });
    c.bench_function("gathering time to 100 units", |b| {
        b.iter(|| until_units(&outcomes(black_box(&request)), 100))
    });
}

criterion_group!(benches, odds);
criterion_main!(benches);
