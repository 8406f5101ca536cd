//! A migration that has shipped is never changed: a campaign file already
//! migrated by it would not be migrated again, so an edit to it reaches
//! only new files, and two GMs' files of the same version would differ
//! (0012 was renamed and edited after it was committed). A change to the
//! schema is a new migration. Each shipped migration's checksum (FNV-1a,
//! 64 bits, of its text with CRLF read as LF) is listed here; a new
//! migration adds its line when it ships.

use std::path::Path;

const SHIPPED: &[(&str, u64)] = &[
    ("0001_init.sql", 0xd157f5d37a889fdd),
    ("0002_journeys.sql", 0xda2c4fc8e0e8990d),
    ("0003_played_exhaustion.sql", 0xc36891d6d7969d94),
    ("0004_travel_rounds.sql", 0x4501fbbc482b5fef),
    ("0005_gathering.sql", 0xe238aa8a2f2e630a),
    ("0006_advancement.sql", 0xeb7a7ae40607660b),
    ("0007_fights_and_senses.sql", 0xcdb4080e94e7670c),
    ("0008_food_need.sql", 0x1765362d2d046cc0),
    ("0009_food_and_drink_apart.sql", 0x47eb41bb7f87ce93),
    ("0010_suggested_tables.sql", 0xbd17599061d6b47d),
    ("0011_calendar.sql", 0xf5492b823a32ef28),
    ("0012_regions_and_events.sql", 0x764ebad5a286435d),
    ("0013_house_rules.sql", 0xe5d00a247fe2c9b5),
    ("0014_notes_shown.sql", 0x694bab9e71b1f2dd),
    ("0015_players.sql", 0x9eeab0c744d17546),
    ("0016_tool_training.sql", 0x020063ef379ee028),
    ("0017_suggested_items.sql", 0x15263497af946cc7),
    ("0018_kept.sql", 0x002ece6514d97c61),
    ("0019_leap_festivals.sql", 0xe35ba58d8c6a9ec8),
    ("0020_calendar_shapes.sql", 0x518b6b9c34d1c7dd),
    ("0021_moon_resets.sql", 0x6fef9e9e8a43015a),
    ("0022_food_opened.sql", 0x3dd46d335ea059ce),
    ("0023_undo_history.sql", 0xe95f5456325cbf1c),
    ("0024_party_present.sql", 0xe4082c7d1b29df44),
    ("0025_animals.sql", 0x1b428d56e8a52cc2),
    ("0026_vehicles.sql", 0xbadbf10d676e8c26),
    ("0027_undo_history_undone.sql", 0x21636345167b3f00),
    ("0028_edits_written.sql", 0x1c6f256ce59a2ebe),
    ("0029_sharing.sql", 0x9cd0f9712e97a6c5),
    ("0030_share_undone_and_held.sql", 0xc9c0_3a7e_0e8e_9d51),
];

fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn checksum(text: &str) -> u64 {
    fnv1a(text.replace("\r\n", "\n").into_bytes().into_iter())
}

fn migrations() -> Vec<(String, String)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    let mut found: Vec<(String, String)> = std::fs::read_dir(&folder)
        .expect("the migrations folder")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            (
                name,
                std::fs::read_to_string(&path).expect("a migration's text"),
            )
        })
        .collect();
    found.sort();
    found
}

#[test]
fn the_checksum_is_fnv_1a() {
    // The published test vectors of FNV-1a 64.
    assert_eq!(checksum(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(checksum("a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(checksum("a\r\n"), checksum("a\n"));
}

#[test]
fn every_shipped_migration_is_unchanged() {
    let found = migrations();
    for (name, sum) in SHIPPED {
        let text = found
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, text)| text)
            .unwrap_or_else(|| panic!("migrations/{name} shipped and is gone: keep it"));
        assert_eq!(
            checksum(text),
            *sum,
            "migrations/{name} was changed after it shipped: put it back and write the change as a new migration"
        );
    }
}

#[test]
fn every_migration_is_listed_once_it_ships() {
    let names: Vec<String> = migrations().into_iter().map(|(n, _)| n).collect();
    let listed: Vec<String> = SHIPPED.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(
        names, listed,
        "a migration was added or renamed: a new one adds its checksum to SHIPPED"
    );
}
