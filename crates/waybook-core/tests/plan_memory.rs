//! What planning a journey costs in memory, counted by stats_alloc's
//! allocator (this test binary's own, with this one test in it, so no
//! other test's allocations are counted).

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use waybook_core::model::Journey;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Issue 50, item 26: "A journey set off on day 1,000,000 ... makes
/// `waybook journey` abort after 3.9 GB ... make the plan's memory
/// independent of how far away the start is." The demo's trip set off ten
/// years ahead plans in about the bytes it plans in setting off one year
/// ahead.
#[test]
fn a_trip_far_ahead_plans_in_what_one_near_plans_in() {
    let (_dir, data) = waybook_testkit::demo();
    let trip = data.journeys.values().next().expect("the demo's trip");
    // Both set off a year or more after every party's present: their days
    // all forecast from as far.
    let mut near = trip.clone();
    near.start.day = data.settings.clock.day + 365;
    let mut far = trip.clone();
    far.start.day = data.settings.clock.day + 3_650;
    let planned = |j: &Journey| {
        let counted = Region::new(GLOBAL);
        let view = waybook_core::plan::plan(&data, j);
        let _ = waybook_core::plan::food_ledger(&data, j, &view);
        counted.change().bytes_allocated
    };
    let (near, far) = (planned(&near), planned(&far));
    assert!(far < 2 * near, "{far} bytes ten years ahead, {near} near");
}
