//! The table under a table's load (issue 39), on loopback: 50 phones each
//! asking for their page 200 times over 30 seconds, and 8 pages following
//! the campaign while the GM changes it every second, each phone from an
//! address of its own on 127.0.0.x. Prints the p50 and p99 of a page and
//! of a change reaching a following page, and the errors (there should be
//! none). `cargo bench -p waybook-table --bench load`.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use waybook_table::links::{self, Link};
use waybook_table::pages::Pages;
use waybook_table::server::Table;
use waybook_testkit::phones::{Load, Outcome, run};

fn main() {
    let dir = tempfile::tempdir().expect("dir");
    let mut campaign =
        waybook_core::demo::create_demo(&dir.path().join("d.waybook")).expect("the demo");
    let data = campaign.load().expect("loads");
    let links = links::open(&mut campaign, &data).expect("links");
    let table = Table::open(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0)).expect("open");
    table.publish(Pages::build(&data, &links, 1));
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
        |revision| publisher.publish(Pages::build(&data, &links, revision)),
        &load,
    );
    let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1000.0);
    println!("| Load (30 s, loopback) | count | p50 | p99 | errors |");
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
