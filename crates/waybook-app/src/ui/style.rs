//! Waybook's look: a calm light theme (or dark, or the system's, as the GM
//! chooses in View) with readable spacing at the GM's zoom, and the shipped
//! DejaVu Sans and Noto Sans Symbols as fallback fonts for the arrows, marks
//! and rule symbols egui's own fonts lack.

use egui::{Color32, Context, FontData, FontDefinitions, FontFamily, FontId, TextStyle, Theme};
use std::sync::Arc;

pub fn install(ctx: &Context, view: crate::app::View) {
    let mut fonts = FontDefinitions::default();
    for (name, data) in [
        ("dejavu", waybook_print::assets::TEXT_FONT),
        ("symbols", waybook_print::assets::SYMBOL_FONT),
    ] {
        fonts
            .font_data
            .insert(name.into(), Arc::new(FontData::from_static(data)));
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.into());
        }
    }
    ctx.set_fonts(fonts);
    ctx.set_theme(view.theme);
    ctx.set_zoom_factor(view.zoom);
    ctx.all_styles_mut(|style| {
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.button_padding = egui::vec2(8.0, 3.0);
        // Scroll bars that are always there and take their own room: a GM
        // sees at once that a screen goes on below, and the bar stays at
        // the window's edge instead of floating over the content.
        style.spacing.scroll = egui::style::ScrollStyle::solid();
        style.text_styles.insert(
            TextStyle::Heading,
            FontId::new(19.0, FontFamily::Proportional),
        );
        style
            .text_styles
            .insert(TextStyle::Body, FontId::new(14.0, FontFamily::Proportional));
        style.text_styles.insert(
            TextStyle::Button,
            FontId::new(14.0, FontFamily::Proportional),
        );
    });
    ctx.style_mut_of(Theme::Light, |style| {
        style.visuals.selection.bg_fill = Color32::from_rgb(0xc9, 0xdd, 0xf2);
        style.visuals.selection.stroke.color = Color32::from_rgb(0x1d, 0x3f, 0x66);
    });
}
