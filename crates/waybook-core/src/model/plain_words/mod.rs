//! The campaign log in words a player reads: a step's lines without the
//! engine's working where the GM keeps the dice back ("survey: d20 = 14,
//! +6 bonus = 20: rich-source" reads "survey: a rich source"), without
//! Waybook's marks for its own suggestions, the rule texts' result keys
//! in words ("standard-bounty" as "standard bounty"), and their tokens'
//! symbols in words (a page may have no font for 🜉 and 🜹).

use super::SUGGESTED;

/// `line` as a player reads it; its dice too when `dice` is true.
pub fn plain(line: &str, dice: bool) -> String {
    let line = line
        .replace(&format!(" ({SUGGESTED})"), "")
        .replace(SUGGESTED, "");
    let line = if dice { line } else { without_working(&line) };
    words_of_keys(&tokens_in_words(&line))
}

/// The travel rounds' token symbols in words: "1 Exploration 🜹" as "1
/// Exploration token", "+1 🜹" as "+1 exploration token".
fn tokens_in_words(line: &str) -> String {
    line.replace("Exploration 🜹", "Exploration token")
        .replace("pathfinding 🜉", "pathfinding token")
        .replace("Pathfinding 🜉", "Pathfinding token")
        .replace('🜹', "exploration token")
        .replace('🜉', "pathfinding token")
}

/// Whether a word is a die or dice as Waybook writes them: d6, 2d10,
/// 2d10kh1, d100.
fn is_dice(word: &str) -> bool {
    let word = word.trim_start_matches('(');
    let Some((count, rest)) = word.split_once('d') else {
        return false;
    };
    let sides: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let keep = &rest[sides.len()..];
    count.chars().all(|c| c.is_ascii_digit())
        && !sides.is_empty()
        && (keep.is_empty()
            || ((keep.starts_with("kh") || keep.starts_with("kl"))
                && keep[2..].chars().all(|c| c.is_ascii_digit())))
}

/// `line` with each roll's working taken out: "what: d10 = 6 vs threshold
/// 9: benign" reads "what: benign"; a roll with no outcome after it goes
/// whole, with what it was for.
fn without_working(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = next_roll(rest) {
        let (before, roll) = rest.split_at(at);
        // The clause the roll ends: its outcome follows ": ", else it
        // runs to the next "; " or the end.
        let clause_end = [roll.find("; "), roll.find(" · ")]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(roll.len());
        match roll[..clause_end].find(": ") {
            Some(colon) if !roll[colon + 2..clause_end].trim().is_empty() => {
                out.push_str(before);
                rest = &roll[colon + 2..];
            }
            _ => {
                // No outcome: the roll and what it was for go.
                let start = before.rfind("; ").map_or(0, |i| i + 2);
                out.push_str(&before[..start]);
                rest = roll[clause_end..].trim_start_matches(['·', ';', ' ']);
            }
        }
    }
    out.push_str(rest);
    out.trim_end_matches([':', ' ']).to_owned()
}

/// Where the next roll's dice begin in `text`: a dice word followed by " = ".
fn next_roll(text: &str) -> Option<usize> {
    let mut at = 0;
    for word in text.split(' ') {
        let after = &text[at + word.len()..];
        if is_dice(word) && after.starts_with(" = ") {
            return Some(at);
        }
        at += word.len() + 1;
        if at >= text.len() {
            return None;
        }
    }
    None
}

/// The rule texts' result keys in words: "rich-source" as "rich source".
fn words_of_keys(line: &str) -> String {
    line.split(' ')
        .map(|word| {
            let bare = word.trim_end_matches([',', '.', ';', ':']);
            let key = bare.contains('-')
                && bare
                    .split('-')
                    .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase()));
            if key {
                word.replace('-', " ")
            } else {
                word.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 34, 26 and 29: the dice kept back are nowhere in the words.
    #[test]
    fn the_working_goes_and_the_outcome_stays() {
        let cases = [
            (
                "encounter: d10 = 6 vs threshold 9: benign",
                "encounter: benign",
            ),
            (
                "Brother Ilo surveys for Greyspine sage (abundant): survey: d20 = 14, +6 bonus = 20: rich-source",
                "Brother Ilo surveys for Greyspine sage (abundant): survey: rich source",
            ),
            (
                "Weather (Waybook's suggestion, not the rule texts'): d6 = 2: Fair, a light wind",
                "Weather: Fair, a light wind",
            ),
            (
                "Ash Varnell falls 12 m: land in water: d20 = 17, +3 bonus = 20 vs TG 15: pass; falling damage: 4d10 = [4, 2, 5, 6] sum 17 (into water); 8 damage, HP 6 of 14.",
                "Ash Varnell falls 12 m: land in water: pass; 8 damage, HP 6 of 14.",
            ),
            (
                "Greyspine pass: yesterday's weather holds: d100 = 99 vs at or under 60: it turns · Greyspine pass weather: d6 = 4: Rain on the scree",
                "Greyspine pass: yesterday's weather holds: it turns · Greyspine pass weather: Rain on the scree",
            ),
            (
                "Day 1: Greyspine pass weather: d6 = 1: Extreme cold: a late snow",
                "Day 1: Greyspine pass weather: Extreme cold: a late snow",
            ),
            (
                "Arrived at Old Mill Crossing.",
                "Arrived at Old Mill Crossing.",
            ),
            (
                "Landmark: the players earn 1 Exploration 🜹. +1 🜹 (the party holds 1).",
                "Landmark: the players earn 1 Exploration token. +1 exploration token (the party holds 1).",
            ),
        ];
        for (line, read) in cases {
            assert_eq!(plain(line, false), read, "{line}");
            assert!(!plain(line, false).contains(" = "), "{line}");
        }
        assert_eq!(
            plain("benign: d6 = 4: landmark", true),
            "benign: d6 = 4: landmark",
            "the dice stay where the GM shows them"
        );
    }
}
