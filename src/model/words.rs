//! Counting words as a person writes them: "1 stack", "2 stacks".

use std::fmt::Display;

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
    use super::plural;

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
