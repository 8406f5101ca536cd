//! The one data folder (`$WAYBOOK_DATA_DIR`, else the platform data
//! directory) and the default campaign in it, created with the demo on the
//! first run, shared with a demo laptop (`demo::shared`).

use anyhow::Context;
use std::path::Path;
use waybook_core::store::Campaign;

/// Opens the default campaign in the data folder `dir`, creating it with
/// the demo on first run, shared through a folder beside it.
pub fn open_default(dir: &Path) -> anyhow::Result<Campaign> {
    std::fs::create_dir_all(dir).with_context(|| format!("could not create {}", dir.display()))?;
    let path = dir.join("demo.waybook");
    let snapshots = waybook_core::store::snapshots::Snapshots::of(dir, &path);
    if path.exists() {
        Ok(Campaign::open_keeping(&path, &snapshots)?)
    } else {
        let mut demo = waybook_core::demo::create_demo_keeping(&path, &snapshots)?;
        waybook_core::demo::shared::share_demo(&mut demo, dir)?;
        Ok(demo)
    }
}
