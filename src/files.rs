//! Paths and files: the one data folder, absolute paths for what the app remembers, and writing
//! files so that a failure never leaves a half-written one (write a temporary
//! file beside the target, flush it to disk, then rename it over).

use std::io::Write;
use std::path::{Path, PathBuf};

/// The one folder of everything Waybook keeps: `$WAYBOOK_DATA_DIR` if set,
/// else the platform data directory (`~/.local/share/waybook` on Linux).
pub fn data_dir() -> Result<PathBuf, std::io::Error> {
    if let Some(dir) = std::env::var_os("WAYBOOK_DATA_DIR") {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Waybook", "waybook")
        .map(|d| d.data_dir().to_owned())
        .ok_or_else(|| std::io::Error::other("could not find a data directory for this user"))
}

/// The path made absolute against the current folder, so that a path the
/// app remembers still names the same file when Waybook starts elsewhere.
pub fn absolute(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    // `a/../b` as the folder it names, when that folder exists.
    match (
        absolute.parent().map(Path::canonicalize),
        absolute.file_name(),
    ) {
        (Some(Ok(folder)), Some(name)) => folder.join(name),
        _ => absolute,
    }
}

/// The cloud-sync service whose folder holds `path`, if any: Dropbox,
/// OneDrive, Google Drive and iCloud by their folders' names, Syncthing by
/// the `.stfolder` it keeps at the top of a synced folder.
pub fn sync_service(path: &Path) -> Option<&'static str> {
    for folder in path.ancestors().skip(1) {
        if folder.join(".stfolder").exists() {
            return Some("Syncthing");
        }
        let Some(name) = folder.file_name() else {
            continue;
        };
        let name = name.to_string_lossy().to_lowercase();
        let service = if name.starts_with("dropbox") {
            "Dropbox"
        } else if name.starts_with("onedrive") {
            "OneDrive"
        } else if ["google drive", "googledrive", "my drive"].contains(&name.as_str()) {
            "Google Drive"
        } else if [
            "icloud drive",
            "icloud",
            "mobile documents",
            "com~apple~clouddocs",
        ]
        .contains(&name.as_str())
        {
            "iCloud"
        } else {
            continue;
        };
        return Some(service);
    }
    None
}

/// `name.partial` beside `target`: same folder, so the rename is atomic.
pub fn temp_path_beside(target: &Path) -> PathBuf {
    let mut name = target.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    target.with_file_name(name)
}

#[derive(Debug, thiserror::Error)]
#[error("could not write {}: {source}", path.display())]
pub struct WriteError {
    pub path: PathBuf,
    pub source: std::io::Error,
}

/// Writes `bytes` to `target` all or nothing.
pub fn write_atomically(target: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let temp = temp_path_beside(target);
    let result = std::fs::File::create(&temp)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        })
        .and_then(|()| std::fs::rename(&temp, target));
    result.map_err(|source| {
        let _ = std::fs::remove_file(&temp);
        WriteError {
            path: target.to_owned(),
            source,
        }
    })
}

/// A campaign's name as a file name: what some system refuses in a name
/// (slashes, colons, `*?"<>|`, control characters) becomes a `-`;
/// "campaign" for a name with nothing left.
pub fn file_stem_for(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '-'
            } else {
                c
            }
        })
        .collect();
    let stem = stem.trim().trim_matches('-');
    if stem.is_empty() {
        "campaign".to_owned()
    } else {
        stem.to_owned()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_name_becomes_a_file_stem() {
        assert_eq!(
            super::file_stem_for("The Lantern Company"),
            "The Lantern Company"
        );
        assert_eq!(super::file_stem_for("Acts 1/2: Ash"), "Acts 1-2- Ash");
        assert_eq!(super::file_stem_for("Road (demo)"), "Road (demo)");
        assert_eq!(super::file_stem_for("///"), "campaign");
    }

    use super::*;

    #[test]
    fn campaigns_in_sync_folders_are_recognised() {
        let home = Path::new("/home/gm");
        assert_eq!(
            sync_service(&home.join("Dropbox/rpg/demo.waybook")),
            Some("Dropbox")
        );
        assert_eq!(
            sync_service(&home.join("OneDrive - Guild/demo.waybook")),
            Some("OneDrive")
        );
        assert_eq!(
            sync_service(Path::new(
                "/Users/gm/Library/Mobile Documents/com~apple~CloudDocs/x.waybook"
            )),
            Some("iCloud")
        );
        assert_eq!(sync_service(&home.join("campaigns/demo.waybook")), None);
        let dir = tempfile::tempdir().expect("dir");
        std::fs::create_dir(dir.path().join(".stfolder")).expect("marker");
        assert_eq!(
            sync_service(&dir.path().join("a/b.waybook")),
            Some("Syncthing")
        );
    }

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let dir = tempfile::tempdir().expect("dir");
        let target = dir.path().join("missing-folder").join("out.pdf");
        assert!(write_atomically(&target, b"%PDF").is_err());
        assert!(!target.exists() && !temp_path_beside(&target).exists());
        let good = dir.path().join("out.pdf");
        write_atomically(&good, b"%PDF-1.7").expect("written");
        assert_eq!(std::fs::read(&good).expect("read"), b"%PDF-1.7");
        assert!(!temp_path_beside(&good).exists());
    }
}
