//! The animal types of the Campaign screen's house rules: a row per type
//! (its name, Endurance, Stamina, speed, food need, load, Wounds, whether it
//! grazes), Waybook's default types added in one click, a type removed
//! when no animal is of it. Each change is one edit through
//! `edits::animals::change_types`, which gives every animal of the type its
//! new figures in the same edit.

use super::input::{FieldLabel, NUMBER_WIDTH, Typing};
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::edits::animals;
use waybook_core::model::{AnimalType, CampaignData, limits};

pub fn animal_types_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    ui.label(
        RichText::new(
            "House rules: the texts give no figures for animals; these start as Waybook's.",
        )
        .weak(),
    );
    let s = &data.settings;
    let mut eat = s.house_rules.animals_eat_supplies;
    if ui
        .checkbox(&mut eat, "Animals eat Supplies at camp, as allies do")
        .on_hover_text("The texts have animals use no Supplies and take no camp action")
        .changed()
    {
        fields.commit(out, s, "whether animals eat Supplies", |s| {
            s.house_rules.animals_eat_supplies = eat;
        });
    }
    let types = &s.house_rules.animal_types;
    // Folded until opened: a table of fields is the screen's heaviest part.
    let header = format!("Animal types ({})", types.len());
    egui::CollapsingHeader::new(RichText::new(header).strong())
        .id_salt("animal-types")
        .show(ui, |ui| {
            // How many animals are of each type, counted once a frame.
            let mut in_use = std::collections::BTreeMap::<&str, usize>::new();
            for a in data.characters.values().filter_map(|c| c.animal.as_ref()) {
                *in_use.entry(a.breed.as_str()).or_default() += 1;
            }
            egui::Grid::new("animal-types")
                .num_columns(9)
                .spacing([8.0, 4.0])
                .show(ui, |ui| {
                    for heading in [
                        "Type",
                        "Endurance",
                        "Stamina",
                        "km/h",
                        "Food %",
                        "Carries kg",
                        "Wounds",
                        "Grazes",
                        "",
                    ] {
                        super::animal_types::heading(ui, heading);
                    }
                    ui.end_row();
                    for (i, t) in types.iter().enumerate() {
                        let of_it = in_use.get(t.name.as_str()).copied().unwrap_or(0);
                        type_row(ui, fields, data, (i, t, of_it), out);
                        ui.end_row();
                    }
                });
            ui.horizontal(|ui| {
                ui.menu_button("Add animal type", |ui| {
                    for t in animals::missing_standard_types(data) {
                        if ui.button(format!("{} (Waybook's)", t.name)).clicked() {
                            let label = format!("Add animal type {}", t.name);
                            send(
                                fields,
                                out,
                                animals::change_types(data, &label, |all| all.push(t)),
                            );
                            ui.close();
                        }
                    }
                    if ui.button("A new type…").clicked() {
                        let name = (1..)
                            .map(|n| format!("Animal type {n}"))
                            .find(|n| data.settings.house_rules.animal_type(n).is_none())
                            .unwrap_or_default();
                        let label = format!("Add animal type {name}");
                        let made = animals::change_types(data, &label, |all| {
                            all.push(AnimalType::blank(name));
                        });
                        send(fields, out, made);
                        ui.close();
                    }
                });
            });
        });
}

/// One type's row: its fields and the ✕ that removes it.
fn type_row(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    (i, t, of_it): (usize, &AnimalType, usize),
    out: &mut Vec<Command>,
) {
    let key = |f: &str| format!("house:animal{i}:{f}");
    let label = |f: &str| format!("{} {f}", t.name);
    let change = |fields: &mut Typing, out: &mut Vec<Command>, edit: &dyn Fn(&mut AnimalType)| {
        let made = animals::change_types(data, &format!("Change animal type {}", t.name), |all| {
            if let Some(t) = all.get_mut(i) {
                edit(t);
            }
        });
        send(fields, out, made);
    };
    let name_label = label("name");
    if let Some(name) = fields.text(
        ui,
        &key("name"),
        FieldLabel::Unseen(&name_label),
        &t.name,
        NAME_WIDTH,
    ) {
        change(fields, out, &|t| t.name = name.trim().to_owned());
    }
    let wholes = [
        ("Endurance", t.endurance, &limits::TRAIT_OR_SKILL),
        ("Stamina", t.stamina, &limits::TRAIT_OR_SKILL),
    ];
    for (what, value, range) in wholes {
        let l = label(what);
        if let Some(v) = fields.whole(ui, &key(what), FieldLabel::Unseen(&l), value, range) {
            change(fields, out, &|t| match what {
                "Endurance" => t.endurance = v,
                _ => t.stamina = v,
            });
        }
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
    let l = label("food need (%)");
    if let Some(v) = fields.whole(
        ui,
        &key("food"),
        FieldLabel::Unseen(&l),
        t.food_percent,
        &limits::FOOD_PERCENT,
    ) {
        change(fields, out, &|t| t.food_percent = v);
    }
    let l = label("load (kg)");
    let carry = fields.field(
        ui,
        &key("carry"),
        FieldLabel::Unseen(&l),
        &t.carry_kg,
        &limits::ANIMAL_CARRY_KG,
        NUMBER_WIDTH,
    );
    if let Some(v) = carry {
        change(fields, out, &|t| t.carry_kg = v);
    }
    let l = label("Wounds");
    if let Some(v) = fields.whole(
        ui,
        &key("wounds"),
        FieldLabel::Unseen(&l),
        t.wounds,
        &limits::WOUNDS_MAX,
    ) {
        change(fields, out, &|t| t.wounds = v);
    }
    let mut grazes = t.grazes;
    if ui
        .checkbox(&mut grazes, "")
        .on_hover_text(format!(
            "{} feeds itself where the land allows grazing",
            t.name
        ))
        .changed()
    {
        change(fields, out, &|t| t.grazes = grazes);
    }
    remove_ui(ui, fields, data, (i, t, of_it), out);
}

/// The ✕ that removes a type no animal is of, and why it is greyed.
fn remove_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    (i, t, of_it): (usize, &AnimalType, usize),
    out: &mut Vec<Command>,
) {
    let in_use = format!(
        "{of_it} of the roster {} {}: give {} another type first",
        if of_it == 1 { "is a" } else { "are" },
        t.name,
        if of_it == 1 { "it" } else { "them" },
    );
    if remove_button(ui, &t.name, (of_it == 0).then_some(()).ok_or(in_use)) {
        let label = format!("Remove animal type {}", t.name);
        let made = animals::change_types(data, &label, |all| {
            all.remove(i);
        });
        send(fields, out, made);
    }
}

/// The ✕ that removes the type `name`, greyed with why while something is
/// of it; read aloud (and found by tests) as "Remove {name}". Whether it
/// was clicked.
pub(super) fn remove_button(ui: &mut Ui, name: &str, allowed: Result<(), String>) -> bool {
    let said = format!("Remove {name}");
    let enabled = allowed.is_ok();
    let remove = ui
        .add_enabled(enabled, egui::Button::new("✕").small())
        .on_hover_text(&said)
        .on_disabled_hover_text(allowed.err().unwrap_or_default());
    remove.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &said));
    remove.clicked()
}

/// A column's heading in a table of types; the first ("Type") as wide as
/// the names' fields, so the grid never squeezes them to the first
/// frame's width.
pub(super) fn heading(ui: &mut Ui, heading: &str) {
    let text = RichText::new(heading).weak();
    ui.scope(|ui| {
        if heading == "Type" {
            ui.set_min_width(NAME_WIDTH);
        }
        ui.label(text);
    });
}

/// The width of a type's name field.
pub(super) const NAME_WIDTH: f32 = 120.0;

/// The edit made, through the fields' one path, or why it was refused.
pub(super) fn send(
    fields: &mut Typing,
    out: &mut Vec<Command>,
    made: Result<waybook_core::model::Edit, String>,
) {
    match made {
        Ok(edit) => out.extend(fields.command(Some(edit))),
        Err(why) => fields.refuse(out, why),
    }
}
