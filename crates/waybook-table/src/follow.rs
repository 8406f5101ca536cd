//! The table following its campaign's file: the pages are built from the
//! file itself whenever any program writes it (the window's edits, the
//! command line, another machine's Waybook), as SQLite's `PRAGMA
//! data_version` tells, looked at every 100 ms or at once when nudged (an
//! edit in the window, a page asked for that is not built), but never
//! again within 50 ms of the last look, nor before resting as long as
//! the last look and its building took (a burst of edits is read in a
//! few looks). It runs on a
//! thread of its own, never the GM's frame: `waybook serve` and the
//! window's table follow the same way, the file the one truth both serve.
//! It stops when the table closes, saying so when the table's server
//! stopped on its own.
//!
//! Told each edit the window writes (`store::Written`), it applies them
//! to the campaign it read, when the file's count of edits shows no one
//! else wrote between; otherwise it reads the whole file again.
//!
//! It builds only the pages someone follows (asked for in the last five
//! minutes, or held by an open stream), and of those, after a change, only
//! the ones the change touches (`touched`): on a campaign of 10,000
//! characters in 1,000 parties a change reaches every followed page in a
//! fraction of a second, where building all 1,005 links' pages took 20 s.
//! A page asked for first is built first, the others after, on as many
//! threads as the machine has cores, but one left for the window's
//! frames when it follows beside a window (it is told the window's
//! edits): on two cores the GM's frame otherwise waited behind the
//! builders for a slice of its own at each edit; what is built
//! is published every 50 ms, so the first phones need not wait for the
//! last. A page built again the same as before keeps its revision, so its
//! phones are not told.

use crate::links::{self, Link};
use crate::pages::{self, Page, Pages, Part};
use crate::server::Publisher;
use crate::touched::{Touched, parties_of_players, touched, touched_by};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use waybook_core::exchange::players_view::Index;
use waybook_core::model::{CampaignData, PartyId, PlayerId};
use waybook_core::store::{Campaign, StoreError, Written};

/// How often the file is asked whether it changed, when not nudged.
const LOOK: Duration = Duration::from_millis(100);
/// How often what is built is published while building.
const PUBLISH: Duration = Duration::from_millis(50);
/// The least time from one round (read what changed, build what it
/// touched) to the next; and a round that worked longer is followed by a
/// rest as long: a burst of nudges (an edit a frame, as a slider is
/// dragged) is read and built in a few rounds, not one an edit, and the
/// worker takes at most half a core from the GM's frames.
const ROUND: Duration = Duration::from_millis(50);
/// How many pages each of the worker's threads builds between two looks
/// at whether to publish.
const BATCH: usize = 4;

/// Why the table stopped following its campaign.
#[derive(Debug, thiserror::Error)]
pub enum FollowError {
    #[error("The table closed: it could not read the campaign: {0}")]
    Store(#[from] StoreError),
    #[error("The table closed: {0}")]
    Closed(String),
}

/// A page built, with what it was built from.
struct Built {
    page: Page,
    /// The page's HTML before its revision is stamped, hashed: the same
    /// page built again keeps its revision.
    print: u64,
}

/// The worker's state between two changes.
#[derive(Default)]
struct Worker {
    /// The campaign as last read, and how many times it was read.
    data: Option<CampaignData>,
    /// How many edits the file had when it was read, and the edits told
    /// of since, in the order written.
    written: Option<i64>,
    heard: Vec<Written>,
    revision: u64,
    links: Vec<Link>,
    /// The open links' tokens.
    open: HashSet<String>,
    parties_of: HashMap<PlayerId, BTreeSet<PartyId>>,
    built: HashMap<(String, Part), Built>,
    /// The tokens whose pages a change touched since they were built.
    stale: HashSet<String>,
    /// The revision last published.
    published: u64,
    /// How many threads build pages at once.
    threads: usize,
}

/// Publishes the pages of `campaign` that are followed, then again each
/// time it changes, until the table closes (then `Ok`), the file cannot
/// be read or the table's server stops on its own (why, in words).
pub fn follow(
    campaign: &Campaign,
    publisher: &Publisher,
    told: Option<Receiver<Written>>,
) -> Result<(), FollowError> {
    let Some(nudges) = publisher.nudges() else {
        return Err(FollowError::Closed(
            "another worker follows it already".to_owned(),
        ));
    };
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let mut worker = Worker {
        threads: (cores - usize::from(told.is_some())).max(1),
        ..Worker::default()
    };
    let mut seen = None;
    loop {
        let round = Instant::now();
        if let Some(why) = publisher.closed() {
            return Err(FollowError::Closed(why));
        }
        if publisher.closing() {
            return Ok(());
        }
        let now = campaign.data_version()?;
        if seen != Some(now) {
            seen = Some(now);
            worker.read(campaign, told.as_ref())?;
        }
        worker.build(publisher);
        let worked = round.elapsed();
        match nudges.recv_timeout(LOOK) {
            Ok(()) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        }
        std::thread::sleep(ROUND.max(2 * worked).saturating_sub(round.elapsed()));
    }
}

impl Worker {
    /// Reads what changed in the campaign: the edits the window told of,
    /// applied to what was read before, when they are all the file had
    /// since; else the whole campaign again. What it touched is marked to
    /// build again.
    fn read(
        &mut self,
        campaign: &Campaign,
        told: Option<&Receiver<Written>>,
    ) -> Result<(), StoreError> {
        let count = campaign.written_in_file()?;
        self.heard
            .extend(told.into_iter().flat_map(Receiver::try_iter));
        let held = self.written;
        self.heard
            .retain(|w| held.is_some_and(|held| w.count > held));
        let told_all = held.is_some_and(|held| {
            let until = self.heard.partition_point(|w| w.count <= count);
            (self.heard[..until].iter().zip(held + 1..)).all(|(w, n)| w.count == n)
                && held + i64::try_from(until).unwrap_or(i64::MAX) == count
        });
        let (data, change) = match self.data.take() {
            Some(mut data) if told_all => {
                let mut change = Touched::default();
                let edits: Vec<Written> = self
                    .heard
                    .drain(..)
                    .take_while(|w| w.count <= count)
                    .collect();
                for edit in &edits {
                    touched_by(&mut change, &data, &edit.changes);
                    data.apply_all(&edit.changes);
                    touched_by(&mut change, &data, &edit.changes);
                }
                (data, change)
            }
            before => {
                // Read after the count: an edit written meanwhile is in the
                // data and told again, and applying it again changes nothing.
                let data = campaign.load()?;
                let change = match &before {
                    Some(before) => touched(before, &data),
                    None => Touched {
                        all: true,
                        ..Touched::default()
                    },
                };
                (data, change)
            }
        };
        self.written = Some(count);
        self.heard.retain(|w| w.count > count);
        let links = links::links(&data, &campaign.kept()?);
        let parties_of = parties_of_players(&data);
        let built: HashSet<&String> = self.built.keys().map(|(token, _)| token).collect();
        let stale: Vec<String> = (links.iter())
            .filter(|link| change.touches(link, &self.parties_of, &parties_of))
            .filter_map(|link| link.token.clone())
            .filter(|token| built.contains(token))
            .collect();
        self.stale.extend(stale);
        let open: HashSet<String> = links.iter().filter_map(|l| l.token.clone()).collect();
        self.built.retain(|(token, _), _| open.contains(token));
        self.stale.retain(|token| open.contains(token));
        (self.data, self.links, self.open) = (Some(data), links, open);
        self.parties_of = parties_of;
        self.revision += 1;
        Ok(())
    }

    /// Builds the followed pages not built yet, then those a change
    /// touched, publishing as it goes; lets go of those no longer
    /// followed.
    fn build(&mut self, publisher: &Publisher) {
        let Some(data) = self.data.take() else { return };
        let followed = publisher.followed();
        self.built.retain(|key, _| followed.contains(key));
        let (mut first, mut then): (Vec<_>, Vec<_>) = (followed.iter())
            .filter(|(token, _)| self.open.contains(token))
            .filter(|key| !self.built.contains_key(*key) || self.stale.contains(&key.0))
            .cloned()
            .partition(|key| !self.built.contains_key(key));
        first.sort();
        then.sort();
        let keys: Vec<(String, Part)> = first.iter().chain(&then).cloned().collect();
        let mut dirty = self.published != self.revision;
        // Nothing to build is the usual case: the file is looked at every
        // 100 ms, mostly to find it the same.
        if !keys.is_empty() {
            dirty = self.build_pages(&data, &keys, dirty, publisher);
        }
        for (token, _) in then.iter().chain(&first) {
            self.stale.remove(token);
        }
        if dirty {
            self.publish(publisher);
        }
        self.data = Some(data);
    }

    /// Builds the pages `keys` of `data`, publishing what is built every
    /// [`PUBLISH`] (`dirty`: something built is not published yet, as it
    /// says once done).
    fn build_pages(
        &mut self,
        data: &CampaignData,
        keys: &[(String, Part)],
        mut dirty: bool,
        publisher: &Publisher,
    ) -> bool {
        let index = Index::of(data);
        let threads = self.threads;
        let mut published = Instant::now();
        for batch in keys.chunks(threads * BATCH) {
            let made = make(&index, &self.links, batch, threads);
            for (key, html) in batch.iter().zip(made) {
                dirty |= self.keep(key, html);
            }
            if dirty && published.elapsed() >= PUBLISH {
                self.publish(publisher);
                (published, dirty) = (Instant::now(), false);
            }
        }
        dirty
    }

    /// Keeps `key`'s page `html` (none: no such page), its revision
    /// stamped; whether it changed.
    fn keep(&mut self, key: &(String, Part), html: Option<String>) -> bool {
        let print = {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            html.hash(&mut hasher);
            hasher.finish()
        };
        if self.built.get(key).is_some_and(|b| b.print == print) {
            return false;
        }
        let page = Page {
            html: html.map(|h| pages::stamp(&h, self.revision)),
            revision: self.revision,
        };
        self.built.insert(key.clone(), Built { page, print });
        true
    }

    /// Serves what is built.
    fn publish(&mut self, publisher: &Publisher) {
        publisher.publish(Pages::new(
            self.revision,
            (self.links.iter())
                .filter(|l| l.token.is_some())
                .cloned()
                .collect(),
            (self.built.iter())
                .map(|(key, b)| (key.clone(), b.page.clone()))
                .collect(),
        ));
        self.published = self.revision;
    }
}

/// The HTML of each page of `keys` (none: no such page), its revision
/// still to be stamped, built on up to `threads` threads at once: on a
/// campaign of 1,000 parties a page takes 1.5 ms or so, and a change to
/// every one of 200 followed pages would otherwise wait for each in turn.
/// A link's handout is made once a thread, from one index of the
/// campaign for all (`players_view::Index`: a page reads only its own
/// parties' records).
fn make(
    index: &Index,
    links: &[Link],
    keys: &[(String, Part)],
    threads: usize,
) -> Vec<Option<String>> {
    let each = keys.len().div_ceil(threads.max(1)).max(1);
    if each >= keys.len() {
        return build_html(index, links, keys);
    }
    std::thread::scope(|scope| {
        let made: Vec<_> = (keys.chunks(each))
            .map(|chunk| scope.spawn(move || build_html(index, links, chunk)))
            .collect();
        (made.into_iter())
            .flat_map(|thread| match thread.join() {
                Ok(pages) => pages,
                // A page that could not be built stops the worker, as it
                // did on one thread: the table says it closed.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}

/// The HTML of each page of `keys`, on this thread.
fn build_html(index: &Index, links: &[Link], keys: &[(String, Part)]) -> Vec<Option<String>> {
    let mut handouts = HashMap::new();
    (keys.iter())
        .map(|(token, part)| {
            let link = links.iter().find(|l| l.token.as_ref() == Some(token))?;
            let handout =
                (handouts.entry(token.clone())).or_insert_with(|| pages::handout(index, link));
            (handout.as_mut()).and_then(|h| pages::render(h, token, *part))
        })
        .collect()
}
