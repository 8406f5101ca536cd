//! Waybook's starter tables, written for Waybook (the rule texts name these
//! tables but give none): each region climate's weather by season, the
//! campaign's weather, injuries, XP awards, battle items by area and a
//! merchant's stock. Every one is marked as Waybook's suggestion wherever
//! it is rolled, until the GM edits it.

/// The climates a region's weather can start from, as the GM picks one.
pub const CLIMATES: [&str; 5] = ["temperate", "mountain", "desert", "coast", "marsh"];

/// The four seasons the climate tables are written for.
pub const SEASONS: [&str; 4] = ["spring", "summer", "autumn", "winter"];

/// Each climate's d6 weather for spring, summer, autumn and winter, in
/// [`CLIMATES`] and [`SEASONS`] order. "Extreme heat" and "extreme cold"
/// are read as those temperatures for the day.
pub const CLIMATE_WEATHER: [[[&str; 6]; 4]; 5] = [
    [
        [
            "Clear and mild",
            "Showers and sun",
            "Overcast",
            "Steady rain",
            "Morning fog",
            "Gusty and cool",
        ],
        [
            "Clear and warm",
            "Hot and still",
            "Hazy",
            "A thunderstorm by evening",
            "Warm rain",
            "A fresh breeze",
        ],
        [
            "Crisp and clear",
            "Overcast",
            "Drizzle all day",
            "Fog in the hollows",
            "Wind and falling leaves",
            "A cold, hard rain",
        ],
        [
            "Frost and pale sun",
            "Overcast and raw",
            "Sleet",
            "Snow flurries",
            "Freezing fog",
            "Extreme cold: a hard frost that lasts all day",
        ],
    ],
    [
        [
            "Meltwater roaring, clear skies",
            "Wet snow",
            "Cloud on the peaks",
            "Cold rain",
            "Avalanche weather: warm wind on the snow",
            "Bright and cold",
        ],
        [
            "Clear and bright, cold at night",
            "Afternoon thunderstorm",
            "Cloud below the pass",
            "Hail",
            "Warm and still",
            "Wind on the ridges",
        ],
        [
            "Clear and cold",
            "First snow on the heights",
            "Fog in the valleys",
            "Sleet",
            "Gales on the ridges",
            "Extreme cold: an early blizzard",
        ],
        [
            "Extreme cold: a blizzard",
            "Deep snow, still air",
            "Extreme cold: wind that cuts",
            "Clear and bitter",
            "Snow showers",
            "Whiteout",
        ],
    ],
    [
        [
            "Clear and warm",
            "Dust on the wind",
            "Hot and still",
            "A rare shower",
            "Cold night, clear morning",
            "Hazy heat",
        ],
        [
            "Extreme heat: a white sky",
            "Extreme heat: still air",
            "Extreme heat: a hot wind",
            "A dust storm",
            "Hot and hazy",
            "A dry thunderstorm",
        ],
        [
            "Warm and clear",
            "Wind and sand",
            "Cool and clear",
            "Hot and still",
            "A flash flood in the gullies",
            "Cold night, warm day",
        ],
        [
            "Cool and clear",
            "Extreme cold: a frost that shatters rock",
            "Grey and windy",
            "Cold rain",
            "Clear and mild",
            "A sandstorm",
        ],
    ],
    [
        [
            "Sea mist",
            "Showers off the sea",
            "Bright and breezy",
            "Overcast",
            "A fresh onshore wind",
            "Fog until noon",
        ],
        [
            "Clear and warm",
            "Sea breeze",
            "Haze over the water",
            "A summer squall",
            "Hot and still",
            "Thick fog",
        ],
        [
            "Gales off the sea",
            "Rain in bands",
            "Clear after a storm",
            "Sea fog",
            "Overcast and damp",
            "A storm surge on the shore",
        ],
        [
            "Driving rain",
            "A winter gale",
            "Sleet on the wind",
            "Grey and raw",
            "Freezing spray",
            "Clear and cold",
        ],
    ],
    [
        [
            "Mist over the water",
            "Warm rain",
            "Midges and still air",
            "Overcast",
            "Floods in the low ground",
            "Clear and mild",
        ],
        [
            "Humid and hot",
            "Extreme heat: stifling, still air",
            "A thunderstorm",
            "Fog at dawn",
            "Warm rain",
            "Haze and insects",
        ],
        [
            "Thick fog",
            "Rain all day",
            "Cold mist",
            "Overcast",
            "Wind over the reeds",
            "Clear and cool",
        ],
        [
            "Freezing fog",
            "Ice on the pools",
            "Sleet",
            "Grey and damp",
            "Extreme cold: the marsh freezes over",
            "Cold rain",
        ],
    ],
];

/// The campaign's own weather, where no region says otherwise.
pub const WEATHER: [&str; 6] = [
    "Clear and still",
    "Fair, a light wind",
    "Overcast",
    "Rain",
    "Fog",
    "Storm",
];

/// A d6 of lasting harm for a hero still down at a mission's end.
pub const INJURIES: [&str; 6] = [
    "Cracked ribs: -1 Wounds until a long rest in a town",
    "Twisted ankle: moves half as far for a day",
    "Deep cut: a scar, and a story",
    "Concussion: disadvantage on Will tests for a day",
    "Broken fingers: cannot Shoot until healed",
    "Just bruises: no lasting harm",
];

/// The reasons a hero earns XP at a mission's end, one per face.
pub const XP_AWARDS: [&str; 6] = [
    "Took part in the mission",
    "Reached the mission's goal",
    "Played to their drive",
    "Found something lost or hidden",
    "Made a lasting friend or enemy",
    "Stood firm in the finale",
];

/// The campaign's battle items (Gather), where the area gives none.
pub const BATTLE_ITEMS: [&str; 4] = ["Flash powder", "Smoke pot", "Healing draught", "Caltrops"];

/// Battle items appropriate to an area, by area.
pub const AREA_ITEMS: [(&str, [&str; 6]); 5] = [
    (
        "forest",
        [
            "Sap-glue pot",
            "Thorn caltrops",
            "Poultice of moss",
            "Hunter's snare",
            "Resin torch",
            "Bundle of arrows",
        ],
    ),
    (
        "mountain",
        [
            "Climbing spikes",
            "Rock dust pouch",
            "Flask of spirits",
            "Signal horn",
            "Rope and grapnel",
            "Ice picks",
        ],
    ),
    (
        "desert",
        [
            "Blinding sand pouch",
            "Waterskin of oil",
            "Scorpion venom vial",
            "Mirror shard",
            "Salt cakes",
            "Sun veil",
        ],
    ),
    (
        "coast",
        [
            "Fishing net",
            "Jar of sea fire",
            "Whale-oil flask",
            "Shell knife",
            "Tar pot",
            "Gull feathers for fletching",
        ],
    ),
    (
        "marsh",
        [
            "Bog gas bladder",
            "Leech salve",
            "Reed breathing tube",
            "Mud pot",
            "Swamp lantern",
            "Eel-skin sling",
        ],
    ),
];

/// What a merchant met on the road sells.
pub const MERCHANT_STOCK: [&str; 6] = [
    "Supplies for a day or two",
    "Rope, pitons and lamp oil",
    "A healing draught, dear",
    "Trail rations and dried fruit",
    "A pack mule, old but willing",
    "News of the road ahead, and a map",
];

/// A starter item: name, category, food units, weight (kg), the gatherer's
/// tool it is (with its Item Bonus), and what the texts say of it.
pub type StarterItem = (
    &'static str,
    crate::model::Category,
    i64,
    f64,
    Option<crate::model::ToolKind>,
    &'static str,
);

/// The items the texts name, with Waybook's suggested units, weights and
/// bonuses (the texts give none): "may only drink water or eat rations";
/// each gatherer's tool; "the Well-Lit areas of a Torch"; Shelter's tent;
/// "modifiers, such as from maps"; "specific equipment" for the heights;
/// and what a party on the road carries besides.
pub const STARTER_ITEMS: [StarterItem; 11] = {
    use crate::model::Category::{Food, Kit, Tool, Water};
    use crate::model::ToolKind::{Botanist, Fisher, Miner};
    [
        (
            "Trail rations",
            Food,
            20,
            0.5,
            None,
            "\"eat rations\": a day's 40 units are two.",
        ),
        (
            "Waterskin (full)",
            Water,
            10,
            1.0,
            None,
            "\"drink water\": refilled where there is water.",
        ),
        (
            "Hard bread",
            Food,
            15,
            0.5,
            None,
            "Keeps for weeks on the road.",
        ),
        (
            "Botanist's Tool",
            Tool,
            0,
            1.5,
            Some(Botanist),
            "Plant material: Agility (Nature).",
        ),
        (
            "Fisher's Gear",
            Tool,
            0,
            2.0,
            Some(Fisher),
            "Fish and other oceanic material: Agility (Animal Handling).",
        ),
        (
            "Miner's Tool",
            Tool,
            0,
            4.0,
            Some(Miner),
            "Ore, minerals and other earth: Physique (Focus).",
        ),
        (
            "Torch",
            Kit,
            0,
            0.5,
            None,
            "Lights an area well, and dimly around it.",
        ),
        ("Tent", Kit, 0, 4.0, None, "Shelter: \"pitching a tent\"."),
        (
            "Map of the region",
            Kit,
            0,
            0.1,
            None,
            "A navigation modifier the GM sets (Parties screen).",
        ),
        (
            "Climbing kit",
            Kit,
            0,
            3.0,
            None,
            "\"specific equipment\" for the heights.",
        ),
        (
            "Rope (15 m)",
            Kit,
            0,
            4.0,
            None,
            "For climbs, crossings and hauling.",
        ),
    ]
};

/// A gatherer's tool's Item Bonus, as Waybook suggests it.
pub const TOOL_BONUS: i64 = 2;

/// A starter ware: name, price, Supplies it adds, the starter item it is.
pub type StarterWare = (&'static str, i64, i64, Option<&'static str>);

/// A merchant's stock, prices Waybook's suggestion ("The texts name no
/// currency and no prices").
pub const STARTER_WARES: [StarterWare; 5] = [
    ("Supplies for a day", 4, 1, None),
    ("Five days' Supplies", 18, 5, None),
    ("Trail rations", 2, 0, Some("Trail rations")),
    ("Waterskin (full)", 1, 0, Some("Waterskin (full)")),
    ("Torch", 1, 0, Some("Torch")),
];
