//! The Parties screen and what a party carries. Issue 53, two parties
//! meeting: "Two parties meet only on the same day
//! at the same place: the GM moves the earlier one on to the later one's
//! date (the rest days booked as above) and may then merge them or move
//! members between them." Driven on the Parties screen with the demo's
//! company and its Kettleford Watch, three days behind it at Kettleford.

use crate::common::gui::Fixture;
use egui::{Key, Modifiers};
use waybook_core::model::{Party, PartyId};

fn party(f: &Fixture, name: &str) -> Party {
    (f.data().parties.values().find(|p| p.name == name).cloned()).expect("the demo's party")
}

#[test]
fn the_watch_is_moved_on_to_meet_the_company_and_joins_it() {
    let mut f = Fixture::demo();
    // The first party, the company, is shown.
    f.click("Parties");
    let (company, watch) = (
        party(&f, "The Lantern Company"),
        party(&f, "The Kettleford Watch"),
    );
    assert!(f.shows(&format!(
        "The Kettleford Watch lives {}, 2 days and 17 hours behind The Lantern Company: move it on to meet them.",
        f.data().settings.when(watch.now)
    )));
    let joins = "The Kettleford Watch joins The Lantern Company";
    f.greyed_with(joins, "move it on to meet them");
    f.greyed_with(
        "Wren Tallis (in The Kettleford Watch)",
        "Wren Tallis cannot move from The Kettleford Watch to The Lantern Company",
    );

    f.click("Move The Kettleford Watch on 2 days and 17 hours");
    assert_eq!(party(&f, "The Kettleford Watch").now, company.now);
    let entry = f.data().log.values().last().expect("logged");
    assert_eq!(entry.parties, [watch.id], "the Watch's days at rest");
    assert!(
        (entry.said.iter())
            .any(|l| l == "Day 7 (at rest) · Hobb the Carter eats 40 of 40 units (full)"),
        "{:?}",
        entry.said
    );
    assert!(f.shows("parties meet at one place"));
    f.greyed_with(joins, "The Kettleford Watch is at Kettleford");

    // The GM walks the Watch up to the company at Old Mill Crossing.
    let mill = (f
        .data()
        .places
        .values()
        .find(|p| p.name == "Old Mill Crossing"))
    .expect("the mill")
    .clone();
    let walked =
        waybook_core::edits::records::put_party_at(&party(&f, "The Kettleford Watch"), &mill);
    f.harness
        .state_mut()
        .app
        .push(waybook_app::app::Command::Apply(walked));
    f.harness.run();
    assert!(f.shows("The Lantern Company and The Kettleford Watch have met: one day, one place."));
    f.click(joins);
    assert_eq!(
        f.data().parties.keys().copied().collect::<Vec<PartyId>>(),
        [company.id],
        "one party now"
    );
    assert_eq!(f.data().members(company.id).count(), 13);
    assert!(
        (f.data().journeys.values()).all(|j| j.party == company.id),
        "the Watch's plan is the company's"
    );
    assert!(
        (f.data().vehicles.values()).all(|v| v.party == Some(company.id)),
        "and so is its cart"
    );
    f.harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    f.harness.run();
    assert_eq!(f.data().parties.len(), 2, "Ctrl+Z brings the Watch back");
    assert_eq!(f.data().members(watch.id).count(), 3, "its two and Old Tam");
}

/// The Parties screen opens on the party the GM runs.
#[test]
fn the_parties_screen_opens_on_the_party_run() {
    let mut f = Fixture::demo();
    f.run_party("The Kettleford Watch");
    f.click("Parties");
    assert!(
        f.shows("for 2 characters and 1 animal."),
        "the Watch's two and its ox"
    );
}

/// Issue 54, a first step: "what each character carries (their kit's
/// weight, a limit each as a house rule with a default)". Ødric's mail,
/// sword and rations against Waybook's 25 kg, then the GM's 10 kg; a limit
/// below 1 kg is refused in words and nothing is stored.
#[test]
fn a_characters_load_is_said_against_the_house_rule() {
    let mut f = Fixture::demo();
    f.click("Inventory");
    f.click("Ødric Hale");
    assert!(f.shows("12.5 of 25 kg carried (house rule)"));
    f.click("Campaign");
    f.type_into("Each character carries up to (kg)", "0");
    assert!(f.shows("must be between 1 and 1000"));
    assert_eq!(
        f.data().settings.house_rules.carry_kg,
        25.0,
        "nothing stored"
    );
    f.type_into("Each character carries up to (kg)", "10");
    assert_eq!(f.data().settings.house_rules.carry_kg, 10.0);
    f.click("Inventory");
    assert!(f.shows("12.5 kg carried: 2.5 kg over the house rule's 10 kg"));
}

/// A player of many characters is one line beside their name: the first
/// five named, the rest counted (a player of thousands is not a line of
/// thousands of names).
#[test]
fn a_player_of_many_characters_names_five_and_counts_the_rest() {
    use waybook_core::model::{Change, Character, CharacterId, CharacterKind, Edit};
    let mut f = Fixture::new_campaign_then(|path| {
        let mut campaign = waybook_core::store::Campaign::open(path).expect("opens");
        let data = campaign.load().expect("reads");
        let added = waybook_core::edits::players::add(&data, "Maya").expect("a player");
        let first = data.next_id::<Character>().0;
        let mut changes = added.edit.changes;
        for (i, name) in ["Ash", "Bryn", "Cael", "Dara", "Eli", "Fen", "Gil"]
            .into_iter()
            .enumerate()
        {
            let id = CharacterId(first + i as i64);
            let mut c = Character::new(id, name, CharacterKind::Hero);
            c.player = Some(added.id);
            changes.push(Change::character(None, Some(&c)));
        }
        campaign
            .apply(&Edit::new("Maya's seven", changes))
            .expect("written");
    });
    f.click("Parties");
    assert!(f.shows("plays Ash, Bryn, Cael, Dara, Eli and 2 more"));
}
