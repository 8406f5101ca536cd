//! `waybook rules` run as a user would: the built binary, a JSON request on
//! standard input and scripted dice, checked against CLI.md.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

fn waybook(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_waybook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let written = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    // A command that fails before reading (e.g. with --input) may close the pipe.
    if let Err(error) = written {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    let output = child.wait_with_output().expect("the binary finishes");
    Output {
        code: output.status.code().expect("an exit code"),
        stdout: String::from_utf8(output.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("utf-8 stderr"),
    }
}

/// Runs a rule with scripted dice and returns the answer.
fn rule(name: &str, dice: &str, request: Value) -> Value {
    let out = waybook(&["rules", name, "--dice", dice], &request.to_string());
    assert_eq!(out.code, 0, "{name}: {}", out.stderr);
    assert!(out.stderr.is_empty(), "{name}: {}", out.stderr);
    serde_json::from_str(&out.stdout).expect("one JSON object")
}

/// Runs a bad request: exit 2, one line on stderr naming `path`, nothing on stdout.
fn refused(args: &[&str], request: &str, path: &str) -> String {
    let out = waybook(args, request);
    assert_eq!(out.code, 2, "{args:?} {request}: {}", out.stdout);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    let prefix = format!("waybook: {path}: ");
    assert!(
        out.stderr.starts_with(&prefix),
        "expected `{prefix}`, got `{}`",
        out.stderr
    );
    out.stderr
}

fn travel_hours(n: usize) -> Vec<Value> {
    vec![json!({"activity": "travel"}); n]
}

#[test]
fn march_the_cli_example() {
    let mut hours = travel_hours(8);
    hours.push(
        json!({"activity": "travel", "altitude_m": 0, "temperature": "normal", "depth_m": 0}),
    );
    let request = json!({"bonus": 3, "day_hours": 24, "immune": [], "reduction": {"cold": 0, "heat": 0}, "hours": hours});
    let answer = rule("march", "7", request);
    assert_eq!(
        answer["tests"],
        json!([{"hour": 9, "cause": "march", "tg": 11, "roll": 7, "total": 10, "passed": false, "exhaustion": 1}])
    );
    assert_eq!(answer["exhaustion"], 1);
    assert_eq!(
        answer["forecast"],
        json!({"expected_exhaustion": 0.35, "p_at_least": [0.35]})
    );
}

#[test]
fn march_orders_tests_and_uses_defaults() {
    // Hour 1: cold (immune to heat only); hour 2: swim at 60 m counts 2, then heat.
    let hours = json!([
        {"activity": "rest", "temperature": "extreme-cold"},
        {"activity": "swim", "depth_m": 60, "temperature": "extreme-heat"},
        {"activity": "swim", "depth_m": 250},
    ]);
    let answer = rule("march", "3,12,20,1", json!({"bonus": 2, "hours": hours}));
    let tests: Vec<(u64, &str, i64, i64, u64)> = answer["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["hour"].as_u64().unwrap(),
                t["cause"].as_str().unwrap(),
                t["tg"].as_i64().unwrap(),
                t["total"].as_i64().unwrap(),
                t["exhaustion"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        tests,
        [
            (1, "cold", 10, 5, 2),
            (2, "swim", 11, 14, 0),
            (2, "heat", 10, 22, 0),
            (3, "swim", 15, 0, 1)
        ]
    );
    assert_eq!(answer["exhaustion"], 3);
    let p = answer["forecast"]["p_at_least"].as_array().unwrap();
    assert!(p.windows(2).all(|w| w[0].as_f64() >= w[1].as_f64()));
}

#[test]
fn march_immunity_and_reduction() {
    let hot = json!({"activity": "work", "temperature": "extreme-heat"});
    let cold = json!({"activity": "work", "temperature": "extreme-cold"});
    let request = json!({"bonus": 0, "immune": ["cold"], "reduction": {"heat": 1}, "hours": [hot, cold, hot]});
    let answer = rule("march", "10", request);
    assert_eq!(answer["tests"].as_array().unwrap().len(), 1);
    assert_eq!(answer["tests"][0]["hour"], 3);
}

#[test]
fn march_bad_requests() {
    let fly = json!({"bonus": 3, "hours": [{"activity": "travel"}, {"activity": "travel"}, {"activity": "travel"}, {"activity": "fly"}]});
    let line = refused(&["rules", "march"], &fly.to_string(), "hours[3].activity");
    assert!(line.contains("unknown activity \"fly\""), "{line}");
    let long = json!({"bonus": 0, "day_hours": 2, "hours": travel_hours(3)});
    refused(&["rules", "march"], &long.to_string(), "hours");
    refused(&["rules", "march"], r#"{"hours": []}"#, "bonus");
    refused(
        &["rules", "march"],
        r#"{"bonus": "3", "hours": []}"#,
        "bonus",
    );
    refused(
        &["rules", "march"],
        r#"{"bonus": 0, "immune": ["acid"], "hours": []}"#,
        "immune[0]",
    );
    refused(
        &["rules", "march"],
        r#"{"bonus": 0, "hours": [{"activity": "swim", "depth_m": -5}]}"#,
        "hours[0].depth_m",
    );
    refused(
        &["rules", "march"],
        r#"{"bonus": 0, "hours": [{"activity": "rest", "temperature": "warm"}]}"#,
        "hours[0].temperature",
    );
    refused(
        &["rules", "march"],
        r#"{"bonus": 0, "hours": [{"activity": "travel"}]"#,
        "request",
    );
}

#[test]
fn rations_days_without_food() {
    let answer = rule(
        "rations",
        "",
        json!({"endurance": 2, "start_days_without": 0, "days": [{"eaten": 40, "multiplier": 1}]}),
    );
    assert_eq!(
        answer,
        json!({"days": [{"required": 40, "status": "full", "days_without": 0, "exhaustion": 0}], "exhaustion": 0})
    );
    let hungry = json!({"endurance": 1, "start_days_without": 0.5, "days": [{"eaten": 40, "multiplier": 2}, {"eaten": 0}, {"eaten": 40}]});
    let answer = rule("rations", "", hungry);
    assert_eq!(
        answer["days"][0],
        json!({"required": 80, "status": "half", "days_without": 1, "exhaustion": 0})
    );
    assert_eq!(
        answer["days"][1],
        json!({"required": 40, "status": "none", "days_without": 2, "exhaustion": 1})
    );
    assert_eq!(answer["days"][2]["days_without"], 0);
    assert_eq!(answer["exhaustion"], 1);
    refused(
        &["rules", "rations"],
        r#"{"endurance": 1, "days": [{"eaten": -1}]}"#,
        "days[0].eaten",
    );
    refused(
        &["rules", "rations"],
        r#"{"endurance": 1, "days": [{"eaten": 10, "multiplier": -1}]}"#,
        "days[0].multiplier",
    );
    refused(&["rules", "rations"], r#"{"days": []}"#, "endurance");
}

#[test]
fn survey_the_cli_example_and_naturals() {
    let answer = rule(
        "survey",
        "12",
        json!({"bonus": 4, "abundance": "rare", "advantage": false}),
    );
    assert_eq!(
        answer,
        json!({"test": true, "roll": 12, "ttv": 13, "result": "small-source", "quality": "standard", "yield": "half", "complication": false, "boon": false})
    );
    let crit = rule(
        "survey",
        "1",
        json!({"bonus": 20, "abundance": "bountiful"}),
    );
    assert_eq!(
        (
            crit["ttv"].clone(),
            crit["result"].clone(),
            crit["complication"].clone()
        ),
        (json!(0), json!("nothing"), json!(true))
    );
    let inspired = rule(
        "survey",
        "3,20",
        json!({"bonus": 5, "abundance": "common", "advantage": true}),
    );
    assert_eq!(
        (
            inspired["roll"].clone(),
            inspired["result"].clone(),
            inspired["quality"].clone()
        ),
        (json!(20), json!("exceptional-source"), json!("pure"))
    );
    let none = rule(
        "survey",
        "",
        json!({"bonus": 4, "abundance": "nonexistent"}),
    );
    assert_eq!(
        (
            none["test"].clone(),
            none["roll"].clone(),
            none["ttv"].clone(),
            none["quality"].clone()
        ),
        (json!(false), Value::Null, Value::Null, Value::Null)
    );
    assert_eq!(
        (none["result"].clone(), none["yield"].clone()),
        (json!("nothing"), json!("none"))
    );
    refused(
        &["rules", "survey"],
        r#"{"bonus": 4, "abundance": "scarce"}"#,
        "abundance",
    );
}

#[test]
fn gather_the_cli_example_and_yield() {
    let answer = rule(
        "gather",
        "14,3",
        json!({"bonus": 5, "sb": 2, "source": "moderate-source", "quality": "standard"}),
    );
    assert_eq!(
        answer,
        json!({"roll": 14, "ttv": 19, "result": "quickened-bounty", "units": 5, "quality": "standard", "improved_units": 0, "minutes": 30, "rare_find": false})
    );
    let fateful = rule(
        "gather",
        "20,8",
        json!({"bonus": 10, "sb": 3, "source": "small-rich-source"}),
    );
    assert_eq!(
        (
            fateful["units"].clone(),
            fateful["improved_units"].clone(),
            fateful["quality"].clone(),
            fateful["rare_find"].clone()
        ),
        (json!(5), json!(2), json!("rich"), json!(true))
    );
    let stalled = rule(
        "gather",
        "7",
        json!({"bonus": 0, "sb": 3, "source": "impure-exploited-source"}),
    );
    assert_eq!(
        (
            stalled["result"].clone(),
            stalled["units"].clone(),
            stalled["minutes"].clone()
        ),
        (json!("stalled-bounty"), json!(1), json!(120))
    );
    refused(
        &["rules", "gather"],
        r#"{"bonus": 5, "sb": 2, "source": "nothing"}"#,
        "source",
    );
    refused(
        &["rules", "gather"],
        r#"{"bonus": 5, "sb": -2, "source": "rich-source"}"#,
        "sb",
    );
    refused(
        &["rules", "gather", "--dice", "16"],
        r#"{"bonus": 5, "sb": 2, "source": "rich-source"}"#,
        "dice",
    );
}

#[test]
fn pathfind_every_branch() {
    let example = json!({"difficulty": 6, "sidetracked": 0, "times_travelled": 0, "modifiers": 0, "explored": false, "lost": false, "spend_token": false});
    assert_eq!(
        rule("pathfind", "4,4", example),
        json!({"effective": 6, "roll": 4, "success": false, "setback": "noisy", "progress": true, "extra_rounds": 0, "lost": false})
    );
    let free = rule(
        "pathfind",
        "",
        json!({"difficulty": 4, "times_travelled": 2}),
    );
    assert_eq!(
        (
            free["roll"].clone(),
            free["success"].clone(),
            free["effective"].clone()
        ),
        (Value::Null, json!(true), json!(0))
    );
    let explored = rule("pathfind", "5", json!({"difficulty": 6, "explored": true}));
    assert_eq!(
        (
            explored["effective"].clone(),
            explored["roll"].clone(),
            explored["success"].clone()
        ),
        (json!(6), json!(5), json!(true))
    );
    let back = rule(
        "pathfind",
        "2,3",
        json!({"difficulty": 6, "sidetracked": 1}),
    );
    assert_eq!(
        (
            back["effective"].clone(),
            back["setback"].clone(),
            back["extra_rounds"].clone(),
            back["progress"].clone()
        ),
        (json!(7), json!("backtracked"), json!(1), json!(false))
    );
    let lost = rule("pathfind", "2,6", json!({"difficulty": 6}));
    assert_eq!(
        (lost["setback"].clone(), lost["lost"].clone()),
        (json!("totally-lost"), json!(true))
    );
    let still = rule("pathfind", "2", json!({"difficulty": 6, "lost": true}));
    assert_eq!(
        (
            still["setback"].clone(),
            still["lost"].clone(),
            still["progress"].clone()
        ),
        (json!("totally-lost"), json!(true), json!(false))
    );
    let token = rule(
        "pathfind",
        "2",
        json!({"difficulty": 6, "lost": true, "spend_token": true}),
    );
    assert_eq!(
        (
            token["success"].clone(),
            token["setback"].clone(),
            token["lost"].clone()
        ),
        (json!(true), Value::Null, json!(false))
    );
    refused(
        &["rules", "pathfind", "--dice", "2"],
        r#"{"difficulty": 6}"#,
        "dice",
    );
    refused(
        &["rules", "pathfind"],
        r#"{"sidetracked": 1}"#,
        "difficulty",
    );
    refused(
        &["rules", "pathfind"],
        r#"{"difficulty": 6, "sidetracked": -1}"#,
        "sidetracked",
    );
}

#[test]
fn encounter_every_kind() {
    let example =
        json!({"difficulty": 6, "sidetracked": 0, "danger": 2, "noisy": 0, "wild": false});
    assert_eq!(
        rule("encounter", "2", example),
        json!({"threshold": 7, "roll": 2, "kind": "warriors", "benign": null})
    );
    assert_eq!(
        rule("encounter", "8", json!({"difficulty": 6, "danger": 2}))["kind"],
        "hazard"
    );
    let merchant = rule("encounter", "5,6", json!({"difficulty": 6, "danger": 2}));
    assert_eq!(
        (merchant["kind"].clone(), merchant["benign"].clone()),
        (json!("benign"), json!("merchant"))
    );
    let wild = rule(
        "encounter",
        "5,6",
        json!({"difficulty": 6, "danger": 2, "wild": true}),
    );
    assert_eq!(wild["benign"], "peace");
    let noisy = rule(
        "encounter",
        "5",
        json!({"difficulty": 6, "danger": 2, "noisy": 9}),
    );
    assert_eq!(noisy["kind"], "warriors");
    let sidetracked = rule(
        "encounter",
        "7",
        json!({"difficulty": 6, "sidetracked": 2, "danger": 2}),
    );
    assert_eq!(
        (
            sidetracked["threshold"].clone(),
            sidetracked["kind"].clone()
        ),
        (json!(6), json!("hazard"))
    );
    refused(
        &["rules", "encounter", "--dice", "5"],
        r#"{"difficulty": 6, "danger": 2}"#,
        "dice",
    );
    refused(&["rules", "encounter"], r#"{"difficulty": 6}"#, "danger");
}

fn hero(name: &str, action: &str) -> Value {
    json!({"name": name, "hp": 3, "max_hp": 10, "mp": 1, "max_mp": 6, "injuries": 1, "action": action, "body": 4, "mind": 3, "spirit": 5})
}

#[test]
fn camp_the_cli_example() {
    let mut ash = hero("Ash", "cook");
    ash["fed"] = json!(true);
    ash["target"] = Value::Null;
    ash["ranks"] =
        json!({"striker": 0, "caster": 0, "healer": 0, "defender": 0, "support": 0, "saboteur": 0});
    let answer = rule(
        "camp",
        "5",
        json!({"supplies": 6, "allies": 1, "danger": 2, "fellow_travelers": false, "heroes": [ash]}),
    );
    assert_eq!(
        answer,
        json!({"supplies_spent": 2, "supplies": 4, "ambush": false, "first_strike": false, "explored": false,
               "heroes": [{"name": "Ash", "success": null, "hp": 8, "mp": 1, "injuries": 1}]})
    );
}

#[test]
fn camp_roles_hunt_mend_and_ambush() {
    let mut hunter = hero("Ash", "hunt");
    hunter["ranks"] = json!({"striker": 2});
    let mut healer = hero("Bo", "mend");
    healer["ranks"] = json!({"healer": 1});
    healer["target"] = json!("Cy");
    let mut hungry = hero("Di", "shelter");
    hungry["fed"] = json!(false);
    let request = json!({"supplies": 5, "allies": 0, "danger": 4,
        "heroes": [hunter, healer, hero("Cy", "recover"), hungry, hero("Ed", "cook")]});
    // Hunt: d10 1 < 2 + 1, then its d4 2. Mend: d10 1 < 2 + 0. Ambush: d10 2 <= 4 / 2.
    let answer = rule("camp", "1,2,1,2", request);
    assert_eq!(answer["supplies_spent"], 4);
    assert_eq!(answer["supplies"], 3);
    assert_eq!(
        (answer["ambush"].clone(), answer["first_strike"].clone()),
        (json!(true), json!(true))
    );
    let heroes: Vec<Value> = answer["heroes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| json!([h["name"], h["success"], h["hp"], h["mp"], h["injuries"]]))
        .collect();
    assert_eq!(
        heroes,
        [
            json!(["Ash", true, 8, 4, 1]),
            json!(["Bo", true, 8, 4, 1]),
            json!(["Cy", null, 10, 4, 0]),
            json!(["Di", null, 3, 1, 2]),
            json!(["Ed", null, 8, 4, 1]),
        ]
    );
}

#[test]
fn camp_watch_fellow_travelers_and_explore() {
    let mut watcher = hero("Ash", "watch");
    watcher["ranks"] = json!({"defender": 1});
    let request = json!({"supplies": 0, "allies": 2, "danger": 2, "fellow_travelers": true,
        "heroes": [watcher, hero("Bo", "explore"), hero("Cy", "shelter")]});
    let answer = rule("camp", "9,1", request);
    assert_eq!(
        (answer["supplies_spent"].clone(), answer["supplies"].clone()),
        (json!(0), json!(0))
    );
    assert_eq!(
        (
            answer["ambush"].clone(),
            answer["first_strike"].clone(),
            answer["explored"].clone()
        ),
        (json!(true), json!(false), json!(true))
    );
    assert_eq!(answer["heroes"][0]["success"], false);
}

/// `allies_fed`: "they may choose which characters to distribute Supplies
/// to", allies included; and "A camp with 0 Supplies is allowed: nobody is
/// fed, and Shelter and Cook cannot be taken."
#[test]
fn camp_allies_unfed_and_a_camp_with_no_supplies() {
    let answer = rule(
        "camp",
        "9",
        json!({"supplies": 1, "allies": 2, "allies_fed": 0, "danger": 2,
               "heroes": [hero("Ash", "explore")]}),
    );
    assert_eq!(
        (answer["supplies_spent"].clone(), answer["supplies"].clone()),
        (json!(1), json!(0))
    );
    let broke = rule(
        "camp",
        "9",
        json!({"supplies": 0, "allies": 2, "danger": 2,
               "heroes": [hero("Ash", "explore"), hero("Bo", "recover")]}),
    );
    assert_eq!(broke["supplies_spent"], 0);
    assert_eq!(
        (
            broke["heroes"][0]["injuries"].clone(),
            broke["heroes"][1]["hp"].clone()
        ),
        (json!(2), json!(3)),
        "unfed: an injury and no healing"
    );
    refused(
        &["rules", "camp", "--dice", "9"],
        &json!({"supplies": 5, "allies": 2, "allies_fed": 3, "danger": 2,
                "heroes": [hero("Ash", "explore")]})
        .to_string(),
        "allies_fed",
    );
    refused(
        &["rules", "camp", "--dice", "9"],
        &json!({"supplies": 1, "allies": 2, "allies_fed": 1, "danger": 2,
                "heroes": [hero("Ash", "explore")]})
        .to_string(),
        "supplies",
    );
}

#[test]
fn camp_bad_requests() {
    let camp = |supplies: u32, heroes: Vec<Value>| {
        json!({"supplies": supplies, "allies": 1, "danger": 2, "heroes": heroes}).to_string()
    };
    refused(
        &["rules", "camp", "--dice", "9"],
        &camp(1, vec![hero("Ash", "cook")]),
        "supplies",
    );
    refused(
        &["rules", "camp", "--dice", "9"],
        &camp(6, vec![hero("Ash", "hunt")]),
        "heroes[0].action",
    );
    let mut hungry = hero("Ash", "cook");
    hungry["fed"] = json!(false);
    let empty = json!({"supplies": 0, "allies": 0, "danger": 2, "heroes": [hungry]}).to_string();
    refused(
        &["rules", "camp", "--dice", "9"],
        &empty,
        "heroes[0].action",
    );
    let mut healer = hero("Ash", "mend");
    healer["ranks"] = json!({"healer": 2});
    healer["target"] = json!("Bo");
    refused(
        &["rules", "camp", "--dice", "9,9"],
        &camp(6, vec![healer.clone(), hero("Bo", "cook")]),
        "heroes[0].target",
    );
    healer["target"] = Value::Null;
    refused(
        &["rules", "camp", "--dice", "9,9"],
        &camp(6, vec![healer]),
        "heroes[0].target",
    );
    refused(
        &["rules", "camp", "--dice", "9"],
        &camp(6, vec![hero("Ash", "sing")]),
        "heroes[0].action",
    );
    let mut nameless = hero("Ash", "cook");
    nameless.as_object_mut().unwrap().remove("name");
    refused(
        &["rules", "camp", "--dice", "9"],
        &camp(6, vec![nameless]),
        "heroes[0].name",
    );
    refused(
        &["rules", "camp", "--dice", "9"],
        &camp(6, vec![hero("Ash", "cook"), json!({"hp": -1})]),
        "heroes[1].hp",
    );
    refused(
        &["rules", "camp", "--dice", ""],
        &camp(6, vec![hero("Ash", "cook")]),
        "dice",
    );
}

#[test]
fn challenge_the_cli_example_and_outcomes() {
    let answer = rule(
        "challenge",
        "3,8,6",
        json!({"stat": 4, "difficulty": "standard", "modifiers": [1], "wild_die": false}),
    );
    assert_eq!(
        answer,
        json!({"player_rolls": [3, 8], "player": 9, "challenge_rolls": [6], "challenge": 6, "outcome": "success"})
    );
    let tie = rule("challenge", "6,6", json!({"stat": 5, "difficulty": "easy"}));
    assert_eq!(tie["outcome"], "tie");
    let wild = rule(
        "challenge",
        "2,4,9,10",
        json!({"stat": 6, "difficulty": "very-hard", "wild_die": true}),
    );
    assert_eq!(
        (
            wild["player_rolls"].clone(),
            wild["challenge_rolls"].clone(),
            wild["outcome"].clone()
        ),
        (json!([2, 4]), json!([9, 10]), json!("failure"))
    );
    let natural = rule(
        "challenge",
        "10,10",
        json!({"stat": 7, "difficulty": "standard", "modifiers": [-1, -1, -1]}),
    );
    assert_eq!(
        (natural["player"].clone(), natural["outcome"].clone()),
        (json!(8), json!("success"))
    );
    refused(
        &["rules", "challenge"],
        r#"{"stat": 4, "difficulty": "brutal"}"#,
        "difficulty",
    );
    refused(
        &["rules", "challenge", "--dice", "3,8,6"],
        r#"{"stat": 4, "difficulty": "easy", "modifiers": [2]}"#,
        "modifiers[0]",
    );
    refused(
        &["rules", "challenge", "--dice", "3,8,7"],
        r#"{"stat": 4, "difficulty": "easy"}"#,
        "dice",
    );
}

#[test]
fn attack_the_cli_example_and_modifiers() {
    let example = json!({"attacks": 3, "quality": 4, "defence": 5, "ap": 0, "shooting": true, "cover": false, "long_range": false, "extra_enemies": 0, "toughness": 0});
    assert_eq!(
        rule("attack", "4,2,6,5,1", example),
        json!({"hit_rolls": [4, 2, 6], "hits": 2, "block_rolls": [5, 1], "blocked": 1, "wounds": 1, "toughness_spent": 0, "wounds_taken": 1})
    );
    let covered = rule(
        "attack",
        "5,5,4,4",
        json!({"attacks": 2, "quality": 5, "defence": 5, "shooting": true, "cover": true, "long_range": true, "extra_enemies": 1, "toughness": 3}),
    );
    assert_eq!(
        (
            covered["hits"].clone(),
            covered["blocked"].clone(),
            covered["wounds"].clone()
        ),
        (json!(2), json!(2), json!(0))
    );
    let ap = rule(
        "attack",
        "6,6,5,6",
        json!({"attacks": 2, "quality": 4, "defence": 4, "ap": 2, "shooting": false, "toughness": 1}),
    );
    assert_eq!(
        (
            ap["blocked"].clone(),
            ap["wounds"].clone(),
            ap["toughness_spent"].clone(),
            ap["wounds_taken"].clone()
        ),
        (json!(1), json!(1), json!(1), json!(0))
    );
    refused(
        &["rules", "attack"],
        r#"{"attacks": -3, "quality": 4, "defence": 5}"#,
        "attacks",
    );
    refused(
        &["rules", "attack"],
        r#"{"attacks": 1, "quality": 4, "defence": 5, "shooting": true, "cover": "yes"}"#,
        "cover",
    );
    // `shooting` has no default in CLI.md, so it is required.
    refused(
        &["rules", "attack"],
        r#"{"attacks": 1, "quality": 4, "defence": 5}"#,
        "shooting",
    );
}

#[test]
fn threat_rolls() {
    assert_eq!(
        rule("threat", "3", json!({"threat": 4})),
        json!({"roll": 3, "event": true, "threat": 2})
    );
    assert_eq!(
        rule("threat", "5", json!({"threat": 4})),
        json!({"roll": 5, "event": false, "threat": 4})
    );
    assert_eq!(rule("threat", "1", json!({"threat": 1}))["threat"], 0);
    refused(&["rules", "threat"], r#"{"threat": -1}"#, "threat");
    refused(
        &["rules", "threat", "--dice", "0"],
        r#"{"threat": 1}"#,
        "dice",
    );
}

#[test]
fn advance_levels_and_limits() {
    let example = json!({"xp": 16, "traveller": false, "stats": {"will": 5, "dexterity": 4}, "quality": 5, "defence": 5,
        "advances": [{"kind": "wounds"}, {"kind": "stat", "stat": "will"}]});
    assert_eq!(
        rule("advance", "", example),
        json!({"level": 4, "next_level_xp": 22, "advances_allowed": 3, "valid": true, "errors": []})
    );
    let capped = rule(
        "advance",
        "",
        json!({"xp": 40, "stats": {}, "quality": 4, "defence": 5, "advances": [{"kind": "quality"}]}),
    );
    assert_eq!(
        (
            capped["level"].clone(),
            capped["next_level_xp"].clone(),
            capped["valid"].clone()
        ),
        (json!(5), Value::Null, json!(false))
    );
    assert_eq!(capped["errors"].as_array().unwrap().len(), 1);
    let traveller = rule(
        "advance",
        "",
        json!({"xp": 40, "traveller": true, "stats": {}, "quality": 5, "defence": 5, "advances": []}),
    );
    assert_eq!(
        traveller,
        json!({"level": 1, "next_level_xp": null, "advances_allowed": 0, "valid": true, "errors": []})
    );
    let broken = rule(
        "advance",
        "",
        json!({"xp": 4, "stats": {"will": 3}, "quality": 5, "defence": 5,
        "advances": [{"kind": "stat", "stat": "will"}, {"kind": "talent", "name": "Quick"}, {"kind": "talent", "name": "Quick"}]}),
    );
    assert_eq!(broken["errors"].as_array().unwrap().len(), 3);
    refused(
        &["rules", "advance"],
        r#"{"xp": 4, "stats": {"will": 5}, "quality": 5, "defence": 5, "advances": [{"kind": "stat", "stat": "luck"}]}"#,
        "advances[0].stat",
    );
    refused(
        &["rules", "advance"],
        r#"{"xp": 4, "stats": {}, "quality": 5, "defence": 5, "advances": [{"kind": "flight"}]}"#,
        "advances[0].kind",
    );
    refused(
        &["rules", "advance"],
        r#"{"xp": 4, "stats": {}, "quality": 5, "defence": 5, "advances": [{"kind": "power"}]}"#,
        "advances[0].name",
    );
}

#[test]
fn extras_answer_too() {
    let forecast = rule("forecast", "", json!({"bonus": 3, "tests": [{"tg": 11}]}));
    assert_eq!(forecast["p_at_least"], json!([0.35]));
    assert_eq!(forecast["distribution"], json!([0.65, 0.35]));
    assert_eq!(
        rule("breath", "", json!({"endurance": 2})),
        json!({"hold_seconds": 180, "choke_rounds": 2})
    );
    let fall = rule("falling", "3,3,3", json!({"height_m": 9}));
    assert_eq!(
        (fall["damage"].clone(), fall["prone"].clone()),
        (json!(9), json!(true))
    );
    let cold = rule(
        "cold-water",
        "9",
        json!({"endurance": 1, "bonus": 0, "minutes": 2, "depth_m": 250}),
    );
    assert_eq!(cold["exhaustion"], 2);
    assert_eq!(
        rule("senses", "", json!({"ranges_m": [18, 12]}))["range_m"],
        21
    );
    assert_eq!(
        rule(
            "sight",
            "",
            json!({"light": "darkness", "nightvision_m": 18, "distance_m": 10})
        )["test"],
        "disadvantage"
    );
    assert_eq!(
        rule("ice", "5", json!({"bonus": 0, "thin": true}))["outcome"],
        "falls-through"
    );
    assert_eq!(rule("lava", "1,2", json!({"exposure": "near"}))["total"], 3);
    assert_eq!(
        rule("power", "1", json!({"stat": 4, "level": 2, "threat": 2}))["threat"],
        3
    );
    assert_eq!(rule("revive", "5", json!({"stat": 5}))["wounds"], 1);
    assert_eq!(
        rule("fight-size", "", json!({"heroes": 4, "finale": true}))["boss"],
        true
    );
    assert_eq!(
        rule("roll", "3,8", json!({"dice": "2d10kh1+1"}))["total"],
        9
    );
    refused(&["rules", "roll"], r#"{"dice": "2x6"}"#, "dice");
    refused(
        &["rules", "quicksand", "--dice", "20"],
        r#"{"height_m": 1.8, "sunk_m": 2, "event": "escape"}"#,
        "event",
    );
}

#[test]
fn the_request_can_come_from_a_file_and_dice_from_a_seed() {
    let path = std::env::temp_dir().join(format!("waybook-threat-{}.json", std::process::id()));
    std::fs::write(&path, r#"{"threat": 4}"#).unwrap();
    let file = path.to_str().unwrap();
    let first = waybook(&["rules", "threat", "--input", file, "--seed", "7"], "");
    let second = waybook(&["rules", "threat", "--input", file, "--seed", "7"], "");
    assert_eq!((first.code, &first.stdout), (0, &second.stdout));
    let scripted = waybook(&["rules", "threat", "--input", file, "--dice", "2"], "");
    assert_eq!(
        serde_json::from_str::<Value>(&scripted.stdout).unwrap(),
        json!({"roll": 2, "event": true, "threat": 2})
    );
    std::fs::remove_file(&path).unwrap();
    refused(
        &["rules", "threat", "--input", "/nonexistent/request.json"],
        "",
        "input",
    );
}

#[test]
fn general_bad_requests() {
    refused(&["rules", "fly"], "{}", "rule");
    refused(&["rules", "threat"], "", "request");
    refused(&["rules", "threat"], "not json", "request");
    refused(
        &["rules", "threat", "--dice", "3,x"],
        r#"{"threat": 4}"#,
        "dice",
    );
    refused(
        &["rules", "threat", "--dice", "-1"],
        r#"{"threat": 4}"#,
        "dice",
    );
    let ran_out = refused(
        &["rules", "attack", "--dice", "4,5"],
        r#"{"attacks": 3, "quality": 4, "defence": 5, "shooting": false}"#,
        "dice",
    );
    assert!(ran_out.contains("ran out"), "{ran_out}");
    let face = refused(
        &["rules", "attack", "--dice", "7"],
        r#"{"attacks": 1, "quality": 4, "defence": 5, "shooting": false}"#,
        "dice",
    );
    assert!(face.contains("7 is not a face of a d6"), "{face}");
    // Unused scripted dice and unknown fields are ignored.
    let extra = waybook(
        &["rules", "threat", "--dice", "3,4,5"],
        r#"{"threat": 4, "mood": "grim"}"#,
    );
    assert_eq!(extra.code, 0);
}

#[test]
fn help_lists_every_rule() {
    let out = waybook(&["rules", "--help"], "");
    assert_eq!(out.code, 0);
    for rule in [
        "march",
        "rations",
        "survey",
        "gather",
        "pathfind",
        "encounter",
        "camp",
        "challenge",
        "attack",
        "threat",
        "advance",
        "forecast",
        "cold-water",
        "breath",
        "falling",
        "quicksand",
        "lava",
        "ice",
        "forage",
        "senses",
        "sight",
        "hide",
        "power",
        "revive",
    ] {
        assert!(
            out.stdout.contains(&format!("  {rule} ")),
            "{rule} missing from help"
        );
    }
}

/// "A bad request (... a value out of range ...) exits with status 2": numbers
/// far beyond any rule are refused by name, never overflow.
#[test]
fn huge_numbers_are_refused_not_overflowed() {
    refused(
        &["rules", "encounter", "--dice", "1"],
        r#"{"difficulty": 2, "danger": 4294967295, "noisy": 1}"#,
        "danger",
    );
    refused(
        &["rules", "pathfind", "--dice", "1,1"],
        r#"{"difficulty": 2, "times_travelled": 4294967295}"#,
        "times_travelled",
    );
    refused(
        &["rules", "rations"],
        r#"{"endurance": 1, "days": [{"eaten": 10, "multiplier": 1e308}]}"#,
        "days[0].multiplier",
    );
}

/// "The request is one JSON object": a list in its place is a bad request.
#[test]
fn a_list_is_not_a_request() {
    refused(&["rules", "threat", "--dice", "3"], "[4]", "request");
    refused(
        &["rules", "march", "--dice", "3"],
        r#"{"bonus": 2, "hours": [["swim"]]}"#,
        "hours[0]",
    );
}

/// A field with a default takes it when the request says `null`.
#[test]
fn null_stands_for_the_default() {
    let answer = rule(
        "challenge",
        "3,8,6",
        json!({"stat": 4, "difficulty": "standard", "modifiers": null, "wild_die": null}),
    );
    assert_eq!(answer["player"], 8);
    assert_eq!(answer["outcome"], "success");
}

/// Command-line mistakes are one line too, with exit status 2.
#[test]
fn argument_errors_are_one_line() {
    let out = waybook(&["rules", "threat", "--bogus"], "{}");
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("waybook: ") && out.stderr.contains("--bogus"),
        "{}",
        out.stderr
    );
}
