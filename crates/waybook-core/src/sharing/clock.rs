//! A hybrid logical clock (Kulkarni et al., 2014): the wall clock's
//! milliseconds in the high bits, a counter in the low 16, never going
//! back and always past every clock seen from another machine. Edits made
//! apart are merged in the order of their clocks, the machine's id
//! breaking ties, so every machine applies them in the same order, and an
//! edit made after seeing another's is always later than it.

/// Bits of a clock that count within one millisecond.
const COUNTER_BITS: u32 = 16;

/// A reading of the clock: comparable, and stored as an SQLite integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Clock(pub i64);

impl Clock {
    /// The clock's next reading on this machine at `now_ms` (milliseconds
    /// since 1970): the wall clock's, or one past the last when the wall
    /// clock is behind it (set back, or a burst of edits).
    pub fn tick(self, now_ms: i64) -> Self {
        Self((now_ms << COUNTER_BITS).max(self.0 + 1))
    }

    /// The clock once an edit stamped `seen` arrived from another machine:
    /// the next tick is past it.
    pub fn saw(self, seen: Self) -> Self {
        self.max(seen)
    }

    /// The wall-clock milliseconds of the reading.
    pub fn millis(self) -> i64 {
        self.0 >> COUNTER_BITS
    }
}

/// The wall clock now, in milliseconds since 1970.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| {
            i64::try_from(d.as_millis()).unwrap_or(i64::MAX >> COUNTER_BITS)
        })
}

/// "2 minutes ago", as the status bar says when a machine was last heard.
pub fn ago(then_ms: i64, now_ms: i64) -> String {
    let seconds = (now_ms - then_ms).max(0) / 1000;
    let (count, unit) = match seconds {
        0..60 => return "just now".to_owned(),
        60..3600 => (seconds / 60, "minute"),
        3600..86_400 => (seconds / 3600, "hour"),
        _ => (seconds / 86_400, "day"),
    };
    format!("{count} {unit}{} ago", if count == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_never_goes_back_and_passes_what_it_saw() {
        let first = Clock::default().tick(1_000);
        assert_eq!(first.millis(), 1_000);
        // The wall clock set back an hour: still later than the last.
        let set_back = first.tick(1_000 - 3_600_000);
        assert!(set_back > first);
        assert_eq!(set_back.millis(), 1_000);
        // An edit from a machine whose clock runs ahead: the next is past it.
        let ahead = Clock(5_000 << COUNTER_BITS);
        let next = set_back.saw(ahead).tick(1_001);
        assert!(next > ahead);
        // A later wall clock moves it on.
        assert_eq!(next.tick(9_000).millis(), 9_000);
    }

    #[test]
    fn ago_reads_as_a_gm_says_it() {
        assert_eq!(ago(0, 30_000), "just now");
        assert_eq!(ago(0, 60_000), "1 minute ago");
        assert_eq!(ago(0, 150_000), "2 minutes ago");
        assert_eq!(ago(0, 3 * 3_600_000), "3 hours ago");
        assert_eq!(ago(0, 8 * 86_400_000), "8 days ago");
        assert_eq!(ago(10_000, 0), "just now", "a clock ahead of ours");
    }
}
