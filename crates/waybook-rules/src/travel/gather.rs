//! Finding and gathering material: the survey test with the abundance
//! modifiers and the survey table, and the gathering test with its table,
//! both as data from the text; the quality ladder.

use serde::{Deserialize, Serialize};

use crate::RuleError;
use crate::check::{Advantage, D20Roll};
use crate::dice::{Dice, RollRecord};

named_enum! {
    /// "Quality ladder, low to high".
    pub enum Quality("quality") {
        /// The lowest.
        Corrupted => "corrupted" as "Corrupted",
        /// Impure.
        Impure => "impure" as "Impure",
        /// Poor.
        Poor => "poor" as "Poor",
        /// Standard.
        Standard => "standard" as "Standard",
        /// Rich.
        Rich => "rich" as "Rich",
        /// Exceptional.
        Exceptional => "exceptional" as "Exceptional",
        /// The highest.
        Pure => "pure" as "Pure",
    }
}

impl Quality {
    /// One level higher ("increases their Quality Level by 1"); Pure stays Pure.
    pub fn improved(self) -> Self {
        let at = Self::ALL.iter().position(|q| *q == self).unwrap_or(0);
        Self::ALL.get(at + 1).copied().unwrap_or(self)
    }
}

named_enum! {
    /// The Abundance TTV Modifier Table.
    pub enum Abundance("abundance") {
        /// No test required: there is nothing.
        Nonexistent => "nonexistent",
        /// -10.
        NearNonexistent => "near-nonexistent",
        /// -5.
        IncrediblyRare => "incredibly-rare",
        /// -3.
        Rare => "rare",
        /// -1.
        Uncommon => "uncommon",
        /// +0.
        Common => "common",
        /// +1.
        Plentiful => "plentiful",
        /// +3.
        Abundant => "abundant",
        /// +5.
        Bountiful => "bountiful",
    }
}

impl Abundance {
    /// The TTV modifier; none for Nonexistent ("No Test Required").
    pub fn modifier(self) -> Option<i32> {
        match self {
            Self::Nonexistent => None,
            Self::NearNonexistent => Some(-10),
            Self::IncrediblyRare => Some(-5),
            Self::Rare => Some(-3),
            Self::Uncommon => Some(-1),
            Self::Common => Some(0),
            Self::Plentiful => Some(1),
            Self::Abundant => Some(3),
            Self::Bountiful => Some(5),
        }
    }
}

named_enum! {
    /// How much of the normal Units a source produces.
    pub enum Yield("yield") {
        /// No source.
        None => "none",
        /// A quarter, minimum 1.
        Quarter => "quarter",
        /// Half, minimum 1.
        Half => "half",
        /// All.
        Full => "full",
    }
}

impl Yield {
    /// Units after the yield, rounded down, minimum 1 when there were any.
    pub fn apply(self, units: u32) -> u32 {
        let divided = match self {
            Self::None => 0,
            Self::Quarter => units / 4,
            Self::Half => units / 2,
            Self::Full => units,
        };
        if units >= 1 && self != Self::None {
            divided.max(1)
        } else {
            divided
        }
    }
}

named_enum! {
    /// The rows of the survey table.
    pub enum Source("survey result") {
        /// 0: Unsuccessful Search.
        Nothing => "nothing",
        /// 5.
        ImpureExploited => "impure-exploited-source",
        /// 7.
        Impure => "impure-source",
        /// 10.
        Poor => "poor-source",
        /// 13.
        Small => "small-source",
        /// 15.
        Moderate => "moderate-source",
        /// 18.
        SmallRich => "small-rich-source",
        /// 20.
        Rich => "rich-source",
        /// 25.
        SmallExceptional => "small-exceptional-source",
        /// 30.
        Exceptional => "exceptional-source",
    }
}

/// A row of the survey table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SurveyRow {
    /// The TTV the row starts at.
    pub ttv: i32,
    /// The source found.
    pub source: Source,
    /// Its material's quality.
    pub quality: Option<Quality>,
    /// How much it produces.
    pub yields: Yield,
    /// "A complication may occur."
    pub complication: bool,
    /// "A boon may occur."
    pub boon: bool,
}

const fn survey_row(
    ttv: i32,
    source: Source,
    quality: Option<Quality>,
    yields: Yield,
    complication: bool,
    boon: bool,
) -> SurveyRow {
    SurveyRow {
        ttv,
        source,
        quality,
        yields,
        complication,
        boon,
    }
}

/// The survey table, lowest TTV first.
pub const SURVEY_TABLE: [SurveyRow; 10] = [
    survey_row(0, Source::Nothing, None, Yield::None, true, false),
    survey_row(
        5,
        Source::ImpureExploited,
        Some(Quality::Impure),
        Yield::Quarter,
        true,
        false,
    ),
    survey_row(
        7,
        Source::Impure,
        Some(Quality::Impure),
        Yield::Full,
        false,
        false,
    ),
    survey_row(
        10,
        Source::Poor,
        Some(Quality::Poor),
        Yield::Full,
        false,
        false,
    ),
    survey_row(
        13,
        Source::Small,
        Some(Quality::Standard),
        Yield::Half,
        false,
        false,
    ),
    survey_row(
        15,
        Source::Moderate,
        Some(Quality::Standard),
        Yield::Full,
        false,
        false,
    ),
    survey_row(
        18,
        Source::SmallRich,
        Some(Quality::Rich),
        Yield::Half,
        false,
        false,
    ),
    survey_row(
        20,
        Source::Rich,
        Some(Quality::Rich),
        Yield::Full,
        false,
        true,
    ),
    survey_row(
        25,
        Source::SmallExceptional,
        Some(Quality::Exceptional),
        Yield::Half,
        false,
        true,
    ),
    survey_row(
        30,
        Source::Exceptional,
        Some(Quality::Exceptional),
        Yield::Full,
        false,
        true,
    ),
];

/// "if this is scored with a TTV of 25 or more, the Quality ... is
/// increased to Pure Quality."
pub const PURE_TTV: i32 = 25;
/// "On an Inspired Event the Degrees of Success is increased by 2".
pub const INSPIRED_ROWS: usize = 2;

/// The index of the highest row whose threshold is at or below `ttv` (the
/// first row for totals below 0).
pub fn row_index<T>(rows: &[T], ttv: i32, threshold: impl Fn(&T) -> i32) -> usize {
    rows.iter()
        .rposition(|row| threshold(row) <= ttv)
        .unwrap_or(0)
}

/// The survey table's row for `ttv`, [`INSPIRED_ROWS`] further down on an
/// Inspired Event (the last row at most).
fn survey_row_for(ttv: i32, inspired: bool) -> SurveyRow {
    let moved = if inspired { INSPIRED_ROWS } else { 0 };
    let index = row_index(&SURVEY_TABLE, ttv, |row| row.ttv) + moved;
    let [.., last] = SURVEY_TABLE;
    SURVEY_TABLE.get(index).copied().unwrap_or(last)
}

/// The gathering table's row for `ttv` (the first row for totals below 0).
pub fn gather_row_for(ttv: i32) -> GatherRow {
    let [first, ..] = GATHER_TABLE;
    (GATHER_TABLE.iter().rev())
        .find(|row| row.ttv <= ttv)
        .copied()
        .unwrap_or(first)
}

impl Source {
    /// The survey row of this source.
    pub fn row(self) -> SurveyRow {
        SURVEY_TABLE
            .iter()
            .copied()
            .find(|row| row.source == self)
            .unwrap_or(SURVEY_TABLE[0])
    }
}

/// A survey request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Survey {
    /// The Intuition test modifier.
    pub bonus: i32,
    /// How abundant the material is.
    pub abundance: Abundance,
    /// Advantage from research into known deposits.
    #[serde(default)]
    pub advantage: bool,
}

/// A survey's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SurveyResult {
    /// Whether a test was made.
    pub test: bool,
    /// The kept d20.
    pub roll: Option<u32>,
    /// The TTV: d20 + bonus + abundance, 0 on a Critical Failure.
    pub ttv: Option<i32>,
    /// The source found.
    pub result: Source,
    /// Its quality.
    pub quality: Option<Quality>,
    /// How much it produces.
    #[serde(rename = "yield")]
    pub yields: Yield,
    /// A complication may occur.
    pub complication: bool,
    /// A boon may occur.
    pub boon: bool,
    /// The working.
    #[serde(skip)]
    pub record: Option<RollRecord>,
}

/// Surveys for a source. Dice: one d20, two with advantage; none when the
/// material is nonexistent.
pub fn survey(request: &Survey, dice: &mut Dice) -> Result<SurveyResult, RuleError> {
    let Some(abundance) = request.abundance.modifier() else {
        let row = SURVEY_TABLE[0];
        return Ok(SurveyResult {
            test: false,
            roll: None,
            ttv: None,
            result: row.source,
            quality: None,
            yields: Yield::None,
            complication: false,
            boon: false,
            record: None,
        });
    };
    let roll = D20Roll::roll(
        dice,
        request.bonus + abundance,
        Advantage::from_flag(request.advantage),
    )?;
    let ttv = roll.total();
    let row = survey_row_for(ttv, roll.inspired());
    let quality = if roll.inspired() && ttv >= PURE_TTV {
        Some(Quality::Pure)
    } else {
        row.quality
    };
    Ok(SurveyResult {
        test: true,
        roll: Some(roll.roll),
        ttv: Some(ttv),
        result: row.source,
        quality,
        yields: row.yields,
        complication: row.complication,
        boon: row.boon,
        record: Some(roll.record("survey", None).outcome(row.source.as_str())),
    })
}

named_enum! {
    /// The rows of the gathering table.
    pub enum Bounty("gather result") {
        /// 0: no useful Units.
        DamagedMaterial => "damaged-material",
        /// 5: one Corrupted Unit.
        CorruptedBounty => "corrupted-bounty",
        /// 7: one Unit in 2 hours.
        StalledBounty => "stalled-bounty",
        /// 10: one Unit.
        MinorBounty => "minor-bounty",
        /// 13: SB Units.
        StandardBounty => "standard-bounty",
        /// 15: 1d4 + SB.
        SignificantBounty => "significant-bounty",
        /// 18: 1d4 + SB in 30 minutes.
        QuickenedBounty => "quickened-bounty",
        /// 20: 1d6 + SB in 30 minutes.
        MasterfulBounty => "masterful-bounty",
        /// 25: 1d8 + SB, half improved, 30 minutes.
        PerceptiveBounty => "perceptive-bounty",
        /// 30: as Perceptive, plus a rare find.
        FatefulDiscovery => "fateful-discovery",
    }
}

/// How many Units a gathering row gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Units {
    /// A fixed number.
    Fixed(u32),
    /// The gatherer's SB.
    Sb,
    /// A die (faces) plus SB.
    DieSb(u32),
}

/// A row of the gathering table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GatherRow {
    /// The TTV the row starts at.
    pub ttv: i32,
    /// The row.
    pub bounty: Bounty,
    /// The Units it gives.
    pub units: Units,
    /// Minutes of work.
    pub minutes: u32,
    /// The material becomes Corrupted.
    pub corrupted: bool,
    /// Half the Units are one quality level higher.
    pub improved: bool,
    /// One Unit of a rare material or another Unique Discovery Boon.
    pub rare_find: bool,
}

const fn gather_row(
    ttv: i32,
    bounty: Bounty,
    units: Units,
    minutes: u32,
    corrupted: bool,
    improved: bool,
    rare_find: bool,
) -> GatherRow {
    GatherRow {
        ttv,
        bounty,
        units,
        minutes,
        corrupted,
        improved,
        rare_find,
    }
}

/// "Each gathering Trait Test is considered to represent an Hour of work".
pub const HOUR: u32 = 60;

/// The gathering table, lowest TTV first.
pub const GATHER_TABLE: [GatherRow; 10] = [
    gather_row(
        0,
        Bounty::DamagedMaterial,
        Units::Fixed(0),
        HOUR,
        false,
        false,
        false,
    ),
    gather_row(
        5,
        Bounty::CorruptedBounty,
        Units::Fixed(1),
        HOUR,
        true,
        false,
        false,
    ),
    gather_row(
        7,
        Bounty::StalledBounty,
        Units::Fixed(1),
        2 * HOUR,
        false,
        false,
        false,
    ),
    gather_row(
        10,
        Bounty::MinorBounty,
        Units::Fixed(1),
        HOUR,
        false,
        false,
        false,
    ),
    gather_row(
        13,
        Bounty::StandardBounty,
        Units::Sb,
        HOUR,
        false,
        false,
        false,
    ),
    gather_row(
        15,
        Bounty::SignificantBounty,
        Units::DieSb(4),
        HOUR,
        false,
        false,
        false,
    ),
    gather_row(
        18,
        Bounty::QuickenedBounty,
        Units::DieSb(4),
        HOUR / 2,
        false,
        false,
        false,
    ),
    gather_row(
        20,
        Bounty::MasterfulBounty,
        Units::DieSb(6),
        HOUR / 2,
        false,
        false,
        false,
    ),
    gather_row(
        25,
        Bounty::PerceptiveBounty,
        Units::DieSb(8),
        HOUR / 2,
        false,
        true,
        false,
    ),
    gather_row(
        30,
        Bounty::FatefulDiscovery,
        Units::DieSb(8),
        HOUR / 2,
        false,
        true,
        true,
    ),
];

/// A gathering test at a source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Gather {
    /// The gathering trait test modifier.
    pub bonus: i32,
    /// The gatherer's skill bonus.
    pub sb: u32,
    /// The survey result being gathered.
    pub source: Source,
    /// The material's quality; defaults to the source's.
    #[serde(default)]
    pub quality: Option<Quality>,
}

/// One gathering test's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GatherResult {
    /// The d20.
    pub roll: u32,
    /// d20 + bonus (0 on a natural 1).
    pub ttv: i32,
    /// The row.
    pub result: Bounty,
    /// Units after the source's yield.
    pub units: u32,
    /// Their quality.
    pub quality: Quality,
    /// How many of them are one quality level higher.
    pub improved_units: u32,
    /// Minutes of work.
    pub minutes: u32,
    /// A rare material or other Unique Discovery Boon.
    pub rare_find: bool,
    /// The working.
    #[serde(skip)]
    pub records: Vec<RollRecord>,
}

/// Makes one gathering test. Dice: one d20, then the row's bonus die.
pub fn gather(request: &Gather, dice: &mut Dice) -> Result<GatherResult, RuleError> {
    let source = request.source.row();
    let Some(source_quality) = source.quality else {
        return Err(RuleError::new(
            "source",
            "a survey that found nothing has no material to gather",
        ));
    };
    let roll = D20Roll::roll(dice, request.bonus, Advantage::Normal)?;
    let ttv = roll.total();
    let row = gather_row_for(ttv);
    let mut records = vec![roll.record("gather", None).outcome(row.bounty.as_str())];
    let raw = match row.units {
        Units::Fixed(units) => units,
        Units::Sb => request.sb,
        Units::DieSb(sides) => {
            let die = dice.roll(sides)?;
            records.push(RollRecord::single("units", sides, die).modifier(request.sb as i32, "SB"));
            die + request.sb
        }
    };
    let units = source.yields.apply(raw);
    let quality = if row.corrupted {
        Quality::Corrupted
    } else {
        request.quality.unwrap_or(source_quality)
    };
    Ok(GatherResult {
        roll: roll.roll,
        ttv,
        result: row.bounty,
        units,
        quality,
        // Pure is the top of the ladder: nothing can be one level higher.
        improved_units: if row.improved && quality.improved() != quality {
            units / 2
        } else {
            0
        },
        minutes: row.minutes,
        rare_find: row.rare_find,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn surveyed(
        bonus: i32,
        abundance: Abundance,
        advantage: bool,
        faces: Vec<u32>,
    ) -> SurveyResult {
        survey(
            &Survey {
                bonus,
                abundance,
                advantage,
            },
            &mut Dice::scripted(faces),
        )
        .unwrap()
    }

    /// Every row of the survey table, read as "the highest TTV threshold at
    /// or below the total".
    #[test]
    fn every_survey_row() {
        use Quality::*;
        for (ttv, source, quality, yields, complication, boon) in [
            (4, Source::Nothing, None, Yield::None, true, false),
            (
                5,
                Source::ImpureExploited,
                Some(Impure),
                Yield::Quarter,
                true,
                false,
            ),
            (7, Source::Impure, Some(Impure), Yield::Full, false, false),
            (12, Source::Poor, Some(Poor), Yield::Full, false, false),
            (13, Source::Small, Some(Standard), Yield::Half, false, false),
            (
                17,
                Source::Moderate,
                Some(Standard),
                Yield::Full,
                false,
                false,
            ),
            (18, Source::SmallRich, Some(Rich), Yield::Half, false, false),
            (24, Source::Rich, Some(Rich), Yield::Full, false, true),
            (
                25,
                Source::SmallExceptional,
                Some(Exceptional),
                Yield::Half,
                false,
                true,
            ),
            (
                38,
                Source::Exceptional,
                Some(Exceptional),
                Yield::Full,
                false,
                true,
            ),
        ] {
            let r = surveyed(ttv - 10, Abundance::Common, false, vec![10]);
            assert_eq!(
                (r.ttv, r.result, r.quality, r.yields, r.complication, r.boon),
                (Some(ttv), source, quality, yields, complication, boon),
                "TTV {ttv}"
            );
        }
    }

    /// Every row of the Abundance TTV Modifier Table.
    #[test]
    fn every_abundance_modifier() {
        use Abundance::*;
        let expected = [
            None,
            Some(-10),
            Some(-5),
            Some(-3),
            Some(-1),
            Some(0),
            Some(1),
            Some(3),
            Some(5),
        ];
        let got: Vec<Option<i32>> = Abundance::ALL.iter().map(|a| a.modifier()).collect();
        assert_eq!(got, expected);
        let r = surveyed(4, Rare, false, vec![12]);
        assert_eq!(
            (r.roll, r.ttv, r.result, r.yields),
            (Some(12), Some(13), Source::Small, Yield::Half)
        );
        let none = surveyed(4, Nonexistent, false, vec![]);
        assert_eq!(
            (none.test, none.roll, none.ttv, none.result, none.quality),
            (false, None, None, Source::Nothing, None)
        );
        assert_eq!((none.yields, none.complication), (Yield::None, false));
    }

    /// "On a Critical Failure, the TTV is treated as 0"; "Results of the
    /// Abundance TTV Modifier Table may never alter" that.
    #[test]
    fn a_critical_failure_finds_nothing() {
        let r = surveyed(9, Abundance::Bountiful, false, vec![1]);
        assert_eq!((r.ttv, r.result), (Some(0), Source::Nothing));
    }

    /// "On an Inspired Event the Degrees of Success is increased by 2, if this
    /// is scored with a TTV of 25 or more, the Quality ... Pure."
    #[test]
    fn an_inspired_event_moves_two_rows_up() {
        let r = surveyed(-5, Abundance::Common, false, vec![20]);
        assert_eq!(
            (r.ttv, r.result, r.quality),
            (Some(15), Source::Rich, Some(Quality::Rich))
        );
        let pure = surveyed(5, Abundance::Common, false, vec![20]);
        assert_eq!(
            (pure.ttv, pure.result, pure.quality),
            (Some(25), Source::Exceptional, Some(Quality::Pure))
        );
        let top = surveyed(10, Abundance::Common, false, vec![20]);
        assert_eq!(top.result, Source::Exceptional);
    }

    /// "This Test is made with Advantage with appropriate research".
    #[test]
    fn research_gives_advantage() {
        let r = surveyed(0, Abundance::Common, true, vec![3, 16]);
        assert_eq!((r.roll, r.result), (Some(16), Source::Moderate));
    }

    fn gathered(bonus: i32, sb: u32, source: Source, faces: Vec<u32>) -> GatherResult {
        gather(
            &Gather {
                bonus,
                sb,
                source,
                quality: None,
            },
            &mut Dice::scripted(faces),
        )
        .unwrap()
    }

    /// Every row of the gathering table at a full source with SB 2.
    #[test]
    fn every_gather_row() {
        use Bounty::*;
        for (ttv, die, bounty, units, minutes, improved, rare) in [
            (4, None, DamagedMaterial, 0, 60, 0, false),
            (5, None, CorruptedBounty, 1, 60, 0, false),
            (7, None, StalledBounty, 1, 120, 0, false),
            (10, None, MinorBounty, 1, 60, 0, false),
            (13, None, StandardBounty, 2, 60, 0, false),
            (15, Some(4), SignificantBounty, 6, 60, 0, false),
            (18, Some(3), QuickenedBounty, 5, 30, 0, false),
            (20, Some(6), MasterfulBounty, 8, 30, 0, false),
            (25, Some(7), PerceptiveBounty, 9, 30, 4, false),
            (30, Some(1), FatefulDiscovery, 3, 30, 1, true),
        ] {
            let faces = std::iter::once(10).chain(die).collect();
            let r = gathered(ttv - 10, 2, Source::Moderate, faces);
            assert_eq!(
                (
                    r.ttv,
                    r.result,
                    r.units,
                    r.minutes,
                    r.improved_units,
                    r.rare_find
                ),
                (ttv, bounty, units, minutes, improved, rare),
                "TTV {ttv}"
            );
        }
    }

    /// "its Quality is altered to Corrupted"; quality defaults to the source's.
    #[test]
    fn quality_of_the_gathered_material() {
        assert_eq!(
            gathered(-5, 2, Source::Rich, vec![10]).quality,
            Quality::Corrupted
        );
        assert_eq!(
            gathered(0, 2, Source::Rich, vec![10]).quality,
            Quality::Rich
        );
        let chosen = Gather {
            bonus: 0,
            sb: 2,
            source: Source::Rich,
            quality: Some(Quality::Pure),
        };
        assert_eq!(
            gather(&chosen, &mut Dice::scripted(vec![10]))
                .unwrap()
                .quality,
            Quality::Pure
        );
    }

    /// "half the normal Units of material (minimum of 1 Unit)", "a quarter".
    #[test]
    fn source_yield_divides_units() {
        let r = gathered(5, 2, Source::Small, vec![14, 3]);
        assert_eq!((r.result, r.units), (Bounty::QuickenedBounty, 2));
        let r = gathered(0, 2, Source::ImpureExploited, vec![13]);
        assert_eq!(r.units, 1);
        assert_eq!(gathered(-10, 2, Source::ImpureExploited, vec![12]).units, 0);
        assert_eq!(gathered(0, 0, Source::Small, vec![13]).units, 0);
        assert_eq!(Yield::Quarter.apply(9), 2);
    }

    /// A natural 1 counts 0; a natural 20 has no effect beyond its total.
    #[test]
    fn naturals_when_gathering() {
        assert_eq!(
            gathered(20, 2, Source::Moderate, vec![1]).result,
            Bounty::DamagedMaterial
        );
        assert_eq!(
            gathered(-7, 2, Source::Moderate, vec![20]).result,
            Bounty::StandardBounty
        );
    }

    #[test]
    fn nothing_cannot_be_gathered() {
        let request = Gather {
            bonus: 0,
            sb: 1,
            source: Source::Nothing,
            quality: None,
        };
        assert_eq!(
            gather(&request, &mut Dice::scripted(vec![10]))
                .unwrap_err()
                .path,
            "source"
        );
    }

    #[test]
    fn the_ladder_climbs_to_pure() {
        assert_eq!(Quality::Standard.improved(), Quality::Rich);
        assert_eq!(Quality::Pure.improved(), Quality::Pure);
    }
}
