//! Store tests: migrations, round trips of every entity, refusals of foreign,
//! corrupt and newer files (which stay untouched), foreign keys, copies, undo.

use crate::common;

use std::path::{Path, PathBuf};
use waybook_core::model::*;
use waybook_core::session::Session;
use waybook_core::store::{APPLICATION_ID, Campaign, LATEST_VERSION, StoreError};

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// The demo made in a new folder as `name.waybook`, open in a session.
fn demo_session(name: &str) -> (tempfile::TempDir, PathBuf, Session) {
    let dir = temp();
    let path = dir.path().join(format!("{name}.waybook"));
    let session =
        Session::new(waybook_core::demo::create_demo(&path).expect("demo")).expect("session");
    (dir, path, session)
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("the file is readable")
}

fn sidecars_absent(path: &Path) -> bool {
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    let shm = PathBuf::from(format!("{}-shm", path.display()));
    !wal.exists() && !shm.exists()
}

fn full_character(id: CharacterId, party: PartyId) -> Character {
    let mut c = Character::new(id, "Ødric “the Wall” Hale", CharacterKind::Traveller);
    c.player = Some(waybook_core::model::PlayerId(1));
    c.party = Some(party);
    c.notes = "line one\nline two".into();
    c.companion.stats.push(NamedStat::new("Lore", 7));
    c.companion.quality = 4;
    c.companion.defence = 3;
    c.companion.wounds = Track { current: 2, max: 9 };
    c.companion.toughness = Track { current: 1, max: 5 };
    c.companion.wild_dice = 3;
    c.companion.xp = 16;
    c.companion.powers = vec!["Ward".into(), "Blink".into()];
    c.companion.talents = vec!["Hardy".into()];
    c.companion.injuries = vec!["Broken rib".into()];
    c.companion.drive = "Find the lost road".into();
    c.rounds.body = 6;
    c.rounds.hp = Track {
        current: 3,
        max: 12,
    };
    c.rounds.mp = Track { current: 0, max: 7 };
    c.rounds.ranks = RoleRanks {
        striker: 1,
        caster: 2,
        healer: 3,
        defender: 4,
        support: 5,
        saboteur: 6,
    };
    c.rounds.injuries = vec!["Sprained ankle".into()];
    c.rounds.statuses = vec!["Poisoned".into(), "Inspired".into()];
    c.exploration.traits.push(NamedStat::new("Presence", -1));
    c.exploration.skills[0].value = 4;
    c.exploration.exhaustion = 2;
    c.exploration.days_without_food = 1.5;
    c.exploration.cold = Protection {
        immune: false,
        resistant: true,
        reduction: 0,
    };
    c.exploration.heat = Protection {
        immune: true,
        resistant: false,
        reduction: 3,
    };
    c.exploration.swim_speed = 6;
    c.exploration.climb_speed = 4;
    c.exploration.altitude_adapted = true;
    c.exploration.depth_adapted = true;
    c.exploration.senses = vec![
        hazard::Sense {
            kind: hazard::SenseKind::Nightvision,
            range_m: 18,
        },
        hazard::Sense {
            kind: hazard::SenseKind::Truesight,
            range_m: 9,
        },
    ];
    c.exploration.hazards = hazard::HazardState {
        conditions: vec!["Prone".into(), "Doom".into()],
        doom: 2,
        held_exhaustion: 1,
        sunk_m: 0.5,
        lines: vec!["Fell 30 m".into()],
    };
    c
}

fn sample_edit() -> Edit {
    let party = Party {
        supplies: 7,
        notes: "n".into(),
        purse: 12,
        currency: "crowns".into(),
        ..Party::new(PartyId(1), "Lantern", ClockTime::START)
    };
    let c = full_character(CharacterId(1), party.id);
    let item = Item {
        id: ItemId(1),
        name: "Emberleaf".into(),
        category: Category::Material,
        food_units: 0,
        weight: 0.25,
        quality: Some(Quality::Exceptional),
        material: Some(MaterialType::Plant),
        tool_kind: Some(ToolKind::Botanist),
        bonus: 2,
        notes: "glows".into(),
        suggested: true,
        fodder: true,
    };
    let carried = Holding {
        origin: Some("Mill meadow, day 2, 08:00".into()),
        ..Holding::new(HoldingId(1), item.id, Holder::Character(c.id), 3)
    };
    let stashed = Holding::new(HoldingId(2), item.id, Holder::Stash(party.id), 9);
    let priya = waybook_core::model::Player::new(waybook_core::model::PlayerId(1), "Priya");
    Edit::new(
        "setup",
        vec![
            Change::of(None, Some(&priya)),
            Change::of(None, Some(&party)),
            Change::character(None, Some(&c)),
            Change::Item {
                before: None,
                after: Some(item),
            },
            Change::Holding {
                before: None,
                after: Some(carried),
            },
            Change::Holding {
                before: None,
                after: Some(stashed),
            },
        ],
    )
}

#[test]
fn every_entity_survives_a_round_trip_through_the_file() {
    let dir = temp();
    let path = dir.path().join("c.waybook");
    let mut campaign = Campaign::create(&path, "Round trip").expect("created");
    let edit = sample_edit();
    campaign.apply(&edit).expect("applied");
    let mut expected = CampaignData::new(Settings::new("Round trip"));
    for change in &edit.changes {
        expected.apply(change);
    }
    drop(campaign);
    let loaded = Campaign::open(&path)
        .expect("reopened")
        .load()
        .expect("loaded");
    assert_eq!(loaded.characters, expected.characters);
    assert_eq!(loaded.parties, expected.parties);
    assert_eq!(loaded.items, expected.items);
    assert_eq!(loaded.holdings, expected.holdings);
    assert_eq!(loaded.settings, expected.settings);
}

/// Issue 13: a scene's fight (enemies, activations, who is down) and the
/// campaign's cults come back from the file as they were written.
#[test]
fn cults_and_a_fight_under_way_survive_a_round_trip() {
    use waybook_core::model::scene::{Action, Activation, Combatant, Downed, Enemy, Tier};
    let dir = temp();
    let path = dir.path().join("c.waybook");
    let mut campaign = Campaign::create(&path, "Round trip").expect("created");
    let mut data = campaign.load().expect("loads");
    let edit = sample_edit();
    campaign.apply(&edit).expect("applied");
    edit.changes.iter().for_each(|c| data.apply(c));
    let cult = Cult {
        id: CultId(1),
        god: "Morrow".into(),
        bright: CultSide {
            name: "Wardens".into(),
            rule: "r".into(),
            trait_: "t".into(),
        },
        dark: CultSide {
            name: "Drowned Toll".into(),
            rule: "+1 to hit on bridges".into(),
            trait_: "Hook-chain".into(),
        },
    };
    let start = waybook_core::scene::SceneStep::Start {
        name: "Fight".into(),
        party: Some(PartyId(1)),
        mode: SceneMode::Combat,
        threat: 2,
        new_scenario: true,
    };
    let mut dice = waybook_rules::dice::Dice::scripted(vec![]);
    let started = waybook_core::scene::play(&data, &start, &mut dice).expect("started");
    campaign.apply(&started).expect("applied");
    started.changes.iter().for_each(|c| data.apply(c));
    let mut scene = data.scenes.values().next().expect("the scene").clone();
    scene.enemies.push(Enemy {
        name: "Wrack".into(),
        tier: Tier::Elite,
        quality: 4,
        defence: 5,
        wounds: Track { current: 2, max: 3 },
        toughness: Track::full(1),
        cult: Some(cult.id),
        bright: false,
        boss_rule: true,
    });
    scene.activated = vec![Combatant::Hero(CharacterId(1))];
    scene.activation = Some(Activation {
        who: Combatant::Enemy(0),
        actions: vec![Action::Fight],
    });
    scene.down = vec![Downed {
        character: CharacterId(1),
        round: 1,
        still_down: true,
    }];
    let before = data.scenes.values().next().cloned();
    let edit = Edit::new(
        "Fight under way",
        vec![
            Change::of(None, Some(&cult)),
            Change::of(before.as_ref(), Some(&scene)),
        ],
    );
    campaign.apply(&edit).expect("applied");
    drop(campaign);
    let loaded = Campaign::open(&path)
        .expect("reopened")
        .load()
        .expect("loaded");
    assert_eq!(loaded.cults.get(&cult.id), Some(&cult));
    assert_eq!(loaded.scenes.get(&scene.id), Some(&scene));
    let c = &loaded.characters[&CharacterId(1)];
    assert_eq!(c.exploration.senses.len(), 2);
    assert_eq!(c.exploration.hazards.doom, 2);
    assert_eq!(
        c.exploration.hazards.conditions,
        vec!["Prone".to_owned(), "Doom".to_owned()]
    );
}

#[test]
fn settings_round_trip() {
    let dir = temp();
    let path = dir.path().join("s.waybook");
    let mut campaign = Campaign::create(&path, "Before").expect("created");
    let after = Settings {
        name: "After".into(),
        companion: false,
        rounds: true,
        exploration: false,
        day_hours: 30,
        long_rest_degrees: 2,
        clock: ClockTime { day: 12, hour: 17 },
        weather_table: Some(waybook_core::model::TableId(3)),
        gather_table: None,
        track_food: false,
        food_and_drink_apart: true,
        calendar: Box::new(waybook_core::model::calendar::Calendar {
            era: "of the Lantern".into(),
            year_one_weekday: 3,
            ..waybook_core::model::calendar::Calendar::gregorian()
        }),
        house_rules: Box::new(waybook_core::model::HouseRules {
            methods: vec![waybook_core::model::Method {
                name: "Griffon".into(),
                km_per_hour: 40.0,
                swimming: false,
                by: None,
            }],
            tiers: waybook_core::model::house_rules::Tiers {
                boss: waybook_core::model::scene::TierStats {
                    quality: 3,
                    defence: 3,
                    wounds: 9,
                    toughness: 4,
                },
                ..waybook_core::model::house_rules::Tiers::default()
            },
            carry_kg: 32.5,
            animal_types: vec![waybook_core::model::AnimalType::blank("Griffon")],
            animals_eat_supplies: true,
            vehicle_types: vec![waybook_core::model::VehicleType::blank("Chariot")],
            overloaded_percent: 75,
        }),
    };
    campaign
        .apply(&Edit::new(
            "s",
            vec![Change::Settings {
                before: Settings::new("Before"),
                after: after.clone(),
            }],
        ))
        .expect("applied");
    drop(campaign);
    assert_eq!(
        Campaign::open(&path)
            .expect("reopened")
            .settings()
            .expect("read"),
        after
    );
}

/// A calendar that cannot name its days (a year's leap rule of every 0
/// years) is damage: the file does not open, and says where.
#[test]
fn a_damaged_calendar_is_refused_when_the_file_opens() {
    let dir = temp();
    let path = dir.path().join("c.waybook");
    drop(Campaign::create(&path, "c").expect("created"));
    let mut calendar = waybook_core::model::calendar::Calendar::gregorian();
    calendar.leap.as_mut().expect("a rule").every = 0;
    let json = serde_json::to_string(&calendar).expect("JSON");
    rusqlite::Connection::open(&path)
        .expect("opens")
        .execute("UPDATE campaign SET calendar = ?1", [json])
        .expect("damaged");
    let error = Campaign::open(&path)
        .and_then(|c| c.load())
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("leap years come every 1 to 10,000 years"),
        "{error}"
    );
}

#[test]
fn migrating_twice_is_a_no_op() {
    let dir = temp();
    let path = dir.path().join("m.waybook");
    drop(Campaign::create(&path, "m").expect("created"));
    let schema = |path: &Path| -> (i64, Vec<String>) {
        let conn = rusqlite::Connection::open(path).expect("opens");
        let version = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .expect("version");
        let mut stmt = conn
            .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
            .expect("prepared");
        let sql = stmt
            .query_map([], |r| r.get(0))
            .expect("queried")
            .map(|r| r.expect("row"))
            .collect();
        (version, sql)
    };
    let first = schema(&path);
    drop(Campaign::open(&path).expect("opened once more"));
    drop(Campaign::open(&path).expect("and again"));
    assert_eq!(schema(&path), first);
    assert_eq!(first.0, LATEST_VERSION);
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_untouched() {
    let dir = temp();
    let path = dir.path().join("notes.waybook");
    std::fs::write(
        &path,
        "These are my session notes, not a database.\n".repeat(10),
    )
    .expect("written");
    let before = bytes(&path);
    let err = Campaign::open(&path).err().expect("refused");
    assert!(matches!(err, StoreError::Foreign { .. }), "{err}");
    assert!(err.to_string().contains("not a Waybook campaign"), "{err}");
    assert_eq!(bytes(&path), before);
    assert!(sidecars_absent(&path));
}

#[test]
fn another_applications_database_is_refused_untouched() {
    let dir = temp();
    let path = dir.path().join("other.db");
    {
        let conn = rusqlite::Connection::open(&path).expect("created");
        conn.execute_batch("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5);")
            .expect("filled");
    }
    let before = bytes(&path);
    let err = Campaign::open(&path).err().expect("refused");
    assert!(err.to_string().contains("another application"), "{err}");
    assert_eq!(bytes(&path), before);
    assert!(sidecars_absent(&path));
}

#[test]
fn a_truncated_campaign_is_refused_untouched() {
    let dir = temp();
    let path = dir.path().join("cut.waybook");
    waybook_core::demo::create_demo(&path).expect("demo");
    let whole = bytes(&path);
    assert!(whole.len() > 8192, "the demo spans several pages");
    std::fs::write(&path, &whole[..whole.len() / 2]).expect("truncated");
    let before = bytes(&path);
    let err = Campaign::open(&path).err().expect("refused");
    assert!(matches!(err, StoreError::Foreign { .. }), "{err}");
    assert_eq!(bytes(&path), before);
}

#[test]
fn a_file_from_a_newer_waybook_is_refused_untouched() {
    let dir = temp();
    let path = dir.path().join("future.waybook");
    drop(Campaign::create(&path, "future").expect("created"));
    {
        let conn = rusqlite::Connection::open(&path).expect("opens");
        conn.pragma_update(None, "user_version", LATEST_VERSION + 1)
            .expect("bumped");
        conn.pragma_update(None, "journal_mode", "DELETE")
            .expect("no wal");
    }
    let before = bytes(&path);
    let err = Campaign::open(&path).err().expect("refused");
    match &err {
        StoreError::Newer {
            found, supported, ..
        } => {
            assert_eq!((*found, *supported), (LATEST_VERSION + 1, LATEST_VERSION));
        }
        other => panic!("expected a newer-version refusal, got {other}"),
    }
    assert!(err.to_string().contains("newer Waybook"));
    assert_eq!(bytes(&path), before);
}

#[test]
fn new_campaigns_carry_the_waybook_mark() {
    let dir = temp();
    let path = dir.path().join("mark.waybook");
    drop(Campaign::create(&path, "mark").expect("created"));
    let conn = rusqlite::Connection::open(&path).expect("opens");
    let id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .expect("read");
    assert_eq!(id, APPLICATION_ID);
}

#[test]
fn creating_over_an_existing_file_is_refused() {
    let dir = temp();
    let path = dir.path().join("keep.waybook");
    std::fs::write(&path, "precious").expect("written");
    assert!(matches!(
        Campaign::create(&path, "x"),
        Err(StoreError::Exists(_))
    ));
    assert_eq!(bytes(&path), b"precious");
}

#[test]
fn foreign_keys_are_enforced_and_a_failed_edit_writes_nothing() {
    let mut campaign = Campaign::in_memory("fk").expect("created");
    let party = Party::new(PartyId(1), "P", ClockTime::START);
    let orphan = Holding::new(HoldingId(1), ItemId(42), Holder::Stash(party.id), 1);
    let edit = Edit::new(
        "bad",
        vec![
            Change::of(None, Some(&party)),
            Change::Holding {
                before: None,
                after: Some(orphan),
            },
        ],
    );
    let err = campaign
        .apply(&edit)
        .expect_err("the missing item is refused");
    assert!(err.to_string().contains("FOREIGN KEY"), "{err}");
    let data = campaign.load().expect("loaded");
    assert!(
        data.parties.is_empty(),
        "the party of the failed edit was rolled back"
    );
}

#[test]
fn a_negative_stack_never_reaches_the_file() {
    let mut campaign = Campaign::in_memory("neg").expect("created");
    let mut edit = sample_edit();
    if let Some(Change::Holding { after: Some(h), .. }) = edit.changes.last_mut() {
        h.quantity = -1;
    }
    assert!(campaign.apply(&edit).is_err());
    assert!(campaign.load().expect("loaded").holdings.is_empty());
}

#[test]
fn a_copy_holds_the_same_campaign() {
    let dir = temp();
    let path = dir.path().join("live.waybook");
    let campaign = waybook_core::demo::create_demo(&path).expect("demo");
    let copy = dir.path().join("copy.waybook");
    campaign.save_copy(&copy).expect("copied");
    assert!(!dir.path().join("copy.waybook.partial").exists());
    let original = campaign.load().expect("loaded");
    let copied = Campaign::open(&copy)
        .expect("the copy opens")
        .load()
        .expect("loaded");
    assert_eq!(copied.characters, original.characters);
    assert_eq!(copied.holdings, original.holdings);
}

#[test]
fn a_copy_to_an_unwritable_place_fails_and_leaves_nothing() {
    let dir = temp();
    let campaign = Campaign::in_memory("x").expect("created");
    let target = dir.path().join("no-such-dir").join("copy.waybook");
    assert!(campaign.save_copy(&target).is_err());
    assert!(!target.exists());
}

#[test]
fn undo_restores_a_deleted_character_and_what_they_carried_in_the_file() {
    let (_dir, path, mut session) = demo_session("undo");
    let before = session.data.clone();
    let ash = before
        .characters
        .values()
        .find(|c| c.name == "Ash Varnell")
        .expect("Ash")
        .clone();
    let carried = before.holdings_of(Holder::Character(ash.id)).count();
    assert!(carried > 0);
    session
        .apply(
            waybook_core::edits::delete_characters(
                &before,
                &[ash.id],
                waybook_core::edits::KitFate::Drop,
            )
            .expect("an edit"),
        )
        .expect("deleted");
    assert!(!session.data.characters.contains_key(&ash.id));
    assert_eq!(
        session.data.holdings_of(Holder::Character(ash.id)).count(),
        0
    );
    assert_eq!(
        session.undo().expect("undone").as_deref(),
        Some("Delete Ash Varnell")
    );
    let reloaded = Campaign::open(&path)
        .expect("reopened")
        .load()
        .expect("loaded");
    assert_eq!(reloaded.characters, before.characters);
    assert_eq!(reloaded.holdings, before.holdings);
    session.redo().expect("redone");
    let reloaded = Campaign::open(&path)
        .expect("reopened")
        .load()
        .expect("loaded");
    assert!(!reloaded.characters.contains_key(&ash.id));
}

#[test]
fn the_demo_has_four_heroes_the_traveller_and_two_allies_with_kit() {
    let dir = temp();
    let data = waybook_core::demo::create_demo(&dir.path().join("d.waybook"))
        .expect("demo")
        .load()
        .expect("loaded");
    let count = |k: CharacterKind| data.characters.values().filter(|c| c.kind == k).count();
    assert_eq!(count(CharacterKind::Hero), 4);
    assert_eq!(count(CharacterKind::Traveller), 1);
    // The company's two, and the two of the Kettleford Watch.
    assert_eq!(count(CharacterKind::Ally), 4);
    let party = data.parties.values().next().expect("a party");
    assert_eq!(
        data.members(party.id).count(),
        10,
        "seven and three animals"
    );
    assert_eq!(count(CharacterKind::Animal), 4, "and the Watch's ox");
    assert!(data.totals_of(Holder::Stash(party.id)).food_units > 0);
    for c in data.characters.values() {
        assert!(
            data.holdings_of(Holder::Character(c.id)).count() > 0,
            "{} carries kit",
            c.name
        );
    }
    let tables: Vec<&str> = data.tables.values().map(|t| t.name.as_str()).collect();
    assert_eq!(
        tables[..5],
        [
            "weather",
            "injury",
            "xp-awards",
            "battle-items",
            "merchant-stock"
        ]
    );
    assert!(tables.contains(&"Weather: marsh, winter") && tables.contains(&"Battle items: coast"));
    assert_eq!(
        tables[tables.len() - 8..],
        [
            "Greyspine pass, cold months",
            "Greyspine pass, warm months",
            "Ashen plain, hot months",
            "Ashen plain, cool months",
            "Greyspine warriors",
            "Greyspine hazards",
            "Toll bandits",
            "Emberfall market"
        ]
    );
    // Waybook's starter tables fill what the texts name but do not give,
    // each marked as Waybook's; the demo's own (its regions' weather and
    // encounters) are the GM's. No placeholder is left.
    for t in data.tables.values() {
        assert!(!t.rows[0].result.starts_with("PLACEHOLDER"), "{}", t.name);
        let starter = t.name.starts_with("Weather: ")
            || t.name.starts_with("Battle items: ")
            || tables[..5].contains(&t.name.as_str());
        assert_eq!(t.suggested, starter, "{}", t.name);
    }
    let categories: std::collections::HashSet<_> =
        data.items.values().map(|i| i.category).collect();
    for needed in [
        Category::Food,
        Category::Water,
        Category::Material,
        Category::Tool,
    ] {
        assert!(categories.contains(&needed), "{needed:?} in the catalogue");
    }
}

#[test]
fn a_first_version_campaign_upgrades_and_keeps_its_data() {
    let dir = temp();
    let path = dir.path().join("old.waybook");
    common::first_version_campaign(&path);
    let campaign = Campaign::open(&path).expect("upgraded");
    let data = campaign.load().expect("loads");
    assert_eq!(data.settings.name, "Old");
    assert_eq!(
        data.settings.clock,
        ClockTime { day: 1, hour: 8 },
        "the new clock starts at its default"
    );
    assert_eq!(data.parties[&PartyId(1)].supplies, 3);
    assert!(data.journeys.is_empty());
    assert_eq!(common::schema_version(&path), LATEST_VERSION);
}

#[test]
fn journeys_round_trip_and_leave_with_their_party() {
    let dir = temp();
    let path = dir.path().join("j.waybook");
    let demo = waybook_core::demo::create_demo(&path).expect("demo");
    let data = demo.load().expect("loads");
    let journey = data
        .journeys
        .values()
        .next()
        .expect("the demo journey")
        .clone();
    assert_eq!(journey.plan.routes.len(), 2);
    drop(demo);
    let mut session = Session::new(Campaign::open(&path).expect("reopened")).expect("session");
    assert_eq!(
        session.data.journeys[&journey.id], journey,
        "plan, days and watch rota survive"
    );
    let party = session.data.parties[&journey.party].clone();
    let edit = waybook_core::edits::delete_party(&session.data, &party, None)
        .expect("no stash to hand over");
    session.apply(edit).expect("deleted");
    assert!(
        !(session.data.journeys.values()).any(|j| j.party == party.id),
        "a party's journeys go with it"
    );
    assert!(!session.data.journeys.is_empty(), "the other party's stay");
    session.undo().expect("undone");
    assert_eq!(
        Campaign::open(&path)
            .expect("reopened")
            .load()
            .expect("loads")
            .journeys[&journey.id],
        journey
    );
}

/// A log of a few blocks, its ids in two runs far apart (the demo's, then
/// the growth's), read behind the session by its workers.
#[test]
fn a_long_log_read_behind_the_session_is_the_log_in_the_file() {
    use waybook_core::demo::grown::{self, Growth};
    let dir = temp();
    let path = dir.path().join("long.waybook");
    let mut campaign = waybook_core::demo::create_demo(&path).expect("demo");
    let growth = Growth {
        days: 10,
        log: 13_000,
        journeys: 1,
        rounds: 1,
        regions: 1,
    };
    grown::grow(&mut campaign, growth).expect("grown");
    drop(campaign);
    let written = Campaign::open(&path)
        .expect("opens")
        .load()
        .expect("loads")
        .log;
    assert!(written.len() > 13_000, "{} entries", written.len());
    let mut session = Session::new(Campaign::open(&path).expect("opens")).expect("session");
    assert_eq!(session.data.log_read, LogRead::Reading);
    session.settle_log(true);
    assert_eq!(session.data.log_read, LogRead::Whole);
    assert_eq!(session.data.log, written, "every entry, once, in order");
}

#[test]
fn an_edit_made_while_the_log_is_read_keeps_every_entry_and_takes_a_new_id() {
    let dir = temp();
    let path = dir.path().join("long.waybook");
    drop(waybook_core::demo::create_demo(&path).expect("demo"));
    let written = Campaign::open(&path).expect("opens").load().expect("loads");
    let mut session = Session::new(Campaign::open(&path).expect("opens")).expect("session");
    assert_eq!(session.data.log_read, LogRead::Reading);
    assert!(session.data.log.is_empty(), "the log comes in behind");
    assert!(session.is_reading_log());
    // An event the GM adds before the log is in.
    let entry = LogEntry::new(
        &session.data,
        LogKind::Event,
        "Wait for the ferry",
        String::new(),
        Vec::new(),
        "2026-12-03 18:00".to_owned(),
    );
    let last = *written.log.keys().last().expect("the demo has a log");
    assert!(entry.id > last, "{:?} is a new id after {last:?}", entry.id);
    session
        .apply(Edit::new(
            "Add an event",
            vec![Change::of(None, Some(&entry))],
        ))
        .expect("written once the log is in");
    assert_eq!(session.data.log_read, LogRead::Whole);
    let mut expected = written.log.clone();
    expected.insert(entry.id, entry.clone());
    assert_eq!(session.data.log, expected, "every entry, and the new one");
    assert_eq!(
        Campaign::open(&path)
            .expect("opens")
            .load()
            .expect("loads")
            .log,
        expected,
        "so is the file"
    );
}

#[test]
fn a_played_journey_keeps_its_log_progress_and_food_record() {
    let (_dir, path, mut session) = demo_session("played");
    let journey = session
        .data
        .journeys
        .values()
        .next()
        .expect("journey")
        .clone();
    let edit = waybook_core::plan::play::advance(
        &session.data,
        &journey,
        waybook_core::plan::play::Until::EndOfDay,
        &mut waybook_rules::dice::Dice::seeded(7),
    )
    .expect("played");
    session.apply(edit).expect("written");
    let played = session.data.journeys[&journey.id].clone();
    assert!(played.played_hours > 0 && !played.log.is_empty() && played.food_left.len() == 2);
    let reloaded = Campaign::open(&path)
        .expect("reopened")
        .load()
        .expect("loads");
    assert_eq!(reloaded.journeys[&journey.id], played);
    assert_eq!(reloaded.settings.clock, session.data.settings.clock);
}

/// The demo on disk with its journey played two days, every test a natural 1.
fn played_demo() -> (tempfile::TempDir, Session, JourneyId) {
    let (dir, _, mut session) = demo_session("played");
    let id = *session.data.journeys.keys().next().expect("journey");
    let mut dice = waybook_rules::dice::Dice::scripted(vec![1; 500]);
    for _ in 0..2 {
        let journey = session.data.journeys[&id].clone();
        let edit = waybook_core::plan::play::advance(
            &session.data,
            &journey,
            waybook_core::plan::play::Until::EndOfDay,
            &mut dice,
        )
        .expect("played");
        session.apply(edit).expect("written");
    }
    (dir, session, id)
}

/// Issue 8: the degrees each test gave and the ways the legs were travelled
/// are kept in the file (migration 0003 and the plan's JSON).
#[test]
fn a_played_journey_keeps_its_exhaustion_record_and_legs_as_played() {
    let (dir, session, id) = played_demo();
    let played = session.data.journeys[&id].clone();
    assert!(!played.exhaustion_gained.is_empty(), "natural 1s fail");
    assert!(played.route().expect("route").legs[0].played_as.is_some());
    let reloaded = Campaign::open(&dir.path().join("played.waybook"))
        .expect("reopened")
        .load()
        .expect("loads");
    assert_eq!(reloaded.journeys[&id], played);
}

/// Issue 10: while the app sits open, the `.waybook` file alone (copied as a
/// GM would copy it to a stick) is the whole campaign, every edit in it.
#[test]
fn the_file_alone_is_the_whole_campaign_while_it_is_open() {
    let (dir, path, mut session) = demo_session("open");
    let ash = session
        .data
        .characters
        .values()
        .find(|c| c.name == "Ash Varnell")
        .expect("Ash")
        .clone();
    let after = Character {
        notes: "copied to a stick".into(),
        ..ash.clone()
    };
    session
        .apply(Edit::new(
            "Notes",
            vec![Change::character(Some(&ash), Some(&after))],
        ))
        .expect("written");
    let beside: Vec<String> = std::fs::read_dir(dir.path())
        .expect("listed")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n != "open.waybook")
        .collect();
    assert!(beside.is_empty(), "nothing beside the file: {beside:?}");
    let stick = dir.path().join("stick.waybook");
    std::fs::copy(&path, &stick).expect("copied alone");
    let copied = Campaign::open(&stick)
        .expect("the copy opens")
        .load()
        .expect("loads");
    assert_eq!(copied.characters[&ash.id].notes, "copied to a stick");
}

/// Issue 10: snapshots are consistent copies kept per campaign: the newest
/// ten, and the newest of each day for thirty days.
#[test]
fn snapshots_keep_the_newest_ten_and_one_a_day_for_thirty_days() {
    use waybook_core::store::snapshots::{Reason, Snapshots, restore};
    let dir = temp();
    let path = dir.path().join("kept.waybook");
    let campaign = waybook_core::demo::create_demo(&path).expect("demo");
    let snapshots = Snapshots::of(&dir.path().join("data"), &path);
    let first = snapshots.take(&campaign, Reason::Backup).expect("taken");
    // Forty older days, one snapshot each, as earlier sessions left them.
    for day in 1..=40 {
        let (month, d) = if day <= 30 { (10, day) } else { (11, day - 30) };
        let name = format!("2026-{month:02}-{d:02}T08-00-00Z-opened.waybook");
        std::fs::copy(&first, snapshots.dir().join(name)).expect("copied");
    }
    for _ in 0..12 {
        snapshots.take(&campaign, Reason::Backup).expect("taken");
    }
    let kept = snapshots.list().expect("listed");
    let today = kept[0].time[..10].to_owned();
    assert_eq!(
        kept.iter().filter(|s| s.time.starts_with(&today)).count(),
        10,
        "the newest ten, all of today"
    );
    assert_eq!(
        kept.len(),
        10 + 29,
        "and the newest of 29 earlier days (30 with today)"
    );
    assert!(
        kept.iter().all(|s| s.time.as_str() >= "2026-10-12"),
        "10 November back to 12 October stay; the older days go"
    );
    assert_eq!(kept[0].reason, "backup");
    let out = dir.path().join("restored.waybook");
    let restored = restore(&kept[0].path, &out)
        .expect("restored")
        .load()
        .expect("loads");
    assert_eq!(
        restored.characters,
        campaign.load().expect("loads").characters
    );
    assert!(
        matches!(restore(&kept[0].path, &out), Err(StoreError::Exists(_))),
        "never over a file"
    );
}

/// Issue 10: every kind of record goes out in the JSON document and comes
/// back the same, a played journey's log and records included.
#[test]
fn every_record_kind_round_trips_through_the_json_document() {
    use waybook_core::model::document::Document;
    let (dir, session, id) = played_demo();
    let text = Document::of(&session.data).to_json();
    let document = Document::parse(&text).expect("reads back");
    let copy = dir.path().join("copy.waybook");
    let back = Campaign::create_from(&copy, &document)
        .expect("imported")
        .load()
        .expect("loads");
    let without_revision = |d: &CampaignData| CampaignData {
        revision: 0,
        ..d.clone()
    };
    assert_eq!(without_revision(&back), without_revision(&session.data));
    assert!(!back.journeys[&id].log.is_empty() && !back.journeys[&id].exhaustion_gained.is_empty());
    assert_eq!(Document::of(&back).to_json(), text, "the same bytes again");
}

fn renamed_first_character(data: &CampaignData) -> Edit {
    let before = data.characters.values().next().expect("a character");
    let mut after = before.clone();
    after.name = "Renamed".into();
    Edit::new(
        "Rename",
        vec![Change::character(Some(before), Some(&after))],
    )
}

/// Issue 14: the app's open checks the file's integrity on a worker while
/// the campaign is read; the first write waits for the verdict.
#[test]
fn a_whole_file_is_checked_while_it_is_read_and_then_takes_edits() {
    let dir = temp();
    let path = dir.path().join("whole.waybook");
    drop(waybook_core::demo::create_demo(&path).expect("demo"));
    let snapshots = waybook_core::store::snapshots::Snapshots::of(&dir.path().join("data"), &path);
    let mut campaign = Campaign::open_keeping(&path, &snapshots).expect("opens");
    let data = campaign.load().expect("loads");
    campaign
        .apply(&renamed_first_character(&data))
        .expect("a whole file takes the edit");
    assert_eq!(
        campaign.verdict_news(),
        Some(waybook_core::store::Verdict::Whole)
    );
    assert_eq!(campaign.verdict_news(), None, "the verdict is news once");
    assert_eq!(campaign.damage(), None);
}

/// Issue 14: a file that reads but fails its integrity check opens, shows
/// what it holds, and refuses every write in words, its bytes untouched.
#[test]
fn a_file_that_fails_its_integrity_check_opens_but_refuses_every_write() {
    let dir = temp();
    let path = dir.path().join("damaged.waybook");
    drop(waybook_core::demo::create_demo(&path).expect("demo"));
    common::break_a_check_constraint(&path);
    let before = bytes(&path);
    let refused = Campaign::open(&path).err().expect("checked first, refused");
    assert!(refused.to_string().contains("it is damaged"), "{refused}");

    let snapshots = waybook_core::store::snapshots::Snapshots::of(&dir.path().join("data"), &path);
    let mut campaign = Campaign::open_keeping(&path, &snapshots).expect("opens while checked");
    let data = campaign.load().expect("what can be read is read");
    assert_eq!(data.characters.len(), 13);
    let err = campaign
        .apply(&renamed_first_character(&data))
        .expect_err("a damaged file takes no edit");
    let said = err.to_string();
    assert!(matches!(err, StoreError::Damaged { .. }), "{said}");
    assert!(
        said.contains("failed its integrity check") && said.contains("CHECK constraint failed"),
        "{said}"
    );
    assert!(campaign.damage().is_some_and(|d| d.contains("party")));
    assert_eq!(bytes(&path), before, "not a byte written");
}

/// Issue 23: a snapshot folder that cannot be read is an error said in
/// words, not "no snapshots".
#[test]
fn a_snapshot_folder_that_cannot_be_read_is_an_error() {
    let dir = tempfile::tempdir().expect("dir");
    let root = dir.path().join("data");
    std::fs::create_dir_all(&root).expect("the data folder");
    // Where the campaigns' snapshot folders go is a file: nothing can be listed.
    std::fs::write(root.join("snapshots"), "not a folder").expect("written");
    let snapshots =
        waybook_core::store::snapshots::Snapshots::of(&root, &dir.path().join("c.waybook"));
    let said = snapshots.list().expect_err("not listed").to_string();
    assert!(said.contains("snapshots"), "{said}");
}

/// Issue 25: a new campaign starts with Waybook's starter tables in place
/// of placeholders, each marked as Waybook's suggestion, the weather and
/// the battle items rolled on them; a region takes a climate's weather for
/// each season of the calendar.
#[test]
fn a_new_campaign_starts_with_waybook_s_starter_tables() {
    let dir = temp();
    let path = dir.path().join("new.waybook");
    let data = waybook_core::starter::create_campaign(&path, "New")
        .expect("created")
        .load()
        .expect("loads");
    assert_eq!(
        data.tables.len(),
        5 + 5 + 20,
        "five named, five areas, 20 climates"
    );
    for t in data.tables.values() {
        assert!(t.suggested && !t.is_placeholder(), "{}", t.name);
        assert!(t.check_in(&data).is_ok(), "{} can be rolled", t.name);
    }
    let name = |id: Option<TableId>| {
        id.and_then(|t| data.tables.get(&t))
            .map(|t| t.name.as_str())
    };
    assert_eq!(name(data.settings.weather_table), Some("weather"));
    assert_eq!(name(data.settings.gather_table), Some("battle-items"));
    let mut data = data;
    let region = Region::new(RegionId(1), "The Fens");
    data.apply(&Change::of(None, Some(&region)));
    let edit = waybook_core::starter::region_climate(&data, &region, "marsh").expect("a climate");
    for c in &edit.changes {
        data.apply(c);
    }
    let fens = &data.regions[&region.id];
    assert_eq!(fens.climate, "Marsh");
    for season in &data.settings.calendar.seasons {
        let table = fens
            .tables
            .get(&season.name)
            .and_then(|t| data.tables.get(t));
        assert_eq!(
            table.map(|t| t.name.clone()),
            Some(format!("Weather: marsh, {}", season.name.to_lowercase())),
            "{}",
            season.name
        );
    }
    assert!(waybook_core::starter::region_climate(&data, fens, "lunar").is_none());
}

/// Issue 34, items 4 and 36: a file of schema 14 named its players on the
/// characters and in shares. Migration 15 makes them records (one each,
/// "GM" none), names them by id in every share, and a place shared with
/// "the party" (which a place has not) is shared with every player by
/// name, as it was seen before.
#[test]
fn a_file_naming_players_by_name_upgrades_to_player_records() {
    let dir = temp();
    let path = dir.path().join("v14.waybook");
    {
        let conn = common::schema_of_version(&path, 14);
        let stats = "c_quality, c_defence, c_wounds, c_wounds_max, c_toughness, c_toughness_max, \
            c_wild_dice, c_xp, r_body, r_mind, r_spirit, r_hp, r_hp_max, r_mp, r_mp_max, \
            r_striker, r_caster, r_healer, r_defender, r_support, r_saboteur, e_exhaustion, \
            e_days_without_food, e_cold_immune, e_cold_resistant, e_cold_reduction, \
            e_heat_immune, e_heat_resistant, e_heat_reduction, e_swim_speed, e_climb_speed, \
            e_altitude_adapted, e_depth_adapted";
        let ones = vec!["1"; 33].join(", ");
        conn.execute_batch(&format!(
            "INSERT INTO campaign (id, name) VALUES (1, 'Old');
             INSERT INTO party (id, name) VALUES (1, 'Band');
             INSERT INTO character (id, name, player, kind, party_id, notes_shown, {stats})
                 VALUES (1, 'Ana', 'Maya', 'hero', 1, '{{\"players\":[\"Maya\"]}}', {ones}),
                        (2, 'Bo', ' Jo ', 'hero', 1, '\"party\"', {ones}),
                        (3, 'Old one', 'GM', 'traveller', 1, '\"gm\"', {ones});
             INSERT INTO place (id, body) VALUES (1, '{{\"id\":1,\"name\":\"Ford\",\"kind\":\"settlement\",\"x\":0,\"y\":0,\"notes\":\"\",\"shown\":\"party\"}}');"
        ))
        .expect("filled");
    }
    let data = Campaign::open(&path)
        .expect("upgraded")
        .load()
        .expect("loads");
    let names: Vec<(i64, &str)> = data
        .players
        .values()
        .map(|p| (p.id.0, p.name.as_str()))
        .collect();
    assert_eq!(names, [(1, "Jo"), (2, "Maya")], "GM is no player");
    let player = |id: i64| data.characters[&CharacterId(id)].player.map(|p| p.0);
    assert_eq!((player(1), player(2), player(3)), (Some(2), Some(1), None));
    let maya = waybook_core::model::PlayerId(2);
    assert_eq!(
        data.characters[&CharacterId(1)].notes_shown,
        waybook_core::model::Visibility::Players(vec![maya])
    );
    assert_eq!(
        data.characters[&CharacterId(2)].notes_shown,
        waybook_core::model::Visibility::Party,
        "a character's party is its own"
    );
    let ford = data.places.values().next().expect("the ford");
    assert_eq!(
        ford.shown,
        waybook_core::model::Visibility::Players(vec![waybook_core::model::PlayerId(1), maya]),
        "told to every player by name"
    );
}

/// Found by the monkey test (issue 36): removing a player who plays a
/// character failed in the file ("FOREIGN KEY constraint failed"), since
/// the player went before their character was given to the GM. Removed,
/// the demo's Maya plays nobody; undone, she plays Ash again, on disk too.
#[test]
fn a_player_who_plays_a_character_is_removed_and_brought_back() {
    let dir = temp();
    let path = dir.path().join("demo.waybook");
    drop(waybook_core::demo::create_demo(&path).expect("the demo"));
    let mut session = Session::new(Campaign::open(&path).expect("opens")).expect("loads");
    let maya = (session.data.players.values())
        .find(|p| p.name == "Maya")
        .cloned()
        .expect("Maya");
    let plays = |data: &CampaignData| {
        data.characters
            .values()
            .filter(|c| c.player == Some(maya.id))
            .count()
    };
    assert!(plays(&session.data) > 0, "she plays someone");
    let edit = waybook_core::edits::players::remove(&session.data, &maya);
    session.apply(edit).expect("removed in the file");
    assert_eq!(plays(&session.data), 0);
    assert!(!session.data.players.contains_key(&maya.id));
    session.undo().expect("undone in the file");
    let reopened = Campaign::open(&path).expect("opens").load().expect("loads");
    assert!(reopened.players.contains_key(&maya.id));
    assert!(plays(&reopened) > 0, "she plays them again");
}

/// Issue 53: "Opening an older campaign gives every party the campaign's
/// clock as its present; nothing else moves."
#[test]
fn an_older_file_gives_every_party_the_campaigns_clock() {
    let dir = temp();
    let path = dir.path().join("v23.waybook");
    {
        let conn = common::schema_of_version(&path, 23);
        conn.execute_batch(
            "INSERT INTO campaign (id, name, clock_day, clock_hour) VALUES (1, 'Old', 21, 11);
             INSERT INTO party (id, name) VALUES (1, 'Band'), (2, 'Others');",
        )
        .expect("filled");
    }
    let data = Campaign::open(&path)
        .expect("upgraded")
        .load()
        .expect("loads");
    let clock = waybook_core::model::ClockTime { day: 21, hour: 11 };
    assert_eq!(data.settings.clock, clock, "the clock stays");
    let presents: Vec<_> = data.parties.values().map(|p| p.now).collect();
    assert_eq!(presents, [clock, clock]);
}

/// An edit the file refuses at its commit (here a stack of an item the
/// campaign does not have: the foreign key).
fn orphan_stack(party: PartyId) -> Edit {
    let orphan = Holding::new(HoldingId(1), ItemId(42), Holder::Stash(party), 1);
    Edit::new("an orphan stack", vec![Change::of(None, Some(&orphan))])
}

fn a_party(id: i64, name: &str) -> Edit {
    let party = Party::new(PartyId(id), name, ClockTime::START);
    Edit::new(format!("add {name}"), vec![Change::of(None, Some(&party))])
}

/// A new campaign in `dir`, its session writing behind, as the window's.
fn writing_behind(dir: &tempfile::TempDir) -> (PathBuf, Session) {
    let path = dir.path().join("behind.waybook");
    let mut session =
        Session::new(Campaign::create(&path, "Behind").expect("created")).expect("opened");
    session.write_behind();
    (path, session)
}

/// The window writes behind its frames: an edit returns once made in
/// memory, and the file's refusal comes a moment later. Then that edit is
/// taken back from memory and the undo history, and the screen again shows
/// what the file holds; the next edit is written as usual.
#[test]
fn an_edit_written_behind_and_refused_is_taken_back() {
    let dir = temp();
    let (path, mut session) = writing_behind(&dir);
    session.apply(a_party(1, "Lantern")).expect("made");
    session
        .apply(orphan_stack(PartyId(1)))
        .expect("made in memory, the refusal comes later");
    let refusal = session
        .settle_writes(true)
        .expect_err("the file refuses it");
    let text = refusal.to_string();
    assert!(
        text.contains("FOREIGN KEY")
            && text.contains("The last edit was not written, so taken back"),
        "{text}"
    );
    assert!(session.data.holdings.is_empty(), "taken back from memory");
    assert_eq!(session.undo_label(), Some("add Lantern"));
    session.apply(a_party(2, "Solo")).expect("made");
    session.settle_writes(true).expect("written");
    let file = Campaign::open(&path).expect("opens").load().expect("loads");
    assert_eq!(file.parties, session.data.parties);
    assert!(file.holdings.is_empty());
    assert_eq!(session.undo().expect("undone").as_deref(), Some("add Solo"));
}

/// However the refusal falls among the edits sent after it, memory ends
/// as the file is: each edit sent after the refused one is taken back
/// too, or refused at once.
#[test]
fn edits_sent_after_a_refused_one_end_as_the_file_holds_them() {
    let dir = temp();
    let (path, mut session) = writing_behind(&dir);
    session.apply(a_party(1, "Lantern")).expect("made");
    session.settle_writes(true).expect("written");
    let _ = session.apply(orphan_stack(PartyId(1)));
    for id in 2..6 {
        let _ = session.apply(a_party(id, &format!("Party {id}")));
    }
    let _ = session.settle_writes(true);
    let file = Campaign::open(&path).expect("opens").load().expect("loads");
    assert_eq!(file.parties, session.data.parties);
    assert_eq!(file.holdings, session.data.holdings);
    assert!(file.holdings.is_empty());
}

/// The command line waits for each edit: the refusal is the edit's own
/// answer, and memory never held it.
#[test]
fn an_edit_written_through_is_refused_at_once() {
    let dir = temp();
    let path = dir.path().join("through.waybook");
    let mut session =
        Session::new(Campaign::create(&path, "Through").expect("created")).expect("opened");
    session.apply(a_party(1, "Lantern")).expect("made");
    let refusal = session
        .apply(orphan_stack(PartyId(1)))
        .expect_err("refused at once");
    assert!(refusal.to_string().contains("FOREIGN KEY"), "{refusal}");
    assert!(session.data.holdings.is_empty());
    assert_eq!(session.undo_label(), Some("add Lantern"));
}

/// The undo history is read as JSON only when an edit is undone or redone
/// (a full history held the first frame back): an edit the file keeps in
/// a shape this build cannot read is said when undo reaches it, and
/// neither it nor any before it is undone; the edits after it still are.
#[test]
fn an_unreadable_edit_in_the_history_stops_undo_there_and_says_why() {
    let (_dir, path, mut session) = demo_session("history");
    session.settle_log(true);
    for name in ["Second", "Third"] {
        let before = session.data.settings.clone();
        let after = Settings {
            name: name.to_owned(),
            ..before.clone()
        };
        let edit = Edit::new(
            format!("Rename to {name}"),
            vec![Change::Settings { before, after }],
        );
        session.apply(edit).expect("renamed");
    }
    drop(session);
    let conn = rusqlite::Connection::open(&path).expect("opens");
    let changed = conn
        .execute(
            "UPDATE undo_history SET changes = '[{\"NoSuchKind\":{}}]' WHERE label = ?1",
            ["Rename to Second"],
        )
        .expect("the row changed");
    assert_eq!(changed, 1);
    drop(conn);
    let mut session = Session::new(Campaign::open(&path).expect("opens")).expect("session");
    session.settle_log(true);
    assert_eq!(session.undo_label(), Some("Rename to Third"));
    assert_eq!(
        session.undo().expect("undone"),
        Some("Rename to Third".to_owned())
    );
    assert_eq!(session.data.settings.name, "Second");
    let refused = session.undo().expect_err("refused");
    assert_eq!(
        refused.to_string(),
        "“Rename to Second” is kept in the file in a shape this Waybook no longer reads, so it and the edits before it cannot be undone; the campaign is as it was"
    );
    assert_eq!(session.data.settings.name, "Second", "nothing changed");
    assert_eq!(session.undo_label(), None, "undo cannot pass it");
    assert_eq!(session.undo().expect("nothing to undo"), None);
    assert_eq!(
        session.redo().expect("redone"),
        Some("Rename to Third".to_owned())
    );
    assert_eq!(
        Campaign::open(&path)
            .expect("opens")
            .load()
            .expect("loads")
            .settings
            .name,
        "Third"
    );
}
