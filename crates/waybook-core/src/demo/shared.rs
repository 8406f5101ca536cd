//! The demo shared with a second machine (issue 56), so a new GM meets
//! sharing on the first run: the demo goes through a folder beside it in
//! the data folder, a "Laptop (demo)" with a data folder of its own joins
//! it and writes two edits apart — a note on the map, merged, and a note
//! on Brother Ilo that this machine wrote too, a conflict waiting in
//! File > Sharing… with both values and who wrote the other. Both also
//! lived days of the second party's apart (its GM ran a session on each
//! machine: two days on the laptop, one here), so File > Sharing… asks
//! whose days to keep.

use crate::model::{Change, Edit};
use crate::sharing::Machine;
use crate::store::{self, Campaign};
use std::path::Path;

/// The folder the demo is shared through, in the data folder `dir`.
pub const FOLDER: &str = "Demo shared folder";
/// The demo laptop's data folder and working copy, in `dir`.
const LAPTOP: &str = "Demo laptop";

/// Shares the demo `campaign`, in the data folder `dir`, as this machine
/// (`dir`'s), with the demo laptop's edits waiting in its journal; this
/// machine's own note on Brother Ilo is made here.
pub fn share_demo(campaign: &mut Campaign, dir: &Path) -> store::Result<()> {
    let folder = dir.join(FOLDER);
    let laptop_dir = dir.join(LAPTOP);
    for made in [&folder, &laptop_dir] {
        std::fs::create_dir_all(made).map_err(|cause| store::StoreError::Io {
            path: made.clone(),
            cause,
        })?;
    }
    let here = Machine::of_data_dir(dir, None)?;
    let laptop = Machine::of_data_dir(&laptop_dir, Some("Laptop (demo)"))?;
    campaign.share(&folder, &here)?;
    let (mut apart, _) = Campaign::join(&folder, &laptop_dir.join("demo.waybook"), &laptop)?;
    let theirs = apart.load()?;
    let place = theirs.places.values().next().cloned();
    if let Some(place) = place {
        let mut noted = place.clone();
        noted.notes =
            "The ferry runs again since the spring floods (noted on the laptop)".to_owned();
        apart.apply(&Edit::new(
            format!("Notes on {}", place.name),
            vec![Change::of(Some(&place), Some(&noted))],
        ))?;
    }
    let ilo = |data: &crate::model::CampaignData| {
        data.characters
            .values()
            .find(|c| c.name == "Brother Ilo")
            .cloned()
    };
    if let Some(hero) = ilo(&theirs) {
        let mut noted = hero.clone();
        noted.notes = "Paid the ferryman's favour at Harrowgate".to_owned();
        apart.apply(&Edit::new(
            "Notes on Brother Ilo",
            vec![Change::character(Some(&hero), Some(&noted))],
        ))?;
    }
    live_days(&mut apart, 2, "the laptop's session", 1205)?;
    apart.publish_edits(&laptop)?;
    if let Some(hero) = ilo(&campaign.load()?) {
        let mut noted = hero.clone();
        noted.notes = "Owes the ferryman a favour".to_owned();
        campaign.apply(&Edit::new(
            "Notes on Brother Ilo",
            vec![Change::character(Some(&hero), Some(&noted))],
        ))?;
    }
    live_days(campaign, 1, "this machine's session", 1206)
}

/// Moves the second party's present on `days` days at rest on `campaign`.
fn live_days(campaign: &mut Campaign, days: i64, why: &str, seed: u64) -> store::Result<()> {
    let data = campaign.load()?;
    let Some(party) = data.parties.values().nth(1) else {
        return Ok(());
    };
    let edit = crate::edits::clock::move_on(
        &data,
        Some(party.id),
        (
            days * data.settings.day_hours,
            crate::plan::rest::Meals::Fed,
        ),
        why,
        &mut waybook_rules::dice::Dice::seeded(seed),
    )
    .map_err(store::StoreError::Sharing)?;
    campaign.apply(&edit)?;
    Ok(())
}
