//! The campaign screen: the campaign's name, which rule texts are switched
//! on, the day's length and how much a long rest restores.

use super::fields::FieldBuffers;
use crate::app::Command;
use crate::model::{CampaignData, RuleText, limits};
use egui::{RichText, Ui};
use strum::IntoEnumIterator;

pub fn campaign_ui(
    ui: &mut Ui,
    fields: &mut FieldBuffers,
    data: &CampaignData,
    out: &mut Vec<Command>,
) {
    let s = &data.settings;
    ui.heading("Campaign settings");
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        if let Some(name) = fields.text(ui, "campaign:name", "Campaign name", &s.name, 300.0) {
            fields.commit(out, s, "campaign name", |s| s.name = name);
        }
    });
    ui.add_space(8.0);
    ui.label(RichText::new("Rule texts").strong());
    ui.label(
        RichText::new(
            "A switched-off rule text hides its section on every sheet; nothing is deleted.",
        )
        .weak(),
    );
    for text in RuleText::iter() {
        let mut on = s.enabled(text);
        if ui.checkbox(&mut on, text.label()).changed() {
            fields.commit(out, s, &format!("{} switch", text.label()), |s| {
                s.set_enabled(text, on)
            });
        }
    }
    ui.add_space(8.0);
    if let Some(v) = fields.whole(
        ui,
        "campaign:day",
        "Hours in a day",
        s.day_hours,
        &limits::DAY_HOURS,
    ) {
        fields.commit(out, s, "day length", |s| s.day_hours = v);
    }
    ui.label(
        RichText::new(format!(
            "Base travel hours per day: {} (a third of the day).",
            s.day_hours / 3
        ))
        .weak(),
    );
    if let Some(v) = fields.whole(
        ui,
        "campaign:rest",
        "Degrees a long rest removes",
        s.long_rest_degrees,
        &limits::LONG_REST_DEGREES,
    ) {
        fields.commit(out, s, "long rest", |s| s.long_rest_degrees = v);
    }
    ui.add_space(8.0);
    ui.label(RichText::new(format!("Campaign clock: {}", s.clock)).strong());
    ui.horizontal(|ui| {
        if let Some(day) = fields.whole(
            ui,
            "campaign:clock-day",
            "Day",
            s.clock.day,
            &limits::CLOCK_DAY,
        ) {
            fields.commit(out, s, "campaign clock", |s| s.clock.day = day);
        }
        if let Some(hour) = fields.whole(
            ui,
            "campaign:clock-hour",
            "Hour",
            s.clock.hour,
            &limits::hour_of_day(s.day_hours),
        ) {
            fields.commit(out, s, "campaign clock", |s| s.clock.hour = hour);
        }
    });
    ui.label(
        RichText::new("Playing a journey moves the clock; new journeys set off from it.").weak(),
    );
}
