//! The edits behind inventory and roster actions, computed from the campaign
//! in memory: moving, splitting and adding stacks, deleting records with what
//! hangs on them. Pure functions, so screens and tests share them. Adding,
//! changing and removing a single record is in [`records`].

pub mod animals;
pub mod clock;
pub mod meeting;
pub mod players;
pub mod records;
pub mod vehicles;

use crate::model::{
    CampaignData, Change, Character, CharacterId, Edit, Holder, Holding, HoldingId, ItemId, Party,
    limits,
};

/// Why an inventory or roster action was refused, in the GM's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("That stack no longer exists")]
    StackGone,
    #[error("That character no longer exists")]
    CharacterGone,
    #[error("{item} is already held by {holder}")]
    SameHolder { item: String, holder: String },
    #[error("The quantity must be at least 1, not {quantity}")]
    NotPositive { quantity: i64 },
    #[error("Cannot move {quantity} × {item}: {holder} holds only {held}")]
    MoreThanHeld {
        quantity: i64,
        item: String,
        holder: String,
        held: i64,
    },
    #[error("A stack of one {item} cannot be split")]
    SplitOne { item: String },
    #[error(
        "A split takes between 1 and {most} of the {held} × {item}, leaving at least one behind"
    )]
    SplitRange { item: String, most: i64, held: i64 },
    #[error("{holder} would hold {quantity} × {item}; a stack holds at most {max}")]
    StackFull {
        holder: String,
        quantity: i64,
        item: String,
        max: i64,
    },
    #[error("That place or path no longer exists")]
    MapGone,
    #[error("1 path starts or ends at {0}: delete it first")]
    OnePathAt(String),
    #[error("{count} paths start or end at {place}: delete them first")]
    PathsAt { count: usize, place: String },
    #[error("{party} is at {place} or heading there")]
    PartyAt { party: String, place: String },
    #[error("{party} is on {path}")]
    PartyOn { party: String, path: String },
    #[error("{journey} follows {path}: take another route for it first")]
    TripFollows { journey: String, path: String },
    #[error(
        "The stash of {party} cannot go to {party} itself: name another party, or none to remove it"
    )]
    StashToItself { party: String },
}

/// Moves `quantity` of a stack to another holder, merging into a stack of the
/// same item there. Refused with a message if it would leave a negative stack.
pub fn move_stack(
    data: &CampaignData,
    from: HoldingId,
    quantity: i64,
    to: Holder,
) -> Result<Edit, Refusal> {
    let source = data.holdings.get(&from).ok_or(Refusal::StackGone)?;
    let item = item_name(data, source.item);
    if to == source.holder {
        return Err(Refusal::SameHolder {
            item,
            holder: data.holder_name(to),
        });
    }
    check_quantity(
        quantity,
        source.quantity,
        &item,
        &data.holder_name(source.holder),
    )?;
    let mut changes = vec![take(source, quantity)];
    let stack = Stack {
        item: source.item,
        origin: source.origin.as_deref(),
    };
    changes.push(give(data, to, stack, quantity)?);
    Ok(Edit::new(
        format!("Move {quantity} × {item} to {}", data.holder_name(to)),
        changes,
    ))
}

/// Splits `quantity` off a stack into a new stack for the same holder.
pub fn split_stack(data: &CampaignData, from: HoldingId, quantity: i64) -> Result<Edit, Refusal> {
    let source = data.holdings.get(&from).ok_or(Refusal::StackGone)?;
    let item = item_name(data, source.item);
    if quantity < 1 || quantity >= source.quantity {
        return Err(if source.quantity < 2 {
            Refusal::SplitOne { item }
        } else {
            Refusal::SplitRange {
                item,
                most: source.quantity - 1,
                held: source.quantity,
            }
        });
    }
    let new = Holding {
        id: data.next_id::<crate::model::Holding>(),
        quantity,
        ..source.clone()
    };
    Ok(Edit::new(
        format!("Split {quantity} × {item}"),
        vec![
            take(source, quantity),
            Change::Holding {
                before: None,
                after: Some(new),
            },
        ],
    ))
}

/// Adds `quantity` of an item to each of `holders` (merging into their
/// stacks of it), as one edit: "Give 2 × Trail rations to Ash, Ilo and
/// Sefa".
pub fn add_stacks(
    data: &CampaignData,
    holders: &[Holder],
    item: ItemId,
    quantity: i64,
) -> Result<Edit, Refusal> {
    if quantity < 1 {
        return Err(Refusal::NotPositive { quantity });
    }
    let mut changes = Vec::with_capacity(holders.len());
    let mut next = data.next_id::<crate::model::Holding>().0;
    for &to in holders {
        let mut change = give(data, to, Stack { item, origin: None }, quantity)?;
        // Each new stack its own id.
        if let Change::Holding {
            before: None,
            after: Some(h),
        } = &mut change
        {
            h.id = HoldingId(next);
            next += 1;
        }
        changes.push(change);
    }
    let names: Vec<String> = holders.iter().map(|h| data.holder_name(*h)).collect();
    let to = match names.as_slice() {
        [] => "nobody".to_owned(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    let name = item_name(data, item);
    Ok(Edit::new(
        format!("Give {quantity} × {name} to {to}"),
        changes,
    ))
}

/// Removes a stack entirely.
pub fn drop_stack(data: &CampaignData, id: HoldingId) -> Option<Edit> {
    let h = data.holdings.get(&id)?;
    Some(Edit::new(
        format!(
            "Remove {} × {} from {}",
            h.quantity,
            item_name(data, h.item),
            data.holder_name(h.holder)
        ),
        vec![Change::Holding {
            before: Some(h.clone()),
            after: None,
        }],
    ))
}

/// What becomes of the things a deleted character carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KitFate {
    /// Into their party's stash (for a character with no party: dropped).
    #[default]
    ToStash,
    Drop,
}

/// Deletes characters in one undoable edit; what they carry goes to their
/// party's stash (merging with the stacks there) or is dropped.
pub fn delete_characters(
    data: &CampaignData,
    ids: &[CharacterId],
    fate: KitFate,
) -> Result<Edit, Refusal> {
    let mut holdings = data.holdings.clone();
    let mut next_id = data.next_id::<crate::model::Holding>().0;
    let mut names = Vec::new();
    let mut deleted = Vec::new();
    for id in ids {
        let c = data.characters.get(id).ok_or(Refusal::CharacterGone)?;
        names.push(c.name.clone());
        deleted.push(Change::character(Some(c), None));
        let carried: Vec<Holding> = data.holdings_of(Holder::Character(c.id)).cloned().collect();
        for h in carried {
            holdings.remove(&h.id);
            if let (KitFate::ToStash, Some(party)) = (fate, c.party) {
                let to = Holder::Stash(party);
                match holdings
                    .values_mut()
                    .find(|s| s.holder == to && s.item == h.item)
                {
                    Some(stack) => {
                        stack.quantity =
                            merged_quantity(data, stack.quantity, h.quantity, h.item, to)?;
                    }
                    None => {
                        let id = HoldingId(next_id);
                        next_id += 1;
                        holdings.insert(
                            id,
                            Holding {
                                id,
                                holder: to,
                                ..h
                            },
                        );
                    }
                }
            }
        }
    }
    let mut changes = Change::holdings_between(&data.holdings, &holdings);
    changes.extend(deleted);
    // The ledger goes with its hero: their awards leave the missions.
    for m in data.missions.values() {
        if m.awards.iter().any(|a| ids.contains(&a.character)) {
            let mut after = m.clone();
            after.awards.retain(|a| !ids.contains(&a.character));
            changes.push(Change::of(Some(m), Some(&after)));
        }
    }
    // An animal whose rider is deleted is left riderless, a vehicle's
    // team without the animals deleted.
    crate::model::ties::keep(data, &mut changes);
    let label = match names.as_slice() {
        [one] => format!("Delete {one}"),
        many => format!("Delete {} characters", many.len()),
    };
    Ok(Edit::new(label, changes))
}

/// Deletes a place of the map; refused while paths start or end there or
/// a party is there or heading there.
pub fn delete_place(data: &CampaignData, id: crate::model::PlaceId) -> Result<Edit, Refusal> {
    let place = data.places.get(&id).ok_or(Refusal::MapGone)?;
    match data.paths_at(id).count() {
        0 => {}
        1 => return Err(Refusal::OnePathAt(place.name.clone())),
        count => {
            return Err(Refusal::PathsAt {
                count,
                place: place.name.clone(),
            });
        }
    }
    if let Some(party) = data.parties.values().find(|party| {
        party.travel.place == Some(id)
            || party
                .travel
                .on_path
                .is_some_and(|on| on.toward == id || on.from == id)
    }) {
        return Err(Refusal::PartyAt {
            party: party.name.clone(),
            place: place.name.clone(),
        });
    }
    Ok(Edit::new(
        format!("Delete place {}", place.name),
        vec![Change::of(Some(place), None)],
    ))
}

/// Deletes a path of the map; refused while a party is on it.
pub fn delete_path(data: &CampaignData, id: crate::model::MapPathId) -> Result<Edit, Refusal> {
    let path = data.paths.get(&id).ok_or(Refusal::MapGone)?;
    if let Some(party) = data
        .parties
        .values()
        .find(|party| party.travel.on_path.is_some_and(|on| on.path == id))
    {
        return Err(Refusal::PartyOn {
            party: party.name.clone(),
            path: path.name.clone(),
        });
    }
    let follows = |j: &&crate::model::Journey| {
        (j.plan.routes.iter().flat_map(|r| &r.legs)).any(|l| l.path.is_some_and(|a| a.path == id))
    };
    if let Some(journey) = data.journeys.values().find(follows) {
        return Err(Refusal::TripFollows {
            journey: journey.name.clone(),
            path: path.name.clone(),
        });
    }
    Ok(Edit::new(
        format!("Delete path {}", path.name),
        vec![Change::of(Some(path), None)],
    ))
}

/// Deleting a party deletes its journeys and travel rounds and leaves its
/// members without a party; its stash is removed, or, with `stash_to`,
/// handed to that party's stash (merged into its stacks of the same item
/// and origin).
pub fn delete_party(
    data: &CampaignData,
    p: &Party,
    stash_to: Option<&Party>,
) -> Result<Edit, Refusal> {
    let mut changes = match stash_to {
        None => release(data, Holder::Stash(p.id)),
        Some(to) if to.id == p.id => {
            return Err(Refusal::StashToItself {
                party: p.name.clone(),
            });
        }
        Some(to) => hand_over(data, Holder::Stash(p.id), Holder::Stash(to.id))?,
    };
    for member in data.members(p.id) {
        let after = Character {
            party: None,
            ..member.clone()
        };
        changes.push(Change::character(Some(member), Some(&after)));
    }
    for journey in data.journeys.values().filter(|j| j.party == p.id) {
        changes.push(Change::journey(Some(journey), None));
    }
    for round in data.rounds.values().filter(|r| r.party == p.id) {
        changes.push(Change::of(Some(round), None));
    }
    // Its vehicles stay, with their cargo, in no party.
    for vehicle in data.vehicles.values().filter(|v| v.party == Some(p.id)) {
        let after = crate::model::Vehicle {
            party: None,
            ..vehicle.clone()
        };
        changes.push(Change::of(Some(vehicle), Some(&after)));
    }
    crate::model::ties::keep(data, &mut changes);
    changes.push(Change::of(Some(p), None));
    let label = match stash_to {
        Some(to) => format!("Delete party {}, its stash to {}", p.name, to.name),
        None => format!("Delete party {}", p.name),
    };
    Ok(Edit::new(label, changes))
}

/// Every stack `from` holds, handed to `to`: merged into `to`'s stack of
/// the same item and origin, or moved whole (keeping its id, so nothing
/// new is numbered); the stacks of `to` as they end, each changed once.
fn hand_over(data: &CampaignData, from: Holder, to: Holder) -> Result<Vec<Change>, Refusal> {
    let mut removed = Vec::new();
    let mut ending: Vec<Holding> = Vec::new();
    for stack in data.holdings_of(from) {
        let same = |h: &Holding| h.item == stack.item && h.origin == stack.origin;
        let target = match ending.iter_mut().find(|h| same(h)) {
            Some(target) => target,
            None => match data.holdings_of(to).find(|h| same(h)) {
                Some(existing) => {
                    ending.push(existing.clone());
                    ending.last_mut().ok_or(Refusal::StackGone)?
                }
                None => {
                    ending.push(Holding {
                        holder: to,
                        ..stack.clone()
                    });
                    continue;
                }
            },
        };
        target.quantity = merged_quantity(data, target.quantity, stack.quantity, stack.item, to)?;
        removed.push(Change::Holding {
            before: Some(stack.clone()),
            after: None,
        });
    }
    let ended = ending.into_iter().map(|after| Change::Holding {
        before: data.holdings.get(&after.id).cloned(),
        after: Some(after),
    });
    Ok(removed.into_iter().chain(ended).collect())
}

fn release(data: &CampaignData, holder: Holder) -> Vec<Change> {
    data.holdings_of(holder)
        .map(|h| Change::Holding {
            before: Some(h.clone()),
            after: None,
        })
        .collect()
}

fn check_quantity(quantity: i64, held: i64, item: &str, holder: &str) -> Result<(), Refusal> {
    if quantity < 1 {
        Err(Refusal::NotPositive { quantity })
    } else if quantity > held {
        Err(Refusal::MoreThanHeld {
            quantity,
            item: item.to_owned(),
            holder: holder.to_owned(),
            held,
        })
    } else {
        Ok(())
    }
}

fn item_name(data: &CampaignData, item: ItemId) -> String {
    data.items
        .get(&item)
        .map_or_else(|| "(missing item)".to_owned(), |i| i.name.clone())
}

/// The change that takes `quantity` from a stack (deleting it when emptied).
fn take(source: &Holding, quantity: i64) -> Change {
    let after = (quantity < source.quantity).then(|| Holding {
        quantity: source.quantity - quantity,
        ..source.clone()
    });
    Change::Holding {
        before: Some(source.clone()),
        after,
    }
}

/// A stack's quantity once `added` more join it, refused past the largest
/// stack Waybook keeps.
fn merged_quantity(
    data: &CampaignData,
    held: i64,
    added: i64,
    item: ItemId,
    to: Holder,
) -> Result<i64, Refusal> {
    let max = *limits::QUANTITY.end();
    held.checked_add(added)
        .filter(|q| *q <= max)
        .ok_or_else(|| Refusal::StackFull {
            holder: data.holder_name(to),
            quantity: held.saturating_add(added),
            item: item_name(data, item),
            max,
        })
}

/// The change that gives `quantity` of an item to a holder, merging into
/// their stack of it; refused if the stack would pass its limit.
/// Which stacks merge: those of one item from one origin.
#[derive(Clone, Copy)]
struct Stack<'a> {
    item: ItemId,
    origin: Option<&'a str>,
}

fn give(
    data: &CampaignData,
    to: Holder,
    stack: Stack<'_>,
    quantity: i64,
) -> Result<Change, Refusal> {
    let item = stack.item;
    let same = |h: &&Holding| h.item == item && h.origin.as_deref() == stack.origin;
    Ok(match data.holdings_of(to).find(same) {
        Some(existing) => Change::Holding {
            before: Some(existing.clone()),
            after: Some(Holding {
                quantity: merged_quantity(data, existing.quantity, quantity, item, to)?,
                ..existing.clone()
            }),
        },
        None => Change::Holding {
            before: None,
            after: Some(Holding {
                origin: stack.origin.map(str::to_owned),
                ..Holding::new(data.next_id::<crate::model::Holding>(), item, to, quantity)
            }),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Category, CharacterKind, Item, PartyId, Settings};

    fn campaign() -> (CampaignData, ItemId, Holder, Holder) {
        let mut data = CampaignData::new(Settings::new("Test"));
        let item = Item {
            food_units: 20,
            ..Item::new(ItemId(1), "Trail rations", Category::Food)
        };
        data.items.insert(item.id, item);
        for id in [1, 2] {
            let c = Character::new(CharacterId(id), format!("C{id}"), CharacterKind::Hero);
            data.characters.insert(c.id, c);
        }
        let (a, b) = (
            Holder::Character(CharacterId(1)),
            Holder::Character(CharacterId(2)),
        );
        for (id, holder, quantity) in [(1, a, 999_999), (2, b, 5), (3, b, 1)] {
            let h = Holding::new(HoldingId(id), ItemId(1), holder, quantity);
            data.holdings.insert(h.id, h);
        }
        (data, ItemId(1), a, b)
    }

    #[test]
    fn a_move_or_gift_that_would_pass_a_million_is_refused() {
        let (data, item, a, _) = campaign();
        let refused = move_stack(&data, HoldingId(2), 5, a).expect_err("refused");
        assert_eq!(
            refused.to_string(),
            "C1 would hold 1000004 × Trail rations; a stack holds at most 1000000"
        );
        assert!(
            move_stack(&data, HoldingId(2), 1, a).is_ok(),
            "up to the limit"
        );
        assert!(add_stacks(&data, &[a], item, 2).is_err());
    }

    /// Issue 34, 14: one item given to several holders at once, one edit,
    /// each new stack its own.
    #[test]
    fn an_item_is_given_to_each_of_several_holders_in_one_edit() {
        let (mut data, item, a, b) = campaign();
        let c = Holder::Character(CharacterId(3));
        let mut ana = crate::model::Character::new(CharacterId(3), "C3", CharacterKind::Hero);
        ana.party = None;
        data.characters.insert(ana.id, ana);
        let d = Holder::Character(CharacterId(4));
        data.characters.insert(
            CharacterId(4),
            crate::model::Character::new(CharacterId(4), "C4", CharacterKind::Hero),
        );
        let edit = add_stacks(&data, &[c, d], item, 2).expect("given");
        assert_eq!(edit.label, "Give 2 × Trail rations to C3 and C4");
        let ids: Vec<HoldingId> = edit
            .changes
            .iter()
            .filter_map(|ch| match ch {
                Change::Holding { after: Some(h), .. } => Some(h.id),
                _ => None,
            })
            .collect();
        assert_eq!(ids.len(), 2);
        assert_ne!(ids[0], ids[1], "each its own stack");
        assert!(add_stacks(&data, &[b, a], item, 0).is_err());
    }

    /// Two parties, each with a stash: the first's holds two stacks of
    /// rations (one split off) and a rope; the second's, rations.
    fn two_stashes() -> (CampaignData, Party, Party) {
        let (mut data, item, ..) = campaign();
        let rope = Item::new(ItemId(2), "Rope", Category::Other);
        data.items.insert(rope.id, rope);
        let (first, second) = (
            Party::new(PartyId(1), "Wardens", crate::model::ClockTime::START),
            Party::new(PartyId(2), "Pilgrims", crate::model::ClockTime::START),
        );
        for party in [&first, &second] {
            data.parties.insert(party.id, party.clone());
        }
        let (from, to) = (Holder::Stash(first.id), Holder::Stash(second.id));
        for (id, holder, item, quantity) in [
            (10, from, item, 4),
            (11, from, item, 2),
            (12, from, ItemId(2), 1),
            (13, to, item, 3),
        ] {
            let h = Holding::new(HoldingId(id), item, holder, quantity);
            data.holdings.insert(h.id, h);
        }
        (data, first, second)
    }

    /// Issue 52: `waybook delete-party --stash-to` and the window's choice
    /// reach one function; the stash is merged into the other's stacks.
    #[test]
    fn a_deleted_partys_stash_goes_to_another_party_merged() {
        let (mut data, first, second) = two_stashes();
        let edit = delete_party(&data, &first, Some(&second)).expect("deleted");
        assert_eq!(edit.label, "Delete party Wardens, its stash to Pilgrims");
        for change in &edit.changes {
            let change = change.resolve(&data).expect("each change fresh");
            data.apply(&change);
        }
        let held: Vec<(i64, ItemId, i64)> = data
            .holdings_of(Holder::Stash(second.id))
            .map(|h| (h.id.0, h.item, h.quantity))
            .collect();
        assert_eq!(held, [(12, ItemId(2), 1), (13, ItemId(1), 9)]);
        assert!(!data.parties.contains_key(&first.id));
        assert_eq!(data.holdings.len(), 5, "the characters' 3, the Pilgrims' 2");
    }

    #[test]
    fn a_stash_is_not_handed_to_its_own_party_nor_past_a_full_stack() {
        let (mut data, first, second) = two_stashes();
        assert_eq!(
            delete_party(&data, &first, Some(&first))
                .expect_err("refused")
                .to_string(),
            "The stash of Wardens cannot go to Wardens itself: name another party, or none to remove it"
        );
        if let Some(h) = data.holdings.get_mut(&HoldingId(13)) {
            h.quantity = 999_995;
        }
        assert!(matches!(
            delete_party(&data, &first, Some(&second)),
            Err(Refusal::StackFull { .. })
        ));
        let removed = delete_party(&data, &first, None).expect("removed");
        assert_eq!(removed.label, "Delete party Wardens");
    }

    #[test]
    fn a_single_item_cannot_be_split_and_says_so() {
        let (data, ..) = campaign();
        assert_eq!(
            split_stack(&data, HoldingId(3), 1)
                .expect_err("refused")
                .to_string(),
            "A stack of one Trail rations cannot be split"
        );
        assert_eq!(
            split_stack(&data, HoldingId(2), 5)
                .expect_err("refused")
                .to_string(),
            "A split takes between 1 and 4 of the 5 × Trail rations, leaving at least one behind"
        );
    }
}
