//! The slow half of opening a campaign, off the caller's thread: SQLite's
//! `quick_check` of every page (about half of opening a 24 MB campaign) on
//! a connection of its own that may only read, once the campaign is read,
//! while it is shown. Nothing is written to the file before its verdict:
//! [`super::Campaign`] waits for it (or runs it, if it was never started)
//! before the first write, and refuses every write to a file found damaged,
//! with the reason.

use super::{Result, StoreError};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

/// A file's integrity check: due (not started yet), under way on its
/// worker, or its verdict.
pub(super) struct Verification {
    due: Option<PathBuf>,
    worker: Option<JoinHandle<Verdict>>,
    verdict: Option<Verdict>,
    /// Whether [`Self::news`] has given the verdict.
    told: bool,
}

/// What the integrity check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Whole,
    /// Damaged, in SQLite's words on one line.
    Damaged(String),
}

impl Verification {
    /// A check of the file at `path`, to be started later.
    pub(super) fn due(path: &Path) -> Self {
        Self {
            due: Some(path.to_owned()),
            worker: None,
            verdict: None,
            told: false,
        }
    }

    /// Starts the check on a worker thread, if it is due.
    pub(super) fn start(&mut self) {
        if let Some(path) = self.due.take() {
            self.worker = Some(std::thread::spawn(move || {
                crate::background::give_way();
                check_file(&path)
            }));
        }
    }

    /// The verdict, waiting for it if the check is under way, or checking
    /// here and now if it was never started.
    pub(super) fn wait(&mut self) -> &Verdict {
        if let Some(path) = self.due.take() {
            self.verdict = Some(check_file(&path));
        }
        if let Some(worker) = self.worker.take() {
            self.verdict = Some(worker.join().unwrap_or_else(|_| {
                Verdict::Damaged("the check of the file stopped unexpectedly".to_owned())
            }));
        }
        self.verdict.get_or_insert(Verdict::Whole)
    }

    /// The verdict once, as soon as it is in (without waiting for it).
    pub(super) fn news(&mut self) -> Option<Verdict> {
        if self.is_pending() || self.told {
            return None;
        }
        self.told = true;
        Some(self.wait().clone())
    }

    /// Whether the check is due or under way: no verdict yet.
    pub(super) fn is_pending(&self) -> bool {
        self.due.is_some() || self.worker.as_ref().is_some_and(|w| !w.is_finished())
    }

    /// The damage found, if the verdict is in and it found some.
    pub(super) fn damage(&self) -> Option<&str> {
        match &self.verdict {
            Some(Verdict::Damaged(reason)) => Some(reason),
            _ => None,
        }
    }
}

/// Checks the file on a connection of its own. Opened for writing but
/// allowed only to read (`query_only`): SQLite checks a file's CHECK
/// constraints only on a connection that could write it.
fn check_file(path: &Path) -> Verdict {
    let checked = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .and_then(|conn| conn.pragma_update(None, "query_only", true).map(|()| conn))
    .map_err(StoreError::from)
    .and_then(|conn| quick_check(&conn, path));
    match checked {
        Ok(()) => Verdict::Whole,
        Err(StoreError::Foreign { reason, .. }) => Verdict::Damaged(reason),
        Err(e) => Verdict::Damaged(format!("it could not be checked ({e})")),
    }
}

/// SQLite's quick integrity check of every page: `Ok` when it says "ok".
pub(super) fn quick_check(conn: &Connection, path: &Path) -> Result<()> {
    let verdict: String = conn
        .pragma_query_value(None, "quick_check", |row| row.get(0))
        .map_err(|e| super::damaged(path, e))?;
    if verdict == "ok" {
        return Ok(());
    }
    // SQLite's verdict spans lines; the message is one.
    let verdict: Vec<&str> = verdict
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("***"))
        .collect();
    Err(super::foreign(
        path,
        &format!("it is damaged ({})", verdict.join("; ")),
    ))
}
