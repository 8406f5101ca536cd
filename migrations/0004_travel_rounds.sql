-- Travel rounds on a map: a party's purse and its place on the map, the
-- tables the weather and Gather roll on, and the map, the travel log and the
-- merchant table, each record kept as one JSON body (nothing queries them
-- by column).
ALTER TABLE party ADD COLUMN purse INTEGER NOT NULL DEFAULT 0;
ALTER TABLE party ADD COLUMN currency TEXT NOT NULL DEFAULT 'coin';
ALTER TABLE party ADD COLUMN travel TEXT NOT NULL DEFAULT '{}';
ALTER TABLE campaign ADD COLUMN weather_table INTEGER;
ALTER TABLE campaign ADD COLUMN gather_table INTEGER;
CREATE TABLE place (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE map_path (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE travel_round (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE ware (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
