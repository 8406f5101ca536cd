//! Fuzzed imports: real exports of the demo with numbers, strings and keys
//! changed at random, and bytes cut or flipped. No input panics; a refused
//! import creates nothing; an accepted one passes `waybook check`.

mod common;

use common::mutate::{mutated, mutation};
use proptest::prelude::*;
use serde_json::Value;
use std::sync::OnceLock;
use waybook::model::document::Document;
use waybook::store::{Campaign, check};

fn export() -> &'static Value {
    static EXPORT: OnceLock<Value> = OnceLock::new();
    EXPORT.get_or_init(|| {
        let (_dir, data) = common::demo();
        serde_json::from_str(&Document::of(&data).to_json()).expect("JSON")
    })
}

/// Imports `text` into a new file: accepted ones must pass the check,
/// refused ones must leave nothing.
fn try_import(text: &str) -> bool {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("imported.waybook");
    match Document::parse(text) {
        Ok(document) => {
            let made = Campaign::create_from(&out, &document);
            match made {
                Ok(_) => {
                    let report = check(&out).expect("the import opens");
                    assert!(
                        report.is_ok(),
                        "an accepted import passes check: {report:?}"
                    );
                    true
                }
                // The store may still refuse (a key SQLite rejects); then nothing is left.
                Err(_) => {
                    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
                    false
                }
            }
        }
        Err(refusal) => {
            assert!(!refusal.to_string().is_empty() && !refusal.to_string().contains('\n'));
            assert!(!out.exists());
            false
        }
    }
}

proptest! {
    #![proptest_config(common::fuzz_config(96))]

    #[test]
    fn mutated_exports_never_panic_and_never_leave_half_a_file(
        picks in prop::collection::vec((any::<prop::sample::Index>(), mutation()), 1..4)
    ) {
        try_import(&mutated(export(), &picks).to_string());
    }

    #[test]
    fn cut_and_flipped_bytes_are_refused_in_words(cut in 0usize..30_000, flip in any::<u8>()) {
        let mut bytes = export().to_string().into_bytes();
        let at = cut % bytes.len();
        bytes[at] ^= flip | 1;
        bytes.truncate(at + (cut % 7) * 1000);
        try_import(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn the_unchanged_export_is_accepted() {
    assert!(try_import(&export().to_string()));
}
