//! CLI tests on the built binary: `new`, `check`, `roster`, and their errors.

use waybook_testkit as common;

use std::path::Path;
use std::process::{Command, Output};

fn waybook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_waybook"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The binary with its data folder (where snapshots are kept) at `data`.
fn waybook_keeping(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_waybook"))
        .args(args)
        .env("WAYBOOK_DATA_DIR", data)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// A demo campaign made by `waybook new --demo` in `dir`.
fn demo_file(dir: &tempfile::TempDir) -> std::path::PathBuf {
    let file = dir.path().join("demo.waybook");
    let created = waybook(&["new", path_str(&file), "--demo"]);
    assert!(created.status.success(), "{}", text(&created.stderr));
    file
}

/// The campaign in `file`, as the window would load it.
fn loaded(file: &Path) -> waybook_core::model::CampaignData {
    let campaign = waybook_core::store::Campaign::open(file).expect("opens");
    campaign.load().expect("loads")
}

fn one_error_line(output: &Output) -> String {
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "one line on stderr: {stderr}");
    assert!(stderr.starts_with("waybook: "), "{stderr}");
    stderr
}

#[test]
fn new_demo_then_check_reports_version_integrity_and_counts() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let before = std::fs::read(&file).expect("read");
    let checked = waybook(&["check", path_str(&file)]);
    assert!(checked.status.success());
    let report = text(&checked.stdout);
    assert!(
        report.contains(&format!(
            "schema version: {}",
            waybook_core::store::LATEST_VERSION
        )),
        "{report}"
    );
    assert!(report.contains("integrity: ok"), "{report}");
    assert!(
        report.contains("characters: 13, parties: 2, items: 19"),
        "{report}"
    );
    assert!(
        report.contains("places: 9, paths: 11, travel rounds: 1"),
        "{report}"
    );
    assert_eq!(
        std::fs::read(&file).expect("read"),
        before,
        "check never writes"
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "no side files: {leftovers:?}");
}

/// Issue 50, item 27: events marked "the party" (an event belongs to no
/// party, so no player sees them) are listed by `check`, which says where
/// the GM chooses once what becomes of them; the file is sound (exit 0)
/// and unwritten. Its JSON export is refused by `import`, with the reason.
#[test]
fn check_lists_events_shown_to_the_party_and_import_refuses_them() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let marked = common::events_shown_to_the_party(&file);
    assert_eq!(marked, 4, "the demo's four events");
    let before = std::fs::read(&file).expect("read");
    let checked = waybook(&["check", path_str(&file)]);
    assert!(checked.status.success(), "{}", text(&checked.stderr));
    let report = text(&checked.stdout);
    let listed: Vec<&str> = (report.lines())
        .filter(|l| l.starts_with("shown to “the party”, but of no party, so no player sees it: "))
        .collect();
    assert_eq!(listed.len(), marked, "{report}");
    assert!(
        report.contains("no player sees it: calendar event 1 (Harvest fair at Kettleford)\n"),
        "{report}"
    );
    assert!(
        report.contains("asks once whether to share them with every player or keep them GM only"),
        "{report}"
    );
    assert_eq!(
        std::fs::read(&file).expect("read"),
        before,
        "check never writes"
    );
    let json = dir.path().join("d.json");
    let exported = waybook(&[
        "export",
        path_str(&file),
        "--format",
        "json",
        "--out",
        path_str(&json),
    ]);
    assert!(exported.status.success(), "{}", text(&exported.stderr));
    let copy = dir.path().join("copy.waybook");
    let refused = waybook(&["import", path_str(&json), "--out", path_str(&copy)]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        one_error_line(&refused).contains(
            "events[0].shown: “party” shares a text with the players of the party it belongs to, and a calendar event belongs to no party"
        ),
        "{}",
        text(&refused.stderr)
    );
    assert!(!copy.exists(), "nothing made");
}

#[test]
fn roster_json_lists_name_kind_and_party() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let output = waybook(&["roster", path_str(&file), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    let rows = rows.as_array().expect("an array");
    // The company's seven and its three animals, the Watch's two and its ox.
    assert_eq!(rows.len(), 13);
    let sorrel = rows
        .iter()
        .find(|r| r["name"] == "Sorrel")
        .expect("the guide's horse");
    assert_eq!(
        (&sorrel["kind"], &sorrel["type"], &sorrel["rider"]),
        (
            &serde_json::json!("animal"),
            &serde_json::json!("Riding horse"),
            &serde_json::json!("Marta the Guide")
        )
    );
    let bess = rows.iter().find(|r| r["name"] == "Bess").expect("a mule");
    assert_eq!(
        (&bess["type"], &bess["rider"]),
        (&serde_json::json!("Mule"), &serde_json::Value::Null)
    );
    assert!(bess.get("rider").is_some(), "null when none, not left out");
    let traveller = rows
        .iter()
        .find(|r| r["name"] == "The Traveller")
        .expect("the Traveller");
    assert_eq!(traveller["kind"], "traveller");
    assert_eq!(traveller["party"], "The Lantern Company");
    assert!(rows.iter().filter(|r| r["kind"] == "ally").count() == 4);
    let table = text(&waybook(&["roster", path_str(&file)]).stdout);
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("Ødric Hale") && l.contains("hero")),
        "{table}"
    );
}

/// Issue 22, fault 11: the CLI lists the roster in the order the roster
/// screen does: "Hero 2" before "Hero 10".
#[test]
fn roster_json_is_in_natural_order() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("heroes.waybook");
    assert!(waybook(&["new", path_str(&file)]).status.success());
    let csv = dir.path().join("r.csv");
    std::fs::write(&csv, "Name\nHero 10\nHero 1\nHero 2\n").expect("written");
    let imported = waybook(&["import-roster", path_str(&file), "--csv", path_str(&csv)]);
    assert!(imported.status.success(), "{}", text(&imported.stderr));
    let output = waybook(&["roster", path_str(&file), "--json"]);
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    let names: Vec<&str> = rows
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| r["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(names, ["Hero 1", "Hero 2", "Hero 10"]);
}

#[test]
fn a_new_empty_campaign_has_no_characters() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("empty.waybook");
    assert!(waybook(&["new", path_str(&file)]).status.success());
    let output = waybook(&["roster", path_str(&file), "--json"]);
    assert_eq!(text(&output.stdout).trim(), "[]");
}

#[test]
fn check_refuses_a_foreign_file_with_one_line_and_leaves_it_alone() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("notes.waybook");
    std::fs::write(&file, "Session 12: the party reached the pass.\n".repeat(8)).expect("written");
    let output = waybook(&["check", path_str(&file)]);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(one_error_line(&output).contains("is not a Waybook campaign"));
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        "Session 12: the party reached the pass.\n".repeat(8)
    );
}

#[test]
fn check_and_roster_refuse_a_newer_campaign() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("future.waybook");
    assert!(waybook(&["new", path_str(&file)]).status.success());
    {
        let conn = rusqlite::Connection::open(&file).expect("opens");
        conn.pragma_update(None, "user_version", 99)
            .expect("bumped");
    }
    for args in [
        vec!["check", path_str(&file)],
        vec!["roster", path_str(&file), "--json"],
    ] {
        let output = waybook(&args);
        assert_eq!(output.status.code(), Some(1));
        assert!(one_error_line(&output).contains("newer Waybook"));
        assert!(output.stdout.is_empty());
    }
}

/// Issue 50, item 28: an older campaign read from the command line says
/// why it cannot be read and how to upgrade it; `waybook upgrade` does it
/// with a copy of it as it was, beside it when the data folder cannot
/// take a snapshot (here a file stands where the folder should be).
#[test]
fn an_older_campaign_is_upgraded_from_the_command_line_with_a_copy() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("old.waybook");
    common::first_version_campaign(&file);
    let unusable = dir.path().join("not-a-folder");
    std::fs::write(&unusable, "a file").expect("written");

    let roster = waybook_keeping(&unusable, &["roster", path_str(&file)]);
    assert_eq!(roster.status.code(), Some(1));
    assert_eq!(
        one_error_line(&roster),
        format!(
            "waybook: {} was written by an older Waybook (schema version 1; this Waybook writes {}) and must be upgraded before it can be read: open it in Waybook's window, or run `waybook upgrade` on it; either keeps a copy of it as it is first\n",
            file.display(),
            waybook_core::store::LATEST_VERSION
        )
    );

    // The reports that opened the file for writing upgraded it silently,
    // with no copy kept; they say the same now.
    let pack = dir.path().join("never.json");
    for args in [
        vec!["tables", path_str(&file)],
        vec!["export-pack", path_str(&file), "--out", path_str(&pack)],
        vec!["serve", path_str(&file), "--bind", "127.0.0.1:0"],
    ] {
        let refused = waybook_keeping(&unusable, &args);
        assert!(
            one_error_line(&refused).contains("must be upgraded before it can be read"),
            "{args:?}"
        );
        assert_eq!(
            common::schema_version(&file),
            1,
            "{args:?} left it as it was"
        );
    }

    let upgraded = waybook_keeping(&unusable, &["upgrade", path_str(&file)]);
    assert!(upgraded.status.success(), "{}", text(&upgraded.stderr));
    let copy = dir.path().join("old (before the upgrade).waybook");
    let said = text(&upgraded.stdout);
    assert!(
        said.starts_with(&format!(
            "upgraded {} to schema version {}; as it was, it is kept in a copy beside it, as no snapshot could be kept (could not read or write {}",
            file.display(),
            waybook_core::store::LATEST_VERSION,
            unusable.join("snapshots").display()
        )),
        "{said}"
    );
    assert!(said.ends_with(&format!(": {}\n", copy.display())), "{said}");
    assert_eq!(common::schema_version(&copy), 1, "the copy is as it was");
    assert_eq!(
        common::schema_version(&file),
        waybook_core::store::LATEST_VERSION
    );
    let roster = waybook(&["check", path_str(&copy)]);
    assert!(roster.status.success(), "{}", text(&roster.stderr));
    let parties = waybook(&["map", path_str(&file), "--json"]);
    assert!(
        text(&parties.stdout).contains("Band"),
        "the data came along"
    );

    let again = waybook_keeping(&unusable, &["upgrade", path_str(&file)]);
    assert!(
        text(&again.stdout).ends_with("nothing to upgrade\n"),
        "{}",
        text(&again.stdout)
    );
    assert!(
        !dir.path()
            .join("old (before the upgrade 2).waybook")
            .exists(),
        "no second copy"
    );
}

#[test]
fn new_refuses_to_overwrite_and_check_names_a_missing_file() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("keep.waybook");
    std::fs::write(&file, "keep me").expect("written");
    let output = waybook(&["new", path_str(&file)]);
    assert_eq!(output.status.code(), Some(1));
    assert!(one_error_line(&output).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "keep me");
    let missing = waybook(&["check", path_str(&dir.path().join("gone.waybook"))]);
    assert!(one_error_line(&missing).contains("does not exist"));
}

#[test]
fn export_writes_sheets_in_both_paper_sizes_and_refuses_unknown_names() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let a4 = dir.path().join("ash.pdf");
    let output = waybook(&[
        "export",
        path_str(&file),
        "--out",
        path_str(&a4),
        "--character",
        "Ash Varnell",
        "--party",
        "The Lantern Company",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("wrote 2 sheets"));
    let doc = lopdf::Document::load(&a4).expect("a PDF");
    let content = common::pdf_text(&doc);
    assert!(content.contains("Ash Varnell") && content.contains("Party sheet"));

    let letter = dir.path().join("blank.pdf");
    assert!(
        waybook(&[
            "export",
            path_str(&file),
            "--out",
            path_str(&letter),
            "--blank",
            "--paper",
            "letter"
        ])
        .status
        .success()
    );
    let doc = lopdf::Document::load(&letter).expect("a PDF");
    let (width, _) = common::page_size(&doc);
    assert!((width - 612.0).abs() < 0.5, "US Letter is 612 points wide");

    let missing = waybook(&[
        "export",
        path_str(&file),
        "--out",
        path_str(&dir.path().join("x.pdf")),
        "--character",
        "Nobody",
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(one_error_line(&missing).contains("no character is named “Nobody”"));
    assert!(!dir.path().join("x.pdf").exists());
    let paper = waybook(&["export", path_str(&file), "--out", "y.pdf", "--paper", "a5"]);
    assert_eq!(paper.status.code(), Some(2));
    assert!(one_error_line(&paper).contains("a5"));
}

#[test]
fn export_of_the_whole_roster_by_default() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = dir.path().join("all.pdf");
    let output = waybook(&["export", path_str(&file), "--out", path_str(&out)]);
    assert!(
        text(&output.stdout).contains("wrote 13 sheets"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn export_prints_the_chronicle_of_a_range_of_days_and_refuses_a_backward_one() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = dir.path().join("chronicle.pdf");
    let output = waybook(&[
        "export",
        path_str(&file),
        "--out",
        path_str(&out),
        "--chronicle",
        "3-7",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let content = common::pdf_text(&lopdf::Document::load(&out).expect("a PDF"));
    assert!(
        content.contains("Windday 16 Harvestmoon 1203")
            && content.contains("Toll-keepers light the bridge"),
        "day 3's date and event are printed"
    );
    let backward = waybook(&[
        "export",
        path_str(&file),
        "--out",
        path_str(&dir.path().join("b.pdf")),
        "--chronicle",
        "7-3",
    ]);
    assert_eq!(backward.status.code(), Some(2));
    assert!(text(&backward.stderr).contains("day 7 comes after day 3"));
}

/// Issue 50, 31: a chronicle asked for more days than one print holds
/// ("1-999999999") says which days it printed and which it left out.
#[test]
fn export_says_the_days_a_chronicle_too_long_for_one_print_leaves_out() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = dir.path().join("chronicle.pdf");
    let output = waybook(&[
        "export",
        path_str(&file),
        "--out",
        path_str(&out),
        "--chronicle",
        "1-999999999",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let said = text(&output.stdout);
    assert!(said.contains("the chronicle of days 1 to 3660"), "{said}");
    assert!(
        said.contains("One print holds at most 3660 days: days 3661 to 999999999 are left out"),
        "{said}"
    );
    let content = common::pdf_text(&lopdf::Document::load(&out).expect("a PDF"));
    assert!(content.contains("Day 3660 ·") && !content.contains("Day 3661 ·"));
}

#[test]
fn journey_json_lists_days_tests_food_and_forecasts() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let output = waybook(&[
        "journey",
        path_str(&file),
        "--journey",
        "to emberfall",
        "--json",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let plan: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(plan["name"], "To Emberfall");
    // Issue 53: the demo's plan is the Kettleford Watch's, setting off the
    // morning after its present (day 5, three days behind the company).
    assert_eq!(plan["party"], "The Kettleford Watch");
    assert_eq!(plan["first_day_to_play"], 6);
    let days = plan["days"].as_array().expect("days");
    assert_eq!(days.len(), 7);
    let day2 = &days[1];
    assert_eq!(day2["travel_hours"], 10);
    let hobb = day2["characters"]
        .as_array()
        .expect("characters")
        .iter()
        .find(|c| c["name"] == "Hobb the Carter")
        .expect("Hobb");
    assert_eq!(
        hobb["tests"],
        serde_json::json!([{"hour": 15, "cause": "march", "tg": 11}, {"hour": 16, "cause": "march", "tg": 12}])
    );
    assert_eq!(hobb["food"]["required"], 40.0);
    // Hobb's bonus is +5 (Stamina 2, Body trait 3): fails TG 11 on 1-5
    // (0.25) and TG 12 on 1-6 (0.3).
    let expected = hobb["forecast"]["expected_exhaustion"]
        .as_f64()
        .expect("a number");
    assert!((expected - 0.55).abs() < 1e-9, "{expected}");
    // Issue 53, one world: day 3 (campaign day 8) the company lived
    // already, so the Watch finds the pass's weather as it fell there.
    let fell = waybook(&["weather", path_str(&file), "--json"]);
    let fell: serde_json::Value = serde_json::from_slice(&fell.stdout).expect("JSON");
    let pass = (fell["regions"].as_array().expect("regions").iter())
        .find(|r| r["name"] == "Greyspine pass")
        .expect("the pass");
    let day8 = (pass["history"].as_array().expect("history").iter())
        .find(|h| h["day"] == 8)
        .expect("day 8 fell");
    assert_eq!(
        days[2]["weather"],
        serde_json::json!([{"as": "fact", "region": "Greyspine pass", "weather": day8["weather"]}])
    );
    // Issue 35, one weather: day 4's weather on the plain is not rolled (no
    // party has lived day 9), so it is planned by the forecast's chances,
    // and its food weighs the chance of extreme heat (×2) against the rest.
    let day4 = &days[3];
    let weather = day4["weather"].as_array().expect("the day's weather");
    assert!(
        weather
            .iter()
            .any(|w| w["as"] == "chance" && w["odds"].as_array().is_some_and(|o| !o.is_empty())),
        "{weather:?}"
    );
    let factor = day4["food_factor"].as_f64().expect("a number");
    assert!(factor > 1.0 && factor < 2.0, "{factor}");
    // Each warning names a traveller past their limit, "max(1, Endurance)"
    // days without food, read from their sheet.
    let data = waybook_core::store::Campaign::open(&file)
        .expect("opens")
        .load()
        .expect("loads");
    let warnings = plan["food"]["warnings"].as_array().expect("warnings");
    assert!(!warnings.is_empty(), "the demo's food runs short");
    for w in warnings {
        let w = w.as_str().expect("words");
        let (who, limit) = w
            .split_once(": ")
            .and_then(|(_, rest)| rest.split_once(" passes the days-without-food limit ("))
            .expect("a traveller past their limit");
        let endurance = data
            .characters
            .values()
            .find(|c| c.name == who)
            .expect("a traveller")
            .exploration
            .trait_value("Endurance");
        assert!(
            limit.starts_with(&format!("{})", endurance.max(1))),
            "{w}: the limit is max(1, Endurance {endurance})"
        );
    }
    let missing = waybook(&["journey", path_str(&file), "--journey", "Nowhere", "--json"]);
    assert!(one_error_line(&missing).contains("no journey is named “Nowhere”"));
}

/// Issue 8: an export never writes over a file unless asked to.
#[test]
fn export_refuses_an_existing_file_unless_told_to_overwrite() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = dir.path().join("sheets.pdf");
    std::fs::write(&out, b"the GM's own PDF").expect("written");
    let refused = waybook(&[
        "export",
        path_str(&file),
        "--out",
        path_str(&out),
        "--blank",
    ]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(one_error_line(&refused).contains("already exists"));
    assert_eq!(std::fs::read(&out).expect("read"), b"the GM's own PDF");
    let replaced = waybook(&[
        "export",
        path_str(&file),
        "--out",
        path_str(&out),
        "--blank",
        "--overwrite",
    ]);
    assert!(replaced.status.success(), "{}", text(&replaced.stderr));
    assert!(
        text(&replaced.stdout).contains("wrote a blank character sheet (2 pages) to"),
        "the sheet by its name, not “1 sheets”"
    );
    // Issue 34, 31: a recap of several pages says so, not "1 sheet".
    let recap = dir.path().join("recap.pdf");
    let said = waybook(&[
        "export",
        path_str(&file),
        "--out",
        path_str(&recap),
        "--recap",
        "2026-11-27",
    ]);
    assert!(said.status.success(), "{}", text(&said.stderr));
    let pages = lopdf::Document::load(&recap)
        .expect("a PDF")
        .get_pages()
        .len();
    assert!(pages > 1, "the demo's game night runs over a page");
    assert!(
        text(&said.stdout).contains(&format!("wrote the recap of 2026-11-27 ({pages} pages) to")),
        "{}",
        text(&said.stdout)
    );
    assert!(std::fs::read(&out).expect("read").starts_with(b"%PDF"));
}

/// Issue 8: `check` names a value outside its limits and fails.
#[test]
fn check_reports_a_stack_past_its_limit() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    {
        let conn = rusqlite::Connection::open(&file).expect("opens");
        conn.execute("UPDATE holding SET quantity = 2000015 WHERE id = 1", [])
            .expect("a bad stack written behind Waybook's back");
    }
    let output = waybook(&["check", path_str(&file)]);
    assert_eq!(output.status.code(), Some(1));
    let report = text(&output.stdout);
    assert!(
        report.contains("out of limits: holding 1 (Trail rations of The Lantern Company stash): quantity 2000015 is not between 1 and 1000000"),
        "{report}"
    );
    assert!(one_error_line(&output).contains("holds 1 value outside its limits"));
}

/// Issue 8: a mistyped command is called one, with the nearest command.
#[test]
fn a_mistyped_command_is_not_read_as_a_path() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let output = waybook(&["jouney", path_str(&file)]);
    assert_eq!(output.status.code(), Some(2));
    let line = one_error_line(&output);
    assert!(
        line.contains("“jouney” is not a waybook command; did you mean “journey”?"),
        "{line}"
    );
}

/// Issue 50, item 2: "Show one figure everywhere, the expected factor. In
/// `waybook journey --json`, wherever `food_multiplier` and `food_factor`
/// both appear they are equal; if the likeliest weather's whole multiplier
/// is kept, it gets a name of its own". Day 3 crosses the pass whose
/// weather is left to chance: its factor is not a whole number.
#[test]
fn journey_json_gives_one_food_multiplier_the_expected_factor() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let output = waybook(&["journey", path_str(&file), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let plan: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let days = plan["days"].as_array().expect("days");
    for day in days {
        assert_eq!(day["food_multiplier"], day["food_factor"], "{}", day["day"]);
        let likeliest = day["likeliest_multiplier"].as_u64().expect("its own name");
        assert!(likeliest == 1 || likeliest == 2);
    }
    assert!(
        days.iter()
            .any(|d| d["food_factor"].as_f64().is_some_and(|f| f.fract() != 0.0)),
        "a day weighed by chance"
    );
    // The text says the same figure: "food ×1.13".
    let words = text(&waybook(&["journey", path_str(&file)]).stdout);
    let factor = days[2]["food_factor"].as_f64().expect("day 3's factor");
    let said = format!(
        "food ×{}",
        waybook_core::model::decimal((factor * 100.0).round() / 100.0)
    );
    assert!(words.contains(&said), "{said} in {words}");
}

/// Issue 50, item 1: a day played is said played, with what it took, in
/// `waybook journey`'s words too, never as a day of no tests to come.
#[test]
fn journey_text_says_a_played_day_was_played() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let said = text(
        &waybook(&[
            "journey",
            path_str(&file),
            "--journey",
            "By the river, on the map",
        ])
        .stdout,
    );
    let first = said.lines().nth(1).expect("day 1");
    assert!(first.starts_with("day  1 (campaign day "), "{first}");
    assert!(
        first.contains(": played, ") && first.ends_with(" food units taken from packs and stash"),
        "{first}"
    );
    assert!(!first.contains("tests"), "{first}");
}

/// Issue 50, item 11: "the JSON has `"units_at_start": -0.0` (no `-0.0`
/// anywhere in `waybook journey --json`, nor "-0" in words)". A party
/// with no food at all sums nothing.
#[test]
fn journey_json_never_says_minus_zero() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let conn = rusqlite::Connection::open(&file).expect("opens");
    conn.execute("DELETE FROM holding", [])
        .expect("no food left");
    drop(conn);
    fn minus_zero(value: &serde_json::Value, at: &str, found: &mut Vec<String>) {
        match value {
            serde_json::Value::Number(n)
                if n.as_f64().is_some_and(|f| f == 0.0 && f.is_sign_negative()) =>
            {
                found.push(at.to_owned());
            }
            serde_json::Value::Array(list) => {
                for (i, v) in list.iter().enumerate() {
                    minus_zero(v, &format!("{at}[{i}]"), found);
                }
            }
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    minus_zero(v, &format!("{at}.{k}"), found);
                }
            }
            _ => {}
        }
    }
    for trip in ["To Emberfall", "By the river, on the map"] {
        let output = waybook(&["journey", path_str(&file), "--journey", trip, "--json"]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        let raw = text(&output.stdout);
        assert!(!raw.contains("-0.0"), "{trip}: {raw}");
        let plan: serde_json::Value = serde_json::from_str(&raw).expect("JSON");
        assert_eq!(plan["food"]["units_at_start"], 0.0);
        let mut found = Vec::new();
        minus_zero(&plan, "", &mut found);
        assert!(found.is_empty(), "{trip}: -0 at {found:?}");
        let words = text(&waybook(&["journey", path_str(&file), "--journey", trip]).stdout);
        assert!(!words.contains("-0 ") && !words.contains("−0 "), "{words}");
    }
}

/// Issue 8: `journey --json` warns when the destination is never reached.
#[test]
fn journey_json_warns_of_a_destination_never_reached() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let plan = |file: &Path| -> serde_json::Value {
        let output = waybook(&["journey", path_str(file), "--json"]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        serde_json::from_slice(&output.stdout).expect("JSON")
    };
    assert_eq!(plan(&file)["warnings"], serde_json::json!([]));
    assert_eq!(plan(&file)["arrives"], true);
    {
        let conn = rusqlite::Connection::open(&file).expect("opens");
        let text: String = conn
            .query_row("SELECT plan FROM journey WHERE id = 1", [], |r| r.get(0))
            .expect("a plan");
        let mut plan: serde_json::Value = serde_json::from_str(&text).expect("JSON plan");
        let chosen = plan["chosen"].as_u64().expect("chosen") as usize;
        plan["routes"][chosen]["legs"][0]["distance_km"] = serde_json::json!(50000.0);
        conn.execute(
            "UPDATE journey SET plan = ?1 WHERE id = 1",
            [plan.to_string()],
        )
        .expect("a 50,000 km leg");
    }
    let far = plan(&file);
    assert_eq!(far["arrives"], false);
    let warning = far["warnings"][0].as_str().expect("a warning");
    assert!(
        warning.starts_with("The destination is not reached: the plan stops after 366 days"),
        "{warning}"
    );
}

/// Issue 10: a JSON export imports back to the same campaign, and exporting
/// that gives the same bytes.
#[test]
fn json_export_and_import_round_trip_to_the_same_bytes() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let first = dir.path().join("first.json");
    let out = waybook(&[
        "export",
        path_str(&file),
        "--format",
        "json",
        "--out",
        path_str(&first),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let copy = dir.path().join("copy.waybook");
    let imported = waybook(&["import", path_str(&first), "--out", path_str(&copy)]);
    assert!(imported.status.success(), "{}", text(&imported.stderr));
    assert!(text(&imported.stdout).contains("imported 13 characters"));
    let second = dir.path().join("second.json");
    let again = waybook(&[
        "export",
        path_str(&copy),
        "--format",
        "json",
        "--out",
        path_str(&second),
    ]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(
        std::fs::read(&first).expect("first"),
        std::fs::read(&second).expect("second"),
        "export, import, export: the same bytes"
    );
    let original = waybook_core::store::Campaign::open(&file)
        .expect("opens")
        .load()
        .expect("loads");
    let back = waybook_core::store::Campaign::open(&copy)
        .expect("opens")
        .load()
        .expect("loads");
    assert_eq!(
        (
            back.characters,
            back.holdings,
            back.journeys,
            back.tables,
            back.settings
        ),
        (
            original.characters,
            original.holdings,
            original.journeys,
            original.tables,
            original.settings
        )
    );
    let refused = waybook(&["import", path_str(&first), "--out", path_str(&copy)]);
    assert_eq!(
        refused.status.code(),
        Some(1),
        "never over an existing file"
    );
}

/// Issue 10: a bad import is refused with one line naming the field, and
/// nothing is created.
#[test]
fn a_bad_import_names_the_field_and_creates_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let json = dir.path().join("campaign.json");
    assert!(
        waybook(&[
            "export",
            path_str(&file),
            "--format",
            "json",
            "--out",
            path_str(&json)
        ])
        .status
        .success()
    );
    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("read")).expect("JSON");
    doc["characters"][3]["companion"]["xp"] = serde_json::json!(-1);
    std::fs::write(&json, doc.to_string()).expect("written");
    let out = dir.path().join("new.waybook");
    let refused = waybook(&["import", path_str(&json), "--out", path_str(&out)]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        one_error_line(&refused).contains("characters[3].companion.xp: must be between 0 and 9999"),
        "{}",
        text(&refused.stderr)
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("listed")
        .map(|e| e.expect("entry").file_name())
        .filter(|n| n.to_string_lossy().starts_with("new"))
        .collect();
    assert!(left.is_empty(), "nothing created: {left:?}");
}

/// Issue 50, item 26: "A journey set off on day 1,000,000 (allowed by the
/// form and by import) makes `waybook journey` abort after 3.9 GB ... Bound
/// it as the clock is bounded, in the form and at import". A journey sets
/// off at most ten years after the campaign's today.
#[test]
fn an_import_refuses_a_journey_setting_off_past_ten_years_ahead() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let json = dir.path().join("campaign.json");
    let exported = waybook(&[
        "export",
        path_str(&file),
        "--format",
        "json",
        "--out",
        path_str(&json),
    ]);
    assert!(exported.status.success());
    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("read")).expect("JSON");
    let today = doc["settings"]["clock"]["day"]
        .as_i64()
        .expect("the clock's day");
    doc["journeys"][0]["start"]["day"] = serde_json::json!(1_000_000);
    std::fs::write(&json, doc.to_string()).expect("written");
    let out = dir.path().join("far.waybook");
    let refused = waybook(&["import", path_str(&json), "--out", path_str(&out)]);
    assert_eq!(refused.status.code(), Some(1));
    let said = one_error_line(&refused);
    assert!(
        said.contains(&format!(
            "journeys[0].start.day: must be between 0 and {} (ten years after the campaign's today at the latest)",
            today + 3_650
        )),
        "{said}"
    );
    assert!(!out.exists(), "nothing created");
    doc["journeys"][0]["start"]["day"] = serde_json::json!(today + 3_650);
    std::fs::write(&json, doc.to_string()).expect("written");
    let taken = waybook(&["import", path_str(&json), "--out", path_str(&out)]);
    assert!(taken.status.success(), "{}", text(&taken.stderr));
    let planned = waybook(&["journey", path_str(&out), "--json"]);
    assert!(planned.status.success(), "ten years ahead plans");
}

/// Issue 10: `backup` takes a snapshot and prints where, `snapshots --json`
/// lists it, `restore` makes a new campaign of it and never overwrites.
#[test]
fn backup_snapshots_and_restore() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let data = dir.path().join("data");
    let run = |args: &[&str]| waybook_keeping(&data, args);
    let backup = run(&["backup", path_str(&file)]);
    assert!(backup.status.success(), "{}", text(&backup.stderr));
    let taken = std::path::PathBuf::from(text(&backup.stdout).trim());
    assert!(
        taken.starts_with(&data) && taken.exists(),
        "{}",
        taken.display()
    );
    let listed = run(&["snapshots", path_str(&file), "--json"]);
    let list: serde_json::Value = serde_json::from_slice(&listed.stdout).expect("JSON");
    assert_eq!(list[0]["reason"], "backup");
    assert_eq!(list[0]["path"], taken.display().to_string());
    assert!(list[0]["time"].as_str().is_some_and(|t| t.ends_with('Z')));
    let new = dir.path().join("restored.waybook");
    let restored = run(&["restore", path_str(&taken), "--out", path_str(&new)]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let roster = waybook(&["roster", path_str(&new)]);
    assert!(text(&roster.stdout).contains("Ash Varnell"));
    let again = run(&["restore", path_str(&taken), "--out", path_str(&new)]);
    assert_eq!(again.status.code(), Some(1));
    assert!(one_error_line(&again).contains("already exists"));
}

/// Issue 10: `import-roster` adds a CSV's characters, or lists every bad row
/// and adds none.
#[test]
fn import_roster_adds_the_rows_or_lists_the_bad_ones() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let data = dir.path().join("data");
    let run = |args: &[&str]| waybook_keeping(&data, args);
    let csv = dir.path().join("r.csv");
    std::fs::write(
        &csv,
        "Name,Party,Quality\nKell,The Lantern Company,4\nDory,Nowhere,4\n",
    )
    .expect("written");
    let refused = run(&["import-roster", path_str(&file), "--csv", path_str(&csv)]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stdout).contains("row 3: Party: there is no party named “Nowhere”"));
    assert!(!text(&waybook(&["roster", path_str(&file)]).stdout).contains("Kell"));
    std::fs::write(&csv, "Name,Party,Quality\nKell,The Lantern Company,4\n").expect("written");
    let added = run(&["import-roster", path_str(&file), "--csv", path_str(&csv)]);
    assert!(added.status.success(), "{}", text(&added.stderr));
    assert!(text(&waybook(&["roster", path_str(&file)]).stdout).contains("Kell"));
}

/// Issue 25: a table from a spreadsheet comes in by CSV, after a snapshot,
/// never over a table of its name unless `--replace`; out again as CSV.
#[test]
fn import_table_adds_a_csv_table_and_never_replaces_one_unasked() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let data = dir.path().join("data");
    let run = |args: &[&str]| waybook_keeping(&data, args);
    let csv = dir.path().join("beasts.csv");
    std::fs::write(&csv, "d4,Result\n1,Wolves\n2-3,\"Bears, two\"\nfour,Owls\n").expect("written");
    let import = |name: &str, replace: bool| {
        let mut args = vec![
            "import-table",
            path_str(&file),
            "--csv",
            path_str(&csv),
            "--name",
            name,
        ];
        if replace {
            args.push("--replace");
        }
        run(&args)
    };
    let refused = import("Beasts", false);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stdout).contains("line 4: “four” is not a total or a range"));
    assert!(!text(&waybook(&["tables", path_str(&file)]).stdout).contains("Beasts"));
    std::fs::write(
        &csv,
        "d4,Result\n1,Wolves\n2-3,\"Bears, two\"\n4,{roll: injury}\n",
    )
    .expect("written");
    let added = import("Beasts", false);
    assert!(added.status.success(), "{}", text(&added.stderr));
    assert!(text(&added.stdout).contains("Import table Beasts from"));
    assert!(
        std::fs::read_dir(&data).is_ok_and(|mut d| d.next().is_some()),
        "a snapshot was taken first"
    );
    let listed = waybook(&["tables", path_str(&file), "--json"]);
    let tables: serde_json::Value = serde_json::from_slice(&listed.stdout).expect("JSON");
    let beasts = tables
        .as_array()
        .expect("a list")
        .iter()
        .find(|t| t["name"] == "Beasts")
        .expect("Beasts");
    assert_eq!(beasts["dice"], "d4");
    assert_eq!(beasts["rows"][1]["result"], "Bears, two");
    assert_eq!(
        beasts["problem"],
        serde_json::Value::Null,
        "injury is there"
    );
    let again = import("beasts", false);
    assert_eq!(again.status.code(), Some(1));
    assert!(text(&again.stdout).contains("a table is already called Beasts"));
    std::fs::write(&csv, "d2,Result\n1,Owls\n2,Bats\n").expect("written");
    assert!(import("beasts", true).status.success());
    // Issue 38: the columns chosen of a file of several, each a table.
    let terrain = dir.path().join("terrain.csv");
    std::fs::write(
        &terrain,
        "Die,Clear,City\n1,Men,Men\n2,Flyer,Undead\n3,Giant,-\n4,Dragon,-\n",
    )
    .expect("written");
    let columns = |extra: &[&str]| {
        let mut args = vec!["import-table", path_str(&file), "--csv", path_str(&terrain)];
        args.extend_from_slice(extra);
        run(&args)
    };
    let unknown = columns(&["--column", "Woods"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(
        text(&unknown.stderr).contains("has no column “Woods” (its columns: Clear, City)"),
        "{}",
        text(&unknown.stderr)
    );
    let both = columns(&["--column", "Clear", "--column", "City"]);
    assert!(both.status.success(), "{}", text(&both.stderr));
    let out = waybook(&["tables", path_str(&file), "--csv", "City"]);
    assert_eq!(text(&out.stdout), "d2,Result\r\n1,Men\r\n2,Undead\r\n");
    let out = waybook(&["tables", path_str(&file), "--csv", "BEASTS"]);
    assert_eq!(text(&out.stdout), "d2,Result\r\n1,Owls\r\n2,Bats\r\n");
}

/// Issue 38: Foundry tables come in together, each under its own name, a
/// draw of another table rolling it; a formula that disagrees with the
/// rows is said and read as the rows' dice; a bad file changes nothing.
#[test]
fn import_table_reads_foundry_tables_that_draw_each_other() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let data = dir.path().join("data");
    let run = |args: &[&str]| waybook_keeping(&data, args);
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        path
    };
    let omens = write("omens.json", common::foundry::OMENS);
    let portents = write("portents.json", common::foundry::BROKEN);
    let tables = |file: &Path| -> serde_json::Value {
        serde_json::from_slice(&waybook(&["tables", path_str(file), "--json"]).stdout)
            .expect("JSON")
    };
    let before = tables(&file);
    let refused = run(&[
        "import-table",
        path_str(&file),
        "--foundry",
        path_str(&omens),
        path_str(&portents),
    ]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("portents.json is not a Foundry roll table: results[0]"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(tables(&file), before, "nothing was imported");
    let portents = write("portents.json", common::foundry::PORTENTS);
    let added = run(&[
        "import-table",
        path_str(&file),
        "--foundry",
        path_str(&omens),
        path_str(&portents),
    ]);
    assert!(added.status.success(), "{}", text(&added.stderr));
    let said = text(&added.stdout);
    assert!(
        said.contains("Omens: its formula 1d5 rolls 1 to 5, but its results cover 1 to 4; it is read as d4, the rows' dice"),
        "{said}"
    );
    assert!(
        said.contains("Import 2 tables from Foundry: done"),
        "{said}"
    );
    let after = tables(&file);
    let omens = (after.as_array().expect("a list").iter())
        .find(|t| t["name"] == "Omens")
        .expect("Omens");
    assert_eq!(omens["dice"], "d4");
    assert_eq!(omens["rows"][1]["result"], "{roll: Portents}");
    assert_eq!(
        omens["problem"],
        serde_json::Value::Null,
        "it rolls Portents"
    );
    // Out again, with the table it draws, each a file as Foundry keeps them.
    let folder = dir.path().join("foundry");
    let export = |extra: &[&str]| {
        let mut args = vec!["tables", path_str(&file), "--foundry", "omens", "--out"];
        args.push(path_str(&folder));
        args.extend_from_slice(extra);
        waybook(&args)
    };
    let wrote = export(&[]);
    assert!(wrote.status.success(), "{}", text(&wrote.stderr));
    let json = |name: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(folder.join(name)).expect("written"))
            .expect("JSON")
    };
    assert_eq!(json("Omens.json")["formula"], "1d4");
    assert_eq!(
        json("Portents.json")["results"][1]["text"],
        "Rain for [[/r 1d4]] days."
    );
    let again = export(&[]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        text(&again.stderr).contains("Omens.json already exists"),
        "{}",
        text(&again.stderr)
    );
    assert!(export(&["--overwrite"]).status.success());
}

/// Issue 50, 18: a CSV without a heading row keeps its first row, takes
/// the dice its rows plainly cover and says both; overlapping ranges are
/// refused by their lines.
#[test]
fn import_table_reads_a_csv_without_a_heading_and_says_how() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let data = dir.path().join("data");
    let csv = dir.path().join("gales.csv");
    std::fs::write(&csv, "2,Calm\n3-4,Wind\n5-9,Rain\n10-11,Storm\n12,Gale\n").expect("written");
    let import = || {
        waybook_keeping(
            &data,
            &["import-table", path_str(&file), "--csv", path_str(&csv)],
        )
    };
    let added = import();
    assert!(added.status.success(), "{}", text(&added.stderr));
    let said = text(&added.stdout);
    assert!(
        said.contains("gales.csv has no heading row: line 1 is a result too\ngales: its rows cover 2 to 12, read as 2d6\n"),
        "{said}"
    );
    let out = waybook(&["tables", path_str(&file), "--csv", "gales"]);
    assert!(text(&out.stdout).starts_with("2d6,Result\r\n2,Calm\r\n"));
    std::fs::write(&csv, "1-3,Goblins,Cave\n3-5,Orcs,Hill\n6,Trolls,Bridge\n").expect("written");
    let refused = waybook_keeping(
        &data,
        &[
            "import-table",
            path_str(&file),
            "--csv",
            path_str(&csv),
            "--name",
            "Lairs",
        ],
    );
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stdout).contains("line 2: “3-5” overlaps line 1's “1-3” (both cover 3)"));
    assert!(
        text(&refused.stderr).contains("nothing was imported from"),
        "{}",
        text(&refused.stderr)
    );
}

/// Issue 50, 19 and 21: v13 tables that draw each other by uuid come in
/// linked, drawn as Foundry draws them, and go out together; what stays
/// text is said; the refusal of several files is said in good English.
#[test]
fn import_table_links_v13_draws_and_draws_as_foundry_does() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let data = dir.path().join("data");
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        path
    };
    let run = |paths: &[&Path]| {
        let mut args = vec!["import-table", path_str(&file), "--foundry"];
        args.extend(paths.iter().map(|p| path_str(p)));
        waybook_keeping(&data, &args)
    };
    let languages = write("languages.json", common::foundry::LANGUAGES);
    let lineages = write("lineages.json", common::foundry::LINEAGES);
    let loot = write("loot.json", common::foundry::LOOT);
    let alone = run(&[&languages, &lineages, &loot]);
    assert!(alone.status.success(), "{}", text(&alone.stderr));
    let said = text(&alone.stdout);
    for note in [
        "Languages: its formula “1” always gives 1: its 3 results are drawn together, as Foundry draws them, one row on d1",
        "Languages: draws the table “Tongues”, which did not come in: kept as text (add its file to draw it)",
        "Lineages: draws the table “Elven Lineage”, which did not come in: kept as text (add its file to draw it)",
        "Loot: no result covers 3 or 6: a roll of them draws nothing",
    ] {
        assert!(said.contains(note), "{note} in {said}");
    }
    // With the table it draws, under a name the result does not say.
    let elves = write("elves.json", common::foundry::ELVES);
    let kin = write(
        "kin.json",
        &common::foundry::LINEAGES.replace("Lineages", "Kin"),
    );
    let linked = run(&[&kin, &elves]);
    assert!(linked.status.success(), "{}", text(&linked.stderr));
    assert!(!text(&linked.stdout).contains("did not come in"));
    let again = run(&[&kin, &elves]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        text(&again.stderr)
            .contains("nothing was imported from the 2 files (the reasons are above)"),
        "{}",
        text(&again.stderr)
    );
    let folder = dir.path().join("out");
    let wrote = waybook(&[
        "tables",
        path_str(&file),
        "--foundry",
        "Kin",
        "--out",
        path_str(&folder),
    ]);
    assert!(wrote.status.success(), "{}", text(&wrote.stderr));
    assert!(folder.join("Kin.json").exists() && folder.join("Elves.json").exists());
}

/// Issue 25: `export-pack` writes the house rules (never over a file
/// unasked); `import-pack` brings them into another campaign after a
/// snapshot and says what it added and how each clash was settled; a bad
/// pack leaves the campaign as it was.
#[test]
fn export_pack_and_import_pack_carry_house_rules_between_campaigns() {
    let dir = tempfile::tempdir().expect("dir");
    let demo = demo_file(&dir);
    let data = dir.path().join("data");
    let run = |args: &[&str]| waybook_keeping(&data, args);
    let pack = dir.path().join("rules.json");
    let exported = run(&["export-pack", path_str(&demo), "--out", path_str(&pack)]);
    assert!(exported.status.success(), "{}", text(&exported.stderr));
    let again = run(&["export-pack", path_str(&demo), "--out", path_str(&pack)]);
    assert_eq!(again.status.code(), Some(1));
    assert!(one_error_line(&again).contains("does not write over a file unasked"));
    let other = dir.path().join("other.waybook");
    assert!(waybook(&["new", path_str(&other)]).status.success());
    let imported = run(&[
        "import-pack",
        path_str(&other),
        "--pack",
        path_str(&pack),
        "--clash",
        "replace",
        "--json",
    ]);
    assert!(imported.status.success(), "{}", text(&imported.stderr));
    let said: serde_json::Value = serde_json::from_slice(&imported.stdout).expect("JSON");
    assert_eq!(
        said["adds"], "8 tables, 4 items, 0 wares, 1 cult, 2 regions",
        "a new campaign has the starter's tools and wares"
    );
    let clashes: Vec<&serde_json::Value> = (said["clashes"].as_array().expect("a list"))
        .iter()
        .map(|c| &c["kind"])
        .collect();
    assert_eq!(
        clashes,
        ["calendar"],
        "a new campaign's tables are the same; its calendar is its GM's, replaced as asked"
    );
    assert_eq!(said["clash"], "Replace it");
    let tables = text(&waybook(&["tables", path_str(&other)]).stdout);
    assert!(tables.contains("Toll bandits · d3 · 3 rows"), "{tables}");
    let calendar = text(&waybook(&["calendar", path_str(&other)]).stdout);
    assert!(
        calendar.contains("of the Crossing"),
        "the demo's calendar came too: {calendar}"
    );
    let round_trip = dir.path().join("again.json");
    let name = "The Road to Emberfall (demo)";
    let out_again = [
        "export-pack",
        path_str(&other),
        "--out",
        path_str(&round_trip),
    ];
    assert!(
        run(&[&out_again[..], &["--name", name]].concat())
            .status
            .success()
    );
    assert_eq!(
        std::fs::read(&round_trip).expect("read"),
        std::fs::read(&pack).expect("read"),
        "out, in and out again: the same pack"
    );
    let before = std::fs::read(&other).expect("read");
    std::fs::write(&pack, "{\"format\": \"waybook-pack\", \"version\": 1, \"name\": \"x\", \"tables\": [{\"name\": \"t\", \"dice\": \"d6\", \"rows\": []}]}").expect("written");
    let bad = run(&["import-pack", path_str(&other), "--pack", path_str(&pack)]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(one_error_line(&bad).contains("was not imported: tables[0].rows: no row covers 1"));
    assert_eq!(std::fs::read(&other).expect("read"), before, "unchanged");
}

/// Issue 34, items 20 and 21: a clash says what differs, field by field,
/// and a pack whose broken part is a kept clash is still refused whole.
#[test]
fn import_pack_says_how_each_clash_differs_and_checks_the_pack_whole() {
    let dir = tempfile::tempdir().expect("dir");
    let demo = demo_file(&dir);
    let data = dir.path().join("data");
    let run = |args: &[&str]| waybook_keeping(&data, args);
    let pack = dir.path().join("rules.json");
    assert!(
        run(&["export-pack", path_str(&demo), "--out", path_str(&pack)])
            .status
            .success()
    );
    let mut written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&pack).expect("read")).expect("JSON");
    written["regions"][0]["keep_percent"] = 75.into();
    let toll = (written["tables"].as_array_mut().expect("tables").iter_mut())
        .find(|t| t["name"] == "Toll bandits")
        .expect("Toll bandits");
    let first = toll["rows"][0]["result"]
        .as_str()
        .expect("a result")
        .to_owned();
    toll["rows"][0]["result"] = "Three toll-keepers".into();
    written["switches"]["day_hours"] = 20.into();
    written["calendar"]["era"] = "of the Ember".into();
    std::fs::write(&pack, written.to_string()).expect("written");
    let day_two = |file: &std::path::Path| {
        let plan = text(&waybook(&["journey", path_str(file)]).stdout);
        (plan.lines())
            .find(|l| l.starts_with("day  2 "))
            .map(str::to_owned)
            .unwrap_or_else(|| panic!("day 2: {plan}"))
    };
    let planned = day_two(&demo);
    // The Watch's two and its ox, each tested at the 9th and 10th hour.
    assert!(planned.contains(", 6 tests,"), "{planned}");
    let said = run(&["import-pack", path_str(&demo), "--pack", path_str(&pack)]);
    assert!(said.status.success(), "{}", text(&said.stderr));
    let lines = text(&said.stdout);
    // Issue 50, item 25: the demo's switches are as a new campaign has
    // them, and still its GM's: a clash, listed and kept.
    assert!(
        lines.contains("\nthe rule switches: keep mine\n    day hours: 24 → 20\n"),
        "{lines}"
    );
    assert!(!lines.contains("in place of"), "{lines}");
    assert_eq!(day_two(&demo), planned, "the journey's day is as it was");
    assert!(
        lines.contains(&format!(
            "table Toll bandits: keep mine\n    row 1 result: “{first}” → “Three toll-keepers”\n"
        )),
        "{lines}"
    );
    assert!(lines.contains("    keep chance (%): 60 → 75\n"), "{lines}");
    assert!(
        lines.contains("    era: “of the Crossing” → “of the Ember”\n"),
        "{lines}"
    );
    written["regions"][0]["warriors"] = "Dragons".into();
    std::fs::write(&pack, written.to_string()).expect("written");
    let before = std::fs::read(&demo).expect("read");
    let refused = run(&["import-pack", path_str(&demo), "--pack", path_str(&pack)]);
    assert_eq!(
        refused.status.code(),
        Some(1),
        "kept or not, Dragons is no table"
    );
    assert!(
        one_error_line(&refused).contains(
            "regions[0].warriors: no table is named “Dragons” in the pack or the campaign"
        ),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(std::fs::read(&demo).expect("read"), before, "unchanged");
}

/// Issue 34, item 32: a file the OS cannot give is named once, in words,
/// without the OS's codes.
#[test]
fn a_missing_or_unwritable_file_is_said_once_in_words() {
    let dir = tempfile::tempdir().expect("dir");
    let demo = demo_file(&dir);
    let gone = dir.path().join("gone.json");
    let read = waybook(&["import-pack", path_str(&demo), "--pack", path_str(&gone)]);
    assert_eq!(
        one_error_line(&read).trim_end(),
        format!(
            "waybook: could not read {}: there is no such file or folder",
            gone.display()
        )
    );
    let nowhere = dir.path().join("no-folder").join("p.json");
    let written = waybook(&["export-pack", path_str(&demo), "--out", path_str(&nowhere)]);
    assert_eq!(
        one_error_line(&written).trim_end(),
        format!(
            "waybook: could not write {}: there is no such file or folder",
            nowhere.display()
        )
    );
    let made = waybook(&["new", path_str(&nowhere.with_extension("waybook"))]);
    assert!(
        one_error_line(&made).ends_with(&format!(
            "the folder {} does not exist\n",
            dir.path().join("no-folder").display()
        )),
        "{}",
        text(&made.stderr)
    );
}

/// Issue 50, item 31: the last CLI errors that passed the system's words
/// ("No such file or directory", "File exists") say them as the others do.
#[test]
fn missing_inputs_and_files_in_a_folder_s_place_are_said_in_words() {
    let dir = tempfile::tempdir().expect("dir");
    let demo = demo_file(&dir);
    let gone = dir.path().join("gone.json");
    let rules = waybook(&["rules", "breath", "--input", path_str(&gone)]);
    assert_eq!(rules.status.code(), Some(2));
    assert_eq!(
        one_error_line(&rules).trim_end(),
        format!(
            "waybook: input: cannot read {}: there is no such file or folder",
            gone.display()
        )
    );
    let a_file = dir.path().join("out.json");
    std::fs::write(&a_file, "{}").expect("written");
    let in_words = format!(
        "waybook: could not make the folder {}: a file of that name is already there",
        a_file.display()
    );
    let handouts = waybook(&["handouts", path_str(&demo), "--out", path_str(&a_file)]);
    assert_eq!(one_error_line(&handouts).trim_end(), in_words);
    let tables = waybook(&["tables", path_str(&demo), "--json"]);
    let listed: serde_json::Value = serde_json::from_slice(&tables.stdout).expect("JSON");
    let table = listed[0]["name"].as_str().expect("a table");
    let foundry = waybook(&[
        "tables",
        path_str(&demo),
        "--foundry",
        table,
        "--out",
        path_str(&a_file),
    ]);
    assert_eq!(one_error_line(&foundry).trim_end(), in_words);
    assert_eq!(
        std::fs::read_to_string(&a_file).expect("read"),
        "{}",
        "kept"
    );
}

/// Issue 50, item 29: `export --out /dev/full --overwrite` as root put a
/// plain file in the device's place and said it succeeded. Anything but a
/// file is refused, and left as it was (a socket stands in for a device:
/// a test may make one).
#[cfg(unix)]
#[test]
fn export_writes_over_a_file_only() {
    use std::os::unix::fs::FileTypeExt as _;
    let dir = tempfile::tempdir().expect("dir");
    let demo = demo_file(&dir);
    let socket = dir.path().join("socket.json");
    let _listening = std::os::unix::net::UnixListener::bind(&socket).expect("bound");
    let args = ["export", path_str(&demo), "--format", "json"];
    let refused = waybook(&[&args[..], &["--out", path_str(&socket), "--overwrite"]].concat());
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        one_error_line(&refused).trim_end(),
        format!(
            "waybook: {} cannot be written: it is a socket, not a file",
            socket.display()
        )
    );
    let kind = std::fs::symlink_metadata(&socket)
        .expect("there")
        .file_type();
    assert!(kind.is_socket(), "still a socket");
    // A folder without --overwrite is refused as a folder, never with
    // "add --overwrite", which would be refused in its turn.
    let folder = dir.path().join("a folder");
    std::fs::create_dir(&folder).expect("made");
    let refused = waybook(&[&args[..], &["--out", path_str(&folder)]].concat());
    assert_eq!(
        one_error_line(&refused).trim_end(),
        format!(
            "waybook: {} cannot be written: it is a folder, not a file",
            folder.display()
        )
    );
}

/// Issue 11: `map` lists places, paths and where each party is.
#[test]
fn map_json_lists_places_paths_and_the_party_on_the_map() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = waybook(&["map", path_str(&file), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(map["places"].as_array().map(Vec::len), Some(9));
    assert_eq!(map["paths"].as_array().map(Vec::len), Some(11));
    let road = &map["paths"][0];
    assert_eq!(road["name"], "Kettleford road");
    assert_eq!(
        (road["from"].as_str(), road["to"].as_str()),
        (Some("Kettleford"), Some("Old Mill Crossing"))
    );
    assert_eq!(
        road["travelled"], 3,
        "twice before the demo's round, once in it"
    );
    let party = &map["parties"][0];
    assert_eq!(party["position"]["place"], "Old Mill Crossing");
    assert_eq!(party["pathfinding_tokens"], 2);
    assert_eq!(party["exploration_tokens"], 1, "the demo round's Landmark");
    assert_eq!(party["supplies"], 9);
    let lines = waybook(&["map", path_str(&file)]);
    assert!(
        text(&lines.stdout).contains("The Lantern Company: at Old Mill Crossing; 9 Supplies"),
        "{}",
        text(&lines.stdout)
    );
}

/// Issue 53: a party off the map after an uncharted stretch is given by
/// `map` as beyond the place it left, in JSON and in words.
#[test]
fn map_says_a_party_off_the_map_is_beyond_its_place() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let data = loaded(&file);
    let place = |name: &str| {
        (data.places.values().find(|p| p.name == name))
            .expect("a demo place")
            .id
    };
    let company = data.parties.values().next().expect("the company");
    let mut off = company.clone();
    off.travel.place = None;
    off.travel.beyond = Some(waybook_core::model::Beyond {
        from: place("Old Mill Crossing"),
        km: 16.0,
        toward: Some(place("Greyspine Foot")),
    });
    let edit = waybook_core::model::Edit::new(
        "walk off the map",
        vec![waybook_core::model::Change::of(Some(company), Some(&off))],
    );
    let mut campaign = waybook_core::store::Campaign::open(&file).expect("opens");
    campaign.apply(&edit).expect("written");
    let out = waybook(&["map", path_str(&file), "--json"]);
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let words = "Beyond Old Mill Crossing, 16 km north-east along the way to Greyspine Foot";
    assert_eq!(
        map["parties"][0]["position"],
        serde_json::json!({"beyond": {"from": "Old Mill Crossing", "km": 16.0,
            "toward": "Greyspine Foot", "words": words}})
    );
    let lines = text(&waybook(&["map", path_str(&file)]).stdout);
    assert!(
        lines.contains("The Lantern Company: beyond Old Mill Crossing, 16 km north-east"),
        "{lines}"
    );
}

/// Issue 11: `route` gives the route by fewest expected rounds and its odds;
/// bad names and a place no path reaches are one line and exit 1.
#[test]
fn route_json_forecasts_the_way_and_refuses_what_cannot_be_reached() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let args = |to: &str| {
        waybook(&[
            "route",
            path_str(&file),
            "--party",
            "the lantern company",
            "--to",
            to,
            "--json",
        ])
    };
    let out = args("Emberfall");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let route: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let paths = route["paths"].as_array().expect("paths");
    assert_eq!(paths[0]["from"], "Old Mill Crossing");
    assert_eq!(paths.last().expect("a last path")["to"], "Emberfall");
    let mut rounds = 0.0;
    for p in paths {
        let share = |k: &str| p[k].as_f64().expect("a probability");
        let kinds = share("p_hazard") + share("p_warriors") + share("p_benign");
        assert!(
            (kinds - 1.0).abs() < 1e-9,
            "one kind of encounter each round: {p}"
        );
        assert!(share("p_lost") <= share("p_setback"));
        rounds += p["rounds_expected"].as_f64().expect("finite");
    }
    let total = route["rounds_expected"].as_f64().expect("a number");
    assert!((total - rounds).abs() < 1e-9);
    // Five heroes and two allies fed at every camp.
    assert!(route["supplies_needed"].as_i64().expect("whole") >= 7);
    let nobody = waybook(&[
        "route",
        path_str(&file),
        "--party",
        "Nobody",
        "--to",
        "Emberfall",
    ]);
    assert_eq!(nobody.status.code(), Some(1));
    assert!(one_error_line(&nobody).contains("there is no party named “Nobody”"));
    let nowhere = args("Atlantis");
    assert!(one_error_line(&nowhere).contains("there is no place named “Atlantis”"));
    // A place with no path to it, added through a JSON export and import.
    let json = dir.path().join("map.json");
    let exported = waybook(&[
        "export",
        path_str(&file),
        "--format",
        "json",
        "--out",
        path_str(&json),
    ]);
    assert!(exported.status.success(), "{}", text(&exported.stderr));
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("read")).expect("JSON");
    doc["places"].as_array_mut().expect("places").push(
        serde_json::json!({"id": 99, "name": "Lonely Isle", "kind": "wild-place",
            "x": 0.0, "y": 0.0, "notes": ""}),
    );
    std::fs::write(&json, doc.to_string()).expect("written");
    let island = dir.path().join("island.waybook");
    let imported = waybook(&["import", path_str(&json), "--out", path_str(&island)]);
    assert!(imported.status.success(), "{}", text(&imported.stderr));
    let cut_off = waybook(&[
        "route",
        path_str(&island),
        "--party",
        "The Lantern Company",
        "--to",
        "Lonely Isle",
    ]);
    assert_eq!(cut_off.status.code(), Some(1));
    assert!(
        one_error_line(&cut_off).contains("no path leads from Old Mill Crossing to Lonely Isle"),
        "{}",
        text(&cut_off.stderr)
    );
}

/// Issue 12: `gathering` lists the sites and every test of the log.
#[test]
fn gathering_json_lists_sites_sources_and_every_test_with_its_yields() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = waybook(&["gathering", path_str(&file), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let g: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let sites = g["sites"].as_array().expect("sites");
    assert_eq!(sites.len(), 2);
    let meadow = &sites[0];
    assert_eq!(meadow["place"], "Old Mill Crossing");
    assert_eq!(meadow["materials"][0]["tool"], "Botanist's Tool");
    assert_eq!(meadow["materials"][0]["abundance"], "abundant");
    assert_eq!(meadow["sources"][0]["source"], "rich-source");
    assert_eq!(meadow["sources"][0]["quality"], "rich");
    let session = &g["sessions"][0];
    assert_eq!(session["site"], "Mill meadow");
    assert_eq!(session["finished"], true);
    let tests = session["tests"].as_array().expect("tests");
    assert_eq!(tests[0]["kind"], "survey");
    let gathered: Vec<&serde_json::Value> =
        tests.iter().filter(|t| t["kind"] == "gather").collect();
    assert!(!gathered.is_empty());
    for t in &gathered {
        for field in ["roll", "ttv", "result", "units", "quality", "minutes"] {
            assert!(!t[field].is_null(), "{field} in {t}");
        }
    }
    let units: u64 = gathered
        .iter()
        .map(|t| t["units"].as_u64().expect("units"))
        .sum();
    let yielded: u64 = session["yields"]
        .as_array()
        .expect("yields")
        .iter()
        .map(|y| y["units"].as_u64().expect("units"))
        .sum();
    assert_eq!(units, yielded, "the yields are the tests' units");
}

/// Issue 13: `heroes` prints each hero's level, XP, advances and memories.
#[test]
fn heroes_json_lists_levels_advances_owed_and_the_travellers_memories() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = waybook(&["heroes", path_str(&file), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let heroes: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let named = |name: &str| {
        heroes
            .as_array()
            .expect("an array")
            .iter()
            .find(|h| h["name"] == name)
            .cloned()
            .expect("in the list")
    };
    // 5 XP before the demo's mission, 4 from it: "level 3 at 9".
    let ash = named("Ash Varnell");
    assert_eq!(
        (
            &ash["level"],
            &ash["xp"],
            &ash["next_level_xp"],
            &ash["advances_owed"]
        ),
        (
            &serde_json::json!(3),
            &serde_json::json!(9),
            &serde_json::json!(15),
            &serde_json::json!(1)
        )
    );
    assert_eq!(
        ash["advances"],
        serde_json::json!([{"level": 2, "kind": "toughness", "what": ""}])
    );
    assert_eq!(ash["ledger"][0]["xp"], 4);
    let odric = named("Ødric Hale");
    assert_eq!(odric["advances_owed"], 0);
    assert_eq!(odric["advances"][1]["kind"], "wounds");
    let traveller = named("The Traveller");
    assert_eq!(traveller["next_level_xp"], serde_json::Value::Null);
    assert_eq!(traveller["memories"].as_array().expect("memories").len(), 2);
    assert_eq!(
        traveller["memories"][1]["mission"],
        "Clear the Salt Road of bandits"
    );
    assert!(
        ash.get("memories").is_none(),
        "only the Traveller remembers"
    );
    let lines = waybook(&["heroes", path_str(&file)]);
    assert!(
        text(&lines.stdout)
            .contains("Ash Varnell (Hero): 9 XP, level 3 · next level at 15 XP · 1 advance owed"),
        "{}",
        text(&lines.stdout)
    );
}

/// Issue 13: `log` prints the campaign log, every roll with its dice; issue
/// 22: and every step that did something, in words.
#[test]
fn log_json_lists_every_roll_of_the_demo_with_its_dice() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = waybook(&["log", path_str(&file), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let all = log.as_array().expect("an array");
    let closed = all
        .iter()
        .find(|e| {
            e["kind"] == "heroes"
                && e["why"]
                    .as_str()
                    .is_some_and(|w| w.starts_with("Close the mission"))
        })
        .expect("the mission closed is in the log, though it rolled nothing");
    assert!(
        closed["said"]
            .as_array()
            .expect("what it did")
            .iter()
            .any(|l| l
                .as_str()
                .is_some_and(|l| l.starts_with("Ash Varnell earns "))),
        "{closed}"
    );
    let entries: Vec<&serde_json::Value> = all
        .iter()
        .filter(|e| e["rolled"].as_str().is_some_and(|r| !r.is_empty()) || e["kind"] == "event")
        .collect();
    let kinds: Vec<&str> = entries
        .iter()
        .map(|e| e["kind"].as_str().expect("kind"))
        .collect();
    assert_eq!(
        kinds,
        [
            // The company's week waited in Kettleford, and the Watch's days.
            "event",
            "event",
            "travel",
            "travel",
            "travel",
            "gathering",
            "gathering",
            "event",
            "scene",
            "scene",
            "scene",
            "hazard",
            "hazard",
            "table"
        ]
    );
    // The survey's scripted d20 of 14 (src/demo/gathering.rs).
    assert_eq!(entries[5]["rolled"], "d20: 14");
    assert_eq!(entries[5]["real"], "2026-11-27 19:30");
    assert!(
        entries[6]["characters"]
            .as_array()
            .expect("characters")
            .contains(&serde_json::json!("Brother Ilo"))
    );
    assert_eq!(entries[0]["undone"], false);
    let lines = text(&waybook(&["log", path_str(&file)]).stdout);
    assert!(
        lines.contains("Gathering · Survey for Greyspine sage · d20: 14"),
        "{lines}"
    );
}

/// Issue 22, fault 28: `waybook heroes` lists advances by level, as the
/// sheet does, whatever order they were taken in, and the injuries a
/// mission left.
#[test]
fn heroes_lists_advances_by_level_and_the_injuries() {
    use waybook_core::heroes::{HeroStep, play};
    use waybook_core::model::{AdvanceKind, Mission, MissionId};
    use waybook_rules::dice::Dice;
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let mut campaign = waybook_core::store::Campaign::open(&file).expect("opens");
    let mut data = campaign.load().expect("loads");
    let ash = data
        .characters
        .values()
        .find(|c| c.name == "Ash Varnell")
        .expect("Ash")
        .id;
    let mut step = |data: &mut waybook_core::model::CampaignData, step: HeroStep| {
        let edit = play(data, &step, &mut Dice::scripted(vec![])).expect("plays");
        campaign.apply(&edit).expect("written");
        for change in &edit.changes {
            data.apply(change);
        }
    };
    // 9 XP + 6 = 15: level 4. Ash holds his level 2 advance (Toughness);
    // the level 3 one (Wounds) is taken, the level 2 one taken back, and a
    // Will advance fills level 2: taken last, listed first.
    let at = data.settings.clock;
    step(
        &mut data,
        HeroStep::Award(Mission {
            shown: Default::default(),
            id: MissionId(0),
            name: "Bridge at Karn".to_owned(),
            party: None,
            at,
            awards: vec![waybook_core::heroes::award_for(ash, 6, &[], false)],
            lines: Vec::new(),
        }),
    );
    let advance = |kind, what: &str| HeroStep::Advance {
        character: ash,
        kind,
        what: what.to_owned(),
    };
    step(&mut data, advance(AdvanceKind::Wounds, ""));
    step(
        &mut data,
        HeroStep::TakeBack {
            character: ash,
            index: 0,
        },
    );
    step(&mut data, advance(AdvanceKind::Stat, "Will"));
    let mut hurt = data.characters[&ash].clone();
    hurt.companion.injuries = vec!["Cracked ribs".to_owned()];
    let edit = waybook_core::model::Edit::new(
        "An injury",
        vec![waybook_core::model::Change::of(
            Some(&data.characters[&ash]),
            Some(&hurt),
        )],
    );
    campaign.apply(&edit).expect("written");
    drop(campaign);
    let out = waybook(&["heroes", path_str(&file), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let heroes: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let ash = heroes
        .as_array()
        .expect("an array")
        .iter()
        .find(|h| h["name"] == "Ash Varnell")
        .expect("Ash");
    assert_eq!(
        ash["advances"],
        serde_json::json!([
            {"level": 2, "kind": "stat", "what": "Will"},
            {"level": 3, "kind": "wounds", "what": ""},
        ])
    );
    assert_eq!(ash["injuries"], serde_json::json!(["Cracked ribs"]));
    let lines = text(&waybook(&["heroes", path_str(&file)]).stdout);
    let at = |needle: &str| lines.find(needle).expect(needle);
    assert!(
        at("  level 2: Will") < at("  level 3: +1 Wounds"),
        "{lines}"
    );
    assert!(lines.contains("  injury: Cracked ribs"), "{lines}");
}

/// Issue 22, fault 3: from partway along The Greyspine climb, `route
/// --json` starts where the party is, with the rounds left on the climb in
/// the direction it travels, and never lists the climb twice.
#[test]
fn route_json_from_partway_along_a_path_starts_where_the_party_is() {
    use waybook_core::travel::round::{TravelStep, play};
    use waybook_rules::dice::Dice;
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let mut campaign = waybook_core::store::Campaign::open(&file).expect("opens");
    let mut data = campaign.load().expect("loads");
    let party = *data.parties.keys().next().expect("the demo party");
    let mill = data
        .paths
        .values()
        .find(|p| p.name == "Mill track")
        .expect("the Mill track")
        .clone();
    // On course: a d10 of 10 beats the Mill track (the demo's last Divine
    // foretold the weather, so no die for it).
    let edit = play(
        &data,
        party,
        &TravelStep::Navigate(mill.id),
        &mut Dice::scripted(vec![10]),
    )
    .expect("the Navigation Phase");
    campaign.apply(&edit).expect("written");
    for change in &edit.changes {
        data.apply(change);
    }
    drop(campaign);
    let out = waybook(&[
        "route",
        path_str(&file),
        "--party",
        "The Lantern Company",
        "--to",
        "Emberfall",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let route: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        route["from"],
        "partway along Mill track (1 of 2 rounds done, toward Greyspine Foot)"
    );
    let legs = route["paths"].as_array().expect("paths");
    assert_eq!(legs[0]["name"], "Mill track");
    assert_eq!(legs[0]["to"], "Greyspine Foot");
    assert_eq!(legs[0]["rounds_left"], 1);
    let mut names: Vec<&str> = legs
        .iter()
        .map(|l| l["name"].as_str().expect("a name"))
        .collect();
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count, "no path listed twice: {legs:?}");
}

/// Issue 24: `waybook calendar` names today in the demo's calendar, with
/// the moons' phases, the season and its daylight; the log's JSON gives
/// each entry's date beside its day number.
#[test]
fn the_calendar_names_today_and_the_log_dates_its_entries() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = waybook(&["calendar", path_str(&file), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let cal: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let today = &cal["today"];
    // Day 1 is Fireday 14 Harvestmoon 1203; the demo's clock is on day 8
    // (a week waited in Kettleford, then a travel round): with a 6-day
    // week, day 7 is a Fireday again and day 8 a Wellday.
    assert_eq!(today["day"], 8);
    assert_eq!(today["date"], "Wellday 21 Harvestmoon 1203 of the Crossing");
    assert_eq!(today["weekday"], "Wellday");
    // Summer runs from 1 Sunmoon (sunrise 5.0) to 1 Leafmoon (6.5), 91
    // days with Midsummer Night: 21 Harvestmoon is 30 + 30 + 1 + 20 = 81
    // days in, so sunrise is 5 + 1.5 × 81/91.
    assert_eq!(today["season"], "Summer");
    let sunrise = today["sunrise"].as_f64().expect("a number");
    assert!(
        (sunrise - (5.0 + 1.5 * 81.0 / 91.0)).abs() < 1e-9,
        "{sunrise}"
    );
    // Sable: 0.42 of its 28 days on day 1, so 0.42 + 7/28 = 0.67 on day 8:
    // past full (0.5) by more than a sixteenth, short of the last quarter.
    assert_eq!(
        today["moons"][0],
        serde_json::json!({"name": "Sable", "phase": "waning gibbous"})
    );
    assert_eq!(cal["calendar"]["festivals"][0]["after"], "Highsummer");
    let lines = text(&waybook(&["calendar", path_str(&file)]).stdout);
    assert!(
        lines.contains("12 months, 362 days this year, a 6-day week"),
        "{lines}"
    );
    // Issue 34, 31: hours as a clock reads them, not decimals (6.335 and
    // 20.5 − 2.5 × 81/91 = 18.27).
    assert!(
        lines.contains("Summer: sunrise 06:20, sunset 18:16"),
        "{lines}"
    );
    let log = waybook(&["log", path_str(&file), "--json"]);
    let log: serde_json::Value = serde_json::from_slice(&log.stdout).expect("JSON");
    let first = &log[0];
    assert_eq!(first["day"], 1, "the demo's week of waiting began on day 1");
    assert_eq!(first["date"], "Fireday 14 Harvestmoon 1203 of the Crossing");
    let round = log
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["kind"] == "travel")
        .expect("the travel round");
    assert_eq!(round["day"], 7, "the travel round set out on day 7");
    assert_eq!(round["date"], "Fireday 20 Harvestmoon 1203 of the Crossing");
}

/// Issue 24: `waybook weather` gives each region's days as they fell and,
/// for each day ahead, the chance of each weather, summing to 1; a region
/// is chosen by name, and an unknown one or a bad number of days is
/// refused in words.
#[test]
fn weather_lists_each_region_s_history_and_forecast() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = waybook(&["weather", path_str(&file), "--days", "3", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(all["today"]["day"], 8);
    let regions = all["regions"].as_array().expect("regions");
    let names: Vec<&str> = regions
        .iter()
        .map(|r| r["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(names, ["Ashen plain", "Greyspine pass"]);
    for r in regions {
        let history = r["history"].as_array().expect("history");
        let days: Vec<i64> = history
            .iter()
            .map(|d| d["day"].as_i64().expect("day"))
            .collect();
        // The week in Kettleford, and day 8, rolled as the trip's first
        // night ran on to the next morning's setting off.
        assert_eq!(days, (1..=8).collect::<Vec<_>>(), "the week in Kettleford");
        assert_eq!(
            history[0]["date"],
            "Fireday 14 Harvestmoon 1203 of the Crossing"
        );
        let forecast = r["forecast"].as_array().expect("a forecast");
        assert_eq!(forecast.len(), 3);
        for day in forecast {
            let sum: f64 = day["chances"]
                .as_array()
                .expect("chances")
                .iter()
                .map(|c| c["chance"].as_f64().expect("a chance"))
                .sum();
            assert!((sum - 1.0).abs() < 1e-9, "{day}");
        }
    }
    let one = waybook(&["weather", path_str(&file), "--region", "greyspine PASS"]);
    let lines = text(&one.stdout);
    assert!(
        lines.contains("Greyspine pass (Cold mountain pass), keeps yesterday's weather 60%"),
        "{lines}"
    );
    assert!(!lines.contains("Ashen plain"), "{lines}");
    // Today's weather came as the trip's first night ran into it.
    assert!(
        lines.contains("Wellday 21 Harvestmoon 1203 of the Crossing (today): Rain on the scree"),
        "{lines}"
    );
    let unknown = waybook(&["weather", path_str(&file), "--region", "Fen"]);
    assert_eq!(
        one_error_line(&unknown).trim_end(),
        "waybook: there is no region called \"Fen\"; the regions are: Ashen plain, Greyspine pass"
    );
    let too_far = waybook(&["weather", path_str(&file), "--days", "61"]);
    assert_eq!(
        one_error_line(&too_far).trim_end(),
        "waybook: look between 1 and 60 days ahead"
    );
}

/// Issue 24: `waybook chronicle` gives each day of the range with its
/// date, weather per region, moons, the GM's events and what happened.
#[test]
fn chronicle_lists_the_days_with_weather_events_and_entries() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let out = waybook(&[
        "chronicle",
        path_str(&file),
        "--from",
        "3",
        "--to",
        "7",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let days: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let days = days.as_array().expect("days");
    assert_eq!(days.len(), 5);
    let third = &days[0];
    assert_eq!(third["day"], 3);
    assert_eq!(third["date"], "Windday 16 Harvestmoon 1203 of the Crossing");
    assert_eq!(third["events"][0]["name"], "Toll-keepers light the bridge");
    assert_eq!(
        third["moons"][0],
        serde_json::json!({"name": "Sable", "phase": "full"})
    );
    assert_eq!(third["weather"]["Greyspine pass"], "Rain on the scree");
    let seventh = &days[4];
    let whats: Vec<&str> = seventh["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["what"].as_str().expect("what"))
        .collect();
    // Both travel texts on: the round's camp plays the trip's day too.
    assert_eq!(
        whats,
        [
            "Navigation phase",
            "Encounter phase",
            "Camping phase and the day's hours of By the river, on the map"
        ]
    );
    assert_eq!(seventh["entries"][0]["kind"], "travel");
    let backwards = waybook(&["chronicle", path_str(&file), "--from", "9", "--to", "3"]);
    assert_eq!(
        one_error_line(&backwards).trim_end(),
        "waybook: --from 9 comes after --to 3"
    );
}

/// "`waybook handouts FILE --out DIR [--player NAME] [--format pdf|html]`
/// (never over existing files unless `--overwrite`)" and "what changed
/// since a date".
#[test]
fn handouts_write_one_players_page_since_a_session_and_never_over_a_file() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let file = dir.path().join("demo.waybook");
    let created = waybook_keeping(&data, &["new", path_str(&file), "--demo"]);
    assert!(created.status.success(), "{}", text(&created.stderr));
    let out = dir.path().join("out");
    let args = [
        "handouts",
        path_str(&file),
        "--out",
        path_str(&out),
        "--player",
        "Maya",
        "--format",
        "html",
        "--since",
        "2026-11-27",
    ];
    let made = waybook_keeping(&data, &args);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let page = out.join("Maya").join("index.html");
    assert_eq!(text(&made.stdout).trim(), path_str(&page));
    let html = std::fs::read_to_string(&page).expect("written");
    assert!(html.contains("<h2>Since the session of 2026-11-27</h2>"));
    assert!(!out.join("Jo").exists(), "only the player asked for");

    std::fs::write(&page, "the player's own notes").expect("changed");
    let refused = waybook_keeping(&data, &args);
    assert!(!refused.status.success());
    let line = one_error_line(&refused);
    assert!(line.contains("index.html is already there"), "{line}");
    assert!(line.contains("--overwrite"), "{line}");
    assert_eq!(
        std::fs::read_to_string(&page).expect("kept"),
        "the player's own notes"
    );
    let again = waybook_keeping(&data, &[&args[..], &["--overwrite"]].concat());
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(
        std::fs::read_to_string(&page)
            .expect("new")
            .starts_with("<!DOCTYPE html>")
    );

    let early = waybook_keeping(&data, &[&args[..9], &["2026-01-01"]].concat());
    let line = one_error_line(&early);
    assert!(line.contains("there is no snapshot"), "{line}");

    // Issue 34, 31: a copy of the campaign is named by the day its clock
    // had reached, not by its file's name ("Since since").
    let copy = dir.path().join("since.waybook");
    std::fs::copy(&file, &copy).expect("copied");
    let copied = [&args[..9], &[path_str(&copy), "--overwrite"]].concat();
    assert!(waybook_keeping(&data, &copied).status.success());
    let then = waybook_core::store::Campaign::open(&copy)
        .and_then(|c| c.load())
        .expect("the copy");
    let when = then.settings.when(then.settings.clock);
    let html = std::fs::read_to_string(&page).expect("written");
    assert!(html.contains(&format!("<h2>Since {when}</h2>")), "{when}");

    // Issue 34, 30: "GM" marks the GM's own characters; it is no player.
    let gm = dir.path().join("gm");
    let args = [
        "handouts",
        path_str(&file),
        "--out",
        path_str(&gm),
        "--player",
        "GM",
    ];
    let refused = waybook_keeping(&data, &args);
    assert!(!refused.status.success());
    let line = one_error_line(&refused);
    assert!(
        line.contains("“GM” marks the GM's own characters, not a player"),
        "{line}"
    );
    assert!(!gm.exists(), "nothing written");
}

/// Issue 34, 40: a log entry at the first day an i64 holds (written behind
/// Waybook's back) made `waybook chronicle` panic; the chronicle keeps to
/// the clock's days, and `waybook check` names the entry's day.
#[test]
fn a_log_entry_at_the_first_day_an_i64_holds_is_named_not_a_panic() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    {
        let conn = rusqlite::Connection::open(&file).expect("opens");
        conn.execute(
            "UPDATE log_entry SET body = json_set(body, '$.at.day', ?1) WHERE id = (SELECT min(id) FROM log_entry)",
            [i64::MIN],
        )
        .expect("moved to the dawn of time");
    }
    let out = waybook(&["chronicle", path_str(&file), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let days: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        days[0]["day"], 0,
        "the chronicle starts at the clock's first day"
    );
    let checked = waybook(&["check", path_str(&file)]);
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        text(&checked.stdout).contains("day -9223372036854775808 is not between 0 and 1000000"),
        "{}",
        text(&checked.stdout)
    );
}

/// Issue 35: a plan's first day to play is worked out from the clock and
/// is never before the clock's day, however long ago the plan was set off.
/// Issue 53: "its `first_day_to_play` is never before its party's
/// present".
#[test]
fn journey_json_never_plays_before_the_clock() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    {
        let conn = rusqlite::Connection::open(&file).expect("opens");
        conn.execute_batch(
            "UPDATE campaign SET clock_day = 12, clock_hour = 9;
             UPDATE party SET now_day = 12, now_hour = 9;",
        )
        .expect("the clock moved on four days");
    }
    let output = waybook(&["journey", path_str(&file), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let plan: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(plan["start"]["day"], 6, "the plan as it was made");
    assert_eq!(plan["first_day_to_play"], 12, "but it plays from the clock");
}

/// Issue 35: "A second test plays a trip day by day over several days and,
/// after each, reads `waybook map`, `journey` and `chronicle` JSON and
/// finds them agreeing: the party's position, the day, the weather, food
/// and Supplies." The demo's trip by the river is played three more days,
/// each its travel round (both travel texts on), through the app's session
/// into the file; after each the binary's answers agree.
#[test]
fn map_journey_and_chronicle_agree_day_by_day_on_a_trip() {
    use waybook_core::model::RoundStep;
    use waybook_core::plan::{self, play, same_day::travel_step};
    use waybook_core::session::Session;
    use waybook_core::store::Campaign;
    use waybook_core::travel::round::{EncounterChoice, TravelStep, default_orders};
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let json = |args: &[&str]| -> serde_json::Value {
        let out = waybook(args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).expect("JSON")
    };
    let trip_name = "By the river, on the map";
    let mut session = Session::new(Campaign::open(&file).expect("opens")).expect("a session");
    let mut dice = waybook_rules::dice::Dice::seeded(35);
    for day in 0..3 {
        let data = &session.data;
        let party = *data.parties.keys().next().expect("the party");
        let trip = data
            .journeys
            .values()
            .find(|j| j.name == trip_name)
            .expect("the trip");
        let planned = plan::plan(data, trip);
        let trip = play::moved_to_now(data, trip, &planned).unwrap_or_else(|| trip.clone());
        let view = plan::plan(data, &trip);
        let path = play::round_of_the_day(data, &trip, &view)
            .expect("the trip's day is a round")
            .0
            .id;
        // The round, step by step as the Travel screen offers it.
        let mut step = TravelStep::Navigate(path);
        loop {
            let edit = travel_step(&session.data, party, &step, &mut dice).expect("the step plays");
            session.apply(edit).expect("written");
            let Some(next) = session.data.round_in_play(party).map(|r| r.next) else {
                break;
            };
            step = match next {
                RoundStep::Setback => TravelStep::Setback { spend_token: true },
                RoundStep::Encounter => TravelStep::Encounter(EncounterChoice::Die),
                RoundStep::Camping => TravelStep::Camp(default_orders(
                    &session.data,
                    party,
                    &plan::same_day::on_watch_tonight(&session.data, party),
                )),
                RoundStep::Done => break,
            };
        }
        let f = path_str(&file);
        let map = json(&["map", f, "--json"]);
        let plan = json(&["journey", f, "--journey", trip_name, "--json"]);
        let today = json(&["calendar", f, "--json"])["today"]["day"].clone();
        // The day: the trip's next day to play is the clock's.
        assert_eq!(plan["first_day_to_play"], today, "day {day}");
        // The position: where the trip's hours brought the party is where
        // the map has it.
        let at = &map["parties"][0]["position"];
        let trip_at = &plan["on_the_map"];
        if trip_at["arrived"] == true {
            assert_eq!(at["place"], trip_at["toward"], "day {day}: {at} {trip_at}");
        } else {
            assert_eq!(
                (&at["path"], &at["toward"], &at["rounds_left"]),
                (
                    &trip_at["path"],
                    &trip_at["toward"],
                    &trip_at["rounds_left"]
                ),
                "day {day}"
            );
        }
        // The weather: each played day's weather, as fact, is the chronicle's.
        let played: Vec<&serde_json::Value> = (plan["days"].as_array().expect("days").iter())
            .filter(|d| {
                d["weather"]
                    .as_array()
                    .is_some_and(|w| w.iter().all(|w| w["as"] == "fact"))
            })
            .collect();
        for d in played {
            let date = d["date"].as_i64().expect("a date").to_string();
            let chronicle = json(&["chronicle", f, "--from", &date, "--to", &date, "--json"]);
            for w in d["weather"].as_array().expect("weather") {
                let region = w["region"].as_str().expect("a region");
                assert_eq!(
                    chronicle[0]["weather"][region], w["weather"],
                    "day {date} in {region}"
                );
            }
        }
        // Food: what the trip left at its last day's end is what the party
        // holds now; Supplies as the map says are the campaign's.
        let left = plan["food_left_after_played"].as_f64();
        let now = plan["food"]["units_at_start"].as_f64().expect("food now");
        assert_eq!(left, Some(now), "day {day}");
        let supplies = session
            .data
            .parties
            .values()
            .next()
            .expect("party")
            .supplies;
        assert_eq!(map["parties"][0]["supplies"], supplies);
    }
}

/// Issue 38's contract: `calendar --year Y --json` lists every day of year
/// Y in the calendar's reckoning. Checked against the world's calendar: 2024
/// is a leap year of 366 days, 1 January 2024 was a Monday, 29 February a
/// Thursday and 31 December a Tuesday. A festival of the demo's calendar
/// is in no week.
#[test]
fn calendar_year_lists_every_day_with_its_weekday_festival_and_moons() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("g.waybook");
    assert!(waybook(&["new", path_str(&file)]).status.success());
    let year = |file: &Path, y: &str| -> Vec<serde_json::Value> {
        let out = waybook(&["calendar", path_str(file), "--year", y, "--json"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let all: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        all["days"].as_array().expect("days").clone()
    };
    let days = year(&file, "2024");
    assert_eq!(days.len(), 366);
    let on = |date: &str| days.iter().find(|d| d["date"] == date).expect(date).clone();
    assert_eq!(on("1 January 2024")["weekday"], "Monday");
    assert_eq!(on("29 February 2024")["weekday"], "Thursday");
    assert_eq!(on("31 December 2024")["weekday"], "Tuesday");
    let numbers: Vec<i64> = days
        .iter()
        .map(|d| d["day"].as_i64().expect("a number"))
        .collect();
    assert!(
        numbers.windows(2).all(|w| w[1] == w[0] + 1),
        "one day after another"
    );
    assert_eq!(year(&file, "2023").len(), 365);
    let phases = [
        "new",
        "waxing crescent",
        "first quarter",
        "waxing gibbous",
        "full",
        "waning gibbous",
        "last quarter",
        "waning crescent",
    ];
    assert!(days.iter().all(|d| d["moons"].as_array().is_some_and(|m| {
        m.iter()
            .all(|m| phases.contains(&m["phase"].as_str().unwrap_or_default()))
    })));
    let demo = demo_file(&dir);
    let festival = year(&demo, "1203")
        .into_iter()
        .find(|d| d["festival"] == "Midsummer Night")
        .expect("the demo's festival");
    assert_eq!(festival["weekday"], serde_json::Value::Null);
    assert_eq!(festival["date"], "Midsummer Night 1203 of the Crossing");
    let refused = waybook(&["calendar", path_str(&file), "--year", "200000", "--json"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stderr).contains("--year 200000 is outside the years"));
}

/// Issue 38: a Fantasy-Calendar export comes in after saying what comes
/// across and what does not; today takes its date and no day moves; into
/// the demo, whose events would fall on no day of it, it is refused and
/// nothing changes; out again as Fantasy-Calendar JSON, never over a file
/// unasked.
#[test]
fn import_calendar_says_what_comes_across_and_export_calendar_writes_it_out() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let run = |args: &[&str]| waybook_keeping(&data, args);
    let tides = dir.path().join("tides.json");
    std::fs::write(&tides, common::calendars::TIDES).expect("written");
    let demo = demo_file(&dir);
    let today = |file: &Path| -> serde_json::Value {
        let out = waybook(&["calendar", path_str(file), "--json"]);
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON")["today"].clone()
    };
    let before = today(&demo);
    let refused = run(&[
        "import-calendar",
        path_str(&demo),
        path_str(&tides),
        "--events",
    ]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stdout).contains("fall on days this calendar does not have"));
    assert_eq!(today(&demo), before, "the demo is unchanged");
    let file = dir.path().join("tides.waybook");
    assert!(waybook(&["new", path_str(&file)]).status.success());
    let day = today(&file)["day"].clone();
    let done = run(&[
        "import-calendar",
        path_str(&file),
        path_str(&tides),
        "--events",
    ]);
    assert!(done.status.success(), "{}", text(&done.stderr));
    let said = text(&done.stdout);
    assert!(
        said.contains(
            "Leap years: every 4 years, except every 100, but every 400; a day more in Neap"
        ),
        "{said}"
    );
    assert!(said.contains("Not brought: the event Midyear: its condition (Season)"));
    assert!(said.contains("6 events: 1 once, 3 every year, 1 every month, 1 by a moon"));
    let now = today(&file);
    assert_eq!(now["day"], day, "no day moved");
    assert_eq!(now["date"], "Fourday 4 Flood 120 of the Tides");
    let out = dir.path().join("out.json");
    let written = waybook(&["export-calendar", path_str(&file), "--out", path_str(&out)]);
    assert!(written.status.success(), "{}", text(&written.stderr));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).expect("read")).expect("JSON");
    assert_eq!(
        json["static_data"]["year_data"]["leap_days"][0]["interval"],
        "400,!100,4"
    );
    assert_eq!(json["dynamic_data"]["year"], 120);
    let again = waybook(&["export-calendar", path_str(&file), "--out", path_str(&out)]);
    assert_eq!(again.status.code(), Some(1));
    assert!(text(&again.stderr).contains("add --overwrite"));
}

/// A process stopped when dropped, a failed assertion included: a server
/// left running would hold the test's output open.
struct Stopped(std::process::Child);

/// `waybook serve FILE` on a port of loopback, its output piped.
fn serving(file: &Path) -> Stopped {
    Stopped(
        Command::new(env!("CARGO_BIN_EXE_waybook"))
            .args(["serve", path_str(file), "--bind", "127.0.0.1:0"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("serving"),
    )
}

/// A page of a link `url` ("http://127.0.0.1:PORT/p/TOKEN") as a phone
/// asks for it: the whole answer, its head included.
fn get(url: &str) -> String {
    use std::io::{Read, Write};
    let (host, path) = url
        .trim_start_matches("http://")
        .split_once('/')
        .expect("a path");
    let mut s = std::net::TcpStream::connect(host).expect("connects");
    let _ = s.set_read_timeout(Some(std::time::Duration::from_secs(15)));
    let request = format!("GET /{path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    s.write_all(request.as_bytes()).expect("sent");
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer
}

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Issue 51: `waybook serve FILE --renew NAME` and `--close NAME` say what
/// they did and the new link (in full, where the table serving the file
/// is open); the running `serve` prints each link's change as it follows
/// the file, and the old link is the same 404 at once.
#[test]
fn serve_renews_and_closes_a_link_and_the_running_table_says_so() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let mut child = serving(&file);
    let (said, lines) = std::sync::mpsc::channel();
    let output = child.0.stdout.take().expect("its output");
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(output)
            .lines()
            .map_while(Result::ok)
        {
            let _ = said.send(line);
        }
    });
    let next = |what: &str| -> String {
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_secs(10) {
            if let Ok(line) = lines.recv_timeout(std::time::Duration::from_millis(100))
                && line.starts_with(what)
            {
                return line;
            }
        }
        panic!("serve never said {what:?}");
    };
    let maya = next("Maya: http://127.0.0.1:");
    let old = maya.trim_start_matches("Maya: ").to_owned();
    let renewed = waybook(&["serve", path_str(&file), "--renew", "maya"]);
    assert!(renewed.status.success(), "{}", text(&renewed.stderr));
    let told = text(&renewed.stdout);
    let (first, second) = told.split_once('\n').expect("two lines");
    assert_eq!(first, "Renewed Maya's link: the old link stopped at once.");
    let new = (second.trim_end())
        .strip_prefix("The new one: ")
        .expect("the new link")
        .to_owned();
    let base = old.rsplit_once("/p/").expect("a link").0;
    assert!(
        new.starts_with(&format!("{base}/p/")) && new != old,
        "{new}"
    );
    assert_eq!(
        next("Maya's link"),
        format!("Maya's link is renewed: {new}")
    );
    assert!(
        get(&old).starts_with("HTTP/1.1 404"),
        "the old link stopped"
    );
    assert!(get(&new).starts_with("HTTP/1.1 200"), "the new link opens");
    let closed = waybook(&["serve", path_str(&file), "--close", "Jo"]);
    assert!(closed.status.success(), "{}", text(&closed.stderr));
    assert_eq!(
        text(&closed.stdout),
        "Closed Jo's link: it shows nothing until it is renewed (waybook serve FILE --renew \"Jo\").\n"
    );
    assert_eq!(next("Jo's link"), "Jo's link is closed");
    let unknown = waybook(&["serve", path_str(&file), "--renew", "Nobody"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(
        one_error_line(&unknown).contains("no player or party is named \"Nobody\""),
        "{}",
        text(&unknown.stderr)
    );
}

/// Issue 39: `waybook serve` prints each player's link and the party's
/// table screen, serves each player's page, and follows a change another
/// program writes to the file (here another Waybook moves the clock)
/// within ten seconds.
#[test]
fn serve_prints_the_links_and_follows_changes_to_the_file() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let mut child = serving(&file);
    let mut lines = std::io::BufReader::new(child.0.stdout.take().expect("its output")).lines();
    let opened = lines.next().and_then(Result::ok).unwrap_or_default();
    assert!(
        opened.starts_with("The table is open on 127.0.0.1:"),
        "{opened}"
    );
    let links: Vec<String> = (0..5).filter_map(|_| lines.next()?.ok()).collect();
    assert!(
        links
            .iter()
            .any(|l| l.starts_with("Maya: http://127.0.0.1:")),
        "{links:?}"
    );
    assert!(
        links.iter().any(|l| l.contains("(table screen): http://")),
        "{links:?}"
    );
    let url = links[0].split(": ").nth(1).expect("a link").to_owned();
    // The first pages are built once the links are out: a phone that asks
    // before is asked to wait (503), as one would, until they are.
    let asked = std::time::Instant::now();
    let mut page = get(&url);
    while page.starts_with("HTTP/1.1 503") && asked.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(50));
        page = get(&url);
    }
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<meta name=\"waybook-revision\" content=\"1\">"));
    let changed = std::time::Instant::now();
    let waiting = std::thread::spawn({
        let revision = format!("{url}/revision?after=1");
        move || get(&revision)
    });
    // Another program moves the clock (a table's page shows the hour;
    // a roll table, which no page shows, would touch none).
    let mut other = waybook_core::store::Campaign::open(&file).expect("opens");
    let data = other.load().expect("loads");
    let day_hours = data.settings.day_hours;
    let edit = waybook_testkit::everyone_moved(&data, |t| t.plus(3, day_hours));
    other.apply(&edit).expect("the clock moves");
    let answer = waiting.join().expect("answered");
    drop(child);
    assert!(answer.ends_with("\r\n\r\n2"), "{answer}");
    assert!(changed.elapsed() < std::time::Duration::from_secs(10));
}

/// Issue 52: the edits a GM scripts between sessions reach the window's
/// core functions, refuse in the window's words, and are undone in the
/// window afterwards (the history is in the file).
#[test]
fn clock_move_and_delete_party_edit_the_file_and_undo_in_the_window() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let at = path_str(&file);
    let day_before = loaded(&file).settings.clock.day;
    let clock = waybook(&[
        "clock",
        at,
        "--party",
        "The Lantern Company",
        "--on",
        "2",
        "--why",
        "rest",
        "--json",
    ]);
    assert!(clock.status.success(), "{}", text(&clock.stderr));
    let said: serde_json::Value = serde_json::from_slice(&clock.stdout).expect("JSON");
    let done = "Move the clock on 2 days for The Lantern Company: rest";
    assert_eq!(said["done"], done);
    assert_eq!(said["day"], day_before + 2);
    let log = text(&waybook(&["log", at]).stdout);
    assert!(log.contains(done), "{log}");
    // Issue 53: the days passed are days at rest, each member eating the
    // day's units from what the party carries; the trip under way says so.
    let today = day_before;
    for day in [today, today + 1] {
        let line = format!("Day {day} (at rest) · Ash Varnell eats 40 of 40 units (full)");
        assert!(log.contains(&line), "{line}: {log}");
    }
    assert!(
        log.contains("2 days spent resting at Old Mill Crossing"),
        "{log}"
    );

    let moved = waybook(&[
        "move",
        at,
        "--item",
        "smoked fish",
        "--count",
        "3",
        "--from",
        "The Lantern Company",
        "--to",
        "Ash Varnell",
    ]);
    assert_eq!(
        text(&moved.stdout),
        "Move 3 × Smoked fish to Ash Varnell: done. The Lantern Company stash holds 1 of it, Ash Varnell 3.\n",
        "two days eaten at rest from the stash first: 6 of its 10 fish with its rations"
    );
    let too_many = waybook(&[
        "move",
        at,
        "--item",
        "Smoked fish",
        "--count",
        "300",
        "--from",
        "The Lantern Company stash",
        "--to",
        "Ash Varnell",
    ]);
    assert_eq!(
        one_error_line(&too_many),
        "waybook: Cannot move 300 × Smoked fish: The Lantern Company stash holds only 1\n",
        "the Inventory screen's words"
    );
    let itself = waybook(&[
        "delete-party",
        at,
        "The Lantern Company",
        "--stash-to",
        "the lantern company",
    ]);
    assert!(one_error_line(&itself).contains("cannot go to The Lantern Company itself"));

    let mut app = waybook_testkit::screens::open(&file);
    let session = |app: &waybook_app::ui::WaybookApp| {
        let session = app.app.session.as_ref().expect("open");
        (
            session.undo_label().map(str::to_owned),
            session.data.settings.clock.day,
        )
    };
    assert_eq!(
        session(&app),
        (
            Some("Move 3 × Smoked fish to Ash Varnell".into()),
            day_before + 2
        )
    );
    for _ in 0..2 {
        app.app.push(waybook_app::app::Command::Run(
            waybook_app::app::actions::Action::Undo,
        ));
        app.app.run_commands();
    }
    assert_eq!(
        session(&app),
        (None, day_before),
        "both undone in the window"
    );
}

/// Issue 53: "`waybook clock FILE --party NAME --on DAYS` moves that party
/// alone ...; without `--party`, in a campaign of several parties, it is
/// refused, naming the parties."
#[test]
fn clock_moves_the_party_named_and_refuses_to_guess_which() {
    let dir = tempfile::tempdir().expect("dir");
    let file = demo_file(&dir);
    let at = path_str(&file);
    let before = loaded(&file);
    let company = before.parties.values().next().expect("the company");
    // The demo's Watch, three days behind the company, moved past it.
    let watch = (before.parties.values())
        .find(|p| p.name == "The Kettleford Watch")
        .expect("the Watch");
    let unnamed = waybook(&["clock", at, "--on", "1"]);
    assert_eq!(
        one_error_line(&unnamed),
        "waybook: The clock was not moved: each party lives its own days (The Lantern Company, The Kettleford Watch): name the one whose days pass\n"
    );
    let moved = waybook(&[
        "clock",
        at,
        "--party",
        "the kettleford watch",
        "--on",
        "5",
        "--json",
    ]);
    assert!(moved.status.success(), "{}", text(&moved.stderr));
    let said: serde_json::Value = serde_json::from_slice(&moved.stdout).expect("JSON");
    assert_eq!(
        said["done"],
        "Move the clock on 5 days for The Kettleford Watch"
    );
    assert_eq!(said["party"], "The Kettleford Watch");
    assert_eq!(said["day"], watch.now.day + 5);
    let after = waybook_core::store::Campaign::open(&file)
        .expect("opens")
        .load()
        .expect("loads");
    assert_eq!(after.parties[&watch.id].now.day, watch.now.day + 5);
    assert_eq!(
        after.parties[&company.id].now, company.now,
        "the company stays"
    );
    let nobody = waybook(&["clock", at, "--party", "The Gone", "--on", "1"]);
    assert!(
        one_error_line(&nobody).contains("no party is named"),
        "{}",
        text(&nobody.stderr)
    );
    // "`waybook calendar FILE --json` adds `parties`: each {"name", "day",
    // "hour", "date"} ...; `today` stays, and is the latest present of any
    // party." "`waybook map FILE --json` gives each party's `now`".
    let calendar = waybook(&["calendar", at, "--json"]);
    let calendar: serde_json::Value = serde_json::from_slice(&calendar.stdout).expect("JSON");
    let watch_now = after.parties[&watch.id].now;
    assert_eq!(
        calendar["parties"],
        serde_json::json!([
            {"name": "The Lantern Company", "day": company.now.day, "hour": company.now.hour,
             "date": after.settings.when(company.now)},
            {"name": "The Kettleford Watch", "day": watch_now.day, "hour": watch_now.hour,
             "date": after.settings.when(watch_now)},
        ])
    );
    assert_eq!(
        calendar["today"]["day"], watch_now.day,
        "the latest present"
    );
    let map = waybook(&["map", at, "--json"]);
    let map: serde_json::Value = serde_json::from_slice(&map.stdout).expect("JSON");
    assert_eq!(map["parties"][1]["now"]["day"], watch_now.day);
    assert_eq!(map["parties"][0]["now"]["day"], company.now.day);
    // "`waybook weather FILE --json` gives, on each entry of
    // `regions[].history` and of the forecast, whether the day was lived
    // (`"lived": true`, with the parties that lived it) or not."
    let weather = waybook(&["weather", at, "--json"]);
    let weather: serde_json::Value = serde_json::from_slice(&weather.stdout).expect("JSON");
    let region = &weather["regions"][0];
    let on = |day: i64| {
        (region["history"].as_array().expect("a history"))
            .iter()
            .find(|d| d["day"] == day)
            .cloned()
            .expect("that day's weather")
    };
    assert_eq!(
        on(company.now.day)["parties"],
        serde_json::json!(["The Lantern Company", "The Kettleford Watch"])
    );
    let ahead = on(company.now.day + 1);
    assert_eq!(ahead["lived"], true);
    assert_eq!(
        ahead["parties"],
        serde_json::json!(["The Kettleford Watch"])
    );
    let forecast = &region["forecast"][0];
    assert_eq!(
        forecast["lived"], false,
        "a forecast covers days no party lived"
    );
    assert_eq!(forecast["parties"], serde_json::json!([]));
}

/// The sync service between two views of a shared folder: each file of
/// `from` copied into `to` when `to` has none or a shorter one (journals
/// only grow), as `rsync --update` does.
fn carry_folder(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("the folder") {
        let path = entry.expect("an entry").path();
        let target = to.join(path.file_name().expect("a name"));
        let len = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
        if !target.exists() || len(&target) < len(&path) {
            std::fs::copy(&path, &target).expect("copied");
        }
    }
}

/// Two machines, each its data folder and its view of the shared folder,
/// the demo shared by the study and joined by the laptop.
struct TwoMachines {
    dir: tempfile::TempDir,
    study_data: std::path::PathBuf,
    laptop_data: std::path::PathBuf,
    study_folder: std::path::PathBuf,
    laptop_folder: std::path::PathBuf,
    study: std::path::PathBuf,
    laptop: std::path::PathBuf,
}

impl TwoMachines {
    fn new() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let made = |name: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir(&path).expect("made");
            path
        };
        let machines = Self {
            study_data: made("d1"),
            laptop_data: made("d2"),
            study_folder: made("f1"),
            laptop_folder: made("f2"),
            study: dir.path().join("study.waybook"),
            laptop: dir.path().join("laptop.waybook"),
            dir,
        };
        let created = waybook(&["new", path_str(&machines.study), "--demo"]);
        assert!(created.status.success(), "{}", text(&created.stderr));
        let shared = machines.on_study(&[
            "share",
            path_str(&machines.study),
            "--folder",
            path_str(&machines.study_folder),
            "--as",
            "Study PC",
        ]);
        assert!(shared.status.success(), "{}", text(&shared.stderr));
        assert!(text(&shared.stdout).contains("shared through"));
        machines.carry();
        let joined = machines.on_laptop(&[
            "join",
            path_str(&machines.laptop_folder),
            "--out",
            path_str(&machines.laptop),
            "--as",
            "Laptop",
        ]);
        assert!(joined.status.success(), "{}", text(&joined.stderr));
        machines
    }

    fn on_study(&self, args: &[&str]) -> Output {
        waybook_keeping(&self.study_data, args)
    }

    fn on_laptop(&self, args: &[&str]) -> Output {
        waybook_keeping(&self.laptop_data, args)
    }

    /// Runs `waybook VERB FILE REST…` on the study's copy (or the
    /// laptop's), with that machine's data folder; it must succeed.
    fn edit(&self, on_study: bool, verb: &str, rest: &[&str]) {
        let file = if on_study { &self.study } else { &self.laptop };
        let mut args = vec![verb, path_str(file)];
        args.extend_from_slice(rest);
        let out = if on_study {
            self.on_study(&args)
        } else {
            self.on_laptop(&args)
        };
        assert!(out.status.success(), "{}", text(&out.stderr));
    }

    /// The sync service, both ways.
    fn carry(&self) {
        carry_folder(&self.study_folder, &self.laptop_folder);
        carry_folder(&self.laptop_folder, &self.study_folder);
    }

    /// Both working copies as `waybook export --format json` writes them.
    fn exports(&self) -> (String, String) {
        let export = |data: &Path, file: &Path| {
            text(&waybook_keeping(data, &["export", path_str(file), "--format", "json"]).stdout)
        };
        (
            export(&self.study_data, &self.study),
            export(&self.laptop_data, &self.laptop),
        )
    }
}

/// Two machines sharing the demo through a folder copied both ways:
/// edits on both by `move`, and `sync --json` says what merged and each
/// machine's last edit; both end with the same campaign.
#[test]
fn share_join_and_sync_keep_two_machines_in_step() {
    let two = TwoMachines::new();
    let moved = |on_study: bool, item: &str, to: &str| {
        let from = "The Lantern Company";
        let rest = ["--item", item, "--count", "1", "--from", from, "--to", to];
        two.edit(on_study, "move", &rest);
    };
    moved(true, "Trail rations", "Ash Varnell");
    moved(false, "Climbing kit", "Brother Ilo");
    two.carry();
    let synced = two.on_study(&["sync", path_str(&two.study), "--json"]);
    assert!(synced.status.success(), "{}", text(&synced.stderr));
    let report: serde_json::Value = serde_json::from_slice(&synced.stdout).expect("JSON");
    assert_eq!(
        report["merged"].as_array().map(Vec::len),
        Some(1),
        "{report:#}"
    );
    assert_eq!(report["merged"][0]["name"], "Laptop");
    assert_eq!(report["conflicts"], serde_json::json!([]));
    let machines = report["machines"].as_array().expect("machines");
    let seen: Vec<_> = (machines.iter())
        .map(|m| (m["name"].as_str(), m["last_seq"].as_i64()))
        .collect();
    assert_eq!(
        seen,
        [(Some("Study PC"), Some(1)), (Some("Laptop"), Some(1))]
    );
    assert!(
        machines
            .iter()
            .all(|m| m["id"].as_str().is_some_and(|id| id.len() == 16))
    );
    let other = two.on_laptop(&["sync", path_str(&two.laptop)]);
    assert!(
        text(&other.stdout).contains("merged: Move 1 × Trail rations to Ash Varnell from Study PC"),
        "{}",
        text(&other.stdout)
    );
    let (study, laptop) = two.exports();
    assert_eq!(study, laptop);
}

/// One party's clock moved on on both machines apart (`waybook clock`):
/// `sync` says its days were played apart, with what each machine played,
/// merges neither over the other, and `--keep-days N=theirs` keeps the
/// laptop's: the study's day undone after a snapshot, both machines the
/// same. A party with nothing apart is refused with why.
#[test]
fn days_played_apart_are_kept_from_one_machine_by_sync() {
    let two = TwoMachines::new();
    let clock = |on_study: bool, days: &str| {
        let rest = ["--party", "The Lantern Company", "--on", days];
        two.edit(on_study, "clock", &rest);
    };
    clock(true, "1");
    clock(false, "2");
    two.carry();
    let synced = two.on_study(&["sync", path_str(&two.study), "--json"]);
    assert!(synced.status.success(), "{}", text(&synced.stderr));
    let report: serde_json::Value = serde_json::from_slice(&synced.stdout).expect("JSON");
    assert_eq!(report["conflicts"], serde_json::json!([]), "{report:#}");
    assert_eq!(
        report["merged"],
        serde_json::json!([]),
        "held out, not merged"
    );
    let apart = &report["days_apart"][0];
    assert_eq!(apart["party_name"], "The Lantern Company", "{report:#}");
    let span = |side: &str| {
        let line = &apart[side];
        (
            line["edits"].as_i64(),
            line["to_day"]
                .as_i64()
                .zip(line["from_day"].as_i64())
                .map(|(to, from)| to - from),
        )
    };
    assert_eq!(span("mine"), (Some(1), Some(1)), "{apart:#}");
    assert_eq!(
        span("theirs"),
        (Some(1), Some(2)),
        "one edit of two days: {apart:#}"
    );
    let party = apart["party"].as_i64().expect("the party's number");
    let words = two.on_study(&["sync", path_str(&two.study)]);
    assert!(
        text(&words.stdout).contains(&format!(
            "days apart: The Lantern Company (party {party}): here 1 edit(s)"
        )),
        "{}",
        text(&words.stdout)
    );
    assert!(
        !text(&words.stdout).contains("In step"),
        "not in step while days wait: {}",
        text(&words.stdout)
    );
    let kept = two.on_study(&[
        "sync",
        path_str(&two.study),
        "--keep-days",
        &format!("{party}=theirs"),
    ]);
    assert!(kept.status.success(), "{}", text(&kept.stderr));
    assert!(
        text(&kept.stdout).contains("this machine's days of party"),
        "the snapshot named: {}",
        text(&kept.stdout)
    );
    two.carry();
    let laptop = two.on_laptop(&["sync", path_str(&two.laptop), "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&laptop.stdout).expect("JSON");
    assert_eq!(report["days_apart"], serde_json::json!([]), "{report:#}");
    let (study, laptop) = two.exports();
    assert_eq!(study, laptop);
    let again = two.on_study(&[
        "sync",
        path_str(&two.study),
        "--keep-days",
        &format!("{party}=mine"),
    ]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        text(&again.stderr).contains("played on another machine are waiting"),
        "{}",
        text(&again.stderr)
    );
}

/// What sharing refuses, each said and nothing written: sharing twice,
/// joining a folder with nothing shared or over a file, syncing another
/// machine's copy or a campaign never shared, a choice in other words.
#[test]
fn sharing_refuses_what_it_cannot_do_and_says_why() {
    let two = TwoMachines::new();
    let said = |out: Output, words: &str| {
        assert_eq!(out.status.code(), Some(1), "{words}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(words), "{stderr}");
    };
    let study = path_str(&two.study);
    said(
        two.on_study(&["share", study, "--folder", path_str(&two.study_folder)]),
        "shared already",
    );
    let nowhere = two.dir.path().join("nowhere");
    std::fs::create_dir(&nowhere).expect("made");
    let copy = two.dir.path().join("copy.waybook");
    said(
        two.on_laptop(&["join", path_str(&nowhere), "--out", path_str(&copy)]),
        "no campaign is shared through",
    );
    assert!(!copy.exists(), "nothing written");
    said(
        two.on_laptop(&["join", path_str(&two.laptop_folder), "--out", study]),
        "already exists",
    );
    said(
        two.on_study(&["sync", path_str(&two.laptop)]),
        "belongs to another machine",
    );
    said(
        two.on_study(&["sync", study, "--choose", "1=maybe"]),
        "3=mine",
    );
    said(
        two.on_study(&["sync", study, "--choose", "7=mine"]),
        "no conflict 7 waiting",
    );
    let alone = two.dir.path().join("alone.waybook");
    assert!(waybook(&["new", path_str(&alone)]).status.success());
    said(two.on_study(&["sync", path_str(&alone)]), "is not shared");
}

/// `kill -9` while `waybook sync` merges another machine's edits leaves
/// the working copy whole (`waybook check`), and the next sync merges the
/// rest from where the first stopped: both machines end the same.
#[test]
fn a_sync_killed_mid_merge_leaves_the_file_whole_and_resumes() {
    const EDITS: usize = 3000;
    let two = TwoMachines::new();
    laptop_renames_a_place(&two, EDITS);
    two.carry();
    // Killed sooner or later until one kill lands mid-merge.
    let kept = two.dir.path().join("study before.waybook");
    std::fs::copy(&two.study, &kept).expect("kept");
    let mut resumed = None;
    for wait_ms in [20, 40, 80, 160, 320, 640, 1280] {
        std::fs::copy(&kept, &two.study).expect("as before");
        let mut child = Command::new(env!("CARGO_BIN_EXE_waybook"))
            .args(["sync", path_str(&two.study), "--json"])
            .env("WAYBOOK_DATA_DIR", &two.study_data)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("syncing");
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        let finished = child.try_wait().expect("asked").is_some();
        child.kill().expect("killed");
        let _ = child.wait();
        if finished {
            break;
        }
        let check = waybook(&["check", path_str(&two.study)]);
        assert!(check.status.success(), "{}", text(&check.stderr));
        assert!(text(&check.stdout).contains("integrity: ok"));
        let again = two.on_study(&["sync", path_str(&two.study), "--json"]);
        assert!(again.status.success(), "{}", text(&again.stderr));
        let report: serde_json::Value = serde_json::from_slice(&again.stdout).expect("JSON");
        let merged = report["merged"].as_array().map_or(0, Vec::len);
        if (1..EDITS).contains(&merged) {
            resumed = Some(merged);
            break;
        }
    }
    let merged = resumed.expect("a kill landed mid-merge and the next sync took the rest");
    let (study, laptop) = two.exports();
    assert!(study == laptop, "{merged} merged after the kill");
}

/// The laptop renames a place `times` over, each an edit of its own,
/// appended to its journal.
fn laptop_renames_a_place(two: &TwoMachines, times: usize) {
    use waybook_core::model::{Change, Edit};
    let machine =
        waybook_core::sharing::Machine::of_data_dir(&two.laptop_data, None).expect("the laptop");
    let mut campaign = waybook_core::store::Campaign::open(&two.laptop).expect("opens");
    let data = campaign.load().expect("loads");
    let mut place = data.places.values().next().expect("a place").clone();
    for n in 0..times {
        let before = place.clone();
        place.name = format!("Waystone {n}");
        let edit = Edit::new(
            format!("Rename {n}"),
            vec![Change::of(Some(&before), Some(&place))],
        );
        campaign.send(edit, None).expect("sent");
    }
    assert_eq!(campaign.answers(true).len(), times);
    campaign.publish_edits(&machine).expect("published");
}
