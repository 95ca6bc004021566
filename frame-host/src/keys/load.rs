//! Loading the operator's keys from their sources (`source`). Production refuses to start
//! without them ([`Missing::Refuse`]); dev mode creates the missing ones in the data dir
//! ([`Missing::Create`]), as does `keys init` once.

use std::path::Path;

use ed25519_dalek::{
    pkcs8::{spki::der::pem::LineEnding, DecodePrivateKey, EncodePrivateKey},
    SigningKey,
};
use zeroize::Zeroizing;

use super::{
    files::read_or_create,
    fingerprint::Fingerprints,
    source::{self, kek_bytes, Env, Found, Origin, Source},
    Keys,
};
use crate::{
    error::{Error, Result},
    secrets,
};

/// What to do about a key that is nowhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Missing {
    /// Create it in the data dir (dev mode, `keys init`).
    Create,
    /// Refuse to start, naming where it may come from (production).
    Refuse,
}

/// The operator's keys as loaded.
pub(crate) struct Loaded {
    /// The KEK, and where it came from.
    pub(crate) kek: Zeroizing<[u8; 32]>,
    pub(crate) kek_origin: Origin,
    /// The KEK a rotation under way moves to.
    pub(crate) kek_next: Option<Zeroizing<[u8; 32]>>,
    /// The KEK a finished rotation replaced.
    pub(crate) kek_previous: Option<Zeroizing<[u8; 32]>>,
    /// The access-token key, where it came from, and the one a rotation replaced.
    pub(crate) jwt: SigningKey,
    pub(crate) jwt_origin: Origin,
    pub(crate) jwt_previous: Option<SigningKey>,
    /// The sign-in key, where it came from, and the one a rotation replaced.
    pub(crate) siwx: SigningKey,
    pub(crate) siwx_origin: Origin,
    pub(crate) siwx_previous: Option<SigningKey>,
}

impl Loaded {
    /// The KEK-derived keys; the next and previous KEKs open what they sealed.
    pub(crate) fn keys(&self) -> Keys {
        let others: Vec<&[u8; 32]> = [&self.kek_next, &self.kek_previous]
            .into_iter()
            .flatten()
            .map(|k| &**k)
            .collect();
        Keys::with_others(&self.kek, &others)
    }

    /// The fingerprints of the loaded keys.
    pub(crate) fn fingerprints(&self) -> Fingerprints {
        Fingerprints::of(self)
    }
}

/// Loads every key from its sources; a missing KEK, access-token or sign-in key is created
/// (`Create`) or refused (`Refuse`). The keys of a rotation are loaded when present.
pub(crate) fn load(data_dir: &Path, missing: Missing, env: Env<'_>) -> Result<Loaded> {
    let (kek, kek_origin) = {
        let found = required(&source::KEK, data_dir, missing, env, || {
            Ok(secrets::random::<32>()?.to_vec())
        })?;
        (kek_bytes(&found)?, found.origin)
    };
    let optional_kek = |source: &Source| {
        source
            .find(data_dir, env)?
            .map(|found| kek_bytes(&found))
            .transpose()
    };
    let signing = |source: &Source| {
        let found = required(source, data_dir, missing, env, || Ok(new_signing_key()?.1))?;
        Ok::<_, Error>((signing_key(&found)?, found.origin))
    };
    let optional_signing = |source: &Source| {
        source
            .find(data_dir, env)?
            .map(|found| signing_key(&found))
            .transpose()
    };
    let (jwt, jwt_origin) = signing(&source::JWT)?;
    let (siwx, siwx_origin) = signing(&source::SIWX)?;
    Ok(Loaded {
        kek,
        kek_origin,
        kek_next: optional_kek(&source::KEK_NEXT)?,
        kek_previous: optional_kek(&source::KEK_PREVIOUS)?,
        jwt,
        jwt_origin,
        jwt_previous: optional_signing(&source::JWT_PREVIOUS)?,
        siwx,
        siwx_origin,
        siwx_previous: optional_signing(&source::SIWX_PREVIOUS)?,
    })
}

/// The key of `source`, or the data-dir file created with `make()` (`Create`).
fn required(
    source: &Source,
    data_dir: &Path,
    missing: Missing,
    env: Env<'_>,
    make: impl FnOnce() -> Result<Vec<u8>>,
) -> Result<Found> {
    if let Some(found) = source.find(data_dir, env)? {
        return Ok(found);
    }
    if missing == Missing::Refuse {
        return Err(source.missing(data_dir));
    }
    let path = data_dir.join(source.file);
    let bytes = read_or_create(&path, make)?;
    Ok(Found {
        bytes,
        origin: Origin::File(path),
    })
}

/// A fresh Ed25519 key, and its PKCS#8 PEM.
pub(crate) fn new_signing_key() -> Result<(SigningKey, Vec<u8>)> {
    let key = SigningKey::from_bytes(&secrets::random::<32>()?);
    let pem = pem_of(&key)?;
    Ok((key, pem))
}

/// The PKCS#8 PEM of `key`.
pub(crate) fn pem_of(key: &SigningKey) -> Result<Vec<u8>> {
    let pem = key
        .to_pkcs8_pem(LineEnding::LF)
        .map_err(|e| Error::Jwt(e.to_string()))?;
    Ok(pem.as_bytes().to_vec())
}

/// The Ed25519 key of a PKCS#8 PEM.
fn signing_key(found: &Found) -> Result<SigningKey> {
    let bad = |reason: String| match &found.origin {
        Origin::File(path) => Error::KeyFile {
            path: path.clone(),
            reason,
        },
        Origin::Env(name) => Error::KeyMissing(format!("${name}: {reason}")),
    };
    let pem = std::str::from_utf8(&found.bytes).map_err(|_| bad("not a PEM file".into()))?;
    SigningKey::from_pkcs8_pem(pem.trim())
        .map_err(|e| bad(format!("not an Ed25519 PKCS#8 key: {e}")))
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn dev_mode_creates_the_keys_once_with_mode_0600() {
        let dir = tempfile::tempdir().unwrap();
        let a = load(dir.path(), Missing::Create, &no_env).unwrap();
        let b = load(dir.path(), Missing::Create, &no_env).unwrap();
        assert_eq!(*a.kek, *b.kek, "same file, same key");
        assert_eq!(a.jwt.to_bytes(), b.jwt.to_bytes());
        assert_ne!(a.jwt.to_bytes(), a.siwx.to_bytes(), "one key per kind");
        assert!(a.kek_next.is_none() && a.jwt_previous.is_none());
        let mut names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["jwt-ed25519.pem", "kek.bin", "siwx-ed25519.pem"]);
        assert_eq!(fs::read(dir.path().join("kek.bin")).unwrap().len(), 32);
        #[cfg(unix)]
        for name in &names {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(name))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "{name}");
        }
    }

    #[test]
    fn production_never_creates_a_key() {
        let dir = tempfile::tempdir().unwrap();
        let e = load(dir.path(), Missing::Refuse, &no_env)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("no KEK") && e.contains("keys init"), "{e}");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            0,
            "nothing created"
        );
        // With the KEK in the environment, the token keys are still required.
        let env = |name: &str| (name == "ORIEL_KEK").then(|| "07".repeat(32));
        let e = load(dir.path(), Missing::Refuse, &env)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("no access-token key"), "{e}");
        assert!(e.contains("ORIEL_JWT_KEY_FILE"), "{e}");
        // All three from the environment: loaded, and nothing written.
        let jwt = String::from_utf8(new_signing_key().unwrap().1).unwrap();
        let siwx = String::from_utf8(new_signing_key().unwrap().1).unwrap();
        let env = |name: &str| match name {
            "ORIEL_KEK" => Some("07".repeat(32)),
            "ORIEL_JWT_KEY" => Some(jwt.clone()),
            "ORIEL_SIWX_KEY" => Some(siwx.clone()),
            _ => None,
        };
        let loaded = load(dir.path(), Missing::Refuse, &env).unwrap();
        assert_eq!(*loaded.kek, [7; 32]);
        assert_eq!(loaded.kek_origin, Origin::Env("ORIEL_KEK"));
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_bad_kek_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("kek.bin"), b"short").unwrap();
        let e = load(dir.path(), Missing::Create, &no_env)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("expected exactly 32 bytes"), "{e}");
    }
}
