//! Phones at the table, for the table's load test and benchmark and the
//! frames bench: phones each asking for their page again and again, paced
//! over a run, and pages following their stream of changes as Waybook's
//! page script does (`run`, `Following`, `Stream`). Each phone asks from an address of its own
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

/// A connection to `to` from `from` (an address of loopback's own).
pub fn connect(from: IpAddr, to: SocketAddr, timeout: Duration) -> std::io::Result<TcpStream> {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    socket.bind(&SocketAddr::new(from, 0).into())?;
    socket.connect_timeout(&to.into(), timeout)?;
    Ok(TcpStream::from(socket))
}

/// `GET path` from `from` to `to`: the status and the body, or why not.
fn get(from: IpAddr, to: SocketAddr, path: &str) -> Result<(u16, Vec<u8>), String> {
    let mut stream =
        connect(from, to, Duration::from_secs(5)).map_err(|e| format!("connect {from}: {e}"))?;
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

/// A page following its stream of changes until `done`, from `from`, as
/// `live.js` does: each change named, the new page fetched, then `held`
/// told the revision it now holds, `met` each error in words. A stream
/// that ends is opened again, naming the last revision it had.
fn follow(
    from: IpAddr,
    to: SocketAddr,
    page: &str,
    held: &mut dyn FnMut(u64),
    met: &mut dyn FnMut(String),
    done: &dyn Fn() -> bool,
) {
    let mut shown: Option<u64> = None;
    while !done() {
        let mut stream = match Stream::open(from, to, page, None, shown) {
            Ok(s) if s.status == 200 => s,
            Ok(s) => {
                met(format!("stream: {}", s.status));
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
            Err(e) => {
                met(format!("stream: {e}"));
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
        };
        while !done() && !stream.ended() {
            let Some(event) = stream.next(Duration::from_secs(30)) else {
                continue;
            };
            if event.event == "closed" {
                return;
            }
            let Some(revision) = event.data.parse::<u64>().ok().filter(|r| Some(*r) != shown)
            else {
                continue;
            };
            match get(from, to, &format!("{page}?live")) {
                Ok((200, _)) => held(revision),
                Ok((status, _)) => met(format!("page: {status}")),
                Err(e) => met(format!("page: {e}")),
            }
            shown = Some(revision);
        }
    }
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
                let mut followed = Vec::new();
                let mut first = true;
                let mut held = |revision: u64| {
                    let at = published
                        .lock()
                        .ok()
                        .and_then(|p| p.get(&revision).copied());
                    // The page held first was not a change.
                    if let (Some(at), false) = (at, first) {
                        followed.push(at.elapsed());
                    }
                    first = false;
                };
                let mut errors = Vec::new();
                follow(
                    phone(n),
                    to,
                    &page,
                    &mut held,
                    &mut |e| errors.push(e),
                    &done,
                );
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

/// What one following page held: each revision, and when it held it.
type Held = Arc<Mutex<Vec<(u64, Instant)>>>;

/// Pages following the table until stopped: a thread each, from addresses
/// of their own, as `live.js` follows, each noting when it held each new
/// page (`after`).
pub struct Following {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
    held: Vec<Held>,
    /// Errors met so far, each when.
    errors: Arc<Mutex<Vec<(Instant, String)>>>,
}

impl Following {
    /// `count` pages following the table at `to`, on `pages` in turn.
    pub fn start(to: SocketAddr, pages: &[String], count: usize) -> Following {
        let stop = Arc::new(AtomicBool::new(false));
        let held: Vec<Held> = (0..count).map(|_| Held::default()).collect();
        let errors: Arc<Mutex<Vec<(Instant, String)>>> = Arc::default();
        let threads = (0..count)
            .map(|n| {
                let page = pages[n % pages.len()].clone();
                let (stop, mine) = (Arc::clone(&stop), Arc::clone(&held[n]));
                let errors = Arc::clone(&errors);
                std::thread::spawn(move || {
                    let done = move || stop.load(Ordering::SeqCst);
                    let mut note = |revision: u64| {
                        if let Ok(mut mine) = mine.lock() {
                            mine.push((revision, Instant::now()));
                        }
                    };
                    let mut met = |e: String| {
                        if let Ok(mut errors) = errors.lock() {
                            errors.push((Instant::now(), e));
                        }
                    };
                    follow(phone(n), to, &page, &mut note, &mut met, &done);
                })
            })
            .collect();
        Following {
            stop,
            threads,
            held,
            errors,
        }
    }

    /// The revision each page holds now (none before its first).
    pub fn holding(&self) -> Vec<Option<u64>> {
        (self.held.iter())
            .map(|h| h.lock().ok().and_then(|h| h.last().map(|(r, _)| *r)))
            .collect()
    }

    /// Waits up to `limit` until every page holds one.
    pub fn ready(&self, limit: Duration) -> bool {
        let until = Instant::now() + limit;
        while self.holding().iter().any(Option::is_none) {
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        true
    }

    /// After a change made at `at`, the pages holding `before` then: how
    /// long each took to hold a newer page, waiting up to `limit` (a page
    /// not there by then is left out).
    pub fn after(&self, before: &[Option<u64>], at: Instant, limit: Duration) -> Vec<Duration> {
        let until = Instant::now() + limit;
        loop {
            let took: Vec<Option<Duration>> = (self.held.iter().zip(before))
                .map(|(h, was)| {
                    let h = h.lock().ok()?;
                    let (_, when) = h.iter().find(|(r, _)| Some(*r) > *was)?;
                    Some(when.saturating_duration_since(at))
                })
                .collect();
            if took.iter().all(Option::is_some) || Instant::now() >= until {
                return took.into_iter().flatten().collect();
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// The errors met from `since` on, in words.
    pub fn errors_since(&self, since: Instant) -> Vec<String> {
        (self.errors.lock().map(|e| e.clone()).unwrap_or_default())
            .into_iter()
            .filter(|(at, _)| *at >= since)
            .map(|(_, e)| e)
            .collect()
    }

    /// Stops them: each ends at its stream's next message (the table's
    /// next change, its closing, or its heartbeat within 15 seconds).
    pub fn stop(self) {
        self.stop.store(true, Ordering::SeqCst);
        for t in self.threads {
            let _ = t.join();
        }
    }
}

/// One message of a page's stream of changes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Event {
    /// Its `event:` ("" for a plain message).
    pub event: String,
    pub data: String,
    pub id: Option<String>,
    /// Its `retry:`, in milliseconds.
    pub retry: Option<u64>,
}

/// A page's stream of changes (`/p/TOKEN/events`), read as a browser's
/// EventSource reads it: the answer's head, then its chunks, message by
/// message (comments skipped).
pub struct Stream {
    reader: std::io::BufReader<TcpStream>,
    /// What was read and not yet made a message.
    text: String,
    ended: bool,
    pub status: u16,
}

impl Stream {
    /// The stream of `page` from `from` to `to`, the page saying it shows
    /// `after`, reconnecting with `last` (`Last-Event-ID`) if given.
    pub fn open(
        from: IpAddr,
        to: SocketAddr,
        page: &str,
        after: Option<u64>,
        last: Option<u64>,
    ) -> Result<Stream, String> {
        use std::io::BufRead;
        let mut stream = connect(from, to, Duration::from_secs(5))
            .map_err(|e| format!("connect {from}: {e}"))?;
        let after = after.map_or_else(String::new, |a| format!("?after={a}"));
        let last = last.map_or_else(String::new, |l| format!("Last-Event-ID: {l}\r\n"));
        let request = format!("GET {page}/events{after} HTTP/1.1\r\nHost: table\r\n{last}\r\n");
        stream
            .write_all(request.as_bytes())
            .map_err(|e| format!("send: {e}"))?;
        let mut reader = std::io::BufReader::new(stream);
        let mut line = String::new();
        reader
            .read_line(&mut line)
            .map_err(|e| format!("read: {e}"))?;
        let status = (line.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("no status: {line:?}"))?;
        while line.trim_end() != "" {
            line.clear();
            if reader
                .read_line(&mut line)
                .map_err(|e| format!("read: {e}"))?
                == 0
            {
                break;
            }
        }
        Ok(Stream {
            reader,
            text: String::new(),
            ended: false,
            status,
        })
    }

    /// The next message, waiting up to `timeout` for it; none when the
    /// stream ends ([`Stream::ended`]) or nothing comes.
    pub fn next(&mut self, timeout: Duration) -> Option<Event> {
        let until = Instant::now() + timeout;
        loop {
            if let Some(end) = self.text.find("\n\n") {
                let block: String = self.text.drain(..end + 2).collect();
                match parse_event(&block) {
                    Some(event) => return Some(event),
                    None => continue,
                }
            }
            if self.ended {
                return None;
            }
            let left = until.checked_duration_since(Instant::now())?;
            match self.chunk(left) {
                Ok(Some(chunk)) => self.text.push_str(&chunk),
                Ok(None) => self.ended = true,
                Err(()) => return None,
            }
        }
    }

    /// Whether the stream has ended.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The next chunk of the answer's body, once its first byte comes
    /// within `wait` (else `Err`); none at its end.
    fn chunk(&mut self, wait: Duration) -> Result<Option<String>, ()> {
        use std::io::BufRead;
        let socket = self.reader.get_ref();
        let _ = socket.set_read_timeout(Some(wait.max(Duration::from_millis(1))));
        match self.reader.fill_buf() {
            Ok([]) => return Ok(None),
            Ok(_) => {}
            Err(_) => return Err(()),
        }
        // The chunk has begun: the rest comes at once.
        let _ = self
            .reader
            .get_ref()
            .set_read_timeout(Some(Duration::from_secs(10)));
        let mut size = String::new();
        let read = self.reader.read_line(&mut size).map_err(|_| ())?;
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if read == 0 || size == 0 {
            return Ok(None);
        }
        let mut bytes = vec![0; size + 2];
        self.reader.read_exact(&mut bytes).map_err(|_| ())?;
        bytes.truncate(size);
        Ok(String::from_utf8(bytes).ok())
    }
}

/// A block of the stream as a message; none for comments alone.
fn parse_event(block: &str) -> Option<Event> {
    let mut event = Event::default();
    let mut any = false;
    for line in block
        .lines()
        .filter(|l| !l.starts_with(':') && !l.is_empty())
    {
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value).to_owned();
        any = true;
        match field {
            "event" => event.event = value,
            "data" => event.data = value,
            "id" => event.id = Some(value),
            "retry" => event.retry = value.parse().ok(),
            _ => {}
        }
    }
    any.then_some(event)
}
