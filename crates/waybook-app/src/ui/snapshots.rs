//! File > Snapshots…: the copies Waybook keeps of the open campaign (when,
//! why, how large, how many characters), each restorable as a new campaign
//! file, never over the open one. The list is read on a worker when the
//! window opens (each snapshot is opened to count its characters), never
//! on a frame; a folder that cannot be read says so, and without a data
//! folder snapshots are off, and the window says that too.

use crate::app::{App, Command};
use egui::{RichText, Ui};
use std::sync::mpsc::{Receiver, channel};
use waybook_core::store::Campaign;
use waybook_core::store::snapshots::{Snapshot, Snapshots, local_time};

/// A snapshot and its characters (none when it cannot be read).
type Listed = Vec<(Snapshot, Option<usize>)>;

/// The list as the window has it.
#[derive(Debug)]
enum Listing {
    /// Being read on a worker.
    Reading(Receiver<Result<Listed, String>>),
    Read(Listed),
    /// The folder could not be read.
    Failed(String),
    /// No data folder: Waybook keeps no snapshots here.
    Off,
}

#[derive(Debug, Default)]
pub struct SnapshotsState {
    pub open: bool,
    listing: Option<Listing>,
}

impl SnapshotsState {
    pub fn show(&mut self) {
        self.open = true;
        self.listing = None;
    }

    /// Whether the list is still being read.
    pub fn reading(&self) -> bool {
        matches!(self.listing, Some(Listing::Reading(_)))
    }
}

/// Reads a campaign's snapshots and counts their characters on a worker,
/// waking the window when done.
fn read(snapshots: Snapshots, ctx: egui::Context) -> Receiver<Result<Listed, String>> {
    let (send, receive) = channel();
    std::thread::spawn(move || {
        let listed = snapshots.list().map_err(|e| e.to_string()).map(|all| {
            all.into_iter()
                .map(|s| {
                    let count = Campaign::open_read_only(&s.path)
                        .and_then(|c| c.load())
                        .ok()
                        .map(|d| d.characters.len());
                    (s, count)
                })
                .collect()
        });
        // The window may have closed: nobody waits for the list then.
        let _ = send.send(listed);
        ctx.request_repaint();
    });
    receive
}

/// The listing, started when the window opens and taken when the worker
/// has it.
fn listing<'s>(state: &'s mut SnapshotsState, app: &App, ctx: &egui::Context) -> &'s Listing {
    let listing = state.listing.get_or_insert_with(|| {
        match app
            .session
            .as_ref()
            .and_then(|s| s.path())
            .and_then(|p| app.snapshots_of(p))
        {
            Some(snapshots) => Listing::Reading(read(snapshots, ctx.clone())),
            None => Listing::Off,
        }
    });
    if let Listing::Reading(worker) = listing
        && let Ok(read) = worker.try_recv()
    {
        *listing = match read {
            Ok(listed) => Listing::Read(listed),
            Err(e) => Listing::Failed(e),
        };
    }
    listing
}

pub fn snapshots_ui(ui: &mut Ui, state: &mut SnapshotsState, app: &App, out: &mut Vec<Command>) {
    if !state.open {
        return;
    }
    let ctx = ui.ctx().clone();
    let listing = listing(state, app, &ctx);
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("snapshots")).show(&ctx, |ui| {
        ui.set_width(560.0);
        ui.heading("Snapshots");
        ui.label(
            RichText::new(
                "Taken when the campaign opens (once a day) and before an upgrade; the newest ten and one a day for thirty days are kept. A snapshot is restored as a new campaign file.",
            )
            .weak(),
        );
        ui.add_space(6.0);
        match listing {
            Listing::Reading(_) => {
                ui.label("Reading the snapshots…");
            }
            Listing::Off => {
                ui.label("Snapshots are off: Waybook has no data folder to keep them in (set WAYBOOK_DATA_DIR to one).");
            }
            Listing::Failed(e) => {
                ui.label(
                    RichText::new(format!("The snapshots could not be listed: {e}"))
                        .color(super::input::ERROR_COLOUR),
                );
            }
            Listing::Read(listed) if listed.is_empty() => {
                ui.label("No snapshots of this campaign yet.");
            }
            Listing::Read(listed) => list_ui(ui, listed, &mut close, out),
        }
        ui.add_space(6.0);
        if ui.button("Close").clicked() {
            close = true;
        }
    });
    if close || modal.should_close() {
        state.open = false;
    }
}

fn list_ui(ui: &mut Ui, listed: &Listed, close: &mut bool, out: &mut Vec<Command>) {
    egui::Grid::new("snapshot-list")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for (s, count) in listed {
                ui.label(local_time(&s.time));
                ui.label(s.reason);
                ui.label(format!("{} KB", s.bytes / 1024));
                ui.label(count.map_or_else(
                    || "unreadable".to_owned(),
                    |n| waybook_core::model::plural(n, "character"),
                ));
                if ui
                    .button("Restore…")
                    .on_hover_text("Make a new campaign file of this snapshot")
                    .clicked()
                {
                    out.push(Command::RestoreSnapshot(s.path.clone()));
                    *close = true;
                }
                ui.end_row();
            }
        });
}
