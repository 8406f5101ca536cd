//! The table's worker following a campaign's file (issue 51): it builds
//! only the pages someone follows, a link's first request waiting for its
//! page (and answered 200, never the wait page once the table is open);
//! after a change it builds again only the followed pages the change
//! touches, the others keeping their revision; a page shows the
//! chronicle's latest days, the older ones on pages of their own; and a
//! page stays the same size however long the chronicle or however many
//! heroes, each list bounded.

use crate::common::get;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};
use waybook_core::model::{
    CampaignData, Change, Character, CharacterId, CharacterKind, ClockTime, Edit, LogEntry, LogId,
    LogKind, Party, PartyId, Player, PlayerId, Visibility,
};
use waybook_core::session::Session;
use waybook_core::store::Campaign;
use waybook_core::store::Written;
use waybook_table::links::{self, Link, Target};
use waybook_table::pages::{self, Part, RECENT_DAYS};
use waybook_table::server::Table;

const SOLO: PartyId = PartyId(900);
const RIN: PlayerId = PlayerId(900);
const WREN: CharacterId = CharacterId(901);

/// The demo in a file, with a second party (Rin's Wren on The Solo Road),
/// its table open on loopback, a worker following the file.
struct Followed {
    _dir: tempfile::TempDir,
    file: std::path::PathBuf,
    campaign: Campaign,
    links: Vec<Link>,
    table: Table,
}

fn followed() -> Followed {
    followed_told(None)
}

/// [`followed`], its worker told the edits `told` of.
fn followed_told(told: Option<Receiver<Written>>) -> Followed {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("d.waybook");
    let mut campaign = waybook_core::demo::create_demo(&path).expect("the demo");
    let mut wren = Character::new(WREN, "Wren", CharacterKind::Hero);
    (wren.party, wren.player) = (Some(SOLO), Some(RIN));
    let edit = Edit::new(
        "a second party",
        vec![
            Change::of(None, Some(&Player::new(RIN, "Rin"))),
            Change::of(
                None,
                Some(&Party::new(SOLO, "The Solo Road", ClockTime::START)),
            ),
            Change::character(None, Some(&wren)),
        ],
    );
    campaign.apply(&edit).expect("added");
    let data = campaign.load().expect("loads");
    let links = links::open(&mut campaign, &data).expect("links");
    let table = Table::open(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0)).expect("open");
    let reader = Campaign::open_following(&path).expect("follows");
    let publisher = table.publisher();
    std::thread::spawn(move || waybook_table::follow::follow(&reader, &publisher, told));
    until(|| table.revision() > 0, "the first read");
    Followed {
        _dir: dir,
        file: path,
        campaign,
        links,
        table,
    }
}

/// Waits up to ten seconds for `done`.
fn until(done: impl Fn() -> bool, what: &str) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(10), "{what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

impl Followed {
    fn path(&self, target: Target) -> String {
        crate::common::path_of(&self.links, target)
    }

    fn token(&self, target: Target) -> String {
        self.path(target).trim_start_matches("/p/").to_owned()
    }

    /// The revision of `target`'s page as built, if it is.
    fn built(&self, target: Target) -> Option<u64> {
        let pages = self.table.publisher().pages();
        pages
            .page(&self.token(target), Part::Now)
            .map(|p| p.revision)
    }

    fn maya(&self) -> Target {
        (self.links.iter())
            .find(|l| l.name == "Maya")
            .expect("Maya's link")
            .target
    }

    /// `change` written to the file as another program would.
    fn apply(&mut self, why: &str, change: Change) {
        let edit = Edit::new(why, vec![change]);
        self.campaign.apply(&edit).expect("written");
    }
}

#[test]
fn only_the_pages_asked_for_are_built_and_a_first_request_waits_for_its_page() {
    let f = followed();
    assert!(f.table.publisher().pages().built.is_empty(), "none built");
    let page = get(&f.table, &f.path(f.maya()));
    assert_eq!(page.status, 200, "the first request waits, then 200");
    assert!(String::from_utf8_lossy(&page.body).contains("Maya's handout"));
    let built: Vec<(String, Part)> = (f.table.publisher().pages().built.keys())
        .cloned()
        .collect();
    assert_eq!(built, vec![(f.token(f.maya()), Part::Now)], "Maya's alone");
    // The demo's chronicle fits on the page: no older days.
    let older = format!("{}/older/1", f.path(f.maya()));
    assert_eq!(get(&f.table, &older).status, 404);
    // Forty days on, each with an entry shared with the party: the older
    // ones on a page of their own, built when asked for.
    let mut f = f;
    let data = f.campaign.load().expect("loads");
    let lantern = (data.parties.values())
        .find(|p| p.name == "The Lantern Company")
        .expect("the party")
        .id;
    let today = data.settings.clock.day;
    let mut changes: Vec<Change> = (today + 1..=today + 40)
        .map(|day| Change::of(None, Some(&camp(&data, day, lantern))))
        .collect();
    let day_hours = data.settings.day_hours;
    let moved = waybook_testkit::everyone_moved(&data, |t| t.plus(40 * day_hours, day_hours));
    changes.extend(moved.changes);
    f.campaign
        .apply(&Edit::new("forty days", changes))
        .expect("written");
    let start = Instant::now();
    let mut page = get(&f.table, &older);
    while page.status == 404 && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
        page = get(&f.table, &older);
    }
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("<h1>Older days: day "));
}

#[test]
fn a_change_builds_again_only_the_followed_pages_it_touches() {
    let mut f = followed();
    let (maya, rin) = (f.maya(), Target::Player(RIN));
    for target in [maya, rin] {
        assert_eq!(get(&f.table, &f.path(target)).status, 200);
    }
    let first = f.built(maya).expect("built");
    assert_eq!(f.built(rin), Some(first));
    // Wren is wounded: Rin's page moves, Maya's keeps its revision.
    let data = f.campaign.load().expect("loads");
    let before = data.characters[&WREN].clone();
    let mut after = before.clone();
    after.companion.wounds.current -= 1;
    f.apply("a wound", Change::character(Some(&before), Some(&after)));
    until(|| f.built(rin) > Some(first), "Rin's page built again");
    assert_eq!(f.built(maya), Some(first), "Maya's untouched");
    // A GM's roll naming nobody: the campaign moves, no page.
    let revision = f.table.revision();
    let roll = LogEntry::new(
        &data,
        LogKind::Dice,
        "The GM's roll",
        "d6: 4".to_owned(),
        Vec::new(),
        "2026-12-01 20:00".to_owned(),
    );
    f.apply("a roll", Change::of(None, Some(&roll)));
    until(|| f.table.revision() > revision, "the roll read");
    let (maya_now, rin_now) = (f.built(maya), f.built(rin));
    assert_eq!(maya_now, Some(first));
    assert!(rin_now > Some(first) && rin_now < Some(f.table.revision()));
    // The clock moves: every followed page.
    let day_hours = data.settings.day_hours;
    let moved = waybook_testkit::everyone_moved(&data, |t| t.plus(2, day_hours));
    f.campaign.apply(&moved).expect("written");
    until(
        || f.built(maya) > maya_now && f.built(rin) > rin_now,
        "both pages built again",
    );
}

/// The window tells the worker each edit it makes, and the worker applies
/// it to what it read instead of reading the whole campaign again: the
/// pages show it as they would after a whole read, and only the pages it
/// touches are built again. An edit of another program between two of the
/// window's is not missed: the file's count of edits shows the gap.
#[test]
fn the_windows_edits_told_reach_their_pages_and_another_programs_are_not_missed() {
    let (tell, told) = std::sync::mpsc::channel();
    let mut f = followed_told(Some(told));
    let mut window = Session::new(Campaign::open(&f.file).expect("opens")).expect("reads");
    window.tell_written(tell);
    let (maya, rin) = (f.maya(), Target::Player(RIN));
    for target in [maya, rin] {
        assert_eq!(get(&f.table, &f.path(target)).status, 200);
    }
    let first = f.built(maya).expect("built");
    let rename = |window: &mut Session, name: &str| {
        let before = window.data.characters[&WREN].clone();
        let mut after = before.clone();
        after.name = name.to_owned();
        let edit = Edit::new(
            "a name",
            vec![Change::character(Some(&before), Some(&after))],
        );
        window.apply(edit).expect("renamed");
    };
    let rin_shows = |f: &Followed, text: &str| {
        String::from_utf8_lossy(&get(&f.table, &f.path(rin)).body).contains(text)
    };
    rename(&mut window, "Wren the Bold");
    f.table.publisher().nudge();
    until(
        || rin_shows(&f, "Wren the Bold"),
        "Rin's page shows the window's edit",
    );
    assert_eq!(f.built(maya), Some(first), "Maya's page untouched");
    // Another program renames the party between two of the window's edits.
    let data = f.campaign.load().expect("loads");
    let before = data.parties[&SOLO].clone();
    let mut after = before.clone();
    after.name = "The Lonely Road".to_owned();
    f.apply("a party's name", Change::of(Some(&before), Some(&after)));
    rename(&mut window, "Wren Twice-Named");
    f.table.publisher().nudge();
    until(
        || rin_shows(&f, "Wren Twice-Named") && rin_shows(&f, "The Lonely Road"),
        "Rin's page shows both programs' edits",
    );
    assert_eq!(f.built(maya), Some(first), "Maya's page still untouched");
}

/// The entry of the camp of `day`, at 20:00, shared with `party`.
fn camp(data: &CampaignData, day: i64, party: PartyId) -> LogEntry {
    let mut e = LogEntry::new(
        data,
        LogKind::Dice,
        &format!("Camp of day {day}"),
        String::new(),
        Vec::new(),
        "2026-12-01 20:00".to_owned(),
    );
    (e.id, e.at) = (LogId(50_000 + day), ClockTime { day, hour: 20 });
    (e.shown, e.parties) = (Visibility::Party, vec![party]);
    e
}

/// The demo's Lantern Company with `days` days of entries shared with the
/// party, one a day, and `heroes` more heroes of Maya's in it.
fn grown(days: i64, heroes: i64) -> waybook_core::exchange::handout::Handout {
    let (_dir, mut data) = waybook_testkit::demo();
    let lantern = (data.parties.values())
        .find(|p| p.name == "The Lantern Company")
        .expect("the party")
        .id;
    let maya = (data.players.values())
        .find(|p| p.name == "Maya")
        .expect("Maya")
        .id;
    for day in 0..days {
        let e = camp(&data, day, lantern);
        data.log.insert(e.id, e);
    }
    let latest = data.settings.clock.max(ClockTime { day: days, hour: 8 });
    waybook_testkit::everyone_at(&mut data, latest);
    for n in 0..heroes {
        let mut c = Character::new(
            CharacterId(60_000 + n),
            format!("Hero {n}"),
            CharacterKind::Hero,
        );
        (c.party, c.player) = (Some(lantern), Some(maya));
        data.characters.insert(c.id, c);
    }
    let audience = waybook_core::exchange::players_view::Audience::of(&data, maya).expect("Maya");
    waybook_core::exchange::handout::Handout::for_audience(
        &waybook_core::exchange::players_view::Index::of(&data),
        audience,
        None,
    )
}

#[test]
fn a_page_shows_the_latest_days_and_the_older_ones_come_thirty_a_page() {
    let mut h = grown(100, 0);
    let days = h.days.clone();
    assert!(days.len() > RECENT_DAYS + 60, "{} days", days.len());
    let now = pages::render(&mut h, "t", Part::Now).expect("the page");
    let shown = |page: &str| page.matches("<h3>Day ").count();
    assert_eq!(shown(&now), RECENT_DAYS);
    let last = days[days.len() - 1];
    assert!(now.contains(&format!("<h3>Day {last} ·")), "the latest day");
    let older = &days[days.len() - RECENT_DAYS - 30..days.len() - RECENT_DAYS];
    assert!(now.contains(&format!(
        "<a href=\"/p/t/older/1\">Older days: day {} to day {}</a>",
        older[0], older[29]
    )));
    let first = pages::render(&mut h, "t", Part::Older(1)).expect("older days");
    assert_eq!(shown(&first), 30);
    assert!(first.contains("<a href=\"/p/t/older/2\">"));
    assert!(first.contains("<a href=\"/p/t\">Back to the page</a>"));
    let pages_of_older = (days.len() - RECENT_DAYS).div_ceil(30) as u32;
    let oldest = pages::render(&mut h, "t", Part::Older(pages_of_older)).expect("the oldest");
    assert!(oldest.contains(&format!("<h3>Day {} ·", days[0])));
    assert!(!oldest.contains("/older/"), "no page older");
    assert_eq!(
        pages::render(&mut h, "t", Part::Older(pages_of_older + 1)),
        None
    );
    assert_eq!(h.days, days, "the handout's days kept");
}

#[test]
fn a_page_stays_the_same_size_however_long_the_chronicle_or_many_the_heroes() {
    let size = |days: i64, heroes: i64| {
        let mut h = grown(days, heroes);
        pages::render(&mut h, "t", Part::Now)
            .expect("the page")
            .len()
    };
    let (short, long) = (size(60, 0), size(1_000, 0));
    assert!(long < short + short / 50, "{short} bytes, then {long}");
    let (some, many) = (size(10, 100), size(10, 1_000));
    assert!(many < some + some / 50, "{some} bytes, then {many}");
    assert!(many < 400_000, "{many} bytes");
}
