//! The players at the table, on the Parties screen: each one's name (a
//! rename keeps what they were shown), their characters, Remove (their
//! characters become the GM's own, their shares theirs no more; undo
//! brings it all back), and a field that adds one.

use super::input::Typing;
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::edits::players;
use waybook_core::model::{CampaignData, capitalised};

pub fn players_ui(ui: &mut Ui, fields: &mut Typing, data: &CampaignData, out: &mut Vec<Command>) {
    ui.heading("Players at the table");
    ui.label(
        RichText::new(
            "A character's player is chosen on their sheet. What the GM shares with a player stays theirs when their name changes.",
        )
        .weak(),
    );
    let mut list: Vec<_> = data.players.values().collect();
    waybook_core::model::sort_by_name(&mut list, |p| &p.name);
    if list.is_empty() {
        ui.label(RichText::new("No players yet: add one below, or on a character's sheet.").weak());
    }
    for p in list {
        ui.horizontal(|ui| {
            let key = format!("player{}:name", p.id.0);
            if let Some(name) = fields.text(ui, &key, "Player", &p.name, 160.0)
                && fields.finished()
            {
                match players::rename(data, p, &name) {
                    Ok(edit) => out.push(Command::Apply(edit)),
                    Err(why) => fields.refuse(out, capitalised(&why.to_string())),
                }
            }
            let plays: Vec<&str> = (data.characters.values())
                .filter(|c| c.player == Some(p.id))
                .map(|c| c.name.as_str())
                .collect();
            let plays = if plays.is_empty() {
                "no character yet".to_owned()
            } else {
                format!("plays {}", plays.join(", "))
            };
            ui.label(RichText::new(plays).weak());
            if ui.button(format!("Remove {}", p.name)).clicked() {
                out.push(Command::Apply(players::remove(data, p)));
            }
        });
    }
    ui.horizontal(|ui| {
        if let Some(name) = fields.text(ui, "player:new", "New player", "", 160.0)
            && fields.finished()
        {
            match players::add(data, &name) {
                Ok(added) => out.push(Command::Apply(added.edit)),
                Err(why) => fields.refuse(out, capitalised(&why.to_string())),
            }
        }
    });
}
