//! A party's members table as both faces print it, the PDF's party page
//! and the handout's HTML page: its columns by the rule texts the campaign
//! plays, and each member's row.

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
