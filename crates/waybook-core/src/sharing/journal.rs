//! A machine's journal in the shared folder: its edits in the order made,
//! appended and never rewritten. The file begins `WAYBOOK JOURNAL 1` and a
//! line feed; each record is its length and CRC-32 (four bytes each,
//! little-endian), then a line of JSON (sequence number, clock, schema
//! version, the edit's label, the conflicts it chose) and the edit's
//! changeset. A file half copied by a sync service is read up to its last
//! whole record; the writer cuts a torn tail of its own before appending.

use serde::{Deserialize, Serialize};
use std::io::{Read as _, Seek as _, Write as _};
use std::path::Path;

/// The format this build writes and reads.
pub const FORMAT: u32 = 1;
const MAGIC: &str = "WAYBOOK JOURNAL ";
/// A record longer than this is a torn or foreign length, not a record.
const LONGEST: u32 = 1 << 28;

/// The GM's choice of a field two machines changed apart, travelling so
/// every machine settles on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub table: String,
    /// The record's primary key, as JSON.
    pub key: String,
    /// The field ('' for the whole record; `body.name` inside a body).
    pub field: String,
    /// The value chosen (JSON; null: no record).
    pub value: serde_json::Value,
    /// The last edit of each machine the chooser had merged: those are
    /// settled by the choice, a later one is not.
    #[serde(default)]
    pub seen: std::collections::BTreeMap<String, i64>,
}

/// An edit of one machine, named by its machine and sequence number.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EditOf {
    pub machine: String,
    pub seq: i64,
}

/// The GM's choice of whose days a party keeps, when two machines played
/// its days apart: one machine's edits of those days are set aside,
/// undone where they were merged and never merged where not; the other's
/// are kept, merged where they were held.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DaysChoice {
    pub party: i64,
    pub set_aside: Vec<EditOf>,
    #[serde(default)]
    pub kept: Vec<EditOf>,
}

/// One edit of one machine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub seq: i64,
    pub clock: i64,
    /// The schema version of the Waybook that wrote it.
    pub schema: i64,
    pub label: String,
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// The last edit of each machine merged where it was made: what it
    /// had seen, so what it had not is known to have been done apart.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub seen: std::collections::BTreeMap<String, i64>,
    /// The days of other machines its machine held out, unmerged, when
    /// it was made (played apart from its own): though within `seen`, not
    /// lived on from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<EditOf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<DaysChoice>,
    #[serde(skip)]
    pub changeset: Vec<u8>,
}

/// What was read of a journal.
#[derive(Debug, Default)]
pub struct Read {
    /// The whole records after the offset read from, each with the offset
    /// just past it.
    pub records: Vec<(Record, u64)>,
    /// The journal's format, when a newer Waybook wrote it: nothing read.
    pub newer: Option<u32>,
}

fn header() -> Vec<u8> {
    format!("{MAGIC}{FORMAT}\n").into_bytes()
}

/// The journal's format from its first line: `None` when that line is not
/// whole yet (or not a journal's).
fn format_of(bytes: &[u8]) -> Option<u32> {
    let line = bytes
        .split(|&b| b == b'\n')
        .next()
        .filter(|_| bytes.contains(&b'\n'))?;
    std::str::from_utf8(line)
        .ok()?
        .strip_prefix(MAGIC)?
        .parse()
        .ok()
}

fn encode(record: &Record) -> Vec<u8> {
    let mut payload = serde_json::to_vec(record).unwrap_or_default();
    payload.push(b'\n');
    payload.extend_from_slice(&record.changeset);
    let mut framed = Vec::with_capacity(payload.len() + 8);
    framed.extend_from_slice(
        &u32::try_from(payload.len())
            .unwrap_or(u32::MAX)
            .to_le_bytes(),
    );
    framed.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    framed.extend_from_slice(&payload);
    framed
}

/// The whole record at the start of `bytes`, and its length framed.
fn decode(bytes: &[u8]) -> Option<(Record, usize)> {
    let word = |at: usize| -> Option<u32> {
        Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    let (length, crc) = (word(0)?, word(4)?);
    if length > LONGEST {
        return None;
    }
    let end = 8 + length as usize;
    let payload = bytes.get(8..end)?;
    if crc32fast::hash(payload) != crc {
        return None;
    }
    let line_end = payload.iter().position(|&b| b == b'\n')?;
    let mut record: Record = serde_json::from_slice(payload.get(..line_end)?).ok()?;
    record.changeset = payload.get(line_end + 1..)?.to_vec();
    Some((record, end))
}

/// The whole records of the journal at `path` from byte `offset` (0: its
/// start), reading only its first line and what follows the offset; a
/// journal not there yet holds none.
pub fn read_from(path: &Path, offset: u64) -> std::io::Result<Read> {
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Read::default()),
        Err(e) => return Err(e),
    };
    let mut first = Vec::new();
    std::io::Read::by_ref(&mut file)
        .take(64)
        .read_to_end(&mut first)?;
    let mut read = Read::default();
    let Some(format) = format_of(&first) else {
        return Ok(read);
    };
    if format > FORMAT {
        read.newer = Some(format);
        return Ok(read);
    }
    let start = offset.max(header().len() as u64);
    file.seek(std::io::SeekFrom::Start(start))?;
    let mut rest = Vec::new();
    file.read_to_end(&mut rest)?;
    let mut at = 0;
    while let Some((record, length)) = rest.get(at..).and_then(decode) {
        at += length;
        read.records.push((record, start + at as u64));
    }
    Ok(read)
}

/// The whole records of a journal's `bytes`, with the offset past each.
fn read_bytes(bytes: &[u8]) -> Vec<(Record, u64)> {
    let mut records = Vec::new();
    if format_of(bytes).is_none_or(|format| format > FORMAT) {
        return records;
    }
    let mut at = header().len();
    while let Some((record, length)) = bytes.get(at..).and_then(decode) {
        at += length;
        records.push((record, at as u64));
    }
    records
}

/// The sequence number of the journal's last whole record (0: none).
pub fn last_seq(path: &Path) -> std::io::Result<i64> {
    Ok(read_from(path, 0)?
        .records
        .last()
        .map_or(0, |(record, _)| record.seq))
}

/// Appends `records` to this machine's journal at `path`, made when
/// missing; a torn last record (a crash while appending) is cut first, and
/// records it already holds (by sequence number) are not written again.
/// Synced to the disk before it returns.
pub fn append(path: &Path, records: &[Record]) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    if let Some(format) = format_of(&bytes).filter(|&f| f > FORMAT) {
        return Err(std::io::Error::other(format!(
            "the journal was written by a newer Waybook (format {format}); update Waybook to write to it"
        )));
    }
    let whole = read_bytes(&bytes);
    let (end, last_seq) = match whole.last() {
        Some((record, end)) => (*end, record.seq),
        None if format_of(&bytes).is_some() => (header().len() as u64, 0),
        None => (0, 0),
    };
    file.set_len(end)?;
    file.seek(std::io::SeekFrom::Start(end))?;
    let mut out = if end == 0 { header() } else { Vec::new() };
    for record in records.iter().filter(|r| r.seq > last_seq) {
        out.extend(encode(record));
    }
    file.write_all(&out)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seq: i64) -> Record {
        Record {
            seq,
            clock: seq * 10,
            schema: 29,
            label: format!("Edit {seq}"),
            choices: Vec::new(),
            seen: std::collections::BTreeMap::from([("b".to_owned(), seq - 1)]),
            held: Vec::new(),
            days: None,
            changeset: vec![seq as u8; 40],
        }
    }

    #[test]
    fn records_appended_are_read_back_from_where_reading_stopped() {
        let dir = tempfile::tempdir().expect("set up by the test");
        let path = dir.path().join("a.journal");
        assert!(
            read_from(&path, 0)
                .expect("set up by the test")
                .records
                .is_empty(),
            "not there yet"
        );
        append(&path, &[record(1), record(2)]).expect("set up by the test");
        let read = read_from(&path, 0).expect("set up by the test");
        assert_eq!(
            read.records
                .iter()
                .map(|(r, _)| r.clone())
                .collect::<Vec<_>>(),
            [record(1), record(2)]
        );
        // Appending again writes only what is new.
        append(&path, &[record(2), record(3)]).expect("set up by the test");
        let after = read_from(&path, read.records[1].1).expect("set up by the test");
        assert_eq!(after.records.len(), 1);
        assert_eq!(after.records[0].0, record(3));
    }

    #[test]
    fn a_torn_copy_is_read_up_to_its_last_whole_record_and_cut_before_appending() {
        let dir = tempfile::tempdir().expect("set up by the test");
        let path = dir.path().join("a.journal");
        append(&path, &[record(1), record(2)]).expect("set up by the test");
        let whole = std::fs::read(&path).expect("set up by the test");
        for cut in [3, header().len() + 5, whole.len() - 1] {
            std::fs::write(&path, &whole[..cut]).expect("set up by the test");
            let read = read_from(&path, 0).expect("set up by the test");
            assert!(read.records.len() < 2, "cut at {cut}");
        }
        // A torn tail: a writer crashed partway through its third record.
        let mut torn = whole.clone();
        torn.extend_from_slice(&encode(&record(3))[..20]);
        std::fs::write(&path, &torn).expect("set up by the test");
        assert_eq!(
            read_from(&path, 0)
                .expect("set up by the test")
                .records
                .len(),
            2
        );
        append(&path, &[record(3)]).expect("set up by the test");
        let seqs: Vec<i64> = read_from(&path, 0)
            .expect("set up by the test")
            .records
            .iter()
            .map(|(r, _)| r.seq)
            .collect();
        assert_eq!(seqs, [1, 2, 3]);
        // A flipped byte fails its check: read up to the record before it.
        let mut flipped = std::fs::read(&path).expect("set up by the test");
        let last = flipped.len() - 3;
        flipped[last] ^= 0xff;
        std::fs::write(&path, &flipped).expect("set up by the test");
        assert_eq!(
            read_from(&path, 0)
                .expect("set up by the test")
                .records
                .len(),
            2
        );
    }

    #[test]
    fn a_journal_of_a_newer_format_is_named_and_not_read() {
        let dir = tempfile::tempdir().expect("set up by the test");
        let path = dir.path().join("a.journal");
        let mut bytes = format!("{MAGIC}{}\n", FORMAT + 1).into_bytes();
        bytes.extend(encode(&record(1)));
        std::fs::write(&path, bytes).expect("set up by the test");
        let read = read_from(&path, 0).expect("set up by the test");
        assert_eq!(read.newer, Some(FORMAT + 1));
        assert!(read.records.is_empty());
    }
}
