-- What the app keeps about a campaign outside its records (issue 35): what
-- a journey's plan came to when its packet was printed, so that the plan
-- can say what changed since, after the file is closed and opened again.
-- Not a record: never exported, never undone.
CREATE TABLE kept (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
