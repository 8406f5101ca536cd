//! The journeys screen: plan a party's journey (routes and legs, the daily
//! pattern and watch rota, changes per day and per character), see every test
//! with its TG and the exact exhaustion forecast per character and day, the
//! food ledger, and play the journey out hour by hour or day by day.

use super::fields::{ERROR_COLOUR, FieldBuffers, record_edit};
use crate::app::Command;
use crate::model::{
    Activity, CampaignData, Change, CharacterId, Choice, DayChange, DayPattern, Journey, JourneyId,
    Leg, Route, Temperature, Terrain, limits,
};
use crate::plan::play::Until;
use crate::plan::{self, FoodLedger, JourneyPlanView};
use egui::{Color32, RichText, Ui};
use std::ops::RangeInclusive;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
    pub fields: FieldBuffers,
    /// The plan, ledger and route comparison for (revision, journey):
    /// recomputed only when the campaign changes.
    cache: Option<Computed>,
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
    view: JourneyPlanView,
    food: FoodLedger,
    routes: Vec<plan::RouteFigures>,
}

const RISK: Color32 = Color32::from_rgb(0xb0, 0x4a, 0x1c);

pub fn journeys_ui(
    ui: &mut Ui,
    state: &mut JourneysState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    if state
        .selected
        .is_none_or(|id| !data.journeys.contains_key(&id))
    {
        state.selected = data.journeys.keys().next().copied();
    }
    egui::Panel::left("journey-list")
        .resizable(true)
        .default_size(200.0)
        .show(ui, |ui| {
            ui.heading("Journeys");
            for j in data.journeys.values() {
                if ui
                    .selectable_label(state.selected == Some(j.id), &j.name)
                    .clicked()
                {
                    state.selected = Some(j.id);
                    state.day = 0;
                }
            }
            ui.add_space(6.0);
            if let Some(party) = data.parties.keys().next()
                && ui.button("New journey").clicked()
            {
                let journey = new_journey(data, *party);
                state.selected = Some(journey.id);
                out.push(Command::Apply(crate::model::Edit::new(
                    "New journey",
                    vec![Change::journey(None, Some(&journey))],
                )));
            }
            if let Some(j) = state.selected.and_then(|id| data.journeys.get(&id))
                && ui
                    .button("Delete journey")
                    .on_hover_text("Ctrl+Z brings it back")
                    .clicked()
            {
                out.push(Command::Apply(crate::model::Edit::new(
                    format!("Delete journey {}", j.name),
                    vec![Change::journey(Some(j), None)],
                )));
            }
            if data.parties.is_empty() {
                ui.label(RichText::new("Add a party first: a journey belongs to a party.").weak());
            }
        });
    egui::CentralPanel::default().show(ui, |ui| {
        let Some(journey) = state.selected.and_then(|id| data.journeys.get(&id)) else {
            ui.label(RichText::new("No journey yet.").weak());
            return;
        };
        let fresh = state
            .cache
            .as_ref()
            .is_some_and(|c| c.revision == data.revision && c.journey == journey.id);
        let computed = match state.cache.take() {
            Some(c) if fresh => c,
            _ => {
                let view = plan::plan(data, journey);
                let food = plan::food_ledger(data, journey, &view);
                let routes = plan::compare_routes(data, journey);
                Computed {
                    revision: data.revision,
                    journey: journey.id,
                    view,
                    food,
                    routes,
                }
            }
        };
        let Computed {
            view, food, routes, ..
        } = &computed;
        header_ui(ui, state, data, journey, view, out);
        ui.separator();
        egui::ScrollArea::vertical()
            .auto_shrink(false)
            .show(ui, |ui| match state.tab {
                Tab::Route => route_ui(ui, &mut state.fields, data, journey, view, routes, out),
                Tab::Days => days_ui(ui, state, data, journey, view, food, out),
                Tab::Food => food_ui(ui, food, view),
                Tab::Charts => charts_ui(ui, journey, view, food),
                Tab::Play => play_ui(ui, journey, view, out),
            });
        state.cache = Some(computed);
    });
}

fn new_journey(data: &CampaignData, party: crate::model::PartyId) -> Journey {
    Journey {
        id: data.next_journey_id(),
        name: "New journey".to_owned(),
        party,
        start: data.settings.clock,
        plan: crate::model::JourneyPlan {
            methods: crate::model::Method::standard(),
            routes: vec![Route {
                name: "Main route".to_owned(),
                legs: vec![Leg {
                    name: "First leg".to_owned(),
                    method: 0,
                    distance_km: 32.0,
                    terrain: Terrain::Normal,
                    altitude_m: 0,
                    temperature: Temperature::Normal,
                    depth_m: 0,
                }],
            }],
            chosen: 0,
            pattern: crate::model::DayPattern::default(),
            food_order: crate::model::FoodOrder::default(),
            days: Default::default(),
        },
        played_hours: 0,
        log: Vec::new(),
        food_left: Vec::new(),
    }
}

/// Pushes the edit that changes the journey, a draft while a field is typed.
fn commit(
    out: &mut Vec<Command>,
    fields: &mut FieldBuffers,
    j: &Journey,
    what: &str,
    change: impl FnOnce(&mut Journey),
) {
    let edit = record_edit(
        j,
        format!("Change {what} of {}", j.name),
        change,
        |before, after| Change::journey(Some(&before), Some(&after)),
    );
    out.extend(fields.command(edit));
}

fn whole(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
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
    view: &JourneyPlanView,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let key = format!("journey{}:name", j.id.0);
        if let Some(name) = state.fields.text(ui, &key, "Journey", &j.name, 200.0) {
            commit(out, &mut state.fields, j, "name", |j| j.name = name);
        }
        let party = data
            .parties
            .get(&j.party)
            .map_or("(no party)", |p| p.name.as_str());
        ui.label(RichText::new(format!("for {party}")).weak());
    });
    let started = j.played_hours > 0;
    ui.horizontal(|ui| {
        ui.add_enabled_ui(!started, |ui| start_ui(ui, state, data, j, out))
            .response
            .on_disabled_hover_text("The journey has set off: its start can no longer move.");
        ui.separator();
        ui.label(format!(
            "{} days · {} hours on the road · played {} of {} hours",
            view.days.len(),
            view.road_hours,
            j.played_hours.min(view.total_hours()),
            view.total_hours()
        ));
    });
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
            out.push(Command::Export(vec![crate::pdf::Sheet::Journey(j.id)]));
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
        0..=100_000,
    ) {
        commit(out, fields, j, "start", |j| j.start.day = day);
    }
    let last_hour = data.settings.day_hours - 1;
    if let Some(hour) = whole(
        ui,
        fields,
        j,
        "start-hour",
        "at hour",
        j.start.hour,
        0..=last_hour,
    ) {
        commit(out, fields, j, "start", |j| j.start.hour = hour);
    }
}

fn choice_combo<C: Choice>(ui: &mut Ui, id: &str, label: &str, value: C) -> Option<C> {
    let mut chosen = value;
    let label_id = ui.label(label).id;
    egui::ComboBox::from_id_salt(id)
        .selected_text(chosen.label())
        .show_ui(ui, |ui| {
            for c in C::iter() {
                ui.selectable_value(&mut chosen, c, c.label());
            }
        })
        .response
        .labelled_by(label_id);
    (chosen != value).then_some(chosen)
}

fn route_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    data: &CampaignData,
    j: &Journey,
    view: &JourneyPlanView,
    routes: &[plan::RouteFigures],
    out: &mut Vec<Command>,
) {
    let started = j.played_hours > 0;
    ui.heading("Routes compared");
    egui::Grid::new("routes")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for title in [
                "Route",
                "Road hours",
                "Days",
                "Tests",
                "Expected exhaustion",
                "Food units",
            ] {
                ui.strong(title);
            }
            ui.end_row();
            for (i, figures) in routes.iter().enumerate() {
                let chosen = j.plan.chosen == i;
                let button = egui::Button::selectable(chosen, &figures.name);
                if ui
                    .add_enabled(!started || chosen, button)
                    .on_disabled_hover_text(
                        "The party is on its way: change the legs ahead instead",
                    )
                    .clicked()
                {
                    commit(out, fields, j, "route", |j| j.plan.chosen = i);
                }
                ui.label(figures.road_hours.to_string());
                ui.label(figures.days.to_string());
                ui.label(figures.tests.to_string());
                ui.label(format!("{:.1}", figures.expected_exhaustion));
                ui.label(format!("{:.0}", figures.food_units));
                ui.end_row();
            }
        });
    if ui.button("Add a route (copy of this one)").clicked()
        && let Some(route) = j.route()
    {
        let copy = Route {
            name: format!("{} (variant)", route.name),
            legs: route.legs.clone(),
        };
        commit(out, fields, j, "routes", |j| {
            j.plan.routes.push(copy);
            j.plan.chosen = j.plan.routes.len() - 1;
        });
    }
    ui.add_space(8.0);
    let Some(route) = j.route() else { return };
    let r = j.plan.chosen;
    ui.heading(format!("Legs of {}", route.name));
    let travelled = view.road_hours_played(j.played_hours);
    let mut leg_start = 0usize;
    for (i, leg) in route.legs.iter().enumerate() {
        let key = |f: &str| format!("journey{}:route{r}:leg{i}:{f}", j.id.0);
        let hours = j
            .plan
            .methods
            .get(leg.method)
            .map_or(0, |m| plan::leg_hours(leg.distance_km, m, leg.terrain));
        leg_start += usize::try_from(hours).unwrap_or(0);
        // A leg already travelled is history: it can no longer change.
        let behind = leg_start <= travelled && travelled > 0;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.add_enabled_ui(!behind, |ui| {
                ui.horizontal_wrapped(|ui| {
                    if let Some(name) = fields.text(
                        ui,
                        &key("name"),
                        &format!("Leg {}", i + 1),
                        &leg.name,
                        150.0,
                    ) {
                        commit(out, fields, j, "leg", |j| {
                            j.plan.routes[r].legs[i].name = name
                        });
                    }
                    let label_id = ui.label("by").id;
                    let mut method = leg.method;
                    egui::ComboBox::from_id_salt(key("method"))
                        .selected_text(j.plan.methods.get(method).map_or("?", |m| m.name.as_str()))
                        .show_ui(ui, |ui| {
                            for (m, method_def) in j.plan.methods.iter().enumerate() {
                                ui.selectable_value(
                                    &mut method,
                                    m,
                                    format!(
                                        "{} ({} km/h)",
                                        method_def.name, method_def.km_per_hour
                                    ),
                                );
                            }
                        })
                        .response
                        .labelled_by(label_id);
                    if method != leg.method {
                        commit(out, fields, j, "method", |j| {
                            j.plan.routes[r].legs[i].method = method
                        });
                    }
                    if let Some(km) = fields.decimal(ui, &key("km"), "km", leg.distance_km, |t| {
                        limits::parse_decimal(t, &(0.0..=100_000.0))
                    }) {
                        commit(out, fields, j, "distance", |j| {
                            j.plan.routes[r].legs[i].distance_km = km
                        });
                    }
                    if let Some(t) = choice_combo(ui, &key("terrain"), "terrain", leg.terrain) {
                        commit(out, fields, j, "terrain", |j| {
                            j.plan.routes[r].legs[i].terrain = t
                        });
                    }
                    if let Some(m) = fields.whole(
                        ui,
                        &key("alt"),
                        "altitude m",
                        leg.altitude_m,
                        &(-500..=9_000),
                    ) {
                        commit(out, fields, j, "altitude", |j| {
                            j.plan.routes[r].legs[i].altitude_m = m
                        });
                    }
                    if let Some(t) = choice_combo(ui, &key("temp"), "weather", leg.temperature) {
                        commit(out, fields, j, "weather", |j| {
                            j.plan.routes[r].legs[i].temperature = t
                        });
                    }
                    if j.plan.methods.get(leg.method).is_some_and(|m| m.swimming)
                        && let Some(d) =
                            fields.whole(ui, &key("depth"), "depth m", leg.depth_m, &(0..=11_000))
                    {
                        commit(out, fields, j, "depth", |j| {
                            j.plan.routes[r].legs[i].depth_m = d
                        });
                    }
                    ui.label(RichText::new(format!("= {hours} h")).strong());
                    if ui
                        .small_button("✕")
                        .on_hover_text("Remove this leg")
                        .clicked()
                    {
                        commit(out, fields, j, "legs", |j| {
                            j.plan.routes[r].legs.remove(i);
                        });
                    }
                })
            })
            .response
            .on_disabled_hover_text("Travelled already: this leg is part of the journey's history");
        });
    }
    if ui.button("Add leg").clicked() {
        let last = route.legs.last().cloned();
        commit(out, fields, j, "legs", |j| {
            j.plan.routes[r].legs.push(last.map_or_else(
                || Leg {
                    name: "New leg".into(),
                    method: 0,
                    distance_km: 10.0,
                    terrain: Terrain::Normal,
                    altitude_m: 0,
                    temperature: Temperature::Normal,
                    depth_m: 0,
                },
                |l| Leg {
                    name: "New leg".into(),
                    ..l
                },
            ))
        });
    }
    ui.add_space(8.0);
    methods_ui(ui, fields, j, out);
    ui.add_space(8.0);
    pattern_ui(ui, fields, data, j, view.day_in_play(j.played_hours), out);
}

/// The ways of travelling and their speeds; the GM adds their own.
fn methods_ui(ui: &mut Ui, fields: &mut FieldBuffers, j: &Journey, out: &mut Vec<Command>) {
    ui.heading("Ways of travelling");
    for (m, method) in j.plan.methods.iter().enumerate() {
        let key = |f: &str| format!("journey{}:method{m}:{f}", j.id.0);
        ui.horizontal(|ui| {
            if let Some(name) = fields.text(
                ui,
                &key("name"),
                &format!("Way {}", m + 1),
                &method.name,
                140.0,
            ) {
                commit(out, fields, j, "way of travelling", |j| {
                    j.plan.methods[m].name = name
                });
            }
            if let Some(v) = fields.decimal(ui, &key("speed"), "km/h", method.km_per_hour, |t| {
                limits::parse_decimal(t, &(0.1..=1_000.0))
            }) {
                commit(out, fields, j, "speed", |j| {
                    j.plan.methods[m].km_per_hour = v
                });
            }
            let mut swimming = method.swimming;
            if ui
                .checkbox(&mut swimming, format!("{} is swimming", method.name))
                .changed()
            {
                commit(out, fields, j, "swimming", |j| {
                    j.plan.methods[m].swimming = swimming
                });
            }
        });
    }
    if ui.button("Add a way of travelling").clicked() {
        commit(out, fields, j, "ways of travelling", |j| {
            j.plan.methods.push(crate::model::Method {
                name: "Mule train".into(),
                km_per_hour: 5.0,
                swimming: false,
            })
        });
    }
}

fn pattern_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    data: &CampaignData,
    j: &Journey,
    in_play: Option<i64>,
    out: &mut Vec<Command>,
) {
    ui.heading("Every day");
    if in_play.is_some() {
        ui.label(
            RichText::new(
                "Changes here apply to the days ahead; the days played keep their pattern.",
            )
            .weak(),
        );
    }
    let p = &j.plan.pattern;
    let day = data.settings.day_hours;
    type Hours = fn(&mut DayPattern) -> &mut i64;
    let numbers: [(&str, &str, i64, RangeInclusive<i64>, Hours); 4] = [
        (
            "p-start",
            "Set off at hour",
            p.start_hour,
            0..=day - 1,
            |p| &mut p.start_hour,
        ),
        ("p-travel", "Travel hours", p.travel_hours, 0..=day, |p| {
            &mut p.travel_hours
        }),
        ("p-camp", "Camp hours", p.camp_hours, 0..=day, |p| {
            &mut p.camp_hours
        }),
        ("p-watch", "Watch hours", p.watch_hours, 0..=day, |p| {
            &mut p.watch_hours
        }),
    ];
    ui.horizontal_wrapped(|ui| {
        for (key, label, value, range, field) in numbers {
            if let Some(v) = whole(ui, fields, j, key, label, value, range) {
                commit(out, fields, j, "pattern", |j| {
                    plan::keep_played_days(j, in_play);
                    *field(&mut j.plan.pattern) = v;
                });
            }
        }
    });
    ui.label(
        RichText::new(format!(
            "Base travel hours: {}; more is a forced march.",
            day / 3
        ))
        .weak(),
    );
    ui.horizontal_wrapped(|ui| {
        ui.label("Watch rota:");
        for c in plan::members(data, j) {
            let mut on = p.watchers.contains(&c.id);
            if ui
                .checkbox(&mut on, format!("{} watches", c.name))
                .changed()
            {
                commit(out, fields, j, "watch rota", |j| {
                    plan::keep_played_days(j, in_play);
                    j.plan.pattern.watchers.retain(|w| *w != c.id);
                    if on {
                        j.plan.pattern.watchers.push(c.id);
                    }
                });
            }
        }
    });
    if let Some(order) = choice_combo(ui, "food-order", "Food from", j.plan.food_order) {
        commit(out, fields, j, "food order", |j| j.plan.food_order = order);
    }
}

fn activity_colour(a: Activity) -> Color32 {
    match a {
        Activity::Travel => Color32::from_rgb(0xc9, 0xdd, 0xf2),
        Activity::Swim => Color32::from_rgb(0xa8, 0xd8, 0xe0),
        Activity::Camp => Color32::from_rgb(0xe8, 0xdc, 0xc0),
        Activity::Watch => Color32::from_rgb(0xf0, 0xc8, 0xa8),
        Activity::Work => Color32::from_rgb(0xd8, 0xe8, 0xc8),
        Activity::Rest => Color32::from_gray(0xee),
    }
}

fn next_activity(a: Activity) -> Activity {
    let all: Vec<Activity> = <Activity as strum::IntoEnumIterator>::iter().collect();
    let at = all.iter().position(|x| *x == a).unwrap_or(0);
    all[(at + 1) % all.len()]
}

fn days_ui(
    ui: &mut Ui,
    state: &mut JourneysState,
    data: &CampaignData,
    j: &Journey,
    view: &JourneyPlanView,
    food: &FoodLedger,
    out: &mut Vec<Command>,
) {
    if view.days.is_empty() {
        ui.label("The route has no hours on the road yet: add legs with a distance.");
        return;
    }
    state.day = state.day.clamp(0, view.days.len() as i64 - 1);
    let day = &view.days[state.day as usize];
    ui.horizontal(|ui| {
        if ui
            .add_enabled(state.day > 0, egui::Button::new("◀ Previous day"))
            .clicked()
        {
            state.day -= 1;
        }
        ui.heading(format!(
            "Day {} of {} · campaign day {}",
            day.index + 1,
            view.days.len(),
            day.date
        ));
        if ui
            .add_enabled(
                (state.day as usize) + 1 < view.days.len(),
                egui::Button::new("Next day ▶"),
            )
            .clicked()
        {
            state.day += 1;
        }
    });
    let change = j.plan.days.get(&day.index).cloned().unwrap_or_default();
    let d = day.index;
    let fields = &mut state.fields;
    let played = d < view.days_played(j.played_hours);
    if played {
        ui.label(
            RichText::new(
                "This day has been played: it is shown as it was and can no longer change.",
            )
            .weak(),
        );
    }
    ui.add_enabled_ui(!played, |ui| {
        ui.horizontal_wrapped(|ui| {
            let pattern = change.pattern.as_ref().unwrap_or(&j.plan.pattern);
            let travel = change.travel_hours.unwrap_or(pattern.travel_hours);
            if let Some(v) = whole(
                ui,
                fields,
                j,
                &format!("day{d}:travel"),
                "Travel hours this day",
                travel,
                0..=data.settings.day_hours,
            ) {
                commit(
                    out,
                    fields,
                    j,
                    &format!("travel hours of day {}", d + 1),
                    |j| j.plan.days.entry(d).or_default().travel_hours = Some(v),
                );
            }
            let label_id = ui.label("Weather this day").id;
            let mut weather = change.temperature;
            egui::ComboBox::from_id_salt(format!("day{d}:weather"))
                .selected_text(weather.map_or("as the route says", |t: Temperature| t.label()))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut weather, None, "as the route says");
                    for t in <Temperature as strum::IntoEnumIterator>::iter() {
                        ui.selectable_value(&mut weather, Some(t), t.label());
                    }
                })
                .response
                .labelled_by(label_id);
            if weather != change.temperature {
                commit(out, fields, j, &format!("weather of day {}", d + 1), |j| {
                    j.plan.days.entry(d).or_default().temperature = weather
                });
            }
            let ration = change.ration.unwrap_or_default();
            if let Some(r) = choice_combo(ui, &format!("day{d}:ration"), "Rations", ration) {
                commit(out, fields, j, &format!("rations of day {}", d + 1), |j| {
                    j.plan.days.entry(d).or_default().ration = Some(r)
                });
            }
        })
    });
    let required = 40 * day.multiplier;
    ui.label(format!(
        "Food ×{}: {required} units each · {} hours on the road{}",
        day.multiplier,
        day.travel_hours,
        if day.travel_hours > data.settings.day_hours / 3 {
            " (forced march)"
        } else {
            ""
        }
    ));
    ui.add_space(4.0);
    ui.add_enabled_ui(!played, |ui| grid_ui(ui, fields, j, day, out));
    ui.add_space(6.0);
    ui.heading("Tests and risk");
    let meals = food.day(day.index);
    egui::Grid::new("risk")
        .striped(true)
        .num_columns(5)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for title in [
                "Character",
                "Expected exhaustion",
                "Chance of 1+, 2+, 3+",
                "Eats",
                "Tests (hour, cause, TG)",
            ] {
                ui.strong(title);
            }
            ui.end_row();
            for cd in &day.characters {
                let f = &cd.forecast;
                let at_risk = f.p_at_least.first().copied().unwrap_or(0.0) >= 0.5;
                let name = RichText::new(&cd.name).strong();
                ui.label(if at_risk { name.color(RISK) } else { name });
                ui.label(format!("{:.2}", f.expected_exhaustion));
                let odds: Vec<String> = (0..3)
                    .map(|k| {
                        format!(
                            "{:.0}%",
                            f.p_at_least.get(k).copied().unwrap_or(0.0) * 100.0
                        )
                    })
                    .collect();
                ui.label(odds.join(", "));
                let meal =
                    meals.and_then(|m| m.entries.iter().find(|e| e.character == cd.character));
                ui.label(meal.map_or_else(String::new, |m| {
                    format!("{:.0} of {:.0}", m.planned, m.required)
                }));
                ui.label(cd.tests_summary(day));
                ui.end_row();
            }
        });
}

fn grid_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    j: &Journey,
    day: &plan::PlanDay,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Click an hour to change what a character does then.").weak());
    egui::ScrollArea::horizontal()
        .id_salt("hour-grid")
        .show(ui, |ui| {
            egui::Grid::new("hours").spacing([2.0, 2.0]).show(ui, |ui| {
                ui.label("");
                for s in &day.slots {
                    ui.label(RichText::new(format!("{:02}", s.hour)).small());
                }
                ui.end_row();
                for cd in &day.characters {
                    ui.label(&cd.name);
                    for (slot, activity) in day.slots.iter().zip(&cd.activities) {
                        let tested = cd
                            .tests
                            .iter()
                            .any(|t| day.slots[t.hour - 1].hour == slot.hour);
                        let text = RichText::new(&activity.label()[..1])
                            .small()
                            .color(if tested { RISK } else { Color32::BLACK });
                        let button = egui::Button::new(text)
                            .fill(activity_colour(*activity))
                            .min_size(egui::vec2(20.0, 18.0));
                        let hover = format!(
                            "{} at {:02}:00: {}{}",
                            cd.name,
                            slot.hour,
                            activity.label(),
                            if tested { " (a test)" } else { "" }
                        );
                        if ui.add(button).on_hover_text(hover).clicked() {
                            let (who, hour, next) =
                                (cd.character, slot.hour, next_activity(*activity));
                            let d = day.index;
                            commit(out, fields, j, "an hour", |j| {
                                set_hour(j, d, who, hour, next)
                            });
                        }
                    }
                    ui.end_row();
                }
            });
        });
}

fn set_hour(j: &mut Journey, day: i64, who: CharacterId, hour: i64, activity: Activity) {
    let change: &mut DayChange = j.plan.days.entry(day).or_default();
    change
        .hours
        .insert(DayChange::hour_key(who, hour), activity);
}

fn food_ui(ui: &mut Ui, food: &FoodLedger, view: &JourneyPlanView) {
    ui.heading("Food and drink");
    let day_name = |d: Option<i64>| {
        d.map_or_else(
            || "never (ten years and more)".to_owned(),
            |d| format!("day {}", d + 1),
        )
    };
    ui.label(format!(
        "{:.0} units in packs and the stash at the start.",
        food.units_at_start
    ));
    ui.label(format!(
        "At full rations the food runs out on {}; at half rations on {}.",
        day_name(food.runs_out_full),
        day_name(food.runs_out_half)
    ));
    for w in &food.warnings {
        ui.label(RichText::new(format!("⚠ {w}")).color(ERROR_COLOUR));
    }
    egui::Grid::new("food-ledger")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for title in ["Day", "×", "Needed", "Planned", "Eaten", "Units left"] {
                ui.strong(title);
            }
            ui.end_row();
            for day in &view.days {
                let Some(meals) = food.day(day.index) else {
                    ui.label(format!("{} (campaign day {})", day.index + 1, day.date));
                    ui.label(day.multiplier.to_string());
                    ui.label("played");
                    ui.end_row();
                    continue;
                };
                let sum = |f: fn(&plan::FoodEntry) -> f64| meals.entries.iter().map(f).sum::<f64>();
                ui.label(format!("{} (campaign day {})", day.index + 1, day.date));
                ui.label(day.multiplier.to_string());
                ui.label(format!("{:.0}", sum(|e| e.required)));
                ui.label(format!("{:.0}", sum(|e| e.planned)));
                let eaten = sum(|e| e.eaten);
                let short = eaten + 0.5 < sum(|e| e.planned);
                let text = RichText::new(format!("{eaten:.0}"));
                ui.label(if short {
                    text.color(ERROR_COLOUR)
                } else {
                    text
                });
                ui.label(format!("{:.0}", meals.units_left));
                ui.end_row();
            }
        });
}

fn play_ui(ui: &mut Ui, j: &Journey, view: &JourneyPlanView, out: &mut Vec<Command>) {
    let total = view.total_hours();
    let done = j.played_hours >= total;
    match view.clock_at(j.played_hours) {
        Some(next) if !done => ui.label(format!("Next hour to play: {next}")),
        _ => ui.label(RichText::new("The journey has reached its destination.").strong()),
    };
    ui.horizontal(|ui| {
        for (until, label) in [
            (Until::NextHour, "Play next hour"),
            (Until::EndOfDay, "Play to end of day"),
            (Until::Destination, "Play to destination"),
        ] {
            if ui.add_enabled(!done, egui::Button::new(label)).clicked() {
                out.push(Command::PlayJourney(j.id, until));
            }
        }
    });
    ui.label(
        RichText::new("Every roll is logged with its working; Ctrl+Z takes a step back.").weak(),
    );
    ui.separator();
    ui.heading("Journey log");
    if j.log.is_empty() {
        ui.label(RichText::new("Nothing played yet.").weak());
    }
    for line in j.log.iter().rev().take(300) {
        ui.label(RichText::new(line).monospace().size(12.0));
    }
}

/// Expected exhaustion per character over the journey (running total of each
/// day's exact forecast), and food units left: planned against played.
fn charts_ui(ui: &mut Ui, j: &Journey, view: &JourneyPlanView, food: &FoodLedger) {
    use egui_plot::{Legend, Line, Plot};
    risk_grid_ui(ui, view);
    ui.add_space(8.0);
    ui.heading("Expected exhaustion by the end of each day");
    ui.label(
        RichText::new(
            "Before long rests and hunger: the exact forecast of the day's tests, added up.",
        )
        .weak(),
    );
    let names: Vec<(CharacterId, String)> = view
        .days
        .first()
        .map(|d| {
            d.characters
                .iter()
                .map(|c| (c.character, c.name.clone()))
                .collect()
        })
        .unwrap_or_default();
    Plot::new("exhaustion-chart")
        .height(240.0)
        .legend(Legend::default())
        .x_axis_label("day of the journey")
        .y_axis_label("degrees")
        .allow_scroll(false)
        .show(ui, |plot| {
            for (id, name) in &names {
                let mut total = 0.0;
                let points: Vec<[f64; 2]> = view
                    .days
                    .iter()
                    .map(|d| {
                        total += d
                            .characters
                            .iter()
                            .find(|c| c.character == *id)
                            .map_or(0.0, |c| c.forecast.expected_exhaustion);
                        [(d.index + 1) as f64, total]
                    })
                    .collect();
                plot.line(Line::new(name.clone(), points));
            }
        });
    ui.add_space(8.0);
    ui.heading("Food units left");
    let planned: Vec<[f64; 2]> = std::iter::once([food.from_day as f64, food.units_at_start])
        .chain(
            food.days
                .iter()
                .map(|d| [(d.index + 1) as f64, d.units_left]),
        )
        .collect();
    let played: Vec<[f64; 2]> = j
        .food_left
        .iter()
        .enumerate()
        .map(|(i, units)| [i as f64, *units])
        .collect();
    Plot::new("food-chart")
        .height(200.0)
        .legend(Legend::default())
        .x_axis_label("day of the journey")
        .y_axis_label("units")
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(Line::new("planned", planned));
            if !j.food_left.is_empty() {
                plot.line(Line::new("played", played));
            }
        });
}

/// Who is at risk on which day: the chance of at least one degree of
/// exhaustion from the day's tests, a row per character, a column per day.
fn risk_grid_ui(ui: &mut Ui, view: &JourneyPlanView) {
    ui.heading("Risk of exhaustion, day by day");
    ui.label(RichText::new("The chance of at least one degree from the day's tests.").weak());
    let Some(first) = view.days.first() else {
        return;
    };
    egui::ScrollArea::horizontal()
        .id_salt("risk-grid")
        .show(ui, |ui| {
            egui::Grid::new("risk-grid")
                .spacing([3.0, 3.0])
                .show(ui, |ui| {
                    ui.label("");
                    for day in &view.days {
                        ui.label(RichText::new(format!("day {}", day.index + 1)).small());
                    }
                    ui.end_row();
                    for (row, cd) in first.characters.iter().enumerate() {
                        ui.label(&cd.name);
                        for day in &view.days {
                            let p = day
                                .characters
                                .get(row)
                                .and_then(|c| c.forecast.p_at_least.first().copied())
                                .unwrap_or(0.0);
                            let shade = (255.0 - p * 120.0) as u8;
                            let cell = egui::Button::new(
                                RichText::new(format!("{:.0}%", p * 100.0)).small(),
                            )
                            .fill(Color32::from_rgb(255, shade, shade))
                            .min_size(egui::vec2(44.0, 18.0))
                            .sense(egui::Sense::hover());
                            ui.add(cell).on_hover_text(format!(
                                "{} on day {}: {:.0}% chance of exhaustion",
                                cd.name,
                                day.index + 1,
                                p * 100.0
                            ));
                        }
                        ui.end_row();
                    }
                });
        });
}
