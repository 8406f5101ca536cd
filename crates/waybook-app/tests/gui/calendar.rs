//! Issue 24: the campaign's calendar, set up on the Campaign screen and
//! shown wherever the clock's day is: the menu bar over every screen, the
//! log, the journeys.

use crate::common::gui::Fixture;

/// The demo counts its days in the Greyspine reckoning; the GM renames a
/// month and the date over the roster follows while the clock's day stays;
/// a switch to a calendar its events cannot fall in is refused; undo
/// brings the month's name back.
#[test]
fn the_calendar_names_the_clock_s_day_on_every_screen() {
    let mut f = Fixture::demo();
    let day = f.data().settings.clock.day;
    // Day 1 is Fireday 14 Harvestmoon 1203; the demo's clock is on day 8.
    assert_eq!(day, 8);
    assert!(f.shows("Wellday 21 Harvestmoon 1203 of the Crossing, 11:00"));
    f.click("Campaign");
    f.type_into("Month 7", "Reapmoon");
    assert!(f.shows("Wellday 21 Reapmoon 1203 of the Crossing, 11:00"));
    f.click("Roster");
    assert!(
        f.shows("Wellday 21 Reapmoon 1203"),
        "the roster's date follows"
    );
    // The demo's journey (the Watch's) sets off the morning after its
    // present: day 6, 08:00.
    f.click("Journeys");
    assert!(f.shows("(Moonday 19 Reapmoon 1203 of the Crossing, 08:00)"));
    f.click("Campaign");
    // The Gregorian calendar has no Sable: the toll-keepers' full moon
    // would fall on no day, so the switch is refused until it is moved.
    f.click("Gregorian");
    assert!(f.shows(
        "The calendar was not changed: the events Toll-keepers light the bridge fall on days the Gregorian calendar does not have"
    ));
    assert_eq!(f.data().settings.clock.day, day, "nothing moved in time");
    assert_eq!(f.reloaded().settings.calendar.months[6].name, "Reapmoon");
    f.menu("Edit", "Undo");
    assert!(
        f.shows("Wellday 21 Harvestmoon 1203"),
        "undo brings the month's name back"
    );
}

/// A calendar that could not name its days is refused in words, and the
/// calendar stays as it was: the last weekday cannot go, nor a month of
/// no days.
#[test]
fn a_calendar_that_cannot_name_its_days_is_refused() {
    let mut f = Fixture::demo();
    f.click("Campaign");
    for weekday in ["Moonday", "Fireday", "Wellday", "Windday", "Earthday"] {
        f.click(&format!("Remove {weekday}"));
    }
    assert_eq!(f.data().settings.calendar.weekdays, ["Starday"]);
    f.click("Remove Starday");
    assert!(f.shows("The calendar was not changed: a calendar needs at least one weekday"));
    assert_eq!(f.data().settings.calendar.weekdays, ["Starday"]);
    f.type_into("Days of Thawmoon", "0");
    assert!(f.shows("must be between 1 and 1000"));
    assert_eq!(f.data().settings.calendar.months[0].days, 30);
}

/// A march planned before sunrise is flagged on the day, and its hours are
/// drawn darker; the demo's journey, its days setting off at 02:00 in late
/// summer (sunrise about 06:20), marches four hours in the dark from its
/// second day (the first sets off at the journey's own hour, 08:00).
#[test]
fn a_march_in_the_dark_is_flagged() {
    let mut f = Fixture::demo();
    f.click("Journeys");
    f.click("Day by day");
    assert!(!f.shows("of march in the dark"), "08:00 is daylight");
    f.click("Route");
    f.type_into("Set off at hour", "2");
    assert_eq!(f.journey().plan.pattern.start_hour, 2);
    f.click("Day by day");
    assert!(
        !f.shows("of march in the dark"),
        "the first day sets off at 08:00"
    );
    f.click("Next day ▶");
    assert!(f.shows("Fireday 20 Harvestmoon 1203 of the Crossing"));
    assert!(
        f.shows("⚠ 4 hours of march in the dark (02:00 to 06:00)"),
        "02:00 to 05:59, before a sunrise of about 06:20"
    );
}

/// Light and sight on the Hazards screen takes its light from the clock
/// unless the GM picks one: well lit at 11:00, darkness at 23:00.
#[test]
fn the_light_comes_from_the_clock_unless_the_gm_says() {
    let mut f = Fixture::demo();
    f.click("Hazards");
    assert!(f.shows("(well lit at Wellday 21 Harvestmoon 1203 of the Crossing, 11:00)"));
    assert!(
        f.shows("it is well lit"),
        "the sight line reads the clock's light"
    );
    f.click("Campaign");
    f.type_into("Hour", "23");
    f.click("Hazards");
    assert!(f.shows("(darkness at Wellday 21 Harvestmoon 1203 of the Crossing, 23:00)"));
    assert!(f.shows("it is darkness"));
    f.pick("Light", "Dim light");
    assert!(f.shows("it is dim light"), "the GM's light wins");
}

/// The GM's events move with the calendar: a yearly date keeps its month's
/// name when an earlier month goes, a moon's event follows the moon
/// renamed, and a month or moon an event falls on cannot go until the
/// event is moved, which the refusal names.
#[test]
fn events_keep_their_days_when_the_calendar_changes() {
    let mut f = Fixture::demo();
    let event = |f: &Fixture, name: &str| {
        let data = f.data();
        let e = data.events.values().find(|e| e.name == name).expect(name);
        e.when.describe(&data.settings.calendar)
    };
    assert_eq!(
        event(&f, "Harvest fair at Kettleford"),
        "every year on 25 Harvestmoon"
    );
    f.click("Campaign");
    f.click("Remove Thawmoon");
    assert_eq!(f.data().settings.calendar.months.len(), 11);
    assert_eq!(
        event(&f, "Harvest fair at Kettleford"),
        "every year on 25 Harvestmoon",
        "the fair stays in Harvestmoon, now the sixth month"
    );
    f.click("Remove Harvestmoon");
    assert!(f.shows(
        "Remove month Harvestmoon was refused: the events Harvest fair at Kettleford fall on it"
    ));
    assert_eq!(f.data().settings.calendar.months.len(), 11);
    f.type_into_nth("Moon", 0, "Ash");
    assert_eq!(
        event(&f, "Toll-keepers light the bridge"),
        "every full moon of Ash"
    );
    f.click("Remove Ash");
    assert!(f.shows("Remove moon Ash was refused: the events Toll-keepers light the bridge"));
    f.menu("Edit", "Undo");
    assert_eq!(
        event(&f, "Toll-keepers light the bridge"),
        "every full moon of Sable",
        "undo renames the moon and its event back together"
    );
    let kept = f.reloaded();
    assert!(
        kept.events
            .values()
            .any(|e| e.when.describe(&kept.settings.calendar) == "every full moon of Sable")
    );
}

/// Issue 34, 34: a moon's quarter in the month grid says whose it is (the
/// demo has two moons; a bare ○ did not say which).
#[test]
fn a_quarter_in_the_grid_names_its_moon() {
    let mut f = Fixture::demo();
    f.click("Calendar");
    assert!(f.shows_exactly("○ Sable full"));
    assert!(f.shows_exactly("● Lantern new"));
    assert!(!f.shows_exactly("○"), "no glyph alone");
}

/// Issue 34, 34: the month grid stays on the days it showed when the
/// calendar changes; it kept the month's place in the year, a month on.
#[test]
fn the_month_shown_keeps_its_days_when_a_month_is_removed() {
    let mut f = Fixture::demo();
    f.click("Calendar");
    f.click("Next month ▶");
    assert!(f.shows_exactly("Leafmoon 1203"));
    let first = f
        .data()
        .settings
        .calendar
        .month_page(1203, 7)
        .expect("Leafmoon")
        .first;
    f.click("Campaign");
    f.click("Remove Thawmoon");
    f.click("Roster");
    f.click("Calendar");
    let c = &f.data().settings.calendar;
    let date = c.date(first);
    let waybook_core::model::calendar::Day::Of { month, .. } = date.day else {
        panic!("a month's day");
    };
    let heading = format!("{} {}", c.months[month].name, date.year);
    assert_ne!(
        c.months[7].name, c.months[month].name,
        "a month is gone before it"
    );
    assert!(
        f.shows_exactly(&heading),
        "the grid shows {heading}, the month of the same days"
    );
}

/// Issue 34, 5: a weekday follows its date. A new campaign on the
/// Gregorian calendar with day 1 put on 1 January 2026 names it a
/// Thursday, and a week later is Thursday 8 January, as it was; the
/// Campaign screen says the weekday of day 1 and offers no weekday to
/// choose that could disagree with the date.
#[test]
fn a_weekday_follows_the_date_it_names() {
    let mut f = Fixture::new_campaign();
    f.click("Campaign");
    f.type_into("year", "2026");
    assert!(f.shows("Thursday 1 January 2026"), "the menu bar's date");
    assert!(f.shows("(a Thursday)"));
    f.click("Roster");
    f.click("Calendar");
    f.type_into("Days", "7");
    f.click("Move the clock on");
    assert!(f.shows("Thursday 8 January 2026"));
}

/// Issue 34, 11: a moon's cycle is kept to the last decimal the GM types,
/// shown whole in its field, and a field the GM only passes through
/// leaves it as it is.
#[test]
fn a_moon_s_cycle_keeps_every_decimal() {
    use egui_kittest::kittest::Queryable;
    let mut f = Fixture::demo();
    f.click("Campaign");
    f.type_into_nth("cycle (days)", 0, "30.4375");
    let cycle = |f: &Fixture| f.data().settings.calendar.moons[0].cycle_days;
    assert_eq!(cycle(&f), 30.4375);
    let field = f
        .harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "cycle (days)")
        .next()
        .expect("the field");
    assert_eq!(field.value().as_deref(), Some("30.4375"));
    let font = egui::TextStyle::Body.resolve(&f.harness.ctx.global_style());
    let width = f.harness.ctx.fonts_mut(|fonts| {
        fonts
            .layout_no_wrap("30.4375".into(), font, egui::Color32::BLACK)
            .size()
            .x
    });
    assert!(field.rect().width() > width, "the field shows it whole");
    // In and out again without typing: nothing changes.
    f.type_into_nth("cycle (days)", 0, "30.4375");
    f.harness.key_press(egui::Key::Tab);
    f.harness.run();
    assert_eq!(f.reloaded().settings.calendar.moons[0].cycle_days, 30.4375);
}

/// Issue 34, 24: a refused value stays in its field, in red with the
/// reason beneath, while the GM edits other fields; it goes when the GM
/// types another value there.
#[test]
fn a_refusal_stays_beside_its_field_until_the_gm_acts_on_it() {
    let mut f = Fixture::demo();
    f.click("Campaign");
    // The demo's leap years come every 4: an exception every 10 is no
    // multiple of it.
    f.type_into("except every (0: never)", "10");
    let refusal = "The calendar was not changed: leap years come every 1 to 10,000 years";
    assert!(f.shows(refusal));
    f.type_into("Era", "of the Bridge");
    assert_eq!(f.data().settings.calendar.era, "of the Bridge", "saved");
    assert!(f.shows(refusal), "the refusal is still there to read");
    assert_eq!(
        f.field("except every (0: never)").value().as_deref(),
        Some("10")
    );
    assert_eq!(
        f.data()
            .settings
            .calendar
            .leap
            .as_ref()
            .and_then(|l| l.except_every),
        None
    );
    f.type_into("except every (0: never)", "8");
    assert_eq!(
        f.data()
            .settings
            .calendar
            .leap
            .as_ref()
            .and_then(|l| l.except_every),
        Some(8)
    );
    assert!(!f.shows(refusal), "gone once the GM acts on the field");
}

/// Issue 34, 6: "every month" on a festival is refused with the reason,
/// and the yearly event it can be is offered instead.
#[test]
fn a_monthly_event_on_a_festival_is_refused_and_a_yearly_one_offered() {
    let mut f = Fixture::demo();
    f.click("Calendar");
    f.click("◀ Previous month");
    f.click("Day Midsummer Night");
    f.type_into("New event", "Bonfires on the pass");
    f.pick("comes", "Every month");
    f.greyed_with("Add event", "Midsummer Night is a festival, in no month");
    let before = f.data().events.len();
    f.click("Add it every year on Midsummer Night");
    assert_eq!(f.data().events.len(), before + 1);
    let event = f.data().events.values().last().expect("added").clone();
    assert_eq!(event.name, "Bonfires on the pass");
    assert_eq!(
        event.when,
        waybook_core::model::Recurrence::Year {
            on: waybook_core::model::calendar::Day::festival(0)
        }
    );
}

/// Issue 38: a festival that comes only in leap years (Harptos's
/// Shieldmeet), and a leap rule whose day is that festival rather than a
/// month's. The demo's 1203 is a common year (leap years every 4): Year's
/// Turning, made a leap-year festival, leaves it, and 1204 has it; leap
/// years cannot be switched off while a festival needs them.
#[test]
fn a_festival_can_come_only_in_leap_years() {
    let mut f = Fixture::demo();
    let day = f.data().settings.clock.day;
    f.click("Campaign");
    f.click("Year's Turning only in leap years");
    let c = f.data().settings.calendar.clone();
    assert!(c.festivals[1].leap_only);
    assert_eq!(
        c.year_days(1203),
        361,
        "12 months of 30 and Midsummer Night"
    );
    f.pick("years; a day more in", "no month (a festival)");
    let c = f.reloaded().settings.calendar;
    assert_eq!(c.leap.as_ref().and_then(|l| l.month), None);
    assert_eq!(c.year_days(1204), 362, "and Year's Turning in a leap year");
    f.click("Leap years");
    assert!(
        f.shows("the festival Year's Turning comes only in leap years, but the calendar has none")
    );
    assert!(f.data().settings.calendar.leap.is_some(), "the rule stays");
    assert_eq!(f.data().settings.clock.day, day, "nothing moved in time");
}

/// Issue 38: a festival of several days, opening the year, in the week
/// or not; a festival of no days is refused and the calendar kept.
#[test]
fn a_festival_can_last_days_open_the_year_and_count_in_the_week() {
    let mut f = Fixture::demo();
    let day = f.data().settings.clock.day;
    f.click("Campaign");
    f.type_into("Days of Midsummer Night", "3");
    f.pick("days, after", "the year opens");
    let c = f.reloaded().settings.calendar;
    assert_eq!((c.festivals[0].days, c.festivals[0].after_month), (3, None));
    assert_eq!(
        c.year_days(1203),
        364,
        "12 months of 30, 3 + 1 festival days"
    );
    assert_eq!(
        c.date_words(c.days_of(1204).next().expect("a day")),
        "1 Midsummer Night 1204 of the Crossing"
    );
    f.click("Midsummer Night in the week");
    let c = f.data().settings.calendar.clone();
    let first = c.days_of(1204).next().expect("a day");
    assert!(c.weekday(first).is_some(), "its days have weekdays now");
    f.type_into("Days of Midsummer Night", "0");
    assert!(f.shows("must be between 1 and 1000"));
    assert_eq!(f.data().settings.calendar.festivals[0].days, 3, "kept");
    assert_eq!(f.data().settings.clock.day, day, "nothing moved in time");
}

/// Issue 38: Campaign > Import a calendar… shows the calendar as Waybook
/// will hold it and what does not come across; greyed, saying why, while
/// the campaign's events would fall on no day of it, until the GM ticks
/// their removal; a file that is no calendar is refused naming the field.
/// Imported, today takes the file's date, no day moves, and one undo takes
/// it all back; out again as Fantasy-Calendar JSON.
#[test]
fn a_calendar_from_fantasy_calendar_is_shown_then_imported_as_one_step() {
    use waybook_app::app::DialogOutcome;
    let dir = tempfile::tempdir().expect("dir");
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        path
    };
    let tides = write("tides.json", crate::common::calendars::TIDES);
    let broken = crate::common::calendars::TIDES.replace("\"timespans\"", "\"spans\"");
    let broken = write("broken.json", &broken);
    let out = dir.path().join("out.json");
    let mut f = Fixture::with_dialogs(vec![
        DialogOutcome::Picked(broken),
        DialogOutcome::Picked(tides),
        DialogOutcome::Picked(out.clone()),
    ]);
    let before = f.data().clone();
    let day = before.settings.clock.day;
    f.click("Campaign");
    f.click("Import a calendar…");
    assert!(
        f.shows("missing field `timespans`"),
        "the refusal names the field"
    );
    f.click("OK");
    f.click("Import a calendar…");
    assert!(f.shows("Import the calendar The Reckoning of Tides from Fantasy-Calendar"));
    assert!(
        f.shows("Leap years: every 4 years, except every 100, but every 400; a day more in Neap")
    );
    assert!(f.shows("Today will be Fourday 4 Flood 120 of the Tides, as the file says"));
    assert!(f.shows("Not brought across (2)"));
    f.greyed_with("Import", "on days this calendar does not have");
    let import =
        waybook_core::exchange::calendar_import::read("t", crate::common::calendars::TIDES);
    let stranded: Vec<String> = (import.expect("read").stranded(&before).iter())
        .map(|e| format!("“{}”", e.name))
        .collect();
    assert!(
        stranded.len() > 1,
        "the demo's events on its months and moons"
    );
    f.click(&format!(
        "Remove the campaign's {} events with no day in it: {}",
        stranded.len(),
        stranded.join(", ")
    ));
    f.click("Import");
    let data = f.reloaded();
    assert_eq!(data.settings.clock.day, day, "no day moved");
    assert_eq!(
        data.settings.calendar.describe(day),
        "Fourday 4 Flood 120 of the Tides"
    );
    let kept = before.events.len() - stranded.len();
    assert_eq!(data.events.len(), kept + 6, "the file's, in place of those");
    f.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    f.harness.run();
    assert_eq!(
        f.data().settings.calendar,
        before.settings.calendar,
        "one undo takes it back"
    );
    assert_eq!(f.data().events, before.events);
    f.click("Export for Fantasy-Calendar…");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).expect("written")).expect("JSON");
    assert_eq!(
        json["static_data"]["year_data"]["global_week"][1],
        "Fireday"
    );
}

/// Issue 50, item 31: "the moon-cycle field clips its last digit". The
/// field was as wide as the text of the frame before: the frame a digit
/// is typed in (the last one drawn until the GM does something else)
/// showed one digit fewer than the field held. Each digit typed shows
/// whole in the frame it is typed in.
#[test]
fn a_number_field_shows_each_digit_in_the_frame_it_is_typed() {
    use egui_kittest::kittest::Queryable;
    let mut f = Fixture::demo();
    f.click("Campaign");
    let cycle = |f: &Fixture| {
        f.harness
            .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "cycle (days)")
            .next()
            .expect("the field")
            .rect()
    };
    f.harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "cycle (days)")
        .next()
        .expect("the field")
        .focus();
    f.harness.run();
    f.harness.key_press(egui::Key::End);
    f.harness.run();
    let font = egui::TextStyle::Body.resolve(&f.harness.ctx.global_style());
    let mut typed = "28".to_owned();
    for digit in ".530588853".chars() {
        f.harness.event(egui::Event::Text(digit.to_string()));
        f.harness.step();
        typed.push(digit);
        let needed = f.harness.ctx.fonts_mut(|fonts| {
            fonts
                .layout_no_wrap(typed.clone(), font.clone(), egui::Color32::BLACK)
                .size()
                .x
        });
        // The field's frame is 4 px inside each side.
        assert!(
            cycle(&f).width() - 8.0 >= needed - 0.5,
            "{typed:?} cut: {:?}",
            cycle(&f)
        );
    }
}

/// Issue 50, item 27: a file whose events are marked "the party" (an
/// event belongs to no party, so no player sees them; an older Waybook
/// showed them to every player) asks once, as it is opened: share them
/// with every player, or keep them GM only. One choice for all, one undo
/// step; once chosen, opening the file again asks nothing.
#[test]
fn events_shown_to_the_party_are_settled_by_one_choice_asked_once() {
    let mut f = old_file_of_party_events();
    use waybook_core::model::Visibility;
    let everyone = Visibility::Players(f.data().players.keys().copied().collect());
    let shown = |f: &Fixture| -> Vec<Visibility> {
        f.data().events.values().map(|e| e.shown.clone()).collect()
    };
    assert!(f.shows("Who sees these?"));
    assert!(f.shows(
        "4 calendar events are shown to “The party”, but they belong to no party, so no player sees them."
    ));
    assert!(f.shows("• Harvest fair at Kettleford (calendar event)"));
    assert_eq!(shown(&f), vec![Visibility::Party; 4], "nothing until asked");
    // Escape leaves the question: only the GM can answer it.
    f.harness.key_press(egui::Key::Escape);
    f.harness.run();
    assert!(f.shows("Who sees these?"));
    f.click("Share with every player");
    assert!(!f.shows("Who sees these?"), "asked once");
    assert_eq!(shown(&f), vec![everyone.clone(); 4]);
    assert_eq!(
        f.reloaded()
            .events
            .values()
            .map(|e| e.shown.clone())
            .collect::<Vec<_>>(),
        vec![everyone; 4],
        "saved"
    );
    f.menu("Edit", "Undo");
    assert_eq!(shown(&f), vec![Visibility::Party; 4], "one undo step");
    f.menu("Edit", "Redo");
    let path = f.path("old.waybook");
    f.harness.state_mut().app.open_path(&path);
    f.harness.run();
    assert!(!f.shows("Who sees these?"), "nothing left to ask");
}

/// Keeping them GM only takes the mark off each, and asks nothing more.
#[test]
fn events_shown_to_the_party_can_be_kept_gm_only() {
    let mut f = old_file_of_party_events();
    f.click("Keep GM only");
    assert!(!f.shows("Who sees these?"));
    assert!(
        f.data().events.values().all(|e| e.shown.is_gm_only()),
        "each the GM's"
    );
    assert!(waybook_core::model::partyless::marked(f.data()).is_empty());
}

/// A demo saved by an older Waybook, its events marked "the party".
fn old_file_of_party_events() -> Fixture {
    Fixture::opening(
        "old.waybook",
        |path| {
            crate::common::events_shown_to_the_party(path);
        },
        Vec::new(),
        false,
    )
}

/// Issue 53: "The GM picks the party they are running (the menu bar shows
/// "The Lantern Company: Wellday 21 Harvestmoon, 11:00"; one click
/// switches), and every screen that shows "today" shows that party's." The
/// demo's Kettleford Watch, three days behind the company: switched to, the
/// Calendar and the Campaign screen show its present, and moving the clock
/// moves it alone (its days already lived by the company: no weather is
/// rolled).
#[test]
fn the_menu_bar_switches_the_party_run_and_its_clock_moves_alone() {
    use waybook_core::model::Party;
    let mut f = Fixture::demo();
    let watch = (f.data().parties.values())
        .find(|p| p.name == "The Kettleford Watch")
        .expect("the demo's Watch")
        .id;
    let before = f.data().clone();
    let company = before.parties.values().next().expect("the company").clone();
    let when = |p: &Party| format!("{}: {}", p.name, before.settings.when(p.now));
    assert!(f.shows(&when(&company)), "the company is run at first");
    f.menu(&format!("{} ▼", when(&company)), "The Kettleford Watch");
    let the_watch = before.parties[&watch].clone();
    assert!(f.shows(&when(&the_watch)), "one click switches");
    f.click("Calendar");
    assert!(f.shows(&format!(
        "Now, for The Kettleford Watch: {}",
        before.settings.when(the_watch.now)
    )));
    f.type_into("Days", "1");
    f.type_into("Hours", "0");
    f.click("Move the clock on");
    let after = f.data().clone();
    let day_hours = before.settings.day_hours;
    assert_eq!(
        after.parties[&watch].now,
        the_watch.now.plus(day_hours, day_hours)
    );
    assert_eq!(
        after.parties[&company.id].now, company.now,
        "the company stays"
    );
    assert_eq!(
        after.settings.clock, before.settings.clock,
        "the latest present"
    );
    assert_eq!(
        after.weather, before.weather,
        "a day lived already keeps its weather"
    );
    f.menu("Edit", "Undo");
    assert_eq!(f.data().parties[&watch].now, the_watch.now);
    f.click("Campaign");
    assert!(f.shows(&format!(
        "The Kettleford Watch's present: {} · {}",
        the_watch.now,
        before.settings.calendar.describe(the_watch.now.day)
    )));
}
