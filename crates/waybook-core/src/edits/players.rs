//! The players at the table as the GM keeps them: added (from a sheet's
//! Player list or the Parties screen), renamed, given to a character, and
//! removed with every text they were shown taken back from them. A player
//! is a record with an id, so a rename keeps what they were shown.

use crate::model::{CampaignData, Change, Character, Edit, Player, PlayerId, Visibility};

/// Why a player's name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameRefused {
    #[error("a player needs a name")]
    Empty,
    #[error("“GM” marks the GM's own characters: a player needs a name of their own")]
    Gm,
    #[error("another player is called {0}: each needs a name of their own")]
    Taken(String),
}

/// `name` trimmed, if a new player (or `renamed`, renaming) may have it.
fn checked(
    data: &CampaignData,
    name: &str,
    renamed: Option<PlayerId>,
) -> Result<String, NameRefused> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameRefused::Empty);
    }
    if Player::is_gm(name) {
        return Err(NameRefused::Gm);
    }
    match data.player_named(name) {
        Some(other) if Some(other.id) != renamed => Err(NameRefused::Taken(other.name.clone())),
        _ => Ok(name.to_owned()),
    }
}

/// A new player called `name`.
pub fn add(data: &CampaignData, name: &str) -> Result<super::records::Added<Player>, NameRefused> {
    let player = Player::new(data.next_id::<Player>(), checked(data, name, None)?);
    Ok(super::records::Added {
        id: player.id,
        edit: Edit::new(
            format!("Add player {}", player.name),
            vec![Change::of(None, Some(&player))],
        ),
    })
}

/// `player` called `name` from now on: what they were shown stays theirs.
pub fn rename(data: &CampaignData, player: &Player, name: &str) -> Result<Edit, NameRefused> {
    let name = checked(data, name, Some(player.id))?;
    let after = Player {
        name: name.clone(),
        ..player.clone()
    };
    Ok(Edit::new(
        format!("Rename player {} to {name}", player.name),
        vec![Change::of(Some(player), Some(&after))],
    ))
}

/// `c` played by `player` (none: the GM's own).
pub fn give(data: &CampaignData, c: &Character, player: Option<PlayerId>) -> Edit {
    let after = Character {
        player,
        ..c.clone()
    };
    let label = match data.player_name(player) {
        "" => format!("{} is the GM's own", c.name),
        name => format!("{} is played by {name}", c.name),
    };
    Edit::new(label, vec![Change::character(Some(c), Some(&after))])
}

/// A new player called `name` who plays `c`, as one edit.
pub fn add_for(data: &CampaignData, c: &Character, name: &str) -> Result<Edit, NameRefused> {
    let added = add(data, name)?;
    let mut edit = give(data, c, Some(added.id));
    edit.changes.splice(0..0, added.edit.changes);
    edit.label = format!("{} is played by new player {}", c.name, name.trim());
    Ok(edit)
}

/// Removes `player`: their characters become the GM's own and every text
/// named for them is theirs no more, in one edit that undo brings back.
pub fn remove(data: &CampaignData, player: &Player) -> Edit {
    let id = player.id;
    let mut changes = Vec::new();
    let unshared = |v: &Visibility| v.without(id);
    for c in data.characters.values() {
        if c.player == Some(id) || c.notes_shown.names(id) {
            let after = Character {
                player: c.player.filter(|p| *p != id),
                notes_shown: unshared(&c.notes_shown),
                ..c.clone()
            };
            changes.push(Change::character(Some(c), Some(&after)));
        }
    }
    macro_rules! unshare {
        ($records:expr, $shown:ident) => {
            for r in $records.values().filter(|r| r.$shown.names(id)) {
                let mut after = r.clone();
                after.$shown = unshared(&r.$shown);
                changes.push(Change::of(Some(r), Some(&after)));
            }
        };
    }
    unshare!(data.log, shown);
    unshare!(data.missions, shown);
    unshare!(data.places, shown);
    unshare!(data.paths, shown);
    unshare!(data.sites, shown);
    unshare!(data.events, shown);
    for j in data.journeys.values().filter(|j| j.plan.shown.names(id)) {
        let mut after = j.clone();
        after.plan.shown = unshared(&j.plan.shown);
        changes.push(Change::journey(Some(j), Some(&after)));
    }
    // Last: the file refuses a player still named by a character (undo
    // brings the player back first).
    changes.push(Change::of(Some(player), None));
    Edit::new(format!("Remove player {}", player.name), changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CharacterId, CharacterKind, Settings};

    fn apply(data: &mut CampaignData, edit: &Edit) {
        edit.changes.iter().for_each(|c| data.apply(c));
    }

    /// Issue 34, 36: renaming a player keeps what they were shown; a new
    /// player given the old name of one removed inherits nothing.
    #[test]
    fn a_player_keeps_their_shares_when_renamed_and_a_namesake_inherits_none() {
        let mut data = CampaignData::new(Settings::new("Players"));
        let ana = Character::new(CharacterId(1), "Ana", CharacterKind::Hero);
        apply(
            &mut data,
            &Edit::new("", vec![Change::character(None, Some(&ana))]),
        );
        let edit = add_for(&data, &ana, "Maya").expect("a new player");
        apply(&mut data, &edit);
        let maya = data.player_named("Maya").expect("added").clone();
        assert_eq!(data.characters[&ana.id].player, Some(maya.id));
        let before = data.characters[&ana.id].clone();
        let shared = Character {
            notes_shown: Visibility::Players(vec![maya.id]),
            ..before.clone()
        };
        let share = Change::character(Some(&before), Some(&shared));
        apply(&mut data, &Edit::new("Share", vec![share]));
        let edit = rename(&data, &maya, "Maya R.").expect("renamed");
        apply(&mut data, &edit);
        let renamed = data.players[&maya.id].clone();
        assert_eq!(renamed.name, "Maya R.");
        assert!(
            data.characters[&ana.id].notes_shown.names(maya.id),
            "still hers"
        );
        let edit = remove(&data, &renamed);
        apply(&mut data, &edit);
        assert_eq!(data.characters[&ana.id].notes_shown, Visibility::Gm);
        assert_eq!(data.characters[&ana.id].player, None);
        let again = add(&data, "Maya R.").expect("the name is free");
        assert_ne!(again.id, maya.id, "a new id: nothing inherited");
        assert_eq!(add(&data, " gm ").err(), Some(NameRefused::Gm));
        assert_eq!(add(&data, "  ").err(), Some(NameRefused::Empty));
    }
}
