//! The table's server answering as a phone would ask (issue 39), on
//! loopback: each open link shows its page, and anything else (a made-up
//! token, a renewed or closed link, a path of no route) the very same 404;
//! every answer forbids what comes from elsewhere, caching and sniffing;
//! only GET and HEAD; a page's question of the revision is answered when
//! the campaign moves; a flooding address is slowed, others are not; and
//! random requests never break it.

use crate::common::{Open, get, open, parse, path_of, send, unpublished};
use proptest::prelude::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use waybook_table::links::{self, Target};
use waybook_table::pages::Pages;

#[test]
fn each_link_shows_its_page_and_anything_else_the_same_404() {
    let mut o = open();
    let players = waybook_core::exchange::players_view::players(&o.data);
    assert!(players.len() > 1, "the demo's players");
    for p in &players {
        let page = get(&o.table, &path_of(&o.links, Target::Player(p.id)));
        assert_eq!(page.status, 200);
        let html = String::from_utf8_lossy(&page.body);
        assert!(
            html.contains(&format!("{}'s handout", p.name)),
            "{}",
            p.name
        );
    }
    let made_up = get(&o.table, "/p/00000000000000000000000000000000").timeless();
    assert_eq!(made_up.status, 404);
    for path in [
        "/",
        "/p",
        "/p/",
        "/static/../../etc/passwd",
        "/p/x/revision",
    ] {
        assert_eq!(get(&o.table, path).timeless(), made_up, "{path}");
    }
    // Renewed: the old link is the same 404 at once, the new one shows.
    let first = Target::Player(players[0].id);
    let old = path_of(&o.links, first);
    links::renew(&mut o.campaign, first).expect("renewed");
    let renewed = links::links(&o.data, &o.campaign.kept().expect("kept"));
    o.table.publish(Pages::build(&o.data, &renewed, 2));
    assert_eq!(get(&o.table, &old).timeless(), made_up);
    assert_eq!(get(&o.table, &path_of(&renewed, first)).status, 200);
    // Closed: no link, and it stays closed when the table opens again.
    links::close(&mut o.campaign, first).expect("closed");
    let reopened = links::open(&mut o.campaign, &o.data).expect("links");
    let closed = reopened.iter().find(|l| l.target == first).expect("listed");
    assert_eq!(closed.token, None);
    o.table.publish(Pages::build(&o.data, &reopened, 3));
    assert_eq!(get(&o.table, &path_of(&renewed, first)).timeless(), made_up);
}

/// In the moment after the table opens, before its first pages are built,
/// every link, a real one or not, gets the same page that asks again in
/// two seconds; then each gets its own answer.
#[test]
fn before_the_first_pages_every_link_is_asked_to_wait_alike() {
    let o = unpublished();
    let real = path_of(&o.links, o.links[0].target);
    let made_up = "/p/00000000000000000000000000000000";
    let waiting = get(&o.table, &real).timeless();
    assert_eq!(waiting.status, 503);
    assert_eq!(waiting.header("retry-after"), Some("2"));
    assert!(
        String::from_utf8_lossy(&waiting.body).contains("http-equiv=\"refresh\" content=\"2\"")
    );
    assert_eq!(
        get(&o.table, made_up).timeless(),
        waiting,
        "the same for any token"
    );
    assert_eq!(
        get(&o.table, &format!("{real}/revision")).timeless(),
        waiting
    );
    o.table.publish(Pages::build(&o.data, &o.links, 1));
    assert_eq!(get(&o.table, &real).status, 200);
    assert_eq!(get(&o.table, made_up).status, 404);
}

#[test]
fn every_answer_forbids_elsewhere_caching_and_sniffing_and_only_get_is_heard() {
    let o = open();
    let page = path_of(&o.links, o.links[0].target);
    let answers = [
        get(&o.table, &page),
        get(&o.table, "/static/live.js"),
        get(&o.table, "/static/page.css"),
        get(&o.table, "/nowhere"),
    ];
    for a in &answers {
        let csp = a.header("content-security-policy").expect("a policy");
        assert!(csp.starts_with("default-src 'none'"), "{csp}");
        assert_eq!(a.header("cache-control"), Some("no-store"));
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
    }
    let post = format!(
        "POST {page} HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    let refused = send(&o.table, post.as_bytes()).expect("an answer");
    assert_eq!(refused.status, 405);
    assert_eq!(refused.header("allow"), Some("GET, HEAD"));
    let head = format!("HEAD {page} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    let head = send(&o.table, head.as_bytes()).expect("an answer");
    assert_eq!((head.status, head.body.len()), (200, 0));
}

/// A page asks for the revision after its own; the answer comes when the
/// campaign moves (the test waits up to ten seconds).
#[test]
fn a_question_of_the_revision_is_answered_when_the_campaign_moves() {
    let o = open();
    let page = path_of(&o.links, o.links[0].target);
    assert_eq!(get(&o.table, &format!("{page}/revision")).body, b"1");
    let asked = Instant::now();
    let waiting = {
        let address = o.table.address();
        let path = format!("{page}/revision?after=1");
        std::thread::spawn(move || {
            let mut s = TcpStream::connect(address).expect("connects");
            let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
            let request = format!("GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
            s.write_all(request.as_bytes()).expect("sent");
            let mut bytes = Vec::new();
            let _ = s.read_to_end(&mut bytes);
            parse(&bytes)
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    o.table.publish(Pages::build(&o.data, &o.links, 2));
    let answer = waiting.join().expect("answered").expect("an answer");
    assert_eq!(answer.body, b"2");
    assert!(asked.elapsed() < Duration::from_secs(10));
}

/// An address asking far faster than any page is slowed (429), and
/// answered again a moment later.
#[test]
fn a_flood_is_slowed_and_then_answered_again() {
    let o = open();
    let statuses: Vec<u16> = (0..200)
        .map(|_| get(&o.table, "/static/live.js").status)
        .collect();
    assert!(statuses.contains(&429), "slowed");
    assert!(
        statuses.iter().filter(|s| **s == 200).count() >= 120,
        "a burst is served"
    );
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(get(&o.table, "/static/live.js").status, 200);
}

/// The tokens of the campaign's links and the GM's secrets never reach a
/// phone that asks at random.
fn secrets(o: &Open) -> Vec<String> {
    let mut all: Vec<String> = o.links.iter().filter_map(|l| l.token.clone()).collect();
    all.push(o.data.settings.name.clone());
    all
}

proptest! {
    #![proptest_config(waybook_testkit::fuzz_config(60))]

    /// Random methods, paths, headers and sizes never answer 500, never
    /// give away a token or a page, and the table still answers after.
    #[test]
    fn random_requests_never_break_the_table(
        method in prop::sample::select(vec!["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "G\u{0}T", "get", "TRACE"]),
        path in "(/[a-zA-Z0-9%._~-]{0,40}){0,4}",
        header in "[a-zA-Z-]{1,20}",
        value in "[ -~]{0,200}",
        body in 0usize..5000,
    ) {
        static OPEN: std::sync::OnceLock<std::sync::Mutex<Open>> = std::sync::OnceLock::new();
        let o = OPEN.get_or_init(|| std::sync::Mutex::new(open())).lock().expect("the table");
        std::thread::sleep(Duration::from_millis(20));
        let request = format!(
            "{method} {} HTTP/1.1\r\nHost: t\r\n{header}: {value}\r\nContent-Length: {body}\r\nConnection: close\r\n\r\n{}",
            if path.is_empty() { "/" } else { &path },
            "x".repeat(body)
        );
        if let Some(answer) = send(&o.table, request.as_bytes()) {
            prop_assert!(answer.status < 500 || answer.status == 505, "{}", answer.status);
            let text = String::from_utf8_lossy(&answer.body);
            for secret in secrets(&o) {
                prop_assert!(!text.contains(&secret), "{secret} in the answer to {path}");
            }
        }
        prop_assert_eq!(get(&o.table, "/static/live.js").status, 200, "still answering");
    }
}

/// Whatever happens to the listener, the table says so at once (issue
/// 51): its server stopped as if the listener failed, the owner is called
/// back, the worker following the file stops with "The table closed: …",
/// nothing answers on its port, and a table opens there again.
#[test]
fn a_listener_that_fails_is_said_at_once_and_the_table_opens_again() {
    let o = open();
    let address = o.table.address();
    let (told, heard) = std::sync::mpsc::channel();
    o.table.on_close(move || {
        let _ = told.send(());
    });
    o.table.break_for_test("the listener failed (a test)");
    heard
        .recv_timeout(Duration::from_secs(5))
        .expect("the owner is called back");
    assert_eq!(
        o.table.closed().as_deref(),
        Some("the listener failed (a test)")
    );
    let followed = waybook_table::follow::follow(&o.campaign, &o.table.publisher(), None);
    assert_eq!(
        followed.map_err(|e| e.to_string()),
        Err("The table closed: the listener failed (a test)".to_owned())
    );
    assert!(TcpStream::connect(address).is_err(), "nothing answers");
    let again = waybook_table::server::Table::open(address).expect("opens again there");
    again.publish(Pages::build(&o.data, &o.links, 1));
    assert_eq!(
        crate::common::get(&again, &path_of(&o.links, o.links[0].target)).status,
        200
    );
}

/// A page's stream of changes (issue 51): it tells the page to reconnect
/// after a second, names the page's revision at once (as its id, so a
/// reconnection says the last it had), then each change as it comes;
/// reconnecting with the revision it had, it sends nothing until the next
/// change; when the table closes it says so and ends.
#[test]
fn a_pages_stream_names_each_change_and_the_table_closing() {
    use waybook_testkit::phones::{Event, Stream};
    let o = open();
    let page = path_of(&o.links, o.links[0].target);
    let from = std::net::IpAddr::from([127, 0, 0, 1]);
    let mut stream = Stream::open(from, o.table.address(), &page, Some(0), None).expect("a stream");
    assert_eq!(stream.status, 200);
    let wait = Duration::from_secs(10);
    assert_eq!(stream.next(wait).and_then(|e| e.retry), Some(1000));
    let first = stream.next(wait).expect("the revision at once");
    assert_eq!((first.data.as_str(), first.id.as_deref()), ("1", Some("1")));
    o.table.publish(Pages::build(&o.data, &o.links, 2));
    assert_eq!(stream.next(wait).map(|e| e.data), Some("2".to_owned()));
    // Reconnecting with the last it had: nothing until the next change.
    let mut again = Stream::open(from, o.table.address(), &page, Some(1), Some(2)).expect("again");
    assert_eq!(again.next(wait).and_then(|e| e.retry), Some(1000));
    assert_eq!(again.next(Duration::from_millis(500)), None, "nothing new");
    o.table.publish(Pages::build(&o.data, &o.links, 3));
    assert_eq!(again.next(wait).map(|e| e.data), Some("3".to_owned()));
    assert_eq!(stream.next(wait).map(|e| e.data), Some("3".to_owned()));
    drop(o.table);
    let closed = Event {
        event: "closed".to_owned(),
        data: "closed".to_owned(),
        ..Event::default()
    };
    assert_eq!(stream.next(wait), Some(closed));
    assert_eq!(stream.next(wait), None, "the stream ends");
}

/// A link renewed ends its stream, and the old token's stream is the
/// same 404 as any token that is not open.
#[test]
fn a_renewed_links_stream_ends_and_reconnecting_is_a_404() {
    use waybook_testkit::phones::Stream;
    let mut o = open();
    let target = o.links[0].target;
    let page = path_of(&o.links, target);
    let from = std::net::IpAddr::from([127, 0, 0, 1]);
    let mut stream = Stream::open(from, o.table.address(), &page, Some(1), None).expect("a stream");
    let wait = Duration::from_secs(10);
    assert_eq!(stream.next(wait).and_then(|e| e.retry), Some(1000));
    links::renew(&mut o.campaign, target).expect("renewed");
    let renewed = links::links(&o.data, &o.campaign.kept().expect("kept"));
    o.table.publish(Pages::build(&o.data, &renewed, 2));
    assert_eq!(stream.next(wait), None, "the stream ends");
    let again = Stream::open(from, o.table.address(), &page, Some(1), Some(1)).expect("answered");
    assert_eq!(again.status, 404);
}

/// However many pages wait (a hundred here, from four addresses), each
/// question of the revision waits for the change: none is told at once
/// to ask again (tiny_http's table answered past 64 at once, and pages
/// asked again 20 times a second).
#[test]
fn a_hundred_waiting_questions_each_wait_for_the_change() {
    let o = open();
    let page = path_of(&o.links, o.links[0].target);
    let asked = Instant::now();
    let waiting: Vec<_> = (0..100)
        .map(|n| {
            let (to, path) = (o.table.address(), format!("{page}/revision?after=1"));
            std::thread::spawn(move || {
                let from = std::net::IpAddr::from([127, 0, 1, 2 + (n % 4) as u8]);
                let mut s = waybook_testkit::phones::connect(from, to, Duration::from_secs(5))
                    .expect("connects");
                let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
                let request =
                    format!("GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
                s.write_all(request.as_bytes()).expect("sent");
                let mut bytes = Vec::new();
                let _ = s.read_to_end(&mut bytes);
                (parse(&bytes).map(|a| a.body), asked.elapsed())
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    o.table.publish(Pages::build(&o.data, &o.links, 2));
    for w in waiting {
        let (body, after) = w.join().expect("answered");
        assert_eq!(body.as_deref(), Some(&b"2"[..]), "answered with the change");
        assert!(after >= Duration::from_millis(900), "waited: {after:?}");
    }
}

/// A device that followed a link renewed or closed is no longer listed
/// among the followers (it would have stayed "up to date" for minutes,
/// its old page gone); one following another link stays.
#[test]
fn a_renewed_or_closed_links_follower_leaves_the_list_at_once() {
    let mut o = open();
    let players = waybook_core::exchange::players_view::players(&o.data);
    let (first, second) = (Target::Player(players[0].id), Target::Player(players[1].id));
    for target in [first, second] {
        assert_eq!(get(&o.table, &path_of(&o.links, target)).status, 200);
    }
    let names = |o: &crate::common::Open| -> Vec<String> {
        let mut names: Vec<String> = (o.table.followers().into_iter()).map(|f| f.name).collect();
        names.sort();
        names
    };
    let mut both = vec![players[0].name.clone(), players[1].name.clone()];
    both.sort();
    assert_eq!(names(&o), both);
    links::renew(&mut o.campaign, first).expect("renewed");
    let renewed = links::links(&o.data, &o.campaign.kept().expect("kept"));
    o.table.publish(Pages::build(&o.data, &renewed, 2));
    assert_eq!(names(&o), vec![players[1].name.clone()], "renewed");
    assert_eq!(get(&o.table, &path_of(&renewed, first)).status, 200);
    assert_eq!(names(&o), both, "back on the new link");
    links::close(&mut o.campaign, second).expect("closed");
    let closed = links::links(&o.data, &o.campaign.kept().expect("kept"));
    o.table.publish(Pages::build(&o.data, &closed, 3));
    assert_eq!(names(&o), vec![players[0].name.clone()], "closed");
}
