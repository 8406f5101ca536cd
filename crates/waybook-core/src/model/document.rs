//! The whole campaign as one JSON document, for `waybook export --format
//! json` and `waybook import`: every record of every kind in id order, with
//! the format's name and version, written the same way every time (export,
//! import and export again give the same bytes). Reading one checks it as
//! the app checks what the GM types: the limits of every value, that ids are
//! unique, that what a record names exists and that no text of no party
//! is shown to "the party" (`model::partyless`), and says where in the
//! file the first fault is (`characters[3].companion.xp: must be between 0
//! and 9999`).

use super::kinds::record_kinds;
use super::validate::{self, Place};
use super::{CampaignData, Change, Holder, Settings, limits};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The `format` of a Waybook campaign export.
pub const FORMAT: &str = "waybook-campaign";
/// The newest format version this build writes and reads. Version 2 added
/// the map, the travel log and the merchant table, version 3 gathering
/// sites and sessions, version 4 missions, advances as records, memories
/// the campaign log and scenes, version 5 cults, the scenes' fights and
/// characters' senses, version 6 characters' own food need, version 7 the
/// campaign's switch for food and drink counted apart, version 8 what a
/// log entry did in words, the scenes' priority and tested heroes, the
/// gathering log's kinds of test and a gatherer's working without the
/// tool, version 9 whether a roll table is Waybook's suggestion, version 10
/// the campaign's calendar (an older file has the Gregorian one), version
/// 11 regions and their weather day by day and the GM's calendar events,
/// version 12 the campaign's house rules (travel methods, enemy tiers),
/// regions' and paths' encounter tables and places' merchant tables,
/// version 13 who may see each text the GM writes (notes, places, paths,
/// sites, events, missions, log entries, journey plans), version 14 the
/// players as records (`old_documents` reads the names older files give),
/// the parties a log entry belongs to, paths' stretches in other regions,
/// and the calendar's weekdays counted from year 1, version 15 festivals
/// only in leap years and a leap rule that adds no month's day, version 16
/// festivals of several days (opening the year, in the week), a leap day
/// lengthening a festival, weeks starting again each month, eras, and
/// moons' phases on a date, version 17 moons starting their cycle again
/// each leap year or every N years, version 18 each party's own present
/// (`parties[].now`), version 19 animals (`characters[].animal`), the
/// house rules' animal types, fodder and grazing; an older file reads with
/// none of them (and its
/// advances' text read as records where they can be; its parties at its
/// clock).
pub const VERSION: u32 = 19;

/// The document's struct, [`Document::of`], [`Document::changes`] and the
/// check that ids are unique, from the table of kinds: a list per kind, in
/// the table's order (an order the file's references allow).
macro_rules! declare_document {
    ([] $($variant:ident $field:ident : $ty:ident ($id:ident) $held:ident $kind:literal
        since $since:literal stored $stored:tt titled $title:expr;)*) => {
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Document {
            pub format: String,
            pub version: u32,
            pub settings: Settings,
            $(
                #[serde(default)]
                pub $field: Vec<super::$ty>,
            )*
        }

        /// Each list of the document, and the format version that brought it.
        const LISTS: &[(&str, u32)] = &[$((stringify!($field), $since)),*];

        impl Document {
            /// The campaign as a document, every list in id order.
            pub fn of(data: &CampaignData) -> Self {
                Self {
                    format: FORMAT.to_owned(),
                    version: VERSION,
                    settings: data.settings.clone(),
                    $($field: data.$field.values().cloned().collect(),)*
                }
            }

            /// The changes that create every record of the document in an
            /// empty campaign, in an order the file's references allow.
            pub fn changes(&self) -> Vec<Change> {
                let mut changes = vec![Change::of(None, Some(&self.settings))];
                $(changes.extend(self.$field.iter().map(|r| Change::of(None, Some(r))));)*
                changes
            }

            /// No two records of a kind share an id.
            fn check_unique(&self) -> Result<(), DocumentError> {
                $(unique(stringify!($field), self.$field.iter().map(|r| r.id))?;)*
                Ok(())
            }
        }
    };
}

record_kinds!(declare_document, []);

/// Why a document was refused: one line, naming the place in the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    #[error("{0}")]
    Unreadable(String),
    #[error("format: “{0}” is not a Waybook campaign export (“{FORMAT}”)")]
    Format(String),
    #[error(
        "version: {0} was written by a newer Waybook (this Waybook reads up to version {VERSION}); update Waybook to import it"
    )]
    Newer(u32),
    #[error("{at}: {message}")]
    Field { at: String, message: String },
}

/// Plain data of known types as pretty JSON with a final newline, written
/// the same way every time (serialising it cannot fail).
pub(crate) fn pretty_json<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

/// Why a versioned JSON file of Waybook's (an export, a pack) was refused
/// before its fields were read.
pub(crate) enum Envelope {
    Unreadable(String),
    /// The `format` it names instead ("" when none).
    Format(String),
    /// The newer version it was written in.
    Newer(u64),
}

/// The JSON of `text`, once it names `format` and no version newer than
/// `version`.
pub(crate) fn envelope(
    text: &str,
    format: &str,
    version: u32,
) -> Result<serde_json::Value, Envelope> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Envelope::Unreadable(format!("not JSON: {e}")))?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(f) if f == format => {}
        other => return Err(Envelope::Format(other.unwrap_or("").to_owned())),
    }
    if let Some(found) = value.get("version").and_then(serde_json::Value::as_u64)
        && found > u64::from(version)
    {
        return Err(Envelope::Newer(found));
    }
    Ok(value)
}

fn field(at: String, message: impl Into<String>) -> DocumentError {
    DocumentError::Field {
        at,
        message: message.into(),
    }
}

impl Document {
    pub fn to_json(&self) -> String {
        pretty_json(self)
    }

    /// Reads and checks a document; refused with the place of its first fault.
    pub fn parse(text: &str) -> Result<Self, DocumentError> {
        let mut value = envelope(text, FORMAT, VERSION).map_err(|e| match e {
            Envelope::Unreadable(why) => DocumentError::Unreadable(why),
            Envelope::Format(found) => DocumentError::Format(found),
            Envelope::Newer(version) => {
                DocumentError::Newer(u32::try_from(version).unwrap_or(u32::MAX))
            }
        })?;
        // The lists of version 1 are in every export; later ones default
        // to empty for files written before them.
        for (list, since) in LISTS {
            if *since == 1 && value.get(list).is_none() {
                return Err(field(
                    (*list).to_owned(),
                    "missing: this is not a whole export",
                ));
            }
        }
        let version = value.get("version").and_then(serde_json::Value::as_u64);
        super::old_documents::upgrade(&mut value, version.unwrap_or(u64::from(VERSION)));
        let document: Document = serde_path_to_error::deserialize(value).map_err(|e| {
            let at = e.path().to_string();
            field(at, e.into_inner().to_string())
        })?;
        document.check()?;
        Ok(document)
    }

    /// The campaign the document holds.
    pub fn data(&self) -> CampaignData {
        let mut data = CampaignData::new(self.settings.clone());
        for change in self.changes() {
            data.apply(&change);
        }
        data.revision = 0;
        data
    }

    fn check(&self) -> Result<(), DocumentError> {
        self.check_unique()?;
        self.check_references()?;
        self.check_animals()?;
        // A text of no party marked "the party" would be shown to nobody.
        if let Some((at, why)) = super::partyless::first_in_document(
            &self.events,
            &self.places,
            &self.paths,
            &self.sites,
        ) {
            return Err(field(at, why));
        }
        self.settings
            .calendar
            .check()
            .map_err(|e| field("settings.calendar".to_owned(), e.to_string()))?;
        if let Some(problem) = validate::problems(&self.data()).into_iter().next() {
            let record = match problem.place {
                Place::Settings => "settings".to_owned(),
                Place::Party(id) => index("parties", self.parties.iter().map(|p| p.id.0), id),
                Place::Item(id) => index("items", self.items.iter().map(|i| i.id.0), id),
                Place::Holding(id) => index("holdings", self.holdings.iter().map(|h| h.id.0), id),
                Place::Character(id) => {
                    index("characters", self.characters.iter().map(|c| c.id.0), id)
                }
                Place::Place(id) => index("places", self.places.iter().map(|p| p.id.0), id),
                Place::Path(id) => index("paths", self.paths.iter().map(|p| p.id.0), id),
                Place::Ware(id) => index("wares", self.wares.iter().map(|w| w.id.0), id),
                Place::Region(id) => index("regions", self.regions.iter().map(|r| r.id.0), id),
                Place::Journey(id) => index("journeys", self.journeys.iter().map(|j| j.id.0), id),
                Place::Log(id) => index("log", self.log.iter().map(|e| e.id.0), id),
                Place::Weather(id) => index("weather", self.weather.iter().map(|w| w.id.0), id),
            };
            return Err(field(format!("{record}.{}", problem.path), problem.rule()));
        }
        Ok(())
    }

    /// Every animal is of a type of the house rules, and its rider is one
    /// other member of its party, who is not an animal and rides no other.
    fn check_animals(&self) -> Result<(), DocumentError> {
        let by_id: std::collections::BTreeMap<_, _> =
            self.characters.iter().map(|c| (c.id, c)).collect();
        let mut riders = BTreeSet::new();
        for (i, c) in self.characters.iter().enumerate() {
            let at = |what: &str| format!("characters[{i}].{what}");
            let Some(animal) = &c.animal else {
                if c.is_animal() {
                    return Err(field(at("animal"), "missing: an animal has a type"));
                }
                continue;
            };
            if !c.is_animal() {
                return Err(field(at("animal"), "only an animal has a type and a rider"));
            }
            if self
                .settings
                .house_rules
                .animal_type(&animal.breed)
                .is_none()
            {
                return Err(field(
                    at("animal.type"),
                    format!(
                        "there is no animal type \"{}\" in the house rules",
                        animal.breed
                    ),
                ));
            }
            let Some(rider) = animal.rider else { continue };
            let why = match by_id.get(&rider) {
                None => Some(format!("there is no character {} in the file", rider.0)),
                Some(r) if r.is_animal() => Some(format!("{} is an animal", r.name)),
                Some(r) if r.party != c.party || r.party.is_none() => {
                    Some(format!("{} is not in {}'s party", r.name, c.name))
                }
                Some(r) if !riders.insert(rider) => Some(format!("{} rides another", r.name)),
                Some(_) => None,
            };
            if let Some(why) = why {
                return Err(field(at("animal.rider"), why));
            }
        }
        self.check_vehicles(&by_id)
    }

    /// Every vehicle is of a type of the house rules, of a party in the
    /// file, drawn by animals of its party that draw no other.
    fn check_vehicles(
        &self,
        by_id: &std::collections::BTreeMap<super::CharacterId, &super::Character>,
    ) -> Result<(), DocumentError> {
        let parties: BTreeSet<_> = self.parties.iter().map(|p| p.id).collect();
        let mut drawing = BTreeSet::new();
        for (i, v) in self.vehicles.iter().enumerate() {
            let at = |what: &str| format!("vehicles[{i}].{what}");
            if self.settings.house_rules.vehicle_type(&v.breed).is_none() {
                return Err(field(
                    at("type"),
                    format!(
                        "there is no vehicle type \"{}\" in the house rules",
                        v.breed
                    ),
                ));
            }
            if let Some(p) = v.party.filter(|p| !parties.contains(p)) {
                return Err(field(
                    at("party"),
                    format!("there is no party {} in the file", p.0),
                ));
            }
            for (j, a) in v.team.iter().enumerate() {
                let why = match by_id.get(a) {
                    None => Some(format!("there is no character {} in the file", a.0)),
                    Some(c) if !c.is_animal() => Some(format!("{} is not an animal", c.name)),
                    Some(c) if c.party != v.party || c.party.is_none() => {
                        Some(format!("{} is not in {}'s party", c.name, v.name))
                    }
                    Some(c) if !drawing.insert(*a) => {
                        Some(format!("{} draws another vehicle", c.name))
                    }
                    Some(_) => None,
                };
                if let Some(why) = why {
                    return Err(field(at(&format!("team[{j}]")), why));
                }
            }
        }
        Ok(())
    }

    /// Every party, item and character a record names is in the file.
    fn check_references(&self) -> Result<(), DocumentError> {
        let parties: BTreeSet<_> = self.parties.iter().map(|p| p.id).collect();
        let items: BTreeSet<_> = self.items.iter().map(|i| i.id).collect();
        let characters: BTreeSet<_> = self.characters.iter().map(|c| c.id).collect();
        let missing = |list: &str, i: usize, what: &str, id: i64| {
            field(
                format!("{list}[{i}].{what}"),
                format!("there is no {what} {id} in the file"),
            )
        };
        let cults: BTreeSet<_> = self.cults.iter().map(|c| c.id).collect();
        for (i, scene) in self.scenes.iter().enumerate() {
            if let Some(p) = scene.party.filter(|p| !parties.contains(p)) {
                return Err(missing("scenes", i, "party", p.0));
            }
            if let Some(c) = scene
                .enemies
                .iter()
                .find_map(|e| e.cult.filter(|c| !cults.contains(c)))
            {
                return Err(missing("scenes", i, "cult", c.0));
            }
        }
        let players: BTreeSet<_> = self.players.iter().map(|p| p.id).collect();
        for (i, c) in self.characters.iter().enumerate() {
            if let Some(p) = c.party.filter(|p| !parties.contains(p)) {
                return Err(missing("characters", i, "party", p.0));
            }
            if let Some(p) = c.player.filter(|p| !players.contains(p)) {
                return Err(missing("characters", i, "player", p.0));
            }
        }
        for (i, h) in self.holdings.iter().enumerate() {
            if !items.contains(&h.item) {
                return Err(missing("holdings", i, "item", h.item.0));
            }
            match h.holder {
                Holder::Character(c) if !characters.contains(&c) => {
                    return Err(missing("holdings", i, "holder", c.0));
                }
                Holder::Stash(p) if !parties.contains(&p) => {
                    return Err(missing("holdings", i, "holder", p.0));
                }
                Holder::Vehicle(v) if !self.vehicles.iter().any(|r| r.id == v) => {
                    return Err(missing("holdings", i, "holder", v.0));
                }
                _ => {}
            }
        }
        for (i, j) in self.journeys.iter().enumerate() {
            if !parties.contains(&j.party) {
                return Err(missing("journeys", i, "party", j.party.0));
            }
        }
        for (i, m) in self.missions.iter().enumerate() {
            if let Some(a) = m.awards.iter().find(|a| !characters.contains(&a.character)) {
                return Err(missing("missions", i, "character", a.character.0));
            }
        }
        self.check_map_references(&parties, &items)
    }

    /// Every place, path, party and item the map, the log and the merchant
    /// table name is in the file.
    fn check_map_references(
        &self,
        parties: &BTreeSet<super::PartyId>,
        items: &BTreeSet<super::ItemId>,
    ) -> Result<(), DocumentError> {
        let places: BTreeSet<_> = self.places.iter().map(|p| p.id.0).collect();
        let paths: BTreeSet<_> = self.paths.iter().map(|p| p.id.0).collect();
        let missing = |at: String, what: &str, id: i64| {
            field(at, format!("there is no {what} {id} in the file"))
        };
        let place = |at: String, id: super::PlaceId| {
            if places.contains(&id.0) {
                Ok(())
            } else {
                Err(missing(at, "place", id.0))
            }
        };
        let path = |at: String, id: super::MapPathId| {
            if paths.contains(&id.0) {
                Ok(())
            } else {
                Err(missing(at, "path", id.0))
            }
        };
        for (i, p) in self.paths.iter().enumerate() {
            place(format!("paths[{i}].from"), p.from)?;
            place(format!("paths[{i}].to"), p.to)?;
        }
        for (i, p) in self.parties.iter().enumerate() {
            if let Some(at) = p.travel.place {
                place(format!("parties[{i}].travel.place"), at)?;
            }
            if let Some(on) = &p.travel.on_path {
                path(format!("parties[{i}].travel.on_path.path"), on.path)?;
                place(format!("parties[{i}].travel.on_path.toward"), on.toward)?;
                place(format!("parties[{i}].travel.on_path.from"), on.from)?;
            }
            if let Some(beyond) = &p.travel.beyond {
                place(format!("parties[{i}].travel.beyond.from"), beyond.from)?;
                if let Some(toward) = beyond.toward {
                    place(format!("parties[{i}].travel.beyond.toward"), toward)?;
                }
            }
        }
        // A round of the log may outlive the path and places it names (the
        // GM redraws the map); it belongs to its party.
        for (i, r) in self.rounds.iter().enumerate() {
            if !parties.contains(&r.party) {
                return Err(missing(format!("rounds[{i}].party"), "party", r.party.0));
            }
        }
        for (i, w) in self.wares.iter().enumerate() {
            if let Some(item) = w.item.filter(|item| !items.contains(item)) {
                return Err(missing(format!("wares[{i}].item"), "item", item.0));
            }
        }
        self.check_region_references()
    }

    /// Every region a place, a path, a journey's leg and a day's weather
    /// names is in the file, and each weather's id is its region's and day's.
    fn check_region_references(&self) -> Result<(), DocumentError> {
        let regions: BTreeSet<_> = self.regions.iter().map(|r| r.id).collect();
        let check = |at: String, region: Option<super::RegionId>| match region {
            Some(r) if !regions.contains(&r) => {
                Err(field(at, format!("there is no region {} in the file", r.0)))
            }
            _ => Ok(()),
        };
        for (i, p) in self.places.iter().enumerate() {
            check(format!("places[{i}].region"), p.region)?;
        }
        for (i, p) in self.paths.iter().enumerate() {
            check(format!("paths[{i}].region"), p.region)?;
        }
        for (i, j) in self.journeys.iter().enumerate() {
            for (r, route) in j.plan.routes.iter().enumerate() {
                for (l, leg) in route.legs.iter().enumerate() {
                    check(
                        format!("journeys[{i}].plan.routes[{r}].legs[{l}].region"),
                        leg.region,
                    )?;
                }
            }
        }
        for (i, w) in self.weather.iter().enumerate() {
            check(format!("weather[{i}].region"), Some(w.region))?;
            if !limits::CLOCK_DAY.contains(&w.day) {
                return Err(field(
                    format!("weather[{i}].day"),
                    format!(
                        "must be between {} and {}",
                        limits::CLOCK_DAY.start(),
                        limits::CLOCK_DAY.end()
                    ),
                ));
            }
            if w.id != super::WeatherId::of(w.region, w.day) {
                return Err(field(
                    format!("weather[{i}].id"),
                    format!(
                        "must be {}, made of its region and day",
                        super::WeatherId::of(w.region, w.day).0
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// `list[i]` for the record with `id`.
fn index(list: &str, mut ids: impl Iterator<Item = i64>, id: i64) -> String {
    let i = ids.position(|x| x == id).unwrap_or(0);
    format!("{list}[{i}]")
}

fn unique<T: Ord + Copy + std::fmt::Debug>(
    list: &str,
    ids: impl Iterator<Item = T>,
) -> Result<(), DocumentError> {
    let mut seen = BTreeSet::new();
    for (i, id) in ids.enumerate() {
        if !seen.insert(id) {
            return Err(field(
                format!("{list}[{i}].id"),
                format!("{id:?} is used twice"),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Character, CharacterId, CharacterKind, Party, PartyId};

    fn small() -> CampaignData {
        let mut data = CampaignData::new(Settings::new("Small"));
        let party = Party {
            supplies: 3,
            ..Party::new(PartyId(1), "Two", crate::model::ClockTime::START)
        };
        data.apply(&Change::of(None, Some(&party)));
        let mut ana = Character::new(CharacterId(1), "Ana", CharacterKind::Hero);
        ana.party = Some(party.id);
        data.apply(&Change::of(None, Some(&ana)));
        data
    }

    #[test]
    fn a_document_reads_back_as_the_campaign_it_was_made_of() {
        let data = small();
        let text = Document::of(&data).to_json();
        let back = Document::parse(&text).expect("reads back");
        assert_eq!(back.data().characters, data.characters);
        assert_eq!(back.to_json(), text, "the same bytes again");
    }

    #[test]
    fn a_value_out_of_its_limits_is_refused_with_its_place() {
        let text = Document::of(&small())
            .to_json()
            .replace("\"xp\": 0", "\"xp\": -1");
        assert_eq!(
            Document::parse(&text).expect_err("refused").to_string(),
            "characters[0].companion.xp: must be between 0 and 9999"
        );
        let text = Document::of(&small())
            .to_json()
            .replace("\"party\": 1", "\"party\": 7");
        assert_eq!(
            Document::parse(&text).expect_err("refused").to_string(),
            "characters[0].party: there is no party 7 in the file"
        );
        let no_weeks = Document::of(&small())
            .to_json()
            .replace("\"Monday\",", "")
            .replace("\"Tuesday\",", "")
            .replace("\"Wednesday\",", "")
            .replace("\"Thursday\",", "")
            .replace("\"Friday\",", "")
            .replace("\"Saturday\",", "")
            .replace("\"Sunday\"", "");
        assert_eq!(
            Document::parse(&no_weeks).expect_err("refused").to_string(),
            "settings.calendar: a calendar needs at least one weekday"
        );
        let newer = Document::of(&small()).to_json().replace(
            &format!("\"version\": {VERSION}"),
            &format!("\"version\": {}", VERSION + 1),
        );
        assert!(matches!(
            Document::parse(&newer),
            Err(DocumentError::Newer(v)) if v == VERSION + 1
        ));
        assert!(matches!(
            Document::parse("{\"format\": \"other\"}"),
            Err(DocumentError::Format(_))
        ));
        let typed = Document::of(&small())
            .to_json()
            .replace("\"xp\": 0", "\"xp\": \"lots\"");
        let said = Document::parse(&typed).expect_err("refused").to_string();
        assert!(said.starts_with("characters[0].companion.xp: "), "{said}");
    }

    /// A region and one day of its weather round-trip; a weather whose id
    /// is not its region's and day's, or a place in a region not in the
    /// file, is refused at its place.
    #[test]
    fn regions_and_their_weather_round_trip_and_are_checked() {
        use crate::model::{Region, RegionId, Weather, WeatherId};
        let mut data = small();
        let region = Region::new(RegionId(3), "Fen");
        let weather = Weather {
            id: WeatherId::of(region.id, 5),
            region: region.id,
            day: 5,
            weather: "Mist".into(),
            rolled: "d6 = 2".into(),
            foretold: false,
        };
        data.apply(&Change::of(None, Some(&region)));
        data.apply(&Change::of(None, Some(&weather)));
        let text = Document::of(&data).to_json();
        let back = Document::parse(&text).expect("reads back").data();
        assert_eq!(back.weather_on(region.id, 5), Some(&weather));
        let moved = text.replace("\"day\": 5,", "\"day\": 6,");
        assert_eq!(
            Document::parse(&moved).expect_err("refused").to_string(),
            "weather[0].id: must be 30000006, made of its region and day"
        );
        let elsewhere = text.replace("\"region\": 3,", "\"region\": 4,");
        assert_eq!(
            Document::parse(&elsewhere)
                .expect_err("refused")
                .to_string(),
            "weather[0].region: there is no region 4 in the file"
        );
    }

    /// Issue 50, item 27: an event belongs to no party, so "the party"
    /// would show it to nobody: refused at its place, with the reason and
    /// what to write instead; one shared with named players comes in.
    #[test]
    fn an_event_shown_to_the_party_is_refused_with_the_reason() {
        use crate::model::{CalendarEvent, EventId, Recurrence, Visibility};
        let mut data = small();
        let fair = CalendarEvent {
            id: EventId(1),
            name: "Fair".into(),
            notes: String::new(),
            when: Recurrence::Once { day: 3 },
            shown: Visibility::Players(Vec::new()),
        };
        data.apply(&Change::of(None, Some(&fair)));
        let mut value: serde_json::Value =
            serde_json::from_str(&Document::of(&data).to_json()).expect("JSON");
        value["events"][0]["shown"] = "party".into();
        let said = Document::parse(&value.to_string())
            .expect_err("refused")
            .to_string();
        assert_eq!(
            said,
            "events[0].shown: “party” shares a text with the players of the party it belongs to, and a calendar event belongs to no party, so no player would see it: name its players ({\"players\": [1, 2]}) or leave “shown” out to keep it the GM's"
        );
        value["events"][0]["shown"] = serde_json::json!({"players": []});
        assert!(Document::parse(&value.to_string()).is_ok());
    }
}
