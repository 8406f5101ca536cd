//! The demo's gathering: a sage meadow at Old Mill Crossing, where the
//! party stands after its travel round, and an iron seam at Greyspine Foot
//! on the way up; and one finished session: Brother Ilo surveys the meadow
//! and gathers for three hours with his Botanist's Tool.

use crate::gathering::{GatherStep, play};
use crate::model::gathering::{SessionLimit, SiteMaterial};
use crate::model::{CampaignData, Change, Edit, LogKind, MaterialType, Site, SiteId};
use waybook_rules::dice::Dice;
use waybook_rules::travel::gather::Abundance;

/// The two sites, placed on the demo map.
pub fn site_changes(data: &CampaignData) -> Vec<Change> {
    let place = |name: &str| data.places.values().find(|p| p.name == name).map(|p| p.id);
    let first = data.next_id::<crate::model::Site>().0;
    let meadow = Site {
        shown: Default::default(),
        id: SiteId(first),
        name: "Mill meadow".to_owned(),
        place: place("Old Mill Crossing"),
        notes: "Wild sage and emberleaf grow thick on the burnt ground.".to_owned(),
        materials: vec![
            SiteMaterial::new("Greyspine sage", MaterialType::Plant, Abundance::Abundant),
            SiteMaterial::new("Emberleaf", MaterialType::Plant, Abundance::Uncommon),
        ],
        sources: Vec::new(),
    };
    let seam = Site {
        shown: Default::default(),
        id: SiteId(first + 1),
        name: "Foothill iron seam".to_owned(),
        place: place("Greyspine Foot"),
        notes: "Rust-red rock where the track turns up the mountain.".to_owned(),
        materials: vec![SiteMaterial::new(
            "Iron ore",
            MaterialType::Ore,
            Abundance::Rare,
        )],
        sources: Vec::new(),
    };
    [meadow, seam]
        .iter()
        .map(|s| Change::of(None, Some(s)))
        .collect()
}

/// Brother Ilo's afternoon in the meadow, with the same dice every time: a
/// survey d20 of 14 (+3 Intuition, +3 abundant: a Rich Source), then the
/// gathering tests from a seeded die.
pub fn first_session(data: &CampaignData) -> Vec<Edit> {
    let mut data = data.clone();
    let (Some(site), Some(ilo)) = (
        data.sites
            .values()
            .find(|s| s.name == "Mill meadow")
            .map(|s| s.id),
        data.characters
            .values()
            .find(|c| c.name == "Brother Ilo")
            .map(|c| c.id),
    ) else {
        return Vec::new();
    };
    let steps = [
        GatherStep::Survey {
            site,
            material: 0,
            character: ilo,
            advantage: false,
            elsewhere: false,
        },
        GatherStep::Limit {
            site,
            limit: SessionLimit::Hours(3),
        },
        GatherStep::Join {
            site,
            character: ilo,
            source: 0,
            into_stash: false,
            without_tool: false,
            elsewhere: false,
        },
        GatherStep::Gather { site, all: true },
    ];
    let mut edits = Vec::new();
    let mut survey_die = Dice::scripted(vec![14]);
    let mut dice = Dice::seeded(2026);
    for step in &steps {
        let dice = match step {
            GatherStep::Survey { .. } => &mut survey_die,
            _ => &mut dice,
        };
        let Ok(edit) = play(&data, step, dice) else {
            break;
        };
        super::book(&mut data, &mut edits, LogKind::Gathering, edit, dice);
    }
    edits
}
