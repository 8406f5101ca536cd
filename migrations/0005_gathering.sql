-- Gathering: sites and sessions (JSON bodies, like the map), where and when
-- a stack was gathered, the item bonus of tools, and the gatherer's tools a
-- character is trained in.
CREATE TABLE gathering_site (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE gathering_session (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
ALTER TABLE holding ADD COLUMN origin TEXT;
ALTER TABLE item ADD COLUMN bonus INTEGER NOT NULL DEFAULT 0;
ALTER TABLE character ADD COLUMN x_tools TEXT NOT NULL DEFAULT '[]';
