//! Handouts keep the GM's secrets: a unique marker is planted in every text
//! the GM writes (and in every record players never see), every player's
//! handout is made in both formats, and no marker a player may not see is
//! in their PDF's text or their HTML, while every marker shared with them
//! is. The HTML is then opened in a real browser (headless Chromium) and
//! its markup validated (tidy), where CI installs them.

mod common;

use std::collections::BTreeMap;
use waybook::handouts::{self, Format, Request};
use waybook::model::players_view::players;
use waybook::model::{
    CalendarEvent, CampaignData, Character, CharacterId, CharacterKind, EventId, Place, PlaceId,
    Recurrence, Visibility,
};
use waybook::pdf::Paper;

/// Who may find a marker.
#[derive(Debug, Clone, PartialEq)]
enum Rule {
    Nobody,
    Everyone,
    Only(String),
}

#[derive(Default)]
struct Plant {
    markers: Vec<(String, Rule)>,
}

impl Plant {
    fn mark(&mut self, rule: Rule) -> String {
        let marker = format!("QZX{:04}", self.markers.len());
        self.markers.push((marker.clone(), rule));
        marker
    }

    /// A marker seen as `shown` says, by the rule: the GM only, the
    /// party (every player), or the players named.
    fn shown(&mut self, shown: &Visibility) -> String {
        self.mark(match shown {
            Visibility::Gm => Rule::Nobody,
            Visibility::Party => Rule::Everyone,
            Visibility::Players(names) => Rule::Only(names[0].clone()),
        })
    }
}

/// GM only, the party, Maya alone, in turn.
fn cycle(i: usize) -> Visibility {
    [
        Visibility::Gm,
        Visibility::Party,
        Visibility::Players(vec!["Maya".to_owned()]),
    ][i % 3]
        .clone()
}

/// The demo with a marker in every text: those of records players may see
/// by the visibility given, the rest kept from everyone.
fn planted() -> (tempfile::TempDir, CampaignData, Plant) {
    let (dir, mut data) = common::demo();
    let mut plant = Plant::default();
    texts_with_visibility(&mut data, &mut plant);
    log_and_journeys(&mut data, &mut plant);
    never_shown(&mut data, &mut plant);
    (dir, data, plant)
}

fn texts_with_visibility(data: &mut CampaignData, plant: &mut Plant) {
    for (i, c) in data.characters.values_mut().enumerate() {
        c.notes_shown = cycle(i);
        c.notes = plant.shown(&c.notes_shown);
    }
    for (i, p) in data.places.values_mut().enumerate() {
        p.shown = cycle(i);
        p.notes = plant.shown(&p.shown);
    }
    for (i, p) in data.paths.values_mut().enumerate() {
        p.shown = cycle(i + 1);
        p.notes = plant.shown(&p.shown);
    }
    for (i, s) in data.sites.values_mut().enumerate() {
        s.shown = cycle(i + 2);
        s.notes = plant.shown(&s.shown);
        s.name = plant.shown(&s.shown);
    }
    for (i, m) in data.missions.values_mut().enumerate() {
        m.shown = cycle(i + 1);
        m.name = plant.shown(&m.shown);
        m.lines.push(plant.shown(&m.shown));
    }
    // The calendar's own events fall on days nobody lived: secret whatever
    // they say. Three more fall today, one of each visibility.
    for e in data.events.values_mut() {
        e.name = plant.mark(Rule::Nobody);
        e.notes = plant.mark(Rule::Nobody);
    }
    let today = data.settings.clock.day;
    for i in 0..3 {
        let id = EventId(900 + i as i64);
        let shown = cycle(i);
        let event = CalendarEvent {
            id,
            name: plant.shown(&shown),
            notes: plant.shown(&shown),
            when: Recurrence::Once { day: today },
            shown,
        };
        data.events.insert(id, event);
    }
    // Two places off every path: one told of, one not.
    for (i, shown) in [Visibility::Party, Visibility::Gm].into_iter().enumerate() {
        let id = PlaceId(900 + i as i64);
        let name = plant.shown(&shown);
        let mut place = data.places.values().next().expect("a place").clone();
        (place.id, place.name, place.notes, place.shown) = (id, name, String::new(), shown);
        data.places.insert(
            id,
            Place {
                x: 50.0 * i as f64,
                ..place
            },
        );
    }
    // Someone outside every party.
    let mut stranger = Character::new(
        CharacterId(900),
        plant.mark(Rule::Nobody),
        CharacterKind::Ally,
    );
    stranger.notes = plant.mark(Rule::Nobody);
    stranger.player = "Maya".to_owned();
    data.characters.insert(stranger.id, stranger);
}

fn log_and_journeys(data: &mut CampaignData, plant: &mut Plant) {
    let party = *data.parties.keys().next().expect("a party");
    // The days the party lived begin with its first travel round.
    let lived = (data.rounds.values())
        .filter(|r| r.party == party)
        .map(|r| r.day)
        .min()
        .expect("a round");
    let today = data.settings.clock.day;
    for (i, e) in data.log.values_mut().enumerate() {
        e.shown = cycle(i);
        e.working_shown = i % 2 == 0;
        let seen = (lived..=today).contains(&e.at.day) && !e.undone;
        let rule_shown = if seen {
            e.shown.clone()
        } else {
            Visibility::Gm
        };
        e.why = plant.shown(&rule_shown);
        e.said.insert(0, plant.shown(&rule_shown));
        let dice_shown = if e.working_shown {
            rule_shown
        } else {
            Visibility::Gm
        };
        e.rolled = plant.shown(&dice_shown);
    }
    for (i, j) in data.journeys.values_mut().enumerate() {
        j.plan.shown = cycle(i + 1);
        j.name = plant.shown(&j.plan.shown);
        let leg = plant.shown(&j.plan.shown);
        if let Some(first) = j
            .plan
            .routes
            .get_mut(j.plan.chosen)
            .and_then(|r| r.legs.first_mut())
        {
            first.name = leg;
        }
    }
}

/// What is the GM's whatever they mark: the party's notes, the items'
/// notes, the tables, the regions' notes, the wares, the scenes, the cults,
/// the travel rounds' lines, tomorrow's weather and the dice of past days'.
fn never_shown(data: &mut CampaignData, plant: &mut Plant) {
    for p in data.parties.values_mut() {
        p.notes = plant.mark(Rule::Nobody);
    }
    for i in data.items.values_mut() {
        i.notes = plant.mark(Rule::Nobody);
    }
    for t in data.tables.values_mut() {
        t.name = plant.mark(Rule::Nobody);
        for row in &mut t.rows {
            row.result = plant.mark(Rule::Nobody);
        }
    }
    for r in data.regions.values_mut() {
        r.notes = plant.mark(Rule::Nobody);
    }
    for w in data.wares.values_mut() {
        w.name = plant.mark(Rule::Nobody);
    }
    for s in data.scenes.values_mut() {
        s.name = plant.mark(Rule::Nobody);
    }
    for c in data.cults.values_mut() {
        c.god = plant.mark(Rule::Nobody);
    }
    for r in data.rounds.values_mut() {
        r.lines.push(plant.mark(Rule::Nobody));
    }
    let today = data.settings.clock.day;
    for w in data.weather.values_mut() {
        w.rolled = plant.mark(Rule::Nobody);
        if w.day > today {
            w.weather = plant.mark(Rule::Nobody);
        }
    }
}

/// Each player's handout text in `format`: the PDF's text, or the HTML.
fn handout_texts(
    data: &CampaignData,
    format: Format,
    out: &std::path::Path,
) -> BTreeMap<String, String> {
    let request = Request {
        players: Vec::new(),
        format,
        paper: Paper::A4,
        overwrite: false,
    };
    let written = handouts::make(data, None, &request, out).expect("handouts made");
    let mut texts = BTreeMap::new();
    for player in players(data) {
        let path = handouts::target(out, &player, format);
        assert!(written.contains(&path), "{player}'s handout is written");
        let text = match format {
            Format::Pdf => common::pdf_text(&lopdf::Document::load(&path).expect("a PDF")),
            Format::Html => std::fs::read_to_string(&path).expect("the page"),
        };
        texts.insert(player, text);
    }
    texts
}

/// "A test plants a unique marker in every GM-only field of a campaign,
/// makes every handout in both formats, and finds 0 markers in the PDFs'
/// text and the HTML, while every shared marker is found."
#[test]
fn no_handout_shows_a_secret_and_every_shared_text_is_there() {
    let (dir, data, plant) = planted();
    assert_eq!(players(&data), ["Jo", "Maya", "Priya", "Tomás"]);
    for format in [Format::Pdf, Format::Html] {
        let out = dir.path().join(format.as_str());
        let texts = handout_texts(&data, format, &out);
        let (mut leaked, mut missing) = (Vec::new(), Vec::new());
        for (player, text) in &texts {
            for (marker, rule) in &plant.markers {
                let may = match rule {
                    Rule::Nobody => false,
                    Rule::Everyone => true,
                    Rule::Only(p) => p == player,
                };
                match (may, text.contains(marker.as_str())) {
                    (false, true) => leaked.push(format!("{player}: {marker} ({rule:?})")),
                    (true, false) => missing.push(format!("{player}: {marker}")),
                    _ => {}
                }
            }
        }
        assert_eq!(leaked, Vec::<String>::new(), "{format:?}: secrets shown");
        assert_eq!(
            missing,
            Vec::<String>::new(),
            "{format:?}: shared texts missing"
        );
    }
    let shared = plant
        .markers
        .iter()
        .filter(|(_, r)| *r != Rule::Nobody)
        .count();
    let secret = plant.markers.len() - shared;
    assert!(
        shared > 40 && secret > 80,
        "{shared} shared and {secret} secret markers planted"
    );
}

/// "never over existing files unless --overwrite"
#[test]
fn handouts_refuse_to_write_over_a_file_and_name_it() {
    let (dir, data) = common::demo();
    let out = dir.path().join("out");
    let mut request = Request {
        players: vec!["Maya".to_owned()],
        format: Format::Pdf,
        paper: Paper::A4,
        overwrite: false,
    };
    let first = handouts::make(&data, None, &request, &out).expect("made");
    let before = std::fs::read(&first[0]).expect("written");
    std::fs::write(&first[0], b"the player's own notes").expect("changed");
    let refused = handouts::make(&data, None, &request, &out).expect_err("refused");
    assert!(
        refused.to_string().contains("Maya.pdf is already there"),
        "{refused}"
    );
    assert_eq!(
        std::fs::read(&first[0]).expect("kept"),
        b"the player's own notes"
    );
    request.overwrite = true;
    handouts::make(&data, None, &request, &out).expect("written over");
    let again = std::fs::read(&first[0]).expect("new");
    assert!(again.starts_with(b"%PDF") && before.starts_with(b"%PDF"));
    request.players = vec!["Nobody".to_owned()];
    let unknown = handouts::make(&data, None, &request, &out).expect_err("no such player");
    assert_eq!(
        unknown.to_string(),
        "no character in a party has a player named “Nobody”"
    );
}

/// A tool CI installs (`.ci/run`): required there, skipped with a word
/// elsewhere.
fn tool(name: &str) -> Option<&str> {
    let found = std::process::Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have {name} (.ci/run installs it)"
        );
        eprintln!("{name} is not installed: skipping its check");
    }
    found.then_some(name)
}

/// "headless Chromium renders each page to a PDF or screenshot without
/// errors, and the page has the party's and each character's name; the
/// markup validates"
#[test]
fn each_html_handout_renders_in_a_browser_and_validates() {
    let (dir, data) = common::demo();
    let out = dir.path().join("html");
    let texts = handout_texts(&data, Format::Html, &out);
    for player in texts.keys() {
        let page = handouts::target(&out, player, Format::Html);
        if let Some(tidy) = tool("tidy") {
            let check = std::process::Command::new(tidy)
                .args(["-q", "-e"])
                .arg(&page)
                .output()
                .expect("tidy runs");
            assert!(
                check.status.success(),
                "{player}'s page does not validate:\n{}",
                String::from_utf8_lossy(&check.stderr)
            );
        }
        let Some(chromium) = tool("chromium") else {
            continue;
        };
        let shot = dir.path().join(format!("{player}.png"));
        let render = std::process::Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--window-size=1000,1400",
            ])
            .arg(format!("--screenshot={}", shot.display()))
            .arg(format!("file://{}", page.display()))
            .output()
            .expect("chromium runs");
        assert!(
            render.status.success(),
            "chromium failed on {player}'s page"
        );
        let png = std::fs::read(&shot).expect("a screenshot");
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 10_000,
            "{player}'s screenshot"
        );
        let dom = std::process::Command::new(chromium)
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
            .arg(format!("file://{}", page.display()))
            .output()
            .expect("chromium runs");
        let dom = String::from_utf8_lossy(&dom.stdout);
        assert!(
            dom.contains("The Lantern Company"),
            "{player}'s page names the party"
        );
        for c in data.characters.values().filter(|c| c.party.is_some()) {
            assert!(dom.contains(&c.name), "{player}'s page names {}", c.name);
        }
    }
}
