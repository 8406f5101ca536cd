//! The one record mechanism: every kind of campaign record (the settings,
//! and each kind of the table in `kinds.rs`) is a [`Record`]: its id,
//! where it lives in [`CampaignData`], the [`Change`] that carries it, and
//! its name for the Edit menu. Applying, inverting and resolving against
//! the current data (here) and writing to the file (`crate::store`) are
//! written once, for every kind, through
//! [`each_change!`](crate::model::each_change).

use super::{CampaignData, Change, Settings};
use crate::model::kinds::{declare_records, each_change};
use std::fmt::Debug;

/// A kind of record of a campaign.
pub trait Record: Clone + PartialEq + Debug {
    type Id: Copy + Ord + Debug;
    /// The kind as the GM reads it in a message ("character").
    const KIND: &'static str;
    fn id(&self) -> Self::Id;
    /// The id as the file keys it, and back.
    fn key(id: Self::Id) -> i64;
    fn of_key(key: i64) -> Self::Id;
    /// The record with this id in the campaign, if there is one.
    fn get(data: &CampaignData, id: Self::Id) -> Option<&Self>;
    /// The largest key below `bound` the campaign holds of this kind, if any.
    fn last_key_below(data: &CampaignData, bound: i64) -> Option<i64>;
    /// Puts the record with this id in place (or removes it with `None`).
    fn put(data: &mut CampaignData, id: Self::Id, record: Option<Self>);
    /// The change from `before` to `after` of one record of this kind.
    fn change(before: Option<Self>, after: Option<Self>) -> Change;
    /// How an edit of it is named: "Change {what} of {title}".
    fn title(&self) -> Option<String>;
}

/// Why a change could not be applied to the campaign as it is now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {kind} to be removed is no longer there (id {id})")]
pub struct Stale {
    pub kind: &'static str,
    pub id: String,
}

/// The id a change is about: its record's after, else its before.
fn change_id<R: Record>(before: Option<&R>, after: Option<&R>) -> Option<R::Id> {
    after.or(before).map(Record::id)
}

impl Change {
    /// The kind of record it changes, as messages name it ("character").
    pub fn kind(&self) -> &'static str {
        each_change!(self, |R, _before, _after| R::KIND)
    }

    /// The kind and key of the record it changes, and how ("character 3
    /// changed"): no name or text of the campaign, for crash reports.
    pub fn trace(&self) -> String {
        each_change!(self, |R, before, after| {
            let how = match (before, after) {
                (None, Some(_)) => "added",
                (Some(_), None) => "removed",
                _ => "changed",
            };
            match change_id(before, after) {
                Some(id) => format!("{} {} {how}", R::KIND, R::key(id)),
                None => format!("{} {how}", R::KIND),
            }
        })
    }

    /// The change that takes this one back.
    pub fn inverse(&self) -> Change {
        each_change!(self, |R, before, after| R::change(
            after.cloned(),
            before.cloned()
        ))
    }

    /// This change with its `before` read from `data` as it is now: the
    /// state it replaces comes from the campaign, never from a screen's copy.
    /// Refused when it removes a record that is not there.
    pub fn resolve(&self, data: &CampaignData) -> Result<Change, Stale> {
        each_change!(self, |R, before, after| {
            let Some(id) = change_id(before, after) else {
                return Ok(self.clone());
            };
            let current = R::get(data, id).cloned();
            if after.is_none() && current.is_none() {
                return Err(Stale {
                    kind: R::KIND,
                    id: format!("{id:?}"),
                });
            }
            Ok(R::change(current, after.cloned()))
        })
    }
}

impl CampaignData {
    /// Applies one change to the data in memory.
    pub fn apply(&mut self, change: &Change) {
        self.revision += 1;
        each_change!(change, |R, before, after| {
            if let Some(id) = change_id(before, after) {
                R::put(self, id, after.cloned());
            }
        })
    }

    /// Applies each of `changes` in turn: an edit's, to work out what
    /// follows from it before it is made.
    pub fn apply_all(&mut self, changes: &[Change]) {
        for change in changes {
            self.apply(change);
        }
    }
}

impl Record for Settings {
    type Id = ();
    const KIND: &'static str = "campaign settings";
    fn id(&self) {}
    fn key((): ()) -> i64 {
        0
    }
    fn of_key(_: i64) {}
    fn get(data: &CampaignData, _: ()) -> Option<&Self> {
        Some(&data.settings)
    }
    fn last_key_below(_: &CampaignData, _: i64) -> Option<i64> {
        Some(0)
    }
    fn put(data: &mut CampaignData, _: (), record: Option<Self>) {
        // The settings are never removed, only changed.
        if let Some(settings) = record {
            data.settings = settings;
        }
    }
    fn change(before: Option<Self>, after: Option<Self>) -> Change {
        let after = after.or_else(|| before.clone()).unwrap_or_default();
        let before = before.unwrap_or_else(|| after.clone());
        Change::Settings { before, after }
    }
    fn title(&self) -> Option<String> {
        None
    }
}

crate::model::kinds::record_kinds!(declare_records, []);
