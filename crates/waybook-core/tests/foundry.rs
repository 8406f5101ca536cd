//! Foundry VTT roll tables read for import (issue 38), from small files of
//! our own written as Foundry's RollTable documents are documented: a
//! document with `name`, `formula` and `results`, each result with its
//! `type` (0 or "text", 1 or "document", 2 or "pack"), `text`, `weight` and
//! `range` [low, high], and `collection` or `documentCollection` naming
//! what a document result draws.

use proptest::prelude::*;
use waybook_core::exchange::foundry::{FoundryTable, import_edit, write_with_draws};
use waybook_core::model::{CampaignData, Settings, TableId};

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
    table.use_rows_dice = false;
    assert!(table.dice().is_err(), "without the fix, no dice fit");
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
