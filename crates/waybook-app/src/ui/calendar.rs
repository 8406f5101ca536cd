//! The Calendar screen: a month of the campaign's calendar as a grid of
//! weeks, each day with its moons' quarters, each region's weather and the
//! GM's events, today marked; the day picked, in full beside it, with what
//! happened on it (each entry opening its screen), its events to add and
//! remove; and the clock moved on by days and hours for a reason (rest
//! days, waiting for a ferry), an edit of its own, logged, undone by Undo.

use super::Screen;
use super::choices::choice_combo;
use super::chronicle::{ChronicleMemo, entries_ui};
use super::forms::play_button;
use super::input::Entry;
use crate::app::Command;
use egui::{Color32, RichText, Ui};
use waybook_core::edits::records;
use waybook_core::model::calendar::MonthPage;
use waybook_core::model::event::{Repeat, RepeatError};
use waybook_core::model::{CampaignData, PartyId, Recurrence, limits};
use waybook_core::plan::rest::Meals;
use waybook_core::world::chronicle::{self, Filter};
use waybook_core::world::{clock, present, weather};

#[derive(Debug)]
pub struct CalendarState {
    /// A day of the month shown (a clock day, so that the page stays on
    /// the same days when the calendar changes); the picked day's month
    /// until the GM turns.
    page: Option<i64>,
    /// The day picked; today's until the GM picks one.
    picked: Option<i64>,
    move_days: Entry<i64>,
    move_hours: Entry<i64>,
    why: Entry<String>,
    /// The days passed are booked unfed (nobody eats).
    unfed: bool,
    event_name: Entry<String>,
    repeat: Repeat,
    /// The picked day's entries as last drawn.
    entry_rows: super::lists::Heights,
}

impl Default for CalendarState {
    fn default() -> Self {
        Self {
            page: None,
            picked: None,
            move_days: Entry::new(1, limits::CLOCK_MOVE_DAYS),
            move_hours: Entry::new(0, limits::hour_of_day(24)),
            why: Entry::default(),
            unfed: false,
            event_name: Entry::default(),
            repeat: Repeat::Once,
            entry_rows: super::lists::Heights::default(),
        }
    }
}

/// Draws the screen, the day's entries read from `log`, the index the
/// Chronicle keeps too; the screen an entry of the day asks to open, if any.
impl super::navigation::View for CalendarState {
    fn view(&mut self, ui: &mut Ui, desk: &mut super::navigation::Desk<'_>) -> Option<Screen> {
        calendar_ui(
            ui,
            self,
            desk.log_by_day,
            (desk.data, desk.running),
            desk.out,
        )
    }
}

/// The Calendar screen, from the log by day it shares with the Chronicle.
fn calendar_ui(
    ui: &mut Ui,
    state: &mut CalendarState,
    log: &mut ChronicleMemo,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) -> Option<Screen> {
    let c = &data.settings.calendar;
    let today = present::now_of(data, running).day;
    let picked = state.picked.unwrap_or(today);
    let (year, month) = c.page_of(state.page.unwrap_or(picked));
    let mut open = None;
    egui::Panel::right("calendar-day")
        .resizable(true)
        .default_size(380.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                clock_ui(ui, state, (data, running), out);
                ui.separator();
                open = day_ui(ui, state, log, data, picked, out);
            });
        });
    egui::CentralPanel::default().show(ui, |ui| {
        ui.horizontal(|ui| {
            if ui.button("◀ Previous month").clicked() {
                state.page = c.turn(year, month, -1).or(state.page);
            }
            ui.heading(format!("{} {year}", c.months[month].name));
            if ui.button("Next month ▶").clicked() {
                state.page = c.turn(year, month, 1).or(state.page);
            }
            if ui.button("Today").clicked() {
                state.page = None;
                state.picked = None;
            }
        });
        match c.month_page(year, month) {
            Some(page) => {
                if let Some(day) = grid_ui(ui, data, &page, (today, picked)) {
                    state.picked = Some(day);
                    state.page = Some(page.first);
                }
            }
            None => {
                ui.label("This month is not in the calendar.");
            }
        }
    });
    open
}

/// The festival days opening the year (on its first month's page), the
/// weeks of the month, a column a weekday, and its festivals after them;
/// the day clicked.
fn grid_ui(
    ui: &mut Ui,
    data: &CampaignData,
    page: &MonthPage,
    (today, picked): (i64, i64),
) -> Option<i64> {
    let c = &data.settings.calendar;
    let columns = c.weekdays.len().max(1);
    // The cell's inner width: the panel's share less the grid's spacing and
    // the frame's margin and stroke.
    let width = (ui.available_width() / columns as f32 - 4.0 - 12.0).max(60.0);
    let lead = c.weekday_index(page.first).unwrap_or(0);
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("month-grid")
        .show(ui, |ui| {
            // The festival days that open the year come before its first month.
            if !page.before.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
                    for (day, name) in &page.before {
                        if day_cell(ui, data, *day, name, width, (today, picked)) {
                            clicked = Some(*day);
                        }
                    }
                });
            }
            egui::Grid::new("month")
                .num_columns(columns)
                .spacing([4.0, 4.0])
                .show(ui, |ui| {
                    for name in &c.weekdays {
                        ui.strong(name);
                    }
                    ui.end_row();
                    for _ in 0..lead {
                        ui.label("");
                    }
                    for i in 0..page.days {
                        let day = page.first + i;
                        if day_cell(ui, data, day, &(i + 1).to_string(), width, (today, picked)) {
                            clicked = Some(day);
                        }
                        if (lead + i as usize + 1).is_multiple_of(columns) {
                            ui.end_row();
                        }
                    }
                });
            for (day, name) in &page.festivals {
                if day_cell(ui, data, *day, name, width * 2.0, (today, picked)) {
                    clicked = Some(*day);
                }
            }
        });
    clicked
}

/// One day of the grid: its number, the moons' quarters falling on it, the
/// GM's events and each region's weather; today (the party run's) framed,
/// the picked day filled. Whether it was clicked.
fn day_cell(
    ui: &mut Ui,
    data: &CampaignData,
    day: i64,
    title: &str,
    width: f32,
    (today, picked): (i64, i64),
) -> bool {
    let (fill, mark) = (
        ui.visuals().selection.bg_fill,
        ui.visuals().selection.stroke.color,
    );
    let mut frame = egui::Frame::group(ui.style()).inner_margin(4.0);
    if day == picked {
        frame = frame.fill(fill.gamma_multiply(0.35));
    }
    if day == today {
        frame = frame.stroke(egui::Stroke::new(2.0, mark));
    }
    let response = frame
        .show(ui, |ui| {
            ui.vertical(|ui| {
                ui.set_width(width);
                ui.set_min_height(64.0);
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                let mut head = RichText::new(title).strong();
                if day == today {
                    head = head.color(mark);
                }
                cell_contents(ui, data, day, head);
            });
        })
        .response;
    let response = ui
        .interact(
            response.rect,
            ui.scope_id().with(("day", day)),
            egui::Sense::click(),
        )
        .on_hover_text(data.settings.calendar.describe(day));
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Day {title}"))
    });
    response.clicked()
}

/// A day cell's lines: its title, the moons' quarters, the events,
/// each region's weather.
fn cell_contents(ui: &mut Ui, data: &CampaignData, day: i64, head: RichText) {
    let c = &data.settings.calendar;
    ui.label(head);
    // Each quarter says whose it is: a campaign may have two moons.
    for (moon, phase) in c.quarters_on(day) {
        ui.label(
            RichText::new(format!(
                "{} {moon} {}",
                moon_glyph(phase),
                phase.label().to_lowercase()
            ))
            .small(),
        );
    }
    for e in waybook_core::model::CalendarEvent::on_day(data.events.values(), c, day) {
        ui.label(RichText::new(format!("★ {}", e.name)).color(Color32::from_rgb(150, 90, 20)));
    }
    let ahead = if day > data.settings.clock.day {
        "forecast, "
    } else {
        ""
    };
    for r in data.regions_by_name() {
        if let Some(w) = data.weather_on(r.id, day) {
            let text = format!("{}: {ahead}{}", r.name, w.weather);
            ui.label(RichText::new(text).small().weak());
        }
    }
    for w in weather::outside_regions(data, day) {
        ui.label(RichText::new(w.words()).small().weak());
    }
}

fn moon_glyph(phase: waybook_core::model::calendar::Phase) -> &'static str {
    use waybook_core::model::calendar::Phase;
    match phase {
        Phase::New => "●",
        Phase::FirstQuarter => "◐",
        Phase::Full => "○",
        Phase::LastQuarter => "◑",
        _ => "",
    }
}

/// Moving the present of the party the GM runs (`running`) on by days and
/// hours, for a reason.
fn clock_ui(
    ui: &mut Ui,
    state: &mut CalendarState,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("The clock").strong());
    let now = data.settings.when(present::now_of(data, running));
    match running.and_then(|p| data.parties.get(&p)) {
        Some(party) => ui.label(format!("Now, for {}: {now}", party.name)),
        None => ui.label(format!("Now: {now}")),
    };
    let day_hours = data.settings.day_hours;
    state.move_hours.set_rule(limits::hour_of_day(day_hours));
    let (days, hours) = ui
        .horizontal(|ui| {
            let days = state.move_days.ui(ui, "Days", 48.0);
            let hours = state.move_hours.ui(ui, "Hours", 36.0);
            (days, hours)
        })
        .inner;
    ui.horizontal(|ui| state.why.field(ui, "Why", 220.0));
    ui.checkbox(&mut state.unfed, "Unfed: nobody eats on the days passed")
        .on_hover_text(
            "Each day passed is a day at rest: each member eats the day's units from what the party carries, unless booked unfed",
        );
    let hours = days.and_then(|d| hours.map(|h| clock::hours_in(data, d, h)));
    let (_, pressed) = play_button(ui, "Move the clock on", hours, |&h| {
        clock::moved_to(data, running, h)
            .err()
            .map(|e| e.to_string())
    });
    if let Some(hours) = pressed {
        out.push(Command::MoveClock {
            party: running,
            hours,
            meals: if state.unfed {
                Meals::Unfed
            } else {
                Meals::Fed
            },
            why: std::mem::take(&mut state.why).into_text(),
        });
    }
}

/// The day picked: its date, season, moons, weather, the GM's events on it
/// (with the form that adds one) and what happened. The screen an entry
/// asks to open.
fn day_ui(
    ui: &mut Ui,
    state: &mut CalendarState,
    log: &mut ChronicleMemo,
    data: &CampaignData,
    day: i64,
    out: &mut Vec<Command>,
) -> Option<Screen> {
    let c = &data.settings.calendar;
    let index = log.index(data);
    let shown = chronicle::day(data, &index, day, &Filter::default());
    ui.heading(&shown.date);
    if let Some(season) = &shown.season {
        ui.label(season);
    }
    let moons: Vec<String> = shown
        .moons
        .iter()
        .map(|(m, p)| format!("{m} {}", p.label()))
        .collect();
    ui.label(moons.join(" · "));
    for (r, w) in &shown.weather {
        let weather = w.map_or("not rolled", |w| w.weather.as_str());
        ui.label(format!("{}: {weather}", r.name));
    }
    for w in &shown.outside {
        ui.label(w.words());
    }
    ui.separator();
    ui.label(RichText::new("Events").strong());
    let players = waybook_core::exchange::players_view::players(data);
    for e in &shown.events {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("★ {} ({})", e.name, e.when.describe(c)));
            let id = format!("event{}", e.id.0);
            let readers = super::shown::Readers {
                data,
                players: &players,
                owners: &[],
                within: false,
            };
            if let Some(v) = super::shown::share_menu_ui(ui, &id, &e.shown, readers) {
                out.extend(super::shown::share(data, *e, v, |e, v| e.shown = v));
            }
            if ui.small_button(format!("Remove {}", e.name)).clicked() {
                out.push(Command::Apply(records::remove(
                    format!("Remove event {}", e.name),
                    *e,
                )));
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        state.event_name.field(ui, "New event", 160.0);
        if let Some(r) = choice_combo(ui, "event-repeat", "comes", state.repeat) {
            state.repeat = r;
        }
        let when = Recurrence::anchored(state.repeat, c, day);
        let offer_yearly = matches!(when, Err(RepeatError::FestivalMonthly(_)));
        let (_, added) = play_button(ui, "Add event", when.map_err(|e| e.to_string()), |_| None);
        let yearly = offer_yearly
            && ui
                .button(format!(
                    "Add it every year on {}",
                    c.day_words(c.date(day).day)
                ))
                .clicked();
        let when = added.or_else(|| {
            yearly
                .then(|| Recurrence::anchored(Repeat::Year, c, day).ok())
                .flatten()
        });
        if let Some(when) = when {
            out.push(Command::Apply(
                records::add_event(data, state.event_name.text(), when).edit,
            ));
            state.event_name.clear();
        }
    });
    ui.separator();
    ui.label(RichText::new("What happened").strong());
    entries_ui(ui, &mut state.entry_rows, data, (day, &shown.entries), out)
}
