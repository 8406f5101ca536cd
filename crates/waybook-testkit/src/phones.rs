//! Phones at the table, for the table's load test and benchmark and the
//! frames bench: phones each asking for their page again and again, paced
//! over a run, and pages following the revision as Waybook's page script
//! does (`run`, `Following`). Each phone asks from an address of its own
//! on loopback (127.0.0.2, .3, ...), as phones on a network do, so the
//! per-address slowing meant for a flood is not what is measured.
//! Loopback only; bounded in count and time.

use socket2::{Domain, Socket, Type};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The shape of a load.
#[derive(Debug, Clone, Copy)]
pub struct Load {
    /// Phones asking for their page, each `requests` times over `span`.
    pub clients: usize,
    pub requests: usize,
    /// Pages following the revision for the whole `span`.
    pub streams: usize,
    pub span: Duration,
    /// How often the GM changes the campaign.
    pub change: Duration,
}

/// What a load met.
#[derive(Debug, Default)]
pub struct Outcome {
    /// How long each page took to come, sorted.
    pub pages: Vec<Duration>,
    /// From a change published to a following page holding the new page,
    /// sorted.
    pub followed: Vec<Duration>,
    /// Every answer that was not a page, in words.
    pub errors: Vec<String>,
}

impl Outcome {
    /// The `p`th percentile (0 to 100) of `of`; zero when empty.
    pub fn percentile(of: &[Duration], p: usize) -> Duration {
        if of.is_empty() {
            return Duration::ZERO;
        }
        of[((of.len() - 1) * p) / 100]
    }
}

/// `GET path` from `from` to `to`: the status and the body, or why not.
fn get(from: IpAddr, to: SocketAddr, path: &str) -> Result<(u16, Vec<u8>), String> {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).map_err(|e| e.to_string())?;
    socket
        .bind(&SocketAddr::new(from, 0).into())
        .map_err(|e| format!("bind {from}: {e}"))?;
    socket
        .connect_timeout(&to.into(), Duration::from_secs(5))
        .map_err(|e| format!("connect: {e}"))?;
    let mut stream = TcpStream::from(socket);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let request = format!("GET {path} HTTP/1.1\r\nHost: table\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("send: {e}"))?;
    let mut bytes = Vec::new();
    stream
        .read_to_end(&mut bytes)
        .map_err(|e| format!("read: {e}"))?;
    let end = (bytes.windows(4).position(|w| w == b"\r\n\r\n")).ok_or("no head")?;
    let status = String::from_utf8_lossy(&bytes[..end])
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no status")?;
    Ok((status, bytes[end + 4..].to_vec()))
}

/// The loopback address of phone `n`.
fn phone(n: usize) -> IpAddr {
    let n = u32::try_from(n + 2).unwrap_or(u32::MAX).min(254);
    IpAddr::V4(Ipv4Addr::from(u32::from(Ipv4Addr::new(127, 0, 0, 0)) + n))
}

/// When each revision was published.
type Published = Arc<Mutex<HashMap<u64, Instant>>>;

/// A page following the revision until `done`, from `from`: asks after
/// the revision it shows, then for the page, as `live.js` does; notes how
/// long after its publishing each new page was held.
fn follow(
    from: IpAddr,
    to: SocketAddr,
    page: &str,
    published: &Published,
    done: &dyn Fn() -> bool,
) -> (Vec<Duration>, Vec<String>) {
    let (mut followed, mut errors) = (Vec::new(), Vec::new());
    let mut shown: Option<u64> = None;
    while !done() {
        let after = shown.map_or_else(String::new, |r| format!("?after={r}"));
        let revision = match get(from, to, &format!("{page}/revision{after}")) {
            Ok((200, body)) => String::from_utf8_lossy(&body).parse::<u64>().ok(),
            Ok((status, _)) => {
                errors.push(format!("revision: {status}"));
                None
            }
            Err(e) => {
                errors.push(format!("revision: {e}"));
                None
            }
        };
        let Some(revision) = revision.filter(|r| Some(*r) != shown) else {
            continue;
        };
        match get(from, to, page) {
            Ok((200, _)) => {}
            Ok((status, _)) => errors.push(format!("page: {status}")),
            Err(e) => errors.push(format!("page: {e}")),
        }
        let at = published
            .lock()
            .ok()
            .and_then(|p| p.get(&revision).copied());
        if let (Some(at), Some(_)) = (at, shown) {
            followed.push(at.elapsed());
        }
        shown = Some(revision);
    }
    (followed, errors)
}

/// A phone asking for `page` `requests` times, paced over `span`.
fn ask(from: IpAddr, to: SocketAddr, page: &str, load: &Load) -> (Vec<Duration>, Vec<String>) {
    let pace = load.span / u32::try_from(load.requests.max(1)).unwrap_or(u32::MAX);
    let (mut took, mut errors) = (Vec::new(), Vec::new());
    let start = Instant::now();
    for n in 0..load.requests {
        let due = start + pace * u32::try_from(n).unwrap_or(u32::MAX);
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        let asked = Instant::now();
        match get(from, to, page) {
            Ok((200, _)) => took.push(asked.elapsed()),
            Ok((status, _)) => errors.push(format!("page: {status}")),
            Err(e) => errors.push(format!("page: {e}")),
        }
    }
    (took, errors)
}

/// Runs `load` on the table at `to`, its phones on `pages` in turn; the GM's
/// changes go through `publish(revision)`, from revision `first` + 1 on.
pub fn run(
    to: SocketAddr,
    pages: &[String],
    first: u64,
    mut publish: impl FnMut(u64),
    load: &Load,
) -> Outcome {
    let load = Arc::new(*load);
    let published: Published = Arc::default();
    let until = Instant::now() + load.span;
    let mut threads = Vec::new();
    for n in 0..load.clients + load.streams {
        let page = pages[n % pages.len()].clone();
        let (load, published) = (Arc::clone(&load), Arc::clone(&published));
        threads.push(std::thread::spawn(move || {
            if n < load.clients {
                let (took, errors) = ask(phone(n), to, &page, &load);
                (took, Vec::new(), errors)
            } else {
                let done = move || Instant::now() >= until;
                let (followed, errors) = follow(phone(n), to, &page, &published, &done);
                (Vec::new(), followed, errors)
            }
        }));
    }
    let mut revision = first;
    while Instant::now() + load.change < until {
        std::thread::sleep(load.change);
        revision += 1;
        if let Ok(mut p) = published.lock() {
            p.insert(revision, Instant::now());
        }
        publish(revision);
    }
    // One change at the end frees the pages still waiting for one.
    std::thread::sleep(until.saturating_duration_since(Instant::now()));
    if let Ok(mut p) = published.lock() {
        p.insert(revision + 1, Instant::now());
    }
    publish(revision + 1);
    let mut outcome = Outcome::default();
    for t in threads {
        let (took, followed, errors) = t.join().unwrap_or_default();
        outcome.pages.extend(took);
        outcome.followed.extend(followed);
        outcome.errors.extend(errors);
    }
    outcome.pages.sort();
    outcome.followed.sort();
    outcome
}

/// Pages following the table until stopped: a thread each, from addresses
/// of their own, as `live.js` follows.
pub struct Following {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Following {
    /// `count` pages following the table at `to`, on `pages` in turn.
    pub fn start(to: SocketAddr, pages: &[String], count: usize) -> Following {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..count)
            .map(|n| {
                let page = pages[n % pages.len()].clone();
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let done = move || stop.load(Ordering::SeqCst);
                    let _ = follow(phone(n), to, &page, &Published::default(), &done);
                })
            })
            .collect();
        Following { stop, threads }
    }

    /// Stops them: each ends when its question is answered (the table's
    /// next change, its closing, or 20 seconds).
    pub fn stop(self) {
        self.stop.store(true, Ordering::SeqCst);
        for t in self.threads {
            let _ = t.join();
        }
    }
}
