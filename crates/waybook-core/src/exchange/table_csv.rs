//! Roll tables in and out of CSV, as spreadsheets keep them: a heading
//! row whose first cell is the dice ("d6", "2d6", "d100", "d%") and whose
//! other cells name the results' columns, then a row per result: its total
//! or range ("3", "2-5", "96-00", where 00 is 100) and what each column
//! gives. A file may have no heading row: when the first cell of its first
//! line is a total or a range, that line is a result like the others, the
//! table is named after the file and its columns by their letters
//! ("column B"). A heading that names no dice ("Roll", "Die"), or none at
//! all, takes the dice the rows plainly cover ([`dice_covering`]: 1 to 6
//! is d6, 2 to 12 is 2d6), and the import says so. A file of several
//! columns ("Die, Clear, Woods, River") makes a table of each column
//! chosen, named after it; a "-" cell is no entry in that column, so a
//! column may cover fewer totals (1 to 4 of a d8 is a d4 of its own).
//! Cells are separated by commas, semicolons, tabs or bars, as the first
//! line shows. An import reads every row, says each one's error by its
//! line (two rows that cover the same total too), and makes one edit only
//! when there are none.

use super::csv_reading::Separator;
use crate::model::{CampaignData, Change, DiceText, Edit, TableDef, TableId, TableRowDef, limits};

/// A CSV file read for import as one table or several.
#[derive(Debug, Clone, PartialEq)]
pub struct TableImport {
    pub file: String,
    /// The name the table takes when one column is chosen (at first the
    /// file's, or in a file of several columns the first column's); with
    /// several, each takes its column's.
    pub name: String,
    /// Whether a table takes the place of the campaign's of its name.
    pub replace: bool,
    /// What separates its cells, as found in its heading row.
    pub separator: Separator,
    /// The dice heading as written (empty without a heading row).
    pub dice: String,
    /// Whether the file's first line is a heading row.
    pub headed: bool,
    /// The headings of the results' columns, in order (empty without a
    /// heading row: see [`TableImport::column_label`]).
    pub columns: Vec<String>,
    /// Which columns become tables: at first the first alone.
    pub chosen: Vec<bool>,
    /// Each row as written: its line in the file, its range, a cell a column.
    pub rows: Vec<(usize, String, Vec<String>)>,
}

/// Why a file could not be read as a table at all.
#[derive(Debug, thiserror::Error)]
#[error("{file} is not a table in CSV: {reason}")]
pub struct TableCsvError {
    pub file: String,
    pub reason: String,
}

impl TableImport {
    /// Reads the CSV `text` of `file`, named `name` at first.
    pub fn read(file: &str, name: &str, text: &str) -> Result<Self, TableCsvError> {
        let fail = |reason: &str| TableCsvError {
            file: file.to_owned(),
            reason: reason.to_owned(),
        };
        let separator = Separator::of(text);
        let mut reader = separator.reader(text);
        let mut lines: Vec<(usize, Vec<String>)> = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| fail(&e.to_string()))?;
            if record.iter().all(str::is_empty) {
                continue;
            }
            // The line the row starts on in the file (a quoted cell may span lines).
            let line = record.position().map_or(0, |p| p.line() as usize);
            lines.push((line, record.iter().map(str::to_owned).collect()));
        }
        let Some(((_, first), after_first)) = lines.split_first() else {
            return Err(fail("it is empty"));
        };
        // A first cell that is a total or a range is a result, not a heading.
        let headed = first.first().is_none_or(|c| range_of(c, 100).is_none());
        let (heading, rows) = if headed {
            (first.clone(), after_first)
        } else {
            (Vec::new(), lines.as_slice())
        };
        if rows.is_empty() {
            return Err(fail("it has a heading but no rows"));
        }
        let mut columns: Vec<String> = if headed {
            heading
                .iter()
                .skip(1)
                .map(|h| h.trim().to_owned())
                .collect()
        } else {
            let widest = rows.iter().map(|(_, cells)| cells.len()).max();
            vec![String::new(); widest.unwrap_or(0).saturating_sub(1)]
        };
        if columns.is_empty() {
            columns.push(String::new());
        }
        let cell = |cells: &[String], n: usize| cells.get(n).cloned().unwrap_or_default();
        let rows = rows
            .iter()
            .map(|(line, cells)| {
                let results = (1..=columns.len()).map(|n| cell(cells, n)).collect();
                (*line, cell(cells, 0), results)
            })
            .collect();
        let chosen = (0..columns.len()).map(|c| c == 0).collect();
        // A file of several columns names its first table after its column.
        let name = match columns.as_slice() {
            [first, _, ..] if !first.is_empty() => first.clone(),
            _ => name.trim().to_owned(),
        };
        Ok(Self {
            file: file.to_owned(),
            name,
            replace: false,
            separator,
            dice: cell(&heading, 0),
            headed,
            columns,
            chosen,
            rows,
        })
    }

    /// How column `c` is called: its heading, or without one its letter
    /// as a spreadsheet shows it ("column B": the first is the totals').
    pub fn column_label(&self, c: usize) -> String {
        match self.heading(c) {
            "" => format!("column {}", column_letters(c + 2)),
            heading => heading.to_owned(),
        }
    }

    /// Chooses the columns headed `names` (any case), or says which is none.
    pub fn choose(&mut self, names: &[String]) -> Result<(), String> {
        let labels: Vec<String> = (0..self.columns.len())
            .map(|c| self.column_label(c))
            .collect();
        let mut picked = Vec::new();
        for name in names {
            // A column without a heading answers to its letter too ("B").
            let named = |c: usize, label: &String| {
                let name = name.trim();
                label.eq_ignore_ascii_case(name)
                    || (self.heading(c).is_empty()
                        && column_letters(c + 2).eq_ignore_ascii_case(name))
            };
            let at = (labels.iter().enumerate())
                .position(|(c, label)| named(c, label))
                .ok_or_else(|| {
                    format!(
                        "{} has no column “{name}” (its columns: {})",
                        self.file,
                        labels.join(", ")
                    )
                })?;
            picked.push(at);
        }
        let chosen: Vec<bool> = (0..self.columns.len())
            .map(|c| picked.contains(&c))
            .collect();
        if chosen.contains(&true) {
            self.chosen = chosen;
        }
        if let [one] = self.chosen_columns().as_slice()
            && self.columns.len() > 1
            && !names.is_empty()
        {
            self.name = match self.heading(*one) {
                "" => self.name.clone(),
                heading => heading.to_owned(),
            };
        }
        Ok(())
    }

    /// Column `c`'s heading, trimmed ("" without one).
    fn heading(&self, c: usize) -> &str {
        self.columns.get(c).map_or("", |heading| heading.trim())
    }

    /// The columns chosen, in order.
    fn chosen_columns(&self) -> Vec<usize> {
        (self.chosen.iter().take(self.columns.len()).enumerate())
            .filter(|&(_, &chosen)| chosen)
            .map(|(c, _)| c)
            .collect()
    }

    /// The name the table of column `c` takes: with several chosen, its
    /// heading, or without one the file's name and its letter.
    pub fn name_of(&self, c: usize) -> String {
        match (self.chosen_columns().len(), self.heading(c)) {
            (1, _) => self.name.trim().to_owned(),
            (_, "") => format!("{} ({})", self.name.trim(), self.column_label(c)),
            (_, heading) => heading.to_owned(),
        }
    }

    /// Whether a cell is an entry: a file of several columns marks no
    /// entry with "-" (or leaves the cell empty).
    fn is_entry(&self, cell: &str) -> bool {
        let cell = cell.trim();
        cell != "-" && (self.columns.len() == 1 || !cell.is_empty())
    }

    /// Column `c`'s rows with an entry: line, range, result.
    fn column_rows(&self, c: usize) -> impl Iterator<Item = (usize, &str, &str)> + '_ {
        (self.rows.iter()).filter_map(move |(line, range, cells)| {
            let cell = cells.get(c).filter(|cell| self.is_entry(cell))?;
            Some((*line, range.as_str(), cell.trim()))
        })
    }

    /// The table column `c` makes, under `id`, or every error, each naming
    /// its line ("line 4: “2 to 5” is not a total or a range").
    pub fn table(&self, c: usize, id: TableId) -> Result<TableDef, Vec<String>> {
        let mut errors = Vec::new();
        let name = self.name_of(c);
        if name.is_empty() {
            errors.push("the table needs a name".to_owned());
        }
        let dice = self.dice_of(c);
        let most = dice.as_ref().map_or(0, |d| d.expr().max());
        let mut rows = Vec::new();
        for (line, range, result) in self.column_rows(c) {
            match range_of(range, most) {
                None => errors.push(format!(
                    "line {line}: “{range}” is not a total or a range (as 3 or 2-5)"
                )),
                Some(_) if result.is_empty() => {
                    errors.push(format!("line {line}: it gives nothing"));
                }
                Some((from, to)) => rows.push(TableRowDef {
                    from,
                    to,
                    result: result.to_owned(),
                }),
            }
        }
        errors.extend(self.overlaps(c, most));
        let dice = match dice {
            Ok(dice) => dice,
            Err(e) => {
                errors.insert(0, e);
                return Err(errors);
            }
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        TableDef::own(id, name, dice, rows)
            .map_err(|e| vec![format!("the rows do not fit {}: {e}", self.dice)])
    }

    /// Each row of column `c` that covers a total an earlier row covers,
    /// said by both lines ("line 3: “3-5” overlaps line 2's “1-3” (both
    /// cover 3)"): a spreadsheet's typing slip, never read as meant.
    fn overlaps(&self, c: usize, most: i32) -> Vec<String> {
        let mut ranges: Vec<(i32, i32, usize, &str)> = (self.column_rows(c))
            .filter_map(|(line, range, _)| {
                range_of(range, most.max(100)).map(|(from, to)| (from, to, line, range))
            })
            .collect();
        ranges.sort_by_key(|&(from, to, line, _)| (from, to, line));
        // The row reaching furthest so far: a row starting within it overlaps.
        let mut reaching: Option<(i32, usize, &str)> = None;
        let mut said = Vec::new();
        for (from, to, line, range) in ranges {
            match reaching {
                Some((end, earlier, written)) if from <= end => {
                    said.push((line, format!(
                        "line {line}: “{range}” overlaps line {earlier}'s “{written}” (both cover {from})"
                    )));
                    if to > end {
                        reaching = Some((to, line, range));
                    }
                }
                _ => reaching = Some((to, line, range)),
            }
        }
        said.sort_by_key(|(line, _)| *line);
        said.into_iter().map(|(_, s)| s).collect()
    }

    /// The lowest and highest totals column `c`'s rows cover.
    fn covered(&self, c: usize) -> Option<(i32, i32)> {
        let ranges: Vec<(i32, i32)> = (self.column_rows(c))
            .filter_map(|(_, range, _)| range_of(range, 100))
            .collect();
        let lowest = ranges.iter().map(|r| r.0).min();
        lowest.zip(ranges.iter().map(|r| r.1).max())
    }

    /// Whether the columns' dice come from their rows: the heading names
    /// none ("Roll"), or there is no heading.
    fn dice_from_rows(&self) -> bool {
        let heading = self.dice.trim();
        !heading.eq_ignore_ascii_case("d%") && heading.parse::<DiceText>().is_err()
    }

    /// What the import says before it is made: that line 1 is a result,
    /// and the dice each table chosen takes from its rows.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if !self.headed {
            notes.push(format!(
                "{} has no heading row: line 1 is a result too",
                self.file
            ));
        }
        if self.dice_from_rows() {
            for c in self.chosen_columns() {
                if let (Ok(dice), Some((low, high))) = (self.dice_of(c), self.covered(c)) {
                    notes.push(format!(
                        "{}: its rows cover {low} to {high}, read as {dice}",
                        self.name_of(c)
                    ));
                }
            }
        }
        notes
    }

    /// Column `c`'s dice: the heading's ("d%" is d100), or when the heading
    /// names none, the dice whose totals the column's rows plainly cover
    /// ([`dice_covering`]).
    pub fn dice_of(&self, c: usize) -> Result<DiceText, String> {
        let heading = self.dice.trim();
        if heading.eq_ignore_ascii_case("d%") {
            return "d100".parse().map_err(|_| String::new());
        }
        if let Ok(dice) = heading.parse::<DiceText>() {
            return Ok(dice);
        }
        let covered = self.covered(c);
        let worked_out = covered.and_then(|(low, high)| dice_covering(low, high));
        worked_out.ok_or_else(|| match (self.headed, covered) {
            (false, Some((low, high))) => format!(
                "{} has no heading row, and its rows cover {low} to {high}, which are not plainly the totals of dice: add a heading row whose first cell is the dice, as d100 or 2d6",
                self.file
            ),
            (_, covered) => {
                let covered = match covered {
                    Some((low, high)) => format!("the rows, {low} to {high}, fit no dice"),
                    None => "the rows have no totals".to_owned(),
                };
                format!(
                    "line 1: the first heading, “{}”, should be the dice, as d6 or 2d6 ({covered})",
                    self.dice
                )
            }
        })
    }

    /// Column `c`'s dice as the preview heads them: "d6", "d% (d100)", or
    /// "Roll (d6 from the rows)" when the heading names none ("d6 from the
    /// rows" without a heading row).
    pub fn dice_heading(&self, c: usize) -> String {
        let heading = self.dice.trim();
        match self.dice_of(c) {
            Ok(dice) if !self.headed => format!("{} from the rows", dice.as_str()),
            Ok(_) if heading.parse::<DiceText>().is_ok() => heading.to_owned(),
            Ok(dice) if heading.eq_ignore_ascii_case("d%") => {
                format!("{heading} ({})", dice.as_str())
            }
            Ok(dice) => format!("{heading} ({} from the rows)", dice.as_str()),
            Err(_) => heading.to_owned(),
        }
    }

    /// The edit that adds a table of each column chosen, or puts it in place
    /// of the one of its name when [`Self::replace`]; or every reason it
    /// cannot.
    pub fn edit(&self, data: &CampaignData) -> Result<Edit, Vec<String>> {
        let mut errors = Vec::new();
        let mut changes = Vec::new();
        let mut names: Vec<String> = Vec::new();
        let mut next = data.next_id::<TableDef>().0;
        for c in self.chosen_columns() {
            let name = self.name_of(c);
            let existing = data.table_called(&name);
            if names.iter().any(|n| n.eq_ignore_ascii_case(name.trim())) {
                errors.push(format!("two columns would make a table called {name}"));
            } else if let Some(t) = existing.filter(|_| !self.replace) {
                errors.push(format!(
                    "a table is already called {}: name this one otherwise, or replace it",
                    t.name
                ));
            }
            names.push(name.trim().to_owned());
            let id = existing.map_or_else(
                || {
                    next += 1;
                    TableId(next - 1)
                },
                |t| t.id,
            );
            match self.table(c, id) {
                Ok(table) => changes.push(Change::of(existing, Some(&table))),
                Err(e) => errors.extend(e),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let replaced = changes.iter().any(|c| {
            matches!(
                c,
                Change::Table {
                    before: Some(_),
                    ..
                }
            )
        });
        let label = match (names.as_slice(), replaced) {
            ([one], true) => format!("Replace table {one} from {}", self.file),
            ([one], false) => format!("Import table {one} from {}", self.file),
            (many, _) => format!("Import {} tables from {}", many.len(), self.file),
        };
        Ok(Edit::new(label, changes))
    }
}

/// The dice a table's rows name by their totals alone, `low` to `high`.
/// From 1, one die of `high` faces (1 to 6 is d6, 1 to 58 is d58: a table
/// of one die may have any number of faces). From n of 2 or more, n dice
/// of a die of the usual set (d4, d6, d8, d10, d12, d20) when n is 2 to 4
/// (as tables roll them: 2d6, 3d6, 4d6) and `high` is n times its faces (2
/// to 12 is 2d6, 3 to 18 is 3d6, 2 to 20 is 2d10). Any other totals are
/// not guessed, as they say no dice plainly: 5 to 100 is 5d20 or a d100
/// whose first rows are missing, 2 to 6 is 2d3 or a d6 without its 1, 0
/// to 5 is d6-1 or a slip.
pub fn dice_covering(low: i32, high: i32) -> Option<DiceText> {
    const USUAL_FACES: [i32; 6] = [4, 6, 8, 10, 12, 20];
    let dice = match low {
        1 if high >= 2 => format!("d{high}"),
        n if (2..=4).contains(&n) && high % n == 0 && USUAL_FACES.contains(&(high / n)) => {
            format!("{n}d{}", high / n)
        }
        _ => return None,
    };
    dice.parse().ok()
}

/// A spreadsheet's letters for its `n`th column from 1: A, B, …, Z, AA.
fn column_letters(mut n: usize) -> String {
    let mut letters = Vec::new();
    while n > 0 {
        let rest = (n - 1) % 26;
        letters.push(char::from(b'A' + rest as u8));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}

/// "3" is 3 to 3, "2-5" (or "2–5") is 2 to 5, "-3--1" is -3 to -1; "00"
/// is 100 on dice that reach it, as d100 tables write it.
fn range_of(text: &str, most: i32) -> Option<(i32, i32)> {
    let total = |t: &str| {
        let t = t.trim();
        let n: i64 = t.parse().ok()?;
        let n = if n == 0 && t.len() == 2 && most >= 100 {
            100
        } else {
            n
        };
        limits::TABLE_TOTAL.contains(&n).then_some(n as i32)
    };
    // The dash between the two numbers follows a digit; a sign does not.
    let text = text.trim();
    let between = text.char_indices().find(|&(i, c)| {
        matches!(c, '-' | '–') && text[..i].trim_end().ends_with(|d: char| d.is_ascii_digit())
    });
    match between {
        Some((i, c)) => Some((total(&text[..i])?, total(&text[i + c.len_utf8()..])?)),
        None => total(text).map(|n| (n, n)),
    }
}

/// The table as CSV, as [`TableImport::read`] reads it back: each record
/// ended by CRLF, as RFC 4180 writes them, on every platform (a Windows
/// spreadsheet and a Linux one both read it).
pub fn write(table: &TableDef) -> String {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    let mut rows = vec![[table.dice.as_str().to_owned(), "Result".to_owned()]];
    for r in &table.rows {
        let range = if r.from == r.to {
            r.from.to_string()
        } else {
            format!("{}-{}", r.from, r.to)
        };
        rows.push([range, r.result.clone()]);
    }
    for row in rows {
        writer.write_record(&row).expect("writing to memory");
    }
    String::from_utf8(writer.into_inner().expect("writing to memory")).expect("UTF-8 in, UTF-8 out")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Settings, TableId};

    fn import(text: &str) -> TableImport {
        TableImport::read("beasts.csv", "Beasts", text).expect("read")
    }

    #[test]
    fn a_spreadsheet_table_comes_in_with_its_dice_ranges_and_quoted_results() {
        let t = import("d100,Result\n01-50,Wolves\n51-95,\"Bears, two\"\n96-00,{roll: Dragons}\n")
            .table(0, TableId(9))
            .expect("a table");
        assert_eq!(t.dice.as_str(), "d100");
        let rows: Vec<(i32, i32, &str)> = t
            .rows
            .iter()
            .map(|r| (r.from, r.to, r.result.as_str()))
            .collect();
        assert_eq!(
            rows,
            [
                (1, 50, "Wolves"),
                (51, 95, "Bears, two"),
                (96, 100, "{roll: Dragons}")
            ]
        );
        // Out and back in: the same table; each record ends in CRLF
        // (RFC 4180: "Each record is located on a separate line, delimited
        // by a line break (CRLF)").
        let written = write(&t);
        assert_eq!(written.matches("\r\n").count(), 4, "{written:?}");
        assert_eq!(written.matches('\n').count(), 4, "no bare LF");
        let again = TableImport::read("x.csv", "Beasts", &written)
            .expect("read")
            .table(0, TableId(9))
            .expect("a table");
        assert_eq!(again, t);
    }

    #[test]
    fn a_european_spreadsheet_s_table_comes_in_with_its_dice_worked_out() {
        let semicolons = import("Roll;Result\n1-2;Wolves\n3-5;\"Bears; two\"\n6;Crows, many\n");
        assert_eq!(semicolons.separator, Separator::Semicolon);
        assert_eq!(semicolons.dice_heading(0), "Roll (d6 from the rows)");
        let t = semicolons.table(0, TableId(3)).expect("a table");
        assert_eq!(t.dice.as_str(), "d6");
        assert_eq!(t.rows[1].result, "Bears; two");
        assert_eq!(t.rows[2].result, "Crows, many");
        let tabs = import("Die\tResult\n2-6\tCalm\n7\tRain\n8-12\tStorm\n");
        assert_eq!(tabs.separator, Separator::Tab);
        assert_eq!(
            tabs.table(0, TableId(3)).expect("a table").dice.as_str(),
            "2d6"
        );
        let percent = import("d%,Result\n01-50,Wolves\n51-00,Bears\n");
        assert_eq!(percent.dice_heading(0), "d% (d100)");
        assert_eq!(
            percent.table(0, TableId(3)).expect("a table").rows[1].to,
            100
        );
    }

    #[test]
    fn every_bad_row_is_named_by_its_line_and_nothing_is_made() {
        let errors = import("2d6,Result\n2-6,Calm\n7 to 9,Rain\n10,\n11-12,Storm\n")
            .table(0, TableId(1))
            .expect_err("refused");
        assert_eq!(
            errors,
            [
                "line 3: “7 to 9” is not a total or a range (as 3 or 2-5)",
                "line 4: it gives nothing"
            ]
        );
        let gap = import("2d6,Result\n2-6,Calm\n8-12,Storm\n")
            .table(0, TableId(1))
            .expect_err("a gap");
        assert_eq!(gap, ["the rows do not fit 2d6: no row covers 7"]);
        let heading = import("Roll,Result\n1,A\n")
            .table(0, TableId(1))
            .expect_err("no dice");
        assert_eq!(
            heading[0],
            "line 1: the first heading, “Roll”, should be the dice, as d6 or 2d6 (the rows, 1 to 1, fit no dice)"
        );
        assert!(TableImport::read("e.csv", "E", "").is_err(), "empty");
        assert!(
            TableImport::read("e.csv", "E", "d6,Result\n").is_err(),
            "no rows"
        );
    }

    #[test]
    fn an_import_never_takes_a_table_s_name_unless_told_to_replace_it() {
        let mut data = CampaignData::new(Settings::default());
        let first = import("d2,Result\n1,Wolves\n2,Bears\n");
        let edit = first.edit(&data).expect("added");
        data.apply(&edit.changes[0]);
        let mut second = import("d3,Result\n1,Owls\n2,Bats\n3,Crows\n");
        assert_eq!(
            second.edit(&data).expect_err("refused"),
            ["a table is already called Beasts: name this one otherwise, or replace it"]
        );
        second.replace = true;
        let replaced = second.edit(&data).expect("replaced");
        assert_eq!(replaced.label, "Replace table Beasts from beasts.csv");
        data.apply(&replaced.changes[0]);
        assert_eq!(data.tables.len(), 1);
        assert_eq!(data.tables.values().next().expect("one").rows.len(), 3);
    }

    #[test]
    fn a_table_of_dice_below_zero_goes_out_and_back_in() {
        let t = import("d6-3,Result\n-2--1,Calm\n0-1,Wind\n2-3,Storm\n")
            .table(0, TableId(2))
            .expect("a table");
        assert_eq!((t.rows[0].from, t.rows[0].to), (-2, -1));
        let again = TableImport::read("x.csv", "Beasts", &write(&t))
            .expect("read")
            .table(0, TableId(2))
            .expect("a table");
        assert_eq!(again, t);
    }
}
