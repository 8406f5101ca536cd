-- The campaign's cults (a lesser god's bright and dark cult), as JSON
-- bodies; scenes keep their enemies, activations and who is down in their
-- own bodies. Characters get their senses with ranges and what the
-- exploration text's hazards left on them (conditions, Doom, the degrees
-- held below 500 m, quicksand), each a JSON column.
CREATE TABLE cult (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
ALTER TABLE character ADD COLUMN x_senses TEXT NOT NULL DEFAULT '[]';
ALTER TABLE character ADD COLUMN x_hazards TEXT NOT NULL DEFAULT '{}';
