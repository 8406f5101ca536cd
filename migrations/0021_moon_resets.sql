-- A moon may start its cycle again on its date's day of each leap year or
-- every N years, as Simple Calendar's moons do (issue 50). The settings'
-- JSON carries it; no table changes. The schema version goes up so that
-- an older Waybook, which would run such a moon on and show the wrong
-- phases, refuses the file as written by a newer one instead.
SELECT 1;
