//! The screens declared once, in the groups a GM finds them by: the company,
//! on the road, the world, at the table and the campaign. The tab row draws each
//! group under its name, the groups side by side on one line at 1280 px
//! (wrapping whole in a narrower window); the command palette names each
//! screen with its group. Every screen draws through one signature,
//! [`View::view`], with what it draws with on one [`Desk`].

use super::Screen;
use super::chronicle::ChronicleMemo;
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::model::CampaignData;
use waybook_rules::dice::Dice;

/// What every screen draws with: the campaign as it is, the commands it
/// gives, and what the app lends the screens that need it (the one dice
/// source the dice roller rolls, the log by day the Calendar and the
/// Chronicle share).
pub struct Desk<'a> {
    pub data: &'a CampaignData,
    /// The party the GM runs (`App::running`), if the campaign has one.
    pub running: Option<waybook_core::model::PartyId>,
    pub out: &'a mut Vec<Command>,
    pub dice: &'a mut Dice,
    pub log_by_day: &'a mut ChronicleMemo,
}

/// A screen, as its state draws it: says which screen the GM asked to go
/// to from it (an entry opening its screen), if any.
pub trait View {
    fn view(&mut self, ui: &mut Ui, desk: &mut Desk<'_>) -> Option<Screen>;
}

/// The [`View`] of a screen whose function draws from the campaign and
/// gives commands, and goes nowhere; marked `[running]`, it draws from
/// the campaign and the party the GM runs (`(data, running)`).
macro_rules! plain_view {
    ($($state:ty => $draw:path $([$running:ident])?;)*) => {$(
        impl $crate::ui::navigation::View for $state {
            fn view(
                &mut self,
                ui: &mut egui::Ui,
                desk: &mut $crate::ui::navigation::Desk<'_>,
            ) -> Option<$crate::ui::Screen> {
                $crate::ui::navigation::plain_view!(@draw $draw, ui, self, desk $(, $running)?);
                None
            }
        }
    )*};
    (@draw $draw:path, $ui:ident, $state:ident, $desk:ident) => {
        $draw($ui, $state, $desk.data, $desk.out)
    };
    (@draw $draw:path, $ui:ident, $state:ident, $desk:ident, running) => {
        $draw($ui, $state, ($desk.data, $desk.running), $desk.out)
    };
}
pub(super) use plain_view;

/// Every screen, once, in its group and in the order of its tab.
pub const GROUPS: &[(&str, &[Screen])] = &[
    (
        "The company",
        &[
            Screen::Roster,
            Screen::Inventory,
            Screen::Items,
            Screen::Parties,
            Screen::Heroes,
        ],
    ),
    (
        "On the road",
        &[
            Screen::Journeys,
            Screen::Map,
            Screen::Travel,
            Screen::Gathering,
            Screen::Hazards,
        ],
    ),
    (
        "The world",
        &[Screen::Weather, Screen::Calendar, Screen::Chronicle],
    ),
    ("At the table", &[Screen::Scene, Screen::Log]),
    ("The campaign", &[Screen::Campaign, Screen::Rules]),
];

/// The name of the group `screen` is in.
pub fn group_of(screen: Screen) -> &'static str {
    GROUPS
        .iter()
        .find(|(_, screens)| screens.contains(&screen))
        .map_or("", |(group, _)| group)
}

/// The tabs, group by group: the group's name small above its screens, a
/// line between groups. Tabs sit closer than other buttons so the five
/// groups share one line at 1280 px.
pub fn tabs_ui(ui: &mut Ui, current: &mut Screen) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for (i, (group, screens)) in GROUPS.iter().enumerate() {
            if i > 0 {
                ui.add(egui::Separator::default().spacing(10.0));
            }
            ui.vertical(|ui| {
                ui.label(RichText::new(*group).small().weak());
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 2.0;
                    for &screen in *screens {
                        ui.selectable_value(current, screen, screen.label());
                    }
                });
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_screen_is_in_one_group_in_the_order_of_its_tab() {
        let grouped: Vec<Screen> = GROUPS
            .iter()
            .flat_map(|(_, screens)| screens.iter().copied())
            .collect();
        assert_eq!(grouped, Screen::ALL, "each once, as the palette lists them");
        assert_eq!(group_of(Screen::Rules), "The campaign");
    }
}
