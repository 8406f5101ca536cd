//! Both travel texts on the same day (NOTES.md): with `travel-rounds` and
//! `exploration-and-travel` both on, a travel round along a path the
//! party's trip follows is that trip's day. The round is played as ever
//! (Navigation, Encounter and Camping Phases); when it ends, the trip's
//! hours of that day are played in the same step: the march, heat, cold
//! and swimming tests in the Navigation Phase's weather, the food and drink
//! units eaten, and the round's progress kept (a setback walks the same
//! stretch again). The trip is played through the night to the hour it
//! next sets off, and the clock ends there, once: the next round sets
//! out from it.

use super::play::{PlayError, Until, moved_to_now, play_on, round_of_the_day};
use super::{JourneyPlanView, plan};
use crate::model::{Along, CampaignData, Change, Edit, Journey, PartyId, RoundStep, TravelRound};
use crate::rules::dice::Dice;
use crate::travel::round::{self, TravelError, TravelStep};

/// Why a step of a travel round could not be played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SameDayError {
    #[error(transparent)]
    Travel(#[from] TravelError),
    #[error("the trip's hours of the day could not be played: {0}")]
    Trip(#[from] PlayError),
}

/// The party's trip whose next day is a travel round, with its plan and
/// the path and way of that round: moved to the clock first when its next
/// hour has passed (playing the round is the GM setting off again).
fn trip_day(
    data: &CampaignData,
    party: PartyId,
) -> impl Iterator<Item = (Journey, JourneyPlanView, &crate::model::MapPath, Along)> {
    data.journeys
        .values()
        .filter(move |j| j.party == party)
        .filter_map(move |j| {
            let view = plan(data, j);
            let (j, view) = match moved_to_now(data, j, &view) {
                Some(moved) => {
                    let view = plan(data, &moved);
                    (moved, view)
                }
                None => (j.clone(), view),
            };
            let (path, along) = round_of_the_day(data, &j, &view)?;
            Some((j, view, path, along))
        })
}

/// The trip whose day a travel round is: the party's, not arrived, whose
/// next hour to play is on the round's day and whose day walks a round of
/// the round's path toward the same place.
pub fn trip_of(data: &CampaignData, round: &TravelRound) -> Option<(Journey, JourneyPlanView)> {
    trip_day(data, round.party).find_map(|(j, view, path, along)| {
        let next = view.clock_at(j.played_hours)?;
        let today = next.day == round.day && next >= data.settings.clock;
        (today && path.id == round.path && along.toward == round.toward).then_some((j, view))
    })
}

/// The party's next travel round as its trip's day: which trip, which
/// day of it (by the calendar), along which path toward where.
#[derive(Debug, Clone, PartialEq)]
pub struct TripToday {
    pub trip: String,
    pub day: i64,
    pub path: crate::model::MapPathId,
    pub path_name: String,
    pub toward: String,
}

impl TripToday {
    /// "Day 3 of By the river: the round along Down the Silverrun toward
    /// Hollow Wood; its camp plays the day's hours (both travel texts on)".
    pub fn words(&self) -> String {
        format!(
            "Day {} of {}: the round along {} toward {}; its camp plays the day's hours (both travel texts on)",
            self.day, self.trip, self.path_name, self.toward
        )
    }
}

/// What the party's next travel round is to its trip, when both travel
/// texts are on and the trip's next day is a round.
pub fn today(data: &CampaignData, party: PartyId) -> Option<TripToday> {
    let (j, view, path, along) = trip_day(data, party).next()?;
    let (d, _) = view.locate(j.played_hours)?;
    Some(TripToday {
        trip: j.name.clone(),
        // Counted by the calendar: a day the trip was left in and went on
        // is one day.
        day: view.days[d].date - j.start.day + 1,
        path: path.id,
        path_name: path.name.clone(),
        toward: (data.places.get(&along.toward)).map_or_else(String::new, |p| p.name.clone()),
    })
}

/// A step of the party's travel round; the round's last step plays the
/// trip's day with it, when the round is a trip's day.
pub fn travel_step(
    data: &CampaignData,
    party: PartyId,
    step: &TravelStep,
    dice: &mut Dice,
) -> Result<Edit, SameDayError> {
    let mut edit = round::play(data, party, step, dice)?;
    // Only a round's last step (its camp, or a partial round's encounter)
    // ends its day.
    let Some(in_play) = data.round_in_play(party).map(|r| r.id) else {
        return Ok(edit);
    };
    let ended = edit.changes.iter().find_map(|c| match c {
        Change::Round { after: Some(r), .. } if r.id == in_play && r.next == RoundStep::Done => {
            Some(r.as_ref().clone())
        }
        _ => None,
    });
    // A round that goes on, or a party with no trip, is the round alone:
    // the campaign is copied only when a trip may take the day.
    let Some(ended) = ended.filter(|_| data.journeys.values().any(|j| j.party == party)) else {
        return Ok(edit);
    };
    // The trip is found as the day began: at the clock the round set out.
    let mut at_camp = data.clone();
    for change in &edit.changes {
        at_camp.apply(change);
    }
    at_camp.settings.clock = data.settings.clock;
    let Some((mut trip, view)) = trip_of(&at_camp, &ended) else {
        return Ok(edit);
    };
    if let Some((d, _)) = view.locate(trip.played_hours) {
        let index = view.days[d].index;
        trip.plan.days.entry(index).or_default().no_progress = ended.no_progress;
    }
    let view = plan(&at_camp, &trip);
    let day = play_on(&at_camp, &trip, view, Until::NextSetOff, dice, false)?;
    edit.label = format!("{} and the day's hours of {}", edit.label, trip.name);
    edit.changes.extend(day.changes);
    Ok(edit)
}
