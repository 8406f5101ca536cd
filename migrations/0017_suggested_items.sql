-- A new campaign starts with the items the texts name (issue 34, item 14):
-- rations, water, each gatherer's tool, a torch, a tent... Their units,
-- weights and bonuses are Waybook's suggestion, marked so until the GM
-- changes them, as the starter tables are (0010). Wares keep the mark in
-- their JSON bodies.
ALTER TABLE item ADD COLUMN suggested INTEGER NOT NULL DEFAULT 0 CHECK (suggested IN (0, 1));
