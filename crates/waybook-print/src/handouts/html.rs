//! A player's handout as one plain HTML page: its styles and the map's
//! picture (inline SVG) inside it, no script and nothing fetched, so it
//! opens in any browser offline and prints a section a page. Everything
//! printed comes from the handout (`exchange::handout`), the player's view.
//! The page is written with maud's `html!`, which escapes every value put
//! in it: a name or a note can never become markup.

use maud::{DOCTYPE, Markup, PreEscaped, Render, html};
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
/// its scripts) in its head, `top` first in its body, and `older` (the way
/// to the days before those it shows) after its chronicle.
#[derive(Debug, Clone, Default)]
pub struct AtTheTable {
    pub head: Markup,
    pub top: Markup,
    pub older: Markup,
}

/// The page of `h`, as HTML text: a file of its own, its style inside.
pub fn page(h: &Handout) -> String {
    let page = AtTheTable {
        head: html! { style { (PreEscaped(STYLE)) } },
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
    whole_page(
        h,
        table,
        html! {
            header {
                h1 { (Text(title)) }
                p.sub { (Text(&h.title())) }
            }
            section #chronicle {
                (blocks(&h.chronicle(), "No day the GM has shared."))
                (table.older)
            }
        },
    )
}

/// A text as a page shows it: escaped by maud, and without the control
/// characters a record may hold (a page's revision is stamped in the
/// place of one, `waybook_table::pages`), which no browser would show.
pub struct Text<'a>(pub &'a str);

impl Render for Text<'_> {
    fn render_to(&self, buffer: &mut String) {
        let shown = self
            .0
            .chars()
            .filter(|c| !c.is_control() || *c == '\n' || *c == '\t');
        shown.collect::<String>().as_str().render_to(buffer);
    }
}

/// A whole page: its head, then `table.top`, `main`, and the footer.
fn whole_page(h: &Handout, table: &AtTheTable, main: Markup) -> String {
    let title = format!("{} · {}", h.title(), h.view.settings.name);
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (Text(&title)) }
                (table.head)
            }
            body {
                (table.top)
                (main)
                footer { p.note { "Made by Waybook for " (Text(&h.name)) "." } }
            }
        }
    }
    .into_string()
}

/// The page of `h` as `table` and `b` say, at the table or to keep.
fn render(h: &Handout, table: &AtTheTable, b: Bounds) -> String {
    let mut journeys = h.journeys_ahead();
    let mut missions = h.missions();
    // The latest first at the table, the rest counted.
    if b.at_the_table {
        journeys.reverse();
        missions.reverse();
    }
    let characters = h.characters();
    let parties = h.parties();
    let fellows = h.fellows();
    whole_page(
        h,
        table,
        html! {
            (cover(h, b))
            section #journey {
                h2 { "The journey ahead" }
                (blocks_most(&journeys, "The GM has shared no journey plan yet.", b, "journeys"))
            }
            section #characters {
                @for c in characters.iter().take(b.most) { (character(h, c, b)) }
                (more(characters.len(), b.most, "characters"))
            }
            section #party {
                @for p in parties.iter().take(b.most) { (party(h, p, b)) }
                (more(parties.len(), b.most, "parties"))
                @if !fellows.is_empty() {
                    h2 { "Your fellows" }
                    (blocks_most(&fellows, "", b, "fellows"))
                }
            }
            (map(h))
            section #chronicle {
                h2 { "Chronicle of the days you lived" }
                (blocks(&h.chronicle(), "Nothing the GM has shared yet."))
                (table.older)
                @if !missions.is_empty() {
                    h2 { "Missions" }
                    (blocks_most(&missions, "", b, "missions"))
                }
            }
        },
    )
}

/// "…and N more": what a bounded list left out, counted.
fn more(all: usize, shown: usize, what: &str) -> Markup {
    html! {
        @if all > shown {
            p.note { "…and " (all - shown) " more " (what) ": the handout the GM prints has them all." }
        }
    }
}

/// At most `b.most` of `list`, the rest counted.
fn blocks_most(list: &[Block], empty: &str, b: Bounds, what: &str) -> Markup {
    html! {
        (blocks(list.get(..list.len().min(b.most)).unwrap_or_default(), empty))
        (more(list.len(), b.most, what))
    }
}

/// The page's head: title, today, where the parties are, the nav, at the
/// table what a player looks at first, and what is coming.
fn cover(h: &Handout, b: Bounds) -> Markup {
    let s = &h.view.settings;
    let parties = h.parties();
    let coming = h.coming();
    let nav = [
        ("#journey", "Journey"),
        ("#characters", "Characters"),
        ("#party", "Party"),
        ("#map", "Map"),
        ("#chronicle", "Chronicle"),
    ];
    html! {
        header {
            h1 { (Text(&h.title())) }
            p.sub { (Text(&s.name)) " · " (Text(&s.when(s.clock))) }
            @for p in parties.iter().take(b.most) {
                p { (Text(&p.name)) " is " (Text(&h.whereabouts(p))) "." }
            }
            (more(parties.len(), b.most, "parties"))
            nav { @for (href, label) in nav { a href=(href) { (label) } } }
            @if b.at_the_table { (at_a_glance(h, b)) }
            @if !coming.is_empty() {
                h2 { "Coming" }
                (list(coming.get(..coming.len().min(b.most)).unwrap_or_default()))
                (more(coming.len(), b.most, "events"))
            }
        }
        @if let Some(changes) = &h.changes {
            section #changes {
                h2 { "Since " (Text(&changes.since)) }
                @if changes.is_empty() { p { "Nothing has changed." } }
                @for c in &changes.changed {
                    h3 { (Text(&c.who)) }
                    (list(&c.lines))
                }
                @if !changes.places_found.is_empty() {
                    p { "Places found: " (Text(&changes.places_found.join(", "))) }
                }
            }
        }
    }
}

fn list(lines: &[String]) -> Markup {
    html! { ul { @for l in lines { li { (Text(l)) } } } }
}

/// A table with `head` as its headings (none when empty); a cell that
/// reads as a number is set right.
fn table<S: AsRef<str>>(head: &[&str], rows: &[Vec<S>]) -> Markup {
    let number = |cell: &str| cell.starts_with(|c: char| c.is_ascii_digit() || c == '-');
    html! {
        table {
            @if !head.is_empty() {
                thead { tr { @for h in head { th { (Text(h)) } } } }
            }
            tbody {
                @for row in rows {
                    tr {
                        @for cell in row {
                            td class=[number(cell.as_ref()).then_some("n")] { (Text(cell.as_ref())) }
                        }
                    }
                }
            }
        }
    }
}

/// One character's sheet, from the description the printed sheet draws
/// (`heroes::sheet`): its sections side by side, then what it carries and
/// the notes the GM shares.
fn character(h: &Handout, c: &Character, b: Bounds) -> Markup {
    let party = c
        .party
        .and_then(|p| h.view.parties.get(&p))
        .map_or("no party", |p| p.name.as_str());
    html! {
        article.sheet {
            h2 { (Text(&c.name)) }
            p.sub {
                (Text(c.kind.label())) " · played by " (Text(h.view.player_name(c.player)))
                " · " (Text(party))
            }
            div.stats {
                @for section in sections(&h.view, &h.view.settings, Some(c)) {
                    div {
                        h3 { (Text(section.title)) }
                        @for part in &section.parts { (part_html(part)) }
                    }
                }
            }
            h3 { "Carried" }
            (holdings(h, Holder::Character(c.id), "Carries nothing.", b))
            @if !c.notes.trim().is_empty() {
                h3 { "Notes" }
                (paragraphs(&c.notes))
            }
        }
    }
}

/// One part of the sheet's description as HTML: boxes, tracks and facts
/// as rows of a table; lines as a paragraph; lists under their titles.
fn part_html(part: &Part) -> Markup {
    let row = |label: &str, value: String| vec![label.to_owned(), value];
    match part {
        Part::Boxes(boxes) => {
            let rows: Vec<Vec<String>> = (boxes.iter())
                .filter(|(label, _)| !label.is_empty())
                .map(|(label, value)| row(label, value.clone()))
                .collect();
            table(&[], &rows)
        }
        Part::Track {
            label,
            current,
            max,
        } => {
            let value = current.map_or_else(|| format!("of {max}"), |c| format!("{c}/{max}"));
            table(&[], &[row(label, value)])
        }
        Part::Pips { label, current, .. } => {
            table(&[], &[row(label, current.unwrap_or(0).to_string())])
        }
        Part::Line { label, text } if !text.trim().is_empty() => html! {
            @if label.is_empty() {
                p.note { (Text(text)) }
            } @else {
                p { strong { (Text(label)) } ": " (Text(text)) }
            }
        },
        Part::Line { .. } => html! {},
        Part::Lists { lists, .. } => html! {
            @for (title, items) in lists.iter().filter(|(_, items)| !items.is_empty()) {
                h4 { (Text(title)) }
                (list(items))
            }
        },
        Part::Facts(facts) => {
            let rows: Vec<Vec<String>> = (facts.iter())
                .map(|(label, value)| row(label, value.clone()))
                .collect();
            table(&[], &rows)
        }
    }
}

fn holdings(h: &Handout, holder: Holder, empty: &str, b: Bounds) -> Markup {
    let rows: Vec<Vec<String>> = h
        .view
        .holding_rows(holder)
        .into_iter()
        .map(Vec::from)
        .collect();
    html! {
        @if rows.is_empty() {
            p { (Text(empty)) }
        } @else {
            (table(&HOLDING_COLUMNS, rows.get(..rows.len().min(b.rows)).unwrap_or_default()))
            (more(rows.len(), b.rows, "stacks"))
        }
    }
}

/// A text's paragraphs (apart by a blank line), its single line breaks kept.
fn paragraphs(text: &str) -> Markup {
    html! {
        @for p in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
            p {
                @for (i, line) in p.lines().enumerate() {
                    @if i > 0 { br; }
                    (Text(line))
                }
            }
        }
    }
}

fn party(h: &Handout, p: &Party, b: Bounds) -> Markup {
    let data = &h.view;
    let mut members: Vec<&Character> = data.members(p.id).filter(|c| !c.is_animal()).collect();
    members.sort_by_key(|c| c.name.to_lowercase());
    let (food_line, figures) = party_figures(h, p);
    let stable = crate::members::stable_rows(data, p.id);
    let stable_head: Vec<&str> = (crate::members::STABLE_COLUMNS.iter())
        .map(|(h, _)| *h)
        .collect();
    let figure_rows: Vec<Vec<String>> = figures.into_iter().map(|(k, v)| vec![k, v]).collect();
    let columns: Vec<&str> = crate::members::columns(&data.settings)
        .into_iter()
        .map(|(n, ..)| n)
        .collect();
    let member_rows: Vec<Vec<String>> = (members.iter().take(b.rows))
        .map(|c| crate::members::row(data, c))
        .collect();
    html! {
        article.sheet {
            h2 { (Text(&p.name)) }
            p.sub { "Party sheet · " (waybook_core::model::plural(members.len(), "member")) }
            p { (Text(&food_line)) "." }
            (table(&[], &figure_rows))
            h3 { "Members" }
            (table(&columns, &member_rows))
            (more(members.len(), b.rows, "members"))
            @if !stable.is_empty() {
                h3 { "Animals and vehicles (house rules)" }
                (table(&stable_head, &stable[..stable.len().min(b.rows)]))
                (more(stable.len(), b.rows, "animals and vehicles"))
            }
            h3 { "Party stash" }
            (holdings(h, Holder::Stash(p.id), "The stash is empty.", b))
        }
    }
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
fn at_a_glance(h: &Handout, b: Bounds) -> Markup {
    let today = h.today();
    let first = h.shown_first();
    let parties = h.parties();
    html! {
        section #now .glance {
            div.card {
                h2 { "Today" }
                @for line in today.iter().take(b.most + 1) { p { (Text(line)) } }
                (more(today.len(), b.most + 1, "lines"))
            }
            @for c in first.iter().take(b.most) {
                (card(&c.name, &waybook_core::heroes::sheet::glance(&h.view, c)))
            }
            @for p in parties.iter().take(b.most) {
                (card(&p.name, &party_figures(h, p).1))
            }
        }
        (more(first.len(), b.most, "cards of characters"))
        (more(parties.len(), b.most, "cards of parties"))
    }
}

/// A card headed `heading`, its figures as label and value.
fn card(heading: &str, figures: &[(String, String)]) -> Markup {
    html! {
        div.card {
            h2 { (Text(heading)) }
            dl {
                @for (label, value) in figures {
                    dt { (Text(label)) }
                    dd { (Text(value)) }
                }
            }
        }
    }
}

/// The map as the party knows it, drawn in SVG: paths as lines, places as
/// dots (filled where a party is) with their names.
fn map(h: &Handout) -> Markup {
    let data = &h.view;
    if data.places.is_empty() {
        return html! {
            section #map {
                h2 { "The map as you know it" }
                p { "Your party knows no place on the map yet." }
            }
        };
    }
    let (w, ht) = (800.0, 480.0);
    let points = h.map_points(w, ht, 50.0);
    let at = |id| {
        points
            .iter()
            .find(|(p, ..)| *p == id)
            .map(|(_, x, y)| (*x, *y))
    };
    let here: Vec<_> = h.parties().iter().filter_map(|p| p.travel.place).collect();
    let lines = data
        .paths
        .values()
        .filter_map(|path| Some((path, at(path.from)?, at(path.to)?)));
    let dots = data
        .places
        .values()
        .filter_map(|place| Some((place, at(place.id)?)));
    let fixed = |v: f64| format!("{v:.1}");
    html! {
        section #map {
            h2 { "The map as you know it" }
            svg xmlns="http://www.w3.org/2000/svg" viewBox=(format!("0 0 {w} {ht}"))
                role="img" aria-label="The map as your party knows it" {
                @for (path, a, b) in lines {
                    line x1=(fixed(a.0)) y1=(fixed(a.1)) x2=(fixed(b.0)) y2=(fixed(b.1))
                        stroke="#777" stroke-width="2" { title { (Text(&path.name)) } }
                }
                @for (place, (x, y)) in dots {
                    circle cx=(fixed(x)) cy=(fixed(y)) r="7"
                        fill=(if here.contains(&place.id) { "#444" } else { "#fff" })
                        stroke="#1d1d1d" stroke-width="1.5" {}
                    text x=(fixed(x)) y=(fixed(y + 24.0)) { (Text(&place.name)) }
                }
            }
            p.note { "A filled dot: where your party is." }
            h3 { "What you know of them" }
            (blocks(&h.map_notes(), ""))
        }
    }
}

fn blocks(list_of: &[Block], empty: &str) -> Markup {
    html! {
        @if list_of.is_empty() && !empty.is_empty() { p { (Text(empty)) } }
        @for b in list_of {
            article {
                h3 { (Text(&b.heading)) }
                @let lines: Vec<String> = b.lines.iter()
                    .map(|l| l.trim())
                    .filter(|l| !l.is_empty())
                    .map(str::to_owned)
                    .collect();
                @if !lines.is_empty() { (list(&lines)) }
                @if !b.dice.is_empty() {
                    p.dice { "Dice: " (Text(&b.dice.join(" · "))) }
                }
            }
        }
    }
}
