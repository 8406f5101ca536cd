//! Who this machine is: an id made once and kept in its data folder, and
//! the name the other machines show ("Study PC"). Never the hostname or
//! the campaign file: two data folders on one computer are two machines,
//! and a campaign file copied to another machine is not that machine.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file in the data folder that keeps the machine's id and name.
const FILE: &str = "machine.json";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Machine {
    /// Sixteen hex digits, made at random once.
    pub id: String,
    /// What the other machines call it.
    pub name: String,
    /// The data folder it is kept in (its snapshots are kept there too).
    #[serde(skip)]
    pub data_dir: Option<PathBuf>,
}

impl Machine {
    /// The machine of the data folder `dir`: as kept there, or made now
    /// and kept (named `name`, or the computer's name, when given none).
    /// A name given renames a kept machine.
    pub fn of_data_dir(dir: &Path, name: Option<&str>) -> Result<Self, crate::files::WriteError> {
        let path = dir.join(FILE);
        let kept = std::fs::read(&path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Self>(&bytes).ok())
            .filter(|m| is_id(&m.id));
        let named = name.map(str::trim).filter(|n| !n.is_empty());
        match kept {
            Some(machine) if named.is_none_or(|n| n == machine.name) => Ok(Self {
                data_dir: Some(dir.to_owned()),
                ..machine
            }),
            kept => {
                let machine = Self {
                    id: kept.map_or_else(new_id, |m| m.id),
                    name: named.map_or_else(computer_name, str::to_owned),
                    data_dir: Some(dir.to_owned()),
                };
                let _ = std::fs::create_dir_all(dir);
                let json = serde_json::to_vec_pretty(&machine).unwrap_or_default();
                crate::files::write_atomically(&path, &json)?;
                Ok(machine)
            }
        }
    }

    /// The machine of the data folder ([`crate::files::data_dir`]).
    pub fn here(name: Option<&str>) -> Result<Self, crate::files::WriteError> {
        let dir = crate::files::data_dir().map_err(|cause| crate::files::WriteError {
            path: PathBuf::from(FILE),
            cause,
        })?;
        Self::of_data_dir(&dir, name)
    }

    /// The block of ids this machine's records take in a campaign it
    /// joined (1 up; the machine that began sharing keeps block 0), from
    /// its id, the next free one when another machine has it.
    pub fn id_block(&self, taken: &[i64]) -> i64 {
        const BLOCKS: u64 = (1 << 19) - 1;
        let start = u64::from_str_radix(&self.id, 16).unwrap_or(0) % BLOCKS;
        (0..BLOCKS)
            .map(|n| i64::try_from((start + n) % BLOCKS + 1).unwrap_or(1))
            .find(|block| !taken.contains(block))
            .unwrap_or(1)
    }
}

/// Whether `id` is a machine id: sixteen lowercase hex digits.
pub fn is_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Sixteen hex digits no other machine has: the std library's random keys
/// (seeded by the system), the time and the process mixed.
fn new_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_i64(super::clock::now_ms());
    hasher.write_u32(std::process::id());
    format!("{:016x}", hasher.finish())
}

/// The computer's name as the system says it, or "This machine".
fn computer_name() -> String {
    ["COMPUTERNAME", "HOSTNAME"]
        .iter()
        .find_map(|var| std::env::var(var).ok())
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "This machine".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_machine_is_made_once_and_kept_in_its_data_folder() {
        let (one, two) = (
            tempfile::tempdir().expect("set up by the test"),
            tempfile::tempdir().expect("set up by the test"),
        );
        let made = Machine::of_data_dir(one.path(), Some("Study PC")).expect("set up by the test");
        assert!(is_id(&made.id), "{}", made.id);
        assert_eq!(
            Machine::of_data_dir(one.path(), None).expect("set up by the test"),
            made
        );
        let renamed = Machine::of_data_dir(one.path(), Some("Laptop")).expect("set up by the test");
        assert_eq!(
            (renamed.id.as_str(), renamed.name.as_str()),
            (made.id.as_str(), "Laptop")
        );
        // Another data folder on the same computer is another machine.
        let other = Machine::of_data_dir(two.path(), Some("Study PC")).expect("set up by the test");
        assert_ne!(other.id, made.id);
    }

    #[test]
    fn a_machine_takes_a_block_no_other_has() {
        let machine = Machine {
            id: "00000000000000ff".into(),
            name: "Laptop".into(),
            data_dir: None,
        };
        let own = machine.id_block(&[]);
        assert!(own >= 1);
        let next = machine.id_block(&[own]);
        assert_ne!(next, own);
        assert!(next >= 1);
    }
}
