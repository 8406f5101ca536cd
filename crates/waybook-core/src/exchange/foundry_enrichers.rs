//! The dnd5e system's inline enrichers in Foundry's text, as a GM reads
//! them on paper (issue 50, 22), after the system's wiki ("Enrichers") and
//! its `enrichers.mjs`: `[[/save dex 15]]` and `[[/save ability=dexterity
//! dc=15]]` are "DC 15 Dexterity save"; `[[/check skill=acr dc=20]]` is
//! "DC 20 Acrobatics check", with an ability too "Strength (Athletics)
//! check"; `[[/damage 2d6 fire]]` is "2d6 fire damage"; `[[/heal 2d4]]`
//! and `[[/healing 2d4 temp]]` are "2d4 hit points" and "2d4 temporary
//! hit points". Foundry shows a save as its ability alone ("DC 15
//! Dexterity"), a link whose kind the sentence around it says ("a … saving
//! throw"); read as text the kind is said too, unless the text goes on to
//! say it. A `{label}` after the roll takes the words' place, as Foundry
//! shows it (the caller reads it). Options Waybook has no use for
//! (`format=long`, `average`, `passive`) are passed over.

/// The words of the enricher `command` given `args`, `after` being the
/// text that follows it, and `formula` writing dice as the result keeps
/// them (rollable where Waybook rolls them); `None` when `command` is no
/// enricher of these or names nothing it can say.
pub fn words(
    command: &str,
    args: &str,
    after: &str,
    formula: &dyn Fn(&str) -> String,
) -> Option<String> {
    match command {
        "save" | "check" | "skill" | "tool" => test_words(command == "save", args, after),
        "damage" => amount_words(args, after, formula, Amount::Damage),
        "heal" | "healing" => amount_words(args, after, formula, Amount::Healing),
        _ => None,
    }
}

/// The formula an amount enricher rolls, as written (`[[/damage 2d6
/// fire]]` rolls "2d6"), for a label to show it.
pub fn amount_formula(args: &str) -> String {
    amount_parts(args).0.join(" ")
}

/// The abilities by their keys and names.
const ABILITIES: [(&str, &str); 6] = [
    ("str", "Strength"),
    ("dex", "Dexterity"),
    ("con", "Constitution"),
    ("int", "Intelligence"),
    ("wis", "Wisdom"),
    ("cha", "Charisma"),
];

/// The skills by their keys and names.
const SKILLS: [(&str, &str); 18] = [
    ("acr", "Acrobatics"),
    ("ani", "Animal Handling"),
    ("arc", "Arcana"),
    ("ath", "Athletics"),
    ("dec", "Deception"),
    ("his", "History"),
    ("ins", "Insight"),
    ("itm", "Intimidation"),
    ("inv", "Investigation"),
    ("med", "Medicine"),
    ("nat", "Nature"),
    ("prc", "Perception"),
    ("prf", "Performance"),
    ("per", "Persuasion"),
    ("rel", "Religion"),
    ("slt", "Sleight of Hand"),
    ("ste", "Stealth"),
    ("sur", "Survival"),
];

/// The damage types of the system, as a damage enricher names them.
const DAMAGE_TYPES: [&str; 13] = [
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "force",
    "lightning",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "radiant",
    "slashing",
    "thunder",
];

/// The name of a key or name in `table`, in any case.
fn named(table: &[(&str, &'static str)], word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    (table.iter())
        .find(|(key, name)| *key == word || name.to_ascii_lowercase().replace(' ', "") == word)
        .map(|(_, name)| *name)
}

/// Each word of `args` as a key and its value (`dc=15`), or a bare value.
fn options(args: &str) -> impl Iterator<Item = (Option<&str>, &str)> {
    args.split_whitespace()
        .map(|word| match word.split_once('=') {
            Some((key, value)) => (Some(key), value),
            None => (None, word),
        })
}

/// Whether the text that follows already says `words` ("saving throw").
fn says(after: &str, words: &[&str]) -> bool {
    let after = after.trim_start().to_lowercase();
    words.iter().any(|w| after.starts_with(w))
}

/// A save, or an ability, skill or tool check: "DC 15 Dexterity save".
fn test_words(save: bool, args: &str, after: &str) -> Option<String> {
    let (mut abilities, mut what, mut dc) = (Vec::new(), None, None);
    for (key, value) in options(args) {
        let number = value.chars().all(|c| c.is_ascii_digit()).then_some(value);
        match key.map(str::to_ascii_lowercase).as_deref() {
            Some("ability") => abilities.extend(named(&ABILITIES, value)),
            Some("skill") => what = named(&SKILLS, value).map(str::to_owned).or(what),
            Some("tool") => what = Some(value.to_owned()),
            // A DC worked out from the roller's sheet is theirs to say.
            Some("dc") => dc = number.or(dc),
            Some(_) => {}
            None => match (named(&ABILITIES, value), named(&SKILLS, value)) {
                (Some(ability), _) => abilities.push(ability),
                (None, Some(skill)) => what = Some(skill.to_owned()),
                (None, None) => dc = number.or(dc),
            },
        }
    }
    let subject = match (abilities.join(" or "), what) {
        (abilities, None) if abilities.is_empty() => return None,
        (abilities, None) => abilities,
        (abilities, Some(what)) if abilities.is_empty() => what,
        (abilities, Some(what)) => format!("{abilities} ({what})"),
    };
    let dc = dc.map(|dc| format!("DC {dc} ")).unwrap_or_default();
    let (kind, said) = if save {
        (" save", says(after, &["sav"]))
    } else {
        (" check", says(after, &["check"]))
    };
    Some(format!("{dc}{subject}{}", if said { "" } else { kind }))
}

#[derive(Clone, Copy, PartialEq)]
enum Amount {
    Damage,
    Healing,
}

/// The formula's words of an amount enricher and its types ("fire",
/// "temp"), options passed over.
fn amount_parts(args: &str) -> (Vec<&str>, Vec<String>) {
    let (mut formula, mut types) = (Vec::new(), Vec::new());
    for (key, value) in options(args) {
        let lower = value.to_ascii_lowercase();
        match key.map(str::to_ascii_lowercase).as_deref() {
            Some("formula") => formula.push(value),
            Some("type") => types.push(lower),
            Some(_) => {}
            None if DAMAGE_TYPES.contains(&lower.as_str()) => types.push(lower),
            None if matches!(lower.as_str(), "temp" | "temphp" | "healing") => types.push(lower),
            None if lower == "average" => {}
            None => formula.push(value),
        }
    }
    (formula, types)
}

/// Damage or healing: "2d6 fire damage", "2d4 temporary hit points".
fn amount_words(
    args: &str,
    after: &str,
    formula: &dyn Fn(&str) -> String,
    amount: Amount,
) -> Option<String> {
    let (words, types) = amount_parts(args);
    if words.is_empty() {
        return None;
    }
    let rolled = formula(&words.join(" "));
    Some(match amount {
        Amount::Damage => {
            let types: Vec<&str> = (types.iter())
                .map(String::as_str)
                .filter(|t| DAMAGE_TYPES.contains(t))
                .collect();
            let kind = if says(after, &["damage"]) {
                ""
            } else {
                " damage"
            };
            match types.as_slice() {
                [] => format!("{rolled}{kind}"),
                types => format!("{rolled} {}{kind}", types.join(" or ")),
            }
        }
        Amount::Healing if says(after, &["hit point", "temporary", "hp"]) => rolled,
        Amount::Healing if types.iter().any(|t| t.starts_with("temp")) => {
            format!("{rolled} temporary hit points")
        }
        Amount::Healing => format!("{rolled} hit points"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(command: &str, args: &str, after: &str) -> Option<String> {
        words(command, args, after, &|f| format!("<{f}>"))
    }

    #[test]
    fn tests_name_the_dc_the_ability_and_the_skill() {
        let said = |args| read("save", args, "");
        assert_eq!(said("dex").as_deref(), Some("Dexterity save"));
        assert_eq!(said("DEX 15").as_deref(), Some("DC 15 Dexterity save"));
        assert_eq!(
            said("ability=wisdom dc=13 format=long").as_deref(),
            Some("DC 13 Wisdom save")
        );
        assert_eq!(
            said("dc=@abilities.int.dc ability=int").as_deref(),
            Some("Intelligence save")
        );
        assert_eq!(said("unknown 15"), None, "no ability: not read");
        assert_eq!(
            read("check", "sleightofhand 12", "").as_deref(),
            Some("DC 12 Sleight of Hand check")
        );
        assert_eq!(
            read("tool", "tool=thief ability=dex dc=15", " check").as_deref(),
            Some("DC 15 Dexterity (thief)")
        );
    }

    #[test]
    fn amounts_roll_their_formula_and_say_their_kind() {
        assert_eq!(
            read("damage", "formula=3d8 type=radiant average", "").as_deref(),
            Some("<3d8> radiant damage")
        );
        assert_eq!(
            read("damage", "1d6 psychic", " damage.").as_deref(),
            Some("<1d6> psychic")
        );
        assert_eq!(
            read("heal", "2d4+2", "").as_deref(),
            Some("<2d4+2> hit points")
        );
        assert_eq!(read("damage", "fire", ""), None, "no formula: not read");
        assert_eq!(amount_formula("5d6 temp"), "5d6");
        assert_eq!(read("r", "1d6", ""), None, "a roll is no enricher");
    }
}
