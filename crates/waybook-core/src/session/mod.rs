//! An open campaign: the file, its data in memory and its undo history.
//! Every edit goes through [`Session::apply`]: each change's `before` is read
//! from the campaign as it is now (the session, not the screen, is the
//! authority on what an edit replaces), the edit is written to the file in
//! one transaction, mirrored in memory, then recorded for undo.
//!
//! A large campaign is shown before its log is read: the log comes in on a
//! worker ([`Session::settle_log`] takes it), and every edit waits for it.
//!
//! A reader following the file beside the session (the table's worker)
//! may be told each edit as written ([`store::Written`]), so it need not
//! read the whole campaign again to learn what the window changed.

mod history;

use crate::model::{CampaignData, Change, Edit, LogRead, Stale};
use crate::store::{self, Answer, Campaign, HistoryStep, LogReading, StoreError};
use history::History;
use std::path::{Path, PathBuf};

/// Why an edit was not made; memory, file and history are as they were.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    #[error("{0}")]
    Stale(#[from] Stale),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{} is read-only, so nothing in it can change; File > Save a Copy As… makes one you can edit", .0.display())]
    ReadOnly(PathBuf),
    #[error("{cause}. The last {} not written, so taken back: the screen shows what the file holds", if *.taken_back == 1 { "edit was".to_owned() } else { format!("{taken_back} edits were") })]
    TakenBack {
        cause: StoreError,
        taken_back: usize,
    },
    #[error("{} was moved or deleted while it was open, so nothing more was written to it; File > Save a Copy As… keeps what is open", .0.display())]
    Gone(PathBuf),
    /// An edit of the undo history the file keeps in a shape this build
    /// no longer reads: undo (or redo) cannot pass it.
    #[error("“{label}” is kept in the file in a shape this Waybook no longer reads, so it and the edits {} it cannot be {}; the campaign is as it was", if *.undo { "before" } else { "after" }, if *.undo { "undone" } else { "redone" })]
    Unreadable { label: String, undo: bool },
}

/// Which file a path names, to notice it being replaced: its device and
/// inode on Unix; on Windows the moment it was created (a file put in its
/// place was created later).
fn file_identity(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(windows)]
    {
        use std::os::windows::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.creation_time(), 0))
    }
    #[cfg(not(any(unix, windows)))]
    {
        std::fs::metadata(path).ok().map(|_| (0, 0))
    }
}

pub struct Session {
    campaign: Campaign,
    pub data: CampaignData,
    history: History,
    /// The file as it was opened: edits stop if another takes its place.
    identity: Option<(u64, u64)>,
    /// The log, while its worker reads it.
    log_reading: Option<LogReading>,
    /// Why the log could not be read, until [`Self::log_news`] tells it.
    log_news: Option<String>,
    /// The app's notes about the campaign, kept in its file outside its
    /// records ([`Campaign::keep`]).
    pub kept: std::collections::BTreeMap<String, String>,
    /// The edits sent to the file not answered yet, oldest first.
    sent: std::collections::VecDeque<Sent>,
    /// Whether an edit returns before it is written ([`Self::write_behind`]).
    behind: bool,
}

/// How many edits may wait to be written before the next waits for them.
const MOST_UNWRITTEN: usize = 32;

/// An edit sent to the file, not answered yet: its changes as made (to
/// take back if it is refused), and whether it is in the undo history.
struct Sent {
    changes: Vec<Change>,
    recorded: bool,
}

impl Session {
    /// Reads the campaign into memory but for its log, which workers read
    /// while the campaign is shown; then a worker runs its integrity
    /// check, if it is due. (Side by side, the two would share the cores,
    /// and the GM waits for the log to see it.)
    pub fn new(mut campaign: Campaign) -> store::Result<Self> {
        let (data, log_reading) = campaign.load_but_log()?;
        if log_reading.is_none() {
            campaign.check_in_background();
        }
        let identity = campaign.path().and_then(file_identity);
        let kept = campaign.kept()?;
        let history = History::from_kept(campaign.load_history()?);
        Ok(Self {
            kept,
            campaign,
            data,
            history,
            identity,
            log_reading,
            log_news: None,
            sent: std::collections::VecDeque::new(),
            behind: false,
        })
    }

    /// Tells `to` each edit from now on as it is written to the file,
    /// until `to`'s receiver is dropped (instead of whoever was told before).
    pub fn tell_written(&mut self, to: std::sync::mpsc::Sender<store::Written>) {
        self.campaign.tell_written(to);
    }

    /// Takes the log into memory once its worker has read it, or at once
    /// (waiting for it) when `wait`. A log that could not be read leaves
    /// the campaign damaged: shown, but refusing edits.
    pub fn settle_log(&mut self, wait: bool) {
        if !wait && !self.log_reading.as_ref().is_some_and(LogReading::is_done) {
            return;
        }
        let Some(reading) = self.log_reading.take() else {
            return;
        };
        let read = reading.wait();
        self.campaign.check_in_background();
        match read {
            Ok(log) => {
                self.data.log = log;
                self.data.log_read = LogRead::Whole;
            }
            Err(e) => {
                let reason = format!("its campaign log could not be read ({e})");
                self.data.log_read = LogRead::Unreadable(reason.clone());
                self.log_news = Some(reason);
            }
        }
        self.data.revision += 1;
    }

    /// Why the log could not be read, once, as soon as that is known.
    pub fn log_news(&mut self) -> Option<String> {
        self.log_news.take()
    }

    /// The campaign file, for taking a snapshot of it, with every edit
    /// sent written first.
    pub fn campaign(&mut self) -> Result<&Campaign, EditError> {
        self.settle_writes(true)?;
        Ok(&self.campaign)
    }

    pub fn path(&self) -> Option<&Path> {
        self.campaign.path()
    }

    pub fn path_buf(&self) -> Option<PathBuf> {
        self.path().map(Path::to_owned)
    }

    /// Makes an edit; if it is stale or the file refuses it (full disk,
    /// read-only), memory and history stay as they were and the error is
    /// returned to show. The edit is kept in the file's undo history, so
    /// it can be undone after the campaign is opened again. Writing
    /// behind ([`Self::write_behind`]), it returns once the edit is made
    /// in memory and sent to the file; a refusal comes from
    /// [`Self::settle_writes`].
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        let made = self.write(&edit, Some(HistoryStep::Made))?;
        self.history.record(made, history::PENDING);
        self.written_through()
    }

    /// From now on, each edit returns once it is made in memory and sent
    /// to be written, and the GM's frame never waits for the disk: the
    /// window's way. The command line waits for each.
    pub fn write_behind(&mut self) {
        self.behind = true;
    }

    /// Resolves each change against the data as the changes before it leave
    /// it, applies it in memory, then sends the whole edit to be written to
    /// the file with its `step` of the undo history (none for an edit
    /// outside it). Returns the edit as made, with the states it really
    /// replaced.
    fn write(&mut self, edit: &Edit, step: Option<HistoryStep>) -> Result<Edit, EditError> {
        self.settle_log(true);
        self.check_file()?;
        // A refusal answered already takes its edits back before this one
        // is resolved.
        self.settle_writes(false)?;
        let mut made: Vec<Change> = Vec::with_capacity(edit.changes.len());
        for change in &edit.changes {
            match change.resolve(&self.data) {
                Ok(change) => {
                    self.data.apply(&change);
                    made.push(change);
                }
                Err(stale) => {
                    self.roll_back(&made);
                    return Err(stale.into());
                }
            }
        }
        let made = Edit::new(edit.label.clone(), made);
        if let Err(e) = self.campaign.send(made.clone(), step) {
            self.roll_back(&made.changes);
            return Err(e.into());
        }
        self.sent.push_back(Sent {
            changes: made.changes.clone(),
            recorded: step == Some(HistoryStep::Made),
        });
        if self.sent.len() > MOST_UNWRITTEN {
            // Edits made faster than the disk takes them: wait for it.
            self.settle_writes(true)?;
        }
        Ok(made)
    }

    /// Whether edits sent to the file are not answered yet.
    pub fn is_writing(&self) -> bool {
        !self.sent.is_empty()
    }

    /// How many edits the file had once the last edit this session wrote
    /// was: it moves when an edit sent is written.
    pub fn written_count(&self) -> i64 {
        self.campaign.last_written()
    }

    /// Waits for the edits sent to be written, unless writing behind.
    fn written_through(&mut self) -> Result<(), EditError> {
        if self.behind {
            return Ok(());
        }
        self.settle_writes(true)
    }

    /// Reads the campaign again from its file, once every edit sent is
    /// written and the log is in: what another machine's edits merged
    /// into the file (`store::sharing`) changed. The undo history stays.
    pub fn reload(&mut self) -> Result<(), EditError> {
        self.settle_writes(true)?;
        self.settle_log(true);
        let data = self.campaign.load()?;
        self.take_data(data);
        Ok(())
    }

    /// Reads the undo history again from the file: when another machine's
    /// choice undid this machine's edits there, the history that would
    /// make them again was cleared with them.
    pub fn reload_history(&mut self) -> Result<(), EditError> {
        self.settle_writes(true)?;
        self.history = History::from_kept(self.campaign.load_history()?);
        Ok(())
    }

    /// Takes `data`, the campaign read on another connection when the
    /// file had had `count` edits, in place of what is in memory, when it
    /// holds every edit of this session's (none on its way, the last
    /// written by then, the log read): whether it did.
    pub fn adopt(&mut self, data: CampaignData, count: i64) -> bool {
        let holds_all =
            self.sent.is_empty() && self.log_reading.is_none() && self.written_count() <= count;
        if holds_all {
            self.take_data(data);
        }
        holds_all
    }

    /// `data` in place of what is in memory: a new revision, the ids
    /// handed out kept.
    fn take_data(&mut self, mut data: CampaignData) {
        data.ids.keep_from(&self.data.ids);
        data.revision = self.data.revision + 1;
        self.data = data;
    }

    /// Takes in what became of the edits sent to the file (waiting for
    /// every one with `wait`): each written is told to whoever listens and
    /// its row kept for undo. When the file refused one, that edit and
    /// every one sent after it are taken back from memory, last first,
    /// the undo history read again from the file, and the refusal
    /// returned: what is on screen is again what the file holds.
    pub fn settle_writes(&mut self, wait: bool) -> Result<(), EditError> {
        let mut refused = None;
        let mut taken: Vec<Sent> = Vec::new();
        for answer in self.campaign.answers(wait) {
            let Some(sent) = self.sent.pop_front() else {
                break;
            };
            match (answer, &refused) {
                (Answer::Wrote(wrote), None) => {
                    if sent.recorded {
                        self.history.confirm(wrote.row);
                    }
                }
                (Answer::Refused(e), None) => {
                    refused = Some(e);
                    taken.push(sent);
                }
                (Answer::NotWritten, None) => {
                    refused = Some(StoreError::WriterStopped);
                    taken.push(sent);
                }
                _ => taken.push(sent),
            }
        }
        let Some(cause) = refused else {
            return Ok(());
        };
        // The edits sent after it are never written: the writer stopped.
        self.campaign.answers(true);
        taken.extend(self.sent.drain(..));
        let taken_back = taken.len();
        for sent in taken.iter().rev() {
            self.roll_back(&sent.changes);
        }
        self.history = History::from_kept(self.campaign.load_history()?);
        if self.behind {
            Err(EditError::TakenBack { cause, taken_back })
        } else {
            Err(cause.into())
        }
    }

    /// Whether the file can take an edit: writable, still the file opened,
    /// and its log read.
    fn check_file(&self) -> Result<(), EditError> {
        let Some(path) = self.campaign.path() else {
            return Ok(()); // in memory
        };
        if let LogRead::Unreadable(reason) = &self.data.log_read {
            return Err(StoreError::Damaged {
                path: path.to_owned(),
                reason: reason.clone(),
            }
            .into());
        }
        if self.campaign.is_read_only() {
            return Err(EditError::ReadOnly(path.to_owned()));
        }
        if self.file_gone() {
            return Err(EditError::Gone(path.to_owned()));
        }
        Ok(())
    }

    /// Whether the file opened is no longer at its path (moved or deleted).
    pub fn file_gone(&self) -> bool {
        self.campaign
            .path()
            .is_some_and(|path| file_identity(path) != self.identity)
    }

    /// Whether edits are refused: the file is not writable, or its
    /// integrity check or its log's reading found it damaged.
    pub fn is_read_only(&self) -> bool {
        self.campaign.is_read_only() || self.damage().is_some()
    }

    /// What the integrity check or the log's reading found wrong with the
    /// file, once it has.
    pub fn damage(&self) -> Option<&str> {
        match &self.data.log_read {
            LogRead::Unreadable(reason) => Some(reason),
            _ => self.campaign.damage(),
        }
    }

    /// Whether the campaign log is still being read (edits wait for it).
    pub fn is_reading_log(&self) -> bool {
        self.log_reading.is_some()
    }

    /// Whether the file's integrity check is still under way, or waits
    /// for the log (edits wait for it).
    pub fn is_being_checked(&self) -> bool {
        self.campaign.is_being_checked()
    }

    /// The integrity check's verdict, once, as soon as it is in.
    pub fn verdict_news(&mut self) -> Option<store::Verdict> {
        self.campaign.verdict_news()
    }

    /// Takes changes already applied in memory back, last first.
    fn roll_back(&mut self, applied: &[Change]) {
        for change in applied.iter().rev() {
            self.data.apply(&change.inverse());
        }
    }

    /// Keeps `value` under `key` among the app's notes about the campaign:
    /// not an edit, so not undone; refused as an edit would be (a file
    /// replaced, read-only or full), the notes as they were.
    pub fn keep(&mut self, key: String, value: String) -> Result<(), EditError> {
        self.check_file()?;
        self.settle_writes(true)?;
        self.campaign.keep(&key, &value)?;
        self.kept.insert(key, value);
        Ok(())
    }

    /// Undoes the last edit; returns its label, or `None` if there was none.
    /// Undo and redo wait for the edits sent to be written: the history
    /// moves once the file holds the step.
    pub fn undo(&mut self) -> Result<Option<String>, EditError> {
        self.settle_writes(true)?;
        let Some((edit, row)) = self.next_in_history(true)? else {
            return Ok(None);
        };
        let inverse = edit.inverse();
        self.write(&inverse, Some(HistoryStep::Undone(row)))?;
        self.settle_writes(true)?;
        self.history.commit_undo();
        // The campaign log keeps what was rolled: the entries the edit wrote
        // stay, marked undone (outside the history; redo writes them again).
        let marked: Vec<Change> = inverse
            .changes
            .iter()
            .filter_map(|c| match c {
                Change::Log {
                    before: Some(entry),
                    after: None,
                } => {
                    let mut entry = entry.as_ref().clone();
                    entry.undone = true;
                    Some(Change::of(None, Some(&entry)))
                }
                _ => None,
            })
            .collect();
        if !marked.is_empty() {
            self.write(&Edit::new("Mark the log's entries undone", marked), None)?;
            self.written_through()?;
        }
        Ok(Some(inverse.label))
    }

    pub fn redo(&mut self) -> Result<Option<String>, EditError> {
        self.settle_writes(true)?;
        let Some((edit, row)) = self.next_in_history(false)? else {
            return Ok(None);
        };
        self.write(&edit, Some(HistoryStep::Redone(row)))?;
        self.settle_writes(true)?;
        self.history.commit_redo();
        Ok(Some(edit.label))
    }

    /// The edit undo (`undo`) or redo takes next, as made, and its row;
    /// read from the file if it was kept there. One this build cannot read
    /// is forgotten with every edit past it (undo cannot pass it), and said.
    fn next_in_history(&mut self, undo: bool) -> Result<Option<(Edit, i64)>, EditError> {
        let next = if undo {
            self.history.last_done()
        } else {
            self.history.last_undone()
        };
        let Some(next) = next else {
            return Ok(None);
        };
        if let Some(edit) = self.campaign.edit_of(next)? {
            return Ok(Some((edit, next.row)));
        }
        let label = next.label.clone();
        if undo {
            self.history.forget_done();
        } else {
            self.history.forget_undone();
        }
        Err(EditError::Unreadable { label, undo })
    }

    pub fn undo_label(&self) -> Option<&str> {
        self.history.undo_label()
    }

    pub fn redo_label(&self) -> Option<&str> {
        self.history.redo_label()
    }

    /// A copy of the campaign at `target`, with every edit sent first
    /// written.
    pub fn save_copy(&mut self, target: &Path) -> Result<(), EditError> {
        if self.path() == Some(target) {
            return Err(store::StoreError::Exists(target.to_owned()).into());
        }
        self.settle_writes(true)?;
        Ok(self.campaign.save_copy(target)?)
    }
}
