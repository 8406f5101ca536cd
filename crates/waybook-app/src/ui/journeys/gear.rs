//! The party's animals, vehicles and load on a journey's Route tab: which
//! of its vehicles it brings (one left behind stays with its cargo), what
//! its ways of travelling lack, and the speeds what it has sets, each a
//! house rule said as one (`plan::gear` decides; this only shows it).

use super::*;
use waybook_core::plan::gear::Gear;

pub(super) fn gear_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    (j, gear): (&Journey, &Gear),
    out: &mut Vec<Command>,
) {
    if gear.vehicles.is_empty()
        && gear.animals == 0
        && gear.refusals.is_empty()
        && gear.notes.is_empty()
    {
        return;
    }
    ui.label(RichText::new("Animals, vehicles and load").strong());
    ui.label(RichText::new(format!("The party's load: {}", gear.load.words())).weak());
    for (id, words) in &gear.vehicles {
        let mut brought = !j.plan.left_behind.contains(id);
        if ui
            .checkbox(&mut brought, format!("Bring {words}"))
            .on_hover_text("A vehicle left behind stays with its cargo")
            .changed()
        {
            fields.commit(out, j, "vehicles brought", |j| {
                j.plan.left_behind.retain(|v| v != id);
                if !brought {
                    j.plan.left_behind.push(*id);
                }
            });
        }
    }
    for refusal in &gear.refusals {
        ui.label(RichText::new(refusal).color(ERROR_COLOUR));
    }
    for note in &gear.notes {
        ui.label(RichText::new(note).weak());
    }
}
