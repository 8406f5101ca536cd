//! The table's links: a secret token for each player of the campaign's
//! parties and for each party's table screen. Tokens are 128 bits from the
//! operating system's random source, kept in the campaign's file among the
//! app's notes (`Campaign::keep`): never exported, packed or printed, and
//! never undone, so a link survives a restart. A closed link keeps its
//! place, empty, until the GM renews it.

use std::collections::BTreeMap;
use std::hash::BuildHasher;
use subtle::ConstantTimeEq;
use waybook_core::exchange::players_view;
use waybook_core::model::{CampaignData, PartyId, PlayerId};
use waybook_core::store::Campaign;

/// Who a link shows the campaign to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    Player(PlayerId),
    /// The party's table screen (a TV the whole table sees).
    Party(PartyId),
}

const PREFIX: &str = "table-link:";

impl Target {
    /// Its key among the app's notes.
    pub fn key(self) -> String {
        match self {
            Target::Player(p) => format!("{PREFIX}player:{}", p.0),
            Target::Party(p) => format!("{PREFIX}party:{}", p.0),
        }
    }

    fn of_key(key: &str) -> Option<Self> {
        let rest = key.strip_prefix(PREFIX)?;
        let (kind, id) = rest.split_once(':')?;
        let id: i64 = id.parse().ok()?;
        match kind {
            "player" => Some(Target::Player(PlayerId(id))),
            "party" => Some(Target::Party(PartyId(id))),
            _ => None,
        }
    }
}

/// A player's or a party's link: its token, or none while closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub target: Target,
    /// The player's or the party's name.
    pub name: String,
    pub token: Option<String>,
}

impl Link {
    /// The path of its page.
    pub fn path(&self) -> Option<String> {
        self.token.as_ref().map(|t| format!("/p/{t}"))
    }
}

/// Why a link could not be made or kept.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error("the system's random source failed: {0}")]
    Random(getrandom::Error),
    #[error(transparent)]
    Store(#[from] waybook_core::store::StoreError),
}

/// A new token: 16 bytes from the operating system, as 32 hex digits.
pub fn new_token() -> Result<String, LinkError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(LinkError::Random)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whom the table can show the campaign to: each player with a character
/// in a party, then each party, by name.
pub fn targets(data: &CampaignData) -> Vec<(Target, String)> {
    let players = players_view::players(data)
        .into_iter()
        .map(|p| (Target::Player(p.id), p.name.clone()));
    let parties = (data.parties.values()).map(|p| (Target::Party(p.id), p.name.clone()));
    players.chain(parties).collect()
}

/// The links the app's notes `kept` hold for `data`'s players and parties.
pub fn links(data: &CampaignData, kept: &BTreeMap<String, String>) -> Vec<Link> {
    let tokens: BTreeMap<Target, &String> = (kept.iter())
        .filter_map(|(key, token)| Some((Target::of_key(key)?, token)))
        .collect();
    targets(data)
        .into_iter()
        .map(|(target, name)| Link {
            target,
            name,
            token: (tokens.get(&target))
                .filter(|t| !t.is_empty())
                .map(|t| (*t).clone()),
        })
        .collect()
}

/// The notes (key and new token) that give every player and party a link
/// that never had one; a closed link stays closed.
pub fn opening(
    data: &CampaignData,
    kept: &BTreeMap<String, String>,
) -> Result<Vec<(String, String)>, LinkError> {
    (targets(data).into_iter())
        .map(|(target, _)| target.key())
        .filter(|key| !kept.contains_key(key))
        .map(|key| Ok((key, new_token()?)))
        .collect()
}

/// The note that gives `target` a new link: the old one stops at once.
pub fn renewal(target: Target) -> Result<(String, String), LinkError> {
    Ok((target.key(), new_token()?))
}

/// The note that closes `target`'s link until it is renewed.
pub fn closing(target: Target) -> (String, String) {
    (target.key(), String::new())
}

/// Every player and party given a link that never had one, in the
/// campaign's file; the links.
pub fn open(campaign: &mut Campaign, data: &CampaignData) -> Result<Vec<Link>, LinkError> {
    for (key, token) in opening(data, &campaign.kept()?)? {
        campaign.keep(&key, &token)?;
    }
    Ok(links(data, &campaign.kept()?))
}

/// A new link for `target` in the campaign's file.
pub fn renew(campaign: &mut Campaign, target: Target) -> Result<(), LinkError> {
    let (key, token) = renewal(target)?;
    campaign.keep(&key, &token)?;
    Ok(())
}

/// Closes `target`'s link in the campaign's file.
pub fn close(campaign: &mut Campaign, target: Target) -> Result<(), LinkError> {
    let (key, token) = closing(target);
    campaign.keep(&key, &token)?;
    Ok(())
}

/// The open links' tokens, each hashed with a key of this process's own
/// (std's `RandomState`, SipHash), so a token is found in one step
/// whatever the number of links: a request is answered without comparing
/// its token with all 1,005 links of a campaign of 1,000 parties (which
/// took most of the server's time with 200 phones following). Only the
/// link the hash names is compared with it, in constant time; the key is
/// secret, so how long finding takes says nothing of a token.
#[derive(Debug, Clone, Default)]
pub struct Tokens {
    key: std::collections::hash_map::RandomState,
    at: std::collections::HashMap<u64, Vec<usize>>,
}

impl Tokens {
    /// The open tokens of `links`, by their place in it.
    pub fn of(links: &[Link]) -> Tokens {
        let key = std::collections::hash_map::RandomState::new();
        let mut at: std::collections::HashMap<u64, Vec<usize>> = Default::default();
        for (n, link) in links.iter().enumerate() {
            if let Some(token) = &link.token {
                at.entry(key.hash_one(token.as_str())).or_default().push(n);
            }
        }
        Tokens { key, at }
    }

    /// The open link of `links` (those it was made of) whose token is
    /// `token`.
    pub fn find<'a>(&self, links: &'a [Link], token: &str) -> Option<&'a Link> {
        let named = self.at.get(&self.key.hash_one(token))?;
        find(named.iter().filter_map(|n| links.get(*n)), token)
    }
}

/// The open link of `links` whose token is `token`: each compared in
/// constant time, so how long it takes says nothing of a token.
pub fn find<'a>(links: impl IntoIterator<Item = &'a Link>, token: &str) -> Option<&'a Link> {
    let mut found = None;
    for link in links {
        let Some(own) = &link.token else { continue };
        // Slices of other lengths compare unequal (subtle's `ct_eq`).
        if bool::from(own.as_bytes().ct_eq(token.as_bytes())) {
            found = Some(link);
        }
    }
    found
}
