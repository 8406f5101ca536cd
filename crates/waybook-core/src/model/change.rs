//! A change to campaign data, as the before and after of one record, and an
//! edit: the changes one GM action makes, applied together and undone together.
//!
//! Every change carries both states, so its inverse is the same change with
//! the two swapped (as helix's transactions and their inversions). The
//! session reads `before` from the campaign as it is when the change is
//! applied (`Change::resolve`), so an inverse never rests on a stale copy.

use super::{Character, Holding, HoldingId, Journey};
use crate::model::kinds::declare_change;
use std::collections::{BTreeMap, BTreeSet};

crate::model::kinds::record_kinds!(declare_change, []);

impl Change {
    /// The change of one record from `before` to `after`, of any kind.
    pub fn of<R: super::Record>(before: Option<&R>, after: Option<&R>) -> Change {
        R::change(before.cloned(), after.cloned())
    }

    pub fn journey(before: Option<&Journey>, after: Option<&Journey>) -> Change {
        Change::of(before, after)
    }
    /// The changes that turn one set of stacks into another, stack by stack.
    pub fn holdings_between(
        before: &BTreeMap<HoldingId, Holding>,
        after: &BTreeMap<HoldingId, Holding>,
    ) -> Vec<Change> {
        let ids: BTreeSet<&HoldingId> = before.keys().chain(after.keys()).collect();
        ids.into_iter()
            .filter(|id| before.get(id) != after.get(id))
            .map(|id| Change::Holding {
                before: before.get(id).cloned(),
                after: after.get(id).cloned(),
            })
            .collect()
    }

    pub fn character(before: Option<&Character>, after: Option<&Character>) -> Change {
        Change::of(before, after)
    }

    /// What the change added to its record's own account of what happened:
    /// the new lines of a scene, a travel round, a gathering session, a
    /// mission or a journey's log, a character's hazard lines and memories,
    /// a region's weather as it was rolled.
    pub fn added_lines(&self) -> Vec<String> {
        fn beyond(before: Option<&[String]>, after: Option<&[String]>) -> Vec<String> {
            let kept = before.map_or(0, <[String]>::len);
            (after.unwrap_or_default().iter())
                .skip(kept)
                .cloned()
                .collect()
        }
        match self {
            Change::Scene { before, after } => beyond(
                before.as_ref().map(|s| &s.lines[..]),
                after.as_ref().map(|s| &s.lines[..]),
            ),
            Change::Round { before, after } => beyond(
                before.as_ref().map(|r| &r.lines[..]),
                after.as_ref().map(|r| &r.lines[..]),
            ),
            Change::Session { before, after } => beyond(
                before.as_ref().map(|s| &s.lines[..]),
                after.as_ref().map(|s| &s.lines[..]),
            ),
            Change::Mission { before, after } => beyond(
                before.as_ref().map(|m| &m.lines[..]),
                after.as_ref().map(|m| &m.lines[..]),
            ),
            Change::Journey { before, after } => beyond(
                before.as_ref().map(|j| &j.log[..]),
                after.as_ref().map(|j| &j.log[..]),
            ),
            Change::Weather {
                before,
                after: Some(w),
            } if before.as_ref().is_none_or(|b| b.rolled != w.rolled) => {
                vec![format!("Day {}: {}: {}", w.day, w.rolled, w.weather)]
            }
            Change::Character {
                before,
                after: Some(after),
            } => {
                fn hazards(c: &Character) -> &[String] {
                    &c.exploration.hazards.lines
                }
                let mut lines = beyond(before.as_deref().map(hazards), Some(hazards(after)));
                let taken = before.as_ref().map_or(0, |b| b.companion.advances.len());
                lines.extend(after.companion.advances.iter().skip(taken).map(|a| {
                    format!(
                        "{} takes {} at level {}.",
                        after.name,
                        a.describe(),
                        a.level
                    )
                }));
                let known = before.as_ref().map_or(0, |b| b.companion.memories.len());
                lines.extend(
                    after
                        .companion
                        .memories
                        .iter()
                        .skip(known)
                        .map(|m| format!("{} remembers: {}", after.name, m.text)),
                );
                lines
            }
            _ => Vec::new(),
        }
    }
}

/// The changes one GM action makes, with a label for the Edit menu
/// ("Undo Rename character").
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Edit {
    pub label: String,
    pub changes: Vec<Change>,
}

impl Edit {
    pub fn new(label: impl Into<String>, changes: Vec<Change>) -> Self {
        Self {
            label: label.into(),
            changes,
        }
    }

    /// The edit that takes this one back: each change inverted, in reverse order.
    pub fn inverse(&self) -> Edit {
        Edit {
            label: self.label.clone(),
            changes: self.changes.iter().rev().map(Change::inverse).collect(),
        }
    }
}
