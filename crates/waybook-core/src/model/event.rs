//! The GM's own events on the calendar: once on a day, every year on a
//! date, every month on a day of the month, or whenever a moon reaches a
//! phase ("every full moon of Sable"). They show on the calendar screen and
//! in the chronicle.

use super::EventId;
use super::calendar::{Calendar, Day, Phase};
use serde::{Deserialize, Serialize};

/// When an event comes round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "every", rename_all = "kebab-case")]
pub enum Recurrence {
    /// Once, on clock day `day`.
    Once { day: i64 },
    /// Every year on this day of the year (a month's day or a festival).
    Year { on: Day },
    /// Every month on this day of the month (months too short skip it).
    Month { day_of_month: i64 },
    /// Each time `moon` reaches `phase`: on the day the exact phase falls.
    Moon { moon: String, phase: Phase },
}

/// Why an event cannot come round as asked on the day chosen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepeatError {
    #[error(
        "{0} is a festival, in no month: it has no day of the month to come back to (make it “Every year” to have it each {0})"
    )]
    FestivalMonthly(String),
    #[error("the calendar has no moons (Campaign screen)")]
    NoMoons,
}

waybook_rules::named_enum! {
    /// The kinds of [`Recurrence`], as the GM picks one.
    #[derive(Default)]
    pub enum Repeat("repeat") {
        #[default]
        Once => "once" as "Once",
        Year => "yearly" as "Every year",
        Month => "monthly" as "Every month",
        Moon => "moon" as "Every moon phase",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalendarEvent {
    pub id: EventId,
    pub name: String,
    #[serde(default)]
    pub notes: String,
    pub when: Recurrence,
    /// Who may see it besides the GM (GM only by default).
    #[serde(default, skip_serializing_if = "super::Visibility::is_gm_only")]
    pub shown: super::Visibility,
}

impl Recurrence {
    /// The kind of recurrence this is.
    pub fn repeat(&self) -> Repeat {
        match self {
            Self::Once { .. } => Repeat::Once,
            Self::Year { .. } => Repeat::Year,
            Self::Month { .. } => Repeat::Month,
            Self::Moon { .. } => Repeat::Moon,
        }
    }

    /// `repeat` anchored on clock day `day`: its date, its day of the month,
    /// or the calendar's first moon at full. A festival is in no month, so
    /// it has no day of the month to come back to: refused, with what it
    /// can be instead (every year on that festival).
    pub fn anchored(repeat: Repeat, calendar: &Calendar, day: i64) -> Result<Self, RepeatError> {
        let date = calendar.date(day);
        Ok(match repeat {
            Repeat::Once => Self::Once { day },
            Repeat::Year => Self::Year { on: date.day },
            Repeat::Month => match date.day {
                Day::Of { day, .. } => Self::Month { day_of_month: day },
                Day::Festival { .. } => {
                    return Err(RepeatError::FestivalMonthly(calendar.day_words(date.day)));
                }
            },
            Repeat::Moon => Self::Moon {
                moon: (calendar.moons.first())
                    .map(|m| m.name.clone())
                    .ok_or(RepeatError::NoMoons)?,
                phase: Phase::Full,
            },
        })
    }

    /// Whether the event falls on clock day `day`.
    pub fn on(&self, calendar: &Calendar, day: i64) -> bool {
        match self {
            Self::Once { day: d } => *d == day,
            Self::Year { on } => calendar.date(day).day == *on,
            Self::Month { day_of_month } => {
                matches!(calendar.date(day).day, Day::Of { day, .. } if day == *day_of_month)
            }
            Self::Moon { moon, phase } => calendar
                .moons
                .iter()
                .find(|m| m.name == *moon)
                .is_some_and(|m| calendar.phase_falls_on(m, *phase, day)),
        }
    }

    /// Whether `calendar` has the day it falls on: its month and day of
    /// the month, its festival, its moon.
    pub fn fits(&self, calendar: &Calendar) -> bool {
        match self {
            Self::Once { .. } | Self::Month { .. } => true,
            Self::Year {
                on: Day::Of { month, day },
            } => calendar.months.get(*month).is_some_and(|m| {
                let leap = (calendar.leap.as_ref()).is_some_and(|l| l.month == Some(*month));
                *day <= m.days + i64::from(leap)
            }),
            Self::Year {
                on: Day::Festival { festival, day },
            } => {
                *festival < calendar.festivals.len()
                    && (1..=calendar.festival_days(*festival, true)).contains(day)
            }
            Self::Moon { moon, .. } => calendar.moons.iter().any(|m| m.name == *moon),
        }
    }

    /// "once, Fireday 14 Harvestmoon 1203", "every year on 14 Harvestmoon",
    /// "every month on day 3", "every full moon of Sable".
    pub fn describe(&self, calendar: &Calendar) -> String {
        match self {
            Self::Once { day } => format!("once, {}", calendar.describe(*day)),
            Self::Year { on } => format!("every year on {}", calendar.day_words(*on)),
            Self::Month { day_of_month } => format!("every month on day {day_of_month}"),
            Self::Moon { moon, phase } => format!("every {} moon of {moon}", phase.label()),
        }
    }
}

/// A change to the calendar that moves what events hang on: a yearly date
/// names its month or festival by place in the calendar, a moon event its
/// moon by name.
#[derive(Debug, Clone, PartialEq)]
pub enum Reshape {
    RemoveMonth(usize),
    RemoveFestival(usize),
    RenameMoon(usize, String),
    RemoveMoon(usize),
}

impl Reshape {
    /// "Remove month Frostfall", "Rename moon Sable to Ash".
    pub fn label(&self, c: &Calendar) -> String {
        let name = |names: Vec<&str>, i: usize| names.get(i).copied().unwrap_or("?").to_owned();
        let months = || c.months.iter().map(|m| m.name.as_str()).collect();
        let festivals = || c.festivals.iter().map(|f| f.name.as_str()).collect();
        let moons = || c.moons.iter().map(|m| m.name.as_str()).collect();
        match self {
            Self::RemoveMonth(i) => format!("Remove month {}", name(months(), *i)),
            Self::RemoveFestival(i) => format!("Remove festival {}", name(festivals(), *i)),
            Self::RenameMoon(i, to) => format!("Rename moon {} to {to}", name(moons(), *i)),
            Self::RemoveMoon(i) => format!("Remove moon {}", name(moons(), *i)),
        }
    }

    /// Makes the change to `c`.
    pub fn apply(&self, c: &mut Calendar) {
        match self {
            Self::RemoveMonth(i) => c.remove_month(*i),
            Self::RemoveFestival(i) => c.remove_festival(*i),
            Self::RenameMoon(i, name) => {
                if let Some(moon) = c.moons.get_mut(*i) {
                    moon.name.clone_from(name);
                }
            }
            Self::RemoveMoon(i) if *i < c.moons.len() => {
                c.moons.remove(*i);
            }
            Self::RemoveMoon(_) => {}
        }
    }

    /// `when` on the changed calendar (`c` is the calendar before): the
    /// same day moved with it, or `None` when the change takes its day away.
    pub fn carry(&self, c: &Calendar, when: &Recurrence) -> Option<Recurrence> {
        let moon_named = |i: usize, moon: &str| c.moons.get(i).is_some_and(|m| m.name == moon);
        match (self, when) {
            (
                Self::RemoveMonth(i),
                Recurrence::Year {
                    on: Day::Of { month, day },
                },
            ) => match month.cmp(i) {
                std::cmp::Ordering::Less => Some(when.clone()),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(Recurrence::Year {
                    on: Day::Of {
                        month: month - 1,
                        day: *day,
                    },
                }),
            },
            (
                Self::RemoveFestival(i),
                Recurrence::Year {
                    on: Day::Festival { festival, day },
                },
            ) => match festival.cmp(i) {
                std::cmp::Ordering::Less => Some(when.clone()),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(Recurrence::Year {
                    on: Day::Festival {
                        festival: festival - 1,
                        day: *day,
                    },
                }),
            },
            (Self::RenameMoon(i, name), Recurrence::Moon { moon, phase })
                if moon_named(*i, moon) =>
            {
                Some(Recurrence::Moon {
                    moon: name.clone(),
                    phase: *phase,
                })
            }
            (Self::RemoveMoon(i), Recurrence::Moon { moon, .. }) if moon_named(*i, moon) => None,
            _ => Some(when.clone()),
        }
    }
}

impl CalendarEvent {
    /// The `events` that would fall on no day of `calendar` (their month,
    /// festival or moon is not in it).
    pub fn stranded_events<'a>(
        events: impl IntoIterator<Item = &'a CalendarEvent>,
        calendar: &Calendar,
    ) -> Vec<&'a CalendarEvent> {
        events
            .into_iter()
            .filter(|e| !e.when.fits(calendar))
            .collect()
    }

    /// The names of the `events` that would fall on no day of `calendar`.
    pub fn stranded<'a>(
        events: impl IntoIterator<Item = &'a CalendarEvent>,
        calendar: &Calendar,
    ) -> Vec<&'a str> {
        (Self::stranded_events(events, calendar).into_iter())
            .map(|e| e.name.as_str())
            .collect()
    }

    /// The events that fall on clock day `day`, in id order.
    pub fn on_day<'a>(
        events: impl IntoIterator<Item = &'a CalendarEvent>,
        calendar: &Calendar,
        day: i64,
    ) -> Vec<&'a CalendarEvent> {
        events
            .into_iter()
            .filter(|e| e.when.on(calendar, day))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn greyspine() -> Calendar {
        Calendar::greyspine()
    }

    #[test]
    fn an_event_falls_on_its_days() {
        let c = greyspine();
        let once = Recurrence::Once { day: 5 };
        assert_eq!(
            (1..100).filter(|d| once.on(&c, *d)).collect::<Vec<_>>(),
            [5]
        );
        // Day 1 is 14 Harvestmoon: every year on it, 362 or 363 days apart.
        let yearly = Recurrence::anchored(Repeat::Year, &c, 1).expect("a month's day");
        let days: Vec<i64> = (1..800).filter(|d| yearly.on(&c, *d)).collect();
        assert_eq!(days[0], 1);
        assert_eq!(days.len(), 3);
        assert!(
            days.windows(2)
                .all(|w| (362..=363).contains(&(w[1] - w[0]))),
            "{days:?}"
        );
        // Every month on the 14th: twelve months of 30 days.
        let monthly = Recurrence::anchored(Repeat::Month, &c, 1).expect("a month's day");
        let days: Vec<i64> = (1..=90).filter(|d| monthly.on(&c, *d)).collect();
        assert_eq!(days, [1, 31, 61]);
    }

    /// Issue 34, 6: a festival is in no month, so "every month" on it is
    /// refused with what it can be (every year on it), never moved to day 1.
    #[test]
    fn a_monthly_event_on_a_festival_is_refused_in_words() {
        let c = greyspine();
        let midsummer = c
            .day_number(crate::model::calendar::Date {
                year: 1204,
                day: Day::festival(0),
            })
            .expect("Midsummer Night");
        let refused = Recurrence::anchored(Repeat::Month, &c, midsummer);
        assert_eq!(
            refused,
            Err(RepeatError::FestivalMonthly("Midsummer Night".into()))
        );
        let said = refused.expect_err("refused").to_string();
        assert!(said.contains("“Every year”"), "{said}");
        assert_eq!(
            Recurrence::anchored(Repeat::Year, &c, midsummer),
            Ok(Recurrence::Year {
                on: Day::festival(0)
            })
        );
        let mut moonless = greyspine();
        moonless.moons.clear();
        assert_eq!(
            Recurrence::anchored(Repeat::Moon, &moonless, 1),
            Err(RepeatError::NoMoons)
        );
    }

    /// Sable: 28 days, 0.42 of its way on day 1; full (0.5) falls in day 3
    /// (0.42 + 2/28 = 0.49 on day 3, 0.53 on day 4), then every 28 days.
    #[test]
    fn a_moon_phase_event_falls_once_a_cycle() {
        let c = greyspine();
        let full = Recurrence::Moon {
            moon: "Sable".into(),
            phase: Phase::Full,
        };
        let days: Vec<i64> = (1..=60).filter(|d| full.on(&c, *d)).collect();
        assert_eq!(days, [3, 31, 59]);
        assert_eq!(full.describe(&c), "every full moon of Sable");
        let gone = Recurrence::Moon {
            moon: "Nox".into(),
            phase: Phase::New,
        };
        assert!(
            (1..=60).all(|d| !gone.on(&c, d)),
            "a moon not in the calendar"
        );
    }

    #[test]
    fn a_yearly_festival_event_follows_the_festivals_removed_before_it() {
        let c = greyspine();
        let turning = Recurrence::Year {
            on: Day::festival(1),
        };
        let midsummer = Recurrence::Year {
            on: Day::festival(0),
        };
        let first = Reshape::RemoveFestival(0);
        assert_eq!(
            first.carry(&c, &turning),
            Some(Recurrence::Year {
                on: Day::festival(0)
            })
        );
        assert_eq!(first.carry(&c, &midsummer), None, "its day is gone");
        let mut after = c.clone();
        first.apply(&mut after);
        let carried = first.carry(&c, &turning).expect("kept");
        assert_eq!(
            carried.describe(&after),
            turning.describe(&c),
            "still Year's Turning"
        );
        let monthly = Recurrence::Month { day_of_month: 3 };
        assert_eq!(
            Reshape::RemoveMonth(2).carry(&c, &monthly),
            Some(monthly.clone()),
            "a day of every month is no month's"
        );
    }

    #[test]
    fn events_a_new_calendar_cannot_hold_are_named() {
        let c = greyspine();
        let events = [
            CalendarEvent {
                shown: Default::default(),
                id: EventId(1),
                name: "Fair".into(),
                notes: String::new(),
                when: Recurrence::anchored(Repeat::Year, &c, 12).expect("a month's day"),
            },
            CalendarEvent {
                shown: Default::default(),
                id: EventId(2),
                name: "Toll".into(),
                notes: String::new(),
                when: Recurrence::Moon {
                    moon: "Sable".into(),
                    phase: Phase::Full,
                },
            },
            CalendarEvent {
                shown: Default::default(),
                id: EventId(3),
                name: "Turning".into(),
                notes: String::new(),
                when: Recurrence::Year {
                    on: Day::festival(1),
                },
            },
        ];
        assert_eq!(
            CalendarEvent::stranded(&events, &Calendar::gregorian()),
            ["Toll", "Turning"],
            "the 25th of the 7th month is in it; Sable and festivals are not"
        );
        assert!(CalendarEvent::stranded(&events, &c).is_empty());
    }
}
