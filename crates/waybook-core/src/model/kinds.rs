//! The one table of the campaign's record kinds. Each row declares a kind
//! once: the [`Change`](crate::model::Change) variant that carries it, its
//! field in [`CampaignData`](crate::model::CampaignData) and in the JSON
//! document, its type and typed id, whether its changes box it, its name in
//! messages, the document version that brought it, where the file keeps
//! it, and how the Edit menu names an edit of one. From the table come the
//! ids, the `Change` enum and [`each_change!`](crate::model::each_change),
//! the `Record` impls and `CampaignData` itself (here), the document's
//! lists (`document.rs`) and the store's `Stored` and `Body` impls and its
//! loading (`crate::store`), as Rerun's `re_types` derives each component
//! from one declaration.
//!
//! Adding a kind is a type, a row here and a migration (README: "Adding a
//! kind of record"); `tests/kinds.rs` fails when a row's kind is not
//! stored, exported or undone.

/// Calls `$callback!` with the table's rows after `[$args]`. A row reads
/// `Variant field: Type(Id) boxed|plain "kind" since N stored(...) titled |r| ...;`
/// where `stored` is `repo module: put delete load` (a repository of its
/// own), `beside module: put delete load` (read on a second connection as
/// the rest loads) or `body "table"` (one JSON body per row).
macro_rules! record_kinds {
    (@each [$($args:tt)*]) => {
        $crate::model::kinds::record_kinds! { @rows $crate::model::kinds::each_change_arms, [$($args)*] }
    };
    ($callback:ident, [$($args:tt)*]) => {
        $crate::model::kinds::record_kinds! { @rows $callback, [$($args)*] }
    };
    (@rows $($callback:ident)::+, [$($args:tt)*]) => {
        $($callback)::+! { [$($args)*]
            Player players: Player(PlayerId) plain "player" since 14
                stored(body "player")
                titled |p| p.name.clone();
            Party parties: Party(PartyId) boxed "party" since 1
                stored(repo parties: put delete load)
                titled |p| p.name.clone();
            Item items: Item(ItemId) plain "item" since 1
                stored(repo items: put_item delete_item load_items)
                titled |i| i.name.clone();
            Character characters: Character(CharacterId) boxed "character" since 1
                stored(beside characters: put delete load)
                titled |c| c.name.clone();
            Vehicle vehicles: Vehicle(VehicleId) plain "vehicle" since 19
                stored(body "vehicle")
                titled |v| v.name.clone();
            Holding holdings: Holding(HoldingId) plain "stack" since 1
                stored(repo items: put_holding delete_holding load_holdings)
                titled |h| format!("stack {}", h.id.0);
            Journey journeys: Journey(JourneyId) boxed "journey" since 1
                stored(repo journeys: put delete load)
                titled |j| j.name.clone();
            Table tables: TableDef(TableId) plain "table" since 1
                stored(repo tables: put delete load)
                titled |t| format!("table {}", t.name);
            Region regions: Region(RegionId) plain "region" since 11
                stored(body "region")
                titled |r| r.name.clone();
            Place places: Place(PlaceId) plain "place" since 2
                stored(body "place")
                titled |p| p.name.clone();
            Path paths: MapPath(MapPathId) plain "path" since 2
                stored(body "map_path")
                titled |p| format!("path {}", p.name);
            Ware wares: Ware(WareId) plain "ware" since 2
                stored(body "ware")
                titled |w| w.name.clone();
            Round rounds: TravelRound(TravelRoundId) boxed "travel round" since 2
                stored(body "travel_round")
                titled |r| format!("travel round of day {}", r.day);
            Site sites: Site(SiteId) boxed "gathering site" since 3
                stored(body "gathering_site")
                titled |s| s.name.clone();
            Session sessions: GatheringSession(SessionId) boxed "gathering session" since 3
                stored(body "gathering_session")
                titled |s| format!("gathering session of day {}", s.start.day);
            Mission missions: Mission(MissionId) boxed "mission" since 4
                stored(body "mission")
                titled |m| m.name.clone();
            Log log: LogEntry(LogId) boxed "log entry" since 4
                stored(body "log_entry")
                titled |e| e.why.clone();
            Scene scenes: Scene(SceneId) boxed "scene" since 4
                stored(body "scene")
                titled |s| s.name.clone();
            Cult cults: Cult(CultId) boxed "cult" since 5
                stored(body "cult")
                titled |c| c.god.clone();
            Weather weather: Weather(WeatherId) plain "weather" since 11
                stored(body "weather")
                titled |w| format!("weather of day {}", w.day);
            Event events: CalendarEvent(EventId) plain "calendar event" since 11
                stored(body "calendar_event")
                titled |e| e.name.clone();
        }
    };
}
pub(crate) use record_kinds;

/// The type a change holds one of a kind's records in.
macro_rules! held {
    (boxed, $ty:ty) => { Box<$ty> };
    (plain, $ty:ty) => { $ty };
}
pub(crate) use held;

/// Puts a record into what a change holds.
macro_rules! hold {
    (boxed) => {
        Box::new
    };
    (plain) => {
        std::convert::identity
    };
}
pub(crate) use hold;

/// The typed ids, one per kind, so a party id can never be passed for a
/// character.
macro_rules! declare_ids {
    ([] $($variant:ident $field:ident : $ty:ident ($id:ident) $held:ident $kind:literal
        since $since:literal stored $stored:tt titled $title:expr;)*) => {$(
        #[doc = concat!("The id of a ", $kind, ".")]
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        pub struct $id(pub i64);
    )*};
}
pub(crate) use declare_ids;

/// The `Change` enum: the before and after of one record of any kind.
macro_rules! declare_change {
    ([] $($variant:ident $field:ident : $ty:ident ($id:ident) $held:ident $kind:literal
        since $since:literal stored $stored:tt titled $title:expr;)*) => {
        /// One record's before and after: its creation (no before), its
        /// change, or its removal (no after). The settings are always there.
        /// Kept in the file as JSON for the undo history.
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        pub enum Change {
            Settings {
                before: $crate::model::Settings,
                after: $crate::model::Settings,
            },
            $(
                #[doc = concat!("A ", $kind, ".")]
                $variant {
                    before: Option<$crate::model::kinds::held!($held, $crate::model::$ty)>,
                    after: Option<$crate::model::kinds::held!($held, $crate::model::$ty)>,
                },
            )*
        }

        /// Every kind of record, as messages name them: the kinds tests
        /// check are stored, exported and undone.
        pub const KINDS: &[&str] = &[$($kind),*];
    };
}
pub(crate) use declare_change;

/// `CampaignData`: the settings and a map per kind, by id.
macro_rules! declare_data {
    ([] $($variant:ident $field:ident : $ty:ident ($id:ident) $held:ident $kind:literal
        since $since:literal stored $stored:tt titled $title:expr;)*) => {
        #[derive(Debug, Clone, PartialEq)]
        pub struct CampaignData {
            pub settings: $crate::model::Settings,
            $(
                #[doc = concat!("Every ", $kind, " of the campaign, in id order.")]
                pub $field: std::collections::BTreeMap<$crate::model::$id, $crate::model::$ty>,
            )*
            /// The ids handed out since the campaign was opened.
            pub ids: IdMarks,
            /// Whether `log` holds the whole campaign log yet.
            pub log_read: $crate::model::LogRead,
            /// Bumped by every applied change, so views can cache derived lists.
            pub revision: u64,
        }

        impl CampaignData {
            /// A campaign with these settings and no records.
            pub fn new(settings: $crate::model::Settings) -> Self {
                Self {
                    settings,
                    $($field: std::collections::BTreeMap::new(),)*
                    ids: IdMarks::default(),
                    log_read: $crate::model::LogRead::Whole,
                    revision: 0,
                }
            }
        }
    };
}
pub(crate) use declare_data;

/// The `Record` impl of every kind.
macro_rules! declare_records {
    ([] $($variant:ident $field:ident : $ty:ident ($id:ident) $held:ident $kind:literal
        since $since:literal stored $stored:tt titled $title:expr;)*) => {$(
        impl Record for $crate::model::$ty {
            type Id = $crate::model::$id;
            const KIND: &'static str = $kind;
            fn id(&self) -> Self::Id {
                self.id
            }
            fn key(id: Self::Id) -> i64 {
                id.0
            }
            fn of_key(key: i64) -> Self::Id {
                $crate::model::$id(key)
            }
            fn get(data: &CampaignData, id: Self::Id) -> Option<&Self> {
                data.$field.get(&id)
            }
            fn last_key_below(data: &CampaignData, bound: i64) -> Option<i64> {
                data.$field.range(..$crate::model::$id(bound)).next_back().map(|(k, _)| k.0)
            }
            fn put(data: &mut CampaignData, id: Self::Id, record: Option<Self>) {
                match record {
                    Some(record) => {
                        data.ids.saw($kind, id.0);
                        data.$field.insert(id, record);
                    }
                    None => {
                        data.$field.remove(&id);
                    }
                }
            }
            fn change(before: Option<Self>, after: Option<Self>) -> Change {
                let hold = $crate::model::kinds::hold!($held);
                Change::$variant {
                    before: before.map(hold),
                    after: after.map(hold),
                }
            }
            fn title(&self) -> Option<String> {
                let title: fn(&Self) -> String = $title;
                Some(title(self))
            }
        }
    )*};
}
pub(crate) use declare_records;

/// The match of [`each_change!`](crate::model::each_change) over every kind.
macro_rules! each_change_arms {
    ([($change:expr) ($R:ident $before:ident $after:ident) ($body:expr)]
     $($variant:ident $field:ident : $ty:ident ($id:ident) $held:ident $kind:literal
        since $since:literal stored $stored:tt titled $title:expr;)*) => {{
        use std::borrow::Borrow as _;
        match $change {
            $crate::model::Change::Settings { before, after } => {
                type $R = $crate::model::Settings;
                let ($before, $after): (Option<&$R>, Option<&$R>) = (Some(before), Some(after));
                $body
            }
            $(
                $crate::model::Change::$variant { before, after } => {
                    type $R = $crate::model::$ty;
                    let ($before, $after): (Option<&$R>, Option<&$R>) = (
                        before.as_ref().map(|b| b.borrow()),
                        after.as_ref().map(|a| a.borrow()),
                    );
                    $body
                }
            )*
        }
    }};
}
pub(crate) use each_change_arms;

/// Calls `$body` for a change with its record type as `$R` and its states
/// as `$before` and `$after` (`Option<&$R>`), for every kind of the table:
/// code over changes is written once for all of them.
macro_rules! each_change {
    ($change:expr, |$R:ident, $before:ident, $after:ident| $body:expr) => {
        $crate::model::kinds::record_kinds!(@each [($change) ($R $before $after) ($body)])
    };
}
pub(crate) use each_change;
