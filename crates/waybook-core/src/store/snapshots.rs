//! Snapshots: consistent copies of a campaign (SQLite's backup API), kept
//! in a folder of their own per campaign under the data folder, named by
//! when and why they were taken. Taken when a campaign is opened (at most
//! one a day), before a migration, before an import or a restore, and when
//! the GM asks. Kept: the newest [`KEEP_NEWEST`], and the newest of each day
//! for [`KEEP_DAYS`] days; older ones are removed after each new one.
//! A snapshot is restored as a new campaign file, never over one.

use super::{Campaign, Result, StoreError};
use jiff::{Timestamp, tz::TimeZone};
use std::path::{Path, PathBuf};

pub const KEEP_NEWEST: usize = 10;
pub const KEEP_DAYS: usize = 30;

/// Why a snapshot was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Reason {
    /// The campaign was opened (at most once a day).
    Opened,
    /// Before its schema was upgraded.
    Migration,
    /// Before an import into it.
    Import,
    /// Before a restore.
    Restore,
    /// The GM asked (`waybook backup`).
    Backup,
    /// Before days of a party played on two machines apart were undone
    /// here, the GM having kept the other machine's.
    DaysSetAside,
}

impl Reason {
    pub fn key(self) -> &'static str {
        self.into()
    }

    fn from_key(key: &str) -> Option<Self> {
        <Self as strum::IntoEnumIterator>::iter().find(|r| r.key() == key)
    }
}

/// One snapshot on disk.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Snapshot {
    pub path: PathBuf,
    /// When it was taken, in UTC (RFC 3339).
    pub time: String,
    pub reason: &'static str,
    pub bytes: u64,
}

/// The snapshots of one campaign.
pub struct Snapshots {
    dir: PathBuf,
}

/// `2026-12-01T09-30-05Z` in a file name (no colons, which some systems refuse).
const STAMP: &str = "%Y-%m-%dT%H-%M-%SZ";

impl Snapshots {
    /// The snapshots of the campaign at `campaign`, kept under `root`: one
    /// folder per campaign file, named for it.
    pub fn of(root: &Path, campaign: &Path) -> Self {
        let absolute = crate::files::absolute(campaign);
        let stem = absolute
            .file_stem()
            .map_or_else(|| "campaign".into(), |s| s.to_string_lossy().into_owned());
        Self {
            dir: root
                .join("snapshots")
                .join(format!("{stem}-{:08x}", fnv1a(&absolute.to_string_lossy()))),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Takes a snapshot now, then removes those the retention no longer keeps.
    pub fn take(&self, campaign: &Campaign, reason: Reason) -> Result<PathBuf> {
        self.take_at(campaign, reason, Timestamp::now())
    }

    /// Takes a snapshot named as taken at `now` (the demo's past session).
    pub fn take_at(&self, campaign: &Campaign, reason: Reason, now: Timestamp) -> Result<PathBuf> {
        std::fs::create_dir_all(&self.dir).map_err(|cause| StoreError::Io {
            path: self.dir.clone(),
            cause,
        })?;
        let mut path = self
            .dir
            .join(format!("{}-{}.waybook", now.strftime(STAMP), reason.key()));
        // Two in the same second: the later one gets a number.
        for n in 2.. {
            if !path.exists() {
                break;
            }
            path = self.dir.join(format!(
                "{}-{}-{n}.waybook",
                now.strftime(STAMP),
                reason.key()
            ));
        }
        campaign.save_copy(&path)?;
        self.prune()?;
        Ok(path)
    }

    /// Takes the day's "opened" snapshot if none was taken today.
    pub fn take_daily(&self, campaign: &Campaign) -> Result<Option<PathBuf>> {
        let today = Timestamp::now().strftime("%Y-%m-%d").to_string();
        let taken = self
            .list()?
            .iter()
            .any(|s| s.reason == Reason::Opened.key() && s.time.starts_with(&today));
        if taken {
            Ok(None)
        } else {
            self.take(campaign, Reason::Opened).map(Some)
        }
    }

    /// Every snapshot, newest first.
    pub fn list(&self) -> Result<Vec<Snapshot>> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            // No folder: none taken yet.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(cause) => {
                return Err(StoreError::Io {
                    path: self.dir.clone(),
                    cause,
                });
            }
        };
        let mut found: Vec<Snapshot> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let path = e.path();
                let name = path.file_stem()?.to_str()?.to_owned();
                let (time, reason) = parse_name(&name)?;
                let bytes = e.metadata().ok()?.len();
                Some(Snapshot {
                    path,
                    time,
                    reason: reason.key(),
                    bytes,
                })
            })
            .collect();
        found.sort_by(|a, b| b.path.cmp(&a.path));
        Ok(found)
    }

    /// The campaign as a session on `date` ("2026-11-27", the GM's own
    /// clock) began: the first snapshot of that day, else the newest
    /// before it.
    pub fn at_start_of(&self, date: &str) -> Result<Option<Snapshot>> {
        let all = self.list()?;
        let day = |s: &Snapshot| local_time(&s.time)[..10].to_owned();
        let that_day = all.iter().rev().find(|s| day(s) == date);
        Ok(that_day
            .or_else(|| all.iter().find(|s| day(s).as_str() < date))
            .cloned())
    }

    /// Keeps the newest few and the newest of each recent day.
    fn prune(&self) -> Result<()> {
        let all = self.list()?;
        let mut days_kept: Vec<&str> = Vec::new();
        for (i, s) in all.iter().enumerate() {
            let day = &s.time[..10];
            let newest_of_its_day = !days_kept.contains(&day);
            if newest_of_its_day {
                days_kept.push(day);
            }
            let keep = i < KEEP_NEWEST || (newest_of_its_day && days_kept.len() <= KEEP_DAYS);
            if !keep {
                std::fs::remove_file(&s.path).map_err(|cause| StoreError::Io {
                    path: s.path.clone(),
                    cause,
                })?;
            }
        }
        Ok(())
    }
}

/// The time (RFC 3339, UTC) and reason in a snapshot's file name.
fn parse_name(name: &str) -> Option<(String, Reason)> {
    let (stamp, rest) = name.split_at_checked(20)?;
    let stamp = stamp.strip_suffix('Z')?;
    let time = jiff::fmt::strtime::parse("%Y-%m-%dT%H-%M-%S", stamp)
        .ok()?
        .to_datetime()
        .ok()?
        .to_zoned(TimeZone::UTC)
        .ok()?
        .timestamp();
    let key = rest.strip_prefix('-')?;
    let key = key
        .rsplit_once('-')
        .filter(|(_, n)| n.parse::<u32>().is_ok())
        .map_or(key, |(k, _)| k);
    Some((time.to_string(), Reason::from_key(key)?))
}

/// The time of a snapshot as the GM reads it: their own clock.
pub fn local_time(rfc3339: &str) -> String {
    rfc3339
        .parse::<Timestamp>()
        .map(|t| {
            t.to_zoned(TimeZone::system())
                .strftime("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_else(|_| rfc3339.to_owned())
}

/// Makes a new campaign file from a snapshot (a consistent copy of it); never
/// over an existing file.
pub fn restore(snapshot: &Path, out: &Path) -> Result<Campaign> {
    if out.exists() {
        return Err(StoreError::Exists(out.to_owned()));
    }
    Campaign::open_read_only(snapshot)?.save_copy(out)?;
    Campaign::open(out)
}

/// FNV-1a: a short, stable name for a campaign's path.
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_the_time_and_the_reason() {
        let (time, reason) = parse_name("2026-12-01T09-30-05Z-opened").expect("parses");
        assert_eq!(
            (time.as_str(), reason),
            ("2026-12-01T09:30:05Z", Reason::Opened)
        );
        let (_, reason) = parse_name("2026-12-01T09-30-05Z-backup-2").expect("parses");
        assert_eq!(reason, Reason::Backup);
        assert!(parse_name("notes").is_none());
    }
}
