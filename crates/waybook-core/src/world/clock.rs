//! Moving a party's present on by hand: rest days, waiting for a ferry.
//! It moves that party alone (and the campaign's clock when it passes it,
//! `present`); in a campaign of several parties the GM names the party.
//! The days the clock enters get every region's weather rolled in the
//! same edit, so they are played days like any other (a day another party
//! lived already keeps its weather); undo takes the move and its weather
//! back together.

use super::{present, weather};
use crate::model::{CampaignData, Change, ClockTime, Edit, Party, PartyId, limits};
use waybook_rules::dice::Dice;

/// Why the clock could not be moved on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("move the clock on by 1 hour or more")]
    Nothing,
    #[error("the clock stops at day {}", limits::CLOCK_DAY.end())]
    PastEnd,
    /// Several parties live their own days: the GM names the one to move.
    #[error("each party lives its own days ({}): name the one whose days pass", .0.join(", "))]
    WhichParty(Vec<String>),
    #[error("no party of this campaign has that id")]
    NoParty,
    #[error(transparent)]
    Weather(#[from] weather::WeatherError),
}

/// "3 days and 4 hours", "1 day", "5 hours".
pub fn span(hours: i64, day_hours: i64) -> String {
    let (days, hours) = (hours / day_hours, hours % day_hours);
    let part = |n: i64, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    match (days, hours) {
        (0, h) => part(h, "hour"),
        (d, 0) => part(d, "day"),
        (d, h) => format!("{} and {}", part(d, "day"), part(h, "hour")),
    }
}

/// The hours in `days` days and `hours` hours of the campaign's day, as
/// the GM types a move of the clock.
pub fn hours_in(data: &CampaignData, days: i64, hours: i64) -> i64 {
    days.saturating_mul(data.settings.day_hours.max(1))
        .saturating_add(hours)
}

/// The party whose days a move passes: `party` when named; else the
/// campaign's one party; none in a campaign of none (its clock alone).
/// Refused, naming them, when there are several and none is named.
pub fn whose(data: &CampaignData, party: Option<PartyId>) -> Result<Option<&Party>, ClockError> {
    match party {
        Some(id) => data.parties.get(&id).map(Some).ok_or(ClockError::NoParty),
        None if data.parties.len() > 1 => Err(ClockError::WhichParty(
            data.parties.values().map(|p| p.name.clone()).collect(),
        )),
        None => Ok(data.parties.values().next()),
    }
}

/// Where `party`'s present (see [`whose`]) would be moved on by `hours`,
/// or why it cannot be: the check the screen greys its button with, and
/// `move_on` makes first.
pub fn moved_to(
    data: &CampaignData,
    party: Option<PartyId>,
    hours: i64,
) -> Result<ClockTime, ClockError> {
    let whose = whose(data, party)?;
    if hours < 1 {
        return Err(ClockError::Nothing);
    }
    let now = whose.map_or(data.settings.clock, |p| p.now);
    let to = now.plus(hours, data.settings.day_hours.max(1));
    if !limits::CLOCK_DAY.contains(&to.day) {
        return Err(ClockError::PastEnd);
    }
    Ok(to)
}

/// `party`'s present (see [`whose`]) moved on by `hours`, for `why` (may
/// be empty), with the weather of the days it enters that no party lived
/// yet.
pub fn move_on(
    data: &CampaignData,
    party: Option<PartyId>,
    hours: i64,
    why: &str,
    dice: &mut Dice,
) -> Result<Edit, ClockError> {
    let day_hours = data.settings.day_hours.max(1);
    let to = moved_to(data, party, hours)?;
    let rolled = weather::roll_through(data, to.day, dice)?;
    let mut changes = weather::edit_of(data, "", &rolled).changes;
    let mut settings = data.settings.clone();
    let mut label = format!("Move the clock on {}", span(hours, day_hours));
    match whose(data, party)? {
        Some(before) => {
            let mut after = before.clone();
            present::move_to(Some(&mut after), &mut settings, to);
            changes.push(Change::of(Some(before), Some(&after)));
            if data.parties.len() > 1 {
                label = format!("{label} for {}", before.name);
            }
        }
        None => present::move_to(None, &mut settings, to),
    }
    if settings != data.settings {
        changes.push(Change::of(Some(&data.settings), Some(&settings)));
    }
    if !why.trim().is_empty() {
        label = format!("{label}: {}", why.trim());
    }
    Ok(Edit::new(label, changes))
}
