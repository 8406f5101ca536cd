//! One player's handout, as content both faces print (the PDF in
//! `waybook_print::pdf`, the HTML page in `waybook_print::handouts`): their view of the
//! campaign (`players_view::view`), the days of the chronicle they lived,
//! the changes since a session, the map's drawing, where each party
//! stands, the shared journey plans and each day's lines.

use super::players_view::{self, Audience, Index, first_day_lived};
use crate::model::{CampaignData, Character, PlaceId};
use std::collections::BTreeSet;

/// How many days ahead a handout lists the events the GM shares.
pub const COMING_DAYS: i64 = 30;

/// One player's handout: their view of the campaign, the days of the
/// chronicle they lived, and what changed since a session, if asked.
#[derive(Debug, Clone)]
pub struct Handout {
    pub player: crate::model::PlayerId,
    /// The player's name, as the handout is headed.
    pub name: String,
    pub view: CampaignData,
    /// The clock days with shared entries, from the first the player's
    /// characters lived to today, in order.
    pub days: Vec<i64>,
    pub changes: Option<crate::model::session_changes::SessionChanges>,
}

impl Handout {
    /// The handout of `player`, with the changes since `before` (the
    /// campaign as it was, and what that was) when given; `None` when no
    /// character in a party is theirs.
    pub fn of(
        data: &CampaignData,
        player: crate::model::PlayerId,
        before: Option<(&CampaignData, &str)>,
    ) -> Option<Self> {
        let audience = Audience::of(data, player)?;
        Some(Self::for_audience(&Index::of(data), audience, before))
    }

    /// The handout of `audience` (a player, or a party's table screen) of
    /// the campaign `index` holds: making many, each reads its own
    /// records only.
    pub fn for_audience(
        index: &Index,
        audience: Audience,
        before: Option<(&CampaignData, &str)>,
    ) -> Self {
        let player = audience.player;
        let view = players_view::view(index, &audience);
        let first = first_day_lived(index, &audience).unwrap_or(i64::MIN);
        let days: BTreeSet<i64> = (view.log.values())
            .map(|e| e.at.day)
            .filter(|d| *d >= first)
            .collect();
        let changes = before.map(|(before, since)| {
            // The same player then: by id, else (a snapshot from before
            // players had ids of their own) by name.
            let then_player = (before.players.get(&player))
                .or_else(|| before.player_named(&audience.name))
                .map(|p| p.id);
            let then = then_player
                .and_then(|p| Audience::of(before, p))
                .map_or_else(
                    || CampaignData::new(before.settings.clone()),
                    |a| players_view::view(&Index::of(before), &a),
                );
            crate::model::session_changes::between(&then, &view, since)
        });
        Self {
            player: audience.player,
            name: audience.name,
            view,
            days: days.into_iter().collect(),
            changes,
        }
    }

    /// The player's own characters, by name.
    pub fn characters(&self) -> Vec<&Character> {
        let mut mine: Vec<&Character> = (self.view.characters.values())
            .filter(|c| c.player == Some(self.player))
            .collect();
        mine.sort_by_key(|c| c.name.to_lowercase());
        mine
    }

    /// Their characters' parties, by name.
    pub fn parties(&self) -> Vec<&crate::model::Party> {
        let mut parties: Vec<&crate::model::Party> = self.view.parties.values().collect();
        parties.sort_by_key(|p| p.name.to_lowercase());
        parties
    }

    /// Whom a page at the table shows first: the player's own characters,
    /// or on a party's table screen every member, by name.
    pub fn shown_first(&self) -> Vec<&Character> {
        if self.player != players_view::TABLE_SCREEN {
            return self.characters();
        }
        let mut all: Vec<&Character> = (self.view.characters.values())
            .filter(|c| c.party.is_some())
            .collect();
        all.sort_by_key(|c| c.name.to_lowercase());
        all
    }

    /// Today as the players see it: the date and hour, the season and the
    /// moons, then the weather where each party is (as it fell; a day not
    /// rolled yet says so; in no region, the weather its round met), or,
    /// for a party in no region whose weather is not known, each region's
    /// weather today as the chronicle tells it.
    pub fn today(&self) -> Vec<String> {
        let data = &self.view;
        let day = data.settings.clock.day;
        let weather = |region: &crate::model::Region| {
            data.weather_on(region.id, day)
                .map_or("not rolled yet today", |w| w.weather.as_str())
        };
        let mut lines = vec![data.settings.today()];
        let mut in_no_region = false;
        let outside = crate::world::weather::outside_regions(data, day);
        for p in self.parties() {
            match data.region_of_party(p) {
                Some(r) => lines.push(format!("{} · {}: {}", p.name, r.name, weather(r))),
                None => match outside.iter().find(|w| w.party == p.name) {
                    Some(w) => lines.push(format!("{} · {}: {}", p.name, w.at, w.weather)),
                    None => in_no_region = true,
                },
            }
        }
        if in_no_region {
            let mut regions: Vec<&crate::model::Region> = data.regions.values().collect();
            regions.sort_by_key(|r| r.name.to_lowercase());
            lines.extend(
                regions
                    .iter()
                    .map(|r| format!("{}: {}", r.name, weather(r))),
            );
        }
        lines
    }

    /// What the handout is called: "Ana's handout", or "The Lantern
    /// Company at the table" on a party's table screen.
    pub fn title(&self) -> String {
        if self.player == players_view::TABLE_SCREEN {
            format!("{} at the table", self.name)
        } else {
            format!("{}'s handout", self.name)
        }
    }
}

impl Handout {
    /// Where each known place is drawn on a map `width` × `height` (y down),
    /// its places fitted inside a margin of `pad`, their proportions kept.
    pub fn map_points(&self, width: f64, height: f64, pad: f64) -> Vec<(PlaceId, f64, f64)> {
        let places = self.view.places.values();
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in places.clone() {
            (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
        }
        let span = ((x1 - x0) / (width - 2.0 * pad)).max((y1 - y0) / (height - 2.0 * pad));
        let scale = if span > 0.0 { 1.0 / span } else { 1.0 };
        // Centre the drawing in the spare room of the narrower side.
        let dx = (width - 2.0 * pad - (x1 - x0) * scale) / 2.0;
        let dy = (height - 2.0 * pad - (y1 - y0) * scale) / 2.0;
        places
            .map(|p| {
                (
                    p.id,
                    pad + dx + (p.x - x0) * scale,
                    pad + dy + (p.y - y0) * scale,
                )
            })
            .collect()
    }

    /// Where each of the player's parties stands: "at Emberfall", "on the
    /// Pass road toward Emberfall".
    pub fn whereabouts(&self, party: &crate::model::Party) -> String {
        let name = |id: &PlaceId| self.view.places.get(id).map(|p| p.name.as_str());
        if let Some(on) = party.travel.on_path {
            let path = self
                .view
                .paths
                .get(&on.path)
                .map_or("a path", |p| p.name.as_str());
            return match name(&on.toward) {
                Some(toward) => format!("on {path}, toward {toward}"),
                None => format!("on {path}"),
            };
        }
        party
            .travel
            .place
            .and_then(|p| name(&p))
            .map_or_else(|| "not on the map".to_owned(), |p| format!("at {p}"))
    }
}

/// A heading and the lines under it: one journey, one day, one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub heading: String,
    pub lines: Vec<String>,
    /// The dice beneath, where the GM shares them.
    pub dice: Vec<String>,
}

impl Handout {
    /// The GM's events shared with the player in the days to come (the
    /// next [`COMING_DAYS`]), a line each: "Fireday 26 Harvestmoon: Harvest
    /// fair at Kettleford".
    pub fn coming(&self) -> Vec<String> {
        let data = &self.view;
        let c = &data.settings.calendar;
        let today = data.settings.clock.day;
        (today + 1..=today + COMING_DAYS)
            .flat_map(|day| {
                crate::model::CalendarEvent::on_day(data.events.values(), c, day)
                    .into_iter()
                    .map(move |e| match e.notes.trim() {
                        "" => format!("{}: {}", c.describe(day), e.name),
                        notes => format!("{}: {} — {notes}", c.describe(day), e.name),
                    })
            })
            .collect()
    }

    /// The shared journey plans of the player's parties: when each starts,
    /// its chosen route by name and leg by leg, and how far it has been
    /// played.
    pub fn journeys_ahead(&self) -> Vec<Block> {
        let data = &self.view;
        (data.journeys.values())
            .map(|j| {
                let mut lines = vec![format!("Starts {}", data.settings.when(j.start))];
                if let Some(route) = j.route() {
                    lines.push(format!("By {}", route.name));
                }
                if j.played_hours > 0 {
                    lines.push(format!(
                        "Played so far: {}",
                        crate::model::plural(j.played_hours, "hour")
                    ));
                }
                for (n, leg) in j.route().into_iter().flat_map(|r| &r.legs).enumerate() {
                    let method = j
                        .plan
                        .methods
                        .get(leg.method)
                        .map_or("", |m| m.name.as_str());
                    lines.push(format!(
                        "{}. {} · {} km · {} · {method}",
                        n + 1,
                        leg.name,
                        leg.distance_km,
                        leg.terrain.label()
                    ));
                }
                let party = data.parties.get(&j.party).map_or("", |p| p.name.as_str());
                Block {
                    heading: format!("{} ({party})", j.name),
                    lines,
                    dice: Vec::new(),
                }
            })
            .collect()
    }

    /// The known places and paths with what the GM shares of them, by name,
    /// and the shared gathering sites.
    pub fn map_notes(&self) -> Vec<Block> {
        let data = &self.view;
        let mut blocks: Vec<Block> = (data.places.values())
            .map(|p| Block {
                heading: format!("{} ({})", p.name, p.kind.label()),
                lines: lines_of(&p.notes),
                dice: Vec::new(),
            })
            .chain(data.paths.values().map(|p| {
                let end = |id: &PlaceId| data.places.get(id).map_or("?", |p| p.name.as_str());
                let mut lines = vec![format!(
                    "{} to {} · {}",
                    end(&p.from),
                    end(&p.to),
                    crate::model::plural(p.rounds, "travel round")
                )];
                lines.extend(lines_of(&p.notes));
                Block {
                    heading: p.name.clone(),
                    lines,
                    dice: Vec::new(),
                }
            }))
            .chain(data.sites.values().map(|s| Block {
                heading: format!("{} (gathering site)", s.name),
                lines: lines_of(&s.notes),
                dice: Vec::new(),
            }))
            .collect();
        blocks.sort_by_key(|b| b.heading.to_lowercase());
        blocks
    }

    /// Each day of the chronicle the player lived: its date, season and
    /// moons, the weather, the shared events and entries, with their words
    /// and the dice the GM shares.
    pub fn chronicle(&self) -> Vec<Block> {
        let data = &self.view;
        let index = crate::world::chronicle::Index::of(data);
        let filter = crate::world::chronicle::Filter::default();
        self.days
            .iter()
            .map(|&day| {
                let d = crate::world::chronicle::day(data, &index, day, &filter);
                let mut about: Vec<String> = d.season.iter().cloned().collect();
                about.extend(d.moons.iter().map(|(m, p)| format!("{m} {}", p.label())));
                let mut lines = vec![about.join(" · ")];
                lines.extend(
                    (d.weather.iter())
                        .filter_map(|(r, w)| Some(format!("{}: {}", r.name, w.as_ref()?.weather))),
                );
                lines.extend(d.events.iter().map(|e| match e.notes.trim() {
                    "" => format!("Event: {}", e.name),
                    notes => format!("Event: {} — {notes}", e.name),
                }));
                let mut dice = Vec::new();
                for e in &d.entries {
                    let who = data.who_of(&e.characters);
                    lines.push(format!("{:02}:00 · {}{who}", e.at.hour, e.why));
                    lines.extend(e.said.iter().map(|s| format!("    {s}")));
                    if !e.rolled.is_empty() {
                        dice.push(format!("{}: {}", e.why, e.rolled));
                    }
                }
                Block {
                    heading: format!("Day {day} · {}", d.date),
                    lines,
                    dice,
                }
            })
            .collect()
    }
}

impl Handout {
    /// The notes the GM shares on the others of the party: one block each.
    pub fn fellows(&self) -> Vec<Block> {
        let mine = self.characters();
        let mut others: Vec<&Character> = (self.view.characters.values())
            .filter(|c| !c.notes.trim().is_empty() && !mine.iter().any(|m| m.id == c.id))
            .collect();
        others.sort_by_key(|c| c.name.to_lowercase());
        others
            .into_iter()
            .map(|c| Block {
                heading: c.name.clone(),
                lines: lines_of(&c.notes),
                dice: Vec::new(),
            })
            .collect()
    }

    /// The missions the GM shares: when each ended, the XP each of the
    /// party earned and why, and what else it left.
    pub fn missions(&self) -> Vec<Block> {
        let data = &self.view;
        (data.missions.values())
            .map(|m| {
                let mut lines: Vec<String> = (m.awards.iter())
                    .map(|a| {
                        let who = data
                            .characters
                            .get(&a.character)
                            .map_or("?", |c| c.name.as_str());
                        format!("{who}: +{} XP ({})", a.xp, a.reasons.join(", "))
                    })
                    .collect();
                lines.extend(m.lines.iter().cloned());
                Block {
                    heading: format!("{} · {}", m.name, data.settings.when(m.at)),
                    lines,
                    dice: Vec::new(),
                }
            })
            .collect()
    }
}

fn lines_of(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}
