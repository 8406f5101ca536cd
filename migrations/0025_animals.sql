-- Animals (issue 54): a character may be an animal, with its type and
-- rider kept as JSON in `animal` (NULL for everyone else). SQLite cannot
-- change a CHECK, so the character table is built again with 'animal'
-- among its kinds and every row copied as it was; the migration runs with
-- foreign keys off (store::migrate) so the stats, lists and holdings that
-- name a character keep pointing at it, and are checked after.
CREATE TABLE character_new (
    id        INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL,
    player    TEXT    NOT NULL DEFAULT '',
    kind      TEXT    NOT NULL CHECK (kind IN ('hero', 'ally', 'npc', 'traveller', 'animal')),
    party_id  INTEGER REFERENCES party (id) ON DELETE RESTRICT,
    notes     TEXT    NOT NULL DEFAULT '',
    c_quality        INTEGER NOT NULL,
    c_defence        INTEGER NOT NULL,
    c_wounds         INTEGER NOT NULL,
    c_wounds_max     INTEGER NOT NULL,
    c_toughness      INTEGER NOT NULL,
    c_toughness_max  INTEGER NOT NULL,
    c_wild_dice      INTEGER NOT NULL CHECK (c_wild_dice BETWEEN 0 AND 3),
    c_xp             INTEGER NOT NULL CHECK (c_xp >= 0),
    c_drive          TEXT    NOT NULL DEFAULT '',
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
    e_depth_adapted      INTEGER NOT NULL,
    e_starvation     INTEGER NOT NULL DEFAULT 0 CHECK (e_starvation >= 0),
    c_advances       TEXT    NOT NULL DEFAULT '[]',
    x_tools          TEXT    NOT NULL DEFAULT '[]',
    c_memories       TEXT    NOT NULL DEFAULT '[]',
    c_pilgrim        INTEGER NOT NULL DEFAULT 0,
    x_senses         TEXT    NOT NULL DEFAULT '[]',
    x_hazards        TEXT    NOT NULL DEFAULT '{}',
    e_food_percent   INTEGER NOT NULL DEFAULT 100 CHECK (e_food_percent >= 0),
    notes_shown      TEXT    NOT NULL DEFAULT '"gm"',
    player_id        INTEGER REFERENCES player (id),
    animal           TEXT    CHECK ((kind = 'animal') = (animal IS NOT NULL))
);
INSERT INTO character_new (
    id, name, player, kind, party_id, notes,
    c_quality, c_defence, c_wounds, c_wounds_max, c_toughness, c_toughness_max,
    c_wild_dice, c_xp, c_drive,
    r_body, r_mind, r_spirit, r_hp, r_hp_max, r_mp, r_mp_max,
    r_striker, r_caster, r_healer, r_defender, r_support, r_saboteur,
    e_exhaustion, e_days_without_food, e_cold_immune, e_cold_resistant,
    e_cold_reduction, e_heat_immune, e_heat_resistant, e_heat_reduction,
    e_swim_speed, e_climb_speed, e_altitude_adapted, e_depth_adapted,
    e_starvation, c_advances, x_tools, c_memories, c_pilgrim, x_senses,
    x_hazards, e_food_percent, notes_shown, player_id)
SELECT
    id, name, player, kind, party_id, notes,
    c_quality, c_defence, c_wounds, c_wounds_max, c_toughness, c_toughness_max,
    c_wild_dice, c_xp, c_drive,
    r_body, r_mind, r_spirit, r_hp, r_hp_max, r_mp, r_mp_max,
    r_striker, r_caster, r_healer, r_defender, r_support, r_saboteur,
    e_exhaustion, e_days_without_food, e_cold_immune, e_cold_resistant,
    e_cold_reduction, e_heat_immune, e_heat_resistant, e_heat_reduction,
    e_swim_speed, e_climb_speed, e_altitude_adapted, e_depth_adapted,
    e_starvation, c_advances, x_tools, c_memories, c_pilgrim, x_senses,
    x_hazards, e_food_percent, notes_shown, player_id
FROM character;
DROP TABLE character;
ALTER TABLE character_new RENAME TO character;
CREATE INDEX character_party ON character (party_id);
-- Fodder: food only animals eat.
ALTER TABLE item ADD COLUMN fodder INTEGER NOT NULL DEFAULT 0 CHECK (fodder IN (0, 1));
