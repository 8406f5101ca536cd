//! Issue 25: house-rule packs. A pack made from the demo goes into an empty
//! campaign and out again as the same bytes; a clash by name is kept,
//! replaced or added as a copy as asked; a bad pack is refused with its
//! field named; mutated packs never panic (nor does a frame of any screen
//! on what one brought in), and a refused one changes
//! nothing.

use crate::common;

use common::mutate::{mutated, mutation};
use proptest::prelude::*;
use serde_json::Value;
use std::sync::OnceLock;
use waybook_core::exchange::pack::{Clash, Pack, PackError};
use waybook_core::model::CampaignData;
use waybook_core::store::Campaign;

fn demo_pack() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| {
        let (_dir, data) = common::demo();
        Pack::of(&data, "Greyspine rules")
    })
}

fn imported(data: &CampaignData, pack: &Pack, clash: Clash) -> CampaignData {
    let edit = pack.edit(data, &|_| clash).expect("imports");
    let mut after = data.clone();
    for c in &edit.changes {
        after.apply(c);
    }
    after
}

#[test]
fn a_pack_into_an_empty_campaign_and_out_again_is_the_same_bytes() {
    let text = demo_pack().to_json();
    let pack = Pack::parse(&text).expect("the pack reads");
    let dir = tempfile::tempdir().expect("dir");
    let mut campaign = Campaign::create(&dir.path().join("e.waybook"), "Empty").expect("made");
    let empty = campaign.load().expect("loads");
    assert!(empty.tables.is_empty(), "nothing in it");
    let edit = pack.edit(&empty, &|_| Clash::Replace).expect("imports");
    campaign.apply(&edit).expect("written");
    let again = Pack::of(&campaign.load().expect("loads"), "Greyspine rules").to_json();
    assert_eq!(again, text);
    let data = campaign.load().expect("loads");
    let pass = data
        .regions
        .values()
        .find(|r| r.name == "Greyspine pass")
        .expect("the pass");
    let warriors = pass.encounters.warriors.and_then(|t| data.tables.get(&t));
    assert_eq!(
        warriors.map(|t| t.name.as_str()),
        Some("Greyspine warriors"),
        "by name, to its new id"
    );
    let mule = data
        .wares
        .values()
        .find_map(|w| w.item)
        .and_then(|i| data.items.get(&i));
    assert!(mule.is_some(), "a ware's item comes with it");
}

#[test]
fn a_clash_by_name_is_kept_replaced_or_added_as_a_copy() {
    let (_dir, data) = common::demo();
    assert!(
        demo_pack().clashes(&data).is_empty(),
        "its own pack is the same"
    );
    let mut changed = demo_pack().clone();
    changed
        .tables
        .iter_mut()
        .find(|t| t.name == "Toll bandits")
        .expect("bandits")
        .rows[0]
        .result = "Three toll-keepers".to_owned();
    changed.calendar.as_mut().expect("a calendar").era = "of the Flood".to_owned();
    let clashing = changed.clashes(&data);
    let clashes: Vec<String> = clashing.iter().map(|c| c.words()).collect();
    assert_eq!(clashes, ["table Toll bandits", "the calendar"]);
    assert_eq!(clashing[0].choices(), Clash::ALL, "a table may be copied");
    let bandits = |d: &CampaignData| {
        d.tables
            .values()
            .filter(|t| t.name.starts_with("Toll bandits"))
            .map(|t| (t.name.clone(), t.rows[0].result.clone()))
            .collect::<Vec<_>>()
    };
    let kept = imported(&data, &changed, Clash::Keep);
    assert_eq!(kept, data, "keep changes nothing");
    let replaced = imported(&data, &changed, Clash::Replace);
    assert_eq!(
        bandits(&replaced),
        [("Toll bandits".to_owned(), "Three toll-keepers".to_owned())]
    );
    assert_eq!(replaced.tables.len(), data.tables.len(), "in its place");
    assert_eq!(replaced.settings.calendar.era, "of the Flood");
    let copied = imported(&data, &changed, Clash::Copy);
    assert_eq!(
        bandits(&copied),
        [
            (
                "Toll bandits".to_owned(),
                "Two toll-keepers with cudgels".to_owned()
            ),
            (
                "Toll bandits (pack)".to_owned(),
                "Three toll-keepers".to_owned()
            )
        ]
    );
    let warriors = copied
        .table_named("Greyspine warriors")
        .expect("the same, kept");
    assert_eq!(Some(warriors), data.table_named("Greyspine warriors"));
    assert!(
        matches!(demo_pack().edit(&data, &|_| Clash::Copy), Ok(e) if e.changes.is_empty()),
        "nothing to copy when all is the same"
    );
}

/// The starter tables ship as a pack (`packaging/packs/starter.json`, in
/// the .deb at /usr/share/waybook/packs/): the same as a new campaign's.
/// Made again with `waybook new S.waybook && waybook export-pack S.waybook
/// --out packaging/packs/starter.json --name "Waybook's starter tables"
/// --overwrite`.
#[test]
fn the_shipped_starter_pack_is_a_new_campaign_s_house_rules() {
    let dir = tempfile::tempdir().expect("dir");
    let data = waybook_core::starter::create_campaign(&dir.path().join("s.waybook"), "S")
        .expect("made")
        .load()
        .expect("loads");
    let shipped = include_str!("../../../../packaging/packs/starter.json");
    assert!(
        Pack::of(&data, "Waybook's starter tables").to_json() == shipped,
        "packaging/packs/starter.json is out of date: make it again (see this test's doc)"
    );
    let pack = Pack::parse(shipped).expect("it reads");
    assert!(
        pack.tables.iter().all(|t| t.suggested),
        "each marked as Waybook's"
    );
}

fn refused(text: &str) -> String {
    Pack::parse(text).expect_err("refused").to_string()
}

#[test]
fn a_bad_pack_is_refused_with_its_field_named() {
    let good: Value = serde_json::from_str(&demo_pack().to_json()).expect("JSON");
    let with = |pointer: &str, value: Value| {
        let mut v = good.clone();
        *v.pointer_mut(pointer).expect(pointer) = value;
        v.to_string()
    };
    assert!(refused("not json").starts_with("not JSON"));
    assert!(
        refused(&with("/format", "waybook-campaign".into()))
            .starts_with("format: “waybook-campaign”")
    );
    assert!(matches!(
        Pack::parse(&with("/version", 2.into())),
        Err(PackError::Newer(2))
    ));
    assert_eq!(
        refused(&with("/tables/1/name", "WEATHER".into())),
        "tables[1].name: “WEATHER” is in the pack twice"
    );
    assert_eq!(
        refused(&with("/tables/0/rows/0/to", 2.into())),
        "tables[0].rows: rows 1 and 2 both cover 2"
    );
    assert!(refused(&with("/tables/0/dice", "d6x".into())).starts_with("tables[0].dice"));
    assert_eq!(good["regions"][0]["name"], "Greyspine pass");
    let dragons = Pack::parse(&with("/regions/0/warriors", "Dragons".into()))
        .expect("a name the campaign may have reads");
    let empty = CampaignData::new(waybook_core::model::Settings::default());
    assert_eq!(
        dragons
            .edit(&empty, &|_| Clash::Keep)
            .expect_err("refused")
            .to_string(),
        "regions[0].warriors: no table is named “Dragons” in the pack or the campaign"
    );
    assert!(
        refused(&with("/wares/0/price", (-4).into()))
            .starts_with("wares[0].price: must be between 0")
    );
    assert_eq!(
        refused(&with("/house_rules/tiers/boss/quality", 9.into())),
        "house_rules.tiers.boss.quality: must be between 2 and 6"
    );
    assert!(refused(&with("/calendar/months", Value::Array(vec![]))).starts_with("calendar:"));
}

/// The demo's file, made once, copied for each case.
fn demo_file() -> &'static (tempfile::TempDir, std::path::PathBuf) {
    static FILE: OnceLock<(tempfile::TempDir, std::path::PathBuf)> = OnceLock::new();
    FILE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("d.waybook");
        drop(waybook_core::demo::create_demo(&path).expect("demo"));
        (dir, path)
    })
}

/// Imports `text` into a copy of the demo's file as `waybook import-pack`
/// does: a refusal says why on one line and leaves the file's bytes as they
/// were; an accepted pack leaves a file that passes `waybook check`.
fn try_import(text: &str) {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("d.waybook");
    std::fs::copy(&demo_file().1, &path).expect("copied");
    let before = std::fs::read(&path).expect("read");
    let mut campaign = Campaign::open(&path).expect("opens");
    let data = campaign.load().expect("loads");
    let made = Pack::parse(text).and_then(|p| p.edit(&data, &|_| Clash::Replace));
    let refusal = match made {
        Ok(edit) => match campaign.apply(&edit) {
            Ok(()) => {
                drop(campaign);
                let report = waybook_core::store::check(&path).expect("opens");
                assert!(report.is_ok(), "an accepted pack passes check: {report:?}");
                // Every screen draws what the pack brought (issue 36).
                common::frame_every_screen(&path);
                return;
            }
            Err(e) => e.to_string(),
        },
        Err(e) => e.to_string(),
    };
    assert!(
        !refusal.is_empty() && !refusal.contains('\n'),
        "one line: {refusal}"
    );
    drop(campaign);
    assert_eq!(
        std::fs::read(&path).expect("read"),
        before,
        "unchanged: {refusal}"
    );
}

proptest! {
    #![proptest_config(common::fuzz_config(48))]

    #[test]
    fn mutated_packs_never_panic_and_a_refused_one_changes_nothing(
        picks in prop::collection::vec((any::<prop::sample::Index>(), mutation()), 1..4)
    ) {
        let base: Value = serde_json::from_str(&demo_pack().to_json()).expect("JSON");
        try_import(&mutated(&base, &picks).to_string());
    }
}

/// A pack of its own tables: "Wolves" and "Beasts", whose row rolls Wolves.
fn beasts_pack(wolves: &str) -> Pack {
    let text = format!(
        r#"{{"format": "waybook-pack", "version": 1, "name": "Beasts", "tables": [
            {{"name": "Wolves", "dice": "d2", "rows": [{{"from": 1, "to": 2, "result": "{wolves}"}}]}},
            {{"name": "Beasts", "dice": "d2", "rows": [{{"from": 1, "to": 2, "result": "{{1d4}} {{roll: wolves}} ({wolves})"}}]}}
        ]}}"#
    );
    Pack::parse(&text).expect("the pack reads")
}

/// A table copied beside the campaign's namesake is the one the pack's own
/// rows roll; a second copy takes a name of its own.
#[test]
fn a_copied_table_is_the_one_the_pack_s_rows_roll() {
    let (_dir, mut data) = common::demo();
    data = imported(&data, &beasts_pack("Grey wolves"), Clash::Copy);
    data = imported(&data, &beasts_pack("White wolves"), Clash::Copy);
    let rows = |name: &str| {
        data.table_named(name)
            .map(|t| t.rows[0].result.clone())
            .unwrap_or_else(|| panic!("{name}"))
    };
    assert_eq!(rows("Wolves"), "Grey wolves", "the first came in as it was");
    assert_eq!(rows("Wolves (pack)"), "White wolves");
    assert_eq!(
        rows("Beasts (pack)"),
        "{1d4} {roll: Wolves (pack)} (White wolves)",
        "rolls the copy"
    );
    assert_eq!(rows("Beasts"), "{1d4} {roll: wolves} (Grey wolves)");
    assert!(
        data.table_named("Wolves (pack 2)").is_none(),
        "nothing copied twice"
    );
    let third = imported(&data, &beasts_pack("Black wolves"), Clash::Copy);
    assert_eq!(
        third
            .table_named("Wolves (pack 2)")
            .map(|t| t.rows[0].result.as_str()),
        Some("Black wolves"),
        "a copy never takes a copy's name"
    );
}

/// A pack may name a table it does not carry when the campaign has one of
/// that name; a campaign without it refuses the import, naming the field.
#[test]
fn a_pack_names_the_campaign_s_tables_and_a_missing_one_is_refused_on_import() {
    let text = r#"{"format": "waybook-pack", "version": 1, "name": "Fens",
        "regions": [{"name": "The Fens", "warriors": "injury"}]}"#;
    let pack = Pack::parse(text).expect("it reads alone");
    let (_dir, data) = common::demo();
    let fens = imported(&data, &pack, Clash::Keep);
    let region = fens
        .regions
        .values()
        .find(|r| r.name == "The Fens")
        .expect("added");
    assert_eq!(
        region.encounters.warriors,
        fens.table_named("injury").map(|t| t.id)
    );
    let empty = CampaignData::new(waybook_core::model::Settings::default());
    assert_eq!(
        pack.edit(&empty, &|_| Clash::Keep)
            .expect_err("refused")
            .to_string(),
        "regions[0].warriors: no table is named “injury” in the pack or the campaign"
    );
}

/// A calendar that would leave the GM's events on no day is not taken.
#[test]
fn a_pack_calendar_that_strands_events_is_refused() {
    let (_dir, data) = common::demo();
    let mut pack = Pack::of(&data, "Gregorian");
    pack.calendar = Some(waybook_core::model::calendar::Calendar::gregorian());
    let refused = pack
        .edit(&data, &|_| Clash::Replace)
        .expect_err("refused")
        .to_string();
    assert!(
        refused.starts_with("calendar: the events ")
            && refused.contains("Toll-keepers light the bridge"),
        "{refused}"
    );
    assert!(
        pack.edit(&data, &|_| Clash::Keep).is_ok(),
        "keeping the calendar is fine"
    );
}

/// Issue 50, item 25: the demo's switches are as a new campaign has them,
/// and still the GM's: a pack with a day of 20 hours is a clash, listed
/// with how it differs, and kept unless the GM says. So are a calendar and
/// house rules as a new campaign has them.
#[test]
fn a_switch_that_differs_is_a_clash_kept_unless_the_gm_says() {
    let (_dir, data) = common::demo();
    let fresh = waybook_core::model::Settings::new("");
    assert_eq!(
        data.settings.day_hours, fresh.day_hours,
        "the demo's day is a new campaign's"
    );
    let mut pack = demo_pack().clone();
    pack.switches.as_mut().expect("switches").day_hours = 20;
    pack.house_rules.as_mut().expect("house rules").methods[0].km_per_hour += 1.0;
    let clashes = pack.clashes(&data);
    let words: Vec<String> = clashes.iter().map(|c| c.words()).collect();
    assert_eq!(
        words,
        ["the rule switches", "the travel methods and enemy tiers"]
    );
    assert_eq!(pack.differences(&data, &clashes[0]), ["day hours: 24 → 20"]);
    // Issue 52: which choices a clash offers is core's, not the screen's
    // reading of its kind: one of a kind has no room for a copy.
    assert_eq!(clashes[0].choices(), [Clash::Keep, Clash::Replace]);
    assert_eq!(
        pack.adds(&data),
        "0 tables, 0 items, 0 wares, 0 cults, 0 regions",
        "nothing said to come in in their place"
    );
    let kept = imported(&data, &pack, Clash::Keep);
    assert_eq!(kept, data, "kept: the day stays 24 hours");
    let replaced = imported(&data, &pack, Clash::Replace);
    assert_eq!(replaced.settings.day_hours, 20, "replaced when the GM says");
}
