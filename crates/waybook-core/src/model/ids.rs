//! Typed ids, one per kind of record (declared in `kinds.rs`), so a party
//! id can never be passed for a character.

use crate::model::kinds::{declare_ids, record_kinds};

record_kinds!(declare_ids, []);
