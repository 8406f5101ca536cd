//! The character sheet: everything on the character, a section per rule text
//! switched on, laid out for reading at the table and writing on in pencil.
//! With no character it is the blank sheet for a new player.

use super::blocks;
use super::layout::Layout;
use waybook_core::heroes::sheet::{Part, sections};
use waybook_core::model::{CampaignData, Character, Holder, Settings};

pub fn character_sheet(
    l: &mut Layout<'_>,
    data: &CampaignData,
    settings: &Settings,
    c: Option<&Character>,
) {
    let name = c.map_or("Name: ____________________________", |c| c.name.as_str());
    l.start_sheet(c.map_or("Character sheet", |c| c.name.as_str()));
    let subtitle = match c {
        Some(c) => {
            let party = c
                .party
                .and_then(|p| data.parties.get(&p))
                .map_or("no party", |p| p.name.as_str());
            let player = match data.player_name(c.player) {
                "" => String::new(),
                name => format!(" · played by {name}"),
            };
            format!("{}{player} · {party} · {}", c.kind.label(), settings.name)
        }
        None => "Kind: __________   Player: __________   Party: __________".to_owned(),
    };
    blocks::title(l, name, &subtitle);
    for section in sections(data, settings, c) {
        blocks::section(l, section.title, 60.0);
        for part in &section.parts {
            draw(l, part);
        }
    }
    inventory(l, data, c);
    notes(l, c);
}

/// One part of the sheet's description, as the page draws it.
fn draw(l: &mut Layout<'_>, part: &Part) {
    match part {
        Part::Boxes(boxes) => blocks::boxes(l, boxes),
        Part::Track {
            label,
            current,
            max,
        } => blocks::track(l, label, *current, *max),
        Part::Pips {
            label,
            current,
            most,
        } => blocks::pips(l, label, *current, *most),
        Part::Line { label, text } => blocks::line(l, label, text),
        Part::Lists { lists, spare } => {
            let lists: Vec<(&str, &[String])> = (lists.iter())
                .map(|(title, items)| (title.as_str(), items.as_slice()))
                .collect();
            blocks::lists_side_by_side(l, &lists, *spare);
        }
        Part::Facts(facts) => {
            let facts: Vec<(&str, String)> = (facts.iter())
                .map(|(label, value)| (label.as_str(), value.clone()))
                .collect();
            blocks::facts(l, &facts);
        }
    }
}

/// The notes, then ruled lines to the foot of the page. Without notes to
/// print, the section comes only if a few lines fit: it never takes a page
/// for lines alone.
fn notes(l: &mut Layout<'_>, c: Option<&Character>) {
    const BAND_AND_TWO_LINES: f32 = 28.0 + 2.0 * 16.0;
    let notes = c.map(|c| c.notes.trim()).filter(|n| !n.is_empty());
    if notes.is_none() && l.room() < BAND_AND_TWO_LINES {
        return;
    }
    blocks::section(l, "Notes", 32.0);
    if let Some(notes) = notes {
        blocks::line(l, "", notes);
    }
    blocks::fill_with_lines(l);
}

fn inventory(l: &mut Layout<'_>, data: &CampaignData, c: Option<&Character>) {
    blocks::section(l, "Inventory", 40.0);
    match c {
        Some(c) => super::holdings_table(l, data, Holder::Character(c.id), "Carries nothing."),
        None => {
            let empty: Vec<Vec<String>> = (0..8).map(|_| vec![String::new(); 5]).collect();
            blocks::table(l, &super::HOLDINGS_COLUMNS, &empty);
        }
    }
}
