//! Gathering (`exploration-and-travel.txt`): sites with the materials to be
//! found there and the sources surveys found, and gathering sessions with
//! their gatherers, every test and what it gave.

use super::{CharacterId, ClockTime, MaterialType, PartyId, PlaceId, SessionId, SiteId};
use crate::rules::travel::gather::{Abundance, Bounty, Quality, Source};
use serde::{Deserialize, Serialize};

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
}

/// How long a session lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Minutes worked and units gathered so far.
    pub minutes: u32,
    pub units: u32,
}

/// One gathering or survey test as it was rolled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GatherTest {
    pub character: CharacterId,
    /// `None` for a survey.
    pub result: Option<Bounty>,
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

impl GatheringSession {
    /// What the session gave each gatherer, by quality: (who, quality, units).
    pub fn yields(&self) -> Vec<(CharacterId, Quality, u32)> {
        let mut found: Vec<(CharacterId, Quality, u32)> = Vec::new();
        let mut add = |who: CharacterId, quality: Quality, units: u32| {
            if units == 0 {
                return;
            }
            match found
                .iter_mut()
                .find(|(w, q, _)| *w == who && *q == quality)
            {
                Some((_, _, n)) => *n += units,
                None => found.push((who, quality, units)),
            }
        };
        for t in self.tests.iter().filter(|t| t.result.is_some()) {
            if let Some(q) = t.quality {
                add(t.character, q, t.units - t.improved_units);
                add(t.character, q.improved(), t.improved_units);
            }
        }
        found
    }
}
