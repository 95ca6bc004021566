//! The operator's keys: the key-encryption key (KEK) and what derives from it ([`Keys`]),
//! and the keys that sign access tokens and sign-in tokens ([`JwtKeys`], `jwt`).
//!
//! `kek.bin` holds the 32-byte key-encryption key (KEK). From it come, by HKDF-SHA256 with
//! distinct `info` labels, each user's recovery key and the HMAC key that hashes one-time
//! codes. The files are created with mode 0600 on first start and never logged.

mod jwt;

use std::{
    fmt,
    fs::{self, File, OpenOptions},
    io::{self, Write},
    path::Path,
    sync::Arc,
};

use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use zeroize::Zeroizing;

pub(crate) use jwt::{audience, JwtKeys, Rejection, ACCESS_TTL_SECS};
pub use jwt::{JWT_KEY_FILE, SIWX_KEY_FILE};

use crate::{
    error::{Error, Result},
    secrets,
};

/// File name of the key-encryption key in the data dir.
pub const KEK_FILE: &str = "kek.bin";

const HKDF_SALT: &[u8] = b"oriel-frame-host v1";
const RECOVERY_INFO: &str = "oriel/recovery-key/v1:";
const OTP_INFO: &[u8] = b"oriel/otp-hmac/v1";
const NAME_GATEWAY_INFO: &str = "oriel/name-gateway-key/v1:";
const PARTNER_REF_INFO: &[u8] = b"oriel/onramp-partner-ref/v1";

/// Keys derived from the KEK. Cheap to clone.
#[derive(Clone)]
pub(crate) struct Keys {
    kek: Arc<Hkdf<Sha256>>,
    otp: Arc<Zeroizing<[u8; 32]>>,
}

impl fmt::Debug for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Keys { <redacted> }")
    }
}

impl Keys {
    /// Loads `{data_dir}/kek.bin`, creating it (0600, 32 random bytes) if missing.
    pub(crate) fn load(data_dir: &Path) -> Result<Self> {
        let path = data_dir.join(KEK_FILE);
        let bytes = read_or_create(&path, || Ok(secrets::random::<32>()?.to_vec()))?;
        let kek: Zeroizing<[u8; 32]> =
            Zeroizing::new(bytes.as_slice().try_into().map_err(|_| Error::KeyFile {
                path: path.clone(),
                reason: "expected exactly 32 bytes".into(),
            })?);
        Ok(Self::from_kek(&kek))
    }

    pub(crate) fn from_kek(kek: &[u8; 32]) -> Self {
        let kek = Hkdf::<Sha256>::new(Some(HKDF_SALT), kek);
        let mut otp = Zeroizing::new([0u8; 32]);
        kek.expand(OTP_INFO, otp.as_mut())
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        Self {
            kek: Arc::new(kek),
            otp: Arc::new(otp),
        }
    }

    /// The recovery key of `user_id`: HKDF-SHA256 over the user id under the KEK.
    pub(crate) fn recovery_key(&self, user_id: &str) -> Zeroizing<[u8; 32]> {
        let mut key = Zeroizing::new([0u8; 32]);
        let info = format!("{RECOVERY_INFO}{user_id}");
        self.kek
            .expand(info.as_bytes(), key.as_mut())
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        key
    }

    /// The secret of the name gateway's secp256k1 signing key (`names::gateway`): the first
    /// HKDF-SHA256 output under the KEK, for counters 0, 1, …, that `accept` takes (a valid
    /// scalar; all but a 2^-127 share of outputs are). Every instance sharing `kek.bin` signs
    /// with the same key, so the on-chain resolver trusts one address.
    pub(crate) fn name_gateway_secret(
        &self,
        accept: impl Fn(&[u8; 32]) -> bool,
    ) -> Zeroizing<[u8; 32]> {
        let mut key = Zeroizing::new([0u8; 32]);
        for counter in 0u32.. {
            let info = format!("{NAME_GATEWAY_INFO}{counter}");
            self.kek
                .expand(info.as_bytes(), key.as_mut())
                .expect("32 bytes is a valid HKDF-SHA256 output length");
            if accept(&key) {
                break;
            }
        }
        key
    }

    /// The on-ramp provider's reference of a buyer (its `partnerUserId`): 40 hex digits of
    /// HMAC-SHA256 under a KEK-derived key over the project and the dapp's id of the buyer
    /// (an address), so the provider can group a buyer's purchases without learning who
    /// they are in the dapp, and every instance sharing `kek.bin` agrees.
    pub(crate) fn partner_ref(&self, project_id: &str, partner_user_id: &str) -> String {
        let mut key = Zeroizing::new([0u8; 32]);
        self.kek
            .expand(PARTNER_REF_INFO, key.as_mut())
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_ref())
            .expect("HMAC takes keys of any length");
        mac.update(&(project_id.len() as u64).to_be_bytes());
        mac.update(project_id.as_bytes());
        mac.update(partner_user_id.as_bytes());
        let digest = mac.finalize().into_bytes();
        digest[..20].iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The stored form of a one-time code: HMAC-SHA256 under a KEK-derived key over the
    /// salt and the code, so a database dump alone does not reveal codes.
    pub(crate) fn code_hash(&self, salt: &[u8], code: &str) -> Vec<u8> {
        self.code_mac(salt, code).finalize().into_bytes().to_vec()
    }

    /// Whether `code` matches `hash` (as [`Keys::code_hash`] made it), in constant time.
    pub(crate) fn code_matches(&self, salt: &[u8], code: &str, hash: &[u8]) -> bool {
        self.code_mac(salt, code).verify_slice(hash).is_ok()
    }

    /// The token of a form frame-host serves (CSRF, issue 38 H-1): HMAC-SHA256 under the
    /// codes' key over a random `nonce` and what the form acts on, `bound_to` (prefixed, so it
    /// is never the hash of a code).
    pub(crate) fn form_token(&self, nonce: &[u8], bound_to: &str) -> Vec<u8> {
        self.code_hash(nonce, &format!("form:{bound_to}"))
    }

    /// Whether `token` is [`Keys::form_token`]'s for `nonce` and `bound_to`, in constant time.
    pub(crate) fn form_token_matches(&self, nonce: &[u8], bound_to: &str, token: &[u8]) -> bool {
        self.code_matches(nonce, &format!("form:{bound_to}"), token)
    }

    fn code_mac(&self, salt: &[u8], code: &str) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(self.otp.as_slice())
            .expect("HMAC takes keys of any length");
        mac.update(&(salt.len() as u64).to_be_bytes());
        mac.update(salt);
        mac.update(code.as_bytes());
        mac
    }
}

/// Reads the key file at `path`, or creates it with `make()`'s bytes and mode 0600.
///
/// Creation is atomic: the bytes go to a temporary file that is then hard-linked into place,
/// so two instances starting at once agree on one key and nobody reads a half-written file.
pub(crate) fn read_or_create(
    path: &Path,
    make: impl FnOnce() -> Result<Vec<u8>>,
) -> Result<Zeroizing<Vec<u8>>> {
    let err = |source: io::Error| Error::KeyFileIo {
        path: path.to_path_buf(),
        source,
    };
    match fs::read(path) {
        Ok(bytes) => {
            warn_if_readable_by_others(path);
            return Ok(Zeroizing::new(bytes));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(err(e)),
    }
    let bytes = Zeroizing::new(make()?);
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let _ = fs::remove_file(&tmp);
    let mut file = create_private(&tmp).map_err(err)?;
    file.write_all(&bytes)
        .and_then(|()| file.sync_all())
        .map_err(err)?;
    drop(file);
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => {
            if let Some(dir) = path.parent().and_then(|d| File::open(d).ok()) {
                let _ = dir.sync_all();
            }
            tracing::info!(path = %path.display(), "created key file");
            Ok(bytes)
        }
        // Another instance created it first: use theirs.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            fs::read(path).map(Zeroizing::new).map_err(err)
        }
        Err(e) => Err(err(e)),
    }
}

fn create_private(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

fn warn_if_readable_by_others(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Ok(meta) = fs::metadata(path) {
            if meta.permissions().mode() & 0o077 != 0 {
                tracing::warn!(path = %path.display(), "key file is readable by group or others: chmod 600 it");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partner_refs_are_per_project_and_kek() {
        let a = Keys::from_kek(&[1; 32]);
        let r = a.partner_ref("demo", "0xabc");
        assert_eq!(r.len(), 40);
        assert!(r.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(r, a.partner_ref("demo", "0xabc"));
        assert_ne!(r, a.partner_ref("shop", "0xabc"));
        assert_ne!(r, a.partner_ref("dem", "o0xabc"));
        assert_ne!(r, Keys::from_kek(&[2; 32]).partner_ref("demo", "0xabc"));
    }

    #[test]
    fn kek_is_created_once_with_mode_0600() {
        let dir = tempfile::tempdir().unwrap();
        let a = Keys::load(dir.path()).unwrap();
        let b = Keys::load(dir.path()).unwrap();
        assert_eq!(
            *a.recovery_key("u1"),
            *b.recovery_key("u1"),
            "same file, same keys"
        );
        let bytes = fs::read(dir.path().join(KEK_FILE)).unwrap();
        assert_eq!(bytes.len(), 32);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(KEK_FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file left behind");
    }

    #[test]
    fn recovery_keys_differ_per_user_and_per_kek() {
        let k1 = Keys::from_kek(&[1; 32]);
        let k2 = Keys::from_kek(&[2; 32]);
        assert_ne!(*k1.recovery_key("a"), *k1.recovery_key("b"));
        assert_ne!(*k1.recovery_key("a"), *k2.recovery_key("a"));
        assert_eq!(
            *k1.recovery_key("a"),
            *Keys::from_kek(&[1; 32]).recovery_key("a")
        );
    }

    #[test]
    fn the_name_gateway_secret_comes_from_the_kek() {
        let k1 = Keys::from_kek(&[1; 32]);
        let a = k1.name_gateway_secret(|_| true);
        assert_eq!(*a, *Keys::from_kek(&[1; 32]).name_gateway_secret(|_| true));
        assert_ne!(*a, *Keys::from_kek(&[2; 32]).name_gateway_secret(|_| true));
        assert_ne!(*a, *k1.recovery_key(""), "its own label");
        let first = *a;
        let next = k1.name_gateway_secret(|key| *key != first);
        assert_ne!(*next, first, "a refused output is skipped");
    }

    #[test]
    fn code_hashes_check_salt_and_code() {
        let k = Keys::from_kek(&[7; 32]);
        let hash = k.code_hash(b"salt", "123456");
        assert!(k.code_matches(b"salt", "123456", &hash));
        assert!(!k.code_matches(b"salt", "123457", &hash));
        assert!(!k.code_matches(b"other", "123456", &hash));
        assert!(!k.code_matches(b"salt", "123456", &hash[..31]));
    }

    #[test]
    fn a_bad_kek_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(KEK_FILE), b"short").unwrap();
        let e = Keys::load(dir.path()).unwrap_err().to_string();
        assert!(e.contains("expected exactly 32 bytes"), "{e}");
    }
}
