//! What each link shows, built on the table's worker (`follow`), never
//! per request and never on the GM's frame: a player's page is their
//! handout's page (`exchange::handout`, the players' view and nothing
//! else) with what they look at first above it (today, their heroes'
//! figures, the party's stores); a party's table screen the same for the
//! party, every member's figures first and no player's own texts.
//!
//! A page carries what its player sees now, so it stays small however
//! long the campaign runs: the chronicle's [`RECENT_DAYS`] latest days
//! (the older ones [`OLDER_DAYS`] a page, newest first, each page linking
//! the next: [`Part::Older`]) and at most a dozen of each list, the rest
//! counted (`waybook_print::handouts::html::MOST`). Each page names its
//! revision, loads Waybook's own script to follow the changes, and
//! refreshes itself every three seconds when scripts are off, saying so.

use crate::links::{Link, Target, Tokens};
use bytes::Bytes;
use maud::{Markup, html};
use std::collections::HashMap;
use waybook_core::exchange::handout::Handout;
use waybook_core::exchange::players_view::{Audience, Index};
use waybook_core::model::CampaignData;
use waybook_print::handouts::html::{AtTheTable, days_page, live_page};

/// The script every page loads: it holds the page's stream of changes
/// and swaps the page's body for the new one without a reload.
pub const SCRIPT: &str = include_str!("live.js");

/// How many of the chronicle's latest days a page shows.
pub const RECENT_DAYS: usize = 7;
/// How many older days a page of its own shows.
pub const OLDER_DAYS: usize = 30;
/// The most pages of older days a link may have (three centuries of
/// days, thirty a page): past it, the one 404.
pub const OLDER_PAGES: u32 = 4000;

/// Which page of a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// The page itself (`/p/TOKEN`).
    Now,
    /// The `n`th page of its older days, from 1 (`/p/TOKEN/older/n`).
    Older(u32),
}

/// A page of a link: its HTML (none: no such page, the one 404), and the
/// revision of the campaign it last changed at (what it says it shows).
#[derive(Debug, Clone)]
pub struct Page {
    pub html: Option<Bytes>,
    pub revision: u64,
}

/// The pages served: the campaign's revision (0 before the first), its
/// open links (to match tokens against, indexed by [`Pages::new`]) and
/// the pages built of them, by token and part (the followed ones;
/// `follow` builds them).
#[derive(Debug, Default, Clone)]
pub struct Pages {
    pub revision: u64,
    pub links: Vec<Link>,
    pub built: HashMap<(String, Part), Page>,
    tokens: Tokens,
}

impl Pages {
    /// The pages `built` of the open `links`, at `revision`.
    pub fn new(revision: u64, links: Vec<Link>, built: HashMap<(String, Part), Page>) -> Self {
        let tokens = Tokens::of(&links);
        Pages {
            revision,
            links,
            built,
            tokens,
        }
    }

    /// Every open link's page of `data`, as revision `revision`.
    pub fn build(data: &CampaignData, links: &[Link], revision: u64) -> Self {
        let open: Vec<Link> = links
            .iter()
            .filter(|l| l.token.is_some())
            .cloned()
            .collect();
        let index = Index::of(data);
        let built = (open.iter())
            .filter_map(|link| {
                let token = link.token.clone()?;
                let mut handout = handout(&index, link)?;
                let html = render(&mut handout, &token, Part::Now).map(|h| stamp(&h, revision));
                Some(((token, Part::Now), Page { html, revision }))
            })
            .collect();
        Pages::new(revision, open, built)
    }

    /// The open link whose token is `token` (compared in constant time).
    pub fn link(&self, token: &str) -> Option<&Link> {
        self.tokens.find(&self.links, token)
    }

    /// The page `part` of the open link `token`, if built.
    pub fn page(&self, token: &str, part: Part) -> Option<&Page> {
        let token = self.link(token)?.token.as_deref()?;
        self.built.get(&(token.to_owned(), part))
    }
}

/// What stands for a page's revision in its HTML until it is stamped: a
/// control character no text on a page can hold (`html::Text` drops them).
const REVISION: &str = "\u{1}revision\u{1}";

/// `html` with its revision.
pub fn stamp(html: &str, revision: u64) -> Bytes {
    Bytes::from(html.replacen(REVISION, &revision.to_string(), 1))
}

/// The handout `link` shows of the campaign `index` holds, if its player
/// or party still has one.
pub fn handout(index: &Index, link: &Link) -> Option<Handout> {
    let audience = match link.target {
        Target::Player(p) => Audience::of(index.data, p)?,
        Target::Party(p) => Audience::party(index.data, p)?,
    };
    Some(Handout::for_audience(index, audience, None))
}

/// The head of a served page: its revision (to be stamped), its icon,
/// styles and script by path, and a refresh every three seconds for a
/// browser with scripts off.
fn head() -> Markup {
    html! {
        (older_head())
        script src="/static/live.js" defer {}
        noscript { meta http-equiv="refresh" content="3"; }
    }
}

/// What a page with scripts off says first: that it follows the campaign
/// all the same, by refreshing itself.
fn no_script() -> Markup {
    html! {
        noscript { p.note { "Scripts are off: this page refreshes itself every three seconds." } }
    }
}

/// The head of a page of older days: its revision, icon and styles (it
/// does not follow the campaign).
fn older_head() -> Markup {
    html! {
        meta name="waybook-revision" content=(REVISION);
        link rel="icon" href="/favicon.ico" type="image/png";
        link rel="stylesheet" href="/static/page.css";
    }
}

/// The page `part` of `token`'s link from its handout `h`, its revision
/// still to be stamped; none when there is no such page.
pub fn render(h: &mut Handout, token: &str, part: Part) -> Option<String> {
    let all = std::mem::take(&mut h.days);
    let page = render_days(h, &all, token, part);
    h.days = all;
    page
}

/// The days a link's page `part` shows, of `all` the handout holds (in
/// order): the latest [`RECENT_DAYS`] on the page itself, then older ones
/// [`OLDER_DAYS`] a page, newest first. Empty for an older page past the
/// last.
fn days_of(all: &[i64], part: Part) -> std::ops::Range<usize> {
    let recent = all.len().saturating_sub(RECENT_DAYS);
    match part {
        Part::Now => recent..all.len(),
        Part::Older(n) => {
            let skipped = (n.saturating_sub(1) as usize).saturating_mul(OLDER_DAYS);
            let end = if n == 0 {
                0
            } else {
                recent.saturating_sub(skipped)
            };
            end.saturating_sub(OLDER_DAYS)..end
        }
    }
}

/// A link to the `n`th page of older days, if it has any.
fn older_link(token: &str, all: &[i64], n: u32) -> Markup {
    let days = all.get(days_of(all, Part::Older(n))).unwrap_or_default();
    html! {
        @if let (Some(first), Some(last)) = (days.first(), days.last()) {
            p.older {
                a href=(format!("/p/{token}/older/{n}")) {
                    "Older days: day " (first) " to day " (last)
                }
            }
        }
    }
}

/// `render`'s work, `all` the handout's days.
fn render_days(h: &mut Handout, all: &[i64], token: &str, part: Part) -> Option<String> {
    let days = days_of(all, part);
    h.days = all.get(days)?.to_vec();
    match part {
        Part::Now => {
            let table = AtTheTable {
                head: head(),
                top: no_script(),
                older: older_link(token, all, 1),
            };
            Some(live_page(h, &table))
        }
        Part::Older(n) => {
            let (first, last) = (h.days.first()?, h.days.last()?);
            let title = format!("Older days: day {first} to day {last}");
            let back = html! { p { a href=(format!("/p/{token}")) { "Back to the page" } } };
            let table = AtTheTable {
                head: older_head(),
                older: html! { (older_link(token, all, n + 1)) (back) },
                top: back,
            };
            Some(days_page(h, &table, &title))
        }
    }
}
