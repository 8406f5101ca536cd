//! What a character carries against the house rule's limit (issue 54:
//! "what each character carries (their kit's weight, a limit each as a
//! house rule with a default)"). The texts give no figure (NOTES.md,
//! "Animals and vehicles"): the limit is Waybook's default, said as a
//! house rule wherever it shows, and the GM edits it on the Campaign
//! screen.

use crate::model::{CampaignData, CharacterId, Holder, kg};

/// A character's load: the weight of what they hold, and the limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Carried {
    pub kg: f64,
    pub limit_kg: f64,
}

impl Carried {
    /// What `who` carries now, against the campaign's house rule.
    pub fn of(data: &CampaignData, who: CharacterId) -> Self {
        Self {
            kg: data.totals_of(Holder::Character(who)).weight,
            limit_kg: data.settings.house_rules.carry_kg,
        }
    }

    /// Whether it is more than the house rule's limit.
    pub fn over(&self) -> bool {
        self.kg > self.limit_kg + 1e-9
    }

    /// "12.5 of 25 kg carried (house rule)"; over it, "31 kg carried: 6 kg
    /// over the house rule's 25 kg".
    pub fn words(&self) -> String {
        if self.over() {
            format!(
                "{} carried: {} over the house rule's {}",
                kg(self.kg),
                kg(self.kg - self.limit_kg),
                kg(self.limit_kg)
            )
        } else {
            format!(
                "{} of {} carried (house rule)",
                crate::model::decimal_to(self.kg, 3),
                kg(self.limit_kg)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Carried;
    use crate::model::{
        CampaignData, Category, Change, Character, CharacterId, CharacterKind, Holder, Holding,
        HoldingId, Item, ItemId, Settings,
    };

    /// Three 10 kg sacks against Waybook's 25 kg: 5 kg over, said with the
    /// house rule; the GM's 40 kg takes them.
    #[test]
    fn a_load_is_said_against_the_house_rule() {
        let mut data = CampaignData::new(Settings::new("Test"));
        let bo = Character::new(CharacterId(1), "Bo", CharacterKind::Hero);
        let sack = Item {
            weight: 10.0,
            ..Item::new(ItemId(1), "Sack of grain", Category::Kit)
        };
        let held = Holding::new(HoldingId(1), sack.id, Holder::Character(bo.id), 3);
        data.apply(&Change::character(None, Some(&bo)));
        data.apply(&Change::of(None, Some(&sack)));
        data.apply(&Change::of(None, Some(&held)));
        let carried = Carried::of(&data, bo.id);
        assert!(carried.over());
        assert_eq!(
            carried.words(),
            "30 kg carried: 5 kg over the house rule's 25 kg"
        );
        data.settings.house_rules.carry_kg = 40.0;
        let carried = Carried::of(&data, bo.id);
        assert!(!carried.over());
        assert_eq!(carried.words(), "30 of 40 kg carried (house rule)");
    }
}
