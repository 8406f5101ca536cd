//! The fonts built into Waybook, read by both the screens and the PDFs, so
//! that screen and paper show the same glyphs: the text font (DejaVu Sans:
//! accented names, the true minus sign, arrows) and the symbol font (Noto
//! Sans Symbols: the travel rounds' 🜉 and 🜹). Their licences are beside
//! them in `assets/fonts/` (the Help menu shows them: the app's `texts`).

pub const TEXT_FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
pub const SYMBOL_FONT: &[u8] = include_bytes!("../../../assets/fonts/NotoSansSymbols-Regular.ttf");
