//! Before anyone rolls: for a gatherer at a source, the exact chance of each
//! row of the gathering table, and the expected units and time of the
//! session the GM has set (`waybook_rules::travel::gather_odds`).

use crate::model::gathering::{Gatherer, SessionLimit};
use crate::model::{CampaignData, Character, Site};
use serde::Serialize;
use waybook_rules::travel::gather_odds::{self, RowChance};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GatherForecast {
    /// The test's total modifier and SB, and what the modifier is made
    /// of, in words (the tool's bonus counted, or why not).
    pub bonus: i32,
    pub reading: String,
    pub sb: u32,
    pub rows: Vec<RowChance>,
    /// Expected units and minutes for the session; `None` when the session
    /// asks for units no test can give.
    pub units: Option<f64>,
    pub minutes: Option<f64>,
}

/// The forecast for `g` (who need not have joined yet) at its source of
/// `site`, for a session of `limit` starting at `start_hour`.
pub fn forecast(
    data: &CampaignData,
    site: &Site,
    c: &Character,
    g: &Gatherer,
    limit: SessionLimit,
    start_hour: i64,
) -> Result<GatherForecast, super::GatherError> {
    let found = site
        .sources
        .get(g.source)
        .ok_or(super::GatherError::NoSource(g.source + 1))?;
    let material = site
        .materials
        .iter()
        .find(|m| m.name == found.material)
        .ok_or(super::GatherError::NoMaterial)?;
    let (request, reading) = super::request(data, c, g, found, material)?;
    let outcomes = gather_odds::outcomes(&request);
    let minutes_for = |minutes: i64| gather_odds::for_minutes(&outcomes, minutes.max(0) as u32);
    let (units, minutes) = match limit {
        SessionLimit::Hours(h) => {
            let (u, m) = minutes_for(i64::from(h) * 60);
            (Some(u), Some(m))
        }
        SessionLimit::DayEnd => {
            let (u, m) = minutes_for((data.settings.day_hours - start_hour) * 60);
            (Some(u), Some(m))
        }
        SessionLimit::Units(n) => match gather_odds::until_units(&outcomes, n) {
            Some((m, _)) => (Some(f64::from(n)), Some(m)),
            None => (None, None),
        },
    };
    Ok(GatherForecast {
        reading,
        bonus: request.bonus,
        sb: request.sb,
        rows: gather_odds::row_chances(&request),
        units,
        minutes,
    })
}
