//! The Day by day tab: one day's changes (travel hours, weather, rations),
//! the hour grid per character, and each character's tests and risk.

use super::*;

pub(super) fn activity_colour(a: Activity) -> Color32 {
    match a {
        Activity::Travel => Color32::from_rgb(0xc9, 0xdd, 0xf2),
        Activity::Swim => Color32::from_rgb(0xa8, 0xd8, 0xe0),
        Activity::Camp => Color32::from_rgb(0xe8, 0xdc, 0xc0),
        Activity::Watch => Color32::from_rgb(0xf0, 0xc8, 0xa8),
        Activity::Work => Color32::from_rgb(0xd8, 0xe8, 0xc8),
        Activity::Rest => Color32::from_gray(0xee),
    }
}

/// The mark an hour's cell shows: a letter or two, each activity its own.
pub(super) fn activity_mark(a: Activity) -> &'static str {
    match a {
        Activity::Travel => "T",
        Activity::Swim => "S",
        Activity::Rest => "R",
        Activity::Camp => "C",
        Activity::Work => "Wk",
        Activity::Watch => "Wa",
    }
}

pub(super) fn next_activity(a: Activity) -> Activity {
    let all: Vec<Activity> = <Activity as strum::IntoEnumIterator>::iter().collect();
    let at = all.iter().position(|x| *x == a).unwrap_or(0);
    all[(at + 1) % all.len()]
}

/// The weather the day is planned with, region by region: as it fell, as
/// foretold, or by the forecast's chances (the hours and tests below are
/// the likeliest weather's; the forecast and food weigh every weather).
fn weather_ui(ui: &mut Ui, day: &waybook_core::plan::PlanDay) {
    let Some(words) = day.weather_words() else {
        return;
    };
    let line = ui.label(format!("Weather: {words}"));
    if day.weather_by_chance() {
        line.on_hover_text(
            "Not rolled yet: the hours below are planned in the likeliest weather; the expected exhaustion and the food weigh each weather by its chance, as the Weather screen's forecast gives it",
        );
    }
    if let Some(likeliest) = &day.likeliest {
        ui.label(RichText::new(likeliest.words()).weak());
    }
}

pub(super) fn days_ui(
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
    day_picker_ui(ui, &mut state.day, view, data);
    let day = &view.days[state.day as usize];
    let fields = &mut state.fields;
    let played = day.index < view.days_played(j.played_hours);
    if played {
        ui.label(
            RichText::new(
                "This day has been played: it is shown as it was and can no longer change.",
            )
            .weak(),
        );
    }
    ui.add_enabled_ui(!played, |ui| day_changes_ui(ui, fields, data, j, day, out));
    // The day's food from the one ledger (each needs 40 units times the
    // day's multiplier and their own need); a day played is past it.
    let factor = day.food_factor_words();
    let food_line = match food.day(day.index) {
        Some(eaten) => format!(
            "Food ×{factor}: {} units for the party",
            waybook_core::model::decimal(eaten.required)
        ),
        None => format!("Food ×{factor}"),
    };
    weather_ui(ui, day);
    ui.label(format!("{food_line} · {}", day.road_hours_words()));
    ui.add_space(4.0);
    let dark = waybook_core::plan::dark_marches(&data.settings.calendar, day);
    if let (Some(first), Some(last)) = (dark.first(), dark.last()) {
        ui.label(
            RichText::new(format!(
                "⚠ {} of march in the dark ({first:02}:00 to {:02}:00): before sunrise or after sunset on {}",
                waybook_core::model::plural(dark.len(), "hour"),
                last + 1,
                data.settings.calendar.describe(day.date)
            ))
            .color(ERROR_COLOUR),
        );
    }
    let calendar = &data.settings.calendar;
    ui.add_enabled_ui(!played, |ui| grid_ui(ui, fields, j, day, calendar, out));
    ui.add_space(6.0);
    risk_ui(ui, day, food);
}

/// Previous day, the day shown, next day.
fn day_picker_ui(ui: &mut Ui, shown: &mut i64, view: &JourneyPlanView, data: &CampaignData) {
    let day = &view.days[*shown as usize];
    ui.horizontal(|ui| {
        if ui
            .add_enabled(*shown > 0, egui::Button::new("◀ Previous day"))
            .clicked()
        {
            *shown -= 1;
        }
        ui.heading(format!(
            "Day {} of {} · campaign day {}",
            day.index + 1,
            view.days.len(),
            day.date
        ));
        ui.label(RichText::new(data.settings.calendar.describe(day.date)).weak());
        if ui
            .add_enabled(
                (*shown as usize) + 1 < view.days.len(),
                egui::Button::new("Next day ▶"),
            )
            .clicked()
        {
            *shown += 1;
        }
    });
}

/// What the GM changes on one day: its travel hours, weather and rations.
fn day_changes_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    j: &Journey,
    day: &plan::PlanDay,
    out: &mut Vec<Command>,
) {
    let change = j.plan.days.get(&day.index).cloned().unwrap_or_default();
    let d = day.index;
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
            limits::hours_in_day(data.settings.day_hours),
        ) {
            fields.commit(out, j, &format!("travel hours of day {}", d + 1), |j| {
                j.plan.days.entry(d).or_default().travel_hours = Some(v)
            });
        }
        let mut weather = change.temperature;
        if super::super::choices::optional_choice_combo(
            ui,
            format!("day{d}:weather"),
            "Weather this day",
            &mut weather,
            "as the route says",
        ) {
            fields.commit(out, j, &format!("weather of day {}", d + 1), |j| {
                j.plan.days.entry(d).or_default().temperature = weather
            });
        }
        if weather.is_some_and(|t| t != Temperature::Normal)
            && let Some(w) = weather_hours_ui(
                ui,
                fields,
                &format!("journey{}:day{d}:weather-hours", j.id.0),
                change.weather_hours,
                data.settings.day_hours,
            )
        {
            fields.commit(out, j, &format!("weather's hours of day {}", d + 1), |j| {
                j.plan.days.entry(d).or_default().weather_hours = w
            });
        }
        let ration = change.ration.unwrap_or_default();
        if let Some(r) = choice_combo(ui, &format!("day{d}:ration"), "Rations", ration) {
            fields.commit(out, j, &format!("rations of day {}", d + 1), |j| {
                j.plan.days.entry(d).or_default().ration = Some(r)
            });
        }
    });
}

/// Each character's expected exhaustion, chances, meal and tests for the day.
fn risk_ui(ui: &mut Ui, day: &plan::PlanDay, food: &FoodLedger) {
    ui.heading("Tests and risk");
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("A name in this colour").strong().color(RISK));
        ui.label(
            RichText::new("has at least a 50% chance of a degree of exhaustion today.").weak(),
        );
    });
    let meals = food.day(day.index);
    // A table that draws only the rows in view: a party may be thousands.
    egui_extras::TableBuilder::new(ui)
        .id_salt("risk")
        .striped(true)
        .max_scroll_height(320.0)
        .column(egui_extras::Column::auto().at_least(150.0))
        .columns(egui_extras::Column::auto().at_least(90.0), 3)
        .column(egui_extras::Column::remainder())
        .header(20.0, |mut header| {
            for title in [
                "Character",
                "Expected exhaustion",
                "Chance of 1+, 2+, 3+",
                "Eats",
                "Tests (hour, cause, TG)",
            ] {
                header.col(|ui| {
                    ui.strong(title);
                });
            }
        })
        .body(|body| {
            body.rows(20.0, day.characters.len(), |mut row| {
                let i = row.index();
                let cd = &day.characters[i];
                let f = &cd.forecast;
                let at_risk = f.p_at_least.first().copied().unwrap_or(0.0) >= 0.5;
                let name = RichText::new(&cd.name).strong();
                row.col(|ui| {
                    ui.add(
                        egui::Label::new(if at_risk { name.color(RISK) } else { name }).truncate(),
                    );
                });
                row.col(|ui| {
                    ui.label(format!("{:.2}", f.expected_exhaustion));
                });
                let odds: Vec<String> = (0..3)
                    .map(|k| {
                        format!(
                            "{:.0}%",
                            f.p_at_least.get(k).copied().unwrap_or(0.0) * 100.0
                        )
                    })
                    .collect();
                row.col(|ui| {
                    ui.label(odds.join(", "));
                });
                // The ledger lists the members in the plan's order.
                let meal = meals.and_then(|m| {
                    m.entries
                        .get(i)
                        .filter(|e| e.character == cd.character)
                        .or_else(|| m.entries.iter().find(|e| e.character == cd.character))
                });
                // What the food ledger says is eaten: the same figure as the Food tab.
                let eats = meal.map_or_else(String::new, |m| {
                    format!("{:.0} of {:.0}", m.eaten, m.required)
                });
                let short = meal.is_some_and(|m| m.eaten + 0.5 < m.planned);
                row.col(|ui| {
                    ui.label(if short {
                        RichText::new(eats).color(ERROR_COLOUR)
                    } else {
                        RichText::new(eats)
                    });
                });
                row.col(|ui| {
                    ui.label(cd.tests_summary(day));
                });
            });
        });
}

/// The hour grid's name column and cells.
const HOUR_GRID: lists::FixedGrid = lists::FixedGrid {
    name_width: 130.0,
    cell: egui::vec2(28.0, 18.0),
};

pub(super) fn grid_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    j: &Journey,
    day: &plan::PlanDay,
    calendar: &waybook_core::model::calendar::Calendar,
    out: &mut Vec<Command>,
) {
    ui.label(
        RichText::new(
            "Click an hour for the next activity, or right-click to pick one. A mark in this colour is an hour with a test; a darker cell is an hour of darkness.",
        )
        .weak(),
    );
    legend_ui(ui);
    let mut picked = None;
    egui::ScrollArea::horizontal()
        .id_salt("hour-grid")
        .show(ui, |ui| {
            // Rows of fixed widths, so the hours line up; only the rows in
            // view are drawn.
            ui.spacing_mut().item_spacing.x = 2.0;
            HOUR_GRID.header(ui, day.slots.len(), |n| format!("{:02}", day.slots[n].hour));
            let rows = day.characters.len();
            lists::rows_in_view(ui, "hour-rows", rows, 360.0, |ui, i| {
                let cd = &day.characters[i];
                ui.horizontal(|ui| {
                    HOUR_GRID.name(ui, &cd.name);
                    for (slot, activity) in day.slots.iter().zip(&cd.activities) {
                        let tested = cd
                            .tests
                            .iter()
                            .any(|t| day.slots[t.hour - 1].hour == slot.hour);
                        let dark = calendar.is_dark(day.date, slot.hour);
                        let look = || {
                            // The row is one line of cut-short text, but a
                            // two-letter mark ("Wa") fits its cell whole.
                            let fill = activity_colour(*activity);
                            lists::Cell {
                                text: activity_mark(*activity).to_owned(),
                                colour: if tested { RISK } else { Color32::BLACK },
                                fill: if dark { dusk(fill) } else { fill },
                            }
                        };
                        // Worked out only when hovered: a frame draws hundreds of cells.
                        let cell = crate::ui::measure::hover_ui(
                            HOUR_GRID.cell(ui, egui::Sense::click(), look),
                            |ui| {
                                ui.label(format!(
                                    "{} at {:02}:00: {}{}{}",
                                    cd.name,
                                    slot.hour,
                                    activity.label(),
                                    if tested { " (a test)" } else { "" },
                                    if dark { ", in the dark" } else { "" }
                                ));
                            },
                        );
                        // Read out as "Ash Varnell, 09:00, travel", not "T".
                        cell.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Button,
                                true,
                                format!(
                                    "{}, {:02}:00, {}{}",
                                    cd.name,
                                    slot.hour,
                                    activity.label().to_lowercase(),
                                    if tested { ", a test" } else { "" }
                                ),
                            )
                        });
                        let at = (cd.character, slot.hour);
                        if cell.clicked() {
                            picked = Some((at, next_activity(*activity)));
                        }
                        cell.context_menu(|ui| {
                            ui.label(
                                RichText::new(format!("{} at {:02}:00", cd.name, slot.hour))
                                    .strong(),
                            );
                            for a in <Activity as strum::IntoEnumIterator>::iter() {
                                let entry = format!("{} {}", activity_mark(a), a.label());
                                if ui.selectable_label(a == *activity, entry).clicked() {
                                    picked = Some((at, a));
                                    ui.close();
                                }
                            }
                        });
                    }
                });
            });
        });
    if let Some(((who, hour), activity)) = picked {
        let d = day.index;
        fields.commit(out, j, "an hour", |j| set_hour(j, d, who, hour, activity));
    }
}

/// A cell's colour in an hour of darkness.
fn dusk(c: Color32) -> Color32 {
    let dim = |v: u8| (f32::from(v) * 0.62) as u8;
    Color32::from_rgb(dim(c.r()), dim(c.g()), dim(c.b()))
}

/// What the marks and colours of the hour grid stand for.
fn legend_ui(ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        for a in <Activity as strum::IntoEnumIterator>::iter() {
            let chip = egui::Button::new(
                RichText::new(activity_mark(a))
                    .small()
                    .color(Color32::BLACK),
            )
            .fill(activity_colour(a))
            .min_size(egui::vec2(24.0, 18.0))
            .sense(egui::Sense::hover());
            ui.add(chip);
            ui.label(RichText::new(a.label()).small());
            ui.add_space(6.0);
        }
    });
}

pub(super) fn set_hour(j: &mut Journey, day: i64, who: CharacterId, hour: i64, activity: Activity) {
    let change: &mut DayChange = j.plan.days.entry(day).or_default();
    change
        .hours
        .insert(DayChange::hour_key(who, hour), activity);
}
