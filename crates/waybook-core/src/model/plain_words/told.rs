//! A step's line, its dice kept back, as a GM tells it to players: the
//! rules' rolls name themselves in the engine's words ("encounter:
//! benign", "Sefa Qorrin divine: success", "ambush: quiet night"), which
//! read as sentences here ("A benign encounter on the road.", "Sefa
//! Qorrin's Divine succeeds.", "The night passes quietly."). A line that
//! only names what the next line tells ("benign: landmark" before
//! "Landmark: an unexpected landmark …") is left out. The GM's own log
//! keeps the engine's words and the working.
//!
//! Each rule reads one roll's line as the rules write it, the working
//! already taken out (`without_working`); a line no rule knows is kept.

use waybook_rules::rounds::camp::Action;
use waybook_rules::rounds::encounter::Kind;

/// What a rule makes of a line it knows.
enum Told {
    /// The line in the GM's words.
    Said(String),
    /// Nothing: the next line tells it.
    Left,
}

type Rule = fn(&str) -> Option<Told>;

/// The rules, tried in turn; the first that knows the line tells it.
const RULES: [Rule; 9] = [
    encounter,
    named_by_the_next_line,
    ambush,
    pathfind,
    camp_action,
    weather_holds,
    journey_test,
    scene_to_run,
    gathering,
];

/// `line` (its working taken out) as a GM tells it; `None`: left out.
pub(super) fn told(line: &str) -> Option<String> {
    match RULES.iter().find_map(|rule| rule(line)) {
        Some(Told::Said(words)) => Some(words),
        Some(Told::Left) => None,
        None => Some(line.to_owned()),
    }
}

/// "encounter: benign" reads "A benign encounter on the road."; a hazard
/// or warriors line is left to the next line, which says what is met.
/// "Encounter: the GM's planned encounter: X" reads "Encounter: X".
fn encounter(line: &str) -> Option<Told> {
    if let Some(what) = line.strip_prefix("Encounter: the GM's planned encounter: ") {
        return Some(Told::Said(format!("Encounter: {what}")));
    }
    let kind = line.strip_prefix("encounter: ")?;
    let kind = Kind::ALL.iter().find(|k| k.as_str() == kind)?;
    Some(match kind {
        Kind::Benign => Told::Said("A benign encounter on the road.".to_owned()),
        Kind::Hazard | Kind::Warriors => Told::Left,
    })
}

/// The benign table's and the setback's rolls: the next line is the row's
/// text ("Landmark: an unexpected landmark …", "Setback: Frustrated: …").
fn named_by_the_next_line(line: &str) -> Option<Told> {
    (line.starts_with("benign: ") || line.starts_with("setback: ")).then_some(Told::Left)
}

/// The night's ambush die: a quiet night is told; an ambush is left to the
/// line after it ("Ambush! Warriors attack …").
fn ambush(line: &str) -> Option<Told> {
    match line.strip_prefix("ambush: ")? {
        "quiet night" => Some(Told::Said("The night passes quietly.".to_owned())),
        _ => Some(Told::Left),
    }
}

/// The pathfinding die's outcome.
fn pathfind(line: &str) -> Option<Told> {
    if line == "Pathfinding: on course with no roll." {
        return Some(Told::Said(
            "The party knows the way: it keeps to the path without a roll.".to_owned(),
        ));
    }
    let found = match line {
        "pathfind: success" => true,
        "pathfind: fail" | "Pathfinding: fail." | "Pathfinding: fail" => false,
        _ => return None,
    };
    Some(Told::Said(
        if found {
            "The party finds its way."
        } else {
            "The party loses its way."
        }
        .to_owned(),
    ))
}

/// A hero's camp action's die: "Sefa Qorrin divine: success" reads "Sefa
/// Qorrin's Divine succeeds."
fn camp_action(line: &str) -> Option<Told> {
    let (who, outcome) = line.rsplit_once(": ")?;
    let verb = match outcome {
        "success" => "succeeds",
        "failure" => "fails",
        _ => return None,
    };
    let (name, action) = who.rsplit_once(' ')?;
    let action = Action::ALL.iter().find(|a| a.as_str() == action)?;
    Some(Told::Said(format!(
        "{name}'s {} {verb}.",
        waybook_rules::capitalised(action.label())
    )))
}

/// The day's weather keeping yesterday's or turning: "Greyspine pass:
/// yesterday's weather holds: kept: Rain" reads "Greyspine pass: the
/// weather holds: Rain"; "… it turns · Greyspine pass weather: Fog" reads
/// "Greyspine pass: the weather turns: Fog".
fn weather_holds(line: &str) -> Option<Told> {
    const HOLDS: &str = ": yesterday's weather holds: ";
    let (head, rest) = line.split_once(HOLDS)?;
    if let Some(weather) = rest.strip_prefix("kept: ") {
        return Some(Told::Said(format!("{head}: the weather holds: {weather}")));
    }
    let turned = rest.strip_prefix("it turns · ")?;
    let weather = turned.split_once(" weather: ").map_or(turned, |(_, w)| w);
    Some(Told::Said(format!("{head}: the weather turns: {weather}")))
}

/// A journey's test: "Day 2, 15:00 · Aria · march: fail, +1 exhaustion"
/// reads "Day 2, 15:00 · Aria fails a test of the march, +1 exhaustion".
fn journey_test(line: &str) -> Option<Told> {
    let (head, test) = line.rsplit_once(" · ")?;
    let (cause, outcome) = test.split_once(": ")?;
    let test = test_told(cause)?;
    let (verb, rest) = if let Some(rest) = outcome.strip_prefix("pass") {
        ("passes", rest)
    } else {
        ("fails", outcome.strip_prefix("fail")?)
    };
    Some(Told::Said(format!("{head} {verb} {test}{rest}")))
}

/// A journey's test, by its cause as the log names it (`plan::TestCause`,
/// "cold-water" or as the players' view spells it, "cold water"), as a
/// GM tells players of it: "a test against the cold".
pub fn test_told(cause: &str) -> Option<&'static str> {
    Some(match cause {
        "march" => "a test of the march",
        "swim" => "a test of the swim",
        "cold" => "a test against the cold",
        "heat" => "a test against the heat",
        "cold-water" | "cold water" => "a test against the cold water",
        _ => return None,
    })
}

/// "Hazard: a natural hazard impedes their progress — run it as a scene
/// with the party." loses the GM's note: what the party meets stays.
fn scene_to_run(line: &str) -> Option<Told> {
    let met = line.strip_suffix(" — run it as a scene with the party.")?;
    Some(Told::Said(format!("{met}.")))
}

/// A gathering roll names itself after the step that says it already:
/// "Brother Ilo surveys for Greyspine sage (abundant): survey: rich
/// source" reads "… (abundant): rich source"; "(after 1 h): gather:
/// standard bounty" reads "(after 1 h): standard bounty".
fn gathering(line: &str) -> Option<Told> {
    [": survey: ", ": gather: "]
        .into_iter()
        .find(|label| line.contains(label))
        .map(|label| Told::Said(line.replacen(label, ": ", 1)))
}

#[cfg(test)]
mod tests {
    use super::told;
    use waybook_rules::dice::{Dice, RollRecord};
    use waybook_rules::rounds::encounter::{self, Benign, Encounter};

    /// A record as the log writes it, its working taken out as the
    /// players' view takes it out.
    fn hidden(record: &RollRecord) -> String {
        super::super::plain(&record.to_string(), false)
    }

    /// Issue 50, 30: the rules' own records, as the log writes them, read
    /// as a GM tells them; so a rule's label renamed in the rules breaks
    /// this test, not the players' words.
    #[test]
    fn the_rules_records_read_as_told() {
        let request = Encounter {
            difficulty: 4,
            sidetracked: 0,
            danger: 2,
            noisy: 0,
            wild: false,
        };
        let met = encounter::encounter(&request, &mut Dice::scripted(vec![5, 4]))
            .expect("the encounter die");
        let lines: Vec<Option<String>> = met.records.iter().map(|r| told(&hidden(r))).collect();
        assert_eq!(
            lines,
            [Some("A benign encounter on the road.".to_owned()), None],
            "{:?}",
            met.records
        );
        assert_eq!(told(&hidden(&Benign::record(5, false))), None);
    }

    #[test]
    fn each_roll_reads_as_a_gm_tells_it() {
        let cases = [
            (
                "Sefa Qorrin divine: success",
                Some("Sefa Qorrin's Divine succeeds."),
            ),
            (
                "Ødric Hale watch: failure",
                Some("Ødric Hale's Watch fails."),
            ),
            ("ambush: quiet night", Some("The night passes quietly.")),
            ("ambush: ambush", None),
            ("setback: frustrated", None),
            ("pathfind: fail", Some("The party loses its way.")),
            (
                "Greyspine pass: yesterday's weather holds: it turns · Greyspine pass weather: Rain on the scree",
                Some("Greyspine pass: the weather turns: Rain on the scree"),
            ),
            (
                "Day 8: Ashen plain: yesterday's weather holds: kept: Extreme heat: white sky",
                Some("Day 8: Ashen plain: the weather holds: Extreme heat: white sky"),
            ),
            (
                "Day 10, 15:00 · Ash Varnell · march: fail, +1 exhaustion",
                Some("Day 10, 15:00 · Ash Varnell fails a test of the march, +1 exhaustion"),
            ),
            (
                "Day 3, 09:00 · Aria · cold water: pass",
                Some("Day 3, 09:00 · Aria passes a test against the cold water"),
            ),
            (
                "Warriors: a group of warriors attacks — run it as a scene with the party.",
                Some("Warriors: a group of warriors attacks."),
            ),
            (
                "Brother Ilo surveys for Greyspine sage (abundant): survey: rich source",
                Some("Brother Ilo surveys for Greyspine sage (abundant): rich source"),
            ),
            (
                "Brother Ilo (after 1 h): gather: standard bounty, 2 units of Rich Greyspine sage.",
                Some("Brother Ilo (after 1 h): standard bounty, 2 units of Rich Greyspine sage."),
            ),
            (
                "Arrived at Old Mill Crossing.",
                Some("Arrived at Old Mill Crossing."),
            ),
            // A name that is not an action is not taken for one.
            (
                "The Watch reports: success",
                Some("The Watch reports: success"),
            ),
        ];
        for (line, read) in cases {
            assert_eq!(told(line).as_deref(), read, "{line}");
        }
    }
}
