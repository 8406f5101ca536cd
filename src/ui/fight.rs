//! The fight on the Scene screen: the good fight's size for the party, the
//! enemies (from the tiers and the campaign's cults, their stats editable,
//! their behaviour rolled without a GM), everyone's Wounds and Toughness
//! with who has activated this round, the activation under way and its
//! actions, the attack, powers and drills, reviving the downed, Rest,
//! wounds from elsewhere, rerolls and wild dice given.

use super::fields::{self, ERROR_COLOUR, FieldBuffers, Unpicked, choice_combo};
use crate::app::Command;
use crate::model::scene::{Action, Combatant, Tier};
use crate::model::{CampaignData, CharacterId, Choice, CultId, Scene, SceneMode, limits};
use crate::rules::companion::combat::fight_size;
use crate::scene::{self, AttackOrder, FightStep, SceneStep};
use egui::{RichText, Ui};
use std::collections::BTreeSet;

#[derive(Debug)]
pub struct FightState {
    pub fields: FieldBuffers,
    pub enemy_name: String,
    pub tier: Tier,
    pub count: String,
    pub cult: Option<CultId>,
    pub bright: bool,
    pub boss_rule: bool,
    pub attacker: Option<Combatant>,
    pub defender: Option<Combatant>,
    pub attacks: String,
    pub ap: u32,
    pub shooting: bool,
    pub cover: bool,
    pub long_range: bool,
    pub extra_enemies: u32,
    pub toughness: String,
    pub attack_wild_die: bool,
    pub touching: BTreeSet<usize>,
    pub contact_toughness: String,
    /// The activation the attack form was last set for.
    pub activating: Option<Combatant>,
    pub caster: Option<CharacterId>,
    pub power: Option<usize>,
    pub level: u32,
    pub drill: bool,
    pub cast_modifier: i32,
    pub cast_wild_die: bool,
    pub revive_wild_die: bool,
    pub harmed: Option<Combatant>,
    pub harm: String,
    pub cancel: String,
    pub reviver: Option<CharacterId>,
    pub revive_stat: usize,
    pub receiver: Option<CharacterId>,
    pub error: Option<String>,
}

impl Default for FightState {
    fn default() -> Self {
        Self {
            fields: FieldBuffers::default(),
            enemy_name: String::new(),
            tier: Tier::Minion,
            count: "1".to_owned(),
            cult: None,
            bright: false,
            boss_rule: false,
            attacker: None,
            defender: None,
            attacks: "1".to_owned(),
            ap: 0,
            shooting: false,
            cover: false,
            long_range: false,
            extra_enemies: 0,
            toughness: "0".to_owned(),
            attack_wild_die: false,
            touching: BTreeSet::new(),
            contact_toughness: "0".to_owned(),
            activating: None,
            caster: None,
            power: None,
            level: 1,
            drill: false,
            cast_modifier: 0,
            cast_wild_die: false,
            revive_wild_die: false,
            harmed: None,
            harm: "1".to_owned(),
            cancel: "0".to_owned(),
            reviver: None,
            revive_stat: 0,
            receiver: None,
            error: None,
        }
    }
}

fn send(out: &mut Vec<Command>, scene: &Scene, step: FightStep) {
    out.push(Command::Scene(SceneStep::Fight {
        scene: scene.id,
        step,
    }));
}

/// Every model's name, heroes first.
fn named(data: &CampaignData, scene: &Scene) -> Vec<(Combatant, String)> {
    scene::fight::combatants(data, scene)
        .into_iter()
        .filter_map(|c| match c {
            Combatant::Hero(id) => data.characters.get(&id).map(|h| (c, h.name.clone())),
            Combatant::Enemy(i) => scene.enemies.get(i).map(|e| (c, e.name.clone())),
        })
        .collect()
}

fn heroes(data: &CampaignData, scene: &Scene) -> Vec<(CharacterId, String)> {
    scene::cast(data, scene)
        .into_iter()
        .filter_map(|id| data.characters.get(&id).map(|c| (id, c.name.clone())))
        .collect()
}

fn as_refs<K: Copy>(list: &[(K, String)]) -> Vec<(K, &str)> {
    list.iter().map(|(k, n)| (*k, n.as_str())).collect()
}

pub fn fight_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
    scene: &Scene,
    out: &mut Vec<Command>,
) {
    let models = named(data, scene);
    if scene.mode == SceneMode::Combat {
        enemies_ui(ui, state, data, scene, out);
        ui.separator();
        models_ui(ui, data, scene, out);
        activation_ui(ui, state, scene, &models, out);
        ui.separator();
        attack_ui(ui, state, scene, &models, out);
        ui.separator();
        cast_ui(ui, state, data, scene, out);
        ui.separator();
    }
    harm_ui(ui, state, data, scene, &models, out);
    if let Some(e) = &state.error {
        ui.label(RichText::new(e).color(ERROR_COLOUR));
    }
}

fn enemies_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
    scene: &Scene,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Enemies").strong());
    // The text sizes a fight by its heroes: allies and NPCs do not count.
    let party = scene::cast(data, scene)
        .iter()
        .filter_map(|id| data.characters.get(id))
        .filter(|c| {
            matches!(
                c.kind,
                crate::model::CharacterKind::Hero | crate::model::CharacterKind::Traveller
            )
        })
        .count() as u32;
    let size = fight_size(party, false);
    let count = |n: u32, what: &str| crate::model::plural(n, what);
    let with_elites = if size.elites > 0 {
        format!(
            ", or {} and {}",
            count(size.minions_with_elites, "minion"),
            count(size.elites, "elite")
        )
    } else {
        String::new()
    };
    ui.label(
        RichText::new(format!(
            "A good fight for {}: about {}{with_elites}, plus a boss for the finale.",
            if party == 1 {
                "1 hero".to_owned()
            } else {
                format!("{party} heroes")
            },
            count(size.minions, "minion"),
        ))
        .weak(),
    );
    for (i, e) in scene.enemies.iter().enumerate() {
        let key = |f: &str| format!("scene{}:enemy{i}:{f}", scene.id.0);
        ui.horizontal_wrapped(|ui| {
            let mut status = format!("{} · {}", e.name, e.tier.label());
            if let Some(c) = e.cult.and_then(|c| data.cults.get(&c)) {
                let side = c.side(e.bright);
                status.push_str(&format!(" · {}", c.side_name(e.bright)));
                if !side.rule.is_empty() {
                    status.push_str(&format!(": {}", side.rule));
                }
                if e.tier.carries_trait() && !side.trait_.is_empty() {
                    status.push_str(&format!(" · trait: {}", side.trait_));
                }
            }
            if e.boss_rule {
                status.push_str(" · D10 each round, Toughness only as armour");
            }
            if e.is_down() {
                status.push_str(" · out of the fight");
            }
            ui.label(status);
            let fields = &mut state.fields;
            for (what, label, value, range) in [
                ("quality", "Quality", e.quality, &limits::QUALITY_DEFENCE),
                ("defence", "Defence", e.defence, &limits::QUALITY_DEFENCE),
                ("wounds", "Wounds", e.wounds.current, &(0..=e.wounds.max)),
                (
                    "toughness",
                    "Toughness",
                    e.toughness.current,
                    &(0..=e.toughness.max),
                ),
            ] {
                let label = format!("{label} of {}", e.name);
                if let Some(v) = fields.whole(ui, &key(what), &label, value, range) {
                    fields.commit(out, scene, &format!("{what} of {}", e.name), |s| {
                        let e = &mut s.enemies[i];
                        match what {
                            "quality" => e.quality = v,
                            "defence" => e.defence = v,
                            "wounds" => e.wounds.current = v,
                            _ => e.toughness.current = v,
                        }
                    });
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        fields::draft(ui, "Enemy", &mut state.enemy_name, 140.0);
        if let Some(t) = choice_combo(ui, "enemy-tier", "Tier", state.tier) {
            state.tier = t;
        }
        fields::draft(ui, "How many", &mut state.count, 30.0);
        let cults: Vec<(CultId, &str)> = data
            .cults
            .values()
            .map(|c| (c.id, c.god.as_str()))
            .collect();
        fields::record_combo(
            ui,
            "enemy-cult",
            "Cult of",
            &mut state.cult,
            Unpicked::Offered("no cult"),
            &cults,
        );
        ui.checkbox(&mut state.bright, "Bright cult (rivals)");
        ui.checkbox(&mut state.boss_rule, "Boss rule");
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Add the enemies").clicked() {
            match limits::parse_whole(&state.count, &limits::ENEMIES_ADDED) {
                Ok(count) => {
                    state.error = None;
                    send(
                        out,
                        scene,
                        FightStep::AddEnemies {
                            name: std::mem::take(&mut state.enemy_name),
                            tier: state.tier,
                            count: count as u32,
                            cult: state.cult,
                            bright: state.bright,
                            boss_rule: state.boss_rule,
                        },
                    );
                }
                Err(e) => state.error = Some(format!("How many: {e}")),
            }
        }
        if ui.button("Roll enemy behaviour").clicked() {
            send(out, scene, FightStep::Behaviour);
        }
    });
}

/// Everyone in the fight: Wounds, Toughness, down or activated, and the
/// button to activate them.
fn models_ui(ui: &mut Ui, data: &CampaignData, scene: &Scene, out: &mut Vec<Command>) {
    ui.label(RichText::new(format!("Round {}", scene.round)).strong());
    egui::Grid::new("fight-models")
        .striped(true)
        .show(ui, |ui| {
            for who in scene::fight::combatants(data, scene) {
                let (name, wounds, toughness) = match who {
                    Combatant::Hero(id) => {
                        let Some(c) = data.characters.get(&id) else {
                            continue;
                        };
                        (c.name.clone(), c.companion.wounds, c.companion.toughness)
                    }
                    Combatant::Enemy(i) => {
                        let e = &scene.enemies[i];
                        (e.name.clone(), e.wounds, e.toughness)
                    }
                };
                ui.label(&name);
                ui.label(format!("Wounds {} of {}", wounds.current, wounds.max));
                ui.label(format!(
                    "Toughness {} of {}",
                    toughness.current, toughness.max
                ));
                let active = scene.activation.as_ref().is_some_and(|a| a.who == who);
                let status = if wounds.current <= 0 {
                    match who {
                        Combatant::Hero(_) => "down",
                        Combatant::Enemy(_) => "out of the fight",
                    }
                } else if active {
                    "activating"
                } else if scene.activated.contains(&who) {
                    "activated"
                } else {
                    "to activate"
                };
                ui.label(status);
                if status == "to activate" && scene.in_round {
                    if ui.button(format!("Activate {name}")).clicked() {
                        send(out, scene, FightStep::Activate { who });
                    }
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
}

fn activation_ui(
    ui: &mut Ui,
    state: &mut FightState,
    scene: &Scene,
    models: &[(Combatant, String)],
    out: &mut Vec<Command>,
) {
    let Some(a) = &scene.activation else {
        return;
    };
    let name = models
        .iter()
        .find(|(c, _)| *c == a.who)
        .map_or("?", |(_, n)| n.as_str());
    let allowed = 2 + usize::from(scene.third_actions.contains(&a.who));
    let taken: Vec<&str> = a.actions.iter().map(|a| a.label()).collect();
    ui.label(format!(
        "{name} is activating: {} of {allowed} actions taken{}",
        a.actions.len(),
        if taken.is_empty() {
            String::new()
        } else {
            format!(" ({})", taken.join(", "))
        }
    ));
    ui.label(RichText::new("Talking is free.").weak());
    ui.horizontal_wrapped(|ui| {
        for action in [Action::Move, Action::Narrative] {
            if ui.button(action.label()).clicked() {
                send(out, scene, FightStep::Act { action });
            }
        }
        if ui.button("Rest (D3 Toughness)").clicked() {
            send(out, scene, FightStep::Rest { who: a.who });
        }
        if ui.button("Buy a third action (2 Toughness)").clicked() {
            send(out, scene, FightStep::ThirdAction);
        }
        if ui.button(format!("End {name}'s activation")).clicked() {
            send(out, scene, FightStep::EndActivation);
        }
    });
    if let Combatant::Hero(_) = a.who {
        ui.horizontal_wrapped(|ui| {
            ui.label("Touching:");
            for (i, e) in scene.enemies.iter().enumerate() {
                if e.is_down() {
                    continue;
                }
                let mut on = state.touching.contains(&i);
                if ui.checkbox(&mut on, &e.name).changed() {
                    if on {
                        state.touching.insert(i);
                    } else {
                        state.touching.remove(&i);
                    }
                }
            }
            fields::draft(
                ui,
                "Toughness on the free attacks",
                &mut state.contact_toughness,
                30.0,
            );
            if ui.button("Leave base contact").clicked() {
                match limits::parse_whole(&state.contact_toughness, &limits::TOUGHNESS_MAX) {
                    Ok(toughness) => {
                        state.error = None;
                        send(
                            out,
                            scene,
                            FightStep::LeaveContact {
                                enemies: std::mem::take(&mut state.touching).into_iter().collect(),
                                toughness: toughness as u32,
                            },
                        );
                    }
                    Err(e) => state.error = Some(format!("Toughness on the free attacks: {e}")),
                }
            }
        });
    }
}

fn attack_ui(
    ui: &mut Ui,
    state: &mut FightState,
    scene: &Scene,
    models: &[(Combatant, String)],
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Attack").strong());
    // A new activation: its model attacks, and nobody touches it yet.
    let activating = scene.activation.as_ref().map(|a| a.who);
    if activating.is_some() && activating != state.activating {
        state.attacker = activating;
        state.touching.clear();
    }
    state.activating = activating;
    let list = as_refs(models);
    ui.horizontal_wrapped(|ui| {
        fields::record_combo(
            ui,
            "attacker",
            "Attacker",
            &mut state.attacker,
            Unpicked::Prompt("choose"),
            &list,
        );
        let targets: Vec<(Combatant, &str)> = list
            .iter()
            .copied()
            .filter(|(c, _)| state.attacker.is_none_or(|a| a.side() != c.side()))
            .collect();
        fields::record_combo(
            ui,
            "defender",
            "Defender",
            &mut state.defender,
            Unpicked::Prompt("choose"),
            &targets,
        );
        fields::draft(ui, "Attack dice", &mut state.attacks, 30.0);
        let id = ui.label("AP").id;
        ui.add(egui::Slider::new(&mut state.ap, 0..=4))
            .labelled_by(id);
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut state.shooting, "Shooting");
        ui.checkbox(&mut state.cover, "Defender in cover");
        ui.checkbox(&mut state.long_range, "Long range (over half)");
        let id = ui.label("Extra enemies in the fight").id;
        ui.add(egui::Slider::new(&mut state.extra_enemies, 0..=2))
            .labelled_by(id);
    });
    ui.horizontal_wrapped(|ui| {
        fields::draft(ui, "Toughness to spend", &mut state.toughness, 30.0);
        ui.checkbox(
            &mut state.attack_wild_die,
            "Wild die as an extra attack die",
        );
    });
    if ui.button("Roll the attack").clicked() {
        let toughness = limits::parse_whole(&state.toughness, &limits::TOUGHNESS_MAX)
            .map_err(|e| format!("Toughness to spend: {e}"));
        let parsed = limits::parse_whole(&state.attacks, &limits::ATTACK_DICE)
            .map_err(|e| format!("Attack dice: {e}"))
            .and_then(|a| Ok((a, toughness?)));
        match (parsed, state.attacker, state.defender) {
            (Ok((attacks, toughness)), Some(attacker), Some(defender)) => {
                state.error = None;
                send(
                    out,
                    scene,
                    FightStep::Attack(AttackOrder {
                        attacker,
                        defender,
                        attacks: attacks as u32,
                        ap: state.ap,
                        shooting: state.shooting,
                        cover: state.cover,
                        long_range: state.long_range,
                        extra_enemies: state.extra_enemies,
                        toughness: toughness as u32,
                        wild_die: std::mem::take(&mut state.attack_wild_die),
                    }),
                );
            }
            (Ok(_), _, _) => {
                state.error =
                    Some("The attack was not rolled: choose the attacker and the defender".into());
            }
            (Err(e), _, _) => state.error = Some(e),
        }
    }
}

/// The caster's powers and drills (a Pilgrim's Cleric power among them), by name.
fn powers_of(data: &CampaignData, id: CharacterId) -> Vec<String> {
    data.characters
        .get(&id)
        .map(crate::heroes::known_powers)
        .unwrap_or_default()
}

fn cast_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
    scene: &Scene,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Powers and drills").strong());
    let cast = heroes(data, scene);
    fields::keep_or_first(&mut state.caster, &cast);
    let powers = state.caster.map(|c| powers_of(data, c)).unwrap_or_default();
    let numbered: Vec<(usize, &str)> = powers.iter().map(String::as_str).enumerate().collect();
    if state.power.is_none_or(|p| p >= powers.len()) {
        state.power = (!powers.is_empty()).then_some(0);
    }
    ui.horizontal_wrapped(|ui| {
        fields::record_combo(
            ui,
            "caster",
            "Caster",
            &mut state.caster,
            Unpicked::Prompt("nobody"),
            &as_refs(&cast),
        );
        fields::record_combo(
            ui,
            "power",
            "Power",
            &mut state.power,
            Unpicked::Prompt("no powers"),
            &numbered,
        );
        let id = ui.label("Power level").id;
        ui.add(egui::Slider::new(&mut state.level, 1..=3))
            .labelled_by(id);
        ui.checkbox(&mut state.drill, "A drill (Dexterity)");
        let id = ui.label("Power modifier").id;
        ui.add(egui::Slider::new(&mut state.cast_modifier, -2..=2))
            .labelled_by(id);
        ui.checkbox(&mut state.cast_wild_die, "Spend a wild die on the power");
    });
    if ui.button("Cast the power").clicked() {
        match (state.caster, state.power.and_then(|p| powers.get(p))) {
            (Some(character), Some(power)) => send(
                out,
                scene,
                FightStep::Cast {
                    character,
                    power: power.clone(),
                    level: state.level,
                    drill: state.drill,
                    modifier: state.cast_modifier,
                    wild_die: std::mem::take(&mut state.cast_wild_die),
                },
            ),
            (None, _) => state.error = Some("The power was not cast: choose a caster".into()),
            (Some(_), None) => {
                state.error = Some("The power was not cast: the caster knows no power".into())
            }
        }
    }
}

/// Wounds from elsewhere, Rest, revive, reroll and giving a wild die.
fn harm_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
    scene: &Scene,
    models: &[(Combatant, String)],
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Wounds and Toughness").strong());
    let list = as_refs(models);
    ui.horizontal_wrapped(|ui| {
        fields::record_combo(
            ui,
            "harmed",
            "Who takes wounds",
            &mut state.harmed,
            Unpicked::Prompt("choose"),
            &list,
        );
        fields::draft(ui, "Wounds", &mut state.harm, 30.0);
        fields::draft(ui, "Cancel with Toughness", &mut state.cancel, 30.0);
        if ui.button("Take the wounds").clicked() {
            let wounds = limits::parse_whole(&state.harm, &limits::WOUNDS_TAKEN)
                .map_err(|e| format!("Wounds: {e}"));
            let cancel = limits::parse_whole(&state.cancel, &limits::TOUGHNESS_MAX)
                .map_err(|e| format!("Cancel with Toughness: {e}"));
            match (state.harmed, wounds.and_then(|w| Ok((w, cancel?)))) {
                (Some(who), Ok((wounds, cancel))) => {
                    state.error = None;
                    let (wounds, cancel) = (wounds as u32, cancel as u32);
                    send(
                        out,
                        scene,
                        FightStep::Harm {
                            who,
                            wounds,
                            cancel,
                        },
                    );
                }
                (None, _) => {
                    state.error = Some("No wounds were taken: choose who takes them".into())
                }
                (_, Err(e)) => state.error = Some(e),
            }
        }
    });
    let heroes = heroes(data, scene);
    fields::keep_or_first(&mut state.reviver, &heroes);
    ui.horizontal_wrapped(|ui| {
        fields::record_combo(
            ui,
            "reviver",
            "Hero",
            &mut state.reviver,
            Unpicked::Prompt("nobody"),
            &as_refs(&heroes),
        );
        let who = state.reviver.and_then(|c| data.characters.get(&c));
        super::scene::stat_combo(
            ui,
            "revive-stat",
            "On",
            who,
            &mut state.revive_stat,
            |name| {
                scene::fight::REVIVE_STATS
                    .iter()
                    .any(|r| name.eq_ignore_ascii_case(r))
            },
        );
        let others: Vec<(CharacterId, &str)> = heroes
            .iter()
            .filter(|(id, _)| Some(*id) != state.reviver)
            .map(|(id, n)| (*id, n.as_str()))
            .collect();
        if state.receiver.is_none_or(|r| Some(r) == state.reviver) {
            state.receiver = others.first().map(|(id, _)| *id);
        }
        fields::record_combo(
            ui,
            "receiver",
            "Other hero",
            &mut state.receiver,
            Unpicked::Prompt("nobody"),
            &others,
        );
    });
    let Some(hero) = state.reviver else { return };
    let name = heroes
        .iter()
        .find(|(id, _)| *id == hero)
        .map_or("", |(_, n)| n.as_str());
    ui.horizontal_wrapped(|ui| {
        if ui.button(format!("{name} rests")).clicked() {
            send(
                out,
                scene,
                FightStep::Rest {
                    who: Combatant::Hero(hero),
                },
            );
        }
        if ui
            .button(format!("{name} spends 2 Toughness to reroll"))
            .clicked()
        {
            send(out, scene, FightStep::Reroll { character: hero });
        }
        if let Some(other) = state.receiver {
            let other_name = heroes
                .iter()
                .find(|(id, _)| *id == other)
                .map_or("", |(_, n)| n.as_str());
            let down = data
                .characters
                .get(&other)
                .is_some_and(|c| c.companion.wounds.current <= 0);
            if down {
                ui.checkbox(&mut state.revive_wild_die, "Spend a wild die on the revive");
                if ui.button(format!("{name} revives {other_name}")).clicked() {
                    send(
                        out,
                        scene,
                        FightStep::Revive {
                            ally: hero,
                            downed: other,
                            stat: state.revive_stat,
                            wild_die: std::mem::take(&mut state.revive_wild_die),
                        },
                    );
                }
            }
            if ui
                .button(format!("{name} gives {other_name} a wild die"))
                .clicked()
            {
                send(
                    out,
                    scene,
                    FightStep::Give {
                        from: hero,
                        to: other,
                    },
                );
            }
        }
    });
}
