//! Sharing one campaign between machines through a folder the GM's own
//! sync service keeps (Syncthing, Dropbox, OneDrive, a network share),
//! below the store: who this machine is ([`machine`]), the hybrid logical
//! clock that orders edits made apart ([`clock`]), and the files each
//! machine writes in the folder ([`folder`], [`journal`]). No SQLite file
//! is ever opened in the folder, and each file in it has one writer.
//!
//! The changesets the journals carry are SQLite's session extension's
//! (`store::changesets`); recording and merging them is the store's
//! (`store::sharing`).

pub mod clock;
pub mod folder;
pub mod journal;
pub mod machine;

pub use machine::Machine;
