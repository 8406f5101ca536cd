//! A player's handout as a PDF: a cover with where the party is, what
//! changed since the last session and the journey ahead; their characters'
//! sheets and their parties' sheets (the usual sheets, drawn from the
//! player's view of the campaign, so nothing else can reach the page); the
//! map as the party knows it; the chronicle of the days they lived.

use super::layout::{FAINT, INK, Layout, SOFT};
use super::{blocks, character, party};
use waybook_core::exchange::handout::{Block, Handout};
use waybook_core::model::session_changes::SessionChanges;

/// Lays out every page of `h`.
pub fn handout(l: &mut Layout<'_>, h: &Handout) {
    cover(l, h);
    for c in h.characters() {
        character::character_sheet(l, &h.view, &h.view.settings, Some(c));
    }
    for p in h.parties() {
        party::party_sheet(l, &h.view, p);
    }
    let fellows = h.fellows();
    if !fellows.is_empty() {
        blocks::section(l, "Your fellows", 30.0);
        print_blocks(l, &fellows);
    }
    map(l, h);
    let title = "Chronicle of the days you lived";
    l.start_sheet(title);
    blocks::title(l, title, &h.view.settings.name);
    let days = h.chronicle();
    if days.is_empty() {
        blocks::line(l, "", "Nothing the GM has shared yet.");
    }
    print_blocks(l, &days);
    let missions = h.missions();
    if !missions.is_empty() {
        blocks::section(l, "Missions", 30.0);
        print_blocks(l, &missions);
    }
}

fn print_blocks(l: &mut Layout<'_>, list: &[Block]) {
    for b in list {
        let dice = (!b.dice.is_empty()).then(|| format!("Dice: {}", b.dice.join(" · ")));
        blocks::entry(l, &b.heading, &b.lines, dice.as_deref());
    }
}

fn cover(l: &mut Layout<'_>, h: &Handout) {
    let title = h.title();
    l.start_sheet(&title);
    let whereabouts: Vec<String> = (h.parties().into_iter())
        .map(|p| format!("{} is {}", p.name, h.whereabouts(p)))
        .collect();
    blocks::title(
        l,
        &title,
        &format!(
            "{} · {}",
            h.view.settings.name,
            h.view.settings.when(h.view.settings.clock)
        ),
    );
    for w in &whereabouts {
        blocks::line(l, "", w);
    }
    if let Some(changes) = &h.changes {
        since(l, changes);
    }
    let coming = h.coming();
    if !coming.is_empty() {
        blocks::section(l, "Coming", 30.0);
        for line in &coming {
            blocks::line(l, "", line);
        }
    }
    blocks::section(l, "The journey ahead", 30.0);
    let ahead = h.journeys_ahead();
    if ahead.is_empty() {
        blocks::line(l, "", "The GM has shared no journey plan yet.");
    }
    print_blocks(l, &ahead);
}

fn since(l: &mut Layout<'_>, changes: &SessionChanges) {
    blocks::section(l, &format!("Since {}", changes.since), 30.0);
    if changes.is_empty() {
        blocks::line(l, "", "Nothing has changed.");
    }
    for c in &changes.changed {
        blocks::entry(l, &c.who, &c.lines, None);
    }
    if !changes.places_found.is_empty() {
        blocks::line(l, "Places found", &changes.places_found.join(", "));
    }
}

/// The map as the party knows it: the known paths as lines, the known
/// places as dots with their names, then what the GM shares of each.
fn map(l: &mut Layout<'_>, h: &Handout) {
    l.start_sheet("The map as you know it");
    blocks::title(l, "The map as you know it", &h.view.settings.name);
    let data = &h.view;
    if data.places.is_empty() {
        blocks::line(l, "", "Your party knows no place on the map yet.");
        return;
    }
    let (w, ht) = (f64::from(l.content_width()), 300.0);
    l.need(ht as f32 + 10.0);
    let (left, top) = (l.left(), l.y);
    l.rect(left, top - ht as f32, w as f32, ht as f32, None, true);
    let points = h.map_points(w, ht, 36.0);
    let at = |id| {
        points
            .iter()
            .find(|(p, ..)| *p == id)
            .map(|(_, x, y)| (left + *x as f32, top - *y as f32))
    };
    for path in data.paths.values() {
        if let (Some(a), Some(b)) = (at(path.from), at(path.to)) {
            l.line(a.0, a.1, b.0, b.1, 1.2, SOFT);
        }
    }
    let here: Vec<_> = h.parties().iter().filter_map(|p| p.travel.place).collect();
    for place in data.places.values() {
        if let Some((x, y)) = at(place.id) {
            l.circle(x, y, 4.0, here.contains(&place.id));
            l.text_centred(x, y - 13.0, 8.0, &place.name, INK);
        }
    }
    l.y = top - ht as f32 - 8.0;
    l.text(
        l.left(),
        l.y - 8.0,
        8.0,
        "A filled dot: where your party is.",
        FAINT,
    );
    l.y -= 16.0;
    blocks::section(l, "What you know of them", 30.0);
    print_blocks(l, &h.map_notes());
}
