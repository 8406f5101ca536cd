//! The table of user actions: each one's label, tooltip and shortcut in one
//! place (as Rerun's `re_ui` command table). Menus and shortcuts read it.

use egui::{Key, KeyboardShortcut, Modifiers};
use strum::{EnumIter, IntoEnumIterator};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter)]
pub enum Action {
    NewCampaign,
    OpenCampaign,
    SaveCopy,
    ExportPdf,
    ExportJson,
    ImportJson,
    ImportCsv,
    ExportPack,
    ImportPack,
    MakeHandouts,
    OpenTable,
    ShareFolder,
    JoinShared,
    Sharing,
    Snapshots,
    CloseCampaign,
    Quit,
    Undo,
    Redo,
    CommandPalette,
    AddCharacter,
    NewJourney,
    PlayNextHour,
    NextTravelRound,
    PrintJourney,
}

impl Action {
    pub fn label(self) -> &'static str {
        match self {
            Action::NewCampaign => "New…",
            Action::OpenCampaign => "Open…",
            Action::SaveCopy => "Save a Copy As…",
            Action::ExportPdf => "Export PDF…",
            Action::ExportJson => "Export JSON…",
            Action::ImportJson => "Import JSON…",
            Action::ImportCsv => "Import CSV…",
            Action::ExportPack => "Export pack…",
            Action::ImportPack => "Import pack…",
            Action::MakeHandouts => "Make handouts…",
            Action::OpenTable => "Open the table…",
            Action::ShareFolder => "Share through a folder…",
            Action::JoinShared => "Join a shared campaign…",
            Action::Sharing => "Sharing…",
            Action::Snapshots => "Snapshots…",
            Action::CloseCampaign => "Close",
            Action::Quit => "Quit",
            Action::Undo => "Undo",
            Action::Redo => "Redo",
            Action::CommandPalette => "Command palette…",
            Action::AddCharacter => "Add character",
            Action::NewJourney => "New journey",
            Action::PlayNextHour => "Play the journey's next hour",
            Action::NextTravelRound => "Next travel round",
            Action::PrintJourney => "Print journey packet…",
        }
    }

    pub fn tooltip(self) -> &'static str {
        match self {
            Action::NewCampaign => "Create a new, empty campaign file",
            Action::OpenCampaign => "Open a campaign file",
            Action::SaveCopy => "Write a consistent copy of this campaign to another file",
            Action::ExportPdf => "Print character, party or blank sheets to a PDF",
            Action::ExportJson => "Write the whole campaign as JSON, to import again or read",
            Action::ImportJson => "Make a new campaign from a JSON export",
            Action::ImportCsv => "Add characters to the roster from a CSV file, one per row",
            Action::ExportPack => {
                "Write the house rules (tables, merchant table, cults, regions, calendar, switches) as one file to share"
            }
            Action::ImportPack => {
                "Bring another table's house rules into this campaign, choosing what becomes of each clash"
            }
            Action::MakeHandouts => {
                "Each player's sheets, party, map as they know it, journey ahead and chronicle, as PDFs or HTML, without what the GM keeps"
            }
            Action::OpenTable => {
                "Each player follows their view on their own phone, live, over the local network (plain HTTP: a link shows that player's view to whoever holds it)"
            }
            Action::ShareFolder => {
                "Keep this campaign in step with your other machines through a folder your sync service keeps (Syncthing, Dropbox, OneDrive, a network share)"
            }
            Action::JoinShared => {
                "Make this machine's copy of a campaign another machine shares through a folder"
            }
            Action::Sharing => {
                "The machines sharing this campaign, what is waiting, and the conflicts to choose"
            }
            Action::Snapshots => {
                "The copies Waybook keeps of this campaign; restore one as a new file"
            }
            Action::CloseCampaign => "Close this campaign (everything is already saved)",
            Action::Quit => "Close Waybook (everything is already saved)",
            Action::Undo => "Take back the last change",
            Action::Redo => "Make the last undone change again",
            Action::CommandPalette => "Find any command or screen by typing part of its name",
            Action::AddCharacter => "Add a hero to the roster and open their sheet",
            Action::NewJourney => "Plan a new journey for the first party",
            Action::PlayNextHour => {
                "Play the chosen journey's next hour, every roll logged with its working"
            }
            Action::NextTravelRound => {
                "Go on along the party's path with the Navigation Phase, or choose a path"
            }
            Action::PrintJourney => {
                "Print the chosen journey's plan, tests, food ledger and log to a PDF"
            }
        }
    }

    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        let cmd = Modifiers::COMMAND;
        let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        Some(match self {
            Action::ExportJson
            | Action::ImportJson
            | Action::ImportCsv
            | Action::ExportPack
            | Action::ImportPack
            | Action::MakeHandouts
            | Action::OpenTable
            | Action::ShareFolder
            | Action::JoinShared
            | Action::Sharing
            | Action::Snapshots
            | Action::AddCharacter
            | Action::NewJourney
            | Action::PlayNextHour
            | Action::NextTravelRound
            | Action::PrintJourney => return None,
            Action::NewCampaign => KeyboardShortcut::new(cmd, Key::N),
            Action::OpenCampaign => KeyboardShortcut::new(cmd, Key::O),
            Action::SaveCopy => KeyboardShortcut::new(cmd_shift, Key::S),
            Action::ExportPdf => KeyboardShortcut::new(cmd, Key::P),
            Action::CloseCampaign => KeyboardShortcut::new(cmd, Key::W),
            Action::Quit => KeyboardShortcut::new(cmd, Key::Q),
            Action::Undo => KeyboardShortcut::new(cmd, Key::Z),
            Action::Redo => KeyboardShortcut::new(cmd_shift, Key::Z),
            Action::CommandPalette => KeyboardShortcut::new(cmd, Key::K),
        })
    }

    /// Whether the action makes sense without an open campaign.
    pub fn needs_campaign(self) -> bool {
        !matches!(
            self,
            Action::NewCampaign
                | Action::OpenCampaign
                | Action::JoinShared
                | Action::ImportJson
                | Action::CommandPalette
                | Action::Quit
        )
    }

    pub fn all() -> impl Iterator<Item = Action> {
        Action::iter()
    }

    /// Every shortcut of the action: its own, and Ctrl+Shift+P for the palette.
    pub fn shortcuts(self) -> Vec<KeyboardShortcut> {
        let mut all: Vec<KeyboardShortcut> = self.shortcut().into_iter().collect();
        if self == Action::CommandPalette {
            all.push(KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::P,
            ));
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_actions_share_a_shortcut() {
        let shortcuts: Vec<_> = Action::all().flat_map(Action::shortcuts).collect();
        for (i, a) in shortcuts.iter().enumerate() {
            for b in &shortcuts[i + 1..] {
                assert!(a != b, "{a:?} is used twice");
            }
        }
    }
}
