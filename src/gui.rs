//! Starting the window: which campaign to open (the one named, else the last
//! one used, else the default campaign in the platform data directory,
//! created with the demo on first run), then eframe.

use crate::app::WaybookApp;
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

/// The window's options. What eframe remembers between runs (recent files,
/// paper, window size) lives in `app.ron` in the one data folder, beside
/// the default campaign, so `WAYBOOK_DATA_DIR` moves all of it.
pub fn native_options(data_dir: &std::path::Path) -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Waybook")
            .with_app_id("waybook")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([900.0, 560.0]),
        persistence_path: Some(data_dir.join("app.ron")),
        ..Default::default()
    }
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

/// With a path, that campaign (failing if it can't be opened); without, the
/// app opens the last campaign used, or the default one.
pub fn run(path: Option<PathBuf>) -> anyhow::Result<()> {
    let campaign = path.as_deref().map(Campaign::open).transpose()?;
    let options = native_options(&data_dir()?);
    eframe::run_native(
        "Waybook",
        options,
        Box::new(move |cc| Ok(Box::new(WaybookApp::start(cc, campaign)))),
    )
    .map_err(|e| anyhow::anyhow!("could not open the window: {e}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn what_eframe_remembers_lives_in_the_data_folder() {
        let dir = std::path::Path::new("/tmp/waybook-data");
        let options = super::native_options(dir);
        assert_eq!(options.persistence_path, Some(dir.join("app.ron")));
    }
}
