//! Small enums the GM picks from a list: their stored key and their label,
//! as every enum declared with `rules::named_enum!` gives them.

pub use waybook_rules::Named as Choice;
