//! The table following its campaign's file: the pages are built from the
//! file itself whenever any program writes it (the window's edits, the
//! command line, another machine's Waybook), as SQLite's `PRAGMA
//! data_version` tells, looked at every 300 ms or at once when nudged. It
//! runs on a thread of its own, never the GM's frame, which only nudges:
//! `waybook serve` and the window's table follow the same way, the file
//! the one truth both serve. It stops, saying so, when the table's
//! server stops on its own.

use crate::links;
use crate::pages::Pages;
use crate::server::Publisher;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;
use waybook_core::store::{Campaign, StoreError};

/// How often the file is asked whether it changed, when not nudged.
const LOOK: Duration = Duration::from_millis(300);

/// Why the table stopped following its campaign.
#[derive(Debug, thiserror::Error)]
pub enum FollowError {
    #[error("The table closed: it could not read the campaign: {0}")]
    Store(#[from] StoreError),
    #[error("The table closed: {0}")]
    Closed(String),
}

/// Publishes the pages of `campaign` as it is, then again each time it
/// changes, until the nudges' sender is dropped (then `Ok`), the file
/// cannot be read or the table's server stops on its own (why, in words).
pub fn follow(
    campaign: &Campaign,
    publisher: &Publisher,
    nudges: &Receiver<()>,
) -> Result<(), FollowError> {
    let mut revision = 0;
    let mut seen = None;
    loop {
        if let Some(why) = publisher.closed() {
            return Err(FollowError::Closed(why));
        }
        let now = campaign.data_version()?;
        if seen != Some(now) {
            seen = Some(now);
            let data = campaign.load()?;
            let links = links::links(&data, &campaign.kept()?);
            revision += 1;
            publisher.publish(Pages::build(&data, &links, revision));
        }
        match nudges.recv_timeout(LOOK) {
            Ok(()) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        }
    }
}
