//! The pure rules engine: dice, the three rule texts and the tables.
//! No I/O, no GUI and no database live here; every rule is a function from
//! a request and a [`dice::Dice`] to a typed result with its roll records.
//!
//! Where each rule text lives:
//! - `travellers-companion.txt`: [`companion`] (challenge rolls, wild dice,
//!   wounds and toughness, threat, attacks, powers, advancement, encounter
//!   building) on top of the plain D6/D10 tests in [`check`].
//! - `travel-rounds.txt`: [`rounds`] (pathfinding, encounters, camping).
//! - `exploration-and-travel.txt`: [`travel`] (marching pace, food and drink,
//!   survey and gather, environmental hazards, senses and hiding) on top of
//!   the d20 trait test in [`check`], with exact exhaustion forecasts in
//!   [`forecast`].
//! - Tables the texts mention but do not give are GM-editable [`tables`];
//!   the readings of ambiguous sentences are listed in [`notes`].

// An index that can panic on a bad request is an unwrap; CI's -D warnings makes it an error.
#![cfg_attr(not(test), warn(clippy::indexing_slicing))]

use serde::Serializer;

/// Declares an enum whose values are lower-case hyphenated names (the
/// rules' requests and answers, the campaign file, the JSON export) with a
/// label the GM reads in a list: the one way Waybook names an enum. strum
/// derives the names, labels, iteration and `Display`; only `FromStr` and
/// serde are written here, so that a bad name says what kind of value was
/// expected (`unknown activity "fly"`). A value's label defaults to its
/// name (`ExtremeCold => "extreme-cold" as "Extreme cold"`). Every such
/// enum is [`Named`], which the model's lists read as `Choice`.
#[macro_export]
macro_rules! named_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident ($what:literal) {
        $($(#[$vmeta:meta])* $variant:ident => $text:literal $(as $label:literal)?),+ $(,)?
    }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            strum::EnumIter, strum::IntoStaticStr, strum::EnumMessage,
            strum::VariantArray, strum::Display,
        )]
        $vis enum $name {
            $($(#[$vmeta])* #[strum(serialize = $text $(, message = $label)?)] $variant),+
        }

        impl $name {
            /// Every value, in the order they are declared.
            pub const ALL: &[$name] = <$name as strum::VariantArray>::VARIANTS;

            /// The value's name as requests, answers and files spell it.
            pub fn as_str(self) -> &'static str {
                self.into()
            }

            /// The value as the GM reads it in a list.
            pub fn label(self) -> &'static str {
                strum::EnumMessage::get_message(&self).unwrap_or_else(|| self.as_str())
            }
        }

        impl $crate::Named for $name {
            fn key(self) -> &'static str {
                self.as_str()
            }
            fn label(self) -> &'static str {
                $name::label(self)
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::UnknownName;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                <$name as $crate::Named>::from_key(text).ok_or_else(|| {
                    $crate::UnknownName::new(
                        $what,
                        text,
                        $name::ALL.iter().map(|value| value.as_str()),
                    )
                })
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str($crate::ByName::<$name>(std::marker::PhantomData))
            }
        }
    };
}

/// Reads a [`named_enum!`] value from its name where the reader holds it,
/// never copying it (a ten-year log reads a million of them).
pub struct ByName<T>(pub std::marker::PhantomData<T>);

impl<T: std::str::FromStr<Err = UnknownName>> serde::de::Visitor<'_> for ByName<T> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a name")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// An enum declared with [`named_enum!`]: its name in files and requests,
/// its label in a list, and every value.
pub trait Named: Sized + Copy + PartialEq + strum::IntoEnumIterator + 'static {
    /// The value's name as files and requests spell it.
    fn key(self) -> &'static str;
    /// The value as the GM reads it.
    fn label(self) -> &'static str;
    /// The value a name stands for.
    fn from_key(key: &str) -> Option<Self> {
        Self::iter().find(|c| c.key() == key)
    }
}

pub mod check;
pub mod companion;
pub mod dice;
pub mod expr;
pub mod forecast;
pub mod nested;
pub mod notes;
pub mod rounds;
pub mod tables;
pub mod travel;

/// A request the rules cannot answer, naming the field at fault as a path
/// (`heroes[0].action`) and saying why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct RuleError {
    /// Where the fault is, e.g. `heroes[0].target`; `dice` for the dice.
    pub path: String,
    /// What is wrong, in the GM's words.
    pub message: String,
}

impl RuleError {
    /// An error at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl From<dice::DiceError> for RuleError {
    fn from(error: dice::DiceError) -> Self {
        Self::new("dice", error.to_string())
    }
}

/// A name that is not one of a rules enum's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {value:?} (expected one of: {expected})")]
pub struct UnknownName {
    /// What kind of value was expected, e.g. `activity`.
    pub what: &'static str,
    /// The text that was given.
    pub value: String,
    /// The accepted names, comma-separated.
    pub expected: String,
}

impl UnknownName {
    pub fn new<'a>(
        what: &'static str,
        value: &str,
        expected: impl Iterator<Item = &'a str>,
    ) -> Self {
        Self {
            what,
            value: value.to_string(),
            expected: expected.collect::<Vec<_>>().join(", "),
        }
    }
}

/// The text with its first letter in capitals ("shelter" → "Shelter").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Serialises a count that may be fractional (days without food, required
/// units) as a JSON integer when it is whole and as a decimal otherwise, so
/// answers read `1` and `1.5` rather than `1.0`.
pub(crate) fn whole_or_decimal<S: Serializer>(
    value: &f64,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        serializer.serialize_i64(*value as i64)
    } else {
        serializer.serialize_f64(*value)
    }
}

#[cfg(test)]
mod tests {
    use crate::rounds::camp::Role;

    #[test]
    fn a_named_value_is_read_from_its_name_and_an_unknown_one_says_the_names() {
        let read: Vec<Role> = serde_json::from_str(r#"["striker", "caster"]"#).expect("names");
        assert_eq!(read, [Role::Striker, Role::Caster]);
        let unknown = serde_json::from_str::<Role>(r#""wizard""#).expect_err("not a role");
        assert!(
            unknown
                .to_string()
                .contains(r#"unknown role "wizard" (expected one of: striker"#),
            "{unknown}"
        );
        let number = serde_json::from_str::<Role>("3").expect_err("not a name");
        assert!(number.to_string().contains("expected a name"), "{number}");
    }
}
