//! What moves the campaign's world in time, above its data: the one clock
//! and what its moves book (`clock`), the weather's rolls by region and
//! their forecast (`weather`), and the chronicle of the days lived
//! (`chronicle`). The calendar that names the days is data (`model::calendar`).

pub mod chronicle;
pub mod clock;
pub mod weather;
