//! What moves campaign data in and out, above its data: packs of content
//! and what they would change (`pack`), the players' view of the campaign
//! (`players_view`) and each player's handout content (`handout`), the
//! spreadsheets (`csv_reading`, `roster_csv`, `table_csv`), Foundry VTT's
//! roll tables (`foundry`, drawn as Foundry draws them: `foundry_draws`,
//! the dnd5e system's markup in words: `foundry_enrichers`), and calendars
//! from Fantasy-Calendar, Simple Calendar and Seasons & Stars
//! (`calendar_import`, `fantasy_calendar`, `simple_calendar`,
//! `seasons_and_stars`).

pub mod calendar_import;
pub mod csv_reading;
pub mod fantasy_calendar;
pub mod foundry;
pub mod foundry_draws;
pub mod foundry_enrichers;
pub mod handout;
pub mod pack;
mod pack_diff;
pub mod players_view;
pub mod roster_csv;
pub mod seasons_and_stars;
pub mod simple_calendar;
pub mod table_csv;
