-- Two machines, one campaign (issue 56): what this working copy needs to
-- share its edits through a synced folder and merge the other machines'.
--
-- The count of edits the file has had leaves the campaign row for a row
-- of its own: the campaign row's settings travel to the other machines,
-- and a count that every edit bumps would make each edit change them.
CREATE TABLE edit_count (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    written INTEGER NOT NULL
);
INSERT INTO edit_count (id, written) SELECT 1, COALESCE(MAX(written), 0) FROM campaign;
ALTER TABLE campaign DROP COLUMN written;

-- This working copy's sharing, once it shares or joined: the folder, the
-- machine it belongs to, the block its new ids are taken from, the last
-- sequence number of its own edits, its hybrid logical clock, and the
-- length of its journal once it last wrote it.
CREATE TABLE share (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    folder TEXT NOT NULL,
    machine TEXT NOT NULL,
    id_block INTEGER NOT NULL CHECK (id_block >= 0),
    seq INTEGER NOT NULL DEFAULT 0,
    clock INTEGER NOT NULL DEFAULT 0,
    published INTEGER NOT NULL DEFAULT 0
);

-- This machine's edits as changesets, written in each edit's transaction
-- and appended to its journal in the folder; kept, so a journal the sync
-- service rolls back to an older copy is written again. Each with the
-- last edit of every machine merged here when it was made (JSON), and a
-- choice of a party's days (JSON) when it is one.
CREATE TABLE share_out (
    seq INTEGER PRIMARY KEY,
    clock INTEGER NOT NULL,
    label TEXT NOT NULL,
    changeset BLOB NOT NULL,
    choices TEXT NOT NULL DEFAULT '[]',
    seen TEXT NOT NULL DEFAULT '{}',
    days TEXT
);

-- How far each other machine's journal has been merged here.
CREATE TABLE share_seen (
    machine TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    byte_offset INTEGER NOT NULL,
    clock INTEGER NOT NULL DEFAULT 0
);

-- A field two machines changed apart, this machine's value kept until the
-- GM chooses (JSON values; `field` '' is the whole record).
CREATE TABLE share_conflict (
    id INTEGER PRIMARY KEY,
    tbl TEXT NOT NULL,
    row_key TEXT NOT NULL,
    field TEXT NOT NULL,
    mine TEXT NOT NULL,
    theirs TEXT NOT NULL,
    machine TEXT NOT NULL,
    seq INTEGER NOT NULL,
    clock INTEGER NOT NULL,
    label TEXT NOT NULL
);

-- The latest choice made for a field, here or on another machine: its
-- clock and machine (an earlier choice arriving later is not applied over
-- it; of two with one clock, the machine's id decides) and the edits its
-- chooser had seen, by machine (an edit among them arriving later is
-- settled by it; one not among them is a new conflict).
CREATE TABLE share_chosen (
    tbl TEXT NOT NULL,
    row_key TEXT NOT NULL,
    field TEXT NOT NULL,
    clock INTEGER NOT NULL,
    machine TEXT NOT NULL DEFAULT '',
    seen TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (tbl, row_key, field)
);

-- A party's days as this copy knows them: every edit, this machine's or
-- merged, that moved a party's present (and what another machine did on
-- from its own days held here), from where to where, with its changeset
-- and what its machine had seen. 'applied' is in this copy; 'held' is
-- another machine's days played apart from this copy's, kept out until
-- the GM keeps one machine's days; 'set_aside' was not kept (undone here,
-- or never merged; its changeset stays).
CREATE TABLE share_days (
    machine TEXT NOT NULL,
    seq INTEGER NOT NULL,
    party INTEGER NOT NULL,
    clock INTEGER NOT NULL,
    label TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('applied', 'held', 'set_aside')),
    seen TEXT NOT NULL DEFAULT '{}',
    changeset BLOB,
    from_day INTEGER,
    from_hour INTEGER,
    to_day INTEGER,
    to_hour INTEGER,
    PRIMARY KEY (machine, seq, party)
);
CREATE INDEX share_days_of_party ON share_days (party, state);

-- Who last wrote each field of this copy (a column, or a key of a JSON
-- body: `body.name`), this machine or another, by machine and edit: an
-- edit whose machine had not seen that write changed the field apart.
CREATE TABLE share_written (
    tbl TEXT NOT NULL,
    row_key TEXT NOT NULL,
    field TEXT NOT NULL,
    machine TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (tbl, row_key, field)
);

-- What undoing days the GM set aside would have given back to the counts
-- of a row a later edit had removed (a stack eaten to nothing), owed to
-- the row until undoing that edit puts it back.
CREATE TABLE share_owed (
    tbl TEXT NOT NULL,
    row_key TEXT NOT NULL,
    col TEXT NOT NULL,
    delta INTEGER NOT NULL,
    PRIMARY KEY (tbl, row_key, col)
);
