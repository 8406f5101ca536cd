//! Issue 24: regions and their weather on the Weather screen, driven
//! through the real app: today's weather rolled once and kept, the
//! forecast rolled again with the past left as it fell, bad numbers
//! refused in words, a region added and removed with undo, and a travel
//! round reading its region's weather of the day.

use crate::common::gui::Fixture;
use egui_kittest::kittest::Queryable;
use waybook_core::model::{RegionId, Weather};

fn region(f: &Fixture, name: &str) -> RegionId {
    f.data()
        .regions
        .values()
        .find(|r| r.name == name)
        .map(|r| r.id)
        .expect("a region of that name")
}

/// Every region's weather up to `day`, as it stands.
fn fallen(f: &Fixture, day: i64) -> Vec<Weather> {
    f.data()
        .weather
        .values()
        .filter(|w| w.day <= day)
        .cloned()
        .collect()
}

#[test]
fn today_is_rolled_once_and_the_forecast_again_with_the_past_as_it_fell() {
    let mut f = Fixture::demo_today_unrolled();
    f.click("Weather");
    let today = f.data().settings.clock.day;
    assert!(
        f.shows("As it fell (7 days)"),
        "the demo's week in Kettleford"
    );
    assert!(f.shows("Ashen plain: not rolled yet"));
    // The pass (60% to keep) keeps its rain on a d100 of 10; the plain (40%)
    // turns on a 90 and rolls its hot months' d6: 6, a dust storm.
    f.dice(&[10, 90, 6]);
    f.click("Roll today's weather");
    assert!(f.shows("Greyspine pass: Rain on the scree"));
    assert!(f.shows("Ashen plain: Dust storm"));
    f.greyed_with(
        "Roll today's weather",
        "Every region has today's weather already",
    );
    let past = fallen(&f, today);
    // Seven days ahead on the plain, each turning (90) to a still-air heat (1).
    f.dice(&[90, 1].repeat(7));
    f.click("Roll the forecast again");
    let plain = region(&f, "Ashen plain");
    let ahead: Vec<&str> = f
        .data()
        .weather_of(plain, today + 1..=today + 7)
        .map(|w| w.weather.as_str())
        .collect();
    assert_eq!(ahead, ["Extreme heat: still air"; 7]);
    assert_eq!(fallen(&f, today), past, "today and the days before stay");
    // Rolled again, every day keeping the one before (10 is under 40):
    // today's dust storm all week, and the same past.
    f.dice(&[10; 7]);
    f.click("Roll the forecast again");
    assert_eq!(
        f.data()
            .weather_on(plain, today + 7)
            .map(|w| w.weather.as_str()),
        Some("Dust storm")
    );
    assert_eq!(fallen(&f, today), past);
    f.menu("Edit", "Undo");
    assert_eq!(
        f.data()
            .weather_on(plain, today + 1)
            .map(|w| w.weather.as_str()),
        Some("Extreme heat: still air"),
        "undo brings the first forecast back"
    );
    assert_eq!(f.reloaded().weather, f.data().weather, "kept in the file");
}

#[test]
fn numbers_out_of_range_are_refused_in_words() {
    let mut f = Fixture::demo();
    f.click("Weather");
    f.type_into("Days ahead", "0");
    assert!(f.shows("Days ahead: must be between 1 and 60"));
    f.type_into("Chance a day keeps yesterday's weather (%)", "150");
    assert!(f.shows("must be between 0 and 100"));
    let plain = region(&f, "Ashen plain");
    assert_eq!(f.data().regions[&plain].keep_percent, 40, "unchanged");
    f.type_into("Chance a day keeps yesterday's weather (%)", "75");
    assert_eq!(f.reloaded().regions[&plain].keep_percent, 75);
}

#[test]
fn a_region_is_added_named_and_removed_with_undo() {
    let mut f = Fixture::demo();
    f.click("Weather");
    f.click("Add region");
    f.type_into("Name", "Salt marsh");
    f.type_into("Climate", "Wet and mild");
    let marsh = region(&f, "Salt marsh");
    assert_eq!(
        f.data().regions[&marsh].keep_percent,
        30,
        "spells from the start"
    );
    f.click("Remove region Salt marsh");
    assert!(!f.data().regions.contains_key(&marsh));
    // The pass is in use: its places and its weather go with it, and come back.
    f.click("Greyspine pass");
    let pass = region(&f, "Greyspine pass");
    let before = f.data().clone();
    f.click("Remove region Greyspine pass");
    assert!(f.data().weather.values().all(|w| w.region != pass));
    assert!(f.data().places.values().all(|p| p.region != Some(pass)));
    f.menu("Edit", "Undo");
    assert_eq!(f.data().regions.get(&pass), before.regions.get(&pass));
    assert_eq!(f.data().weather, before.weather);
    assert_eq!(f.data().places, before.places);
    assert_eq!(f.reloaded().regions.get(&pass), before.regions.get(&pass));
}

/// "To begin, the GM consults the appropriate weather table to determine
/// the day's weather." The Mill track, put in the Greyspine pass on the
/// Map screen, reads the pass's weather of the day, rolled for every region
/// and kept.
#[test]
fn a_travel_round_in_a_region_uses_its_weather_and_keeps_it() {
    let mut f = Fixture::demo_today_unrolled();
    f.click("Map");
    f.click("Mill track: D4 ⚠2 · 2 rounds");
    f.pick("Region", "Greyspine pass");
    let pass = region(&f, "Greyspine pass");
    let track = f
        .data()
        .paths
        .values()
        .find(|p| p.name == "Mill track")
        .expect("the track");
    assert_eq!(track.region, Some(pass));
    f.click("Travel");
    f.pick("Path", "Mill track to Greyspine Foot · D4 ⚠2 · 2 rounds");
    // The pass keeps its rain (d100 10); the plain turns (90) to its d6 3;
    // then the pathfinding d10 of 10.
    f.dice(&[10, 90, 3, 10]);
    f.click("Roll the Navigation Phase");
    assert!(
        f.shows("yesterday's weather holds: d100 = 10 vs at or under 60: kept: Rain on the scree")
    );
    let today = f.data().settings.clock.day;
    let kept = f.data().weather_on(pass, today).cloned().expect("kept");
    assert_eq!(kept.weather, "Rain on the scree");
    f.click("Weather");
    assert!(f.shows("Greyspine pass: Rain on the scree"));
    assert!(f.shows("Ashen plain: Extreme heat: dust haze"));
    assert_eq!(f.reloaded().weather_on(pass, today), Some(&kept));
}

/// A season renamed on the Campaign screen keeps each region's table for
/// it, which goes by the season's name.
#[test]
fn a_renamed_season_keeps_its_regions_tables() {
    let mut f = Fixture::demo();
    f.click("Campaign");
    let pass = region(&f, "Greyspine pass");
    let table = f.data().regions[&pass].tables["Summer"];
    let summer = f
        .data()
        .settings
        .calendar
        .seasons
        .iter()
        .position(|s| s.name == "Summer")
        .expect("a summer");
    f.type_into_nth("Season", summer, "High summer");
    assert_eq!(
        f.data().settings.calendar.seasons[summer].name,
        "High summer"
    );
    let tables = &f.reloaded().regions[&pass].tables;
    assert_eq!(tables.get("High summer"), Some(&table));
    assert!(!tables.contains_key("Summer"));
    f.menu("Edit", "Undo");
    assert_eq!(f.data().regions[&pass].tables.get("Summer"), Some(&table));
}

/// Issue 25: a region takes Waybook's weather for a climate in one click,
/// each season its table, marked as Waybook's; undo gives its own back.
#[test]
fn a_region_takes_waybook_s_weather_for_a_climate() {
    let mut f = Fixture::demo();
    f.click("Weather");
    f.click("Greyspine pass");
    let pass = region(&f, "Greyspine pass");
    let own = f.data().regions[&pass].tables.clone();
    f.click("Mountain");
    let data = f.data();
    let winter = data.regions[&pass]
        .tables
        .get("Winter")
        .and_then(|t| data.tables.get(t));
    assert_eq!(
        winter.map(|t| (t.name.as_str(), t.suggested)),
        Some(("Weather: mountain, winter", true))
    );
    assert_eq!(
        f.harness
            .get_by_role_and_label(egui::accesskit::Role::ComboBox, "Summer")
            .value()
            .as_deref(),
        Some("Weather: mountain, summer"),
        "the season's list shows it"
    );
    f.menu("Edit", "Undo");
    assert_eq!(f.data().regions[&pass].tables, own, "the demo's own again");
}

/// Issue 53: "every screen that shows 'today' shows that party's" and
/// "For a party behind the others in time, the GM sees the days ahead of
/// it that another party already lived as fact, not as forecast." Run
/// from the menu bar, the Kettleford Watch's today is its own, and the
/// screen says whose days lie ahead of it.
#[test]
fn the_weather_screens_today_is_the_party_runs() {
    let mut f = Fixture::demo();
    f.click("Weather");
    assert!(f.shows(&format!(
        "Today, for The Lantern Company: {}",
        f.data().settings.today()
    )));
    f.run_party("The Kettleford Watch");
    let watch = (f.data().parties.values())
        .find(|p| p.name == "The Kettleford Watch")
        .expect("the Watch")
        .clone();
    assert!(f.shows(&format!(
        "Today, for The Kettleford Watch: {}",
        f.data().settings.today_at(watch.now)
    )));
    assert!(f.shows(
        "Its days to Wellday 21 Harvestmoon 1203 of the Crossing were lived by The Lantern Company: their weather is as it fell, not a forecast."
    ));
    let pass = (f.data().regions.values())
        .find(|r| r.name == "Greyspine pass")
        .expect("the pass")
        .id;
    let fell = f
        .data()
        .weather_on(pass, watch.now.day)
        .expect("fell")
        .weather
        .clone();
    assert!(
        f.shows(&format!("Greyspine pass: {fell}")),
        "its day's weather, as it fell"
    );
}
