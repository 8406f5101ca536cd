//! A small load in the test command (issue 39), on loopback: a few phones
//! asking for their pages and a few pages following the campaign for a few
//! seconds, each from an address of its own on 127.0.0.x. Only errors are
//! checked; the figures are the load benchmark's (`benches/load.rs`).

use crate::common::open;
use std::time::Duration;
use waybook_table::links::Link;
use waybook_table::pages::Pages;
use waybook_testkit::phones::{Load, Outcome, run};

#[test]
fn a_few_phones_and_following_pages_get_every_answer() {
    let o = open();
    let pages: Vec<String> = o.links.iter().filter_map(Link::path).collect();
    let publisher = o.table.publisher();
    let load = Load {
        clients: 4,
        requests: 20,
        streams: 2,
        span: Duration::from_secs(3),
        change: Duration::from_millis(500),
    };
    let outcome = run(
        o.table.address(),
        &pages,
        1,
        |revision| publisher.publish(Pages::build(&o.data, &o.links, revision)),
        &load,
    );
    assert!(
        outcome.errors.is_empty(),
        "{:?} (a page's p99: {:?})",
        outcome.errors,
        Outcome::percentile(&outcome.pages, 99)
    );
    assert_eq!(outcome.pages.len(), load.clients * load.requests);
    assert!(
        outcome.followed.len() >= load.streams,
        "each following page held a change: {:?}",
        outcome.followed
    );
}
