//! The sharing of the open campaign with the GM's other machines (issue
//! 56): a word in the status bar ("In step with Laptop, seen 2 minutes
//! ago", or what waits), and File > Sharing…, the window of the machines,
//! what is waiting and why, and each conflict: the field both machines
//! changed apart, this machine's value and the other's with who and when,
//! and a button for each. Until the GM chooses, the record keeps this
//! machine's value.

use crate::app::sharing::{Settled, Settling, SharingState, SharingStep};
use crate::app::{App, Command};
use egui::{RichText, Ui};
use waybook_core::sharing::clock::{ago, now_ms};
use waybook_core::store::sharing::{DaysApart, Line, Pending, Report, Side, value_words};

/// The status bar's word on the sharing, a click from its window.
pub fn sharing_status_ui(ui: &mut Ui, app: &App, out: &mut Vec<Command>) {
    if let Some(chore) = &app.sharing_chore {
        ui.separator();
        // A button's height, as the sharing's word it stands in for.
        ui.add(egui::Button::new(RichText::new(format!("⇄ {}…", chore.doing)).weak()).frame(false))
            .on_hover_text("Waybook is at it on a worker: the window stays yours meanwhile");
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
        return;
    }
    let Some(sharing) = &app.sharing else { return };
    ui.separator();
    let (said, worrying) = status_words(sharing);
    let text = RichText::new(format!("⇄ {said}"));
    let text = if worrying {
        text.color(ui.visuals().warn_fg_color)
    } else {
        text
    };
    if ui
        .button(text)
        .on_hover_text("Show the machines sharing this campaign and the conflicts to choose")
        .clicked()
    {
        out.push(Command::Sharing(SharingStep::Window(true)));
    }
    // The next look at the folder comes without the GM moving the mouse.
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs(1));
}

/// What the status bar says of the sharing, and whether it needs the GM.
pub fn status_words(sharing: &SharingState) -> (String, bool) {
    if let Some(error) = &sharing.error {
        return (format!("Sharing paused: {error}"), true);
    }
    let Some(report) = &sharing.report else {
        return ("Shared · looking at the folder…".to_owned(), false);
    };
    if let Some(apart) = report.days_apart.first() {
        return (
            format!(
                "{}'s days were played apart: choose whose to keep",
                apart.party_name
            ),
            true,
        );
    }
    if !report.conflicts.is_empty() {
        let count = report.conflicts.len();
        return (
            format!(
                "{} to choose",
                waybook_core::model::plural(count, "conflict")
            ),
            true,
        );
    }
    if let Some(waiting) = report.waiting.first() {
        return (format!("Waiting: {waiting}"), true);
    }
    let others: Vec<_> = report.machines.iter().filter(|m| !m.this).collect();
    if others.is_empty() {
        return ("Shared · no other machine has joined yet".to_owned(), false);
    }
    let now = now_ms();
    let words: Vec<String> = others
        .iter()
        .map(|m| match m.heard_ms {
            Some(ms) => format!("{}, seen {}", m.name, ago(ms, now)),
            None => format!("{}, not heard from yet", m.name),
        })
        .collect();
    (format!("In step with {}", words.join("; ")), false)
}

/// File > Sharing…, while shown.
pub fn sharing_ui(ui: &mut Ui, app: &mut App, out: &mut Vec<Command>) {
    let Some(sharing) = app.sharing.as_ref().filter(|s| s.window) else {
        return;
    };
    let mut open = true;
    egui::Window::new("Sharing")
        .open(&mut open)
        .default_width(620.0)
        .show(ui.ctx(), |ui| {
            ui.label(format!(
                "Shared through {} as {}. Each machine writes only its own files there; the sync service carries them.",
                sharing.folder.display(),
                sharing.machine.name
            ));
            if let Some(error) = &sharing.error {
                ui.colored_label(crate::ui::input::ERROR_COLOUR, format!("The last merge could not run: {error}"));
            }
            let busy = app.sharing_chore.as_ref().map(|c| c.doing.as_str());
            match &sharing.report {
                Some(report) => report_ui(ui, report, &sharing.settled, busy, out),
                None => {
                    ui.label(RichText::new("Looking at the folder…").weak());
                }
            }
            ui.add_space(6.0);
            let merge = ui
                .add_enabled(!sharing.is_merging(), egui::Button::new("Merge now"))
                .on_disabled_hover_text("A merge is running")
                .on_hover_text("Look at the folder now instead of in a few seconds");
            if merge.clicked() {
                out.push(Command::Sharing(SharingStep::SyncNow));
            }
        });
    if !open {
        out.push(Command::Sharing(SharingStep::Window(false)));
    }
}

/// What the last merge found; the choices greyed while `busy` says what
/// runs.
fn report_ui(
    ui: &mut Ui,
    report: &Report,
    settled: &[Settled],
    busy: Option<&str>,
    out: &mut Vec<Command>,
) {
    let now = now_ms();
    ui.add_space(6.0);
    ui.label(RichText::new("Machines").strong());
    egui::Grid::new("sharing machines")
        .striped(true)
        .show(ui, |ui| {
            for machine in &report.machines {
                ui.label(if machine.this {
                    format!("{} (this machine)", machine.name)
                } else {
                    machine.name.clone()
                });
                ui.label(format!("edit {}", machine.last_seq));
                ui.label(match (machine.this, machine.heard_ms) {
                    (true, _) => String::new(),
                    (false, Some(ms)) => format!("seen {}", ago(ms, now)),
                    (false, None) => "not heard from yet".to_owned(),
                });
                ui.end_row();
            }
        });
    for waiting in &report.waiting {
        ui.label(RichText::new(format!("Waiting: {waiting}")).color(ui.visuals().warn_fg_color));
    }
    // Each party's days apart, those settled ticked in their place.
    let mut days: Vec<(&DaysApart, Option<&str>)> =
        report.days_apart.iter().map(|d| (d, None)).collect();
    for done in settled {
        if let Settling::Days(apart) = &done.what {
            days.push((apart, Some(done.said.as_str())));
        }
    }
    days.sort_by_key(|(apart, _)| apart.party);
    for (apart, done) in days {
        ui.add_space(6.0);
        days_apart_ui(ui, report, apart, Choosing { done, busy }, now, out);
    }
    ui.add_space(6.0);
    let mut conflicts: Vec<(&Pending, Option<&str>)> =
        report.conflicts.iter().map(|c| (c, None)).collect();
    for done in settled {
        if let Settling::Conflict(conflict) = &done.what {
            conflicts.push((conflict, Some(done.said.as_str())));
        }
    }
    if conflicts.is_empty() {
        ui.label("No conflicts: every field changed on two machines was settled.");
        return;
    }
    conflicts.sort_by_key(|(conflict, _)| conflict.id);
    ui.label(
        RichText::new(if report.conflicts.is_empty() {
            "Conflicts, each chosen"
        } else {
            "Conflicts to choose"
        })
        .strong(),
    );
    steady_note(
        ui,
        report.conflicts.is_empty(),
        "A field both machines changed apart. Until you choose, this machine keeps its value; your choice goes to the other machines.",
        "A field both machines changed apart: your choice goes to the other machines as they sync.",
    );
    egui::ScrollArea::vertical()
        .max_height(360.0)
        .show(ui, |ui| {
            for (conflict, done) in conflicts {
                conflict_ui(ui, conflict, Choosing { done, busy }, now, out);
            }
        });
}

/// A weak note that reads `waiting` until a choice is made (`chosen`),
/// then `made`, in as much room as `waiting` took: what follows stays
/// put.
fn steady_note(ui: &mut Ui, chosen: bool, waiting: &str, made: &str) {
    let width = ui.available_width();
    let tallest = egui::WidgetText::from(RichText::new(waiting).weak())
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            width,
            egui::TextStyle::Body,
        )
        .size()
        .y;
    ui.allocate_ui_with_layout(
        egui::vec2(width, tallest),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_height(tallest);
            ui.label(RichText::new(if chosen { made } else { waiting }).weak());
        },
    );
}

/// Where an item's choice stands: made (what was done), or waiting, its
/// buttons greyed while `busy` says what runs.
#[derive(Clone, Copy)]
struct Choosing<'a> {
    done: Option<&'a str>,
    busy: Option<&'a str>,
}

impl Choosing<'_> {
    /// The item's two choices side by side, or once made, what was done
    /// in their place.
    fn ui(self, ui: &mut Ui, choices: impl FnOnce(&mut Ui, Self)) {
        match self.done {
            Some(said) => {
                // As tall as the buttons were: what follows stays put.
                let spacing = ui.spacing();
                let buttons = (ui.text_style_height(&egui::TextStyle::Button)
                    + 2.0 * spacing.button_padding.y)
                    .max(spacing.interact_size.y);
                ui.horizontal_wrapped(|ui| {
                    ui.set_min_height(buttons);
                    ui.label(RichText::new(format!("✔ {said}")).strong());
                });
            }
            None => {
                ui.horizontal(|ui| choices(ui, self));
            }
        }
    }

    /// One choice's button: whether it was clicked.
    fn button(self, ui: &mut Ui, label: String, hover: String) -> bool {
        ui.add_enabled(self.busy.is_none(), egui::Button::new(label))
            .on_disabled_hover_text(format!("{}…", self.busy.unwrap_or_default()))
            .on_hover_text(hover)
            .clicked()
    }
}

/// One conflict: what, both values, who and when, and the two choices
/// (or what was chosen).
fn conflict_ui(
    ui: &mut Ui,
    conflict: &Pending,
    choosing: Choosing<'_>,
    now: i64,
    out: &mut Vec<Command>,
) {
    ui.group(|ui| {
        let field = conflict.field_words();
        ui.label(RichText::new(format!("{}: {field}", conflict.record)).strong());
        ui.label(format!("Here: {}", value_words(&conflict.mine)));
        ui.label(format!(
            "{}: {} (“{}”, {})",
            conflict.name,
            value_words(&conflict.theirs),
            conflict.label,
            ago(conflict.at_ms, now)
        ));
        choosing.ui(ui, |ui, choosing| {
            let id = conflict.id;
            if choosing.button(
                ui,
                "Keep this machine's".to_owned(),
                "The other machines take this machine's value".to_owned(),
            ) {
                out.push(Command::Sharing(SharingStep::Choose(id, Side::Mine)));
            }
            if choosing.button(
                ui,
                format!("Take {}'s", conflict.name),
                "This machine takes the other machine's value".to_owned(),
            ) {
                out.push(Command::Sharing(SharingStep::Choose(id, Side::Theirs)));
            }
        });
    });
}

/// One party's days played on two machines apart: what each played, and
/// whose to keep (or whose were kept).
fn days_apart_ui(
    ui: &mut Ui,
    report: &Report,
    apart: &DaysApart,
    choosing: Choosing<'_>,
    now: i64,
    out: &mut Vec<Command>,
) {
    let theirs = report.machine_name(&apart.machine);
    ui.group(|ui| {
        ui.label(RichText::new(format!("{}'s days were played apart", apart.party_name)).strong());
        steady_note(
            ui,
            choosing.done.is_some(),
            "A party lives each day once. Until you choose, this machine keeps its own days and holds the other's out.",
            "A party lives each day once: the days not kept are set aside on every machine.",
        );
        ui.label(format!("Here: {}", line_words(&apart.mine, None)));
        ui.label(format!("{theirs}: {}", line_words(&apart.theirs, Some(now))));
        let party = apart.party;
        choosing.ui(ui, |ui, choosing| {
            if choosing.button(
                ui,
                "Keep this machine's days".to_owned(),
                format!("Sets {theirs}'s days of this party aside. They are never merged here, and are undone on that machine after a snapshot there."),
            ) {
                out.push(Command::Sharing(SharingStep::KeepDays(party, Side::Mine)));
            }
            if choosing.button(
                ui,
                format!("Take {theirs}'s days"),
                format!("Undoes this machine's days of this party after a snapshot (File > Snapshots…), then merges {theirs}'s days."),
            ) {
                out.push(Command::Sharing(SharingStep::KeepDays(party, Side::Theirs)));
            }
        });
    });
}

/// One side's days: how many edits, from where to where, the last one.
fn line_words(line: &Line, now: Option<i64>) -> String {
    let span = match (line.from_day, line.to_day) {
        (Some(from), Some(to)) => format!(", day {from} → day {to}"),
        (None, Some(to)) => format!(", to day {to}"),
        _ => String::new(),
    };
    let when = now
        .filter(|_| line.last_ms > 0)
        .map(|now| format!(", {}", ago(line.last_ms, now)))
        .unwrap_or_default();
    format!(
        "{}{span} (last “{}”{when})",
        waybook_core::model::plural(line.edits, "edit"),
        line.last
    )
}
