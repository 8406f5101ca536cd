//! Undo and redo: a stack of applied edits and a stack of undone ones.
//! Each edit carries its changes' before and after, so undoing is applying
//! the inverse. The history lives as long as the campaign is open.

use crate::model::Edit;

#[derive(Debug, Default)]
pub struct History {
    done: Vec<Edit>,
    undone: Vec<Edit>,
}

impl History {
    /// Records an edit the GM just made; it clears the redo stack.
    pub fn record(&mut self, edit: Edit) {
        self.done.push(edit);
        self.undone.clear();
    }

    pub fn undo_label(&self) -> Option<&str> {
        self.done.last().map(|e| e.label.as_str())
    }

    pub fn redo_label(&self) -> Option<&str> {
        self.undone.last().map(|e| e.label.as_str())
    }

    /// The edit to apply to take the last one back (its inverse).
    pub fn peek_undo(&self) -> Option<Edit> {
        self.done.last().map(Edit::inverse)
    }

    pub fn peek_redo(&self) -> Option<Edit> {
        self.undone.last().cloned()
    }

    /// Called once the inverse from [`Self::peek_undo`] is safely written.
    pub fn commit_undo(&mut self) {
        if let Some(edit) = self.done.pop() {
            self.undone.push(edit);
        }
    }

    pub fn commit_redo(&mut self) {
        if let Some(edit) = self.undone.pop() {
            self.done.push(edit);
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
        history.record(rename("a", "b"));
        let undo = history.peek_undo().expect("an edit to undo");
        assert_eq!(undo, rename("b", "a"));
        history.commit_undo();
        assert_eq!(history.peek_redo(), Some(rename("a", "b")));
        assert_eq!(history.undo_label(), None);
        history.commit_redo();
        assert_eq!(history.undo_label(), Some("Rename campaign"));
    }

    #[test]
    fn a_new_edit_clears_redo() {
        let mut history = History::default();
        history.record(rename("a", "b"));
        history.commit_undo();
        history.record(rename("a", "c"));
        assert_eq!(history.peek_redo(), None);
    }
}
