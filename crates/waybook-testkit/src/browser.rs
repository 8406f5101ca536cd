//! A real browser and a validator on the pages Waybook writes and serves:
//! headless Chromium as a phone following the table (`phone`), its
//! screenshots (`screenshot`), what a followed page must show
//! (`assert_followed`), and `tidy`'s verdict on a page (`tidy`). Both tools
//! are Debian packages CI installs (`crate::tool` says when they are
//! missing elsewhere).

use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Headless Chromium as a phone (375 × 812) on `url`, its profile in
/// `profile`, printing the page's DOM when done. Its virtual time runs
/// only while no request waits, so the page's question of the revision
/// holds it until the table answers; once the table closes the page stops
/// asking and the budget runs out.
pub fn phone(chromium: &str, profile: &Path, url: &str) -> Child {
    Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=375,812",
            "--virtual-time-budget=30000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts")
}

/// The row of `name` in a page's members table, as Chromium prints it.
pub fn row_of<'a>(dom: &'a str, name: &str) -> &'a str {
    let start = dom
        .find(&format!("<td>{name}</td>"))
        .unwrap_or_else(|| panic!("{name}'s row"));
    let end = dom[start..].find("</tr>").map_or(dom.len(), |e| start + e);
    &dom[start..end]
}

/// Headless Chromium's screenshot of `url` at `size` ("375,812"), its
/// profile and picture kept in `dir`: the PNG's bytes.
pub fn screenshot(chromium: &str, url: &str, size: &str, dir: &Path) -> Vec<u8> {
    let shot = dir.join("shot.png");
    let render = Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu"])
        .arg(format!("--window-size={size}"))
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(render.status.success(), "chromium on {url}");
    std::fs::read(&shot).expect("a screenshot")
}

/// `tidy`'s verdict on the HTML page at `page`: its complaints when it
/// does not validate; `None` when tidy is not installed here.
pub fn tidy(page: &Path) -> Option<Result<(), String>> {
    let tidy = crate::tool("tidy")?;
    let check = Command::new(tidy)
        .args(["-q", "-e"])
        .arg(page)
        .output()
        .expect("tidy runs");
    Some(if check.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&check.stderr).into_owned())
    })
}

/// A phone's page as Chromium printed it once the table closed: it
/// followed the GM's change in place (its count of changes followed is
/// there: a reload would have lost it), shows `now` and `hero`'s figures
/// `wounded` in the party's members table, and says the table closed.
pub fn assert_followed(dom: &str, phone: &str, now: &str, hero: &str, wounded: &str) {
    assert!(
        dom.contains("data-followed=\""),
        "{phone}'s page followed in place, not reloaded"
    );
    assert!(dom.contains(now), "{phone}'s page shows the hour: {now}");
    assert!(
        row_of(dom, hero).contains(wounded),
        "{phone}'s page shows {hero}'s wounds as {wounded}"
    );
    assert!(
        dom.contains("The GM has closed the table"),
        "{phone}'s page says the table closed"
    );
}
