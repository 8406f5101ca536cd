//! The food ledger of a plan: what each character needs each day (40 units
//! times the day's multiplier), what the plan gives them (full, half or no
//! rations) and from where (their own pack or the party stash, in the order
//! the GM chose), what that leaves, the days without food it adds, and the day
//! the food runs out at full and at half rations. A campaign that counts
//! food and drink apart needs half of each day's units from food and half
//! from drink (`Pools::take`). Animals (a house rule: NOTES.md, "Animals
//! and vehicles") eat fodder and drink water, and people eat no fodder;
//! what an animal carries is the party's, eaten as the stash is; on a day
//! where the land allows grazing, an animal that grazes is fed by it.

use super::{JourneyPlanView, members};
use crate::model::{
    CampaignData, Category, Change, Character, CharacterId, FoodOrder, Holder, Holding, HoldingId,
    Journey, PartyId, Ration,
};
use serde::Serialize;
use std::collections::BTreeMap;
use waybook_rules::travel::rations::{self, DAILY_UNITS, Day, Rations, Status};

/// One character's eating on one day.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FoodEntry {
    pub character: CharacterId,
    pub name: String,
    pub required: f64,
    pub ration: Ration,
    pub planned: f64,
    pub eaten: f64,
    /// Units taken from packs and stash: whole items opened, so it may
    /// pass what is eaten; the rest of the last item is not kept.
    pub opened: f64,
    pub status: Status,
    pub days_without: f64,
    /// Degrees of exhaustion hunger adds at the end of the day.
    pub hunger: u32,
    /// An animal fed by grazing (a house rule).
    pub grazed: bool,
    pub animal: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FoodDay {
    pub index: i64,
    pub entries: Vec<FoodEntry>,
    /// Units left in packs and stash after the day.
    pub units_left: f64,
    /// Of those, the units of drink (water).
    pub drink_left: f64,
    /// The day's units needed, planned, eaten and opened, added over its
    /// entries: the units left are those of the day before less those
    /// opened.
    pub required: f64,
    pub planned: f64,
    /// Eaten from packs and stash; what grazing animals found is apart.
    pub eaten: f64,
    pub opened: f64,
    /// Units grazing animals found on the land (a house rule).
    pub grazed: f64,
}

impl FoodDay {
    /// Day `index` of the ledger: its entries added up, and what `pools`
    /// has left after it.
    fn of(index: i64, entries: Vec<FoodEntry>, pools: &Pools) -> Self {
        // Folded from +0: a day of nobody is 0, never -0.
        let sum = |f: fn(&FoodEntry) -> f64| entries.iter().map(f).fold(0.0, |a, b| a + b);
        FoodDay {
            index,
            required: sum(|e| e.required),
            planned: sum(|e| e.planned),
            eaten: sum(|e| if e.grazed { 0.0 } else { e.eaten }),
            opened: sum(|e| e.opened),
            grazed: sum(|e| if e.grazed { e.eaten } else { 0.0 }),
            entries,
            units_left: pools.total(),
            drink_left: pools.drink(),
        }
    }

    /// The units the day's animals need, and those they ate (grazing
    /// counted as eaten): their part of the day's figures.
    pub fn animals(&self) -> (f64, f64) {
        (self.entries.iter().filter(|e| e.animal)).fold((0.0, 0.0), |(need, ate), e| {
            (need + e.required, ate + e.eaten)
        })
    }

    /// Whether the day's animals graze (a house rule): some animal fed by
    /// the land.
    pub fn grazing(&self) -> bool {
        self.entries.iter().any(|e| e.grazed)
    }

    /// Units opened beyond those eaten: what is left of whole items
    /// opened, not kept (counted apart, also food or drink beyond the
    /// other half, which does not count).
    pub fn left_over(&self) -> f64 {
        (self.opened - self.eaten).max(0.0)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FoodLedger {
    /// The first day still to eat: days already played are in the past.
    pub from_day: i64,
    /// Units in packs and stash now, before that day (at the start of the
    /// journey when nothing has been played).
    pub units_at_start: f64,
    /// Of those, the units of drink (water).
    pub drink_at_start: f64,
    /// The campaign counts food and drink apart: half of each day's units
    /// from each.
    pub apart: bool,
    pub days: Vec<FoodDay>,
    /// The first day (0-based, counted from departure) someone goes short,
    /// everyone on full rations; `None` if the food outlasts ten years.
    pub runs_out_full: Option<i64>,
    pub runs_out_half: Option<i64>,
    pub warnings: Vec<String>,
    /// The campaign does not count food: it "is always being looked after",
    /// and the ledger has no days.
    pub looked_after: bool,
}

/// A stack of food or drink: units in one item, and how many items.
#[derive(Debug, Clone, Copy)]
struct Stack {
    id: HoldingId,
    units: i64,
    quantity: i64,
    drink: bool,
    /// Fodder: for animals only.
    fodder: bool,
}

/// What a character's day of eating came to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Meal {
    /// Units in the whole items opened, which may pass what was wanted.
    pub opened: f64,
    /// Units that count towards the day's need: at most what was wanted;
    /// counted apart, twice the smaller of the food and the drink.
    pub eaten: f64,
    /// Counted apart: the half of the day's units that was short.
    pub short_of: Option<&'static str>,
    /// An animal fed by grazing: nothing opened, the day's need met.
    pub grazed: bool,
}

impl Meal {
    /// A day where nothing was eaten (booked unfed).
    pub(super) const NONE: Meal = Meal {
        opened: 0.0,
        eaten: 0.0,
        short_of: None,
        grazed: false,
    };
}

/// The food in packs and stash, eaten in the GM's order and in whole items:
/// the one way both the plan and play eat, so their figures agree.
#[derive(Debug, Clone)]
pub(super) struct Pools {
    packs: BTreeMap<CharacterId, Vec<Stack>>,
    stash: Vec<Stack>,
    order: FoodOrder,
    apart: bool,
    /// The animals among the eaters, and whether each grazes.
    animals: BTreeMap<CharacterId, bool>,
    /// Whether the day being eaten lets animals graze.
    grazing: bool,
}

impl Pools {
    /// The food a journey's party's members and stash hold in `holdings`.
    pub(super) fn new(
        data: &CampaignData,
        holdings: &BTreeMap<HoldingId, Holding>,
        journey: &Journey,
        members: impl IntoIterator<Item = CharacterId>,
    ) -> Self {
        Self::of_party(
            data,
            holdings,
            (journey.party, journey.plan.food_order),
            members,
            &journey.plan.left_behind,
        )
    }

    /// The food `party`'s members, stash and vehicles hold, eaten in
    /// `order`; the cargo of a vehicle `left_behind` stays behind with it.
    pub(super) fn of_party(
        data: &CampaignData,
        holdings: &BTreeMap<HoldingId, Holding>,
        (party, order): (PartyId, FoodOrder),
        members: impl IntoIterator<Item = CharacterId>,
        left_behind: &[crate::model::VehicleId],
    ) -> Self {
        // One pass over the holdings, however many members: a party of
        // thousands in a campaign of 100,000 stacks stays one pass.
        let mut packs: BTreeMap<CharacterId, Vec<Stack>> = BTreeMap::new();
        let mut animals = BTreeMap::new();
        for id in members {
            // What an animal carries is the party's: eaten as the stash is.
            match (data.characters.get(&id)).and_then(|c| c.animal.as_ref()) {
                Some(animal) => {
                    let rules = &data.settings.house_rules;
                    let grazes = rules.animal_type(&animal.breed).is_some_and(|t| t.grazes);
                    animals.insert(id, grazes);
                }
                None => {
                    packs.insert(id, Vec::new());
                }
            }
        }
        let mut stash = Vec::new();
        let carts: Vec<crate::model::VehicleId> = (data.vehicles_brought(party, left_behind))
            .map(|v| v.id)
            .collect();
        for h in holdings.values().filter(|h| h.quantity > 0) {
            let into = match h.holder {
                Holder::Character(c) if animals.contains_key(&c) => Some(&mut stash),
                Holder::Character(c) => packs.get_mut(&c),
                Holder::Stash(p) if p == party => Some(&mut stash),
                Holder::Stash(_) => None,
                // A vehicle's cargo is the party's: eaten as the stash is.
                Holder::Vehicle(v) if carts.contains(&v) => Some(&mut stash),
                Holder::Vehicle(_) => None,
            };
            let Some(into) = into else { continue };
            if let Some(item) = data.items.get(&h.item)
                && item.category.has_food_units()
                && item.food_units > 0
            {
                into.push(Stack {
                    id: h.id,
                    units: item.food_units,
                    quantity: h.quantity,
                    drink: item.category == Category::Water,
                    fodder: item.fodder && item.category == Category::Food,
                });
            }
        }
        Self {
            packs,
            stash,
            order,
            apart: data.settings.food_and_drink_apart,
            animals,
            grazing: false,
        }
    }

    /// Sets whether the days eaten from now let animals graze.
    pub(super) fn graze(&mut self, grazing: bool) {
        self.grazing = grazing;
    }

    fn stacks(&self) -> impl Iterator<Item = &Stack> {
        self.packs
            .values()
            .chain(std::iter::once(&self.stash))
            .flatten()
    }

    /// Units of food and drink left in packs and stash (folded from +0: a
    /// sum of f64 over nothing is -0, which would print as "-0").
    pub(super) fn total(&self) -> f64 {
        self.stacks()
            .map(|s| (s.units * s.quantity) as f64)
            .fold(0.0, |a, b| a + b)
    }

    /// Units of drink (water) left in packs and stash.
    pub(super) fn drink(&self) -> f64 {
        self.stacks()
            .filter(|s| s.drink)
            .map(|s| (s.units * s.quantity) as f64)
            .fold(0.0, |a, b| a + b)
    }

    /// `who` eats a day's `want` units: whole items opened from pack and
    /// stash in the GM's order. Counted apart, half of `want` is food and
    /// half drink, and the day counts twice the smaller of the two.
    pub(super) fn take(&mut self, who: CharacterId, want: f64) -> Meal {
        let animal = self.animals.get(&who).copied();
        if self.grazing && animal == Some(true) {
            return Meal {
                eaten: want,
                grazed: true,
                ..Meal::NONE
            };
        }
        let eats = Eats {
            drink: None,
            fodder: animal.is_some(),
        };
        if !self.apart {
            let opened = self.open(who, want, eats);
            return Meal {
                opened,
                eaten: opened.min(want),
                ..Meal::NONE
            };
        }
        let half = want / 2.0;
        let food = self.open(
            who,
            half,
            Eats {
                drink: Some(false),
                ..eats
            },
        );
        let drink = self.open(
            who,
            half,
            Eats {
                drink: Some(true),
                ..eats
            },
        );
        let (fed, watered) = (food + 1e-9 >= half, drink + 1e-9 >= half);
        Meal {
            opened: food + drink,
            eaten: 2.0 * food.min(drink).min(half),
            short_of: match (fed, watered) {
                (true, true) => None,
                (true, false) => Some("drink"),
                (false, true) => Some("food"),
                (false, false) => Some("food and drink"),
            },
            grazed: false,
        }
    }

    /// Opens whole items of what `who` eats for them until `want` units are
    /// covered or nothing is left; returns the units opened.
    fn open(&mut self, who: CharacterId, want: f64, eats: Eats) -> f64 {
        let pack_first = self.order == FoodOrder::PackFirst;
        let mut opened = 0.0;
        for from_pack in [pack_first, !pack_first] {
            let stacks = if from_pack {
                self.packs.entry(who).or_default()
            } else {
                &mut self.stash
            };
            opened += open_items(stacks, want - opened, eats);
        }
        opened
    }

    /// What eating did to `data`: the changes to the `characters` as they
    /// ended, then to the stacks the pools opened.
    pub(super) fn changes(
        &self,
        data: &CampaignData,
        characters: &BTreeMap<CharacterId, Character>,
    ) -> Vec<Change> {
        let mut changes: Vec<Change> = (characters.values())
            .filter_map(|after| {
                let before = data.characters.get(&after.id)?;
                (before != after).then(|| Change::character(Some(before), Some(after)))
            })
            .collect();
        let mut holdings = data.holdings.clone();
        self.write_into(&mut holdings);
        changes.extend(Change::holdings_between(&data.holdings, &holdings));
        changes
    }

    /// Writes the quantities left into `holdings`; emptied stacks are removed.
    fn write_into(&self, holdings: &mut BTreeMap<HoldingId, Holding>) {
        for stack in self.stacks() {
            if stack.quantity <= 0 {
                holdings.remove(&stack.id);
            } else if let Some(h) = holdings.get_mut(&stack.id) {
                h.quantity = stack.quantity;
            }
        }
    }
}

/// What an eater opens: only drink, or only food, when `drink` says so;
/// fodder (and water) for an animal, food and water for anyone else.
#[derive(Debug, Clone, Copy)]
struct Eats {
    drink: Option<bool>,
    fodder: bool,
}

impl Eats {
    fn opens(self, s: &Stack) -> bool {
        s.quantity > 0
            && self.drink.is_none_or(|d| s.drink == d)
            && (s.drink || s.fodder == self.fodder)
    }
}

/// Opens items from `stacks` that `eats` opens to cover `want` units,
/// wasting as little as it can: the smallest item that covers what is still
/// wanted, else the largest item there is, and again. Returns the units
/// opened.
fn open_items(stacks: &mut [Stack], want: f64, eats: Eats) -> f64 {
    let mut opened = 0.0;
    while want - opened > 1e-9 {
        let still = want - opened;
        let left = stacks.iter_mut().filter(|s| eats.opens(s));
        let best = left.fold(None::<&mut Stack>, |best, s| match best {
            None => Some(s),
            Some(b) => {
                let (b_covers, s_covers) = (b.units as f64 >= still, s.units as f64 >= still);
                let better = match (b_covers, s_covers) {
                    (true, true) => s.units < b.units,
                    (false, false) => s.units > b.units,
                    (b_covers, _) => !b_covers,
                };
                Some(if better { s } else { b })
            }
        });
        let Some(stack) = best else { break };
        stack.quantity -= 1;
        opened += stack.units as f64;
    }
    opened
}

/// The units a ration plans for a day that requires `required`.
pub(super) fn planned_units(required: f64, ration: Ration) -> f64 {
    match ration {
        Ration::Full => required,
        Ration::Half => required / 2.0,
        Ration::None => 0.0,
    }
}

/// The first day someone goes short if everyone eats `ration` every day,
/// each day's need times its multiplier, its animals grazing where the day
/// allows it (`day` gives both).
fn runs_out(
    day: impl Fn(i64) -> (f64, bool),
    from_day: i64,
    mut pools: Pools,
    members: &[&Character],
    ration: Ration,
) -> Option<i64> {
    const TEN_YEARS: i64 = 3650;
    (from_day..from_day + TEN_YEARS).find(|&index| {
        let (multiplier, grazing) = day(index);
        pools.graze(grazing);
        members.iter().any(|c| {
            let want = planned_units(required(c, multiplier), ration);
            pools.take(c.id, want).eaten + 1e-9 < want
        })
    })
}

/// Whether the land feeds a party's grazing animals where it rests: its
/// region allows grazing, or a path it is on, or one setting out from the
/// place it is at, does (house rules).
pub fn grazing_at_rest(data: &CampaignData, party: &crate::model::Party) -> bool {
    let region = data.region_of_party(party).is_some_and(|r| r.grazing);
    let on = (party.travel.on_path)
        .and_then(|on| data.paths.get(&on.path))
        .is_some_and(|p| p.grazing);
    let around = (party.travel.place).is_some_and(|at| data.paths_at(at).any(|p| p.grazing));
    region || on || around
}

/// Whether the land feeds grazing animals on `day` of `journey`: a region
/// it is in or a path it follows says animals graze there (a house rule).
pub fn grazing_on(data: &CampaignData, journey: &Journey, day: &super::PlanDay) -> bool {
    day.slots.iter().any(|s| {
        let region = (s.place.region).and_then(|r| data.regions.get(&r));
        let path = (journey.route())
            .and_then(|r| r.legs.get(s.place.leg))
            .and_then(|l| l.path.as_ref())
            .and_then(|a| data.paths.get(&a.path));
        region.is_some_and(|r| r.grazing) || path.is_some_and(|p| p.grazing)
    })
}

impl FoodLedger {
    /// The ledger's line for a day of the journey, if it is still to come.
    pub fn day(&self, index: i64) -> Option<&FoodDay> {
        self.days.iter().find(|d| d.index == index)
    }
}

/// The ledger from the first day not yet played, with the food in hand now.
pub fn food_ledger(data: &CampaignData, journey: &Journey, view: &JourneyPlanView) -> FoodLedger {
    let members = members(data, journey);
    let pools = Pools::new(data, &data.holdings, journey, members.iter().map(|c| c.id));
    let units_at_start = pools.total();
    let drink_at_start = pools.drink();
    let apart = data.settings.food_and_drink_apart;
    let from_day = view.days_played(journey.played_hours);
    let mut ledger = FoodLedger {
        from_day,
        units_at_start,
        drink_at_start,
        apart,
        days: Vec::new(),
        runs_out_full: None,
        runs_out_half: None,
        warnings: Vec::new(),
        looked_after: !data.settings.track_food,
    };
    if ledger.looked_after {
        return ledger;
    }
    // The plan's days first, then ordinary days (where nobody grazes).
    let planned: Vec<(f64, bool)> = (view.days.iter())
        .map(|d| (d.food_factor, grazing_on(data, journey, d)))
        .collect();
    let on_day = |day: i64| {
        let at = usize::try_from(day).ok();
        at.and_then(|at| planned.get(at))
            .copied()
            .unwrap_or((1.0, false))
    };
    let runs_out_full = runs_out(on_day, from_day, pools.clone(), &members, Ration::Full);
    let runs_out_half = runs_out(on_day, from_day, pools.clone(), &members, Ration::Half);
    let mut pools = pools;
    let mut days_without: BTreeMap<CharacterId, f64> = members
        .iter()
        .map(|c| (c.id, c.exploration.days_without_food))
        .collect();
    let mut warnings = Vec::new();
    let mut days = Vec::new();
    'days: for day in view.days.iter().skip(from_day as usize) {
        let ration = journey
            .plan
            .days
            .get(&day.index)
            .and_then(|c| c.ration)
            .unwrap_or_default();
        let mut entries: Vec<FoodEntry> = Vec::with_capacity(members.len());
        pools.graze(on_day(day.index).1);
        for c in &members {
            let required = required(c, day.food_factor);
            let planned = planned_units(required, ration);
            // Whole items are opened; what passes the ration is not kept.
            let Meal {
                eaten,
                opened,
                grazed,
                ..
            } = pools.take(c.id, planned);
            let before = days_without.get(&c.id).copied().unwrap_or(0.0);
            let result = match eat(c, before, eaten, day.food_factor) {
                Ok(result) => result,
                Err(e) => {
                    // The ledger stops where it cannot be worked out.
                    warnings.push(format!(
                        "Day {}: {}'s food cannot be worked out ({e}); the ledger stops here",
                        day.index + 1,
                        c.name
                    ));
                    break 'days;
                }
            };
            days_without.insert(c.id, result.days_without);
            if result.exhaustion > 0 {
                warnings.push(format!(
                    "Day {}: {} passes the days-without-food limit ({}) and gains a degree of exhaustion",
                    day.index + 1,
                    c.name,
                    rations::days_without_limit(endurance(c))
                ));
            }
            entries.push(FoodEntry {
                character: c.id,
                name: c.name.clone(),
                required,
                ration,
                planned,
                eaten,
                opened,
                status: result.status,
                days_without: result.days_without,
                hunger: result.exhaustion,
                grazed,
                animal: c.is_animal(),
            });
        }
        days.push(FoodDay::of(day.index, entries, &pools));
    }
    ledger.days = days;
    ledger.runs_out_full = runs_out_full;
    ledger.runs_out_half = runs_out_half;
    ledger.warnings = warnings;
    ledger
}

/// A party's food as every screen and sheet shows it: the units in its
/// members' packs and its stash, what its members need today, and the days
/// it lasts at full and at half rations, eaten as a journey's ledger eats
/// (whole items, the stash after the packs). Each day's need is times the
/// day's multiplier: that of its weather where the party is (×2 in extreme
/// heat or cold), the weather rolled or foretold for it, else weighted by
/// the forecast's chance of each weather, as a journey's plan weighs it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartyFood {
    pub units: f64,
    /// Units its members need today from what it carries.
    pub need_today: f64,
    /// Units its grazing animals find on the land today (a house rule).
    pub grazed_today: f64,
    pub multiplier: u32,
    /// Why today's multiplier is what it is: "Greyspine pass: Extreme cold".
    pub weather: Option<String>,
    /// Whole days the food lasts everyone: `None` past ten years.
    pub days_full: Option<i64>,
    pub days_half: Option<i64>,
    /// The campaign does not count food: "always being looked after".
    pub looked_after: bool,
}

/// The food of `party` now (see [`PartyFood`]).
pub fn party_food(data: &CampaignData, party: PartyId) -> PartyFood {
    let mut members: Vec<&Character> = data.members(party).collect();
    members.sort_by_key(|c| c.id);
    let pools = Pools::of_party(
        data,
        &data.holdings,
        (party, FoodOrder::default()),
        members.iter().map(|c| c.id),
        &[],
    );
    let today = data.settings.clock.day;
    let region = data
        .parties
        .get(&party)
        .and_then(|p| data.region_of_party(p));
    let weather = |day: i64| region.and_then(|r| data.weather_on(r.id, today + day));
    let counting = data.settings.track_food && !members.is_empty();
    // The forecast is read only when the days are counted.
    let ahead =
        (region.filter(|_| counting)).map_or_else(Vec::new, |r| expected_multipliers(data, r));
    let multiplier_on = |day: i64| match weather(day) {
        Some(w) => f64::from(rations::day_multiplier(w.temperature())),
        // Not known: the forecast's chances, as a journey's plan reads
        // them; past the days looked at (or with no forecast), the last
        // day's, or today's weather.
        None => (ahead.get(day as usize).or(ahead.last()).copied()).unwrap_or_else(|| {
            weather(0).map_or(1.0, |w| f64::from(rations::day_multiplier(w.temperature())))
        }),
    };
    let multiplier = weather(0).map_or(1, |w| rations::day_multiplier(w.temperature()));
    let grazing = (data.parties.get(&party)).is_some_and(|p| grazing_at_rest(data, p));
    let on_day = |day: i64| (multiplier_on(day), grazing);
    // What grazing animals find on the land today is not taken from the
    // party's food.
    let grazes = |c: &Character| {
        let rules = &data.settings.house_rules;
        grazing
            && (c.animal.as_ref())
                .and_then(|a| rules.animal_type(&a.breed))
                .is_some_and(|t| t.grazes)
    };
    let (grazed_today, need_today) = (members.iter())
        .map(|c| (grazes(c), required(c, f64::from(multiplier))))
        .fold((0.0, 0.0), |(land, stock), (grazed, units)| {
            if grazed {
                (land + units, stock)
            } else {
                (land, stock + units)
            }
        });
    let units = pools.total();
    let (days_full, days_half) = if counting {
        (
            runs_out(on_day, 0, pools.clone(), &members, Ration::Full),
            runs_out(on_day, 0, pools, &members, Ration::Half),
        )
    } else {
        (None, None)
    };
    PartyFood {
        units,
        need_today,
        grazed_today,
        multiplier,
        weather: region
            .zip(weather(0))
            .map(|(r, w)| format!("{}: {}", r.name, w.weather)),
        days_full,
        days_half,
        looked_after: !data.settings.track_food,
    }
}

/// How far ahead a party's food reads the forecast's chances: a year,
/// each season's table once.
const FORECAST_DAYS: i64 = 366;

/// The expected food multiplier of each day from today in `region`: each
/// weather's multiplier weighted by the forecast's chance of it (the
/// Weather screen's odds, which a journey's plan reads too). Empty when
/// the region has no table to forecast with.
fn expected_multipliers(data: &CampaignData, region: &crate::model::Region) -> Vec<f64> {
    let through = data.settings.clock.day + FORECAST_DAYS;
    let days = crate::world::weather::odds_from_today(data, region, through).unwrap_or_default();
    (days.iter())
        .map(|d| {
            (super::skies::by_temperature(&d.odds).iter())
                .map(|(t, p)| p * f64::from(rations::day_multiplier(*t)))
                .sum()
        })
        .collect()
}

impl PartyFood {
    /// The days the food lasts, in words: "4", "over ten years", "–" for a
    /// party of nobody or a campaign that does not count food.
    pub fn days_said(days: Option<i64>, looked_after: bool, nobody: bool) -> String {
        match (days, looked_after || nobody) {
            (_, true) => "–".to_owned(),
            (Some(d), false) => d.to_string(),
            (None, false) => LASTS_LONGER.to_owned(),
        }
    }

    /// A party of nobody's food in words, as its sheet says it: "12 units
    /// in hand (the stash); no members to eat them".
    pub fn of_nobody(&self) -> String {
        format!(
            "{} units in hand (the stash); no members to eat them",
            crate::model::decimal(self.units.round())
        )
    }

    /// Days the food lasts in a sentence: "1 day", "12 days", "over ten
    /// years".
    pub fn days_in_words(days: Option<i64>) -> String {
        days.map_or_else(
            || LASTS_LONGER.to_owned(),
            |d| crate::model::plural(d, "day"),
        )
    }
}

/// What food that lasts past the ten years counted lasts.
const LASTS_LONGER: &str = "over ten years";

pub fn endurance(c: &Character) -> i32 {
    i32::try_from(c.exploration.trait_value("Endurance")).unwrap_or(0)
}

/// The units a character needs on a day: 40, times the day's multiplier
/// (the weather's, or what to expect of it) and the character's own need.
pub fn required(c: &Character, day_multiplier: f64) -> f64 {
    DAILY_UNITS * c.exploration.food_multiplier(day_multiplier)
}

/// One day of eating through the rules: status, days without food, hunger;
/// or why the rules could not read it (never a made-up full day).
pub fn eat(
    c: &Character,
    days_without: f64,
    eaten: f64,
    multiplier: f64,
) -> Result<rations::DayResult, waybook_rules::RuleError> {
    let request = Rations {
        endurance: endurance(c),
        start_days_without: days_without,
        days: vec![Day {
            eaten: eaten.floor().max(0.0) as u32,
            multiplier: c.exploration.food_multiplier(multiplier),
        }],
    };
    let result = rations::rations(&request)?;
    result
        .days
        .first()
        .copied()
        .ok_or_else(|| waybook_rules::RuleError::new("days", "the rules gave no day back"))
}

#[cfg(test)]
mod tests {
    use super::{Eats, Stack, open_items};
    use crate::model::HoldingId;

    fn stack(id: i64, units: i64, quantity: i64) -> Stack {
        Stack {
            id: HoldingId(id),
            units,
            quantity,
            drink: false,
            fodder: false,
        }
    }

    const FOOD: Eats = Eats {
        drink: None,
        fodder: false,
    };

    /// Issue 8: with smoked fish (15 a unit) and trail rations (20), a day's
    /// 40 units are two rations, not fish that wastes 5.
    #[test]
    fn whole_items_are_opened_to_waste_least() {
        let mut stacks = [stack(1, 15, 10), stack(2, 20, 40)];
        assert_eq!(open_items(&mut stacks, 40.0, FOOD), 40.0);
        assert_eq!((stacks[0].quantity, stacks[1].quantity), (10, 38));
        let mut fish_only = [stack(1, 15, 10)];
        assert_eq!(
            open_items(&mut fish_only, 40.0, FOOD),
            45.0,
            "three fish cover 40"
        );
        let mut half = [stack(1, 15, 10), stack(2, 20, 40)];
        assert_eq!(
            open_items(&mut half, 15.0, FOOD),
            15.0,
            "the fish fits a 15"
        );
        let mut short = [stack(1, 20, 1)];
        assert_eq!(open_items(&mut short, 40.0, FOOD), 20.0, "all there is");
        assert_eq!(short[0].quantity, 0);
    }
}
