-- Vehicles (issue 54): a party's carts, wagons and boats, each kept as one
-- JSON body, and a stack may be held by one (its cargo). SQLite cannot
-- change a CHECK, so the holding table is built again with a vehicle
-- among its holders and every row copied as it was (foreign keys off while
-- the migration runs: store::migrate).
CREATE TABLE vehicle (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE holding_new (
    id            INTEGER PRIMARY KEY,
    item_id       INTEGER NOT NULL REFERENCES item (id) ON DELETE RESTRICT,
    character_id  INTEGER REFERENCES character (id) ON DELETE RESTRICT,
    party_id      INTEGER REFERENCES party (id) ON DELETE RESTRICT,
    vehicle_id    INTEGER REFERENCES vehicle (id) ON DELETE RESTRICT,
    quantity      INTEGER NOT NULL CHECK (quantity > 0),
    origin        TEXT,
    CHECK ((character_id IS NOT NULL) + (party_id IS NOT NULL) + (vehicle_id IS NOT NULL) = 1)
);
INSERT INTO holding_new (id, item_id, character_id, party_id, quantity, origin)
SELECT id, item_id, character_id, party_id, quantity, origin FROM holding;
DROP TABLE holding;
ALTER TABLE holding_new RENAME TO holding;
CREATE INDEX holding_character ON holding (character_id);
CREATE INDEX holding_party ON holding (party_id);
CREATE INDEX holding_item ON holding (item_id);
CREATE INDEX holding_vehicle ON holding (vehicle_id);
