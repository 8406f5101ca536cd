//! Files built into Waybook, read by both the screens and the PDFs, so that
//! screen and paper show the same glyphs: the text font (DejaVu Sans:
//! accented names, the true minus sign, arrows) and the symbol font (Noto
//! Sans Symbols: the travel rounds' 🜉 and 🜹). Their licences are beside
//! them in `assets/fonts/`. Also the three rule texts and the rules notes,
//! word for word as the project keeps them, for the Help menu.

pub const TEXT_FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
pub const SYMBOL_FONT: &[u8] = include_bytes!("../assets/fonts/NotoSansSymbols-Regular.ttf");
pub const TEXT_FONT_LICENCE: &str = include_str!("../assets/fonts/DejaVuSans-LICENSE.txt");
pub const SYMBOL_FONT_LICENCE: &str = include_str!("../assets/fonts/NotoSansSymbols-LICENSE.txt");

/// The rule texts and the notes on how Waybook reads them: title and text.
pub const RULE_TEXTS: [(&str, &str); 4] = [
    (
        "The Travellers' Companion",
        include_str!("../assets/rules/travellers-companion.txt"),
    ),
    (
        "Exploration and travel",
        include_str!("../assets/rules/exploration-and-travel.txt"),
    ),
    (
        "Travel rounds",
        include_str!("../assets/rules/travel-rounds.txt"),
    ),
    (
        "How Waybook reads them (NOTES.md)",
        include_str!("../assets/rules/NOTES.md"),
    ),
];
