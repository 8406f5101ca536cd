-- The degrees of exhaustion each test gave while a journey was played, so
-- the charts can draw what was played against what was forecast.
ALTER TABLE journey ADD COLUMN exhaustion_gained TEXT NOT NULL DEFAULT '[]';
