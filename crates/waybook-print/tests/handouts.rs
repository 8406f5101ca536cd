//! Handouts keep the GM's secrets: a unique marker is planted in every text
//! the GM writes (and in every record players never see), every player's
//! handout is made in both formats, and no marker a player may not see is
//! in their PDF's text or their HTML, while every marker shared with them
//! is. The HTML is then opened in a real browser (headless Chromium) and
//! its markup validated (tidy), where CI installs them.

use waybook_testkit as common;

use common::secrets::{RIN, Rule, Who, planted};
use std::collections::BTreeMap;
use waybook_core::exchange::players_view::{Audience, players};
use waybook_core::model::{CampaignData, PlayerId};
use waybook_print::handouts::{self, Format, Request};
use waybook_print::pdf::Paper;

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
            Who::of(&data, &audience)
        })
        .collect();
    for format in [Format::Pdf, Format::Html] {
        let out = dir.path().join(format.as_str());
        let texts = handout_texts(&data, format, &out);
        let (mut leaked, mut missing) = (Vec::new(), Vec::new());
        for who in &readers {
            let text = &texts[&who.player];
            let name = &data.players[&who.player].name;
            // Issue 53: "Handouts ... use each party's own date."
            let today = data.settings.when(who.present);
            if format == Format::Html {
                assert!(text.contains(&today), "{name}'s handout is dated {today}");
            }
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
        if let Some(verdict) = waybook_testkit::browser::tidy(&page) {
            assert!(
                verdict.is_ok(),
                "{player}'s page does not validate:\n{}",
                verdict.err().unwrap_or_default()
            );
        }
        let Some(chromium) = waybook_testkit::tool("chromium") else {
            continue;
        };
        let url = format!("file://{}", page.display());
        let png = waybook_testkit::browser::screenshot(chromium, &url, "1000,1400", dir.path());
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
        let company = data.characters.values().find_map(|c| c.party);
        for c in data.characters.values().filter(|c| c.party == company) {
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
    assert!(
        html.contains("Greyspine sage (abundant): rich source"),
        "its outcome is not"
    );
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
    let company = data.characters.values().find_map(|c| c.party);
    let route = (data.journeys.values())
        .find(|j| Some(j.party) == company)
        .and_then(|j| j.route())
        .expect("a route");
    assert!(html.contains(&format!("By {}", route.name)));
    // Issue 54: "the handouts ... show the players their mounts and what
    // they carry".
    assert!(html.contains("Animals and vehicles (house rules)"));
    assert!(html.contains("ridden by Marta the Guide"));
    assert!(
        html.contains("16 of 90 kg carried (house rule)"),
        "a mule's load"
    );
}

/// Issue 52: the page is written by a template engine that escapes every
/// value: a hero named as markup, notes with a tag and a quote, and a
/// control character in a place's name are shown as text, never as markup,
/// and the control character is dropped.
#[test]
fn names_and_notes_that_look_like_markup_are_shown_as_text() {
    let (dir, mut data) = common::demo();
    let maya = data.player_named("Maya").expect("Maya").id;
    let hero = data
        .characters
        .values_mut()
        .find(|c| c.player == Some(maya))
        .expect("Maya's hero");
    hero.name = "<script>alert(\"x\")</script> & Co".to_owned();
    hero.notes = "Keeps a <b>secret</b> map\nand \"quotes\"".to_owned();
    let party = hero.party.expect("Maya's hero's party");
    let here = data.parties[&party]
        .travel
        .place
        .expect("where the party is");
    data.places.get_mut(&here).expect("the place").name = "Ford\u{1}of <i>Ash</i>".to_owned();
    let out = dir.path().join("escaped");
    let html = handout_texts(&data, Format::Html, &out)
        .remove(&maya)
        .expect("Maya's page");
    assert!(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co"));
    assert!(!html.contains("<script"), "no script reaches the page");
    assert!(html.contains("Keeps a &lt;b&gt;secret&lt;/b&gt; map<br>and &quot;quotes&quot;"));
    assert!(!html.contains("<b>") && !html.contains("<i>"));
    assert!(!html.contains('\u{1}'), "the control character is dropped");
    assert!(
        html.contains("Fordof &lt;i&gt;Ash&lt;/i&gt;"),
        "where the party is"
    );
}

/// The demo with its journey To Emberfall (the Kettleford Watch's, whose
/// Hobb the Carter Sam plays here) played to the destination (its tests on
/// the march and in the heat, its meals and hungry days logged as the app
/// logs a step), and the GM keeping every roll's dice back.
fn played_with_dice_kept_back() -> (tempfile::TempDir, waybook_core::model::CampaignData) {
    use waybook_core::model::{Change, LogKind, Player, log};
    use waybook_core::plan::play::{Until, advance};
    let (dir, mut data) = common::demo();
    let sam = Player::new(data.next_id::<Player>(), "Sam");
    data.apply(&Change::of(None, Some(&sam)));
    let hobb = (data.characters.values())
        .find(|c| c.name == "Hobb the Carter")
        .expect("Hobb")
        .clone();
    let played = waybook_core::model::Character {
        player: Some(sam.id),
        ..hobb.clone()
    };
    data.apply(&Change::character(Some(&hobb), Some(&played)));
    let trip = (data.journeys.values())
        .find(|j| j.name == "To Emberfall")
        .expect("the demo's journey")
        .clone();
    let mut dice = waybook_rules::dice::Dice::seeded(50);
    let edit = advance(&data, &trip, Until::Destination, &mut dice).expect("played");
    let tape = dice.take_tape();
    let edit = log::with_rolls(
        &data,
        LogKind::Travel,
        edit,
        &tape,
        "2026-12-06 20:00".into(),
    );
    for change in &edit.changes {
        data.apply(change);
    }
    // Shared with the party, as the demo's travel rounds are.
    let shared = (data.log.values())
        .find(|e| e.why == "Encounter phase")
        .map(|e| e.shown.clone())
        .expect("the demo's encounter");
    for e in data.log.values_mut() {
        e.working_shown = false;
        if e.why.starts_with("Play to the destination") {
            e.shown = shared.clone();
        }
    }
    assert!(
        data.log
            .values()
            .any(|e| e.said.iter().any(|l| l.contains("heat: d20"))),
        "a test in the heat was played"
    );
    (dir, data)
}

/// Issue 50, 30: the players' chronicle reads as a GM would tell it: no
/// roll's name and outcome in the engine's words ("encounter: benign",
/// "Sefa Qorrin divine: success"), no figure said unchanged ("injuries 0 →
/// 0"), a run of hours without tests said once, not an hour a line, and no
/// totals of dice the GM keeps back ("totals 19, 16, 14", from which the
/// dice are worked back by taking off the bonus).
#[test]
fn the_players_chronicle_reads_as_a_gm_tells_it() {
    use waybook_core::exchange::handout::Handout;
    let (_dir, data) = played_with_dice_kept_back();
    // The GM's own log keeps the working, and says quiet hours and the
    // night's healing as briefly.
    let gm: Vec<&String> = data.log.values().flat_map(|e| &e.said).collect();
    assert!(gm.iter().any(|l| l.contains("march: d20 = ")));
    assert!(gm.iter().any(|l| l.contains("(totals 19, 16, 14)")));
    assert!(
        gm.iter()
            .any(|l| l.ends_with("13:00 to 23:00 · off the road, no tests"))
    );
    assert!(gm.iter().any(|l| *l == "Brother Ilo: HP 10 → 11."));
    // Maya's chronicle has the company's travel round, Sam's the Watch's
    // journey.
    let days: Vec<_> = ["Maya", "Sam"]
        .iter()
        .flat_map(|name| {
            let player = data.player_named(name).expect("a player").id;
            Handout::of(&data, player, None)
                .expect("their handout")
                .chronicle()
        })
        .collect();
    let lines: Vec<&String> = days.iter().flat_map(|b| b.lines.iter()).collect();
    let text = lines
        .iter()
        .map(|l| l.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    for engine in [
        "encounter: ",
        "benign: ",
        "ambush: ",
        " divine: ",
        " watch: ",
        "totals ",
        "effective difficulty",
        "holds: kept",
        " · cold: ",
        " · march: ",
        " · heat: ",
        " = ",
        " vs ",
        ": survey: ",
        ": gather: ",
    ] {
        assert!(!text.contains(engine), "“{engine}” in:\n{text}");
    }
    // Nothing said unchanged: "HP 10 → 11" says a change, "MP 8 → 8" none.
    for line in &lines {
        for (before, after) in line.split(", ").filter_map(|part| part.split_once(" → ")) {
            let number =
                |s: &str| -> String { s.chars().take_while(char::is_ascii_digit).collect() };
            let from = before.rsplit(' ').next().map(number).unwrap_or_default();
            assert_ne!(from, number(after), "said unchanged: {line}");
        }
    }
    // No two lines in a row are hours without tests of one kind (on the
    // road, or off it).
    fn quiet(line: &str) -> Option<&str> {
        line.strip_suffix("no tests")?.rsplit(" · ").next()
    }
    for pair in lines.windows(2) {
        assert!(
            quiet(pair[0]).is_none() || quiet(pair[0]) != quiet(pair[1]),
            "hours without tests said an hour a line:\n{}\n{}",
            pair[0],
            pair[1]
        );
    }
    for told in [
        "A benign encounter on the road.",
        "Sefa Qorrin's Divine succeeds.",
        "Ødric Hale's Watch succeeds.",
        "The night passes quietly.",
        "Brother Ilo: HP 10 → 11.",
        "Day 7, 13:00 to 23:00 · off the road, no tests",
        "3 tests at TG 10, none failed",
        "The party knows the way: it keeps to the path without a roll.",
        "Greyspine pass: the weather holds: Rain on the scree",
        "Wren Tallis fails a test against the heat, +1 exhaustion",
        "Hobb the Carter passes a test of the march",
        // An animal is tested as anyone (issue 54).
        "Old Tam fails a test of the march, +1 exhaustion",
        "Old Tam eats 60 of 120 units (half)",
    ] {
        assert!(text.contains(told), "“{told}” in:\n{text}");
    }
}
