//! An open campaign: the file, its data in memory and its undo history.
//! Every edit goes through [`Session::apply`]: written to the file in one
//! transaction first, then mirrored in memory, then recorded for undo.

use super::history::History;
use crate::model::{CampaignData, Edit};
use crate::store::{self, Campaign};
use std::path::{Path, PathBuf};

pub struct Session {
    campaign: Campaign,
    pub data: CampaignData,
    history: History,
}

impl Session {
    pub fn new(campaign: Campaign) -> store::Result<Self> {
        let data = campaign.load()?;
        Ok(Self {
            campaign,
            data,
            history: History::default(),
        })
    }

    pub fn path(&self) -> Option<&Path> {
        self.campaign.path()
    }

    pub fn path_buf(&self) -> Option<PathBuf> {
        self.path().map(Path::to_owned)
    }

    /// Writes an edit; if the file refuses it (full disk, read-only), memory
    /// and history stay as they were and the error is returned to show.
    pub fn apply(&mut self, edit: Edit) -> store::Result<()> {
        self.write(&edit)?;
        self.history.record(edit);
        Ok(())
    }

    fn write(&mut self, edit: &Edit) -> store::Result<()> {
        self.campaign.apply(edit)?;
        for change in &edit.changes {
            self.data.apply(change);
        }
        Ok(())
    }

    /// Undoes the last edit; returns its label, or `None` if there was none.
    pub fn undo(&mut self) -> store::Result<Option<String>> {
        let Some(inverse) = self.history.peek_undo() else {
            return Ok(None);
        };
        self.write(&inverse)?;
        self.history.commit_undo();
        Ok(Some(inverse.label))
    }

    pub fn redo(&mut self) -> store::Result<Option<String>> {
        let Some(edit) = self.history.peek_redo() else {
            return Ok(None);
        };
        self.write(&edit)?;
        self.history.commit_redo();
        Ok(Some(edit.label))
    }

    pub fn undo_label(&self) -> Option<&str> {
        self.history.undo_label()
    }

    pub fn redo_label(&self) -> Option<&str> {
        self.history.redo_label()
    }

    pub fn save_copy(&self, target: &Path) -> store::Result<()> {
        if self.path() == Some(target) {
            return Err(store::StoreError::Exists(target.to_owned()));
        }
        self.campaign.save_copy(target)
    }
}
