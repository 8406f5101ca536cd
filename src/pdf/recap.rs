//! The session recap: one game night's campaign log (every roll and event
//! of that real date): what happened and its dice, the campaign time, the
//! kind.

use super::blocks::{self, Align, Column};
use super::layout::Layout;
use crate::model::{CampaignData, Choice, LogEntry};

/// The recap of the game night `night` ("2026-11-27").
pub fn recap(l: &mut Layout<'_>, data: &CampaignData, night: &str) {
    let entries: Vec<&LogEntry> = data.log.values().filter(|e| e.night() == night).collect();
    l.start_sheet(&format!("Session recap {night}"));
    let span = match (entries.first(), entries.last()) {
        (Some(first), Some(last)) if first.at != last.at => {
            format!("{} to {}", first.at, last.at)
        }
        (Some(first), _) => first.at.to_string(),
        _ => "nothing was rolled".to_owned(),
    };
    blocks::title(
        l,
        &format!("Session recap · {night}"),
        &format!(
            "{} · {} · {}",
            data.settings.name,
            match entries.len() {
                1 => "1 entry".to_owned(),
                n => format!("{n} entries"),
            },
            span
        ),
    );
    // The first column wraps: what happened and its dice, in full.
    let columns = [
        Column {
            header: "What happened, and the dice",
            share: 6.0,
            align: Align::Left,
        },
        Column {
            header: "Campaign time",
            share: 1.4,
            align: Align::Left,
        },
        Column {
            header: "Kind",
            share: 1.3,
            align: Align::Left,
        },
    ];
    let rows: Vec<Vec<String>> = entries
        .iter()
        .map(|e| {
            let undone = if e.undone { " (undone)" } else { "" };
            let who: Vec<&str> = e
                .characters
                .iter()
                .filter_map(|c| data.characters.get(c))
                .map(|c| c.name.as_str())
                .collect();
            let who = if who.is_empty() {
                String::new()
            } else {
                format!(" ({})", who.join(", "))
            };
            let dice = if e.rolled.is_empty() {
                String::new()
            } else {
                format!(" — {}", e.rolled)
            };
            vec![
                format!("{}{who}{undone}{dice}", e.why),
                e.at.stamp(),
                e.kind.label().to_owned(),
            ]
        })
        .collect();
    blocks::section(l, "The log", 40.0);
    blocks::table(l, &columns, &rows);
}
