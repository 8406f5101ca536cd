//! Foundry VTT roll tables read for import (issue 38), from small files of
//! our own written as Foundry's RollTable documents are documented: a
//! document with `name`, `formula` and `results`, each result with its
//! `type` (0 or "text", 1 or "document", 2 or "pack"), `text`, `weight` and
//! `range` [low, high], and `collection` or `documentCollection` naming
//! what a document result draws.

use proptest::prelude::*;
use waybook_core::exchange::foundry::{FoundryTable, NOTHING, import_edit, write_with_draws};
use waybook_core::model::{CampaignData, Settings, TableId};
use waybook_rules::dice::Dice;
use waybook_testkit::foundry;

/// Foundry's older shape: a result's type as a number.
const OMENS: &str = r#"{
  "name": "Omens", "formula": "1d4", "replacement": true, "displayRoll": true,
  "results": [
    {"_id": "a1", "type": 0, "text": "A crow, alone.", "weight": 1, "range": [1, 1], "drawn": false},
    {"_id": "a2", "type": 0, "text": "Rain from a clear sky.", "weight": 2, "range": [2, 3], "drawn": false},
    {"_id": "a3", "type": 1, "text": "Portents", "collection": "RollTable", "resultId": "zz", "weight": 1, "range": [4, 4]}
  ]
}"#;

/// Foundry's newer shape: a result's type as a word, markup in the text.
const PORTENTS: &str = r#"{
  "name": "Portents", "formula": "1d2",
  "results": [
    {"type": "text", "text": "<p>You are &amp;Reference[Frightened] for [[/r 1d4]] rounds.</p>", "weight": 1, "range": [1, 1]},
    {"type": "text", "text": "You cast @UUID[Compendium.dnd5e.spells.Item.x1]{Bane}; it falls [[/r 1d4 * 10]] feet.", "weight": 1, "range": [2, 2]}
  ]
}"#;

fn empty() -> CampaignData {
    CampaignData::new(Settings::new("Tables"))
}

fn read(text: &str) -> FoundryTable {
    FoundryTable::read("t.json", text).expect("a Foundry table")
}

#[test]
fn a_table_in_either_shape_keeps_its_name_formula_and_ranges() {
    let omens = read(OMENS);
    assert_eq!(omens.name, "Omens");
    assert_eq!(omens.formula, "1d4");
    let ranges: Vec<(i64, i64)> = omens.rows.iter().map(|r| (r.from, r.to)).collect();
    assert_eq!(ranges, vec![(1, 1), (2, 3), (4, 4)]);
    assert_eq!(omens.rows[1].text, "Rain from a clear sky.");
    assert_eq!(omens.rows[2].draws.as_deref(), Some("Portents"));
    assert_eq!(omens.formula_problem(), None);
}

/// "@UUID[…]{Label}" as "Label", inline rolls as Waybook dice where they
/// can be, HTML as text.
#[test]
fn foundry_markup_is_read_as_a_gm_reads_it() {
    let portents = read(PORTENTS);
    assert_eq!(
        portents.rows[0].text,
        "You are Frightened for {1d4} rounds."
    );
    assert_eq!(
        portents.rows[1].text,
        "You cast Bane; it falls 1d4 × 10 feet."
    );
}

/// A result that draws another table rolls it when both are imported.
#[test]
fn tables_imported_together_draw_each_other_by_name() {
    let data = empty();
    let tables = [read(OMENS), read(PORTENTS)];
    assert!(tables[0].missing_draws(&tables, &data).is_empty());
    let edit = import_edit(&tables, &data).expect("both import");
    let mut after = data.clone();
    for change in &edit.changes {
        after.apply(change);
    }
    assert_eq!(after.tables.len(), 2);
    let omens = (after.tables.values())
        .find(|t| t.name == "Omens")
        .expect("imported");
    assert_eq!(omens.rows[2].result, "{roll: Portents}");
    assert_eq!(omens.check_in(&after), Ok(()));
}

/// A draw of a table not imported is said, and kept as text so the table
/// still rolls.
#[test]
fn a_draw_of_a_missing_table_is_said_and_kept_as_text() {
    let data = empty();
    let tables = [read(OMENS)];
    assert_eq!(tables[0].missing_draws(&tables, &data), vec!["Portents"]);
    let table = tables[0]
        .table(TableId(1), &|_| None)
        .expect("still a table");
    assert_eq!(table.rows[2].result, "Portents (a table not imported)");
    assert!(table.rollable().is_ok());
}

/// A formula that disagrees with the rows is said, and the rows' dice
/// offered: "1d101" over results 1 to 100 is read as d100.
#[test]
fn a_formula_that_disagrees_with_the_rows_is_said_and_fixed() {
    let results: Vec<String> = (1..=100)
        .map(|n| format!(r#"{{"type": 0, "text": "Complication {n}", "range": [{n}, {n}]}}"#))
        .collect();
    let text = format!(
        r#"{{"name": "Complications", "formula": "1d101", "results": [{}]}}"#,
        results.join(",")
    );
    let mut table = read(&text);
    assert_eq!(
        table.formula_problem().as_deref(),
        Some("its formula 1d101 rolls 1 to 101, but its results cover 1 to 100")
    );
    assert_eq!(table.dice().map(|d| d.to_string()), Ok("d100".to_owned()));
    // Without the fix, Foundry's formula is kept, and 101, which no result
    // covers, draws nothing (issue 50, 21: "a gap draws nothing").
    table.use_rows_dice = false;
    assert_eq!(table.dice().map(|d| d.to_string()), Ok("1d101".to_owned()));
    let kept = table.table(TableId(1), &|_| None).expect("a table");
    let last = kept.rows.last().expect("rows");
    assert_eq!(
        (last.from, last.to, last.result.as_str()),
        (101, 101, NOTHING)
    );
    // A formula that cannot reach every result cannot be kept.
    table.formula = "1d50".into();
    assert!(
        table.dice().is_err(),
        "without the fix, 51 to 100 are never drawn"
    );
}

/// JSON a strict parser refuses but the tool wrote: a raw tab inside a
/// string.
#[test]
fn raw_tabs_inside_strings_are_read() {
    let text = "{\"name\": \"Visions\", \"formula\": \"1d2\", \"results\": [\
        {\"type\": 0, \"text\": \"A door\tthat was not there.\", \"range\": [1, 1]},\
        {\"type\": 0, \"text\": \"Nothing.\", \"range\": [2, 2]}]}";
    assert!(serde_json::from_str::<serde_json::Value>(text).is_err());
    let table = read(text);
    assert_eq!(table.rows[0].text, "A door that was not there.");
}

#[test]
fn a_bad_file_is_refused_with_the_field_named() {
    let missing = r#"{"name": "X", "formula": "1d2", "results": [
        {"type": 0, "text": "a", "range": [1, 1]}, {"type": 0, "text": "b"}]}"#;
    let e = FoundryTable::read("x.json", missing).expect_err("no range");
    assert!(
        e.to_string()
            .starts_with("x.json is not a Foundry roll table: results[1]"),
        "{e}"
    );
    let backwards = r#"{"name": "X", "results": [{"type": 0, "text": "a", "range": [3, 1]}]}"#;
    let e = FoundryTable::read("x.json", backwards).expect_err("backwards");
    assert!(e.to_string().contains("results[0].range: [3, 1]"), "{e}");
    let e = FoundryTable::read("x.json", "[1, 2]").expect_err("not a table");
    assert!(
        e.to_string().contains("x.json is not a Foundry roll table"),
        "{e}"
    );
    let e = FoundryTable::read("x.json", r#"{"name": "X", "results": []}"#).expect_err("empty");
    assert!(
        e.to_string().ends_with("results: the table has no results"),
        "{e}"
    );
}

#[test]
fn a_name_the_campaign_has_is_refused_and_nothing_is_made() {
    let data = empty();
    let edit = import_edit(&[read(PORTENTS)], &data).expect("imports");
    let mut after = data.clone();
    for change in &edit.changes {
        after.apply(change);
    }
    let again = import_edit(&[read(PORTENTS)], &after).expect_err("a clash");
    assert_eq!(again, vec!["t.json: a table is already called Portents"]);
}

proptest! {
    #![proptest_config(waybook_testkit::fuzz_config(200))]

    /// Whatever a file holds (cut short, bytes changed, control
    /// characters, huge numbers, deep nesting), reading it answers a table
    /// or an error, and a table it answers can be made or is refused.
    #[test]
    fn any_file_is_read_or_refused(
        cut in 0usize..OMENS.len(),
        at in 0usize..OMENS.len(),
        byte in prop::sample::select(vec![b'\t', 0u8, b'{', b'[', b'"', b'9', b'-', b'}', 0x1f]),
        depth in 0usize..200,
    ) {
        let mut bytes = OMENS.as_bytes().to_vec();
        bytes[at] = byte;
        let changed = String::from_utf8_lossy(&bytes).into_owned();
        let nested = format!("{}{}{}", "[".repeat(depth), OMENS, "]".repeat(depth));
        let huge = OMENS.replace("[2, 3]", "[2, 99999999999999999999]");
        for text in [&OMENS[..cut], changed.as_str(), nested.as_str(), huge.as_str()] {
            if let Ok(table) = FoundryTable::read("f.json", text) {
                let made = table.table(TableId(1), &|_| None);
                if let Ok(made) = made {
                    prop_assert!(made.rollable().is_ok());
                }
            }
        }
    }
}

/// Out and in again: a table and the table it draws go out as Foundry's
/// JSON, each its own file with the fields Foundry's carry, and come back
/// the same tables.
#[test]
fn tables_go_out_as_foundry_json_and_come_back_the_same() {
    let data = empty();
    let mut first = data.clone();
    for change in &import_edit(&[read(OMENS), read(PORTENTS)], &data)
        .expect("imports")
        .changes
    {
        first.apply(change);
    }
    let omens = first.table_named("Omens").expect("imported");
    let files = write_with_draws(omens, &first);
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, vec!["Omens.json", "Portents.json"]);
    let json: serde_json::Value = serde_json::from_str(&files[0].1).expect("JSON");
    assert_eq!(json["formula"], "1d4");
    assert_eq!(json["results"][1]["range"], serde_json::json!([2, 3]));
    assert_eq!(json["results"][1]["weight"], 2);
    assert_eq!(json["results"][1]["type"], "text");
    assert_eq!(json["results"][2]["type"], "document");
    assert_eq!(json["results"][2]["documentCollection"], "RollTable");
    assert_eq!(json["results"][2]["text"], "Portents");
    let portents: serde_json::Value = serde_json::from_str(&files[1].1).expect("JSON");
    assert_eq!(
        portents["results"][0]["text"],
        "You are Frightened for [[/r 1d4]] rounds."
    );
    let back: Vec<FoundryTable> = files
        .iter()
        .map(|(name, text)| FoundryTable::read(name, text).expect("reads back"))
        .collect();
    let mut second = data.clone();
    for change in &import_edit(&back, &data).expect("imports again").changes {
        second.apply(change);
    }
    for name in ["Omens", "Portents"] {
        let (a, b) = (first.table_named(name), second.table_named(name));
        let (a, b) = (a.expect("first"), b.expect("second"));
        assert_eq!((&a.dice, &a.rows), (&b.dice, &b.rows), "{name}");
    }
}

fn imported(tables: &[FoundryTable]) -> CampaignData {
    let mut data = empty();
    for change in &import_edit(tables, &data).expect("imports").changes {
        data.apply(change);
    }
    data
}

fn results(data: &CampaignData, name: &str) -> Vec<(i32, i32, String)> {
    let table = data.table_named(name).expect("imported");
    (table.rows.iter())
        .map(|r| (r.from, r.to, r.result.clone()))
        .collect()
}

/// Issue 50, 19: a v13 result of type "document" whose `documentUuid`
/// names a RollTable rolls the table of that id when it comes in with it
/// (even when the result says another name), and the two go out together;
/// a uuid naming an item is text.
#[test]
fn a_v13_draw_by_uuid_rolls_the_table_that_came_in_with_it() {
    let tables = [read(foundry::LINEAGES), read(foundry::ELVES)];
    assert!(tables[0].missing_draws(&tables, &empty()).is_empty());
    let data = imported(&tables);
    assert_eq!(
        results(&data, "Lineages"),
        [
            (1, 1, "Human".to_owned()),
            (2, 2, "Elf, Wood".to_owned()),
            (3, 3, "{roll: Elves}".to_owned())
        ]
    );
    let lineages = data.table_named("Lineages").expect("imported");
    assert_eq!(lineages.check_in(&data), Ok(()));
    let files = write_with_draws(lineages, &data);
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Lineages.json", "Elves.json"]);
    // Alone, its draw is said and kept as text.
    let alone = [read(foundry::LINEAGES)];
    assert_eq!(alone[0].missing_draws(&alone, &empty()), ["Elven Lineage"]);
    assert_eq!(
        results(&imported(&alone), "Lineages")[2].2,
        "Elven Lineage (a table not imported)"
    );
}

/// Issue 50, 21: as Foundry draws them (RollTable#roll draws every result
/// whose range holds the total): formula "1" draws its three results at
/// once, one row on d1; two results on 1 make one row; a draw of a table
/// that did not come in stays text and is said.
#[test]
fn results_on_the_same_roll_are_drawn_together_as_foundry_draws_them() {
    let tables = [read(foundry::LANGUAGES), read(foundry::TONGUES)];
    let data = imported(&tables);
    let languages = data.table_named("Languages").expect("imported");
    assert_eq!(languages.dice.as_str(), "d1");
    assert_eq!(
        results(&data, "Languages"),
        [(
            1,
            1,
            "Common · {roll: Tongues} · {roll: Tongues}".to_owned()
        )]
    );
    let mut dice = Dice::scripted(vec![1, 1, 4]);
    let roll = languages.roll_in(&data, &mut dice).expect("rolled");
    assert_eq!(roll.result, "Common · Dwarvish · Giant");
    let confused = [read(foundry::CONFUSED)];
    assert_eq!(
        results(&imported(&confused), "Confused")[0],
        (
            1,
            1,
            "Wander off. · Directions (a table not imported)".to_owned()
        )
    );
    assert_eq!(
        confused[0].notes(&confused, &empty()),
        [
            "2 results on 1 are drawn together, as Foundry draws them",
            "draws the table “Directions”, which did not come in: kept as text (add its file to draw it)"
        ]
    );
    assert_eq!(
        tables[0].notes(&tables, &empty()),
        [
            "its formula “1” always gives 1: its 3 results are drawn together, as Foundry draws them, one row on d1"
        ]
    );
}

/// Issue 50, 21: "a gap draws nothing": a total no result covers is a
/// row that says so, unwritten when the table goes out to Foundry again,
/// and ranges that overlap in part are cut where they meet.
#[test]
fn a_gap_draws_nothing() {
    let loot = [read(foundry::LOOT)];
    let data = imported(&loot);
    let again = NOTHING.to_owned();
    assert_eq!(
        results(&data, "Loot"),
        [
            (1, 1, "Abacus".to_owned()),
            (2, 2, "Barrel".to_owned()),
            (3, 3, again.clone()),
            (4, 5, "Candle".to_owned()),
            (6, 6, again),
            (7, 8, "Dice".to_owned())
        ]
    );
    assert_eq!(
        loot[0].notes(&loot, &empty()),
        [
            "no result covers 3 or 6: a roll of them draws nothing (its rows there say “(nothing: no result on this total)”)"
        ]
    );
    let out = write_with_draws(data.table_named("Loot").expect("imported"), &data);
    let back = FoundryTable::read("Loot.json", &out[0].1).expect("reads back");
    let ranges: Vec<(i64, i64)> = back.rows.iter().map(|r| (r.from, r.to)).collect();
    assert_eq!(ranges, [(1, 1), (2, 2), (4, 5), (7, 8)], "gaps again");
    let overlapping = read(
        r#"{"name": "Weather", "formula": "1d8", "results": [
        {"type": 0, "text": "Wind", "range": [1, 5]}, {"type": 0, "text": "Rain", "range": [3, 8]}]}"#,
    );
    assert_eq!(
        results(&imported(&[overlapping]), "Weather"),
        [
            (1, 2, "Wind".to_owned()),
            (3, 5, "Wind · Rain".to_owned()),
            (6, 8, "Rain".to_owned())
        ]
    );
}

/// A Foundry table of `count` results, one a total, on 1d`count`.
fn surges(count: usize) -> String {
    let results: Vec<String> = (1..=count)
        .map(|n| format!(r#"{{"type": 0, "text": "Surge {n}", "range": [{n}, {n}]}}"#))
        .collect();
    format!(
        r#"{{"name": "Surges", "formula": "1d{count}", "results": [{}]}}"#,
        results.join(",")
    )
}

/// Issue 50, 20: a valid table of 10,000 results, 1d10000, comes in whole;
/// a bigger one is refused as too big, in those words.
#[test]
fn a_table_of_ten_thousand_results_comes_in_whole() {
    let data = imported(&[read(&surges(10_000))]);
    let table = data.table_named("Surges").expect("imported");
    assert_eq!(table.dice.as_str(), "1d10000");
    assert_eq!(table.rows.len(), 10_000);
    assert_eq!(table.rows[9_999].result, "Surge 10000");
    let e = FoundryTable::read("big.json", &surges(10_001)).expect_err("too big");
    assert_eq!(
        e.to_string(),
        "big.json is not a Foundry roll table: results[10000].range: [10001, 10001]: the table is too big for Waybook, whose tables roll totals from -10000 to 10000"
    );
}
