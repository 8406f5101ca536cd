//! Exports written by older Waybooks, read as this one keeps a campaign:
//! the JSON brought up to date before its fields are read, as the store's
//! migrations bring a file. Version 14 made players records with ids: in
//! older files a character's player and a text's named players are names,
//! and "the party" shared with every player. Version 18 gave each party
//! its own present: a party without one lives from the export's clock.

use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Brings the JSON of an export of format version `version` up to date.
pub(super) fn upgrade(value: &mut Value, version: u64) {
    if version < 14 {
        players_from_names(value);
        training_in_tools(value);
    }
    parties_at_the_clock(value);
}

/// Each party without a present of its own (`parties[].now`, as exports
/// before version 18 were written) at the export's clock.
fn parties_at_the_clock(value: &mut Value) {
    let Some(clock) = value.pointer("/settings/clock").cloned() else {
        return;
    };
    for party in list_mut(value, "parties") {
        if let Some(party) = party.as_object_mut() {
            party.entry("now").or_insert_with(|| clock.clone());
        }
    }
}

/// A skill's "trained" mark, which no rule reads, as the training in the
/// gatherer's tool the text pairs with the skill (migration 16's reading).
fn training_in_tools(value: &mut Value) {
    for c in list_mut(value, "characters") {
        let Some(e) = c.get_mut("exploration") else {
            continue;
        };
        let trained: Vec<&'static str> = list(e, "skills")
            .iter()
            .filter(|s| s.get("trained").and_then(Value::as_bool) == Some(true))
            .filter_map(|s| s.get("name")?.as_str())
            .filter_map(super::gathering::tool_of_skill)
            .map(|t| super::Choice::key(t))
            .collect();
        if let Some(tools) = e.get_mut("tools").and_then(Value::as_array_mut) {
            for key in trained {
                if !tools.iter().any(|t| t.as_str() == Some(key)) {
                    tools.push(Value::from(key));
                }
            }
        }
    }
}

/// The players named on the characters become records (ids in name order,
/// "GM" none), and every name in a share their id; a text of no party
/// shared with "the party" is shared with every player by name.
fn players_from_names(value: &mut Value) {
    let mut names: Vec<String> = list(value, "characters")
        .iter()
        .filter_map(|c| c.get("player")?.as_str())
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty() && !super::Player::is_gm(n))
        .collect();
    names.sort();
    names.dedup();
    let ids: BTreeMap<String, i64> = names.iter().cloned().zip(1..).collect();
    let everyone = json!({ "players": ids.values().collect::<Vec<_>>() });
    let to_ids = |shown: &mut Value| {
        if let Some(named) = shown.get_mut("players").and_then(Value::as_array_mut) {
            let mut kept: Vec<i64> = (named.iter())
                .filter_map(|n| ids.get(n.as_str()?.trim()).copied())
                .collect();
            kept.sort_unstable();
            *named = kept.into_iter().map(Value::from).collect();
        }
    };
    for c in list_mut(value, "characters") {
        let player = c.get("player").and_then(Value::as_str).map(str::trim);
        let id = player.and_then(|p| ids.get(p)).copied();
        c["player"] = id.map_or(Value::Null, Value::from);
        if let Some(shown) = c.get_mut("notes_shown") {
            to_ids(shown);
        }
    }
    for kind in ["log", "missions", "places", "paths", "sites", "events"] {
        for record in list_mut(value, kind) {
            let of_no_party = match kind {
                "places" | "paths" | "sites" | "events" => true,
                "log" => {
                    (record.get("characters").and_then(Value::as_array)).is_none_or(Vec::is_empty)
                }
                _ => false,
            };
            if let Some(shown) = record.get_mut("shown") {
                if of_no_party && shown.as_str() == Some("party") {
                    *shown = everyone.clone();
                } else {
                    to_ids(shown);
                }
            }
        }
    }
    for j in list_mut(value, "journeys") {
        if let Some(shown) = j.get_mut("plan").and_then(|p| p.get_mut("shown")) {
            to_ids(shown);
        }
    }
    value["players"] = names
        .iter()
        .zip(1..)
        .map(|(name, id): (&String, i64)| json!({ "id": id, "name": name }))
        .collect();
}

fn list<'a>(value: &'a Value, name: &str) -> &'a [Value] {
    value
        .get(name)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn list_mut<'a>(value: &'a mut Value, name: &str) -> &'a mut [Value] {
    value
        .get_mut(name)
        .and_then(Value::as_array_mut)
        .map_or(&mut [], Vec::as_mut_slice)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A version 13 export: Maya plays Ana, Jo plays Bo; Ana's notes are
    /// shown to Maya by name, a place to "the party".
    #[test]
    fn names_become_players_and_shares_name_their_ids() {
        let mut v = json!({
            "version": 13,
            "characters": [
                {"player": "Maya", "notes_shown": {"players": ["Maya", "Gone"]}},
                {"player": " Jo "},
                {"player": "GM"}
            ],
            "places": [{"shown": "party"}],
            "log": [{"shown": "party", "characters": [1]}, {"shown": "party"}]
        });
        upgrade(&mut v, 13);
        assert_eq!(
            v["players"],
            json!([{"id": 1, "name": "Jo"}, {"id": 2, "name": "Maya"}])
        );
        assert_eq!(v["characters"][0]["player"], 2);
        assert_eq!(v["characters"][1]["player"], 1);
        assert_eq!(v["characters"][2]["player"], Value::Null, "GM is no player");
        assert_eq!(v["characters"][0]["notes_shown"], json!({"players": [2]}));
        assert_eq!(v["places"][0]["shown"], json!({"players": [1, 2]}));
        assert_eq!(v["log"][0]["shown"], "party", "an entry of a party's");
        assert_eq!(v["log"][1]["shown"], json!({"players": [1, 2]}));
    }

    /// Issue 53: "a JSON export without `parties[].now` (as earlier
    /// versions wrote it) imports with every party at the export's
    /// clock", and one with it keeps it.
    #[test]
    fn a_party_without_a_present_lives_from_the_exports_clock() {
        let mut v = json!({
            "version": 17,
            "settings": {"clock": {"day": 21, "hour": 11}},
            "parties": [{"id": 1}, {"id": 2, "now": {"day": 19, "hour": 6}}]
        });
        upgrade(&mut v, 17);
        assert_eq!(v["parties"][0]["now"], json!({"day": 21, "hour": 11}));
        assert_eq!(v["parties"][1]["now"], json!({"day": 19, "hour": 6}));
    }
}
