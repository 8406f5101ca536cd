//! The handout of a session: what changed for a player's characters and
//! parties between two of their views (`players_view::view`), the campaign
//! as it was (a snapshot of a date) and as it is. XP and advances, wounds,
//! hit points, injuries and exhaustion, what each carries, the party's
//! Supplies, purse and stash, and the places found. Both sides are views,
//! so a change can only name what the player may see.

use super::{CampaignData, Character, Holder, plural};
use std::collections::BTreeMap;

/// What changed for one character or party: its name and a line a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    pub who: String,
    pub lines: Vec<String>,
}

/// Everything that changed since `since`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionChanges {
    /// What the earlier side is ("the snapshot of 2026-11-27").
    pub since: String,
    pub changed: Vec<Changed>,
    pub places_found: Vec<String>,
}

impl SessionChanges {
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && self.places_found.is_empty()
    }
}

/// The changes from `before` to `now`, both views of the same player.
pub fn between(before: &CampaignData, now: &CampaignData, since: &str) -> SessionChanges {
    let mut changed = Vec::new();
    for c in now.characters.values() {
        let mut lines = match before.characters.get(&c.id) {
            Some(old) => sheet_changes(old, c),
            None => vec!["Joined the party".to_owned()],
        };
        lines.extend(carried(before, now, Holder::Character(c.id)));
        if !lines.is_empty() {
            changed.push(Changed {
                who: c.name.clone(),
                lines,
            });
        }
    }
    for p in now.parties.values() {
        let mut lines = Vec::new();
        if let Some(old) = before.parties.get(&p.id) {
            number(&mut lines, "Supplies", old.supplies, p.supplies);
            number(
                &mut lines,
                &format!("Purse ({})", p.currency),
                old.purse,
                p.purse,
            );
        }
        lines.extend(carried(before, now, Holder::Stash(p.id)));
        if !lines.is_empty() {
            changed.push(Changed {
                who: format!("{} (party)", p.name),
                lines,
            });
        }
    }
    let places_found = (now.places.values())
        .filter(|p| !before.places.contains_key(&p.id))
        .map(|p| p.name.clone())
        .collect();
    SessionChanges {
        since: since.to_owned(),
        changed,
        places_found,
    }
}

fn number(lines: &mut Vec<String>, label: &str, was: i64, is: i64) {
    if was != is {
        lines.push(format!("{label}: {was} → {is} ({:+})", is - was));
    }
}

fn sheet_changes(old: &Character, c: &Character) -> Vec<String> {
    let mut lines = Vec::new();
    number(&mut lines, "XP", old.companion.xp, c.companion.xp);
    let (was, is) = (old.companion.advances.len(), c.companion.advances.len());
    if is > was {
        let new: Vec<&str> = (c.companion.advances.iter().skip(was))
            .map(|a| a.what.trim())
            .filter(|w| !w.is_empty())
            .collect();
        let count = plural(is - was, "new advance");
        lines.push(if new.is_empty() {
            count
        } else {
            format!("{count}: {}", new.join(", "))
        });
    }
    number(
        &mut lines,
        "Wounds",
        old.companion.wounds.current,
        c.companion.wounds.current,
    );
    number(&mut lines, "HP", old.rounds.hp.current, c.rounds.hp.current);
    number(
        &mut lines,
        "Exhaustion",
        old.exploration.exhaustion,
        c.exploration.exhaustion,
    );
    let injuries = |c: &Character| -> Vec<String> {
        c.companion
            .injuries
            .iter()
            .chain(&c.rounds.injuries)
            .cloned()
            .collect()
    };
    let (old_injuries, injuries) = (injuries(old), injuries(c));
    for i in injuries.iter().filter(|i| !old_injuries.contains(i)) {
        lines.push(format!("New injury: {i}"));
    }
    for i in old_injuries.iter().filter(|i| !injuries.contains(i)) {
        lines.push(format!("Healed: {i}"));
    }
    lines
}

/// "+3 Rations", "-1 Rope": what `holder` carries now against before, by
/// the item's name.
fn carried(before: &CampaignData, now: &CampaignData, holder: Holder) -> Vec<String> {
    let count = |data: &CampaignData| {
        let mut by_name: BTreeMap<String, i64> = BTreeMap::new();
        for h in data.holdings_of(holder) {
            let name = data
                .items
                .get(&h.item)
                .map_or("(an item)", |i| i.name.as_str());
            *by_name.entry(name.to_owned()).or_default() += h.quantity;
        }
        by_name
    };
    let (was, is) = (count(before), count(now));
    let names: std::collections::BTreeSet<&String> = was.keys().chain(is.keys()).collect();
    names
        .into_iter()
        .filter_map(|name| {
            let delta = is.get(name).copied().unwrap_or(0) - was.get(name).copied().unwrap_or(0);
            (delta != 0).then(|| format!("{delta:+} {name}"))
        })
        .collect()
}
