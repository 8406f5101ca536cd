//! A curious player's laptop asking what a phone never would (issue 51):
//! methods are case-sensitive, HEAD gets the headers alone, a path
//! without its leading slash or with an empty step is the one 404, a
//! flood of refused methods is slowed like any other, a favicon is
//! served, a page with scripts off refreshes itself in about three
//! seconds and says so, and pages on a kept-alive connection are not held
//! back by Nagle's algorithm.

use crate::common::{get, open, path_of, send};

/// The answer to `method target` as it is written.
fn asked(o: &crate::common::Open, method: &str, target: &str) -> crate::common::Answer {
    let request = format!("{method} {target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    send(&o.table, request.as_bytes()).expect("an answer")
}

#[test]
fn methods_are_case_sensitive_and_head_gets_the_headers_alone() {
    let o = open();
    let page = path_of(&o.links, o.links[0].target);
    for method in ["get", "GeT", "head", "Head"] {
        let answer = asked(&o, method, &page);
        assert_eq!(answer.status, 405, "{method}");
        assert_eq!(answer.header("allow"), Some("GET, HEAD"), "{method}");
    }
    let whole = asked(&o, "GET", &page);
    let head = asked(&o, "HEAD", &page);
    assert_eq!((whole.status, head.status), (200, 200));
    assert!(head.body.is_empty(), "HEAD: {} bytes", head.body.len());
    assert_eq!(
        head.header("content-length"),
        Some(whole.body.len().to_string().as_str()),
        "HEAD says the length GET sends"
    );
}

#[test]
fn a_path_without_its_slash_or_with_an_empty_step_is_the_one_404() {
    let o = open();
    let page = path_of(&o.links, o.links[0].target);
    let made_up = get(&o.table, "/p/00000000000000000000000000000000").timeless();
    assert_eq!(made_up.status, 404);
    let bare = page.trim_start_matches('/').to_owned();
    for target in [
        format!("/{page}"),
        format!("{page}/"),
        page.replace("/p/", "/p//"),
        format!("{page}//revision"),
        "//static/live.js".to_owned(),
    ] {
        assert_eq!(asked(&o, "GET", &target).timeless(), made_up, "{target}");
    }
    // Without its leading slash the target is not a path at all: never
    // the page (hyper refuses it as a bad request before any route).
    let answer = asked(&o, "GET", &bare);
    assert!(
        matches!(answer.status, 400 | 404),
        "{bare}: {}",
        answer.status
    );
    assert!(!String::from_utf8_lossy(&answer.body).contains("handout"));
}

#[test]
fn refused_methods_are_slowed_like_any_flood() {
    let o = open();
    let page = path_of(&o.links, o.links[0].target);
    let statuses: Vec<u16> = (0..200).map(|_| asked(&o, "POST", &page).status).collect();
    assert!(statuses.contains(&429), "a flood of POSTs is slowed");
    assert!(
        statuses.iter().filter(|s| **s == 405).count() >= 100,
        "a burst is answered"
    );
}

#[test]
fn a_favicon_is_served_and_named_by_every_page() {
    let o = open();
    let icon = get(&o.table, "/favicon.ico");
    assert_eq!(icon.status, 200);
    assert_eq!(icon.header("content-type"), Some("image/png"));
    assert!(icon.body.starts_with(b"\x89PNG"), "a PNG");
    let page = get(&o.table, &path_of(&o.links, o.links[0].target));
    let html = String::from_utf8_lossy(&page.body);
    assert!(
        html.contains("<link rel=\"icon\" href=\"/favicon.ico\""),
        "named"
    );
}

#[test]
fn a_page_with_scripts_off_refreshes_itself_in_three_seconds_and_says_so() {
    let o = open();
    let page = get(&o.table, &path_of(&o.links, o.links[0].target));
    let html = String::from_utf8_lossy(&page.body);
    assert!(
        html.contains("<noscript><meta http-equiv=\"refresh\" content=\"3\"></noscript>"),
        "refreshes in three seconds"
    );
    assert!(
        html.contains("refreshes itself every three seconds"),
        "says so on the page"
    );
}

/// Pages asked one after the other on one kept-alive connection are not
/// held back by Nagle's algorithm waiting on the phone's delayed ACK
/// (about 40 ms each on Linux: tiny_http's table, writing a head and its
/// body apart, stalled 44 ms a page; hyper writes them together, and the
/// server sets `TCP_NODELAY` besides). Twenty pages must come within
/// 400 ms, half what the stall alone would take: a bound that marks the
/// stall, not a speed.
#[test]
fn pages_on_a_kept_alive_connection_are_not_held_back() {
    use std::io::{BufRead, BufReader, Read, Write};
    let o = open();
    let page = path_of(&o.links, o.links[0].target);
    let stream = std::net::TcpStream::connect(o.table.address()).expect("connects");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .expect("a timeout");
    let mut reader = BufReader::new(stream.try_clone().expect("a clone"));
    let mut writer = stream;
    let request = format!("GET {page} HTTP/1.1\r\nHost: t\r\n\r\n");
    let mut ask = || {
        writer.write_all(request.as_bytes()).expect("sent");
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("a header");
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).expect("the page");
        length
    };
    assert!(ask() > 1000, "a page");
    let start = std::time::Instant::now();
    for _ in 0..20 {
        ask();
    }
    let took = start.elapsed();
    assert!(
        took < std::time::Duration::from_millis(400),
        "20 pages on one connection took {took:?}"
    );
}
