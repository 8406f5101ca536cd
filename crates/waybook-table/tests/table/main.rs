//! The table's tests, in one test binary (one link instead of one per
//! file): its server as a phone asks it, its secrets kept, a real browser
//! following a change, and a small load.

mod browser;
mod common;
mod demo;
mod hostile;
mod leak;
mod load;
mod server;
mod touched;
mod worker;
