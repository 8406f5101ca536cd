//! The demo grown old: days played with every region's weather of every
//! day, copies of its journey and travel round, and a long campaign log.
//! The ten-year bench grows it to a decade; the frame-work test to a few
//! tens of thousands of records, enough to see a frame's work grow.

use crate::model::{
    Change, CharacterId, ClockTime, Edit, JourneyId, LogEntry, LogId, LogKind, Region, RegionId,
    TravelRoundId, Weather, WeatherId,
};
use crate::store::{Campaign, Result};

/// How far the demo is grown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Growth {
    pub days: i64,
    pub log: i64,
    pub journeys: i64,
    pub rounds: i64,
    pub regions: i64,
}

impl Growth {
    /// Ten years: 3,650 days, a million log entries, 500 journeys, 5,000
    /// travel rounds, ten regions.
    pub const DECADE: Growth = Growth {
        days: 3_650,
        log: 1_000_000,
        journeys: 500,
        rounds: 5_000,
        regions: 10,
    };
}

/// Ids of what the growth adds start here, above the demo's own.
const FIRST: i64 = 10_000;
/// Changes written in one edit, so the filling never holds them all.
const BATCH: usize = 100_000;

/// Grows the demo `campaign` by `growth`, its clock and its parties'
/// presents moved to the last day.
pub fn grow(campaign: &mut Campaign, growth: Growth) -> Result<()> {
    let data = campaign.load()?;
    let journey = data.journeys.values().next().cloned();
    let round = data.rounds.values().next().cloned();
    let people: Vec<CharacterId> = data.characters.keys().copied().collect();
    let mut changes: Vec<Change> = Vec::new();
    let weathers = [
        "Clear",
        "Rain",
        "Fog",
        "Snow",
        "Extreme heat: still air",
        "Wind",
    ];
    for r in 0..growth.regions {
        let region = Region {
            keep_percent: 40,
            ..Region::new(RegionId(FIRST + r), format!("Region {r}"))
        };
        changes.push(Change::of(None, Some(&region)));
        for day in 1..=growth.days {
            let w = Weather {
                id: WeatherId::of(region.id, day),
                region: region.id,
                day,
                weather: weathers[((day / 3 + r) % 6) as usize].to_owned(),
                rolled: format!("d6 = {}", 1 + (day + r) % 6),
                foretold: false,
            };
            changes.push(Change::of(None, Some(&w)));
        }
    }
    for j in (0..growth.journeys).filter(|_| journey.is_some()) {
        let mut copy = journey.clone().expect("a journey");
        copy.id = JourneyId(FIRST + j);
        copy.name = format!("Journey {j}");
        copy.start.day = 1 + j * 7;
        changes.push(Change::journey(None, Some(&copy)));
    }
    for n in (0..growth.rounds).filter(|_| round.is_some()) {
        let mut copy = round.clone().expect("a round");
        copy.id = TravelRoundId(FIRST + n);
        copy.day = 1 + n * growth.days / growth.rounds;
        changes.push(Change::of(None, Some(&copy)));
    }
    write(campaign, &mut changes, true)?;
    let kinds: Vec<LogKind> = LogKind::ALL.to_vec();
    for n in 0..growth.log {
        let entry = LogEntry {
            working_shown: Default::default(),
            shown: Default::default(),
            id: LogId(FIRST + n),
            at: ClockTime {
                day: 1 + n * growth.days / growth.log,
                hour: n % 24,
            },
            real: "2026-11-27 20:00".to_owned(),
            kind: kinds[n as usize % kinds.len()],
            why: format!("Step {n}"),
            rolled: format!("d20: {}", 1 + n % 20),
            characters: (people.get(n as usize % people.len().max(1)).copied())
                .into_iter()
                .collect(),
            undone: false,
            said: Vec::new(),
            parties: Vec::new(),
        };
        changes.push(Change::of(None, Some(&entry)));
        write(campaign, &mut changes, false)?;
    }
    let mut settings = campaign.settings()?;
    let before = settings.clone();
    settings.clock = ClockTime {
        day: growth.days,
        hour: 9,
    };
    // The company lived the years grown: its present goes with the clock.
    for party in data.parties.values() {
        let moved = crate::model::Party {
            now: settings.clock,
            ..party.clone()
        };
        changes.push(Change::of(Some(party), Some(&moved)));
    }
    changes.push(Change::Settings {
        before,
        after: settings,
    });
    write(campaign, &mut changes, true)
}

/// Writes the changes gathered as one edit once there are a batch of them
/// (or, with `now`, whatever there is).
fn write(campaign: &mut Campaign, changes: &mut Vec<Change>, now: bool) -> Result<()> {
    if changes.len() >= BATCH || (now && !changes.is_empty()) {
        let edit = Edit::new("grow the demo", std::mem::take(changes));
        campaign.apply(&edit)?;
    }
    Ok(())
}
