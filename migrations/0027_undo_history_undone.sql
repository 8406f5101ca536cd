-- The rows of the undo history marked undone, found without reading the
-- others (issue 55): a new edit forgets them, and the scan that found them
-- read every edit's changes, a millisecond an edit with a full history.
CREATE INDEX undo_history_undone ON undo_history (id) WHERE undone = 1;
