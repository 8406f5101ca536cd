//! The Encounter Phase: the encounter die against the threshold and danger
//! rating, the benign table, wild areas and the choices Scouting gives.

use serde::{Deserialize, Serialize};

use super::OUTCOME_DIE;
use crate::RuleError;
use crate::dice::{Dice, RollRecord};

/// "the danger rating can never increase past 5 in this manner."
pub const NOISY_DANGER_CAP: u32 = 5;

named_enum! {
    /// What the encounter die finds.
    pub enum Kind("encounter kind") {
        /// A natural hazard that impedes progress.
        Hazard => "hazard",
        /// Combat with a group of warriors.
        Warriors => "warriors",
        /// A benign encounter.
        Benign => "benign",
    }
}

named_enum! {
    /// "cast 1d6 and consult the table below to see what the players encounter."
    pub enum Benign("benign encounter") {
        /// 1-3: nothing eventful happens.
        Peace => "peace",
        /// 4: 1 Exploration 🜹 for discovering something new.
        Landmark => "landmark",
        /// 5: no Supplies spent at camp.
        FellowTravelers => "fellow-travelers",
        /// 6: a merchant sells a few supplies.
        Merchant => "merchant",
    }
}

impl Benign {
    /// The benign encounter for a d6 face; in a wild area all but Landmark
    /// are Peace.
    pub fn from_d6(face: u32, wild: bool) -> Self {
        let benign = match face {
            0..=3 => Self::Peace,
            4 => Self::Landmark,
            5 => Self::FellowTravelers,
            _ => Self::Merchant,
        };
        if wild && benign != Self::Landmark {
            Self::Peace
        } else {
            benign
        }
    }

    /// The benign roll's record: the d6 and what it gives, saying so when
    /// a wild area turned the row into Peace ("fellow-travelers, peace in
    /// a wild area").
    pub fn record(face: u32, wild: bool) -> RollRecord {
        let found = Self::from_d6(face, wild);
        let tame = Self::from_d6(face, false);
        let outcome = if found == tame {
            found.as_str().to_owned()
        } else {
            format!("{tame}, {found} in a wild area")
        };
        RollRecord::single("benign", 6, face).outcome(outcome)
    }

    /// The d6 faces of the row.
    pub fn faces(self) -> (u32, u32) {
        match self {
            Self::Peace => (1, 3),
            Self::Landmark => (4, 4),
            Self::FellowTravelers => (5, 5),
            Self::Merchant => (6, 6),
        }
    }

    /// The row's text.
    pub fn description(self) -> &'static str {
        match self {
            Self::Peace => "Peace: nothing eventful happens.",
            Self::Landmark => "Landmark: an unexpected landmark; the players earn 1 Exploration 🜹.",
            Self::FellowTravelers => {
                "Fellow Travelers: friendly NPCs share resources; no Supplies are spent at camp."
            }
            Self::Merchant => "Merchant: a travelling merchant sells a few supplies.",
        }
    }
}

/// An encounter-die request.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Encounter {
    /// The path's navigation difficulty.
    pub difficulty: i32,
    /// Sidetracked stacks (part of the current difficulty).
    #[serde(default)]
    pub sidetracked: u32,
    /// The path's danger rating.
    pub danger: u32,
    /// Noisy stacks.
    #[serde(default)]
    pub noisy: u32,
    /// Too wild for friendly NPCs.
    #[serde(default)]
    pub wild: bool,
}

impl Encounter {
    /// `10 - floor(current difficulty / 2)`.
    pub fn threshold(&self) -> i32 {
        10 - (self.difficulty + self.sidetracked as i32).div_euclid(2)
    }

    /// The danger rating with Noisy stacks, which never push it past 5.
    pub fn danger(&self) -> u32 {
        self.danger
            .max((self.danger + self.noisy).min(NOISY_DANGER_CAP))
    }

    /// The kind a d10 face gives.
    pub fn kind(&self, face: u32) -> Kind {
        if face as i32 > self.threshold() {
            Kind::Hazard
        } else if face <= self.danger() {
            Kind::Warriors
        } else {
            Kind::Benign
        }
    }

    /// Whether any face of the encounter die gives a benign encounter.
    pub fn benign_possible(&self) -> bool {
        (1..=OUTCOME_DIE).any(|face| self.kind(face) == Kind::Benign)
    }
}

/// The encounter die's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EncounterResult {
    /// `10 - floor(current difficulty / 2)`.
    pub threshold: i32,
    /// The d10 as rolled.
    pub roll: u32,
    /// What the party meets.
    pub kind: Kind,
    /// The benign encounter, if any.
    pub benign: Option<Benign>,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

/// Casts the encounter die. Dice: the d10, then a d6 if benign.
pub fn encounter(request: &Encounter, dice: &mut Dice) -> Result<EncounterResult, RuleError> {
    let roll = dice.roll(OUTCOME_DIE)?;
    let kind = request.kind(roll);
    let mut records = vec![
        RollRecord::single("encounter", OUTCOME_DIE, roll)
            .target("threshold", request.threshold())
            .outcome(kind.as_str()),
    ];
    let benign = if kind == Kind::Benign {
        let face = dice.roll(6)?;
        records.push(Benign::record(face, request.wild));
        Some(Benign::from_d6(face, request.wild))
    } else {
        None
    };
    Ok(EncounterResult {
        threshold: request.threshold(),
        roll,
        kind,
        benign,
        records,
    })
}

/// What a successful Scout lets the party do with the encounter cast early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScoutChoice {
    /// The kind the GM predicted.
    pub predicted: Kind,
    /// The kind the party may take instead: benign, or the opposite kind when
    /// no benign encounter was possible; none when the prediction is benign.
    pub instead: Option<Kind>,
}

/// "they may choose to have a benign encounter instead. If there would
/// otherwise be no probability of a benign encounter, they must instead
/// choose the opposite kind of encounter to the result."
pub fn scout_choice(request: &Encounter, predicted: Kind) -> ScoutChoice {
    let instead = match predicted {
        Kind::Benign => None,
        _ if request.benign_possible() => Some(Kind::Benign),
        Kind::Hazard => Some(Kind::Warriors),
        Kind::Warriors => Some(Kind::Hazard),
    };
    ScoutChoice { predicted, instead }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(difficulty: i32, danger: u32) -> Encounter {
        Encounter {
            difficulty,
            sidetracked: 0,
            danger,
            noisy: 0,
            wild: false,
        }
    }

    fn run(request: &Encounter, faces: Vec<u32>) -> EncounterResult {
        encounter(request, &mut Dice::scripted(faces)).unwrap()
    }

    /// "take the current navigation difficulty, divide by two, round down,
    /// and subtract it from 10. If the result is greater than this number ...
    /// a natural hazard."
    #[test]
    fn above_the_threshold_is_a_hazard() {
        let r = run(&request(6, 2), vec![8]);
        assert_eq!((r.threshold, r.kind, r.benign), (7, Kind::Hazard, None));
        let sidetracked = Encounter {
            sidetracked: 1,
            ..request(6, 2)
        };
        assert_eq!(sidetracked.threshold(), 7);
        assert_eq!(
            Encounter {
                sidetracked: 2,
                ..request(6, 2)
            }
            .threshold(),
            6
        );
    }

    /// "if the result is less than or equal to the danger rating ... warriors."
    #[test]
    fn at_most_the_danger_is_warriors() {
        assert_eq!(run(&request(6, 2), vec![2]).kind, Kind::Warriors);
        assert_eq!(run(&request(6, 2), vec![3, 1]).kind, Kind::Benign);
    }

    /// The hazard check comes first, even when danger is high.
    #[test]
    fn hazard_is_checked_before_warriors() {
        assert_eq!(run(&request(10, 9), vec![6]).kind, Kind::Hazard);
    }

    /// Noisy: "the danger rating can never increase past 5 in this manner."
    #[test]
    fn noise_never_pushes_danger_past_five() {
        assert_eq!(
            Encounter {
                noisy: 2,
                ..request(6, 2)
            }
            .danger(),
            4
        );
        assert_eq!(
            Encounter {
                noisy: 9,
                ..request(6, 2)
            }
            .danger(),
            5
        );
        assert_eq!(
            Encounter {
                noisy: 1,
                ..request(6, 7)
            }
            .danger(),
            7
        );
        assert_eq!(
            run(
                &Encounter {
                    noisy: 2,
                    ..request(6, 2)
                },
                vec![4]
            )
            .kind,
            Kind::Warriors
        );
    }

    /// Every row of the benign table, and wild areas.
    #[test]
    fn every_benign_row() {
        for (face, tame, wild) in [
            (1, Benign::Peace, Benign::Peace),
            (2, Benign::Peace, Benign::Peace),
            (3, Benign::Peace, Benign::Peace),
            (4, Benign::Landmark, Benign::Landmark),
            (5, Benign::FellowTravelers, Benign::Peace),
            (6, Benign::Merchant, Benign::Peace),
        ] {
            assert_eq!(run(&request(6, 2), vec![5, face]).benign, Some(tame));
            let wild_request = Encounter {
                wild: true,
                ..request(6, 2)
            };
            assert_eq!(
                run(&wild_request, vec![5, face]).benign,
                Some(wild),
                "wild d6 {face}"
            );
        }
    }

    /// Scouting: benign instead, or the opposite kind when none is possible.
    #[test]
    fn scouting_choices() {
        assert_eq!(
            scout_choice(&request(6, 2), Kind::Warriors).instead,
            Some(Kind::Benign)
        );
        let grim = request(6, 7);
        assert!(!grim.benign_possible());
        assert_eq!(
            scout_choice(&grim, Kind::Warriors).instead,
            Some(Kind::Hazard)
        );
        assert_eq!(
            scout_choice(&grim, Kind::Hazard).instead,
            Some(Kind::Warriors)
        );
        assert_eq!(scout_choice(&request(6, 2), Kind::Benign).instead, None);
    }
}
