//! What differs between the campaign's record and a pack's of the same
//! name, in lines the GM reads before choosing ("keep chance: 60 → 75",
//! "row 1 result: “Two toll-keepers” → “Three toll-keepers”", "day
//! hours: 24 → 20"): both read as the pack writes them and compared field
//! by field.

use serde_json::Value;

/// The lines that say how `theirs` differs from `ours`, fields in the
/// order the pack writes them.
pub fn differences(ours: &Value, theirs: &Value) -> Vec<String> {
    let mut lines = Vec::new();
    walk("", ours, theirs, &mut lines);
    lines
}

/// A field's name as the GM reads it.
fn label(key: &str) -> String {
    match key {
        "keep_percent" => "keep chance (%)".to_owned(),
        "day_hours" => "day hours".to_owned(),
        "long_rest_degrees" => "degrees a long rest removes".to_owned(),
        "track_food" => "food counted".to_owned(),
        "food_and_drink_apart" => "food and drink counted apart".to_owned(),
        "weather_table" => "weather table".to_owned(),
        "gather_table" => "battle-item table".to_owned(),
        "km_per_hour" => "km an hour".to_owned(),
        "day_one" => "day 1".to_owned(),
        "year_one_weekday" => "weekday of year 1".to_owned(),
        "cycle_days" => "cycle (days)".to_owned(),
        "phase_at_anchor" => "phase".to_owned(),
        "anchor" => "date of its phase".to_owned(),
        "reset" => "cycle starts again".to_owned(),
        "after_month" => "after".to_owned(),
        "in_week" => "in the week".to_owned(),
        "week_restarts_monthly" => "week starts again each month".to_owned(),
        other => other.replace('_', " "),
    }
}

/// A value as a line shows it.
fn shown(value: &Value) -> String {
    match value {
        Value::Null => "none".to_owned(),
        Value::String(s) => format!("“{s}”"),
        Value::Bool(true) => "yes".to_owned(),
        Value::Bool(false) => "no".to_owned(),
        Value::Array(items) => format!("{} entries", items.len()),
        Value::Object(_) => "a record".to_owned(),
        Value::Number(n) => n.to_string(),
    }
}

/// The singular of a list's name, for its entries: "rows" → "row".
fn entry(list: &str) -> String {
    match list.strip_suffix('s') {
        Some(one) if !one.is_empty() => one.to_owned(),
        _ => list.to_owned(),
    }
}

fn walk(at: &str, ours: &Value, theirs: &Value, lines: &mut Vec<String>) {
    if ours == theirs {
        return;
    }
    let named = |key: &str| {
        if at.is_empty() {
            label(key)
        } else {
            format!("{at} {}", label(key))
        }
    };
    match (ours, theirs) {
        (Value::Object(a), Value::Object(b)) => {
            let keys = b.keys().chain(a.keys().filter(|k| !b.contains_key(*k)));
            for key in keys {
                let (x, y) = (a.get(key), b.get(key));
                walk(
                    &named(key),
                    x.unwrap_or(&Value::Null),
                    y.unwrap_or(&Value::Null),
                    lines,
                );
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            let one = entry(at);
            if a.len() != b.len() {
                lines.push(format!("{at}: {} → {}", a.len(), b.len()));
            }
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                walk(&format!("{one} {}", i + 1), x, y, lines);
            }
        }
        (x, y) => lines.push(format!("{at}: {} → {}", shown(x), shown(y))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Issue 34, 20: the clash list says what differs.
    #[test]
    fn the_lines_say_each_field_that_differs() {
        let ours = json!({"name": "Toll bandits", "keep_percent": 60, "rows": [
            {"from": 1, "to": 2, "result": "Two toll-keepers"},
            {"from": 3, "to": 3, "result": "A gang"}
        ]});
        let theirs = json!({"name": "Toll bandits", "keep_percent": 75, "rows": [
            {"from": 1, "to": 2, "result": "Three toll-keepers"}
        ]});
        assert_eq!(
            differences(&ours, &theirs),
            [
                "keep chance (%): 60 → 75",
                "rows: 2 → 1",
                "row 1 result: “Two toll-keepers” → “Three toll-keepers”"
            ]
        );
        assert!(differences(&ours, &ours).is_empty());
        assert_eq!(
            differences(&json!({"day_hours": 24}), &json!({"day_hours": 20})),
            ["day hours: 24 → 20"]
        );
    }
}
