//! The GUI tests, in one test binary (one link instead of one per screen):
//! each module drives the real app with egui_kittest, by role and label, as
//! a GM would: click, type, read what the screen shows.

#[path = "../common/mod.rs"]
mod common;

mod animals;
mod app;
mod calendar;
mod chronicle;
mod data;
mod faults;
mod gathering;
mod handouts;
mod heroes;
mod keyboard;
mod log;
mod monkey;
mod parties;
mod scene;
mod sharing;
mod table;
mod travel;
mod weather;
