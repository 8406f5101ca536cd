//! The actions of the action table that work on what a screen has chosen
//! (run from the command palette): the screen is shown and carries the
//! action out as its own button would.

use super::{Screen, UiState, journeys, roster, travel};
use crate::app::actions::Action;
use crate::app::{App, Command};
use waybook_core::plan::play::Until;
use waybook_print::pdf::Sheet;

pub(super) fn on_screen(state: &mut UiState, action: Action, app: &mut App) {
    let Some(data) = app.session.as_ref().map(|s| &s.data) else {
        return;
    };
    let no_journey = "No journey yet: plan one on the Journeys screen";
    let command: Result<Option<Command>, String> = match action {
        Action::AddCharacter => {
            state.screen = Screen::Roster;
            let running = app.running().map(|p| p.id);
            Ok(Some(roster::add_character(
                &mut state.roster,
                data,
                running,
            )))
        }
        Action::NewJourney => {
            state.screen = Screen::Journeys;
            let running = app.running().map(|p| p.id);
            journeys::new_journey(data, running)
                .map(|added| Some(journeys::chosen(&mut state.journeys, added)))
        }
        Action::PlayNextHour => {
            state.screen = Screen::Journeys;
            state.journeys.tab = journeys::Tab::Play;
            journeys::shown_journey(&mut state.journeys, data)
                .map(|id| Some(Command::PlayJourney(id, Until::NextHour)))
                .ok_or_else(|| no_journey.to_owned())
        }
        Action::PrintJourney => {
            state.screen = Screen::Journeys;
            journeys::shown_journey(&mut state.journeys, data)
                .map(|id| Some(Command::Export(vec![Sheet::Journey(id)])))
                .ok_or_else(|| no_journey.to_owned())
        }
        Action::NextTravelRound => {
            state.screen = Screen::Travel;
            travel::next_round(&mut state.travel, data)
        }
        _ => return,
    };
    match command {
        // Run now, before the screen is drawn: the roster must not see its
        // new character selected but not yet there (and drop the selection).
        Ok(Some(command)) => {
            app.push(command);
            app.run_commands();
        }
        Ok(None) => {}
        Err(why) => app.refuse(why),
    }
}
