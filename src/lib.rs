//! Waybook: an offline campaign manager for game masters.
//!
//! The modules are layers, bottom to top: `assets` and `files`; `rules`
//! (pure); `model`; the domain beside the store, each on the model alone
//! (`store`, `plan`, `travel`, `gathering`, `heroes`, `scene`, `hazards`);
//! `pdf` and `starter`; `demo`; `app` and `cli`; `ui`; and `gui` (the
//! window). Each names only those below it (`tests/layering.rs`).

pub mod app;
pub mod assets;
pub mod cli;
pub mod demo;
pub mod files;
pub mod gathering;
pub mod gui;
pub mod handouts;
pub mod hazards;
pub mod heroes;
pub mod model;
pub mod pdf;
pub mod plan;
pub mod rules;
pub mod scene;
pub mod starter;
pub mod store;
pub mod travel;
pub mod ui;
