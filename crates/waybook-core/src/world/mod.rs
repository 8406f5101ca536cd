//! What moves the campaign's world in time, above its data: each party's
//! present and the campaign's clock, the latest of them (`present`), what
//! moving a clock on books (`clock`), the weather's rolls by region and
//! their forecast (`weather`), and the chronicle of the days lived
//! (`chronicle`). The calendar that names the days is data (`model::calendar`).

pub mod chronicle;
pub mod clock;
pub mod present;
pub mod weather;
