//! The table of record kinds (`src/model/kinds.rs`) holds: every kind it
//! declares is in the demo, written to the file and read back, exported and
//! imported, and (`tests/undo_props.rs`) edited and undone. A kind declared
//! but left out of any of these fails here. And an id a deleted record's
//! undo may bring back is never given to another record.

use waybook_testkit as common;

use waybook_core::model::document::Document;
use waybook_core::model::*;
use waybook_core::store::Campaign;

/// The document's lists, by name: one per kind of the table.
fn lists(doc: &Document) -> serde_json::Map<String, serde_json::Value> {
    let mut value = serde_json::to_value(doc).expect("a document is JSON");
    let object = value.as_object_mut().expect("an object");
    for plain in ["format", "version", "settings"] {
        object.remove(plain);
    }
    object.clone()
}

#[test]
fn every_kind_is_in_the_demo_the_file_and_the_export() {
    let (dir, data) = common::demo();
    let made = lists(&Document::of(&data));
    assert_eq!(made.len(), KINDS.len(), "a list in the document per kind");
    for (list, records) in &made {
        assert!(
            records.as_array().is_some_and(|r| !r.is_empty()),
            "the demo shows every kind: it has no {list}"
        );
    }
    // Written and read back: every kind is stored.
    let path = dir.path().join("d.waybook");
    let reread = Campaign::open(&path).expect("opens").load().expect("loads");
    assert_eq!(
        lists(&Document::of(&reread)),
        made,
        "every kind is read back from the file"
    );
    // Exported, imported into a new file, read back: every kind goes out and in.
    let text = Document::of(&data).to_json();
    let imported = dir.path().join("i.waybook");
    let doc = Document::parse(&text).expect("the export reads");
    drop(Campaign::create_from(&imported, &doc).expect("imported"));
    let back = Campaign::open(&imported)
        .expect("opens")
        .load()
        .expect("loads");
    assert_eq!(
        lists(&Document::of(&back)),
        made,
        "every kind is exported and imported"
    );
}

/// `data.rs`: "an id a deleted record's undo may bring back is never given
/// to another".
#[test]
fn a_deleted_records_id_is_not_given_again_while_the_campaign_is_open() {
    let (_dir, mut data) = common::demo();
    let top = data.next_id::<Character>();
    let c = Character::new(top, "Briefly here", CharacterKind::Ally);
    data.apply(&Change::character(None, Some(&c)));
    data.apply(&Change::character(Some(&c), None));
    let next = data.next_id::<Character>();
    assert_eq!(next.0, top.0 + 1, "not {top:?} again");
    let mut fresh = CampaignData::new(Settings::new("Empty"));
    assert_eq!(fresh.next_id::<Party>(), PartyId(1));
    fresh.apply(&Change::of(
        None,
        Some(&Party::new(PartyId(5), "Five", ClockTime::START)),
    ));
    assert_eq!(fresh.next_id::<Party>(), PartyId(6));
}
