//! Every roll into the campaign log: a step that rolls is played with the
//! tape of the one dice source cleared, and the faces it rolled go into the
//! same edit as a log entry (so undoing the edit marks the entry undone,
//! see `Session::undo`); a roll of the dice roller or a table is recorded
//! as an edit of its own.

use super::{App, Command};
use waybook_core::model::log::with_rolls;
use waybook_core::model::step::PlayStep;
use waybook_core::model::{Change, Edit, LogEntry, LogKind};

/// The real time as the log keeps it: "2026-12-01 14:05", the GM's own zone.
pub use waybook_core::model::log::real_time;

/// Tonight's game night: the real date.
pub fn tonight() -> String {
    waybook_core::model::log::night_of(&real_time()).to_owned()
}

impl App {
    /// Plays a step of any domain on the campaign as it is now: the dice's
    /// tape emptied first, then the edit applied with the log entry of its
    /// rolls, or the step's failure said with the reason.
    pub(super) fn play_step(&mut self, step: &dyn PlayStep) {
        let Some(session) = &self.session else { return };
        self.dice.take_tape();
        let played = step
            .play(&session.data, &mut self.dice)
            .map_err(|e| format!("{}: {e}", step.failure()));
        self.logged(step.kind(), played);
    }

    /// Applies a played step's edit with the log entry of its rolls, or
    /// says why it could not be played.
    pub(super) fn logged(&mut self, kind: LogKind, played: Result<Edit, String>) {
        let tape = self.dice.take_tape();
        match (played, &self.session) {
            (Ok(edit), Some(session)) => {
                let edit = with_rolls(&session.data, kind, edit, &tape, real_time());
                self.run(Command::Apply(edit));
            }
            (Ok(_), None) => {}
            (Err(e), _) => self.refuse(e),
        }
    }

    /// Moves `party`'s present on, the move logged as the GM's event with
    /// the weather it rolled, or says why not.
    pub(super) fn move_clock(
        &mut self,
        party: Option<waybook_core::model::PartyId>,
        passed: (i64, waybook_core::plan::rest::Meals),
        why: &str,
    ) {
        let Some(session) = &self.session else { return };
        let data = &session.data;
        match waybook_core::edits::clock::move_on(data, party, passed, why, &mut self.dice) {
            Ok(edit) => self.run(Command::Apply(edit)),
            Err(refusal) => self.refuse(refusal),
        }
    }

    /// A roll the dice roller or a table made, into the log as its own edit.
    pub(super) fn record(
        &mut self,
        kind: LogKind,
        why: String,
        rolled: String,
        at: Option<waybook_core::model::ClockTime>,
    ) {
        self.dice.take_tape();
        let Some(session) = &self.session else { return };
        let mut e = LogEntry::new(&session.data, kind, &why, rolled, Vec::new(), real_time());
        if let Some(at) = at {
            e.at = at;
        }
        let edit = Edit::new(why, vec![Change::of(None, Some(&e))]);
        self.run(Command::Apply(edit));
    }
}
