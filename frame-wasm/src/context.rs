//! What a handler gets besides the state it owns: the per-request context [`Cx`] (which
//! request, at which version, and the frame's surroundings), and what it gives back,
//! [`Answer`].

use oriel_protocol::{Body, Envelope, ErrorReply, FrameEvent, Reply, RevealPurpose};

use crate::{
    api::Api,
    config::FrameConfig,
    env::Env,
    error::{Error, Result},
    store::{self, DeviceRecord},
};

/// The request being answered and the frame's surroundings, for one request.
pub(crate) struct Cx<'a, E: Env> {
    /// The browser (or a test's stand-in).
    pub(crate) env: &'a E,
    /// The page config frame-host wrote for this frame.
    pub(crate) config: &'a FrameConfig,
    /// The envelope id of the request: events about it name it.
    pub(crate) id: u32,
    /// The protocol version the request came in.
    pub(crate) version: u16,
    /// The embedding page's origin, as the browser reported it when the channel opened
    /// (empty before): the site the frame's storage records are kept under (`store`).
    pub(crate) site: &'a str,
}

impl<E: Env> Cx<'_, E> {
    /// frame-host's API for this frame's project.
    pub(crate) fn api(&self) -> Api<'_, E> {
        Api::new(self.env, &self.config.project_id)
    }

    /// This frame's project.
    pub(crate) fn project_id(&self) -> &str {
        &self.config.project_id
    }

    /// This browser's device id and secret on this site, created on first use; none before
    /// the handshake told the site.
    pub(crate) fn device(&self) -> Result<DeviceRecord> {
        if self.site.is_empty() {
            return Err(Error::NoParentOrigin);
        }
        store::device(self.env, self.site).map_err(|e| Error::NoRandomness(e.to_string()))
    }

    /// Sends an event on the channel now, in the middle of the request.
    pub(crate) fn post(&self, event: FrameEvent) {
        self.env
            .post(encode(Envelope::new(self.version, 0, Body::Event(event))));
    }

    /// Asks the host to show the frame for this request, before a screen is drawn.
    pub(crate) fn reveal(&self, purpose: RevealPurpose) {
        self.post(FrameEvent::Reveal {
            request_id: self.id,
            purpose,
        });
    }
}

/// What a handler answers: the reply (or why not) and whether the session changed, in which
/// case the frame follows the reply with a `SessionUpdate` event.
#[derive(Debug)]
pub(crate) struct Answer {
    /// The reply or the error.
    pub(crate) reply: Result<Reply>,
    /// Whether the host should hear the new session state.
    pub(crate) session_changed: bool,
}

impl Answer {
    /// The reply of a request that changes the session when it succeeds (and, like any
    /// request, when the session expired on the way).
    pub(crate) fn changing_session(reply: Result<Reply>) -> Self {
        let mut answer = Self::from(reply);
        answer.session_changed |= answer.reply.is_ok();
        answer
    }
}

impl From<Result<Reply>> for Answer {
    /// A reply that leaves the session as it was, unless the session expired on the way
    /// ([`Error::SessionExpired`]): the host hears of that.
    fn from(reply: Result<Reply>) -> Self {
        let session_changed = matches!(reply, Err(Error::SessionExpired));
        Self {
            reply,
            session_changed,
        }
    }
}

/// The bytes of `envelope`; a reply too large to send becomes an error reply saying so.
pub(crate) fn encode(envelope: Envelope) -> Vec<u8> {
    envelope.encode().unwrap_or_else(|e| {
        let error = ErrorReply::from(Error::Encode(e.to_string()));
        Envelope::new(envelope.version, envelope.id, Body::Error(error))
            .encode()
            .unwrap_or_default()
    })
}
