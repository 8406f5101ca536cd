//! `waybook tables`: the campaign's roll tables (name, dice, rows, whether
//! each can be rolled and why not), or one as CSV; and `waybook
//! import-table`: a table from a spreadsheet's CSV, or tables from Foundry
//! VTT's RollTable JSON, after a snapshot, never over a table of the same
//! name unless told to replace it.

use super::snapshots::snapshots_of;
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use waybook_core::exchange::foundry::{self, FoundryTable};
use waybook_core::exchange::table_csv::{self, TableImport};
use waybook_core::model::{CampaignData, Edit, TableDef};
use waybook_core::store::snapshots::Reason;
use waybook_core::store::{Campaign, HistoryStep};

#[derive(Debug, clap::Args)]
pub struct TablesArgs {
    pub file: PathBuf,
    /// Print JSON instead of lines.
    #[arg(long)]
    pub json: bool,
    /// Print the table of this name as CSV (for a spreadsheet, or `import-table`).
    #[arg(long, value_name = "NAME", conflicts_with = "json")]
    pub csv: Option<String>,
    /// Write the table of this name, and the tables it draws, as Foundry
    /// VTT RollTable JSON files into the folder --out.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["json", "csv"], requires = "out")]
    pub foundry: Option<String>,
    /// The folder the Foundry files are written to.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Write over files of the same names in --out.
    #[arg(long)]
    pub overwrite: bool,
}

#[derive(Debug, clap::Args)]
pub struct ImportTableArgs {
    pub file: PathBuf,
    /// The CSV file: a heading row whose first cell is the dice (d6, 2d6),
    /// then one row per result: its total or range (3, 2-5) and what it
    /// gives. Without a heading row, the dice are worked out from the rows.
    #[arg(long, required_unless_present = "foundry", conflicts_with = "foundry")]
    pub csv: Option<PathBuf>,
    /// Foundry VTT RollTable JSON files, each a table keeping its own name;
    /// a result that draws another table rolls it when it is among them;
    /// read as Foundry draws them (results on one total together, a total
    /// none covers rolled again).
    #[arg(long, num_args = 1.., value_name = "JSON")]
    pub foundry: Vec<PathBuf>,
    /// The columns of the CSV file that become tables, each named after its
    /// column (without it, the first column of results); a file without a
    /// heading row names them by letter (B, C).
    #[arg(long, value_name = "NAME", conflicts_with = "foundry")]
    pub column: Vec<String>,
    /// The CSV table's name in the campaign, when one column becomes a
    /// table (at first the file's).
    #[arg(long, conflicts_with = "foundry")]
    pub name: Option<String>,
    /// Put the CSV table in place of the campaign's table of that name.
    #[arg(long, conflicts_with = "foundry")]
    pub replace: bool,
}

pub fn tables(args: &TablesArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let data = Campaign::open_read_only(&args.file)?.load()?;
    let mut tables: Vec<&TableDef> = data.tables.values().collect();
    waybook_core::model::sort_by_name(&mut tables, |t| &t.name);
    if let Some(name) = &args.csv {
        write!(out, "{}", table_csv::write(named(&data, name)?))?;
        return Ok(());
    }
    if let (Some(name), Some(dir)) = (&args.foundry, &args.out) {
        let t = named(&data, name)?;
        return write_foundry(t, &data, dir, args.overwrite, out);
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

/// The table called `name`, in any case.
fn named<'a>(data: &'a CampaignData, name: &str) -> anyhow::Result<&'a TableDef> {
    data.table_called(name)
        .ok_or_else(|| anyhow::anyhow!("no table is named “{name}”"))
}

/// Writes `table` and those it draws into `dir` as Foundry's JSON; refuses
/// before writing anything when a file is there and not to be written over.
fn write_foundry(
    table: &TableDef,
    data: &CampaignData,
    dir: &std::path::Path,
    overwrite: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let files = foundry::write_with_draws(table, data);
    waybook_core::files::make_folder(dir)?;
    for (name, _) in &files {
        super::may_write(&dir.join(name), overwrite)?;
    }
    for (name, text) in &files {
        waybook_core::files::write_atomically(&dir.join(name), text.as_bytes())?;
        writeln!(out, "wrote {}", dir.join(name).display())?;
    }
    Ok(())
}

pub fn import_table(args: &ImportTableArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let Some(csv) = &args.csv else {
        return import_foundry(args, out);
    };
    let file_name = csv.display().to_string();
    let text = waybook_core::files::read_spreadsheet(csv)?;
    let stem = csv.file_stem().map(|s| s.to_string_lossy().into_owned());
    let mut import = TableImport::read(&file_name, &stem.unwrap_or_default(), &text)?;
    import
        .choose(&args.column)
        .map_err(|e| anyhow::anyhow!(e))?;
    if let Some(name) = &args.name {
        import.name = name.clone();
    }
    import.replace = args.replace;
    import_with(&args.file, &file_name, out, |data| {
        (import.notes(), import.edit(data))
    })
}

/// Every Foundry table named, read, then added in one edit.
fn import_foundry(args: &ImportTableArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let mut tables = Vec::new();
    for path in &args.foundry {
        let text = waybook_core::files::read_text(path)?;
        tables.push(FoundryTable::read(&path.display().to_string(), &text)?);
    }
    let files = match args.foundry.as_slice() {
        [one] => one.display().to_string(),
        many => format!("the {} files", many.len()),
    };
    import_with(&args.file, &files, out, |data| {
        let mut notes = Vec::new();
        for t in &tables {
            if let Some(problem) = t.formula_problem()
                && let Some(dice) = t.rows_dice()
            {
                notes.push(format!(
                    "{}: {problem}; it is read as {dice}, the rows' dice",
                    t.name
                ));
            }
            for note in t.notes(&tables, data) {
                notes.push(format!("{}: {note}", t.name));
            }
        }
        (notes, foundry::import_edit(&tables, data))
    })
}

/// What an import says, and its edit or why it cannot be made.
pub(crate) type Imported = (Vec<String>, Result<Edit, Vec<String>>);

/// Makes the import's edit on the campaign after a snapshot, or says why
/// not and changes nothing; first says what the import noted.
pub(crate) fn import_with<W: Write>(
    file: &std::path::Path,
    what: &str,
    out: &mut W,
    edit_of: impl FnOnce(&CampaignData) -> Imported,
) -> anyhow::Result<()> {
    let snapshots = snapshots_of(file)?;
    let mut campaign = Campaign::open_keeping(file, &snapshots)?;
    let data = campaign.load()?;
    let (notes, edit) = edit_of(&data);
    for note in notes {
        writeln!(out, "{note}")?;
    }
    let edit = match edit {
        Ok(edit) => edit,
        Err(errors) => {
            return Err(super::snapshots::refused(
                out,
                &errors,
                &format!(
                    "nothing was imported from {what} (the reasons are above); the campaign is unchanged"
                ),
            ));
        }
    };
    snapshots.take(&campaign, Reason::Import)?;
    // Kept in the undo history: the window can take the import back.
    campaign.apply_recorded(&edit, HistoryStep::Made)?;
    writeln!(out, "{}: done", edit.label)?;
    Ok(())
}
