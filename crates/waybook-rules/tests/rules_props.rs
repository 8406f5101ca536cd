//! Invariants of the rules engine over many generated requests.

use proptest::prelude::*;

use waybook_rules::companion::hero::{Hero, MAX_WILD_DICE};
use waybook_rules::dice::Dice;
use waybook_rules::forecast::{ExhaustionTest, forecast};
use waybook_rules::rounds::camp::{Action, Camp, CampHero, Ranks, camp};
use waybook_rules::travel::march::{Activity, DayPlan, Hour, Reduction, Temperature, march};
use waybook_rules::travel::rations::{Day, Rations, rations};

fn hour() -> impl Strategy<Value = Hour> {
    (
        0..4usize,
        0..3usize,
        prop_oneof![Just(0), Just(2500), Just(4000)],
        prop_oneof![Just(0u32), Just(60), Just(250)],
    )
        .prop_map(|(activity, temperature, altitude_m, depth_m)| Hour {
            activity: Activity::ALL[activity],
            altitude_m,
            temperature: Temperature::ALL[temperature],
            depth_m,
            difficult: false,
        })
}

fn day() -> impl Strategy<Value = DayPlan> {
    (
        -5..10i32,
        prop::collection::vec(hour(), 0..24),
        0..3u32,
        0..3u32,
    )
        .prop_map(|(bonus, hours, cold, heat)| DayPlan {
            bonus,
            day_hours: 24,
            immune: vec![],
            reduction: Reduction { cold, heat },
            hours,
            altitude_adapted: false,
            depth_adapted: false,
            swim_speed: false,
        })
}

fn exhaustion_test() -> impl Strategy<Value = ExhaustionTest> {
    (-5..40i32, any::<bool>(), 0..3u32).prop_map(|(tg, by_five, extra)| ExhaustionTest {
        tg,
        by_five,
        extra,
    })
}

proptest! {
    /// Forecasts are distributions: they sum to 1, `p_at_least` never rises,
    /// and the expectation is the sum of `p_at_least`.
    #[test]
    fn forecasts_are_distributions(tests in prop::collection::vec(exhaustion_test(), 0..40), bonus in -10..15i32) {
        let f = forecast(&tests, bonus);
        let total: f64 = f.distribution.iter().sum();
        prop_assert!((total - 1.0).abs() < 1e-9);
        prop_assert!(f.distribution.iter().all(|p| *p >= 0.0));
        prop_assert!(f.p_at_least.windows(2).all(|w| w[0] >= w[1]));
        prop_assert!(f.p_at_least.iter().all(|p| *p > 0.0 && *p <= 1.0 + 1e-12));
        let expected: f64 = f.p_at_least.iter().sum();
        prop_assert!((expected - f.expected_exhaustion).abs() < 1e-9);
    }

    /// A day's exhaustion is the sum of its tests, each 0 to 2 degrees, and a
    /// seed or a script of the same rolls gives the same day.
    #[test]
    fn march_is_reproducible_and_bounded(plan in day(), seed in any::<u64>()) {
        let first = march(&plan, &mut Dice::seeded(seed)).unwrap();
        let again = march(&plan, &mut Dice::seeded(seed)).unwrap();
        prop_assert_eq!(&first, &again);
        let rolls: Vec<u32> = first.tests.iter().map(|t| t.rolled.roll).collect();
        let scripted = march(&plan, &mut Dice::scripted(rolls)).unwrap();
        prop_assert_eq!(&first, &scripted);
        prop_assert!(first.tests.iter().all(|t| t.rolled.exhaustion <= 2));
        prop_assert_eq!(first.exhaustion, first.tests.iter().map(|t| t.rolled.exhaustion).sum::<u32>());
        prop_assert!(first.forecast.p_at_least.len() <= 2 * first.tests.len());
    }

    /// Days without food are never negative and gain at most one a day; a
    /// day gives at most one degree.
    #[test]
    fn rations_stay_in_range(endurance in -3..6i32, eaten in prop::collection::vec((0..120u32, 0..3u32), 0..30)) {
        let days = eaten.into_iter().map(|(eaten, m)| Day { eaten, multiplier: f64::from(m) }).collect();
        let result = rations(&Rations { endurance, start_days_without: 0.0, days }).unwrap();
        let mut before = 0.0;
        for day in &result.days {
            prop_assert!(day.days_without >= 0.0);
            prop_assert!(day.days_without <= before + 1.0);
            prop_assert!(day.exhaustion <= 1);
            before = day.days_without;
        }
    }

    /// Wild dice never go above 3, whatever is awarded, spent or given.
    #[test]
    fn wild_dice_never_above_three(ops in prop::collection::vec(0..4u8, 0..60)) {
        let (mut a, mut b) = (Hero::new(false), Hero::new(true));
        for op in ops {
            let _refused = match op {
                0 => a.award_wild_die(),
                1 => a.spend_wild_die(),
                2 => a.give_wild_die(&mut b),
                _ => b.award_wild_die(),
            };
            prop_assert!(a.wild_dice <= MAX_WILD_DICE && b.wild_dice <= MAX_WILD_DICE);
        }
    }

    /// Supplies are never spent beyond what the party has, and hunting only adds.
    #[test]
    fn supplies_never_negative(supplies in 0..8u32, allies in 0..3u32, allies_fed in prop::option::of(0..3u32), fed in prop::collection::vec(any::<bool>(), 1..5), seed in any::<u64>()) {
        let heroes: Vec<CampHero> = fed.iter().enumerate().map(|(i, fed)| CampHero {
            name: format!("hero {i}"),
            hp: 1, max_hp: 8, mp: 0, max_mp: 4, injuries: 0, fed: *fed,
            action: if i == 0 { Action::Hunt } else { Action::Explore },
            body: 9, mind: 2, spirit: 2,
            ranks: Ranks { striker: 4, ..Ranks::default() },
            target: None,
        }).collect();
        let allies_fed = allies_fed.map(|n| n.min(allies));
        let request = Camp { supplies, allies, allies_fed, danger: 3, fellow_travelers: false, heroes };
        match camp(&request, &mut Dice::seeded(seed)) {
            Ok(result) => {
                prop_assert!(result.supplies_spent <= supplies);
                prop_assert!(result.supplies >= supplies - result.supplies_spent);
                prop_assert!(result.supplies <= supplies - result.supplies_spent + 4);
            }
            Err(error) => prop_assert!(request.supplies_needed() > supplies, "{}", error),
        }
    }
}
