-- Players are records with ids (issue 34, items 4 and 36): a character
-- names its player by id (player_id), and a text shared with named players
-- names them by id, so correcting a player's name keeps what they were
-- shown and a new player given an old name inherits nothing. The players
-- are made from the names on the characters' sheets, one each; "GM" marks
-- the GM's own characters and is no player. The old text column stays,
-- unread.
CREATE TABLE player (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
INSERT INTO player (id, body)
    SELECT n, json_object('id', n, 'name', name) FROM (
        SELECT row_number() OVER (ORDER BY name) AS n, name FROM (
            SELECT DISTINCT trim(player) AS name FROM character
            WHERE trim(player) <> '' AND lower(trim(player)) <> 'gm'));
ALTER TABLE character ADD COLUMN player_id INTEGER REFERENCES player (id);
UPDATE character SET player_id =
    (SELECT p.id FROM player p WHERE json_extract(p.body, '$.name') = trim(character.player));

-- What was shared with named players names their ids.
UPDATE character SET notes_shown = json_object('players', json(
    (SELECT json_group_array(p.id ORDER BY p.id)
     FROM json_each(character.notes_shown, '$.players') AS n
     JOIN player p ON json_extract(p.body, '$.name') = trim(n.value))))
WHERE json_type(notes_shown, '$.players') = 'array';
UPDATE journey SET plan = json_set(plan, '$.shown.players', json(
    (SELECT json_group_array(p.id ORDER BY p.id)
     FROM json_each(journey.plan, '$.shown.players') AS n
     JOIN player p ON json_extract(p.body, '$.name') = trim(n.value))))
WHERE json_type(plan, '$.shown.players') = 'array';
UPDATE log_entry SET body = json_set(body, '$.shown.players', json(
    (SELECT json_group_array(p.id ORDER BY p.id)
     FROM json_each(log_entry.body, '$.shown.players') AS n
     JOIN player p ON json_extract(p.body, '$.name') = trim(n.value))))
WHERE json_type(body, '$.shown.players') = 'array';
UPDATE mission SET body = json_set(body, '$.shown.players', json(
    (SELECT json_group_array(p.id ORDER BY p.id)
     FROM json_each(mission.body, '$.shown.players') AS n
     JOIN player p ON json_extract(p.body, '$.name') = trim(n.value))))
WHERE json_type(body, '$.shown.players') = 'array';
UPDATE place SET body = json_set(body, '$.shown.players', json(
    (SELECT json_group_array(p.id ORDER BY p.id)
     FROM json_each(place.body, '$.shown.players') AS n
     JOIN player p ON json_extract(p.body, '$.name') = trim(n.value))))
WHERE json_type(body, '$.shown.players') = 'array';
UPDATE map_path SET body = json_set(body, '$.shown.players', json(
    (SELECT json_group_array(p.id ORDER BY p.id)
     FROM json_each(map_path.body, '$.shown.players') AS n
     JOIN player p ON json_extract(p.body, '$.name') = trim(n.value))))
WHERE json_type(body, '$.shown.players') = 'array';
UPDATE gathering_site SET body = json_set(body, '$.shown.players', json(
    (SELECT json_group_array(p.id ORDER BY p.id)
     FROM json_each(gathering_site.body, '$.shown.players') AS n
     JOIN player p ON json_extract(p.body, '$.name') = trim(n.value))))
WHERE json_type(body, '$.shown.players') = 'array';
UPDATE calendar_event SET body = json_set(body, '$.shown.players', json(
    (SELECT json_group_array(p.id ORDER BY p.id)
     FROM json_each(calendar_event.body, '$.shown.players') AS n
     JOIN player p ON json_extract(p.body, '$.name') = trim(n.value))))
WHERE json_type(body, '$.shown.players') = 'array';

-- "The party" now means the party a text belongs to. A place, a path, a
-- gathering site or an event belongs to none, and a log entry that names
-- no character none either: what was shared with every player stays so,
-- named one by one.
UPDATE place SET body = json_set(body, '$.shown', json_object('players',
    json((SELECT json_group_array(id ORDER BY id) FROM player))))
WHERE json_extract(body, '$.shown') = 'party';
UPDATE map_path SET body = json_set(body, '$.shown', json_object('players',
    json((SELECT json_group_array(id ORDER BY id) FROM player))))
WHERE json_extract(body, '$.shown') = 'party';
UPDATE gathering_site SET body = json_set(body, '$.shown', json_object('players',
    json((SELECT json_group_array(id ORDER BY id) FROM player))))
WHERE json_extract(body, '$.shown') = 'party';
UPDATE calendar_event SET body = json_set(body, '$.shown', json_object('players',
    json((SELECT json_group_array(id ORDER BY id) FROM player))))
WHERE json_extract(body, '$.shown') = 'party';
UPDATE log_entry SET body = json_set(body, '$.shown', json_object('players',
    json((SELECT json_group_array(id ORDER BY id) FROM player))))
WHERE json_extract(body, '$.shown') = 'party'
    AND coalesce(json_array_length(body, '$.characters'), 0) = 0;
