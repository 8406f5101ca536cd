//! The GM's roll tables as stored: a name, a dice expression as the GM typed
//! it, and rows of ranges with results. The rules engine checks and rolls
//! them (`crate::rules::tables::RollTable`).

use super::TableId;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRowDef {
    pub from: i32,
    pub to: i32,
    pub result: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableDef {
    pub id: TableId,
    pub name: String,
    pub dice: String,
    pub rows: Vec<TableRowDef>,
}
