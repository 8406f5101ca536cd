//! GM-editable roll tables: a dice expression and rows covering every total
//! it can give. The tables the rule texts mention but do not give (weather,
//! injury, XP awards, battle items, merchant stock) ship as clearly marked
//! placeholders for the GM to replace; the texts' own d6 tables (setback and
//! benign encounter) are built from the typed tables of [`super::rounds`].

use serde::{Deserialize, Serialize};

use super::dice::{Dice, DiceError};
use super::expr::{DiceExpr, ExprRoll};
use super::rounds::encounter::Benign;
use super::rounds::pathfind::Setback;

/// One row: totals `from..=to` give `result`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRow {
    /// The lowest total of the row.
    pub from: i32,
    /// The highest total of the row.
    pub to: i32,
    /// What the row says.
    pub result: String,
}

/// A table whose rows cover every total of its dice exactly once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "UncheckedTable")]
pub struct RollTable {
    /// The table's name.
    pub name: String,
    /// The dice rolled on it.
    pub dice: DiceExpr,
    /// The rows, lowest first.
    pub rows: Vec<TableRow>,
}

#[derive(Deserialize)]
struct UncheckedTable {
    name: String,
    dice: DiceExpr,
    rows: Vec<TableRow>,
}

impl TryFrom<UncheckedTable> for RollTable {
    type Error = TableError;

    fn try_from(table: UncheckedTable) -> Result<Self, Self::Error> {
        RollTable::new(table.name, table.dice, table.rows)
    }
}

/// Why a table's rows do not fit its dice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A table needs a name.
    #[error("a table needs a name")]
    NoName,
    /// A row's range runs backwards.
    #[error("row {row}: `from` {from} is above `to` {to}")]
    Backwards {
        /// 1-based row number.
        row: usize,
        /// The row's from.
        from: i32,
        /// The row's to.
        to: i32,
    },
    /// A row reaches beyond what the dice can roll.
    #[error("row {row} covers {from}..{to}, outside the {min}..{max} that {dice} can roll")]
    OutOfRange {
        /// 1-based row number.
        row: usize,
        /// The row's from.
        from: i32,
        /// The row's to.
        to: i32,
        /// The dice's lowest total.
        min: i32,
        /// The dice's highest total.
        max: i32,
        /// The dice.
        dice: String,
    },
    /// Two rows share a total.
    #[error("rows {first} and {second} both cover {total}")]
    Overlap {
        /// 1-based number of the earlier row.
        first: usize,
        /// 1-based number of the later row.
        second: usize,
        /// A total both cover.
        total: i32,
    },
    /// A total no row covers.
    #[error("no row covers {total}")]
    Gap {
        /// The uncovered total.
        total: i32,
    },
}

/// A roll on a table: the dice and the row's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableRoll {
    /// The table's name.
    pub table: String,
    /// The dice as rolled.
    pub roll: ExprRoll,
    /// The row's result (with the rolls it names written in, when rolled
    /// through [`super::nested::roll`]).
    pub result: String,
    /// The working of each roll the result named, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inner: Vec<String>,
}

impl TableRoll {
    /// The roll's working, for `what` it was rolled ("Greyspine pass
    /// weather"), then every roll its result named.
    pub fn working(&self, what: &str) -> String {
        std::iter::once(self.roll.record(what).to_string())
            .chain(self.inner.iter().cloned())
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

impl RollTable {
    /// A table, checked: rows cover the dice's range without overlap.
    pub fn new(
        name: impl Into<String>,
        dice: DiceExpr,
        rows: Vec<TableRow>,
    ) -> Result<Self, TableError> {
        let table = Self {
            name: name.into(),
            dice,
            rows,
        };
        table.validate()?;
        Ok(table)
    }

    /// Checks that the rows cover every total of the dice exactly once.
    pub fn validate(&self) -> Result<(), TableError> {
        if self.name.trim().is_empty() {
            return Err(TableError::NoName);
        }
        let (min, max) = (self.dice.min(), self.dice.max());
        for (i, row) in self.rows.iter().enumerate() {
            if row.from > row.to {
                return Err(TableError::Backwards {
                    row: i + 1,
                    from: row.from,
                    to: row.to,
                });
            }
            if row.from < min || row.to > max {
                return Err(TableError::OutOfRange {
                    row: i + 1,
                    from: row.from,
                    to: row.to,
                    min,
                    max,
                    dice: self.dice.to_string(),
                });
            }
        }
        let mut order: Vec<(usize, &TableRow)> = self.rows.iter().enumerate().collect();
        order.sort_by_key(|&(_, row)| row.from);
        let mut next = min;
        let mut previous: Option<usize> = None;
        for (i, row) in order {
            match (row.from.cmp(&next), previous) {
                (std::cmp::Ordering::Less, Some(p)) => {
                    let (first, second) = (p.min(i) + 1, p.max(i) + 1);
                    return Err(TableError::Overlap {
                        first,
                        second,
                        total: row.from,
                    });
                }
                (std::cmp::Ordering::Greater, _) => return Err(TableError::Gap { total: next }),
                _ => {}
            }
            next = row.to + 1;
            previous = Some(i);
        }
        if next <= max {
            return Err(TableError::Gap { total: next });
        }
        Ok(())
    }

    /// The row covering `total`.
    pub fn lookup(&self, total: i32) -> Option<&TableRow> {
        self.rows
            .iter()
            .find(|row| (row.from..=row.to).contains(&total))
    }

    /// The exact chance of each result, in the order the rows first give
    /// it (rows with the same result add up), or `None` when the dice are
    /// too many to work out ([`DiceExpr::odds`]).
    pub fn odds(&self) -> Option<Vec<(String, f64)>> {
        let totals = self.dice.odds()?;
        let mut odds: Vec<(String, f64)> = Vec::new();
        for (i, chance) in totals.into_iter().enumerate() {
            let Some(row) = self.lookup(self.dice.min() + i as i32) else {
                continue;
            };
            match odds.iter_mut().find(|(result, _)| *result == row.result) {
                Some((_, sum)) => *sum += chance,
                None => odds.push((row.result.clone(), chance)),
            }
        }
        Some(odds)
    }

    /// Rolls the table's dice and reads the row.
    pub fn roll(&self, dice: &mut Dice) -> Result<TableRoll, DiceError> {
        let roll = self.dice.roll(dice)?;
        let result = self
            .lookup(roll.total)
            .map(|row| row.result.clone())
            .unwrap_or_default();
        Ok(TableRoll {
            table: self.name.clone(),
            roll,
            result,
            inner: Vec::new(),
        })
    }
}

/// The prefix that marks a shipped row as a placeholder to replace.
pub const PLACEHOLDER: &str = "PLACEHOLDER";

/// The tables the texts mention but do not give, and why each is needed.
const MISSING: [(&str, &str); 5] = [
    (
        "weather",
        "the GM consults the appropriate weather table (travel rounds, Navigation Phase and Divine)",
    ),
    (
        "injury",
        "heroes who are down at the end of a mission roll on the injury table",
    ),
    (
        "xp-awards",
        "every hero who took part in a mission earns experience",
    ),
    (
        "battle-items",
        "a successful Gather yields a battle item from a warrior's Item Table",
    ),
    ("merchant-stock", "a benign Merchant sells a few supplies"),
];

fn whole_range(
    name: &str,
    dice: DiceExpr,
    rows: impl IntoIterator<Item = (i32, i32, String)>,
) -> RollTable {
    RollTable {
        name: name.to_string(),
        dice,
        rows: rows
            .into_iter()
            .map(|(from, to, result)| TableRow { from, to, result })
            .collect(),
    }
}

/// The shipped tables: five placeholders on a d6 and the texts' setback and
/// benign-encounter tables.
pub fn builtin_tables() -> Vec<RollTable> {
    let d6 = DiceExpr::die(6);
    let mut tables: Vec<RollTable> = MISSING
        .iter()
        .map(|(name, why)| {
            let text = format!("{PLACEHOLDER}: this table is not in the rule texts ({why}); replace this row with your own");
            whole_range(name, d6, [(1, 6, text)])
        })
        .collect();
    tables.push(whole_range(
        "setback",
        d6,
        Setback::ALL.iter().map(|s| {
            let (from, to) = s.faces();
            (from as i32, to as i32, s.description().to_string())
        }),
    ));
    tables.push(whole_range(
        "benign",
        d6,
        Benign::ALL.iter().map(|b| {
            let (from, to) = b.faces();
            (from as i32, to as i32, b.description().to_string())
        }),
    ));
    tables
}

/// A shipped table by name.
pub fn builtin_table(name: &str) -> Option<RollTable> {
    builtin_tables()
        .into_iter()
        .find(|table| table.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(from: i32, to: i32) -> TableRow {
        TableRow {
            from,
            to,
            result: format!("{from}-{to}"),
        }
    }

    fn table(dice: &str, rows: Vec<TableRow>) -> Result<RollTable, TableError> {
        RollTable::new("t", dice.parse().unwrap(), rows)
    }

    #[test]
    fn rows_must_cover_the_range_without_overlap() {
        assert!(table("2d6", vec![row(2, 6), row(7, 7), row(8, 12)]).is_ok());
        assert_eq!(
            table("2d6", vec![row(2, 6), row(8, 12)]),
            Err(TableError::Gap { total: 7 })
        );
        assert_eq!(
            table("2d6", vec![row(2, 6)]),
            Err(TableError::Gap { total: 7 })
        );
        assert_eq!(
            table("2d6", vec![row(3, 12)]),
            Err(TableError::Gap { total: 2 })
        );
        assert_eq!(
            table("2d6", vec![row(7, 12), row(2, 7)]),
            Err(TableError::Overlap {
                first: 1,
                second: 2,
                total: 7
            })
        );
        assert_eq!(
            table("d6", vec![row(4, 3)]),
            Err(TableError::Backwards {
                row: 1,
                from: 4,
                to: 3
            })
        );
        let error = table("d6", vec![row(1, 7)]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "row 1 covers 1..7, outside the 1..6 that d6 can roll"
        );
        assert_eq!(
            RollTable::new(" ", DiceExpr::die(6), vec![row(1, 6)]),
            Err(TableError::NoName)
        );
    }

    #[test]
    fn a_table_read_from_json_is_checked() {
        let good: RollTable = serde_json::from_str(
            r#"{"name":"w","dice":"d4+1","rows":[{"from":2,"to":5,"result":"x"}]}"#,
        )
        .unwrap();
        assert_eq!(good.lookup(3).map(|r| r.result.as_str()), Some("x"));
        let bad = serde_json::from_str::<RollTable>(
            r#"{"name":"w","dice":"d4","rows":[{"from":1,"to":3,"result":"x"}]}"#,
        );
        assert!(bad.unwrap_err().to_string().starts_with("no row covers 4"));
    }

    #[test]
    fn rolling_reads_the_row() {
        let t = table("2d6", vec![row(2, 6), row(7, 7), row(8, 12)]).unwrap();
        let roll = t.roll(&mut Dice::scripted(vec![3, 4])).unwrap();
        assert_eq!((roll.roll.total, roll.result.as_str()), (7, "7-7"));
    }

    /// "The texts are excerpts: some tables they mention are missing (the
    /// weather table, the injury table, XP awards, item tables)."
    #[test]
    fn missing_tables_ship_as_marked_placeholders() {
        for name in [
            "weather",
            "injury",
            "xp-awards",
            "battle-items",
            "merchant-stock",
        ] {
            let t = builtin_table(name).unwrap();
            assert!(t.validate().is_ok());
            assert!(
                t.rows.iter().all(|r| r.result.starts_with(PLACEHOLDER)),
                "{name}"
            );
        }
    }

    /// "1-2 Frustrated ... 6 Totally Lost" and "1-3 Peace ... 6 Merchant".
    #[test]
    fn the_texts_d6_tables_are_built_in() {
        let setback = builtin_table("setback").unwrap();
        assert!(setback.validate().is_ok());
        assert!(setback.lookup(2).unwrap().result.starts_with("Frustrated"));
        assert!(
            setback
                .lookup(6)
                .unwrap()
                .result
                .starts_with("Totally Lost")
        );
        let benign = builtin_table("benign").unwrap();
        assert!(benign.validate().is_ok());
        assert!(benign.lookup(3).unwrap().result.starts_with("Peace"));
        assert!(
            benign
                .lookup(5)
                .unwrap()
                .result
                .starts_with("Fellow Travelers")
        );
    }
}
