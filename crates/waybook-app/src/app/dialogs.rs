//! File dialogs behind a small trait: rfd in the app, a scripted fake in
//! tests. rfd on Linux answers "cancelled" within milliseconds when there is
//! no desktop portal or zenity; an answer that fast cannot be a person, so it
//! is reported as [`DialogOutcome::Unavailable`] and the app offers a path field.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, PartialEq)]
pub enum DialogOutcome {
    Picked(PathBuf),
    Cancelled,
    Unavailable,
}

/// What a dialog is for: its title and the file it suggests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DialogPurpose {
    #[default]
    NewCampaign,
    OpenCampaign,
    SaveCopy,
    ExportPdf,
    ExportJson,
    /// The JSON export to import.
    ImportJson,
    /// The CSV roster to add to the campaign.
    ImportCsv,
    /// The CSV table to add to the campaign.
    ImportTable,
    /// A Foundry VTT roll table's JSON to add to the campaign.
    ImportFoundry,
    /// A Fantasy-Calendar.com, Simple Calendar or Seasons & Stars file to
    /// take the calendar from.
    ImportCalendar,
    /// Where the calendar is written as Fantasy-Calendar.com JSON.
    ExportCalendar,
    /// Where a table is written as CSV.
    ExportTable,
    /// Where the house rules are written as a pack.
    ExportPack,
    /// The house-rule pack to bring in.
    ImportPack,
    /// The new campaign an import or a restored snapshot becomes.
    NewFromCopy,
    /// The folder a campaign is shared through.
    ShareFolder,
    /// The shared folder to join.
    JoinFolder,
    /// This machine's working copy of a shared campaign.
    JoinCopy,
}

impl DialogPurpose {
    pub fn title(self) -> &'static str {
        match self {
            DialogPurpose::NewCampaign => "New campaign",
            DialogPurpose::OpenCampaign => "Open campaign",
            DialogPurpose::SaveCopy => "Save a copy as",
            DialogPurpose::ExportPdf => "Export as PDF",
            DialogPurpose::ExportJson => "Export the campaign as JSON",
            DialogPurpose::ImportJson => "Import a campaign from JSON",
            DialogPurpose::ImportCsv => "Import characters from CSV",
            DialogPurpose::ImportTable => "Import a roll table from CSV",
            DialogPurpose::ImportFoundry => "Import a roll table from Foundry VTT",
            DialogPurpose::ImportCalendar => {
                "Import a calendar (Fantasy-Calendar, Simple Calendar, Seasons & Stars)"
            }
            DialogPurpose::ExportCalendar => "Export the calendar for Fantasy-Calendar",
            DialogPurpose::ExportTable => "Export the roll table as CSV",
            DialogPurpose::ExportPack => "Export the house rules as a pack",
            DialogPurpose::ImportPack => "Import a house-rule pack",
            DialogPurpose::NewFromCopy => "Save the new campaign as",
            DialogPurpose::ShareFolder => "Share through a folder your sync service keeps",
            DialogPurpose::JoinFolder => "Join the campaign shared through a folder",
            DialogPurpose::JoinCopy => "Save this machine's copy of the shared campaign as",
        }
    }

    /// The extension of the file this dialog is for.
    pub fn extension(self) -> &'static str {
        match self {
            DialogPurpose::ShareFolder | DialogPurpose::JoinFolder => "",
            DialogPurpose::ExportPdf => "pdf",
            DialogPurpose::ExportJson
            | DialogPurpose::ImportJson
            | DialogPurpose::ExportPack
            | DialogPurpose::ImportPack
            | DialogPurpose::ImportFoundry
            | DialogPurpose::ImportCalendar
            | DialogPurpose::ExportCalendar => "json",
            DialogPurpose::ImportCsv | DialogPurpose::ImportTable | DialogPurpose::ExportTable => {
                "csv"
            }
            _ => "waybook",
        }
    }

    /// The file name the dialog suggests, whatever it is for.
    pub fn suggested_name(self) -> &'static str {
        match self {
            DialogPurpose::NewCampaign => "campaign.waybook",
            DialogPurpose::OpenCampaign => "campaign.waybook",
            DialogPurpose::SaveCopy => "copy.waybook",
            DialogPurpose::ExportPdf => "sheets.pdf",
            DialogPurpose::ExportJson | DialogPurpose::ImportJson => "campaign.json",
            DialogPurpose::NewFromCopy => "restored.waybook",
            DialogPurpose::ImportCsv => "roster.csv",
            DialogPurpose::ImportTable | DialogPurpose::ExportTable => "table.csv",
            DialogPurpose::ImportFoundry => "table.json",
            DialogPurpose::ImportCalendar | DialogPurpose::ExportCalendar => "calendar.json",
            DialogPurpose::ExportPack | DialogPurpose::ImportPack => "house-rules.json",
            DialogPurpose::ShareFolder | DialogPurpose::JoinFolder => "Waybook shared",
            DialogPurpose::JoinCopy => "campaign.waybook",
        }
    }
}

pub trait FileDialogs {
    /// A file for `purpose`; a save dialog offers `name`.
    fn pick(&mut self, purpose: DialogPurpose, name: &str) -> DialogOutcome;
}

/// Native dialogs through rfd, on the UI thread.
pub struct NativeDialogs;

const FASTER_THAN_A_PERSON: Duration = Duration::from_millis(250);

impl FileDialogs for NativeDialogs {
    fn pick(&mut self, purpose: DialogPurpose, name: &str) -> DialogOutcome {
        let dialog = rfd::FileDialog::new().set_title(purpose.title());
        let dialog = match purpose.extension() {
            "pdf" => dialog.add_filter("PDF", &["pdf"]),
            "json" => dialog.add_filter("JSON", &["json"]),
            "csv" => dialog.add_filter("CSV", &["csv"]),
            _ => dialog.add_filter("Waybook campaign", &["waybook"]),
        };
        let started = Instant::now();
        let picked = match purpose {
            DialogPurpose::ShareFolder | DialogPurpose::JoinFolder => rfd::FileDialog::new()
                .set_title(purpose.title())
                .pick_folder(),
            DialogPurpose::OpenCampaign
            | DialogPurpose::ImportJson
            | DialogPurpose::ImportCsv
            | DialogPurpose::ImportTable
            | DialogPurpose::ImportFoundry
            | DialogPurpose::ImportCalendar
            | DialogPurpose::ImportPack => dialog.pick_file(),
            _ => dialog.set_file_name(name).save_file(),
        };
        match picked {
            Some(path) => DialogOutcome::Picked(path),
            None if started.elapsed() < FASTER_THAN_A_PERSON => DialogOutcome::Unavailable,
            None => DialogOutcome::Cancelled,
        }
    }
}

/// Answers dialogs from a script, in order; an empty script answers "cancelled".
#[derive(Debug, Default)]
pub struct ScriptedDialogs(pub VecDeque<DialogOutcome>);

impl ScriptedDialogs {
    pub fn new(answers: impl IntoIterator<Item = DialogOutcome>) -> Self {
        Self(answers.into_iter().collect())
    }
}

impl FileDialogs for ScriptedDialogs {
    fn pick(&mut self, _purpose: DialogPurpose, _name: &str) -> DialogOutcome {
        self.0.pop_front().unwrap_or(DialogOutcome::Cancelled)
    }
}
