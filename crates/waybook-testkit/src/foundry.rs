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
