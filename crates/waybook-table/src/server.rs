//! The table's server: tiny_http on threads of its own, answering the
//! players' phones from the pages built last (`pages`), never building one
//! per request. Only GET and HEAD; a path is matched against Waybook's own
//! routes and never reaches the file system; an unknown or closed token
//! gets the same 404 as a page that does not exist. Every answer forbids
//! anything from elsewhere (Content-Security-Policy), caching and
//! sniffing. A page follows the campaign by asking for its revision, a
//! question that waits until the revision moves (or 20 seconds pass).
//! Before the first pages are built, every link gets the same page that
//! asks again in a moment. An address that floods is slowed: each may ask
//! in bursts of 120 and 60 a second after, far above what a page needs
//! (about one a change).

use crate::pages::{Pages, SCRIPT};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tiny_http::{Header, Request, Response, Server};

/// Threads answering requests.
const WORKERS: usize = 4;
/// Questions of a page's revision that may wait at once; past them a
/// question is answered at once (the page asks again a second later).
const WAITING: usize = 64;
/// How long a question of the revision waits for a change.
const WAIT: Duration = Duration::from_secs(20);
/// An address's burst, and what it may ask a second after it.
const BURST: f64 = 120.0;
const PER_SECOND: f64 = 60.0;

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                   connect-src 'self'; img-src 'self' data:; base-uri 'none'; \
                   form-action 'none'; frame-ancestors 'none'";

/// Why the table could not open.
#[derive(Debug, thiserror::Error)]
#[error("the table could not open on {address}: {reason}")]
pub struct TableError {
    pub address: SocketAddr,
    pub reason: String,
}

/// Someone following a link: whose page, from which address, when last;
/// the revision of the campaign their page shows (the page served last,
/// or the one its script says), and the one its script last asked after
/// (0 for a page whose scripts are off, which refreshes itself instead).
#[derive(Debug, Clone, PartialEq)]
pub struct Follower {
    pub name: String,
    pub address: IpAddr,
    pub last_seen: Instant,
    pub shows: u64,
    pub asked: u64,
}

/// What the table knows of one device following one link.
#[derive(Debug, Clone, Copy)]
struct Seen {
    at: Instant,
    shows: u64,
    asked: u64,
}

/// How many requests an address may still make now.
struct Bucket {
    tokens: f64,
    at: Instant,
}

struct Shared {
    pages: RwLock<Arc<Pages>>,
    revision: Mutex<u64>,
    changed: Condvar,
    /// Who followed which link from where.
    followers: Mutex<HashMap<(String, IpAddr), Seen>>,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    waiting: AtomicUsize,
    stopping: AtomicBool,
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
        if let Ok(mut r) = self.0.revision.lock() {
            *r = revision;
        }
        self.0.changed.notify_all();
    }
}

/// The table, open: it answers until it is closed (or dropped).
pub struct Table {
    shared: Arc<Shared>,
    server: Arc<Server>,
    workers: Vec<JoinHandle<()>>,
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

impl Table {
    /// Opens the table on `bind` (port 0: one the system finds free).
    pub fn open(bind: SocketAddr) -> Result<Table, TableError> {
        let server = Server::http(bind).map_err(|e| TableError {
            address: bind,
            reason: e.to_string(),
        })?;
        let address = server.server_addr().to_ip().unwrap_or(bind);
        let server = Arc::new(server);
        let shared = Arc::new(Shared {
            pages: RwLock::new(Arc::new(Pages::default())),
            revision: Mutex::new(0),
            changed: Condvar::new(),
            followers: Mutex::new(HashMap::new()),
            buckets: Mutex::new(HashMap::new()),
            waiting: AtomicUsize::new(0),
            stopping: AtomicBool::new(false),
        });
        let workers = (0..WORKERS)
            .map(|_| {
                let (server, shared) = (Arc::clone(&server), Arc::clone(&shared));
                std::thread::spawn(move || serve(&server, &shared))
            })
            .collect();
        let reachable = if address.ip().is_unspecified() {
            SocketAddr::new(local_address(), address.port())
        } else {
            address
        };
        Ok(Table {
            shared,
            server,
            workers,
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
        self.shared.revision.lock().map_or(0, |r| *r)
    }

    /// How many (link, device) pairs have followed: the status bar's count,
    /// without listing them.
    pub fn following(&self) -> usize {
        self.shared.followers.lock().map_or(0, |seen| seen.len())
    }

    /// Who followed a link, most recent first.
    pub fn followers(&self) -> Vec<Follower> {
        let Ok(seen) = self.shared.followers.lock() else {
            return Vec::new();
        };
        let mut all: Vec<Follower> = (seen.iter())
            .map(|((name, address), seen)| Follower {
                name: name.clone(),
                address: *address,
                last_seen: seen.at,
                shows: seen.shows,
                asked: seen.asked,
            })
            .collect();
        all.sort_by_key(|f| std::cmp::Reverse(f.last_seen));
        all
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        self.shared.stopping.store(true, Ordering::SeqCst);
        self.shared.changed.notify_all();
        for _ in &self.workers {
            self.server.unblock();
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

/// A worker: answers requests until the table closes.
fn serve(server: &Arc<Server>, shared: &Arc<Shared>) {
    while !shared.stopping.load(Ordering::SeqCst) {
        match server.recv_timeout(Duration::from_millis(250)) {
            Ok(Some(request)) => answer(request, shared),
            Ok(None) => {}
            Err(_) => break,
        }
    }
}

/// An answer, its body in memory.
type Answer = Response<std::io::Cursor<Vec<u8>>>;

/// The type of a plain-text answer.
const TEXT: &str = "text/plain; charset=utf-8";

/// `answer` with the header `name: value` added.
fn with(mut answer: Answer, name: &str, value: &str) -> Answer {
    if let Ok(h) = Header::from_bytes(name.as_bytes(), value.as_bytes()) {
        answer.add_header(h);
    }
    answer
}

/// `body` with `status`, its type and the headers every answer carries.
fn response(status: u16, kind: &str, body: Vec<u8>) -> Answer {
    let headers = [
        ("Content-Type", kind),
        ("Content-Security-Policy", CSP),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ];
    let answer = Response::from_data(body).with_status_code(status);
    headers
        .into_iter()
        .fold(answer, |answer, (name, value)| with(answer, name, value))
}

/// The one answer to a path that is not there, a token that is not open
/// included.
fn not_found() -> Answer {
    response(404, TEXT, b"Not found.\n".to_vec())
}

/// A page that asks again in two seconds, the same for every token.
const PREPARING: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
    <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
    <meta http-equiv=\"refresh\" content=\"2\">\n<title>Waybook</title>\n\
    <link rel=\"stylesheet\" href=\"/static/page.css\">\n</head>\n<body>\n\
    <p>The table is being set: this page opens in a moment.</p>\n</body>\n</html>\n";

/// The one answer to any link asked for before the first pages are built
/// (the moment after the table opens): no link is told from another yet.
fn preparing() -> Answer {
    let page = response(
        503,
        "text/html; charset=utf-8",
        PREPARING.as_bytes().to_vec(),
    );
    with(page, "Retry-After", "2")
}

/// Whether `address` may ask now: its bucket refilled, then one taken.
fn allowed(shared: &Shared, address: IpAddr) -> bool {
    let Ok(mut buckets) = shared.buckets.lock() else {
        return false;
    };
    let now = Instant::now();
    let bucket = buckets.entry(address).or_insert(Bucket {
        tokens: BURST,
        at: now,
    });
    let refill = now.duration_since(bucket.at).as_secs_f64() * PER_SECOND;
    bucket.tokens = (bucket.tokens + refill).min(BURST);
    bucket.at = now;
    if bucket.tokens >= 1.0 {
        bucket.tokens -= 1.0;
        true
    } else {
        false
    }
}

fn answer(request: Request, shared: &Arc<Shared>) {
    let address = request
        .remote_addr()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip());
    let method = request.method().as_str().to_ascii_uppercase();
    if method != "GET" && method != "HEAD" {
        let refused = response(405, TEXT, b"Only GET.\n".to_vec());
        let _ = request.respond(with(refused, "Allow", "GET, HEAD"));
        return;
    }
    if !allowed(shared, address) {
        let slowed = response(429, TEXT, b"Slow down.\n".to_vec());
        let _ = request.respond(with(slowed, "Retry-After", "1"));
        return;
    }
    let url = request.url().to_owned();
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let pages = shared.pages.read().map(|p| Arc::clone(&p)).ok();
    let answered = match (parts.as_slice(), pages) {
        (["p", ..], Some(pages)) if pages.revision == 0 => preparing(),
        (["static", "page.css"], _) => response(
            200,
            "text/css; charset=utf-8",
            waybook_print::handouts::html::style().as_bytes().to_vec(),
        ),
        (["static", "live.js"], _) => response(
            200,
            "text/javascript; charset=utf-8",
            SCRIPT.as_bytes().to_vec(),
        ),
        (["p", token], Some(pages)) => match found(shared, &pages, token, address, None) {
            Some(page) => response(200, "text/html; charset=utf-8", page.to_vec()),
            None => not_found(),
        },
        (["p", token, "revision"], Some(pages)) => {
            let after = query
                .split('&')
                .find_map(|q| q.strip_prefix("after="))
                .and_then(|n| n.parse::<u64>().ok());
            if found(shared, &pages, token, address, after).is_none() {
                not_found()
            } else {
                return wait_then_answer(request, shared, after);
            }
        }
        _ => not_found(),
    };
    let _ = request.respond(answered);
}

/// The page of `token`, noting who follows it: when, and the revision
/// their page shows: the one served, or the one its script asks after
/// (`asked`).
fn found(
    shared: &Shared,
    pages: &Pages,
    token: &str,
    address: IpAddr,
    asked: Option<u64>,
) -> Option<Arc<[u8]>> {
    let link = crate::links::find(&pages.links, token)?;
    let page = pages.by_token.get(link.token.as_deref()?)?;
    if let Ok(mut seen) = shared.followers.lock() {
        let now = Instant::now();
        let entry = (seen.entry((link.name.clone(), address))).or_insert(Seen {
            at: now,
            shows: 0,
            asked: 0,
        });
        entry.at = now;
        match asked {
            Some(revision) => (entry.shows, entry.asked) = (revision, revision),
            None => entry.shows = pages.revision,
        }
    }
    Some(Arc::clone(page))
}

/// Answers a page's question of the revision: at once when it differs
/// from `after` (or too many wait), else on a thread of its own when it
/// moves, the table closes or 20 seconds pass. A table closing tells the
/// page so (410), and the page stops asking.
fn wait_then_answer(request: Request, shared: &Arc<Shared>, after: Option<u64>) {
    let now = shared.revision.lock().map(|r| *r).unwrap_or(0);
    let busy = shared.waiting.load(Ordering::SeqCst) >= WAITING;
    if after != Some(now) || busy {
        let _ = request.respond(revision_response(now));
        return;
    }
    shared.waiting.fetch_add(1, Ordering::SeqCst);
    let shared = Arc::clone(shared);
    std::thread::spawn(move || {
        let deadline = Instant::now() + WAIT;
        let mut revision = shared.revision.lock().map(|r| *r).unwrap_or(0);
        let closing = || shared.stopping.load(Ordering::SeqCst);
        while revision == now && !closing() && Instant::now() < deadline {
            let Ok(guard) = shared.revision.lock() else {
                break;
            };
            let waited = shared
                .changed
                .wait_timeout(guard, Duration::from_millis(500));
            revision = waited.map(|(r, _)| *r).unwrap_or(revision);
        }
        let answer = if closing() {
            response(410, TEXT, b"closed".to_vec())
        } else {
            revision_response(revision)
        };
        let _ = request.respond(answer);
        shared.waiting.fetch_sub(1, Ordering::SeqCst);
    });
}

fn revision_response(revision: u64) -> Answer {
    response(200, TEXT, revision.to_string().into_bytes())
}
