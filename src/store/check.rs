//! `waybook check`: a read-only report on a campaign file.

use super::{LATEST_VERSION, Result, StoreError, migrate, open_checked};
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
}

impl CheckReport {
    pub fn is_ok(&self) -> bool {
        self.integrity == "ok"
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
    Ok(CheckReport {
        schema_version,
        latest_version: LATEST_VERSION,
        integrity,
        characters: count("character")?,
        parties: count("party")?,
        items: count("item")?,
        holdings: count("holding")?,
        journeys: if schema_version >= 2 {
            count("journey")?
        } else {
            0
        },
    })
}
