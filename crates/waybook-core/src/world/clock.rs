//! Moving the campaign clock on by hand: rest days, waiting for a ferry.
//! The days the clock enters get every region's weather rolled in the same
//! edit, so they are played days like any other; undo takes the move and
//! its weather back together.

use super::weather;
use crate::model::{CampaignData, Change, ClockTime, Edit, Settings, limits};
use waybook_rules::dice::Dice;

/// Why the clock could not be moved on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("move the clock on by 1 hour or more")]
    Nothing,
    #[error("the clock stops at day {}", limits::CLOCK_DAY.end())]
    PastEnd,
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

/// Where the clock would be moved on by `hours`, or why it cannot be: the
/// check the screen greys its button with, and `move_on` makes first.
pub fn moved_to(data: &CampaignData, hours: i64) -> Result<ClockTime, ClockError> {
    if hours < 1 {
        return Err(ClockError::Nothing);
    }
    let to = data
        .settings
        .clock
        .plus(hours, data.settings.day_hours.max(1));
    if !limits::CLOCK_DAY.contains(&to.day) {
        return Err(ClockError::PastEnd);
    }
    Ok(to)
}

/// The clock moved on by `hours`, for `why` (may be empty), with the
/// weather of the days it enters.
pub fn move_on(
    data: &CampaignData,
    hours: i64,
    why: &str,
    dice: &mut Dice,
) -> Result<Edit, ClockError> {
    let day_hours = data.settings.day_hours.max(1);
    let to = moved_to(data, hours)?;
    let rolled = weather::roll_through(data, to.day, dice)?;
    let mut changes = weather::edit_of(data, "", &rolled).changes;
    changes.push(Change::Settings {
        before: data.settings.clone(),
        after: Settings {
            clock: to,
            ..data.settings.clone()
        },
    });
    let mut label = format!("Move the clock on {}", span(hours, day_hours));
    if !why.trim().is_empty() {
        label = format!("{label}: {}", why.trim());
    }
    Ok(Edit::new(label, changes))
}
