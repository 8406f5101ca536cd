//! Levels from XP and the advances each level gives, with every limit the
//! text sets. The Traveller never levels; he remembers instead.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::RuleError;

/// "Heroes reach level 2 at 4 XP, level 3 at 9, level 4 at 15 and level 5
/// at 22." Index: level - 1.
pub const LEVEL_XP: [u32; 5] = [0, 4, 9, 15, 22];
/// "+1 Wounds or +1 Toughness (twice each at most)".
pub const MAX_WOUNDS_OR_TOUGHNESS: usize = 2;
/// "never better than 3+".
pub const BEST_STAT: u32 = 3;
/// Quality and Defence: "never better than 4+".
pub const BEST_QUALITY: u32 = 4;

named_enum! {
    /// The kinds of advance.
    pub enum AdvanceKind("advance kind") {
        /// +1 Wounds.
        Wounds => "wounds",
        /// +1 Toughness.
        Toughness => "toughness",
        /// A D10 stat improved by 1.
        Stat => "stat",
        /// Quality improved by 1.
        Quality => "quality",
        /// Defence improved by 1.
        Defence => "defence",
        /// The next power or drill, by name.
        Power => "power",
        /// A talent, by name.
        Talent => "talent",
    }
}

/// One advance as requested.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvanceEntry {
    /// What kind.
    pub kind: AdvanceKind,
    /// The stat, for `stat`.
    #[serde(default)]
    pub stat: Option<String>,
    /// The name, for `power` and `talent`.
    #[serde(default)]
    pub name: Option<String>,
}

/// A hero's XP and advances to check.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Advancement {
    /// Total XP.
    pub xp: u32,
    /// The Traveller never levels.
    #[serde(default)]
    pub traveller: bool,
    /// D10 stats before the advances.
    pub stats: BTreeMap<String, u32>,
    /// Quality before the advances.
    pub quality: u32,
    /// Defence before the advances.
    pub defence: u32,
    /// The advances taken.
    pub advances: Vec<AdvanceEntry>,
}

/// The check of a hero's advancement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AdvancementResult {
    /// The level the XP reaches.
    pub level: u32,
    /// XP for the next level; none at level 5 and for the Traveller.
    pub next_level_xp: Option<u32>,
    /// Advances the level allows.
    pub advances_allowed: u32,
    /// Whether no limit is broken.
    pub valid: bool,
    /// Every limit broken.
    pub errors: Vec<String>,
}

/// The level a total XP reaches (1 to 5).
pub fn level_for_xp(xp: u32) -> u32 {
    LEVEL_XP.iter().filter(|&&needed| xp >= needed).count() as u32
}

/// XP needed for the next level, if there is one.
pub fn next_level_xp(level: u32) -> Option<u32> {
    LEVEL_XP.get(level as usize).copied()
}

/// Advances a level allows: one per level gained; none for the Traveller.
pub fn advances_allowed(xp: u32, traveller: bool) -> u32 {
    if traveller { 0 } else { level_for_xp(xp) - 1 }
}

/// "level 2 · next level at 9 XP", as sheets and screens say it.
pub fn level_line(xp: u32, traveller: bool) -> String {
    if traveller {
        return "the Traveller never levels; he remembers".to_owned();
    }
    let level = level_for_xp(xp);
    match next_level_xp(level) {
        Some(next) => format!("level {level} · next level at {next} XP"),
        None => format!("level {level}, the highest"),
    }
}

fn improve(errors: &mut Vec<String>, what: &str, value: u32, times: usize, best: u32) {
    if times > 1 {
        errors.push(format!(
            "{what} is improved {times} times; each at most once"
        ));
    }
    if times > 0 && value <= best {
        errors.push(format!(
            "{what} is {value}+ already; it can never be better than {best}+"
        ));
    }
}

/// Why `proposed` cannot be taken on top of the advances of `request`, said
/// from what was taken already ("+1 Toughness is taken twice already; at
/// most twice"), or `None` when the text allows it. The level's count of
/// advances is the caller's to judge (it knows the levels left open).
pub fn refusal(request: &Advancement, proposed: &AdvanceEntry) -> Option<String> {
    if request.traveller {
        return Some("the Traveller never levels up; he remembers instead".to_owned());
    }
    let taken =
        |same: &dyn Fn(&AdvanceEntry) -> bool| request.advances.iter().filter(|a| same(a)).count();
    let once = |what: &str, value: u32, improved: usize, best: u32| {
        if improved > 0 {
            Some(format!("{what} is improved already; each at most once"))
        } else if value <= best {
            Some(format!(
                "{what} is {value}+ already; it can never be better than {best}+"
            ))
        } else {
            None
        }
    };
    match proposed.kind {
        AdvanceKind::Wounds | AdvanceKind::Toughness => {
            let times = taken(&|a| a.kind == proposed.kind);
            (times >= MAX_WOUNDS_OR_TOUGHNESS).then(|| {
                format!(
                    "+1 {} is taken {} already; at most twice",
                    crate::capitalised(proposed.kind.as_str()),
                    if times == 2 {
                        "twice".to_owned()
                    } else {
                        format!("{times} times")
                    }
                )
            })
        }
        AdvanceKind::Stat => {
            let stat = proposed.stat.as_deref().unwrap_or_default();
            let value = *request.stats.get(stat)?;
            let improved =
                taken(&|a| a.kind == AdvanceKind::Stat && a.stat.as_deref() == Some(stat));
            once(&crate::capitalised(stat), value, improved, BEST_STAT)
        }
        AdvanceKind::Quality | AdvanceKind::Defence => {
            let value = if proposed.kind == AdvanceKind::Quality {
                request.quality
            } else {
                request.defence
            };
            let improved = taken(&|a| a.kind == proposed.kind);
            once(
                &crate::capitalised(proposed.kind.as_str()),
                value,
                improved,
                BEST_QUALITY,
            )
        }
        AdvanceKind::Power | AdvanceKind::Talent => {
            let name = proposed.name.as_deref().unwrap_or_default().trim();
            let same = |a: &AdvanceEntry| {
                a.kind == proposed.kind
                    && a.name
                        .as_deref()
                        .is_some_and(|n| n.trim().eq_ignore_ascii_case(name))
            };
            (taken(&same) > 0)
                .then(|| format!("{name} is taken already; each {} once", proposed.kind))
        }
    }
}

/// Checks advancement: the level, and every advance limit broken.
pub fn check_advancement(request: &Advancement) -> Result<AdvancementResult, RuleError> {
    let level = if request.traveller {
        1
    } else {
        level_for_xp(request.xp)
    };
    let allowed = level - 1;
    let mut count = BTreeMap::<AdvanceKind, usize>::new();
    // Each stat improved: its value before the advances, and how many times.
    let mut stats = BTreeMap::<&str, (u32, usize)>::new();
    let mut named = BTreeSet::<(AdvanceKind, String)>::new();
    let mut errors = Vec::new();
    for (i, advance) in request.advances.iter().enumerate() {
        *count.entry(advance.kind).or_default() += 1;
        match advance.kind {
            AdvanceKind::Stat => {
                let stat = advance.stat.as_deref().ok_or_else(|| {
                    RuleError::new(format!("advances[{i}].stat"), "missing field")
                })?;
                let &value = request.stats.get(stat).ok_or_else(|| {
                    RuleError::new(
                        format!("advances[{i}].stat"),
                        format!("unknown stat \"{stat}\": not in stats"),
                    )
                })?;
                stats.entry(stat).or_insert((value, 0)).1 += 1;
            }
            AdvanceKind::Power | AdvanceKind::Talent => {
                let name = advance.name.as_deref().ok_or_else(|| {
                    RuleError::new(format!("advances[{i}].name"), "missing field")
                })?;
                // "Lucky" and "lucky " are the same talent to a GM.
                if !named.insert((advance.kind, name.trim().to_lowercase())) {
                    errors.push(format!(
                        "{} \"{name}\" is taken twice; each once",
                        advance.kind
                    ));
                }
            }
            _ => {}
        }
    }
    if request.traveller && !request.advances.is_empty() {
        errors.push("the Traveller never levels up; he remembers instead".to_string());
    } else if request.advances.len() > allowed as usize {
        errors.push(format!(
            "{} advances taken but level {level} allows {allowed}",
            request.advances.len()
        ));
    }
    for kind in [AdvanceKind::Wounds, AdvanceKind::Toughness] {
        let times = count.get(&kind).copied().unwrap_or(0);
        if times > MAX_WOUNDS_OR_TOUGHNESS {
            errors.push(format!("+1 {kind} is taken {times} times; at most twice"));
        }
    }
    for (stat, (value, times)) in stats {
        improve(&mut errors, stat, value, times, BEST_STAT);
    }
    for (kind, value) in [
        (AdvanceKind::Quality, request.quality),
        (AdvanceKind::Defence, request.defence),
    ] {
        let times = count.get(&kind).copied().unwrap_or(0);
        improve(&mut errors, kind.as_str(), value, times, BEST_QUALITY);
    }
    Ok(AdvancementResult {
        level,
        next_level_xp: if request.traveller {
            None
        } else {
            next_level_xp(level)
        },
        advances_allowed: allowed,
        valid: errors.is_empty(),
        errors,
    })
}

#[cfg(test)]
mod tests {

    /// "Each level gives one advance" and "The Traveller never levels up."
    #[test]
    fn the_level_line_and_advances_allowed() {
        assert_eq!(level_line(8, false), "level 2 · next level at 9 XP");
        assert_eq!(level_line(22, false), "level 5, the highest");
        assert_eq!(
            level_line(30, true),
            "the Traveller never levels; he remembers"
        );
        assert_eq!(
            (advances_allowed(15, false), advances_allowed(15, true)),
            (3, 0)
        );
    }

    use super::*;

    fn entry(kind: AdvanceKind, detail: Option<&str>) -> AdvanceEntry {
        let detail = detail.map(str::to_string);
        match kind {
            AdvanceKind::Stat => AdvanceEntry {
                kind,
                stat: detail,
                name: None,
            },
            _ => AdvanceEntry {
                kind,
                stat: None,
                name: detail,
            },
        }
    }

    fn request(xp: u32, advances: Vec<AdvanceEntry>) -> Advancement {
        let stats = BTreeMap::from([("will".to_string(), 5), ("dexterity".to_string(), 3)]);
        Advancement {
            xp,
            traveller: false,
            stats,
            quality: 5,
            defence: 4,
            advances,
        }
    }

    /// "level 2 at 4 XP, level 3 at 9, level 4 at 15 and level 5 at 22."
    #[test]
    fn levels_from_xp() {
        for (xp, level) in [
            (0, 1),
            (3, 1),
            (4, 2),
            (8, 2),
            (9, 3),
            (15, 4),
            (21, 4),
            (22, 5),
            (99, 5),
        ] {
            assert_eq!(level_for_xp(xp), level, "{xp} XP");
        }
        assert_eq!(next_level_xp(4), Some(22));
        assert_eq!(next_level_xp(5), None);
    }

    #[test]
    fn the_example_is_valid() {
        let r = check_advancement(&request(
            16,
            vec![
                entry(AdvanceKind::Wounds, None),
                entry(AdvanceKind::Stat, Some("will")),
            ],
        ))
        .unwrap();
        assert_eq!(
            (r.level, r.next_level_xp, r.advances_allowed, r.valid),
            (4, Some(22), 3, true)
        );
    }

    /// "Each level gives one advance".
    #[test]
    fn too_many_advances() {
        let r = check_advancement(&request(
            4,
            vec![
                entry(AdvanceKind::Wounds, None),
                entry(AdvanceKind::Toughness, None),
            ],
        ))
        .unwrap();
        assert_eq!(r.errors, ["2 advances taken but level 2 allows 1"]);
    }

    /// "+1 Wounds or +1 Toughness (twice each at most)".
    #[test]
    fn wounds_and_toughness_twice_each() {
        let three = vec![entry(AdvanceKind::Toughness, None); 3];
        let r = check_advancement(&request(22, three)).unwrap();
        assert_eq!(r.errors, ["+1 toughness is taken 3 times; at most twice"]);
        assert!(
            check_advancement(&request(22, vec![entry(AdvanceKind::Wounds, None); 2]))
                .unwrap()
                .valid
        );
    }

    /// "a D10 stat improved by 1 (once each, never better than 3+)".
    #[test]
    fn stats_once_and_never_better_than_three() {
        let twice = vec![entry(AdvanceKind::Stat, Some("will")); 2];
        assert_eq!(
            check_advancement(&request(22, twice)).unwrap().errors,
            ["will is improved 2 times; each at most once"]
        );
        let capped = vec![entry(AdvanceKind::Stat, Some("dexterity"))];
        assert_eq!(
            check_advancement(&request(22, capped)).unwrap().errors,
            ["dexterity is 3+ already; it can never be better than 3+"]
        );
    }

    /// "Quality or Defence improved by 1 (once each, never better than 4+)".
    #[test]
    fn quality_and_defence() {
        let r = check_advancement(&request(
            22,
            vec![
                entry(AdvanceKind::Quality, None),
                entry(AdvanceKind::Defence, None),
            ],
        ))
        .unwrap();
        assert_eq!(
            r.errors,
            ["defence is 4+ already; it can never be better than 4+"]
        );
        let twice = vec![entry(AdvanceKind::Quality, None); 2];
        assert_eq!(
            check_advancement(&request(22, twice)).unwrap().errors,
            ["quality is improved 2 times; each at most once"]
        );
    }

    /// Powers and talents by name, each once.
    #[test]
    fn powers_and_talents_once_each() {
        let r = check_advancement(&request(
            22,
            vec![
                entry(AdvanceKind::Power, Some("Smite")),
                entry(AdvanceKind::Power, Some("Smite")),
                entry(AdvanceKind::Talent, Some("Smite")),
            ],
        ))
        .unwrap();
        assert_eq!(r.errors, ["power \"Smite\" is taken twice; each once"]);
        let nameless = request(22, vec![entry(AdvanceKind::Talent, None)]);
        assert_eq!(
            check_advancement(&nameless).unwrap_err().path,
            "advances[0].name"
        );
    }

    /// "The Traveller never levels up. Instead, as the campaign goes on, he remembers."
    #[test]
    fn the_traveller_never_levels() {
        let traveller = Advancement {
            traveller: true,
            ..request(30, vec![])
        };
        let r = check_advancement(&traveller).unwrap();
        assert_eq!(
            (r.level, r.next_level_xp, r.advances_allowed, r.valid),
            (1, None, 0, true)
        );
        let advanced = Advancement {
            traveller: true,
            ..request(30, vec![entry(AdvanceKind::Wounds, None)])
        };
        assert!(!check_advancement(&advanced).unwrap().valid);
    }

    /// The limits said from what was taken, not from what is asked: after
    /// two +1 Toughness, "taken twice already"; after one Will, "improved
    /// already".
    #[test]
    fn a_proposed_advance_is_refused_by_what_was_taken() {
        let two = request(22, vec![entry(AdvanceKind::Toughness, None); 2]);
        assert_eq!(
            refusal(&two, &entry(AdvanceKind::Toughness, None)).as_deref(),
            Some("+1 Toughness is taken twice already; at most twice")
        );
        assert_eq!(refusal(&two, &entry(AdvanceKind::Wounds, None)), None);
        let will = request(22, vec![entry(AdvanceKind::Stat, Some("will"))]);
        assert_eq!(
            refusal(&will, &entry(AdvanceKind::Stat, Some("will"))).as_deref(),
            Some("Will is improved already; each at most once")
        );
        assert_eq!(
            refusal(&will, &entry(AdvanceKind::Stat, Some("dexterity"))).as_deref(),
            Some("Dexterity is 3+ already; it can never be better than 3+")
        );
        assert_eq!(
            refusal(&will, &entry(AdvanceKind::Defence, None)).as_deref(),
            Some("Defence is 4+ already; it can never be better than 4+")
        );
        let smite = request(22, vec![entry(AdvanceKind::Power, Some("Smite"))]);
        assert_eq!(
            refusal(&smite, &entry(AdvanceKind::Power, Some("smite "))).as_deref(),
            Some("smite is taken already; each power once")
        );
        assert_eq!(
            refusal(&smite, &entry(AdvanceKind::Talent, Some("Smite"))),
            None
        );
    }

    #[test]
    fn a_stat_missing_from_stats_is_a_bad_request() {
        let error = check_advancement(&request(22, vec![entry(AdvanceKind::Stat, Some("luck"))]))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "advances[0].stat: unknown stat \"luck\": not in stats"
        );
    }
}
