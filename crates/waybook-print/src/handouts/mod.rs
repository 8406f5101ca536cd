//! Handouts for players: each player's pages made from their view of the
//! campaign (`exchange::players_view`), as a PDF (`crate::pdf`) or a folder of
//! plain HTML (`html`), written into a folder the GM picks. The app's File >
//! Make handouts… and `waybook handouts` both come here.
//!
//! A player's PDF is `<player>.pdf`; their HTML is `<player>/index.html`.
//! Nothing is written over an existing file unless the GM says so, and
//! every file is checked before the first is written.

pub mod html;

use crate::pdf::{Paper, PdfError};
use std::path::{Path, PathBuf};
use waybook_core::exchange::handout::Handout;
use waybook_core::exchange::players_view::{Audience, Index};
use waybook_core::model::CampaignData;

waybook_rules::named_enum! {
    /// What a handout is made as.
    #[derive(Default)]
    pub enum Format("handout format") {
        #[default]
        Pdf => "pdf" as "PDF",
        Html => "html" as "HTML folder",
    }
}

/// What went wrong making handouts, in words for the GM.
#[derive(Debug, thiserror::Error)]
pub enum HandoutError {
    #[error("no character in a party has a player named “{0}”")]
    NoSuchPlayer(String),
    #[error("no character in a party has a player yet: choose a character's player on their sheet")]
    NoPlayers,
    #[error("“{0}” marks the GM's own characters, not a player: a handout is for a player")]
    NotAPlayer(String),
    #[error("{} is already there (choose another folder, or write over it)", .0.display())]
    Exists(PathBuf),
    #[error(transparent)]
    Folder(#[from] waybook_core::files::FolderError),
    #[error(transparent)]
    Write(#[from] waybook_core::files::WriteError),
    #[error("the PDF could not be made: {0}")]
    Pdf(#[from] PdfError),
}

/// What to make.
#[derive(Debug, Clone)]
pub struct Request {
    /// The players, by name; empty: every player.
    pub players: Vec<String>,
    pub format: Format,
    pub paper: Paper,
    pub overwrite: bool,
}

/// A player's name as a file or folder name: no separators, no dots alone.
fn stem(player: &str) -> String {
    let stem = waybook_core::files::file_stem_for(player);
    let stem = stem.trim_matches('.');
    if stem.is_empty() {
        "player".to_owned()
    } else {
        stem.to_owned()
    }
}

/// The file a player's handout is written to under `out`.
pub fn target(out: &Path, player: &str, format: Format) -> PathBuf {
    match format {
        Format::Pdf => out.join(format!("{}.pdf", stem(player))),
        Format::Html => out.join(stem(player)).join("index.html"),
    }
}

/// The handouts `request` asks for, each with the file it goes to:
/// refused, before anything is written, for a player no character has or
/// a file already there.
pub fn plan(
    data: &CampaignData,
    before: Option<(&CampaignData, &str)>,
    request: &Request,
    out: &Path,
) -> Result<Vec<(Handout, PathBuf)>, HandoutError> {
    let players: Vec<&waybook_core::model::Player> = if request.players.is_empty() {
        waybook_core::exchange::players_view::players(data)
    } else {
        let named = |name: &String| {
            if waybook_core::model::Player::is_gm(name) {
                return Err(HandoutError::NotAPlayer(name.trim().to_owned()));
            }
            data.player_named(name)
                .ok_or_else(|| HandoutError::NoSuchPlayer(name.clone()))
        };
        request
            .players
            .iter()
            .map(named)
            .collect::<Result<_, _>>()?
    };
    if players.is_empty() {
        return Err(HandoutError::NoPlayers);
    }
    let mut made = Vec::new();
    let index = Index::of(data);
    for player in players {
        let audience = Audience::of(data, player.id)
            .ok_or_else(|| HandoutError::NoSuchPlayer(player.name.clone()))?;
        let handout = Handout::for_audience(&index, audience, before);
        let path = target(out, &player.name, request.format);
        if path.exists() && !request.overwrite {
            return Err(HandoutError::Exists(path));
        }
        made.push((handout, path));
    }
    Ok(made)
}

/// The bytes of one handout in `format`.
pub fn render(h: &Handout, format: Format, paper: Paper) -> Result<Vec<u8>, HandoutError> {
    Ok(match format {
        Format::Pdf => crate::pdf::render_handout(h, paper)?,
        Format::Html => html::page(h).into_bytes(),
    })
}

/// Makes and writes every handout `request` asks for into `out`, and
/// says where each went.
pub fn make(
    data: &CampaignData,
    before: Option<(&CampaignData, &str)>,
    request: &Request,
    out: &Path,
) -> Result<Vec<PathBuf>, HandoutError> {
    let planned = plan(data, before, request, out)?;
    let mut written = Vec::new();
    for (handout, path) in planned {
        let bytes = render(&handout, request.format, request.paper)?;
        if let Some(folder) = path.parent() {
            waybook_core::files::make_folder(folder)?;
        }
        waybook_core::files::write_atomically(&path, &bytes)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_name_never_leaves_the_folder() {
        let out = Path::new("/tmp/out");
        assert_eq!(target(out, "Ana", Format::Pdf), out.join("Ana.pdf"));
        assert_eq!(
            target(out, "..", Format::Html),
            out.join("player").join("index.html")
        );
        assert_eq!(target(out, "a/../b", Format::Pdf), out.join("a-..-b.pdf"));
    }
}
