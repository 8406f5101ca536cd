//! The demo's map for travel rounds: nine places and eleven paths between
//! Kettleford and Emberfall (a wild pass, partial paths, a road travelled
//! before), the merchant's wares, and one travel round already played
//! along the Kettleford road.

use crate::model::LogKind;
use crate::model::{
    CampaignData, Change, Edit, Ground, MapPath, MapPathId, PartyId, Place, PlaceId, PlaceKind,
    Terrain,
};
use crate::plan::same_day;
use crate::travel::round::{CampOrders, EncounterChoice, HeroOrder, TravelStep};
use waybook_rules::dice::Dice;
use waybook_rules::rounds::camp::Action;

const PLACES: &[(&str, PlaceKind, f64, f64, &str)] = &[
    (
        "Kettleford",
        PlaceKind::Settlement,
        120.0,
        420.0,
        "A ford town; the company sets out from here.",
    ),
    (
        "Old Mill Crossing",
        PlaceKind::Landmark,
        270.0,
        330.0,
        "A burnt mill over the Kettle.",
    ),
    (
        "Greyspine Foot",
        PlaceKind::CampSite,
        390.0,
        240.0,
        "Last water before the climb.",
    ),
    (
        "Greyspine Pass",
        PlaceKind::WildPlace,
        530.0,
        160.0,
        "Snow even in summer; nobody lives up here.",
    ),
    (
        "Silverrun Ferry",
        PlaceKind::Settlement,
        300.0,
        570.0,
        "A ferryman who takes coin and tells tales.",
    ),
    (
        "Hollow Wood",
        PlaceKind::WildPlace,
        480.0,
        480.0,
        "Old trees, older things.",
    ),
    (
        "Ashen Plain Well",
        PlaceKind::CampSite,
        660.0,
        370.0,
        "The one well on the plain.",
    ),
    (
        "Watchers' Tor",
        PlaceKind::Landmark,
        720.0,
        70.0,
        "A ring of standing stones.",
    ),
    (
        "Emberfall",
        PlaceKind::Settlement,
        840.0,
        290.0,
        "The company's goal.",
    ),
];

/// Name, from, to, difficulty, danger, rounds, partial, wild, travelled.
type PathRow = (&'static str, usize, usize, i64, i64, i64, bool, bool, i64);

const PATHS: &[PathRow] = &[
    ("Kettleford road", 0, 1, 2, 1, 1, false, false, 2),
    ("Mill track", 1, 2, 4, 2, 2, false, false, 0),
    ("The Greyspine climb", 2, 3, 7, 3, 2, false, true, 0),
    ("The long descent", 3, 6, 5, 3, 2, false, false, 0),
    ("Tor scramble", 3, 7, 6, 2, 1, true, true, 0),
    ("Tor road", 7, 8, 4, 2, 2, false, false, 0),
    ("Emberfall road", 6, 8, 3, 2, 1, true, false, 0),
    ("River road", 0, 4, 2, 1, 2, false, false, 0),
    ("Down the Silverrun", 4, 5, 5, 4, 3, false, true, 0),
    ("Hollow Wood track", 5, 6, 6, 3, 2, false, false, 0),
    ("Ferry lane", 1, 4, 3, 1, 1, true, false, 0),
];

/// Each path's ground for the hours (in the order of [`PATHS`]): km,
/// terrain, altitude.
const GROUND: &[(f64, Terrain, i64)] = &[
    (20.0, Terrain::Normal, 300),
    (30.0, Terrain::Normal, 600),
    (16.0, Terrain::Difficult, 2_750),
    (20.0, Terrain::Difficult, 1_500),
    (10.0, Terrain::Difficult, 2_200),
    (36.0, Terrain::Normal, 900),
    (20.0, Terrain::Normal, 150),
    (30.0, Terrain::Normal, 100),
    (60.0, Terrain::Normal, 80),
    (28.0, Terrain::Difficult, 300),
    (12.0, Terrain::Normal, 100),
];

/// The changes that add the map, the tables and the wares, and put the party
/// at Kettleford with two 🜉 and a map of the Greyspine (-1 difficulty).
pub fn map_changes(data: &CampaignData, party: PartyId) -> Vec<Change> {
    let first_place = data.next_id::<crate::model::Place>().0;
    let places: Vec<Place> = PLACES
        .iter()
        .zip(0..)
        .map(|(&(name, kind, x, y, notes), n)| Place {
            shown: Default::default(),
            id: PlaceId(first_place + n),
            name: name.to_owned(),
            kind,
            x,
            y,
            notes: notes.to_owned(),
            region: None,
            merchant_table: None,
        })
        .collect();
    let first_path = data.next_id::<crate::model::MapPath>().0;
    let paths = PATHS.iter().zip(GROUND).zip(0..).map(
        |(
            (
                &(name, from, to, difficulty, danger, rounds, partial, wild, travelled),
                &(distance_km, terrain, altitude_m),
            ),
            n,
        )| MapPath {
            difficulty,
            danger,
            rounds,
            partial,
            wild,
            travelled,
            ground: Ground {
                distance_km,
                terrain,
                altitude_m,
                depth_m: 0,
            },
            ..MapPath::new(
                MapPathId(first_path + n),
                name,
                places[from].id,
                places[to].id,
            )
        },
    );
    // The merchant's wares are the starter's (a new campaign's).
    let mut changes: Vec<Change> = places.iter().map(|p| Change::of(None, Some(p))).collect();
    changes.extend(paths.map(|p| Change::of(None, Some(&p))));
    if let Some(p) = data.parties.get(&party) {
        let mut p = p.clone();
        p.travel.place = places.first().map(|p| p.id);
        p.travel.pathfinding_tokens = 2;
        p.travel.modifiers = 1;
        changes.push(Change::of(data.parties.get(&party), Some(&p)));
    }
    changes
}

/// Plays the first travel round, Kettleford to Old Mill Crossing, with the
/// dice written here (weather 2, encounter 6 and benign 4: a Landmark; the
/// Divine and Watch d10s 1 and 1, the ambush 9, tomorrow's weather 5). It
/// is the first day of the party's trip by the river, so its camp
/// plays the trip's hours too (both travel texts on the same day), to
/// the next morning's setting off.
pub fn first_round(data: &CampaignData, party: PartyId) -> Vec<Edit> {
    // Then the trip's night: tomorrow's weather kept in both regions (a
    // d100 of 20), and a 20 for any test of the hours.
    let mut dice = Dice::scripted([vec![2, 6, 4, 1, 1, 9, 5], vec![20; 12]].concat());
    let mut edits = Vec::new();
    let mut data = data.clone();
    let mut play =
        |data: &mut CampaignData, step: TravelStep, dice: &mut Dice| match same_day::travel_step(
            data, party, &step, dice,
        ) {
            Ok(edit) => super::book(data, &mut edits, LogKind::Travel, edit, dice),
            Err(_) => {
                dice.take_tape();
            }
        };
    let road = data
        .paths
        .values()
        .find(|p| p.name == "Kettleford road")
        .map(|p| p.id);
    if let Some(road) = road {
        play(&mut data, TravelStep::Navigate(road), &mut dice);
    }
    play(
        &mut data,
        TravelStep::Encounter(EncounterChoice::Die),
        &mut dice,
    );
    let action = |name: &str| match name {
        "Sefa Qorrin" => Action::Divine,
        "Ødric Hale" => Action::Watch,
        "Brother Ilo" => Action::Cook,
        "Ash Varnell" => Action::Shelter,
        _ => Action::Explore,
    };
    let orders = CampOrders {
        heroes: crate::travel::heroes(&data, party)
            .iter()
            .map(|c| HeroOrder {
                hero: c.id,
                action: action(&c.name),
                fed: true,
                target: None,
            })
            .collect(),
        unfed_allies: Vec::new(),
        avoid_warned_ambush: true,
    };
    play(&mut data, TravelStep::Camp(orders), &mut dice);
    edits
}
