//! Numbers and names as a person writes and reads them, on every screen
//! and sheet: "1 stack", "2 stacks", "1.234 kg", and names in the order a
//! person sorts them ("Ash 9" before "Ash 10"). How the campaign log is
//! told to players is `plain_words`, which uses these.

use std::cmp::Ordering;
use std::fmt::Display;

/// Natural name order: numbers by their value, letters without regard to
/// case ("Ash Varnell 113" before "Ash Varnell 1128").
pub fn natural(a: &str, b: &str) -> Ordering {
    NaturalKey::new(a).cmp(&NaturalKey::new(b))
}

/// Sorts records by their names in natural order (each name's key worked
/// out once, not at every comparison).
pub fn sort_by_name<T>(records: &mut [T], name: impl Fn(&T) -> &str) {
    records.sort_by_cached_key(|r| NaturalKey::new(name(r)));
}

/// A name's place in natural order, worked out once so that sorting
/// thousands of names compares bytes, not text: each run of digits by its
/// value (digits before letters, as in a dictionary), the rest in lower
/// case; names the same but for case or leading zeros keep an order by the
/// name as written. One allocation a name: the runs, each after a mark,
/// then the name as written after a zero byte that ends them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct NaturalKey(Vec<u8>);

/// Marks a run of digits: its count of digits (without leading zeros) in
/// four bytes, so a longer number is a larger one, then the digits.
const NUMBER: u8 = 1;
/// Marks a run of text, in lower case.
const TEXT: u8 = 2;

impl NaturalKey {
    pub fn new(name: &str) -> Self {
        let mut key = Vec::with_capacity(2 * name.len() + 8);
        let mut rest = name;
        while let Some(first) = rest.chars().next() {
            let digit = first.is_ascii_digit();
            let end = rest
                .find(|c: char| c.is_ascii_digit() != digit)
                .unwrap_or(rest.len());
            let (run, after) = rest.split_at(end);
            if digit {
                let digits = run.trim_start_matches('0');
                key.push(NUMBER);
                let count = u32::try_from(digits.len()).unwrap_or(u32::MAX);
                key.extend_from_slice(&count.to_be_bytes());
                key.extend_from_slice(digits.as_bytes());
            } else {
                key.push(TEXT);
                if run.is_ascii() {
                    key.extend(run.bytes().map(|b| b.to_ascii_lowercase()));
                } else {
                    for c in run.chars().flat_map(char::to_lowercase) {
                        key.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    }
                }
            }
            rest = after;
        }
        key.push(0);
        key.extend_from_slice(name.as_bytes());
        Self(key)
    }
}

/// Nouns Waybook counts whose plural is not made with -s or -ies.
const IRREGULAR: [(&str, &str); 2] = [("hero", "heroes"), ("Hero", "Heroes")];

/// The count and the noun, plural unless the count is one ("5 Supplies",
/// "2 allies", "3 units").
pub fn plural(count: impl Display, noun: &str) -> String {
    let count = count.to_string();
    if count == "1" {
        return format!("{count} {noun}");
    }
    if let Some((_, many)) = IRREGULAR.iter().find(|(one, _)| *one == noun) {
        return format!("{count} {many}");
    }
    let mut letters = noun.chars().rev();
    let consonant_y = letters.next() == Some('y')
        && letters
            .next()
            .is_some_and(|c| c.is_alphabetic() && !"aeiouAEIOU".contains(c));
    match noun.strip_suffix('y').filter(|_| consonant_y) {
        Some(stem) => format!("{count} {stem}ies"),
        None => format!("{count} {noun}s"),
    }
}

pub use waybook_rules::capitalised;

/// 2.0 as "2", 1.5 as "1.5", to two places at most.
pub fn decimal(value: f64) -> String {
    decimal_to(value, 2)
}

/// `value` to at most `places` decimal places, without trailing zeros:
/// the one way every screen, sheet and field writes a number.
pub fn decimal_to(value: f64, places: usize) -> String {
    let text = format!("{value:.places$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    // A sum of nothing, or a value that rounds to nothing, is never "-0".
    if text == "-0" { "0" } else { text }.to_owned()
}

/// A weight as every screen and sheet says it, to the gram: "1.234 kg",
/// "2 kg".
pub fn kg(weight: f64) -> String {
    format!("{} kg", decimal_to(weight, 3))
}

/// Names in a sentence: "Aria", "Aria and Bran", "Aria, Bran and Cole".
pub fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A modifier as printed: +2, 0, −1 (with a true minus sign).
pub fn signed(value: i64) -> String {
    match value {
        v if v < 0 => format!("\u{2212}{}", v.unsigned_abs()),
        0 => "0".to_owned(),
        v => format!("+{v}"),
    }
}

#[cfg(test)]
mod tests {
    /// Issue 52: "1.234 kg reads '1.234 kg' on screen and '1.23 kg' in the
    /// PDF": one way to write a weight, to the gram, for both.
    #[test]
    fn a_weight_reads_the_same_everywhere_to_the_gram() {
        assert_eq!(super::kg(1.234), "1.234 kg");
        assert_eq!(super::kg(2.0), "2 kg");
        assert_eq!(super::kg(0.0004), "0 kg");
        assert_eq!(
            super::decimal_to(1200.0, 0),
            "1200",
            "no zeros of a whole cut"
        );
        assert_eq!(super::decimal_to(30.4375, 3), "30.438");
    }

    /// Issue 50: "an empty party shows '-0 food units'": nothing is 0.
    #[test]
    fn nothing_is_never_minus_zero() {
        assert_eq!(super::decimal(-0.0), "0");
        assert_eq!(super::decimal(-0.001), "0");
        assert_eq!(super::decimal(-0.5), "-0.5");
        assert_eq!(super::decimal(1.25), "1.25");
    }

    #[test]
    fn names_in_a_sentence() {
        assert_eq!(super::and_list(&[]), "");
        assert_eq!(super::and_list(&["Aria"]), "Aria");
        assert_eq!(super::and_list(&["Aria", "Bran"]), "Aria and Bran");
        assert_eq!(
            super::and_list(&["Aria", "Bran", "Cole", "Dara"]),
            "Aria, Bran, Cole and Dara"
        );
    }

    #[test]
    fn plurals_of_nouns_ending_in_y() {
        assert_eq!(super::plural(5, "Supply"), "5 Supplies");
        assert_eq!(super::plural(1, "Supply"), "1 Supply");
        assert_eq!(super::plural(2, "ally"), "2 allies");
        assert_eq!(super::plural(2, "day"), "2 days");
        assert_eq!(super::plural(3, "unit"), "3 units");
        assert_eq!(super::plural(3, "hero"), "3 heroes");
    }

    use super::{natural, plural};
    use std::cmp::Ordering;

    #[test]
    fn names_sort_by_the_value_of_their_numbers() {
        assert_eq!(
            natural("Ash Varnell 113", "Ash Varnell 1128"),
            Ordering::Less
        );
        assert_eq!(natural("ash 2", "Ash 10"), Ordering::Less);
        assert_eq!(natural("Bram", "ash"), Ordering::Greater);
        assert_eq!(natural("Ash 007", "Ash 8"), Ordering::Less);
        assert_eq!(natural("Ash 12", "Ash 12b"), Ordering::Less);
        assert_eq!(natural("ash", "Ash"), Ordering::Greater, "then as written");
        assert_eq!(natural("Ash 2", "Ash 2"), Ordering::Equal);
        assert_eq!(
            natural(
                "Traveller 99999999999999999999999",
                "Traveller 100000000000000000000000"
            ),
            Ordering::Less,
            "numbers longer than any integer"
        );
    }

    #[test]
    fn sorting_by_name_puts_numbers_in_order_of_value() {
        let mut names = vec!["Porter 10", "porter 9", "Ash", "Porter 1", "2 crows"];
        super::sort_by_name(&mut names, |n| n);
        assert_eq!(
            names,
            ["2 crows", "Ash", "Porter 1", "porter 9", "Porter 10"]
        );
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1, "stack"), "1 stack");
        assert_eq!(plural(2usize, "sheet"), "2 sheets");
        assert_eq!(plural(0, "day"), "0 days");
        assert_eq!(plural(1.5, "day"), "1.5 days");
    }

    #[test]
    fn capitalised_raises_only_the_first_letter() {
        assert_eq!(super::capitalised("shelter"), "Shelter");
        assert_eq!(super::capitalised("ødric hale"), "Ødric hale");
        assert_eq!(super::capitalised(""), "");
    }
}
