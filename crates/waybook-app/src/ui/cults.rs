//! The campaign's cults, on the Campaign screen: each lesser god with its
//! bright cult (allies, rivals, Pilgrim patrons) and dark cult (enemies),
//! each with its cult rule and the trait its elites and above carry. The
//! Scene screen swaps a cult's models into a fight.

use super::input::Typing;
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::edits::records;
use waybook_core::model::CampaignData;

pub fn cults_ui(ui: &mut Ui, fields: &mut Typing, data: &CampaignData, out: &mut Vec<Command>) {
    ui.label(RichText::new("Cults").strong());
    ui.label(
        RichText::new(
            "Each lesser god has a bright cult (allies, rivals, Pilgrim patrons) and a dark cult (enemies). Elites and above carry the cult's trait.",
        )
        .weak(),
    );
    for c in data.cults.values() {
        let key = |f: &str| format!("cult{}:{f}", c.id.0);
        ui.horizontal(|ui| {
            if let Some(god) = fields.text(ui, &key("god"), "Lesser god", &c.god, 240.0) {
                fields.commit(out, c, "god", |c| c.god = god);
            }
            if ui
                .button(format!("Remove the cults of {}", c.god))
                .clicked()
            {
                out.push(Command::Apply(records::remove(
                    format!("Remove the cults of {}", c.god),
                    c,
                )));
            }
        });
        for bright in [true, false] {
            let side = c.side(bright);
            let which = if bright { "Bright" } else { "Dark" };
            let key = |f: &str| key(&format!("{which}-{f}"));
            ui.horizontal_wrapped(|ui| {
                ui.add_space(16.0);
                if let Some(v) = fields.text(
                    ui,
                    &key("name"),
                    &format!("{which} cult"),
                    &side.name,
                    180.0,
                ) {
                    fields.commit(out, c, &format!("{which} cult"), |c| {
                        c.side_mut(bright).name = v
                    });
                }
                if let Some(v) = fields.text(ui, &key("rule"), "Cult rule", &side.rule, 360.0) {
                    fields.commit(out, c, &format!("{which} cult rule"), |c| {
                        c.side_mut(bright).rule = v
                    });
                }
                if let Some(v) = fields.text(ui, &key("trait"), "Trait", &side.trait_, 320.0) {
                    fields.commit(out, c, &format!("{which} cult trait"), |c| {
                        c.side_mut(bright).trait_ = v
                    });
                }
            });
        }
    }
    if ui.button("Add a lesser god").clicked() {
        out.push(Command::Apply(records::add_cult(data).edit));
    }
}
