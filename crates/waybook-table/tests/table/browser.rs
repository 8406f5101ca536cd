//! A real browser follows the table (issue 39): headless Chromium opens
//! two players' pages on loopback, as two phones at the table; the GM
//! books a wound and moves the clock; both pages show it without being
//! reloaded (the page counts the changes it followed; a reload would count
//! from nothing again). Each page passes `tidy`, and renders at a phone's
//! and a TV's size.

use crate::common::{Open, get, open, path_of};
use std::process::Child;
use std::time::{Duration, Instant};
use waybook_core::model::{CampaignData, CharacterKind};
use waybook_table::links::Target;
use waybook_table::pages::Pages;
use waybook_testkit::browser::{assert_followed, phone, screenshot, tidy};
use waybook_testkit::tool;

/// Waits up to `limit` until the script of every page in `names` asks
/// after `revision` or later; how long it took.
fn followed(o: &Open, names: &[&str], revision: u64, limit: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let followers = o.table.followers();
        let all = names
            .iter()
            .all(|n| (followers.iter()).any(|f| f.name == *n && f.asked >= revision));
        if all {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < limit,
            "{names:?} not at revision {revision} after {limit:?}: {followers:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The GM's change: two wounds booked on `hero`, the clock three hours on.
fn wound_and_hours(data: &CampaignData, hero: &str) -> CampaignData {
    let mut after = data.clone();
    let c = (after.characters.values_mut())
        .find(|c| c.name == hero)
        .expect("the hero");
    c.companion.wounds.current -= 2;
    let day_hours = after.settings.day_hours;
    for change in waybook_testkit::everyone_moved(&after, |t| t.plus(3, day_hours)).changes {
        after.apply(&change);
    }
    after
}

/// "a change the GM makes (a wound booked, ..., the clock moved) reaches
/// every open page within about a second ... without the page being
/// reloaded by hand" — the test waits up to ten seconds.
#[test]
fn two_phones_follow_a_wound_and_the_clock_without_a_reload() {
    let Some(chromium) = tool("chromium") else {
        return;
    };
    let o = open();
    let players = waybook_core::exchange::players_view::players(&o.data);
    let (maya, jo) = (
        players.iter().find(|p| p.name == "Maya").expect("Maya"),
        players.iter().find(|p| p.name == "Jo").expect("Jo"),
    );
    let hero = (o.data.characters.values())
        .find(|c| c.player == Some(maya.id) && c.kind == CharacterKind::Hero)
        .expect("Maya's hero")
        .name
        .clone();
    let profiles = tempfile::tempdir().expect("dir");
    let phones: Vec<Child> = [maya, jo]
        .iter()
        .map(|p| {
            let url = o.table.url(&path_of(&o.links, Target::Player(p.id)));
            phone(chromium, &profiles.path().join(&p.name), &url)
        })
        .collect();
    let names = [maya.name.as_str(), jo.name.as_str()];
    followed(&o, &names, 1, Duration::from_secs(60));
    let streaming = Instant::now();
    while o.table.holding().streams < 2 && streaming.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(o.table.holding().streams, 2, "each page holds a stream");

    let after = wound_and_hours(&o.data, &hero);
    o.table.publish(Pages::build(&after, &o.links, 2));
    let took = followed(&o, &names, 2, Duration::from_secs(10));
    eprintln!("both phones followed the change in {took:?}");
    drop(o.table);

    let wounds = &(after.characters.values())
        .find(|c| c.name == hero)
        .expect("the hero")
        .companion
        .wounds;
    let now = after.settings.when(after.settings.clock);
    for (phone, name) in phones.into_iter().zip(names) {
        let out = phone.wait_with_output().expect("chromium ends");
        let dom = String::from_utf8_lossy(&out.stdout);
        let wounded = format!(">{}/{}<", wounds.current, wounds.max);
        assert_followed(&dom, name, &now, &hero, &wounded);
        assert!(
            dom.contains("data-followed=\"1\""),
            "{name}'s page followed one change"
        );
        // Maya's page leads with her hero's card, its wounds first.
        let card = format!(
            "<h2>{hero}</h2><dl><dt>Wounds</dt><dd>{}/{}</dd>",
            wounds.current, wounds.max
        );
        assert_eq!(dom.contains(&card), name == maya.name, "{name}: {card}");
    }
}

/// "the page passes `tidy`"; it renders at a phone's size and a TV's.
#[test]
fn a_players_page_and_a_table_screen_validate_and_render() {
    let o = open();
    let dir = tempfile::tempdir().expect("dir");
    let screen = (o.links.iter())
        .find(|l| matches!(l.target, Target::Party(_)))
        .expect("the party's screen")
        .target;
    let player = (o.links.iter())
        .find(|l| matches!(l.target, Target::Player(_)))
        .expect("a player")
        .target;
    for (target, size) in [(player, "375,812"), (screen, "1920,1080")] {
        let path = path_of(&o.links, target);
        let page = get(&o.table, &path);
        assert_eq!(page.status, 200);
        let file = dir.path().join("page.html");
        std::fs::write(&file, &page.body).expect("written");
        if let Some(verdict) = tidy(&file) {
            assert!(
                verdict.is_ok(),
                "{path} does not validate:\n{}",
                verdict.err().unwrap_or_default()
            );
        }
        let Some(chromium) = tool("chromium") else {
            continue;
        };
        let png = screenshot(chromium, &o.table.url(&path), size, dir.path());
        assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "{size}");
    }
}
