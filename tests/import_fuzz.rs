//! Fuzzed imports: real exports of the demo with numbers, strings and keys
//! changed at random, and bytes cut or flipped. No input panics; a refused
//! import creates nothing; an accepted one passes `waybook check`.

mod common;

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

/// Every leaf of a JSON value, as pointers (`/characters/3/companion/xp`).
fn leaves(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => map
            .iter()
            .for_each(|(k, v)| leaves(v, format!("{at}/{k}"), out)),
        Value::Array(list) => list
            .iter()
            .enumerate()
            .for_each(|(i, v)| leaves(v, format!("{at}/{i}"), out)),
        _ => out.push(at),
    }
}

/// One change of a leaf: a new value of its own type (most often), a value
/// of another type, a null, or the key removed.
#[derive(Debug, Clone)]
enum Mutation {
    Like(i64, String),
    Number(i64),
    Text(String),
    Null,
    Remove,
}

fn number() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(-1i64),
        Just(0),
        Just(1),
        Just(2),
        Just(4),
        Just(11),
        Just(1_000_001),
        -50i64..50,
        any::<i64>()
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        6 => (number(), "[a-z0-9 -]{0,8}").prop_map(|(n, t)| Mutation::Like(n, t)),
        1 => number().prop_map(Mutation::Number),
        1 => "[a-z0-9 -]{0,8}".prop_map(Mutation::Text),
        1 => Just(Mutation::Null),
        1 => Just(Mutation::Remove),
    ]
}

fn mutated(picks: &[(prop::sample::Index, Mutation)]) -> Value {
    let mut doc = export().clone();
    let mut all = Vec::new();
    leaves(&doc, String::new(), &mut all);
    for (pick, m) in picks {
        let pointer = pick.get(&all).clone();
        match m {
            Mutation::Remove => {
                let (parent, key) = pointer.rsplit_once('/').unwrap_or(("", ""));
                if let Some(Value::Object(map)) = doc.pointer_mut(parent) {
                    map.remove(key);
                }
            }
            other => {
                if let Some(leaf) = doc.pointer_mut(&pointer) {
                    *leaf = match other {
                        Mutation::Like(n, t) => match leaf {
                            Value::Number(_) => Value::from(*n),
                            Value::String(_) => Value::from(t.clone()),
                            Value::Bool(b) => Value::from(!*b),
                            _ => Value::Null,
                        },
                        Mutation::Number(n) => Value::from(*n),
                        Mutation::Text(t) => Value::from(t.clone()),
                        _ => Value::Null,
                    };
                }
            }
        }
    }
    doc
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
        try_import(&mutated(&picks).to_string());
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
