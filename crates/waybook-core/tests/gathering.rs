//! Gathering played through `waybook_core::gathering` with scripted dice, each
//! test quoting the sentence of `exploration-and-travel.txt` it checks; the
//! sites, sources, sessions and where a stack was gathered kept in the file.

use waybook_testkit as common;

use waybook_core::gathering::forecast::forecast;
use waybook_core::gathering::{GatherError, GatherStep, open_session, play};
use waybook_core::model::gathering::{Gatherer, SessionLimit};
use waybook_core::model::*;
use waybook_rules::dice::Dice;
use waybook_rules::travel::gather::Abundance;

fn step(data: &mut CampaignData, step: GatherStep, faces: &[u32]) -> Edit {
    let edit = play(data, &step, &mut Dice::scripted(faces.to_vec())).expect("the step plays");
    for change in &edit.changes {
        data.apply(change);
    }
    edit
}

/// `character` joins the site's first source, into their own pack, with
/// their own tool, where the party stands.
fn join(site: SiteId, character: CharacterId) -> GatherStep {
    GatherStep::Join {
        site,
        character,
        source: 0,
        into_stash: false,
        without_tool: false,
        elsewhere: false,
    }
}

fn meadow(data: &CampaignData) -> SiteId {
    data.sites
        .values()
        .find(|s| s.name == "Mill meadow")
        .expect("the demo site")
        .id
}

fn ilo(data: &CampaignData) -> CharacterId {
    data.characters
        .values()
        .find(|c| c.name == "Brother Ilo")
        .expect("Ilo")
        .id
}

/// Ilo's stacks of a material, by quality, from one origin.
fn held(data: &CampaignData, who: CharacterId, name: &str, origin: &str) -> Vec<(Quality, i64)> {
    let mut found: Vec<(Quality, i64)> = data
        .holdings_of(Holder::Character(who))
        .filter(|h| h.origin.as_deref() == Some(origin))
        .filter_map(|h| {
            let item = &data.items[&h.item];
            (item.name == name).then(|| (item.quality.expect("a quality"), h.quantity))
        })
        .collect();
    found.sort_by_key(|(q, _)| *q);
    found
}

#[test]
fn three_hours_of_gathering_land_in_the_pack_at_their_quality_and_move_the_clock() {
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    let start = data.settings.clock;
    step(&mut data, join(site, ilo), &[]);
    step(
        &mut data,
        GatherStep::Limit {
            site,
            limit: SessionLimit::Hours(3),
        },
        &[],
    );
    // Ilo: Agility 1 + Nature 2 + his Botanist's Tool's bonus 2 (trained) = +5, SB 2.
    // d20 8: 13, "Standard Bounty. You gather a number of Units of the
    // material equal to your SB." (2, an hour); d20 14: 19, Quickened, 1d4 3
    // + 2 = 5 in 30 minutes; d20 20: 25, "Perceptive Bounty ... Half the
    // Units of material gathered increases their Quality Level by 1", 1d8 4
    // + 2 = 6, 3 of them Exceptional, 30 minutes; d20 3: 8, "Stalled Bounty
    // ... The time taken to gather the material is doubled to 2 Hours."
    step(
        &mut data,
        GatherStep::Gather { site, all: true },
        &[8, 14, 3, 20, 4, 3],
    );
    let origin = format!("Mill meadow, {start}");
    assert_eq!(
        held(&data, ilo, "Greyspine sage", &origin),
        vec![(Quality::Rich, 11), (Quality::Exceptional, 3)]
    );
    assert_eq!(
        data.settings.clock,
        start.plus(4, data.settings.day_hours),
        "4 hours worked"
    );
    let session = data.sessions.values().last().expect("the session");
    assert!(session.finished, "the session's 3 hours are up");
    let minutes: Vec<u32> = session.tests.iter().map(|t| t.minutes).collect();
    assert_eq!(minutes, vec![60, 30, 30, 120]);
    assert!(open_session(&data, site).is_none());
}

#[test]
fn without_the_tool_a_gatherer_is_refused_at_join_unless_the_gm_allows_it() {
    // "To gather specific kinds of material, each requires a specific kind of
    // Gatherer's Tool."
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    let tool = data
        .holdings_of(Holder::Character(ilo))
        .find(|h| data.items[&h.item].tool_kind == Some(ToolKind::Botanist))
        .cloned()
        .expect("Ilo's tool");
    data.apply(&Change::of(Some(&tool), None));
    let joining = |without_tool| GatherStep::Join {
        site,
        character: ilo,
        source: 0,
        into_stash: false,
        without_tool,
        elsewhere: false,
    };
    let said = waybook_core::gathering::check(&data, &joining(false))
        .expect_err("no tool")
        .to_string();
    assert_eq!(
        said,
        "Brother Ilo has no Botanist's Tool, and neither has the party stash: the text requires it to gather Plant material (tick “Without the tool” if the GM allows it)"
    );
    assert_eq!(
        play(&data, &joining(false), &mut Dice::scripted(vec![])),
        Err(GatherError::NoTool {
            who: "Brother Ilo".into(),
            tool: "Botanist's Tool",
            material: "Plant".into()
        }),
        "play makes the same check"
    );
    step(&mut data, joining(true), &[]);
    step(&mut data, GatherStep::Gather { site, all: false }, &[12, 4]);
    let session = open_session(&data, site).expect("open");
    assert_eq!(
        session.tests.len(),
        1,
        "the test was played without the tool"
    );
}

/// Issue 22, fault 6: one gatherer without the tool no longer breaks the
/// session for everyone: they are refused at Join, and a gatherer can leave.
#[test]
fn a_gatherer_without_the_tool_cannot_join_and_a_gatherer_can_leave() {
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    let sefa = data
        .characters
        .values()
        .find(|c| c.name == "Sefa Qorrin")
        .expect("Sefa")
        .id;
    for stack in data
        .holdings_of(Holder::Character(sefa))
        .cloned()
        .collect::<Vec<_>>()
    {
        if data.items[&stack.item].tool_kind.is_some() {
            data.apply(&Change::of(Some(&stack), None));
        }
    }
    let party = data.characters[&sefa].party.expect("a party");
    for stack in data
        .holdings_of(Holder::Stash(party))
        .cloned()
        .collect::<Vec<_>>()
    {
        if data.items[&stack.item].tool_kind == Some(ToolKind::Botanist) {
            data.apply(&Change::of(Some(&stack), None));
        }
    }
    step(&mut data, join(site, ilo), &[]);
    assert!(matches!(
        waybook_core::gathering::check(&data, &join(site, sefa)),
        Err(GatherError::NoTool { .. })
    ));
    step(&mut data, GatherStep::Gather { site, all: false }, &[12, 4]);
    assert_eq!(open_session(&data, site).expect("open").tests.len(), 1);
    step(
        &mut data,
        GatherStep::Leave {
            site,
            character: ilo,
        },
        &[],
    );
    let session = open_session(&data, site).expect("still open");
    assert!(session.gatherers.is_empty());
    assert!(
        session
            .lines
            .iter()
            .any(|l| l == "Brother Ilo leaves the session.")
    );
    assert_eq!(
        waybook_core::gathering::check(&data, &GatherStep::Gather { site, all: false }),
        Err(GatherError::NoGatherers)
    );
}

/// A gatherer whose tool is lost after joining does not stop the session
/// without a way on: the check names them and says they may leave, and once
/// they have, the others gather.
#[test]
fn a_tool_lost_after_joining_names_the_gatherer_who_may_leave() {
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    let sefa = data
        .characters
        .values()
        .find(|c| c.name == "Sefa Qorrin")
        .expect("Sefa")
        .id;
    for who in [ilo, sefa] {
        step(
            &mut data,
            GatherStep::Join {
                site,
                character: who,
                source: 0,
                into_stash: false,
                without_tool: true,
                elsewhere: false,
            },
            &[],
        );
    }
    // Ilo joined with the tool the text requires; the GM lets Sefa work without.
    let mut session = open_session(&data, site).expect("open").clone();
    session.gatherers[0].without_tool = false;
    data.apply(&Change::of(open_session(&data, site), Some(&session)));
    let tools: Vec<Holding> = data
        .holdings
        .values()
        .filter(|h| data.items[&h.item].tool_kind == Some(ToolKind::Botanist))
        .cloned()
        .collect();
    for stack in &tools {
        data.apply(&Change::of(Some(stack), None));
    }
    let next = GatherStep::Gather { site, all: false };
    assert_eq!(
        waybook_core::gathering::check(&data, &next),
        Err(GatherError::ToolGone {
            who: "Brother Ilo".to_owned(),
            tool: "Botanist's Tool",
        })
    );
    assert_eq!(
        waybook_core::gathering::check(&data, &next)
            .expect_err("refused")
            .to_string(),
        "Brother Ilo no longer has a Botanist's Tool, and neither has the party stash: Brother Ilo may leave the session (what they gathered stays theirs), or get the tool back"
    );
    step(
        &mut data,
        GatherStep::Leave {
            site,
            character: ilo,
        },
        &[],
    );
    step(&mut data, next, &[12, 4]);
    let session = open_session(&data, site).expect("still open");
    assert_eq!(session.tests.len(), 1, "Sefa gathered");
}

/// A session lasts between 1 and 240 hours or units (`limits.rs`): the
/// check refuses 0 and 241 as the form does.
#[test]
fn a_session_length_outside_its_range_is_refused() {
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    let limit = |limit| GatherStep::Limit { site, limit };
    assert_eq!(
        waybook_core::gathering::check(&data, &limit(SessionLimit::Hours(4))),
        Err(GatherError::NoSession),
        "no session to last yet"
    );
    step(&mut data, join(site, ilo), &[]);
    for bad in [SessionLimit::Hours(0), SessionLimit::Units(241)] {
        assert_eq!(
            waybook_core::gathering::check(&data, &limit(bad))
                .expect_err("out of range")
                .to_string(),
            "a session lasts between 1 and 240 hours or units"
        );
    }
    assert_eq!(
        waybook_core::gathering::check(&data, &limit(SessionLimit::Units(240))),
        Ok(())
    );
}

/// Issue 22, fault 9: a session at a site far from the party is not played
/// without a word: the check says where the party is, and the GM says
/// whether they are there all the same.
#[test]
fn a_site_away_from_the_party_asks_first() {
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    let party = data.characters[&ilo].party.expect("a party");
    let elsewhere = data
        .places
        .values()
        .find(|p| p.name == "Kettleford")
        .expect("Kettleford")
        .id;
    let mut moved = data.parties[&party].clone();
    moved.travel.place = Some(elsewhere);
    data.apply(&Change::of(data.parties.get(&party), Some(&moved)));
    let survey = |elsewhere| GatherStep::Survey {
        site,
        material: 0,
        character: ilo,
        advantage: false,
        elsewhere,
    };
    assert_eq!(
        waybook_core::gathering::check(&data, &survey(false))
            .expect_err("away")
            .to_string(),
        "The Lantern Company is at Kettleford, not at Old Mill Crossing: tick “They are there” if the GM says so"
    );
    assert_eq!(waybook_core::gathering::check(&data, &survey(true)), Ok(()));
}

#[test]
fn the_item_bonus_counts_only_when_trained_in_the_tool() {
    // "if you are Trained in the use of a Gatherer's Tool, you gain its Item
    // Bonus for Trait Tests made using it."
    let (_dir, mut data) = common::demo();
    let (site_id, who) = (meadow(&data), ilo(&data));
    let site = data.sites[&site_id].clone();
    let g = Gatherer {
        character: who,
        source: 0,
        trait_name: "Agility".into(),
        skill_name: "Nature".into(),
        into_stash: false,
        without_tool: false,
        minutes: 0,
        units: 0,
    };
    let trained = forecast(
        &data,
        &site,
        &data.characters[&who],
        &g,
        SessionLimit::Hours(1),
        8,
    )
    .expect("a forecast");
    assert_eq!((trained.bonus, trained.sb), (5, 2));
    let mut untrained = data.characters[&who].clone();
    untrained.exploration.tools.clear();
    data.apply(&Change::of(data.characters.get(&who), Some(&untrained)));
    let plain = forecast(
        &data,
        &site,
        &data.characters[&who],
        &g,
        SessionLimit::Hours(1),
        8,
    )
    .expect("a forecast");
    assert_eq!(plain.bonus, 3);
    let total: f64 = plain.rows.iter().map(|r| r.p).sum();
    assert!((total - 1.0).abs() < 1e-12, "the rows' chances sum to 1");
}

#[test]
fn a_survey_keeps_its_source_on_the_site_and_nonexistent_material_needs_no_test() {
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    // Emberleaf is uncommon (-1); Ilo's Intuition 3; d20 13: 15, "A Moderate
    // Source. You find a source of Standard Quality material."
    step(
        &mut data,
        GatherStep::Survey {
            site,
            material: 1,
            character: ilo,
            advantage: false,
            elsewhere: false,
        },
        &[13],
    );
    let found = data.sites[&site].sources.last().expect("a source").clone();
    assert_eq!(found.material, "Emberleaf");
    assert_eq!(found.quality, Quality::Standard);
    assert_eq!(found.by, "Brother Ilo");
    // "Nonexistant/Extinct | No Test Required"
    let mut gone = data.sites[&site].clone();
    gone.materials[1].abundance = Abundance::Nonexistent;
    data.apply(&Change::of(data.sites.get(&site), Some(&gone)));
    let sources = data.sites[&site].sources.len();
    step(
        &mut data,
        GatherStep::Survey {
            site,
            material: 1,
            character: ilo,
            advantage: false,
            elsewhere: false,
        },
        &[],
    );
    assert_eq!(data.sites[&site].sources.len(), sources, "no source");
    let lines = &open_session(&data, site).expect("open").lines;
    assert!(
        lines
            .iter()
            .any(|l| l.contains("so there is no test and no source")),
        "{lines:?}"
    );
}

#[test]
fn a_worked_out_source_takes_no_more_gatherers() {
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    let mut worked = data.sites[&site].clone();
    worked.sources[0].worked_out = true;
    data.apply(&Change::of(data.sites.get(&site), Some(&worked)));
    let refused = play(&data, &join(site, ilo), &mut Dice::scripted(vec![]));
    assert_eq!(
        refused,
        Err(GatherError::WorkedOut("Greyspine sage".into()))
    );
}

#[test]
fn foraging_puts_what_was_found_in_the_pack_and_the_gm_note_in_the_log() {
    // "This takes an Intuition Test, the TG should be determined by how
    // abundant food and drink is in the specific environment."
    let (_dir, mut data) = common::demo();
    let who = ilo(&data);
    let fish = data
        .items
        .values()
        .find(|i| i.name == "Smoked fish")
        .expect("fish")
        .id;
    let before: i64 = data
        .holdings_of(Holder::Character(who))
        .filter(|h| h.item == fish)
        .map(|h| h.quantity)
        .sum();
    let forage = GatherStep::Forage {
        character: who,
        tg: 12,
        found: Some((fish, 2)),
        note: "a brackish pool, drinkable if purified".into(),
    };
    step(&mut data, forage, &[10]);
    let after: i64 = data
        .holdings_of(Holder::Character(who))
        .filter(|h| h.item == fish)
        .map(|h| h.quantity)
        .sum();
    assert_eq!(after, before + 2);
    let log = &data.sessions.values().last().expect("the forage").lines;
    // Brother Ilo's Intuition of 3: 13 against TG 12 passes.
    assert!(
        log.iter()
            .any(|l| l == "forage: d20 = 10, +3 bonus = 13 vs TG 12: pass: found"),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l == "The GM: a brackish pool, drinkable if purified")
    );
}

#[test]
fn sites_sources_sessions_and_where_a_stack_was_gathered_are_kept_in_the_file() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("g.waybook");
    drop(waybook_core::demo::create_demo(&file).expect("the demo"));
    let mut campaign = waybook_core::store::Campaign::open(&file).expect("opens");
    let mut data = campaign.load().expect("loads");
    let (site, ilo) = (meadow(&data), ilo(&data));
    for (s, faces) in [
        (
            GatherStep::Join {
                site,
                character: ilo,
                source: 0,
                into_stash: true,
                without_tool: false,
                elsewhere: false,
            },
            vec![],
        ),
        (GatherStep::Gather { site, all: false }, vec![12, 2]),
    ] {
        let edit = step(&mut data, s, &faces);
        campaign.apply(&edit).expect("written");
    }
    drop(campaign);
    let back = waybook_core::store::Campaign::open(&file)
        .expect("reopens")
        .load()
        .expect("loads");
    assert_eq!(back.sites, data.sites);
    assert_eq!(back.sessions, data.sessions);
    assert_eq!(back.holdings, data.holdings);
    let party = back.characters[&ilo].party.expect("a party");
    let gathered = back
        .holdings_of(Holder::Stash(party))
        .find(|h| {
            h.origin
                .as_deref()
                .is_some_and(|o| o.starts_with("Mill meadow"))
        })
        .expect("the sage in the stash");
    // d20 12: 17, a Significant Bounty: 1d4 2 + SB 2.
    assert_eq!(gathered.quantity, 4);
    assert!(back.sessions.len() >= 2, "the demo's session and this one");
}

#[test]
fn a_boon_is_rolled_on_a_campaign_table_into_the_log() {
    // "Some results may call for a complication or a boon, this is optional
    // advise for the GG".
    let (_dir, mut data) = common::demo();
    let site = meadow(&data);
    let weather = data
        .tables
        .values()
        .find(|t| t.name == "weather")
        .expect("a table")
        .id;
    step(
        &mut data,
        GatherStep::Note {
            site,
            table: Some(weather),
            text: "a hidden spring".into(),
        },
        &[4],
    );
    let lines = &data
        .sessions
        .values()
        .rev()
        .find(|s| s.site == Some(site))
        .expect("a session")
        .lines;
    assert!(
        lines
            .iter()
            .any(|l| l == "weather (Waybook's suggestion, not the rule texts'): d6 = 4: Rain"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "The GM: a hidden spring"));
}

#[test]
fn foraged_food_is_counted_by_the_journey_food_ledger() {
    let (_dir, mut data) = common::demo();
    let who = ilo(&data);
    let company = data.characters[&who].party;
    let journey = (data.journeys.values())
        .find(|j| Some(j.party) == company)
        .expect("the company's trip")
        .clone();
    let units = |data: &CampaignData| {
        let view = waybook_core::plan::plan(data, &journey);
        waybook_core::plan::food_ledger(data, &journey, &view).units_at_start
    };
    let before = units(&data);
    let fish = data
        .items
        .values()
        .find(|i| i.name == "Smoked fish")
        .expect("fish")
        .clone();
    let forage = GatherStep::Forage {
        character: who,
        tg: 5,
        found: Some((fish.id, 3)),
        note: String::new(),
    };
    step(&mut data, forage, &[12]);
    assert!(
        (units(&data) - before - (3 * fish.food_units) as f64).abs() < 1e-9,
        "three smoked fish more in the ledger"
    );
    // Issue 22, fault 10: a forage is kept as a forage, with what was found.
    let last = data.sessions.values().last().expect("the forage");
    let test = &last.tests[0];
    assert_eq!(last.kind_of(test).as_str(), "forage");
    assert_eq!(last.material_of(test, None).as_deref(), Some("Smoked fish"));
    assert_eq!(test.units, 3);
}

/// Issue 22, fault 10: a survey's result is its row of the survey table,
/// and the yields name their material.
#[test]
fn the_gathering_log_names_the_survey_row_and_the_material_of_each_yield() {
    let (_dir, data) = common::demo();
    let session = data.sessions.values().next().expect("the demo's session");
    let site = session.site.and_then(|id| data.sites.get(&id));
    let survey = &session.tests[0];
    assert_eq!(session.kind_of(survey).as_str(), "survey");
    // The demo's survey: d20 14 + Intuition, abundant: a Rich Source.
    assert_eq!(survey.found.map(|f| f.as_str()), Some("rich-source"));
    let material = session.material_of(survey, site).expect("a material");
    let yields = session.yields(site);
    assert!(!yields.is_empty());
    for y in yields {
        assert_eq!(y.material, material, "{y:?}");
    }
}

/// Issue 35: the clock only goes on. A session's clock follows its longest
/// time worked from where it began; with the clock moved on a day between
/// two tests, the next test leaves it where the GM put it, not back on the
/// session's morning.
#[test]
fn a_test_after_the_clock_moved_on_never_moves_it_back() {
    let (_dir, mut data) = common::demo();
    let (site, ilo) = (meadow(&data), ilo(&data));
    step(&mut data, join(site, ilo), &[]);
    step(&mut data, GatherStep::Gather { site, all: false }, &[8]);
    let mut later = data.settings.clone();
    later.clock = later.clock.plus(24, later.day_hours);
    data.apply(&Change::Settings {
        before: data.settings.clone(),
        after: later.clone(),
    });
    step(&mut data, GatherStep::Gather { site, all: false }, &[8]);
    assert_eq!(
        data.settings.clock, later.clock,
        "a day on, as the GM moved it"
    );
}
