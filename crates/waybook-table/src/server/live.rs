//! How a page follows the campaign. Its script holds one stream of
//! server-sent events (`/p/TOKEN/events`): on opening, and each time the
//! link's page changes, the stream names the page's revision (an event
//! whose id is the revision, so a stream that reconnects says the last it
//! had, `Last-Event-ID`, and misses nothing); a comment every 15 seconds
//! keeps it alive through whatever lies between; it tells the page to
//! reconnect after a second, never sooner; when the table closes it says
//! so (`event: closed`) and ends. A browser without event streams asks
//! the revision instead (`/p/TOKEN/revision?after=N`), a question held
//! until the page changes, the table closes (410) or 20 seconds pass.
//! A stream whose reader stops reading is ended: a send waits at most a
//! heartbeat and its queue holds four messages.

use super::Shared;
use super::body::Body;
use super::listen::until_stopped;
use crate::pages::{Pages, Part};
use bytes::Bytes;
use std::future::Future;
use std::net::IpAddr;
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;
use tokio::sync::mpsc;

/// How often a stream says it is alive.
const HEARTBEAT: Duration = Duration::from_secs(15);
/// How long a question of the revision waits for a change.
const WAIT: Duration = Duration::from_secs(20);
/// What a stream tells a page to wait before reconnecting: a second.
const RETRY: &str = "retry: 1000\n\n";
const CLOSED: &str = "event: closed\ndata: closed\n\n";

/// The revision of `token`'s page as served now, if its page is built.
pub(crate) fn revision_of(pages: &Pages, token: &str) -> Option<u64> {
    Some(pages.page(token, Part::Now)?.revision)
}

/// What wakes a stream.
enum Wake {
    /// The pages changed (maybe this one's).
    Published,
    Beat,
    /// The table is closing.
    Stopping,
    /// The reader went away.
    Gone,
}

/// The stream of `token`'s page for `address`, whose page shows `after`:
/// its body, fed by a task of its own.
pub(crate) fn stream(
    shared: &Arc<Shared>,
    token: String,
    address: IpAddr,
    after: Option<u64>,
) -> Body {
    let (sender, chunks) = mpsc::channel(4);
    tokio::spawn(feed(Arc::clone(shared), sender, token, address, after));
    Body::stream(chunks)
}

/// A stream counted open, by its token, for as long as it is held.
struct Open {
    shared: Arc<Shared>,
    token: String,
}

impl Open {
    fn new(shared: &Arc<Shared>, token: &str) -> Open {
        if let Ok(mut streams) = shared.streams.lock() {
            *streams.entry(token.to_owned()).or_insert(0) += 1;
        }
        Open {
            shared: Arc::clone(shared),
            token: token.to_owned(),
        }
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        if let Ok(mut streams) = self.shared.streams.lock()
            && let Some(n) = streams.get_mut(&self.token)
        {
            *n -= 1;
            if *n == 0 {
                streams.remove(&self.token);
            }
        }
    }
}

/// Feeds a page's stream until the table closes, the reader goes away or
/// stops reading, or the link closes.
async fn feed(
    shared: Arc<Shared>,
    sender: mpsc::Sender<Bytes>,
    token: String,
    address: IpAddr,
    mut sent: Option<u64>,
) {
    let _open = Open::new(&shared, &token);
    let mut published = shared.revision.subscribe();
    let mut stopping = shared.stopping.subscribe();
    if !send(&sender, RETRY.to_owned()).await {
        return;
    }
    loop {
        let pages = shared.pages.read().map(|p| Arc::clone(&p)).ok();
        let Some(pages) = pages.filter(|p| p.link(&token).is_some()) else {
            // Closed or renewed: the stream ends, and reconnecting finds
            // the same 404 as any token that is not open.
            return;
        };
        shared.note(&pages, &token, address, super::Seen::Alive);
        shared.want(&pages, &token, Part::Now);
        // A page not built yet is named once it is.
        let now = revision_of(&pages, &token);
        if let Some(now) = now.filter(|now| sent != Some(*now)) {
            let event = format!("id: {now}\ndata: {now}\n\n");
            if !send(&sender, event).await {
                return;
            }
            sent = Some(now);
        }
        let wake = {
            let changed = published.changed();
            let beat = tokio::time::sleep(HEARTBEAT);
            let stop = stopping.wait_for(|s| *s);
            first(changed, beat, stop, sender.closed()).await
        };
        match wake {
            Wake::Published => {}
            Wake::Beat => {
                if !send(&sender, ": alive\n\n".to_owned()).await {
                    return;
                }
            }
            Wake::Stopping => {
                let _ = send(&sender, CLOSED.to_owned()).await;
                return;
            }
            Wake::Gone => return,
        }
    }
}

/// Sends `chunk` down the stream: whether it went (the reader is there
/// and reads).
async fn send(sender: &mpsc::Sender<Bytes>, chunk: String) -> bool {
    let sent = tokio::time::timeout(HEARTBEAT, sender.send(Bytes::from(chunk))).await;
    matches!(sent, Ok(Ok(())))
}

/// Which of the four comes first.
async fn first(
    changed: impl Future,
    beat: impl Future,
    stop: impl Future,
    gone: impl Future,
) -> Wake {
    let (mut changed, mut beat) = (pin!(changed), pin!(beat));
    let (mut stop, mut gone) = (pin!(stop), pin!(gone));
    std::future::poll_fn(|cx| {
        if stop.as_mut().poll(cx).is_ready() {
            Poll::Ready(Wake::Stopping)
        } else if gone.as_mut().poll(cx).is_ready() {
            Poll::Ready(Wake::Gone)
        } else if changed.as_mut().poll(cx).is_ready() {
            Poll::Ready(Wake::Published)
        } else if beat.as_mut().poll(cx).is_ready() {
            Poll::Ready(Wake::Beat)
        } else {
            Poll::Pending
        }
    })
    .await
}

/// The answer to a page's question of its revision (the fallback).
pub(crate) enum Asked {
    Revision(u64),
    /// The table is closing (the page is told: 410).
    Closing,
    /// The link no longer opens (the one 404).
    Gone,
}

/// The answer to a page's question of its revision: at once when it is
/// not `after`, else when the page changes or 20 seconds pass; whether
/// the table closes or the link goes first.
pub(crate) async fn revision(shared: &Shared, token: &str, after: Option<u64>) -> Asked {
    let mut published = shared.revision.subscribe();
    let mut stopping = shared.stopping.subscribe();
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let Some(pages) = shared.pages.read().map(|p| Arc::clone(&p)).ok() else {
            return Asked::Closing;
        };
        if pages.link(token).is_none() {
            return Asked::Gone;
        }
        shared.want(&pages, token, Part::Now);
        let now = revision_of(&pages, token);
        let over = tokio::time::Instant::now() >= deadline;
        match now {
            Some(now) if after != Some(now) || over => return Asked::Revision(now),
            None if over => return Asked::Revision(after.unwrap_or(0)),
            _ => {}
        }
        let changed = tokio::time::timeout_at(deadline, published.changed());
        match until_stopped(&mut stopping, changed).await {
            None => return Asked::Closing,
            // Published, or the wait is over: look again.
            Some(Ok(Ok(()))) | Some(Err(_)) => {}
            // The pages' sender gone: the table is closing.
            Some(Ok(Err(_))) => return Asked::Closing,
        }
    }
}
