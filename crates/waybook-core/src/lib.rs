//! The campaign and everything that acts on it, with no screen and no paper.
//!
//! Its modules are layers, bottom to top, each naming only those below it
//! (`tests/layering.rs`): `files` (durable writes, the data folder) and
//! `background` (work that gives way to the GM's thread);
//! `model` (the campaign's data and its invariants); `world` (what moves it
//! in time: the clock, the weather's rolls, the chronicle) and `exchange`
//! (what moves data in and out: packs, the players' view, handouts' content,
//! CSV); the store and the domain steps beside it (`store`, `travel`,
//! `gathering`, `heroes`, `scene`, `hazards`); the trip plans (`plan`) and
//! the open campaign (`session`: the file, memory and undo); every edit a
//! GM makes that is not a step played (`edits`); the starter content
//! (`starter`); and the demo campaign (`demo`).

// An index that can panic on a bad record is an unwrap; CI's -D warnings makes it an error.
#![cfg_attr(not(test), warn(clippy::indexing_slicing))]

pub mod background;
pub mod demo;
pub mod edits;
pub mod exchange;
pub mod files;
pub mod gathering;
pub mod hazards;
pub mod heroes;
pub mod model;
pub mod plan;
pub mod scene;
pub mod session;
pub mod sharing;
pub mod starter;
pub mod store;
pub mod travel;
pub mod world;
