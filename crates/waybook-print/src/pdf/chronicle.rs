//! The printed chronicle: the days from one clock day to another, each
//! with its date, season, moons, each region's weather, the GM's events and
//! what happened (the hour, kind and words of each entry, who took part).

use super::blocks;
use super::layout::Layout;
use waybook_core::model::CampaignData;
use waybook_core::world::chronicle::{self, Filter, Index};

/// The most days one print holds: ten years of 366 days, some 200 pages
/// (a range typed as "1-999999999" would otherwise print for hours).
pub const MOST_DAYS: i64 = 3_660;

/// The days a print of `from` to `to` holds: all of them, or the first
/// [`MOST_DAYS`].
pub fn printed(from: i64, to: i64) -> (i64, i64) {
    (from, to.min(from.saturating_add(MOST_DAYS - 1)))
}

/// What a print of `from` to `to` leaves out, in words, when it asks for
/// more days than one print holds; said wherever the chronicle is printed.
pub fn left_out(from: i64, to: i64) -> Option<String> {
    let (_, last) = printed(from, to);
    let next = last.saturating_add(1);
    (last < to).then(|| {
        format!(
            "One print holds at most {MOST_DAYS} days: days {next} to {to} are left out (print them from day {next})."
        )
    })
}

/// The chronicle of clock days `from` to `to` (at most [`MOST_DAYS`]: see
/// [`left_out`]); a day after the clock's is marked so and has no weather
/// (a forecast is not what fell).
pub fn chronicle(l: &mut Layout<'_>, data: &CampaignData, from: i64, to: i64) {
    let (from, to) = printed(from, to);
    let c = &data.settings.calendar;
    let index = Index::of(data);
    l.start_sheet("Chronicle");
    blocks::title(
        l,
        "Chronicle",
        &format!(
            "{} · {} to {}",
            data.settings.name,
            c.describe(from),
            c.describe(to)
        ),
    );
    for day in from..=to {
        let d = chronicle::day(data, &index, day, &Filter::default());
        let mut lines = Vec::new();
        let mut about: Vec<String> = d.season.iter().cloned().collect();
        about.extend(d.moons.iter().map(|(m, p)| format!("{m} {}", p.label())));
        lines.push(about.join(" · "));
        lines.extend(
            d.weather
                .iter()
                .filter_map(|(r, w)| Some(format!("{}: {}", r.name, w.as_ref()?.weather))),
        );
        lines.extend(d.events.iter().map(|e| format!("Event: {}", e.name)));
        for e in &d.entries {
            let who = data.who_of(&e.characters);
            lines.push(format!(
                "{:02}:00 · {} · {}{who}",
                e.at.hour,
                e.kind.label(),
                e.why
            ));
        }
        let ahead = if d.ahead {
            " · ahead of the clock"
        } else {
            ""
        };
        blocks::entry(l, &format!("Day {day} · {}{ahead}", d.date), &lines, None);
    }
}
