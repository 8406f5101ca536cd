//! The session recap: what happened on one game night (every step played
//! and every event of that real date that was not undone), each with the
//! campaign time, its kind, what it did in words (the mission closed and
//! its XP, the advances, the memories, the wild dice, every outcome) and
//! the dice beneath.

use super::blocks;
use super::layout::Layout;
use waybook_core::model::{CampaignData, LogEntry};

/// The recap of the game night `night` ("2026-11-27").
pub fn recap(l: &mut Layout<'_>, data: &CampaignData, night: &str) {
    let entries: Vec<&LogEntry> = data
        .log
        .values()
        .filter(|e| e.night() == night && !e.undone)
        .collect();
    l.start_sheet(&format!("Session recap {night}"));
    let span = match (entries.first(), entries.last()) {
        (Some(first), Some(last)) if first.at != last.at => {
            format!("{} to {}", first.at, last.at)
        }
        (Some(first), _) => first.at.to_string(),
        _ => "nothing happened".to_owned(),
    };
    blocks::title(
        l,
        &format!("Session recap · {night}"),
        &format!(
            "{} · {} · {}",
            data.settings.name,
            waybook_core::model::plural(entries.len(), "entry"),
            span
        ),
    );
    blocks::section(l, "What happened", 40.0);
    for e in entries {
        let heading = format!(
            "{} · {} · {}{}",
            data.settings.when(e.at),
            e.kind.label(),
            e.why,
            data.who_of(&e.characters)
        );
        // Each die whole on its line: "d6: 4" joined by a no-break space.
        let dice =
            (!e.rolled.is_empty()).then(|| format!("Dice: {}", e.rolled.replace(": ", ":\u{a0}")));
        blocks::entry(l, &heading, &e.said, dice.as_deref());
    }
}
