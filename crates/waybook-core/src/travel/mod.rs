//! Travel rounds on the campaign's map: the route forecast before anyone
//! rolls ([`forecast`]) and the guided travel round, phase by phase, as
//! edits of the campaign ([`round`]). The rules themselves are
//! `waybook_rules::rounds`; this layer reads the map and the party and books
//! the results.

pub mod forecast;
pub mod round;

use crate::model::{CampaignData, Character, CharacterKind, PartyId};
use waybook_rules::rounds::camp::Role;

/// The party's heroes (Heroes and the Traveller), who camp and take actions.
pub fn heroes(data: &CampaignData, party: PartyId) -> Vec<&Character> {
    data.members(party)
        .filter(|c| matches!(c.kind, CharacterKind::Hero | CharacterKind::Traveller))
        .collect()
}

/// The allies travelling with it: fed unless the players choose otherwise,
/// no camp action.
pub fn ally_members(data: &CampaignData, party: PartyId) -> Vec<&Character> {
    data.members(party)
        .filter(|c| c.kind == CharacterKind::Ally)
        .collect()
}

/// How many allies travel with it.
pub fn allies(data: &CampaignData, party: PartyId) -> usize {
    ally_members(data, party).len()
}

/// A character's rank in a travel-rounds role.
pub fn rank(c: &Character, role: Role) -> i64 {
    let r = &c.rounds.ranks;
    match role {
        Role::Striker => r.striker,
        Role::Caster => r.caster,
        Role::Healer => r.healer,
        Role::Defender => r.defender,
        Role::Support => r.support,
        Role::Saboteur => r.saboteur,
    }
}
