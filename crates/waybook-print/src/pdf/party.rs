//! The party sheet: members and their key values, its animals and vehicles
//! with their loads and food (house rules), the stash, Supplies, food units
//! in hand and how many days they last at full and at half rations.

use super::blocks::{self, Column};
use super::layout::Layout;
use waybook_core::model::{CampaignData, Character, Holder, Party, plural};
use waybook_core::plan::food::party_food;

pub fn party_sheet(l: &mut Layout<'_>, data: &CampaignData, party: &Party) {
    l.start_sheet(&party.name);
    let mut members: Vec<&Character> = data.members(party.id).collect();
    members.sort_by_key(|c| c.name.to_lowercase());
    blocks::title(
        l,
        &party.name,
        &format!(
            "Party sheet · {} · {}",
            data.settings.name,
            waybook_core::model::plural(members.len(), "member")
        ),
    );
    let figures = PartyFigures::of(data, party);
    blocks::boxes(l, &figures.boxes);
    blocks::line(l, "Food", &figures.food_line);
    // The sheet's font has the texts' symbols: the tokens carry theirs.
    let labels: Vec<String> = (figures.facts.iter())
        .map(|(label, symbol, _)| format!("{label} {symbol}").trim_end().to_owned())
        .collect();
    let facts: Vec<(&str, String)> = (labels.iter().zip(&figures.facts))
        .map(|(label, (_, _, value))| (label.as_str(), value.clone()))
        .collect();
    blocks::facts(l, &facts);
    blocks::section(l, "Members", 40.0);
    let people: Vec<&Character> = members.iter().copied().filter(|c| !c.is_animal()).collect();
    members_table(l, data, &people);
    stable(l, data, party);
    blocks::section(l, "Party stash", 40.0);
    super::holdings_table(l, data, Holder::Stash(party.id), "The stash is empty.");
    if !party.notes.trim().is_empty() {
        blocks::section(l, "Notes", 20.0);
        blocks::line(l, "", &party.notes);
    }
}

/// The party's animals and vehicles: how each goes, its load and its
/// food, and the party's whole load (house rules: issue 54).
fn stable(l: &mut Layout<'_>, data: &CampaignData, party: &Party) {
    let rows = crate::members::stable_rows(data, party.id);
    if rows.is_empty() {
        return;
    }
    blocks::section(l, "Animals and vehicles (house rules)", 40.0);
    let columns: Vec<Column<'_>> = (crate::members::STABLE_COLUMNS.iter())
        .map(|(heading, share)| Column::left(heading, *share))
        .collect();
    blocks::table(l, &columns, &rows);
    let load = waybook_core::model::load::PartyLoad::of(data, party.id);
    blocks::line(l, "Load", &load.words());
}

/// A party's figures as its sheet and a handout's page both give them: the
/// boxes (Supplies, food, members, the days the food lasts, from the one
/// ledger of food), the food in words, and the tokens and purse (each with
/// the texts' symbol, which only the sheet's own font sets: a page in a
/// browser says the words alone).
pub struct PartyFigures {
    pub boxes: Vec<(String, String)>,
    pub food_line: String,
    pub facts: Vec<(String, &'static str, String)>,
}

impl PartyFigures {
    pub fn of(data: &CampaignData, party: &Party) -> Self {
        let members = data.members(party.id).count();
        let food = party_food(data, party.id);
        let days =
            |d| waybook_core::plan::food::PartyFood::days_said(d, food.looked_after, members == 0);
        let boxes = vec![
            ("Supplies".into(), party.supplies.to_string()),
            ("Food units".into(), format!("{:.0}", food.units)),
            ("Members".into(), members.to_string()),
            ("Days, full".into(), days(food.days_full)),
            ("Days, half".into(), days(food.days_half)),
        ];
        let food_line = if food.looked_after {
            "The campaign does not count food: the party is always being looked after".to_owned()
        } else if members == 0 {
            food.of_nobody()
        } else {
            let why = match (&food.weather, food.multiplier) {
                (Some(w), m) if m > 1 => format!(" (×{m}: {w})"),
                _ => String::new(),
            };
            let land = if food.grazed_today > 0.0 {
                format!(
                    "; grazing animals find {:.0} on the land (house rule)",
                    food.grazed_today
                )
            } else {
                String::new()
            };
            format!(
                "{:.0} units in hand (stash and packs); {} {} {:.0} units today{why} at full rations, {:.0} at half{land}",
                food.units,
                plural(members, "member"),
                if members == 1 { "needs" } else { "need" },
                food.need_today,
                food.need_today / 2.0
            )
        };
        let facts = vec![
            (
                "Pathfinding tokens".into(),
                "🜉",
                party.travel.pathfinding_tokens.to_string(),
            ),
            (
                "Exploration tokens".into(),
                "🜹",
                party.travel.exploration_tokens.to_string(),
            ),
            (
                "Purse".into(),
                "",
                format!("{} {}", party.purse, party.currency),
            ),
        ];
        Self {
            boxes,
            food_line,
            facts,
        }
    }
}

/// One row per member: name, kind, player, and the figures of each rule
/// text the campaign plays.
fn members_table(l: &mut Layout<'_>, data: &CampaignData, members: &[&Character]) {
    let s = &data.settings;
    let columns: Vec<Column<'_>> = crate::members::columns(s)
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
        .map(|c| crate::members::row(data, c))
        .collect();
    blocks::table(l, &columns, &rows);
}

#[cfg(test)]
mod tests {
    use super::*;
    use waybook_core::model::{Change, Character, CharacterId, CharacterKind, PartyId, Settings};

    /// Issue 50, item 31: "an empty party shows '-0 food units' and '1
    /// member need'". A party of nobody has no one to eat; one member needs.
    #[test]
    fn a_party_of_nobody_or_one_is_said_as_a_person_says_it() {
        let mut data = CampaignData::new(Settings::new("Parties"));
        let party = Party::new(PartyId(1), "Alone", waybook_core::model::ClockTime::START);
        data.apply(&Change::of(None, Some(&party)));
        let nobody = PartyFigures::of(&data, &party);
        assert_eq!(
            nobody.food_line,
            "0 units in hand (the stash); no members to eat them"
        );
        assert!(!nobody.food_line.contains("-0"));
        let mut ana = Character::new(CharacterId(1), "Ana", CharacterKind::Hero);
        ana.party = Some(party.id);
        data.apply(&Change::character(None, Some(&ana)));
        let one = PartyFigures::of(&data, &party);
        assert!(
            one.food_line.contains("; 1 member needs 40 units today"),
            "{}",
            one.food_line
        );
    }
}
