//! The Scene screen: start a scene with a party (exploration beats or
//! combat rounds), the Threat tracker (the D10 at the start of each round or
//! beat, +1 at its end), everyone's wild dice with the reason for an award
//! and tonight's count beside the text's guide, the challenge roll, and the
//! scene's log.

use super::choices::{self, Unpicked, choice_combo};
use super::forms::play_step;
use super::input::Entry;
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::model::step::StepError;
use waybook_core::model::{CampaignData, CharacterId, PartyId, Scene, SceneMode, limits};
use waybook_core::scene::{self, SceneStep, WILD_GUIDE, WILD_REASONS};
use waybook_rules::companion::challenge::Difficulty;

#[derive(Debug)]
pub struct SceneState {
    pub name: Entry<String>,
    pub party: Option<PartyId>,
    pub mode: SceneMode,
    pub threat: Entry<i64>,
    pub reason: usize,
    pub challenger: Option<CharacterId>,
    pub stat: usize,
    pub difficulty: Difficulty,
    pub modifier: Entry<i64>,
    pub wild_die: bool,
    pub new_scenario: bool,
    /// The GM allows a hero a second test in one beat.
    pub again: bool,
    pub fight: super::fight::FightState,
}

impl Default for SceneState {
    fn default() -> Self {
        Self {
            name: Entry::default(),
            party: None,
            mode: SceneMode::Exploration,
            threat: Entry::new(2, limits::DANGER),
            reason: 0,
            challenger: None,
            stat: 0,
            difficulty: Difficulty::Standard,
            modifier: Entry::new(0, limits::CHECK_MODIFIER),
            wild_die: false,
            new_scenario: true,
            again: false,
            fight: Default::default(),
        }
    }
}

/// The scene being run: the newest one not ended.
fn open_scene(data: &CampaignData) -> Option<&Scene> {
    data.scenes.values().rev().find(|s| !s.finished)
}

pub fn scene_ui(ui: &mut Ui, state: &mut SceneState, data: &CampaignData, out: &mut Vec<Command>) {
    let open = open_scene(data);
    // The scene's log beside the controls, oldest first like every log,
    // kept scrolled to its end, so the last roll is always in view.
    egui::Panel::right("scene-log")
        .resizable(true)
        .default_size(360.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink(false)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if let Some(last) = data.scenes.values().rev().find(|s| s.finished) {
                        ui.label(RichText::new(format!("Last scene: {}", last.name)).strong());
                        for line in &last.lines {
                            ui.label(RichText::new(line).weak());
                        }
                        ui.separator();
                    }
                    if let Some(scene) = open {
                        ui.label(RichText::new("The scene so far").strong());
                        for line in &scene.lines {
                            ui.label(line);
                        }
                    }
                });
        });
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical()
            .auto_shrink(false)
            .show(ui, |ui| match open {
                Some(scene) => running_ui(ui, state, data, scene, out),
                None => start_ui(ui, state, data, out),
            });
    });
}

fn start_ui(ui: &mut Ui, state: &mut SceneState, data: &CampaignData, out: &mut Vec<Command>) {
    ui.heading("Start a scene");
    if state.party.is_none() {
        state.party = data.parties.keys().next().copied();
    }
    ui.horizontal_wrapped(|ui| {
        state.name.field(ui, "Scene", 240.0);
        choices::party_combo(
            ui,
            "scene-party",
            "With",
            data,
            &mut state.party,
            Unpicked::Prompt("choose a party"),
        );
        if let Some(mode) = choice_combo(ui, "scene-mode", "Mode", state.mode) {
            state.mode = mode;
        }
        let threat = state.threat.ui(ui, "Threat", 40.0);
        ui.checkbox(
            &mut state.new_scenario,
            "A new scenario (Toughness refills)",
        );
        let step = threat.map(|threat| SceneStep::Start {
            name: state.name.text().to_owned(),
            party: state.party,
            mode: state.mode,
            threat,
            new_scenario: state.new_scenario,
        });
        if play_step(ui, data, "Start the scene", step, out).clicked() {
            state.name.clear();
        }
    });
}

fn running_ui(
    ui: &mut Ui,
    state: &mut SceneState,
    data: &CampaignData,
    scene: &Scene,
    out: &mut Vec<Command>,
) {
    let step = scene.mode.step();
    ui.heading(&scene.name);
    ui.label(format!(
        "{} · Threat {} · {step} {}",
        scene.mode.label(),
        scene.threat,
        scene.round
    ));
    ui.horizontal_wrapped(|ui| {
        let id = scene.id;
        let begin = format!("Start {step} {}", scene.round + 1);
        play_step(ui, data, begin, Ok(SceneStep::Begin { scene: id }), out).clicked();
        let end = format!("End {step} {}", scene.round);
        play_step(ui, data, end, Ok(SceneStep::End { scene: id }), out).clicked();
        play_step(
            ui,
            data,
            "End the scene",
            Ok(SceneStep::Finish { scene: id }),
            out,
        )
        .clicked();
    });
    ui.separator();
    if scene.mode == SceneMode::Combat {
        super::fight::fight_ui(ui, &mut state.fight, data, scene, out);
        ui.separator();
    }
    ui.label(RichText::new("Wild dice").strong());
    ui.horizontal_wrapped(|ui| {
        let reasons: Vec<_> = WILD_REASONS.iter().copied().enumerate().collect();
        super::choices::list_combo(ui, "wild-reason", "Reason", &mut state.reason, &reasons);
        ui.label(RichText::new(format!("({WILD_GUIDE})")).weak());
    });
    let night = crate::app::log::tonight();
    let night = night.as_str();
    for id in scene::cast(data, scene) {
        let Some(c) = data.characters.get(&id) else {
            continue;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "{}: {} of 3 held · {} tonight",
                c.name,
                c.companion.wild_dice,
                scene::awarded_on(data, id, night)
            ));
            let award = SceneStep::Award {
                scene: scene.id,
                character: id,
                reason: WILD_REASONS[state.reason].to_owned(),
                night: night.to_owned(),
            };
            play_step(
                ui,
                data,
                format!("Award {} a wild die", c.name),
                Ok(award),
                out,
            )
            .clicked();
            let spend = SceneStep::Spend {
                scene: scene.id,
                character: id,
            };
            play_step(
                ui,
                data,
                format!("{} spends a wild die", c.name),
                Ok(spend),
                out,
            )
            .clicked();
        });
    }
    ui.separator();
    challenge_ui(ui, state, data, scene, out);
    if scene.mode == SceneMode::Exploration {
        ui.separator();
        super::fight::fight_ui(ui, &mut state.fight, data, scene, out);
    }
}

fn challenge_ui(
    ui: &mut Ui,
    state: &mut SceneState,
    data: &CampaignData,
    scene: &Scene,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Challenge roll").strong());
    let cast: Vec<_> = scene::cast(data, scene)
        .into_iter()
        .filter_map(|id| data.characters.get(&id).map(|c| (id, c.name.as_str())))
        .collect();
    choices::keep_or_first(&mut state.challenger, &cast);
    let modifier = ui
        .horizontal_wrapped(|ui| {
            choices::record_combo(
                ui,
                "challenger",
                "Who",
                &mut state.challenger,
                Unpicked::Prompt("nobody"),
                &cast,
            );
            let who = state.challenger.and_then(|c| data.characters.get(&c));
            stat_combo(ui, "challenge-stat", "Stat", who, &mut state.stat, |_| true);
            if let Some(d) = choice_combo(ui, "challenge-die", "Challenge die", state.difficulty) {
                state.difficulty = d;
            }
            let modifier = state.modifier.ui(ui, "Modifier", 30.0);
            ui.checkbox(&mut state.wild_die, "Spend a wild die");
            modifier
        })
        .inner;
    // Until the modifier reads, its field says why under it.
    if let Ok(modifier) = &modifier {
        challenge_odds_ui(ui, state, *modifier, data);
    }
    let tested = state
        .challenger
        .is_some_and(|c| scene.in_round && scene.tested.contains(&c));
    if tested {
        ui.checkbox(&mut state.again, "The GM allows another")
            .on_hover_text("“Each hero … tries one test per GM beat”: a second is the GM's call");
    }
    let step = state
        .challenger
        .ok_or_else(|| "Choose who rolls".to_owned())
        .and_then(|character| Ok((character, modifier?)))
        .map(|(character, modifier)| SceneStep::Challenge {
            scene: scene.id,
            character,
            stat: state.stat,
            difficulty: state.difficulty,
            // Within CHECK_MODIFIER, which an i32 holds.
            modifier: modifier as i32,
            wild_die: state.wild_die,
            again: tested && state.again,
        });
    if play_step(ui, data, "Roll the challenge", step, out).clicked() {
        state.again = false;
    }
}

/// The chance of success, of a tie and of failure of the roll as set, before
/// anyone rolls: the same request the roll makes.
fn challenge_odds_ui(ui: &mut Ui, state: &SceneState, modifier: i64, data: &CampaignData) {
    let Some(c) = state.challenger.and_then(|c| data.characters.get(&c)) else {
        return;
    };
    let request = scene::challenge_request(
        c,
        state.stat,
        state.difficulty,
        modifier as i32,
        state.wild_die,
    );
    let odds = request.and_then(|r| {
        let odds = waybook_rules::companion::challenge::odds(&r)
            .map_err(|e| scene::SceneError::from(StepError::rules(e)))?;
        Ok((r, odds))
    });
    match odds {
        Ok((r, odds)) => {
            let player = waybook_rules::companion::challenge::player_dice(r.stat, r.wild_die);
            let (count, sides) = r.difficulty.dice();
            // No modifier is left unsaid: "keep the highest 0" read as
            // keeping no die.
            let with = match modifier {
                0 => String::new(),
                m => format!(" with {}", waybook_core::model::signed(m)),
            };
            ui.label(format!(
                "Success {:.0}% · tie {:.0}% (succeed at a cost or fail cleanly) · failure {:.0}% ({}{with} against the challenge's {})",
                odds.success * 100.0,
                odds.tie * 100.0,
                odds.failure * 100.0,
                dice_words(player, 10),
                dice_words(count, sides),
            ));
        }
        Err(e) => {
            ui.label(RichText::new(waybook_core::model::capitalised(&e.to_string())).weak());
        }
    }
}

/// Dice as the odds name them: "d10" for one die, "2d10 keep the highest"
/// for more.
fn dice_words(count: u32, sides: u32) -> String {
    match count {
        0 | 1 => format!("d{sides}"),
        n => format!("{n}d{sides} keep the highest"),
    }
}

/// A Companion stat of a character ("Will 5+"), by its place on the sheet,
/// among those `offered` allows.
pub(super) fn stat_combo(
    ui: &mut Ui,
    id: &str,
    label: &str,
    who: Option<&waybook_core::model::Character>,
    chosen: &mut usize,
    offered: impl Fn(&str) -> bool,
) {
    let stats: Vec<(usize, String)> = who
        .map(|c| {
            c.companion
                .stats
                .iter()
                .enumerate()
                .filter(|(_, s)| offered(&s.name))
                .map(|(i, s)| (i, format!("{} {}+", s.name, s.value)))
                .collect()
        })
        .unwrap_or_default();
    if !stats.iter().any(|(i, _)| i == chosen) {
        *chosen = stats.first().map_or(0, |(i, _)| *i);
    }
    let named: Vec<(usize, &str)> = stats.iter().map(|(i, s)| (*i, s.as_str())).collect();
    let mut stat = Some(*chosen);
    choices::record_combo(
        ui,
        id,
        label,
        &mut stat,
        Unpicked::Prompt("no stat"),
        &named,
    );
    *chosen = stat.unwrap_or(0);
}
