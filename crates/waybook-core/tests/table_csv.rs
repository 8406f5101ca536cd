//! Roll tables from a spreadsheet's CSV (issues 25 and 38): a file of
//! several columns of results makes a table of each column chosen, named
//! after it; a "-" cell is no entry in its column, whose dice are then the
//! ones its own rows cover; quoted cells keep their commas.

use waybook_core::exchange::table_csv::TableImport;
use waybook_core::model::{CampaignData, Settings};

const TERRAIN: &str =
    "Die,Clear,City\n1,Men,Men\n2,Flyer,Undead\n3,\"Dragon, Black\",-\n4,Giant,-\n";

fn imported(import: &TableImport) -> CampaignData {
    let mut data = CampaignData::new(Settings::new("Tables"));
    let edit = import.edit(&data).expect("imports");
    for change in &edit.changes {
        data.apply(change);
    }
    data
}

#[test]
fn each_column_chosen_is_a_table_named_after_it_with_its_own_dice() {
    let mut import = TableImport::read("terrain.csv", "terrain", TERRAIN).expect("read");
    assert_eq!(import.columns, vec!["Clear", "City"]);
    assert_eq!(
        import.chosen,
        vec![true, false],
        "the first column at first"
    );
    assert_eq!(import.name, "Clear", "named after its column");
    import
        .choose(&["clear".into(), "CITY".into()])
        .expect("both columns");
    let edit = import
        .edit(&CampaignData::new(Settings::new("T")))
        .expect("imports");
    assert_eq!(edit.label, "Import 2 tables from terrain.csv");
    let data = imported(&import);
    let clear = data.table_named("Clear").expect("Clear");
    assert_eq!(clear.dice.as_str(), "d4", "1 to 4 from the rows");
    assert_eq!(clear.rows[2].result, "Dragon, Black");
    let city = data.table_named("City").expect("City");
    assert_eq!(city.dice.as_str(), "d2", "its \"-\" cells are no entries");
    assert_eq!(city.rows.len(), 2);
}

#[test]
fn a_column_the_file_has_not_is_named_with_those_it_has() {
    let mut import = TableImport::read("terrain.csv", "terrain", TERRAIN).expect("read");
    assert_eq!(
        import.choose(&["Woods".into()]),
        Err("terrain.csv has no column “Woods” (its columns: Clear, City)".to_owned())
    );
    assert_eq!(import.chosen, vec![true, false], "the choice is unchanged");
}

/// The heading's dice hold for every column: a column that covers only
/// some of its totals cannot be rolled on them, and says so.
#[test]
fn the_headings_dice_hold_for_every_column() {
    let text = TERRAIN.replacen("Die", "d4", 1);
    let mut import = TableImport::read("terrain.csv", "terrain", &text).expect("read");
    import.choose(&["City".into()]).expect("a column");
    assert_eq!(import.name, "City");
    let errors = import
        .edit(&CampaignData::new(Settings::new("T")))
        .expect_err("1 and 2 of a d4");
    assert!(
        errors[0].starts_with("the rows do not fit d4"),
        "{errors:?}"
    );
}

#[test]
fn a_file_of_one_column_keeps_the_name_it_was_given() {
    let import =
        TableImport::read("beasts.csv", "Beasts", "d2,Result\n1,Wolves\n2,-\n").expect("read");
    assert_eq!(import.name, "Beasts");
    let errors = import
        .edit(&CampaignData::new(Settings::new("T")))
        .expect_err("2 has no entry");
    assert!(
        errors[0].starts_with("the rows do not fit d2"),
        "{errors:?}"
    );
}

proptest::proptest! {
    #![proptest_config(waybook_testkit::fuzz_config(300))]

    /// Whatever a spreadsheet holds (cut short, a byte changed, control
    /// characters, huge totals, a quote left open), reading it answers a
    /// table or says why not, and every table it makes can be rolled.
    #[test]
    fn any_csv_is_read_or_refused(
        cut in 0usize..TERRAIN.len(),
        at in 0usize..TERRAIN.len(),
        byte in proptest::sample::select(vec![b',', b';', b'\t', b'"', b'\n', b'\r', b'-', b'0', b'9', 0u8, 0x1b]),
    ) {
        let mut bytes = TERRAIN.as_bytes().to_vec();
        bytes[at] = byte;
        let changed = String::from_utf8_lossy(&bytes).into_owned();
        let huge = TERRAIN.replace("4,Giant", "99999999999999999999,Giant");
        for text in [&TERRAIN[..cut], changed.as_str(), huge.as_str()] {
            let Ok(mut import) = TableImport::read("f.csv", "f", text) else {
                continue;
            };
            let columns: Vec<String> =
                (0..import.columns.len()).map(|c| import.column_label(c)).collect();
            import.choose(&columns).expect("its own columns");
            if let Ok(edit) = import.edit(&CampaignData::new(Settings::new("T"))) {
                for change in &edit.changes {
                    if let waybook_core::model::Change::Table { after: Some(t), .. } = change {
                        proptest::prop_assert!(t.rollable().is_ok());
                    }
                }
            }
        }
    }
}

/// Issue 50, 18: a file with no heading row keeps its first row, a first
/// cell that is a total or a range being a row, and its dice are worked
/// out from the totals its rows cover (2 to 12 is 2d6; 1 to 6 is d6).
#[test]
fn a_file_without_a_heading_row_keeps_its_first_row_and_its_dice() {
    let two_d6 = "2,Calm\n3-4,Wind\n5-9,Rain\n10-11,Storm\n12,Gale\n";
    let import = TableImport::read("weather.csv", "weather", two_d6).expect("read");
    assert_eq!(import.rows.len(), 5, "line 1 is a row");
    let data = imported(&import);
    let weather = data.table_named("weather").expect("named after its file");
    assert_eq!(weather.dice.as_str(), "2d6");
    assert_eq!(
        (
            weather.rows[0].from,
            weather.rows[0].to,
            weather.rows[0].result.as_str()
        ),
        (2, 2, "Calm")
    );
    let d6 = "1,A\n2,B\n3,C\n4,D\n5,E\n6,F\n";
    let data = imported(&TableImport::read("d6.csv", "d6", d6).expect("read"));
    let table = data.table_named("d6").expect("imported");
    assert_eq!((table.dice.as_str(), table.rows.len()), ("d6", 6));
    // What the import says: no heading, and the dice it took from the rows.
    let notes = TableImport::read("weather.csv", "weather", two_d6)
        .expect("read")
        .notes();
    assert_eq!(
        notes,
        [
            "weather.csv has no heading row: line 1 is a result too",
            "weather: its rows cover 2 to 12, read as 2d6"
        ]
    );
}

/// Issue 50, 18: a file of three columns and no heading is named after
/// the file, not after a result, and ranges that overlap are said, each
/// by its line.
#[test]
fn a_headless_file_of_three_columns_is_named_after_the_file_and_overlaps_are_said() {
    let text = "1-3,Goblins,Cave\n3-5,Orcs,Hill\n6,Trolls,Bridge\n";
    let mut import = TableImport::read("lairs.csv", "lairs", text).expect("read");
    assert_eq!(import.name, "lairs");
    assert_eq!(import.columns.len(), 2);
    assert_eq!(import.column_label(1), "column C");
    let errors = import
        .edit(&CampaignData::new(Settings::new("T")))
        .expect_err("1-3 and 3-5 overlap");
    assert_eq!(
        errors,
        ["line 2: “3-5” overlaps line 1's “1-3” (both cover 3)"]
    );
    import
        .choose(&["B".into(), "column C".into()])
        .expect("both columns");
    assert_eq!(import.name_of(0), "lairs (column B)");
    assert_eq!(import.name_of(1), "lairs (column C)");
}

/// Issue 50, 18: rows whose totals no dice are read from are not guessed
/// at: the import asks for the dice, naming the totals.
#[test]
fn totals_that_are_not_plainly_dice_are_not_guessed() {
    for (text, low, high) in [("5-50,x\n51-100,y\n", 5, 100), ("2-4,x\n5-7,y\n", 2, 7)] {
        let errors = TableImport::read("odd.csv", "odd", text)
            .expect("read")
            .edit(&CampaignData::new(Settings::new("T")))
            .expect_err("no dice");
        assert_eq!(
            errors[0],
            format!(
                "odd.csv has no heading row, and its rows cover {low} to {high}, which are not plainly the totals of dice: add a heading row whose first cell is the dice, as d100 or 2d6"
            )
        );
    }
}

/// A table separated by "|", as roll-table importers for Foundry write
/// them, without a heading.
#[test]
fn a_table_separated_by_bars_comes_in() {
    let text = "01-04|Backpacks, sacks\n05-06|Baskets\n07-12|Rope\n";
    let import = TableImport::read("goods.csv", "goods", text).expect("read");
    let data = imported(&import);
    let goods = data.table_named("goods").expect("imported");
    assert_eq!(goods.dice.as_str(), "d12");
    assert_eq!(goods.rows[0].result, "Backpacks, sacks");
}
