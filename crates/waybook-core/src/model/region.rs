//! Regions of the world and the weather that fell on them. A region has a
//! climate, a weather table for each season (one of the campaign's roll
//! tables) and a chance that a day keeps yesterday's weather, so weather
//! comes in spells. Each place belongs to a region; a path to its own or
//! its start's. A region's weather is one record per day, its id made of
//! the region and the day, so a day has one weather and finding it is a
//! lookup.

use super::{CampaignData, MapPath, Place, RegionId, TableId, Temperature, WeatherId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A part of the world with its own weather.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Region {
    pub id: RegionId,
    pub name: String,
    /// "Cold mountain pass", "hot plain": what the GM reads at a glance.
    #[serde(default)]
    pub climate: String,
    #[serde(default)]
    pub notes: String,
    /// The weather table of each season, by the calendar's season name; a
    /// season without one rolls the campaign's weather table.
    #[serde(default)]
    pub tables: BTreeMap<String, TableId>,
    /// The chance, in percent, that a day keeps yesterday's weather.
    #[serde(default)]
    pub keep_percent: i64,
    /// The encounter tables of its paths that have none of their own.
    #[serde(default, skip_serializing_if = "super::EncounterTables::is_empty")]
    pub encounters: super::EncounterTables,
    /// Animals that graze feed themselves here (a house rule).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub grazing: bool,
}

impl Region {
    pub fn new(id: RegionId, name: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
            climate: String::new(),
            notes: String::new(),
            tables: BTreeMap::new(),
            keep_percent: 0,
            encounters: super::EncounterTables::default(),
            grazing: false,
        }
    }
}

/// The days one region's weather ids span: a weather's id is its region's
/// id times this, plus its day.
pub const DAYS_PER_REGION: i64 = 10_000_000;

impl WeatherId {
    /// The id of `region`'s weather on `day`.
    pub fn of(region: RegionId, day: i64) -> Self {
        Self(region.0 * DAYS_PER_REGION + day)
    }
}

/// One region's weather on one day, as it fell (or, for a day ahead, as it
/// is forecast).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weather {
    /// [`WeatherId::of`] its region and day.
    pub id: WeatherId,
    pub region: RegionId,
    pub day: i64,
    /// The table's result: "Clear and cold", "Extreme heat".
    pub weather: String,
    /// How it came: the table's roll, or the d100 that kept yesterday's.
    pub rolled: String,
    /// Told by a Divine the night before: rolling the forecast again keeps it.
    #[serde(default)]
    pub foretold: bool,
}

impl Weather {
    /// The weather as the rules read it: a result that names extreme heat or
    /// extreme cold is that; any other is normal weather.
    pub fn temperature(&self) -> Temperature {
        temperature_of(&self.weather)
    }
}

/// A weather's name as the rules read it: one that names extreme heat or
/// extreme cold is that; any other is normal weather.
pub fn temperature_of(weather: &str) -> Temperature {
    let text = weather.to_lowercase();
    if text.contains("extreme heat") {
        Temperature::ExtremeHeat
    } else if text.contains("extreme cold") {
        Temperature::ExtremeCold
    } else {
        Temperature::Normal
    }
}

impl CampaignData {
    /// `region`'s weather on `day`, if it has been rolled.
    pub fn weather_on(&self, region: RegionId, day: i64) -> Option<&Weather> {
        self.weather.get(&WeatherId::of(region, day))
    }

    /// `region`'s weather of the days `days`, in day order; none for an
    /// empty range (a start after its end).
    pub fn weather_of(
        &self,
        region: RegionId,
        days: std::ops::RangeInclusive<i64>,
    ) -> impl Iterator<Item = &Weather> {
        let (first, last) = (*days.start(), *days.end());
        let ids = WeatherId::of(region, first)..=WeatherId::of(region, last.max(first));
        self.weather
            .range(ids)
            .map(|(_, w)| w)
            .filter(move |w| w.day <= last)
    }

    /// The region a place belongs to.
    pub fn region_of_place(&self, place: &Place) -> Option<&Region> {
        place.region.and_then(|r| self.regions.get(&r))
    }

    /// The region of a path: its own, else its start's.
    pub fn region_of_path(&self, path: &MapPath) -> Option<&Region> {
        self.region_of_path_round(path, 1)
    }

    /// The region of a path's `round`th round (from its `from` end): its
    /// stretch's, else the path's own, else its start's.
    pub fn region_of_path_round(&self, path: &MapPath, round: i64) -> Option<&Region> {
        path.region_at(round)
            .and_then(|r| self.regions.get(&r))
            .or_else(|| {
                self.places
                    .get(&path.from)
                    .and_then(|p| self.region_of_place(p))
            })
    }

    /// The region a party on a path is in: that of the stretch it travels
    /// next.
    pub fn region_on_path(&self, path: &MapPath, on: &super::OnPath) -> Option<&Region> {
        self.region_of_path_round(path, path.round_of(on))
    }

    /// Every region a path lies in, its own and its stretches'.
    pub fn regions_of_path(&self, path: &MapPath) -> Vec<&Region> {
        let mut regions: Vec<&Region> = self.region_of_path(path).into_iter().collect();
        for s in &path.stretches {
            if let Some(r) = self.regions.get(&s.region)
                && !regions.iter().any(|known| known.id == r.id)
            {
                regions.push(r);
            }
        }
        regions
    }

    /// The table that says what an encounter of `kind` on `path` in
    /// `region` (the stretch's) toward `toward` is, and whose it is ("the
    /// path's warriors table"): a Merchant's (`merchant`) is the
    /// destination's merchant table if it has one; else the path's own
    /// table for the kind, else the region's.
    pub fn encounter_table(
        &self,
        path: &MapPath,
        region: Option<&Region>,
        toward: super::PlaceId,
        kind: waybook_rules::rounds::encounter::Kind,
        merchant: bool,
    ) -> Option<(TableId, String)> {
        let what = kind.as_str();
        let place = self.places.get(&toward);
        if merchant
            && let Some((table, place)) = place.and_then(|p| p.merchant_table.map(|t| (t, p)))
        {
            return Some((table, format!("{}'s merchant table", place.name)));
        }
        if let Some(table) = path.encounters.of(kind) {
            return Some((table, format!("the path's {what} table")));
        }
        let region = region?;
        let table = region.encounters.of(kind)?;
        Some((table, format!("{}'s {what} table", region.name)))
    }

    /// The region a party is in: its path's, or its place's (off the map,
    /// the last place's the map saw it at).
    pub fn region_of_party(&self, party: &super::Party) -> Option<&Region> {
        let beyond = party.travel.beyond.map(|b| b.from);
        match (&party.travel.on_path, party.travel.place.or(beyond)) {
            (Some(on), _) => self
                .paths
                .get(&on.path)
                .and_then(|p| self.region_on_path(p, on)),
            (None, Some(place)) => self
                .places
                .get(&place)
                .and_then(|p| self.region_of_place(p)),
            (None, None) => None,
        }
    }

    /// The table `region`'s weather is rolled on, on `day`: its season's,
    /// else the campaign's weather table.
    pub fn weather_table_on(&self, region: &Region, day: i64) -> Option<TableId> {
        let season = self.settings.calendar.season_on(day).map(|(s, ..)| &s.name);
        season
            .and_then(|s| region.tables.get(s))
            .copied()
            .filter(|t| self.tables.contains_key(t))
            .or(self.settings.weather_table)
    }

    /// The regions in natural name order.
    pub fn regions_by_name(&self) -> Vec<&Region> {
        let mut regions: Vec<_> = self.regions.values().collect();
        super::sort_by_name(&mut regions, |r| &r.name);
        regions
    }
}
