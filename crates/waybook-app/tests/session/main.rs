//! The app's session as the window drives it, as one test binary (each
//! test binary links egui once more): the clock moved by commands, a crash
//! report, what opening a file does, and packs framed on every screen. The
//! domain through the session is core's `tests/session`; the GUI tests are
//! `tests/gui`; the allocation count of each frame is `tests/frame_work.rs`,
//! alone for its counting allocator.

#[path = "../common/mod.rs"]
mod common;

mod clock_props;
mod crash_report;
mod opening;
mod packs;
