//! The shared folder's files, each written by one machine only and named
//! by its id: `<id>.machine` (its name and block of ids), `<id>.journal`
//! (its edits, [`super::journal`]) and, from the machine that began the
//! sharing, `<id>.snapshot` (the campaign as it was then, for a machine
//! joining). A name a sync service gives a file while it copies it
//! (`.syncthing.x.tmp`, `x (conflicted copy)`) is none of these, so it is
//! never read.

use super::Machine;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What a machine says of itself in the folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub id: String,
    pub name: String,
    /// The block its new records' ids are taken from.
    pub id_block: i64,
}

/// The file of `machine`'s `what` ("journal", "machine", "snapshot").
pub fn file_of(folder: &Path, machine: &str, what: &str) -> PathBuf {
    folder.join(format!("{machine}.{what}"))
}

/// Writes this machine's own file in the folder, all or nothing.
pub fn write_member(
    folder: &Path,
    machine: &Machine,
    id_block: i64,
) -> Result<(), crate::files::WriteError> {
    let member = Member {
        id: machine.id.clone(),
        name: machine.name.clone(),
        id_block,
    };
    let json = serde_json::to_vec_pretty(&member).unwrap_or_default();
    crate::files::write_atomically(&file_of(folder, &machine.id, "machine"), &json)
}

/// The ids of the machines with a file of `what` in the folder.
pub fn machines_with(folder: &Path, what: &str) -> std::io::Result<Vec<String>> {
    let mut ids: Vec<String> = std::fs::read_dir(folder)?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            let (id, extension) = name.split_once('.')?;
            (extension == what && super::machine::is_id(id)).then(|| id.to_owned())
        })
        .collect();
    ids.sort();
    Ok(ids)
}

/// Every machine that wrote its file in the folder (one half copied is
/// left out until it is whole).
pub fn members(folder: &Path) -> std::io::Result<Vec<Member>> {
    Ok(machines_with(folder, "machine")?
        .into_iter()
        .filter_map(|id| {
            let bytes = std::fs::read(file_of(folder, &id, "machine")).ok()?;
            serde_json::from_slice::<Member>(&bytes)
                .ok()
                .filter(|m| m.id == id)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_machines_own_names_are_read() {
        let folder = tempfile::tempdir().expect("set up by the test");
        let machine = Machine {
            id: "0123456789abcdef".into(),
            name: "Study PC".into(),
            data_dir: None,
        };
        write_member(folder.path(), &machine, 0).expect("set up by the test");
        for stray in [
            ".syncthing.0123456789abcdef.journal.tmp",
            "0123456789abcdef.journal (conflicted copy)",
            "notanid.journal",
            "fedcba9876543210.machine",
        ] {
            std::fs::write(folder.path().join(stray), b"{").expect("set up by the test");
        }
        std::fs::write(folder.path().join("0123456789abcdef.journal"), b"")
            .expect("set up by the test");
        assert_eq!(
            machines_with(folder.path(), "journal").expect("set up by the test"),
            ["0123456789abcdef"]
        );
        // The half-written member file is left out until it is whole.
        let members = members(folder.path()).expect("set up by the test");
        assert_eq!(members.len(), 1);
        assert_eq!(members[0].name, "Study PC");
    }
}
