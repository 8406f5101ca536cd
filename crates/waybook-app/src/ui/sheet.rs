//! The character sheet editor: general fields, then one section per rule
//! text switched on in the campaign, its fields from the sheet's field
//! tables (`model::sheet`). Every finished edit becomes one undoable change
//! of the character.

use super::input::{FieldLabel, Halves, NUMBER_WIDTH, RecordForm, Typing};
use super::lists::{Heights, Memo};
use crate::app::Command;
use egui::{RichText, Ui};
use std::ops::RangeInclusive;
use waybook_core::model::ToolKind;
use waybook_core::model::limits::{self, COMPANION_STAT, TRAIT_OR_SKILL};
use waybook_core::model::{
    CampaignData, Character, CharacterKind, NamedStat, PartyId, RuleText, Skill, Track, sheet,
};

/// A stat's or skill's name field.
const NAME_WIDTH: f32 = 135.0;
/// Room for "Defender" and a number field in the grid of role ranks.
const RANK_CELL_WIDTH: f32 = 125.0;

/// The key of a field of a character's sheet, for putting the cursor there.
pub(super) fn field_key(id: waybook_core::model::CharacterId, field: &str) -> String {
    format!("{}:{field}", keys(id))
}

/// What every key of a character's sheet starts with.
fn keys(id: waybook_core::model::CharacterId) -> String {
    format!("character{}", id.0)
}

/// The sheet's own kinds of field, from its field tables.
impl RecordForm<'_, Character> {
    /// A whole number of the sheet's tables.
    fn number(&mut self, ui: &mut Ui, f: &sheet::Number) {
        self.whole(ui, f.label, f.range.clone(), f.get, f.set);
    }

    /// Current and maximum of a track; the current value can't exceed the maximum.
    fn track(&mut self, ui: &mut Ui, f: &sheet::TrackField) {
        let track = (f.get)(self.record);
        ui.horizontal_wrapped(|ui| {
            self.whole(
                ui,
                f.label,
                limits::track_current(track.max),
                |_| track.current,
                |c, v| {
                    (f.set)(
                        c,
                        Track {
                            current: v,
                            ..track
                        },
                    )
                },
            );
            self.whole(
                ui,
                &format!("{} max", f.label),
                f.max_range.clone(),
                |_| track.max,
                |c, v| {
                    (f.set)(
                        c,
                        Track {
                            max: v,
                            current: track.current.min(v),
                        },
                    )
                },
            );
        });
    }

    fn text(&mut self, ui: &mut Ui, f: &sheet::Text) {
        let key = self.key(f.label);
        if let Some(v) = self
            .typing
            .text(ui, &key, f.label, (f.get)(self.record), 220.0)
        {
            self.commit(f.label, |c| (f.set)(c, v));
        }
    }

    /// A text field the width of the sheet that wraps, for a sentence or
    /// more (the Drive, the notes): nothing is cut off.
    fn paragraph(&mut self, ui: &mut Ui, f: &sheet::Text) {
        let key = self.key(f.label);
        if let Some(v) = self
            .typing
            .multiline(ui, &key, f.label, (f.get)(self.record))
        {
            self.commit(f.label, |c| (f.set)(c, v));
        }
    }

    fn halves(&mut self, ui: &mut Ui, f: &sheet::Halves) {
        let key = self.key(&f.label.to_lowercase());
        let current = (f.get)(self.record);
        let field = self
            .typing
            .field(ui, &key, f.label, &Halves(current), &f.range, NUMBER_WIDTH);
        if let Some(Halves(v)) = field {
            self.commit(&f.label.to_lowercase(), |c| (f.set)(c, v));
        }
    }

    /// A list of short entries, edited one per line.
    fn list(&mut self, ui: &mut Ui, label: &str, get: fn(&mut Character) -> &mut Vec<String>) {
        let key = self.key(label);
        let mut c = self.record.clone();
        let joined = get(&mut c).join("\n");
        if let Some(v) =
            self.typing
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

    fn flag(&mut self, ui: &mut Ui, f: &sheet::Flag) {
        let mut value = (f.get)(self.record);
        if ui.checkbox(&mut value, f.label).changed() {
            self.commit(f.label, |c| (f.set)(c, value));
        }
    }

    /// Named stats with a value each (and a trained flag for skills).
    /// Named values in a grid under their headings ("Stat", "Target"); each
    /// field is named for a screen reader ("Stat 1", "Will").
    fn named_stats(
        &mut self,
        ui: &mut Ui,
        (section, value_heading): (&str, &str),
        range: RangeInclusive<i64>,
        get: fn(&mut Character) -> &mut Vec<NamedStat>,
    ) {
        let mut c = self.record.clone();
        let stats = get(&mut c).clone();
        heading_grid(ui, self.key(section), &[section, value_heading], |ui| {
            for (i, stat) in stats.iter().enumerate() {
                let key = self.key(&format!("{section}{i}.name"));
                let name = format!("{section} {}", i + 1);
                if let Some(name) =
                    self.typing
                        .text(ui, &key, FieldLabel::Unseen(&name), &stat.name, NAME_WIDTH)
                {
                    self.commit(&format!("{section} name"), |c| get(c)[i].name = name);
                }
                let field = format!("{section}{i}.value");
                self.whole_keyed(
                    ui,
                    &field,
                    FieldLabel::Unseen(&stat.name),
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
                ui.end_row();
            }
        });
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
        let skills = self.record.exploration.skills.clone();
        heading_grid(
            ui,
            self.key("skills"),
            &["Skill", "Bonus", "Training"],
            |ui| {
                for (i, skill) in skills.iter().enumerate() {
                    let key = self.key(&format!("skill{i}.name"));
                    let name = format!("Skill {}", i + 1);
                    if let Some(name) = self.typing.text(
                        ui,
                        &key,
                        FieldLabel::Unseen(&name),
                        &skill.name,
                        NAME_WIDTH,
                    ) {
                        self.commit("skill name", |c| c.exploration.skills[i].name = name);
                    }
                    let field = format!("skill{i}.value");
                    self.whole_keyed(
                        ui,
                        &field,
                        FieldLabel::Unseen(&skill.name),
                        TRAIT_OR_SKILL,
                        |_| skill.value,
                        |c, v| c.exploration.skills[i].value = v,
                    );
                    // The one way to say so: "if you are Trained in the use of
                    // a Gatherer's Tool, you gain its Item Bonus".
                    match waybook_core::model::gathering::tool_of_skill(&skill.name) {
                        Some(tool) => self.tool_box(ui, tool),
                        None => {
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
            },
        );
        // A tool whose skill is not on the sheet (renamed, removed).
        let unpaired: Vec<ToolKind> = <ToolKind as strum::IntoEnumIterator>::iter()
            .filter(|t| {
                !skills
                    .iter()
                    .any(|s| waybook_core::model::gathering::tool_of_skill(&s.name) == Some(*t))
            })
            .collect();
        if !unpaired.is_empty() {
            ui.horizontal_wrapped(|ui| {
                for tool in unpaired {
                    self.tool_box(ui, tool);
                }
            });
        }
        if ui.button("Add skill").clicked() {
            self.commit("skills", |c| {
                c.exploration.skills.push(Skill {
                    name: "New skill".into(),
                    value: 0,
                })
            });
        }
    }

    /// "Trained with Botanist's Tool": the tool's Item Bonus counts in
    /// this character's tests.
    fn tool_box(&mut self, ui: &mut Ui, tool: ToolKind) {
        let mut trained = self.record.exploration.tools.contains(&tool);
        let label = format!("trained with {}", tool.label());
        if ui
            .checkbox(&mut trained, label)
            .on_hover_text("Its Item Bonus counts in this character's gathering tests")
            .changed()
        {
            self.commit("gatherer's tools", |c| {
                c.exploration.tools.retain(|t| *t != tool);
                if trained {
                    c.exploration.tools.push(tool);
                }
            });
        }
    }

    /// Immunity, resistance and reduction against one kind of damage.
    fn protection(
        &mut self,
        ui: &mut Ui,
        what: &str,
        [immune, resistant]: [&sheet::Flag; 2],
        reduction: &sheet::Number,
    ) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(what).strong());
            self.flag(ui, immune);
            self.flag(ui, resistant);
            self.number(ui, reduction);
        });
    }
}

/// The sheet's section `n`, headed `title`: drawn only near the view
/// (`lists::Heights`), as a sheet is longer than a window.
fn section(
    ui: &mut Ui,
    (sections, n): (&mut Heights, usize),
    title: &str,
    add: impl FnOnce(&mut Ui),
) {
    sections.row(ui, n, |ui| {
        ui.add_space(6.0);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.heading(title);
            ui.separator();
            add(ui);
        });
    });
}

/// What the sheet lists from the whole campaign (its parties by name, the
/// players playing), kept until the campaign changes: a campaign of 10,000
/// characters in 1,000 parties is not sorted or searched each frame.
#[derive(Debug, Default)]
pub struct SheetLists {
    parties: Memo<u64, [PartyId]>,
    playing: super::lists::Playing,
    /// How tall each section of the sheet shown was when last drawn.
    sections: Heights,
}

pub fn sheet_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    level_up: &mut super::heroes::LevelUpDrafts,
    lists: &mut SheetLists,
    data: &CampaignData,
    c: &Character,
    out: &mut Vec<Command>,
) {
    let parties = (lists.parties).get(data.revision, || {
        super::choices::parties_by_name(data).into()
    });
    let players = lists.playing.get(data);
    let mut form = RecordForm::new(c, keys(c.id), fields, out);
    let sections = &mut lists.sections;
    sections.list(c.id, 4);
    ui.heading(RichText::new(&c.name).size(22.0));
    ui.label(RichText::new(format!("{} · {}", c.kind.label(), party_name(data, c))).weak());
    section(ui, (sections, 0), "General", |ui| {
        egui::Grid::new("general")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                form.text(ui, &sheet::NAME);
                ui.end_row();
                if c.is_animal() {
                    animal_ui(ui, &mut form, data);
                } else {
                    player_ui(ui, &mut form, data);
                    ui.end_row();
                    kind_combo(ui, &mut form);
                    ui.end_row();
                }
                party_combo(ui, &mut form, data, &parties);
                ui.end_row();
            });
        kind_wounds_question_ui(ui, &mut form);
        form.paragraph(ui, &sheet::NOTES);
        let key = form.key("shown");
        let owners: Vec<_> = c.party.into_iter().collect();
        let readers = super::shown::Readers {
            data,
            players: &players,
            owners: &owners,
            within: true,
        };
        if let Some(shown) = super::shown::shown_ui(ui, &key, &c.notes_shown, readers) {
            form.commit("who sees the notes", |c| c.notes_shown = shown);
        }
    });
    let s = &data.settings;
    if c.is_animal() {
        // An animal is neither hero nor ally: it has no Companion or
        // travel-rounds sheet, only what the hour-by-hour rules read.
        if s.enabled(RuleText::Exploration) {
            section(ui, (sections, 3), RuleText::Exploration.label(), |ui| {
                ui.label(
                    RichText::new(
                        "Its Endurance, Stamina, food need and Wounds are its type's \
                         (a house rule, edited on the Campaign screen).",
                    )
                    .weak(),
                );
                exploration_ui(ui, &mut form);
            });
        }
        return;
    }
    if s.enabled(RuleText::Companion) {
        section(ui, (sections, 1), RuleText::Companion.label(), |ui| {
            companion_ui(ui, &mut form, level_up, data);
        });
    }
    if s.enabled(RuleText::Rounds) {
        section(ui, (sections, 2), RuleText::Rounds.label(), |ui| {
            rounds_ui(ui, &mut form)
        });
    }
    if s.enabled(RuleText::Exploration) {
        section(ui, (sections, 3), RuleText::Exploration.label(), |ui| {
            exploration_ui(ui, &mut form)
        });
    }
}

/// An animal's type and rider: rows of the sheet's grid. A type picked
/// puts its figures on the sheet; a rider is one of its party's people.
fn animal_ui(ui: &mut Ui, form: &mut RecordForm<'_, Character>, data: &CampaignData) {
    let c = form.record;
    let Some(animal) = &c.animal else { return };
    let types: Vec<(usize, &str)> = (data.settings.house_rules.animal_types.iter())
        .map(|t| t.name.as_str())
        .enumerate()
        .collect();
    let mut chosen = types.iter().position(|(_, n)| *n == animal.breed);
    super::choices::record_combo(
        ui,
        "animal-type",
        "Type",
        &mut chosen,
        super::choices::Unpicked::Prompt("no type"),
        &types,
    );
    if let Some((_, breed)) = chosen.and_then(|i| types.get(i))
        && *breed != animal.breed
    {
        match waybook_core::edits::animals::set_type(data, c, breed) {
            Ok(edit) => form.out.push(Command::Apply(edit)),
            Err(why) => form.out.push(Command::Refuse(why)),
        }
    }
    ui.end_row();
    let riders: Vec<_> = (waybook_core::edits::animals::riders(data, c).into_iter())
        .map(|r| (r.id, r.name.as_str()))
        .collect();
    let mut rider = animal.rider;
    super::choices::record_combo(
        ui,
        "animal-rider",
        "Ridden by",
        &mut rider,
        super::choices::Unpicked::Offered("nobody (led)"),
        &riders,
    );
    if rider != animal.rider {
        match waybook_core::edits::animals::set_rider(data, c, rider) {
            Ok(edit) => form.out.push(Command::Apply(edit)),
            Err(why) => form.out.push(Command::Refuse(why)),
        }
    }
    ui.end_row();
    // Its most Wounds are its type's; those it has left, the GM marks after
    // a scene (a table's {lame: …} takes one in a travel round).
    let (key, wounds) = (form.key("wounds"), c.companion.wounds);
    let label = format!("Wounds left (of {})", wounds.max);
    let range = limits::track_current(wounds.max);
    if let Some(v) = (form.typing).whole_in_cells(ui, &key, &label, wounds.current, &range) {
        form.commit("Wounds left", |c| c.companion.wounds.current = v);
    }
    ui.end_row();
}

fn party_name(data: &CampaignData, c: &Character) -> String {
    c.party
        .and_then(|p| data.parties.get(&p))
        .map_or_else(|| "no party".to_owned(), |p| p.name.clone())
}

/// The kind, and what it sets with it (the Wounds); Wounds the GM typed by
/// hand are kept, and the kind's offered beneath the grid, until the GM
/// chooses. A row of the sheet's grid: a label, then its widget.
fn kind_combo(ui: &mut Ui, form: &mut RecordForm<'_, Character>) {
    let c = form.record;
    // An animal is added as one (Add animal), never made from a person.
    let kinds: Vec<(CharacterKind, &str)> = (CharacterKind::ALL.iter())
        .filter(|k| **k != CharacterKind::Animal)
        .map(|k| (*k, k.label()))
        .collect();
    let mut kind = c.kind;
    if super::choices::list_combo(ui, "kind", "Kind", &mut kind, &kinds) {
        let change = waybook_core::edits::records::set_kind(c, kind);
        form.out.push(Command::Apply(change.edit));
        ui.data_mut(|d| match change.typed_wounds {
            Some(wounds) => {
                d.insert_temp(kind_question(c), wounds);
            }
            None => d.remove::<i64>(kind_question(c)),
        });
    }
}

/// Where the question of a character's typed Wounds is kept until the GM
/// answers it.
fn kind_question(c: &Character) -> egui::Id {
    egui::Id::unique(("kind-wounds", c.id.0))
}

/// The question a kind asks when the GM typed the Wounds by hand: set the
/// kind's, or keep theirs. Beneath the grid, not a row of it: the grid
/// sizes its rows by the frame before, and a row that came with the pick
/// was drawn under the next one.
fn kind_wounds_question_ui(ui: &mut Ui, form: &mut RecordForm<'_, Character>) {
    let c = form.record;
    let asked = kind_question(c);
    let Some(wounds) = ui.data(|d| d.get_temp::<i64>(asked)) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!(
                "Wounds {} were typed by hand; {} has {wounds} by the rules.",
                c.companion.wounds.max,
                c.kind.label()
            ))
            .weak(),
        );
        if ui.button(format!("Set Wounds to {wounds}")).clicked() {
            let edit = waybook_core::edits::records::set_kind_wounds(c, wounds);
            form.out.push(Command::Apply(edit));
            ui.data_mut(|d| d.remove::<i64>(asked));
        }
        if ui
            .button(format!("Keep {}", c.companion.wounds.max))
            .clicked()
        {
            ui.data_mut(|d| d.remove::<i64>(asked));
        }
    });
}

/// Who plays the character: one of the campaign's players, or none (the
/// GM's own); a new player named in the field on the row beneath. Rows of
/// the sheet's grid: a label, then its widget.
fn player_ui(ui: &mut Ui, form: &mut RecordForm<'_, Character>, data: &CampaignData) {
    let mut players: Vec<_> = (data.players.values())
        .map(|p| (p.id, p.name.as_str()))
        .collect();
    waybook_core::model::sort_by_name(&mut players, |(_, name)| name);
    let mut player = form.record.player;
    {
        super::choices::record_combo(
            ui,
            "player",
            "Player",
            &mut player,
            super::choices::Unpicked::Offered("none (the GM's own)"),
            &players,
        );
        if player != form.record.player {
            form.out
                .push(Command::Apply(waybook_core::edits::players::give(
                    data,
                    form.record,
                    player,
                )));
        }
        ui.end_row();
        let key = form.key("new-player");
        if let Some(name) = form.typing.text(ui, &key, "or a new player", "", 160.0)
            && form.typing.finished()
        {
            match waybook_core::edits::players::add_for(data, form.record, &name) {
                Ok(edit) => form.out.push(Command::Apply(edit)),
                Err(why) => form
                    .typing
                    .refuse(form.out, waybook_core::model::capitalised(&why.to_string())),
            }
        }
    }
}

fn party_combo(
    ui: &mut Ui,
    form: &mut RecordForm<'_, Character>,
    data: &CampaignData,
    order: &[PartyId],
) {
    let mut party = form.record.party;
    if super::choices::party_combo_in(
        ui,
        ("party", "Party"),
        data,
        order,
        &mut party,
        super::choices::Unpicked::Offered("no party"),
    ) {
        form.commit("party", |c| c.party = party);
    }
}

fn companion_ui(
    ui: &mut Ui,
    form: &mut RecordForm<'_, Character>,
    level_up: &mut super::heroes::LevelUpDrafts,
    data: &CampaignData,
) {
    ui.label(RichText::new("D10 stats are target numbers: lower is better.").weak());
    form.named_stats(ui, ("Stat", "Target"), COMPANION_STAT, |c| {
        &mut c.companion.stats
    });
    ui.horizontal_wrapped(|ui| {
        form.number(ui, &sheet::QUALITY);
        form.number(ui, &sheet::DEFENCE);
    });
    form.track(ui, &sheet::WOUNDS);
    form.track(ui, &sheet::TOUGHNESS);
    // "The Traveller never levels up", and allies are not heroes: no XP, no
    // level and no Pilgrim's Cleric power for them.
    let levels = waybook_core::heroes::level(form.record).is_some();
    ui.horizontal_wrapped(|ui| {
        form.number(ui, &sheet::WILD_DICE);
        if levels {
            form.number(ui, &sheet::XP);
            ui.label(RichText::new(level_text(form.record)).weak());
        }
    });
    super::heroes::advancement_ui(ui, level_up, data, form.record, form.out);
    if levels {
        form.flag(ui, &sheet::PILGRIM);
    }
    form.list(ui, "Powers and drills", |c| &mut c.companion.powers);
    form.list(ui, "Talents", |c| &mut c.companion.talents);
    form.list(ui, "Injuries", |c| &mut c.companion.injuries);
    form.paragraph(ui, &sheet::DRIVE);
}

/// "Level 2 · next level at 9 XP · 1 of 1 advances taken": a hero's level
/// from total XP.
fn level_text(c: &Character) -> String {
    use waybook_rules::companion::advance::{advances_allowed, level_line};
    let xp = u32::try_from(c.companion.xp).unwrap_or(0);
    format!(
        "{} · {} of {} advances taken",
        waybook_core::model::capitalised(&level_line(xp, false)),
        c.companion.advances.len(),
        advances_allowed(xp, false)
    )
}

fn rounds_ui(ui: &mut Ui, form: &mut RecordForm<'_, Character>) {
    ui.horizontal_wrapped(|ui| {
        for stat in [&sheet::BODY, &sheet::MIND, &sheet::SPIRIT] {
            form.number(ui, stat);
        }
    });
    form.track(ui, &sheet::HP);
    form.track(ui, &sheet::MP);
    ui.label(RichText::new("Role ranks").strong());
    // Three to a row: a row of six runs past a narrow sheet.
    egui::Grid::new(form.key("ranks"))
        .num_columns(3)
        .show(ui, |ui| {
            for row in sheet::RANKS.chunks(3) {
                for rank in row {
                    // A cell as wide as the widest label and its field, so that
                    // no field is squeezed by the grid's column of last frame.
                    ui.horizontal(|ui| {
                        ui.set_min_width(RANK_CELL_WIDTH);
                        form.number(ui, rank);
                    });
                }
                ui.end_row();
            }
        });
    form.list(ui, "Travel injuries", |c| &mut c.rounds.injuries);
    form.list(ui, "Statuses", |c| &mut c.rounds.statuses);
}

fn exploration_ui(ui: &mut Ui, form: &mut RecordForm<'_, Character>) {
    ui.label(RichText::new("Traits").strong());
    form.named_stats(ui, ("Trait", "Value"), TRAIT_OR_SKILL, |c| {
        &mut c.exploration.traits
    });
    ui.label(RichText::new("Skills").strong());
    form.skills(ui);
    // One to a line: side by side they run past a narrow sheet.
    form.number(ui, &sheet::EXHAUSTION);
    form.halves(ui, &sheet::DAYS_WITHOUT_FOOD);
    form.number(ui, &sheet::FOOD_PERCENT);
    form.protection(
        ui,
        "Cold",
        [&sheet::COLD_IMMUNE, &sheet::COLD_RESISTANT],
        &sheet::COLD_REDUCTION,
    );
    form.protection(
        ui,
        "Heat",
        [&sheet::HEAT_IMMUNE, &sheet::HEAT_RESISTANT],
        &sheet::HEAT_REDUCTION,
    );
    ui.horizontal_wrapped(|ui| {
        form.number(ui, &sheet::SWIM_SPEED);
        form.number(ui, &sheet::CLIMB_SPEED);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Adaptations:");
        form.flag(ui, &sheet::ALTITUDE_ADAPTED);
        form.flag(ui, &sheet::DEPTH_ADAPTED);
    });
    senses_ui(ui, form);
}

/// Senses with their ranges, one row per source; the Hazards screen's
/// light and sight read them.
fn senses_ui(ui: &mut Ui, form: &mut RecordForm<'_, Character>) {
    use waybook_core::model::hazard::{Sense, SenseKind};
    ui.label(RichText::new("Senses").strong());
    ui.label(
        RichText::new(waybook_core::model::hazard::senses_line(
            &form.record.exploration.senses,
        ))
        .weak(),
    );
    for (i, sense) in form.record.exploration.senses.clone().iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let label = format!("Sense {}", i + 1);
            if let Some(kind) =
                super::choices::choice_combo(ui, &form.key(&label), &label, sense.kind)
            {
                form.commit("senses", |c| c.exploration.senses[i].kind = kind);
            }
            form.whole_keyed(
                ui,
                &format!("sense{i}-range"),
                &format!("Range of sense {} (m)", i + 1),
                waybook_core::model::limits::SENSE_RANGE_M,
                |c| c.exploration.senses.get(i).map_or(0, |s| s.range_m),
                |c, v| c.exploration.senses[i].range_m = v,
            );
            if ui.button(format!("Remove sense {}", i + 1)).clicked() {
                form.commit("senses", |c| {
                    c.exploration.senses.remove(i);
                });
            }
        });
    }
    if ui.button("Add a sense").clicked() {
        form.commit("senses", |c| {
            c.exploration.senses.push(Sense {
                kind: SenseKind::Nightvision,
                range_m: 18,
            })
        });
    }
}

/// A grid whose first row names its columns, weak, and whose rows `body`
/// draws (ending each with `ui.end_row()`). The first column is as wide as
/// a name field, which a grid would otherwise shrink to its heading.
fn heading_grid(ui: &mut Ui, id: String, headings: &[&str], body: impl FnOnce(&mut Ui)) {
    egui::Grid::new(id)
        .num_columns(headings.len() + 1)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for (i, heading) in headings.iter().enumerate() {
                ui.horizontal(|ui| {
                    if i == 0 {
                        ui.set_min_width(NAME_WIDTH);
                    }
                    ui.label(RichText::new(*heading).weak());
                });
            }
            ui.end_row();
            body(ui);
        });
}
