//! The demo's world over time: two regions, the Greyspine pass (cold, its
//! weather holding for days) and the Ashen plain (hot), each with a
//! weather table for the warm and the cold half of the year; the places
//! and paths in them; the GM's events on the calendar; and the week the
//! company waited in Kettleford for the pass to clear, the clock moved on
//! with both regions' weather rolled and kept.

use crate::model::calendar::Phase;
use crate::model::{
    CalendarEvent, CampaignData, Change, Edit, EventId, PartyId, Place, Recurrence, Region,
    RegionId, TableDef, TableId,
};
use crate::plan::rest::Meals;
use std::collections::BTreeMap;
use waybook_rules::dice::Dice;

/// The pass's weather in autumn and winter, and in spring and summer.
const PASS_COLD: [&str; 6] = [
    "Extreme cold: clear and bitter",
    "Extreme cold: wind off the ice",
    "Extreme cold: snow",
    "Hard frost",
    "Fog on the pass",
    "Clear and cold",
];
const PASS_WARM: [&str; 6] = [
    "Extreme cold: a late snow",
    "Hard frost at night",
    "Fog on the pass",
    "Rain on the scree",
    "Clear and cold",
    "Clear and mild",
];
/// The plain's weather in summer and spring, and in autumn and winter.
const PLAIN_HOT: [&str; 6] = [
    "Extreme heat: still air",
    "Extreme heat: a hot wind",
    "Extreme heat: dust haze",
    "Extreme heat: white sky",
    "Hot and dry",
    "Dust storm",
];
const PLAIN_COOL: [&str; 6] = [
    "Extreme heat: still air",
    "Extreme heat: a hot wind",
    "Hot and dry",
    "Dust wind",
    "Clear, a cool night",
    "Rain squall",
];

/// The places in each region, and the paths that have one of their own.
const PASS_PLACES: [&str; 2] = ["Greyspine Pass", "Watchers' Tor"];
const PLAIN_PLACES: [&str; 2] = ["Ashen Plain Well", "Emberfall"];
const PASS_PATHS: [&str; 2] = ["The Greyspine climb", "The long descent"];
const PLAIN_PATHS: [&str; 1] = ["Hollow Wood track"];
/// The path that comes down off the pass onto the plain: its rounds from
/// this one on lie in the plain.
const DESCENT: (&str, i64) = ("The long descent", 2);

/// The regions, their four tables and the places and paths put in them.
pub fn region_changes(data: &CampaignData) -> Vec<Change> {
    let first_table = data.next_id::<TableDef>().0;
    let tables: Vec<TableDef> = [
        ("Greyspine pass, cold months", &PASS_COLD),
        ("Greyspine pass, warm months", &PASS_WARM),
        ("Ashen plain, hot months", &PLAIN_HOT),
        ("Ashen plain, cool months", &PLAIN_COOL),
    ]
    .into_iter()
    .zip(0..)
    // The demo's own tables, not stand-ins for the rule texts'.
    .map(|((name, rows), n)| TableDef::one_per_face(TableId(first_table + n), name, rows))
    .collect();
    let first_region = data.next_id::<Region>().0;
    let seasons = |cold: TableId, warm: TableId| -> BTreeMap<String, TableId> {
        [
            ("Spring", warm),
            ("Summer", warm),
            ("Autumn", cold),
            ("Winter", cold),
        ]
        .into_iter()
        .map(|(s, t)| (s.to_owned(), t))
        .collect()
    };
    let pass = Region {
        climate: "Cold mountain pass".to_owned(),
        notes: "Snow even in summer; a spell of weather sits on the pass for days.".to_owned(),
        tables: seasons(tables[0].id, tables[1].id),
        keep_percent: 60,
        ..Region::new(RegionId(first_region), "Greyspine pass")
    };
    let plain = Region {
        climate: "Hot plain".to_owned(),
        notes: "The one well is at the crossing of the tracks.".to_owned(),
        tables: seasons(tables[3].id, tables[2].id),
        keep_percent: 40,
        ..Region::new(RegionId(first_region + 1), "Ashen plain")
    };
    let mut changes: Vec<Change> = tables.iter().map(|t| Change::of(None, Some(t))).collect();
    changes.extend([&pass, &plain].map(|r| Change::of(None, Some(r))));
    for (region, places, paths) in [
        (&pass, &PASS_PLACES[..], &PASS_PATHS[..]),
        (&plain, &PLAIN_PLACES[..], &PLAIN_PATHS[..]),
    ] {
        for p in data
            .places
            .values()
            .filter(|p| places.contains(&p.name.as_str()))
        {
            let after = Place {
                region: Some(region.id),
                ..p.clone()
            };
            changes.push(Change::of(Some(p), Some(&after)));
        }
        for p in data
            .paths
            .values()
            .filter(|p| paths.contains(&p.name.as_str()))
        {
            let mut after = p.clone();
            after.region = Some(region.id);
            if p.name == DESCENT.0 {
                after.stretches.push(crate::model::Stretch {
                    from_round: DESCENT.1,
                    region: plain.id,
                });
            }
            changes.push(Change::of(Some(p), Some(&after)));
        }
    }
    changes
}

/// The week in Kettleford: six days the company waited out, eaten at rest
/// from what it carries, both regions' weather rolled each day from a
/// seeded die, logged as the app logs a clock move.
pub fn waiting_week(data: &CampaignData, company: PartyId) -> Vec<Edit> {
    let moved = crate::edits::clock::moved_on(
        data,
        Some(company),
        (6 * data.settings.day_hours, Meals::Fed),
        "waiting in Kettleford for the pass to clear",
        (&mut Dice::seeded(1203), super::NIGHT.to_owned()),
    );
    moved.into_iter().collect()
}

/// The GM's events: the harvest fair at Kettleford each year, the Silverrun
/// ferry's monthly crossing, the toll-keepers' lamps at every full moon of
/// Sable, and the caravan due at Emberfall once.
pub fn calendar_events(data: &CampaignData) -> Vec<Change> {
    let c = &data.settings.calendar;
    let first = data.next_id::<CalendarEvent>().0;
    let events = [
        (
            "Harvest fair at Kettleford",
            "Three days of trade; the ford is crowded.",
            Recurrence::Year { on: c.date(12).day },
        ),
        (
            "The Silverrun ferry crosses",
            "The ferryman takes passengers on the first of each month.",
            Recurrence::Month { day_of_month: 1 },
        ),
        (
            "Toll-keepers light the bridge",
            "The Drowned Toll's cult gathers at the bridge.",
            Recurrence::Moon {
                moon: "Sable".to_owned(),
                phase: Phase::Full,
            },
        ),
        (
            "Caravan due at Emberfall",
            "The salt caravan waits three days, then leaves without them.",
            Recurrence::Once { day: 16 },
        ),
    ];
    events
        .into_iter()
        .zip(0..)
        .map(|((name, notes, when), n)| {
            let event = CalendarEvent {
                shown: Default::default(),
                id: EventId(first + n),
                name: name.to_owned(),
                notes: notes.to_owned(),
                when,
            };
            Change::of(None, Some(&event))
        })
        .collect()
}
