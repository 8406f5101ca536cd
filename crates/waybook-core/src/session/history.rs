//! Undo and redo: a stack of applied edits and a stack of undone ones, as
//! the file keeps them (`store::history`), each edit with its row there.
//! Each edit carries its changes' before and after, so undoing is applying
//! the inverse. At most [`HISTORY_BOUND`] edits, the newest, are kept.

use crate::model::Edit;
use crate::store::{HISTORY_BOUND, Kept, Recorded};

/// The row of an edit sent to the file, until it is written
/// ([`History::confirm`]); the file's rows start at 1.
pub const PENDING: i64 = 0;

#[derive(Debug, Default)]
pub struct History {
    done: Vec<Recorded>,
    undone: Vec<Recorded>,
}

impl History {
    /// The history the file kept.
    pub fn from_kept(kept: Kept) -> Self {
        Self {
            done: kept.done,
            undone: kept.undone,
        }
    }

    /// Records an edit the GM just made (kept in `row`); it clears the redo
    /// stack, and the oldest edit past the bound is forgotten.
    pub fn record(&mut self, edit: Edit, row: i64) {
        self.done.push(Recorded::made(edit, row));
        self.undone.clear();
        let past = self.done.len().saturating_sub(HISTORY_BOUND);
        self.done.drain(..past);
    }

    /// The oldest edit recorded with its row [`PENDING`] was written, in
    /// `row` (edits are written in the order made).
    pub fn confirm(&mut self, row: i64) {
        if let Some(recorded) = self.done.iter_mut().find(|r| r.row == PENDING) {
            recorded.row = row;
        }
    }

    pub fn undo_label(&self) -> Option<&str> {
        self.done.last().map(|r| r.label.as_str())
    }

    pub fn redo_label(&self) -> Option<&str> {
        self.undone.last().map(|r| r.label.as_str())
    }

    /// The last edit done: the one undo takes back.
    pub fn last_done(&self) -> Option<&Recorded> {
        self.done.last()
    }

    /// The last edit undone: the one redo makes again.
    pub fn last_undone(&self) -> Option<&Recorded> {
        self.undone.last()
    }

    /// Forgets the edits done, when undo cannot pass the last of them.
    pub fn forget_done(&mut self) {
        self.done.clear();
    }

    /// Forgets the edits undone, when redo cannot pass the next of them.
    pub fn forget_undone(&mut self) {
        self.undone.clear();
    }

    /// Called once the inverse of [`Self::last_done`] is safely written.
    pub fn commit_undo(&mut self) {
        if let Some(recorded) = self.done.pop() {
            self.undone.push(recorded);
        }
    }

    pub fn commit_redo(&mut self) {
        if let Some(recorded) = self.undone.pop() {
            self.done.push(recorded);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Change, Settings};

    fn rename(from: &str, to: &str) -> Edit {
        Edit::new(
            "Rename campaign",
            vec![Change::Settings {
                before: Settings::new(from),
                after: Settings::new(to),
            }],
        )
    }

    #[test]
    fn undo_gives_the_inverse_and_redo_the_original() {
        let mut history = History::default();
        history.record(rename("a", "b"), 1);
        let last = history.last_done().expect("an edit to undo");
        assert_eq!(last, &Recorded::made(rename("a", "b"), 1));
        history.commit_undo();
        assert_eq!(
            history.last_undone(),
            Some(&Recorded::made(rename("a", "b"), 1))
        );
        assert_eq!(history.undo_label(), None);
        history.commit_redo();
        assert_eq!(history.undo_label(), Some("Rename campaign"));
    }

    #[test]
    fn a_new_edit_clears_redo() {
        let mut history = History::default();
        history.record(rename("a", "b"), 1);
        history.commit_undo();
        history.record(rename("a", "c"), 2);
        assert_eq!(history.last_undone(), None);
    }

    #[test]
    fn only_the_newest_edits_are_kept() {
        let mut history = History::default();
        let past = i64::try_from(HISTORY_BOUND).expect("small") + 5;
        for row in 1..=past {
            history.record(rename("a", &row.to_string()), row);
        }
        let mut undone = 0;
        while history.last_done().is_some() {
            history.commit_undo();
            undone += 1;
        }
        assert_eq!(undone, HISTORY_BOUND);
        assert_eq!(history.last_undone().map(|r| r.row), Some(6));
    }
}
