//! SQLite's session extension, as the bundled SQLite is compiled with it
//! (`SQLITE_ENABLE_SESSION` and `SQLITE_ENABLE_PREUPDATE_HOOK`, set for
//! libsqlite3-sys in the workspace's `.cargo/config.toml`): what an edit
//! changed in the file, recorded as a changeset ([`Recorder`]), and another
//! copy's changesets applied with a conflict handler that decides each
//! conflict ([`apply`]). The bundled bindings leave the extension out and
//! generating them needs libclang, so the functions called are declared
//! here, each behind a safe wrapper: the one place of the core where
//! unsafe code is allowed.
#![allow(unsafe_code)]

use rusqlite::Connection;
use rusqlite::ffi;
use rusqlite::types::Value;
use std::ffi::{CStr, c_char, c_int, c_void};
use std::ptr::NonNull;

/// The extension's handles, opaque to Rust.
#[repr(C)]
struct Session {
    _opaque: [u8; 0],
}

#[repr(C)]
struct ChangesetIter {
    _opaque: [u8; 0],
}

type Filter = unsafe extern "C" fn(*mut c_void, *const c_char) -> c_int;
type OnConflict = unsafe extern "C" fn(*mut c_void, c_int, *mut ChangesetIter) -> c_int;

unsafe extern "C" {
    fn sqlite3session_create(
        db: *mut ffi::sqlite3,
        database: *const c_char,
        session: *mut *mut Session,
    ) -> c_int;
    fn sqlite3session_attach(session: *mut Session, table: *const c_char) -> c_int;
    fn sqlite3session_changeset(
        session: *mut Session,
        size: *mut c_int,
        changeset: *mut *mut c_void,
    ) -> c_int;
    fn sqlite3session_delete(session: *mut Session);
    fn sqlite3changeset_apply(
        db: *mut ffi::sqlite3,
        size: c_int,
        changeset: *mut c_void,
        filter: Option<Filter>,
        on_conflict: Option<OnConflict>,
        context: *mut c_void,
    ) -> c_int;
    fn sqlite3changeset_start(
        iter: *mut *mut ChangesetIter,
        size: c_int,
        changeset: *mut c_void,
    ) -> c_int;
    fn sqlite3changeset_next(iter: *mut ChangesetIter) -> c_int;
    fn sqlite3changeset_op(
        iter: *mut ChangesetIter,
        table: *mut *const c_char,
        columns: *mut c_int,
        op: *mut c_int,
        indirect: *mut c_int,
    ) -> c_int;
    fn sqlite3changeset_old(
        iter: *mut ChangesetIter,
        column: c_int,
        value: *mut *mut ffi::sqlite3_value,
    ) -> c_int;
    fn sqlite3changeset_new(
        iter: *mut ChangesetIter,
        column: c_int,
        value: *mut *mut ffi::sqlite3_value,
    ) -> c_int;
    fn sqlite3changeset_conflict(
        iter: *mut ChangesetIter,
        column: c_int,
        value: *mut *mut ffi::sqlite3_value,
    ) -> c_int;
    fn sqlite3changeset_finalize(iter: *mut ChangesetIter) -> c_int;
    fn sqlite3changeset_invert(
        size: c_int,
        changeset: *const c_void,
        out_size: *mut c_int,
        out: *mut *mut c_void,
    ) -> c_int;
}

/// The extension's codes for a conflict's kind and its resolution.
const CHANGESET_DATA: c_int = 1;
const CHANGESET_NOTFOUND: c_int = 2;
const CHANGESET_CONFLICT: c_int = 3;
const CHANGESET_CONSTRAINT: c_int = 4;
const CHANGESET_OMIT: c_int = 0;
const CHANGESET_REPLACE: c_int = 1;
const CHANGESET_ABORT: c_int = 2;

/// An SQLite result code as rusqlite's error.
fn checked(code: c_int) -> rusqlite::Result<()> {
    if code == ffi::SQLITE_OK {
        Ok(())
    } else {
        Err(rusqlite::Error::SqliteFailure(ffi::Error::new(code), None))
    }
}

/// Records every change made through one connection to the file's tables
/// from now on, until it is dropped.
pub struct Recorder<'c> {
    session: NonNull<Session>,
    _conn: std::marker::PhantomData<&'c Connection>,
}

impl<'c> Recorder<'c> {
    /// Starts recording the changes `conn` makes to every table of its
    /// main database that has a primary key.
    pub fn on(conn: &'c Connection) -> rusqlite::Result<Self> {
        let recorder = Self::new(conn)?;
        // SAFETY: a live session; a null table name attaches every table.
        unsafe {
            checked(sqlite3session_attach(
                recorder.session.as_ptr(),
                std::ptr::null(),
            ))?
        };
        Ok(recorder)
    }

    /// Starts recording the changes `conn` makes to the `tables` named.
    pub fn of(conn: &'c Connection, tables: &[String]) -> rusqlite::Result<Self> {
        let recorder = Self::new(conn)?;
        for table in tables {
            let name = std::ffi::CString::new(table.as_str()).map_err(|_| {
                rusqlite::Error::SqliteFailure(ffi::Error::new(ffi::SQLITE_MISUSE), None)
            })?;
            // SAFETY: a live session; the name is NUL-ended and outlives the call.
            unsafe {
                checked(sqlite3session_attach(
                    recorder.session.as_ptr(),
                    name.as_ptr(),
                ))?
            };
        }
        Ok(recorder)
    }

    /// A session on `conn` recording no table yet.
    fn new(conn: &'c Connection) -> rusqlite::Result<Self> {
        let mut session = std::ptr::null_mut();
        // SAFETY: the handle is the connection's own, and outlives the
        // session (the lifetime 'c); "main" is a NUL-ended string.
        unsafe {
            checked(sqlite3session_create(
                conn.handle(),
                c"main".as_ptr(),
                &raw mut session,
            ))?;
        }
        let session = NonNull::new(session).ok_or_else(|| {
            rusqlite::Error::SqliteFailure(ffi::Error::new(ffi::SQLITE_NOMEM), None)
        })?;
        Ok(Self {
            session,
            _conn: std::marker::PhantomData,
        })
    }

    /// What was changed since recording began, as a changeset (empty when
    /// nothing was).
    pub fn changeset(&self) -> rusqlite::Result<Vec<u8>> {
        let mut size: c_int = 0;
        let mut buffer: *mut c_void = std::ptr::null_mut();
        // SAFETY: a live session; the buffer SQLite allocates is copied
        // out, then given back to sqlite3_free.
        unsafe {
            checked(sqlite3session_changeset(
                self.session.as_ptr(),
                &raw mut size,
                &raw mut buffer,
            ))?;
            Ok(taken(buffer, size))
        }
    }
}

impl Drop for Recorder<'_> {
    fn drop(&mut self) {
        // SAFETY: the session was made by sqlite3session_create and is
        // deleted once, before its connection closes.
        unsafe { sqlite3session_delete(self.session.as_ptr()) };
    }
}

/// What a change does to its row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Insert,
    Update,
    Delete,
}

/// Why a change could not be applied as it was recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConflictKind {
    /// The row is there, but not as the change found it (another copy
    /// changed it too).
    Data,
    /// The row to update or delete is not there.
    NotFound,
    /// A row to insert is there already.
    Conflict,
    /// The change would break a constraint.
    Constraint,
}

/// A change of a changeset: its table, what it does, and its row's values
/// before and after (a column an update left alone has none after).
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub table: String,
    pub op: Op,
    pub old: Vec<Option<Value>>,
    pub new: Vec<Option<Value>>,
}

/// A conflict met applying a changeset: the change, and the row as this
/// copy holds it (for a [`ConflictKind::Data`] or [`ConflictKind::Conflict`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Conflict {
    pub kind: ConflictKind,
    pub change: Change,
    pub current: Vec<Option<Value>>,
}

/// What to do with a conflicting change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Keep this copy's row; the change is left out.
    Keep,
    /// Take the change's row over this copy's.
    Take,
    /// Stop: nothing of the changeset is applied.
    Abort,
}

/// A value the extension holds, as rusqlite's; none when it is not there.
///
/// SAFETY: `value` is null or a value the extension handed out for the
/// change being looked at.
unsafe fn owned(value: *mut ffi::sqlite3_value) -> Option<Value> {
    if value.is_null() {
        return None;
    }
    // SAFETY: a live value, read through SQLite's own accessors; text and
    // blobs are copied before the pointer can go stale.
    unsafe {
        Some(match ffi::sqlite3_value_type(value) {
            ffi::SQLITE_INTEGER => Value::Integer(ffi::sqlite3_value_int64(value)),
            ffi::SQLITE_FLOAT => Value::Real(ffi::sqlite3_value_double(value)),
            ffi::SQLITE_TEXT => {
                let text = ffi::sqlite3_value_text(value);
                let len = ffi::sqlite3_value_bytes(value);
                let bytes = if text.is_null() || len <= 0 {
                    &[][..]
                } else {
                    std::slice::from_raw_parts(text, len as usize)
                };
                Value::Text(String::from_utf8_lossy(bytes).into_owned())
            }
            ffi::SQLITE_BLOB => {
                let blob = ffi::sqlite3_value_blob(value);
                let len = ffi::sqlite3_value_bytes(value);
                Value::Blob(if blob.is_null() || len <= 0 {
                    Vec::new()
                } else {
                    std::slice::from_raw_parts(blob.cast::<u8>(), len as usize).to_vec()
                })
            }
            _ => Value::Null,
        })
    }
}

type Getter =
    unsafe extern "C" fn(*mut ChangesetIter, c_int, *mut *mut ffi::sqlite3_value) -> c_int;

/// Each column's value as `get` reads it, for the change at `iter`.
///
/// SAFETY: `iter` points at a change (after `sqlite3changeset_next`, or in
/// a conflict handler), and `get` may be asked of it.
unsafe fn values(iter: *mut ChangesetIter, columns: c_int, get: Getter) -> Vec<Option<Value>> {
    (0..columns)
        .map(|column| {
            let mut value = std::ptr::null_mut();
            // SAFETY: as the caller promises; a column out of range or not
            // held leaves the value null.
            unsafe {
                if get(iter, column, &raw mut value) != ffi::SQLITE_OK {
                    return None;
                }
                owned(value)
            }
        })
        .collect()
}

/// The change at `iter`.
///
/// SAFETY: as [`values`].
unsafe fn change_at(iter: *mut ChangesetIter) -> rusqlite::Result<Change> {
    let mut table: *const c_char = std::ptr::null();
    let (mut columns, mut op, mut indirect) = (0, 0, 0);
    // SAFETY: as the caller promises.
    unsafe {
        checked(sqlite3changeset_op(
            iter,
            &raw mut table,
            &raw mut columns,
            &raw mut op,
            &raw mut indirect,
        ))?;
        let op = match op {
            ffi::SQLITE_INSERT => Op::Insert,
            ffi::SQLITE_DELETE => Op::Delete,
            _ => Op::Update,
        };
        let none = || vec![None; columns.max(0) as usize];
        Ok(Change {
            table: CStr::from_ptr(table).to_string_lossy().into_owned(),
            op,
            old: match op {
                Op::Insert => none(),
                _ => values(iter, columns, sqlite3changeset_old),
            },
            new: match op {
                Op::Delete => none(),
                _ => values(iter, columns, sqlite3changeset_new),
            },
        })
    }
}

/// The `size` bytes SQLite handed out at `buffer`, copied, the buffer
/// given back to `sqlite3_free`.
///
/// SAFETY: `buffer` is null or a buffer of at least `size` bytes that
/// SQLite allocated and nothing else frees.
unsafe fn taken(buffer: *mut c_void, size: c_int) -> Vec<u8> {
    // SAFETY: as the caller promises.
    unsafe {
        let bytes = if buffer.is_null() || size <= 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(buffer.cast::<u8>(), size as usize).to_vec()
        };
        ffi::sqlite3_free(buffer);
        bytes
    }
}

/// The changeset that undoes `changeset`: each insert a delete, each
/// delete an insert, each update back from its new values to its old.
pub fn invert(changeset: &[u8]) -> rusqlite::Result<Vec<u8>> {
    let size = c_int::try_from(changeset.len())
        .map_err(|_| rusqlite::Error::SqliteFailure(ffi::Error::new(ffi::SQLITE_TOOBIG), None))?;
    let mut out_size: c_int = 0;
    let mut out: *mut c_void = std::ptr::null_mut();
    // SAFETY: the bytes are only read; the buffer SQLite allocates is
    // copied out, then given back to sqlite3_free.
    unsafe {
        checked(sqlite3changeset_invert(
            size,
            changeset.as_ptr().cast(),
            &raw mut out_size,
            &raw mut out,
        ))?;
        Ok(taken(out, out_size))
    }
}

/// Every change of `changeset`, in order.
pub fn changes(changeset: &[u8]) -> rusqlite::Result<Vec<Change>> {
    let size = c_int::try_from(changeset.len())
        .map_err(|_| rusqlite::Error::SqliteFailure(ffi::Error::new(ffi::SQLITE_TOOBIG), None))?;
    let mut iter = std::ptr::null_mut();
    // SAFETY: the iterator reads the bytes in place (never writing them)
    // while they are borrowed here, and is finalized before returning.
    unsafe {
        checked(sqlite3changeset_start(
            &raw mut iter,
            size,
            changeset.as_ptr().cast_mut().cast(),
        ))?;
        let mut found = Vec::new();
        let mut failed = None;
        loop {
            match sqlite3changeset_next(iter) {
                ffi::SQLITE_ROW => match change_at(iter) {
                    Ok(change) => found.push(change),
                    Err(e) => {
                        failed = Some(e);
                        break;
                    }
                },
                ffi::SQLITE_DONE => break,
                code => {
                    failed = Some(rusqlite::Error::SqliteFailure(ffi::Error::new(code), None));
                    break;
                }
            }
        }
        let finalized = checked(sqlite3changeset_finalize(iter));
        match failed {
            Some(e) => Err(e),
            None => finalized.map(|()| found),
        }
    }
}

/// What the conflict handler is handed: the GM's (or a test's) decision.
type Decide<'d> = &'d mut dyn FnMut(&Conflict) -> Resolution;

unsafe extern "C" fn on_conflict(
    context: *mut c_void,
    kind: c_int,
    iter: *mut ChangesetIter,
) -> c_int {
    let decided = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: `context` is the `Decide` that `apply` passed, alive for
        // the whole of sqlite3changeset_apply; `iter` is the change in
        // conflict, readable here.
        unsafe {
            let decide = &mut *context.cast::<Decide<'_>>();
            let kind = match kind {
                CHANGESET_DATA => ConflictKind::Data,
                CHANGESET_NOTFOUND => ConflictKind::NotFound,
                CHANGESET_CONFLICT => ConflictKind::Conflict,
                CHANGESET_CONSTRAINT => ConflictKind::Constraint,
                // A foreign key left broken at the end: never taken.
                _ => return CHANGESET_ABORT,
            };
            let Ok(change) = change_at(iter) else {
                return CHANGESET_ABORT;
            };
            let current = match kind {
                ConflictKind::Data | ConflictKind::Conflict => values(
                    iter,
                    change.old.len().max(change.new.len()) as c_int,
                    sqlite3changeset_conflict,
                ),
                _ => Vec::new(),
            };
            let conflict = Conflict {
                kind,
                change,
                current,
            };
            match decide(&conflict) {
                Resolution::Keep => CHANGESET_OMIT,
                // Only a row that is there can be replaced.
                Resolution::Take if matches!(kind, ConflictKind::Data | ConflictKind::Conflict) => {
                    CHANGESET_REPLACE
                }
                Resolution::Take => CHANGESET_OMIT,
                Resolution::Abort => CHANGESET_ABORT,
            }
        }
    }));
    decided.unwrap_or(CHANGESET_ABORT)
}

/// Applies `changeset` to `conn`'s main database in one transaction of
/// SQLite's own (all or nothing), asking `decide` what to do with each
/// change that conflicts. A decision to abort leaves the file as it was
/// and is an error (`SQLITE_ABORT`).
pub fn apply(
    conn: &Connection,
    changeset: &[u8],
    mut decide: impl FnMut(&Conflict) -> Resolution,
) -> rusqlite::Result<()> {
    let size = c_int::try_from(changeset.len())
        .map_err(|_| rusqlite::Error::SqliteFailure(ffi::Error::new(ffi::SQLITE_TOOBIG), None))?;
    let mut decide: Decide<'_> = &mut decide;
    // SAFETY: the connection's own handle; the changeset is only read; the
    // handler's context points at `decide`, alive until this returns.
    unsafe {
        checked(sqlite3changeset_apply(
            conn.handle(),
            size,
            changeset.as_ptr().cast_mut().cast(),
            None,
            Some(on_conflict),
            (&raw mut decide).cast(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two copies of one small table, as two machines would hold it.
    fn copies() -> (Connection, Connection) {
        let schema = "CREATE TABLE party (id INTEGER PRIMARY KEY, name TEXT NOT NULL, supplies INTEGER NOT NULL);
                      INSERT INTO party VALUES (1, 'The Lantern Company', 10), (2, 'Kettleford Watch', 4);";
        let (a, b) = (
            Connection::open_in_memory().unwrap(),
            Connection::open_in_memory().unwrap(),
        );
        a.execute_batch(schema).unwrap();
        b.execute_batch(schema).unwrap();
        (a, b)
    }

    fn parties(conn: &Connection) -> Vec<(i64, String, i64)> {
        let mut stmt = conn
            .prepare("SELECT id, name, supplies FROM party ORDER BY id")
            .unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    /// The changeset of what `sql` changes in `copy`.
    fn recorded(copy: &Connection, sql: &str) -> Vec<u8> {
        let recorder = Recorder::on(copy).unwrap();
        copy.execute_batch(sql).unwrap();
        recorder.changeset().unwrap()
    }

    #[test]
    fn what_one_copy_changed_is_recorded_and_applied_to_the_other() {
        let (a, b) = copies();
        let changeset = recorded(
            &a,
            "UPDATE party SET supplies = 7 WHERE id = 1;
                 DELETE FROM party WHERE id = 2;
                 INSERT INTO party VALUES (3, 'The Solo Road', 2);",
        );
        let found = changes(&changeset).unwrap();
        let ops: Vec<Op> = found.iter().map(|c| c.op).collect();
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(
            ops.contains(&Op::Update) && ops.contains(&Op::Delete) && ops.contains(&Op::Insert)
        );
        let update = found.iter().find(|c| c.op == Op::Update).unwrap();
        assert_eq!(update.table, "party");
        assert_eq!(update.old[2], Some(Value::Integer(10)));
        assert_eq!(update.new[2], Some(Value::Integer(7)));
        // The name was left alone: the update holds no new value for it.
        assert_eq!(update.new[1], None);
        apply(&b, &changeset, |c| panic!("no conflict expected: {c:?}")).unwrap();
        assert_eq!(parties(&b), parties(&a));
    }

    #[test]
    fn an_inverted_changeset_undoes_what_it_recorded() {
        let (a, _) = copies();
        let before = parties(&a);
        let changeset = recorded(
            &a,
            "UPDATE party SET supplies = 7 WHERE id = 1;
                 DELETE FROM party WHERE id = 2;
                 INSERT INTO party VALUES (3, 'The Solo Road', 2);",
        );
        assert_ne!(parties(&a), before);
        let undo = invert(&changeset).unwrap();
        apply(&a, &undo, |c| panic!("no conflict expected: {c:?}")).unwrap();
        assert_eq!(parties(&a), before);
    }

    #[test]
    fn nothing_changed_is_an_empty_changeset() {
        let (a, _) = copies();
        assert!(recorded(&a, "SELECT * FROM party").is_empty());
    }

    #[test]
    fn a_row_both_copies_changed_is_a_conflict_decided_either_way() {
        let (a, b) = copies();
        let changeset = recorded(&a, "UPDATE party SET supplies = 7 WHERE id = 1");
        b.execute("UPDATE party SET supplies = 3 WHERE id = 1", [])
            .unwrap();
        let mut seen = Vec::new();
        apply(&b, &changeset, |c| {
            seen.push(c.clone());
            Resolution::Keep
        })
        .unwrap();
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0].kind, ConflictKind::Data);
        assert_eq!(seen[0].change.new[2], Some(Value::Integer(7)));
        assert_eq!(
            seen[0].current[2],
            Some(Value::Integer(3)),
            "this copy's value, shown"
        );
        assert_eq!(parties(&b)[0].2, 3, "kept");
        apply(&b, &changeset, |_| Resolution::Take).unwrap();
        assert_eq!(parties(&b)[0].2, 7, "taken");
    }

    #[test]
    fn an_abort_leaves_the_copy_as_it_was() {
        let (a, b) = copies();
        let changeset = recorded(
            &a,
            "INSERT INTO party VALUES (3, 'The Solo Road', 2);
                 UPDATE party SET supplies = 7 WHERE id = 1;",
        );
        b.execute("UPDATE party SET supplies = 3 WHERE id = 1", [])
            .unwrap();
        let before = parties(&b);
        let refused = apply(&b, &changeset, |_| Resolution::Abort).unwrap_err();
        assert_eq!(
            refused.sqlite_error_code(),
            Some(rusqlite::ErrorCode::OperationAborted)
        );
        assert_eq!(
            parties(&b),
            before,
            "the insert before the conflict is undone too"
        );
    }

    #[test]
    fn torn_bytes_are_refused_not_read_past() {
        let (a, _) = copies();
        let changeset = recorded(&a, "UPDATE party SET name = 'The Lanterns' WHERE id = 1");
        let torn = &changeset[..changeset.len() - 3];
        assert!(changes(torn).is_err());
    }
}
