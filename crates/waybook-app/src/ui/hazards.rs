//! The Hazards screen: a character meets one of the exploration text's
//! hazards (falling, cold water, running out of breath, rough water,
//! climbing, quicksand, lava, ice, hiding, the depths below 500 m) with
//! their own traits and skills; the result is booked on them (HP,
//! exhaustion, conditions, Doom) and its rolls go into the campaign log.
//! Beside it: their conditions to clear, their senses with the combined
//! range of several sources, and what they see in a light and fog.

use super::choices::{self, Unpicked, choice_combo};
use super::forms::play_step;
use super::input::{ERROR_COLOUR, Entry};
use super::lists;
use crate::app::Command;
use egui::{RichText, Ui};
use std::collections::BTreeMap;
use waybook_core::hazards::{Hazard, HazardStep};
use waybook_core::model::hazard::{FallCause, HazardKind, SenseKind, range_of, senses_line};
use waybook_core::model::{CampaignData, Character, CharacterId, limits};
use waybook_rules::travel::ground::{LavaExposure, QuicksandEvent};
use waybook_rules::travel::senses::{self, Light, Obscurement, Sight, SightTest};

#[derive(Debug)]
pub struct HazardsState {
    pub character: Option<CharacterId>,
    pub kind: HazardKind,
    pub height: Entry<i64>,
    pub glide: bool,
    pub into_water: bool,
    pub cause: FallCause,
    pub minutes: Entry<i64>,
    pub depth: Entry<i64>,
    pub tg: Entry<i64>,
    pub metres: Entry<i64>,
    pub difficult: bool,
    pub slippery: bool,
    pub event: QuicksandEvent,
    pub body_height: Entry<f64>,
    pub helper: Option<CharacterId>,
    pub exposure: LavaExposure,
    pub thin: bool,
    /// Observers of a hide, each searching or not.
    pub observers: BTreeMap<CharacterId, bool>,
    /// The open scene's enemies watching a hide: their Perception as the
    /// GM sets it, and whether they search.
    pub enemy_watch: BTreeMap<String, (Entry<i64>, bool)>,
    /// The light the GM sets; none: the clock's (dark between sunset and
    /// sunrise).
    pub light: Option<Light>,
    pub magical: bool,
    pub obscured: Obscurement,
    pub distance: Entry<i64>,
    everyone: lists::Everyone,
}

impl Default for HazardsState {
    fn default() -> Self {
        Self {
            character: None,
            kind: HazardKind::Fall,
            height: Entry::new(10, limits::DEPTH_M),
            glide: false,
            into_water: false,
            cause: FallCause::Height,
            minutes: Entry::new(10, limits::SWIM_MINUTES),
            depth: Entry::new(0, limits::DEPTH_M),
            tg: Entry::new(12, limits::TEST_TG),
            metres: Entry::new(6, limits::DEPTH_M),
            difficult: false,
            slippery: false,
            event: QuicksandEvent::Enter,
            body_height: Entry::new(1.8, limits::BODY_HEIGHT_M),
            helper: None,
            exposure: LavaExposure::Near,
            thin: false,
            observers: BTreeMap::new(),
            enemy_watch: BTreeMap::new(),
            light: None,
            magical: false,
            obscured: Obscurement::None,
            distance: Entry::new(10, limits::DEPTH_M),
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
            choices::keep_or_first(&mut state.character, &everyone);
            ui.horizontal_wrapped(|ui| {
                choices::record_combo(
                    ui,
                    "hazard-who",
                    "Who",
                    &mut state.character,
                    Unpicked::Prompt("nobody"),
                    &everyone,
                );
                if let Some(kind) = choice_combo(ui, "hazard-kind", "Hazard", state.kind) {
                    state.kind = kind;
                }
            });
            let Some(c) = state.character.and_then(|id| data.characters.get(&id)) else {
                ui.label("The campaign has no characters yet.");
                return;
            };
            status_ui(ui, data, c, out);
            ui.separator();
            hazard_ui(ui, state, data, c, &everyone, out);
            ui.separator();
            sight_ui(ui, state, data, c);
        });
}

/// HP, exhaustion, conditions with their Clear buttons (each greyed with
/// the hazard's reason when it cannot be cleared: Doom), Doom, senses.
fn status_ui(ui: &mut Ui, data: &CampaignData, c: &Character, out: &mut Vec<Command>) {
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
            let clear = Hazard::Clear {
                condition: condition.clone(),
            };
            play_step(
                ui,
                data,
                format!("Clear {condition}"),
                on(c, Ok(clear)),
                out,
            );
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

/// A number field's value as the hazard takes it.
fn whole(value: Result<i64, String>) -> Result<u32, String> {
    value.map(|v| u32::try_from(v).unwrap_or(0))
}

/// The hazard's form and its button: greyed with the reason while a field
/// does not read or [`waybook_core::hazards::check`] refuses the step.
fn hazard_ui(
    ui: &mut Ui,
    state: &mut HazardsState,
    data: &CampaignData,
    c: &Character,
    everyone: &[(CharacterId, String)],
    out: &mut Vec<Command>,
) {
    let (label, hazard) = match state.kind {
        HazardKind::Fall => fall_form(ui, state),
        HazardKind::ColdWater => cold_water_form(ui, state),
        HazardKind::Breath => {
            ui.label(format!("{}.", waybook_core::hazards::breath_line(c)));
            (
                format!("{} runs out of breath", c.name),
                Ok(Hazard::OutOfBreath),
            )
        }
        HazardKind::RoughWater => {
            let tg = state.tg.ui(ui, "The GM's TG", 40.0);
            let hazard = tg.map(|tg| Hazard::RoughWater { tg: tg as i32 });
            ("Roll the Physique test".to_owned(), hazard)
        }
        HazardKind::Climb => climb_form(ui, state),
        HazardKind::Quicksand => quicksand_form(ui, state, c, everyone),
        HazardKind::Lava => {
            if let Some(exposure) = choice_combo(ui, "lava-exposure", "How close", state.exposure) {
                state.exposure = exposure;
            }
            let hazard = Ok(Hazard::Lava {
                exposure: state.exposure,
            });
            ("Roll the fire damage".to_owned(), hazard)
        }
        HazardKind::Ice => {
            ui.checkbox(&mut state.thin, "Incredibly thin ice");
            (
                "Roll the Agility test".to_owned(),
                Ok(Hazard::Ice { thin: state.thin }),
            )
        }
        HazardKind::Hide => (
            "Roll the hide".to_owned(),
            hide_ui(ui, state, data, c, everyone),
        ),
        HazardKind::Deep => {
            ui.label(if c.exploration.depth_adapted {
                format!("{} is adapted to the depths: no Doom below 500 m.", c.name)
            } else {
                "Without adaptation: Doom 1, +1 each turn at 500 m or below; the Doom and the exhaustion gained there stay until they rise above 500 m.".to_owned()
            });
            ui.horizontal_wrapped(|ui| {
                play_step(ui, data, "A turn below 500 m", on(c, Ok(Hazard::Deep)), out);
                play_step(
                    ui,
                    data,
                    "Rise above 500 m",
                    on(c, Ok(Hazard::Surface)),
                    out,
                );
            });
            return;
        }
    };
    play_step(ui, data, &label, on(c, hazard), out);
}

/// A fall: its height, its cause, a glide or water below.
fn fall_form(ui: &mut Ui, state: &mut HazardsState) -> (String, Result<Hazard, String>) {
    let height = ui
        .horizontal_wrapped(|ui| {
            let height = state.height.ui(ui, "Height (m)", 50.0);
            if let Some(cause) = choice_combo(ui, "fall-cause", "Why", state.cause) {
                state.cause = cause;
            }
            ui.checkbox(&mut state.glide, "Glides (a flyer)");
            ui.checkbox(&mut state.into_water, "Lands in water");
            height
        })
        .inner;
    let hazard = whole(height).map(|height_m| Hazard::Fall {
        height_m,
        glide: state.glide,
        into_water: state.into_water,
        cause: state.cause,
    });
    ("Roll the fall".to_owned(), hazard)
}

/// A swim in cold water: how long and how deep.
fn cold_water_form(ui: &mut Ui, state: &mut HazardsState) -> (String, Result<Hazard, String>) {
    let (minutes, depth) = ui
        .horizontal_wrapped(|ui| {
            (
                state.minutes.ui(ui, "Minutes in the water", 40.0),
                state.depth.ui(ui, "Depth (m)", 50.0),
            )
        })
        .inner;
    let hazard = whole(minutes).and_then(|minutes| {
        Ok(Hazard::ColdWater {
            minutes,
            depth_m: whole(depth)?,
        })
    });
    ("Roll the swim".to_owned(), hazard)
}

/// A climb: how far, over what, and the TG of a slippery one.
fn climb_form(ui: &mut Ui, state: &mut HazardsState) -> (String, Result<Hazard, String>) {
    let (metres, tg) = ui
        .horizontal_wrapped(|ui| {
            let metres = state.metres.ui(ui, "Metres to climb", 40.0);
            ui.checkbox(&mut state.difficult, "Difficult terrain");
            ui.checkbox(&mut state.slippery, "Slippery, few handholds");
            let tg = state.slippery.then(|| state.tg.ui(ui, "The GM's TG", 40.0));
            (metres, tg)
        })
        .inner;
    let hazard = whole(metres).and_then(|metres| {
        Ok(Hazard::Climb {
            metres,
            difficult: state.difficult,
            slippery_tg: tg.transpose()?.map(|tg| tg as i32),
        })
    });
    ("Climb".to_owned(), hazard)
}

/// Quicksand: what happens, their height, and who pulls them out.
fn quicksand_form(
    ui: &mut Ui,
    state: &mut HazardsState,
    c: &Character,
    everyone: &[(CharacterId, String)],
) -> (String, Result<Hazard, String>) {
    let height = ui
        .horizontal_wrapped(|ui| {
            if let Some(event) = choice_combo(ui, "quicksand-event", "What happens", state.event) {
                state.event = event;
            }
            let height = state.body_height.ui(ui, "Body height (m)", 40.0);
            if state.event == QuicksandEvent::PullOut {
                let helpers: Vec<(CharacterId, &str)> = everyone
                    .iter()
                    .filter(|(id, _)| *id != c.id)
                    .map(|(id, name)| (*id, name.as_str()))
                    .collect();
                choices::record_combo(
                    ui,
                    "quicksand-helper",
                    "Pulled by",
                    &mut state.helper,
                    Unpicked::Prompt("choose"),
                    &helpers,
                );
            }
            height
        })
        .inner;
    ui.label(format!("Sunk {:.1} m.", c.exploration.hazards.sunk_m));
    let hazard = height.map(|height_m| Hazard::Quicksand {
        event: state.event,
        height_m,
        helper: state.helper,
    });
    ("Roll the quicksand".to_owned(), hazard)
}

/// A hazard as a step played on `c`.
fn on(c: &Character, hazard: Result<Hazard, String>) -> Result<HazardStep, String> {
    hazard.map(|hazard| HazardStep {
        character: c.id,
        hazard,
    })
}

/// Who might notice a hider: the campaign's characters, and the open
/// scene's enemies with the Perception the GM gives them.
fn hide_ui(
    ui: &mut Ui,
    state: &mut HazardsState,
    data: &CampaignData,
    c: &Character,
    everyone: &[(CharacterId, String)],
) -> Result<Hazard, String> {
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
    let scene = data.scenes.values().rev().find(|s| !s.finished);
    let enemies: Vec<&str> = scene
        .iter()
        .flat_map(|s| &s.enemies)
        .filter(|e| !e.is_down())
        .map(|e| e.name.as_str())
        .collect();
    state
        .enemy_watch
        .retain(|name, _| enemies.contains(&name.as_str()));
    let mut watch = Vec::new();
    if let Some(scene) = scene.filter(|_| !enemies.is_empty()) {
        ui.label(format!(
            "The enemies of {} (the text gives them no Perception: set their bonus):",
            scene.name
        ));
        for name in enemies {
            ui.horizontal(|ui| {
                let mut watching = state.enemy_watch.contains_key(name);
                if ui
                    .checkbox(&mut watching, format!("{name} watches"))
                    .changed()
                {
                    if watching {
                        state.enemy_watch.insert(
                            name.to_owned(),
                            (Entry::new(0, limits::TRAIT_OR_SKILL), false),
                        );
                    } else {
                        state.enemy_watch.remove(name);
                    }
                }
                if let Some((bonus, searching)) = state.enemy_watch.get_mut(name) {
                    let bonus = bonus.ui(ui, &format!("Perception of {name}"), 30.0);
                    ui.checkbox(searching, format!("{name} is searching"));
                    watch.push(bonus.map(|bonus| waybook_core::hazards::EnemyWatch {
                        name: name.to_owned(),
                        bonus: bonus as i32,
                        searching: *searching,
                    }));
                }
            });
        }
    }
    Ok(Hazard::Hide {
        // Only those listed for this character: never themself.
        observers: state
            .observers
            .iter()
            .filter(|(id, _)| **id != c.id && everyone.iter().any(|(e, _)| e == *id))
            .map(|(id, s)| (*id, *s))
            .collect(),
        enemies: watch.into_iter().collect::<Result<_, _>>()?,
    })
}

/// What the character sees in a light and fog, with their Nightvision.
fn sight_ui(ui: &mut Ui, state: &mut HazardsState, data: &CampaignData, c: &Character) {
    ui.label(RichText::new("Light and sight").strong());
    // The light of the character's party's present (issue 53).
    let at = waybook_core::world::present::now_of(data, c.party);
    let daylight = data.settings.daylight_at(at);
    ui.horizontal_wrapped(|ui| {
        choices::optional_choice_combo(ui, "sight-light", "Light", &mut state.light, "the clock's");
        if state.light.is_none() {
            let now = data.settings.when(at);
            ui.label(
                RichText::new(format!("({} at {now})", daylight.label().to_lowercase())).weak(),
            );
        }
        ui.checkbox(&mut state.magical, "Magical darkness");
        if let Some(o) = choice_combo(ui, "sight-obscured", "Obscurement", state.obscured) {
            state.obscured = o;
        }
    });
    let distance = ui
        .horizontal(|ui| whole(state.distance.ui(ui, "Distance (m)", 40.0)))
        .inner;
    match distance {
        Ok(distance_m) => {
            let seen = senses::sight(&Sight {
                light: state.light.unwrap_or(daylight),
                magical: state.magical,
                obscured: state.obscured,
                nightvision_m: range_of(&c.exploration.senses, SenseKind::Nightvision),
                distance_m,
            });
            ui.label(format!(
                "To {} it is {}, {}: {}{}.",
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
            // Senses that need no light still reach where sight fails.
            if seen.test != SightTest::Normal {
                for kind in [
                    SenseKind::Blindsight,
                    SenseKind::Tremorsense,
                    SenseKind::Truesight,
                ] {
                    if let Some(range) = range_of(&c.exploration.senses, kind)
                        && range >= distance_m
                    {
                        ui.label(format!(
                            "{}'s {} reaches {range} m: {}.",
                            c.name,
                            kind.label(),
                            match kind {
                                SenseKind::Tremorsense => "they sense what moves on the ground",
                                SenseKind::Truesight => "they see through darkness, magical or not",
                                _ => "they perceive without sight",
                            }
                        ));
                    }
                }
            }
        }
        Err(e) => {
            ui.label(RichText::new(e).color(ERROR_COLOUR));
        }
    }
}
