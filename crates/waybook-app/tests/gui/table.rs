//! Issue 39: File > Open the table… from the window: each player's link
//! and QR code; a phone (here a plain HTTP request) reads the player's
//! page; a change the GM makes moves the page's revision; a renewed link
//! stops the old one at once; closing the table stops every link.

use crate::common::gui::Fixture;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// The whole answer to `GET path` from the table at `address`, or why not.
fn get(address: std::net::SocketAddr, path: &str) -> std::io::Result<String> {
    let mut s = std::net::TcpStream::connect_timeout(&address, Duration::from_secs(5))?;
    s.set_read_timeout(Some(Duration::from_secs(10)))?;
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").as_bytes())?;
    let mut answer = String::new();
    s.read_to_string(&mut answer)?;
    Ok(answer)
}

/// Maya's link path and the table's address, as the window lists them.
fn maya(f: &Fixture) -> (std::net::SocketAddr, String) {
    let state = f
        .harness
        .state()
        .app
        .table
        .as_ref()
        .expect("the table is open");
    let link = (state.links.iter())
        .find(|l| l.name == "Maya")
        .and_then(|l| l.path())
        .expect("Maya's link");
    (state.table.address(), link)
}

#[test]
fn the_table_serves_each_player_follows_changes_and_stops_when_asked() {
    let mut f = Fixture::demo();
    f.menu("File", "Open the table…");
    assert!(f.shows("Each link gives read access to that player's view to whoever holds it"));
    let (address, path) = maya(&f);
    assert!(
        f.shows(&format!("http://{address}{path}")),
        "the link, to copy"
    );
    // The first pages are built on a worker, not the GM's frame: wait for them.
    let asked = Instant::now();
    let mut page = get(address, &path).expect("an answer");
    while !page.starts_with("HTTP/1.1 200") && asked.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
        page = get(address, &path).expect("an answer");
    }
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("Maya's handout"));
    // A change the GM makes reaches the page's revision.
    let revision = |f: &Fixture| -> String {
        let (address, path) = maya(f);
        let answer = get(address, &format!("{path}/revision")).expect("an answer");
        answer.rsplit("\r\n").next().unwrap_or_default().to_owned()
    };
    let before = revision(&f);
    f.click("Campaign");
    f.type_into("Campaign name", "The Road to Emberfall");
    let asked = Instant::now();
    while revision(&f) == before && asked.elapsed() < Duration::from_secs(10) {
        f.harness.run();
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_ne!(revision(&f), before, "the page follows the change");
    // Renewed: the old link is a 404 at once.
    f.click("Renew Maya's link");
    let (_, renewed) = maya(&f);
    assert_ne!(renewed, path);
    let asked = Instant::now();
    while get(address, &path).is_ok_and(|a| a.starts_with("HTTP/1.1 200"))
        && asked.elapsed() < Duration::from_secs(10)
    {
        f.harness.run();
    }
    assert!(
        get(address, &path)
            .expect("an answer")
            .starts_with("HTTP/1.1 404")
    );
    f.click("Close the table");
    assert!(f.harness.state().app.table.is_none());
    assert!(get(address, &renewed).is_err(), "nothing answers");
}
