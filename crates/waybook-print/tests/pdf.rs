//! PDF tests: sheets are read back with lopdf (page count, page size, the
//! names, values and labels in their text), and their layout is checked to
//! stay inside the printable area even for absurdly long names and inventories.

use waybook_testkit as common;

use common::{demo, page_size as media_box, pdf_text as all_text};
use waybook_core::model::*;
use waybook_print::pdf::{self, MARGIN_PT, Paper, Sheet};

fn character(data: &CampaignData, name: &str) -> CharacterId {
    data.characters
        .values()
        .find(|c| c.name == name)
        .expect("in the demo")
        .id
}

fn read(bytes: &[u8]) -> lopdf::Document {
    lopdf::Document::load_mem(bytes).expect("a PDF lopdf can read")
}

fn render(data: &CampaignData, sheets: &[Sheet], paper: Paper) -> Vec<u8> {
    pdf::render(data, sheets, paper, &mut |_| true).expect("rendered")
}

#[test]
fn a_character_sheet_holds_the_names_values_and_labels() {
    let (_dir, data) = demo();
    let ash = character(&data, "Ash Varnell");
    let doc = read(&render(&data, &[Sheet::Character(ash)], Paper::A4));
    let text = all_text(&doc);
    for expected in [
        "Ash Varnell",
        "Travellers' Companion",
        "Travel rounds",
        "Exploration and travel",
        "Wounds",
        "Toughness",
        "Wild dice",
        "next level at 15 XP",
        "4 XP from 1 mission in the ledger",
        "1 advance owed",
        "Advances by level",
        "Lv 2: +1 Toughness",
        "Longsword",
        "Trail rations",
        "Inventory",
        "Notes",
        "Salt Guild",
    ] {
        assert!(
            text.contains(expected),
            "“{expected}” on the sheet:\n{text}"
        );
    }
    let (w, h) = media_box(&doc);
    assert!(
        (w - 595.28).abs() < 0.5 && (h - 841.89).abs() < 0.5,
        "A4: {w} × {h}"
    );
}

#[test]
fn letter_paper_and_a_switched_off_rule_text() {
    let (_dir, mut data) = demo();
    data.settings.rounds = false;
    let doc = read(&render(
        &data,
        &[Sheet::Character(character(&data, "Brother Ilo"))],
        Paper::Letter,
    ));
    let (w, h) = media_box(&doc);
    assert!(
        (w - 612.0).abs() < 0.5 && (h - 792.0).abs() < 0.5,
        "Letter: {w} × {h}"
    );
    let text = all_text(&doc);
    assert!(text.contains("Brother Ilo"));
    assert!(
        !text.contains("Travel rounds"),
        "the switched-off section is left out"
    );
    assert!(!text.contains("Saboteur"));
}

#[test]
fn the_party_sheet_counts_food_days_and_lists_the_stash() {
    let (_dir, data) = demo();
    let party = data.parties.values().next().expect("party");
    let doc = read(&render(&data, &[Sheet::Party(party.id)], Paper::A4));
    let text = all_text(&doc);
    let food = data.party_totals(party.id).food_units;
    let members = data.members(party.id).count() as i64;
    assert!(text.contains("The Lantern Company"));
    assert!(text.contains(&format!("{food} units in hand")), "{text}");
    assert!(text.contains(&(food / (40 * members)).to_string()));
    assert!(text.contains("Supplies") && text.contains("Days, half"));
    for c in data.members(party.id) {
        assert!(text.contains(&c.name), "{} is listed", c.name);
    }
    assert!(text.contains("Miner's Tool"), "the stash is listed");
}

#[test]
fn the_blank_sheet_has_the_labels_and_no_values() {
    let (_dir, data) = demo();
    let doc = read(&render(&data, &[Sheet::Blank], Paper::A4));
    let text = all_text(&doc);
    assert!(text.contains("Name:") && text.contains("Wounds") && text.contains("Stamina"));
    assert!(!text.contains("Ash Varnell"));
}

#[test]
fn the_whole_roster_is_one_file_with_every_character() {
    let (_dir, data) = demo();
    let doc = read(&render(&data, &pdf::whole_roster(&data), Paper::A4));
    let text = all_text(&doc);
    for c in data.characters.values() {
        assert!(text.contains(&c.name), "{} is in the file", c.name);
    }
    assert!(doc.get_pages().len() >= data.characters.len());
    assert!(
        text.contains("eats 150% of 40 units"),
        "the porter's own food need is printed"
    );
    let animals = data.characters.values().filter(|c| c.is_animal()).count();
    assert_eq!(
        text.matches("% of 40 units").count(),
        1 + animals,
        "the usual need is not; each animal's is its type's"
    );
    assert_eq!(
        text.matches("of 40 units a day (house rule)").count(),
        animals,
        "an animal's food is said as a house rule"
    );
}

fn huge_character(data: &mut CampaignData) -> CharacterId {
    let id = data.next_id::<waybook_core::model::Character>();
    let mut c = Character::new(
        id,
        "Bartholomew ".repeat(26).trim().to_owned(),
        CharacterKind::Hero,
    );
    assert!(c.name.chars().count() >= 300);
    c.companion.powers = (0..40)
        .map(|i| format!("Power number {i} with a long description of what it does"))
        .collect();
    c.notes = "A very long note. ".repeat(200);
    c.rounds.hp = Track {
        current: 150,
        max: 300,
    };
    data.apply(&Change::character(None, Some(&c)));
    let item_ids: Vec<ItemId> = (0..200)
        .map(|i| {
            let item = Item {
                id: data.next_id::<waybook_core::model::Item>(),
                name: format!("Curious trinket {i} of the {}", "far ".repeat(i % 40)),
                category: Category::Other,
                food_units: 0,
                weight: 0.1,
                quality: None,
                material: None,
                tool_kind: None,
                bonus: 0,
                notes: String::new(),
                suggested: false,
                fodder: false,
            };
            data.apply(&Change::Item {
                before: None,
                after: Some(item.clone()),
            });
            item.id
        })
        .collect();
    for item in item_ids {
        let h = Holding::new(
            data.next_id::<waybook_core::model::Holding>(),
            item,
            Holder::Character(id),
            1,
        );
        data.apply(&Change::Holding {
            before: None,
            after: Some(h),
        });
    }
    id
}

#[test]
fn a_huge_character_continues_over_pages_and_never_leaves_the_page() {
    let (_dir, mut data) = demo();
    let id = huge_character(&mut data);
    for paper in [Paper::A4, Paper::Letter] {
        let pages = pdf::pages(&data, &[Sheet::Character(id)], paper).expect("laid out");
        assert!(
            pages.len() > 3,
            "200 items continue over several pages, got {}",
            pages.len()
        );
        let (w, h) = pdf::page_size(paper);
        for (n, page) in pages.iter().enumerate() {
            for [x, y, mw, mh] in &page.marks {
                assert!(
                    *x >= MARGIN_PT - 0.01
                        && *y >= MARGIN_PT - 3.0
                        && x + mw <= w - MARGIN_PT + 0.01
                        && y + mh <= h - MARGIN_PT + 0.01,
                    "page {} mark at ({x}, {y}) size ({mw}, {mh}) leaves the printable area of {w} × {h}",
                    n + 1
                );
            }
        }
    }
    let doc = read(&render(&data, &[Sheet::Character(id)], Paper::A4));
    let text = all_text(&doc);
    assert!(
        text.contains("(continued)"),
        "continuation pages repeat the heading"
    );
    assert!(
        text.contains("Curious trinket 199"),
        "the last item is printed"
    );
}

#[test]
fn cancelling_stops_the_export() {
    let (_dir, data) = demo();
    let sheets = pdf::whole_roster(&data);
    let mut seen = 0;
    let result = pdf::render(&data, &sheets, Paper::A4, &mut |done| {
        seen = done;
        done < 2
    });
    assert_eq!(result, Err(pdf::PdfError::Cancelled));
    assert_eq!(seen, 2);
}

#[test]
fn minus_signs_and_the_rule_symbols_are_real_glyphs() {
    let (_dir, mut data) = demo();
    let id = character(&data, "Pell (porter)");
    let mut pell = data.characters[&id].clone();
    pell.exploration.traits[1].value = -2;
    data.apply(&Change::character(
        Some(&data.characters[&id].clone()),
        Some(&pell),
    ));
    let party = data.parties.values().next().expect("party").id;
    let doc = read(&render(
        &data,
        &[Sheet::Character(id), Sheet::Party(party)],
        Paper::A4,
    ));
    let text = all_text(&doc);
    assert!(
        text.contains("\u{2212}2"),
        "a true minus sign, not a hyphen: {text}"
    );
    assert!(
        text.contains("🜉") && text.contains("🜹"),
        "the symbol font sets the tokens"
    );
}

/// Issue 55: each face is embedded cut down to the glyphs the pages set
/// (a sheet as small as ReportLab's), named as a subset is, and holds a
/// glyph for every character the pages show.
#[test]
fn the_embedded_fonts_hold_only_the_glyphs_the_pages_set() {
    let (_dir, data) = demo();
    let party = data.parties.values().next().expect("party").id;
    let doc = read(&render(&data, &[Sheet::Party(party)], Paper::A4));
    let mut faces = Vec::new();
    for object in doc.objects.values() {
        let Ok(descriptor) = object.as_dict() else {
            continue;
        };
        let Ok(program) = descriptor
            .get(b"FontFile2")
            .and_then(lopdf::Object::as_reference)
        else {
            continue;
        };
        let name = descriptor.get(b"FontName").and_then(lopdf::Object::as_name);
        let name = String::from_utf8_lossy(name.expect("a font name")).into_owned();
        let stream = doc.get_object(program).and_then(lopdf::Object::as_stream);
        let bytes = stream.expect("the font program").decompressed_content();
        let bytes = bytes.expect("a font program that inflates");
        let font = printpdf::ParsedFont::from_bytes(&bytes, 0, &mut Vec::new());
        faces.push((
            name,
            bytes.len(),
            font.expect("a font the subset can be read as"),
        ));
    }
    let names: Vec<&str> = faces.iter().map(|(name, ..)| name.as_str()).collect();
    assert_eq!(
        names.len(),
        2,
        "the text face and the symbols' face (the party sheet's 🜉): {names:?}"
    );
    let whole = waybook_print::assets::TEXT_FONT.len() + waybook_print::assets::SYMBOL_FONT.len();
    for (name, size, font) in &faces {
        let (tag, _) = name.split_once('+').expect("a subset's tag");
        assert!(
            tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()),
            "{name}: six capitals, then a plus"
        );
        assert!(*size * 20 < whole, "{name} is {size} bytes of {whole}");
        assert!(
            font.codepoint_to_glyph.len() < 150,
            "{name} maps {} characters",
            font.codepoint_to_glyph.len()
        );
    }
    let shown = all_text(&doc);
    for c in shown.chars().filter(|c| !c.is_whitespace()) {
        assert!(
            (faces.iter()).any(|(.., font)| font
                .lookup_glyph_index(u32::from(c))
                .is_some_and(|g| g != 0)),
            "no embedded face has a glyph for {c:?}"
        );
    }
}

/// The text of one page (1-based).
fn page_text(doc: &lopdf::Document, page: u32) -> String {
    doc.extract_text(&[page]).expect("text extracts")
}

/// Issue 8: a sheet continues only with content that did not fit. The
/// demo's nine sheets fit a page each: no page holds only a
/// "(continued)" heading and ruled lines.
#[test]
fn no_page_holds_only_a_continued_heading() {
    let (_dir, data) = demo();
    let doc = read(&render(&data, &pdf::whole_roster(&data), Paper::A4));
    assert_eq!(doc.get_pages().len(), 13, "one page per sheet");
    let (_dir, mut data) = demo();
    let long = huge_character(&mut data);
    let doc = read(&render(&data, &[Sheet::Character(long)], Paper::A4));
    let pages = doc.get_pages().len() as u32;
    assert!(pages > 1, "a huge sheet continues");
    every_page_has_content(&doc);
    // Issue 34, 33: the demo's journey packet, nothing played yet, has no
    // page for "Nothing played yet" alone: the figures say it.
    let (_dir, data) = demo();
    let journey = *data.journeys.keys().next().expect("the demo's journey");
    let doc = read(&render(&data, &[Sheet::Journey(journey)], Paper::A4));
    every_page_has_content(&doc);
    let text = all_text(&doc);
    assert!(text.contains("not yet"), "the figures say so");
    assert!(
        !text.contains("Nothing played yet"),
        "no section for nothing"
    );
}

/// Every page after the first holds content of its own, not only a
/// "(continued)" heading, the footer and ruled lines.
fn every_page_has_content(doc: &lopdf::Document) {
    let pages = doc.get_pages().len() as u32;
    for page in 2..=pages {
        let text = page_text(doc, page);
        let content: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| {
                !l.is_empty()
                    && !l.contains("(continued)")
                    && !l.starts_with("Waybook ·")
                    && !l.starts_with("page ")
            })
            .collect();
        assert!(
            !content.is_empty(),
            "page {page} has content of its own: {text:?}"
        );
    }
}

/// Every mark of these pages inside the printable area of `paper`.
fn inside_the_margins(data: &CampaignData, sheets: &[Sheet], paper: Paper) -> usize {
    let pages = pdf::pages(data, sheets, paper).expect("laid out");
    let (w, h) = pdf::page_size(paper);
    for (n, page) in pages.iter().enumerate() {
        for [x, y, mw, mh] in &page.marks {
            assert!(
                *x >= MARGIN_PT - 0.01
                    && *y >= MARGIN_PT - 3.0
                    && x + mw <= w - MARGIN_PT + 0.01
                    && y + mh <= h - MARGIN_PT + 0.01,
                "page {} mark at ({x}, {y}) size ({mw}, {mh}) leaves {w} × {h}",
                n + 1
            );
        }
    }
    pages.len()
}

/// Issue 11: the travel-round worksheet, its blank twin and the travel log.
#[test]
fn the_travel_round_worksheet_the_blank_one_and_the_travel_log() {
    let (_dir, data) = demo();
    let party = data.parties.values().next().expect("the party").id;
    let sheets = [
        Sheet::TravelRound(party),
        Sheet::BlankTravelRound,
        Sheet::TravelLog(party),
    ];
    for paper in [Paper::A4, Paper::Letter] {
        assert_eq!(
            inside_the_margins(&data, &sheets, paper),
            3,
            "one page each"
        );
    }
    let doc = read(&render(&data, &sheets[..1], Paper::A4));
    let text = all_text(&doc);
    for expected in [
        "at Old Mill Crossing",
        "Paths from here",
        "Mill track",
        "Greyspine Foot",
        "Navigation Phase",
        "Sidetracked",
        "Totally Lost",
        "Encounter Phase",
        "Fellow Travelers",
        "Camping Phase",
        "Ash Varnell",
        "Scout",
        "Supplies in hand: 9",
        "Weather: Fog",
    ] {
        assert!(
            text.contains(expected),
            "“{expected}” on the worksheet:\n{text}"
        );
    }
    let blank = all_text(&read(&render(&data, &sheets[1..2], Paper::A4)));
    assert!(blank.contains("Camping Phase") && !blank.contains("Ash Varnell"));
    let log = all_text(&read(&render(&data, &sheets[2..], Paper::A4)));
    for expected in [
        "Fireday 20 Harvestmoon 1203 of the Crossing: Kettleford road toward Old Mill Crossing",
        "Weather (Waybook's suggestion, not the rule texts'): d6 = 2: Fair, a light wind",
        "ambush: d10 = 9",
        "Arrived at Old Mill Crossing",
    ] {
        assert!(log.contains(expected), "“{expected}” in the log:\n{log}");
    }
}

/// Issue 12: the gathering site card and the site's gathering log.
#[test]
fn the_site_card_and_the_gathering_log() {
    let (_dir, data) = demo();
    let site = data.sites.values().next().expect("the demo's meadow").id;
    let sheets = [Sheet::SiteCard(site), Sheet::GatheringLog(site)];
    for paper in [Paper::A4, Paper::Letter] {
        assert_eq!(
            inside_the_margins(&data, &sheets, paper),
            2,
            "one page each"
        );
    }
    let card = all_text(&read(&render(&data, &sheets[..1], Paper::A4)));
    for expected in [
        "Mill meadow",
        "at Old Mill Crossing",
        "Greyspine sage",
        "Abundant",
        "+3",
        "Agility (Nature)",
        "Botanist's Tool",
        "Rich Source",
        "Brother Ilo",
        "Worked out",
    ] {
        assert!(card.contains(expected), "“{expected}” on the card:\n{card}");
    }
    assert!(!card.contains('…'), "no heading or cell cut short:\n{card}");
    let log = all_text(&read(&render(&data, &sheets[1..], Paper::A4)));
    for expected in [
        "Gathering log",
        "Session of day 8, 08:00 · 3 h",
        "Survey",
        "Yields: Brother Ilo: ",
    ] {
        assert!(log.contains(expected), "“{expected}” in the log:\n{log}");
    }
}

/// Issue 13: the Traveller's sheet prints his memories, and no advances.
#[test]
fn the_travellers_sheet_prints_his_memories() {
    let (_dir, data) = demo();
    let traveller = character(&data, "The Traveller");
    let text = all_text(&read(&render(
        &data,
        &[Sheet::Character(traveller)],
        Paper::A4,
    )));
    assert!(text.contains("Memories"), "{text}");
    assert!(text.contains("A lantern burning on a tower that is no longer there."));
    assert!(!text.contains("Advances by level"));
    assert!(text.contains("The Traveller never levels; he remembers"));
}

/// Issue 13: the session recap prints one game night's campaign log.
#[test]
fn the_session_recap_prints_one_nights_log() {
    let (_dir, mut data) = demo();
    let first = data.log.values().next().expect("the demo's log").clone();
    // Issue 22, fault 23: an undone step is not in the recap.
    let mut undone = data.log.values().nth(1).expect("a second entry").clone();
    undone.undone = true;
    undone.why = "A step taken back".to_owned();
    data.apply(&Change::of(data.log.get(&undone.id), Some(&undone)));
    let night = first.night().to_owned();
    // An advance taken that night, logged as the app logs a step.
    let ash = data
        .characters
        .values()
        .find(|c| c.name == "Ash Varnell")
        .expect("Ash")
        .id;
    let advance = waybook_core::heroes::play(
        &data,
        &waybook_core::heroes::HeroStep::Advance {
            character: ash,
            kind: AdvanceKind::Wounds,
            what: String::new(),
        },
        &mut waybook_rules::dice::Dice::scripted(vec![]),
    )
    .expect("Ash owes an advance");
    let advance = waybook_core::model::log::with_rolls(
        &data,
        LogKind::Heroes,
        advance,
        &[],
        first.real.clone(),
    );
    for change in &advance.changes {
        data.apply(change);
    }
    let kept = data
        .log
        .values()
        .filter(|e| e.night() == night && !e.undone)
        .count();
    let sheets = [Sheet::Recap(first.id)];
    // Each die is kept whole with a no-break space: read it as a space.
    let text = all_text(&read(&render(&data, &sheets, Paper::A4))).replace('\u{a0}', " ");
    for expected in [
        "Session recap · 2026-11-27".to_owned(),
        format!("{kept} entries"),
        "Survey for Greyspine sage".to_owned(),
        "Dice: d20: 14".to_owned(),
        "GM's event".to_owned(),
        // What happened, not only the dice: the mission, its XP, the
        // advances, the memories, the wild dice.
        "is closed".to_owned(),
        "Ash Varnell earns ".to_owned(),
        "Ash Varnell takes +1 Wounds at level 3".to_owned(),
        "The Traveller remembers: ".to_owned(),
        "gains a wild die".to_owned(),
        // An attack's result, not only its dice.
        "2 hits, 0 blocked, 2 wounds;".to_owned(),
        "Toll bandit 1 has 0 Wounds, 0 Toughness.".to_owned(),
    ] {
        assert!(text.contains(&expected), "“{expected}” in:\n{text}");
    }
    assert!(
        !text.contains("A step taken back"),
        "the undone step is left out"
    );
    assert!(inside_the_margins(&data, &sheets, Paper::Letter) > 0);
}

/// Issue 22, fault 12: a long travel log never leaves a day's heading at
/// the foot of a page without its first lines (four, or all it has), and
/// the export counts its pages.
#[test]
fn a_long_travel_log_keeps_each_days_heading_with_its_lines() {
    let (_dir, mut data) = demo();
    let party = data.parties.values().next().expect("the party").id;
    let first = data
        .rounds
        .values()
        .next()
        .expect("the demo's round")
        .clone();
    // Day n logs 1 + n % 6 lines under its heading (the first line is the
    // heading itself).
    let lines_of = |day: i64| 1 + (day as usize % 6);
    for n in 2..=40 {
        let mut round = first.clone();
        round.id = TravelRoundId(n);
        round.day = n;
        round.lines.truncate(1 + lines_of(n));
        data.apply(&Change::of(None, Some(&round)));
    }
    let sheets = [Sheet::TravelLog(party)];
    // A day's heading starts with its date ("Fireday 14 Harvestmoon …:").
    let calendar = data.settings.calendar.clone();
    let dated =
        |line: &str| (1..=40).find(|&d| line.starts_with(&format!("{}:", calendar.describe(d))));
    let (bytes, pages) =
        pdf::render_counted(&data, &sheets, Paper::A4, &mut |_| true).expect("rendered");
    let doc = read(&bytes);
    assert!(pages > 1, "a long log runs over pages");
    assert_eq!(doc.get_pages().len(), pages, "the count is the PDF's pages");
    for page in 1..pages as u32 {
        let text = page_text(&doc, page);
        let content: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("Waybook ·") && !l.starts_with("page "))
            .collect();
        let (at, heading) = content
            .iter()
            .enumerate()
            .rev()
            .find(|(_, l)| l.contains(" toward ") && dated(l).is_some())
            .expect("a day on every page");
        let day = dated(heading).expect("a day's date");
        let after = content.len() - at - 1;
        let wanted = if day == 1 { 1 } else { lines_of(day).min(4) };
        assert!(
            after >= wanted,
            "page {page}: day {day}'s heading has {after} of its lines under it, not {wanted}"
        );
    }
}

/// Issue 35, one world: the packet prints each day's food multiplier as
/// the Day by day tab does, weighted by the forecast's chances (the demo
/// trip's days on the Ashen plain), not the likeliest weather's alone.
#[test]
fn the_packet_prints_the_days_food_multiplier_the_plan_shows() {
    let (_dir, data) = demo();
    let trip = (data.journeys.values())
        .find(|j| j.name == "By the river, on the map")
        .expect("the demo's trip");
    let view = waybook_core::plan::plan(&data, trip);
    let weighted = (view.days.iter())
        .find(|d| d.food_factor.fract() != 0.0)
        .expect("a day planned by chance");
    let doc = read(&render(&data, &[Sheet::Journey(trip.id)], Paper::A4));
    let text = all_text(&doc);
    let heading = format!("food ×{}", weighted.food_factor_words());
    assert!(text.contains(&heading), "{heading} in {text}");
    // Issue 35: "The Days tab shows the weather it planned each day with,
    // as fact, as foretold or as chance"; the packet prints the same words.
    let words = weighted.weather_words().expect("the day's weather");
    assert!(words.contains("(chance)"), "{words}");
    let flowing = text.replace('\n', " ");
    assert!(
        flowing.contains(&format!("Weather: {words}")),
        "{words} in {text}"
    );
}

/// Issue 50, item 1: "A played day is reported as played, with what
/// happened". The packet marks the river trip's first day played, with
/// what it took, and its food ledger's row says so.
#[test]
fn the_packet_says_a_played_day_was_played_and_what_it_took() {
    let (_dir, data) = demo();
    let trip = (data.journeys.values())
        .find(|j| j.name == "By the river, on the map")
        .expect("the demo's trip");
    let taken = trip.food_opened.first().expect("day 1 played");
    let doc = read(&render(&data, &[Sheet::Journey(trip.id)], Paper::A4));
    let text = all_text(&doc).replace('\n', " ");
    assert!(text.contains("· played"), "{text}");
    assert!(
        text.contains(&format!(
            "Played: {taken:.0} food units taken from packs and stash"
        )) || text.contains(&format!(
            "Played {taken:.0} food units taken from packs and stash"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("{taken:.0} taken")),
        "the ledger's row"
    );
}

/// Issue 22, fault 10: the gathering log prints what each yield was, in
/// the words of the survey's source ("… units of Rich Copper ore").
#[test]
fn the_gathering_log_names_the_material_of_each_yield() {
    let (_dir, data) = demo();
    let session = data.sessions.values().next().expect("the demo's session");
    let site = session.site.and_then(|id| data.sites.get(&id));
    let material = (session.material_of(&session.tests[0], site)).expect("a material");
    let units: u32 = session.yields(site).iter().map(|y| y.units).sum();
    assert!(units > 1, "the demo gathered more than one unit");
    let site = site.expect("the meadow");
    let sheet = pdf::render(
        &data,
        &[Sheet::GatheringLog(site.id)],
        Paper::A4,
        &mut |_| true,
    )
    .expect("a PDF");
    let text = all_text(&lopdf::Document::load_mem(&sheet).expect("readable"));
    assert!(
        text.contains(&format!("units of Rich {material}")),
        "the yields say what was gathered: {text}"
    );
}

/// The PDF's text with every run of white space (a wrapped line's break
/// too) as one space: words set on two lines are read whole.
fn flowing(doc: &lopdf::Document) -> String {
    all_text(doc)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Issue 50, 31: nothing printed is cut short with "…": a label too wide
/// for its box ("Animal Handling" on the sheet) is set smaller, and a
/// packet's cell too long for its column (the On watch hours) wraps; both
/// are read back whole.
#[test]
fn no_label_or_cell_is_cut_short() {
    let (_dir, data) = demo();
    let ash = character(&data, "Ash Varnell");
    let trip = data.journeys.values().find(|j| j.name == "To Emberfall");
    let trip = trip.expect("the demo's journey");
    let sheets = [Sheet::Character(ash), Sheet::Journey(trip.id)];
    let text = flowing(&read(&render(&data, &sheets, Paper::A4)));
    assert!(!text.contains('…'), "nothing cut short: {text}");
    for skill in ["Animal Handling", "Investigation", "Acrobatics"] {
        assert!(text.contains(skill), "“{skill}” whole on the sheet");
    }
    let view = waybook_core::plan::plan(&data, trip);
    let watches: Vec<String> = (view.days.iter())
        .flat_map(|d| d.characters.iter().map(|c| c.watch_hours(d)))
        .collect();
    assert!(
        watches.iter().any(|w| w.len() > 12),
        "a watch of two spells: {watches:?}"
    );
    for watch in &watches {
        assert!(
            text.contains(watch.as_str()),
            "“{watch}” whole in the packet"
        );
    }
    assert!(inside_the_margins(&data, &sheets, Paper::A4) >= 2);
}

/// Issue 54: "Sheets and the party sheet list the animals and vehicles
/// with their loads and food": the Watch's sheet gives Old Tam and the
/// cart he draws, each load against its house rule, and the party's
/// whole load; a person is in the members' table, an animal is not.
#[test]
fn the_party_sheet_lists_its_animals_and_vehicles() {
    let (_dir, data) = demo();
    let watch = (data.parties.values())
        .find(|p| p.name == "The Kettleford Watch")
        .expect("the Watch");
    let doc = read(&render(&data, &[Sheet::Party(watch.id)], Paper::A4));
    let text = all_text(&doc);
    assert!(text.contains("Animals and vehicles (house rules)"));
    assert!(text.contains("Old Tam") && text.contains("Draught ox"));
    assert!(text.contains("drawn by Old Tam"));
    let load = waybook_core::model::load::PartyLoad::of(&data, watch.id);
    assert!(
        text.contains(&load.words()),
        "the party's load: {}",
        load.words()
    );
    assert!(text.contains("300% of 40"), "the ox's food: its type's");
    assert!(text.contains("grazing animals find 120 on the land (house rule)"));
}
