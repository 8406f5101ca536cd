//! Append-only schema migrations, tracked by SQLite's `user_version`
//! (in the style of cargo's `util/sqlite.rs`): migration N brings the schema
//! from version N-1 to N, all pending ones in one transaction.

use rusqlite::{Connection, OptionalExtension};

/// Never edit a shipped migration; add a new file instead.
const MIGRATIONS: &[&str] = &[
    include_str!("../../../../migrations/0001_init.sql"),
    include_str!("../../../../migrations/0002_journeys.sql"),
    include_str!("../../../../migrations/0003_played_exhaustion.sql"),
    include_str!("../../../../migrations/0004_travel_rounds.sql"),
    include_str!("../../../../migrations/0005_gathering.sql"),
    include_str!("../../../../migrations/0006_advancement.sql"),
    include_str!("../../../../migrations/0007_fights_and_senses.sql"),
    include_str!("../../../../migrations/0008_food_need.sql"),
    include_str!("../../../../migrations/0009_food_and_drink_apart.sql"),
    include_str!("../../../../migrations/0010_suggested_tables.sql"),
    include_str!("../../../../migrations/0011_calendar.sql"),
    include_str!("../../../../migrations/0012_regions_and_events.sql"),
    include_str!("../../../../migrations/0013_house_rules.sql"),
    include_str!("../../../../migrations/0014_notes_shown.sql"),
    include_str!("../../../../migrations/0015_players.sql"),
    include_str!("../../../../migrations/0016_tool_training.sql"),
    include_str!("../../../../migrations/0017_suggested_items.sql"),
    include_str!("../../../../migrations/0018_kept.sql"),
    include_str!("../../../../migrations/0019_leap_festivals.sql"),
    include_str!("../../../../migrations/0020_calendar_shapes.sql"),
    include_str!("../../../../migrations/0021_moon_resets.sql"),
    include_str!("../../../../migrations/0022_food_opened.sql"),
    include_str!("../../../../migrations/0023_undo_history.sql"),
    include_str!("../../../../migrations/0024_party_present.sql"),
    include_str!("../../../../migrations/0025_animals.sql"),
    include_str!("../../../../migrations/0026_vehicles.sql"),
    include_str!("../../../../migrations/0027_undo_history_undone.sql"),
    include_str!("../../../../migrations/0028_edits_written.sql"),
    include_str!("../../../../migrations/0029_sharing.sql"),
    include_str!("../../../../migrations/0030_share_undone_and_held.sql"),
];

/// The schema version this build writes and reads up to.
pub const LATEST_VERSION: i64 = MIGRATIONS.len() as i64;

pub fn user_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
}

/// Applies the migrations the file has not seen yet. Running it again is a no-op.
///
/// Foreign keys are off while they run (a pragma that cannot change inside
/// a transaction): a migration that builds a table again, as SQLite's own
/// way of changing a CHECK does, drops the old table without its children
/// losing their rows. Every reference is checked before the transaction
/// commits, and the keys are on again after.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let current = user_version(conn)?;
    if current >= LATEST_VERSION {
        return Ok(());
    }
    let enforced: bool = conn.pragma_query_value(None, "foreign_keys", |row| row.get(0))?;
    conn.pragma_update(None, "foreign_keys", false)?;
    let applied = apply(conn, current);
    conn.pragma_update(None, "foreign_keys", enforced)?;
    applied
}

fn apply(conn: &mut Connection, current: i64) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    for sql in MIGRATIONS
        .iter()
        .skip(usize::try_from(current).unwrap_or(0))
    {
        tx.execute_batch(sql)?;
    }
    let broken: Option<String> = tx
        .query_row("PRAGMA foreign_key_check", [], |row| row.get(0))
        .optional()?;
    if let Some(table) = broken {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
            Some(format!("a migration left a row of {table} naming nothing")),
        ));
    }
    tx.pragma_update(None, "user_version", LATEST_VERSION)?;
    tx.commit()
}
