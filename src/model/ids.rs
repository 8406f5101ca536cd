//! Typed ids, one per table, so a party id can never be passed for a character.

use serde::{Deserialize, Serialize};

macro_rules! typed_id {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub struct $name(pub i64);
    )*};
}

typed_id!(
    /// A row of the `character` table.
    CharacterId,
    /// A row of the `party` table.
    PartyId,
    /// A row of the item catalogue.
    ItemId,
    /// A stack of one item held by a character or a party stash.
    HoldingId,
    /// A journey of a party.
    JourneyId,
    /// One of the GM's roll tables.
    TableId,
    /// A place on the map.
    PlaceId,
    /// A path between two places.
    MapPathId,
    /// A travel round in the travel log.
    TravelRoundId,
    /// A ware of the merchant table.
    WareId,
    /// A gathering site.
    SiteId,
    /// A gathering session in the gathering log.
    SessionId,
    /// A finished mission and its XP awards.
    MissionId,
    /// An entry of the campaign log.
    LogId,
    /// A scene run at the table.
    SceneId,
    /// A lesser god's bright and dark cults.
    CultId,
);
