//! The only code that names rusqlite: creating, opening, checking and copying
//! campaign files, the schema migrations, and one repository per area.
//!
//! A campaign file is marked with [`APPLICATION_ID`]. Opening checks the
//! SQLite header, the mark and the schema version *before* anything is
//! written, so a foreign, corrupt or newer file is refused untouched. Every
//! edit is written in its own transaction the moment it is made.

mod bodies;
pub mod changesets;
mod characters;
mod check;
mod history;
mod items;
mod journeys;
mod log_reading;
mod migrate;
mod parties;
pub mod sharing;
pub mod snapshots;
mod sql_types;
mod tables;
mod verify;
mod writer;

pub use check::{CheckReport, check};
pub use history::{HISTORY_BOUND, HistoryStep, Kept, Recorded};
pub use log_reading::{Log, LogReading};
pub use migrate::LATEST_VERSION;
use std::sync::mpsc::Sender;
pub use verify::Verdict;
use writer::Writer;
pub use writer::{Answer, Wrote};

use crate::model::{CampaignData, Change, Edit, LogEntry, LogRead, Record, Settings};
use rusqlite::{Connection, OpenFlags, Transaction};
use std::path::{Path, PathBuf};

/// "WAYB": the mark in SQLite's `application_id` header field.
pub const APPLICATION_ID: i32 = 0x5741_5942;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{} does not exist", .0.display())]
    Missing(PathBuf),
    #[error("{} already exists; choose another name (Waybook never overwrites a file)", .0.display())]
    Exists(PathBuf),
    #[error("could not make {}: the folder {} does not exist", .0.display(), .0.parent().unwrap_or(Path::new("")).display())]
    NoFolder(PathBuf),
    #[error("{} is not a Waybook campaign: {reason}. The file was not changed.", path.display())]
    Foreign { path: PathBuf, reason: String },
    #[error(
        "{} was written by a newer Waybook (schema version {found}; this Waybook reads up to {supported}). Update Waybook to open it. The file was not changed.",
        path.display()
    )]
    Newer {
        path: PathBuf,
        found: i64,
        supported: i64,
    },
    #[error(
        "{} was written by an older Waybook (schema version {found}; this Waybook writes {supported}) and must be upgraded before it can be read: {}",
        path.display(),
        if *read_only {
            "it is read-only, so it cannot be; make it writable first"
        } else {
            "open it in Waybook's window, or run `waybook upgrade` on it; either keeps a copy of it as it is first"
        }
    )]
    Older {
        path: PathBuf,
        found: i64,
        supported: i64,
        /// The file cannot be written, so nothing can upgrade it.
        read_only: bool,
    },
    #[error(
        "{} was written by an older Waybook (schema version {found}; this Waybook writes {supported}), and opening it upgrades it; the copy of it as it is that Waybook keeps first could not be made: {cause}. The file was not changed.",
        path.display()
    )]
    NotKept {
        path: PathBuf,
        found: i64,
        supported: i64,
        cause: Box<StoreError>,
    },
    #[error("could not read or write {}: {}", path.display(), crate::files::io_words(cause))]
    Io {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error(
        "could not open {}: {}. The file itself was not changed.",
        path.display(),
        in_words(source)
    )]
    Disk {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error(
        "{} failed its integrity check: {reason}. Waybook writes nothing more to it; what is on screen is what could be read (File > Export JSON… keeps it, and File > Snapshots… has earlier copies).",
        path.display()
    )]
    Damaged { path: PathBuf, reason: String },
    #[error("{}", in_words(.0))]
    Sqlite(#[from] rusqlite::Error),
    #[error("the edit was not written: the thread writing the file stopped")]
    WriterStopped,
    /// Sharing through a folder cannot do what was asked: why, in words.
    #[error("{0}")]
    Sharing(String),
}

/// Whether `cause` is the operating system's or SQLite's own error: a
/// cause past which an error's words are their internals. The command
/// line asks this, naming no SQLite type itself.
pub fn is_the_systems(cause: &(dyn std::error::Error + 'static)) -> bool {
    cause.is::<std::io::Error>() || cause.is::<rusqlite::Error>()
}

/// Where the copy of an older campaign at `path` goes before it is
/// upgraded with no snapshot: beside it, "Name (before the upgrade).waybook",
/// numbered when that name is taken.
pub fn copy_before_upgrade(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "campaign".into(), |s| s.to_string_lossy().into_owned());
    let extension = path
        .extension()
        .map_or_else(|| "waybook".into(), |e| e.to_string_lossy().into_owned());
    let named = |n: u32| {
        let mark = if n == 1 {
            "before the upgrade".to_owned()
        } else {
            format!("before the upgrade {n}")
        };
        path.with_file_name(format!("{stem} ({mark}).{extension}"))
    };
    (1..)
        .map(named)
        .find(|copy| !copy.exists())
        .unwrap_or_else(|| named(0))
}

/// SQLite's words on one line of reasonable length (its messages may quote
/// a whole table's schema, line breaks and all).
fn one_line(text: &str) -> String {
    const MOST: usize = 200;
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match words.char_indices().nth(MOST) {
        Some((cut, _)) => format!("{}…", &words[..cut]),
        None => words,
    }
}

impl From<crate::files::WriteError> for StoreError {
    fn from(e: crate::files::WriteError) -> Self {
        Self::Io {
            path: e.path,
            cause: e.cause,
        }
    }
}

/// Whether SQLite failed because of the disk or the folder (full, read-only,
/// not allowed, gone), not because of what the file holds.
fn is_disk_problem(e: &rusqlite::Error) -> bool {
    use rusqlite::ErrorCode::*;
    matches!(
        e.sqlite_error_code(),
        Some(DiskFull | SystemIoFailure | ReadOnly | PermissionDenied | CannotOpen)
    )
}

/// What went wrong, as the GM should read it.
fn in_words(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode::*;
    match e.sqlite_error_code() {
        Some(DiskFull) => "the disk is full; free some space and try again".to_owned(),
        Some(ReadOnly) => "the file or its folder is read-only".to_owned(),
        Some(PermissionDenied | CannotOpen) => {
            format!("Waybook is not allowed to read or write there ({e})")
        }
        Some(SystemIoFailure) => format!(
            "reading or writing the disk failed ({e}); the disk may be full, read-only or gone"
        ),
        _ => one_line(&format!("the campaign file could not be updated: {e}")),
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// An edit as written to the file, told to a reader following it (the
/// table's worker) the moment it is: the file's count of edits once it
/// was written, and its changes as made.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub count: i64,
    pub changes: Vec<Change>,
}

/// Who is told each edit as written, shared with the writer's thread.
type Told = std::sync::Arc<std::sync::Mutex<Option<Sender<Written>>>>;

/// Tells whoever listens that `changes` were written, the file's `count`th
/// edit; forgets them once they stop listening.
fn tell(told: &Told, count: i64, changes: Vec<Change>) {
    let Ok(mut told) = told.lock() else { return };
    if let Some(to) = told.as_ref()
        && to.send(Written { count, changes }).is_err()
    {
        *told = None;
    }
}

/// An open campaign file. Owns the one connection.
pub struct Campaign {
    conn: Connection,
    path: Option<PathBuf>,
    /// Opened for reading only: the file is not writable.
    read_only: bool,
    /// The file's integrity check, when it runs while the campaign is read
    /// (`None`: checked before it opened, or never on a disk).
    verification: Option<verify::Verification>,
    /// How many edits the file had once the last edit written by this
    /// campaign was (0 before it wrote any).
    written: i64,
    /// The thread writing the edits sent, once one is ([`Self::send`]).
    writer: Option<Writer>,
    /// The answers of edits written here and now (a campaign in memory).
    answered: Vec<Answer>,
    /// Who is told each edit as written ([`Self::tell_written`]).
    told: Told,
}

impl Campaign {
    /// The campaign on `conn`, of the file at `path` (none: in memory),
    /// opened for reading only or not.
    fn on(conn: Connection, path: Option<PathBuf>, read_only: bool) -> Self {
        Self {
            conn,
            path,
            read_only,
            verification: None,
            written: 0,
            writer: None,
            answered: Vec::new(),
            told: Told::default(),
        }
    }

    /// Creates a new, empty campaign file. Refuses to overwrite anything.
    pub fn create(path: &Path, name: &str) -> Result<Self> {
        if path.exists() {
            return Err(StoreError::Exists(path.to_owned()));
        }
        if path
            .parent()
            .is_some_and(|p| !p.as_os_str().is_empty() && !p.is_dir())
        {
            return Err(StoreError::NoFolder(path.to_owned()));
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        Self::initialise(conn, Some(crate::files::absolute(path)), name)
    }

    /// Creates a new campaign file holding a whole document (an import):
    /// written beside the target and renamed into place, so a failure leaves
    /// nothing behind. Refuses to overwrite anything.
    pub fn create_from(path: &Path, document: &crate::model::document::Document) -> Result<Self> {
        if path.exists() {
            return Err(StoreError::Exists(path.to_owned()));
        }
        let temp = crate::files::temp_path_beside(path);
        let _ = std::fs::remove_file(&temp);
        let written = Self::create(&temp, &document.settings.name).and_then(|mut campaign| {
            campaign.apply(&Edit::new("Import", document.changes()))?;
            Ok(campaign)
        });
        match written {
            Ok(campaign) => {
                drop(campaign);
                std::fs::rename(&temp, path).map_err(|cause| StoreError::Io {
                    path: path.to_owned(),
                    cause,
                })?;
                Self::open(path)
            }
            Err(e) => {
                let _ = std::fs::remove_file(&temp);
                Err(e)
            }
        }
    }

    /// A campaign that lives only in memory (tests, benchmarks).
    pub fn in_memory(name: &str) -> Result<Self> {
        Self::initialise(Connection::open_in_memory()?, None, name)
    }

    fn initialise(conn: Connection, path: Option<PathBuf>, name: &str) -> Result<Self> {
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        let campaign = Self::prepare(conn, path)?;
        campaign
            .conn
            .execute("INSERT INTO campaign (id, name) VALUES (1, ?1)", [name])?;
        Ok(campaign)
    }

    /// Opens an existing campaign, refusing foreign, corrupt and newer files
    /// without writing a byte to them. A file that is not writable opens for
    /// reading only.
    pub fn open(path: &Path) -> Result<Self> {
        if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
            return Self::open_read_only(path);
        }
        let conn = open_checked(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        Self::prepare(conn, Some(crate::files::absolute(path)))
    }

    /// Whether opening the campaign at `path` for writing would upgrade its
    /// schema (a file that cannot be written opens read-only, never upgraded).
    pub fn needs_upgrade(path: &Path) -> Result<bool> {
        if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
            return Ok(false);
        }
        let conn = open_marked(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        Ok(migrate::user_version(&conn)? < LATEST_VERSION)
    }

    /// Opens a campaign as the app does. When its schema is about to be
    /// upgraded, it is checked whole first and a snapshot taken (when none
    /// can be, [`StoreError::NotKept`] says why, the file untouched);
    /// otherwise its integrity check is left for
    /// [`Self::check_in_background`] once it is read ([`Self::verdict_news`]
    /// brings the verdict), and the first write waits for the verdict (or
    /// runs the check, if never started).
    pub fn open_keeping(path: &Path, snapshots: &snapshots::Snapshots) -> Result<Self> {
        Self::open_keeping_where(path, snapshots).map(|(campaign, _)| campaign)
    }

    /// [`Self::open_keeping`], and the snapshot taken before an upgrade,
    /// when there was one.
    pub fn open_keeping_where(
        path: &Path,
        snapshots: &snapshots::Snapshots,
    ) -> Result<(Self, Option<PathBuf>)> {
        if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
            return Ok((Self::open_read_only(path)?, None));
        }
        let conn = open_marked(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        let found = migrate::user_version(&conn)?;
        if found < LATEST_VERSION {
            let keep = |campaign: &Self| snapshots.take(campaign, snapshots::Reason::Migration);
            return Self::upgrade(conn, path, found, keep).map(|(c, kept)| (c, Some(kept)));
        }
        let absolute = crate::files::absolute(path);
        let verification = verify::Verification::due(&absolute);
        let mut campaign = Self::prepare(conn, Some(absolute))?;
        campaign.verification = Some(verification);
        Ok((campaign, None))
    }

    /// Opens a campaign, upgrading an older one after keeping a copy of it
    /// as it is beside it ("Name (before the upgrade).waybook", which an
    /// older Waybook opens): the upgrade when no snapshot can be kept (no
    /// data folder, or one that cannot be written). The copy's path, when
    /// one was made.
    pub fn open_keeping_copy_beside(path: &Path) -> Result<(Self, Option<PathBuf>)> {
        if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
            return Ok((Self::open_read_only(path)?, None));
        }
        let conn = open_marked(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        let found = migrate::user_version(&conn)?;
        if found >= LATEST_VERSION {
            return Ok((
                Self::prepare(conn, Some(crate::files::absolute(path)))?,
                None,
            ));
        }
        let keep = |campaign: &Self| {
            let copy = copy_before_upgrade(path);
            campaign.save_copy(&copy).map(|()| copy)
        };
        Self::upgrade(conn, path, found, keep).map(|(campaign, copy)| (campaign, Some(copy)))
    }

    /// Upgrades the older campaign open on `conn` (schema `found`): checked
    /// whole, a copy of it kept by `keep`, then migrated. The copy's path.
    fn upgrade(
        conn: Connection,
        path: &Path,
        found: i64,
        keep: impl FnOnce(&Self) -> Result<PathBuf>,
    ) -> Result<(Self, PathBuf)> {
        verify::quick_check(&conn, path)?;
        let campaign = Self::on(conn, Some(crate::files::absolute(path)), false);
        let kept = keep(&campaign).map_err(|cause| StoreError::NotKept {
            path: path.to_owned(),
            found,
            supported: LATEST_VERSION,
            cause: Box::new(cause),
        })?;
        Ok((Self::prepare(campaign.conn, campaign.path)?, kept))
    }

    /// Opens a campaign of this Waybook's schema beside the program that
    /// has it open (the window's merge of other machines' edits), on a
    /// connection of its own, without the integrity check it had.
    pub fn open_beside(path: &Path) -> Result<Self> {
        let conn = writing(path)?;
        if migrate::user_version(&conn)? < LATEST_VERSION {
            return Err(StoreError::Older {
                path: path.to_owned(),
                found: migrate::user_version(&conn)?,
                supported: LATEST_VERSION,
                read_only: false,
            });
        }
        Ok(Self::on(conn, Some(crate::files::absolute(path)), false))
    }

    /// Opens a campaign for reading only (the command line's reports): the
    /// file is not migrated or written; an older schema is asked to be upgraded.
    pub fn open_read_only(path: &Path) -> Result<Self> {
        Self::reading(path, true)
    }

    /// Opens a campaign for reading only beside the program that writes
    /// it (the table following the window's edits): each read sees what
    /// was committed last, and [`Campaign::data_version`] moves with it.
    pub fn open_following(path: &Path) -> Result<Self> {
        Self::reading(path, false)
    }

    /// Opens for reading only; `alone`: nothing else writes it meanwhile,
    /// so a file with no journal beside it is read as immutable.
    fn reading(path: &Path, alone: bool) -> Result<Self> {
        let conn = open_marked_with(path, OpenFlags::SQLITE_OPEN_READ_ONLY, alone)?;
        verify::quick_check(&conn, path)?;
        let found = migrate::user_version(&conn)?;
        if found < LATEST_VERSION {
            return Err(StoreError::Older {
                path: path.to_owned(),
                found,
                supported: LATEST_VERSION,
                read_only: std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()),
            });
        }
        Ok(Self::on(conn, Some(path.to_owned()), true))
    }

    fn prepare(mut conn: Connection, path: Option<PathBuf>) -> Result<Self> {
        tune(&conn)?;
        migrate::migrate(&mut conn)?;
        Ok(Self::on(conn, path, false))
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether the file was opened for reading only.
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// Starts the integrity check that [`Self::open_keeping`] left due, on a
    /// worker thread with a connection of its own.
    pub fn check_in_background(&mut self) {
        if let Some(verification) = &mut self.verification {
            verification.start();
        }
    }

    /// Whether the file's integrity check is under way, or due.
    pub fn is_being_checked(&self) -> bool {
        self.verification
            .as_ref()
            .is_some_and(verify::Verification::is_pending)
    }

    /// What the integrity check found wrong with the file, once it has.
    pub fn damage(&self) -> Option<&str> {
        self.verification.as_ref().and_then(|v| v.damage())
    }

    /// The integrity check's verdict, once, as soon as it is in.
    pub fn verdict_news(&mut self) -> Option<Verdict> {
        self.verification.as_mut().and_then(|v| v.news())
    }

    /// Before a write: waits for the integrity check, and refuses a file it
    /// found damaged.
    fn verified(&mut self) -> Result<()> {
        let Some(verification) = &mut self.verification else {
            return Ok(());
        };
        match verification.wait() {
            Verdict::Whole => Ok(()),
            Verdict::Damaged(reason) => Err(StoreError::Damaged {
                path: self.path.clone().unwrap_or_default(),
                reason: reason.clone(),
            }),
        }
    }

    /// Reads the whole campaign into memory. The characters (most of a
    /// large campaign's rows) are read on a second connection of their own
    /// while this one reads the rest, when the file allows it.
    pub fn load(&self) -> Result<CampaignData> {
        self.load_but(None)
    }

    /// Reads the campaign as [`Self::load`] does but for its log, when the
    /// file allows a connection of the log's own: that is read by the
    /// [`LogReading`] returned, and `data.log_read` says it is being read.
    /// The log's largest id is marked, so no id it holds is handed out
    /// meanwhile.
    pub fn load_but_log(&self) -> Result<(CampaignData, Option<LogReading>)> {
        let readers: Vec<Connection> = (0..LogReading::workers())
            .map_while(|_| self.reader())
            .inspect(map_the_file)
            .collect();
        if readers.is_empty() {
            return Ok((self.load()?, None));
        }
        // Two subqueries: SQLite reads a lone MIN or MAX off the end of the
        // ids, but scans every entry for both in one.
        let (first, last): (Option<i64>, Option<i64>) = self.conn.query_row(
            "SELECT (SELECT MIN(id) FROM log_entry), (SELECT MAX(id) FROM log_entry)",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        let reading = LogReading::start(readers, first.zip(last).map(|(f, l)| f..=l));
        let mut data = self.load_but(Some(LogEntry::KIND))?;
        if let Some(last) = last {
            data.ids.saw(LogEntry::KIND, last);
        }
        data.log_read = LogRead::Reading;
        Ok((data, Some(reading)))
    }

    /// A second connection to the file that may only read, when the file
    /// is on disk and writable (a read-only file is read on its own one).
    fn reader(&self) -> Option<Connection> {
        let path = self.path.as_deref().filter(|_| !self.read_only)?;
        Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .ok()
    }

    /// Every kind but the one named `left` (read by the caller). The
    /// characters' rows and their stats and lists, the most of a large
    /// campaign, are read on two workers beside the other kinds.
    fn load_but(&self, left: Option<&str>) -> Result<CampaignData> {
        let beside = self.reader().zip(self.reader());
        std::thread::scope(|scope| {
            let workers = beside.map(|(rows, lists)| {
                (
                    scope.spawn(move || characters::load_rows(&rows)),
                    scope.spawn(move || characters::load_lists(&lists)),
                )
            });
            let mut data = CampaignData::new(self.settings()?);
            data.ids = crate::model::IdMarks::in_block(sharing::id_block(&self.conn)?);
            load_kinds(&self.conn, &mut data, left)?;
            data.characters = match workers {
                Some((rows, lists)) => {
                    let mut characters = joined(rows)?;
                    joined(lists)?.hand_to(&mut characters);
                    characters
                }
                None => characters::load(&self.conn)?,
            };
            Ok(data)
        })
    }

    pub fn settings(&self) -> Result<Settings> {
        Ok(parties::load_settings(&self.conn)?)
    }

    /// Writes every change of one GM action in one transaction: all or nothing.
    pub fn apply(&mut self, edit: &Edit) -> Result<()> {
        self.write_now(edit, None).map(|_| ())
    }

    /// Writes `edit`, with its `step` of the undo history, here and now on
    /// this connection, and tells whoever listens.
    fn write_now(&mut self, edit: &Edit, step: Option<HistoryStep>) -> Result<Wrote> {
        self.verified()?;
        let wrote = write_edit(&mut self.conn, edit, step)?;
        self.written = wrote.count;
        tell(&self.told, wrote.count, edit.changes.clone());
        Ok(wrote)
    }

    /// Tells `to` each edit from now on as it is written, by this campaign
    /// or its writer, until `to`'s receiver is dropped.
    pub fn tell_written(&mut self, to: Sender<Written>) {
        if let Ok(mut told) = self.told.lock() {
            *told = Some(to);
        }
    }

    /// Sends `edit` (and its `step` of the undo history) to be written
    /// after the edits sent before, by a thread of its own when the file
    /// is on disk, so the caller need not wait for the disk; here and now
    /// in memory. Its answer comes from [`Self::answers`]. Refused at once
    /// when the file failed its integrity check or the thread cannot open
    /// the file.
    pub fn send(&mut self, edit: Edit, step: Option<HistoryStep>) -> Result<()> {
        self.verified()?;
        let Some(path) = self.path.as_deref() else {
            let answer = match self.write_now(&edit, step) {
                Ok(wrote) => Answer::Wrote(wrote),
                Err(e) => Answer::Refused(e),
            };
            self.answered.push(answer);
            return Ok(());
        };
        let writer = match self.writer.take() {
            Some(writer) if !writer.is_done() => writer,
            _ => Writer::start(writing(path)?, self.told.clone()),
        };
        self.writer.insert(writer).send(edit, step);
        Ok(())
    }

    /// What became of the edits sent ([`Self::send`]) since last asked, in
    /// the order sent; with `wait`, of every edit sent.
    pub fn answers(&mut self, wait: bool) -> Vec<Answer> {
        let mut answers = std::mem::take(&mut self.answered);
        if let Some(writer) = &mut self.writer {
            answers.extend(writer.answers(wait));
        }
        if let Some(count) = answers.iter().rev().find_map(|a| match a {
            Answer::Wrote(wrote) => Some(wrote.count),
            _ => None,
        }) {
            self.written = count;
        }
        answers
    }

    /// How many edits the file had once this connection's last edit was
    /// written: that edit's number, to tell a reader of the file which
    /// edit it was ([`Self::written_in_file`]).
    pub fn last_written(&self) -> i64 {
        self.written
    }

    /// How many edits the file has had, by any program.
    pub fn written_in_file(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("SELECT written FROM edit_count WHERE id = 1", [], |row| {
                row.get(0)
            })?)
    }

    /// Keeps `value` under `key` among the app's notes about the campaign:
    /// in its file but outside its records, so never exported or undone
    /// (what a plan came to when its packet was printed).
    pub fn keep(&mut self, key: &str, value: &str) -> Result<()> {
        self.verified()?;
        self.conn.execute(
            "INSERT INTO kept (key, value) VALUES (?1, ?2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )?;
        Ok(())
    }

    /// A number that changes each time another connection (the window,
    /// the command line) commits a change to the file.
    pub fn data_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .pragma_query_value(None, "data_version", |row| row.get(0))?)
    }

    /// The app's notes about the campaign, by key ([`Self::keep`]).
    pub fn kept(&self) -> Result<std::collections::BTreeMap<String, String>> {
        let mut statement = self.conn.prepare("SELECT key, value FROM kept")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Writes a consistent copy of the live campaign through SQLite's backup
    /// API: first to a temporary file beside the target, then renamed into
    /// place, so a failed copy never leaves a half-written file.
    pub fn save_copy(&self, target: &Path) -> Result<()> {
        let temp = crate::files::temp_path_beside(target);
        let result = self
            .conn
            .backup(
                rusqlite::MAIN_DB,
                &temp,
                None::<fn(rusqlite::backup::Progress)>,
            )
            .map_err(StoreError::from)
            .and_then(|()| {
                std::fs::rename(&temp, target).map_err(|cause| StoreError::Io {
                    path: target.to_owned(),
                    cause,
                })
            });
        if result.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        result
    }
}

/// A record kind with its table in the file: how one record is written
/// and removed. Each kind's impl comes from the table of kinds
/// (`model/kinds.rs`) through [`declare_stored`].
trait Stored: Record {
    fn write(tx: &Transaction<'_>, record: &Self) -> rusqlite::Result<()>;
    fn remove(tx: &Transaction<'_>, id: Self::Id) -> rusqlite::Result<()>;
}

/// Writes one change: its after, or the removal of its before.
fn write_change<R: Stored>(
    tx: &Transaction<'_>,
    before: Option<&R>,
    after: Option<&R>,
) -> rusqlite::Result<()> {
    match (before, after) {
        (_, Some(record)) => R::write(tx, record),
        (Some(gone), None) => R::remove(tx, gone.id()),
        (None, None) => Ok(()),
    }
}

/// Counts an edit's transaction among the edits the file has had; the
/// count it brings the file to.
fn count_written(tx: &Transaction<'_>) -> rusqlite::Result<i64> {
    tx.query_row(
        "UPDATE edit_count SET written = written + 1 WHERE id = 1 RETURNING written",
        [],
        |row| row.get(0),
    )
}

/// Writes `edit`, and its `step` of the undo history, in one transaction.
fn write_edit(conn: &mut Connection, edit: &Edit, step: Option<HistoryStep>) -> Result<Wrote> {
    let (mut wrote, refused) = write_edits(conn, &[(edit, step)]);
    match refused {
        Some(e) => Err(e),
        None => Ok(wrote.remove(0)),
    }
}

/// Writes `edits` in order, each with its step of the undo history, in one
/// transaction synced once (the writer's edits that waited together): each
/// edit is still all or nothing, in a savepoint of its own. Stops at the
/// first the file refuses: the edits written before it, and why; none
/// written when the transaction itself fails.
fn write_edits(
    conn: &mut Connection,
    edits: &[(&Edit, Option<HistoryStep>)],
) -> (Vec<Wrote>, Option<StoreError>) {
    // Taken for writing at once, so a merge of another machine's edits
    // committing meanwhile is waited for (a transaction that read first
    // would be refused at once instead, to avoid a deadlock).
    let tx = match conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => return (Vec::new(), Some(e.into())),
    };
    let mut outbox = match sharing::Outbox::of(&tx) {
        Ok(outbox) => outbox,
        Err(e) => return (Vec::new(), Some(e.into())),
    };
    let mut wrote = Vec::with_capacity(edits.len());
    let mut refused = None;
    for (edit, step) in edits {
        match in_savepoint(&tx, edit, *step, outbox.as_mut()) {
            Ok(one) => wrote.push(one),
            Err(e) => {
                refused = Some(e);
                break;
            }
        }
    }
    match tx.commit() {
        Ok(()) => (wrote, refused),
        Err(e) => (Vec::new(), Some(e.into())),
    }
}

/// Writes one edit inside `tx`, all or nothing; in a shared working copy,
/// with its changeset kept for the other machines.
fn in_savepoint(
    tx: &Transaction<'_>,
    edit: &Edit,
    step: Option<HistoryStep>,
    outbox: Option<&mut sharing::Outbox>,
) -> Result<Wrote> {
    all_or_nothing(tx, || {
        let recorder = outbox.as_ref().map(|o| o.recorder(tx)).transpose()?;
        for change in &edit.changes {
            apply_change(tx, change)?;
        }
        if let (Some(outbox), Some(recorder)) = (outbox, recorder) {
            let changeset = recorder.changeset()?;
            drop(recorder);
            outbox.keep(tx, &edit.label, &changeset)?;
        }
        let row = match step {
            Some(step) => history::record(tx, edit, step)?,
            None => 0,
        };
        Ok(Wrote {
            row,
            count: count_written(tx)?,
        })
    })
}

/// Does `work` inside `tx` in a savepoint of its own: kept when it
/// succeeds, rolled back when it fails (the rest of `tx` stands).
fn all_or_nothing<T, E: From<rusqlite::Error>>(
    tx: &Transaction<'_>,
    work: impl FnOnce() -> std::result::Result<T, E>,
) -> std::result::Result<T, E> {
    tx.execute_batch("SAVEPOINT one")?;
    let done = work();
    let end = if done.is_ok() {
        "RELEASE one"
    } else {
        "ROLLBACK TO one; RELEASE one"
    };
    tx.execute_batch(end)?;
    done
}

/// A second connection to the campaign at `path`, for its writer: synced
/// in full with the rollback journal, as the first ([`Campaign::prepare`]).
fn writing(path: &Path) -> Result<Connection> {
    let conn = open_marked(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
    tune(&conn)?;
    Ok(conn)
}

/// The journal, keys and syncing every connection that writes uses.
fn tune(conn: &Connection) -> rusqlite::Result<()> {
    // A rollback journal, synced in full: once an edit's transaction
    // commits, it is on the disk and the .waybook file alone holds the
    // whole campaign (no -wal beside it that a copy would leave behind).
    // The -journal file exists only while an edit is being written.
    conn.pragma_update_and_check(None, "journal_mode", "DELETE", |_| Ok(()))?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // Another connection may be writing (the window's writer, a merge of
    // another machine's edits): wait for it rather than fail.
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "synchronous", "FULL")
}

fn apply_change(tx: &Transaction<'_>, change: &Change) -> rusqlite::Result<()> {
    crate::model::each_change!(change, |R, before, after| write_change::<R>(
        tx, before, after
    ))
}

impl Stored for Settings {
    fn write(tx: &Transaction<'_>, s: &Self) -> rusqlite::Result<()> {
        parties::save_settings(tx, s)
    }
    fn remove(_: &Transaction<'_>, (): ()) -> rusqlite::Result<()> {
        Ok(()) // the settings row is never removed
    }
}

/// `Stored` for one kind as the table of kinds keeps it: in a repository
/// of its own (`repo` or `beside`: put, delete, load) or as JSON bodies.
macro_rules! stored_kind {
    ($ty:ident, (body $table:literal)) => {
        impl bodies::Body for crate::model::$ty {
            const TABLE: &'static str = $table;
        }
        impl Stored for crate::model::$ty {
            fn write(tx: &Transaction<'_>, record: &Self) -> rusqlite::Result<()> {
                bodies::put(tx, record)
            }
            fn remove(tx: &Transaction<'_>, id: Self::Id) -> rusqlite::Result<()> {
                bodies::delete::<Self>(tx, id)
            }
        }
    };
    ($ty:ident, ($where:ident $module:ident: $put:ident $delete:ident $load:ident)) => {
        impl Stored for crate::model::$ty {
            fn write(tx: &Transaction<'_>, record: &Self) -> rusqlite::Result<()> {
                $module::$put(tx, record)
            }
            fn remove(tx: &Transaction<'_>, id: Self::Id) -> rusqlite::Result<()> {
                $module::$delete(tx, id)
            }
        }
    };
}

/// Reads one kind into the campaign, unless it is read beside.
macro_rules! load_kind {
    ($conn:expr, $data:expr, $field:ident, $ty:ident, (body $table:literal)) => {
        $data.$field = bodies::load::<crate::model::$ty>($conn)?;
    };
    ($conn:expr, $data:expr, $field:ident, $ty:ident, (repo $module:ident: $put:ident $delete:ident $load:ident)) => {
        $data.$field = $module::$load($conn)?;
    };
    ($conn:expr, $data:expr, $field:ident, $ty:ident, (beside $module:ident: $put:ident $delete:ident $load:ident)) => {};
}

/// Every kind's `Stored` impl, and [`load_kinds`].
macro_rules! declare_stored {
    ([] $($variant:ident $field:ident : $ty:ident ($id:ident) $held:ident $kind:literal
        since $since:literal stored $stored:tt titled $title:expr;)*) => {
        $(stored_kind!($ty, $stored);)*

        /// Reads every kind but those read beside, and the one named
        /// `left`, into `data`.
        fn load_kinds(conn: &Connection, data: &mut CampaignData, left: Option<&str>) -> Result<()> {
            $(if left != Some(<crate::model::$ty as Record>::KIND) {
                load_kind!(conn, data, $field, $ty, $stored);
            })*
            Ok(())
        }
    };
}

crate::model::kinds::record_kinds!(declare_stored, []);

/// What a scoped worker returned, its panic carried on.
fn joined<T>(worker: std::thread::ScopedJoinHandle<'_, T>) -> T {
    worker
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// A [`StoreError::Foreign`] for `path`, its reason on one line.
fn foreign(path: &Path, reason: &str) -> StoreError {
    StoreError::Foreign {
        path: path.to_owned(),
        reason: one_line(reason),
    }
}

/// SQLite failed reading `path`: a full disk or a locked folder is not a
/// damaged file, so say which it is.
fn damaged(path: &Path, e: rusqlite::Error) -> StoreError {
    if is_disk_problem(&e) {
        StoreError::Disk {
            path: path.to_owned(),
            source: e,
        }
    } else {
        foreign(path, &format!("it is damaged ({e})"))
    }
}

/// Has a log reader's connection read the file's pages where the system
/// keeps them (`mmap_size`) instead of copying each into SQLite's cache:
/// a ten-year log is 150 MB of them, read in about 15% less time
/// (`cargo bench --bench decade`). Only the log's readers: they read
/// once, while every edit waits for them, and close. Where the system
/// refuses, the pages are copied as before.
fn map_the_file(reader: &Connection) {
    const LARGEST_MAP: i64 = 1 << 30;
    // An optimisation: its refusal changes nothing read.
    reader
        .pragma_update(None, "mmap_size", LARGEST_MAP)
        .unwrap_or_default();
}

/// Opens a file only after checking it is a Waybook campaign this build can
/// read: SQLite header, application id, schema version, quick integrity check.
/// Nothing is written on any of these paths.
fn open_checked(path: &Path, flags: OpenFlags) -> Result<Connection> {
    let conn = open_marked(path, flags)?;
    verify::quick_check(&conn, path)?;
    Ok(conn)
}

/// Opens a file after the quick checks of [`open_checked`] (SQLite header,
/// application id, schema version), leaving out its integrity check.
fn open_marked(path: &Path, flags: OpenFlags) -> Result<Connection> {
    open_marked_with(path, flags, true)
}

/// [`open_marked`]; read only and `alone`, a file with no journal beside
/// it is read as immutable.
fn open_marked_with(path: &Path, flags: OpenFlags, alone: bool) -> Result<Connection> {
    let header = read_header(path)?;
    if header.len() < 100 {
        return Err(foreign(
            path,
            "the file is empty or too short to be a database",
        ));
    }
    if !header.starts_with(b"SQLite format 3\0") {
        return Err(foreign(path, "it is not an SQLite database"));
    }
    if flags.contains(OpenFlags::SQLITE_OPEN_READ_ONLY) && sidecar(path, "-journal").exists() {
        roll_back_interrupted(path);
    }
    let conn = if flags.contains(OpenFlags::SQLITE_OPEN_READ_ONLY)
        && alone
        && !sidecar(path, "-wal").exists()
        && !sidecar(path, "-journal").exists()
    {
        // Nothing waits in a journal or write-ahead log (a crash's or an
        // older Waybook's): read the file as immutable, so not even side
        // files are created beside it.
        Connection::open_with_flags(
            immutable_uri(path),
            flags | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
    } else {
        Connection::open_with_flags(path, flags | OpenFlags::SQLITE_OPEN_NO_MUTEX)
    }
    .map_err(|e| {
        if is_disk_problem(&e) {
            damaged(path, e)
        } else {
            foreign(path, &format!("SQLite cannot open it ({e})"))
        }
    })?;
    let application_id: i32 = conn
        .pragma_query_value(None, "application_id", |row| row.get(0))
        .map_err(|e| damaged(path, e))?;
    if application_id != APPLICATION_ID {
        return Err(foreign(path, "it belongs to another application"));
    }
    let found = migrate::user_version(&conn)?;
    if found > LATEST_VERSION {
        return Err(StoreError::Newer {
            path: path.to_owned(),
            found,
            supported: LATEST_VERSION,
        });
    }
    Ok(conn)
}

/// Rolls back the transaction a program killed while writing left in the
/// journal beside `path` (a connection that may only read cannot, and
/// would refuse the file): SQLite does so as a connection that may write
/// first reads the file. A journal of a transaction still under way is
/// not touched; a file that cannot be written is left as it is.
fn roll_back_interrupted(path: &Path) {
    if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
        return;
    }
    if let Ok(conn) = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    ) {
        let _ = conn.query_row("PRAGMA schema_version", [], |row| row.get::<_, i64>(0));
    }
}

fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// `file:` URI for SQLite with the characters URIs reserve escaped.
fn immutable_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    for c in path.to_string_lossy().chars() {
        match c {
            '%' | '?' | '#' => uri.push_str(&format!("%{:02X}", c as u32)),
            c => uri.push(c),
        }
    }
    uri.push_str("?immutable=1");
    uri
}

fn read_header(path: &Path) -> Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|cause| {
        if cause.kind() == std::io::ErrorKind::NotFound {
            StoreError::Missing(path.to_owned())
        } else {
            StoreError::Io {
                path: path.to_owned(),
                cause,
            }
        }
    })?;
    let mut header = Vec::with_capacity(100);
    file.take(100)
        .read_to_end(&mut header)
        .map_err(|cause| StoreError::Io {
            path: path.to_owned(),
            cause,
        })?;
    Ok(header)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Edits that waited together are written in one transaction, each
    /// all or nothing: the one refused is rolled back alone, those before
    /// it stay, those after it are not written.
    #[test]
    fn edits_written_together_stop_at_the_first_refused() {
        use crate::model::{ClockTime, Holder, Holding, HoldingId, ItemId, Party, PartyId};
        let mut campaign = Campaign::in_memory("together").expect("created");
        let party = |id, name| {
            let p = Party::new(PartyId(id), name, ClockTime::START);
            Edit::new("a party", vec![Change::of(None, Some(&p))])
        };
        let orphan = Holding::new(HoldingId(1), ItemId(42), Holder::Stash(PartyId(1)), 1);
        let edits = [
            party(1, "Lantern"),
            Edit::new("an orphan", vec![Change::of(None, Some(&orphan))]),
            party(2, "Solo"),
        ];
        let together: Vec<_> = edits.iter().map(|e| (e, None)).collect();
        let (wrote, refused) = write_edits(&mut campaign.conn, &together);
        assert_eq!(wrote.len(), 1, "the edit before the refused one");
        assert!(refused.is_some_and(|e| e.to_string().contains("FOREIGN KEY")));
        let data = campaign.load().expect("loads");
        assert_eq!(data.parties.len(), 1);
        assert!(data.holdings.is_empty());
        assert_eq!(campaign.written_in_file().expect("counted"), wrote[0].count);
    }

    fn sqlite(code: std::ffi::c_int) -> rusqlite::Error {
        rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None)
    }

    #[test]
    fn a_full_disk_is_not_called_a_damaged_file() {
        let path = Path::new("/campaigns/demo.waybook");
        for code in [rusqlite::ffi::SQLITE_FULL, rusqlite::ffi::SQLITE_IOERR] {
            let e = StoreError::Disk {
                path: path.to_owned(),
                source: sqlite(code),
            };
            let text = e.to_string();
            assert!(text.contains("disk") && !text.contains("damaged"), "{text}");
            assert!(text.contains("The file itself was not changed"), "{text}");
        }
        assert!(is_disk_problem(&sqlite(rusqlite::ffi::SQLITE_FULL)));
        assert!(!is_disk_problem(&sqlite(rusqlite::ffi::SQLITE_CORRUPT)));
        let full = StoreError::from(sqlite(rusqlite::ffi::SQLITE_FULL)).to_string();
        assert_eq!(full, "the disk is full; free some space and try again");
    }
}
