//! Writing a session's edits to the file on a thread of their own, in the
//! order they were made, so the GM's frame never waits for the disk (a
//! durable commit with `synchronous = FULL` is a millisecond or more of
//! the disk's time). The thread has a connection of its own to the file;
//! each edit is still one transaction with its step of the undo history.
//! The first edit the file refuses (a full disk) ends the thread: that
//! edit's error is answered, and the edits sent after it are never
//! written, so the session takes them all back.

use super::history::HistoryStep;
use super::{Result, Told, tell, write_edits};
use crate::model::Edit;
use rusqlite::Connection;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;

/// An edit written: its row in the undo history (0 outside it) and the
/// count of edits the file has had once it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wrote {
    pub row: i64,
    pub count: i64,
}

/// What became of an edit sent to be written.
#[derive(Debug)]
pub enum Answer {
    Wrote(Wrote),
    /// The file refused it: why.
    Refused(super::StoreError),
    /// Not written: an edit before it was refused.
    NotWritten,
}

/// How many edits that waited are written in one transaction, at most.
const MOST_TOGETHER: usize = 64;

struct Job {
    edit: Edit,
    step: Option<HistoryStep>,
}

/// The thread writing a file's edits, and the edits sent not yet answered.
pub struct Writer {
    jobs: Option<Sender<Job>>,
    answers: Receiver<Result<Wrote>>,
    unanswered: usize,
    /// Whether the thread ended (at a refusal), as its answers showed.
    ended: bool,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    /// Starts the thread, writing with `conn`; whoever is `told` hears of
    /// each edit the moment it is written.
    pub fn start(mut conn: Connection, told: Told) -> Self {
        let (jobs, inbox) = std::sync::mpsc::channel::<Job>();
        let (outbox, answers) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            crate::background::give_way();
            while let Ok(first) = inbox.recv() {
                // The edits that waited while the last were written go
                // together, synced once: the disk's time is shared.
                let batch: Vec<Job> = std::iter::once(first)
                    .chain(inbox.try_iter().take(MOST_TOGETHER - 1))
                    .collect();
                let edits: Vec<_> = batch.iter().map(|job| (&job.edit, job.step)).collect();
                let (wrote, refused) = write_edits(&mut conn, &edits);
                for (job, wrote) in batch.into_iter().zip(wrote) {
                    tell(&told, wrote.count, job.edit.changes);
                    if outbox.send(Ok(wrote)).is_err() {
                        return;
                    }
                }
                if let Some(e) = refused {
                    // The edits after it in the batch are never answered:
                    // the session counts them not written.
                    let _ = outbox.send(Err(e));
                    return;
                }
            }
        });
        Self {
            jobs: Some(jobs),
            answers,
            unanswered: 0,
            ended: false,
            thread: Some(thread),
        }
    }

    /// Sends `edit` to be written, after those sent before.
    pub fn send(&mut self, edit: Edit, step: Option<HistoryStep>) {
        self.unanswered += 1;
        if let Some(jobs) = &self.jobs {
            // A thread already ended leaves the job unanswered: it is
            // answered as not written below.
            let _ = jobs.send(Job { edit, step });
        }
    }

    /// The answers come in since last asked, in the order the edits were
    /// sent; with `wait`, every edit sent is answered first.
    pub fn answers(&mut self, wait: bool) -> Vec<Answer> {
        let mut answered = Vec::new();
        while self.unanswered > 0 {
            let next = if wait {
                self.answers.recv().map_err(|_| TryRecvError::Disconnected)
            } else {
                self.answers.try_recv()
            };
            match next {
                Ok(written) => {
                    self.unanswered -= 1;
                    answered.push(match written {
                        Ok(wrote) => Answer::Wrote(wrote),
                        Err(e) => {
                            self.ended = true;
                            Answer::Refused(e)
                        }
                    });
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    // The thread ended at a refusal: the rest were never written.
                    answered.extend((0..self.unanswered).map(|_| Answer::NotWritten));
                    (self.unanswered, self.ended) = (0, true);
                }
            }
        }
        answered
    }

    /// Whether the thread ended (at a refusal) and every edit sent to it
    /// is answered: the next edit needs a new one.
    pub fn is_done(&self) -> bool {
        self.ended && self.unanswered == 0
    }
}

impl Drop for Writer {
    /// Every edit sent is written before the writer goes (the window
    /// closing, the campaign closed).
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
