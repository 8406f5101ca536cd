//! The house-rules part of the Campaign screen: the travel methods a new
//! journey starts with (name, speed, swimming), what one character carries
//! before being slowed, and each enemy tier's stats a new enemy starts
//! with. Each change is one undoable edit of the
//! settings; a pack carries them.

use super::input::{FieldLabel, Typing};
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::model::scene::Tier;
use waybook_core::model::{Method, Settings, limits};

pub fn house_rules_ui(ui: &mut Ui, fields: &mut Typing, s: &Settings, out: &mut Vec<Command>) {
    ui.label(RichText::new("Travel methods (for new journeys)").strong());
    let methods = &s.house_rules.methods;
    // A row each, not a grid: a grid of text fields squeezes its first
    // column to the first frame's width.
    for (i, m) in methods.iter().enumerate() {
        ui.horizontal(|ui| method_ui(ui, fields, s, i, m, out));
    }
    if ui.button("Add travel method").clicked() {
        fields.commit(out, s, "travel methods", |s| {
            s.house_rules.methods.push(Method {
                name: format!("Method {}", s.house_rules.methods.len() + 1),
                km_per_hour: 4.0,
                swimming: false,
                by: None,
            });
        });
    }
    ui.horizontal(|ui| {
        let carry = fields.decimal(
            ui,
            "house:carry",
            "Each character carries up to (kg)",
            s.house_rules.carry_kg,
            &limits::CARRY_KG,
        );
        if let Some(v) = carry {
            fields.commit(out, s, "what a character carries", |s| {
                s.house_rules.carry_kg = v;
            });
        }
        ui.label(
            RichText::new(format!(
                "a house rule: the texts give no figure; Waybook's is {} kg",
                waybook_core::model::house_rules::CARRY_KG
            ))
            .weak(),
        );
    });
    ui.add_space(6.0);
    ui.label(RichText::new("Enemy tiers (a new enemy's stats)").strong());
    egui::Grid::new("house-tiers")
        .num_columns(5)
        .show(ui, |ui| {
            ui.label("");
            for heading in ["Quality", "Defence", "Wounds", "Toughness"] {
                ui.label(RichText::new(heading).weak());
            }
            ui.end_row();
            for tier in [Tier::Minion, Tier::Elite, Tier::Boss] {
                ui.label(tier.label());
                let stats = s.house_rules.tiers.of(tier);
                let cells = [
                    ("Quality", stats.quality, &limits::QUALITY_DEFENCE),
                    ("Defence", stats.defence, &limits::QUALITY_DEFENCE),
                    ("Wounds", stats.wounds, &limits::WOUNDS_MAX),
                    ("Toughness", stats.toughness, &limits::TOUGHNESS_MAX),
                ];
                for (what, value, range) in cells {
                    let label = format!("{} {what}", tier.label());
                    let key = format!("house:tier:{}:{what}", tier.as_str());
                    if let Some(v) =
                        fields.whole(ui, &key, FieldLabel::Unseen(&label), value, range)
                    {
                        fields.commit(out, s, "enemy tier", |s| {
                            let t = s.house_rules.tiers.of_mut(tier);
                            match what {
                                "Quality" => t.quality = v,
                                "Defence" => t.defence = v,
                                "Wounds" => t.wounds = v,
                                _ => t.toughness = v,
                            }
                        });
                    }
                }
                ui.end_row();
            }
        });
}

/// One travel method: its name, speed, whether it is swimming, and the ✕
/// that removes it (not the last).
fn method_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    s: &Settings,
    i: usize,
    m: &Method,
    out: &mut Vec<Command>,
) {
    let key = |f: &str| format!("house:method{i}:{f}");
    let label = format!("Method {}", i + 1);
    if let Some(name) = fields.text(ui, &key("name"), FieldLabel::Unseen(&label), &m.name, 140.0) {
        fields.commit(out, s, "travel method", |s| {
            s.house_rules.methods[i].name = name;
        });
    }
    let speed_label = format!("{} km/h", m.name);
    if let Some(v) = fields.decimal(
        ui,
        &key("speed"),
        &speed_label,
        m.km_per_hour,
        &limits::SPEED_KMH,
    ) {
        fields.commit(out, s, "travel speed", |s| {
            s.house_rules.methods[i].km_per_hour = v;
        });
    }
    let mut swimming = m.swimming;
    let swim = ui.checkbox(&mut swimming, "a swim").on_hover_text(format!(
        "{}: its hours count toward the swim, not the march",
        m.name
    ));
    if swim.changed() {
        fields.commit(out, s, "travel method", |s| {
            s.house_rules.methods[i].swimming = swimming;
        });
    }
    let last = s.house_rules.methods.len() == 1;
    let remove = ui
        .add_enabled(!last, egui::Button::new("✕").small())
        .on_hover_text(format!("Remove {}", m.name))
        .on_disabled_hover_text("A journey needs at least one way to travel");
    if remove.clicked() {
        fields.commit(out, s, "travel methods", |s| {
            s.house_rules.methods.remove(i);
        });
    }
}
