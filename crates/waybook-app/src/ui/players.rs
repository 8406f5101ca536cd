//! The players at the table, on the Parties screen: each one's name (a
//! rename keeps what they were shown), their characters, Remove (their
//! characters become the GM's own, their shares theirs no more; undo
//! brings it all back), and a field that adds one.

use super::input::Typing;
use crate::app::Command;
use egui::{RichText, Ui};
use std::collections::BTreeMap;
use waybook_core::edits::players;
use waybook_core::model::{CampaignData, PlayerId, capitalised};

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
    let plays = characters_played(data);
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
            let plays = plays.get(&p.id).map_or_else(
                || "no character yet".to_owned(),
                |played| format!("plays {}", played.words()),
            );
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

/// The most characters named beside a player; the rest are counted.
const NAMED: usize = 5;

/// The characters a player plays: the first few by name, and how many.
#[derive(Default)]
struct Played<'a> {
    named: Vec<&'a str>,
    count: usize,
}

impl Played<'_> {
    /// "Ash Varnell, Pell (porter)", or "Ash, Bryn, Cael, Dara, Eli and
    /// 9996 more": a player of thousands is not one line of thousands.
    fn words(&self) -> String {
        let named = self.named.join(", ");
        match self.count - self.named.len() {
            0 => named,
            more => format!("{named} and {more} more"),
        }
    }
}

/// Each player's characters, from one pass over the campaign's.
fn characters_played(data: &CampaignData) -> BTreeMap<PlayerId, Played<'_>> {
    let mut plays: BTreeMap<PlayerId, Played<'_>> = BTreeMap::new();
    for c in data.characters.values() {
        if let Some(player) = c.player {
            let played = plays.entry(player).or_default();
            played.count += 1;
            if played.named.len() < NAMED {
                played.named.push(&c.name);
            }
        }
    }
    plays
}
