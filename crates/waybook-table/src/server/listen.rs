//! The server's thread: its listening socket, the accept loop and each
//! connection's task, with the limits the module above states. The loop
//! ends only when the table closes; an error of the operating system
//! (out of open files, out of buffers, a connection reset before it was
//! taken) closes the oldest idle connection when it may free something,
//! waits a moment and goes on.

use super::Shared;
use super::answer::answer;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::watch;

/// The most a request's head may be (its line and headers): past it, 431.
pub(crate) const HEAD_LIMIT: usize = 16 * 1024;
/// How long a connection has to send a whole request's head, from its
/// opening or its last answer: a connection idle longer is closed.
pub(crate) const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a connection lives at most (a page's stream reconnects).
const LIFETIME: Duration = Duration::from_secs(10 * 60);
/// Connections the system may hold waiting to be taken.
const BACKLOG: u32 = 1024;
/// How often followers and buckets are pruned.
const PRUNE: Duration = Duration::from_secs(30);
/// How long a closing table gives the pages waiting to hear it.
const FAREWELL: Duration = Duration::from_millis(500);

/// The listening socket on `bind`, inside the runtime.
pub(crate) fn bind(bind: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if bind.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    // On Unix a table closed and opened again gets its port back at once
    // (elsewhere this would let another program share the port).
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(bind)?;
    socket.listen(BACKLOG)
}

/// The server's thread: answers until the table closes; if it stops on
/// its own (a panic), the table says why.
pub(crate) fn run(runtime: tokio::runtime::Runtime, listener: TcpListener, shared: &Arc<Shared>) {
    let served = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        runtime.block_on(serve(listener, shared));
    }));
    runtime.shutdown_timeout(Duration::from_millis(200));
    let broken = shared.broken.lock().ok().and_then(|mut b| b.take());
    match served {
        Err(panic) => {
            let why = (panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "its server stopped".to_owned());
            shared.close_for(why);
        }
        Ok(()) if broken.is_some() => shared.close_for(broken.unwrap_or_default()),
        Ok(()) if !*shared.stopping.borrow() => shared.close_for("its server stopped".to_owned()),
        Ok(()) => {}
    }
}

/// The connection's settings: HTTP/1 with the limits above.
fn http() -> http1::Builder {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_header_size(HEAD_LIMIT)
        .max_headers(64)
        .max_buf_size(64 * 1024);
    http
}

/// The accept loop, until the table closes; then the pages waiting are
/// given a moment to hear it.
async fn serve(listener: TcpListener, shared: &Arc<Shared>) {
    let http = http();
    let mut stopping = shared.stopping.subscribe();
    let pruning = tokio::spawn(prune(Arc::clone(shared)));
    let mut failed = Duration::ZERO;
    loop {
        let Some(accepted) = until_stopped(&mut stopping, listener.accept()).await else {
            break;
        };
        match accepted {
            Ok((stream, peer)) => {
                failed = Duration::ZERO;
                connection(&http, stream, peer, shared);
                // The new connection reads its request before the next
                // is taken, so a flood waiting to be taken cannot push a
                // phone's connection out before it has asked.
                tokio::task::yield_now().await;
            }
            Err(_) => {
                (shared.accept_errors).fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                // Out of files or buffers: an idle connection closed
                // frees one; else wait, a little longer each time.
                shared.conns.evict_idle();
                failed = (failed * 2).clamp(Duration::from_millis(10), Duration::from_secs(1));
                if until_stopped(&mut stopping, tokio::time::sleep(failed))
                    .await
                    .is_none()
                {
                    break;
                }
            }
        }
    }
    drop(listener);
    pruning.abort();
    // The connections answering a page's question hear that the table
    // closed (`stopping`) and end; the idle ones are simply dropped.
    let start = Instant::now();
    while start.elapsed() < FAREWELL && shared.conns.busy() > 0 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Serves one connection on a task of its own, if it has a place.
fn connection(http: &http1::Builder, stream: TcpStream, peer: SocketAddr, shared: &Arc<Shared>) {
    // Each answer is sent whole at once: no waiting on Nagle's algorithm.
    let _ = stream.set_nodelay(true);
    let Some(slot) = shared.conns.admit(peer.ip()) else {
        return;
    };
    // The service holds the connection's place: it is given back when the
    // task ends, whether the connection closed or its place was taken.
    let slot = Arc::new(slot);
    let service = {
        let (shared, slot) = (Arc::clone(shared), Arc::clone(&slot));
        hyper::service::service_fn(move |request| {
            answer(request, peer.ip(), Arc::clone(&shared), slot.busy())
        })
    };
    let served = http.serve_connection(TokioIo::new(stream), service);
    let task = tokio::spawn(async move {
        let _ = tokio::time::timeout(LIFETIME, served).await;
    });
    slot.ends_with(task.abort_handle());
}

/// Prunes followers and buckets every little while.
async fn prune(shared: Arc<Shared>) {
    loop {
        tokio::time::sleep(PRUNE).await;
        shared.prune();
    }
}

/// `work`'s outcome, or none if the table closes first.
pub(crate) async fn until_stopped<F: Future>(
    stopping: &mut watch::Receiver<bool>,
    work: F,
) -> Option<F::Output> {
    if *stopping.borrow() {
        return None;
    }
    let mut work = pin!(work);
    let mut stopped = pin!(stopping.wait_for(|s| *s));
    std::future::poll_fn(|cx| {
        if stopped.as_mut().poll(cx).is_ready() {
            return Poll::Ready(None);
        }
        work.as_mut().poll(cx).map(Some)
    })
    .await
}
