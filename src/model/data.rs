//! The whole campaign in memory: what the screens read every frame.
//!
//! Loaded once when a campaign opens; every edit is applied to the file and
//! then here, so a screen never waits for the database.

use super::{
    Character, CharacterId, GatheringSession, Holder, Holding, HoldingId, Item, ItemId, Journey,
    JourneyId, MapPath, MapPathId, Party, PartyId, Place, PlaceId, SessionId, Settings, Site,
    SiteId, TableDef, TableId, TravelRound, TravelRoundId, Ware, WareId,
};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq)]
pub struct CampaignData {
    pub settings: Settings,
    pub characters: BTreeMap<CharacterId, Character>,
    pub parties: BTreeMap<PartyId, Party>,
    pub items: BTreeMap<ItemId, Item>,
    pub holdings: BTreeMap<HoldingId, Holding>,
    pub journeys: BTreeMap<JourneyId, Journey>,
    pub tables: BTreeMap<TableId, TableDef>,
    pub places: BTreeMap<PlaceId, Place>,
    pub paths: BTreeMap<MapPathId, MapPath>,
    /// The travel log, oldest first.
    pub rounds: BTreeMap<TravelRoundId, TravelRound>,
    /// The merchant table.
    pub wares: BTreeMap<WareId, Ware>,
    pub sites: BTreeMap<SiteId, Site>,
    /// The gathering log, oldest first.
    pub sessions: BTreeMap<SessionId, GatheringSession>,
    pub missions: BTreeMap<super::MissionId, super::Mission>,
    pub log: BTreeMap<super::LogId, super::LogEntry>,
    pub scenes: BTreeMap<super::SceneId, super::Scene>,
    pub cults: BTreeMap<super::CultId, super::Cult>,
    /// Bumped by every applied change, so views can cache derived lists.
    pub revision: u64,
}

/// Weight, food units and stacks carried by one holder or a whole party.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Totals {
    pub weight: f64,
    pub food_units: i64,
    pub stacks: usize,
}

impl CampaignData {
    pub fn new(settings: Settings) -> Self {
        Self {
            settings,
            characters: BTreeMap::new(),
            parties: BTreeMap::new(),
            items: BTreeMap::new(),
            holdings: BTreeMap::new(),
            journeys: BTreeMap::new(),
            tables: BTreeMap::new(),
            places: BTreeMap::new(),
            paths: BTreeMap::new(),
            rounds: BTreeMap::new(),
            wares: BTreeMap::new(),
            sites: BTreeMap::new(),
            sessions: BTreeMap::new(),
            missions: BTreeMap::new(),
            log: BTreeMap::new(),
            scenes: BTreeMap::new(),
            cults: BTreeMap::new(),
            revision: 0,
        }
    }

    pub fn holder_name(&self, holder: Holder) -> String {
        match holder {
            Holder::Character(id) => self
                .characters
                .get(&id)
                .map_or_else(|| "(missing character)".to_owned(), |c| c.name.clone()),
            Holder::Stash(id) => self.parties.get(&id).map_or_else(
                || "(missing party)".to_owned(),
                |p| format!("{} stash", p.name),
            ),
        }
    }

    pub fn holdings_of(&self, holder: Holder) -> impl Iterator<Item = &Holding> {
        self.holdings.values().filter(move |h| h.holder == holder)
    }

    pub fn members(&self, party: PartyId) -> impl Iterator<Item = &Character> {
        self.characters
            .values()
            .filter(move |c| c.party == Some(party))
    }

    pub fn totals_of(&self, holder: Holder) -> Totals {
        self.totals(self.holdings_of(holder))
    }

    /// The stash plus everything the party's members carry.
    pub fn party_totals(&self, party: PartyId) -> Totals {
        self.totals(self.holdings.values().filter(|h| {
            match h.holder {
                Holder::Stash(p) => p == party,
                Holder::Character(c) => self
                    .characters
                    .get(&c)
                    .is_some_and(|c| c.party == Some(party)),
            }
        }))
    }

    fn totals<'a>(&'a self, holdings: impl Iterator<Item = &'a Holding>) -> Totals {
        holdings.fold(Totals::default(), |mut t, h| {
            if let Some(item) = self.items.get(&h.item) {
                t.weight += item.weight * h.quantity as f64;
                if item.category.has_food_units() {
                    t.food_units += item.food_units * h.quantity;
                }
            }
            t.stacks += 1;
            t
        })
    }

    /// The smallest id not yet used in a table, for a record about to be created.
    pub fn next_character_id(&self) -> CharacterId {
        CharacterId(next_key(self.characters.keys().map(|k| k.0)))
    }
    pub fn next_party_id(&self) -> PartyId {
        PartyId(next_key(self.parties.keys().map(|k| k.0)))
    }
    pub fn next_item_id(&self) -> ItemId {
        ItemId(next_key(self.items.keys().map(|k| k.0)))
    }
    pub fn next_table_id(&self) -> TableId {
        TableId(next_key(self.tables.keys().map(|k| k.0)))
    }
    pub fn next_journey_id(&self) -> JourneyId {
        JourneyId(next_key(self.journeys.keys().map(|k| k.0)))
    }
    pub fn next_holding_id(&self) -> HoldingId {
        HoldingId(next_key(self.holdings.keys().map(|k| k.0)))
    }
    pub fn next_place_id(&self) -> PlaceId {
        PlaceId(next_key(self.places.keys().map(|k| k.0)))
    }
    pub fn next_path_id(&self) -> MapPathId {
        MapPathId(next_key(self.paths.keys().map(|k| k.0)))
    }
    pub fn next_round_id(&self) -> TravelRoundId {
        TravelRoundId(next_key(self.rounds.keys().map(|k| k.0)))
    }
    pub fn next_ware_id(&self) -> WareId {
        WareId(next_key(self.wares.keys().map(|k| k.0)))
    }
    pub fn next_site_id(&self) -> SiteId {
        SiteId(next_key(self.sites.keys().map(|k| k.0)))
    }
    pub fn next_session_id(&self) -> SessionId {
        SessionId(next_key(self.sessions.keys().map(|k| k.0)))
    }
    pub fn next_scene_id(&self) -> super::SceneId {
        super::SceneId(next_key(self.scenes.keys().map(|k| k.0)))
    }

    /// The campaign's roll table of that name ("injury", "xp-awards").
    pub fn table_named(&self, name: &str) -> Option<&super::TableDef> {
        self.tables.values().find(|t| t.name == name)
    }

    /// The map's places in natural name order.
    pub fn places_by_name(&self) -> Vec<&super::Place> {
        let mut places: Vec<_> = self.places.values().collect();
        super::sort_by_name(&mut places, |p| &p.name);
        places
    }

    pub fn next_cult_id(&self) -> super::CultId {
        super::CultId(next_key(self.cults.keys().map(|k| k.0)))
    }
    pub fn next_log_id(&self) -> super::LogId {
        super::LogId(next_key(self.log.keys().map(|k| k.0)))
    }
    pub fn next_mission_id(&self) -> super::MissionId {
        super::MissionId(next_key(self.missions.keys().map(|k| k.0)))
    }

    /// The paths that start or end at a place.
    pub fn paths_at(&self, place: PlaceId) -> impl Iterator<Item = &MapPath> {
        self.paths
            .values()
            .filter(move |p| p.other_end(place).is_some())
    }

    /// A party's travel round still being played, if one is.
    pub fn round_in_play(&self, party: PartyId) -> Option<&TravelRound> {
        self.rounds
            .values()
            .rev()
            .find(|r| r.party == party)
            .filter(|r| r.next != super::RoundStep::Done)
    }
}

fn next_key(keys: impl DoubleEndedIterator<Item = i64>) -> i64 {
    keys.last().map_or(1, |k| k + 1)
}
