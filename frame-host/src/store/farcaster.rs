//! The Farcaster relay's channels (`farcaster_channels`, migration 0012) and the login that
//! redeems one. Every change is one conditional statement (or one transaction), so two
//! clients racing on a channel cannot both complete or redeem it.

use sqlx::Row;

use super::{flag, Store};
use crate::error::Result;

/// The provider name of Farcaster accounts in `social_identities` (their subject is the fid).
pub(crate) const FARCASTER_PROVIDER: &str = "farcaster";

/// A relay channel as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Channel {
    /// SHA-256 of the channel token.
    pub(crate) token_hash: String,
    /// The message's nonce.
    pub(crate) nonce: String,
    /// The message's domain.
    pub(crate) domain: String,
    /// The message's `URI`.
    pub(crate) siwe_uri: String,
    /// `Not Before`, as the app gave it.
    pub(crate) not_before: Option<String>,
    /// `Expiration Time`, as the app gave it.
    pub(crate) expiration_time: Option<String>,
    /// `Request ID`.
    pub(crate) request_id: Option<String>,
    /// Where the client may send the user back to.
    pub(crate) redirect_url: Option<String>,
    /// As the app asked.
    pub(crate) accept_auth_address: bool,
    /// The client address that created the channel.
    pub(crate) ip: String,
    /// Its `User-Agent`.
    pub(crate) user_agent: String,
    /// The checked message, once a Farcaster client posted it.
    pub(crate) completion: Option<Completion>,
    /// The frame's login the channel was made for, if any.
    pub(crate) login: Option<ChannelLogin>,
    /// When that login opened its session (Unix ms).
    pub(crate) redeemed_at: Option<i64>,
    /// Unix ms.
    pub(crate) created_at: i64,
    /// Unix ms: the channel is gone from then on.
    pub(crate) expires_at: i64,
}

/// What a completed channel holds: the message that passed the checks and the profile that
/// came with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Completion {
    /// The FIP-11 message.
    pub(crate) message: String,
    /// Its signature (`0x` and 130 hex digits).
    pub(crate) signature: String,
    /// The account.
    pub(crate) fid: u64,
    /// The profile the Farcaster client gave.
    pub(crate) username: Option<String>,
    pub(crate) display_name: Option<String>,
    pub(crate) bio: Option<String>,
    pub(crate) pfp_url: Option<String>,
    /// The custody address that signed (checksummed).
    pub(crate) custody: String,
}

/// The frame's login a channel belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ChannelLogin {
    pub(crate) project_id: String,
    pub(crate) device_id: String,
    /// S256 of the frame's verifier.
    pub(crate) challenge: String,
}

const COLUMNS: &str = "token_hash, nonce, domain, siwe_uri, not_before, expiration_time, \
     request_id, redirect_url, accept_auth_address, ip, user_agent, state, message, signature, \
     fid, username, display_name, bio, pfp_url, custody, project_id, device_id, challenge, \
     redeemed_at, created_at, expires_at";

fn channel_from(row: sqlx::any::AnyRow) -> Result<Channel> {
    let state: String = row.try_get("state")?;
    let completion = match state.as_str() {
        "completed" => Some(Completion {
            message: row
                .try_get::<Option<String>, _>("message")?
                .unwrap_or_default(),
            signature: row
                .try_get::<Option<String>, _>("signature")?
                .unwrap_or_default(),
            fid: row
                .try_get::<Option<i64>, _>("fid")?
                .and_then(|f| u64::try_from(f).ok())
                .unwrap_or_default(),
            username: row.try_get("username")?,
            display_name: row.try_get("display_name")?,
            bio: row.try_get("bio")?,
            pfp_url: row.try_get("pfp_url")?,
            custody: row
                .try_get::<Option<String>, _>("custody")?
                .unwrap_or_default(),
        }),
        _ => None,
    };
    let project_id: Option<String> = row.try_get("project_id")?;
    let login = match project_id {
        Some(project_id) => Some(ChannelLogin {
            project_id,
            device_id: row
                .try_get::<Option<String>, _>("device_id")?
                .unwrap_or_default(),
            challenge: row
                .try_get::<Option<String>, _>("challenge")?
                .unwrap_or_default(),
        }),
        None => None,
    };
    Ok(Channel {
        token_hash: row.try_get("token_hash")?,
        nonce: row.try_get("nonce")?,
        domain: row.try_get("domain")?,
        siwe_uri: row.try_get("siwe_uri")?,
        not_before: row.try_get("not_before")?,
        expiration_time: row.try_get("expiration_time")?,
        request_id: row.try_get("request_id")?,
        redirect_url: row.try_get("redirect_url")?,
        accept_auth_address: flag(row.try_get("accept_auth_address")?),
        ip: row.try_get("ip")?,
        user_agent: row.try_get("user_agent")?,
        completion,
        login,
        redeemed_at: row.try_get("redeemed_at")?,
        created_at: row.try_get("created_at")?,
        expires_at: row.try_get("expires_at")?,
    })
}

impl Store {
    /// Stores a new, pending channel.
    pub(crate) async fn insert_channel(&self, channel: &Channel) -> Result<()> {
        let _turn = self.write_turn().await?;
        let login = channel.login.as_ref();
        sqlx::query(
            "INSERT INTO farcaster_channels (token_hash, nonce, domain, siwe_uri, not_before, \
             expiration_time, request_id, redirect_url, accept_auth_address, ip, user_agent, \
             state, project_id, device_id, challenge, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13, $14, $15, $16)",
        )
        .bind(&channel.token_hash)
        .bind(&channel.nonce)
        .bind(&channel.domain)
        .bind(&channel.siwe_uri)
        .bind(channel.not_before.as_deref())
        .bind(channel.expiration_time.as_deref())
        .bind(channel.request_id.as_deref())
        .bind(channel.redirect_url.as_deref())
        .bind(i64::from(channel.accept_auth_address))
        .bind(&channel.ip)
        .bind(&channel.user_agent)
        .bind(login.map(|l| l.project_id.as_str()))
        .bind(login.map(|l| l.device_id.as_str()))
        .bind(login.map(|l| l.challenge.as_str()))
        .bind(channel.created_at)
        .bind(channel.expires_at)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The channel whose token hashes to `token_hash`, if it has not expired by `now`.
    pub(crate) async fn channel(&self, token_hash: &str, now: i64) -> Result<Option<Channel>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM farcaster_channels WHERE token_hash = $1 AND expires_at > $2"
        );
        let row = sqlx::query(&sql)
            .bind(token_hash)
            .bind(now)
            .fetch_optional(self.pool())
            .await?;
        row.map(channel_from).transpose()
    }

    /// Completes a pending channel that has not expired by `now`; false if it was not
    /// pending (another client completed it first) or has expired.
    pub(crate) async fn complete_channel(
        &self,
        token_hash: &str,
        completion: &Completion,
        now: i64,
    ) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let fid = i64::try_from(completion.fid).map_err(|_| sqlx::Error::RowNotFound)?;
        let done = sqlx::query(
            "UPDATE farcaster_channels SET state = 'completed', message = $2, signature = $3, \
             fid = $4, username = $5, display_name = $6, bio = $7, pfp_url = $8, custody = $9 \
             WHERE token_hash = $1 AND state = 'pending' AND expires_at > $10",
        )
        .bind(token_hash)
        .bind(&completion.message)
        .bind(&completion.signature)
        .bind(fid)
        .bind(completion.username.as_deref())
        .bind(completion.display_name.as_deref())
        .bind(completion.bio.as_deref())
        .bind(completion.pfp_url.as_deref())
        .bind(&completion.custody)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Closes a completed channel that no login waits for (its status was read, as Farcaster's
    /// relay does).
    pub(crate) async fn close_channel(&self, token_hash: &str) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "DELETE FROM farcaster_channels WHERE token_hash = $1 AND state = 'completed' \
             AND project_id IS NULL",
        )
        .bind(token_hash)
        .execute(self.pool())
        .await?;
        Ok(())
    }
}
