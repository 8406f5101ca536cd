//! Calendars as other tools write them, made up for the tests from each
//! format's documented shape: a Fantasy-Calendar.com export and a Simple
//! Calendar preset, small enough to work out by hand.

/// The Reckoning of Tides, a Fantasy-Calendar.com export: a festival of
/// two days opening the year (Landfall), Ebb of 20 days, Stillwater,
/// Flood of 21, Neap of 20; a five-day week starting again each month;
/// leap years by the Gregorian rule ("400,!100,4") giving Neap a day and
/// Starfall after Stillwater; the moon Pearl (29.5 days, shifted 3);
/// two eras; today 4 Flood 120; events once, yearly, monthly, on a moon's
/// phase, on a season (which Waybook cannot hold) and one lasting 3 days.
pub const TIDES: &str = r##"{"name": "The Reckoning of Tides",
 "static_data": {
  "year_data": {"first_day": 2, "overflow": false,
   "global_week": ["Oneday", "Twoday", "Threeday", "Fourday", "Fiveday"],
   "timespans": [
     {"name": "Landfall", "type": "intercalary", "length": 2, "interval": 1, "offset": 0},
     {"name": "Ebb", "type": "month", "length": 20, "interval": 1, "offset": 0},
     {"name": "Stillwater", "type": "intercalary", "length": 1, "interval": 1, "offset": 0},
     {"name": "Flood", "type": "month", "length": 21, "interval": 1, "offset": 0},
     {"name": "Neap", "type": "month", "length": 20, "interval": 1, "offset": 0}],
   "leap_days": [
     {"name": "Leap day", "intercalary": false, "timespan": 4, "adds_week_day": false, "day": 0, "week_day": "", "interval": "400,!100,4", "offset": 0},
     {"name": "Starfall", "intercalary": false, "timespan": 2, "adds_week_day": false, "day": 0, "week_day": "", "interval": "400,!100,4", "offset": 0}]},
  "moons": [{"name": "Pearl", "cycle": 29.5, "shift": 3, "granularity": 24, "color": "#ffffff", "hidden": false}],
  "clock": {"hours": 24, "minutes": 60, "offset": 0},
  "seasons": {"data": [
     {"name": "Dry", "time": {"sunrise": {"hour": 6, "minute": 20}, "sunset": {"hour": 18, "minute": 0}}, "timespan": 1, "day": 5},
     {"name": "Wet", "time": {"sunrise": {"hour": 7, "minute": 0}, "sunset": {"hour": 17, "minute": 30}}, "timespan": 4, "day": 1}],
   "locations": []},
  "eras": [
     {"name": "Before the Sea", "settings": {"starting_era": true}, "date": {"year": 0}},
     {"name": "of the Tides", "settings": {"starting_era": false}, "date": {"year": 100}}],
  "settings": {"layout": "grid"},
  "cycles": {"format": "", "data": []}},
 "dynamic_data": {"year": 120, "timespan": 3, "day": 4, "epoch": 0},
 "events": [
   {"name": "Founding", "description": "<p>The first <b>stone</b>.</p>", "data": {"conditions": [["Date", "0", ["120", "1", "3"]]]}},
   {"name": "Tide feast", "data": {"conditions": [["Month", "0", ["2"]], ["&&"], ["Day", "0", ["1"]]]}},
   {"name": "Star night", "data": {"conditions": [["Month", "0", ["2"]], ["&&"], ["Day", "0", ["2"]]]}},
   {"name": "Market", "data": {"conditions": [["Day", "0", ["10"]]]}},
   {"name": "Pearl full", "data": {"conditions": [["Moons", "0", ["0", "12"]]]}},
   {"name": "Midyear", "data": {"conditions": [["Season", "0", ["1"]]]}},
   {"name": "Long fair", "data": {"has_duration": true, "duration": 3, "conditions": [["Month", "0", ["4"]], ["&&"], ["Day", "0", ["20"]]]}}]}"##;

/// The Marches, a Simple Calendar preset: Thaw of 10 days, Revel (three
/// days, in the week), Sow of 12 (13 in leap years), Eclipse (a day only
/// in leap years), Reap of 10; leap years every 3; a four-day week whose
/// year 0 opened on its third day; the year written "7 M"; the moon Wisp
/// (8 days) new on the fourth of Sow in year 1; today 10 Sow 7; notes
/// once, yearly, monthly and weekly (which Waybook cannot hold).
pub const MARCHES: &str = r#"{"calendar": {
  "currentDate": {"year": 7, "month": 2, "day": 9, "seconds": 0},
  "leapYear": {"rule": "custom", "customMod": 3},
  "months": [
    {"name": "Thaw", "numberOfDays": 10, "numberOfLeapYearDays": 10, "intercalary": false, "intercalaryInclude": false},
    {"name": "Revel", "numberOfDays": 3, "numberOfLeapYearDays": 3, "intercalary": true, "intercalaryInclude": true},
    {"name": "Sow", "numberOfDays": 12, "numberOfLeapYearDays": 13, "intercalary": false, "intercalaryInclude": false},
    {"name": "Eclipse", "numberOfDays": 0, "numberOfLeapYearDays": 1, "intercalary": true, "intercalaryInclude": false},
    {"name": "Reap", "numberOfDays": 10, "numberOfLeapYearDays": 10, "intercalary": false, "intercalaryInclude": false}],
  "weekdays": [{"name": "Mon"}, {"name": "Tue"}, {"name": "Wed"}, {"name": "Thu"}],
  "year": {"prefix": "", "postfix": " M", "firstWeekday": 2, "yearZero": 0},
  "moons": [{"name": "Wisp", "cycleLength": 8, "firstNewMoon": {"yearReset": "none", "yearX": 0, "year": 1, "month": 2, "day": 3}, "cycleDayAdjust": 0}],
  "seasons": [{"name": "Green", "startingMonth": 2, "startingDay": 0, "sunriseTime": 21600, "sunsetTime": 72000}],
  "time": {"hoursInDay": 24}},
 "notes": [
   {"name": "Coronation", "content": "<p>A crown.</p>", "flags": {"foundryvtt-simple-calendar": {"noteData": {"startDate": {"year": 7, "month": 0, "day": 4}, "repeats": 0}}}},
   {"name": "Harvest home", "flags": {"foundryvtt-simple-calendar": {"noteData": {"startDate": {"year": 1, "month": 4, "day": 9}, "repeats": 3}}}},
   {"name": "Rent day", "flags": {"foundryvtt-simple-calendar": {"noteData": {"startDate": {"year": 1, "month": 0, "day": 0}, "repeats": 2}}}},
   {"name": "Drill", "flags": {"foundryvtt-simple-calendar": {"noteData": {"startDate": {"year": 1, "month": 0, "day": 1}, "repeats": 1}}}}]}"#;

/// The Vale, a Simple Calendar preset whose moons start their cycle
/// again, as Simple Calendar's moon settings allow ("Reset reference
/// year every leap year", "every X years"): Frost of 30 days, Midwinter
/// (an intercalary day outside the week), Thaw, Bloom and Sun of 30; a
/// leap year every 4 with no day more; the moon Silverlight (30.5 days,
/// adjusted by half a day) new on Midwinter's day 15 counted on (15
/// Thaw) of each leap year, its year 1372 then unused; the moon Ember
/// (10 days) new on 1 Frost 1371, again every 3 years; today 1 Frost
/// 1373 at 08:30 (30,600 seconds).
pub const VALE: &str = r#"{"calendar": {
  "currentDate": {"year": 1373, "month": 0, "day": 0, "seconds": 30600},
  "leapYear": {"rule": "custom", "customMod": 4},
  "months": [
    {"name": "Frost", "numberOfDays": 30, "numberOfLeapYearDays": 30, "intercalary": false, "intercalaryInclude": false},
    {"name": "Midwinter", "numberOfDays": 1, "numberOfLeapYearDays": 1, "intercalary": true, "intercalaryInclude": false},
    {"name": "Thaw", "numberOfDays": 30, "numberOfLeapYearDays": 30, "intercalary": false, "intercalaryInclude": false},
    {"name": "Bloom", "numberOfDays": 30, "numberOfLeapYearDays": 30, "intercalary": false, "intercalaryInclude": false},
    {"name": "Sun", "numberOfDays": 30, "numberOfLeapYearDays": 30, "intercalary": false, "intercalaryInclude": false}],
  "weekdays": [{"name": "One"}, {"name": "Two"}, {"name": "Three"}, {"name": "Four"}, {"name": "Five"}],
  "year": {"prefix": "", "postfix": " V", "firstWeekday": 0, "yearZero": 0},
  "moons": [
    {"name": "Silverlight", "cycleLength": 30.5, "firstNewMoon": {"yearReset": "leap-year", "yearX": 0, "year": 1372, "month": 1, "day": 15}, "cycleDayAdjust": 0.5},
    {"name": "Ember", "cycleLength": 10, "firstNewMoon": {"yearReset": "x-years", "yearX": 3, "year": 1371, "month": 0, "day": 0}, "cycleDayAdjust": 0}],
  "time": {"hoursInDay": 24}}}"#;

/// The Reckoning of Stones, a Fantasy-Calendar.com export: Count of 20
/// days and Rest of 10, a five-day week running on; the intercalary leap
/// day Holiday before Count's first day (`"day": 0`) every fourth year,
/// numbered among Count's days as Fantasy-Calendar numbers it (day 1 of
/// Count in a leap year is Holiday); numbers written as text, as
/// Fantasy-Calendar's presets do (the moon Pale, `"cycle": "29.53"`);
/// names with HTML entities ("Stones &amp; Ages", "New Year&#39;s Day");
/// seasons given by their lengths (Cold and Warm, 15 days each, on a
/// cycle from the epoch); today Holiday of year 8 at 08:30; events once
/// (Count's day 2 of year 8, its first day), yearly (Count's day 10) and
/// on the year's first day ("Day in year is exactly", New Year's Day).
pub const STONES: &str = r##"{"name": "Stones &amp; Ages",
 "static_data": {
  "year_data": {"first_day": "1", "overflow": true,
   "global_week": ["Oneday", "Twoday", "Threeday", "Fourday", "Fiveday"],
   "timespans": [
     {"name": "Count", "type": "month", "length": "20", "interval": 1, "offset": 0},
     {"name": "Rest", "type": "month", "length": 10, "interval": "1", "offset": 0}],
   "leap_days": [
     {"name": "Holiday", "intercalary": true, "timespan": "0", "adds_week_day": false, "day": "0", "week_day": "", "interval": "4", "offset": 0}]},
  "moons": [{"name": "Pale", "cycle": "29.53", "shift": "2", "granularity": 24, "color": "#ffffff", "hidden": false}],
  "clock": {"hours": "24", "minutes": 60, "offset": 0},
  "seasons": {"data": [
     {"name": "Cold", "time": {"sunrise": {"hour": "8", "minute": 0}, "sunset": {"hour": 16, "minute": "30"}}, "transition_length": 15, "duration": 0},
     {"name": "Warm", "time": {"sunrise": {"hour": 5, "minute": 0}, "sunset": {"hour": 20, "minute": 0}}, "transition_length": "15", "duration": "0"}],
   "locations": [],
   "global_settings": {"season_offset": 0, "weather_offset": 0, "periodic_seasons": true}},
  "eras": [],
  "settings": {"layout": "grid"},
  "cycles": {"format": "", "data": []}},
 "dynamic_data": {"year": 8, "timespan": 0, "day": 1, "epoch": 211, "hour": 8, "minute": 30},
 "events": [
   {"name": "Founding", "data": {"conditions": [["Date", "0", ["8", "0", "2"]]]}},
   {"name": "Tally", "data": {"conditions": [["Month", "0", ["0"]], ["&&"], ["Day", "0", ["10"]]]}},
   {"name": "New Year&#39;s Day", "description": "<p>Quen&#39;pillar&#8217;s toast &mdash; all night</p>", "data": {"conditions": [["Day", "7", ["1"]]]}}]}"##;

/// The Harbour Reckoning, a Seasons & Stars calendar made from its
/// format's specification: Ice, Melt and Sun of 20 days; a four-day week
/// whose epoch (year 0) opens on its third day; Firstlight before Ice
/// (outside the week), Midsun after Melt, and Longnight after Midsun in
/// leap years; leap years every 4, Sun a day longer; the year written
/// "12 H", today's year 12; the season Cold from 5 Ice (sunrise 07:30,
/// sunset 16:00) and Summer from 1 Sun (the module's summer daylight);
/// the moon Eye (10 days) new on 3 Melt 12; events every year on 5 Sun,
/// on the second Oneday of Ice (which Waybook cannot hold) and every
/// fourth year (nor that).
pub const HARBOUR: &str = r#"{
  "id": "harbour",
  "translations": {"en": {"label": "The Harbour Reckoning", "description": "Made up for the tests."}},
  "year": {"epoch": 0, "currentYear": 12, "prefix": "", "suffix": " H", "startDay": 2},
  "leapYear": {"rule": "custom", "interval": 4, "month": "Sun", "extraDays": 1},
  "months": [
    {"name": "Ice", "abbreviation": "Ic", "days": 20},
    {"name": "Melt", "abbreviation": "Me", "days": 20},
    {"name": "Sun", "abbreviation": "Su", "days": 20}],
  "weekdays": [{"name": "Oneday"}, {"name": "Twoday"}, {"name": "Threeday"}, {"name": "Fourday"}],
  "intercalary": [
    {"name": "Firstlight", "before": "Ice", "leapYearOnly": false, "countsForWeekdays": false},
    {"name": "Midsun", "after": "Melt", "leapYearOnly": false},
    {"name": "Longnight", "after": "Midsun", "leapYearOnly": true}],
  "seasons": [
    {"name": "Cold", "startMonth": 1, "startDay": 5, "endMonth": 2, "sunrise": "07:30", "sunset": "16:00"},
    {"name": "Summer", "startMonth": 3, "endMonth": 3}],
  "moons": [{"name": "Eye", "cycleLength": 10, "firstNewMoon": {"year": 12, "month": 2, "day": 3},
    "phases": [{"name": "New Moon", "length": 1, "singleDay": true, "icon": "new"}]}],
  "events": [
    {"id": "feast", "name": "Sun feast", "description": "Bread &amp; salt.", "recurrence": {"type": "fixed", "month": 3, "day": 5}},
    {"id": "muster", "name": "Muster", "recurrence": {"type": "ordinal", "month": 1, "occurrence": 2, "weekday": 0}},
    {"id": "games", "name": "Games", "recurrence": {"type": "interval", "intervalYears": 4, "anchorYear": 12, "month": 2, "day": 1}}],
  "time": {"hoursInDay": 24, "minutesInHour": 60, "secondsInMinute": 60}
}"#;
