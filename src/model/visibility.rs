//! Who may see a text the GM writes: the GM alone (the default for
//! anything new, and for everything written before Waybook asked), every
//! player, or players named one by one. Handouts show a text only to a
//! player it [`shows`](Visibility::shows) to; screens mark what players can
//! see and filter by it.

use serde::{Deserialize, Serialize};

/// Who may see one of the GM's texts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visibility {
    /// The GM alone.
    #[default]
    Gm,
    /// Every player: the whole table.
    Party,
    /// These players only, by the name on their characters' sheets.
    Players(Vec<String>),
}

/// The three choices of [`Visibility`], without the names: what a list offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shown {
    #[default]
    GmOnly,
    Party,
    Players,
}

impl Shown {
    pub const ALL: [Self; 3] = [Self::GmOnly, Self::Party, Self::Players];

    pub fn label(self) -> &'static str {
        match self {
            Self::GmOnly => "GM only",
            Self::Party => "The party",
            Self::Players => "Named players",
        }
    }
}

impl Visibility {
    /// Whether it stays the GM's: the default, left out of files.
    pub fn is_gm_only(&self) -> bool {
        match self {
            Self::Gm => true,
            Self::Party => false,
            Self::Players(names) => names.is_empty(),
        }
    }

    /// Whether the player called `player` may see it.
    pub fn shows(&self, player: &str) -> bool {
        match self {
            Self::Gm => false,
            Self::Party => true,
            Self::Players(names) => names.iter().any(|n| n == player),
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
    /// names already given.
    pub fn with_shown(&self, shown: Shown) -> Self {
        match shown {
            Shown::GmOnly => Self::Gm,
            Shown::Party => Self::Party,
            Shown::Players => match self {
                Self::Players(names) => Self::Players(names.clone()),
                _ => Self::Players(Vec::new()),
            },
        }
    }

    /// Shown to `player` as well (or no longer, with `on` false); the
    /// party's sharing becomes the named players' when one is taken off.
    pub fn toggle_player(&self, player: &str, on: bool, everyone: &[String]) -> Self {
        let mut names: Vec<String> = match self {
            Self::Gm => Vec::new(),
            Self::Party => everyone.to_vec(),
            Self::Players(names) => names.clone(),
        };
        names.retain(|n| n != player);
        if on {
            names.push(player.to_owned());
            names.sort();
        }
        if names.is_empty() {
            Self::Gm
        } else {
            Self::Players(names)
        }
    }

    /// The mark a screen shows beside the text: "GM only", "Party",
    /// "Ana, Ben".
    pub fn mark(&self) -> String {
        match self {
            Self::Players(names) if !names.is_empty() => names.join(", "),
            _ => self.shown().label().to_owned(),
        }
    }
}

/// What a screen's list keeps by who may see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SeenFilter {
    #[default]
    Everything,
    /// Shown to at least one player.
    Shared,
    /// The GM's alone.
    GmOnly,
}

impl SeenFilter {
    pub const ALL: [Self; 3] = [Self::Everything, Self::Shared, Self::GmOnly];

    pub fn label(self) -> &'static str {
        match self {
            Self::Everything => "Everything",
            Self::Shared => "Players can see",
            Self::GmOnly => "The GM's own",
        }
    }

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

    #[test]
    fn anything_new_is_the_gms_alone() {
        let v = Visibility::default();
        assert!(v.is_gm_only());
        assert!(!v.shows("Ana"));
        assert_eq!(v.mark(), "GM only");
    }

    #[test]
    fn named_players_see_it_and_no_one_else() {
        let v = Visibility::Players(vec!["Ana".into()]);
        assert!(v.shows("Ana"));
        assert!(!v.shows("Ben"));
        assert!(Visibility::Party.shows("Ben"));
        assert!(Visibility::Players(Vec::new()).is_gm_only());
    }

    #[test]
    fn taking_one_player_off_the_party_names_the_others() {
        let everyone = ["Ana".to_owned(), "Ben".to_owned()];
        let v = Visibility::Party.toggle_player("Ana", false, &everyone);
        assert_eq!(v, Visibility::Players(vec!["Ben".into()]));
        let v = v.toggle_player("Ben", false, &everyone);
        assert_eq!(v, Visibility::Gm);
        let v = v.toggle_player("Ben", true, &everyone);
        assert_eq!(v.mark(), "Ben");
    }

    #[test]
    fn the_filter_keeps_by_who_sees() {
        assert!(SeenFilter::Shared.keeps(&Visibility::Party));
        assert!(!SeenFilter::Shared.keeps(&Visibility::Gm));
        assert!(SeenFilter::GmOnly.keeps(&Visibility::Players(Vec::new())));
        assert!(SeenFilter::Everything.keeps(&Visibility::Gm));
    }
}
