//! The View and Help menus: the theme (light, dark, or the system's) and
//! the zoom, both remembered between runs; the keyboard shortcuts (from the
//! one action table), the rule texts and their notes readable in the app,
//! and About (the version, the open file, the licences of the fonts and
//! crates).

use crate::app::App;
use crate::app::actions::Action;
use egui::{RichText, ThemePreference, Ui};

#[derive(Debug, Default)]
pub struct HelpState {
    /// The Help window open: one at a time, so they never stack.
    open: Option<HelpPage>,
}

/// A page of the Help menu, each in a window of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpPage {
    Shortcuts,
    Rules,
    About,
}

impl HelpPage {
    /// Every page, in the menu's order, with its name there.
    pub const ALL: [(HelpPage, &'static str); 3] = [
        (HelpPage::Shortcuts, "Keyboard shortcuts"),
        (HelpPage::Rules, "Rule texts and notes"),
        (HelpPage::About, "About Waybook"),
    ];
}

impl HelpState {
    /// Opens a page's window (closing another one open).
    pub fn show(&mut self, page: HelpPage) {
        self.open = Some(page);
    }
}

pub fn view_menu_ui(ui: &mut Ui, app: &mut App) {
    ui.menu_button("View", |ui| {
        ui.label(RichText::new("Theme").strong());
        for (theme, name) in [
            (ThemePreference::Light, "Light"),
            (ThemePreference::Dark, "Dark"),
            (ThemePreference::System, "Follow the system"),
        ] {
            if ui.radio(app.view.theme == theme, name).clicked() {
                app.view.theme = theme;
                ui.ctx().set_theme(theme);
            }
        }
        ui.separator();
        egui::gui_zoom::zoom_menu_buttons(ui);
    });
}

pub fn help_menu_ui(ui: &mut Ui, state: &mut HelpState) {
    ui.menu_button("Help", |ui| {
        for (page, name) in HelpPage::ALL {
            if ui.button(name).clicked() {
                state.show(page);
                ui.close();
            }
        }
    });
}

pub fn help_windows_ui(ui: &mut Ui, state: &mut HelpState, app: &App) {
    let ctx = ui.ctx().clone();
    // Escape closes the Help window, unless a list or a field has it.
    if state.open.is_some()
        && !egui::Popup::is_any_open(&ctx)
        && !ctx.text_edit_focused()
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
    {
        state.open = None;
    }
    let mut shortcuts = state.open == Some(HelpPage::Shortcuts);
    let mut rules = state.open == Some(HelpPage::Rules);
    let mut about = state.open == Some(HelpPage::About);
    // In the middle of the window, clear of the menus.
    let centre = ctx.content_rect().center();
    egui::Window::new("Keyboard shortcuts")
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(centre)
        .open(&mut shortcuts)
        .resizable(false)
        .show(&ctx, |ui| {
            egui::Grid::new("shortcut-list")
                .striped(true)
                .show(ui, |ui| {
                    for action in Action::all() {
                        for shortcut in action.shortcuts() {
                            ui.label(action.label().trim_end_matches('…'));
                            ui.label(RichText::new(ctx.format_shortcut(&shortcut)).monospace());
                            ui.end_row();
                        }
                    }
                    for (what, keys) in [
                        ("Zoom in", egui::gui_zoom::kb_shortcuts::ZOOM_IN),
                        ("Zoom out", egui::gui_zoom::kb_shortcuts::ZOOM_OUT),
                        ("Reset the zoom", egui::gui_zoom::kb_shortcuts::ZOOM_RESET),
                    ] {
                        ui.label(what);
                        ui.label(RichText::new(ctx.format_shortcut(&keys)).monospace());
                        ui.end_row();
                    }
                });
        });
    egui::Window::new("Rule texts and notes")
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(centre)
        .open(&mut rules)
        .default_size([640.0, 520.0])
        .show(&ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (title, text) in crate::texts::RULE_TEXTS {
                    egui::CollapsingHeader::new(title).show(ui, |ui| {
                        ui.label(text);
                    });
                }
            });
        });
    egui::Window::new("About Waybook")
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(centre)
        .open(&mut about)
        .default_size([520.0, 480.0])
        .show(&ctx, |ui| about_ui(ui, app));
    if !(shortcuts || rules || about) {
        state.open = None;
    }
}

/// Help > About: the version, the campaign open, and every crate's and
/// font's licence.
fn about_ui(ui: &mut Ui, app: &App) {
    ui.heading(format!("Waybook {}", env!("CARGO_PKG_VERSION")));
    ui.label("An offline campaign manager for game masters.");
    let open = app.session.as_ref().and_then(|s| s.path()).map_or_else(
        || "No campaign is open.".to_owned(),
        |p| format!("Open campaign: {}", p.display()),
    );
    ui.label(open);
    ui.separator();
    let (crates, texts) = crate::texts::licence_notice();
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.label(
            RichText::new(format!(
                "Built on {} crates, each under its licence; SQLite (bundled) is in the public domain",
                crates.len()
            ))
            .strong(),
        );
        // Only the lines in view are drawn: the notice is long.
        super::lists::rows_in_view(ui, "crate-licences", crates.len(), 180.0, |ui, i| {
            ui.label(crates[i]);
        });
        egui::CollapsingHeader::new("The licences' texts").show(ui, |ui| {
            super::lists::rows_in_view(ui, "licence-texts", texts.len(), 300.0, |ui, i| {
                ui.label(RichText::new(texts[i]).small());
            });
        });
        for (title, text) in [
            ("DejaVu Sans", crate::texts::TEXT_FONT_LICENCE),
            ("Noto Sans Symbols", crate::texts::SYMBOL_FONT_LICENCE),
        ] {
            egui::CollapsingHeader::new(format!("{title}: its licence")).show(ui, |ui| {
                ui.label(RichText::new(text).small());
            });
        }
    });
}
