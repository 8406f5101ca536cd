//! The Route tab: the routes compared, the legs of the chosen one, the ways
//! of travelling and the daily pattern with its watch rota.

use super::*;
use crate::ui::choices::{Unpicked, region_combo};

pub(super) fn route_ui(
    ui: &mut Ui,
    ((fields, legs), to): ((&mut Typing, &mut lists::Heights), TripToForm),
    data: &CampaignData,
    (j, gear, rota): (&Journey, &plan::gear::Gear, &Rota),
    view: &JourneyPlanView,
    routes: &[plan::RouteFigures],
    out: &mut Vec<Command>,
) {
    routes_compared_ui(ui, fields, j, routes, out);
    ui.add_space(8.0);
    from_the_map_ui(ui, to, data, j, out);
    ui.add_space(8.0);
    legs_ui(ui, (fields, legs), j, view, data, out);
    ui.add_space(8.0);
    methods_ui(ui, fields, j, out);
    ui.add_space(8.0);
    super::gear::gear_ui(ui, fields, (j, gear), out);
    ui.add_space(8.0);
    let in_play = view.day_in_play(j.played_hours);
    pattern_ui(ui, fields, data, j, in_play, out);
    rota_ui(ui, fields, (data, rota), j, in_play, out);
}

/// Every route with its figures side by side; a route is taken with its
/// own button, and a copy of this one can be added to vary.
fn routes_compared_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    j: &Journey,
    routes: &[plan::RouteFigures],
    out: &mut Vec<Command>,
) {
    let started = j.played_hours > 0;
    ui.heading("Routes compared");
    ui.label(
        RichText::new(
            "Each route whole, from the first day as planned, the days played included; what is still to come is on the other tabs.",
        )
        .weak(),
    );
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
                "Food units planned",
            ] {
                let heading = ui.strong(title);
                if title == "Tests" {
                    heading.on_hover_text("In each day's likeliest weather (a day left to chance says which on the Day by day tab); the expected exhaustion weighs every weather by its chance");
                }
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

/// A route taken from the map: from where the party stands to the place
/// chosen, by the route forecast's way, one leg per path; greyed, with
/// why, once the party is on its way or has no place on the map.
fn from_the_map_ui(
    ui: &mut Ui,
    (trip_to, places): TripToForm,
    data: &CampaignData,
    j: &Journey,
    out: &mut Vec<Command>,
) {
    if data.places.is_empty() {
        return;
    }
    ui.heading("From the map");
    let mut to = trip_to.get(&j.id).copied();
    let places = places.named(data);
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("From {}", where_the_party_is(data, j)));
        crate::ui::choices::record_combo(
            ui,
            ("trip-to", j.id.0),
            "To",
            &mut to,
            Unpicked::Prompt("choose a place"),
            &places,
        );
        if let Some(to) = to {
            trip_to.insert(j.id, to);
        }
        let taken = to.map(|to| plan::from_map::take_route(data, j, to));
        let why = match &taken {
            None => Some("Choose the place the trip goes to".to_owned()),
            Some(Err(e)) => Some(waybook_core::model::capitalised(&e.to_string())),
            Some(Ok(_)) => None,
        };
        let take = ui
            .add_enabled(why.is_none(), egui::Button::new("Take the map's route"))
            .on_hover_text(
                "A route of the map's paths, by the fewest expected rounds, from where the party is and when the clock is",
            );
        if let Some(why) = &why {
            take.clone().on_disabled_hover_text(why);
            if to.is_some() {
                ui.colored_label(ERROR_COLOUR, why);
            }
        }
        if take.clicked()
            && let Some(Ok(edit)) = taken
        {
            out.push(Command::Apply(edit));
        }
    });
}

/// The place each trip's map route was last asked to.
type TripTo =
    std::collections::BTreeMap<waybook_core::model::JourneyId, waybook_core::model::PlaceId>;

/// What the map's route is asked to: each trip's place, and the places to
/// pick from.
type TripToForm<'s> = (&'s mut TripTo, &'s mut lists::Places);

/// Where the trip's party stands on the map, in words.
fn where_the_party_is(data: &CampaignData, j: &Journey) -> String {
    let name = |id| {
        data.places
            .get(&id)
            .map_or("?", |p: &waybook_core::model::Place| p.name.as_str())
    };
    let travel = data.parties.get(&j.party).map(|p| &p.travel);
    match travel.map(|t| (t.on_path, t.place)) {
        Some((Some(on), _)) => {
            let path = data
                .paths
                .get(&on.path)
                .map_or("a path", |p| p.name.as_str());
            format!("partway along {path} (toward {})", name(on.toward))
        }
        Some((None, Some(place))) => name(place).to_owned(),
        _ => "nowhere on the map".to_owned(),
    }
}

/// The chosen route's legs, drawn only near the view (a route may have
/// hundreds), and the button to add one; legs already travelled are locked.
fn legs_ui(
    ui: &mut Ui,
    (fields, heights): (&mut Typing, &mut lists::Heights),
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
    let map = plan::TheMap::of(data, &j.plan);
    for (i, leg) in route.legs.iter().enumerate() {
        let hours = map.leg_hours(leg, &j.plan.methods);
        leg_start += usize::try_from(hours).unwrap_or(0);
        // A leg already travelled is history: it can no longer change.
        let behind = leg_start <= travelled && travelled > 0;
        let row = LegRow {
            hours,
            behind,
            data,
            along: along_words(data, &map, leg),
        };
        heights.row(ui, i, |ui| leg_ui(ui, fields, j, (r, i), row, out));
    }
    if ui
        .button("Add leg")
        .on_hover_text("An uncharted stretch after the last leg; the map's paths come from \"Take the map's route\"")
        .clicked()
    {
        let leg = if route.legs.is_empty() {
            waybook_core::edits::records::new_leg(data, j.party, "New leg", 10.0)
        } else {
            plan::leg_after(data, j, r)
        };
        fields.commit(out, j, "legs", |j| j.plan.routes[r].legs.push(leg));
    }
}

/// A leg's weather, the region whose weather of the day overrides it, and
/// the hours of the day either holds.
fn leg_weather_ui(
    ui: &mut Ui,
    fields: &mut Typing,
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
        && leg.path.is_none()
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
    /// For a leg along a map path: the path and the ground it gives, in
    /// words, and whether the leg's own distance is read (the path gives
    /// none and its rounds are not days).
    along: Option<(String, bool)>,
}

/// What a leg along a map path reads of it, in words ("Along Old Mill
/// Road toward Kettleford, 2 rounds · 18 km, difficult, 300 m: the
/// map's"), and whether its own distance is read; `None` for an
/// uncharted leg.
fn along_words(data: &CampaignData, map: &plan::TheMap<'_>, leg: &Leg) -> Option<(String, bool)> {
    let (along, path) = (leg.path?, map.path_of(leg)?);
    let toward = data
        .places
        .get(&along.toward)
        .map_or("?", |p| p.name.as_str());
    let rounds = map.rounds_of(leg, path);
    let travelled = map.leg(leg);
    let own_distance = path.ground.distance_km <= 0.0 && !map.rounds_on();
    let mut words = format!(
        "Along {} toward {toward}, {}",
        path.name,
        plural(rounds, "round")
    );
    if rounds < path.rounds {
        words += &format!(" of {}", path.rounds);
    }
    if map.rounds_on() {
        words += " (a day each)";
    }
    if !own_distance && travelled.distance_km > 0.0 {
        words += &format!(
            " · {} km",
            waybook_core::model::decimal_to(travelled.distance_km, 3)
        );
    }
    words += &format!(
        " · {}, {} m",
        travelled.terrain.label().to_lowercase(),
        travelled.altitude_m
    );
    if travelled.depth_m > 0 {
        words += &format!(", {} m deep", travelled.depth_m);
    }
    Some((words, own_distance))
}

/// One leg: its name, way of travelling, distance, terrain, altitude,
/// weather and the hours it holds (and depth when swimming), with the
/// hours it takes.
fn leg_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    j: &Journey,
    (r, i): (usize, usize),
    LegRow {
        hours,
        behind,
        data,
        along,
    }: LegRow<'_>,
    out: &mut Vec<Command>,
) {
    let leg = &j.plan.routes[r].legs[i];
    let key = |f: &str| format!("journey{}:route{r}:leg{i}:{f}", j.id.0);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        // Never wider than the tab: what does not fit wraps to the next line.
        ui.set_max_width(ui.available_width());
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
                if let Some((words, _)) = &along {
                    ui.label(RichText::new(words).weak())
                        .on_hover_text("The map's path: change its ground on the Map screen");
                }
                if along.as_ref().is_none_or(|(_, own)| *own)
                    && let Some(km) =
                        fields.decimal(ui, &key("km"), "km", leg.distance_km, &limits::DISTANCE_KM)
                {
                    fields.commit(out, j, "distance", |j| {
                        j.plan.routes[r].legs[i].distance_km = km
                    });
                }
                if along.is_none() {
                    own_ground_ui(ui, fields, j, (r, i), out);
                }
                leg_weather_ui(ui, fields, j, (r, i), data, out);
                if along.is_none()
                    && j.plan.methods.get(leg.method).is_some_and(|m| m.swimming)
                    && let Some(d) =
                        fields.whole(ui, &key("depth"), "depth m", leg.depth_m, &limits::DEPTH_M)
                {
                    fields.commit(out, j, "depth", |j| j.plan.routes[r].legs[i].depth_m = d);
                }
                ui.add(egui::Label::new(RichText::new(format!("= {hours} h")).strong()).extend());
                if ui
                    .small_button("✕")
                    .on_hover_text("Remove this leg")
                    .clicked()
                {
                    fields.commit(out, j, "legs", |j| {
                        j.plan.routes[r].legs.remove(i);
                    });
                }
            });
            // How a leg set out on was travelled, on a line of its own.
            if let Some(m) = &leg.played_as {
                ui.label(
                    RichText::new(format!(
                        "Travelled as {} at {} km/h",
                        m.name,
                        waybook_core::model::decimal_to(m.km_per_hour, 3)
                    ))
                    .weak(),
                );
            }
        })
        .response
        .on_disabled_hover_text("Travelled already: this leg is part of the journey's history");
    });
}

/// An uncharted leg's own terrain and altitude.
fn own_ground_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    j: &Journey,
    (r, i): (usize, usize),
    out: &mut Vec<Command>,
) {
    let leg = &j.plan.routes[r].legs[i];
    let key = |f: &str| format!("journey{}:route{r}:leg{i}:{f}", j.id.0);
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
            let speed = waybook_core::model::decimal_to(way.km_per_hour, 3);
            (m, format!("{} ({speed} km/h)", way.name))
        })
        .collect();
    super::super::choices::list_combo(ui, id, "by", &mut method, &ways);
    method
}

/// The ways of travelling and their speeds; the GM adds their own.
pub(super) fn methods_ui(ui: &mut Ui, fields: &mut Typing, j: &Journey, out: &mut Vec<Command>) {
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
            if let Some(v) = fields.decimal(
                ui,
                &key("speed"),
                "km/h",
                method.km_per_hour,
                &limits::SPEED_KMH,
            ) {
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
            // What the way needs of the party (a house rule).
            let needs = match &method.by {
                Some(waybook_core::model::By::Riding) => {
                    Some("needs a mount for each person".to_owned())
                }
                Some(waybook_core::model::By::Vehicle(kind)) => {
                    Some(format!("needs a {kind} and its team"))
                }
                None => None,
            };
            if let Some(needs) = needs {
                ui.label(RichText::new(needs).weak());
            }
        });
    }
    if ui.button("Add a way of travelling").clicked() {
        fields.commit(out, j, "ways of travelling", |j| {
            j.plan.methods.push(waybook_core::model::Method {
                name: "Mule train".into(),
                km_per_hour: 5.0,
                swimming: false,
                by: None,
            })
        });
    }
}

pub(super) fn pattern_ui(
    ui: &mut Ui,
    fields: &mut Typing,
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
    if let Some(order) = choice_combo(ui, "food-order", "Food from", j.plan.food_order) {
        fields.commit(out, j, "food order", |j| j.plan.food_order = order);
    }
}

/// Who keeps watch, in turn (`can_watch`: the party but its animals);
/// days already played keep their rota. A row each, drawn only in view: a
/// party may be thousands.
fn rota_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    (data, rota): (&CampaignData, &Rota),
    j: &Journey,
    in_play: Option<i64>,
    out: &mut Vec<Command>,
) {
    let (watchers, can_watch) = (&j.plan.pattern.watchers, &rota.can_watch);
    if can_watch.is_empty() {
        ui.label(
            RichText::new("Watch rota: nobody keeps watch, as nobody in the party can (animals keep no watch)")
                .weak(),
        );
        return;
    }
    ui.label(format!(
        "Watch rota: {} of {} keep watch, in turn",
        rota.watching,
        can_watch.len()
    ));
    lists::rows_in_view(ui, "watch-rota", can_watch.len(), 160.0, |ui, row| {
        let Some(c) = data.characters.get(&can_watch[row]) else {
            return;
        };
        let mut on = watchers.contains(&c.id);
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
    });
}
