//! The campaign file survives a crash: a child process makes edits through
//! the real session and reports each one as soon as it is acknowledged; the
//! parent kills it (SIGKILL) at a random moment. The file as the crash left
//! it (with any journal beside it) passes SQLite's integrity check and holds
//! every acknowledged edit; and when the kill came between two edits, the
//! `.waybook` file copied alone, as a GM would copy it, does too.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use waybook_core::model::{Change, Character, CharacterKind, Edit};
use waybook_core::session::Session;
use waybook_core::store::Campaign;

/// Set in the child: the campaign it edits.
const CHILD_FILE: &str = "WAYBOOK_CRASH_CHILD_FILE";
const TRIALS: usize = 100;

/// The child's side: edit until killed, saying "ack N" after edit N is made.
/// Not a test of its own: the crash test runs it in a child process.
#[test]
#[ignore = "the child process of a_kill_at_any_moment_loses_no_acknowledged_edit"]
fn child_edits_until_killed() {
    let Some(path) = std::env::var_os(CHILD_FILE) else {
        panic!("run only as the crash test's child, with {CHILD_FILE} set");
    };
    let mut session =
        Session::new(Campaign::open(Path::new(&path)).expect("opens")).expect("loads");
    for n in 0.. {
        let c = Character::new(
            session.data.next_id::<waybook_core::model::Character>(),
            format!("edit {n}"),
            CharacterKind::Npc,
        );
        session
            .apply(Edit::new("Add", vec![Change::character(None, Some(&c))]))
            .expect("written");
        println!("ack {n}");
    }
}

/// The names the acknowledged edits gave, found in a campaign file.
fn missing_edits(path: &Path, acked: &[u64]) -> Vec<u64> {
    let data = Campaign::open(path)
        .expect("the file opens")
        .load()
        .expect("loads");
    acked
        .iter()
        .copied()
        .filter(|n| {
            !data
                .characters
                .values()
                .any(|c| c.name == format!("edit {n}"))
        })
        .collect()
}

fn integrity(path: &Path) -> String {
    let conn = rusqlite::Connection::open(path).expect("opens");
    conn.pragma_query_value(None, "integrity_check", |r| r.get(0))
        .expect("checks")
}

/// The rollback journal beside a campaign: there only while an edit is
/// being written.
fn journal(path: &Path) -> PathBuf {
    PathBuf::from(format!("{}-journal", path.display()))
}

#[test]
fn a_kill_at_any_moment_loses_no_acknowledged_edit() {
    let dir = tempfile::tempdir().expect("dir");
    let template = dir.path().join("template.waybook");
    drop(waybook_core::demo::create_demo(&template).expect("the demo"));
    let mut rng = StdRng::seed_from_u64(10);
    let (mut acked_total, mut lost, mut between) = (0, 0, 0);
    for trial in 0..TRIALS {
        let path = dir.path().join(format!("trial{trial}.waybook"));
        std::fs::copy(&template, &path).expect("copied");
        let mut child = Command::new(std::env::current_exe().expect("this test binary"))
            .args([
                "--exact",
                "crash::child_edits_until_killed",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_FILE, &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the child starts");
        let stdout = child.stdout.take().expect("its output");
        let (send, acks) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(n) = line
                    .strip_prefix("ack ")
                    .and_then(|n| n.parse::<u64>().ok())
                {
                    let _ = send.send(n);
                }
            }
        });
        // Let it make some edits first, then kill it mid-stride.
        let first = acks.recv_timeout(Duration::from_secs(20)).ok();
        std::thread::sleep(Duration::from_millis(rng.random_range(0..60)));
        child.kill().expect("killed");
        child.wait().expect("reaped");
        reader.join().expect("the reader ends");
        let acked: Vec<u64> = first
            .into_iter()
            .chain(std::iter::from_fn(|| acks.try_recv().ok()))
            .collect();
        acked_total += acked.len();
        let copy_alone = dir.path().join(format!("copy{trial}.waybook"));
        let left_between = !journal(&path).exists();
        if left_between {
            std::fs::copy(&path, &copy_alone).expect("copied alone");
        }
        assert_eq!(integrity(&path), "ok", "trial {trial}");
        let missing = missing_edits(&path, &acked);
        lost += missing.len();
        assert!(missing.is_empty(), "trial {trial} lost {missing:?}");
        if left_between {
            between += 1;
            assert!(
                missing_edits(&copy_alone, &acked).is_empty(),
                "trial {trial}: the file alone holds every edit"
            );
        }
    }
    eprintln!(
        "crash trials: {TRIALS}, edits acknowledged: {acked_total}, lost: {lost}, killed between edits: {between}"
    );
    assert!(acked_total >= TRIALS, "every trial made edits");
}
