//! The campaign screen: the campaign's name, which rule texts are switched
//! on, the day's length, how much a long rest restores, the clock, the
//! tables travel rounds roll the weather and Gather's battle items on, the
//! merchant table, and the cults (`cults`).

use super::choices::{self, Unpicked};
use super::input::Typing;
use crate::app::Command;
use egui::{RichText, Ui};
use strum::IntoEnumIterator;
use waybook_core::edits::records;
use waybook_core::model::{CampaignData, ClockTime, PartyId, RuleText, TableId, limits};

/// The Campaign screen's state: what is being typed into its fields, and
/// how tall each of its sections was when last drawn.
#[derive(Debug, Default)]
pub struct CampaignState {
    pub fields: Typing,
    sections: super::lists::Heights,
}

/// The Campaign screen, scrolled: it is longer than a window, so only the
/// sections near the view are drawn (`lists::Heights`).
pub fn campaign_ui(
    ui: &mut Ui,
    state: &mut CampaignState,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    let CampaignState { fields, sections } = state;
    let s = &data.settings;
    let mut each: [&mut Section; 10] = [
        &mut |ui, fields, out| names_ui(ui, fields, s, out),
        &mut |ui, fields, out| days_and_food_ui(ui, fields, s, out),
        &mut |ui, fields, out| clock_ui(ui, fields, (data, running), out),
        &mut |ui, fields, out| {
            super::calendar_settings::calendar_settings_ui(ui, fields, data, out)
        },
        &mut |ui, fields, out| travel_tables_ui(ui, fields, data, out),
        &mut |ui, fields, out| wares_ui(ui, fields, data, out),
        &mut |ui, fields, out| super::house_rules::house_rules_ui(ui, fields, s, out),
        &mut |ui, fields, out| super::animal_types::animal_types_ui(ui, fields, data, out),
        &mut |ui, fields, out| super::vehicle_types::vehicle_types_ui(ui, fields, data, out),
        &mut |ui, fields, out| super::cults::cults_ui(ui, fields, data, out),
    ];
    egui::ScrollArea::vertical()
        .auto_shrink(false)
        .show(ui, |ui| {
            sections.list("campaign settings", each.len());
            for (n, section) in each.iter_mut().enumerate() {
                sections.row(ui, n, |ui| {
                    if n > 0 {
                        ui.add_space(8.0);
                    }
                    section(ui, fields, out);
                });
            }
        });
}

/// A section of the screen, drawn with its fields, sending its commands.
type Section<'a> = dyn FnMut(&mut Ui, &mut Typing, &mut Vec<Command>) + 'a;

/// The screen's heading, the campaign's name and its rule texts.
fn names_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    s: &waybook_core::model::Settings,
    out: &mut Vec<Command>,
) {
    ui.heading("Campaign settings");
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        if let Some(name) = fields.text(ui, "campaign:name", "Campaign name", &s.name, 300.0) {
            fields.commit(out, s, "campaign name", |s| s.name = name);
        }
    });
    ui.add_space(8.0);
    ui.label(RichText::new("Rule texts").strong());
    ui.label(
        RichText::new(
            "A switched-off rule text hides its section on every sheet; nothing is deleted.",
        )
        .weak(),
    );
    for text in RuleText::iter() {
        let mut on = s.enabled(text);
        if ui.checkbox(&mut on, text.label()).changed() {
            fields.commit(out, s, &format!("{} switch", text.label()), |s| {
                s.set_enabled(text, on)
            });
        }
    }
}

/// The day's length, a long rest, and whether food is counted.
fn days_and_food_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    s: &waybook_core::model::Settings,
    out: &mut Vec<Command>,
) {
    if let Some(v) = fields.whole(
        ui,
        "campaign:day",
        "Hours in a day",
        s.day_hours,
        &limits::DAY_HOURS,
    ) {
        fields.commit(out, s, "day length", |s| s.day_hours = v);
    }
    ui.label(
        RichText::new(format!(
            "Base travel hours per day: {} (a third of the day).",
            s.base_travel_hours()
        ))
        .weak(),
    );
    if let Some(v) = fields.whole(
        ui,
        "campaign:rest",
        "Degrees a long rest removes",
        s.long_rest_degrees,
        &limits::LONG_REST_DEGREES,
    ) {
        fields.commit(out, s, "long rest", |s| s.long_rest_degrees = v);
    }
    let mut track_food = s.track_food;
    if ui
        .checkbox(&mut track_food, "Count food and drink on journeys")
        .on_hover_text(
            "Off: food \"is always being looked after\": nobody eats from the packs or goes hungry",
        )
        .changed()
    {
        fields.commit(out, s, "food switch", |s| s.track_food = track_food);
    }
    ui.indent("food-apart", |ui| {
        let mut apart = s.food_and_drink_apart;
        let apart_box = egui::Checkbox::new(&mut apart, "Count food and drink apart");
        if ui
            .add_enabled(s.track_food, apart_box)
            .on_hover_text(
                "Half of each day's units must be food and half drink (water); a day counts twice the smaller of the two",
            )
            .changed()
        {
            fields.commit(out, s, "food and drink apart", |s| {
                s.food_and_drink_apart = apart
            });
        }
    });
}

/// The present of the party the GM runs (`running`; the campaign's clock
/// with no party), which its journeys and travel rounds move on. Set by
/// hand it goes on freely, and back only while nothing the party played
/// lies after the new time (`edits::clock` decides, and says what does).
fn clock_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    let s = &data.settings;
    let party = running.and_then(|p| data.parties.get(&p));
    let now = party.map_or(s.clock, |p| p.now);
    let whose = party.map_or_else(
        || "Campaign clock".to_owned(),
        |p| format!("{}'s present", p.name),
    );
    ui.label(RichText::new(format!("{whose}: {now} · {}", s.calendar.describe(now.day))).strong());
    let mut to = None;
    ui.horizontal(|ui| {
        if let Some(day) =
            fields.whole(ui, "campaign:clock-day", "Day", now.day, &limits::CLOCK_DAY)
        {
            to = Some(ClockTime { day, ..now });
        }
        if let Some(hour) = fields.whole(
            ui,
            "campaign:clock-hour",
            "Hour",
            now.hour,
            &limits::hour_of_day(s.day_hours),
        ) {
            to = Some(ClockTime { hour, ..now });
        }
    });
    if let Some(to) = to {
        match waybook_core::edits::clock::set_clock(data, running, to) {
            Ok(edit) => out.extend(fields.command(Some(edit))),
            Err(why) => fields.refuse(out, why),
        }
    }
    ui.label(
        RichText::new(
            "Each party lives its own days: playing its journeys and travel rounds moves its present; new journeys set off from it. Set back, it may not pass anything the party played: undo goes back instead.",
        )
        .weak(),
    );
}

/// Sets which table a travel-round roll uses.
type SetTable = fn(&mut waybook_core::model::Settings, Option<TableId>);

/// The roll tables the weather and Gather's battle item come from.
fn travel_tables_ui(ui: &mut Ui, fields: &mut Typing, data: &CampaignData, out: &mut Vec<Command>) {
    let s = &data.settings;
    ui.label(RichText::new("Travel-round tables").strong());
    let tables: Vec<_> = data
        .tables
        .values()
        .map(|t| (t.id, t.name.as_str()))
        .collect();
    let rows: [(&str, Option<TableId>, SetTable); 2] = [
        ("Weather table", s.weather_table, |s, t| s.weather_table = t),
        ("Battle-item table (Gather)", s.gather_table, |s, t| {
            s.gather_table = t
        }),
    ];
    for (label, current, set) in rows {
        ui.horizontal(|ui| {
            let mut chosen = current;
            choices::record_combo(
                ui,
                label,
                label,
                &mut chosen,
                Unpicked::Offered("none"),
                &tables,
            );
            if chosen != current {
                fields.commit(out, s, &label.to_lowercase(), |s| set(s, chosen));
            }
        });
    }
}

/// The merchant table: what a Merchant met on the road sells, and for how much.
/// The edit `change` makes of a ware: the GM's from then on (no longer
/// Waybook's suggestion).
fn commit_ware(
    fields: &mut Typing,
    out: &mut Vec<Command>,
    w: &waybook_core::model::Ware,
    what: &str,
    change: impl FnOnce(&mut waybook_core::model::Ware),
) {
    fields.commit(out, w, what, |w| {
        change(w);
        w.suggested = false;
    });
}

fn wares_ui(ui: &mut Ui, fields: &mut Typing, data: &CampaignData, out: &mut Vec<Command>) {
    ui.label(RichText::new("Merchant table").strong());
    ui.label(
        RichText::new("Prices are in each party's own coin; a ware gives Supplies or an item.")
            .weak(),
    );
    if data.wares.values().any(|w| w.suggested) {
        ui.label(
            RichText::new(format!(
                "Marked ✱: {}; the texts name no prices. Any change makes a ware yours.",
                waybook_core::model::SUGGESTED
            ))
            .italics(),
        );
    }
    let items: Vec<_> = data
        .items
        .values()
        .map(|i| (i.id, i.name.as_str()))
        .collect();
    for w in data.wares.values() {
        let key = |f: &str| format!("ware{}:{f}", w.id.0);
        ui.horizontal(|ui| {
            if w.suggested {
                ui.label("✱").on_hover_text(waybook_core::model::SUGGESTED);
            }
            if let Some(name) = fields.text(ui, &key("name"), "Ware", &w.name, 160.0) {
                commit_ware(fields, out, w, "name", |w| w.name = name);
            }
            if let Some(v) = fields.whole(ui, &key("price"), "Price", w.price, &limits::COIN) {
                commit_ware(fields, out, w, "price", |w| w.price = v);
            }
            if let Some(v) = fields.whole(
                ui,
                &key("supplies"),
                "Supplies",
                w.supplies,
                &limits::WARE_SUPPLIES,
            ) {
                commit_ware(fields, out, w, "supplies", |w| w.supplies = v);
            }
            let mut item = w.item;
            choices::record_combo(
                ui,
                key("item"),
                "Item",
                &mut item,
                Unpicked::Offered("none"),
                &items,
            );
            if item != w.item {
                commit_ware(fields, out, w, "item", |w| w.item = item);
            }
            if ui.button(format!("Remove {}", w.name)).clicked() {
                out.push(Command::Apply(records::remove(
                    format!("Remove ware {}", w.name),
                    w,
                )));
            }
        });
    }
    if ui.button("Add ware").clicked() {
        out.push(Command::Apply(records::add_ware(data).edit));
    }
}
