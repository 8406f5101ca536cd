//! The fight on the Scene screen: the good fight's size for the party, the
//! enemies (from the tiers and the campaign's cults, their stats and boss
//! rule editable), everyone in priority order with their Wounds, Toughness
//! and who has activated this round (a downed hero's row offers the
//! revive), the activation under way and its actions, the attack, powers
//! and drills (in beats too), wounds from elsewhere, Rest, rerolls and wild
//! dice given. Every button is greyed with the reason while the scene's
//! check (`waybook_core::scene::check`) refuses its step.

use super::choices::{self, Unpicked, choice_combo};
use super::forms::play_step;
use super::input::{Entry, FieldLabel, Typing};
use crate::app::Command;
use egui::{RichText, Ui};
use std::collections::BTreeSet;
use waybook_core::model::scene::{Action, Combatant, Tier};
use waybook_core::model::{CampaignData, CharacterId, CultId, Scene, SceneMode, limits};
use waybook_core::scene::{self, AttackOrder, FightStep, SceneStep};
use waybook_rules::companion::combat::fight_size;

#[derive(Debug)]
pub struct FightState {
    pub fields: Typing,
    pub enemy_name: Entry<String>,
    pub tier: Tier,
    pub count: Entry<i64>,
    pub cult: Option<CultId>,
    pub bright: bool,
    pub boss_rule: bool,
    pub attacker: Option<Combatant>,
    pub defender: Option<Combatant>,
    pub attacks: Entry<i64>,
    pub ap: Entry<i64>,
    pub shooting: bool,
    pub cover: bool,
    pub long_range: bool,
    pub extra_enemies: Entry<i64>,
    pub toughness: Entry<i64>,
    pub attack_wild_die: bool,
    pub touching: BTreeSet<usize>,
    pub contact_toughness: Entry<i64>,
    /// The activation the attack form was last set for.
    pub activating: Option<Combatant>,
    pub caster: Option<CharacterId>,
    pub power: Option<usize>,
    pub level: Entry<i64>,
    pub drill: bool,
    pub cast_modifier: Entry<i64>,
    pub cast_wild_die: bool,
    pub revive_wild_die: bool,
    pub harmed: Option<Combatant>,
    pub harm: Entry<i64>,
    pub cancel: Entry<i64>,
    pub helper: Option<CharacterId>,
    pub receiver: Option<CharacterId>,
}

impl Default for FightState {
    fn default() -> Self {
        Self {
            fields: Typing::default(),
            enemy_name: Entry::default(),
            tier: Tier::Minion,
            count: Entry::new(1, limits::ENEMIES_ADDED),
            cult: None,
            bright: false,
            boss_rule: false,
            attacker: None,
            defender: None,
            attacks: Entry::new(1, limits::ATTACK_DICE),
            ap: Entry::new(0, limits::AP),
            shooting: false,
            cover: false,
            long_range: false,
            extra_enemies: Entry::new(0, limits::EXTRA_ENEMIES),
            toughness: Entry::new(0, limits::TOUGHNESS_MAX),
            attack_wild_die: false,
            touching: BTreeSet::new(),
            contact_toughness: Entry::new(0, limits::TOUGHNESS_MAX),
            activating: None,
            caster: None,
            power: None,
            level: Entry::new(1, limits::POWER_LEVEL),
            drill: false,
            cast_modifier: Entry::new(0, limits::CHECK_MODIFIER),
            cast_wild_die: false,
            revive_wild_die: false,
            harmed: None,
            harm: Entry::new(1, limits::WOUNDS_TAKEN),
            cancel: Entry::new(0, limits::TOUGHNESS_MAX),
            helper: None,
            receiver: None,
        }
    }
}

/// A fight's step as a step of its scene.
fn in_scene(scene: &Scene, step: Result<FightStep, String>) -> Result<SceneStep, String> {
    step.map(|step| SceneStep::Fight {
        scene: scene.id,
        step,
    })
}

/// Every model's name, heroes first.
fn named(data: &CampaignData, scene: &Scene) -> Vec<(Combatant, String)> {
    scene::fight::combatants(data, scene)
        .into_iter()
        .filter_map(|c| Some((c, name_of(data, scene, c)?)))
        .collect()
}

fn name_of(data: &CampaignData, scene: &Scene, who: Combatant) -> Option<String> {
    match who {
        Combatant::Hero(id) => data.characters.get(&id).map(|h| h.name.clone()),
        Combatant::Enemy(i) => scene.enemies.get(i).map(|e| e.name.clone()),
    }
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
        models_ui(ui, state, data, scene, out);
        activation_ui(ui, state, data, scene, &models, out);
        ui.separator();
        attack_ui(ui, state, data, scene, &models, out);
        ui.separator();
    }
    cast_ui(ui, state, data, scene, out);
    ui.separator();
    harm_ui(ui, state, data, scene, &models, out);
}

/// "About 6 minions, or 3 minions and 1 elite, plus a boss for the
/// finale", scaled to the party's heroes.
fn good_fight(data: &CampaignData, scene: &Scene) -> String {
    let party = scene::fight::heroes_counted(data, scene);
    let size = fight_size(party, false);
    let count = |n: u32, what: &str| waybook_core::model::plural(n, what);
    let with_elites = if size.elites > 0 {
        format!(
            ", or {} and {}",
            count(size.minions_with_elites, "minion"),
            count(size.elites, "elite")
        )
    } else {
        String::new()
    };
    format!(
        "A good fight for {}: about {}{with_elites}, plus a boss for the finale.",
        count(party, "hero"),
        count(size.minions, "minion"),
    )
}

fn enemies_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
    scene: &Scene,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Enemies").strong());
    ui.label(RichText::new(good_fight(data, scene)).weak());
    if !scene.enemies.is_empty() {
        enemy_grid_ui(ui, &mut state.fields, data, scene, out);
    }
    ui.horizontal_wrapped(|ui| {
        state.enemy_name.field(ui, "Enemy", 140.0);
        if let Some(t) = choice_combo(ui, "enemy-tier", "Tier", state.tier) {
            // "How many" follows the tier: a good fight's number of them.
            state.tier = t;
            let suggested = scene::fight::suggested_count(data, scene, t);
            state.count.set(&i64::from(suggested));
        }
        let count = state.count.ui(ui, "How many", 30.0);
        let cults: Vec<(CultId, &str)> = data
            .cults
            .values()
            .map(|c| (c.id, c.god.as_str()))
            .collect();
        choices::record_combo(
            ui,
            "enemy-cult",
            "Cult of",
            &mut state.cult,
            Unpicked::Offered("no cult"),
            &cults,
        );
        ui.checkbox(&mut state.bright, "Bright cult (rivals)");
        ui.checkbox(&mut state.boss_rule, "Boss rule")
            .on_hover_text(
                "A D10 rolled and logged at the start of each round, and Toughness only as armour",
            );
        let step = count.map(|count| FightStep::AddEnemies {
            name: state.enemy_name.text().to_owned(),
            tier: state.tier,
            count: count as u32,
            cult: state.cult,
            bright: state.bright,
            boss_rule: state.boss_rule,
        });
        if play_step(ui, data, "Add the enemies", in_scene(scene, step), out).clicked() {
            state.enemy_name.clear();
        }
        play_step(
            ui,
            data,
            "Roll enemy behaviour",
            in_scene(scene, Ok(FightStep::Behaviour)),
            out,
        )
        .clicked();
    });
}

/// Each enemy's stats and boss rule, editable after it joined the fight.
fn enemy_grid_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    scene: &Scene,
    out: &mut Vec<Command>,
) {
    egui::Grid::new("fight-enemies")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for head in [
                "Enemy",
                "Quality",
                "Defence",
                "Wounds",
                "Toughness",
                "Boss rule",
            ] {
                ui.label(RichText::new(head).strong());
            }
            ui.end_row();
            for (i, e) in scene.enemies.iter().enumerate() {
                let key = |f: &str| format!("scene{}:enemy{i}:{f}", scene.id.0);
                let mut about = vec![e.tier.label().to_owned()];
                if let Some(c) = e.cult.and_then(|c| data.cults.get(&c)) {
                    let side = c.side(e.bright);
                    about.push(c.side_name(e.bright).to_owned());
                    if !side.rule.is_empty() {
                        about.push(side.rule.clone());
                    }
                    if e.tier.carries_trait() && !side.trait_.is_empty() {
                        about.push(format!("trait: {}", side.trait_));
                    }
                }
                if e.is_down() {
                    about.push("out of the fight".to_owned());
                }
                ui.vertical(|ui| {
                    ui.label(&e.name);
                    ui.add(
                        egui::Label::new(RichText::new(about.join(" · ")).weak().small()).wrap(),
                    );
                });
                for (what, label, value, range) in [
                    ("quality", "Quality", e.quality, limits::QUALITY_DEFENCE),
                    ("defence", "Defence", e.defence, limits::QUALITY_DEFENCE),
                    (
                        "wounds",
                        "Wounds",
                        e.wounds.current,
                        limits::track_current(e.wounds.max),
                    ),
                    (
                        "toughness",
                        "Toughness",
                        e.toughness.current,
                        limits::track_current(e.toughness.max),
                    ),
                ] {
                    let label = format!("{label} of {}", e.name);
                    let field = FieldLabel::Unseen(&label);
                    if let Some(v) = fields.whole(ui, &key(what), field, value, &range) {
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
                let mut boss = e.boss_rule;
                let response = ui
                    .checkbox(&mut boss, "")
                    .accessible_name(format!("Boss rule of {}", e.name))
                    .on_hover_text("A D10 at the start of each round, Toughness only as armour");
                if response.changed() {
                    fields.commit(out, scene, &format!("boss rule of {}", e.name), |s| {
                        s.enemies[i].boss_rule = boss;
                    });
                }
                ui.end_row();
            }
        });
}

/// Everyone in the fight, heroes in this round's priority order (highest
/// first) and then the enemies: Wounds, Toughness, down or activated, the
/// button to activate them, and on a downed hero's row the revive.
fn models_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
    scene: &Scene,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new(format!("Round {}", scene.round)).strong());
    let priority = |who: Combatant| match who {
        Combatant::Hero(id) => scene
            .priority
            .iter()
            .find(|p| p.character == id)
            .map(|p| p.roll),
        Combatant::Enemy(_) => None,
    };
    let mut order = scene::fight::combatants(data, scene);
    // A stable sort: heroes without a roll and the enemies keep their order.
    order.sort_by_key(|who| {
        (
            matches!(who, Combatant::Enemy(_)),
            std::cmp::Reverse(priority(*who)),
        )
    });
    let cast = heroes(data, scene);
    egui::Grid::new("fight-models")
        .striped(true)
        .show(ui, |ui| {
            for head in ["Who", "Priority", "Wounds", "Toughness", "", ""] {
                ui.label(RichText::new(head).strong());
            }
            ui.end_row();
            for who in order {
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
                ui.label(priority(who).map_or_else(String::new, |r| r.to_string()));
                ui.label(format!("{} of {}", wounds.current, wounds.max));
                ui.label(format!("{} of {}", toughness.current, toughness.max));
                let active = scene.activation.as_ref().is_some_and(|a| a.who == who);
                let down = wounds.current <= 0;
                let status = match (down, who) {
                    (true, Combatant::Hero(_)) => "down",
                    (true, Combatant::Enemy(_)) => "out of the fight",
                    _ if active => "activating",
                    _ if scene.activated.contains(&who) => "activated",
                    _ => "to activate",
                };
                ui.label(status);
                match who {
                    Combatant::Hero(id) if down => {
                        revive_menu_ui(ui, state, data, scene, (id, &name), &cast, out);
                    }
                    _ if status == "to activate" && scene.in_round => {
                        play_step(
                            ui,
                            data,
                            format!("Activate {name}"),
                            in_scene(scene, Ok(FightStep::Activate { who })),
                            out,
                        )
                        .clicked();
                    }
                    _ => {
                        ui.label("");
                    }
                }
                ui.end_row();
            }
        });
}

/// "An ally in contact can revive them with a Narrative action (Will or
/// Dexterity)": offered on the downed hero's row, one button per other hero
/// of the scene, each on their better of the two and greyed with the
/// scene's reason when they cannot (down, not activating, out of actions).
/// Where everyone stands is on the table, not in Waybook: the GM judges
/// who is in contact.
fn revive_menu_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
    scene: &Scene,
    (downed, name): (CharacterId, &str),
    cast: &[(CharacterId, String)],
    out: &mut Vec<Command>,
) {
    ui.menu_button(format!("Revive {name}…"), |ui| {
        ui.label(
            RichText::new(format!(
                "An ally in base contact with {name} (the GM judges who is):"
            ))
            .weak(),
        );
        ui.checkbox(&mut state.revive_wild_die, "Spend a wild die on the revive");
        for (ally, ally_name) in cast.iter().filter(|(id, _)| *id != downed) {
            let step = data
                .characters
                .get(ally)
                .and_then(scene::fight::revive_stat)
                .map(|stat| FightStep::Revive {
                    ally: *ally,
                    downed,
                    stat,
                    wild_die: state.revive_wild_die,
                })
                .ok_or_else(|| {
                    format!("{ally_name} has neither Will nor Dexterity to revive with")
                });
            if play_step(
                ui,
                data,
                format!("{ally_name} revives {name}"),
                in_scene(scene, step),
                out,
            )
            .clicked()
            {
                state.revive_wild_die = false;
                ui.close();
            }
        }
    });
}

fn activation_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
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
            play_step(
                ui,
                data,
                action.label(),
                in_scene(scene, Ok(FightStep::Act { action })),
                out,
            )
            .clicked();
        }
        play_step(
            ui,
            data,
            "Rest (D3 Toughness)",
            in_scene(scene, Ok(FightStep::Rest { who: a.who })),
            out,
        )
        .clicked();
        play_step(
            ui,
            data,
            "Buy a third action (2 Toughness)",
            in_scene(scene, Ok(FightStep::ThirdAction)),
            out,
        )
        .clicked();
        play_step(
            ui,
            data,
            format!("End {name}'s activation"),
            in_scene(scene, Ok(FightStep::EndActivation)),
            out,
        )
        .clicked();
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
            let toughness = state
                .contact_toughness
                .ui(ui, "Toughness on the free attacks", 30.0);
            let step = toughness.map(|toughness| FightStep::LeaveContact {
                enemies: state.touching.iter().copied().collect(),
                toughness: toughness as u32,
            });
            if play_step(ui, data, "Leave base contact", in_scene(scene, step), out).clicked() {
                state.touching.clear();
            }
        });
    }
}

fn attack_ui(
    ui: &mut Ui,
    state: &mut FightState,
    data: &CampaignData,
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
    let (attacks, toughness, ap, extra_enemies) = ui
        .horizontal_wrapped(|ui| {
            choices::record_combo(
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
            if state
                .defender
                .is_some_and(|d| !targets.iter().any(|(t, _)| *t == d))
            {
                state.defender = None;
            }
            choices::record_combo(
                ui,
                "defender",
                "Defender",
                &mut state.defender,
                Unpicked::Prompt("choose"),
                &targets,
            );
            let attacks = state.attacks.ui(ui, "Attack dice", 30.0);
            let ap = state.ap.ui(ui, "AP", 30.0);
            ui.checkbox(&mut state.shooting, "Shooting");
            ui.checkbox(&mut state.cover, "Defender in cover");
            ui.checkbox(&mut state.long_range, "Long range (over half)");
            let extra_enemies = state
                .extra_enemies
                .ui(ui, "Extra enemies in the fight", 30.0);
            let toughness = state.toughness.ui(ui, "Toughness to spend", 30.0);
            ui.checkbox(
                &mut state.attack_wild_die,
                "Wild die as an extra attack die",
            );
            (attacks, toughness, ap, extra_enemies)
        })
        .inner;
    let order = || -> Result<FightStep, String> {
        let attacker = state.attacker.ok_or("Choose the attacker")?;
        let defender = state.defender.ok_or("Choose the defender")?;
        Ok(FightStep::Attack(AttackOrder {
            attacker,
            defender,
            attacks: attacks? as u32,
            ap: ap? as u32,
            shooting: state.shooting,
            cover: state.cover,
            long_range: state.long_range,
            extra_enemies: extra_enemies? as u32,
            toughness: toughness? as u32,
            wild_die: state.attack_wild_die,
        }))
    };
    let step = order();
    if play_step(ui, data, "Roll the attack", in_scene(scene, step), out).clicked() {
        state.attack_wild_die = false;
    }
}

/// The caster's powers and drills (a Pilgrim's Cleric power among them), by name.
fn powers_of(data: &CampaignData, id: CharacterId) -> Vec<String> {
    data.characters
        .get(&id)
        .map(waybook_core::heroes::known_powers)
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
    choices::keep_or_first(&mut state.caster, &cast);
    let powers = state.caster.map(|c| powers_of(data, c)).unwrap_or_default();
    let numbered: Vec<(usize, &str)> = powers.iter().map(String::as_str).enumerate().collect();
    if state.power.is_none_or(|p| p >= powers.len()) {
        state.power = (!powers.is_empty()).then_some(0);
    }
    ui.horizontal_wrapped(|ui| {
        choices::record_combo(
            ui,
            "caster",
            "Caster",
            &mut state.caster,
            Unpicked::Prompt("nobody"),
            &as_refs(&cast),
        );
        choices::record_combo(
            ui,
            "power",
            "Power",
            &mut state.power,
            Unpicked::Prompt("no powers"),
            &numbered,
        );
        let level = state.level.ui(ui, "Power level", 30.0);
        ui.checkbox(&mut state.drill, "A drill (Dexterity)");
        let modifier = state.cast_modifier.ui(ui, "Power modifier", 30.0);
        ui.checkbox(&mut state.cast_wild_die, "Spend a wild die on the power");
        let step = match (state.caster, state.power.and_then(|p| powers.get(p))) {
            (None, _) => Err("Choose a caster".to_owned()),
            (Some(_), None) => Err("The caster knows no power".to_owned()),
            (Some(character), Some(power)) => level.and_then(|level| {
                Ok(FightStep::Cast {
                    character,
                    power: power.clone(),
                    // Within POWER_LEVEL and CHECK_MODIFIER: small numbers.
                    level: level as u32,
                    drill: state.drill,
                    modifier: modifier? as i32,
                    wild_die: state.cast_wild_die,
                })
            }),
        };
        if play_step(ui, data, "Cast the power", in_scene(scene, step), out).clicked() {
            state.cast_wild_die = false;
        }
    });
}

/// Wounds from elsewhere, Rest, rerolls and giving a wild die.
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
        choices::record_combo(
            ui,
            "harmed",
            "Who takes wounds",
            &mut state.harmed,
            Unpicked::Prompt("choose"),
            &list,
        );
        let wounds = state.harm.ui(ui, "Wounds", 30.0);
        let cancel = state.cancel.ui(ui, "Cancel with Toughness", 30.0);
        let step = (|| {
            Ok(FightStep::Harm {
                who: state.harmed.ok_or("Choose who takes the wounds")?,
                wounds: wounds? as u32,
                cancel: cancel? as u32,
            })
        })();
        play_step(ui, data, "Take the wounds", in_scene(scene, step), out).clicked();
    });
    let heroes = heroes(data, scene);
    choices::keep_or_first(&mut state.helper, &heroes);
    ui.horizontal_wrapped(|ui| {
        choices::record_combo(
            ui,
            "helper",
            "Hero",
            &mut state.helper,
            Unpicked::Prompt("nobody"),
            &as_refs(&heroes),
        );
        let others: Vec<(CharacterId, &str)> = heroes
            .iter()
            .filter(|(id, _)| Some(*id) != state.helper)
            .map(|(id, n)| (*id, n.as_str()))
            .collect();
        if state.receiver.is_none_or(|r| Some(r) == state.helper) {
            state.receiver = others.first().map(|(id, _)| *id);
        }
        choices::record_combo(
            ui,
            "receiver",
            "Other hero",
            &mut state.receiver,
            Unpicked::Prompt("nobody"),
            &others,
        );
    });
    let Some(hero) = state.helper else { return };
    let name = name_of(data, scene, Combatant::Hero(hero)).unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        play_step(
            ui,
            data,
            format!("{name} rests"),
            in_scene(
                scene,
                Ok(FightStep::Rest {
                    who: Combatant::Hero(hero),
                }),
            ),
            out,
        )
        .clicked();
        play_step(
            ui,
            data,
            format!("{name} spends 2 Toughness to reroll"),
            in_scene(scene, Ok(FightStep::Reroll { character: hero })),
            out,
        )
        .clicked();
        if let Some(other) = state.receiver {
            let other_name = name_of(data, scene, Combatant::Hero(other)).unwrap_or_default();
            play_step(
                ui,
                data,
                format!("{name} gives {other_name} a wild die"),
                in_scene(
                    scene,
                    Ok(FightStep::Give {
                        from: hero,
                        to: other,
                    }),
                ),
                out,
            )
            .clicked();
        }
    });
}
