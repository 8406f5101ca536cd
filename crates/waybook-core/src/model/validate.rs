//! Whether every value of a campaign keeps to its limits (`model::limits`
//! and the sheet's field tables): `waybook check` lists each one that does
//! not, naming the record and field, and an import refuses a file with one,
//! naming its place in the file.

use super::{CampaignData, Character, limits, sheet};
use std::fmt::Display;
use std::ops::RangeInclusive;

/// Which record a problem is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Settings,
    Party(i64),
    Item(i64),
    Holding(i64),
    Character(i64),
    Place(i64),
    Path(i64),
    Ware(i64),
    Region(i64),
    Journey(i64),
    Log(i64),
    Weather(i64),
}

/// One value outside its limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub place: Place,
    /// The record as the GM reads it: "holding 12 (Trail rations of Pell)".
    pub record: String,
    /// The field's label ("quantity", "Wild dice").
    pub label: String,
    /// The field's place in the record as JSON ("quantity", "companion.wild_dice").
    pub path: String,
    pub value: String,
    pub min: String,
    pub max: String,
}

impl Problem {
    /// "must be between 1 and 1000000".
    pub fn rule(&self) -> String {
        format!("must be between {} and {}", self.min, self.max)
    }
}

impl std::fmt::Display for Problem {
    /// "holding 12 (Trail rations of Pell): quantity 2000015 is not between 1 and 1000000".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} {} is not between {} and {}",
            self.record, self.label, self.value, self.min, self.max
        )
    }
}

/// Every value outside its limits, record by record.
pub fn problems(data: &CampaignData) -> Vec<Problem> {
    let mut found = Problems::default();
    let s = &data.settings;
    found.at(Place::Settings, "the campaign");
    found.check("day length", "day_hours", s.day_hours, &limits::DAY_HOURS);
    found.check(
        "long rest degrees",
        "long_rest_degrees",
        s.long_rest_degrees,
        &limits::LONG_REST_DEGREES,
    );
    found.check("clock's day", "clock.day", s.clock.day, &limits::CLOCK_DAY);
    let hour = limits::hour_of_day(s.day_hours);
    found.check("clock's hour", "clock.hour", s.clock.hour, &hour);
    house_rules(&mut found, &s.house_rules);
    parties(&mut found, data);
    journeys(&mut found, data);
    for e in data.log.values() {
        found.at(Place::Log(e.id.0), &format!("log entry {}", e.id.0));
        found.check("day", "at.day", e.at.day, &limits::CLOCK_DAY);
        found.check("hour", "at.hour", e.at.hour, &hour);
    }
    for w in data.weather.values() {
        found.at(
            Place::Weather(w.id.0),
            &format!("weather {} (day {})", w.id.0, w.day),
        );
        found.check("day", "day", w.day, &limits::CLOCK_DAY);
    }
    map(&mut found, data);
    for w in data.wares.values() {
        found.at(
            Place::Ware(w.id.0),
            &format!("ware {} ({})", w.id.0, w.name),
        );
        found.check("price", "price", w.price, &limits::COIN);
        found.check("supplies", "supplies", w.supplies, &limits::WARE_SUPPLIES);
    }
    for i in data.items.values() {
        found.at(
            Place::Item(i.id.0),
            &format!("item {} ({})", i.id.0, i.name),
        );
        found.check(
            "food units",
            "food_units",
            i.food_units,
            &limits::FOOD_UNITS,
        );
        found.check("weight", "weight", i.weight, &limits::WEIGHT);
        found.check("item bonus", "bonus", i.bonus, &limits::ITEM_BONUS);
    }
    for h in data.holdings.values() {
        let item = data
            .items
            .get(&h.item)
            .map_or("a missing item", |i| &i.name);
        let record = format!(
            "holding {} ({item} of {})",
            h.id.0,
            data.holder_name(h.holder)
        );
        found.at(Place::Holding(h.id.0), &record);
        found.check("quantity", "quantity", h.quantity, &limits::QUANTITY);
    }
    for c in data.characters.values() {
        character(&mut found, c);
    }
    found.found
}

/// The house rules' travel speeds, tier stats, what a character carries and
/// the animal types' figures.
fn house_rules(found: &mut Problems, rules: &super::HouseRules) {
    found.check(
        "what a character carries (kg)",
        "house_rules.carry_kg",
        rules.carry_kg,
        &limits::CARRY_KG,
    );
    for (i, m) in rules.methods.iter().enumerate() {
        let path = format!("house_rules.methods[{i}].km_per_hour");
        found.check(
            &format!("{} speed", m.name),
            &path,
            m.km_per_hour,
            &limits::SPEED_KMH,
        );
    }
    for tier in [
        super::scene::Tier::Minion,
        super::scene::Tier::Elite,
        super::scene::Tier::Boss,
    ] {
        let stats = rules.tiers.of(tier);
        let at = |what: &str| format!("house_rules.tiers.{}.{what}", tier.as_str());
        let label = |what: &str| format!("{} {what}", tier.label());
        found.check(
            &label("Quality"),
            &at("quality"),
            stats.quality,
            &limits::QUALITY_DEFENCE,
        );
        found.check(
            &label("Defence"),
            &at("defence"),
            stats.defence,
            &limits::QUALITY_DEFENCE,
        );
        found.check(
            &label("Wounds"),
            &at("wounds"),
            stats.wounds,
            &limits::WOUNDS_MAX,
        );
        found.check(
            &label("Toughness"),
            &at("toughness"),
            stats.toughness,
            &limits::TOUGHNESS_MAX,
        );
    }
    animal_and_vehicle_types(found, rules);
    found.check(
        "an overloaded party's speed (%)",
        "house_rules.overloaded_percent",
        rules.overloaded_percent,
        &limits::OVERLOADED_PERCENT,
    );
}

/// The animal and vehicle types' figures (house rules).
fn animal_and_vehicle_types(found: &mut Problems, rules: &super::HouseRules) {
    for (i, t) in rules.animal_types.iter().enumerate() {
        let at = |what: &str| format!("house_rules.animal_types[{i}].{what}");
        let label = |what: &str| format!("{} {what}", t.name);
        found.check(
            &label("Endurance"),
            &at("endurance"),
            t.endurance,
            &limits::TRAIT_OR_SKILL,
        );
        found.check(
            &label("Stamina"),
            &at("stamina"),
            t.stamina,
            &limits::TRAIT_OR_SKILL,
        );
        found.check(
            &label("speed"),
            &at("km_per_hour"),
            t.km_per_hour,
            &limits::SPEED_KMH,
        );
        found.check(
            &label("food need"),
            &at("food_percent"),
            t.food_percent,
            &limits::FOOD_PERCENT,
        );
        found.check(
            &label("load (kg)"),
            &at("carry_kg"),
            t.carry_kg,
            &limits::ANIMAL_CARRY_KG,
        );
        found.check(
            &label("Wounds"),
            &at("wounds"),
            t.wounds,
            &limits::WOUNDS_MAX,
        );
    }
    for (i, t) in rules.vehicle_types.iter().enumerate() {
        let at = |what: &str| format!("house_rules.vehicle_types[{i}].{what}");
        let label = |what: &str| format!("{} {what}", t.name);
        found.check(
            &label("capacity (kg)"),
            &at("capacity_kg"),
            t.capacity_kg,
            &limits::VEHICLE_CAPACITY_KG,
        );
        found.check(
            &label("speed"),
            &at("km_per_hour"),
            t.km_per_hour,
            &limits::SPEED_KMH,
        );
        found.check(
            &label("animals"),
            &at("animals"),
            t.animals,
            &limits::VEHICLE_ANIMALS,
        );
    }
}

/// Each journey's start, ways of travelling, legs, day pattern and hours
/// played: what the journey's forms allow.
fn journeys(found: &mut Problems, data: &CampaignData) {
    let day_hours = data.settings.day_hours;
    let (hour, hours) = (
        limits::hour_of_day(day_hours),
        limits::hours_in_day(day_hours),
    );
    for j in data.journeys.values() {
        found.at(
            Place::Journey(j.id.0),
            &format!("journey {} ({})", j.id.0, j.name),
        );
        let start = limits::journey_start_day(data.settings.clock.day);
        if !found.check("start day", "start.day", j.start.day, &start) {
            found.say_why("ten years after the campaign's today at the latest");
        }
        found.check("start hour", "start.hour", j.start.hour, &hour);
        found.check(
            "hours played",
            "played_hours",
            j.played_hours,
            &limits::played_hours(day_hours),
        );
        let plan = &j.plan;
        for (i, m) in plan.methods.iter().enumerate() {
            let path = format!("plan.methods[{i}].km_per_hour");
            found.check(
                &format!("{} speed", m.name),
                &path,
                m.km_per_hour,
                &limits::SPEED_KMH,
            );
        }
        for (r, route) in plan.routes.iter().enumerate() {
            for (l, leg) in route.legs.iter().enumerate() {
                let at = |what: &str| format!("plan.routes[{r}].legs[{l}].{what}");
                let label = |what: &str| format!("leg {} {what}", l + 1);
                found.check(
                    &label("km"),
                    &at("distance_km"),
                    leg.distance_km,
                    &limits::DISTANCE_KM,
                );
                found.check(
                    &label("altitude m"),
                    &at("altitude_m"),
                    leg.altitude_m,
                    &limits::ALTITUDE_M,
                );
                found.check(
                    &label("depth m"),
                    &at("depth_m"),
                    leg.depth_m,
                    &limits::DEPTH_M,
                );
                if let Some(w) = leg.weather_hours {
                    found.check(
                        &label("weather from hour"),
                        &at("weather_hours.from"),
                        w.from,
                        &hours,
                    );
                    found.check(
                        &label("weather to hour"),
                        &at("weather_hours.to"),
                        w.to,
                        &hours,
                    );
                }
            }
        }
        let p = &plan.pattern;
        found.check(
            "set off at hour",
            "plan.pattern.start_hour",
            p.start_hour,
            &hour,
        );
        let day_parts = [
            ("travel hours", "travel_hours", p.travel_hours),
            ("camp hours", "camp_hours", p.camp_hours),
            ("watch hours", "watch_hours", p.watch_hours),
        ];
        for (label, field, value) in day_parts {
            found.check(label, &format!("plan.pattern.{field}"), value, &hours);
        }
        for (day, change) in &plan.days {
            if let Some(travel) = change.travel_hours {
                let path = format!("plan.days.{day}.travel_hours");
                found.check("travel hours this day", &path, travel, &hours);
            }
        }
    }
}

/// Each party's present, Supplies, purse, tokens and modifiers.
fn parties(found: &mut Problems, data: &CampaignData) {
    let hour = limits::hour_of_day(data.settings.day_hours);
    for p in data.parties.values() {
        found.at(
            Place::Party(p.id.0),
            &format!("party {} ({})", p.id.0, p.name),
        );
        found.check("present's day", "now.day", p.now.day, &limits::CLOCK_DAY);
        found.check("present's hour", "now.hour", p.now.hour, &hour);
        found.check("supplies", "supplies", p.supplies, &limits::SUPPLIES);
        found.check("purse", "purse", p.purse, &limits::COIN);
        let t = &p.travel;
        let tokens = [
            (
                "pathfinding tokens",
                "travel.pathfinding_tokens",
                t.pathfinding_tokens,
            ),
            (
                "exploration tokens",
                "travel.exploration_tokens",
                t.exploration_tokens,
            ),
        ];
        for (label, path, value) in tokens {
            found.check(label, path, value, &limits::TOKENS);
        }
        found.check(
            "navigation modifiers",
            "travel.modifiers",
            t.modifiers,
            &limits::NAVIGATION_MODIFIERS,
        );
        if let Some(beyond) = &t.beyond {
            let (label, path) = ("km beyond the map", "travel.beyond.km");
            found.check(label, path, beyond.km, &limits::DISTANCE_KM);
        }
    }
}

/// Each place's spot on the map and each path's figures.
fn map(found: &mut Problems, data: &CampaignData) {
    for p in data.places.values() {
        found.at(
            Place::Place(p.id.0),
            &format!("place {} ({})", p.id.0, p.name),
        );
        found.check("x", "x", p.x, &limits::MAP_COORDINATE);
        found.check("y", "y", p.y, &limits::MAP_COORDINATE);
    }
    for p in data.paths.values() {
        found.at(
            Place::Path(p.id.0),
            &format!("path {} ({})", p.id.0, p.name),
        );
        found.check(
            "difficulty",
            "difficulty",
            p.difficulty,
            &limits::DIFFICULTY,
        );
        found.check("danger", "danger", p.danger, &limits::DANGER);
        found.check("rounds", "rounds", p.rounds, &limits::PATH_ROUNDS);
        found.check(
            "km",
            "ground.distance_km",
            p.ground.distance_km,
            &limits::DISTANCE_KM,
        );
        found.check(
            "altitude m",
            "ground.altitude_m",
            p.ground.altitude_m,
            &limits::ALTITUDE_M,
        );
        found.check(
            "depth m",
            "ground.depth_m",
            p.ground.depth_m,
            &limits::DEPTH_M,
        );
        found.check(
            "times travelled",
            "travelled",
            p.travelled,
            &limits::TIMES_TRAVELLED,
        );
        for (i, s) in p.stretches.iter().enumerate() {
            let path = format!("stretches[{i}].from_round");
            found.check(
                "stretch's first round",
                &path,
                s.from_round,
                &limits::STRETCH_FROM_ROUND,
            );
        }
    }
    for r in data.regions.values() {
        found.at(
            Place::Region(r.id.0),
            &format!("region {} ({})", r.id.0, r.name),
        );
        found.check(
            "chance to keep yesterday's weather",
            "keep_percent",
            r.keep_percent,
            &limits::KEEP_PERCENT,
        );
    }
}

fn character(found: &mut Problems, c: &Character) {
    found.at(
        Place::Character(c.id.0),
        &format!("character {} ({})", c.id.0, c.name),
    );
    for (i, stat) in c.companion.stats.iter().enumerate() {
        let path = format!("companion.stats[{i}].value");
        found.check(&stat.name, &path, stat.value, &limits::COMPANION_STAT);
    }
    let e = &c.exploration;
    for (i, t) in e.traits.iter().enumerate() {
        let path = format!("exploration.traits[{i}].value");
        found.check(&t.name, &path, t.value, &limits::TRAIT_OR_SKILL);
    }
    for (i, skill) in e.skills.iter().enumerate() {
        let path = format!("exploration.skills[{i}].value");
        found.check(&skill.name, &path, skill.value, &limits::TRAIT_OR_SKILL);
    }
    for (i, sense) in e.senses.iter().enumerate() {
        let path = format!("exploration.senses[{i}].range_m");
        found.check(
            sense.kind.label(),
            &path,
            sense.range_m,
            &limits::SENSE_RANGE_M,
        );
    }
    let h = &e.hazards;
    found.check("Doom", "exploration.hazards.doom", h.doom, &limits::DOOM);
    found.check(
        "Exhaustion held below 500 m",
        "exploration.hazards.held_exhaustion",
        h.held_exhaustion,
        &(0..=e.exhaustion.max(0)),
    );
    for section in sheet::SECTIONS {
        for f in section.numbers {
            found.check(f.label, f.path, (f.get)(c), &f.range);
        }
        for f in section.tracks {
            let track = (f.get)(c);
            let (label, path) = (format!("{} max", f.label), format!("{}.max", f.path));
            found.check(&label, &path, track.max, &f.max_range);
            let path = format!("{}.current", f.path);
            found.check(
                f.label,
                &path,
                track.current,
                &limits::track_current(track.max),
            );
        }
        for f in section.halves {
            found.check(f.label, f.path, (f.get)(c), &f.range);
        }
    }
}

/// The problems found so far, and the record being checked.
struct Problems {
    found: Vec<Problem>,
    place: Place,
    record: String,
}

impl Default for Problems {
    fn default() -> Self {
        Self {
            found: Vec::new(),
            place: Place::Settings,
            record: String::new(),
        }
    }
}

impl Problems {
    fn at(&mut self, place: Place, record: &str) {
        self.place = place;
        self.record = record.to_owned();
    }

    /// Says why the limits of the value just found outside them are what
    /// they are: "3658 (ten years after …)".
    fn say_why(&mut self, why: &str) {
        if let Some(p) = self.found.last_mut() {
            p.max = format!("{} ({why})", p.max);
        }
    }

    fn check<T: PartialOrd + Display>(
        &mut self,
        label: &str,
        path: &str,
        value: T,
        range: &RangeInclusive<T>,
    ) -> bool {
        let within = range.contains(&value);
        if !within {
            self.found.push(Problem {
                place: self.place.clone(),
                record: self.record.clone(),
                label: label.to_owned(),
                path: path.to_owned(),
                value: value.to_string(),
                min: range.start().to_string(),
                max: range.end().to_string(),
            });
        }
        within
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CharacterId, CharacterKind, Holder, Holding, HoldingId, ItemId, Settings};

    #[test]
    fn a_stack_past_its_limit_is_named() {
        let mut data = CampaignData::new(Settings::new("Test"));
        assert!(problems(&data).is_empty());
        data.holdings.insert(
            HoldingId(3),
            Holding::new(
                HoldingId(3),
                ItemId(1),
                Holder::Character(CharacterId(1)),
                2_000_015,
            ),
        );
        let mut pell = Character::new(CharacterId(1), "Pell", CharacterKind::Hero);
        pell.companion.wild_dice = 4;
        data.characters.insert(pell.id, pell);
        let found: Vec<String> = problems(&data).iter().map(ToString::to_string).collect();
        assert!(
            found.contains(
                &"holding 3 (a missing item of Pell): quantity 2000015 is not between 1 and 1000000"
                    .to_owned()
            ),
            "{found:?}"
        );
        assert!(
            found.contains(&"character 1 (Pell): Wild dice 4 is not between 0 and 3".to_owned()),
            "{found:?}"
        );
        assert_eq!(found.len(), 2, "{found:?}");
        let wild = problems(&data)
            .into_iter()
            .find(|p| p.place == Place::Character(1))
            .expect("the wild dice");
        assert_eq!(
            (wild.path.as_str(), wild.rule().as_str()),
            ("companion.wild_dice", "must be between 0 and 3")
        );
    }

    /// A path's ground for trips is held to its form's ranges: a distance
    /// below 0 in an imported file is named, field and all.
    #[test]
    fn a_paths_ground_out_of_range_is_named() {
        use crate::model::{Ground, MapPath, MapPathId, PlaceId};
        let mut data = CampaignData::new(Settings::new("Test"));
        let path = MapPath {
            ground: Ground {
                distance_km: -5.0,
                ..Ground::default()
            },
            ..MapPath::new(MapPathId(4), "Lane", PlaceId(1), PlaceId(2))
        };
        data.paths.insert(path.id, path);
        let found = problems(&data);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].path, "ground.distance_km");
        assert_eq!(found[0].place, Place::Path(4));
    }

    /// Issue 53: a party off the map is so many km past its place; a
    /// negative distance in an imported file is named.
    #[test]
    fn a_party_beyond_the_map_by_a_negative_distance_is_named() {
        use crate::model::{Beyond, Party, PartyId, PlaceId};
        let mut data = CampaignData::new(Settings::new("Test"));
        let mut party = Party::new(PartyId(3), "Two", data.settings.clock);
        party.travel.beyond = Some(Beyond {
            from: PlaceId(1),
            km: -2.0,
            toward: None,
        });
        data.parties.insert(party.id, party);
        let found = problems(&data);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].path, "travel.beyond.km");
        assert_eq!(found[0].place, Place::Party(3));
    }
}
