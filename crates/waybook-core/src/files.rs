//! Paths and files: the one data folder, absolute paths for what the app remembers, writing
//! files so that a failure never leaves a half-written one (write a temporary
//! file beside the target, flush it to disk, then rename it over; only a
//! file is written over), reading text as the tools GMs use write it, and
//! the OS's failures in plain words.

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
/// On Windows it stays the path the GM knows (`C:\Users\…`), not the
/// `\\?\C:\…` form the system's own canonical paths take.
pub fn absolute(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    // `a/../b` as the folder it names, when that folder exists.
    match (
        absolute.parent().map(dunce::canonicalize),
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

/// A file that could not be written, and why in words.
#[derive(Debug, thiserror::Error)]
#[error("could not write {}: {}", path.display(), io_words(cause))]
pub struct WriteError {
    pub path: PathBuf,
    pub cause: std::io::Error,
}

/// A folder that could not be made, and why in words.
#[derive(Debug, thiserror::Error)]
#[error("could not make the folder {}: {}", path.display(), io_words(cause))]
pub struct FolderError {
    pub path: PathBuf,
    pub cause: std::io::Error,
}

/// Makes the folder `path`, and the folders above it that are missing.
pub fn make_folder(path: &Path) -> Result<(), FolderError> {
    std::fs::create_dir_all(path).map_err(|cause| FolderError {
        path: path.to_owned(),
        cause,
    })
}

/// A file that could not be read, and why in words.
#[derive(Debug, thiserror::Error)]
#[error("could not read {}: {}", path.display(), io_words(cause))]
pub struct ReadError {
    pub path: PathBuf,
    pub cause: std::io::Error,
}

/// What the OS said went wrong, as a GM reads it: "there is no such file
/// or folder", not "No such file or directory (os error 2)".
pub fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    if let Some(not_a_file) = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<NotAFile>())
    {
        return not_a_file.to_string();
    }
    match e.kind() {
        NotFound => "there is no such file or folder".to_owned(),
        PermissionDenied => "Waybook is not allowed to (permission denied)".to_owned(),
        StorageFull | QuotaExceeded => "the disk is full; free some space and try again".to_owned(),
        ReadOnlyFilesystem => "the disk is read-only".to_owned(),
        IsADirectory => "it is a folder, not a file".to_owned(),
        NotADirectory => "a part of the path is a file, not a folder".to_owned(),
        AlreadyExists => "a file of that name is already there".to_owned(),
        InvalidData => "it is not text (UTF-8)".to_owned(),
        _ => without_os_code(&e.to_string()).to_lowercase(),
    }
}

/// `text` without the OS's error codes: "Broken pipe (os error 32)" is
/// "Broken pipe".
pub fn without_os_code(text: &str) -> String {
    let mut words = text.to_owned();
    while let Some(start) = words.find(" (os error ") {
        let Some(end) = words[start..].find(')') else {
            break;
        };
        words.replace_range(start..start + end + 1, "");
    }
    words
}

/// The text of the file at `path`, which must be UTF-8 (JSON).
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    std::fs::read_to_string(path).map_err(|cause| ReadError {
        path: path.to_owned(),
        cause,
    })
}

/// The text of a spreadsheet's file at `path` as its program wrote it:
/// UTF-8 or UTF-16 by their byte-order mark (which is left out), else
/// UTF-8, else Windows-1252 (a European Excel's CSV).
pub fn read_spreadsheet(path: &Path) -> Result<String, ReadError> {
    let bytes = std::fs::read(path).map_err(|cause| ReadError {
        path: path.to_owned(),
        cause,
    })?;
    Ok(spreadsheet_text(&bytes))
}

fn spreadsheet_text(bytes: &[u8]) -> String {
    if let Some((encoding, _)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding.decode_with_bom_removal(bytes).0.into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    }
}

/// What stands where a file is to be written, when it is not a file.
#[derive(Debug, thiserror::Error)]
#[error("it is {0}, not a file")]
struct NotAFile(&'static str);

/// What `kind` of thing is there, in words, when it is not a file.
fn not_a_file(kind: std::fs::FileType) -> NotAFile {
    if kind.is_dir() {
        return NotAFile("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_char_device() || kind.is_block_device() {
            return NotAFile("a device");
        }
        if kind.is_fifo() {
            return NotAFile("a pipe");
        }
        if kind.is_socket() {
            return NotAFile("a socket");
        }
    }
    NotAFile("something else")
}

/// Where writing `target` writes: `target` itself when nothing is there or
/// a file is, the file a link leads to (the link kept). Anything else is
/// refused: the rename would put a plain file in its place, and a device
/// (`/dev/full`), a pipe or a folder would be lost, the write said to
/// have succeeded.
fn file_to_write(target: &Path) -> std::io::Result<PathBuf> {
    let Ok(here) = std::fs::symlink_metadata(target) else {
        return Ok(target.to_owned());
    };
    if here.is_file() {
        return Ok(target.to_owned());
    }
    if here.is_symlink() {
        let end = std::fs::canonicalize(target)
            .map_err(|_| std::io::Error::other(NotAFile("a link that leads nowhere")))?;
        return file_to_write(&end);
    }
    Err(std::io::Error::other(not_a_file(here.file_type())))
}

/// What stands at `target` when a file may not be written there ("it is a
/// folder, not a file"); `None` when nothing is there, or a file, or a
/// link that leads to one.
pub fn not_a_file_at(target: &Path) -> Option<String> {
    file_to_write(target).err().map(|e| e.to_string())
}

/// Writes `bytes` to `target` all or nothing, over a file only
/// ([`file_to_write`]).
pub fn write_atomically(target: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let written = file_to_write(target).and_then(|file| replace(&file, bytes));
    written.map_err(|cause| WriteError {
        path: target.to_owned(),
        cause,
    })
}

/// Writes `bytes` beside `target`, flushes them to the disk, then renames
/// them over it; a failure leaves nothing behind.
fn replace(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temp = temp_path_beside(target);
    let result = std::fs::File::create(&temp)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        })
        .and_then(|()| std::fs::rename(&temp, target));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// A campaign's name as a file name: what some system refuses in a name
/// (slashes, colons, `*?"<>|`, control characters) becomes a `-`, a name
/// Windows keeps for a device (`CON`, `nul`, `COM1`…) gets a `_`, and a
/// name with nothing left is "campaign". The same on every system, since
/// files travel between them.
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
    let stem = stem.trim_matches(|c: char| c == '-' || c.is_whitespace());
    if stem.is_empty() {
        "campaign".to_owned()
    } else {
        clear_of_device_names(stem)
    }
}

/// `stem` with a `_` after its first part when Windows keeps that part for
/// a device: no file `CON.pdf`, `Aux .notes.waybook` (Windows drops the
/// space) or `COM¹.pdf` can be made there.
fn clear_of_device_names(stem: &str) -> String {
    let first = stem.split('.').next().unwrap_or(stem).trim_end();
    let upper = first.to_uppercase();
    let numbered = |prefix: &str| {
        let mut number = upper.strip_prefix(prefix).unwrap_or_default().chars();
        matches!(
            (number.next(), number.next()),
            (Some('1'..='9' | '¹' | '²' | '³'), None)
        )
    };
    if matches!(upper.as_str(), "CON" | "PRN" | "AUX" | "NUL") || numbered("COM") || numbered("LPT")
    {
        format!("{first}_{}", &stem[first.len()..])
    } else {
        stem.to_owned()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn spreadsheet_text_is_read_as_its_program_wrote_it() {
        let bom_utf8 = b"\xEF\xBB\xBFd6;Result\n1;Caf\xC3\xA9\n";
        assert_eq!(super::spreadsheet_text(bom_utf8), "d6;Result\n1;Café\n");
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("d6\tRésultat".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(super::spreadsheet_text(&utf16), "d6\tRésultat");
        let windows_1252 = b"d6;Result\n1;Caf\xE9 \x80 5\n";
        assert_eq!(
            super::spreadsheet_text(windows_1252),
            "d6;Result\n1;Café € 5\n"
        );
    }

    #[test]
    fn the_os_s_failures_are_said_in_words_without_codes() {
        let gone = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(super::io_words(&gone), "there is no such file or folder");
        assert_eq!(
            super::without_os_code("could not read x: Broken pipe (os error 32): y (os error 2)"),
            "could not read x: Broken pipe: y"
        );
        let read = super::read_text(std::path::Path::new("/no/such/file.json")).expect_err("gone");
        assert_eq!(
            read.to_string(),
            "could not read /no/such/file.json: there is no such file or folder"
        );
    }

    #[test]
    fn a_name_becomes_a_file_stem() {
        assert_eq!(
            super::file_stem_for("The Lantern Company"),
            "The Lantern Company"
        );
        assert_eq!(super::file_stem_for("Acts 1/2: Ash"), "Acts 1-2- Ash");
        assert_eq!(super::file_stem_for("Road (demo)"), "Road (demo)");
        assert_eq!(super::file_stem_for("///"), "campaign");
        // Names Windows keeps for its devices, in any case, before any dot.
        assert_eq!(super::file_stem_for("Con"), "Con_");
        assert_eq!(super::file_stem_for("nul"), "nul_");
        assert_eq!(super::file_stem_for("Aux.notes"), "Aux_.notes");
        assert_eq!(super::file_stem_for("COM7"), "COM7_");
        assert_eq!(super::file_stem_for("lpt1"), "lpt1_");
        assert_eq!(super::file_stem_for("COM0"), "COM0");
        assert_eq!(super::file_stem_for("Console"), "Console");
        assert_eq!(super::file_stem_for("Prune"), "Prune");
        // Windows drops the spaces before a dot; superscript numbers count.
        assert_eq!(super::file_stem_for("Con -"), "Con_");
        assert_eq!(super::file_stem_for("Aux .notes"), "Aux_ .notes");
        assert_eq!(super::file_stem_for("com²"), "com²_");
        assert_eq!(super::file_stem_for("COM10"), "COM10");
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

    /// Issue 50, item 29: `export --out /dev/full --overwrite` as root
    /// replaced the device with a plain file and said it succeeded. Only a
    /// file is written over; a folder or a socket (a device's stand-in a
    /// test may make) is refused in words and left as it was; a link to a
    /// file writes the file, the link kept.
    #[test]
    fn only_a_file_is_written_over() {
        let dir = tempfile::tempdir().expect("dir");
        let folder = dir.path().join("sheets");
        std::fs::create_dir(&folder).expect("made");
        let refused = write_atomically(&folder, b"%PDF").expect_err("a folder");
        assert_eq!(
            refused.to_string(),
            format!(
                "could not write {}: it is a folder, not a file",
                folder.display()
            )
        );
        assert!(folder.is_dir());
        assert!(!temp_path_beside(&folder).exists());
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt as _;
            let socket = dir.path().join("socket");
            let _listening = std::os::unix::net::UnixListener::bind(&socket).expect("bound");
            let refused = write_atomically(&socket, b"%PDF").expect_err("a socket");
            assert_eq!(
                refused.to_string(),
                format!(
                    "could not write {}: it is a socket, not a file",
                    socket.display()
                )
            );
            let kind = std::fs::symlink_metadata(&socket)
                .expect("still there")
                .file_type();
            assert!(kind.is_socket(), "still a socket");

            let sheet = dir.path().join("sheet.pdf");
            std::fs::write(&sheet, b"old").expect("written");
            let link = dir.path().join("latest.pdf");
            std::os::unix::fs::symlink(&sheet, &link).expect("linked");
            write_atomically(&link, b"%PDF-1.7").expect("written through the link");
            assert_eq!(std::fs::read(&sheet).expect("read"), b"%PDF-1.7");
            assert!(std::fs::symlink_metadata(&link).expect("kept").is_symlink());
            let nowhere = dir.path().join("nowhere.pdf");
            std::os::unix::fs::symlink(dir.path().join("gone.pdf"), &nowhere).expect("linked");
            let refused = write_atomically(&nowhere, b"%PDF").expect_err("a broken link");
            assert!(
                refused
                    .to_string()
                    .ends_with("it is a link that leads nowhere, not a file")
            );
        }
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
