//! `waybook tables`: the campaign's roll tables (name, dice, rows, whether
//! each can be rolled and why not), or one as CSV; and `waybook
//! import-table`: a table from a spreadsheet's CSV, after a snapshot, never
//! over a table of the same name unless told to replace it.

use super::snapshots::snapshots_of;
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use waybook_core::exchange::table_csv::{self, TableImport};
use waybook_core::model::TableDef;
use waybook_core::store::Campaign;
use waybook_core::store::snapshots::Reason;

#[derive(Debug, clap::Args)]
pub struct TablesArgs {
    pub file: PathBuf,
    /// Print JSON instead of lines.
    #[arg(long)]
    pub json: bool,
    /// Print the table of this name as CSV (for a spreadsheet, or `import-table`).
    #[arg(long, value_name = "NAME", conflicts_with = "json")]
    pub csv: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct ImportTableArgs {
    pub file: PathBuf,
    /// The CSV file: a heading row whose first cell is the dice (d6, 2d6),
    /// then one row per result: its total or range (3, 2-5) and what it gives.
    #[arg(long)]
    pub csv: PathBuf,
    /// The table's name in the campaign.
    #[arg(long)]
    pub name: String,
    /// Put it in place of the campaign's table of that name.
    #[arg(long)]
    pub replace: bool,
}

pub fn tables(args: &TablesArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open(&args.file)?.load()?;
    let mut tables: Vec<&TableDef> = data.tables.values().collect();
    waybook_core::model::sort_by_name(&mut tables, |t| &t.name);
    if let Some(name) = &args.csv {
        let t = tables
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| anyhow::anyhow!("no table is named “{name}”"))?;
        write!(out, "{}", table_csv::write(t))?;
        return Ok(());
    }
    if args.json {
        let list: Vec<Value> = tables
            .iter()
            .map(|t| {
                json!({
                    "name": t.name,
                    "dice": t.dice.as_str(),
                    "rows": t.rows.iter().map(|r| json!({"from": r.from, "to": r.to, "result": r.result})).collect::<Vec<_>>(),
                    "suggested": t.suggested,
                    "problem": t.check_in(&data).err().map(|e| e.to_string()),
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&list)?)?;
        return Ok(());
    }
    for t in tables {
        let state = match t.check_in(&data) {
            Ok(()) if t.suggested => format!(" ({})", waybook_core::model::SUGGESTED),
            Ok(()) => String::new(),
            Err(e) => format!(" (cannot be rolled: {e})"),
        };
        writeln!(
            out,
            "{} · {} · {}{state}",
            t.name,
            t.dice.as_str(),
            waybook_core::model::plural(t.rows.len(), "row")
        )?;
    }
    Ok(())
}

pub fn import_table(args: &ImportTableArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let file_name = args.csv.display().to_string();
    let text = waybook_core::files::read_spreadsheet(&args.csv)?;
    let mut import = TableImport::read(&file_name, &args.name, &text)?;
    import.replace = args.replace;
    let snapshots = snapshots_of(&args.file)?;
    let mut campaign = Campaign::open_keeping(&args.file, &snapshots)?;
    let data = campaign.load()?;
    let edit = match import.edit(&data) {
        Ok(edit) => edit,
        Err(errors) => {
            return Err(super::snapshots::refused(
                out,
                &errors,
                &format!(
                    "{file_name} was not imported (the reasons are above); the campaign is unchanged"
                ),
            ));
        }
    };
    snapshots.take(&campaign, Reason::Import)?;
    campaign.apply(&edit)?;
    writeln!(out, "{}: done", edit.label)?;
    Ok(())
}
