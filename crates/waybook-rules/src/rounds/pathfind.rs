//! The Navigation Phase: pathfinding against the path's effective
//! difficulty, the six setbacks, the Totally Lost state, the 🜉 token and
//! path familiarity.

use serde::{Deserialize, Serialize};

use super::OUTCOME_DIE;
use crate::RuleError;
use crate::dice::{Dice, RollRecord};

named_enum! {
    /// "cast 1d6 and consult the table below".
    pub enum Setback("setback") {
        /// 1-2: an extra travel round without getting closer.
        Frustrated => "frustrated",
        /// 3: a wasted round and one more round to the next node.
        Backtracked => "backtracked",
        /// 4: danger counts 1 more until the destination (max 5).
        Noisy => "noisy",
        /// 5: difficulty counts 1 more for the rest of the path.
        Sidetracked => "sidetracked",
        /// 6: lost until a successful pathfind.
        TotallyLost => "totally-lost",
    }
}

impl Setback {
    /// The setback for a d6 face.
    pub fn from_d6(face: u32) -> Self {
        match face {
            0..=2 => Self::Frustrated,
            3 => Self::Backtracked,
            4 => Self::Noisy,
            5 => Self::Sidetracked,
            _ => Self::TotallyLost,
        }
    }

    /// The d6 faces of the row.
    pub fn faces(self) -> (u32, u32) {
        match self {
            Self::Frustrated => (1, 2),
            Self::Backtracked => (3, 3),
            Self::Noisy => (4, 4),
            Self::Sidetracked => (5, 5),
            Self::TotallyLost => (6, 6),
        }
    }

    /// The row's text.
    pub fn description(self) -> &'static str {
        match self {
            Self::Frustrated => "Frustrated: an extra travel round without getting any closer.",
            Self::Backtracked => {
                "Backtracked: the round is wasted and 1 more travel round is needed to reach the next node."
            }
            Self::Noisy => {
                "Noisy: the path's danger counts 1 more until the destination (stacks, never past 5)."
            }
            Self::Sidetracked => {
                "Sidetracked: navigation difficulty counts 1 more until the end of the path (stacks)."
            }
            Self::TotallyLost => {
                "Totally Lost: until a successful pathfind, each failure is Totally Lost again."
            }
        }
    }

    /// Whether the party still gets closer this round.
    pub fn progress(self) -> bool {
        matches!(self, Self::Noisy | Self::Sidetracked)
    }
}

/// A pathfinding request.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Pathfind {
    /// The path's navigation difficulty.
    pub difficulty: i32,
    /// Sidetracked stacks on this path.
    #[serde(default)]
    pub sidetracked: u32,
    /// Earlier successful traversals of the path.
    #[serde(default)]
    pub times_travelled: u32,
    /// Maps, a Guide and other modifiers subtracted from the difficulty.
    #[serde(default)]
    pub modifiers: i32,
    /// Someone took Explore at the last camp (+2 to the roll).
    #[serde(default)]
    pub explored: bool,
    /// The party is Totally Lost.
    #[serde(default)]
    pub lost: bool,
    /// Spend a 🜉 to turn a failure into a success.
    #[serde(default)]
    pub spend_token: bool,
}

/// The outcome of one Navigation Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PathfindResult {
    /// The effective difficulty.
    pub effective: i32,
    /// The d10 as rolled; none when the effective difficulty is 0 or below.
    pub roll: Option<u32>,
    /// Whether pathfinding succeeded.
    pub success: bool,
    /// The setback suffered, if any.
    pub setback: Option<Setback>,
    /// Whether this round brings the party closer.
    pub progress: bool,
    /// Rounds added to the path.
    pub extra_rounds: u32,
    /// Whether the party is lost after this round.
    pub lost: bool,
    /// Whether the 🜉 was spent.
    #[serde(skip)]
    pub token_spent: bool,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

/// "For every previous time the characters have successfully traveled a
/// path, the navigation difficulty is reduced by 2."
pub const FAMILIARITY: i32 = 2;
/// "this action gives the players a +2 to the result the next time they
/// pathfind."
pub const EXPLORE_BONUS: i32 = 2;

impl Pathfind {
    /// Difficulty + Sidetracked - 2 per earlier traversal - modifiers.
    pub fn effective(&self) -> i32 {
        self.difficulty + self.sidetracked as i32
            - FAMILIARITY * self.times_travelled as i32
            - self.modifiers
    }
}

fn outcome(
    effective: i32,
    roll: Option<u32>,
    setback: Option<Setback>,
    lost: bool,
) -> PathfindResult {
    PathfindResult {
        effective,
        roll,
        success: setback.is_none(),
        setback,
        progress: setback.is_none_or(Setback::progress),
        extra_rounds: u32::from(setback == Some(Setback::Backtracked)),
        lost,
        token_spent: false,
        records: Vec::new(),
    }
}

/// Runs the Navigation Phase. Dice: the d10 unless the effective difficulty
/// is 0 or below; then, on a failure with no token spent, the d6 unless
/// already lost.
pub fn pathfind(request: &Pathfind, dice: &mut Dice) -> Result<PathfindResult, RuleError> {
    let effective = request.effective();
    if effective <= 0 {
        return Ok(outcome(effective, None, None, false));
    }
    let roll = dice.roll(OUTCOME_DIE)?;
    let bonus = if request.explored { EXPLORE_BONUS } else { 0 };
    let success = roll as i32 + bonus > effective;
    let record = RollRecord::single("pathfind", OUTCOME_DIE, roll)
        .modifier(bonus, "Explore")
        .target("difficulty", effective)
        .outcome(if success { "success" } else { "fail" });
    let mut result = if success {
        outcome(effective, Some(roll), None, false)
    } else if request.spend_token {
        PathfindResult {
            token_spent: true,
            ..outcome(effective, Some(roll), None, false)
        }
    } else if request.lost {
        outcome(effective, Some(roll), Some(Setback::TotallyLost), true)
    } else {
        let face = dice.roll(6)?;
        let setback = Setback::from_d6(face);
        let mut result = outcome(
            effective,
            Some(roll),
            Some(setback),
            setback == Setback::TotallyLost,
        );
        result
            .records
            .push(RollRecord::single("setback", 6, face).outcome(setback.as_str()));
        result
    };
    result.records.insert(0, record);
    Ok(result)
}

/// What a party carries along one path between nodes: the stacking
/// setbacks and the Totally Lost state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PathState {
    /// Sidetracked stacks (+1 difficulty each).
    pub sidetracked: u32,
    /// Noisy stacks (+1 danger each, danger never past 5 this way).
    pub noisy: u32,
    /// Whether the party is Totally Lost.
    pub lost: bool,
    /// Rounds still needed to reach the next node.
    pub rounds_left: u32,
}

impl PathState {
    /// A fresh path needing `rounds` travel rounds.
    pub fn new(rounds: u32) -> Self {
        Self {
            rounds_left: rounds,
            ..Self::default()
        }
    }

    /// Applies one round's navigation.
    pub fn apply(&mut self, result: &PathfindResult) {
        match result.setback {
            Some(Setback::Noisy) => self.noisy += 1,
            Some(Setback::Sidetracked) => self.sidetracked += 1,
            _ => {}
        }
        self.lost = result.lost;
        self.rounds_left += result.extra_rounds;
        if result.progress {
            self.rounds_left = self.rounds_left.saturating_sub(1);
        }
    }

    /// Whether the path is done.
    pub fn arrived(&self) -> bool {
        self.rounds_left == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(difficulty: i32) -> Pathfind {
        Pathfind {
            difficulty,
            sidetracked: 0,
            times_travelled: 0,
            modifiers: 0,
            explored: false,
            lost: false,
            spend_token: false,
        }
    }

    fn run(request: &Pathfind, faces: Vec<u32>) -> PathfindResult {
        pathfind(request, &mut Dice::scripted(faces)).unwrap()
    }

    /// "If the resulting number is zero or below, the Navigation Phase ends";
    /// "the navigation difficulty is reduced by 2" per earlier traversal.
    #[test]
    fn zero_or_below_needs_no_roll() {
        let familiar = Pathfind {
            times_travelled: 2,
            sidetracked: 1,
            modifiers: 1,
            lost: true,
            ..request(4)
        };
        let result = run(&familiar, vec![]);
        assert_eq!(familiar.effective(), 0);
        assert_eq!(
            (result.roll, result.success, result.lost, result.progress),
            (None, true, false, true)
        );
    }

    /// "If the result is greater than the number they derived ... without
    /// further incident."
    #[test]
    fn greater_than_the_effective_difficulty_succeeds() {
        assert!(run(&request(6), vec![7]).success);
        let equal = run(&request(6), vec![6, 1]);
        assert_eq!(
            (equal.success, equal.setback),
            (false, Some(Setback::Frustrated))
        );
    }

    /// Explore: "a +2 to the result the next time they pathfind", never to
    /// the difficulty.
    #[test]
    fn explore_adds_two_to_the_roll() {
        let result = run(
            &Pathfind {
                explored: true,
                ..request(6)
            },
            vec![5],
        );
        assert_eq!(
            (result.effective, result.roll, result.success),
            (6, Some(5), true)
        );
        assert_eq!(
            result.records[0].to_string(),
            "pathfind: d10 = 5, +2 Explore = 7 vs difficulty 6: success"
        );
    }

    /// Every row of the setback table.
    #[test]
    fn every_setback() {
        for (face, setback, progress, extra, lost) in [
            (1, Setback::Frustrated, false, 0, false),
            (2, Setback::Frustrated, false, 0, false),
            (3, Setback::Backtracked, false, 1, false),
            (4, Setback::Noisy, true, 0, false),
            (5, Setback::Sidetracked, true, 0, false),
            (6, Setback::TotallyLost, false, 0, true),
        ] {
            let r = run(&request(6), vec![2, face]);
            assert_eq!(
                (r.success, r.setback, r.progress, r.extra_rounds, r.lost),
                (false, Some(setback), progress, extra, lost),
                "d6 {face}"
            );
        }
    }

    /// "one of them may instead spend an 🜉 to succeed."
    #[test]
    fn a_token_turns_failure_into_success() {
        let r = run(
            &Pathfind {
                spend_token: true,
                lost: true,
                ..request(6)
            },
            vec![2],
        );
        assert_eq!(
            (r.success, r.setback, r.lost, r.token_spent),
            (true, None, false, true)
        );
        let unspent = run(
            &Pathfind {
                spend_token: true,
                ..request(6)
            },
            vec![9],
        );
        assert!(!unspent.token_spent);
    }

    /// "each additional failure will count as though they are Totally Lost
    /// for another travel round"; the first success ends it.
    #[test]
    fn lost_stays_lost_until_a_success() {
        let again = run(
            &Pathfind {
                lost: true,
                ..request(6)
            },
            vec![3],
        );
        assert_eq!(
            (again.setback, again.lost, again.progress),
            (Some(Setback::TotallyLost), true, false)
        );
        let found = run(
            &Pathfind {
                lost: true,
                ..request(6)
            },
            vec![8],
        );
        assert_eq!((found.lost, found.progress), (false, true));
    }

    #[test]
    fn path_state_stacks_setbacks() {
        let mut state = PathState::new(2);
        state.apply(&run(&request(6), vec![2, 3]));
        assert_eq!(state.rounds_left, 3);
        state.apply(&run(&request(6), vec![2, 5]));
        state.apply(&run(&request(6), vec![2, 4]));
        assert_eq!(
            (state.sidetracked, state.noisy, state.rounds_left),
            (1, 1, 1)
        );
        state.apply(&run(&request(6), vec![9]));
        assert!(state.arrived());
    }
}
