//! `waybook check`: a read-only report on a campaign file.

use super::{Campaign, LATEST_VERSION, Result, StoreError, migrate, open_checked};
use rusqlite::OpenFlags;
use std::path::Path;

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CheckReport {
    pub schema_version: i64,
    pub latest_version: i64,
    pub integrity: String,
    pub characters: i64,
    pub parties: i64,
    pub items: i64,
    pub holdings: i64,
    pub journeys: i64,
    /// The map's places and paths, and the rounds in the travel log.
    pub places: i64,
    pub paths: i64,
    pub travel_rounds: i64,
    /// Values outside their limits, one line each (`model::validate`).
    pub problems: Vec<String>,
    /// Texts of no party marked "the party", shown to nobody until the GM
    /// chooses once for all of them (`model::partyless`): "calendar event
    /// 3 (Harvest fair)". Not a fault of the file.
    pub partyless: Vec<String>,
}

impl CheckReport {
    pub fn is_ok(&self) -> bool {
        self.integrity == "ok" && self.problems.is_empty()
    }
}

/// Opens the file read-only (it is never written), checks its mark, version
/// and integrity, and counts what it holds.
pub fn check(path: &Path) -> Result<CheckReport> {
    let conn = open_checked(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let schema_version = migrate::user_version(&conn)?;
    let integrity: String = conn.pragma_query_value(None, "integrity_check", |row| row.get(0))?;
    if schema_version < 1 {
        return Err(StoreError::Foreign {
            path: path.to_owned(),
            reason: "it has no Waybook schema yet".to_owned(),
        });
    }
    let count = |table: &str| -> Result<i64> {
        Ok(conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?)
    };
    let counts = (
        count("character")?,
        count("party")?,
        count("item")?,
        count("holding")?,
    );
    let since = |version: i64, table: &str| -> Result<i64> {
        if schema_version >= version {
            count(table)
        } else {
            Ok(0)
        }
    };
    let journeys = since(2, "journey")?;
    let (places, paths, travel_rounds) = (
        since(4, "place")?,
        since(4, "map_path")?,
        since(4, "travel_round")?,
    );
    // The values are read as the app reads them only at the schema it writes.
    let (problems, partyless) = if schema_version == LATEST_VERSION && integrity == "ok" {
        let campaign = Campaign::on(conn, Some(path.to_owned()), true);
        let data = campaign.load()?;
        let problems = crate::model::validate::problems(&data);
        let partyless = crate::model::partyless::marked(&data);
        (
            problems.iter().map(ToString::to_string).collect(),
            partyless
                .iter()
                .map(crate::model::partyless::Marked::words)
                .collect(),
        )
    } else {
        (Vec::new(), Vec::new())
    };
    Ok(CheckReport {
        schema_version,
        latest_version: LATEST_VERSION,
        integrity,
        characters: counts.0,
        parties: counts.1,
        items: counts.2,
        holdings: counts.3,
        journeys,
        places,
        paths,
        travel_rounds,
        problems,
        partyless,
    })
}
