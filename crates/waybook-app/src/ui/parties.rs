//! The parties screen: add, rename and delete parties, set their Supplies,
//! choose their members, and see what the whole party carries.

use super::input::Typing;
use super::inventory::totals_text;
use super::lists::{self, Memo};
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::edits::{self, records};
use waybook_core::model::{
    CampaignData, Character, CharacterId, CharacterKind, Party, PartyId, Totals, limits, plural,
};

#[derive(Debug, Default)]
pub struct PartiesState {
    pub selected: Option<PartyId>,
    pub fields: Typing,
    /// Who may join the party shown, by name: sorted again only when the
    /// campaign or the party changes.
    candidates: Memo<(u64, PartyId), lists::Names>,
    /// What the party shown carries, added up again only when something changes.
    totals: Memo<(u64, PartyId), Totals>,
    /// How long its food lasts, from the one ledger of food: worked out
    /// again only when something changes.
    food: Memo<(u64, PartyId), waybook_core::plan::food::PartyFood>,
    /// Where the stash of the party shown goes when it is deleted: to
    /// another party's stash, or (none) removed with it.
    stash_to: Option<PartyId>,
    /// The other parties, named for Meet and for where a deleted party's
    /// stash may go: worked out again only when something changes (a
    /// campaign may have a thousand parties).
    others: Memo<(u64, PartyId), Others>,
    /// The other party the one shown is to meet.
    meet: Option<PartyId>,
    /// Its animals, vehicles and load in words.
    stable: Memo<(u64, PartyId), super::stable::Stable>,
    /// Whether that party may join the one shown (the edit, or why not):
    /// worked out again only when something changes.
    joining: Memo<(u64, PartyId, PartyId), Result<waybook_core::model::Edit, String>>,
}

type Choices = Vec<(Option<PartyId>, String)>;

/// The parties other than the one shown, as two lists pick from them.
struct Others {
    /// By name, for Meet.
    meet: Choices,
    /// "removed with it", then "to" each, for where its stash goes.
    stash: Choices,
}

impl Others {
    fn of(data: &CampaignData, p: &Party) -> Self {
        let others = data.parties.values().filter(|o| o.id != p.id);
        let meet: Choices = others.map(|o| (Some(o.id), o.name.clone())).collect();
        let mut stash = vec![(None, "removed with it".to_owned())];
        stash.extend(meet.iter().map(|(id, name)| (*id, format!("to {name}"))));
        Self { meet, stash }
    }
}

pub fn parties_ui(
    ui: &mut Ui,
    state: &mut PartiesState,
    (data, running): (&CampaignData, Option<PartyId>),
    out: &mut Vec<Command>,
) {
    if state
        .selected
        .is_none_or(|p| !data.parties.contains_key(&p))
    {
        // The party the GM runs, at first.
        state.selected = running.or_else(|| data.parties.keys().next().copied());
    }
    let names = data.parties.values().map(|p| p.name.as_str());
    lists::list_panel(ui, "party-list", names, (220.0, 380.0)).show(ui, |ui| {
        ui.heading("Parties");
        if ui.button("Add party").clicked() {
            let party = records::add_party(data);
            state.selected = Some(party.id);
            out.push(Command::Apply(party.edit));
        }
        ui.add_space(6.0);
        // Only the rows in view are drawn: a campaign may have a thousand.
        let parties: Vec<&Party> = data.parties.values().collect();
        let height = ui.available_height();
        lists::rows_in_view(ui, "party-rows", parties.len(), height, |ui, i| {
            let p = parties[i];
            if ui
                .selectable_label(state.selected == Some(p.id), &p.name)
                .clicked()
            {
                state.selected = Some(p.id);
            }
        });
    });
    egui::CentralPanel::default().show(ui, |ui| {
        match state.selected.and_then(|p| data.parties.get(&p)) {
            Some(p) => {
                let candidates = state.candidates.get((data.revision, p.id), || {
                    lists::characters_by_name(data, |c| {
                        matches!(
                            c.kind,
                            CharacterKind::Hero | CharacterKind::Ally | CharacterKind::Traveller
                        ) || c.party == Some(p.id)
                    })
                });
                let totals = *state
                    .totals
                    .get((data.revision, p.id), || data.party_totals(p.id).into());
                let food = state.food.get((data.revision, p.id), || {
                    waybook_core::plan::food::party_food(data, p.id).into()
                });
                let stable = (state.stable).get((data.revision, p.id), || {
                    super::stable::Stable::of(data, p).into()
                });
                let shown = Shown {
                    party: p,
                    candidates: &candidates,
                    totals,
                    food,
                    stable,
                };
                egui::ScrollArea::vertical().show(ui, |ui| {
                    party_editor(ui, &mut state.fields, data, &shown, out);
                    let others =
                        (state.others).get((data.revision, p.id), || Others::of(data, p).into());
                    meeting_ui(ui, state, &others.meet, data, p, out);
                    delete_ui(ui, &mut state.stash_to, &others.stash, data, p, out);
                    ui.separator();
                    super::players::players_ui(ui, &mut state.fields, data, out);
                });
            }
            None => {
                ui.label(
                    RichText::new("No party yet: add one to give it a stash and Supplies.").weak(),
                );
                ui.separator();
                super::players::players_ui(ui, &mut state.fields, data, out);
            }
        }
    });
}

/// The party on screen, with what is worked out for it.
struct Shown<'a> {
    party: &'a Party,
    candidates: &'a [(CharacterId, String)],
    totals: Totals,
    food: std::rc::Rc<waybook_core::plan::food::PartyFood>,
    stable: std::rc::Rc<super::stable::Stable>,
}

/// "120 food units last 1 day at full rations (×2: Greyspine pass: Extreme
/// cold), 3 at half, for 4 characters"; with animals, "for 7 characters and
/// 3 animals", and when they graze, that the land feeds them.
fn food_text(food: &waybook_core::plan::food::PartyFood, members: &[&Character]) -> String {
    if food.looked_after {
        return "The campaign does not count food: the party is always being looked after."
            .to_owned();
    }
    let days = waybook_core::plan::food::PartyFood::days_in_words;
    let why = match (&food.weather, food.multiplier) {
        (Some(w), m) if m > 1 => format!(" (each day ×{m} while {w})"),
        _ => String::new(),
    };
    let animals = members.iter().filter(|c| c.is_animal()).count();
    let who = match animals {
        0 => plural(members.len(), "character"),
        n => format!(
            "{} and {}",
            plural(members.len() - n, "character"),
            plural(n, "animal")
        ),
    };
    let grazing = if food.grazed_today > 0.0 {
        " The animals that graze find their food on the land here (house rule)."
    } else {
        ""
    };
    format!(
        "{:.0} food units last {} at full rations{why}, {} at half rations, for {who}.{grazing}",
        food.units,
        days(food.days_full),
        days(food.days_half),
    )
}

fn party_editor(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    shown: &Shown<'_>,
    out: &mut Vec<Command>,
) {
    let p = shown.party;
    let key = |f: &str| format!("party{}:{f}", p.id.0);
    ui.heading(&p.name);
    ui.horizontal(|ui| {
        if let Some(name) = fields.text(ui, &key("name"), "Party name", &p.name, 220.0) {
            fields.commit(out, p, "name", |p| p.name = name);
        }
    });
    if let Some(v) = fields.whole(
        ui,
        &key("supplies"),
        "Supplies",
        p.supplies,
        &limits::SUPPLIES,
    ) {
        fields.commit(out, p, "Supplies", |p| p.supplies = v);
    }
    travel_fields_ui(ui, fields, p, out);
    if let Some(notes) = fields.multiline(ui, &key("notes"), "Notes", &p.notes) {
        fields.commit(out, p, "notes", |p| p.notes = notes);
    }
    ui.add_space(6.0);
    let members: Vec<&Character> = data.members(p.id).collect();
    let totals = shown.totals;
    ui.label(RichText::new("What the party carries").strong());
    ui.label(totals_text(totals));
    let (load, over) = &shown.stable.load;
    let load = RichText::new(load);
    ui.label(if *over {
        load.color(super::input::ERROR_COLOUR)
    } else {
        load.weak()
    });
    if !members.is_empty() {
        ui.label(food_text(&shown.food, &members));
    }
    ui.add_space(6.0);
    members_ui(ui, data, p, shown.candidates, out);
    ui.add_space(6.0);
    super::stable::stable_ui(ui, data, (p, &shown.stable), out);
}

/// Meeting another party (issue 53): how far apart the two are, *Move …
/// on* for the one behind (its days at rest, as the Calendar moves them),
/// and the other's joining once they have met, greyed with why not.
fn meeting_ui(
    ui: &mut Ui,
    state: &mut PartiesState,
    others: &Choices,
    data: &CampaignData,
    p: &Party,
    out: &mut Vec<Command>,
) {
    let Some(first) = others.first().and_then(|(id, _)| *id) else {
        return;
    };
    if state
        .meet
        .is_none_or(|m| m == p.id || !data.parties.contains_key(&m))
    {
        state.meet = Some(first);
    }
    ui.add_space(10.0);
    ui.label(RichText::new("Meeting another party").strong());
    ui.horizontal(|ui| {
        super::choices::list_combo(ui, "meet", "Meet", &mut state.meet, others);
    });
    let Some(other) = state.meet.and_then(|m| data.parties.get(&m)) else {
        return;
    };
    let apart = edits::meeting::apart(data, p, other);
    ui.label(apart.as_deref().map_or_else(
        || {
            format!(
                "{} and {} have met: one day, one place.",
                p.name, other.name
            )
        },
        |why| format!("{why}."),
    ));
    let joining = state.joining.get((data.revision, other.id, p.id), || {
        edits::meeting::join(data, other, p).into()
    });
    let joining: &Result<_, String> = &joining;
    ui.horizontal(|ui| {
        let (behind, ahead) = if p.now <= other.now { (p, other) } else { (other, p) };
        if let Some(hours) = edits::meeting::hours_behind(data, behind, ahead) {
            let span = waybook_core::world::clock::span(hours, data.settings.day_hours.max(1));
            let hover = "Its days pass at rest where it is, each member eating from what it carries; Ctrl+Z takes it back";
            if ui
                .button(format!("Move {} on {span}", behind.name))
                .on_hover_text(hover)
                .clicked()
            {
                out.push(Command::MoveClock {
                    party: Some(behind.id),
                    hours,
                    meals: waybook_core::plan::rest::Meals::Fed,
                    why: format!("to meet {}", ahead.name),
                });
            }
        }
        let button = ui
            .add_enabled(
                joining.is_ok(),
                egui::Button::new(format!("{} joins {}", other.name, p.name)),
            )
            .on_hover_text("Its members, stash, Supplies, coin, plans and history become this party's; Ctrl+Z takes it back")
            .on_disabled_hover_text(joining.as_ref().err().cloned().unwrap_or_default());
        if button.clicked()
            && let Ok(edit) = joining.as_ref()
        {
            out.push(Command::Apply(edit.clone()));
        }
    });
}

/// Delete party, with where its stash goes: removed with it, or to another
/// party's stash (as `waybook delete-party --stash-to`).
fn delete_ui(
    ui: &mut Ui,
    stash_to: &mut Option<PartyId>,
    choices: &Choices,
    data: &CampaignData,
    p: &Party,
    out: &mut Vec<Command>,
) {
    if stash_to.is_some_and(|to| to == p.id || !data.parties.contains_key(&to)) {
        *stash_to = None;
    }
    ui.add_space(10.0);
    ui.horizontal(|ui| {
        let to = stash_to.and_then(|to| data.parties.get(&to));
        if ui
            .button("Delete party")
            .on_hover_text("Members stay in the roster without a party; its journeys go with it")
            .clicked()
        {
            match edits::delete_party(data, p, to) {
                Ok(edit) => out.push(Command::Apply(edit)),
                Err(refusal) => out.push(Command::Refuse(refusal.to_string())),
            }
        }
        if choices.len() < 2 {
            ui.label(RichText::new("Its stash is removed with it.").weak());
            return;
        }
        super::choices::list_combo(ui, "stash-to", "Its stash", stash_to, choices);
    });
}

/// Who is in the party: a checkbox per hero, ally and the Traveller (those
/// in another party say which), by name; only those in view are drawn.
fn members_ui(
    ui: &mut Ui,
    data: &CampaignData,
    p: &Party,
    candidates: &[(CharacterId, String)],
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Members").strong());
    if candidates.is_empty() {
        ui.label(
            RichText::new(
                "No hero, ally or Traveller in the roster yet: add them on the Roster screen, then tick them here.",
            )
            .weak(),
        );
    }
    lists::rows_in_view(ui, "party-members", candidates.len(), 320.0, |ui, i| {
        let Some(c) = data.characters.get(&candidates[i].0) else {
            return;
        };
        let mut member = c.party == Some(p.id);
        let elsewhere = c
            .party
            .filter(|other| *other != p.id)
            .and_then(|o| data.parties.get(&o));
        let label = match elsewhere {
            Some(other) => format!("{} (in {})", c.name, other.name),
            None => c.name.clone(),
        };
        // From another party only once the two have met.
        let refused = elsewhere.and_then(|_| edits::meeting::move_refused(data, c, Some(p.id)));
        let checkbox = ui
            .add_enabled(refused.is_none(), egui::Checkbox::new(&mut member, label))
            .on_disabled_hover_text(refused.unwrap_or_default());
        if checkbox.changed() {
            out.push(match records::set_party(data, c, member.then_some(p.id)) {
                Ok(edit) => Command::Apply(edit),
                Err(why) => Command::Refuse(why),
            });
        }
    });
}

/// The purse, its coin's name, the tokens and the navigation modifiers.
fn travel_fields_ui(ui: &mut Ui, fields: &mut Typing, p: &Party, out: &mut Vec<Command>) {
    let key = |f: &str| format!("party{}:{f}", p.id.0);
    ui.horizontal(|ui| {
        if let Some(v) = fields.whole(ui, &key("purse"), "Purse", p.purse, &limits::COIN) {
            fields.commit(out, p, "purse", |p| p.purse = v);
        }
        if let Some(c) = fields.text(ui, &key("currency"), "Coin", &p.currency, 100.0) {
            fields.commit(out, p, "coin", |p| p.currency = c);
        }
    });
    let t = &p.travel;
    let numbers: [(&str, &str, i64, &std::ops::RangeInclusive<i64>); 3] = [
        (
            "pathfinding",
            "Pathfinding 🜉",
            t.pathfinding_tokens,
            &limits::TOKENS,
        ),
        (
            "exploration",
            "Exploration 🜹",
            t.exploration_tokens,
            &limits::TOKENS,
        ),
        (
            "modifiers",
            "Navigation modifiers (maps, a Guide)",
            t.modifiers,
            &limits::NAVIGATION_MODIFIERS,
        ),
    ];
    for (field, label, value, range) in numbers {
        if let Some(v) = fields.whole(ui, &key(field), label, value, range) {
            fields.commit(out, p, &label.to_lowercase(), |p| match field {
                "pathfinding" => p.travel.pathfinding_tokens = v,
                "exploration" => p.travel.exploration_tokens = v,
                _ => p.travel.modifiers = v,
            });
        }
    }
}
