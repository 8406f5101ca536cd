//! The campaign's map for travel rounds: places, the paths between them, and
//! where a party stands on it (at a place, or along a path with the rounds
//! done and the setbacks it carries).

use super::{MapPathId, PlaceId, RegionId, TableId, Terrain};
use serde::{Deserialize, Serialize};
use waybook_rules::rounds::encounter::Kind;
use waybook_rules::rounds::pathfind::PathState;

waybook_rules::named_enum! {
    #[derive(Default)]
    pub enum PlaceKind("place kind") {
        #[default]
        Settlement => "settlement" as "Settlement",
        Landmark => "landmark" as "Landmark",
        CampSite => "camp-site" as "Camp site",
        WildPlace => "wild-place" as "Wild place",
    }
}

/// The roll tables that say what an encounter on a path or in a region
/// is: the hazard, the warriors, the benign result. Rolled in the
/// Encounter Phase when the encounter die says so (the path's, else its
/// region's); none: the GM says.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncounterTables {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hazard: Option<TableId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warriors: Option<TableId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub benign: Option<TableId>,
}

impl EncounterTables {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The table for encounters of `kind`.
    pub fn of(&self, kind: Kind) -> Option<TableId> {
        match kind {
            Kind::Hazard => self.hazard,
            Kind::Warriors => self.warriors,
            Kind::Benign => self.benign,
        }
    }

    /// Where the table for `kind` is kept.
    pub fn of_mut(&mut self, kind: Kind) -> &mut Option<TableId> {
        match kind {
            Kind::Hazard => &mut self.hazard,
            Kind::Warriors => &mut self.warriors,
            Kind::Benign => &mut self.benign,
        }
    }
}

/// A node of the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Place {
    pub id: PlaceId,
    pub name: String,
    pub kind: PlaceKind,
    /// Where it is drawn on the map, in map units (the map picture's pixels).
    pub x: f64,
    pub y: f64,
    pub notes: String,
    /// The region it lies in, whose weather it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<RegionId>,
    /// What a Merchant met on the way to it sells: rolled when one is met.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merchant_table: Option<TableId>,
    /// Who may see it besides the GM (GM only by default).
    #[serde(default, skip_serializing_if = "super::Visibility::is_gm_only")]
    pub shown: super::Visibility,
}

impl Place {
    /// A settlement at `(x, y)` as a place is first drawn: no notes, no
    /// region, no merchant's table, seen by the GM alone.
    pub fn new(id: PlaceId, name: impl Into<String>, (x, y): (f64, f64)) -> Self {
        Self {
            shown: Default::default(),
            id,
            name: name.into(),
            kind: PlaceKind::Settlement,
            x,
            y,
            notes: String::new(),
            region: None,
            merchant_table: None,
        }
    }
}

/// A path between two places, travelled in either direction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapPath {
    pub id: MapPathId,
    pub name: String,
    pub from: PlaceId,
    pub to: PlaceId,
    /// The navigation difficulty the GM gives the path.
    pub difficulty: i64,
    /// The danger rating (warriors at or below it on the encounter die).
    pub danger: i64,
    /// Travel rounds it takes.
    pub rounds: i64,
    /// Whether its last round is a partial round (no Camping Phase).
    pub partial: bool,
    /// "too wild or too dangerous for friendly NPCs": benign turns to Peace
    /// unless it is a Landmark.
    pub wild: bool,
    /// Earlier successful trips along it: -2 difficulty each.
    pub travelled: i64,
    pub notes: String,
    /// The region it runs through; `None`: its start's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<RegionId>,
    /// Stretches of it in other regions, each with its weather: a path
    /// over a pass and down onto a plain. In the order of the path.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stretches: Vec<Stretch>,
    /// Its own encounter tables, before its region's.
    #[serde(default, skip_serializing_if = "EncounterTables::is_empty")]
    pub encounters: EncounterTables,
    /// What the hour-by-hour rules read of it: its length, ground, height
    /// and depth.
    #[serde(default, skip_serializing_if = "Ground::is_unset")]
    pub ground: Ground,
    /// Who may see it besides the GM (GM only by default).
    #[serde(default, skip_serializing_if = "super::Visibility::is_gm_only")]
    pub shown: super::Visibility,
    /// Animals that graze feed themselves along it (a house rule).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub grazing: bool,
}

/// What a path is to the hour-by-hour rules: a trip's leg along it takes
/// its distance at the trip's way of travelling, on its terrain, at its
/// altitude, and (a way that swims) at its depth.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Ground {
    /// Kilometres end to end; 0: not given, and each of its rounds is a
    /// day of the trip's travel hours.
    pub distance_km: f64,
    pub terrain: Terrain,
    pub altitude_m: i64,
    /// Metres below the surface, for a way that swims.
    pub depth_m: i64,
}

impl Ground {
    pub fn is_unset(&self) -> bool {
        *self == Self::default()
    }
}

/// A stretch of a path that lies in a region of its own: from its
/// `from_round`th round (1 the first, counted from the path's `from` end)
/// to the next stretch or the path's end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stretch {
    pub from_round: i64,
    pub region: RegionId,
}

impl MapPath {
    /// A path from one place to another as a path is first drawn: one
    /// round at the texts' middling difficulty (3) and danger 1, not wild,
    /// never travelled, in its start's region, with no ground for trips.
    pub fn new(id: MapPathId, name: impl Into<String>, from: PlaceId, to: PlaceId) -> Self {
        Self {
            shown: Default::default(),
            id,
            name: name.into(),
            from,
            to,
            difficulty: 3,
            danger: 1,
            rounds: 1,
            partial: false,
            wild: false,
            travelled: 0,
            notes: String::new(),
            region: None,
            stretches: Vec::new(),
            encounters: EncounterTables::default(),
            ground: Ground::default(),
            grazing: false,
        }
    }

    /// A new stretch the GM may add, in the first region (of `regions`, by
    /// name) the path's last round does not lie in, from the round after
    /// the last stretch's start (or halfway); or why none can be added.
    pub fn stretch_offer(&self, regions: &[RegionId]) -> Result<Stretch, &'static str> {
        if self.rounds < 2 {
            return Err("a path of one round lies in one region");
        }
        let last = self.region_at(self.rounds);
        let region = (regions.iter())
            .find(|r| Some(**r) != last)
            .ok_or("the campaign has one region: add another on the Weather screen")?;
        let from_round = match self.stretches.last() {
            Some(s) if s.from_round >= self.rounds => {
                return Err("a stretch starts at the path's last round already");
            }
            Some(s) => s.from_round + 1,
            None => self.rounds / 2 + 1,
        };
        Ok(Stretch {
            from_round,
            region: *region,
        })
    }

    /// Its stretches in the order of the path, a round started once (the
    /// later of two that start on one round stays).
    pub fn tidy_stretches(&mut self) {
        self.stretches.sort_by_key(|s| s.from_round);
        let mut kept: Vec<Stretch> = Vec::with_capacity(self.stretches.len());
        for s in self.stretches.drain(..) {
            match kept.last_mut() {
                Some(last) if last.from_round == s.from_round => *last = s,
                _ => kept.push(s),
            }
        }
        self.stretches = kept;
    }

    /// The region (by id) its `round`th round lies in, counted from its
    /// `from` end: the last stretch begun by then, else the path's own;
    /// `None`: its start's.
    pub fn region_at(&self, round: i64) -> Option<RegionId> {
        self.stretches
            .iter()
            .rev()
            .find(|s| s.from_round <= round)
            .map(|s| s.region)
            .or(self.region)
    }

    /// Which round of the path, from its `from` end, a party on it travels
    /// next (the last while arriving).
    pub fn round_of(&self, on: &OnPath) -> i64 {
        let next = on.rounds_done(self) + 1;
        let from_start = if on.toward == self.to {
            next
        } else {
            self.rounds + 1 - next
        };
        from_start.clamp(1, self.rounds.max(1))
    }

    /// The place at the other end from `place`, if the path touches it.
    pub fn other_end(&self, place: PlaceId) -> Option<PlaceId> {
        if self.from == place {
            Some(self.to)
        } else if self.to == place {
            Some(self.from)
        } else {
            None
        }
    }
}

/// A party part-way along a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnPath {
    pub path: MapPathId,
    /// The place the party set out from.
    pub from: PlaceId,
    /// The place it is heading for.
    pub toward: PlaceId,
    /// Rounds left, Sidetracked and Noisy stacks, Totally Lost.
    pub state: PathState,
    /// Rounds Backtracked added to the path.
    pub extra: u32,
}

impl OnPath {
    /// Rounds of progress made: the path's rounds plus the Backtracked ones,
    /// less those still to go.
    pub fn rounds_done(&self, path: &MapPath) -> i64 {
        (path.rounds + i64::from(self.extra) - i64::from(self.state.rounds_left)).max(0)
    }

    /// The party turned back ("choose what direction along the path to
    /// follow"): heading for the place it set out from, the rounds it made
    /// now the rounds to go. Its setbacks stay with it until it reaches an
    /// end of the path.
    pub fn turned_back(&self, path: &MapPath) -> Self {
        Self {
            from: self.toward,
            toward: self.from,
            state: PathState {
                rounds_left: u32::try_from(self.rounds_done(path)).unwrap_or(0),
                ..self.state
            },
            ..*self
        }
    }
}
