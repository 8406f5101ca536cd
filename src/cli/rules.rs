//! `waybook rules RULE [--input FILE] [--dice 7,3,12] [--seed N]`: runs one
//! rule of the engine on a JSON request and prints the JSON answer. A bad
//! request prints one line, `waybook: path: message`, on standard error and
//! exits with status 2.

use std::io::{Read, Write};
use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use waybook_rules::RuleError;
use waybook_rules::companion::{advance, challenge, combat, hero, powers, threat};
use waybook_rules::dice::Dice;
use waybook_rules::expr::DiceExpr;
use waybook_rules::forecast::{ExhaustionTest, forecast};
use waybook_rules::rounds::{camp, encounter, pathfind};
use waybook_rules::tables::{RollTable, builtin_table};
use waybook_rules::travel::{gather, ground, march, rations, senses, water};

/// Every rule the command answers, with a line of help each.
pub const RULES: &[(&str, &str)] = &[
    (
        "march",
        "one character's day hour by hour: marching, swimming, cold and heat",
    ),
    ("rations", "food and drink over days"),
    ("survey", "finding a source of material"),
    ("gather", "one gathering test at a source"),
    ("pathfind", "the navigation phase of a travel round"),
    ("encounter", "the encounter phase of a travel round"),
    ("camp", "the camping phase of a travel round"),
    ("challenge", "a challenge roll"),
    ("attack", "one attack resolved"),
    ("threat", "the threat roll at the start of a round or beat"),
    ("advance", "levels and advances"),
    (
        "forecast",
        "exact exhaustion forecast: {\"bonus\", \"tests\": [{\"tg\", \"by_five\", \"extra\"}]}",
    ),
    (
        "cold-water",
        "extremely cold water, minute by minute: {\"endurance\", \"bonus\", \"minutes\", \"depth_m\"}",
    ),
    ("breath", "holding breath and choking: {\"endurance\"}"),
    (
        "falling",
        "a fall: {\"height_m\", \"glide\", \"into_water\", \"bonus\"}",
    ),
    (
        "quicksand",
        "one quicksand event: {\"height_m\", \"sunk_m\", \"event\", \"bonus\"}",
    ),
    (
        "lava",
        "lava's fire damage: {\"exposure\": near|touching|submerged}",
    ),
    ("ice", "crossing ice: {\"bonus\", \"thin\"}"),
    ("forage", "an Intuition test to forage: {\"bonus\", \"tg\"}"),
    (
        "senses",
        "one sense from several sources: {\"ranges_m\": [..]}",
    ),
    (
        "sight",
        "light and obscurement: {\"light\", \"obscured\", \"nightvision_m\", \"distance_m\"}",
    ),
    (
        "hide",
        "one Stealth roll against each observer: {\"bonus\", \"observers\"}",
    ),
    (
        "power",
        "casting a power: {\"stat\", \"level\", \"modifiers\", \"threat\"}",
    ),
    (
        "revive",
        "reviving a downed hero: {\"stat\", \"modifiers\"}",
    ),
    ("priority", "priority D10s: {\"names\": [..]}"),
    ("behaviour", "enemy behaviour without a GM: {\"enemies\"}"),
    (
        "fight-size",
        "a good fight for the party: {\"heroes\", \"finale\"}",
    ),
    ("roll", "a dice expression: {\"dice\": \"2d10kh1\"}"),
    (
        "table",
        "a roll on a table: {\"name\"} for a shipped table or {\"table\": {..}}",
    ),
];

fn rules_help() -> String {
    let width = RULES.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let lines: Vec<String> = RULES
        .iter()
        .map(|(name, help)| format!("  {name:width$}  {help}"))
        .collect();
    format!(
        "Rules:\n{}\n\nThe request is one JSON object; the answer is one JSON object.",
        lines.join("\n")
    )
}

/// The arguments of `waybook rules`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = rules_help())]
pub struct RulesArgs {
    /// The rule to run (listed below).
    pub rule: String,
    /// Read the request from FILE instead of standard input.
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Script the dice: each die rolled takes the next number.
    #[arg(long, value_name = "7,3,12", allow_hyphen_values = true)]
    pub dice: Option<String>,
    /// Seed the random dice so they repeat.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// A request that cannot be answered: the field at fault and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct RequestError {
    /// The field as a path, e.g. `hours[3].activity`.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl RequestError {
    fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl From<RuleError> for RequestError {
    fn from(error: RuleError) -> Self {
        Self::new(error.path, error.message)
    }
}

/// The path of the whole request.
const ROOT: &str = "request";

fn join(parent: &str, field: &str) -> String {
    if parent == "." || parent.is_empty() {
        field.to_string()
    } else {
        format!("{parent}.{field}")
    }
}

/// The largest number, in size, any request may hold: far beyond every
/// count, bonus and rating of the rules, and far from integer overflow.
const LARGEST: f64 = 1_000_000.0;

/// Checks the request's shape before it is read as a rule's type: it is one
/// object, no number is out of range, no list holds lists, and a `null`
/// stands for a missing field (so a field with a default takes it).
fn screen(value: &mut Value, path: &str) -> Result<(), RequestError> {
    match value {
        Value::Number(n) if n.as_f64().is_none_or(|v| v.abs() > LARGEST) => Err(RequestError::new(
            if path.is_empty() { ROOT } else { path },
            format!("{n} is out of range (at most {LARGEST} in size)"),
        )),
        Value::Object(map) => {
            map.retain(|_, v| !v.is_null());
            map.iter_mut()
                .try_for_each(|(key, v)| screen(v, &join(path, key)))
        }
        Value::Array(items) => items.iter_mut().enumerate().try_for_each(|(i, item)| {
            let at = format!("{path}[{i}]");
            if item.is_array() {
                return Err(RequestError::new(
                    at,
                    "expected an object or a value, found a list",
                ));
            }
            screen(item, &at)
        }),
        _ => Ok(()),
    }
}

/// Reads the request as `T`, naming the field at fault.
fn parse<T: DeserializeOwned>(json: &str) -> Result<T, RequestError> {
    let mut value: Value =
        serde_json::from_str(json).map_err(|error| RequestError::new(ROOT, error.to_string()))?;
    if !value.is_object() {
        return Err(RequestError::new(
            ROOT,
            "the request must be one JSON object",
        ));
    }
    screen(&mut value, "")?;
    serde_path_to_error::deserialize(value).map_err(|error| {
        let path = error.path().to_string();
        let message = error.into_inner().to_string();
        match message
            .strip_prefix("missing field `")
            .and_then(|rest| rest.strip_suffix('`'))
        {
            Some(field) => RequestError::new(join(&path, field), "missing field"),
            None if path == "." => RequestError::new(ROOT, message),
            None => RequestError::new(path, message),
        }
    })
}

/// Parses the request as `R`, runs the rule and serialises its answer.
fn with<R: DeserializeOwned, A: Serialize>(
    json: &str,
    rule: impl FnOnce(&R) -> Result<A, RuleError>,
) -> Result<Value, RequestError> {
    let request: R = parse(json)?;
    let answer = rule(&request)?;
    serde_json::to_value(answer).map_err(|error| RequestError::new("answer", error.to_string()))
}

#[derive(serde::Deserialize)]
struct ForecastRequest {
    bonus: i32,
    tests: Vec<ExhaustionTest>,
}

#[derive(serde::Deserialize)]
struct Endurance {
    endurance: i32,
}

#[derive(serde::Deserialize)]
struct Lava {
    exposure: ground::LavaExposure,
}

#[derive(serde::Deserialize)]
struct Ranges {
    ranges_m: Vec<u32>,
}

#[derive(serde::Deserialize)]
struct Names {
    names: Vec<String>,
}

#[derive(serde::Deserialize)]
struct Enemies {
    enemies: u32,
}

#[derive(serde::Deserialize)]
struct Party {
    heroes: u32,
    #[serde(default)]
    finale: bool,
}

#[derive(serde::Deserialize)]
struct Expression {
    dice: DiceExpr,
}

#[derive(serde::Deserialize)]
struct TableRequest {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    table: Option<RollTable>,
}

fn table_roll(request: &TableRequest, dice: &mut Dice) -> Result<Value, RuleError> {
    let table = match (&request.table, &request.name) {
        (Some(table), _) => table.clone(),
        (None, Some(name)) => builtin_table(name)
            .ok_or_else(|| RuleError::new("name", format!("no shipped table is named {name:?}")))?,
        (None, None) => return Err(RuleError::new("name", "missing field")),
    };
    Ok(json!(table.roll(dice)?))
}

/// Answers one request for `rule` with `dice`.
pub fn answer(rule: &str, request_json: &str, dice: &mut Dice) -> Result<Value, RequestError> {
    let json = request_json;
    match rule {
        "march" => with(json, |r: &march::DayPlan| march::march(r, dice)),
        "rations" => with(json, rations::rations),
        "survey" => with(json, |r: &gather::Survey| gather::survey(r, dice)),
        "gather" => with(json, |r: &gather::Gather| gather::gather(r, dice)),
        "pathfind" => with(json, |r: &pathfind::Pathfind| pathfind::pathfind(r, dice)),
        "encounter" => with(json, |r: &encounter::Encounter| {
            encounter::encounter(r, dice)
        }),
        "camp" => with(json, |r: &camp::Camp| camp::camp(r, dice)),
        "challenge" => with(json, |r: &challenge::Challenge| {
            challenge::challenge(r, dice)
        }),
        "attack" => with(json, |r: &combat::Attack| combat::attack(r, dice)),
        "threat" => with(json, |r: &threat::Threat| threat::start_of_round(r, dice)),
        "advance" => with(json, advance::check_advancement),
        "forecast" => with(json, |r: &ForecastRequest| {
            let f = forecast(&r.tests, r.bonus);
            Ok(
                json!({"distribution": f.distribution, "expected_exhaustion": f.expected_exhaustion, "p_at_least": f.p_at_least}),
            )
        }),
        "cold-water" => with(json, |r: &water::ColdWater| water::cold_water(r, dice)),
        "breath" => with(json, |r: &Endurance| Ok(water::breath(r.endurance))),
        "falling" => with(json, |r: &ground::Fall| ground::fall(r, dice)),
        "quicksand" => with(json, |r: &ground::Quicksand| ground::quicksand(r, dice)),
        "lava" => with(json, |r: &Lava| ground::lava(r.exposure, dice)),
        "ice" => with(json, |r: &ground::Ice| ground::ice(r, dice)),
        "forage" => with(json, |r: &rations::Forage| rations::forage(r, dice)),
        "senses" => with(json, |r: &Ranges| {
            Ok(json!({"range_m": senses::sense_range(&r.ranges_m)}))
        }),
        "sight" => with(json, |r: &senses::Sight| Ok(senses::sight(r))),
        "hide" => with(json, |r: &senses::Hide| senses::hide(r, dice)),
        "power" => with(json, |r: &powers::Cast| powers::cast(r, dice)),
        "revive" => with(json, |r: &hero::Revive| hero::revive(r, dice)),
        "priority" => with(json, |r: &Names| {
            let order = combat::priority(&r.names, dice)?;
            let order: Vec<Value> = order
                .iter()
                .map(|(name, roll)| json!({"name": name, "roll": roll}))
                .collect();
            Ok(json!({"order": order}))
        }),
        "behaviour" => with(json, |r: &Enemies| {
            let rolled = combat::behaviour(r.enemies, dice)?;
            let enemies: Vec<Value> = rolled
                .iter()
                .map(|(roll, b)| json!({"roll": roll, "behaviour": b}))
                .collect();
            Ok(json!({"enemies": enemies}))
        }),
        "fight-size" => with(json, |r: &Party| Ok(combat::fight_size(r.heroes, r.finale))),
        "roll" => with(json, |r: &Expression| Ok(r.dice.roll(dice)?)),
        "table" => with(json, |r: &TableRequest| table_roll(r, dice)),
        _ => Err(unknown_rule(rule)),
    }
}

fn unknown_rule(rule: &str) -> RequestError {
    RequestError::new(
        "rule",
        format!("unknown rule {rule:?} (see `waybook rules --help`)"),
    )
}

fn scripted_dice(text: &str) -> Result<Vec<u32>, RequestError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|face| {
            face.trim().parse().map_err(|_| {
                RequestError::new("dice", format!("{:?} is not a die face", face.trim()))
            })
        })
        .collect()
}

fn read_request(args: &RulesArgs, mut stdin: impl Read) -> Result<String, RequestError> {
    match &args.input {
        Some(path) => std::fs::read_to_string(path).map_err(|error| {
            let words = waybook_core::files::io_words(&error);
            RequestError::new("input", format!("cannot read {}: {words}", path.display()))
        }),
        None => {
            let mut text = String::new();
            stdin.read_to_string(&mut text).map_err(|error| {
                let words = waybook_core::files::io_words(&error);
                RequestError::new("input", format!("cannot read standard input: {words}"))
            })?;
            Ok(text)
        }
    }
}

fn execute(args: &RulesArgs, stdin: impl Read) -> Result<Value, RequestError> {
    // The request is read first, so a caller writing to standard input never
    // finds the pipe closed, whatever the error.
    let request = read_request(args, stdin)?;
    if !RULES.iter().any(|(name, _)| *name == args.rule) {
        return Err(unknown_rule(&args.rule));
    }
    let mut dice = match (&args.dice, args.seed) {
        (Some(text), _) => Dice::scripted(scripted_dice(text)?),
        (None, Some(seed)) => Dice::seeded(seed),
        (None, None) => Dice::random(),
    };
    answer(&args.rule, &request, &mut dice)
}

/// Runs `waybook rules`: the answer on `stdout` and exit code 0, or one
/// error line on `stderr` and exit code 2.
pub fn run(
    args: &RulesArgs,
    stdin: impl Read,
    mut stdout: impl Write,
    mut stderr: impl Write,
) -> i32 {
    match execute(args, stdin) {
        Ok(answer) => match writeln!(stdout, "{answer}") {
            Ok(()) => 0,
            Err(_) => 1,
        },
        Err(error) => {
            let line = error.to_string().replace(['\n', '\r'], " ");
            // Nothing more can be done if standard error is closed.
            let _ = writeln!(stderr, "waybook: {line}");
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(rule: &str, json: &str, faces: Vec<u32>) -> Result<Value, RequestError> {
        answer(rule, json, &mut Dice::scripted(faces))
    }

    #[test]
    fn every_listed_rule_is_answered() {
        for (rule, _) in RULES {
            let error = ask(rule, "{}", vec![]);
            assert!(
                error.as_ref().map_or_else(|e| e.path != "rule", |_| true),
                "{rule}: {error:?}"
            );
        }
        assert_eq!(ask("fly", "{}", vec![]).unwrap_err().path, "rule");
    }

    #[test]
    fn help_lists_every_rule() {
        let help = rules_help();
        for (rule, _) in RULES {
            assert!(help.contains(&format!("  {rule} ")), "{rule}");
        }
    }

    #[test]
    fn errors_name_the_field() {
        let bad_activity = r#"{"bonus":3,"hours":[{"activity":"travel"},{"activity":"fly"}]}"#;
        let error = ask("march", bad_activity, vec![]).unwrap_err();
        assert_eq!(error.path, "hours[1].activity");
        assert!(
            error.message.starts_with("unknown activity \"fly\""),
            "{}",
            error.message
        );
        assert_eq!(
            ask("march", r#"{"hours":[]}"#, vec![])
                .unwrap_err()
                .to_string(),
            "bonus: missing field"
        );
        let nested = ask("march", r#"{"bonus":1,"hours":[{"altitude_m":3}]}"#, vec![]).unwrap_err();
        assert_eq!(nested.to_string(), "hours[0].activity: missing field");
        let negative = ask(
            "attack",
            r#"{"attacks":-1,"quality":4,"defence":4}"#,
            vec![],
        )
        .unwrap_err();
        assert_eq!(
            negative.to_string(),
            "attacks: invalid value: integer `-1`, expected u32"
        );
        assert_eq!(ask("threat", "1", vec![]).unwrap_err().path, "request");
        assert_eq!(
            ask("threat", "{\"threat\":1} x", vec![]).unwrap_err().path,
            "request"
        );
        assert_eq!(
            ask("threat", "{\"threat\":1}", vec![])
                .unwrap_err()
                .to_string(),
            "dice: the scripted dice ran out"
        );
    }

    #[test]
    fn scripted_dice_text() {
        assert_eq!(scripted_dice("7, 3,12"), Ok(vec![7, 3, 12]));
        assert_eq!(scripted_dice(""), Ok(vec![]));
        assert_eq!(
            scripted_dice("7,x").unwrap_err().to_string(),
            "dice: \"x\" is not a die face"
        );
    }

    #[test]
    fn tables_shipped_or_given() {
        let shipped = ask("table", r#"{"name":"benign"}"#, vec![5]).unwrap();
        assert!(
            shipped["result"]
                .as_str()
                .unwrap()
                .starts_with("Fellow Travelers")
        );
        let given = r#"{"table":{"name":"t","dice":"d4","rows":[{"from":1,"to":2,"result":"a"}]}}"#;
        let error = ask("table", given, vec![1]).unwrap_err();
        assert_eq!(error.to_string(), "table: no row covers 3");
        assert_eq!(
            ask("table", r#"{"name":"nope"}"#, vec![]).unwrap_err().path,
            "name"
        );
    }
}
