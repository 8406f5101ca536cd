-- The food units each day of a journey took from packs and stash when it
-- was played (whole items opened), so a plan can say what a played day
-- ate, apart from food the GM gave or took between days (issue 50).
ALTER TABLE journey ADD COLUMN food_opened TEXT NOT NULL DEFAULT '[]';
