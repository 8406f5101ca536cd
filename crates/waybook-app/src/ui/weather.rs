//! The Weather screen: the world's regions (name, climate, notes, a weather
//! table per season, the chance a day keeps yesterday's weather), each
//! region's weather today, its forecast (the exact chance of each weather
//! beside the days rolled ahead, which the GM may roll again) and its
//! history, which stays as it fell.

use super::choices::Unpicked;
use super::forms::play_step;
use super::input::{Entry, Typing};
use super::lists::{self, Memo};
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::edits::records;
use waybook_core::model::plural;
use waybook_core::model::{CampaignData, PartyId, Region, RegionId, limits};
use waybook_core::world::weather::{self, DayOdds, WeatherStep};

#[derive(Debug)]
pub struct WeatherState {
    pub selected: Option<RegionId>,
    pub fields: Typing,
    /// How many days ahead the forecast looks.
    pub days: Entry<i64>,
    /// The forecast's odds, worked out again only when something changes.
    odds: Memo<(u64, RegionId, i64), Result<Vec<DayOdds>, String>>,
}

impl Default for WeatherState {
    fn default() -> Self {
        Self {
            selected: None,
            fields: Typing::default(),
            days: Entry::new(7, limits::FORECAST_DAYS),
            odds: Memo::default(),
        }
    }
}

pub fn weather_ui(
    ui: &mut Ui,
    state: &mut WeatherState,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    if state
        .selected
        .is_none_or(|r| !data.regions.contains_key(&r))
    {
        state.selected = data.regions_by_name().first().map(|r| r.id);
    }
    let names = data.regions.values().map(|r| r.name.as_str());
    super::lists::list_panel(ui, "region-list", names, (220.0, 340.0))
        .show(ui, |ui| region_list_ui(ui, state, data, out));
    egui::CentralPanel::default().show(ui, |ui| {
        today_ui(ui, (data, running), out);
        ui.separator();
        match state.selected.and_then(|r| data.regions.get(&r)) {
            Some(region) => {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    region_ui(ui, state, data, region, out);
                });
            }
            None => {
                ui.label("Add a region: each has its own weather tables, and its places and paths read its weather.");
            }
        }
    });
}

fn region_list_ui(
    ui: &mut Ui,
    state: &mut WeatherState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    ui.heading("Regions");
    if ui.button("Add region").clicked() {
        let region = records::add_region(data);
        state.selected = Some(region.id);
        out.push(Command::Apply(region.edit));
    }
    ui.add_space(6.0);
    let regions = data.regions_by_name();
    let height = ui.available_height();
    lists::rows_in_view(ui, "region-rows", regions.len(), height, |ui, i| {
        let r = regions[i];
        if ui
            .selectable_label(state.selected == Some(r.id), &r.name)
            .clicked()
        {
            state.selected = Some(r.id);
        }
    });
}

/// Today's date (the party run's, issue 53), every region's weather today
/// and the weather parties in no region met (a path or place outside every
/// region), with the button that rolls what is not rolled yet of the
/// campaign's latest day (greyed with the reason when nothing is). A party
/// behind the others is told its days ahead were lived: their weather is
/// as it fell.
fn today_ui(
    ui: &mut Ui,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    let now = waybook_core::world::present::now_of(data, running);
    let today = now.day;
    let run = running
        .and_then(|p| data.parties.get(&p))
        .filter(|_| data.parties.len() > 1);
    ui.label(
        RichText::new(match run {
            Some(p) => format!("Today, for {}: {}", p.name, data.settings.today_at(now)),
            None => format!("Today: {}", data.settings.today()),
        })
        .strong(),
    );
    if let Some(p) = run.filter(|_| today < data.settings.clock.day) {
        let ahead: Vec<&str> = (data.parties.values())
            .filter(|o| o.id != p.id && o.now.day > today)
            .map(|o| o.name.as_str())
            .collect();
        ui.label(format!(
            "Its days to {} were lived by {}: their weather is as it fell, not a forecast.",
            data.settings.calendar.describe(data.settings.clock.day),
            ahead.join(", ")
        ));
    }
    ui.horizontal_wrapped(|ui| {
        for r in data.regions_by_name() {
            let weather = data
                .weather_on(r.id, today)
                .map_or("not rolled yet", |w| w.weather.as_str());
            ui.label(format!("{}: {weather}", r.name));
            ui.separator();
        }
        for w in weather::outside_regions(data, today) {
            ui.label(w.words());
            ui.separator();
        }
    });
    // On a row of its own: its reason, when greyed, is read whole.
    play_step(
        ui,
        data,
        "Roll today's weather",
        Ok(WeatherStep::RollToday),
        out,
    );
}

fn region_ui(
    ui: &mut Ui,
    state: &mut WeatherState,
    data: &CampaignData,
    r: &Region,
    out: &mut Vec<Command>,
) {
    let fields = &mut state.fields;
    let key = |f: &str| format!("region{}:{f}", r.id.0);
    ui.heading(&r.name);
    ui.horizontal_wrapped(|ui| {
        if let Some(name) = fields.text(ui, &key("name"), "Name", &r.name, 180.0) {
            fields.commit(out, r, "name", |r| r.name = name);
        }
        if let Some(climate) = fields.text(ui, &key("climate"), "Climate", &r.climate, 220.0) {
            fields.commit(out, r, "climate", |r| r.climate = climate);
        }
    });
    if let Some(notes) = fields.multiline(ui, &key("notes"), "Notes", &r.notes) {
        fields.commit(out, r, "notes", |r| r.notes = notes);
    }
    ui.horizontal(|ui| {
        let label = "Chance a day keeps yesterday's weather (%)";
        if let Some(v) = fields.whole(
            ui,
            &key("keep"),
            label,
            r.keep_percent,
            &limits::KEEP_PERCENT,
        ) {
            fields.commit(out, r, "chance to keep the weather", |r| r.keep_percent = v);
        }
    });
    let mut grazing = r.grazing;
    if ui
        .checkbox(&mut grazing, "Animals graze here (house rule)")
        .changed()
    {
        fields.commit(out, r, "grazing", |r| r.grazing = grazing);
    }
    season_tables_ui(ui, fields, data, r, out);
    ui.horizontal_wrapped(|ui| {
        ui.label("Waybook's weather for the seasons:");
        for climate in waybook_core::starter::content::CLIMATES {
            let button = ui
                .button(waybook_rules::capitalised(climate))
                .on_hover_text(format!(
                    "Each season rolls Waybook's {climate} table for it ({})",
                    waybook_core::model::SUGGESTED
                ));
            if button.clicked()
                && let Some(edit) = waybook_core::starter::region_climate(data, r, climate)
            {
                out.push(Command::Apply(edit));
            }
        }
    });
    let none = |_| "none (the GM says)".to_owned();
    if let Some((kind, table)) =
        super::map::encounter_tables_ui(ui, &key("encounters"), &r.encounters, data, none)
    {
        fields.commit(out, r, &format!("{} table", kind.as_str()), |r| {
            *r.encounters.of_mut(kind) = table;
        });
    }
    let places: Vec<&str> = data
        .places_by_name()
        .into_iter()
        .filter(|p| p.region == Some(r.id))
        .map(|p| p.name.as_str())
        .collect();
    ui.label(
        RichText::new(if places.is_empty() {
            "No place is in this region yet (choose a place's region on the Map screen).".to_owned()
        } else {
            format!("Places in it: {}", places.join(", "))
        })
        .weak(),
    );
    if ui.button(format!("Remove region {}", r.name)).clicked() {
        out.push(Command::Apply(records::remove_region(data, r)));
    }
    ui.separator();
    forecast_ui(ui, state, data, r, out);
    ui.separator();
    history_ui(ui, data, r);
}

/// The table each of the calendar's seasons rolls, or the campaign's.
fn season_tables_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    r: &Region,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Weather tables by season").strong());
    let campaign = data
        .settings
        .weather_table
        .and_then(|t| data.tables.get(&t))
        .map_or("none", |t| t.name.as_str());
    let seasons = &data.settings.calendar.seasons;
    if seasons.is_empty() {
        ui.label(format!(
            "The calendar has no seasons: every day rolls the campaign's weather table ({campaign}, Campaign screen)."
        ));
        return;
    }
    let tables: Vec<_> = data
        .tables
        .values()
        .map(|t| (t.id, t.name.as_str()))
        .collect();
    let fallback = format!("the campaign's ({campaign})");
    ui.horizontal_wrapped(|ui| {
        for season in seasons {
            let current = r.tables.get(&season.name).copied();
            let mut chosen = current;
            super::choices::record_combo(
                ui,
                format!("region{}:season:{}", r.id.0, season.name),
                &season.name,
                &mut chosen,
                Unpicked::Offered(&fallback),
                &tables,
            );
            if chosen != current {
                fields.commit(out, r, &format!("{} table", season.name), |r| {
                    match chosen {
                        Some(t) => r.tables.insert(season.name.clone(), t),
                        None => r.tables.remove(&season.name),
                    };
                });
            }
            ui.add_space(12.0);
        }
    });
}

/// The chance of each weather on the days ahead, beside the days rolled
/// ahead, and the button that rolls them again.
fn forecast_ui(
    ui: &mut Ui,
    state: &mut WeatherState,
    data: &CampaignData,
    r: &Region,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Forecast").strong());
    let days = ui
        .horizontal(|ui| {
            let days = state.days.ui(ui, "Days ahead", 36.0);
            let step = days
                .clone()
                .map(|days| WeatherStep::RollForecast { region: r.id, days });
            play_step(ui, data, "Roll the forecast again", step, out);
            days
        })
        .inner;
    // While the field does not read, no chances: they would be of a number
    // the GM no longer sees.
    let Ok(days) = days else { return };
    let odds = state.odds.get((data.revision, r.id, days), || {
        std::rc::Rc::new(weather::forecast(data, r, days).map_err(|e| e.to_string()))
    });
    let odds = match odds.as_ref() {
        Ok(odds) => odds,
        Err(why) => {
            ui.label(format!("No forecast: {why}."));
            return;
        }
    };
    egui::Grid::new(("forecast", r.id.0))
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.strong("Date");
            ui.strong("Rolled ahead");
            ui.strong("Chance of each weather");
            ui.end_row();
            for day in odds {
                ui.label(data.settings.calendar.describe(day.day));
                let rolled = data.weather_on(r.id, day.day);
                ui.label(rolled.map_or_else(
                    || "—".to_owned(),
                    |w| {
                        if w.foretold {
                            format!("{} (foretold)", w.weather)
                        } else {
                            w.weather.clone()
                        }
                    },
                ));
                let (likeliest, all) = chances_text(&day.odds);
                ui.label(likeliest).on_hover_text(all);
                ui.end_row();
            }
        });
}

/// The three likeliest weathers ("Snow 52% · Clear 30% · Fog 10% · and 2
/// more"), and every one, a line each, likeliest first.
fn chances_text(odds: &[(String, f64)]) -> (String, String) {
    const SHOWN: usize = 3;
    let mut sorted: Vec<_> = odds.iter().collect();
    sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
    let each: Vec<String> = sorted
        .iter()
        .map(|(w, p)| format!("{w} {:.0}%", p * 100.0))
        .collect();
    let mut likeliest = each[..each.len().min(SHOWN)].join(" · ");
    if each.len() > SHOWN {
        likeliest.push_str(&format!(" · and {} more", each.len() - SHOWN));
    }
    (likeliest, each.join("\n"))
}

/// The region's weather as it fell, the latest day first.
fn history_ui(ui: &mut Ui, data: &CampaignData, r: &Region) {
    let today = data.settings.clock.day;
    let days: Vec<_> = data
        .weather_of(r.id, *limits::CLOCK_DAY.start()..=today)
        .collect();
    ui.label(RichText::new(format!("As it fell ({})", plural(days.len(), "day"))).strong());
    if days.is_empty() {
        ui.label("No day of this region has had its weather rolled yet.");
        return;
    }
    let height = ui.available_height().max(200.0);
    lists::rows_in_view(ui, "weather-history", days.len(), height, |ui, i| {
        let w = days[days.len() - 1 - i];
        ui.horizontal(|ui| {
            ui.label(data.settings.calendar.describe(w.day));
            ui.strong(&w.weather);
            ui.label(RichText::new(&w.rolled).weak());
        });
    });
}
