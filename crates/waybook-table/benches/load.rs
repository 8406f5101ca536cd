//! The table under a table's load (issues 39 and 51), on loopback.
//!
//! Changes: the table runs as `waybook serve` runs it, in a child process
//! of its own (its server and the worker following the file), on the demo
//! and on the bench campaign (10,000 characters in 1,000 parties,
//! `waybook_testkit::large`), with 8, 50 and 200 pages following (each
//! from an address of its own on 127.0.0.x, holding its stream of changes
//! and fetching each new page as `live.js` does; the players' pages first,
//! then the parties' table screens). Another program moves the clock in
//! the file (a change that touches every page) ten times, a second apart:
//! from each change written to each followed page holding the new page,
//! the median, p95 and max; the median and max of a change reaching every
//! followed page; the child's CPU time a change and its peak memory.
//!
//! Pages: 50 phones each asking for their page 200 times over 30 seconds
//! while 8 pages follow the demo changing every second (the pages built
//! in the bench's own process).
//!
//! `cargo bench -p waybook-table --bench load` (prints both tables).

#[cfg(target_os = "linux")]
#[path = "../tests/table/demo.rs"]
#[allow(dead_code, reason = "the table's tests read the rest of what it opens")]
mod demo;

#[cfg(target_os = "linux")]
fn main() {
    waybook_testkit::hostile::parent_or_child(
        || {
            changes::run();
            pages();
        },
        child,
    );
}

#[cfg(not(target_os = "linux"))]
fn main() {
    println!("load: Linux only (the child's CPU and memory are read from /proc)");
}

/// The child: the campaign's table open on loopback, a worker following
/// the file named by `WAYBOOK_BENCH_FILE`, until its input closes.
#[cfg(target_os = "linux")]
fn child() {
    use std::net::{IpAddr, Ipv4Addr, SocketAddr};
    let path = std::env::var_os("WAYBOOK_BENCH_FILE").expect("the file");
    let campaign = waybook_core::store::Campaign::open_following(std::path::Path::new(&path))
        .expect("the campaign");
    let table =
        waybook_table::server::Table::open(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0))
            .expect("open");
    let publisher = table.publisher();
    std::thread::spawn(move || waybook_table::follow::follow(&campaign, &publisher, None));
    // Said once the first read is done: no phone is asked to wait.
    while table.revision() == 0 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    waybook_testkit::hostile::serve_child(table.address(), "-", || "open".to_owned());
}

#[cfg(target_os = "linux")]
mod changes {
    use std::path::Path;
    use std::time::{Duration, Instant};
    use waybook_core::model::CampaignData;
    use waybook_core::store::Campaign;
    use waybook_table::links::{self, Link, Target};
    use waybook_testkit::hostile::{self, Child};
    use waybook_testkit::phones::Following;

    const CHANGES: usize = 10;

    pub fn run() {
        let dir = tempfile::tempdir().expect("dir");
        println!(
            "| Campaign | Followers on links | Change to a page: median | p95 | max | To every page: median | max | Server CPU a change | Server peak memory |"
        );
        println!("|---|---|---|---|---|---|---|---|---|");
        let demo = dir.path().join("demo.waybook");
        drop(waybook_core::demo::create_demo(&demo).expect("the demo"));
        let large = dir.path().join("large.waybook");
        waybook_testkit::large::fill(&large, false);
        for (name, path) in [("The demo", &demo), ("The bench campaign", &large)] {
            let links = open_links(path);
            for followers in [8, 50, 200] {
                row(name, path, &links, followers);
            }
        }
        println!();
    }

    /// Every player and party given a link: the open links, the players'
    /// first.
    fn open_links(path: &Path) -> Vec<Link> {
        let mut campaign = Campaign::open(path).expect("opens");
        let data = campaign.load().expect("loads");
        let mut links = links::open(&mut campaign, &data).expect("links");
        links.retain(|l| l.token.is_some());
        links.sort_by_key(|l| matches!(l.target, Target::Party(_)));
        links
    }

    /// The clock and every party's present an hour on, as another program
    /// writes it into the file; `data` follows.
    fn move_clock(campaign: &mut Campaign, data: &mut CampaignData) {
        let day_hours = data.settings.day_hours;
        let edit = waybook_testkit::everyone_moved(data, |t| t.plus(1, day_hours));
        campaign.apply(&edit).expect("written");
        for change in &edit.changes {
            data.apply(change);
        }
    }

    fn row(name: &str, path: &Path, links: &[Link], followers: usize) {
        let file = path.to_string_lossy().into_owned();
        let mut child = Child::start_with(&[("WAYBOOK_BENCH_FILE", &file)]);
        let (address, _) = child.table();
        let pages: Vec<String> = links.iter().filter_map(Link::path).collect();
        let following = Following::start(address, &pages, followers);
        assert!(
            following.ready(Duration::from_secs(300)),
            "every followed page built"
        );
        let mut campaign = Campaign::open(path).expect("opens");
        let mut data = campaign.load().expect("loads");
        let started = Instant::now();
        let cpu = hostile::cpu_time(child.id()).expect("its CPU time");
        let (mut each, mut every, mut missed) = (Vec::new(), Vec::new(), 0);
        for n in 0..CHANGES {
            // A second or so apart, never in step with the worker's look.
            std::thread::sleep(Duration::from_millis(1000 + 37 * n as u64));
            let before = following.holding();
            let at = Instant::now();
            move_clock(&mut campaign, &mut data);
            let took = following.after(&before, at, Duration::from_secs(30));
            missed += followers - took.len();
            every.push(took.iter().copied().max().unwrap_or_default());
            each.extend(took);
        }
        let cpu = hostile::cpu_time(child.id()).expect("its CPU time") - cpu;
        let memory = hostile::peak_memory_kib(child.id()).expect("its memory");
        let errors = following.errors_since(started);
        drop(child);
        following.stop();
        each.sort();
        every.sort();
        let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1000.0);
        let at = |of: &[Duration], p: usize| of[((of.len() - 1) * p) / 100];
        println!(
            "| {name} | {followers} on {} | {} | {} | {} | {} | {} | {} | {:.1} MB |",
            links.len(),
            ms(at(&each, 50)),
            ms(at(&each, 95)),
            ms(at(&each, 100)),
            ms(at(&every, 50)),
            ms(at(&every, 100)),
            ms(cpu / CHANGES as u32),
            memory as f64 / 1024.0
        );
        if missed > 0 {
            println!("missed: {missed} pages did not follow a change within 30 s");
        }
        if !errors.is_empty() {
            println!(
                "errors: {} ({:?})",
                errors.len(),
                &errors[..errors.len().min(5)]
            );
        }
    }
}

#[cfg(target_os = "linux")]
/// 50 phones asking for their page while 8 pages follow the demo (the
/// table's own pages, built in this process).
fn pages() {
    use std::time::Duration;
    use waybook_table::links::Link;
    use waybook_table::pages::Pages;
    use waybook_testkit::phones::{Load, Outcome, run};
    let demo::Open {
        data, links, table, ..
    } = &demo::open();
    let pages: Vec<String> = links.iter().filter_map(Link::path).collect();
    let load = Load {
        clients: 50,
        requests: 200,
        streams: 8,
        span: Duration::from_secs(30),
        change: Duration::from_secs(1),
    };
    let publisher = table.publisher();
    let outcome = run(
        table.address(),
        &pages,
        1,
        |revision| publisher.publish(Pages::build(data, links, revision)),
        &load,
    );
    let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1000.0);
    println!("| Pages (30 s, loopback, the demo) | count | p50 | p99 | errors |");
    println!("|---|---|---|---|---|");
    for (what, of) in [
        ("A page, 50 phones × 200", &outcome.pages),
        ("A change reaching a following page (8)", &outcome.followed),
    ] {
        println!(
            "| {what} | {} | {} | {} | {} |",
            of.len(),
            ms(Outcome::percentile(of, 50)),
            ms(Outcome::percentile(of, 99)),
            outcome.errors.len()
        );
    }
    for e in outcome.errors.iter().take(10) {
        println!("error: {e}");
    }
}
