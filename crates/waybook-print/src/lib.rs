//! What Waybook prints and publishes from a campaign: the PDFs (character
//! sheets, rosters, journey plans and packets, handouts) and the handouts'
//! HTML pages, drawn with the fonts built in (`assets`), which the screens
//! share so that screen and paper show the same glyphs.

pub mod assets;
pub mod handouts;
pub mod members;
pub mod pdf;
