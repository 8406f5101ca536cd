//! A roster from a CSV file: its columns mapped to the sheet's fields (by
//! their headers at first, then as the GM chooses), each row read into a new
//! character or an error naming the row and field, and the whole import as
//! one edit, made only when no row has an error.

use crate::model::sheet::{self, Number, Text};
use crate::model::{
    CampaignData, Change, Character, CharacterId, CharacterKind, Choice, Edit, Player, limits,
    plural,
};

/// A field a column can fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Skip,
    Kind,
    Party,
    /// The player's name: one of the campaign's players, else a new one.
    Player,
    Text(&'static str),
    Number(&'static str),
}

impl Target {
    pub fn label(self) -> &'static str {
        match self {
            Target::Skip => "(not imported)",
            Target::Kind => "Kind",
            Target::Party => "Party",
            Target::Player => "Player",
            Target::Text(label) | Target::Number(label) => label,
        }
    }

    /// Every field a column can fill, as the GM picks from them.
    pub fn all() -> Vec<Target> {
        let mut all = vec![Target::Skip, Target::Kind, Target::Party, Target::Player];
        for section in sheet::SECTIONS {
            all.extend(section.texts.iter().map(|f| Target::Text(f.label)));
            all.extend(section.numbers.iter().map(|f| Target::Number(f.label)));
        }
        all
    }

    /// The field a header names, if any (its label, any case).
    fn for_header(header: &str) -> Target {
        let header = header.trim();
        Target::all()
            .into_iter()
            .find(|t| *t != Target::Skip && t.label().eq_ignore_ascii_case(header))
            .unwrap_or(Target::Skip)
    }
}

fn text_field(label: &str) -> Option<&'static Text> {
    sheet::SECTIONS
        .iter()
        .flat_map(|s| s.texts)
        .find(|f| f.label == label)
}

fn number_field(label: &str) -> Option<&'static Number> {
    sheet::SECTIONS
        .iter()
        .flat_map(|s| s.numbers)
        .find(|f| f.label == label)
}

/// A CSV file read for import: its headers, rows and the mapping chosen.
#[derive(Debug, Clone, PartialEq)]
pub struct RosterImport {
    pub file: String,
    /// What separates its cells, as found in its heading row.
    pub separator: super::csv_reading::Separator,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub mapping: Vec<Target>,
}

/// Why a CSV file could not be read at all.
#[derive(Debug, thiserror::Error)]
#[error("{file} is not a CSV roster: {reason}")]
pub struct CsvError {
    pub file: String,
    pub reason: String,
}

impl RosterImport {
    /// Reads a CSV file's text, mapping each column by its header.
    pub fn read(file: &str, text: &str) -> Result<Self, CsvError> {
        let fail = |reason: String| CsvError {
            file: file.to_owned(),
            reason,
        };
        let separator = super::csv_reading::Separator::of(text);
        let mut rows = separator
            .reader(text)
            .records()
            .map(|r| r.map(|r| r.iter().map(str::to_owned).collect()))
            .collect::<Result<Vec<Vec<String>>, _>>()
            .map_err(|e| fail(e.to_string()))?;
        if rows.is_empty() {
            return Err(fail("it is empty".to_owned()));
        }
        let headers = rows.remove(0);
        if !headers
            .iter()
            .any(|h| Target::for_header(h) == Target::Text("Name"))
        {
            return Err(fail("no column is headed Name".to_owned()));
        }
        let mapping = headers.iter().map(|h| Target::for_header(h)).collect();
        Ok(Self {
            file: file.to_owned(),
            separator,
            headers,
            rows,
            mapping,
        })
    }

    /// Each row as a new character, or what is wrong with it
    /// ("row 3: XP: “lots” is not a whole number").
    pub fn characters(&self, data: &CampaignData) -> Vec<Result<Character, String>> {
        let first = data.next_id::<crate::model::Character>().0;
        let new_players = self.new_players(data);
        self.rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                self.character(data, &new_players, row, CharacterId(first + i as i64))
                    .map_err(|e| format!("row {}: {e}", i + 2))
            })
            .collect()
    }

    /// The players the Player column names that the campaign does not have
    /// yet, by name, each with the id it will take ("GM" is none).
    fn new_players(&self, data: &CampaignData) -> Vec<Player> {
        let Some(at) = self.mapping.iter().position(|t| *t == Target::Player) else {
            return Vec::new();
        };
        let mut names: Vec<&str> = (self.rows.iter())
            .filter_map(|row| row.get(at).map(|n| n.trim()))
            .filter(|n| !n.is_empty() && !Player::is_gm(n) && data.player_named(n).is_none())
            .collect();
        names.sort_by_key(|n| n.to_lowercase());
        names.dedup_by_key(|n| n.to_lowercase());
        let first = data.next_id::<Player>().0;
        (names.into_iter().zip(first..))
            .map(|(name, id)| Player::new(crate::model::PlayerId(id), name))
            .collect()
    }

    fn character(
        &self,
        data: &CampaignData,
        new_players: &[Player],
        row: &[String],
        id: CharacterId,
    ) -> Result<Character, String> {
        let cell = |target: Target| {
            self.mapping
                .iter()
                .position(|t| *t == target)
                .and_then(|at| row.get(at))
                .map(String::as_str)
                .filter(|v| !v.is_empty())
        };
        let kind = match cell(Target::Kind) {
            None => CharacterKind::Hero,
            Some(k) => <CharacterKind as strum::IntoEnumIterator>::iter()
                .find(|c| c.key().eq_ignore_ascii_case(k) || c.label().eq_ignore_ascii_case(k))
                .ok_or_else(|| format!("Kind: “{k}” is not a hero, ally, NPC or the Traveller"))?,
        };
        // An animal takes its figures from a type of the house rules, which
        // a roster's row does not name: it is added with Add animal.
        if kind == CharacterKind::Animal {
            return Err(format!(
                "Kind: “{}” rows are not read: add an animal with Add animal on the Roster, of a type from the house rules",
                kind.label()
            ));
        }
        let name = cell(Target::Text("Name")).ok_or("Name: a character needs a name")?;
        let mut c = Character::new(id, name, kind);
        if let Some(party) = cell(Target::Party) {
            let found = data
                .parties
                .values()
                .find(|p| p.name.eq_ignore_ascii_case(party))
                .ok_or_else(|| format!("Party: there is no party named “{party}”"))?;
            c.party = Some(found.id);
        }
        if let Some(name) = cell(Target::Player).filter(|n| !Player::is_gm(n)) {
            let known = data.player_named(name).or_else(|| {
                (new_players.iter()).find(|p| p.name.eq_ignore_ascii_case(name.trim()))
            });
            c.player = known.map(|p| p.id);
        }
        for target in &self.mapping {
            match (target, cell(*target)) {
                (Target::Text(label), Some(value)) => {
                    if let Some(f) = text_field(label) {
                        (f.set)(&mut c, value.to_owned());
                    }
                }
                (Target::Number(label), Some(value)) => {
                    if let Some(f) = number_field(label) {
                        let v = limits::parse_whole(value, &f.range)
                            .map_err(|e| format!("{label}: {e}"))?;
                        (f.set)(&mut c, v);
                    }
                }
                _ => {}
            }
        }
        Ok(c)
    }

    /// The import as one edit, if no row has an error.
    pub fn edit(&self, data: &CampaignData) -> Result<Edit, Vec<String>> {
        let (good, bad) = self.sorted(data);
        if !bad.is_empty() {
            return Err(bad);
        }
        Ok(self.edit_of(data, &good, 0))
    }

    /// The rows that read, as one edit leaving out the rows with an error;
    /// `None` when no row reads.
    pub fn good_rows_edit(&self, data: &CampaignData) -> Option<Edit> {
        let (good, bad) = self.sorted(data);
        (!good.is_empty()).then(|| self.edit_of(data, &good, bad.len()))
    }

    /// The rows that read, and the errors of those that do not.
    fn sorted(&self, data: &CampaignData) -> (Vec<Character>, Vec<String>) {
        let mut good = Vec::new();
        let mut bad = Vec::new();
        for row in self.characters(data) {
            match row {
                Ok(c) => good.push(c),
                Err(e) => bad.push(e),
            }
        }
        (good, bad)
    }

    /// The characters as one edit, the new players they name made first.
    fn edit_of(&self, data: &CampaignData, characters: &[Character], left_out: usize) -> Edit {
        let mut label = format!(
            "Import {} from {}",
            plural(characters.len(), "character"),
            self.file
        );
        if left_out > 0 {
            label += &format!(" ({} left out)", plural(left_out, "row"));
        }
        let players = (self.new_players(data).into_iter())
            .filter(|p| characters.iter().any(|c| c.player == Some(p.id)));
        let mut changes: Vec<Change> = players.map(|p| Change::of(None, Some(&p))).collect();
        changes.extend(characters.iter().map(|c| Change::of(None, Some(c))));
        Edit::new(label, changes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Settings;

    /// An animal's figures come from a type the row cannot name: its row
    /// is refused with where to add one, never written half-made.
    #[test]
    fn an_animal_row_says_to_add_it_with_add_animal() {
        let data = CampaignData::new(Settings::new("Test"));
        let import = RosterImport::read("r.csv", "Name,Kind\nBess,animal\n").expect("read");
        let rows = import.characters(&data);
        assert_eq!(
            rows[0].as_ref().expect_err("refused"),
            "row 2: Kind: “Animal” rows are not read: add an animal with Add animal on the Roster, of a type from the house rules"
        );
    }

    #[test]
    fn columns_map_by_header_and_bad_rows_are_named() {
        let data = CampaignData::new(Settings::new("Test"));
        let csv = "Name,Player,XP,Kind,Colour\nAna,Maya,5,ally,red\nBo,,lots,hero,\n";
        let import = RosterImport::read("r.csv", csv).expect("read");
        assert_eq!(
            import.mapping,
            vec![
                Target::Text("Name"),
                Target::Player,
                Target::Number("XP"),
                Target::Kind,
                Target::Skip
            ]
        );
        let rows = import.characters(&data);
        let ana = rows[0].as_ref().expect("Ana reads");
        assert_eq!(
            (ana.name.as_str(), ana.player, ana.companion.xp, ana.kind),
            (
                "Ana",
                Some(crate::model::PlayerId(1)),
                5,
                CharacterKind::Ally
            ),
            "Maya, a new player, the campaign's first"
        );
        assert_eq!(
            rows[1].as_ref().expect_err("Bo's XP"),
            "row 3: XP: “lots” is not a whole number"
        );
        assert_eq!(import.edit(&data).expect_err("refused").len(), 1);
        assert!(
            RosterImport::read("x.csv", "Player\nMaya\n").is_err(),
            "no Name column"
        );
    }
}
