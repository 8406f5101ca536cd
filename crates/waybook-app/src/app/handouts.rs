//! File > Make handouts…: what the window remembers while it is open (the
//! players chosen, PDF or HTML, the session the changes start from, the
//! player previewed, the folder) and the making itself, through
//! `waybook_print::handouts` as `waybook handouts` does.

use std::path::{Path, PathBuf};
use waybook_core::exchange::handout::Handout;
use waybook_core::model::CampaignData;
use waybook_core::store::snapshots::{Snapshot, local_time};
use waybook_print::handouts::{Format, Request};

/// What a preview was made for: the campaign's revision, the player, the session.
type PreviewKey = (u64, usize, Option<usize>);

#[derive(Debug)]
pub struct HandoutsForm {
    /// Every player, and whether their handout is made.
    pub players: Vec<(String, bool)>,
    pub format: Format,
    /// The campaign's snapshots, newest first: the sessions changes can
    /// start from.
    pub snapshots: Vec<Snapshot>,
    /// The snapshot the changes start from; none: no page of changes.
    pub since: Option<usize>,
    /// The player whose handout the preview shows.
    pub preview: usize,
    pub folder: String,
    pub overwrite: bool,
    /// Why the last making failed.
    pub error: Option<String>,
    /// The snapshot read for `since`, by its index.
    before: Option<(usize, Result<CampaignData, String>)>,
    /// The preview, for (revision, player, since).
    shown: Option<(PreviewKey, Option<Handout>)>,
}

impl HandoutsForm {
    /// The window for `data`, its handouts going to a "handouts" folder
    /// beside the campaign file; the changes start from the first snapshot
    /// of the last day before today the campaign was opened, if any.
    pub fn new(data: &CampaignData, file: Option<&Path>, snapshots: Vec<Snapshot>) -> Self {
        let today = jiff::Zoned::now().strftime("%Y-%m-%d").to_string();
        let day = |s: &Snapshot| local_time(&s.time).get(..10).unwrap_or_default().to_owned();
        let last_session = snapshots.iter().map(day).find(|d| *d < today);
        let since = last_session.and_then(|d| snapshots.iter().rposition(|s| day(s) == d));
        let folder = file
            .and_then(Path::parent)
            .map_or_else(|| PathBuf::from("handouts"), |p| p.join("handouts"));
        Self {
            players: (waybook_core::exchange::players_view::players(data).into_iter())
                .map(|p| (p.name.clone(), true))
                .collect(),
            format: Format::Pdf,
            snapshots,
            since,
            preview: 0,
            folder: folder.display().to_string(),
            overwrite: false,
            error: None,
            before: None,
            shown: None,
        }
    }

    /// The players chosen.
    pub fn chosen(&self) -> Vec<String> {
        (self.players.iter())
            .filter(|(_, on)| *on)
            .map(|(p, _)| p.clone())
            .collect()
    }

    /// What a snapshot stands for in the list: "the session of 2026-11-27 (18:00)".
    pub fn session_label(s: &Snapshot) -> String {
        let time = local_time(&s.time);
        let (date, hour) = time.split_once(' ').unwrap_or((time.as_str(), ""));
        format!("the session of {date} ({hour})")
    }

    /// Why Make handouts is greyed, if it is.
    pub fn why_not(&self) -> Option<&'static str> {
        if self.players.is_empty() {
            Some("No character in a party has a player: write one on a character's sheet")
        } else if self.chosen().is_empty() {
            Some("Choose at least one player")
        } else if self.folder.trim().is_empty() {
            Some("Write the folder the handouts go to")
        } else {
            None
        }
    }

    /// The campaign as it was at the session chosen, read once; why not, if
    /// it cannot be read.
    fn before(&mut self) -> Option<Result<(&CampaignData, String), String>> {
        let index = self.since?;
        let snapshot = self.snapshots.get(index)?;
        if self.before.as_ref().is_none_or(|(i, _)| *i != index) {
            let read = waybook_core::store::Campaign::open_read_only(&snapshot.path)
                .and_then(|c| c.load())
                .map_err(|e| format!("The snapshot could not be read: {e}"));
            self.before = Some((index, read));
        }
        let label = Self::session_label(snapshot);
        let (_, read) = self.before.as_ref()?;
        Some(read.as_ref().map(|d| (d, label)).map_err(Clone::clone))
    }

    /// The handout of the player previewed (none if they have no character
    /// in a party), made again only when the campaign or a choice changes.
    pub fn preview(&mut self, data: &CampaignData) -> Option<&Handout> {
        let key = (data.revision, self.preview, self.since);
        if self.shown.as_ref().is_none_or(|(k, _)| *k != key) {
            let (name, _) = self.players.get(self.preview)?;
            let player = data.player_named(name)?.id;
            let handout = match self.before() {
                Some(Ok((before, label))) => Handout::of(data, player, Some((before, &label))),
                _ => Handout::of(data, player, None),
            };
            self.shown = Some((key, handout));
        }
        self.shown.as_ref().and_then(|(_, h)| h.as_ref())
    }

    /// Why the session chosen cannot be compared, if it cannot.
    pub fn before_error(&mut self) -> Option<String> {
        self.before().and_then(Result::err)
    }

    /// Makes the handouts chosen; the files written.
    pub fn make(
        &mut self,
        data: &CampaignData,
        paper: waybook_print::pdf::Paper,
    ) -> Result<Vec<PathBuf>, String> {
        let request = Request {
            players: self.chosen(),
            format: self.format,
            paper,
            overwrite: self.overwrite,
        };
        let folder = waybook_core::files::absolute(Path::new(self.folder.trim()));
        let made = match self.before() {
            Some(Ok((before, label))) => {
                waybook_print::handouts::make(data, Some((before, &label)), &request, &folder)
            }
            Some(Err(e)) => return Err(e),
            None => waybook_print::handouts::make(data, None, &request, &folder),
        };
        made.map_err(|e| e.to_string())
    }
}
