//! A travel round, guided phase by phase. Each phase is one [`Edit`] of the
//! campaign, so the GM can undo it: the Navigation Phase (weather and
//! pathfinding, with the 🜉-or-setback choice after a failed d10), the
//! Encounter Phase (the encounter die, Scout's early one or a planned
//! encounter; a Merchant's wares), and the Camping Phase (Supplies, the ten
//! actions, the ambush die, healing). The round is booked in the travel log
//! as it happens; it ends with the clock a day on and, on arrival, the party
//! at its place and the path's familiarity raised.
//!
//! Every die comes from the app's one dice source; the rules engine
//! (`waybook_rules::rounds`) judges it.

use super::befall;
use crate::model::step::{StepError, shared_causes};
use crate::model::{
    CampaignData, Category, Change, Character, CharacterId, ClockTime, Edit, Holder, Holding, Item,
    MapPath, MapPathId, OnPath, Party, PartyId, Region, RoundStep, TableId, TravelRound, WareId,
    Weather,
};
use crate::model::{capitalised, plural};
use crate::world::weather;
use waybook_rules::dice::{Dice, RollRecord};
use waybook_rules::rounds::OUTCOME_DIE;
use waybook_rules::rounds::camp::{self, Action, Camp, CampHero, CampResult, Ranks, Role};
use waybook_rules::rounds::encounter::{self, Benign, Encounter, Kind};
use waybook_rules::rounds::pathfind::{self, PathState, Pathfind, PathfindResult};

/// Why a phase could not be played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TravelError {
    #[error("there is no such party")]
    NoParty,
    #[error("there is no such path")]
    NoPath,
    #[error("{party} is not at either end of {path}")]
    NotAtPath { party: String, path: String },
    #[error("{party} is on {path}: the next round goes on along it")]
    OnAnotherPath { party: String, path: String },
    #[error("{0} is not on the map: put the party at a place first")]
    Nowhere(String),
    #[error("{0} has a travel round to finish first")]
    RoundInPlay(String),
    #[error("{0} has no travel round in play")]
    NoRound(String),
    #[error("this round is at its {0} step")]
    WrongStep(&'static str),
    #[error("{0} has no pathfinding 🜉 to spend")]
    NoToken(String),
    #[error(transparent)]
    Weather(#[from] crate::world::weather::WeatherError),
    #[error("{ware} costs {cost} {currency}; the purse holds {purse}")]
    Purse {
        ware: String,
        cost: i64,
        currency: String,
        purse: i64,
    },
    #[error("no Merchant was met this round")]
    NoMerchant,
    #[error("type what it costs: 1 or more")]
    NothingToPay,
    #[error("{cost} {currency} is more than the purse holds ({purse} {currency})")]
    Short {
        cost: i64,
        currency: String,
        purse: i64,
    },
    #[error("travel rounds are switched off for this campaign (Campaign screen)")]
    RoundsOff,
    #[error("write what the party meets first")]
    NothingPlanned,
    #[error("{0} has no encounter die cast by last night's Scout")]
    NotScouted(String),
    #[error("last night's Scout cast {0}'s encounter die: take that encounter or a benign one")]
    Scouted(String),
    #[error("buy at least one")]
    NothingToBuy,
    #[error("{0} is not one of {1}'s heroes")]
    NotAHero(String, String),
    #[error("{0} has no orders for the camp")]
    NoOrders(String),
    #[error("{0} is not partway along a path: there is no way back to turn to")]
    NotPartway(String),
    #[error(
        "{party}'s travel round along {path} is in play: finish it before changing the path's rounds"
    )]
    PathInPlay { party: String, path: String },
    #[error("{party} has made {done} along {path}: it keeps at least that many")]
    RoundsMade {
        party: String,
        path: String,
        done: String,
    },
    #[error(transparent)]
    Step(#[from] StepError),
}

shared_causes!(TravelError);

type Result<T> = std::result::Result<T, TravelError>;

/// What the party does with the Encounter Phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EncounterChoice {
    /// Cast the encounter die.
    Die,
    /// The GM runs a planned encounter instead of the die.
    Planned(String),
    /// After a successful Scout: take the encounter cast last night, or
    /// (`instead`) a benign one, or the opposite kind where none is possible.
    Scouted { instead: bool },
}

/// One hero's part of the camp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeroOrder {
    pub hero: CharacterId,
    pub action: Action,
    /// Given Supplies tonight (the players choose who goes unfed).
    pub fed: bool,
    /// The Recovering hero a Mend is for.
    pub target: Option<CharacterId>,
}

/// The party's orders for the Camping Phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampOrders {
    pub heroes: Vec<HeroOrder>,
    /// The allies the players leave unfed tonight: no healing, an injury.
    pub unfed_allies: Vec<CharacterId>,
    /// When a successful Watch sees an ambush coming, slip away from it.
    pub avoid_warned_ambush: bool,
}

impl CampOrders {
    /// Whether a hero or an ally is given Supplies in these orders.
    pub fn feeds(&self, who: CharacterId) -> bool {
        match self.heroes.iter().find(|o| o.hero == who) {
            Some(order) => order.fed,
            None => !self.unfed_allies.contains(&who),
        }
    }
}

/// A successful Divine: tomorrow's weather where the party will be (its
/// region's, rolled now and kept as foretold; else the campaign table's):
/// the place it arrives at tonight, or the path it is on.
fn divine(book: &mut Booking<'_>, dice: &mut Dice) -> Result<()> {
    let data = book.data;
    let tomorrow = book.round.day + 1;
    let arriving = (book.party.travel.on_path)
        .filter(|on| on.state.rounds_left == 0)
        .and_then(|on| data.places.get(&on.toward));
    let region = match arriving {
        Some(place) => data.region_of_place(place),
        None => data.region_of_party(&book.party),
    };
    if let Some(region) = region {
        match book.region_weather(region, tomorrow, true, dice)? {
            Some((w, _)) => {
                book.line(format!(
                    "Divine, tomorrow's weather in {}: {}",
                    region.name, w.weather
                ));
                book.party.travel.forecast_weather = Some(w.weather);
            }
            None => book.line(format!(
                "Divine: {}; the GM tells tomorrow's weather.",
                weather::why_unrolled(data, region, tomorrow)
            )),
        }
        return Ok(());
    }
    if let Some((working, weather)) = book.roll_table(
        data.settings.weather_table,
        "Divine, tomorrow's weather",
        dice,
    )? {
        book.line(format!("{working}: {weather}"));
        book.party.travel.forecast_weather = Some(weather);
    } else {
        book.line("Divine: no weather table is chosen; the GM tells tomorrow's weather.");
    }
    Ok(())
}

/// The records one phase changes, copied from the campaign and edited,
/// turned into an edit of the changes that differ.
struct Booking<'a> {
    data: &'a CampaignData,
    party: Party,
    round: TravelRound,
    settings: crate::model::Settings,
    paths: Vec<MapPath>,
    characters: Vec<Character>,
    created: Vec<Change>,
}

impl<'a> Booking<'a> {
    fn new(data: &'a CampaignData, party: Party, round: TravelRound) -> Self {
        Self {
            data,
            party,
            round,
            settings: data.settings.clone(),
            paths: Vec::new(),
            characters: Vec::new(),
            created: Vec::new(),
        }
    }

    fn line(&mut self, text: impl Into<String>) {
        self.round.lines.push(text.into());
    }

    fn roll_line(&mut self, record: &RollRecord) {
        self.line(record.to_string());
    }

    fn path(&mut self, id: MapPathId) -> Option<&mut MapPath> {
        if !self.paths.iter().any(|p| p.id == id) {
            self.paths.push(self.data.paths.get(&id)?.clone());
        }
        self.paths.iter_mut().find(|p| p.id == id)
    }

    fn character(&mut self, id: CharacterId) -> Option<&mut Character> {
        if !self.characters.iter().any(|c| c.id == id) {
            self.characters.push(self.data.characters.get(&id)?.clone());
        }
        self.characters.iter_mut().find(|c| c.id == id)
    }

    /// `region`'s weather on `day`, and whether it was rolled just now:
    /// every region's weather up to `day` rolled where it is not yet (and
    /// kept); `foretell` marks the day's as a Divine's. `None`: the region
    /// has no table for the day.
    fn region_weather(
        &mut self,
        region: &Region,
        day: i64,
        foretell: bool,
        dice: &mut Dice,
    ) -> Result<Option<(Weather, bool)>> {
        let data = self.data;
        let mut rolled = weather::roll_through(data, day, dice)?;
        let id = crate::model::WeatherId::of(region.id, day);
        let fresh = rolled.iter().any(|w| w.id == id);
        if foretell {
            match rolled.iter_mut().find(|w| w.id == id) {
                Some(w) => w.foretold = true,
                None => {
                    if let Some(w) = data.weather.get(&id).filter(|w| !w.foretold) {
                        rolled.push(Weather {
                            foretold: true,
                            ..w.clone()
                        });
                    }
                }
            }
        }
        let found = rolled
            .iter()
            .find(|w| w.id == id)
            .or_else(|| data.weather.get(&id))
            .cloned();
        self.created.extend(
            rolled
                .iter()
                .map(|w| Change::of(data.weather.get(&w.id), Some(w))),
        );
        Ok(found.map(|w| (w, fresh)))
    }

    /// What is met from the encounter table `tied` (with whose table it
    /// is), rolled and written in, and what its row does to the party's
    /// animals done. A table that cannot be rolled never holds up the
    /// round: the GM is told why and says what is met.
    fn met_on(&mut self, tied: Option<(TableId, String)>, dice: &mut Dice) -> Result<()> {
        let Some((table, whose)) = tied else {
            return Ok(());
        };
        match self.roll_table(Some(table), &whose, dice) {
            Ok(Some((working, result))) => {
                let befalling = befall::befall(self.data, self.party.id, &result, dice)?;
                self.line(format!("{working}: {}", befalling.text));
                for pick in &befalling.picks {
                    self.roll_line(pick);
                }
                for (id, fate) in befalling.animals {
                    if let Some(animal) = self.character(id) {
                        let words = befall::suffer(fate, animal);
                        self.line(words);
                    }
                }
            }
            Ok(None) => {}
            Err(TravelError::Step(StepError::Nested(e))) => {
                let whose = waybook_rules::capitalised(&whose);
                self.line(format!(
                    "{whose} was not rolled ({e}); the GM says what is met."
                ));
            }
            Err(e) => return Err(e),
        }
        Ok(())
    }

    /// Rolls on a campaign table, or says none is chosen.
    fn roll_table(
        &self,
        table: Option<TableId>,
        what: &str,
        dice: &mut Dice,
    ) -> Result<Option<(String, String)>> {
        let Some(def) = table.and_then(|id| self.data.tables.get(&id)) else {
            return Ok(None);
        };
        let roll = def.roll_in(self.data, dice)?;
        let working = roll.working(&def.marked_as(what));
        Ok(Some((working, roll.result)))
    }

    fn edit(self, label: &str) -> Edit {
        let data = self.data;
        let mut changes = Vec::new();
        if self.settings != data.settings {
            changes.push(Change::of(Some(&data.settings), Some(&self.settings)));
        }
        if data.parties.get(&self.party.id) != Some(&self.party) {
            changes.push(Change::of(
                data.parties.get(&self.party.id),
                Some(&self.party),
            ));
        }
        for path in &self.paths {
            if data.paths.get(&path.id) != Some(path) {
                changes.push(Change::of(data.paths.get(&path.id), Some(path)));
            }
        }
        for c in &self.characters {
            if data.characters.get(&c.id) != Some(c) {
                changes.push(Change::of(data.characters.get(&c.id), Some(c)));
            }
        }
        changes.extend(self.created);
        changes.push(Change::of(
            data.rounds.get(&self.round.id),
            Some(&self.round),
        ));
        // An animal a table's row lost leaves its rider and its team.
        crate::model::ties::keep(data, &mut changes);
        Edit::new(label, changes)
    }
}

fn party_of(data: &CampaignData, party: PartyId) -> Result<Party> {
    data.parties
        .get(&party)
        .cloned()
        .ok_or(TravelError::NoParty)
}

/// The round in play and its party, at the step `step`.
fn in_play(data: &CampaignData, party: PartyId, step: RoundStep) -> Result<Booking<'_>> {
    let p = party_of(data, party)?;
    let round = data
        .round_in_play(party)
        .cloned()
        .ok_or_else(|| TravelError::NoRound(p.name.clone()))?;
    if round.next != step {
        return Err(TravelError::WrongStep(step_name(round.next)));
    }
    Ok(Booking::new(data, p, round))
}

fn step_name(step: RoundStep) -> &'static str {
    match step {
        RoundStep::Setback => "setback",
        RoundStep::Encounter => "encounter",
        RoundStep::Camping => "camping",
        RoundStep::Done => "last",
    }
}

/// The path the party is on (or sets out on) and its state there: on it
/// already, or at one of its ends with all its rounds to go.
pub fn on_path(data: &CampaignData, party: &Party, path: &MapPath) -> Result<OnPath> {
    match (party.travel.on_path, party.travel.place) {
        (Some(on), _) if on.path == path.id => Ok(on),
        (Some(on), _) => Err(TravelError::OnAnotherPath {
            party: party.name.clone(),
            path: data
                .paths
                .get(&on.path)
                .map_or_else(String::new, |p| p.name.clone()),
        }),
        (None, Some(place)) => match path.other_end(place) {
            Some(toward) => Ok(OnPath {
                path: path.id,
                from: place,
                toward,
                state: PathState::new(path.rounds as u32),
                extra: 0,
            }),
            None => Err(TravelError::NotAtPath {
                party: party.name.clone(),
                path: path.name.clone(),
            }),
        },
        (None, None) => Err(TravelError::Nowhere(party.name.clone())),
    }
}

fn pathfind_request(party: &Party, path: &MapPath, on: &OnPath, spend_token: bool) -> Pathfind {
    Pathfind {
        difficulty: path.difficulty as i32,
        sidetracked: on.state.sidetracked,
        times_travelled: path.travelled as u32,
        modifiers: party.travel.modifiers as i32,
        explored: party.travel.explored,
        lost: on.state.lost,
        spend_token,
    }
}

/// "The GM consults the appropriate weather table to determine the day's
/// weather": the region's of the stretch the party is on (as it fell, or
/// foretold), else last night's Divine's word or the campaign's table;
/// said in the round and kept with it.
fn navigation_weather(
    book: &mut Booking<'_>,
    path: &MapPath,
    on: &OnPath,
    dice: &mut Dice,
) -> Result<()> {
    let data = book.data;
    let foretold = book.party.travel.forecast_weather.take();
    match data.region_on_path(path, on) {
        Some(region) => {
            let day = book.round.day;
            let weather = book.region_weather(region, day, false, dice)?;
            book.round.weather = weather.as_ref().map(|(w, _)| w.weather.clone());
            let line = match weather {
                Some((w, true)) => format!("{}: {}", w.rolled, w.weather),
                Some((w, false)) if w.foretold => format!(
                    "Weather in {} (foretold by last night's Divine): {}",
                    region.name, w.weather
                ),
                Some((w, false)) => {
                    format!(
                        "Weather in {} (as it fell today): {}",
                        region.name, w.weather
                    )
                }
                None => format!("Weather: {}.", weather::why_unrolled(data, region, day)),
            };
            book.line(line);
        }
        None => match foretold {
            Some(weather) => {
                book.line(format!(
                    "Weather (foretold by last night's Divine): {weather}"
                ));
                book.round.weather = Some(weather);
            }
            None => match book.roll_table(data.settings.weather_table, "Weather", dice)? {
                Some((working, weather)) => {
                    book.line(format!("{working}: {weather}"));
                    book.round.weather = Some(weather);
                }
                None => book.line("Weather: no weather table is chosen (Campaign settings)."),
            },
        },
    }
    Ok(())
}

/// The Navigation Phase: the day's weather, then pathfinding. A failed d10
/// with a 🜉 in hand waits for the party's choice ([`setback`]).
pub fn navigate(
    data: &CampaignData,
    party: PartyId,
    path: MapPathId,
    dice: &mut Dice,
) -> Result<Edit> {
    let p = party_of(data, party)?;
    if data.round_in_play(party).is_some() {
        return Err(TravelError::RoundInPlay(p.name));
    }
    let path = data.paths.get(&path).ok_or(TravelError::NoPath)?;
    let on = on_path(data, &p, path)?;
    let round = TravelRound {
        id: data.next_id::<crate::model::TravelRound>(),
        party,
        path: path.id,
        toward: on.toward,
        day: p.now.day,
        partial: false,
        next: RoundStep::Encounter,
        pending_roll: None,
        fellow_travelers: false,
        merchant: false,
        met: None,
        no_progress: None,
        region: data.region_on_path(path, &on).map(|r| r.id),
        weather: None,
        supplies_spent: None,
        lines: Vec::new(),
    };
    let mut book = Booking::new(data, p, round);
    let toward = data
        .places
        .get(&on.toward)
        .map_or_else(String::new, |p| p.name.clone());
    book.line(format!(
        "Day {}: {} along {} toward {toward}.",
        book.round.day, book.party.name, path.name
    ));
    navigation_weather(&mut book, path, &on, dice)?;
    book.party.travel.on_path = Some(on);
    book.party.travel.place = None;
    book.party.travel.beyond = None;
    let request = pathfind_request(&book.party, path, &on, false);
    let effective = request.effective();
    if effective <= 0 {
        let result = pathfind::pathfind(&request, dice)?;
        book.line(format!(
            "Pathfinding: effective difficulty {effective}: on course with no roll."
        ));
        return Ok(navigated(book, path, on, &result).edit("Navigation phase"));
    }
    let roll = dice.roll(OUTCOME_DIE)?;
    let bonus = if request.explored {
        pathfind::EXPLORE_BONUS
    } else {
        0
    };
    let failed = roll as i32 + bonus <= effective;
    if failed && !on.state.lost && book.party.travel.pathfinding_tokens > 0 {
        book.line(format!(
            "Pathfinding: d10 = {roll}{} vs difficulty {effective}: fail.",
            if bonus > 0 { ", +2 Explore" } else { "" }
        ));
        book.round.next = RoundStep::Setback;
        book.round.pending_roll = Some(roll);
        return Ok(book.edit("Navigation phase"));
    }
    let mut faces = vec![roll];
    if failed && !on.state.lost {
        faces.push(dice.roll(6)?);
    }
    let result = pathfind::pathfind(&request, &mut Dice::scripted(faces))?;
    Ok(navigated(book, path, on, &result).edit("Navigation phase"))
}

/// After a failed d10 with a 🜉 in hand: spend it to succeed, or roll the setback.
pub fn setback(
    data: &CampaignData,
    party: PartyId,
    spend_token: bool,
    dice: &mut Dice,
) -> Result<Edit> {
    let mut book = in_play(data, party, RoundStep::Setback)?;
    let path = data
        .paths
        .get(&book.round.path)
        .ok_or(TravelError::NoPath)?;
    let on = book.party.travel.on_path.ok_or(TravelError::NoPath)?;
    if spend_token && book.party.travel.pathfinding_tokens <= 0 {
        return Err(TravelError::NoToken(book.party.name.clone()));
    }
    let roll = book.round.pending_roll.take().unwrap_or(1);
    let mut faces = vec![roll];
    if !spend_token {
        faces.push(dice.roll(6)?);
    }
    let request = pathfind_request(&book.party, path, &on, spend_token);
    let result = pathfind::pathfind(&request, &mut Dice::scripted(faces))?;
    book.round.next = RoundStep::Encounter;
    let label = if spend_token {
        book.party.travel.pathfinding_tokens -= 1;
        "Spend pathfinding token"
    } else {
        "Roll the setback"
    };
    Ok(navigated(book, path, on, &result).edit(label))
}

/// Books a pathfind's result: the setback and its state carried on the path.
fn navigated<'a>(
    mut book: Booking<'a>,
    path: &MapPath,
    mut on: OnPath,
    result: &PathfindResult,
) -> Booking<'a> {
    for record in &result.records {
        book.roll_line(record);
    }
    if result.token_spent {
        book.line("A 🜉 is spent: the party finds its way.");
    }
    if let Some(setback) = result.setback {
        book.line(format!("Setback: {}", setback.description()));
    }
    on.state.apply(result);
    on.extra += result.extra_rounds;
    book.round.no_progress = match (result.progress, result.extra_rounds) {
        (true, _) => None,
        (false, 0) => Some(crate::model::NoProgress::Held),
        (false, _) => Some(crate::model::NoProgress::Backtracked),
    };
    book.party.travel.explored = false;
    book.party.travel.on_path = Some(on);
    book.round.partial = path.partial && on.state.arrived();
    book.round.next = RoundStep::Encounter;
    book.line(format!(
        "{} of {} along {} made{}.",
        on.rounds_done(path),
        plural(path.rounds + i64::from(on.extra), "day"),
        path.name,
        if on.state.lost {
            "; the party is Totally Lost"
        } else {
            ""
        }
    ));
    book
}

/// The encounter die's request for the path the party is on.
fn encounter_request(path: &MapPath, on: &OnPath) -> Encounter {
    Encounter {
        difficulty: path.difficulty as i32,
        sidetracked: on.state.sidetracked,
        danger: path.danger as u32,
        noisy: on.state.noisy,
        wild: path.wild,
    }
}

/// The Encounter Phase.
pub fn encounter(
    data: &CampaignData,
    party: PartyId,
    choice: &EncounterChoice,
    dice: &mut Dice,
) -> Result<Edit> {
    let mut book = in_play(data, party, RoundStep::Encounter)?;
    let path = data
        .paths
        .get(&book.round.path)
        .ok_or(TravelError::NoPath)?;
    let on = book.party.travel.on_path.ok_or(TravelError::NoPath)?;
    let request = encounter_request(path, &on);
    let scouted = book.party.travel.scouted.take();
    let (kind, found) = match (choice, scouted) {
        (EncounterChoice::Planned(what), _) => {
            book.line(format!("Encounter: the GM's planned encounter: {what}"));
            (None, None)
        }
        (EncounterChoice::Scouted { instead }, Some(face)) => {
            let predicted = request.kind(face);
            let options = encounter::scout_choice(&request, predicted);
            book.line(format!(
                "Encounter, as last night's Scout foresaw: d10 = {face} vs threshold {}: {}.",
                request.threshold(),
                predicted.label()
            ));
            let kind = match options.instead.filter(|_| *instead) {
                Some(kind) => {
                    book.line(format!("The party chooses {} instead.", kind.label()));
                    kind
                }
                None => predicted,
            };
            let found = if kind == Kind::Benign {
                let face = dice.roll(6)?;
                book.roll_line(&Benign::record(face, path.wild));
                Some(Benign::from_d6(face, path.wild))
            } else {
                None
            };
            (Some(kind), found)
        }
        (_, _) => {
            let result = encounter::encounter(&request, dice)?;
            for record in &result.records {
                book.roll_line(record);
            }
            (Some(result.kind), result.benign)
        }
    };
    if let Some(found) = found {
        benign(&mut book, found);
    }
    book.round.met = kind;
    match kind {
        Some(Kind::Benign) | None => {}
        Some(kind) => book.line(format!(
            "{}: {} — run it as a scene with the party.",
            capitalised(kind.label()),
            if kind == Kind::Hazard {
                "a natural hazard impedes their progress"
            } else {
                "a group of warriors attacks"
            }
        )),
    }
    if let Some(kind) = kind {
        let merchant = found == Some(Benign::Merchant);
        let region = book.round.region.and_then(|r| data.regions.get(&r));
        let tied = data.encounter_table(path, region, book.round.toward, kind, merchant);
        book.met_on(tied, dice)?;
    }
    if book.round.partial {
        finish(&mut book);
    } else {
        book.round.next = RoundStep::Camping;
    }
    Ok(book.edit("Encounter phase"))
}

/// Books a benign encounter: a Landmark's 🜹, Fellow Travelers' shared
/// Supplies tonight, a Merchant's wares.
fn benign(book: &mut Booking<'_>, found: Benign) {
    book.line(found.description());
    match found {
        Benign::Landmark => {
            book.party.travel.exploration_tokens += 1;
            book.line(format!(
                "+1 🜹 (the party holds {}).",
                book.party.travel.exploration_tokens
            ));
        }
        Benign::FellowTravelers => book.round.fellow_travelers = true,
        Benign::Merchant => book.round.merchant = true,
        Benign::Peace => {}
    }
}

/// Buys `count` of a ware from the Merchant met this round, paid from the purse.
pub fn buy(data: &CampaignData, party: PartyId, ware: WareId, count: i64) -> Result<Edit> {
    let p = party_of(data, party)?;
    let round = latest_round(data, party)
        .filter(|r| r.merchant)
        .cloned()
        .ok_or(TravelError::NoMerchant)?;
    let ware = data.wares.get(&ware).ok_or(TravelError::NoMerchant)?;
    // check() has admitted it: the purse holds the cost.
    let cost = ware.price * count;
    let mut book = Booking::new(data, p, round);
    book.party.purse -= cost;
    book.party.supplies += ware.supplies * count;
    if let Some(item) = ware.item {
        let stash = Holder::Stash(party);
        stash_item(&mut book, stash, item, count);
    }
    book.line(format!(
        "Bought {count} × {} from the Merchant for {cost} {} (purse {}).",
        ware.name, book.party.currency, book.party.purse
    ));
    Ok(book.edit(&format!("Buy {}", ware.name)))
}

/// The party's latest travel round, in play or done.
pub fn latest_round(data: &CampaignData, party: PartyId) -> Option<&TravelRound> {
    data.rounds.values().rev().find(|r| r.party == party)
}

/// Adds `count` of an item to a holder's stack of it, or a new stack.
fn stash_item(book: &mut Booking<'_>, holder: Holder, item: crate::model::ItemId, count: i64) {
    let data = book.data;
    let existing = data.holdings_of(holder).find(|h| h.item == item).cloned();
    let after = match &existing {
        Some(h) => Holding {
            quantity: (h.quantity + count).min(*crate::model::limits::QUANTITY.end()),
            ..h.clone()
        },
        None => Holding::new(
            crate::model::HoldingId(
                data.next_id::<crate::model::Holding>().0 + book.created.len() as i64,
            ),
            item,
            holder,
            count,
        ),
    };
    book.created
        .push(Change::of(existing.as_ref(), Some(&after)));
}

/// The rules' request for tonight's camp: the party's Supplies, its allies
/// and how many are fed, the path's danger, and each hero's orders. Orders
/// for someone who is not one of the party's heroes are refused.
fn camp_request(data: &CampaignData, book: &Booking<'_>, orders: &CampOrders) -> Result<Camp> {
    let path = data
        .paths
        .get(&book.round.path)
        .ok_or(TravelError::NoPath)?;
    let on = book.party.travel.on_path.ok_or(TravelError::NoPath)?;
    let party = book.party.id;
    let heroes = super::heroes(data, party);
    let name_of = |id: CharacterId| {
        data.characters
            .get(&id)
            .map_or_else(|| format!("character {}", id.0), |c| c.name.clone())
    };
    let mut request = Vec::with_capacity(orders.heroes.len());
    for order in &orders.heroes {
        let hero = heroes
            .iter()
            .find(|h| h.id == order.hero)
            .ok_or_else(|| TravelError::NotAHero(name_of(order.hero), book.party.name.clone()))?;
        request.push(camp_hero(hero, order, order.target.map(name_of)));
    }
    if let Some(missing) = heroes
        .iter()
        .find(|h| !orders.heroes.iter().any(|o| o.hero == h.id))
    {
        return Err(TravelError::NoOrders(missing.name.clone()));
    }
    let allies = super::ally_members(data, party);
    let unfed = allies
        .iter()
        .filter(|a| orders.unfed_allies.contains(&a.id))
        .count();
    Ok(Camp {
        supplies: book.party.supplies.max(0) as u32,
        allies: allies.len() as u32,
        allies_fed: Some((allies.len() - unfed) as u32),
        danger: encounter_request(path, &on).danger(),
        fellow_travelers: book.round.fellow_travelers,
        heroes: request,
    })
}

/// Tonight's camp as the rules will judge it, before the GM makes it.
#[derive(Debug, Clone, PartialEq)]
pub struct CampPlan {
    /// The rules' request: the Supplies needed, who counts as fed.
    pub request: Camp,
    /// Why these orders cannot be played, if they cannot.
    pub refusal: Option<TravelError>,
}

/// Tonight's camp for the party with these orders: what the screen shows
/// before the GM makes camp, and whether the orders may be played. An
/// error when there is no camp to make now.
pub fn camp_plan(data: &CampaignData, party: PartyId, orders: &CampOrders) -> Result<CampPlan> {
    let book = in_play(data, party, RoundStep::Camping)?;
    let request = camp_request(data, &book, orders)?;
    let refusal = request.validate().err().map(TravelError::from);
    Ok(CampPlan { request, refusal })
}

/// Orders for tonight that the rules admit: everyone fed who can be (the
/// heroes first, then the allies, while the Supplies last); the heroes
/// `on_watch` (tonight's watch rota, when the round is a trip's day) keep
/// watch where they can take it ("the Watch action is taken by those on
/// watch in the rota unless the players choose otherwise"); of the others,
/// one cooking and one sheltering while there are Supplies, the rest
/// recovering.
pub fn default_orders(data: &CampaignData, party: PartyId, on_watch: &[CharacterId]) -> CampOrders {
    let fellow = data
        .round_in_play(party)
        .is_some_and(|r| r.fellow_travelers);
    let mut supplies = data.parties.get(&party).map_or(0, |p| p.supplies.max(0));
    let out = supplies == 0 && !fellow;
    let mut feed = || {
        if fellow {
            return true;
        }
        let fed = supplies > 0;
        supplies -= i64::from(fed);
        fed
    };
    let watches = |hero: &Character| {
        on_watch.contains(&hero.id) && action_refusal(data, party, hero, Action::Watch).is_none()
    };
    let mut basic = [Action::Cook, Action::Shelter].into_iter().filter(|_| !out);
    let heroes = super::heroes(data, party)
        .iter()
        .map(|hero| HeroOrder {
            hero: hero.id,
            action: match watches(hero) {
                true => Action::Watch,
                false => basic.next().unwrap_or(Action::Recover),
            },
            fed: feed(),
            target: None,
        })
        .collect();
    let unfed_allies = super::ally_members(data, party)
        .iter()
        .filter(|_| !feed())
        .map(|a| a.id)
        .collect();
    CampOrders {
        heroes,
        unfed_allies,
        avoid_warned_ambush: true,
    }
}

/// What tonight's camp costs in Supplies, as the camp says it: everyone's
/// need ("an amount of Supplies equal to the number of characters in the
/// party plus the number of allies"), what is in hand, and who the
/// Supplies spent feed: "Supplies: 4 needed (4 heroes + 0 allies), 2 in
/// hand: 2 spent, 2 unfed (Cole and Dara)."
pub fn supplies_words(request: &Camp, in_hand: i64) -> String {
    if request.fellow_travelers {
        return "The Fellow Travelers share their Supplies: none are spent tonight.".to_owned();
    }
    if request.out_of_supplies() {
        return "The party is out of Supplies: nobody can be fed tonight (each goes without healing from Shelter or Cook, and takes an injury), and nobody may take Shelter or Cook.".to_owned();
    }
    let heroes = request.heroes.len();
    let allies = request.allies as usize;
    let mut unfed: Vec<String> = (request.heroes.iter())
        .filter(|h| !request.fed(h))
        .map(|h| h.name.clone())
        .collect();
    let allies_unfed = allies.saturating_sub(request.allies_given_supplies() as usize);
    if allies_unfed > 0 {
        unfed.push(plural(allies_unfed, "ally"));
    }
    let count = (heroes + allies) - (request.supplies_needed() as usize);
    let fed = match count {
        0 => "everyone is fed".to_owned(),
        n => {
            let names: Vec<&str> = unfed.iter().map(String::as_str).collect();
            format!("{n} unfed ({})", crate::model::and_list(&names))
        }
    };
    format!(
        "Supplies: {} needed ({} + {}), {in_hand} in hand: {} spent, {fed}.",
        heroes + allies,
        plural(heroes, "hero"),
        plural(allies, "ally"),
        request.supplies_needed()
    )
}

/// What the trip's watch rota comes to at tonight's camp, in words, when
/// it sets anyone on watch: who is on it, those of them who cannot take
/// the Watch action and why (it is the Defender's), and, when nobody
/// keeps it in `orders`, that an ambush would have First Strike.
pub fn rota_words(
    data: &CampaignData,
    party: PartyId,
    on_watch: &[CharacterId],
    orders: &CampOrders,
) -> Option<String> {
    let names = |ids: &mut dyn Iterator<Item = &Character>| {
        let names: Vec<&str> = ids.map(|c| c.name.as_str()).collect();
        crate::model::and_list(&names)
    };
    let rota: Vec<&Character> = (on_watch.iter())
        .filter_map(|id| data.characters.get(id))
        .collect();
    if rota.is_empty() {
        return None;
    }
    let mut words = format!(
        "On the trip's watch tonight, by its rota: {}.",
        names(&mut rota.iter().copied())
    );
    let heroes: Vec<CharacterId> = super::heroes(data, party).iter().map(|c| c.id).collect();
    let (rota_heroes, rota_allies): (Vec<&Character>, Vec<&Character>) =
        rota.iter().partition(|c| heroes.contains(&c.id));
    let cannot: Vec<(&Character, String)> = (rota_heroes.iter())
        .filter_map(|c| Some((*c, action_refusal(data, party, c, Action::Watch)?)))
        .collect();
    if let Some((_, why)) = cannot.first() {
        words += &format!(
            " {} cannot take the Watch: {why} (the Defender's action).",
            names(&mut cannot.iter().map(|(c, _)| *c))
        );
    }
    if !rota_allies.is_empty() {
        words += &format!(
            " {} take no camp action (allies).",
            names(&mut rota_allies.iter().copied())
        );
    }
    if !orders.heroes.iter().any(|o| o.action == Action::Watch) {
        words += " Nobody takes the Watch: an ambush tonight would have First Strike.";
    }
    Some(words)
}

/// The orders the GM set before, kept where the rules still allow them.
#[derive(Debug, Clone, Copy)]
pub enum Kept<'a> {
    /// Set at tonight's camp: every hero keeps theirs.
    Tonight(&'a CampOrders),
    /// Set at the last camp: kept but by those on watch tonight, who
    /// take the watch.
    LastCamp(&'a CampOrders),
}

/// Tonight's orders for the party as it stands now: fed as
/// [`default_orders`] feeds (while the Supplies as they are last), each
/// hero keeping the action and target of `kept` where the rules still
/// allow it.
pub fn orders_for_now(
    data: &CampaignData,
    party: PartyId,
    kept: Option<Kept<'_>>,
    on_watch: &[CharacterId],
) -> CampOrders {
    let mut orders = default_orders(data, party, on_watch);
    let (kept, tonight) = match kept {
        None => return orders,
        Some(Kept::Tonight(kept)) => (kept, true),
        Some(Kept::LastCamp(kept)) => (kept, false),
    };
    for order in &mut orders.heroes {
        let before = kept.heroes.iter().find(|o| o.hero == order.hero);
        let hero = data.characters.get(&order.hero);
        let watching = !tonight && on_watch.contains(&order.hero);
        if let (Some(before), Some(hero), false) = (before, hero, watching)
            && action_refusal(data, party, hero, before.action).is_none()
        {
            order.action = before.action;
            order.target = before.target;
        }
    }
    orders.avoid_warned_ambush = kept.avoid_warned_ambush;
    orders
}

/// Why a hero cannot take `action` at tonight's camp, if they cannot: the
/// rules' own reason (a role action without its rank, Shelter or Cook with
/// no Supplies left).
pub fn action_refusal(
    data: &CampaignData,
    party: PartyId,
    hero: &Character,
    action: Action,
) -> Option<String> {
    let fellow = data
        .round_in_play(party)
        .is_some_and(|r| r.fellow_travelers);
    let supplies = data.parties.get(&party).map_or(0, |p| p.supplies);
    camp::refusal(action, &ranks(hero), supplies <= 0 && !fellow)
}

/// The Camping Phase: Supplies for the fed, the actions and their dice, the
/// ambush, then the healing; the round ends.
pub fn camp(
    data: &CampaignData,
    party: PartyId,
    orders: &CampOrders,
    dice: &mut Dice,
) -> Result<Edit> {
    let mut book = in_play(data, party, RoundStep::Camping)?;
    let request = camp_request(data, &book, orders)?;
    let result = camp::camp(&request, dice)?;
    fed_lines(&mut book, data, party, orders, &request, &result);
    for record in &result.records {
        book.roll_line(record);
    }
    book.party.supplies = i64::from(result.supplies);
    book.round.supplies_spent = Some(i64::from(result.supplies_spent));
    let succeeded = |action: Action| {
        request
            .heroes
            .iter()
            .zip(&result.heroes)
            .any(|(h, r)| h.action == action && r.success == Some(true))
    };
    if succeeded(Action::Divine) {
        divine(&mut book, dice)?;
    }
    if succeeded(Action::Gather) {
        gather(&mut book, dice)?;
    }
    if succeeded(Action::Scout) {
        let face = dice.roll(OUTCOME_DIE)?;
        book.roll_line(&RollRecord::single(
            "Scout: tomorrow's encounter die",
            OUTCOME_DIE,
            face,
        ));
        book.party.travel.scouted = Some(face);
    }
    book.party.travel.explored = result.explored;
    if result.explored {
        book.line("Explore: +2 on the next pathfind.");
    }
    let warned = succeeded(Action::Watch);
    if result.ambush && warned && orders.avoid_warned_ambush {
        book.line("The Watch saw the ambush coming: the party slips away.");
    } else if result.ambush {
        book.line(if result.first_strike {
            "Ambush! Warriors attack before the healing, with First Strike (no one kept watch)."
        } else {
            "Ambush! Warriors attack before the healing; no First Strike against the watch."
        });
        // "an extra warrior encounter": met from the warriors table of the
        // path (or its region), whose entries may name an animal.
        let path = data.paths.get(&book.round.path);
        let region = book.round.region.and_then(|r| data.regions.get(&r));
        let tied = path.and_then(|path| {
            data.encounter_table(path, region, book.round.toward, Kind::Warriors, false)
        });
        book.met_on(tied, dice)?;
    } else if warned {
        book.line("The Watch reports a quiet night.");
    }
    let day = book.round.day;
    heal(&mut book, orders, &result, day);
    finish(&mut book);
    Ok(book.edit("Camping phase"))
}

/// What camp cost in Supplies, who went unfed (an ally unfed takes an
/// injury here; a hero's comes with the healing) and what each hero did.
fn fed_lines(
    book: &mut Booking<'_>,
    data: &CampaignData,
    party: PartyId,
    orders: &CampOrders,
    request: &Camp,
    result: &CampResult,
) {
    book.line(format!(
        "Camp: {} spent{} ({} left before hunting).",
        crate::model::plural(result.supplies_spent, "Supply"),
        if request.fellow_travelers {
            ", the Fellow Travelers share theirs"
        } else {
            ""
        },
        request.supplies - result.supplies_spent
    ));
    if request.out_of_supplies() {
        book.line(
            "The party is out of Supplies: nobody is fed, and nobody may take Shelter or Cook.",
        );
    }
    for hero in request.heroes.iter().filter(|h| !request.fed(h)) {
        book.line(format!(
            "{} goes unfed: no healing from Shelter or Cook, and an injury.",
            hero.name
        ));
    }
    let day = book.round.day;
    for ally in super::ally_members(data, party) {
        if request.fellow_travelers || (orders.feeds(ally.id) && !request.out_of_supplies()) {
            continue;
        }
        book.line(format!("{} (an ally) goes unfed: an injury.", ally.name));
        if let Some(c) = book.character(ally.id) {
            c.rounds.injuries.push(format!("Unfed (camp of day {day})"));
        }
    }
    for hero in &request.heroes {
        book.line(format!(
            "{} takes {}.",
            hero.name,
            capitalised(hero.action.label())
        ));
    }
}

/// The heroes' HP, MP and injuries after the night, each change said (and
/// nothing that stayed as it was).
fn heal(book: &mut Booking<'_>, orders: &CampOrders, result: &CampResult, day: i64) {
    for (order, healed) in orders.heroes.iter().zip(&result.heroes) {
        if let Some(c) = book.character(order.hero) {
            let r = &mut c.rounds;
            let before = (r.hp.current, r.mp.current, r.injuries.len());
            r.hp.current = i64::from(healed.hp);
            r.mp.current = i64::from(healed.mp);
            let want = healed.injuries as usize;
            while r.injuries.len() > want {
                r.injuries.pop();
            }
            while r.injuries.len() < want {
                r.injuries.push(format!("Unfed (camp of day {day})"));
            }
            // Only what changed is said: "HP 10 → 11", not "MP 8 → 8".
            let changed: Vec<String> = [
                ("HP", before.0, r.hp.current),
                ("MP", before.1, r.mp.current),
                ("injuries", before.2 as i64, want as i64),
            ]
            .into_iter()
            .filter(|(_, was, now)| was != now)
            .map(|(what, was, now)| format!("{what} {was} → {now}"))
            .collect();
            if !changed.is_empty() {
                let line = format!("{}: {}.", c.name, changed.join(", "));
                book.line(line);
            }
        }
    }
}

fn camp_hero(c: &Character, order: &HeroOrder, target: Option<String>) -> CampHero {
    let r = &c.rounds;
    let whole = |v: i64| v.max(0) as u32;
    CampHero {
        name: c.name.clone(),
        hp: whole(r.hp.current),
        max_hp: whole(r.hp.max),
        mp: whole(r.mp.current),
        max_mp: whole(r.mp.max),
        injuries: r.injuries.len() as u32,
        fed: order.fed,
        action: order.action,
        body: whole(r.body),
        mind: whole(r.mind),
        spirit: whole(r.spirit),
        ranks: ranks(c),
        target,
    }
}

/// A character's role ranks as the rules read them.
fn ranks(c: &Character) -> Ranks {
    let rank = |role: Role| super::rank(c, role).max(0) as u32;
    Ranks {
        striker: rank(Role::Striker),
        caster: rank(Role::Caster),
        healer: rank(Role::Healer),
        defender: rank(Role::Defender),
        support: rank(Role::Support),
        saboteur: rank(Role::Saboteur),
    }
}

/// Gather's battle item: rolled on the campaign's table into the stash, as
/// the catalogue's item of that name or a new battle item.
fn gather(book: &mut Booking<'_>, dice: &mut Dice) -> Result<()> {
    let data = book.data;
    let Some((working, found)) =
        book.roll_table(data.settings.gather_table, "Gather, battle item", dice)?
    else {
        book.line("Gather: no battle-item table is chosen; the GM names the item.");
        return Ok(());
    };
    book.line(format!("{working}: {found}, into the stash."));
    let item = match data
        .items
        .values()
        .find(|i| i.name.eq_ignore_ascii_case(found.trim()))
    {
        Some(item) => item.id,
        None => {
            let item = Item::new(
                data.next_id::<crate::model::Item>(),
                found.trim(),
                Category::BattleItem,
            );
            book.created.push(Change::of(None, Some(&item)));
            item.id
        }
    };
    stash_item(book, Holder::Stash(book.party.id), item, 1);
    Ok(())
}

/// The end of a round: the party's present a day on (and the campaign's
/// clock with it, if it passes it) and, on arrival, the party at its
/// place and the path one more successful trip.
fn finish(book: &mut Booking<'_>) {
    book.round.next = RoundStep::Done;
    let now = book.party.now;
    let to = ClockTime {
        day: now.day + 1,
        ..now
    };
    crate::world::present::move_to(Some(&mut book.party), &mut book.settings, to);
    let Some(on) = book.party.travel.on_path else {
        return;
    };
    if on.state.arrived() {
        book.party.travel.on_path = None;
        book.party.travel.place = Some(on.toward);
        let name = book
            .data
            .places
            .get(&on.toward)
            .map_or_else(String::new, |p| p.name.clone());
        if let Some(path) = book.path(on.path) {
            path.travelled += 1;
        }
        book.line(format!(
            "Arrived at {name}; the path is one trip more familiar."
        ));
    }
    let day = book.party.now.day;
    book.line(format!(
        "The round ends; the next day is {}.",
        book.settings.calendar.describe(day)
    ));
}

/// One step of a travel round the GM asks for, played by [`play`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TravelStep {
    /// Set out (or go on) along a path: the Navigation Phase.
    Navigate(MapPathId),
    /// After a failed d10 with a 🜉 in hand: spend it, or roll the setback.
    Setback {
        spend_token: bool,
    },
    Encounter(EncounterChoice),
    Buy(WareId, i64),
    Camp(CampOrders),
    /// A cost of the road paid from the purse: passage, a guide, a toll.
    Pay {
        amount: i64,
        what: String,
    },
    /// Between rounds, partway along a path: head back for the place the
    /// party set out from.
    TurnBack,
}

impl TravelStep {
    /// What the step is called when it cannot be played ("The camp could not be made").
    pub fn failure(&self) -> &'static str {
        match self {
            TravelStep::Navigate(_) | TravelStep::Setback { .. } => {
                "The Navigation Phase could not be played"
            }
            TravelStep::Encounter(_) => "The Encounter Phase could not be played",
            TravelStep::Buy(..) => "Nothing was bought",
            TravelStep::Camp(_) => "The camp could not be made",
            TravelStep::Pay { .. } => "Nothing was paid",
            TravelStep::TurnBack => "The party did not turn back",
        }
    }
}

/// A step of one party's travel round: what the window plays (through
/// `plan::same_day`, which plays a trip's day with the round's last step).
#[derive(Debug, Clone, PartialEq)]
pub struct PartyStep {
    pub party: PartyId,
    pub step: TravelStep,
}

/// Whether `step` may be played for the party now, and why not: the one
/// check the screen greys its buttons with and [`play`] makes first.
pub fn check(data: &CampaignData, party: PartyId, step: &TravelStep) -> Result<()> {
    let p = party_of(data, party)?;
    match step {
        TravelStep::Navigate(path) => {
            if !data.settings.rounds {
                return Err(TravelError::RoundsOff);
            }
            if data.round_in_play(party).is_some() {
                return Err(TravelError::RoundInPlay(p.name));
            }
            let path = data.paths.get(path).ok_or(TravelError::NoPath)?;
            on_path(data, &p, path).map(|_| ())
        }
        TravelStep::Setback { spend_token } => {
            in_play(data, party, RoundStep::Setback)?;
            if *spend_token && p.travel.pathfinding_tokens <= 0 {
                return Err(TravelError::NoToken(p.name));
            }
            Ok(())
        }
        TravelStep::Encounter(choice) => {
            in_play(data, party, RoundStep::Encounter)?;
            match choice {
                EncounterChoice::Planned(what) if what.trim().is_empty() => {
                    Err(TravelError::NothingPlanned)
                }
                EncounterChoice::Scouted { .. } if p.travel.scouted.is_none() => {
                    Err(TravelError::NotScouted(p.name))
                }
                EncounterChoice::Die if p.travel.scouted.is_some() => {
                    Err(TravelError::Scouted(p.name))
                }
                _ => Ok(()),
            }
        }
        TravelStep::Buy(ware, count) => {
            latest_round(data, party)
                .filter(|r| r.merchant)
                .ok_or(TravelError::NoMerchant)?;
            let ware = data.wares.get(ware).ok_or(TravelError::NoMerchant)?;
            if *count < 1 {
                return Err(TravelError::NothingToBuy);
            }
            let cost = ware.price.saturating_mul(*count);
            if cost > p.purse {
                return Err(TravelError::Purse {
                    ware: format!("{count} × {}", ware.name),
                    cost,
                    currency: p.currency.clone(),
                    purse: p.purse,
                });
            }
            Ok(())
        }
        TravelStep::Camp(orders) => match camp_plan(data, party, orders)?.refusal {
            Some(refusal) => Err(refusal),
            None => Ok(()),
        },
        TravelStep::TurnBack => {
            if data.round_in_play(party).is_some() {
                return Err(TravelError::RoundInPlay(p.name));
            }
            match p.travel.on_path {
                Some(on) if on.state.rounds_left > 0 => Ok(()),
                _ => Err(TravelError::NotPartway(p.name)),
            }
        }
        TravelStep::Pay { amount, .. } => {
            if *amount < 1 {
                return Err(TravelError::NothingToPay);
            }
            if *amount > p.purse {
                return Err(TravelError::Short {
                    cost: *amount,
                    currency: p.currency.clone(),
                    purse: p.purse,
                });
            }
            Ok(())
        }
    }
}

/// A cost of the road paid from the purse.
fn pay(data: &CampaignData, party: PartyId, amount: i64, what: &str) -> Result<Edit> {
    let p = party_of(data, party)?;
    let mut after = p.clone();
    after.purse -= amount;
    let what = what.trim();
    let label = if what.is_empty() {
        format!("Pay {amount} {}", p.currency)
    } else {
        format!("Pay {amount} {} for {what}", p.currency)
    };
    Ok(Edit::new(label, vec![Change::of(Some(&p), Some(&after))]))
}

/// Plays one step for a party, rolling with `dice`, once [`check`] admits it.
pub fn play(
    data: &CampaignData,
    party: PartyId,
    step: &TravelStep,
    dice: &mut Dice,
) -> Result<Edit> {
    check(data, party, step)?;
    match step {
        TravelStep::Navigate(path) => navigate(data, party, *path, dice),
        TravelStep::Setback { spend_token } => setback(data, party, *spend_token, dice),
        TravelStep::Encounter(choice) => encounter(data, party, choice, dice),
        TravelStep::Buy(ware, count) => buy(data, party, *ware, *count),
        TravelStep::Camp(orders) => camp(data, party, orders, dice),
        TravelStep::Pay { amount, what } => pay(data, party, *amount, what),
        TravelStep::TurnBack => turn_back(data, party),
    }
}

/// The party heads back along its path for the place it set out from.
fn turn_back(data: &CampaignData, party: PartyId) -> Result<Edit> {
    let p = party_of(data, party)?;
    let on = p
        .travel
        .on_path
        .ok_or_else(|| TravelError::NotPartway(p.name.clone()))?;
    let path = data.paths.get(&on.path).ok_or(TravelError::NoPath)?;
    let back = on.turned_back(path);
    let mut after = p.clone();
    after.travel.on_path = Some(back);
    let place = data
        .places
        .get(&back.toward)
        .map_or("", |pl| pl.name.as_str());
    Ok(Edit::new(
        format!("{} turns back along {} toward {place}", p.name, path.name),
        vec![Change::of(Some(&p), Some(&after))],
    ))
}
