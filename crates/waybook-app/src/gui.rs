//! The window on top of everything: eframe runs the app drawn by
//! `crate::ui`, remembers recent files and paper between runs in the one
//! data folder, and writes a field still being typed when the window closes.

use crate::app::App;
use crate::ui::WaybookApp;
use std::path::PathBuf;
use waybook_core::files::data_dir;
use waybook_core::store::Campaign;
use waybook_core::store::snapshots::Snapshots;

const RECENT_KEY: &str = "waybook.recent";
const PAPER_KEY: &str = "waybook.paper";
const VIEW_KEY: &str = "waybook.view";
const SYNC_KEY: &str = "waybook.warned-sync";
const TABLE_KEY: &str = "waybook.table-address";

/// The window's options. What eframe remembers between runs (recent files,
/// paper, window size) lives in `app.ron` in the one data folder, beside
/// the default campaign, so `WAYBOOK_DATA_DIR` moves all of it; with no
/// data folder, nothing is remembered.
pub fn native_options(data_dir: Option<&std::path::Path>) -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Waybook")
            .with_app_id("org.waybook.waybook")
            .with_icon(window_icon())
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([900.0, 560.0]),
        persistence_path: data_dir.map(|dir| dir.join("app.ron")),
        ..Default::default()
    }
}

/// The window's icon: the package's 256-pixel PNG, built in.
fn window_icon() -> egui::IconData {
    eframe::icon_data::from_png_bytes(include_bytes!(
        "../../../packaging/linux/icons/waybook-256.png"
    ))
    .expect("the built-in icon is a PNG")
}

/// The app as eframe starts it: recent files and paper from eframe's
/// storage, and the campaign named on the command line (or the last one,
/// or the demo). With no data folder (`data_dir` says why) the named file
/// is opened here, where the app can ask before upgrading it with no
/// snapshot.
fn start(
    cc: &eframe::CreationContext<'_>,
    data_dir: Result<PathBuf, String>,
    campaign: Option<Campaign>,
    unkept: Option<PathBuf>,
) -> WaybookApp {
    let mut app = App::new(Box::new(crate::app::NativeDialogs));
    app.data_dir = data_dir;
    if let Some(storage) = cc.storage {
        app.recent = eframe::get_value(storage, RECENT_KEY).unwrap_or_default();
        app.paper = eframe::get_value(storage, PAPER_KEY).unwrap_or_default();
        app.warned_sync = eframe::get_value(storage, SYNC_KEY).unwrap_or_default();
        app.view = eframe::get_value(storage, VIEW_KEY).unwrap_or_default();
        app.table_address = eframe::get_value(storage, TABLE_KEY).unwrap_or_default();
    }
    match unkept {
        Some(path) => app.open_path(&path),
        None => app.open_first(campaign),
    }
    app.tell_of_last_crash();
    WaybookApp::with_app(app)
}

/// With a path, that campaign (failing if it can't be opened); without, the
/// app opens the last campaign used, or the default one.
pub fn run(path: Option<PathBuf>) -> anyhow::Result<()> {
    let dir = data_dir().map_err(|e| e.to_string());
    if let Ok(dir) = &dir {
        crate::app::crash::install(dir.clone(), crate::app::crash::Face::Window);
    }
    let (campaign, unkept) = match (&dir, path) {
        (Ok(dir), Some(p)) => (
            Some(Campaign::open_keeping(&p, &Snapshots::of(dir, &p))?),
            None,
        ),
        (Err(_), path) => (None, path),
        (Ok(_), None) => (None, None),
    };
    let options = native_options(dir.as_deref().ok());
    eframe::run_native(
        "Waybook",
        options,
        Box::new(move |cc| Ok(Box::new(start(cc, dir, campaign, unkept)))),
    )
    .map_err(|e| anyhow::anyhow!("could not open the window: {e}"))
}

impl eframe::App for WaybookApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
        if ui.input(|i| i.viewport().close_requested()) {
            self.app.flush_draft();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, RECENT_KEY, &self.app.recent);
        eframe::set_value(storage, PAPER_KEY, &self.app.paper);
        eframe::set_value(storage, SYNC_KEY, &self.app.warned_sync);
        eframe::set_value(storage, VIEW_KEY, &self.app.view);
        eframe::set_value(storage, TABLE_KEY, &self.app.table_address);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn what_eframe_remembers_lives_in_the_data_folder() {
        let dir = std::path::Path::new("/tmp/waybook-data");
        let options = super::native_options(Some(dir));
        assert_eq!(options.persistence_path, Some(dir.join("app.ron")));
        let nowhere = super::native_options(None);
        assert_eq!(
            nowhere.persistence_path, None,
            "no data folder, nothing remembered"
        );
    }

    /// The window shows the package's icon, and names itself as the desktop
    /// entry does (Wayland matches the app id to the .desktop file's name).
    #[test]
    fn the_window_has_the_package_icon_and_desktop_id() {
        let icon = super::window_icon();
        assert_eq!((icon.width, icon.height), (256, 256));
        let options = super::native_options(Some(std::path::Path::new("/tmp")));
        let id = options.viewport.app_id.expect("an app id");
        let desktop = format!(
            "{}/../../packaging/linux/{id}.desktop",
            env!("CARGO_MANIFEST_DIR")
        );
        let entry = std::fs::read_to_string(&desktop).expect("the desktop entry is named for it");
        assert!(entry.contains(&format!("StartupWMClass={id}")));
    }
}
