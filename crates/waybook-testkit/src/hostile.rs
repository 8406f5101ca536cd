//! Hostile clients of the table, for its resource tests (the table's own
//! and the window's): idle connections, slow senders of a request's head
//! and oversized heads, each from loopback addresses of their own, then a
//! player's page asked for; and the child process the table runs in
//! (`Child`: under a low open-file limit for the resource tests, on its
//! own for the load bench), with its memory and CPU time. Loopback and
//! Linux only (the memory is read from /proc); bounded in count and
//! time.

use crate::phones::connect;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The environment variable that makes a resource test's binary the
/// child the table runs in.
pub const CHILD: &str = "WAYBOOK_TABLE_CHILD";

/// A binary of its own's main: `child` when it runs as the child its
/// parent started ([`CHILD`] set), else `parent`.
pub fn parent_or_child(parent: impl FnOnce(), child: impl FnOnce()) {
    if std::env::var_os(CHILD).is_some() {
        child();
    } else {
        parent();
    }
}
/// The child's open-file limit: a low one, as on some desktops.
pub const OPEN_FILES: u64 = 256;
/// The most the child's memory may grow by in the attack: the table's
/// connections at most (half the limit, 128, each with buffers of at most
/// 64 KiB in and out: 16 MiB), and some room for the allocator.
pub const GROWTH_BOUND_KIB: u64 = 24 * 1024;

/// How many of each hostile client.
pub const IDLE: usize = 1000;
pub const SLOW: usize = 50;
pub const OVERSIZED: usize = 200;

/// `n`th address of a block of loopback addresses: 127.0.`block`.`n`.
fn loopback(block: u8, n: usize) -> IpAddr {
    let n = u8::try_from(n % 250 + 2).unwrap_or(2);
    IpAddr::V4(Ipv4Addr::new(127, 0, block, n))
}

/// The status of the answer on `stream`, if one comes within `timeout`.
fn status(stream: &mut TcpStream, timeout: Duration) -> Option<u16> {
    let _ = stream.set_read_timeout(Some(timeout));
    let mut head = [0u8; 64];
    let n = stream.read(&mut head).ok()?;
    let line = String::from_utf8_lossy(&head[..n]).into_owned();
    line.split(' ').nth(1)?.parse().ok()
}

/// What the attack met.
#[derive(Debug, Default)]
pub struct Attack {
    /// Idle connections made (of `IDLE`).
    pub idle: usize,
    /// Oversized heads answered 431 (the rest were cut off).
    pub too_large: usize,
    /// Oversized heads answered anything but 431 or a closed connection.
    pub served: Vec<u16>,
}

/// Idle connections to `to`: `IDLE` of them from ten addresses, held
/// until the returned connections are dropped (those the table closed
/// included). Gives up connecting after 30 seconds.
fn idle(to: SocketAddr) -> Vec<TcpStream> {
    let until = Instant::now() + Duration::from_secs(30);
    let threads: Vec<_> = (0..10)
        .map(|a| {
            std::thread::spawn(move || {
                (0..IDLE / 10)
                    .map_while(|_| (Instant::now() < until).then_some(()))
                    .filter_map(|()| connect(loopback(10, a), to, Duration::from_secs(2)).ok())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    threads
        .into_iter()
        .flat_map(|t| t.join().unwrap_or_default())
        .collect()
}

/// Slow senders: `SLOW` connections from five addresses, each sending a
/// request's head a byte a second, for 15 seconds or until the table
/// closes it, until `stop`.
fn slow(to: SocketAddr, stop: &Arc<AtomicBool>) -> Vec<std::thread::JoinHandle<()>> {
    (0..SLOW)
        .map(|n| {
            let stop = Arc::clone(stop);
            std::thread::spawn(move || {
                let Ok(mut s) = connect(loopback(20, n % 5), to, Duration::from_secs(5)) else {
                    return;
                };
                let until = Instant::now() + Duration::from_secs(15);
                let mut sent = s.write_all(b"GET / HTTP/1.1\r\nX-Slow: ").is_ok();
                while sent && !stop.load(Ordering::SeqCst) && Instant::now() < until {
                    std::thread::sleep(Duration::from_secs(1));
                    sent = s.write_all(b"a").is_ok();
                }
            })
        })
        .collect()
}

/// Oversized heads: `OVERSIZED` requests from ten addresses, half with a
/// 20 KiB header, half with a 1 MiB one.
fn oversized(to: SocketAddr, path: &str, attack: &mut Attack) {
    for n in 0..OVERSIZED {
        let size = if n % 2 == 0 { 20 * 1024 } else { 1024 * 1024 };
        let Ok(mut s) = connect(loopback(30, n % 10), to, Duration::from_secs(5)) else {
            continue;
        };
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: t\r\nX-Big: {}\r\n\r\n",
            "a".repeat(size)
        );
        let _ = s.write_all(request.as_bytes());
        match status(&mut s, Duration::from_secs(10)) {
            Some(431) => attack.too_large += 1,
            Some(other) => attack.served.push(other),
            None => {}
        }
    }
}

/// `GET path` from a phone of its own, with generous timeouts (a hang,
/// not a speed): the status and the body.
pub fn page(to: SocketAddr, path: &str) -> Result<(u16, String), String> {
    let from = IpAddr::V4(Ipv4Addr::new(127, 0, 40, 2));
    let mut s = connect(from, to, Duration::from_secs(10)).map_err(|e| e.to_string())?;
    let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
    let request = format!("GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    s.write_all(request.as_bytes()).map_err(|e| e.to_string())?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).map_err(|e| e.to_string())?;
    let status = (answer.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {answer:?}"))?;
    Ok((status, answer))
}

/// The attack on the table at `to` (`path` a player's page): idle
/// connections held, slow senders sending, oversized heads sent; then the
/// player's page asked for while the idle connections and slow senders
/// still hold on. What it met, and the player's answer.
pub fn attack(to: SocketAddr, path: &str) -> (Attack, Result<(u16, String), String>) {
    let stop = Arc::new(AtomicBool::new(false));
    let slow = slow(to, &stop);
    let held = idle(to);
    let mut met = Attack {
        idle: held.len(),
        ..Attack::default()
    };
    oversized(to, path, &mut met);
    let answer = page(to, path);
    stop.store(true, Ordering::SeqCst);
    for t in slow {
        let _ = t.join();
    }
    drop(held);
    (met, answer)
}

/// The resource test's parent: the child started (this same binary), the
/// attack made on its table, then the player's page answers 200, the
/// child says its table is open ("open" then its `Holding`), that it ran
/// out of files and went on and kept within its cap, and the child's
/// memory grew by less than [`GROWTH_BOUND_KIB`].
pub fn survives() {
    let mut child = Child::start();
    let (address, path) = child.table();
    let before = memory_kib(child.id()).expect("the child's memory");
    let (met, answer) = attack(address, &path);
    eprintln!("the attack met: {met:?}");
    assert!(met.idle > 500, "most idle connections were made: {met:?}");
    assert!(met.served.is_empty(), "oversized heads served: {met:?}");
    assert!(met.too_large > 0, "oversized heads answered 431: {met:?}");
    let (status, page) = answer.expect("the player's page answers");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("'s handout"), "the player's page");
    let status = child.check();
    eprintln!("the table: {status}");
    let holding = status
        .strip_prefix("open ")
        .expect("the table says it is open");
    let figure = |name: &str| -> usize {
        let at = holding.find(&format!("{name}: ")).expect(name) + name.len() + 2;
        let digits: String = holding[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().expect(name)
    };
    assert!(
        figure("accept_errors") > 0,
        "it ran out of files and went on"
    );
    assert!(figure("connections") <= figure("cap"), "within its cap");
    let after = memory_kib(child.id()).expect("the child's memory");
    eprintln!("the child's memory: {before} KiB before, {after} KiB after");
    assert!(
        after.saturating_sub(before) < GROWTH_BOUND_KIB,
        "{before} KiB to {after} KiB: grew past {} KiB",
        GROWTH_BOUND_KIB
    );
}

/// The resident memory of process `pid`, in KiB.
pub fn memory_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time process `pid` has used, all its threads together, those
/// ended too (the worker's threads live for one build): user and system
/// time from `/proc/PID/stat`, in the kernel's USER_HZ ticks, 100 a
/// second on Linux.
pub fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command's name may hold spaces: the fields start after its ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime and stime are the stat's 14th and 15th fields, the 12th and
    // 13th after the name.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The most resident memory process `pid` has held, in KiB.
pub fn peak_memory_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Sets this process's open-file limit to `limit` (its soft limit; the
/// hard one kept).
pub fn limit_open_files(limit: u64) {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let hard = getrlimit(Resource::Nofile).maximum;
    let wanted = hard.map_or(limit, |h| h.min(limit));
    setrlimit(
        Resource::Nofile,
        Rlimit {
            current: Some(wanted),
            maximum: hard,
        },
    )
    .expect("the open-file limit is set");
}

/// Files opened and held so that only `free` of this process's open
/// files are left.
pub fn hold_files_but(free: usize) -> Vec<std::fs::File> {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile)
        .current
        .and_then(|l| usize::try_from(l).ok())
        .unwrap_or(1024);
    let open = std::fs::read_dir("/proc/self/fd").map_or(0, Iterator::count);
    (0..limit.saturating_sub(open + free))
        .map_while(|_| std::fs::File::open("/dev/null").ok())
        .collect()
}

/// The child process a resource test's table runs in: this same test
/// binary, started with [`CHILD`] set. It says where its table is on a
/// line "TABLE address path", then answers each "check" with a line
/// "STATUS ...", and ends when its input closes.
pub struct Child {
    process: std::process::Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Child {
    pub fn start() -> Child {
        Child::start_with(&[])
    }

    /// The child with `env` set besides [`CHILD`].
    pub fn start_with(env: &[(&str, &str)]) -> Child {
        let mut process = Command::new(std::env::current_exe().expect("this test"))
            .env(CHILD, "1")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the child starts");
        let input = process.stdin.take().expect("its input");
        let output = BufReader::new(process.stdout.take().expect("its output"));
        Child {
            process,
            input,
            output,
        }
    }

    pub fn id(&self) -> u32 {
        self.process.id()
    }

    /// The rest of the child's next line that starts with `word`.
    pub fn line(&mut self, word: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .expect("the child's output");
            assert!(read > 0, "the child ended before saying {word}");
            if let Some(rest) = line.trim_end().strip_prefix(word) {
                return rest.trim().to_owned();
            }
        }
    }

    /// The table's address and the player's page path, as the child says.
    pub fn table(&mut self) -> (SocketAddr, String) {
        let said = self.line("TABLE");
        let (address, path) = said.split_once(' ').expect("an address and a path");
        (address.parse().expect("an address"), path.to_owned())
    }

    /// Asks the child how its table is.
    pub fn check(&mut self) -> String {
        writeln!(self.input, "check").expect("the child hears");
        self.line("STATUS")
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// The child's side: says where the table is, then answers each "check"
/// with `status()` until its input closes.
pub fn serve_child(address: SocketAddr, path: &str, mut status: impl FnMut() -> String) {
    println!("TABLE {address} {path}");
    for line in std::io::stdin().lock().lines() {
        match line.as_deref() {
            Ok("check") => println!("STATUS {}", status()),
            Ok(_) => {}
            Err(_) => break,
        }
    }
}
