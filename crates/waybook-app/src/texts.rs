//! Texts built into the app for its Help menu alone: the three rule texts
//! and the notes on how Waybook reads them, word for word as the project
//! keeps them; the licences of the crates Waybook is built on and of its
//! two fonts.

pub const TEXT_FONT_LICENCE: &str = include_str!("../../../assets/fonts/DejaVuSans-LICENSE.txt");
pub const SYMBOL_FONT_LICENCE: &str =
    include_str!("../../../assets/fonts/NotoSansSymbols-LICENSE.txt");

/// The notice of every crate the binary links and its licence's text, made
/// from Cargo.lock by `packaging/licences/make` (CI checks it is current).
pub const LICENCES: &str = include_str!("../../../assets/licences.txt");

/// The notice's lines naming a crate, its version and its licence
/// ("egui 0.37.0: MIT OR Apache-2.0"), and the rest: the licences' texts.
pub fn licence_notice() -> (Vec<&'static str>, Vec<&'static str>) {
    let mut lines = LICENCES.lines();
    let crates = lines
        .by_ref()
        .skip_while(|l| !l.is_empty())
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    (crates, lines.collect())
}

/// The rule texts and the notes on how Waybook reads them: title and text.
pub const RULE_TEXTS: [(&str, &str); 4] = [
    (
        "The Travellers' Companion",
        include_str!("../../../assets/rules/travellers-companion.txt"),
    ),
    (
        "Exploration and travel",
        include_str!("../../../assets/rules/exploration-and-travel.txt"),
    ),
    (
        "Travel rounds",
        include_str!("../../../assets/rules/travel-rounds.txt"),
    ),
    (
        "How Waybook reads them (NOTES.md)",
        include_str!("../../../assets/rules/NOTES.md"),
    ),
];
