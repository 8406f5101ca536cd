//! The command palette (Ctrl+K or Ctrl+Shift+P): every action of the one
//! action table, every screen and every Help page, with their shortcuts, fuzzy-matched as
//! the GM types; Enter runs the first, the arrows choose another, Escape
//! closes it.

use super::Screen;
use super::help::{HelpPage, HelpState};
use crate::app::actions::Action;
use crate::app::{App, Command};
use egui::{Key, RichText, Ui};
use nucleo_matcher::pattern::{CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32Str};

#[derive(Debug, Default)]
pub struct PaletteState {
    shown: bool,
    query: super::input::Entry<String>,
    /// The entry Enter runs, among those that match.
    chosen: usize,
    /// The field takes the keyboard when the palette opens.
    focus: bool,
}

impl PaletteState {
    pub fn open(&mut self) {
        *self = Self {
            shown: true,
            focus: true,
            ..Self::default()
        };
    }
}

/// What an entry of the palette does.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Entry {
    Run(Action),
    Go(Screen),
    Help(HelpPage, &'static str),
}

impl Entry {
    fn name(self) -> String {
        match self {
            Entry::Run(action) => action.label().trim_end_matches('…').to_owned(),
            Entry::Go(screen) => format!(
                "Go to {} · {}",
                screen.label(),
                super::navigation::group_of(screen)
            ),
            Entry::Help(_, title) => format!("Help: {title}"),
        }
    }
}

/// Every entry the GM may run now, best match first.
fn matches(query: &str, app: &App) -> Vec<Entry> {
    let open = app.session.is_some();
    let entries = Action::all()
        .filter(|a| *a != Action::CommandPalette && (open || !a.needs_campaign()))
        .map(Entry::Run)
        .chain(Screen::ALL.iter().copied().filter(|_| open).map(Entry::Go))
        .chain(HelpPage::ALL.map(|(page, title)| Entry::Help(page, title)));
    // Helix's matcher; a few dozen entries, so one matcher a keystroke.
    let mut matcher = Matcher::new(Config::DEFAULT);
    let pattern = Pattern::parse(query.trim(), CaseMatching::Ignore, Normalization::Smart);
    let mut buffer = Vec::new();
    let mut scored: Vec<(u32, Entry)> = entries
        .filter_map(|e| {
            let name = e.name();
            pattern
                .score(Utf32Str::new(&name, &mut buffer), &mut matcher)
                .map(|s| (s, e))
        })
        .collect();
    // Best score first; equal scores keep the table's order.
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    scored.into_iter().map(|(_, e)| e).collect()
}

pub fn palette_ui(
    ui: &mut Ui,
    state: &mut PaletteState,
    screen: &mut Screen,
    help: &mut HelpState,
    app: &App,
    out: &mut Vec<Command>,
) {
    if !state.shown {
        return;
    }
    let found = matches(state.query.text(), app);
    let (down, up, enter) = ui.input_mut(|i| {
        (
            i.consume_key(egui::Modifiers::NONE, Key::ArrowDown),
            i.consume_key(egui::Modifiers::NONE, Key::ArrowUp),
            i.key_pressed(Key::Enter),
        )
    });
    if down {
        state.chosen = (state.chosen + 1).min(found.len().saturating_sub(1));
    }
    if up {
        state.chosen = state.chosen.saturating_sub(1);
    }
    let mut picked = None;
    let modal = egui::Modal::new(egui::Id::unique("command-palette")).show(ui.ctx(), |ui| {
        ui.set_width(420.0);
        let (field, _) = state.query.show(
            ui,
            "Command",
            f32::INFINITY,
            Some("type part of a command or a screen"),
        );
        if std::mem::take(&mut state.focus) {
            field.request_focus();
        }
        if field.changed() {
            state.chosen = 0;
        }
        if found.is_empty() {
            ui.label(RichText::new("Nothing matches.").weak());
        }
        egui::ScrollArea::vertical()
            .max_height(360.0)
            .show(ui, |ui| {
                for (i, entry) in found.iter().enumerate() {
                    ui.horizontal(|ui| {
                        let row = ui.selectable_label(i == state.chosen, entry.name());
                        if let Entry::Run(action) = entry
                            && let Some(shortcut) = action.shortcut()
                        {
                            ui.label(RichText::new(ui.ctx().format_shortcut(&shortcut)).weak());
                        }
                        if row.clicked() {
                            picked = Some(*entry);
                        }
                    });
                }
            });
    });
    if enter && picked.is_none() {
        picked = found.get(state.chosen).copied();
    }
    match picked {
        Some(Entry::Run(action)) => out.push(Command::Run(action)),
        Some(Entry::Go(to)) => *screen = to,
        Some(Entry::Help(page, _)) => help.show(page),
        None if modal.should_close() => {}
        None => return,
    }
    state.shown = false;
}
