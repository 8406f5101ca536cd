-- Whether the campaign counts food and drink apart, for a table that wants
-- "more granular limits": half of each day's units from food, half from drink.
ALTER TABLE campaign ADD COLUMN food_drink_apart INTEGER NOT NULL DEFAULT 0 CHECK (food_drink_apart IN (0, 1));
