//! How fast one address may ask: a bucket of `BURST` requests refilled
//! at `PER_SECOND`, far above what a page needs (a stream of changes, or
//! one question a change) and far below a flood. Every request counts,
//! refused ones too (a 404, a 405: it is counted before it is
//! answered), so a flood of any kind is slowed alike. Buckets left full are dropped, so an address that
//! asked once holds nothing for long.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// An address's burst, and what it may ask a second after it.
const BURST: f64 = 120.0;
const PER_SECOND: f64 = 60.0;

/// How many requests an address may still make now.
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Every address's bucket.
#[derive(Default)]
pub(crate) struct Buckets(Mutex<HashMap<IpAddr, Bucket>>);

impl Buckets {
    /// Whether `address` may ask now: its bucket refilled, then one taken.
    pub(crate) fn allowed(&self, address: IpAddr) -> bool {
        let Ok(mut buckets) = self.0.lock() else {
            return false;
        };
        let now = Instant::now();
        let bucket = buckets.entry(address).or_insert(Bucket {
            tokens: BURST,
            at: now,
        });
        let refill = now.duration_since(bucket.at).as_secs_f64() * PER_SECOND;
        bucket.tokens = (bucket.tokens + refill).min(BURST);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Drops the buckets that are full again by now: an address that has
    /// not asked for a while.
    pub(crate) fn prune(&self) {
        let full_after = Duration::from_secs_f64(2.0 * BURST / PER_SECOND);
        if let Ok(mut buckets) = self.0.lock() {
            buckets.retain(|_, b| b.at.elapsed() < full_after);
        }
    }

    /// How many addresses have a bucket.
    pub(crate) fn len(&self) -> usize {
        self.0.lock().map_or(0, |b| b.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Per-address state is pruned: an address that has not asked for
    /// longer than its bucket takes to fill is forgotten, one that asked
    /// just now is kept, and coming back it starts with a full burst.
    #[test]
    fn an_address_that_stopped_asking_is_forgotten() {
        let buckets = Buckets::default();
        let (gone, here) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        assert!(buckets.allowed(gone) && buckets.allowed(here));
        let long_ago = Instant::now().checked_sub(Duration::from_secs(60));
        if let (Ok(mut all), Some(at)) = (buckets.0.lock(), long_ago)
            && let Some(bucket) = all.get_mut(&gone)
        {
            bucket.at = at;
        }
        buckets.prune();
        assert_eq!(buckets.len(), 1, "the address gone is forgotten");
        let allowed = (0..BURST as usize)
            .filter(|_| buckets.allowed(gone))
            .count();
        assert_eq!(allowed, BURST as usize, "a full burst again");
        assert!(!buckets.allowed(gone), "then slowed");
    }
}
