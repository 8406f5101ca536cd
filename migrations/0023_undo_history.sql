-- The undo history kept in the file (issue 52), so an edit made by the
-- command line, or before the window was closed, can be undone in the
-- window. Each row is one edit as made (its changes' before and after, as
-- JSON); `undone` marks the rows redo would write again. The rows undone
-- are always the newest, so undo takes the newest row not undone and redo
-- the oldest undone. Bounded by the session (the newest edits only). Not
-- a record: never exported.
CREATE TABLE undo_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    label TEXT NOT NULL,
    changes TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
);
