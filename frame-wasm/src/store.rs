//! What the frame keeps in its own origin's storage: this device's id and secret, and the
//! session. Never the seed or a private key.
//!
//! Browsers partition that storage per top-level site, except once the Storage Access API
//! granted the frame its unpartitioned storage, which the frames of every site then share (and
//! into which a page's in-memory records move, `web::request_storage_access`). So the device
//! and the session it binds are kept per site (issue 38, I-1): under the embedding page's
//! origin as the browser reported it when the channel opened (`Cx::site`), so one site's flow
//! never reads or overwrites another site's records, and each site has its own device id.

use serde::{Deserialize, Serialize};

use crate::env::Env;

const DEVICE_KEY: &str = "oriel/device";

/// This browser partition's identity. The secret never leaves the frame.
#[derive(Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DeviceRecord {
    /// Public id, sent to frame-host.
    pub(crate) device_id: String,
    /// Half of the device wrap's key material (hex).
    secret: String,
}

impl DeviceRecord {
    /// The secret's bytes.
    pub(crate) fn secret(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = u8::from_str_radix(self.secret.get(2 * i..2 * i + 2).unwrap_or("00"), 16)
                .unwrap_or(0);
        }
        out
    }
}

impl std::fmt::Debug for DeviceRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceRecord")
            .field("device_id", &self.device_id)
            .finish_non_exhaustive()
    }
}

/// A logged-in session.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SessionRecord {
    /// The JWT for frame-host.
    pub(crate) access_token: String,
    /// When `access_token` expires (ms since the epoch).
    pub(crate) access_expires_at: u64,
    /// The device-bound refresh token.
    pub(crate) refresh_token: String,
    /// frame-host's user id.
    pub(crate) user_id: String,
    /// The login email; empty for a user who came in by a social login without one.
    pub(crate) email: String,
    /// The provider's username, after a social login.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) user_name: Option<String>,
}

/// This device on `site`, created on first use.
pub(crate) fn device(env: &impl Env, site: &str) -> Result<DeviceRecord, getrandom::Error> {
    let key = format!("{DEVICE_KEY}/{site}");
    if let Some(record) = env.load(&key).and_then(|s| serde_json::from_str(&s).ok()) {
        return Ok(record);
    }
    let mut id = [0u8; 16];
    let mut secret = [0u8; 32];
    getrandom::getrandom(&mut id)?;
    getrandom::getrandom(&mut secret)?;
    let record = DeviceRecord {
        device_id: hex(&id),
        secret: hex(&secret),
    };
    env.save(&key, &serde_json::to_string(&record).unwrap_or_default());
    Ok(record)
}

/// The stored session of `project_id` on `site`, if any.
pub(crate) fn session(env: &impl Env, project_id: &str, site: &str) -> Option<SessionRecord> {
    env.load(&session_key(project_id, site))
        .and_then(|s| serde_json::from_str(&s).ok())
}

/// Stores the session of `project_id` on `site`.
pub(crate) fn save_session(env: &impl Env, project_id: &str, site: &str, session: &SessionRecord) {
    env.save(
        &session_key(project_id, site),
        &serde_json::to_string(session).unwrap_or_default(),
    );
}

/// Changes the login email of the stored session of `project_id` on `site`; `false` when there
/// is none.
pub(crate) fn set_session_email(env: &impl Env, project_id: &str, site: &str, email: &str) -> bool {
    match session(env, project_id, site) {
        Some(mut record) => {
            record.email = email.into();
            save_session(env, project_id, site, &record);
            true
        }
        None => false,
    }
}

/// Forgets the session of `project_id` on `site` (the device stays).
pub(crate) fn clear_session(env: &impl Env, project_id: &str, site: &str) {
    env.delete(&session_key(project_id, site));
}

/// A session is bound to its site's device, so it is kept per site too.
fn session_key(project_id: &str, site: &str) -> String {
    format!("oriel/session/{project_id}/{site}")
}

/// The Farcaster account a user of `project_id` logged in with: its name and avatar, shown
/// with the user until the session ends. Stored as `{userId, userName, avatar}`, written and
/// read by hand (serde's derive costs the wasm more).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FarcasterProfile {
    /// frame-host's user id of the login.
    pub(crate) user_id: String,
    /// The username (or `!{fid}`).
    pub(crate) user_name: String,
    /// The profile picture URL.
    pub(crate) avatar: Option<String>,
}

/// The Farcaster account of `user_id`'s login in `project_id`, if it logged in with one.
pub(crate) fn farcaster_profile(
    env: &impl Env,
    project_id: &str,
    user_id: &str,
) -> Option<FarcasterProfile> {
    let stored: serde_json::Value =
        serde_json::from_str(&env.load(&farcaster_key(project_id))?).ok()?;
    let text = |key: &str| stored[key].as_str().map(str::to_owned);
    let profile = FarcasterProfile {
        user_id: text("userId")?,
        user_name: text("userName")?,
        avatar: text("avatar"),
    };
    (profile.user_id == user_id).then_some(profile)
}

/// Keeps the Farcaster account of the login in `project_id`.
pub(crate) fn save_farcaster_profile(env: &impl Env, project_id: &str, profile: &FarcasterProfile) {
    let stored = serde_json::json!({
        "userId": profile.user_id,
        "userName": profile.user_name,
        "avatar": profile.avatar,
    });
    env.save(&farcaster_key(project_id), &stored.to_string());
}

/// Forgets the Farcaster account of `project_id`'s login.
pub(crate) fn clear_farcaster_profile(env: &impl Env, project_id: &str) {
    env.delete(&farcaster_key(project_id));
}

fn farcaster_key(project_id: &str) -> String {
    format!("oriel/farcaster/{project_id}")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
