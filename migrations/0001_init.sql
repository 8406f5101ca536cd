-- 0001_init: the first Waybook schema.
-- The campaign settings row, parties with their Supplies, characters with one
-- section per rule text (scalar columns here, lists and named stats in child
-- tables), the item catalogue and holdings. Append-only: later changes go in
-- new files.

CREATE TABLE campaign (
    id                 INTEGER PRIMARY KEY CHECK (id = 1),
    name               TEXT    NOT NULL,
    rules_companion    INTEGER NOT NULL DEFAULT 1 CHECK (rules_companion IN (0, 1)),
    rules_rounds       INTEGER NOT NULL DEFAULT 1 CHECK (rules_rounds IN (0, 1)),
    rules_exploration  INTEGER NOT NULL DEFAULT 1 CHECK (rules_exploration IN (0, 1)),
    day_hours          INTEGER NOT NULL DEFAULT 24 CHECK (day_hours BETWEEN 3 AND 240),
    long_rest_degrees  INTEGER NOT NULL DEFAULT 1 CHECK (long_rest_degrees >= 0)
);

CREATE TABLE party (
    id        INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL,
    supplies  INTEGER NOT NULL DEFAULT 0 CHECK (supplies >= 0),
    notes     TEXT    NOT NULL DEFAULT ''
);

CREATE TABLE character (
    id        INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL,
    player    TEXT    NOT NULL DEFAULT '',
    kind      TEXT    NOT NULL CHECK (kind IN ('hero', 'ally', 'npc', 'traveller')),
    party_id  INTEGER REFERENCES party (id) ON DELETE RESTRICT,
    notes     TEXT    NOT NULL DEFAULT '',
    -- Travellers' Companion
    c_quality        INTEGER NOT NULL,
    c_defence        INTEGER NOT NULL,
    c_wounds         INTEGER NOT NULL,
    c_wounds_max     INTEGER NOT NULL,
    c_toughness      INTEGER NOT NULL,
    c_toughness_max  INTEGER NOT NULL,
    c_wild_dice      INTEGER NOT NULL CHECK (c_wild_dice BETWEEN 0 AND 3),
    c_xp             INTEGER NOT NULL CHECK (c_xp >= 0),
    c_drive          TEXT    NOT NULL DEFAULT '',
    -- Travel rounds
    r_body      INTEGER NOT NULL,
    r_mind      INTEGER NOT NULL,
    r_spirit    INTEGER NOT NULL,
    r_hp        INTEGER NOT NULL,
    r_hp_max    INTEGER NOT NULL,
    r_mp        INTEGER NOT NULL,
    r_mp_max    INTEGER NOT NULL,
    r_striker   INTEGER NOT NULL,
    r_caster    INTEGER NOT NULL,
    r_healer    INTEGER NOT NULL,
    r_defender  INTEGER NOT NULL,
    r_support   INTEGER NOT NULL,
    r_saboteur  INTEGER NOT NULL,
    -- Exploration and travel
    e_exhaustion         INTEGER NOT NULL CHECK (e_exhaustion >= 0),
    e_days_without_food  REAL    NOT NULL CHECK (e_days_without_food >= 0),
    e_cold_immune        INTEGER NOT NULL,
    e_cold_resistant     INTEGER NOT NULL,
    e_cold_reduction     INTEGER NOT NULL CHECK (e_cold_reduction >= 0),
    e_heat_immune        INTEGER NOT NULL,
    e_heat_resistant     INTEGER NOT NULL,
    e_heat_reduction     INTEGER NOT NULL CHECK (e_heat_reduction >= 0),
    e_swim_speed         INTEGER NOT NULL CHECK (e_swim_speed >= 0),
    e_climb_speed        INTEGER NOT NULL CHECK (e_climb_speed >= 0),
    e_altitude_adapted   INTEGER NOT NULL,
    e_depth_adapted      INTEGER NOT NULL
);
CREATE INDEX character_party ON character (party_id);

-- Named numbers on a sheet: Companion stats (target numbers), exploration
-- traits and skills (skills carry the trained flag).
CREATE TABLE character_stat (
    character_id  INTEGER NOT NULL REFERENCES character (id) ON DELETE CASCADE,
    section       TEXT    NOT NULL CHECK (section IN ('companion', 'trait', 'skill')),
    position      INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    value         INTEGER NOT NULL,
    trained       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (character_id, section, position)
);

-- Lists of short texts on a sheet: powers, talents, injuries, statuses.
CREATE TABLE character_entry (
    character_id  INTEGER NOT NULL REFERENCES character (id) ON DELETE CASCADE,
    list          TEXT    NOT NULL CHECK (list IN ('power', 'talent', 'companion-injury', 'rounds-injury', 'status')),
    position      INTEGER NOT NULL,
    text          TEXT    NOT NULL,
    PRIMARY KEY (character_id, list, position)
);

CREATE TABLE item (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    category    TEXT    NOT NULL CHECK (category IN ('food', 'water', 'material', 'tool', 'weapon', 'armour', 'kit', 'battle-item', 'other')),
    food_units  INTEGER NOT NULL DEFAULT 0 CHECK (food_units >= 0),
    weight      REAL    NOT NULL DEFAULT 0 CHECK (weight >= 0),
    quality     TEXT    CHECK (quality IN ('corrupted', 'impure', 'poor', 'standard', 'rich', 'exceptional', 'pure')),
    material    TEXT    CHECK (material IN ('plant', 'fish', 'ore')),
    tool_kind   TEXT    CHECK (tool_kind IN ('botanist', 'fisher', 'miner')),
    notes       TEXT    NOT NULL DEFAULT ''
);

-- A stack of one item held by exactly one character or one party stash.
CREATE TABLE holding (
    id            INTEGER PRIMARY KEY,
    item_id       INTEGER NOT NULL REFERENCES item (id) ON DELETE RESTRICT,
    character_id  INTEGER REFERENCES character (id) ON DELETE RESTRICT,
    party_id      INTEGER REFERENCES party (id) ON DELETE RESTRICT,
    quantity      INTEGER NOT NULL CHECK (quantity > 0),
    CHECK ((character_id IS NULL) <> (party_id IS NULL))
);
CREATE INDEX holding_character ON holding (character_id);
CREATE INDEX holding_party ON holding (party_id);
CREATE INDEX holding_item ON holding (item_id);
