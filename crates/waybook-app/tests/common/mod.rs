//! What the app's tests share: the workspace's test kit, and the GUI
//! fixture that drives the real app headless (`gui`).
// Each test binary compiles this module and uses only some of it.
#![allow(dead_code, unused_imports)]

pub mod gui;
pub use waybook_testkit::*;
