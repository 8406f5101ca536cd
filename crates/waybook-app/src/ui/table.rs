//! File > Open the table…: the window of the table while it is open. It
//! says plainly what a link gives (read access to that player's view, to
//! whoever holds it, over plain HTTP on the local network), then lists each
//! player's and party's link with its QR code to scan, a button to renew it
//! (the old one stops at once) or close it, and who is following (the
//! link's name, the device's address, when last seen, whether their page
//! shows the campaign as it is). The GM may move the table to another of
//! the machine's addresses.

use crate::app::table::{TableState, TableStep};
use crate::app::{App, Command};
use egui::{RichText, Ui};
use waybook_table::links::{Link, Target};

/// The side of a QR code's module, in points.
const MODULE: usize = 3;

/// The window, while the table is open and shown.
pub fn table_ui(ui: &mut Ui, app: &mut App, out: &mut Vec<Command>) {
    let Some(state) = app.table.as_mut().filter(|s| s.window) else {
        return;
    };
    let mut open = true;
    egui::Window::new("The table")
        .open(&mut open)
        .default_width(620.0)
        .default_height(560.0)
        .show(ui.ctx(), |ui| {
            ui.label(format!(
                "Open on {}. Each link gives read access to that player's view to whoever holds it, over plain HTTP on the local network: share it with them alone.",
                state.table.address()
            ));
            address_ui(ui, state, out);
            egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
                for i in 0..state.links.len() {
                    link_ui(ui, state, i, out);
                }
            });
            followers_ui(ui, state);
            if ui
                .button("Close the table")
                .on_hover_text("Every link stops; they work again when the table opens")
                .clicked()
            {
                out.push(Command::Table(TableStep::Close));
            }
        });
    if !open {
        out.push(Command::Table(TableStep::Window(false)));
    }
}

/// Where the table answers: a choice of the machine's addresses, and a
/// button to move it there (greyed, with why, where it is already).
fn address_ui(ui: &mut Ui, state: &mut TableState, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        super::choices::list_combo(
            ui,
            "table address",
            "Address",
            &mut state.choice,
            &state.addresses,
        );
        let here = state.choice == state.table.address().ip();
        let moved = ui
            .add_enabled(!here, egui::Button::new("Move the table"))
            .on_disabled_hover_text("The table is open on this address already")
            .on_hover_text("Opens the table on this address: the links change");
        if moved.clicked() {
            out.push(Command::Table(TableStep::Move(state.choice)));
        }
    });
    if state.choice.is_unspecified() {
        ui.label(
            RichText::new(
                "Every network this computer is on, not only the table's: whoever holds a link on any of them can read that view.",
            )
            .color(ui.visuals().warn_fg_color),
        );
    }
}

/// One link: whose, its address and QR code, renew and close.
fn link_ui(ui: &mut Ui, state: &mut TableState, i: usize, out: &mut Vec<Command>) {
    let link: Link = state.links[i].clone();
    let whose = match link.target {
        Target::Player(_) => link.name.clone(),
        Target::Party(_) => format!("{} (table screen)", link.name),
    };
    ui.group(|ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            if let Some(path) = link.path() {
                let url = state.table.url(&path);
                let code = qr_texture(ui, state, &url);
                ui.image((code.id(), code.size_vec2()));
                ui.vertical(|ui| {
                    ui.strong(&whose);
                    ui.add(egui::Label::new(RichText::new(&url).monospace()).selectable(true));
                    ui.horizontal(|ui| {
                        if ui.button(format!("Renew {}'s link", link.name)).clicked() {
                            out.push(Command::Table(TableStep::Renew(link.target)));
                        }
                        if ui.button(format!("Close {}'s link", link.name)).clicked() {
                            out.push(Command::Table(TableStep::CloseLink(link.target)));
                        }
                    });
                });
            } else {
                ui.vertical(|ui| {
                    ui.strong(&whose);
                    ui.label(RichText::new("Closed: the link shows nothing.").weak());
                    if ui
                        .button(format!("Give {} a new link", link.name))
                        .clicked()
                    {
                        out.push(Command::Table(TableStep::Renew(link.target)));
                    }
                });
            }
        });
    });
}

/// The QR code of `url`, drawn once and kept.
fn qr_texture(ui: &Ui, state: &mut TableState, url: &str) -> egui::TextureHandle {
    if let Some(code) = state.codes.get(url) {
        return code.clone();
    }
    let image = match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => {
            let width = code.width();
            let colours = code.to_colors();
            // A quiet zone of four modules around, as readers expect.
            let side = (width + 8) * MODULE;
            let mut pixels = vec![egui::Color32::WHITE; side * side];
            for (k, colour) in colours.iter().enumerate() {
                if *colour == qrcode::Color::Dark {
                    let (x, y) = ((k % width + 4) * MODULE, (k / width + 4) * MODULE);
                    for dy in 0..MODULE {
                        for dx in 0..MODULE {
                            pixels[(y + dy) * side + x + dx] = egui::Color32::BLACK;
                        }
                    }
                }
            }
            egui::ColorImage::new([side, side], pixels)
        }
        Err(_) => egui::ColorImage::new([1, 1], vec![egui::Color32::WHITE]),
    };
    let texture = ui
        .ctx()
        .load_texture(format!("qr {url}"), image, egui::TextureOptions::NEAREST);
    state.codes.insert(url.to_owned(), texture.clone());
    texture
}

/// Who follows which link, from where, how long ago.
fn followers_ui(ui: &mut Ui, state: &TableState) {
    let followers = state.table.followers();
    ui.strong(format!("Following ({})", followers.len()));
    if followers.is_empty() {
        ui.label(RichText::new("Nobody yet: a phone that opens a link shows here.").weak());
    }
    for f in followers {
        let ago = f.last_seen.elapsed().as_secs();
        let shows = if f.shows >= f.latest {
            "up to date"
        } else {
            "catching up"
        };
        ui.label(format!(
            "{} · {} · seen {ago} s ago · {shows}",
            f.name, f.address
        ));
    }
}
