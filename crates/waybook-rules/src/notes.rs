//! The readings of ambiguous sentences in the rule texts, as data, so the
//! app can show them (a "rules notes" page or tooltips). Each reading is a
//! decision; the same list is in `src/rules/DECISIONS.md`.

/// A reading: the topic and how Waybook reads the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Note {
    /// The rule text it belongs to.
    pub text: &'static str,
    /// What the reading is about.
    pub topic: &'static str,
    /// How Waybook reads it.
    pub reading: &'static str,
}

const fn note(text: &'static str, topic: &'static str, reading: &'static str) -> Note {
    Note {
        text,
        topic,
        reading,
    }
}

/// The Travellers' Companion.
pub const COMPANION: &str = "travellers-companion";
/// Travel rounds.
pub const ROUNDS: &str = "travel-rounds";
/// Exploration and travel.
pub const TRAVEL: &str = "exploration-and-travel";
/// All texts.
pub const DICE: &str = "dice";

/// Every reading, grouped by text.
pub const NOTES: &[Note] = &[
    note(
        DICE,
        "Outcome and encounter die",
        "The travel rounds' outcome die and encounter die are a d10.",
    ),
    note(
        DICE,
        "Trait test",
        "A trait test is d20 + trait + skill + item bonus. Natural 1: Critical Failure, the total counts as 0. Natural 20: Inspired Event, the test passes.",
    ),
    note(
        DICE,
        "Passing",
        "A test passes when the total is at least the TG; \"failed by 5 or more\" means TG - total >= 5.",
    ),
    note(
        DICE,
        "Advantage",
        "Advantage rolls two d20 and keeps the higher, Disadvantage the lower; naturals are read on the kept die.",
    ),
    note(
        COMPANION,
        "Target numbers",
        "D10 stats, Quality and Defence are target numbers (\"4+\"): lower is better.",
    ),
    note(
        COMPANION,
        "Plain tests",
        "A plain test (powers, revive) succeeds when the kept die plus modifiers is at least the target; a power of level 2 casts on target + 1, level 3 on target + 2.",
    ),
    note(
        COMPANION,
        "Modifiers",
        "Modifiers are summed and clamped to -2..+2. A natural 1 always fails; a 6 on a D6 or 10 on a D10 always succeeds.",
    ),
    note(
        COMPANION,
        "Challenge roll",
        "The player rolls 2D10 keep highest when the stat is 4+ or better (4 or lower), else 1D10; a wild die adds one more. Naturals are read on the player's kept die only. A tie is the player's choice: success at a cost or a clean failure.",
    ),
    note(
        COMPANION,
        "Attacks",
        "To hit: D6 + (+1 per extra enemy, at most +2, -1 at long range, clamped to ±2) >= Quality. Block: D6 (+1 from cover against shooting only) >= Defence + AP. Naturals apply to both. Toughness cancels wounds one for one.",
    ),
    note(
        COMPANION,
        "Wild dice",
        "At most 3 held; an award or gift that would exceed 3 is refused.",
    ),
    note(
        COMPANION,
        "Rest",
        "The Rest action restores D3 Toughness, never above the hero's maximum.",
    ),
    note(
        COMPANION,
        "Threat",
        "Roll D10 at the start of each round or beat; at most Threat triggers an event and Threat drops by 2 (not below 0). +1 at the end of each round or beat and on a power's natural 1.",
    ),
    note(
        COMPANION,
        "Levels",
        "Levels by total XP: 1 (0), 2 (4), 3 (9), 4 (15), 5 (22), capped at 5; one advance per level gained. The Traveller stays at level 1 and takes no advances.",
    ),
    note(
        COMPANION,
        "Advance limits",
        "+1 Wounds and +1 Toughness at most twice each; each D10 stat at most once and never better than 3+; Quality and Defence at most once each and never better than 4+; powers and talents by name, each once.",
    ),
    note(
        COMPANION,
        "Encounter size",
        "6 minion-equivalents for 3-4 heroes; 2 per hero below 3 heroes and 1.5 per hero (halves rounded up) above 4. An elite is worth 3 minions; a boss joins for the finale.",
    ),
    note(
        COMPANION,
        "Priority",
        "Priority D10s are ordered highest first; ties keep the order the names were given in.",
    ),
    note(
        COMPANION,
        "Boss rule",
        "\"Roll a D10 at the start of each round. He uses Toughness only as armour.\" names no one: it is a rule the GM attaches to an enemy (a boss). Its D10 is rolled and logged at the start of each round, its meaning left to the GM, and its Toughness only cancels wounds: never a third action, a reroll or Rest.",
    ),
    note(
        COMPANION,
        "Cults",
        "A lesser god's bright cult gives allies, rivals and Pilgrim patrons, its dark cult enemies. A cult's enemies use the tier stats with the cult's rule on every model; only elites and above carry its trait.",
    ),
    note(
        COMPANION,
        "Tier stats",
        "The text points to tier stats it does not give. Waybook's: minion Quality 5+, Defence 5+, 1 Wound, no Toughness; elite 4+, 5+, 3 Wounds, 1 Toughness; boss 4+, 4+, 6 Wounds, 3 Toughness; the GM edits each enemy's.",
    ),
    note(
        COMPANION,
        "Activations",
        "In a fight's round only the activating model acts; players and GM alternate while the other side has someone to activate; a new activation ends the one before. Wounds from elsewhere and a Toughness reroll are not actions.",
    ),
    note(
        COMPANION,
        "Still down",
        "\"Still down at the end of the following round\" is read at the end phase of the round after the one the hero went down in; a revive takes them off the list. The D6 after the scenario is read on the campaign's injury table.",
    ),
    note(
        ROUNDS,
        "Effective difficulty",
        "Path difficulty + Sidetracked stacks - 2 per earlier successful traversal - map and guide modifiers. At 0 or below pathfinding succeeds with no roll; otherwise the d10 (+2 after Explore) must be greater than it.",
    ),
    note(
        ROUNDS,
        "Totally Lost",
        "While lost every failed pathfind is Totally Lost again with no d6; the first success ends it and makes progress. A spent 🜉 turns any failure, lost or not, into a success with no d6.",
    ),
    note(
        ROUNDS,
        "Encounter die",
        "Threshold 10 - floor(current difficulty / 2), difficulty including Sidetracked stacks but not the party's modifiers. Above it: hazard (checked first). At most the danger (with Noisy stacks, never pushed past 5 by noise): warriors. Otherwise benign (d6); in a wild area all benign results but Landmark are Peace.",
    ),
    note(
        ROUNDS,
        "The appropriate weather table",
        "\"The GM consults the appropriate weather table\" is read as the table of the region the path runs through (its own, else its start's) for the calendar's season on that day, else the campaign's weather table. Each region's weather is rolled once a day and kept: a day keeps yesterday's weather when a d100 comes up at or under the region's chance, else the table is rolled. The Navigation Phase reads the day's weather of the path's region (rolled then if not yet, for every region); Divine rolls the next day's where the party will be and marks it foretold, and the next Navigation Phase reads it unchanged. A path with no region rolls the campaign's table as before.",
    ),
    note(
        ROUNDS,
        "Scouting",
        "A benign encounter is possible when some face of the d10 gives one; when none is, a scouted encounter may be swapped for the opposite kind.",
    ),
    note(
        ROUNDS,
        "Supplies",
        "Supplies spent = fed heroes + fed allies: the players choose who is given Supplies, allies included (`allies_fed`, all of them unless said), and an unfed ally takes an injury as an unfed hero does. Fellow Travelers that day means none are spent and everyone counts as fed. A camp with 0 Supplies (and no Fellow Travelers) is played: nobody is fed, whatever the orders say, and Shelter and Cook cannot be taken. Each camp starts with everyone fed who can be, heroes first, then allies.",
    ),
    note(
        ROUNDS,
        "Role actions",
        "A role action needs a rank above 0 in its role and succeeds when the d10 is below floor(stat / 2) + floor(rank / 2).",
    ),
    note(
        ROUNDS,
        "Ambush",
        "The ambush d10 is rolled after every role action; at most floor(danger / 2) is an ambush, with First Strike when nobody took Watch (whether or not the Watch roll succeeded).",
    ),
    note(
        ROUNDS,
        "Healing",
        "Healing from Shelter, Cook, Recover and Mend comes after the ambush. Unfed heroes take an injury and get no healing from Shelter, Cook or Recover; Mend still works on them.",
    ),
    note(
        ROUNDS,
        "Recover",
        "Full HP when other heroes take both Shelter and Cook; if already at full HP (judged before any healing), full MP instead.",
    ),
    note(
        TRAVEL,
        "Base hours",
        "Base travel hours = a third of the day's hours, rounded down. Only travel hours count, as a running total; rests neither add nor reset.",
    ),
    note(
        TRAVEL,
        "Marching tests",
        "One test at the end of each real travel hour once the counted hours pass the base, TG 10 + counted hours past the base; a travel hour at 2,500 m or higher counts 2 unless adapted.",
    ),
    note(
        TRAVEL,
        "Swimming",
        "Without a swim speed, consecutive swim hours count 1 (2 at 60 m, 4 at 250 m unless adapted); at the end of a swim hour whose count passes 1, a test at TG 10 + count - 1. Any other hour resets the count.",
    ),
    note(
        TRAVEL,
        "Cold and heat",
        "A TG 10 test for each hour of extreme cold or heat, whatever the activity: failing gives 1 degree, failing by 5 or more 2. Immunity or resistance skips it; Reduction X skips the first X hours of that temperature in the day.",
    ),
    note(
        TRAVEL,
        "Cold water",
        "The first Endurance minutes plus Reduction X minutes are free, then a TG 10 test each minute with the cold failure rule; +1 degree per failure at 250 m, +2 at 500 m. At 500 m or deeper without adaptation only immunity (not resistance or Reduction) protects.",
    ),
    note(
        TRAVEL,
        "Food and drink",
        "40 units a day times the day's multiplier, times the character's own food need (a percentage on the sheet, 100 unless a feature or effect changes it by a multiplicative amount). At least the requirement resets the days without food; at least half adds 0.5; less adds 1. A day that was not full ends with 1 degree if the count exceeds max(1, Endurance).",
    ),
    note(
        TRAVEL,
        "Inspired Event",
        "A natural 20 moves a survey result two rows up (capped at the top row) and with a TTV of 25 or more makes the material Pure; on other tests it simply passes, and when gathering it has no effect beyond its total.",
    ),
    note(
        TRAVEL,
        "Survey",
        "The result row is the highest threshold at or below the TTV (totals below 0 find nothing). A Critical Failure sets the TTV to 0 whatever the abundance. Nonexistent material means no test, no source and no complication.",
    ),
    note(
        TRAVEL,
        "Gather",
        "Units after a half or quarter source are rounded down, minimum 1 only when the row gave at least one; half of a Perceptive or Fateful haul (rounded down) is one quality level higher, none from a Pure source (the top of the ladder).",
    ),
    note(
        TRAVEL,
        "Falling",
        "Falling damage uses the metres fallen in the last turn only; the water-landing test is rolled before the damage dice and a success halves the damage (rounded down).",
    ),
    note(
        TRAVEL,
        "Quicksand",
        "The escape TG is 10 + the metres sunk rounded down (sinking goes in half metres, so 1.5 m gives TG 11); a successful escape frees the character at once; a pull-out lifts them 1 m and frees them at 0 m.",
    ),
    note(
        TRAVEL,
        "Lava",
        "\"within 2, of the lava\" is read as within 2 m: 2d10 fire near the lava, 9d10 touching or entering it, 18d10 fully submerged.",
    ),
    note(
        TRAVEL,
        "Days without food",
        "Half rations make the count fractional; answers print whole counts as integers (1) and halves as decimals (1.5).",
    ),
    note(
        TRAVEL,
        "Contests",
        "In a contest a natural 1 counts 0 and a natural 20 beats any other roll; otherwise the hider must beat the observer's total (a tie leaves the hider noticed).",
    ),
    note(
        TRAVEL,
        "Hours on the road",
        "A leg takes distance / speed hours, at half speed on difficult terrain, rounded up: an hour begun is an hour travelled.",
    ),
    note(
        TRAVEL,
        "Weather within the day",
        "A leg's weather, and a day's change of weather, can hold for some hours of the day only (from 10:00 up to 18:00; a window whose end is not after its start runs over midnight); outside them the weather is normal, or the leg's own. Every hour in the weather is an hour spent in these conditions, travelling or not; a day with any such hour doubles its food.",
    ),
    note(
        ROUNDS,
        "Regions along a path",
        "A path lies in its region, or its start's; a stretch of it from round N (counted from the path's `from` end, whichever way the party goes) lies in another. A travel round keeps the region it was travelled in, so its weather and encounters read that region's tables even after the path changes.",
    ),
    note(
        TRAVEL,
        "Food in extreme cold",
        "\"While in environments at this temperature, you require double the number of Units of Food & Drink each Day\" stands under both Extreme Cold and Extreme Heat, so both double the day's food (the Food & Drink section's example names only high temperatures); a party's days of food count whole items day by day against each day's own weather.",
    ),
    note(
        TRAVEL,
        "Trained in a tool",
        "\"if you are Trained in the use of a Gatherer's Tool, you gain its Item Bonus\" is the only training the texts give: a skill's *trained with* box names the tool whose Item Bonus it adds; there is no other kind of trained skill.",
    ),
    note(
        ROUNDS,
        "Encounter tables",
        "When the encounter die says hazard or warriors, or a benign result comes up, the Encounter Phase rolls the path's table for that kind, else its region's; a Merchant rolls the destination's merchant table first. The GM's planned encounter rolls none.",
    ),
    note(
        TRAVEL,
        "Weather by region on a journey",
        "A leg crossing a region has that region's weather of each day: as it fell for today and the days played, as a Divine foretold it, and for any other day from today the forecast's chance of each weather (the Weather screen's own odds); a result whose words name \"extreme heat\" or \"extreme cold\" is that temperature for the rules, any other is normal weather, within the leg's own hours if it has them. A day left to chance shows its hours and tests in the likeliest weather, and weighs its expected exhaustion and food by the chance of each. A region with no table to forecast keeps the leg's own weather. Playing a journey rolls every region's weather up to the last day it plays before its hours are played, so they are played in it.",
    ),
    note(
        ROUNDS,
        "Both travel texts on the same day",
        "With both texts on, a day on a map path is that path's travel round and that day's hours: the round is played on the Travel screen, and its last step (the camp, or a partial round's encounter) plays the trip's hours in the Navigation Phase's weather, through the night to the hour the trip next sets off, where the clock ends once. Each round covers the path's distance divided by its rounds at the trip's way of travelling (a path with no distance: a day of the trip's travel hours), however long that is. A round without progress walks the same stretch again; one Backtracked walks it again once more later. Food and drink units are eaten as the exploration text says and Supplies spent at the camp as the travel-rounds text says. Off the map, only the exploration text applies.",
    ),
    note(
        ROUNDS,
        "The watch rota at camp",
        "Those the trip's watch rota sets on watch that night take the Watch unless the players choose otherwise, where they can: Watch is the Defender's action, so one with no Defender rank takes another, and the camp says who cannot and that with nobody on the Watch an ambush has First Strike.",
    ),
    note(
        TRAVEL,
        "A trip left partway",
        "Days before the clock are history. A trip not begun whose start has passed sets off now; one left partway (the party spent a morning otherwise) goes on from now, the hours between its own, as one undoable edit; a travel round along the trip's path does the same by itself.",
    ),
    note(
        TRAVEL,
        "Food always looked after",
        "A campaign switch, on by default, counts food and drink; off, the GG assumes it is always being looked after: journeys eat nothing from the packs, count no days without food and give no hunger.",
    ),
    note(
        TRAVEL,
        "Food and drink apart",
        "A campaign switch, off by default, for a table that wants more granular limits than the text's abstraction: half of each day's units (and of a half ration) must come from food and half from drink (water items); whole items of each are opened for their half, and the day counts twice the smaller of the two, so a day with food but nothing to drink is a day without food and drink.",
    ),
    note(
        TRAVEL,
        "Weather off the road",
        "Resting, camping and keeping watch happen where the party stopped, so that place's altitude, cold or heat still apply; a day's food is doubled when any of its hours is extremely cold or hot.",
    ),
    note(
        TRAVEL,
        "Long rests on a journey",
        "A day ends with a long rest when the character had at least eight hours of rest or camp in the day's length of hours before its end (a night's rest runs over midnight). It removes the campaign's long-rest degrees but never hunger's degrees until a day of full rations.",
    ),
    note(
        TRAVEL,
        "Eating on a journey",
        "Food is eaten at the end of each day in whole items, from the character's own pack or the party stash in the order the GM chose; an opened item counts only up to the day's ration, and the rest of it is not kept.",
    ),
    note(
        TRAVEL,
        "Hazard tests",
        "A bare trait test (\"a TG 10 Physique Test\") is the trait alone; one named with a skill (\"Physique (Athletics)\") adds the skill; a water landing takes the better of Physique + Athletics and Agility + Acrobatics. A Stealth roll adds Agility, Perception and Investigation rolls Intuition.",
    ),
    note(
        TRAVEL,
        "Doom below 500 m",
        "Each turn at 500 m or below without adaptation adds 1 Doom (the first makes Doom 1); the exhaustion gained there is held, and a long rest does not remove it, until the character rises above 500 m, which also ends the Doom.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_note_names_its_text_and_says_something() {
        for n in NOTES {
            assert!(
                [COMPANION, ROUNDS, TRAVEL, DICE].contains(&n.text),
                "{}",
                n.topic
            );
            assert!(n.reading.len() > 20, "{}", n.topic);
        }
    }

    /// The notes file and this list stay the same readings.
    #[test]
    fn the_decisions_file_lists_every_topic() {
        let decisions = include_str!("DECISIONS.md");
        for n in NOTES {
            assert!(
                decisions.contains(&format!("**{}**", n.topic)),
                "{} missing from src/rules/DECISIONS.md",
                n.topic
            );
        }
    }
}
