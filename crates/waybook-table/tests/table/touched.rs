//! Which pages a change touches (issue 51), on the demo with a second
//! party: the settings touch every page; a character, the parties it is
//! in before and after; a log entry shown to the party, its party, and one
//! shown to a named player, that player; a GM's roll naming nobody and a
//! roll table touch none. A link's page is touched when its party is, or
//! one of its player's parties is, or its player is.

use std::collections::BTreeSet;
use waybook_core::model::{
    CampaignData, Character, CharacterId, CharacterKind, LogEntry, LogKind, Party, PartyId, Player,
    PlayerId, Visibility,
};
use waybook_table::links::{Link, Target};
use waybook_table::touched::{Touched, parties_of_players, touched};

const SOLO: PartyId = PartyId(900);
const RIN: PlayerId = PlayerId(900);

/// The demo and a second party, The Solo Road, with Rin's Wren in it.
fn two_parties() -> CampaignData {
    let (_dir, mut data) = waybook_testkit::demo();
    data.players.insert(RIN, Player::new(RIN, "Rin"));
    data.parties.insert(
        SOLO,
        Party::new(SOLO, "The Solo Road", waybook_core::model::ClockTime::START),
    );
    let mut wren = Character::new(CharacterId(901), "Wren", CharacterKind::Hero);
    (wren.party, wren.player) = (Some(SOLO), Some(RIN));
    data.characters.insert(wren.id, wren);
    data
}

fn lantern(data: &CampaignData) -> PartyId {
    (data.parties.values())
        .find(|p| p.name == "The Lantern Company")
        .expect("the demo's party")
        .id
}

fn link(target: Target) -> Link {
    Link {
        target,
        name: String::new(),
        token: Some("t".to_owned()),
    }
}

#[test]
fn the_settings_touch_every_page_and_a_roll_table_none() {
    let before = two_parties();
    let mut after = before.clone();
    after.settings.clock.hour += 1;
    assert!(touched(&before, &after).all);
    let mut after = before.clone();
    let table = before.tables.values().next().expect("a table").clone();
    after.tables.remove(&table.id);
    assert_eq!(touched(&before, &after), Touched::default());
}

#[test]
fn a_character_touches_its_parties_before_and_after() {
    let before = two_parties();
    let lantern = lantern(&before);
    let mut after = before.clone();
    let wren = after.characters.get_mut(&CharacterId(901)).expect("Wren");
    wren.companion.wounds.current -= 1;
    let t = touched(&before, &after);
    assert_eq!((t.all, t.parties.clone()), (false, BTreeSet::from([SOLO])));
    let (of_before, of_after) = (parties_of_players(&before), parties_of_players(&after));
    assert!(t.touches(&link(Target::Player(RIN)), &of_before, &of_after));
    assert!(t.touches(&link(Target::Party(SOLO)), &of_before, &of_after));
    let maya = (before.players.values())
        .find(|p| p.name == "Maya")
        .expect("Maya")
        .id;
    assert!(!t.touches(&link(Target::Player(maya)), &of_before, &of_after));
    assert!(!t.touches(&link(Target::Party(lantern)), &of_before, &of_after));
    // Wren joins the Lantern Company: both parties, and so Maya's page.
    let mut after = before.clone();
    after
        .characters
        .get_mut(&CharacterId(901))
        .expect("Wren")
        .party = Some(lantern);
    let t = touched(&before, &after);
    assert_eq!(t.parties, BTreeSet::from([lantern, SOLO]));
    let of_after = parties_of_players(&after);
    assert!(t.touches(&link(Target::Player(maya)), &of_before, &of_after));
}

#[test]
fn a_log_entry_touches_whom_it_is_shown_to_and_a_gms_roll_none() {
    let before = two_parties();
    let lantern = lantern(&before);
    let entry = |shown: Visibility, parties: Vec<PartyId>| {
        let mut e = LogEntry::new(
            &before,
            LogKind::Dice,
            "A roll",
            "d6: 4".to_owned(),
            Vec::new(),
            "2026-12-01 20:00".to_owned(),
        );
        (e.shown, e.parties) = (shown, parties);
        let mut after = before.clone();
        after.log.insert(e.id, e);
        touched(&before, &after)
    };
    assert_eq!(entry(Visibility::Gm, Vec::new()), Touched::default());
    let party = entry(Visibility::Party, vec![lantern]);
    assert_eq!(party.parties, BTreeSet::from([lantern]));
    let named = entry(Visibility::Players(vec![RIN]), Vec::new());
    assert_eq!(
        (named.parties.len(), named.players.clone()),
        (0, BTreeSet::from([RIN]))
    );
    let of = parties_of_players(&before);
    assert!(named.touches(&link(Target::Player(RIN)), &of, &of));
    assert!(!named.touches(&link(Target::Party(SOLO)), &of, &of));
}
