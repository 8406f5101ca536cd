//! The Food and Charts tabs: the food ledger with its warnings, the risk of
//! exhaustion day by day, and the charts of exhaustion and food left.

use super::*;

/// What the Food tab says when the campaign does not count food.
pub(super) const LOOKED_AFTER: &str = "Food and drink are always looked after in this campaign: nothing is eaten from the packs and nobody goes hungry. Counting is switched on and off on the Campaign screen.";

pub(super) fn food_ui(
    ui: &mut Ui,
    journey: &Journey,
    food: &FoodLedger,
    view: &JourneyPlanView,
    calendar: &waybook_core::model::calendar::Calendar,
) {
    ui.heading("Food and drink");
    if food.looked_after {
        ui.label(LOOKED_AFTER);
        return;
    }
    let day_name = |d: Option<i64>| {
        d.map_or_else(
            || "never (ten years and more)".to_owned(),
            |d| format!("day {}", d + 1),
        )
    };
    let units = units_text(food.apart, food.units_at_start, food.drink_at_start);
    ui.label(if food.from_day == 0 {
        format!("{units} in packs and the stash at the start.")
    } else {
        format!(
            "{units} in packs and the stash now, before day {}.",
            food.from_day + 1
        )
    });
    if food.apart {
        ui.label(
            RichText::new("Food and drink are counted apart: half of each day's units must be drink (water), half food.")
                .weak(),
        );
    }
    ui.label(format!(
        "At full rations the {} runs out on {}; at half rations on {}.",
        if food.apart { "food or drink" } else { "food" },
        day_name(food.runs_out_full),
        day_name(food.runs_out_half)
    ));
    // A starving host has thousands of warnings: the first few, then a count.
    for w in food.warnings.iter().take(WARNINGS_SHOWN) {
        ui.label(RichText::new(format!("⚠ {w}")).color(ERROR_COLOUR));
    }
    if food.warnings.len() > WARNINGS_SHOWN {
        ui.label(
            RichText::new(format!(
                "⚠ and {} more",
                food.warnings.len() - WARNINGS_SHOWN
            ))
            .color(ERROR_COLOUR),
        );
    }
    ui.label(
        RichText::new(
            "× is the day's expected food multiplier (each weather's weighted by its chance), as on the Days tab and the packet. Whole items are opened: what is left of the last one is not kept (Left over), so each day's units left are the day before's less Eaten and Left over.",
        )
        .weak(),
    );
    // Only the days in view are drawn (the tab scrolls them): a long
    // journey's ledger was every day's seven labels each frame.
    let height = ui.spacing().interact_size.y;
    egui_extras::TableBuilder::new(ui)
        .id_salt("food-ledger")
        .striped(true)
        .vscroll(false)
        .columns(egui_extras::Column::auto().at_least(40.0), 7)
        .header(height, |mut header| {
            for title in [
                "Day",
                "×",
                "Needed",
                "Planned",
                "Eaten",
                "Left over",
                "Units left",
            ] {
                header.col(|ui| {
                    ui.strong(title);
                });
            }
        })
        .body(|body| {
            body.rows(height, view.days.len(), |mut row| {
                let day = &view.days[row.index()];
                for cell in ledger_row(journey, food, day, calendar) {
                    // One line a row, the columns as wide as their text.
                    row.col(|ui| {
                        ui.add(egui::Label::new(cell).extend());
                    });
                }
            });
        });
}

/// A day's seven cells of the food ledger: planned, or, for a day already
/// played, what it took from packs and stash and what was left after it.
fn ledger_row(
    journey: &Journey,
    food: &FoodLedger,
    day: &plan::PlanDay,
    calendar: &waybook_core::model::calendar::Calendar,
) -> [RichText; 7] {
    let date = format!("{} ({})", day.index + 1, calendar.describe(day.date));
    let factor = day.food_factor_words();
    let Some(meals) = food.day(day.index) else {
        let k = usize::try_from(day.index).unwrap_or(usize::MAX);
        let taken =
            (journey.food_opened.get(k)).map_or_else(String::new, |o| format!("{o:.0} taken"));
        let left =
            (journey.food_left.get(k + 1)).map_or_else(String::new, |l| format!("{l:.0} units"));
        return [
            date.into(),
            factor.into(),
            RichText::new("played").weak(),
            RichText::default(),
            taken.into(),
            RichText::default(),
            left.into(),
        ];
    };
    let eaten = RichText::new(format!("{:.0}", meals.eaten));
    let short = meals.eaten + 0.5 < meals.planned;
    [
        date.into(),
        factor.into(),
        format!("{:.0}", meals.required).into(),
        format!("{:.0}", meals.planned).into(),
        if short {
            eaten.color(ERROR_COLOUR)
        } else {
            eaten
        },
        format!("{:.0}", meals.left_over()).into(),
        units_text(food.apart, meals.units_left, meals.drink_left).into(),
    ]
}

/// Units of food and drink: one figure, or counted apart, each.
fn units_text(apart: bool, units: f64, drink: f64) -> String {
    if apart {
        format!("{:.0} units of food and {drink:.0} of drink", units - drink)
    } else {
        format!("{units:.0} units")
    }
}

/// The food warnings listed before the rest are counted.
const WARNINGS_SHOWN: usize = 12;

/// The travellers the exhaustion chart draws a line for: the most at risk.
const CHARTED: usize = 12;

/// Expected exhaustion per character over the journey (running total of each
/// day's exact forecast), and food units left: planned against played.
pub(super) fn charts_ui(
    ui: &mut Ui,
    j: &Journey,
    view: &JourneyPlanView,
    food: &FoodLedger,
    chart: &ChartLines,
) {
    use egui_plot::{Line, LineStyle, Plot};
    risk_grid_ui(ui, view);
    ui.add_space(8.0);
    ui.heading("Expected exhaustion by the end of each day");
    ui.label(
        RichText::new(
            "Before long rests and hunger. Solid: the exact forecast of the day's tests, added up; dashed: the degrees the tests gave in play.",
        )
        .weak(),
    );
    if chart.travellers > CHARTED {
        ui.label(
            RichText::new(format!(
                "The {CHARTED} most at risk of {} travellers are drawn.",
                chart.travellers
            ))
            .weak(),
        );
    }
    let days_played = view.days_played(j.played_hours);
    let names: Vec<(Color32, &str)> = chart
        .lines
        .iter()
        .enumerate()
        .map(|(n, ((_, name), _))| (chart_colour(n), name.as_str()))
        .collect();
    legend_ui(ui, &names);
    in_view(ui, 240.0, |ui| {
        Plot::new("exhaustion-chart")
            .height(240.0)
            .x_axis_label("day of the journey")
            .y_axis_label("degrees")
            .allow_scroll(false)
            .show(ui, |plot| {
                for (n, (traveller, points)) in chart.lines.iter().enumerate() {
                    let colour = chart_colour(n);
                    let (id, name) = traveller;
                    plot.line(Line::new(name.clone(), points.clone()).color(colour));
                    if days_played > 0 {
                        plot.line(
                            Line::new(name.clone(), played_exhaustion(j, *id, days_played))
                                .color(colour)
                                .style(LineStyle::dashed_dense()),
                        );
                    }
                }
            })
            .response
            .widget_info(|| chart_info("Expected exhaustion chart"));
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
    let mut names = vec![(chart_colour(0), "planned")];
    if !j.food_left.is_empty() {
        names.push((chart_colour(1), "played"));
    }
    legend_ui(ui, &names);
    in_view(ui, 200.0, |ui| {
        Plot::new("food-chart")
            .height(200.0)
            .x_axis_label("day of the journey")
            .y_axis_label("units")
            .allow_scroll(false)
            .show(ui, |plot| {
                plot.line(Line::new("planned", planned).color(chart_colour(0)));
                if !j.food_left.is_empty() {
                    plot.line(Line::new("played", played).color(chart_colour(1)));
                }
            })
            .response
            .widget_info(|| chart_info("Food units left chart"));
    });
}

/// A chart as a screen reader (and a test) finds it: by its name.
fn chart_info(name: &str) -> egui::WidgetInfo {
    egui::WidgetInfo::labeled(egui::Role::Image, true, name)
}

/// A chart's names in a row above it, each after a stroke of its line's
/// colour: a legend inside the plot covers the lines it names.
fn legend_ui(ui: &mut Ui, names: &[(Color32, &str)]) {
    ui.horizontal_wrapped(|ui| {
        for (colour, name) in names {
            ui.label(RichText::new("\u{2501}\u{2501}").color(*colour).strong());
            ui.label(*name);
            ui.add_space(8.0);
        }
    });
}

/// A chart `height` high, drawn only when some of it is in view (a plot
/// lays out its axes and grid however far out of view it is); out of view,
/// it keeps its room.
fn in_view(ui: &mut Ui, height: f32, chart: impl FnOnce(&mut Ui)) {
    let room = egui::Rect::from_min_size(ui.cursor().min, egui::vec2(ui.available_width(), height));
    if ui.is_rect_visible(room) {
        chart(ui);
    } else {
        ui.allocate_space(room.size());
    }
}

/// A traveller and their running total, day by day.
type ChartLine = ((CharacterId, String), Vec<[f64; 2]>);

/// The exhaustion chart's lines: the travellers (as on the first day) most
/// at risk, with their running totals of expected exhaustion.
pub(super) struct ChartLines {
    lines: Vec<ChartLine>,
    /// How many travel, drawn or not.
    travellers: usize,
}

pub(super) fn chart_lines(view: &JourneyPlanView) -> ChartLines {
    let travellers: &[plan::CharacterDay] = view.days.first().map_or(&[], |d| &d.characters);
    let mut lines: Vec<(usize, Vec<[f64; 2]>)> = (0..travellers.len())
        .map(|row| {
            let mut total = 0.0;
            let points = std::iter::once([0.0, 0.0])
                .chain(view.days.iter().map(|d| {
                    total += d
                        .characters
                        .get(row)
                        .map_or(0.0, |c| c.forecast.expected_exhaustion);
                    [(d.index + 1) as f64, total]
                }))
                .collect();
            (row, points)
        })
        .collect();
    if travellers.len() > CHARTED {
        lines.sort_by(|(_, a), (_, b)| {
            let end = |p: &Vec<[f64; 2]>| p.last().map_or(0.0, |p| p[1]);
            end(b).total_cmp(&end(a))
        });
        lines.truncate(CHARTED);
    }
    ChartLines {
        lines: lines
            .into_iter()
            .map(|(row, points)| {
                let traveller = &travellers[row];
                ((traveller.character, traveller.name.clone()), points)
            })
            .collect(),
        travellers: travellers.len(),
    }
}

/// Distinct colours for the characters' lines, planned and played alike.
fn chart_colour(n: usize) -> Color32 {
    const PALETTE: [Color32; 8] = [
        Color32::from_rgb(0x1f, 0x77, 0xb4),
        Color32::from_rgb(0xd6, 0x27, 0x28),
        Color32::from_rgb(0x2c, 0xa0, 0x2c),
        Color32::from_rgb(0x94, 0x67, 0xbd),
        Color32::from_rgb(0xff, 0x7f, 0x0e),
        Color32::from_rgb(0x8c, 0x56, 0x4b),
        Color32::from_rgb(0xe3, 0x77, 0xc2),
        Color32::from_rgb(0x17, 0xbe, 0xcf),
    ];
    PALETTE[n % PALETTE.len()]
}

/// The degrees a character's tests gave by the end of each played day,
/// from the day before the journey (0) on.
pub(super) fn played_exhaustion(j: &Journey, who: CharacterId, days: i64) -> Vec<[f64; 2]> {
    let mut total = 0.0;
    std::iter::once([0.0, 0.0])
        .chain((0..days).map(|d| {
            total += j
                .exhaustion_gained
                .iter()
                .filter(|g| g.day == d && g.character == who)
                .map(|g| g.degrees as f64)
                .sum::<f64>();
            [(d + 1) as f64, total]
        }))
        .collect()
}

/// The risk grid's name column and cells.
const RISK_GRID: lists::FixedGrid = lists::FixedGrid {
    name_width: 130.0,
    cell: egui::vec2(44.0, 18.0),
};

/// Who is at risk on which day: the chance of at least one degree of
/// exhaustion from the day's tests, a row per character, a column per day.
pub(super) fn risk_grid_ui(ui: &mut Ui, view: &JourneyPlanView) {
    ui.heading("Risk of exhaustion, day by day");
    ui.label(RichText::new("The chance of at least one degree from the day's tests.").weak());
    let Some(first) = view.days.first() else {
        return;
    };
    egui::ScrollArea::horizontal()
        .id_salt("risk-grid")
        .show(ui, |ui| {
            // Rows of fixed widths, so the days line up; only the rows in
            // view are drawn.
            ui.spacing_mut().item_spacing.x = 3.0;
            RISK_GRID.header(ui, view.days.len(), |n| {
                format!("day {}", view.days[n].index + 1)
            });
            let rows = first.characters.len();
            lists::rows_in_view(ui, "risk-rows", rows, 300.0, |ui, row| {
                let cd = &first.characters[row];
                ui.horizontal(|ui| {
                    RISK_GRID.name(ui, &cd.name);
                    RISK_GRID.shown_cells(ui, view.days.len(), |ui, n| {
                        let day = &view.days[n];
                        let p = day
                            .characters
                            .get(row)
                            .and_then(|c| c.forecast.p_at_least.first().copied())
                            .unwrap_or(0.0);
                        let shade = (255.0 - p * 120.0) as u8;
                        let look = || lists::Cell {
                            text: format!("{:.0}%", p * 100.0),
                            // Light cells in either theme: dark text reads on them.
                            colour: Color32::BLACK,
                            fill: Color32::from_rgb(255, shade, shade),
                        };
                        let said = || {
                            format!(
                                "{} on day {}: {:.0}% chance of exhaustion",
                                cd.name,
                                day.index + 1,
                                p * 100.0
                            )
                        };
                        crate::ui::measure::hover_ui(
                            RISK_GRID.cell(ui, egui::Sense::hover(), look),
                            |ui| {
                                ui.label(said());
                            },
                        )
                        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, said()));
                    });
                });
            });
        });
}

#[cfg(test)]
mod tests {
    use super::played_exhaustion;
    use waybook_core::plan::play::{Until, advance};
    use waybook_rules::dice::Dice;

    /// Issue 8: the chart's played line is the degrees the tests gave, day by day.
    #[test]
    fn the_played_line_adds_up_the_degrees_each_day_gave() {
        let dir = tempfile::tempdir().expect("dir");
        let mut data = waybook_core::demo::create_demo(&dir.path().join("d.waybook"))
            .expect("demo")
            .load()
            .expect("loads");
        let id = *data.journeys.keys().next().expect("the demo journey");
        let mut dice = Dice::scripted(vec![1; 500]);
        for _ in 0..2 {
            let edit =
                advance(&data, &data.journeys[&id], Until::EndOfDay, &mut dice).expect("played");
            for change in &edit.changes {
                data.apply(change);
            }
        }
        let journey = &data.journeys[&id];
        // Of the Kettleford Watch, whose plan the demo's journey is.
        let ash = data
            .characters
            .values()
            .find(|c| c.name == "Hobb the Carter")
            .expect("Hobb");
        let line = played_exhaustion(journey, ash.id, 2);
        assert_eq!(line.len(), 3, "the start and two played days");
        assert_eq!(line[0], [0.0, 0.0]);
        assert_eq!(
            line[2][1] - line[1][1],
            2.0,
            "day 2's forced march: two march tests failed on natural 1s"
        );
        let logged: i64 = journey
            .exhaustion_gained
            .iter()
            .filter(|g| g.character == ash.id)
            .map(|g| g.degrees)
            .sum();
        assert_eq!(
            line[2][1], logged as f64,
            "before long rests, as the forecast"
        );
    }
}
