//! The Chronicle screen: the campaign's days as a timeline that zooms from
//! the hours of one day to days, weeks, months and years; each day with its
//! date, moons, each region's weather, the GM's events and what happened,
//! each entry opening the screen it came from; filters by party,
//! character, region and kind; *Print chronicle…* for a range of days.

use super::Screen;
use super::choices::{self, Unpicked, region_combo};
use super::forms::play_button;
use super::input::Entry;
use super::lists::{Heights, Memo};
use crate::app::Command;
use egui::{RichText, Ui};
use std::rc::Rc;
use waybook_core::model::pages::Unit;
use waybook_core::model::{CampaignData, LogEntry, LogKind, PartyId, limits};
use waybook_core::world::chronicle::{self, Filter, Index, Period};
use waybook_rules::Named as _;

waybook_rules::named_enum! {
    /// How much time one row of the timeline holds.
    #[derive(Default)]
    pub enum Zoom("zoom") {
        Hours => "hours" as "Hours",
        #[default]
        Days => "days" as "Days",
        Weeks => "weeks" as "Weeks",
        Months => "months" as "Months",
        Years => "years" as "Years",
    }
}

impl Zoom {
    /// The unit of the calendar a line of this zoom holds (Hours and Days
    /// have lines of their own; a year's line is the widest).
    fn unit(self) -> Unit {
        match self {
            Zoom::Weeks => Unit::Week,
            Zoom::Months => Unit::Month,
            _ => Unit::Year,
        }
    }
}

/// The log's entries by day, made again only when the campaign changes.
#[derive(Debug, Default)]
pub struct ChronicleMemo {
    index: Memo<u64, Index>,
}

impl ChronicleMemo {
    pub fn index(&mut self, data: &CampaignData) -> Rc<Index> {
        self.index.get(data.revision, || Rc::new(Index::of(data)))
    }
}

#[derive(Debug, Default)]
pub struct ChronicleState {
    pub zoom: Zoom,
    /// The day the Hours zoom shows; today's until the GM opens another.
    pub day: Option<i64>,
    pub filter: Filter,
    /// The periods of a zoom, summed again only when something changes.
    periods: Memo<(u64, Zoom, FilterKey), Vec<PeriodLine>>,
    /// The Days zoom scrolls to this day on the next frame.
    scroll_to: Option<i64>,
    /// Whether the Days zoom has been shown (and scrolled to today) yet.
    shown_days: bool,
    /// The Hours zoom's entries as last drawn.
    entry_rows: Heights,
    /// The Days zoom's rows made so far, for (revision, filter).
    day_lines: (
        Option<(u64, FilterKey)>,
        std::collections::HashMap<i64, Row>,
    ),
    /// The days *Print chronicle…* prints: the whole chronicle until the
    /// GM types others.
    print: Option<(Entry<i64>, Entry<i64>)>,
}

/// A filter as a memo key.
type FilterKey = (
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<&'static str>,
    waybook_core::model::SeenFilter,
);

fn key_of(f: &Filter) -> FilterKey {
    (
        f.party.map(|p| p.0),
        f.character.map(|c| c.0),
        f.region.map(|r| r.0),
        f.kind.map(|k| k.key()),
        f.seen,
    )
}

/// The screen each kind of entry came from.
pub fn source(kind: LogKind) -> Screen {
    match kind {
        LogKind::Journey => Screen::Journeys,
        LogKind::Travel => Screen::Travel,
        LogKind::Gathering => Screen::Gathering,
        LogKind::Heroes => Screen::Heroes,
        LogKind::Scene => Screen::Scene,
        LogKind::Hazard => Screen::Hazards,
        LogKind::Dice | LogKind::Table => Screen::Rules,
        LogKind::Event => Screen::Log,
        LogKind::Weather => Screen::Weather,
    }
}

/// Each entry of clock day `day` at its hour with the screen it came from
/// to open, and the lines it said, only those near the view drawn (a long
/// campaign's day may hold hundreds); the screen asked for.
pub fn entries_ui(
    ui: &mut Ui,
    rows: &mut Heights,
    data: &CampaignData,
    (day, entries): (i64, &[&LogEntry]),
    out: &mut Vec<Command>,
) -> Option<Screen> {
    if super::log::unread_log_ui(ui, data) {
        return None;
    }
    if entries.is_empty() {
        ui.label(RichText::new("Nothing was played on this day.").weak());
        return None;
    }
    let mut open = None;
    let players = waybook_core::exchange::players_view::players(data);
    rows.list(day, entries.len());
    for (i, e) in entries.iter().enumerate() {
        rows.row(ui, i, |ui| {
            entry_ui(ui, data, e, &mut open, |ui| {
                out.extend(super::shown::entry_share_ui(ui, data, e, &players));
            });
        });
    }
    open
}

/// One entry: its hour, kind, words, who, the button that opens its
/// screen, who sees it (`share`), and what it said.
fn entry_ui(
    ui: &mut Ui,
    data: &CampaignData,
    e: &LogEntry,
    open: &mut Option<Screen>,
    share: impl FnOnce(&mut Ui),
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{:02}:00", e.at.hour));
        ui.strong(e.kind.label());
        ui.label(&e.why);
        let names = data.names_of(&e.characters);
        if !names.is_empty() {
            ui.label(RichText::new(names.join(", ")).weak());
        }
        let to = source(e.kind);
        if ui.small_button(format!("Open {}", to.label())).clicked() {
            *open = Some(to);
        }
        share(ui);
    });
    for line in &e.said {
        ui.label(RichText::new(format!("    {line}")).weak());
    }
}

impl super::navigation::View for ChronicleState {
    fn view(&mut self, ui: &mut Ui, desk: &mut super::navigation::Desk<'_>) -> Option<Screen> {
        chronicle_ui(
            ui,
            self,
            desk.log_by_day,
            (desk.data, desk.running),
            desk.out,
        )
    }
}

/// The Chronicle screen, from the log by day it shares with the Calendar.
fn chronicle_ui(
    ui: &mut Ui,
    state: &mut ChronicleState,
    log_by_day: &mut ChronicleMemo,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) -> Option<Screen> {
    // Today is the party run's (issue 53).
    let today = waybook_core::world::present::now_of(data, running).day;
    if super::log::unread_log_ui(ui, data) {
        return None;
    }
    let index = log_by_day.index(data);
    let span = index.span(data);
    toolbar_ui(ui, state, data, &span, out);
    ui.separator();
    match state.zoom {
        Zoom::Hours => hours_ui(ui, state, (data, &index, today), &span, out),
        Zoom::Days => {
            ui.label(RichText::new("Click a day to read it hour by hour.").weak());
            days_ui(ui, state, (data, &index, today), &span);
            None
        }
        zoom => {
            periods_ui(ui, state, data, &index, &span, zoom);
            None
        }
    }
}

/// The zoom, the filters and *Print chronicle…*.
fn toolbar_ui(
    ui: &mut Ui,
    state: &mut ChronicleState,
    data: &CampaignData,
    span: &std::ops::RangeInclusive<i64>,
    out: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Zoom:");
        for zoom in Zoom::ALL {
            ui.selectable_value(&mut state.zoom, *zoom, zoom.label());
        }
        ui.separator();
        let f = &mut state.filter;
        choices::party_combo(
            ui,
            "chronicle-party",
            "Party",
            data,
            &mut f.party,
            Unpicked::Offered("every party"),
        );
        let people: Vec<_> = super::lists::characters_by_name(data, |_| true).to_vec();
        choices::record_combo(
            ui,
            "chronicle-character",
            "Character",
            &mut f.character,
            Unpicked::Offered("everyone"),
            &people,
        );
        if let Some(r) = region_combo(
            ui,
            "chronicle-region",
            f.region,
            data,
            Unpicked::Offered("every region"),
        ) {
            f.region = r;
        }
        choices::optional_choice_combo(ui, "chronicle-kind", "Kind", &mut f.kind, "every kind");
        super::shown::filter_ui(ui, "chronicle-seen", &mut f.seen);
    });
    ui.horizontal_wrapped(|ui| {
        let (from, to) = state.print.get_or_insert_with(|| {
            (
                Entry::new(*span.start(), limits::CLOCK_DAY),
                Entry::new(*span.end(), limits::CLOCK_DAY),
            )
        });
        let from = from.ui(ui, "Print from day", 64.0);
        let to = to.ui(ui, "to day", 64.0);
        let days = from.and_then(|from| to.map(|to| (from, to)));
        // Said before the print, not found missing after it.
        let left_out = (days.as_ref().ok())
            .and_then(|&(from, to)| waybook_print::pdf::Sheet::Chronicle { from, to }.left_out());
        let (_, pressed) = play_button(ui, "Print chronicle…", days, |&(from, to)| {
            (from > to).then(|| "The first day comes after the last".to_owned())
        });
        if let Some((from, to)) = pressed {
            out.push(Command::Export(vec![
                waybook_print::pdf::Sheet::Chronicle { from, to },
            ]));
        }
        if let Some(note) = left_out {
            ui.label(RichText::new(note).weak());
        }
    });
}

/// One day, hour by hour, with ◀ ▶ to the days either side.
fn hours_ui(
    ui: &mut Ui,
    state: &mut ChronicleState,
    (data, index, today): (&CampaignData, &Index, i64),
    span: &std::ops::RangeInclusive<i64>,
    out: &mut Vec<Command>,
) -> Option<Screen> {
    let day = state.day.unwrap_or(today);
    let shown = chronicle::day(data, index, day, &state.filter);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(day > *span.start(), egui::Button::new("◀ Day before"))
            .clicked()
        {
            state.day = Some(day - 1);
        }
        ui.heading(&shown.date);
        if ui.button("Day after ▶").clicked() {
            state.day = Some(day + 1);
        }
    });
    ui.label(day_summary(&shown));
    if shown.ahead {
        ui.label(
            RichText::new(
                "This day is ahead of the campaign's clock: nothing on it has happened yet, and the Weather screen gives its forecast.",
            )
            .weak(),
        );
    }
    ui.separator();
    let mut open = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        open = entries_ui(ui, &mut state.entry_rows, data, (day, &shown.entries), out);
    });
    open
}

/// The day's season, moons, weather and events on one line.
fn day_summary(d: &chronicle::Day<'_>) -> String {
    let mut parts: Vec<String> = d.season.iter().cloned().collect();
    parts.extend(d.moons.iter().map(|(m, p)| format!("{m} {}", p.label())));
    parts.extend(
        d.weather
            .iter()
            .filter_map(|(r, w)| Some(format!("{}: {}", r.name, w.as_ref()?.weather))),
    );
    parts.extend(d.outside.iter().map(|w| w.words()));
    parts.extend(d.events.iter().map(|e| format!("★ {}", e.name)));
    parts.join(" · ")
}

/// A day on one line: its date, season, moons, weather and events, and
/// how many entries of each kind.
fn day_line(shown: &chronicle::Day<'_>) -> String {
    let mut kinds: std::collections::BTreeMap<LogKind, usize> = Default::default();
    for e in &shown.entries {
        *kinds.entry(e.kind).or_default() += 1;
    }
    let mut line = format!("{} · {}", shown.date, day_summary(shown));
    if shown.ahead {
        line += " · ahead of the clock";
    }
    let happened: Vec<String> = kinds
        .iter()
        .map(|(k, n)| format!("{} {n}", k.label()))
        .collect();
    if !happened.is_empty() {
        line = format!("{line} · {}", happened.join(", "));
    }
    line
}

/// Every day of the chronicle, a line each, the rows in view only; a day
/// clicked opens its hours.
fn days_ui(
    ui: &mut Ui,
    state: &mut ChronicleState,
    (data, index, today): (&CampaignData, &Index, i64),
    span: &std::ops::RangeInclusive<i64>,
) {
    let first = *span.start();
    let count = usize::try_from(span.end() - first + 1).unwrap_or(0);
    let height = ui.spacing().interact_size.y + 2.0;
    // The bar always shown: one that came and went changed the rows'
    // width every frame, and each truncated line was laid out again.
    let lanes = lane_heads(data, &state.filter);
    lanes_head_ui(ui, &lanes);
    let mut area = egui::ScrollArea::vertical()
        .id_salt("chronicle-days")
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
        .auto_shrink(false);
    if !state.shown_days {
        // First shown: today near the top.
        state.shown_days = true;
        state.scroll_to.get_or_insert(today);
    }
    if let Some(target) = state.scroll_to.take() {
        let row = (target - first - 3).max(0) as f32;
        area = area.vertical_scroll_offset(row * height);
    }
    area.show_rows(ui, height, count, |ui, rows| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        let key = (data.revision, key_of(&state.filter));
        if state.day_lines.0 != Some(key) {
            state.day_lines = (Some(key), std::collections::HashMap::new());
        }
        for row in rows {
            let day = first + row as i64;
            let line = state.day_lines.1.entry(day).or_insert_with(|| Row {
                line: day_line(&chronicle::day(data, index, day, &state.filter)),
                lanes: lane_words(data, index, day..=day, &state.filter, &lanes),
            });
            let mut text = RichText::new(line.line.as_str());
            if day == today {
                text = text.strong();
            }
            if row_ui(ui, text, &line.lanes, height) {
                state.zoom = Zoom::Hours;
                state.day = Some(day);
            }
        }
    });
}

/// The chronicle in weeks, months or years, a period a line; a period
/// clicked opens its days.
fn periods_ui(
    ui: &mut Ui,
    state: &mut ChronicleState,
    data: &CampaignData,
    index: &Index,
    span: &std::ops::RangeInclusive<i64>,
    zoom: Zoom,
) {
    // Lanes in the Weeks zoom only: a month's or a year's lane says little.
    let heads = if zoom == Zoom::Weeks {
        lane_heads(data, &state.filter)
    } else {
        Vec::new()
    };
    let periods = state
        .periods
        .get((data.revision, zoom, key_of(&state.filter)), || {
            Rc::new(
                (data.settings.calendar)
                    .periods(span, zoom.unit())
                    .into_iter()
                    .map(|days| {
                        let p = chronicle::period(data, index, days, &state.filter);
                        PeriodLine {
                            first_day: *p.days.start(),
                            row: Row {
                                line: period_line(&data.settings.calendar, &p, zoom),
                                lanes: lane_words(data, index, p.days, &state.filter, &heads),
                            },
                        }
                    })
                    .collect(),
            )
        });
    let height = ui.spacing().interact_size.y + 2.0;
    lanes_head_ui(ui, &heads);
    // The bar always shown, as the Days zoom's.
    egui::ScrollArea::vertical()
        .id_salt("chronicle-periods")
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
        .auto_shrink(false)
        .show_rows(ui, height, periods.len(), |ui, rows| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for p in &periods[rows] {
                if row_ui(ui, RichText::new(p.row.line.as_str()), &p.row.lanes, height) {
                    state.zoom = Zoom::Days;
                    state.scroll_to = Some(p.first_day);
                }
            }
        });
}

/// A period of the Weeks, Months or Years zoom as its line reads, made
/// once per change: a frame only draws the lines in view.
#[derive(Debug)]
struct PeriodLine {
    first_day: i64,
    row: Row,
}

/// A row of the Days or Weeks zoom: the world's line, then each party's
/// lane (issue 53: "the world's chronicle shows every party's days side
/// by side").
#[derive(Debug)]
struct Row {
    line: String,
    lanes: Vec<String>,
}

/// How many parties' lanes a row has room for at 1280 px; a party past
/// them is read by picking it in the filter.
const LANES_SHOWN: usize = 3;
/// A lane's width.
const LANE_WIDTH: f32 = 200.0;

/// The parties given a lane: none with one party, or with a party picked
/// (the chronicle is then that party's own); else the first few.
fn lane_heads(data: &CampaignData, filter: &Filter) -> Vec<(PartyId, String)> {
    if data.parties.len() < 2 || filter.party.is_some() {
        return Vec::new();
    }
    (data.parties.values().take(LANES_SHOWN))
        .map(|p| (p.id, p.name.clone()))
        .collect()
}

/// The lanes of `days` for the parties `heads` names.
fn lane_words(
    data: &CampaignData,
    index: &Index,
    days: std::ops::RangeInclusive<i64>,
    filter: &Filter,
    heads: &[(PartyId, String)],
) -> Vec<String> {
    if heads.is_empty() {
        return Vec::new();
    }
    let lanes = chronicle::lanes(data, index, days, filter);
    (heads.iter())
        .map(|(id, _)| {
            (lanes.iter().find(|l| l.party == *id)).map_or_else(String::new, chronicle::Lane::words)
        })
        .collect()
}

/// The heading of the lanes: "The world's days", then each party's name.
fn lanes_head_ui(ui: &mut Ui, heads: &[(PartyId, String)]) {
    if heads.is_empty() {
        return;
    }
    let names: Vec<String> = heads.iter().map(|(_, name)| name.clone()).collect();
    columns_ui(ui, 18.0, &names, |ui| {
        ui.label(RichText::new("The world's days").strong());
    });
}

/// A row: its line (clicked: whether it was) and its lanes.
fn row_ui(ui: &mut Ui, line: RichText, lanes: &[String], height: f32) -> bool {
    if lanes.is_empty() {
        return ui.selectable_label(false, line).clicked();
    }
    columns_ui(ui, height, lanes, |ui| {
        ui.selectable_label(false, line).clicked()
    })
}

/// The world's column, drawn by `world`, then a lane's column for each of
/// `lanes`: each of a fixed width, so the lanes stand under their names
/// whatever the world's line says, and none runs off the window.
fn columns_ui<R>(
    ui: &mut Ui,
    height: f32,
    lanes: &[String],
    world: impl FnOnce(&mut Ui) -> R,
) -> R {
    ui.horizontal(|ui| {
        let gap = ui.spacing().item_spacing.x;
        let taken = (LANE_WIDTH + gap) * lanes.len() as f32;
        let width = (ui.available_width() - taken).max(200.0);
        let layout = egui::Layout::left_to_right(egui::Align::Center);
        let drawn = ui.allocate_ui_with_layout(egui::vec2(width, height), layout, |ui| {
            ui.set_width(width);
            world(ui)
        });
        for lane in lanes {
            ui.allocate_ui_with_layout(egui::vec2(LANE_WIDTH, height), layout, |ui| {
                ui.set_width(LANE_WIDTH);
                ui.add(egui::Label::new(lane.as_str()).truncate());
            });
        }
        drawn.inner
    })
    .inner
}

/// "Week of … · Travel 3 · ★ 1 · Plain: Rain (2 d)".
fn period_line(c: &waybook_core::model::calendar::Calendar, p: &Period, zoom: Zoom) -> String {
    let mut parts = vec![period_label(c, p, zoom)];
    parts.extend(p.entries.iter().map(|(k, n)| format!("{} {n}", k.label())));
    if p.events > 0 {
        parts.push(format!("★ {}", p.events));
    }
    parts.extend(
        p.weather
            .iter()
            .map(|(r, w, n)| format!("{r}: {w} ({n} d)")),
    );
    parts.join(" · ")
}

/// "Week of Fireday 14 Harvestmoon 1203", "Harvestmoon 1203", "1203 of the Crossing".
fn period_label(c: &waybook_core::model::calendar::Calendar, p: &Period, zoom: Zoom) -> String {
    let date = c.date(*p.days.start());
    match zoom {
        Zoom::Weeks => format!("Week of {}", c.describe(*p.days.start())),
        Zoom::Months => {
            let (year, month) = c.page_of(*p.days.start());
            format!("{} {year}", c.months[month].name)
        }
        _ => format!("{} {}", date.year, c.era),
    }
}
