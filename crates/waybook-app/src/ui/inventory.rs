//! The inventory screen: pick a holder (a party stash or a character), see
//! their stacks with weight and food units, move or split a stack, give an
//! item from the catalogue. Quantities are checked before anything is stored.

use super::choices::{self, Unpicked};
use super::forms::play_button;
use super::input::Entry;
use super::lists::Memo;
use crate::app::Command;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};
use std::rc::Rc;
use waybook_core::edits;
use waybook_core::model::{CampaignData, Holder, HoldingId, ItemId, Totals, limits};

#[derive(Debug)]
pub struct InventoryState {
    pub holder: Option<Holder>,
    pub selected: Option<HoldingId>,
    pub quantity: Entry<i64>,
    pub target: Option<Holder>,
    pub add_item: Option<ItemId>,
    pub add_quantity: Entry<i64>,
    /// Every holder in order, sorted again only when the campaign changes.
    holders: Memo<u64, [Holder]>,
    /// The chosen holder's stacks and totals, worked out again only when
    /// the campaign or the holder changes (a campaign may hold 100,000).
    shown: Memo<(u64, Holder), Shown>,
}

impl Default for InventoryState {
    fn default() -> Self {
        Self {
            holder: None,
            selected: None,
            quantity: Entry::empty(limits::QUANTITY),
            target: None,
            add_item: None,
            add_quantity: Entry::empty(limits::QUANTITY),
            holders: Memo::default(),
            shown: Memo::default(),
        }
    }
}

/// What the screen shows of one holder.
struct Shown {
    stacks: Vec<HoldingId>,
    totals: Totals,
    /// For a party's stash: the stash plus all its members carry.
    party_totals: Option<Totals>,
    /// What the holder carries against its limit, and for a stash the
    /// party's whole load, in words, each with whether it is over.
    loads: Vec<(String, bool)>,
}

impl InventoryState {
    fn holders(&mut self, data: &CampaignData) -> Rc<[Holder]> {
        self.holders.get(data.revision, || holders(data).into())
    }

    fn shown(&mut self, data: &CampaignData, holder: Holder) -> Rc<Shown> {
        self.shown.get((data.revision, holder), || {
            Rc::new(Shown {
                stacks: data
                    .holdings_of(holder)
                    .filter(|h| data.items.contains_key(&h.item))
                    .map(|h| h.id)
                    .collect(),
                totals: data.totals_of(holder),
                party_totals: match holder {
                    Holder::Stash(p) => Some(data.party_totals(p)),
                    Holder::Character(_) | Holder::Vehicle(_) => None,
                },
                loads: loads(data, holder),
            })
        })
    }
}

/// What `holder` carries against its limit; for a stash, the party's
/// whole load.
fn loads(data: &CampaignData, holder: Holder) -> Vec<(String, bool)> {
    use waybook_core::model::load::{Carried, PartyLoad};
    let own = Carried::of_holder(data, holder).map(|c| (c.words(), c.over()));
    let party = match holder {
        Holder::Stash(p) => Some(PartyLoad::of(data, p)).map(|l| (l.words(), l.over())),
        Holder::Character(_) | Holder::Vehicle(_) => None,
    };
    own.into_iter().chain(party).collect()
}

/// Every holder: party stashes first, then vehicles and characters (an
/// animal among them) by name.
fn holders(data: &CampaignData) -> Vec<Holder> {
    let mut characters: Vec<_> = data.characters.values().collect();
    waybook_core::model::sort_by_name(&mut characters, |c| &c.name);
    let mut vehicles: Vec<_> = data.vehicles.values().collect();
    waybook_core::model::sort_by_name(&mut vehicles, |v| &v.name);
    data.parties
        .keys()
        .map(|p| Holder::Stash(*p))
        .chain(vehicles.into_iter().map(|v| Holder::Vehicle(v.id)))
        .chain(characters.into_iter().map(|c| Holder::Character(c.id)))
        .collect()
}

pub fn totals_text(t: Totals) -> String {
    format!(
        "{} · {}",
        waybook_core::model::plural(t.stacks, "stack"),
        t.carried_words()
    )
}

pub fn inventory_ui(
    ui: &mut Ui,
    state: &mut InventoryState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    let all = state.holders(data);
    if state.holder.is_none_or(|h| !all.contains(&h)) {
        state.holder = all.first().copied();
    }
    egui::Panel::left("holders")
        .resizable(true)
        .default_size(220.0)
        .show(ui, |ui| {
            ui.heading("Holders");
            // Only the rows in view are drawn: a campaign may hold thousands.
            let row_height = (ui.text_style_height(&egui::TextStyle::Button)
                + 2.0 * ui.spacing().button_padding.y)
                .max(ui.spacing().interact_size.y);
            egui::ScrollArea::vertical().show_rows(ui, row_height, all.len(), |ui, rows| {
                for h in &all[rows] {
                    let label = match h {
                        Holder::Stash(_) => RichText::new(data.holder_name(*h)).strong(),
                        Holder::Vehicle(_) => {
                            RichText::new(format!("{} (vehicle)", data.holder_name(*h)))
                        }
                        Holder::Character(_) => RichText::new(data.holder_name(*h)),
                    };
                    if ui
                        .selectable_label(state.holder == Some(*h), label)
                        .clicked()
                    {
                        state.holder = Some(*h);
                        state.selected = None;
                    }
                }
            });
        });
    egui::CentralPanel::default().show(ui, |ui| {
        let Some(holder) = state.holder else {
            ui.label("Add a party or a character to hold items.");
            return;
        };
        let shown = state.shown(data, holder);
        ui.heading(data.holder_name(holder));
        ui.label(totals_text(shown.totals));
        if let (Holder::Stash(p), Some(totals)) = (holder, shown.party_totals) {
            let party = &data.parties[&p];
            ui.label(format!(
                "Party totals (stash, members, animals and vehicles): {} · {} Supplies",
                totals_text(totals),
                party.supplies
            ));
        }
        for (words, over) in &shown.loads {
            let words = RichText::new(words);
            ui.label(if *over {
                words.color(super::input::ERROR_COLOUR)
            } else {
                words.weak()
            });
        }
        ui.separator();
        stacks_table(ui, state, data, &shown.stacks);
        ui.separator();
        stack_actions(ui, state, data, &all, out);
        ui.separator();
        give_ui(ui, state, data, holder, out);
    });
}

fn stacks_table(
    ui: &mut Ui,
    state: &mut InventoryState,
    data: &CampaignData,
    stacks: &[HoldingId],
) {
    if stacks.is_empty() {
        ui.label(RichText::new("Nothing carried.").weak());
        return;
    }
    let height = (ui.available_height() - 190.0).max(160.0);
    TableBuilder::new(ui)
        .id_salt("stacks")
        .striped(true)
        .max_scroll_height(height)
        .column(Column::remainder().at_least(160.0))
        .column(Column::auto().at_least(90.0))
        .column(Column::auto().at_least(60.0))
        .column(Column::auto().at_least(70.0))
        .column(Column::auto().at_least(80.0))
        .header(22.0, |mut header| {
            for title in ["Item", "Category", "Qty", "Weight", "Food units"] {
                header.col(|ui| {
                    ui.strong(title);
                });
            }
        })
        .body(|body| {
            // Only the rows in view are drawn: a stash may hold thousands.
            body.rows(22.0, stacks.len(), |mut row| {
                let stack = data.holdings.get(&stacks[row.index()]);
                let Some((h, item)) = stack.and_then(|h| Some((h, data.items.get(&h.item)?)))
                else {
                    return; // gone since the list was made; the next list leaves it out
                };
                row.set_selected(state.selected == Some(h.id));
                row.col(|ui| {
                    if ui
                        .selectable_label(state.selected == Some(h.id), &item.name)
                        .clicked()
                    {
                        state.selected = Some(h.id);
                    }
                });
                row.col(|ui| {
                    ui.label(item.category.label());
                });
                row.col(|ui| {
                    ui.label(h.quantity.to_string());
                });
                row.col(|ui| {
                    ui.label(waybook_core::model::kg(item.weight_of(h.quantity)));
                });
                row.col(|ui| {
                    ui.label(item.food_units_of(h.quantity).to_string());
                });
            });
        });
}

fn stack_actions(
    ui: &mut Ui,
    state: &mut InventoryState,
    data: &CampaignData,
    all: &[Holder],
    out: &mut Vec<Command>,
) {
    let Some(selected) = state.selected.filter(|id| data.holdings.contains_key(id)) else {
        ui.label(RichText::new("Select a stack to move, split or remove it.").weak());
        return;
    };
    ui.horizontal(|ui| {
        let quantity = state.quantity.ui(ui, "Quantity", 60.0);
        let targets: Vec<(Holder, String)> =
            all.iter().map(|h| (*h, data.holder_name(*h))).collect();
        choices::record_combo(
            ui,
            "move-target",
            "to",
            &mut state.target,
            Unpicked::Prompt("choose a holder"),
            &targets,
        );
        let moved = quantity.clone().and_then(|q| {
            let to = state.target.ok_or("Choose who receives the items")?;
            edits::move_stack(data, selected, q, to).map_err(|e| e.to_string())
        });
        let split =
            quantity.and_then(|q| edits::split_stack(data, selected, q).map_err(|e| e.to_string()));
        for (label, edit) in [("Move", moved), ("Split stack", split)] {
            if let (_, Some(edit)) = play_button(ui, label, edit, |_| None) {
                state.quantity.clear();
                out.push(Command::Apply(edit));
            }
        }
        if ui.button("Remove stack").clicked()
            && let Some(edit) = edits::drop_stack(data, selected)
        {
            state.selected = None;
            out.push(Command::Apply(edit));
        }
    });
}

fn give_ui(
    ui: &mut Ui,
    state: &mut InventoryState,
    data: &CampaignData,
    holder: Holder,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let mut items: Vec<_> = data
            .items
            .values()
            .map(|i| (i.id, i.name.as_str()))
            .collect();
        waybook_core::model::sort_by_name(&mut items, |(_, name)| name);
        choices::record_combo(
            ui,
            "give-item",
            "From the catalogue:",
            &mut state.add_item,
            Unpicked::Prompt("choose an item"),
            &items,
        );
        let amount = state.add_quantity.ui(ui, "Amount", 60.0);
        let item = state.add_item.ok_or("Choose an item from the catalogue");
        let give = |to: &[Holder]| {
            let (q, item) = (amount.clone()?, item?);
            edits::add_stacks(data, to, item, q).map_err(|e| e.to_string())
        };
        let mut given = play_button(ui, "Give", give(&[holder]), |_| None).1;
        // One item to every member of the holder's party at once.
        let members = party_members(data, holder);
        let each = match &members {
            Some((party, members)) if !members.is_empty() => (
                format!("Give each of {party}"),
                give(members).map_err(|e| e.to_string()),
            ),
            Some((party, _)) => (
                format!("Give each of {party}"),
                Err(format!("{party} has no members yet")),
            ),
            None => (
                "Give each of the party".to_owned(),
                Err("They are in no party".to_owned()),
            ),
        };
        given = given.or(play_button(ui, each.0, each.1, |_| None).1);
        if let Some(edit) = given {
            state.add_quantity.clear();
            out.push(Command::Apply(edit));
        }
    });
}

/// The party of a holder (a stash's own, a character's) by name, and its
/// members as holders.
fn party_members(data: &CampaignData, holder: Holder) -> Option<(String, Vec<Holder>)> {
    let party = data.party_of_holder(holder)?;
    let name = data.parties.get(&party)?.name.clone();
    let mut members: Vec<&waybook_core::model::Character> = data.members(party).collect();
    members.sort_by_key(|c| c.name.to_lowercase());
    Some((
        name,
        members.iter().map(|c| Holder::Character(c.id)).collect(),
    ))
}
