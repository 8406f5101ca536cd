//! The GM's roll tables as stored: a name, a dice expression as the GM typed
//! it (parsed once, when it was typed), and rows of ranges with results. The
//! rules engine checks and rolls them (`waybook_rules::tables::RollTable`).

use super::TableId;
use serde::{Deserialize, Serialize};
use waybook_rules::expr::{DiceExpr, ExprError};
use waybook_rules::nested::{self, NestError};
use waybook_rules::tables::{RollTable, TableError, TableRoll, TableRow};

/// A dice expression as the GM wrote it ("1d6", "2d10kh1"), checked when it
/// was written: a table never holds dice that do not parse.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DiceText {
    text: String,
    expr: DiceExpr,
}

impl DiceText {
    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn expr(&self) -> DiceExpr {
        self.expr
    }
}

impl std::str::FromStr for DiceText {
    type Err = ExprError;

    fn from_str(text: &str) -> Result<Self, ExprError> {
        let text = text.trim();
        Ok(Self {
            expr: text.parse()?,
            text: text.to_owned(),
        })
    }
}

impl TryFrom<String> for DiceText {
    type Error = ExprError;

    fn try_from(text: String) -> Result<Self, ExprError> {
        text.parse()
    }
}

impl From<DiceText> for String {
    fn from(dice: DiceText) -> String {
        dice.text
    }
}

impl From<DiceExpr> for DiceText {
    fn from(expr: DiceExpr) -> Self {
        Self {
            text: expr.to_string(),
            expr,
        }
    }
}

impl std::fmt::Display for DiceText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRowDef {
    pub from: i32,
    pub to: i32,
    pub result: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableDef {
    pub id: TableId,
    pub name: String,
    pub dice: DiceText,
    pub rows: Vec<TableRowDef>,
    /// Waybook's suggestion (the rule texts name the table but give none),
    /// not the GM's own: said wherever the table is rolled or shown, until
    /// the GM edits it and it is theirs.
    #[serde(default)]
    pub suggested: bool,
}

/// How a suggested table is marked wherever it is rolled or shown.
pub const SUGGESTED: &str = "Waybook's suggestion, not the rule texts'";

impl TableDef {
    /// A table of one die with a face per result, in order: the GM's own
    /// (not a suggestion).
    pub fn one_per_face(id: TableId, name: &str, results: &[&str]) -> Self {
        Self {
            id,
            name: name.to_owned(),
            dice: DiceText::from(DiceExpr::die(results.len() as u32)),
            rows: (1..)
                .zip(results)
                .map(|(face, result)| TableRowDef {
                    from: face,
                    to: face,
                    result: (*result).to_owned(),
                })
                .collect(),
            suggested: false,
        }
    }

    /// The GM's own table of these rows (not a suggestion), if the engine
    /// can roll it: the rows cover the dice's totals once each.
    pub fn own(
        id: TableId,
        name: String,
        dice: DiceText,
        rows: Vec<TableRowDef>,
    ) -> Result<Self, TableError> {
        let table = Self {
            id,
            name,
            dice,
            rows,
            suggested: false,
        };
        table.rollable().map(|_| table)
    }

    /// The table's name in a roll's working, followed by "(Waybook's
    /// suggestion, not the rule texts')" when it is one.
    pub fn marked(&self) -> String {
        self.marked_as(&self.name)
    }

    /// `what` the roll is for ("Weather"), marked as [`Self::marked`] is.
    pub fn marked_as(&self, what: &str) -> String {
        if self.suggested {
            format!("{what} ({SUGGESTED})")
        } else {
            what.to_owned()
        }
    }

    /// Whether the table still holds a row Waybook shipped as a
    /// placeholder for the GM to replace.
    pub fn is_placeholder(&self) -> bool {
        self.rows
            .iter()
            .any(|r| r.result.starts_with(waybook_rules::tables::PLACEHOLDER))
    }

    /// Rolls the table and every table and dice its result names
    /// ([`waybook_rules::nested`]), the campaign's tables found by name in
    /// any case.
    pub fn roll_in(
        &self,
        data: &super::CampaignData,
        dice: &mut waybook_rules::dice::Dice,
    ) -> Result<TableRoll, NestError> {
        let table = self
            .rollable()
            .map_err(|e| NestError::Table(self.name.clone(), e))?;
        nested::roll(&table, &|name| lookup(data, name), dice)
    }

    /// A row of the table already read (`result`, as a d6 read on the
    /// injury table), the tables and dice it names rolled and written in:
    /// the text and the working of each roll.
    pub fn expand_in(
        &self,
        data: &super::CampaignData,
        result: &str,
        dice: &mut waybook_rules::dice::Dice,
    ) -> Result<(String, Vec<String>), NestError> {
        let table = self
            .rollable()
            .map_err(|e| NestError::Table(self.name.clone(), e))?;
        nested::expand(&table, result, &|name| lookup(data, name), dice)
    }

    /// Whether the table can be rolled: its rows fit its dice, and the
    /// tables it rolls are there and never come back round.
    pub fn check_in(&self, data: &super::CampaignData) -> Result<(), NestError> {
        let table = self
            .rollable()
            .map_err(|e| NestError::Table(self.name.clone(), e))?;
        nested::check(&table, &|name| lookup(data, name))
    }

    /// The table as the engine reads it, or what is wrong with it.
    pub fn rollable(&self) -> Result<RollTable, TableError> {
        let rows = self
            .rows
            .iter()
            .map(|r| TableRow {
                from: r.from,
                to: r.to,
                result: r.result.clone(),
            })
            .collect();
        RollTable::new(self.name.clone(), self.dice.expr(), rows)
    }
}

/// The campaign's table named `name` (any case), as the engine reads it.
fn lookup(data: &super::CampaignData, name: &str) -> Option<Result<RollTable, TableError>> {
    data.table_called(name).map(TableDef::rollable)
}

/// One thing that rolls a table, and what it does once the table is gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableUse {
    /// What rolls it, with the screen it is set on.
    pub what: String,
    /// What happens there without it: what it falls back to, or that the
    /// GM says.
    pub without: String,
}

impl std::fmt::Display for TableUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.what, self.without)
    }
}

/// Everything that rolls `table`, in the GM's words with the screen each
/// is set on, and what each does without it: the campaign's weather and
/// battle items, a region's season (which falls back to the campaign's
/// weather table) or encounters, a path's encounters (which fall back to
/// its regions'), a place's merchant (to the benign table), the injury
/// roll and the XP awards (by name), and the tables whose rows roll it
/// ("{roll: weather}"). Empty: nothing does.
pub fn uses_of(data: &super::CampaignData, table: &TableDef) -> Vec<TableUse> {
    let id = Some(table.id);
    let mut uses = Vec::new();
    let mut add = |what: String, without: &str| {
        uses.push(TableUse {
            what,
            without: without.to_owned(),
        });
    };
    let s = &data.settings;
    if s.weather_table == id {
        add(
            "the campaign's weather (Campaign screen)".to_owned(),
            "a region's season without a table of its own rolls no weather: the GM says it",
        );
    }
    if s.gather_table == id {
        add(
            "the battle items Gather finds (Campaign screen)".to_owned(),
            "the GM names the item Gather finds",
        );
    }
    // The campaign's weather table, if another table than this one.
    let campaign_weather = (s.weather_table.filter(|t| Some(*t) != id))
        .and_then(|t| data.tables.get(&t))
        .map(|t| format!("falls back to the campaign's weather table, “{}”", t.name));
    for r in data.regions.values() {
        let seasons: Vec<&str> = (r.tables.iter())
            .filter(|(_, t)| Some(**t) == id)
            .map(|(season, _)| season.as_str())
            .collect();
        if !seasons.is_empty() {
            add(
                format!(
                    "{}'s weather in {} (Weather screen)",
                    r.name,
                    seasons.join(", ")
                ),
                campaign_weather
                    .as_deref()
                    .unwrap_or("rolls no weather: the GM says it"),
            );
        }
    }
    encounter_uses(data, table, &mut add);
    for p in data.places.values().filter(|p| p.merchant_table == id) {
        add(
            format!("{}'s merchant (Map screen)", p.name),
            "a Merchant met on the way there is rolled on the benign encounter table, where there is one",
        );
    }
    if table.name == super::advancement::INJURY_TABLE {
        add(
            "the injury roll of heroes down after a mission or a scene".to_owned(),
            "the d6 is rolled with no table: the GM reads it",
        );
    }
    if table.name == super::advancement::XP_AWARDS_TABLE {
        add(
            "the reasons for XP on the Heroes screen".to_owned(),
            "no reasons are offered to tick",
        );
    }
    for other in data.tables.values().filter(|t| t.id != table.id) {
        if rolls_by_name(other, &table.name) {
            add(
                format!("the {} table, whose rows roll it", other.name),
                "those rows are refused until they name another table",
            );
        }
    }
    uses
}

/// Whether a row of `table` rolls the table named `name` ("{roll: name}").
fn rolls_by_name(table: &TableDef, name: &str) -> bool {
    use waybook_rules::nested::{Piece, pieces};
    table.rows.iter().any(|row| {
        pieces(&table.name, &row.result).is_ok_and(|pieces| {
            pieces
                .iter()
                .any(|p| matches!(p, Piece::Table(n) if n.eq_ignore_ascii_case(name)))
        })
    })
}

/// The regions' and paths' encounter tables that are `table`: a path's
/// falls back to its regions' table of that kind, a region's to nothing.
fn encounter_uses(
    data: &super::CampaignData,
    table: &TableDef,
    add: &mut impl FnMut(String, &str),
) {
    use waybook_rules::rounds::encounter::Kind;
    let id = Some(table.id);
    for r in data.regions.values() {
        for kind in Kind::ALL.iter().filter(|k| r.encounters.of(**k) == id) {
            add(
                format!("{}'s {kind} encounters (Weather screen)", r.name),
                &format!(
                    "a path in it with no {kind} table of its own rolls none: the GM says what is met"
                ),
            );
        }
    }
    for p in data.paths.values() {
        for kind in Kind::ALL.iter().filter(|k| p.encounters.of(**k) == id) {
            let instead: Vec<&str> = (data.regions_of_path(p).into_iter())
                .filter(|r| r.encounters.of(*kind).is_some_and(|t| Some(t) != id))
                .map(|r| r.name.as_str())
                .collect();
            let without = if instead.is_empty() {
                "rolls none: the GM says what is met".to_owned()
            } else {
                format!(
                    "falls back to the {kind} table of the region it runs through ({})",
                    crate::model::and_list(&instead)
                )
            };
            add(
                format!("{}'s {kind} encounters (Map screen)", p.name),
                &without,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CampaignData, Change, Region, RegionId, Settings};

    /// Issue 34, 19: everything that rolls a table is found, by id and by
    /// name, so its deletion is asked about with the list.
    #[test]
    fn what_rolls_a_table_is_found_by_id_and_by_name() {
        let mut data = CampaignData::new(Settings::new("Tables"));
        let snow = TableDef::one_per_face(TableId(1), "Snow", &["Deep", "Light"]);
        let mut loot = TableDef::one_per_face(TableId(2), "Loot", &["Coins", "x"]);
        loot.rows[1].result = "A flurry: {roll: snow}".into();
        let mut region = Region::new(RegionId(1), "Pass");
        region.tables.insert("Winter".into(), snow.id);
        for change in [
            Change::of(None, Some(&snow)),
            Change::of(None, Some(&loot)),
            Change::of(None, Some(&region)),
        ] {
            data.apply(&change);
        }
        let said = |data: &CampaignData, t: &TableDef| -> Vec<String> {
            uses_of(data, t).iter().map(|u| u.what.clone()).collect()
        };
        assert_eq!(
            said(&data, &snow),
            [
                "Pass's weather in Winter (Weather screen)",
                "the Loot table, whose rows roll it"
            ]
        );
        assert!(uses_of(&data, &loot).is_empty());
    }

    /// Issue 50, 31: the question before a table in use is deleted says
    /// what each use does without it: a region's season falls back to the
    /// campaign's weather table (it does not "roll nothing"), and a path's
    /// encounters to its region's.
    #[test]
    fn what_rolls_a_table_says_what_it_falls_back_to() {
        use crate::model::{MapPath, MapPathId, Place, PlaceId};
        let mut data = CampaignData::new(Settings::new("Tables"));
        let weather = TableDef::one_per_face(TableId(1), "Weather", &["Fair", "Rain"]);
        let snow = TableDef::one_per_face(TableId(2), "Snow", &["Deep", "Light"]);
        let ambush = TableDef::one_per_face(TableId(3), "Ambush", &["Wolves", "Bandits"]);
        let raiders = TableDef::one_per_face(TableId(4), "Raiders", &["Orcs", "Goblins"]);
        let mut region = Region::new(RegionId(1), "Pass");
        region.tables.insert("Winter".into(), snow.id);
        region.encounters.warriors = Some(raiders.id);
        let mut settings = data.settings.clone();
        settings.weather_table = Some(weather.id);
        let camp = Place {
            id: PlaceId(1),
            name: "Camp".into(),
            kind: crate::model::PlaceKind::default(),
            x: 0.0,
            y: 0.0,
            notes: String::new(),
            region: Some(region.id),
            merchant_table: None,
            shown: crate::model::Visibility::default(),
        };
        let mut path = MapPath::new(MapPathId(1), "Col road", camp.id, camp.id);
        path.encounters.warriors = Some(ambush.id);
        for change in [
            Change::of(None, Some(&weather)),
            Change::of(None, Some(&snow)),
            Change::of(None, Some(&ambush)),
            Change::of(None, Some(&raiders)),
            Change::of(None, Some(&region)),
            Change::of(None, Some(&camp)),
            Change::of(None, Some(&path)),
            Change::of(Some(&data.settings.clone()), Some(&settings)),
        ] {
            data.apply(&change);
        }
        let said = |t: &TableDef| -> Vec<String> {
            uses_of(&data, t).iter().map(ToString::to_string).collect()
        };
        assert_eq!(
            said(&snow),
            [
                "Pass's weather in Winter (Weather screen): falls back to the campaign's weather table, “Weather”"
            ]
        );
        assert_eq!(
            said(&ambush),
            [
                "Col road's warriors encounters (Map screen): falls back to the warriors table of the region it runs through (Pass)"
            ]
        );
        assert_eq!(
            said(&raiders),
            [
                "Pass's warriors encounters (Weather screen): a path in it with no warriors table of its own rolls none: the GM says what is met"
            ]
        );
        assert!(
            !said(&weather)[0].contains("nothing"),
            "{:?}",
            said(&weather)
        );
    }
}
