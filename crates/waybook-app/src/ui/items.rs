//! The item catalogue screen: every item with its category, food units,
//! weight, quality, material and tool kind; add, edit and delete.

use super::input::Typing;
use crate::app::Command;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};
use waybook_core::edits::records;
use waybook_core::model::plural;
use waybook_core::model::{CampaignData, Category, Choice, Item, ItemId, limits};

#[derive(Debug, Default)]
pub struct ItemsState {
    pub selected: Option<ItemId>,
    pub fields: Typing,
}

pub fn items_ui(ui: &mut Ui, state: &mut ItemsState, data: &CampaignData, out: &mut Vec<Command>) {
    egui::Panel::left("catalogue")
        .resizable(true)
        .default_size(420.0)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Item catalogue");
                if ui.button("Add item").clicked() {
                    let item = records::add_item(data);
                    state.selected = Some(item.id);
                    out.push(Command::Apply(item.edit));
                }
            });
            if data.items.is_empty() {
                ui.label(
                    RichText::new(
                        "The catalogue is empty: Add item, or File › Import pack… to bring in a pack's items.",
                    )
                    .weak(),
                );
            }
            TableBuilder::new(ui)
                .id_salt("catalogue-table")
                .striped(true)
                .column(Column::remainder().at_least(150.0))
                .column(Column::auto().at_least(80.0))
                .column(Column::auto().at_least(60.0))
                .column(Column::auto().at_least(60.0))
                .header(22.0, |mut header| {
                    for title in ["Name", "Category", "Food", "Weight"] {
                        header.col(|ui| {
                            ui.strong(title);
                        });
                    }
                })
                .body(|body| {
                    let mut items: Vec<&Item> = data.items.values().collect();
                    waybook_core::model::sort_by_name(&mut items, |i| &i.name);
                    body.rows(22.0, items.len(), |mut row| {
                        let item = items[row.index()];
                        row.set_selected(state.selected == Some(item.id));
                        row.col(|ui| {
                            if ui
                                .selectable_label(state.selected == Some(item.id), &item.name)
                                .clicked()
                            {
                                state.selected = Some(item.id);
                            }
                        });
                        row.col(|ui| {
                            ui.label(item.category.label());
                        });
                        row.col(|ui| {
                            if item.category.has_food_units() {
                                ui.label(item.food_units.to_string());
                            } else {
                                ui.label(RichText::new("–").weak());
                            }
                        });
                        row.col(|ui| {
                            ui.label(waybook_core::model::kg(item.weight));
                        });
                    });
                });
        });
    egui::CentralPanel::default().show(ui, |ui| {
        match state.selected.and_then(|id| data.items.get(&id)) {
            Some(item) => item_editor(ui, &mut state.fields, data, item, out),
            None => {
                ui.label(RichText::new("Select an item to edit it.").weak());
            }
        }
    });
}

fn optional_combo<C: Choice>(ui: &mut Ui, label: &str, value: Option<C>) -> Option<Option<C>> {
    let mut chosen = value;
    let changed = super::choices::optional_choice_combo(ui, label, label, &mut chosen, "none");
    ui.end_row();
    changed.then_some(chosen)
}

fn item_editor(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    item: &Item,
    out: &mut Vec<Command>,
) {
    let key = |f: &str| format!("item{}:{f}", item.id.0);
    ui.heading(&item.name);
    if item.suggested {
        suggestion_ui(
            ui,
            "its units, weight and bonus are not given by the texts",
            || {
                commit_item(fields, out, item, "maker", |_| {});
            },
        );
    }
    egui::Grid::new("item-editor")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            if let Some(name) = fields.text(ui, &key("name"), "Name", &item.name, 220.0) {
                commit_item(fields, out, item, "name", |i| i.name = name);
            }
            ui.end_row();
            let chosen = super::choices::choice_combo(ui, "category", "Category", item.category);
            ui.end_row();
            if let Some(category) = chosen {
                // Food units belong to food and water only: a change away
                // clears them in the same step (undo brings them back).
                let what = if category.has_food_units() || item.food_units == 0 {
                    "category"
                } else {
                    "category (food units cleared)"
                };
                commit_item(fields, out, item, what, |i| {
                    i.category = category;
                    if !category.has_food_units() {
                        i.food_units = 0;
                    }
                });
            }
            if item.category.has_food_units() {
                ui.label("");
                if let Some(v) = fields.whole(
                    ui,
                    &key("food"),
                    "Food units",
                    item.food_units,
                    &limits::FOOD_UNITS,
                ) {
                    commit_item(fields, out, item, "food units", |i| i.food_units = v);
                }
                ui.end_row();
            }
            if item.category == waybook_core::model::Category::Food {
                ui.label("");
                let mut fodder = item.fodder;
                if ui
                    .checkbox(&mut fodder, "Fodder: only animals eat it (house rule)")
                    .changed()
                {
                    commit_item(fields, out, item, "fodder", |i| i.fodder = fodder);
                }
                ui.end_row();
            }
            ui.label("");
            if let Some(v) = fields.decimal(
                ui,
                &key("weight"),
                "Weight (kg)",
                item.weight,
                &limits::WEIGHT,
            ) {
                commit_item(fields, out, item, "weight", |i| i.weight = v);
            }
            ui.end_row();
            if let Some(q) = optional_combo(ui, "Quality", item.quality) {
                commit_item(fields, out, item, "quality", |i| i.quality = q);
            }
            if let Some(m) = optional_combo(ui, "Material type", item.material) {
                commit_item(fields, out, item, "material type", |i| i.material = m);
            }
            if let Some(t) = optional_combo(ui, "Gatherer's tool", item.tool_kind) {
                commit_item(fields, out, item, "tool kind", |i| i.tool_kind = t);
            }
            if item.category == Category::Tool || item.tool_kind.is_some() {
                ui.label("");
                if let Some(v) = fields.whole(
                    ui,
                    &key("bonus"),
                    "Item bonus",
                    item.bonus,
                    &limits::ITEM_BONUS,
                ) {
                    commit_item(fields, out, item, "item bonus", |i| i.bonus = v);
                }
                ui.end_row();
            }
        });
    if let Some(notes) = fields.multiline(ui, &key("notes"), "Notes", &item.notes) {
        commit_item(fields, out, item, "notes", |i| i.notes = notes);
    }
    ui.add_space(8.0);
    delete_item_ui(ui, data, item, out);
}

/// The edit `change` makes of a catalogue item: the GM's from then on
/// (no longer Waybook's suggestion).
fn commit_item(
    fields: &mut Typing,
    out: &mut Vec<Command>,
    item: &Item,
    what: &str,
    change: impl FnOnce(&mut Item),
) {
    fields.commit(out, item, what, |i| {
        change(i);
        i.suggested = false;
    });
}

/// The mark of a starter record that is Waybook's suggestion (`why` the
/// texts do not settle it), with "Make it mine", which `mine` does.
pub(super) fn suggestion_ui(ui: &mut Ui, why: &str, mine: impl FnOnce()) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!(
                "{}: {why}. Any change makes it yours.",
                waybook_core::model::SUGGESTED
            ))
            .italics(),
        );
        if ui.button("Make it mine").clicked() {
            mine();
        }
    });
}

/// Delete item, refused (and saying why) while anyone holds it or the
/// merchant table sells it.
fn delete_item_ui(ui: &mut Ui, data: &CampaignData, item: &Item, out: &mut Vec<Command>) {
    let held = data.holdings.values().filter(|h| h.item == item.id).count();
    let sold = data.wares.values().find(|w| w.item == Some(item.id));
    let delete = ui.add_enabled(
        held == 0 && sold.is_none(),
        egui::Button::new("Delete item"),
    );
    let delete = if held > 0 {
        delete.on_disabled_hover_text(format!(
            "{} of this item {} held; remove {} first",
            plural(held, "stack"),
            if held == 1 { "is" } else { "are" },
            if held == 1 { "it" } else { "them" }
        ))
    } else if let Some(ware) = sold {
        delete.on_disabled_hover_text(format!(
            "The merchant table sells it as “{}” (Campaign screen); remove that ware first",
            ware.name
        ))
    } else {
        delete
    };
    if delete.clicked() {
        out.push(Command::Apply(records::remove(
            format!("Delete item {}", item.name),
            item,
        )));
    }
    if held > 0 {
        ui.label(RichText::new(format!("Held in {}.", plural(held, "stack"))).weak());
    }
}
