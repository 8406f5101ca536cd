//! Exploration and travel hour by hour (`exploration-and-travel.txt`):
//! marching pace, altitude, swimming and temperature in [`march`]; food and
//! drink and foraging in [`rations`]; survey and gather in [`gather`] and their odds in [`gather_odds`];
//! cold water and breath in [`water`]; falling, quicksand, lava and ice in
//! [`ground`]; senses, light and hiding in [`senses`]. Every test is the d20
//! trait test of [`crate::check`].

pub mod gather;
pub mod gather_odds;
pub mod ground;
pub mod march;
pub mod rations;
pub mod senses;
pub mod water;

named_enum! {
    /// The damage types whose immunity matters for the weather.
    pub enum DamageType("damage type") {
        /// Cold damage: extreme cold and cold water.
        Cold => "cold",
        /// Fire damage: extreme heat.
        Heat => "heat",
    }
}
