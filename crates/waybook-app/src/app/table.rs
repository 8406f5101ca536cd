//! The table from the window (issue 39): File > Open the table… serves
//! the open campaign's players' views on the local network
//! (`waybook_table`). A worker builds the pages whenever the campaign
//! changes, from a copy, never on the GM's frame; renewing or closing a
//! link is one of the app's notes about the campaign, not an edit (never
//! undone). The table closes with the campaign, or when the GM closes it.

use super::App;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Sender, channel};
use waybook_core::model::CampaignData;
use waybook_table::links::{self, Link, Target};
use waybook_table::pages::Pages;
use waybook_table::server::{Publisher, Table, local_address};

/// What a window's button asks of the table.
#[derive(Debug, Clone, PartialEq)]
pub enum TableStep {
    /// A new link for a player or party: the old one stops at once.
    Renew(Target),
    /// Closes a link until it is renewed.
    CloseLink(Target),
    /// Shows or hides the table's window.
    Window(bool),
    /// Closes the table: every link stops.
    Close,
}

/// The campaign as the builder gets it: a copy, its links, the pages'
/// revision.
type Job = (Arc<CampaignData>, Vec<Link>, u64);

/// The table, open.
pub struct TableState {
    pub table: Table,
    pub links: Vec<Link>,
    /// The campaign it serves.
    pub campaign: Option<PathBuf>,
    pub window: bool,
    builder: Sender<Job>,
    /// The campaign's revision the pages were last built from, and the
    /// pages' own revision.
    built_from: Option<u64>,
    pages: u64,
    /// Each link's QR code, drawn once, by token.
    pub codes: std::collections::HashMap<String, egui::TextureHandle>,
}

/// Builds the newest job's pages (older ones waiting are skipped) until
/// the table closes.
fn build(publisher: Publisher, jobs: std::sync::mpsc::Receiver<Job>) {
    while let Ok(mut job) = jobs.recv() {
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        let (data, links, revision) = job;
        publisher.publish(Pages::build(&data, &links, revision));
    }
}

impl App {
    /// Opens the table on the machine's address on the local network (or
    /// `bind`), a port found free; says why not in words.
    pub fn open_table(&mut self, bind: Option<SocketAddr>) {
        if let Some(state) = &mut self.table {
            state.window = true;
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        let opening = match links::opening(&session.data, &session.kept) {
            Ok(opening) => opening,
            Err(e) => return self.fail(format!("The table was not opened: {e}")),
        };
        for (key, token) in opening {
            if let Err(e) = session.keep(key, token) {
                return self.fail(format!("The table was not opened: {e}"));
            }
        }
        let bind = bind.unwrap_or_else(|| SocketAddr::new(local_address(), 0));
        let table = match Table::open(bind) {
            Ok(table) => table,
            Err(e) => return self.fail(e.to_string()),
        };
        let (builder, jobs) = channel();
        let publisher = table.publisher();
        std::thread::spawn(move || build(publisher, jobs));
        let address = table.address();
        self.table = Some(TableState {
            table,
            // Filled with the first pages, just below.
            links: Vec::new(),
            campaign: session.path_buf(),
            window: true,
            builder,
            built_from: None,
            pages: 0,
            codes: std::collections::HashMap::new(),
        });
        self.keep_table_current();
        self.notify(format!("The table is open on {address}"));
    }

    /// Sends the builder a copy of the campaign when it changed since the
    /// pages were built (or the links did); closes the table when its
    /// campaign is no longer the one open.
    pub fn keep_table_current(&mut self) {
        let Some(state) = &mut self.table else { return };
        let Some(session) = self
            .session
            .as_ref()
            .filter(|s| s.path_buf() == state.campaign)
        else {
            self.table = None;
            return;
        };
        if state.built_from == Some(session.data.revision) {
            return;
        }
        state.built_from = Some(session.data.revision);
        state.pages += 1;
        state.links = links::links(&session.data, &session.kept);
        let job = (
            Arc::new(session.data.clone()),
            state.links.clone(),
            state.pages,
        );
        let _ = state.builder.send(job);
    }

    /// Carries out a step the table's window asked for.
    pub fn table_step(&mut self, step: TableStep) {
        let note = match &step {
            TableStep::Renew(target) => links::renewal(*target).map_err(|e| e.to_string()),
            TableStep::CloseLink(target) => Ok(links::closing(*target)),
            TableStep::Window(shown) => {
                if let Some(state) = &mut self.table {
                    state.window = *shown;
                }
                return;
            }
            TableStep::Close => {
                if self.table.take().is_some() {
                    self.notify("The table is closed: every link has stopped");
                }
                return;
            }
        };
        let (Some(session), Some(state)) = (&mut self.session, &mut self.table) else {
            return;
        };
        let kept =
            note.and_then(|(key, value)| session.keep(key, value).map_err(|e| e.to_string()));
        if let Err(e) = kept {
            return self.fail(format!("The link was not changed: {e}"));
        }
        // The links changed, not the campaign: build the pages again.
        state.built_from = None;
        self.keep_table_current();
    }
}
