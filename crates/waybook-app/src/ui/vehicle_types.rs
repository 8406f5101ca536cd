//! The vehicle types of the Campaign screen's house rules: a row per type
//! (its name, capacity, speed, the animals it needs, whether it crosses
//! difficult terrain, whether it is a boat), Waybook's default types added
//! in one click, a type removed when no vehicle is of it; and an overloaded
//! party's speed. Each change is one edit through
//! `edits::vehicles::change_types`.

use super::animal_types::send;
use super::input::{FieldLabel, NUMBER_WIDTH, Typing};
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::edits::vehicles;
use waybook_core::model::{CampaignData, VehicleType, limits};

pub fn vehicle_types_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    let types = &data.settings.house_rules.vehicle_types;
    // Folded until opened, as the animal types are.
    let header = format!("Vehicle types ({})", types.len());
    egui::CollapsingHeader::new(RichText::new(header).strong())
        .id_salt("vehicle-types")
        .show(ui, |ui| {
            egui::Grid::new("vehicle-types")
                .num_columns(7)
                .spacing([8.0, 4.0])
                .show(ui, |ui| {
                    for heading in [
                        "Type",
                        "Holds kg",
                        "km/h",
                        "Animals",
                        "Rough ground",
                        "Boat",
                        "",
                    ] {
                        super::animal_types::heading(ui, heading);
                    }
                    ui.end_row();
                    for (i, t) in types.iter().enumerate() {
                        type_row(ui, fields, data, (i, t), out);
                        ui.end_row();
                    }
                });
            ui.menu_button("Add vehicle type", |ui| {
                for t in vehicles::missing_standard_types(data) {
                    if ui.button(format!("{} (Waybook's)", t.name)).clicked() {
                        let label = format!("Add vehicle type {}", t.name);
                        send(
                            fields,
                            out,
                            vehicles::change_types(data, &label, |all| all.push(t)),
                        );
                        ui.close();
                    }
                }
                if ui.button("A new type…").clicked() {
                    let name = (1..)
                        .map(|n| format!("Vehicle type {n}"))
                        .find(|n| data.settings.house_rules.vehicle_type(n).is_none())
                        .unwrap_or_default();
                    let label = format!("Add vehicle type {name}");
                    let made = vehicles::change_types(data, &label, |all| {
                        all.push(VehicleType::blank(name))
                    });
                    send(fields, out, made);
                    ui.close();
                }
            });
        });
    let s = &data.settings;
    ui.horizontal(|ui| {
        let label = "An overloaded party goes at (% of its speed)";
        let percent = s.house_rules.overloaded_percent;
        if let Some(v) = fields.whole(
            ui,
            "house:overloaded",
            label,
            percent,
            &limits::OVERLOADED_PERCENT,
        ) {
            fields.commit(out, s, "an overloaded party's speed", |s| {
                s.house_rules.overloaded_percent = v;
            });
        }
        ui.label(
            RichText::new(format!(
                "a house rule; Waybook's is {} %",
                waybook_core::model::house_rules::OVERLOADED_PERCENT
            ))
            .weak(),
        );
    });
}

/// One type's row: its fields and the ✕ that removes it.
fn type_row(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    (i, t): (usize, &VehicleType),
    out: &mut Vec<Command>,
) {
    let key = |f: &str| format!("house:vehicle{i}:{f}");
    let label = |f: &str| format!("{} {f}", t.name);
    let change = |fields: &mut Typing, out: &mut Vec<Command>, edit: &dyn Fn(&mut VehicleType)| {
        let what = format!("Change vehicle type {}", t.name);
        let made = vehicles::change_types(data, &what, |all| {
            if let Some(t) = all.get_mut(i) {
                edit(t);
            }
        });
        send(fields, out, made);
    };
    let l = label("name");
    if let Some(name) = fields.text(
        ui,
        &key("name"),
        FieldLabel::Unseen(&l),
        &t.name,
        super::animal_types::NAME_WIDTH,
    ) {
        change(fields, out, &|t| t.name = name.trim().to_owned());
    }
    let l = label("capacity (kg)");
    let holds = fields.field(
        ui,
        &key("holds"),
        FieldLabel::Unseen(&l),
        &t.capacity_kg,
        &limits::VEHICLE_CAPACITY_KG,
        NUMBER_WIDTH,
    );
    if let Some(v) = holds {
        change(fields, out, &|t| t.capacity_kg = v);
    }
    let l = label("speed (km/h)");
    let speed = fields.field(
        ui,
        &key("speed"),
        FieldLabel::Unseen(&l),
        &t.km_per_hour,
        &limits::SPEED_KMH,
        NUMBER_WIDTH,
    );
    if let Some(v) = speed {
        change(fields, out, &|t| t.km_per_hour = v);
    }
    let l = label("animals");
    if let Some(v) = fields.whole(
        ui,
        &key("animals"),
        FieldLabel::Unseen(&l),
        t.animals,
        &limits::VEHICLE_ANIMALS,
    ) {
        change(fields, out, &|t| t.animals = v);
    }
    let mut difficult = t.difficult;
    if ui
        .checkbox(&mut difficult, "")
        .on_hover_text(format!("{} crosses difficult terrain", t.name))
        .changed()
    {
        change(fields, out, &|t| t.difficult = difficult);
    }
    let mut water = t.water;
    if ui
        .checkbox(&mut water, "")
        .on_hover_text(format!("{} is a boat: it goes only on the water", t.name))
        .changed()
    {
        change(fields, out, &|t| t.water = water);
    }
    let of_it = (data.vehicles.values())
        .filter(|v| v.breed == t.name)
        .count();
    let in_use = format!(
        "{of_it} of the party's vehicles {} of it: give {} another type first",
        if of_it == 1 { "is" } else { "are" },
        if of_it == 1 { "it" } else { "them" },
    );
    let allowed = (of_it == 0).then_some(()).ok_or(in_use);
    if super::animal_types::remove_button(ui, &t.name, allowed) {
        let what = format!("Remove vehicle type {}", t.name);
        send(
            fields,
            out,
            vehicles::change_types(data, &what, |all| {
                all.remove(i);
            }),
        );
    }
}
