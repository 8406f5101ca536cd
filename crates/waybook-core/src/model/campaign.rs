//! Campaign-wide settings: which rule texts are switched on, the day's length.

use serde::{Deserialize, Serialize};

waybook_rules::named_enum! {
    /// The three rule texts Waybook implements; each can be switched off per campaign.
    pub enum RuleText("rule text") {
        Companion => "companion" as "Travellers' Companion",
        Rounds => "rounds" as "Travel rounds",
        Exploration => "exploration" as "Exploration and travel",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub name: String,
    pub companion: bool,
    pub rounds: bool,
    pub exploration: bool,
    /// Hours in the campaign world's day; a third of them are the base travel hours.
    pub day_hours: i64,
    /// Degrees of exhaustion one long rest removes (the text does not say).
    pub long_rest_degrees: i64,
    /// The campaign clock: now, in the campaign world.
    pub clock: super::ClockTime,
    /// The roll table the Navigation Phase (and Divine) rolls the weather on.
    #[serde(default)]
    pub weather_table: Option<super::TableId>,
    /// The roll table Gather's battle item comes from.
    #[serde(default)]
    pub gather_table: Option<super::TableId>,
    /// Whether journeys count food and drink: off, "the GG can choose to
    /// assume this is always being looked after" (no food eaten from the
    /// packs, no days without food, no hunger).
    #[serde(default = "tracked")]
    pub track_food: bool,
    /// Whether food and drink are counted apart, for a table that wants
    /// "more granular limits": half of each day's units must be food and
    /// half drink (water), and a day counts twice the smaller of the two.
    #[serde(default)]
    pub food_and_drink_apart: bool,
    /// How the clock's days are named: months, weeks, moons and seasons.
    /// (Boxed: settings are kept twice in every change of them.)
    #[serde(default = "gregorian")]
    pub calendar: Box<super::calendar::Calendar>,
    /// The travel methods and enemy tiers the table decided.
    #[serde(default)]
    pub house_rules: Box<super::HouseRules>,
}

fn gregorian() -> Box<super::calendar::Calendar> {
    Box::new(super::calendar::Calendar::gregorian())
}

fn tracked() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Self::new("New campaign")
    }
}

impl Settings {
    /// The base travel hours of a day: a third of its hours, rounded down
    /// (`rules::travel::march::base_hours`); more is a forced march.
    pub fn base_travel_hours(&self) -> i64 {
        let hours = u32::try_from(self.day_hours).unwrap_or(0);
        i64::from(waybook_rules::travel::march::base_hours(hours))
    }

    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            companion: true,
            rounds: true,
            exploration: true,
            day_hours: 24,
            long_rest_degrees: 1,
            clock: super::ClockTime::START,
            weather_table: None,
            gather_table: None,
            track_food: true,
            food_and_drink_apart: false,
            calendar: gregorian(),
            house_rules: Box::default(),
        }
    }

    /// A moment as the GM reads it: the calendar's date and the hour
    /// ("Saturday 1 January 2000, 08:00").
    pub fn when(&self, at: super::ClockTime) -> String {
        format!("{}, {:02}:00", self.calendar.describe(at.day), at.hour)
    }

    /// Today on the campaign clock: the date and hour, the season and each
    /// moon's phase ("… · Winter · The Moon full").
    pub fn today(&self) -> String {
        self.today_at(self.clock)
    }

    /// The day at `at` as [`Settings::today`] says it: a party's present
    /// (each party lives its own days).
    pub fn today_at(&self, at: super::ClockTime) -> String {
        let day = at.day;
        let mut parts = vec![self.when(at)];
        if let Some((season, _, _)) = self.calendar.season_on(day) {
            parts.push(season.name.clone());
        }
        for (moon, phase) in self.calendar.moons_on(day) {
            parts.push(format!("{moon} {}", phase.label()));
        }
        parts.join(" · ")
    }

    /// Outdoors under the sky, the light of the hour `at` (a party's
    /// present): darkness between sunset and sunrise, else well lit.
    pub fn daylight_at(&self, at: super::ClockTime) -> waybook_rules::travel::senses::Light {
        use waybook_rules::travel::senses::Light;
        if self.calendar.is_dark(at.day, at.hour) {
            Light::Darkness
        } else {
            Light::WellLit
        }
    }

    pub fn enabled(&self, text: RuleText) -> bool {
        match text {
            RuleText::Companion => self.companion,
            RuleText::Rounds => self.rounds,
            RuleText::Exploration => self.exploration,
        }
    }

    /// Both travel texts on: a day on a map path is its travel round and
    /// its hours (NOTES.md, "Both travel texts on the same day").
    pub fn both_travel_texts(&self) -> bool {
        self.enabled(RuleText::Rounds) && self.enabled(RuleText::Exploration)
    }

    pub fn set_enabled(&mut self, text: RuleText, on: bool) {
        match text {
            RuleText::Companion => self.companion = on,
            RuleText::Rounds => self.rounds = on,
            RuleText::Exploration => self.exploration = on,
        }
    }
}
