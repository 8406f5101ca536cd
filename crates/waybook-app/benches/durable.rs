//! How long an edit takes to be durable: written to the campaign file on
//! disk in its own transaction and synced (`synchronous = FULL`, rollback
//! journal), as the session acknowledges it. Prints the median and p95 of
//! many edits; run with `cargo bench --bench durable`.

#[global_allocator]
static ALLOCATOR: waybook_app::allocator::Allocator = waybook_app::allocator::Allocator;

use std::time::{Duration, Instant};
use waybook_core::model::Change;
use waybook_core::session::Session;

const EDITS: usize = 300;

fn main() {
    // Beside the build, on the same disk a GM's campaigns would be on.
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a folder");
    let path = dir.path().join("durable.waybook");
    let mut session =
        Session::new(waybook_core::demo::create_demo(&path).expect("the demo")).expect("opens");
    let mut times: Vec<Duration> = Vec::with_capacity(EDITS);
    for n in 0..EDITS {
        let c = session
            .data
            .characters
            .values()
            .next()
            .expect("a character");
        let mut after = c.clone();
        after.companion.xp = (n % 50) as i64;
        let edit =
            waybook_core::model::Edit::new("XP", vec![Change::character(Some(c), Some(&after))]);
        let started = Instant::now();
        session.apply(edit).expect("written");
        times.push(started.elapsed());
    }
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "edit durable ({EDITS} edits of a character): median {:.2} ms, p95 {:.2} ms",
        at(0.5).as_secs_f64() * 1e3,
        at(0.95).as_secs_f64() * 1e3
    );
}
