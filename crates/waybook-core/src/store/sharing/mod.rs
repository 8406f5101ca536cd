//! One campaign kept in step on several machines through a folder the
//! GM's sync service keeps (`crate::sharing` has the folder's files): a
//! working copy starts sharing ([`Campaign::share`]) or is made from the
//! folder ([`Campaign::join`]); its edits are recorded as they are written
//! ([`Outbox`]) and appended to its journal, and the other machines'
//! journals are merged in clock order ([`Campaign::sync`]), each record in
//! a savepoint of its own and marked merged with it, a batch of them to a
//! transaction, so a merge cut short resumes after the last batch.
//! Conflicts wait for the GM ([`Campaign::choose`]).

mod days;
mod fields;
mod merge;
mod outbox;
mod owed;
mod written;

pub use days::{DaysApart, Line};
pub use fields::value_words;
pub(crate) use outbox::Outbox;

use super::{Campaign, Result, StoreError, migrate::LATEST_VERSION};
use crate::sharing::clock::Clock;
use crate::sharing::journal::{self, Choice, DaysChoice, EditOf, Record};
use crate::sharing::{Machine, folder};
use rusqlite::{OptionalExtension, params};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// An edit of another machine merged here.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Merged {
    pub machine: String,
    pub name: String,
    pub seq: i64,
    pub label: String,
}

/// A field two machines changed apart, waiting for the GM.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pending {
    pub id: i64,
    pub table: String,
    /// The record's key, as JSON (`[12]`).
    pub key: String,
    /// The record as the GM knows it: `character “Ash Varnell”`.
    pub record: String,
    /// The field ('' the whole record: one side deleted it, or both made
    /// it apart).
    pub field: String,
    /// This machine's value (JSON; null: no record here).
    pub mine: serde_json::Value,
    pub theirs: serde_json::Value,
    /// The machine whose edit it was, by id and name, and when.
    pub machine: String,
    pub name: String,
    pub at_ms: i64,
    pub label: String,
}

impl Pending {
    /// The field as the GM reads it: "the whole record", "notes", "now day".
    pub fn field_words(&self) -> String {
        if self.field.is_empty() {
            return "the whole record".to_owned();
        }
        let field = self.field.strip_prefix("body.").unwrap_or(&self.field);
        field.replace('_', " ")
    }
}

/// A machine sharing the campaign: how far this copy has it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Seen {
    pub id: String,
    pub name: String,
    /// Its last edit merged here (this machine's: its last edit).
    pub last_seq: i64,
    /// Whether it is this machine.
    pub this: bool,
    /// When its last edit merged here was made (ms since 1970).
    pub heard_ms: Option<i64>,
}

/// What a sync did and where the sharing stands.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Report {
    pub merged: Vec<Merged>,
    pub conflicts: Vec<Pending>,
    pub machines: Vec<Seen>,
    /// What is waiting and why (a newer Waybook's edits, a journal still
    /// being copied, an edit naming a record deleted here).
    pub waiting: Vec<String>,
    /// The parties whose days were played apart, waiting for the GM to
    /// keep one machine's.
    pub days_apart: Vec<DaysApart>,
    /// The snapshot taken before days the GM set aside were undone here.
    pub snapshot: Option<PathBuf>,
    /// Whether this machine's own days were undone (its undo history,
    /// which would make them again, was cleared with them).
    pub own_days_undone: bool,
}

impl Report {
    /// What machine `id` is called, as the folder says (its id when it
    /// does not).
    pub fn machine_name(&self, id: &str) -> String {
        (self.machines.iter())
            .find(|m| m.id == id)
            .map_or_else(|| id.to_owned(), |m| m.name.clone())
    }
}

/// Which value the GM keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Mine,
    Theirs,
}

/// This copy's sharing, as its `share` row keeps it.
struct Share {
    folder: PathBuf,
    machine: String,
    seq: i64,
    clock: Clock,
}

fn sharing_error(text: String) -> StoreError {
    StoreError::Sharing(text)
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |cause| StoreError::Io {
        path: path.to_owned(),
        cause,
    }
}

/// The block of ids a working copy's new records take (0 unshared).
pub(crate) fn id_block(conn: &rusqlite::Connection) -> rusqlite::Result<i64> {
    Ok(conn
        .query_row("SELECT id_block FROM share WHERE id = 1", [], |row| {
            row.get(0)
        })
        .optional()?
        .unwrap_or(0))
}

impl Campaign {
    fn share_row(&self) -> Result<Option<Share>> {
        Ok(self
            .conn
            .query_row(
                "SELECT folder, machine, seq, clock FROM share WHERE id = 1",
                [],
                |row| {
                    Ok(Share {
                        folder: PathBuf::from(row.get::<_, String>(0)?),
                        machine: row.get(1)?,
                        seq: row.get(2)?,
                        clock: Clock(row.get(3)?),
                    })
                },
            )
            .optional()?)
    }

    /// The folder this working copy shares through, when it does.
    pub fn shared_folder(&self) -> Result<Option<PathBuf>> {
        Ok(self.share_row()?.map(|s| s.folder))
    }

    /// Starts sharing this campaign through `folder` as `machine`: its
    /// file there, the snapshot a joining machine starts from (written
    /// under a temporary name, then renamed) and its journal, empty.
    pub fn share(&mut self, folder: &Path, machine: &Machine) -> Result<()> {
        self.verified()?;
        if let Some(share) = self.share_row()? {
            return Err(sharing_error(format!(
                "this campaign is shared already, through {}",
                share.folder.display()
            )));
        }
        if !folder.is_dir() {
            return Err(sharing_error(format!(
                "{} is not a folder",
                folder.display()
            )));
        }
        let others = folder::machines_with(folder, "snapshot").map_err(io(folder))?;
        if !others.is_empty() {
            return Err(sharing_error(format!(
                "{} already holds a shared campaign: join it instead (`waybook join`)",
                folder.display()
            )));
        }
        let folder = crate::files::absolute(folder);
        self.conn.execute(
            "INSERT INTO share (id, folder, machine, id_block) VALUES (1, ?1, ?2, 0)",
            params![folder.to_string_lossy(), machine.id],
        )?;
        let started = self.write_snapshot(&folder, &machine.id).and_then(|()| {
            folder::write_member(&folder, machine, 0)?;
            let journal = folder::file_of(&folder, &machine.id, "journal");
            journal::append(&journal, &[]).map_err(io(&journal))
        });
        if started.is_err() {
            self.conn.execute("DELETE FROM share", [])?;
        }
        started
    }

    /// The campaign as it is, for machines joining: `VACUUM INTO` a
    /// temporary name in the folder, then renamed (never `.waybook`).
    fn write_snapshot(&self, folder: &Path, machine: &str) -> Result<()> {
        let target = folder::file_of(folder, machine, "snapshot");
        let temp = folder::file_of(folder, machine, "snapshot-partial");
        let _ = std::fs::remove_file(&temp);
        let made = self
            .conn
            .execute("VACUUM INTO ?1", [temp.to_string_lossy()])
            .and_then(|_| without_what_stays(&temp))
            .map_err(StoreError::from)
            .and_then(|()| std::fs::rename(&temp, &target).map_err(io(&target)));
        if made.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        made
    }

    /// Makes this machine's working copy `out` of the campaign shared
    /// through `folder`: the snapshot copied out of the folder before it
    /// is opened, this machine's block of ids given, then every journal
    /// merged. Never overwrites `out`.
    pub fn join(folder: &Path, out: &Path, machine: &Machine) -> Result<(Self, Report)> {
        if out.exists() {
            return Err(StoreError::Exists(out.to_owned()));
        }
        let sharer = folder::machines_with(folder, "snapshot")
            .map_err(io(folder))?
            .into_iter()
            .next()
            .ok_or_else(|| {
                sharing_error(format!(
                    "no campaign is shared through {} yet: share it from the machine that has it (`waybook share`)",
                    folder.display()
                ))
            })?;
        let temp = crate::files::temp_path_beside(out);
        let _ = std::fs::remove_file(&temp);
        let snapshot = folder::file_of(folder, &sharer, "snapshot");
        std::fs::copy(&snapshot, &temp).map_err(io(&snapshot))?;
        let joined = Self::open(&temp).and_then(|mut campaign| {
            campaign.become_member(folder, machine)?;
            Ok(campaign)
        });
        let campaign = match joined {
            Ok(campaign) => campaign,
            Err(e) => {
                let _ = std::fs::remove_file(&temp);
                return Err(e);
            }
        };
        drop(campaign);
        std::fs::rename(&temp, out).map_err(io(out))?;
        let mut campaign = Self::open(out)?;
        let report = campaign.sync(machine)?;
        Ok((campaign, report))
    }

    /// Makes the copy of a snapshot this machine's: the sharer's place
    /// kept as the edits merged, this machine's own edits (when it shared
    /// before and lost its copy) to be merged again from its journal.
    fn become_member(&mut self, folder: &Path, machine: &Machine) -> Result<()> {
        let share = self.share_row()?.ok_or_else(|| {
            sharing_error("the snapshot in the folder is not a shared campaign's".to_owned())
        })?;
        let members = folder::members(folder).map_err(io(folder))?;
        let id_block = match members.iter().find(|m| m.id == machine.id) {
            Some(me) => me.id_block,
            None => {
                let taken: Vec<i64> = members.iter().map(|m| m.id_block).collect();
                machine.id_block(&taken)
            }
        };
        let own_journal = folder::file_of(folder, &machine.id, "journal");
        let own_seq = journal::last_seq(&own_journal).map_err(io(&own_journal))?;
        let folder = crate::files::absolute(folder);
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO share_seen (machine, seq, byte_offset, clock) VALUES (?1, ?2, 0, ?3)
             ON CONFLICT (machine) DO UPDATE SET seq = excluded.seq, byte_offset = 0",
            params![share.machine, share.seq, share.clock.0],
        )?;
        tx.execute(
            "INSERT INTO share_seen (machine, seq, byte_offset, clock) VALUES (?1, 0, 0, 0)
             ON CONFLICT (machine) DO UPDATE SET seq = 0, byte_offset = 0",
            [&machine.id],
        )?;
        tx.execute(
            "UPDATE share SET folder = ?1, machine = ?2, id_block = ?3, seq = ?4, published = -2 WHERE id = 1",
            params![folder.to_string_lossy(), machine.id, id_block, own_seq],
        )?;
        tx.commit()?;
        Ok(folder::write_member(&folder, machine, id_block)?)
    }

    /// The sharing of this copy, refused when there is none or it belongs
    /// to another machine.
    fn own_share(&self, machine: &Machine) -> Result<Share> {
        let share = self.share_row()?.ok_or_else(|| {
            sharing_error(
                "this campaign is not shared: start with `waybook share FILE --folder DIR` (File > Share through a folder…)".to_owned(),
            )
        })?;
        if share.machine != machine.id {
            return Err(sharing_error(format!(
                "this working copy belongs to another machine ({}); on this one, make its own with `waybook join {}`",
                share.machine,
                share.folder.display()
            )));
        }
        Ok(share)
    }

    /// Appends this machine's edits not yet in its journal to it, when
    /// the campaign is shared (a copy of another machine's is refused).
    pub fn publish_edits(&mut self, machine: &Machine) -> Result<()> {
        if self.share_row()?.is_none() {
            return Ok(());
        }
        let share = self.own_share(machine)?;
        self.publish(&share)
    }

    /// Appends this machine's edits not yet in its journal to it: those
    /// past the journal's last whole record, so a journal the sync service
    /// rolled back to an older copy gets them again. A journal as long as
    /// this machine left it, no edit made since, is not read.
    fn publish(&mut self, share: &Share) -> Result<()> {
        let path = folder::file_of(&share.folder, &share.machine, "journal");
        let length = |path: &Path| std::fs::metadata(path).map_or(-1, |m| m.len() as i64);
        let published: i64 =
            self.conn
                .query_row("SELECT published FROM share WHERE id = 1", [], |row| {
                    row.get(0)
                })?;
        if published == length(&path) {
            return Ok(());
        }
        let in_file = journal::last_seq(&path).map_err(io(&path))?;
        if in_file < share.seq {
            let mut statement = self.conn.prepare(
                "SELECT seq, clock, label, changeset, choices, seen, days, held FROM share_out WHERE seq > ?1 ORDER BY seq",
            )?;
            let rows = statement.query_map([in_file], |row| {
                let choices: String = row.get(4)?;
                let seen: String = row.get(5)?;
                let days: Option<String> = row.get(6)?;
                let held: String = row.get(7)?;
                Ok(Record {
                    seq: row.get(0)?,
                    clock: row.get(1)?,
                    schema: LATEST_VERSION,
                    label: row.get(2)?,
                    choices: serde_json::from_str(&choices).unwrap_or_default(),
                    seen: serde_json::from_str(&seen).unwrap_or_default(),
                    held: serde_json::from_str(&held).unwrap_or_default(),
                    days: days.and_then(|days| serde_json::from_str(&days).ok()),
                    changeset: row.get(3)?,
                })
            })?;
            let records = rows.collect::<rusqlite::Result<Vec<_>>>()?;
            journal::append(&path, &records).map_err(io(&path))?;
        }
        self.conn.execute(
            "UPDATE share SET published = ?1 WHERE id = 1",
            [length(&path)],
        )?;
        Ok(())
    }

    /// Publishes this machine's edits, then merges every other machine's
    /// new ones in clock order (the machine's id breaking ties), in batches
    /// ([`Self::merge_batch`]); says what it merged, what conflicts and how
    /// far each machine is had.
    pub fn sync(&mut self, machine: &Machine) -> Result<Report> {
        self.verified()?;
        let share = self.own_share(machine)?;
        self.publish(&share)?;
        let mut report = Report::default();
        let mut pending = Vec::new();
        for id in folder::machines_with(&share.folder, "journal").map_err(io(&share.folder))? {
            self.read_new(&share, &id, &mut pending, &mut report.waiting)?;
        }
        pending.sort_by(|a: &Incoming, b| {
            (a.record.clock, &a.machine).cmp(&(b.record.clock, &b.machine))
        });
        let names = self.names(&share)?;
        for incoming in &pending {
            let Some(choice) = &incoming.record.days else {
                continue;
            };
            let by = EditOf {
                machine: incoming.machine.clone(),
                seq: incoming.record.seq,
            };
            if days::undoes_here(&self.conn, choice, &by)? {
                report.snapshot = self.snapshot_before_days(machine)?;
                break;
            }
        }
        let mut stopped: Vec<String> = Vec::new();
        for batch in pending.chunks(TOGETHER) {
            let (outcomes, own_undone) = self.merge_batch(&share, batch, &mut stopped)?;
            report.own_days_undone |= own_undone;
            for (incoming, merged) in batch.iter().zip(outcomes) {
                let name = (names.get(&incoming.machine))
                    .cloned()
                    .unwrap_or_else(|| incoming.machine.clone());
                match merged {
                    Outcome::Merged => report.merged.push(Merged {
                        machine: incoming.machine.clone(),
                        name,
                        seq: incoming.record.seq,
                        label: incoming.record.label.clone(),
                    }),
                    Outcome::Missing => report.waiting.push(format!(
                        "{name}'s edit “{}” names a record deleted here; its edits from there on wait until that record is back (Edit > Undo the deletion, or restore it)",
                        incoming.record.label
                    )),
                    Outcome::Early(other) => {
                        let other = names.get(&other).cloned().unwrap_or(other);
                        report.waiting.push(format!(
                            "{name}'s edits from “{}” on build on {other}'s edits still on their way to this folder; they wait for them",
                            incoming.record.label
                        ));
                    }
                    Outcome::HeldOut | Outcome::NotTried => {}
                }
            }
        }
        report.conflicts = self.conflicts(&names)?;
        report.days_apart = days::apart(&self.conn, &share.machine)?;
        report.machines = self.machines_seen(&share, &names)?;
        Ok(report)
    }

    /// A snapshot of this copy before days the GM set aside are undone in
    /// it, so they can still be looked at (none without a data folder).
    fn snapshot_before_days(&self, machine: &Machine) -> Result<Option<PathBuf>> {
        let (Some(root), Some(path)) = (&machine.data_dir, self.path()) else {
            return Ok(None);
        };
        let snapshots = super::snapshots::Snapshots::of(root, path);
        snapshots
            .take(self, super::snapshots::Reason::DaysSetAside)
            .map(Some)
    }

    /// Reads the records of machine `id`'s journal not merged here yet.
    fn read_new(
        &self,
        share: &Share,
        id: &str,
        pending: &mut Vec<Incoming>,
        waiting: &mut Vec<String>,
    ) -> Result<()> {
        let (mut seq, offset): (i64, i64) = self
            .conn
            .query_row(
                "SELECT seq, byte_offset FROM share_seen WHERE machine = ?1",
                [id],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?
            .unwrap_or((0, 0));
        if id == share.machine && seq >= share.seq {
            return Ok(());
        }
        let path = folder::file_of(&share.folder, id, "journal");
        let mut read =
            journal::read_from(&path, u64::try_from(offset).unwrap_or(0)).map_err(io(&path))?;
        if read.records.first().is_some_and(|(r, _)| r.seq > seq + 1) && offset > 0 {
            // The journal is not as it was read last (copied anew): read it whole.
            read = journal::read_from(&path, 0).map_err(io(&path))?;
        }
        if let Some(format) = read.newer {
            waiting.push(format!(
                "machine {id}'s edits were written by a newer Waybook (journal format {format}): update Waybook here to merge them"
            ));
        }
        for (record, end) in read.records {
            if record.seq <= seq {
                continue;
            }
            if record.seq != seq + 1 {
                waiting.push(format!(
                    "machine {id}'s edits from {} on are still being copied into the folder",
                    seq + 1
                ));
                break;
            }
            if record.schema > LATEST_VERSION {
                waiting.push(format!(
                    "machine {id}'s edits from {} on were made by a newer Waybook (schema version {}): update Waybook here to merge them",
                    record.seq, record.schema
                ));
                break;
            }
            seq = record.seq;
            pending.push(Incoming {
                machine: id.to_owned(),
                record,
                end,
            });
        }
        Ok(())
    }

    /// Merges a batch of records in one transaction, each in a savepoint
    /// of its own and marked merged with it, so a merge cut short resumes
    /// after the last batch committed. What became of each record, and
    /// whether a choice of days merged undid this machine's own.
    fn merge_batch(
        &mut self,
        share: &Share,
        batch: &[Incoming],
        stopped: &mut Vec<String>,
    ) -> Result<(Vec<Outcome>, bool)> {
        // Taken for writing at once: another program merging the same
        // file (`waybook sync` beside the window) waits, then finds the
        // records merged.
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut merged = Vec::with_capacity(batch.len());
        let mut own_undone = false;
        for incoming in batch {
            if stopped.contains(&incoming.machine) || merged_already(&tx, incoming)? {
                merged.push(Outcome::NotTried);
                continue;
            }
            if let Some(other) = not_seen_yet(&tx, incoming)? {
                stopped.push(incoming.machine.clone());
                merged.push(Outcome::Early(other));
                continue;
            }
            let from = merge::From {
                machine: &incoming.machine,
                record: &incoming.record,
            };
            let done = super::all_or_nothing(&tx, || {
                let outcome = match days::arriving(&tx, &incoming.machine, &incoming.record)? {
                    days::Arrival::Merge(steps) => {
                        merge::merge(&tx, &from)?;
                        days::merged(&tx, &incoming.machine, &incoming.record, &steps)?;
                        Outcome::Merged
                    }
                    days::Arrival::Held | days::Arrival::SetAside => Outcome::HeldOut,
                };
                let undone = match &incoming.record.days {
                    Some(choice) => {
                        let by = EditOf {
                            machine: incoming.machine.clone(),
                            seq: incoming.record.seq,
                        };
                        let clock = Clock(incoming.record.clock);
                        days::settle(&tx, &share.machine, choice, &by, clock)?
                    }
                    None => false,
                };
                mark_merged(&tx, incoming)?;
                Ok((outcome, undone))
            });
            match done {
                Ok((outcome, undone)) => {
                    own_undone |= undone;
                    merged.push(outcome);
                }
                Err(merge::Refused::Missing) => {
                    stopped.push(incoming.machine.clone());
                    merged.push(Outcome::Missing);
                }
                Err(merge::Refused::Sqlite(e)) => return Err(e.into()),
            }
        }
        if merged.iter().any(|m| matches!(m, Outcome::Merged)) {
            days::follow_clock(&tx)?;
        }
        tx.commit()?;
        Ok((merged, own_undone))
    }

    /// The machines' names, by id, as their files in the folder say.
    fn names(&self, share: &Share) -> Result<std::collections::BTreeMap<String, String>> {
        Ok(folder::members(&share.folder)
            .map_err(io(&share.folder))?
            .into_iter()
            .map(|m| (m.id, m.name))
            .collect())
    }

    /// The conflicts waiting for the GM, oldest first.
    fn conflicts(
        &self,
        names: &std::collections::BTreeMap<String, String>,
    ) -> Result<Vec<Pending>> {
        let mut statement = self.conn.prepare(
            "SELECT id, tbl, row_key, field, mine, theirs, machine, clock, label FROM share_conflict ORDER BY id",
        )?;
        let rows = statement.query_map([], |row| {
            let machine: String = row.get(6)?;
            let json =
                |text: String| serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
            let (table, key): (String, String) = (row.get(1)?, row.get(2)?);
            Ok(Pending {
                id: row.get(0)?,
                record: fields::title(&self.conn, &table, &key),
                table,
                key,
                field: row.get(3)?,
                mine: json(row.get(4)?),
                theirs: json(row.get(5)?),
                name: names
                    .get(&machine)
                    .cloned()
                    .unwrap_or_else(|| machine.clone()),
                machine,
                at_ms: Clock(row.get(7)?).millis(),
                label: row.get(8)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every machine of the folder and of what was merged, this one first.
    fn machines_seen(
        &self,
        share: &Share,
        names: &std::collections::BTreeMap<String, String>,
    ) -> Result<Vec<Seen>> {
        let mut seen: std::collections::BTreeMap<String, (i64, i64)> = {
            let mut statement = self
                .conn
                .prepare("SELECT machine, seq, clock FROM share_seen")?;
            let rows =
                statement.query_map([], |row| Ok((row.get(0)?, (row.get(1)?, row.get(2)?))))?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        for id in names.keys() {
            seen.entry(id.clone()).or_insert((0, 0));
        }
        let this = share.machine.clone();
        let mut machines: Vec<Seen> = seen
            .into_iter()
            .map(|(id, (seq, clock))| Seen {
                name: names.get(&id).cloned().unwrap_or_else(|| id.clone()),
                last_seq: if id == this { share.seq } else { seq },
                this: id == this,
                heard_ms: (clock > 0).then(|| Clock(clock).millis()),
                id,
            })
            .collect();
        machines.sort_by_key(|m| !m.this);
        Ok(machines)
    }

    /// Settles conflict `id` as the GM chose: the value kept here, and the
    /// choice recorded for the other machines, so each settles the field
    /// the same way. A record deleted here that the other machine changed
    /// only in part cannot be brought back whole: said so, nothing changed.
    pub fn choose(&mut self, machine: &Machine, id: i64, side: Side) -> Result<()> {
        self.verified()?;
        let share = self.own_share(machine)?;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let (table, key, field, theirs, label): (String, String, String, String, String) = tx
            .query_row(
                "SELECT tbl, row_key, field, theirs, label FROM share_conflict WHERE id = ?1",
                [id],
                |row| {
                    Ok((
                        row.get(0)?,
                        row.get(1)?,
                        row.get(2)?,
                        row.get(3)?,
                        row.get(4)?,
                    ))
                },
            )
            .optional()?
            .ok_or_else(|| sharing_error(format!("there is no conflict {id} waiting")))?;
        let value = match side {
            Side::Mine => fields::field_value(&tx, &table, &key, &field)?,
            Side::Theirs => serde_json::from_str(&theirs).unwrap_or(serde_json::Value::Null),
        };
        if !fields::set_field(&tx, &table, &key, &field, &value)? {
            return Err(sharing_error(format!(
                "“{label}” changed only some fields of a record deleted here, so it cannot be brought back whole: keep it deleted, or restore it from a snapshot (File > Snapshots…)"
            )));
        }
        let mut outbox = Outbox::of(&tx)?.ok_or_else(|| sharing_error("not shared".to_owned()))?;
        let seen = outbox::seen_here(&tx)?;
        let choice = Choice {
            table,
            key,
            field,
            value,
            seen,
        };
        outbox.push(
            &tx,
            &format!("Chose for “{label}”"),
            &[],
            std::slice::from_ref(&choice),
            None,
        )?;
        merge::apply_choice(&tx, &choice, (outbox.clock(), &share.machine, outbox.seq()))?;
        super::count_written(&tx)?;
        tx.commit()?;
        self.publish_edits(machine)
    }

    /// Keeps one side's days of `party`, played apart on two machines:
    /// this copy's (`Side::Mine`: the days held here are set aside, never
    /// merged) or the other machine's (`Side::Theirs`: this copy's days
    /// apart are undone, a snapshot taken first, and the held ones
    /// merged). The choice travels, so every machine keeps the same days.
    /// Returns the snapshot taken.
    pub fn keep_days(
        &mut self,
        machine: &Machine,
        party: i64,
        side: Side,
    ) -> Result<Option<PathBuf>> {
        self.verified()?;
        let share = self.own_share(machine)?;
        let waiting = |conn: &rusqlite::Connection| -> Result<String> {
            days::first_apart(conn, party)?.ok_or_else(|| {
                sharing_error(format!(
                    "no days of party {party} played on another machine are waiting"
                ))
            })
        };
        waiting(&self.conn)?;
        let snapshot = match side {
            Side::Mine => None,
            Side::Theirs => self.snapshot_before_days(machine)?,
        };
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let other = waiting(&tx)?;
        let theirs = days::held(&tx, party, &other)?;
        let mine = days::apart_here(&tx, &share.machine, party, &other)?;
        let (set_aside, kept) = match side {
            Side::Mine => (theirs, mine),
            Side::Theirs => (mine, theirs),
        };
        let name: String = tx
            .query_row("SELECT name FROM party WHERE id = ?1", [party], |row| {
                row.get(0)
            })
            .optional()?
            .unwrap_or_else(|| format!("party {party}"));
        let choice = DaysChoice {
            party,
            set_aside,
            kept,
        };
        let whose = match side {
            Side::Mine => "this machine's",
            Side::Theirs => "the other machine's",
        };
        let mut outbox = Outbox::of(&tx)?.ok_or_else(|| sharing_error("not shared".to_owned()))?;
        outbox.push(
            &tx,
            &format!("Kept {whose} days of {name}"),
            &[],
            &[],
            Some(&choice),
        )?;
        let by = EditOf {
            machine: share.machine.clone(),
            seq: outbox.seq(),
        };
        days::settle(&tx, &share.machine, &choice, &by, outbox.clock()).map_err(|refused| match refused {
            merge::Refused::Sqlite(e) => StoreError::from(e),
            merge::Refused::Missing => sharing_error(format!(
                "the days of {name} kept name a record deleted here: restore it (Edit > Undo, or File > Snapshots…), then choose again"
            )),
        })?;
        super::count_written(&tx)?;
        tx.commit()?;
        self.publish_edits(machine)?;
        Ok(snapshot)
    }
}

/// Takes out of the snapshot at `path` what stays on the machine that
/// shared (its undo history, its notes with the table's links among them,
/// its records waiting for the journal, its conflicts), then compacts it,
/// so none of it is left in the folder's free pages either.
fn without_what_stays(path: &Path) -> rusqlite::Result<()> {
    let conn = rusqlite::Connection::open(path)?;
    conn.execute_batch(
        "DELETE FROM undo_history; DELETE FROM kept; DELETE FROM share_out; \
         DELETE FROM share_conflict; VACUUM;",
    )
}

/// Marks `incoming` merged: how far its machine's journal is had, the
/// clock past it, the file's count of edits.
fn mark_merged(tx: &rusqlite::Transaction<'_>, incoming: &Incoming) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO share_seen (machine, seq, byte_offset, clock) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (machine) DO UPDATE SET seq = excluded.seq, byte_offset = excluded.byte_offset, clock = excluded.clock",
        params![
            incoming.machine,
            incoming.record.seq,
            i64::try_from(incoming.end).unwrap_or(0),
            incoming.record.clock
        ],
    )?;
    tx.execute(
        "UPDATE share SET clock = MAX(clock, ?1) WHERE id = 1",
        [incoming.record.clock],
    )?;
    super::count_written(tx)?;
    Ok(())
}

/// Whether `incoming` was merged since it was read (by another program
/// merging the same file).
fn merged_already(tx: &rusqlite::Transaction<'_>, incoming: &Incoming) -> rusqlite::Result<bool> {
    Ok(outbox::seen_of(tx, &incoming.machine)? >= incoming.record.seq)
}

/// What became of a record of another machine's in a merge.
enum Outcome {
    Merged,
    /// Days of a party played apart from this copy's (or set aside).
    HeldOut,
    /// It names a record this copy does not have: nothing of it written,
    /// and its machine's later records wait.
    Missing,
    /// Its machine had merged edits of this machine (by id) that this copy
    /// has not yet: it and its machine's later records wait for them, so
    /// every copy merges an edit after those it was made on.
    Early(String),
    /// Its machine is waiting, or another program merged it.
    NotTried,
}

/// The machine whose edits `incoming`'s machine had merged when it was
/// made and this copy has not: none when it may be merged now.
fn not_seen_yet(
    tx: &rusqlite::Transaction<'_>,
    incoming: &Incoming,
) -> rusqlite::Result<Option<String>> {
    for (machine, &seq) in &incoming.record.seen {
        if machine == &incoming.machine || seq <= 0 {
            continue;
        }
        if outbox::seen_of(tx, machine)? < seq {
            return Ok(Some(machine.clone()));
        }
    }
    Ok(None)
}

/// How many records of the other machines are merged in one transaction
/// (synced once), at most.
const TOGETHER: usize = 128;

/// A record of another machine's, read and not yet merged.
struct Incoming {
    machine: String,
    record: Record,
    end: u64,
}
