//! What every new campaign starts with: Waybook's starter tables for what
//! the rule texts name but do not give (`content`: weather by climate and
//! season, injuries, XP awards, battle items by area, a merchant's stock),
//! the items the texts name (rations, water, the gatherer's tools, a
//! torch, a tent...) and a merchant's wares, each marked as Waybook's
//! suggestion until the GM makes it theirs, with the campaign's weather and
//! battle-item tables chosen.

pub mod content;

use crate::model::{
    CampaignData, Change, Edit, Item, ItemId, Region, TableDef, TableId, Ware, WareId,
};
use crate::store::{self, Campaign};
use content::{
    AREA_ITEMS, BATTLE_ITEMS, CLIMATE_WEATHER, CLIMATES, INJURIES, MERCHANT_STOCK, SEASONS,
    WEATHER, XP_AWARDS,
};
use std::path::Path;

/// A starter table: one row per face, marked as Waybook's suggestion.
fn suggested(id: TableId, name: &str, rows: &[&str]) -> TableDef {
    TableDef {
        suggested: true,
        ..TableDef::one_per_face(id, name, rows)
    }
}

/// "Weather: mountain, winter": the starter table of a climate's season.
pub fn climate_table_name(climate: &str, season: &str) -> String {
    format!("Weather: {climate}, {season}")
}

/// Every starter table, by name and rows.
fn starter_rows() -> Vec<(String, Vec<&'static str>)> {
    let mut tables: Vec<(String, Vec<&str>)> = vec![
        ("weather".into(), WEATHER.to_vec()),
        ("injury".into(), INJURIES.to_vec()),
        ("xp-awards".into(), XP_AWARDS.to_vec()),
        ("battle-items".into(), BATTLE_ITEMS.to_vec()),
        ("merchant-stock".into(), MERCHANT_STOCK.to_vec()),
    ];
    for (area, items) in AREA_ITEMS {
        tables.push((format!("Battle items: {area}"), items.to_vec()));
    }
    for (climate, seasons) in CLIMATES.iter().zip(CLIMATE_WEATHER) {
        for (season, rows) in SEASONS.iter().zip(seasons) {
            tables.push((climate_table_name(climate, season), rows.to_vec()));
        }
    }
    tables
}

/// The starter tables, with ids after the campaign's own, and the
/// settings that roll the weather and the battle items on them.
pub fn starter_tables(data: &CampaignData) -> Vec<Change> {
    let first = data.next_id::<TableDef>().0;
    let tables: Vec<TableDef> = starter_rows()
        .iter()
        .zip(first..)
        .map(|((name, rows), id)| suggested(TableId(id), name, rows))
        .collect();
    let named = |name: &str| tables.iter().find(|t| t.name == name).map(|t| t.id);
    let mut settings = data.settings.clone();
    settings.weather_table = named("weather");
    settings.gather_table = named("battle-items");
    let mut changes = vec![Change::of(Some(&data.settings), Some(&settings))];
    changes.extend(tables.iter().map(|t| Change::of(None, Some(t))));
    changes
}

/// `region`'s weather from Waybook's tables for `climate`: each season of
/// the calendar named spring, summer, autumn (or fall) or winter rolls the
/// climate's table for it, added again if the GM removed it; the region's
/// climate is named if it had none.
pub fn region_climate(data: &CampaignData, region: &Region, climate: &str) -> Option<Edit> {
    // The climate's tables, a season each.
    let (_, climate_weather) =
        (CLIMATES.iter().zip(&CLIMATE_WEATHER)).find(|(c, _)| **c == climate)?;
    let mut changes = Vec::new();
    let mut after = region.clone();
    let mut next = data.next_id::<TableDef>().0;
    // Two seasons of one climate season (autumn and fall) share its table.
    let mut made: std::collections::HashMap<String, TableId> = std::collections::HashMap::new();
    for season in &data.settings.calendar.seasons {
        let name = season.name.trim().to_lowercase();
        let name = if name == "fall" {
            "autumn".to_owned()
        } else {
            name
        };
        let Some((climate_season, rows)) =
            (SEASONS.iter().zip(climate_weather)).find(|(s, _)| **s == name)
        else {
            continue;
        };
        let title = climate_table_name(climate, climate_season);
        let table = match data
            .table_named(&title)
            .map(|t| t.id)
            .or(made.get(&title).copied())
        {
            Some(id) => id,
            None => {
                let table = suggested(TableId(next), &title, rows);
                next += 1;
                changes.push(Change::of(None, Some(&table)));
                made.insert(title, table.id);
                table.id
            }
        };
        after.tables.insert(season.name.clone(), table);
    }
    if after.climate.trim().is_empty() {
        after.climate = waybook_rules::capitalised(climate);
    }
    changes.push(Change::of(Some(region), Some(&after)));
    Some(Edit::new(
        format!("Give {} Waybook's {climate} weather", region.name),
        changes,
    ))
}

/// The items the texts name and a merchant's wares, with ids after the
/// campaign's own, each Waybook's suggestion.
pub fn starter_catalogue(data: &CampaignData) -> Vec<Change> {
    let first = data.next_id::<Item>().0;
    let items: Vec<Item> = (content::STARTER_ITEMS.iter().zip(first..))
        .map(|(&(name, category, units, weight, tool, notes), id)| Item {
            food_units: units,
            weight,
            tool_kind: tool,
            bonus: if tool.is_some() {
                content::TOOL_BONUS
            } else {
                0
            },
            notes: notes.to_owned(),
            suggested: true,
            ..Item::new(ItemId(id), name, category)
        })
        .collect();
    let first = data.next_id::<Ware>().0;
    let wares =
        (content::STARTER_WARES.iter().zip(first..)).map(|(&(name, price, supplies, item), id)| {
            Ware {
                id: WareId(id),
                name: name.to_owned(),
                price,
                supplies,
                item: item.and_then(|n| items.iter().find(|i| i.name == n).map(|i| i.id)),
                suggested: true,
            }
        });
    let mut changes: Vec<Change> = items.iter().map(|i| Change::of(None, Some(i))).collect();
    changes.extend(wares.map(|w| Change::of(None, Some(&w))));
    changes
}

/// Creates a campaign file with the starter tables, items and wares.
pub fn create_campaign(path: &Path, name: &str) -> store::Result<Campaign> {
    let mut campaign = Campaign::create(path, name)?;
    let data = campaign.load()?;
    let mut changes = starter_tables(&data);
    changes.extend(starter_catalogue(&data));
    campaign.apply(&Edit::new("Start the campaign", changes))?;
    Ok(campaign)
}
