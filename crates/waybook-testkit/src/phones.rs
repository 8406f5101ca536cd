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
/// `live.js` does: each change named, the new page fetched; notes how
/// long after its publishing each new page was held. A stream that ends
/// is opened again, naming the last revision it had.
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
        let mut stream = match Stream::open(from, to, page, None, shown) {
            Ok(s) if s.status == 200 => s,
            Ok(s) => {
                errors.push(format!("stream: {}", s.status));
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
            Err(e) => {
                errors.push(format!("stream: {e}"));
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
        };
        while !done() && !stream.ended() {
            let Some(event) = stream.next(Duration::from_secs(30)) else {
                continue;
            };
            if event.event == "closed" {
                return (followed, errors);
            }
            let Some(revision) = event.data.parse::<u64>().ok().filter(|r| Some(*r) != shown)
            else {
                continue;
            };
            match get(from, to, &format!("{page}?live")) {
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
