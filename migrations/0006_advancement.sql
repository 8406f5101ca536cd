-- Advancement: missions with their XP awards (JSON bodies), the Traveller's
-- memories, Pilgrims. Advances stay in c_advances, now as records (level,
-- kind, what); the free text older files hold there is read as records
-- where it can be (model::advancement::Advance::from_text).
CREATE TABLE mission (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
ALTER TABLE character ADD COLUMN c_memories TEXT NOT NULL DEFAULT '[]';
ALTER TABLE character ADD COLUMN c_pilgrim INTEGER NOT NULL DEFAULT 0;
-- The campaign log: every roll Waybook makes, as JSON bodies.
CREATE TABLE log_entry (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
-- Scenes of the Travellers' Companion run at the table, as JSON bodies.
CREATE TABLE scene (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
