//! The journeys screen: plan a party's journey (routes and legs, the daily
//! pattern and watch rota, changes per day and per character), see every test
//! with its TG and the exact exhaustion forecast per character and day, the
//! food ledger, and play the journey out hour by hour or day by day.

mod days;
mod gear;
mod ledger;
mod play;
mod route;

use days::days_ui;
use ledger::{charts_ui, food_ui};
use play::play_ui;
use route::route_ui;
use waybook_core::model::plural;

use super::choices::choice_combo;
use super::input::{ERROR_COLOUR, Typing};
use super::lists;
use crate::app::Command;
use egui::{Color32, RichText, Ui};
use std::ops::RangeInclusive;
use waybook_core::edits::records;
use waybook_core::model::{
    Activity, CampaignData, CharacterId, DayChange, DayPattern, HourWindow, Journey, JourneyId,
    Leg, PartyId, Route, Temperature, limits,
};
use waybook_core::plan::play::Until;
use waybook_core::plan::{self, FoodLedger, JourneyPlanView};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tab {
    #[default]
    Route,
    Days,
    Food,
    Charts,
    Play,
}

#[derive(Default)]
pub struct JourneysState {
    pub selected: Option<JourneyId>,
    pub tab: Tab,
    /// The day shown on the Days tab (0 is the first).
    pub day: i64,
    pub fields: Typing,
    /// The Route tab's legs, drawn only near the view.
    legs: lists::Heights,
    /// The place each trip's map route was last asked to.
    trip_to: std::collections::BTreeMap<JourneyId, waybook_core::model::PlaceId>,
    /// Each plan as the GM last looked at it or printed it: what changed
    /// since is said until they have seen it.
    seen: std::collections::BTreeMap<JourneyId, Seen>,
    /// The journey drawn and the pass it was drawn in: a change made while
    /// the GM looks at the plan is seen as it is made.
    drawn: Option<(JourneyId, u64)>,
    /// The journeys whose changes are being shown until the GM has seen them.
    unseen: std::collections::BTreeSet<JourneyId>,
    /// The plan, ledger and route comparison for (revision, journey):
    /// recomputed only when the campaign changes.
    cache: Option<Computed>,
    /// Why New journey is greyed, for (revision, party run): a party's
    /// trip under way is found by planning it, too slow for every frame.
    new_refused: Option<(RefusalKey, Option<String>)>,
    /// The players a plan may be shown to.
    playing: lists::Playing,
    /// The map's places by name, for the trip's destination.
    places: lists::Places,
}

/// What New journey's refusal was found for: the campaign's revision and
/// the party run.
type RefusalKey = (u64, Option<PartyId>);

/// A plan as the GM last saw it: looked at, or printed (at the campaign's
/// time given).
struct Seen {
    summary: plan::summary::Summary,
    printed_at: Option<waybook_core::model::ClockTime>,
}

impl Seen {
    fn looked(summary: &plan::summary::Summary) -> Self {
        Self {
            summary: summary.clone(),
            printed_at: None,
        }
    }
}

impl JourneysState {
    /// The plans as their packets were last printed, kept in the campaign
    /// (`kept`): what changed since is said on opening it again.
    pub fn recall_printed(&mut self, kept: &std::collections::BTreeMap<String, String>) {
        for (key, value) in kept {
            let Some(journey) = plan::summary::Printed::journey_of(key) else {
                continue;
            };
            // A note that no longer reads is only a comparison lost.
            if let Ok(printed) = serde_json::from_str::<plan::summary::Printed>(value) {
                let seen = Seen {
                    summary: printed.summary,
                    printed_at: Some(printed.at),
                };
                self.seen.insert(journey, seen);
            }
        }
    }
}

impl std::fmt::Debug for JourneysState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JourneysState")
            .field("selected", &self.selected)
            .field("day", &self.day)
            .finish()
    }
}

struct Computed {
    revision: u64,
    journey: JourneyId,
    /// Why the journey cannot be played on now: worked out once per
    /// change (it may plan the party's trip under way).
    refusal: Option<plan::play::PlayError>,
    /// What the party has for its ways of travelling.
    gear: plan::gear::Gear,
    /// The watch rota, as the plan reads it.
    rota: Rota,
    view: JourneyPlanView,
    food: FoodLedger,
    routes: Vec<plan::RouteFigures>,
    /// What the plan comes to, to say what changed since it was seen.
    summary: plan::summary::Summary,
    /// The days setbacks are expected to add on the paths ahead.
    setbacks: Option<plan::setbacks::SetbackDays>,
    /// The exhaustion chart's lines, worked out when the Charts tab is first
    /// shown.
    chart: std::cell::OnceCell<ledger::ChartLines>,
}

const RISK: Color32 = Color32::from_rgb(0xb0, 0x4a, 0x1c);

pub fn journeys_ui(
    ui: &mut Ui,
    state: &mut JourneysState,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    shown_journey(state, data);
    let names = data.journeys.values().map(|j| j.name.as_str());
    lists::list_panel(ui, "journey-list", names, (200.0, 340.0))
        .show(ui, |ui| journey_list_ui(ui, state, (data, running), out));
    egui::CentralPanel::default().show(ui, |ui| {
        let Some(journey) = state.selected.and_then(|id| data.journeys.get(&id)) else {
            ui.label(RichText::new("No journey yet.").weak());
            return;
        };
        let computed = computed(state.cache.take(), data, journey);
        let Computed {
            view,
            food,
            routes,
            chart,
            summary,
            setbacks,
            refusal,
            gear,
            rota,
            ..
        } = &computed;
        header_ui(ui, state, data, journey, (view, summary), out);
        if let Some(s) = setbacks {
            ui.label(setback_words(s)).on_hover_text(
                "Each path's rounds are planned as days; the route forecast's odds of setbacks and getting lost say how many more to expect",
            );
        }
        let pass = ui.ctx().cumulative_pass_nr();
        let looking = state.drawn.is_some_and(|(j, at)| j == journey.id && at + 1 >= pass);
        state.drawn = Some((journey.id, pass));
        if looking && !state.unseen.contains(&journey.id) {
            state.seen.insert(journey.id, Seen::looked(summary));
        }
        changed_since_ui(ui, state, data, journey, summary);
        ui.separator();
        // Each tab keeps its own place: the Food tab scrolled down does
        // not open the Charts tab halfway.
        egui::ScrollArea::vertical()
            .id_salt(("journey-tab", state.tab))
            .auto_shrink(false)
            .show(ui, |ui| match state.tab {
                Tab::Route => {
                    let forms = (&mut state.fields, &mut state.legs);
                    let to = (&mut state.trip_to, &mut state.places);
                    route_ui(ui, (forms, to), data, (journey, gear, rota), view, routes, out)
                }
                Tab::Days => days_ui(ui, state, data, journey, view, food, out),
                Tab::Food => food_ui(ui, journey, food, view, &data.settings.calendar),
                Tab::Charts => {
                    let chart = chart.get_or_init(|| ledger::chart_lines(view));
                    charts_ui(ui, journey, view, food, chart)
                }
                Tab::Play => play_ui(ui, data, (journey, view, refusal.as_ref()), out),
            });
        state.cache = Some(computed);
    });
}

/// The journeys of the campaign, New journey (for the party the GM
/// runs; greyed, saying why, while it is on a trip) and Delete journey.
fn journey_list_ui(
    ui: &mut Ui,
    state: &mut JourneysState,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    ui.heading("Journeys");
    if !data.parties.is_empty() {
        let key = (data.revision, running);
        if state.new_refused.as_ref().is_none_or(|(k, _)| *k != key) {
            let party = running.or_else(|| data.parties.keys().next().copied());
            let why = party.and_then(|p| records::journey_refused(data, p));
            state.new_refused = Some((key, why));
        }
        let refusal = state.new_refused.as_ref().and_then(|(_, why)| why.clone());
        if super::forms::step_button(ui, "New journey", refusal).clicked()
            && let Ok(added) = new_journey(data, running)
        {
            out.push(chosen(state, added));
        }
    }
    if let Some(j) = state.selected.and_then(|id| data.journeys.get(&id))
        && ui
            .button("Delete journey")
            .on_hover_text("Ctrl+Z brings it back")
            .clicked()
    {
        out.push(Command::Apply(records::remove(
            format!("Delete journey {}", j.name),
            j,
        )));
    }
    if data.parties.is_empty() {
        ui.label(RichText::new("Add a party first: a journey belongs to a party.").weak());
    }
    ui.add_space(6.0);
    // Only the rows in view are drawn: a long campaign has hundreds.
    let journeys: Vec<&Journey> = data.journeys.values().collect();
    let height = ui.available_height();
    lists::rows_in_view(ui, "journey-rows", journeys.len(), height, |ui, i| {
        let j = journeys[i];
        if ui
            .selectable_label(state.selected == Some(j.id), &j.name)
            .clicked()
        {
            state.selected = Some(j.id);
            state.day = 0;
        }
    });
}

/// The journey the screen shows: the one chosen, else the first.
pub(super) fn shown_journey(state: &mut JourneysState, data: &CampaignData) -> Option<JourneyId> {
    if state
        .selected
        .is_none_or(|id| !data.journeys.contains_key(&id))
    {
        state.selected = data.journeys.keys().next().copied();
    }
    state.selected
}

/// A new journey for `running` (the party the GM runs; the first, when
/// none is), or why there is none.
pub(super) fn new_journey(
    data: &CampaignData,
    running: Option<PartyId>,
) -> Result<records::Added<Journey>, String> {
    let party = running
        .or_else(|| data.parties.keys().next().copied())
        .ok_or_else(|| "Add a party first: a journey belongs to a party".to_owned())?;
    records::add_journey(data, party)
}

/// The journey `added`, chosen.
pub(super) fn chosen(state: &mut JourneysState, added: records::Added<Journey>) -> Command {
    state.selected = Some(added.id);
    state.day = 0;
    Command::Apply(added.edit)
}

/// The watch rota of a journey, worked out once per change.
struct Rota {
    /// Who may keep watch, by name: the party's members but its animals
    /// (a party may be thousands: sorted once per change, not each frame).
    can_watch: Vec<CharacterId>,
    /// How many of them keep watch ([`plan::on_watch`]).
    watching: usize,
}

/// The plan, ledger and route comparison of a journey: the cached ones while
/// the campaign has not changed, else computed afresh.
fn computed(cache: Option<Computed>, data: &CampaignData, journey: &Journey) -> Computed {
    match cache {
        Some(c) if c.revision == data.revision && c.journey == journey.id => c,
        _ => {
            let plan::Figures { view, food, routes } = plan::figures(data, journey);
            Computed {
                revision: data.revision,
                journey: journey.id,
                summary: plan::summary::Summary::of(data, journey, &view, &food),
                refusal: plan::play::why_not(data, journey, &view),
                gear: plan::gear::gear(data, journey),
                rota: Rota {
                    can_watch: (plan::can_watch(data, journey.party).iter())
                        .map(|c| c.id)
                        .collect(),
                    watching: plan::on_watch(data, journey).len(),
                },
                setbacks: plan::setbacks::setback_days(
                    data,
                    journey,
                    view.road_hours_played(journey.played_hours),
                ),
                view,
                food,
                routes,
                chart: std::cell::OnceCell::new(),
            }
        }
    }
}

/// The hours a weather holds, "from [10] to [18]" (0 to the day's end, or
/// equal ends: all day; a `to` before the `from` runs over midnight);
/// `Some` with the new window when the GM changes one end.
fn weather_hours_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    key: &str,
    window: Option<HourWindow>,
    day_hours: i64,
) -> Option<Option<HourWindow>> {
    let shown = window.unwrap_or(HourWindow {
        from: 0,
        to: day_hours,
    });
    let hours = limits::hours_in_day(day_hours);
    let from = fields.whole(ui, &format!("{key}:from"), "from hour", shown.from, &hours);
    let to = fields.whole(ui, &format!("{key}:to"), "to hour", shown.to, &hours);
    if from.is_none() && to.is_none() {
        return None;
    }
    Some(HourWindow::from_ends(
        from.unwrap_or(shown.from),
        to.unwrap_or(shown.to),
        day_hours,
    ))
}

fn whole(
    ui: &mut Ui,
    fields: &mut Typing,
    j: &Journey,
    key: &str,
    label: &str,
    value: i64,
    range: RangeInclusive<i64>,
) -> Option<i64> {
    fields.whole(
        ui,
        &format!("journey{}:{key}", j.id.0),
        label,
        value,
        &range,
    )
}

fn header_ui(
    ui: &mut Ui,
    state: &mut JourneysState,
    data: &CampaignData,
    j: &Journey,
    (view, summary): (&JourneyPlanView, &plan::summary::Summary),
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let key = format!("journey{}:name", j.id.0);
        if let Some(name) = state.fields.text(ui, &key, "Journey", &j.name, 200.0) {
            state.fields.commit(out, j, "name", |j| j.name = name);
        }
        let party = data
            .parties
            .get(&j.party)
            .map_or("(no party)", |p| p.name.as_str());
        ui.label(RichText::new(format!("for {party}")).weak());
        let players = state.playing.get(data);
        let id = format!("journey{}:shown", j.id.0);
        let owners = [j.party];
        let readers = crate::ui::shown::Readers {
            data,
            players: &players,
            owners: &owners,
            within: true,
        };
        if let Some(v) = crate::ui::shown::share_menu_ui(ui, &id, &j.plan.shown, readers) {
            out.extend(crate::ui::shown::share(data, j, v, |j, v| j.plan.shown = v));
        }
    });
    let started = j.played_hours > 0;
    ui.horizontal(|ui| {
        ui.add_enabled_ui(!started, |ui| start_ui(ui, state, data, j, out))
            .response
            .on_disabled_hover_text("The journey has set off: its start can no longer move.");
        ui.label(RichText::new(format!("({})", data.settings.when(j.start))).weak());
        ui.separator();
        ui.label(format!(
            "{} · {} on the road · played {} of {}",
            plural(view.days.len(), "day"),
            plural(view.road_hours, "hour"),
            j.played_hours.min(view.total_hours()),
            plural(view.total_hours(), "hour")
        ));
    });
    for warning in view.warnings() {
        ui.label(RichText::new(format!("⚠ {warning}")).color(ERROR_COLOUR));
    }
    ui.horizontal(|ui| {
        for (tab, label) in [
            (Tab::Route, "Route"),
            (Tab::Days, "Day by day"),
            (Tab::Food, "Food"),
            (Tab::Charts, "Charts"),
            (Tab::Play, "Play"),
        ] {
            ui.selectable_value(&mut state.tab, tab, label);
        }
        ui.separator();
        if ui
            .button("Export packet PDF…")
            .on_hover_text("The plan day by day, the food ledger, the watch rota and the log")
            .clicked()
        {
            out.push(Command::Export(vec![waybook_print::pdf::Sheet::Journey(
                j.id,
            )]));
            // Printed: what it says now is what the GM has in hand.
            let seen = Seen {
                summary: summary.clone(),
                printed_at: Some(waybook_core::world::present::now_of(data, Some(j.party))),
            };
            state.seen.insert(j.id, seen);
        }
    });
}

/// "Setbacks may add 1.4 days on the paths ahead (at most 3 in nine trips
/// of ten), 392 food units".
fn setback_words(s: &plan::setbacks::SetbackDays) -> String {
    format!(
        "Setbacks may add {} on the paths ahead (at most {} in nine trips of ten), {} food units",
        plural_decimal(s.expected, "day"),
        s.nine_in_ten,
        waybook_core::model::decimal(s.food_units.round())
    )
}

/// "1.4 days", "1 day".
fn plural_decimal(n: f64, one: &str) -> String {
    let n = (n * 10.0).round() / 10.0;
    let word = if n == 1.0 {
        one.to_owned()
    } else {
        format!("{one}s")
    };
    format!("{} {word}", waybook_core::model::decimal(n))
}

/// What changed in the plan since the GM last looked at it or printed
/// it, until they say they have seen it; a plan first shown is seen.
fn changed_since_ui(
    ui: &mut Ui,
    state: &mut JourneysState,
    data: &CampaignData,
    j: &Journey,
    now: &plan::summary::Summary,
) {
    let Some(before) = state.seen.get(&j.id) else {
        state.seen.insert(j.id, Seen::looked(now));
        return;
    };
    let lines = now.changes_since(&before.summary);
    if lines.is_empty() {
        state.unseen.remove(&j.id);
        return;
    }
    let heading = match before.printed_at {
        Some(at) => format!(
            "Changed since its packet was printed ({}):",
            data.settings.when(at)
        ),
        None => "Changed since you last looked at this plan or printed it:".to_owned(),
    };
    state.unseen.insert(j.id);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(RichText::new(heading).strong());
        for line in &lines {
            ui.label(line);
        }
        if ui
            .button("Seen")
            .on_hover_text("Keep the plan as it is now as the one to compare with")
            .clicked()
        {
            state.seen.insert(j.id, Seen::looked(now));
            state.unseen.remove(&j.id);
        }
    });
}

fn start_ui(
    ui: &mut Ui,
    state: &mut JourneysState,
    data: &CampaignData,
    j: &Journey,
    out: &mut Vec<Command>,
) {
    let fields = &mut state.fields;
    if let Some(day) = whole(
        ui,
        fields,
        j,
        "start-day",
        "Sets off on day",
        j.start.day,
        limits::journey_start_day(data.settings.clock.day),
    ) {
        fields.commit(out, j, "start", |j| j.start.day = day);
    }
    if let Some(hour) = whole(
        ui,
        fields,
        j,
        "start-hour",
        "at hour",
        j.start.hour,
        limits::hour_of_day(data.settings.day_hours),
    ) {
        fields.commit(out, j, "start", |j| j.start.hour = hour);
    }
}
