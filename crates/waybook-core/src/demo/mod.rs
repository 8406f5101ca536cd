//! The demo campaign a new user opens on first start: a party of four heroes,
//! the Traveller and two allies, with stats for all three rule texts, a
//! stocked party stash and personal kit. Built through the same store API the
//! app uses, so it is always a valid campaign of the current schema.

#![allow(
    clippy::indexing_slicing,
    reason = "the demo's builders index the fixed lists they have just built, \
              by constant places and counts taken modulo their lengths"
)]

use crate::model::{
    CampaignData, Category, Change, Character, CharacterKind, DayPattern, Edit, FoodOrder, Holder,
    Holding, Item, ItemId, Journey, JourneyId, JourneyPlan, MaterialType, Method, NamedStat, Party,
    PartyId, Quality, RoleRanks, Route, Settings, Skill, ToolKind, Track,
};
use crate::store::{self, Campaign};

mod encounters;
mod gathering;
pub mod grown;
mod handouts;
mod hazards;
mod heroes;
mod map;
pub mod shared;
mod stable;
mod watch;
mod weather;
use crate::store::snapshots::{Reason, Snapshots};
use std::path::Path;

/// Creates `path` and fills it with the demo campaign.
pub fn create_demo(path: &Path) -> store::Result<Campaign> {
    let mut campaign = crate::starter::create_campaign(path, DEMO_NAME)?;
    fill_demo(&mut campaign, None)?;
    Ok(campaign)
}

/// Creates the demo with the snapshot of its last session's start among
/// `snapshots`, so "what changed since 2026-11-27" has an answer.
pub fn create_demo_keeping(path: &Path, snapshots: &Snapshots) -> store::Result<Campaign> {
    let mut campaign = crate::starter::create_campaign(path, DEMO_NAME)?;
    fill_demo(&mut campaign, Some(snapshots))?;
    Ok(campaign)
}

pub const DEMO_NAME: &str = "The Road to Emberfall (demo)";

/// The real time the demo's rolls were made: last game night.
const NIGHT: &str = "2026-11-27 19:30";

/// When last game night began (UTC), before its first travel round.
const NIGHT_BEGAN: &str = "2026-11-27T18:00:00Z";

/// A step played on the demo's copy of the campaign, booked as the app
/// books one: the log entry of the rolls it took from `dice` (on last game
/// night) in its edit, the edit applied to `data` and kept in `edits`.
fn book(
    data: &mut CampaignData,
    edits: &mut Vec<Edit>,
    kind: crate::model::LogKind,
    edit: Edit,
    dice: &mut waybook_rules::dice::Dice,
) {
    let tape = dice.take_tape();
    let edit = crate::model::log::with_rolls(data, kind, edit, &tape, NIGHT.to_owned());
    edit.changes.iter().for_each(|c| data.apply(c));
    edits.push(edit);
}

/// An ally's ranks: none in any role.
const NO_RANKS: RoleRanks = RoleRanks {
    striker: 0,
    caster: 0,
    healer: 0,
    defender: 0,
    support: 0,
    saboteur: 0,
};

struct Hero {
    name: &'static str,
    player: &'static str,
    kind: CharacterKind,
    will: i64,
    dexterity: i64,
    body_mind_spirit: [i64; 3],
    ranks: RoleRanks,
    traits: [i64; 4],
    stamina: i64,
    note: &'static str,
    drive: &'static str,
}

const HEROES: [Hero; 7] = [
    Hero {
        name: "Ash Varnell",
        drive: "Pay back the debt to the Salt Guild",
        player: "Maya",
        kind: CharacterKind::Hero,
        will: 5,
        dexterity: 4,
        body_mind_spirit: [6, 3, 4],
        ranks: RoleRanks {
            striker: 2,
            caster: 0,
            healer: 0,
            defender: 0,
            support: 0,
            saboteur: 0,
        },
        traits: [3, 2, 3, 1],
        stamina: 2,
        note: "Owes the Salt Guild forty silver; they want it by midsummer.",
    },
    Hero {
        name: "Brother Ilo",
        drive: "Carry the Dawn to the mountain shrines",
        player: "Tomás",
        kind: CharacterKind::Hero,
        will: 4,
        dexterity: 6,
        body_mind_spirit: [3, 4, 6],
        ranks: RoleRanks {
            striker: 0,
            caster: 0,
            healer: 2,
            defender: 0,
            support: 0,
            saboteur: 0,
        },
        traits: [1, 1, 2, 3],
        stamina: 1,
        note: "A Pilgrim of the Dawn. Casts Mend Flesh on his own Will.",
    },
    Hero {
        name: "Sefa Qorrin",
        drive: "Learn what burned Emberfall",
        player: "Jo",
        kind: CharacterKind::Hero,
        will: 6,
        dexterity: 3,
        body_mind_spirit: [4, 6, 3],
        ranks: RoleRanks {
            striker: 0,
            caster: 2,
            healer: 0,
            defender: 0,
            support: 1,
            saboteur: 0,
        },
        traits: [0, 3, 1, 3],
        stamina: 0,
        note: "Reads the weather in ash and smoke.",
    },
    Hero {
        name: "Ødric Hale",
        drive: "Keep the pass open for the refugees",
        player: "Priya",
        kind: CharacterKind::Hero,
        will: 5,
        dexterity: 5,
        body_mind_spirit: [5, 3, 5],
        ranks: RoleRanks {
            striker: 0,
            caster: 0,
            healer: 0,
            defender: 2,
            support: 0,
            saboteur: 1,
        },
        traits: [3, 1, 4, 2],
        stamina: 3,
        note: "Former border warden; knows the passes.",
    },
    Hero {
        name: "The Traveller",
        drive: "Remember who he was",
        player: "GM",
        kind: CharacterKind::Traveller,
        will: 4,
        dexterity: 4,
        body_mind_spirit: [5, 5, 5],
        ranks: RoleRanks {
            striker: 1,
            caster: 1,
            healer: 0,
            defender: 1,
            support: 0,
            saboteur: 0,
        },
        traits: [2, 2, 3, 3],
        stamina: 2,
        note: "He does not level; he remembers: his memories are on his sheet.",
    },
    Hero {
        name: "Marta the Guide",
        drive: "Earn enough to buy back her mule",
        player: "",
        kind: CharacterKind::Ally,
        will: 6,
        dexterity: 5,
        body_mind_spirit: [4, 4, 4],
        ranks: NO_RANKS,
        traits: [2, 2, 3, 4],
        stamina: 2,
        note: "Hired in Kettleford for two silver a day.",
    },
    Hero {
        name: "Pell (porter)",
        drive: "Get home before the snows",
        player: "",
        kind: CharacterKind::Ally,
        will: 7,
        dexterity: 6,
        body_mind_spirit: [5, 2, 3],
        ranks: NO_RANKS,
        traits: [4, 1, 4, 0],
        stamina: 3,
        note: "Carries the heavy packs; afraid of heights.",
    },
];

struct Stock {
    name: &'static str,
    category: Category,
    food_units: i64,
    weight: f64,
    quality: Option<Quality>,
    material: Option<MaterialType>,
    tool: Option<ToolKind>,
    fodder: bool,
    stash: i64,
}

const STOCK: [Stock; 13] = [
    Stock {
        name: "Oats",
        category: Category::Food,
        food_units: 40,
        weight: 2.0,
        quality: None,
        material: None,
        tool: None,
        // Fodder: the mules carry it (`stable`).
        fodder: true,
        stash: 0,
    },
    Stock {
        name: "Trail rations",
        category: Category::Food,
        food_units: 20,
        weight: 0.5,
        quality: None,
        material: None,
        tool: None,
        fodder: false,
        // A week's wait in Kettleford and the road after it.
        stash: 130,
    },
    Stock {
        name: "Waterskin (full)",
        category: Category::Water,
        food_units: 10,
        weight: 1.0,
        quality: None,
        material: None,
        tool: None,
        fodder: false,
        stash: 12,
    },
    Stock {
        name: "Smoked fish",
        category: Category::Food,
        food_units: 15,
        weight: 0.3,
        quality: Some(Quality::Standard),
        material: Some(MaterialType::Fish),
        tool: None,
        fodder: false,
        stash: 10,
    },
    Stock {
        name: "Emberleaf",
        category: Category::Material,
        food_units: 0,
        weight: 0.1,
        quality: Some(Quality::Rich),
        material: Some(MaterialType::Plant),
        tool: None,
        fodder: false,
        stash: 6,
    },
    Stock {
        name: "Iron ore",
        category: Category::Material,
        food_units: 0,
        weight: 2.0,
        quality: Some(Quality::Impure),
        material: Some(MaterialType::Ore),
        tool: None,
        fodder: false,
        stash: 4,
    },
    Stock {
        name: "Botanist's Tool",
        category: Category::Tool,
        food_units: 0,
        weight: 1.5,
        quality: None,
        material: None,
        tool: Some(ToolKind::Botanist),
        fodder: false,
        stash: 0,
    },
    Stock {
        name: "Miner's Tool",
        category: Category::Tool,
        food_units: 0,
        weight: 4.0,
        quality: None,
        material: None,
        tool: Some(ToolKind::Miner),
        fodder: false,
        stash: 1,
    },
    Stock {
        name: "Fisher's Gear",
        category: Category::Tool,
        food_units: 0,
        weight: 2.0,
        quality: None,
        material: None,
        tool: Some(ToolKind::Fisher),
        fodder: false,
        stash: 1,
    },
    Stock {
        name: "Longsword",
        category: Category::Weapon,
        food_units: 0,
        weight: 1.5,
        quality: None,
        material: None,
        tool: None,
        fodder: false,
        stash: 0,
    },
    Stock {
        name: "Mail shirt",
        category: Category::Armour,
        food_units: 0,
        weight: 9.0,
        quality: None,
        material: None,
        tool: None,
        fodder: false,
        stash: 0,
    },
    Stock {
        name: "Climbing kit",
        category: Category::Kit,
        food_units: 0,
        weight: 3.0,
        quality: None,
        material: None,
        tool: None,
        fodder: false,
        stash: 2,
    },
    Stock {
        name: "Flash powder",
        category: Category::BattleItem,
        food_units: 0,
        weight: 0.2,
        quality: None,
        material: None,
        tool: None,
        fodder: false,
        stash: 3,
    },
];

/// Personal kit: (hero index, item name, quantity).
const KIT: [(usize, &str, i64); 14] = [
    (0, "Longsword", 1),
    (0, "Trail rations", 4),
    (0, "Waterskin (full)", 2),
    (1, "Botanist's Tool", 1),
    (1, "Trail rations", 4),
    (1, "Emberleaf", 2),
    (2, "Trail rations", 3),
    (2, "Flash powder", 2),
    (3, "Mail shirt", 1),
    (3, "Longsword", 1),
    (3, "Trail rations", 4),
    (4, "Smoked fish", 3),
    (5, "Climbing kit", 1),
    (6, "Trail rations", 8),
];

/// The players at the table, one record each ("GM" marks the GM's own).
fn players_at_the_table(data: &CampaignData) -> Vec<crate::model::Player> {
    let mut names: Vec<&str> = (HEROES.iter().map(|h| h.player))
        .filter(|p| !p.is_empty() && !crate::model::Player::is_gm(p))
        .collect();
    names.sort_unstable();
    names.dedup();
    let first = data.next_id::<crate::model::Player>().0;
    (names.iter().zip(first..))
        .map(|(name, id)| crate::model::Player::new(crate::model::PlayerId(id), *name))
        .collect()
}

fn character(data: &CampaignData, party: PartyId, offset: i64, hero: &Hero) -> Character {
    let mut c = Character::new(
        crate::model::CharacterId(data.next_id::<crate::model::Character>().0 + offset),
        hero.name,
        hero.kind,
    );
    c.party = Some(party);
    c.notes = hero.note.to_owned();
    c.companion.stats = vec![
        NamedStat::new("Will", hero.will),
        NamedStat::new("Dexterity", hero.dexterity),
    ];
    c.companion.xp = if hero.kind == CharacterKind::Hero {
        5 + offset
    } else {
        0
    };
    c.companion.wild_dice = offset % 3;
    if hero.kind == CharacterKind::Hero {
        c.companion.powers = vec!["Sure Step".to_owned()];
        c.companion.talents = vec!["Hardy".to_owned()];
        c.companion.advances = vec![crate::model::Advance::new(
            2,
            crate::model::AdvanceKind::Toughness,
            "",
        )];
        c.companion.toughness = Track::full(5);
        c.companion.drive = hero.drive.to_owned();
    }
    let [body, mind, spirit] = hero.body_mind_spirit;
    c.rounds.body = body;
    c.rounds.mind = mind;
    c.rounds.spirit = spirit;
    c.rounds.hp = Track {
        current: 8 + body - offset % 2,
        max: 8 + body,
    };
    c.rounds.mp = Track::full(4 + mind);
    c.rounds.ranks = hero.ranks;
    for (t, value) in c.exploration.traits.iter_mut().zip(hero.traits) {
        t.value = value;
    }
    for skill in &mut c.exploration.skills {
        if skill.name == "Stamina" {
            *skill = Skill {
                name: skill.name.clone(),
                value: hero.stamina,
            };
        }
    }
    if hero.name == "Ødric Hale" {
        c.exploration.cold.reduction = 2;
        c.exploration.altitude_adapted = true;
    }
    if hero.name == "Brother Ilo" {
        c.exploration.tools = vec![ToolKind::Botanist];
        for skill in &mut c.exploration.skills {
            if skill.name == "Nature" {
                skill.value = 2;
            }
        }
    }
    if hero.name == "Sefa Qorrin" {
        c.exploration.heat.resistant = true;
    }
    if hero.name == "Pell (porter)" {
        // A porter's appetite: half as much again as the usual 40 units.
        c.exploration.food_percent = 150;
    }
    c
}

/// The demo's item catalogue, from the stock list: the starter items of
/// the same names are the demo's, the rest added.
fn catalogue(data: &CampaignData) -> Vec<Item> {
    let starter = |name: &str| data.items.values().find(|i| i.name == name);
    let new = STOCK.iter().filter(|s| starter(s.name).is_none());
    let added: Vec<Item> = new
        .zip(0..)
        .map(|(s, offset)| Item {
            id: ItemId(data.next_id::<crate::model::Item>().0 + offset),
            name: s.name.to_owned(),
            category: s.category,
            food_units: s.food_units,
            weight: s.weight,
            quality: s.quality,
            material: s.material,
            tool_kind: s.tool,
            bonus: i64::from(s.tool.is_some()) * 2,
            notes: String::new(),
            suggested: false,
            fodder: s.fodder,
        })
        .collect();
    let kept = STOCK.iter().filter_map(|s| starter(s.name)).cloned();
    kept.chain(added).collect()
}

/// The stash's stock and each hero's kit, as new stacks.
fn kit(
    data: &CampaignData,
    party: PartyId,
    characters: &[Character],
    items: &[Item],
) -> Vec<Change> {
    let item_id = |name: &str| items.iter().find(|i| i.name == name).map(|i| i.id);
    let stash = STOCK
        .iter()
        .filter(|s| s.stash > 0)
        .filter_map(|s| Some((Holder::Stash(party), item_id(s.name)?, s.stash)));
    let kit = KIT.iter().filter_map(|(hero, name, qty)| {
        Some((
            Holder::Character(characters[*hero].id),
            item_id(name)?,
            *qty,
        ))
    });
    let first_holding = data.next_id::<crate::model::Holding>().0;
    stash
        .chain(kit)
        .zip(0..)
        .map(|((holder, item, quantity), offset)| Change::Holding {
            before: None,
            after: Some(Holding::new(
                crate::model::HoldingId(first_holding + offset),
                item,
                holder,
                quantity,
            )),
        })
        .collect()
}

/// Fills an empty campaign with the demo party, catalogue and kit.
/// The company as the demo founds it: its party, and the edit's changes
/// that make it, its players, its members, the catalogue and their kit.
struct Founding {
    party: Party,
    changes: Vec<Change>,
    watchers: Vec<crate::model::CharacterId>,
}

fn founding(data: &CampaignData) -> Founding {
    let settings = Settings {
        name: DEMO_NAME.to_owned(),
        calendar: Box::new(crate::model::calendar::Calendar::greyspine()),
        ..data.settings.clone()
    };
    let party = Party {
        supplies: 16,
        notes: "Bound for Emberfall over the Greyspine pass.".to_owned(),
        purse: 40,
        currency: "silver".to_owned(),
        ..Party::new(
            data.next_id::<crate::model::Party>(),
            "The Lantern Company",
            settings.clock,
        )
    };
    let mut changes = vec![
        Change::Settings {
            before: data.settings.clone(),
            after: settings,
        },
        Change::of(None, Some(&party)),
    ];
    let players = players_at_the_table(data);
    changes.extend(players.iter().map(|p| Change::of(None, Some(p))));
    let characters: Vec<Character> = HEROES
        .iter()
        .zip(0..)
        .map(|(hero, offset)| {
            let mut c = character(data, party.id, offset, hero);
            c.player = players.iter().find(|p| p.name == hero.player).map(|p| p.id);
            c
        })
        .collect();
    changes.extend(characters.iter().map(|c| Change::character(None, Some(c))));
    let items = catalogue(data);
    changes.extend(
        (items.iter())
            .filter(|i| !data.items.contains_key(&i.id))
            .map(|i| Change::of(None, Some(i))),
    );
    changes.extend(kit(data, party.id, &characters, &items));
    let watchers = ["Ødric Hale", "Ash Varnell", "Marta the Guide"]
        .iter()
        .filter_map(|name| characters.iter().find(|c| c.name == *name).map(|c| c.id))
        .collect();
    Founding {
        party,
        changes,
        watchers,
    }
}

pub fn fill_demo(campaign: &mut Campaign, snapshots: Option<&Snapshots>) -> store::Result<()> {
    let Founding {
        party,
        changes,
        watchers,
    } = founding(&campaign.load()?);
    campaign.apply(&Edit::new("Create demo campaign", changes))?;
    let data = campaign.load()?;
    let map = map::map_changes(&data, party.id);
    campaign.apply(&Edit::new("Draw the demo map", map))?;
    let data = campaign.load()?;
    campaign.apply(&Edit::new(
        "Mark the demo's regions",
        weather::region_changes(&data),
    ))?;
    let data = campaign.load()?;
    campaign.apply(&Edit::new(
        "Tie the demo's encounter tables",
        encounters::encounter_changes(&data),
    ))?;
    let data = campaign.load()?;
    campaign.apply(&Edit::new(
        "Mark the demo's calendar",
        weather::calendar_events(&data),
    ))?;
    campaign.apply(&stable::animals(&campaign.load()?, party.id))?;
    for edit in weather::waiting_week(&campaign.load()?, party.id) {
        campaign.apply(&edit)?;
    }
    let data = campaign.load()?;
    campaign.apply(&watch::founding(&data, party.now))?;
    if let Some(edit) = watch::waiting(&campaign.load()?) {
        campaign.apply(&edit)?;
    }
    if let (Some(snapshots), Ok(began)) = (snapshots, NIGHT_BEGAN.parse()) {
        snapshots.take_at(campaign, Reason::Opened, began)?;
    }
    let data = campaign.load()?;
    if let Some(trip) = map_trip(&data, party.id, watchers.clone()) {
        campaign.apply(&Edit::new(
            "Plan the trip by the river",
            vec![Change::journey(None, Some(&trip))],
        ))?;
    }
    for edit in map::first_round(&campaign.load()?, party.id) {
        campaign.apply(&edit)?;
    }
    let data = campaign.load()?;
    campaign.apply(&Edit::new(
        "Find the demo's gathering sites",
        gathering::site_changes(&data),
    ))?;
    for edit in gathering::first_session(&campaign.load()?) {
        campaign.apply(&edit)?;
    }
    for edit in heroes::first_mission(&campaign.load()?) {
        campaign.apply(&edit)?;
    }
    for edit in hazards::senses_and_hazards(&campaign.load()?) {
        campaign.apply(&edit)?;
    }
    if let Some(edit) = watch::plan(&campaign.load()?) {
        campaign.apply(&edit)?;
    }
    if let Some(edit) = stable::cart(&campaign.load()?) {
        campaign.apply(&edit)?;
    }
    if let Some(edit) = encounters::warriors_ahead(&campaign.load()?) {
        campaign.apply(&edit)?;
    }
    campaign.apply(&handouts::sharing(&campaign.load()?))
}

/// The party's trip to Emberfall along the map's paths round by the
/// river, setting off now (08:00) on foot: each path's rounds its days,
/// with both travel texts on. Its first day is the travel round along the
/// Kettleford road.
fn map_trip(
    data: &CampaignData,
    party: PartyId,
    watchers: Vec<crate::model::CharacterId>,
) -> Option<Journey> {
    let place = |name: &str| data.places.values().find(|p| p.name == name).map(|p| p.id);
    let path = |name: &str| data.paths.values().find(|p| p.name == name);
    let mut trip = Journey {
        id: JourneyId(2),
        name: "By the river, on the map".to_owned(),
        party,
        start: data.settings.clock,
        plan: JourneyPlan {
            left_behind: Vec::new(),
            resumed: Vec::new(),
            shown: Default::default(),
            methods: Method::standard(),
            routes: Vec::new(),
            chosen: 0,
            pattern: DayPattern {
                start_hour: 8,
                watchers,
                ..DayPattern::default()
            },
            food_order: FoodOrder::StashFirst,
            days: Default::default(),
        },
        played_hours: 0,
        log: Vec::new(),
        food_left: Vec::new(),
        food_opened: Vec::new(),
        exhaustion_gained: Vec::new(),
    };
    // The GM's way, round by the river: the ferry, down the Silverrun,
    // through the Hollow Wood and across the plain's edge.
    let mut legs = Vec::new();
    for (way, toward) in [
        ("Kettleford road", "Old Mill Crossing"),
        ("Ferry lane", "Silverrun Ferry"),
        ("Down the Silverrun", "Hollow Wood"),
        ("Hollow Wood track", "Ashen Plain Well"),
        ("Emberfall road", "Emberfall"),
    ] {
        let path = path(way)?;
        let leg = crate::plan::from_map::leg_along(&trip, path, place(toward)?, path.rounds);
        legs.push(leg);
    }
    trip.plan.routes.push(Route {
        name: "Round by the river".to_owned(),
        legs,
    });
    Some(trip)
}
