-- A character's own food and drink need, in percent of the usual 40 units
-- a day ("increased or decreased by a multiplicative amount"), and whether
-- the campaign counts food at all ("the GG can choose to assume this is
-- always being looked after").
ALTER TABLE character ADD COLUMN e_food_percent INTEGER NOT NULL DEFAULT 100 CHECK (e_food_percent >= 0);
ALTER TABLE campaign ADD COLUMN track_food INTEGER NOT NULL DEFAULT 1 CHECK (track_food IN (0, 1));
