//! The one question a campaign asks as it is opened when it holds texts of
//! no party (events, places, paths, sites) marked "the party", which no
//! player sees (`model::partyless`, issue 50, item 27): share them with
//! every player, as an older Waybook did, or keep them GM only. One choice
//! for all of them, one undoable edit; the question stays until it is
//! answered (neither answer shows a player what the GM did not choose), and
//! once answered there is nothing left to ask about.

use crate::app::App;
use egui::{RichText, Ui};
use waybook_core::model::partyless::{self, Marked, Settle};

/// The most texts listed by name; the rest are counted.
const LISTED: usize = 8;

pub fn partyless_ui(ui: &mut Ui, app: &mut App) {
    if !app.partyless_asked {
        return;
    }
    let Some(session) = &app.session else {
        return;
    };
    let data = &session.data;
    let marked = partyless::marked(data);
    if marked.is_empty() {
        app.partyless_asked = false;
        return;
    }
    let players: Vec<&str> = data.players.values().map(|p| p.name.as_str()).collect();
    let modal = egui::Modal::new(egui::Id::unique("partyless")).show(ui.ctx(), |ui| {
        ui.set_max_width(480.0);
        ui.heading("Who sees these?");
        ui.label(said(&marked));
        for m in marked.iter().take(LISTED) {
            ui.label(RichText::new(format!("• {} ({})", m.name, m.kind)).weak());
        }
        if marked.len() > LISTED {
            ui.label(RichText::new(format!("and {} more", marked.len() - LISTED)).weak());
        }
        ui.label("Choose once for all of them; Edit › Undo takes the choice back.");
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let share = ui.add_enabled(
                !players.is_empty(),
                egui::Button::new(Settle::EveryPlayer.label()),
            );
            let share = if players.is_empty() {
                share.on_disabled_hover_text("The campaign has no players yet")
            } else {
                share.on_hover_text(format!("{} see them", players.join(", ")))
            };
            let keep = ui
                .button(Settle::GmOnly.label())
                .on_hover_text("Only you see them; share any of them later where it is shown");
            if share.clicked() {
                Some(Settle::EveryPlayer)
            } else if keep.clicked() {
                Some(Settle::GmOnly)
            } else {
                None
            }
        })
        .inner
    });
    // Escape or a click outside leaves it asked: there is no right answer
    // without the GM's.
    if let Some(choice) = modal.inner {
        app.settle_partyless(choice);
    }
}

/// "2 calendar events and 1 place are shown to “The party”, but …".
fn said(marked: &[Marked]) -> String {
    let (are, they, sees) = if marked.len() == 1 {
        ("is", "it belongs", "it")
    } else {
        ("are", "they belong", "them")
    };
    format!(
        "{} {are} shown to “The party”, but {they} to no party, so no player sees {sees}. An older Waybook showed such texts to every player.",
        waybook_core::model::capitalised(&partyless::counted(marked))
    )
}
