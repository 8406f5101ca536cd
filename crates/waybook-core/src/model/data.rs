//! The whole campaign in memory: what the screens read every frame.
//!
//! Loaded once when a campaign opens; every edit is applied to the file and
//! then here, so a screen never waits for the database.

use super::{Character, Holder, Holding, MapPath, PartyId, PlaceId, TravelRound};
use crate::model::kinds::declare_data;
use std::collections::BTreeMap;

crate::model::kinds::record_kinds!(declare_data, []);

/// The largest id each kind has had since the campaign was opened (or
/// made), so [`CampaignData::next_id`] never hands out again the id of a
/// record deleted this session, which its undo may bring back. It is the
/// open session's bookkeeping, not campaign data: two campaigns with the
/// same records are equal whatever ids either has handed out.
///
/// A working copy shared with other machines takes its new ids from a
/// block of its own ([`IdMarks::in_block`]), so records two machines made
/// apart never share an id; the copy that began the sharing, and every
/// campaign never shared, has block 0: ids from 1.
#[derive(Debug, Clone, Default)]
pub struct IdMarks {
    block: i64,
    largest: BTreeMap<&'static str, i64>,
}

/// How many ids each machine's block holds.
pub const ID_BLOCK_SIZE: i64 = 1 << 32;

impl IdMarks {
    /// Marks handing out ids from `block` on.
    pub fn in_block(block: i64) -> Self {
        Self {
            block,
            largest: BTreeMap::new(),
        }
    }

    /// The first id of this copy's block, and the first past it.
    fn bounds(&self) -> (i64, i64) {
        (self.block * ID_BLOCK_SIZE, (self.block + 1) * ID_BLOCK_SIZE)
    }

    /// A record of `kind` with this key is in the campaign.
    pub fn saw(&mut self, kind: &'static str, key: i64) {
        let (low, high) = self.bounds();
        if (low..high).contains(&key) {
            let mark = self.largest.entry(kind).or_insert(key);
            *mark = (*mark).max(key);
        }
    }

    /// Keeps the ids `earlier` marks handed out (the same campaign read
    /// again: an undo may still bring back a record deleted before).
    pub fn keep_from(&mut self, earlier: &Self) {
        for (kind, &key) in &earlier.largest {
            self.saw(kind, key);
        }
    }

    fn largest(&self, kind: &str) -> Option<i64> {
        self.largest.get(kind).copied()
    }
}

impl PartialEq for IdMarks {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Weight, food units and stacks carried by one holder or a whole party.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Totals {
    pub weight: f64,
    pub food_units: i64,
    pub stacks: usize,
}

impl Totals {
    /// "12.5 kg · 40 food units", as the screens and sheets say it.
    pub fn carried_words(&self) -> String {
        format!(
            "{} · {} food units",
            super::kg(self.weight),
            self.food_units
        )
    }
}

/// The headings of [`CampaignData::holding_rows`].
pub const HOLDING_COLUMNS: [&str; 5] = ["Item", "Category", "Qty", "Weight", "Food units"];

impl CampaignData {
    /// A holder's stacks as rows under [`HOLDING_COLUMNS`]: the item, its
    /// category, how many, their weight and food units.
    pub fn holding_rows(&self, holder: Holder) -> Vec<[String; 5]> {
        self.holdings_of(holder)
            .filter_map(|h| {
                let item = self.items.get(&h.item)?;
                Some([
                    item.name.clone(),
                    item.category.label().to_owned(),
                    h.quantity.to_string(),
                    super::kg(item.weight_of(h.quantity)),
                    item.food_units_of(h.quantity).to_string(),
                ])
            })
            .collect()
    }

    pub fn holder_name(&self, holder: Holder) -> String {
        match holder {
            Holder::Character(id) => self
                .characters
                .get(&id)
                .map_or_else(|| "(missing character)".to_owned(), |c| c.name.clone()),
            Holder::Stash(id) => self.parties.get(&id).map_or_else(
                || "(missing party)".to_owned(),
                |p| format!("{} stash", p.name),
            ),
            Holder::Vehicle(id) => self
                .vehicles
                .get(&id)
                .map_or_else(|| "(missing vehicle)".to_owned(), |v| v.name.clone()),
        }
    }

    /// The party whose load a holder's stacks are: a member's, the
    /// stash's, a vehicle's.
    pub fn party_of_holder(&self, holder: Holder) -> Option<PartyId> {
        match holder {
            Holder::Stash(p) => Some(p),
            Holder::Character(c) => self.characters.get(&c)?.party,
            Holder::Vehicle(v) => self.vehicles.get(&v)?.party,
        }
    }

    pub fn holdings_of(&self, holder: Holder) -> impl Iterator<Item = &Holding> {
        self.holdings.values().filter(move |h| h.holder == holder)
    }

    pub fn members(&self, party: PartyId) -> impl Iterator<Item = &Character> {
        self.characters
            .values()
            .filter(move |c| c.party == Some(party))
    }

    pub fn totals_of(&self, holder: Holder) -> Totals {
        self.totals(self.holdings_of(holder))
    }

    /// The stash plus everything the party's members and vehicles carry.
    pub fn party_totals(&self, party: PartyId) -> Totals {
        self.party_totals_leaving(party, &[])
    }

    /// [`Self::party_totals`] without the vehicles `left_behind` and their
    /// cargo.
    pub fn party_totals_leaving(&self, party: PartyId, left_behind: &[super::VehicleId]) -> Totals {
        // Its holders first (a few), then one pass over the stacks: a
        // campaign of 100,000 stacks is not looked up character by
        // character.
        let members: std::collections::BTreeSet<super::CharacterId> =
            self.members(party).map(|c| c.id).collect();
        let vehicles: Vec<super::VehicleId> = (self.vehicles_brought(party, left_behind))
            .map(|v| v.id)
            .collect();
        self.totals((self.holdings.values()).filter(|h| match h.holder {
            Holder::Stash(p) => p == party,
            Holder::Character(c) => members.contains(&c),
            Holder::Vehicle(v) => vehicles.contains(&v),
        }))
    }

    fn totals<'a>(&'a self, holdings: impl Iterator<Item = &'a Holding>) -> Totals {
        holdings.fold(Totals::default(), |mut t, h| {
            if let Some(item) = self.items.get(&h.item) {
                t.weight += item.weight_of(h.quantity);
                t.food_units += item.food_units_of(h.quantity);
            }
            t.stacks += 1;
            t
        })
    }

    /// The id for a new record of kind `R`: one more than the largest the
    /// kind has had in this copy's block since the campaign was opened, so
    /// an id a deleted record's undo may bring back is never given to
    /// another.
    pub fn next_id<R: super::Record>(&self) -> R::Id {
        let (low, high) = self.ids.bounds();
        let last = R::last_key_below(self, high)
            .filter(|&k| k >= low)
            .max(self.ids.largest(R::KIND));
        R::of_key(last.map_or(low.max(0) + 1, |k| k + 1))
    }

    /// The player called `name` (any case, spaces around it ignored).
    pub fn player_named(&self, name: &str) -> Option<&super::Player> {
        let name = name.trim();
        self.players
            .values()
            .find(|p| p.name.trim().eq_ignore_ascii_case(name))
    }

    /// The name of a character's player: "" for none (the GM's own).
    pub fn player_name(&self, player: Option<super::PlayerId>) -> &str {
        player
            .and_then(|p| self.players.get(&p))
            .map_or("", |p| p.name.as_str())
    }

    /// The campaign's roll table of that name ("injury", "xp-awards").
    pub fn table_named(&self, name: &str) -> Option<&super::TableDef> {
        self.tables.values().find(|t| t.name == name)
    }

    /// The campaign's roll table called `name` in any case, spaces around
    /// either ignored: as a result's `{roll: NAME}` finds it, and as an
    /// import finds the table its name would clash with.
    pub fn table_called(&self, name: &str) -> Option<&super::TableDef> {
        let name = name.trim();
        (self.tables.values()).find(|t| t.name.trim().eq_ignore_ascii_case(name))
    }

    /// The names of `characters`, those still in the campaign, in order.
    pub fn names_of(&self, characters: &[super::CharacterId]) -> Vec<&str> {
        characters
            .iter()
            .filter_map(|c| self.characters.get(c))
            .map(|c| c.name.as_str())
            .collect()
    }

    /// The characters an entry names, as printed after it: " (Ash, Ilo)",
    /// or nothing when it names none.
    pub fn who_of(&self, characters: &[super::CharacterId]) -> String {
        let who = self.names_of(characters);
        if who.is_empty() {
            String::new()
        } else {
            format!(" ({})", who.join(", "))
        }
    }

    /// The map's places in natural name order.
    pub fn places_by_name(&self) -> Vec<&super::Place> {
        let mut places: Vec<_> = self.places.values().collect();
        super::sort_by_name(&mut places, |p| &p.name);
        places
    }

    /// The paths that start or end at a place.
    pub fn paths_at(&self, place: PlaceId) -> impl Iterator<Item = &MapPath> {
        self.paths
            .values()
            .filter(move |p| p.other_end(place).is_some())
    }

    /// A party's travel round still being played, if one is.
    pub fn round_in_play(&self, party: PartyId) -> Option<&TravelRound> {
        self.rounds
            .values()
            .rev()
            .find(|r| r.party == party)
            .filter(|r| r.next != super::RoundStep::Done)
    }
}
