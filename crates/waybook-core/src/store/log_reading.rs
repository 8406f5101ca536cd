//! The campaign log read off the caller's thread. A campaign played for
//! years is mostly its log (150 of the 180 MB of the ten-year bench), so
//! the app shows the campaign without it while a worker reads it on a
//! connection of its own that may only read. Until it is in, the screens
//! that show the log say it is being read and every edit waits for it
//! (the session's `settle_log`).

use super::{bodies, in_words, one_line};
use crate::model::{LogEntry, LogId};
use rusqlite::Connection;
use std::collections::BTreeMap;
use std::thread::JoinHandle;

/// The whole log, in id order.
pub type Log = BTreeMap<LogId, LogEntry>;

/// The log of a campaign, being read on its worker.
pub struct LogReading {
    worker: JoinHandle<Result<Log, String>>,
}

impl LogReading {
    /// Starts reading the log on `conn`.
    pub(super) fn start(conn: Connection) -> Self {
        Self {
            worker: std::thread::spawn(move || {
                bodies::load::<LogEntry>(&conn).map_err(|e| one_line(&in_words(&e)))
            }),
        }
    }

    /// Whether the log is read (or failed to be): [`Self::wait`] will not wait.
    pub fn is_done(&self) -> bool {
        self.worker.is_finished()
    }

    /// The log, waiting for the worker if it is still reading; or why it
    /// could not be read, in words.
    pub fn wait(self) -> Result<Log, String> {
        self.worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}
