-- How many edits the file has had (issue 55): each edit's transaction
-- counts itself here. A reader told of the window's edits as they are made
-- (the table's worker) applies them to what it read, instead of reading
-- the whole campaign again, when the count says no one else wrote between.
ALTER TABLE campaign ADD COLUMN written INTEGER NOT NULL DEFAULT 0;
