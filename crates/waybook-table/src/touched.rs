//! Which links' pages a change of the campaign touches, found by comparing
//! the campaign before and after (a few milliseconds on 10,000
//! characters), so the worker builds again only those. It errs on the side
//! of building: what every page shows (the settings and the clock, the
//! players' names, the catalogue, the map and its regions, the weather,
//! the calendar's events, the gathering sites) touches every page; a
//! record of a party (a character, a stack it holds, a journey, a travel
//! round, a mission) touches the pages of that party before and after the
//! change; a log entry the pages of the parties it belongs to and names,
//! and of the players it is shown to. What no page shows (roll tables,
//! wares, gathering sessions, scenes, cults) touches none. Each kind of
//! record is named below, so a new kind does not compile until it is
//! placed.

use crate::links::{Link, Target};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use waybook_core::exchange::players_view::entry_owners;
use waybook_core::model::{
    CampaignData, Change, CharacterId, Holder, LogEntry, Mission, PartyId, PlayerId, Visibility,
};

/// What a change touches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Touched {
    /// Every page.
    pub all: bool,
    pub parties: BTreeSet<PartyId>,
    pub players: BTreeSet<PlayerId>,
}

/// The records of `before` and `after` that differ, each as it was and as
/// it is (none where it was not, or is no more).
fn changed<'a, K: Ord, V: PartialEq>(
    before: &'a BTreeMap<K, V>,
    after: &'a BTreeMap<K, V>,
) -> impl Iterator<Item = (Option<&'a V>, Option<&'a V>)> {
    let gone = (before.iter())
        .filter(|(k, _)| !after.contains_key(k))
        .map(|(_, v)| (Some(v), None));
    let moved = (after.iter())
        .map(|(k, v)| (before.get(k), v))
        .filter(|(was, now)| *was != Some(*now))
        .map(|(was, now)| (was, Some(now)));
    gone.chain(moved)
}

/// The players a text shown so names.
fn named(shown: &Visibility) -> impl Iterator<Item = PlayerId> + '_ {
    let ids: &[PlayerId] = match shown {
        Visibility::Players(ids) => ids,
        Visibility::Gm | Visibility::Party => &[],
    };
    ids.iter().copied()
}

/// What changed between `before` and `after`.
pub fn touched(before: &CampaignData, after: &CampaignData) -> Touched {
    let CampaignData {
        settings,
        players,
        parties,
        items,
        characters,
        vehicles,
        holdings,
        journeys,
        tables: _,
        regions,
        places,
        paths,
        wares: _,
        rounds,
        sites,
        sessions: _,
        missions,
        log,
        scenes: _,
        cults: _,
        weather,
        events,
        ids: _,
        log_read: _,
        revision: _,
    } = after;
    let all = *settings != before.settings
        || *players != before.players
        || *items != before.items
        || *regions != before.regions
        || *places != before.places
        || *paths != before.paths
        || *weather != before.weather
        || *events != before.events
        || *sites != before.sites;
    if all {
        return Touched {
            all,
            ..Touched::default()
        };
    }
    let mut t = Touched::default();
    let party_of = |c: &CharacterId| {
        let was = before.characters.get(c).and_then(|c| c.party);
        let is = after.characters.get(c).and_then(|c| c.party);
        was.into_iter().chain(is)
    };
    for (was, is) in changed(&before.parties, parties) {
        t.parties.extend(was.or(is).map(|p| p.id));
    }
    for (was, is) in changed(&before.characters, characters) {
        t.parties
            .extend([was, is].into_iter().flatten().filter_map(|c| c.party));
    }
    for (was, is) in changed(&before.vehicles, vehicles) {
        t.parties
            .extend([was, is].into_iter().flatten().filter_map(|v| v.party));
    }
    for (was, is) in changed(&before.holdings, holdings) {
        for h in [was, is].into_iter().flatten() {
            for data in [before, after] {
                holder(&mut t, data, h.holder);
            }
        }
    }
    for (was, is) in changed(&before.journeys, journeys) {
        t.parties
            .extend([was, is].into_iter().flatten().map(|j| j.party));
    }
    for (was, is) in changed(&before.rounds, rounds) {
        t.parties
            .extend([was, is].into_iter().flatten().map(|r| r.party));
    }
    for (was, is) in changed(&before.missions, missions) {
        for m in [was, is].into_iter().flatten() {
            mission(&mut t, m, &party_of);
        }
    }
    for (was, is) in changed(&before.log, log) {
        entry(&mut t, before, was);
        entry(&mut t, after, is);
    }
    t
}

/// What the changes of an edit touch, read against `data`: called with
/// the campaign before they were applied and after (a page touched either
/// way is built again), so the worker told of the window's edits need not
/// compare the whole campaign. The kinds are placed as [`touched`] places
/// them, each named, so a new kind does not compile until it is placed.
pub fn touched_by(t: &mut Touched, data: &CampaignData, changes: &[Change]) {
    let party_of = |c: &CharacterId| data.characters.get(c).and_then(|c| c.party).into_iter();
    for change in changes {
        match change {
            Change::Settings { .. }
            | Change::Player { .. }
            | Change::Item { .. }
            | Change::Region { .. }
            | Change::Place { .. }
            | Change::Path { .. }
            | Change::Weather { .. }
            | Change::Event { .. }
            | Change::Site { .. } => t.all = true,
            Change::Party { before, after } => t.parties.extend(both(before, after).map(|p| p.id)),
            Change::Character { before, after } => {
                t.parties
                    .extend(both(before, after).filter_map(|c| c.party));
            }
            Change::Vehicle { before, after } => {
                t.parties
                    .extend(both(before, after).filter_map(|v| v.party));
            }
            Change::Holding { before, after } => {
                for h in both(before, after) {
                    holder(t, data, h.holder);
                }
            }
            Change::Journey { before, after } => {
                t.parties.extend(both(before, after).map(|j| j.party));
            }
            Change::Round { before, after } => {
                t.parties.extend(both(before, after).map(|r| r.party));
            }
            Change::Mission { before, after } => {
                for m in both(before, after) {
                    mission(t, m, &party_of);
                }
            }
            Change::Log { before, after } => {
                for e in both(before, after) {
                    entry(t, data, Some(e));
                }
            }
            Change::Table { .. }
            | Change::Ware { .. }
            | Change::Session { .. }
            | Change::Scene { .. }
            | Change::Cult { .. } => {}
        }
    }
}

/// A change's record before and after, where there is one.
fn both<'a, T>(before: &'a Option<T>, after: &'a Option<T>) -> impl Iterator<Item = &'a T> {
    before.iter().chain(after)
}

/// The party whose stack `holder` holds, in `data`.
fn holder(t: &mut Touched, data: &CampaignData, holder: Holder) {
    match holder {
        Holder::Character(c) => t
            .parties
            .extend(data.characters.get(&c).and_then(|c| c.party)),
        Holder::Stash(p) => {
            t.parties.insert(p);
        }
        Holder::Vehicle(v) => t
            .parties
            .extend(data.vehicles.get(&v).and_then(|v| v.party)),
    }
}

/// What a mission touches: its party (none: every page), its players and
/// the parties of those it awards.
fn mission<I: Iterator<Item = PartyId>>(
    t: &mut Touched,
    m: &Mission,
    party_of: &dyn Fn(&CharacterId) -> I,
) {
    match m.party {
        Some(p) => {
            t.parties.insert(p);
        }
        None => t.all = true,
    }
    t.players.extend(named(&m.shown));
    for a in &m.awards {
        t.parties.extend(party_of(&a.character));
    }
}

/// What a log entry of `data` touches: the parties it belongs to and
/// names (their first day lived may move), and the players it is shown to.
fn entry(t: &mut Touched, data: &CampaignData, e: Option<&LogEntry>) {
    let Some(e) = e else { return };
    t.parties.extend(entry_owners(data, e));
    t.parties
        .extend((e.characters.iter()).filter_map(|c| data.characters.get(c).and_then(|c| c.party)));
    t.players.extend(named(&e.shown));
}

/// The parties each player's characters are in, in `data`.
pub fn parties_of_players(data: &CampaignData) -> HashMap<PlayerId, BTreeSet<PartyId>> {
    let mut of: HashMap<PlayerId, BTreeSet<PartyId>> = HashMap::new();
    for c in data.characters.values() {
        if let (Some(player), Some(party)) = (c.player, c.party) {
            of.entry(player).or_default().insert(party);
        }
    }
    of
}

impl Touched {
    /// Whether `link`'s page is touched, its player's parties `before`
    /// and `after` the change as given.
    pub fn touches(
        &self,
        link: &Link,
        before: &HashMap<PlayerId, BTreeSet<PartyId>>,
        after: &HashMap<PlayerId, BTreeSet<PartyId>>,
    ) -> bool {
        if self.all {
            return true;
        }
        match link.target {
            Target::Party(p) => self.parties.contains(&p),
            Target::Player(p) => {
                self.players.contains(&p)
                    || [before, after]
                        .iter()
                        .filter_map(|of| of.get(&p))
                        .any(|ps| ps.iter().any(|q| self.parties.contains(q)))
            }
        }
    }
}
