//! The open campaign and the domain through it, with no screen, as one test
//! binary: a crash mid-edit, heroes' advancement, the journey plans, each
//! party's present, the store, trips on the map and undo.

use waybook_testkit as common;

mod animals;
mod crash;
mod heroes;
mod plan;
mod present_props;
mod presents;
mod sharing;
mod steps;
mod store;
mod trips;
mod undo_props;
