//! The GM's roll tables: pick one (the campaign's own, or the texts' setback
//! and benign tables, which are fixed), edit its name, dice and rows, see what
//! is wrong with it, and roll on it.

use super::choices::Unpicked;
use super::input::{ERROR_COLOUR, Entry, Typing};
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::model::{CampaignData, SUGGESTED, TableDef, TableId, TableRowDef, limits};
use waybook_rules::dice::Dice;
use waybook_rules::nested::NestError;
use waybook_rules::tables::{PLACEHOLDER, RollTable, TableRoll, builtin_tables};

/// Which table is shown: one of the campaign's, or one the texts give.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Picked {
    #[default]
    None,
    Campaign(TableId),
    Text(String),
}

/// The texts' own tables, which the GM reads but does not edit.
fn text_tables() -> Vec<RollTable> {
    builtin_tables()
        .into_iter()
        .filter(|t| t.rows.iter().all(|r| !r.result.starts_with(PLACEHOLDER)))
        .collect()
}

/// Why a roll of the roller or on a table was not made.
#[derive(Debug, thiserror::Error)]
pub enum RollProblem {
    #[error(transparent)]
    Expression(#[from] waybook_rules::expr::ExprError),
    #[error(transparent)]
    Dice(#[from] waybook_rules::dice::DiceError),
    #[error(transparent)]
    Nested(#[from] NestError),
}

/// A roll's line: "Beasts: 2d6 = 7 → Wolves, 3 of them", then the rolls
/// its result named.
fn working(name: &str, r: &TableRoll) -> String {
    let line = format!("{name}: {} = {} → {}", r.roll.expr, r.roll.total, r.result);
    if r.inner.is_empty() {
        line
    } else {
        format!("{line} ({})", r.inner.join(" · "))
    }
}

/// The table picker, the editor of a campaign table, and "Roll on table".
/// Returns a roll's line of working (or why it was not made) to show.
pub fn tables_ui(
    ui: &mut Ui,
    picked: &mut Picked,
    fields: &mut Typing,
    data: &CampaignData,
    dice: &mut Dice,
    out: &mut Vec<Command>,
) -> Option<Result<String, RollProblem>> {
    let texts = text_tables();
    if *picked == Picked::None
        || matches!(picked, Picked::Campaign(id) if !data.tables.contains_key(id))
    {
        *picked = data.tables.keys().next().map_or_else(
            || Picked::Text("setback".into()),
            |id| Picked::Campaign(*id),
        );
    }
    let mut rolled = None;
    ui.horizontal(|ui| {
        picker_ui(ui, picked, data, &texts);
        let campaign = match picked {
            Picked::Campaign(id) => data.tables.get(id),
            _ => None,
        };
        let text = match picked {
            Picked::Text(name) => texts.iter().find(|t| t.name == *name),
            _ => None,
        };
        let why_not = match (campaign, text) {
            (Some(t), _) => t.check_in(data).err().map(|e| e.to_string()),
            (None, Some(_)) => None,
            (None, None) => Some("Pick a table first".to_owned()),
        };
        let roll = ui
            .add_enabled(why_not.is_none(), egui::Button::new("Roll on table"))
            .on_disabled_hover_text(why_not.unwrap_or_default());
        if roll.clicked() {
            rolled = match (campaign, text) {
                (Some(t), _) => Some(
                    t.roll_in(data, dice)
                        .map(|mut r| {
                            // Rolled for no party: an animal's fate in words.
                            r.result = waybook_core::travel::befall::in_words(&r.result);
                            working(&t.marked(), &r)
                        })
                        .map_err(RollProblem::from),
                ),
                (None, Some(t)) => Some(
                    t.roll(dice)
                        .map(|r| working(&t.name, &r))
                        .map_err(RollProblem::from),
                ),
                (None, None) => None,
            };
        }
        if ui
            .button("Import CSV…")
            .on_hover_text("A table from a spreadsheet: a heading with the dice (d6, 2d6), then a total or range and a result per row")
            .clicked()
        {
            out.push(Command::ImportTable);
        }
        if ui
            .button("Import from Foundry…")
            .on_hover_text("Roll tables exported from Foundry VTT (JSON), one file after another; tables that draw each other are linked by name")
            .clicked()
        {
            out.push(Command::ImportFoundry);
        }
        if let Some(t) = campaign
            && ui
                .button("Export CSV…")
                .on_hover_text("This table as CSV, for a spreadsheet or another campaign")
                .clicked()
        {
            out.push(Command::ExportTable(t.id));
        }
        if ui.button("New table").clicked() {
            let table = waybook_core::edits::records::add_table(data);
            *picked = Picked::Campaign(table.id);
            out.push(Command::Apply(table.edit));
        }
    });
    match picked {
        Picked::Campaign(id) => {
            if let Some(t) = data.tables.get(id) {
                editor_ui(ui, fields, data, t, out);
            }
        }
        Picked::Text(name) => {
            if let Some(t) = texts.iter().find(|t| t.name == *name) {
                text_table_ui(ui, t);
            }
        }
        Picked::None => {}
    }
    rolled
}

/// One of the texts' own tables, as the rule text gives it.
fn text_table_ui(ui: &mut Ui, t: &RollTable) {
    ui.label(
        RichText::new(format!(
            "Rolled with {}; as the rule text gives it.",
            t.dice
        ))
        .weak(),
    );
    egui::Grid::new("text-table")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for row in &t.rows {
                ui.label(if row.from == row.to {
                    row.from.to_string()
                } else {
                    format!("{}–{}", row.from, row.to)
                });
                ui.label(&row.result);
                ui.end_row();
            }
        });
}

fn editor_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    t: &TableDef,
    out: &mut Vec<Command>,
) {
    let key = |f: &str| format!("table{}:{f}", t.id.0);
    if t.suggested {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!(
                    "{SUGGESTED}: the texts name this table but give none. Its rolls say so until you make it yours (any edit does)."
                ))
                .italics(),
            );
            if ui.button("Make it mine").clicked() {
                fields.commit(out, t, "table's maker", |t| t.suggested = false);
            }
        });
    }
    ui.horizontal(|ui| {
        if let Some(name) = fields.text(ui, &key("name"), "Name", &t.name, 160.0) {
            fields.commit(out, t, "name", |t| {
                t.name = name;
                t.suggested = false;
            });
        }
        let dice_key = key("dice");
        if let Some(dice) = fields.field(ui, &dice_key, "Dice", &t.dice, &(), 80.0) {
            fields.commit(out, t, "dice", |t| {
                t.dice = dice;
                t.suggested = false;
            });
        }
    });
    rows_ui(ui, fields, data, t, out);
    if let Err(problem) = t.check_in(data) {
        // Its own rows' fault is said without its name again.
        let problem = match problem {
            NestError::Table(name, e) if name == t.name => e.to_string(),
            other => other.to_string(),
        };
        ui.label(
            RichText::new(format!("This table cannot be rolled yet: {problem}"))
                .color(ERROR_COLOUR),
        );
    }
    ui.label(
        RichText::new(
            "A result may roll another table and dice, \"{1d4} {roll: Wolves}\", and name \
             what befalls one of the party's animals in a travel round, \"{lame: Mule}\" \
             or \"{lost: animal}\".",
        )
        .weak(),
    );
}

/// Which table: the campaign's own, then the texts' fixed ones.
fn picker_ui(ui: &mut Ui, picked: &mut Picked, data: &CampaignData, texts: &[RollTable]) {
    let mut campaign: Vec<_> = data.tables.values().collect();
    waybook_core::model::sort_by_name(&mut campaign, |t| &t.name);
    let tables: Vec<(Picked, String)> = campaign
        .into_iter()
        .map(|t| (Picked::Campaign(t.id), t.name.clone()))
        .chain(texts.iter().map(|t| {
            (
                Picked::Text(t.name.clone()),
                format!("{} (rule text)", t.name),
            )
        }))
        .collect();
    let mut chosen = tables.iter().position(|(p, _)| p == picked);
    let names: Vec<(usize, &str)> = tables
        .iter()
        .enumerate()
        .map(|(i, (_, n))| (i, n.as_str()))
        .collect();
    super::choices::record_combo(
        ui,
        "table",
        "Table",
        &mut chosen,
        Unpicked::Prompt(""),
        &names,
    );
    if let Some((p, _)) = chosen.and_then(|i| tables.get(i)) {
        *picked = p.clone();
    }
}

/// The rows the editor shows at once: a table of ten thousand rows (a
/// d10000, as shared for Foundry) is edited a page at a time, its frame
/// no more work than a d100's.
const PAGE_ROWS: usize = 100;
/// The height kept below the rows for the table's buttons and problem and
/// the rolls made, and the least the rows are given.
const ROOM_BELOW_ROWS: f32 = 180.0;
const MIN_ROWS_HEIGHT: f32 = 160.0;

/// The rows of a campaign table: from, to and what each gives, a page of
/// them at a time.
fn rows_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    data: &CampaignData,
    t: &TableDef,
    out: &mut Vec<Command>,
) {
    let page_id = egui::Id::unique(("table-rows-page", t.id.0));
    let pages = t.rows.len().div_ceil(PAGE_ROWS).max(1);
    let mut page = ui
        .data(|d| d.get_temp::<usize>(page_id))
        .unwrap_or(0)
        .min(pages - 1);
    if pages > 1 {
        page_ui(ui, &mut page, pages, t.rows.len());
    }
    // The page scrolls within the panel, leaving room for what follows
    // (Add row, what is wrong, the rolls made).
    let height = (ui.available_height() - ROOM_BELOW_ROWS).max(MIN_ROWS_HEIGHT);
    egui::ScrollArea::vertical()
        .id_salt(("table-rows", t.id.0, page))
        .max_height(height)
        .show(ui, |ui| {
            egui::Grid::new("table-editor")
                .num_columns(4)
                .spacing([6.0, 4.0])
                .show(ui, |ui| {
                    let first = page * PAGE_ROWS;
                    for (i, row) in t.rows.iter().enumerate().skip(first).take(PAGE_ROWS) {
                        row_ui(ui, fields, t, i, row, out);
                        ui.end_row();
                    }
                });
        });
    ui.horizontal(|ui| {
        if ui.button("Add row").clicked() {
            // The new row is the last: its page is shown.
            page = t.rows.len() / PAGE_ROWS;
            let next = t.rows.iter().map(|r| r.to).max().map_or(1, |to| to + 1);
            fields.commit(out, t, "rows", |t| {
                t.rows.push(TableRowDef {
                    from: next,
                    to: next,
                    result: String::new(),
                });
                t.suggested = false;
            });
        }
        let asked = egui::Id::unique(("delete-table", t.id.0));
        if ui
            .button("Delete table")
            .on_hover_text("Ctrl+Z brings it back")
            .clicked()
        {
            let uses = waybook_core::model::uses_of_table(data, t);
            if uses.is_empty() {
                out.push(Command::Apply(waybook_core::edits::records::remove_table(
                    data, t,
                )));
            } else {
                ui.data_mut(|d| d.insert_temp(asked, uses));
            }
        }
        delete_in_use_ui(ui, asked, data, t, out);
    });
    ui.data_mut(|d| d.insert_temp(page_id, page));
}

/// Which page of a long table's rows is shown: "Rows 101–200 of 10000",
/// the pages before and after, and a page by its number.
fn page_ui(ui: &mut Ui, page: &mut usize, pages: usize, rows: usize) {
    ui.horizontal(|ui| {
        let first = *page * PAGE_ROWS + 1;
        let last = (first + PAGE_ROWS - 1).min(rows);
        ui.label(format!("Rows {first}–{last} of {rows}"));
        if ui
            .add_enabled(*page > 0, egui::Button::new("Previous rows"))
            .clicked()
        {
            *page -= 1;
        }
        if ui
            .add_enabled(*page + 1 < pages, egui::Button::new("Next rows"))
            .clicked()
        {
            *page += 1;
        }
        // The page typed turns to at once; out of focus, the field shows
        // the page again. Kept by egui between frames, as the page is.
        let id = ui.make_persistent_id("page-number");
        let shown = *page as i64 + 1;
        let last = pages as i64;
        let mut entry = ui
            .data(|d| d.get_temp::<Entry<i64>>(id))
            .unwrap_or_else(|| Entry::new(shown, 1..=last));
        entry.set_rule(1..=last);
        let (response, typed) = entry.show(ui, "Page", 40.0, None);
        if response.changed()
            && let Ok(number) = typed
        {
            *page = (number - 1) as usize;
        }
        if !response.has_focus() {
            entry.set(&(*page as i64 + 1));
        }
        ui.data_mut(|d| d.insert_temp(id, entry));
    });
}

/// One row of the editor: its from, to and result, and its removal.
fn row_ui(
    ui: &mut Ui,
    fields: &mut Typing,
    t: &TableDef,
    i: usize,
    row: &TableRowDef,
    out: &mut Vec<Command>,
) {
    let key = |f: &str| format!("table{}:{f}", t.id.0);
    let range = limits::TABLE_TOTAL;
    if let Some(v) = fields.whole(
        ui,
        &key(&format!("row{i}:from")),
        &format!("Row {} from", i + 1),
        i64::from(row.from),
        &range,
    ) {
        fields.commit(out, t, "a row", |t| {
            t.rows[i].from = v as i32;
            t.suggested = false;
        });
    }
    if let Some(v) = fields.whole(
        ui,
        &key(&format!("row{i}:to")),
        "to",
        i64::from(row.to),
        &range,
    ) {
        fields.commit(out, t, "a row", |t| {
            t.rows[i].to = v as i32;
            t.suggested = false;
        });
    }
    if let Some(text) = fields.text(
        ui,
        &key(&format!("row{i}:result")),
        "gives",
        &row.result,
        260.0,
    ) {
        fields.commit(out, t, "a row", |t| {
            t.rows[i].result = text;
            t.suggested = false;
        });
    }
    if ui
        .small_button("✕")
        .on_hover_text("Remove this row")
        .clicked()
    {
        fields.commit(out, t, "rows", |t| {
            t.rows.remove(i);
            t.suggested = false;
        });
    }
}

/// The question before a table in use is deleted: what rolls it, and what
/// each does without it (falls back to another table, or the GM says);
/// Delete it or Keep it.
fn delete_in_use_ui(
    ui: &mut Ui,
    asked: egui::Id,
    data: &CampaignData,
    t: &TableDef,
    out: &mut Vec<Command>,
) {
    let Some(uses) = ui.data(|d| d.get_temp::<Vec<waybook_core::model::TableUse>>(asked)) else {
        return;
    };
    let mut close = false;
    let modal = egui::Modal::new(asked.with("modal")).show(ui.ctx(), |ui| {
        ui.set_width(460.0);
        ui.heading(format!("Delete the {} table?", t.name));
        ui.label("It is in use. What rolls it, and what each does without it:");
        for what in &uses {
            ui.label(format!("• {what}"));
        }
        ui.label(RichText::new("Edit › Undo brings it back.").weak());
        ui.horizontal(|ui| {
            if ui.button("Delete it").clicked() {
                out.push(Command::Apply(waybook_core::edits::records::remove_table(
                    data, t,
                )));
                close = true;
            }
            if ui.button("Keep it").clicked() {
                close = true;
            }
        });
    });
    if close || modal.should_close() {
        ui.data_mut(|d| d.remove::<Vec<waybook_core::model::TableUse>>(asked));
    }
}
