//! The screens, one module each, and the frame around them: the menu bar,
//! the screen tabs, the status bar, the error dialog, the path field that
//! stands in for a missing file dialog and the focus ring; and
//! [`WaybookApp`], the app (`crate::app`) with the screens' own state.
//! A function that draws a piece of a screen is `ui` or `*_ui`; a widget
//! that returns a value is named for what it returns (`choice_combo`,
//! `Typing::whole`).

mod animal_types;
mod calendar;
mod calendar_import;
mod calendar_settings;
mod campaign;
pub mod choices;
pub mod chronicle;
mod csv_import;
mod cults;
mod export;
mod fight;
mod forms;
mod foundry_import;
mod gathering;
mod handouts;
mod hazards;
pub mod help;
mod heroes;
mod house_rules;
mod input;
mod inventory;
mod items;
pub mod journeys;
mod lists;
mod log;
mod map;
mod measure;
mod navigation;
mod on_screen;
mod pack_import;
mod palette;
mod parties;
mod partyless;
mod players;
pub mod roster;
mod rules;
mod scene;
mod sharing;
mod sheet;
pub(crate) mod shown;
mod snapshots;
mod stable;
pub mod style;
mod table;
mod table_import;
mod tables;
mod travel;
mod vehicle_types;
mod weather;

use crate::app::actions::Action;
use crate::app::{App, Command, DialogPurpose, FileDialogs, Notice};
use egui::{Key, Modifiers, RichText, Ui};

waybook_rules::named_enum! {
    /// The app's screens, in the order of their tabs (their groups are
    /// `navigation::GROUPS`).
    #[derive(Default)]
    pub enum Screen("screen") {
        #[default]
        Roster => "roster" as "Roster",
        Inventory => "inventory" as "Inventory",
        Items => "items" as "Item catalogue",
        Parties => "parties" as "Parties",
        Heroes => "heroes" as "Heroes",
        Journeys => "journeys" as "Journeys",
        Map => "map" as "Map",
        Travel => "travel" as "Travel",
        Gathering => "gathering" as "Gathering",
        Hazards => "hazards" as "Hazards",
        Weather => "weather" as "Weather",
        Calendar => "calendar" as "Calendar",
        Chronicle => "chronicle" as "Chronicle",
        Scene => "scene" as "Scene",
        Log => "log" as "Log",
        Campaign => "campaign" as "Campaign",
        Rules => "rules" as "Dice and rules",
    }
}

/// Per-screen UI state: selection, filters, text being typed. Not campaign data.
#[derive(Debug, Default)]
pub struct UiState {
    pub screen: Screen,
    pub roster: roster::RosterState,
    pub inventory: inventory::InventoryState,
    pub items: items::ItemsState,
    pub parties: parties::PartiesState,
    pub campaign: campaign::CampaignState,
    pub rules: rules::RulesState,
    pub journeys: journeys::JourneysState,
    pub map: map::MapState,
    pub travel: travel::TravelState,
    pub gathering: gathering::GatheringState,
    pub heroes: heroes::HeroesState,
    pub log: log::LogState,
    pub scene: scene::SceneState,
    pub hazards: hazards::HazardsState,
    pub weather: weather::WeatherState,
    pub calendar: calendar::CalendarState,
    pub chronicle: chronicle::ChronicleState,
    pub export: export::ExportState,
    pub snapshots: snapshots::SnapshotsState,
    pub palette: palette::PaletteState,
    /// The log by day, shared by the Calendar's day and the Chronicle.
    pub log_by_day: chronicle::ChronicleMemo,
    pub help: help::HelpState,
    /// The screen a crash report would name, as last noted.
    reported_screen: Option<Screen>,
}

/// The app as it is drawn: the app's state and commands, and the screens'
/// own state (selections, filters, text being typed).
pub struct WaybookApp {
    pub app: App,
    pub ui: UiState,
    styled: bool,
    /// The window's title as last sent, so it is sent again only when it changes.
    pub title: String,
    /// The window was asked to close (File > Quit).
    pub closing: bool,
}

impl WaybookApp {
    pub fn new(dialogs: Box<dyn FileDialogs>) -> Self {
        Self::with_app(App::new(dialogs))
    }

    pub fn with_app(app: App) -> Self {
        Self {
            app,
            ui: UiState::default(),
            styled: false,
            title: String::new(),
            closing: false,
        }
    }

    /// One frame of the whole app, drawn into `ui`, then its commands run.
    pub fn frame_ui(&mut self, ui: &mut Ui) {
        if !self.styled {
            style::install(ui.ctx(), self.app.view);
            self.styled = true;
        }
        for notice in self.app.take_notices() {
            self.ui.heed(notice, &mut self.app);
        }
        self.app.keep_table_current();
        self.app.wake_on_table_close(ui.ctx());
        app_ui(ui, &mut self.app, &mut self.ui);
        if self.app.run_commands() {
            // Drawn before the change: the next frame shows it.
            ui.ctx().request_repaint();
        } else if self.app.is_writing() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(5));
        }
        // The edits written meanwhile reach the table's worker at once.
        self.app.keep_table_current();
        let title = self.app.window_title();
        if title != self.title {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if std::mem::take(&mut self.app.quit_asked) {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            self.closing = true;
        }
    }
}

impl UiState {
    /// The screens' state follows what happened in the app.
    fn heed(&mut self, notice: Notice, app: &mut App) {
        match notice {
            Notice::CampaignOpened => {
                *self = UiState::default();
                if let Some(session) = &app.session {
                    self.journeys.recall_printed(&session.kept);
                }
            }
            Notice::HistoryStepped => self.discard_typing(),
            Notice::ExportAsked => self.export.open = true,
            Notice::SnapshotsAsked => self.snapshots.show(),
            Notice::PaletteAsked => self.palette.open(),
            Notice::OnScreen(action) => on_screen::on_screen(self, action, app),
        }
    }

    /// The screen shown, and the log by day it may borrow.
    fn shown(&mut self) -> (&mut dyn navigation::View, &mut chronicle::ChronicleMemo) {
        let view: &mut dyn navigation::View = match self.screen {
            Screen::Roster => &mut self.roster,
            Screen::Inventory => &mut self.inventory,
            Screen::Items => &mut self.items,
            Screen::Parties => &mut self.parties,
            Screen::Heroes => &mut self.heroes,
            Screen::Journeys => &mut self.journeys,
            Screen::Map => &mut self.map,
            Screen::Travel => &mut self.travel,
            Screen::Gathering => &mut self.gathering,
            Screen::Hazards => &mut self.hazards,
            Screen::Weather => &mut self.weather,
            Screen::Calendar => &mut self.calendar,
            Screen::Chronicle => &mut self.chronicle,
            Screen::Scene => &mut self.scene,
            Screen::Log => &mut self.log,
            Screen::Campaign => &mut self.campaign,
            Screen::Rules => &mut self.rules,
        };
        (view, &mut self.log_by_day)
    }

    /// Every field shows the stored value again: after undo and redo.
    pub fn discard_typing(&mut self) {
        for fields in [
            &mut self.roster.fields,
            &mut self.items.fields,
            &mut self.parties.fields,
            &mut self.campaign.fields,
            &mut self.rules.fields,
            &mut self.journeys.fields,
            &mut self.map.fields,
            &mut self.weather.fields,
            &mut self.gathering.fields,
            &mut self.scene.fight.fields,
        ] {
            fields.discard_typing();
        }
    }
}

navigation::plain_view! {
    roster::RosterState => roster::roster_ui [running];
    inventory::InventoryState => inventory::inventory_ui;
    items::ItemsState => items::items_ui;
    parties::PartiesState => parties::parties_ui [running];
    heroes::HeroesState => heroes::heroes_ui;
    journeys::JourneysState => journeys::journeys_ui [running];
    map::MapState => map::map_ui;
    gathering::GatheringState => gathering::gathering_ui;
    hazards::HazardsState => hazards::hazards_ui;
    weather::WeatherState => weather::weather_ui [running];
    scene::SceneState => scene::scene_ui;
    log::LogState => log::log_ui;
    campaign::CampaignState => campaign::campaign_ui [running];
}

/// The screens' tabs, by group; the screen chosen is noted for a crash
/// report.
fn screen_tabs_ui(ui: &mut Ui, state: &mut UiState) {
    navigation::tabs_ui(ui, &mut state.screen);
    ui.separator();
    if state.reported_screen != Some(state.screen) {
        crate::app::crash::on_screen(state.screen.label());
        state.reported_screen = Some(state.screen);
    }
}

fn app_ui(ui: &mut Ui, app: &mut App, state: &mut UiState) {
    popup_click_guard_ui(ui);
    shortcuts(ui, app);
    // Ctrl+plus, Ctrl+minus and Ctrl+0 zoom (egui's own keys); remembered.
    app.view.zoom = ui.ctx().zoom_factor();
    let mut out = Vec::new();
    egui::Panel::top("menu").show(ui, |ui| menu_bar_ui(ui, app, &mut state.help, &mut out));
    egui::Panel::bottom("status").show(ui, |ui| status_ui(ui, app, &mut out));
    egui::CentralPanel::default().show(ui, |ui| match &app.session {
        Some(session) => {
            let data = &session.data;
            screen_tabs_ui(ui, state);
            // Each screen's widgets under its own id: two screens' scroll
            // areas keep their own places.
            let screen = state.screen;
            let (view, log_by_day) = state.shown();
            let mut desk = navigation::Desk {
                data,
                running: app.running().map(|p| p.id),
                out: &mut out,
                dice: &mut app.dice,
                log_by_day,
            };
            if let Some(to) = ui.push_id(screen, |ui| view.view(ui, &mut desk)).inner {
                state.screen = to;
            }
        }
        None => welcome_ui(ui, app, &mut out),
    });
    if let Some(session) = &app.session {
        export::export_dialog_ui(
            ui,
            &mut state.export,
            &state.roster,
            &session.data,
            &mut app.paper,
            &mut out,
        );
    }
    snapshots::snapshots_ui(ui, &mut state.snapshots, app, &mut out);
    palette::palette_ui(
        ui,
        &mut state.palette,
        &mut state.screen,
        &mut state.help,
        app,
        &mut out,
    );
    help::help_windows_ui(ui, &mut state.help, app);
    csv_import::csv_import_ui(ui, app, &mut out);
    pack_import::pack_import_ui(ui, app, &mut out);
    calendar_import::calendar_import_ui(ui, app, &mut out);
    table::table_ui(ui, app, &mut out);
    sharing::sharing_ui(ui, app, &mut out);
    handouts::handouts_ui(ui, app, &mut out);
    let imported = table_import::table_import_ui(ui, app, &mut out)
        .or_else(|| foundry_import::foundry_import_ui(ui, app, &mut out));
    if let Some(table) = imported {
        state.rules.table = tables::Picked::Campaign(table);
    }
    partyless::partyless_ui(ui, app);
    alert_ui(ui, app);
    upgrade_ui(ui, app);
    path_prompt_ui(ui, app, &mut out);
    focus_ring_ui(ui);
    for command in out {
        app.push(command);
    }
}

/// While a popup (a list, a menu) is open, a click outside it only closes
/// it: an invisible layer over the screens and windows, below the popups,
/// takes that click, so the button under the pointer is not pressed too.
/// egui hit-tests against the last frame's layers, so the guard is laid
/// down on every frame a popup is open.
fn popup_click_guard_ui(ui: &Ui) {
    let ctx = ui.ctx();
    if !egui::Popup::is_any_open(ctx) {
        return;
    }
    let screen = ctx.content_rect();
    let area = egui::Area::new(egui::Id::unique("popup-click-guard"))
        .order(egui::Order::Middle)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            ui.allocate_response(screen.size(), egui::Sense::click());
        });
    ctx.move_to_top(area.response.layer_id);
}

fn keyboard_navigation_id() -> egui::Id {
    egui::Id::unique("keyboard-navigation")
}

/// Where the focus ring is drawn: around the widget with the keyboard focus
/// while the GM moves with the keyboard (Tab, arrows), until the next click;
/// not around a text field, which shows its own cursor and outline.
pub fn focus_ring_rect(ctx: &egui::Context) -> Option<egui::Rect> {
    let navigating = ctx.data(|d| d.get_temp::<bool>(keyboard_navigation_id()));
    if navigating != Some(true) || ctx.text_edit_focused() {
        return None;
    }
    let id = ctx.memory(|m| m.focused())?;
    ctx.read_response(id).map(|r| r.rect.expand(2.0))
}

/// A ring around the focused widget, so the keyboard's place is always seen.
fn focus_ring_ui(ui: &Ui) {
    let ctx = ui.ctx();
    let (keys, click) = ctx.input(|i| {
        let keys = [
            Key::Tab,
            Key::ArrowUp,
            Key::ArrowDown,
            Key::ArrowLeft,
            Key::ArrowRight,
        ]
        .into_iter()
        .any(|k| i.key_pressed(k));
        (keys, i.pointer.any_pressed())
    });
    if keys || click {
        ctx.data_mut(|d| d.insert_temp(keyboard_navigation_id(), keys && !click));
    }
    if let Some(rect) = focus_ring_rect(ctx) {
        let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("focus-ring"));
        let colour = ctx.global_style().visuals.selection.stroke.color;
        ctx.layer_painter(layer).rect_stroke(
            rect,
            3.0,
            egui::Stroke::new(2.0, colour),
            egui::StrokeKind::Outside,
        );
    }
}

/// Global shortcuts from the action table. Skipped while a text field has the
/// keyboard, so Ctrl+Z there undoes typing, not the last change; a focused
/// button or checkbox does not stop them.
fn shortcuts(ui: &mut Ui, app: &mut App) {
    // While a field has the keyboard its keys are its own (Ctrl+Z undoes
    // the typing); only the command palette opens over it.
    let typing = ui.ctx().text_edit_focused();
    // Shortcuts with Shift first: Ctrl+Z would otherwise also match Ctrl+Shift+Z.
    let mut actions: Vec<Action> = Action::all().collect();
    actions.sort_by_key(|a| {
        !a.shortcuts()
            .iter()
            .any(|s| s.modifiers.contains(Modifiers::SHIFT))
    });
    for action in actions {
        if (typing && action != Action::CommandPalette)
            || (action.needs_campaign() && app.session.is_none())
        {
            continue;
        }
        if action
            .shortcuts()
            .iter()
            .any(|shortcut| ui.input_mut(|i| i.consume_shortcut(shortcut)))
        {
            app.push(Command::Run(action));
        }
    }
}

fn action_button(ui: &mut Ui, app: &App, action: Action, enabled: bool, out: &mut Vec<Command>) {
    named_action_button(ui, app, action, action.label(), enabled, out);
}

/// An action's menu entry under a name of its own: Undo and Redo name the
/// edit they take back or make again ("Undo Move 3 × Trail rations to
/// Ash Varnell"), cut short past a menu's width.
fn named_action_button(
    ui: &mut Ui,
    app: &App,
    action: Action,
    name: &str,
    enabled: bool,
    out: &mut Vec<Command>,
) {
    let mut button = egui::Button::new(name);
    if let Some(shortcut) = action.shortcut() {
        button = button.shortcut_text(ui.ctx().format_shortcut(&shortcut));
    }
    let enabled = enabled && (!action.needs_campaign() || app.session.is_some());
    if ui
        .add_enabled(enabled, button)
        .on_hover_text(action.tooltip())
        .clicked()
    {
        out.push(Command::Run(action));
        ui.close();
    }
}

fn menu_bar_ui(ui: &mut Ui, app: &mut App, help: &mut help::HelpState, out: &mut Vec<Command>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            action_button(ui, app, Action::NewCampaign, true, out);
            action_button(ui, app, Action::OpenCampaign, true, out);
            ui.menu_button("Open Recent", |ui| {
                if app.recent.is_empty() {
                    ui.label(RichText::new("No recent campaigns").weak());
                }
                for path in &app.recent {
                    if ui.button(path.display().to_string()).clicked() {
                        out.push(Command::OpenPath(path.clone()));
                        ui.close();
                    }
                }
            });
            ui.separator();
            action_button(ui, app, Action::SaveCopy, true, out);
            action_button(ui, app, Action::Snapshots, true, out);
            ui.separator();
            action_button(ui, app, Action::ExportPdf, true, out);
            action_button(ui, app, Action::ExportJson, true, out);
            action_button(ui, app, Action::ImportJson, true, out);
            ui.separator();
            action_button(ui, app, Action::ExportPack, true, out);
            action_button(ui, app, Action::ImportPack, true, out);
            ui.separator();
            action_button(ui, app, Action::MakeHandouts, true, out);
            action_button(ui, app, Action::OpenTable, true, out);
            ui.separator();
            if app.sharing.is_some() {
                action_button(ui, app, Action::Sharing, true, out);
            } else {
                action_button(ui, app, Action::ShareFolder, true, out);
            }
            action_button(ui, app, Action::JoinShared, true, out);
            ui.separator();
            action_button(ui, app, Action::CloseCampaign, true, out);
            action_button(ui, app, Action::Quit, true, out);
        });
        ui.menu_button("Edit", |ui| {
            let undo = app.session.as_ref().and_then(|s| s.undo_label());
            let redo = app.session.as_ref().and_then(|s| s.redo_label());
            let named = |action: Action, edit: Option<&str>| {
                edit.map_or_else(
                    || action.label().to_owned(),
                    |edit| short(&format!("{} {edit}", action.label()), 56),
                )
            };
            let (undo_name, redo_name) = (named(Action::Undo, undo), named(Action::Redo, redo));
            named_action_button(ui, app, Action::Undo, &undo_name, undo.is_some(), out);
            named_action_button(ui, app, Action::Redo, &redo_name, redo.is_some(), out);
            ui.separator();
            action_button(ui, app, Action::CommandPalette, true, out);
        });
        help::view_menu_ui(ui, app);
        help::help_menu_ui(ui, help);
        // The open campaign's name beside the menus, so the screens' tabs
        // below have the whole width.
        if let Some(session) = &app.session {
            ui.separator();
            ui.label(RichText::new(&session.data.settings.name).strong());
            ui.separator();
            running_ui(ui, &session.data, app.running(), out);
        }
    });
}

/// The party the GM runs and its present ("The Lantern Company: Wellday
/// 21 Harvestmoon, 11:00"), a click away from any other party's; the
/// campaign's clock in a campaign of no party. The season and the moons
/// of the day are a hover away.
fn running_ui(
    ui: &mut Ui,
    data: &waybook_core::model::CampaignData,
    running: Option<&waybook_core::model::Party>,
    out: &mut Vec<Command>,
) {
    let settings = &data.settings;
    let Some(running) = running else {
        ui.label(settings.today())
            .on_hover_text("The campaign clock's date (Calendar screen: move it on)");
        return;
    };
    let now = |p: &waybook_core::model::Party| format!("{}: {}", p.name, settings.when(p.now));
    let sky = |ui: &mut Ui| {
        ui.label(format!(
            "{}'s present: each party lives its own days.\n{}",
            running.name,
            settings.today_at(running.now)
        ));
    };
    if data.parties.len() == 1 {
        ui.label(now(running)).on_hover_ui(sky);
        return;
    }
    ui.menu_button(format!("{} ▼", now(running)), |ui| {
        ui.label(RichText::new("Run the party:").weak());
        for party in data.parties.values() {
            if ui
                .selectable_label(party.id == running.id, now(party))
                .clicked()
            {
                out.push(Command::RunParty(party.id));
                ui.close();
            }
        }
    })
    .response
    .on_hover_ui(|ui| {
        sky(ui);
        ui.label("The screens show its present as today: click to run another party.");
    });
}

fn status_ui(ui: &mut Ui, app: &App, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        match &app.session {
            Some(session) => {
                let where_ = session
                    .path()
                    .map_or_else(|| "in memory".to_owned(), |p| p.display().to_string());
                if let Some(damage) = session.damage() {
                    ui.label(
                        RichText::new(format!("Damaged: changes are refused · {where_}"))
                            .strong()
                            .color(input::ERROR_COLOUR),
                    )
                    .on_hover_text(damage);
                } else if session.is_read_only() {
                    ui.label(
                        RichText::new(format!("Read-only: changes are refused · {where_}"))
                            .strong()
                            .color(input::ERROR_COLOUR),
                    );
                } else if session.is_reading_log() {
                    ui.label(RichText::new(format!("Reading the log… · {where_}")).weak());
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_millis(50));
                } else if session.is_writing() {
                    // Edits made, still on their way to the disk (a frame or so).
                    ui.label(RichText::new(format!("Saving… · {where_}")).weak());
                } else if session.is_being_checked() {
                    ui.label(RichText::new(format!("Checking the file… · {where_}")).weak());
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_millis(100));
                } else {
                    ui.label(RichText::new(format!("All changes saved · {where_}")).weak());
                }
            }
            None => {
                ui.label(RichText::new("No campaign open").weak());
            }
        }
        if let Some(state) = &app.table {
            ui.separator();
            let following = state.table.following();
            let said = format!("● The table is open · {following} following");
            if ui
                .button(RichText::new(said).color(ui.visuals().warn_fg_color))
                .on_hover_text("Show the table's links and who follows them")
                .clicked()
            {
                out.push(Command::Table(crate::app::table::TableStep::Window(true)));
            }
        }
        sharing::sharing_status_ui(ui, app, out);
        if let Some(job) = &app.export_job {
            ui.separator();
            let fraction = job.done() as f32 / job.total.max(1) as f32;
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(160.0)
                    .text(format!("Exporting {} of {}", job.done(), job.total)),
            );
            if ui.button("Cancel export").clicked() {
                out.push(Command::CancelExport);
            }
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        if let Some(message) = &app.status {
            ui.separator();
            let text = RichText::new(&message.text);
            let text = if message.is_error {
                text.color(input::ERROR_COLOUR)
            } else {
                text
            };
            // A long line is cut to the bar; the whole of it is a hover
            // away (egui shows a cut label's text on hover, once).
            ui.add(egui::Label::new(text).truncate());
        }
    });
}

fn welcome_ui(ui: &mut Ui, app: &App, out: &mut Vec<Command>) {
    ui.vertical_centered(|ui| {
        ui.add_space(60.0);
        ui.heading(RichText::new("Waybook").size(32.0));
        ui.label("Campaign books for long journeys. Everything you enter is saved as you go.");
        ui.add_space(16.0);
        action_button(ui, app, Action::NewCampaign, true, out);
        action_button(ui, app, Action::OpenCampaign, true, out);
        if !app.recent.is_empty() {
            ui.add_space(16.0);
            ui.label(RichText::new("Recent campaigns").strong());
            for path in &app.recent {
                if ui.link(path.display().to_string()).clicked() {
                    out.push(Command::OpenPath(path.clone()));
                }
            }
        }
    });
}

fn alert_ui(ui: &mut Ui, app: &mut App) {
    let Some(alert) = app.alert.clone() else {
        return;
    };
    let modal = egui::Modal::new(egui::Id::unique("alert")).show(ui.ctx(), |ui| {
        ui.set_max_width(420.0);
        ui.heading(alert.heading);
        ui.label(alert.text);
        ui.add_space(8.0);
        ui.button("OK").clicked()
    });
    if modal.inner || modal.should_close() {
        app.alert = None;
    }
}

/// Asks before an older campaign is upgraded with no snapshot kept first
/// (no data folder, or one that cannot be written): the upgrade keeps a
/// copy of the file as it is beside it instead.
fn upgrade_ui(ui: &mut Ui, app: &mut App) {
    let Some(asked) = app.upgrade_asked.clone() else {
        return;
    };
    let modal = egui::Modal::new(egui::Id::unique("upgrade-unkept")).show(ui.ctx(), |ui| {
        ui.set_max_width(460.0);
        ui.heading("Upgrade an older campaign?");
        ui.label(format!(
            "{} was written by an older Waybook. To open it, Waybook upgrades it, and an older Waybook cannot open it after.",
            asked.path.display()
        ));
        ui.label(format!(
            "Waybook keeps a snapshot of a file before it upgrades it, and cannot here: {}.",
            asked.why.trim_end_matches('.')
        ));
        ui.label(format!(
            "Upgrading keeps a copy of the file as it is beside it instead: {}.",
            asked
                .copy
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
        ));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Upgrade, keeping a copy").clicked() {
                Some(true)
            } else if ui.button("Don't open").clicked() {
                Some(false)
            } else {
                None
            }
        })
        .inner
    });
    if let Some(upgrade) = modal.inner {
        app.answer_upgrade(upgrade);
    } else if modal.should_close() {
        app.answer_upgrade(false);
    }
}

fn path_prompt_ui(ui: &mut Ui, app: &mut App, out: &mut Vec<Command>) {
    let Some(mut prompt) = app.path_prompt.take() else {
        return;
    };
    let purpose = prompt.purpose;
    let mut done = false;
    let modal = egui::Modal::new(egui::Id::unique("path-prompt")).show(ui.ctx(), |ui| {
        ui.set_width(460.0);
        ui.heading(purpose.title());
        ui.label("No file dialog is available here. Type the file's path:");
        // The prompt is the window's: it opens the file.
        let hint = app.suggested_path(purpose).display().to_string();
        let response =
            input::Entry::in_place(ui, &mut prompt.text, "File path", 440.0, Some(&hint));
        if !prompt.focused_once {
            // The field takes the keyboard as the prompt opens.
            response.request_focus();
            prompt.focused_once = true;
        }
        let typed = prompt.text.trim();
        // Always one line here (where the file lands, or why it was refused),
        // so the buttons below never move under the pointer.
        let (note, colour) = match &prompt.error {
            Some(error) => (error.clone(), input::ERROR_COLOUR),
            None if typed.is_empty() => (String::new(), ui.visuals().weak_text_color()),
            None => (
                format!(
                    "The file: {}",
                    waybook_core::files::absolute(&crate::app::with_extension(
                        typed.into(),
                        purpose.extension()
                    ))
                    .display()
                ),
                ui.visuals().weak_text_color(),
            ),
        };
        ui.add(egui::Label::new(RichText::new(note).color(colour)).wrap());
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if response.changed() {
            prompt.error = None;
        }
        ui.horizontal(|ui| {
            let ok = ui.add_enabled(
                !typed.is_empty(),
                egui::Button::new(match purpose {
                    DialogPurpose::OpenCampaign => "Open",
                    DialogPurpose::NewCampaign => "Create",
                    DialogPurpose::SaveCopy => "Save copy",
                    DialogPurpose::ExportPdf
                    | DialogPurpose::ExportJson
                    | DialogPurpose::ExportTable
                    | DialogPurpose::ExportCalendar
                    | DialogPurpose::ExportPack => "Export",
                    DialogPurpose::ImportJson
                    | DialogPurpose::ImportCsv
                    | DialogPurpose::ImportTable
                    | DialogPurpose::ImportFoundry
                    | DialogPurpose::ImportCalendar
                    | DialogPurpose::ImportPack => "Import",
                    DialogPurpose::NewFromCopy | DialogPurpose::JoinCopy => "Create",
                    DialogPurpose::ShareFolder => "Share",
                    DialogPurpose::JoinFolder => "Join",
                }),
            );
            if (ok.clicked() || entered) && !typed.is_empty() {
                out.push(Command::PathChosen(purpose, typed.into()));
                done = true;
            }
            if ui.button("Cancel").clicked() {
                done = true;
            }
        });
    });
    // Escape or a click outside is Cancel.
    done |= modal.should_close();
    if !done {
        app.path_prompt = Some(prompt);
    }
}

/// `text` cut to at most `most` characters, "…" marking the cut.
fn short(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_owned();
    }
    let kept: String = text.chars().take(most.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}
