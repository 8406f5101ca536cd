//! The bench campaign the frames bench and the table's load bench share:
//! the demo, then 10,000 characters in 1,000 parties with 100,000
//! holdings, the company's journey stretched to 60 days with 100 more
//! animals and a loaded cart, a 500-place map, and a log of 20,000 rolls;
//! and, for the crowd figures, the same with all 10,000 on the 60-day
//! journey.

use std::path::Path;
use waybook_core::model::{
    CampaignData, Change, Character, CharacterId, ClockTime, Edit, Holder, Holding, HoldingId,
    Journey, LogEntry, LogId, LogKind, Party, PartyId,
};

/// The journey the bench stretches to 60 days: the company's (the demo's
/// first party, seven travellers), its trip by the river played back to
/// its start so that it is the one trip the company is on.
pub fn the_journey(data: &CampaignData) -> Option<&Journey> {
    let company = data.parties.keys().next()?;
    data.journeys.values().find(|j| j.party == *company)
}

pub const CHARACTERS: i64 = 10_000;
/// The company's animals the bench adds (issue 54), one drawing its cart.
pub const ANIMALS: i64 = 100;
pub const PARTIES: i64 = 1_000;
const HOLDINGS_EACH: i64 = 10;
const LOG: i64 = 20_000;
/// Ids of what the bench adds start here, above the demo's own.
pub const FIRST: i64 = 10_000;

/// The company's 100 mules, each with a sack, and a cart the first draws,
/// loaded with what is in the catalogue.
fn stable(
    data: &CampaignData,
    party: PartyId,
    items: &[waybook_core::model::ItemId],
) -> Vec<Change> {
    use waybook_core::model::{Animal, Vehicle, VehicleId};
    let first = FIRST + CHARACTERS;
    let kind = data.settings.house_rules.animal_type("Mule").cloned();
    let mut changes = Vec::new();
    for a in 0..ANIMALS {
        let mut mule = Character::new(
            CharacterId(first + a),
            format!("Mule {a}"),
            waybook_core::model::CharacterKind::Animal,
        );
        mule.party = Some(party);
        mule.animal = Some(Animal {
            breed: "Mule".to_owned(),
            rider: None,
        });
        if let Some(kind) = &kind {
            kind.put_on(&mut mule);
        }
        changes.push(Change::character(None, Some(&mule)));
        let sack = Holding::new(
            HoldingId(first * HOLDINGS_EACH + a),
            items[a as usize % items.len()],
            Holder::Character(mule.id),
            2,
        );
        changes.push(Change::of(None, Some(&sack)));
    }
    let mut cart = Vehicle::new(VehicleId(FIRST), "The bench cart", "Cart");
    cart.party = Some(party);
    cart.team = vec![CharacterId(first)];
    changes.push(Change::of(None, Some(&cart)));
    for (n, item) in items.iter().enumerate() {
        let cargo = Holding::new(
            HoldingId(first * HOLDINGS_EACH + ANIMALS + n as i64),
            *item,
            Holder::Vehicle(cart.id),
            3,
        );
        changes.push(Change::of(None, Some(&cargo)));
    }
    changes
}

/// Makes the demo at `path` and fills it to the bench's size; with `crowd`,
/// all 10,000 travel on the demo's 60-day journey.
pub fn fill(path: &Path, crowd: bool) {
    let mut campaign = waybook_core::demo::create_demo(path).expect("the demo");
    let data = campaign.load().expect("loads");
    let journey = the_journey(&data).cloned().expect("the company's journey");
    let template = data.characters.values().next().cloned().expect("a hero");
    let items: Vec<_> = data.items.keys().copied().collect();
    let mut changes = Vec::new();
    for p in 0..PARTIES {
        let party = Party::new(
            PartyId(FIRST + p),
            format!("Company {p}"),
            data.settings.clock,
        );
        changes.push(Change::of(None, Some(&party)));
    }
    for i in 0..CHARACTERS {
        let id = CharacterId(FIRST + i);
        // The first joins the demo's party: its 60-day journey has eight;
        // in the crowd, all join it.
        let party = if i == 0 || crowd {
            journey.party
        } else {
            PartyId(FIRST + i % PARTIES)
        };
        let c = Character {
            id,
            name: format!("Traveller {i}"),
            party: Some(party),
            ..template.clone()
        };
        changes.push(Change::character(None, Some(&c)));
        for h in 0..HOLDINGS_EACH {
            let holding = Holding::new(
                HoldingId(FIRST + i * HOLDINGS_EACH + h),
                items[(i + h) as usize % items.len()],
                Holder::Character(id),
                1 + h,
            );
            changes.push(Change::of(None, Some(&holding)));
        }
    }
    changes.extend(stable(&data, journey.party, &items));
    changes.extend(crate::grid(25, 20, FIRST));
    // A plan not begun, setting off the morning after the company's
    // present, as the demo's plans do.
    let mut long = Journey {
        start: ClockTime {
            day: data.settings.clock.day + 1,
            hour: 8,
        },
        played_hours: 0,
        log: Vec::new(),
        food_left: Vec::new(),
        food_opened: Vec::new(),
        exhaustion_gained: Vec::new(),
        ..journey.clone()
    };
    long.plan.routes[0].legs = crate::long_road(60);
    long.plan.chosen = 0;
    long.plan.resumed.clear();
    changes.push(Change::of(Some(&journey), Some(&long)));
    for n in 0..LOG {
        let entry = LogEntry {
            working_shown: Default::default(),
            shown: Default::default(),
            id: LogId(FIRST + n),
            at: ClockTime {
                day: n / 40,
                hour: n % 24,
            },
            real: format!(
                "2026-{:02}-{:02} 20:{:02}",
                1 + n / 2000,
                1 + n / 80 % 25,
                n % 60
            ),
            kind: LogKind::Dice,
            why: format!("Roll {n}"),
            rolled: format!("d20: {}", 1 + n % 20),
            characters: vec![CharacterId(FIRST + n % CHARACTERS)],
            undone: false,
            said: vec![format!("Roll {n} came up {}", 1 + n % 20)],
            parties: Vec::new(),
        };
        changes.push(Change::of(None, Some(&entry)));
    }
    campaign
        .apply(&Edit::new("fill to the bench's size", changes))
        .expect("filled");
}
