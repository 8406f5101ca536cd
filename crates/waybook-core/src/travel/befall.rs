//! What the GM's own tables do to a party's animals (NOTES.md, "Animals
//! and vehicles": "an animal is named only by entries of the GM's own
//! tables"). A rolled row's `{lame: Mule}` or `{lost: animal}` names one of
//! the party's animals of that type (any, for "animal"), picked by a die
//! when there are several: one that goes lame takes a Wound (its type's
//! Wounds, a house rule); one that is lost leaves the party with what it
//! carries (riderless, out of its team, by `model::ties`), for the GM to
//! bring back from its sheet when it is found.

use crate::model::{CampaignData, Character, CharacterId, PartyId};
use waybook_rules::dice::{Dice, DiceError, RollRecord};
use waybook_rules::nested::{Fate, Piece, pieces};

/// The word of a mark that names any of the party's animals.
pub const ANY_ANIMAL: &str = "animal";

/// A rolled result with its marks said: the text, the dice that picked
/// the animals, and what befalls each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Befalling {
    pub text: String,
    pub picks: Vec<RollRecord>,
    pub animals: Vec<(CharacterId, Fate)>,
}

/// Whether the mark's `who` names `animal`: its type, or any animal.
fn named(who: &str, animal: &Character) -> bool {
    who.eq_ignore_ascii_case(ANY_ANIMAL)
        || (animal.animal.as_ref()).is_some_and(|a| a.breed.eq_ignore_ascii_case(who))
}

/// `result`, a row rolled for `party`, with each mark befalling one of the
/// party's animals it names (one not already lost to an earlier mark),
/// picked with a die when several are named: "Bess the Mule goes lame".
/// With none named, the mark is said as it would befall ("a Mule goes
/// lame") and the GM is told the party has none.
pub fn befall(
    data: &CampaignData,
    party: PartyId,
    result: &str,
    dice: &mut Dice,
) -> Result<Befalling, DiceError> {
    let mut befalling = Befalling {
        text: String::new(),
        picks: Vec::new(),
        animals: Vec::new(),
    };
    let Ok(pieces) = pieces("", result) else {
        befalling.text = result.to_owned();
        return Ok(befalling);
    };
    for piece in pieces {
        let (fate, who) = match piece {
            Piece::Animal(fate, who) => (fate, who),
            Piece::Text(text) => {
                befalling.text.push_str(&text);
                continue;
            }
            // Rolled already: a result holds no dice or tables.
            Piece::Dice(_) | Piece::Table(_) => continue,
        };
        let lost =
            |id: CharacterId| (befalling.animals.iter()).any(|(a, f)| *a == id && *f == Fate::Lost);
        let named: Vec<&Character> = (data.members(party))
            .filter(|c| c.is_animal() && named(&who, c) && !lost(c.id))
            .collect();
        let picked = match named.len() {
            0 => None,
            1 => named.first().copied(),
            n => {
                let sides = u32::try_from(n).unwrap_or(u32::MAX);
                let face = dice.roll(sides)?;
                let picked = named.get(face as usize - 1).copied();
                let what = format!("Which {who}: {}", names(&named));
                befalling.picks.push(RollRecord::single(what, sides, face));
                picked
            }
        };
        match picked {
            Some(animal) => {
                let breed = (animal.animal.as_ref()).map_or("animal", |a| a.breed.as_str());
                let name = format!("{} the {breed}", animal.name);
                befalling.text.push_str(&fate.befalls(&name));
                befalling.animals.push((animal.id, fate));
            }
            None => {
                befalling.text.push_str(&fate.said(&who));
                befalling
                    .text
                    .push_str(&format!(" (the party has no {who} to spare)"));
            }
        }
    }
    Ok(befalling)
}

/// The names of `animals` in order, "1 Bess, 2 Clover", as the die reads them.
fn names(animals: &[&Character]) -> String {
    (1..)
        .zip(animals)
        .map(|(face, c)| format!("{face} {}", c.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `result` with each mark said in words, for a roll of no party: "a Mule
/// goes lame".
pub fn in_words(result: &str) -> String {
    let Ok(pieces) = pieces("", result) else {
        return result.to_owned();
    };
    pieces
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(text) => text,
            Piece::Animal(fate, who) => fate.said(&who),
            Piece::Dice(_) | Piece::Table(_) => String::new(),
        })
        .collect()
}

/// `fate` done to `animal` (the party's, as the step leaves it), in words
/// for the log: a Wound for a lame one, the party left for a lost one.
pub fn suffer(fate: Fate, animal: &mut Character) -> String {
    match fate {
        Fate::Lame => {
            let wounds = &mut animal.companion.wounds;
            wounds.current = (wounds.current - 1).max(0);
            let left = if wounds.current == 0 {
                "no Wounds left: it is down".to_owned()
            } else {
                format!("{} of {} Wounds left", wounds.current, wounds.max)
            };
            format!(
                "{} takes a Wound ({left}; an animal's Wounds are a house rule).",
                animal.name
            )
        }
        Fate::Lost => {
            animal.party = None;
            if let Some(a) = animal.animal.as_mut() {
                a.rider = None;
            }
            format!(
                "{} leaves the party with what it carries; set its party on its sheet when it is found.",
                animal.name
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Animal, AnimalType, Party};

    fn party_with_mules() -> (CampaignData, PartyId, Vec<CharacterId>) {
        let mut data = CampaignData::new(crate::model::Settings::new("Test"));
        let party = Party::new(PartyId(1), "Company", data.settings.clock);
        data.parties.insert(party.id, party);
        let types = AnimalType::standard();
        let mut ids = Vec::new();
        for (n, breed) in [(1, "Mule"), (2, "Mule"), (3, "Riding horse")] {
            let mut c = Character::new(
                CharacterId(n),
                format!("Beast {n}"),
                crate::model::CharacterKind::Animal,
            );
            c.party = Some(PartyId(1));
            c.animal = Some(Animal {
                breed: breed.to_owned(),
                rider: None,
            });
            (types.iter().find(|t| t.name == breed))
                .expect("a standard type")
                .put_on(&mut c);
            data.characters.insert(c.id, c);
            ids.push(CharacterId(n));
        }
        (data, PartyId(1), ids)
    }

    /// "an animal is named only by entries of the GM's own tables": a mark
    /// names one of the party's animals of its type, a die picking among
    /// several; the same animal is not lost twice.
    #[test]
    fn a_mark_befalls_one_animal_of_its_type() {
        let (data, party, ids) = party_with_mules();
        let mut dice = Dice::scripted(vec![2, 1]);
        let got = befall(
            &data,
            party,
            "Scree: {lame: riding horse}; {lost: Mule}, {lost: mule}",
            &mut dice,
        )
        .expect("rolled");
        assert_eq!(
            got.text,
            "Scree: Beast 3 the Riding horse goes lame; Beast 2 the Mule is lost, Beast 1 the Mule is lost"
        );
        assert_eq!(
            got.animals,
            vec![
                (ids[2], Fate::Lame),
                (ids[1], Fate::Lost),
                (ids[0], Fate::Lost)
            ]
        );
        assert_eq!(got.picks.len(), 1, "one die, for the two mules");
        assert_eq!(
            got.picks[0].to_string(),
            "Which Mule: 1 Beast 1, 2 Beast 2: d2 = 2"
        );
    }

    #[test]
    fn a_mark_naming_no_animal_of_the_party_is_said_and_nothing_befalls() {
        let (data, party, _) = party_with_mules();
        let got = befall(&data, party, "{lost: Camel}", &mut Dice::scripted(vec![]))
            .expect("no die rolled");
        assert_eq!(
            got.text,
            "a Camel is lost (the party has no Camel to spare)"
        );
        assert!(got.animals.is_empty());
        assert_eq!(in_words("Mud: {lame: animal}"), "Mud: an animal goes lame");
    }

    #[test]
    fn a_lame_animal_takes_a_wound_and_a_lost_one_leaves_its_rider() {
        let (mut data, _, ids) = party_with_mules();
        let horse = data.characters.get_mut(&ids[2]).expect("the horse");
        let max = horse.companion.wounds.max;
        let words = suffer(Fate::Lame, horse);
        assert_eq!(horse.companion.wounds.current, max - 1);
        assert!(
            words.contains(&format!("{} of {max} Wounds left", max - 1)),
            "{words}"
        );
        horse.companion.wounds.current = 1;
        assert!(suffer(Fate::Lame, horse).contains("it is down"));
        assert_eq!(horse.companion.wounds.current, 0, "never below none");
        if let Some(a) = horse.animal.as_mut() {
            a.rider = Some(CharacterId(9));
        }
        suffer(Fate::Lost, horse);
        assert_eq!(horse.party, None);
        assert_eq!(horse.animal.as_ref().and_then(|a| a.rider), None);
    }
}
