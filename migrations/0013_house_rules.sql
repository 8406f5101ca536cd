-- The campaign's house rules (the travel methods new journeys start with,
-- each enemy tier's stats) as one JSON body; NULL is Waybook's own, which
-- every campaign had before.
ALTER TABLE campaign ADD COLUMN house_rules TEXT;
