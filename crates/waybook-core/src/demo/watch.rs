//! The Kettleford Watch: two hirelings the company left in Kettleford
//! with its cart, a few days behind it in time (issue 53: each party lives
//! its own days). Their days in Kettleford are days the company already
//! lived, so they find the weather as it fell; their plan is the
//! hand-made week over the Greyspine pass to Emberfall, with the longer
//! way round by the river as a route to compare.

use super::{Hero, NO_RANKS, character};
use crate::edits::clock::moved_on;
use crate::model::{
    CampaignData, Change, CharacterKind, ClockTime, DayChange, DayPattern, Edit, FoodOrder, Holder,
    Holding, HourWindow, Journey, JourneyId, JourneyPlan, Leg, Method, Party, PartyId, RegionId,
    Route, Temperature, Terrain,
};
use crate::plan::rest::Meals;
use waybook_rules::dice::Dice;

pub const NAME: &str = "The Kettleford Watch";

const MEMBERS: [Hero; 2] = [
    Hero {
        name: "Wren Tallis",
        drive: "Bring the cart over the pass once it clears",
        player: "",
        kind: CharacterKind::Ally,
        will: 5,
        dexterity: 5,
        body_mind_spirit: [4, 5, 4],
        ranks: NO_RANKS,
        traits: [2, 3, 2, 3],
        stamina: 1,
        note: "Keeps the company's cart and letters in Kettleford.",
    },
    Hero {
        name: "Hobb the Carter",
        drive: "See his mules fed before himself",
        player: "",
        kind: CharacterKind::Ally,
        will: 6,
        dexterity: 4,
        body_mind_spirit: [5, 3, 4],
        ranks: NO_RANKS,
        traits: [3, 1, 3, 2],
        stamina: 2,
        note: "Drives the cart; knows every inn from Kettleford to the pass.",
    },
];

/// What each member carries: (member's place in `MEMBERS`, item name,
/// quantity).
const KIT: [(usize, &str, i64); 2] = [(0, "Trail rations", 2), (1, "Waterskin (full)", 2)];

/// What the Watch keeps in its stash: (item name, quantity).
const STASH: [(&str, i64); 2] = [("Trail rations", 30), ("Waterskin (full)", 6)];

/// How long the Watch has waited in Kettleford: four days and ten hours
/// from the campaign's start, to the evening of day 5.
const WAITED_HOURS: i64 = 4 * 24 + 10;

/// The edit that founds the Watch at Kettleford, living from the
/// campaign's first day: the party, its two members and its stash.
pub fn founding(data: &CampaignData, start: ClockTime) -> Edit {
    let kettleford = data.places.values().find(|p| p.name == "Kettleford");
    let mut party = Party {
        supplies: 6,
        notes: "Left in Kettleford with the cart; follows over the pass when it clears.".to_owned(),
        purse: 12,
        currency: "silver".to_owned(),
        ..Party::new(data.next_id::<Party>(), NAME, start)
    };
    party.travel.place = kettleford.map(|p| p.id);
    let mut changes = vec![Change::of(None, Some(&party))];
    let members: Vec<_> = (MEMBERS.iter().zip(0..))
        .map(|(m, offset)| character(data, party.id, offset, m))
        .collect();
    changes.extend(members.iter().map(|c| Change::character(None, Some(c))));
    let item = |name: &str| data.items.values().find(|i| i.name == name).map(|i| i.id);
    let stash = STASH
        .iter()
        .map(|(name, qty)| (Holder::Stash(party.id), *name, *qty));
    let kit = (KIT.iter()).map(|(m, name, qty)| (Holder::Character(members[*m].id), *name, *qty));
    let first_holding = data.next_id::<Holding>().0;
    let stacks = (stash.chain(kit))
        .filter_map(|(holder, name, qty)| Some((holder, item(name)?, qty)))
        .zip(first_holding..)
        .map(|((holder, item, qty), id)| {
            let stack = Holding::new(crate::model::HoldingId(id), item, holder, qty);
            Change::of(None, Some(&stack))
        });
    changes.extend(stacks);
    Edit::new(format!("Found {NAME}"), changes)
}

/// The Watch's days in Kettleford, eaten at rest from its stash: days the
/// company lived already, so no weather is rolled.
pub fn waiting(data: &CampaignData) -> Option<Edit> {
    let watch = data.parties.values().find(|p| p.name == NAME)?;
    moved_on(
        data,
        Some(watch.id),
        (WAITED_HOURS, Meals::Fed),
        "minding the cart in Kettleford",
        (&mut Dice::seeded(1204), super::NIGHT.to_owned()),
    )
    .ok()
}

/// The edit that plans the Watch's week to Emberfall, setting off the
/// morning after its present.
pub fn plan(data: &CampaignData) -> Option<Edit> {
    let watch = data.parties.values().find(|p| p.name == NAME)?;
    let region = |name: &str| data.regions.values().find(|r| r.name == name).map(|r| r.id);
    let regions = Regions {
        pass: region("Greyspine pass"),
        plain: region("Ashen plain"),
    };
    let morning = ClockTime {
        day: watch.now.day + 1,
        hour: 8,
    };
    let watchers = data.members(watch.id).map(|c| c.id).collect();
    let journey = to_emberfall(JourneyId(1), watch.id, morning, watchers, regions);
    Some(Edit::new(
        "Plan the Watch's way to Emberfall",
        vec![Change::journey(None, Some(&journey))],
    ))
}

/// The Ashen plain's heat: the hours of the day it is extreme.
const PLAIN_HEAT: HourWindow = HourWindow { from: 10, to: 18 };
/// The pass's cold: extreme from the evening to the morning sun.
const PASS_NIGHT_COLD: HourWindow = HourWindow { from: 17, to: 9 };

fn leg(
    name: &str,
    method: usize,
    km: f64,
    terrain: Terrain,
    altitude_m: i64,
    temperature: Temperature,
) -> Leg {
    Leg {
        method,
        terrain,
        altitude_m,
        temperature,
        ..Leg::new(name, km)
    }
}

/// The regions the journey's legs cross.
struct Regions {
    pass: Option<RegionId>,
    plain: Option<RegionId>,
}

/// The Watch's week and more to Emberfall: over a pass above 2,500 m in the cold, then
/// across a plain that is extremely hot from 10:00 to 18:00 (its nights are
/// not), with a forced march on the second day; and a longer way round by
/// the river to compare. Planned as a careful GM would: the pass crossed in
/// one morning, so nobody camps on it.
fn to_emberfall(
    id: JourneyId,
    party: PartyId,
    start: ClockTime,
    watchers: Vec<crate::model::CharacterId>,
    regions: Regions,
) -> Journey {
    use Temperature::{ExtremeCold, ExtremeHeat, Normal};
    use Terrain::Difficult;
    let pass = Route {
        name: "Over the Greyspine pass".to_owned(),
        legs: vec![
            leg("Kettleford road", 0, 32.0, Terrain::Normal, 300, Normal),
            leg("Greyspine foothills", 0, 20.0, Difficult, 1_400, Normal),
            Leg {
                weather_hours: Some(PASS_NIGHT_COLD),
                region: regions.pass,
                ..leg("The pass", 0, 12.0, Difficult, 2_750, ExtremeCold)
            },
            leg("The long descent", 0, 16.0, Difficult, 1_500, Normal),
            Leg {
                weather_hours: Some(PLAIN_HEAT),
                region: regions.plain,
                ..leg(
                    "The Ashen plain",
                    0,
                    64.0,
                    Terrain::Normal,
                    200,
                    ExtremeHeat,
                )
            },
            leg("Emberfall road", 0, 20.0, Terrain::Normal, 150, Normal),
        ],
    };
    let river = Route {
        name: "Round by the river".to_owned(),
        legs: vec![
            leg("Kettleford road", 0, 32.0, Terrain::Normal, 300, Normal),
            leg("Down the Silverrun", 2, 160.0, Terrain::Normal, 100, Normal),
            Leg {
                weather_hours: Some(PLAIN_HEAT),
                region: regions.plain,
                ..leg(
                    "The Ashen plain, south edge",
                    0,
                    48.0,
                    Terrain::Normal,
                    150,
                    ExtremeHeat,
                )
            },
            leg("Emberfall road", 0, 20.0, Terrain::Normal, 150, Normal),
        ],
    };
    let mut days = std::collections::BTreeMap::new();
    days.insert(
        1,
        DayChange {
            travel_hours: Some(10),
            ..DayChange::default()
        },
    );

    Journey {
        id,
        name: "To Emberfall".to_owned(),
        party,
        start,
        plan: JourneyPlan {
            left_behind: Vec::new(),
            resumed: Vec::new(),
            shown: Default::default(),
            methods: Method::standard(),
            routes: vec![pass, river],
            chosen: 0,
            pattern: DayPattern {
                watchers,
                ..DayPattern::default()
            },
            food_order: FoodOrder::PackFirst,
            days,
        },
        played_hours: 0,
        log: Vec::new(),
        food_left: Vec::new(),
        food_opened: Vec::new(),
        exhaustion_gained: Vec::new(),
    }
}
