//! Waybook: an offline campaign manager for game masters.

pub mod app;
pub mod assets;
pub mod cli;
pub mod demo;
pub mod files;
pub mod gui;
pub mod model;
pub mod pdf;
pub mod plan;
pub mod rules;
pub mod starter;
pub mod store;
pub mod ui;
