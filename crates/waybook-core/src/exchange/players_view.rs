//! What one player may see of the campaign: the one place secrets are kept
//! out of handouts. [`view`] builds a copy of the campaign that holds only
//! what the player's handout may print, starting from an empty campaign and
//! copying in, so a kind of record nobody thought of stays out:
//!
//! - the characters of the player's parties (their sheets, the notes only
//!   where the GM shares them), the parties with their stashes (the party's
//!   notes stay the GM's), and the items they hold (the catalogue's notes
//!   stay the GM's);
//! - the places and paths the parties know ([`known`]), without the GM's
//!   numbers, tables and notes unless shared; the regions they lie in with
//!   the weather of the days up to today (never a forecast, never its dice);
//!   today is their parties' present, not the campaign's clock, so a
//!   party behind the others sees nothing of the days ahead of it;
//! - the log's entries shared with the player, up to today, their dice only
//!   where the GM shares those; the calendar events, missions, gathering
//!   sites and journey plans shared with the player.
//!
//! Roll tables, wares, travel rounds, scenes, cults, gathering sessions and
//! everything else stay out. "The party" shares a text with the players of
//! the party it belongs to ([`owners`]), never with every player. A
//! party's table screen sees what is shared with the party, and a text of
//! the party (or of no party) named to every one of its players.

use crate::model::{
    CampaignData, Character, CharacterId, Holder, Holding, LogEntry, MapPathId, PartyId, PlaceId,
    PlaceKind, Player, PlayerId, Reader, RegionId, Settings, Visibility,
};
use std::collections::BTreeSet;

mod index;
pub use index::Index;

/// Every player with a character in a party, by name: those a handout can
/// be made for.
pub fn players(data: &CampaignData) -> Vec<&Player> {
    let playing: BTreeSet<PlayerId> = (data.characters.values())
        .filter(|c| c.party.is_some())
        .filter_map(|c| c.player)
        .collect();
    let mut players: Vec<&Player> = (data.players.values())
        .filter(|p| playing.contains(&p.id))
        .collect();
    players.sort_by_key(|p| crate::model::NaturalKey::new(&p.name));
    players
}

/// The players of the parties `parties`, by id.
pub fn players_of(data: &CampaignData, parties: &[PartyId]) -> Vec<PlayerId> {
    let ids: BTreeSet<PlayerId> = (data.characters.values())
        .filter(|c| c.party.is_some_and(|p| parties.contains(&p)))
        .filter_map(|c| c.player)
        .collect();
    ids.into_iter().collect()
}

/// The parties a log entry belongs to: those of the step that made it,
/// else (an entry written before Waybook kept them) those of the
/// characters it names.
pub fn entry_owners(data: &CampaignData, e: &LogEntry) -> Vec<PartyId> {
    if !e.parties.is_empty() {
        return e.parties.clone();
    }
    let parties: BTreeSet<PartyId> = (e.characters.iter())
        .filter_map(|c| data.characters.get(c)?.party)
        .collect();
    parties.into_iter().collect()
}

/// The player a party's table screen reads as: no player has this id.
pub const TABLE_SCREEN: PlayerId = PlayerId(-1);

/// Who a handout is for: a player, their characters and those characters'
/// parties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Audience {
    pub player: PlayerId,
    pub name: String,
    pub characters: BTreeSet<CharacterId>,
    pub parties: BTreeSet<PartyId>,
    /// On a party's table screen, the party's players (empty for a
    /// player): a text of the party, or of no party, shown by name to
    /// every one of them is the party's own, and the screen shows it (a
    /// place shared with each of them, say, and so its region's weather).
    pub everyone: BTreeSet<PlayerId>,
}

impl Audience {
    /// The player `player`, if a character in a party is theirs.
    pub fn of(data: &CampaignData, player: PlayerId) -> Option<Self> {
        let name = data.players.get(&player)?.name.clone();
        let mine: Vec<&Character> = (data.characters.values())
            .filter(|c| c.party.is_some() && c.player == Some(player))
            .collect();
        (!mine.is_empty()).then(|| Self {
            player,
            name,
            characters: mine.iter().map(|c| c.id).collect(),
            parties: mine.iter().filter_map(|c| c.party).collect(),
            everyone: BTreeSet::new(),
        })
    }

    /// A party's table screen (a TV the whole table sees): its members and
    /// what is shared with the party, and no player's own texts (it reads
    /// as a player who is nobody).
    pub fn party(data: &CampaignData, party: PartyId) -> Option<Self> {
        let name = data.parties.get(&party)?.name.clone();
        Some(Self {
            player: TABLE_SCREEN,
            name,
            characters: (data.characters.values())
                .filter(|c| c.party == Some(party))
                .map(|c| c.id)
                .collect(),
            parties: BTreeSet::from([party]),
            everyone: players_of(data, &[party]).into_iter().collect(),
        })
    }

    /// Whether they see a text of the parties `owners` shown so: as its
    /// visibility says, or, on a table screen, a text of its party (or of
    /// no party) named to every one of the party's players.
    pub fn sees(&self, shown: &Visibility, owners: &[PartyId]) -> bool {
        let reader = Reader {
            player: self.player,
            parties: &self.parties,
        };
        let everyone = match shown {
            Visibility::Players(ids) => {
                !self.everyone.is_empty()
                    && self.everyone.iter().all(|p| ids.contains(p))
                    && (owners.is_empty() || owners.iter().any(|o| self.parties.contains(o)))
            }
            Visibility::Gm | Visibility::Party => false,
        };
        shown.shows(reader, owners) || everyone
    }
}

/// Why `player`, named to see a text of the parties `owners` that only
/// their players see at all (a character's notes, a journey's plan),
/// would never see it: they play in none of those parties. None when
/// they do.
pub fn named_outside(data: &CampaignData, player: PlayerId, owners: &[PartyId]) -> Option<String> {
    named_outside_of(data, player, owners, &players_of(data, owners))
}

/// [`named_outside`], the owners' players (`theirs`) already worked out:
/// a screen asks it of every player with the one list.
pub fn named_outside_of(
    data: &CampaignData,
    player: PlayerId,
    owners: &[PartyId],
    theirs: &[PlayerId],
) -> Option<String> {
    if theirs.contains(&player) {
        return None;
    }
    let name = data
        .players
        .get(&player)
        .map_or("This player", |p| p.name.as_str());
    let parties: Vec<&str> = (owners.iter())
        .filter_map(|p| data.parties.get(p))
        .map(|p| p.name.as_str())
        .collect();
    Some(if parties.is_empty() {
        format!("{name} would never see it: it belongs to no party")
    } else {
        format!(
            "{name} plays in no party it belongs to ({}): it would never reach them",
            parties.join(", ")
        )
    })
}

/// The places and paths a player's parties know of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Known {
    pub places: BTreeSet<PlaceId>,
    pub paths: BTreeSet<MapPathId>,
}

/// What the audience's parties know of the map: the paths they travelled
/// (a travel round on them) or stand on, and both their ends; the place
/// they are at; a Landmark at the end of a path they travelled (seen from
/// it); and every place and path the GM shares with the player (told of).
pub fn known(index: &Index, audience: &Audience) -> Known {
    let data = index.data;
    let mut known = Known::default();
    let mut travelled: BTreeSet<MapPathId> = (audience.parties.iter())
        .flat_map(|p| index.rounds(*p))
        .map(|r| r.path)
        .collect();
    for party in audience.parties.iter().filter_map(|p| data.parties.get(p)) {
        known.places.extend(party.travel.place);
        if let Some(on) = party.travel.on_path {
            travelled.insert(on.path);
        }
    }
    for path in travelled.iter().filter_map(|p| data.paths.get(p)) {
        known.paths.insert(path.id);
        known.places.extend([path.from, path.to]);
    }
    known.places.extend(
        (data.places.values())
            .filter(|p| audience.sees(&p.shown, &[]))
            .map(|p| p.id),
    );
    known.paths.extend(
        (data.paths.values())
            .filter(|p| audience.sees(&p.shown, &[]))
            .map(|p| p.id),
    );
    known
}

/// The first clock day the audience's parties lived in the campaign: a
/// member named in the log, or a travel round of theirs. The days before it
/// are not theirs.
pub fn first_day_lived(index: &Index, audience: &Audience) -> Option<i64> {
    (audience.parties.iter())
        .filter_map(|p| index.first_day(*p))
        .min()
}

/// The campaign as `audience` may see it (the module's doc says what is in it).
/// It reads only the records `index` finds for the audience's parties
/// and player, so a view of a big campaign costs what it shows.
pub fn view(index: &Index, audience: &Audience) -> CampaignData {
    let data = index.data;
    let mut view = CampaignData::new(Settings {
        clock: present(data, audience),
        ..settings_seen(&data.settings)
    });
    view.revision = data.revision;
    people(index, audience, &mut view);
    map(index, audience, &mut view);
    story(index, audience, &mut view);
    view
}

/// Today for the audience: the latest present of their parties (each
/// party lives its own days: a party behind the others sees nothing of the
/// days ahead of it); the campaign's clock for none.
fn present(data: &CampaignData, audience: &Audience) -> crate::model::ClockTime {
    (audience.parties.iter())
        .filter_map(|p| data.parties.get(p))
        .map(|p| p.now)
        .max()
        .unwrap_or(data.settings.clock)
}

fn settings_seen(settings: &Settings) -> Settings {
    Settings {
        weather_table: None,
        gather_table: None,
        house_rules: Box::default(),
        ..settings.clone()
    }
}

/// The parties, their members and what they hold.
fn people(index: &Index, audience: &Audience, view: &mut CampaignData) {
    let data = index.data;
    for party in audience.parties.iter().filter_map(|p| data.parties.get(p)) {
        let mut party = party.clone();
        party.notes.clear();
        view.parties.insert(party.id, party);
    }
    let parties: Vec<PartyId> = view.parties.keys().copied().collect();
    for c in parties.iter().flat_map(|p| index.members(*p)) {
        let mut c = (*c).clone();
        let owners: Vec<PartyId> = c.party.into_iter().collect();
        if !audience.sees(&c.notes_shown, &owners) {
            c.notes.clear();
        }
        if let Some(player) = c.player.and_then(|p| data.players.get(&p)) {
            view.players.insert(player.id, player.clone());
        }
        view.characters.insert(c.id, c);
    }
    // The parties' vehicles, the GM's notes left out, and their cargo.
    for v in data
        .vehicles
        .values()
        .filter(|v| v.party.is_some_and(|p| parties.contains(&p)))
    {
        let mut v = v.clone();
        v.notes.clear();
        view.vehicles.insert(v.id, v);
    }
    let holders = (view.characters.keys().map(|c| Holder::Character(*c)))
        .chain(parties.iter().map(|p| Holder::Stash(*p)))
        .chain(view.vehicles.keys().map(|v| Holder::Vehicle(*v)));
    let held: Vec<&Holding> = holders.flat_map(|h| index.held(h)).copied().collect();
    for h in held {
        if let Some(item) = data.items.get(&h.item) {
            let mut item = item.clone();
            item.notes.clear();
            view.items.insert(item.id, item);
            view.holdings.insert(h.id, h.clone());
        }
    }
}

/// The known places and paths, their regions and those regions' weather.
fn map(index: &Index, audience: &Audience, view: &mut CampaignData) {
    let data = index.data;
    let known = known(index, audience);
    let mut regions: BTreeSet<RegionId> = BTreeSet::new();
    for place in known.places.iter().filter_map(|p| data.places.get(p)) {
        let mut place = place.clone();
        if !audience.sees(&place.shown, &[]) {
            place.notes.clear();
        }
        place.merchant_table = None;
        regions.extend(place.region);
        view.places.insert(place.id, place);
    }
    for path in known.paths.iter().filter_map(|p| data.paths.get(p)) {
        let mut path = path.clone();
        if !audience.sees(&path.shown, &[]) {
            path.notes.clear();
        }
        (path.difficulty, path.danger, path.wild) = (0, 0, false);
        path.encounters = crate::model::EncounterTables::default();
        regions.extend(path.region);
        regions.extend(path.stretches.iter().map(|s| s.region));
        view.paths.insert(path.id, path);
    }
    // A landmark is seen from a path the party took to or from its end.
    for path in data
        .paths
        .values()
        .filter(|p| view.paths.contains_key(&p.id))
    {
        for end in [path.from, path.to] {
            if let Some(place) = data
                .places
                .get(&end)
                .filter(|p| p.kind == PlaceKind::Landmark)
            {
                view.places.entry(end).or_insert_with(|| {
                    let mut place = place.clone();
                    place.notes.clear();
                    place.merchant_table = None;
                    place
                });
            }
        }
    }
    for region in regions.iter().filter_map(|r| data.regions.get(r)) {
        let mut region = crate::model::Region::new(region.id, region.name.clone());
        region.keep_percent = 0;
        view.regions.insert(region.id, region);
    }
    let days = *crate::model::limits::CLOCK_DAY.start()..=view.settings.clock.day;
    for w in regions
        .iter()
        .flat_map(|r| data.weather_of(*r, days.clone()))
    {
        let mut w = w.clone();
        w.rolled.clear();
        view.weather.insert(w.id, w);
    }
}

/// The log's shared entries up to today, and the shared events, missions,
/// sites and journey plans.
fn story(index: &Index, audience: &Audience, view: &mut CampaignData) {
    let data = index.data;
    let today = view.settings.clock.day;
    let entries = index.entries_for(audience.parties.iter().copied(), audience.player);
    for (e, owners) in entries {
        if e.at.day <= today && audience.sees(&e.shown, owners) {
            view.log.insert(e.id, entry_seen(e, view));
        }
    }
    for ev in data
        .events
        .values()
        .filter(|e| audience.sees(&e.shown, &[]))
    {
        view.events.insert(ev.id, ev.clone());
    }
    for m in (data.missions.values())
        .filter(|m| audience.sees(&m.shown, &m.party.into_iter().collect::<Vec<_>>()))
    {
        let mut m = m.clone();
        m.awards
            .retain(|a| view.characters.contains_key(&a.character));
        view.missions.insert(m.id, m);
    }
    for s in data.sites.values().filter(|s| audience.sees(&s.shown, &[])) {
        let mut s = s.clone();
        s.place = s.place.filter(|p| view.places.contains_key(p));
        view.sites.insert(s.id, s);
    }
    for j in (data.journeys.values())
        .filter(|j| view.parties.contains_key(&j.party) && audience.sees(&j.plan.shown, &[j.party]))
    {
        view.journeys.insert(j.id, j.clone());
    }
}

/// An entry as the player reads it: in plain words, as a GM tells it, its
/// dice (in its lines too) only where the GM shares them.
fn entry_seen(e: &LogEntry, view: &CampaignData) -> LogEntry {
    let mut e = e.clone();
    if !e.working_shown {
        e.rolled.clear();
    }
    let dice = e.working_shown;
    e.why = crate::model::plain_words::plain(&e.why, dice);
    e.said = crate::model::plain_words::plain_lines(&e.said, dice);
    e.characters.retain(|c| view.characters.contains_key(c));
    e
}
