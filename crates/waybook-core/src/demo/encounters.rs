//! The demo's encounter tables: the Greyspine pass's warriors (one row
//! rolls the toll bandits, one lames an animal) and hazards (ice lames
//! one; the Mill track up to the pass's foot meets them too), the
//! Emberfall road's own bandits, and what Emberfall's merchants sell, so a
//! round in the pass or toward Emberfall rolls them; and the GM's roll on
//! the pass's warriors ahead of the climb, kept in the log with every roll
//! beneath it.

use crate::model::{
    CampaignData, Change, Edit, LogEntry, LogKind, MapPath, Place, Region, TableDef, TableId,
};
use waybook_rules::dice::Dice;

const PASS_WARRIORS: [&str; 4] = [
    "{1d4+1} frost goblins",
    "A snow troll and its keeper",
    "Wolves of the pass, {1d6} of them, after the animals: {lame: animal}",
    "{roll: Toll bandits}",
];
const PASS_HAZARDS: [&str; 4] = [
    "A rockslide blocks the way",
    "Ice on the ledges: {lame: animal}",
    "A snow bridge gives",
    "Whiteout: the path vanishes",
];
const TOLL_BANDITS: [&str; 3] = [
    "Two toll-keepers with cudgels",
    "Captain Wrack and {1d3} bandits",
    "A bowman on the bridge",
];
const EMBERFALL_MARKET: [&str; 4] = [
    "Salt and lamp oil",
    "Rope and pitons",
    "A pack mule",
    "Charms against the cold",
];

/// The tables, tied to the pass, the Emberfall road and Emberfall.
pub fn encounter_changes(data: &CampaignData) -> Vec<Change> {
    let first = data.next_id::<TableDef>().0;
    let tables: Vec<TableDef> = [
        ("Greyspine warriors", &PASS_WARRIORS[..]),
        ("Greyspine hazards", &PASS_HAZARDS[..]),
        ("Toll bandits", &TOLL_BANDITS[..]),
        ("Emberfall market", &EMBERFALL_MARKET[..]),
    ]
    .into_iter()
    .zip(0..)
    .map(|((name, rows), n)| TableDef::one_per_face(TableId(first + n), name, rows))
    .collect();
    let id = |n: usize| Some(tables[n].id);
    let mut changes: Vec<Change> = tables.iter().map(|t| Change::of(None, Some(t))).collect();
    if let Some(pass) = data.regions.values().find(|r| r.name == "Greyspine pass") {
        let mut after: Region = pass.clone();
        after.encounters.warriors = id(0);
        after.encounters.hazard = id(1);
        changes.push(Change::of(Some(pass), Some(&after)));
    }
    // The Mill track climbs to the pass's foot: its ice is the pass's.
    if let Some(track) = data.paths.values().find(|p| p.name == "Mill track") {
        let mut after: MapPath = track.clone();
        after.encounters.hazard = id(1);
        changes.push(Change::of(Some(track), Some(&after)));
    }
    if let Some(road) = data.paths.values().find(|p| p.name == "Emberfall road") {
        let mut after: MapPath = road.clone();
        after.encounters.warriors = id(2);
        changes.push(Change::of(Some(road), Some(&after)));
    }
    if let Some(town) = data.places.values().find(|p| p.name == "Emberfall") {
        let after = Place {
            merchant_table: id(3),
            ..town.clone()
        };
        changes.push(Change::of(Some(town), Some(&after)));
    }
    changes
}

/// The GM rolls the pass's warriors on the Dice and rules screen, to know
/// what waits on the climb: one log entry, its nested rolls in the working.
pub fn warriors_ahead(data: &CampaignData) -> Option<Edit> {
    let table = data.table_named("Greyspine warriors")?;
    // The d4 says the toll bandits (4), their d3 Captain Wrack (2), and
    // his d3 three bandits (3).
    let roll = table
        .roll_in(data, &mut Dice::scripted(vec![4, 2, 3]))
        .ok()?;
    let working = roll.working(&table.marked());
    let entry = LogEntry::new(
        data,
        LogKind::Table,
        "Roll on Greyspine warriors",
        format!("{working} → {}", roll.result),
        Vec::new(),
        super::NIGHT.to_owned(),
    );
    Some(Edit::new(
        "Roll on Greyspine warriors",
        vec![Change::of(None, Some(&entry))],
    ))
}
