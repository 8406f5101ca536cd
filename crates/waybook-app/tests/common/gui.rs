//! The GUI test fixture: the demo campaign in a temporary folder, opened in
//! the real app under egui_kittest, and the few moves a GM makes (click by
//! label, pick from a menu, type into a field, read what the screen shows).

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::PathBuf;
use waybook_app::app::{DialogOutcome, ScriptedDialogs};
use waybook_app::ui::WaybookApp;
use waybook_core::model::{CampaignData, Character, Journey};
use waybook_core::store::Campaign;
use waybook_rules::dice::Dice;

pub struct Fixture {
    pub dir: tempfile::TempDir,
    pub harness: Harness<'static, WaybookApp>,
    /// The campaign file's name in `dir`.
    file: String,
}

impl Fixture {
    pub fn demo() -> Self {
        Self::with_dialogs(Vec::new())
    }

    pub fn with_dialogs(answers: Vec<DialogOutcome>) -> Self {
        Self::made(answers, false)
    }

    /// The demo, with snapshots kept in a data folder of the fixture's own.
    pub fn keeping_snapshots(answers: Vec<DialogOutcome>) -> Self {
        Self::made(answers, true)
    }

    fn made(answers: Vec<DialogOutcome>, snapshots: bool) -> Self {
        Self::opening("demo.waybook", |_| {}, answers, snapshots)
    }

    /// The demo with today's weather not rolled yet in any region (the
    /// trip's first night rolled it as it ran into the morning).
    pub fn demo_today_unrolled() -> Self {
        Self::opening("demo.waybook", unroll_today, Vec::new(), false)
    }

    /// The demo in a window of the app's default size, 1280 × 800.
    pub fn demo_at_default_size() -> Self {
        let mut f = Self::demo();
        f.harness.set_size(egui::vec2(1280.0, 800.0));
        f.harness.run();
        f
    }

    /// Whether the widget `label`, scrolled into view, lies whole inside
    /// the window: a GM can reach it.
    pub fn reachable(&mut self, label: &str) -> bool {
        self.harness.get_by_label(label).scroll_to_me();
        self.harness.run();
        let rect = self.harness.get_by_label(label).rect();
        let window = self.harness.ctx.content_rect();
        window.contains_rect(rect)
    }

    /// The demo made at `name` in the fixture's folder, `prepare`d (made
    /// read-only, say), then opened by the app as the GM would open it.
    pub fn opening(
        name: &str,
        prepare: impl FnOnce(&std::path::Path),
        answers: Vec<DialogOutcome>,
        snapshots: bool,
    ) -> Self {
        Self::made_by(
            name,
            |path| {
                drop(waybook_core::demo::create_demo(path).expect("the demo"));
                prepare(path);
            },
            answers,
            snapshots,
        )
    }

    /// A new campaign as File > New makes it (the starter content, nothing
    /// played), opened in the app: where a new GM begins.
    pub fn new_campaign() -> Self {
        Self::new_campaign_then(|_| {})
    }

    /// The name of the campaign's file in the fixture's folder.
    pub fn file_name(&self) -> String {
        self.file.clone()
    }

    /// The app's dice seeded: random, but the same each run.
    pub fn dice_seeded(&mut self, seed: u64) {
        self.harness.state_mut().app.dice = Dice::seeded(seed);
    }

    /// A new campaign, `prepare`d (its file changed) before the app opens it.
    pub fn new_campaign_then(prepare: impl FnOnce(&std::path::Path)) -> Self {
        Self::made_by(
            "new.waybook",
            |path| {
                drop(waybook_core::starter::create_campaign(path, "New campaign").expect("made"));
                prepare(path);
            },
            Vec::new(),
            false,
        )
    }

    /// The campaign `make` writes at `name` in the fixture's folder, opened
    /// by the app as the GM would open it.
    fn made_by(
        name: &str,
        make: impl FnOnce(&std::path::Path),
        answers: Vec<DialogOutcome>,
        snapshots: bool,
    ) -> Self {
        let dialogs = Box::new(ScriptedDialogs::new(answers));
        Self::made_with(name, make, dialogs, snapshots)
    }

    /// The campaign `make` writes at `name`, opened by the app, whose file
    /// dialogs `dialogs` answers.
    pub fn made_with(
        name: &str,
        make: impl FnOnce(&std::path::Path),
        dialogs: Box<dyn waybook_app::app::dialogs::FileDialogs>,
        snapshots: bool,
    ) -> Self {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join(name);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).expect("its folder");
        }
        make(&path);
        let mut app = WaybookApp::new(dialogs);
        if snapshots {
            app.app.data_dir = Ok(dir.path().join("data"));
        }
        app.app.open_path(&path);
        Self::around_in(app, dir, name)
    }

    /// The app given, with its campaign open, under the harness.
    pub fn around(app: WaybookApp) -> Self {
        let name = (app.app.session.as_ref())
            .and_then(|s| s.path_buf())
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_default();
        Self::around_in(
            app,
            tempfile::tempdir().expect("a temporary directory"),
            &name,
        )
    }

    fn around_in(mut app: WaybookApp, dir: tempfile::TempDir, name: &str) -> Self {
        // The log is read behind the first frame; the tests read it at once.
        app.app.watch_log(true);
        let mut harness = Harness::builder()
            .with_size(egui::vec2(1400.0, 1000.0))
            // Grids of text fields take a few frames to measure their columns.
            .with_max_steps(16)
            .build_ui_state(|ui, app: &mut WaybookApp| app.frame_ui(ui), app);
        harness.run();
        Self {
            dir,
            harness,
            file: name.to_owned(),
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn data(&self) -> &CampaignData {
        &self
            .harness
            .state()
            .app
            .session
            .as_ref()
            .expect("a campaign is open")
            .data
    }

    pub fn character(&self, name: &str) -> Option<&Character> {
        self.data().characters.values().find(|c| c.name == name)
    }

    /// Picks `entry` in the list labelled `label`, scrolled into view first.
    pub fn pick(&mut self, label: &str, entry: &str) {
        self.harness
            .get_by_role_and_label(Role::ComboBox, label)
            .scroll_to_me();
        self.harness.run();
        self.harness
            .get_by_role_and_label(Role::ComboBox, label)
            .click();
        self.harness.run();
        // The list's entry, not a label of the same name beneath the list
        // (a row's name under the camp table's "Whom … mends").
        let entry_node = self
            .harness
            .get_all_by_role_and_label(Role::Button, entry)
            .last();
        match entry_node {
            Some(node) => {
                node.click();
                self.harness.run();
            }
            None => self.click_last(entry),
        }
    }

    /// Whether the list labelled `label` is wide enough to show `name`
    /// whole, as the button's font lays it out.
    pub fn shows_whole_in(&self, label: &str, name: &str) -> bool {
        let picker = self.harness.get_by_role_and_label(Role::ComboBox, label);
        picker.rect().width() > self.button_text_width(name)
    }

    /// Whether the button `name` (a list's row) is wide enough to show its
    /// name whole, not cut short with "…".
    pub fn shows_whole(&self, name: &str) -> bool {
        let row = self.harness.get_by_role_and_label(Role::Button, name);
        row.rect().width() > self.button_text_width(name)
    }

    fn button_text_width(&self, text: &str) -> f32 {
        let font = egui::TextStyle::Button.resolve(&self.harness.ctx.global_style());
        self.harness.ctx.fonts_mut(|fonts| {
            fonts
                .layout_no_wrap(text.to_owned(), font, egui::Color32::BLACK)
                .size()
                .x
        })
    }

    /// The app's next rolls come up as `faces`.
    pub fn dice(&mut self, faces: &[u32]) {
        self.harness.state_mut().app.dice = Dice::scripted(faces.to_vec());
    }

    /// The campaign's first journey (the demo's To Emberfall).
    pub fn journey(&self) -> &Journey {
        self.data().journeys.values().next().expect("a journey")
    }

    /// Types into the `n`th of several fields with this label (the legs'
    /// "km"), scrolled into view, then Enter.
    pub fn type_into_nth(&mut self, label: &str, n: usize, text: &str) {
        fn nth<'a>(f: &'a Fixture, label: &'a str, n: usize) -> egui_kittest::Node<'a> {
            f.harness
                .get_all_by_role_and_label(Role::TextInput, label)
                .nth(n)
                .expect("a field with that label")
        }
        nth(self, label, n).scroll_to_me();
        self.harness.run();
        nth(self, label, n).focus();
        self.harness.run();
        self.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
        nth(self, label, n).type_text(text);
        self.harness.run();
        self.harness.key_press(Key::Enter);
        self.harness.run();
    }

    /// Clicks the widget with this label, scrolled into view first as a
    /// user would.
    pub fn click(&mut self, label: &str) {
        self.harness.get_by_label(label).scroll_to_me();
        self.harness.run();
        self.harness.get_by_label(label).click();
        self.harness.run();
    }

    /// Clicks the widget whose label holds `text` (a label that changes,
    /// as the status bar's).
    pub fn click_containing(&mut self, text: &str) {
        self.harness.get_by_label_contains(text).click();
        self.harness.run();
    }

    /// Clicks the last of several widgets with this label (a popup's entry).
    pub fn click_last(&mut self, label: &str) {
        self.harness
            .get_all_by_label(label)
            .last()
            .expect("a widget with that label")
            .click();
        self.harness.run();
    }

    /// Clicks a menu, then the entry whose label starts with `entry`
    /// (menu entries carry their shortcut in their label).
    pub fn menu(&mut self, menu: &str, entry: &str) {
        self.click(menu);
        self.harness
            .get_by(|node| node.label().is_some_and(|l| l.starts_with(entry)))
            .click();
        self.harness.run();
    }

    /// Runs the party `name` from the menu bar's switcher, as a GM does.
    pub fn run_party(&mut self, name: &str) {
        let app = &self.harness.state().app;
        let running = app.running().expect("a party run");
        let menu = format!(
            "{}: {} ▼",
            running.name,
            self.data().settings.when(running.now)
        );
        self.menu(&menu, name);
    }

    pub fn field<'a>(&'a self, label: &'a str) -> egui_kittest::Node<'a> {
        self.harness.get_by_role_and_label(Role::TextInput, label)
    }

    /// Replaces a field's text as a user would, then presses Enter.
    pub fn type_into(&mut self, label: &str, text: &str) {
        self.field(label).focus();
        self.harness.run();
        self.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
        self.harness.run();
        self.field(label).type_text(text);
        self.harness.run();
        self.harness.key_press(Key::Enter);
        self.harness.run();
    }

    /// Types into the path field that stands in for a missing file dialog.
    pub fn type_path(&mut self, path: &str) {
        self.harness.get_by_label("File path").focus();
        self.harness.run();
        self.harness.get_by_label("File path").type_text(path);
        self.harness.run();
    }

    /// The button `label` is greyed, and its hover text says `reason`.
    pub fn greyed_with(&mut self, label: &str, reason: &str) {
        use egui_kittest::kittest::NodeT;
        let node = self.harness.get_by_label(label);
        assert!(node.accesskit_node().is_disabled(), "{label} is greyed");
        node.scroll_to_me();
        self.harness.run();
        self.harness.get_by_label(label).hover();
        self.harness.run();
        assert!(self.shows(reason), "{label} says why: {reason}");
    }

    pub fn shows(&self, text: &str) -> bool {
        self.harness
            .query_all_by_label_contains(text)
            .next()
            .is_some()
    }

    pub fn shows_exactly(&self, text: &str) -> bool {
        self.harness.query_all_by_label(text).next().is_some()
    }

    /// The campaign as its file holds it, once every edit the window made
    /// is written (the window writes behind its frames).
    pub fn reloaded(&mut self) -> CampaignData {
        self.harness.state_mut().app.settle_writes(true);
        Campaign::open(&self.path(&self.file))
            .expect("the file reopens")
            .load()
            .expect("loads")
    }
}

impl Fixture {
    /// Clicks "Export…" and steps the app until the background export has
    /// finished. Steps, not `run`: while the export runs the app keeps
    /// repainting its progress bar, so it never settles.
    pub fn export_and_wait(&mut self) {
        self.harness.get_by_label("Export…").click();
        self.wait_for_export();
    }

    /// Steps the app until the snapshots window has read its list (on a
    /// worker, as the window opens).
    pub fn wait_for_snapshots(&mut self) {
        for _ in 0..500 {
            self.harness.step();
            if !self.shows("Reading the snapshots…") {
                self.harness.run();
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("the snapshots were not read");
    }

    /// Steps the app until an export it may have started has finished.
    pub fn wait_for_export_if_any(&mut self) {
        if self.harness.state().app.export_job.is_some() {
            self.wait_for_export();
        }
    }

    /// Steps the app until the background export has finished.
    pub fn wait_for_export(&mut self) {
        self.harness.step();
        for _ in 0..500 {
            if self.harness.state().app.export_job.is_none() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
            self.harness.step();
        }
        panic!("the export did not finish");
    }
}

/// The campaign at `path` with today's weather not rolled yet in any region.
fn unroll_today(path: &std::path::Path) {
    use waybook_core::model::{Change, Edit};
    let mut campaign = waybook_core::store::Campaign::open(path).expect("opens");
    let data = campaign.load().expect("loads");
    let today = data.settings.clock.day;
    let unrolled: Vec<Change> = (data.weather.values())
        .filter(|w| w.day == today)
        .map(|w| Change::of(Some(w), None))
        .collect();
    assert!(!unrolled.is_empty(), "the trip's night rolled today");
    campaign
        .apply(&Edit::new("Unroll today", unrolled))
        .expect("written");
}
