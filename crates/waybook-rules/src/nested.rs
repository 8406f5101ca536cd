//! Tables that roll tables: a row's result may hold `{roll: NAME}`, a roll
//! on the table of that name, and `{DICE}`, a dice total ("Beasts of the
//! pass: {roll: Wolves} and {1d4} of them"). Rolled to any depth; a loop
//! (a table that can come back round to itself) or a name no table has is
//! refused before anything is rolled, with the tables named. The working
//! keeps every roll. A row may also name what befalls one of the party's
//! animals, `{lame: Mule}` or `{lost: animal}` (NOTES.md: "an animal is
//! named only by entries of the GM's own tables"): the engine keeps such a
//! mark in the result as written, for the campaign to say which animal.

use super::dice::{Dice, DiceError};
use super::expr::DiceExpr;
use super::tables::{RollTable, TableError, TableRoll};

/// One piece of a row's result.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    Text(String),
    /// `{1d4}`: the total, written in its place.
    Dice(DiceExpr),
    /// `{roll: Wolves}`: that table's result, written in its place.
    Table(String),
    /// `{lame: Mule}`: what befalls one of the party's animals (of that
    /// type, or any for "animal"), kept in the result as a mark.
    Animal(Fate, String),
}

/// What a table's row may do to one of the party's animals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// It goes lame: a Wound.
    Lame,
    /// It is lost, with what it carries.
    Lost,
}

impl Fate {
    pub const ALL: [Fate; 2] = [Fate::Lame, Fate::Lost];

    /// The word of its mark: `{lame: …}`.
    pub fn word(self) -> &'static str {
        match self {
            Fate::Lame => "lame",
            Fate::Lost => "lost",
        }
    }

    /// The mark as a row writes it, `{lame: Mule}`.
    pub fn mark(self, who: &str) -> String {
        format!("{{{}: {who}}}", self.word())
    }

    /// The mark in words, no animal picked: "a Mule goes lame", "an
    /// animal is lost".
    pub fn said(self, who: &str) -> String {
        let an = who.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
        self.befalls(&format!("{} {who}", if an { "an" } else { "a" }))
    }

    /// What befalls `name` ("Bess", "a Mule"): "Bess goes lame".
    pub fn befalls(self, name: &str) -> String {
        match self {
            Fate::Lame => format!("{name} goes lame"),
            Fate::Lost => format!("{name} is lost"),
        }
    }
}

/// The head `word:` of a mark's inside, and what follows it.
fn headed<'a>(inner: &'a str, word: &str) -> Option<&'a str> {
    let head = inner.get(..word.len() + 1)?;
    (head[..word.len()].eq_ignore_ascii_case(word) && head.ends_with(':'))
        .then(|| inner[word.len() + 1..].trim())
}

/// Why a table that rolls others cannot be rolled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NestError {
    #[error(
        "{table}: “{{{inner}}}” is neither dice (as {{1d4}}), a table to roll (as {{roll: Wolves}}) nor an animal's fate (as {{lame: Mule}} or {{lost: animal}})"
    )]
    NotDice { table: String, inner: String },
    #[error("{table}: a “{{” is not closed with “}}”")]
    Unclosed { table: String },
    #[error("{table} rolls “{name}”, but no table has that name")]
    NoTable { table: String, name: String },
    #[error("the tables roll each other round in a loop: {}", .0.join(" → "))]
    Loop(Vec<String>),
    #[error("the {0} table cannot be rolled: {1}")]
    Table(String, TableError),
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// Finds a table by name for the tables that roll it.
pub type Lookup<'a> = &'a dyn Fn(&str) -> Option<Result<RollTable, TableError>>;

/// The pieces of `result`, a row of `table`.
pub fn pieces(table: &str, result: &str) -> Result<Vec<Piece>, NestError> {
    let mut pieces = Vec::new();
    let mut rest = result;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            pieces.push(Piece::Text(rest[..open].to_owned()));
        }
        let after = &rest[open + 1..];
        let close = after.find('}').ok_or_else(|| NestError::Unclosed {
            table: table.to_owned(),
        })?;
        let inner = after[..close].trim();
        let fate = Fate::ALL
            .into_iter()
            .find_map(|fate| headed(inner, fate.word()).map(|who| (fate, who)));
        pieces.push(match (headed(inner, "roll"), fate) {
            (Some(name), _) => Piece::Table(name.to_owned()),
            (None, Some((fate, who))) if !who.is_empty() => Piece::Animal(fate, who.to_owned()),
            _ => Piece::Dice(inner.parse().map_err(|_| NestError::NotDice {
                table: table.to_owned(),
                inner: inner.to_owned(),
            })?),
        });
        rest = &after[close + 1..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest.to_owned()));
    }
    Ok(pieces)
}

/// Checks every row of `table` and of each table it can roll, to any
/// depth: each names a table there is, and none comes back round.
pub fn check(table: &RollTable, tables: Lookup<'_>) -> Result<(), NestError> {
    let mut done = std::collections::HashSet::new();
    check_from(table, tables, &mut vec![table.name.clone()], &mut done)
}

/// Checks `table` with `path` the tables that led to it; `done` holds the
/// tables already checked whole, which are not walked again (a table
/// rolled from many rows is checked once).
fn check_from(
    table: &RollTable,
    tables: Lookup<'_>,
    path: &mut Vec<String>,
    done: &mut std::collections::HashSet<String>,
) -> Result<(), NestError> {
    for row in &table.rows {
        for piece in pieces(&table.name, &row.result)? {
            let Piece::Table(name) = piece else { continue };
            let inner = found(table, &name, tables)?;
            // The tables from the first visit to `inner` on: a loop if any.
            let mut round: Vec<String> = (path.iter())
                .skip_while(|p| !p.eq_ignore_ascii_case(&inner.name))
                .cloned()
                .collect();
            if !round.is_empty() {
                round.push(inner.name);
                return Err(NestError::Loop(round));
            }
            if done.contains(&inner.name.to_lowercase()) {
                continue;
            }
            path.push(inner.name.clone());
            check_from(&inner, tables, path, done)?;
            path.pop();
        }
    }
    done.insert(table.name.to_lowercase());
    Ok(())
}

/// `result` with each `{roll: NAME}` that `renamed` gives a new name for
/// rolling that name instead; the rest as written.
pub fn rename_tables(result: &str, renamed: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::new();
    let mut rest = result;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            break;
        };
        out.push_str(&rest[..open]);
        let inner = rest[open + 1..close].trim();
        let named = headed(inner, "roll").and_then(renamed);
        match named {
            Some(name) => out.push_str(&format!("{{roll: {name}}}")),
            None => out.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The table `name` that `from` rolls.
fn found(from: &RollTable, name: &str, tables: Lookup<'_>) -> Result<RollTable, NestError> {
    tables(name)
        .ok_or_else(|| NestError::NoTable {
            table: from.name.clone(),
            name: name.to_owned(),
        })?
        .map_err(|e| NestError::Table(name.to_owned(), e))
}

/// Rolls `table`, then each table and dice its result names, in order, and
/// writes their results in: the roll's `result` is the whole text, its
/// `inner` the working of every roll beneath it.
pub fn roll(
    table: &RollTable,
    tables: Lookup<'_>,
    dice: &mut Dice,
) -> Result<TableRoll, NestError> {
    check(table, tables)?;
    roll_checked(table, tables, dice)
}

fn roll_checked(
    table: &RollTable,
    tables: Lookup<'_>,
    dice: &mut Dice,
) -> Result<TableRoll, NestError> {
    let mut roll = table.roll(dice)?;
    let (text, inner) = written(table, &roll.result, tables, dice)?;
    roll.result = text;
    roll.inner = inner;
    Ok(roll)
}

/// A row of `table` already read (`result`), with the tables and dice it
/// names rolled and written in: the text, and the working of each roll.
pub fn expand(
    table: &RollTable,
    result: &str,
    tables: Lookup<'_>,
    dice: &mut Dice,
) -> Result<(String, Vec<String>), NestError> {
    check(table, tables)?;
    written(table, result, tables, dice)
}

fn written(
    table: &RollTable,
    result: &str,
    tables: Lookup<'_>,
    dice: &mut Dice,
) -> Result<(String, Vec<String>), NestError> {
    let mut text = String::new();
    let mut working = Vec::new();
    for piece in pieces(&table.name, result)? {
        match piece {
            Piece::Text(t) => text.push_str(&t),
            Piece::Dice(expr) => {
                let r = expr.roll(dice)?;
                working.push(r.record("in the result").to_string());
                text.push_str(&r.total.to_string());
            }
            Piece::Table(name) => {
                let inner = roll_checked(&found(table, &name, tables)?, tables, dice)?;
                working.push(format!(
                    "{} → {}",
                    inner.roll.record(&inner.table),
                    inner.result
                ));
                working.extend(inner.inner);
                text.push_str(&inner.result);
            }
            Piece::Animal(fate, who) => text.push_str(&fate.mark(&who)),
        }
    }
    Ok((text, working))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::TableRow;

    fn table(name: &str, results: &[&str]) -> RollTable {
        let rows = (1..)
            .zip(results)
            .map(|(face, result)| TableRow {
                from: face,
                to: face,
                result: (*result).to_owned(),
            })
            .collect();
        RollTable::new(name, DiceExpr::die(results.len() as u32), rows).expect("a table")
    }

    fn roll_with(
        tables: &[RollTable],
        first: &str,
        faces: Vec<u32>,
    ) -> Result<TableRoll, NestError> {
        let lookup = |name: &str| {
            tables
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(name))
                .cloned()
                .map(Ok)
        };
        let top = tables.iter().find(|t| t.name == first).expect("the first");
        roll(top, &lookup, &mut Dice::scripted(faces))
    }

    #[test]
    fn a_result_is_split_into_text_dice_and_tables() {
        assert_eq!(
            pieces(
                "Beasts",
                "Beasts of the pass: {roll: Wolves} and {1d4} of them"
            ),
            Ok(vec![
                Piece::Text("Beasts of the pass: ".into()),
                Piece::Table("Wolves".into()),
                Piece::Text(" and ".into()),
                Piece::Dice(DiceExpr::die(4)),
                Piece::Text(" of them".into()),
            ])
        );
        assert_eq!(pieces("t", "plain"), Ok(vec![Piece::Text("plain".into())]));
        assert!(matches!(
            pieces("t", "{wolves}"),
            Err(NestError::NotDice { inner, .. }) if inner == "wolves"
        ));
        assert!(matches!(
            pieces("t", "a {1d4"),
            Err(NestError::Unclosed { .. })
        ));
    }

    /// NOTES.md: "an animal is named only by entries of the GM's own
    /// tables": `{lame: Mule}` and `{lost: animal}` are marks the roll
    /// keeps as written, for the campaign to say which animal.
    #[test]
    fn a_row_may_name_what_befalls_an_animal() {
        assert_eq!(
            pieces("Hazards", "Scree: {LAME: Riding horse}, {lost:animal}"),
            Ok(vec![
                Piece::Text("Scree: ".into()),
                Piece::Animal(Fate::Lame, "Riding horse".into()),
                Piece::Text(", ".into()),
                Piece::Animal(Fate::Lost, "animal".into()),
            ])
        );
        assert!(
            matches!(pieces("t", "{lame:}"), Err(NestError::NotDice { .. })),
            "a fate names whose"
        );
        let hazards = table("Hazards", &["A {lame: Mule} after {1d4} hours"]);
        let roll = roll_with(&[hazards], "Hazards", vec![1, 3]).expect("rolled");
        assert_eq!(roll.result, "A {lame: Mule} after 3 hours");
        assert_eq!(Fate::Lost.said("animal"), "an animal is lost");
        assert_eq!(Fate::Lame.said("Mule"), "a Mule goes lame");
    }

    /// "Beasts of the pass: {roll: Wolves} and {1d4} of them": each roll is
    /// made in order and written in; the working keeps every one.
    #[test]
    fn a_row_rolls_another_table_and_dice_to_any_depth() {
        let tables = [
            table(
                "Beasts",
                &[
                    "Beasts of the pass: {roll: wolves} and {1d4} of them",
                    "Nothing",
                ],
            ),
            table("Wolves", &["{roll: Colour} wolves", "Dire wolves"]),
            table("Colour", &["Grey", "White", "Black"]),
        ];
        // Beasts d2 = 1, Wolves d2 = 1, Colour d3 = 2, then d4 = 3.
        let r = roll_with(&tables, "Beasts", vec![1, 1, 2, 3]).expect("rolled");
        assert_eq!(r.result, "Beasts of the pass: White wolves and 3 of them");
        assert_eq!(r.inner.len(), 3, "{:?}", r.inner);
        assert!(r.inner[0].starts_with("Wolves") && r.inner[0].ends_with("→ White wolves"));
        assert!(r.inner[1].starts_with("Colour") && r.inner[1].ends_with("→ White"));
        assert!(r.inner[2].starts_with("in the result: d4"), "{:?}", r.inner);
        assert!(r.working("Beasts").contains(" · Wolves"));
    }

    #[test]
    fn a_loop_is_refused_before_any_roll_with_the_tables_named() {
        let tables = [
            table("Road", &["Quiet", "{roll: Ambush}"]),
            table("Ambush", &["Bandits", "{roll: Road}"]),
        ];
        // The quiet face would not reach the loop; the table is refused anyway.
        assert_eq!(
            roll_with(&tables, "Road", vec![1]),
            Err(NestError::Loop(vec![
                "Road".into(),
                "Ambush".into(),
                "Road".into()
            ]))
        );
        let selfish = [table("Echo", &["{roll: echo}"])];
        assert_eq!(
            roll_with(&selfish, "Echo", vec![1]),
            Err(NestError::Loop(vec!["Echo".into(), "Echo".into()]))
        );
    }

    #[test]
    fn a_table_no_one_has_is_named() {
        let tables = [table("Road", &["{roll: Trolls}"])];
        assert_eq!(
            roll_with(&tables, "Road", vec![1]),
            Err(NestError::NoTable {
                table: "Road".into(),
                name: "Trolls".into()
            })
        );
    }

    #[test]
    fn a_renamed_table_is_rolled_by_its_new_name_and_the_rest_is_kept() {
        let renamed =
            |name: &str| (name.eq_ignore_ascii_case("wolves")).then(|| "Wolves (pack)".to_owned());
        assert_eq!(
            rename_tables("{1d4} {roll: wolves}, {roll: Bears} {", &renamed),
            "{1d4} {roll: Wolves (pack)}, {roll: Bears} {"
        );
    }
}
