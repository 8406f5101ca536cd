//! The printed chronicle: the days from one clock day to another, each
//! with its date, season, moons, each region's weather, the GM's events and
//! what happened (the hour, kind and words of each entry, who took part).

use super::blocks;
use super::layout::Layout;
use waybook_core::model::CampaignData;
use waybook_core::world::chronicle::{self, Filter, Index};

/// The most days one print holds.
pub const MOST_DAYS: i64 = 3_660;

/// The chronicle of clock days `from` to `to` (at most [`MOST_DAYS`]); a
/// day after the clock's is marked so and has no weather (a forecast is
/// not what fell).
pub fn chronicle(l: &mut Layout<'_>, data: &CampaignData, from: i64, to: i64) {
    let to = to.min(from + MOST_DAYS - 1);
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
