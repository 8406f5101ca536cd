//! The one record mechanism: every kind of campaign record (the settings,
//! characters, parties, items, holdings, journeys, roll tables, places,
//! paths, travel rounds, wares, gathering sites and sessions, missions) is declared
//! once as a [`Record`]: its id, where it lives in [`CampaignData`], the
//! [`Change`] that carries it, and its name for the Edit menu. Applying,
//! inverting, resolving against the current data (here) and writing to the
//! file (`crate::store`) are written once, for every kind, through
//! [`each_change!`](crate::model::each_change).

use super::{
    CampaignData, Change, Character, CharacterId, GatheringSession, Holding, HoldingId, Item,
    ItemId, Journey, JourneyId, LogEntry, LogId, MapPath, MapPathId, Mission, MissionId, Party,
    PartyId, Place, PlaceId, SessionId, Settings, Site, SiteId, TableDef, TableId, TravelRound,
    TravelRoundId, Ware, WareId,
};
use std::fmt::Debug;

/// A kind of record of a campaign.
pub trait Record: Clone + PartialEq + Debug {
    type Id: Copy + Ord + Debug;
    /// The kind as the GM reads it in a message ("character").
    const KIND: &'static str;
    fn id(&self) -> Self::Id;
    /// The record with this id in the campaign, if there is one.
    fn get(data: &CampaignData, id: Self::Id) -> Option<&Self>;
    /// Puts the record with this id in place (or removes it with `None`).
    fn put(data: &mut CampaignData, id: Self::Id, record: Option<Self>);
    /// The change from `before` to `after` of one record of this kind.
    fn change(before: Option<Self>, after: Option<Self>) -> Change;
    /// How an edit of it is named: "Change {what} of {title}".
    fn title(&self) -> Option<String>;
}

/// Calls `$body` for a change with its record type as `$R` and its states as
/// `$before` and `$after` (`Option<&$R>`): the one place that lists the kinds
/// of [`Change`], so code over changes is written once for all of them.
macro_rules! each_change {
    ($change:expr, |$R:ident, $before:ident, $after:ident| $body:expr) => {{
        use $crate::model::Change as C;
        match $change {
            C::Settings { before, after } => {
                type $R = $crate::model::Settings;
                let ($before, $after): (Option<&$R>, Option<&$R>) = (Some(before), Some(after));
                $body
            }
            C::Character { before, after } => {
                type $R = $crate::model::Character;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Party { before, after } => {
                type $R = $crate::model::Party;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Item { before, after } => {
                type $R = $crate::model::Item;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_ref(), after.as_ref());
                $body
            }
            C::Holding { before, after } => {
                type $R = $crate::model::Holding;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_ref(), after.as_ref());
                $body
            }
            C::Journey { before, after } => {
                type $R = $crate::model::Journey;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Table { before, after } => {
                type $R = $crate::model::TableDef;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_ref(), after.as_ref());
                $body
            }
            C::Place { before, after } => {
                type $R = $crate::model::Place;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_ref(), after.as_ref());
                $body
            }
            C::Path { before, after } => {
                type $R = $crate::model::MapPath;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_ref(), after.as_ref());
                $body
            }
            C::Round { before, after } => {
                type $R = $crate::model::TravelRound;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Ware { before, after } => {
                type $R = $crate::model::Ware;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_ref(), after.as_ref());
                $body
            }
            C::Site { before, after } => {
                type $R = $crate::model::Site;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Session { before, after } => {
                type $R = $crate::model::GatheringSession;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Mission { before, after } => {
                type $R = $crate::model::Mission;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Log { before, after } => {
                type $R = $crate::model::LogEntry;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Scene { before, after } => {
                type $R = $crate::model::Scene;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
            C::Cult { before, after } => {
                type $R = $crate::model::Cult;
                let ($before, $after): (Option<&$R>, Option<&$R>) =
                    (before.as_deref(), after.as_deref());
                $body
            }
        }
    }};
}
pub(crate) use each_change;

/// Why a change could not be applied to the campaign as it is now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {kind} to be removed is no longer there (id {id})")]
pub struct Stale {
    pub kind: &'static str,
    pub id: String,
}

/// The id a change is about: its record's after, else its before.
fn change_id<R: Record>(before: Option<&R>, after: Option<&R>) -> Option<R::Id> {
    after.or(before).map(Record::id)
}

impl Change {
    /// The change that takes this one back.
    pub fn inverse(&self) -> Change {
        each_change!(self, |R, before, after| R::change(
            after.cloned(),
            before.cloned()
        ))
    }

    /// This change with its `before` read from `data` as it is now: the
    /// state it replaces comes from the campaign, never from a screen's copy.
    /// Refused when it removes a record that is not there.
    pub fn resolve(&self, data: &CampaignData) -> Result<Change, Stale> {
        each_change!(self, |R, before, after| {
            let Some(id) = change_id(before, after) else {
                return Ok(self.clone());
            };
            let current = R::get(data, id).cloned();
            if after.is_none() && current.is_none() {
                return Err(Stale {
                    kind: R::KIND,
                    id: format!("{id:?}"),
                });
            }
            Ok(R::change(current, after.cloned()))
        })
    }
}

impl CampaignData {
    /// Applies one change to the data in memory.
    pub fn apply(&mut self, change: &Change) {
        self.revision += 1;
        each_change!(change, |R, before, after| {
            if let Some(id) = change_id(before, after) {
                R::put(self, id, after.cloned());
            }
        })
    }
}

impl Record for Settings {
    type Id = ();
    const KIND: &'static str = "campaign settings";
    fn id(&self) {}
    fn get(data: &CampaignData, _: ()) -> Option<&Self> {
        Some(&data.settings)
    }
    fn put(data: &mut CampaignData, _: (), record: Option<Self>) {
        // The settings are never removed, only changed.
        if let Some(settings) = record {
            data.settings = settings;
        }
    }
    fn change(before: Option<Self>, after: Option<Self>) -> Change {
        let after = after.or_else(|| before.clone()).unwrap_or_default();
        let before = before.unwrap_or_else(|| after.clone());
        Change::Settings { before, after }
    }
    fn title(&self) -> Option<String> {
        None
    }
}

/// A record kept in one of the campaign's maps by its typed id.
macro_rules! keyed_record {
    ($ty:ty, $id:ty, $kind:literal, $field:ident, $variant:ident, $wrap:expr, $title:expr) => {
        impl Record for $ty {
            type Id = $id;
            const KIND: &'static str = $kind;
            fn id(&self) -> $id {
                self.id
            }
            fn get(data: &CampaignData, id: $id) -> Option<&Self> {
                data.$field.get(&id)
            }
            fn put(data: &mut CampaignData, id: $id, record: Option<Self>) {
                match record {
                    Some(record) => {
                        data.$field.insert(id, record);
                    }
                    None => {
                        data.$field.remove(&id);
                    }
                }
            }
            fn change(before: Option<Self>, after: Option<Self>) -> Change {
                let wrap = $wrap;
                Change::$variant {
                    before: before.map(wrap),
                    after: after.map(wrap),
                }
            }
            fn title(&self) -> Option<String> {
                let title: fn(&Self) -> String = $title;
                Some(title(self))
            }
        }
    };
}

keyed_record!(
    Character,
    CharacterId,
    "character",
    characters,
    Character,
    Box::new,
    |c| c.name.clone()
);
keyed_record!(Party, PartyId, "party", parties, Party, Box::new, |p| p
    .name
    .clone());
keyed_record!(
    Item,
    ItemId,
    "item",
    items,
    Item,
    std::convert::identity,
    |i| i.name.clone()
);
keyed_record!(
    Holding,
    HoldingId,
    "stack",
    holdings,
    Holding,
    std::convert::identity,
    |h| format!("stack {}", h.id.0)
);
keyed_record!(
    Journey,
    JourneyId,
    "journey",
    journeys,
    Journey,
    Box::new,
    |j| j.name.clone()
);
keyed_record!(
    TableDef,
    TableId,
    "table",
    tables,
    Table,
    std::convert::identity,
    |t| format!("table {}", t.name)
);
keyed_record!(
    Place,
    PlaceId,
    "place",
    places,
    Place,
    std::convert::identity,
    |p| p.name.clone()
);
keyed_record!(
    MapPath,
    MapPathId,
    "path",
    paths,
    Path,
    std::convert::identity,
    |p| format!("path {}", p.name)
);
keyed_record!(
    TravelRound,
    TravelRoundId,
    "travel round",
    rounds,
    Round,
    Box::new,
    |r| format!("travel round of day {}", r.day)
);
keyed_record!(
    Ware,
    WareId,
    "ware",
    wares,
    Ware,
    std::convert::identity,
    |w| w.name.clone()
);
keyed_record!(Site, SiteId, "gathering site", sites, Site, Box::new, |s| s
    .name
    .clone());
keyed_record!(
    GatheringSession,
    SessionId,
    "gathering session",
    sessions,
    Session,
    Box::new,
    |s| format!("gathering session of day {}", s.start.day)
);
keyed_record!(
    Mission,
    MissionId,
    "mission",
    missions,
    Mission,
    Box::new,
    |m| m.name.clone()
);
keyed_record!(LogEntry, LogId, "log entry", log, Log, Box::new, |e| e
    .why
    .clone());
keyed_record!(
    super::Scene,
    super::SceneId,
    "scene",
    scenes,
    Scene,
    Box::new,
    |s| s.name.clone()
);
keyed_record!(
    super::Cult,
    super::CultId,
    "cult",
    cults,
    Cult,
    Box::new,
    |c| c.god.clone()
);
