//! Small enums the GM picks from a list: their stored key and their label.

/// The kebab-case key (stored in the file, used in JSON) and the label shown
/// to the GM, for every small enum the GM picks from a list.
pub trait Choice: Sized + Copy + PartialEq + strum::IntoEnumIterator + 'static {
    fn key(self) -> &'static str;
    fn label(self) -> &'static str;
    fn from_key(key: &str) -> Option<Self> {
        Self::iter().find(|c| c.key() == key)
    }
}

macro_rules! choice {
    ($($t:ty),*) => {$(
        impl $crate::model::Choice for $t {
            fn key(self) -> &'static str {
                self.into()
            }
            fn label(self) -> &'static str {
                strum::EnumMessage::get_message(&self).unwrap_or_else(|| self.key())
            }
        }
    )*};
}
pub(crate) use choice;

/// `Choice` for an enum of the rules engine, which names its keys and labels
/// itself (`rules::named_enum!`).
macro_rules! named_choice {
    ($($t:ty),*) => {$(
        impl $crate::model::Choice for $t {
            fn key(self) -> &'static str {
                self.as_str()
            }
            fn label(self) -> &'static str {
                <$t>::label(self)
            }
        }
    )*};
}
pub(crate) use named_choice;
