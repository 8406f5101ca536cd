//! The table following its campaign's file: the pages are built from the
//! file itself whenever any program writes it (the window's edits, the
//! command line, another machine's Waybook), as SQLite's `PRAGMA
//! data_version` tells, looked at every 300 ms or at once when nudged. It
//! runs on a thread of its own, never the GM's frame, which only nudges:
//! `waybook serve` and the window's table follow the same way, the file
//! the one truth both serve.

use crate::links;
use crate::pages::Pages;
use crate::server::Publisher;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;
use waybook_core::store::{Campaign, StoreError};

/// How often the file is asked whether it changed, when not nudged.
const LOOK: Duration = Duration::from_millis(300);

/// Publishes the pages of `campaign` as it is, then again each time it
/// changes, until the nudges' sender is dropped (then `Ok`) or the file
/// cannot be read (why, in words).
pub fn follow(
    campaign: &Campaign,
    publisher: &Publisher,
    nudges: &Receiver<()>,
) -> Result<(), StoreError> {
    let mut revision = 0;
    let mut seen = None;
    loop {
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
