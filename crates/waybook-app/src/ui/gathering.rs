//! The gathering screen: sites (on the map or standing alone) with their
//! materials and abundance and the sources surveys found; the survey; the
//! session at a site (its length, who gathers at which source, the odds
//! before anyone rolls, the tests one round at a time or all at once); the
//! gathering log; and foraging.

use super::choices::{self, Unpicked, choice_combo};
use super::forms::Verdicts;
use super::input::{Entry, Typing};
use super::lists;
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::gathering::forecast::forecast;
use waybook_core::gathering::{GatherStep, duration, open_session, row_name};
use waybook_core::model::gathering::{Gatherer, SessionLimit, SiteMaterial};
use waybook_core::model::{
    CampaignData, Category, CharacterId, ItemId, MaterialType, Site, SiteId, capitalised, limits,
};
use waybook_print::pdf::Sheet;
use waybook_rules::travel::gather::Abundance;

#[derive(Debug)]
pub struct GatheringState {
    pub site: Option<SiteId>,
    pub fields: Typing,
    surveyor: Option<CharacterId>,
    material: usize,
    advantage: bool,
    gatherer: Option<CharacterId>,
    source: usize,
    into_stash: bool,
    /// The GM lets the gatherer work without the tool the text requires.
    without_tool: bool,
    /// The GM says the party is at the site, wherever the map has it.
    elsewhere: bool,
    forager: Option<CharacterId>,
    tg: Entry<i64>,
    found: Option<ItemId>,
    found_quantity: Entry<i64>,
    note: Entry<String>,
    /// A complication or boon for the log: a table to roll on, or words.
    log_table: Option<waybook_core::model::TableId>,
    log_text: Entry<String>,
    /// A session length typed in hours or units.
    length: Entry<i64>,
    characters: lists::Everyone,
    /// The step checks' verdicts, kept until the campaign changes.
    verdicts: super::forms::Verdicts<GatherStep>,
    /// The odds shown before anyone rolls, worked out again only when the
    /// campaign or the choice changes (finding the gatherer's tool looks
    /// through every holding).
    odds: lists::Memo<OddsKey, Odds>,
}

impl Default for GatheringState {
    fn default() -> Self {
        Self {
            site: None,
            fields: Typing::default(),
            surveyor: None,
            material: 0,
            advantage: false,
            gatherer: None,
            source: 0,
            into_stash: false,
            without_tool: false,
            elsewhere: false,
            forager: None,
            tg: Entry::empty(limits::FORAGE_TG),
            found: None,
            found_quantity: Entry::new(1, limits::FORAGE_FOUND),
            note: Entry::default(),
            log_table: None,
            log_text: Entry::default(),
            length: Entry::empty(limits::SESSION_LENGTH),
            characters: lists::Everyone::default(),
            verdicts: Verdicts::default(),
            odds: lists::Memo::default(),
        }
    }
}

/// What the odds depend on: the campaign's revision, the site, the
/// gatherer, the source and where the units go, the length, the start.
type OddsKey = (u64, SiteId, CharacterId, usize, bool, SessionLimit, i64);
type Odds =
    Result<waybook_core::gathering::forecast::GatherForecast, waybook_core::gathering::GatherError>;

/// The session lengths offered, and how each is said.
const LIMITS: [(SessionLimit, &str); 9] = [
    (SessionLimit::Hours(1), "1 hour"),
    (SessionLimit::Hours(2), "2 hours"),
    (SessionLimit::Hours(3), "3 hours"),
    (SessionLimit::Hours(4), "4 hours"),
    (SessionLimit::Hours(6), "6 hours"),
    (SessionLimit::Hours(8), "8 hours"),
    (SessionLimit::Units(5), "until 5 units each"),
    (SessionLimit::Units(10), "until 10 units each"),
    (SessionLimit::DayEnd, "until the day's end"),
];

fn limit_label(limit: SessionLimit) -> String {
    LIMITS.iter().find(|(l, _)| *l == limit).map_or_else(
        || match limit {
            SessionLimit::Hours(h) => format!("{h} hours"),
            SessionLimit::Units(u) => format!("until {u} units each"),
            SessionLimit::DayEnd => "until the day's end".to_owned(),
        },
        |(_, s)| (*s).to_owned(),
    )
}

pub fn gathering_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    if state.site.is_none_or(|s| !data.sites.contains_key(&s)) {
        state.site = data.sites.keys().next().copied();
    }
    let names = data.sites.values().map(|s| s.name.as_str());
    super::lists::list_panel(ui, "site-list", names, (220.0, 340.0)).show(ui, |ui| {
        ui.heading("Gathering sites");
        let mut sites: Vec<_> = data.sites.values().collect();
        waybook_core::model::sort_by_name(&mut sites, |s| &s.name);
        for s in sites {
            ui.horizontal(|ui| {
                if ui
                    .selectable_label(state.site == Some(s.id), &s.name)
                    .clicked()
                {
                    state.site = Some(s.id);
                }
                super::shown::mark_ui(ui, data, &s.shown);
            });
        }
        ui.add_space(6.0);
        if ui.button("Add site").clicked() {
            let site = waybook_core::edits::records::add_site(data);
            state.site = Some(site.id);
            out.push(Command::Apply(site.edit));
        }
        ui.separator();
        forage_ui(ui, state, data, out);
    });
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical()
            .auto_shrink(false)
            .show(ui, |ui| match state.site.and_then(|s| data.sites.get(&s)) {
                Some(site) => {
                    ui.horizontal(|ui| {
                        if ui.button("Print site card…").clicked() {
                            out.push(Command::Export(vec![Sheet::SiteCard(site.id)]));
                        }
                        if ui.button("Print gathering log…").clicked() {
                            out.push(Command::Export(vec![Sheet::GatheringLog(site.id)]));
                        }
                    });
                    site_ui(ui, state, data, site, out);
                    ui.separator();
                    survey_ui(ui, state, data, site, out);
                    ui.separator();
                    session_ui(ui, state, data, site, out);
                    ui.separator();
                    log_ui(ui, state, data, site, out);
                }
                None => {
                    ui.label(
                        RichText::new("No gathering site yet: add one to survey and gather.")
                            .weak(),
                    );
                }
            });
    });
}

fn site_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    out: &mut Vec<Command>,
) {
    let fields = &mut state.fields;
    let key = |f: &str| format!("site{}:{f}", site.id.0);
    ui.heading(&site.name);
    ui.horizontal_wrapped(|ui| {
        if let Some(name) = fields.text(ui, &key("name"), "Site name", &site.name, 200.0) {
            fields.commit(out, site, "name", |s| s.name = name);
        }
        let mut place = site.place;
        let places: Vec<_> = data
            .places
            .values()
            .map(|p| (p.id, p.name.as_str()))
            .collect();
        choices::record_combo(
            ui,
            key("place"),
            "On the map at",
            &mut place,
            Unpicked::Offered("no place"),
            &places,
        );
        if place != site.place {
            fields.commit(out, site, "place", |s| s.place = place);
        }
    });
    if let Some(notes) = fields.multiline(ui, &key("notes"), "Notes", &site.notes) {
        fields.commit(out, site, "notes", |s| s.notes = notes);
    }
    if let Some(shown) = super::shown::partyless_ui(ui, &key("shown"), data, &site.shown) {
        fields.commit(out, site, "who sees it", |s| s.shown = shown);
    }
    materials_ui(ui, fields, site, out);
    sources_ui(ui, fields, site, out);
}

/// The materials of a site: each one's type, abundance, test and tool.
fn materials_ui(ui: &mut Ui, fields: &mut Typing, site: &Site, out: &mut Vec<Command>) {
    ui.label(RichText::new("Materials").strong());
    for (n, m) in site.materials.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let k = |f: &str| format!("site{}:m{n}:{f}", site.id.0);
            if let Some(name) = fields.text(ui, &k("name"), "Material", &m.name, 120.0) {
                fields.commit(out, site, "material", |s| s.materials[n].name = name);
            }
            if let Some(kind) = choice_combo(ui, &k("kind"), "Type", m.material) {
                let (t, s) = waybook_core::model::gathering::recommended(kind);
                fields.commit(out, site, "material type", |site| {
                    let m = &mut site.materials[n];
                    m.material = kind;
                    m.trait_name = t.to_owned();
                    m.skill_name = s.to_owned();
                });
            }
            let mut abundance = m.abundance;
            let abundances: Vec<_> = Abundance::ALL
                .iter()
                .map(|&a| (a, capitalised(a.label())))
                .collect();
            if choices::list_combo(ui, k("abundance"), "Abundance", &mut abundance, &abundances) {
                fields.commit(out, site, "abundance", |s| {
                    s.materials[n].abundance = abundance
                });
            }
            if let Some(t) = fields.text(ui, &k("trait"), "Trait", &m.trait_name, 64.0) {
                fields.commit(out, site, "trait", |s| s.materials[n].trait_name = t);
            }
            if let Some(s) = fields.text(ui, &k("skill"), "Skill", &m.skill_name, 96.0) {
                fields.commit(out, site, "skill", |site| site.materials[n].skill_name = s);
            }
            let own = m.type_name.clone().unwrap_or_default();
            if let Some(t) = fields.text(ui, &k("type-name"), "own type", &own, 70.0) {
                let t = t.trim().to_owned();
                fields.commit(out, site, "type", |s| {
                    s.materials[n].type_name = (!t.is_empty()).then_some(t);
                });
            }
            let tool = m.tool();
            if let Some(chosen) = choice_combo(ui, &k("tool"), "Tool", tool) {
                let text = waybook_core::model::gathering::tool_for(m.material);
                fields.commit(out, site, "tool", |s| {
                    s.materials[n].tool = (chosen != text).then_some(chosen);
                });
            }
            if ui
                .button("Remove")
                .on_hover_text(format!("Remove {} from the site", m.name))
                .clicked()
            {
                fields.commit(out, site, "materials", |s| {
                    s.materials.remove(n);
                });
            }
        });
    }
    if ui.button("Add material").clicked() {
        fields.commit(out, site, "materials", |s| {
            s.materials.push(SiteMaterial::new(
                "New material",
                MaterialType::Plant,
                Abundance::Common,
            ));
        });
    }
}

/// The sources a survey found at a site, each ticked off when worked out.
fn sources_ui(ui: &mut Ui, fields: &mut Typing, site: &Site, out: &mut Vec<Command>) {
    ui.label(RichText::new("Sources found").strong());
    if site.sources.is_empty() {
        ui.label(RichText::new("None yet: a survey finds them.").weak());
    }
    for (n, f) in site.sources.iter().enumerate() {
        let mut worked_out = f.worked_out;
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "Source {}: a {} of {} {} (found {}, by {})",
                n + 1,
                row_name(f.source.label()),
                capitalised(f.quality.label()),
                f.material,
                f.found,
                f.by
            ));
            let label = format!("Source {} worked out", n + 1);
            if ui
                .checkbox(&mut worked_out, "worked out")
                .on_hover_text(&label)
                .changed()
            {
                fields.commit(out, site, "source", |s| {
                    s.sources[n].worked_out = worked_out
                });
            }
        });
    }
}

/// A labelled list of the campaign's characters.
fn character_combo(
    ui: &mut Ui,
    id: &str,
    label: &str,
    characters: &[(CharacterId, String)],
    chosen: &mut Option<CharacterId>,
) {
    choices::keep_or_first(chosen, characters);
    choices::record_combo(
        ui,
        id,
        label,
        chosen,
        Unpicked::Prompt("nobody"),
        characters,
    );
}

fn survey_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Surveying for a source").strong());
    if site.materials.is_empty() {
        ui.label(RichText::new("Add a material to survey for.").weak());
        return;
    }
    state.material = state.material.min(site.materials.len() - 1);
    ui.horizontal_wrapped(|ui| {
        let characters = state.characters.get(data);
        character_combo(ui, "surveyor", "Who", &characters, &mut state.surveyor);
        let materials: Vec<_> = site
            .materials
            .iter()
            .enumerate()
            .map(|(n, m)| (n, m.name.as_str()))
            .collect();
        choices::list_combo(
            ui,
            "survey-material",
            "looks for",
            &mut state.material,
            &materials,
        );
        ui.checkbox(&mut state.advantage, "Researched (Advantage)");
    });
    if let Some(who) = state.surveyor {
        whereabouts_ui(ui, &mut state.elsewhere, data, site, who);
        super::forms::play_step_kept(
            ui,
            &mut state.verdicts,
            data,
            "Survey",
            Ok(GatherStep::Survey {
                site: site.id,
                material: state.material,
                character: who,
                advantage: state.advantage,
                elsewhere: state.elsewhere,
            }),
            out,
        );
    }
    let m = &site.materials[state.material];
    let modifier = m
        .abundance
        .modifier()
        .map_or("no test: there is none here".to_owned(), |v| {
            format!("{v:+}")
        });
    ui.label(
        RichText::new(format!(
            "An Intuition test; {} here gives {modifier}.",
            capitalised(m.abundance.label())
        ))
        .weak(),
    );
}

fn session_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    out: &mut Vec<Command>,
) {
    let session = open_session(data, site.id);
    ui.label(RichText::new("Gathering session").strong());
    let limit = session.map_or(SessionLimit::Hours(4), |s| s.limit);
    limit_ui(ui, state, data, site, session, limit, out);
    if let Some(s) = session {
        gatherers_ui(ui, state, data, site, s, out);
    }
    join_ui(ui, state, data, site, limit, out);
    if session.is_some() {
        play_ui(ui, state, data, site, out);
    }
}

/// How long the session lasts, in hours or units each; changed only while
/// one is open.
fn limit_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    session: Option<&waybook_core::model::GatheringSession>,
    limit: SessionLimit,
    out: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        // Greyed until a session is open; the line after says what starts one.
        let may_change = waybook_core::gathering::check(
            data,
            &GatherStep::Limit {
                site: site.id,
                limit,
            },
        )
        .is_ok();
        ui.add_enabled_ui(may_change, |ui| {
            let mut chosen = limit;
            let mut limits: Vec<(SessionLimit, String)> = LIMITS
                .iter()
                .map(|(l, said)| (*l, (*said).to_owned()))
                .collect();
            if !LIMITS.iter().any(|(l, _)| *l == limit) {
                limits.push((limit, limit_label(limit)));
            }
            if choices::list_combo(ui, "session-limit", "Lasts", &mut chosen, &limits) {
                out.push(Command::play(GatherStep::Limit {
                    site: site.id,
                    limit: chosen,
                }));
            }
        });
        let length = state.length.ui(ui, "Length", 40.0);
        for (said, make) in [
            ("hours", SessionLimit::Hours as fn(u32) -> SessionLimit),
            ("units each", SessionLimit::Units),
        ] {
            let step = length.clone().map(|n| GatherStep::Limit {
                site: site.id,
                limit: make(u32::try_from(n).unwrap_or(u32::MAX)),
            });
            super::forms::play_step_kept(ui, &mut state.verdicts, data, said, step, out);
        }
        match session {
            Some(s) => ui.label(format!("started {}", s.start)),
            None => ui.label(RichText::new("a survey or a gatherer starts it").weak()),
        };
    });
}

/// Who is gathering in the open session, where, and with which test.
fn gatherers_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    s: &waybook_core::model::GatheringSession,
    out: &mut Vec<Command>,
) {
    for (n, g) in s.gatherers.iter().enumerate() {
        let name = data
            .characters
            .get(&g.character)
            .map_or("?", |c| c.name.as_str());
        let source = site
            .sources
            .get(g.source)
            .map_or("?", |f| f.material.as_str());
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "{name} at source {} ({source}): {} worked, {}; tests with",
                g.source + 1,
                duration(g.minutes),
                waybook_core::model::plural(g.units, "unit")
            ));
            // A gatherer whose features allow it tests with another trait or skill.
            let fields = &mut state.fields;
            let key = |f: &str| format!("session{}:g{n}:{f}", s.id.0);
            if let Some(t) = fields.text(ui, &key("trait"), "trait", &g.trait_name, 64.0) {
                fields.commit(out, s, "gatherer's trait", |s| {
                    s.gatherers[n].trait_name = t
                });
            }
            if let Some(k) = fields.text(ui, &key("skill"), "skill", &g.skill_name, 96.0) {
                fields.commit(out, s, "gatherer's skill", |s| {
                    s.gatherers[n].skill_name = k
                });
            }
            super::forms::play_step_kept(
                ui,
                &mut state.verdicts,
                data,
                "Leave",
                Ok(GatherStep::Leave {
                    site: site.id,
                    character: g.character,
                }),
                out,
            )
            .on_hover_text(format!(
                "{name} stops gathering; what they gathered stays theirs"
            ))
            .accessible_name(format!("{name} leaves"));
        });
    }
}

/// A gatherer joining at a source not yet worked out, with their odds.
fn join_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    limit: SessionLimit,
    out: &mut Vec<Command>,
) {
    let open: Vec<usize> = (0..site.sources.len())
        .filter(|&n| !site.sources[n].worked_out)
        .collect();
    if open.is_empty() {
        ui.label(RichText::new("No source to gather at: survey first.").weak());
    } else {
        if !open.contains(&state.source) {
            state.source = open[0];
        }
        ui.horizontal_wrapped(|ui| {
            let characters = state.characters.get(data);
            character_combo(ui, "gatherer", "Gatherer", &characters, &mut state.gatherer);
            let sources: Vec<_> = open
                .iter()
                .map(|&n| {
                    (
                        n,
                        format!("source {} ({})", n + 1, site.sources[n].material),
                    )
                })
                .collect();
            choices::list_combo(ui, "gather-source", "at", &mut state.source, &sources);
            ui.checkbox(&mut state.into_stash, "Into the party stash");
            ui.checkbox(&mut state.without_tool, "Without the tool")
                .on_hover_text(
                    "The text requires the tool; tick this where the GM allows working without it",
                );
        });
        if let Some(who) = state.gatherer {
            whereabouts_ui(ui, &mut state.elsewhere, data, site, who);
            super::forms::play_step_kept(
                ui,
                &mut state.verdicts,
                data,
                "Join the session",
                Ok(GatherStep::Join {
                    site: site.id,
                    character: who,
                    source: state.source,
                    into_stash: state.into_stash,
                    without_tool: state.without_tool,
                    elsewhere: state.elsewhere,
                }),
                out,
            );
        }
        odds_ui(ui, state, data, site, limit);
    }
}

/// The next test, the rest of the session, or its end; with why not.
fn play_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    out: &mut Vec<Command>,
) {
    let next = GatherStep::Gather {
        site: site.id,
        all: false,
    };
    let refused = state.verdicts.of(data.revision, &next, |step| {
        waybook_core::gathering::check(data, step)
            .err()
            .map(|e| e.to_string())
    });
    if let Some(why) = refused {
        ui.label(RichText::new(capitalised(&why)).color(super::input::ERROR_COLOUR));
    }
    ui.horizontal_wrapped(|ui| {
        super::forms::play_step_kept(
            ui,
            &mut state.verdicts,
            data,
            "Next test",
            Ok(GatherStep::Gather {
                site: site.id,
                all: false,
            }),
            out,
        );
        super::forms::play_step_kept(
            ui,
            &mut state.verdicts,
            data,
            "Gather until the end",
            Ok(GatherStep::Gather {
                site: site.id,
                all: true,
            }),
            out,
        );
        super::forms::play_step_kept(
            ui,
            &mut state.verdicts,
            data,
            "End the session",
            Ok(GatherStep::Finish { site: site.id }),
            out,
        );
    });
}

/// Where the party is, when it is not at the site: said, and a box for the
/// GM to say they are there all the same.
fn whereabouts_ui(
    ui: &mut Ui,
    elsewhere: &mut bool,
    data: &CampaignData,
    site: &Site,
    who: CharacterId,
) {
    if let Some(said) = waybook_core::gathering::away(data, site.id, who) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{said}.")).color(super::input::ERROR_COLOUR));
            ui.checkbox(elsewhere, "They are there");
        });
    }
}

/// Before anyone rolls: the chosen gatherer's chances at the chosen source.
fn odds_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    limit: SessionLimit,
) {
    let Some(c) = state.gatherer.and_then(|c| data.characters.get(&c)) else {
        return;
    };
    let Some(found) = site.sources.get(state.source) else {
        return;
    };
    let Some(material) = site.materials.iter().find(|m| m.name == found.material) else {
        return;
    };
    let g = Gatherer {
        character: c.id,
        source: state.source,
        trait_name: material.trait_name.clone(),
        skill_name: material.skill_name.clone(),
        into_stash: state.into_stash,
        without_tool: state.without_tool,
        minutes: 0,
        units: 0,
    };
    let now = waybook_core::world::present::now_of(data, c.party);
    let start = open_session(data, site.id).map_or(now.hour, |s| s.start.hour);
    let key = (
        data.revision,
        site.id,
        c.id,
        state.source,
        state.into_stash,
        limit,
        start,
    );
    let odds = state
        .odds
        .get(key, || forecast(data, site, c, &g, limit, start).into());
    match odds.as_ref() {
        Err(e) => {
            ui.label(RichText::new(capitalised(&e.to_string())).color(super::input::ERROR_COLOUR));
        }
        Ok(f) => {
            let expected = match (f.units, f.minutes) {
                (Some(u), Some(m)) => format!(
                    "{} expected: {u:.1} units in {:.1} hours",
                    limit_label(limit),
                    m / 60.0
                ),
                _ => "No test can give a unit: the session would never end.".to_owned(),
            };
            ui.label(format!(
                "{}'s test: d20 {:+} ({}), SB {}. {expected}.",
                c.name, f.bonus, f.reading, f.sb
            ));
            let rows: Vec<_> = f.rows.iter().filter(|r| r.p > 0.0).collect();
            egui::Grid::new("gather-odds").striped(true).show(ui, |ui| {
                for chunk in rows.chunks(4) {
                    for row in chunk {
                        ui.label(row_name(row.result.label()));
                        ui.label(format!("{:.0}%", row.p * 100.0));
                    }
                    ui.end_row();
                }
            });
        }
    }
}

fn log_ui(
    ui: &mut Ui,
    state: &mut GatheringState,
    data: &CampaignData,
    site: &Site,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Gathering log").strong());
    let latest = data
        .sessions
        .values()
        .rev()
        .find(|s| s.site == Some(site.id));
    if let Some(s) = latest {
        let asks = s
            .lines
            .iter()
            .rev()
            .find(|l| l.starts_with("The row allows a"))
            .cloned();
        if let Some(asks) = asks {
            ui.label(RichText::new(asks).italics());
        }
        ui.horizontal(|ui| {
            let tables: Vec<_> = data
                .tables
                .values()
                .map(|t| (t.id, t.name.as_str()))
                .collect();
            choices::record_combo(
                ui,
                "log-table",
                "Complication or boon: roll on",
                &mut state.log_table,
                Unpicked::Offered("no table"),
                &tables,
            );
            state.log_text.field(ui, "or write", 200.0);
            let note = GatherStep::Note {
                site: site.id,
                table: state.log_table,
                text: state.log_text.text().trim().to_owned(),
            };
            if super::forms::play_step_kept(
                ui,
                &mut state.verdicts,
                data,
                "Add to the log",
                Ok(note),
                out,
            )
            .clicked()
            {
                state.log_text.clear();
            }
        });
    }
    let sessions: Vec<_> = data
        .sessions
        .values()
        .rev()
        .filter(|s| s.site == Some(site.id))
        .collect();
    if sessions.is_empty() {
        ui.label(RichText::new("No sessions here yet.").weak());
    }
    for s in sessions {
        let state = if s.finished { "" } else { " (open)" };
        egui::CollapsingHeader::new(format!("Session of {}{state}", s.start))
            .id_salt(("session", s.id.0))
            .default_open(!s.finished)
            .show(ui, |ui| {
                for line in &s.lines {
                    ui.label(RichText::new(line).monospace().size(12.0));
                }
            });
    }
}

/// Foraging: an Intuition test against the GM's TG, and what was found.
fn forage_ui(ui: &mut Ui, state: &mut GatheringState, data: &CampaignData, out: &mut Vec<Command>) {
    ui.label(RichText::new("Foraging").strong());
    let characters = state.characters.get(data);
    character_combo(ui, "forager", "Forager", &characters, &mut state.forager);
    let tg = ui.horizontal(|ui| state.tg.ui(ui, "TG", 40.0)).inner;
    ui.label(
        RichText::new(
            "Waybook's suggestions (the text gives none): plentiful 10, some 15, scarce 20.",
        )
        .weak()
        .size(11.0),
    );
    let food: Vec<_> = data
        .items
        .values()
        .filter(|i| {
            matches!(
                i.category,
                Category::Food | Category::Water | Category::Material
            )
        })
        .map(|i| (i.id, i.name.as_str()))
        .collect();
    choices::record_combo(
        ui,
        "forage-found",
        "Found",
        &mut state.found,
        Unpicked::Offered("nothing"),
        &food,
    );
    let quantity = match state.found {
        Some(item) => ui
            .horizontal(|ui| state.found_quantity.ui(ui, "How many", 40.0))
            .inner
            .map(|n| Some((item, n))),
        None => Ok(None),
    };
    state.note.field(ui, "What else (for the log)", 180.0);
    let step = (|| {
        Ok(GatherStep::Forage {
            character: state.forager.ok_or("choose the forager")?,
            tg: i32::try_from(tg?).map_err(|e| e.to_string())?,
            found: quantity?,
            note: state.note.text().trim().to_owned(),
        })
    })();
    if super::forms::play_step_kept(ui, &mut state.verdicts, data, "Forage", step, out).clicked() {
        state.note.clear();
    }
    let forages: Vec<_> = data
        .sessions
        .values()
        .rev()
        .filter(|s| s.site.is_none())
        .take(3)
        .collect();
    for s in forages {
        for line in &s.lines {
            ui.label(RichText::new(line).size(11.0));
        }
    }
}
