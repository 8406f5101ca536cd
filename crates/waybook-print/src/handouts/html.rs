//! A player's handout as one plain HTML page: its styles and the map's
//! picture (inline SVG) inside it, no script and nothing fetched, so it
//! opens in any browser offline and prints a section a page. Everything
//! printed comes from the handout (`exchange::handout`), the player's view.

use std::fmt::Write;
use waybook_core::exchange::handout::{Block, Handout};
use waybook_core::heroes::sheet::{Part, sections};
use waybook_core::model::{Character, HOLDING_COLUMNS, Holder, Party};

const STYLE: &str = "
body { font-family: 'DejaVu Sans', 'Noto Sans', sans-serif; color: #1d1d1d;
  max-width: 52rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; }
h2 { border-bottom: 2px solid #444; padding-bottom: 0.2rem; margin-top: 2.5rem; }
h3 { margin-bottom: 0.3rem; }
.sub, .dice, .note { color: #555; }
.dice { font-size: 0.85rem; }
nav { display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; }
table { border-collapse: collapse; margin: 0.4rem 0 1rem; }
th, td { border: 1px solid #bbb; padding: 0.2rem 0.5rem; text-align: left; }
td.n { text-align: right; }
.stats { display: flex; flex-wrap: wrap; gap: 0 2rem; align-items: flex-start; }
ul { margin-top: 0.2rem; }
svg { width: 100%; height: auto; border: 1px solid #444; background: #fbfaf6; }
svg text { font-size: 13px; text-anchor: middle; fill: #1d1d1d; }
.glance { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 0.8rem; margin-top: 1.2rem; }
.card { border: 1px solid #bbb; border-radius: 6px; padding: 0.5rem 0.8rem; background: #fbfaf6; }
.card h2 { margin: 0 0 0.4rem; border: none; padding: 0; font-size: 1.15rem; }
.card p { margin: 0.2rem 0; }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: 0.15rem 0.8rem; margin: 0; }
.card dt { color: #555; }
.card dd { margin: 0; font-weight: bold; text-align: right; white-space: nowrap; }
.closed { border: 2px solid #a33; background: #fdeeee; padding: 0.5rem 0.8rem; }
@media (max-width: 40rem) { body { margin: 0.8rem auto; } table { display: block; overflow-x: auto; } }
@media (min-width: 100rem) { body { max-width: 110rem; font-size: 1.35rem; }
  .glance { grid-template-columns: repeat(auto-fill, minmax(19rem, 1fr)); } }
@media (min-width: 100rem) and (max-height: 75rem) { body { font-size: 1.1rem; margin-top: 0.8rem; }
  h1 { margin: 0.2rem 0; } .glance { margin-top: 0.6rem; } }
@media print { nav { display: none; } section, .sheet { break-before: page; } body { margin: 0; } }
";

/// How much of a handout a page carries: on paper everything; at the
/// table at most [`MOST`] of each list (sheets, party sheets, cards,
/// journeys, missions, fellows' notes, the day's lines of today), the
/// rest counted, and at most [`ROWS`] rows a table, so that a page stays
/// small however large the campaign.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    most: usize,
    rows: usize,
    at_the_table: bool,
}

/// The most of each list a page at the table shows.
pub const MOST: usize = 12;
/// The most rows of a table a page at the table shows.
pub const ROWS: usize = 50;

const WHOLE: Bounds = Bounds {
    most: usize::MAX,
    rows: usize::MAX,
    at_the_table: false,
};
const AT_THE_TABLE: Bounds = Bounds {
    most: MOST,
    rows: ROWS,
    at_the_table: true,
};

/// What a page at the table adds to the handout's own: `head` (its styles,
/// its scripts) in its head, `top` (HTML) first in its body, and `older`
/// (HTML: the way to the days before those it shows) after its chronicle.
#[derive(Debug, Clone, Copy, Default)]
pub struct AtTheTable<'a> {
    pub head: &'a str,
    pub top: &'a str,
    pub older: &'a str,
}

/// The page of `h`, as HTML text: a file of its own, its style inside.
pub fn page(h: &Handout) -> String {
    let head = format!("<style>{STYLE}</style>\n");
    let page = AtTheTable {
        head: &head,
        ..AtTheTable::default()
    };
    render(h, &page, WHOLE)
}

/// The styles of a page, for a page that links them (a served one).
pub fn style() -> &'static str {
    STYLE
}

/// The page of `h` as a phone or a TV at the table shows it (`table` says
/// what it adds): the page of [`page`], with what a player looks at first
/// above the rest (today, each hero's figures, the party's stores), each
/// list bounded ([`MOST`], [`ROWS`]) and the chronicle's days those the
/// handout holds (the table gives it the recent ones).
pub fn live_page(h: &Handout, table: &AtTheTable) -> String {
    render(h, table, AT_THE_TABLE)
}

/// The days of `h`'s chronicle alone (the table gives it older days), as a
/// page at the table: headed by `title`, `table.top` first, `table.older`
/// after them.
pub fn days_page(h: &Handout, table: &AtTheTable, title: &str) -> String {
    let mut out = String::new();
    open_page(&mut out, h, table);
    let _ = writeln!(
        out,
        "<header>\n<h1>{}</h1>\n<p class=\"sub\">{}</p>\n</header>",
        esc(title),
        esc(&h.title())
    );
    out.push_str("<section id=\"chronicle\">\n");
    blocks(&mut out, &h.chronicle(), "No day the GM has shared.");
    out.push_str(table.older);
    close_page(&mut out, h);
    out
}

/// The page's start: its head, then `table.top`.
fn open_page(out: &mut String, h: &Handout, table: &AtTheTable) {
    let title = format!("{} · {}", h.title(), h.view.settings.name);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n{}</head>\n<body>\n{}",
        esc(&title),
        table.head,
        table.top
    );
}

/// The page's end, from its last section.
fn close_page(out: &mut String, h: &Handout) {
    let _ = write!(
        out,
        "</section>\n<footer><p class=\"note\">Made by Waybook for {}.</p></footer>\n</body>\n</html>\n",
        esc(&h.name)
    );
}

/// The page of `h` as `table` and `b` say, at the table or to keep.
fn render(h: &Handout, table: &AtTheTable, b: Bounds) -> String {
    let mut out = String::new();
    open_page(&mut out, h, table);
    cover(&mut out, h, b);
    out.push_str("<section id=\"journey\">\n<h2>The journey ahead</h2>\n");
    let mut journeys = h.journeys_ahead();
    // The latest first at the table, the rest counted.
    if b.at_the_table {
        journeys.reverse();
    }
    blocks_most(
        &mut out,
        &journeys,
        "The GM has shared no journey plan yet.",
        b,
        "journeys",
    );
    out.push_str("</section>\n<section id=\"characters\">\n");
    let characters = h.characters();
    for c in characters.iter().take(b.most) {
        character(&mut out, h, c, b);
    }
    more(&mut out, characters.len(), b.most, "characters");
    out.push_str("</section>\n<section id=\"party\">\n");
    let parties = h.parties();
    for p in parties.iter().take(b.most) {
        party(&mut out, h, p, b);
    }
    more(&mut out, parties.len(), b.most, "parties");
    let fellows = h.fellows();
    if !fellows.is_empty() {
        out.push_str("<h2>Your fellows</h2>\n");
        blocks_most(&mut out, &fellows, "", b, "fellows");
    }
    out.push_str("</section>\n");
    map(&mut out, h);
    out.push_str("<section id=\"chronicle\">\n<h2>Chronicle of the days you lived</h2>\n");
    blocks(&mut out, &h.chronicle(), "Nothing the GM has shared yet.");
    out.push_str(table.older);
    let mut missions = h.missions();
    if !missions.is_empty() {
        out.push_str("<h2>Missions</h2>\n");
        // The latest first at the table, the rest counted.
        if b.at_the_table {
            missions.reverse();
        }
        blocks_most(&mut out, &missions, "", b, "missions");
    }
    close_page(&mut out, h);
    out
}

/// "…and N more": what a bounded list left out, counted.
fn more(out: &mut String, all: usize, shown: usize, what: &str) {
    if all > shown {
        let _ = writeln!(
            out,
            "<p class=\"note\">…and {} more {what}: the handout the GM prints has them all.</p>",
            all - shown
        );
    }
}

/// At most `b.most` of `list`, the rest counted.
fn blocks_most(out: &mut String, list: &[Block], empty: &str, b: Bounds, what: &str) {
    blocks(out, &list[..list.len().min(b.most)], empty);
    more(out, list.len(), b.most, what);
}

/// Text made safe inside an element or a double-quoted attribute.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// The page's head: title, today, where the parties are, the nav, at the
/// table what a player looks at first, and what is coming.
fn cover(out: &mut String, h: &Handout, b: Bounds) {
    let s = &h.view.settings;
    let _ = write!(
        out,
        "<header>\n<h1>{}</h1>\n<p class=\"sub\">{} · {}</p>\n",
        esc(&h.title()),
        esc(&s.name),
        esc(&s.when(s.clock))
    );
    let parties = h.parties();
    for p in parties.iter().take(b.most) {
        let _ = writeln!(
            out,
            "<p>{} is {}.</p>",
            esc(&p.name),
            esc(&h.whereabouts(p))
        );
    }
    more(out, parties.len(), b.most, "parties");
    out.push_str("<nav>");
    for (id, label) in [
        ("journey", "Journey"),
        ("characters", "Characters"),
        ("party", "Party"),
        ("map", "Map"),
        ("chronicle", "Chronicle"),
    ] {
        let _ = write!(out, "<a href=\"#{id}\">{label}</a>");
    }
    out.push_str("</nav>\n");
    if b.at_the_table {
        at_a_glance(out, h, b);
    }
    let coming = h.coming();
    if !coming.is_empty() {
        out.push_str("<h2>Coming</h2>\n");
        list(out, &coming[..coming.len().min(b.most)]);
        more(out, coming.len(), b.most, "events");
    }
    out.push_str("</header>\n");
    if let Some(changes) = &h.changes {
        let _ = write!(
            out,
            "<section id=\"changes\">\n<h2>Since {}</h2>\n",
            esc(&changes.since)
        );
        if changes.is_empty() {
            out.push_str("<p>Nothing has changed.</p>\n");
        }
        for c in &changes.changed {
            let _ = writeln!(out, "<h3>{}</h3>", esc(&c.who));
            list(out, &c.lines);
        }
        if !changes.places_found.is_empty() {
            let _ = writeln!(
                out,
                "<p>Places found: {}</p>",
                esc(&changes.places_found.join(", "))
            );
        }
        out.push_str("</section>\n");
    }
}

fn list(out: &mut String, lines: &[String]) {
    out.push_str("<ul>\n");
    for l in lines {
        let _ = writeln!(out, "<li>{}</li>", esc(l));
    }
    out.push_str("</ul>\n");
}

/// A table with `head` as its headings (none when empty); a column whose first row reads as
/// a number is set right.
fn table<S: AsRef<str>>(out: &mut String, head: &[&str], rows: &[Vec<S>]) {
    out.push_str("<table>\n");
    if !head.is_empty() {
        out.push_str("<thead><tr>");
        for h in head {
            let _ = write!(out, "<th>{}</th>", esc(h));
        }
        out.push_str("</tr></thead>\n");
    }
    out.push_str("<tbody>\n");
    for row in rows {
        out.push_str("<tr>");
        for cell in row {
            let cell = cell.as_ref();
            let number = cell.starts_with(|c: char| c.is_ascii_digit() || c == '-');
            let class = if number { " class=\"n\"" } else { "" };
            let _ = write!(out, "<td{class}>{}</td>", esc(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

/// One character's sheet, from the description the printed sheet draws
/// (`heroes::sheet`): its sections side by side, then what it carries and
/// the notes the GM shares.
fn character(out: &mut String, h: &Handout, c: &Character, b: Bounds) {
    let party = c
        .party
        .and_then(|p| h.view.parties.get(&p))
        .map_or("no party", |p| p.name.as_str());
    let _ = write!(
        out,
        "<article class=\"sheet\">\n<h2>{}</h2>\n<p class=\"sub\">{} · played by {} · {}</p>\n",
        esc(&c.name),
        esc(c.kind.label()),
        esc(h.view.player_name(c.player)),
        esc(party)
    );
    out.push_str("<div class=\"stats\">\n");
    for section in sections(&h.view, &h.view.settings, Some(c)) {
        let _ = writeln!(out, "<div>\n<h3>{}</h3>", esc(section.title));
        for part in &section.parts {
            part_html(out, part);
        }
        out.push_str("</div>\n");
    }
    out.push_str("</div>\n");
    out.push_str("<h3>Carried</h3>\n");
    holdings(out, h, Holder::Character(c.id), "Carries nothing.", b);
    if !c.notes.trim().is_empty() {
        out.push_str("<h3>Notes</h3>\n");
        paragraphs(out, &c.notes);
    }
    out.push_str("</article>\n");
}

/// One part of the sheet's description as HTML: boxes, tracks and facts
/// as rows of a table; lines as a paragraph; lists under their titles.
fn part_html(out: &mut String, part: &Part) {
    let row = |label: &str, value: String| vec![label.to_owned(), value];
    match part {
        Part::Boxes(boxes) => {
            let rows: Vec<Vec<String>> = (boxes.iter())
                .filter(|(label, _)| !label.is_empty())
                .map(|(label, value)| row(label, value.clone()))
                .collect();
            table(out, &[], &rows);
        }
        Part::Track {
            label,
            current,
            max,
        } => {
            let value = current.map_or_else(|| format!("of {max}"), |c| format!("{c}/{max}"));
            table(out, &[], &[row(label, value)]);
        }
        Part::Pips { label, current, .. } => {
            table(out, &[], &[row(label, current.unwrap_or(0).to_string())])
        }
        Part::Line { label, text } if !text.trim().is_empty() => {
            if label.is_empty() {
                let _ = writeln!(out, "<p class=\"note\">{}</p>", esc(text));
            } else {
                let _ = writeln!(out, "<p><strong>{}</strong>: {}</p>", esc(label), esc(text));
            }
        }
        Part::Line { .. } => {}
        Part::Lists { lists, .. } => {
            for (title, items) in lists.iter().filter(|(_, items)| !items.is_empty()) {
                let _ = writeln!(out, "<h4>{}</h4>", esc(title));
                list(out, items);
            }
        }
        Part::Facts(facts) => {
            let rows: Vec<Vec<String>> = (facts.iter())
                .map(|(label, value)| row(label, value.clone()))
                .collect();
            table(out, &[], &rows);
        }
    }
}

fn holdings(out: &mut String, h: &Handout, holder: Holder, empty: &str, b: Bounds) {
    let rows: Vec<Vec<String>> = h
        .view
        .holding_rows(holder)
        .into_iter()
        .map(Vec::from)
        .collect();
    if rows.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", esc(empty));
    } else {
        table(out, &HOLDING_COLUMNS, &rows[..rows.len().min(b.rows)]);
        more(out, rows.len(), b.rows, "stacks");
    }
}

fn paragraphs(out: &mut String, text: &str) {
    for p in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        let _ = writeln!(out, "<p>{}</p>", esc(p).replace('\n', "<br>"));
    }
}

fn party(out: &mut String, h: &Handout, p: &Party, b: Bounds) {
    let data = &h.view;
    let mut members: Vec<&Character> = data.members(p.id).collect();
    members.sort_by_key(|c| c.name.to_lowercase());
    let _ = write!(
        out,
        "<article class=\"sheet\">\n<h2>{}</h2>\n<p class=\"sub\">Party sheet · {}</p>\n",
        esc(&p.name),
        waybook_core::model::plural(members.len(), "member")
    );
    let (food_line, figures) = party_figures(h, p);
    let rows: Vec<Vec<String>> = figures.into_iter().map(|(k, v)| vec![k, v]).collect();
    let _ = writeln!(out, "<p>{}.</p>", esc(&food_line));
    table(out, &[], &rows);
    out.push_str("<h3>Members</h3>\n");
    let columns: Vec<&str> = crate::members::columns(&data.settings)
        .into_iter()
        .map(|(n, ..)| n)
        .collect();
    let rows: Vec<Vec<String>> = (members.iter().take(b.rows))
        .map(|c| crate::members::row(data, c))
        .collect();
    table(out, &columns, &rows);
    more(out, members.len(), b.rows, "members");
    out.push_str("<h3>Party stash</h3>\n");
    holdings(out, h, Holder::Stash(p.id), "The stash is empty.", b);
    out.push_str("</article>\n");
}

/// A party's food in a sentence, and its figures (Supplies, food and the
/// days it lasts, purse, tokens) as the party sheet prints them.
fn party_figures(h: &Handout, p: &Party) -> (String, Vec<(String, String)>) {
    let figures = crate::pdf::party::PartyFigures::of(&h.view, p);
    let facts = figures.facts.into_iter().map(|(k, _, v)| (k, v));
    let rows = (figures.boxes.into_iter())
        .chain(facts)
        .filter(|(k, _)| k != "Members")
        .collect();
    (figures.food_line, rows)
}

/// What a player at the table looks at first, as cards: today (the date,
/// the hour, the season, the moons, the weather where the party is), each
/// hero's figures (`heroes::sheet::glance`) and each party's stores.
fn at_a_glance(out: &mut String, h: &Handout, b: Bounds) {
    out.push_str("<section id=\"now\" class=\"glance\">\n<div class=\"card\">\n<h2>Today</h2>\n");
    let today = h.today();
    for line in today.iter().take(b.most + 1) {
        let _ = writeln!(out, "<p>{}</p>", esc(line));
    }
    more(out, today.len(), b.most + 1, "lines");
    out.push_str("</div>\n");
    let first = h.shown_first();
    for c in first.iter().take(b.most) {
        let figures = waybook_core::heroes::sheet::glance(&h.view, c);
        card(out, &c.name, &figures);
    }
    let parties = h.parties();
    for p in parties.iter().take(b.most) {
        let (_, figures) = party_figures(h, p);
        card(out, &p.name, &figures);
    }
    out.push_str("</section>\n");
    more(out, first.len(), b.most, "cards of characters");
    more(out, parties.len(), b.most, "cards of parties");
}

/// A card headed `heading`, its figures as label and value.
fn card(out: &mut String, heading: &str, figures: &[(String, String)]) {
    let _ = write!(
        out,
        "<div class=\"card\">\n<h2>{}</h2>\n<dl>\n",
        esc(heading)
    );
    for (label, value) in figures {
        let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", esc(label), esc(value));
    }
    out.push_str("</dl>\n</div>\n");
}

/// The map as the party knows it, drawn in SVG: paths as lines, places as
/// dots (filled where a party is) with their names.
fn map(out: &mut String, h: &Handout) {
    out.push_str("<section id=\"map\">\n<h2>The map as you know it</h2>\n");
    let data = &h.view;
    if data.places.is_empty() {
        out.push_str("<p>Your party knows no place on the map yet.</p>\n</section>\n");
        return;
    }
    let (w, ht) = (800.0, 480.0);
    let points = h.map_points(w, ht, 50.0);
    let at = |id| {
        points
            .iter()
            .find(|(p, ..)| *p == id)
            .map(|(_, x, y)| (*x, *y))
    };
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {ht}\" role=\"img\" aria-label=\"The map as your party knows it\">"
    );
    for path in data.paths.values() {
        if let (Some(a), Some(b)) = (at(path.from), at(path.to)) {
            let _ = writeln!(
                out,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#777\" stroke-width=\"2\"><title>{}</title></line>",
                a.0,
                a.1,
                b.0,
                b.1,
                esc(&path.name)
            );
        }
    }
    let here: Vec<_> = h.parties().iter().filter_map(|p| p.travel.place).collect();
    for place in data.places.values() {
        if let Some((x, y)) = at(place.id) {
            let fill = if here.contains(&place.id) {
                "#444"
            } else {
                "#fff"
            };
            let _ = writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"7\" fill=\"{fill}\" stroke=\"#1d1d1d\" stroke-width=\"1.5\"/>\n<text x=\"{x:.1}\" y=\"{:.1}\">{}</text>",
                y + 24.0,
                esc(&place.name)
            );
        }
    }
    out.push_str("</svg>\n<p class=\"note\">A filled dot: where your party is.</p>\n<h3>What you know of them</h3>\n");
    blocks(out, &h.map_notes(), "");
    out.push_str("</section>\n");
}

fn blocks(out: &mut String, list_of: &[Block], empty: &str) {
    if list_of.is_empty() && !empty.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", esc(empty));
    }
    for b in list_of {
        let _ = writeln!(out, "<article>\n<h3>{}</h3>", esc(&b.heading));
        let lines: Vec<String> = b
            .lines
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.trim().to_owned())
            .collect();
        if !lines.is_empty() {
            list(out, &lines);
        }
        if !b.dice.is_empty() {
            let _ = writeln!(
                out,
                "<p class=\"dice\">Dice: {}</p>",
                esc(&b.dice.join(" · "))
            );
        }
        out.push_str("</article>\n");
    }
}
