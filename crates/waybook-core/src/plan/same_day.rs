//! Both travel texts on the same day (NOTES.md): with `travel-rounds` and
//! `exploration-and-travel` both on, a travel round along a path the
//! party's trip follows is that trip's day. The round is played as ever
//! (Navigation, Encounter and Camping Phases); when it ends, the trip's
//! hours of that day are played in the same step: the march, heat, cold
//! and swimming tests in the Navigation Phase's weather, the food and drink
//! units eaten, and the round's progress kept (a setback walks the same
//! stretch again). The trip is played through the night to the hour it
//! next sets off, and the clock ends there, once: the next round sets
//! out from it. A round the party sets out on that is no trip's day
//! starts (or carries on) the party's trip along its path, so every day
//! on the road books its hours.

use super::from_map::leg_along;
use super::play::{PlayError, Until, moved_to_now, play_on, round_of_the_day};
use super::{JourneyPlanView, new_trip, plan};
use crate::model::{
    Activity, Along, CampaignData, Change, CharacterId, Edit, Journey, MapPathId, PartyId, Resumed,
    RoundStep, TravelRound,
};
use crate::travel::round::{self, TravelError, TravelStep};
use waybook_rules::dice::Dice;

/// Why a step of a travel round could not be played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SameDayError {
    #[error(transparent)]
    Travel(#[from] TravelError),
    #[error("the trip's hours of the day could not be played: {0}")]
    Trip(#[from] PlayError),
}

impl From<crate::model::step::StepError> for SameDayError {
    fn from(e: crate::model::step::StepError) -> Self {
        SameDayError::Travel(e.into())
    }
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
        let now = crate::world::present::now_of(data, Some(round.party));
        let today = next.day == round.day && next >= now;
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
    /// Hollow Wood; when it ends, the day's hours are played (both travel
    /// texts on)".
    pub fn words(&self) -> String {
        format!(
            "Day {} of {}: the round along {} toward {}; when it ends, the day's hours are played (both travel texts on)",
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
        day: view.days.get(d)?.date - j.start.day + 1,
        path: path.id,
        path_name: path.name.clone(),
        toward: (data.places.get(&along.toward)).map_or_else(String::new, |p| p.name.clone()),
    })
}

/// Who keeps watch the night the party's round in play camps, when the
/// round is a trip's day: those the trip's watch rota sets on watch that
/// day (NOTES.md: "the Watch action is taken by those on watch in the rota
/// unless the players choose otherwise"). None when it is no trip's day.
pub fn on_watch_tonight(data: &CampaignData, party: PartyId) -> Vec<CharacterId> {
    let day = data.round_in_play(party).and_then(|round| {
        let (trip, view) = trip_of(data, round)?;
        let (d, _) = view.locate(trip.played_hours)?;
        view.days.into_iter().nth(d)
    });
    day.map_or_else(Vec::new, |day| {
        (day.characters.iter())
            .filter(|c| c.activities.contains(&Activity::Watch))
            .map(|c| c.character)
            .collect()
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
    let begun = match step {
        TravelStep::Navigate(path) => trip_set_out_on(data, party, *path),
        _ => None,
    };
    let mut edit = round::play(data, party, step, dice)?;
    if let Some((before, after)) = &begun {
        edit.changes
            .insert(0, Change::journey(before.as_ref(), Some(after)));
        edit.label = format!("{} on {}", edit.label, after.name);
    }
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
    let has_trip = begun.is_some() || data.journeys.values().any(|j| j.party == party);
    let Some(ended) = ended.filter(|_| has_trip) else {
        return Ok(edit);
    };
    // The trip is found as the day began: at the present the round set
    // out from (the party's, and the campaign's clock).
    let mut at_camp = data.clone();
    for change in &edit.changes {
        at_camp.apply(change);
    }
    at_camp.settings.clock = data.settings.clock;
    if let (Some(then), Some(camped)) = (data.parties.get(&party), at_camp.parties.get_mut(&party))
    {
        camped.now = then.now;
    }
    let Some((mut trip, view)) = trip_of(&at_camp, &ended) else {
        return Ok(edit);
    };
    if let Some(day) = (view.locate(trip.played_hours)).and_then(|(d, _)| view.days.get(d)) {
        trip.plan.days.entry(day.index).or_default().no_progress = ended.no_progress;
    }
    let view = plan(&at_camp, &trip);
    let total = view.total_hours();
    let day = play_on(&at_camp, &trip, view, Until::NextSetOff, dice, false)?;
    let arrived = day.changes.iter().any(|c| {
        matches!(c, Change::Journey { after: Some(j), .. } if j.id == trip.id && j.played_hours >= total)
    });
    edit.label = format!("{} and the day's hours of {}", edit.label, trip.name);
    edit.changes.extend(day.changes);
    if arrived {
        the_day_ends_with_the_round(&mut edit);
    }
    the_clock_is_the_latest_present(&mut edit, data, party);
    Ok(edit)
}

/// The campaign's clock at the latest present of any party, as every step
/// leaves it: the round moved it a day on, but a trip that goes on ends
/// the party's present at its next setting off, and one that arrives at
/// the later of the two.
fn the_clock_is_the_latest_present(edit: &mut Edit, data: &CampaignData, party: PartyId) {
    let now = edit.changes.iter().rev().find_map(|c| match c {
        Change::Party { after: Some(p), .. } if p.id == party => Some(p.now),
        _ => None,
    });
    let last_clock = edit.changes.iter_mut().rev().find_map(|c| match c {
        Change::Settings { after, .. } => Some(&mut after.clock),
        _ => None,
    });
    if let (Some(now), Some(clock)) = (now, last_clock) {
        *clock = data.settings.clock.max(now);
    }
}

/// A trip that arrives ends its hours in the evening, but the round's day
/// still ends when the next round could set out (the party's present "a
/// day on"): the present ends at the later of the two, so no two rounds
/// share a day, and the campaign's clock with it
/// ([`the_clock_is_the_latest_present`]). (A trip that goes on ends the
/// day at its next setting off instead.)
fn the_day_ends_with_the_round(edit: &mut Edit) {
    at_the_latest(&mut edit.changes, |c| match c {
        Change::Party { after: Some(p), .. } => Some(&mut p.now),
        _ => None,
    });
}

/// The last of the times `time` finds in `changes` set to the latest.
fn at_the_latest(
    changes: &mut [Change],
    time: fn(&mut Change) -> Option<&mut crate::model::ClockTime>,
) {
    let latest = changes.iter_mut().filter_map(|c| time(c).copied()).max();
    if let (Some(latest), Some(last)) = (latest, changes.iter_mut().rev().find_map(time)) {
        *last = latest;
    }
}

/// What setting out along `path` does to the party's trips when it is no
/// trip's day and both travel texts are on, in words: the trip it begins,
/// or the one it carries on.
pub fn set_out_words(data: &CampaignData, party: PartyId, path: MapPathId) -> Option<String> {
    let (before, after) = trip_set_out_on(data, party, path)?;
    let does = match before {
        None => "begins the party's trip",
        Some(_) => "carries on the party's trip",
    };
    Some(format!(
        "Setting out {does} {}: when the round ends, the day's hours are played (both travel texts on)",
        after.name
    ))
}

/// With both travel texts on, the trip a round along `path` sets out on
/// when it is no trip's day: the party's last trip goes on from now when
/// it arrived where the round sets out from, or a new trip begins, along
/// the path's rounds still to walk, setting off at the hour the round
/// does. Returns the trip as it was (None for a new one) and as it will be.
fn trip_set_out_on(
    data: &CampaignData,
    party: PartyId,
    path: MapPathId,
) -> Option<(Option<Journey>, Journey)> {
    if !data.settings.both_travel_texts() || trip_day(data, party).any(|(.., on, _)| on.id == path)
    {
        return None;
    }
    let p = data.parties.get(&party)?;
    let path = data.paths.get(&path)?;
    // Where the round sets out: at a place (`from`), or partway along.
    let on = round::on_path(data, p, path).ok()?;
    let from = p.travel.on_path.is_none().then_some(on.from);
    let (toward, rounds) = (on.toward, i64::from(on.state.rounds_left.max(1)));
    let clock = p.now;
    if let Some(last) = (data.journeys.values())
        .filter(|j| j.party == party)
        .max_by_key(|j| j.id)
        .filter(|j| {
            from.is_some() && arrived_at(j, from) && j.played_hours >= plan(data, j).total_hours()
        })
    {
        let mut after = last.clone();
        let leg = leg_along(&after, path, toward, rounds);
        let route = after.plan.routes.get_mut(after.plan.chosen)?;
        route.legs.push(leg);
        after.plan.resumed.push(Resumed {
            after_hours: last.played_hours,
            at: clock,
        });
        return Some((Some(last.clone()), after));
    }
    let name = match from.and_then(|f| data.places.get(&f)) {
        Some(place) => format!("Travels from {}", place.name),
        None => format!("Travels along {}", path.name),
    };
    let mut trip = new_trip(data, party, &name, crate::model::Leg::new(&path.name, 0.0));
    trip.plan.pattern.start_hour = clock.hour;
    let leg = leg_along(&trip, path, toward, rounds);
    trip.plan.routes.first_mut()?.legs = vec![leg];
    Some((None, trip))
}

/// Whether the trip's route ends along a path at `place`.
fn arrived_at(trip: &Journey, place: Option<crate::model::PlaceId>) -> bool {
    let last = trip.route().and_then(|r| r.legs.last());
    last.and_then(|l| l.path).map(|a| a.toward) == place
}

impl crate::model::step::Step for round::PartyStep {
    type Error = SameDayError;
    fn kind(&self) -> crate::model::LogKind {
        crate::model::LogKind::Travel
    }
    fn failure(&self) -> &'static str {
        self.step.failure()
    }
    fn check(&self, data: &CampaignData) -> Result<(), SameDayError> {
        Ok(round::check(data, self.party, &self.step)?)
    }
    fn play(&self, data: &CampaignData, dice: &mut Dice) -> Result<Edit, SameDayError> {
        travel_step(data, self.party, &self.step, dice)
    }
    fn name(&self) -> String {
        crate::model::step::variant_name(&self.step)
    }
}
