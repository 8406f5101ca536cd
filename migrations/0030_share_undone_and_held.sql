-- A field that undoing days the GM set aside could not put back, because a
-- later edit had changed it since (a trip's log, written on by the next
-- day): put back to `value` once undoing that edit leaves it at `expect`,
-- so days undone in any order leave every field the same.
CREATE TABLE share_covered (
    tbl TEXT NOT NULL,
    row_key TEXT NOT NULL,
    field TEXT NOT NULL,
    expect TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (tbl, row_key, field, expect)
);

-- The days of other machines an edit's machine held out, unmerged, when it
-- made the edit: though within what it had seen, it had not lived on from
-- them (`held` of the journal's records), kept with each edit sent and each
-- day kept here.
ALTER TABLE share_out ADD COLUMN held TEXT NOT NULL DEFAULT '[]';
ALTER TABLE share_days ADD COLUMN held TEXT NOT NULL DEFAULT '[]';

-- The choices of days that set each day aside (their edits): a day made
-- on from a day set aside, by a machine that had not yet seen any of them,
-- is set aside with it.
ALTER TABLE share_days ADD COLUMN aside_by TEXT NOT NULL DEFAULT '[]';

-- Every writer of the value a field holds, not only the last: two machines
-- that wrote one value apart are both its writers, so an edit that had
-- seen one of them and not the other changed it apart from the other.
CREATE TABLE share_writers (
    tbl TEXT NOT NULL,
    row_key TEXT NOT NULL,
    field TEXT NOT NULL,
    machine TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (tbl, row_key, field, machine)
);
INSERT INTO share_writers (tbl, row_key, field, machine, seq)
    SELECT tbl, row_key, field, machine, seq FROM share_written;
DROP TABLE share_written;
ALTER TABLE share_writers RENAME TO share_written;
