//! The journey packet: the plan day by day with each character's tests and
//! TGs, the risk of exhaustion, the food ledger (the animals' part apart),
//! the watch rota, the warnings and the log so far — what a GM takes to the
//! table for a long journey.

use super::blocks::{self, Column};
use super::layout::Layout;
use waybook_core::model::calendar::Calendar;
use waybook_core::model::{CampaignData, Journey};
use waybook_core::plan::{self, JourneyPlanView, PlanDay};

pub fn journey_packet(l: &mut Layout<'_>, data: &CampaignData, journey: &Journey) {
    let view = plan::plan(data, journey);
    let food = plan::food_ledger(data, journey, &view);
    l.start_sheet(&journey.name);
    let party = data
        .parties
        .get(&journey.party)
        .map_or("no party", |p| p.name.as_str());
    let route = journey.route().map_or("no route", |r| r.name.as_str());
    blocks::title(
        l,
        &journey.name,
        &format!(
            "Journey packet · {party} · {route} · sets off {} · made at {}",
            data.settings.when(journey.start),
            // The party's own date (issue 53), not another party's.
            data.settings.when(waybook_core::world::present::now_of(
                data,
                Some(journey.party)
            ))
        ),
    );
    let tests = view.test_count();
    let day_name = |d: Option<i64>| d.map_or_else(|| "–".to_owned(), |d| (d + 1).to_string());
    let mut figures: Vec<(String, String)> = vec![
        ("Days".into(), view.days.len().to_string()),
        ("Road hours".into(), view.road_hours.to_string()),
        ("Tests".into(), tests.to_string()),
        (
            "Played".into(),
            if journey.log.is_empty() {
                "not yet".to_owned()
            } else {
                format!("{} h", journey.played_hours)
            },
        ),
    ];
    if food.looked_after {
        figures.push(("Food".into(), "looked after".into()));
    } else {
        figures.extend([
            ("Food units".into(), format!("{:.0}", food.units_at_start)),
            (
                "Out (full)".into(),
                format!("day {}", day_name(food.runs_out_full)),
            ),
            (
                "Out (half)".into(),
                format!("day {}", day_name(food.runs_out_half)),
            ),
        ]);
    }
    blocks::boxes(l, &figures);
    let watchers: Vec<&str> = journey
        .plan
        .pattern
        .watchers
        .iter()
        .filter_map(|id| data.characters.get(id).map(|c| c.name.as_str()))
        .collect();
    let p = &journey.plan.pattern;
    blocks::line(
        l,
        "Every day",
        &format!(
            "set off at {:02}:00, {} hours of travel, {} of camp; watch of {} hours: {}",
            p.start_hour,
            p.travel_hours,
            p.camp_hours,
            p.watch_hours,
            if watchers.is_empty() {
                "nobody".to_owned()
            } else {
                watchers.join(", then ")
            }
        ),
    );
    for warning in &food.warnings {
        blocks::line(l, "Warning", warning);
    }
    let calendar = &data.settings.calendar;
    days(l, &view, (journey, food.from_day), calendar);
    ledger(l, &view, (journey, &food), calendar);
    animals(l, &view, &food, calendar);
    // Nothing played yet is said in the figures: no page for it alone.
    if !journey.log.is_empty() {
        blocks::section(l, "Log so far", 30.0);
        for line in &journey.log {
            blocks::line(l, "", line);
        }
    }
}

/// What a day played took from packs and stash, in words ("300 food units
/// taken from packs and stash"), when the journey kept it.
fn taken_words(journey: &Journey, index: i64) -> Option<String> {
    let k = usize::try_from(index).ok()?;
    let units = journey.food_opened.get(k)?;
    Some(format!("{units:.0} food units taken from packs and stash"))
}

/// Each day of the plan: a day played says so and what it took (its tests'
/// dice are in the log); a day to come lists each character's tests.
fn days(
    l: &mut Layout<'_>,
    view: &JourneyPlanView,
    (journey, played_through): (&Journey, i64),
    calendar: &Calendar,
) {
    let columns = [
        Column::left("Tests", 5.0),
        Column::left("Character", 2.0),
        Column::right("Expected", 1.1),
        Column::right("1+ degree", 1.1),
        Column::left("On watch", 1.6),
    ];
    if view.days.iter().any(PlanDay::weather_by_chance) {
        blocks::line(
            l,
            "",
            "A day whose weather is left to chance lists its tests in the likeliest weather; its expected exhaustion and food weigh each weather by its chance.",
        );
    }
    for day in &view.days {
        let played = day.index < played_through;
        blocks::section(
            l,
            &format!(
                "Day {} · {} · {} h on the road · food ×{}{}",
                day.index + 1,
                calendar.describe(day.date),
                day.travel_hours,
                day.food_factor_words(),
                if played { " · played" } else { "" }
            ),
            40.0,
        );
        if played {
            let taken = taken_words(journey, day.index);
            let words = taken.unwrap_or_else(|| "as the log below tells it".to_owned());
            blocks::line(l, "Played", &words);
            continue;
        }
        if let Some(words) = day.weather_words() {
            blocks::line(l, "Weather", &words);
        }
        if let Some(likeliest) = &day.likeliest {
            blocks::line(l, "", &likeliest.words());
        }
        let rows: Vec<Vec<String>> = day
            .characters
            .iter()
            .map(|cd| {
                vec![
                    cd.tests_summary(day),
                    cd.name.clone(),
                    format!("{:.2}", cd.forecast.expected_exhaustion),
                    format!(
                        "{:.0}%",
                        cd.forecast.p_at_least.first().copied().unwrap_or(0.0) * 100.0
                    ),
                    cd.watch_hours(day),
                ]
            })
            .collect();
        blocks::table(l, &columns, &rows);
    }
}

fn ledger(
    l: &mut Layout<'_>,
    view: &JourneyPlanView,
    (journey, food): (&Journey, &plan::FoodLedger),
    calendar: &Calendar,
) {
    blocks::section(l, "Food ledger", 40.0);
    let columns = [
        Column::left("Day", 3.4),
        Column::right("×", 0.6),
        Column::right("Needed", 1.2),
        Column::right("Planned", 1.2),
        Column::right("Eaten", 1.2),
        Column::right("Left over", 1.2),
        Column::right("Units left", 1.4),
    ];
    // Each day's units left are the day before's less Eaten and Left over
    // (the rest of whole items opened, not kept), as on the Food tab.
    // A day played: what it took, and what was left after it.
    let rows: Vec<Vec<String>> = (view.days.iter())
        .filter_map(|day| {
            let name = format!("{} ({})", day.index + 1, calendar.describe(day.date));
            if day.index < food.from_day {
                let k = usize::try_from(day.index).unwrap_or(usize::MAX);
                let units = |v: Option<&f64>, what: &str| {
                    v.map_or_else(String::new, |u| format!("{u:.0}{what}"))
                };
                return Some(vec![
                    name,
                    day.food_factor_words(),
                    "played".to_owned(),
                    String::new(),
                    units(journey.food_opened.get(k), " taken"),
                    String::new(),
                    units(journey.food_left.get(k + 1), ""),
                ]);
            }
            let meals = food.day(day.index)?;
            Some(vec![
                name,
                day.food_factor_words(),
                format!("{:.0}", meals.required),
                format!("{:.0}", meals.planned),
                format!("{:.0}", meals.eaten),
                format!("{:.0}", meals.left_over()),
                format!("{:.0}", meals.units_left),
            ])
        })
        .collect();
    blocks::table(l, &columns, &rows);
}

/// The animals' part of the food still to eat, day by day: what they need,
/// the fodder they eat, and whether the land feeds them (grazing, a house
/// rule). No section for a party without animals.
fn animals(
    l: &mut Layout<'_>,
    view: &JourneyPlanView,
    food: &plan::FoodLedger,
    calendar: &Calendar,
) {
    let rows: Vec<Vec<String>> = (view.days.iter())
        .filter_map(|day| {
            let meals = food.day(day.index)?;
            let names: Vec<&str> = (meals.entries.iter())
                .filter(|e| e.animal)
                .map(|e| e.name.as_str())
                .collect();
            if names.is_empty() {
                return None;
            }
            let (need, ate) = meals.animals();
            Some(vec![
                format!("{} ({})", day.index + 1, calendar.describe(day.date)),
                names.join(", "),
                format!("{need:.0}"),
                format!("{ate:.0}"),
                fed_by(meals.grazing(), need, ate).to_owned(),
            ])
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    blocks::section(l, "The animals' food", 40.0);
    let columns = [
        Column::left("Day", 3.0),
        Column::left("Animals", 3.0),
        Column::right("Needed", 1.0),
        Column::right("Eaten", 1.0),
        Column::left("Fed by", 2.0),
    ];
    blocks::table(l, &columns, &rows);
}

/// What fed the day's animals, in words: the land, fodder, or too little.
fn fed_by(grazing: bool, need: f64, ate: f64) -> &'static str {
    if grazing {
        "grazing (house rule)"
    } else if ate + 1e-9 >= need {
        "fodder"
    } else if ate > 0.0 {
        "fodder, short"
    } else {
        "nothing: unfed"
    }
}
