//! What the table answers, strictly: methods as written (GET and HEAD,
//! case and all; HEAD gets the headers alone), a path that starts with its
//! slash and holds no empty step (`//`), matched against Waybook's own
//! routes and never reaching the file system. An unknown or closed token
//! gets the same 404 as a page that does not exist. Every answer forbids
//! anything from elsewhere (Content-Security-Policy), caching and
//! sniffing. Every request is counted against its address's bucket
//! before anything else, so a refused one slows a flood too.

use super::body::Body;
use super::conns::Busy;
use super::listen::until_stopped;
use super::live::{self, Asked};
use super::{Seen, Shared};
use crate::pages::{OLDER_PAGES, Part, SCRIPT};
use bytes::Bytes;
use hyper::body::Incoming;
use hyper::header::{self, HeaderName, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use maud::{DOCTYPE, html};
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                   connect-src 'self'; img-src 'self' data:; base-uri 'none'; \
                   form-action 'none'; frame-ancestors 'none'";

/// Waybook's icon, for the browser's tab.
const ICON: &[u8] = include_bytes!("../../../../packaging/linux/icons/waybook-48.png");

/// The type of a plain-text answer.
const TEXT: &str = "text/plain; charset=utf-8";
const HTML: &str = "text/html; charset=utf-8";

/// Answers `request` from `address`; the connection stays busy until the
/// answer is sent.
pub(crate) async fn answer(
    request: Request<Incoming>,
    address: IpAddr,
    shared: Arc<Shared>,
    busy: Busy,
) -> Result<Response<Body>, Infallible> {
    let answered = route(&request, address, &shared).await;
    Ok(answered.map(|body| body.holding(busy)))
}

async fn route(
    request: &Request<Incoming>,
    address: IpAddr,
    shared: &Arc<Shared>,
) -> Response<Body> {
    if !shared.buckets.allowed(address) {
        let slowed = response(StatusCode::TOO_MANY_REQUESTS, TEXT, "Slow down.\n");
        return with(slowed, header::RETRY_AFTER, "1");
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let refused = response(StatusCode::METHOD_NOT_ALLOWED, TEXT, "Only GET.\n");
        return with(refused, header::ALLOW, "GET, HEAD");
    }
    let Some(parts) = steps(request.uri().path()) else {
        return not_found();
    };
    let pages = shared.pages.read().map(|p| Arc::clone(&p)).ok();
    let query = request.uri().query().unwrap_or("");
    let live = query.split('&').any(|q| q == "live");
    let after = (request.headers().get("last-event-id"))
        .and_then(|id| id.to_str().ok())
        .or_else(|| query.split('&').find_map(|q| q.strip_prefix("after=")))
        .and_then(|n| n.parse::<u64>().ok());
    match (parts.as_slice(), pages) {
        (["p", ..], Some(pages)) if pages.revision == 0 => preparing(),
        (["static", "page.css"], _) => response(
            StatusCode::OK,
            "text/css; charset=utf-8",
            waybook_print::handouts::html::style(),
        ),
        (["favicon.ico"], _) => response(StatusCode::OK, "image/png", ICON),
        (["static", "live.js"], _) => {
            response(StatusCode::OK, "text/javascript; charset=utf-8", SCRIPT)
        }
        (["p", token], Some(_)) => {
            let seen = if live { Seen::Script } else { Seen::Served };
            served(shared, token, Part::Now, address, seen).await
        }
        (["p", token, "older", n], Some(_)) => match older(n) {
            Some(part) => served(shared, token, part, address, Seen::Served).await,
            None => not_found(),
        },
        (["p", token, "events"], Some(pages)) if pages.link(token).is_some() => {
            if let Some(after) = after {
                shared.note(&pages, token, address, Seen::Script(after));
            }
            let events = live::stream(shared, (*token).to_owned(), address, after);
            response(StatusCode::OK, "text/event-stream", Bytes::new()).map(|_| events)
        }
        (["p", token, "revision"], Some(pages)) if pages.link(token).is_some() => {
            if let Some(after) = after {
                shared.note(&pages, token, address, Seen::Script(after));
            }
            match live::revision(shared, token, after).await {
                Asked::Revision(revision) => response(StatusCode::OK, TEXT, revision.to_string()),
                Asked::Closing => response(StatusCode::GONE, TEXT, "closed"),
                Asked::Gone => not_found(),
            }
        }
        _ => not_found(),
    }
}

/// The part a page of older days names: its number, from 1, in digits.
fn older(n: &str) -> Option<Part> {
    let n: u32 = n
        .parse()
        .ok()
        .filter(|_| n.bytes().all(|b| b.is_ascii_digit()))?;
    (1..=OLDER_PAGES).contains(&n).then_some(Part::Older(n))
}

/// How long a page's first request waits for it to be built, at most:
/// it takes a fraction of a second; past this the worker is stuck, and
/// the phone is asked to come back.
const FIRST_WAIT: Duration = Duration::from_secs(10);

/// Why a page was not served.
enum Missing {
    /// The token is not open, or there is no such page: the one 404.
    NotFound,
    /// Not built within `FIRST_WAIT`.
    NotYet,
}

/// The page `part` of `token` as built, waiting for the worker to build it
/// if it is not yet (it is asked for: `Shared::want`).
async fn built(shared: &Shared, token: &str, part: Part) -> Result<(Bytes, u64), Missing> {
    let mut published = shared.revision.subscribe();
    let mut stopping = shared.stopping.subscribe();
    let deadline = tokio::time::Instant::now() + FIRST_WAIT;
    loop {
        let pages = shared
            .pages
            .read()
            .map(|p| Arc::clone(&p))
            .map_err(|_| Missing::NotYet)?;
        if pages.link(token).is_none() {
            return Err(Missing::NotFound);
        }
        shared.want(&pages, token, part);
        if let Some(page) = pages.page(token, part) {
            let html = page.html.clone().ok_or(Missing::NotFound)?;
            return Ok((html, page.revision));
        }
        let changed = tokio::time::timeout_at(deadline, published.changed());
        match until_stopped(&mut stopping, changed).await {
            Some(Ok(Ok(()))) => {}
            _ => return Err(Missing::NotYet),
        }
    }
}

/// The answer to a request for `token`'s page `part` from `address`,
/// noted as `seen`.
async fn served(
    shared: &Shared,
    token: &str,
    part: Part,
    address: IpAddr,
    seen: fn(u64) -> Seen,
) -> Response<Body> {
    match built(shared, token, part).await {
        Ok((html, revision)) => {
            if let Ok(pages) = shared.pages.read() {
                shared.note(&pages, token, address, seen(revision));
            }
            response(StatusCode::OK, HTML, html)
        }
        Err(Missing::NotFound) => not_found(),
        Err(Missing::NotYet) => preparing(),
    }
}

/// The steps of `path`, if it is one of Waybook's: it starts with its
/// slash and has no empty step.
fn steps(path: &str) -> Option<Vec<&str>> {
    let rest = path.strip_prefix('/')?;
    let steps: Vec<&str> = rest.split('/').collect();
    (!steps.iter().any(|s| s.is_empty())).then_some(steps)
}

/// `answer` with the header `name: value` added.
fn with(mut answer: Response<Body>, name: HeaderName, value: &'static str) -> Response<Body> {
    answer
        .headers_mut()
        .insert(name, HeaderValue::from_static(value));
    answer
}

/// `body` with `status`, its type and the headers every answer carries.
fn response(status: StatusCode, kind: &'static str, body: impl Into<Bytes>) -> Response<Body> {
    let mut answer = Response::new(Body::full(body));
    *answer.status_mut() = status;
    let headers = [
        (header::CONTENT_TYPE, kind),
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::CACHE_CONTROL, "no-store"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
    ];
    headers
        .into_iter()
        .fold(answer, |answer, (name, value)| with(answer, name, value))
}

/// The one answer to a path that is not there, a token that is not open
/// included.
fn not_found() -> Response<Body> {
    response(StatusCode::NOT_FOUND, TEXT, "Not found.\n")
}

/// A page that asks again in two seconds, the same for every token:
/// written once.
static PREPARING: LazyLock<Bytes> = LazyLock::new(|| {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta http-equiv="refresh" content="2";
                title { "Waybook" }
                link rel="icon" href="/favicon.ico" type="image/png";
                link rel="stylesheet" href="/static/page.css";
            }
            body { p { "The table is being set: this page opens in a moment." } }
        }
    };
    Bytes::from(page.into_string())
});

/// The one answer to any link asked for before the first pages are built
/// (the moment after the table opens): no link is told from another yet.
fn preparing() -> Response<Body> {
    let page = response(StatusCode::SERVICE_UNAVAILABLE, HTML, PREPARING.clone());
    with(page, header::RETRY_AFTER, "2")
}
