//! House-rule packs: what one table shares with another, in one versioned
//! JSON file: roll tables, the catalogue's materials and tools, the
//! merchant table (wares, with the items they sell), cults, regions (their
//! climate, weather tables by season and encounter tables, by table name),
//! the calendar, the travel methods and enemy tiers, and the campaign's
//! switches. A pack names what it refers to, never ids, so it fits any
//! campaign. Reading one checks every value and names the first fault's
//! field; importing one makes one edit, each record whose name the campaign
//! has kept, replaced or added as a copy as the GM chooses. The calendar,
//! the switches and the house rules are the campaign's one each: a pack's
//! that differ are a clash like any other, kept until the GM says, even
//! where the campaign's are as a new campaign has them (issue 50, item 25:
//! a played demo lost its 24-hour day so).

use crate::model::calendar::Calendar;
use crate::model::{
    CampaignData, Category, Change, Cult, CultSide, DiceText, Edit, EncounterTables, HouseRules,
    Item, ItemId, MaterialType, Quality, Region, Settings, TableDef, TableId, TableRowDef,
    ToolKind, Ware,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// The `format` of a pack.
pub const FORMAT: &str = "waybook-pack";
/// The newest pack version this build writes and reads.
pub const VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pack {
    pub format: String,
    pub version: u32,
    pub name: String,
    #[serde(default)]
    pub tables: Vec<PackTable>,
    /// The catalogue's materials and tools.
    #[serde(default)]
    pub items: Vec<PackItem>,
    #[serde(default)]
    pub wares: Vec<PackWare>,
    #[serde(default)]
    pub cults: Vec<PackCult>,
    #[serde(default)]
    pub regions: Vec<PackRegion>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calendar: Option<Calendar>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switches: Option<Switches>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_rules: Option<HouseRules>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackTable {
    pub name: String,
    pub dice: DiceText,
    pub rows: Vec<TableRowDef>,
    #[serde(default)]
    pub suggested: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackWare {
    pub name: String,
    pub price: i64,
    pub supplies: i64,
    /// The item one purchase gives, as the catalogue holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<PackItem>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub suggested: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackItem {
    pub name: String,
    pub category: Category,
    pub food_units: i64,
    pub weight: f64,
    pub quality: Option<Quality>,
    pub material: Option<MaterialType>,
    pub tool_kind: Option<ToolKind>,
    #[serde(default)]
    pub bonus: i64,
    #[serde(default)]
    pub notes: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub suggested: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fodder: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackCult {
    pub god: String,
    pub bright: CultSide,
    pub dark: CultSide,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackRegion {
    pub name: String,
    #[serde(default)]
    pub climate: String,
    #[serde(default)]
    pub notes: String,
    #[serde(default)]
    pub keep_percent: i64,
    /// The weather table of each season, by season and table name.
    #[serde(default)]
    pub seasons: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hazard: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warriors: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub benign: Option<String>,
    /// Animals that graze feed themselves there (a house rule).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub grazing: bool,
}

/// The campaign's house rules: which texts are played, the day's hours,
/// what a long rest removes, how food is counted, and the tables the
/// weather and the battle items are rolled on, by name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Switches {
    pub companion: bool,
    pub rounds: bool,
    pub exploration: bool,
    pub day_hours: i64,
    pub long_rest_degrees: i64,
    pub track_food: bool,
    pub food_and_drink_apart: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weather_table: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gather_table: Option<String>,
}

/// Why a pack cannot be read or imported, its field named.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PackError {
    #[error("{0}")]
    Unreadable(String),
    #[error("format: “{0}” is not a Waybook house-rule pack (“{FORMAT}”)")]
    Format(String),
    #[error(
        "version {0}: the pack was written by a newer Waybook (this one reads up to {VERSION}); update Waybook to import it"
    )]
    Newer(u64),
    #[error("{at}: {message}")]
    Field { at: String, message: String },
}

fn field(at: impl Into<String>, message: impl Into<String>) -> PackError {
    PackError::Field {
        at: at.into(),
        message: message.into(),
    }
}

/// What a pack holds that the campaign has one of by that name: a record,
/// or the calendar, the switches or the house rules (every campaign has
/// those).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clashing {
    /// "table", "item", "ware", "cult", "region", "calendar", "switches",
    /// "house rules".
    pub kind: &'static str,
    pub name: String,
}

impl Clashing {
    /// The clash over the campaign's one `kind` ("calendar", "switches",
    /// "house rules"), named as the GM reads it.
    fn single(kind: &'static str) -> Self {
        let name = SINGLES
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(kind, |(_, n)| n);
        Clashing {
            kind,
            name: name.to_owned(),
        }
    }

    /// Whether it is over one of the campaign's singles (the calendar, the
    /// switches, the house rules), of which there is one.
    pub fn is_single(&self) -> bool {
        SINGLES.iter().any(|(kind, _)| *kind == self.kind)
    }

    /// "table weather", "the calendar".
    pub fn words(&self) -> String {
        if self.is_single() {
            self.name.clone()
        } else {
            format!("{} {}", self.kind, self.name)
        }
    }

    /// What the GM may choose for it: keep or replace a single (there is
    /// no room for a copy), and a copy besides for any other record.
    pub fn choices(&self) -> &'static [Clash] {
        if self.is_single() {
            &[Clash::Keep, Clash::Replace]
        } else {
            Clash::ALL
        }
    }
}

waybook_rules::named_enum! {
    /// What an import does with a clashing record.
    #[derive(Default)]
    pub enum Clash("clash choice") {
        /// The campaign's own stays; the pack's is left out.
        #[default]
        Keep => "keep" as "Keep mine",
        /// The pack's takes its place (its id, so what names it still does).
        Replace => "replace" as "Replace it",
        /// The pack's is added beside it, named "… (pack)". The calendar, the
        /// switches and the house rules, of which there is one, are replaced.
        Copy => "copy" as "Add as a copy",
    }
}

/// A pack read for import, and what the GM chose for each clash (keep,
/// until they say).
#[derive(Debug, Clone, PartialEq)]
pub struct PackImport {
    pub file: String,
    pub pack: Pack,
    pub choices: BTreeMap<Clashing, Clash>,
}

impl PackImport {
    pub fn new(file: String, pack: Pack) -> Self {
        Self {
            file,
            pack,
            choices: BTreeMap::new(),
        }
    }

    /// The GM's choice for `clash`.
    pub fn choice(&self, clash: &Clashing) -> Clash {
        self.choices.get(clash).copied().unwrap_or_default()
    }

    /// The edit the choices make, or why the pack cannot come in.
    pub fn edit(&self, data: &CampaignData) -> Result<Edit, PackError> {
        self.pack.edit(data, &|c| self.choice(c))
    }
}

/// A record as the pack writes it, to compare field by field.
fn json<T: Serialize>(record: &T) -> Option<serde_json::Value> {
    serde_json::to_value(record).ok()
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The campaign's ones of a kind a pack may bring: kind and name.
const SINGLES: [(&str, &str); 3] = [
    ("calendar", "the calendar"),
    ("switches", "the rule switches"),
    ("house rules", "the travel methods and enemy tiers"),
];

impl Pack {
    /// The campaign's house rules as a pack named `name`.
    pub fn of(data: &CampaignData, name: &str) -> Self {
        let table_name =
            |id: Option<TableId>| id.and_then(|t| data.tables.get(&t)).map(|t| t.name.clone());
        let s = &data.settings;
        Self {
            format: FORMAT.to_owned(),
            version: VERSION,
            name: name.to_owned(),
            tables: data
                .tables
                .values()
                .map(|t| PackTable {
                    name: t.name.clone(),
                    dice: t.dice.clone(),
                    rows: t.rows.clone(),
                    suggested: t.suggested,
                })
                .collect(),
            items: data
                .items
                .values()
                .filter(|i| i.material.is_some() || i.tool_kind.is_some() || i.suggested)
                .map(PackItem::of)
                .collect(),
            wares: data
                .wares
                .values()
                .map(|w| PackWare {
                    name: w.name.clone(),
                    price: w.price,
                    supplies: w.supplies,
                    item: w.item.and_then(|i| data.items.get(&i)).map(PackItem::of),
                    suggested: w.suggested,
                })
                .collect(),
            cults: data
                .cults
                .values()
                .map(|c| PackCult {
                    god: c.god.clone(),
                    bright: c.bright.clone(),
                    dark: c.dark.clone(),
                })
                .collect(),
            regions: data
                .regions
                .values()
                .map(|r| PackRegion {
                    name: r.name.clone(),
                    climate: r.climate.clone(),
                    notes: r.notes.clone(),
                    keep_percent: r.keep_percent,
                    seasons: r
                        .tables
                        .iter()
                        .filter_map(|(season, t)| Some((season.clone(), table_name(Some(*t))?)))
                        .collect(),
                    hazard: table_name(r.encounters.hazard),
                    warriors: table_name(r.encounters.warriors),
                    benign: table_name(r.encounters.benign),
                    grazing: r.grazing,
                })
                .collect(),
            calendar: Some((*s.calendar).clone()),
            switches: Some(Switches {
                companion: s.companion,
                rounds: s.rounds,
                exploration: s.exploration,
                day_hours: s.day_hours,
                long_rest_degrees: s.long_rest_degrees,
                track_food: s.track_food,
                food_and_drink_apart: s.food_and_drink_apart,
                weather_table: table_name(s.weather_table),
                gather_table: table_name(s.gather_table),
            }),
            house_rules: Some((*s.house_rules).clone()),
        }
    }

    fn table(&self, name: &str) -> Option<&PackTable> {
        self.tables.iter().find(|t| same(&t.name, name))
    }

    fn ware(&self, name: &str) -> Option<&PackWare> {
        self.wares.iter().find(|w| same(&w.name, name))
    }

    fn cult(&self, god: &str) -> Option<&PackCult> {
        self.cults.iter().find(|c| same(&c.god, god))
    }

    fn region(&self, name: &str) -> Option<&PackRegion> {
        self.regions.iter().find(|r| same(&r.name, name))
    }

    pub fn to_json(&self) -> String {
        crate::model::document::pretty_json(self)
    }

    /// Reads and checks a pack; refused with the place of its first fault.
    pub fn parse(text: &str) -> Result<Self, PackError> {
        use crate::model::document::Envelope;
        let value =
            crate::model::document::envelope(text, FORMAT, VERSION).map_err(|e| match e {
                Envelope::Unreadable(why) => PackError::Unreadable(why),
                Envelope::Format(found) => PackError::Format(found),
                Envelope::Newer(version) => PackError::Newer(version),
            })?;
        let pack: Pack = serde_path_to_error::deserialize(value)
            .map_err(|e| field(e.path().to_string(), e.into_inner().to_string()))?;
        pack.check()?;
        Ok(pack)
    }

    /// Every record can be used as it stands: names given and not twice,
    /// tables that fit their dice, values in their limits, a whole calendar.
    fn check(&self) -> Result<(), PackError> {
        let names = |list: &'static str, names: Vec<&str>| -> Result<(), PackError> {
            for (i, name) in names.iter().enumerate() {
                if name.trim().is_empty() {
                    return Err(field(format!("{list}[{i}].name"), "a name is needed"));
                }
                if names.iter().take(i).any(|n| same(n, name)) {
                    return Err(field(
                        format!("{list}[{i}].name"),
                        format!("“{name}” is in the pack twice"),
                    ));
                }
            }
            Ok(())
        };
        names(
            "tables",
            self.tables.iter().map(|t| t.name.as_str()).collect(),
        )?;
        names(
            "items",
            self.items.iter().map(|i| i.name.as_str()).collect(),
        )?;
        names(
            "wares",
            self.wares.iter().map(|w| w.name.as_str()).collect(),
        )?;
        names("cults", self.cults.iter().map(|c| c.god.as_str()).collect())?;
        names(
            "regions",
            self.regions.iter().map(|r| r.name.as_str()).collect(),
        )?;
        for (i, t) in self.tables.iter().enumerate() {
            t.def(TableId(0))
                .rollable()
                .map_err(|e| field(format!("tables[{i}].rows"), e.to_string()))?;
        }
        if let Some(calendar) = &self.calendar {
            calendar
                .check()
                .map_err(|e| field("calendar", e.to_string()))?;
        }
        // The limits the app keeps, on the campaign the pack would make.
        let empty = CampaignData::new(Settings::default());
        let made = self
            .edit_into(&empty, &|_| Clash::Replace, true)
            .map_err(|e| match e {
                PackError::Field { .. } => e,
                other => field("pack", other.to_string()),
            })?;
        let mut data = empty;
        for change in &made.changes {
            data.apply(change);
        }
        if let Some(problem) = crate::model::validate::problems(&data).into_iter().next() {
            return Err(field(
                self.place_of(&data, &problem.place, &problem.path),
                problem.rule(),
            ));
        }
        Ok(())
    }

    /// Where in the pack the field `path` of a record with a problem, found
    /// on the campaign the pack makes, is ("wares[0].price").
    fn place_of(
        &self,
        data: &CampaignData,
        place: &crate::model::validate::Place,
        path: &str,
    ) -> String {
        use crate::model::validate::Place;
        let at = |list: &str, names: Vec<&str>, name: Option<&str>| {
            let i = name.and_then(|n| names.iter().position(|m| same(m, n)));
            i.map_or_else(
                || format!("{list}.{path}"),
                |i| format!("{list}[{i}].{path}"),
            )
        };
        match place {
            Place::Ware(id) => at(
                "wares",
                self.wares.iter().map(|w| w.name.as_str()).collect(),
                data.wares
                    .get(&crate::model::WareId(*id))
                    .map(|w| w.name.as_str()),
            ),
            Place::Region(id) => at(
                "regions",
                self.regions.iter().map(|r| r.name.as_str()).collect(),
                data.regions
                    .get(&crate::model::RegionId(*id))
                    .map(|r| r.name.as_str()),
            ),
            Place::Item(id) => at(
                "items",
                self.items.iter().map(|i| i.name.as_str()).collect(),
                data.items.get(&ItemId(*id)).map(|i| i.name.as_str()),
            ),
            _ if path.starts_with("house_rules.") => path.to_owned(),
            _ => format!("switches.{path}"),
        }
    }

    /// What the pack holds that the campaign has by name already, not the
    /// same, and the calendar, switches and house rules when they differ
    /// from the campaign's: what the GM chooses about. The campaign's are
    /// the GM's even when they are as a new campaign has them (a played
    /// campaign may never have changed them), so a pack's never take their
    /// place unasked.
    pub fn clashes(&self, data: &CampaignData) -> Vec<Clashing> {
        let ours = Pack::of(data, "");
        let mut clashes: Vec<Clashing> = self
            .namesakes(data, &ours)
            .into_iter()
            .filter(|(_, _, same)| !same)
            .map(|(kind, name, _)| Clashing { kind, name })
            .collect();
        for (kind, _) in SINGLES {
            if self.single_differs(&ours, kind) {
                clashes.push(Clashing::single(kind));
            }
        }
        clashes
    }

    /// Whether the pack has the one `kind` of the campaign (its calendar,
    /// switches or house rules), and another than `ours`.
    fn single_differs(&self, ours: &Pack, kind: &str) -> bool {
        match kind {
            "calendar" => self.calendar.is_some() && self.calendar != ours.calendar,
            "switches" => self.switches.is_some() && self.switches != ours.switches,
            _ => self.house_rules.is_some() && self.house_rules != ours.house_rules,
        }
    }

    /// How the campaign's record and the pack's of a clash differ, a line
    /// each ("keep chance (%): 60 → 75").
    pub fn differences(&self, data: &CampaignData, clash: &Clashing) -> Vec<String> {
        let ours = Pack::of(data, "");
        let value = |v: Option<serde_json::Value>| v.unwrap_or_default();
        let name = clash.name.as_str();
        let (mine, theirs) = match clash.kind {
            "table" => (
                ours.table(name).and_then(json),
                self.table(name).and_then(json),
            ),
            "item" => (
                (data.items.values())
                    .find(|i| same(&i.name, name))
                    .map(PackItem::of)
                    .and_then(|i| json(&i)),
                (self.items.iter())
                    .find(|i| same(&i.name, name))
                    .and_then(json),
            ),
            "ware" => (
                ours.ware(name).and_then(json),
                self.ware(name).and_then(json),
            ),
            "cult" => (
                ours.cult(name).and_then(json),
                self.cult(name).and_then(json),
            ),
            "region" => (
                ours.region(name).and_then(json),
                self.region(name).and_then(json),
            ),
            "calendar" => (
                ours.calendar.as_ref().and_then(json),
                self.calendar.as_ref().and_then(json),
            ),
            "switches" => (
                ours.switches.as_ref().and_then(json),
                self.switches.as_ref().and_then(json),
            ),
            _ => (
                ours.house_rules.as_ref().and_then(json),
                self.house_rules.as_ref().and_then(json),
            ),
        };
        super::pack_diff::differences(&value(mine), &value(theirs))
    }

    /// Every table the pack names (its regions' weather and encounters, its
    /// switches, its tables' rows that roll another) is the pack's or the
    /// campaign's: checked whole, whatever the GM would keep.
    pub fn refers(&self, data: &CampaignData) -> Result<(), PackError> {
        let known = |name: &str| {
            self.table(name).is_some() || data.tables.values().any(|t| same(&t.name, name))
        };
        let missing = |at: String, name: &str| {
            field(
                at,
                format!("no table is named “{name}” in the pack or the campaign"),
            )
        };
        for (i, r) in self.regions.iter().enumerate() {
            let named = (r.seasons.iter())
                .map(|(season, t)| (format!("seasons.{season}"), t))
                .chain(r.hazard.iter().map(|t| ("hazard".to_owned(), t)))
                .chain(r.warriors.iter().map(|t| ("warriors".to_owned(), t)))
                .chain(r.benign.iter().map(|t| ("benign".to_owned(), t)));
            for (what, t) in named {
                if !known(t) {
                    return Err(missing(format!("regions[{i}].{what}"), t));
                }
            }
        }
        if let Some(s) = &self.switches {
            for (what, t) in [
                ("weather_table", &s.weather_table),
                ("gather_table", &s.gather_table),
            ] {
                if let Some(t) = t.as_ref().filter(|t| !known(t)) {
                    return Err(missing(format!("switches.{what}"), t));
                }
            }
        }
        for (i, t) in self.tables.iter().enumerate() {
            for (j, row) in t.rows.iter().enumerate() {
                let pieces = waybook_rules::nested::pieces(&t.name, &row.result)
                    .map_err(|e| field(format!("tables[{i}].rows[{j}]"), e.to_string()))?;
                for piece in pieces {
                    if let waybook_rules::nested::Piece::Table(name) = piece
                        && !known(&name)
                    {
                        return Err(missing(format!("tables[{i}].rows[{j}]"), &name));
                    }
                }
            }
        }
        Ok(())
    }

    /// Each record of the pack whose name `ours` has: its kind, its name,
    /// and whether it is the same as ours.
    fn namesakes(&self, data: &CampaignData, ours: &Pack) -> Vec<(&'static str, String, bool)> {
        // Any item of the catalogue, not only its materials and tools.
        let catalogue: Vec<PackItem> = data.items.values().map(PackItem::of).collect();
        let mut found = Vec::new();
        let mut of = |kind: &'static str, name: &str, theirs: Option<bool>| {
            if let Some(same) = theirs {
                found.push((kind, name.to_owned(), same));
            }
        };
        for t in &self.tables {
            of("table", &t.name, ours.table(&t.name).map(|o| o == t));
        }
        for i in &self.items {
            let theirs = catalogue.iter().find(|o| same(&o.name, &i.name));
            of("item", &i.name, theirs.map(|o| o == i));
        }
        for w in &self.wares {
            of("ware", &w.name, ours.ware(&w.name).map(|o| o == w));
        }
        for c in &self.cults {
            of("cult", &c.god, ours.cult(&c.god).map(|o| o == c));
        }
        for r in &self.regions {
            of("region", &r.name, ours.region(&r.name).map(|o| o == r));
        }
        found
    }

    /// How many records the pack adds under names new to the campaign, in
    /// words ("3 tables, 0 items, 0 wares, 0 cults, 1 region"). The
    /// calendar, switches and house rules are never added: they clash.
    pub fn adds(&self, data: &CampaignData) -> String {
        let namesakes = self.namesakes(data, &Pack::of(data, ""));
        let new = |kind: &str, count: usize| {
            let known = namesakes.iter().filter(|(k, _, _)| *k == kind).count();
            crate::model::plural(count - known, kind)
        };
        [
            new("table", self.tables.len()),
            new("item", self.items.len()),
            new("ware", self.wares.len()),
            new("cult", self.cults.len()),
            new("region", self.regions.len()),
        ]
        .join(", ")
    }

    /// The edit that brings the pack in, each clash settled by `choose`:
    /// one undo step. Refused, naming the field, when a region or switch
    /// names a table neither the pack nor the campaign has.
    pub fn edit(
        &self,
        data: &CampaignData,
        choose: &dyn Fn(&Clashing) -> Clash,
    ) -> Result<Edit, PackError> {
        self.edit_into(data, choose, false)
    }

    /// [`Self::edit`]; `lenient` lets a table name no one has pass (the
    /// pack checked alone may name the campaign's tables).
    fn edit_into(
        &self,
        data: &CampaignData,
        choose: &dyn Fn(&Clashing) -> Clash,
        lenient: bool,
    ) -> Result<Edit, PackError> {
        if !lenient {
            self.refers(data)?;
        }
        let mut book = Book::new(data, choose, self.clashes(data));
        book.lenient = lenient;
        book.tables(&self.tables);
        book.items(&self.items);
        book.wares(&self.wares);
        book.cults(&self.cults);
        book.regions(&self.regions)?;
        book.settings(
            self.calendar.as_ref(),
            self.switches.as_ref(),
            self.house_rules.as_ref(),
        )?;
        Ok(Edit::new(
            format!("Import the pack {}", self.name),
            book.changes,
        ))
    }
}

impl PackTable {
    fn def(&self, id: TableId) -> TableDef {
        TableDef {
            id,
            name: self.name.trim().to_owned(),
            dice: self.dice.clone(),
            rows: self.rows.clone(),
            suggested: self.suggested,
        }
    }
}

impl PackItem {
    fn of(i: &Item) -> Self {
        Self {
            name: i.name.clone(),
            category: i.category,
            food_units: i.food_units,
            weight: i.weight,
            quality: i.quality,
            material: i.material,
            tool_kind: i.tool_kind,
            bonus: i.bonus,
            notes: i.notes.clone(),
            suggested: i.suggested,
            fodder: i.fodder,
        }
    }

    fn item(&self, id: ItemId) -> Item {
        Item {
            id,
            name: self.name.trim().to_owned(),
            category: self.category,
            food_units: self.food_units,
            weight: self.weight,
            quality: self.quality,
            material: self.material,
            tool_kind: self.tool_kind,
            bonus: self.bonus,
            notes: self.notes.clone(),
            suggested: self.suggested,
            fodder: self.fodder,
        }
    }
}

/// An import under way: the changes so far, the ids handed out, and the
/// table each pack table name now stands for.
struct Book<'a> {
    data: &'a CampaignData,
    choose: &'a dyn Fn(&Clashing) -> Clash,
    /// What the GM chooses about; a namesake not in it is the same.
    clashes: Vec<Clashing>,
    changes: Vec<Change>,
    /// Copies' names made by this import, by kind.
    copies: std::collections::HashSet<(&'static str, String)>,
    /// Whether a table name no one has is let pass (checking a pack alone,
    /// before the campaign it goes into is known).
    lenient: bool,
    tables: HashMap<String, TableId>,
    items: HashMap<String, ItemId>,
    next: HashMap<&'static str, i64>,
}

impl<'a> Book<'a> {
    fn new(
        data: &'a CampaignData,
        choose: &'a dyn Fn(&Clashing) -> Clash,
        clashes: Vec<Clashing>,
    ) -> Self {
        Self {
            data,
            choose,
            clashes,
            changes: Vec::new(),
            copies: std::collections::HashSet::new(),
            lenient: false,
            tables: HashMap::new(),
            items: HashMap::new(),
            next: HashMap::new(),
        }
    }

    /// A new id for a record of `R`, after those this import gave.
    fn id<R: crate::model::Record>(&mut self) -> i64 {
        let next = self
            .next
            .entry(R::KIND)
            .or_insert_with(|| R::key(self.data.next_id::<R>()));
        *next += 1;
        *next - 1
    }

    /// How a record of `kind` named `name`, whose campaign namesake is
    /// `existing`, comes in: its id and name, or `None` when kept out.
    fn place<R: crate::model::Record>(
        &mut self,
        kind: &'static str,
        name: &str,
        existing: Option<R::Id>,
        names: &[&str],
    ) -> Option<(R::Id, String)> {
        let Some(id) = existing else {
            return Some((R::of_key(self.id::<R>()), name.trim().to_owned()));
        };
        let clash = Clashing {
            kind,
            name: name.to_owned(),
        };
        if !self.clashes.contains(&clash) {
            return None; // the same as the campaign's
        }
        match (self.choose)(&clash) {
            Clash::Keep => None,
            Clash::Replace => Some((id, name.trim().to_owned())),
            Clash::Copy => {
                let copy = self.copy_name(kind, name.trim(), names);
                Some((R::of_key(self.id::<R>()), copy))
            }
        }
    }

    /// "Wolves (pack)", or "Wolves (pack 2)" and on, a name neither the
    /// campaign's `names` of the kind nor this import has.
    fn copy_name(&mut self, kind: &'static str, base: &str, names: &[&str]) -> String {
        let name = (1..)
            .map(|n| match n {
                1 => format!("{base} (pack)"),
                n => format!("{base} (pack {n})"),
            })
            .find(|candidate| {
                !names.iter().any(|n| same(n, candidate))
                    && !self.copies.contains(&(kind, candidate.to_lowercase()))
            })
            .unwrap_or_else(|| base.to_owned());
        self.copies.insert((kind, name.to_lowercase()));
        name
    }

    fn tables(&mut self, tables: &[PackTable]) {
        let names: Vec<&str> = self.data.tables.values().map(|t| t.name.as_str()).collect();
        let mut placed = Vec::new();
        let mut renamed: HashMap<String, String> = HashMap::new();
        for t in tables {
            let existing = self.data.tables.values().find(|c| same(&c.name, &t.name));
            let place = self.place::<TableDef>("table", &t.name, existing.map(|c| c.id), &names);
            let id = match &place {
                None => existing.map(|c| c.id),
                Some((id, name)) => {
                    if !same(name, &t.name) {
                        renamed.insert(t.name.trim().to_lowercase(), name.clone());
                    }
                    Some(*id)
                }
            };
            if let Some(id) = id {
                self.tables.insert(t.name.trim().to_lowercase(), id);
            }
            placed.push((t, existing, place));
        }
        // A row that rolls a table copied under a new name rolls the copy.
        let rename = |name: &str| renamed.get(&name.trim().to_lowercase()).cloned();
        for (t, existing, place) in placed {
            let Some((id, name)) = place else { continue };
            let mut def = TableDef { name, ..t.def(id) };
            for row in &mut def.rows {
                row.result = waybook_rules::nested::rename_tables(&row.result, &rename);
            }
            self.changes
                .push(Change::of(existing.filter(|e| e.id == id), Some(&def)));
        }
    }

    /// The table a pack record names: the pack's as imported, else the
    /// campaign's of that name.
    fn table(&self, at: String, name: Option<&String>) -> Result<Option<TableId>, PackError> {
        let Some(name) = name else { return Ok(None) };
        self.tables
            .get(&name.trim().to_lowercase())
            .copied()
            .or_else(|| self.data.table_named(name.trim()).map(|t| t.id))
            .map(Some)
            .or_else(|| self.lenient.then_some(None))
            .ok_or_else(|| {
                field(
                    at,
                    format!("no table is named “{name}” in the pack or the campaign"),
                )
            })
    }

    fn items(&mut self, items: &[PackItem]) {
        for p in items {
            let existing = self.data.items.values().find(|i| same(&i.name, &p.name));
            let names: Vec<&str> = self.data.items.values().map(|i| i.name.as_str()).collect();
            let placed = self.place::<Item>("item", &p.name, existing.map(|i| i.id), &names);
            match placed {
                Some((id, name)) => {
                    let item = Item { name, ..p.item(id) };
                    self.changes
                        .push(Change::of(existing.filter(|e| e.id == id), Some(&item)));
                    self.items.insert(p.name.trim().to_lowercase(), id);
                }
                None => {
                    if let Some(kept) = existing {
                        self.items.insert(p.name.trim().to_lowercase(), kept.id);
                    }
                }
            }
        }
    }

    /// The item a ware sells: the pack's as imported, else the catalogue's
    /// of that name, else the ware's own, added.
    fn ware_item(&mut self, p: &PackItem) -> ItemId {
        let known = self
            .items
            .get(&p.name.trim().to_lowercase())
            .copied()
            .or_else(|| {
                self.data
                    .items
                    .values()
                    .find(|i| same(&i.name, &p.name))
                    .map(|i| i.id)
            });
        if let Some(id) = known {
            return id;
        }
        let made = p.item(ItemId(self.id::<Item>()));
        self.changes.push(Change::of(None, Some(&made)));
        self.items.insert(p.name.trim().to_lowercase(), made.id);
        made.id
    }

    fn wares(&mut self, wares: &[PackWare]) {
        for w in wares {
            let existing = self.data.wares.values().find(|c| same(&c.name, &w.name));
            let names: Vec<&str> = self.data.wares.values().map(|c| c.name.as_str()).collect();
            let Some((id, name)) =
                self.place::<Ware>("ware", &w.name, existing.map(|c| c.id), &names)
            else {
                continue;
            };
            let item = w.item.as_ref().map(|p| self.ware_item(p));
            let ware = Ware {
                id,
                name,
                price: w.price,
                supplies: w.supplies,
                item,
                suggested: w.suggested,
            };
            self.changes.push(Change::of(
                existing.filter(|e| e.id == ware.id),
                Some(&ware),
            ));
        }
    }

    fn cults(&mut self, cults: &[PackCult]) {
        for c in cults {
            let existing = self.data.cults.values().find(|k| same(&k.god, &c.god));
            let names: Vec<&str> = self.data.cults.values().map(|k| k.god.as_str()).collect();
            if let Some((id, god)) =
                self.place::<Cult>("cult", &c.god, existing.map(|k| k.id), &names)
            {
                let cult = Cult {
                    id,
                    god,
                    bright: c.bright.clone(),
                    dark: c.dark.clone(),
                };
                self.changes
                    .push(Change::of(existing.filter(|e| e.id == id), Some(&cult)));
            }
        }
    }

    fn regions(&mut self, regions: &[PackRegion]) -> Result<(), PackError> {
        for (i, r) in regions.iter().enumerate() {
            let existing = self.data.regions.values().find(|k| same(&k.name, &r.name));
            let names: Vec<&str> = self
                .data
                .regions
                .values()
                .map(|k| k.name.as_str())
                .collect();
            let Some((id, name)) =
                self.place::<Region>("region", &r.name, existing.map(|k| k.id), &names)
            else {
                continue;
            };
            let mut tables = BTreeMap::new();
            for (season, table) in &r.seasons {
                let at = format!("regions[{i}].seasons.{season}");
                if let Some(t) = self.table(at, Some(table))? {
                    tables.insert(season.clone(), t);
                }
            }
            let at = |what: &str| format!("regions[{i}].{what}");
            let region = Region {
                id,
                name,
                climate: r.climate.clone(),
                notes: r.notes.clone(),
                tables,
                keep_percent: r.keep_percent,
                encounters: EncounterTables {
                    hazard: self.table(at("hazard"), r.hazard.as_ref())?,
                    warriors: self.table(at("warriors"), r.warriors.as_ref())?,
                    benign: self.table(at("benign"), r.benign.as_ref())?,
                },
                grazing: r.grazing,
            };
            self.changes
                .push(Change::of(existing.filter(|e| e.id == id), Some(&region)));
        }
        Ok(())
    }

    fn settings(
        &mut self,
        calendar: Option<&Calendar>,
        switches: Option<&Switches>,
        house_rules: Option<&HouseRules>,
    ) -> Result<(), PackError> {
        let before = &self.data.settings;
        let mut after = before.clone();
        let taken = |kind: &'static str| {
            let clash = Clashing::single(kind);
            self.clashes.contains(&clash) && (self.choose)(&clash) != Clash::Keep
        };
        if let Some(calendar) = calendar.filter(|_| taken("calendar")) {
            // An event on a month, festival or moon the new calendar has not
            // would fall on no day: the GM moves it first.
            let stranded =
                crate::model::CalendarEvent::stranded(self.data.events.values(), calendar);
            if !stranded.is_empty() {
                return Err(field(
                    "calendar",
                    format!(
                        "the events {} fall on days this calendar does not have; keep your calendar, or remove them first (Calendar screen, on their days)",
                        stranded.join(", ")
                    ),
                ));
            }
            *after.calendar = calendar.clone();
        }
        if let Some(s) = switches.filter(|_| taken("switches")) {
            after.companion = s.companion;
            after.rounds = s.rounds;
            after.exploration = s.exploration;
            after.day_hours = s.day_hours;
            after.long_rest_degrees = s.long_rest_degrees;
            after.track_food = s.track_food;
            after.food_and_drink_apart = s.food_and_drink_apart;
            after.weather_table =
                self.table("switches.weather_table".into(), s.weather_table.as_ref())?;
            after.gather_table =
                self.table("switches.gather_table".into(), s.gather_table.as_ref())?;
        }
        if let Some(rules) = house_rules.filter(|_| taken("house rules")) {
            *after.house_rules = rules.clone();
        }
        if after != *before {
            self.changes.push(Change::of(Some(before), Some(&after)));
        }
        Ok(())
    }
}
