//! Calendars from Fantasy-Calendar.com and Simple Calendar (issue 38):
//! each fixture's months, festivals, week, leap years, moons, seasons,
//! eras, today and events as worked out by hand from the file; what
//! cannot come across is named; bad files are refused with the field
//! named; a campaign keeps its days where they are in time; and
//! Fantasy-Calendar in, out and in again gives the same calendar.

use proptest::prelude::*;
use waybook_core::exchange::calendar_import::{self, CalendarImport, ImportedWhen};
use waybook_core::exchange::fantasy_calendar;
use waybook_core::model::calendar::{Date, Day, Phase};
use waybook_core::model::{CalendarEvent, CampaignData, Recurrence, Settings};
use waybook_testkit::calendars::{HARBOUR, MARCHES, STONES, TIDES, VALE};

fn read(text: &str) -> CalendarImport {
    calendar_import::read("file.json", text).expect("a calendar")
}

fn of(year: i64, month: usize, day: i64) -> Date {
    Date {
        year,
        day: Day::Of { month, day },
    }
}

fn when_of<'a>(import: &'a CalendarImport, name: &str) -> &'a ImportedWhen {
    &(import.events.iter())
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("the event {name}"))
        .when
}

#[test]
fn a_fantasy_calendar_export_comes_across_as_its_author_meant_it() {
    let t = read(TIDES);
    let c = &t.calendar;
    assert_eq!(t.name, "The Reckoning of Tides");
    let months: Vec<(&str, i64)> = c.months.iter().map(|m| (m.name.as_str(), m.days)).collect();
    assert_eq!(months, vec![("Ebb", 20), ("Flood", 21), ("Neap", 20)]);
    let festivals: Vec<(&str, Option<usize>, i64, bool)> = (c.festivals.iter())
        .map(|f| (f.name.as_str(), f.after_month, f.days, f.leap_only))
        .collect();
    assert_eq!(
        festivals,
        vec![
            ("Landfall", None, 2, false),
            ("Stillwater", Some(0), 1, false),
            ("Starfall", Some(0), 1, true),
        ]
    );
    // "400,!100,4": every 4 years, not every 100, but every 400.
    let rule = c.leap.as_ref().expect("leap years");
    assert_eq!(
        (rule.every, rule.except_every, rule.but_every, rule.month),
        (4, Some(100), Some(400), Some(2))
    );
    assert_eq!(c.year_days(121), 64, "20 + 21 + 20 and three festival days");
    assert_eq!(c.year_days(120), 66, "Neap's day more and Starfall");
    assert_eq!(c.year_days(100), 64, "a hundredth year is common");
    assert_eq!(c.year_days(400), 66, "a four-hundredth is a leap year");
    // overflow off: every month starts the week again.
    assert!(c.week_restarts_monthly);
    assert_eq!(t.today, Some(of(120, 1, 4)));
    assert_eq!(
        (c.era.as_str(), c.eras[0].name.as_str(), c.eras[0].from_year),
        ("Before the Sea", "of the Tides", 100)
    );
    let seasons: Vec<(&str, usize, i64, f64)> = (c.seasons.iter())
        .map(|s| (s.name.as_str(), s.month, s.day, s.sunrise))
        .collect();
    assert_eq!(
        seasons,
        vec![("Dry", 0, 5, 6.0 + 20.0 / 60.0), ("Wet", 2, 1, 7.0)]
    );
    // Fantasy-Calendar's phase on day `epoch` (from 0) is (epoch - shift)
    // / cycle: Pearl is new on day 3 of year 1, 2 Ebb (after Landfall's two).
    let new = c.day_number(of(1, 0, 2)).expect("2 Ebb 1");
    assert_eq!(c.moons_on(new), vec![("Pearl", Phase::New)]);
}

#[test]
fn its_events_come_across_on_their_days_and_the_rest_is_named() {
    let t = read(TIDES);
    assert_eq!(when_of(&t, "Founding"), &ImportedWhen::Once(of(120, 0, 3)));
    assert_eq!(
        when_of(&t, "Tide feast"),
        &ImportedWhen::Year(Day::festival(1))
    );
    // Stillwater's second day in a leap year is Starfall's.
    assert_eq!(
        when_of(&t, "Star night"),
        &ImportedWhen::Year(Day::festival(2))
    );
    assert_eq!(when_of(&t, "Market"), &ImportedWhen::Month(10));
    let full = ImportedWhen::Moon {
        moon: "Pearl".into(),
        phase: Phase::Full,
    };
    assert_eq!(when_of(&t, "Pearl full"), &full);
    assert_eq!(
        when_of(&t, "Long fair"),
        &ImportedWhen::Year(Day::Of { month: 2, day: 20 })
    );
    let founding = &t.events[0];
    assert_eq!(founding.notes, "The first stone.");
    assert!(t.events.iter().all(|e| e.name != "Midyear"));
    assert!(
        t.left_out
            .iter()
            .any(|l| l.starts_with("the event Midyear: its condition (Season)")),
        "{:?}",
        t.left_out
    );
    assert!(
        t.left_out
            .iter()
            .any(|l| l.contains("Long fair: lasts 3 days"))
    );
}

#[test]
fn a_simple_calendar_preset_comes_across_as_its_author_meant_it() {
    let m = read(MARCHES);
    let c = &m.calendar;
    let months: Vec<(&str, i64)> = c.months.iter().map(|m| (m.name.as_str(), m.days)).collect();
    assert_eq!(months, vec![("Thaw", 10), ("Sow", 12), ("Reap", 10)]);
    let festivals: Vec<(&str, Option<usize>, i64, bool, bool)> = (c.festivals.iter())
        .map(|f| {
            (
                f.name.as_str(),
                f.after_month,
                f.days,
                f.leap_only,
                f.in_week,
            )
        })
        .collect();
    assert_eq!(
        festivals,
        vec![
            ("Revel", Some(0), 3, false, true),
            ("Eclipse", Some(1), 1, true, false)
        ]
    );
    let rule = c.leap.as_ref().expect("leap years");
    assert_eq!((rule.every, rule.month), (3, Some(1)));
    assert_eq!((c.year_days(7), c.year_days(6)), (35, 37));
    assert_eq!(m.today, Some(of(7, 1, 10)));
    // Year 0 opened on a Wed (the third). To 10 Sow 7: years 0, 3 and 6
    // are leap years of 36 days in the week (Eclipse is outside it), the
    // other four 35; then Thaw's 10, Revel's 3 and Sow's 9: 270 days on,
    // and (2 + 270) mod 4 is 0, a Mon.
    let today = c.day_number(of(7, 1, 10)).expect("today");
    assert_eq!(c.describe(today), "Mon 10 Sow 7 M");
    // Wisp is new on the 4th of Sow in year 1 (13 days of Thaw and Revel
    // before it and day 3 counted from 0), full four days on.
    let new = c.day_number(of(1, 1, 4)).expect("4 Sow 1");
    assert_eq!(c.moons_on(new), vec![("Wisp", Phase::New)]);
    assert_eq!(c.moons_on(new + 4), vec![("Wisp", Phase::Full)]);
    let season = &c.seasons[0];
    assert_eq!(
        (season.month, season.day, season.sunrise, season.sunset),
        (1, 1, 6.0, 20.0)
    );
    assert_eq!(when_of(&m, "Coronation"), &ImportedWhen::Once(of(7, 0, 5)));
    assert_eq!(
        when_of(&m, "Harvest home"),
        &ImportedWhen::Year(Day::Of { month: 2, day: 10 })
    );
    assert_eq!(when_of(&m, "Rent day"), &ImportedWhen::Month(1));
    assert!(
        m.left_out
            .iter()
            .any(|l| l.starts_with("the note Drill: it repeats weekly"))
    );
}

/// A Simple Calendar export holds its calendars in a list and its notes by
/// calendar: the first comes across with its own notes, the others named.
#[test]
fn a_simple_calendar_export_brings_its_first_calendar_and_its_notes() {
    let preset: serde_json::Value = serde_json::from_str(MARCHES).expect("JSON");
    let mut calendar = preset["calendar"].clone();
    calendar["id"] = "marches".into();
    calendar["name"] = "The Marches".into();
    let export = serde_json::json!({
        "exportVersion": 2,
        "calendars": [calendar, {"id": "other", "name": "Other"}],
        "notes": {"marches": preset["notes"], "other": []},
    });
    let m = calendar_import::read("export.json", &export.to_string()).expect("a calendar");
    assert_eq!(m.name, "The Marches");
    assert_eq!(m.events.len(), 3);
    assert_eq!(
        m.left_out[0],
        "1 more calendar in the file: the first is imported"
    );
}

/// The campaign's today takes the file's date; no day number moves, so
/// what was lived stays where it is in time; the events come with it.
#[test]
fn importing_keeps_every_day_where_it_is_in_time() {
    let mut settings = Settings::new("Tides");
    settings.clock.day = 500;
    let mut data = CampaignData::new(settings);
    let t = read(TIDES);
    let edit = t.edit(&data, true, false).expect("an edit");
    for change in &edit.changes {
        data.apply(change);
    }
    let c = &data.settings.calendar;
    assert_eq!(data.settings.clock.day, 500, "the clock did not move");
    assert_eq!(c.describe(500), "Fourday 4 Flood 120 of the Tides");
    // 3 Ebb is 23 days before 4 Flood: Ebb's 20, Stillwater and Starfall
    // (120 is a leap year) between.
    let founding = data
        .events
        .values()
        .find(|e| e.name == "Founding")
        .expect("Founding");
    assert_eq!(founding.when, Recurrence::Once { day: 477 });
    assert_eq!(data.events.len(), 6, "all but Midyear");
    let without = read(TIDES)
        .edit(&CampaignData::new(Settings::new("T")), false, false)
        .expect("an edit");
    assert_eq!(without.changes.len(), 1, "the calendar alone");
}

#[test]
fn an_import_that_would_strand_the_campaign_s_events_is_refused_or_removes_them() {
    let mut data = CampaignData::new(Settings::new("Demo"));
    let event = CalendarEvent {
        id: waybook_core::model::EventId(1),
        name: "Snowmoon fair".into(),
        notes: String::new(),
        when: Recurrence::Year {
            on: Day::Of { month: 11, day: 30 },
        },
        shown: Default::default(),
    };
    data.apply(&waybook_core::model::Change::of(None, Some(&event)));
    let refused = read(TIDES).edit(&data, true, false).expect_err("refused");
    assert!(
        refused.contains("event “Snowmoon fair” falls on days"),
        "{refused}"
    );
    let edit = read(TIDES).edit(&data, false, true).expect("removing it");
    for change in &edit.changes {
        data.apply(change);
    }
    assert!(data.events.is_empty(), "removed in the same edit");
}

#[test]
fn a_bad_file_is_refused_with_the_field_named() {
    let no_timespans = TIDES.replace("\"timespans\"", "\"spans\"");
    let e = calendar_import::read("t.json", &no_timespans).expect_err("refused");
    assert!(e.to_string().contains("missing field `timespans`"), "{e}");
    let empty_month = TIDES.replace("\"length\": 21", "\"length\": 0");
    let e = calendar_import::read("t.json", &empty_month).expect_err("refused");
    assert_eq!(
        e.to_string(),
        "t.json is not a Fantasy-Calendar calendar: static_data.year_data.timespans[3].length: the timespan Flood has 0 days; Waybook holds 1 to 1,000"
    );
    let e = calendar_import::read("m.json", "{\"notes\": []}").expect_err("refused");
    assert_eq!(
        e.to_string(),
        "m.json is not a Simple Calendar calendar: it has no calendar, calendars or months"
    );
    let e = calendar_import::read("m.json", &MARCHES.replace("\"weekdays\"", "\"days\""))
        .expect_err("refused");
    assert!(
        e.to_string().contains("calendar: missing field `weekdays`"),
        "{e}"
    );
}

/// Out and in again: the calendar, its today and its events come back
/// the same (moons' phases to a billionth of a cycle).
#[test]
fn fantasy_calendar_in_out_and_in_again_is_the_same_calendar() {
    let first = read(TIDES);
    let mut data = CampaignData::new(Settings::new("Tides"));
    for change in first.edit(&data, true, false).expect("an edit").changes {
        data.apply(&change);
    }
    let events: Vec<&CalendarEvent> = data.events.values().collect();
    let s = &data.settings;
    let (text, left_out) = fantasy_calendar::write(&s.name, &s.calendar, s.clock.day, &events);
    assert_eq!(left_out, Vec::<String>::new());
    let again = read(&text);
    let rounded = |mut i: CalendarImport| {
        for m in &mut i.calendar.moons {
            m.phase_at_anchor = (m.phase_at_anchor * 1e9).round();
        }
        i
    };
    let (first, again) = (rounded(first), rounded(again));
    assert_eq!(again.calendar, first.calendar);
    assert_eq!(again.today, first.today);
    let firsts: Vec<_> = first
        .events
        .iter()
        .map(|e| (&e.name, &e.when, &e.notes))
        .collect();
    let agains: Vec<_> = again
        .events
        .iter()
        .map(|e| (&e.name, &e.when, &e.notes))
        .collect();
    assert_eq!(agains, firsts);
}

/// Every real file's shape a GM may have: the Simple Calendar preset
/// goes out to Fantasy-Calendar and back naming every day of a year alike.
#[test]
fn a_simple_calendar_goes_out_to_fantasy_calendar_naming_the_same_days() {
    let m = read(MARCHES);
    let mut data = CampaignData::new(Settings::new("Marches"));
    for change in m.edit(&data, false, false).expect("an edit").changes {
        data.apply(&change);
    }
    let s = &data.settings;
    let (text, left_out) = fantasy_calendar::write(&s.name, &s.calendar, s.clock.day, &[]);
    assert_eq!(
        left_out,
        vec!["Revel: Fantasy-Calendar's intercalary days stand outside the week"]
    );
    let again = read(&text).placed(s.clock.day);
    for day in s.calendar.days_of(6).chain(s.calendar.days_of(7)) {
        assert_eq!(again.date_words(day), s.calendar.date_words(day));
        let phase = |c: &waybook_core::model::calendar::Calendar| c.moons_on(day)[0].1;
        assert_eq!(phase(&again), phase(&s.calendar), "day {day}");
    }
}

/// `text` with `from` replaced by `to`, which it must hold.
fn with(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from}");
    text.replace(from, to)
}

fn left_out_has(import: &CalendarImport, words: &str) -> bool {
    import.left_out.iter().any(|l| l.contains(words))
}

/// Issue 50, 12: a Simple Calendar moon whose cycle starts again each
/// leap year is new on its day (15 Thaw) of every leap year, before and
/// after the year the file names, and counts on from the last one in the
/// years between, with Simple Calendar's quarter day a year; the moon
/// that starts again every 3 years counts from the last multiple of 3
/// (from its own date in such a year, as Simple Calendar does).
#[test]
fn a_simple_calendar_moon_starts_again_as_simple_calendar_starts_it() {
    let v = read(VALE);
    let c = &v.calendar;
    let (silver, ember) = (&c.moons[0], &c.moons[1]);
    let day = |year: i64, month: usize, d: i64| c.day_number(of(year, month, d)).expect("a day");
    let near = |a: f64, b: f64| (a - b.rem_euclid(1.0)).abs() < 1e-9;
    // Frost 30, Midwinter 1, Thaw, Bloom, Sun 30: 121 days every year.
    assert_eq!(c.year_days(1372), 121);
    for year in [1360, 1368, 1372, 1376, 1392] {
        let f = c.moon_fraction(silver, day(year, 1, 15));
        assert!(near(f, 0.5 / 30.5), "15 Thaw {year}: {f}");
        assert_eq!(c.moons_on(day(year, 1, 15))[0], ("Silverlight", Phase::New));
    }
    let f = c.moon_fraction(silver, day(1373, 1, 15));
    assert!(near(f, (0.5 + 121.0 + 0.25) / 30.5), "{f}");
    let f = c.moon_fraction(silver, day(1375, 1, 15));
    assert!(near(f, (0.5 + 3.0 * 121.0 + 0.75) / 30.5), "{f}");
    // Before the leap year's 15 Thaw, the count runs back from it: 1 Frost
    // 1376 is 45 days before, full (as Selûne on 1 Hammer in the Realms).
    let f = c.moon_fraction(silver, day(1376, 0, 1));
    assert!(near(f, (0.5 - 45.0) / 30.5), "{f}");
    assert_eq!(c.moons_on(day(1376, 0, 1))[0].1, Phase::Full);
    // Ember: 1375 counts from 1 Frost 1374 and a third of a day; 1374 (a
    // multiple of 3) from 1 Frost 1371.
    let f = c.moon_fraction(ember, day(1375, 0, 1));
    assert!(near(f, (121.0 + 1.0 / 3.0) / 10.0), "{f}");
    let f = c.moon_fraction(ember, day(1374, 0, 1));
    assert!(near(f, 363.0 / 10.0), "{f}");
    assert!(!left_out_has(&v, "anchors it once"), "{:?}", v.left_out);
}

/// Issue 50, 13: Fantasy-Calendar's intercalary leap day before day 1
/// (`"day": 0`) opens its month, and a leap year numbers it as the
/// month's day 1; every year when its rule is "1" (the Imperial Holiday).
#[test]
fn a_leap_day_before_day_one_opens_its_month() {
    let s = read(STONES);
    let c = &s.calendar;
    let festivals: Vec<(&str, Option<usize>, bool)> = (c.festivals.iter())
        .map(|f| (f.name.as_str(), f.after_month, f.leap_only))
        .collect();
    assert_eq!(festivals, vec![("Holiday", None, true)]);
    assert_eq!(
        s.today,
        Some(Date {
            year: 8,
            day: Day::festival(0)
        })
    );
    let today = c.day_number(s.today.expect("today")).expect("a day");
    assert_eq!(c.date_words(today + 1), "1 Count 8");
    assert_eq!(when_of(&s, "Founding"), &ImportedWhen::Once(of(8, 0, 1)));
    // Day 5 of Count in a common year is its fifth.
    let common = read(&with(
        STONES,
        r#""year": 8, "timespan": 0, "day": 1"#,
        r#""year": 9, "timespan": 0, "day": 5"#,
    ));
    assert_eq!(common.today, Some(of(9, 0, 5)));
    let last = read(&with(
        STONES,
        r#""year": 8, "timespan": 0, "day": 1"#,
        r#""year": 8, "timespan": 0, "day": 21"#,
    ));
    assert_eq!(last.today, Some(of(8, 0, 20)));
    let imperial = read(&with(STONES, r#""interval": "4""#, r#""interval": "1""#));
    let c = &imperial.calendar;
    assert_eq!(
        (c.festivals[0].after_month, c.festivals[0].leap_only),
        (None, false)
    );
    assert_eq!((c.year_days(7), c.year_days(8)), (31, 31));
    assert_eq!(
        imperial.today,
        Some(Date {
            year: 8,
            day: Day::festival(0)
        })
    );
}

/// Issue 50, 14: numbers written as text are read as Fantasy-Calendar's
/// scripts read them; a refusal names the field's path.
#[test]
fn numbers_written_as_text_are_read_and_refusals_name_the_field() {
    let s = read(STONES);
    let c = &s.calendar;
    assert_eq!((c.months[0].days, c.moons[0].cycle_days), (20, 29.53));
    assert!(!left_out_has(&s, "the clock: days of"), "{:?}", s.left_out);
    let e = calendar_import::read(
        "s.json",
        &with(STONES, r#""cycle": "29.53""#, r#""cycle": "abc""#),
    )
    .expect_err("refused");
    assert!(
        e.to_string().starts_with(r#"s.json is not a Fantasy-Calendar calendar: static_data.moons[0].cycle: expected a number, found the text "abc""#),
        "{e}"
    );
    let e = calendar_import::read(
        "s.json",
        &with(STONES, r#""length": "20""#, r#""length": "20.5""#),
    )
    .expect_err("refused");
    assert!(
        e.to_string().contains(
            "static_data.year_data.timespans[0].length: expected a whole number, found 20.5"
        ),
        "{e}"
    );
    let e = calendar_import::read(
        "v.json",
        &with(VALE, r#""cycleLength": 10"#, r#""cycleLength": "ten""#),
    )
    .expect_err("refused");
    assert!(
        e.to_string()
            .contains("calendar.moons[1].cycleLength: invalid type"),
        "{e}"
    );
}

/// Issue 50, 15: HTML entities in names and notes are decoded, by the same
/// decoding as the Foundry tables' (which knew seven entities by hand).
#[test]
fn html_entities_in_names_and_notes_are_decoded() {
    let s = read(STONES);
    assert_eq!(s.name, "Stones & Ages");
    let new_year = s
        .events
        .iter()
        .find(|e| e.name == "New Year's Day")
        .expect("New Year's Day");
    assert_eq!(
        new_year.notes,
        "Quen'pillar\u{2019}s toast \u{2014} all night"
    );
    assert_eq!(
        waybook_core::exchange::foundry::read_markup(
            "It&#8217;s &eacute;t&eacute; &mdash; &lt;b&gt; &amp;Reference[Stunned]"
        ),
        "It\u{2019}s \u{e9}t\u{e9} \u{2014} <b> Stunned"
    );
}

/// Issue 50, 16: an absurd year in the file is left out, naming the
/// field, and never announced as today; a calendar far bigger than any
/// world's is refused naming the field; every day of the largest one
/// Waybook holds is named at once.
#[test]
fn absurd_years_and_huge_calendars_are_bounded_at_import() {
    let empty = CampaignData::new(Settings::new("S"));
    for year in ["9223372036854775807", "-9223372036854775808", "10000000"] {
        let text = with(
            STONES,
            r#""year": 8, "timespan""#,
            &format!(r#""year": {year}, "timespan""#),
        );
        let s = read(&text);
        assert_eq!(s.today, None, "{year}");
        assert!(
            left_out_has(
                &s,
                &format!("dynamic_data.year: {year} is outside the years Waybook counts")
            ),
            "{:?}",
            s.left_out
        );
        assert!(s.summary(1).iter().all(|l| !l.contains("as the file says")));
        s.edit(&empty, true, false)
            .expect("the calendar comes, without the file's today");
    }
    let mut file: serde_json::Value = serde_json::from_str(STONES).expect("JSON");
    let month = serde_json::json!({"name": "M", "type": "month", "length": 30});
    file["static_data"]["year_data"]["timespans"] = serde_json::Value::Array(vec![month; 10_200]);
    file["static_data"]["year_data"]["leap_days"] = serde_json::json!([]);
    let e = calendar_import::read("big.json", &file.to_string()).expect_err("refused");
    assert!(
        e.to_string()
            .contains("static_data.year_data.timespans: 10200 months; Waybook holds"),
        "{e}"
    );
    // The largest: 100 months of 90 days and 100 festivals of 10.
    let mut c = waybook_core::model::calendar::Calendar::greyspine();
    c.months = (0..100)
        .map(|i| waybook_core::model::calendar::Month {
            name: format!("M{i}"),
            days: 90,
        })
        .collect();
    c.festivals = (0..100)
        .map(|i| waybook_core::model::calendar::Festival {
            days: 10,
            ..waybook_core::model::calendar::Festival::new(&format!("F{i}"), Some(i))
        })
        .collect();
    c.leap = None;
    c.seasons.clear();
    c.day_one = of(1203, 6, 14);
    assert_eq!(c.check(), Ok(()));
    let started = std::time::Instant::now();
    let days = c.days_of(1204);
    assert_eq!(days.clone().count(), 10_000);
    for day in days {
        let _ = (c.describe(day), c.moons_on(day), c.weekday(day));
    }
    let took = started.elapsed();
    assert!(
        took.as_secs_f64() < 5.0,
        "a year of 10,000 days named in {took:?}"
    );
    c.months.push(waybook_core::model::calendar::Month {
        name: "One more".into(),
        days: 1,
    });
    assert!(c.check().is_err(), "101 months");
}

/// Issue 50, 17: what was said wrongly or not at all: New Year's Day
/// ("Day in year is exactly" 1) is yearly; seasons given by their lengths
/// start on the days their cycle starts them; the file's time of day is
/// named as not brought.
#[test]
fn new_year_s_day_seasons_by_length_and_the_time_of_day_come_across() {
    let s = read(STONES);
    assert_eq!(
        when_of(&s, "New Year's Day"),
        &ImportedWhen::Year(Day::Of { month: 0, day: 1 })
    );
    assert_eq!(
        when_of(&s, "Tally"),
        &ImportedWhen::Year(Day::Of { month: 0, day: 10 })
    );
    // Year 8 opens on the epoch's day 211 (seven years of 30 days and
    // year 4's Holiday): 211 is day 1 of the 30-day cycle (Cold, 0 to
    // 14), so Warm starts on day 225 (Count 14) and Cold on day 240 (the
    // 30th of year 8, Rest 9).
    let seasons: Vec<(&str, usize, i64, f64)> = (s.calendar.seasons.iter())
        .map(|x| (x.name.as_str(), x.month, x.day, x.sunset))
        .collect();
    assert_eq!(seasons, vec![("Warm", 0, 14, 20.0), ("Cold", 1, 9, 16.5)]);
    assert!(!left_out_has(&s, "the season"), "{:?}", s.left_out);
    assert!(
        left_out_has(&s, "the time of day (08:30)"),
        "{:?}",
        s.left_out
    );
    assert!(left_out_has(&read(VALE), "the time of day (08:30)"));
}

/// Issue 50, 17: a Seasons & Stars calendar comes across as its format
/// says: months from 1, intercalary days before and after months (and
/// after another), the weekday of the epoch's first day, leap years and
/// their day, seasons, a moon, yearly events; today on the first day of
/// its current year.
#[test]
fn a_seasons_and_stars_calendar_comes_across() {
    let h = read(HARBOUR);
    let c = &h.calendar;
    assert_eq!(
        (h.tool, h.name.as_str()),
        ("Seasons & Stars", "The Harbour Reckoning")
    );
    let festivals: Vec<(&str, Option<usize>, bool, bool)> = (c.festivals.iter())
        .map(|f| (f.name.as_str(), f.after_month, f.leap_only, f.in_week))
        .collect();
    assert_eq!(
        festivals,
        vec![
            ("Firstlight", None, false, false),
            ("Midsun", Some(1), false, true),
            ("Longnight", Some(1), true, true)
        ]
    );
    let rule = c.leap.as_ref().expect("leap years");
    assert_eq!((rule.every, rule.month), (4, Some(2)));
    assert_eq!((c.year_days(11), c.year_days(12)), (62, 64));
    assert_eq!(
        h.today,
        Some(Date {
            year: 12,
            day: Day::festival(0)
        })
    );
    // Year 0's first weekday-day is a Threeday; years 0 to 11 hold 738 days
    // in the week (61, and 63 in the leap years 0, 4 and 8): 1 Ice 12 is
    // (2 + 738) mod 4 = 0, a Oneday.
    let ice = c.day_number(of(12, 0, 1)).expect("1 Ice 12");
    assert_eq!(c.describe(ice), "Oneday 1 Ice 12 H");
    assert_eq!(c.weekday(ice - 1), None, "Firstlight is outside the week");
    let seasons: Vec<(&str, usize, i64, f64, f64)> = (c.seasons.iter())
        .map(|s| (s.name.as_str(), s.month, s.day, s.sunrise, s.sunset))
        .collect();
    assert_eq!(
        seasons,
        vec![("Cold", 0, 5, 7.5, 16.0), ("Summer", 2, 1, 5.75, 20.25)]
    );
    let eye = c.day_number(of(12, 1, 3)).expect("3 Melt 12");
    assert_eq!(c.moons_on(eye), vec![("Eye", Phase::New)]);
    assert_eq!(
        when_of(&h, "Sun feast"),
        &ImportedWhen::Year(Day::Of { month: 2, day: 5 })
    );
    assert_eq!(h.events[0].notes, "Bread & salt.");
    assert!(left_out_has(
        &h,
        "the event Muster: it falls on the nth weekday"
    ));
    assert!(left_out_has(
        &h,
        "the event Games: it comes every few years"
    ));
    let e = calendar_import::read(
        "h.json",
        &with(HARBOUR, r#""days": 20}]"#, r#""days": 0}]"#),
    )
    .expect_err("refused");
    assert_eq!(
        e.to_string(),
        "h.json is not a Seasons & Stars calendar: months[2].days: the month Sun has 0 days; Waybook holds 1 to 1,000"
    );
}

proptest! {
    #![proptest_config(waybook_testkit::fuzz_config(150))]

    /// Whatever a file holds (cut short, bytes changed, control
    /// characters, huge numbers, deep nesting), reading it answers a
    /// calendar or an error, and a calendar it answers imports or is
    /// refused in words.
    #[test]
    fn any_calendar_file_is_read_or_refused(
        which in 0..4usize,
        cut in 0usize..2000,
        at in 0usize..2000,
        byte in prop::sample::select(vec![b'\t', 0u8, b'{', b'[', b'"', b'9', b'-', b'}', 0x1f, b'!']),
        depth in 0usize..200,
    ) {
        let base = [TIDES, MARCHES, HARBOUR, STONES][which];
        let (cut, at) = (cut % base.len(), at % base.len());
        let mut bytes = base.as_bytes().to_vec();
        bytes[at] = byte;
        let changed = String::from_utf8_lossy(&bytes).into_owned();
        let nested = format!("{}{}{}", "[".repeat(depth), base, "]".repeat(depth));
        let huge = base.replace("29.5", "1e308").replace("\"length\": 20", "\"length\": 99999999999999999999").replace("\"customMod\": 3", "\"customMod\": -9223372036854775808").replace("\"year\": 8", "\"year\": 9223372036854775807").replace("\"currentYear\": 12", "\"currentYear\": -9223372036854775808").replace("\"transition_length\": 15", "\"transition_length\": 1e300");
        let empty = CampaignData::new(Settings::new("F"));
        for text in [&base[..cut], changed.as_str(), nested.as_str(), huge.as_str()] {
            if let Ok(import) = calendar_import::read("f.json", text) {
                let _ = import.summary(1);
                if let Ok(edit) = import.edit(&empty, true, false) {
                    prop_assert!(!edit.changes.is_empty());
                }
            }
        }
    }
}
