//! A journey: a party's route from here to there, the daily pattern it
//! follows, the GM's changes per day and per character, and how far it has
//! been played. The plan's figures (tests, forecasts, food) are computed from
//! this by `crate::plan`; only the GM's choices are stored.

use super::{CharacterId, JourneyId, PartyId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A moment on the campaign clock: day count and hour of that day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub struct ClockTime {
    pub day: i64,
    pub hour: i64,
}

impl ClockTime {
    /// Where a new campaign's clock starts: day 1, 08:00.
    pub const START: Self = Self { day: 1, hour: 8 };

    /// `hours` later on a clock whose days have `day_hours` hours.
    pub fn plus(self, hours: i64, day_hours: i64) -> Self {
        let total = self.day * day_hours + self.hour + hours;
        Self {
            day: total.div_euclid(day_hours),
            hour: total.rem_euclid(day_hours),
        }
    }
}

impl ClockTime {
    /// The time at the start of a log line: "Day 7, 11:00".
    pub fn stamp(self) -> String {
        format!("Day {}, {:02}:00", self.day, self.hour)
    }
}

impl std::fmt::Display for ClockTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "day {}, {:02}:00", self.day, self.hour)
    }
}

/// How an hour without tests ends its line: "Day 7, 13:00 · off the
/// road, no tests".
const NO_TESTS: &str = ", no tests";

/// The journey log's line for an hour without tests at `stamp` (a
/// [`ClockTime::stamp`]), `doing` what the hour was ("on the road").
pub fn quiet_hour(stamp: &str, doing: &str) -> String {
    format!("{stamp} · {doing}{NO_TESTS}")
}

/// `lines` with each run of hours without tests, one after another and of
/// one kind (on or off the road), said once: "Day 7, 13:00 to 23:00 · off
/// the road, no tests", not eleven lines. The players' view reads logs
/// written before, an hour a line, through it too.
pub fn quiet_runs(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    // The run so far: its first and last hour's stamps, and what it was.
    let mut run: Option<(&str, &str, &str)> = None;
    for line in lines {
        let quiet = quiet_hour_of(line);
        if let (Some((stamp, doing)), Some((_, last, was))) = (quiet, run.as_mut())
            && *was == doing
        {
            *last = stamp;
            continue;
        }
        out.extend(run.take().map(run_line));
        match quiet {
            Some((stamp, doing)) => run = Some((stamp, stamp, doing)),
            None => out.push(line.clone()),
        }
    }
    out.extend(run.map(run_line));
    out
}

/// An hour's line without tests: its stamp and what the hour was.
fn quiet_hour_of(line: &str) -> Option<(&str, &str)> {
    let (stamp, rest) = line.split_once(" · ")?;
    if stamp.contains(" to ") {
        // A run said already ("… to 23:00") stays as it is.
        return None;
    }
    Some((stamp, rest.strip_suffix(NO_TESTS)?))
}

/// A run's line: "Day 7, 13:00 to 23:00 · …", or "Day 7, 23:00 to Day 8,
/// 01:00 · …" over midnight; one hour as it was.
fn run_line((first, last, doing): (&str, &str, &str)) -> String {
    if first == last {
        return quiet_hour(first, doing);
    }
    let day = |stamp: &str| stamp.split_once(", ").map(|(day, _)| day.to_owned());
    let until = match last.split_once(", ") {
        Some((_, hour)) if day(first) == day(last) => hour,
        _ => last,
    };
    format!("{first} to {until} · {doing}{NO_TESTS}")
}

/// The weather of an hour: the rules' own enum (`rules::travel::march`).
pub use waybook_rules::travel::march::Temperature;

waybook_rules::named_enum! {
    #[derive(Default)]
    pub enum Terrain("terrain") {
        #[default]
        Normal => "normal" as "Normal",
        Difficult => "difficult" as "Difficult",
    }
}

waybook_rules::named_enum! {
    /// What a character does in an hour of the plan.
    #[derive(Default)]
    pub enum Activity("activity") {
        Travel => "travel" as "Travel",
        #[default]
        Rest => "rest" as "Rest",
        Camp => "camp" as "Camp",
        Work => "work" as "Work",
        Watch => "watch" as "Watch",
        Swim => "swim" as "Swim",
    }
}

waybook_rules::named_enum! {
    /// How much a character eats on a day.
    #[derive(Default)]
    pub enum Ration("ration") {
        #[default]
        Full => "full" as "Full rations",
        Half => "half" as "Half rations",
        None => "none" as "No food",
    }
}

waybook_rules::named_enum! {
    /// Where food is taken from first.
    #[derive(Default)]
    pub enum FoodOrder("food order") {
        #[default]
        PackFirst => "pack-first" as "Own pack, then the stash",
        StashFirst => "stash-first" as "The stash, then own pack",
    }
}

/// A way of travelling and its speed on normal terrain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Method {
    pub name: String,
    pub km_per_hour: f64,
    /// Swimming: its hours count toward the swim, not the march.
    pub swimming: bool,
    /// What the party needs to travel this way, if anything: a mount for
    /// each member, or a vehicle of a type (a house rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
}

/// What a way of travelling needs of the party.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// A mount for each member who travels.
    Riding,
    /// A vehicle of this type, drawn by the animals it needs.
    Vehicle(String),
}

impl Method {
    /// The methods every campaign starts with; the GM adds more.
    pub fn standard() -> Vec<Method> {
        let vehicle = |name: &str| Some(By::Vehicle(name.to_owned()));
        [
            ("On foot", 4.0, false, None),
            ("Horse and cart", 6.0, false, vehicle("Cart")),
            ("Boat", 8.0, false, vehicle("Boat")),
            ("Swimming", 2.0, true, None),
            ("Riding", 7.0, false, Some(By::Riding)),
        ]
        .into_iter()
        .map(|(name, km_per_hour, swimming, by)| Method {
            name: name.to_owned(),
            km_per_hour,
            swimming,
            by,
        })
        .collect()
    }
}

/// Hours of the day, from `from` up to (not including) `to`; a window whose
/// `to` is not after its `from` runs over midnight (20 to 6 is the night),
/// and one whose ends are equal is the whole day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HourWindow {
    pub from: i64,
    pub to: i64,
}

impl HourWindow {
    /// The window from `from` to `to` in a day of `day_hours`, as the GM
    /// types its ends (0 to the day's end): `from` at the day's end is its
    /// start, and equal ends (0 to 24 among them) are all day, no window.
    pub fn from_ends(from: i64, to: i64, day_hours: i64) -> Option<HourWindow> {
        let day = day_hours.max(1);
        let window = HourWindow {
            from: from.rem_euclid(day),
            to,
        };
        (window.from != to.rem_euclid(day)).then_some(window)
    }

    pub fn contains(self, hour: i64) -> bool {
        match self.from.cmp(&self.to) {
            std::cmp::Ordering::Less => (self.from..self.to).contains(&hour),
            std::cmp::Ordering::Greater => hour >= self.from || hour < self.to,
            std::cmp::Ordering::Equal => true,
        }
    }

    /// "10:00–18:00".
    pub fn label(self) -> String {
        format!("{:02}:00–{:02}:00", self.from, self.to)
    }
}

/// The weather at `hour` of the day: `weather` within the window (all day
/// without one), normal outside it.
pub fn weather_at(weather: Temperature, window: Option<HourWindow>, hour: i64) -> Temperature {
    if window.is_none_or(|w| w.contains(hour)) {
        weather
    } else {
        Temperature::Normal
    }
}

/// One stretch of a route with the same method and conditions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Leg {
    pub name: String,
    /// Index into the journey's methods.
    pub method: usize,
    pub distance_km: f64,
    pub terrain: Terrain,
    pub altitude_m: i64,
    pub temperature: Temperature,
    /// The hours of the day the leg's weather holds (extreme heat from 10:00
    /// to 18:00, say); outside them the weather is normal. `None`: all day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weather_hours: Option<HourWindow>,
    /// For swimming legs: metres below the surface.
    pub depth_m: i64,
    /// The way of travelling as it was when the party set out on this leg:
    /// kept so that changing a speed later never rewrites what was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played_as: Option<Method>,
    /// The region it crosses: its weather of the day, where rolled, is the
    /// leg's (within `weather_hours`); else the leg's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<super::RegionId>,
    /// The map path it follows; `None`: an uncharted stretch, travelled
    /// by its own figures ("apply Exploration rules for that part").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<Along>,
}

/// A leg's way along a map path: which path, toward which of its ends,
/// and how many of its rounds (those left, when the trip set out partway
/// along it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Along {
    pub path: super::MapPathId,
    pub toward: super::PlaceId,
    /// Rounds of the path the leg travels; `None`: all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<i64>,
}

impl Leg {
    /// A leg of `distance_km` on the journey's first way of travelling,
    /// over normal ground at sea level in normal weather.
    pub fn new(name: impl Into<String>, distance_km: f64) -> Self {
        Leg {
            name: name.into(),
            method: 0,
            distance_km,
            terrain: Terrain::Normal,
            altitude_m: 0,
            temperature: Temperature::Normal,
            weather_hours: None,
            depth_m: 0,
            played_as: None,
            region: None,
            path: None,
        }
    }

    /// How this leg is travelled: as it was played, else the journey's way.
    pub fn method<'a>(&'a self, methods: &'a [Method]) -> Option<&'a Method> {
        self.played_as.as_ref().or_else(|| methods.get(self.method))
    }
}

/// A way to the destination: legs in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Route {
    pub name: String,
    pub legs: Vec<Leg>,
}

/// The day the GM sets once: when the party sets off, how long it travels,
/// and who keeps watch at night.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DayPattern {
    /// Hour of the day travel starts.
    pub start_hour: i64,
    /// Hours of travel a day (more than the base hours is a forced march).
    pub travel_hours: i64,
    /// Hours of making and breaking camp around the travel.
    pub camp_hours: i64,
    /// Night hours kept on watch, split in turn among the watchers.
    pub watch_hours: i64,
    /// The watch rota, in order.
    pub watchers: Vec<CharacterId>,
}

impl Default for DayPattern {
    fn default() -> Self {
        Self {
            start_hour: 7,
            travel_hours: 8,
            camp_hours: 2,
            watch_hours: 6,
            watchers: Vec::new(),
        }
    }
}

/// What the GM changed on one day of the plan.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DayChange {
    pub travel_hours: Option<i64>,
    /// The day's weather over every leg.
    pub temperature: Option<Temperature>,
    /// The hours the day's weather holds; outside them, the legs' own.
    /// `None`: all day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weather_hours: Option<HourWindow>,
    pub ration: Option<Ration>,
    /// The daily pattern this day kept: set when the GM changes the pattern
    /// after the day was played, so the played day stays as it was.
    pub pattern: Option<DayPattern>,
    /// Single hours of single characters: (character, hour of day) → activity.
    pub hours: BTreeMap<String, Activity>,
    /// The day's travel round made no progress: its hours were walked on
    /// the same stretch (set when the round is played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_progress: Option<NoProgress>,
}

/// A travel round that brought the party no closer: its setback, as far
/// as the days of a trip are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoProgress {
    /// Frustrated, or Totally Lost: the day is walked again.
    Held,
    /// Backtracked: the day is walked again, and the path has one more
    /// round.
    Backtracked,
}

impl DayChange {
    pub fn hour_key(character: CharacterId, hour: i64) -> String {
        format!("{}@{hour}", character.0)
    }

    /// The hour of a key of [`Self::hours`], if it is `character`'s.
    pub fn hour_of(key: &str, character: CharacterId) -> Option<i64> {
        let (who, hour) = key.split_once('@')?;
        (who.parse() == Ok(character.0)).then(|| hour.parse().ok())?
    }
}

/// The GM's plan: routes, the chosen one, the pattern and the changes per day.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JourneyPlan {
    pub methods: Vec<Method>,
    pub routes: Vec<Route>,
    pub chosen: usize,
    pub pattern: DayPattern,
    pub food_order: FoodOrder,
    /// Changes per day of the journey (0 is the first day).
    pub days: BTreeMap<i64, DayChange>,
    /// Who may see the plan in a handout (GM only by default).
    #[serde(default, skip_serializing_if = "super::Visibility::is_gm_only")]
    pub shown: super::Visibility,
    /// Where the journey was left and went on later: the hours between
    /// were the party's to spend otherwise (a morning gathering, a fight).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resumed: Vec<Resumed>,
    /// The party's vehicles left behind for this journey, with their cargo.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_behind: Vec<super::VehicleId>,
}

/// A journey left after `after_hours` of its plan were played, going on
/// `at` a later time of the campaign clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resumed {
    pub after_hours: i64,
    pub at: ClockTime,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Journey {
    pub id: JourneyId,
    pub name: String,
    pub party: PartyId,
    pub start: ClockTime,
    pub plan: JourneyPlan,
    /// Hours of the plan already played out.
    pub played_hours: i64,
    /// What happened, one line per event, oldest first.
    pub log: Vec<String>,
    /// Food units left in packs and stash at the end of each day played.
    pub food_left: Vec<f64>,
    /// Food units each day played took from packs and stash (whole items
    /// opened): what the day ate, apart from what the GM gave or took.
    #[serde(default)]
    pub food_opened: Vec<f64>,
    /// Every degree of exhaustion a test gave in play: the played line of
    /// the exhaustion chart.
    pub exhaustion_gained: Vec<Gained>,
}

/// Degrees of exhaustion one character gained from a test on a journey day.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Gained {
    /// 0 is the first day of the journey.
    pub day: i64,
    pub character: CharacterId,
    pub degrees: i64,
}

impl Journey {
    pub fn route(&self) -> Option<&Route> {
        self.plan.routes.get(self.plan.chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 52: the window's ends as typed, worked out once here (the
    /// screen did it): the day's end is its start, equal ends all day, a
    /// `to` before the `from` runs over midnight.
    #[test]
    fn a_window_typed_end_to_end_is_all_day_and_past_midnight_wraps() {
        assert_eq!(HourWindow::from_ends(0, 24, 24), None);
        assert_eq!(HourWindow::from_ends(24, 24, 24), None, "24 is 0");
        assert_eq!(HourWindow::from_ends(7, 7, 24), None);
        let night = HourWindow::from_ends(17, 9, 24).expect("a window");
        assert_eq!(night, HourWindow { from: 17, to: 9 });
        assert!(night.contains(3) && !night.contains(12));
        let evening = HourWindow::from_ends(24, 6, 24).expect("from the start");
        assert_eq!(evening, HourWindow { from: 0, to: 6 });
    }

    /// A GM's single hour is found again for its character, and only theirs.
    #[test]
    fn an_hour_key_reads_back_for_its_character_only() {
        let key = DayChange::hour_key(CharacterId(12), 7);
        assert_eq!(DayChange::hour_of(&key, CharacterId(12)), Some(7));
        assert_eq!(DayChange::hour_of(&key, CharacterId(1)), None);
        assert_eq!(DayChange::hour_of("12@late", CharacterId(12)), None);
        assert_eq!(DayChange::hour_of("no hour", CharacterId(12)), None);
    }
}
