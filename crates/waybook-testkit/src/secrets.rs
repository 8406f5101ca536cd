//! Secrets planted for the leak tests (issue 34, 39): the demo with a
//! second party, and a unique marker in every text the GM writes and in
//! every record players never see, each with who may find it. The
//! handouts' test and the table's server test read every byte a player
//! gets for the markers. Lantern's texts named to Rin, who plays only on
//! the Solo Road, never reach Rin where only the party's players see the
//! record (a member's notes, a journey's plan): Waybook says so when the
//! GM names them (`players_view::named_outside`). The Solo Road lives two
//! days behind the company: its player sees nothing of those two days.

use std::collections::{BTreeMap, BTreeSet};
use waybook_core::exchange::players_view::{Audience, entry_owners};
use waybook_core::model::{
    CalendarEvent, CampaignData, Character, CharacterId, CharacterKind, ClockTime, EventId, Party,
    PartyId, Place, PlaceId, Player, PlayerId, Recurrence, Visibility,
};

/// Who may find a marker.
#[derive(Debug, Clone, PartialEq)]
pub enum Rule {
    Nobody,
    /// The players of these parties.
    Parties(Vec<PartyId>),
    /// These players, of a text of these parties (none: of no party). A
    /// table screen finds it when every player of its party is named and
    /// the text is its party's or no party's.
    Players(Vec<PlayerId>, Vec<PartyId>),
    /// The rule, for the players of this party alone (a member's notes).
    Within(PartyId, Box<Rule>),
    /// The rule, for a player whose parties lived this day of the log, and
    /// live on it or after it now.
    OnDay(i64, Box<Rule>),
}

/// A reader of handouts: a player, their parties, the first day they
/// lived and the day they live now (the latest present of their parties:
/// issue 53); on a table screen, its party's players.
pub struct Who {
    pub player: PlayerId,
    pub parties: BTreeSet<PartyId>,
    pub lived: Option<i64>,
    pub present: ClockTime,
    pub everyone: BTreeSet<PlayerId>,
}

impl Who {
    /// The reader `audience` of `data`.
    pub fn of(data: &CampaignData, audience: &Audience) -> Self {
        let index = waybook_core::exchange::players_view::Index::of(data);
        let presents = audience.parties.iter().filter_map(|p| data.parties.get(p));
        Who {
            player: audience.player,
            parties: audience.parties.clone(),
            lived: waybook_core::exchange::players_view::first_day_lived(&index, audience),
            present: presents.map(|p| p.now).max().unwrap_or(data.settings.clock),
            everyone: audience.everyone.clone(),
        }
    }
}

impl Rule {
    pub fn may(&self, who: &Who) -> bool {
        match self {
            Rule::Nobody => false,
            Rule::Parties(ps) => ps.iter().any(|p| who.parties.contains(p)),
            Rule::Players(ids, owners) => {
                let screen = !who.everyone.is_empty()
                    && who.everyone.iter().all(|p| ids.contains(p))
                    && (owners.is_empty() || owners.iter().any(|o| who.parties.contains(o)));
                ids.contains(&who.player) || screen
            }
            Rule::Within(party, rule) => who.parties.contains(party) && rule.may(who),
            Rule::OnDay(day, rule) => {
                who.lived.is_none_or(|l| *day >= l) && *day <= who.present.day && rule.may(who)
            }
        }
    }
}

#[derive(Default)]
pub struct Plant {
    pub markers: Vec<(String, Rule)>,
}

impl Plant {
    fn mark(&mut self, rule: Rule) -> String {
        let marker = format!("QZX{:04}", self.markers.len());
        self.markers.push((marker.clone(), rule));
        marker
    }

    /// A marker of a text of the parties `owners` seen as `shown` says, by
    /// the rule: the GM only; the party it belongs to (nobody, for
    /// a text of no party); the players named.
    fn shown(&mut self, shown: &Visibility, owners: &[PartyId]) -> String {
        self.mark(rule(shown, owners))
    }
}

fn rule(shown: &Visibility, owners: &[PartyId]) -> Rule {
    match shown {
        Visibility::Gm => Rule::Nobody,
        Visibility::Party if owners.is_empty() => Rule::Nobody,
        Visibility::Party => Rule::Parties(owners.to_vec()),
        Visibility::Players(ids) => Rule::Players(ids.clone(), owners.to_vec()),
    }
}

/// The second party's one player, who never travelled with the company.
pub const RIN: PlayerId = PlayerId(900);
pub const SOLO: PartyId = PartyId(900);

/// GM only, the party, Maya alone, Rin alone, in turn.
fn cycle(data: &CampaignData, i: usize) -> Visibility {
    let maya = data.player_named("Maya").expect("Maya plays").id;
    [
        Visibility::Gm,
        Visibility::Party,
        Visibility::Players(vec![maya]),
        Visibility::Players(vec![RIN]),
    ][i % 4]
        .clone()
}

/// The demo with a second party, "The Solo Road" (Rin's Wren, who never
/// travelled), and a marker in every text: those of records players may
/// see by the visibility given, the rest kept from everyone.
pub fn planted() -> (tempfile::TempDir, CampaignData, Plant) {
    let (dir, mut data) = crate::demo();
    let mut plant = Plant::default();
    data.players.insert(RIN, Player::new(RIN, "Rin"));
    // The Solo Road lives two days behind the company (issue 53): its
    // player finds nothing of the days the company lived since.
    let day_hours = data.settings.day_hours;
    let behind = data.settings.clock.plus(-2 * day_hours, day_hours);
    let solo = Party::new(SOLO, "The Solo Road", behind);
    data.parties.insert(SOLO, solo);
    let mut wren = Character::new(CharacterId(901), "Wren", CharacterKind::Hero);
    (wren.party, wren.player) = (Some(SOLO), Some(RIN));
    data.characters.insert(wren.id, wren);
    texts_with_visibility(&mut data, &mut plant);
    log_and_journeys(&mut data, &mut plant);
    never_shown(&mut data, &mut plant);
    (dir, data, plant)
}

fn texts_with_visibility(data: &mut CampaignData, plant: &mut Plant) {
    let shown: Vec<Visibility> = (0..4).map(|i| cycle(data, i)).collect();
    let cycle = |i: usize| shown[i % 4].clone();
    for (i, c) in data.characters.values_mut().enumerate() {
        c.notes_shown = cycle(i);
        let owners: Vec<PartyId> = c.party.into_iter().collect();
        c.notes = plant.mark(match c.party {
            Some(p) => Rule::Within(p, Box::new(rule(&c.notes_shown, &owners))),
            None => Rule::Nobody,
        });
    }
    for (i, p) in data.places.values_mut().enumerate() {
        p.shown = cycle(i);
        p.notes = plant.shown(&p.shown, &[]);
    }
    for (i, p) in data.paths.values_mut().enumerate() {
        p.shown = cycle(i + 1);
        p.notes = plant.shown(&p.shown, &[]);
    }
    for (i, s) in data.sites.values_mut().enumerate() {
        s.shown = cycle(i + 2);
        s.notes = plant.shown(&s.shown, &[]);
        s.name = plant.shown(&s.shown, &[]);
    }
    for (i, m) in data.missions.values_mut().enumerate() {
        m.shown = cycle(i + 1);
        let owners: Vec<PartyId> = m.party.into_iter().collect();
        m.name = plant.shown(&m.shown, &owners);
        m.lines.push(plant.shown(&m.shown, &owners));
    }
    // The calendar's own events, kept to the GM. Four more fall today and
    // four in three days (a handout lists what is coming), one of each
    // visibility.
    for e in data.events.values_mut() {
        e.shown = Visibility::Gm;
        e.name = plant.mark(Rule::Nobody);
        e.notes = plant.mark(Rule::Nobody);
    }
    let today = data.settings.clock.day;
    for (i, day) in (0..8).map(|i| (i, today + 3 * (i as i64 / 4))) {
        let id = EventId(900 + i as i64);
        let shown = cycle(i);
        let event = CalendarEvent {
            id,
            name: plant.shown(&shown, &[]),
            notes: plant.shown(&shown, &[]),
            when: Recurrence::Once { day },
            shown,
        };
        data.events.insert(id, event);
    }
    // Places off every path: told of "the party" (which a place has not:
    // nobody), of Rin, and of nobody.
    for (i, shown) in [cycle(1), cycle(3), cycle(0)].into_iter().enumerate() {
        let id = PlaceId(900 + i as i64);
        let name = plant.shown(&shown, &[]);
        let mut place = data.places.values().next().expect("a place").clone();
        (place.id, place.name, place.notes, place.shown) = (id, name, String::new(), shown);
        data.places.insert(
            id,
            Place {
                x: 50.0 * i as f64,
                ..place
            },
        );
    }
    // Someone outside every party, though Maya plays them.
    let mut stranger = Character::new(
        CharacterId(900),
        plant.mark(Rule::Nobody),
        CharacterKind::Ally,
    );
    stranger.notes = plant.mark(Rule::Nobody);
    stranger.player = data.player_named("Maya").map(|p| p.id);
    data.characters.insert(stranger.id, stranger);
}

fn log_and_journeys(data: &mut CampaignData, plant: &mut Plant) {
    let shown: Vec<Visibility> = (0..4).map(|i| cycle(data, i)).collect();
    let today = data.settings.clock.day;
    // One of the Solo Road's own, shared with its party.
    let mut solo = data.log.values().next().expect("an entry").clone();
    solo.id = waybook_core::model::LogId(900_000);
    (solo.parties, solo.characters) = (vec![SOLO], vec![CharacterId(901)]);
    data.log.insert(solo.id, solo);
    let owners: BTreeMap<_, _> = (data.log.values())
        .map(|e| (e.id, entry_owners(data, e)))
        .collect();
    for (i, e) in data.log.values_mut().enumerate() {
        e.shown = if e.parties == [SOLO] {
            Visibility::Party
        } else {
            shown[i % 4].clone()
        };
        e.working_shown = i % 2 == 0;
        let seen = e.at.day <= today && !e.undone;
        let when = |rule: Rule| {
            if seen {
                Rule::OnDay(e.at.day, Box::new(rule))
            } else {
                Rule::Nobody
            }
        };
        let words = when(rule(&e.shown, &owners[&e.id]));
        e.why = plant.mark(words.clone());
        e.said.insert(0, plant.mark(words.clone()));
        e.rolled = plant.mark(if e.working_shown { words } else { Rule::Nobody });
    }
    for (i, j) in data.journeys.values_mut().enumerate() {
        j.plan.shown = shown[(i + 1) % 4].clone();
        let rule = Rule::Within(j.party, Box::new(rule(&j.plan.shown, &[j.party])));
        j.name = plant.mark(rule.clone());
        let leg = plant.mark(rule);
        if let Some(first) = j
            .plan
            .routes
            .get_mut(j.plan.chosen)
            .and_then(|r| r.legs.first_mut())
        {
            first.name = leg;
        }
    }
}

/// What is the GM's whatever they mark: the party's notes, the items'
/// notes, the vehicles' notes, the tables, the regions' notes, the wares, the scenes, the cults,
/// the travel rounds' lines, tomorrow's weather and the dice of past days'.
fn never_shown(data: &mut CampaignData, plant: &mut Plant) {
    for p in data.parties.values_mut() {
        p.notes = plant.mark(Rule::Nobody);
    }
    for i in data.items.values_mut() {
        i.notes = plant.mark(Rule::Nobody);
    }
    for v in data.vehicles.values_mut() {
        v.notes = plant.mark(Rule::Nobody);
    }
    for t in data.tables.values_mut() {
        t.name = plant.mark(Rule::Nobody);
        for row in &mut t.rows {
            row.result = plant.mark(Rule::Nobody);
        }
    }
    for r in data.regions.values_mut() {
        r.notes = plant.mark(Rule::Nobody);
    }
    for w in data.wares.values_mut() {
        w.name = plant.mark(Rule::Nobody);
    }
    for s in data.scenes.values_mut() {
        s.name = plant.mark(Rule::Nobody);
    }
    for c in data.cults.values_mut() {
        c.god = plant.mark(Rule::Nobody);
    }
    for r in data.rounds.values_mut() {
        r.lines.push(plant.mark(Rule::Nobody));
    }
    let today = data.settings.clock.day;
    for w in data.weather.values_mut() {
        w.rolled = plant.mark(Rule::Nobody);
        if w.day > today {
            w.weather = plant.mark(Rule::Nobody);
        }
    }
}
