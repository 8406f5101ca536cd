//! No client can close the table or grow it (issue 51): the table runs in
//! a child process of its own whose open-file limit is 256, with all but
//! 100 of its files held (so the attack runs it out of files, as the
//! 510 idle connections that closed tiny_http's table did); from
//! loopback, 1,000 idle connections, 50 slow senders of a request's head
//! and 200 oversized heads; then a player's page still answers 200 (the
//! timeouts are generous: they mark a hang, not a speed), the table says
//! it is open and ran out of files without closing, its connections
//! stayed within their cap, and the child's memory grew by less than its
//! bound (`hostile::GROWTH_BOUND_KIB`).
//!
//! A test binary of its own with its own main (no harness), so the
//! child's limit touches no other test. Linux only: the child's memory is
//! read from /proc.

#[cfg(target_os = "linux")]
fn main() {
    use waybook_testkit::hostile;
    hostile::parent_or_child(
        || {
            hostile::survives();
            println!("resources: ok");
        },
        child,
    );
}

/// The child: the demo's table open on loopback under the low limit, all
/// but 100 of its files held.
#[cfg(target_os = "linux")]
fn child() {
    use std::net::{IpAddr, Ipv4Addr, SocketAddr};
    use waybook_table::links::{self, Link};
    use waybook_table::pages::Pages;
    use waybook_table::server::Table;
    use waybook_testkit::hostile;
    hostile::limit_open_files(hostile::OPEN_FILES);
    let dir = tempfile::tempdir().expect("dir");
    let mut campaign =
        waybook_core::demo::create_demo(&dir.path().join("d.waybook")).expect("the demo");
    let data = campaign.load().expect("loads");
    let links = links::open(&mut campaign, &data).expect("links");
    let table = Table::open(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0)).expect("open");
    table.publish(Pages::build(&data, &links, 1));
    let player = (links.iter())
        .find(|l| matches!(l.target, links::Target::Player(_)))
        .and_then(Link::path)
        .expect("a player's link");
    let _held = hostile::hold_files_but(100);
    hostile::serve_child(table.address(), &player, || match table.closed() {
        None => format!("open {:?}", table.holding()),
        Some(why) => format!("closed: {why}"),
    });
}

#[cfg(not(target_os = "linux"))]
fn main() {
    println!("resources: Linux only (the child's memory is read from /proc)");
}
