//! The application's state and commands, below the screens: the open
//! session, the status line, recent files, the export running, the one dice
//! source, and the commands the screens send.
//!
//! Screens never write campaign data themselves: they push [`Command`]s, which
//! [`App::run_commands`] carries out at the end of the frame. That one place
//! writes to the store, records undo and reports failures. What the screens
//! must react to (a campaign opened, an undo) comes back to them as
//! [`Notice`]s.

pub mod actions;
pub mod crash;
mod default_campaign;
pub mod dialogs;
pub mod export;
pub mod handouts;
pub mod log;
pub mod sharing;
pub mod table;

pub use default_campaign::open_default;
pub use dialogs::{DialogOutcome, DialogPurpose, FileDialogs, NativeDialogs, ScriptedDialogs};

use std::path::{Path, PathBuf};
use waybook_core::model::step::PlayStep;
use waybook_core::model::{Edit, JourneyId, LogKind};
use waybook_core::session::Session;
use waybook_core::store::snapshots::Snapshots;
use waybook_core::store::{Campaign, StoreError};

/// A step of any domain as a command carries it; two are the same when
/// they say the same (steps are plain data).
#[derive(Clone)]
pub struct AnyStep(pub std::rc::Rc<dyn PlayStep>);

impl AnyStep {
    pub fn new(step: impl PlayStep + 'static) -> Self {
        Self(std::rc::Rc::new(step))
    }
}

impl std::fmt::Debug for AnyStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for AnyStep {
    fn eq(&self, other: &Self) -> bool {
        format!("{self:?}") == format!("{other:?}")
    }
}

impl Command {
    /// Play `step`, of any domain.
    pub fn play(step: impl PlayStep + 'static) -> Self {
        Command::Play(AnyStep::new(step))
    }
}

/// What a screen asks the app to do, carried out at the end of the frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Apply(Edit),
    /// The edit a focused field would make if it were finished now; written
    /// only if the window closes before the edit is finished.
    Draft(Edit),
    Run(actions::Action),
    OpenPath(PathBuf),
    /// Finishes a New / Save a Copy / Export started from the path field.
    PathChosen(DialogPurpose, PathBuf),
    /// Asks where to export these sheets, then renders them in the background.
    Export(Vec<waybook_print::pdf::Sheet>),
    CancelExport,
    /// Restores a snapshot as a new campaign, asking where.
    RestoreSnapshot(PathBuf),
    /// Adds the characters of a CSV import, after a snapshot.
    ImportRoster(Edit),
    /// Brings a house-rule pack in, after a snapshot.
    ImportPack(Edit),
    /// Makes the handouts the Make handouts window chose.
    MakeHandouts,
    /// Asks for a CSV file to import as a roll table.
    ImportTable,
    /// Asks for a Foundry VTT roll table's JSON, added to those waiting.
    ImportFoundry,
    /// Ask for a calendar file to import (the window then shows it).
    ImportCalendar,
    /// Make the calendar the window showed the campaign's, after a snapshot.
    BringCalendar(Box<Edit>),
    /// A step of the table's window (renew or close a link, close it).
    Table(table::TableStep),
    /// A step of the sharing window (merge now, settle a conflict).
    Sharing(sharing::SharingStep),
    /// Ask where to write the calendar as Fantasy-Calendar.com JSON.
    ExportCalendar,
    /// Asks where to write this roll table as CSV, and writes it.
    ExportTable(waybook_core::model::TableId),
    /// Plays a journey on, rolling with the app's dice.
    PlayJourney(
        waybook_core::model::JourneyId,
        waybook_core::plan::play::Until,
    ),
    /// Plays a step of any domain (a travel phase, a gathering test, an
    /// advance, a scene's action, a hazard, the weather) with the app's dice.
    Play(AnyStep),
    /// Moves the present of `party` (the one party, or the campaign's
    /// clock, when none) on by `hours`, for `why`, rolling the weather of
    /// the days it enters and booking the days it passes at rest as
    /// `meals` says; always logged.
    MoveClock {
        party: Option<waybook_core::model::PartyId>,
        hours: i64,
        meals: waybook_core::plan::rest::Meals,
        why: String,
    },
    /// Runs `party` (the menu bar's switcher): the screens' today is its
    /// present.
    RunParty(waybook_core::model::PartyId),
    /// A roll of the dice roller or a table, or the GM's event, into the
    /// log as its own edit; `at` on the campaign clock (its time now if none).
    Record {
        kind: waybook_core::model::LogKind,
        why: String,
        rolled: String,
        at: Option<waybook_core::model::ClockTime>,
    },
    Notify(String),
    /// A step refused, said in the status bar (no dialog to dismiss).
    Refuse(String),
    Fail(String),
}

/// The path field that stands in for a missing file dialog: what it is for,
/// what has been typed, and why the last path was refused.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PathPrompt {
    pub purpose: DialogPurpose,
    pub text: String,
    pub error: Option<String>,
    /// Whether the field has been given the keyboard since the prompt opened.
    pub focused_once: bool,
}

/// A calendar read from another tool's file, and whether its events come
/// with it, as the import window shows them.
#[derive(Debug, Clone)]
pub struct CalendarImportForm {
    pub import: waybook_core::exchange::calendar_import::CalendarImport,
    pub with_events: bool,
    /// Whether the campaign's events with no day in it go, in the same step.
    pub remove_stranded: bool,
}

/// What the GM must acknowledge in a dialog: its heading and its words.
#[derive(Debug, Clone, PartialEq)]
pub struct Alert {
    pub heading: &'static str,
    pub text: String,
}

/// A line in the status bar, or an error the GM must acknowledge.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub text: String,
    pub is_error: bool,
}

/// What the screens must know happened, so their own state follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// Another campaign is open: selections and typing start afresh.
    CampaignOpened,
    /// Undo or redo changed records underneath the fields.
    HistoryStepped,
    /// The GM asked to export sheets: the export dialog opens.
    ExportAsked,
    /// The GM asked to see the campaign's snapshots.
    SnapshotsAsked,
    /// The GM asked for the command palette.
    PaletteAsked,
    /// An action on what a screen has chosen (the journey shown, the party
    /// on the Travel screen): the screens carry it out, as if the GM had
    /// pressed the screen's own button.
    OnScreen(actions::Action),
}

/// How Waybook looks: the theme (light unless the GM chooses) and the zoom.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct View {
    pub theme: egui::ThemePreference,
    pub zoom: f32,
}

impl Default for View {
    fn default() -> Self {
        Self {
            theme: egui::ThemePreference::Light,
            zoom: 1.0,
        }
    }
}

/// What the next new campaign file is made from, once its name is chosen.
#[derive(Debug, Clone, PartialEq)]
pub enum PendingCopy {
    Import(Box<waybook_core::model::document::Document>),
    Snapshot(PathBuf),
}

const MAX_RECENT: usize = 8;

pub struct App {
    pub session: Option<Session>,
    pub status: Option<Message>,
    /// An error or a notice shown in a modal until the GM dismisses it.
    pub alert: Option<Alert>,
    /// Set when no file dialog could be shown: the path field asks instead.
    pub path_prompt: Option<PathPrompt>,
    pub recent: Vec<PathBuf>,
    /// Paper for exports, remembered between runs.
    pub paper: waybook_print::pdf::Paper,
    /// The theme and zoom the GM chose, remembered between runs.
    pub view: View,
    pub export_job: Option<export::ExportJob>,
    /// The one dice source of the app: random in play, scripted in tests.
    pub dice: waybook_rules::dice::Dice,
    /// The data folder, where snapshots are kept, or why there is none
    /// (tests that do not ask have none).
    pub data_dir: Result<PathBuf, String>,
    /// An older campaign that would be upgraded with no snapshot first
    /// (no data folder, or one that cannot be written), waiting for the
    /// GM's word.
    pub upgrade_asked: Option<UpgradeAsked>,
    /// Campaigns in a sync folder whose warning the GM has seen (once each).
    pub warned_sync: Vec<PathBuf>,
    /// The party the GM chose to run, if any (see [`App::running`]).
    run: Option<waybook_core::model::PartyId>,
    /// The party last run in each recent campaign file, remembered
    /// between runs.
    pub ran: std::collections::BTreeMap<PathBuf, waybook_core::model::PartyId>,
    /// The campaign just opened holds texts of no party marked "the party"
    /// (`model::partyless`): the GM is asked once what becomes of them.
    pub partyless_asked: bool,
    /// The sheets waiting for their file name.
    export_sheets: Vec<waybook_print::pdf::Sheet>,
    /// The import or snapshot waiting for its new file's name.
    pending_copy: Option<PendingCopy>,
    /// Whether the GM was told the open file was moved or deleted.
    told_file_gone: bool,
    /// The GM asked to quit: the window closes at the end of the frame.
    pub quit_asked: bool,
    /// A CSV roster read and waiting for the GM to check its mapping.
    pub csv_import: Option<waybook_core::exchange::roster_csv::RosterImport>,
    /// A CSV table read and waiting for the GM to name it and import it.
    pub table_import: Option<waybook_core::exchange::table_csv::TableImport>,
    /// Foundry tables read, one file after another, waiting to be imported.
    pub foundry_import: Option<Vec<waybook_core::exchange::foundry::FoundryTable>>,
    /// A calendar read from another tool's file, shown before it is the campaign's.
    pub calendar_import: Option<CalendarImportForm>,
    /// The table, while it is open: the players' views served live.
    pub table: Option<table::TableState>,
    /// Where the table was open last, to open it there again (remembered
    /// between runs, so the links stay the same).
    pub table_address: Option<std::net::SocketAddr>,
    /// A house-rule pack read and waiting for the GM to settle its clashes.
    pub pack_import: Option<waybook_core::exchange::pack::PackImport>,
    /// The Make handouts window, while open.
    pub handouts: Option<handouts::HandoutsForm>,
    /// The table waiting for the name of the CSV file it is written to.
    export_table: Option<waybook_core::model::TableId>,
    /// The open campaign's sharing with other machines, when it is shared.
    pub sharing: Option<sharing::SharingState>,
    /// The shared folder chosen to join, waiting for the working copy's name.
    join_folder: Option<PathBuf>,
    /// Sharing a campaign, joining one or writing a GM's choice, on a
    /// worker while the frames go on.
    pub sharing_chore: Option<sharing::Chore>,
    dialogs: Box<dyn FileDialogs>,
    commands: Vec<Command>,
    draft: Option<Edit>,
    notices: Vec<Notice>,
}

impl App {
    pub fn new(dialogs: Box<dyn FileDialogs>) -> Self {
        Self {
            session: None,
            status: None,
            alert: None,
            path_prompt: None,
            recent: Vec::new(),
            paper: waybook_print::pdf::Paper::default(),
            view: View::default(),
            export_job: None,
            dice: waybook_rules::dice::Dice::random(),
            data_dir: Err("no data folder was given".to_owned()),
            upgrade_asked: None,
            warned_sync: Vec::new(),
            partyless_asked: false,
            run: None,
            ran: std::collections::BTreeMap::new(),
            export_sheets: Vec::new(),
            pending_copy: None,
            csv_import: None,
            table_import: None,
            foundry_import: None,
            calendar_import: None,
            table: None,
            table_address: None,
            pack_import: None,
            handouts: None,
            export_table: None,
            sharing: None,
            join_folder: None,
            sharing_chore: None,
            quit_asked: false,
            told_file_gone: false,
            dialogs,
            commands: Vec::new(),
            draft: None,
            notices: Vec::new(),
        }
    }

    /// The party the GM runs: the one chosen in the menu bar while it
    /// is in the campaign, else the campaign's first; none in a campaign
    /// of no party. Each party lives its own days (issue 53): the screens
    /// show its present as today.
    pub fn running(&self) -> Option<&waybook_core::model::Party> {
        let parties = &self.session.as_ref()?.data.parties;
        (self.run.and_then(|p| parties.get(&p))).or_else(|| parties.values().next())
    }

    /// Runs `party` from now on, and next time this campaign is opened.
    fn run_party(&mut self, party: waybook_core::model::PartyId) {
        self.run = Some(party);
        if let Some(path) = self.session.as_ref().and_then(Session::path_buf) {
            self.ran.insert(path, party);
            let recent = &self.recent;
            self.ran.retain(|p, _| recent.contains(p));
        }
    }

    /// What happened since the screens last asked.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// Opens the campaign named on the command line, or the last one used,
    /// or the default one.
    pub fn open_first(&mut self, campaign: Option<Campaign>) {
        match campaign {
            Some(campaign) => self.open_campaign(campaign),
            None => self.open_last_or_default(),
        }
    }

    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    pub fn notify(&mut self, text: impl Into<String>) {
        self.status = Some(Message {
            text: sentence(text.into()),
            is_error: false,
        });
    }

    /// A step the rules or the data refuse: said in red in the status bar,
    /// with no dialog to dismiss, so the GM's next click counts.
    pub fn refuse(&mut self, text: impl Into<String>) {
        self.status = Some(Message {
            text: sentence(text.into()),
            is_error: true,
        });
    }

    /// Something went wrong that the GM must acknowledge (a file not
    /// written, a campaign that would not open): said in a dialog.
    pub fn fail(&mut self, text: impl Into<String>) {
        let text = sentence(text.into());
        self.status = Some(Message {
            text: text.clone(),
            is_error: true,
        });
        self.alert = Some(Alert {
            heading: "Something went wrong",
            text,
        });
    }

    pub fn open_campaign(&mut self, campaign: Campaign) {
        // The campaign open before is written whole before it goes.
        self.settle_writes(true);
        match Session::new(campaign) {
            Ok(mut session) => {
                // The window's frames never wait for the disk.
                session.write_behind();
                self.run = (session.path_buf()).and_then(|p| self.ran.get(&p).copied());
                if let Some(path) = session.path_buf() {
                    self.remember(path.clone());
                    self.notify(if session.is_read_only() {
                        format!(
                            "Opened {} read-only: it cannot be written, so changes are refused",
                            path.display()
                        )
                    } else if let Err(why) = &self.data_dir {
                        format!("Opened {} · snapshots are off: {why}", path.display())
                    } else {
                        format!("Opened {}", path.display())
                    });
                    self.warn_of_sync(&path);
                    let taken = (self.snapshots_of(&path)).map(|snapshots| {
                        (session.campaign())
                            .map_err(|e| e.to_string())
                            .and_then(|c| snapshots.take_daily(c).map_err(|e| e.to_string()))
                    });
                    if let Some(Err(e)) = taken {
                        self.fail(format!(
                            "Opened {}, but its daily snapshot failed: {e}",
                            path.display()
                        ));
                    }
                }
                self.notices.push(Notice::CampaignOpened);
                self.told_file_gone = false;
                // Asked as the file is opened, where it can be written.
                self.partyless_asked = !session.is_read_only()
                    && !waybook_core::model::partyless::marked(&session.data).is_empty();
                crash::campaign(session.path());
                self.session = Some(session);
                self.look_for_sharing();
            }
            Err(e) => self.fail(e.to_string()),
        }
    }

    /// Each frame (one look at the file's inode, a few microseconds): is the
    /// open file still where it was? If it was moved or deleted, the GM is
    /// told at once, before the next edit.
    fn watch_file(&mut self) {
        if self.told_file_gone {
            return;
        }
        if let Some(session) = &self.session
            && session.file_gone()
            && let Some(path) = session.path_buf()
        {
            self.told_file_gone = true;
            self.fail(format!(
                "{} was moved or deleted while it was open. What is on screen is still here: File > Save a Copy As… keeps it; further edits are refused until then.",
                path.display()
            ));
        }
    }

    /// The open file's integrity check, run while it was read: a damaged
    /// file is said at once, not only at the next edit.
    fn watch_verification(&mut self) {
        let Some(session) = &mut self.session else {
            return;
        };
        if let Some(waybook_core::store::Verdict::Damaged(reason)) = session.verdict_news() {
            let path = session.path_buf().unwrap_or_default();
            self.fail(waybook_core::store::StoreError::Damaged { path, reason }.to_string());
        }
    }

    /// The edits written behind the frames (waiting for every one with
    /// `wait`): a refusal (a full disk) is said at once, with the edits it
    /// took back.
    pub fn settle_writes(&mut self, wait: bool) {
        let Some(session) = &mut self.session else {
            return;
        };
        if let Err(e) = session.settle_writes(wait) {
            self.fail(format!("The file refused an edit: {e}"));
        }
    }

    /// Whether edits made are still being written (the frames go on until
    /// they are, to hear what became of them).
    pub fn is_writing(&self) -> bool {
        self.session.as_ref().is_some_and(Session::is_writing)
    }

    /// The campaign log read behind the first frames: taken in as soon as
    /// it is read, or at once (waiting) when `wait`; a log that could not
    /// be read is said at once.
    pub fn watch_log(&mut self, wait: bool) {
        let Some(session) = &mut self.session else {
            return;
        };
        session.settle_log(wait);
        if let Some(reason) = session.log_news() {
            let path = session.path_buf().unwrap_or_default();
            self.fail(waybook_core::store::StoreError::Damaged { path, reason }.to_string());
        }
    }

    /// A snapshot of the open campaign before a change made in bulk.
    fn snapshot_before(&mut self, reason: waybook_core::store::snapshots::Reason) {
        let Some(snapshots) = (self.session.as_ref())
            .and_then(|s| s.path())
            .and_then(|p| self.snapshots_of(p))
        else {
            return;
        };
        let Some(session) = &mut self.session else {
            return;
        };
        let taken = (session.campaign())
            .map_err(|e| e.to_string())
            .and_then(|campaign| snapshots.take(campaign, reason).map_err(|e| e.to_string()));
        if let Err(e) = taken {
            self.fail(format!(
                "The snapshot before the {} failed: {e}",
                reason.key()
            ));
        }
    }

    /// Once per campaign: a word on keeping a campaign in a sync folder.
    fn warn_of_sync(&mut self, path: &Path) {
        let Some(service) = waybook_core::files::sync_service(path) else {
            return;
        };
        if self.warned_sync.iter().any(|p| p == path) {
            return;
        }
        self.warned_sync.push(path.to_owned());
        self.alert = Some(Alert {
            heading: "A synced folder",
            text: format!(
                "{} is in a {service} folder. A sync service can copy the file while Waybook is writing it, or keep two versions when two machines change it. Waybook keeps the file whole between edits, so it syncs safely once Waybook is closed: open it on one machine at a time, or keep campaigns outside the synced folder and save copies into it.",
                path.display()
            ),
        });
    }

    /// The campaign used last time if it still opens, else the default one.
    fn open_last_or_default(&mut self) {
        if let Some(last) = self.recent.first().cloned() {
            if self.asks_before_upgrading(&last) {
                return;
            }
            match self.open_file(&last) {
                Ok(campaign) => {
                    self.open_campaign(campaign);
                    return;
                }
                // Said, never dropped: the GM learns which file and why
                // before working in another.
                Err(e) => {
                    self.alert = Some(Alert {
                        heading: "The last campaign did not open",
                        text: format!(
                            "{} could not be opened: {}. Waybook opened the default campaign instead; File › Open Recent still lists it.",
                            last.display(),
                            e.to_string().trim_end_matches('.')
                        ),
                    });
                }
            }
        }
        let default = (self.data_dir.clone())
            .map_err(anyhow::Error::msg)
            .and_then(|dir| open_default(&dir));
        match default {
            Ok(campaign) => self.open_campaign(campaign),
            Err(e) => self.fail(format!("Could not open the default campaign: {e:#}")),
        }
    }

    fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(MAX_RECENT);
    }

    /// Carries out the commands the screens sent this frame.
    /// Runs the commands given since the last call; says whether any did
    /// more than keep a draft (the screen then shows what they changed in
    /// another frame).
    pub fn run_commands(&mut self) -> bool {
        self.draft = None;
        self.finish_export();
        self.watch_file();
        self.watch_verification();
        self.settle_writes(false);
        self.follow_sharing();
        let commands = std::mem::take(&mut self.commands);
        let ran = commands.iter().any(|c| !matches!(c, Command::Draft(_)));
        // What the GM asks for (an edit, an export, a sheet) sees the whole log.
        self.watch_log(ran);
        for command in commands {
            self.run(command);
        }
        ran
    }

    /// Says, once, that Waybook closed unexpectedly last time, where the
    /// report is and what the check of the campaign found.
    pub fn tell_of_last_crash(&mut self) {
        if let Some(told) = (self.data_dir.as_deref().ok()).and_then(crash::told_after_crash) {
            self.alert = Some(Alert {
                heading: "Waybook closed unexpectedly",
                text: told,
            });
        }
    }

    /// Takes the outcome of a finished background export.
    fn finish_export(&mut self) {
        let Some(outcome) = self.export_job.as_ref().and_then(export::ExportJob::poll) else {
            return;
        };
        let Some(job) = self.export_job.take() else {
            return;
        };
        match outcome {
            Ok(done) => {
                self.notify(done.message);
                if done.written {
                    self.keep_printed(job.printed);
                }
            }
            Err(e) => self.fail(e.to_string()),
        }
    }

    /// Keeps in the campaign what each journey's packet printed, so that
    /// its plan says what changed since, even after the file is opened
    /// again. Not keeping it loses nothing but that: the GM is told.
    fn keep_printed(&mut self, printed: Vec<(JourneyId, waybook_core::plan::summary::Printed)>) {
        let Some(session) = &mut self.session else {
            return;
        };
        for (journey, printed) in printed {
            let key = waybook_core::plan::summary::Printed::key(journey);
            let kept = serde_json::to_string(&printed)
                .map_err(|e| e.to_string())
                .and_then(|value| session.keep(key, value).map_err(|e| e.to_string()));
            if let Err(e) = kept {
                self.fail(format!("The packet was printed, but what it printed could not be kept to compare the plan with later: {e}"));
                return;
            }
        }
    }

    /// Writes the edit still being typed, and waits for every edit made
    /// to be written: called when the window closes.
    pub fn flush_draft(&mut self) {
        if let Some(edit) = self.draft.take() {
            self.run(Command::Apply(edit));
        }
        self.settle_writes(true);
    }

    fn run(&mut self, command: Command) {
        crash::command(&command);
        match command {
            Command::Apply(edit) => {
                let Some(session) = &mut self.session else {
                    return;
                };
                let label = edit.label.clone();
                match session.apply(edit) {
                    Ok(()) => self.notify(format!("{label}: saved")),
                    Err(e) => self.fail(format!("{label} was not saved: {e}")),
                }
            }
            Command::Draft(edit) => self.draft = Some(edit),
            Command::Run(action) => self.run_action(action),
            Command::ImportRoster(edit) => {
                self.csv_import = None;
                self.snapshot_before(waybook_core::store::snapshots::Reason::Import);
                self.run(Command::Apply(edit));
            }
            Command::ImportTable => self.ask_path(DialogPurpose::ImportTable),
            Command::ImportFoundry => self.ask_path(DialogPurpose::ImportFoundry),
            Command::ImportCalendar => self.ask_path(DialogPurpose::ImportCalendar),
            Command::ExportCalendar => self.ask_path(DialogPurpose::ExportCalendar),
            Command::Table(step) => self.table_step(step),
            Command::Sharing(step) => self.sharing_step(step),
            Command::BringCalendar(edit) => {
                self.calendar_import = None;
                self.snapshot_before(waybook_core::store::snapshots::Reason::Import);
                self.run(Command::Apply(*edit));
            }
            Command::MakeHandouts => self.make_handouts(),
            Command::ImportPack(edit) => {
                self.pack_import = None;
                self.snapshot_before(waybook_core::store::snapshots::Reason::Import);
                self.run(Command::Apply(edit));
            }
            Command::ExportTable(table) => {
                self.export_table = Some(table);
                self.ask_path(DialogPurpose::ExportTable);
            }
            Command::RestoreSnapshot(snapshot) => {
                self.pending_copy = Some(PendingCopy::Snapshot(snapshot));
                self.ask_path(DialogPurpose::NewFromCopy);
            }
            Command::OpenPath(path) => self.open_path(&path),
            Command::Export(sheets) => {
                if self.export_job.is_some() {
                    self.notify("An export is already running");
                } else if !sheets.is_empty() {
                    self.export_sheets = sheets;
                    self.ask_path(DialogPurpose::ExportPdf);
                }
            }
            Command::PlayJourney(id, until) => self.play_journey(id, until),
            Command::Play(step) => self.play_step(&*step.0),
            Command::MoveClock {
                party,
                hours,
                meals,
                why,
            } => self.move_clock(party, (hours, meals), &why),
            Command::RunParty(party) => self.run_party(party),
            Command::Record {
                kind,
                why,
                rolled,
                at,
            } => self.record(kind, why, rolled, at),
            Command::CancelExport => {
                if let Some(job) = &self.export_job {
                    job.cancel();
                }
            }
            Command::PathChosen(purpose, path) => self.path_chosen(purpose, path, false),
            Command::Notify(text) => self.notify(text),
            Command::Refuse(text) => self.refuse(text),
            Command::Fail(text) => self.fail(text),
        }
    }

    /// A menu, palette or key action.
    fn run_action(&mut self, action: actions::Action) {
        use actions::Action;
        match action {
            Action::Undo => self.step_history(true),
            Action::Redo => self.step_history(false),
            Action::CloseCampaign => {
                self.settle_writes(true);
                self.sharing = None;
                if let Some(session) = self.session.take() {
                    let name = session.data.settings.name.clone();
                    drop(session);
                    self.notify(format!("Closed {name}"));
                }
            }
            Action::Quit => {
                self.flush_draft();
                self.quit_asked = true;
            }
            Action::NewCampaign => self.ask_path(DialogPurpose::NewCampaign),
            Action::OpenCampaign => self.ask_path(DialogPurpose::OpenCampaign),
            Action::ExportPdf => {
                if self.session.is_some() {
                    self.notices.push(Notice::ExportAsked);
                }
            }
            Action::SaveCopy => {
                if self.session.is_some() {
                    self.ask_path(DialogPurpose::SaveCopy);
                }
            }
            Action::ExportJson => {
                if self.session.is_some() {
                    self.ask_path(DialogPurpose::ExportJson);
                }
            }
            Action::ImportJson => self.ask_path(DialogPurpose::ImportJson),
            Action::ImportCsv => {
                if self.session.is_some() {
                    self.ask_path(DialogPurpose::ImportCsv);
                }
            }
            Action::ExportPack | Action::ImportPack => {
                if self.session.is_some() {
                    self.ask_path(if action == Action::ExportPack {
                        DialogPurpose::ExportPack
                    } else {
                        DialogPurpose::ImportPack
                    });
                }
            }
            Action::MakeHandouts => self.open_handouts(),
            Action::ShareFolder => {
                if self.session.is_some() {
                    self.ask_path(DialogPurpose::ShareFolder);
                }
            }
            Action::JoinShared => self.ask_path(DialogPurpose::JoinFolder),
            Action::Sharing => {
                if let Some(sharing) = &mut self.sharing {
                    sharing.window = true;
                } else if self.session.is_some() {
                    self.notify("This campaign is not shared: File > Share through a folder… starts sharing it");
                }
            }
            Action::OpenTable => self.open_table(None),
            Action::CommandPalette => self.notices.push(Notice::PaletteAsked),
            action @ (Action::AddCharacter
            | Action::NewJourney
            | Action::PlayNextHour
            | Action::NextTravelRound
            | Action::PrintJourney) => {
                if self.session.is_some() {
                    self.notices.push(Notice::OnScreen(action));
                }
            }
            Action::Snapshots => {
                if self.session.is_some() {
                    self.notices.push(Notice::SnapshotsAsked);
                }
            }
        }
    }

    /// Plays a journey on to `until`, rolling with the app's dice.
    fn play_journey(
        &mut self,
        id: waybook_core::model::JourneyId,
        until: waybook_core::plan::play::Until,
    ) {
        let Some(session) = &self.session else { return };
        let Some(journey) = session.data.journeys.get(&id) else {
            return;
        };
        use waybook_core::plan::play::{PlayError, advance};
        self.dice.take_tape();
        match advance(&session.data, journey, until, &mut self.dice) {
            Ok(edit) => self.logged(LogKind::Journey, Ok(edit)),
            Err(arrived @ PlayError::Arrived { .. }) => self.notify(arrived.to_string()),
            Err(e) => {
                let why = e.in_words(&session.data.settings);
                self.refuse(format!("The journey could not be played on: {why}"));
            }
        }
    }

    fn step_history(&mut self, undo: bool) {
        let Some(session) = &mut self.session else {
            return;
        };
        let result = if undo { session.undo() } else { session.redo() };
        let verb = if undo { "Undid" } else { "Redid" };
        if matches!(result, Ok(Some(_))) {
            self.notices.push(Notice::HistoryStepped);
        }
        match result {
            Ok(Some(label)) => self.notify(format!("{verb}: {label}")),
            Ok(None) => self.notify(if undo {
                "Nothing to undo"
            } else {
                "Nothing to redo"
            }),
            Err(e) => self.fail(format!(
                "Could not {}: {e}",
                if undo { "undo" } else { "redo" }
            )),
        }
    }

    fn ask_path(&mut self, purpose: DialogPurpose) {
        let name = self.suggested_name(purpose);
        match self.dialogs.pick(purpose, &name) {
            // A native save dialog asks before it hands back an existing file.
            DialogOutcome::Picked(path) => self.path_chosen(purpose, path, true),
            DialogOutcome::Cancelled => {}
            DialogOutcome::Unavailable => {
                self.notify(
                    "No file dialog is available on this system; type the file's path instead.",
                );
                self.path_prompt = Some(PathPrompt {
                    purpose,
                    ..PathPrompt::default()
                });
            }
        }
    }

    /// Carries out a New / Open / Save a Copy / Export on the path chosen.
    /// A file that exists is written over only when a native dialog asked
    /// the GM first (`overwrite_confirmed`); from the path field it is refused
    /// and the field asks again.
    fn path_chosen(&mut self, purpose: DialogPurpose, path: PathBuf, overwrite_confirmed: bool) {
        let path = waybook_core::files::absolute(&with_extension(path, purpose.extension()));
        let writes = matches!(
            purpose,
            DialogPurpose::SaveCopy
                | DialogPurpose::JoinCopy
                | DialogPurpose::ExportPdf
                | DialogPurpose::ExportJson
                | DialogPurpose::ExportTable
                | DialogPurpose::ExportCalendar
                | DialogPurpose::ExportPack
        );
        if writes && !overwrite_confirmed && path.exists() {
            let message = format!(
                "{} already exists. Waybook does not write over a file unasked: choose another name.",
                path.display()
            );
            self.status = Some(Message {
                text: message.clone(),
                is_error: true,
            });
            self.path_prompt = Some(PathPrompt {
                purpose,
                text: path.display().to_string(),
                error: Some(message),
                focused_once: false,
            });
            return;
        }
        match purpose {
            DialogPurpose::OpenCampaign => self.open_path(&path),
            DialogPurpose::NewCampaign => {
                let name = path
                    .file_stem()
                    .map_or_else(|| "New campaign".into(), |s| s.to_string_lossy());
                match waybook_core::starter::create_campaign(&path, &name) {
                    Ok(campaign) => self.open_campaign(campaign),
                    Err(e) => self.fail(format!("Could not create the campaign: {e}")),
                }
            }
            DialogPurpose::ExportPdf
            | DialogPurpose::SaveCopy
            | DialogPurpose::ExportJson
            | DialogPurpose::ExportTable
            | DialogPurpose::ExportCalendar
            | DialogPurpose::ExportPack => {
                self.write_to(purpose, path);
            }
            DialogPurpose::ImportPack => self.read_pack(&path),
            DialogPurpose::ImportJson => match read_document(&path) {
                Ok(document) => {
                    self.pending_copy = Some(PendingCopy::Import(Box::new(document)));
                    self.ask_path(DialogPurpose::NewFromCopy);
                }
                Err(e) => self.fail(e.to_string()),
            },
            DialogPurpose::ImportCsv => {
                let file = path.display().to_string();
                match waybook_core::files::read_spreadsheet(&path) {
                    Ok(text) => {
                        match waybook_core::exchange::roster_csv::RosterImport::read(&file, &text) {
                            Ok(import) => self.csv_import = Some(import),
                            Err(e) => self.fail(e.to_string()),
                        }
                    }
                    Err(e) => self.fail(e.to_string()),
                }
            }
            DialogPurpose::ImportTable => self.read_table(&path),
            DialogPurpose::ImportFoundry => self.read_foundry(&path),
            DialogPurpose::ImportCalendar => self.read_calendar(&path),
            DialogPurpose::NewFromCopy => self.new_from_copy(&path),
            DialogPurpose::ShareFolder => self.share_through(&path),
            DialogPurpose::JoinFolder => {
                self.join_folder = Some(path);
                self.ask_path(DialogPurpose::JoinCopy);
            }
            DialogPurpose::JoinCopy => self.join_into(&path),
        }
    }

    /// Opens File > Make handouts… on the campaign's players and snapshots.
    fn open_handouts(&mut self) {
        let Some(session) = &self.session else { return };
        let path = session.path_buf();
        let snapshots = path
            .as_deref()
            .and_then(|p| self.snapshots_of(p))
            .and_then(|s| s.list().ok())
            .unwrap_or_default();
        self.handouts = Some(handouts::HandoutsForm::new(
            &session.data,
            path.as_deref(),
            snapshots,
        ));
    }

    /// Makes the handouts the window chose; it stays open with the reason
    /// if they could not be made.
    fn make_handouts(&mut self) {
        let (Some(form), Some(session)) = (&mut self.handouts, &self.session) else {
            return;
        };
        match form.make(&session.data, self.paper) {
            Ok(made) => {
                let folder = form.folder.trim().to_owned();
                self.handouts = None;
                self.notify(format!(
                    "Made {} in {folder}",
                    waybook_core::model::plural(made.len(), "handout")
                ));
            }
            Err(e) => {
                form.error = Some(e.clone());
                self.refuse(format!("The handouts were not made: {e}"));
            }
        }
    }

    /// Reads a house-rule pack for the import window.
    fn read_pack(&mut self, path: &Path) {
        let file = path.display().to_string();
        let read = waybook_core::files::read_text(path)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                waybook_core::exchange::pack::Pack::parse(&text)
                    .map_err(|e| format!("{file} was not imported: {e}"))
            });
        match read {
            Ok(pack) => {
                self.pack_import = Some(waybook_core::exchange::pack::PackImport::new(file, pack));
            }
            Err(e) => self.fail(e),
        }
    }

    /// Reads a CSV table for the import window, named after its file.
    fn read_table(&mut self, path: &Path) {
        let file = path.display().to_string();
        let name = path
            .file_stem()
            .map_or_else(|| "Imported table".into(), |s| s.to_string_lossy());
        match waybook_core::files::read_spreadsheet(path) {
            Ok(text) => {
                match waybook_core::exchange::table_csv::TableImport::read(&file, &name, &text) {
                    Ok(import) => self.table_import = Some(import),
                    Err(e) => self.fail(e.to_string()),
                }
            }
            Err(e) => self.fail(e.to_string()),
        }
    }

    /// Reads a calendar file for the import window.
    fn read_calendar(&mut self, path: &Path) {
        let file = path.display().to_string();
        let read = waybook_core::files::read_text(path)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                waybook_core::exchange::calendar_import::read(&file, &text)
                    .map_err(|e| format!("The calendar was not imported: {e}"))
            });
        match read {
            Ok(import) => {
                self.calendar_import = Some(CalendarImportForm {
                    with_events: !import.events.is_empty(),
                    remove_stranded: false,
                    import,
                });
            }
            Err(e) => self.fail(e),
        }
    }

    /// Writes the calendar, today and the events as Fantasy-Calendar JSON.
    fn write_calendar(&mut self, path: &Path) {
        let Some(session) = &self.session else { return };
        let (text, left_out) = waybook_core::exchange::fantasy_calendar::export(&session.data);
        match waybook_core::files::write_atomically(path, text.as_bytes()) {
            Ok(()) if left_out.is_empty() => {
                self.notify(format!("Wrote the calendar to {}", path.display()));
            }
            Ok(()) => self.notify(format!(
                "Wrote the calendar to {} (not written: {})",
                path.display(),
                left_out.join("; ")
            )),
            Err(e) => self.fail(format!("The calendar was not saved: {e}")),
        }
    }

    /// Reads a Foundry table and adds it to those waiting (in place of one
    /// read from the same file).
    fn read_foundry(&mut self, path: &Path) {
        use waybook_core::exchange::foundry::FoundryTable;
        let file = path.display().to_string();
        let read = waybook_core::files::read_text(path)
            .map_err(|e| e.to_string())
            .and_then(|text| FoundryTable::read(&file, &text).map_err(|e| e.to_string()));
        match read {
            Ok(table) => {
                let waiting = self.foundry_import.get_or_insert_with(Vec::new);
                waiting.retain(|t| t.file != table.file);
                waiting.push(table);
            }
            Err(e) => self.fail(e),
        }
    }

    /// Writes the campaign's sheets, a copy of its file or its JSON to `path`.
    fn write_to(&mut self, purpose: DialogPurpose, path: PathBuf) {
        match purpose {
            DialogPurpose::ExportPdf => {
                let Some(data) = self.session.as_ref().map(|s| s.data.clone()) else {
                    return;
                };
                let sheets = std::mem::take(&mut self.export_sheets);
                self.notify(format!(
                    "Exporting {} to {}…",
                    waybook_core::model::plural(sheets.len(), "sheet"),
                    path.display()
                ));
                self.export_job = Some(export::ExportJob::start(data, sheets, self.paper, path));
            }
            DialogPurpose::SaveCopy => {
                let Some(session) = &mut self.session else {
                    return;
                };
                match session.save_copy(&path) {
                    Ok(()) => self.notify(format!("Saved a copy to {}", path.display())),
                    Err(e) => self.fail(format!("Could not save a copy: {e}")),
                }
            }
            DialogPurpose::ExportJson => {
                let Some(session) = &self.session else { return };
                let text = waybook_core::model::document::Document::of(&session.data).to_json();
                match waybook_core::files::write_atomically(&path, text.as_bytes()) {
                    // A log that could not be read is not in it: say so.
                    Ok(()) if session.data.log_read != waybook_core::model::LogRead::Whole => {
                        self.fail(format!(
                            "Wrote the campaign to {} without its log, which could not be read",
                            path.display()
                        ));
                    }
                    Ok(()) => self.notify(format!(
                        "Wrote the whole campaign to {} ({} KB)",
                        path.display(),
                        text.len() / 1024
                    )),
                    Err(e) => self.fail(format!("The JSON was not saved: {e}")),
                }
            }
            DialogPurpose::ExportCalendar => self.write_calendar(&path),
            DialogPurpose::ExportPack => {
                let Some(session) = &self.session else { return };
                let name = session.data.settings.name.clone();
                let text = waybook_core::exchange::pack::Pack::of(&session.data, &name).to_json();
                match waybook_core::files::write_atomically(&path, text.as_bytes()) {
                    Ok(()) => self.notify(format!(
                        "Wrote the house rules of {name} to {}",
                        path.display()
                    )),
                    Err(e) => self.fail(format!("The pack was not saved: {e}")),
                }
            }
            DialogPurpose::ExportTable => {
                let Some(session) = &self.session else { return };
                let Some(table) = self
                    .export_table
                    .take()
                    .and_then(|id| session.data.tables.get(&id))
                else {
                    return;
                };
                let text = waybook_core::exchange::table_csv::write(table);
                let name = table.name.clone();
                match waybook_core::files::write_atomically(&path, text.as_bytes()) {
                    Ok(()) => self.notify(format!("Wrote the table {name} to {}", path.display())),
                    Err(e) => self.fail(format!("The table was not saved: {e}")),
                }
            }
            _ => {}
        }
    }

    /// Makes a new campaign at `path` from the JSON or snapshot waiting for
    /// one, and opens it.
    fn new_from_copy(&mut self, path: &Path) {
        use waybook_core::store::snapshots::{Reason, restore};
        // The campaign open now is kept as it is before another takes its place.
        let made = match self.pending_copy.take() {
            Some(PendingCopy::Import(document)) => {
                self.snapshot_before(Reason::Import);
                Campaign::create_from(path, &document).map(|c| (c, "Imported"))
            }
            Some(PendingCopy::Snapshot(snapshot)) => {
                self.snapshot_before(Reason::Restore);
                restore(&snapshot, path).map(|c| (c, "Restored"))
            }
            None => return,
        };
        match made {
            Ok((campaign, verb)) => {
                self.open_campaign(campaign);
                self.notify(format!("{verb} as a new campaign: {}", path.display()));
            }
            Err(e) => self.fail(format!("The new campaign was not made: {e}")),
        }
    }

    /// The window's title: the campaign and its file, so a GM with a
    /// restored copy open sees which one it is.
    pub fn window_title(&self) -> String {
        match &self.session {
            Some(session) => {
                let file = session
                    .path()
                    .and_then(|p| p.file_name())
                    .map_or_else(|| "in memory".into(), |n| n.to_string_lossy());
                format!("{} · {file} — Waybook", session.data.settings.name)
            }
            None => "Waybook".to_owned(),
        }
    }

    /// The file name offered for `purpose`: the imported campaign's own
    /// name for a JSON import, the sheet's for one sheet's PDF ("recap of
    /// 2026-11-27.pdf").
    fn suggested_name(&self, purpose: DialogPurpose) -> String {
        match (purpose, &self.pending_copy, &self.session) {
            (DialogPurpose::NewFromCopy, Some(PendingCopy::Import(document)), _) => {
                format!(
                    "{}.waybook",
                    waybook_core::files::file_stem_for(&document.settings.name)
                )
            }
            (DialogPurpose::ExportPdf, _, Some(session)) => {
                waybook_print::pdf::file_name(&session.data, &self.export_sheets)
            }
            _ => purpose.suggested_name().to_owned(),
        }
    }

    /// The path the path field suggests for `purpose`: its name in the GM's
    /// home folder.
    pub fn suggested_path(&self, purpose: DialogPurpose) -> PathBuf {
        let name = self.suggested_name(purpose);
        directories::UserDirs::new()
            .map_or_else(|| PathBuf::from(&name), |dirs| dirs.home_dir().join(&name))
    }

    /// The snapshots of a campaign, when the app keeps them (it has a data folder).
    pub fn snapshots_of(&self, campaign: &Path) -> Option<Snapshots> {
        self.data_dir
            .as_deref()
            .ok()
            .map(|root| Snapshots::of(root, campaign))
    }

    /// Opens a campaign file, with a snapshot first if it is to be upgraded.
    fn open_file(&self, path: &Path) -> waybook_core::store::Result<Campaign> {
        match self.snapshots_of(path) {
            Some(snapshots) => Campaign::open_keeping(path, &snapshots),
            None => Campaign::open(path),
        }
    }

    /// Whether opening `path` waits for the GM: it is an older campaign to
    /// be upgraded, and with no data folder no snapshot could be kept.
    fn asks_before_upgrading(&mut self, path: &Path) -> bool {
        let Err(why) = &self.data_dir else {
            return false;
        };
        if !matches!(Campaign::needs_upgrade(path), Ok(true)) {
            return false;
        }
        self.ask_upgrade(path, why.clone());
        true
    }

    /// Asks the GM before `path` is upgraded with a copy beside it in
    /// place of the snapshot that cannot be kept (`why`).
    fn ask_upgrade(&mut self, path: &Path, why: String) {
        self.upgrade_asked = Some(UpgradeAsked {
            path: path.to_owned(),
            why,
            copy: waybook_core::store::copy_before_upgrade(path),
        });
    }

    pub fn open_path(&mut self, path: &Path) {
        let path = waybook_core::files::absolute(path);
        if self.asks_before_upgrading(&path) {
            return;
        }
        self.open_now(&path);
    }

    fn open_now(&mut self, path: &Path) {
        match self.open_file(path) {
            Ok(campaign) => self.open_campaign(campaign),
            // The data folder cannot take the snapshot: the GM may upgrade
            // with a copy beside the file instead.
            Err(StoreError::NotKept { cause, .. }) => self.ask_upgrade(path, cause.to_string()),
            Err(e) => self.fail(format!("Could not open the campaign: {e}")),
        }
    }

    /// The GM's one choice for the open campaign's texts of no party
    /// marked "the party": one undoable edit for all of them.
    pub fn settle_partyless(&mut self, choice: waybook_core::model::partyless::Settle) {
        self.partyless_asked = false;
        let edit = (self.session.as_ref())
            .and_then(|s| waybook_core::model::partyless::settle(&s.data, choice));
        if let Some(edit) = edit {
            self.run(Command::Apply(edit));
        }
    }

    /// The GM's word on the campaign waiting to be upgraded without a
    /// snapshot: upgrade it, keeping a copy of it as it is beside it, and
    /// open it; or leave it as it is.
    pub fn answer_upgrade(&mut self, upgrade: bool) {
        let Some(asked) = self.upgrade_asked.take() else {
            return;
        };
        if !upgrade {
            self.notify(format!(
                "{} was not opened, and is as it was",
                asked.path.display()
            ));
            return;
        }
        match Campaign::open_keeping_copy_beside(&asked.path) {
            Ok((campaign, copy)) => {
                self.open_campaign(campaign);
                if let Some(copy) = copy {
                    self.notify(format!(
                        "Upgraded {}; a copy of it as it was, which an older Waybook opens, is at {}",
                        asked.path.display(),
                        copy.display()
                    ));
                }
            }
            Err(e) => self.fail(format!("Could not open the campaign: {e}")),
        }
    }
}

/// An older campaign that would be upgraded with no snapshot first, why
/// there is none (no data folder, or one that cannot be written), and
/// where the copy of it as it is goes instead.
#[derive(Debug, Clone, PartialEq)]
pub struct UpgradeAsked {
    pub path: PathBuf,
    pub why: String,
    pub copy: PathBuf,
}

/// Why a JSON file was not imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportFailed {
    #[error("{0}")]
    Read(waybook_core::files::ReadError),
    #[error("{} was not imported: {reason}", path.display())]
    Refused {
        path: PathBuf,
        reason: waybook_core::model::document::DocumentError,
    },
}

/// A JSON export read and checked, or why it cannot be imported.
fn read_document(path: &Path) -> Result<waybook_core::model::document::Document, ImportFailed> {
    let text = waybook_core::files::read_text(path).map_err(ImportFailed::Read)?;
    waybook_core::model::document::Document::parse(&text).map_err(|reason| ImportFailed::Refused {
        path: path.to_owned(),
        reason,
    })
}

/// A message as a sentence: its first letter a capital, whoever wrote it.
pub(crate) fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text,
    }
}

/// A file name always ends in the extension of what it holds.
pub fn with_extension(path: PathBuf, extension: &str) -> PathBuf {
    if path.extension().is_some() {
        path
    } else {
        path.with_extension(extension)
    }
}
