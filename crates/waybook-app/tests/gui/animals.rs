//! Issue 54 through the window: an animal added in one click and given a
//! rider; a type's figures edited once for all its animals, a bad one
//! refused; a vehicle added, drawn and loaded; a journey refused while it
//! brings a cart its ground refuses, and let go once the cart stays.

use crate::common::gui::Fixture;
use egui_kittest::kittest::Queryable;
use waybook_core::model::{CharacterKind, Holder};

/// Clicks the entry `name` of the menu open now: a button, not a label of
/// the same name (the roster's "Mule" cells).
fn menu_entry(f: &mut Fixture, name: &str) {
    let entry = f
        .harness
        .get_all_by_role_and_label(egui::accesskit::Role::Button, name);
    entry.last().expect("the menu's entry").click();
    f.harness.run();
}

/// Clicks the journey tab `name` (the first of its label: the tab row is
/// above the tab's own headings).
fn tab(f: &mut Fixture, name: &str) {
    f.harness
        .get_all_by_label(name)
        .next()
        .expect("the tab")
        .click();
    f.harness.run();
}

/// "An animal ... belongs to a party and may be someone's mount", its
/// figures from its type: a mule added from the roster joins the party
/// run with a mule's figures, and Ash rides it.
#[test]
fn an_animal_is_added_in_one_click_and_given_a_rider() {
    let mut f = Fixture::demo();
    f.click("Roster");
    f.click("Add animal");
    menu_entry(&mut f, "Mule");
    let mule = f.character("Mule").expect("a new mule");
    assert_eq!(mule.kind, CharacterKind::Animal);
    assert_eq!(mule.exploration.food_percent, 200, "Waybook's mule");
    assert_eq!(mule.party, f.character("Bess").and_then(|b| b.party));
    assert!(f.shows("Its Endurance, Stamina, food need and Wounds are its type's"));
    assert!(!f.shows("Travellers' Companion"), "no hero's sections");
    f.pick("Ridden by", "Ash Varnell");
    let rider = |f: &Fixture| {
        let mule = f.character("Mule").expect("the mule");
        mule.animal.as_ref().and_then(|a| a.rider)
    };
    assert_eq!(rider(&f), f.character("Ash Varnell").map(|a| a.id));
    // Marta rides Sorrel: taking her puts her on the mule instead.
    f.pick("Ridden by", "Marta the Guide");
    assert_eq!(rider(&f), f.character("Marta the Guide").map(|m| m.id));
    let sorrel = f.character("Sorrel").expect("the horse");
    assert_eq!(sorrel.animal.as_ref().and_then(|a| a.rider), None);
}

/// "the camp's ambush or a scene can wound one (its Wounds a house
/// rule)": after a scene the GM marks Bess's Wounds on her sheet, out of
/// her type's; more than her type gives is refused where it was typed.
#[test]
fn an_animal_wounded_in_a_scene_is_marked_on_its_sheet() {
    let mut f = Fixture::demo();
    f.click("Roster");
    f.click("Bess");
    let max = f.character("Bess").expect("Bess").companion.wounds.max;
    let field = format!("Wounds left (of {max})");
    f.type_into(&field, &(max + 1).to_string());
    assert!(
        f.shows(&format!("{field}: must be between 0 and {max}")),
        "refused where typed"
    );
    assert_eq!(
        f.character("Bess").expect("Bess").companion.wounds.current,
        max
    );
    f.type_into(&field, &(max - 2).to_string());
    let wounds = f.character("Bess").expect("Bess").companion.wounds;
    assert_eq!((wounds.current, wounds.max), (max - 2, max));
}

/// "an editable table of animal types with defaults, so a GM ... edits a
/// type once for all its animals": the mule's food need typed once feeds
/// both demo mules, a bad figure is refused where it was typed, and one
/// undo takes the change back from every animal.
#[test]
fn a_type_edited_once_changes_all_its_animals() {
    let mut f = Fixture::demo();
    f.click("Campaign");
    f.click("Animal types (6)");
    let need =
        |f: &Fixture, name: &str| f.character(name).expect("a mule").exploration.food_percent;
    f.type_into("Mule food need (%)", "lots");
    assert!(f.shows("Mule food need (%): “lots” is not a whole number"));
    assert_eq!(
        (need(&f, "Bess"), need(&f, "Clover")),
        (200, 200),
        "nothing stored"
    );
    f.type_into("Mule food need (%)", "250");
    assert_eq!((need(&f, "Bess"), need(&f, "Clover")), (250, 250));
    f.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    f.harness.run();
    assert_eq!(
        (need(&f, "Bess"), need(&f, "Clover")),
        (200, 200),
        "one undo"
    );
    f.greyed_with("Remove Mule", "give them another type first");
    f.greyed_with("Remove Mule", "give them another type first");
    f.click("Remove Dog");
    assert!(
        f.data().settings.house_rules.animal_type("Dog").is_none(),
        "no dog in the demo"
    );
}

/// "A vehicle ... its capacity ... the animals it needs to move (a cart
/// with one draught animal, a wagon with two)": a wagon added to the
/// Watch takes Old Tam from the cart, and with one of its two animals
/// carries nothing yet; the oats move into the cart like any stack.
#[test]
fn a_wagon_is_added_drawn_and_loaded() {
    let mut f = Fixture::demo();
    f.run_party("The Kettleford Watch");
    f.click("Parties");
    assert!(f.shows("The company cart (Cart) · 0 of 250 kg carried (house rule)"));
    f.click("Add vehicle");
    menu_entry(&mut f, "Wagon");
    let wagon = (f.data().vehicles.values()).find(|v| v.breed == "Wagon");
    let wagon = wagon.expect("a wagon").id;
    assert!(f.shows("Drawn by (needs 2 a team):"));
    f.click_last("Old Tam");
    let tam = f.character("Old Tam").expect("the ox").id;
    assert_eq!(f.data().vehicles[&wagon].team, vec![tam]);
    assert!(f.shows("it carries nothing until its team draws it"));
    let cart = (f.data().vehicles.values()).find(|v| v.breed == "Cart");
    assert!(cart.expect("the cart").team.is_empty(), "Tam left the cart");
    f.click("Inventory");
    f.click("Old Tam");
    f.click("Oats");
    f.type_into("Quantity", "2");
    f.click("to");
    f.click_last("The company cart");
    f.click("Move");
    let cart = (f.data().vehicles.values())
        .find(|v| v.breed == "Cart")
        .expect("cart")
        .id;
    let aboard: i64 = f
        .data()
        .holdings_of(Holder::Vehicle(cart))
        .map(|h| h.quantity)
        .sum();
    assert_eq!(aboard, 2);
}

/// "a leg whose ground the vehicle cannot cross is refused in the plan
/// with the reason, or planned with the vehicle left behind, as the GM
/// chooses": the Watch's plan leaves the cart; brought, the Route tab and
/// Play say why not; left again, it plays.
#[test]
fn a_cart_brought_over_the_pass_is_refused_with_why() {
    let mut f = Fixture::demo();
    f.run_party("The Kettleford Watch");
    f.click("Journeys");
    tab(&mut f, "Route");
    let bring = "Bring The company cart (Cart): 0 of 250 kg carried (house rule)";
    f.click(bring);
    let why = "The company cart cannot cross leg 2 (Greyspine foothills: difficult terrain)";
    assert!(f.shows(why));
    assert!(f.journey().plan.left_behind.is_empty());
    tab(&mut f, "Play");
    f.greyed_with("Play next hour", why);
    tab(&mut f, "Route");
    f.click(bring);
    assert!(!f.shows(why));
    assert_eq!(f.journey().plan.left_behind.len(), 1, "left behind again");
    assert!(
        f.shows("needs a Cart and its team"),
        "what a way needs is said"
    );
    assert!(f.shows("Hobb the Carter watches"));
    assert!(!f.shows("Old Tam watches"), "an animal keeps no watch");
}

/// Done when: "one goes lame from a table entry". The demo's pass hazards
/// say "Ice on the ledges: {lame: animal}": a round up the Mill track
/// meets it, a d3 picks Sorrel of the company's three animals, and the
/// round's log says so; Sorrel's sheet counts the Wound.
#[test]
fn a_hazard_of_the_pass_lames_the_guides_horse() {
    let mut f = Fixture::demo();
    let whole = f.character("Sorrel").expect("Sorrel").companion.wounds;
    f.click("Travel");
    f.pick("Path", "Mill track to Greyspine Foot · D4 ⚠2 · 2 rounds");
    // Pathfinding 10; the encounter die 10 (a hazard); the pass's hazards
    // d4 = 2 (the ice); which animal d3 = 3 (Sorrel).
    f.dice(&[10, 10, 2, 3]);
    f.click("Roll the Navigation Phase");
    f.click("Cast the encounter die");
    assert!(
        f.shows("Ice on the ledges: Sorrel the Riding horse goes lame"),
        "the table's row, the animal named"
    );
    assert!(f.shows("Which animal: 1 Bess, 2 Clover, 3 Sorrel: d3 = 3"));
    let wounds = f.character("Sorrel").expect("Sorrel").companion.wounds;
    assert_eq!(wounds.current, whole.current - 1);
    f.click("Roster");
    f.click("Sorrel");
    assert!(f.shows(&format!("Wounds left (of {})", whole.max)));
}
