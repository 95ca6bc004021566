//! Which channel the frame accepts: the first port that `window.parent` offers from an allowed
//! origin, and no other, ever.

use oriel_protocol::AllowList;

/// The window messages of the handshake, shared with the SDK: the frame sends
/// `LOADED_MESSAGE_TYPE` to its parent once it listens; the host answers with
/// `CONNECT_MESSAGE_TYPE` and one `MessagePort`.
pub use oriel_protocol::handshake::{CONNECT_MESSAGE_TYPE, LOADED_MESSAGE_TYPE};

/// A window message offering a port, as the browser delivered it.
#[derive(Debug, Clone, Copy)]
pub struct Offer<'a> {
    /// Whether `event.source === window.parent`.
    pub from_parent: bool,
    /// `event.origin`.
    pub origin: &'a str,
    /// Whether `event.data` is `{ type: "oriel:connect" }`.
    pub is_connect: bool,
    /// `event.ports.length`.
    pub ports: u32,
}

/// What to do with an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Take the port: it is the channel from now on.
    Accept,
    /// Ignore the message, and log why.
    Ignore(&'static str),
}

/// Remembers whether a port was accepted.
#[derive(Debug)]
pub struct PortGate {
    allowed: AllowList,
    accepted: bool,
}

impl PortGate {
    /// A gate for the project's allowed origins.
    pub fn new(allowed: AllowList) -> Self {
        Self {
            allowed,
            accepted: false,
        }
    }

    /// Decides on an offer; accepting closes the gate for good.
    pub fn offer(&mut self, offer: Offer<'_>) -> Decision {
        let decision = if !offer.is_connect {
            Decision::Ignore("not a connect message")
        } else if !offer.from_parent {
            Decision::Ignore("a port offered by a window other than the parent")
        } else if !self.allowed.allows(offer.origin) {
            Decision::Ignore("a port offered from an origin not on the allow-list")
        } else if offer.ports != 1 {
            Decision::Ignore("a connect message must carry exactly one port")
        } else if self.accepted {
            Decision::Ignore("a second port (the channel is already open)")
        } else {
            Decision::Accept
        };
        if decision == Decision::Accept {
            self.accepted = true;
        }
        decision
    }

    /// Whether a port was accepted: the frame stops announcing itself.
    pub fn has_accepted(&self) -> bool {
        self.accepted
    }

    /// The origin to announce the frame to: the parent's, when it is allowed. `ancestor` is
    /// `location.ancestorOrigins[0]` where the browser has it, `referrer` the document referrer.
    pub fn parent_origin(&self, ancestor: Option<&str>, referrer: Option<&str>) -> Option<String> {
        let candidate = match ancestor {
            Some(a) => a.to_owned(),
            None => origin_of_url(referrer?)?,
        };
        self.allowed.allows(&candidate).then_some(candidate)
    }
}

/// `scheme://host[:port]` of an absolute http(s) URL.
fn origin_of_url(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    (!authority.is_empty() && !authority.contains('@')).then(|| format!("{scheme}://{authority}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate() -> PortGate {
        PortGate::new(AllowList::parse(&["http://localhost:5173"]).unwrap())
    }

    fn good() -> Offer<'static> {
        Offer {
            from_parent: true,
            origin: "http://localhost:5173",
            is_connect: true,
            ports: 1,
        }
    }

    #[test]
    fn accepts_exactly_one_port() {
        let mut g = gate();
        assert!(!g.has_accepted());
        assert_eq!(g.offer(good()), Decision::Accept);
        assert!(g.has_accepted());
        assert!(matches!(g.offer(good()), Decision::Ignore(why) if why.contains("second")));
    }

    #[test]
    fn refuses_other_sources_and_origins() {
        let mut g = gate();
        assert!(matches!(
            g.offer(Offer {
                from_parent: false,
                ..good()
            }),
            Decision::Ignore(_)
        ));
        assert!(matches!(
            g.offer(Offer {
                origin: "http://evil.example",
                ..good()
            }),
            Decision::Ignore(_)
        ));
        assert!(matches!(
            g.offer(Offer {
                origin: "null",
                ..good()
            }),
            Decision::Ignore(_)
        ));
        assert!(matches!(
            g.offer(Offer { ports: 0, ..good() }),
            Decision::Ignore(_)
        ));
        assert!(matches!(
            g.offer(Offer { ports: 2, ..good() }),
            Decision::Ignore(_)
        ));
        assert!(matches!(
            g.offer(Offer {
                is_connect: false,
                ..good()
            }),
            Decision::Ignore(_)
        ));
        // None of those used up the gate.
        assert_eq!(g.offer(good()), Decision::Accept);
    }

    #[test]
    fn announces_only_to_an_allowed_parent() {
        let g = gate();
        assert_eq!(
            g.parent_origin(Some("http://localhost:5173"), None)
                .as_deref(),
            Some("http://localhost:5173")
        );
        assert_eq!(
            g.parent_origin(None, Some("http://localhost:5173/app?x=1"))
                .as_deref(),
            Some("http://localhost:5173")
        );
        assert_eq!(g.parent_origin(Some("http://evil.example"), None), None);
        assert_eq!(g.parent_origin(None, Some("")), None);
        assert_eq!(g.parent_origin(None, None), None);
    }
}
