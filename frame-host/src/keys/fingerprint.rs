//! Keys that cannot silently split (issue 39): the database records a keyed fingerprint of the
//! KEK, the access-token key and the sign-in key (`operator_keys`). The first instance records
//! its own; every other instance, at start and at each readiness check, must hold the same,
//! or it refuses and names the key that differs.

use std::fmt;

use ed25519_dalek::SigningKey;

use super::{
    jwt::{JwtKeys, ACCESS_TTL_SECS},
    kek::{fingerprint as kek_fingerprint, public_key_fingerprint},
    load::Loaded,
    source::{self, Source},
};
use crate::{
    error::{KeyMismatch, Result},
    store::{KeyRecord, Store},
};

/// The database's name of the KEK.
pub(crate) const KEK: &str = "kek";
/// The database's name of the access-token key.
pub(crate) const JWT: &str = "jwt";
/// The database's name of the sign-in key.
pub(crate) const SIWX: &str = "siwx";

/// The fingerprints of the keys an instance loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fingerprints {
    /// The KEK.
    pub(crate) kek: String,
    /// The next and previous KEKs, when loaded.
    pub(crate) other_keks: Vec<String>,
    /// The access-token key, and the one a rotation replaced.
    pub(crate) jwt: String,
    pub(crate) jwt_previous: Option<String>,
    /// The sign-in key, and the one a rotation replaced.
    pub(crate) siwx: String,
    pub(crate) siwx_previous: Option<String>,
}

impl Fingerprints {
    pub(crate) fn of(loaded: &Loaded) -> Self {
        let public = |kind: &str, key: &ed25519_dalek::SigningKey| {
            public_key_fingerprint(kind, &key.verifying_key().to_bytes())
        };
        Self {
            kek: kek_fingerprint(&loaded.kek),
            other_keks: [&loaded.kek_next, &loaded.kek_previous]
                .into_iter()
                .flatten()
                .map(|k| kek_fingerprint(k))
                .collect(),
            jwt: public(JWT, &loaded.jwt),
            jwt_previous: loaded.jwt_previous.as_ref().map(|k| public(JWT, k)),
            siwx: public(SIWX, &loaded.siwx),
            siwx_previous: loaded.siwx_previous.as_ref().map(|k| public(SIWX, k)),
        }
    }

    /// The fingerprint of the loaded key of `kind`.
    fn current(&self, kind: &str) -> &str {
        match kind {
            KEK => &self.kek,
            JWT => &self.jwt,
            _ => &self.siwx,
        }
    }
}

const KINDS: [(&str, Source); 3] = [(KEK, source::KEK), (JWT, source::JWT), (SIWX, source::SIWX)];

/// Records the loaded keys' fingerprints where the database has none yet (the first instance,
/// or the first start after this check came), then checks them ([`check_fingerprints`]).
pub(crate) async fn record_or_check(store: &Store, keys: &Fingerprints, now: i64) -> Result<()> {
    for (kind, _) in KINDS {
        store
            .adopt_operator_key(kind, keys.current(kind), now)
            .await?;
    }
    check_fingerprints(store, keys).await
}

/// Whether the loaded keys are the ones the database records: the same KEK, access-token key
/// and sign-in key, and the next KEK too while a rotation is under way. Err
/// ([`crate::error::Error::KeyMismatch`]) names the key that differs; for `/readyz`.
pub(crate) async fn check_fingerprints(store: &Store, keys: &Fingerprints) -> Result<()> {
    let records = store.operator_keys().await?;
    Ok(compare(&records, keys)?)
}

/// The fingerprint recorded for `kind` in `role`, and since when (Unix ms).
pub(crate) fn recorded<'a>(
    records: &'a [KeyRecord],
    kind: &str,
    role: &str,
) -> Option<&'a KeyRecord> {
    records.iter().find(|r| r.kind == kind && r.role == role)
}

fn compare(records: &[KeyRecord], keys: &Fingerprints) -> Result<(), KeyMismatch> {
    for (kind, source) in KINDS {
        let loaded = keys.current(kind);
        let Some(current) = recorded(records, kind, "current") else {
            return Err(KeyMismatch::NotRecorded { what: source.what });
        };
        if current.fingerprint == loaded {
            continue;
        }
        let replaced = recorded(records, kind, "previous").is_some_and(|p| p.fingerprint == loaded);
        return Err(if replaced {
            KeyMismatch::Replaced {
                what: source.what,
                loaded: loaded.into(),
                recorded: current.fingerprint.clone(),
            }
        } else {
            KeyMismatch::Differs {
                what: source.what,
                env: source.env,
                loaded: loaded.into(),
                recorded: current.fingerprint.clone(),
            }
        });
    }
    if let Some(next) = recorded(records, KEK, "next") {
        if !keys.other_keks.contains(&next.fingerprint) && keys.kek != next.fingerprint {
            return Err(KeyMismatch::LacksNextKek {
                next: next.fingerprint.clone(),
            });
        }
    }
    Ok(())
}

impl fmt::Display for Fingerprints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kek {}, jwt {}, siwx {}", self.kek, self.jwt, self.siwx)
    }
}

/// The access-token and sign-in keys, each with the key a rotation replaced when it is
/// loaded and the database records it as replaced: it verifies until the last token it
/// signed expires (the replacement time plus the tokens' longest lifetime).
///
/// `siwx_ttl_secs` is the sign-in tokens' longest lifetime.
pub(crate) async fn token_keys<'a>(
    loaded: &Loaded,
    store: &Store,
    (issuer, siwx_ttl_secs): (&str, i64),
    project_ids: impl IntoIterator<Item = &'a str>,
) -> Result<(JwtKeys, JwtKeys)> {
    let records = store.operator_keys().await?;
    let ids: Vec<&str> = project_ids.into_iter().collect();
    let fingerprints = Fingerprints::of(loaded);
    let build = |kind: &str,
                 key: &SigningKey,
                 previous: Option<(&SigningKey, &String)>,
                 ttl_secs: i64|
     -> Result<JwtKeys> {
        let keys = JwtKeys::from_key(key, issuer, ids.iter().copied())?;
        Ok(match (previous, recorded(&records, kind, "previous")) {
            (Some((old, fp)), Some(r)) if r.fingerprint == *fp => {
                keys.with_previous(old, r.since.div_euclid(1000) + ttl_secs)
            }
            _ => keys,
        })
    };
    let jwt = build(
        JWT,
        &loaded.jwt,
        loaded
            .jwt_previous
            .as_ref()
            .zip(fingerprints.jwt_previous.as_ref()),
        ACCESS_TTL_SECS,
    )?;
    let siwx = build(
        SIWX,
        &loaded.siwx,
        loaded
            .siwx_previous
            .as_ref()
            .zip(fingerprints.siwx_previous.as_ref()),
        siwx_ttl_secs,
    )?;
    Ok((jwt, siwx))
}
