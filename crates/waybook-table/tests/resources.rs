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
#[path = "table/demo.rs"]
#[allow(dead_code, reason = "the table's tests read the rest of what it opens")]
mod demo;

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
    use waybook_table::links::{self, Link};
    use waybook_testkit::hostile;
    hostile::limit_open_files(hostile::OPEN_FILES);
    let demo::Open { links, table, .. } = &demo::open();
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
