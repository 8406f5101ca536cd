//! A party's members table as both faces print it, the PDF's party page
//! and the handout's HTML page: its columns by the rule texts the campaign
//! plays, and each member's row; and its animals and vehicles, each with
//! how it goes, its load and its food (house rules: issue 54).

use waybook_core::model::{CampaignData, Character, Settings, Track, decimal};

/// The columns of a party's members table: each one's heading, whether it
/// holds a number (set right), and its share of the width.
pub fn columns(s: &Settings) -> Vec<(&'static str, bool, f32)> {
    let mut columns = vec![
        ("Name", false, 2.6),
        ("Kind", false, 2.0),
        ("Player", false, 1.4),
    ];
    if s.companion {
        columns.extend([("Wounds", true, 1.0), ("Wild", true, 0.7)]);
    }
    if s.rounds {
        columns.extend([("HP", true, 1.0), ("MP", true, 1.0)]);
    }
    if s.exploration {
        columns.extend([("Exhaustion", true, 1.3), ("Unfed days", true, 1.3)]);
    }
    columns
}

/// One member's row under [`columns`]: name, kind, player and the
/// figures of each rule text the campaign plays.
pub fn row(data: &CampaignData, c: &Character) -> Vec<String> {
    let s = &data.settings;
    let track = |t: &Track| format!("{}/{}", t.current, t.max);
    let player = data.player_name(c.player).to_owned();
    let mut row = vec![c.name.clone(), c.kind.label().to_owned(), player];
    if s.companion {
        row.extend([
            track(&c.companion.wounds),
            c.companion.wild_dice.to_string(),
        ]);
    }
    if s.rounds {
        row.extend([track(&c.rounds.hp), track(&c.rounds.mp)]);
    }
    if s.exploration {
        let unfed = decimal(c.exploration.days_without_food);
        row.extend([c.exploration.exhaustion.to_string(), unfed]);
    }
    row
}

/// The animals and vehicles table's columns: heading and share of width.
pub const STABLE_COLUMNS: [(&str, f32); 5] = [
    ("Name", 1.6),
    ("Type", 1.3),
    ("Goes", 2.0),
    ("Load", 2.8),
    ("Food a day", 1.4),
];

/// A row per animal of `party` and per vehicle of it, under
/// [`STABLE_COLUMNS`]; none when it has neither.
pub fn stable_rows(data: &CampaignData, party: waybook_core::model::PartyId) -> Vec<Vec<String>> {
    use waybook_core::model::Holder;
    use waybook_core::model::load::Carried;
    let load = |h: Holder| Carried::of_holder(data, h).map_or_else(String::new, |c| c.words());
    let mut animals: Vec<&Character> = data.members(party).filter(|c| c.is_animal()).collect();
    animals.sort_by_key(|c| c.name.to_lowercase());
    let mut rows: Vec<Vec<String>> = (animals.iter())
        .map(|c| {
            vec![
                c.name.clone(),
                c.animal
                    .as_ref()
                    .map_or_else(String::new, |a| a.breed.clone()),
                data.animal_goes(c),
                load(Holder::Character(c.id)),
                format!("{}% of 40 units", c.exploration.food_percent),
            ]
        })
        .collect();
    let vehicles = data.vehicles.values().filter(|v| v.party == Some(party));
    rows.extend(vehicles.map(|v| {
        let team: Vec<&str> = (v.team.iter())
            .filter_map(|a| data.characters.get(a).map(|a| a.name.as_str()))
            .collect();
        let drawn = match team.as_slice() {
            [] => "drawn by no animal".to_owned(),
            team => format!("drawn by {}", waybook_core::model::and_list(team)),
        };
        vec![
            v.name.clone(),
            v.breed.clone(),
            drawn,
            load(Holder::Vehicle(v.id)),
            "–".to_owned(),
        ]
    }));
    rows
}
