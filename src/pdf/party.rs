//! The party sheet: members and their key values, the stash, Supplies, food
//! units in hand and how many days they last at full and at half rations.

use super::blocks::{self, Column};
use super::layout::Layout;
use crate::model::{CampaignData, Character, Holder, Party};

/// Units of food and drink a character needs on a normal day.
const DAILY_UNITS: i64 = 40;

pub fn party_sheet(l: &mut Layout<'_>, data: &CampaignData, party: &Party) {
    l.start_sheet(&party.name);
    let mut members: Vec<&Character> = data.members(party.id).collect();
    members.sort_by_key(|c| c.name.to_lowercase());
    blocks::title(
        l,
        &party.name,
        &format!(
            "Party sheet · {} · {} members",
            data.settings.name,
            members.len()
        ),
    );
    let totals = data.party_totals(party.id);
    blocks::boxes(
        l,
        &[
            ("Supplies".into(), party.supplies.to_string()),
            ("Food units".into(), totals.food_units.to_string()),
            ("Members".into(), members.len().to_string()),
            (
                "Days, full".into(),
                days(totals.food_units, members.len(), 1),
            ),
            (
                "Days, half".into(),
                days(totals.food_units, members.len(), 2),
            ),
        ],
    );
    blocks::line(
        l,
        "Food",
        &format!(
            "{} units in hand (stash and packs); {} members need {} units a day at full rations, {} at half",
            totals.food_units,
            members.len(),
            DAILY_UNITS * members.len() as i64,
            DAILY_UNITS * members.len() as i64 / 2
        ),
    );
    blocks::facts(
        l,
        &[
            (
                "Pathfinding tokens 🜉",
                party.travel.pathfinding_tokens.to_string(),
            ),
            (
                "Exploration tokens 🜹",
                party.travel.exploration_tokens.to_string(),
            ),
            ("Purse", format!("{} {}", party.purse, party.currency)),
        ],
    );
    blocks::section(l, "Members", 40.0);
    members_table(l, data, &members);
    blocks::section(l, "Party stash", 40.0);
    super::holdings_table(l, data, Holder::Stash(party.id), "The stash is empty.");
    if !party.notes.trim().is_empty() {
        blocks::section(l, "Notes", 20.0);
        blocks::line(l, "", &party.notes);
    }
}

/// One row per member: name, kind, player, and the figures of each rule
/// text the campaign plays.
fn members_table(l: &mut Layout<'_>, data: &CampaignData, members: &[&Character]) {
    let s = &data.settings;
    let mut columns = vec![
        Column::left("Name", 3.2),
        Column::left("Kind", 1.4),
        Column::left("Player", 1.4),
    ];
    if s.companion {
        columns.push(Column::right("Wounds", 1.0));
        columns.push(Column::right("Wild", 0.7));
    }
    if s.rounds {
        columns.push(Column::right("HP", 1.0));
        columns.push(Column::right("MP", 1.0));
    }
    if s.exploration {
        columns.push(Column::right("Exhaustion", 1.3));
        columns.push(Column::right("Unfed days", 1.3));
    }
    let rows: Vec<Vec<String>> = members
        .iter()
        .map(|c| {
            let mut row = vec![c.name.clone(), c.kind.label().to_owned(), c.player.clone()];
            if s.companion {
                row.push(format!(
                    "{}/{}",
                    c.companion.wounds.current, c.companion.wounds.max
                ));
                row.push(c.companion.wild_dice.to_string());
            }
            if s.rounds {
                row.push(format!("{}/{}", c.rounds.hp.current, c.rounds.hp.max));
                row.push(format!("{}/{}", c.rounds.mp.current, c.rounds.mp.max));
            }
            if s.exploration {
                row.push(c.exploration.exhaustion.to_string());
                row.push(super::format_number(c.exploration.days_without_food));
            }
            row
        })
        .collect();
    blocks::table(l, &columns, &rows);
}

/// Whole days the food lasts for `members` at 1/`fraction` rations.
fn days(units: i64, members: usize, fraction: i64) -> String {
    if members == 0 {
        return "–".to_owned();
    }
    (units / (DAILY_UNITS * members as i64 / fraction).max(1)).to_string()
}
