//! File > Snapshots…: the copies Waybook keeps of the open campaign (when,
//! why, how large, how many characters), each restorable as a new campaign
//! file, never over the open one.

use crate::app::{App, Command};
use crate::store::Campaign;
use crate::store::snapshots::{Snapshot, local_time};
use egui::{RichText, Ui};

#[derive(Debug, Default)]
pub struct SnapshotsState {
    pub open: bool,
    /// The snapshots and their character counts, read when the window opens.
    listed: Option<Vec<(Snapshot, Option<usize>)>>,
}

impl SnapshotsState {
    pub fn show(&mut self) {
        self.open = true;
        self.listed = None;
    }
}

pub fn snapshots_ui(ui: &mut Ui, state: &mut SnapshotsState, app: &App, out: &mut Vec<Command>) {
    if !state.open {
        return;
    }
    let snapshots = app
        .session
        .as_ref()
        .and_then(|s| s.path())
        .and_then(|p| app.snapshots_of(p));
    let listed = state.listed.get_or_insert_with(|| {
        let all = snapshots
            .as_ref()
            .map_or_else(Vec::new, |s| s.list().unwrap_or_default());
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
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("snapshots")).show(ui.ctx(), |ui| {
        ui.set_width(560.0);
        ui.heading("Snapshots");
        ui.label(
            RichText::new(
                "Taken when the campaign opens (once a day) and before an upgrade; the newest ten and one a day for thirty days are kept. A snapshot is restored as a new campaign file.",
            )
            .weak(),
        );
        ui.add_space(6.0);
        if listed.is_empty() {
            ui.label("No snapshots of this campaign yet.");
        }
        egui::Grid::new("snapshot-list")
            .striped(true)
            .num_columns(5)
            .show(ui, |ui| {
                for (s, count) in listed.iter() {
                    ui.label(local_time(&s.time));
                    ui.label(s.reason);
                    ui.label(format!("{} KB", s.bytes / 1024));
                    ui.label(count.map_or_else(
                        || "unreadable".to_owned(),
                        |n| crate::model::plural(n, "character"),
                    ));
                    if ui
                        .button("Restore…")
                        .on_hover_text("Make a new campaign file of this snapshot")
                        .clicked()
                    {
                        out.push(Command::RestoreSnapshot(s.path.clone()));
                        close = true;
                    }
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        if ui.button("Close").clicked() {
            close = true;
        }
    });
    if close || modal.should_close() {
        state.open = false;
    }
}
