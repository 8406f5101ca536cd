//! Any calendar a GM can set up maps clock days to dates and back: every day
//! has one date, the next day's date follows it, and a date gives back its
//! day.

use proptest::prelude::*;
use waybook::model::calendar::{Calendar, Date, Day, Festival, LeapRule, Month};

fn calendar() -> impl Strategy<Value = Calendar> {
    (
        prop::collection::vec(1..40i64, 1..14),
        1..10usize,
        prop::collection::vec(0..13usize, 0..3),
        prop::option::of((0..13usize, 1..6i64, 0..3usize)),
        -3000..3000i64,
        (0..13usize, 1..40i64),
    )
        .prop_map(|(months, weekdays, festivals, leap, year, (m, d))| {
            let n = months.len();
            let months: Vec<Month> = months
                .iter()
                .enumerate()
                .map(|(i, &days)| Month {
                    name: format!("Month {i}"),
                    days,
                })
                .collect();
            let day_one_month = m % n;
            let day_one_day = 1 + (d - 1) % months[day_one_month].days;
            Calendar {
                weekdays: (0..weekdays).map(|w| format!("Weekday {w}")).collect(),
                festivals: festivals
                    .iter()
                    .enumerate()
                    .map(|(i, &after)| Festival {
                        name: format!("Festival {i}"),
                        after_month: after % n,
                    })
                    .collect(),
                leap: leap.map(|(month, every, exceptions)| LeapRule {
                    month: month % n,
                    every,
                    except_every: (exceptions > 0).then_some(every * 25),
                    but_every: (exceptions > 1).then_some(every * 100),
                }),
                era: String::new(),
                day_one: Date {
                    year,
                    day: Day::Of {
                        month: day_one_month,
                        day: day_one_day,
                    },
                },
                year_one_weekday: 0,
                seasons: Vec::new(),
                moons: Vec::new(),
                months,
            }
        })
}

/// The date after `date` in `c`, worked out from the months and festivals
/// in order, not with the day count.
fn next(c: &Calendar, date: Date) -> Date {
    let festivals_after = |m: usize| -> Vec<usize> {
        (0..c.festivals.len())
            .filter(|&i| c.festivals[i].after_month == m)
            .collect()
    };
    let month_start = |month: usize, year: i64| -> Date {
        if month < c.months.len() {
            Date {
                year,
                day: Day::Of { month, day: 1 },
            }
        } else {
            Date {
                year: year + 1,
                day: Day::Of { month: 0, day: 1 },
            }
        }
    };
    let after_month = |month: usize, year: i64| -> Date {
        match festivals_after(month).first() {
            Some(&f) => Date {
                year,
                day: Day::Festival(f),
            },
            None => month_start(month + 1, year),
        }
    };
    match date.day {
        Day::Of { month, day } => {
            let leap = c.is_leap(date.year) && c.leap.as_ref().is_some_and(|l| l.month == month);
            let days = c.months[month].days + i64::from(leap);
            if day < days {
                Date {
                    year: date.year,
                    day: Day::Of {
                        month,
                        day: day + 1,
                    },
                }
            } else {
                after_month(month, date.year)
            }
        }
        Day::Festival(f) => {
            let month = c.festivals[f].after_month;
            let these = festivals_after(month);
            let at = these.iter().position(|&x| x == f).unwrap_or(0);
            match these.get(at + 1) {
                Some(&g) => Date {
                    year: date.year,
                    day: Day::Festival(g),
                },
                None => month_start(month + 1, date.year),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn days_and_dates_map_both_ways(c in calendar(), day in 0..40_000i64) {
        prop_assert_eq!(c.check(), Ok(()));
        prop_assert_eq!(c.date(1), c.day_one, "day 1 is the calendar's day 1");
        let date = c.date(day);
        prop_assert_eq!(c.day_number(date), Some(day));
        prop_assert_eq!(c.date(day + 1), next(&c, date), "the next day follows");
        // The week runs over ordinary days only.
        let (this, after) = (c.weekday(day), c.weekday(day + 1));
        if let (Some(a), Some(b)) = (this, after) {
            let index = |w: &str| c.weekdays.iter().position(|x| x == w).unwrap_or(0);
            prop_assert_eq!((index(a) + 1) % c.weekdays.len(), index(b));
        }
    }
}
