//! The operator's projects (`[[projects]]`): each one's allowed origins and switches, and
//! frame-host's own origin. Every project-scoped check asks [`Projects`]: the extractors
//! (`projectId`), CORS, the origin check of state-changing requests and the frame page's
//! `frame-ancestors`.

use std::{collections::HashMap, sync::Arc};

use oriel_protocol::origin::AllowList;
use serde::Deserialize;

use crate::error::{ApiError, Error, Result};

/// 403 text for a request from an origin that is not one of the project's.
pub(crate) const ORIGIN_NOT_ALLOWED: &str = "Origin not allowed";

/// One project: a dapp (or set of dapps) allowed to embed the frame.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProjectConfig {
    /// The id dapps pass as `projectId`.
    pub id: String,
    /// A human-readable name.
    pub name: String,
    /// Origin patterns (`scheme://host[:port]`, `*.` subdomain and `:*` port wildcards) that
    /// may embed the frame.
    pub allowed_origins: Vec<String>,
    /// Whether frame-host collects the widget's analytics events for this project
    /// (`/getAnalyticsConfig`, `POST /e`); on by default (spec §9).
    #[serde(default = "enabled")]
    pub analytics: bool,
    /// Whether frame-host signs this project's visitors in with a wallet signature (SIWX:
    /// `/v1/sessions/*`); on by default. Off, those routes answer 403 'SIWX is not enabled'.
    #[serde(default = "enabled")]
    pub siwx: bool,
}

/// The default of a project's `analytics` and `siwx` (spec §9: on).
fn enabled() -> bool {
    true
}

impl ProjectConfig {
    /// The project's allowed origins, parsed and normalised.
    pub fn allow_list(&self) -> Result<AllowList> {
        if self.id.is_empty() {
            return Err(Error::EmptyProjectId);
        }
        if self.allowed_origins.is_empty() {
            return Err(Error::NoAllowedOrigins(self.id.clone()));
        }
        AllowList::parse(&self.allowed_origins).map_err(|source| Error::InvalidOrigin {
            project: self.id.clone(),
            source,
        })
    }
}

/// The configured projects, parsed once, and frame-host's own origin. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Projects(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    by_id: HashMap<String, Project>,
    own_origin: String,
}

#[derive(Debug)]
struct Project {
    allow_list: AllowList,
    analytics: bool,
    siwx: bool,
}

impl Projects {
    /// The projects of `configs`, each one's origins parsed; `public_url` is frame-host's
    /// (validated at start: `http(s)://host[:port]`).
    pub(crate) fn new(configs: &[ProjectConfig], public_url: &str) -> Result<Self> {
        let by_id = configs
            .iter()
            .map(|p| {
                let project = Project {
                    allow_list: p.allow_list()?,
                    analytics: p.analytics,
                    siwx: p.siwx,
                };
                Ok((p.id.clone(), project))
            })
            .collect::<Result<_>>()?;
        Ok(Self(Arc::new(Inner {
            by_id,
            own_origin: own_origin(public_url).to_owned(),
        })))
    }

    /// Checks that `id` names a configured project: else 400 'missing projectId' (empty) or
    /// 404 'unknown project id'.
    pub(crate) fn check(&self, id: &str) -> Result<(), ApiError> {
        if id.is_empty() {
            return Err(ApiError::invalid("missing projectId"));
        }
        if !self.0.by_id.contains_key(id) {
            return Err(ApiError::NotFound("unknown project id"));
        }
        Ok(())
    }

    /// The allowed origins of project `id`, if it exists.
    pub(crate) fn allow_list(&self, id: &str) -> Option<&AllowList> {
        self.0.by_id.get(id).map(|p| &p.allow_list)
    }

    /// Whether project `id` allows `origin`.
    pub(crate) fn allows(&self, id: &str, origin: &str) -> bool {
        self.allow_list(id).is_some_and(|list| list.allows(origin))
    }

    /// Whether any project's allow-list has `origin`.
    pub(crate) fn any_allows(&self, origin: &str) -> bool {
        self.0.by_id.values().any(|p| p.allow_list.allows(origin))
    }

    /// Whether `origin` is frame-host's own (the wallet frame's).
    pub(crate) fn is_own_origin(&self, origin: &str) -> bool {
        origin == self.0.own_origin
    }

    /// Whether project `id` collects analytics events; an unknown project does not.
    pub(crate) fn analytics(&self, id: &str) -> bool {
        self.0.by_id.get(id).is_some_and(|p| p.analytics)
    }

    /// Whether project `id` signs visitors in with a wallet (SIWX); an unknown one does not.
    pub(crate) fn siwx(&self, id: &str) -> bool {
        self.0.by_id.get(id).is_some_and(|p| p.siwx)
    }
}

/// `scheme://host[:port]` of `url` (the public URL, validated at start, has no path).
pub(crate) fn own_origin(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    url[after_scheme..]
        .find('/')
        .map_or(url, |end| &url[..after_scheme + end])
}

#[cfg(test)]
mod tests {
    use super::own_origin;

    #[test]
    fn own_origin_drops_any_path() {
        assert_eq!(own_origin("https://w.example"), "https://w.example");
        assert_eq!(own_origin("https://w.example/"), "https://w.example");
        assert_eq!(
            own_origin("http://127.0.0.1:8787/x"),
            "http://127.0.0.1:8787"
        );
    }
}
