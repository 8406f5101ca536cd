//! The table's server: hyper's HTTP/1 on a tokio runtime of one thread of
//! its own, answering the players' phones from the pages built last
//! (`pages`), never building one per request and never on the GM's frame.
//!
//! No client, with or without a token, can close it, grow its memory
//! without bound or hold its thread: connections are capped in all and
//! per address (`conns`), a request's head may be 16 KiB (then 431) and
//! must come whole within 10 seconds of the connection opening or of its
//! last answer (the same timer closes a connection idle between requests),
//! a connection lives at most 10 minutes (a page's stream reconnects), and
//! the accept loop outlives any error of the operating system (out of
//! open files included: it closes an idle connection, waits and goes on).
//! Should the server stop on its own all the same, the table says why
//! (`Table::closed`) and calls its owner back at once.
//!
//! What it answers is `answer`'s: only GET and HEAD, Waybook's own routes,
//! the same 404 for any token that is not open; an address that floods is
//! slowed (`limits`).

mod answer;
mod body;
mod conns;
mod limits;
mod listen;
mod live;

use crate::pages::{Pages, Part};
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::sync::{Arc, Mutex, RwLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Why the table could not open.
#[derive(Debug, thiserror::Error)]
#[error("the table could not open on {address}: {reason}")]
pub struct TableError {
    pub address: SocketAddr,
    pub reason: String,
}

/// Someone following a link: whose page, from which address, when last;
/// the revision of the campaign their page shows (the page served last,
/// or the one its script says), the one its script last asked after (0
/// for a page whose scripts are off, which refreshes itself instead), and
/// the one their link's page is at now.
#[derive(Debug, Clone, PartialEq)]
pub struct Follower {
    pub name: String,
    pub address: IpAddr,
    pub last_seen: Instant,
    pub shows: u64,
    pub asked: u64,
    /// The revision of their link's page served now (0 while not built):
    /// their page is up to date when it shows this one.
    pub latest: u64,
}

/// What the table knows of one device following one link.
#[derive(Debug, Clone)]
struct Followed {
    at: Instant,
    shows: u64,
    asked: u64,
    /// Their link's token, as last followed.
    token: String,
}

/// What a device following a link was last seen doing.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Seen {
    /// Its page was served, at this revision.
    Served(u64),
    /// Its page's script holds this revision (it fetched it, or says so
    /// asking or streaming).
    Script(u64),
    /// Its stream is still open.
    Alive,
}

/// How long a device that stopped asking stays among the followers, and
/// a page asked for stays built and followed.
const FORGOTTEN: Duration = Duration::from_secs(5 * 60);
/// How many pages of one link may be followed at once (its page and
/// pages of its older days): past it, the one asked for longest ago is
/// let go.
const PARTS_A_LINK: usize = 8;

/// What clients make the table hold: its connections open (at most
/// `cap`) and the addresses they come from, the addresses the flood guard
/// remembers, the devices following, the streams open; and how many times taking a
/// connection failed (the system out of open files...), each survived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holding {
    pub connections: usize,
    pub addresses: usize,
    pub cap: usize,
    pub buckets: usize,
    pub followers: usize,
    /// Pages' streams of changes open.
    pub streams: usize,
    pub accept_errors: usize,
}

/// What the server's thread and the table's owner share.
pub(crate) struct Shared {
    pages: RwLock<Arc<Pages>>,
    /// The revision of the pages served now; pages wait on it.
    revision: watch::Sender<u64>,
    /// Set when the table is closing: the accept loop stops, waiting
    /// pages are told.
    stopping: watch::Sender<bool>,
    /// Who followed which link from where.
    followers: Mutex<HashMap<(String, IpAddr), Followed>>,
    buckets: limits::Buckets,
    conns: Arc<conns::Conns>,
    /// How many streams of changes are open, by token.
    streams: Mutex<HashMap<String, usize>>,
    /// The pages asked for, by token and part, and when last: the worker
    /// builds those asked for lately (and those a stream holds).
    wanted: Mutex<HashMap<(String, Part), Instant>>,
    /// Wakes the worker (a page wanted, the table closing, an edit).
    nudge: std::sync::mpsc::Sender<()>,
    /// What the worker waits on, taken by it.
    nudges: Mutex<Option<std::sync::mpsc::Receiver<()>>>,
    /// Why the server was made to stop as if its listener failed (a
    /// test's `Table::break_for_test`).
    broken: Mutex<Option<String>>,
    /// How many times taking a connection failed (out of open files...).
    accept_errors: std::sync::atomic::AtomicUsize,
    /// Why the server stopped on its own, if it did.
    closed: Mutex<Option<String>>,
    /// Called once, from the server's thread, when it stops on its own.
    on_close: Mutex<Option<Box<dyn FnOnce() + Send>>>,
}

impl Shared {
    /// Notes that `token`'s page `part` is asked for now (the token an
    /// open link's), and wakes the worker if it is not built.
    pub(crate) fn want(&self, pages: &Pages, token: &str, part: Part) {
        let Ok(mut wanted) = self.wanted.lock() else {
            return;
        };
        wanted.insert((token.to_owned(), part), Instant::now());
        let mine: Vec<(Part, Instant)> = (wanted.iter())
            .filter(|((t, _), _)| t == token)
            .map(|((_, p), at)| (*p, *at))
            .collect();
        if mine.len() > PARTS_A_LINK
            && let Some((oldest, _)) = mine.iter().min_by_key(|(_, at)| *at)
        {
            wanted.remove(&(token.to_owned(), *oldest));
        }
        drop(wanted);
        if pages.page(token, part).is_none() {
            let _ = self.nudge.send(());
        }
    }

    /// Notes what the device at `address` following `token`'s link was
    /// seen doing, now.
    pub(crate) fn note(&self, pages: &Pages, token: &str, address: IpAddr, seen: Seen) {
        let Some(link) = pages.link(token) else {
            return;
        };
        let Ok(mut followers) = self.followers.lock() else {
            return;
        };
        let now = Instant::now();
        let entry = (followers.entry((link.name.clone(), address))).or_insert(Followed {
            at: now,
            shows: 0,
            asked: 0,
            token: String::new(),
        });
        entry.at = now;
        token.clone_into(&mut entry.token);
        match seen {
            Seen::Served(revision) => entry.shows = revision,
            Seen::Script(revision) => (entry.shows, entry.asked) = (revision, revision),
            Seen::Alive => {}
        }
    }

    /// Forgets the devices that stopped asking a while ago, and the
    /// addresses' buckets that are full again.
    fn prune(&self) {
        if let Ok(mut seen) = self.followers.lock() {
            seen.retain(|_, s| s.at.elapsed() < FORGOTTEN);
        }
        if let Ok(mut wanted) = self.wanted.lock() {
            wanted.retain(|_, at| at.elapsed() < FORGOTTEN);
        }
        self.buckets.prune();
    }

    /// Notes that the server stopped on its own, for `why`, and tells the
    /// table's owner.
    fn close_for(&self, why: String) {
        if let Ok(mut closed) = self.closed.lock() {
            closed.get_or_insert(why);
        }
        let _ = self.nudge.send(());
        let call = self.on_close.lock().ok().and_then(|mut c| c.take());
        if let Some(call) = call {
            call();
        }
    }
}

/// What publishes new pages to an open table, from any thread.
#[derive(Clone)]
pub struct Publisher(Arc<Shared>);

impl Publisher {
    /// Serves `pages` from now on, and tells every page waiting.
    pub fn publish(&self, pages: Pages) {
        let revision = pages.revision;
        if let Ok(mut current) = self.0.pages.write() {
            *current = Arc::new(pages);
        }
        self.0.revision.send_replace(revision);
    }

    /// Why the table's server stopped on its own, if it did.
    pub fn closed(&self) -> Option<String> {
        self.0.closed.lock().ok().and_then(|c| c.clone())
    }

    /// Whether the table is closing (closed by its owner, or stopped).
    pub fn closing(&self) -> bool {
        *self.0.stopping.borrow()
    }

    /// Wakes the worker following the campaign: it looks at the file now.
    pub fn nudge(&self) {
        let _ = self.0.nudge.send(());
    }

    /// What the worker waits on between two looks at the file (a nudge);
    /// none once taken (one worker follows a table).
    pub fn nudges(&self) -> Option<std::sync::mpsc::Receiver<()>> {
        self.0.nudges.lock().ok()?.take()
    }

    /// The pages followed now: asked for in the last five minutes, or
    /// held by an open stream (their page itself).
    pub fn followed(&self) -> HashSet<(String, Part)> {
        let mut followed: HashSet<(String, Part)> = (self.0.wanted.lock())
            .map(|w| {
                (w.iter())
                    .filter(|(_, at)| at.elapsed() < FORGOTTEN)
                    .map(|(key, _)| key.clone())
                    .collect()
            })
            .unwrap_or_default();
        if let Ok(streams) = self.0.streams.lock() {
            followed.extend(streams.keys().map(|t| (t.clone(), Part::Now)));
        }
        followed
    }

    /// The pages served now.
    pub fn pages(&self) -> Arc<Pages> {
        (self.0.pages.read()).map_or_else(|_| Arc::default(), |p| Arc::clone(&p))
    }
}

/// The table, open: it answers until it is closed (or dropped).
pub struct Table {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
    address: SocketAddr,
    /// Where a phone reaches it: its address, or on every interface the
    /// machine's address on the local network.
    reachable: SocketAddr,
}

/// The machine's address on the local network (the one a phone on the same
/// network reaches it by), found without sending anything; loopback when
/// it has none.
pub fn local_address() -> IpAddr {
    let found = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|s| s.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).map(|()| s))
        .and_then(|s| s.local_addr());
    match found {
        Ok(a) if !a.ip().is_unspecified() => a.ip(),
        _ => IpAddr::V4(Ipv4Addr::LOCALHOST),
    }
}

/// How many connections the table holds at most: half the files the
/// process may open (the window keeps the other half), at most 512.
fn connection_cap() -> usize {
    #[cfg(unix)]
    {
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
        let half = limit.map_or(512, |l| usize::try_from(l / 2).unwrap_or(512));
        half.clamp(16, 512)
    }
    #[cfg(not(unix))]
    {
        512
    }
}

impl Table {
    /// Opens the table on `bind` (port 0: one the system finds free).
    pub fn open(bind: SocketAddr) -> Result<Table, TableError> {
        let fail = |e: std::io::Error| TableError {
            address: bind,
            reason: e.to_string(),
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(fail)?;
        let listener = {
            let _inside = runtime.enter();
            listen::bind(bind).map_err(fail)?
        };
        let address = listener.local_addr().map_err(fail)?;
        let cap = connection_cap();
        let (nudge, nudges) = std::sync::mpsc::channel();
        let shared = Arc::new(Shared {
            pages: RwLock::new(Arc::new(Pages::default())),
            revision: watch::Sender::new(0),
            stopping: watch::Sender::new(false),
            followers: Mutex::new(HashMap::new()),
            buckets: limits::Buckets::default(),
            conns: conns::Conns::new(cap, (cap / 4).min(32)),
            streams: Mutex::new(HashMap::new()),
            wanted: Mutex::new(HashMap::new()),
            nudge,
            nudges: Mutex::new(Some(nudges)),
            broken: Mutex::new(None),
            accept_errors: std::sync::atomic::AtomicUsize::new(0),
            closed: Mutex::new(None),
            on_close: Mutex::new(None),
        });
        let thread = {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("waybook-table".into())
                .spawn(move || {
                    waybook_core::background::give_way();
                    listen::run(runtime, listener, &shared)
                })
                .map_err(fail)?
        };
        let reachable = if address.ip().is_unspecified() {
            SocketAddr::new(local_address(), address.port())
        } else {
            address
        };
        Ok(Table {
            shared,
            thread: Some(thread),
            address,
            reachable,
        })
    }

    /// Where it answers.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The link `path` in full, for a phone.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.reachable)
    }

    /// Serves `pages` from now on, and tells every page waiting.
    pub fn publish(&self, pages: Pages) {
        self.publisher().publish(pages);
    }

    /// A handle a worker publishes new pages through.
    pub fn publisher(&self) -> Publisher {
        Publisher(Arc::clone(&self.shared))
    }

    /// The revision of the pages served now (0 before the first).
    pub fn revision(&self) -> u64 {
        *self.shared.revision.borrow()
    }

    /// Why the server stopped on its own, if it did: the table no longer
    /// answers and its owner should say so and close it.
    pub fn closed(&self) -> Option<String> {
        self.publisher().closed()
    }

    /// Calls `call` once, from the server's thread, if the server stops
    /// on its own (at once when it has stopped already): the window asks
    /// for a frame with it, to say so without waiting for the GM's next
    /// move.
    pub fn on_close(&self, call: impl FnOnce() + Send + 'static) {
        if let Ok(mut on_close) = self.shared.on_close.lock() {
            *on_close = Some(Box::new(call));
        }
        if self.closed().is_some() {
            let call = self.shared.on_close.lock().ok().and_then(|mut c| c.take());
            if let Some(call) = call {
                call();
            }
        }
    }

    /// Stops the server as if its listener had failed for `why`: the
    /// port closes, `closed` says why and the owner is called back. For
    /// the tests of those who must say so (the window, `waybook serve`).
    #[doc(hidden)]
    pub fn break_for_test(&self, why: &str) {
        if let Ok(mut broken) = self.shared.broken.lock() {
            *broken = Some(why.to_owned());
        }
        self.shared.stopping.send_replace(true);
    }

    /// How many (link, device) pairs have followed: the status bar's count,
    /// without listing them.
    pub fn following(&self) -> usize {
        self.shared.followers.lock().map_or(0, |seen| seen.len())
    }

    /// What clients make the table hold now.
    pub fn holding(&self) -> Holding {
        let (connections, addresses) = self.shared.conns.count();
        Holding {
            connections,
            addresses,
            cap: self.shared.conns.cap,
            buckets: self.shared.buckets.len(),
            followers: self.following(),
            streams: (self.shared.streams.lock()).map_or(0, |s| s.values().sum()),
            accept_errors: (self.shared.accept_errors).load(std::sync::atomic::Ordering::SeqCst),
        }
    }

    /// Who follows a link, most recent first: a device whose link was
    /// renewed or closed since, or that stopped asking a while ago, is
    /// forgotten here and now, not at the next pruning.
    pub fn followers(&self) -> Vec<Follower> {
        let Ok(mut seen) = self.shared.followers.lock() else {
            return Vec::new();
        };
        let pages = self.publisher().pages();
        seen.retain(|_, s| s.at.elapsed() < FORGOTTEN && pages.link(&s.token).is_some());
        let mut all: Vec<Follower> = (seen.iter())
            .map(|((name, address), seen)| Follower {
                name: name.clone(),
                address: *address,
                last_seen: seen.at,
                shows: seen.shows,
                asked: seen.asked,
                latest: (pages.page(&seen.token, Part::Now)).map_or(0, |p| p.revision),
            })
            .collect();
        all.sort_by_key(|f| std::cmp::Reverse(f.last_seen));
        all
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        self.shared.stopping.send_replace(true);
        // The worker following the campaign hears it and ends.
        let _ = self.shared.nudge.send(());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
