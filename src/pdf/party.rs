//! The party sheet: members and their key values, the stash, Supplies, food
//! units in hand and how many days they last at full and at half rations.

use super::blocks::{self, Column};
use super::layout::Layout;
use crate::model::{CampaignData, Character, DAILY_UNITS, Holder, Party, days_of_food as days};

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
    let columns: Vec<Column<'_>> = crate::model::member_columns(s)
        .into_iter()
        .map(|(name, number, width)| {
            if number {
                Column::right(name, width)
            } else {
                Column::left(name, width)
            }
        })
        .collect();
    let rows: Vec<Vec<String>> = members
        .iter()
        .map(|c| crate::model::member_row(data, c))
        .collect();
    blocks::table(l, &columns, &rows);
}
