//! The calendar cut into pages, as the chronicle and the month view turn
//! them: the month a day is on, the month a page turn lands on, and a span
//! of days cut into weeks, months or years. Arithmetic of the calendar
//! alone, so every screen and face that pages agrees.

use super::calendar::{Calendar, Day};
use std::ops::RangeInclusive;

/// The unit a span of days is cut by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Weeks starting on the first weekday (festivals outside the week
    /// stay with the week they fall in).
    Week,
    /// Months, a festival with the month before it.
    Month,
    /// Years.
    Year,
}

impl Calendar {
    /// The year and month of clock day `day` (a festival: the month before
    /// it, or the first when it opens the year).
    pub fn page_of(&self, day: i64) -> (i64, usize) {
        let date = self.date(day);
        let month = match date.day {
            Day::Of { month, .. } => month,
            Day::Festival { festival, .. } => (self.festivals.get(festival))
                .and_then(|f| f.after_month)
                .unwrap_or(0),
        };
        (date.year, month)
    }

    /// The first day of the month `by` months from `month` of `year`.
    pub fn turn(&self, year: i64, month: usize, by: i64) -> Option<i64> {
        let n = self.months.len() as i64;
        let at = year * n + month as i64 + by;
        self.month_page(at.div_euclid(n), at.rem_euclid(n) as usize)
            .map(|page| page.first)
    }

    /// The days of `span` cut into periods, in order; together they are the span.
    pub fn periods(&self, span: &RangeInclusive<i64>, unit: Unit) -> Vec<RangeInclusive<i64>> {
        let key = |day: i64| -> (i64, i64) {
            match unit {
                Unit::Month => {
                    let (year, month) = self.page_of(day);
                    (year, month as i64)
                }
                Unit::Year => (self.date(day).year, 0),
                Unit::Week => (0, 0),
            }
        };
        let mut periods = Vec::new();
        let mut start = *span.start();
        for day in span.clone().skip(1) {
            let new_period = match unit {
                Unit::Week => self.weekday_index(day) == Some(0),
                _ => key(day) != key(day - 1),
            };
            if new_period {
                periods.push(start..=day - 1);
                start = day;
            }
        }
        periods.push(start..=*span.end());
        periods
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page turned forward and back lands where it began, and a span of
    /// whole months is cut at their first days.
    #[test]
    fn pages_turn_and_cut_as_the_calendar_counts() {
        let c = Calendar::gregorian();
        let (year, month) = c.page_of(0);
        let next = c.turn(year, month, 1).expect("the next month");
        assert_eq!(c.page_of(next - 1), (year, month));
        let (next_year, next_month) = c.page_of(next);
        assert_ne!((next_year, next_month), (year, month));
        assert_eq!(c.turn(next_year, next_month, -1), c.turn(year, month, 0));
        let third = c.turn(year, month, 3).expect("three months on");
        let months = c.periods(&(next..=third - 1), Unit::Month);
        let starts: Vec<i64> = months.iter().map(|m| *m.start()).collect();
        assert_eq!(starts, vec![next, c.turn(year, month, 2).expect("two on")]);
        let weeks = c.periods(&(0..=27), Unit::Week);
        assert!((weeks.iter().skip(1)).all(|w| c.weekday_index(*w.start()) == Some(0)));
        assert!(weeks.iter().all(|w| w.clone().count() <= 7));
        assert_eq!(weeks.iter().map(|w| w.clone().count()).sum::<usize>(), 28);
    }
}
