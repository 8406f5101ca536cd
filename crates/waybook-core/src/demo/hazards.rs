//! The demo's hazards and senses: Sefa Qorrin sees in the dark (Nightvision
//! from her lineage and from a moonstone charm, so 21 m), Ødric Hale feels
//! the ground (Tremorsense); after the toll bridge Ash Varnell fell from its
//! broken rail into the river below and swam the cold water out, both
//! booked on him and in the log of last game night.

use crate::hazards::{Hazard, HazardStep, play};
use crate::model::hazard::{FallCause, Sense, SenseKind};
use crate::model::{CampaignData, Change, Edit, LogKind};
use waybook_rules::dice::Dice;

/// Senses on two heroes, then Ash's fall and swim.
pub fn senses_and_hazards(data: &CampaignData) -> Vec<Edit> {
    let mut after = data.clone();
    let mut edits = Vec::new();
    let find = |data: &CampaignData, name: &str| {
        data.characters.values().find(|c| c.name == name).cloned()
    };
    let senses = [
        (
            "Sefa Qorrin",
            vec![(SenseKind::Nightvision, 18), (SenseKind::Nightvision, 9)],
        ),
        ("Ødric Hale", vec![(SenseKind::Tremorsense, 6)]),
    ];
    let changes: Vec<Change> = senses
        .into_iter()
        .filter_map(|(name, senses)| {
            let before = find(&after, name)?;
            let mut c = before.clone();
            c.exploration.senses = senses
                .into_iter()
                .map(|(kind, range_m)| Sense { kind, range_m })
                .collect();
            Some(Change::character(Some(&before), Some(&c)))
        })
        .collect();
    let edit = Edit::new("Give the demo heroes their senses", changes);
    edit.changes.iter().for_each(|c| after.apply(c));
    edits.push(edit);
    let Some(ash) = find(&after, "Ash Varnell") else {
        return edits;
    };
    // 12 m into the river (4d10, halved by a good landing: the d20 a 17),
    // then six minutes in the cold water (a d20 a minute past the free ones).
    let mut dice = Dice::scripted(vec![17, 4, 2, 5, 6, 14, 11, 9, 15, 3, 12]);
    for hazard in [
        Hazard::Fall {
            height_m: 12,
            glide: false,
            into_water: true,
            cause: FallCause::Height,
        },
        Hazard::ColdWater {
            minutes: 6,
            depth_m: 3,
        },
    ] {
        let step = HazardStep {
            character: ash.id,
            hazard,
        };
        let Ok(edit) = play(&after, &step, &mut dice) else {
            break;
        };
        super::book(&mut after, &mut edits, LogKind::Hazard, edit, &mut dice);
    }
    edits
}
