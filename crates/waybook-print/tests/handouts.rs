//! Handouts keep the GM's secrets: a unique marker is planted in every text
//! the GM writes (and in every record players never see), every player's
//! handout is made in both formats, and no marker a player may not see is
//! in their PDF's text or their HTML, while every marker shared with them
//! is. The HTML is then opened in a real browser (headless Chromium) and
//! its markup validated (tidy), where CI installs them.

use waybook_testkit as common;

use std::collections::{BTreeMap, BTreeSet};
use waybook_core::exchange::players_view::{Audience, entry_owners, first_day_lived, players};
use waybook_core::model::{
    CalendarEvent, CampaignData, Character, CharacterId, CharacterKind, EventId, Party, PartyId,
    Place, PlaceId, Player, PlayerId, Recurrence, Visibility,
};
use waybook_print::handouts::{self, Format, Request};
use waybook_print::pdf::Paper;

/// Who may find a marker.
#[derive(Debug, Clone, PartialEq)]
enum Rule {
    Nobody,
    /// The players of these parties.
    Parties(Vec<PartyId>),
    /// These players.
    Players(Vec<PlayerId>),
    /// The rule, for the players of this party alone (a member's notes).
    Within(PartyId, Box<Rule>),
    /// The rule, for a player whose parties lived this day of the log.
    OnDay(i64, Box<Rule>),
}

/// A reader of handouts: a player, their parties, the first day they lived.
struct Who {
    player: PlayerId,
    parties: BTreeSet<PartyId>,
    lived: Option<i64>,
}

impl Rule {
    fn may(&self, who: &Who) -> bool {
        match self {
            Rule::Nobody => false,
            Rule::Parties(ps) => ps.iter().any(|p| who.parties.contains(p)),
            Rule::Players(ids) => ids.contains(&who.player),
            Rule::Within(party, rule) => who.parties.contains(party) && rule.may(who),
            Rule::OnDay(day, rule) => who.lived.is_none_or(|l| *day >= l) && rule.may(who),
        }
    }
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

    /// A marker of a text of the parties `owners` seen as `shown` says, by
    /// the rule: the GM only; the party it belongs to (nobody, for
    /// a text of no party); the players named.
    fn shown(&mut self, shown: &Visibility, owners: &[PartyId]) -> String {
        self.mark(rule(shown, owners))
    }
}

fn rule(shown: &Visibility, owners: &[PartyId]) -> Rule {
    match shown {
        Visibility::Gm => Rule::Nobody,
        Visibility::Party if owners.is_empty() => Rule::Nobody,
        Visibility::Party => Rule::Parties(owners.to_vec()),
        Visibility::Players(ids) => Rule::Players(ids.clone()),
    }
}

/// The second party's one player, who never travelled with the company.
const RIN: PlayerId = PlayerId(900);
const SOLO: PartyId = PartyId(900);

/// GM only, the party, Maya alone, Rin alone, in turn.
fn cycle(data: &CampaignData, i: usize) -> Visibility {
    let maya = data.player_named("Maya").expect("Maya plays").id;
    [
        Visibility::Gm,
        Visibility::Party,
        Visibility::Players(vec![maya]),
        Visibility::Players(vec![RIN]),
    ][i % 4]
        .clone()
}

/// The demo with a second party, "The Solo Road" (Rin's Wren, who never
/// travelled), and a marker in every text: those of records players may
/// see by the visibility given, the rest kept from everyone.
fn planted() -> (tempfile::TempDir, CampaignData, Plant) {
    let (dir, mut data) = common::demo();
    let mut plant = Plant::default();
    data.players.insert(RIN, Player::new(RIN, "Rin"));
    data.parties.insert(SOLO, Party::new(SOLO, "The Solo Road"));
    let mut wren = Character::new(CharacterId(901), "Wren", CharacterKind::Hero);
    (wren.party, wren.player) = (Some(SOLO), Some(RIN));
    data.characters.insert(wren.id, wren);
    texts_with_visibility(&mut data, &mut plant);
    log_and_journeys(&mut data, &mut plant);
    never_shown(&mut data, &mut plant);
    (dir, data, plant)
}

fn texts_with_visibility(data: &mut CampaignData, plant: &mut Plant) {
    let shown: Vec<Visibility> = (0..4).map(|i| cycle(data, i)).collect();
    let cycle = |i: usize| shown[i % 4].clone();
    for (i, c) in data.characters.values_mut().enumerate() {
        c.notes_shown = cycle(i);
        let owners: Vec<PartyId> = c.party.into_iter().collect();
        c.notes = plant.mark(match c.party {
            Some(p) => Rule::Within(p, Box::new(rule(&c.notes_shown, &owners))),
            None => Rule::Nobody,
        });
    }
    for (i, p) in data.places.values_mut().enumerate() {
        p.shown = cycle(i);
        p.notes = plant.shown(&p.shown, &[]);
    }
    for (i, p) in data.paths.values_mut().enumerate() {
        p.shown = cycle(i + 1);
        p.notes = plant.shown(&p.shown, &[]);
    }
    for (i, s) in data.sites.values_mut().enumerate() {
        s.shown = cycle(i + 2);
        s.notes = plant.shown(&s.shown, &[]);
        s.name = plant.shown(&s.shown, &[]);
    }
    for (i, m) in data.missions.values_mut().enumerate() {
        m.shown = cycle(i + 1);
        let owners: Vec<PartyId> = m.party.into_iter().collect();
        m.name = plant.shown(&m.shown, &owners);
        m.lines.push(plant.shown(&m.shown, &owners));
    }
    // The calendar's own events, kept to the GM. Four more fall today and
    // four in three days (a handout lists what is coming), one of each
    // visibility.
    for e in data.events.values_mut() {
        e.shown = Visibility::Gm;
        e.name = plant.mark(Rule::Nobody);
        e.notes = plant.mark(Rule::Nobody);
    }
    let today = data.settings.clock.day;
    for (i, day) in (0..8).map(|i| (i, today + 3 * (i as i64 / 4))) {
        let id = EventId(900 + i as i64);
        let shown = cycle(i);
        let event = CalendarEvent {
            id,
            name: plant.shown(&shown, &[]),
            notes: plant.shown(&shown, &[]),
            when: Recurrence::Once { day },
            shown,
        };
        data.events.insert(id, event);
    }
    // Places off every path: told of "the party" (which a place has not:
    // nobody), of Rin, and of nobody.
    for (i, shown) in [cycle(1), cycle(3), cycle(0)].into_iter().enumerate() {
        let id = PlaceId(900 + i as i64);
        let name = plant.shown(&shown, &[]);
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
    // Someone outside every party, though Maya plays them.
    let mut stranger = Character::new(
        CharacterId(900),
        plant.mark(Rule::Nobody),
        CharacterKind::Ally,
    );
    stranger.notes = plant.mark(Rule::Nobody);
    stranger.player = data.player_named("Maya").map(|p| p.id);
    data.characters.insert(stranger.id, stranger);
}

fn log_and_journeys(data: &mut CampaignData, plant: &mut Plant) {
    let shown: Vec<Visibility> = (0..4).map(|i| cycle(data, i)).collect();
    let today = data.settings.clock.day;
    // One of the Solo Road's own, shared with its party.
    let mut solo = data.log.values().next().expect("an entry").clone();
    solo.id = waybook_core::model::LogId(900_000);
    (solo.parties, solo.characters) = (vec![SOLO], vec![CharacterId(901)]);
    data.log.insert(solo.id, solo);
    let owners: BTreeMap<_, _> = (data.log.values())
        .map(|e| (e.id, entry_owners(data, e)))
        .collect();
    for (i, e) in data.log.values_mut().enumerate() {
        e.shown = if e.parties == [SOLO] {
            Visibility::Party
        } else {
            shown[i % 4].clone()
        };
        e.working_shown = i % 2 == 0;
        let seen = e.at.day <= today && !e.undone;
        let when = |rule: Rule| {
            if seen {
                Rule::OnDay(e.at.day, Box::new(rule))
            } else {
                Rule::Nobody
            }
        };
        let words = when(rule(&e.shown, &owners[&e.id]));
        e.why = plant.mark(words.clone());
        e.said.insert(0, plant.mark(words.clone()));
        e.rolled = plant.mark(if e.working_shown { words } else { Rule::Nobody });
    }
    for (i, j) in data.journeys.values_mut().enumerate() {
        j.plan.shown = shown[(i + 1) % 4].clone();
        let rule = Rule::Within(j.party, Box::new(rule(&j.plan.shown, &[j.party])));
        j.name = plant.mark(rule.clone());
        let leg = plant.mark(rule);
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

/// Each player's handout text in `format`, by player: the PDF's text, or
/// the HTML.
fn handout_texts(
    data: &CampaignData,
    format: Format,
    out: &std::path::Path,
) -> BTreeMap<PlayerId, String> {
    let request = Request {
        players: Vec::new(),
        format,
        paper: Paper::A4,
        overwrite: false,
    };
    let written = handouts::make(data, None, &request, out).expect("handouts made");
    let mut texts = BTreeMap::new();
    for player in players(data) {
        let path = handouts::target(out, &player.name, format);
        assert!(
            written.contains(&path),
            "{}'s handout is written",
            player.name
        );
        let text = match format {
            Format::Pdf => common::pdf_text(&lopdf::Document::load(&path).expect("a PDF")),
            Format::Html => std::fs::read_to_string(&path).expect("the page"),
        };
        texts.insert(player.id, text);
    }
    texts
}

/// "A test plants a unique marker in every GM-only field of a campaign,
/// makes every handout in both formats, and finds 0 markers in the PDFs'
/// text and the HTML, while every shared marker is found." Issue 34, 4:
/// with two parties, "the party" reaches only the players of the party a
/// text belongs to: Rin, of the Solo Road, sees none of the company's.
#[test]
fn no_handout_shows_a_secret_and_every_shared_text_is_there() {
    let (dir, data, plant) = planted();
    let names: Vec<&str> = players(&data).iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Jo", "Maya", "Priya", "Rin", "Tomás"]);
    let readers: Vec<Who> = players(&data)
        .iter()
        .map(|p| {
            let audience = Audience::of(&data, p.id).expect("a player of a party");
            Who {
                player: p.id,
                lived: first_day_lived(&data, &audience),
                parties: audience.parties,
            }
        })
        .collect();
    for format in [Format::Pdf, Format::Html] {
        let out = dir.path().join(format.as_str());
        let texts = handout_texts(&data, format, &out);
        let (mut leaked, mut missing) = (Vec::new(), Vec::new());
        for who in &readers {
            let text = &texts[&who.player];
            let name = &data.players[&who.player].name;
            for (marker, rule) in &plant.markers {
                match (rule.may(who), text.contains(marker.as_str())) {
                    (false, true) => leaked.push(format!("{name}: {marker} ({rule:?})")),
                    (true, false) => missing.push(format!("{name}: {marker} ({rule:?})")),
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
    let rin = &readers.iter().find(|w| w.player == RIN).expect("Rin");
    let theirs = plant.markers.iter().filter(|(_, r)| r.may(rin)).count();
    assert!(theirs > 3, "Rin sees what is shared with them: {theirs}");
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
    for id in texts.keys() {
        let player = &data.players[id].name;
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

/// Issue 34, 26 to 29: a handout in words a player reads. A step whose dice
/// the GM keeps back has none in its words either; Waybook's marks for its
/// own suggestions stay out; the sheet says what the printed sheet says
/// (level, next level, advances owed, senses); no symbol the page has no
/// font for; an event shared ahead is listed as coming; the journey's
/// route is named.
#[test]
fn a_handout_reads_in_players_words() {
    let (dir, data) = common::demo();
    let out = dir.path().join("words");
    let texts = handout_texts(&data, Format::Html, &out);
    let maya = data.player_named("Maya").expect("Maya").id;
    let html = &texts[&maya];
    let survey = data
        .log
        .values()
        .find(|e| e.why.starts_with("Survey"))
        .expect("the demo's survey");
    assert!(!survey.working_shown && !survey.shown.is_gm_only());
    assert!(
        !html.contains("d20 = 14"),
        "the survey's dice are kept back"
    );
    assert!(html.contains("survey: rich source"), "its outcome is not");
    assert!(
        !html.contains("not the rule texts"),
        "Waybook's marks stay out"
    );
    assert!(!html.contains('\u{1F709}') && !html.contains('\u{1F739}'));
    assert!(html.contains("Exploration tokens"));
    for words in ["next level at", "advance owed", "Senses"] {
        assert!(html.contains(words), "the sheet says {words}");
    }
    assert!(html.contains("<h2>Coming</h2>"));
    assert!(
        html.contains("Harvest fair at Kettleford"),
        "the fair is coming"
    );
    let route = data
        .journeys
        .values()
        .next()
        .and_then(|j| j.route())
        .expect("a route");
    assert!(html.contains(&format!("By {}", route.name)));
}
