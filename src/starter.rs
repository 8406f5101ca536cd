//! What every new campaign starts with: the tables the rule texts mention but
//! do not give (weather, injuries, XP awards, battle items, merchants' stock),
//! as clearly marked placeholder rows for the GM to replace.

use crate::model::{CampaignData, Change, Edit, TableDef, TableId, TableRowDef};
use crate::rules::tables::{PLACEHOLDER, builtin_tables};
use crate::store::{self, Campaign};
use std::path::Path;

/// The placeholder tables, with ids after the campaign's own.
pub fn starter_tables(data: &CampaignData) -> Vec<Change> {
    let first = data.next_id::<crate::model::TableDef>().0;
    builtin_tables()
        .into_iter()
        .filter(|t| t.rows.iter().any(|r| r.result.starts_with(PLACEHOLDER)))
        .zip(first..)
        .map(|(t, id)| Change::Table {
            before: None,
            after: Some(TableDef {
                id: TableId(id),
                name: t.name,
                dice: t.dice.into(),
                rows: t
                    .rows
                    .into_iter()
                    .map(|r| TableRowDef {
                        from: r.from,
                        to: r.to,
                        result: r.result,
                    })
                    .collect(),
                suggested: false,
            }),
        })
        .collect()
}

/// Creates a campaign file with the starter tables.
pub fn create_campaign(path: &Path, name: &str) -> store::Result<Campaign> {
    let mut campaign = Campaign::create(path, name)?;
    let data = campaign.load()?;
    campaign.apply(&Edit::new("Start the campaign", starter_tables(&data)))?;
    Ok(campaign)
}
