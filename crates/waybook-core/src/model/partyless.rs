//! Texts that belong to no party — the GM's calendar events, the map's
//! places and paths, gathering sites — marked "the party". Since issue 34
//! "the party" is the party a text belongs to, so such a text is shown to
//! nobody, while an older Waybook showed it to every player: a file of
//! then, or one another tool wrote, may still hold some, and their sharing
//! stopped without a word (issue 50, item 27).
//!
//! Where texts come in (a campaign's JSON document) the mark is refused
//! with [`refusal`], naming the field. A campaign that holds some brings
//! them to one choice the GM makes once, for all of them: share them with
//! every player of the campaign now, or keep them the GM's ([`settle`],
//! one undoable edit). The window asks as such a file is opened; `waybook
//! check` lists them and says so. Either way nothing is shown to a player
//! the GM did not choose.

use super::{
    CalendarEvent, CampaignData, Change, Edit, MapPath, Place, Record, Site, Visibility, plural,
};

waybook_rules::named_enum! {
    /// What becomes of the texts of no party marked "the party".
    pub enum Settle("choice for texts of no party") {
        /// Every player of the campaign now, by name, as an older Waybook
        /// showed them.
        EveryPlayer => "every-player" as "Share with every player",
        /// The GM's alone.
        GmOnly => "gm-only" as "Keep GM only",
    }
}

/// One text of no party marked "the party".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marked {
    /// Its kind as messages name it: "calendar event", "place".
    pub kind: &'static str,
    pub id: i64,
    pub name: String,
}

impl Marked {
    /// "calendar event 3 (Harvest fair)", as `waybook check` names records.
    pub fn words(&self) -> String {
        format!("{} {} ({})", self.kind, self.id, self.name)
    }
}

/// A kind of record that belongs to no party and says who sees it.
trait OfNoParty: Record {
    fn shown(&self) -> &Visibility;
    fn with_shown(&self, shown: Visibility) -> Self;
    fn name(&self) -> &str;
}

macro_rules! of_no_party {
    ($($ty:ty),*) => {$(
        impl OfNoParty for $ty {
            fn shown(&self) -> &Visibility {
                &self.shown
            }
            fn with_shown(&self, shown: Visibility) -> Self {
                Self { shown, ..self.clone() }
            }
            fn name(&self) -> &str {
                &self.name
            }
        }
    )*};
}

of_no_party!(CalendarEvent, Place, MapPath, Site);

/// Those of `records` marked "the party".
fn marked_of<'a, R: OfNoParty + 'a>(
    records: impl IntoIterator<Item = &'a R>,
) -> impl Iterator<Item = &'a R> {
    records
        .into_iter()
        .filter(|r| *r.shown() == Visibility::Party)
}

fn listed<'a, R: OfNoParty + 'a>(
    records: impl IntoIterator<Item = &'a R>,
    found: &mut Vec<Marked>,
) {
    found.extend(marked_of(records).map(|r| Marked {
        kind: R::KIND,
        id: R::key(r.id()),
        name: r.name().to_owned(),
    }));
}

/// The campaign's texts of no party marked "the party": events, places,
/// paths, then sites, each in id order.
pub fn marked(data: &CampaignData) -> Vec<Marked> {
    let mut found = Vec::new();
    listed(data.events.values(), &mut found);
    listed(data.places.values(), &mut found);
    listed(data.paths.values(), &mut found);
    listed(data.sites.values(), &mut found);
    found
}

/// How many of each kind, in words: "2 calendar events and 1 path".
pub fn counted(marked: &[Marked]) -> String {
    let mut kinds: Vec<&'static str> = marked.iter().map(|m| m.kind).collect();
    kinds.dedup();
    let counts: Vec<String> = kinds
        .iter()
        .map(|k| plural(marked.iter().filter(|m| m.kind == *k).count(), k))
        .collect();
    match counts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => counts.concat(),
    }
}

fn changes_of<'a, R: OfNoParty + 'a>(
    records: impl IntoIterator<Item = &'a R>,
    shown: &Visibility,
    changes: &mut Vec<Change>,
) {
    changes.extend(
        marked_of(records).map(|r| Change::of(Some(r), Some(&r.with_shown(shown.clone())))),
    );
}

/// The one edit that settles every text of no party marked "the party" as
/// the GM chose; `None` when there is none.
pub fn settle(data: &CampaignData, choice: Settle) -> Option<Edit> {
    let found = marked(data);
    if found.is_empty() {
        return None;
    }
    let shown = match choice {
        Settle::EveryPlayer => Visibility::Players(data.players.keys().copied().collect()),
        Settle::GmOnly => Visibility::Gm,
    };
    let mut changes = Vec::new();
    changes_of(data.events.values(), &shown, &mut changes);
    changes_of(data.places.values(), &shown, &mut changes);
    changes_of(data.paths.values(), &shown, &mut changes);
    changes_of(data.sites.values(), &shown, &mut changes);
    let label = match choice {
        Settle::EveryPlayer => format!("Share {} with every player", counted(&found)),
        Settle::GmOnly => format!("Keep {} GM only", counted(&found)),
    };
    Some(Edit::new(label, changes))
}

/// Why a text of `kind` (a calendar event, a place, …) cannot be marked
/// "the party" where it comes in, and what to write instead.
pub fn refusal(kind: &str) -> String {
    format!(
        "“party” shares a text with the players of the party it belongs to, and a {kind} belongs to no party, so no player would see it: name its players ({{\"players\": [1, 2]}}) or leave “shown” out to keep it the GM's"
    )
}

/// The first text of no party a document's lists mark "the party": its
/// place in the file and the refusal.
pub(super) fn first_in_document(
    events: &[CalendarEvent],
    places: &[Place],
    paths: &[MapPath],
    sites: &[Site],
) -> Option<(String, String)> {
    fn first<R: OfNoParty>(list: &str, records: &[R]) -> Option<(String, String)> {
        let i = records
            .iter()
            .position(|r| *r.shown() == Visibility::Party)?;
        Some((format!("{list}[{i}].shown"), refusal(R::KIND)))
    }
    first("events", events)
        .or_else(|| first("places", places))
        .or_else(|| first("paths", paths))
        .or_else(|| first("sites", sites))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{EventId, MapPathId, PlaceId, Player, PlayerId, Recurrence, Settings};

    fn campaign() -> CampaignData {
        let mut data = CampaignData::new(Settings::new("Test"));
        for (id, name) in [(1, "Ana"), (2, "Ben")] {
            let p = Player::new(PlayerId(id), name);
            data.players.insert(p.id, p);
        }
        for (id, shown) in [
            (1, Visibility::Party),
            (2, Visibility::Gm),
            (3, Visibility::Party),
        ] {
            let e = CalendarEvent {
                id: EventId(id),
                name: format!("Fair {id}"),
                notes: String::new(),
                when: Recurrence::Once { day: id },
                shown,
            };
            data.events.insert(e.id, e);
        }
        let mut ford = MapPath::new(MapPathId(4), "Ford road", PlaceId(1), PlaceId(2));
        ford.shown = Visibility::Party;
        data.paths.insert(ford.id, ford);
        data
    }

    fn settled(data: &CampaignData, choice: Settle) -> CampaignData {
        let edit = settle(data, choice).expect("an edit");
        let mut after = data.clone();
        for c in &edit.changes {
            after.apply(c);
        }
        after
    }

    #[test]
    fn the_texts_of_no_party_marked_the_party_are_listed_and_counted() {
        let data = campaign();
        let found: Vec<String> = marked(&data).iter().map(Marked::words).collect();
        assert_eq!(
            found,
            [
                "calendar event 1 (Fair 1)",
                "calendar event 3 (Fair 3)",
                "path 4 (Ford road)"
            ]
        );
        assert_eq!(counted(&marked(&data)), "2 calendar events and 1 path");
    }

    /// One edit shares them all with the players now in the campaign, or
    /// keeps them the GM's; after it there is nothing left to settle.
    #[test]
    fn one_choice_settles_them_all() {
        let data = campaign();
        let shared = settled(&data, Settle::EveryPlayer);
        let everyone = Visibility::Players(vec![PlayerId(1), PlayerId(2)]);
        assert_eq!(shared.events[&EventId(1)].shown, everyone);
        assert_eq!(shared.paths[&MapPathId(4)].shown, everyone);
        assert_eq!(
            shared.events[&EventId(2)].shown,
            Visibility::Gm,
            "untouched"
        );
        assert!(marked(&shared).is_empty());
        assert!(
            settle(&shared, Settle::GmOnly).is_none(),
            "nothing asked twice"
        );
        let kept = settled(&data, Settle::GmOnly);
        assert_eq!(kept.events[&EventId(3)].shown, Visibility::Gm);
        assert!(marked(&kept).is_empty());
        assert_eq!(
            settle(&data, Settle::GmOnly).expect("an edit").label,
            "Keep 2 calendar events and 1 path GM only"
        );
    }
}
