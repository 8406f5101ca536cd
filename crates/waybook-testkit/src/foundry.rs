//! Foundry VTT roll tables as files, written from Foundry's documented
//! RollTable shape (`name`, `formula`, `results` with `type`, `text`,
//! `range`, and `collection` for a result that draws a table), for the
//! tests of their import through the CLI and the screens.

/// Omens: a formula, 1d5, that disagrees with its results (1 to 4); its
/// last result draws Portents.
pub const OMENS: &str = r#"{"name": "Omens", "formula": "1d5", "results": [
    {"type": 0, "text": "A crow, alone.", "range": [1, 3]},
    {"type": 1, "text": "Portents", "collection": "RollTable", "range": [4, 4]}]}"#;

/// Portents: results typed as words, with a link and an inline roll.
pub const PORTENTS: &str = r#"{"name": "Portents", "formula": "1d2", "results": [
    {"type": "text", "text": "You cast @UUID[Compendium.x.Item.y]{Bane}.", "range": [1, 1]},
    {"type": "text", "text": "Rain for [[/r 1d4]] days.", "range": [2, 2]}]}"#;

/// No roll table: its one result has no range.
pub const BROKEN: &str = r#"{"name": "Broken", "results": [{"text": "x"}]}"#;

/// Foundry v13's shape (issue 50, 19): each table has its `_id`; a result
/// of `type: "document"` names what it draws by `documentUuid`, its words
/// in `name` and `description`. Lineages draws the table whose id ends its
/// uuid, Elves, though the result still says the name it had ("Elven
/// Lineage"); its second result links an item, which is only text.
pub const LINEAGES: &str = r#"{"_id": "lineages00000000", "name": "Lineages", "formula": "1d3",
  "results": [
    {"type": "text", "name": "", "description": "<p>Human</p>", "weight": 1, "range": [1, 1]},
    {"type": "document", "name": "Elf, Wood", "description": "", "weight": 1, "range": [2, 2],
     "documentUuid": "Compendium.world.origins.Item.woodElf000000000"},
    {"type": "document", "name": "Elven Lineage", "description": "", "weight": 1, "range": [3, 3],
     "documentUuid": "Compendium.world.tables.RollTable.elves00000000000"}]}"#;

/// The table Lineages draws, under another name than the result says.
pub const ELVES: &str = r#"{"_id": "elves00000000000", "name": "Elves", "formula": "1d2",
  "results": [
    {"type": "text", "name": "", "description": "High elf", "range": [1, 1]},
    {"type": "text", "name": "", "description": "Wood elf", "range": [2, 2]}]}"#;

/// Tables Foundry accepts that have no one row a total (issue 50, 21):
/// Languages' formula "1" draws its three results together, two of them
/// the same table; Confused draws two results on 1, one of them a table
/// that does not come in; Loot has no result on 3 or on 6, where Foundry
/// rolls again.
pub const LANGUAGES: &str = r#"{"_id": "languages0000000", "name": "Languages", "formula": "1",
  "results": [
    {"type": "text", "name": "", "description": "Common", "range": [1, 1]},
    {"type": "document", "name": "Tongues", "description": "", "range": [1, 1],
     "documentUuid": "Compendium.world.tables.RollTable.tongues000000000"},
    {"type": "document", "name": "Tongues", "description": "", "range": [1, 1],
     "documentUuid": "Compendium.world.tables.RollTable.tongues000000000"}]}"#;

/// The table Languages draws twice.
pub const TONGUES: &str = r#"{"_id": "tongues000000000", "name": "Tongues", "formula": "1d4",
  "results": [
    {"type": "text", "name": "", "description": "Dwarvish", "range": [1, 2]},
    {"type": "text", "name": "", "description": "Elvish", "range": [3, 3]},
    {"type": "text", "name": "", "description": "Giant", "range": [4, 4]}]}"#;

/// Two results on 1, the second drawing Directions, which is not given.
pub const CONFUSED: &str = r#"{"name": "Confused", "formula": "1d10", "results": [
    {"type": "text", "name": "", "description": "Wander off.", "range": [1, 1]},
    {"type": "text", "name": "", "description": "Stand still.", "range": [2, 6]},
    {"type": "text", "name": "", "description": "Lash out.", "range": [7, 10]},
    {"type": "document", "name": "Directions", "description": "", "range": [1, 1],
     "documentUuid": "Compendium.world.tables.RollTable.directions000000"}]}"#;

/// No result on 3 or 6 of its d8.
pub const LOOT: &str = r#"{"name": "Loot", "formula": "1d8", "results": [
    {"type": 0, "text": "Abacus", "range": [1, 1]},
    {"type": 0, "text": "Barrel", "range": [2, 2]},
    {"type": 0, "text": "Candle", "range": [4, 5]},
    {"type": 0, "text": "Dice", "range": [7, 8]}]}"#;
