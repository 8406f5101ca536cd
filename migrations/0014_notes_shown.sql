-- Who may see a character's notes besides the GM, as JSON ("gm", "party",
-- {"players": [...]}); every character written before is the GM's alone.
-- The other texts players may see (places, paths, sites, events, missions,
-- log entries, journey plans) keep it in their JSON bodies.
ALTER TABLE character ADD COLUMN notes_shown TEXT NOT NULL DEFAULT '"gm"';
