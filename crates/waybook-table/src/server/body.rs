//! What the server sends back: a body already in memory (a page, the
//! styles, a short text), or a stream of events a task of its own feeds
//! (`live`). Either holds its connection's busy mark while hyper writes
//! it, so a connection sending an answer is never taken for an idle one
//! (`conns`).

use super::conns::Busy;
use bytes::Bytes;
use http_body::{Frame, SizeHint};
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// An answer's body.
pub(crate) struct Body {
    kind: Kind,
    /// Dropped (the connection idle again) when hyper has written it all
    /// or the connection ends.
    _busy: Option<Busy>,
}

enum Kind {
    /// The whole body, until it is sent.
    Full(Option<Bytes>),
    /// Chunks as they come, until the sender ends.
    Stream(mpsc::Receiver<Bytes>),
}

impl Body {
    pub(crate) fn full(bytes: impl Into<Bytes>) -> Self {
        let bytes = bytes.into();
        Body {
            kind: Kind::Full((!bytes.is_empty()).then_some(bytes)),
            _busy: None,
        }
    }

    pub(crate) fn stream(chunks: mpsc::Receiver<Bytes>) -> Self {
        Body {
            kind: Kind::Stream(chunks),
            _busy: None,
        }
    }

    /// The body, its connection busy until it is sent.
    pub(crate) fn holding(mut self, busy: Busy) -> Self {
        self._busy = Some(busy);
        self
    }
}

impl http_body::Body for Body {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match &mut self.get_mut().kind {
            Kind::Full(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            Kind::Stream(chunks) => chunks.poll_recv(cx).map(|c| c.map(|b| Ok(Frame::data(b)))),
        }
    }

    fn is_end_stream(&self) -> bool {
        matches!(self.kind, Kind::Full(None))
    }

    fn size_hint(&self) -> SizeHint {
        match &self.kind {
            Kind::Full(bytes) => SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64)),
            Kind::Stream(_) => SizeHint::default(),
        }
    }
}
