//! The gathering site card (materials with their tools, tests and
//! abundance; the sources found, with room for new ones) and a site's
//! gathering log (per session: who gathered where, every test, the yields
//! and the time spent).

use super::blocks::{self, Column};
use super::layout::Layout;
use waybook_core::gathering::{duration, row_name};
use waybook_core::model::{CampaignData, Site, capitalised, plural};

fn place(data: &CampaignData, site: &Site) -> String {
    site.place
        .and_then(|p| data.places.get(&p))
        .map_or_else(|| "not on the map".to_owned(), |p| format!("at {}", p.name))
}

pub fn site_card(l: &mut Layout<'_>, data: &CampaignData, site: &Site) {
    l.start_sheet(&site.name);
    blocks::title(
        l,
        &site.name,
        &format!(
            "Gathering site · {} · {}",
            place(data, site),
            data.settings.name
        ),
    );
    if !site.notes.trim().is_empty() {
        blocks::line(l, "", &site.notes);
    }
    blocks::section(l, "Materials", 40.0);
    let columns = [
        Column::left("Material", 2.6),
        Column::left("Type", 1.0),
        Column::left("Abundance", 1.6),
        Column::right("Survey", 1.0),
        Column::left("Test", 2.2),
        Column::left("Tool", 1.8),
    ];
    let rows: Vec<Vec<String>> = site
        .materials
        .iter()
        .map(|m| {
            vec![
                m.name.clone(),
                m.material.label().to_owned(),
                capitalised(m.abundance.label()),
                m.abundance
                    .modifier()
                    .map_or_else(|| "no test".to_owned(), |v| format!("{v:+}")),
                format!("{} ({})", m.trait_name, m.skill_name),
                m.tool().label().to_owned(),
            ]
        })
        .collect();
    blocks::table(l, &columns, &rows);
    blocks::line(
        l,
        "",
        "Survey: an Intuition test plus the abundance's modifier (Advantage with research). Each gathering test is an hour of work unless its row says otherwise.",
    );
    blocks::section(l, "Sources found", 60.0);
    let columns = [
        Column::right("#", 0.4),
        Column::left("Material", 2.0),
        Column::left("Source", 2.4),
        Column::left("Quality", 1.1),
        Column::left("Found", 2.4),
        Column::left("Worked out", 1.6),
    ];
    let mut rows: Vec<Vec<String>> = site
        .sources
        .iter()
        .enumerate()
        .map(|(n, f)| {
            vec![
                (n + 1).to_string(),
                f.material.clone(),
                row_name(f.source.label()),
                capitalised(f.quality.label()),
                format!("{}, {}", f.found, f.by),
                if f.worked_out { "yes" } else { "☐" }.to_owned(),
            ]
        })
        .collect();
    for n in 0..4 {
        let number = site.sources.len() + n + 1;
        rows.push(vec![
            number.to_string(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            "☐".to_owned(),
        ]);
    }
    blocks::table(l, &columns, &rows);
    blocks::section(l, "Notes", 30.0);
    blocks::fill_with_lines(l);
}

pub fn gathering_log(l: &mut Layout<'_>, data: &CampaignData, site: &Site) {
    let heading = format!("Gathering log · {}", site.name);
    l.start_sheet(&heading);
    let sessions: Vec<_> = data
        .sessions
        .values()
        .filter(|s| s.site == Some(site.id))
        .collect();
    blocks::title(
        l,
        &heading,
        &format!(
            "{} · {} · {}",
            place(data, site),
            waybook_core::model::plural(sessions.len(), "session"),
            data.settings.name
        ),
    );
    if sessions.is_empty() {
        blocks::line(l, "", "No sessions here yet.");
    }
    let who = |id| {
        data.characters
            .get(&id)
            .map_or("?", |c: &waybook_core::model::Character| c.name.as_str())
    };
    for s in sessions {
        let worked = s.gatherers.iter().map(|g| g.minutes).max().unwrap_or(0);
        blocks::section(
            l,
            &format!("Session of {} · {}", s.start, duration(worked)),
            40.0,
        );
        let gatherers: Vec<String> = s
            .gatherers
            .iter()
            .map(|g| {
                let source = site
                    .sources
                    .get(g.source)
                    .map_or("?", |f| f.material.as_str());
                format!(
                    "{} at source {} ({source}, {} {})",
                    who(g.character),
                    g.source + 1,
                    g.trait_name,
                    g.skill_name
                )
            })
            .collect();
        if !gatherers.is_empty() {
            blocks::line(l, "Gatherers", &gatherers.join("; "));
        }
        tests_table(l, s, &who);
        let yields: Vec<String> = s
            .yields(Some(site))
            .into_iter()
            .map(|y| {
                format!(
                    "{}: {} of {} {}",
                    who(y.character),
                    plural(y.units, "unit"),
                    capitalised(y.quality.label()),
                    y.material
                )
            })
            .collect();
        blocks::line(
            l,
            "Yields",
            &if yields.is_empty() {
                "none".to_owned()
            } else {
                yields.join("; ")
            },
        );
    }
}

/// Every test of a session: who, the roll against the TTV, what came of
/// it and how long it took.
fn tests_table<'d>(
    l: &mut Layout<'_>,
    s: &waybook_core::model::GatheringSession,
    who: &dyn Fn(waybook_core::model::CharacterId) -> &'d str,
) {
    let columns = [
        Column::left("Who", 1.8),
        Column::right("d20", 0.6),
        Column::right("TTV", 0.6),
        Column::left("Result", 2.6),
        Column::right("Units", 0.7),
        Column::left("Quality", 1.2),
        Column::right("Time", 1.0),
    ];
    let rows: Vec<Vec<String>> = s
        .tests
        .iter()
        .map(|t| {
            vec![
                who(t.character).to_owned(),
                t.roll.map_or_else(String::new, |r| r.to_string()),
                t.ttv.map_or_else(String::new, |v| v.to_string()),
                match (t.result, t.found) {
                    (Some(r), _) => row_name(r.label()),
                    (None, Some(found)) => format!("Survey: {}", row_name(found.label())),
                    (None, None) => "Survey".to_owned(),
                },
                t.units.to_string(),
                t.quality
                    .map_or_else(String::new, |q| capitalised(q.label())),
                if t.result.is_some() {
                    duration(t.minutes)
                } else {
                    String::new()
                },
            ]
        })
        .collect();
    blocks::table(l, &columns, &rows);
}
