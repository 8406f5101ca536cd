-- Regions of the world (name, climate, notes, a weather table per season,
-- the chance a day keeps yesterday's weather) and each region's weather
-- day by day, as JSON bodies. A place's and a path's region live in their
-- own bodies.
CREATE TABLE region (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE weather (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
-- The GM's events on the calendar (once, yearly, monthly, on a moon's
-- phase), as JSON bodies.
CREATE TABLE calendar_event (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
