//! Where each operator key comes from, first found wins:
//!
//! 1. the environment variable itself (`ORIEL_KEK`: 32 bytes as 64 hex digits or base64;
//!    `ORIEL_JWT_KEY`, `ORIEL_SIWX_KEY`: the PKCS#8 PEM text);
//! 2. the file the `…_FILE` variable names (a container secret): for the KEK 32 raw bytes or
//!    the same text, for the token keys the PEM;
//! 3. the file in the data dir (`kek.bin`, `jwt-ed25519.pem`, `siwx-ed25519.pem`).
//!
//! The keys of a rotation have their own names: `ORIEL_KEK_NEXT` / `kek.next.bin` (the KEK a
//! `keys rotate-kek` moves to), `ORIEL_KEK_PREVIOUS` / `kek.previous.bin`,
//! `ORIEL_JWT_KEY_PREVIOUS` / `jwt-ed25519.previous.pem` and `ORIEL_SIWX_KEY_PREVIOUS` /
//! `siwx-ed25519.previous.pem` (the keys a rotation replaced), each with its `_FILE` form.

use std::{
    fmt, fs, io,
    path::{Path, PathBuf},
};

use base64::{engine::general_purpose::STANDARD, Engine as _};
use zeroize::Zeroizing;

use super::files::warn_if_readable_by_others;
use crate::error::{Error, Result};

/// Reads environment variables: `std::env::var` in the server, a map in tests.
pub(crate) type Env<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The process environment.
pub(crate) fn process_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

/// One key's variable and data-dir file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Source {
    /// What the operator calls it in messages.
    pub(crate) what: &'static str,
    /// The variable holding the key; `{env}_FILE` names a file holding it.
    pub(crate) env: &'static str,
    /// The file in the data dir.
    pub(crate) file: &'static str,
}

/// The KEK.
pub(crate) const KEK: Source = Source {
    what: "KEK",
    env: "ORIEL_KEK",
    file: "kek.bin",
};
/// The KEK a rotation moves to.
pub(crate) const KEK_NEXT: Source = Source {
    what: "next KEK",
    env: "ORIEL_KEK_NEXT",
    file: "kek.next.bin",
};
/// The KEK a rotation replaced.
pub(crate) const KEK_PREVIOUS: Source = Source {
    what: "previous KEK",
    env: "ORIEL_KEK_PREVIOUS",
    file: "kek.previous.bin",
};
/// The access-token signing key.
pub(crate) const JWT: Source = Source {
    what: "access-token key",
    env: "ORIEL_JWT_KEY",
    file: "jwt-ed25519.pem",
};
/// The access-token key a rotation replaced.
pub(crate) const JWT_PREVIOUS: Source = Source {
    what: "previous access-token key",
    env: "ORIEL_JWT_KEY_PREVIOUS",
    file: "jwt-ed25519.previous.pem",
};
/// The sign-in token signing key (the JWK set's).
pub(crate) const SIWX: Source = Source {
    what: "sign-in key",
    env: "ORIEL_SIWX_KEY",
    file: "siwx-ed25519.pem",
};
/// The sign-in key a rotation replaced.
pub(crate) const SIWX_PREVIOUS: Source = Source {
    what: "previous sign-in key",
    env: "ORIEL_SIWX_KEY_PREVIOUS",
    file: "siwx-ed25519.previous.pem",
};

/// Where a key was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Origin {
    /// An environment variable holding the key.
    Env(&'static str),
    /// A file named by a `…_FILE` variable, or in the data dir.
    File(PathBuf),
}

impl Origin {
    /// Whether the key is a file in the data dir, which `keys` commands may rename.
    pub(crate) fn data_dir_file(&self, data_dir: &Path, source: &Source) -> bool {
        matches!(self, Self::File(p) if *p == data_dir.join(source.file))
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Env(name) => write!(f, "${name}"),
            Self::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// A key's bytes as found, and where.
pub(crate) struct Found {
    pub(crate) bytes: Zeroizing<Vec<u8>>,
    pub(crate) origin: Origin,
}

impl Source {
    /// The `_FILE` variable's name.
    pub(crate) fn file_env(&self) -> String {
        format!("{}_FILE", self.env)
    }

    /// The key's bytes from the first place that has it, or `None`.
    pub(crate) fn find(&self, data_dir: &Path, env: Env<'_>) -> Result<Option<Found>> {
        if let Some(value) = env(self.env) {
            return Ok(Some(Found {
                bytes: Zeroizing::new(value.into_bytes()),
                origin: Origin::Env(self.env),
            }));
        }
        let (path, named) = match env(&self.file_env()) {
            Some(path) => (PathBuf::from(path), true),
            None => (data_dir.join(self.file), false),
        };
        match fs::read(&path) {
            Ok(bytes) => {
                warn_if_readable_by_others(&path);
                Ok(Some(Found {
                    bytes: Zeroizing::new(bytes),
                    origin: Origin::File(path),
                }))
            }
            // A file the operator named must be there.
            Err(e) if e.kind() == io::ErrorKind::NotFound && !named => Ok(None),
            Err(source) => Err(Error::KeyFileIo { path, source }),
        }
    }

    /// The error for a key that is nowhere, in production.
    pub(crate) fn missing(&self, data_dir: &Path) -> Error {
        Error::KeyMissing(format!(
            "no {what}: set {env} or {env}_FILE, or create {path} with `oriel-frame-host keys \
             init` (production mode never creates keys)",
            what = self.what,
            env = self.env,
            path = data_dir.join(self.file).display(),
        ))
    }
}

/// A KEK from `found`: 32 raw bytes, or 64 hex digits or base64 of 32 bytes (whitespace
/// around it ignored).
pub(crate) fn kek_bytes(found: &Found) -> Result<Zeroizing<[u8; 32]>> {
    let bad = || match &found.origin {
        Origin::File(path) => Error::KeyFile {
            path: path.clone(),
            reason: "expected exactly 32 bytes (raw, 64 hex digits or base64)".into(),
        },
        Origin::Env(name) => Error::KeyMissing(format!(
            "${name}: expected 32 bytes as 64 hex digits or base64"
        )),
    };
    let raw: &[u8] = &found.bytes;
    let decoded: Zeroizing<Vec<u8>> = if raw.len() == 32 && matches!(found.origin, Origin::File(_))
    {
        Zeroizing::new(raw.to_vec())
    } else {
        let text = std::str::from_utf8(raw).map_err(|_| bad())?.trim();
        let hex = (text.len() == 64)
            .then(|| {
                (0..32)
                    .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok())
                    .collect::<Option<Vec<u8>>>()
            })
            .flatten();
        Zeroizing::new(match hex {
            Some(bytes) => bytes,
            None => STANDARD.decode(text).map_err(|_| bad())?,
        })
    };
    let mut kek = Zeroizing::new([0u8; 32]);
    if decoded.len() != 32 {
        return Err(bad());
    }
    kek.copy_from_slice(&decoded);
    Ok(kek)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn env_of(pairs: &[(&str, String)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn the_variable_then_its_file_then_the_data_dir() {
        let dir = tempfile::tempdir().unwrap();
        let none = env_of(&[]);
        assert!(KEK.find(dir.path(), &none).unwrap().is_none());
        fs::write(dir.path().join("kek.bin"), [1u8; 32]).unwrap();
        let found = KEK.find(dir.path(), &none).unwrap().unwrap();
        assert_eq!(*kek_bytes(&found).unwrap(), [1; 32]);

        let secret = dir.path().join("secret");
        fs::write(&secret, format!("{}\n", "02".repeat(32))).unwrap();
        let env = env_of(&[("ORIEL_KEK_FILE", secret.display().to_string())]);
        let found = KEK.find(dir.path(), &env).unwrap().unwrap();
        assert_eq!(found.origin, Origin::File(secret.clone()));
        assert_eq!(*kek_bytes(&found).unwrap(), [2; 32]);

        let env = env_of(&[
            ("ORIEL_KEK_FILE", secret.display().to_string()),
            ("ORIEL_KEK", STANDARD.encode([3u8; 32])),
        ]);
        let found = KEK.find(dir.path(), &env).unwrap().unwrap();
        assert_eq!(found.origin, Origin::Env("ORIEL_KEK"));
        assert_eq!(*kek_bytes(&found).unwrap(), [3; 32]);
    }

    #[test]
    fn a_named_file_must_exist_and_a_bad_key_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let env = env_of(&[("ORIEL_KEK_FILE", "/nonexistent/kek".into())]);
        let e = KEK.find(dir.path(), &env).err().unwrap().to_string();
        assert!(e.contains("/nonexistent/kek"), "{e}");
        let env = env_of(&[("ORIEL_KEK", "short".into())]);
        let found = KEK.find(dir.path(), &env).unwrap().unwrap();
        let e = kek_bytes(&found).err().unwrap().to_string();
        assert!(e.contains("$ORIEL_KEK"), "{e}");
        let e = KEK.missing(dir.path()).to_string();
        assert!(
            e.contains("ORIEL_KEK_FILE") && e.contains("keys init"),
            "{e}"
        );
    }
}
