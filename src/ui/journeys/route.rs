//! The Route tab: the routes compared, the legs of the chosen one, the ways
//! of travelling and the daily pattern with its watch rota.

use super::*;
use crate::ui::fields::{Unpicked, region_combo};

pub(super) fn route_ui(
    ui: &mut Ui,
    (fields, legs): (&mut FieldBuffers, &mut lists::Heights),
    data: &CampaignData,
    j: &Journey,
    view: &JourneyPlanView,
    routes: &[plan::RouteFigures],
    out: &mut Vec<Command>,
) {
    routes_compared_ui(ui, fields, j, routes, out);
    ui.add_space(8.0);
    legs_ui(ui, (fields, legs), j, view, data, out);
    ui.add_space(8.0);
    methods_ui(ui, fields, j, out);
    ui.add_space(8.0);
    pattern_ui(ui, fields, data, j, view.day_in_play(j.played_hours), out);
}

/// Every route with its figures side by side; a route is taken with its
/// own button, and a copy of this one can be added to vary.
fn routes_compared_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    j: &Journey,
    routes: &[plan::RouteFigures],
    out: &mut Vec<Command>,
) {
    let started = j.played_hours > 0;
    ui.heading("Routes compared");
    egui::Grid::new("routes")
        .striped(true)
        .num_columns(7)
        .show(ui, |ui| {
            for title in [
                "Route",
                "",
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
                if chosen {
                    ui.label(RichText::new(format!("✔ {}", figures.name)).strong());
                    ui.label(RichText::new("the journey's route").weak());
                } else {
                    ui.label(&figures.name);
                    let take = ui
                        .add_enabled(
                            !started,
                            egui::Button::new(format!("Take {}", figures.name)),
                        )
                        .on_hover_text("Make this the journey's route (Ctrl+Z takes it back)")
                        .on_disabled_hover_text(
                            "The party is on its way: change the legs ahead instead",
                        );
                    if take.clicked() {
                        let label = format!("Take {} for {}", figures.name, j.name);
                        fields.commit_labelled(out, j, label, |j| j.plan.chosen = i);
                    }
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
        fields.commit(out, j, "routes", |j| {
            j.plan.routes.push(copy);
            j.plan.chosen = j.plan.routes.len() - 1;
        });
    }
}

/// The chosen route's legs, drawn only near the view (a route may have
/// hundreds), and the button to add one; legs already travelled are locked.
fn legs_ui(
    ui: &mut Ui,
    (fields, heights): (&mut FieldBuffers, &mut lists::Heights),
    j: &Journey,
    view: &JourneyPlanView,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    let Some(route) = j.route() else { return };
    let r = j.plan.chosen;
    ui.heading(format!("Legs of {}", route.name));
    let travelled = view.road_hours_played(j.played_hours);
    let mut leg_start = 0usize;
    heights.list((j.id, r), route.legs.len());
    for (i, leg) in route.legs.iter().enumerate() {
        let hours = leg
            .method(&j.plan.methods)
            .map_or(0, |m| plan::leg_hours(leg.distance_km, m, leg.terrain));
        leg_start += usize::try_from(hours).unwrap_or(0);
        // A leg already travelled is history: it can no longer change.
        let behind = leg_start <= travelled && travelled > 0;
        let row = LegRow {
            hours,
            behind,
            data,
        };
        heights.row(ui, i, |ui| leg_ui(ui, fields, j, (r, i), row, out));
    }
    if ui.button("Add leg").clicked() {
        let last = route.legs.last().cloned();
        let fresh = crate::app::edits::records::new_leg(data, j.party, "New leg", 10.0);
        fields.commit(out, j, "legs", |j| {
            j.plan.routes[r].legs.push(last.map_or(fresh, |l| Leg {
                name: "New leg".into(),
                played_as: None,
                ..l
            }))
        });
    }
}

/// A leg's weather, the region whose weather of the day overrides it, and
/// the hours of the day either holds.
fn leg_weather_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    j: &Journey,
    (r, i): (usize, usize),
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    let leg = &j.plan.routes[r].legs[i];
    let key = |f: &str| format!("journey{}:route{r}:leg{i}:{f}", j.id.0);
    if let Some(t) = choice_combo(ui, &key("temp"), "weather", leg.temperature) {
        fields.commit(out, j, "weather", |j| {
            j.plan.routes[r].legs[i].temperature = t
        });
    }
    if !data.regions.is_empty()
        && let Some(region) = region_combo(
            ui,
            &key("region"),
            leg.region,
            data,
            Unpicked::Offered("none (the leg's own weather)"),
        )
    {
        fields.commit(out, j, "leg's region", |j| {
            j.plan.routes[r].legs[i].region = region
        });
    }
    if (leg.temperature != Temperature::Normal || leg.region.is_some())
        && let Some(w) = weather_hours_ui(
            ui,
            fields,
            &key("hours"),
            leg.weather_hours,
            data.settings.day_hours,
        )
    {
        fields.commit(out, j, "weather's hours", |j| {
            j.plan.routes[r].legs[i].weather_hours = w
        });
    }
}

/// What a leg's row shows besides the leg: the hours it takes, whether the
/// party is past it (locked), and the hours in the campaign's day.
struct LegRow<'a> {
    hours: i64,
    behind: bool,
    /// The campaign: its hours in a day and its regions.
    data: &'a CampaignData,
}

/// One leg: its name, way of travelling, distance, terrain, altitude,
/// weather and the hours it holds (and depth when swimming), with the
/// hours it takes.
fn leg_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    j: &Journey,
    (r, i): (usize, usize),
    LegRow {
        hours,
        behind,
        data,
    }: LegRow<'_>,
    out: &mut Vec<Command>,
) {
    let leg = &j.plan.routes[r].legs[i];
    let key = |f: &str| format!("journey{}:route{r}:leg{i}:{f}", j.id.0);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.add_enabled_ui(!behind, |ui| {
            ui.horizontal_wrapped(|ui| {
                if let Some(name) = fields.text(
                    ui,
                    &key("name"),
                    &format!("Leg {}", i + 1),
                    &leg.name,
                    // Narrow enough for the weather's hours to fit on the
                    // leg's first line at 1280 px.
                    120.0,
                ) {
                    fields.commit(out, j, "leg", |j| j.plan.routes[r].legs[i].name = name);
                }
                let method = method_combo(ui, &key("method"), j, leg.method);
                if method != leg.method {
                    fields.commit(out, j, "method", |j| {
                        j.plan.routes[r].legs[i].method = method
                    });
                }
                if let Some(km) = fields.decimal(ui, &key("km"), "km", leg.distance_km, |t| {
                    limits::parse_decimal(t, &limits::DISTANCE_KM)
                }) {
                    fields.commit(out, j, "distance", |j| {
                        j.plan.routes[r].legs[i].distance_km = km
                    });
                }
                if let Some(t) = choice_combo(ui, &key("terrain"), "terrain", leg.terrain) {
                    fields.commit(out, j, "terrain", |j| j.plan.routes[r].legs[i].terrain = t);
                }
                if let Some(m) = fields.whole(
                    ui,
                    &key("alt"),
                    "altitude m",
                    leg.altitude_m,
                    &limits::ALTITUDE_M,
                ) {
                    fields.commit(out, j, "altitude", |j| {
                        j.plan.routes[r].legs[i].altitude_m = m
                    });
                }
                leg_weather_ui(ui, fields, j, (r, i), data, out);
                if j.plan.methods.get(leg.method).is_some_and(|m| m.swimming)
                    && let Some(d) =
                        fields.whole(ui, &key("depth"), "depth m", leg.depth_m, &limits::DEPTH_M)
                {
                    fields.commit(out, j, "depth", |j| j.plan.routes[r].legs[i].depth_m = d);
                }
                ui.add(egui::Label::new(RichText::new(format!("= {hours} h")).strong()).extend());
                if let Some(m) = &leg.played_as {
                    ui.label(
                        RichText::new(format!(
                            "travelled as {} at {} km/h",
                            m.name,
                            super::super::fields::format_decimal(m.km_per_hour)
                        ))
                        .weak(),
                    );
                }
                if ui
                    .small_button("✕")
                    .on_hover_text("Remove this leg")
                    .clicked()
                {
                    fields.commit(out, j, "legs", |j| {
                        j.plan.routes[r].legs.remove(i);
                    });
                }
            })
        })
        .response
        .on_disabled_hover_text("Travelled already: this leg is part of the journey's history");
    });
}

/// The way of travelling of a leg, picked from the journey's ways.
fn method_combo(ui: &mut Ui, id: &str, j: &Journey, current: usize) -> usize {
    let mut method = current;
    let ways: Vec<_> = j
        .plan
        .methods
        .iter()
        .enumerate()
        .map(|(m, way)| {
            let speed = super::super::fields::format_decimal(way.km_per_hour);
            (m, format!("{} ({speed} km/h)", way.name))
        })
        .collect();
    super::super::fields::list_combo(ui, id, "by", &mut method, &ways);
    method
}

/// The ways of travelling and their speeds; the GM adds their own.
pub(super) fn methods_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    j: &Journey,
    out: &mut Vec<Command>,
) {
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
                fields.commit(out, j, "way of travelling", |j| {
                    j.plan.methods[m].name = name
                });
            }
            if let Some(v) = fields.decimal(ui, &key("speed"), "km/h", method.km_per_hour, |t| {
                limits::parse_decimal(t, &limits::SPEED_KMH)
            }) {
                fields.commit(out, j, "speed", |j| j.plan.methods[m].km_per_hour = v);
            }
            let mut swimming = method.swimming;
            if ui
                .checkbox(&mut swimming, "a swim")
                .on_hover_text(format!(
                    "{}: its hours count toward the swim, not the march",
                    method.name
                ))
                .changed()
            {
                fields.commit(out, j, "swimming", |j| {
                    j.plan.methods[m].swimming = swimming
                });
            }
        });
    }
    if ui.button("Add a way of travelling").clicked() {
        fields.commit(out, j, "ways of travelling", |j| {
            j.plan.methods.push(crate::model::Method {
                name: "Mule train".into(),
                km_per_hour: 5.0,
                swimming: false,
            })
        });
    }
}

pub(super) fn pattern_ui(
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
            limits::hour_of_day(day),
            |p| &mut p.start_hour,
        ),
        (
            "p-travel",
            "Travel hours",
            p.travel_hours,
            limits::hours_in_day(day),
            |p| &mut p.travel_hours,
        ),
        (
            "p-camp",
            "Camp hours",
            p.camp_hours,
            limits::hours_in_day(day),
            |p| &mut p.camp_hours,
        ),
        (
            "p-watch",
            "Watch hours",
            p.watch_hours,
            limits::hours_in_day(day),
            |p| &mut p.watch_hours,
        ),
    ];
    ui.horizontal_wrapped(|ui| {
        for (key, label, value, range, field) in numbers {
            if let Some(v) = whole(ui, fields, j, key, label, value, range) {
                fields.commit(out, j, "pattern", |j| {
                    plan::keep_played_days(j, in_play);
                    *field(&mut j.plan.pattern) = v;
                });
            }
        }
    });
    ui.label(
        RichText::new(format!(
            "Base travel hours: {}; more is a forced march.",
            data.settings.base_travel_hours()
        ))
        .weak(),
    );
    rota_ui(ui, fields, data, j, in_play, out);
    if let Some(order) = choice_combo(ui, "food-order", "Food from", j.plan.food_order) {
        fields.commit(out, j, "food order", |j| j.plan.food_order = order);
    }
}

/// Who keeps watch, in turn; days already played keep their rota.
fn rota_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    data: &CampaignData,
    j: &Journey,
    in_play: Option<i64>,
    out: &mut Vec<Command>,
) {
    let p = &j.plan.pattern;
    ui.horizontal_wrapped(|ui| {
        ui.label("Watch rota:");
        for c in plan::members(data, j) {
            let mut on = p.watchers.contains(&c.id);
            if ui
                .checkbox(&mut on, format!("{} watches", c.name))
                .changed()
            {
                fields.commit(out, j, "watch rota", |j| {
                    plan::keep_played_days(j, in_play);
                    j.plan.pattern.watchers.retain(|w| *w != c.id);
                    if on {
                        j.plan.pattern.watchers.push(c.id);
                    }
                });
            }
        }
    });
}
