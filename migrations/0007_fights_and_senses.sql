-- The campaign's cults (a lesser god's bright and dark cult), as JSON
-- bodies; scenes keep their enemies, activations and who is down in their
-- own bodies. Characters get their senses with ranges.
CREATE TABLE cult (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
ALTER TABLE character ADD COLUMN c_senses TEXT NOT NULL DEFAULT '[]';
