//! `waybook journey`: a journey's plan for scripting (`--json`) or reading.

use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use waybook_core::model::plural;
use waybook_core::model::{CampaignData, Choice, Journey};
use waybook_core::plan;
use waybook_core::store::Campaign;

#[derive(Debug, clap::Args)]
pub struct JourneyArgs {
    /// The campaign file.
    pub campaign: PathBuf,
    /// The journey, by name (default: the only one, or the first).
    #[arg(long, value_name = "NAME")]
    pub journey: Option<String>,
    /// Print the plan as JSON.
    #[arg(long)]
    pub json: bool,
}

fn find<'a>(data: &'a CampaignData, name: Option<&str>) -> anyhow::Result<&'a Journey> {
    match name {
        Some(name) => data
            .journeys
            .values()
            .find(|j| j.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| anyhow::anyhow!("no journey is named “{name}”")),
        None => data
            .journeys
            .values()
            .next()
            .ok_or_else(|| anyhow::anyhow!("the campaign has no journey")),
    }
}

/// The plan as JSON: days, hours, per character the tests with cause and TG,
/// food required and planned, and the exhaustion forecast.
pub fn plan_json(data: &CampaignData, journey: &Journey, figures: &plan::Figures) -> Value {
    let (view, food) = (&figures.view, &figures.food);
    let days: Vec<Value> = view
        .days
        .iter()
        .map(|day| {
            let meals = food.day(day.index);
            let characters: Vec<Value> = day
                .characters
                .iter()
                .map(|cd| {
                    let meal = meals.and_then(|m| m.entries.iter().find(|e| e.character == cd.character));
                    let tests: Vec<Value> = cd
                        .tests
                        .iter()
                        .map(|t| json!({"hour": day.slots[t.hour - 1].hour, "cause": t.cause.as_str(), "tg": t.tg}))
                        .collect();
                    json!({
                        "name": cd.name,
                        "activities": cd.activities.iter().map(|a| a.key()).collect::<Vec<_>>(),
                        "tests": tests,
                        "food": meal.map(|m| json!({"required": m.required, "planned": m.planned, "eaten": m.eaten, "opened": m.opened, "ration": m.ration.key()})),
                        "forecast": {
                            "expected_exhaustion": cd.forecast.expected_exhaustion,
                            "p_at_least": cd.forecast.p_at_least,
                        },
                    })
                })
                .collect();
            json!({
                "day": day.index + 1,
                "date": day.date,
                "hours": day.slots.iter().map(|s| s.hour).collect::<Vec<_>>(),
                "travel_hours": day.travel_hours,
                // One figure everywhere: the expected multiplier, each
                // weather's weighted by its chance (the Food and Days
                // tabs, the packet); the likeliest weather's apart.
                "food_multiplier": day.food_factor,
                "food_factor": day.food_factor,
                "likeliest_multiplier": day.multiplier,
                // A day left to chance: the weather its hours and tests
                // are in, its chance and how many others are as likely.
                "likeliest": day.likeliest,
                "food_ledger": meals.map(|m| json!({
                    "required": m.required,
                    "planned": m.planned,
                    "eaten": m.eaten,
                    "left_over": m.left_over(),
                    "units_left": m.units_left,
                })),
                // The day's food, the animals' part apart (issue 54).
                "food": meals.map(|m| {
                    let (animals_units, animals_eaten) = m.animals();
                    json!({
                        "units": m.required,
                        "people_units": m.required - animals_units,
                        "animals_units": animals_units,
                        "animals_eaten": animals_eaten,
                        "grazing": m.grazing(),
                        "units_left": m.units_left,
                    })
                }),
                "played": played_json(journey, day.index, day.index < food.from_day),
                "weather": day.weather,
                "characters": characters,
            })
        })
        .collect();
    let party = data.parties.get(&journey.party).map(|p| p.name.clone());
    json!({
        "name": journey.name,
        "party": party,
        "start": {"day": journey.start.day, "hour": journey.start.hour},
        "route": journey.route().map(|r| r.name.clone()),
        "road_hours": view.road_hours,
        "arrives": view.arrives,
        "warnings": view.warnings(),
        "played_hours": journey.played_hours,
        // Food in packs and stash at the end of the last day played.
        "food_left_after_played": journey.food_left.last(),
        // Never before the clock's day: the days before it are history.
        "first_day_to_play": plan::play::next_to_play(data, journey, view).map(|t| t.day),
        "on_the_map": on_the_map_json(data, journey, view),
        // The days setbacks are expected to add on the paths ahead (travel
        // rounds on), with the most nine trips in ten take, and their food.
        "setbacks": plan::setbacks::setback_days(data, journey, view.road_hours_played(journey.played_hours)),
        "routes": routes_json(data, journey, &figures.routes),
        "ways": ways_json(data, journey),
        "days": days,
        "food": {
            "units_at_start": food.units_at_start,
            "drink_units_at_start": food.drink_at_start,
            "food_and_drink_apart": food.apart,
            "runs_out_full_rations_day": food.runs_out_full.map(|d| d + 1),
            "runs_out_half_rations_day": food.runs_out_half.map(|d| d + 1),
            "warnings": food.warnings,
            "looked_after": food.looked_after,
        },
    })
}

/// The ways of travelling at the speeds the party goes them, what it
/// lacks for them, and its load (house rules: issue 54).
fn ways_json(data: &CampaignData, journey: &Journey) -> Value {
    let gear = plan::gear::gear(data, journey);
    let ways: Vec<Value> = (journey.plan.methods.iter().zip(&gear.methods))
        .map(|(planned, goes)| {
            json!({
                "name": planned.name,
                "km_per_hour": planned.km_per_hour,
                "goes_km_per_hour": goes.km_per_hour,
                "by": planned.by,
            })
        })
        .collect();
    json!({
        "methods": ways,
        "refusals": gear.refusals,
        "notes": gear.notes,
        "load": {"carried_kg": gear.load.carried_kg, "capacity_kg": gear.load.capacity_kg},
        "left_behind": (journey.plan.left_behind.iter())
            .filter_map(|v| data.vehicles.get(v).map(|v| v.name.clone()))
            .collect::<Vec<_>>(),
    })
}

/// A day played to its end: the food it took from packs and stash and
/// what was left after it (`null`: still to come).
fn played_json(journey: &Journey, index: i64, played: bool) -> Value {
    let k = usize::try_from(index).unwrap_or(usize::MAX);
    if !played {
        return Value::Null;
    }
    json!({
        "food_opened": journey.food_opened.get(k),
        "food_left": journey.food_left.get(k + 1),
    })
}

/// Where the hours played have brought the party on the map, as the trip
/// counts it: along a path with the rounds left, or at the place a path
/// ends (`null`: nothing played on a path yet).
fn on_the_map_json(data: &CampaignData, journey: &Journey, view: &plan::JourneyPlanView) -> Value {
    let road = view.road_hours_played(journey.played_hours);
    let place = |id| {
        data.places
            .get(&id)
            .map(|p: &waybook_core::model::Place| p.name.clone())
    };
    match plan::position::on_the_map(data, journey, road) {
        Some((on, arrived)) => json!({
            "path": data.paths.get(&on.path).map(|p| p.name.clone()),
            "toward": place(on.toward),
            "rounds_left": on.state.rounds_left,
            "arrived": arrived,
        }),
        None => Value::Null,
    }
}

/// Every route's figures and its legs, each leg with the map path it
/// follows (`null`: an uncharted stretch) and the hours it takes.
fn routes_json(data: &CampaignData, journey: &Journey, figures: &[plan::RouteFigures]) -> Value {
    let map = plan::TheMap::of(data, &journey.plan);
    let place = |id| {
        data.places
            .get(&id)
            .map(|p: &waybook_core::model::Place| p.name.clone())
    };
    let routes: Vec<Value> = (journey.plan.routes.iter().zip(figures))
        .map(|(route, figures)| {
            let legs: Vec<Value> = (route.legs.iter())
                .map(|leg| {
                    let path = map.path_of(leg);
                    let travelled = map.leg(leg);
                    json!({
                        "name": leg.name,
                        "path": path.map(|p| p.name.clone()),
                        "toward": leg.path.and_then(|a| place(a.toward)),
                        "rounds": path.map(|p| map.rounds_of(leg, p)),
                        "distance_km": travelled.distance_km,
                        "hours": map.leg_hours(leg, &journey.plan.methods),
                    })
                })
                .collect();
            let mut value = serde_json::to_value(figures).unwrap_or(Value::Null);
            value["legs"] = Value::Array(legs);
            value
        })
        .collect();
    Value::Array(routes)
}

pub fn journey(args: &JourneyArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(&args.campaign)?.load()?;
    let journey = find(&data, args.journey.as_deref())?;
    let figures = plan::figures(&data, journey);
    let (view, food) = (&figures.view, &figures.food);
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &plan_json(&data, journey, &figures))?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{}: {}, {} on the road",
        journey.name,
        plural(view.days.len(), "day"),
        plural(view.road_hours, "hour")
    )?;
    for day in &view.days {
        if day.index < food.from_day {
            let taken = usize::try_from(day.index)
                .ok()
                .and_then(|k| journey.food_opened.get(k));
            let taken = taken.map_or_else(String::new, |units| {
                format!(", {units:.0} food units taken from packs and stash")
            });
            writeln!(
                out,
                "day {:>2} (campaign day {}): played, {} h travel{taken}",
                day.index + 1,
                day.date,
                day.travel_hours
            )?;
            continue;
        }
        let tests: usize = day.characters.iter().map(|c| c.tests.len()).sum();
        let expected: f64 = day
            .characters
            .iter()
            .map(|c| c.forecast.expected_exhaustion)
            .sum();
        writeln!(
            out,
            "day {:>2} (campaign day {}): {} h travel, food ×{}, {tests} tests, {expected:.2} expected exhaustion",
            day.index + 1,
            day.date,
            day.travel_hours,
            day.food_factor_words()
        )?;
        if let Some(likeliest) = &day.likeliest {
            writeln!(out, "        {}", likeliest.words())?;
        }
    }
    for warning in view.warnings().iter().chain(&food.warnings) {
        writeln!(out, "warning: {warning}")?;
    }
    Ok(())
}
