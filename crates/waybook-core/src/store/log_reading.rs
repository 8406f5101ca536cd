//! The campaign log read off the caller's thread. A campaign played for
//! years is mostly its log (150 of the 180 MB of the ten-year bench), so
//! the app shows the campaign without it while workers read it, blocks of
//! its ids dealt round to them, each on a connection of its own that may
//! only read (the JSON of a million entries is most of the time, and
//! shares out over the cores), as a thread builds the map from the blocks
//! read. Until it is in, the screens that show the log say it is being read
//! and every edit waits for it (the session's `settle_log`).

use super::{bodies, in_words, one_line};
use crate::model::{LogEntry, LogId};
use rusqlite::Connection;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::thread::JoinHandle;

/// The whole log, in id order.
pub type Log = BTreeMap<LogId, LogEntry>;

/// The log of a campaign, being read on its workers.
pub struct LogReading {
    worker: JoinHandle<Result<Log, String>>,
}

impl LogReading {
    /// How many workers read a log: as many as the cores, up to four
    /// (each holds a connection; on two cores, three read no faster than
    /// two).
    pub(super) fn workers() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
    }

    /// Starts reading the log entries whose ids are in `ids` (none when
    /// `None`) on as many workers as there are `readers`.
    pub(super) fn start(readers: Vec<Connection>, ids: Option<RangeInclusive<i64>>) -> Self {
        Self {
            worker: std::thread::spawn(move || {
                crate::background::give_way();
                let Some(ids) = ids else {
                    return Ok(Log::new());
                };
                read_in_blocks(readers, ids).map_err(|e| one_line(&in_words(&e)))
            }),
        }
    }

    /// Whether the log is read (or failed to be): [`Self::wait`] will not wait.
    pub fn is_done(&self) -> bool {
        self.worker.is_finished()
    }

    /// The log, waiting for the workers if they are still reading; or why
    /// it could not be read, in words.
    pub fn wait(self) -> Result<Log, String> {
        self.worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

/// How many ids a worker reads at a time, at least: a block the map is
/// built from while the workers read the next ones.
const BLOCK: i64 = 4096;

/// How many blocks a log is cut into at most, so that ids far apart (a
/// campaign merged from elsewhere) make wider blocks, not more queries.
const MOST_BLOCKS: i64 = 4096;

/// How many blocks a worker may have read ahead of the map being built.
const AHEAD: usize = 2;

/// Reads the log in blocks of ids dealt round to the `readers`, each on a
/// worker, and builds the map from the blocks in order on this thread as
/// they come: the cores share the JSON, and no more than a few blocks
/// wait in memory at once.
fn read_in_blocks(readers: Vec<Connection>, ids: RangeInclusive<i64>) -> rusqlite::Result<Log> {
    let blocks = Blocks::of(&ids, readers.len());
    std::thread::scope(|scope| {
        let workers: Vec<_> = readers
            .into_iter()
            .enumerate()
            .map(|(worker, conn)| {
                let (send, read) = std::sync::mpsc::sync_channel(AHEAD);
                scope.spawn(move || {
                    for block in blocks.dealt_to(worker) {
                        let entries = bodies::load_range::<LogEntry>(&conn, block);
                        let failed = entries.is_err();
                        if send.send(entries).is_err() || failed {
                            return;
                        }
                    }
                });
                read
            })
            .collect();
        let mut log = Log::new();
        // Block n comes from worker n mod workers; the first worker with
        // none left marks the end, as the blocks are dealt in order.
        for worker in workers.iter().cycle() {
            let Ok(entries) = worker.recv() else {
                break;
            };
            log.extend(entries?);
        }
        Ok(log)
    })
}

/// The log's ids cut into blocks, dealt round to its workers.
#[derive(Debug, Clone, Copy)]
struct Blocks {
    first: i64,
    last: i64,
    width: i64,
    workers: usize,
}

impl Blocks {
    fn of(ids: &RangeInclusive<i64>, workers: usize) -> Self {
        let span = i128::from(*ids.end()) - i128::from(*ids.start()) + 1;
        let width =
            i64::try_from(span / i128::from(MOST_BLOCKS)).map_or(i64::MAX, |w| w.max(BLOCK));
        Self {
            first: *ids.start(),
            last: *ids.end(),
            width,
            workers: workers.max(1),
        }
    }

    /// The blocks worker `worker` reads, in order: the blocks numbered
    /// `worker`, `worker + workers`, `worker + 2 × workers`...
    fn dealt_to(self, worker: usize) -> impl Iterator<Item = RangeInclusive<i64>> {
        (worker..).step_by(self.workers).map_while(move |n| {
            let offset = i128::try_from(n).ok()? * i128::from(self.width);
            let start = i64::try_from(i128::from(self.first) + offset)
                .ok()
                .filter(|&start| start <= self.last)?;
            Some(start..=start.saturating_add(self.width - 1).min(self.last))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{BLOCK, Blocks};

    fn dealt(ids: std::ops::RangeInclusive<i64>, workers: usize) -> Vec<Vec<(i64, i64)>> {
        let blocks = Blocks::of(&ids, workers);
        (0..workers)
            .map(|w| blocks.dealt_to(w).map(|b| (*b.start(), *b.end())).collect())
            .collect()
    }

    #[test]
    fn blocks_are_dealt_round_and_cover_the_ids_once() {
        let last = 3 * BLOCK + 10;
        assert_eq!(
            dealt(1..=last, 2),
            vec![
                vec![(1, BLOCK), (2 * BLOCK + 1, 3 * BLOCK)],
                vec![(BLOCK + 1, 2 * BLOCK), (3 * BLOCK + 1, last)],
            ]
        );
        assert_eq!(dealt(7..=7, 3), vec![vec![(7, 7)], vec![], vec![]]);
    }

    #[test]
    fn ids_far_apart_make_wider_blocks_not_more() {
        let blocks = dealt(i64::MIN..=i64::MAX, 1).remove(0);
        assert_eq!(blocks.len(), 4096);
        assert_eq!(blocks.first().map(|b| b.0), Some(i64::MIN));
        assert_eq!(blocks.last().map(|b| b.1), Some(i64::MAX));
        assert!(blocks.windows(2).all(|w| w[0].1 + 1 == w[1].0));
    }
}
