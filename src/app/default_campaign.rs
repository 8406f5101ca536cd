//! The one data folder (`$WAYBOOK_DATA_DIR`, else the platform data
//! directory) and the default campaign in it, created with the demo on the
//! first run.

use crate::store::Campaign;
use anyhow::Context;
use std::path::PathBuf;

/// Where the default campaign lives: `$WAYBOOK_DATA_DIR` if set, else the
/// platform data directory (`~/.local/share/waybook` on Linux).
pub fn data_dir() -> anyhow::Result<PathBuf> {
    if let Some(dir) = std::env::var_os("WAYBOOK_DATA_DIR") {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Waybook", "waybook")
        .map(|d| d.data_dir().to_owned())
        .context("could not find a data directory for this user")
}

/// Opens the default campaign, creating it with the demo on first run.
pub fn open_default() -> anyhow::Result<Campaign> {
    let dir = data_dir()?;
    std::fs::create_dir_all(&dir).with_context(|| format!("could not create {}", dir.display()))?;
    let path = dir.join("demo.waybook");
    if path.exists() {
        Ok(Campaign::open(&path)?)
    } else {
        Ok(crate::demo::create_demo(&path)?)
    }
}
