-- Whether a roll table is Waybook's suggestion (the rule texts name the
-- table but give none) rather than the GM's own: shown as such wherever the
-- table is rolled or printed, until the GM makes it theirs.
ALTER TABLE roll_table ADD COLUMN suggested INTEGER NOT NULL DEFAULT 0 CHECK (suggested IN (0, 1));
