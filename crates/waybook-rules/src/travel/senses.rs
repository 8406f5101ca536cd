//! Seeing and being seen: senses from several sources, light and
//! obscurement (with Nightvision), and hiding with one Stealth roll
//! contested by each observer.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::RuleError;
use crate::check::{Advantage, D20Roll, contest};
use crate::dice::{Dice, RollRecord};

/// "For each additional source that provides that Sense increase the Range
/// of that Sense by 3m."
pub const EXTRA_SOURCE_M: u32 = 3;

/// "whichever is the greater Range is the one used. For each additional
/// source ... increase the Range ... by 3m." None without any source.
pub fn sense_range(ranges_m: &[u32]) -> Option<u32> {
    let greatest = ranges_m.iter().copied().max()?;
    Some(greatest + EXTRA_SOURCE_M * (ranges_m.len() as u32 - 1))
}

named_enum! {
    /// "three categories of illuminated areas".
    pub enum Light("light") {
        /// See normally.
        WellLit => "well-lit" as "Well lit",
        /// Lightly obscured.
        Dim => "dim" as "Dim light",
        /// Heavily obscured.
        Darkness => "darkness" as "Darkness",
    }
}

named_enum! {
    /// How obscured an area is, by light or by fog and the like.
    #[derive(Default)]
    pub enum Obscurement("obscurement") {
        /// Clear.
        #[default]
        None => "none" as "Not obscured",
        /// Disadvantage on sight tests.
        Light => "light" as "Lightly obscured",
        /// Sight tests automatically fail.
        Heavy => "heavy" as "Heavily obscured",
    }
}

named_enum! {
    /// How a trait test that relies on sight is made.
    pub enum SightTest("sight test") {
        /// As usual.
        Normal => "normal",
        /// With Disadvantage.
        Disadvantage => "disadvantage",
        /// It automatically fails.
        AutoFail => "auto-fail",
    }
}

/// Looking into an area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Sight {
    /// The area's light.
    pub light: Light,
    /// Darkness that is magical (Nightvision does not help).
    #[serde(default)]
    pub magical: bool,
    /// Obscurement from fog, foliage, murky water and the like.
    #[serde(default)]
    pub obscured: Obscurement,
    /// The viewer's Nightvision range in metres, if any.
    #[serde(default)]
    pub nightvision_m: Option<u32>,
    /// Metres from the viewer to the area.
    #[serde(default)]
    pub distance_m: u32,
}

/// How the viewer sees the area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SightResult {
    /// The light as the viewer perceives it.
    pub light: Light,
    /// The worse of light and other obscurement.
    pub obscurement: Obscurement,
    /// How sight tests are made.
    pub test: SightTest,
    /// Nightvision sees only greyscale.
    pub greyscale: bool,
}

/// "Dimly Lit areas ... are considered Lightly Obscured"; "Areas of Darkness
/// are considered Heavily Obscured"; Nightvision within range sees
/// nonmagical Darkness "as if the area ... was only Dimly Lit".
pub fn sight(request: &Sight) -> SightResult {
    let night_sees = request.light == Light::Darkness
        && !request.magical
        && request
            .nightvision_m
            .is_some_and(|range| request.distance_m <= range);
    let light = if night_sees {
        Light::Dim
    } else {
        request.light
    };
    let by_light = match light {
        Light::WellLit => Obscurement::None,
        Light::Dim => Obscurement::Light,
        Light::Darkness => Obscurement::Heavy,
    };
    let obscurement = by_light.max(request.obscured);
    let test = match obscurement {
        Obscurement::None => SightTest::Normal,
        Obscurement::Light => SightTest::Disadvantage,
        Obscurement::Heavy => SightTest::AutoFail,
    };
    SightResult {
        light,
        obscurement,
        test,
        greyscale: night_sees,
    }
}

/// "Natural light does not pass 1000m in depth": darkness below, the
/// surface light above.
pub fn light_at_depth(surface: Light, depth_m: u32) -> Light {
    if depth_m > super::water::NATURAL_LIGHT_DEPTH_M {
        Light::Darkness
    } else {
        surface
    }
}

/// One entity who might notice the hider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observer {
    /// Perception (or Investigation when searching) modifier.
    pub bonus: i32,
    /// Actively searching: Investigation instead of Perception.
    #[serde(default)]
    pub searching: bool,
}

/// A hiding attempt.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Hide {
    /// The hider's Stealth modifier.
    pub bonus: i32,
    /// Those who might notice.
    pub observers: Vec<Observer>,
}

/// One observer's contest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Contest {
    /// Perception or Investigation.
    pub skill: &'static str,
    /// The observer's d20.
    pub roll: u32,
    /// The observer's total.
    pub total: i32,
    /// Whether the hider stays hidden from this observer.
    pub hidden: bool,
}

/// The hiding attempt's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HideResult {
    /// The one Stealth d20.
    pub roll: u32,
    /// The Stealth total, used for every contest.
    pub total: i32,
    /// One contest per observer.
    pub contests: Vec<Contest>,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

/// "The Character makes one Stealth Skill Roll for this Contest", contested
/// by each observer; the hider must beat the observer (a tie leaves them
/// noticed). Dice: the Stealth d20, then one d20 per observer.
pub fn hide(request: &Hide, dice: &mut Dice) -> Result<HideResult, RuleError> {
    let stealth = D20Roll::roll(dice, request.bonus, Advantage::Normal)?;
    let mut records = vec![stealth.record("stealth", None)];
    let mut contests = Vec::with_capacity(request.observers.len());
    for observer in &request.observers {
        let skill = if observer.searching {
            "investigation"
        } else {
            "perception"
        };
        let seeker = D20Roll::roll(dice, observer.bonus, Advantage::Normal)?;
        let hidden = contest(&stealth, &seeker) == Ordering::Greater;
        records.push(
            seeker
                .record(skill, None)
                .outcome(if hidden { "hidden" } else { "noticed" }),
        );
        contests.push(Contest {
            skill,
            roll: seeker.roll,
            total: seeker.total(),
            hidden,
        });
    }
    Ok(HideResult {
        roll: stealth.roll,
        total: stealth.total(),
        contests,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_greatest_range_plus_three_metres_per_extra_source() {
        assert_eq!(sense_range(&[18, 12, 9]), Some(24));
        assert_eq!(sense_range(&[18]), Some(18));
        assert_eq!(sense_range(&[]), None);
    }

    fn look(light: Light, nightvision_m: Option<u32>, distance_m: u32) -> SightResult {
        sight(&Sight {
            light,
            magical: false,
            obscured: Obscurement::None,
            nightvision_m,
            distance_m,
        })
    }

    /// Well-lit: normal; dim: disadvantage; darkness: automatic failure.
    #[test]
    fn light_sets_the_sight_test() {
        assert_eq!(look(Light::WellLit, None, 5).test, SightTest::Normal);
        assert_eq!(look(Light::Dim, None, 5).test, SightTest::Disadvantage);
        assert_eq!(look(Light::Darkness, None, 5).test, SightTest::AutoFail);
    }

    /// Nightvision: "Trait Tests that rely on sight ... are made with
    /// Disadvantage rather than automatically failing", in greyscale, within
    /// range, in nonmagical darkness only.
    #[test]
    fn nightvision_treats_darkness_as_dim() {
        let near = look(Light::Darkness, Some(18), 18);
        assert_eq!(
            (near.light, near.test, near.greyscale),
            (Light::Dim, SightTest::Disadvantage, true)
        );
        assert_eq!(
            look(Light::Darkness, Some(18), 19).test,
            SightTest::AutoFail
        );
        let magic = sight(&Sight {
            light: Light::Darkness,
            magical: true,
            obscured: Obscurement::None,
            nightvision_m: Some(30),
            distance_m: 1,
        });
        assert_eq!(magic.test, SightTest::AutoFail);
    }

    /// Fog and other obscurement: the worse of light and obscurement counts.
    #[test]
    fn fog_obscures_well_lit_areas() {
        let fog = sight(&Sight {
            light: Light::WellLit,
            magical: false,
            obscured: Obscurement::Heavy,
            nightvision_m: None,
            distance_m: 12,
        });
        assert_eq!(fog.test, SightTest::AutoFail);
        assert_eq!(light_at_depth(Light::WellLit, 1001), Light::Darkness);
        assert_eq!(light_at_depth(Light::Dim, 1000), Light::Dim);
    }

    /// One Stealth roll used for all contests; Perception, or Investigation
    /// when searching.
    #[test]
    fn one_stealth_roll_for_every_observer() {
        let request = Hide {
            bonus: 3,
            observers: vec![
                Observer {
                    bonus: 2,
                    searching: false,
                },
                Observer {
                    bonus: 4,
                    searching: true,
                },
            ],
        };
        let r = hide(&request, &mut Dice::scripted(vec![12, 12, 11])).unwrap();
        assert_eq!(r.total, 15);
        let got: Vec<(&str, i32, bool)> = r
            .contests
            .iter()
            .map(|c| (c.skill, c.total, c.hidden))
            .collect();
        assert_eq!(
            got,
            [("perception", 14, true), ("investigation", 15, false)]
        );
    }
}
