//! Issue 24: the Calendar and Chronicle screens driven through the app:
//! the clock moved on for a reason with its weather, logged and undone; a
//! GM's event added on a day and seen on the grid; a day of the chronicle
//! opened hour by hour, an entry opening its screen; the filters; and the
//! zoom out to months and years.

use crate::common::gui::Fixture;
use crate::common::pdf_text;
use egui_kittest::kittest::{NodeT, Queryable};
use waybook_app::app::DialogOutcome;
use waybook_core::model::LogKind;

#[test]
fn the_clock_moves_on_for_a_reason_with_its_weather_and_undoes_as_one() {
    let mut f = Fixture::demo();
    f.click("Calendar");
    let before = f.data().clone();
    let today = before.settings.clock.day;
    f.type_into("Days", "2");
    f.type_into("Hours", "3");
    f.type_into("Why", "waiting for the ferry");
    // Days 9 and 10 for both regions (day 8's came as the trip's first
    // night ran into its morning): each keeps yesterday's (d100 of 1).
    f.dice(&[1; 4]);
    f.click("Move the clock on");
    let clock = f.data().settings.clock;
    assert_eq!((clock.day, clock.hour), (today + 2, 14));
    let entry = f.data().log.values().last().expect("logged").clone();
    assert_eq!(entry.kind, LogKind::Event);
    assert_eq!(
        entry.why,
        "Move the clock on 2 days and 3 hours for The Lantern Company: waiting for the ferry"
    );
    assert_eq!(
        f.data().weather.len(),
        before.weather.len() + 4,
        "two days of weather for each region"
    );
    let company = f.data().parties.values().next().expect("the company").now;
    assert_eq!(company, clock, "the party lived the days the clock moved");
    assert!(f.shows(
        "Now, for The Lantern Company: Earthday 23 Harvestmoon 1203 of the Crossing, 14:00"
    ));
    f.type_into("Hours", "30");
    assert!(f.shows("Hours: must be between 0 and 23"));
    f.type_into("Days", "0");
    f.type_into("Hours", "0");
    f.greyed_with("Move the clock on", "Move the clock on by 1 hour or more");
    f.menu("Edit", "Undo");
    assert_eq!(f.data().settings.clock, before.settings.clock);
    assert_eq!(f.data().weather, before.weather, "the weather goes with it");
    assert!(f.data().log.values().last().expect("kept").undone);
}

#[test]
fn an_event_added_on_a_day_shows_on_the_grid_and_comes_round() {
    let mut f = Fixture::demo();
    f.click("Calendar");
    f.click("Day 27");
    assert!(f.shows("Wellday 27 Harvestmoon 1203 of the Crossing"));
    f.type_into("New event", "Market at Emberfall");
    f.pick("comes", "Every month");
    f.click("Add event");
    let event = f.data().events.values().last().expect("added").clone();
    assert_eq!(event.name, "Market at Emberfall");
    assert!(f.shows("★ Market at Emberfall (every month on day 27)"));
    f.click("Next month ▶");
    assert!(f.shows("Leafmoon 1203"));
    assert!(
        f.shows("★ Market at Emberfall"),
        "it comes round next month"
    );
    f.click("Day 27");
    f.click("Remove Market at Emberfall");
    assert!(!f.data().events.contains_key(&event.id));
    assert!(!f.reloaded().events.contains_key(&event.id));
}

#[test]
fn a_day_of_the_chronicle_opens_hour_by_hour_and_its_entry_opens_its_screen() {
    let mut f = Fixture::demo();
    f.click("Chronicle");
    assert!(f.shows("Windday 16 Harvestmoon 1203 of the Crossing · Summer · Sable full"));
    assert!(f.shows("★ Toll-keepers light the bridge"));
    f.click("Fireday 20 Harvestmoon 1203 of the Crossing · Summer · Sable waning gibbous · Lantern new · Ashen plain: Extreme heat: white sky · Greyspine pass: Rain on the scree · The Lantern Company, on Kettleford road (no region): Fair, a light wind · Travel round 3");
    assert!(f.shows("Navigation phase"));
    assert!(f.shows("Day 7: The Lantern Company along Kettleford road toward Old Mill Crossing."));
    f.click("◀ Day before");
    assert!(f.shows("Nothing was played on this day."));
    f.click("Day after ▶");
    f.click_last("Open Travel");
    assert!(f.shows("At Old Mill Crossing"), "the Travel screen");
}

#[test]
fn the_chronicle_filters_and_zooms_out() {
    let mut f = Fixture::demo();
    f.click("Chronicle");
    f.pick("Kind", "Scene");
    assert!(f.shows("Scene 11"));
    assert!(!f.shows("Gathering 3"), "other kinds are filtered out");
    // Brother Ilo is named in the scene's start and the gathering's end.
    f.pick("Character", "Brother Ilo");
    assert!(f.shows("Scene 1") && !f.shows("Scene 11"));
    f.pick("Kind", "every kind");
    assert!(
        f.shows("Gathering 1") && !f.shows("Gathering 3"),
        "his entry of the gathering"
    );
    f.pick("Character", "everyone");
    f.pick("Region", "Greyspine pass");
    assert!(!f.shows("Ashen plain: Hot and dry"));
    f.click("Months");
    assert!(f.shows("Harvestmoon 1203 · "));
    // Days 3, 4, 6 and 7, and day 8 kept it as the trip's night ran on.
    assert!(f.shows("Greyspine pass: Rain on the scree (5 d)"));
    f.click("Years");
    assert!(f.shows("1203 of the Crossing · "));
    f.harness
        .get_by(|n| {
            n.label()
                .is_some_and(|l| l.starts_with("1203 of the Crossing · "))
        })
        .click();
    f.harness.run();
    assert!(
        f.shows("Click a day to read it hour by hour."),
        "back to the days"
    );
}

#[test]
fn print_chronicle_refuses_a_backwards_range_and_prints_a_forward_one() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("chronicle.pdf");
    let mut f = Fixture::with_dialogs(vec![DialogOutcome::Picked(out.clone())]);
    f.click("Chronicle");
    f.type_into("Print from day", "8");
    f.type_into("to day", "3");
    f.greyed_with("Print chronicle…", "The first day comes after the last");
    f.type_into("Print from day", "6");
    f.type_into("to day", "7");
    f.click("Print chronicle…");
    f.wait_for_export();
    let text = pdf_text(&lopdf::Document::load(&out).expect("a PDF"));
    for expected in [
        "Day 6 · Moonday 19 Harvestmoon 1203 of the Crossing",
        "Greyspine pass: Rain on the scree",
        "08:00 · Travel round · Navigation phase",
    ] {
        assert!(text.contains(expected), "“{expected}” in:\n{text}");
    }
    assert!(!text.contains("Day 8 ·"), "only the days asked for");
}

/// Issue 50, 31: more days than one print holds are said before the
/// print, not clipped silently.
#[test]
fn print_chronicle_says_what_a_range_too_long_for_one_print_leaves_out() {
    let mut f = Fixture::demo();
    f.click("Chronicle");
    f.type_into("Print from day", "1");
    f.type_into("to day", "3660");
    assert!(!f.shows("One print holds at most"), "3660 days fit");
    f.type_into("to day", "999999");
    assert!(
        f.shows(
            "One print holds at most 3660 days: days 3661 to 999999 are left out (print them from day 3661)."
        ),
        "the days left out are said"
    );
}

/// Issue 34, 1 and 10: the forecast rolled again with today not rolled,
/// then the Weeks zoom. The window stays, today stays unrolled, and the
/// days ahead are not in the chronicle as days that happened.
#[test]
fn the_weeks_zoom_after_a_new_forecast_shows_only_what_happened() {
    // Today's weather, rolled as the trip's first night ran into it, taken
    // out: the state the issue found.
    let mut f = Fixture::demo_today_unrolled();
    let today = f.data().settings.clock.day;
    f.click("Weather");
    // The plain is first by name, so the one shown.
    // Tomorrow, with no today to keep, rolls the hot months' d6: 6, a
    // white-sky heat; each day after turns (90) to the same.
    let mut faces = vec![6];
    faces.extend([90, 6].repeat(6));
    f.dice(&faces);
    f.click("Roll the forecast again");
    let plain = f
        .data()
        .regions
        .values()
        .find(|r| r.name == "Ashen plain")
        .map(|r| r.id)
        .expect("the plain");
    assert!(
        f.data().weather_on(plain, today).is_none(),
        "the forecast rolls days ahead only: today is not rolled"
    );
    assert!(f.data().weather_on(plain, today + 3).is_some());
    f.click("Chronicle");
    f.click("Weeks");
    assert!(f.shows("Week of "), "the weeks are listed");
    f.click("Days");
    let ahead = f.data().settings.calendar.describe(today + 1);
    assert!(
        !f.harness.query_all_by_label_contains(&ahead).any(|n| n
            .accesskit_node()
            .label()
            .is_some_and(|l| l.starts_with(&ahead))),
        "tomorrow is not a day of the chronicle"
    );
    f.click("Hours");
    f.click("Day after ▶");
    assert!(f.shows("ahead of the campaign's clock"));
    assert!(
        !f.shows("Ashen plain: Extreme heat"),
        "a forecast is not history"
    );
}

/// Issue 53: "the GM may choose "unfed" instead, and the log says which":
/// a day passed with Unfed ticked adds a day without food to every member
/// and eats nothing; undo takes it back.
#[test]
fn a_day_passed_unfed_adds_a_day_without_food() {
    let mut f = Fixture::demo();
    f.click("Calendar");
    let before = f.data().clone();
    let ash = f.character("Ash Varnell").expect("Ash").clone();
    f.type_into("Days", "1");
    f.type_into("Hours", "0");
    f.click("Unfed: nobody eats on the days passed");
    f.dice(&[1; 4]);
    f.click("Move the clock on");
    let starved = f.character("Ash Varnell").expect("Ash").clone();
    assert_eq!(
        starved.exploration.days_without_food,
        ash.exploration.days_without_food + 1.0
    );
    assert_eq!(f.data().holdings, before.holdings, "nothing eaten");
    let entry = f.data().log.values().last().expect("logged").clone();
    assert!(entry.why.ends_with("(unfed)"), "{}", entry.why);
    f.menu("Edit", "Undo");
    assert_eq!(f.data().characters, before.characters);
}

/// Issue 53: "Each party's chronicle shows its own days ...; the world's
/// chronicle shows every party's days side by side (the Days and Weeks
/// zooms: one lane per party)." The demo's Kettleford Watch lives three
/// days behind the company: the days after its present are not yet lived
/// in its lane, and lived in the company's.
#[test]
fn the_days_and_weeks_zooms_have_a_lane_for_each_party() {
    let mut f = Fixture::demo();
    f.click("Chronicle");
    f.click("Days");
    assert!(f.shows_exactly("The world's days"));
    let watch = (f.data().parties.values())
        .find(|p| p.name == "The Kettleford Watch")
        .expect("the Watch")
        .clone();
    let today = f.data().settings.clock.day;
    // Today near the top: the days from the Watch's next to today in view.
    let not_lived = f.harness.query_all_by_label("not yet lived").count();
    assert_eq!(
        not_lived,
        usize::try_from(today - watch.now.day).expect("days")
    );
    // Today's fight is the world's line's and the company's lane's, not
    // the Watch's.
    assert_eq!(
        (f.harness.query_all_by_label_contains("Scene 11")).count(),
        2,
        "the world and the company"
    );
    f.click("Weeks");
    assert!(
        f.shows_exactly("The world's days"),
        "the Weeks zoom has lanes too"
    );
    f.pick("Party", "The Kettleford Watch");
    assert!(
        !f.shows_exactly("The world's days"),
        "a party picked: its own chronicle, no lanes"
    );
}
