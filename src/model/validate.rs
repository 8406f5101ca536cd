//! Whether every value of a campaign keeps to its limits (`model::limits`):
//! `waybook check` lists each one that does not, naming the record and field.

use super::{CampaignData, Character, limits, sheet};
use std::fmt::Display;
use std::ops::RangeInclusive;

/// One line per value outside its limits, such as
/// "holding 12 (Trail rations of Pell): quantity 2000015 is not between 1 and 1000000".
pub fn problems(data: &CampaignData) -> Vec<String> {
    let mut found = Problems::default();
    let s = &data.settings;
    found.check(
        "the campaign",
        "day length",
        s.day_hours,
        &limits::DAY_HOURS,
    );
    found.check(
        "the campaign",
        "long rest degrees",
        s.long_rest_degrees,
        &limits::LONG_REST_DEGREES,
    );
    for p in data.parties.values() {
        let what = format!("party {} ({})", p.id.0, p.name);
        found.check(&what, "supplies", p.supplies, &limits::SUPPLIES);
    }
    for i in data.items.values() {
        let what = format!("item {} ({})", i.id.0, i.name);
        found.check(&what, "food units", i.food_units, &limits::FOOD_UNITS);
        found.check(&what, "weight", i.weight, &limits::WEIGHT);
    }
    for h in data.holdings.values() {
        let item = data
            .items
            .get(&h.item)
            .map_or("a missing item", |i| &i.name);
        let what = format!(
            "holding {} ({item} of {})",
            h.id.0,
            data.holder_name(h.holder)
        );
        found.check(&what, "quantity", h.quantity, &limits::QUANTITY);
    }
    for c in data.characters.values() {
        character(&mut found, c);
    }
    found.0
}

fn character(found: &mut Problems, c: &Character) {
    let what = format!("character {} ({})", c.id.0, c.name);
    for stat in &c.companion.stats {
        found.check(&what, &stat.name, stat.value, &limits::COMPANION_STAT);
    }
    let e = &c.exploration;
    for t in &e.traits {
        found.check(&what, &t.name, t.value, &limits::TRAIT_OR_SKILL);
    }
    for skill in &e.skills {
        found.check(&what, &skill.name, skill.value, &limits::TRAIT_OR_SKILL);
    }
    for section in sheet::SECTIONS {
        for f in section.numbers {
            found.check(&what, f.label, (f.get)(c), &f.range);
        }
        for f in section.tracks {
            let track = (f.get)(c);
            found.check(&what, &format!("{} max", f.label), track.max, &f.max_range);
            found.check(&what, f.label, track.current, &(0..=track.max));
        }
        for f in section.halves {
            found.check(&what, f.label, (f.get)(c), &f.range);
        }
    }
}

#[derive(Default)]
struct Problems(Vec<String>);

impl Problems {
    fn check<T: PartialOrd + Display>(
        &mut self,
        what: &str,
        field: &str,
        value: T,
        range: &RangeInclusive<T>,
    ) {
        if !range.contains(&value) {
            self.0.push(format!(
                "{what}: {field} {value} is not between {} and {}",
                range.start(),
                range.end()
            ));
        }
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
            Holding {
                id: HoldingId(3),
                item: ItemId(1),
                holder: Holder::Character(CharacterId(1)),
                quantity: 2_000_015,
            },
        );
        let mut pell = Character::new(CharacterId(1), "Pell", CharacterKind::Hero);
        pell.companion.wild_dice = 4;
        data.characters.insert(pell.id, pell);
        let found = problems(&data);
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
    }
}
