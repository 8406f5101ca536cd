//! Animals: the table of animal types a campaign keeps among its house
//! rules (the texts give no figures: NOTES.md, "Animals and vehicles"), with
//! Waybook's defaults, and what makes a character an animal (its type and
//! its rider). An animal is a member of its party like any character: it
//! marches, is tested, eats and tires by the same rules, with the figures
//! its type puts on its sheet; it is neither hero nor ally.

use super::{Character, CharacterId, Track};
use serde::{Deserialize, Serialize};

/// One type of animal and the figures every animal of it has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnimalType {
    pub name: String,
    /// Its Endurance trait: the tests' ability and the days it goes
    /// without food.
    pub endurance: i64,
    /// Its Stamina skill: the rest of an Endurance (Stamina) test's bonus.
    pub stamina: i64,
    /// Its speed on normal terrain, in km per hour: a rider's, or a pack
    /// animal's led.
    pub km_per_hour: f64,
    /// Its day's food and drink in percent of a character's 40 units.
    pub food_percent: i64,
    /// What it carries, in kg (a rider's weight apart).
    pub carry_kg: f64,
    /// Its Wounds.
    pub wounds: i64,
    /// Whether it feeds itself on a day where the land allows grazing.
    pub grazes: bool,
}

impl AnimalType {
    /// Waybook's types, the figures a GM starts from (house rules, not
    /// the texts').
    pub fn standard() -> Vec<AnimalType> {
        [
            ("Riding horse", 2, 2, 7.0, 250, 80.0, 6, true),
            ("Pony", 1, 1, 5.0, 150, 50.0, 4, true),
            ("Mule", 2, 2, 5.0, 200, 90.0, 5, true),
            ("Draught ox", 3, 1, 3.0, 300, 150.0, 7, true),
            ("Camel", 3, 3, 5.0, 250, 150.0, 6, true),
            ("Dog", 1, 1, 6.0, 50, 10.0, 3, false),
        ]
        .into_iter()
        .map(
            |(name, endurance, stamina, km_per_hour, food_percent, carry_kg, wounds, grazes)| {
                AnimalType {
                    name: name.to_owned(),
                    endurance,
                    stamina,
                    km_per_hour,
                    food_percent,
                    carry_kg,
                    wounds,
                    grazes,
                }
            },
        )
        .collect()
    }

    /// A new type for the GM to name and fill in: a mule's figures.
    pub fn blank(name: impl Into<String>) -> Self {
        let mut new = Self::standard().swap_remove(2);
        new.name = name.into();
        new
    }

    /// Puts the type's figures on `c`'s sheet: its Endurance, Stamina, food
    /// need and Wounds (the wounds taken kept), so the march, the heat and
    /// cold and the days without food read an animal as they read anyone.
    pub fn put_on(&self, c: &mut Character) {
        set_named(&mut c.exploration.traits, "Endurance", self.endurance);
        set_skill(&mut c.exploration.skills, "Stamina", self.stamina);
        c.exploration.food_percent = self.food_percent;
        let taken = c.companion.wounds.max - c.companion.wounds.current;
        c.companion.wounds = Track {
            max: self.wounds,
            current: (self.wounds - taken).clamp(0, self.wounds),
        };
    }

    /// Whether `c`'s sheet has this type's figures.
    pub fn is_on(&self, c: &Character) -> bool {
        let mut put = c.clone();
        self.put_on(&mut put);
        put == *c
    }
}

fn set_named(stats: &mut Vec<super::NamedStat>, name: &str, value: i64) {
    match stats.iter_mut().find(|s| s.name == name) {
        Some(s) => s.value = value,
        None => stats.push(super::NamedStat::new(name, value)),
    }
}

fn set_skill(skills: &mut Vec<super::Skill>, name: &str, value: i64) {
    match skills.iter_mut().find(|s| s.name == name) {
        Some(s) => s.value = value,
        None => skills.push(super::Skill {
            name: name.to_owned(),
            value,
        }),
    }
}

/// What makes a character an animal: its type, by name, and who rides it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Animal {
    #[serde(rename = "type")]
    pub breed: String,
    /// The member of its party who rides it, if any.
    #[serde(default)]
    pub rider: Option<CharacterId>,
}

impl super::CampaignData {
    /// The animal `rider` rides, if any.
    pub fn mount_of(&self, rider: CharacterId) -> Option<&Character> {
        (self.characters.values()).find(|c| c.animal.as_ref().and_then(|a| a.rider) == Some(rider))
    }

    /// The vehicle `animal` draws, if any.
    pub fn drawn_by(&self, animal: CharacterId) -> Option<&super::Vehicle> {
        self.vehicles.values().find(|v| v.team.contains(&animal))
    }

    /// How an animal goes, in words: "ridden by Marta the Guide", "draws
    /// The company cart", "led".
    pub fn animal_goes(&self, animal: &Character) -> String {
        let rider = animal.animal.as_ref().and_then(|a| a.rider);
        match (rider, self.drawn_by(animal.id)) {
            (Some(r), _) => format!(
                "ridden by {}",
                self.characters.get(&r).map_or("?", |r| r.name.as_str())
            ),
            (None, Some(v)) => format!("draws {}", v.name),
            (None, None) => "led".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AnimalType;
    use crate::model::{Character, CharacterId, CharacterKind};

    /// NOTES.md: an animal "is tested for heat, cold and swimming, eats and
    /// drinks food units, and gains exhaustion by the same rules as a
    /// character, with its own figures": the type's figures are the ones
    /// the rules read from the sheet, and a wound taken stays taken.
    #[test]
    fn a_type_puts_its_figures_where_the_rules_read_them() {
        let mule = &AnimalType::standard()[2];
        let mut c = Character::new(CharacterId(1), "Bess", CharacterKind::Animal);
        c.companion.wounds.current -= 2;
        mule.put_on(&mut c);
        assert_eq!(
            c.exploration.endurance_bonus(),
            4,
            "Endurance 2 + Stamina 2"
        );
        assert_eq!(c.exploration.food_multiplier(2.0), 4.0, "200 % on a ×2 day");
        assert_eq!((c.companion.wounds.current, c.companion.wounds.max), (3, 5));
        assert!(mule.is_on(&c));
        assert!(!AnimalType::standard()[0].is_on(&c), "a horse's are not");
    }
}
