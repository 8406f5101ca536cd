//! Gathering (`exploration-and-travel.txt`): sites with the materials to be
//! found there and the sources surveys found, and gathering sessions with
//! their gatherers, every test and what it gave.

use super::{CharacterId, ClockTime, MaterialType, PartyId, PlaceId, SessionId, SiteId};
use serde::{Deserialize, Serialize};
use waybook_rules::travel::gather::{Abundance, Bounty, Quality, Source};

/// A material to be found at a site, with the test that gathers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SiteMaterial {
    /// What the GM calls it ("Greyspine sage"); gathered units are items of this name.
    pub name: String,
    pub material: MaterialType,
    /// The GM's own type of material ("Crystal"), gathered like `material`
    /// unless `tool` says otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_name: Option<String>,
    /// The gatherer's tool, when the GM's type needs another than the text's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<super::ToolKind>,
    pub abundance: Abundance,
    /// The gathering test's trait and skill: the text's recommendation,
    /// which the GM may change.
    pub trait_name: String,
    pub skill_name: String,
}

impl SiteMaterial {
    /// A material with the text's recommended trait and skill.
    pub fn new(name: impl Into<String>, material: MaterialType, abundance: Abundance) -> Self {
        let (trait_name, skill_name) = recommended(material);
        Self {
            name: name.into(),
            material,
            type_name: None,
            tool: None,
            abundance,
            trait_name: trait_name.to_owned(),
            skill_name: skill_name.to_owned(),
        }
    }
}

impl SiteMaterial {
    /// The tool gathering it requires: the GM's choice, else the text's.
    pub fn tool(&self) -> super::ToolKind {
        self.tool.unwrap_or_else(|| tool_for(self.material))
    }

    /// Its type as the GM reads it: their own name, else the text's.
    pub fn type_label(&self) -> String {
        self.type_name
            .clone()
            .unwrap_or_else(|| super::Choice::label(self.material).to_owned())
    }
}

/// "| Plant Based Material | Botanist's Tool | Agility (Nature) |" and its rows.
pub fn recommended(material: MaterialType) -> (&'static str, &'static str) {
    match material {
        MaterialType::Plant => ("Agility", "Nature"),
        MaterialType::Fish => ("Agility", "Animal Handling"),
        MaterialType::Ore => ("Physique", "Focus"),
    }
}

/// The gatherer's tool the text pairs with a skill: the one its
/// gathering tests use ("Botanist's Tool | Agility (Nature)").
pub fn tool_of_skill(skill: &str) -> Option<super::ToolKind> {
    [MaterialType::Plant, MaterialType::Fish, MaterialType::Ore]
        .into_iter()
        .find(|m| recommended(*m).1.eq_ignore_ascii_case(skill.trim()))
        .map(tool_for)
}

/// The tool the text requires for a material type.
pub fn tool_for(material: MaterialType) -> super::ToolKind {
    match material {
        MaterialType::Plant => super::ToolKind::Botanist,
        MaterialType::Fish => super::ToolKind::Fisher,
        MaterialType::Ore => super::ToolKind::Miner,
    }
}

/// A source a survey found, kept on the site until the GM marks it worked out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoundSource {
    /// The site material it is a source of, by name.
    pub material: String,
    pub source: Source,
    pub quality: Quality,
    pub found: ClockTime,
    /// Who surveyed it.
    pub by: String,
    pub worked_out: bool,
}

/// A gathering site: a named place, on the map or standing alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Site {
    pub id: SiteId,
    pub name: String,
    pub place: Option<PlaceId>,
    pub notes: String,
    pub materials: Vec<SiteMaterial>,
    pub sources: Vec<FoundSource>,
    /// Who may see it besides the GM (GM only by default).
    #[serde(default, skip_serializing_if = "super::Visibility::is_gm_only")]
    pub shown: super::Visibility,
}

/// How long a session lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SessionLimit {
    /// Tests are started while fewer than this many hours have been worked.
    Hours(u32),
    /// Until each gatherer has this many units.
    Units(u32),
    /// Until the campaign day ends.
    DayEnd,
}

/// One gatherer of a session, at one source of the site.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gatherer {
    pub character: CharacterId,
    /// The site's source being worked (an index of `Site::sources`).
    pub source: usize,
    pub trait_name: String,
    pub skill_name: String,
    /// Gathered units go to the party stash instead of the gatherer.
    pub into_stash: bool,
    /// The GM lets them work without the tool the text requires.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub without_tool: bool,
    /// Minutes worked and units gathered so far.
    pub minutes: u32,
    pub units: u32,
}

/// What a test of the gathering log was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TestKind {
    /// An Intuition test for a source.
    Survey,
    /// A gathering test at a source.
    Gather,
    /// An Intuition test for food and drink.
    Forage,
}

impl TestKind {
    /// The kind as answers spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            TestKind::Survey => "survey",
            TestKind::Gather => "gather",
            TestKind::Forage => "forage",
        }
    }
}

/// One gathering, survey or foraging test as it was rolled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GatherTest {
    pub character: CharacterId,
    /// What the test was; `None` in files written before it was kept (see
    /// [`GatheringSession::kind_of`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<TestKind>,
    /// The gathering table's row; `None` for a survey or a forage.
    pub result: Option<Bounty>,
    /// A survey's row of the survey table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found: Option<Source>,
    /// The material gathered or surveyed for (a forage: the item found).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<String>,
    pub roll: Option<u32>,
    pub ttv: Option<i32>,
    pub units: u32,
    pub quality: Option<Quality>,
    /// Of the units, how many are one quality level higher.
    #[serde(default)]
    pub improved_units: u32,
    pub minutes: u32,
    /// The roll's working, as the log prints it.
    pub working: String,
}

/// A gathering session at a site (or a forage, at no site), on the campaign clock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GatheringSession {
    pub id: SessionId,
    pub site: Option<SiteId>,
    pub party: Option<PartyId>,
    pub start: ClockTime,
    pub limit: SessionLimit,
    pub gatherers: Vec<Gatherer>,
    pub tests: Vec<GatherTest>,
    /// The session as it happened: each test's working, what it gave, where it went.
    pub lines: Vec<String>,
    pub finished: bool,
}

/// What a session gave one gatherer of one material at one quality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Yielded {
    pub character: CharacterId,
    pub material: String,
    pub quality: Quality,
    pub units: u32,
}

impl GatheringSession {
    /// What a test was: as it was kept, or for tests kept before that, a
    /// gathering row means a gather, a session at no site a forage, and
    /// anything else a survey.
    pub fn kind_of(&self, test: &GatherTest) -> TestKind {
        match (test.kind, test.result, self.site) {
            (Some(kind), _, _) => kind,
            (None, Some(_), _) => TestKind::Gather,
            (None, None, None) => TestKind::Forage,
            (None, None, Some(_)) => TestKind::Survey,
        }
    }

    /// The material a test worked: as it was kept, else the source its
    /// gatherer worked at the site.
    pub fn material_of(&self, test: &GatherTest, site: Option<&Site>) -> Option<String> {
        test.material.clone().or_else(|| {
            let gatherer = self
                .gatherers
                .iter()
                .find(|g| g.character == test.character)?;
            Some(site?.sources.get(gatherer.source)?.material.clone())
        })
    }

    /// What the session gave each gatherer, by material and quality.
    pub fn yields(&self, site: Option<&Site>) -> Vec<Yielded> {
        let mut found: Vec<Yielded> = Vec::new();
        let mut add = |character: CharacterId, material: &str, quality: Quality, units: u32| {
            if units == 0 {
                return;
            }
            match found.iter_mut().find(|y| {
                y.character == character && y.material == material && y.quality == quality
            }) {
                Some(y) => y.units += units,
                None => found.push(Yielded {
                    character,
                    material: material.to_owned(),
                    quality,
                    units,
                }),
            }
        };
        for t in self.tests.iter().filter(|t| t.result.is_some()) {
            if let Some(q) = t.quality {
                let material = self.material_of(t, site).unwrap_or_default();
                add(t.character, &material, q, t.units - t.improved_units);
                add(t.character, &material, q.improved(), t.improved_units);
            }
        }
        found
    }
}
