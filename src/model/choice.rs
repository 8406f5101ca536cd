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
