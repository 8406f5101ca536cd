//! The character sheet editor: general fields, then one section per rule
//! text switched on in the campaign. Every finished edit becomes one undoable
//! change of the character.

use super::fields::FieldBuffers;
use crate::app::Command;
use crate::model::limits::{self, *};
use crate::model::{
    CampaignData, Character, CharacterKind, Choice, NamedStat, Protection, RuleText, Skill, Track,
};
use egui::{RichText, Ui};
use std::ops::RangeInclusive;

/// A number on the sheet, reached from the character.
type Field = fn(&mut Character) -> &mut i64;

/// Edits of one character, turned into commands.
struct Form<'a> {
    c: &'a Character,
    fields: &'a mut FieldBuffers,
    out: &'a mut Vec<Command>,
}

/// The key of a field of a character's sheet, for putting the cursor there.
pub(super) fn field_key(id: crate::model::CharacterId, field: &str) -> String {
    format!("character{}:{field}", id.0)
}

impl Form<'_> {
    fn key(&self, field: &str) -> String {
        field_key(self.c.id, field)
    }

    fn commit(&mut self, what: &str, change: impl FnOnce(&mut Character)) {
        self.fields.commit(self.out, self.c, what, change);
    }

    fn whole(
        &mut self,
        ui: &mut Ui,
        label: &str,
        range: RangeInclusive<i64>,
        get: impl Fn(&Character) -> i64,
        set: impl FnOnce(&mut Character, i64),
    ) {
        self.whole_keyed(ui, label, label, range, get, set);
    }

    fn whole_keyed(
        &mut self,
        ui: &mut Ui,
        field: &str,
        label: &str,
        range: RangeInclusive<i64>,
        get: impl Fn(&Character) -> i64,
        set: impl FnOnce(&mut Character, i64),
    ) {
        let key = self.key(field);
        if let Some(v) = self.fields.whole(ui, &key, label, get(self.c), &range) {
            self.commit(label, |c| set(c, v));
        }
    }

    /// Current and maximum of a track; the current value can't exceed the maximum.
    fn track(
        &mut self,
        ui: &mut Ui,
        label: &str,
        max_range: RangeInclusive<i64>,
        get: fn(&mut Character) -> &mut Track,
    ) {
        let mut c = self.c.clone();
        let track = *get(&mut c);
        ui.horizontal(|ui| {
            self.whole(
                ui,
                label,
                0..=track.max,
                |_| track.current,
                |c, v| get(c).current = v,
            );
            self.whole(
                ui,
                &format!("{label} max"),
                max_range,
                |_| track.max,
                |c, v| {
                    let t = get(c);
                    t.max = v;
                    t.current = t.current.min(v);
                },
            );
        });
    }

    fn text(
        &mut self,
        ui: &mut Ui,
        label: &str,
        get: impl Fn(&Character) -> &str,
        set: impl FnOnce(&mut Character, String),
    ) {
        let key = self.key(label);
        if let Some(v) = self.fields.text(ui, &key, label, get(self.c), 220.0) {
            self.commit(label, |c| set(c, v));
        }
    }

    /// A list of short entries, edited one per line.
    fn list(&mut self, ui: &mut Ui, label: &str, get: fn(&mut Character) -> &mut Vec<String>) {
        let key = self.key(label);
        let mut c = self.c.clone();
        let joined = get(&mut c).join("\n");
        if let Some(v) =
            self.fields
                .multiline(ui, &key, &format!("{label} (one per line)"), &joined)
        {
            let entries: Vec<String> = v
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect();
            self.commit(label, |c| *get(c) = entries);
        }
    }

    fn check(&mut self, ui: &mut Ui, label: &str, get: fn(&mut Character) -> &mut bool) {
        let mut c = self.c.clone();
        let mut value = *get(&mut c);
        if ui.checkbox(&mut value, label).changed() {
            self.commit(label, |c| *get(c) = value);
        }
    }

    /// Named stats with a value each (and a trained flag for skills).
    fn named_stats(
        &mut self,
        ui: &mut Ui,
        section: &str,
        range: RangeInclusive<i64>,
        get: fn(&mut Character) -> &mut Vec<NamedStat>,
    ) {
        let mut c = self.c.clone();
        let stats = get(&mut c).clone();
        for (i, stat) in stats.iter().enumerate() {
            ui.horizontal(|ui| {
                let key = self.key(&format!("{section}{i}.name"));
                if let Some(name) =
                    self.fields
                        .text(ui, &key, &format!("{section} {}", i + 1), &stat.name, 110.0)
                {
                    self.commit(&format!("{section} name"), |c| get(c)[i].name = name);
                }
                let field = format!("{section}{i}.value");
                self.whole_keyed(
                    ui,
                    &field,
                    &stat.name,
                    range.clone(),
                    |_| stat.value,
                    |c, v| get(c)[i].value = v,
                );
                if ui
                    .small_button("✕")
                    .on_hover_text(format!("Remove {}", stat.name))
                    .clicked()
                {
                    self.commit(&format!("{section}s"), |c| {
                        get(c).remove(i);
                    });
                }
            });
        }
        if ui
            .button(format!("Add {}", section.to_lowercase()))
            .clicked()
        {
            self.commit(&format!("{section}s"), |c| {
                get(c).push(NamedStat::new("New", *range.start().max(&0)))
            });
        }
    }

    fn skills(&mut self, ui: &mut Ui) {
        let skills = self.c.exploration.skills.clone();
        for (i, skill) in skills.iter().enumerate() {
            ui.horizontal(|ui| {
                let key = self.key(&format!("skill{i}.name"));
                if let Some(name) =
                    self.fields
                        .text(ui, &key, &format!("Skill {}", i + 1), &skill.name, 110.0)
                {
                    self.commit("skill name", |c| c.exploration.skills[i].name = name);
                }
                let field = format!("skill{i}.value");
                self.whole_keyed(
                    ui,
                    &field,
                    &skill.name,
                    TRAIT_OR_SKILL,
                    |_| skill.value,
                    |c, v| c.exploration.skills[i].value = v,
                );
                let mut trained = skill.trained;
                if ui
                    .checkbox(&mut trained, format!("{} trained", skill.name))
                    .changed()
                {
                    self.commit("training", |c| c.exploration.skills[i].trained = trained);
                }
            });
        }
        if ui.button("Add skill").clicked() {
            self.commit("skills", |c| {
                c.exploration.skills.push(Skill {
                    name: "New skill".into(),
                    value: 0,
                    trained: false,
                })
            });
        }
    }

    fn protection(&mut self, ui: &mut Ui, what: &str, get: fn(&mut Character) -> &mut Protection) {
        let mut c = self.c.clone();
        let p = *get(&mut c);
        ui.horizontal(|ui| {
            ui.label(RichText::new(what).strong());
            let mut immune = p.immune;
            if ui
                .checkbox(&mut immune, format!("{what} immunity"))
                .changed()
            {
                self.commit(&format!("{what} immunity"), |c| get(c).immune = immune);
            }
            let mut resistant = p.resistant;
            if ui
                .checkbox(&mut resistant, format!("{what} resistance"))
                .changed()
            {
                self.commit(&format!("{what} resistance"), |c| {
                    get(c).resistant = resistant
                });
            }
            self.whole(
                ui,
                &format!("{what} reduction"),
                REDUCTION,
                |_| p.reduction,
                |c, v| get(c).reduction = v,
            );
        });
    }
}

fn section(ui: &mut Ui, title: &str, add: impl FnOnce(&mut Ui)) {
    ui.add_space(6.0);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.heading(title);
        ui.separator();
        add(ui);
    });
}

pub fn sheet_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    data: &CampaignData,
    c: &Character,
    out: &mut Vec<Command>,
) {
    let mut form = Form { c, fields, out };
    ui.heading(RichText::new(&c.name).size(22.0));
    ui.label(RichText::new(format!("{} · {}", c.kind.label(), party_name(data, c))).weak());
    section(ui, "General", |ui| {
        egui::Grid::new("general")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                form.text(ui, "Name", |c| &c.name, |c, v| c.name = v);
                ui.end_row();
                form.text(ui, "Player", |c| &c.player, |c, v| c.player = v);
                ui.end_row();
                kind_combo(ui, &mut form);
                ui.end_row();
                party_combo(ui, &mut form, data);
                ui.end_row();
            });
        let key = form.key("notes");
        if let Some(notes) = form.fields.multiline(ui, &key, "Notes", &c.notes) {
            form.commit("notes", |c| c.notes = notes);
        }
    });
    let s = &data.settings;
    if s.enabled(RuleText::Companion) {
        section(ui, RuleText::Companion.label(), |ui| {
            companion_ui(ui, &mut form)
        });
    }
    if s.enabled(RuleText::Rounds) {
        section(ui, RuleText::Rounds.label(), |ui| rounds_ui(ui, &mut form));
    }
    if s.enabled(RuleText::Exploration) {
        section(ui, RuleText::Exploration.label(), |ui| {
            exploration_ui(ui, &mut form)
        });
    }
}

fn party_name(data: &CampaignData, c: &Character) -> String {
    c.party
        .and_then(|p| data.parties.get(&p))
        .map_or_else(|| "no party".to_owned(), |p| p.name.clone())
}

fn kind_combo(ui: &mut Ui, form: &mut Form<'_>) {
    let label_id = ui.label("Kind").id;
    let mut kind = form.c.kind;
    egui::ComboBox::from_id_salt("kind")
        .selected_text(kind.label())
        .show_ui(ui, |ui| {
            for k in <CharacterKind as strum::IntoEnumIterator>::iter() {
                ui.selectable_value(&mut kind, k, k.label());
            }
        })
        .response
        .labelled_by(label_id);
    if kind != form.c.kind {
        form.commit("kind", |c| c.kind = kind);
    }
}

fn party_combo(ui: &mut Ui, form: &mut Form<'_>, data: &CampaignData) {
    let label_id = ui.label("Party").id;
    let mut party = form.c.party;
    egui::ComboBox::from_id_salt("party")
        .selected_text(party_name(data, form.c))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut party, None, "no party");
            for p in data.parties.values() {
                ui.selectable_value(&mut party, Some(p.id), &p.name);
            }
        })
        .response
        .labelled_by(label_id);
    if party != form.c.party {
        form.commit("party", |c| c.party = party);
    }
}

fn companion_ui(ui: &mut Ui, form: &mut Form<'_>) {
    ui.label(RichText::new("D10 stats are target numbers: lower is better.").weak());
    form.named_stats(ui, "Stat", COMPANION_STAT, |c| &mut c.companion.stats);
    ui.horizontal(|ui| {
        form.whole(
            ui,
            "Quality",
            QUALITY_DEFENCE,
            |c| c.companion.quality,
            |c, v| c.companion.quality = v,
        );
        form.whole(
            ui,
            "Defence",
            QUALITY_DEFENCE,
            |c| c.companion.defence,
            |c, v| c.companion.defence = v,
        );
    });
    form.track(ui, "Wounds", WOUNDS_MAX, |c| &mut c.companion.wounds);
    form.track(ui, "Toughness", TOUGHNESS_MAX, |c| {
        &mut c.companion.toughness
    });
    ui.horizontal(|ui| {
        form.whole(
            ui,
            "Wild dice",
            WILD_DICE,
            |c| c.companion.wild_dice,
            |c, v| c.companion.wild_dice = v,
        );
        form.whole(
            ui,
            "XP",
            limits::XP,
            |c| c.companion.xp,
            |c, v| c.companion.xp = v,
        );
        ui.label(RichText::new(level_text(form.c)).weak());
    });
    form.list(ui, "Advances taken", |c| &mut c.companion.advances);
    let allowed = crate::rules::companion::advance::advances_allowed(
        u32::try_from(form.c.companion.xp).unwrap_or(0),
        form.c.kind == CharacterKind::Traveller,
    );
    if form.c.companion.advances.len() > allowed as usize {
        ui.label(
            RichText::new(format!("More advances than the level allows ({allowed})."))
                .color(super::fields::ERROR_COLOUR),
        );
    }
    form.list(ui, "Powers and drills", |c| &mut c.companion.powers);
    form.list(ui, "Talents", |c| &mut c.companion.talents);
    form.list(ui, "Injuries", |c| &mut c.companion.injuries);
    form.text(
        ui,
        "Drive",
        |c| &c.companion.drive,
        |c, v| c.companion.drive = v,
    );
}

/// "Level 2 · next level at 9 XP": the Companion's levels from total XP.
/// "Level 2 · next level at 9 XP · 1 of 1 advances taken".
fn level_text(c: &Character) -> String {
    use crate::rules::companion::advance::{advances_allowed, level_line};
    let xp = u32::try_from(c.companion.xp).unwrap_or(0);
    let traveller = c.kind == CharacterKind::Traveller;
    let mut line = level_line(xp, traveller);
    line[..1].make_ascii_uppercase();
    if !traveller {
        let allowed = advances_allowed(xp, false);
        line.push_str(&format!(
            " · {} of {allowed} advances taken",
            c.companion.advances.len()
        ));
    }
    line
}

fn rounds_ui(ui: &mut Ui, form: &mut Form<'_>) {
    ui.horizontal(|ui| {
        form.whole(
            ui,
            "Body",
            ROUNDS_STAT,
            |c| c.rounds.body,
            |c, v| c.rounds.body = v,
        );
        form.whole(
            ui,
            "Mind",
            ROUNDS_STAT,
            |c| c.rounds.mind,
            |c, v| c.rounds.mind = v,
        );
        form.whole(
            ui,
            "Spirit",
            ROUNDS_STAT,
            |c| c.rounds.spirit,
            |c, v| c.rounds.spirit = v,
        );
    });
    form.track(ui, "HP", HP_MP_MAX, |c| &mut c.rounds.hp);
    form.track(ui, "MP", HP_MP_MAX, |c| &mut c.rounds.mp);
    ui.label(RichText::new("Role ranks").strong());
    ui.horizontal_wrapped(|ui| {
        let ranks: [(&str, Field); 6] = [
            ("Striker", |c| &mut c.rounds.ranks.striker),
            ("Caster", |c| &mut c.rounds.ranks.caster),
            ("Healer", |c| &mut c.rounds.ranks.healer),
            ("Defender", |c| &mut c.rounds.ranks.defender),
            ("Support", |c| &mut c.rounds.ranks.support),
            ("Saboteur", |c| &mut c.rounds.ranks.saboteur),
        ];
        for (label, rank) in ranks {
            form.whole(
                ui,
                label,
                ROLE_RANK,
                |c| *rank(&mut c.clone()),
                |c, v| *rank(c) = v,
            );
        }
    });
    form.list(ui, "Travel injuries", |c| &mut c.rounds.injuries);
    form.list(ui, "Statuses", |c| &mut c.rounds.statuses);
}

fn exploration_ui(ui: &mut Ui, form: &mut Form<'_>) {
    ui.label(RichText::new("Traits").strong());
    form.named_stats(ui, "Trait", TRAIT_OR_SKILL, |c| &mut c.exploration.traits);
    ui.label(RichText::new("Skills").strong());
    form.skills(ui);
    ui.horizontal(|ui| {
        form.whole(
            ui,
            "Degrees of exhaustion",
            EXHAUSTION,
            |c| c.exploration.exhaustion,
            |c, v| c.exploration.exhaustion = v,
        );
        let key = form.key("days without food");
        let current = form.c.exploration.days_without_food;
        if let Some(v) = form
            .fields
            .decimal(ui, &key, "Days without food", current, |t| {
                limits::parse_halves(t, &DAYS_WITHOUT_FOOD)
            })
        {
            form.commit("days without food", |c| c.exploration.days_without_food = v);
        }
    });
    form.protection(ui, "Cold", |c| &mut c.exploration.cold);
    form.protection(ui, "Heat", |c| &mut c.exploration.heat);
    ui.horizontal(|ui| {
        form.whole(
            ui,
            "Swim speed (m)",
            SPEED,
            |c| c.exploration.swim_speed,
            |c, v| c.exploration.swim_speed = v,
        );
        form.whole(
            ui,
            "Climb speed (m)",
            SPEED,
            |c| c.exploration.climb_speed,
            |c, v| c.exploration.climb_speed = v,
        );
    });
    ui.horizontal(|ui| {
        ui.label("Adaptations:");
        form.check(ui, "Altitude adapted", |c| {
            &mut c.exploration.altitude_adapted
        });
        form.check(ui, "Depth adapted", |c| &mut c.exploration.depth_adapted);
    });
}
