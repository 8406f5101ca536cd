-- Calendars may hold festivals of several days, opening the year or in the
-- week, a leap day that lengthens a festival, weeks that start again each
-- month, eras, and moons whose phase is given on a date (issue 38). The
-- settings' JSON carries them; no table changes. The schema version goes
-- up so that an older Waybook, which would misread such a calendar's
-- dates, refuses the file as written by a newer one instead.
SELECT 1;
