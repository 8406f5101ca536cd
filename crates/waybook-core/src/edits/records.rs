//! Adding, changing and removing one record as the screens' Add, Delete,
//! Remove and Move buttons do: each new record with the defaults a GM starts
//! from, under the next free id, and each edit named as the Edit menu shows
//! it. Screens send these edits and never make a record themselves: a
//! field typed on a screen becomes its edit through the one commit path
//! (`ui::input`, `Typing::commit`), and a step played through its
//! domain module.

use crate::model::gathering::SiteMaterial;
use crate::model::{
    CalendarEvent, CampaignData, Category, Change, Character, CharacterKind, Cult, CultSide, Edit,
    EncounterTables, Item, Journey, Leg, MapPath, MaterialType, Party, PartyId, Place, PlaceId,
    Record, Recurrence, Region, RegionId, Reshape, Site, TableDef, TableRowDef, Ware, limits,
};
use waybook_rules::expr::DiceExpr;
use waybook_rules::travel::gather::Abundance;

/// A new record and the edit that adds it.
#[derive(Debug)]
pub struct Added<R: Record> {
    pub id: R::Id,
    pub edit: Edit,
}

/// The edit that adds `record`, named `label`.
fn added<R: Record>(label: impl Into<String>, record: &R) -> Added<R> {
    Added {
        id: record.id(),
        edit: Edit::new(label, vec![Change::of(None, Some(record))]),
    }
}

/// The edit that removes `record` (undo brings it back), named `label`.
pub fn remove<R: Record>(label: impl Into<String>, record: &R) -> Edit {
    Edit::new(label, vec![Change::of(Some(record), None)])
}

/// The edit `change` makes of `record` as a whole, named `label`.
fn changed<R: Record>(label: impl Into<String>, record: &R, change: impl FnOnce(&mut R)) -> Edit {
    let mut after = record.clone();
    change(&mut after);
    Edit::new(label, vec![Change::of(Some(record), Some(&after))])
}

/// A hero called "New character", for the GM to name, in `party` (the
/// party of the character the GM has chosen) or, with none, the
/// campaign's one party if it has only one.
pub fn add_character(data: &CampaignData, party: Option<PartyId>) -> Added<Character> {
    let mut c = Character::new(
        data.next_id::<Character>(),
        "New character",
        CharacterKind::Hero,
    );
    c.party = party.or_else(|| only(data.parties.keys()));
    added("Add character", &c)
}

/// The one of `ids`, if there is exactly one.
fn only<'a, I: Copy + 'a>(mut ids: impl Iterator<Item = &'a I>) -> Option<I> {
    match (ids.next(), ids.next()) {
        (Some(id), None) => Some(*id),
        _ => None,
    }
}

/// The region a new place or leg is in when nothing nearer says: the
/// campaign's one region, if it has only one.
fn only_region(data: &CampaignData) -> Option<RegionId> {
    only(data.regions.keys())
}

/// What changing a character's kind does: the edit, and whether the GM's
/// own Wounds were kept where the new kind sets others (ask before
/// overwriting them).
pub struct KindChange {
    pub edit: Edit,
    /// The Wounds the new kind sets, when the GM typed other Wounds than
    /// the old kind's: kept, and offered.
    pub typed_wounds: Option<i64>,
}

/// `c` made a `kind`: what the kind sets comes with it ("5 for a standard
/// hero, 9 for The Traveller", with any +1 Wounds advances), the wounds
/// taken kept; Wounds the GM typed by hand are kept and the kind's offered.
pub fn set_kind(c: &Character, kind: CharacterKind) -> KindChange {
    let mut after = c.clone();
    after.kind = kind;
    let (old, new) = (
        c.companion.wounds_by_the_rules(c.kind),
        c.companion.wounds_by_the_rules(kind),
    );
    let wounds = c.companion.wounds;
    let by_hand = wounds.max != old && wounds.max != new;
    let mut label = format!("Change kind of {} to {}", c.name, kind.label());
    if !by_hand && wounds.max != new {
        let taken = wounds.max - wounds.current;
        after.companion.wounds = crate::model::Track {
            max: new,
            current: (new - taken).clamp(0, new),
        };
        label += &format!(" (Wounds {} → {new})", wounds.max);
    }
    KindChange {
        edit: Edit::new(label, vec![Change::character(Some(c), Some(&after))]),
        typed_wounds: by_hand.then_some(new),
    }
}

/// The Wounds `kind` sets, put on `c` (the wounds taken kept).
pub fn set_kind_wounds(c: &Character, wounds: i64) -> Edit {
    let taken = c.companion.wounds.max - c.companion.wounds.current;
    changed(format!("Set {}'s Wounds to {wounds}", c.name), c, |c| {
        c.companion.wounds = crate::model::Track {
            max: wounds,
            current: (wounds - taken).clamp(0, wounds),
        };
    })
}

/// A copy of `c` named "{name} (copy)", with everything but what they carry.
pub fn duplicate_character(data: &CampaignData, c: &Character) -> Added<Character> {
    let copy = Character {
        id: data.next_id::<Character>(),
        name: format!("{} (copy)", c.name),
        ..c.clone()
    };
    added(format!("Duplicate {}", c.name), &copy)
}

/// `c` joins `party`, or leaves theirs with `None`; or why not: from one
/// party to another only once the two have met (`meeting::apart`).
pub fn set_party(
    data: &CampaignData,
    c: &Character,
    party: Option<PartyId>,
) -> Result<Edit, String> {
    if let Some(why) = super::meeting::move_refused(data, c, party) {
        return Err(why);
    }
    let name = |p: PartyId| data.parties.get(&p).map_or("?", |p| p.name.as_str());
    let label = match (party, c.party) {
        (Some(p), _) => format!("Add {} to {}", c.name, name(p)),
        (None, Some(old)) => format!("Remove {} from {}", c.name, name(old)),
        (None, None) => format!("Change party of {}", c.name),
    };
    let mut edit = changed(label, c, |c| c.party = party);
    // A rider and the animal they ride part when one leaves the party; an
    // animal leaves the teams of its old party's vehicles.
    crate::model::ties::keep(data, &mut edit.changes);
    Ok(edit)
}

/// A party called "New party", living from the campaign's clock (the
/// latest present of any party).
pub fn add_party(data: &CampaignData) -> Added<Party> {
    added(
        "Add party",
        &Party::new(data.next_id::<Party>(), "New party", data.settings.clock),
    )
}

/// Puts a party that is nowhere, or off the map past its last place, at
/// `place`, so it can set out.
pub fn put_party_at(party: &Party, place: &Place) -> Edit {
    changed(
        format!("Put {} at {}", party.name, place.name),
        party,
        |p| {
            p.travel.place = Some(place.id);
            p.travel.beyond = None;
        },
    )
}

/// An item called "New item", in no category yet.
pub fn add_item(data: &CampaignData) -> Added<Item> {
    let item = Item::new(data.next_id::<Item>(), "New item", Category::Other);
    added("Add item", &item)
}

/// A settlement at `(x, y)` on the map, numbered after the places there,
/// in the region of the nearest place (the campaign's one region, if none
/// is nearer).
pub fn add_place(data: &CampaignData, x: f64, y: f64) -> Added<Place> {
    let nearest = data.places.values().min_by(|a, b| {
        let far = |p: &Place| (p.x - x).powi(2) + (p.y - y).powi(2);
        far(a).total_cmp(&far(b))
    });
    let place = Place {
        region: nearest.and_then(|p| p.region).or_else(|| only_region(data)),
        ..Place::new(
            data.next_id::<Place>(),
            format!("Place {}", data.places.len() + 1),
            (x, y),
        )
    };
    added("Add place", &place)
}

/// `place` dragged to `(x, y)`, kept on the map.
pub fn move_place(place: &Place, x: f64, y: f64) -> Edit {
    let on_map = |v: f64| {
        v.clamp(
            *limits::MAP_COORDINATE.start(),
            *limits::MAP_COORDINATE.end(),
        )
    };
    changed(format!("Move {}", place.name), place, |p| {
        p.x = on_map(x);
        p.y = on_map(y);
    })
}

/// A path drawn from one place to another, named after both, one round long
/// at the texts' middling difficulty.
pub fn add_path(data: &CampaignData, from: PlaceId, to: PlaceId) -> Added<MapPath> {
    let name = |id: PlaceId| data.places.get(&id).map_or("?", |p| p.name.as_str());
    let path = MapPath::new(
        data.next_id::<MapPath>(),
        format!("{} – {}", name(from), name(to)),
        from,
        to,
    );
    added("Draw path", &path)
}

/// A lesser god with two empty cults, numbered after the others.
pub fn add_cult(data: &CampaignData) -> Added<Cult> {
    let cult = Cult {
        id: data.next_id::<Cult>(),
        god: format!("Lesser god {}", data.cults.len() + 1),
        bright: CultSide::default(),
        dark: CultSide::default(),
    };
    added("Add a lesser god", &cult)
}

/// A merchant's ware: a day's Supplies for 5.
pub fn add_ware(data: &CampaignData) -> Added<Ware> {
    let ware = Ware {
        id: data.next_id::<Ware>(),
        name: "Supplies".to_owned(),
        price: 5,
        supplies: 1,
        item: None,
        suggested: false,
    };
    added("Add ware", &ware)
}

/// A gathering site with common wild herbs, numbered after the others.
pub fn add_site(data: &CampaignData) -> Added<Site> {
    let site = Site {
        shown: Default::default(),
        id: data.next_id::<Site>(),
        name: format!("Site {}", data.sites.len() + 1),
        place: None,
        notes: String::new(),
        materials: vec![SiteMaterial::new(
            "Wild herbs",
            MaterialType::Plant,
            Abundance::Common,
        )],
        sources: Vec::new(),
    };
    added("Add gathering site", &site)
}

/// A d6 table with one row, for the GM to fill in.
pub fn add_table(data: &CampaignData) -> Added<TableDef> {
    let table = TableDef {
        id: data.next_id::<TableDef>(),
        name: "New table".into(),
        dice: DiceExpr::die(6).into(),
        rows: vec![TableRowDef {
            from: 1,
            to: 6,
            result: "Something happens".into(),
        }],
        suggested: false,
    };
    added("New table", &table)
}

/// A leg `name` of `km` on foot for `party`, in the region the party is in
/// (the campaign's one region, if it says none).
pub fn new_leg(data: &CampaignData, party: PartyId, name: &str, km: f64) -> Leg {
    let mut leg = Leg::new(name, km);
    leg.region = (data.parties.get(&party))
        .and_then(|p| data.region_of_party(p))
        .map(|r| r.id)
        .or_else(|| only_region(data));
    leg
}

/// Why `party` may not plan a new journey now, if it may not: it is on a
/// trip, named (a party lives each day once; another way there is a
/// route to compare within that trip).
pub fn journey_refused(data: &CampaignData, party: PartyId) -> Option<String> {
    let busy = crate::plan::on_another_trip(data, party, None)?;
    Some(format!(
        "{busy}. Play it to its end, or add a route to compare on its Route tab"
    ))
}

/// A journey of `party` from its present, one 32 km leg on foot in the
/// region the party is in ([`crate::plan::new_trip`]'s day pattern); or
/// why not: the party is on a trip, named (a party lives each day once;
/// another way there is a route to compare within that trip).
pub fn add_journey(data: &CampaignData, party: PartyId) -> Result<Added<Journey>, String> {
    if let Some(why) = journey_refused(data, party) {
        return Err(why);
    }
    let leg = new_leg(data, party, "First leg", 32.0);
    let journey = crate::plan::new_trip(data, party, "New journey", leg);
    Ok(added("New journey", &journey))
}

/// The GM's event `name` (or "New event"), coming round `when`.
pub fn add_event(data: &CampaignData, name: &str, when: Recurrence) -> Added<CalendarEvent> {
    let name = match name.trim() {
        "" => "New event",
        name => name,
    };
    let event = CalendarEvent {
        shown: Default::default(),
        id: data.next_id::<CalendarEvent>(),
        name: name.to_owned(),
        notes: String::new(),
        when,
    };
    added(format!("Add event {name}"), &event)
}

/// Season `i` of the calendar renamed `name`, each region's table for it
/// kept under the new name; none when another season has that name.
pub fn rename_season(data: &CampaignData, i: usize, name: &str) -> Option<Edit> {
    let seasons = &data.settings.calendar.seasons;
    let old = seasons.get(i)?.name.clone();
    // Two seasons of one name would share (and overwrite) their tables.
    if seasons
        .iter()
        .enumerate()
        .any(|(j, s)| j != i && s.name == name)
    {
        return None;
    }
    let mut settings = data.settings.clone();
    settings.calendar.seasons.get_mut(i)?.name = name.to_owned();
    let mut changes = vec![Change::of(Some(&data.settings), Some(&settings))];
    for r in data
        .regions
        .values()
        .filter(|r| r.tables.contains_key(&old))
    {
        let mut after = r.clone();
        if let Some(table) = after.tables.remove(&old) {
            after.tables.insert(name.to_owned(), table);
        }
        changes.push(Change::of(Some(r), Some(&after)));
    }
    Some(Edit::new(format!("Rename season {old} to {name}"), changes))
}

/// The calendar `reshape`d, and every event with it: a yearly date follows
/// its month or festival, a moon event its moon. Refused, in words, when
/// events would lose their day (they are named: the GM moves or removes
/// them first) or the calendar would not be whole.
pub fn reshape_calendar(data: &CampaignData, reshape: &Reshape) -> Result<Edit, String> {
    let before = &data.settings.calendar;
    let label = reshape.label(before);
    let mut settings = data.settings.clone();
    reshape.apply(&mut settings.calendar);
    settings
        .calendar
        .check()
        .map_err(|e| format!("{label} was refused: {e}"))?;
    let mut changes = vec![Change::of(Some(&data.settings), Some(&settings))];
    let mut stranded = Vec::new();
    for e in data.events.values() {
        match reshape.carry(before, &e.when) {
            Some(when) if when == e.when => {}
            Some(when) => {
                let after = CalendarEvent { when, ..e.clone() };
                changes.push(Change::of(Some(e), Some(&after)));
            }
            None => stranded.push(e.name.as_str()),
        }
    }
    if !stranded.is_empty() {
        return Err(format!(
            "{label} was refused: the events {} fall on it; remove them first (Calendar screen, on their days)",
            stranded.join(", ")
        ));
    }
    Ok(Edit::new(label, changes))
}

/// A region called "Region N", whose days keep yesterday's weather three
/// times in ten, so weather comes in spells from the start.
pub fn add_region(data: &CampaignData) -> Added<Region> {
    let mut region = Region::new(
        data.next_id::<Region>(),
        format!("Region {}", data.regions.len() + 1),
    );
    region.keep_percent = 30;
    added("Add region", &region)
}

/// Removes `region` with its weather; the places, paths and journeys' legs
/// in it are left in none. Undo brings all of it back.
pub fn remove_region(data: &CampaignData, region: &Region) -> Edit {
    let mut changes = vec![Change::of(Some(region), None)];
    let gone = |r: Option<RegionId>| r == Some(region.id);
    for p in data.places.values().filter(|p| gone(p.region)) {
        changes.push(Change::of(
            Some(p),
            Some(&Place {
                region: None,
                ..p.clone()
            }),
        ));
    }
    for p in data.paths.values() {
        let mut after = p.clone();
        if gone(after.region) {
            after.region = None;
        }
        after.stretches.retain(|s| s.region != region.id);
        if after != *p {
            changes.push(Change::of(Some(p), Some(&after)));
        }
    }
    for j in data.journeys.values() {
        let mut after = j.clone();
        for leg in after.plan.routes.iter_mut().flat_map(|r| r.legs.iter_mut()) {
            if gone(leg.region) {
                leg.region = None;
            }
        }
        if after != *j {
            changes.push(Change::journey(Some(j), Some(&after)));
        }
    }
    let days = data.weather_of(
        region.id,
        *limits::CLOCK_DAY.start()..=*limits::CLOCK_DAY.end(),
    );
    changes.extend(days.map(|w| Change::of(Some(w), None)));
    Edit::new(format!("Remove region {}", region.name), changes)
}

/// Deletes `table`; what rolled on it (the campaign's weather and battle
/// items, a region's season or encounters, a path's encounters, a place's
/// merchant) rolls none, so no later table that takes its id is rolled in
/// its place. Undo brings all of it back.
pub fn remove_table(data: &CampaignData, table: &TableDef) -> Edit {
    let gone = |t: &mut Option<crate::model::TableId>| {
        if *t == Some(table.id) {
            *t = None;
        }
    };
    let clear = |e: &mut EncounterTables| {
        gone(&mut e.hazard);
        gone(&mut e.warriors);
        gone(&mut e.benign);
    };
    let mut changes = vec![Change::of(Some(table), None)];
    let mut settings = data.settings.clone();
    gone(&mut settings.weather_table);
    gone(&mut settings.gather_table);
    if settings != data.settings {
        changes.push(Change::of(Some(&data.settings), Some(&settings)));
    }
    for r in data.regions.values() {
        let mut after = r.clone();
        after.tables.retain(|_, t| *t != table.id);
        clear(&mut after.encounters);
        if after != *r {
            changes.push(Change::of(Some(r), Some(&after)));
        }
    }
    for p in data.paths.values() {
        let mut after = p.clone();
        clear(&mut after.encounters);
        if after != *p {
            changes.push(Change::of(Some(p), Some(&after)));
        }
    }
    for p in data.places.values() {
        let mut after = p.clone();
        gone(&mut after.merchant_table);
        if after != *p {
            changes.push(Change::of(Some(p), Some(&after)));
        }
    }
    Edit::new(format!("Delete table {}", table.name), changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Settings;

    fn apply(data: &mut CampaignData, edit: &Edit) {
        for change in &edit.changes {
            data.apply(change);
        }
    }

    #[test]
    fn a_new_record_takes_the_next_id_and_is_named_for_the_edit_menu() {
        let mut data = CampaignData::new(Settings::new("Test"));
        let first = add_party(&data);
        apply(&mut data, &first.edit);
        let second = add_party(&data);
        assert_ne!(first.id, second.id, "ids are never shared");
        assert_eq!(second.edit.label, "Add party");
        assert_eq!(data.parties[&first.id].name, "New party");
    }

    #[test]
    fn a_dragged_place_stays_on_the_map() {
        let mut data = CampaignData::new(Settings::new("Test"));
        let place = add_place(&data, 10.0, 10.0);
        apply(&mut data, &place.edit);
        let edit = move_place(&data.places[&place.id], -5.0e9, 5.0e9);
        apply(&mut data, &edit);
        let p = &data.places[&place.id];
        assert_eq!(
            (p.x, p.y),
            (
                *limits::MAP_COORDINATE.start(),
                *limits::MAP_COORDINATE.end()
            )
        );
        assert_eq!(edit.label, format!("Move {}", p.name));
    }

    #[test]
    fn joining_and_leaving_a_party_name_the_party() {
        let mut data = CampaignData::new(Settings::new("Test"));
        let party = add_party(&data);
        apply(&mut data, &party.edit);
        let ash = add_character(&data, None);
        apply(&mut data, &ash.edit);
        // Issue 34, 16: the campaign's one party is a new character's.
        assert_eq!(data.characters[&ash.id].party, Some(party.id));
        let leave = set_party(&data, &data.characters[&ash.id], None).expect("may leave");
        assert_eq!(leave.label, "Remove New character from New party");
        apply(&mut data, &leave);
        assert_eq!(data.characters[&ash.id].party, None);
        let join = set_party(&data, &data.characters[&ash.id], Some(party.id)).expect("may join");
        assert_eq!(join.label, "Add New character to New party");
        apply(&mut data, &join);
        let second = add_party(&data);
        apply(&mut data, &second.edit);
        let bo = add_character(&data, None);
        assert_eq!(
            bo.edit.changes[0],
            Change::character(
                None,
                Some(&Character::new(bo.id, "New character", CharacterKind::Hero))
            ),
            "with two parties, no guess"
        );
    }

    /// Issue 34, 16: what a GM corrected every time starts right: a new
    /// place in the campaign's one region; a journey's leg in the party's
    /// region, its members on watch in turn, setting off at sunrise (not
    /// 07:00 against an 08:00 sunrise) for the base travel hours.
    #[test]
    fn new_places_and_journeys_start_as_a_gm_would_set_them() {
        let mut data = CampaignData::new(Settings::new("Test"));
        data.settings.calendar.seasons[0].sunrise = 8.0;
        data.settings.calendar.seasons.truncate(1);
        let region = Region::new(RegionId(1), "Fens");
        apply(
            &mut data,
            &Edit::new("r", vec![Change::of(None, Some(&region))]),
        );
        let place = add_place(&data, 0.0, 0.0);
        apply(&mut data, &place.edit);
        assert_eq!(data.places[&place.id].region, Some(region.id));
        let party = add_party(&data);
        apply(&mut data, &party.edit);
        let mut ash = add_character(&data, None);
        apply(&mut data, &ash.edit);
        ash = add_character(&data, None);
        apply(&mut data, &ash.edit);
        let journey = add_journey(&data, party.id).expect("no trip under way");
        let j = match &journey.edit.changes[0] {
            Change::Journey { after: Some(j), .. } => j.clone(),
            other => panic!("a journey, not {other:?}"),
        };
        let p = &j.plan.pattern;
        assert_eq!(p.start_hour, 8, "sunrise");
        assert_eq!(p.travel_hours, data.settings.base_travel_hours());
        assert_eq!(p.watchers.len(), 2, "every member on watch in turn");
        assert_eq!(j.plan.routes[0].legs[0].region, Some(region.id));
    }

    #[test]
    fn a_deleted_table_is_rolled_by_nothing_and_undo_ties_it_back() {
        let mut data = CampaignData::new(Settings::default());
        let table = add_table(&data);
        apply(&mut data, &table.edit);
        let mut settings = data.settings.clone();
        settings.weather_table = Some(table.id);
        let tie = Edit::new(
            "tie",
            vec![Change::of(Some(&data.settings), Some(&settings))],
        );
        apply(&mut data, &tie);
        let region = Region {
            encounters: EncounterTables {
                hazard: Some(table.id),
                ..EncounterTables::default()
            },
            ..Region::new(RegionId(1), "Fens")
        };
        apply(
            &mut data,
            &Edit::new("r", vec![Change::of(None, Some(&region))]),
        );
        let before = data.clone();
        let edit = remove_table(&data, &data.tables[&table.id]);
        apply(&mut data, &edit);
        assert!(data.tables.is_empty());
        assert_eq!(data.settings.weather_table, None);
        assert_eq!(data.regions[&region.id].encounters.hazard, None);
        for change in edit.changes.iter().rev() {
            data.apply(&change.inverse());
        }
        assert_eq!(data.tables, before.tables);
        assert_eq!(data.regions, before.regions);
        assert_eq!(data.settings, before.settings);
    }
}
