//! The `waybook` programs' command line: every subcommand a GM or a
//! script runs without the window (`waybook rules` is the engine's face,
//! CLI.md), and what the programs do once started (`program`).
//! The top of the workspace: it names every crate below it
//! (`waybook-app`, `waybook-print`, `waybook-core`, `waybook-rules`).

pub mod cli;
pub mod program;
