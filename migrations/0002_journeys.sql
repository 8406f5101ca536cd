-- 0002_journeys: the campaign clock, the GM's roll tables, advances taken,
-- hunger's degrees of exhaustion (which a
-- long rest cannot remove until a full day of food), and journeys: a party's
-- plan as JSON (routes, day pattern, the GM's changes per day), how far it has
-- been played and its log.

ALTER TABLE campaign ADD COLUMN clock_day INTEGER NOT NULL DEFAULT 1 CHECK (clock_day >= 0);
ALTER TABLE campaign ADD COLUMN clock_hour INTEGER NOT NULL DEFAULT 8 CHECK (clock_hour >= 0);

ALTER TABLE character ADD COLUMN e_starvation INTEGER NOT NULL DEFAULT 0 CHECK (e_starvation >= 0);
-- The Travellers' Companion advances taken, in order, as a JSON list of texts.
ALTER TABLE character ADD COLUMN c_advances TEXT NOT NULL DEFAULT '[]';

CREATE TABLE journey (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    party_id      INTEGER NOT NULL REFERENCES party (id) ON DELETE RESTRICT,
    start_day     INTEGER NOT NULL,
    start_hour    INTEGER NOT NULL,
    plan          TEXT    NOT NULL,
    played_hours  INTEGER NOT NULL DEFAULT 0 CHECK (played_hours >= 0),
    log           TEXT    NOT NULL DEFAULT '[]',
    -- Food units the party had left at the end of each day played.
    food_left     TEXT    NOT NULL DEFAULT '[]'
);
CREATE INDEX journey_party ON journey (party_id);

-- The GM's own roll tables (weather, injuries, XP awards, battle items,
-- merchants' stock...): a dice expression and rows of ranges with results.
CREATE TABLE roll_table (
    id    INTEGER PRIMARY KEY,
    name  TEXT    NOT NULL,
    dice  TEXT    NOT NULL,
    rows  TEXT    NOT NULL DEFAULT '[]'
);
