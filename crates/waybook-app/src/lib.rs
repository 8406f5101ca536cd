//! Waybook's desktop app: the allocator its programs run on
//! (`allocator`), the texts its Help menu shows (`texts`), its
//! state and the commands that change it (`app`), the screens that draw it
//! and send commands (`ui`), and the eframe window around them (`gui`), in
//! that order, each naming only those before it.

pub mod allocator;
pub mod app;
pub mod gui;
pub mod texts;
pub mod ui;
