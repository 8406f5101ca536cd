//! Rolling and foretelling a region's weather. A day's weather is rolled
//! once and kept: days before today never change, today's is fixed once
//! rolled, and days ahead are a forecast the GM may roll again (a Divine's
//! foretold day excepted). Each day keeps yesterday's weather at the
//! region's chance (a d100 at or under it), else rolls the season's table.
//! The forecast's odds are exact: with keep chance p and the table's odds
//! q, tomorrow's chances are p × today's + (1 − p) × q, day after day.

use crate::model::step::{StepError, shared_causes};
use crate::model::{CampaignData, Change, Edit, Region, RegionId, Weather, WeatherId, limits};
use waybook_rules::dice::{Dice, RollRecord};

/// Why a region's weather could not be rolled or foretold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeatherError {
    #[error("there is no such region")]
    NoRegion,
    #[error(
        "{region} has no weather table for {season} and the campaign has none: give {region} one for {season} on the Weather screen, or the campaign one on the Campaign screen"
    )]
    NoTable { region: String, season: String },
    #[error("the {0} table cannot be rolled: {1}")]
    Table(String, String),
    #[error("the {0} table's dice are too many to work out its odds")]
    TooManyDice(String),
    #[error("look between {} and {} days ahead", limits::FORECAST_DAYS.start(), limits::FORECAST_DAYS.end())]
    Days,
    #[error("{0}")]
    Nothing(&'static str),
    #[error(transparent)]
    Step(#[from] StepError),
}

shared_causes!(WeatherError);

type Result<T> = std::result::Result<T, WeatherError>;

/// The chance of each weather on one day, summing to 1.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DayOdds {
    pub day: i64,
    pub odds: Vec<(String, f64)>,
}

/// Why `region` has no weather it could roll on `day`: no table, or one
/// that cannot be rolled.
pub fn why_unrolled(data: &CampaignData, region: &Region, day: i64) -> WeatherError {
    table_on(data, region, day)
        .err()
        .unwrap_or_else(|| no_table(data, region, day))
}

/// Why `region` has no weather on `day`: its season has no table and the
/// campaign none.
pub fn no_table(data: &CampaignData, region: &Region, day: i64) -> WeatherError {
    WeatherError::NoTable {
        region: region.name.clone(),
        season: data
            .settings
            .calendar
            .season_on(day)
            .map_or_else(|| "this season".to_owned(), |(s, ..)| s.name.clone()),
    }
}

/// The table `region` rolls on `day`, checked.
fn table_on<'a>(
    data: &'a CampaignData,
    region: &Region,
    day: i64,
) -> Result<(&'a crate::model::TableDef, waybook_rules::tables::RollTable)> {
    let def = data
        .weather_table_on(region, day)
        .and_then(|t| data.tables.get(&t))
        .ok_or_else(|| no_table(data, region, day))?;
    let table = def
        .rollable()
        .map_err(|e| WeatherError::Table(def.name.clone(), e.to_string()))?;
    Ok((def, table))
}

/// `region`'s weather on `day`, after `yesterday`'s: kept at the region's
/// chance, else rolled on the season's table.
pub fn roll_day(
    data: &CampaignData,
    region: &Region,
    day: i64,
    yesterday: Option<&Weather>,
    dice: &mut Dice,
) -> Result<Weather> {
    let (def, _) = table_on(data, region, day)?;
    let weather = |weather: String, rolled: String| Weather {
        id: WeatherId::of(region.id, day),
        region: region.id,
        day,
        weather,
        rolled,
        foretold: false,
    };
    let mut held = None;
    if let Some(yesterday) = yesterday
        && region.keep_percent > 0
    {
        let d100 = dice.roll(100)?;
        let keeps = i64::from(d100) <= region.keep_percent;
        let what = format!("{}: yesterday's weather holds", region.name);
        let record = RollRecord::single(what, 100, d100)
            .target("at or under", region.keep_percent as i32)
            .outcome(if keeps { "kept" } else { "it turns" });
        if keeps {
            return Ok(weather(yesterday.weather.clone(), record.to_string()));
        }
        held = Some(record);
    }
    let roll = def.roll_in(data, dice)?;
    let working = roll.working(&def.marked_as(&format!("{} weather", region.name)));
    let working = match held {
        Some(record) => format!("{record} · {working}"),
        None => working,
    };
    Ok(weather(roll.result, working))
}

/// Every region's weather from today to `through` that has not been rolled
/// yet, rolled day by day. A day whose table is missing or cannot be rolled
/// is left without (the next one starts a fresh spell): one region's table
/// never stops another's weather, nor the step that asked for it.
pub fn roll_through(data: &CampaignData, through: i64, dice: &mut Dice) -> Result<Vec<Weather>> {
    let today = data.settings.clock.day;
    let mut rolled = Vec::new();
    for region in data.regions.values() {
        let mut yesterday = data.weather_on(region.id, today - 1).cloned();
        for day in today..=through {
            let weather = match data.weather_on(region.id, day) {
                Some(kept) => kept.clone(),
                None => match roll_day(data, region, day, yesterday.as_ref(), dice) {
                    Ok(w) => {
                        rolled.push(w.clone());
                        w
                    }
                    Err(
                        WeatherError::NoTable { .. }
                        | WeatherError::Table(..)
                        | WeatherError::Step(StepError::Nested(_)),
                    ) => {
                        yesterday = None;
                        continue;
                    }
                    Err(e) => return Err(e),
                },
            };
            yesterday = Some(weather);
        }
    }
    Ok(rolled)
}

/// The edit that puts rolled weather into the campaign.
pub fn edit_of(data: &CampaignData, label: impl Into<String>, rolled: &[Weather]) -> Edit {
    let changes = rolled
        .iter()
        .map(|w| Change::of(data.weather.get(&w.id), Some(w)))
        .collect();
    Edit::new(label, changes)
}

/// Why today's weather cannot be rolled: no regions, or each has today's
/// weather (or no table to roll it on).
pub fn why_not_today(data: &CampaignData) -> Option<WeatherError> {
    let today = data.settings.clock.day;
    if data.regions.is_empty() {
        return Some(WeatherError::Nothing(
            "there are no regions yet: add one first",
        ));
    }
    let unrolled: Vec<&Region> = data
        .regions
        .values()
        .filter(|r| data.weather_on(r.id, today).is_none())
        .collect();
    match unrolled.first() {
        None => Some(WeatherError::Nothing(
            "every region has today's weather already: it stays as it fell",
        )),
        Some(first) if unrolled.iter().all(|r| table_on(data, r, today).is_err()) => {
            table_on(data, first, today).err()
        }
        Some(_) => None,
    }
}

/// Rolls every region's weather of today that is not rolled yet.
pub fn roll_today(data: &CampaignData, dice: &mut Dice) -> Result<Edit> {
    if let Some(why) = why_not_today(data) {
        return Err(why);
    }
    let rolled = roll_through(data, data.settings.clock.day, dice)?;
    Ok(edit_of(data, "Roll today's weather", &rolled))
}

/// Why `region`'s forecast for `days` days cannot be rolled again: a day
/// with no table to roll, or every day ahead foretold.
pub fn why_not_forecast(data: &CampaignData, region: &Region, days: i64) -> Option<WeatherError> {
    if !limits::FORECAST_DAYS.contains(&days) {
        return Some(WeatherError::Days);
    }
    let today = data.settings.clock.day;
    if let Some(e) = (today..=today + days).find_map(|d| table_on(data, region, d).err()) {
        return Some(e);
    }
    let foretold = |d: i64| data.weather_on(region.id, d).is_some_and(|w| w.foretold);
    (data.weather_on(region.id, today).is_some() && (today + 1..=today + days).all(foretold))
        .then_some(WeatherError::Nothing(
            "every day ahead was foretold by a Divine and is kept",
        ))
}

/// `region`'s forecast rolled again for the next `days` days: each day
/// after today, in order, except a day a Divine foretold. Today and the
/// days before stay as they fell, or unrolled as they were.
pub fn reroll_forecast(
    data: &CampaignData,
    region: RegionId,
    days: i64,
    dice: &mut Dice,
) -> Result<Edit> {
    let region = data.regions.get(&region).ok_or(WeatherError::NoRegion)?;
    if let Some(why) = why_not_forecast(data, region, days) {
        return Err(why);
    }
    let today = data.settings.clock.day;
    let mut rolled = Vec::new();
    // Today is not the forecast's: unrolled, it stays so, and tomorrow is
    // rolled on the table alone.
    let mut yesterday = data.weather_on(region.id, today).cloned();
    for day in today + 1..=today + days {
        let weather = match data.weather_on(region.id, day) {
            Some(kept) if kept.foretold => kept.clone(),
            _ => {
                let w = roll_day(data, region, day, yesterday.as_ref(), dice)?;
                rolled.push(w.clone());
                w
            }
        };
        yesterday = Some(weather);
    }
    // Days rolled further ahead followed the old forecast: they go, but for
    // a Divine's.
    let mut edit = edit_of(
        data,
        format!("Roll the forecast of {} again", region.name),
        &rolled,
    );
    let beyond = today + days + 1..=*limits::CLOCK_DAY.end();
    edit.changes.extend(
        data.weather_of(region.id, beyond)
            .filter(|w| !w.foretold)
            .map(|w| Change::of(Some(w), None)),
    );
    Ok(edit)
}

/// The chance of each weather on each of the next `days` days of
/// `region`, from today's weather (or, not rolled yet, today's table).
pub fn forecast(data: &CampaignData, region: &Region, days: i64) -> Result<Vec<DayOdds>> {
    if !limits::FORECAST_DAYS.contains(&days) {
        return Err(WeatherError::Days);
    }
    odds_through(data, region, data.settings.clock.day + days)
}

/// The chance of each weather on every day after today through `through`
/// in `region`: what the Weather screen's forecast shows and what a
/// journey's plan reads for the days ahead. A day a Divine foretold is
/// that weather for certain; any other day follows from today's weather
/// by the region's chance of keeping it and its season's table.
pub fn odds_through(data: &CampaignData, region: &Region, through: i64) -> Result<Vec<DayOdds>> {
    Ok(odds_from_today(data, region, through)?.split_off(1))
}

/// [`odds_through`], today first: today's weather as it fell, or, not
/// rolled yet, its chances after yesterday's (or the table's).
pub fn odds_from_today(data: &CampaignData, region: &Region, through: i64) -> Result<Vec<DayOdds>> {
    odds_between(data, region, data.settings.clock.day, through)
}

/// The days after which a forecast has forgotten where it started: a day
/// keeps yesterday's weather at `keep`, so after n days what it started
/// from weighs `keep`ⁿ, below 10⁻¹² after these many. None when every day
/// keeps it (`keep` 1): the last weather known holds for ever.
fn settling_days(keep: f64) -> Option<i64> {
    if keep <= 0.0 {
        Some(1)
    } else if keep >= 1.0 {
        None
    } else {
        Some((1e-12f64.ln() / keep.ln()).ceil() as i64)
    }
}

/// The chance of each weather in `region` on the days `from` (today at the
/// earliest) through `through`, as [`odds_from_today`] gives them, worked
/// out in as many days as the forecast needs to settle, not from today:
/// a plan that sets off years ahead costs what one setting off next week
/// does.
pub fn odds_between(
    data: &CampaignData,
    region: &Region,
    from: i64,
    through: i64,
) -> Result<Vec<DayOdds>> {
    let today = data.settings.clock.day;
    let from = from.max(today);
    // Each season's table is worked out once, however many days ahead.
    let mut worked = std::collections::BTreeMap::new();
    let mut table_odds = |day: i64| -> Result<Vec<(String, f64)>> {
        let (def, table) = table_on(data, region, day)?;
        if let Some(odds) = worked.get(&def.id) {
            return Ok(Vec::clone(odds));
        }
        let odds = table
            .odds()
            .ok_or_else(|| WeatherError::TooManyDice(def.name.clone()))?;
        worked.insert(def.id, odds.clone());
        Ok(odds)
    };
    let keep = region.keep_percent as f64 / 100.0;
    let certain = |w: &Weather| vec![(w.weather.clone(), 1.0)];
    let (start, mut chances) = match settling_days(keep) {
        // Far enough ahead, today is forgotten: start from the table.
        Some(n) if from - n > today => {
            let start = from - n;
            match data.weather_on(region.id, start).filter(|w| w.foretold) {
                Some(w) => (start, certain(w)),
                None => (start, table_odds(start)?),
            }
        }
        Some(_) => (today, today_odds(data, region, &mut table_odds, keep)?),
        // Kept every day: the last weather known before `from` holds.
        None => {
            let told = (data.weather_of(region.id, today + 1..=from))
                .filter(|w| w.foretold)
                .last();
            let (known, chances) = match told {
                Some(w) => (w.day, certain(w)),
                None => (today, today_odds(data, region, &mut table_odds, keep)?),
            };
            (known.max(from - 1), chances)
        }
    };
    let mut days = Vec::with_capacity(usize::try_from(through - from + 1).unwrap_or(0));
    if start >= from {
        days.push(DayOdds {
            day: start,
            odds: chances.clone(),
        });
    }
    for day in start + 1..=through {
        // A day a Divine foretold is known.
        chances = match data.weather_on(region.id, day).filter(|w| w.foretold) {
            Some(w) => certain(w),
            None => next_day(&chances, table_odds(day)?, keep),
        };
        if day >= from {
            days.push(DayOdds {
                day,
                odds: chances.clone(),
            });
        }
    }
    Ok(days)
}

/// Today's chances: its weather as it fell, or, not rolled yet, after
/// yesterday's (or the table's).
fn today_odds(
    data: &CampaignData,
    region: &Region,
    table_odds: &mut impl FnMut(i64) -> Result<Vec<(String, f64)>>,
    keep: f64,
) -> Result<Vec<(String, f64)>> {
    let today = data.settings.clock.day;
    if let Some(w) = data.weather_on(region.id, today) {
        return Ok(vec![(w.weather.clone(), 1.0)]);
    }
    match data.weather_on(region.id, today - 1) {
        Some(held) => Ok(next_day(
            &[(held.weather.clone(), 1.0)],
            table_odds(today)?,
            keep,
        )),
        None => table_odds(today),
    }
}

/// The chances of a day after one with `chances`: kept at `keep`, else
/// the table's `fresh` odds.
fn next_day(chances: &[(String, f64)], fresh: Vec<(String, f64)>, keep: f64) -> Vec<(String, f64)> {
    let mut next: Vec<(String, f64)> = chances.iter().map(|(w, p)| (w.clone(), p * keep)).collect();
    for (w, q) in fresh {
        match next.iter_mut().find(|(n, _)| *n == w) {
            Some((_, p)) => *p += q * (1.0 - keep),
            None => next.push((w, q * (1.0 - keep))),
        }
    }
    next.retain(|(_, p)| *p > 0.0);
    next
}

/// What the GM asks of the weather.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WeatherStep {
    /// Every region's weather of today that is not rolled yet.
    RollToday,
    /// One region's forecast for the next `days` days, rolled again.
    RollForecast { region: RegionId, days: i64 },
}

impl WeatherStep {
    /// What a refusal of the step begins with.
    pub fn failure(&self) -> &'static str {
        match self {
            Self::RollToday => "Today's weather was not rolled",
            Self::RollForecast { .. } => "The forecast was not rolled again",
        }
    }
}

impl crate::model::step::Step for WeatherStep {
    type Error = WeatherError;
    fn kind(&self) -> crate::model::LogKind {
        crate::model::LogKind::Weather
    }
    fn failure(&self) -> &'static str {
        WeatherStep::failure(self)
    }
    fn check(&self, data: &CampaignData) -> Result<()> {
        let why_not = match *self {
            Self::RollToday => why_not_today(data),
            Self::RollForecast { region, days } => match data.regions.get(&region) {
                Some(region) => why_not_forecast(data, region, days),
                None => Some(WeatherError::NoRegion),
            },
        };
        why_not.map_or(Ok(()), Err)
    }
    fn play(&self, data: &CampaignData, dice: &mut Dice) -> Result<Edit> {
        play(data, *self, dice)
    }
}

/// Plays a weather step on the campaign.
pub fn play(data: &CampaignData, step: WeatherStep, dice: &mut Dice) -> Result<Edit> {
    match step {
        WeatherStep::RollToday => roll_today(data, dice),
        WeatherStep::RollForecast { region, days } => reroll_forecast(data, region, days, dice),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Settings, TableDef, TableId, Temperature};

    /// A campaign whose one region, "Pass", keeps yesterday's weather at
    /// `keep` percent and rolls a d2 of "Snow" and "Clear"; no calendar
    /// seasons, so the campaign's weather table serves every day.
    fn campaign(keep: i64) -> CampaignData {
        let mut settings = Settings::new("Weather");
        settings.calendar.seasons.clear();
        settings.weather_table = Some(TableId(1));
        let mut data = CampaignData::new(settings);
        let table = TableDef::one_per_face(TableId(1), "Pass weather", &["Snow", "Clear"]);
        let region = Region {
            keep_percent: keep,
            ..Region::new(RegionId(1), "Pass")
        };
        data.apply(&Change::of(None, Some(&table)));
        data.apply(&Change::of(None, Some(&region)));
        data
    }

    fn apply(data: &mut CampaignData, edit: &Edit) {
        edit.changes.iter().for_each(|c| data.apply(c));
    }

    /// Issue 50, item 26: "A journey set off on day 1,000,000 ... makes
    /// `waybook journey` abort after 3.9 GB ... make the plan's memory
    /// independent of how far away the start is." The odds of days far
    /// ahead, worked out from where the forecast has settled, are those
    /// worked out day by day from today: at any keep chance, with a day a
    /// Divine foretold far ahead among them.
    #[test]
    fn the_odds_far_ahead_need_no_days_between() {
        for keep in [0, 50, 99, 100] {
            let mut data = campaign(keep);
            let snowy =
                TableDef::one_per_face(TableId(1), "Pass weather", &["Snow", "Snow", "Clear"]);
            data.apply(&Change::of(data.tables.get(&TableId(1)), Some(&snowy)));
            let today = roll_today(&data, &mut Dice::scripted(vec![3])).expect("rolled");
            apply(&mut data, &today);
            assert_eq!(weather_of(&data, 1), "Clear");
            let told = Weather {
                id: WeatherId::of(RegionId(1), 2_000),
                region: RegionId(1),
                day: 2_000,
                weather: "Clear".into(),
                rolled: "foretold".into(),
                foretold: true,
            };
            data.apply(&Change::of(None, Some(&told)));
            let region = &data.regions[&RegionId(1)];
            for from in [1, 2, 30, 1_990, 2_000, 2_005, 6_000] {
                let through = from + 20;
                let all = odds_from_today(&data, region, through).expect("odds");
                let window = odds_between(&data, region, from, through).expect("odds");
                let tail = &all[usize::try_from(from - 1).expect("a day")..];
                assert_eq!(window.len(), tail.len(), "keep {keep}, from {from}");
                for (a, b) in window.iter().zip(tail) {
                    assert_eq!(a.day, b.day);
                    let chance = |d: &DayOdds, w: &str| {
                        d.odds.iter().find(|(n, _)| n == w).map_or(0.0, |(_, p)| *p)
                    };
                    for w in ["Snow", "Clear"] {
                        let (x, y) = (chance(a, w), chance(b, w));
                        assert!(
                            (x - y).abs() < 1e-9,
                            "keep {keep}, day {}: {x} ≠ {y}",
                            a.day
                        );
                    }
                }
            }
        }
    }

    fn weather_of(data: &CampaignData, day: i64) -> &str {
        &data.weather_on(RegionId(1), day).expect("rolled").weather
    }

    #[test]
    fn a_day_keeps_yesterday_s_weather_at_the_region_s_chance() {
        let data = campaign(40);
        let region = &data.regions[&RegionId(1)];
        let snow = roll_day(&data, region, 1, None, &mut Dice::scripted(vec![1])).expect("rolled");
        assert_eq!(snow.weather, "Snow", "no yesterday: the table alone");
        let kept =
            roll_day(&data, region, 2, Some(&snow), &mut Dice::scripted(vec![40])).expect("rolled");
        assert_eq!(kept.weather, "Snow", "40 is at or under 40: kept");
        assert!(kept.rolled.contains("kept"), "{}", kept.rolled);
        let turned = roll_day(
            &data,
            region,
            2,
            Some(&snow),
            &mut Dice::scripted(vec![41, 2]),
        )
        .expect("rolled");
        assert_eq!(turned.weather, "Clear", "41 is over: the table's 2");
        assert_eq!(turned.id, WeatherId::of(RegionId(1), 2));
    }

    #[test]
    fn days_rolled_stay_as_they_fell_and_the_forecast_rolls_again() {
        let mut data = campaign(0);
        let today = roll_today(&data, &mut Dice::scripted(vec![1])).expect("rolled");
        apply(&mut data, &today);
        assert_eq!(weather_of(&data, 1), "Snow");
        assert!(
            matches!(
                roll_today(&data, &mut Dice::scripted(vec![2])),
                Err(WeatherError::Nothing(_))
            ),
            "today's weather is rolled once"
        );
        let edit = reroll_forecast(&data, RegionId(1), 3, &mut Dice::scripted(vec![2, 2, 2]))
            .expect("rolled");
        apply(&mut data, &edit);
        assert_eq!(weather_of(&data, 1), "Snow", "today stays");
        assert_eq!(
            (2..=4).map(|d| weather_of(&data, d)).collect::<Vec<_>>(),
            ["Clear"; 3]
        );
        // A Divine foretold day 3: rolling again keeps it.
        let mut foretold = data.weather_on(RegionId(1), 3).expect("rolled").clone();
        foretold.foretold = true;
        data.apply(&Change::of(
            data.weather_on(RegionId(1), 3),
            Some(&foretold),
        ));
        let edit = reroll_forecast(&data, RegionId(1), 3, &mut Dice::scripted(vec![1, 1]))
            .expect("rolled");
        assert_eq!(edit.changes.len(), 2, "days 2 and 4 only");
        apply(&mut data, &edit);
        assert_eq!(
            (1..=4).map(|d| weather_of(&data, d)).collect::<Vec<_>>(),
            ["Snow", "Snow", "Clear", "Snow"]
        );
    }

    /// With keep chance p and the table's odds q, each day ahead is
    /// p × yesterday's + (1 − p) × q.
    #[test]
    fn the_forecast_s_odds_are_exact() {
        let mut data = campaign(50);
        let today = roll_today(&data, &mut Dice::scripted(vec![1])).expect("rolled");
        apply(&mut data, &today);
        let region = data.regions[&RegionId(1)].clone();
        let ahead = forecast(&data, &region, 2).expect("forecast");
        let snow = |d: &DayOdds| d.odds.iter().find(|(w, _)| w == "Snow").expect("snow").1;
        assert_eq!(snow(&ahead[0]), 0.75, "0.5 × 1 + 0.5 × 0.5");
        assert_eq!(snow(&ahead[1]), 0.625, "0.5 × 0.75 + 0.5 × 0.5");
        for day in &ahead {
            assert!((day.odds.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
        }
        assert_eq!(forecast(&data, &region, 0), Err(WeatherError::Days));
    }

    #[test]
    fn a_season_rolls_its_own_table_else_the_campaign_s() {
        let mut data = campaign(0);
        *data.settings.calendar = crate::model::calendar::Calendar::greyspine();
        let mut region = data.regions[&RegionId(1)].clone();
        assert_eq!(data.weather_table_on(&region, 1), Some(TableId(1)));
        let season = data
            .settings
            .calendar
            .season_on(1)
            .expect("a season")
            .0
            .name
            .clone();
        region.tables.insert(season, TableId(9));
        assert_eq!(
            data.weather_table_on(&region, 1),
            Some(TableId(1)),
            "a table that is gone falls back to the campaign's"
        );
        data.settings.weather_table = None;
        let Err(e) = roll_day(&data, &region, 1, None, &mut Dice::scripted(vec![1])) else {
            panic!("no table to roll");
        };
        assert!(
            e.to_string()
                .starts_with("Pass has no weather table for Summer"),
            "{e}"
        );
    }

    #[test]
    fn extreme_heat_and_cold_are_read_from_the_words() {
        let w = |text: &str| Weather {
            id: WeatherId(1),
            region: RegionId(1),
            day: 1,
            weather: text.into(),
            rolled: String::new(),
            foretold: false,
        };
        assert_eq!(
            w("Extreme heat: still air").temperature(),
            Temperature::ExtremeHeat
        );
        assert_eq!(
            w("An EXTREME COLD night").temperature(),
            Temperature::ExtremeCold
        );
        assert_eq!(w("Hot and dry").temperature(), Temperature::Normal);
    }

    /// A region with a table for Autumn only (from 1 Leafmoon, clock day
    /// 18 of the Greyspine reckoning) and no campaign table: the summer
    /// days are left without, and autumn's are rolled all the same.
    #[test]
    fn a_day_with_no_table_does_not_stop_the_days_after_it() {
        let mut data = campaign(0);
        *data.settings.calendar = crate::model::calendar::Calendar::greyspine();
        data.settings.weather_table = None;
        let mut region = data.regions[&RegionId(1)].clone();
        region.tables.insert("Autumn".into(), TableId(1));
        data.apply(&Change::of(data.regions.get(&region.id), Some(&region)));
        let rolled = roll_through(&data, 20, &mut Dice::scripted(vec![1, 2, 1])).expect("rolled");
        let days: Vec<i64> = rolled.iter().map(|w| w.day).collect();
        assert_eq!(days, [18, 19, 20]);
    }

    /// A Divine's day is known: the forecast gives it whole, and the days
    /// after start from it; rolling again drops days rolled further ahead.
    #[test]
    fn a_foretold_day_is_certain_and_a_shorter_reroll_drops_the_rest() {
        let mut data = campaign(50);
        let ahead = reroll_forecast(
            &data,
            RegionId(1),
            4,
            &mut Dice::scripted(vec![1, 1, 1, 1, 1]),
        )
        .expect("rolled");
        apply(&mut data, &ahead);
        let mut told = data.weather_on(RegionId(1), 2).expect("rolled").clone();
        told.weather = "Clear".into();
        told.foretold = true;
        data.apply(&Change::of(data.weather_on(RegionId(1), 2), Some(&told)));
        let region = data.regions[&RegionId(1)].clone();
        let odds = forecast(&data, &region, 2).expect("forecast");
        assert_eq!(odds[0].odds, [("Clear".to_owned(), 1.0)]);
        let clear = odds[1]
            .odds
            .iter()
            .find(|(w, _)| w == "Clear")
            .expect("clear")
            .1;
        assert_eq!(clear, 0.75, "0.5 kept + 0.5 × 0.5");
        // Two days again: the foretold day 2 kept, day 3 keeps its Clear
        // (d100 of 1), days 4 and 5 dropped.
        let shorter =
            reroll_forecast(&data, RegionId(1), 2, &mut Dice::scripted(vec![1])).expect("rolled");
        apply(&mut data, &shorter);
        let left: Vec<(i64, &str)> = data
            .weather
            .values()
            .map(|w| (w.day, w.weather.as_str()))
            .collect();
        assert_eq!(
            left,
            [(2, "Clear"), (3, "Clear")],
            "today was never rolled: the forecast rolls days ahead only"
        );
    }
}

/// The weather a party met on a day where no region's weather is kept: a
/// path or place in no region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartyWeather {
    pub party: String,
    /// Where it was: the path it travelled, or the place it stood.
    pub at: String,
    /// "Fair, a light wind", or "Fog (foretold)".
    pub weather: String,
}

impl PartyWeather {
    /// "The Lantern Company, on Ferry lane (no region): Fair, a light wind".
    pub fn words(&self) -> String {
        format!("{}, {} (no region): {}", self.party, self.at, self.weather)
    }
}

/// The weather each party met on `day` outside every region, where it is
/// known: the weather its travel round of that day was travelled in (the
/// campaign's weather table's roll, or a Divine's word), and today, for a
/// party at a place in no region that has not set out since, what last
/// night's Divine foretold. Parties by name.
pub fn outside_regions(data: &CampaignData, day: i64) -> Vec<PartyWeather> {
    let mut found: std::collections::BTreeMap<crate::model::PartyId, PartyWeather> =
        Default::default();
    // The day's last round of each party counts.
    for r in (data.rounds.values()).filter(|r| r.day == day && r.region.is_none()) {
        let (Some(weather), Some(party)) = (&r.weather, data.parties.get(&r.party)) else {
            continue;
        };
        let path = data.paths.get(&r.path).map_or("?", |p| p.name.as_str());
        let met = PartyWeather {
            party: party.name.clone(),
            at: format!("on {path}"),
            weather: weather.clone(),
        };
        found.insert(party.id, met);
    }
    let today = day == data.settings.clock.day;
    for party in data.parties.values().filter(|_| today) {
        let (None, Some(place), Some(foretold)) = (
            party.travel.on_path,
            party.travel.place.and_then(|p| data.places.get(&p)),
            &party.travel.forecast_weather,
        ) else {
            continue;
        };
        if place.region.is_none() && !found.contains_key(&party.id) {
            let told = PartyWeather {
                party: party.name.clone(),
                at: format!("at {}", place.name),
                weather: format!("{foretold} (foretold)"),
            };
            found.insert(party.id, told);
        }
    }
    let mut found: Vec<PartyWeather> = found.into_values().collect();
    crate::model::sort_by_name(&mut found, |w| &w.party);
    found
}
