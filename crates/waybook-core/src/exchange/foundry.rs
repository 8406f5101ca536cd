//! Roll tables as Foundry VTT keeps them, read for import: its RollTable
//! JSON in the shapes its versions wrote (a result's `type` as a number or
//! a word, its text in `text` or in `name` and `description`, a drawn
//! table named in `text` with a `collection` or `documentCollection` of
//! `RollTable`, or in v13 by a `documentUuid` whose document is a
//! `RollTable`). What a GM reads is kept and Foundry's markup is read as
//! they would: `@UUID[…]{Slow}` is "Slow", `&Reference[Stunned]` is
//! "Stunned", an inline roll `[[/r 2d6]]` is Waybook's `{2d6}` where
//! Waybook can roll it, `[[/save con dc=15]]` is "DC 15 Constitution
//! save", HTML is text. A result that draws another table becomes
//! `{roll: NAME}` when that table is imported with it (found by the id its
//! uuid ends with, then by name) or is the campaign's, and says it is
//! missing otherwise. The table is drawn as Foundry draws it
//! ([`super::foundry_draws`]): results on the same total together, a
//! total none covers drawing nothing, a formula "1" as d1. A formula that
//! disagrees with the rows ("1d101" over rows 1 to 100) is said, and the
//! rows' dice offered in its place. Several files import as one edit. A
//! table goes out again as Foundry's JSON, with the tables it draws.

use super::foundry_draws::{self, Segment, TOGETHER};
use super::foundry_enrichers;
use crate::exchange::table_csv::dice_covering;
use crate::model::{CampaignData, Change, DiceText, Edit, TableDef, TableId, TableRowDef, limits};
use serde::Deserialize;
use waybook_rules::nested::{self, Piece};

pub use super::foundry_draws::NOTHING;

/// One Foundry table read from its file, before it is the campaign's.
#[derive(Debug, Clone, PartialEq)]
pub struct FoundryTable {
    pub file: String,
    /// The table's id in Foundry (`_id`), by which v13 results draw it.
    pub id: Option<String>,
    pub name: String,
    /// The formula as the file writes it ("1d20"); empty when it has none.
    pub formula: String,
    pub rows: Vec<FoundryRow>,
    /// Whether the dice the rows cover take the formula's place, when the
    /// two disagree (see [`FoundryTable::formula_problem`]).
    pub use_rows_dice: bool,
}

/// A result of a Foundry table: its range and what it gives, read.
#[derive(Debug, Clone, PartialEq)]
pub struct FoundryRow {
    pub from: i64,
    pub to: i64,
    pub text: String,
    /// The table this result draws, by name, if it draws one.
    pub draws: Option<String>,
    /// The id of the table it draws, when the file gives it (the end of a
    /// v13 `documentUuid`, or an older `documentId` or `resultId`).
    pub draws_id: Option<String>,
}

/// Why a file is not a Foundry table, naming the field at fault.
#[derive(Debug, thiserror::Error)]
#[error("{file} is not a Foundry roll table: {reason}")]
pub struct FoundryError {
    pub file: String,
    pub reason: String,
}

#[derive(Deserialize)]
struct RawTable {
    #[serde(default, rename = "_id")]
    id: Option<String>,
    name: String,
    #[serde(default)]
    formula: Option<String>,
    results: Vec<RawResult>,
}

#[derive(Deserialize)]
struct RawResult {
    #[serde(default, rename = "type")]
    kind: Option<serde_json::Value>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    range: [i64; 2],
    #[serde(default)]
    collection: Option<String>,
    #[serde(default, rename = "documentCollection")]
    document_collection: Option<String>,
    #[serde(default, rename = "documentUuid")]
    document_uuid: Option<String>,
    #[serde(default, rename = "documentId")]
    document_id: Option<String>,
    #[serde(default, rename = "resultId")]
    result_id: Option<String>,
}

impl RawResult {
    /// Whether the result draws another table rather than giving text.
    fn draws_a_table(&self) -> bool {
        let text_kind = match &self.kind {
            None => true,
            Some(serde_json::Value::Number(n)) => n.as_i64() == Some(0),
            Some(serde_json::Value::String(s)) => s == "text",
            Some(_) => true,
        };
        let names_tables = |c: &Option<String>| {
            c.as_deref().is_some_and(|c| {
                c == "RollTable" || c.ends_with(".tables") || c.ends_with(".rolltables")
            })
        };
        !text_kind
            && (names_tables(&self.collection)
                || names_tables(&self.document_collection)
                || self.uuid_table().is_some())
    }

    /// The table id a v13 `documentUuid` ends with, when the document it
    /// names is a RollTable ("Compendium.dnd5e.tables24.RollTable.abc" is
    /// "abc"; "…Item.abc" names no table).
    fn uuid_table(&self) -> Option<&str> {
        let mut parts = self.document_uuid.as_deref()?.rsplit('.');
        let id = parts.next()?;
        (parts.next() == Some("RollTable") && !id.is_empty()).then_some(id)
    }

    /// The id of the table the result draws, as the file gives it.
    fn drawn_id(&self) -> Option<String> {
        let older = || self.document_id.as_deref().or(self.result_id.as_deref());
        (self.uuid_table().or_else(older)).map(str::to_owned)
    }

    /// What the result says: `text`, or in newer files `name` then
    /// `description`.
    fn words(&self) -> String {
        let parts = [&self.text, &self.name, &self.description];
        let mut said: Vec<String> = Vec::new();
        for part in parts.into_iter().flatten() {
            let read = read_markup(part);
            if !read.is_empty() && !said.contains(&read) {
                said.push(read);
            }
        }
        said.join(": ")
    }
}

impl FoundryTable {
    /// Reads the JSON `text` of `file`. JSON a strict parser refuses but
    /// Foundry wrote (raw tabs and line breaks inside strings) is read.
    pub fn read(file: &str, text: &str) -> Result<Self, FoundryError> {
        let fail = |reason: String| FoundryError {
            file: file.to_owned(),
            reason,
        };
        let text = escape_raw_controls(text.trim_start_matches('\u{feff}'));
        let mut reading = serde_json::Deserializer::from_str(&text);
        let raw: RawTable = serde_path_to_error::deserialize(&mut reading).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            if path == "." {
                fail(inner.to_string())
            } else {
                fail(format!("{path}: {inner}"))
            }
        })?;
        let name = read_markup(&raw.name);
        if name.is_empty() {
            return Err(fail("name: the table has no name".to_owned()));
        }
        if raw.results.is_empty() {
            return Err(fail("results: the table has no results".to_owned()));
        }
        let mut rows = Vec::new();
        for (i, r) in raw.results.iter().enumerate() {
            let [from, to] = r.range;
            let (least, most) = (limits::TABLE_TOTAL.start(), limits::TABLE_TOTAL.end());
            if from > to {
                return Err(fail(format!(
                    "results[{i}].range: [{from}, {to}] is not a range of totals, lowest first"
                )));
            }
            if from < *least || to > *most {
                return Err(fail(format!(
                    "results[{i}].range: [{from}, {to}]: the table is too big for Waybook, whose tables roll totals from {least} to {most}"
                )));
            }
            let words = r.words();
            let draws = r.draws_a_table();
            rows.push(FoundryRow {
                from,
                to,
                draws: draws.then(|| words.clone()),
                draws_id: r.drawn_id().filter(|_| draws),
                text: words,
            });
        }
        // Lowest first; results on the same range keep the file's order.
        rows.sort_by_key(|r| (r.from, r.to));
        Ok(Self {
            file: file.to_owned(),
            id: raw.id.filter(|id| !id.is_empty()),
            name,
            formula: raw.formula.unwrap_or_default().trim().to_owned(),
            rows,
            use_rows_dice: true,
        })
    }

    /// The lowest and highest totals the rows cover.
    pub fn covered(&self) -> (i64, i64) {
        let low = self.rows.iter().map(|r| r.from).min().unwrap_or(1);
        let high = self.rows.iter().map(|r| r.to).max().unwrap_or(1);
        (low, high)
    }

    /// The dice the rows cover from first to last (1 to 100 is d100).
    pub fn rows_dice(&self) -> Option<DiceText> {
        let (low, high) = self.covered();
        dice_covering(i32::try_from(low).ok()?, i32::try_from(high).ok()?)
    }

    /// The formula as dice: dice Waybook rolls ("1d20"), or a plain
    /// number Foundry always rolls ("1", as d1).
    fn formula_dice(&self) -> Option<DiceText> {
        (self.formula.parse().ok()).or_else(|| foundry_draws::constant(&self.formula))
    }

    /// What is wrong with the formula, if the rows say otherwise: it does
    /// not parse as dice, or it reaches totals the rows do not (1d101 over
    /// 1 to 100), or the rows reach totals it cannot roll.
    pub fn formula_problem(&self) -> Option<String> {
        let (low, high) = self.covered();
        let Some(dice) = self.formula_dice() else {
            return Some(if self.formula.is_empty() {
                "it has no formula".to_owned()
            } else {
                format!("its formula “{}” is not dice Waybook rolls", self.formula)
            });
        };
        let expr = dice.expr();
        let (min, max) = (i64::from(expr.min()), i64::from(expr.max()));
        (min != low || max != high).then(|| {
            format!(
                "its formula {} rolls {min} to {max}, but its results cover {low} to {high}",
                self.formula
            )
        })
    }

    /// The dice the table takes: its formula's, or, when that disagrees
    /// with the rows and the fix is taken, the rows'. Without the fix, a
    /// formula that reaches every result is kept, as Foundry keeps it: the
    /// totals beyond the results draw nothing.
    pub fn dice(&self) -> Result<DiceText, String> {
        let fixed = self.use_rows_dice.then(|| self.rows_dice()).flatten();
        let (low, high) = self.covered();
        let reaches = |dice: &DiceText| {
            let expr = dice.expr();
            i64::from(expr.min()) <= low && high <= i64::from(expr.max())
        };
        match (self.formula_problem(), fixed, self.formula_dice()) {
            (None, _, Some(dice)) => Ok(dice),
            (Some(_), Some(dice), _) => Ok(dice),
            (Some(_), None, Some(dice)) if reaches(&dice) => Ok(dice),
            (problem, ..) => Err(format!("{}: {}", self.name, problem.unwrap_or_default())),
        }
    }

    /// The totals of `dice` as Foundry draws them: each with the results
    /// it draws ([`foundry_draws::segments`]).
    fn drawn(&self, dice: &DiceText) -> Vec<Segment> {
        let ranges: Vec<(i64, i64)> = self.rows.iter().map(|r| (r.from, r.to)).collect();
        let expr = dice.expr();
        foundry_draws::segments(&ranges, (i64::from(expr.min()), i64::from(expr.max())))
    }

    /// A result as a row gives it: its words, or `{roll: NAME}` for a draw
    /// of a table `known` finds, or the drawn table's name, said missing.
    fn result_of(&self, row: &FoundryRow, known: &dyn Fn(&FoundryRow) -> Option<String>) -> String {
        match &row.draws {
            Some(name) => match known(row) {
                Some(found) => format!("{{roll: {found}}}"),
                None => format!("{name} (a table not imported)"),
            },
            None => row.text.clone(),
        }
    }

    /// The table under `id`, its draws of other tables written as
    /// `{roll: NAME}` when `known` finds the table a row draws, or every
    /// reason it cannot be one.
    pub fn table(
        &self,
        id: TableId,
        known: &dyn Fn(&FoundryRow) -> Option<String>,
    ) -> Result<TableDef, Vec<String>> {
        let dice = self.dice().map_err(|e| vec![e])?;
        let rows = (self.drawn(&dice).into_iter())
            .map(|segment| {
                let results: Vec<String> = (segment.results.iter())
                    .filter_map(|&i| self.rows.get(i))
                    .map(|row| self.result_of(row, known))
                    .collect();
                TableRowDef {
                    // Within limits::TABLE_TOTAL, as read.
                    from: segment.from as i32,
                    to: segment.to as i32,
                    result: match results.as_slice() {
                        [] => NOTHING.to_owned(),
                        _ => results.join(TOGETHER),
                    },
                }
            })
            .collect();
        TableDef::own(id, self.name.clone(), dice, rows)
            .map_err(|e| vec![format!("{}: {e}", self.name)])
    }

    /// The tables this one draws that are neither in `imported` nor the
    /// campaign's: said in the preview, and left as text.
    pub fn missing_draws(&self, imported: &[FoundryTable], data: &CampaignData) -> Vec<String> {
        let known = known_tables(imported, data);
        let mut missing: Vec<String> = Vec::new();
        for row in self.rows.iter().filter(|r| known(r).is_none()) {
            if let Some(name) = row.draws.as_ref().filter(|n| !missing.contains(n)) {
                missing.push(name.clone());
            }
        }
        missing
    }

    /// What the import says of the table, beyond its formula: the results
    /// drawn together, the totals that draw nothing, and the draws of tables
    /// that did not come in, kept as text.
    pub fn notes(&self, imported: &[FoundryTable], data: &CampaignData) -> Vec<String> {
        let mut notes = Vec::new();
        if let Ok(dice) = self.dice() {
            let drawn = self.drawn(&dice);
            let together: Vec<&Segment> = drawn.iter().filter(|s| s.results.len() > 1).collect();
            let expr = dice.expr();
            let count = |s: &Segment| format!("{} results", s.results.len());
            match together.as_slice() {
                [] => {}
                [one] if expr.min() == expr.max() => notes.push(format!(
                    "its formula “{}” always gives {}: its {} are drawn together, as Foundry draws them, one row on {dice}",
                    self.formula,
                    expr.min(),
                    count(one)
                )),
                [one] => notes.push(format!(
                    "{} on {} are drawn together, as Foundry draws them",
                    count(one),
                    foundry_draws::range_words(one.from, one.to)
                )),
                many => notes.push(format!(
                    "results on the same total are drawn together, as Foundry draws them: {}",
                    (many.iter())
                        .map(|s| format!(
                            "{} on {}",
                            s.results.len(),
                            foundry_draws::range_words(s.from, s.to)
                        ))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            }
            let gaps: Vec<&Segment> = drawn.iter().filter(|s| s.results.is_empty()).collect();
            if !gaps.is_empty() {
                notes.push(format!(
                    "no result covers {}: a roll of them draws nothing (its rows there say “{NOTHING}”)",
                    foundry_draws::totals_words(&gaps)
                ));
            }
        }
        for name in self.missing_draws(imported, data) {
            notes.push(format!(
                "draws the table “{name}”, which did not come in: kept as text (add its file to draw it)"
            ));
        }
        notes
    }
}

/// Finds the table a row draws, as it is named: among those imported by
/// the id the row gives (a v13 uuid's), then by name in any case, then
/// among the campaign's by name.
fn known_tables<'a>(
    imported: &'a [FoundryTable],
    data: &'a CampaignData,
) -> impl Fn(&FoundryRow) -> Option<String> + 'a {
    move |row: &FoundryRow| {
        let by_id = row
            .draws_id
            .as_deref()
            .and_then(|id| (imported.iter()).find(|t| t.id.as_deref() == Some(id)));
        let name = row.draws.as_deref()?.trim();
        let by_name = || (imported.iter()).find(|t| t.name.trim().eq_ignore_ascii_case(name));
        (by_id.or_else(by_name))
            .map(|t| t.name.clone())
            .or_else(|| data.table_called(name).map(|t| t.name.clone()))
    }
}

/// The one edit that adds every table imported, each under a new id;
/// refused, naming each table and why, when any cannot be made or a name
/// is already the campaign's.
pub fn import_edit(tables: &[FoundryTable], data: &CampaignData) -> Result<Edit, Vec<String>> {
    let known = known_tables(tables, data);
    let mut errors = Vec::new();
    let mut changes = Vec::new();
    let first = data.next_id::<TableDef>().0;
    for (i, t) in tables.iter().enumerate() {
        let taken = data.table_called(&t.name).is_some();
        let twice =
            (tables.iter().take(i)).any(|o| o.name.trim().eq_ignore_ascii_case(t.name.trim()));
        if taken {
            errors.push(format!("{}: a table is already called {}", t.file, t.name));
        } else if twice {
            errors.push(format!("{}: {} is imported twice", t.file, t.name));
        }
        match t.table(TableId(first + i as i64), &known) {
            Ok(table) => changes.push(Change::of(None, Some(&table))),
            Err(e) => errors.extend(e.into_iter().map(|e| format!("{}: {e}", t.file))),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let label = match tables {
        [one] => format!("Import table {} from {}", one.name, one.file),
        _ => format!("Import {} tables from Foundry", tables.len()),
    };
    Ok(Edit::new(label, changes))
}

/// The table as Foundry's RollTable JSON, with the tables it draws (to any
/// depth), each a file of its own as Foundry keeps them: file name and
/// text. A result that is only `{roll: NAME}` draws that table; `{2d6}` in
/// a result is Foundry's inline roll `[[/r 2d6]]`; a table rolled inside a
/// longer result is written as its name. Each result's weight is its
/// range's width.
pub fn write_with_draws(table: &TableDef, data: &CampaignData) -> Vec<(String, String)> {
    let mut written: Vec<&TableDef> = Vec::new();
    let mut waiting = vec![table];
    while let Some(t) = waiting.pop() {
        if written.iter().any(|w| w.id == t.id) {
            continue;
        }
        written.push(t);
        for row in &t.rows {
            for piece in nested::pieces(&t.name, &row.result).unwrap_or_default() {
                if let Piece::Table(name) = piece
                    && let Some(drawn) = data.table_named(&name)
                {
                    waiting.push(drawn);
                }
            }
        }
    }
    written
        .into_iter()
        .map(|t| (file_name(&t.name), to_json(t)))
        .collect()
}

/// A file name for a table: its name as a file name, and `.json`.
fn file_name(name: &str) -> String {
    format!("{}.json", crate::files::file_stem_for(name))
}

fn to_json(table: &TableDef) -> String {
    let results: Vec<serde_json::Value> = (table.rows.iter())
        .flat_map(|row| results_of(table, row))
        .collect();
    let document = serde_json::json!({
        "name": table.name,
        "formula": foundry_dice(table.dice.expr()),
        "replacement": true,
        "displayRoll": true,
        "results": results,
    });
    serde_json::to_string_pretty(&document).unwrap_or_default()
}

/// A row as Foundry's results: none for a gap (a row that draws nothing);
/// one result a draw of a table when the
/// row draws several together ("Common · {roll: Tongues}"), on its range;
/// else one result, a draw or text.
fn results_of(table: &TableDef, row: &TableRowDef) -> Vec<serde_json::Value> {
    if row.result == NOTHING {
        return Vec::new();
    }
    let lone_draw = |part: &str| {
        matches!(
            nested::pieces(&table.name, part).as_deref(),
            Ok([Piece::Table(_)])
        )
    };
    let parts: Vec<&str> = row.result.split(TOGETHER).collect();
    let parts = if parts.len() > 1 && parts.iter().any(|p| lone_draw(p)) {
        parts
    } else {
        vec![row.result.as_str()]
    };
    let range = serde_json::json!([row.from, row.to]);
    let weight = row.to - row.from + 1;
    (parts.into_iter())
        .map(|part| {
            let pieces = nested::pieces(&table.name, part).unwrap_or_default();
            match pieces.as_slice() {
                [Piece::Table(name)] => serde_json::json!({
                    "type": "document", "documentCollection": "RollTable", "text": name,
                    "weight": weight, "range": range, "drawn": false,
                }),
                _ => serde_json::json!({
                    "type": "text", "text": foundry_text(&pieces, part),
                    "weight": weight, "range": range, "drawn": false,
                }),
            }
        })
        .collect()
}

/// Dice as Foundry writes them, with their count: "1d6", not "d6"; dice
/// that always give one total as that number, as Foundry's formula "1".
fn foundry_dice(dice: waybook_rules::expr::DiceExpr) -> String {
    if dice.min() == dice.max() {
        return dice.min().to_string();
    }
    match dice.to_string() {
        d if d.starts_with('d') => format!("1{d}"),
        d => d,
    }
}

/// A result's pieces as Foundry's text: dice as inline rolls, a table
/// rolled inside the text by its name, an animal's fate in words.
fn foundry_text(pieces: &[Piece], result: &str) -> String {
    if pieces.is_empty() {
        return result.to_owned();
    }
    pieces
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) => text.clone(),
            Piece::Dice(dice) => format!("[[/r {}]]", foundry_dice(*dice)),
            Piece::Table(name) => name.clone(),
            Piece::Animal(fate, who) => fate.said(who),
        })
        .collect()
}

/// The text with raw control characters inside JSON strings escaped, as
/// Foundry's exports sometimes hold them (a tab typed into a result).
pub(crate) fn escape_raw_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string && !escaped && c.is_control() && (c as u32) < 0x20 {
            match c {
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                _ => out.push_str(&format!("\\u{:04x}", c as u32)),
            }
            continue;
        }
        match c {
            '"' if !escaped => in_string = !in_string,
            _ => {}
        }
        escaped = in_string && !escaped && c == '\\';
        out.push(c);
    }
    out
}

/// Foundry's markup read as a GM would: HTML's tags dropped and its
/// entities written out, `@UUID[…]{Label}` and `@Compendium[…]{Label}` as
/// their label, `&Reference[Stunned]` as "Stunned", and an inline roll
/// as Waybook dice where Waybook can roll it (`[[/r 2d6]]` is `{2d6}`,
/// `[[/damage 1d6 psychic]]` is `{1d6} psychic damage`), else as its
/// label or its expression ("1d4 × 10"); `[[/save con 15]]` is "DC 15
/// Constitution save" (see [`super::foundry_enrichers`]). Other
/// braces become parentheses: in a Waybook result `{…}` is dice or a table
/// to roll, which Foundry's text never meant.
pub fn read_markup(text: &str) -> String {
    let text = without_tags(text);
    let text = decode_entities(&text);
    let text = inline_rolls(&text);
    let text = links(&text)
        .replace('{', "(")
        .replace('}', ")")
        .replace(DICE_OPEN, "{")
        .replace(DICE_CLOSE, "}");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where an inline roll's dice begin and end until the text's own braces
/// are made parentheses (two private-use characters no file holds).
const DICE_OPEN: char = '\u{e000}';
const DICE_CLOSE: char = '\u{e001}';

fn without_tags(text: &str) -> String {
    const BLOCKS: [&str; 16] = [
        "p",
        "br",
        "div",
        "li",
        "ul",
        "ol",
        "tr",
        "td",
        "th",
        "table",
        "hr",
        "h1",
        "h2",
        "h3",
        "h4",
        "blockquote",
    ];
    let mut out = String::with_capacity(text.len());
    let mut tag: Option<String> = None;
    for c in text.chars() {
        match (c, tag.as_mut()) {
            ('<', None) => tag = Some(String::new()),
            ('>', Some(inside)) => {
                // A block's edge parts words; an inline tag (<b>, <a>) does not.
                let name = inside.trim_start_matches('/').split([' ', '/']).next();
                if name.is_some_and(|n| BLOCKS.contains(&n.to_ascii_lowercase().as_str())) {
                    out.push(' ');
                }
                tag = None;
            }
            (_, Some(inside)) => inside.push(c),
            (_, None) => out.push(c),
        }
    }
    out
}

/// HTML's named and numeric entities decoded (`&#39;`, `&mdash;`,
/// `&#8217;`), by html-escape, which takes only those ending in `;`, so
/// Foundry's `&Reference[…]` stays; a no-break space is a space. Shared by
/// the Foundry tables and the calendars of every tool.
pub(crate) fn decode_entities(text: &str) -> String {
    html_escape::decode_html_entities(text).replace('\u{a0}', " ")
}

/// Each inline roll `[[…]]` (and the `{label}` after it) as a GM reads it.
fn inline_rolls(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        let Some(close) = rest[open..].find("]]") else {
            break;
        };
        out.push_str(&rest[..open]);
        let inner = &rest[open + 2..open + close];
        rest = &rest[open + close + 2..];
        let label = rest
            .strip_prefix('{')
            .and_then(|t| t.find('}').map(|end| (&t[..end], &t[end + 1..])));
        if let Some((_, after)) = label {
            rest = after;
        }
        out.push_str(&inline_roll(inner, label.map(|(l, _)| l.trim()), rest));
    }
    out.push_str(rest);
    out
}

/// One inline roll's text, `after` being the text that follows it: a
/// roll (`/r 2d6`, `1d6 # flavour`) as Waybook's dice where Waybook rolls
/// them, else as written; the dnd5e system's enrichers (`/save con 15`,
/// `/damage 1d6 psychic`, `/healing 5d6 temp`) in words
/// ([`super::foundry_enrichers`]); a `label` in their place, the roll's
/// dice rollable within it.
fn inline_roll(inner: &str, label: Option<&str>, after: &str) -> String {
    let inner = inner.split('#').next().unwrap_or_default().trim();
    let (command, args) = match inner.strip_prefix('/') {
        Some(rest) => rest.split_once(' ').unwrap_or((rest, "")),
        None => ("r", inner),
    };
    let (command, args) = (command.to_ascii_lowercase(), args.trim());
    let label = label.filter(|l| !l.is_empty());
    let formula = |text: &str| rollable(text).unwrap_or_else(|| as_written(text));
    let enriched = || foundry_enrichers::words(&command, args, after, &formula);
    match command.as_str() {
        // A test rolls no dice of the table's: its label is its words.
        "save" | "check" | "skill" | "tool" => {
            return (label.map(str::to_owned).or_else(enriched)).unwrap_or_else(|| args.to_owned());
        }
        "damage" | "heal" | "healing" => {
            if let Some(label) = label {
                return labelled(label, &foundry_enrichers::amount_formula(args));
            }
            if let Some(words) = enriched() {
                return words;
            }
        }
        _ => {}
    }
    if let Some(label) = label {
        return labelled(label, args);
    }
    if let Some(whole) = rollable(args) {
        return whole;
    }
    if let Some((first, more)) = args.split_once(' ')
        && let Some(first) = rollable(first)
        && !more.contains(['*', '/', '+', '-'])
    {
        return format!("{first} {more}");
    }
    as_written(args)
}

/// `text` as Waybook dice, marked until the text's own braces are made
/// parentheses; `None` when Waybook does not roll it.
fn rollable(text: &str) -> Option<String> {
    (text.parse::<DiceText>().ok()).map(|d| format!("{DICE_OPEN}{d}{DICE_CLOSE}"))
}

/// A formula Waybook does not roll, as a GM writes it: "1d4 × 10".
fn as_written(formula: &str) -> String {
    formula.replace(" * ", " × ").replace('*', " × ")
}

/// A label as Foundry shows it, with its roll's dice rollable where it
/// writes them ("{5d6} temporary hit points"), else after it ("a handful
/// ({2d6})"); a formula Waybook does not roll leaves it alone.
fn labelled(label: &str, formula: &str) -> String {
    let formula = formula.trim();
    let Some(dice) = rollable(formula).filter(|_| !formula.is_empty()) else {
        return label.to_owned();
    };
    match label.find(formula) {
        Some(at) => format!("{}{dice}{}", &label[..at], &label[at + formula.len()..]),
        None => format!("{label} ({dice})"),
    }
}

/// `@UUID[Compendium.x.Item.id]{Slow}` → "Slow"; `@Check[dex]` → "dex";
/// `&Reference[Stunned apply=false]` → "Stunned".
fn links(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(['@', '&']) {
        let after = &rest[at + 1..];
        let word_end = after
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(after.len());
        let (word, tail) = after.split_at(word_end);
        let Some(target) = (!word.is_empty())
            .then(|| tail.strip_prefix('['))
            .flatten()
            .and_then(|t| t.find(']').map(|end| (&t[..end], &t[end + 1..])))
        else {
            out.push_str(&rest[..=at]);
            rest = &rest[at + 1..];
            continue;
        };
        out.push_str(&rest[..at]);
        let (inside, tail) = target;
        let (label, tail) = match tail
            .strip_prefix('{')
            .and_then(|t| t.find('}').map(|end| (&t[..end], &t[end + 1..])))
        {
            Some((label, tail)) => (label.to_owned(), tail),
            None => {
                let first = inside.split_whitespace().next().unwrap_or_default();
                let last = first.rsplit(['.', '|']).next().unwrap_or(first);
                (last.to_owned(), tail)
            }
        };
        out.push_str(&label);
        rest = tail;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_reads_as_a_gm_would() {
        assert_eq!(
            read_markup("You cast @UUID[Compendium.dnd5e.spells.Item.yq]{Slow}."),
            "You cast Slow."
        );
        assert_eq!(
            read_markup("You are &amp;Reference[Stunned] until the end."),
            "You are Stunned until the end."
        );
        assert_eq!(
            read_markup("<p>Lose [[/r 2d6]] gold</p>"),
            "Lose {2d6} gold"
        );
        assert_eq!(
            read_markup("Fall [[/r 1d4 * 10]] feet"),
            "Fall 1d4 × 10 feet"
        );
        assert_eq!(read_markup("a@b.c & d"), "a@b.c & d");
        assert_eq!(
            read_markup("A stream of [[/r 1d4 * 10]]{1d4 × 10} gems"),
            "A stream of 1d4 × 10 gems"
        );
        assert_eq!(
            read_markup("take [[/damage 1d6 psychic]] damage"),
            "take {1d6} psychic damage"
        );
        assert_eq!(
            read_markup("make a [[/save con 15]] saving throw"),
            "make a DC 15 Constitution saving throw"
        );
        assert_eq!(
            read_markup("odd {braces} and [[1d8]]"),
            "odd (braces) and {1d8}"
        );
    }

    /// Issue 50, 22: the dnd5e system's enrichers as the GM reads them
    /// (its wiki: `[[/save dex 15]]` or `[[/save ability=dexterity dc=15]]`
    /// is "DC 15 Dexterity"; a `{label}` replaces the words), the roll's
    /// kind said unless the text goes on to say it.
    #[test]
    fn dnd5e_enrichers_read_as_a_gm_would() {
        assert_eq!(
            read_markup("[[/save constitution dc=15]]"),
            "DC 15 Constitution save"
        );
        assert_eq!(
            read_markup("a [[/save constitution dc=15]] saving throw or fall"),
            "a DC 15 Constitution saving throw or fall"
        );
        assert_eq!(
            read_markup("[[/save ability=str ability=dex]]"),
            "Strength or Dexterity save"
        );
        assert_eq!(
            read_markup("[[/check skill=acr dc=20]]"),
            "DC 20 Acrobatics check"
        );
        assert_eq!(
            read_markup("[[/skill ath str 12]] to climb"),
            "DC 12 Strength (Athletics) check to climb"
        );
        assert_eq!(
            read_markup("[[/save dex 14]]{Dex save, DC 14}"),
            "Dex save, DC 14"
        );
        assert_eq!(
            read_markup("You gain [[/healing 5d6 temp]]{5d6 temporary hit points} for 1 hour."),
            "You gain {5d6} temporary hit points for 1 hour."
        );
        assert_eq!(
            read_markup("You gain [[/healing 2d4 temp]] for 1 hour."),
            "You gain {2d4} temporary hit points for 1 hour."
        );
        assert_eq!(
            read_markup("regain [[/heal 2d8]] hit points"),
            "regain {2d8} hit points"
        );
        assert_eq!(
            read_markup("take [[/damage 2d6 type=fire]]."),
            "take {2d6} fire damage."
        );
        assert_eq!(
            read_markup("a [[/r 2d6]]{handful} of coins"),
            "a handful ({2d6}) of coins"
        );
    }

    /// Issue 50, 22: numeric entities and named ones past the few HTML
    /// needs, decoded (by the crate item 15 brought).
    #[test]
    fn numeric_and_named_entities_are_decoded() {
        assert_eq!(
            read_markup("The target doesn&#8217;t move &mdash; nor speak&#x2019;s."),
            "The target doesn’t move — nor speak’s."
        );
    }

    #[test]
    fn raw_tabs_inside_strings_are_escaped_and_outside_kept() {
        assert_eq!(
            escape_raw_controls("{\t\"a\":\"x\ty\\\"\tz\"}"),
            "{\t\"a\":\"x\\ty\\\"\\tz\"}"
        );
    }
}
