//! Where text and widgets sit on screen, below every widget module
//! (`input`, `choices`, `lists`, `forms`): how wide a text is on one line, a
//! widget Tab moves to scrolled into view, and hover text asked for only
//! under the pointer.

use egui::{Color32, Ui};

/// A field Tab moves to is scrolled into view: egui leaves it where it
/// is, out of view or not.
pub fn in_view(response: egui::Response) -> egui::Response {
    if response.gained_focus() {
        response.scroll_to_me(None);
    }
    response
}

/// `text` shown on hover, asked for only while the pointer is on the
/// widget: asking egui whether a tooltip shows costs more than a small
/// widget, and a grid or a map asks for hundreds each frame.
pub fn hover_ui(response: egui::Response, text: impl FnOnce(&mut Ui)) -> egui::Response {
    if response.contains_pointer() {
        response.on_hover_ui(text)
    } else {
        response
    }
}

/// How wide `text` is laid out on one line in `style`.
pub fn text_width(ui: &Ui, text: &str, style: egui::TextStyle) -> f32 {
    ui.painter()
        .layout_no_wrap(
            text.to_owned(),
            style.resolve(ui.style()),
            Color32::PLACEHOLDER,
        )
        .size()
        .x
}
