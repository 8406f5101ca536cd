//! The Heroes screen, where the GM closes a mission and gives its XP, and
//! advancement on a hero's sheet: the level, the XP ledger, the advances
//! by level with "Take back", and the level-up offers (each one the text
//! does not allow now greyed with the reason); the Traveller's memories.

use super::choices::{self, Unpicked};
use super::input::{ERROR_COLOUR, Entry};
use super::lists::{self, Memo};
use crate::app::Command;
use egui::{RichText, Ui};
use std::collections::{BTreeMap, BTreeSet};
use waybook_core::heroes::{self, HeroStep, XP_AWARDS_TABLE};
use waybook_core::model::{
    AdvanceKind, CampaignData, Character, CharacterId, CharacterKind, Memory, Mission, MissionId,
    PartyId, limits,
};

/// The names typed for a level-up's power, talent and Cleric power, and a
/// memory being written.
#[derive(Debug, Default)]
pub struct LevelUpDrafts {
    /// Whose sheet these were typed on: another sheet starts them afresh.
    pub of: Option<CharacterId>,
    pub power: Entry<String>,
    pub talent: Entry<String>,
    pub cleric: Entry<String>,
    pub memory: Entry<String>,
    pub memory_mission: Option<MissionId>,
}

/// The advancement part of a character's Companion section.
pub fn advancement_ui(
    ui: &mut Ui,
    drafts: &mut LevelUpDrafts,
    data: &CampaignData,
    c: &Character,
    out: &mut Vec<Command>,
) {
    if drafts.of != Some(c.id) {
        *drafts = LevelUpDrafts {
            of: Some(c.id),
            ..LevelUpDrafts::default()
        };
    }
    ledger_ui(ui, data, c);
    if c.kind == CharacterKind::Traveller {
        memories_ui(ui, drafts, data, c, out);
        return;
    }
    if heroes::level(c).is_none() {
        if let Some(why) = heroes::takes_no_xp(c) {
            ui.label(RichText::new(waybook_core::model::capitalised(&why)).weak());
        }
        return;
    };
    taken_ui(ui, data, c, out);
    if let Some(why) = heroes::over_advanced(c) {
        ui.label(RichText::new(format!("{why}.")).color(ERROR_COLOUR));
    }
    let Some(owed) = heroes::owed_line(c) else {
        return;
    };
    ui.label(
        RichText::new(format!("Level up: {owed}"))
            .strong()
            .color(egui::Color32::from_rgb(200, 140, 20)),
    );
    offers_ui(ui, drafts, c, out);
}

/// The XP each mission gave, and the sum.
fn ledger_ui(ui: &mut Ui, data: &CampaignData, c: &Character) {
    let ledger = heroes::ledger(data, c.id);
    if ledger.is_empty() {
        return;
    }
    ui.label(RichText::new("XP ledger").strong());
    for (m, a) in &ledger {
        let reasons = if a.reasons.is_empty() {
            String::new()
        } else {
            format!(" ({})", a.reasons.join(", "))
        };
        ui.label(format!(
            "{} · {} · {} XP{reasons}",
            data.settings.when(m.at),
            m.name,
            a.xp
        ));
    }
    ui.label(
        RichText::new(format!(
            "{} XP from missions in all",
            heroes::ledger_total(&ledger)
        ))
        .weak(),
    );
}

/// The advances taken, level by level, each one can be taken back.
fn taken_ui(ui: &mut Ui, data: &CampaignData, c: &Character, out: &mut Vec<Command>) {
    ui.label(RichText::new("Advances by level").strong());
    if c.companion.advances.is_empty() {
        ui.label(RichText::new("None taken yet.").weak());
    }
    for (index, a) in c.companion.advances_by_level() {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Level {}: {}", a.level, a.describe()));
            super::forms::play_step(
                ui,
                data,
                format!("Take back the level {} advance", a.level),
                Ok(HeroStep::TakeBack {
                    character: c.id,
                    index,
                }),
                out,
            )
            .on_hover_text("Removes the advance and restores what it changed");
        });
    }
}

/// The names to learn and one button per advance offered, greyed with why not.
fn offers_ui(ui: &mut Ui, drafts: &mut LevelUpDrafts, c: &Character, out: &mut Vec<Command>) {
    name_field(ui, "Power or drill to learn", &mut drafts.power);
    name_field(ui, "Talent to learn", &mut drafts.talent);
    if c.companion.pilgrim {
        name_field(ui, "Cleric power to learn", &mut drafts.cleric);
    }
    let (power, talent, cleric) = (
        drafts.power.text(),
        drafts.talent.text(),
        drafts.cleric.text(),
    );
    for offer in heroes::offers(c, power, talent, cleric) {
        let named = |noun: &str| match offer.what.as_str() {
            "" => format!("Take a {noun}"),
            name => format!("Take the {noun}: {name}"),
        };
        let text = match offer.kind {
            AdvanceKind::Stat => format!("Take {} improved by 1", offer.what),
            AdvanceKind::Power => named("power or drill"),
            AdvanceKind::Talent => named("talent"),
            AdvanceKind::Cleric => named("Cleric power"),
            _ => format!("Take {}", offer.kind.label()),
        };
        let button = super::forms::step_button(ui, &text, offer.refused.clone());
        if button.clicked() {
            out.push(Command::play(HeroStep::Advance {
                character: c.id,
                kind: offer.kind,
                what: offer.what.clone(),
            }));
            // A name taken is not offered again on the next advance.
            match offer.kind {
                AdvanceKind::Power => drafts.power.clear(),
                AdvanceKind::Talent => drafts.talent.clear(),
                AdvanceKind::Cleric => drafts.cleric.clear(),
                _ => {}
            }
        }
    }
}

fn name_field(ui: &mut Ui, label: &str, text: &mut Entry<String>) {
    ui.horizontal(|ui| {
        text.field(ui, label, 180.0);
    });
}

fn memories_ui(
    ui: &mut Ui,
    drafts: &mut LevelUpDrafts,
    data: &CampaignData,
    c: &Character,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("The Traveller never levels up. Instead, he remembers.").weak());
    ui.label(RichText::new("Memories").strong());
    if c.companion.memories.is_empty() {
        ui.label(RichText::new("Nothing remembered yet.").weak());
    }
    for m in &c.companion.memories {
        let mission = m
            .mission
            .and_then(|id| data.missions.get(&id))
            .map_or(String::new(), |m| format!(" (came with {})", m.name));
        ui.label(format!("• {}{mission}", m.text));
    }
    // Wrapped: the button stays on screen beside a wide roster.
    ui.horizontal_wrapped(|ui| {
        drafts.memory.field(ui, "He remembers", 260.0);
        let missions: Vec<_> = data
            .missions
            .values()
            .rev()
            .map(|m| (m.id, m.name.as_str()))
            .collect();
        choices::record_combo(
            ui,
            "memory-mission",
            "with the mission",
            &mut drafts.memory_mission,
            Unpicked::Offered("none"),
            &missions,
        );
        let step = HeroStep::Remember {
            character: c.id,
            memory: Memory {
                text: drafts.memory.text().trim().to_owned(),
                mission: drafts.memory_mission,
            },
        };
        if super::forms::play_step(ui, data, "Add the memory", Ok(step), out).clicked() {
            drafts.memory.clear();
        }
    });
}

/// The Heroes screen's state: the mission being closed.
#[derive(Debug)]
pub struct HeroesState {
    pub name: Entry<String>,
    pub party: Option<PartyId>,
    /// Who took part, with the XP typed for each and whether they were down.
    pub took_part: BTreeMap<CharacterId, (Entry<i64>, bool)>,
    pub same_xp: Entry<i64>,
    pub per_hero: bool,
    pub reasons: BTreeSet<String>,
    pub other_reason: Entry<String>,
    /// Whether the form has picked its first party yet.
    started: bool,
    /// Who may have taken part (the party's heroes, allies and Traveller,
    /// or everyone's), by name: sorted again only when something changes.
    candidates: Memo<(u64, Option<PartyId>), lists::Names>,
    /// "Name: owed" for each hero who owes an advance.
    owing: Memo<u64, [String]>,
}

impl Default for HeroesState {
    fn default() -> Self {
        Self {
            name: Entry::default(),
            party: None,
            took_part: BTreeMap::new(),
            same_xp: Entry::empty(limits::XP),
            per_hero: false,
            reasons: BTreeSet::new(),
            other_reason: Entry::default(),
            started: false,
            candidates: Memo::default(),
            owing: Memo::default(),
        }
    }
}

impl HeroesState {
    /// The party's heroes ticked, as a new mission starts.
    fn pick_party(&mut self, data: &CampaignData, party: Option<PartyId>) {
        self.party = party;
        self.took_part = data
            .characters
            .values()
            .filter(|c| c.party.is_some() && c.party == party && heroes::earns_xp(c))
            .map(|c| (c.id, (Entry::empty(limits::XP), false)))
            .collect();
    }

    /// The mission as typed, or what is wrong with it.
    fn mission(&self, data: &CampaignData) -> Result<Mission, String> {
        if self.name.text().trim().is_empty() {
            return Err("Name the mission first.".to_owned());
        }
        if self.took_part.is_empty() {
            return Err("Tick at least one hero who took part.".to_owned());
        }
        let mut reasons: Vec<String> = self.reasons.iter().cloned().collect();
        if !self.other_reason.text().trim().is_empty() {
            reasons.push(self.other_reason.text().trim().to_owned());
        }
        let name = |id: &CharacterId| data.characters.get(id).map_or("?", |c| c.name.as_str());
        // In the order the list shows them: the first hero's error first.
        let mut took_part: Vec<_> = self.took_part.iter().collect();
        waybook_core::model::sort_by_name(&mut took_part, |(id, _)| name(id));
        let mut awards = Vec::new();
        for (id, (typed, down)) in took_part {
            let xp = if self.per_hero {
                let name = name(id);
                typed.value().map_err(|e| format!("XP for {name}: {e}"))?
            } else {
                self.same_xp.value().map_err(|e| format!("XP each: {e}"))?
            };
            awards.push(heroes::award_for(*id, xp, &reasons, *down));
        }
        Ok(Mission::new(
            data.next_id::<Mission>(),
            self.name.text(),
            self.party,
            // The mission ends at its party's present (issue 53).
            waybook_core::world::present::now_of(data, self.party),
            awards,
        ))
    }
}

/// The Heroes screen: close a mission, the missions so far, who owes advances.
pub fn heroes_ui(
    ui: &mut Ui,
    state: &mut HeroesState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    if !state.started {
        state.started = true;
        state.pick_party(data, data.parties.keys().next().copied());
    }
    egui::ScrollArea::vertical()
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.heading("Close a mission");
            ui.label(
                RichText::new(
                    "At the end of each mission, every hero who took part earns experience (XP).",
                )
                .weak(),
            );
            mission_form_ui(ui, state, data, out);
            ui.separator();
            ui.heading("Advances owed");
            let owing = state.owing.get(data.revision, || {
                data.characters
                    .values()
                    .filter_map(|c| heroes::owed_line(c).map(|o| format!("{}: {o}", c.name)))
                    .collect()
            });
            if owing.is_empty() {
                ui.label(RichText::new("No hero owes an advance.").weak());
            }
            lists::rows_in_view(ui, "advances-owed", owing.len(), 200.0, |ui, i| {
                ui.label(&owing[i]);
            });
            ui.label(
                RichText::new("Level a hero up on their sheet (Roster), in the Companion section.")
                    .weak(),
            );
            ui.separator();
            ui.heading("Missions");
            if data.missions.is_empty() {
                ui.label(RichText::new("No mission closed yet.").weak());
            }
            for m in data.missions.values().rev() {
                mission_ui(ui, data, m, out);
            }
        });
}

fn mission_form_ui(
    ui: &mut Ui,
    state: &mut HeroesState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        state.name.field(ui, "Mission", 260.0);
        let mut party = state.party;
        let party_changed = choices::party_combo(
            ui,
            "mission-party",
            "Party",
            data,
            &mut party,
            Unpicked::Prompt("choose a party"),
        );
        if party_changed {
            state.pick_party(data, party);
        }
    });
    ui.horizontal(|ui| {
        ui.radio_value(&mut state.per_hero, false, "The same XP to all:");
        ui.add_enabled_ui(!state.per_hero, |ui| state.same_xp.ui(ui, "XP each", 40.0));
        ui.radio_value(&mut state.per_hero, true, "XP per hero");
    });
    ui.label(RichText::new("Who took part").strong());
    let party = state.party;
    // "every hero who took part earns experience": the Traveller never
    // levels, and allies are not heroes.
    let candidates = state.candidates.get((data.revision, party), || {
        lists::characters_by_name(data, |c| {
            heroes::earns_xp(c) && (party.is_none() || c.party == party)
        })
    });
    if data
        .characters
        .values()
        .any(|c| c.kind == CharacterKind::Traveller && (party.is_none() || c.party == party))
    {
        ui.label(
            RichText::new(
                "The Traveller earns no XP: he remembers instead (add a memory on his sheet).",
            )
            .weak(),
        );
    }
    lists::rows_in_view(ui, "took-part", candidates.len(), 240.0, |ui, i| {
        let Some(c) = data.characters.get(&candidates[i].0) else {
            return;
        };
        ui.horizontal(|ui| {
            let mut ticked = state.took_part.contains_key(&c.id);
            if ui.checkbox(&mut ticked, &c.name).changed() {
                if ticked {
                    state
                        .took_part
                        .insert(c.id, (Entry::empty(limits::XP), false));
                } else {
                    state.took_part.remove(&c.id);
                }
            }
            if let Some((xp, down)) = state.took_part.get_mut(&c.id) {
                if state.per_hero {
                    // Read when the mission is awarded; the error shows below.
                    let _ = xp.ui(ui, &format!("XP for {}", c.name), 40.0);
                }
                ui.checkbox(down, format!("{} was down at the end", c.name));
            }
        });
    });
    reasons_ui(ui, state, data);
    ui.horizontal(|ui| {
        state.other_reason.field(ui, "Other reason", 260.0);
    });
    let step = state.mission(data).map(HeroStep::Award);
    // Greyed with why under it (the mission unnamed, nobody ticked).
    if super::forms::play_step(ui, data, "Award XP and close the mission", step, out).clicked() {
        *state = HeroesState::default();
    }
}

/// The reasons for the award, ticked from the XP awards table.
fn reasons_ui(ui: &mut Ui, state: &mut HeroesState, data: &CampaignData) {
    let table = data.table_named(XP_AWARDS_TABLE);
    ui.label(
        RichText::new(format!(
            "Reasons (from the {} table)",
            table.map_or_else(|| XP_AWARDS_TABLE.to_owned(), |t| t.marked())
        ))
        .strong(),
    );
    ui.horizontal_wrapped(|ui| {
        for row in table.iter().flat_map(|t| &t.rows) {
            let mut ticked = state.reasons.contains(&row.result);
            if ui.checkbox(&mut ticked, &row.result).changed() {
                if ticked {
                    state.reasons.insert(row.result.clone());
                } else {
                    state.reasons.remove(&row.result);
                }
            }
        }
    });
}

fn mission_ui(ui: &mut Ui, data: &CampaignData, m: &Mission, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("{} · {}", data.settings.when(m.at), m.name)).strong());
        let players = waybook_core::exchange::players_view::players(data);
        let id = format!("mission{}", m.id.0);
        let owners: Vec<_> = m.party.into_iter().collect();
        // Any player named sees a mission, of whichever party.
        let readers = super::shown::Readers {
            data,
            players: &players,
            owners: &owners,
            within: false,
        };
        if let Some(v) = super::shown::share_menu_ui(ui, &id, &m.shown, readers) {
            out.extend(super::shown::share(data, m, v, |m, v| m.shown = v));
        }
    });
    let awards: Vec<String> = m
        .awards
        .iter()
        .filter_map(|a| {
            let c = data.characters.get(&a.character)?;
            Some(format!("{}: {} XP", c.name, a.xp))
        })
        .collect();
    ui.label(awards.join(" · "));
    if let Some(reasons) = m.awards.first().filter(|a| !a.reasons.is_empty()) {
        ui.label(RichText::new(format!("For: {}", reasons.reasons.join(", "))).weak());
    }
    for a in m.awards.iter().filter(|a| a.down && a.injury.is_none()) {
        let Some(c) = data.characters.get(&a.character) else {
            continue;
        };
        ui.horizontal(|ui| {
            ui.label(format!("{} was down at the end:", c.name));
            let step = HeroStep::Injury {
                mission: m.id,
                character: c.id,
            };
            if let Err(why) = heroes::check(data, &step) {
                ui.label(
                    RichText::new(waybook_core::model::capitalised(&why.to_string()))
                        .color(ERROR_COLOUR),
                );
            }
            super::forms::play_step(ui, data, format!("Roll {}'s injury", c.name), Ok(step), out);
            if let Some(t) = data
                .table_named(heroes::INJURY_TABLE)
                .filter(|t| t.suggested)
            {
                ui.label(RichText::new(format!("on the {}", t.marked())).weak());
            }
        });
    }
    for line in &m.lines {
        ui.label(RichText::new(line).weak());
    }
}
