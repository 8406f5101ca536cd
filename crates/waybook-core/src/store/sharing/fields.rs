//! A row of a campaign table as fields the GM recognises: each column,
//! and inside a column that holds a JSON object (a record's body) each of
//! its keys (`body.name`). Two machines' edits to one row merge field by
//! field: only a field both changed apart is a conflict.

use super::super::changesets::{Change, Op};
use rusqlite::types::Value;
use rusqlite::{Transaction, params_from_iter};
use serde_json::Value as Json;

/// A table's columns in the order the changesets give them, and which
/// make its primary key.
pub(crate) struct Columns {
    pub names: Vec<String>,
    pub key: Vec<usize>,
}

impl Columns {
    pub(crate) fn of(tx: &rusqlite::Connection, table: &str) -> rusqlite::Result<Self> {
        let mut statement =
            tx.prepare_cached("SELECT name, pk FROM pragma_table_info(?1) ORDER BY cid")?;
        let rows: Vec<(String, i64)> = statement
            .query_map([table], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let mut key: Vec<(i64, usize)> = (rows.iter().enumerate())
            .filter(|(_, (_, pk))| *pk > 0)
            .map(|(at, (_, pk))| (*pk, at))
            .collect();
        key.sort_unstable();
        Ok(Self {
            names: rows.into_iter().map(|(name, _)| name).collect(),
            key: key.into_iter().map(|(_, at)| at).collect(),
        })
    }

    /// The row's key as JSON (`[12]`), from values holding its key columns.
    pub(crate) fn key_of(&self, values: &[Option<Value>]) -> String {
        let key: Vec<Json> = (self.key.iter())
            .map(|&at| json_of(values.get(at).and_then(Option::as_ref)))
            .collect();
        Json::Array(key).to_string()
    }

    /// The key of the row `change` changes: as made, for a row it makes;
    /// as it was, for a row it updates or deletes.
    pub(crate) fn key_of_change(&self, change: &Change) -> String {
        self.key_of(if change.op == Op::Insert {
            &change.new
        } else {
            &change.old
        })
    }

    /// The name of column `at` ('' past the last).
    fn name(&self, at: usize) -> &str {
        self.names.get(at).map_or("", String::as_str)
    }

    /// `WHERE` over the key columns, its parameters numbered from `first`.
    fn where_key(&self, first: usize) -> String {
        let terms: Vec<String> = (self.key.iter().enumerate())
            .map(|(n, &at)| format!("\"{}\" = ?{}", self.name(at), first + n))
            .collect();
        terms.join(" AND ")
    }
}

/// A column's value as JSON: text stays text.
pub(crate) fn json_of(value: Option<&Value>) -> Json {
    match value {
        None | Some(Value::Null) => Json::Null,
        Some(Value::Integer(n)) => Json::from(*n),
        Some(Value::Real(x)) => Json::from(*x),
        Some(Value::Text(text)) => Json::String(text.clone()),
        Some(Value::Blob(bytes)) => Json::Array(bytes.iter().map(|&b| Json::from(b)).collect()),
    }
}

/// A JSON value back as a column's.
pub(crate) fn value_of(json: &Json) -> Value {
    match json {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Integer(i64::from(*b)),
        Json::Number(n) => n
            .as_i64()
            .map_or_else(|| Value::Real(n.as_f64().unwrap_or(0.0)), Value::Integer),
        Json::String(text) => Value::Text(text.clone()),
        other => Value::Text(other.to_string()),
    }
}

/// The JSON object a column holds, when it holds one (a record's body).
pub(crate) fn object_of(value: Option<&Value>) -> Option<serde_json::Map<String, Json>> {
    match value {
        Some(Value::Text(text)) if text.starts_with('{') => serde_json::from_str(text).ok(),
        _ => None,
    }
}

/// Whether two values of one column say the same (a body's keys in any order).
pub(crate) fn same(a: Option<&Value>, b: Option<&Value>) -> bool {
    a == b || matches!((object_of(a), object_of(b)), (Some(x), Some(y)) if x == y)
}

/// The key's values from its JSON (`[12]`).
fn key_values(key: &str) -> Vec<Value> {
    serde_json::from_str::<Vec<Json>>(key)
        .unwrap_or_default()
        .iter()
        .map(value_of)
        .collect()
}

/// The row of `table` with `key`, every column, when it is there.
pub(crate) fn row(
    tx: &Transaction<'_>,
    columns: &Columns,
    table: &str,
    key: &str,
) -> rusqlite::Result<Option<Vec<Option<Value>>>> {
    use rusqlite::OptionalExtension as _;
    let sql = format!("SELECT * FROM \"{table}\" WHERE {}", columns.where_key(1));
    tx.query_row(&sql, params_from_iter(key_values(key)), |row| {
        (0..columns.names.len())
            .map(|at| row.get::<_, Value>(at).map(Some))
            .collect()
    })
    .optional()
}

/// The whole row as one JSON object of its columns (null: no row).
pub(crate) fn row_json(columns: &Columns, row: Option<&[Option<Value>]>) -> Json {
    row.map_or(Json::Null, |row| {
        Json::Object(
            (columns.names.iter().zip(row))
                .map(|(name, value)| (name.clone(), json_of(value.as_ref())))
                .collect(),
        )
    })
}

/// A field's value in the row as it is here (null: no row, or no such key).
pub(crate) fn field_value(
    tx: &Transaction<'_>,
    table: &str,
    key: &str,
    field: &str,
) -> rusqlite::Result<Json> {
    let columns = Columns::of(tx, table)?;
    let row = row(tx, &columns, table, key)?;
    if field.is_empty() {
        return Ok(row_json(&columns, row.as_deref()));
    }
    Ok(row.map_or(Json::Null, |row| value_in(&columns, &row, field)))
}

/// A field's value in `row`, a row of the table of `columns` (null: no
/// such column or key).
pub(crate) fn value_in(columns: &Columns, row: &[Option<Value>], field: &str) -> Json {
    let (column, inner) = split(field);
    let Some(at) = columns.names.iter().position(|n| n == column) else {
        return Json::Null;
    };
    let value = row.get(at).and_then(Option::as_ref);
    match inner {
        Some(inner) => object_of(value)
            .and_then(|mut o| o.remove(inner))
            .unwrap_or(Json::Null),
        None => json_of(value),
    }
}

/// `body.name` as its column and key; `name` as a column.
fn split(field: &str) -> (&str, Option<&str>) {
    match field.split_once('.') {
        Some((column, inner)) => (column, Some(inner)),
        None => (field, None),
    }
}

/// Sets a field of the row to `value` ('' the whole row: null removes it,
/// an object of every column puts it). Whether it could: a whole row
/// known only in part cannot be put back.
pub(crate) fn set_field(
    tx: &Transaction<'_>,
    table: &str,
    key: &str,
    field: &str,
    value: &Json,
) -> rusqlite::Result<bool> {
    let columns = Columns::of(tx, table)?;
    if field.is_empty() {
        return set_row(tx, &columns, table, key, value);
    }
    let (column, inner) = split(field);
    let Some(at) = columns.names.iter().position(|n| n == column) else {
        return Ok(false);
    };
    let Some(row) = row(tx, &columns, table, key)? else {
        return Ok(false);
    };
    let written = match inner {
        Some(inner) => {
            let mut object = object_of(row.get(at).and_then(Option::as_ref)).unwrap_or_default();
            match value {
                Json::Null => object.remove(inner),
                value => object.insert(inner.to_owned(), value.clone()),
            };
            Value::Text(Json::Object(object).to_string())
        }
        None => value_of(value),
    };
    let sql = format!(
        "UPDATE \"{table}\" SET \"{column}\" = ?1 WHERE {}",
        columns.where_key(2)
    );
    let params = std::iter::once(written).chain(key_values(key));
    tx.execute(&sql, params_from_iter(params))?;
    Ok(true)
}

fn set_row(
    tx: &Transaction<'_>,
    columns: &Columns,
    table: &str,
    key: &str,
    value: &Json,
) -> rusqlite::Result<bool> {
    let Json::Object(row) = value else {
        let sql = format!("DELETE FROM \"{table}\" WHERE {}", columns.where_key(1));
        tx.execute(&sql, params_from_iter(key_values(key)))?;
        return Ok(true);
    };
    let Some(values) = (columns.names.iter())
        .map(|name| row.get(name).map(value_of))
        .collect::<Option<Vec<Value>>>()
    else {
        return Ok(false);
    };
    let names: Vec<String> = columns.names.iter().map(|n| format!("\"{n}\"")).collect();
    let marks: Vec<String> = (1..=names.len()).map(|n| format!("?{n}")).collect();
    let sql = format!(
        "INSERT OR REPLACE INTO \"{table}\" ({}) VALUES ({})",
        names.join(", "),
        marks.join(", ")
    );
    tx.execute(&sql, params_from_iter(values))?;
    Ok(true)
}

/// Writes the columns of `merged` that differ from `current` to the row.
pub(crate) fn write_merged(
    tx: &Transaction<'_>,
    columns: &Columns,
    table: &str,
    key: &str,
    current: &[Option<Value>],
    merged: &[Option<Value>],
) -> rusqlite::Result<()> {
    let changed: Vec<(usize, &Option<Value>)> = (merged.iter().enumerate())
        .filter(|&(at, value)| current.get(at) != Some(value))
        .collect();
    if changed.is_empty() {
        return Ok(());
    }
    let sets: Vec<String> = (changed.iter().enumerate())
        .map(|(n, &(at, _))| format!("\"{}\" = ?{}", columns.name(at), n + 1))
        .collect();
    let sql = format!(
        "UPDATE \"{table}\" SET {} WHERE {}",
        sets.join(", "),
        columns.where_key(changed.len() + 1)
    );
    let params = (changed.iter())
        .map(|&(_, value)| value.clone().unwrap_or(Value::Null))
        .chain(key_values(key));
    tx.execute(&sql, params_from_iter(params))?;
    Ok(())
}

/// The record a GM knows by its name: `character “Ash Varnell”`, `stack
/// of Climbing kit`; by its kind and key when it has no name here.
pub(crate) fn title(conn: &rusqlite::Connection, table: &str, key: &str) -> String {
    use rusqlite::OptionalExtension as _;
    let id = key_values(key).into_iter().next().unwrap_or(Value::Null);
    let what = table.replace('_', " ");
    let named = |sql: &str| -> Option<String> {
        conn.query_row(sql, [&id], |row| row.get::<_, Option<String>>(0))
            .optional()
            .ok()
            .flatten()
            .flatten()
    };
    let has = |column: &str| {
        conn.query_row(
            "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2",
            [table, column],
            |_| Ok(()),
        )
        .is_ok()
    };
    if table == "weather" {
        let day_and_region = conn
            .query_row(
                "SELECT json_extract(weather.body, '$.day'), json_extract(region.body, '$.name') \
                 FROM weather LEFT JOIN region ON region.id = json_extract(weather.body, '$.region') \
                 WHERE weather.id = ?1",
                [&id],
                |row| Ok((row.get::<_, Option<i64>>(0)?, row.get::<_, Option<String>>(1)?)),
            )
            .optional()
            .ok()
            .flatten();
        if let Some((Some(day), Some(region))) = day_and_region {
            return format!("the weather of {region} on day {day}");
        }
    } else if table == "holding" {
        if let Some(item) = named(
            "SELECT item.name FROM holding JOIN item ON item.id = holding.item_id WHERE holding.id = ?1",
        ) {
            return format!("stack of {item}");
        }
    } else if has("name") {
        if let Some(name) = named(&format!("SELECT name FROM \"{table}\" WHERE id = ?1")) {
            return format!("{what} “{name}”");
        }
    } else if has("body")
        && let Some(name) = named(&format!(
            "SELECT json_extract(body, '$.name') FROM \"{table}\" WHERE id = ?1"
        ))
    {
        return format!("{what} “{name}”");
    }
    format!("{what} {}", key.trim_matches(['[', ']']))
}

/// A value of a conflict as the GM reads it: text as it is, no record as
/// "deleted", a whole record by its fields, what names it first ("weather:
/// Hot and dry · day: 9"), its body's included, ids and lists left out.
pub fn value_words(value: &Json) -> String {
    const MOST: usize = 240;
    let words = match value {
        Json::Null => "deleted".to_owned(),
        Json::String(text) => text.clone(),
        Json::Object(row) => {
            let mut said = Vec::new();
            let mut say = |name: &str, value: &Json| {
                let words = match value {
                    Json::String(text) => text.clone(),
                    Json::Number(_) | Json::Bool(_) => value.to_string(),
                    _ => return,
                };
                if name != "id" {
                    let naming = matches!(name, "name" | "weather");
                    said.push((!naming, format!("{name}: {words}")));
                }
            };
            for (name, value) in row {
                let body = (name == "body")
                    .then(|| {
                        value
                            .as_str()
                            .and_then(|t| serde_json::from_str::<Json>(t).ok())
                    })
                    .flatten();
                match body {
                    Some(Json::Object(body)) => body.iter().for_each(|(k, v)| say(k, v)),
                    _ => say(name, value),
                }
            }
            said.sort_by_key(|(later, _)| *later);
            let said: Vec<String> = said.into_iter().map(|(_, words)| words).collect();
            said.join(" · ")
        }
        other => other.to_string(),
    };
    match words.char_indices().nth(MOST) {
        Some((cut, _)) => format!("{}…", &words[..cut]),
        None => words,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_record_reads_by_its_fields_and_its_bodys() {
        let row = serde_json::json!({
            "id": 10_000_009,
            "body": "{\"id\":10000009,\"weather\":\"Rain on the scree\",\"day\":9,\"foretold\":false,\"tags\":[1]}",
        });
        assert_eq!(
            value_words(&row),
            "weather: Rain on the scree · day: 9 · foretold: false"
        );
        assert_eq!(value_words(&Json::Null), "deleted");
        assert_eq!(value_words(&Json::from("Ash the Bold")), "Ash the Bold");
        assert_eq!(value_words(&Json::from(7)), "7");
        let long = Json::from("x".repeat(300));
        assert!(value_words(&long).ends_with('…'));
    }
}
