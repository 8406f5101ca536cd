//! Advancement records: the advances a hero took (level, kind, what), the
//! Traveller's memories, and missions with the XP each hero was awarded,
//! which make every hero's XP ledger.

use super::{CharacterId, ClockTime, MissionId, PartyId};
use serde::{Deserialize, Deserializer, Serialize};

/// The campaign table a hero down at the end rolls on.
pub const INJURY_TABLE: &str = "injury";
/// The campaign table whose rows are the reasons the GM gives XP for.
pub const XP_AWARDS_TABLE: &str = "xp-awards";

waybook_rules::named_enum! {
    /// What an advance gives. Waybook's own `note` keeps an advance written
    /// before advances were records that it could not read as one of the text's.
    pub enum AdvanceKind("advance kind") {
        Wounds => "wounds" as "+1 Wounds",
        Toughness => "toughness" as "+1 Toughness",
        Stat => "stat" as "Stat improved by 1",
        Quality => "quality" as "Quality improved by 1",
        Defence => "defence" as "Defence improved by 1",
        Power => "power" as "The next power or drill",
        Talent => "talent" as "A talent",
        Cleric => "cleric" as "A Cleric power (Pilgrim)",
        Note => "note" as "Note",
    }
}

/// One advance, taken at a level: what it gives and what it names (the stat,
/// power, talent, or the note's text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advance {
    pub level: i64,
    pub kind: AdvanceKind,
    #[serde(default)]
    pub what: String,
}

impl Advance {
    pub fn new(level: i64, kind: AdvanceKind, what: impl Into<String>) -> Self {
        Self {
            level,
            kind,
            what: what.into(),
        }
    }

    /// "+1 Wounds", "Will 5+ → 4+", "Power: Mend Flesh", as sheets print it.
    pub fn describe(&self) -> String {
        match self.kind {
            AdvanceKind::Wounds | AdvanceKind::Toughness => self.kind.label().to_owned(),
            AdvanceKind::Stat => format!("{} improved by 1", self.what),
            AdvanceKind::Quality | AdvanceKind::Defence => self.kind.label().to_owned(),
            AdvanceKind::Power => format!("Power or drill: {}", self.what),
            AdvanceKind::Talent => format!("Talent: {}", self.what),
            AdvanceKind::Cleric => format!("Cleric power: {}", self.what),
            AdvanceKind::Note => self.what.clone(),
        }
    }

    /// An advance written as free text (files before advances were records),
    /// read as the record it names where it can be: "+1 Wounds", "+1
    /// Toughness", "Will 4+ → 3+", "Quality 5+ → 4+", "Power: Smite",
    /// "Talent: Lucky", "Cleric: Bless"; anything else is kept as a note.
    pub fn from_text(level: i64, text: &str) -> Self {
        let text = text.trim();
        let lower = text.to_lowercase();
        let named = |prefixes: &[&str]| {
            prefixes.iter().find_map(|p| {
                lower
                    .strip_prefix(p)
                    .map(|_| text[p.len()..].trim().to_owned())
            })
        };
        let kind_what = if lower == "+1 wounds" || lower == "+1 wound" {
            (AdvanceKind::Wounds, String::new())
        } else if lower == "+1 toughness" {
            (AdvanceKind::Toughness, String::new())
        } else if let Some(what) = named(&["power:", "drill:"]) {
            (AdvanceKind::Power, what)
        } else if let Some(what) = named(&["talent:"]) {
            (AdvanceKind::Talent, what)
        } else if let Some(what) = named(&["cleric:", "cleric power:"]) {
            (AdvanceKind::Cleric, what)
        } else if let Some(stat) = improved_stat(text) {
            match stat.to_lowercase().as_str() {
                "quality" => (AdvanceKind::Quality, String::new()),
                "defence" | "defense" => (AdvanceKind::Defence, String::new()),
                _ => (AdvanceKind::Stat, stat),
            }
        } else {
            (AdvanceKind::Note, text.to_owned())
        };
        Self::new(level, kind_what.0, kind_what.1)
    }
}

/// "Will 4+ → 3+" (or "->"): the stat's name.
fn improved_stat(text: &str) -> Option<String> {
    let (before, after) = text.split_once('→').or_else(|| text.split_once("->"))?;
    let target = |s: &str| s.trim().strip_suffix('+')?.trim().parse::<i64>().ok();
    let (name, from) = before.trim().rsplit_once(' ')?;
    (target(from)?.checked_sub(target(after)?) == Some(1) && !name.trim().is_empty())
        .then(|| name.trim().to_owned())
}

/// Advances as records, or (files written before they were) as the free
/// text of one advance per level gained, read with [`Advance::from_text`].
pub fn advances_from_records_or_text<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Advance>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Record(Advance),
        Text(String),
    }
    let stored = Vec::<Stored>::deserialize(deserializer)?;
    Ok((2..)
        .zip(stored)
        .map(|(level, s)| match s {
            Stored::Record(a) => a,
            Stored::Text(t) => Advance::from_text(level, &t),
        })
        .collect())
}

/// Something the Traveller remembered, with the mission it came with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Memory {
    pub text: String,
    #[serde(default)]
    pub mission: Option<MissionId>,
}

/// The XP one hero earned on a mission, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    pub character: CharacterId,
    pub xp: i64,
    #[serde(default)]
    pub reasons: Vec<String>,
    /// Down at the end of the mission: offered a roll on the injury table.
    #[serde(default)]
    pub down: bool,
    /// The injury rolled for a hero who was down, once rolled.
    #[serde(default)]
    pub injury: Option<String>,
}

/// A finished mission: "At the end of each mission, every hero who took part
/// earns experience (XP)".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mission {
    pub id: MissionId,
    pub name: String,
    #[serde(default)]
    pub party: Option<PartyId>,
    /// When it ended, on the campaign clock.
    pub at: ClockTime,
    pub awards: Vec<Award>,
    /// The roll on the injury table and other lines, as the log shows them.
    #[serde(default)]
    pub lines: Vec<String>,
    /// Who may see it besides the GM (GM only by default).
    #[serde(default, skip_serializing_if = "super::Visibility::is_gm_only")]
    pub shown: super::Visibility,
}

impl Mission {
    /// A mission closed at `at` with `awards`, its injury rolls still to
    /// come, seen by the GM alone.
    pub fn new(
        id: MissionId,
        name: impl Into<String>,
        party: Option<PartyId>,
        at: ClockTime,
        awards: Vec<Award>,
    ) -> Self {
        Self {
            id,
            name: name.into(),
            party,
            at,
            awards,
            lines: Vec::new(),
            shown: Default::default(),
        }
    }

    pub fn award_of(&self, character: CharacterId) -> Option<&Award> {
        self.awards.iter().find(|a| a.character == character)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_free_text_advances_read_as_records_where_they_can() {
        let read = |t: &str| {
            let a = Advance::from_text(2, t);
            (a.kind, a.what)
        };
        assert_eq!(
            read("+1 Toughness"),
            (AdvanceKind::Toughness, String::new())
        );
        assert_eq!(read("+1 wounds"), (AdvanceKind::Wounds, String::new()));
        assert_eq!(read("Will 4+ → 3+"), (AdvanceKind::Stat, "Will".to_owned()));
        assert_eq!(
            read("Quality 5+ -> 4+"),
            (AdvanceKind::Quality, String::new())
        );
        assert_eq!(
            read("Talent: Lucky"),
            (AdvanceKind::Talent, "Lucky".to_owned())
        );
        assert_eq!(
            read("Power: Smite"),
            (AdvanceKind::Power, "Smite".to_owned())
        );
        assert_eq!(
            read("Will 4+ → 2+"),
            (AdvanceKind::Note, "Will 4+ → 2+".to_owned()),
            "two steps at once is not one advance"
        );
        assert_eq!(
            read("learned to ride"),
            (AdvanceKind::Note, "learned to ride".to_owned())
        );
    }

    #[test]
    fn a_list_of_old_text_takes_its_levels_from_its_order() {
        let read: Vec<Advance> = advances_from_records_or_text(&mut serde_json::Deserializer::from_str(
            r#"["+1 Toughness", {"level": 3, "kind": "talent", "what": "Lucky"}, "Dexterity 5+ → 4+"]"#,
        ))
        .expect("reads");
        assert_eq!(
            read,
            [
                Advance::new(2, AdvanceKind::Toughness, ""),
                Advance::new(3, AdvanceKind::Talent, "Lucky"),
                Advance::new(4, AdvanceKind::Stat, "Dexterity"),
            ]
        );
    }
}
