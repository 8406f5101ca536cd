//! Words as a person writes and reads them: "1 stack", "2 stacks", and
//! names in the order a person sorts them ("Ash 9" before "Ash 10").

use std::cmp::Ordering;
use std::fmt::Display;

/// Natural name order: numbers by their value, letters without regard to
/// case ("Ash Varnell 113" before "Ash Varnell 1128").
pub fn natural(a: &str, b: &str) -> Ordering {
    natord::compare_ignore_case(a, b)
}

/// Sorts records by their names in natural order.
pub fn sort_by_name<T>(records: &mut [T], name: impl Fn(&T) -> &str) {
    records.sort_by(|a, b| natural(name(a), name(b)));
}

/// The count and the noun, plural unless the count is one.
pub fn plural(count: impl Display, noun: &str) -> String {
    let count = count.to_string();
    if count == "1" {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// The text with its first letter in capitals ("shelter" → "Shelter").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
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
