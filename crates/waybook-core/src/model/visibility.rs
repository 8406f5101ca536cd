//! Who may see a text the GM writes: the GM alone (the default for
//! anything new, and for everything written before Waybook asked), the
//! players of the party the text belongs to (the party that lived a log
//! entry, closed a mission, owns a journey plan, holds a character), or
//! players named one by one, by their ids. Handouts show a text only to a
//! player it [`shows`](Visibility::shows) to; screens mark what players can
//! see and filter by it.

use super::{PartyId, Player, PlayerId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Who may see one of the GM's texts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visibility {
    /// The GM alone.
    #[default]
    Gm,
    /// The players of the party (or parties) the text belongs to: never a
    /// player of another party, and nobody for a text of no party (which
    /// imports refuse and a campaign settles once: `model::partyless`).
    Party,
    /// These players only.
    Players(Vec<PlayerId>),
}

waybook_rules::named_enum! {
    /// The three choices of [`Visibility`], without the names: what a list offers.
    #[derive(Default)]
    pub enum Shown("shown to") {
        #[default]
        GmOnly => "gm-only" as "GM only",
        Party => "party" as "The party",
        Players => "players" as "Named players",
    }
}

/// A reader of the GM's texts: a player and the parties their characters
/// are in.
#[derive(Debug, Clone, Copy)]
pub struct Reader<'a> {
    pub player: PlayerId,
    pub parties: &'a BTreeSet<PartyId>,
}

impl Visibility {
    /// Whether it stays the GM's: the default, left out of files.
    pub fn is_gm_only(&self) -> bool {
        match self {
            Self::Gm => true,
            Self::Party => false,
            Self::Players(ids) => ids.is_empty(),
        }
    }

    /// Whether `reader` may see a text of the parties `owners` that is
    /// shown so.
    pub fn shows(&self, reader: Reader<'_>, owners: &[PartyId]) -> bool {
        match self {
            Self::Gm => false,
            Self::Party => owners.iter().any(|p| reader.parties.contains(p)),
            Self::Players(ids) => ids.contains(&reader.player),
        }
    }

    /// Which of the three choices it is.
    pub fn shown(&self) -> Shown {
        match self {
            Self::Gm => Shown::GmOnly,
            Self::Party => Shown::Party,
            Self::Players(_) => Shown::Players,
        }
    }

    /// The same text seen by the choice `shown`: named players keep the
    /// names already given; from the party's, its players (`party`).
    pub fn with_shown(&self, shown: Shown, party: &[PlayerId]) -> Self {
        match shown {
            Shown::GmOnly => Self::Gm,
            Shown::Party => Self::Party,
            Shown::Players => match self {
                Self::Players(ids) => Self::Players(ids.clone()),
                Self::Party => Self::Players(party.to_vec()),
                Self::Gm => Self::Players(Vec::new()),
            },
        }
    }

    /// Shown to `player` as well (or no longer, with `on` false); the
    /// party's sharing becomes its players' (`party`) when one is taken off.
    pub fn toggle_player(&self, player: PlayerId, on: bool, party: &[PlayerId]) -> Self {
        let mut ids: Vec<PlayerId> = match self {
            Self::Gm => Vec::new(),
            Self::Party => party.to_vec(),
            Self::Players(ids) => ids.clone(),
        };
        ids.retain(|p| *p != player);
        if on {
            ids.push(player);
            ids.sort();
        }
        if ids.is_empty() {
            Self::Gm
        } else {
            Self::Players(ids)
        }
    }

    /// Without `player`: what is left when a player leaves the campaign.
    pub fn without(&self, player: PlayerId) -> Self {
        match self {
            Self::Players(ids) if ids.contains(&player) => {
                let left: Vec<PlayerId> = ids.iter().copied().filter(|p| *p != player).collect();
                if left.is_empty() {
                    Self::Gm
                } else {
                    Self::Players(left)
                }
            }
            other => other.clone(),
        }
    }

    /// Whether it names `player`.
    pub fn names(&self, player: PlayerId) -> bool {
        matches!(self, Self::Players(ids) if ids.contains(&player))
    }

    /// The mark a screen shows beside the text: "GM only", "The party",
    /// "Ana, Ben" (a player no longer in the campaign left out).
    pub fn mark(&self, players: &BTreeMap<PlayerId, Player>) -> String {
        match self {
            Self::Players(ids) if !ids.is_empty() => {
                let names: Vec<&str> = ids
                    .iter()
                    .filter_map(|id| players.get(id))
                    .map(|p| p.name.as_str())
                    .collect();
                names.join(", ")
            }
            _ => self.shown().label().to_owned(),
        }
    }
}

waybook_rules::named_enum! {
    /// What a screen's list keeps by who may see it.
    #[derive(Default)]
    pub enum SeenFilter("seen filter") {
        #[default]
        Everything => "everything" as "Everything",
        /// Shown to at least one player.
        Shared => "shared" as "Players can see",
        /// The GM's alone.
        GmOnly => "gm-only" as "The GM's own",
    }
}

impl SeenFilter {
    pub fn keeps(self, v: &Visibility) -> bool {
        match self {
            Self::Everything => true,
            Self::Shared => !v.is_gm_only(),
            Self::GmOnly => v.is_gm_only(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANA: PlayerId = PlayerId(1);
    const BEN: PlayerId = PlayerId(2);

    fn players() -> BTreeMap<PlayerId, Player> {
        [Player::new(ANA, "Ana"), Player::new(BEN, "Ben")]
            .into_iter()
            .map(|p| (p.id, p))
            .collect()
    }

    #[test]
    fn anything_new_is_the_gms_alone() {
        let v = Visibility::default();
        let parties = BTreeSet::from([PartyId(1)]);
        let ana = Reader {
            player: ANA,
            parties: &parties,
        };
        assert!(v.is_gm_only());
        assert!(!v.shows(ana, &[PartyId(1)]));
        assert_eq!(v.mark(&players()), "GM only");
    }

    /// Issue 34, 4: "the party" is the party the text belongs to, never
    /// every player; a text of no party reaches no one so.
    #[test]
    fn the_party_is_the_party_the_text_belongs_to() {
        let walkers = BTreeSet::from([PartyId(1)]);
        let solo = BTreeSet::from([PartyId(2)]);
        let ana = Reader {
            player: ANA,
            parties: &walkers,
        };
        let ben = Reader {
            player: BEN,
            parties: &solo,
        };
        assert!(Visibility::Party.shows(ana, &[PartyId(1)]));
        assert!(!Visibility::Party.shows(ben, &[PartyId(1)]));
        assert!(!Visibility::Party.shows(ana, &[]), "a text of no party");
        let named = Visibility::Players(vec![ANA]);
        assert!(named.shows(ana, &[]));
        assert!(!named.shows(ben, &[PartyId(2)]));
        assert!(Visibility::Players(Vec::new()).is_gm_only());
    }

    #[test]
    fn taking_one_player_off_the_party_names_the_others() {
        let party = [ANA, BEN];
        let v = Visibility::Party.toggle_player(ANA, false, &party);
        assert_eq!(v, Visibility::Players(vec![BEN]));
        let v = v.toggle_player(BEN, false, &party);
        assert_eq!(v, Visibility::Gm);
        let v = v.toggle_player(BEN, true, &party);
        assert_eq!(v.mark(&players()), "Ben");
        assert_eq!(v.without(BEN), Visibility::Gm);
    }

    #[test]
    fn the_filter_keeps_by_who_sees() {
        assert!(SeenFilter::Shared.keeps(&Visibility::Party));
        assert!(!SeenFilter::Shared.keeps(&Visibility::Gm));
        assert!(SeenFilter::GmOnly.keeps(&Visibility::Players(Vec::new())));
        assert!(SeenFilter::Everything.keeps(&Visibility::Gm));
    }
}
