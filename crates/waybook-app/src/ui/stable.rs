//! A party's animals and vehicles on the Parties screen: each animal with
//! its type, rider and load; each vehicle with its type, the animals that
//! draw it (ticked from the party's animals, greyed with why for one that
//! may not), its cargo against its capacity, and Delete (the cargo to the
//! stash); Add animal and Add vehicle of the house rules' types. The
//! domain's edits decide (`edits::animals`, `edits::vehicles`).

use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::edits::{animals, vehicles};
use waybook_core::model::load::{Carried, PartyLoad};
use waybook_core::model::{
    CampaignData, Character, CharacterId, Holder, Party, Vehicle, VehicleId,
};

/// What the section says of a party, worked out once per change: a party
/// may have a hundred animals and the campaign 100,000 stacks.
pub struct Stable {
    /// The party's load in words, and whether it is over.
    pub load: (String, bool),
    animals: Vec<(CharacterId, String)>,
    vehicles: Vec<(VehicleId, String)>,
}

impl Stable {
    pub fn of(data: &CampaignData, p: &Party) -> Self {
        let load = PartyLoad::of(data, p.id);
        Self {
            load: (load.words(), load.over()),
            animals: (data.members(p.id).filter(|c| c.is_animal()))
                .map(|c| (c.id, animal_line(data, c)))
                .collect(),
            vehicles: (data.vehicles.values().filter(|v| v.party == Some(p.id)))
                .map(|v| {
                    let carried = Carried::of_holder(data, Holder::Vehicle(v.id))
                        .map_or_else(String::new, |c| format!(" · {}", c.words()));
                    (v.id, format!("{} ({}){carried}", v.name, v.breed))
                })
                .collect(),
        }
    }
}

pub fn stable_ui(
    ui: &mut Ui,
    data: &CampaignData,
    (p, shown): (&Party, &Stable),
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("Animals and vehicles").strong());
    let beasts: Vec<&Character> = (shown.animals.iter())
        .filter_map(|(id, _)| data.characters.get(id))
        .collect();
    if shown.animals.is_empty() && shown.vehicles.is_empty() {
        ui.label(
            RichText::new("None yet: a mount or pack animal marches, eats and tires with the party; a vehicle carries its load.")
                .weak(),
        );
    }
    super::lists::rows_in_view(ui, "party-animals", shown.animals.len(), 240.0, |ui, i| {
        if let Some((_, line)) = shown.animals.get(i) {
            ui.label(line);
        }
    });
    for (id, line) in &shown.vehicles {
        if let Some(cart) = data.vehicles.get(id) {
            vehicle_ui(ui, data, (cart, line), &beasts, out);
        }
    }
    ui.horizontal(|ui| {
        ui.menu_button("Add animal", |ui| {
            for kind in &data.settings.house_rules.animal_types {
                if ui.button(&kind.name).clicked() {
                    out.push(match animals::add_animal(data, Some(p.id), &kind.name) {
                        Ok(added) => Command::Apply(added.edit),
                        Err(why) => Command::Refuse(why),
                    });
                    ui.close();
                }
            }
        });
        ui.menu_button("Add vehicle", |ui| {
            for kind in &data.settings.house_rules.vehicle_types {
                if ui.button(&kind.name).clicked() {
                    out.push(match vehicles::add_vehicle(data, Some(p.id), &kind.name) {
                        Ok(added) => Command::Apply(added.edit),
                        Err(why) => Command::Refuse(why),
                    });
                    ui.close();
                }
            }
        });
    });
}

/// "Bess (Mule) · draws the Cart · 40 of 90 kg carried (house rule)".
fn animal_line(data: &CampaignData, beast: &Character) -> String {
    let Some(animal) = &beast.animal else {
        return beast.name.clone();
    };
    let role = data.animal_goes(beast);
    let carried = Carried::of_holder(data, Holder::Character(beast.id))
        .map_or_else(String::new, |c| format!(" · {}", c.words()));
    format!("{} ({}) · {role}{carried}", beast.name, animal.breed)
}

/// One vehicle: its cargo against its capacity, its team, and Delete.
fn vehicle_ui(
    ui: &mut Ui,
    data: &CampaignData,
    (cart, line): (&Vehicle, &str),
    beasts: &[&Character],
    out: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(line);
        if ui
            .button("Delete…")
            .on_hover_text("Its cargo goes to the stash; Ctrl+Z brings it back")
            .clicked()
        {
            out.push(match vehicles::delete(data, cart) {
                Ok(edit) => Command::Apply(edit),
                Err(why) => Command::Refuse(why),
            });
        }
    });
    let needs = (data.settings.house_rules.vehicle_type(&cart.breed)).map_or(0, |t| t.animals);
    if needs == 0 {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("Drawn by (needs {needs} a team):")).weak());
        if beasts.is_empty() {
            ui.label(RichText::new("the party has no animal").weak());
        }
        for beast in beasts {
            let mut draws = cart.team.contains(&beast.id);
            let refused = (!draws)
                .then(|| vehicles::set_team(data, cart, beast.id, true).err())
                .flatten();
            let tick = ui
                .add_enabled(
                    refused.is_none(),
                    egui::Checkbox::new(&mut draws, &beast.name),
                )
                .on_disabled_hover_text(refused.unwrap_or_default());
            if tick.changed() {
                out.push(match vehicles::set_team(data, cart, beast.id, draws) {
                    Ok(edit) => Command::Apply(edit),
                    Err(why) => Command::Refuse(why),
                });
            }
        }
    });
}
