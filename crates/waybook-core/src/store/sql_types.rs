//! How typed ids, the small enums and JSON columns travel in and out of SQLite.

use crate::model::{
    CharacterId, Choice, HoldingId, ItemId, JourneyId, PartyId, PlayerId, TableId, VehicleId,
};
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

macro_rules! sql_id {
    ($($t:ident),*) => {$(
        impl ToSql for $t {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                self.0.to_sql()
            }
        }
        impl FromSql for $t {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                i64::column_result(value).map($t)
            }
        }
    )*};
}

sql_id!(
    CharacterId,
    PartyId,
    PlayerId,
    ItemId,
    HoldingId,
    JourneyId,
    TableId,
    VehicleId
);

/// Reads a stored enum key, failing loudly on a key this build doesn't know.
pub fn choice_from_sql<C: Choice>(value: ValueRef<'_>) -> FromSqlResult<C> {
    let text = value.as_str()?;
    C::from_key(text).ok_or_else(|| FromSqlError::Other(format!("unknown value “{text}”").into()))
}

/// A list or plan kept as JSON text in one column.
pub(super) fn to_json<T: serde::Serialize>(value: &T) -> rusqlite::Result<String> {
    serde_json::to_string(value).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}

pub(super) fn from_json<T: serde::de::DeserializeOwned>(
    at: usize,
    text: &str,
) -> rusqlite::Result<T> {
    serde_json::from_str(text).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(at, rusqlite::types::Type::Text, Box::new(e))
    })
}

impl ToSql for crate::model::DiceText {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_str()))
    }
}

/// Dice that do not parse are a damaged file, never a table to roll on.
impl FromSql for crate::model::DiceText {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        value
            .as_str()?
            .parse()
            .map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}
