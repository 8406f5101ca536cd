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
