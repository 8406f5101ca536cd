//! The Hazards screen: a character meets one of the exploration text's
//! hazards (falling, cold water, running out of breath, rough water,
//! climbing, quicksand, lava, ice, hiding, the depths below 500 m) with
//! their own traits and skills; the result is booked on them (HP,
//! exhaustion, conditions, Doom) and its rolls go into the campaign log.
//! Beside it: their conditions to clear, their senses with the combined
//! range of several sources, and what they see in a light and fog.

use super::fields::{self, ERROR_COLOUR, Unpicked, choice_combo};
use super::lists;
use crate::app::Command;
use crate::hazards::{Hazard, HazardStep};
use crate::model::hazard::{FallCause, HazardKind, SenseKind, range_of, senses_line};
use crate::model::{CampaignData, Character, CharacterId, limits};
use crate::rules::travel::ground::{LavaExposure, QuicksandEvent};
use crate::rules::travel::senses::{self, Light, Obscurement, Sight, SightTest};
use egui::{RichText, Ui};
use std::collections::BTreeMap;

#[derive(Debug)]
pub struct HazardsState {
    pub character: Option<CharacterId>,
    pub kind: HazardKind,
    pub height: String,
    pub glide: bool,
    pub into_water: bool,
    pub cause: FallCause,
    pub minutes: String,
    pub depth: String,
    pub tg: String,
    pub metres: String,
    pub difficult: bool,
    pub slippery: bool,
    pub event: QuicksandEvent,
    pub body_height: String,
    pub helper: Option<CharacterId>,
    pub exposure: LavaExposure,
    pub thin: bool,
    /// Observers of a hide, each searching or not.
    pub observers: BTreeMap<CharacterId, bool>,
    pub light: Light,
    pub magical: bool,
    pub obscured: Obscurement,
    pub distance: String,
    pub error: Option<String>,
    everyone: lists::Everyone,
}

impl Default for HazardsState {
    fn default() -> Self {
        Self {
            character: None,
            kind: HazardKind::Fall,
            height: "10".to_owned(),
            glide: false,
            into_water: false,
            cause: FallCause::Height,
            minutes: "10".to_owned(),
            depth: "0".to_owned(),
            tg: "12".to_owned(),
            metres: "6".to_owned(),
            difficult: false,
            slippery: false,
            event: QuicksandEvent::Enter,
            body_height: "1.8".to_owned(),
            helper: None,
            exposure: LavaExposure::Near,
            thin: false,
            observers: BTreeMap::new(),
            light: Light::Dim,
            magical: false,
            obscured: Obscurement::None,
            distance: "10".to_owned(),
            error: None,
            everyone: lists::Everyone::default(),
        }
    }
}

pub fn hazards_ui(
    ui: &mut Ui,
    state: &mut HazardsState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    // What the hazards did to the character chosen, newest first, beside
    // the controls.
    egui::Panel::right("hazard-lines")
        .resizable(true)
        .default_size(420.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink(false)
                .show(ui, |ui| {
                    if let Some(c) = state.character.and_then(|id| data.characters.get(&id)) {
                        ui.label(
                            RichText::new(format!("What the hazards did to {}", c.name)).strong(),
                        );
                        for line in c.exploration.hazards.lines.iter().rev() {
                            ui.label(line);
                        }
                    }
                });
        });
    egui::CentralPanel::default().show(ui, |ui| controls_ui(ui, state, data, out));
}

fn controls_ui(ui: &mut Ui, state: &mut HazardsState, data: &CampaignData, out: &mut Vec<Command>) {
    egui::ScrollArea::vertical()
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.heading("Hazards");
            let everyone = state.everyone.get(data);
            fields::keep_or_first(&mut state.character, &everyone);
            ui.horizontal_wrapped(|ui| {
                fields::record_combo(
                    ui,
                    "hazard-who",
                    "Who",
                    &mut state.character,
                    Unpicked::Prompt("nobody"),
                    &everyone,
                );
                if let Some(kind) = choice_combo(ui, "hazard-kind", "Hazard", state.kind) {
                    state.kind = kind;
                    state.error = None;
                }
            });
            let Some(c) = state.character.and_then(|id| data.characters.get(&id)) else {
                ui.label("The campaign has no characters yet.");
                return;
            };
            status_ui(ui, c, out);
            ui.separator();
            hazard_ui(ui, state, c, &everyone, out);
            if let Some(e) = &state.error {
                ui.label(RichText::new(e).color(ERROR_COLOUR));
            }
            ui.separator();
            sight_ui(ui, state, c);
        });
}

/// HP, exhaustion, conditions with their Clear buttons, Doom, senses.
fn status_ui(ui: &mut Ui, c: &Character, out: &mut Vec<Command>) {
    let e = &c.exploration;
    let h = &e.hazards;
    ui.label(format!(
        "HP {} of {} · {} degree{} of exhaustion · Endurance {} · Climbing speed {} m · Swimming speed {} m",
        c.rounds.hp.current,
        c.rounds.hp.max,
        e.exhaustion,
        if e.exhaustion == 1 { "" } else { "s" },
        e.trait_value("Endurance"),
        e.climb_speed,
        e.swim_speed
    ));
    ui.horizontal_wrapped(|ui| {
        ui.label("Conditions:");
        if h.conditions.is_empty() {
            ui.label("none");
        }
        for condition in &h.conditions {
            ui.label(RichText::new(condition).strong());
            if condition != "Doom" && ui.button(format!("Clear {condition}")).clicked() {
                out.push(Command::Hazard(HazardStep {
                    character: c.id,
                    hazard: Hazard::Clear {
                        condition: condition.clone(),
                    },
                }));
            }
        }
    });
    if h.doom > 0 || h.held_exhaustion > 0 {
        ui.label(
            RichText::new(format!(
                "Doom {} · {} degree(s) of exhaustion held until they rise above 500 m",
                h.doom, h.held_exhaustion
            ))
            .color(ERROR_COLOUR),
        );
    }
    ui.label(format!("Senses: {}", senses_line(&c.exploration.senses)));
}

fn number(text: &str, what: &str, range: &std::ops::RangeInclusive<i64>) -> Result<u32, String> {
    limits::parse_whole(text, range)
        .map(|v| u32::try_from(v).unwrap_or(0))
        .map_err(|e| format!("{what}: {e}"))
}

fn hazard_ui(
    ui: &mut Ui,
    state: &mut HazardsState,
    c: &Character,
    everyone: &[(CharacterId, String)],
    out: &mut Vec<Command>,
) {
    let mut book: Option<Result<Hazard, String>> = None;
    match state.kind {
        HazardKind::Fall => {
            ui.horizontal_wrapped(|ui| {
                fields::draft(ui, "Height (m)", &mut state.height, 50.0);
                if let Some(cause) = choice_combo(ui, "fall-cause", "Why", state.cause) {
                    state.cause = cause;
                }
                ui.checkbox(&mut state.glide, "Glides (a flyer)");
                ui.checkbox(&mut state.into_water, "Lands in water");
            });
            if ui.button("Roll the fall").clicked() {
                book = Some(
                    number(&state.height, "Height", &limits::DEPTH_M).map(|height_m| {
                        Hazard::Fall {
                            height_m,
                            glide: state.glide,
                            into_water: state.into_water,
                            cause: state.cause,
                        }
                    }),
                );
            }
        }
        HazardKind::ColdWater => {
            ui.horizontal_wrapped(|ui| {
                fields::draft(ui, "Minutes in the water", &mut state.minutes, 40.0);
                fields::draft(ui, "Depth (m)", &mut state.depth, 50.0);
            });
            if ui.button("Roll the swim").clicked() {
                book = Some(
                    number(
                        &state.minutes,
                        "Minutes in the water",
                        &limits::SWIM_MINUTES,
                    )
                    .and_then(|minutes| {
                        Ok(Hazard::ColdWater {
                            minutes,
                            depth_m: number(&state.depth, "Depth", &limits::DEPTH_M)?,
                        })
                    }),
                );
            }
        }
        HazardKind::Breath => {
            ui.label(format!("{}.", crate::hazards::breath_line(c)));
            if ui
                .button(format!("{} runs out of breath", c.name))
                .clicked()
            {
                book = Some(Ok(Hazard::OutOfBreath));
            }
        }
        HazardKind::RoughWater => {
            fields::draft(ui, "The GM's TG", &mut state.tg, 40.0);
            if ui.button("Roll the Physique test").clicked() {
                book = Some(
                    number(&state.tg, "The GM's TG", &limits::TEST_TG)
                        .map(|tg| Hazard::RoughWater { tg: tg as i32 }),
                );
            }
        }
        HazardKind::Climb => {
            ui.horizontal_wrapped(|ui| {
                fields::draft(ui, "Metres to climb", &mut state.metres, 40.0);
                ui.checkbox(&mut state.difficult, "Difficult terrain");
                ui.checkbox(&mut state.slippery, "Slippery, few handholds");
                if state.slippery {
                    fields::draft(ui, "The GM's TG", &mut state.tg, 40.0);
                }
            });
            if ui.button("Climb").clicked() {
                book = Some(
                    number(&state.metres, "Metres to climb", &limits::DEPTH_M).and_then(|metres| {
                        let slippery_tg = if state.slippery {
                            Some(number(&state.tg, "The GM's TG", &limits::TEST_TG)? as i32)
                        } else {
                            None
                        };
                        Ok(Hazard::Climb {
                            metres,
                            difficult: state.difficult,
                            slippery_tg,
                        })
                    }),
                );
            }
        }
        HazardKind::Quicksand => {
            ui.horizontal_wrapped(|ui| {
                if let Some(event) =
                    choice_combo(ui, "quicksand-event", "What happens", state.event)
                {
                    state.event = event;
                }
                fields::draft(ui, "Body height (m)", &mut state.body_height, 40.0);
                if state.event == QuicksandEvent::PullOut {
                    let helpers: Vec<(CharacterId, &str)> = everyone
                        .iter()
                        .filter(|(id, _)| *id != c.id)
                        .map(|(id, name)| (*id, name.as_str()))
                        .collect();
                    fields::record_combo(
                        ui,
                        "quicksand-helper",
                        "Pulled by",
                        &mut state.helper,
                        Unpicked::Prompt("choose"),
                        &helpers,
                    );
                }
            });
            ui.label(format!("Sunk {:.1} m.", c.exploration.hazards.sunk_m));
            if ui.button("Roll the quicksand").clicked() {
                book = Some(
                    limits::parse_decimal(&state.body_height, &limits::BODY_HEIGHT_M)
                        .map_err(|e| format!("Body height: {e}"))
                        .map(|height_m| Hazard::Quicksand {
                            event: state.event,
                            height_m,
                            helper: state.helper,
                        }),
                );
            }
        }
        HazardKind::Lava => {
            if let Some(exposure) = choice_combo(ui, "lava-exposure", "How close", state.exposure) {
                state.exposure = exposure;
            }
            if ui.button("Roll the fire damage").clicked() {
                book = Some(Ok(Hazard::Lava {
                    exposure: state.exposure,
                }));
            }
        }
        HazardKind::Ice => {
            ui.checkbox(&mut state.thin, "Incredibly thin ice");
            if ui.button("Roll the Agility test").clicked() {
                book = Some(Ok(Hazard::Ice { thin: state.thin }));
            }
        }
        HazardKind::Hide => {
            ui.label("Who might notice them (tick), and who is searching:");
            let others: Vec<&(CharacterId, String)> =
                everyone.iter().filter(|(id, _)| *id != c.id).collect();
            lists::rows_in_view(ui, "hide-observers", others.len(), 240.0, |ui, i| {
                let (id, name) = others[i];
                ui.horizontal(|ui| {
                    let mut watching = state.observers.contains_key(id);
                    if ui
                        .checkbox(&mut watching, format!("{name} watches"))
                        .changed()
                    {
                        if watching {
                            state.observers.insert(*id, false);
                        } else {
                            state.observers.remove(id);
                        }
                    }
                    if let Some(searching) = state.observers.get_mut(id) {
                        ui.checkbox(searching, format!("{name} is searching"));
                    }
                });
            });
            if ui.button("Roll the hide").clicked() {
                // Only those listed for this character: never themself.
                book = Some(Ok(Hazard::Hide {
                    observers: state
                        .observers
                        .iter()
                        .filter(|(id, _)| **id != c.id && everyone.iter().any(|(e, _)| e == *id))
                        .map(|(id, s)| (*id, *s))
                        .collect(),
                }));
            }
        }
        HazardKind::Deep => {
            ui.label(if c.exploration.depth_adapted {
                format!("{} is adapted to the depths: no Doom below 500 m.", c.name)
            } else {
                "Without adaptation: Doom 1, +1 each turn at 500 m or below; the Doom and the exhaustion gained there stay until they rise above 500 m.".to_owned()
            });
            ui.horizontal_wrapped(|ui| {
                if ui.button("A turn below 500 m").clicked() {
                    book = Some(Ok(Hazard::Deep));
                }
                if ui.button("Rise above 500 m").clicked() {
                    book = Some(Ok(Hazard::Surface));
                }
            });
        }
    }
    match book {
        Some(Ok(hazard)) => {
            state.error = None;
            out.push(Command::Hazard(HazardStep {
                character: c.id,
                hazard,
            }));
        }
        Some(Err(e)) => state.error = Some(e),
        None => {}
    }
}

/// What the character sees in a light and fog, with their Nightvision.
fn sight_ui(ui: &mut Ui, state: &mut HazardsState, c: &Character) {
    ui.label(RichText::new("Light and sight").strong());
    ui.horizontal_wrapped(|ui| {
        if let Some(light) = choice_combo(ui, "sight-light", "Light", state.light) {
            state.light = light;
        }
        ui.checkbox(&mut state.magical, "Magical darkness");
        if let Some(o) = choice_combo(ui, "sight-obscured", "Obscurement", state.obscured) {
            state.obscured = o;
        }
        fields::draft(ui, "Distance (m)", &mut state.distance, 40.0);
    });
    match number(&state.distance, "Distance", &limits::DEPTH_M) {
        Ok(distance_m) => {
            let seen = senses::sight(&Sight {
                light: state.light,
                magical: state.magical,
                obscured: state.obscured,
                nightvision_m: range_of(&c.exploration.senses, SenseKind::Nightvision),
                distance_m,
            });
            ui.label(format!(
                "{} sees it as {} light, {} obscured: {}{}.",
                c.name,
                seen.light.label().to_lowercase(),
                seen.obscurement.label().to_lowercase(),
                match seen.test {
                    SightTest::Normal => "sight tests as normal",
                    SightTest::Disadvantage => "sight tests at disadvantage",
                    SightTest::AutoFail => "sight tests fail automatically",
                },
                if seen.greyscale { ", in greyscale" } else { "" }
            ));
        }
        Err(e) => {
            ui.label(RichText::new(e).color(ERROR_COLOUR));
        }
    }
}
