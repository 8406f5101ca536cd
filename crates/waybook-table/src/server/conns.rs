//! The table's connections, counted so that no client can hold them all:
//! at most `cap` at once (half the process's open files, so the window
//! keeps the rest), and at most `per_address` from one address. A new
//! connection past either cap takes the place of the oldest idle one (a
//! connection that has not sent a whole request, or waits between two),
//! of its own address first; when none is idle it is closed at once. A
//! connection answering (a page being sent, a page's stream of changes
//! open) is never taken: those are bounded by the per-address cap.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::task::AbortHandle;

/// The open connections and the caps on them.
pub(crate) struct Conns {
    inner: Mutex<Inner>,
    pub(crate) cap: usize,
    pub(crate) per_address: usize,
}

#[derive(Default)]
struct Inner {
    /// The next connection's number: numbers grow with age.
    next: u64,
    open: BTreeMap<u64, Conn>,
    from: HashMap<IpAddr, usize>,
}

struct Conn {
    address: IpAddr,
    /// How many answers it is sending now.
    busy: Arc<AtomicUsize>,
    /// Ends its task (and closes it); none until the task is spawned.
    abort: Option<AbortHandle>,
}

/// A connection's place among the open ones, given back when dropped.
pub(crate) struct Slot {
    conns: Arc<Conns>,
    id: u64,
    busy: Arc<AtomicUsize>,
}

/// A connection answering, for as long as this is held.
pub(crate) struct Busy(Arc<AtomicUsize>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Slot {
    /// Marks the connection answering until the mark is dropped.
    pub(crate) fn busy(&self) -> Busy {
        self.busy.fetch_add(1, Ordering::SeqCst);
        Busy(Arc::clone(&self.busy))
    }

    /// Its task, to end it when its place is taken.
    pub(crate) fn ends_with(&self, abort: AbortHandle) {
        if let Some(conn) = self.conns.lock().open.get_mut(&self.id) {
            conn.abort = Some(abort);
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.conns.lock().remove(self.id);
    }
}

impl Inner {
    fn remove(&mut self, id: u64) -> Option<Conn> {
        let conn = self.open.remove(&id)?;
        if let Some(n) = self.from.get_mut(&conn.address) {
            *n -= 1;
            if *n == 0 {
                self.from.remove(&conn.address);
            }
        }
        Some(conn)
    }

    /// Closes the oldest idle connection (from `address` when given).
    fn evict(&mut self, address: Option<IpAddr>) -> bool {
        let oldest = (self.open.iter())
            .filter(|(_, c)| address.is_none_or(|a| c.address == a))
            .find(|(_, c)| c.busy.load(Ordering::SeqCst) == 0 && c.abort.is_some())
            .map(|(id, _)| *id);
        let Some(conn) = oldest.and_then(|id| self.remove(id)) else {
            return false;
        };
        if let Some(abort) = conn.abort {
            abort.abort();
        }
        true
    }
}

impl Conns {
    pub(crate) fn new(cap: usize, per_address: usize) -> Arc<Self> {
        Arc::new(Conns {
            inner: Mutex::new(Inner::default()),
            cap,
            per_address,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic holding the lock leaves counts that are still whole.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A place for a new connection from `address`, an idle one closed to
    /// make room if need be; none when every place it may take is busy.
    pub(crate) fn admit(self: &Arc<Self>, address: IpAddr) -> Option<Slot> {
        let mut inner = self.lock();
        let mine = inner.from.get(&address).copied().unwrap_or(0);
        if mine >= self.per_address && !inner.evict(Some(address)) {
            return None;
        }
        if inner.open.len() >= self.cap && !inner.evict(None) {
            return None;
        }
        let id = inner.next;
        inner.next += 1;
        let busy = Arc::new(AtomicUsize::new(0));
        inner.open.insert(
            id,
            Conn {
                address,
                busy: Arc::clone(&busy),
                abort: None,
            },
        );
        *inner.from.entry(address).or_insert(0) += 1;
        Some(Slot {
            conns: Arc::clone(self),
            id,
            busy,
        })
    }

    /// Closes the oldest idle connection, to free an open file; whether
    /// there was one.
    pub(crate) fn evict_idle(&self) -> bool {
        self.lock().evict(None)
    }

    /// How many are answering now.
    pub(crate) fn busy(&self) -> usize {
        let inner = self.lock();
        (inner.open.values())
            .filter(|c| c.busy.load(Ordering::SeqCst) > 0)
            .count()
    }

    /// How many are open, and from how many addresses.
    pub(crate) fn count(&self) -> (usize, usize) {
        let inner = self.lock();
        (inner.open.len(), inner.from.len())
    }
}
