//! Gathering sessions as edits of the campaign: the survey that finds a
//! source at a site, gatherers joining the session at a source, the
//! gathering tests hour by hour (each with its trait and skill, the tool
//! the text requires, its Item Bonus when trained), the units booked into
//! the inventory at their quality with where and when they were gathered,
//! the clock moved by the time spent; foraging; and the odds of a session
//! before anyone rolls ([`forecast`]).
//!
//! Every die comes from the app's one dice source; the rules engine
//! (`waybook_rules::travel::gather`) judges it.

pub mod forecast;

use crate::model::gathering::{
    FoundSource, GatherTest, Gatherer, SessionLimit, SiteMaterial, TestKind,
};
use crate::model::step::{StepError, refused, shared_causes};
use crate::model::{
    CampaignData, Category, Change, Character, CharacterId, ClockTime, Edit, GatheringSession,
    Holder, Holding, Item, ItemId, PartyId, SiteId, capitalised,
};
use crate::world::present;
use waybook_rules::check::Advantage;
use waybook_rules::dice::Dice;
use waybook_rules::travel::gather::{self, Quality, Source};
use waybook_rules::travel::rations;

/// The most tests "all at once" plays before it stops and says so.
pub const MOST_TESTS: usize = 500;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GatherError {
    #[error("there is no such site")]
    NoSite,
    #[error("the site has no such material")]
    NoMaterial,
    #[error("no source {0} has been found at this site")]
    NoSource(usize),
    #[error("the source of {0} is worked out")]
    WorkedOut(String),
    #[error("no session is open at this site: survey or add a gatherer first")]
    NoSession,
    #[error("{0} is gathering in this session already")]
    AlreadyGathering(String),
    #[error("nobody is gathering in this session yet")]
    NoGatherers,
    #[error("every gatherer's time is up: end the session")]
    TimeUp,
    #[error("{0} is not gathering in this session")]
    NotGathering(String),
    #[error("there is no such item")]
    NoItem,
    #[error("roll on a table or write what happened first")]
    NothingToWrite,
    #[error("{0}: tick “They are there” if the GM says so")]
    Away(String),
    #[error("{0} has no party, so there is no stash to put the units in")]
    NoStash(String),
    #[error(
        "{who} has no {tool}, and neither has the party stash: the text requires it to gather {material} material (tick “Without the tool” if the GM allows it)"
    )]
    NoTool {
        who: String,
        tool: &'static str,
        material: String,
    },
    #[error(
        "{who} no longer has a {tool}, and neither has the party stash: {who} may leave the session (what they gathered stays theirs), or get the tool back"
    )]
    ToolGone { who: String, tool: &'static str },
    #[error(transparent)]
    Step(#[from] StepError),
}

shared_causes!(GatherError);

type Result<T> = std::result::Result<T, GatherError>;

/// What the GM asks for at a site.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GatherStep {
    /// The survey test for a material of the site.
    Survey {
        site: SiteId,
        material: usize,
        character: CharacterId,
        /// Research into where known deposits are: the test has Advantage.
        advantage: bool,
        /// The GM says the party is at the site, wherever the map has it.
        elsewhere: bool,
    },
    /// A character joins the open session at a found source.
    Join {
        site: SiteId,
        character: CharacterId,
        source: usize,
        into_stash: bool,
        /// The GM lets them work without the tool the text requires.
        without_tool: bool,
        /// The GM says the party is at the site, wherever the map has it.
        elsewhere: bool,
    },
    /// A gatherer leaves the open session; what they gathered stays theirs.
    Leave {
        site: SiteId,
        character: CharacterId,
    },
    /// How long the open session lasts.
    Limit { site: SiteId, limit: SessionLimit },
    /// The next gathering test of every gatherer still working, or (`all`)
    /// every test until the session ends.
    Gather { site: SiteId, all: bool },
    /// The GM ends the open session.
    Finish { site: SiteId },
    /// The GM's complication or boon for the site's latest session: rolled
    /// on a campaign table, or written down.
    Note {
        site: SiteId,
        table: Option<crate::model::TableId>,
        text: String,
    },
    /// A foraging test, and what the GM rules was found.
    Forage {
        character: CharacterId,
        tg: i32,
        found: Option<(ItemId, i64)>,
        note: String,
    },
}

impl GatherStep {
    /// What failed, in the GM's words, when the step cannot be played.
    pub fn failure(&self) -> &'static str {
        match self {
            GatherStep::Survey { .. } => "The survey could not be made",
            GatherStep::Join { .. } | GatherStep::Leave { .. } | GatherStep::Limit { .. } => {
                "The session was not changed"
            }
            GatherStep::Gather { .. } | GatherStep::Finish { .. } => "Nothing was gathered",
            GatherStep::Forage { .. } => "The forage could not be made",
            GatherStep::Note { .. } => "Nothing was written to the log",
        }
    }
}

/// Where a character's party is when it is not at the site's place on the
/// map: "The Lantern Company is on The Greyspine climb, not at Old Mill
/// Crossing". `None` when it is there, or the site or party is not on the map.
pub fn away(data: &CampaignData, site: SiteId, character: CharacterId) -> Option<String> {
    let at = data.sites.get(&site)?.place?;
    let party = data.parties.get(&data.characters.get(&character)?.party?)?;
    let place = |id| data.places.get(&id).map_or("?", |p| p.name.as_str());
    let is = match (party.travel.on_path, party.travel.place) {
        (Some(on), _) => format!(
            "on {}",
            data.paths
                .get(&on.path)
                .map_or("a path", |p| p.name.as_str())
        ),
        (None, Some(place_id)) if place_id == at => return None,
        (None, Some(place_id)) => format!("at {}", place(place_id)),
        (None, None) => return None,
    };
    Some(format!("{} is {is}, not at {}", party.name, place(at)))
}

/// Whether a character may join the site's session at a source: it is not
/// worked out, they are not in it already, they have the tool or are let
/// work without it, and they are there.
fn check_join(
    data: &CampaignData,
    site: SiteId,
    character: CharacterId,
    source: usize,
    into_stash: bool,
    without_tool: bool,
    elsewhere: bool,
) -> Result<()> {
    let (found, material) = source_of(data, site, source)?;
    if found.worked_out {
        return Err(GatherError::WorkedOut(found.material.clone()));
    }
    let c = character_of(data, character)?;
    if into_stash && c.party.is_none() {
        return Err(GatherError::NoStash(c.name.clone()));
    }
    if open_session(data, site).is_some_and(|s| s.gatherers.iter().any(|g| g.character == c.id)) {
        return Err(GatherError::AlreadyGathering(c.name.clone()));
    }
    if !without_tool {
        tool_for(data, c, material)?;
    }
    where_they_are(data, site, character, elsewhere)
}

/// Whether the site's open session may play its next test: someone is
/// working, and each who works still has their tool (or was let go without).
fn check_gather(data: &CampaignData, site: SiteId) -> Result<()> {
    let session = open_session(data, site).ok_or(GatherError::NoSession)?;
    if session.gatherers.is_empty() {
        return Err(GatherError::NoGatherers);
    }
    let day_hours = data.settings.day_hours;
    if !session
        .gatherers
        .iter()
        .any(|g| working(session, g, day_hours))
    {
        return Err(GatherError::TimeUp);
    }
    for g in session
        .gatherers
        .iter()
        .filter(|g| working(session, g, day_hours))
    {
        let c = character_of(data, g.character)?;
        let (_, material) = source_of(data, site, g.source)?;
        if !g.without_tool && tool(data, c, material).is_none() {
            return Err(GatherError::ToolGone {
                who: c.name.clone(),
                tool: material.tool().label(),
            });
        }
    }
    Ok(())
}

/// Whether a foraging test can be made and what was found can be kept.
fn check_forage(
    data: &CampaignData,
    character: CharacterId,
    tg: i32,
    found: Option<(ItemId, i64)>,
) -> Result<()> {
    character_of(data, character)?;
    if !crate::model::limits::FORAGE_TG.contains(&i64::from(tg)) {
        return Err(refused(format!(
            "a foraging TG must be between {} and {}",
            crate::model::limits::FORAGE_TG.start(),
            crate::model::limits::FORAGE_TG.end()
        )));
    }
    if let Some((item, quantity)) = found {
        data.items.get(&item).ok_or(GatherError::NoItem)?;
        if !crate::model::limits::FORAGE_FOUND.contains(&quantity) {
            return Err(refused(format!(
                "what was found must be between {} and {}",
                crate::model::limits::FORAGE_FOUND.start(),
                crate::model::limits::FORAGE_FOUND.end()
            )));
        }
    }
    Ok(())
}

/// Whether `step` may be played now, and why not: the one check the screen
/// greys its buttons with and [`play`] makes first.
pub fn check(data: &CampaignData, step: &GatherStep) -> Result<()> {
    match step {
        GatherStep::Survey {
            site,
            material,
            character,
            elsewhere,
            ..
        } => {
            let s = data.sites.get(site).ok_or(GatherError::NoSite)?;
            s.materials.get(*material).ok_or(GatherError::NoMaterial)?;
            character_of(data, *character)?;
            where_they_are(data, *site, *character, *elsewhere)
        }
        GatherStep::Join {
            site,
            character,
            source,
            into_stash,
            without_tool,
            elsewhere,
        } => check_join(
            data,
            *site,
            *character,
            *source,
            *into_stash,
            *without_tool,
            *elsewhere,
        ),
        GatherStep::Leave { site, character } => {
            let session = open_session(data, *site).ok_or(GatherError::NoSession)?;
            if !session.gatherers.iter().any(|g| g.character == *character) {
                return Err(GatherError::NotGathering(
                    character_of(data, *character)?.name.clone(),
                ));
            }
            Ok(())
        }
        GatherStep::Limit { site, limit } => {
            open_session(data, *site).ok_or(GatherError::NoSession)?;
            match limit {
                SessionLimit::Hours(n) | SessionLimit::Units(n)
                    if !crate::model::limits::SESSION_LENGTH.contains(&i64::from(*n)) =>
                {
                    Err(refused(format!(
                        "a session lasts between {} and {} hours or units",
                        crate::model::limits::SESSION_LENGTH.start(),
                        crate::model::limits::SESSION_LENGTH.end()
                    )))
                }
                _ => Ok(()),
            }
        }
        GatherStep::Finish { site } => open_session(data, *site)
            .ok_or(GatherError::NoSession)
            .map(|_| ()),
        GatherStep::Gather { site, .. } => check_gather(data, *site),
        GatherStep::Note { site, table, text } => {
            data.sessions
                .values()
                .any(|s| s.site == Some(*site))
                .then_some(())
                .ok_or(GatherError::NoSession)?;
            match table.and_then(|t| data.tables.get(&t)) {
                Some(def) => Ok(def.check_in(data)?),
                None if text.trim().is_empty() => Err(GatherError::NothingToWrite),
                None => Ok(()),
            }
        }
        GatherStep::Forage {
            character,
            tg,
            found,
            ..
        } => check_forage(data, *character, *tg, *found),
    }
}

/// The party is where the site is, or the GM has said they are there.
fn where_they_are(
    data: &CampaignData,
    site: SiteId,
    character: CharacterId,
    elsewhere: bool,
) -> Result<()> {
    match away(data, site, character) {
        Some(said) if !elsewhere => Err(GatherError::Away(said)),
        _ => Ok(()),
    }
}

/// A found source of a site and its material.
fn source_of(
    data: &CampaignData,
    site: SiteId,
    source: usize,
) -> Result<(&FoundSource, &SiteMaterial)> {
    let s = data.sites.get(&site).ok_or(GatherError::NoSite)?;
    let found = s
        .sources
        .get(source)
        .ok_or(GatherError::NoSource(source + 1))?;
    let material = s
        .materials
        .iter()
        .find(|m| m.name == found.material)
        .ok_or(GatherError::NoMaterial)?;
    Ok((found, material))
}

/// Plays one step, rolling with `dice`, once [`check`] admits it.
pub fn play(data: &CampaignData, step: &GatherStep, dice: &mut Dice) -> Result<Edit> {
    check(data, step)?;
    match step {
        GatherStep::Survey {
            site,
            material,
            character,
            advantage,
            ..
        } => survey(data, *site, *material, *character, *advantage, dice),
        GatherStep::Join {
            site,
            character,
            source,
            into_stash,
            without_tool,
            ..
        } => join(data, *site, *character, *source, *into_stash, *without_tool),
        GatherStep::Leave { site, character } => leave(data, *site, *character),
        GatherStep::Limit { site, limit } => {
            let mut book = Booking::open(data, *site)?;
            book.session.limit = *limit;
            Ok(book.edit("Set the session's length"))
        }
        GatherStep::Gather { site, all } => gather_tests(data, *site, *all, dice),
        GatherStep::Finish { site } => {
            let mut book = Booking::open(data, *site)?;
            book.end("The GM ends the session.");
            Ok(book.edit("End the gathering session"))
        }
        GatherStep::Forage {
            character,
            tg,
            found,
            note,
        } => forage(data, *character, *tg, *found, note, dice),
        GatherStep::Note { site, table, text } => note(data, *site, *table, text, dice),
    }
}

/// The records a step changes, copied and edited, then turned into an edit.
struct Booking<'a> {
    data: &'a CampaignData,
    session: GatheringSession,
    site: Option<crate::model::Site>,
    /// The session's party, its present moved on by the work.
    party: Option<crate::model::Party>,
    settings: crate::model::Settings,
    created: Vec<Change>,
    /// Stacks changed so far, so two tests of one step add to one stack.
    stacks: Vec<Holding>,
    items: Vec<Item>,
}

impl<'a> Booking<'a> {
    fn new(data: &'a CampaignData, session: GatheringSession) -> Self {
        let site = session.site.and_then(|s| data.sites.get(&s)).cloned();
        let party = session.party.and_then(|p| data.parties.get(&p)).cloned();
        Self {
            data,
            session,
            site,
            party,
            settings: data.settings.clone(),
            created: Vec::new(),
            stacks: Vec::new(),
            items: Vec::new(),
        }
    }

    /// The session open at a site.
    fn open(data: &'a CampaignData, site: SiteId) -> Result<Self> {
        let session = open_session(data, site)
            .cloned()
            .ok_or(GatherError::NoSession)?;
        Ok(Self::new(data, session))
    }

    /// The open session at a site, or a new one starting now.
    fn open_or_new(data: &'a CampaignData, site: SiteId, party: Option<PartyId>) -> Self {
        let session = open_session(data, site).cloned().unwrap_or_else(|| {
            let name = data.sites.get(&site).map_or("?", |s| s.name.as_str());
            let start = present::now_of(data, party);
            GatheringSession {
                id: data.next_id::<crate::model::GatheringSession>(),
                site: Some(site),
                party,
                start,
                limit: SessionLimit::Hours(4),
                gatherers: Vec::new(),
                tests: Vec::new(),
                lines: vec![format!("{}: a gathering session at {name}.", start.stamp())],
                finished: false,
            }
        });
        Self::new(data, session)
    }

    fn line(&mut self, text: impl Into<String>) {
        self.session.lines.push(text.into());
    }

    fn end(&mut self, why: &str) {
        self.session.finished = true;
        let worked = self
            .session
            .gatherers
            .iter()
            .map(|g| g.minutes)
            .max()
            .unwrap_or(0);
        let units: u32 = self.session.gatherers.iter().map(|g| g.units).sum();
        self.line(format!(
            "{why} {} gathered in {}; the clock reads {}.",
            crate::model::plural(units, "unit"),
            duration(worked),
            self.now()
        ));
    }

    /// The session's party's present (the campaign's clock, with none).
    fn now(&self) -> ClockTime {
        self.party.as_ref().map_or(self.settings.clock, |p| p.now)
    }

    /// The item of a material at a quality, from the catalogue or new.
    fn material_item(&mut self, material: &SiteMaterial, quality: Quality) -> ItemId {
        let same = |i: &Item| {
            i.name.eq_ignore_ascii_case(&material.name)
                && i.category == Category::Material
                && i.quality == Some(quality)
        };
        if let Some(item) = self.items.iter().find(|i| same(i)) {
            return item.id;
        }
        if let Some(item) = self.data.items.values().find(|i| same(i)) {
            return item.id;
        }
        let id = ItemId(self.data.next_id::<crate::model::Item>().0 + self.items.len() as i64);
        let item = Item {
            quality: Some(quality),
            material: Some(material.material),
            ..Item::new(id, material.name.clone(), Category::Material)
        };
        self.created.push(Change::of(None, Some(&item)));
        self.items.push(item);
        id
    }

    /// Adds units to the holder's stack of this item from this origin.
    fn stash(&mut self, holder: Holder, item: ItemId, origin: &str, units: u32) {
        if units == 0 {
            return;
        }
        let same = |h: &Holding| {
            h.holder == holder && h.item == item && h.origin.as_deref() == Some(origin)
        };
        if let Some(h) = self.stacks.iter_mut().find(|h| same(h)) {
            h.quantity += i64::from(units);
            return;
        }
        let stack = match self.data.holdings.values().find(|h| same(h)) {
            Some(h) => Holding {
                quantity: h.quantity + i64::from(units),
                ..h.clone()
            },
            None => Holding {
                origin: Some(origin.to_owned()),
                ..Holding::new(
                    crate::model::HoldingId(
                        self.data.next_id::<crate::model::Holding>().0
                            + self
                                .stacks
                                .iter()
                                .filter(|h| !self.data.holdings.contains_key(&h.id))
                                .count() as i64,
                    ),
                    item,
                    holder,
                    i64::from(units),
                )
            },
        };
        self.stacks.push(stack);
    }

    fn edit(self, label: &str) -> Edit {
        let data = self.data;
        let mut changes = Vec::new();
        if self.settings != data.settings {
            changes.push(Change::of(Some(&data.settings), Some(&self.settings)));
        }
        if let Some(party) = &self.party
            && data.parties.get(&party.id) != Some(party)
        {
            changes.push(Change::of(data.parties.get(&party.id), Some(party)));
        }
        if let Some(site) = &self.site
            && data.sites.get(&site.id) != Some(site)
        {
            changes.push(Change::of(data.sites.get(&site.id), Some(site)));
        }
        changes.extend(self.created);
        for stack in &self.stacks {
            changes.push(Change::of(data.holdings.get(&stack.id), Some(stack)));
        }
        changes.push(Change::of(
            data.sessions.get(&self.session.id),
            Some(&self.session),
        ));
        Edit::new(label, changes)
    }
}

/// A complication or boon in the site's latest session's log.
fn note(
    data: &CampaignData,
    site: SiteId,
    table: Option<crate::model::TableId>,
    text: &str,
    dice: &mut Dice,
) -> Result<Edit> {
    let session = data
        .sessions
        .values()
        .rev()
        .find(|s| s.site == Some(site))
        .cloned()
        .ok_or(GatherError::NoSession)?;
    let mut book = Booking::new(data, session);
    if let Some(def) = table.and_then(|t| data.tables.get(&t)) {
        let roll = def.roll_in(data, dice)?;
        book.line(format!("{}: {}", roll.working(&def.marked()), roll.result));
    }
    if !text.trim().is_empty() {
        book.line(format!("The GM: {}", text.trim()));
    }
    Ok(book.edit("Write to the gathering log"))
}

/// The session still open at a site, if there is one.
pub fn open_session(data: &CampaignData, site: SiteId) -> Option<&GatheringSession> {
    data.sessions
        .values()
        .rev()
        .find(|s| s.site == Some(site) && !s.finished)
}

/// "2 h 30 min", "30 min", "3 h".
pub fn duration(minutes: u32) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

fn character_of(data: &CampaignData, id: CharacterId) -> Result<&Character> {
    data.characters
        .get(&id)
        .ok_or(StepError::NoCharacter.into())
}

/// The survey: an Intuition test with the abundance's modifier.
fn survey(
    data: &CampaignData,
    site: SiteId,
    material: usize,
    who: CharacterId,
    advantage: bool,
    dice: &mut Dice,
) -> Result<Edit> {
    let site_record = data.sites.get(&site).ok_or(GatherError::NoSite)?;
    let wanted = site_record
        .materials
        .get(material)
        .ok_or(GatherError::NoMaterial)?
        .clone();
    let c = character_of(data, who)?;
    let mut book = Booking::open_or_new(data, site, c.party);
    let bonus = c.exploration.trait_value("Intuition") as i32;
    let result = gather::survey(
        &gather::Survey {
            bonus,
            abundance: wanted.abundance,
            advantage,
        },
        dice,
    )?;
    let stamp = book.now();
    match &result.record {
        Some(record) => book.line(format!(
            "{} surveys for {} ({}): {record}",
            c.name,
            wanted.name,
            wanted.abundance.label()
        )),
        None => book.line(format!(
            "{} looks for {}: it is {} here, so there is no test and no source.",
            c.name,
            wanted.name,
            wanted.abundance.label()
        )),
    }
    let row = result.result.row();
    match result.roll {
        Some(1) => book.line("A natural 1: a Critical Failure; the TTV counts as 0."),
        Some(20) => book.line("A natural 20: an Inspired Event; the result is two rows better."),
        _ => {}
    }
    book.line(row_text(result.result, result.quality));
    if result.complication {
        book.line("The row allows a complication: roll on a campaign table or write it down.");
    }
    if result.boon {
        book.line("The row allows a boon: roll on a campaign table or write it down.");
    }
    book.session.tests.push(GatherTest {
        character: who,
        kind: Some(TestKind::Survey),
        result: None,
        found: Some(result.result),
        material: Some(wanted.name.clone()),
        roll: result.roll,
        ttv: result.ttv,
        units: 0,
        quality: result.quality,
        improved_units: 0,
        minutes: 0,
        working: result
            .record
            .as_ref()
            .map_or_else(String::new, ToString::to_string),
    });
    if let (Some(quality), Some(site)) = (result.quality, book.site.as_mut())
        && row.quality.is_some()
    {
        site.sources.push(FoundSource {
            material: wanted.name.clone(),
            source: result.result,
            quality,
            found: stamp,
            by: c.name.clone(),
            worked_out: false,
        });
    }
    Ok(book.edit(&format!("Survey for {}", wanted.name)))
}

/// A row's name as the text writes it: "small-rich-source" → "Small Rich Source".
pub fn row_name(key: &str) -> String {
    key.split('-')
        .map(capitalised)
        .collect::<Vec<_>>()
        .join(" ")
}

/// "A Small Source. You find a source of Standard Quality material, that
/// will produce half the normal Units" as one line of the log.
fn row_text(source: Source, quality: Option<Quality>) -> String {
    let yields = match source.row().yields {
        gather::Yield::Half => ", half the normal units",
        gather::Yield::Quarter => ", a quarter of the normal units",
        _ => "",
    };
    match quality {
        Some(q) => format!(
            "Found: a {} of {} material{yields}.",
            row_name(source.label()),
            capitalised(q.label())
        ),
        None => "Nothing is found.".to_owned(),
    }
}

fn join(
    data: &CampaignData,
    site: SiteId,
    who: CharacterId,
    source: usize,
    into_stash: bool,
    without_tool: bool,
) -> Result<Edit> {
    let site_record = data.sites.get(&site).ok_or(GatherError::NoSite)?;
    let found = site_record
        .sources
        .get(source)
        .ok_or(GatherError::NoSource(source + 1))?;
    if found.worked_out {
        return Err(GatherError::WorkedOut(found.material.clone()));
    }
    let material = site_record
        .materials
        .iter()
        .find(|m| m.name == found.material)
        .ok_or(GatherError::NoMaterial)?;
    let c = character_of(data, who)?;
    if into_stash && c.party.is_none() {
        return Err(GatherError::NoStash(c.name.clone()));
    }
    let mut book = Booking::open_or_new(data, site, c.party);
    if book.session.gatherers.iter().any(|g| g.character == who) {
        return Err(GatherError::AlreadyGathering(c.name.clone()));
    }
    book.session.gatherers.push(Gatherer {
        character: who,
        source,
        trait_name: material.trait_name.clone(),
        skill_name: material.skill_name.clone(),
        into_stash,
        without_tool,
        minutes: 0,
        units: 0,
    });
    if without_tool {
        book.line(format!(
            "{} works without a {}, as the GM allows.",
            c.name,
            material.tool().label()
        ));
    }
    book.line(format!(
        "{} gathers {} at the {} ({}, {} {}).",
        c.name,
        found.material,
        row_name(found.source.label()),
        capitalised(found.quality.label()),
        material.trait_name,
        material.skill_name
    ));
    Ok(book.edit(&format!("{} joins the gathering", c.name)))
}

/// A gatherer leaves the open session: they test no more, and what they
/// gathered stays where it went.
fn leave(data: &CampaignData, site: SiteId, who: CharacterId) -> Result<Edit> {
    let mut book = Booking::open(data, site)?;
    let name = character_of(data, who)?.name.clone();
    let before = book.session.gatherers.len();
    book.session.gatherers.retain(|g| g.character != who);
    if book.session.gatherers.len() == before {
        return Err(GatherError::NotGathering(name));
    }
    book.line(format!("{name} leaves the session."));
    Ok(book.edit(&format!("{name} leaves the gathering")))
}

/// The tool a gatherer works with, or why there is none.
fn tool_for<'d>(
    data: &'d CampaignData,
    c: &Character,
    material: &SiteMaterial,
) -> Result<&'d Item> {
    tool(data, c, material).ok_or(GatherError::NoTool {
        who: c.name.clone(),
        tool: material.tool().label(),
        material: material.type_label(),
    })
}

/// The tool a gatherer works with: their own, else the party stash's.
fn tool<'d>(data: &'d CampaignData, c: &Character, material: &SiteMaterial) -> Option<&'d Item> {
    let kind = material.tool();
    let holders = std::iter::once(Holder::Character(c.id)).chain(c.party.map(Holder::Stash));
    holders
        .flat_map(|h| data.holdings_of(h))
        .filter_map(|h| data.items.get(&h.item))
        .filter(|i| i.tool_kind == Some(kind))
        .max_by_key(|i| i.bonus)
}

/// Whether a gatherer still works under the session's limit.
fn working(session: &GatheringSession, g: &Gatherer, day_hours: i64) -> bool {
    match session.limit {
        SessionLimit::Hours(h) => g.minutes < h * 60,
        SessionLimit::Units(n) => g.units < n,
        SessionLimit::DayEnd => i64::from(g.minutes) < (day_hours - session.start.hour).max(0) * 60,
    }
}

/// A gatherer's test request: trait + skill (+ the tool's Item Bonus when
/// trained in it), SB the skill, and the source; with the reading of its
/// bonus in words.
pub fn request(
    data: &CampaignData,
    c: &Character,
    g: &Gatherer,
    found: &FoundSource,
    material: &SiteMaterial,
) -> std::result::Result<(gather::Gather, String), GatherError> {
    let tool = if g.without_tool {
        tool(data, c, material)
    } else {
        Some(tool_for(data, c, material)?)
    };
    let kind = material.tool();
    let trained = c.exploration.tools.contains(&kind);
    let item_bonus = tool.filter(|_| trained).map_or(0, |t| t.bonus);
    let skill = c.exploration.skill_value(&g.skill_name);
    let trait_value = c.exploration.trait_value(&g.trait_name);
    let bonus = trait_value + skill + item_bonus;
    // "if you are Trained in the use of a Gatherer's Tool, you gain its
    // Item Bonus for Trait Tests made using it."
    let mut reading = format!(
        "{} {} + {} {}",
        g.trait_name,
        crate::model::signed(trait_value),
        g.skill_name,
        crate::model::signed(skill)
    );
    match tool {
        None => reading += &format!("; without a {}", kind.label()),
        Some(t) if t.bonus == 0 => reading += &format!("; {} has no Item Bonus", t.name),
        Some(t) if trained => reading += &format!(" + {} {} (trained)", t.name, t.bonus),
        Some(t) => {
            reading += &format!(
                "; {} +{} not counted: {} is not trained with it (tick it beside the skill on the sheet)",
                t.name, t.bonus, c.name
            );
        }
    }
    let request = gather::Gather {
        bonus: bonus as i32,
        sb: skill.max(0) as u32,
        source: found.source,
        quality: Some(found.quality),
    };
    Ok((request, reading))
}

fn gather_tests(data: &CampaignData, site: SiteId, all: bool, dice: &mut Dice) -> Result<Edit> {
    let mut book = Booking::open(data, site)?;
    if book.session.gatherers.is_empty() {
        return Err(GatherError::NoGatherers);
    }
    let site_record = book.site.clone().ok_or(GatherError::NoSite)?;
    let day_hours = data.settings.day_hours;
    let mut tests = 0;
    loop {
        let mut any = false;
        // Each test changes its own gatherer alone: the others are as listed.
        for (n, g) in book.session.gatherers.clone().into_iter().enumerate() {
            if !working(&book.session, &g, day_hours) {
                continue;
            }
            any = true;
            one_test(&mut book, &site_record, &g, n, dice)?;
            tests += 1;
        }
        let worked = book
            .session
            .gatherers
            .iter()
            .map(|g| g.minutes)
            .max()
            .unwrap_or(0);
        // The party's present follows the longest time worked, and never
        // goes back (the GM may have moved it on between tests).
        let to = (book.session.start).plus(i64::from(worked.div_ceil(60)), day_hours);
        present::move_to(book.party.as_mut(), &mut book.settings, to);
        let still = book
            .session
            .gatherers
            .iter()
            .any(|g| working(&book.session, g, day_hours));
        if !still {
            book.end("The session's time is up.");
            break;
        }
        if !all || !any || tests >= MOST_TESTS {
            if tests >= MOST_TESTS {
                book.line(format!("{MOST_TESTS} tests played; play on for more."));
            }
            break;
        }
    }
    Ok(book.edit(if all {
        "Gather until the end"
    } else {
        "Gathering tests"
    }))
}

fn one_test(
    book: &mut Booking<'_>,
    site: &crate::model::Site,
    g: &Gatherer,
    n: usize,
    dice: &mut Dice,
) -> Result<()> {
    let data = book.data;
    let c = character_of(data, g.character)?;
    let found = site
        .sources
        .get(g.source)
        .ok_or(GatherError::NoSource(g.source + 1))?;
    let material = site
        .materials
        .iter()
        .find(|m| m.name == found.material)
        .ok_or(GatherError::NoMaterial)?;
    let (request, _) = request(data, c, g, found, material)?;
    let result = gather::gather(&request, dice)?;
    let working: Vec<String> = result.records.iter().map(ToString::to_string).collect();
    let holder = match (g.into_stash, c.party) {
        (true, Some(p)) => Holder::Stash(p),
        _ => Holder::Character(c.id),
    };
    let origin = format!("{}, {}", site.name, book.session.start);
    let plain = result.units - result.improved_units;
    let item = book.material_item(material, result.quality);
    book.stash(holder, item, &origin, plain);
    if result.improved_units > 0 {
        let better = book.material_item(material, result.quality.improved());
        book.stash(holder, better, &origin, result.improved_units);
    }
    let mut said = format!(
        "{} (after {}): {}",
        c.name,
        duration(g.minutes),
        working.join("; ")
    );
    said += &match (result.units, result.improved_units) {
        (0, _) => ", no units.".to_owned(),
        (u, 0) => format!(
            ", {} of {} {}.",
            crate::model::plural(u, "unit"),
            result.quality.label(),
            material.name
        ),
        (u, better) => format!(
            ", {} of {} {} ({better} of them {}).",
            crate::model::plural(u, "unit"),
            result.quality.label(),
            material.name,
            result.quality.improved().label()
        ),
    };
    said += &format!(" {} of work.", duration(result.minutes));
    book.line(said);
    if result.rare_find {
        book.line("A Fateful Discovery: one unit of a rare material or another Unique Discovery Boon, the GM's to name.");
    }
    match result.roll {
        1 => book.line("A natural 1: a Critical Failure."),
        20 => book.line("A natural 20: an Inspired Event (here it counts only in its total)."),
        _ => {}
    }
    let gatherer = (book.session.gatherers.get_mut(n))
        .ok_or_else(|| GatherError::NotGathering(c.name.clone()))?;
    gatherer.minutes += result.minutes;
    gatherer.units += result.units;
    book.session.tests.push(GatherTest {
        character: c.id,
        kind: Some(TestKind::Gather),
        result: Some(result.result),
        found: None,
        material: Some(material.name.clone()),
        roll: Some(result.roll),
        ttv: Some(result.ttv),
        units: result.units,
        quality: Some(result.quality),
        improved_units: result.improved_units,
        minutes: result.minutes,
        working: working.join("; "),
    });
    Ok(())
}

/// A foraging test (Intuition against the GM's TG), with what was found put
/// in the forager's pack and the GM's note in the log.
fn forage(
    data: &CampaignData,
    who: CharacterId,
    tg: i32,
    found: Option<(ItemId, i64)>,
    note: &str,
    dice: &mut Dice,
) -> Result<Edit> {
    let c = character_of(data, who)?;
    let now = present::now_of(data, c.party);
    let session = GatheringSession {
        id: data.next_id::<crate::model::GatheringSession>(),
        site: None,
        party: c.party,
        start: now,
        limit: SessionLimit::Hours(0),
        gatherers: Vec::new(),
        tests: Vec::new(),
        lines: vec![format!("{}: {} forages.", now.stamp(), c.name)],
        finished: true,
    };
    let mut book = Booking::new(data, session);
    let result = rations::forage(
        &rations::Forage {
            bonus: c.exploration.trait_value("Intuition") as i32,
            tg,
            advantage: Advantage::Normal,
        },
        dice,
    )?;
    book.line(format!(
        "{}: {}",
        result.record,
        if result.passed { "found" } else { "not found" }
    ));
    if let Some((item, quantity)) = found.filter(|(_, q)| *q > 0) {
        let name = data.items.get(&item).map_or("?", |i| i.name.as_str());
        let origin = format!("foraged, {now}");
        book.stash(
            Holder::Character(c.id),
            item,
            &origin,
            quantity.clamp(0, 100_000) as u32,
        );
        book.line(format!("{quantity} × {name} into {}'s pack.", c.name));
    }
    if !note.trim().is_empty() {
        book.line(format!("The GM: {}", note.trim()));
    }
    // On the road: the journey in play keeps the forage in its log too.
    if let Some(journey) = c.party.and_then(|p| {
        data.journeys
            .values()
            .rev()
            .find(|j| j.party == p && j.played_hours > 0)
    }) {
        let mut after = journey.clone();
        after.log.extend(
            book.session
                .lines
                .iter()
                .skip(1)
                .map(|l| format!("{}: {l}", c.name)),
        );
        book.created.push(Change::of(Some(journey), Some(&after)));
    }
    let found_item = found
        .filter(|(_, q)| *q > 0)
        .and_then(|(item, q)| Some((data.items.get(&item)?.name.clone(), q)));
    book.session.tests.push(GatherTest {
        character: who,
        kind: Some(TestKind::Forage),
        result: None,
        found: None,
        material: found_item.as_ref().map(|(name, _)| name.clone()),
        roll: Some(result.roll),
        ttv: Some(result.total),
        units: found_item.map_or(0, |(_, q)| q.clamp(0, 100_000) as u32),
        quality: None,
        improved_units: 0,
        minutes: 0,
        working: result.record.to_string(),
    });
    Ok(book.edit(&format!("{} forages", c.name)))
}

// The domain's steps, played as any step is (`model::step`).
crate::model::step::domain_step!(GatherStep, GatherError, crate::model::LogKind::Gathering, check: check, play: play);
