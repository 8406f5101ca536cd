//! The table from the window (issue 39): File > Open the table… serves
//! the open campaign's players' views on the local network
//! (`waybook_table`). A worker follows the campaign's file and builds the
//! pages from it whenever it changes (`waybook_table::follow`, as `waybook
//! serve` does); the GM's frame only nudges it after an edit, and copies
//! nothing. Renewing or closing a link is one of the app's notes about the
//! campaign, not an edit (never undone). The table closes with the
//! campaign, or when the GM closes it. It opens where it was last (its
//! address and port remembered, so the links and their codes stay the
//! same), else on the machine's address on the local network, and the GM
//! may move it.

use super::App;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::thread::JoinHandle;
use waybook_core::store::Campaign;
use waybook_table::follow::FollowError;
use waybook_table::links::{self, Link, Target};
use waybook_table::server::{Table, TableError, local_address};

/// What a window's button asks of the table.
#[derive(Debug, Clone, PartialEq)]
pub enum TableStep {
    /// A new link for a player or party: the old one stops at once.
    Renew(Target),
    /// Closes a link until it is renewed.
    CloseLink(Target),
    /// Shows or hides the table's window.
    Window(bool),
    /// Moves the table to another of the machine's addresses, its port
    /// kept when free.
    Move(IpAddr),
    /// Closes the table: every link stops.
    Close,
}

/// Where the table may be opened, in words: the machine's address on the
/// local network, this machine alone, or every network it is on; and
/// `current`, where it is open, if none of those.
fn addresses(current: IpAddr) -> Vec<(IpAddr, String)> {
    let mut all = vec![
        local_address(),
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V4(Ipv4Addr::UNSPECIFIED),
    ];
    if !all.contains(&current) {
        all.insert(0, current);
    }
    all.dedup();
    all.into_iter().map(|ip| (ip, address_words(ip))).collect()
}

/// An address to open the table on, in words.
fn address_words(ip: IpAddr) -> String {
    if ip.is_loopback() {
        format!("This computer only ({ip})")
    } else if ip.is_unspecified() {
        format!("Every network this computer is on ({ip})")
    } else {
        format!("The local network ({ip})")
    }
}

/// The table, open.
pub struct TableState {
    pub table: Table,
    pub links: Vec<Link>,
    /// The campaign it serves.
    pub campaign: Option<PathBuf>,
    pub window: bool,
    follower: Option<JoinHandle<Result<(), FollowError>>>,
    /// Whether the table calls for a frame when its server stops on its
    /// own, so the window says so at once.
    waking: bool,
    /// The campaign's revision and the file's count of edits written the
    /// worker was last nudged at, if any (an edit is told to the worker
    /// once written, a frame or so after it is made).
    nudged_at: Option<(u64, i64)>,
    /// The campaign's revision the links were worked out at: only while
    /// the window shows them (a campaign of 1,000 parties takes half a
    /// millisecond, too much for each frame of a GM typing).
    links_at: Option<u64>,
    /// Each link's QR code, drawn once, by token.
    pub codes: std::collections::HashMap<String, egui::TextureHandle>,
    /// The address the window offers to move the table to, among the
    /// machine's (found once, when the table opens).
    pub choice: IpAddr,
    pub addresses: Vec<(IpAddr, String)>,
}

/// The table opened on `wanted`, else on its address with a port found
/// free, else on the machine's address on the local network (an address
/// the machine no longer has); with why `wanted` was refused.
fn open_near(wanted: SocketAddr) -> Result<(Table, Option<TableError>), TableError> {
    // A table just closed lets go of its port a moment later (its accept
    // thread ends on its own): ask again for a quarter of a second.
    let mut tries = 1;
    let refused = loop {
        match Table::open(wanted) {
            Ok(table) => return Ok((table, None)),
            Err(e) if wanted.port() == 0 || tries == 5 => break e,
            Err(_) => tries += 1,
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let fallbacks = [
        SocketAddr::new(wanted.ip(), 0),
        SocketAddr::new(local_address(), 0),
    ];
    for bind in fallbacks.into_iter().filter(|b| *b != wanted) {
        if let Ok(table) = Table::open(bind) {
            return Ok((table, Some(refused)));
        }
    }
    Err(refused)
}

impl App {
    /// Opens the table on `bind`, else where it was last, else on the
    /// machine's address on the local network, a port found free; says
    /// why not in words, and when it opened elsewhere than asked.
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
        // The file the worker follows, read beside the session's writes.
        let path = session.path_buf();
        let followed = (path.as_deref())
            .ok_or_else(|| "the table serves a campaign kept in a file; this one has none".into())
            .and_then(|path| Campaign::open_following(path).map_err(|e| e.to_string()));
        let followed = match followed {
            Ok(campaign) => campaign,
            Err(e) => return self.fail(format!("The table was not opened: {e}")),
        };
        let wanted = bind
            .or(self.table_address)
            .unwrap_or_else(|| SocketAddr::new(local_address(), 0));
        let (table, refused) = match open_near(wanted) {
            Ok(opened) => opened,
            Err(e) => return self.fail(e.to_string()),
        };
        let publisher = table.publisher();
        // Told each edit the window makes, the worker reads only what
        // changed instead of the whole campaign again.
        let (tell, told) = std::sync::mpsc::channel();
        if let Some(session) = &mut self.session {
            session.tell_written(tell);
        }
        let follower = std::thread::spawn(move || {
            waybook_core::background::give_way();
            waybook_table::follow::follow(&followed, &publisher, Some(told))
        });
        let address = table.address();
        self.table = Some(TableState {
            table,
            // Worked out with the first nudge, just below.
            links: Vec::new(),
            campaign: path,
            window: true,
            follower: Some(follower),
            waking: false,
            nudged_at: None,
            links_at: None,
            codes: std::collections::HashMap::new(),
            choice: address.ip(),
            addresses: addresses(address.ip()),
        });
        self.table_address = Some(address);
        self.keep_table_current();
        match refused {
            Some(e) => self.fail(format!(
                "{e}. It is open on {address} instead: the links have changed"
            )),
            None => self.notify(format!("The table is open on {address}")),
        }
    }

    /// Nudges the worker following the file when the campaign changed
    /// since (and works out the links again, while the window shows them);
    /// closes the table
    /// when its campaign is no longer the one open, or says why it
    /// stopped following it.
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
        if let Some(why) = state.table.closed() {
            self.table = None;
            return self.fail(format!(
                "The table closed: {why}. File > Open the table… opens it again"
            ));
        }
        if state.follower.as_ref().is_some_and(JoinHandle::is_finished) {
            let stopped = state.follower.take().map(JoinHandle::join);
            self.table = None;
            if let Some(Ok(Err(e))) = stopped {
                self.fail(format!("{e}. File > Open the table… opens it again"));
            }
            return;
        }
        let revision = Some(session.data.revision);
        if state.window && state.links_at != revision {
            state.links_at = revision;
            state.links = links::links(&session.data, &session.kept);
        }
        let mark = Some((session.data.revision, session.written_count()));
        if state.nudged_at != mark {
            state.nudged_at = mark;
            state.table.publisher().nudge();
        }
    }

    /// Has the open table call for a frame of `ctx` if its server stops
    /// on its own, so that the window says so at once, not at the GM's
    /// next move.
    pub fn wake_on_table_close(&mut self, ctx: &egui::Context) {
        let Some(state) = self.table.as_mut().filter(|s| !s.waking) else {
            return;
        };
        let ctx = ctx.clone();
        state.table.on_close(move || ctx.request_repaint());
        state.waking = true;
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
            TableStep::Move(ip) => {
                let Some(state) = self.table.take() else {
                    return;
                };
                let port = state.table.address().port();
                drop(state);
                return self.open_table(Some(SocketAddr::new(*ip, port)));
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
        // The links changed, not the campaign: look again.
        (state.nudged_at, state.links_at) = (None, None);
        self.keep_table_current();
    }
}
