-- Calendars may hold festivals that come only in leap years (Harptos's
-- Shieldmeet) and a leap rule that adds no month's day (issue 38). The
-- settings' JSON carries them; no table changes. The schema version goes
-- up so that an older Waybook, which would misread such a calendar's
-- dates, refuses the file as written by a newer one instead.
SELECT 1;
