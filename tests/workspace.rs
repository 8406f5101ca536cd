//! `cargo test` at the root (the README's command) tests the crates the
//! workspace's `default-members` lists, and only those: a crate added under
//! `crates/` and left out of that list would build, but its tests would
//! silently stop running. This reads the root manifest and the folder.

use std::collections::BTreeSet;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The quoted entries of the manifest's `default-members = [...]`.
fn default_members(manifest: &str) -> BTreeSet<String> {
    let list = manifest
        .split("default-members = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the workspace lists its default members");
    list.split(',')
        .map(|entry| entry.trim().trim_matches('"').to_owned())
        .filter(|entry| !entry.is_empty())
        .collect()
}

#[test]
fn cargo_test_at_the_root_tests_every_crate() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("the manifest");
    let listed = default_members(&manifest);
    let mut crates: BTreeSet<String> = std::fs::read_dir(root().join("crates"))
        .expect("the crates folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.join("Cargo.toml").exists())
        .map(|path| {
            format!(
                "crates/{}",
                path.file_name().expect("a name").to_string_lossy()
            )
        })
        .collect();
    assert!(
        crates.len() >= 5,
        "rules, core, print, app, testkit: {crates:?}"
    );
    crates.insert(".".to_owned());
    assert_eq!(
        listed, crates,
        "Cargo.toml's default-members must list the root and every crate, or `cargo test` skips its tests"
    );
}

#[test]
fn the_reader_of_default_members_sees_each_entry() {
    let manifest = "[workspace]\ndefault-members = [\n    \".\",\n    \"crates/a\",\n]\n";
    let members = default_members(manifest);
    assert_eq!(
        members,
        BTreeSet::from([".".to_owned(), "crates/a".to_owned()])
    );
}

/// The `waybook-*` crates a manifest's `[dependencies]` names.
fn layers_named(manifest: &str) -> BTreeSet<String> {
    let deps = manifest
        .split("\n[dependencies]\n")
        .nth(1)
        .map_or("", |rest| rest.split("\n[").next().unwrap_or_default());
    deps.lines()
        .filter_map(|line| line.split(['.', ' ', '=']).next())
        .filter(|name| name.starts_with("waybook-"))
        .map(str::to_owned)
        .collect()
}

/// Each crate is a layer: it depends on the layers below it and on no
/// other. The compiler refuses a circle; this refuses a crate reaching up
/// (print naming the app) or a new edge nobody drew in the README.
#[test]
fn each_crate_names_only_the_layers_below_it() {
    let below: &[(&str, &[&str])] = &[
        ("crates/waybook-rules", &[]),
        ("crates/waybook-core", &["waybook-rules"]),
        ("crates/waybook-print", &["waybook-rules", "waybook-core"]),
        ("crates/waybook-table", &["waybook-core", "waybook-print"]),
        (
            "crates/waybook-app",
            &[
                "waybook-rules",
                "waybook-core",
                "waybook-print",
                "waybook-table",
            ],
        ),
        (
            ".",
            &[
                "waybook-rules",
                "waybook-core",
                "waybook-print",
                "waybook-table",
                "waybook-app",
            ],
        ),
    ];
    for (folder, allowed) in below {
        let manifest =
            std::fs::read_to_string(root().join(folder).join("Cargo.toml")).expect("a manifest");
        let named = layers_named(&manifest);
        let allowed: BTreeSet<String> = allowed.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            named, allowed,
            "{folder} names other layers than those below it"
        );
    }
}
