//! The layers inside `waybook-core` point one way: a module names only
//! modules below it. The crate graph keeps the layers between crates
//! (rules, core, print, app, the binary); this test keeps the order of the
//! modules inside core, which the compiler cannot see: `files` at the
//! bottom, the campaign's data (`model`) on it, what moves the world in
//! time (`world`) and what moves data in and out (`exchange`) above the
//! data, the store and the domain steps above those, the trip plans on the
//! travel rounds and the open campaign (session) beside them, the edits
//! on the session, then the starter content and the demo. It reads the
//! source and fails on a module that names one at its level or above
//! (which is also every circle), and on a module with no level yet.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every top-level module of core and its level; a module may name only
/// modules of a lower level.
const LEVELS: &[(&str, u32)] = &[
    ("files", 0),
    ("background", 0),
    ("model", 1),
    ("sharing", 1),
    ("world", 2),
    ("exchange", 3),
    ("store", 4),
    ("travel", 4),
    ("gathering", 4),
    ("heroes", 4),
    ("scene", 4),
    ("hazards", 4),
    ("plan", 5),
    ("session", 5),
    ("edits", 6),
    ("starter", 6),
    ("demo", 7),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The files of a top-level module: `src/m.rs`, or everything in `src/m/`.
fn files_of(module: &str) -> Vec<PathBuf> {
    let file = src().join(format!("{module}.rs"));
    if file.exists() {
        return vec![file];
    }
    let mut found = Vec::new();
    let mut folders = vec![src().join(module)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a module folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found
}

/// The top-level modules a line of code names through `crate::`, in either
/// form: `crate::plan::x` and `use crate::{plan, model::Y}`.
fn named(line: &str) -> Vec<String> {
    let code = line.split("//").next().unwrap_or_default();
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Top-level names of a group: the first segment of each item.
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.push(first_segment(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            names.push(first_segment(&item));
        } else {
            names.push(first_segment(rest));
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

fn first_segment(path: &str) -> String {
    path.trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn every_module_names_only_modules_below_it() {
    let level: BTreeMap<&str, u32> = LEVELS.iter().copied().collect();
    let mut wrong = Vec::new();
    for (module, own) in LEVELS {
        for file in files_of(module) {
            let text = std::fs::read_to_string(&file).expect("readable");
            for (n, line) in text.lines().enumerate() {
                for target in named(line) {
                    match level.get(target.as_str()) {
                        Some(theirs) if theirs < own || target == *module => {}
                        Some(_) => wrong.push(format!(
                            "{}:{}: {module} names {target}, which is not below it",
                            file.display(),
                            n + 1
                        )),
                        None => {} // a macro or item at the crate root
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "layers pointing the wrong way:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_top_level_module_has_a_level() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("lib.rs");
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';'))
        .collect();
    assert!(!declared.is_empty());
    for module in declared {
        assert!(
            LEVELS.iter().any(|(m, _)| *m == module),
            "crates/waybook-core/src/{module} has no level in tests/layering.rs: place it"
        );
    }
}

#[test]
fn the_reader_of_crate_paths_sees_both_forms() {
    assert_eq!(named("use crate::plan::{self, x};"), vec!["plan"]);
    assert_eq!(
        named("use crate::{model::{A, B}, store, ui::x}; // crate::gui"),
        vec!["model", "store", "ui"]
    );
    assert!(named("// crate::app in a comment").is_empty());
}
