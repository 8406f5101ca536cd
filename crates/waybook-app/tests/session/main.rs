//! The app's session and the domain through it, as one test binary (each
//! test binary links egui once more: one binary, not nine, keeps a rebuild
//! short): the clock's moves, a crash mid-edit and its report, heroes'
//! advancement, packs, the journey plans, the store, trips on the map and
//! undo. The GUI tests are `tests/gui`; the allocation count of each frame
//! is `tests/frame_work.rs`, alone for its counting allocator.

#[path = "../common/mod.rs"]
mod common;

mod clock_props;
mod crash;
mod crash_report;
mod heroes;
mod packs;
mod plan;
mod store;
mod trips;
mod undo_props;
