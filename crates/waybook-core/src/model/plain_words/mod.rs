//! The campaign log told in words a player reads (where `words` writes the
//! numbers and names every screen shows): a step's lines without the
//! engine's working where the GM keeps the dice back ("survey: d20 = 14,
//! +6 bonus = 20: rich-source" reads "survey: a rich source"; the totals
//! of a run of tests, and the figures a roll is made against, go with
//! it), each roll then told as a GM tells it ([`told`]), without
//! Waybook's marks for its own suggestions, the rule texts' result keys
//! in words ("standard-bounty" as "standard bounty"), and their tokens'
//! symbols in words (a page may have no font for 🜉 and 🜹). A run of
//! hours without tests is one line, however the log wrote it.

mod told;

pub use told::test_told;

use super::SUGGESTED;

/// A step's lines as a player reads them: each line [`plain`], told as a
/// GM tells it (its dice, when shared, in brackets after the words),
/// lines that only name what the next one tells left out, and a run of
/// hours without tests said once.
pub fn plain_lines(lines: &[String], dice: bool) -> Vec<String> {
    let read: Vec<String> = (lines.iter())
        .filter_map(|line| {
            if dice {
                told_with_dice(line)
            } else {
                told::told(&plain(line, false))
            }
        })
        .collect();
    super::quiet_runs(&read)
}

/// `line` told as a GM tells it, its dice shared: the words the rule gives
/// with the roll's working after them in brackets ("A benign encounter on
/// the road (d10 = 6 vs threshold 9)."); a line no rule knows, or of
/// several rolls, as it is.
fn told_with_dice(line: &str) -> Option<String> {
    let bare = plain(line, false);
    let words = told::told(&bare)?;
    let shown = plain(line, true);
    if words == bare {
        return Some(shown);
    }
    Some(match working(&shown) {
        Some(working) => format!("{} ({working}).", words.trim_end_matches('.')),
        // Told without a roll ("The party finds its way without a roll.").
        None => words,
    })
}

/// The working of the one roll in `line`, up to its outcome: "d10 = 6 vs
/// threshold 9"; `None` for a line of no roll or several.
fn working(line: &str) -> Option<&str> {
    let at = next_roll(line)?;
    let roll = &line[at..];
    let colon = outcome_colon(roll)?;
    let after = &roll[colon + 2..];
    next_roll(after).is_none().then(|| &roll[..colon])
}

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
/// whole, with what it was for. The totals of a run of tests ("(totals
/// 19, 16, 14)": less the bonus, the dice) and the difficulty a roll was
/// made against ("effective difficulty -3: ") go too.
fn without_working(line: &str) -> String {
    let line = without_figures(line);
    let mut out = String::new();
    let mut rest = line.as_str();
    while let Some(at) = next_roll(rest) {
        let (before, roll) = rest.split_at(at);
        // The clause the roll ends: its outcome follows ": ", else it
        // runs to the next "; " or the end.
        let clause_end = [roll.find("; "), roll.find(" · ")]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(roll.len());
        match outcome_colon(&roll[..clause_end]) {
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

/// Where a roll's outcome follows, after its working: the first ": " not
/// inside brackets ("d20 = 1 (natural 1: Critical Failure, counts 0):
/// damaged-material" has its outcome after the bracket).
fn outcome_colon(roll: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in roll.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ':' if depth == 0 && roll[at + 1..].starts_with(' ') => return Some(at),
            _ => {}
        }
    }
    None
}

/// `line` without the figures that give hidden dice away: "(totals 19,
/// 16, 14)" and "effective difficulty -3: ".
fn without_figures(line: &str) -> String {
    let mut line = line.to_owned();
    while let Some(at) = line.find(" (totals ") {
        let Some(close) = line[at..].find(')') else {
            break;
        };
        line.replace_range(at..at + close + 1, "");
    }
    while let Some(at) = line.find("effective difficulty ") {
        let Some(colon) = line[at..].find(": ") else {
            break;
        };
        line.replace_range(at..at + colon + 2, "");
    }
    line
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

    /// Issue 50, item 30: "The players' chronicle still reads like the
    /// engine: 'encounter: benign' ...". Where the GM shares the dice, each
    /// roll is told in words too, its working after them in brackets.
    #[test]
    fn a_roll_whose_dice_are_shared_is_told_with_its_working() {
        let lines: Vec<String> = [
            "encounter: d10 = 6 vs threshold 9: benign",
            "Sefa Qorrin divine: d10 = 1 vs below 4: success",
            "Pathfinding: effective difficulty -3: on course with no roll.",
            "benign: d6 = 4: landmark",
            "Weather: d6 = 2: Fair, a light wind",
        ]
        .map(str::to_owned)
        .to_vec();
        assert_eq!(
            plain_lines(&lines, true),
            [
                "A benign encounter on the road (d10 = 6 vs threshold 9).",
                "Sefa Qorrin's Divine succeeds (d10 = 1 vs below 4).",
                "The party knows the way: it keeps to the path without a roll.",
                "Weather: d6 = 2: Fair, a light wind",
            ]
        );
    }

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
        // Issue 50, 30: what a roll was made against and the totals of
        // a run of tests give hidden dice away; a bracket's colon is not
        // the roll's outcome.
        let hidden = [
            (
                "Pathfinding: effective difficulty -3: on course with no roll.",
                "Pathfinding: on course with no roll.",
            ),
            (
                "Ash Varnell swims 6 min in extremely cold water at 3 m: 3 min free, 3 tests at TG 10, none failed (totals 19, 16, 14): +0 exhaustion, now 0.",
                "Ash Varnell swims 6 min in extremely cold water at 3 m: 3 min free, 3 tests at TG 10, none failed: +0 exhaustion, now 0.",
            ),
            (
                "Brother Ilo (after 0 min): gather: d20 = 1 (natural 1: Critical Failure, counts 0): damaged-material, no units.",
                "Brother Ilo (after 0 min): gather: damaged material, no units.",
            ),
        ];
        for (line, read) in hidden {
            assert_eq!(plain(line, false), read, "{line}");
        }
        assert_eq!(
            plain("benign: d6 = 4: landmark", true),
            "benign: d6 = 4: landmark",
            "the dice stay where the GM shows them"
        );
    }

    /// Issue 50, 30: a step's lines, its dice kept back: each roll told,
    /// a line the next one tells left out, hours without tests said once
    /// (a log written an hour a line reads so too).
    #[test]
    fn a_steps_lines_read_as_told_and_quiet_hours_once() {
        let lines: Vec<String> = [
            "encounter: d10 = 6 vs threshold 9: benign",
            "benign: d6 = 4: landmark",
            "Landmark: an unexpected landmark.",
            "Day 7, 12:00 · on the road, no tests",
            "Day 7, 13:00 · off the road, no tests",
            "Day 7, 14:00 · off the road, no tests",
            "Day 7, 15:00 · off the road, no tests",
            "Day 7, 15:00 · Ash Varnell eats 40 of 40 units (full)",
            "Day 8, 00:00 · off the road, no tests",
        ]
        .map(str::to_owned)
        .to_vec();
        assert_eq!(
            plain_lines(&lines, false),
            [
                "A benign encounter on the road.",
                "Landmark: an unexpected landmark.",
                "Day 7, 12:00 · on the road, no tests",
                "Day 7, 13:00 to 15:00 · off the road, no tests",
                "Day 7, 15:00 · Ash Varnell eats 40 of 40 units (full)",
                "Day 8, 00:00 · off the road, no tests",
            ]
        );
        let shown = plain_lines(&lines, true);
        assert_eq!(
            shown[0],
            "A benign encounter on the road (d10 = 6 vs threshold 9)."
        );
        assert_eq!(shown.len(), 6, "told as with the dice kept back");
    }
}
