//! One campaign on several machines from the window (issue 56): File >
//! Share through a folder… starts sharing the open campaign through a
//! folder the GM's sync service keeps; File > Join a shared campaign…
//! makes this machine's working copy from such a folder. While a shared
//! campaign is open, a worker with a connection of its own merges the
//! other machines' edits every few seconds (`store::sharing`), never on
//! the GM's frame; when it merged anything the campaign is read again.
//! This machine is the data folder's (`sharing::Machine`).

use super::App;
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use waybook_core::sharing::Machine;
use waybook_core::store::Campaign;
use waybook_core::store::sharing::{DaysApart, Pending, Report, Side};

/// How long after one merge the next looks at the folder.
const EVERY: Duration = Duration::from_secs(3);

/// What the sharing window's buttons ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SharingStep {
    /// Shows or hides the window.
    Window(bool),
    /// Merges now, not at the next look.
    SyncNow,
    /// Settles a conflict with this machine's value or the other's.
    Choose(i64, Side),
    /// Keeps this machine's days of a party (by id), played apart, or the
    /// other's.
    KeepDays(i64, Side),
}

/// What a merge on the worker came to: its report, and when it merged
/// anything, the campaign read again there with the file's count of edits
/// as it was read.
struct Merge {
    report: Report,
    read: Option<(waybook_core::model::CampaignData, i64)>,
}

/// The open campaign's sharing.
pub struct SharingState {
    pub folder: PathBuf,
    pub machine: Machine,
    /// What the last merge found, once one ran.
    pub report: Option<Report>,
    /// Why the last merge could not run, in words.
    pub error: Option<String>,
    /// Whether the window is shown.
    pub window: bool,
    /// What the GM settled in the window, kept in its place and ticked
    /// until the window closes: the next button never moves under the
    /// mouse.
    pub settled: Vec<Settled>,
    worker: Option<JoinHandle<Result<Merge, String>>>,
    last: Option<Instant>,
}

/// A conflict or a party's days apart the GM settled, and whose was
/// kept, in a few words.
pub struct Settled {
    pub what: Settling,
    pub said: String,
}

/// What was settled, as the window showed it.
pub enum Settling {
    Conflict(Pending),
    Days(DaysApart),
}

impl SharingState {
    /// Whether a merge is running.
    pub fn is_merging(&self) -> bool {
        self.worker.as_ref().is_some_and(|w| !w.is_finished())
    }
}

impl App {
    /// This machine, as the data folder keeps it.
    fn machine(&self) -> Result<Machine, String> {
        let dir = self.data_dir.as_ref().map_err(|why| {
            format!("sharing needs Waybook's data folder, where this machine's id is kept: {why}")
        })?;
        Machine::of_data_dir(dir, None).map_err(|e| e.to_string())
    }

    /// After a campaign opened: its sharing, when it is shared (merged at
    /// once), else none.
    pub(super) fn look_for_sharing(&mut self) {
        self.sharing = None;
        let Some(session) = &mut self.session else {
            return;
        };
        let folder = session
            .campaign()
            .ok()
            .and_then(|c| c.shared_folder().ok().flatten());
        let Some(folder) = folder else { return };
        match self.machine() {
            Ok(machine) => {
                self.sharing = Some(SharingState {
                    folder,
                    machine,
                    report: None,
                    error: None,
                    window: false,
                    settled: Vec::new(),
                    worker: None,
                    last: None,
                });
            }
            Err(e) => self.refuse(format!("This campaign is shared, but {e}")),
        }
    }

    /// Each frame: takes a finished chore or merge in, and starts the
    /// next merge when it is time, no edit is on its way to the disk and
    /// no chore runs.
    pub(super) fn follow_sharing(&mut self) {
        self.take_chore();
        self.take_merge();
        let due = (self.sharing.as_ref())
            .is_some_and(|s| s.worker.is_none() && s.last.is_none_or(|at| at.elapsed() >= EVERY));
        if due && !self.is_writing() && self.sharing_chore.is_none() {
            self.start_merge();
        }
    }

    fn start_merge(&mut self) {
        let Some(path) = self.session.as_ref().and_then(|s| s.path_buf()) else {
            return;
        };
        let Some(sharing) = &mut self.sharing else {
            return;
        };
        let machine = sharing.machine.clone();
        sharing.worker = Some(std::thread::spawn(move || {
            let merged = Campaign::open_beside(&path).and_then(|mut campaign| {
                let report = campaign.sync(&machine)?;
                let read = if report.merged.is_empty() {
                    None
                } else {
                    read_whole(&campaign)?
                };
                Ok(Merge { report, read })
            });
            merged.map_err(|e| e.to_string())
        }));
    }

    /// A finished merge's report in; the campaign read again when it
    /// merged.
    fn take_merge(&mut self) {
        let Some(sharing) = &mut self.sharing else {
            return;
        };
        let Some(outcome) = finished(&mut sharing.worker, "the merge") else {
            return;
        };
        sharing.last = Some(Instant::now());
        match outcome {
            Ok(Merge { report, read }) => {
                let merged = report.merged.len();
                let undone = report.own_days_undone;
                let snapshot = report.snapshot.clone();
                sharing.report = Some(report);
                sharing.error = None;
                let adopted = match (read, &mut self.session) {
                    (Some((data, count)), Some(session)) if !undone => session.adopt(data, count),
                    _ => false,
                };
                if adopted {
                    self.notices.push(super::Notice::HistoryStepped);
                    self.say_merged(merged);
                } else if merged > 0 {
                    self.read_again(merged, undone);
                }
                if undone {
                    let kept = if snapshot.is_some() {
                        ", kept to look at in a snapshot (File > Snapshots…)"
                    } else {
                        ""
                    };
                    self.notify(format!(
                        "Another machine kept its days of a party played apart: this machine's are undone{kept}"
                    ));
                }
            }
            Err(e) => sharing.error = Some(e),
        }
    }

    /// Reads the campaign again after another machine's edits were
    /// merged, and its undo history with it when that was cleared (this
    /// machine's days undone).
    fn read_again(&mut self, merged: usize, history: bool) {
        let Some(session) = &mut self.session else {
            return;
        };
        let read = session.reload().and_then(|()| {
            if history {
                session.reload_history()
            } else {
                Ok(())
            }
        });
        match read {
            Ok(()) => {
                self.notices.push(super::Notice::HistoryStepped);
                self.say_merged(merged);
            }
            Err(e) => self.fail(format!("The other machines' edits were merged, but the campaign could not be read again: {e}")),
        }
    }

    /// "Merged 3 edits from Laptop", when any were.
    fn say_merged(&mut self, merged: usize) {
        if merged == 0 {
            return;
        }
        let from = (self.sharing.as_ref())
            .and_then(|s| s.report.as_ref())
            .map(|r| {
                let mut names: Vec<&str> = r.merged.iter().map(|m| m.name.as_str()).collect();
                names.sort_unstable();
                names.dedup();
                names.join(", ")
            })
            .unwrap_or_default();
        self.notify(format!(
            "Merged {} from {from}",
            waybook_core::model::plural(merged, "edit")
        ));
    }

    pub(super) fn sharing_step(&mut self, step: SharingStep) {
        match step {
            SharingStep::Window(shown) => {
                if let Some(sharing) = &mut self.sharing {
                    sharing.window = shown;
                    sharing.settled.clear();
                }
            }
            SharingStep::SyncNow => {
                if let Some(sharing) = &mut self.sharing {
                    sharing.last = None;
                }
            }
            SharingStep::Choose(id, side) => self.settle(
                Settle::Conflict(id, side),
                move |campaign, machine| {
                    campaign.choose(machine, id, side)?;
                    Ok("Chosen: the other machines settle on it as they sync".to_owned())
                },
                |app, e| app.refuse(format!("The conflict was not settled: {e}")),
            ),
            SharingStep::KeepDays(party, side) => {
                let (party_name, other) = self.days_words(party);
                self.settle(
                    Settle::Days(party, side),
                    move |campaign, machine| {
                        let snapshot = campaign.keep_days(machine, party, side)?;
                        Ok(match (side, snapshot) {
                            (Side::Theirs, Some(_)) => format!(
                                "Took {other}'s days of {party_name}: this machine's are undone, kept to look at in a snapshot (File > Snapshots…)"
                            ),
                            (Side::Theirs, None) => format!(
                                "Took {other}'s days of {party_name}: this machine's are undone"
                            ),
                            (Side::Mine, _) => format!(
                                "Kept this machine's days of {party_name}: {other}'s are set aside, undone there as it syncs"
                            ),
                        })
                    },
                    |app, e| app.refuse(format!("The days were not kept: {e}")),
                );
            }
        }
    }

    /// The party and the other machine of days played apart, by name, as
    /// the last merge found them.
    fn days_words(&self, party: i64) -> (String, String) {
        let report = self.sharing.as_ref().and_then(|s| s.report.as_ref());
        let apart = report.and_then(|r| r.days_apart.iter().find(|d| d.party == party));
        let other = report.zip(apart).map(|(r, d)| r.machine_name(&d.machine));
        (
            apart.map_or_else(|| format!("party {party}"), |d| d.party_name.clone()),
            other.unwrap_or_else(|| "the other machine".to_owned()),
        )
    }

    /// Settles what two machines did apart as the GM chose (`choose`, on
    /// a worker with a connection of its own, saying what it did); once
    /// done, `settle` is taken from the report to stay ticked in its
    /// place, and the campaign and its undo history are read again.
    fn settle(
        &mut self,
        settle: Settle,
        choose: impl FnOnce(&mut Campaign, &Machine) -> waybook_core::store::Result<String>
        + Send
        + 'static,
        failed: fn(&mut App, String),
    ) {
        self.settle_writes(true);
        let (Some(sharing), Some(path)) = (
            &self.sharing,
            self.session.as_ref().and_then(|s| s.path_buf()),
        ) else {
            return;
        };
        let machine = sharing.machine.clone();
        self.start_chore("Writing your choice".to_owned(), failed, move || {
            let said = Campaign::open_beside(&path)
                .and_then(|mut c| choose(&mut c, &machine))
                .map_err(|e| e.to_string())?;
            Ok(Done::Settled { said, settle })
        });
    }

    /// Starts sharing the open campaign through `folder`.
    pub(super) fn share_through(&mut self, folder: &Path) {
        self.settle_writes(true);
        let Some(path) = self.session.as_ref().and_then(|s| s.path_buf()) else {
            return;
        };
        let machine = self.machine();
        let folder = folder.to_owned();
        self.start_chore(
            format!("Sharing through {}", folder.display()),
            |app, e| app.refuse(format!("The campaign was not shared: {e}")),
            move || {
                let machine = machine?;
                Campaign::open_beside(&path)
                    .and_then(|mut c| c.share(&folder, &machine))
                    .map_err(|e| e.to_string())?;
                Ok(Done::Shared { folder, machine })
            },
        );
    }

    /// Makes this machine's working copy at `path` of the campaign shared
    /// through the folder chosen first, and opens it.
    pub(super) fn join_into(&mut self, path: &Path) {
        let Some(folder) = self.join_folder.take() else {
            return;
        };
        let machine = self.machine();
        let path = path.to_owned();
        self.start_chore(
            format!("Joining the campaign shared through {}", folder.display()),
            |app, e| app.fail(format!("The shared campaign was not joined: {e}")),
            move || {
                let (campaign, report) =
                    Campaign::join(&folder, &path, &machine?).map_err(|e| e.to_string())?;
                Ok(Done::Joined {
                    campaign: Box::new(campaign),
                    report,
                    folder,
                    path,
                })
            },
        );
    }

    /// Runs `work` on a worker, unless another sharing chore runs (said).
    fn start_chore(
        &mut self,
        doing: String,
        failed: fn(&mut App, String),
        work: impl FnOnce() -> Result<Done, String> + Send + 'static,
    ) {
        if let Some(chore) = &self.sharing_chore {
            let running = chore.doing.clone();
            failed(
                self,
                format!("{running} is still under way: try again once it is done"),
            );
            return;
        }
        self.sharing_chore = Some(Chore {
            doing,
            failed,
            worker: Some(std::thread::spawn(work)),
        });
    }

    /// Takes a finished chore in: what it did, said, or why it failed.
    fn take_chore(&mut self) {
        let Some(chore) = &mut self.sharing_chore else {
            return;
        };
        let Some(done) = finished(&mut chore.worker, "it") else {
            return;
        };
        let failed = chore.failed;
        self.sharing_chore = None;
        match done {
            Ok(Done::Shared { folder, machine }) => {
                self.look_for_sharing();
                self.notify(format!(
                    "Shared through {} as {}: on the other machine, File > Join a shared campaign… and choose this folder as its sync service keeps it",
                    folder.display(),
                    machine.name
                ));
            }
            Ok(Done::Joined {
                campaign,
                report,
                folder,
                path,
            }) => {
                self.open_campaign(*campaign);
                if let Some(sharing) = &mut self.sharing {
                    sharing.report = Some(report);
                    sharing.last = Some(Instant::now());
                }
                self.notify(format!(
                    "Joined the campaign shared through {}: this machine's copy is {}",
                    folder.display(),
                    path.display()
                ));
            }
            Ok(Done::Settled { said, settle }) => {
                if let Some(sharing) = &mut self.sharing {
                    let taken = sharing.report.as_mut().and_then(|r| settle.take_from(r));
                    if let Some((what, said)) = taken {
                        sharing.settled.push(Settled { what, said });
                    }
                    sharing.last = None;
                }
                self.read_again(0, true);
                self.notify(said);
            }
            Err(e) => failed(self, e),
        }
    }
}

/// Sharing work that copies or writes a whole campaign (sharing it,
/// joining one, a GM's choice), done on a worker so the frames go on,
/// and taken in by the frame it finishes before.
pub struct Chore {
    /// What it does, in words ("Sharing through …").
    pub doing: String,
    /// Says why it failed.
    failed: fn(&mut App, String),
    worker: Option<JoinHandle<Result<Done, String>>>,
}

/// What `worker` came to, once it has finished (taken, leaving none);
/// `what` stopped unexpectedly when it panicked.
fn finished<T>(
    worker: &mut Option<JoinHandle<Result<T, String>>>,
    what: &str,
) -> Option<Result<T, String>> {
    if !worker.as_ref().is_some_and(JoinHandle::is_finished) {
        return None;
    }
    let done = worker.take()?.join();
    Some(done.unwrap_or_else(|_| Err(format!("{what} stopped unexpectedly"))))
}

/// What a chore did.
enum Done {
    Shared {
        folder: PathBuf,
        machine: Machine,
    },
    Joined {
        campaign: Box<Campaign>,
        report: Report,
        folder: PathBuf,
        path: PathBuf,
    },
    Settled {
        said: String,
        settle: Settle,
    },
}

/// What the GM settled, a conflict or a party's days (each by id), and
/// whose was kept.
#[derive(Debug, Clone, Copy)]
enum Settle {
    Conflict(i64, Side),
    Days(i64, Side),
}

impl Settle {
    /// Takes what was settled out of `report`, to show it ticked, with
    /// whose was kept in a few words ("Took Laptop's days").
    fn take_from(self, report: &mut Report) -> Option<(Settling, String)> {
        let took = |side: Side, name: &str, what: &str| match side {
            Side::Mine => format!("Kept this machine's {what}"),
            Side::Theirs => format!("Took {name}'s {what}"),
        };
        match self {
            Settle::Conflict(id, side) => {
                let at = report.conflicts.iter().position(|c| c.id == id)?;
                let conflict = report.conflicts.remove(at);
                let said = took(side, &conflict.name, "value");
                Some((Settling::Conflict(conflict), said))
            }
            Settle::Days(party, side) => {
                let at = report.days_apart.iter().position(|d| d.party == party)?;
                let apart = report.days_apart.remove(at);
                let said = took(side, &report.machine_name(&apart.machine), "days");
                Some((Settling::Days(apart), said))
            }
        }
    }
}

/// The campaign read whole on the merge's connection, and the file's
/// count of edits it holds: none when an edit was written while it was
/// read (the window reads it again itself).
fn read_whole(
    campaign: &Campaign,
) -> waybook_core::store::Result<Option<(waybook_core::model::CampaignData, i64)>> {
    let count = campaign.written_in_file()?;
    let data = campaign.load()?;
    Ok((campaign.written_in_file()? == count).then_some((data, count)))
}
