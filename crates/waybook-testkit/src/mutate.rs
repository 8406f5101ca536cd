//! Fuzzing a JSON file the app reads (a campaign export, a house-rule
//! pack): a real file's leaves changed at random, each to a value of its
//! own type (most often), of another type, a null, or the key removed.

use proptest::prelude::*;
use serde_json::Value;

/// Every leaf of a JSON value, as pointers (`/characters/3/companion/xp`).
pub fn leaves(value: &Value, at: String, out: &mut Vec<String>) {
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
pub enum Mutation {
    Like(i64, String),
    Number(i64),
    Text(String),
    Null,
    Remove,
}

pub fn number() -> impl Strategy<Value = i64> {
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

pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        6 => (number(), "[a-z0-9 -]{0,8}").prop_map(|(n, t)| Mutation::Like(n, t)),
        1 => number().prop_map(Mutation::Number),
        1 => "[a-z0-9 -]{0,8}".prop_map(Mutation::Text),
        1 => Just(Mutation::Null),
        1 => Just(Mutation::Remove),
    ]
}

pub fn mutated(base: &Value, picks: &[(prop::sample::Index, Mutation)]) -> Value {
    let mut doc = base.clone();
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
