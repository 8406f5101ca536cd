-- Each party's own present, a date and an hour (issue 53): what a party
-- does moves it on, and only undo moves it back; the campaign's clock is
-- the latest present of any party. An older campaign gives every party
-- the campaign's clock; nothing else moves.
ALTER TABLE party ADD COLUMN now_day INTEGER NOT NULL DEFAULT 1 CHECK (now_day >= 0);
ALTER TABLE party ADD COLUMN now_hour INTEGER NOT NULL DEFAULT 8 CHECK (now_hour >= 0);
UPDATE party SET
    now_day = (SELECT clock_day FROM campaign WHERE id = 1),
    now_hour = (SELECT clock_hour FROM campaign WHERE id = 1);
