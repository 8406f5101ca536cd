//! PDF exports on a worker thread: the GUI stays responsive, shows progress
//! and can cancel. The file is written all or nothing, and the outcome comes
//! back as a message to show.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use waybook_core::model::CampaignData;
use waybook_print::pdf::{self, Paper, PdfError, Sheet};

/// Why an export wrote no file.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("The PDF was not saved: {0}")]
    NotSaved(#[from] waybook_core::files::WriteError),
    #[error("The PDF could not be made: {0}")]
    NotMade(PdfError),
    #[error("The export stopped unexpectedly")]
    Stopped,
}

/// What a finished export says, and whether it wrote its file.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub message: String,
    pub written: bool,
}

/// An export running in the background.
pub struct ExportJob {
    pub total: usize,
    /// What each journey's packet among the sheets prints, to keep once
    /// the file is written.
    pub printed: Vec<(
        waybook_core::model::JourneyId,
        waybook_core::plan::summary::Printed,
    )>,
    done: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    outcome: Receiver<Result<Outcome, ExportError>>,
}

impl ExportJob {
    /// Starts rendering `sheets` of a snapshot of the campaign into `path`.
    pub fn start(data: CampaignData, sheets: Vec<Sheet>, paper: Paper, path: PathBuf) -> Self {
        let done = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, outcome) = channel();
        let total = sheets.len();
        let printed = (sheets.iter())
            .filter_map(|sheet| match sheet {
                Sheet::Journey(id) => data.journeys.get(id),
                _ => None,
            })
            .map(|j| (j.id, waybook_core::plan::summary::Printed::now(&data, j)))
            .collect();
        let (worker_done, worker_cancel) = (done.clone(), cancel.clone());
        std::thread::spawn(move || {
            let result = pdf::render_counted(&data, &sheets, paper, &mut |finished| {
                worker_done.store(finished, Ordering::Relaxed);
                !worker_cancel.load(Ordering::Relaxed)
            });
            let message = match result {
                Ok((bytes, pages)) => waybook_core::files::write_atomically(&path, &bytes)
                    .map(|()| Outcome {
                        message: std::iter::once(format!(
                            "Exported {} to {} ({} KB)",
                            pdf::made(&data, &sheets, pages),
                            path.display(),
                            bytes.len() / 1024
                        ))
                        .chain(sheets.iter().filter_map(Sheet::left_out))
                        .collect::<Vec<_>>()
                        .join(". "),
                        written: true,
                    })
                    .map_err(ExportError::from),
                Err(PdfError::Cancelled) => Ok(Outcome {
                    message: "Export cancelled; no file was written".to_owned(),
                    written: false,
                }),
                Err(e) => Err(ExportError::NotMade(e)),
            };
            // The app may have closed meanwhile; then nobody waits for the answer.
            let _ = send.send(message);
        });
        Self {
            total,
            printed,
            done,
            cancel,
            outcome,
        }
    }

    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The outcome once the worker has finished: a message, or an error to show.
    pub fn poll(&self) -> Option<Result<Outcome, ExportError>> {
        match self.outcome.try_recv() {
            Ok(outcome) => Some(outcome),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(ExportError::Stopped)),
        }
    }
}
