//! The fields of a character's sheet, one table per section: each field's
//! label as the GM reads it, its column in the campaign file, the range it
//! keeps to, and how it is read and set. The sheet screen, the printed
//! sheet, the store's character columns and `waybook check` all read these
//! tables, so a field is described once and nothing is listed by position.
//! (Named stats, skills, lists, the kind and the party have their own
//! editors and tables.)

use super::{Character, Track, limits};
use std::ops::RangeInclusive;

/// A whole number.
pub struct Number {
    pub label: &'static str,
    /// Where it is in a character as JSON (`companion.xp`).
    pub path: &'static str,
    pub column: &'static str,
    pub range: RangeInclusive<i64>,
    pub get: fn(&Character) -> i64,
    pub set: fn(&mut Character, i64),
}

/// A track: a current value up to a maximum (`{column}` and `{column}_max`).
pub struct TrackField {
    pub label: &'static str,
    /// Where it is in a character as JSON (`companion.xp`).
    pub path: &'static str,
    pub column: &'static str,
    pub max_column: &'static str,
    pub max_range: RangeInclusive<i64>,
    pub get: fn(&Character) -> Track,
    pub set: fn(&mut Character, Track),
}

/// A yes or no.
pub struct Flag {
    pub label: &'static str,
    /// Where it is in a character as JSON (`companion.xp`).
    pub path: &'static str,
    pub column: &'static str,
    pub get: fn(&Character) -> bool,
    pub set: fn(&mut Character, bool),
}

/// A line of text.
pub struct Text {
    pub label: &'static str,
    /// Where it is in a character as JSON (`companion.xp`).
    pub path: &'static str,
    pub column: &'static str,
    pub get: fn(&Character) -> &str,
    pub set: fn(&mut Character, String),
}

/// A number kept in halves (days without food).
pub struct Halves {
    pub label: &'static str,
    /// Where it is in a character as JSON (`companion.xp`).
    pub path: &'static str,
    pub column: &'static str,
    pub range: RangeInclusive<f64>,
    pub get: fn(&Character) -> f64,
    pub set: fn(&mut Character, f64),
}

/// The simple fields of one section of the sheet.
pub struct Section {
    pub numbers: &'static [Number],
    pub tracks: &'static [TrackField],
    pub flags: &'static [Flag],
    pub texts: &'static [Text],
    pub halves: &'static [Halves],
}

macro_rules! number {
    ($label:literal, $column:literal, $range:expr, $($path:ident).+) => {
        Number {
            label: $label,
            path: stringify!($($path).+),
            column: $column,
            range: $range,
            get: |c| c.$($path).+,
            set: |c, v| c.$($path).+ = v,
        }
    };
}

macro_rules! track {
    ($label:literal, $column:literal, $max_column:literal, $range:expr, $($path:ident).+) => {
        TrackField {
            label: $label,
            path: stringify!($($path).+),
            column: $column,
            max_column: $max_column,
            max_range: $range,
            get: |c| c.$($path).+,
            set: |c, t| c.$($path).+ = t,
        }
    };
}

macro_rules! flag {
    ($label:literal, $column:literal, $($path:ident).+) => {
        Flag {
            label: $label,
            path: stringify!($($path).+),
            column: $column,
            get: |c| c.$($path).+,
            set: |c, v| c.$($path).+ = v,
        }
    };
}

macro_rules! text {
    ($label:literal, $column:literal, $($path:ident).+) => {
        Text {
            label: $label,
            path: stringify!($($path).+),
            column: $column,
            get: |c| &c.$($path).+,
            set: |c, v| c.$($path).+ = v,
        }
    };
}

pub const NAME: Text = text!("Name", "name", name);
pub const NOTES: Text = text!("Notes", "notes", notes);

pub const QUALITY: Number = number!(
    "Quality",
    "c_quality",
    limits::QUALITY_DEFENCE,
    companion.quality
);
pub const DEFENCE: Number = number!(
    "Defence",
    "c_defence",
    limits::QUALITY_DEFENCE,
    companion.defence
);
pub const WILD_DICE: Number = number!(
    "Wild dice",
    "c_wild_dice",
    limits::WILD_DICE,
    companion.wild_dice
);
pub const XP: Number = number!("XP", "c_xp", limits::XP, companion.xp);
pub const WOUNDS: TrackField = track!(
    "Wounds",
    "c_wounds",
    "c_wounds_max",
    limits::WOUNDS_MAX,
    companion.wounds
);
pub const TOUGHNESS: TrackField = track!(
    "Toughness",
    "c_toughness",
    "c_toughness_max",
    limits::TOUGHNESS_MAX,
    companion.toughness
);
pub const DRIVE: Text = text!("Drive", "c_drive", companion.drive);

pub const BODY: Number = number!("Body", "r_body", limits::ROUNDS_STAT, rounds.body);
pub const MIND: Number = number!("Mind", "r_mind", limits::ROUNDS_STAT, rounds.mind);
pub const SPIRIT: Number = number!("Spirit", "r_spirit", limits::ROUNDS_STAT, rounds.spirit);
pub const HP: TrackField = track!("HP", "r_hp", "r_hp_max", limits::HP_MP_MAX, rounds.hp);
pub const MP: TrackField = track!("MP", "r_mp", "r_mp_max", limits::HP_MP_MAX, rounds.mp);
pub const STRIKER: Number = number!(
    "Striker",
    "r_striker",
    limits::ROLE_RANK,
    rounds.ranks.striker
);
pub const CASTER: Number = number!("Caster", "r_caster", limits::ROLE_RANK, rounds.ranks.caster);
pub const HEALER: Number = number!("Healer", "r_healer", limits::ROLE_RANK, rounds.ranks.healer);
pub const DEFENDER: Number = number!(
    "Defender",
    "r_defender",
    limits::ROLE_RANK,
    rounds.ranks.defender
);
pub const SUPPORT: Number = number!(
    "Support",
    "r_support",
    limits::ROLE_RANK,
    rounds.ranks.support
);
pub const SABOTEUR: Number = number!(
    "Saboteur",
    "r_saboteur",
    limits::ROLE_RANK,
    rounds.ranks.saboteur
);
/// The six role ranks, in the order the text gives the roles.
pub const RANKS: [Number; 6] = [STRIKER, CASTER, HEALER, DEFENDER, SUPPORT, SABOTEUR];

pub const EXHAUSTION: Number = number!(
    "Degrees of exhaustion",
    "e_exhaustion",
    limits::EXHAUSTION,
    exploration.exhaustion
);
/// Hunger's degrees within the exhaustion, which a long rest cannot remove.
pub const STARVATION: Number = number!(
    "Degrees from hunger",
    "e_starvation",
    limits::EXHAUSTION,
    exploration.starvation
);
/// The character's own multiplier of the 40 daily units, in percent.
pub const FOOD_PERCENT: Number = number!(
    "Food need (%)",
    "e_food_percent",
    limits::FOOD_PERCENT,
    exploration.food_percent
);
pub const DAYS_WITHOUT_FOOD: Halves = Halves {
    label: "Days without food",
    path: "exploration.days_without_food",
    column: "e_days_without_food",
    range: limits::DAYS_WITHOUT_FOOD,
    get: |c| c.exploration.days_without_food,
    set: |c, v| c.exploration.days_without_food = v,
};
pub const COLD_IMMUNE: Flag = flag!("Cold immunity", "e_cold_immune", exploration.cold.immune);
pub const COLD_RESISTANT: Flag = flag!(
    "Cold resistance",
    "e_cold_resistant",
    exploration.cold.resistant
);
pub const COLD_REDUCTION: Number = number!(
    "Cold reduction",
    "e_cold_reduction",
    limits::REDUCTION,
    exploration.cold.reduction
);
pub const HEAT_IMMUNE: Flag = flag!("Heat immunity", "e_heat_immune", exploration.heat.immune);
pub const HEAT_RESISTANT: Flag = flag!(
    "Heat resistance",
    "e_heat_resistant",
    exploration.heat.resistant
);
pub const HEAT_REDUCTION: Number = number!(
    "Heat reduction",
    "e_heat_reduction",
    limits::REDUCTION,
    exploration.heat.reduction
);
pub const SWIM_SPEED: Number = number!(
    "Swim speed (m)",
    "e_swim_speed",
    limits::SPEED,
    exploration.swim_speed
);
pub const CLIMB_SPEED: Number = number!(
    "Climb speed (m)",
    "e_climb_speed",
    limits::SPEED,
    exploration.climb_speed
);
pub const PILGRIM: Flag = flag!("Pilgrim", "c_pilgrim", companion.pilgrim);
pub const ALTITUDE_ADAPTED: Flag = flag!(
    "Altitude adapted",
    "e_altitude_adapted",
    exploration.altitude_adapted
);
pub const DEPTH_ADAPTED: Flag = flag!(
    "Depth adapted",
    "e_depth_adapted",
    exploration.depth_adapted
);

const NONE_NUMBERS: &[Number] = &[];

pub const GENERAL: Section = Section {
    numbers: NONE_NUMBERS,
    tracks: &[],
    flags: &[],
    texts: &[NAME, NOTES],
    halves: &[],
};

pub const COMPANION: Section = Section {
    numbers: &[QUALITY, DEFENCE, WILD_DICE, XP],
    tracks: &[WOUNDS, TOUGHNESS],
    flags: &[PILGRIM],
    texts: &[DRIVE],
    halves: &[],
};

pub const ROUNDS: Section = Section {
    numbers: &[
        BODY, MIND, SPIRIT, STRIKER, CASTER, HEALER, DEFENDER, SUPPORT, SABOTEUR,
    ],
    tracks: &[HP, MP],
    flags: &[],
    texts: &[],
    halves: &[],
};

pub const EXPLORATION: Section = Section {
    numbers: &[
        EXHAUSTION,
        STARVATION,
        FOOD_PERCENT,
        COLD_REDUCTION,
        HEAT_REDUCTION,
        SWIM_SPEED,
        CLIMB_SPEED,
    ],
    tracks: &[],
    flags: &[
        COLD_IMMUNE,
        COLD_RESISTANT,
        HEAT_IMMUNE,
        HEAT_RESISTANT,
        ALTITUDE_ADAPTED,
        DEPTH_ADAPTED,
    ],
    texts: &[],
    halves: &[DAYS_WITHOUT_FOOD],
};

/// Every section, in the order of the sheet.
pub const SECTIONS: [&Section; 4] = [&GENERAL, &COMPANION, &ROUNDS, &EXPLORATION];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CharacterId, CharacterKind};

    /// Every field reads what it sets, and no two share a column.
    #[test]
    fn each_field_reads_what_it_sets_in_a_column_of_its_own() {
        let mut c = Character::new(CharacterId(1), "Ana", CharacterKind::Hero);
        let mut columns = Vec::new();
        for section in SECTIONS {
            for f in section.numbers {
                (f.set)(&mut c, *f.range.end());
                assert_eq!((f.get)(&c), *f.range.end(), "{}", f.label);
                columns.push(f.column);
            }
            for f in section.tracks {
                let t = Track { current: 1, max: 2 };
                (f.set)(&mut c, t);
                assert_eq!((f.get)(&c), t, "{}", f.label);
                columns.extend([f.column, f.max_column]);
            }
            for f in section.flags {
                (f.set)(&mut c, true);
                assert!((f.get)(&c), "{}", f.label);
                columns.push(f.column);
            }
            for f in section.texts {
                (f.set)(&mut c, format!("{} text", f.label));
                assert_eq!((f.get)(&c), format!("{} text", f.label));
                columns.push(f.column);
            }
            for f in section.halves {
                (f.set)(&mut c, 1.5);
                assert_eq!((f.get)(&c), 1.5);
                columns.push(f.column);
            }
        }
        let count = columns.len();
        columns.sort_unstable();
        columns.dedup();
        assert_eq!(columns.len(), count, "a column is used twice");
        assert_eq!(
            count, 39,
            "the character table's columns but id, kind, party, player, advances, tools and memories"
        );
    }
}
