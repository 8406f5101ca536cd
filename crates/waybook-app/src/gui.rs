//! The window on top of everything: eframe runs the app drawn by
//! `crate::ui`, remembers recent files and paper between runs in the one
//! data folder, and writes a field still being typed when the window closes.
//! A window that cannot open is said in words, with a report beside the
//! crash reports.

use crate::app::App;
use crate::ui::WaybookApp;
use std::path::{Path, PathBuf};
use waybook_core::files::data_dir;
use waybook_core::store::snapshots::Snapshots;
use waybook_core::store::{Campaign, StoreError};

const RECENT_KEY: &str = "waybook.recent";
const PAPER_KEY: &str = "waybook.paper";
const VIEW_KEY: &str = "waybook.view";
const SYNC_KEY: &str = "waybook.warned-sync";
const TABLE_KEY: &str = "waybook.table-address";
const RAN_KEY: &str = "waybook.party-run";

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
/// or the demo). A named file whose snapshot before an upgrade cannot be
/// kept (`unkept`: no data folder, or one that cannot be written) is
/// opened here, where the app can ask before upgrading it with a copy.
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
        app.ran = eframe::get_value(storage, RAN_KEY).unwrap_or_default();
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
        (Ok(dir), Some(p)) => match Campaign::open_keeping(&p, &Snapshots::of(dir, &p)) {
            Ok(campaign) => (Some(campaign), None),
            // An older file whose snapshot cannot be kept: the window asks
            // to upgrade it with a copy beside it instead.
            Err(StoreError::NotKept { .. }) => (None, Some(p)),
            Err(e) => return Err(e.into()),
        },
        (Err(_), path) => (None, path),
        (Ok(_), None) => (None, None),
    };
    let options = native_options(dir.as_deref().ok());
    let reports = dir.clone();
    eframe::run_native(
        "Waybook",
        options,
        Box::new(move |cc| Ok(Box::new(start(cc, dir, campaign, unkept)))),
    )
    .map_err(|e| anyhow::anyhow!(window_failed(&e, &reports)))
}

/// The report of a window that could not open, written in the data
/// folder's crash reports (`data_dir` says why there is none), and the
/// words that say so: [`no_window_text`].
pub fn window_failed(error: &eframe::Error, data_dir: &Result<PathBuf, String>) -> String {
    let report = data_dir.as_ref().map_err(Clone::clone).and_then(|dir| {
        crate::app::crash::write_window_report(dir, &error.to_string())
            .map_err(|e| waybook_core::files::io_words(&e))
    });
    no_window_text(error, report.as_deref().map_err(String::as_str))
}

/// Why the window could not open, and where its report is (or why none
/// could be written), as the GM reads it: in a message box on Windows,
/// where Waybook started from Explorer has no terminal, and on stderr.
/// The common cause, a computer without OpenGL 2 (a bare virtual machine),
/// is said with what to do about it.
pub fn no_window_text(error: &eframe::Error, report: Result<&Path, &str>) -> String {
    let command_line = if cfg!(windows) {
        "waybook-cli.exe --help"
    } else {
        "waybook --help"
    };
    let why = match error {
        eframe::Error::OpenGL(_)
        | eframe::Error::Glutin(_)
        | eframe::Error::NoGlutinConfigs(..) => {
            format!(
                "Waybook draws it with OpenGL 2.0 or later, which this computer does not offer (a virtual machine without 3D acceleration, or a graphics card without its maker's driver, offers none). Install the graphics card's driver, or turn on 3D acceleration in the virtual machine's settings; the command line needs no window ({command_line})"
            )
        }
        eframe::Error::Winit(_) | eframe::Error::WinitEventLoop(_) => format!(
            "the system gave Waybook no display to open it on ({}). The command line needs no window ({command_line})",
            without_source_place(&error.to_string())
        ),
        eframe::Error::AppCreation(_) => error.to_string(),
    };
    let report = match report {
        Ok(path) => format!("What went wrong is written in {}.", path.display()),
        Err(why) => format!("No report of it could be written: {why}."),
    };
    format!("could not open the window: {why}. {report}")
}

/// winit's words without the place in its source it names ("os error at
/// …/linux/mod.rs:765: neither WAYLAND_DISPLAY nor … is set").
fn without_source_place(said: &str) -> &str {
    said.split_once("os error at ")
        .and_then(|(_, rest)| rest.split_once(": "))
        .map_or(said, |(_, words)| words)
        .trim_end_matches('.')
}

/// Shows `text` in a message box of the system's, until the GM closes it:
/// how the windowed program says why it stops when it has no terminal.
pub fn tell_in_a_box(text: &str) {
    rfd::MessageDialog::new()
        .set_level(rfd::MessageLevel::Error)
        .set_title("Waybook")
        .set_description(crate::app::sentence(text.to_owned()))
        .set_buttons(rfd::MessageButtons::Ok)
        .show();
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
        eframe::set_value(storage, RAN_KEY, &self.app.ran);
    }
}

#[cfg(test)]
mod tests {
    /// Issue 50, item 23: a computer without OpenGL 2 (a bare virtual
    /// machine) is told why the window did not open, what to do, and where
    /// the report is; the report keeps the libraries' own words, and the
    /// next start does not tell it as a crash.
    #[test]
    fn a_window_without_opengl_says_why_and_where_its_report_is() {
        let dir = tempfile::tempdir().expect("dir");
        let painter =
            eframe::egui_glow::PainterError::from("egui_glow requires opengl 2.0+. ".to_owned());
        let error = eframe::Error::OpenGL(painter);
        let text = super::window_failed(&error, &Ok(dir.path().to_owned()));
        assert!(
            text.starts_with("could not open the window: Waybook draws it with OpenGL 2.0 or later, which this computer does not offer"),
            "{text}"
        );
        assert!(text.contains("turn on 3D acceleration in the virtual machine's settings"));
        let reports: Vec<_> = std::fs::read_dir(dir.path().join("crashes"))
            .expect("the crash folder")
            .map(|entry| entry.expect("an entry").path())
            .collect();
        assert_eq!(reports.len(), 1, "{reports:?}");
        assert!(
            text.ends_with(&format!(
                "What went wrong is written in {}.",
                reports[0].display()
            )),
            "{text}"
        );
        let report = std::fs::read_to_string(&reports[0]).expect("the report");
        assert!(report.contains("could not open its window"), "{report}");
        assert!(
            report.contains("egui_glow requires opengl 2.0+"),
            "{report}"
        );
        assert_eq!(crate::app::crash::told_after_crash(dir.path()), None);

        let nowhere = super::window_failed(&error, &Err("no data folder was given".to_owned()));
        assert!(
            nowhere.ends_with("No report of it could be written: no data folder was given."),
            "{nowhere}"
        );
    }

    /// winit's own words stay, the place in its source goes.
    #[test]
    fn no_display_is_said_without_winit_s_source_place() {
        let said = "winit EventLoopError: os error at /root/.cargo/registry/src/index/winit-0.30.13/src/platform_impl/linux/mod.rs:765: neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set.";
        assert_eq!(
            super::without_source_place(said),
            "neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set"
        );
        assert_eq!(super::without_source_place("no window"), "no window");
    }

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
