//! What the exploration text's hazards leave on a character: senses with
//! their ranges (one entry per source), conditions (Prone, Restrained,
//! Choking...), Doom and the degrees of exhaustion held below 500 m, and
//! how deep they have sunk in quicksand.

use serde::{Deserialize, Serialize};

waybook_rules::named_enum! {
    /// The senses the text names beside sight.
    pub enum SenseKind("sense") {
        Nightvision => "nightvision" as "Nightvision",
        Blindsight => "blindsight" as "Blindsight",
        Spiritsight => "spiritsight" as "Spiritsight",
        Tremorsense => "tremorsense" as "Tremorsense",
        Truesight => "truesight" as "Truesight",
    }
}

/// A sense from one source (a lineage, an item, a spell) with its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sense {
    pub kind: SenseKind,
    pub range_m: i64,
}

/// A sense's range from all its sources: "the greater Range ... increased
/// by 3m" for each further source (`rules::travel::senses::sense_range`).
pub fn range_of(senses: &[Sense], kind: SenseKind) -> Option<u32> {
    let ranges: Vec<u32> = senses
        .iter()
        .filter(|s| s.kind == kind)
        .map(|s| u32::try_from(s.range_m).unwrap_or(0))
        .collect();
    waybook_rules::travel::senses::sense_range(&ranges)
}

/// Each sense with its range ("Nightvision 21 m (2 sources)"), or "sight only".
pub fn senses_line(senses: &[Sense]) -> String {
    use strum::IntoEnumIterator;
    let lines: Vec<String> = SenseKind::iter()
        .filter_map(|kind| {
            let sources = senses.iter().filter(|s| s.kind == kind).count();
            range_of(senses, kind).map(|range| match sources {
                1 => format!("{} {range} m", kind.label()),
                n => format!("{} {range} m ({n} sources)", kind.label()),
            })
        })
        .collect();
    if lines.is_empty() {
        "sight only".to_owned()
    } else {
        lines.join(", ")
    }
}

/// What the hazards left on a character.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct HazardState {
    /// Prone, Restrained, Choking, Hidden...: each once, in the order gained.
    #[serde(default)]
    pub conditions: Vec<String>,
    /// "the Doom 1 condition, increasing it by 1 for each Turn spent at
    /// 500m or below".
    #[serde(default)]
    pub doom: i64,
    /// Degrees of exhaustion gained below 500 m: they "cannot be removed
    /// until you have risen to a depth above 500m".
    #[serde(default)]
    pub held_exhaustion: i64,
    /// Metres sunk into quicksand (0: not in any).
    #[serde(default)]
    pub sunk_m: f64,
    /// What each hazard did, oldest first.
    #[serde(default)]
    pub lines: Vec<String>,
}

impl HazardState {
    /// Adds a condition unless it is there already.
    pub fn gain(&mut self, condition: &str) {
        if !self.conditions.iter().any(|c| c == condition) {
            self.conditions.push(condition.to_owned());
        }
    }

    pub fn lose(&mut self, condition: &str) {
        self.conditions.retain(|c| c != condition);
    }
}

waybook_rules::named_enum! {
    /// The exploration text's hazards, as the GM picks one.
    pub enum HazardKind("hazard") {
        Fall => "fall" as "Falling",
        ColdWater => "cold-water" as "Extremely cold water",
        Breath => "breath" as "Out of breath, choking",
        RoughWater => "rough-water" as "Rough water",
        Climb => "climb" as "Climbing",
        Quicksand => "quicksand" as "Quicksand",
        Lava => "lava" as "Lava",
        Ice => "ice" as "Ice",
        Hide => "hide" as "Hiding",
        Deep => "deep" as "Below 500 m",
    }
}

waybook_rules::named_enum! {
    /// Why a character falls.
    pub enum FallCause("fall") {
        Height => "height" as "Falls from a height",
        /// "If they were Falling because of the Prone condition, they will only
        /// Fall for the Turn(s) where the condition is applied."
        FlyerProne => "flyer-prone" as "A flyer knocked prone (falls this turn only)",
        /// Incapacitated, or speed 0 without hovering.
        FlyerGrounded => "flyer-grounded" as "A flyer incapacitated or at speed 0",
        /// "they can maintain their altitude without needing to move such as
        /// being able to Hover, then they can maintain their height."
        FlyerHovering => "flyer-hovering" as "A flyer at speed 0 that can hover",
    }
}

impl FallCause {
    /// The cause as a fall's line says it.
    pub fn words(self) -> &'static str {
        match self {
            FallCause::Height => "from a height",
            FallCause::FlyerProne => "a flyer knocked prone: this turn only",
            FallCause::FlyerGrounded => "a flyer that cannot fly",
            FallCause::FlyerHovering => "a flyer hovering",
        }
    }
}
