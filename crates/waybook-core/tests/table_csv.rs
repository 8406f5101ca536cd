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
            let columns = import.columns.clone();
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
