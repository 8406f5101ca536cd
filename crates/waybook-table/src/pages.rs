//! What each link shows, built once per change of the campaign (on the
//! server's builder, never per request and never on the GM's frame): a
//! player's page is their handout's page (`exchange::handout`, the
//! players' view and nothing else) with what they look at first above it
//! (today, their heroes' figures, the party's stores); a party's table
//! screen the same for the party, every member's figures first and no
//! player's own texts. Each page names its revision, loads Waybook's own
//! script to follow the changes, and refreshes itself when scripts are
//! off.

use crate::links::{Link, Target};
use std::collections::HashMap;
use waybook_core::exchange::handout::Handout;
use waybook_core::exchange::players_view::Audience;
use waybook_core::model::CampaignData;

/// The script every page loads: it asks for the revision, a question the
/// server holds until it moves, and swaps the page's body for the new one
/// without a reload.
pub const SCRIPT: &str = include_str!("live.js");

/// A link's page: its HTML, and the revision of the campaign it was last
/// changed at (what its page says it shows).
#[derive(Debug, Clone)]
pub struct Page {
    pub html: bytes::Bytes,
    pub revision: u64,
}

/// The pages of one revision of the campaign, by token.
#[derive(Debug, Default, Clone)]
pub struct Pages {
    pub revision: u64,
    pub by_token: HashMap<String, Page>,
    /// The open links, to match tokens against.
    pub links: Vec<Link>,
}

/// The head of a served page: its icon, styles and script by path, and a
/// refresh every three seconds for a browser with scripts off.
fn head(revision: u64) -> String {
    format!(
        "<meta name=\"waybook-revision\" content=\"{revision}\">\n\
         <link rel=\"icon\" href=\"/favicon.ico\" type=\"image/png\">\n\
         <link rel=\"stylesheet\" href=\"/static/page.css\">\n\
         <script src=\"/static/live.js\" defer></script>\n\
         <noscript><meta http-equiv=\"refresh\" content=\"3\"></noscript>\n"
    )
}

/// What a page with scripts off says first: that it follows the campaign
/// all the same, by refreshing itself.
const NO_SCRIPT: &str = "<noscript><p class=\"note\">Scripts are off: this page \
    refreshes itself every three seconds.</p></noscript>\n";

/// The page `link` shows of `data`, if its player or party still has one.
fn page_of(data: &CampaignData, link: &Link, revision: u64) -> Option<String> {
    let audience = match link.target {
        Target::Player(p) => Audience::of(data, p)?,
        Target::Party(p) => Audience::party(data, p)?,
    };
    let handout = Handout::for_audience(data, audience, None);
    Some(waybook_print::handouts::html::live_page(
        &handout,
        &head(revision),
        NO_SCRIPT,
    ))
}

impl Pages {
    /// Every open link's page of `data`, as revision `revision`.
    pub fn build(data: &CampaignData, links: &[Link], revision: u64) -> Self {
        let open: Vec<Link> = links
            .iter()
            .filter(|l| l.token.is_some())
            .cloned()
            .collect();
        let by_token = (open.iter())
            .filter_map(|link| {
                let page = page_of(data, link, revision)?;
                let page = Page {
                    html: bytes::Bytes::from(page),
                    revision,
                };
                Some((link.token.clone()?, page))
            })
            .collect();
        Pages {
            revision,
            by_token,
            links: open,
        }
    }
}
