-- The campaign's calendar (months, weekdays, festivals, leap rule, era, the
-- date of day 1, seasons, moons) as one JSON body; NULL is the Gregorian
-- calendar every campaign had before.
ALTER TABLE campaign ADD COLUMN calendar TEXT;
