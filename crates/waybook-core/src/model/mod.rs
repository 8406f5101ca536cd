//! The campaign's data and its invariants: characters (with their
//! advances, senses and hazards), parties, items and holdings, journeys,
//! roll tables, the map (places and paths), regions and the calendar (with
//! its date arithmetic and its pages), the travel log and the merchant
//! table, gathering sites and sessions, missions, the campaign log, scenes
//! and cults, players and who may see a text, campaign settings; the table
//! of record kinds (`kinds`) and the typed ids, `Change`, `CampaignData`
//! and the JSON document it makes; the small enums the GM picks from
//! (`Choice`); the limits a valid value keeps to (and their check), the
//! sheet's field tables, and the one record mechanism every kind goes
//! through (`Record`, `Change`, `Edit`).
//!
//! The store reads and writes these, the domain steps and the app edit
//! them, the PDF and CLI faces print them. Nothing here touches the
//! database or egui, and nothing here moves the world: the clock, the
//! weather's rolls and the chronicle are `world`; packs, the players' view
//! and CSV are `exchange`, both above this module.

pub mod advancement;
pub mod animal;
pub mod calendar;
mod campaign;
mod change;
mod character;
mod choice;
pub mod cult;
mod data;
pub mod document;
pub mod event;
pub mod gathering;
pub mod hazard;
pub mod house_rules;
mod ids;
mod item;
mod journey;
pub mod kinds;
pub mod limits;
pub mod load;
pub mod log;
mod map;
mod old_documents;
pub mod pages;
mod party;
pub mod partyless;
pub mod plain_words;
pub mod player;
mod record;
mod region;
pub mod scene;
pub mod session_changes;
pub mod sheet;
pub mod step;
mod table;
pub mod ties;
mod travel;
pub mod validate;
pub mod vehicle;
pub mod visibility;
mod words;

pub use advancement::{Advance, AdvanceKind, Award, Memory, Mission};
pub use animal::{Animal, AnimalType};
pub use campaign::{RuleText, Settings};
pub use change::{Change, Edit, KINDS};
pub use character::{
    Character, CharacterKind, CompanionSheet, ExplorationSheet, NamedStat, Protection, RoleRanks,
    RoundsSheet, Skill, Track,
};
pub use choice::Choice;
pub use cult::{Cult, CultSide};
pub use data::{CampaignData, HOLDING_COLUMNS, ID_BLOCK_SIZE, IdMarks, Totals};
pub use event::{CalendarEvent, Recurrence, Reshape};
pub use gathering::{GatheringSession, Site};
pub use house_rules::HouseRules;
pub use ids::{
    CharacterId, CultId, EventId, HoldingId, ItemId, JourneyId, LogId, MapPathId, MissionId,
    PartyId, PlaceId, PlayerId, RegionId, SceneId, SessionId, SiteId, TableId, TravelRoundId,
    VehicleId, WareId, WeatherId,
};
pub use item::{Category, Holder, Holding, Item, MaterialType, Quality, ToolKind};
pub use journey::{
    Activity, Along, By, ClockTime, DayChange, DayPattern, FoodOrder, Gained, HourWindow, Journey,
    JourneyPlan, Leg, Method, NoProgress, Ration, Resumed, Route, Temperature, Terrain, quiet_hour,
    quiet_runs, weather_at,
};
pub(crate) use kinds::each_change;
pub use log::{LogEntry, LogKind, LogRead};
pub use map::{EncounterTables, Ground, MapPath, OnPath, Place, PlaceKind, Stretch};
pub use party::Party;
pub use player::Player;
pub use record::{Record, Stale};
pub use region::{Region, Weather, temperature_of};
pub use scene::{Scene, SceneMode};
pub use table::{DiceText, SUGGESTED, TableDef, TableRowDef, TableUse, uses_of as uses_of_table};
pub use travel::{Beyond, RoundStep, Travel, TravelRound, Ware};
pub use vehicle::{Vehicle, VehicleType};
pub use visibility::{Reader, SeenFilter, Shown, Visibility};
pub use words::{
    NaturalKey, and_list, capitalised, decimal, decimal_to, kg, natural, plural, signed,
    sort_by_name,
};
