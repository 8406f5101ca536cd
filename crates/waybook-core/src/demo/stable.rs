//! The demo's animals and cart (issue 54): the Lantern Company's two mules,
//! Bess and Clover, carry its oats, and its guide rides Sorrel; the paths
//! around Kettleford let animals graze, so the waiting week costs no oats,
//! and on the river the oats run out a day before the people's food. The
//! cart the company left with the Kettleford Watch, drawn by Old Tam,
//! waits for the pass to clear: the Watch's plan leaves it behind, and
//! bringing it says why it cannot.

use crate::edits::{animals, vehicles};
use crate::model::{CampaignData, Change, Edit, Holder, Holding, HoldingId, PartyId};

/// The paths around Kettleford whose land feeds grazing animals (a house
/// rule): the company's animals graze through its waiting week there.
const GRAZING: [&str; 3] = ["Kettleford road", "Mill track", "River road"];

/// What an animal carries: item, quantity.
type Load = &'static [(&'static str, i64)];

/// Each animal: its name, type, and what it carries.
const ANIMALS: [(&str, &str, Load); 3] = [
    ("Bess", "Mule", &[("Oats", 8)]),
    ("Clover", "Mule", &[("Oats", 8)]),
    ("Sorrel", "Riding horse", &[("Oats", 2)]),
];

/// The rider of the riding horse.
const GUIDE: &str = "Marta the Guide";

/// The changes made so far, and the campaign as they leave it (each
/// next one is worked out from it).
struct Book {
    scratch: CampaignData,
    changes: Vec<Change>,
}

impl Book {
    fn of(data: &CampaignData) -> Self {
        Self {
            scratch: data.clone(),
            changes: Vec::new(),
        }
    }

    fn keep(&mut self, made: Vec<Change>) {
        self.scratch.apply_all(&made);
        self.changes.extend(made);
    }
}

/// The edit that gives the company its animals and loads them, and marks
/// the lowland paths as grazing; applied before the waiting week.
pub fn animals(data: &CampaignData, company: PartyId) -> Edit {
    let mut book = Book::of(data);
    for (name, kind, carried) in ANIMALS {
        let Ok(added) = animals::add_animal(&book.scratch, Some(company), kind) else {
            continue;
        };
        book.keep(added.edit.changes);
        let Some(beast) = book.scratch.characters.get(&added.id).cloned() else {
            continue;
        };
        let mut named = beast.clone();
        named.name = name.to_owned();
        book.keep(vec![Change::character(Some(&beast), Some(&named))]);
        for (item, quantity) in carried {
            let loaded = load(&book.scratch, (added.id, item, *quantity));
            book.keep(loaded);
        }
        let guide = book.scratch.characters.values().find(|c| c.name == GUIDE);
        let ridden = guide.and_then(|g| animals::set_rider(&book.scratch, &named, Some(g.id)).ok());
        if let Some(edit) = ridden.filter(|_| kind == "Riding horse") {
            book.keep(edit.changes);
        }
    }
    for path in (data.paths.values()).filter(|p| GRAZING.contains(&p.name.as_str())) {
        let mut after = path.clone();
        after.grazing = true;
        book.keep(vec![Change::of(Some(path), Some(&after))]);
    }
    Edit::new("Bring the company's animals", book.changes)
}

/// A new stack of `quantity` of `item` on an animal.
fn load(
    data: &CampaignData,
    (beast, item, quantity): (crate::model::CharacterId, &str, i64),
) -> Vec<Change> {
    let Some(item) = data.items.values().find(|i| i.name == item) else {
        return Vec::new();
    };
    let id = HoldingId(data.next_id::<Holding>().0);
    let stack = Holding::new(id, item.id, Holder::Character(beast), quantity);
    vec![Change::of(None, Some(&stack))]
}

/// The edit that gives the Watch the company's cart and Old Tam, the
/// draught ox that draws it (with oats of his own), the cart left behind
/// in its plan until the pass clears.
pub fn cart(data: &CampaignData) -> Option<Edit> {
    let watch = data
        .parties
        .values()
        .find(|p| p.name == super::watch::NAME)?;
    let mut book = Book::of(data);
    let ox = animals::add_animal(&book.scratch, Some(watch.id), "Draught ox").ok()?;
    let mut named = ox.edit.changes;
    for change in &mut named {
        if let Change::Character { after: Some(c), .. } = change {
            c.name = "Old Tam".to_owned();
        }
    }
    book.keep(named);
    let oats = load(&book.scratch, (ox.id, "Oats", 6));
    book.keep(oats);
    let added = vehicles::add_vehicle(&book.scratch, Some(watch.id), "Cart").ok()?;
    let mut cart = added.edit.changes;
    for change in &mut cart {
        if let Change::Vehicle { after: Some(v), .. } = change {
            v.name = "The company cart".to_owned();
            v.notes =
                "Waits in Kettleford: a cart cannot cross the pass's difficult ground.".to_owned();
        }
    }
    book.keep(cart);
    let drawn = vehicles::set_team(
        &book.scratch,
        book.scratch.vehicles.get(&added.id)?,
        ox.id,
        true,
    )
    .ok()?;
    book.keep(drawn.changes);
    let plan = (book.scratch.journeys.values()).find(|j| j.party == watch.id);
    if let Some(plan) = plan.cloned() {
        let mut after = plan.clone();
        after.plan.left_behind.push(added.id);
        book.keep(vec![Change::journey(Some(&plan), Some(&after))]);
    }
    Some(Edit::new("Leave the cart with the Watch", book.changes))
}
