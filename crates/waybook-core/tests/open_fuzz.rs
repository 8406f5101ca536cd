//! Fuzzed opening: random bytes, truncated and bit-flipped copies of a real
//! campaign, another application's SQLite file and a newer schema. No input
//! panics; each is refused with a message (or, when a flip landed where
//! SQLite keeps nothing, opens and passes its integrity check), and the
//! file's bytes are never changed by trying.

use waybook_testkit as common;

use proptest::prelude::*;
use std::sync::OnceLock;
use waybook_core::store::Campaign;

fn campaign_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("demo.waybook");
        drop(waybook_core::demo::create_demo(&path).expect("demo"));
        std::fs::read(&path).expect("read")
    })
}

/// Opens a file made of `bytes`; returns whether it was refused.
fn try_open(bytes: &[u8]) -> bool {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("fuzzed.waybook");
    std::fs::write(&path, bytes).expect("written");
    let refused = match Campaign::open(&path) {
        Ok(campaign) => campaign.load().is_err(),
        Err(e) => {
            let said = e.to_string();
            assert!(!said.is_empty() && !said.contains('\n'), "one line: {said}");
            true
        }
    };
    assert_eq!(
        std::fs::read(&path).expect("read back"),
        bytes,
        "the bytes are unchanged"
    );
    refused
}

proptest! {
    #![proptest_config(common::fuzz_config(64))]

    #[test]
    fn random_bytes_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..5000)) {
        prop_assert!(try_open(&bytes));
    }

    #[test]
    fn truncated_campaigns_are_refused(keep in 0usize..4096) {
        let bytes = campaign_bytes();
        prop_assert!(try_open(&bytes[..keep.min(bytes.len() - 1)]));
    }

    #[test]
    fn flipped_bits_never_panic_or_change_the_file(
        flips in prop::collection::vec((any::<prop::sample::Index>(), 0u8..8), 1..6)
    ) {
        let mut bytes = campaign_bytes().to_vec();
        for (at, bit) in &flips {
            let i = at.index(bytes.len());
            bytes[i] ^= 1 << bit;
        }
        try_open(&bytes);
    }
}

#[test]
fn another_applications_database_and_a_newer_schema_are_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let other = dir.path().join("other.sqlite");
    {
        let conn = rusqlite::Connection::open(&other).expect("created");
        conn.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hi');")
            .expect("filled");
    }
    assert!(try_open(&std::fs::read(&other).expect("read")));
    let newer = dir.path().join("newer.waybook");
    std::fs::write(&newer, campaign_bytes()).expect("written");
    {
        let conn = rusqlite::Connection::open(&newer).expect("opens");
        conn.pragma_update(
            None,
            "user_version",
            waybook_core::store::LATEST_VERSION + 1,
        )
        .expect("set");
    }
    assert!(try_open(&std::fs::read(&newer).expect("read")));
}
